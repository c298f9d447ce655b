//! The table's header, one for every game: whose turn it is with the live clock and Next; under
//! them the round and turn, the start player, the marks, and the tools. Every button sends an
//! [`Intent`], the same message its key sends, carried out by the app whichever engine plays:
//! a game that lacks a part (Table time, say) leaves its place empty; nothing moves.

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, text};
use iced::{Alignment, Element, Length};

use super::Context;
use super::glance::GlanceWords;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::session::Game;
use crate::session::glance::{Glance, Stage, turn_of};
use crate::vocabulary::{Player, Seat};

/// What the table asks of the game on it, from the header's buttons and from the keys alike:
/// one message, carried out in one place ([`crate::gui::App`]'s update), whichever engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// End the turn (Space).
    Next,
    /// Pause, or resume (P).
    TogglePause,
    /// Table time on or off.
    TableTime,
    /// A phase every player plays at once: begun, or ended.
    Together,
    /// A player without a phone is ready in the phase played at once.
    Ready(Seat),
    /// Ctrl+Z.
    Undo,
    /// Ctrl+Shift+Z.
    Redo,
    /// The score sheet, or back to the table from it.
    Sheet,
    /// The table view (T).
    TableView,
    /// The Phones panel.
    Phones,
    Home,
}

/// The header of the game on the table; `sheet_shown`: the sheet is under it (the Sheet button
/// then leads back to the table).
pub fn view<'a>(game: &dyn Game, sheet_shown: bool, context: &Context<'a>) -> Element<'a, Intent> {
    let glance = game.glance(context.now);
    let words = GlanceWords::from_glance(&glance, context);
    // Between turns the header keeps the start player's name and colour: who plays next.
    let starter = glance.parent.and_then(|seat| glance.players.get(seat));
    let colour = (words.colour)
        .or(starter.map(|p| style::marker(p.colour)))
        .unwrap_or(iced::Color::TRANSPARENT);
    // Before the first turn (its start undone) nobody's turn is under way: the start player
    // begins, once the start is redone.
    let not_started = glance.stage == Stage::NotStarted;
    let who = (words.who.clone())
        .or_else(|| {
            starter.map(|p| {
                if not_started {
                    Text::new("table.begins")
                        .arg("player", p.name.as_str())
                        .render(context.locale)
                } else {
                    turn_of(context.locale, p.name.as_str())
                }
            })
        })
        .unwrap_or_default();
    let headline = context.headline();
    let who = row![
        text(who)
            .size(headline)
            .font(style::BOLD)
            // A name is never broken across lines ("Benの手番" stays whole).
            .wrapping(Wrapping::None)
            .color(colour),
    ]
    .push(words.side.clone().map(|side| text(side).size(style::TEXT)))
    .spacing(style::SPACING)
    .align_y(Alignment::Center);
    let clock = text(words.clock_text())
        .size(headline)
        .font(style::BOLD)
        .wrapping(Wrapping::None)
        .color_maybe(words.over_target.then_some(style::WARNING));
    let next = button(
        text(context.tr("table.next"))
            .size(style::TITLE)
            .font(style::BOLD)
            .wrapping(Wrapping::None),
    )
    .padding(style::HEADER_PADDING)
    .style(button::primary)
    .on_press_maybe(words.playing.then_some(Intent::Next));
    let tools = tools(game, &glance, &words, sheet_shown, context);
    // A wide window (a laptop) keeps the round and turn and the start player on the first line,
    // between whose turn and the clock, and the tools on one line under it. A narrow one gives
    // whose turn, the clock and Next the first line to themselves, and wraps the facts and the
    // tools under it, a button at a time: the header never loses whose turn it is.
    let band = if context.narrow() {
        column![
            row![container(who).width(Length::Fill).clip(true), clock, next]
                .spacing(style::SPACING * 2.0)
                .align_y(Alignment::Center),
            row![facts_in_a_row(&words), marks(&words), tools]
                .spacing(style::SPACING)
                .align_y(Alignment::Center)
                .wrap()
                .vertical_spacing(style::space::ITEM),
        ]
    } else {
        column![
            row![
                container(who).width(Length::Fill).clip(true),
                facts_in_a_column(&words),
                clock,
                next
            ]
            .spacing(style::SPACING * 2.0)
            .align_y(Alignment::Center),
            row![tools, marks(&words)]
                .spacing(style::SPACING)
                .align_y(Alignment::Center)
                .wrap()
                .vertical_spacing(style::space::ITEM),
        ]
    }
    .spacing(style::space::ITEM);
    widgets::panel_marked(band, colour).into()
}

/// "Round 1 Turn 1 / 3" in bold.
fn round_and_turn<'a>(words: &GlanceWords, size: f32) -> Element<'a, Intent> {
    let fact = |line: String| {
        text(line)
            .size(size)
            .font(style::BOLD)
            .wrapping(Wrapping::None)
    };
    row![fact(words.round.clone()), fact(words.turn.clone())]
        .spacing(style::space::ITEM)
        .into()
}

/// The round and turn over the start player, beside the clock.
fn facts_in_a_column<'a>(words: &GlanceWords) -> Element<'a, Intent> {
    column![round_and_turn(words, style::TITLE)]
        .push(
            (words.parent.clone())
                .map(|parent| text(parent).size(style::TEXT).wrapping(Wrapping::None)),
        )
        .into()
}

/// The round and turn, then the start player, in a line.
fn facts_in_a_row<'a>(words: &GlanceWords) -> Element<'a, Intent> {
    row![round_and_turn(words, style::TITLE)]
        .push((words.parent.clone()).map(|parent| text(parent).size(style::TEXT)))
        .spacing(style::SPACING)
        .align_y(Alignment::Center)
        .into()
}

/// Paused, the last turn, past the target, and counting down the clock mode in words: in the
/// band's own line, so the screen below never moves when they come or go.
fn marks<'a>(words: &GlanceWords) -> Element<'a, Intent> {
    row![
        text(words.marks.clone())
            .size(style::TEXT)
            .font(style::BOLD)
            .color(style::WARNING)
    ]
    .push(words.mode.clone().map(|mode| text(mode).size(style::TEXT)))
    .spacing(style::SPACING)
    .align_y(Alignment::Center)
    .into()
}

/// Pause, Table time, Everyone at once, Undo, Redo, the sheet, the table view, the phones,
/// Home: in this order in every game.
fn tools<'a>(
    game: &dyn Game,
    glance: &Glance,
    words: &GlanceWords,
    sheet_shown: bool,
    context: &Context<'a>,
) -> Element<'a, Intent> {
    let l = context.locale;
    let plain = |key: &str, intent: Intent| {
        Element::from(widgets::action(l.tr(key), Some(intent)).style(style::plain))
    };
    let pause = switch(
        words.paused,
        ["table.pause", "table.resume"],
        game.running(),
        Intent::TogglePause,
        context,
    );
    let table_time = switch(
        glance.table_time,
        ["table.table_time", "table.table_time_end"],
        words.playing,
        Intent::TableTime,
        context,
    );
    let together = together(
        &glance.players,
        glance.together.as_deref(),
        words.playing,
        context,
    );
    let [undo, redo] = widgets::undo_redo(
        l,
        game.can_undo().then_some(Intent::Undo),
        game.can_redo().then_some(Intent::Redo),
    );
    let sheet = plain(
        if sheet_shown {
            "sheet.back"
        } else {
            "table.sheet"
        },
        Intent::Sheet,
    );
    row![
        pause,
        table_time,
        together,
        undo,
        redo,
        sheet,
        plain("glance.enter", Intent::TableView),
        plain("phones.button", Intent::Phones),
        plain("table.home", Intent::Home),
    ]
    .spacing(style::space::CLOSE)
    .wrap()
    .vertical_spacing(style::space::ITEM)
    .into()
}

/// A tool that is on or off: while on (Resume, End table time), marked and always ready to
/// turn off; while off, plain and ready to turn on only when `can_start` (a turn under way).
/// `keys`: the label off, then on.
fn switch<'a>(
    on: bool,
    [off_key, on_key]: [&str; 2],
    can_start: bool,
    intent: Intent,
    context: &Context<'a>,
) -> Element<'a, Intent> {
    let l = context.locale;
    if on {
        widgets::action(l.tr(on_key), Some(intent))
            .style(button::success)
            .into()
    } else {
        widgets::action(l.tr(off_key), can_start.then_some(intent))
            .style(style::plain)
            .into()
    }
}

/// A phase every player plays at once: the button that begins it (or ends it), and while it
/// runs (`ready`: who is, see [`crate::kit::clock::Clock::ready_now`]) a button per player not
/// ready yet, for a player without a phone.
fn together<'a>(
    players: &[Player],
    ready: Option<&[bool]>,
    in_turn: bool,
    context: &Context<'a>,
) -> Element<'a, Intent> {
    let l = context.locale;
    let keys = ["table.together", "table.together_end"];
    let toggle = switch(ready.is_some(), keys, in_turn, Intent::Together, context);
    let Some(ready) = ready else {
        return toggle;
    };
    let mut line = row![toggle].spacing(style::space::CLOSE);
    let waiting = (players.iter().zip(ready).enumerate()).filter(|(_, (_, ready))| !**ready);
    for (seat, (player, _)) in waiting {
        let label = Text::new("table.together_ready").arg("player", &player.name);
        line = line
            .push(widgets::action(label.render(l), Some(Intent::Ready(seat))).style(style::plain));
    }
    line.wrap().vertical_spacing(style::space::CLOSE).into()
}

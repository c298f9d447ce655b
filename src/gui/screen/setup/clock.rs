//! The setup's clock panel: the kind of clock (count up, a time bank, a sand timer) and what
//! that kind needs, drawn over the setup's clock (`crate::setup::clock`).

use iced::Element;
use iced::widget::{column, row, text};

use super::{Message, Setup};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::kit::timer::{ClockMode, Extra};
use crate::setup::clock::{ClockMessage, Kind, MINUTE, SECOND};

/// The clock panel: the kind, then what that kind needs (counting up: the turn-time
/// target, kept in the settings).
pub(super) fn clock_panel<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let kind = match setup.clock {
        ClockMode::CountUp => Kind::CountUp,
        ClockMode::Bank { .. } => Kind::Bank,
        ClockMode::Sand { .. } => Kind::Sand,
    };
    let pick = |label: &str, this: Kind| {
        widgets::choice(
            l.tr(label),
            kind == this,
            Message::Clock(ClockMessage::Kind(this)),
        )
    };
    let kinds = row![
        pick("setup.clock_count_up", Kind::CountUp),
        pick("setup.clock_bank", Kind::Bank),
        pick("setup.clock_sand", Kind::Sand),
    ]
    .spacing(style::space::CLOSE)
    .wrap();
    let body: Element<'a, Message> = match &setup.clock {
        ClockMode::CountUp => target_choices(context),
        ClockMode::Bank { bank_ms, extra, .. } => column![
            bank_choices(*bank_ms, *extra, context),
            handicaps(setup, context)
        ]
        .spacing(style::space::CLOSE)
        .into(),
        ClockMode::Sand { turn_ms, ends_turn } => sand_choices(*turn_ms, *ends_turn, context),
    };
    // The title and the kinds share a line: the panel is no taller than the turn-time
    // target's was, so setup's first screen still shows it whole.
    let head = row![widgets::title(l.tr("setup.clock")), kinds]
        .spacing(style::SPACING)
        .align_y(iced::Alignment::Center);
    widgets::panel(column![head, body].spacing(style::space::ITEM)).into()
}

/// Each player's handicap on one wrapping line: "Aki − +2 min +", "Ben − 0 +".
fn handicaps<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut line = row![text(l.tr("setup.handicap")).size(style::SMALL)]
        .spacing(style::space::CLOSE)
        .align_y(iced::Alignment::Center);
    for (seat, player) in setup.players.iter().enumerate() {
        let name = match player.name.trim() {
            "" => Text::new("setup.player_n").arg("n", seat + 1).render(l),
            name => name.to_string(),
        };
        let figure = match player.handicap_min {
            0 => "0".to_string(),
            m => format!("{m:+} {}", l.tr("setup.minutes_short")),
        };
        let step = |by: i64| Message::Clock(ClockMessage::Handicap(seat, player.handicap_min + by));
        line = line.push(
            row![
                text(name).size(style::SMALL),
                iced::widget::container(widgets::action("−", Some(step(-1))).style(style::plain))
                    .id(format!("handicap-minus-{seat}")),
                text(figure).size(style::SMALL),
                iced::widget::container(widgets::action("+", Some(step(1))).style(style::plain))
                    .id(format!("handicap-plus-{seat}")),
            ]
            .spacing(style::space::TIGHT)
            .align_y(iced::Alignment::Center),
        );
    }
    line.wrap().vertical_spacing(style::space::CLOSE).into()
}

fn minutes(minutes: i64, context: &Context) -> String {
    Text::new("setup.target_minutes")
        .arg("minutes", minutes)
        .render(context.locale)
}

fn bank_choices<'a>(bank_ms: i64, extra: Extra, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut sizes = row![].spacing(style::space::CLOSE);
    for m in [10, 20, 30, 45, 60] {
        sizes = sizes.push(widgets::choice(
            minutes(m, context),
            bank_ms == m * MINUTE,
            Message::Clock(ClockMessage::BankMinutes(m)),
        ));
    }
    let mut extras = row![].spacing(style::space::CLOSE);
    let offered = [
        Extra::None,
        Extra::Increment { ms: 5 * SECOND },
        Extra::Increment { ms: 10 * SECOND },
        Extra::Increment { ms: 30 * SECOND },
        Extra::Delay { ms: 5 * SECOND },
        Extra::Delay { ms: 10 * SECOND },
    ];
    for choice in offered {
        extras = extras.push(widgets::choice(
            choice.words().render(l),
            extra == choice,
            Message::Clock(ClockMessage::Extra(choice)),
        ));
    }
    column![
        text(l.tr("setup.bank_size")).size(style::SMALL),
        sizes.wrap().vertical_spacing(style::space::CLOSE),
        text(l.tr("setup.per_turn")).size(style::SMALL),
        extras.wrap().vertical_spacing(style::space::CLOSE),
        text(l.tr("setup.bank_help")).size(style::SMALL),
    ]
    .spacing(style::space::CLOSE)
    .into()
}

fn sand_choices<'a>(turn_ms: i64, ends_turn: bool, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut lengths = row![].spacing(style::space::CLOSE);
    for secs in [30, 60, 90, 120, 180] {
        lengths = lengths.push(widgets::choice(
            Text::new("setup.seconds").arg("secs", secs).render(l),
            turn_ms == secs * SECOND,
            Message::Clock(ClockMessage::SandSeconds(secs)),
        ));
    }
    column![
        text(l.tr("setup.sand_length")).size(style::SMALL),
        lengths.wrap().vertical_spacing(style::space::CLOSE),
        widgets::switch(l.tr("setup.sand_ends"), ends_turn, |on| {
            Message::Clock(ClockMessage::SandEnds(on))
        }),
    ]
    .spacing(style::space::CLOSE)
    .into()
}

/// Counting up: the turn-time target, chosen with a tap: past it the clock turns orange and
/// the header says so, and, if the table turns it on, a chime sounds. The same settings as in
/// Settings, so the next game starts with them.
fn target_choices<'a>(context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let chosen = context.settings.turn_target_secs;
    let mut choices = row![text(l.tr("setup.target")).size(style::SMALL)]
        .spacing(style::space::CLOSE)
        .align_y(iced::Alignment::Center);
    for secs in [None, Some(60), Some(120), Some(180), Some(300)] {
        let label = match secs {
            None => l.tr("setup.target_none"),
            Some(secs) => Text::new("setup.target_minutes")
                .arg("minutes", secs / 60)
                .render(l),
        };
        choices = choices.push(widgets::choice(
            label,
            chosen == secs,
            Message::TurnTarget(secs),
        ));
    }
    column![choices.wrap().vertical_spacing(style::space::CLOSE)]
        // Offered once there is a target to chime at.
        .push(chosen.is_some().then(|| {
            widgets::switch(
                l.tr("setup.target_sound"),
                context.settings.turn_sound,
                Message::TurnSound,
            )
        }))
        .spacing(style::space::CLOSE)
        .into()
}

//! Setup's choice of game on screen: the row of games, and what the chosen one is (its turns,
//! sheet, counters and the values its sources lack).

use iced::Element;
use iced::widget::{button, column, container, row, text};

use super::{Message, Setup};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;

/// The game to play: TERRAVIST, then every other game the app knows.
pub(super) fn games_row<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let chosen = setup.game.as_ref().map(|g| g.id.as_str());
    let mut games = row![
        button(text(context.name(&setup.profile.game.name)).size(style::TEXT))
            .padding([style::space::ITEM, style::SPACING])
            .style(if chosen.is_none() {
                button::primary
            } else {
                style::plain
            })
            .on_press(Message::Game(None))
    ]
    .spacing(style::space::CLOSE);
    for game in context.games {
        games = games.push(
            container(
                button(text(context.name(&game.name)).size(style::TEXT))
                    .padding([style::space::ITEM, style::SPACING])
                    .style(if chosen == Some(game.id.as_str()) {
                        button::primary
                    } else {
                        style::plain
                    })
                    .on_press(Message::Game(Some(game.id.clone()))),
            )
            .id(format!("setup-game-{}", game.id)),
        );
    }
    games.wrap().into()
}

/// What the chosen game is: its turns, counters and sheet, and the values its sources lack.
pub(super) fn game_panel<'a>(
    game: &'a crate::kit::game_profile::GameProfile,
    players: &[crate::setup::Seated],
    context: &Context<'a>,
) -> Element<'a, Message> {
    use crate::kit::game_profile::Turns;
    let l = context.locale;
    let turns = match &game.turns {
        Turns::FixedRounds {
            rounds, actions, ..
        } => Text::new("setup.turns_fixed")
            .arg("rounds", rounds)
            .arg("actions", actions),
        Turns::ShrinkingRounds {
            rounds,
            first_round_turns,
            decrement,
        } => Text::new("setup.turns_shrinking")
            .arg("rounds", rounds)
            .arg("first", first_round_turns)
            .arg("decrement", decrement),
        Turns::RoundsUntil { rounds, .. } => Text::new("setup.turns_until").arg("rounds", rounds),
        Turns::UntilTrigger { trigger } => {
            Text::new("setup.turns_trigger").arg("trigger", context.name(trigger))
        }
        Turns::Alternating { .. } => Text::new("structure.alternating"),
    };
    let mut panel = column![
        widgets::title(context.name(&game.name)),
        text(turns.render(l)).size(style::TEXT),
    ]
    .spacing(style::space::ITEM);
    if !game.sheet.parts.is_empty() {
        let parts: Vec<_> = game
            .sheet
            .parts
            .iter()
            .map(|p| context.name(&p.name))
            .collect();
        panel = panel.push(
            text(
                Text::new("setup.sheet_parts")
                    .arg("parts", parts.join(" · "))
                    .render(l),
            )
            .size(style::SMALL),
        );
    }
    for counter in &game.counters {
        panel = panel.push(
            text(format!(
                "{}: {}–{}",
                context.name(&counter.name),
                counter.min,
                counter.max
            ))
            .size(style::SMALL),
        );
    }
    // What the sources lack, in the player's words: the part or counter it is about (never
    // the profile's field path), then the note in their language. A rule the profile cites
    // from the rulebook is read, not confirmed: said so, not in the warning colour. A setup
    // step by player count is shown for the players seated now.
    let sides: Vec<Option<&str>> = players.iter().map(|p| p.side.as_deref()).collect();
    for (line, rule) in game.setup_notes(&sides) {
        let line = text(line.render(context.locale)).size(style::SMALL);
        panel = panel.push(if rule {
            line
        } else {
            line.color(style::WARNING)
        });
    }
    widgets::panel(panel).into()
}

//! The setup screen's panels: players and seats, turns, the first habitat, objectives and the
//! component values.

use iced::widget::{button, column, container, row, text, text_input};
use iced::{Border, Color, Element, Length, Theme};

use super::clock::clock_panel;
use super::game::games_row;
use super::{Message, words};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::scoring::Side;
use crate::session::Colour;
use crate::setup::{Seated, Setup};

pub fn view<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let (left, right) = match &setup.game {
        None => (
            column![
                players_panel(setup, context),
                turns_panel(setup, context),
                clock_panel(setup, context)
            ]
            .spacing(style::SPACING),
            column![
                first_habitat_panel(setup, context),
                objectives_panel(setup, context),
                values_panel(setup, context)
            ]
            .spacing(style::SPACING),
        ),
        Some(game) => (
            column![players_panel(setup, context), clock_panel(setup, context)]
                .push(variants_panel(setup, game, context))
                .spacing(style::SPACING),
            column![super::game::game_panel(game, &setup.players, context)].spacing(style::SPACING),
        ),
    };
    // While the phones are on, their code tops the right column (off, it takes no room).
    let right = match phones_panel(setup, context) {
        Some(phones) => column![phones, right].spacing(style::SPACING),
        None => right,
    };
    let buttons = row![
        widgets::action(l.tr("action.back"), Some(Message::Back)).style(style::plain),
        widgets::action(l.tr("setup.start"), Some(Message::Start)).style(button::primary),
    ]
    .spacing(style::SPACING);
    column![
        widgets::title(l.tr("setup.title")),
        games_row(setup, context),
        widgets::scroll(widgets::halves(left, right, context.narrow())).height(Length::Fill),
        buttons,
    ]
    .spacing(style::SPACING)
    .into()
}

/// The rulebook's variants of the chosen game, each a switch (none: no panel).
fn variants_panel<'a>(
    setup: &'a Setup,
    game: &'a crate::kit::game_profile::GameProfile,
    context: &Context<'a>,
) -> Option<Element<'a, Message>> {
    if game.variants.is_empty() {
        return None;
    }
    let l = context.locale;
    let mut panel = column![widgets::title(l.tr("setup.variants"))].spacing(style::space::ITEM);
    for variant in &game.variants {
        let id = variant.id.clone();
        panel = panel.push(widgets::switch(
            context.name(&variant.name),
            setup.variant_on(&variant.id),
            move |on| Message::Variant(id.clone(), on),
        ));
    }
    Some(widgets::panel(panel).into())
}

/// While the phones are on, the code each player scans to join with their own name, and
/// how many have (the switch is beside the players' title: off, the panel takes no room).
fn phones_panel<'a>(setup: &'a Setup, context: &Context<'a>) -> Option<Element<'a, Message>> {
    let l = context.locale;
    let on = context.settings.phones;
    let mut body = column![].spacing(style::space::ITEM);
    match context.phones_code.filter(|_| on) {
        Some(code) => {
            let qr: Element<'a, Message> = match code.qr {
                Some(qr) => iced::widget::canvas(qr)
                    .width(Length::Fixed(QR_SIDE))
                    .height(Length::Fixed(QR_SIDE))
                    .into(),
                None => text(l.tr("phones.no_network"))
                    .size(style::TEXT)
                    .color(style::WARNING)
                    .into(),
            };
            let joined = Text::new("setup.phones_joined")
                .arg("count", setup.phones_joined())
                .render(l);
            let mut about = column![
                text(l.tr("setup.phones_help")).size(style::TEXT),
                text(joined).size(style::TEXT).font(style::BOLD),
            ]
            .spacing(style::space::ITEM);
            if let Some(url) = code.url {
                let address = Text::new("phones.address").arg("url", url).render(l);
                about = about.push(text(address).size(style::SMALL));
            }
            about = about.push(
                widgets::action(l.tr("phones.button"), Some(Message::PhonesPanel))
                    .style(style::plain),
            );
            body = body.push(row![qr, about].spacing(style::SPACING));
        }
        None => return None,
    }
    Some(widgets::panel(body).into())
}

fn players_panel<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let phones = widgets::switch(
        l.tr("phones.switch"),
        context.settings.phones,
        Message::Phones,
    );
    let title = row![
        container(widgets::title(l.tr("setup.players"))).width(Length::Fill),
        phones
    ]
    .align_y(iced::Alignment::Center);
    let mut rows = column![title].spacing(style::space::ITEM);
    for (i, player) in setup.players.iter().enumerate() {
        rows = rows.push(player_row(setup, i, player, context));
        if let Some(sides) = setup.sides() {
            rows = rows.push(side_picks(i, player, sides, context));
        }
    }
    let can_add = setup.players.len() < setup.max_players();
    rows = rows.push(
        row![
            container(
                widgets::action(l.tr("setup.add_player"), can_add.then_some(Message::Add))
                    .style(style::plain)
            )
            .id("setup-add"),
            widgets::action(l.tr(words(setup).draw), Some(Message::DrawParent)).style(style::plain),
        ]
        .spacing(style::SPACING),
    );
    if let Some(chips) = known_players(setup, context) {
        rows = rows.push(chips);
    }
    widgets::panel(rows.extend(player_count_notes(setup, context))).into()
}

/// A seat: its number, the name, the marker colour, the parent marker, move up, remove.
fn player_row<'a>(
    setup: &'a Setup,
    i: usize,
    player: &'a Seated,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    // TERRAVIST ships four markers and a substitute; other games may seat up to eight.
    let markers = setup.max_players().clamp(5, Colour::ALL.len());
    let colours = Colour::ALL[..markers].iter().copied().fold(
        row![].spacing(style::space::TIGHT),
        |r, colour| {
            r.push(swatch(colour, colour == player.colour).on_press(Message::Colour(i, colour)))
        },
    );
    let is_parent = i == setup.parent;
    let words = words(setup);
    let parent_label = l.tr(if is_parent { words.is } else { words.make });
    row![
        text(format!("{}", i + 1))
            .size(style::TITLE)
            .width(Length::Fixed(SEAT_NUMBER)),
        text_input(&l.tr("setup.name_placeholder"), &player.name)
            .id(format!("setup-name-{i}"))
            .on_input(move |name| Message::Name(i, name))
            .size(style::TEXT)
            .padding(style::space::ITEM)
            .width(Length::Fill),
        text(if setup.has_phone(i) {
            l.tr("setup.has_phone")
        } else {
            String::new()
        })
        .size(style::SMALL)
        .color(style::DERIVED),
        colours,
        button(
            text(parent_label)
                .size(style::SMALL)
                .center()
                .width(Length::Fill)
        )
        .width(Length::Fixed(PARENT_BUTTON))
        .style(if is_parent {
            button::success
        } else {
            style::plain
        })
        .on_press(Message::Parent(i)),
        button(text("▲").size(style::SMALL))
            .style(button::text)
            .on_press_maybe((i > 0).then_some(Message::MoveUp(i))),
        button(text("×").size(style::SMALL))
            .style(button::text)
            .on_press_maybe((setup.players.len() > 1).then_some(Message::Remove(i))),
    ]
    .spacing(style::space::CLOSE)
    .align_y(iced::Alignment::Center)
    .into()
}

/// Names played before and not seated yet, a tap away (the eight most recent).
fn known_players<'a>(setup: &'a Setup, context: &Context<'a>) -> Option<Element<'a, Message>> {
    let seated = |name: &String| {
        (setup.players.iter()).any(|p| p.name.trim().to_lowercase() == name.to_lowercase())
    };
    let known: Vec<&String> = (context.settings.known_players.iter())
        .filter(|name| !seated(name))
        .take(8)
        .collect();
    if known.is_empty() {
        return None;
    }
    let chips = known.into_iter().fold(
        row![text(context.locale.tr("setup.known")).size(style::SMALL)]
            .spacing(style::space::CLOSE),
        |r, name| {
            r.push(
                button(text(name.as_str()).size(style::SMALL))
                    .style(style::plain)
                    .on_press(Message::AddKnown(name.clone())),
            )
        },
    );
    Some(chips.wrap().into())
}

/// How many players the game takes, and, for TERRAVIST, a count outside it said as a GAP.
fn player_count_notes<'a>(setup: &Setup, context: &Context<'a>) -> Vec<Element<'a, Message>> {
    let l = context.locale;
    // Another game's profile gives the counts it allows. TERRAVIST's rulebook gives none:
    // its components (four marker colours) serve 2–4, and any other count is the table's
    // choice, said as a GAP while it is chosen.
    let (key, min, max) = match &setup.game {
        Some(game) => ("setup.player_count", game.players.min, game.players.max),
        None => {
            let (min, max) = setup.profile.game.players.recommended();
            ("setup.player_range", min, max)
        }
    };
    let range = Text::new(key).arg("min", min).arg("max", max);
    let mut notes = vec![text(range.render(l)).size(style::SMALL).into()];
    if setup.game.is_none() {
        notes.push(
            text(l.tr("setup.turn_order_inferred"))
                .size(style::SMALL)
                .into(),
        );
        if !(min..=max).contains(&setup.players.len()) {
            let gap = Text::new("setup.player_count_gap")
                .arg("n", setup.players.len())
                .arg("min", min)
                .arg("max", max);
            notes.push(
                text(gap.render(l))
                    .size(style::SMALL)
                    .color(style::WARNING)
                    .into(),
            );
        }
    }
    notes
}

fn turns_panel<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut choices = row![].spacing(style::space::CLOSE);
    for &n in &setup.profile.terravist.first_round_choices {
        let turns: Vec<String> = (1..=setup.profile.round_count())
            .map(|r| setup.profile.turns_in_round(n, r).to_string())
            .collect();
        choices = choices.push(
            button(text(turns.join(" / ")).size(style::TEXT))
                .padding(style::BUTTON_PADDING)
                .style(if n == setup.turns {
                    button::primary
                } else {
                    style::plain
                })
                .on_press(Message::Turns(n)),
        );
    }
    let stepper = row![
        button(text("−").size(style::TEXT)).on_press(Message::Turns(setup.turns.saturating_sub(1))),
        text(Text::new("setup.n_turns").arg("n", setup.turns).render(l)).size(style::TEXT),
        button(text("+").size(style::TEXT)).on_press(Message::Turns(setup.turns + 1)),
    ]
    .spacing(style::space::ITEM)
    .align_y(iced::Alignment::Center);
    widgets::panel(
        column![widgets::title(l.tr("setup.turns")), choices, stepper].spacing(style::space::ITEM),
    )
    .into()
}

fn first_habitat_panel<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut grid =
        column![text(l.tr("setup.tray_help")).size(style::SMALL)].spacing(style::space::TIGHT);
    for (card, shows) in setup.tray.iter().enumerate() {
        let mut line = row![
            text(Text::new("setup.tray_card").arg("n", card + 1).render(l))
                .size(style::SMALL)
                .width(Length::Fixed(style::width::NUMBER))
        ]
        .spacing(style::space::TIGHT);
        for (h, habitat) in setup.profile.terravist.habitats.iter().enumerate() {
            line = line.push(
                button(text(context.name(&habitat.name)).size(style::SMALL))
                    .style(if shows[h] {
                        button::primary
                    } else {
                        style::plain
                    })
                    .on_press(Message::Tray(card, h)),
            );
        }
        grid = grid.push(line);
    }
    let suggested = setup.suggestion();
    let mut choose = row![text(l.tr("setup.first_habitat")).size(style::TEXT)]
        .spacing(style::space::CLOSE)
        .align_y(iced::Alignment::Center);
    for habitat in &setup.profile.terravist.habitats {
        let chosen = setup.first_habitat.as_deref() == Some(habitat.id.as_str());
        let mut label = row![]
            .spacing(style::space::CLOSE)
            .align_y(iced::Alignment::Center);
        if suggested.contains(&habitat.id) {
            label = label.push(widgets::star(style::TEXT, style::WINNER));
        }
        label = label.push(text(context.name(&habitat.name)).size(style::TEXT));
        choose = choose.push(
            button(label)
                .padding([style::space::ITEM, style::SPACING])
                .style(if chosen {
                    button::success
                } else {
                    style::plain
                })
                .on_press(Message::FirstHabitat(habitat.id.clone())),
        );
    }
    // The hint follows the star the chips show ("★ is the most common habitat…").
    let hint: Element<'a, Message> = match suggested.len() {
        0 => row![].into(),
        n => row![
            widgets::star(style::SMALL, style::WINNER),
            text(l.tr(if n == 1 {
                "setup.suggested"
            } else {
                "setup.tie_parent_chooses"
            }))
            .size(style::SMALL)
        ]
        .spacing(style::space::TIGHT)
        .align_y(iced::Alignment::Center)
        .into(),
    };
    widgets::panel(
        column![
            widgets::title(l.tr("setup.first_habitat_title")),
            grid,
            choose.wrap(),
            hint
        ]
        .spacing(style::space::ITEM),
    )
    .into()
}

fn objectives_panel<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut rows = column![widgets::title(l.tr("setup.objectives"))].spacing(style::space::CLOSE);
    for (r, label) in setup.objectives.iter().enumerate() {
        rows = rows.push(
            text_input(
                &Text::new("setup.objective_placeholder")
                    .arg("round", r + 1)
                    .render(l),
                label,
            )
            .on_input(move |value| Message::Objective(r, value))
            .size(style::TEXT)
            .padding(style::space::ITEM),
        );
    }
    widgets::panel(rows).into()
}

fn values_panel<'a>(setup: &'a Setup, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut rows = column![
        widgets::title(l.tr("setup.values")),
        text(l.tr("setup.gap_note"))
            .size(style::SMALL)
            .color(style::WARNING),
        // The rulebook names the cheat-card variant but prints none of its numbers, so the
        // app offers no switch with guessed values: the bonuses below are where it is played.
        text(l.tr("setup.cheat_card_hint")).size(style::SMALL)
    ]
    .spacing(style::space::CLOSE);
    for (r, value) in setup.board.slots.iter().enumerate() {
        rows = rows.push(
            row![
                text(Text::new("setup.slots_round").arg("round", r + 1).render(l))
                    .size(style::TEXT)
                    .width(Length::Fixed(style::width::FIELD)),
                text_input("5, 3, 2, 1", value)
                    .on_input(move |v| Message::Slots(r, v))
                    .size(style::TEXT)
                    .padding(style::space::CLOSE),
            ]
            .align_y(iced::Alignment::Center),
        );
    }
    for (h, value) in setup.board.bonuses.iter().enumerate() {
        let habitat = &setup.profile.terravist.habitats[h];
        rows = rows.push(
            row![
                text(
                    Text::new("setup.bonus_of")
                        .arg("habitat", context.name(&habitat.name))
                        .render(l)
                )
                .size(style::TEXT)
                .width(Length::Fixed(style::width::FIELD)),
                text_input("3", value)
                    .on_input(move |v| Message::Bonus(h, v))
                    .size(style::TEXT)
                    .padding(style::space::CLOSE)
                    .width(Length::Fixed(style::width::NUMBER_WIDE)),
            ]
            .align_y(iced::Alignment::Center),
        );
    }
    widgets::panel(rows).into()
}

/// A tappable square in a marker colour.
/// The phones' code's side on the setup screen: a phone reads it from across a table.
const QR_SIDE: f32 = 200.0;

fn swatch<'a>(colour: Colour, selected: bool) -> button::Button<'a, Message> {
    let fill = style::marker(colour);
    button(
        container(text(""))
            .width(Length::Fixed(SWATCH))
            .height(Length::Fixed(SWATCH)),
    )
    .padding(style::space::HAIR)
    .style(move |_theme: &Theme, _status| button::Style {
        background: Some(fill.into()),
        border: Border {
            radius: 4.0.into(),
            width: if selected { 3.0 } else { 0.0 },
            color: Color::BLACK,
        },
        ..button::Style::default()
    })
}

/// The sides of a game of sides, one to pick per player.
fn side_picks<'a>(
    i: usize,
    player: &'a Seated,
    sides: &'a [Side],
    context: &Context<'a>,
) -> Element<'a, Message> {
    sides
        .iter()
        .fold(
            row![text(context.locale.tr("setup.side")).size(style::SMALL)]
                .spacing(style::space::CLOSE)
                .padding([0.0, SEAT_NUMBER + style::space::CLOSE]),
            |r, side| {
                r.push(
                    container(
                        button(text(context.name(&side.name)).size(style::SMALL))
                            .style(if player.side.as_deref() == Some(side.id.as_str()) {
                                button::primary
                            } else {
                                style::plain
                            })
                            .on_press(Message::Side(i, side.id.clone())),
                    )
                    .id(format!("setup-side-{i}-{}", side.id)),
                )
            },
        )
        .into()
}

/// The seat's number before each name; the sides line up under the names.
const SEAT_NUMBER: f32 = 28.0;
/// Wide enough for "Make parent" and 「親にする」 alike.
const PARENT_BUTTON: f32 = 120.0;

/// A marker colour's square: small, inside a button the size of a tap.
const SWATCH: f32 = 22.0;

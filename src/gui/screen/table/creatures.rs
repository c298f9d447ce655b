//! The creatures panel (a player's settled cards with eggs against their limit, tucked cards,
//! stealing a niche) with the card form, and the habitats panel.

use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Length};

use super::{FormEdit, Message, TableScreen};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::terravist::Session;
use crate::terravist::state::table::Creature;

pub fn view<'a>(
    table: &'a TableScreen,
    session: &'a Session,
    shown: usize,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let player = &session.players()[shown];
    let state = session.state();
    let mut panel = column![
        widgets::title(
            Text::new("creatures.title")
                .arg("player", player.name.as_str())
                .render(l)
        )
        .color(style::marker(player.colour))
    ]
    .spacing(style::space::ITEM);
    let mine: Vec<&Creature> = state.table.settled_of(shown).collect();
    if mine.is_empty() {
        panel = panel.push(text(l.tr("creatures.none")).size(style::SMALL));
    }
    for creature in mine {
        panel = panel.push(creature_row(
            creature,
            session,
            context,
            table.steal_target.is_none() && super::stealer(session).is_some(),
        ));
    }
    panel = panel.push(iced::widget::rule::horizontal(1));
    panel = panel.push(form(table, session, shown, context));
    widgets::panel(panel).into()
}

/// A button inside a creature's row (or the steal's payment), as tall as any tap target;
/// found by `key` in tests.
fn small_button<'a>(
    label: String,
    message: Option<Message>,
    key: String,
) -> container::Container<'a, Message> {
    container(widgets::action(label, message).padding(style::CHIP_PADDING)).id(key)
}

fn creature_row<'a>(
    creature: &'a Creature,
    session: &'a Session,
    context: &Context<'a>,
    can_steal: bool,
) -> Element<'a, Message> {
    let l = context.locale;
    let id = creature.id;
    let full = creature.eggs >= creature.card.egg_capacity;
    let habitat = session
        .profile()
        .habitat(&creature.habitat)
        .map(|h| context.name(&h.name).to_string())
        .unwrap_or_default();
    let eggs = text(
        Text::new("creatures.eggs")
            .arg("eggs", creature.eggs)
            .arg("capacity", creature.card.egg_capacity)
            .render(l),
    )
    .size(style::TITLE)
    .font(style::BOLD)
    .color_maybe(full.then_some(style::WARNING));
    let about = column![
        text(creature.card.name.as_str())
            .size(style::TEXT)
            .font(style::BOLD),
        text(
            Text::new("creatures.details")
                .arg("smiles", creature.card.smiles)
                .arg("level", creature.card.level)
                .arg("habitat", habitat)
                .arg("tucked", creature.tucked)
                .render(l)
        )
        .size(style::SMALL),
    ]
    .width(Length::Fill);
    let (tuck, steal) = (l.tr("creatures.tuck"), l.tr("creatures.steal"));
    let controls = row![
        small_button(
            "−".into(),
            (creature.eggs > 0).then_some(Message::EggMinus(id)),
            format!("egg-minus-{id}")
        ),
        eggs,
        // At the limit the + stays tappable: the refusal says why, which a greyed button cannot.
        small_button(
            "+".into(),
            Some(Message::EggPlus(id)),
            format!("egg-plus-{id}")
        ),
        small_button(tuck.clone(), Some(Message::Tuck(id)), format!("tuck-{id}")),
        small_button(
            steal.clone(),
            can_steal.then_some(Message::StealFrom(id)),
            format!("steal-{id}")
        ),
        small_button(
            "×".into(),
            Some(Message::Discard(id)),
            format!("discard-{id}")
        ),
    ]
    .spacing(style::space::CLOSE)
    .align_y(iced::Alignment::Center);
    // Beside the card's details where the window is wide and the language's two words are
    // short (English, Japanese), so a hand of cards stays a line each. Otherwise the details
    // keep the column's width and the controls go under them, wrapping onto a second line:
    // beside the details, German's "Unterschieben" and "Stehlen" squeezed them to a word a
    // line at 1280×800, and pushed the × out of the window at 800×600.
    let words = unicode_width::UnicodeWidthStr::width(tuck.as_str())
        + unicode_width::UnicodeWidthStr::width(steal.as_str());
    if !context.narrow() && words <= SHORT_WORDS {
        row![about, controls]
            .spacing(style::space::CLOSE)
            .align_y(iced::Alignment::Center)
            .into()
    } else {
        let controls = controls.wrap().vertical_spacing(style::space::TIGHT);
        column![about, controls].spacing(style::space::TIGHT).into()
    }
}

/// The most terminal columns Tuck's and Steal's labels together may take for a card's controls
/// to sit beside its details ("Tuck" and "Steal" take 9; "差し込む" and "奪う" 12).
const SHORT_WORDS: usize = 12;

/// The card form: whose card it is (or what a steal costs), what the card prints, and where it
/// goes.
fn form<'a>(
    table: &'a TableScreen,
    session: &'a Session,
    shown: usize,
    context: &Context<'a>,
) -> Element<'a, Message> {
    column![
        form_heading(table, session, shown, context),
        card_fields(table, session, context),
        form_actions(table, session, context),
    ]
    .spacing(style::space::ITEM)
    .into()
}

/// "Add a card for Aki", or for a steal: who steals what from whom, its cost, how it is paid.
fn form_heading<'a>(
    table: &'a TableScreen,
    session: &'a Session,
    shown: usize,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let mut panel = column![].spacing(style::space::ITEM);
    if let (Some(target), Some(thief)) = (
        table
            .steal_target
            .and_then(|id| session.state().table.creatures.get(id)),
        super::stealer(session),
    ) {
        let cost = match session.state().table.steal_cost(thief, target.id) {
            Ok(Some(cost)) => Text::new("creatures.steal_cost")
                .arg("humans", cost.humans)
                .arg("eggs", cost.eggs)
                .render(l),
            _ => l.tr("creatures.steal_free"),
        };
        panel = panel.push(
            text(
                Text::new("creatures.stealing")
                    .arg("thief", session.players()[thief].name.as_str())
                    .arg("card", target.card.name.as_str())
                    .arg("owner", session.players()[target.owner].name.as_str())
                    .render(l),
            )
            .size(style::TEXT)
            .font(style::BOLD),
        );
        panel = panel.push(text(cost).size(style::TEXT).color(style::WARNING));
        panel = panel.push(steal_payment(table, session, thief, context));
    } else {
        panel = panel.push(
            text(
                Text::new("creatures.add_for")
                    .arg("player", session.players()[shown].name.as_str())
                    .render(l),
            )
            .size(style::TEXT)
            .font(style::BOLD),
        );
    }

    panel.into()
}

/// The fields of the card: its name (with the cards the table typed before), smiles, egg
/// capacity, level and habitats.
fn card_fields<'a>(
    table: &'a TableScreen,
    session: &'a Session,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let profile = session.profile();
    let f = &table.form;
    let mut panel = column![].spacing(style::space::ITEM);
    let catalog = &context.settings.known_cards;
    let matches: Vec<_> = if f.name.trim().is_empty() {
        Vec::new()
    } else {
        catalog.search(&f.name).take(5).cloned().collect()
    };
    panel = panel.push(
        text_input(&l.tr("creatures.name"), &f.name)
            .id("card-name")
            .on_input(|t| Message::Form(FormEdit::Name(t)))
            .size(style::TEXT)
            .padding(style::space::ITEM),
    );
    if !matches.is_empty() {
        panel = panel.push(
            matches
                .into_iter()
                .fold(
                    row![text(l.tr("creatures.known")).size(style::SMALL)]
                        .spacing(style::space::CLOSE),
                    |r, card| {
                        r.push(widgets::choice(
                            card.name.clone(),
                            false,
                            Message::Form(FormEdit::Pick(card)),
                        ))
                    },
                )
                .wrap(),
        );
    }
    panel = panel.push(
        row![
            text(l.tr("table.smiles")).size(style::TEXT),
            text_input("0", &f.smiles)
                .id("card-smiles")
                .on_input(|t| Message::Form(FormEdit::Smiles(t)))
                .size(style::TEXT)
                .padding(style::space::CLOSE)
                .width(Length::Fixed(style::width::NUMBER)),
            text(l.tr("table.capacity")).size(style::TEXT),
            text_input("0", &f.capacity)
                .id("card-capacity")
                .on_input(|t| Message::Form(FormEdit::Capacity(t)))
                .size(style::TEXT)
                .padding(style::space::CLOSE)
                .width(Length::Fixed(style::width::NUMBER)),
        ]
        .spacing(style::space::ITEM)
        .align_y(iced::Alignment::Center),
    );
    panel = panel.push(
        row![
            text(l.tr("creatures.level")).size(style::TEXT),
            (1..=4u8).fold(row![].spacing(style::space::TIGHT), |r, level| r.push(
                container(widgets::choice(
                    format!("{level}"),
                    f.level == level,
                    Message::Form(FormEdit::Level(level))
                ))
                .id(format!("level-{level}"))
            )),
        ]
        .spacing(style::space::ITEM)
        .align_y(iced::Alignment::Center),
    );
    let habitats = profile.terravist.habitats.iter().fold(
        row![text(l.tr("creatures.habitats")).size(style::TEXT)].spacing(style::space::TIGHT),
        |r, h| {
            let on = f.habitats.contains(&h.id);
            r.push(
                container(widgets::choice(
                    context.name(&h.name),
                    on,
                    Message::Form(FormEdit::Habitat(h.id.clone())),
                ))
                .id(format!("form-habitat-{}", h.id)),
            )
        },
    );
    panel = panel.push(habitats.wrap());

    panel.into()
}

/// Confirm or cancel a steal; or one settle button per habitat the card lives in.
fn form_actions<'a>(
    table: &'a TableScreen,
    session: &'a Session,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let profile = session.profile();
    let f = &table.form;
    let mut panel = column![].spacing(style::space::ITEM);
    if table.steal_target.is_some() {
        panel = panel.push(
            row![
                widgets::action(l.tr("creatures.confirm_steal"), Some(Message::ConfirmSteal))
                    .style(button::danger),
                widgets::action(l.tr("action.cancel"), Some(Message::CancelSteal))
                    .style(style::plain),
            ]
            .spacing(style::space::ITEM),
        );
    } else {
        let mut settle = row![].spacing(style::space::ITEM);
        for id in &f.habitats {
            let Some(habitat) = profile.habitat(id) else {
                continue;
            };
            let developed = session.state().table.is_developed(id);
            let label = if developed {
                Text::new("creatures.settle_in")
                    .arg("habitat", context.name(&habitat.name))
                    .render(l)
            } else {
                Text::new("creatures.not_developed")
                    .arg("habitat", context.name(&habitat.name))
                    .render(l)
            };
            settle = settle.push(
                widgets::action(label, Some(Message::Settle(id.clone()))).style(if developed {
                    button::primary
                } else {
                    style::plain
                }),
            );
        }
        panel = panel.push(settle);
        if session.state().is_last_turn() {
            panel = panel.push(
                text(l.tr("table.last_turn"))
                    .size(style::SMALL)
                    .color(style::WARNING),
            );
        }
    }
    panel.into()
}

pub fn habitats<'a>(
    session: &'a Session,
    shown: usize,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let state = session.state();
    let mut panel = column![widgets::title(l.tr("habitats.title"))].spacing(style::space::CLOSE);
    for habitat in &session.profile().terravist.habitats {
        let development = state
            .table
            .developments
            .iter()
            .find(|d| d.habitat == habitat.id);
        let status: Element<'a, Message> = match development {
            Some(d) => text(match d.by {
                Some(seat) => Text::new("habitats.developed_by")
                    .arg("player", session.players()[seat].name.as_str())
                    .render(l),
                None => l.tr("habitats.first"),
            })
            .size(style::SMALL)
            .into(),
            None => widgets::action(
                Text::new("habitats.develop")
                    .arg("player", session.players()[shown].name.as_str())
                    .render(l),
                Some(Message::Develop(habitat.id.clone())),
            )
            .style(style::plain)
            .into(),
        };
        // The name over its bonus, so neither runs into the other in a narrow column.
        panel = panel.push(
            row![
                column![
                    text(context.name(&habitat.name)).size(style::TEXT),
                    text(
                        Text::new("habitats.bonus")
                            .arg("bonus", habitat.development_bonus.value)
                            .render(l)
                    )
                    .size(style::SMALL),
                ]
                .width(Length::Fill),
                status,
            ]
            .spacing(style::space::ITEM)
            .align_y(iced::Alignment::Center),
        );
    }
    widgets::panel(panel).into()
}

/// The steal's eggs, by the stealer's card that pays them: the app's proposal, changed with −/+.
fn steal_payment<'a>(
    table: &'a TableScreen,
    session: &'a Session,
    thief: usize,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let state = session.state();
    let mut rows = column![].spacing(style::space::HAIR);
    let Ok(Some(cost)) = table
        .steal_target
        .map_or(Ok(None), |t| state.table.steal_cost(thief, t))
    else {
        return rows.into();
    };
    rows = rows.push(
        text(
            Text::new("creatures.steal_paid")
                .arg("paid", table.steal_payment.len())
                .arg("needed", cost.eggs)
                .render(l),
        )
        .size(style::SMALL),
    );
    for creature in state.table.settled_of(thief).filter(|c| c.eggs > 0) {
        let paying = table
            .steal_payment
            .iter()
            .filter(|&&c| c == creature.id)
            .count();
        let id = creature.id;
        rows = rows.push(
            row![
                text(
                    Text::new("creatures.pays_from")
                        .arg("card", creature.card.name.as_str())
                        .arg("paying", paying)
                        .arg("eggs", creature.eggs)
                        .render(l)
                )
                .size(style::TEXT)
                .width(Length::Fill),
                small_button(
                    "−".into(),
                    (paying > 0).then_some(Message::UnpayEgg(id)),
                    format!("unpay-{id}")
                ),
                small_button(
                    "+".into(),
                    (paying < creature.eggs as usize).then_some(Message::PayEgg(id)),
                    format!("pay-{id}")
                ),
            ]
            .spacing(style::space::CLOSE)
            .align_y(iced::Alignment::Center),
        );
    }
    rows.into()
}

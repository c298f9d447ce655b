//! The profile editor's form.

use iced::widget::{button, checkbox, column, container, row, text, text_input};
use iced::{Alignment, Element, Length};

use super::draft::{Draft, Kind, Structure};
use super::{Edit, Games, Message};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::{Locale, Text};
use crate::scoring::Prefer;

fn field<'a>(
    placeholder: String,
    value: &str,
    id: String,
    on: impl Fn(String) -> Edit + 'a,
) -> text_input::TextInput<'a, Message> {
    text_input(&placeholder, value)
        .id(id)
        .on_input(move |t| Message::Change(on(t)))
        .size(style::TEXT)
        .padding(style::space::CLOSE)
}

/// A toggle among choices, with an id for tests and tools to find it by.
fn choice<'a>(id: String, label: String, on: bool, message: Message) -> Element<'a, Message> {
    container(
        button(text(label).size(style::SMALL))
            .style(if on { button::primary } else { style::plain })
            .on_press(message),
    )
    .id(id)
    .into()
}

impl Games {
    pub fn view<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        match &self.editing {
            Some(draft) => editor(draft, context),
            None => super::list::list(context),
        }
    }
}

fn editor<'a>(draft: &'a Draft, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    // Two columns: the game and who wins on the left, its score sheet on the right, so a
    // typical game fits a 1280 × 800 window without scrolling; one column when narrow.
    let form = column![
        identity_panel(draft, l),
        turns_panel(draft, l),
        winner_panel(draft, l),
        counters_panel(draft, l),
    ]
    .spacing(style::SPACING);
    let sheet = column![parts_panel(draft, l)].spacing(style::SPACING);

    let title = if draft.name.trim().is_empty() {
        l.tr("editor.title_new")
    } else {
        Text::new("editor.title").arg("name", &draft.name).render(l)
    };
    column![
        row![
            widgets::title(title),
            iced::widget::space::horizontal(),
            widgets::action(l.tr("editor.save"), Some(Message::Save)).style(button::success),
            widgets::action(l.tr("editor.cancel"), Some(Message::Cancel)).style(style::plain),
        ]
        .spacing(style::SPACING)
        .align_y(Alignment::Center),
        widgets::scroll(widgets::halves(form, sheet, context.narrow())).height(Length::Fill),
    ]
    .spacing(style::SPACING)
    .into()
}

/// A field's label, in the column beside it.
fn label<'a>(l: Locale, key: &str) -> iced::widget::Text<'a> {
    text(l.tr(key))
        .size(style::SMALL)
        .width(Length::Fixed(style::width::FIELD))
}

/// The game's name, id and player count.
fn identity_panel<'a>(draft: &'a Draft, l: Locale) -> Element<'a, Message> {
    widgets::panel(
        column![
            row![
                label(l, "editor.name"),
                field(
                    l.tr("editor.name"),
                    &draft.name,
                    "editor-name".into(),
                    Edit::Name
                ),
            ]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center),
            row![
                label(l, "editor.id"),
                field(
                    l.tr("editor.id_hint"),
                    &draft.id,
                    "editor-id".into(),
                    Edit::Id
                ),
            ]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center),
            row![
                label(l, "editor.bgg_id"),
                field(
                    l.tr("editor.bgg_id_hint"),
                    &draft.bgg_id,
                    "editor-bgg-id".into(),
                    Edit::BggId
                ),
            ]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center),
            row![
                label(l, "editor.players"),
                field(
                    l.tr("editor.players_min"),
                    &draft.players[0],
                    "editor-min".into(),
                    |t| Edit::Players(0, t)
                )
                .width(Length::Fixed(style::width::NUMBER_WIDE)),
                text("–"),
                field(
                    l.tr("editor.players_max"),
                    &draft.players[1],
                    "editor-max".into(),
                    |t| Edit::Players(1, t)
                )
                .width(Length::Fixed(style::width::NUMBER_WIDE)),
            ]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center),
        ]
        .spacing(style::space::ITEM),
    )
    .into()
}

/// The turn structure and its numbers.
fn turns_panel<'a>(draft: &'a Draft, l: Locale) -> Element<'a, Message> {
    let mut turns = column![widgets::title(l.tr("editor.turns"))].spacing(style::space::ITEM);
    if draft.structure == Structure::Alternating {
        turns = turns.push(text(l.tr(Structure::Alternating.key())).size(style::TEXT));
    } else {
        turns = turns.push(
            Structure::OFFERED
                .into_iter()
                .fold(row![].spacing(style::space::CLOSE), |r, s| {
                    r.push(choice(
                        format!("editor-{}", s.key().replace('.', "-")),
                        l.tr(s.key()),
                        draft.structure == s,
                        Message::Change(Edit::Structure(s)),
                    ))
                })
                .wrap(),
        );
        let shown: &[(&str, usize)] = match draft.structure {
            Structure::FixedRounds => &[("editor.rounds", 0), ("editor.actions", 1)],
            Structure::RoundsUntil => &[("editor.rounds", 0)],
            Structure::ShrinkingRounds => &[
                ("editor.rounds", 0),
                ("editor.first_turns", 1),
                ("editor.decrement", 2),
            ],
            _ => &[],
        };
        for &(key, i) in shown {
            turns = turns.push(
                row![
                    label(l, key),
                    field(
                        l.tr(key),
                        &draft.turns[i],
                        format!("editor-turns-{i}"),
                        move |t| { Edit::Turns(i, t) }
                    )
                    .width(Length::Fixed(TURN_NUMBER)),
                ]
                .spacing(style::space::ITEM)
                .align_y(Alignment::Center),
            );
        }
        if matches!(
            draft.structure,
            Structure::RoundsUntil | Structure::UntilTrigger
        ) {
            turns = turns.push(
                row![
                    label(l, "editor.end_text"),
                    field(
                        l.tr("editor.end_text_hint"),
                        &draft.end_text,
                        "editor-end".into(),
                        Edit::EndText
                    ),
                ]
                .spacing(style::space::ITEM)
                .align_y(Alignment::Center),
            );
        }
        if matches!(
            draft.structure,
            Structure::FixedRounds | Structure::RoundsUntil
        ) {
            turns = turns.push(
                checkbox(draft.reorder)
                    .label(l.tr("editor.reorder"))
                    .on_toggle(|on| Message::Change(Edit::Reorder(on))),
            );
        }
    }
    widgets::panel(turns).into()
}

/// The score sheet's parts, each with its kind and numbers.
fn parts_panel<'a>(draft: &'a Draft, l: Locale) -> Element<'a, Message> {
    let mut parts = column![widgets::title(l.tr("editor.parts"))].spacing(style::space::ITEM);
    for (i, part) in draft.parts.iter().enumerate() {
        let kinds = Kind::ALL
            .into_iter()
            .fold(row![].spacing(style::space::TIGHT), |r, k| {
                r.push(choice(
                    format!("editor-part-{i}-{}", k.key().replace('.', "-")),
                    l.tr(k.key()),
                    part.kind == k,
                    Message::Change(Edit::PartKind(i, k)),
                ))
            })
            .wrap();
        let mut params = row![]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center);
        for (k, key) in part.kind.params().into_iter().enumerate() {
            if let Some(key) = key {
                params = params.push(text(l.tr(key)).size(style::SMALL));
                params = params.push(
                    field(
                        l.tr(key),
                        &part.params[k],
                        format!("editor-part-{i}-param-{k}"),
                        move |t| Edit::PartParam(i, k, t),
                    )
                    .width(Length::Fixed(
                        if k == 1 && part.kind == Kind::PerN {
                            320.0
                        } else {
                            140.0
                        },
                    )),
                );
            }
        }
        parts = parts.push(
            column![
                row![
                    text(format!("{}.", i + 1)).size(style::TEXT),
                    field(
                        l.tr("editor.part_name"),
                        &part.name,
                        format!("editor-part-{i}"),
                        move |t| Edit::PartName(i, t)
                    ),
                    button(text("▲").size(style::SMALL))
                        .style(button::text)
                        .on_press_maybe((i > 0).then_some(Message::Change(Edit::PartUp(i)))),
                    button(text("×").size(style::SMALL))
                        .style(button::text)
                        .on_press(Message::Change(Edit::RemovePart(i))),
                ]
                .spacing(style::space::ITEM)
                .align_y(Alignment::Center),
                kinds,
                params,
            ]
            .spacing(style::space::TIGHT),
        );
    }
    parts = parts.push(
        widgets::action(
            l.tr("editor.add_part"),
            Some(Message::Change(Edit::AddPart)),
        )
        .style(style::plain),
    );
    widgets::panel(parts).into()
}

/// Who wins: highest or lowest, and the tie-breakers in order.
fn winner_panel<'a>(draft: &'a Draft, l: Locale) -> Element<'a, Message> {
    let mut winner = column![widgets::title(l.tr("editor.winner"))].spacing(style::space::ITEM);
    if draft.is_side_game() {
        winner = winner.push(text(l.tr("editor.sides_kept")).size(style::TEXT));
    } else {
        winner = winner.push(
            row![
                choice(
                    "editor-highest".into(),
                    l.tr("editor.highest"),
                    !draft.lowest,
                    Message::Change(Edit::Lowest(false))
                ),
                choice(
                    "editor-lowest".into(),
                    l.tr("editor.lowest"),
                    draft.lowest,
                    Message::Change(Edit::Lowest(true))
                ),
            ]
            .spacing(style::space::CLOSE),
        );
        winner = winner.push(text(l.tr("editor.tie_chain")).size(style::SMALL));
        for (i, breaker) in draft.breakers.iter().enumerate() {
            let prefer = [
                (Prefer::More, "editor.prefer_more"),
                (Prefer::Less, "editor.prefer_less"),
                (Prefer::EarlierInTurnOrder, "editor.prefer_earlier"),
            ]
            .into_iter()
            .fold(row![].spacing(style::space::TIGHT), |r, (p, key)| {
                r.push(choice(
                    format!("editor-breaker-{i}-{}", key.replace('.', "-")),
                    l.tr(key),
                    breaker.prefer == p,
                    Message::Change(Edit::BreakerPrefer(i, p)),
                ))
            });
            winner = winner.push(
                row![
                    text(format!("{}.", i + 1)).size(style::TEXT),
                    field(
                        l.tr("editor.breaker_name"),
                        &breaker.name,
                        format!("editor-breaker-{i}"),
                        move |t| Edit::BreakerName(i, t)
                    )
                    .width(Length::Fixed(BREAKER_NAME)),
                    prefer,
                    button(text("×").size(style::SMALL))
                        .style(button::text)
                        .on_press(Message::Change(Edit::RemoveBreaker(i))),
                ]
                .spacing(style::space::ITEM)
                .align_y(Alignment::Center),
            );
        }
        winner = winner.push(
            widgets::action(
                l.tr("editor.add_breaker"),
                Some(Message::Change(Edit::AddBreaker)),
            )
            .style(style::plain),
        );
    }
    widgets::panel(winner).into()
}

/// The numbers the table tracks during play.
fn counters_panel<'a>(draft: &'a Draft, l: Locale) -> Element<'a, Message> {
    let mut counters = column![widgets::title(l.tr("editor.counters"))].spacing(style::space::ITEM);
    for (i, counter) in draft.counters.iter().enumerate() {
        // The name on its own line and its numbers under it, so the row fits the column.
        counters = counters.push(
            row![
                field(
                    l.tr("editor.counter_name"),
                    &counter.name,
                    format!("editor-counter-{i}"),
                    move |t| Edit::CounterName(i, t)
                ),
                button(text("×").size(style::SMALL))
                    .style(button::text)
                    .on_press(Message::Change(Edit::RemoveCounter(i))),
            ]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center),
        );
        let mut line = row![]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center);
        for (k, key) in ["editor.min", "editor.max", "editor.start"]
            .into_iter()
            .enumerate()
        {
            line = line.push(text(l.tr(key)).size(style::SMALL));
            line = line.push(
                field(
                    l.tr(key),
                    &counter.values[k],
                    format!("editor-counter-{i}-{k}"),
                    move |t| Edit::CounterValue(i, k, t),
                )
                .width(Length::Fixed(COUNTER_VALUE)),
            );
        }
        counters = counters.push(line);
    }
    counters = counters.push(
        widgets::action(
            l.tr("editor.add_counter"),
            Some(Message::Change(Edit::AddCounter)),
        )
        .style(style::plain),
    );
    widgets::panel(counters).into()
}

/// The editor's short fields: a turn structure's numbers, a tie-breaker's name, a counter's
/// bounds and start.
const TURN_NUMBER: f32 = 100.0;
const BREAKER_NAME: f32 = 260.0;
const COUNTER_VALUE: f32 = 90.0;

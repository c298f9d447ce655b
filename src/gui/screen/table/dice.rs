//! The dice box panel: dice in the box (tap to take), the used box, and the reroll, which is
//! enabled only when the rules allow it and says why not otherwise.

use iced::widget::{Column, button, column, container, row, text};
use iced::{Element, Length};

use super::{Message, TableScreen};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::terravist::Session;
use crate::terravist::state::dice::RerollCheck;

/// The dice panel: the faces being entered, the roll buttons, or the box as rolled.
pub fn view<'a>(
    table: &'a TableScreen,
    session: &'a Session,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let title = column![widgets::title(l.tr("dice.title"))].spacing(style::space::ITEM);
    let panel = if let Some(entering) = &table.entering {
        faces_form(title, entering, session, context)
    } else if !session.state().dice.rolled() {
        title
            .push(text(l.tr("dice.not_rolled")).size(style::TEXT))
            .push(roll_buttons(context, true))
    } else {
        rolled(title, session, context)
    };
    widgets::panel(panel).into()
}

/// The faces the table's own dice show, picked per die, then confirmed.
fn faces_form<'a>(
    mut panel: Column<'a, Message>,
    entering: &'a [(usize, Option<String>)],
    session: &'a Session,
    context: &Context<'a>,
) -> Column<'a, Message> {
    let l = context.locale;
    // The table's dice are told apart by their kind (their faces), not by a number: dice of
    // one kind are alike (rulebook 000, line 153: 5 resource dice of 4 kinds).
    let own = &session.profile().terravist;
    let kinds = own.die_kinds();
    let count = kinds.iter().max().map_or(0, |k| k + 1);
    panel = panel
        .push(text(l.tr("dice.enter_help")).size(style::SMALL))
        .push(
            text(
                Text::new("dice.kinds")
                    .arg("dice", kinds.len())
                    .arg("kinds", count)
                    .render(l),
            )
            .size(style::SMALL),
        );
    for (die, face) in entering {
        let kind = kinds.get(*die).copied().unwrap_or(*die);
        let choices = own.resources.iter().fold(
            row![
                text(
                    Text::new("dice.kind")
                        .arg("kind", crate::terravist::profile::kind_letter(kind))
                        .render(l)
                )
                .size(style::TEXT)
                .width(Length::Fixed(style::width::NUMBER))
            ]
            .spacing(style::space::TIGHT),
            |r, kind| {
                let chosen = face.as_deref() == Some(kind.id.as_str());
                r.push(
                    container(
                        button(
                            text(short(&context.name(&kind.name)).to_string()).size(style::SMALL),
                        )
                        .style(if chosen {
                            button::primary
                        } else {
                            style::plain
                        })
                        .on_press(Message::Face(*die, kind.id.clone())),
                    )
                    .id(format!("face-{die}-{}", kind.id)),
                )
            },
        );
        panel = panel.push(choices.wrap());
    }
    panel.push(
        row![
            container(
                widgets::action(l.tr("action.ok"), Some(Message::ConfirmFaces))
                    .style(button::primary)
            )
            .id("faces-ok"),
            widgets::action(l.tr("action.cancel"), Some(Message::CancelFaces)).style(style::plain),
        ]
        .spacing(style::space::ITEM),
    )
}

/// The box as rolled: the dice still in it (tap to take), the used ones, whether a reroll is
/// allowed and why not, and the last resource taken.
fn rolled<'a>(
    panel: Column<'a, Message>,
    session: &'a Session,
    context: &Context<'a>,
) -> Column<'a, Message> {
    let l = context.locale;
    let dice = &session.state().dice;
    let resource = |id: &str| {
        (session.profile().resource(id))
            .map(|r| context.name(&r.name).to_string())
            .unwrap_or_else(|| id.to_string())
    };
    let mut in_box = row![].spacing(style::space::CLOSE);
    let mut used = Vec::new();
    for (i, die) in dice.dice.iter().enumerate() {
        let face = short(&resource(die.face.as_deref().unwrap_or("?"))).to_string();
        if die.in_box {
            in_box = in_box.push(in_box_die(i, face, context));
        } else {
            used.push(format!("{} ({face})", i + 1));
        }
    }
    let used_line = if used.is_empty() {
        l.tr("dice.used_empty")
    } else {
        used.join(", ")
    };
    let check = dice.reroll_check();
    let reason = match check {
        RerollCheck::Allowed => l.tr("dice.reroll_allowed"),
        RerollCheck::NothingUsed => l.tr("dice.reroll_nothing_used"),
        RerollCheck::TooManyKinds(kinds) => Text::new("dice.reroll_too_many")
            .arg("kinds", kinds)
            .render(l),
    };
    let small = |line: Text| text(line.render(l)).size(style::SMALL);
    let mut panel = panel
        .push(text(l.tr("dice.in_box")).size(style::SMALL))
        .push(in_box.wrap())
        .push(small(Text::new("dice.used").arg("dice", used_line)))
        .push(text(reason).size(style::SMALL))
        .push(roll_buttons(context, check == RerollCheck::Allowed))
        .push(small(Text::new("dice.rerolls").arg("count", dice.rerolls)));
    if let Some(last) = session.state().taken.last() {
        panel = panel.push(small(
            Text::new("dice.last_taken").arg("resource", resource(&last.resource)),
        ));
    }
    panel
}

/// A die still in the box: its number and face; a tap takes it.
fn in_box_die<'a>(i: usize, face: String, context: &Context<'a>) -> Element<'a, Message> {
    let number = Text::new("dice.die").arg("n", i + 1).render(context.locale);
    container(
        button(column![
            text(number).size(style::SMALL),
            text(face).size(style::TEXT).font(style::BOLD)
        ])
        .padding(DIE_PADDING)
        .style(style::plain)
        .on_press(Message::TakeDie(i)),
    )
    .id(format!("die-{i}"))
    .into()
}

/// A resource name without its explanation ("Lv2 (small animals)" → "Lv2"), for tight rows.
fn short(name: &str) -> &str {
    name.split(" (").next().unwrap_or(name)
}

fn roll_buttons<'a>(context: &Context<'a>, enabled: bool) -> Element<'a, Message> {
    let l = context.locale;
    row![
        widgets::action(l.tr("dice.app_roll"), enabled.then_some(Message::AppRoll))
            .style(button::primary),
        widgets::action(
            l.tr("dice.enter_faces"),
            enabled.then_some(Message::EnterFaces)
        )
        .style(style::plain),
    ]
    .spacing(style::space::ITEM)
    .into()
}

/// A die in the box: a little tighter than a chip, so five fit a narrow panel.
const DIE_PADDING: [f32; 2] = [8.0, 10.0];

//! The round end, step by step as the rulebook orders it: rank the objective (with a live
//! preview of ranks and points), return eggs (showing who loses one and who is discarded),
//! flip the environment card, pass the parent marker.

use std::collections::HashMap;

use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Length};

use super::{Action, Context};
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::kit::clock_event::ClockEvent;
use crate::session::seat_form;
use crate::terravist::Session;
use crate::terravist::event::Event;
use crate::terravist::state::Phase;
use crate::terravist::state::objective::{ObjectiveOutcome, Placement};
use crate::vocabulary::Player;

/// A result is saved as it is typed (or entered on the player's phone): the screen shows what
/// the game holds. Only text that is not a number yet stays here, as typed.
#[derive(Debug, Default)]
pub struct RoundEnd {
    /// Results whose text is not (yet) a value, by seat: empty, or not a number.
    editing: HashMap<usize, String>,
    environment: String,
    /// Place the markers was tapped once while a player had not answered: the next tap
    /// places them (the missing results as 0), as Finish asks once.
    armed: bool,
}

#[derive(Debug, Clone)]
pub enum Message {
    Result(usize, String),
    /// The stepper beside a result: one more (or one fewer), never below 0.
    Step(usize, i64),
    ConfirmObjective,
    ReturnEggs,
    Environment(String),
    Flip,
    PassParent,
    /// A phase every player plays at once (counting their objective): begun, or ended.
    Together(bool),
    Undo,
}

impl RoundEnd {
    /// Each player's result as the game holds it; one not entered is its placeholder, 0.
    /// `None` while a field holds text that is not a number.
    fn results(&self, session: &Session) -> Option<Vec<u32>> {
        let state = session.state();
        (0..session.players().len())
            .map(|seat| match self.editing.get(&seat).map(|t| t.trim()) {
                Some(typed) if !typed.is_empty() => None,
                _ => Some(state.answer(seat).unwrap_or(0)),
            })
            .collect()
    }

    /// The text a result's field shows: as typed, or what the game holds.
    fn shown(&self, session: &Session, seat: usize) -> String {
        match self.editing.get(&seat) {
            Some(typed) => typed.clone(),
            None => (session.state().answer(seat))
                .map(|v| v.to_string())
                .unwrap_or_default(),
        }
    }

    /// The step was confirmed elsewhere (a phone): nothing typed here is kept for it.
    pub fn clear(&mut self) {
        self.editing.clear();
        self.environment.clear();
    }

    /// A seat's own phone entered its result: the field shows it.
    pub fn forget(&mut self, seat: usize) {
        self.editing.remove(&seat);
    }

    /// A result's text changed: a number (or an empty field) is saved at once, as the phones'
    /// are; anything else waits, shown as typed.
    fn typed(&mut self, seat: usize, value: String, session: &Session) -> Action {
        let trimmed = value.trim();
        let result = trimmed.parse::<u32>().ok();
        let not_a_number = result.is_none() && !trimmed.is_empty();
        // A number shows as the game holds it; an empty field or other text stays as typed.
        if result.is_some() {
            self.editing.remove(&seat);
        } else {
            self.editing.insert(seat, value);
        }
        if not_a_number || result == session.state().answer(seat) {
            return Action::None;
        }
        Action::apply(Event::EnterResult {
            player: seat,
            result,
        })
    }

    /// The players with no result entered (on their phone or here) yet.
    fn waiting<'a>(&self, session: &'a Session) -> Vec<&'a str> {
        (session.players().iter().enumerate())
            .filter(|(seat, _)| session.state().answer(*seat).is_none())
            .filter(|(seat, _)| (self.editing.get(seat)).is_none_or(|t| t.trim().is_empty()))
            .map(|(_, p)| p.name.as_str())
            .collect()
    }

    pub fn update(&mut self, message: Message, session: &Session) -> Action {
        // Any other tap takes the question back.
        let armed = std::mem::take(&mut self.armed);
        match message {
            Message::Result(seat, value) => self.typed(seat, value, session),
            Message::Step(seat, by) => {
                let now = session.state().answer(seat).map_or(0, i64::from);
                let next = (now + by).clamp(0, i64::from(u32::MAX));
                self.typed(seat, next.to_string(), session)
            }
            Message::ConfirmObjective if !armed && !self.waiting(session).is_empty() => {
                self.armed = true;
                Action::None
            }
            Message::ConfirmObjective => match self.results(session) {
                Some(results) => {
                    self.editing.clear();
                    Action::apply(Event::RecordObjective { results })
                }
                None => Action::Notice(Text::new("round_end.results_missing")),
            },
            Message::ReturnEggs => Action::apply(Event::ReturnEggs),
            Message::Environment(name) => {
                self.environment = name;
                Action::None
            }
            Message::Flip => {
                let card =
                    Some(std::mem::take(&mut self.environment)).filter(|c| !c.trim().is_empty());
                Action::apply(Event::FlipEnvironment { card })
            }
            Message::PassParent => Action::apply(Event::PassParent),
            Message::Together(on) => Action::apply(Event::Clock(ClockEvent::Simultaneous { on })),
            Message::Undo => Action::Undo,
        }
    }

    pub fn view<'a>(&'a self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let Phase::RoundEnd { round, .. } = state.phase else {
            return text("").into();
        };
        let steps = session.profile().round_end_steps(round);
        let step = state.round_end_step(session.profile()).unwrap_or(1);
        let progress = steps
            .iter()
            .fold(row![].spacing(style::space::ITEM), |r, s| {
                let label = Text::new("round_end.step").arg("n", s).render(l);
                r.push(
                    text(label)
                        .size(style::TEXT)
                        .font(if *s == step { style::BOLD } else { style::FONT })
                        .color_maybe((*s == step).then_some(style::DERIVED)),
                )
            });
        let body = match step {
            1 => self.objective(session, round, context),
            2 => eggs(session, context),
            3 => self.environment(context),
            _ => parent(session, context),
        };
        // The phone that confirms the steps, when one does: the table need not tap here.
        let confirms = (context.game.and_then(|game| game.table_step()))
            .filter(|step| context.phones_seated.contains(&step.who))
            .and_then(|step| session.players().get(step.who))
            .map(|player| {
                let says = Text::new("round_end.phone_confirms").arg("name", &player.name);
                text(says.render(l)).size(style::TEXT)
            });
        // Four players' results fill a 600-pixel window: the rest (Undo) scrolls into view.
        let page = column![
            text(Text::new("round_end.title").arg("round", round).render(l))
                .size(style::BIG)
                .font(style::BOLD),
            progress,
        ]
        .push(confirms)
        .push(widgets::panel(body))
        .push(
            widgets::action(
                l.tr("table.undo"),
                session.can_undo().then_some(Message::Undo),
            )
            .style(style::plain),
        )
        .spacing(style::SPACING)
        .max_width(style::width::COLUMN_WIDE);
        widgets::scroll(page).height(iced::Length::Fill).into()
    }

    fn objective<'a>(
        &'a self,
        session: &'a Session,
        round: u32,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let label = state.objective_labels[round as usize - 1]
            .clone()
            .unwrap_or_else(|| l.tr("round_end.no_label"));
        let players = session.players().len();
        let preview: Vec<u32> = (0..players)
            .map(|seat| state.answer(seat).unwrap_or(0))
            .collect();
        let outcome =
            ObjectiveOutcome::new(preview, |rank| session.profile().slot_points(round, rank));
        let mut rows = column![
            widgets::title(l.tr("round_end.objective")),
            text(Text::new("table.objective").arg("label", label).render(l)).size(style::TEXT),
            text(l.tr("round_end.zero_rule")).size(style::SMALL),
        ]
        .spacing(style::space::ITEM);
        let mut waiting = Vec::new();
        let forms = seat_form::forms(session, false);
        for ((seat, player), form) in session.players().iter().enumerate().zip(forms) {
            let entered = self.shown(session, seat);
            let asked = form.result;
            let from_phone = asked
                .as_ref()
                .is_some_and(|a| a.value.is_some() && !a.by_table);
            if asked.is_some_and(|a| a.value.is_none()) && entered.trim().is_empty() {
                waiting.push(player.name.as_str());
            }
            // An empty field counts as its placeholder, 0, and previews as such.
            let placement = match outcome.placements[seat] {
                Placement::Rank(rank) => Text::new("round_end.rank").arg("rank", rank).render(l),
                Placement::Bottom => l.tr("round_end.bottom"),
            };
            let place = Text::new("round_end.preview")
                .arg("place", placement)
                .arg("points", outcome.points[seat])
                .render(l);
            rows = rows.push(result_row(
                seat, player, entered, place, from_phone, context,
            ));
        }
        let ready = self.results(session).is_some();
        let confirm = match self.armed {
            true => Text::new("round_end.confirm_anyway")
                .arg_list("names", &self.waiting(session))
                .render(l),
            false => l.tr("round_end.confirm_objective"),
        };
        if !waiting.is_empty() {
            rows = rows.push(
                text(
                    Text::new("round_end.waiting")
                        .arg_list("names", &waiting)
                        .render(l),
                )
                .size(style::TEXT),
            );
        }
        // Counting the objective may be played at once (TERRAVIST's profile does so): each
        // player's clock runs until their result is in, from their phone or typed here, so a
        // result is its player's Ready and the step needs no Ready buttons of its own; beside
        // Place the markers, the table may end the phase (or begin one).
        let running = state.clock.together_now().is_some();
        let phase = match running {
            true => l.tr("table.together_end"),
            false => l.tr("table.together"),
        };
        rows.push(
            row![
                widgets::action(confirm, ready.then_some(Message::ConfirmObjective))
                    .style(button::primary),
                widgets::action(phase, Some(Message::Together(!running))).style(style::plain),
            ]
            .spacing(style::space::CLOSE)
            .wrap(),
        )
        .into()
    }

    fn environment<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        column![
            widgets::title(l.tr("round_end.environment")),
            text(l.tr("round_end.environment_help")).size(style::SMALL),
            text_input(
                &l.tr("round_end.environment_placeholder"),
                &self.environment
            )
            .on_input(Message::Environment)
            .on_submit(Message::Flip)
            .size(style::TEXT)
            .padding(style::space::ITEM),
            widgets::action(l.tr("round_end.flip"), Some(Message::Flip)).style(button::primary),
        ]
        .spacing(style::space::ITEM)
        .into()
    }
}

fn eggs<'a>(session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let table = &session.state().table;
    let (losing, discarded) = table.preview_return_eggs();
    let name = |id: usize| {
        let c = &table.creatures[id];
        Text::new("round_end.creature_of")
            .arg("card", c.card.name.as_str())
            .arg("player", session.players()[c.owner].name.as_str())
            .render(l)
    };
    let mut rows = column![widgets::title(l.tr("round_end.eggs"))].spacing(style::space::CLOSE);
    rows = rows.push(
        text(l.tr("round_end.losing"))
            .size(style::TEXT)
            .font(style::BOLD),
    );
    if losing.is_empty() {
        rows = rows.push(text(l.tr("round_end.nobody")).size(style::SMALL));
    }
    for id in losing {
        let c = &table.creatures[id];
        rows =
            rows.push(text(format!("{}: {} ▶ {}", name(id), c.eggs, c.eggs - 1)).size(style::TEXT));
    }
    rows = rows.push(
        text(l.tr("round_end.discarded"))
            .size(style::TEXT)
            .font(style::BOLD)
            .color(style::WARNING),
    );
    if discarded.is_empty() {
        rows = rows.push(text(l.tr("round_end.nobody")).size(style::SMALL));
    }
    for id in discarded {
        rows = rows.push(text(name(id)).size(style::TEXT).color(style::WARNING));
    }
    rows.push(
        widgets::action(l.tr("round_end.return_eggs"), Some(Message::ReturnEggs))
            .style(button::primary),
    )
    .into()
}

fn parent<'a>(session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let next = (session.state().parent + 1) % session.players().len();
    column![
        widgets::title(l.tr("round_end.parent")),
        text(
            Text::new("round_end.new_parent")
                .arg("player", session.players()[next].name.as_str())
                .render(l)
        )
        .size(style::BIG),
        widgets::action(l.tr("round_end.pass_parent"), Some(Message::PassParent))
            .style(button::primary),
    ]
    .spacing(style::space::ITEM)
    .into()
}

/// An objective's result, typed large: a count of a few digits.
const RESULT_WIDTH: f32 = 120.0;

/// One player's result: their name, the field (saved as typed), − and +, the rank and points it
/// gives, and whether it came from their phone.
fn result_row<'a>(
    seat: usize,
    player: &'a Player,
    entered: String,
    place: String,
    from_phone: bool,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    row![
        text(player.name.as_str())
            .size(style::TITLE)
            .color(style::marker(player.colour))
            .width(Length::Fixed(style::width::FIELD)),
        text_input("0", &entered)
            .id(format!("result-{seat}"))
            .on_input(move |v| Message::Result(seat, v))
            // Enter records the results, as the button does.
            .on_submit(Message::ConfirmObjective)
            .size(style::TITLE)
            .padding(style::space::ITEM)
            .width(Length::Fixed(RESULT_WIDTH)),
        // A tap per step: results are small counts, so a finger beats a keyboard.
        container(widgets::action("−", Some(Message::Step(seat, -1))).style(style::plain))
            .id(format!("result-minus-{seat}")),
        container(widgets::action("+", Some(Message::Step(seat, 1))).style(style::plain))
            .id(format!("result-plus-{seat}")),
        text(place).size(style::TITLE),
        text(if from_phone {
            l.tr("round_end.from_phone")
        } else {
            String::new()
        })
        .size(style::SMALL)
        .color(style::DERIVED),
    ]
    .spacing(style::SPACING)
    .align_y(iced::Alignment::Center)
    .into()
}

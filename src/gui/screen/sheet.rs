//! The score sheet: parts × players, derived cells filled and marked, hand entries validated
//! (a bad entry is refused with a message, never clamped), totals, winners, and a chart.

use std::collections::HashMap;

use iced::widget::{button, canvas, column, container, row, text, text_input};
use iced::{Element, Length};

use super::ending::{self, AskOnce, Ending, EndsTheGame};
use super::{Action, Context, To};
use crate::gui::{chart, style, widgets};
use crate::i18n::Text;
use crate::scoring::{Origin, Points, Scored};
use crate::terravist::Session;
use crate::terravist::event::Event;
use crate::terravist::state::Phase;

/// A cell's value is saved as it is typed: what the sheet shows is what the game holds (and what
/// Finish saves). Only text that is not a number yet stays here, as typed, and Finish is refused
/// while any does, naming the cell.
#[derive(Debug, Default)]
pub struct SheetScreen {
    /// Cells whose text is not (yet) a value, by (seat, part index): empty, or not a number.
    editing: HashMap<(usize, usize), String>,
    /// Finish and Abandon each ask once.
    ending: AskOnce,
}

#[derive(Debug, Clone)]
pub enum Message {
    Cell(usize, usize, String),
    Submit(usize, usize),
    Clear(usize, usize),
    /// Finish or Abandon tapped (each asks once).
    End(Ending),
    Back,
}

impl SheetScreen {
    pub fn update(&mut self, message: Message, session: &Session) -> Action {
        let tapped = match message {
            Message::End(ending) => Some(ending),
            _ => None,
        };
        if let Some(instead) = self.ask_first(tapped, session) {
            return instead;
        }
        match message {
            Message::Cell(seat, part, value) => self.typed(seat, part, value, session),
            // Enter saves nothing more (a number is saved as typed); it says why text is not.
            Message::Submit(seat, part) => match self.editing.get(&(seat, part)) {
                Some(text) if !text.trim().is_empty() => {
                    Action::Notice(Text::new("sheet.not_whole").arg("value", text.trim()))
                }
                _ => Action::None,
            },
            Message::Clear(seat, part) => {
                self.editing.remove(&(seat, part));
                let part = session.profile().game.sheet.parts[part].id.clone();
                Action::apply(Event::SetScore {
                    player: seat,
                    part,
                    value: None,
                })
            }
            Message::End(ending) => ending.action(),
            Message::Back => Action::Go(To::Table),
        }
    }

    /// A seat's own phone wrote one of its cells: the sheet shows the game's values for it.
    pub fn forget(&mut self, seat: usize) {
        self.editing.retain(|&(s, _), _| s != seat);
    }

    /// A cell's text changed: a number is saved at once; anything else waits, shown as typed.
    fn typed(&mut self, seat: usize, part: usize, value: String, session: &Session) -> Action {
        // Another cell's leftover empty text is dropped: that cell shows what the game holds.
        self.editing
            .retain(|&key, text| key == (seat, part) || !text.trim().is_empty());
        let Some((points, origin)) = session.sheet().players.get(seat).and_then(|p| p.cell(part))
        else {
            return Action::None;
        };
        let part_id = session.profile().game.sheet.parts[part].id.clone();
        let trimmed = value.trim().to_string();
        if trimmed.is_empty() {
            self.editing.insert((seat, part), value);
            // Emptying a hand entry clears it; a derived cell shows its computed value greyed.
            if !origin.is_entered() {
                return Action::None;
            }
            return Action::apply(Event::SetScore {
                player: seat,
                part: part_id,
                value: None,
            });
        }
        match trimmed.parse::<u32>() {
            Ok(v) => {
                self.editing.remove(&(seat, part));
                if origin.is_entered() && points == Points::whole(v.into()) {
                    return Action::None;
                }
                Action::apply(Event::SetScore {
                    player: seat,
                    part: part_id,
                    value: Some(v),
                })
            }
            Err(_) => {
                self.editing.insert((seat, part), value);
                Action::Notice(Text::new("sheet.not_whole").arg("value", &trimmed))
            }
        }
    }

    pub fn view<'a>(&'a self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let sheet = session.sheet();
        let over = session.state().phase == Phase::Over;
        let winners = sheet.winner_names();
        let headline = match (over, sheet.any_number_in()) {
            (true, true) => Text::new("sheet.winners")
                .arg_list("names", &winners)
                .render(l),
            (true, false) => l.tr("sheet.no_number_yet"),
            (false, _) => l.tr("sheet.provisional"),
        };
        let ready = crate::session::Game::ready_seats(session);
        let players = session.players();
        let buttons = if over {
            row![
                widgets::action(
                    ending::finish_label(self.ending.armed(), players, &ready, l),
                    Some(Message::End(Ending::Finish))
                )
                .style(button::success)
            ]
        } else {
            row![
                widgets::action(l.tr("sheet.back"), Some(Message::Back)).style(style::plain),
                widgets::action(
                    l.tr(Ending::Abandon.label(self.ending.armed())),
                    Some(Message::End(Ending::Abandon))
                )
                .style(button::danger),
            ]
            .spacing(style::space::ITEM)
        };
        // The winners are news for the whole table; a sheet looked at mid-game is only a
        // heading (at the winners' size it took two lines at 800×600 in Japanese).
        let size = if over {
            context.headline()
        } else {
            style::TITLE
        };
        let readiness = ending::readiness(players, &ready, l)
            .map(|line| text(line).size(style::TEXT).color(style::DERIVED));
        column![
            text(headline).size(size).font(style::BOLD),
            widgets::scroll(self.body(session, &sheet, context)).height(Length::Fill),
        ]
        .push(readiness)
        .push(buttons)
        .spacing(style::SPACING)
        .into()
    }

    /// The sheet itself, totals, ranks and the chart, without the buttons around it (logging a
    /// past game shows it with its own).
    pub fn body<'a>(
        &'a self,
        session: &'a Session,
        sheet: &Scored,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let profile = session.profile();
        let mut grid = column![header_row(session, context)].spacing(style::space::CLOSE);
        for (p, part) in profile.game.sheet.parts.iter().enumerate() {
            let mut line = row![
                text(context.name(&part.name))
                    .size(style::TEXT)
                    .width(NAME_WIDTH)
            ]
            .spacing(style::space::ITEM)
            .align_y(iced::Alignment::Center);
            for (seat, column) in sheet.players.iter().enumerate() {
                if let Some(cell) = column.cell(p) {
                    line = line.push(self.cell(seat, p, cell, context));
                }
            }
            grid = grid.push(line);
        }
        let (totals, ranks) = totals_and_ranks(sheet, context);
        grid = grid.push(totals).push(ranks);

        let bars = chart::StackedBars::new(sheet, session.players());
        let legend = profile.game.sheet.parts.iter().enumerate().fold(
            row![].spacing(style::SPACING),
            |r, (i, part)| {
                r.push(
                    text(format!("■ {}", context.name(&part.name)))
                        .size(style::SMALL)
                        .color(style::part(i)),
                )
            },
        );
        column![
            widgets::panel(grid),
            text(l.tr("sheet.legend_gui")).size(style::SMALL),
            canvas(bars).width(Length::Fill).height(Length::Fixed(
                CHART_MARGIN + CHART_ROW * session.players().len() as f32,
            )),
            legend.wrap(),
        ]
        .spacing(style::SPACING)
        .into()
    }

    /// One player's cell of a part: what is typed (or the value that counts), whether it is
    /// derived or overridden, and a reset for an override.
    fn cell<'a>(
        &'a self,
        seat: usize,
        p: usize,
        (points, origin): (Points, Origin),
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let shown = self.editing.get(&(seat, p)).cloned().unwrap_or_else(|| {
            if origin == Origin::Missing {
                String::new()
            } else {
                points.to_string()
            }
        });
        let (mark, computed) = match origin {
            Origin::Overridden { computed } => (l.tr("sheet.overridden"), Some(computed)),
            Origin::Computed => (l.tr("sheet.derived"), Some(points)),
            Origin::Missing | Origin::Entered => (String::new(), None),
        };
        // An emptied derived cell shows, greyed, the value that counts.
        let placeholder = computed.map_or("—".to_string(), |v| v.to_string());
        let mut cell_row = row![
            text_input(&placeholder, &shown)
                .id(format!("cell-{seat}-{p}"))
                .on_input(move |v| Message::Cell(seat, p, v))
                .on_submit(Message::Submit(seat, p))
                .size(style::TEXT)
                .padding(style::space::CLOSE)
                .width(Length::Fixed(CELL_INPUT)),
            text(mark).size(style::SMALL).color(style::DERIVED),
        ]
        .spacing(style::space::TIGHT)
        .align_y(iced::Alignment::Center);
        if matches!(origin, Origin::Overridden { .. }) {
            cell_row = cell_row.push(
                button(text(l.tr("sheet.reset")).size(style::SMALL))
                    .style(button::text)
                    .on_press(Message::Clear(seat, p)),
            );
        }
        container(cell_row).width(CELL_WIDTH).into()
    }
}

/// The width of the parts' names, and of each player's column.
/// Shares of the width, not pixels: four players' columns fit an 800-pixel window.
const NAME_WIDTH: Length = Length::FillPortion(5);
const CELL_WIDTH: Length = Length::FillPortion(3);

/// "Part", then each player's name in their marker colour.
fn header_row<'a>(session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
    let mut header = row![
        text(context.locale.tr("sheet.part"))
            .size(style::TEXT)
            .width(NAME_WIDTH)
    ]
    .spacing(style::space::ITEM);
    for player in session.players() {
        header = header.push(
            text(player.name.as_str())
                .size(style::TITLE)
                .font(style::BOLD)
                .color(style::marker(player.colour))
                .width(CELL_WIDTH),
        );
    }
    header.into()
}

/// The totals row and the ranks row, the winner starred.
fn totals_and_ranks<'a>(
    sheet: &Scored,
    context: &Context<'a>,
) -> (Element<'a, Message>, Element<'a, Message>) {
    let l = context.locale;
    let mut totals = row![
        text(l.tr("sheet.total"))
            .size(style::TITLE)
            .font(style::BOLD)
            .width(NAME_WIDTH)
    ]
    .spacing(style::space::ITEM);
    let mut ranks = row![text(l.tr("sheet.rank")).size(style::TEXT).width(NAME_WIDTH)]
        .spacing(style::space::ITEM);
    for column in &sheet.players {
        totals = totals.push(
            text(column.total.to_string())
                .size(style::BIG)
                .font(style::BOLD)
                .width(CELL_WIDTH),
        );
        let mut rank = row![text(column.rank.to_string()).size(style::TITLE)]
            .spacing(style::space::CLOSE)
            .align_y(iced::Alignment::Center);
        if column.winner {
            rank = rank.push(widgets::star(style::TITLE, style::WINNER));
        }
        ranks = ranks.push(container(rank).width(CELL_WIDTH));
    }
    (totals.into(), ranks.into())
}

/// The chart: a bar per player, and the margin for its axis.
const CHART_ROW: f32 = 44.0;
const CHART_MARGIN: f32 = 20.0;
/// A cell's field: three digits at text size.
const CELL_INPUT: f32 = 64.0;

impl EndsTheGame for SheetScreen {
    type Session = Session;

    fn ask_once(&mut self) -> &mut AskOnce {
        &mut self.ending
    }

    /// The first cell whose typed text is not saved (not a number), as a refusal to finish.
    fn unsaved(&self, session: &Session) -> Option<Text> {
        let mut pending: Vec<_> = self
            .editing
            .iter()
            .filter(|(_, text)| !text.trim().is_empty())
            .collect();
        pending.sort();
        let &(&(seat, part), text) = pending.first()?;
        let profile = session.profile();
        Some(
            Text::new("sheet.unsaved_cell")
                .arg("player", session.players().get(seat)?.name.as_str())
                .arg_name("part", &profile.game.sheet.parts.get(part)?.name)
                .arg("value", text.trim()),
        )
    }
}

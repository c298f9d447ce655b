//! The play screen's score sheet: a row per part the profile describes, a column per player,
//! each cell the input its kind needs (a number, several counts, claimants in order, who took
//! a bonus), the points it is worth, the totals, the tie-breakers and the winners.

use iced::widget::{button, column, container, row, text, text_input};
use iced::{Alignment, Element, Length};

use super::{Field, Message, PlayScreen};
use crate::any_game::{PlayEvent, PlayPhase, PlaySession};
use crate::gui::screen::Context;
use crate::gui::screen::ending::{self, Ending};
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::scoring::{PartKind, PartSpec, Prefer, Scored, WinnerRule};

const LABEL: f32 = 260.0;
const CELL: f32 = 150.0;

impl PlayScreen {
    pub(crate) fn sheet<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let profile = session.profile();
        let state = session.state();
        let scored = state.scored(profile);
        let mut grid = column![].spacing(style::space::CLOSE);
        let mut names = row![text("").width(Length::Fixed(LABEL))].spacing(style::space::CLOSE);
        for (seat, player) in session.players().iter().enumerate() {
            let mut label = player.name.clone();
            if let Some(side) = side_name(session, seat, context) {
                label = format!("{label} ({side})");
            }
            names = names.push(
                text(label)
                    .size(style::TEXT)
                    .font(style::BOLD)
                    .color(style::marker(player.colour))
                    .width(Length::Fixed(CELL)),
            );
        }
        // The opponent the game plays itself (Earth's Gaia, rulebook 001, lines 272-306) has
        // the column after the players'.
        if let Some(opponent) = &profile.sheet.opponent
            && state.input.opponent.is_some()
        {
            names = names.push(
                text(context.name(&opponent.name).into_owned())
                    .size(style::TEXT)
                    .font(style::BOLD)
                    .width(Length::Fixed(CELL)),
            );
        }
        grid = grid.push(names);
        for (index, part) in profile.sheet.parts.iter().enumerate() {
            let points: Vec<String> = scored
                .as_ref()
                .map(|s| {
                    (s.players.iter().chain(&s.opponent))
                        .map(|p| p.parts[index].to_string())
                        .collect()
                })
                .unwrap_or_default();
            grid = grid.push(self.part_row(session, part, &points, context));
        }
        let mut panel = column![widgets::title(l.tr("play.sheet"))].spacing(style::space::ITEM);
        if state.phase == PlayPhase::Over {
            panel = panel.push(widgets::strip(
                text(l.tr("play.over")).size(style::TITLE),
                |p| p.success.weak,
            ));
        }
        panel = panel.push(grid);
        panel = match &scored {
            Ok(scored) => panel.extend(totals_and_winners(
                scored,
                !profile.sheet.parts.is_empty(),
                ended_by(session, context),
                (scored.tie_broken_by.as_ref()).and_then(|id| profile.tie_breaker(id)),
                (profile.sheet.opponent.as_ref()).map(|o| context.name(&o.name).into_owned()),
                context,
            )),
            // A game of sides before its end: nobody has won yet.
            Err(_) => panel.push(text(l.tr("play.no_winner_yet")).size(style::TEXT)),
        };
        let level =
            (scored.as_ref()).map_or_else(|_| Vec::new(), |s| s.level_seats(&profile.sheet));
        panel = panel.extend(self.tie_breaker_rows(session, &level, context));
        widgets::panel(panel).into()
    }

    /// A row per tie-breaker the table types (the turn order the app knows already, and a part
    /// of the sheet the sheet holds), while a tie is there to break: a field for each player
    /// level on total with another (`level`), as every door asks it.
    fn tie_breaker_rows<'a>(
        &'a self,
        session: &'a PlaySession,
        level: &[usize],
        context: &Context<'a>,
    ) -> Vec<Element<'a, Message>> {
        let (WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers }) =
            &session.profile().sheet.winner
        else {
            return Vec::new();
        };
        let mut rows: Vec<Element<'a, Message>> = Vec::new();
        // A tie that goes by the turn order goes by the one made after the last round (The
        // Rats of Wistar, rulebook 002, lines 491-494): once the game is over it is set here.
        let by_order = tie_breakers
            .iter()
            .any(|t| t.prefer == Prefer::EarlierInTurnOrder);
        let state = session.state();
        if by_order
            && state.phase == PlayPhase::Over
            && crate::kit::turns::reorders(&session.profile().turns)
        {
            let mut line = row![
                text(context.locale.tr("play.final_order"))
                    .size(style::SMALL)
                    .width(Length::Fixed(LABEL))
            ]
            .spacing(style::space::CLOSE)
            .align_y(Alignment::Center);
            for (position, &seat) in state.order.iter().enumerate() {
                let name = format!("{}. {}", position + 1, session.players()[seat].name);
                line = line.push(text(name).size(style::SMALL));
                if position > 0 {
                    line = line.push(
                        container(
                            button(text("◀").size(style::SMALL))
                                .on_press(Message::Earlier(position)),
                        )
                        .id(format!("final-order-earlier-{position}")),
                    );
                }
            }
            rows.push(line.into());
        }
        if level.is_empty() {
            return rows;
        }
        rows.extend((tie_breakers.iter()).filter(|t| t.typed()).map(|breaker| {
            let name = Text::new("play.tie_breaker").arg("name", context.name(&breaker.name));
            let mut line = row![
                text(name.render(context.locale))
                    .size(style::SMALL)
                    .width(Length::Fixed(LABEL))
            ]
            .spacing(style::space::CLOSE);
            for seat in 0..columns(session) {
                let field = Field::Tie {
                    seat,
                    breaker: breaker.id.clone(),
                };
                line = line.push(match level.contains(&seat) {
                    true => self.input(field, session, seat, &breaker.id),
                    false => text("–")
                        .size(style::SMALL)
                        .width(Length::Fixed(CELL))
                        .into(),
                });
            }
            line.into()
        }));
        rows
    }

    /// Finish and abandon, under the sheet and outside its scroll, so they are always in reach.
    pub(super) fn sheet_buttons<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let over = state.phase == PlayPhase::Over;
        let scored = over && state.scored(session.profile()).is_ok();
        let armed = self.ending.armed();
        let ready = &state.ready;
        let finish = widgets::action(
            ending::finish_label(armed, session.players(), ready, l),
            scored.then_some(Message::End(Ending::Finish)),
        )
        .style(button::success);
        let abandon = widgets::action(
            l.tr(Ending::Abandon.label(armed)),
            Some(Message::End(Ending::Abandon)),
        )
        .style(button::danger);
        let mut buttons = row![finish, abandon].spacing(style::SPACING);
        if !over {
            buttons = buttons.push(text(l.tr("play.finish_after_end")).size(style::SMALL));
        }
        if let Some(line) = ending::readiness(session.players(), ready, l) {
            buttons = buttons.push(text(line).size(style::SMALL).color(style::DERIVED));
        }
        buttons.align_y(Alignment::Center).into()
    }

    fn input<'a>(
        &'a self,
        field: Field,
        session: &'a PlaySession,
        seat: usize,
        id_part: &str,
    ) -> Element<'a, Message> {
        let shown = self.shown(&field, session);
        let id = match &field {
            Field::Cell { count, .. } => format!("play-{id_part}-{seat}-{count}"),
            Field::Tie { .. } => format!("tie-{id_part}-{seat}"),
            Field::Dummies { .. } => format!("dummies-{id_part}"),
        };
        text_input("", &shown)
            .id(id)
            .on_input(move |t| Message::Type(field.clone(), t))
            .size(style::TEXT)
            .padding(style::space::CLOSE)
            .width(Length::Fixed(CELL))
            .into()
    }

    /// One part of the sheet, entered the way its kind asks: cards claimed in order, a bonus
    /// taken by one player, counts of several things, or a number each.
    fn part_row<'a>(
        &'a self,
        session: &'a PlaySession,
        part: &'a PartSpec,
        points: &[String],
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let label = text(context.name(&part.name))
            .size(style::TEXT)
            .width(Length::Fixed(LABEL));
        match &part.kind {
            PartKind::Claims { cards, .. } => {
                claims_rows(session, part, *cards as usize, label, points, context)
            }
            PartKind::Bonus { .. } => bonus_row(session, part, label, points),
            PartKind::PerN { counts, per } => {
                self.per_n_rows(session, part, (counts, *per), label, points, context)
            }
            _ => self.entry_rows(session, part, label, points, context),
        }
    }

    /// A count of each named thing per player, scored per `per` of them all.
    fn per_n_rows<'a>(
        &'a self,
        session: &'a PlaySession,
        part: &'a PartSpec,
        (counts, per): (&'a [crate::vocabulary::Name], u32),
        label: iced::widget::Text<'a>,
        points: &[String],
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let mut rows = column![
            row![
                label,
                text(Text::new("play.per_n").arg("per", per).render(l)).size(style::SMALL)
            ]
            .spacing(style::space::CLOSE)
        ]
        .spacing(style::space::TIGHT);
        for (count, name) in counts.iter().enumerate() {
            let mut line = row![
                text(context.name(name))
                    .size(style::SMALL)
                    .width(Length::Fixed(LABEL))
            ]
            .spacing(style::space::CLOSE);
            for seat in 0..columns(session) {
                let field = Field::Cell {
                    seat,
                    part: part.id.clone(),
                    count,
                };
                line = line.push(if scores(session, seat, &part.id) {
                    self.input(field, session, seat, &part.id)
                } else {
                    text("–")
                        .size(style::SMALL)
                        .width(Length::Fixed(CELL))
                        .into()
                });
            }
            rows = rows.push(line);
        }
        rows.push(points_row(points, columns(session))).into()
    }

    /// A number each (a rank part also takes the number of dummy players).
    fn entry_rows<'a>(
        &'a self,
        session: &'a PlaySession,
        part: &'a PartSpec,
        label: iced::widget::Text<'a>,
        points: &[String],
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let mut line = row![label].spacing(style::space::CLOSE);
        for seat in 0..columns(session) {
            let field = Field::Cell {
                seat,
                part: part.id.clone(),
                count: 0,
            };
            let cell: Element<'a, Message> = if scores(session, seat, &part.id) {
                self.input(field, session, seat, &part.id)
            } else {
                text("–")
                    .size(style::TEXT)
                    .width(Length::Fixed(CELL))
                    .into()
            };
            line = line.push(column![cell, worth(points, seat)].width(Length::Fixed(CELL)));
        }
        let mut rows = column![line].spacing(style::space::TIGHT);
        // The dummies the rulebook ranks at this table (none with 4 in Terramara: no field).
        let players = session.players().len();
        if matches!(part.kind, PartKind::Rank { .. })
            && part.dummies_for(players, crate::any_game::MAX_DUMMIES) > 0
        {
            let dummies = Field::Dummies {
                part: part.id.clone(),
            };
            rows = rows.push(
                row![
                    text(context.locale.tr("play.dummies"))
                        .size(style::SMALL)
                        .width(Length::Fixed(LABEL)),
                    self.input(dummies, session, 0, &part.id)
                ]
                .spacing(style::space::CLOSE),
            );
        }
        rows.into()
    }
}

/// A seat's side, in a game of sides.
fn side_name(session: &PlaySession, seat: usize, context: &Context) -> Option<String> {
    (session.state().side_name(session.profile(), seat))
        .map(|name| context.name(&name).into_owned())
}

/// In a game of sides that is over: how it ended and which side won, in the profile's words.
fn ended_by(session: &PlaySession, context: &Context) -> Option<(String, String)> {
    let WinnerRule::Side { endings, sides } = &session.profile().sheet.winner else {
        return None;
    };
    let id = session.state().input.ending.as_ref()?;
    let ending = endings.iter().find(|e| &e.id == id)?;
    let side = sides.iter().find(|s| s.id == ending.winner)?;
    Some((
        context.name(&ending.name).into_owned(),
        context.name(&side.name).into_owned(),
    ))
}

/// The totals row (a sheet with parts) and who won (in a game of sides, how it ended).
fn totals_and_winners<'a>(
    scored: &Scored,
    with_totals: bool,
    ended: Option<(String, String)>,
    tie_broken_by: Option<&crate::vocabulary::Name>,
    opponent_name: Option<String>,
    context: &Context<'a>,
) -> Vec<Element<'a, Message>> {
    let l = context.locale;
    let mut lines = Vec::new();
    if with_totals {
        let totals = scored.players.iter().chain(&scored.opponent).fold(
            row![
                text(l.tr("sheet.total"))
                    .size(style::TITLE)
                    .width(Length::Fixed(LABEL))
            ]
            .spacing(style::space::CLOSE),
            |r, p| {
                r.push(
                    text(p.total.to_string())
                        .size(style::TITLE)
                        .font(style::BOLD)
                        .width(Length::Fixed(CELL)),
                )
            },
        );
        lines.push(totals.into());
    }
    // The opponent in the player's language (the sheet keeps its English name).
    let opponent = (scored.opponent.iter())
        .filter(|o| o.winner)
        .map(|o| opponent_name.clone().unwrap_or_else(|| o.name.clone()));
    let names = (scored.winner_names().into_iter().map(str::to_string))
        .chain(opponent)
        .collect::<Vec<_>>();
    let names = crate::i18n::lists::and(context.locale.tag(), &names);
    let winners = match ended {
        Some((ending, side)) => Text::new("play.ended")
            .arg("ending", ending)
            .arg("side", side)
            .arg("names", names),
        // Nobody has won a sheet with nothing on it yet (every player at the empty values).
        None if !scored.any_number_in() => Text::new("sheet.no_number_yet"),
        None => Text::new("sheet.winners").arg("names", names),
    };
    lines.push(
        text(winners.render(l))
            .size(style::TITLE)
            .font(style::BOLD)
            .into(),
    );
    if let Some(breaker) = tie_broken_by {
        let line = Text::new("sheet.tie_broken_by").arg_name("breaker", breaker);
        lines.push(text(line.render(l)).size(style::TEXT).into());
    }
    lines
}

/// "= 12" under a player's column: what the part is worth to them.
fn worth<'a>(points: &[String], seat: usize) -> Element<'a, Message> {
    text(format!(
        "= {}",
        points.get(seat).cloned().unwrap_or_default()
    ))
    .size(style::SMALL)
    .into()
}

/// Each player's points for a part, under the columns.
fn points_row<'a>(points: &[String], players: usize) -> Element<'a, Message> {
    let mut totals = row![text("").width(Length::Fixed(LABEL))].spacing(style::space::CLOSE);
    for seat in 0..players {
        totals = totals.push(column![worth(points, seat)].width(Length::Fixed(CELL)));
    }
    totals.into()
}

/// Cards claimed in order: for each card, a button per player; tapping puts them next in line.
fn claims_rows<'a>(
    session: &'a PlaySession,
    part: &'a PartSpec,
    cards: usize,
    label: iced::widget::Text<'a>,
    points: &[String],
    context: &Context<'a>,
) -> Element<'a, Message> {
    let claims = session.state().input.claims.get(&part.id);
    let mut rows = column![label].spacing(style::space::TIGHT);
    for card in 0..cards {
        let order = claims
            .and_then(|c| c.get(card))
            .cloned()
            .unwrap_or_default();
        let mut line = row![
            text(
                Text::new("play.card")
                    .arg("card", card + 1)
                    .render(context.locale)
            )
            .size(style::SMALL)
            .width(Length::Fixed(LABEL))
        ]
        .spacing(style::space::CLOSE);
        for (seat, name) in claimants(session, &part.id) {
            let place = order.iter().position(|&s| s == seat);
            let label = match place {
                Some(p) => format!("#{} {name}", p + 1),
                None => name,
            };
            line = line.push(
                container(
                    button(text(label).size(style::SMALL))
                        .width(Length::Fixed(CELL))
                        .style(if place.is_some() {
                            button::success
                        } else {
                            style::plain
                        })
                        .on_press(Message::Claim {
                            part: part.id.clone(),
                            card,
                            seat,
                        }),
                )
                .id(format!("claim-{}-{card}-{seat}", part.id)),
            );
        }
        rows = rows.push(line);
    }
    rows.push(points_row(points, columns(session))).into()
}

/// Columns of the sheet: the players', and the opponent's the game plays itself.
fn columns(session: &PlaySession) -> usize {
    let input = &session.state().input;
    input.players.len() + usize::from(input.opponent.is_some())
}

/// Whether a seat's column scores a part (the opponent only its own parts).
fn scores(session: &PlaySession, seat: usize, part: &str) -> bool {
    seat < session.players().len()
        || (session.profile().sheet.opponent.as_ref())
            .is_some_and(|o| o.parts.iter().any(|p| p == part))
}

/// Who may take a claim or a bonus of a part: each player, then the opponent if it scores it.
fn claimants(session: &PlaySession, part: &str) -> Vec<(usize, String)> {
    let input = &session.state().input;
    (0..columns(session))
        .filter(|&seat| scores(session, seat, part))
        .filter_map(|seat| Some((seat, input.column(seat)?.name.clone())))
        .collect()
}

/// A bonus one player takes: a button per player (tap again to take it back).
fn bonus_row<'a>(
    session: &'a PlaySession,
    part: &'a PartSpec,
    label: iced::widget::Text<'a>,
    points: &[String],
) -> Element<'a, Message> {
    let taken = session.state().input.bonus.get(&part.id).copied();
    let mut line = row![label].spacing(style::space::CLOSE);
    for (seat, name) in claimants(session, &part.id) {
        let took = taken == Some(seat);
        let take = Message::Event(PlayEvent::SetBonus {
            part: part.id.clone(),
            seat: (!took).then_some(seat),
        });
        line = line.push(
            column![
                container(
                    button(text(name).size(style::SMALL))
                        .width(Length::Fixed(CELL))
                        .style(if took { button::success } else { style::plain })
                        .on_press(take)
                )
                .id(format!("bonus-{}-{seat}", part.id)),
                worth(points, seat)
            ]
            .width(Length::Fixed(CELL)),
        );
    }
    line.into()
}

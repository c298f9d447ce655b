//! A past TERRAVIST game's rounds: the objective rankings, and each round's time per player.

use iced::Element;
use iced::widget::{column, text};

use super::{Detail, Message};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::kit::clock::Activity;
use crate::terravist::state::objective::Placement;

impl Detail {
    pub(super) fn objectives<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut rows =
            column![widgets::title(l.tr("round_end.objective_short"))].spacing(style::space::TIGHT);
        for o in &self.entry.objectives {
            let placements = crate::terravist::state::objective::rank(&o.results);
            let cells: Vec<String> = self
                .entry
                .players
                .iter()
                .enumerate()
                .map(|(seat, p)| {
                    let place = match placements.get(seat) {
                        Some(Placement::Rank(rank)) => {
                            Text::new("round_end.rank").arg("rank", rank).render(l)
                        }
                        _ => l.tr("round_end.bottom"),
                    };
                    format!(
                        "{} {} ▶ {} ({})",
                        p.name,
                        o.results.get(seat).copied().unwrap_or(0),
                        place,
                        o.points.get(seat).copied().unwrap_or(0)
                    )
                })
                .collect();
            let label = o
                .label
                .clone()
                .unwrap_or_else(|| l.tr("round_end.no_label"));
            rows = rows.push(
                text(format!(
                    "{} · {label}: {}",
                    Text::new("table.round").arg("round", o.round).render(l),
                    cells.join(" · ")
                ))
                .size(style::TEXT),
            );
        }
        widgets::panel(rows).into()
    }

    pub(super) fn timeline<'a>(&'a self, context: &Context<'a>) -> Option<Element<'a, Message>> {
        let l = context.locale;
        let replayed = self.replayed.as_ref()?;
        let (clock, players) = (&replayed.clock, &replayed.players);
        let end = clock.ended_at.unwrap_or(self.entry.ended_at);
        let mut per_round: Vec<Vec<chrono::Duration>> = Vec::new();
        for (activity, took) in clock.player_turns(end) {
            if let Activity::PlayerTurn { round, player, .. } = activity {
                let r = round as usize - 1;
                if per_round.len() <= r {
                    per_round.resize(r + 1, vec![chrono::Duration::zero(); players.len()]);
                }
                per_round[r][player] += took;
            }
        }
        let mut rows =
            column![widgets::title(l.tr("detail.timeline"))].spacing(style::space::TIGHT);
        for (r, times) in per_round.iter().enumerate() {
            let cells: Vec<String> = players
                .iter()
                .zip(times)
                .map(|(p, t)| format!("{} {}", p.name, widgets::duration(*t)))
                .collect();
            let round = clock.round_total(r as u32 + 1, end);
            rows = rows.push(
                text(format!(
                    "{} · {} · {}",
                    Text::new("table.round").arg("round", r + 1).render(l),
                    widgets::duration(round),
                    cells.join(" · ")
                ))
                .size(style::TEXT),
            );
        }
        // Each phase played at once: how long it ran, and each player's time in it.
        for phase in &clock.together {
            let cells: Vec<String> = (players.iter().zip(&phase.times))
                .map(|(p, t)| {
                    let took = millis(t.unwrap_or(0));
                    format!("{} {}", p.name, widgets::duration(took))
                })
                .collect();
            let line = Text::new("detail.together")
                .arg("round", phase.activity.round())
                .arg("players", cells.join(" · "));
            rows = rows.push(text(line.render(l)).size(style::TEXT));
        }
        // Table time (round ends, table time in turns) and pauses, apart from the players'.
        let apart = Text::new("detail.table_time")
            .arg("table", widgets::duration(clock.table_total(end)))
            .arg("paused", widgets::duration(millis(clock.paused_millis)));
        rows = rows.push(text(apart.render(l)).size(style::TEXT));
        // Played to a clock that counts down: who ran out, and by how much.
        for player in (self.entry.players.iter()).filter(|p| p.timeouts > 0) {
            let line = Text::new("detail.timeouts")
                .arg("player", &player.name)
                .arg("timeouts", player.timeouts)
                .arg("over", widgets::duration(millis(player.over_ms)));
            rows = rows.push(text(line.render(l)).size(style::TEXT));
        }
        Some(widgets::panel(rows).into())
    }
}

/// A duration the history holds, in milliseconds: the one figure chrono cannot hold
/// (`i64::MIN`, from a damaged line) shows as nothing rather than stop the window.
fn millis(ms: i64) -> chrono::Duration {
    chrono::Duration::try_milliseconds(ms).unwrap_or_default()
}

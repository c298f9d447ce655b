//! Each TERRAVIST table action in words, for the table's log of the turn and the history's
//! replay, and where a game stands in one line (the replays, the history's detail).
//!
//! A sentence needs only the event and a state at or after it: creatures are never removed from
//! [`crate::terravist::state::table::Table`] (a discarded one keeps its card), and tokens taken are only ever
//! appended, so any later state still knows what an earlier event touched.

use crate::i18n::{Locale, Text};
use crate::kit::clock_event::ClockEvent;
use crate::session::Record;
use crate::terravist::event::{CreatureId, Event, RollSource, RolledDie};
use crate::terravist::profile::Profile;
use crate::terravist::state::GameState;
use crate::terravist::state::Phase;
use crate::vocabulary::{Name, Player};

/// What a sentence may name: the profile's words, the players, and a state at or after the event.
pub struct Narrator<'a> {
    pub profile: &'a Profile,
    pub players: &'a [Player],
    pub state: &'a GameState,
}

/// A name the profile does not know (a file from another profile version) is shown as its id.
fn plain(id: &str) -> Name {
    Name::same(id)
}

impl Narrator<'_> {
    /// The sentence for `records[index]`.
    pub fn record(&self, records: &[Record<Event>], index: usize) -> Text {
        let event = &records[index].event;
        match event {
            Event::TakeDie { die } => {
                // The k-th take is the k-th token taken.
                let k = records[..index]
                    .iter()
                    .filter(|r| matches!(r.event, Event::TakeDie { .. }))
                    .count();
                let token = self.state.taken.get(k);
                let resource = token.map_or_else(|| plain("?"), |t| self.resource(&t.resource));
                match token.and_then(|t| t.player) {
                    Some(seat) => Text::new("narrate.take_die_by").arg("player", self.player(seat)),
                    None => Text::new("narrate.take_die"),
                }
                .arg_name("resource", &resource)
                .arg("die", die + 1)
            }
            _ => self.event(event),
        }
    }

    /// The sentence for an event that needs no neighbours to be told.
    fn event(&self, event: &Event) -> Text {
        match event {
            Event::SetFirstHabitat { habitat } => {
                Text::new("narrate.first_habitat").arg_name("habitat", &self.habitat(habitat))
            }
            Event::SetObjective { round, label } => Text::new("narrate.objective")
                .arg("round", round)
                .arg("label", label),
            Event::InitialRoll { dice, source } => self.roll("narrate.initial_roll", dice, *source),
            Event::Reroll { dice, source } => self.roll("narrate.reroll", dice, *source),
            Event::StartGame => Text::new("narrate.start"),
            Event::NextPlayerTurn => Text::new("narrate.next_turn"),
            Event::Clock(event) => event.narrate(|seat| self.player(seat)),
            Event::TakeDie { die } => Text::new("narrate.take_die")
                .arg_name("resource", &plain("?"))
                .arg("die", die + 1),
            Event::Settle {
                player,
                card,
                habitat,
            } => Text::new("narrate.settle")
                .arg("player", self.player(*player))
                .arg("card", &card.name)
                .arg_name("habitat", &self.habitat(habitat)),
            Event::StealNiche {
                player,
                target,
                card,
                paid_eggs,
            } => {
                let paid = paid_eggs.as_ref().map_or(0, Vec::len);
                Text::new(if paid > 0 {
                    "narrate.steal_paid"
                } else {
                    "narrate.steal"
                })
                .arg("player", self.player(*player))
                .arg("card", &card.name)
                .arg("target", self.creature(*target))
                .arg("eggs", paid)
            }
            Event::AddEgg { creature } => {
                Text::new("narrate.add_egg").arg("card", self.creature(*creature))
            }
            Event::RemoveEgg { creature } => {
                Text::new("narrate.remove_egg").arg("card", self.creature(*creature))
            }
            Event::TuckCard { creature } => {
                Text::new("narrate.tuck").arg("card", self.creature(*creature))
            }
            Event::DiscardCreature { creature } => {
                Text::new("narrate.discard").arg("card", self.creature(*creature))
            }
            Event::DevelopHabitat { player, habitat } => Text::new("narrate.develop")
                .arg("player", self.player(*player))
                .arg_name("habitat", &self.habitat(habitat)),
            Event::ChangeEnvironment { card } => match card {
                Some(card) => Text::new("narrate.environment_named").arg("card", card.trim()),
                None => Text::new("narrate.environment"),
            },
            Event::RecordObjective { results } => Text::new("narrate.results").arg(
                "results",
                results
                    .iter()
                    .enumerate()
                    .map(|(seat, r)| format!("{} {r}", self.player(seat)))
                    .collect::<Vec<_>>()
                    .join(" / "),
            ),
            Event::AmendObjective {
                round,
                player,
                result,
            } => Text::new("narrate.late_result")
                .arg("player", self.player(*player))
                .arg("round", round)
                .arg("value", result),
            Event::EnterResult { player, result } => match result {
                Some(v) => Text::new("narrate.enter_result").arg("value", v),
                None => Text::new("narrate.result_cleared"),
            }
            .arg("player", self.player(*player)),
            Event::Ready { player, ready } => Text::new(if *ready {
                "narrate.ready"
            } else {
                "narrate.not_ready"
            })
            .arg("player", self.player(*player)),
            Event::ReturnEggs => Text::new("narrate.return_eggs"),
            Event::FlipEnvironment { card } => match card.as_deref().map(str::trim) {
                Some(card) if !card.is_empty() => Text::new("narrate.flip_named").arg("card", card),
                _ => Text::new("narrate.flip"),
            },
            Event::PassParent => Text::new("narrate.pass_parent"),
            Event::SetScore {
                player,
                part,
                value,
            } => {
                let name = self
                    .profile
                    .game
                    .sheet
                    .parts
                    .iter()
                    .find(|p| &p.id == part)
                    .map_or_else(|| plain(part), |p| p.name.clone());
                match value {
                    Some(v) => Text::new("narrate.score").arg("value", v),
                    None => Text::new("narrate.score_cleared"),
                }
                .arg("player", self.player(*player))
                .arg_name("part", &name)
            }
        }
    }

    fn roll(&self, key: &'static str, dice: &[RolledDie], source: RollSource) -> Text {
        Text::new(key)
            .arg_names(
                "faces",
                dice.iter().map(|d| self.resource(&d.face)).collect(),
            )
            .arg_text(
                "by",
                Text::new(match source {
                    RollSource::Table => "narrate.by_table",
                    RollSource::App => "narrate.by_app",
                }),
            )
    }

    fn player(&self, seat: usize) -> String {
        self.players.get(seat).map_or_else(
            || format!("#{}", seat.saturating_add(1)),
            |p| p.name.clone(),
        )
    }

    fn creature(&self, id: CreatureId) -> String {
        self.state.table.creatures.get(id).map_or_else(
            || format!("#{}", id.saturating_add(1)),
            |c| format!("{} ({})", c.card.name, self.player(c.owner)),
        )
    }

    fn habitat(&self, id: &str) -> Name {
        self.profile
            .habitat(id)
            .map_or_else(|| plain(id), |h| h.name.clone())
    }

    fn resource(&self, id: &str) -> Name {
        self.profile
            .resource(id)
            .map_or_else(|| plain(id), |r| r.name.clone())
    }
}

/// The records of the turn under way (after the last turn change; a turn that follows one the
/// sand timer ended begins with that end, so its log says so), oldest first, with their index
/// in the session's records. Empty before the game starts.
pub fn this_turn(records: &[Record<Event>]) -> std::ops::Range<usize> {
    let boundary = records.iter().rposition(|r| {
        matches!(
            r.event,
            Event::StartGame | Event::NextPlayerTurn | Event::Clock(ClockEvent::TimeUp { .. })
        )
    });
    let start = match boundary {
        // The sand timer ended the turn before: the log says so first.
        Some(i) if matches!(records[i].event, Event::Clock(ClockEvent::TimeUp { .. })) => i,
        Some(i) => i + 1,
        None => records.len(),
    };
    start..records.len()
}

/// Where a game stands, in one line: the round and turn (or round-end step), whose turn, the
/// parent, a pause, and every player's points.
pub fn standing_of(
    profile: &Profile,
    state: &GameState,
    players: &[Player],
    locale: Locale,
) -> String {
    let name = |seat: usize| players[seat].name.clone();
    let mut line = match state.phase {
        Phase::Setup => locale.tr("replay.setup"),
        Phase::Playing { round, turn, .. } => {
            let player = state.current_player().expect("playing has a player");
            format!(
                "{} · {}",
                Text::new("replay.round_turn")
                    .arg("round", round)
                    .arg("turn", turn)
                    .arg("turns", state.turns_in_round(round))
                    .render(locale),
                Text::new("replay.player_turn")
                    .arg("player", name(player))
                    .arg("parent", name(state.parent))
                    .render(locale)
            )
        }
        Phase::RoundEnd { round, .. } => Text::new("replay.round_end")
            .arg("round", round)
            .arg("step", state.round_end_step(profile).unwrap_or(0))
            .render(locale),
        Phase::Over => locale.tr("replay.over"),
    };
    if state.clock.is_paused() {
        line.push_str(&format!(" ({})", locale.tr("replay.paused")));
    }
    let totals: Vec<String> = super::sheet::score(profile, state, players)
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.total))
        .collect();
    line.push_str(&format!(" · {}", totals.join(", ")));
    line
}

//! TERRAVIST's round end as the table confirms it, step by step ([`TableStep`]): what each step
//! will do, in the window's words, and the event that confirms it. The parent confirms them
//! from their phone, as the player holding the parent marker runs the round end at a real
//! table.

use super::event::Event;
use super::profile::Profile;
use super::state::objective::{ObjectiveOutcome, Placement};
use super::state::{GameState, Phase};
use crate::i18n::Text;
use crate::session::table_step::{MAX_CARD_NAME, StepLine, TableStep};
use crate::vocabulary::Player;

/// The round-end step due now, if a round end is under way.
pub fn table_step(profile: &Profile, state: &GameState, players: &[Player]) -> Option<TableStep> {
    let Phase::RoundEnd { round, .. } = state.phase else {
        return None;
    };
    let step = state.round_end_step(profile)?;
    let name = |seat: usize| players.get(seat).map_or("", |p| p.name.as_str());
    let (title, confirm, lines, waiting) = match step {
        1 => {
            let (lines, waiting) = objective(state, players, round);
            (
                "round_end.objective",
                "round_end.confirm_objective",
                lines,
                waiting,
            )
        }
        2 => {
            // Step 1 closed: every result is the table's now, and each phone may show them.
            let mut lines = outcome(profile, state, players, round);
            lines.extend(eggs(state, players));
            ("round_end.eggs", "round_end.return_eggs", lines, Vec::new())
        }
        3 => {
            let help = StepLine::plain(Text::new("round_end.environment_help"));
            (
                "round_end.environment",
                "round_end.flip",
                vec![help],
                Vec::new(),
            )
        }
        _ => {
            let next = (state.parent + 1) % players.len().max(1);
            let line = Text::new("round_end.new_parent").arg("player", name(next));
            (
                "round_end.parent",
                "round_end.pass_parent",
                vec![StepLine::plain(line)],
                Vec::new(),
            )
        }
    };
    Some(TableStep {
        key: format!("r{round}s{step}"),
        who: state.parent,
        title: Text::new(title),
        lines,
        confirm: Text::new(confirm),
        waiting,
        takes_card: step == 3,
        optional: false,
    })
}

/// The event that confirms the step `key`, if it is the one due; `card`: the environment card
/// flipped, in step 3.
pub fn step_event(
    profile: &Profile,
    state: &GameState,
    key: &str,
    card: Option<String>,
) -> Option<Event> {
    let Phase::RoundEnd { round, .. } = state.phase else {
        return None;
    };
    let step = state.round_end_step(profile)?;
    if key != format!("r{round}s{step}") {
        return None;
    }
    Some(match step {
        1 => Event::RecordObjective {
            results: (0..state.player_count)
                .map(|seat| state.answer(seat).unwrap_or(0))
                .collect(),
        },
        2 => Event::ReturnEggs,
        3 => Event::FlipEnvironment {
            card: card
                .map(|c| c.trim().chars().take(MAX_CARD_NAME).collect::<String>())
                .filter(|c| !c.is_empty()),
        },
        _ => Event::PassParent,
    })
}

/// Step 1: the objective, and who has not answered yet. Not the results: every player gives
/// theirs at once, and a phone shows no one else's until the step closes (the window, which
/// the whole table sees, shows them as they come).
fn objective(state: &GameState, players: &[Player], round: u32) -> (Vec<StepLine>, Vec<usize>) {
    let labels = &state.objective_labels;
    let label = (labels.get(round as usize - 1).cloned().flatten())
        .map(|label| Text::new("table.objective").arg("label", label));
    let lines: Vec<StepLine> = label.into_iter().map(StepLine::plain).collect();
    let waiting = (0..players.len())
        .filter(|&seat| state.answer(seat).is_none())
        .collect();
    (lines, waiting)
}

/// Once step 1 closed: each player's result on the round's objective, with the rank and
/// points it gave (every phone may show them now).
fn outcome(profile: &Profile, state: &GameState, players: &[Player], round: u32) -> Vec<StepLine> {
    let recorded = (state.round_ends.get(round as usize - 1)).and_then(|e| e.objective.as_ref());
    let Some(recorded) = recorded else {
        return Vec::new();
    };
    let results = recorded.results.clone();
    let outcome = ObjectiveOutcome::new(results.clone(), |rank| profile.slot_points(round, rank));
    let mut lines = vec![StepLine::plain(Text::new("round_end.objective_short"))];
    for (seat, player) in players.iter().enumerate() {
        let place = match outcome.placements[seat] {
            Placement::Rank(rank) => Text::new("round_end.rank").arg("rank", rank),
            Placement::Bottom => Text::new("round_end.bottom"),
        };
        let line = Text::new("step.result")
            .arg("player", player.name.as_str())
            .arg("result", results[seat])
            .arg_text("place", place)
            .arg("points", outcome.points[seat]);
        lines.push(StepLine::plain(line));
    }
    lines
}

/// Step 2: which creatures lose an egg and which are discarded.
fn eggs(state: &GameState, players: &[Player]) -> Vec<StepLine> {
    let table = &state.table;
    let (losing, discarded) = table.preview_return_eggs();
    let name = |id: usize| {
        let c = &table.creatures[id];
        let owner = players.get(c.owner).map_or("", |p| p.name.as_str());
        Text::new("round_end.creature_of")
            .arg("card", c.card.name.as_str())
            .arg("player", owner)
    };
    let mut lines = vec![StepLine::plain(Text::new("round_end.losing"))];
    if losing.is_empty() {
        lines.push(StepLine::plain(Text::new("round_end.nobody")));
    }
    for id in losing {
        let eggs = table.creatures[id].eggs;
        let line = Text::new("step.egg_lost")
            .arg_text("creature", name(id))
            .arg("from", eggs)
            .arg("to", eggs - 1);
        lines.push(StepLine::plain(line));
    }
    lines.push(StepLine::warning(Text::new("round_end.discarded")));
    if discarded.is_empty() {
        lines.push(StepLine::plain(Text::new("round_end.nobody")));
    }
    lines.extend(discarded.into_iter().map(|id| StepLine::warning(name(id))));
    lines
}

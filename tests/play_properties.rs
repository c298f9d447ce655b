//! Property tests for the profile-driven engine, over random event sequences on every shipped
//! game other than TERRAVIST: replay is deterministic (through JSON too), undo and redo are
//! exact, a refused event changes nothing, and counters stay within their bounds.

mod common;

use common::{at, setup};
use proptest::prelude::*;
use tablekeeper::any_game::{PlayEvent, PlaySession};
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::kit::game_profile::GameProfile;
use tablekeeper::scoring::{CellInput, Points};
use tablekeeper::session::SessionFile;

const GAMES: [&str; 5] = ["earth", "rats-of-wistar", "terramara", "leviath", "generic"];

fn event(profile: &GameProfile, players: usize) -> impl Strategy<Value = PlayEvent> + use<> {
    let parts: Vec<String> = profile.sheet.parts.iter().map(|p| p.id.clone()).collect();
    let counters: Vec<String> = profile.counters.iter().map(|c| c.id.clone()).collect();
    let endings: Vec<String> = match &profile.sheet.winner {
        tablekeeper::scoring::WinnerRule::Side { endings, .. } => {
            endings.iter().map(|e| e.id.clone()).collect()
        }
        _ => Vec::new(),
    };
    let part = move || {
        let parts = parts.clone();
        (0..parts.len().max(1)).prop_map(move |i| parts.get(i).cloned().unwrap_or_default())
    };
    let counter = (0..counters.len().max(1))
        .prop_map(move |i| counters.get(i).cloned().unwrap_or_else(|| "none".into()));
    let ending = (0..endings.len() + 1).prop_map(move |i| endings.get(i).cloned());
    prop_oneof![
        6 => Just(PlayEvent::NextTurn),
        1 => Just(PlayEvent::StartGame),
        1 => Just(PlayEvent::EndRound),
        1 => Just(PlayEvent::Trigger),
        1 => Just(PlayEvent::Clock(ClockEvent::Pause)),
        1 => Just(PlayEvent::Clock(ClockEvent::Resume)),
        1 => Just(PlayEvent::EndGame { ending: None }),
        1 => ending.prop_map(|ending| PlayEvent::EndGame { ending }),
        1 => Just(players).prop_flat_map(|n| Just((0..n).collect::<Vec<_>>()).prop_shuffle())
            .prop_map(|order| PlayEvent::SetTurnOrder { order }),
        3 => (counter, -3i64..4).prop_map(|(counter, change)| PlayEvent::AdjustCounter { counter, change }),
        3 => (0..players + 1, part(), -5i64..20, 1i64..3).prop_map(|(player, part, n, den)| {
            PlayEvent::SetCell {
                player,
                part,
                value: Some(CellInput::Number(Points::new(n, den).unwrap())),
            }
        }),
        1 => (0..players, part(), proptest::collection::vec(0i64..9, 0..4)).prop_map(
            |(player, part, counts)| PlayEvent::SetCell {
                player,
                part,
                value: Some(CellInput::Counts(counts)),
            }
        ),
        1 => (part(), 0usize..5, proptest::collection::vec(0..players + 1, 0..4))
            .prop_map(|(part, card, seats)| PlayEvent::SetClaims { part, card, seats }),
        1 => (part(), proptest::option::of(0..players + 1))
            .prop_map(|(part, seat)| PlayEvent::SetBonus { part, seat }),
    ]
}

fn game() -> impl Strategy<Value = (String, usize, Vec<PlayEvent>)> {
    (0..GAMES.len(), 2usize..5).prop_flat_map(|(g, players)| {
        let profile = GameProfile::shipped(GAMES[g]).unwrap();
        let players = players.min(profile.players.max);
        (
            Just(GAMES[g].to_string()),
            Just(players),
            proptest::collection::vec(event(&profile, players), 1..80),
        )
    })
}

fn session(id: &str, players: usize) -> PlaySession {
    let names = ["Aki", "Ben", "Chie", "Dai"];
    let mut s = setup(&names[..players], 0, 0);
    if id == "leviath" {
        s.sides = (0..players)
            .map(|i| if i == 0 { "monster" } else { "humans" }.to_string())
            .collect();
    }
    PlaySession::new(GameProfile::shipped(id).unwrap(), s, at(0)).unwrap()
}

proptest! {
    #[test]
    fn replay_undo_and_refusals_are_exact((id, players, events) in game()) {
        let mut live = session(&id, players);
        let mut accepted = 0;
        for (i, event) in events.into_iter().enumerate() {
            let before = live.state().clone();
            match live.apply(event, at(i as i64 + 1)) {
                Ok(_) => {
                    accepted += 1;
                    let after = live.state().clone();
                    live.undo();
                    prop_assert_eq!(live.state(), &before, "undo restores exactly");
                    live.redo();
                    prop_assert_eq!(live.state(), &after, "redo puts it back");
                }
                Err(_) => prop_assert_eq!(live.state(), &before, "a refusal changes nothing"),
            }
            let profile = live.profile();
            for (c, &value) in profile.counters.iter().zip(&live.state().counters) {
                prop_assert!(c.min <= value && value <= c.max, "{} = {}", c.id, value);
            }
        }
        prop_assert_eq!(live.records().len(), accepted);
        let json = serde_json::to_string(&live.to_file()).unwrap();
        let file: SessionFile<tablekeeper::any_game::AnyGame> = serde_json::from_str(&json).unwrap();
        let replayed = PlaySession::from_file(file).unwrap();
        prop_assert_eq!(replayed.state(), live.state(), "replay through JSON is the same game");
    }
}

//! Fuzzes the backup import: a typed backup (sessions with their setups, events and summaries)
//! is rendered to JSON, maybe corrupted, then parsed and checked the way `history import` does.
#![no_main]

mod common;

use arbitrary::Arbitrary;
use chrono::{TimeZone, Utc};
use libfuzzer_sys::fuzz_target;
use tablekeeper::Profile;
use tablekeeper::backup::{self, BACKUP_FORMAT};

#[derive(Arbitrary, Debug)]
struct FuzzSession {
    id: String,
    origin: Option<String>,
    names: Vec<String>,
    parent: u8,
    turns: u8,
    actions: Vec<(common::Action, i16)>,
    notes: String,
    total: u32,
    profile_players_max: Option<u8>,
}

#[derive(Arbitrary, Debug)]
struct Input {
    version: u8,
    sessions: Vec<FuzzSession>,
    corrupt: Option<(u16, u8)>,
    raw: Option<Vec<u8>>,
}

fn render(input: &Input) -> Vec<u8> {
    let start = Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap();
    let colours = ["red", "blue", "yellow", "green", "purple"];
    let sessions: Vec<serde_json::Value> = input
        .sessions
        .iter()
        .map(|s| {
            let mut profile = serde_json::to_value(Profile::terravist()).unwrap();
            if let Some(max) = s.profile_players_max {
                profile["players"]["max"] = max.into();
            }
            let times = common::timeline(start, s.actions.iter().map(|(_, gap)| *gap));
            let events: Vec<serde_json::Value> = s
                .actions
                .iter()
                .cloned()
                .zip(times)
                .filter_map(|((action, _), at)| match action.op(at) {
                    tablekeeper::store::journal::JournalOp::Event(record) => Some(serde_json::to_value(record).unwrap()),
                    _ => None,
                })
                .collect();
            let players: Vec<serde_json::Value> = s
                .names
                .iter()
                .enumerate()
                .map(|(i, n)| serde_json::json!({ "name": n, "colour": colours[i % 5] }))
                .collect();
            serde_json::json!({
                "entry": {
                    "id": s.id, "origin_id": s.origin, "game": "terravist",
                    "game_name": { "en": "TERRAVIST", "ja": "テラビスト" }, "outcome": "finished",
                    "started_at": start, "ended_at": start, "duration_ms": 0, "paused_ms": 0,
                    "start_player": s.parent, "parts": ["creatures"],
                    "players": s.names.iter().enumerate().map(|(i, n)| serde_json::json!({
                        "name": n, "colour": colours[i % 5], "scores": [s.total], "total": s.total,
                        "rank": 1, "winner": true, "time_ms": 0, "turns": 0 })).collect::<Vec<_>>(),
                    "objectives": [], "notes": s.notes,
                },
                "session": {
                    "format": "tablekeeper-session", "version": 1, "id": s.id, "created_at": start,
                    "profile": profile,
                    "setup": { "players": players, "parent": s.parent, "first_round_turns": s.turns },
                    "events": events,
                },
            })
        })
        .collect();
    let backup = serde_json::json!({
        "format": BACKUP_FORMAT, "version": input.version % 3, "exported_at": start, "sessions": sessions,
    });
    serde_json::to_vec(&backup).unwrap()
}

fuzz_target!(|input: Input| {
    let mut bytes = match &input.raw {
        Some(raw) => raw.clone(),
        None => render(&input),
    };
    if let Some((at, byte)) = input.corrupt
        && !bytes.is_empty()
    {
        let i = usize::from(at) % bytes.len();
        bytes[i] = byte;
    }
    let Ok(backup) = backup::parse_backup(&bytes) else {
        return;
    };
    for item in backup.sessions {
        if let Ok((entry, file)) = backup::checked_entry(item) {
            assert_eq!(
                entry.id,
                file.id(),
                "the new id names both the entry and its events"
            );
            assert!(tablekeeper::store::id::is_valid_id(&entry.id));
            assert_eq!(entry.players.len(), file.setup().players.len());
        }
    }
});

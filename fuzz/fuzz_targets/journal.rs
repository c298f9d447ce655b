//! Fuzzes the journal reader: a typed game journal is rendered to JSON lines, then maybe cut
//! short (a crash mid-write) or corrupted (a bad sector), and read back as recovery reads it.
#![no_main]

mod common;

use arbitrary::Arbitrary;
use chrono::{TimeZone, Utc};
use libfuzzer_sys::fuzz_target;
use tablekeeper::Profile;
use tablekeeper::session::{Colour, Player, Lineup};
use tablekeeper::terravist::Terravist;
use tablekeeper::store::journal::{self, JOURNAL_FORMAT, JOURNAL_VERSION, JournalHeader};

#[derive(Arbitrary, Debug)]
struct Input {
    names: Vec<String>,
    parent: u8,
    turns: u8,
    actions: Vec<(common::Action, i16)>,
    cut: Option<u16>,
    corrupt: Option<(u16, u8)>,
}

fuzz_target!(|input: Input| {
    let players = input
        .names
        .iter()
        .zip(Colour::ALL.iter().cycle())
        .map(|(name, &colour)| Player {
            name: name.clone(),
            colour,
        })
        .collect();
    let header: JournalHeader<tablekeeper::terravist::Terravist> = JournalHeader {
        format: JOURNAL_FORMAT.into(),
        version: JOURNAL_VERSION,
        engine: "terravist".into(),
        id: "00000000000000f0".into(),
        created_at: Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap(),
        profile: Profile::terravist(),
        setup: Lineup {
            players,
            parent: usize::from(input.parent),
            first_round_turns: u32::from(input.turns),
            sides: Vec::new(),
            clock: Default::default(),
        },
    };
    let times = common::timeline(header.created_at, input.actions.iter().map(|(_, gap)| *gap));
    let mut bytes = serde_json::to_vec(&header).unwrap();
    bytes.push(b'\n');
    for ((action, _), at) in input.actions.into_iter().zip(times) {
        bytes.extend(serde_json::to_vec(&action.op(at)).unwrap());
        bytes.push(b'\n');
    }
    if let Some(cut) = input.cut {
        bytes.truncate(usize::from(cut) % (bytes.len() + 1));
    }
    if let Some((at, byte)) = input.corrupt
        && !bytes.is_empty()
    {
        let i = usize::from(at) % bytes.len();
        bytes[i] = byte;
    }
    let text = String::from_utf8_lossy(&bytes);
    let Ok((header, ops, _problem)) = journal::parse::<Terravist>(&text) else {
        return;
    };
    let Ok((session, applied)) = journal::replay_ops(&header, &ops) else {
        return;
    };
    assert!(applied <= ops.len());
    for creature in &session.state().table.creatures {
        assert!(
            creature.eggs <= creature.card.egg_capacity,
            "eggs over capacity after replay"
        );
    }
    // Every screen shows the sheet: it comes out of any state a journal replays to.
    let sheet = session.sheet();
    assert_eq!(sheet.players.len(), session.players().len());
    // What was recovered replays to the same state when read again.
    let mut again = serde_json::to_vec(&header).unwrap();
    again.push(b'\n');
    for op in &ops[..applied] {
        again.extend(serde_json::to_vec(op).unwrap());
        again.push(b'\n');
    }
    let (header2, ops2, problem2) =
        journal::parse::<Terravist>(std::str::from_utf8(&again).unwrap()).unwrap();
    assert_eq!(problem2, None);
    let (session2, applied2) = journal::replay_ops(&header2, &ops2).unwrap();
    assert_eq!(applied2, applied);
    assert_eq!(session2.state(), session.state());
});

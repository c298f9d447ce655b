//! Typed fuzz inputs shared by the targets: table actions that render to journal ops.

use arbitrary::Arbitrary;
use chrono::{DateTime, Duration, Utc};
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::terravist::event::{CardInfo, Event, RollSource, RolledDie};
use tablekeeper::session::Record;
use tablekeeper::store::journal::JournalOp;

pub const HABITATS: [&str; 6] = [
    "forest",
    "grassland",
    "coast",
    "open_ocean",
    "river",
    "lava",
];
pub const RESOURCES: [&str; 6] = ["lv0", "lv1", "lv2", "lv3", "human", "gold"];
const PARTS: [&str; 7] = [
    "creatures",
    "positions",
    "objectives",
    "development",
    "eggs",
    "tucked",
    "x",
];

#[derive(Arbitrary, Debug, Clone)]
pub enum Action {
    Next,
    Pause,
    Resume,
    Start,
    FirstHabitat(u8),
    InitialRoll(Vec<(u8, u8)>),
    TakeDie(u8),
    Reroll(Vec<(u8, u8)>),
    Settle {
        player: u8,
        smiles: u8,
        cap: u8,
        habitats: Vec<u8>,
        on: u8,
        level: u8,
        name: String,
    },
    Steal {
        player: u8,
        target: u8,
        cap: u8,
        habitat: u8,
    },
    AddEgg(u8),
    RemoveEgg(u8),
    Tuck(u8),
    Discard(u8),
    Develop {
        player: u8,
        habitat: u8,
    },
    Objective(Vec<u16>),
    ReturnEggs,
    Flip(Option<String>),
    Pass,
    Label {
        round: u8,
        label: String,
    },
    Score {
        player: u8,
        part: u8,
        value: Option<u16>,
    },
    Undo,
    Redo,
}

fn card(name: String, smiles: u8, cap: u8, habitats: &[u8], level: u8) -> CardInfo {
    CardInfo {
        name,
        smiles: u32::from(smiles),
        egg_capacity: u32::from(cap % 8),
        habitats: habitats
            .iter()
            .map(|&h| HABITATS[h as usize % 6].to_string())
            .collect(),
        level,
    }
}

fn dice(list: &[(u8, u8)]) -> Vec<RolledDie> {
    list.iter()
        .map(|&(die, face)| RolledDie {
            die: usize::from(die % 7),
            face: RESOURCES[face as usize % 6].into(),
        })
        .collect()
}

impl Action {
    pub fn op(self, at: DateTime<Utc>) -> JournalOp<tablekeeper::terravist::Terravist> {
        let event = match self {
            Action::Undo => return JournalOp::Undo { at },
            Action::Redo => return JournalOp::Redo { at },
            Action::Next => Event::NextPlayerTurn,
            Action::Pause => Event::Clock(ClockEvent::Pause),
            Action::Resume => Event::Clock(ClockEvent::Resume),
            Action::Start => Event::StartGame,
            Action::FirstHabitat(h) => Event::SetFirstHabitat {
                habitat: HABITATS[h as usize % 6].into(),
            },
            Action::InitialRoll(list) => Event::InitialRoll {
                dice: dice(&list),
                source: RollSource::Table,
            },
            Action::TakeDie(d) => Event::TakeDie {
                die: usize::from(d % 7),
            },
            Action::Reroll(list) => Event::Reroll {
                dice: dice(&list),
                source: RollSource::App,
            },
            Action::Settle {
                player,
                smiles,
                cap,
                habitats,
                on,
                level,
                name,
            } => Event::Settle {
                player: usize::from(player % 7),
                card: card(name, smiles, cap, &habitats, level),
                habitat: HABITATS[on as usize % 6].into(),
            },
            Action::Steal {
                player,
                target,
                cap,
                habitat,
            } => Event::StealNiche {
                player: usize::from(player % 7),
                target: usize::from(target),
                card: card("Thief".into(), 1, cap, &[habitat], 2),
                paid_eggs: None,
            },
            Action::AddEgg(c) => Event::AddEgg {
                creature: usize::from(c),
            },
            Action::RemoveEgg(c) => Event::RemoveEgg {
                creature: usize::from(c),
            },
            Action::Tuck(c) => Event::TuckCard {
                creature: usize::from(c),
            },
            Action::Discard(c) => Event::DiscardCreature {
                creature: usize::from(c),
            },
            Action::Develop { player, habitat } => Event::DevelopHabitat {
                player: usize::from(player % 7),
                habitat: HABITATS[habitat as usize % 6].into(),
            },
            Action::Objective(results) => Event::RecordObjective {
                results: results.into_iter().map(u32::from).collect(),
            },
            Action::ReturnEggs => Event::ReturnEggs,
            Action::Flip(card) => Event::FlipEnvironment { card },
            Action::Pass => Event::PassParent,
            Action::Label { round, label } => Event::SetObjective {
                round: u32::from(round % 5),
                label,
            },
            Action::Score {
                player,
                part,
                value,
            } => Event::SetScore {
                player: usize::from(player % 7),
                part: PARTS[part as usize % 7].into(),
                value: value.map(u32::from),
            },
        };
        JournalOp::Event(Record { at, event })
    }
}

/// Times for a list of actions, each `gap` seconds after the previous (gaps may be negative:
/// a clock set backwards must be survived too).
pub fn timeline(start: DateTime<Utc>, gaps: impl Iterator<Item = i16>) -> Vec<DateTime<Utc>> {
    let mut now = start;
    gaps.map(|gap| {
        now += Duration::seconds(i64::from(gap));
        now
    })
    .collect()
}

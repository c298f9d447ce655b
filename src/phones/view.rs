//! What a phone at the table is shown: the table's [`Glance`] said in the phone's language, as
//! the JSON the page draws. Rendered once per language when the table changes, not once per
//! phone.

use chrono::Duration;
use serde_json::{Value, json};

use crate::i18n::{Locale, Text};
use crate::session::{Glance, Stage};
use crate::vocabulary::{Name, Seat};

/// The table at one moment, as the app hands it to the phones.
#[derive(Debug, Clone, PartialEq)]
pub struct TableNow {
    /// The game's name ("TERRAVIST", "Earth").
    pub game: Name,
    pub glance: Glance,
    /// The turn-time target the window warns past, in seconds.
    pub target_secs: Option<u32>,
    /// The table's state: changes with every change to the game (each event, undo and redo;
    /// the journal's count of them), never comes back after an Undo. A phone's request names
    /// the state it was made in, and one made in another state changes nothing.
    pub rev: u64,
}

impl TableNow {
    /// Everything a phone shows, in `locale`; `claimed` says which seats a phone holds.
    pub fn render(&self, locale: Locale, claimed: &[bool]) -> Value {
        let g = &self.glance;
        let l = locale;
        let players: Vec<Value> = (g.players.iter().enumerate())
            .map(|(seat, p)| {
                let [r, gr, b] = p.colour.rgb();
                json!({
                    "seat": seat,
                    "name": p.name,
                    "colour": format!("#{r:02x}{gr:02x}{b:02x}"),
                    "colour_name": l.tr(p.colour.key()),
                    "total_ms": g.totals.get(seat).map_or(0, Duration::num_milliseconds),
                    "claimed": claimed.get(seat).copied().unwrap_or(false),
                })
            })
            .collect();
        json!({
            "game": l.pick(&self.game),
            "stage": stage_name(g.stage),
            "playing": g.playing(),
            "current": g.current,
            "turn": g.turn_key(),
            "rev": self.rev,
            "round_line": g.round_line(l),
            "turn_line": g.turn_line(l),
            "turns_left": g.turns_left(l),
            "whose": g.whose_turn(l),
            "parent": g.parent_line(l),
            "objective": g.objective_line(l),
            "last": g.last_line(l),
            "doing": doing(g, l),
            "paused": g.paused,
            "clock_ms": g.clock.num_milliseconds(),
            "target_ms": self.target_secs.map(|s| i64::from(s) * 1000),
            "players": players,
            "words": words(l),
        })
    }

    /// The seat whose turn it is and the turn's key, if a player-turn is under way.
    pub fn turn(&self) -> Option<(Seat, String)> {
        Some((self.glance.current?, self.glance.turn_key()?))
    }
}

fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::NotStarted => "not_started",
        Stage::Playing { .. } => "playing",
        Stage::RoundEnd { .. } => "round_end",
        Stage::Over => "over",
    }
}

/// What the table is doing when no player-turn runs, so a phone offers nothing it cannot do.
fn doing(g: &Glance, l: Locale) -> Option<String> {
    match g.stage {
        Stage::NotStarted => Some(l.tr("phone.doing_setup")),
        Stage::Playing { .. } if g.current.is_none() => Some(l.tr("phone.doing_between")),
        Stage::Playing { .. } => None,
        Stage::RoundEnd { round } => Some(
            g.step
                .clone()
                .unwrap_or_else(|| Text::new("phone.doing_round_end").arg("round", round))
                .render(l),
        ),
        Stage::Over => Some(l.tr("phone.doing_over")),
    }
}

/// The page's own words (buttons, prompts), in the phone's language.
fn words(l: Locale) -> Value {
    const KEYS: [&str; 20] = [
        "phone.done",
        "phone.pause",
        "phone.resume",
        "phone.pick_seat",
        "phone.display",
        "phone.your_turn",
        "phone.your_time",
        "phone.this_turn",
        "phone.reconnecting",
        "phone.taken",
        "phone.dropped",
        "phone.no_wake",
        "phone.change_seat",
        "phone.over_target",
        "phone.held",
        "phone.paused",
        "phone.scan_again",
        "phone.replaced",
        "phone.use_here",
        "phone.too_soon",
    ];
    let map: serde_json::Map<String, Value> = KEYS
        .iter()
        .map(|key| {
            (
                key.trim_start_matches("phone.").to_string(),
                l.tr(key).into(),
            )
        })
        .collect();
    Value::Object(map)
}

//! The history on a phone, read-only, where no window shows it: the last games, each with its
//! sheet (every part, every player's total, the winners), its length and each player's time,
//! and its BG Stats link as a link and as a QR code's modules (the page draws them). Rendered
//! once per language when the keeper opens and after each game it saves, then served as it is
//! (`PhonesServer::show_past`).

use serde_json::{Value, json};

use crate::export::{BgStatsContext, bgstats_link};
use crate::i18n::{Locale, Text};
use crate::session::summary::{HistoryEntry, Outcome};
use crate::store::history::History;

/// The games a phone is shown at most, newest first.
pub const PAST_GAMES: usize = 20;

/// The last games of `history` as the phones' page reads them, in each language the app speaks
/// (English first): each game's file read once (for its parts' names) and its link made once.
pub fn past_games(history: &History, context: &BgStatsContext) -> Vec<(Locale, String)> {
    let mut entries: Vec<&HistoryEntry> = history.entries().iter().collect();
    entries.sort_by_key(|entry| std::cmp::Reverse(entry.ended_at));
    let read: Vec<(&HistoryEntry, PartNames, Option<String>)> = (entries.into_iter())
        .take(PAST_GAMES)
        .map(|entry| {
            // The parts' names are the saved game's (its profile's); ids where it cannot be read.
            let names = (history.session_file(&entry.id).ok())
                .map(|saved| saved.part_names())
                .unwrap_or_default();
            let link = (entry.outcome == Outcome::Finished).then(|| bgstats_link(entry, context));
            (entry, names, link)
        })
        .collect();
    (Locale::available().into_iter())
        .map(|l| {
            let games: Vec<Value> = (read.iter())
                .map(|(entry, names, link)| game(entry, names, link.as_deref(), l))
                .collect();
            let json = json!({ "title": l.tr("phone.past_title"), "games": games });
            (l, json.to_string())
        })
        .collect()
}

/// A game's parts, by id with their names.
type PartNames = Vec<(String, crate::vocabulary::Name)>;

fn game(entry: &HistoryEntry, names: &PartNames, link: Option<&str>, l: Locale) -> Value {
    let parts = crate::phones::parts_json(entry, names, l);
    let players: Vec<Value> = (entry.players.iter())
        .map(|p| {
            json!({
                "name": p.name,
                "total": p.total.to_string(),
                "winner": p.winner,
                "time": minutes(p.time_ms, l),
            })
        })
        // The opponent the game plays itself (Gaia): a column after the players', as in
        // `parts_json`, with no time of its own.
        .chain((entry.opponent.iter()).map(|o| {
            json!({"name": o.name, "total": o.total.to_string(), "winner": o.winner, "time": null})
        }))
        .collect();
    let finished = entry.outcome == Outcome::Finished;
    let qr = link.and_then(crate::phones::qr_modules);
    let winners = Text::new("phone.past_winners").arg_list("winners", &entry.winners());
    json!({
        "id": entry.id,
        "game": l.pick(&entry.game_name),
        "date": crate::zone::Zone::Local.show(l, entry.started_at, crate::i18n::dates::Shape::DayAndTime),
        "length": entry.length().render(l),
        "winners": if finished { winners.render(l) } else { l.tr("history.abandoned") },
        "players": players,
        "parts": parts,
        "bgstats": link,
        "bgstats_label": l.tr("phone.past_bgstats"),
        "qr": qr,
    })
}

/// A player's time, in whole minutes, as the sheet says it.
fn minutes(ms: i64, l: Locale) -> String {
    Text::new("history.minutes")
        .arg("minutes", ms.max(0).saturating_add(30_000) / 60_000)
        .render(l)
}

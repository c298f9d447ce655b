//! Files for other programs: CSV for spreadsheets and BG Stats play files, and the one place
//! that writes any export (a backup too, see [`crate::backup`]) to a file, atomically.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::backup::{LeftOut, write_backup_from};
use crate::i18n::Text;
use crate::session::summary::{HistoryEntry, Outcome};
use crate::store::history::History;
use crate::zone::Zone;

/// CSV: one row per player per session, a column per score part (the union over the entries).
pub fn csv<'a>(entries: impl IntoIterator<Item = &'a HistoryEntry> + Clone) -> String {
    let mut parts: Vec<String> = Vec::new();
    for entry in entries.clone() {
        for part in &entry.parts {
            if !parts.contains(part) {
                parts.push(part.clone());
            }
        }
    }
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "session",
        "date",
        "game",
        "outcome",
        "duration_min",
        "player",
        "seat",
        "start_player",
        "rank",
        "winner",
        "total",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(parts.iter().cloned());
    writer.write_record(&header).expect("writing to memory");
    for entry in entries {
        for (seat, player) in entry.players.iter().enumerate() {
            let mut row = vec![
                entry.id.clone(),
                entry.started_at.format("%Y-%m-%d %H:%M").to_string(),
                entry.game.clone(),
                match entry.outcome {
                    Outcome::Finished => "finished".into(),
                    Outcome::Abandoned => "abandoned".into(),
                },
                minutes(entry.duration_ms).to_string(),
                player.name.clone(),
                (seat + 1).to_string(),
                (seat == entry.start_player).to_string(),
                player.rank.to_string(),
                player.winner.to_string(),
                player.total.to_string(),
            ];
            for part in &parts {
                let value = entry
                    .parts
                    .iter()
                    .position(|p| p == part)
                    .and_then(|i| player.scores.get(i))
                    .map(|v| v.to_string())
                    .unwrap_or_default();
                row.push(value);
            }
            writer
                .write_record(
                    row.iter()
                        .map(|cell| crate::untrusted::for_spreadsheet(cell).into_owned()),
                )
                .expect("writing to memory");
        }
    }
    // A byte-order mark first: without it, Excel reads UTF-8 as the system's code page and
    // Japanese names come out garbled.
    let mut text = String::from("\u{feff}");
    text.push_str(
        &String::from_utf8(writer.into_inner().expect("writing to memory"))
            .expect("CSV of UTF-8 strings"),
    );
    text
}

fn minutes(ms: i64) -> i64 {
    (ms + 30_000) / 60_000
}

/// BoardGameGeek ids by the game's id here (`terravist`, `earth`, …), from the profiles: BG
/// Stats matches a pushed play's game by its BGG id, then by its name.
pub type BggIds = std::collections::BTreeMap<String, u32>;

/// What every BG Stats play needs besides the game: BGG ids, and the zone its date is told in
/// (BG Stats reads `playDate` as the local time of the play).
#[derive(Debug, Clone, Default)]
pub struct BgStatsContext {
    pub bgg_ids: BggIds,
    pub zone: Zone,
}

impl BgStatsContext {
    /// The BGG ids of the games the app knows (shipped and the user's own, and TERRAVIST's
    /// profile as the table set it), dates told in `zone`.
    pub fn new(
        games: &[crate::kit::game_profile::GameProfile],
        terravist: &crate::terravist::profile::Profile,
        zone: Zone,
    ) -> BgStatsContext {
        let mut bgg_ids: BggIds = games
            .iter()
            .filter_map(|game| Some((game.id.clone(), game.bgg_id?)))
            .collect();
        if let Some(id) = terravist.game.bgg_id {
            bgg_ids.insert(terravist.game.id.clone(), id);
        }
        BgStatsContext { bgg_ids, zone }
    }

    /// As [`BgStatsContext::new`], for the shipped games and the user's own in `profiles`
    /// (the command line, which has no window holding them).
    pub fn from_profiles_dir(profiles: &std::path::Path, zone: Zone) -> BgStatsContext {
        let (games, _) = crate::store::profiles::games(Some(profiles));
        BgStatsContext::new(&games, crate::terravist::profile::Profile::shipped(), zone)
    }
}

/// A play in BG Stats' push-plays JSON: what the play link carries, and what the play file
/// holds (one play, or an array of them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStatsPlay {
    pub source_name: String,
    pub source_play_id: String,
    /// The local time the play started: "YYYY-MM-DD hh:mm:ss".
    pub play_date: String,
    pub duration_min: i64,
    /// The game's notes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comments: String,
    pub game: BgStatsGame,
    pub players: Vec<BgStatsPlayer>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStatsGame {
    pub name: String,
    /// Left out where the profile has no confirmed id: BG Stats then matches by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bgg_id: Option<u32>,
    /// The profile's id, the same for every play of the game.
    pub source_game_id: String,
    pub highest_wins: bool,
    pub no_points: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStatsPlayer {
    pub name: String,
    /// The same for a player in every play sent from here (the name the history knows them by).
    pub source_player_id: String,
    /// A number, as BG Stats reads it (a half point is 0.5).
    pub score: f64,
    pub rank: u32,
    pub winner: bool,
    pub start_player: bool,
    /// The side played, in a game of sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

/// One session as a BG Stats play.
pub fn bgstats_play(entry: &HistoryEntry, context: &BgStatsContext) -> BgStatsPlay {
    BgStatsPlay {
        source_name: "tablekeeper".into(),
        source_play_id: entry.origin_id.clone().unwrap_or(entry.id.clone()),
        play_date: context.zone.format(entry.started_at, "%Y-%m-%d %H:%M:%S"),
        duration_min: minutes(entry.duration_ms),
        comments: entry.notes.trim().to_string(),
        game: BgStatsGame {
            name: entry.game_name.en.clone(),
            bgg_id: context.bgg_ids.get(&entry.game).copied(),
            source_game_id: entry.game.clone(),
            highest_wins: !entry.lowest_wins,
            no_points: entry.ending.is_some(),
        },
        players: entry
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| BgStatsPlayer {
                name: p.name.clone(),
                source_player_id: format!("player:{}", p.name.trim()),
                score: p.total.to_f64(),
                rank: p.rank,
                winner: p.winner,
                start_player: seat == entry.start_player,
                role: p.side.clone(),
            })
            .collect(),
    }
}

/// A BG Stats play file: one play as an object, several as an array.
pub fn bgstats<'a>(
    entries: impl IntoIterator<Item = &'a HistoryEntry>,
    context: &BgStatsContext,
) -> String {
    let plays: Vec<BgStatsPlay> = entries
        .into_iter()
        .map(|entry| bgstats_play(entry, context))
        .collect();
    let json = match plays.as_slice() {
        [one] => serde_json::to_string_pretty(one),
        many => serde_json::to_string_pretty(many),
    };
    json.expect("plays serialise")
}

/// Where BG Stats takes a pushed play: its own link, which opens the app on a phone (or its
/// web page) with the play filled in, for the player to check and save.
pub const BGSTATS_PUSH: &str = "https://app.bgstatsapp.com/addPlay.html?data=";

/// The link that pushes one play to BG Stats: its JSON, URL-encoded, after [`BGSTATS_PUSH`].
pub fn bgstats_link(entry: &HistoryEntry, context: &BgStatsContext) -> String {
    let json = serde_json::to_string(&bgstats_play(entry, context)).expect("a play serialises");
    format!("{BGSTATS_PUSH}{}", url_encode(&json))
}

/// Percent-encodes a query value, byte by byte in UTF-8: left as they are only the characters
/// RFC 3986 allows in a query that do not split one (`&`, `=`, `+`, `#` are encoded). JSON's
/// `:` and `,` stay readable, which keeps the QR code a size smaller.
fn url_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~:,/@!$'()*;?".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// What an export from the history screen writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    Backup,
    Csv,
    BgStats,
}

impl ExportKind {
    /// The file name of an export made at `now`.
    pub fn file_name(self, now: DateTime<Utc>) -> String {
        let stamp = now.format("%Y%m%d-%H%M%S");
        match self {
            ExportKind::Backup => format!("tablekeeper-backup-{stamp}.json"),
            ExportKind::Csv => format!("tablekeeper-{stamp}.csv"),
            ExportKind::BgStats => format!("tablekeeper-bgstats-{stamp}.json"),
        }
    }
}

/// What the window says after an export: how many games went where, and any left out.
pub fn exported_text(written: usize, path: &std::path::Path, left_out: &[LeftOut]) -> Text {
    if left_out.is_empty() {
        return Text::new("notice.exported")
            .arg("games", written)
            .arg("path", path.display());
    }
    let ids: Vec<&str> = left_out.iter().map(|(id, _)| id.as_str()).collect();
    Text::new("notice.exported_left_out")
        .arg("games", written - left_out.len().min(written))
        .arg("path", path.display())
        .arg("left", left_out.len())
        .arg("ids", ids.join(", "))
}

/// A game left out for a damaged file: a copy of that file goes to `damaged/`, where the other
/// damaged files are (only when this copy of the app may write there).
pub fn keep_damaged_copies(history: &History, left_out: &[LeftOut]) {
    if history.is_writable() {
        for (id, _) in left_out {
            let _ = history.keep_damaged_copy(id);
        }
    }
}

/// An export that owns what it needs (the summaries, the history's folder), so it can run on a
/// thread of its own while the window goes on; [`ExportJob::run`] writes the file.
#[derive(Debug, Clone)]
pub struct ExportJob {
    sessions: crate::store::history::Sessions,
    entries: Vec<HistoryEntry>,
    kind: ExportKind,
    pub path: std::path::PathBuf,
    now: DateTime<Utc>,
    bgstats: BgStatsContext,
}

impl ExportJob {
    /// The games `ids` of `history` (ids it does not hold are skipped).
    pub fn new(
        history: &History,
        ids: &[String],
        kind: ExportKind,
        path: std::path::PathBuf,
        now: DateTime<Utc>,
    ) -> ExportJob {
        ExportJob {
            sessions: history.sessions(),
            entries: ids
                .iter()
                .filter_map(|id| history.get(id))
                .cloned()
                .collect(),
            kind,
            path,
            now,
            bgstats: BgStatsContext::default(),
        }
    }

    /// The BGG ids and the zone a BG Stats file names its games and dates by.
    pub fn with_bgstats(mut self, bgstats: BgStatsContext) -> ExportJob {
        self.bgstats = bgstats;
        self
    }

    /// How many games the export holds.
    pub fn games(&self) -> usize {
        self.entries.len()
    }

    /// Writes the file; the games a backup had to leave out come back.
    pub fn run(self) -> Result<Vec<LeftOut>, String> {
        let text = match self.kind {
            ExportKind::Backup => {
                return crate::store::fsutil::write_atomic_with(&self.path, |out| {
                    write_backup_from(&self.sessions, self.entries, self.now, out)
                })
                .map_err(|e| e.to_string());
            }
            ExportKind::Csv => csv(&self.entries),
            ExportKind::BgStats => bgstats(&self.entries, &self.bgstats),
        };
        crate::store::fsutil::write_atomic(&self.path, text.as_bytes())
            .map(|()| Vec::new())
            .map_err(|e| e.to_string())
    }
}

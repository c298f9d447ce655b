//! BG Stats: a finished game as the play its push link carries (`createPlay.html?data=`), and
//! a history as BG Stats' own import file (games, players, locations and plays linked by whole
//! numbers, each with a uuid). Dates are UTC, "YYYY-MM-DD hh:mm:ss": docs/bgstats.md says why.

use std::collections::HashMap;
use std::io::{self, Write};

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::session::summary::{HistoryEntry, Outcome};

use super::{Games, InMemory, minutes};

/// BoardGameGeek ids by the game's id here (`terravist`, `earth`, …), from the profiles: BG
/// Stats matches a pushed play's game by its BGG id, then by its name.
pub type BggIds = std::collections::BTreeMap<String, u32>;

/// What every BG Stats play needs besides the game: the BGG ids the profiles confirm.
#[derive(Debug, Clone, Default)]
pub struct BgStatsContext {
    pub bgg_ids: BggIds,
}

impl BgStatsContext {
    /// The BGG ids of the games the app knows (shipped and the user's own, and TERRAVIST's
    /// profile as the table set it).
    pub fn new(
        games: &[crate::kit::game_profile::GameProfile],
        terravist: &crate::terravist::profile::Profile,
    ) -> BgStatsContext {
        let mut bgg_ids: BggIds = games
            .iter()
            .filter_map(|game| Some((game.id.clone(), game.bgg_id?)))
            .collect();
        if let Some(id) = terravist.game.bgg_id {
            bgg_ids.insert(terravist.game.id.clone(), id);
        }
        BgStatsContext { bgg_ids }
    }

    /// As [`BgStatsContext::new`], for the shipped games and the user's own in `profiles`
    /// (the command line, which has no window holding them).
    pub fn from_profiles_dir(profiles: &std::path::Path) -> BgStatsContext {
        let (games, _) = crate::store::profiles::games(Some(profiles));
        BgStatsContext::new(&games, crate::terravist::profile::Profile::shipped())
    }
}

/// The time BG Stats reads: UTC, "YYYY-MM-DD hh:mm:ss".
fn utc(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y-%m-%d %H:%M:%S").to_string()
}

/// The id every play, game and player sent from here is known by in BG Stats.
const SOURCE_NAME: &str = "tablekeeper";

/// A play in BG Stats' push-plays JSON: what the play link carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStatsPlay {
    pub source_name: String,
    pub source_play_id: String,
    /// When the play started, UTC: "YYYY-MM-DD hh:mm:ss".
    pub play_date: String,
    /// The play's length; left out for a game logged from paper, whose length is not known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_min: Option<i64>,
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
    /// A number, as BG Stats reads it: whole points as an integer, a half point as 0.5.
    pub score: serde_json::Number,
    pub rank: u32,
    pub winner: bool,
    pub start_player: bool,
    /// The side played in a game of sides; empty otherwise (the documented example always
    /// sends it).
    pub role: String,
}

fn source_player_id(name: &str) -> String {
    format!("player:{}", name.trim())
}

/// One session as a BG Stats play.
pub fn bgstats_play(entry: &HistoryEntry, context: &BgStatsContext) -> BgStatsPlay {
    BgStatsPlay {
        source_name: SOURCE_NAME.into(),
        source_play_id: play_id(entry).to_string(),
        play_date: utc(entry.started_at),
        duration_min: (!entry.logged).then(|| minutes(entry.duration_ms)),
        comments: entry.notes.trim().to_string(),
        game: BgStatsGame {
            name: entry.game_name.en().to_string(),
            bgg_id: context.bgg_ids.get(&entry.game).copied(),
            source_game_id: entry.game.clone(),
            highest_wins: !entry.lowest_wins,
            no_points: entry.ending.is_some(),
        },
        players: (entry.players.iter().enumerate())
            .map(|(seat, p)| BgStatsPlayer {
                name: p.name.clone(),
                source_player_id: source_player_id(&p.name),
                score: score_number(p.total),
                rank: p.rank,
                winner: p.winner,
                start_player: seat == entry.start_player,
                role: p.side.clone().unwrap_or_default(),
            })
            .chain(opponent_player(entry))
            .collect(),
    }
}

/// The opponent the game plays itself (Earth's Gaia), as one more player of the play: BG Stats
/// keeps an automa as a player of its own, and a play lost to it then counts as lost.
fn opponent_player(entry: &HistoryEntry) -> Option<BgStatsPlayer> {
    let opponent = entry.opponent.as_ref()?;
    Some(BgStatsPlayer {
        name: opponent.name.clone(),
        source_player_id: source_player_id(&opponent.name),
        score: score_number(opponent.total),
        rank: entry.opponent_rank()?,
        winner: opponent.winner,
        start_player: false,
        role: String::new(),
    })
}

/// A total as a JSON number: an integer when it is whole ("13", not "13.0").
fn score_number(total: crate::scoring::Points) -> serde_json::Number {
    if let Some(whole) = total.as_whole() {
        return serde_json::Number::from(whole);
    }
    let value = total.to_f64();
    if value.fract() == 0.0 && value.abs() < 2f64.powi(53) {
        serde_json::Number::from(value as i64)
    } else {
        serde_json::Number::from_f64(value).unwrap_or_else(|| serde_json::Number::from(0))
    }
}

/// The game's own id: an imported game keeps the id it was first saved under.
fn play_id(entry: &HistoryEntry) -> &str {
    entry.origin_id.as_deref().unwrap_or(&entry.id)
}

/// Where BG Stats takes a pushed play: its own link, which opens the app on a phone (or its
/// web page) with the play filled in, for the player to check and save.
pub const BGSTATS_PUSH: &str = "https://app.bgstatsapp.com/createPlay.html?data=";

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

/// BG Stats' own import file: what its export writes and its import reads. Everything is
/// linked by whole-number ids inside the file; every game, player and play also carries a
/// uuid made from the app's own id, so the same game exported twice has the same uuid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BgStatsFile {
    pub games: Vec<FileGame>,
    pub players: Vec<FilePlayer>,
    /// The app keeps no locations.
    pub locations: Vec<serde_json::Value>,
    pub plays: Vec<FilePlay>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileGame {
    pub id: u32,
    pub uuid: String,
    pub name: String,
    /// 0 where the profile has no confirmed BoardGameGeek id, as BG Stats writes it.
    pub bgg_id: u32,
    pub highest_wins: bool,
    pub no_points: bool,
    pub cooperative: bool,
    pub uses_teams: bool,
    pub modification_date: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FilePlayer {
    pub id: u32,
    pub uuid: String,
    pub name: String,
    pub is_anonymous: bool,
    pub bgg_username: String,
    pub modification_date: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FilePlay {
    pub uuid: String,
    pub game_ref_id: u32,
    /// When the play started, UTC.
    pub play_date: String,
    pub modification_date: String,
    /// The play's length; left out for a game logged from paper, whose length is not known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_min: Option<i64>,
    /// An abandoned game: kept, left out of BG Stats' statistics.
    pub ignored: bool,
    pub manual_winner: bool,
    pub rounds: u32,
    /// A game of sides is sent as roles (each player's side), not as teams.
    pub uses_teams: bool,
    pub comments: String,
    pub player_scores: Vec<FileScore>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileScore {
    pub player_ref_id: u32,
    /// As BG Stats writes a score: text ("12", "12.5").
    pub score: String,
    pub winner: bool,
    pub rank: u32,
    pub start_player: bool,
    pub new_player: bool,
    pub seat_order: u32,
    pub role: String,
}

/// A uuid that stays the same for the same thing sent from here (a name-based uuid, version 5,
/// in a namespace of the app's own).
fn stable_uuid(kind: &str, id: &str) -> String {
    let namespace = Uuid::new_v5(&Uuid::NAMESPACE_URL, b"tablekeeper:bgstats");
    Uuid::new_v5(&namespace, format!("{kind}:{id}").as_bytes()).to_string()
}

/// The games and players a BG Stats file names, each with its whole-number id (its place in
/// its list, from 1) found by its uuid.
#[derive(Default)]
struct Refs {
    games: Vec<FileGame>,
    players: Vec<FilePlayer>,
    game_ids: HashMap<String, u32>,
    player_ids: HashMap<String, u32>,
}

impl Refs {
    /// `entry` as a play of the file, its game and players added to the lists the first time
    /// they are met (so a second pass over the same games gives the same ids).
    fn play(&mut self, entry: &HistoryEntry, context: &BgStatsContext) -> FilePlay {
        let modified = utc(entry.ended_at);
        let game_uuid = stable_uuid("game", &entry.game);
        let game_ref_id = match self.game_ids.get(&game_uuid) {
            Some(&id) => id,
            None => {
                let id = self.games.len() as u32 + 1;
                self.games.push(FileGame {
                    id,
                    uuid: game_uuid.clone(),
                    name: entry.game_name.en().to_string(),
                    bgg_id: context.bgg_ids.get(&entry.game).copied().unwrap_or(0),
                    highest_wins: !entry.lowest_wins,
                    no_points: entry.ending.is_some(),
                    cooperative: false,
                    uses_teams: false,
                    modification_date: modified.clone(),
                });
                self.game_ids.insert(game_uuid, id);
                id
            }
        };
        let mut player_scores = (entry.players.iter().enumerate())
            .map(|(seat, p)| FileScore {
                player_ref_id: self.player_id(p.name.trim(), &modified),
                score: p.total.to_string(),
                winner: p.winner,
                rank: p.rank,
                start_player: seat == entry.start_player,
                new_player: false,
                seat_order: seat as u32 + 1,
                role: p.side.clone().unwrap_or_default(),
            })
            .collect::<Vec<_>>();
        if let (Some(opponent), Some(rank)) = (&entry.opponent, entry.opponent_rank()) {
            player_scores.push(FileScore {
                player_ref_id: self.player_id(opponent.name.trim(), &modified),
                score: opponent.total.to_string(),
                winner: opponent.winner,
                rank,
                start_player: false,
                new_player: false,
                seat_order: entry.players.len() as u32 + 1,
                role: String::new(),
            });
        }
        FilePlay {
            uuid: stable_uuid("play", play_id(entry)),
            game_ref_id,
            play_date: utc(entry.started_at),
            modification_date: modified,
            duration_min: (!entry.logged).then(|| minutes(entry.duration_ms)),
            ignored: entry.outcome == Outcome::Abandoned,
            manual_winner: false,
            rounds: 0,
            uses_teams: false,
            comments: entry.notes.trim().to_string(),
            player_scores,
        }
    }

    fn player_id(&mut self, name: &str, modified: &str) -> u32 {
        let uuid = stable_uuid("player", name);
        if let Some(&id) = self.player_ids.get(&uuid) {
            return id;
        }
        let id = self.players.len() as u32 + 1;
        self.players.push(FilePlayer {
            id,
            uuid: uuid.clone(),
            name: name.to_string(),
            is_anonymous: false,
            bgg_username: String::new(),
            modification_date: modified.to_string(),
        });
        self.player_ids.insert(uuid, id);
        id
    }
}

/// `entries` as BG Stats' import file.
pub fn bgstats_file<'a>(
    entries: impl IntoIterator<Item = &'a HistoryEntry>,
    context: &BgStatsContext,
) -> BgStatsFile {
    let mut refs = Refs::default();
    let plays = entries
        .into_iter()
        .map(|entry| refs.play(entry, context))
        .collect();
    BgStatsFile {
        games: refs.games,
        players: refs.players,
        locations: Vec::new(),
        plays,
    }
}

/// Writes BG Stats' import file of `games` to `out` with one play in memory at a time: the
/// games and players are gathered in a first pass, the plays written in a second, one a line.
pub fn write_bgstats(
    games: &mut dyn Games,
    context: &BgStatsContext,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut refs = Refs::default();
    games.each(&mut |entry| {
        refs.play(entry, context);
        Ok(())
    })?;
    #[derive(Serialize)]
    struct Head<'a> {
        games: &'a [FileGame],
        players: &'a [FilePlayer],
        locations: [(); 0],
    }
    let head = serde_json::to_string(&Head {
        games: &refs.games,
        players: &refs.players,
        locations: [],
    })?;
    // `{"games":…,"locations":[]` then `,"plays":[…]}`: the same JSON as `BgStatsFile`.
    out.write_all(head.trim_end_matches('}').as_bytes())?;
    out.write_all(b",\"plays\":[\n")?;
    let mut first = true;
    games.each(&mut |entry| {
        let play = refs.play(entry, context);
        if !first {
            out.write_all(b",\n")?;
        }
        first = false;
        Ok(serde_json::to_writer(&mut *out, &play)?)
    })?;
    out.write_all(b"\n]}\n")
}

/// `entries` as BG Stats' import file, in JSON.
pub fn bgstats<'a>(
    entries: impl IntoIterator<Item = &'a HistoryEntry> + Clone,
    context: &BgStatsContext,
) -> String {
    let mut out = Vec::new();
    write_bgstats(&mut InMemory(entries), context, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("JSON is UTF-8")
}

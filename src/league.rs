//! The league: a rating for every player with a game in the history, overall or for one game,
//! by Weng-Lin (OpenSkill, the `skillratings` crate) over every finished game as a free-for-all
//! of any number of places. Computed from the history alone, in one order (the games' end
//! times, then their ids), so two devices whose histories were merged show the same ratings;
//! a game corrected or deleted changes them as if it had always been so.
//!
//! - A player is a name as the statistics count it ([`crate::stats::player_key`]: trimmed and
//!   case-folded); two spellings of one player become one when the history renames one.
//! - Places are the sheet's ranks: a tie shares a place, a shared victory is a tie for first.
//! - A game of sides (Leviath) rates each side as a team: the winning side first.
//! - The opponent a game plays itself (Earth's Gaia) is rated like a player, so a game lost to
//!   Gaia costs what a loss costs; it is not listed among the players.
//! - A game with a single place (one player, no opponent), with one name at two seats, or
//!   abandoned rates nobody.
//!
//! Shown as a conservative figure, μ − 3σ (where the rating is at least, with 99.7 %
//! confidence), with the games behind it; fewer than [`PROVISIONAL_BELOW`] games is provisional.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use serde::Serialize;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::i18n::Text;
use crate::i18n::numbers::Sign;
use crate::session::summary::{HistoryEntry, Outcome};
use crate::stats::player_key;

/// A player with fewer rated games than this is marked provisional.
pub const PROVISIONAL_BELOW: u32 = 5;

/// One game as the league reads it: when it ended, and its places.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    pub id: String,
    pub game: String,
    pub ended_at: DateTime<Utc>,
    /// Each place's team (a player alone, or a side), with its place (1 is first; a tie
    /// shares one). Names as the history spells them.
    pub teams: Vec<(Vec<String>, usize)>,
    /// The names that are the game's own opponent (Gaia), rated but not listed.
    pub opponents: Vec<String>,
}

impl RatedGame {
    /// What the league reads of a history entry: `None` for a game that rates nobody (not
    /// finished, or a single place).
    pub fn of(entry: &HistoryEntry) -> Option<RatedGame> {
        if entry.outcome != Outcome::Finished {
            return None;
        }
        let sides: Vec<&str> = (entry.players.iter())
            .filter_map(|p| p.side.as_deref())
            .collect();
        let mut teams: Vec<(Vec<String>, usize)> = Vec::new();
        if sides.len() == entry.players.len() && !sides.is_empty() {
            // A game of sides: each side a team, the winning side first, the rest second.
            let mut by_side: BTreeMap<&str, (Vec<String>, bool)> = BTreeMap::new();
            for player in &entry.players {
                let side = player.side.as_deref().unwrap_or_default();
                let team = by_side.entry(side).or_default();
                team.0.push(player.name.clone());
                team.1 |= player.winner;
            }
            for (names, won) in by_side.into_values() {
                teams.push((names, if won { 1 } else { 2 }));
            }
        } else {
            for player in &entry.players {
                teams.push((vec![player.name.clone()], player.rank.max(1) as usize));
            }
        }
        let mut opponents = Vec::new();
        if let (Some(opponent), Some(rank)) = (&entry.opponent, entry.opponent_rank()) {
            teams.push((vec![opponent.name.clone()], rank as usize));
            opponents.push(opponent.name.clone());
        }
        // Two places at least, and no player twice (two seats with one name rate nobody:
        // which of them is the player is not known).
        let mut keys: Vec<String> = (teams.iter().flat_map(|(names, _)| names))
            .map(|n| player_key(n))
            .collect();
        let all = keys.len();
        keys.sort();
        keys.dedup();
        (teams.len() >= 2 && keys.len() == all).then(|| RatedGame {
            id: entry.id.clone(),
            game: entry.game.clone(),
            ended_at: entry.ended_at,
            teams,
            opponents,
        })
    }
}

/// A player's standing in the league.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// The name as last spelled in the history.
    pub player: String,
    /// μ − 3σ: what the table shows.
    pub shown: f64,
    /// The rating's mean (μ) and uncertainty (σ).
    pub mean: f64,
    pub uncertainty: f64,
    /// Rated games behind it.
    pub games: u32,
    /// Fewer than [`PROVISIONAL_BELOW`] games.
    pub provisional: bool,
    /// The shown figure after each of the player's games, oldest first: (the game's end, the
    /// figure).
    pub over_time: Vec<(DateTime<Utc>, f64)>,
}

/// Each player's change of the shown figure in one game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    pub player: String,
    pub before: f64,
    pub after: f64,
}

impl Change {
    /// "Aki: 3.2 to 5.4 (+2.2)", as the final sheet's screens say it, the figures in the
    /// reader's language ("3,2" in German).
    pub fn text(&self) -> Text {
        Text::new("venue.change")
            .arg("player", &self.player)
            .arg_decimal("before", self.before, 1, Sign::Negative)
            .arg_decimal("after", self.after, 1, Sign::Negative)
            .arg_decimal("change", self.after - self.before, 1, Sign::Always)
    }

    /// "5.4 (+2.2)": the figure after the game with its change, as the television shows it
    /// under a player's column.
    pub fn after_text(&self) -> Text {
        Text::new("venue.after_change")
            .arg_decimal("after", self.after, 1, Sign::Negative)
            .arg_decimal("change", self.after - self.before, 1, Sign::Always)
    }
}

/// A shown figure to a tenth, in `l`'s words ("15,6" in German), below zero with a minus sign
/// (not a hyphen).
pub fn figure(shown: f64, l: crate::i18n::Locale) -> String {
    crate::i18n::numbers::decimal(l.tag(), shown, 1, Sign::Negative)
}

/// A change of a figure to a tenth, signed: `+2.2`, `−0.5`, `±0.0` (in `l`'s words).
pub fn signed(change: f64, l: crate::i18n::Locale) -> String {
    crate::i18n::numbers::decimal(l.tag(), change, 1, Sign::Always)
}

/// The league over some games: each player's standing, best first, and each game's changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct League {
    pub standings: Vec<Standing>,
    /// By game id: each player's change in that game.
    #[serde(skip)]
    pub changes: HashMap<String, Vec<Change>>,
}

impl League {
    /// The players' changes in the game `id`, if it was rated.
    pub fn changes_in(&self, id: &str) -> &[Change] {
        self.changes.get(id).map_or(&[], Vec::as_slice)
    }
}

/// The conservative figure shown for a rating.
fn shown(rating: &WengLinRating) -> f64 {
    rating.rating - 3.0 * rating.uncertainty
}

/// The league's running state: every player's rating so far, and each game's changes, over
/// games fed in the league's order. A finished game that is the latest by that order (the
/// usual case at Finish) continues it with [`Rater::add`] instead of a pass over the history.
#[derive(Clone, Default)]
pub struct Rater {
    players: HashMap<String, Rated>,
    changes: HashMap<String, Vec<Change>>,
    /// The last game fed, by the league's order: its end, id and places.
    last: Option<(DateTime<Utc>, String, String)>,
}

#[derive(Clone)]
struct Rated {
    name: String,
    rating: WengLinRating,
    games: u32,
    over_time: Vec<(DateTime<Utc>, f64)>,
    listed: bool,
}

/// The league's order of games: their end, then id, then places (so which of two versions of
/// one game counts does not depend on the order they came in).
fn order_key(game: &RatedGame) -> (DateTime<Utc>, String, String) {
    (game.ended_at, game.id.clone(), format!("{:?}", game.teams))
}

impl Rater {
    /// Every game in `games` (in any order: they are put in the league's own, and a game
    /// twice, by id, counts once).
    pub fn of(mut games: Vec<RatedGame>) -> Rater {
        games.sort_by_cached_key(order_key);
        games.dedup_by(|a, b| a.id == b.id);
        let mut rater = Rater::default();
        for game in &games {
            rater.play(game);
        }
        rater
    }

    /// Continues with `game` if it comes after every game fed so far by the league's order
    /// and is not already in; otherwise leaves the state as it was and says no (the caller
    /// rates the whole history again).
    pub fn add(&mut self, game: &RatedGame) -> bool {
        let key = order_key(game);
        if self.changes.contains_key(&game.id) || self.last.as_ref().is_some_and(|l| *l >= key) {
            return false;
        }
        self.play(game);
        true
    }

    fn play(&mut self, game: &RatedGame) {
        let config = WengLinConfig::new();
        let players = &mut self.players;
        let keyed: Vec<(Vec<String>, usize)> = (game.teams.iter())
            .map(|(names, place)| (names.iter().map(|n| player_key(n)).collect(), *place))
            .collect();
        for (names, _) in &game.teams {
            for name in names {
                let rated = players.entry(player_key(name)).or_insert_with(|| Rated {
                    name: name.trim().to_string(),
                    rating: WengLinRating::new(),
                    games: 0,
                    over_time: Vec::new(),
                    listed: false,
                });
                rated.name = name.trim().to_string();
                rated.listed |= !game.opponents.contains(name);
            }
        }
        let before: Vec<Vec<WengLinRating>> = (keyed.iter())
            .map(|(keys, _)| keys.iter().map(|k| players[k].rating).collect())
            .collect();
        let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = (before.iter().zip(&keyed))
            .map(|(ratings, (_, place))| (ratings.as_slice(), MultiTeamOutcome::new(*place)))
            .collect();
        let after = weng_lin_multi_team(&teams, &config);
        let mut changed = Vec::new();
        for ((keys, _), ratings) in keyed.iter().zip(after) {
            for (key, rating) in keys.iter().zip(ratings) {
                let rated = players
                    .get_mut(key)
                    .expect("every player of the game is known");
                let was = shown(&rated.rating);
                rated.rating = rating;
                rated.games += 1;
                rated.over_time.push((game.ended_at, shown(&rating)));
                changed.push(Change {
                    player: rated.name.clone(),
                    before: was,
                    after: shown(&rating),
                });
            }
        }
        self.changes.insert(game.id.clone(), changed);
        self.last = Some(order_key(game));
    }

    /// The league so far: the standings, best first, and each game's changes.
    pub fn league(&self) -> League {
        let mut standings: Vec<Standing> = (self.players.values())
            .filter(|rated| rated.listed)
            .map(|rated| Standing {
                player: rated.name.clone(),
                shown: shown(&rated.rating),
                mean: rated.rating.rating,
                uncertainty: rated.rating.uncertainty,
                games: rated.games,
                provisional: rated.games < PROVISIONAL_BELOW,
                over_time: rated.over_time.clone(),
            })
            .collect();
        standings.sort_by(|a, b| {
            (b.shown.total_cmp(&a.shown))
                .then_with(|| player_key(&a.player).cmp(&player_key(&b.player)))
        });
        League {
            standings,
            changes: self.changes.clone(),
        }
    }

    /// The league of `entries` after `saved` was added to them: `known`, the league of the
    /// entries before it, continued with the one game when it is the latest (Finish's usual
    /// case, no pass over the history); a pass over them all otherwise.
    pub fn after_save(
        known: Option<Rater>,
        entries: &[HistoryEntry],
        saved: &HistoryEntry,
    ) -> Rater {
        let Some(mut rater) = known else {
            return Rater::of(entries.iter().filter_map(RatedGame::of).collect());
        };
        match RatedGame::of(saved) {
            None => rater,
            Some(game) if rater.add(&game) => rater,
            Some(_) => Rater::of(entries.iter().filter_map(RatedGame::of).collect()),
        }
    }

    /// The changes `game` made, if it was rated.
    pub fn changes_in(&self, id: &str) -> &[Change] {
        self.changes.get(id).map_or(&[], Vec::as_slice)
    }
}

/// Rates `games` (in any order: they are put in the league's own, and a game twice, by id,
/// counts once).
pub fn rate(games: Vec<RatedGame>) -> League {
    Rater::of(games).league()
}

/// The league over the history's `entries`, of every game or only `game`'s.
pub fn of_history<'a>(
    entries: impl IntoIterator<Item = &'a HistoryEntry>,
    game: Option<&str>,
) -> League {
    let games = (entries.into_iter())
        .filter(|entry| game.is_none_or(|g| entry.game == g))
        .filter_map(RatedGame::of)
        .collect();
    rate(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_signed_to_a_tenth_and_none_is_plus_minus() {
        use crate::i18n::Locale;
        assert_eq!(signed(2.24, Locale::EN), "+2.2");
        assert_eq!(signed(-0.46, Locale::EN), "−0.5");
        assert_eq!(signed(0.04, Locale::EN), "±0.0");
        assert_eq!(signed(-0.04, Locale::EN), "±0.0");
        assert_eq!(figure(-1.84, Locale::EN), "−1.8");
        // German writes its own separator (ICU4X's, see i18n::numbers).
        let german = figure(-1.84, Locale::DE);
        assert_eq!(german, format!("−1{}8", german.chars().nth(2).unwrap()));
        assert_ne!(german, "−1.8");
        let change = Change {
            player: "Aki".into(),
            before: 0.0,
            after: 3.36,
        };
        let said = change.text().render(crate::i18n::Locale::EN);
        assert_eq!(said, "Aki: 0.0 to 3.4 (+3.4)");
    }
    use chrono::TimeZone;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 19, minute, 0).unwrap()
    }

    fn game(id: &str, minute: u32, teams: &[(&[&str], usize)]) -> RatedGame {
        RatedGame {
            id: id.into(),
            game: "terravist".into(),
            ended_at: at(minute),
            teams: (teams.iter())
                .map(|(names, place)| (names.iter().map(|n| n.to_string()).collect(), *place))
                .collect(),
            opponents: Vec::new(),
        }
    }

    fn standing<'a>(league: &'a League, name: &str) -> &'a Standing {
        (league.standings.iter())
            .find(|s| s.player == name)
            .unwrap_or_else(|| panic!("{name} in {:?}", league.standings))
    }

    /// A 4-player free-for-all with a tie for second: each player's rating is what skillratings'
    /// own Weng-Lin gives for those places, the tied two alike.
    #[test]
    fn a_four_player_free_for_all_with_a_tie_is_rated_as_skillratings_rates_it() {
        let league = rate(vec![game(
            "g1",
            0,
            &[(&["Aki"], 1), (&["Ben"], 2), (&["Chie"], 2), (&["Dai"], 4)],
        )]);
        let fresh = [WengLinRating::new()];
        let expected = weng_lin_multi_team(
            &[
                (&fresh[..], MultiTeamOutcome::new(1)),
                (&fresh[..], MultiTeamOutcome::new(2)),
                (&fresh[..], MultiTeamOutcome::new(2)),
                (&fresh[..], MultiTeamOutcome::new(4)),
            ],
            &WengLinConfig::new(),
        );
        for (name, rating) in ["Aki", "Ben", "Chie", "Dai"].iter().zip(&expected) {
            let s = standing(&league, name);
            assert_eq!(
                (s.mean, s.uncertainty),
                (rating[0].rating, rating[0].uncertainty)
            );
            assert_eq!(s.shown, rating[0].rating - 3.0 * rating[0].uncertainty);
            assert_eq!((s.games, s.provisional), (1, true));
        }
        assert_eq!(
            standing(&league, "Ben").mean,
            standing(&league, "Chie").mean
        );
        let order: Vec<&str> = league.standings.iter().map(|s| s.player.as_str()).collect();
        assert_eq!(order, ["Aki", "Ben", "Chie", "Dai"]);
        let changes = league.changes_in("g1");
        assert_eq!(changes.len(), 4);
        assert!(
            changes
                .iter()
                .all(|c| c.before == shown(&WengLinRating::new()))
        );
    }

    /// A game of sides rates each side as one team: the two humans move together.
    #[test]
    fn the_sides_of_a_game_are_rated_as_teams() {
        let league = rate(vec![game("g1", 0, &[(&["Aki", "Ben"], 2), (&["Mon"], 1)])]);
        let (aki, ben, mon) = (
            standing(&league, "Aki"),
            standing(&league, "Ben"),
            standing(&league, "Mon"),
        );
        assert_eq!(aki.mean, ben.mean);
        assert!(mon.mean > 25.0 && aki.mean < 25.0, "{league:?}");
    }

    /// One player under two spellings is one player; a game twice counts once; the order the
    /// games are given in changes nothing (they are rated in the order they ended).
    #[test]
    fn names_fold_games_count_once_and_order_is_the_leagues_own() {
        let games = vec![
            game("g2", 2, &[(&["aki "], 2), (&["Ben"], 1)]),
            game("g1", 1, &[(&["Aki"], 1), (&["Ben"], 2)]),
            game("g1", 1, &[(&["Aki"], 1), (&["Ben"], 2)]),
        ];
        let mut reversed = games.clone();
        reversed.reverse();
        let league = rate(games);
        assert_eq!(league, rate(reversed));
        assert_eq!(league.standings.len(), 2);
        assert_eq!(
            standing(&league, "aki").games,
            2,
            "the last spelling is shown"
        );
    }

    /// The opponent a game plays itself is rated (a loss to Gaia costs) but not listed.
    #[test]
    fn gaia_is_rated_but_not_listed() {
        let mut lost = game("g1", 0, &[(&["Aki"], 2), (&["Gaia"], 1)]);
        lost.opponents = vec!["Gaia".into()];
        let league = rate(vec![lost]);
        let names: Vec<&str> = league.standings.iter().map(|s| s.player.as_str()).collect();
        assert_eq!(names, ["Aki"]);
        assert!(standing(&league, "Aki").mean < 25.0);
    }

    mod incremental {
        use super::*;
        use proptest::prelude::*;

        /// A drawn game: its minute, its seats (a name's index, a place), and Gaia or not.
        type Drawn = (u32, Vec<(usize, usize)>, bool);

        const NAMES: [&str; 6] = ["Aki", "ben", "Ben ", "Chie", "Dai", "Emi"];

        /// A game of 2 to 4 distinct names (folding spellings included), with places that may
        /// tie, perhaps with Gaia as its opponent.
        fn a_game() -> impl Strategy<Value = Drawn> {
            (
                0u32..60,
                prop::collection::vec((0usize..6, 1usize..4), 2..5),
                any::<bool>(),
            )
        }

        fn games(drawn: &[Drawn]) -> Vec<RatedGame> {
            let mut out = Vec::new();
            for (i, (minute, seats, gaia)) in drawn.iter().enumerate() {
                let mut seen = Vec::new();
                let mut teams = Vec::new();
                for (name, place) in seats {
                    let key = player_key(NAMES[*name]);
                    if !seen.contains(&key) {
                        seen.push(key);
                        teams.push((vec![NAMES[*name].to_string()], *place));
                    }
                }
                let mut opponents = Vec::new();
                if *gaia {
                    teams.push((vec!["Gaia".to_string()], 1));
                    opponents.push("Gaia".to_string());
                }
                if teams.len() >= 2 {
                    out.push(RatedGame {
                        id: format!("g{i:03}"),
                        game: "terravist".into(),
                        ended_at: at(*minute),
                        teams,
                        opponents,
                    });
                }
            }
            out
        }

        proptest! {
            /// Finish's shortcut: the latest game added to the league of the others is the
            /// league of them all; any other game is refused and changes nothing.
            #[test]
            fn adding_the_latest_game_equals_the_full_pass(
                drawn in prop::collection::vec(a_game(), 1..25),
                other in any::<prop::sample::Index>(),
            ) {
                let all = games(&drawn);
                prop_assume!(!all.is_empty());
                let full = rate(all.clone());
                let latest = (all.iter()).max_by_key(|g| order_key(g)).unwrap().clone();
                let rest: Vec<RatedGame> =
                    all.iter().filter(|g| g.id != latest.id).cloned().collect();
                let mut rater = Rater::of(rest.clone());
                prop_assert!(rater.add(&latest));
                prop_assert_eq!(rater.league(), full.clone());
                // One at a time in the league's order is the same league.
                let mut ordered = all.clone();
                ordered.sort_by_cached_key(order_key);
                let mut step = Rater::default();
                for game in &ordered {
                    prop_assert!(step.add(game));
                }
                prop_assert_eq!(step.league(), full);
                // A game that is not the latest (or is already in) is refused.
                let earlier = other.get(&all);
                let mut again = Rater::of(rest.clone());
                let before = again.league();
                if earlier.id != latest.id {
                    let mut fed = Rater::of(all.clone());
                    prop_assert!(!fed.add(earlier));
                    prop_assert!(!again.add(earlier));
                    prop_assert_eq!(again.league(), before);
                }
            }
        }
    }
}

//! What a phone at the table is shown: the table's [`Glance`] said in the phone's language, as
//! the JSON the page draws. Rendered once per language when the table changes, then once per
//! seat with that seat's own form and answers in it: a phone is shown its own values only
//! (results asked "all at once" cannot be read off another player's stream).

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

use super::game_parts::{doing, form, order_choice, sides_of, stage_name, step, timer, turn_form};
use super::lobby::Lobby;
use super::news::News;
use super::television::Television;
use super::words::words;
use crate::i18n::numbers::{Sign, decimal};
use crate::i18n::{Locale, Text};
use crate::remote::may::{self, Roles, enders_of, nothing_to_fill};
use crate::remote::{Device, Host, Presence};
use crate::session::seat_form::Column;
use crate::session::summary::HistoryEntry;
use crate::session::table_step::{CounterNow, EndChoice, OrderChoice, SharedPart, TableStep};
use crate::session::turn_form::TurnForm;
use crate::session::{Game, Glance, SeatForm, Stage};
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
    /// What each seat's own phone may fill in now, in seat order.
    pub forms: Vec<SeatForm>,
    /// The app's answers to each seat's last few entries, in seat order, newest last.
    pub answers: Vec<Vec<EntryAnswer>>,
    /// What the player whose turn it is may record of their own cards (TERRAVIST).
    pub turn_form: Option<TurnForm>,
    /// The app's refusal of the last action on the cards, in words, if it refused it.
    pub turn_refused: Option<Text>,
    /// The step the table confirms now between turns, and whose phone may (a round end's).
    pub step: Option<TableStep>,
    /// While the table sets the game up: the phones join it (see [`Lobby`]).
    pub lobby: Option<Lobby>,
    /// After the game: the sentence that says it is saved, and who won.
    pub saved: Option<Text>,
    /// After the game: each player's rating change in it ("Aki: 3.2 to 5.4 (+2.2)").
    pub ratings: Vec<Text>,
    /// Between games: tonight's standings (the league's figure of each of tonight's players
    /// and what tonight changed it by), as the venue screen shows them.
    pub standings: Vec<Tonight>,
    /// Whether a seated phone may take back the last action (Undo), and put one back (Redo).
    pub can_undo: bool,
    pub can_redo: bool,
    /// Who keeps the table: the window, or no window (`tablekeeper serve`: the host's phone
    /// answers a phone that asks for a seat, and the phones' words name no computer).
    pub keeper: Host,
    /// The round whose objective tile the parent's phone may name now, and its label so far.
    pub objective_open: Option<(u32, Option<String>)>,
    /// The games a phone may set up now, by id with their names: only where no one else
    /// keeps the table (`tablekeeper serve`), between games or while no phone has joined the
    /// one set up; empty otherwise (the window sets its own games up).
    pub new_games: Vec<(String, Name)>,
    /// Beside [`TableNow::new_games`]: the data directory's game files left unread, each by
    /// its file name with why, for whoever sets a game up to see why a game is missing.
    pub unread_games: Vec<(String, crate::i18n::Text)>,
    /// The table was restarted with its clock running and nobody has resumed it since: the
    /// sentence every phone and the television show, with Resume.
    pub restarted: Option<Text>,
    /// The table cannot save (its last write failed: a full disk): the sentence every phone
    /// and the television show until a write goes through again.
    pub cannot_save: Option<Text>,
    /// What just happened at the table that every phone and the television show for a few
    /// seconds ([`News`]), oldest first.
    pub news: Vec<News>,
    /// A seated phone asked to abandon the game: every phone shows it, another seat's phone
    /// confirms it (see [`AbandonAsk`]).
    pub abandon: Option<AbandonAsk>,
    /// The seats whose phone is not at the table now (no update stream open): filled in by
    /// the server, which alone knows, named "offline" on every phone.
    pub offline: Vec<Seat>,
    /// The seats whose phone has been gone past the grace (filled in by the server): another
    /// phone may fill their column, and the rules act on their absence.
    pub gone: Vec<Seat>,
    /// The grace, in seconds, a gone phone still counts as at the table (said on the phones).
    pub grace_secs: u64,
    /// While no seated phone is at the table: how long until the table is free to take, in
    /// milliseconds as the server heard it (each screen counts down from there).
    pub free_in_ms: Option<u64>,
    /// The seats whose phone is offline but still within the grace, each with how long the
    /// table still counts it as here, in milliseconds as the server heard it (each screen counts
    /// down: when it runs out, the rules act on the absence).
    pub grace_left_ms: Vec<(Seat, u64)>,
    /// The seat whose phone may confirm the step now in place of the one it waits on, whose
    /// phone has been gone a while (filled in by the server, see `ways_out.rs`).
    pub stand_in: Option<Seat>,
    /// Round-end results that arrived after their step closed, each offered to one phone
    /// (the parent's) to add with one tap.
    pub late: Vec<LateResult>,
    /// Columns another phone marked done while their phone was gone, each with the seat whose
    /// phone did: Ready once their own phone or another device confirms ([`super::Asked::Vouch`]).
    pub vouched: Vec<(Seat, Seat)>,
    /// The ways a phone may end the game by hand now (a game of sides: Leviath's endings).
    pub endings: Vec<EndChoice>,
    /// The turn order a phone may remake now (The Rats of Wistar, Terramara), if it may.
    pub order: Option<OrderChoice>,
    /// In a game of sides (Leviath), each seat's side by name; empty in any other game.
    pub sides: Vec<Option<Name>>,
    /// The seats whose phone may end a game of sides: the side one player plays (Leviath's
    /// monster). The host's phone may too ([`TableNow::host`]).
    pub enders: Vec<Seat>,
    /// The seat of the host's phone where no window keeps the table: filled in by the server,
    /// which alone knows.
    pub host: Option<Seat>,
    /// The column of the opponent the game plays itself (Earth's Gaia in the solo game), with
    /// its name, for the lone player's phone to fill while the sheet is open.
    pub opponent: Option<(Name, SeatForm)>,
    /// The counters the table tracks, while the game is played (Leviath's ships): the phone
    /// whose turn it is, or the host's, moves them (see `table_parts.rs`).
    pub counters: Vec<CounterNow>,
    /// The sheet's parts that are the table's (Earth's fauna leaves, first full tableau),
    /// while the sheet is open: the host's phone enters them, every phone sees them.
    pub shared: Vec<SharedPart>,
    /// The game's sheet has nothing to fill in (a game of sides: Leviath): once it is over,
    /// Finish needs no column ready.
    pub sheet_empty: bool,
    /// Why the game cannot be finished yet though every column may be Ready (Terramara's
    /// dummy players not given, a tie not broken): Finish waits on it, on every door.
    pub sheet_waits: Option<Text>,
    /// What the television across the room shows besides: the address and its code, the
    /// game just saved, the evening so far (the keeper fills it in; see [`Television`]).
    pub television: Television,
}

/// A round-end result a phone sent after the step that asked for it was confirmed (it was
/// offline then, and counted as 0): kept, and offered to the phone of `to` to add.
#[derive(Debug, Clone, PartialEq)]
pub struct LateResult {
    pub seat: Seat,
    pub round: u32,
    pub value: u32,
    /// The seat whose phone may add it (the parent's).
    pub to: Seat,
}

/// A column another phone marked done for a player whose phone was gone (see
/// [`super::Asked::Vouch`]): kept by the keeper until another device confirms it.
#[derive(Debug, Clone, PartialEq)]
pub struct Vouch {
    pub seat: Seat,
    /// The seat whose phone marked it, and that phone's device.
    pub by: Seat,
    pub device: Device,
    /// The table's state it was marked in, and the column as it was: a confirm names the
    /// state it saw, and a change to the column since drops the mark.
    pub rev: u64,
    pub column: Column,
}

/// A seat's phone asked to abandon the game on the table: the keeper holds the ask until
/// another seat's phone confirms it, a phone withdraws it, or it lapses.
#[derive(Debug, Clone, PartialEq)]
pub struct AbandonAsk {
    /// The seat whose phone asked, and that phone's device (kept: a phone that leaves its seat
    /// or is heard from elsewhere is still the device that asked).
    pub by: Seat,
    pub device: Device,
    /// When it asked: a phone alone at the table confirms its own ask only a while after.
    pub at: DateTime<Utc>,
    /// Why the last confirmation was not taken, in words (the asker's own second tap while
    /// another phone is at the table).
    pub refused: Option<Text>,
}

/// The app's answer to a phone's entry, named by the page's id for it: written (the value is
/// in the form now) or refused, with the sentence why.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryAnswer {
    pub id: String,
    pub refused: Option<Text>,
}

/// The answers a phone is shown at most (the page sends a few fields at once).
const ANSWERS: usize = 8;

/// Keeps a keeper's answer to an entry of `seat` for its phone, with the last few others: the
/// window's and `serve`'s alike.
pub fn keep_answer(answers: &mut Vec<Vec<EntryAnswer>>, seat: Seat, answer: EntryAnswer) {
    if answers.len() <= seat {
        answers.resize(seat + 1, Vec::new());
    }
    let kept = &mut answers[seat];
    kept.push(answer);
    if kept.len() > ANSWERS {
        kept.remove(0);
    }
}

impl TableNow {
    /// The table with no game on it: nothing to play, no one seated (the app fills in what
    /// it has: the game being set up, the last one saved).
    pub fn between_games() -> TableNow {
        TableNow {
            game: Name::same("tablekeeper"),
            glance: Glance::not_started(),
            target_secs: None,
            rev: 0,
            forms: Vec::new(),
            answers: Vec::new(),
            turn_form: None,
            turn_refused: None,
            step: None,
            lobby: None,
            saved: None,
            ratings: Vec::new(),
            standings: Vec::new(),
            can_undo: false,
            can_redo: false,
            keeper: Host::Window,
            objective_open: None,
            new_games: Vec::new(),
            unread_games: Vec::new(),
            restarted: None,
            cannot_save: None,
            news: Vec::new(),
            abandon: None,
            offline: Vec::new(),
            gone: Vec::new(),
            grace_secs: crate::remote::PRESENCE_GRACE.as_secs(),
            stand_in: None,
            late: Vec::new(),
            vouched: Vec::new(),
            free_in_ms: None,
            grace_left_ms: Vec::new(),
            endings: Vec::new(),
            order: None,
            sides: Vec::new(),
            enders: Vec::new(),
            host: None,
            opponent: None,
            counters: Vec::new(),
            shared: Vec::new(),
            sheet_empty: false,
            sheet_waits: None,
            television: Television::default(),
        }
    }

    /// The game on the table as the phones are shown it at `now`, in the keeper's state `rev`
    /// (its journal's count of changes), its sheet open or not, with the table's turn-time
    /// target. The keeper adds its answers to the phones.
    pub fn of_game(
        game: &dyn Game,
        now: DateTime<Utc>,
        sheet_open: bool,
        rev: u64,
        target_secs: Option<u32>,
    ) -> TableNow {
        let glance = game.glance(now);
        let over = glance.stage == Stage::Over;
        let turn_form = glance.current.and_then(|seat| game.turn_form(seat));
        TableNow {
            game: game.name().clone(),
            glance,
            target_secs,
            rev,
            forms: game.seat_forms(sheet_open),
            turn_form,
            step: game.table_step(),
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            endings: game.end_choices(),
            order: game.order_choice(),
            sides: sides_of(game),
            enders: enders_of(game),
            opponent: game.opponent_form(sheet_open),
            counters: game.counters(),
            shared: game.shared_parts(sheet_open),
            sheet_empty: nothing_to_fill(game),
            // Asked of the sheet only while it is open (the game over opens it).
            sheet_waits: (sheet_open || over).then(|| game.sheet_waits()).flatten(),
            objective_open: game.objective_open(),
            ..TableNow::between_games()
        }
    }

    /// Stamps the table between games with a state of its own (`rev`): each change (a phone
    /// joined, a seat renamed) is one, as each event is in a game, and a phone's tap names it.
    pub fn stamp_between_games(&mut self) {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        format!(
            "{:?}",
            (
                &self.glance.players,
                &self.lobby,
                &self.new_games,
                &self.unread_games
            )
        )
        .hash(&mut hasher);
        // Within 2^53, so a page's JavaScript number sends it back whole, and far above any
        // game's count of events.
        self.rev = (hasher.finish() >> 12) | 1 << 52;
    }

    /// The sentence the phones show after a game is saved: who won, and everyone's total.
    pub fn saved_game(entry: &HistoryEntry) -> Text {
        let totals: Vec<String> = (entry.players.iter())
            .map(|p| format!("{} {}", p.name, p.total))
            .collect();
        Text::new("phone.saved_game")
            .arg_list("winners", &entry.winners())
            .arg("totals", totals.join(" · "))
    }

    /// What the phone of `viewer` shows (a phone without a seat: `None`), in `locale`;
    /// `claimed` says which seats a phone holds. Only the viewer's own form and answers are in
    /// it.
    pub fn render(&self, locale: Locale, claimed: &[bool], viewer: Option<Seat>) -> Value {
        let mut shown = self.render_shared(locale, claimed);
        if let Some(seat) = viewer {
            self.add_own(&mut shown, locale, seat);
        }
        shown
    }

    /// Adds `seat`'s own form and answers to `shown` (the table as every phone sees it).
    pub fn add_own(&self, shown: &mut Value, locale: Locale, seat: Seat) {
        let l = locale;
        let Some(player) = shown["players"].get_mut(seat) else {
            return;
        };
        player["form"] = json!(self.forms.get(seat).map(|f| form(f, l)));

        player["answers"] = json!(self.answers.get(seat).map(|answers| {
            (answers.iter())
                .map(|a| {
                    json!({
                        "id": a.id,
                        "ok": a.refused.is_none(),
                        "said": a.refused.as_ref().map(|t| t.render(l)),
                    })
                })
                .collect::<Vec<_>>()
        }));
        // The columns whose phone is gone, for a seated phone to fill (see `fill_for`).
        for other in (0..self.glance.players.len()).filter(|&s| s != seat) {
            let filled = self.fill_for(other).map(|f| form(f, l));
            if let (Some(filled), Some(shown)) = (filled, shown["players"].get_mut(other)) {
                shown["form"] = filled;
            }
        }
    }

    /// What every phone is shown alike: no seat's form or answers.
    pub fn render_shared(&self, locale: Locale, claimed: &[bool]) -> Value {
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
                    "offline": self.offline.contains(&seat),
                    "side": self.sides.get(seat).and_then(Option::as_ref).map(|n| l.pick(n)),
                    "side_line": self.sides.get(seat).and_then(Option::as_ref)
                        .map(|n| Text::new("phone.your_side").arg_name("side", n).render(l)),
                    // A column whose phone is gone is every seated phone's to fill (see
                    // `add_own`): its values never ride on the television's stream.
                    "form": null,
                    "fill_title": self.fill_for(seat).map(|_| {
                        Text::new("phone.fill_for").arg("player", p.name.as_str()).render(l)
                    }),
                    "vouched": self.vouched_line(seat, l),
                    "answers": null,
                })
            })
            .collect();
        let mut rendered = json!({
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
            "cards": self.turn_form.as_ref().map(|f| turn_form(f, l)),
            "timer": timer(g, l),
            "together": g.together,
            "cards_refused": self.turn_refused.as_ref().map(|t| t.render(l)),
            "step": (self.step.as_ref())
                .map(|s| step(s, g, (&self.offline, self.stand_in), self.keeper == Host::Alone, l)),
            "stand_in": self.stand_in,
            "stand_in_line": (self.step.as_ref().zip(self.stand_in)).map(|(s, _)| {
                let parent = g.players.get(s.who).map_or("", |p| p.name.as_str());
                Text::new("phone.step_stand_in")
                    .arg("player", parent)
                    .arg("seconds", self.grace_secs)
                    .render(l)
            }),
            "finishable": self.finishable(),
            "lobby": self.lobby.as_ref().map(|lobby| lobby.render(g.parent, l)),
            "saved": self.saved.as_ref().map(|t| t.render(l)),
            "host_answers_asks": self.host_answers_asks(),
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "new_games": (self.new_games.iter())
                .map(|(id, name)| json!({"id": id, "name": l.pick(name)}))
                .collect::<Vec<_>>(),
            "unread_games": (self.unread_games.iter())
                .map(|(file, reason)| {
                    Text::new("phone.unread_game")
                        .arg("file", file)
                        .arg_text("reason", reason.clone())
                        .render(l)
                })
                .collect::<Vec<_>>(),
            "restarted": self.restarted.as_ref().map(|t| t.render(l)),
            "cannot_save": self.cannot_save.as_ref().map(|t| t.render(l)),
            "news": (self.news.iter())
                .map(|n| json!({"id": n.id, "text": n.text.render(l)}))
                .collect::<Vec<_>>(),
            "abandon": self.abandon.as_ref().map(|a| abandon(a, g, l)),
            "endings": (self.endings.iter())
                .map(|e| json!({"id": e.id, "label": e.label.render(l)}))
                .collect::<Vec<_>>(),
            "late": (self.late.iter()).map(|late| late_result(late, g, l)).collect::<Vec<_>>(),
            "words": words(l),
        });
        // Beside the rest: one macro call of every field passes serde_json's recursion limit.
        rendered["no_window"] = Value::Bool(self.keeper == Host::Alone);
        rendered["order"] = (self.order.as_ref()).map_or(Value::Null, |o| order_choice(o, l));
        rendered["end_by"] = json!(self.end_by());
        rendered["host"] = json!(self.host);
        self.render_table_parts(&mut rendered, l);
        // What the rulebook has the table do at this round's start, on every screen.
        rendered["round_start"] = match g.round_start.is_empty() {
            true => Value::Null,
            false => json!({
                "title": l.tr("play.round_start"),
                "notes": (g.round_start.iter()).map(|note| l.pick(note)).collect::<Vec<_>>(),
            }),
        };
        rendered["opponent"] = (self.opponent.as_ref()).map_or(Value::Null, |(name, f)| {
            json!({
                "seat": g.players.len(),
                "name": l.pick(name),
                "form": form(f, l),
                "fill_title": Text::new("phone.opponent_column").arg_name("opponent", name).render(l),
            })
        });
        rendered["ratings"] = json!(self.ratings.iter().map(|t| t.render(l)).collect::<Vec<_>>());
        rendered["ratings_title"] = json!(l.tr("venue.changes_title"));
        rendered["standings"] = json!(
            (self.standings.iter())
                .map(|t| json!({
                    "player": t.player,
                    "shown": decimal(l.tag(), t.shown, 1, Sign::Negative),
                    "change": decimal(l.tag(), t.change, 1, Sign::Always),
                    "provisional": t.provisional,
                }))
                .collect::<Vec<_>>()
        );
        rendered["standings_title"] = json!(l.tr("venue.standings"));
        rendered["provisional"] = json!(l.tr("venue.provisional"));
        rendered["sheet_waiting"] = self.sheet_waiting(g, l).map_or(Value::Null, Value::String);
        rendered["free_in_ms"] = self.free_in_ms.map_or(Value::Null, Value::from);
        rendered["grace_left"] = (self.grace_left_ms.iter())
            .map(|&(seat, ms)| {
                let name = g.players.get(seat).map_or("", |p| p.name.as_str());
                json!({"seat": seat, "name": name, "ms": ms})
            })
            .collect();
        rendered["parent_seat"] = g.parent.map_or(Value::Null, Value::from);
        rendered["objective_open"] =
            (self.objective_open.as_ref()).map_or(Value::Null, |(round, label)| {
                let title = Text::new("phone.objective_title").arg("round", round);
                json!({"round": round, "label": label, "title": title.render(l)})
            });
        // The television's own view (the address, the evening, the final sheet…).
        rendered["television"] =
            (self.television).render(g.players.len(), &self.forms, self.finishable(), l);
        rendered
    }

    /// Fills in what only the transport hears (`presence`): whose phones are offline, who
    /// stands in for the phone a step waits on, and the host's seat, each by the table's rules.
    pub fn hear(&mut self, presence: &Presence) {
        let players = self.glance.players.len();
        self.offline = presence.offline(players);
        self.gone = presence.gone(players);
        if let Some(lobby) = &mut self.lobby {
            lobby.gone = self.gone.clone();
        }
        if presence.heard {
            self.grace_secs = presence.grace.as_secs();
        }
        let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        self.free_in_ms = presence.free_in.map(ms);
        self.grace_left_ms = (self.offline.iter())
            .filter_map(|&seat| Some((seat, ms(presence.grace_left(seat)?))))
            .collect();
        self.stand_in = (self.step.as_ref()).and_then(|s| may::stand_in(s.who, players, presence));
        self.host = (presence.host_phone).filter(|_| self.host_answers_asks());
    }

    /// The countdowns as they were `ms` earlier (a table heard now, shown as of then): each
    /// still running is that much longer; one run out stays run out.
    pub fn heard_earlier_by(&mut self, ms: u64) {
        let earlier = |left: &mut u64| {
            if *left > 0 {
                *left = left.saturating_add(ms);
            }
        };
        if let Some(left) = &mut self.free_in_ms {
            earlier(left);
        }
        (self.grace_left_ms.iter_mut()).for_each(|(_, left)| earlier(left));
    }

    /// What `other` heard ([`TableNow::hear`]), onto this table.
    pub fn heard_as(&mut self, other: &TableNow) {
        self.offline = other.offline.clone();
        self.gone = other.gone.clone();
        self.grace_secs = other.grace_secs;
        self.free_in_ms = other.free_in_ms;
        self.grace_left_ms = other.grace_left_ms.clone();
        self.stand_in = other.stand_in;
        self.host = other.host;
        if let (Some(lobby), Some(heard)) = (&mut self.lobby, &other.lobby) {
            lobby.gone = heard.gone.clone();
        }
    }

    /// The roles at the table as the phones are shown it (the transport filled in the stand-in
    /// and the host's seat from what it heard: [`TableNow::hear`]).
    pub fn roles(&self) -> Roles {
        Roles {
            players: self.glance.players.len(),
            current: self.glance.current,
            parent: self.glance.parent,
            step: self.step.as_ref().map(|s| s.who),
            stand_in: self.stand_in,
            enders: self.enders.clone(),
            host_seat: self.host,
            order: self.order.clone(),
        }
    }

    /// A game is on the table (not the table between games, nor a game being set up).
    /// The host's phone answers a phone that asks for a seat: where no window keeps the table,
    /// while a game is on it (in the lobby a phone joins, and between games there is no seat).
    pub fn host_answers_asks(&self) -> bool {
        self.keeper.phone_answers() && self.in_game()
    }

    pub fn in_game(&self) -> bool {
        self.lobby.is_none() && !self.glance.players.is_empty() && self.saved.is_none()
    }

    /// The form of `seat`: a player's, or the opponent's the game plays itself (Gaia: the
    /// seat after the players').
    pub fn form_of(&self, seat: Seat) -> Option<&SeatForm> {
        match seat.checked_sub(self.forms.len()) {
            None => self.forms.get(seat),
            Some(0) => self.opponent.as_ref().map(|(_, form)| form),
            Some(_) => None,
        }
    }

    /// The seats whose phone may end a game of sides now: the lone side's, and the host's.
    pub fn end_by(&self) -> Vec<Seat> {
        may::end_by(&self.enders, self.host)
    }

    /// The seat whose turn it is and the turn's key, if a player-turn is under way.
    pub fn turn(&self) -> Option<(Seat, String)> {
        Some((self.glance.current?, self.glance.turn_key()?))
    }
}

/// An ask to abandon the game, as the page draws it: who asked, and why a confirmation was
/// not taken.
fn abandon(ask: &AbandonAsk, g: &Glance, l: Locale) -> Value {
    let who = g.players.get(ask.by).map_or("", |p| p.name.as_str());
    json!({
        "by": ask.by,
        "line": Text::new("phone.abandon_asked").arg("player", who).render(l),
        "refused": ask.refused.as_ref().map(|t| t.render(l)),
    })
}

/// A late result as the page draws it: what came, and whose phone may add it.
fn late_result(late: &LateResult, g: &Glance, l: Locale) -> Value {
    let name = |seat: Seat| g.players.get(seat).map_or("", |p| p.name.as_str());
    json!({
        "seat": late.seat,
        "to": late.to,
        "line": Text::new("phone.late_result")
            .arg("player", name(late.seat))
            .arg("round", late.round)
            .arg("value", late.value)
            .arg("to", name(late.to))
            .render(l),
        "add": Text::new("phone.late_add")
            .arg("player", name(late.seat))
            .arg("value", late.value)
            .render(l),
    })
}

/// A player in tonight's standings: the league's figure over the whole history, and what
/// tonight's games changed it by.
#[derive(Debug, Clone, PartialEq)]
pub struct Tonight {
    pub player: String,
    /// The figure and tonight's change, each written in the reader's language ("3,4", "+3,4"
    /// in German).
    pub shown: f64,
    pub change: f64,
    pub games: u32,
    pub provisional: bool,
}

//! The phones at the table, kept once for the window and `serve`: the phones' server started
//! and stopped, the address kept as games come and go (the game's key, made from the table's),
//! which phone holds which seat kept beside the journal, the table shown to the phones after
//! every change ([`TableNow`]), and what a phone asks carried out: read once by
//! [`crate::remote::Table::read`], applied here through the same journal, Undo and refusals
//! as a tap. The game being set up is joined here too, and with no window
//! ([`Host::Alone`]) set up from a phone.

use chrono::{DateTime, Utc};

use super::{Data, Happened, Host, TableKeeper, Tone};
use crate::i18n::Text;
use crate::remote::{
    self as phones, Asked, Connect, DEFAULT_PORT, EntryAnswer, Limits, Link, LinkConfig,
    PhoneMessage, Reply, Secret, TableNow,
};
use crate::session::Colour;
use crate::session::summary::Outcome;
use crate::setup::{Joined, LobbyNow, Setup};
use crate::store::LiveError;
use crate::vocabulary::{Name, Seat};

/// Where the phones' server listens, and how much of it one address may hold.
#[derive(Debug, Clone, Copy)]
pub struct PhonesPlace {
    /// Every interface at a table; 127.0.0.1 in tests.
    pub ip: std::net::IpAddr,
    /// The port asked for (`None`: the one the server had last, else [`DEFAULT_PORT`]; taken:
    /// any, remembered in the settings so the address stays the same).
    pub port: Option<u16>,
    pub limits: Limits,
}

/// The phones' side of the keeper.
#[derive(Default)]
pub(super) struct Phones {
    /// The phones' link (their server), while the phones are on.
    server: Option<Box<dyn Link>>,
    place: Option<PhonesPlace>,
    /// The key in the address.
    secret: Option<Secret>,
    /// The id of the game the server serves; `None` between games.
    game: Option<String>,
    /// The keeper's answers to each seat's last few entries, shown on that phone.
    answers: Vec<Vec<EntryAnswer>>,
    /// Why the last action a phone took on its cards was refused, in the table's state it was
    /// refused in: shown on the phone until the table changes.
    turn_refused: Option<(u64, Text)>,
    /// Which phone holds which seat, as last kept beside the game's journal.
    kept_seats: Vec<(Seat, String)>,
    /// The table's news, shown on every phone and the television for a few seconds.
    news: Vec<phones::News>,
    /// The phones the host removed from the game being set up (id, player's name), in order:
    /// the host's phone may let each in again. Forgotten with that game.
    removed: Vec<(String, String)>,
    /// The phones were last shown a game being set up: a game that starts now is that one, its
    /// seats the phones that joined it.
    setting_up: bool,
    /// A seat's phone asked to abandon the game on the table (see `ways_out.rs`).
    pub(super) abandon: Option<phones::AbandonAsk>,
    /// The setup the phones started the game on the table from: where an abandon from the
    /// phones takes the table back to, with what was set up kept.
    pub(super) started_from: Option<Setup>,
    /// Round-end results that came after their step closed, until added (see `ways_out.rs`).
    pub(super) late: Vec<phones::LateResult>,
    /// Columns a phone marked done for a player whose phone is gone, until another device
    /// confirms (see `ways_out.rs`).
    pub(super) vouches: Vec<phones::Vouch>,
}

impl TableKeeper {
    /// Starts the phones' link at `place` with `connect` (the front end's server, whose
    /// requests the front end hands back to [`TableKeeper::asked`]) for the table as it is at
    /// `now` (the game on it keeps the address and seats it had). The port it got is
    /// remembered. The error says why it could not start.
    pub fn start_phones(
        &mut self,
        place: PhonesPlace,
        connect: Connect<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), String> {
        let Data::Writable { dir, .. } = &self.data else {
            return Err(Text::new("notice.read_only").render(self.settings.effective_locale()));
        };
        let game = self.game_id();
        let secret = phones::secret_for(dir, game.as_deref()).map_err(|e| e.to_string())?;
        let seats = (game.as_deref()).map_or_else(Vec::new, |id| dir.phones_seats(id));
        let config = |port| LinkConfig {
            ip: place.ip,
            port,
            secret: secret.clone(),
            any_network: self.settings.phones_any_network,
            limits: place.limits,
            seats: seats.clone(),
        };
        let port = (place.port)
            .or(self.settings.phones_port)
            .unwrap_or(DEFAULT_PORT);
        let table = self.table_now(now);
        let server = connect(config(port), table.clone())
            .or_else(|_| connect(config(0), table))
            .map_err(|e| e.to_string())?;
        let got = server.address().port();
        self.phones = Phones {
            server: Some(server),
            place: Some(place),
            secret: Some(secret),
            game,
            kept_seats: seats,
            ..Phones::default()
        };
        if self.settings.phones_port != Some(got) {
            self.change_settings(|settings| settings.phones_port = Some(got));
        }
        Ok(())
    }

    /// The window's sheet: whether it shows now, and the values typed on it not saved yet (a
    /// Finish from a phone is refused with that sentence).
    pub fn show_sheet(&mut self, shown: bool, unsaved: Option<Text>) {
        self.sheet_shown = shown;
        self.unsaved = unsaved;
    }

    /// Whether the phones read the score sheet now: the window's choice, or with no window,
    /// once the game is over.
    pub(super) fn sheet_open(&self, now: DateTime<Utc>) -> bool {
        match self.host {
            Host::Window => self.sheet_shown,
            Host::Alone => {
                (self.game()).is_some_and(|g| g.glance(now).stage == crate::session::Stage::Over)
            }
        }
    }

    /// Stops the phones' server; no client is waited on (the server's drop).
    pub fn stop_phones(&mut self) {
        self.phones = Phones::default();
    }

    /// The key in the phones' address, while they are on.
    pub(super) fn phones_key(&self) -> Option<String> {
        (self.phones.secret.as_ref()).map(|secret| secret.as_str().to_string())
    }

    /// The phones' link, while it runs.
    pub fn phones_link(&self) -> Option<&dyn Link> {
        self.phones.server.as_deref()
    }

    /// The address a phone opens (the network's, or the one listened on), while the server
    /// runs; `None` when this computer has no network address.
    pub fn phones_url(&self) -> Option<String> {
        let (server, place, secret) = (
            self.phones.server.as_ref()?,
            self.phones.place.as_ref()?,
            self.phones.secret.as_ref()?,
        );
        let port = server.address().port();
        (server.shown_address(place.ip)).map(|ip| phones::page_url(ip, port, secret))
    }

    /// Keeps the server to the table, and shows the phones the table as it is now: a game that
    /// came or left keeps the table's address (the game's key is made from the table's), and
    /// which phone holds which seat is kept beside the journal before any phone is shown the
    /// game. `true` when the game on the table changed.
    pub fn phones_follow_the_table(&mut self, now: DateTime<Utc>) -> bool {
        if self.phones.server.is_none() {
            return false;
        }
        let game = self.game_id();
        let changed = game != self.phones.game;
        if changed {
            self.another_game(game);
        }
        self.keep_seats();
        self.data.catch_up_tonight(now);
        let mut table = self.table_now(now);
        table.television = self.television(now);
        self.phones.setting_up = table.lobby.is_some();
        if let Some(server) = &self.phones.server {
            server.publish(table);
        }
        changed
    }

    /// The server serves `game` (or the table between games) from now on: under its key, with
    /// the seats the phones held when it was last served, unless the phones joined it here.
    fn another_game(&mut self, game: Option<String>) {
        let (Data::Writable { dir, .. }, Some(server)) = (&self.data, &self.phones.server) else {
            return;
        };
        // The address stays when it can: a key that could not be read or written keeps the
        // one in use, and the table is told.
        let failed = match phones::secret_for(dir, game.as_deref()) {
            Ok(secret) if Some(&secret) != self.phones.secret.as_ref() => {
                server.change_secret(secret.clone());
                self.phones.secret = Some(secret);
                None
            }
            Ok(_) => None,
            Err(error) => Some(Text::new("phones.failed").arg("error", error)),
        };
        let joined_here = self.phones.setting_up && game.is_some();
        if let (false, Some(id)) = (joined_here, &game) {
            server.seats_for_another_game(&dir.phones_seats(id));
        }
        // A removal lasts for the game it was made for (the lobby, then the game it starts),
        // and ends with it: a wrong tap never shuts a friend out for the night.
        if !joined_here {
            server.forget_removals();
        }
        if let Some(text) = failed {
            self.say(Tone::Error, text);
        }
        self.phones.game = game;
        self.phones.kept_seats = Vec::new();
        if !joined_here {
            self.phones.removed = Vec::new();
        }
        self.phones.answers = Vec::new();
        self.phones.turn_refused = None;
        self.phones.abandon = None;
        self.phones.late = Vec::new();
        self.phones.vouches = Vec::new();
    }

    /// Keeps which phone holds which seat beside the game's journal whenever it changed, so
    /// after a restart every phone finds its seat again without asking the table. Written again
    /// next time if it fails: a seat not kept only means that phone asks again after a restart.
    fn keep_seats(&mut self) {
        let (Data::Writable { dir, .. }, Some(server), Some(game)) =
            (&self.data, &self.phones.server, &self.phones.game)
        else {
            return;
        };
        let seats = server.seats();
        if seats != self.phones.kept_seats && dir.keep_phones_seats(game, &seats).is_ok() {
            self.phones.kept_seats = seats;
        }
    }

    /// The seats a phone holds now (none while the phones are off).
    pub fn phones_seated(&self) -> Vec<Seat> {
        let seats = self.phones_seats_now();
        seats.into_iter().map(|(seat, _)| seat).collect()
    }

    /// Which phone holds which seat as the phones were last shown (nothing while the phones
    /// are off): in the lobby, the setup's seats.
    pub(super) fn phones_seats_now(&self) -> Vec<(Seat, String)> {
        (self.phones.server.as_ref()).map_or_else(Vec::new, |server| server.seats())
    }

    /// A fresh key for the address, written beside the journal first (a resumed game keeps the
    /// new one), then handed to the running server: the old address is dead from then on.
    pub fn new_phones_code(&mut self) {
        let (Data::Writable { dir, .. }, Some(server)) = (&self.data, &self.phones.server) else {
            return;
        };
        let secret = Secret::generate();
        let key = secret.as_str().to_string();
        let renewed =
            dir.renew_table_phones_key(key.clone())
                .and_then(|_| match &self.phones.game {
                    Some(game) => dir.renew_phones_key(game, key).map(|_| ()),
                    None => Ok(()),
                });
        if let Err(error) = renewed {
            let text = Text::new("phones.failed").arg("error", error.to_string());
            return self.say(Tone::Error, text);
        }
        server.change_secret(secret.clone());
        self.phones.secret = Some(secret);
        self.say(Tone::Info, Text::new("phones.new_code_done"));
    }

    /// Answers phones outside the local networks too, or not (remembered in the settings).
    pub fn phones_any_network(&mut self, any: bool) {
        self.change_settings(|settings| settings.phones_any_network = any);
        if let Some(server) = &self.phones.server {
            server.set_any_network(any);
        }
    }

    /// Drops a phone by its id: it loses its seat (in the game being set up too).
    pub fn drop_phone(&mut self, id: &str) {
        if let Some(server) = &self.phones.server {
            server.drop_phone(id);
        }
        if let Some(setup) = &mut self.setup {
            setup.keep_phones(|phone| phone != id);
        }
    }

    /// The table gives `seat` to the phone `phone` that asked for it (in the game being set up,
    /// the setup binds it too); the ask may have gone meanwhile, and the table hears so.
    pub fn let_seat(&mut self, seat: Seat, phone: &str) {
        let given = (self.phones.server.as_ref()).is_some_and(|s| s.give_seat(seat, phone));
        match (given, &mut self.setup) {
            (true, Some(setup)) => setup.give(seat, phone),
            (true, None) => {}
            (false, _) => self.say(Tone::Info, Text::new("phones.ask_gone")),
        }
    }

    /// The table refuses `seat` to the phone that asked for it.
    pub fn refuse_seat(&mut self, seat: Seat, phone: &str) {
        if let Some(server) = &self.phones.server {
            server.refuse_seat(seat, phone);
        }
    }

    /// Who sits in `seat` (and their colour, in a game): of the game on the table, or of the
    /// game being set up.
    pub fn seat_player(&self, seat: Seat) -> Option<(String, Option<Colour>)> {
        match (self.game(), &self.setup) {
            (Some(game), _) => {
                let player = game.players().get(seat)?;
                Some((player.name.clone(), Some(player.colour)))
            }
            (None, Some(setup)) => Some((setup.name_of(seat)?.to_string(), None)),
            _ => None,
        }
    }

    /// The games a phone may set up with no window: TERRAVIST, then every other game.
    fn offered_games(&self) -> Vec<(String, Name)> {
        let terravist = self.settings.terravist().game.name.clone();
        let mut games = vec![(crate::engines::DEFAULT.to_string(), terravist)];
        games.extend((self.games.iter()).map(|g| (g.id.clone(), g.name.clone())));
        games
    }

    /// The data directory's game files left unread, by file name (never the server's path) and
    /// why: shown greyed beside the games a phone may set up.
    fn unread_games_named(&self) -> Vec<(String, crate::i18n::Text)> {
        (self.unread_games().iter())
            .map(|problem| {
                let file = (problem.path.file_name())
                    .map(|name| name.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (file, problem.reason.clone())
            })
            .collect()
    }

    /// Which seats' phones are at the table, as the phones' server heard them (none while it
    /// is off): what the table's rules are given to decide who may do what.
    pub(super) fn phones_presence(&self) -> crate::remote::Presence {
        (self.phones.server.as_ref()).map_or_else(Default::default, |server| server.presence())
    }

    /// What the phones are shown now: the game on the table, the game being set up, or the
    /// table between games (the last game saved; with no window, the games a phone may set up).
    pub fn table_now(&self, now: DateTime<Utc>) -> TableNow {
        if let Some(game) = self.game() {
            let rev = self.rev();
            let target = self.settings.turn_target_secs;
            let sheet_open = self.sheet_open(now);
            let mut table = TableNow::of_game(game, now, sheet_open, rev, target);
            table.keeper = self.host;
            table.answers = self.phones.answers.clone();
            table.restarted = self.restarted().then(|| Text::new("phone.restarted"));
            table.cannot_save = self.cannot_save.clone();
            table.news = phones::news_at(&self.phones.news, now);
            table.turn_refused = (self.phones.turn_refused.clone())
                .filter(|(when, _)| *when == rev)
                .map(|(_, text)| text);
            table.abandon = self.abandon_ask(now);
            table.late = self.phones.late.clone();
            table.vouched = self.vouched(now);
            return table;
        }
        let mut table = TableNow::between_games();
        match &self.setup {
            Some(setup) => {
                let now = setup.lobby(&self.settings.known_players);
                table.game = now.game;
                table.glance.players = now.players;
                table.glance.parent = Some(now.parent);
                let mut lobby = now.lobby;
                lobby.removed = (self.phones.removed.iter())
                    .map(|(_, n)| n.clone())
                    .collect();
                table.lobby = Some(lobby);
            }
            None => {
                table.saved = self.saved.as_ref().map(TableNow::saved_game);
                table.ratings = self.last_ratings().iter().map(|c| c.text()).collect();
            }
        }
        // Another game instead: any phone until one has joined, then the host's (the server
        // checks who asks).
        if self.host == Host::Alone {
            table.new_games = self.offered_games();
            table.unread_games = self.unread_games_named();
        }
        table.cannot_save = self.cannot_save.clone();
        table.news = phones::news_at(&self.phones.news, now);
        table.keeper = self.host;
        table.standings = self.data.tonight().to_vec();
        table.stamp_between_games();
        table
    }

    /// Carries out what a phone asked, checked again against the game (or the setup) as it is
    /// now: the server checked it against what it last showed. A request made in another state
    /// of the table (before an Undo, a double tap, a late one) changes nothing.
    pub fn asked(&mut self, message: PhoneMessage, now: DateTime<Utc>) -> Happened {
        let Some(game) = self.game() else {
            return self.lobby_asked(message, now);
        };
        let presence = self.phones_presence();
        let table = phones::Table {
            game,
            rev: self.rev(),
            sheet_open: self.sheet_open(now),
            now,
            host: self.host,
            presence: &presence,
        };
        match table.read(message) {
            Asked::Nothing | Asked::Lobby(_) => Happened::Nothing,
            Asked::SeatMoved { seat, from, to } => {
                self.seat_moved(seat, &from, &to, now);
                Happened::Nothing
            }
            Asked::Seated { from, to } => {
                if let Some(text) = phones::seated_text(game, from, to) {
                    self.say(Tone::Passing, text);
                }
                Happened::Nothing
            }
            Asked::Apply {
                event,
                reply: Reply::Step,
                ..
            } => Happened::StepAnswered {
                taken: self.apply(event, now) == Happened::Played,
            },
            Asked::Apply {
                event,
                reply: Reply::Table,
                ..
            } => self.apply(event, now),
            Asked::Apply { seat, event, reply } => self.phone_writes(seat, event, reply, now),
            Asked::Answer {
                seat,
                reply,
                refused,
            } => {
                self.answer(seat, reply, refused);
                Happened::Nothing
            }
            Asked::Finish { rev } => match self.unsaved.clone() {
                // The window's sheet holds typed values a Finish would lose: the phone is told.
                Some(unsaved) => {
                    self.phones.turn_refused = Some((rev, unsaved));
                    Happened::Nothing
                }
                None => self.finish(Outcome::Finished, now),
            },
            Asked::UndoRedo { undo, seat } => self.undo_redo(undo, Some(seat), now),
            Asked::Abandon {
                seat,
                abandon,
                alone,
                device,
            } => self.abandon_asked(seat, abandon, alone, device, now),
            Asked::LateResult { seat, value } => {
                self.late_result(seat, value, now);
                Happened::Nothing
            }
            Asked::AddLate { seat, late } => self.add_late(seat, late, now),
            Asked::Vouch {
                seat,
                by,
                device,
                rev,
                event,
            } => self.vouch(seat, (by, device, rev), event, now),
        }
    }

    /// The host's phone arranges the game being set up (checked: it is the host's, in the
    /// setup it saw): a removed phone is dropped, so it may not join this game again until the
    /// host lets it in.
    fn arrange(&mut self, act: phones::Arrange, host: &str) {
        let Some(setup) = self.setup.as_mut() else {
            return;
        };
        if let phones::Arrange::LetIn(n) = act {
            if n < self.phones.removed.len() {
                let (id, _) = self.phones.removed.remove(n);
                if let Some(server) = &self.phones.server {
                    server.let_in(&id);
                }
            }
            return;
        }
        if let Some((id, name)) = setup.arrange(act, host) {
            if let Some(server) = &self.phones.server {
                server.drop_phone(&id);
            }
            self.phones.removed.push((id, name));
        }
    }

    /// Tells every phone and the television, for a few seconds, a line of news (a seat that
    /// moved; later, what was taken back): the window shows it in its notice bar as well.
    pub fn tell_the_table(&mut self, text: Text, now: DateTime<Utc>) {
        self.say(Tone::Passing, text.clone());
        phones::tell(&mut self.phones.news, text, now);
    }

    /// `seat` moved from the phone `from` to the phone `to`: every phone and the television
    /// are told, and the journal keeps it with both phones (the first 8 digits of each id).
    fn seat_moved(&mut self, seat: Seat, from: &str, to: &str, now: DateTime<Utc>) {
        let Some(game) = self.game() else { return };
        let name = (game.players().get(seat)).map_or_else(String::new, |p| p.name.clone());
        let short = |id: &str| id.chars().take(8).collect::<String>();
        let noted =
            (self.live.as_mut()).map(|live| live.note_seat(now, seat, short(from), short(to)));
        if let Some(Err(error)) = noted {
            let message = match error {
                LiveError::Io(message) => message,
                LiveError::Rule(rule) => rule.to_string(),
            };
            self.say(
                Tone::Error,
                Text::new("notice.not_saved").arg("error", message),
            );
        }
        self.tell_the_table(Text::new("phone.seat_moved").arg("player", name), now);
    }

    /// Applies an event a seat's own phone made (its entry, its cards, its Ready), attributed to
    /// that phone in the journal; how it went is told to that phone, and a journal that could
    /// not be written to the table too.
    fn phone_writes(
        &mut self,
        seat: Seat,
        event: crate::session::TableEvent,
        reply: Reply,
        now: DateTime<Utc>,
    ) -> Happened {
        let (refused, happened) = match self.write(event.from_phone(seat), now) {
            Some(Ok(())) => (None, Happened::PhoneWrote(seat)),
            None => (None, Happened::Nothing),
            Some(Err(LiveError::Rule(rule))) => (Some(rule.text()), Happened::Nothing),
            Some(Err(LiveError::Io(message))) => {
                let text = Text::new("notice.not_saved").arg("error", message);
                self.say(Tone::Error, text.clone());
                (Some(text), Happened::Nothing)
            }
        };
        self.answer(seat, reply, refused);
        happened
    }

    /// Tells the phone of `seat` how its entry or its action on its cards went (`refused`: why
    /// not), where it looks for it.
    fn answer(&mut self, seat: Seat, reply: Reply, refused: Option<Text>) {
        match reply {
            Reply::Entry(id) => {
                phones::keep_answer(&mut self.phones.answers, seat, EntryAnswer { id, refused })
            }
            Reply::Turn => {
                let rev = self.rev();
                self.phones.turn_refused = refused.map(|text| (rev, text));
            }
            // Refused before an event was made: the table hears of it.
            Reply::Table | Reply::Step => {
                if let Some(text) = refused {
                    self.say(Tone::Warning, text);
                }
            }
            Reply::Quiet => {}
        }
    }

    /// What a phone asked while no game is on the table: with no window, a new game set up;
    /// while one is set up, a phone joins it or leaves its seat, the host's phone chooses the
    /// first habitat, and a seated phone starts it.
    fn lobby_asked(&mut self, message: PhoneMessage, now: DateTime<Utc>) -> Happened {
        // The table as the phones were last shown it: a change made on another (a phone joined
        // meanwhile, the window changed the setup) is not undone by it.
        let mut shown = self.table_now(now);
        let rev_now = shown.rev;
        let presence = self.phones_presence();
        shown.hear(&presence);
        if let PhoneMessage::NewGame { phone, game, rev } = message {
            // A game the table offers a phone now; once a phone joined, the host's phone alone
            // switches it.
            let offered = shown.new_games.iter().any(|(id, _)| *id == game);
            let may = (shown.lobby.as_ref())
                .is_none_or(|lobby| lobby.may_switch_game(shown.glance.parent, &phone));
            if self.host == Host::Alone && rev == rev_now && offered && may {
                // Another game for the same table: the phones that joined keep their seats,
                // and are told who switched it, to which.
                let mut setup = (self.setup.take())
                    .unwrap_or_else(|| Setup::for_phones(&self.settings, &self.games));
                let joined = setup.phones_joined() > 0;
                let before = setup.lobby(&[]).game;
                setup.choose_game(Some(&game), &self.settings, &self.games);
                let now_set = heard(setup.lobby(&[]), &presence);
                let host = (now_set.lobby.host(Some(now_set.parent)))
                    .and_then(|seat| now_set.players.get(seat))
                    .map(|p| p.name.clone());
                self.setup = Some(setup);
                self.saved = None;
                if let (true, Some(host), false) = (joined, host, before == now_set.game) {
                    let text = Text::new("phone.game_switched")
                        .arg("player", host)
                        .arg_name("game", &now_set.game);
                    self.tell_the_table(text, now);
                }
            }
            return Happened::Nothing;
        }
        let Some(setup) = self.setup.as_mut() else {
            return Happened::Nothing;
        };
        match message {
            PhoneMessage::Join {
                phone,
                name,
                colour,
            } => {
                if let (Some(Joined::Asks(seat)), Some(server)) =
                    (setup.join(&phone, &name, colour), &self.phones.server)
                {
                    server.ask_for(seat, &phone);
                }
            }
            // A phone left its seat: by its id, whatever the window did to the rows meanwhile.
            PhoneMessage::Left { phone } => setup.keep_phones(|id| id != phone),
            PhoneMessage::FirstHabitat { seat, habitat, rev } if rev == rev_now => {
                let now = heard(setup.lobby(&self.settings.known_players), &presence);
                if now.lobby.host(Some(now.parent)) == Some(seat) {
                    setup.choose_first_habitat(habitat);
                }
            }
            PhoneMessage::Arrange { seat, rev, act } if rev == rev_now => {
                let now_set = heard(setup.lobby(&self.settings.known_players), &presence);
                let (lobby, parent) = (&now_set.lobby, Some(now_set.parent));
                // The host the lobby comes back to stays pinned, whoever stands in for it.
                let host = (lobby.natural_host(parent))
                    .and_then(|host| lobby.phones.get(host).cloned().flatten());
                if let Some(host) = host.filter(|_| lobby.may_arrange(act, seat, parent)) {
                    self.arrange(act, &host);
                }
            }
            PhoneMessage::StartGame { rev, .. } if rev == rev_now => {
                // Kept for a way back to the lobby (an abandon from the phones).
                let started_from = self.setup.clone();
                let happened = self.start_setup(now);
                if happened == Happened::Started {
                    self.phones.started_from = started_from;
                }
                return happened;
            }
            _ => {}
        }
        Happened::Nothing
    }
}

/// The setup as the phones see it, with what the transport heard (whose phone is gone past the
/// grace: the lobby's host role passes over it), as the server fills it in.
fn heard(mut lobby: LobbyNow, presence: &crate::remote::Presence) -> LobbyNow {
    lobby.lobby.gone = presence.gone(lobby.players.len());
    lobby
}

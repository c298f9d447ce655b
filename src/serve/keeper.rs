//! The table's keeper with no window: the data directory, the game on the table (or the one
//! the phones set up), and what the phones asked, carried out through the same library as the
//! window's taps: the same setup ([`Setup`]), the same reading of a request
//! ([`phones::Table::read`]), the same journal, Undo and history. The loop around it
//! (`serve::run`) hands it each request and each tick, and publishes what it says the table is.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use crate::engines;
use crate::export::BgStatsContext;
use crate::i18n::{Locale, Text};
use crate::kit::game_profile::GameProfile;
use crate::phones::{self, Asked, EntryAnswer, PhoneMessage, Reply, TableNow};
use crate::session::Stage;
use crate::session::summary::Outcome;
use crate::settings::{Loaded, Settings};
use crate::setup::Setup;
use crate::store::StartError;
use crate::store::history::History;
use crate::store::{DataDir, LiveError, LiveGame, StoreError, keep_time};
use crate::vocabulary::{Name, Seat};

/// The table as `serve` keeps it.
pub struct Keeper {
    dir: DataDir,
    history: History,
    settings: Settings,
    settings_path: PathBuf,
    /// Whether the settings file may be written (it was read, or there was none).
    settings_writable: bool,
    /// The games other than TERRAVIST: shipped, then the data directory's own.
    games: Vec<GameProfile>,
    live: Option<Box<dyn LiveGame>>,
    /// The game the phones set up, before it starts.
    setup: Option<Setup>,
    /// The keeper's answers to each seat's last few entries, shown on that phone.
    answers: Vec<Vec<EntryAnswer>>,
    /// Why the last action a phone took on its cards was refused, in the state it was.
    turn_refused: Option<(u64, Text)>,
    /// The last game saved, in words, for the phones until the next game.
    saved: Option<Text>,
    /// What the keeper says to whoever watches its terminal (or its service's log).
    log: Vec<Text>,
}

impl Keeper {
    /// Opens the data directory at `root` (its history in `history` when given, else where
    /// the settings put it, else its own), with the settings and games there. Another copy
    /// of the app holding it (the window, another `serve`) is [`StoreError::InUse`].
    pub fn open(root: &Path, history: Option<PathBuf>) -> Result<Keeper, StoreError> {
        let settings_path = DataDir::settings_path_in(root);
        let mut log = Vec::new();
        // A settings file that cannot be read is left as it is: nothing saved is overwritten.
        let (settings, settings_writable) = match Settings::load(&settings_path) {
            Loaded::Fresh(settings) | Loaded::Read(settings) => (settings, true),
            Loaded::Unusable { settings, reason } => {
                log.push(Text::new("serve.settings_unusable").arg("error", reason));
                (settings, false)
            }
        };
        let chosen = settings.history_dir.clone().filter(|d| d.is_dir());
        let dir = DataDir::open_with_chosen_history(root, history, chosen)?;
        let history = dir.history()?;
        let (games, _) = crate::store::profiles::games(Some(&dir.profiles_dir()));
        Ok(Keeper {
            dir,
            history,
            settings,
            settings_path,
            settings_writable,
            games,
            live: None,
            setup: None,
            answers: Vec::new(),
            turn_refused: None,
            saved: None,
            log,
        })
    }

    pub fn dir(&self) -> &DataDir {
        &self.dir
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Keeps the settings (the port the phones' server got), as the window would.
    pub fn save_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        if !self.settings_writable {
            return;
        }
        if let Err(error) = self.settings.save(&self.settings_path) {
            let text = Text::new("serve.settings_not_saved").arg("error", error.to_string());
            self.log.push(text);
        }
    }

    /// The id of the game on the table, if one is.
    pub fn game_id(&self) -> Option<String> {
        (self.live.as_deref()).map(|live| live.game().id().to_string())
    }

    /// What the keeper has said since it was last asked, oldest first.
    pub fn said(&mut self) -> Vec<Text> {
        std::mem::take(&mut self.log)
    }

    /// Puts the game last played and not finished back on the table (the window's Resume,
    /// taken at once: the phones find the game they were playing). A journal that cannot be
    /// read stays where it is, named in the log.
    pub fn resume_unfinished(&mut self) {
        let Some(path) = self.dir.unfinished().into_iter().next() else {
            return;
        };
        match self.dir.resume_any(&path) {
            Ok((live, recovery)) => {
                if recovery.problem.is_some() {
                    let kept = (recovery.set_aside.as_ref())
                        .map(|p| p.display().to_string())
                        .unwrap_or_default();
                    let text = Text::new("serve.recovered")
                        .arg("ops", recovery.ops)
                        .arg("kept", kept);
                    self.log.push(text);
                }
                let text = Text::new("serve.resumed").arg_name("game", live.game().name());
                self.log.push(text);
                // Killed while the clocks ran: how much of the turn was counted, to when.
                if let Some((last_action, counted_to)) = recovery.stopped_running {
                    let at = counted_to.with_timezone(&chrono::Local).format("%H:%M:%S");
                    let text = Text::new("notice.stopped_running")
                        .arg("counted", (counted_to - last_action).num_seconds())
                        .arg("at", at.to_string())
                        .arg("lost", keep_time::NOTE_EVERY.num_seconds());
                    self.log.push(text);
                }
                self.live = Some(live);
            }
            Err(error) => {
                let text = Text::new("serve.not_resumed")
                    .arg("file", path.display().to_string())
                    .arg("error", error.to_string());
                self.log.push(text);
            }
        }
    }

    /// The games a phone may set up: TERRAVIST, then every other game the keeper knows.
    fn offered_games(&self) -> Vec<(String, Name)> {
        let terravist = self.settings.terravist().game.name.clone();
        let mut games = vec![(engines::DEFAULT.to_string(), terravist)];
        games.extend((self.games.iter()).map(|g| (g.id.clone(), g.name.clone())));
        games
    }

    /// Whether the phones read the score sheet now: with no window to open it, once the game
    /// is over.
    fn sheet_open(live: &dyn LiveGame, now: DateTime<Utc>) -> bool {
        live.game().glance(now).stage == Stage::Over
    }

    /// What the phones are shown now: the game on the table, the game being set up, or the
    /// table between games (the games a phone may set up, the last one saved).
    pub fn table_now(&self, now: DateTime<Utc>) -> TableNow {
        if let Some(live) = self.live.as_deref() {
            let rev = live.journaled_ops() as u64;
            let sheet_open = Keeper::sheet_open(live, now);
            let target = self.settings.turn_target_secs;
            let mut table = TableNow::of_game(live.game(), now, sheet_open, rev, target);
            table.host_answers_asks = true;
            table.answers = self.answers.clone();
            table.turn_refused = (self.turn_refused.clone())
                .filter(|(when, _)| *when == rev)
                .map(|(_, text)| text);
            return table;
        }
        let mut table = TableNow::between_games();
        match &self.setup {
            Some(setup) => {
                let now = setup.lobby(&self.settings.known_players);
                table.game = now.game;
                table.glance.players = now.players;
                table.glance.parent = Some(now.parent);
                // Another game instead: any phone until one has joined, then the host's (the
                // server checks who asks).
                table.new_games = self.offered_games();
                table.lobby = Some(now.lobby);
            }
            None => {
                table.saved = self.saved.clone();
                table.new_games = self.offered_games();
            }
        }
        table.stamp_between_games();
        table
    }

    /// Carries out what a phone asked, as the window would; `server` is the phones' server,
    /// for the seats asked for while a game is set up.
    pub fn asked(
        &mut self,
        message: PhoneMessage,
        now: DateTime<Utc>,
        server: &phones::PhonesServer,
    ) {
        let Some(live) = self.live.as_deref() else {
            return self.lobby_asked(message, now, server);
        };
        let table = phones::Table {
            game: live.game(),
            rev: live.journaled_ops() as u64,
            sheet_open: Keeper::sheet_open(live, now),
            now,
        };
        match table.read(message) {
            Asked::Nothing | Asked::Lobby(_) => {}
            // Who holds which seat, for whoever reads the log.
            Asked::Seated { from, to } => {
                self.log.extend(phones::seated_text(live.game(), from, to));
            }
            Asked::Apply { seat, event, reply } => {
                let result = self
                    .live
                    .as_mut()
                    .and_then(|live| live.apply_event(event, now));
                let refused = match result {
                    Some(Err(LiveError::Rule(rule))) => Some(rule.text()),
                    Some(Err(LiveError::Io(message))) => {
                        let text = Text::new("notice.not_saved").arg("error", message);
                        self.log.push(text.clone());
                        Some(text)
                    }
                    _ => None,
                };
                self.answer(seat, reply, refused);
            }
            Asked::Answer {
                seat,
                reply,
                refused,
            } => self.answer(seat, reply, refused),
            Asked::Finish { .. } => self.finish(now),
            Asked::UndoRedo { undo } => {
                if let Some(live) = self.live.as_mut() {
                    let result = if undo { live.undo(now) } else { live.redo(now) };
                    if let Err(error) = result {
                        self.log
                            .push(Text::new("notice.not_saved").arg("error", error.to_string()));
                    }
                }
            }
        }
    }

    /// Tells the phone of `seat` how its entry or its action on its cards went.
    fn answer(&mut self, seat: Seat, reply: Reply, refused: Option<Text>) {
        match reply {
            Reply::Entry(id) => {
                phones::keep_answer(&mut self.answers, seat, EntryAnswer { id, refused })
            }
            Reply::Turn => {
                let rev = (self.live.as_deref()).map_or(0, |l| l.journaled_ops() as u64);
                self.turn_refused = refused.map(|text| (rev, text));
            }
            // No window to tell: the terminal hears of it.
            Reply::Table | Reply::Step => self.log.extend(refused),
            Reply::Quiet => {}
        }
    }

    /// What a phone asked while no game is on the table: a new game set up, a phone joining
    /// it or leaving it, the host's choice of the first habitat, the start.
    fn lobby_asked(
        &mut self,
        message: PhoneMessage,
        now: DateTime<Utc>,
        server: &phones::PhonesServer,
    ) {
        let rev_now = self.table_now(now).rev;
        if let PhoneMessage::NewGame { game, rev, .. } = message {
            // Made in the table the phone was shown: a change it did not see (a phone joined
            // meanwhile) is not undone by it.
            if rev != rev_now {
                return;
            }
            // Another game for the same table: the phones that joined keep their seats.
            let mut setup = (self.setup.take())
                .unwrap_or_else(|| Setup::for_phones(&self.settings, &self.games));
            setup.choose_game(Some(&game), &self.settings, &self.games);
            self.setup = Some(setup);
            self.saved = None;
            return;
        }
        let Some(setup) = self.setup.as_mut() else {
            return;
        };
        match message {
            PhoneMessage::Join {
                phone,
                name,
                colour,
            } => {
                if let Some(crate::setup::Joined::Asks(seat)) = setup.join(&phone, &name, colour) {
                    server.ask_for(seat, &phone);
                }
            }
            PhoneMessage::Left { phone } => setup.keep_phones(|id| id != phone),
            PhoneMessage::FirstHabitat { seat, habitat, rev } if rev == rev_now => {
                let now = setup.lobby(&self.settings.known_players);
                if now.lobby.host(Some(now.parent)) == Some(seat) {
                    setup.choose_first_habitat(habitat);
                }
            }
            PhoneMessage::StartGame { rev, .. } if rev == rev_now => self.start(now),
            _ => {}
        }
    }

    /// Starts the game the phones set up, if it can start (the phones were shown why not).
    fn start(&mut self, now: DateTime<Utc>) {
        let Some(setup) = self.setup.as_ref() else {
            return;
        };
        let new_game = match setup.start() {
            Ok(new_game) => new_game,
            Err(text) => return self.log.push(text),
        };
        let mut remembered = self.settings.clone();
        remembered.remember_start(&new_game);
        match self.dir.start_new(new_game, now) {
            Ok((mut live, first)) => {
                for event in first {
                    if let Some(Err(error)) = live.apply_event(event, now) {
                        self.log
                            .push(Text::new("notice.not_saved").arg("error", error.to_string()));
                    }
                }
                let text = Text::new("serve.started").arg_name("game", live.game().name());
                self.log.push(text);
                self.live = Some(live);
                self.setup = None;
                self.answers = Vec::new();
                self.turn_refused = None;
                self.save_settings(|settings| *settings = remembered);
            }
            Err(StartError::Setup(error)) => self.log.push(error.text()),
            Err(StartError::Store(error)) => self
                .log
                .push(Text::new("notice.not_saved").arg("error", error.to_string())),
        }
    }

    /// Moves the finished game into the history, as the window's Finish.
    fn finish(&mut self, now: DateTime<Utc>) {
        let Some(live) = self.live.take() else {
            return;
        };
        let id = live.game().id().to_string();
        match live.finish(&mut self.history, Outcome::Finished, now) {
            Ok(entry) => {
                let saved = TableNow::saved_game(&entry);
                self.log.push(saved.clone());
                self.saved = Some(saved);
                self.answers = Vec::new();
                self.turn_refused = None;
            }
            Err(error) => {
                // The journal is where it was: the game goes on being kept from it.
                self.log
                    .push(Text::new("notice.not_saved").arg("error", error.to_string()));
                if let Ok((live, _)) = self
                    .dir
                    .resume_any(&self.dir.live_dir().join(format!("{id}.jsonl")))
                {
                    self.live = Some(live);
                }
            }
        }
    }

    /// The clock's own acts as it ticks: noted every ten seconds while it runs, a sand timer
    /// that ends the turn at zero.
    pub fn tick(&mut self, now: DateTime<Utc>) {
        let Some(live) = self.live.as_deref_mut() else {
            return;
        };
        let results = [
            keep_time::note_the_clock(live, now),
            keep_time::sand_runs_out(live, now),
        ];
        for error in results.into_iter().flatten().filter_map(Result::err) {
            self.log
                .push(Text::new("notice.not_saved").arg("error", error.to_string()));
        }
    }

    /// Leaves the table: a running clock is paused first, and the journal closed.
    pub fn leave(&mut self, now: DateTime<Utc>) {
        if let Some(live) = self.live.as_deref_mut() {
            keep_time::pause_to_leave(live, now);
        }
        self.live = None;
    }

    /// Keeps which phone holds which seat beside the game's journal, so after a restart every
    /// phone finds its seat again; `kept` is what was kept last, updated.
    pub fn keep_seats(&self, seats: Vec<(Seat, String)>, kept: &mut Vec<(Seat, String)>) {
        let Some(game) = self.game_id() else {
            return;
        };
        if seats != *kept && self.dir.keep_phones_seats(&game, &seats).is_ok() {
            *kept = seats;
        }
    }

    /// The last games as the phones' page reads them, in English and in Japanese.
    pub fn past_games(&self) -> [String; 2] {
        let context = BgStatsContext::new(&self.games, self.settings.terravist());
        super::past::past_games(&self.history, &context)
    }

    /// The language the keeper's log is written in.
    pub fn locale(&self) -> Locale {
        self.settings.effective_locale()
    }
}

//! The game on the table through its life: started from a setup, played (an event, an undo, the
//! clock's own acts), resumed from its journal with what the journal's state says, and moved
//! into the history. Each is written once here for the window and `serve` alike, with the
//! cards the table met learned for the next game's table, and a Finish that could not be saved
//! leaving the game on the table.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::{Data, Happened, TableKeeper, Tone, TookBack};
use crate::i18n::{Locale, Text};
use crate::session::summary::Outcome;
use crate::session::{Game, NewGame, TableAct, TableEvent};
use crate::store::journal::JournalProblem;
use crate::store::{LiveError, Recovery, StartError, keep_time};
use crate::vocabulary::{Name, Seat};

impl TableKeeper {
    /// Applies one table action through the journal. An event of another engine than the game
    /// on the table's is for a game no longer there, and does nothing.
    pub fn apply(&mut self, event: TableEvent, now: DateTime<Utc>) -> Happened {
        match self.write(event, now) {
            Some(Ok(())) => Happened::Played,
            Some(Err(error)) => {
                self.refused(error);
                Happened::Nothing
            }
            None => Happened::Nothing,
        }
    }

    /// Writes `event` into the journal; a card it settles or steals is offered again at the
    /// next game's table, whoever asked for it (a tap, a phone).
    pub(super) fn write(
        &mut self,
        event: TableEvent,
        now: DateTime<Utc>,
    ) -> Option<Result<(), LiveError>> {
        let learned = crate::terravist::event::learned_card(&event);
        let live = self.live.as_mut()?;
        let game = live.game();
        let (written, by) = (game.column_written(&event), event.phone());
        // A Done while the clock is paused resumes it first, then ends the turn: the turn
        // keeps the time it had, and the next one starts with the clock running (a table taps
        // Done and expects the game to go on; see docs/phones.md).
        if game.ends_turn(&event) && game.clock().is_paused() && game.glance(now).playing() {
            let resume = (game.act(&TableAct::Pause { paused: false }, false, now))
                .expect("a paused clock resumes");
            let resume = match event.phone() {
                Some(seat) => resume.from_phone(seat),
                None => resume,
            };
            if let Err(error) = live.apply_event(resume, now)? {
                return Some(Err(error));
            }
        }
        let result = self.live.as_mut()?.apply_event(event, now)?;
        if result.is_ok() {
            self.marks_dropped(written, by);
        }
        if let (Ok(()), Some(card)) = (&result, learned) {
            self.settings.known_cards.learn(&card);
            self.save_settings();
        }
        self.forget_restart();
        self.saving(&result);
        Some(result)
    }

    /// Keeps whether the table can save, from what its last write did: a journal that could
    /// not be written (a full disk) is said on every phone and the television until a write
    /// goes through again.
    pub(super) fn saving<T>(&mut self, result: &Result<T, LiveError>) {
        match result {
            Ok(_) => self.cannot_save = None,
            Err(LiveError::Io(message)) => {
                let said = self.without_the_machines_path(message);
                self.cannot_save = Some(Text::new("phone.cannot_save").arg("error", said));
            }
            Err(LiveError::Rule(_)) => {}
        }
    }

    /// `message` with the data directory's path left out (`…` in its place): what the phones
    /// and the television are shown never names a path of this machine (issue 68).
    fn without_the_machines_path(&self, message: &str) -> String {
        let root = match &self.data {
            Data::Writable { dir, .. } | Data::ReadOnly { dir, .. } => {
                dir.root().display().to_string()
            }
            Data::Unavailable { .. } => String::new(),
        };
        match root.is_empty() {
            true => message.to_string(),
            false => message.replace(&root, "…"),
        }
    }

    /// Why the table cannot save now (its last write failed), if it cannot.
    pub fn cannot_save(&self) -> Option<&Text> {
        self.cannot_save.as_ref()
    }

    /// The table was restarted while its clock ran, and nobody has resumed the clock since:
    /// every phone and the television say so, with Resume.
    pub fn restarted(&self) -> bool {
        self.restarted && self.game().is_some_and(|game| game.clock().is_paused())
    }

    /// Once the clock runs again, the restart is old news.
    fn forget_restart(&mut self) {
        if !self.game().is_some_and(|game| game.clock().is_paused()) {
            self.restarted = false;
        }
    }

    /// Says why an action was not taken: a rule's refusal, or a journal that could not be
    /// written (the log keeps that one).
    pub(super) fn refused(&mut self, error: LiveError) {
        match error {
            LiveError::Rule(rule) => self.say(Tone::Warning, rule.text()),
            LiveError::Io(message) => self.say(
                Tone::Error,
                Text::new("notice.not_saved").arg("error", message),
            ),
        }
    }

    /// Takes back the last action (`undo`), or puts back the last taken back, asked by the
    /// phone of seat `by` (`None`: the window): the journal names it, and the table says who
    /// took back what ([`TableKeeper::took_back`]).
    pub fn undo_redo(&mut self, undo: bool, by: Option<Seat>, now: DateTime<Utc>) -> Happened {
        let Some(game) = self.game() else {
            return Happened::Nothing;
        };
        // An undo is told before it goes: the event, in words, from the game it stood in.
        let undone = (undo && game.can_undo()).then(|| words_of(game, game.event_count() - 1));
        let live = self.live.as_mut().expect("a game is on the table");
        let result = if undo {
            live.undo(now, by)
        } else {
            live.redo(now, by)
        };
        self.saving(&result);
        match result {
            Ok(done) => {
                self.forget_restart();
                let game = self.game().expect("a game is on the table");
                let what = match undone {
                    Some(what) => Some(what),
                    None => game.last_put_back().map(|index| words_of(game, index)),
                };
                if let (true, Some(what)) = (done, what) {
                    let took_back = TookBack {
                        undo,
                        by,
                        what,
                        at: now,
                    };
                    let text = self.took_back_text(&took_back);
                    self.took_back = Some(took_back);
                    // Nobody takes back in secret: every phone and the television say who.
                    self.tell_the_table(text, now);
                }
                Happened::TookBack
            }
            Err(error) => {
                self.refused(error);
                Happened::Nothing
            }
        }
    }

    /// The last action taken back or put back, and who asked.
    pub fn took_back(&self) -> Option<&TookBack> {
        self.took_back.as_ref()
    }

    /// "Ben took back: Aki's turn ended".
    pub fn took_back_text(&self, took_back: &TookBack) -> Text {
        let key = match took_back.undo {
            true => "table.took_back",
            false => "table.put_back",
        };
        let player = |seat: Seat| Some(self.game()?.players().get(seat)?.name.clone());
        let text = Text::new(key).arg_name("what", &took_back.what);
        match took_back.by.and_then(player) {
            Some(name) => text.arg("who", name),
            None => text.arg_text("who", Text::new("table.the_window")),
        }
    }

    /// The clock's own acts as it ticks: noted every ten seconds while it runs, a sand timer
    /// that ends the turn at zero.
    pub fn tick(&mut self, now: DateTime<Utc>) -> Happened {
        let Some(live) = self.live.as_deref_mut() else {
            return Happened::Nothing;
        };
        let results = [
            keep_time::note_the_clock(live, now),
            keep_time::sand_runs_out(live, now),
        ];
        let mut happened = Happened::Nothing;
        for result in results.into_iter().flatten() {
            self.saving(&result);
            match result {
                Ok(()) => happened = Happened::Played,
                Err(error) => self.refused(error),
            }
        }
        happened
    }

    /// Leaves the table: a running clock is paused first, and the journal closed.
    pub fn leave(&mut self, now: DateTime<Utc>) {
        if let Some(live) = self.live.as_deref_mut() {
            keep_time::pause_to_leave(live, now);
        }
        self.live = None;
        self.stop_phones();
    }

    /// Puts a new game on the table, records its first events, and remembers who played what
    /// for the next setup.
    pub fn start(&mut self, new_game: NewGame, now: DateTime<Utc>) -> Happened {
        let mut remembered = self.settings.clone();
        remembered.remember_start(&new_game);
        let Data::Writable { dir, .. } = &self.data else {
            self.say(Tone::Error, Text::new("notice.read_only"));
            return Happened::Nothing;
        };
        // The phones that joined hold their seats on disk before the game does: a kill right
        // after Start restarts with every phone in its seat.
        let seats = self.phones_seats_now();
        match dir.start_new(new_game, now, &seats) {
            Ok((live, first)) => {
                self.live = Some(live);
                self.restarted = false;
                for event in first {
                    self.apply(event, now);
                }
            }
            Err(StartError::Setup(error)) => {
                self.say(Tone::Warning, error.text());
                return Happened::Nothing;
            }
            Err(StartError::Store(error)) => {
                self.saving::<()>(&Err(LiveError::Io(error.to_string())));
                let text = Text::new("notice.not_saved").arg("error", error);
                self.say(Tone::Error, text);
                return Happened::Nothing;
            }
        }
        self.setup = None;
        self.settings = remembered;
        self.save_settings();
        Happened::Started
    }

    /// Starts the game being set up, if it can start; else says why not.
    pub fn start_setup(&mut self, now: DateTime<Utc>) -> Happened {
        let Some(setup) = self.setup.as_ref() else {
            return Happened::Nothing;
        };
        match setup.start() {
            Ok(new_game) => self.start(new_game, now),
            Err(text) => {
                self.say(Tone::Warning, text);
                Happened::Nothing
            }
        }
    }

    /// Puts the game last played and not finished back on the table, if there is one (`serve`
    /// takes it at once: the phones find the game they were playing).
    pub fn resume_unfinished(&mut self) -> Happened {
        let unfinished = self.unfinished();
        match unfinished.into_iter().next() {
            Some(path) => self.resume(&path),
            None => Happened::Nothing,
        }
    }

    /// The journals of games not finished, newest first (none while a game is on the table).
    pub fn unfinished(&self) -> Vec<PathBuf> {
        match &self.data {
            Data::Writable { dir, .. } if self.live.is_none() => dir.unfinished(),
            _ => Vec::new(),
        }
    }

    /// Reopens an unfinished game with the engine its journal names, and says what its
    /// journal's state was (a torn or damaged line; the clocks stopped by a kill). A journal
    /// that cannot be read stays where it is.
    pub fn resume(&mut self, path: &Path) -> Happened {
        let Data::Writable { dir, .. } = &self.data else {
            return Happened::Nothing;
        };
        match dir.resume_any(path) {
            Ok((live, recovery)) => {
                if let Some(text) = recovery_notice(&recovery) {
                    self.say(Tone::Warning, text);
                }
                if let Some(text) = clock_notice(&recovery, self.zone) {
                    self.say(Tone::Info, text);
                }
                self.live = Some(live);
                self.restarted = recovery.stopped_running.is_some();
                Happened::Started
            }
            Err(error) => {
                let text = Text::new("serve.not_resumed")
                    .arg("file", path.display().to_string())
                    .arg("error", error.to_string());
                self.say(Tone::Error, text);
                Happened::Nothing
            }
        }
    }

    /// Moves the game into the history as `outcome`. A game that could not be saved stays on
    /// the table, kept from its journal as before, and the table is told why.
    pub fn finish(&mut self, outcome: Outcome, now: DateTime<Utc>) -> Happened {
        let Data::Writable {
            dir,
            history,
            league,
            tonight,
        } = &mut self.data
        else {
            return Happened::Nothing;
        };
        let Some(live) = self.live.take() else {
            return Happened::Nothing;
        };
        let journal = dir.live_dir().join(format!("{}.jsonl", live.game().id()));
        let before = history.version();
        match live.finish(history, outcome, now) {
            Ok(entry) => {
                self.cannot_save = None;
                let key = match outcome {
                    Outcome::Finished => "notice.saved_to_history",
                    Outcome::Abandoned => "notice.abandoned",
                };
                let text = Text::new(key).arg_list("winners", &entry.winners());
                // The league over the history with this game: what it changed, said on the
                // final sheet's screens. Kept between games and continued with this game when
                // it is the latest (no pass over the history on this thread); rated afresh
                // otherwise, or when the history grew by more than this game.
                let entries = history.entries();
                let known = (league.take())
                    .filter(|(version, _)| *version == before)
                    .map(|(_, rater)| rater);
                let rater = crate::league::Rater::after_save(known, entries, &entry);
                self.saved_ratings = rater.changes_in(&entry.id).to_vec();
                let standings = super::tonight_in(&rater.league(), entries, now);
                tonight.set(history.version(), now, standings);
                *league = Some((history.version(), rater));
                self.saved = (outcome == Outcome::Finished).then_some(entry);
                self.say(Tone::Passing, text);
                Happened::Finished
            }
            Err(error) => {
                // The journal is where it was: the game goes on being kept from it.
                if let Ok((live, _)) = dir.resume_any(&journal) {
                    self.live = Some(live);
                }
                self.saving::<()>(&Err(LiveError::Io(error.to_string())));
                let text = Text::new("notice.not_saved").arg("error", error);
                self.say(Tone::Error, text);
                Happened::Nothing
            }
        }
    }
}

/// What a reopened journal's problem says to the table, if it had one.
/// The event at `index` of `game` in words, in every language (an engine with no words for
/// it: "an action").
fn words_of(game: &dyn Game, index: usize) -> Name {
    Locale::name_in_each(|locale| {
        (game.event_words(index, locale)).unwrap_or_else(|| locale.tr("table.an_action"))
    })
}

fn recovery_notice(recovery: &Recovery) -> Option<Text> {
    let kept = (recovery.set_aside.as_ref())
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    recovery.problem.as_ref().map(|problem| match problem {
        JournalProblem::TornLastLine { .. } => Text::new("notice.torn")
            .arg("ops", recovery.ops)
            .arg("kept", kept),
        JournalProblem::Damaged { line, .. } => Text::new("notice.damaged")
            .arg("ops", recovery.ops)
            .arg("line", *line)
            .arg("kept", kept),
    })
}

/// What a resume says when the app stopped while the clocks ran (a kill, a power cut): how much
/// of the turn under way it counted, up to when, and that what came after could not be.
fn clock_notice(recovery: &Recovery, zone: crate::zone::Zone) -> Option<Text> {
    let (last_action, counted_to) = recovery.stopped_running?;
    let counted = (counted_to - last_action).num_seconds();
    Some(
        Text::new("notice.stopped_running")
            .arg("counted", counted)
            .arg_moment(
                "at",
                zone.wall(counted_to),
                crate::i18n::dates::Shape::TimeWithSeconds,
            )
            .arg("lost", keep_time::NOTE_EVERY.num_seconds()),
    )
}

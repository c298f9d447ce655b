//! The history's side of the app: changes the history screens ask for, exports, and imports
//! that run a batch at a time.

use iced::Task;

use super::screen::{self, Screen};
use super::{App, Data, IMPORT_BATCH, ImportJob, Message, Notice};
use crate::i18n::Text;

impl App {
    /// Starts reading a backup on a thread, then imports it a batch at a time.
    pub(super) fn start_import(&mut self, path: &std::path::Path) -> Task<Message> {
        let Data::Writable { history, .. } = self.common.keeper.data() else {
            self.error(Text::new("notice.read_only").render(self.common.locale));
            return Task::none();
        };
        let reading = match crate::backup::read_on_thread(path, IMPORT_BATCH * 2) {
            Ok(reading) => reading,
            Err(error) => {
                self.error(format!("{}: {error}", path.display()));
                return Task::none();
            }
        };
        self.import = Some(ImportJob {
            reading,
            importer: crate::backup::Importer::new(history),
        });
        self.import_step()
    }

    pub(super) fn import_step(&mut self) -> Task<Message> {
        let (Some(job), Data::Writable { history, .. }) =
            (&mut self.import, self.common.keeper.data_mut())
        else {
            return Task::none();
        };
        // Each step's games are written (and synced) together before the step ends; after an
        // error, the games read before it stay, written whole.
        let games = job.reading.games.iter();
        let finished = match job.importer.take(history, games, IMPORT_BATCH, || {}) {
            Ok(finished) => finished,
            Err(error) => {
                self.import = None;
                self.error(error.text().render(self.common.locale));
                if let Screen::History(screen) = &mut self.screen {
                    screen.refresh(self.common.keeper.data().history());
                }
                return Task::none();
            }
        };
        let report = &job.importer.report;
        if finished {
            let mut text = Text::new("history.imported")
                .arg("added", report.added)
                .arg("skipped", report.skipped)
                .arg("refused", report.refused.len())
                .render(self.common.locale);
            // What was refused, then what was changed to take a game (a name or notes cut to
            // today's limits): a few of each, the command line lists them all.
            for (id, said) in (report.refused.iter().take(3)).chain(report.changed.iter().take(3)) {
                text.push_str(&format!(" {id}: {}.", said.render(self.common.locale)));
            }
            self.chrome.notice = Some(Notice { text, error: false });
            self.import = None;
            if let Screen::History(screen) = &mut self.screen {
                screen.refresh(self.common.keeper.data().history());
            }
            Task::none()
        } else {
            let read = job.reading.read.load(std::sync::atomic::Ordering::Relaxed);
            self.chrome.notice = Some(Notice {
                text: Text::new("notice.importing")
                    .arg("done", report.added + report.skipped + report.refused.len())
                    .arg("percent", read * 100 / job.reading.size.max(1))
                    .render(self.common.locale),
                error: false,
            });
            Task::done(Message::ImportStep)
        }
    }

    /// Whether an import is still running (tests step it by hand).
    pub fn importing(&self) -> bool {
        self.import.is_some()
    }

    /// Writes the games `ids` as `kind` on a thread of its own (a backup of thousands of games
    /// takes seconds): to `path`, or with no path into the data directory's `exports/`.
    pub(super) fn export(
        &mut self,
        kind: crate::export::ExportKind,
        ids: &[String],
        path: Option<std::path::PathBuf>,
    ) -> Task<Message> {
        let Data::Writable { dir, history, .. } = self.common.keeper.data() else {
            self.error(Text::new("notice.read_only").render(self.common.locale));
            return Task::none();
        };
        // No path chosen: the one-tap export, into the data directory's exports/ folder.
        let (path, folder) = match path {
            Some(path) => (path, None),
            None => {
                let folder = dir.root().join("exports");
                (folder.join(kind.file_name(self.common.now)), Some(folder))
            }
        };
        let bgstats = crate::export::BgStatsContext::new(
            self.common.keeper.games(),
            self.common.keeper.settings().terravist(),
        );
        let job = crate::export::ExportJob::new(history, ids, kind, path.clone(), self.common.now)
            .with_bgstats(bgstats);
        let games = job.games();
        super::task::on_thread(move || {
            if let Some(folder) = folder {
                std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
            }
            job.run()
        })
        .map(move |result| {
            Message::Exported(super::ExportDone {
                path: path.clone(),
                games,
                result,
            })
        })
    }

    /// Says how an export went; a copy of each damaged file a backup left out is kept.
    pub(super) fn exported(&mut self, done: super::ExportDone) {
        match done.result {
            Some(Ok(left_out)) => {
                if let Some(history) = self.common.keeper.data().history() {
                    crate::export::keep_damaged_copies(history, &left_out);
                }
                self.chrome.notice = Some(Notice {
                    text: crate::export::exported_text(done.games, &done.path, &left_out)
                        .render(self.common.locale),
                    error: !left_out.is_empty(),
                });
            }
            Some(Err(error)) => self.error(error),
            None => self.error(format!("{}: the export stopped", done.path.display())),
        }
    }

    /// Carries out a change to the history, and says how it went; `false` if it was refused.
    pub(super) fn change_history(&mut self, action: screen::HistoryAction) -> bool {
        use screen::HistoryAction as H;
        let now = self.common.now;
        let locale = self.common.locale;
        let Data::Writable { history, .. } = self.common.keeper.data_mut() else {
            self.error(Text::new("notice.read_only").render(locale));
            return false;
        };
        let result: Result<Option<Text>, String> = match action {
            H::Delete(id) => history
                .delete(&id)
                .map(|_| Some(Text::new("notice.deleted")))
                .map_err(|e| e.text().render(locale)),
            H::Restore(entry) => history
                .restore(*entry)
                .map(|()| None)
                .map_err(|e| e.text().render(locale)),
            H::Notes(id, notes) if history.contains(&id) => history
                .set_notes(&id, &notes)
                .map(|()| Some(Text::new("notice.notes_saved")))
                .map_err(|e| e.text().render(locale)),
            H::Notes(..) => Ok(None),
            H::Rename { from, to } => history
                .rename_player(&from, &to)
                .map(|n| {
                    Some(
                        Text::new("notice.renamed")
                            .arg("from", from)
                            .arg("to", to)
                            .arg("games", n),
                    )
                })
                .map_err(|e| e.text().render(locale)),
            H::Correct {
                id,
                player,
                part,
                value,
            } => match history.correct_score(&id, player, &part, value, now) {
                Ok(_) => Ok(Some(Text::new("notice.corrected"))),
                Err(crate::store::history::CorrectionError::Rule(rule)) => {
                    Err(rule.text().render(locale))
                }
                Err(e) => Err(e.to_string()),
            },
            H::Log(game) => {
                let (entry, session) = *game;
                history
                    .put(entry, &session)
                    .map(|()| Some(Text::new("notice.logged")))
                    .map_err(|e| e.text().render(locale))
            }
            // Exports run on a thread and imports a batch at a time: `perform` starts both.
            H::Export(..) | H::Import(..) => Ok(None),
        };
        match result {
            Ok(Some(text)) => {
                self.chrome.notice = Some(Notice {
                    text: text.render(locale),
                    error: false,
                })
            }
            Ok(None) => self.chrome.notice = None,
            Err(message) => {
                self.error(message);
                return false;
            }
        }
        true
    }
}

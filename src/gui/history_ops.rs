//! The history's side of the app: changes the history screens ask for, exports, and imports
//! that run a batch at a time.

use iced::Task;

use super::screen::{self, Screen};
use super::{App, Data, IMPORT_BATCH, ImportJob, Message, Notice};
use crate::i18n::Text;

impl App {
    /// Reads and checks a backup, then imports it a batch at a time.
    pub(super) fn start_import(&mut self, path: &std::path::Path) -> Task<Message> {
        let Data::Writable { history, .. } = &self.data else {
            self.error(Text::new("notice.read_only").render(self.locale));
            return Task::none();
        };
        let backup = crate::store::fsutil::read_limited(path, crate::export::MAX_IMPORT_BYTES)
            .map_err(|e| e.to_string())
            .and_then(|bytes| crate::export::parse_backup(&bytes).map_err(|e| e.to_string()));
        match backup {
            Ok(backup) => {
                let total = backup.sessions.len();
                self.import = Some(ImportJob {
                    items: backup.sessions.into(),
                    total,
                    importer: crate::export::Importer::new(history),
                });
                self.import_step()
            }
            Err(error) => {
                self.error(format!("{}: {error}", path.display()));
                Task::none()
            }
        }
    }

    pub(super) fn import_step(&mut self) -> Task<Message> {
        let (Some(job), Data::Writable { history, .. }) = (&mut self.import, &mut self.data) else {
            return Task::none();
        };
        for _ in 0..IMPORT_BATCH {
            let Some(item) = job.items.pop_front() else {
                break;
            };
            if let Err(error) = job.importer.import(history, item) {
                let message = error.to_string();
                self.import = None;
                self.error(message);
                return Task::none();
            }
        }
        let done = job.total - job.items.len();
        if job.items.is_empty() {
            let report = &job.importer.report;
            let mut text = Text::new("history.imported")
                .arg("added", report.added)
                .arg("skipped", report.skipped)
                .arg("refused", report.refused.len())
                .render(self.locale);
            for (id, reason) in report.refused.iter().take(3) {
                text.push_str(&format!(" {id}: {reason}."));
            }
            self.notice = Some(Notice { text, error: false });
            self.import = None;
            if let Screen::History(screen) = &mut self.screen {
                screen.refresh(self.data.history());
            }
            Task::none()
        } else {
            self.notice = Some(Notice {
                text: Text::new("notice.importing")
                    .arg("done", done)
                    .arg("total", job.total)
                    .render(self.locale),
                error: false,
            });
            Task::done(Message::ImportStep)
        }
    }

    /// Whether an import is still running (tests step it by hand).
    pub fn importing(&self) -> bool {
        self.import.is_some()
    }

    /// Carries out a change to the history, and says how it went.
    pub(super) fn change_history(&mut self, action: screen::HistoryAction) {
        use screen::HistoryAction as H;
        let now = self.now;
        let locale = self.locale;
        let Data::Writable { dir, history } = &mut self.data else {
            self.error(Text::new("notice.read_only").render(locale));
            return;
        };
        let result: Result<Option<Text>, String> = match action {
            H::Delete(id) => history
                .delete(&id)
                .map(|_| Some(Text::new("notice.deleted")))
                .map_err(|e| e.to_string()),
            H::Restore(entry) => history
                .restore(*entry)
                .map(|()| None)
                .map_err(|e| e.to_string()),
            H::Notes(id, notes) => match history.get(&id).cloned() {
                Some(mut entry) => {
                    entry.notes = notes;
                    history
                        .update(entry)
                        .map(|()| Some(Text::new("notice.notes_saved")))
                        .map_err(|e| e.to_string())
                }
                None => Ok(None),
            },
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
                .map_err(|e| e.to_string()),
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
            H::Export(kind, ids) => {
                crate::export::write_export(history, &ids, kind, &dir.root().join("exports"), now)
                    .map(|(path, left_out)| {
                        Some(crate::export::exported_text(ids.len(), &path, &left_out))
                    })
            }
            // The dialogs are opened in `perform`; they never reach here.
            H::SaveAs(..) | H::Import => Ok(None),
        };
        match result {
            Ok(Some(text)) => {
                self.notice = Some(Notice {
                    text: text.render(locale),
                    error: false,
                })
            }
            Ok(None) => self.notice = None,
            Err(message) => self.error(message),
        }
    }
}

//! Fault injection, the way SQLite tests its I/O errors and crashes: a scripted evening at the
//! table (two games played, one finished into the history, an undo, a backup imported) runs
//! with the N-th file operation failing (no space, an I/O error, or a "crash" after which nothing
//! more reaches the disk), for every N until a run gets through untouched. After each run the
//! data directory is opened again, as the next start would, and must hold every action the app
//! showed and every game it reported saved, with no listed game unreadable and no temp file left.

mod common;

use common::*;
use tablekeeper::backup::{self, Backup};
use tablekeeper::session::Record;
use tablekeeper::store::DataDir;
use tablekeeper::store::faults::{self, Fault};
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::event::Event;

/// What the app showed during a run: each game's actions as last shown, and what it said was
/// saved.
#[derive(Default, Debug)]
struct Shown {
    /// (game id, its records as last shown)
    live: Vec<(String, Vec<Record<Event>>)>,
    finished: Vec<String>,
    /// Games an import reported added.
    imported: usize,
}

fn events() -> Vec<Event> {
    vec![
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
        Event::StartGame,
        Event::Settle {
            player: 0,
            card: card("Owl", 4, 3, &["forest"], 2),
            habitat: "forest".into(),
        },
        Event::AddEgg { creature: 0 },
        Event::NextPlayerTurn,
        Event::SetObjective {
            round: 1,
            label: "Most eggs".into(),
        },
    ]
}

/// The scripted evening; stops at the first step that cannot go on (as a real app would show
/// an error and the table would carry on or close it).
fn evening(root: &std::path::Path, backup: &Backup, shown: &mut Shown) {
    let Ok(dir) = DataDir::open(root) else { return };
    let Ok(mut history) = dir.history() else {
        return;
    };
    let mut t = 0;
    for game in 0..2 {
        let Ok(mut live) = dir.start(session(&["Aki", "Ben"], 0, 3)) else {
            return;
        };
        let id = live.session().id().to_string();
        shown
            .live
            .push((id.clone(), live.session().records().to_vec()));
        for event in events() {
            t += 1;
            // A refused action is not shown; the table goes on with the next.
            if live.apply(event, at(t)).is_ok() {
                shown.live.last_mut().unwrap().1 = live.session().records().to_vec();
            }
        }
        if live.undo(at(t + 1)).is_ok() {
            shown.live.last_mut().unwrap().1 = live.session().records().to_vec();
        }
        if game == 0 {
            if live
                .finish(
                    &mut history,
                    tablekeeper::session::summary::Outcome::Abandoned,
                    at(t + 2),
                )
                .is_ok()
            {
                shown.finished.push(id);
            } else {
                return;
            }
        }
    }
    if let Ok(report) = backup::import(&mut history, backup.clone(), |_, _| {}) {
        shown.imported = report.added;
    }
}

/// Opens the directory as the next start would and checks that nothing shown was lost.
fn check_after(root: &std::path::Path, shown: &Shown, run: &str) {
    let dir = DataDir::open(root).unwrap_or_else(|e| panic!("{run}: the next start fails: {e}"));
    let history = dir
        .history()
        .unwrap_or_else(|e| panic!("{run}: the history does not open: {e}"));
    for id in &shown.finished {
        assert!(history.contains(id), "{run}: finished game {id} lost");
    }
    for entry in history.entries() {
        history
            .session_file(&entry.id)
            .unwrap_or_else(|e| panic!("{run}: listed game {} unreadable: {e}", entry.id));
    }
    if shown.imported > 0 {
        assert!(
            history.entries().len() >= shown.finished.len() + shown.imported,
            "{run}: imported games lost"
        );
    }
    for (id, records) in &shown.live {
        if history.contains(id) {
            continue; // moved into the history (even if the move's last step failed)
        }
        let journal = dir.live_dir().join(format!("{id}.jsonl"));
        if records.is_empty() && !journal.exists() {
            continue; // the journal's creation itself failed: nothing was shown
        }
        let (resumed, _) = dir
            .resume_game::<Terravist>(&journal)
            .unwrap_or_else(|e| panic!("{run}: game {id} shown but not resumable: {e}"));
        let got = resumed.session().records();
        assert!(
            got.len() >= records.len() && &got[..records.len()] == records.as_slice(),
            "{run}: game {id} lost shown actions: shown {}, recovered {}",
            records.len(),
            got.len()
        );
    }
    for folder in ["live", "history", "history/sessions"] {
        for file in std::fs::read_dir(root.join(folder))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = file.file_name().to_string_lossy().into_owned();
            assert!(
                !name.ends_with(".tmp"),
                "{run}: {folder}/{name} left behind"
            );
        }
    }
}

/// The next start: open the directory, the history, and resume every unfinished game (each
/// resume recovers its journal, repairing a torn one).
fn next_start(root: &std::path::Path) {
    let Ok(dir) = DataDir::open(root) else { return };
    if dir.history().is_err() {
        return;
    }
    for journal in dir.unfinished() {
        if dir.resume_game::<Terravist>(&journal).is_err() {
            return;
        }
    }
}

#[test]
fn every_failing_write_fsync_or_rename_and_every_crash_point_loses_nothing_shown() {
    // The backup to import: two games from another table (made with nothing armed).
    let other = tempfile::tempdir().unwrap();
    let backup = {
        let dir = DataDir::open(other.path()).unwrap();
        let mut history = dir.history().unwrap();
        finished_game(&dir, &mut history, &["Chie", "Dai"], [1, 2], 3);
        finished_game(&dir, &mut history, &["Dai", "Emi"], [2, 1], 4);
        backup::parse_backup(
            &serde_json::to_vec(&backup::backup(&history, history.entries(), at(0)).unwrap())
                .unwrap(),
        )
        .unwrap()
    };
    let mut runs = 0;
    for fault in [Fault::NoSpace, Fault::Io, Fault::Crash] {
        let mut n = 0;
        loop {
            let tmp = tempfile::tempdir().unwrap();
            let mut shown = Shown::default();
            faults::arm(n, fault);
            evening(tmp.path(), &backup, &mut shown);
            let fired = faults::fired();
            faults::disarm();
            runs += 1;
            if fault == Fault::Crash && fired {
                // Then crash the next start too, at each of its operations (a kill in the middle
                // of recovering a torn journal): the start after that must still find it all.
                let mut m = 0;
                loop {
                    let copy = tempfile::tempdir().unwrap();
                    copy_dir(tmp.path(), copy.path());
                    faults::arm(m, Fault::Crash);
                    next_start(copy.path());
                    let crashed = faults::fired();
                    faults::disarm();
                    runs += 1;
                    check_after(
                        copy.path(),
                        &shown,
                        &format!("crash at operation {n}, then at {m} of the next start"),
                    );
                    if !crashed {
                        break;
                    }
                    m += 1;
                }
            }
            check_after(tmp.path(), &shown, &format!("{fault:?} at operation {n}"));
            if !fired {
                // The evening got through with nothing failing: every operation was covered.
                assert!(n > 20, "the evening does {n} file operations");
                break;
            }
            n += 1;
        }
    }
    println!("fault injection: {runs} runs");
}

/// A backup of four games played at another table (its folder, and the backup's path in it).
fn backup_of_four_games() -> (tempfile::TempDir, std::path::PathBuf) {
    let source = tempfile::tempdir().unwrap();
    let backup_path = source.path().join("backup.json");
    let dir = DataDir::open(source.path()).unwrap();
    let mut history = dir.history().unwrap();
    for day in 0..4 {
        finished_game(&dir, &mut history, &["Aki", "Ben"], [2, 1], day);
    }
    let backup = backup::backup(&history, history.entries(), at(0)).unwrap();
    std::fs::write(&backup_path, serde_json::to_vec(&backup).unwrap()).unwrap();
    (source, backup_path)
}

/// A backup import that fails part-way (no space, a crash) leaves game files no log lists;
/// the table tries again and it goes through. When this device's log is later damaged and
/// repaired, the repair lists every game found in a file: the first attempt's files are the
/// same games again, and must not come back as duplicates (found by a tester: 40 games listed
/// became 43 after a full disk, 100,000 became 100,256 after a killed import).
#[test]
fn a_failed_import_retried_and_a_repaired_log_list_each_game_once() {
    let (_source, backup_path) = backup_of_four_games();
    let mut checked = 0;
    for fault in [Fault::NoSpace, Fault::Crash] {
        for n in 0.. {
            let tmp = tempfile::tempdir().unwrap();
            let dir = DataDir::open(tmp.path()).unwrap();
            // A game played here first, so the log exists before the import.
            let mut history = dir.history().unwrap();
            finished_game(&dir, &mut history, &["Chie", "Dai"], [1, 2], 9);
            drop(history);
            let mut history = dir.history().unwrap();
            faults::arm(n, fault);
            let _ = backup::import_file(&mut history, &backup_path, |_, _| {});
            let fired = faults::fired();
            faults::disarm();
            drop(history);
            if !fired {
                break;
            }
            // The table tries again: every game is in.
            let mut history = dir.history().unwrap();
            let report = backup::import_file(&mut history, &backup_path, |_, _| {}).unwrap();
            drop(history);
            let history = dir.history().unwrap();
            assert_eq!(history.entries().len(), 5, "{fault:?} at {n}: {report:?}");
            drop(history);
            // This device's log is damaged: a torn line in the middle of it.
            let log = std::fs::read_dir(tmp.path().join("history"))
                .unwrap()
                .flatten()
                .map(|f| f.path())
                .find(|p| {
                    p.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("index-")
                })
                .expect("this device's log");
            let mut bytes = std::fs::read(&log).unwrap();
            let middle = bytes.len() / 2;
            bytes[middle] = b'{';
            bytes[middle + 1] = 0xff;
            std::fs::write(&log, bytes).unwrap();
            let history = dir.history().unwrap();
            assert!(history.notice.is_some(), "the damage is found and repaired");
            let mut starts: Vec<_> = history
                .entries()
                .iter()
                .map(|e| (e.started_at, e.players[0].name.clone()))
                .collect();
            let listed = starts.len();
            starts.sort();
            starts.dedup();
            assert_eq!(
                (listed, starts.len()),
                (5, 5),
                "{fault:?} at operation {n}: each game listed once after the repair"
            );
            checked += 1;
        }
    }
    assert!(checked > 4, "{checked} failed imports checked");
}

/// The other order: an import's records torn by a crash part-way through the batch, the
/// history opened (the repair lists the torn games again from their files), then the same
/// backup imported again. The games listed from their files are still that backup's games: the
/// retry adds none of them twice. (The test above reaches this only when its crash happens to
/// cut the log between two whole records: half the batch's bytes, whose lengths vary with their
/// time stamps.)
#[test]
fn an_import_torn_by_a_crash_then_repaired_then_retried_lists_each_game_once() {
    let (_source, backup_path) = backup_of_four_games();
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = dir.history().unwrap();
    finished_game(&dir, &mut history, &["Chie", "Dai"], [1, 2], 9);
    let report = backup::import_file(&mut history, &backup_path, |_, _| {}).unwrap();
    assert_eq!(report.added, 4);
    drop(history);
    // The crash: the batch's four records, of which two reached the disk whole and the third
    // in part.
    let log = common::own_log(&dir).expect("this device's log");
    let bytes = std::fs::read(&log).unwrap();
    let starts: Vec<usize> = (0..bytes.len())
        .filter(|&i| i == 0 || bytes[i - 1] == b'\n')
        .collect();
    let imported = &starts[starts.len() - 4..];
    let cut = imported[2] + (imported[3] - imported[2]) / 2;
    std::fs::write(&log, &bytes[..cut]).unwrap();

    let history = dir.history().unwrap();
    assert!(history.notice.is_some(), "the torn log is repaired");
    assert_eq!(
        history.entries().len(),
        5,
        "the torn games listed from their files"
    );
    let origins = history.entries().iter().filter(|e| e.origin_id.is_some());
    assert_eq!(
        origins.count(),
        4,
        "each imported game still names its backup game"
    );
    drop(history);
    let mut history = dir.history().unwrap();
    let again = backup::import_file(&mut history, &backup_path, |_, _| {}).unwrap();
    assert_eq!((again.added, again.skipped), (0, 4), "{again:?}");
    drop(history);
    assert_eq!(dir.history().unwrap().entries().len(), 5);
}

/// A Done from a phone while the disk is full: nothing is taken, and the table the phones and
/// the television are shown says it cannot save, until a write goes through again.
#[cfg(feature = "phones")]
#[test]
fn a_full_disk_is_said_on_every_phone_until_a_write_goes_through() {
    use tablekeeper::i18n::Locale;
    use tablekeeper::phones::PhoneMessage;
    use tablekeeper::session::TableAct;
    use tablekeeper::table::{Data, Happened, Host, TableKeeper};

    let dir = tempfile::tempdir().unwrap();
    let data_dir = DataDir::open(dir.path()).unwrap();
    let history = data_dir.history().unwrap();
    let data = Data::writable(data_dir, history);
    let settings = tablekeeper::settings::Settings::default();
    let zone = tablekeeper::zone::Zone::utc();
    let mut keeper = TableKeeper::new(data, settings, Host::Alone, zone);
    keeper.reload_games();
    keeper.set_up();
    let (setup, settings, games) = keeper.setup_mut().unwrap();
    setup.choose_game(Some("generic"), settings, games);
    setup.join("a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0", "Aki", None);
    setup.join("b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1", "Ben", None);
    let t0 = t0();
    let shown = |keeper: &TableKeeper, locale| {
        (keeper.table_now(t0).render_shared(locale, &[]))["cannot_save"].clone()
    };
    // A start that cannot write its journal is said on the phones, never with a path of this
    // machine in it (issue 68: the data directory's full path reached the phones).
    faults::arm(0, Fault::NoSpace);
    let happened = keeper.start_setup(t0);
    faults::disarm();
    assert_eq!(happened, Happened::Nothing);
    let said = shown(&keeper, Locale::EN)
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(said.starts_with("The table cannot save"), "{said}");
    assert!(!said.contains(&*dir.path().to_string_lossy()), "{said}");
    assert_eq!(keeper.start_setup(t0), Happened::Started);
    assert!(shown(&keeper, Locale::EN).is_null());

    let done = |keeper: &TableKeeper| {
        let seat = keeper.game().unwrap().glance(t0).current.unwrap();
        PhoneMessage::Act {
            seat,
            rev: keeper.rev(),
            act: TableAct::Next,
        }
    };
    let rev = keeper.rev();
    faults::arm(0, Fault::NoSpace);
    let happened = keeper.asked(done(&keeper), t0);
    faults::disarm();
    assert_eq!(happened, Happened::Nothing);
    assert_eq!(keeper.rev(), rev, "nothing taken");
    let said = shown(&keeper, Locale::EN);
    assert!(
        said.as_str()
            .is_some_and(|s| s.starts_with("The table cannot save")),
        "{said}"
    );
    assert!(
        shown(&keeper, Locale::JA)
            .as_str()
            .is_some_and(|s| s.contains("保存できません"))
    );

    // The disk has room again: the next Done goes through, and the phones stop saying it.
    assert_eq!(keeper.asked(done(&keeper), t0), Happened::Played);
    assert!(shown(&keeper, Locale::EN).is_null());
}

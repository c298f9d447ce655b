//! A disk that fills up mid-game: the append that does not fit is refused (the table sees a
//! notice), the journal is cut back to its last whole line, and every action appended once space
//! frees up survives the next start.
//!
//! "Full" is made with `RLIMIT_FSIZE` (writes past the limit fail with EFBIG after writing what
//! fits, as ENOSPC does on a full disk), so the test needs no mount and no root. It changes a
//! limit of the whole process, so it lives alone in this test binary.

#![cfg(unix)]

mod common;

use common::*;
use tablekeeper::store::{DataDir, LiveError};
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::event::Event;

fn limit_file_size(bytes: u64) {
    let limit = libc::rlimit {
        rlim_cur: bytes as libc::rlim_t,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: plain libc calls with valid arguments; SIGXFSZ ignored so a write past the limit
    // returns EFBIG instead of killing the process.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &limit), 0);
    }
}

#[test]
fn a_full_disk_refuses_the_action_and_leaves_the_journal_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut live = dir.start(session(&["Aki", "Ben"], 0, 3)).unwrap();
    live.apply(
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
        at(1),
    )
    .unwrap();
    live.apply(Event::StartGame, at(2)).unwrap();
    let journal = live.journal().path().to_path_buf();
    let before = std::fs::read(&journal).unwrap();

    // Room for a few bytes only: a long line is partly written, then the write fails.
    limit_file_size(before.len() as u64 + 20);
    let long = Event::SetObjective {
        round: 1,
        label: "x".repeat(200),
    };
    let refused = live.apply(long, at(3));
    assert!(matches!(refused, Err(LiveError::Io(_))), "{refused:?}");
    assert_eq!(
        std::fs::read(&journal).unwrap(),
        before,
        "the journal is exactly as it was before the failed append"
    );
    assert_eq!(
        live.session().records().len(),
        2,
        "the action was not applied"
    );

    // Space frees up: later actions are kept.
    limit_file_size(u64::MAX);
    for (i, label) in ["Most eggs", "Most habitats"].into_iter().enumerate() {
        live.apply(
            Event::SetObjective {
                round: i as u32 + 1,
                label: label.into(),
            },
            at(4 + i as i64),
        )
        .unwrap();
    }
    let shown = live.session().records().to_vec();
    drop(live);

    // The next start (as after a kill) recovers every action that was shown, with no damage.
    let (resumed, recovered) = dir.resume_game::<Terravist>(&journal).unwrap();
    assert_eq!(recovered.problem, None);
    // A resumed game starts paused (one more event): everything shown is there before it.
    let records = resumed.session().records();
    assert_eq!(&records[..shown.len()], &shown[..]);
    assert_eq!(shown.len(), 4);
    drop(resumed);

    // An import that fills the disk: the batch whose index lines do not fit is not listed, the
    // index is cut back to its last whole line, and importing again once there is room brings
    // every game in, exactly once.
    let mut history = dir.history().unwrap();
    finished_game(&dir, &mut history, &["Aki", "Ben"], [2, 1], 1);
    let template = tablekeeper::backup::parse_backup(
        &serde_json::to_vec(
            &tablekeeper::backup::backup(&history, history.entries(), at(0)).unwrap(),
        )
        .unwrap(),
    )
    .unwrap();
    let mut backup = template.clone();
    backup.sessions = (0..300)
        .map(|i| {
            let mut game = template.sessions[0].clone();
            game.entry.id = format!("{:016x}", 0xabc0_0000_0000u64 + i);
            game.entry.origin_id = None;
            game
        })
        .collect();
    let other = tempfile::tempdir().unwrap();
    let target = DataDir::open(other.path()).unwrap();
    let mut imported = target.history().unwrap();
    let index = common::own_log(&target).unwrap();
    imported.restore(history.entries()[0].clone()).unwrap(); // the index exists, one line
    let whole = std::fs::read(&index).unwrap();
    limit_file_size(whole.len() as u64 + 4096); // room for a few lines, not a batch
    let failed = tablekeeper::backup::import(&mut imported, backup.clone(), |_, _| {});
    assert!(failed.is_err(), "the disk was full");
    assert_eq!(
        std::fs::read(&index).unwrap(),
        whole,
        "index cut back to its last whole line"
    );
    limit_file_size(u64::MAX);
    drop(imported);
    let mut imported = target.history().unwrap();
    assert_eq!(imported.entries().len(), 1, "nothing half-listed");
    let report = tablekeeper::backup::import(&mut imported, backup, |_, _| {}).unwrap();
    assert_eq!((report.added, report.skipped), (300, 0));
    drop(imported);
    let reopened = target.history().unwrap();
    assert_eq!(reopened.entries().len(), 301);
    for entry in reopened.entries().iter().skip(1) {
        reopened.session_file(&entry.id).unwrap();
    }
}

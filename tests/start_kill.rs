//! A table killed at any moment of Start comes back with every phone in its seat (issue 57,
//! case 3): two phones join a game set up from the phones, and the app "dies" at each file
//! operation of Start in turn (the store's fault injection: that operation and every later one
//! fail, what was written before stays). Started again on the same data directory, a game
//! that is on disk is resumed with both phones seated; a game that is not was never shown to
//! a phone as started, and the lobby's phones join again.
#![cfg(feature = "phones")]

use chrono::{DateTime, Utc};
use tablekeeper::phones::{Limits, PhoneMessage};
use tablekeeper::settings::Settings;
use tablekeeper::store::faults::{self, Fault};
use tablekeeper::table::{Happened, Host, PhonesPlace, TableKeeper, open_data};
use tablekeeper::zone::Zone;

const AKI: &str = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0";
const BEN: &str = "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";

fn now() -> DateTime<Utc> {
    Utc::now()
}

/// The keeper `serve` runs on `dir`, its phones on 127.0.0.1, the unfinished game resumed.
fn open(dir: &std::path::Path) -> TableKeeper {
    let data = open_data(dir, None, None).expect("the data directory opens");
    let mut keeper = TableKeeper::new(data, Settings::default(), Host::Alone, Zone::Local);
    keeper.reload_games();
    keeper.resume_unfinished();
    let place = PhonesPlace {
        ip: std::net::IpAddr::from([127, 0, 0, 1]),
        port: Some(0),
        limits: Limits::TABLE,
    };
    let (to_keeper, _inbox) = tokio::sync::mpsc::channel(8);
    keeper
        .start_phones(place, &tablekeeper::phones::connect(to_keeper), now())
        .unwrap();
    keeper.phones_follow_the_table(now());
    keeper
}

/// The phones set up a TERRAVIST game, both join it and the host's phone chooses the first
/// habitat: the keeper holds it ready to start.
fn lobby_of_two(keeper: &mut TableKeeper) {
    let rev = keeper.table_now(now()).rev;
    let new = PhoneMessage::NewGame {
        phone: AKI.to_string(),
        game: "terravist".to_string(),
        rev,
    };
    keeper.asked(new, now());
    keeper.phones_follow_the_table(now());
    for (phone, name) in [(AKI, "Aki"), (BEN, "Ben")] {
        let join = PhoneMessage::Join {
            phone: phone.to_string(),
            name: name.to_string(),
            colour: None,
        };
        keeper.asked(join, now());
        keeper.phones_follow_the_table(now());
    }
    let rev = keeper.table_now(now()).rev;
    let habitat = PhoneMessage::FirstHabitat {
        seat: 0,
        habitat: "forest".to_string(),
        rev,
    };
    keeper.asked(habitat, now());
    keeper.phones_follow_the_table(now());
    let seats = keeper.phones_link().unwrap().seats();
    assert_eq!(seats, seated(), "both phones hold a seat in the lobby");
}

fn seated() -> Vec<(usize, String)> {
    vec![(0, AKI.to_string()), (1, BEN.to_string())]
}

/// Start, as the host's phone taps it, and the table shown to the phones after it.
fn start(keeper: &mut TableKeeper) -> Happened {
    let rev = keeper.table_now(now()).rev;
    let happened = keeper.asked(PhoneMessage::StartGame { seat: 0, rev }, now());
    keeper.phones_follow_the_table(now());
    happened
}

#[test]
fn a_kill_at_any_file_operation_of_start_restarts_with_every_seat() {
    // A start with nothing armed counts the operations a kill can fall between.
    let whole = {
        let dir = tempfile::tempdir().unwrap();
        let mut keeper = open(dir.path());
        lobby_of_two(&mut keeper);
        faults::arm(u64::MAX - 1, Fault::Crash);
        let started = start(&mut keeper);
        let said: Vec<String> = (keeper.said().iter())
            .map(|s| format!("{:?}", s.text))
            .collect();
        assert_eq!(started, Happened::Started, "{said:?}");
        let counted = faults::counted();
        faults::disarm();
        counted
    };
    assert!(
        whole >= 2,
        "Start writes the journal and the seats: {whole}"
    );
    let mut resumed = 0;
    for kill_at in 0..=whole {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut keeper = open(dir.path());
            lobby_of_two(&mut keeper);
            faults::arm(kill_at, Fault::Crash);
            start(&mut keeper);
            faults::disarm();
            keeper.stop_phones();
        }
        let keeper = open(dir.path());
        if keeper.game().is_none() {
            // No game on disk: none was shown started (the journal is written first of all
            // that a phone reads), and the phones set the table up again.
            continue;
        }
        resumed += 1;
        let seats = keeper.phones_link().unwrap().seats();
        assert_eq!(
            seats,
            seated(),
            "killed at operation {kill_at} of {whole}: the game came back, its seats did not"
        );
    }
    assert!(resumed > 0, "some kill fell after the journal was written");
}

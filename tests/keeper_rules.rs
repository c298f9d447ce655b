//! The keeper's lobby, seats and phone rules with no phones' server in the build: a table with
//! no window (`Host::Alone`) set up, joined, arranged and played from phones' messages handed
//! straight to `TableKeeper::asked`, as the transport would hand them. Built and run with and
//! without the `phones` feature (`cargo test --no-default-features --test keeper_rules`): the
//! rules live below the transport, so none of this needs axum, hyper or tokio.

use chrono::{DateTime, TimeZone, Utc};
use tablekeeper::remote::{Arrange, PhoneMessage};
use tablekeeper::session::TableAct;
use tablekeeper::settings::Settings;
use tablekeeper::store::DataDir;
use tablekeeper::table::{Data, Happened, Host, TableKeeper};
use tablekeeper::zone::Zone;

const AKI: &str = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0";
const BEN: &str = "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";
const CHIE: &str = "c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2";

fn at(s: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 19, 0, 0).unwrap() + chrono::Duration::seconds(s)
}

/// A keeper with no window on a fresh data directory, a game of `game` set up from a phone.
fn keeper(dir: &std::path::Path, game: &str) -> TableKeeper {
    let data_dir = DataDir::open(dir).unwrap();
    let history = data_dir.history().unwrap();
    let data = Data::writable(data_dir, history);
    let mut keeper = TableKeeper::new(data, Settings::default(), Host::Alone, Zone::utc());
    keeper.reload_games();
    let rev = keeper.table_now(at(0)).rev;
    let new = PhoneMessage::NewGame {
        phone: AKI.into(),
        game: game.into(),
        rev,
    };
    keeper.asked(new, at(0));
    keeper
}

fn join(keeper: &mut TableKeeper, phone: &str, name: &str) {
    let join = PhoneMessage::Join {
        phone: phone.into(),
        name: name.into(),
        colour: None,
    };
    keeper.asked(join, at(1));
}

fn names(keeper: &TableKeeper) -> Vec<String> {
    let table = keeper.table_now(at(2));
    (table.glance.players.iter())
        .map(|p| p.name.clone())
        .collect()
}

#[test]
fn the_lobby_is_joined_and_arranged_by_its_host_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut keeper = keeper(dir.path(), "generic");
    join(&mut keeper, AKI, "Aki");
    join(&mut keeper, BEN, "Ben");
    join(&mut keeper, CHIE, "Chie");
    assert_eq!(names(&keeper), ["Aki", "Ben", "Chie"]);

    // Ben is not the host: his phone cannot move Chie up.
    let rev = keeper.table_now(at(2)).rev;
    let up = |seat, rev| PhoneMessage::Arrange {
        seat,
        rev,
        act: Arrange::Up(2),
    };
    keeper.asked(up(1, rev), at(3));
    assert_eq!(
        names(&keeper),
        ["Aki", "Ben", "Chie"],
        "Ben arranged the lobby"
    );
    // Aki (the first to join) is: Chie moves up one place.
    keeper.asked(up(0, rev), at(3));
    assert_eq!(names(&keeper), ["Aki", "Chie", "Ben"]);
    // A request made on a lobby that changed since is nothing.
    keeper.asked(up(0, rev), at(3));
    assert_eq!(
        names(&keeper),
        ["Aki", "Chie", "Ben"],
        "a stale arrange was taken"
    );
}

/// Once phones joined, only the host's phone switches the table to another game, and the
/// host's phone cannot remove its own seat: both were checked in the server's handlers alone
/// (src/phones/joining.rs), so a message that reached the keeper otherwise was taken.
#[test]
fn only_the_hosts_phone_switches_the_game_and_it_never_removes_its_own_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut keeper = keeper(dir.path(), "generic");
    join(&mut keeper, AKI, "Aki");
    join(&mut keeper, BEN, "Ben");
    let game_now = |keeper: &TableKeeper| keeper.table_now(at(2)).game.clone();
    let before = game_now(&keeper);
    let switch = |phone: &str, rev| PhoneMessage::NewGame {
        phone: phone.into(),
        game: "leviath".into(),
        rev,
    };
    let rev = keeper.table_now(at(2)).rev;
    keeper.asked(switch(BEN, rev), at(3));
    assert_eq!(game_now(&keeper), before, "Ben's phone switched the game");
    assert_eq!(names(&keeper), ["Aki", "Ben"]);

    // Aki's phone (the host's) may not remove its own seat; it may remove Ben's.
    let remove = |seat, rev| PhoneMessage::Arrange {
        seat: 0,
        rev,
        act: Arrange::Remove(seat),
    };
    keeper.asked(remove(0, rev), at(3));
    assert_eq!(names(&keeper), ["Aki", "Ben"], "the host removed itself");
    keeper.asked(remove(1, rev), at(3));
    assert_eq!(names(&keeper), ["Aki"]);

    // A game no phone is offered is not set up, even by the host's phone.
    let rev = keeper.table_now(at(4)).rev;
    let unknown = PhoneMessage::NewGame {
        phone: AKI.into(),
        game: "no-such-game".into(),
        rev,
    };
    keeper.asked(unknown, at(5));
    assert_eq!(game_now(&keeper), before);
    // Aki's phone switches it.
    keeper.asked(switch(AKI, rev), at(5));
    assert_ne!(
        game_now(&keeper),
        before,
        "the host's phone switched nothing"
    );
}

/// The setup seats no name that looks like another seat's ("Аki", Cyrillic, beside "Aki") nor
/// one that shows as nothing: the name rule lives below the transport.
#[test]
fn the_lobby_seats_no_look_alike_and_no_blank_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut keeper = keeper(dir.path(), "generic");
    join(&mut keeper, AKI, "Aki");
    join(&mut keeper, BEN, "\u{410}ki");
    join(&mut keeper, CHIE, "Chie\u{3164}");
    assert_eq!(names(&keeper), ["Aki", ""], "the second seat is still free");
    join(&mut keeper, BEN, "Ben");
    assert_eq!(names(&keeper), ["Aki", "Ben"]);
}

#[test]
fn a_game_started_from_phones_takes_a_counter_from_the_turns_seat_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut keeper = keeper(dir.path(), "leviath");
    join(&mut keeper, AKI, "Aki");
    join(&mut keeper, BEN, "Ben");
    join(&mut keeper, CHIE, "Chie");
    let rev = keeper.table_now(at(2)).rev;
    let start = PhoneMessage::StartGame { seat: 0, rev };
    assert_eq!(keeper.asked(start, at(4)), Happened::Started);

    let table = keeper.table_now(at(5));
    let current = table.glance.current.expect("a turn");
    let ships = |table: &tablekeeper::remote::TableNow| {
        (table.counters.iter())
            .find(|c| c.id == "ships")
            .map(|c| c.value)
    };
    let before = ships(&table);
    assert!(before.is_some(), "Leviath tracks its ships at sea");
    let other = (0..3).find(|&s| s != current).unwrap();
    let counter = |seat, rev| PhoneMessage::Act {
        seat,
        rev,
        act: TableAct::Counter {
            id: "ships".into(),
            change: -1,
        },
    };
    // No phone is the host's here (no server heard one): another seat's phone moves nothing.
    assert_eq!(
        keeper.asked(counter(other, table.rev), at(6)),
        Happened::Nothing
    );
    assert_eq!(ships(&keeper.table_now(at(6))), before);
    keeper.asked(counter(current, table.rev), at(7));
    let after = ships(&keeper.table_now(at(7)));
    assert_eq!(after, before.map(|v| v - 1), "the turn's seat moves it");
}

/// A Start tapped on the lobby as it was before the start player was drawn again starts
/// nothing: the phone that tapped it had not seen who begins.
#[test]
fn a_start_made_before_the_start_player_was_drawn_again_starts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut keeper = keeper(dir.path(), "generic");
    join(&mut keeper, AKI, "Aki");
    join(&mut keeper, BEN, "Ben");
    join(&mut keeper, CHIE, "Chie");
    let seen = keeper.table_now(at(2));
    let mut now = seen.clone();
    // The draw is random: draw until someone else begins (3 players: 1 in 3 stays).
    for _ in 0..64 {
        let draw = PhoneMessage::Arrange {
            seat: 0,
            rev: now.rev,
            act: Arrange::DrawParent,
        };
        keeper.asked(draw, at(3));
        now = keeper.table_now(at(3));
        if now.glance.parent != seen.glance.parent {
            break;
        }
    }
    assert_ne!(now.glance.parent, seen.glance.parent, "never drawn anew");
    assert_ne!(now.rev, seen.rev, "the lobby's state did not change");
    let stale = PhoneMessage::StartGame {
        seat: 1,
        rev: seen.rev,
    };
    assert_eq!(keeper.asked(stale, at(4)), Happened::Nothing);
    let start = PhoneMessage::StartGame {
        seat: 1,
        rev: now.rev,
    };
    assert_eq!(keeper.asked(start, at(4)), Happened::Started);
}

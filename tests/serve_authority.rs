//! Who may do what at a table kept by `tablekeeper serve`, tried as a cheat (or a careless
//! friend) would (issue 68): the lobby's host passes the role on when its phone is gone past
//! the grace; a removal binds the device, not the id its page made up, and ends with the game
//! it was made in; one device's two seats confirm nothing to each other. Each phone is a device
//! of its own (its own 127.0.0.x address), as phones on a home network are.
#![cfg(feature = "phones")]

mod common;

use std::net::Ipv4Addr;
use std::time::Duration;

use common::serve::{Serve, rev};
use serde_json::Value;

const AKI: &str = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0";
const BEN: &str = "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";
const CHIE: &str = "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3";
const DAI: &str = "d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4";
/// A second id on Dai's device (his tablet's second browser, or a fresh id he made up).
const DAI_TOO: &str = "e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5";
const TV: &str = "f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6";

/// The device `n`: 127.0.0.n, a phone of its own.
fn device(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

fn join(phone: &str, name: &str) -> String {
    format!(r#"{{"phone":"{phone}","name":"{name}","colour":null}}"#)
}

fn arrange(phone: &str, rev: u64, act: &str, seat: Option<usize>) -> String {
    let seat = seat.map_or("null".to_string(), |s| s.to_string());
    format!(r#"{{"phone":"{phone}","rev":{rev},"act":"{act}","seat":{seat}}}"#)
}

fn abandon(serve: &Serve, from: u8, phone: &str) -> u16 {
    let body = format!(r#"{{"phone":"{phone}","abandon":true}}"#);
    serve
        .post_from(device(from).octets(), "/abandon", &body)
        .status
}

fn names(table: &Value) -> Vec<String> {
    (table["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

/// Issue 68, cases 4 and 5. Aki sets a game up and is its host; she removes Chie's phone, and
/// a fresh id on Chie's device is kept out too, while Dai (another device) joins. Aki's phone
/// goes away: past the grace (2 s here) Ben's is the host, and chooses; Aki's phone comes back
/// and is the host again. In the game, Aki's phone gone makes Ben's the acting host. Dai holds
/// two seats on one device, and his second seat's tap does not confirm his first's ask to
/// abandon; Ben's does, and the table is back in its lobby, where Chie's removal has ended
/// with the game it was made in: she joins.
#[test]
fn the_host_passes_on_and_a_removal_binds_the_device_for_its_game_only() {
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start_with(dir.path(), Some(0), &["--grace", "2"]);
    let post =
        |from: u8, path: &str, body: &str| serve.post_from(device(from).octets(), path, body);
    let mut tv = serve.watch_from(TV, device(9));
    let mut aki = serve.watch_from(AKI, device(1));
    let mut ben = serve.watch_from(BEN, device(2));
    let between = tv.table();
    let new = format!(
        r#"{{"phone":"{AKI}","game":"terravist","rev":{}}}"#,
        rev(&between)
    );
    assert_eq!(post(1, "/new", &new).status, 202);
    tv.until("the lobby", |t| !t["lobby"].is_null());
    for (from, phone, name) in [(1, AKI, "Aki"), (2, BEN, "Ben"), (3, CHIE, "Chie")] {
        assert_eq!(post(from, "/join", &join(phone, name)).status, 202);
        tv.until("joined", |t| names(t).contains(&name.to_string()));
    }

    // Aki's phone removes Chie's: Chie's id, and a fresh id on her device, are kept out.
    let lobby = tv.table();
    assert_eq!(lobby["lobby"]["host"], 0, "the first to join is the host");
    let remove = arrange(AKI, rev(&lobby), "remove", Some(2));
    assert_eq!(post(1, "/arrange", &remove).status, 202);
    tv.until("Chie removed", |t| names(t) == ["Aki", "Ben"]);
    for (from, phone) in [
        (3, CHIE),
        (3, "0123456789abcdef0123456789abcdef"),
        (5, CHIE),
    ] {
        let again = post(from, "/join", &join(phone, "Chie"));
        assert_eq!(again.status, 403, "{phone} from 127.0.0.{from}");
        assert!(again.body.contains("removed"), "{}", again.body);
    }
    // Another device joins as ever; so does a second id on it (one device, two seats).
    assert_eq!(post(4, "/join", &join(DAI, "Dai")).status, 202);
    tv.until("Dai joined", |t| names(t).len() == 3);
    assert_eq!(post(4, "/join", &join(DAI_TOO, "Eve")).status, 202);
    tv.until("Eve joined", |t| names(t).len() == 4);

    // Aki's phone goes away: within the grace she is still the host; past it, Ben is.
    aki.close();
    let passed = tv.until("the host passed on", |t| t["lobby"]["host"] == 1);
    let choose =
        |phone: &str, rev: u64| format!(r#"{{"phone":"{phone}","rev":{rev},"habitat":"forest"}}"#);
    assert_eq!(
        post(2, "/choose", &choose(BEN, rev(&passed["table"]))).status,
        202,
        "Ben's phone chooses for the table now"
    );
    let chosen = tv.until("chosen", |t| t["lobby"]["not_ready"].is_null());
    // Standing in, Ben's phone arranges, but never removes the host it stands in for, and its
    // tap does not make it the host for good.
    let remove_aki = arrange(BEN, rev(&chosen["table"]), "remove", Some(0));
    assert_eq!(post(2, "/arrange", &remove_aki).status, 403);
    let draw = arrange(BEN, rev(&chosen["table"]), "draw", None);
    assert_eq!(post(2, "/arrange", &draw).status, 202);
    std::thread::sleep(Duration::from_millis(300));
    let chosen = tv.until("still set up", |t| t["lobby"]["host"] == 1);
    // Aki's phone is back: she is the host again.
    std::thread::sleep(Duration::from_millis(1100));
    aki = serve.watch_from(AKI, device(1));
    let back = tv.until("Aki the host again", |t| t["lobby"]["host"] == 0);
    assert!(rev(&back["table"]) >= rev(&chosen["table"]));
    let start = format!(r#"{{"phone":"{AKI}","rev":{}}}"#, rev(&back["table"]));
    assert_eq!(post(1, "/start", &start).status, 202);
    tv.until("the game started", |t| t["stage"] == "playing");

    // In the game, Aki's phone gone past the grace: Ben's acts as the host.
    ben.until_update("Aki the host", |u| u["host"] == 0);
    aki.close();
    ben.until_update("Ben acts as the host", |u| u["host"] == 1);

    // Dai asks to abandon; his other seat, on the same device, confirms nothing.
    assert_eq!(abandon(&serve, 4, DAI), 202);
    tv.until("the ask", |t| t["abandon"]["by"] == 2);
    assert_eq!(abandon(&serve, 4, DAI_TOO), 202);
    let refused = tv.until("not confirmed", |t| !t["abandon"]["refused"].is_null());
    assert_eq!(refused["table"]["stage"], "playing");
    // Eve's phone heard from elsewhere is still the device that asked.
    let reseat = format!(r#"{{"phone":"{DAI_TOO}","seat":3}}"#);
    assert_eq!(post(7, "/seat", &reseat).status, 200);
    assert_eq!(abandon(&serve, 7, DAI_TOO), 202);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        tv.table()["stage"],
        "playing",
        "one device confirms nothing"
    );
    // Ben's phone, another device, confirms: the table is back in its lobby.
    assert_eq!(abandon(&serve, 2, BEN), 202);
    tv.until("back in the lobby", |t| !t["lobby"].is_null());
    // Chie's removal ended with the game it was made in: she joins the next.
    let again = post(3, "/join", &join(CHIE, "Chie"));
    assert_eq!(again.status, 202, "{}", again.body);
    tv.until("Chie joined again", |t| {
        names(t).contains(&"Chie".to_string())
    });
    drop((aki, ben));
    serve.stop();
}

/// Issue 68's soak: the clock on every screen jumped back to the last change whenever a phone
/// came back (the table was shown again as if just published, with the clock it had then).
/// Now a phone's return shows the table as of when it was published: the clock a screen
/// works out (the table's figure and the update's age) never goes back.
#[test]
fn a_phone_that_comes_back_never_turns_the_clocks_back() {
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start_with(dir.path(), Some(0), &["--grace", "2"]);
    let post =
        |from: u8, path: &str, body: &str| serve.post_from(device(from).octets(), path, body);
    let mut aki = serve.watch_from(AKI, device(1));
    let mut ben = serve.watch_from(BEN, device(2));
    let between = ben.table();
    let new = format!(
        r#"{{"phone":"{AKI}","game":"earth","rev":{}}}"#,
        rev(&between)
    );
    assert_eq!(post(1, "/new", &new).status, 202);
    ben.until("the lobby", |t| !t["lobby"].is_null());
    assert_eq!(post(1, "/join", &join(AKI, "Aki")).status, 202);
    assert_eq!(post(2, "/join", &join(BEN, "Ben")).status, 202);
    let ready = ben.until("ready", |t| {
        names(t).len() == 2 && t["lobby"]["not_ready"].is_null()
    });
    let start = format!(r#"{{"phone":"{AKI}","rev":{}}}"#, rev(&ready["table"]));
    assert_eq!(post(1, "/start", &start).status, 202);
    ben.until("playing", |t| t["playing"] == true);
    let clock = |update: &Value| {
        update["table"]["clock_ms"].as_u64().unwrap() + update["age_ms"].as_u64().unwrap()
    };
    std::thread::sleep(Duration::from_millis(1500));
    // Aki's page reloads: Ben's screen is shown the table again (Aki offline, then back).
    aki.close();
    let offline = ben.until_update("Aki offline", |u| {
        u["table"]["players"][0]["offline"] == true
    });
    assert!(
        clock(&offline) >= 1400,
        "the clock went back: {}",
        clock(&offline)
    );
    std::thread::sleep(Duration::from_millis(1100));
    aki = serve.watch_from(AKI, device(1));
    let back = ben.until_update("Aki back", |u| u["table"]["players"][0]["offline"] == false);
    assert!(
        clock(&back) >= 2400,
        "the clock went back: {}",
        clock(&back)
    );
    drop(aki);
    serve.stop();
}

//! The loop of `tablekeeper serve`: a lone table, or with `--tables N` a club night, several
//! tables kept by one `serve`; a lone table is a room of one, with no venue. Each table
//! is a [`TableKeeper`] as a lone table's is (its game, lobby, seats, host, clock, journal and
//! phones' server with its own address and key), and the venue's address shows the whole room
//! ([`VenueServer`]).
//!
//! The tables are named at the start (`--tables 4`: tables 1 to 4), not opened by a phone: a
//! club's room has a fixed number of tables, each keeps its address (and its printed code) all
//! season, and no phone can make the machine keep more than the room holds.
//!
//! There is one data directory, one lock and one history: the room holds them and lends them
//! to the table it keeps at that moment ([`Room::keep`]), its journal folder set to that
//! table's (`live/` for table 1, where a lone table's is; `tables/<n>/live/` for the others).
//! A game finished at any table goes into the one history, which every table then reads. A
//! room's tables read the settings file and never write it (each would write its own over the
//! others'); a lone table keeps it as the window does.

use std::net::IpAddr;

use chrono::{DateTime, Utc};
use tokio::sync::mpsc;

use super::{INBOX, Options, TICK, log_of, open_or_say, say, show_past, signals};
use crate::i18n::{Locale, Text};
use crate::phones::{self, DEFAULT_PORT, PhoneMessage, Secret, VenueNow, VenueServer};
use crate::table::{Data, Happened, Host, Opening, PhonesPlace, TableKeeper};
use crate::zone::Zone;

/// The tables of the room and the one data directory they share.
struct Room {
    /// The data directory and its history: the room's between calls, lent to the table kept.
    data: Data,
    tables: Vec<TableKeeper>,
}

impl Room {
    /// `count` tables, each a keeper with no window, its folder made. A lone table keeps the
    /// settings as the window's does (the players and the port it got, remembered); the tables
    /// of a room read them and never write them (each would write its own over the others').
    fn new(opening: Opening, count: usize) -> Result<Room, String> {
        if let Data::Writable { dir, .. } = &opening.data {
            for table in 1..=count {
                dir.prepare_table(table).map_err(|e| e.to_string())?;
            }
        }
        let settings = opening.settings.clone();
        let (first, _) = opening.keeper(Zone::Local);
        let keeper = || {
            let lent_later = Data::Unavailable {
                reason: String::new(),
            };
            let mut keeper =
                TableKeeper::new(lent_later, settings.clone(), Host::Alone, Zone::Local);
            keeper.keep_settings_file();
            keeper
        };
        let mut tables = vec![first];
        if count > 1 {
            tables[0].keep_settings_file();
            tables.extend((1..count).map(|_| keeper()));
        }
        let mut room = Room {
            data: Data::Unavailable {
                reason: String::new(),
            },
            tables,
        };
        // The data directory is the room's from now on, lent to the table it keeps.
        room.tables[0].swap_data(&mut room.data);
        for index in 1..count {
            room.keep(index, |keeper| keeper.reload_games());
        }
        Ok(room)
    }

    /// Runs `act` on table `index` (from 0) holding the data directory, its journal folder set
    /// to that table's; the room takes the data directory back after.
    fn keep<T>(&mut self, index: usize, act: impl FnOnce(&mut TableKeeper) -> T) -> T {
        if let Data::Writable { dir, .. } = &mut self.data {
            dir.keep_table(index + 1);
        }
        let keeper = &mut self.tables[index];
        keeper.swap_data(&mut self.data);
        let done = act(keeper);
        keeper.swap_data(&mut self.data);
        done
    }

    /// The venue's key, kept beside table 1's (`live/venue.phones`) so its address stays the
    /// same across restarts.
    fn venue_secret(&mut self) -> Result<Secret, String> {
        let Data::Writable { dir, .. } = &mut self.data else {
            return Err("read-only".into());
        };
        dir.keep_table(1);
        let valid = |text: &str| Secret::parse(text).is_some();
        let fresh = || Secret::generate().as_str().to_string();
        let key = dir
            .phones_key("venue", fresh, valid)
            .map_err(|e| e.to_string())?;
        Ok(Secret::parse(&key).expect("the key was checked"))
    }

    /// The room as the venue's screen shows it now.
    fn venue_now(&mut self, address: Option<String>, now: DateTime<Utc>) -> VenueNow {
        // The league the last Finish continued, when it is of this history: no pass over
        // every game on the loop that answers every table's phones.
        self.data.catch_up_tonight(now);
        let tables = (self.tables.iter().enumerate())
            .map(|(index, keeper)| keeper.at_the_venue(index + 1, now))
            .collect();
        VenueNow {
            address,
            tables,
            standings: self.data.tonight().to_vec(),
            provisional_below: crate::league::PROVISIONAL_BELOW,
        }
    }
}

/// The port of table `number` when the venue asked for `base`: the next ones up, so each
/// table's address is the same every evening; any free port when `base` is 0 (tests).
fn table_port(base: u16, number: usize) -> u16 {
    match base {
        0 => 0,
        base => base.saturating_add(number as u16),
    }
}

/// Runs the table, or the room of `--tables N`, until SIGTERM or SIGINT: one loop for both (a
/// lone table is a room of one, with no venue).
pub(super) async fn serve(options: Options, locale: Locale) -> Result<(), String> {
    let opening = open_or_say(&options, locale)?;
    let unusable = opening.settings_unusable.clone();
    let count = options.tables.clamp(1, crate::store::MOST_TABLES);
    let mut room = Room::new(opening, count)?;
    let now = Utc::now();
    let resumed: Vec<bool> = (0..count)
        .map(|index| room.keep(index, |k| k.resume_unfinished()) == Happened::Started)
        .collect();
    let base = options.port.unwrap_or(DEFAULT_PORT);
    let mut inbox = start_tables(&mut room, &options, base, now)?;
    // Each table shown once to its phones, so the venue's first picture has their addresses.
    for index in 0..count {
        room.keep(index, |keeper| keeper.phones_follow_the_table(now));
    }
    let mut venue = match count {
        1 => None,
        _ => Some(start_venue(&mut room, options.listen, base, now)?),
    };
    let address = (venue.as_ref()).and_then(|venue| venue_address(venue, options.listen));
    if let Some(venue) = &mut venue {
        venue.publish(room.venue_now(address.clone(), now));
    }
    // The address first: whoever reads the log (a test, a service manager) finds it there.
    match &venue {
        None => room.keep(0, |keeper| {
            show_past(keeper);
            super::announce(keeper, locale);
        }),
        Some(_) => announce(&mut room, &address, locale),
    }
    if let Some(text) = unusable {
        say(&text.render(locale));
    }
    // The game files are the data directory's, the same for every table: said once.
    room.keep(0, |keeper| super::say_unread_profiles(keeper, locale));
    for (index, resumed) in resumed.into_iter().enumerate() {
        room.keep(index, |keeper| {
            log_at(count, index, keeper, locale);
            if let (true, Some(game)) = (resumed, keeper.game()) {
                let text = Text::new("serve.resumed").arg_name("game", game.name());
                said_at(count, index, &text.render(locale), locale);
            }
        });
    }
    let (mut term, mut int) = signals()?;
    loop {
        tokio::select! {
            message = inbox.recv() => match message {
                Some((index, message)) => asked(&mut room, index, message, locale),
                None => break,
            },
            _ = tokio::time::sleep(TICK) => {}
            _ = term.recv() => break,
            _ = int.recv() => break,
        }
        // Take every request already waiting before the phones are shown the table again.
        while let Ok((index, message)) = inbox.try_recv() {
            asked(&mut room, index, message, locale);
        }
        // On every pass, not only after a quiet TICK: phones that never stop asking must not
        // hold off the clock's note (a kill's bound) or a sand timer's end.
        let now = Utc::now();
        for index in 0..count {
            room.keep(index, |keeper| {
                keeper.tick(now);
                keeper.phones_follow_the_table(now);
                log_at(count, index, keeper, locale);
            });
        }
        if let Some(venue) = &mut venue {
            venue.publish(room.venue_now(address.clone(), now));
        }
    }
    for index in 0..count {
        room.keep(index, |keeper| {
            keeper.leave(Utc::now());
            log_at(count, index, keeper, locale);
        });
    }
    say(&Text::new("serve.stopped").render(locale));
    Ok(())
}

/// Starts every table's phones' server: a lone table on the port asked for (none: the one it
/// had last, else the default), a room's table `n` on the port `n` after the venue's. What
/// their phones ask comes back marked with the table it came to.
fn start_tables(
    room: &mut Room,
    options: &Options,
    base: u16,
    now: DateTime<Utc>,
) -> Result<mpsc::Receiver<(usize, PhoneMessage)>, String> {
    let count = room.tables.len();
    let (to_room, inbox) = mpsc::channel::<(usize, PhoneMessage)>(INBOX * count);
    for index in 0..count {
        let (to_keeper, mut table_inbox) = mpsc::channel(INBOX);
        let to_room = to_room.clone();
        // A phone's credentials are its table's server's, so a request only ever reaches the
        // table whose address it used.
        tokio::spawn(async move {
            while let Some(message) = table_inbox.recv().await {
                if to_room.send((index, message)).await.is_err() {
                    break;
                }
            }
        });
        let port = match count {
            1 => options.port,
            _ => Some(table_port(base, index + 1)),
        };
        let place = PhonesPlace {
            ip: options.listen,
            port,
            limits: options.limits,
        };
        let connect = phones::connect(to_keeper);
        room.keep(index, |k| k.start_phones(place, &connect, now))?;
    }
    Ok(inbox)
}

/// Starts the venue's server on `base` (taken: any free port).
fn start_venue(
    room: &mut Room,
    ip: IpAddr,
    base: u16,
    now: DateTime<Utc>,
) -> Result<VenueServer, String> {
    let secret = room.venue_secret()?;
    let shown = room.venue_now(None, now);
    VenueServer::start(ip, base, secret.clone(), shown.clone())
        .or_else(|_| VenueServer::start(ip, 0, secret, shown))
        .map_err(|e| e.to_string())
}

/// The venue's address as a phone opens it.
fn venue_address(venue: &VenueServer, listen: IpAddr) -> Option<String> {
    let host = phones::shown_address(listen)?;
    let host = match host {
        IpAddr::V6(v6) => format!("[{v6}]"),
        v4 => v4.to_string(),
    };
    Some(format!(
        "http://{host}:{}{}",
        venue.address().port(),
        venue.path()
    ))
}

/// Hands table `index` what a phone asked there. A game that starts is named in the log; a
/// game that left the table (saved) is in the phones' history before any phone is shown that
/// it left (a page reads the history when it sees so).
fn asked(room: &mut Room, index: usize, message: PhoneMessage, locale: Locale) {
    let count = room.tables.len();
    room.keep(index, |keeper| match keeper.asked(message, Utc::now()) {
        Happened::Started => {
            if let Some(game) = keeper.game() {
                let text = Text::new("serve.started").arg_name("game", game.name());
                said_at(count, index, &text.render(locale), locale);
            }
        }
        Happened::Finished => show_past(keeper),
        _ => {}
    });
}

/// Says where the venue is, then each table: the venue's line first, so whoever reads the log
/// (a test, a service manager) finds it there.
fn announce(room: &mut Room, address: &Option<String>, locale: Locale) {
    match address {
        Some(url) => say(&Text::new("serve.venue_address")
            .arg("url", url)
            .render(locale)),
        None => say(&Text::new("phones.no_network").render(locale)),
    }
    for index in 0..room.tables.len() {
        room.keep(index, |keeper| {
            show_past(keeper);
            if let Some(url) = keeper.phones_url() {
                let text = Text::new("serve.table_address")
                    .arg("table", index + 1)
                    .arg("url", url);
                say(&text.render(locale));
            }
        });
    }
    say(&Text::new("phones.plain_http").render(locale));
}

/// What table `index`'s keeper said, each line marked with its table in a room of `tables`.
fn log_at(tables: usize, index: usize, keeper: &mut TableKeeper, locale: Locale) {
    for line in log_of(keeper, locale) {
        said_at(tables, index, &line, locale);
    }
}

/// A line of table `index`, marked with its table in a room of several; as it is at a lone
/// table.
fn said_at(tables: usize, index: usize, line: &str, locale: Locale) {
    if tables == 1 {
        return say(line);
    }
    let text = Text::new("serve.table_said")
        .arg("table", index + 1)
        .arg("said", line);
    say(&text.render(locale));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_table_has_the_port_after_the_venues_and_any_port_stays_any() {
        assert_eq!(table_port(8787, 1), 8788);
        assert_eq!(table_port(8787, 16), 8803);
        assert_eq!(table_port(0, 3), 0);
        assert_eq!(table_port(u16::MAX, 2), u16::MAX);
    }
}

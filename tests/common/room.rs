//! `tablekeeper serve --tables N` run as the binary a club's Raspberry Pi would run, for the
//! tests: the venue's address and each table's read from what it prints, a phone's request
//! sent to one table as the page sends it, and the venue's stream held open as its screen
//! holds it.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::serve::{Watch, rev};

/// One table of the room: its address, as its phones open it.
#[derive(Debug, Clone)]
pub struct Table {
    pub url: String,
    pub addr: SocketAddr,
    pub base: String,
}

impl Table {
    fn at(url: &str) -> Table {
        let (addr, base) = super::http::split_url(url);
        Table {
            url: url.to_string(),
            addr,
            base,
        }
    }

    /// A phone's request to this table, sent again after a moment when asked to slow down.
    pub fn post(&self, path: &str, body: &str) -> u16 {
        self.post_from([127, 0, 0, 1], path, body).status
    }

    /// [`Table::post`] from `source` (every 127.x.y.z is this machine), with the answer.
    pub fn post_from(&self, source: [u8; 4], path: &str, body: &str) -> super::http::Answer {
        super::http::post_from(self.addr, &self.base, source, path, body)
    }

    /// The phone `phone`'s update stream from this table.
    pub fn watch(&self, phone: &str) -> Watch {
        Watch::open(self.addr, &self.base, phone)
    }
}

/// `tablekeeper serve --tables N` running on a data directory.
pub struct Room {
    child: Child,
    pub venue: Table,
    pub tables: Vec<Table>,
}

impl Room {
    /// Starts it with `count` tables on any free ports and waits for every address it prints.
    pub fn start(dir: &Path, count: usize) -> Room {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .args([
                "--lang",
                "en",
                "serve",
                "--listen",
                "127.0.0.1",
                "--port",
                "0",
            ])
            .args(["--tables", &count.to_string(), "--data-dir"])
            .arg(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut next = || lines.next().expect("a line").expect("text");
        let first = next();
        let venue = (first.strip_prefix("The venue is at: "))
            .unwrap_or_else(|| panic!("the venue's address first: {first}"));
        let venue = Table::at(venue);
        let tables = (1..=count)
            .map(|n| {
                let line = next();
                let prefix = format!("Table {n} is at: ");
                let url = (line.strip_prefix(&prefix))
                    .unwrap_or_else(|| panic!("table {n}'s address: {line}"));
                Table::at(url)
            })
            .collect();
        std::thread::spawn(move || for _ in lines {});
        Room {
            child,
            venue,
            tables,
        }
    }

    /// The venue's stream, as its screen holds it: each update's `venue`.
    pub fn watch_venue(&self) -> Watch {
        Watch::open(self.venue.addr, &self.venue.base, "venue")
    }

    /// Stops it as systemd does (SIGTERM) and waits for it to end.
    pub fn stop(mut self) {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(self.child.wait().unwrap().success());
    }

    /// Kills it (SIGKILL: a power cut).
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The players' names, two a table.
const NAMES: [&str; 16] = [
    "Aki", "Ben", "Chie", "Dan", "Eri", "Fumi", "Gen", "Hana", "Isa", "Jun", "Kai", "Luka", "Mio",
    "Nao", "Oto", "Pia",
];

/// A phone id of table `table` (from 1), seat `seat` (2: the television's): no two tables
/// share one.
pub fn phone(table: usize, seat: usize) -> String {
    format!("{:x}{:x}", seat + 10, table).repeat(16)
}

/// A table's two players' phones and its television, each with its stream.
pub struct Phones {
    pub table: Table,
    pub number: usize,
    pub watches: Vec<Watch>,
}

impl Phones {
    pub fn open(table: &Table, number: usize) -> Phones {
        let watches = (0..3)
            .map(|seat| table.watch(&phone(number, seat)))
            .collect();
        Phones {
            table: table.clone(),
            number,
            watches,
        }
    }

    pub fn id(&self, seat: usize) -> String {
        phone(self.number, seat)
    }

    pub fn tv(&mut self) -> &mut Watch {
        &mut self.watches[2]
    }

    /// Sends `body` (with the phone's id and the table's state filled in) from seat `seat`.
    pub fn act(&mut self, seat: usize, path: &str, extra: &str) -> u16 {
        let table = self.tv().table();
        let body = format!(
            r#"{{"phone":"{}","rev":{}{extra}}}"#,
            self.id(seat),
            rev(&table)
        );
        self.table
            .post_from([127, 0, 0, seat as u8 + 1], path, &body)
            .status
    }

    /// The two phones set `game` up, join as Aki and Ben (table 2: Chie and Dan, table 3: Eri
    /// and Fumi, and so on), and start it.
    pub fn set_up_and_start(&mut self, game: &str) {
        assert_eq!(self.act(0, "/new", &format!(r#","game":"{game}""#)), 202);
        self.tv().until("the lobby", |t| !t["lobby"].is_null());
        let names = &NAMES[2 * (self.number - 1)..2 * self.number];
        for (seat, (name, colour)) in names.iter().zip(["red", "blue"]).enumerate() {
            let body = format!(
                r#"{{"phone":"{}","name":"{name}","colour":"{colour}"}}"#,
                self.id(seat)
            );
            let answer = self
                .table
                .post_from([127, 0, 0, seat as u8 + 1], "/join", &body);
            assert_eq!(answer.status, 202, "{}", answer.body);
        }
        let lobby = self.tv().until("both joined", |t| {
            t["players"].as_array().is_some_and(|p| p.len() == 2)
                && t["players"][1]["name"] == names[1]
        });
        if !lobby["table"]["lobby"]["first_habitat"].is_null() {
            assert_eq!(self.act(0, "/choose", r#","habitat":"forest""#), 202);
            self.tv()
                .until("ready", |t| t["lobby"]["not_ready"].is_null());
        }
        assert_eq!(self.act(0, "/start", ""), 202);
        self.tv().until("started", |t| t["stage"] == "playing");
    }

    /// The phone whose turn it is ends it.
    pub fn done(&mut self) {
        let table = self.tv().table();
        let seat = table["current"].as_u64().expect("a turn under way") as usize;
        assert_eq!(self.act(seat, "/done", ""), 202);
        self.tv().until("the turn ended", |t| rev(t) > rev(&table));
    }

    /// The seat whose turn it is takes the step the table offers (Earth's "the end is
    /// triggered"), or the parent's phone confirms a round end's.
    pub fn step(&mut self) {
        let table = self.tv().table();
        let step = &table["step"];
        let who = step["who"].as_u64().expect("a step") as usize;
        let key = format!(r#","key":"{}""#, step["key"].as_str().unwrap());
        assert_eq!(self.act(who, "/step", &key), 202, "{step}");
        self.tv().until("the step taken", |t| rev(t) > rev(&table));
    }

    /// Each phone fills every cell of its column it may and marks it Ready; Aki's finishes.
    pub fn fill_and_finish(&mut self) {
        for seat in 0..2 {
            let table = self.watches[seat].table();
            let column = table["players"][seat]["form"]["column"].clone();
            if column.is_null() {
                // A game with nothing to fill in (Leviath): Finish waits on no column.
                continue;
            }
            let cells = column["cells"].clone();
            for (n, cell) in cells.as_array().into_iter().flatten().enumerate() {
                let fillable = cell["part"].is_string()
                    && cell["computed"].is_null()
                    && cell["table_only"] != true;
                if !fillable {
                    continue;
                }
                let body = format!(
                    r#"{{"phone":"{}","id":"e{seat}-{n}","part":{},"count":{},"value":{},"was":null}}"#,
                    self.id(seat),
                    cell["part"],
                    cell["count"].as_u64().unwrap_or(0),
                    seat * 3 + n % 4 + 1
                );
                let answer = self
                    .table
                    .post_from([127, 0, 0, seat as u8 + 1], "/enter", &body);
                assert_eq!(answer.status, 202, "{body} {}", answer.body);
            }
            let body = format!(r#"{{"phone":"{}","ready":true}}"#, self.id(seat));
            let answer = self
                .table
                .post_from([127, 0, 0, seat as u8 + 1], "/ready", &body);
            assert_eq!(answer.status, 202, "{}", answer.body);
        }
        self.watches[0].until("every column ready", |t| t["finishable"] == true);
        assert_eq!(self.act(0, "/finish", ""), 202);
        self.watches[0].until("the game saved", |t| !t["saved"].is_null());
    }
}

/// TERRAVIST: three rounds of 6, 5 and 4 turns each, each round end's results entered from
/// the phones and its steps confirmed by the parent's.
pub fn play_terravist(phones: &mut Phones) {
    for turns in [6, 5, 4] {
        for _ in 0..turns * 2 {
            phones.done();
        }
        assert_eq!(phones.tv().table()["stage"], "round_end");
        for seat in 0..2 {
            let body = format!(
                r#"{{"phone":"{}","id":"r{seat}","value":{},"was":null}}"#,
                phones.id(seat),
                seat + 1
            );
            let answer = phones
                .table
                .post_from([127, 0, 0, seat as u8 + 1], "/enter", &body);
            assert_eq!(answer.status, 202, "{}", answer.body);
        }
        loop {
            let table = phones.tv().until("the results in", |t| {
                t["step"].is_null() || t["step"]["waiting"].is_null()
            })["table"]
                .clone();
            if table["step"].is_null() {
                break;
            }
            phones.step();
        }
    }
    assert_eq!(phones.tv().table()["stage"], "over");
}

/// Earth: a turn each, then the player whose tableau is full triggers the end; the round is
/// played out and the game is over.
pub fn play_earth(phones: &mut Phones) {
    phones.done();
    phones.done();
    phones.step();
    while phones.tv().table()["stage"] != "over" {
        phones.done();
    }
}

/// Leviath: a turn, then a player's phone ends it by one of its endings (no ship left: the
/// monster wins).
pub fn play_leviath(phones: &mut Phones) {
    phones.done();
    assert_eq!(phones.act(1, "/end", r#","ending":"no_ships""#), 202);
    phones.tv().until("over", |t| t["stage"] == "over");
}

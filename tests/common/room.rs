//! `tablekeeper serve --tables N` run as the binary a club's Raspberry Pi would run, for the
//! tests: the venue's address and each table's read from what it prints, a phone's request
//! sent to one table as the page sends it, and the venue's stream held open as its screen
//! holds it.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::serve::Watch;

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
        let path = format!("{}{path}", self.base);
        let raw = super::http::request(self.addr, "POST", &path, body);
        loop {
            let answer = super::http::send_from(source.into(), self.addr, &raw);
            if answer.status != 429 {
                return answer;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
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

//! `tablekeeper serve` run as the binary a Raspberry Pi would run, for the tests: started on a
//! data directory on 127.0.0.1, its address read from what it prints, a phone's request sent as
//! the page sends it, and a phone's update stream held open as the page holds it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The table's state a phone names in its requests.
pub fn rev(table: &Value) -> u64 {
    table["rev"].as_u64().unwrap()
}

/// `tablekeeper serve` running on a data directory.
pub struct Serve {
    child: Child,
    pub url: String,
    pub addr: SocketAddr,
    pub base: String,
}

impl Serve {
    /// Starts it (`port`: `Some(0)` for any free port, `None` for the one it had last) and
    /// waits for the address it prints.
    pub fn start(dir: &Path, port: Option<u16>) -> Serve {
        Serve::start_with(dir, port, &[])
    }

    /// [`Serve::start`] with more of `serve`'s options (`--grace 2`: a test never sleeps out
    /// the real two minutes).
    pub fn start_with(dir: &Path, port: Option<u16>, options: &[&str]) -> Serve {
        Serve::start_in(
            Command::new(env!("CARGO_BIN_EXE_tablekeeper")),
            dir,
            port,
            options,
        )
    }

    /// [`Serve::start_with`], run with at most `files` open files (its soft and hard limit):
    /// what a machine with a low limit gives it.
    pub fn start_with_files(dir: &Path, files: u32, options: &[&str]) -> Serve {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -n {files} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_tablekeeper"));
        Serve::start_in(command, dir, Some(0), options)
    }

    fn start_in(mut command: Command, dir: &Path, port: Option<u16>, options: &[&str]) -> Serve {
        command
            .args(["--lang", "en", "serve", "--listen", "127.0.0.1"])
            .arg("--data-dir")
            .arg(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(port) = port {
            command.args(["--port", &port.to_string()]);
        }
        command.args(options);
        let mut child = command.spawn().expect("serve starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().expect("a line").expect("text");
        let url = first
            .strip_prefix("The table is at: ")
            .unwrap_or_else(|| panic!("the address first: {first}"))
            .to_string();
        // The rest of what it says is read on, so it never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let (addr, base) = super::http::split_url(&url);
        Serve {
            child,
            url,
            addr,
            base,
        }
    }

    /// A phone's request, sent again after a moment when the server asks it to slow down (the
    /// phones share 127.0.0.1), as the page does.
    pub fn post(&self, path: &str, body: &str) -> u16 {
        let path = format!("{}{path}", self.base);
        loop {
            let status = super::http::post(self.addr, &path, body).status;
            if status != 429 {
                return status;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// [`Serve::post`] from `source` (every 127.x.y.z address is this machine: a phone of its
    /// own), with the answer's body.
    pub fn post_from(&self, source: [u8; 4], path: &str, body: &str) -> super::http::Answer {
        super::http::post_from(self.addr, &self.base, source, path, body)
    }

    /// The phone `phone`'s update stream, held open as the page holds it.
    pub fn watch(&self, phone: &str) -> Watch {
        Watch::open(self.addr, &self.base, phone)
    }

    /// The phone `phone`'s update stream opened from `source` (every 127.x.y.z is this
    /// machine: a phone of its own device, with its own share of the streams).
    pub fn watch_from(&self, phone: &str, source: std::net::Ipv4Addr) -> Watch {
        let socket =
            socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
        socket.bind(&SocketAddr::from((source, 0)).into()).unwrap();
        socket.connect(&self.addr.into()).unwrap();
        Watch::over(socket.into(), self.addr, &self.base, phone, "en")
    }

    /// Stops it as systemd does (SIGTERM) and waits for it to end.
    pub fn stop(mut self) -> String {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status:?}");
        let mut said = String::new();
        if let Some(mut err) = self.child.stderr.take() {
            err.read_to_string(&mut said).unwrap();
        }
        said
    }

    /// Kills it (SIGKILL: a power cut, the OOM killer).
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

/// A phone's open stream, and the last update it brought.
pub struct Watch {
    reader: BufReader<TcpStream>,
    /// A line read in part when a read timed out: the rest comes with the next read.
    pending: String,
    pub last: Value,
}

impl Watch {
    /// The stream of the phone `phone` from the phones' server at `addr` under `base` (the
    /// window's or `serve`'s), held open as the page holds it.
    pub fn open(addr: SocketAddr, base: &str, phone: &str) -> Watch {
        Watch::open_lang(addr, base, phone, "en")
    }

    /// [`Watch::open`] for a phone whose browser asks for `lang`.
    pub fn open_lang(addr: SocketAddr, base: &str, phone: &str, lang: &str) -> Watch {
        Watch::over(TcpStream::connect(addr).unwrap(), addr, base, phone, lang)
    }

    /// The stream of `phone` over the connection `tcp` to `addr`.
    fn over(mut tcp: TcpStream, addr: SocketAddr, base: &str, phone: &str, lang: &str) -> Watch {
        let path = format!("{base}/events?lang={lang}&phone={phone}");
        write!(tcp, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
        let mut watch = Watch {
            reader: BufReader::new(tcp),
            pending: String::new(),
            last: Value::Null,
        };
        watch.last = watch
            .next(Duration::from_secs(5))
            .expect("the table at once");
        watch
    }

    /// The next update's data (the seat as `you`, the table as `table`), within `wait`.
    pub fn next(&mut self, wait: Duration) -> Option<Value> {
        self.reader.get_ref().set_read_timeout(Some(wait)).unwrap();
        loop {
            match self.reader.read_line(&mut self.pending) {
                Ok(0) => panic!("the stream ended"),
                Ok(_) => {}
                Err(_) => return None,
            }
            let line = std::mem::take(&mut self.pending);
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                return Some(serde_json::from_str(data).unwrap());
            }
        }
    }

    /// What the phone shows now: every update already sent taken in.
    pub fn now(&mut self) -> &Value {
        while let Some(update) = self.next(Duration::from_millis(50)) {
            self.last = update;
        }
        &self.last
    }

    /// Closes the stream, as a page that is closed (or a phone that dies) does: the table
    /// reads no more of it. Read it no more.
    pub fn close(&mut self) {
        let _ = self.reader.get_ref().shutdown(std::net::Shutdown::Both);
    }

    pub fn table(&mut self) -> Value {
        self.now()["table"].clone()
    }

    /// The phone's view once its table shows what `until` looks for.
    pub fn until(&mut self, what: &str, until: impl Fn(&Value) -> bool) -> Value {
        self.until_update(what, |update| until(&update["table"]))
    }

    /// The phone's view once the whole update (its seat as `you`, the asks it is shown, the
    /// table) shows what `until` looks for.
    pub fn until_update(&mut self, what: &str, until: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !until(&self.last) {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "waited for {what}: {:#}", self.last);
            if let Some(update) = self.next(left) {
                self.last = update;
            }
        }
        self.last.clone()
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The sheet's parts a TERRAVIST phone fills in.
pub const PARTS: [&str; 5] = ["creatures", "positions", "development", "eggs", "tucked"];

/// `tablekeeper history list` names the last game and its players, and the history holds the
/// columns the phones filled (`values[seat][part]`, in [`PARTS`] order) and the round ends'
/// results; the history, for more. Read-only: `serve` may still run.
pub fn assert_history_holds(
    dir: &Path,
    values: &[Vec<u32>],
    results: &[[u32; 2]],
) -> tablekeeper::store::history::History {
    let out = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(["--lang", "en", "history", "list", "--data-dir"])
        .arg(dir)
        .output()
        .unwrap();
    let list = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{list}");
    assert!(
        list.contains("TERRAVIST") && list.contains("Aki") && list.contains("Ben"),
        "{list}"
    );
    let history = (tablekeeper::store::DataDir::open_read_only(dir).history()).unwrap();
    let entry = &history.entries()[0];
    for (seat, player) in entry.players.iter().enumerate() {
        for (p, part) in PARTS.iter().enumerate() {
            let index = entry.parts.iter().position(|id| id == part).unwrap();
            assert_eq!(
                player.scores[index],
                tablekeeper::scoring::Points::whole(i64::from(values[seat][p])),
                "{} {part}",
                player.name
            );
        }
    }
    for (round, objective) in entry.objectives.iter().enumerate() {
        assert_eq!(objective.results, results[round]);
    }
    history
}

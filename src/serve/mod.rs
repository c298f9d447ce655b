//! `tablekeeper serve`: the table with no window. The phones' server runs on its own, for as
//! long as this runs, on a machine that stays on (a Raspberry Pi, a NAS, the laptop on the
//! shelf); every phone plays from the same address, kept across restarts, and a phone sets the
//! next game up. The table is kept by the library's [`TableKeeper`], as in the window; this is
//! its terminal, its signals and its loop (`room.rs`: one loop for a lone table and a club's
//! room, a lone table being a room of one with no venue): each request and each tick handed to
//! the keeper, the table shown to the phones after each, what the keeper says written to the
//! log, and a clean stop (the running clock paused) on SIGTERM or Ctrl+C.

mod past;
mod room;
mod terminal;

pub use terminal::qr_lines;

use std::io::IsTerminal;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::export::BgStatsContext;
use crate::i18n::{Locale, Text};
use crate::phones::{self, Limits};
use crate::store::StoreError;
use crate::table::{Host, TableKeeper};

/// How often the keeper looks at the clock while no phone asks anything: a sand timer ends a
/// turn within this of its zero (at its zero in the journal), and the clock is noted in time.
const TICK: Duration = Duration::from_millis(250);

/// Requests waiting for the keeper at most; more are refused with "busy" (503), as the
/// window's.
const INBOX: usize = 64;

/// How `serve` was asked to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub data_dir: Option<PathBuf>,
    pub history_dir: Option<PathBuf>,
    /// The address to listen on (every interface: the phones on the local network).
    pub listen: IpAddr,
    /// The port asked for (`None`: the one it had last, else 8787; taken: any).
    pub port: Option<u16>,
    /// The limits a table's phones are held to (tests shorten them).
    pub limits: Limits,
    /// How many tables to keep: 1 as always, or several (a club night: see `room.rs`).
    pub tables: usize,
}

/// Runs the table until SIGTERM or SIGINT; the error says why it could not start.
pub fn run(options: Options, locale: Locale) -> Result<(), String> {
    descriptors_for_the_phones();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(room::serve(options, locale))
}

/// The descriptors kept for the keeper beyond the phones' connections: the data directory's
/// lock, the journals, the history's files, a game being saved, the listeners, the runtime.
const KEEPER_FILES: u64 = 128;

/// Raises the soft limit on open files to the hard one (systemd's default soft limit is 1,024,
/// its hard one far higher) and caps the phones' connections, over every table, below it: a
/// stranger holding silent connections never leaves the keeper unable to open a file.
fn descriptors_for_the_phones() {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            // Refused (macOS's hard limit may be "unlimited"): the soft limit stays as it was.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                limit = raised;
            }
        }
        // `rlim_t` is 32 bits on some systems (a 32-bit Raspberry Pi OS), 64 on others.
        #[allow(clippy::useless_conversion)]
        let soft = u64::try_from(limit.rlim_cur).unwrap_or(u64::MAX);
        let cap = soft.saturating_sub(KEEPER_FILES).max(16);
        phones::cap_connections(usize::try_from(cap).unwrap_or(usize::MAX));
    }
}

/// Opens the data directory as the options say, or says why not in words.
fn open_or_say(options: &Options, locale: Locale) -> Result<crate::table::Opening, String> {
    let root =
        crate::store::resolve_data_dir(options.data_dir.clone()).map_err(|e| e.to_string())?;
    let history = crate::store::resolve_history_dir(options.history_dir.clone());
    match crate::table::open(&root, history, Host::Alone) {
        Ok(opened) => Ok(opened),
        Err(StoreError::InUse { path }) => {
            Err(Text::new("serve.in_use").arg("path", path).render(locale))
        }
        Err(error) => Err(error.to_string()),
    }
}

/// What the keeper said since it was last asked, each in `locale`.
fn log_of(keeper: &mut TableKeeper, locale: Locale) -> Vec<String> {
    keeper
        .said()
        .iter()
        .map(|said| said.text.render(locale))
        .collect()
}

/// The last games as the phones' page reads them (`/past`), in English and in Japanese.
fn show_past(keeper: &TableKeeper) {
    let (Some(server), Some(history)) = (
        keeper.phones_link().and_then(phones::server_of),
        keeper.data().history(),
    ) else {
        return;
    };
    let context = BgStatsContext::new(keeper.games(), keeper.settings().terravist());
    server.show_past(past::past_games(history, &context));
}

/// Says where the table is: the address, its code on a terminal, and that plain HTTP carries
/// it.
fn announce(keeper: &TableKeeper, locale: Locale) {
    match keeper.phones_url() {
        Some(url) => {
            say(&Text::new("serve.address").arg("url", &url).render(locale));
            if std::io::stdout().is_terminal()
                && let Some(lines) = qr_lines(&url)
            {
                for line in lines {
                    say(&line);
                }
            }
        }
        None => say(&Text::new("phones.no_network").render(locale)),
    }
    say(&Text::new("phones.plain_http").render(locale));
}

/// Names each game file in `profiles/` that was left unread, and why, as the table opens: the
/// phones' list of games leaves it out, and the log is where the host can find out why.
fn say_unread_profiles(keeper: &TableKeeper, locale: Locale) {
    for problem in keeper.unread_games() {
        let line = Text::new("serve.profile_unread").arg("problem", problem);
        say(&crate::untrusted::for_terminal(&line.render(locale)));
    }
}

/// SIGTERM (systemd, `kill`) and SIGINT (Ctrl+C): both end the evening cleanly.
fn signals() -> Result<(tokio::signal::unix::Signal, tokio::signal::unix::Signal), String> {
    use tokio::signal::unix::{SignalKind, signal};
    let term = signal(SignalKind::terminate()).map_err(|e| e.to_string())?;
    let int = signal(SignalKind::interrupt()).map_err(|e| e.to_string())?;
    Ok((term, int))
}

/// One line on stdout; a closed stdout (a service's log gone) does not stop the table.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "{line}");
}

//! `tablekeeper serve`: the table with no window. The phones' server runs on its own, for as
//! long as this runs, on a machine that stays on (a Raspberry Pi, a NAS, the laptop on the
//! shelf); every phone plays from the same address, kept across restarts, and a phone sets the
//! next game up. The keeper ([`Keeper`]) does what the window does with a phone's request,
//! through the same library; this loop hands it each request and each tick, publishes the
//! table after each, and stops cleanly (the running clock paused) on SIGTERM or Ctrl+C.

mod keeper;
mod past;
mod terminal;

pub use keeper::Keeper;
pub use terminal::qr_lines;

use std::io::IsTerminal;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use chrono::Utc;
use tokio::sync::mpsc;

use crate::i18n::{Locale, Text};
use crate::phones::{self, Config, DEFAULT_PORT, Limits, PhoneMessage, PhonesServer, Secret};
use crate::store::StoreError;
use crate::vocabulary::Seat;

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
}

/// Runs the table until SIGTERM or SIGINT; the error says why it could not start.
pub fn run(options: Options, locale: Locale) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(serve(options, locale))
}

async fn serve(options: Options, locale: Locale) -> Result<(), String> {
    let root =
        crate::store::resolve_data_dir(options.data_dir.clone()).map_err(|e| e.to_string())?;
    let history = crate::store::resolve_history_dir(options.history_dir.clone());
    let mut keeper = match Keeper::open(&root, history) {
        Ok(keeper) => keeper,
        Err(StoreError::InUse { path }) => {
            return Err(Text::new("serve.in_use").arg("path", path).render(locale));
        }
        Err(error) => return Err(error.to_string()),
    };
    keeper.resume_unfinished();
    say_unread_profiles(&keeper, locale);
    let mut game = keeper.game_id();
    let secret = phones::secret_for(keeper.dir(), game.as_deref()).map_err(|e| e.to_string())?;
    let (to_keeper, mut inbox) = mpsc::channel(INBOX);
    let server = start_server(&mut keeper, &options, secret.clone(), to_keeper)?;
    server.show_past(keeper.past_games());
    announce(&server, &secret, options.listen, locale);
    let mut kept_seats =
        (game.as_deref()).map_or_else(Vec::new, |id| keeper.dir().phones_seats(id));
    let (mut term, mut int) = signals()?;
    loop {
        tokio::select! {
            message = inbox.recv() => match message {
                Some(message) => keeper.asked(message, Utc::now(), &server),
                None => break,
            },
            _ = tokio::time::sleep(TICK) => {}
            _ = term.recv() => break,
            _ = int.recv() => break,
        }
        // Take every request already waiting before the phones are shown the table again.
        while let Ok(message) = inbox.try_recv() {
            keeper.asked(message, Utc::now(), &server);
        }
        // On every pass, not only after a quiet TICK: phones that never stop asking must not
        // hold off the clock's note (a kill's bound) or a sand timer's end.
        keeper.tick(Utc::now());
        if follow_the_game(&keeper, &server, &mut game) {
            kept_seats = Vec::new();
            // A game left the table (saved): the phones' history shows it. A game that begins
            // changes nothing there.
            if game.is_none() {
                server.show_past(keeper.past_games());
            }
        }
        // The seats are kept beside the journal before any phone is shown the game they play:
        // killed in between, the phones still find their seats.
        keeper.keep_seats(server.seats(), &mut kept_seats);
        server.publish(keeper.table_now(Utc::now()));
        for said in keeper.said() {
            say(&said.render(locale));
        }
    }
    keeper.leave(Utc::now());
    drop(server);
    say(&Text::new("serve.stopped").render(locale));
    Ok(())
}

/// A game that starts or ends on the table keeps the table's address: the game's key is made
/// from the table's (written beside its journal, so a restart finds it again). `true` when
/// the game on the table changed.
fn follow_the_game(keeper: &Keeper, server: &PhonesServer, game: &mut Option<String>) -> bool {
    let now = keeper.game_id();
    if now == *game {
        return false;
    }
    *game = now;
    if let Ok(secret) = phones::secret_for(keeper.dir(), game.as_deref())
        && format!("/t/{}", secret.as_str()) != server.path()
    {
        server.change_secret(secret);
    }
    true
}

/// The server, on the port it had before (or the one asked for) when it is free, else any;
/// the port it got is kept for the next start, so the address stays the same.
fn start_server(
    keeper: &mut Keeper,
    options: &Options,
    secret: Secret,
    to_keeper: mpsc::Sender<PhoneMessage>,
) -> Result<PhonesServer, String> {
    let now = Utc::now();
    let seats: Vec<(Seat, String)> =
        (keeper.game_id()).map_or_else(Vec::new, |id| keeper.dir().phones_seats(&id));
    let config = |port| Config {
        ip: options.listen,
        port,
        secret: secret.clone(),
        any_network: keeper.settings().phones_any_network,
        limits: options.limits,
        seats: seats.clone(),
    };
    let port = (options.port)
        .or(keeper.settings().phones_port)
        .unwrap_or(DEFAULT_PORT);
    let table = keeper.table_now(now);
    let server = PhonesServer::start(config(port), table.clone(), to_keeper.clone())
        .or_else(|_| PhonesServer::start(config(0), table, to_keeper))
        .map_err(|e| e.to_string())?;
    let got = server.address().port();
    if keeper.settings().phones_port != Some(got) {
        keeper.save_settings(|settings| settings.phones_port = Some(got));
    }
    Ok(server)
}

/// Says where the table is: the address, its code on a terminal, and that plain HTTP carries
/// it.
fn announce(server: &PhonesServer, secret: &Secret, listen: IpAddr, locale: Locale) {
    let port = server.address().port();
    let url = phones::shown_address(listen).map(|ip| phones::page_url(ip, port, secret));
    match &url {
        Some(url) => {
            say(&Text::new("serve.address").arg("url", url).render(locale));
            if std::io::stdout().is_terminal()
                && let Some(lines) = qr_lines(url)
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
fn say_unread_profiles(keeper: &Keeper, locale: Locale) {
    let (_, problems) = crate::store::profiles::games(Some(&keeper.dir().profiles_dir()));
    for problem in problems {
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

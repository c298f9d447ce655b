//! Interaction benchmark: what one tap costs the UI thread. For the common messages (next
//! player-turn, egg +1, take a die, open the sheet) on a 5-player game in round 3 with 60
//! creatures on the table, it times `update` (journal write included) + `view` + layout +
//! draw (the primitives; rasterising them is the renderer's, the same for any app), and
//! reports p50 and p99. A 60 Hz frame is 16.7 ms; the target is p99 ≤ 1 ms.
//!
//! Run: `cargo bench --bench interaction`

use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use iced::{Size, Theme};
use iced_test::core::renderer::Headless;
use iced_test::core::{mouse, renderer as core_renderer};
use iced_test::renderer::Renderer;
use iced_test::runtime::user_interface::{Cache, UserInterface};
use tablekeeper::Profile;
use tablekeeper::gui::screen::header::Intent;
use tablekeeper::gui::screen::{self, home, sheet, table};
use tablekeeper::gui::{App, Message, Options, Speaker, TimeSource, Zone, style};
use tablekeeper::i18n::Locale;
use tablekeeper::session::summary::Outcome;
use tablekeeper::session::{Colour, Lineup, Player};
use tablekeeper::store::DataDir;
use tablekeeper::terravist::Session;
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::event::{CardInfo, Event, RollSource, RolledDie};

const ITERATIONS: usize = 400;

/// Plays a 5-player game into round 3 with 60 creatures settled, straight through the library.
fn prepare(dir: &std::path::Path) -> std::path::PathBuf {
    let data = DataDir::open(dir).unwrap();
    let setup = Lineup {
        players: ["Aki", "Ben", "Chie", "Dai", "Emi"]
            .iter()
            .zip(Colour::ALL)
            .map(|(n, colour)| Player {
                name: n.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 6,
        sides: Vec::new(),
        clock: Default::default(),
    };
    let t0 = Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap();
    let session = Session::new(Profile::terravist(), setup, t0).unwrap();
    let mut live = data.start(session).unwrap();
    let mut t = t0;
    let mut apply = |live: &mut tablekeeper::store::LiveSession<Terravist>, event: Event| {
        t += chrono::Duration::seconds(7);
        live.apply(event, t).unwrap();
    };
    apply(
        &mut live,
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
    );
    let dice = (0..5)
        .map(|die| RolledDie {
            die,
            face: ["lv0", "lv1", "lv2", "lv3", "human"][die].into(),
        })
        .collect();
    apply(
        &mut live,
        Event::InitialRoll {
            dice,
            source: RollSource::Table,
        },
    );
    apply(&mut live, Event::StartGame);
    for (p, habitat) in ["grassland", "coast", "open_ocean", "river"]
        .iter()
        .enumerate()
    {
        apply(
            &mut live,
            Event::DevelopHabitat {
                player: p,
                habitat: habitat.to_string(),
            },
        );
    }
    let habitats = ["forest", "grassland", "coast", "open_ocean", "river"];
    for i in 0..60 {
        let habitat = habitats[i % 5];
        let card = CardInfo {
            name: format!("Creature {i}"),
            smiles: (i % 7) as u32,
            egg_capacity: 4,
            habitats: vec![habitat.into()],
            level: (i % 4) as u8 + 1,
        };
        apply(
            &mut live,
            Event::Settle {
                player: i % 5,
                card,
                habitat: habitat.into(),
            },
        );
        for _ in 0..3 {
            apply(&mut live, Event::AddEgg { creature: i });
        }
    }
    for round in 1..=2u32 {
        for _ in 0..(5 * (7 - round)) {
            apply(&mut live, Event::NextPlayerTurn);
        }
        apply(
            &mut live,
            Event::RecordObjective {
                results: vec![3, 1, 2, 0, 2],
            },
        );
        apply(&mut live, Event::ReturnEggs);
        apply(&mut live, Event::FlipEnvironment { card: None });
        apply(&mut live, Event::PassParent);
    }
    for _ in 0..7 {
        apply(&mut live, Event::NextPlayerTurn);
    }
    assert_eq!(live.session().state().table.settled().count(), 60);
    assert_eq!(live.session().state().round(), 3);
    live.journal().path().to_path_buf()
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

struct Frame {
    renderer: Renderer,
    cache: Cache,
    size: Size,
}

impl Frame {
    /// view + layout + draw, as the runtime does after an update.
    fn render(&mut self, app: &App) {
        let theme = Theme::Light;
        let cache = std::mem::take(&mut self.cache);
        let mut ui = UserInterface::build(app.view(), self.size, cache, &mut self.renderer);
        ui.draw(
            &mut self.renderer,
            &theme,
            &core_renderer::Style {
                text_color: theme.palette().text,
            },
            mouse::Cursor::Unavailable,
        );
        self.cache = ui.into_cache();
    }
}

fn measure(
    app: &mut App,
    frame: &mut Frame,
    message: impl Fn() -> Message,
    revert: impl Fn(&mut App),
) -> (Duration, Duration) {
    let mut samples = Vec::with_capacity(ITERATIONS);
    for _ in 0..ITERATIONS {
        let start = Instant::now();
        let _ = app.update(message());
        frame.render(app);
        samples.push(start.elapsed());
        revert(app);
        frame.render(app);
    }
    (
        percentile(&mut samples, 0.5),
        percentile(&mut samples, 0.99),
    )
}

/// A history of 10,000 games (summaries only: the list and the statistics need no more).
fn write_history(dir: &std::path::Path, games: usize) {
    let data = DataDir::open(dir).unwrap();
    let history_dir = data.history_dir();
    drop(data);
    let setup = Lineup {
        players: ["Aki", "Ben", "Chie", "Dai"]
            .iter()
            .zip(Colour::ALL)
            .map(|(n, colour)| Player {
                name: n.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 6,
        sides: Vec::new(),
        clock: Default::default(),
    };
    let t0 = Utc.with_ymd_and_hms(2020, 1, 1, 19, 0, 0).unwrap();
    let session = Session::new(Profile::terravist(), setup, t0).unwrap();
    let template = tablekeeper::session::summarize::summarize(&session, Outcome::Finished, t0);
    let names = ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana"];
    let mut bytes = b"{\"format\":\"tablekeeper-history\",\"version\":1}\n".to_vec();
    for i in 0..games {
        let mut e = template.clone();
        e.id = format!("{:016x}", i + 1);
        e.started_at = t0 + chrono::Duration::hours(i as i64 * 5);
        for (k, p) in e.players.iter_mut().enumerate() {
            p.name = names[(i + k * 3) % names.len()].to_string();
            p.total = tablekeeper::scoring::Points::whole(((i * 7 + k * 11) % 60) as i64);
        }
        bytes.extend(b"{\"put\":");
        bytes.extend(serde_json::to_vec(&e).unwrap());
        bytes.extend(b"}\n");
    }
    std::fs::write(history_dir.join("index.jsonl"), bytes).unwrap();
}

/// Taps on the history screen over 10,000 games.
fn history_taps(frame: &mut Frame) -> Vec<(&'static str, (Duration, Duration))> {
    let tmp = tempfile::tempdir().unwrap();
    write_history(tmp.path(), 10_000);
    let mut app = App::new(Options {
        data_dir: Some(tmp.path().to_path_buf()),
        history_dir: None,
        locale: Some(Locale::EN),
        time: TimeSource::Manual(Utc.with_ymd_and_hms(2026, 11, 21, 22, 0, 0).unwrap()),
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        phones_limits: tablekeeper::phones::Limits::TABLE,
    });
    assert_eq!(app.history().unwrap().entries().len(), 10_000);
    let history = |m: screen::history::Message| Message::Screen(screen::Message::History(m));
    frame.cache = Cache::default();
    frame.render(&app);
    let open = measure(
        &mut app,
        frame,
        || Message::Screen(screen::Message::Home(home::Message::History)),
        |app| {
            let _ = app.update(Message::Intent(Intent::Home));
        },
    );
    let _ = app.update(Message::Screen(screen::Message::Home(
        home::Message::History,
    )));
    frame.render(&app);
    let search = measure(
        &mut app,
        frame,
        || history(screen::history::Message::Search("chie".into())),
        |app| {
            let _ = app.update(Message::Screen(screen::Message::History(
                screen::history::Message::Search(String::new()),
            )));
        },
    );
    let scroll = measure(
        &mut app,
        frame,
        || history(screen::history::Message::Scrolled(48.0 * 5_000.0, 700.0)),
        |app| {
            let _ = app.update(Message::Screen(screen::Message::History(
                screen::history::Message::Scrolled(0.0, 700.0),
            )));
        },
    );
    vec![
        ("history, 10k games: open", open),
        ("history, 10k games: search a player", search),
        ("history, 10k games: scroll to the middle", scroll),
    ]
}

/// Taps on the play screen of another game: Leviath with 5 players, 300 turns in.
fn play_taps(frame: &mut Frame) -> Vec<(&'static str, (Duration, Duration))> {
    use tablekeeper::any_game::PlayEvent;
    use tablekeeper::gui::screen::{play, setup};
    let tmp = tempfile::tempdir().unwrap();
    let mut app = App::new(Options {
        data_dir: Some(tmp.path().to_path_buf()),
        history_dir: None,
        locale: Some(Locale::EN),
        time: TimeSource::Manual(Utc.with_ymd_and_hms(2026, 11, 21, 22, 0, 0).unwrap()),
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        phones_limits: tablekeeper::phones::Limits::TABLE,
    });
    let setup = |m: setup::Message| Message::Screen(screen::Message::Setup(m));
    let _ = app.update(Message::Screen(screen::Message::Home(
        home::Message::NewGame,
    )));
    let _ = app.update(setup(setup::Message::Game(Some("leviath".into()))));
    for _ in 0..3 {
        let _ = app.update(setup(setup::Message::Add));
    }
    for (i, name) in ["Aki", "Ben", "Chie", "Dai", "Mon"].iter().enumerate() {
        let _ = app.update(setup(setup::Message::Name(i, name.to_string())));
    }
    let _ = app.update(setup(setup::Message::Start));
    assert_eq!(app.screen_name(), "play");
    let play = |m: play::Message| Message::Screen(screen::Message::Play(m));
    for i in 0..300 {
        let _ = app.update(Message::Intent(Intent::Next));
        if i % 7 == 0 {
            let _ = app.update(play(play::Message::Event(PlayEvent::AdjustCounter {
                counter: "energy".into(),
                change: 1,
            })));
        }
    }
    frame.render(&app);
    let undo = |app: &mut App| {
        let _ = app.update(Message::Intent(Intent::Undo));
    };
    vec![
        (
            "Leviath, 300 turns in: next turn",
            measure(&mut app, frame, || Message::Intent(Intent::Next), undo),
        ),
        (
            "Leviath: a flooded square +1",
            measure(
                &mut app,
                frame,
                || {
                    play(play::Message::Event(PlayEvent::AdjustCounter {
                        counter: "flooded".into(),
                        change: 1,
                    }))
                },
                undo,
            ),
        ),
        (
            "Leviath: open the score sheet",
            measure(
                &mut app,
                frame,
                || Message::Intent(Intent::Sheet),
                |app| {
                    let _ = app.update(Message::Intent(Intent::Sheet));
                },
            ),
        ),
    ]
}

fn main() {
    let tmp = tempfile::tempdir().unwrap();
    let journal = prepare(tmp.path());
    let mut app = App::new(Options {
        data_dir: Some(tmp.path().to_path_buf()),
        history_dir: None,
        locale: Some(Locale::EN),
        time: TimeSource::Manual(Utc.with_ymd_and_hms(2026, 11, 21, 22, 0, 0).unwrap()),
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        phones_limits: tablekeeper::phones::Limits::TABLE,
    });
    let _ = app.update(Message::Screen(screen::Message::Home(
        home::Message::Resume(journal),
    )));
    let _ = app.update(Message::Intent(Intent::TogglePause)); // resumed games open paused
    assert_eq!(app.screen_name(), "table");

    style::load_fonts();
    let renderer = futures::executor::block_on(<Renderer as Headless>::new(
        style::FONT,
        16.into(),
        Some("tiny-skia"),
    ))
    .expect("a headless renderer");
    let mut frame = Frame {
        renderer,
        cache: Cache::default(),
        size: Size::new(1280.0, 800.0),
    };
    frame.render(&app);

    let table = |m: table::Message| Message::Screen(screen::Message::Table(m));
    let undo = |app: &mut App| {
        let _ = app.update(Message::Intent(Intent::Undo));
    };
    let settled_with_room = app
        .session()
        .unwrap()
        .state()
        .table
        .settled()
        .find(|c| {
            c.eggs < c.card.egg_capacity
                && Some(c.owner) == app.session().unwrap().state().current_player()
        })
        .map(|c| c.id)
        .expect("a creature of the current player with room for an egg");
    let die_in_box = app
        .session()
        .unwrap()
        .state()
        .dice
        .dice
        .iter()
        .position(|d| d.in_box)
        .unwrap();

    println!("# Interaction: update + view + layout + draw, {ITERATIONS} taps each");
    println!(
        "5 players, round 3, 60 creatures settled, {} events in the game\n",
        app.session().unwrap().records().len()
    );
    println!("| message | p50 µs | p99 µs | target p99 | met |");
    println!("|---|---|---|---|---|");
    let rows: Vec<(&str, (Duration, Duration))> = vec![
        (
            "next player-turn",
            measure(&mut app, &mut frame, || Message::Intent(Intent::Next), undo),
        ),
        (
            "egg +1",
            measure(
                &mut app,
                &mut frame,
                || table(table::Message::EggPlus(settled_with_room)),
                undo,
            ),
        ),
        (
            "take a die",
            measure(
                &mut app,
                &mut frame,
                || table(table::Message::TakeDie(die_in_box)),
                undo,
            ),
        ),
        (
            "open the sheet",
            measure(
                &mut app,
                &mut frame,
                || Message::Intent(Intent::Sheet),
                |app| {
                    let _ = app.update(Message::Screen(screen::Message::Sheet(
                        sheet::Message::Back,
                    )));
                },
            ),
        ),
    ];
    let history_rows = history_taps(&mut frame);
    let play_rows = play_taps(&mut frame);
    for (name, (p50, p99)) in rows.into_iter().chain(history_rows).chain(play_rows) {
        let met = if p99 <= Duration::from_millis(1) {
            "yes"
        } else {
            "no"
        };
        println!(
            "| {name} | {:.0} | {:.0} | 1000 | {met} |",
            p50.as_secs_f64() * 1e6,
            p99.as_secs_f64() * 1e6
        );
    }
}

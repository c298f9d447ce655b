//! A real browser for the phones' tests: Debian's headless Chromium driven through
//! chromedriver (WebDriver) by fantoccini. Each phone is its own browser session (its own
//! storage, so its own phone id and seat), mobile-sized, in its own language; a television is a
//! 1920×1080 one. Used by `tests/phones_browser.rs` (the window's server) and
//! `tests/serve_browser.rs` (`tablekeeper serve`).
//!
//! Needs `chromium` and `chromium-driver` (`.ci/run` installs them). Without chromedriver a test
//! says so and passes, unless `TABLEKEEPER_BROWSER_TESTS=required` (set by `.ci/run`), when a
//! missing browser is a failure.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

/// chromedriver on a port of its own, stopped when the test ends.
pub struct Driver {
    child: Child,
    url: String,
    /// What chromedriver writes (its stdout and stderr), for a failure's message.
    said: tempfile::NamedTempFile,
    /// One browser test at a time: four of them at once start a dozen Chromiums, and on a
    /// 2-core machine (CI's) a reloaded page then took longer than the wait to draw.
    _alone: std::sync::MutexGuard<'static, ()>,
}

static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// How long chromedriver may take to say it listens. It takes a few hundredths of a second on a
/// quiet machine, and one that ends is seen at once: this only bounds one that hangs, so it is
/// far longer than a start on a loaded 2-core machine takes.
const START_DEADLINE: Duration = Duration::from_secs(120);

impl Driver {
    pub fn start() -> Option<Driver> {
        // A test that failed poisons the lock; the next one runs all the same.
        let alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let path = std::env::var_os("CHROMEDRIVER")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/bin/chromedriver"));
        let required = std::env::var("TABLEKEEPER_BROWSER_TESTS").is_ok_and(|v| v == "required");
        if !path.exists() {
            assert!(!required, "no chromedriver at {}", path.display());
            eprintln!(
                "SKIPPED: no chromedriver at {} (install chromium and chromium-driver)",
                path.display()
            );
            return None;
        }
        let (child, port, said) = Driver::spawn(&path).unwrap_or_else(|why| panic!("{why}"));
        Some(Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
            said,
            _alone: alone,
        })
    }

    /// chromedriver, once it says it listens, and the port it took; else what happened: how it
    /// ended, or that it hung, with what it wrote.
    fn spawn(path: &Path) -> Result<(Child, u16, tempfile::NamedTempFile), String> {
        let said = tempfile::NamedTempFile::new().expect("a file for chromedriver's output");
        let output = || said.as_file().try_clone().expect("chromedriver's output");
        // Port 0: chromedriver binds a free port itself and says which. A port picked here and
        // let go for it to bind could be taken in between by any process on the machine, or be
        // free on 127.0.0.1 and not on IPv6 (it binds every address); it then exited, unseen.
        // Its own process group, so that the browsers it starts go with it even when the test
        // fails half-way (a panic closes no browser session).
        let mut child = Command::new(path)
            .process_group(0)
            .arg("--port=0")
            .arg("--allowed-ips=127.0.0.1")
            .stdout(output())
            .stderr(output())
            .spawn()
            .map_err(|e| format!("chromedriver at {} did not start: {e}", path.display()))?;
        let until = Instant::now() + START_DEADLINE;
        loop {
            let text = std::fs::read_to_string(said.path()).unwrap_or_default();
            match listening_port(&text) {
                Some(Some(port)) => return Ok((child, port, said)),
                Some(None) => {
                    Driver::stop(&mut child);
                    return Err(format!("chromedriver did not say its port:\n{text}"));
                }
                None => {}
            }
            if let Some(status) = child.try_wait().expect("chromedriver's status") {
                let text = std::fs::read_to_string(said.path()).unwrap_or_default();
                return Err(format!(
                    "chromedriver ended ({status}) before it listened; it said:\n{text}"
                ));
            }
            if Instant::now() >= until {
                Driver::stop(&mut child);
                return Err(format!(
                    "chromedriver did not listen within {} s; it said:\n{text}",
                    START_DEADLINE.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Ends chromedriver and every browser it started (its process group).
    fn stop(child: &mut Child) {
        // SAFETY: kill(2) on the process group this test made (its id is chromedriver's pid),
        // not yet waited for, so the id is still its.
        unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
        let _ = child.wait();
    }

    /// The last lines chromedriver wrote, for a failure's message.
    fn said(&self) -> String {
        let text = std::fs::read_to_string(self.said.path()).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// A new phone: a browser of its own, 390×844 CSS pixels, in `lang`.
    pub async fn phone(&self, lang: &str) -> Client {
        self.browser(
            lang,
            json!({ "width": 390, "height": 844, "pixelRatio": 2.0, "touch": true }),
        )
        .await
    }

    /// A television's browser: 1920×1080 CSS pixels, no touch, in `lang`.
    pub async fn television(&self, lang: &str) -> Client {
        self.browser(
            lang,
            json!({ "width": 1920, "height": 1080, "pixelRatio": 1.0, "touch": false }),
        )
        .await
    }

    /// A browser of its own with the screen `metrics` (CSS pixels), in `lang`.
    pub async fn browser(&self, lang: &str, metrics: Value) -> Client {
        let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let profile = tempfile::tempdir().unwrap().keep();
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": binary,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--lang={lang}"),
                ],
                "prefs": { "intl.accept_languages": lang },
                "mobileEmulation": { "deviceMetrics": metrics }
            }
        });
        let Value::Object(caps) = caps else {
            unreachable!()
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&self.url)
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "a browser session: {e}; chromedriver said:\n{}",
                    self.said()
                )
            })
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        Driver::stop(&mut self.child);
    }
}

/// The port chromedriver says it listens on ("ChromeDriver was started successfully on port
/// 41235."): `None` before it says so, `Some(None)` when it said so without a port.
fn listening_port(said: &str) -> Option<Option<u16>> {
    // Whole lines only: the file may be read half-way through one.
    let whole = &said[..said.rfind('\n').map_or(0, |end| end + 1)];
    let line = whole.lines().find(|l| l.contains("started successfully"))?;
    let port = line.split("on port ").nth(1).map(|rest| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    });
    Some(port.flatten())
}

/// Waits until `js` (an expression) is true in `phone`'s page, running `between` (the app's
/// work, when it runs in the test's process) before each look; panics with the page's text
/// after 15 s.
pub fn until(
    rt: &tokio::runtime::Runtime,
    phone: &Client,
    what: &str,
    js: &str,
    mut between: impl FnMut(),
) {
    let script = format!("try {{ return Boolean({js}); }} catch (e) {{ return false; }}");
    let until = Instant::now() + Duration::from_secs(15);
    loop {
        between();
        let shown = rt
            .block_on(phone.execute(&script, vec![]))
            .expect("the page answers");
        if shown == Value::Bool(true) {
            return;
        }
        if Instant::now() >= until {
            let body = rt.block_on(phone.execute(
                "return document.body.innerText + ' | pending=' + localStorage.length;",
                vec![],
            ));
            panic!("the phone never showed {what}: {body:?}");
        }
    }
}

/// Clicks the element `css` of `phone`'s page, brought into view first as a person scrolls to
/// it: the page's scroll padding keeps it clear of the bar held at the bottom (WebDriver's own
/// scrolling stops at the viewport's edge, under the bar).
pub fn click(rt: &tokio::runtime::Runtime, phone: &Client, css: &str) {
    rt.block_on(async {
        let element = phone
            .find(fantoccini::Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        let reference = serde_json::to_value(&element).expect("an element reference");
        phone
            .execute(
                "arguments[0].scrollIntoView({ block: 'nearest' });",
                vec![reference],
            )
            .await
            .unwrap_or_else(|e| panic!("scroll to {css}: {e}"));
        element
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"))
    });
}

/// Runs `js` (a function body) in `phone`'s page.
pub fn run(rt: &tokio::runtime::Runtime, phone: &Client, js: &str) -> Value {
    rt.block_on(phone.execute(js, vec![]))
        .expect("the script runs")
}

/// A picture of `phone`'s page in `target/tmp/phones/<name>.png`.
pub fn screenshot(rt: &tokio::runtime::Runtime, phone: &Client, name: &str) {
    let png = rt.block_on(phone.screenshot()).expect("a screenshot");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("phones");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// The JS that types `value` into the phone's field `key` and leaves it (a change event), as a
/// player's thumb on the number pad does.
pub fn type_field(key: &str, value: &str) -> String {
    format!(
        "const i = document.querySelector('#entry-fields [data-key=\"{key}\"] input'); \
         i.focus(); i.value = '{value}'; i.dispatchEvent(new Event('input')); \
         i.dispatchEvent(new Event('change')); i.blur(); return true;"
    )
}

impl Driver {
    /// The errors `browser`'s console logged since the last time they were asked for (a
    /// script's error, a file that did not load), from chromedriver's log of the page.
    pub fn console_errors(&self, rt: &tokio::runtime::Runtime, browser: &Client) -> Vec<String> {
        let id = (rt.block_on(browser.session_id()).expect("a session")).expect("a session id");
        let (addr, _) = super::http::split_url(&format!("{}/", self.url));
        let path = format!("/session/{id}/se/log");
        let answer = super::http::post(addr, &path, r#"{"type":"browser"}"#);
        let log: Value = serde_json::from_str(&answer.body)
            .unwrap_or_else(|e| panic!("chromedriver's log: {e}: {}", answer.body));
        (log["value"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter())
        .filter(|entry| entry["level"] == "SEVERE")
        .map(|entry| entry["message"].as_str().unwrap_or_default().to_string())
        .collect()
    }
}

/// The text of every QR code in the PNG picture `png` (a screenshot), read by rqrr.
pub fn read_qr(png: &[u8]) -> Vec<String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("its size")];
    let info = reader.next_frame(&mut pixels).expect("its pixels");
    let channels = info.color_type.samples();
    let (width, height) = (info.width as usize, info.height as usize);
    let grey: Vec<u8> = (pixels[..info.buffer_size()].chunks_exact(channels))
        .map(|p| match p {
            [r, g, b, ..] => ((u32::from(*r) + u32::from(*g) + u32::from(*b)) / 3) as u8,
            [grey, ..] => *grey,
            [] => 255,
        })
        .collect();
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| grey[y * width + x]);
    (image.detect_grids().iter())
        .filter_map(|grid| grid.decode().ok().map(|(_, text)| text))
        .collect()
}

/// axe-core's script (`.ci/run` installs it with npm into `target/axe`; `TABLEKEEPER_AXE` names
/// another copy): `None` when it is not there and the browser tests are not required.
pub fn axe_script() -> Option<String> {
    let path = std::env::var_os("TABLEKEEPER_AXE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("target/axe/node_modules/axe-core/axe.min.js")
        });
    match std::fs::read_to_string(&path) {
        Ok(script) => Some(script),
        Err(error) => {
            let required =
                std::env::var("TABLEKEEPER_BROWSER_TESTS").is_ok_and(|v| v == "required");
            assert!(!required, "no axe-core at {}: {error}", path.display());
            eprintln!("SKIPPED: no axe-core at {}", path.display());
            None
        }
    }
}

/// What axe finds against WCAG 2.1 A and AA on `page` as it is now: each violation as "state:
/// rule: the elements", none when the page passes.
pub fn axe_violations(
    rt: &tokio::runtime::Runtime,
    page: &Client,
    axe: &str,
    state: &str,
) -> Vec<String> {
    if run(rt, page, "return typeof axe !== 'undefined';") != json!(true) {
        run(rt, page, &format!("{axe}\n;window.axe = axe; return true;"));
    }
    let found = run(
        rt,
        page,
        "return axe.run(document, { runOnly: { type: 'tag', values: \
         ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }) \
         .then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + \
         v.nodes.map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | ')));",
    );
    (found.as_array().cloned().unwrap_or_default().into_iter())
        .map(|v| format!("{state}: {}", v.as_str().unwrap_or_default()))
        .collect()
}

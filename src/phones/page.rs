//! The phones' page: plain HTML, CSS and JavaScript built into the binary (no build step, no
//! CDN, nothing loaded from outside), and the headers that keep it to itself.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::guard::{HostNames, on_local_network, same_origin};
use crate::i18n::Locale;

const PAGE: &str = include_str!("../../assets/phone/index.html");
/// The phone's script, then the television's views (a screen in "Just watch" 1000 px wide or
/// more), then the QR code painter the venue's page shares, each kept in a file of its own and
/// served as one script: a page load asks for no more files (each is a connection, and a
/// phone's address holds only a few). The painter comes last so the phone's "use strict"
/// stays first; a declared function is known throughout.
const SCRIPT: &str = concat!(
    include_str!("../../assets/phone/phone.js"),
    "\n",
    include_str!("../../assets/phone/television.js"),
    "\n",
    include_str!("../../assets/phone/qr.js")
);
const STYLE: &str = concat!(
    include_str!("../../assets/phone/phone.css"),
    "\n",
    include_str!("../../assets/phone/television.css")
);
/// The app's own icon, for the browser's tab and a phone's home screen (without one every
/// page load asked for `/favicon.ico` and logged a 404).
const ICON: &[u8] = include_bytes!("../../assets/icon.png");

/// Only the page's own script, style and stream: no inline script, no other site, no frames,
/// no forms posted elsewhere.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// The headers every answer carries. `no-referrer`: the address holds the game's secret, and a
/// link followed from the page must not send it on.
pub fn protect(headers: &mut HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
}

fn typed(content_type: &'static str, body: String) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// The page, its asset links pointing under the game's own address.
/// (The guard has checked the secret before this runs.)
pub async fn page(Path(secret): Path<String>) -> Response {
    let base = format!("/t/{secret}");
    typed("text/html; charset=utf-8", PAGE.replace("{{BASE}}", &base))
}

pub async fn script() -> Response {
    typed("text/javascript; charset=utf-8", SCRIPT.to_string())
}

pub async fn style() -> Response {
    typed("text/css; charset=utf-8", STYLE.to_string())
}

pub async fn icon() -> Response {
    ([(header::CONTENT_TYPE, "image/png")], ICON).into_response()
}

/// What anyone without the game's secret gets: one sentence, in the browser's language.
pub async fn ask_the_table(headers: HeaderMap) -> Response {
    sentence(StatusCode::NOT_FOUND, "phone.ask", &headers)
}

/// A page of one sentence (the translation `key`), in the browser's language.
pub fn sentence(status: StatusCode, key: &str, headers: &HeaderMap) -> Response {
    let l = (headers.get(header::ACCEPT_LANGUAGE))
        .and_then(|v| v.to_str().ok())
        .map_or(Locale::EN, Locale::from_accept_language);
    let body = format!(
        "<!doctype html><html lang=\"{}\"><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>tablekeeper</title><p>{}</p></html>",
        l.tag(),
        escape(&l.tr(key)),
    );
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// Text safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The first check of every request to a table's server and to the venue's, before anything
/// is read or kept: a stranger from outside the local network (unless the table was opened to
/// any), or a request that names another address than this machine's (`whose`: "table",
/// "venue"), is refused here.
pub fn refuse_stranger(
    headers: &HeaderMap,
    peer: std::net::IpAddr,
    any_network: bool,
    hosts: &HostNames,
    whose: &'static str,
) -> Option<Response> {
    let host = (headers.get(header::HOST))
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let origin = (headers.get(header::ORIGIN)).map(|o| o.to_str().unwrap_or("?"));
    if !any_network && !on_local_network(peer) {
        Some(sentence(
            StatusCode::FORBIDDEN,
            "phone.outside_network",
            headers,
        ))
    } else if !hosts.allows(host) || !same_origin(origin, host) {
        let said = format!("not this {whose}'s address");
        Some((StatusCode::MISDIRECTED_REQUEST, said).into_response())
    } else {
        None
    }
}

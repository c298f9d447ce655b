//! Raw HTTP/1.1 over a TCP socket, for the phones' tests: a test can send what no browser
//! would (forged, oversized, malformed requests) and read exactly what came back.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

pub fn send(addr: SocketAddr, raw: &[u8]) -> Answer {
    answer(TcpStream::connect(addr).unwrap(), raw)
}

/// [`send`] from `source` (every 127.x.y.z address is this machine: a test's other phones).
#[cfg(feature = "phones")]
pub fn send_from(source: std::net::Ipv4Addr, addr: SocketAddr, raw: &[u8]) -> Answer {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((source, 0)).into()).unwrap();
    match socket.connect(&addr.into()) {
        Ok(()) => answer(socket.into(), raw),
        Err(_) => Answer {
            status: 0,
            head: String::new(),
            body: String::new(),
        },
    }
}

/// A request `method path` with `body`, as a phone's page sends it, the connection closed after.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> Vec<u8> {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

fn answer(mut stream: TcpStream, raw: &[u8]) -> Answer {
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    // A server may answer (and close) before a large body is all sent: that is an answer too.
    let _ = stream.write_all(raw);
    let mut text = Vec::new();
    let _ = stream.read_to_end(&mut text);
    let text = String::from_utf8_lossy(&text).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

pub fn get(addr: SocketAddr, path: &str) -> Answer {
    send(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

pub fn post(addr: SocketAddr, path: &str, body: &str) -> Answer {
    send(
        addr,
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
}

/// `http://127.0.0.1:8787/t/abc` as the address and the path.
pub fn split_url(url: &str) -> (SocketAddr, String) {
    let rest = url.strip_prefix("http://").expect("an http address");
    let (host, path) = rest.split_once('/').expect("a path");
    (host.parse().expect("an ip:port"), format!("/{path}"))
}

/// A POST of `body` to `path` under `base` from `source` (every 127.x.y.z is this machine: a
/// phone of its own), sent again while the server answers "too fast" (429), as the page does.
#[cfg(feature = "phones")]
pub fn post_from(addr: SocketAddr, base: &str, source: [u8; 4], path: &str, body: &str) -> Answer {
    let raw = request(addr, "POST", &format!("{base}{path}"), body);
    loop {
        let answer = send_from(source.into(), addr, &raw);
        if answer.status != 429 {
            return answer;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

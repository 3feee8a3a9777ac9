//! The preview server in process, spoken to over real sockets: what it
//! refuses (foreign `Host` and `Origin`, any path but its own, methods it
//! does not take), that it stays up after refusing, and what it pushes to
//! an open page (updates with only what changed, errors, scrolls) and
//! passes on from one (source jumps).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use kifu_serve::{Finding, Rendering, Server, SourcePlace};
use serde_json::Value;

fn book(chapters: &[(&str, &str)]) -> String {
    let mut text = String::from("::book(#b) title=\"Served\"\n\n\n\n");
    for (id, body) in chapters {
        text.push_str(&format!(
            "::chapter(#{id})\n\n::h2 Chapter {id}\n\n{body}\n\n\n"
        ));
    }
    text
}

fn page(text: &str) -> String {
    let book = kifu_book::parse(text).value;
    kifu_render::html::book_to_html(&book, &|_| None, &Default::default())
}

fn place(line: u32) -> SourcePlace {
    SourcePlace {
        file: PathBuf::from("/books/book.gobook"),
        line,
        column: 1,
    }
}

fn rendering(text: &str, findings: Vec<Finding>) -> Rendering {
    let places = HashMap::from([("one".to_owned(), place(5)), ("two".to_owned(), place(12))]);
    Rendering {
        page: Some(page(text)),
        findings,
        places,
    }
}

fn error(message: &str) -> Finding {
    Finding {
        code: "book/unknown-base".to_owned(),
        severity: "error".to_owned(),
        message: message.to_owned(),
        place: Some(place(9)),
    }
}

fn started() -> (Server, Receiver<SourcePlace>) {
    let (send, receive) = channel();
    let server = Server::bind(0, send).expect("bind a free port");
    let first = book(&[
        (
            "one",
            "::go mv=\"D4 Q16\"\n\n::fig at=1 to=2\n\nFirst words.",
        ),
        ("two", "Second words."),
    ]);
    server.publish(rendering(&first, Vec::new()));
    (server, receive)
}

/// The status and body of one request (`extra`: header lines).
fn request(server: &Server, method: &str, path: &str, extra: &[&str], body: &str) -> (u16, String) {
    let port = server.port();
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !extra
        .iter()
        .any(|h| h.to_ascii_lowercase().starts_with("host:"))
    {
        head.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for h in extra {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_owned();
    (status, body)
}

fn get(server: &Server, path: &str, extra: &[&str]) -> (u16, String) {
    request(server, "GET", path, extra, "")
}

/// An open event stream: each event's name and data.
struct Stream(BufReader<TcpStream>);

impl Stream {
    fn open(server: &Server, version: u64) -> Stream {
        let port = server.port();
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(
            s,
            "GET /_kifu/events?v={version} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
        )
        .unwrap();
        let mut r = BufReader::new(s);
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        while line != "\r\n" {
            line.clear();
            r.read_line(&mut line).unwrap();
        }
        Stream(r)
    }

    fn next(&mut self) -> (String, Value) {
        let (mut event, mut data) = (String::new(), String::new());
        loop {
            let mut line = String::new();
            self.0.read_line(&mut line).expect("an event within 10 s");
            let line = line.trim_end_matches('\n');
            if line.is_empty() && !event.is_empty() {
                return (event, serde_json::from_str(&data).unwrap());
            }
            if let Some(e) = line.strip_prefix("event: ") {
                event = e.to_owned();
            } else if let Some(d) = line.strip_prefix("data: ") {
                data = d.to_owned();
            }
        }
    }
}

#[test]
fn the_page_is_served_with_its_scripts_and_a_policy_for_nothing_else() {
    let (server, _) = started();
    let port = server.port();
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET / HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"));
    let policy = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Security-Policy: "))
        .expect("a content security policy");
    let nonce = policy
        .split("'nonce-")
        .nth(1)
        .and_then(|r| r.split('\'').next())
        .unwrap();
    assert!(policy.contains("default-src 'none'") && policy.contains("img-src data:"));
    assert!(!policy.contains("unsafe-eval") && !policy.contains("script-src 'unsafe-inline'"));
    // Every script that runs carries this response's nonce: the book's
    // script, then the live script.
    let scripts: Vec<&str> = body.split("<script").skip(1).collect();
    let running: Vec<&&str> = scripts
        .iter()
        .filter(|s| !s.starts_with(" type=\"application/json\""))
        .collect();
    assert_eq!(running.len(), 2, "{scripts:?}");
    assert!(
        running
            .iter()
            .all(|s| s.starts_with(&format!(" nonce=\"{nonce}\">")))
    );
    assert!(body.contains("First words."));
    assert!(body.contains("id=\"kifu-live\">{\"version\":1}"));
    // A second load has another nonce.
    let (_, again) = get(&server, "/", &[]);
    assert!(!again.contains(nonce));
}

#[test]
fn foreign_hosts_and_origins_are_refused_and_the_server_stays_up() {
    let (server, jumps) = started();
    let port = server.port();
    let refused = [
        vec!["Host: evil.example".to_owned()],
        vec![format!("Host: evil.example:{port}")],
        vec![format!("Host: 127.0.0.1:{}", port.wrapping_add(1))],
        vec![
            format!("Host: 127.0.0.1:{port}"),
            "Origin: http://evil.example".to_owned(),
        ],
        vec![format!("Host: 127.0.0.1:{port}"), "Origin: null".to_owned()],
    ];
    for headers in &refused {
        let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
        let (status, body) = get(&server, "/", &headers);
        assert_eq!(status, 403, "{headers:?}");
        assert!(!body.contains("First words."));
        let (status, _) = get(&server, "/_kifu/events", &headers);
        assert_eq!(status, 403, "{headers:?}");
        let (status, _) = request(
            &server,
            "POST",
            "/_kifu/jump",
            &headers,
            "{\"anchor\":\"one\"}",
        );
        assert_eq!(status, 403, "{headers:?}");
    }
    assert!(jumps.try_recv().is_err(), "a refused request jumped");
    // Still up, for its own page.
    let origin = format!("Origin: http://127.0.0.1:{port}");
    let (status, body) = get(&server, "/", &[&origin]);
    assert_eq!(status, 200);
    assert!(body.contains("First words."));
}

#[test]
fn no_path_but_the_page_s_own_is_served() {
    let (server, _) = started();
    for path in [
        "/book.gobook",
        "/../book.gobook",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "//etc/passwd",
        "/images/",
        "/_kifu/",
        "/index.html/..",
    ] {
        let (status, body) = get(&server, path, &[]);
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("root:"), "{path}");
    }
    let (status, _) = request(&server, "PUT", "/", &[], "x");
    assert_eq!(status, 405);
    let (status, _) = request(&server, "DELETE", "/", &[], "");
    assert_eq!(status, 405);
    assert_eq!(get(&server, "/", &[]).0, 200);
}

#[test]
fn an_update_sends_the_changed_chapter_and_keeps_the_others() {
    let (server, _) = started();
    let mut stream = Stream::open(&server, 1);
    let (event, findings) = stream.next();
    assert_eq!(event, "findings");
    assert_eq!(findings["findings"], serde_json::json!([]));
    let edited = book(&[
        (
            "one",
            "::go mv=\"D4 Q16 C3\"\n\n::fig at=1 to=3\n\nFirst words.",
        ),
        ("two", "Second words, edited."),
    ]);
    server.publish(rendering(&edited, Vec::new()));
    let (event, update) = stream.next();
    assert_eq!(event, "update");
    assert_eq!(update["version"], 2);
    let parts = update["parts"].as_array().unwrap();
    // The title page and the contents are kept (the indices of the
    // browser's children); chapter two is sent.
    assert_eq!(parts[0], 0);
    assert_eq!(parts[1], 1);
    assert!(
        parts
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .contains("Second words, edited.")
    );
    assert!(update["style"].is_null() && update["toolbar"].is_null());
    let data: Value = serde_json::from_str(update["data"].as_str().unwrap()).unwrap();
    assert_eq!(data["diagrams"][0]["moves"].as_array().unwrap().len(), 3);
    // A page of an older version gets everything when it connects.
    let mut late = Stream::open(&server, 1);
    let (event, update) = late.next();
    assert_eq!(event, "update");
    assert!(
        update["parts"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_string)
    );
    // The new page is what a load gets.
    assert!(get(&server, "/", &[]).1.contains("Second words, edited."));
}

#[test]
fn new_errors_keep_the_page_until_they_are_fixed() {
    let (server, _) = started();
    let mut stream = Stream::open(&server, 1);
    stream.next();
    let broken = book(&[("one", "Half typed"), ("two", "Second words.")]);
    server.publish(rendering(
        &broken,
        vec![error("`base=nowhere` names no element")],
    ));
    let (event, findings) = stream.next();
    assert_eq!(
        event, "findings",
        "no update for a rendering with new errors"
    );
    let shown = &findings["findings"][0];
    assert_eq!(shown["code"], "book/unknown-base");
    assert_eq!(
        (shown["file"].as_str(), shown["line"].as_u64()),
        (Some("book.gobook"), Some(9))
    );
    assert_eq!(findings["stale"], true);
    let (_, body) = get(&server, "/", &[]);
    assert!(body.contains("First words.") && !body.contains("Half typed"));
    let fixed = book(&[("one", "Fixed words."), ("two", "Second words.")]);
    server.publish(rendering(&fixed, Vec::new()));
    let (event, update) = stream.next();
    assert_eq!(event, "update");
    assert!(update["parts"].to_string().contains("Fixed words."));
    let (event, findings) = stream.next();
    assert_eq!(event, "findings");
    assert_eq!(findings["findings"], serde_json::json!([]));
    assert_eq!(findings["stale"], false);
}

#[test]
fn jumps_go_to_the_caller_and_scrolls_to_the_pages() {
    let (server, jumps) = started();
    let (status, _) = request(&server, "POST", "/_kifu/jump", &[], "{\"anchor\":\"two\"}");
    assert_eq!(status, 204);
    assert_eq!(
        jumps.recv_timeout(Duration::from_secs(5)).unwrap(),
        place(12)
    );
    let (status, _) = request(
        &server,
        "POST",
        "/_kifu/jump",
        &[],
        "{\"anchor\":\"elsewhere\"}",
    );
    assert_eq!(status, 404);
    let (status, _) = request(&server, "POST", "/_kifu/jump", &[], "not json");
    assert_eq!(status, 400);
    assert!(jumps.try_recv().is_err());

    let mut stream = Stream::open(&server, 1);
    stream.next();
    // Line 13 is after the element written at 12: that one is shown.
    let (status, _) = request(&server, "POST", "/_kifu/scroll", &[], "{\"line\":13}");
    assert_eq!(status, 204);
    let (event, scroll) = stream.next();
    assert_eq!(
        (event.as_str(), scroll["anchor"].as_str()),
        ("scroll", Some("two"))
    );
    assert!(server.scroll_to(&place(1).file, 6));
    let (_, scroll) = stream.next();
    assert_eq!(scroll["anchor"], "one");
    assert!(
        !server.scroll_to(&place(1).file, 2),
        "no element before line 5"
    );
}

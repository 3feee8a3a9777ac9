//! The live preview started from the editor (`kifu.preview`), in process:
//! the page over HTTP as a browser asks for it, the client's side through
//! the in-memory connection. Chromium clicking the page is in
//! `crates/lsp/tests/e2e/test_preview.py`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use lsp_server::Message;
use serde_json::{Value, json};

use crate::client::{Client, uri_of};

/// Three chapters; the diagram `d2` is on line 11 (0-based 10), a
/// paragraph with a broken base after characters of one and two UTF-16
/// units on line 17, the paragraph of chapter three on line 21.
const BOOK: &str = "::book(#b) title=\"Preview\"\n\n\n\n::chapter(#one)\n\n::h2 One\n\n::go(#g) mv=\"D4 Q16 C3\"\n\n::dia(#d2) at=1 to=2\n\n::chapter(#two)\n\n::h2 Two\n\n::p Jumps 黒 𠮷 here, <dia base=nowhere mv=C3>x</dia>.\n\n::chapter(#three)\n\n::p The third chapter.\n";

const DIAGRAM_LINE: u32 = 10;

fn book_file(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("preview.gobook");
    std::fs::write(&path, BOOK).unwrap();
    uri_of(&path)
}

fn started(capabilities: Value) -> (Client, String, u16, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let uri = book_file(&dir);
    let mut client = Client::start(capabilities);
    client.open(&uri, BOOK);
    let answer = client.ask(
        "workspace/executeCommand",
        json!({"command": "kifu.preview", "arguments": [uri]}),
    );
    let port = answer["port"].as_u64().unwrap() as u16;
    assert_eq!(answer["url"], format!("http://127.0.0.1:{port}/"));
    (client, uri, port, dir)
}

fn http(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    let status = answer.split(' ').nth(1).and_then(|c| c.parse().ok());
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status.unwrap_or(0), body.to_owned())
}

/// The page, once it shows `text` (it is rendered after the book's check).
fn page_showing(port: u16, text: &str) -> String {
    let start = Instant::now();
    loop {
        let (_, page) = http(port, "GET", "/", "");
        if page.contains(text) {
            return page;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the page never showed {text:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The page's event stream: the next event of a kind.
struct Events(BufReader<TcpStream>);

impl Events {
    fn open(port: u16) -> Events {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "GET /_kifu/events?v=0 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
        )
        .unwrap();
        Events(BufReader::new(s))
    }

    fn next(&mut self, kind: &str) -> Value {
        let mut event = String::new();
        loop {
            let mut line = String::new();
            self.0.read_line(&mut line).expect("an event within 30 s");
            if let Some(e) = line.strip_prefix("event: ") {
                event = e.trim().to_owned();
            } else if let Some(data) = line.strip_prefix("data: ")
                && event == kind
            {
                return serde_json::from_str(data).unwrap();
            }
        }
    }
}

fn show_document(client: &mut Client, external: bool) -> Value {
    client.wait_for(|m| match m {
        Message::Request(r)
            if r.method == "window/showDocument"
                && r.params["external"].as_bool().unwrap_or(false) == external =>
        {
            Some(r.params.clone())
        }
        _ => None,
    })
}

fn show_message(client: &mut Client, containing: &str) -> String {
    client.wait_for(|m| match m {
        Message::Notification(n) if n.method == "window/showMessage" => n.params["message"]
            .as_str()
            .filter(|t| t.contains(containing))
            .map(str::to_owned),
        _ => None,
    })
}

#[test]
fn a_click_in_the_preview_puts_the_cursor_on_the_element_s_line() {
    let capabilities = json!({"window": {"showDocument": {"support": true}}});
    let (mut client, uri, port, _dir) = started(capabilities);
    // The client is asked to open the page in a browser.
    let page = show_document(&mut client, true);
    assert_eq!(page["uri"], format!("http://127.0.0.1:{port}/"));
    page_showing(port, "id=\"d2\"");
    let (status, _) = http(port, "POST", "/_kifu/jump", "{\"anchor\":\"d2\"}");
    assert_eq!(status, 204);
    let shown = show_document(&mut client, false);
    assert_eq!(shown["uri"], uri);
    assert_eq!(shown["takeFocus"], true);
    let at = json!({"line": DIAGRAM_LINE, "character": 0});
    assert_eq!(shown["selection"], json!({"start": at, "end": at}));
    // The error in the page's panel: the cursor goes where the editor
    // shows the finding (UTF-16 units, past 黒 and 𠮷).
    let found = client.diagnostics(&uri, 1);
    let link = found
        .iter()
        .find(|d| d["code"] == "book/unknown-base")
        .unwrap();
    let (status, _) = http(port, "POST", "/_kifu/jump", "{\"finding\":0}");
    assert_eq!(status, 204);
    let shown = show_document(&mut client, false);
    let at = &link["range"]["start"];
    let line = BOOK.lines().nth(16).unwrap();
    let units = line[..line.find("<dia").unwrap()].encode_utf16().count();
    assert_eq!(
        (at["line"].as_u64(), at["character"].as_u64()),
        (Some(16), Some(units as u64))
    );
    assert_eq!(shown["selection"], json!({"start": at, "end": at}));
}

#[test]
fn unsaved_edits_show_in_the_page_and_the_editor_scrolls_it() {
    let (mut client, uri, port, _dir) = started(json!({}));
    page_showing(port, "The third chapter.");
    let mut events = Events::open(port);
    let edited = BOOK.replace("The third chapter.", "An unsaved sentence.");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": edited}]}),
    );
    loop {
        let update = events.next("update");
        if update.to_string().contains("An unsaved sentence.") {
            break;
        }
    }
    // Line 21 (0-based 20) is chapter three's paragraph.
    let scrolled = client.ask(
        "workspace/executeCommand",
        json!({"command": "kifu.scrollPreview", "arguments": [uri, {"line": 20, "character": 3}]}),
    );
    assert_eq!(scrolled, true);
    let anchor = events.next("scroll")["anchor"].as_str().unwrap().to_owned();
    let page = page_showing(port, "An unsaved sentence.");
    let element = page.split(&format!("id=\"{anchor}\"")).nth(1).unwrap();
    let element = &element[..element.find("</p>").unwrap()];
    assert!(element.contains("An unsaved sentence."), "{element}");
    // Not on disk: the page shows what the editor has.
    assert!(
        std::fs::read_to_string(url_path(&uri))
            .unwrap()
            .contains("The third chapter.")
    );
}

fn url_path(uri: &str) -> std::path::PathBuf {
    lsp_types::Url::parse(uri).unwrap().to_file_path().unwrap()
}

#[test]
fn a_client_that_cannot_show_documents_is_told_where_and_the_server_goes_on() {
    let (mut client, uri, port, _dir) = started(json!({}));
    let message = show_message(&mut client, "preview");
    assert!(
        message.contains(&format!("http://127.0.0.1:{port}/")),
        "{message}"
    );
    page_showing(port, "Jumps");
    // The paragraph of line 17: the last anchor before its text.
    let page = page_showing(port, "Jumps");
    let before = &page[..page.find("Jumps").unwrap()];
    let anchor = &before[before.rfind(" id=\"").unwrap() + 5..];
    let anchor = &anchor[..anchor.find('"').unwrap()];
    let (status, _) = http(
        port,
        "POST",
        "/_kifu/jump",
        &json!({ "anchor": anchor }).to_string(),
    );
    assert_eq!(status, 204);
    let said = show_message(&mut client, "preview.gobook:17:1");
    assert!(said.contains("showDocument"), "{said}");
    // The server still answers.
    let symbols = client.ask(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols.as_array().unwrap().len(), 3);
}

#[test]
fn the_commands_refuse_what_they_cannot_do() {
    let mut client = Client::start(json!({}));
    let answer = client.request(
        "workspace/executeCommand",
        json!({"command": "kifu.scrollPreview", "arguments": ["file:///nowhere.gobook", {"line": 1, "character": 0}]}),
    );
    assert!(answer.error.unwrap().message.contains("no preview"));
    let answer = client.request(
        "workspace/executeCommand",
        json!({"command": "kifu.preview", "arguments": ["file:///nowhere.gobook"]}),
    );
    assert!(answer.error.unwrap().message.contains("not open"));
    let answer = client.request(
        "workspace/executeCommand",
        json!({"command": "kifu.unknown", "arguments": []}),
    );
    assert!(answer.error.is_some());
}

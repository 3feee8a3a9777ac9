//! `kifu-lsp-bench [N,N...] [--runs R]`: what an author waits for in an
//! editor on a large book (`kifu_bench::scale::diagrams(N)`, default the
//! 3,360 and 20,000-diagram books): the language server in process, fed as
//! an editor feeds it, timed from the request to the answer.
//!
//! - `open`: opening the book to its diagnostics;
//! - `edit`: a one-character edit of a paragraph in the middle of the book
//!   to its diagnostics (the server's debounce set to 0: add the editor's
//!   pause, 200 ms by default, to get what the author sees);
//! - `hover*`: a hover on a diagram in the middle right after an edit (the
//!   book read and resolved again), and `hover`: again, unchanged;
//! - `complete*`: completion of an attribute value right after an edit.
//!
//! Medians (and the slowest) of R runs. A benchmark, not a test: build it
//! with `cargo build --profile bench -p kifu-bench --bin kifu-lsp-bench`.

use std::time::{Duration, Instant};

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

struct Client {
    connection: Connection,
    id: i32,
    /// Diagnostics' versions published while waiting for an answer.
    published: Vec<(i64, usize)>,
}

impl Client {
    fn request(&mut self, method: &str, params: Value) -> (Value, Duration) {
        self.id += 1;
        let id = RequestId::from(self.id);
        let start = Instant::now();
        let request = Request::new(id.clone(), method.to_owned(), params);
        self.connection.sender.send(request.into()).unwrap();
        loop {
            match self.connection.receiver.recv().unwrap() {
                Message::Response(r) if r.id == id => {
                    assert!(r.error.is_none(), "{method}: {:?}", r.error);
                    return (r.result.unwrap_or(Value::Null), start.elapsed());
                }
                Message::Notification(n) => self.keep(&n),
                _ => {}
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_owned(), params);
        self.connection.sender.send(n.into()).unwrap();
    }

    fn keep(&mut self, n: &Notification) {
        if n.method == "textDocument/publishDiagnostics" {
            let version = n.params["version"].as_i64().unwrap_or(-1);
            let count = n.params["diagnostics"].as_array().map_or(0, Vec::len);
            self.published.push((version, count));
        }
    }

    /// Waits for the diagnostics of `version`: their count.
    fn diagnostics(&mut self, version: i64) -> usize {
        loop {
            if let Some(&(_, count)) = self.published.iter().find(|(v, _)| *v == version) {
                self.published.clear();
                return count;
            }
            if let Message::Notification(n) = self.connection.receiver.recv().unwrap() {
                self.keep(&n);
            }
        }
    }
}

fn median(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[times.len() / 2], times[times.len() - 1])
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

fn run(n: usize, runs: usize) {
    let text = kifu_bench::scale::diagrams(n);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.gobook");
    std::fs::write(&path, &text).unwrap();
    let uri = format!("file://{}", std::fs::canonicalize(&path).unwrap().display());
    let book = kifu_book::parse(&text).value;
    let diagrams = book.elements().iter().filter(|e| e.is_diagram()).count();
    let (server, connection) = Connection::memory();
    let options = kifu_lsp::Options {
        debounce: Duration::ZERO,
    };
    let thread = std::thread::spawn(move || kifu_lsp::serve(server, options));
    let mut client = Client {
        connection,
        id: 0,
        published: Vec::new(),
    };
    client.request("initialize", json!({"capabilities": {}}));
    client.notify("initialized", json!({}));

    let start = Instant::now();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "gobook", "version": 1, "text": text}}),
    );
    let found = client.diagnostics(1);
    let open = start.elapsed();

    // The middle of the book: a paragraph to edit, a diagram to hover, a
    // `base=` value to complete.
    let lines: Vec<&str> = text.lines().collect();
    let middle = lines.len() / 2;
    let paragraph = (middle..lines.len())
        .find(|&i| lines[i].starts_with("Figure "))
        .unwrap();
    let diagram = (middle..lines.len())
        .find(|&i| lines[i].starts_with("::dia("))
        .unwrap();
    let base = (middle..lines.len())
        .find(|&i| lines[i].contains(" base="))
        .unwrap();
    let base_column = lines[base].find(" base=").unwrap() + 6;
    let at = |line: usize, character: usize| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});

    let (mut edits, mut hovers_after, mut hovers, mut completions) =
        (vec![], vec![], vec![], vec![]);
    let mut version = 1;
    for run in 0..runs {
        version += 1;
        let change = if run % 2 == 0 {
            json!({"range": {"start": {"line": paragraph, "character": 0}, "end": {"line": paragraph, "character": 0}}, "text": "x"})
        } else {
            json!({"range": {"start": {"line": paragraph, "character": 0}, "end": {"line": paragraph, "character": 1}}, "text": ""})
        };
        let start = Instant::now();
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}),
        );
        client.diagnostics(version);
        edits.push(start.elapsed());

        // A hover right after an edit reads and resolves the book again.
        version += 1;
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"range": {"start": {"line": paragraph, "character": 0}, "end": {"line": paragraph, "character": 0}}, "text": ""}]}),
        );
        let (hover, t) = client.request("textDocument/hover", at(diagram, 2));
        assert!(
            hover["contents"]["value"]
                .as_str()
                .unwrap()
                .contains("data:image/svg+xml")
        );
        hovers_after.push(t);
        hovers.push(client.request("textDocument/hover", at(diagram, 2)).1);
        client.diagnostics(version);

        version += 1;
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"range": {"start": {"line": paragraph, "character": 0}, "end": {"line": paragraph, "character": 0}}, "text": ""}]}),
        );
        let (items, t) = client.request("textDocument/completion", at(base, base_column));
        assert!(items.as_array().is_some_and(|a| a.len() > 100));
        completions.push(t);
        client.diagnostics(version);
    }
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    thread.join().unwrap();

    let (edit, edit_max) = median(edits);
    let (hover_after, hover_after_max) = median(hovers_after);
    let (hover, hover_max) = median(hovers);
    let (complete, complete_max) = median(completions);
    println!(
        "{n:>6} {diagrams:>8} {:>7} KB {found:>5} {:>8} {:>8} ({:>6}) {:>8} ({:>6}) {:>6} ({:>5}) {:>8} ({:>6})",
        text.len() / 1024,
        ms(open),
        ms(edit),
        ms(edit_max),
        ms(hover_after),
        ms(hover_after_max),
        ms(hover),
        ms(hover_max),
        ms(complete),
        ms(complete_max),
    );
}

fn main() {
    let mut sizes = vec![3360, 20000];
    let mut runs = 7;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--runs" {
            runs = args.next().and_then(|r| r.parse().ok()).expect("--runs R");
        } else {
            sizes = a.split(',').map(|s| s.parse().expect("N,N...")).collect();
        }
    }
    println!("times in ms: median (slowest) of {runs} runs; debounce 0");
    println!(
        "{:>6} {:>8} {:>10} {:>5} {:>8} {:>17} {:>17} {:>14} {:>17}",
        "n", "diagrams", "input", "found", "open", "edit", "hover*", "hover", "complete*"
    );
    for n in sizes {
        run(n, runs);
    }
}

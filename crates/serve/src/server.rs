//! The HTTP server: the page, the stream of updates, and the requests of
//! the page (open a source place) and of editors (scroll to one).

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use serde_json::{Value, json};
use tiny_http::{Header, Method, Request, Response};

use crate::guard;
use crate::page::Page;

const LIVE_JS: &str = include_str!("../assets/live.js");
const LIVE_CSS: &str = include_str!("../assets/live.css");

/// The most a request body is read (a jump or a scroll is a few bytes).
const MAX_BODY: u64 = 4096;

/// A place in the book's sources: a file and a 1-based line and column
/// (characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcePlace {
    /// The file, as the caller named it (`kifu serve` gives absolute paths).
    pub file: PathBuf,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

/// A problem of the book, shown over the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its code, as `book/unknown-id`.
    pub code: String,
    /// `error`, `warning` or `note`.
    pub severity: String,
    /// What is wrong.
    pub message: String,
    /// Where, if the finding has a place.
    pub place: Option<SourcePlace>,
}

/// One rendering of the book, handed to [`Server::publish`].
#[derive(Clone, Debug, Default)]
pub struct Rendering {
    /// The page as `kifu render BOOK -o PAGE.html` writes it; `None` when
    /// nothing could be rendered (the book cannot be read).
    pub page: Option<String>,
    /// The book's errors (the caller chooses which findings count).
    pub findings: Vec<Finding>,
    /// Where each element of the page, by its anchor (`id`), is written.
    pub places: HashMap<String, SourcePlace>,
}

/// A live preview server on the loopback addresses (127.0.0.1 and, where
/// the system has it, ::1), until dropped.
pub struct Server {
    shared: Arc<Shared>,
    listeners: Vec<Arc<tiny_http::Server>>,
    threads: Vec<JoinHandle<()>>,
}

struct Shared {
    port: u16,
    state: Mutex<State>,
    clients: Mutex<Vec<Client>>,
    jumps: Sender<SourcePlace>,
    random: std::collections::hash_map::RandomState,
}

#[derive(Default)]
struct State {
    /// Counts the pages shown: a browser says which it has.
    version: u64,
    page: Option<Page>,
    /// The errors the page shown was made with (code and message).
    page_errors: Vec<(String, String)>,
    places: HashMap<String, SourcePlace>,
    /// The errors of the latest rendering.
    findings: Vec<Finding>,
    /// The page shown is older than the book (a rendering was held back).
    stale: bool,
}

/// An open event stream.
struct Client {
    out: Box<dyn Write + Send>,
    version: u64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Server {
    /// Serves on `port` of 127.0.0.1 and ::1 (0: a free port, chosen on
    /// 127.0.0.1 and then taken on ::1 too). A click in the page that asks
    /// for a source place sends it on `jumps`.
    ///
    /// # Errors
    ///
    /// When 127.0.0.1:`port` cannot be bound. ::1 is skipped when it
    /// cannot be (a system without IPv6).
    pub fn bind(port: u16, jumps: Sender<SourcePlace>) -> io::Result<Server> {
        let v4 = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))?;
        let port = v4.local_addr()?.port();
        let mut listeners = vec![v4];
        if let Ok(v6) = TcpListener::bind(SocketAddr::from((Ipv6Addr::LOCALHOST, port))) {
            listeners.push(v6);
        }
        let shared = Arc::new(Shared {
            port,
            state: Mutex::default(),
            clients: Mutex::default(),
            jumps,
            random: Default::default(),
        });
        let listeners: Vec<Arc<tiny_http::Server>> = listeners
            .into_iter()
            .map(|l| tiny_http::Server::from_listener(l, None).map(Arc::new))
            .collect::<Result<_, _>>()
            .map_err(io::Error::other)?;
        let threads = listeners
            .iter()
            .map(|l| {
                let (l, shared) = (Arc::clone(l), Arc::clone(&shared));
                std::thread::spawn(move || {
                    for request in l.incoming_requests() {
                        shared.answer(request);
                    }
                })
            })
            .collect();
        Ok(Server {
            shared,
            listeners,
            threads,
        })
    }

    /// The port served on.
    pub fn port(&self) -> u16 {
        self.shared.port
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port())
    }

    /// Shows a new rendering in every open page. Its page replaces the
    /// one shown unless it brings errors the shown one did not have (a
    /// half-typed edit): then the page shown stays, under the errors,
    /// until a rendering without them comes. The errors shown are always
    /// the rendering's.
    pub fn publish(&self, rendering: Rendering) {
        let shared = &self.shared;
        let mut state = lock(&shared.state);
        let errors: Vec<(String, String)> = rendering
            .findings
            .iter()
            .map(|f| (f.code.clone(), f.message.clone()))
            .collect();
        let page = rendering.page.as_deref().and_then(Page::parse);
        let no_new_errors = errors.iter().all(|e| state.page_errors.contains(e));
        let replace = page.is_some() && (state.page.is_none() || no_new_errors);
        let mut update = None;
        if let (true, Some(page)) = (replace, page) {
            state.version += 1;
            let diff = page.update_from(state.page.as_ref(), state.version);
            update = Some((diff, state.version - 1));
            state.page = Some(page);
            state.page_errors = errors;
            state.places = rendering.places;
        }
        state.stale = !replace;
        state.findings = rendering.findings;
        let findings = findings_json(&state);
        let mut clients = lock(&shared.clients);
        clients.retain_mut(|client| {
            let mut ok = true;
            if let Some((diff, previous)) = &update {
                let message = if client.version == *previous {
                    diff.clone()
                } else {
                    full_update(&state)
                };
                ok = send(&mut client.out, "update", &message).is_ok();
                client.version = state.version;
            }
            ok && send(&mut client.out, "findings", &findings).is_ok()
        });
    }

    /// Scrolls every open page to the element written at or before
    /// `line` of `file` (the last one that starts there or above).
    /// Returns whether there is such an element.
    pub fn scroll_to(&self, file: &Path, line: u32) -> bool {
        self.shared.scroll_to(file, line)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        for l in &self.listeners {
            l.unblock();
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
        lock(&self.shared.clients).clear();
    }
}

fn send(out: &mut Box<dyn Write + Send>, event: &str, data: &Value) -> io::Result<()> {
    // JSON has no raw line break: one `data:` line.
    write!(out, "event: {event}\ndata: {data}\n\n")?;
    out.flush()
}

/// The update that gives a browser of unknown version the page shown.
fn full_update(state: &State) -> Value {
    state
        .page
        .as_ref()
        .map_or(Value::Null, |p| p.update_from(None, state.version))
}

fn findings_json(state: &State) -> Value {
    let list: Vec<Value> = state
        .findings
        .iter()
        .map(|f| {
            let mut v = json!({"code": f.code, "severity": f.severity, "message": f.message});
            if let Some(p) = &f.place {
                let name = p.file.file_name().map(|n| n.to_string_lossy());
                v["file"] = json!(name.unwrap_or_default());
                v["line"] = json!(p.line);
                v["column"] = json!(p.column);
            }
            v
        })
        .collect();
    json!({"findings": list, "stale": state.stale})
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn text(status: u16, body: &str) -> Response<io::Cursor<Vec<u8>>> {
    Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
}

impl Shared {
    fn answer(&self, mut request: Request) {
        let get = |name: &'static str| {
            request
                .headers()
                .iter()
                .find(|h| h.field.equiv(name))
                .map(|h| h.value.as_str().to_owned())
        };
        if let Some(why) =
            guard::refusal(get("Host").as_deref(), get("Origin").as_deref(), self.port)
        {
            let _ = request.respond(text(403, &format!("refused: {why}\n")));
            return;
        }
        let url = request.url().to_owned();
        let path = url.split('?').next().unwrap_or("");
        let query = url.split_once('?').map_or("", |(_, q)| q);
        match (request.method(), path) {
            (Method::Get | Method::Head, "/") => {
                let page = self.page();
                let _ = request.respond(page);
            }
            (Method::Get, "/_kifu/events") => self.open_stream(request, query),
            (Method::Post, "/_kifu/jump") => {
                let answer = match read_json(&mut request) {
                    Some(body) => self.jump(&body),
                    None => text(400, "give JSON\n"),
                };
                let _ = request.respond(answer);
            }
            (Method::Post, "/_kifu/scroll") => {
                let answer = match read_json(&mut request) {
                    Some(body) => self.scroll_request(&body),
                    None => text(400, "give JSON\n"),
                };
                let _ = request.respond(answer);
            }
            (Method::Get | Method::Head, _) => {
                let _ = request.respond(text(404, "not found: the preview serves only its page\n"));
            }
            _ => {
                let _ = request.respond(text(405, "method not allowed\n"));
            }
        }
    }

    /// The page shown, with the live script, under a policy that lets
    /// only the page's own scripts run.
    fn page(&self) -> Response<io::Cursor<Vec<u8>>> {
        let state = lock(&self.state);
        let nonce = self.nonce();
        let html = match &state.page {
            Some(page) => page.html().replace("<script>\n", &format!("<script nonce=\"{nonce}\">\n")),
            None => "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>kifu serve</title>\n</head>\n<body>\n<p>The book is being read…</p>\n</body>\n</html>\n".to_owned(),
        };
        let live = format!(
            "<style>\n{LIVE_CSS}</style>\n<script type=\"application/json\" id=\"kifu-live\">{}</script>\n<script nonce=\"{nonce}\">\n{LIVE_JS}</script>\n",
            json!({"version": state.version})
        );
        let at = html.rfind("</body>").unwrap_or(html.len());
        let html = format!("{}{live}{}", &html[..at], &html[at..]);
        let policy = format!(
            "default-src 'none'; script-src 'nonce-{nonce}'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        );
        Response::from_string(html)
            .with_header(header("Content-Type", "text/html; charset=utf-8"))
            .with_header(header("Content-Security-Policy", &policy))
            .with_header(header("Cache-Control", "no-store"))
            .with_header(header("X-Content-Type-Options", "nosniff"))
            .with_header(header("Referrer-Policy", "no-referrer"))
    }

    /// A fresh nonce for the page's scripts: 128 bits from the process's
    /// random hash keys (seeded by the system) and a counter, never the
    /// same twice, so that no markup in the book can name it.
    fn nonce(&self) -> String {
        static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let word = |salt: u64| {
            let mut h = self.random.build_hasher();
            h.write_u64(n);
            h.write_u64(salt);
            h.finish()
        };
        format!("{:016x}{:016x}", word(1), word(2))
    }

    /// Opens an event stream: the page's version is in `v=`; a page
    /// older than the one shown gets it at once, and every page the
    /// current errors.
    fn open_stream(&self, request: Request, query: &str) {
        let version: u64 = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("v="))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let mut out = request.into_writer();
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n";
        if out.write_all(head.as_bytes()).is_err() {
            return;
        }
        let state = lock(&self.state);
        let mut client = Client { out, version };
        let mut ok = true;
        if version != state.version && state.page.is_some() {
            ok = send(&mut client.out, "update", &full_update(&state)).is_ok();
            client.version = state.version;
        }
        ok = ok && send(&mut client.out, "findings", &findings_json(&state)).is_ok();
        if ok {
            lock(&self.clients).push(client);
        }
    }

    /// `{"anchor": ID}`: the source place of the element; `{"finding": N}`:
    /// the place of the Nth error shown.
    fn jump(&self, body: &Value) -> Response<io::Cursor<Vec<u8>>> {
        let state = lock(&self.state);
        let place = if let Some(anchor) = body["anchor"].as_str() {
            state.places.get(anchor).cloned()
        } else if let Some(n) = body["finding"].as_u64() {
            state.findings.get(n as usize).and_then(|f| f.place.clone())
        } else {
            None
        };
        match place {
            Some(place) => {
                let _ = self.jumps.send(place);
                text(204, "")
            }
            None => text(404, "no such place\n"),
        }
    }

    /// `{"line": N}` (1-based) of the book, or of `"file"`.
    fn scroll_request(&self, body: &Value) -> Response<io::Cursor<Vec<u8>>> {
        let Some(line) = body["line"].as_u64().and_then(|l| u32::try_from(l).ok()) else {
            return text(400, "give {\"line\": N}\n");
        };
        let file = match body["file"].as_str() {
            Some(f) => Some(PathBuf::from(f)),
            None => self.book_file(),
        };
        match file {
            Some(f) if self.scroll_to(&f, line) => text(204, ""),
            _ => text(404, "no element there\n"),
        }
    }

    /// The file most of the page's elements come from: the book.
    fn book_file(&self) -> Option<PathBuf> {
        let state = lock(&self.state);
        let mut counts: HashMap<&Path, usize> = HashMap::new();
        for p in state.places.values() {
            *counts.entry(&p.file).or_default() += 1;
        }
        counts
            .into_iter()
            .max_by_key(|&(_, n)| n)
            .map(|(f, _)| f.to_path_buf())
    }

    fn scroll_to(&self, file: &Path, line: u32) -> bool {
        let state = lock(&self.state);
        let anchor = state
            .places
            .iter()
            .filter(|(_, p)| p.file == file && p.line <= line)
            .max_by_key(|(a, p)| (p.line, p.column, a.as_str()))
            .map(|(a, _)| a.clone());
        drop(state);
        let Some(anchor) = anchor else { return false };
        let message = json!({ "anchor": anchor });
        lock(&self.clients).retain_mut(|c| send(&mut c.out, "scroll", &message).is_ok());
        true
    }
}

/// A small JSON request body.
fn read_json(request: &mut Request) -> Option<Value> {
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY)
        .read_to_end(&mut body)
        .ok()?;
    serde_json::from_slice(&body).ok()
}

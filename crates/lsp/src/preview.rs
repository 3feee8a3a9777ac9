//! The live preview started from the editor: the command `kifu.preview`
//! serves the book's page (kifu-serve) on the loopback address and shows
//! the editor's unsaved text in it, rendered beside each check of the book
//! (so after the same pause) and shown with its errors; a click in the
//! page moves the editor's cursor (`window/showDocument`), and the command
//! `kifu.scrollPreview` scrolls the page to a place of the book.
//!
//! Three threads besides the dispatch loop: the preview's HTTP server
//! (kifu-serve's), the renderer (a big book takes a second to render, and
//! only the latest text is worth it), and the one that turns the page's
//! clicks into requests to the client on a clone of the connection's
//! sender. The dispatch loop only hands over snapshots and never waits.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::Duration;

use crossbeam_channel::Sender;
use kifu_book::files::image_type;
use kifu_diag::LineIndex;
use kifu_serve::{BookPage, Finding, Rendering, Server, SourcePlace};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId};
use lsp_types::{
    ClientCapabilities, DiagnosticSeverity, ExecuteCommandOptions, Position, Range, Url,
};
use serde_json::{Value, json};

use crate::analysis::{book_place, open_named};
use crate::position::Encoding;
use crate::store::{Document, DocumentStore};

/// Starts (or moves) the preview: arguments `[uri]`, the book to show
/// (the only open book when left out). Answers `{"url", "port"}`.
pub(crate) const PREVIEW: &str = "kifu.preview";
/// Scrolls the page: arguments `[uri, position]` (or one object with
/// `textDocument`/`uri` and `position`). Answers whether an element is
/// written at or above that line.
pub(crate) const SCROLL: &str = "kifu.scrollPreview";

/// The commands, for `initialize`'s answer.
pub(crate) fn commands() -> ExecuteCommandOptions {
    ExecuteCommandOptions {
        commands: vec![PREVIEW.to_owned(), SCROLL.to_owned()],
        work_done_progress_options: Default::default(),
    }
}

/// The preview of one book, once a command started it.
pub(crate) struct Preview {
    client: Sender<Message>,
    encoding: Encoding,
    shows_documents: bool,
    running: Option<Running>,
}

struct Running {
    server: Arc<Server>,
    shown: Arc<Mutex<Shown>>,
    renders: Sender<Job>,
    findings: Sender<Checked>,
}

/// The book the page shows, as last rendered: where a click's place is
/// looked up.
struct Shown {
    uri: Url,
    path: PathBuf,
    text: Arc<str>,
}

/// A rendering to make: the open documents as they were when the book
/// went to the checker.
struct Job {
    uri: Url,
    store: DocumentStore,
    encoding: Encoding,
}

/// The diagnostics published for a version of the book.
struct Checked {
    uri: Url,
    version: i32,
    diagnostics: Vec<lsp_types::Diagnostic>,
}

/// How long a rendering waits for its check before it is shown without
/// errors (a check that failed sends nothing).
const CHECK_WAIT: Duration = Duration::from_secs(60);

/// Why a command cannot be done: an error code of the protocol and a
/// message for the author.
pub(crate) type Refusal = (ErrorCode, String);

fn refusal(code: ErrorCode, message: impl Into<String>) -> Refusal {
    (code, message.into())
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Preview {
    /// No preview yet; requests to the client go on `client`.
    pub(crate) fn new(client: Sender<Message>) -> Preview {
        Preview {
            client,
            encoding: Encoding::Utf16,
            shows_documents: false,
            running: None,
        }
    }

    /// What the client said at `initialize`.
    pub(crate) fn configure(&mut self, capabilities: &ClientCapabilities, encoding: Encoding) {
        self.encoding = encoding;
        self.shows_documents = capabilities
            .window
            .as_ref()
            .and_then(|w| w.show_document.as_ref())
            .is_some_and(|s| s.support);
    }

    /// `kifu.preview`: serves `uri`'s book (starting the server the first
    /// time) and asks the client to open the page. The caller then has the
    /// book checked, which renders it.
    pub(crate) fn start(
        &mut self,
        arguments: &[Value],
        store: &DocumentStore,
    ) -> Result<(Url, Value), Refusal> {
        let uri = match arguments.first() {
            Some(v) => argument_uri(v)?,
            None => only_open_book(store)?,
        };
        let document = store.get(&uri).ok_or_else(|| {
            refusal(
                ErrorCode::InvalidParams,
                format!("{uri} is not open: open the book first"),
            )
        })?;
        let shown = Shown {
            path: document_path(&uri, document),
            text: Arc::from(document.text()),
            uri: uri.clone(),
        };
        if self.running.is_none() {
            self.running = Some(self.launch(shown)?);
        } else if let Some(running) = &self.running {
            *lock(&running.shown) = shown;
        }
        let url = self
            .running
            .as_ref()
            .map(|r| r.server.url())
            .unwrap_or_default();
        self.open_page(&url, &uri);
        let port = self.running.as_ref().map_or(0, |r| r.server.port());
        Ok((uri, json!({ "url": url, "port": port })))
    }

    fn launch(&self, shown: Shown) -> Result<Running, Refusal> {
        let (jumps, jumped) = mpsc::channel();
        let server = Server::bind(0, jumps).map_err(|e| {
            refusal(
                ErrorCode::InternalError,
                format!("kifu: the preview cannot listen on 127.0.0.1: {e}"),
            )
        })?;
        let server = Arc::new(server);
        let shown = Arc::new(Mutex::new(shown));
        let (renders, jobs) = crossbeam_channel::unbounded::<Job>();
        let (findings, checks) = crossbeam_channel::unbounded::<Checked>();
        let renderer = (Arc::clone(&server), Arc::clone(&shown));
        std::thread::spawn(move || render_latest(&jobs, &checks, &renderer.0, &renderer.1));
        let (client, shown_now) = (self.client.clone(), Arc::clone(&shown));
        let (encoding, shows_documents) = (self.encoding, self.shows_documents);
        std::thread::spawn(move || {
            for place in jumped {
                let message = show_place(&place, &lock(&shown_now), encoding, shows_documents);
                if client.send(message).is_err() {
                    return;
                }
            }
        });
        Ok(Running {
            server,
            shown,
            renders,
            findings,
        })
    }

    /// Asks the client to open the page in a browser, or tells the author
    /// where it is.
    fn open_page(&self, url: &str, book: &Url) {
        let message = if self.shows_documents {
            request(
                "window/showDocument",
                json!({ "uri": url, "external": true, "takeFocus": true }),
            )
        } else {
            let name = book
                .path_segments()
                .and_then(|mut s| s.next_back())
                .unwrap_or("the book");
            let text = format!("kifu: the preview of {name} is at {url}");
            Notification::new(
                "window/showMessage".into(),
                json!({ "type": 3, "message": text }),
            )
            .into()
        };
        let _ = self.client.send(message);
    }

    /// The book goes to the checker with the documents in `store`: its
    /// page is rendered beside the check, if the preview shows it.
    pub(crate) fn render_soon(&self, uri: &Url, store: &DocumentStore) {
        let Some(running) = &self.running else { return };
        if lock(&running.shown).uri != *uri {
            return;
        }
        let _ = running.renders.send(Job {
            uri: uri.clone(),
            store: store.clone(),
            encoding: self.encoding,
        });
    }

    /// The diagnostics of `version` of `uri` were published: the
    /// rendering of that text shows them and is shown.
    pub(crate) fn checked(&self, uri: &Url, version: i32, diagnostics: &[lsp_types::Diagnostic]) {
        let Some(running) = &self.running else { return };
        if lock(&running.shown).uri != *uri {
            return;
        }
        let _ = running.findings.send(Checked {
            uri: uri.clone(),
            version,
            diagnostics: diagnostics.to_vec(),
        });
    }

    /// `kifu.scrollPreview`.
    pub(crate) fn scroll(&self, arguments: &[Value]) -> Result<Value, Refusal> {
        let (uri, position) = scroll_arguments(arguments)?;
        let Some(running) = &self.running else {
            return Err(refusal(
                ErrorCode::InvalidRequest,
                "no preview: run kifu.preview first",
            ));
        };
        let path = {
            let shown = lock(&running.shown);
            (shown.uri == uri).then(|| shown.path.clone())
        };
        let scrolled = path.is_some_and(|p| running.server.scroll_to(&p, position.line + 1));
        Ok(json!(scrolled))
    }
}

/// A request to the client; its answer is not waited for.
fn request(method: &str, params: Value) -> Message {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let id = RequestId::from(format!(
        "kifu-preview-{}",
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    Request::new(id, method.to_owned(), params).into()
}

fn argument_uri(v: &Value) -> Result<Url, Refusal> {
    let text = v
        .as_str()
        .or_else(|| v["uri"].as_str())
        .or_else(|| v["textDocument"]["uri"].as_str())
        .ok_or_else(|| refusal(ErrorCode::InvalidParams, "give the book's URI"))?;
    Url::parse(text).map_err(|e| refusal(ErrorCode::InvalidParams, format!("{text}: {e}")))
}

fn only_open_book(store: &DocumentStore) -> Result<Url, Refusal> {
    let mut books = store
        .iter()
        .map(|(u, _)| u)
        .filter(|u| u.path().ends_with(".gobook"));
    match (books.next(), books.next()) {
        (Some(uri), None) => Ok(uri.clone()),
        _ => Err(refusal(
            ErrorCode::InvalidParams,
            "give the book's URI (kifu.preview [uri]): not exactly one book is open",
        )),
    }
}

fn scroll_arguments(arguments: &[Value]) -> Result<(Url, Position), Refusal> {
    let (uri, position) = match arguments {
        [uri, position] => (argument_uri(uri)?, position.clone()),
        [one] => (argument_uri(one)?, one["position"].clone()),
        _ => {
            return Err(refusal(ErrorCode::InvalidParams, "give [uri, position]"));
        }
    };
    let position: Position = serde_json::from_value(position)
        .map_err(|e| refusal(ErrorCode::InvalidParams, format!("position: {e}")))?;
    Ok((uri, position))
}

/// The file the page's places name for the book: its canonical path, or
/// the URI's path for a document not on disk.
fn document_path(uri: &Url, document: &Document) -> PathBuf {
    document
        .path()
        .map_or_else(|| PathBuf::from(uri.path()), Path::to_path_buf)
}

/// Renders the latest job, over and over, until the jobs end. The check
/// of the same text runs beside on the checker's thread; the rendering is
/// shown with its errors once they come (the page keeps its last good
/// rendering when there are new ones), or dropped for a newer text.
fn render_latest(
    jobs: &crossbeam_channel::Receiver<Job>,
    checks: &crossbeam_channel::Receiver<Checked>,
    server: &Server,
    shown: &Mutex<Shown>,
) {
    let mut next = None;
    loop {
        let Some(job) = next.take().or_else(|| jobs.recv().ok()) else {
            return;
        };
        let job = jobs.try_iter().last().unwrap_or(job);
        let rendered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| render(&job)));
        let Ok(Some((mut rendering, text))) = rendered else {
            continue;
        };
        let Some(document) = job.store.get(&job.uri) else {
            continue;
        };
        let version = document.version();
        let diagnostics = loop {
            crossbeam_channel::select! {
                recv(checks) -> checked => match checked {
                    Ok(c) if c.uri == job.uri && c.version == version => break Some(c.diagnostics),
                    Ok(_) => {}
                    Err(_) => return,
                },
                recv(jobs) -> newer => {
                    next = newer.ok();
                    break None;
                },
                recv(crossbeam_channel::after(CHECK_WAIT)) -> _ => break Some(Vec::new()),
            }
        };
        let Some(diagnostics) = diagnostics else {
            continue;
        };
        let path = document_path(&job.uri, document);
        rendering.findings = errors(&path, document, &diagnostics, job.encoding);
        {
            let mut shown = lock(shown);
            if shown.uri == job.uri {
                shown.text = text;
            }
        }
        server.publish(rendering);
    }
}

/// The page of the job's book from the editor's text, its includes read
/// from the editor where open, else from the book's folder.
fn render(job: &Job) -> Option<(Rendering, Arc<str>)> {
    let document = job.store.get(&job.uri)?;
    let path = document_path(&job.uri, document);
    let text = document.text();
    let book = kifu_book::read(text.as_bytes()).value;
    let (folder, key) = book_place(document);
    let mut read = Vec::new();
    let (expanded, _) =
        kifu_book::include::check_files(&book, key.as_deref(), &mut |name, limit| {
            open_named(folder.as_ref(), &job.store, name, limit, &mut read)
        });
    let page = BookPage {
        path: &path,
        text: text.as_bytes(),
        book: &book,
        shown: &expanded.value,
        languages: &[],
    };
    let images = |name: &str| {
        let (_, bytes) = folder.as_ref()?.read(name, None).ok()?;
        image_type(&bytes).is_some().then_some(bytes)
    };
    Some((page.render(&images), Arc::from(text)))
}

/// The errors among the published diagnostics, placed as `kifu check`
/// places them (1-based line, column in characters).
fn errors(
    path: &Path,
    document: &Document,
    diagnostics: &[lsp_types::Diagnostic],
    encoding: Encoding,
) -> Vec<Finding> {
    let text = document.text();
    let index = LineIndex::new(text.as_bytes());
    diagnostics
        .iter()
        .filter(|d| d.severity == Some(DiagnosticSeverity::ERROR))
        .map(|d| {
            // The published range counts in the client's units.
            let offset = document.offset(d.range.start, encoding);
            let (line, column) = index.position(text.as_bytes(), offset as u32);
            Finding {
                code: match &d.code {
                    Some(lsp_types::NumberOrString::String(s)) => s.clone(),
                    Some(lsp_types::NumberOrString::Number(n)) => n.to_string(),
                    None => String::new(),
                },
                severity: "error".to_owned(),
                message: d.message.clone(),
                place: Some(SourcePlace {
                    file: path.to_path_buf(),
                    line: line as u32,
                    column: column as u32,
                }),
            }
        })
        .collect()
}

/// A click in the page: `window/showDocument` with the cursor at the
/// place, or, for a client that cannot be asked, a message saying where.
fn show_place(
    place: &SourcePlace,
    shown: &Shown,
    encoding: Encoding,
    shows_documents: bool,
) -> Message {
    let ours = place.file == shown.path;
    let uri = if ours {
        Some(shown.uri.clone())
    } else {
        Url::from_file_path(&place.file).ok()
    };
    if !shows_documents || uri.is_none() {
        let text = format!(
            "kifu: the preview asks to open {}:{}:{} (this editor cannot be asked to: it has no window/showDocument)",
            place.file.display(),
            place.line,
            place.column
        );
        return Notification::new(
            "window/showMessage".into(),
            json!({ "type": 3, "message": text }),
        )
        .into();
    }
    let at = if ours {
        editor_position(&shown.text, place, encoding)
    } else {
        Position::new(place.line.saturating_sub(1), place.column.saturating_sub(1))
    };
    request(
        "window/showDocument",
        json!({ "uri": uri, "takeFocus": true, "selection": Range::new(at, at) }),
    )
}

/// The editor position of a place (1-based line, column in characters)
/// in `text`, in the client's units.
fn editor_position(text: &str, place: &SourcePlace, encoding: Encoding) -> Position {
    let lines = crate::position::LineMap::new(text);
    let line_start = lines.offset(
        text,
        Position::new(place.line.saturating_sub(1), 0),
        Encoding::Utf8,
    );
    let within: usize = text[line_start..]
        .chars()
        .take_while(|c| *c != '\n' && *c != '\r')
        .take(place.column.saturating_sub(1) as usize)
        .map(char::len_utf8)
        .sum();
    lines.position(text, line_start + within, encoding)
}

//! The dispatch loop: one thread reads the client's messages in order and
//! answers each request from the latest version of its document; an
//! edited book is checked once the author has paused for
//! [`Options::debounce`], on the checker's thread, and its diagnostics are
//! published when they come back (if the text has not changed since).
//!
//! Nothing the client sends stops the server: a request it cannot answer
//! (unknown method, parameters that do not parse, a document that is not
//! open, a panic in a handler) gets an error response and the loop goes on.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{ExecuteCommand, Request as _};
use lsp_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    ExecuteCommandParams, InitializeParams, PublishDiagnosticsParams, Url,
};
use serde_json::Value;

use crate::analysis::Analysis;
use crate::context::Context;
use crate::context::Failure;
use crate::features;
use crate::position::Encoding;
use crate::preview::{self, Preview};
use crate::store::{DocumentStore, MAX_DOCUMENT_SIZE};

/// How the server behaves.
#[derive(Clone, Debug)]
pub struct Options {
    /// How long after the last edit a book's diagnostics are published.
    pub debounce: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            debounce: Duration::from_millis(200),
        }
    }
}

fn params<P: serde::de::DeserializeOwned>(value: Value) -> Result<P, Failure> {
    serde_json::from_value(value)
        .map_err(|e| Failure::new(ErrorCode::InvalidParams, format!("invalid parameters: {e}")))
}

/// The server's state.
struct Server {
    sender: crossbeam_channel::Sender<Message>,
    options: Options,
    encoding: Encoding,
    store: DocumentStore,
    analyses: HashMap<Url, Analysis>,
    /// Documents whose diagnostics are due, and when.
    due: HashMap<Url, Instant>,
    /// The files each document's last check read, to check it again when
    /// one of them is edited.
    reads: HashMap<Url, Vec<PathBuf>>,
    initialized: bool,
    shut_down: bool,
    renders_images: bool,
    /// Where checks go (see `checker.rs`).
    jobs: Option<crossbeam_channel::Sender<crate::checker::Job>>,
    /// The live preview, once `kifu.preview` started it.
    preview: Preview,
}

/// Serves one client on `connection` until it says `exit` or goes away.
///
/// ```
/// use lsp_server::{Connection, Message, Request, RequestId};
/// let (server, client) = Connection::memory();
/// let thread = std::thread::spawn(move || kifu_lsp::serve(server, kifu_lsp::Options::default()));
/// let init = Request::new(RequestId::from(1), "initialize".into(), serde_json::json!({"capabilities": {}}));
/// client.sender.send(init.into()).unwrap();
/// let Message::Response(r) = client.receiver.recv().unwrap() else { panic!() };
/// assert_eq!(r.result.unwrap()["capabilities"]["positionEncoding"], "utf-16");
/// client.sender.send(lsp_server::Notification::new("exit".into(), ()).into()).unwrap();
/// thread.join().unwrap();
/// ```
pub fn serve(connection: Connection, options: Options) {
    let mut server = Server {
        sender: connection.sender.clone(),
        options,
        encoding: Encoding::Utf16,
        store: DocumentStore::new(),
        analyses: HashMap::new(),
        due: HashMap::new(),
        reads: HashMap::new(),
        initialized: false,
        shut_down: false,
        renders_images: false,
        jobs: None,
        preview: Preview::new(connection.sender.clone()),
    };
    let (jobs, results) = crate::checker::start();
    server.jobs = Some(jobs);
    loop {
        let wait = server
            .due
            .values()
            .min()
            .map(|t| t.saturating_duration_since(Instant::now()));
        let timeout = wait.map_or_else(crossbeam_channel::never, crossbeam_channel::after);
        crossbeam_channel::select! {
            recv(connection.receiver) -> message => match message {
                Ok(Message::Request(request)) => server.request(request),
                Ok(Message::Notification(n)) if n.method == "exit" => break,
                Ok(Message::Notification(n)) => server.notification(n),
                Ok(Message::Response(_)) => {}
                Err(_) => break,
            },
            recv(results) -> checked => {
                if let Ok(checked) = checked {
                    server.checked(checked);
                }
            },
            recv(timeout) -> _ => {},
        }
        server.publish_due();
    }
}

impl Server {
    fn send(&self, message: impl Into<Message>) {
        let _ = self.sender.send(message.into());
    }

    fn request(&mut self, request: Request) {
        let id = request.id.clone();
        let answer = catch_unwind(AssertUnwindSafe(|| self.answer(request)));
        let response = match answer {
            Ok(Ok(value)) => Response {
                id,
                result: Some(value),
                error: None,
            },
            Ok(Err(f)) => Response::new_err(id, f.code, f.message),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                "kifu failed on this request (a bug: please report it)".into(),
            ),
        };
        self.send(response);
    }

    fn answer(&mut self, request: Request) -> Result<Value, Failure> {
        let method = request.method.as_str();
        if method == "initialize" {
            return self.initialize(request.params);
        }
        if !self.initialized {
            return Err(Failure::new(
                ErrorCode::ServerNotInitialized,
                "expected initialize first",
            ));
        }
        if self.shut_down {
            return Err(Failure::new(
                ErrorCode::InvalidRequest,
                "the server is shut down",
            ));
        }
        if method == "shutdown" {
            self.shut_down = true;
            return Ok(Value::Null);
        }
        if method == ExecuteCommand::METHOD {
            return self.execute(params(request.params)?);
        }
        let uri = features::request_uri(&request.params).ok_or_else(|| {
            Failure::new(
                ErrorCode::MethodNotFound,
                format!("kifu does not answer {method}"),
            )
        })?;
        let uri = Url::parse(&uri)
            .map_err(|e| Failure::new(ErrorCode::InvalidParams, format!("{uri}: {e}")))?;
        let context = self.context(&uri)?;
        features::answer(&context, method, request.params)
    }

    fn context<'a>(&'a mut self, uri: &'a Url) -> Result<Context<'a>, Failure> {
        let document = self.store.get(uri).ok_or_else(|| {
            Failure::new(
                ErrorCode::InvalidParams,
                format!("{uri} is not open: kifu answers for open documents only"),
            )
        })?;
        let fresh = self
            .analyses
            .get(uri)
            .is_some_and(|a| a.version == document.version());
        if !fresh {
            self.analyses.insert(uri.clone(), Analysis::new(document));
        }
        Ok(Context {
            uri,
            document: self
                .store
                .get(uri)
                .ok_or_else(|| Failure::new(ErrorCode::InternalError, "lost"))?,
            analysis: &self.analyses[uri],
            encoding: self.encoding,
            renders_images: self.renders_images,
        })
    }

    fn initialize(&mut self, value: Value) -> Result<Value, Failure> {
        if self.initialized {
            return Err(Failure::new(
                ErrorCode::InvalidRequest,
                "initialize was sent twice",
            ));
        }
        let init: InitializeParams = params(value)?;
        let offered = init
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref());
        self.encoding = Encoding::negotiate(offered);
        self.preview.configure(&init.capabilities, self.encoding);
        self.renders_images = init
            .capabilities
            .general
            .as_ref()
            .is_some_and(|g| g.markdown.is_some());
        self.initialized = true;
        let mut capabilities = features::capabilities(self.encoding);
        capabilities.execute_command_provider = Some(preview::commands());
        Ok(serde_json::json!({
            "capabilities": capabilities,
            "serverInfo": {"name": "kifu", "version": env!("CARGO_PKG_VERSION")},
        }))
    }

    fn notification(&mut self, n: Notification) {
        if !self.initialized || self.shut_down {
            return;
        }
        let _ = catch_unwind(AssertUnwindSafe(|| self.notified(n)));
    }

    fn notified(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = params::<DidOpenTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri;
                if p.text_document.text.len() > MAX_DOCUMENT_SIZE {
                    self.show_too_large(&uri);
                    return;
                }
                self.store
                    .open(uri.clone(), p.text_document.text, p.text_document.version);
                // Opening shows the findings at once; edits wait for a pause.
                self.edited(&uri, Instant::now());
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = params::<DidChangeTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri;
                let grows: usize = p.content_changes.iter().map(|c| c.text.len()).sum();
                let size = self.store.get(&uri).map_or(0, |d| d.text().len());
                if size + grows > MAX_DOCUMENT_SIZE {
                    self.show_too_large(&uri);
                    return;
                }
                let changed = self.store.change(
                    &uri,
                    p.text_document.version,
                    p.content_changes,
                    self.encoding,
                );
                if changed {
                    self.edited(&uri, Instant::now() + self.options.debounce);
                }
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = params::<DidCloseTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri;
                let path = self
                    .store
                    .get(&uri)
                    .and_then(|d| d.path().map(PathBuf::from));
                self.store.close(&uri);
                self.analyses.remove(&uri);
                self.due.remove(&uri);
                self.reads.remove(&uri);
                self.publish(&uri, Vec::new(), None);
                // A book that includes it reads the file on disk again.
                if let Some(path) = path {
                    self.recheck_readers(&path, Instant::now());
                }
            }
            _ => {}
        }
    }

    /// Schedules the diagnostics of `uri` and of the open books that read it.
    fn edited(&mut self, uri: &Url, when: Instant) {
        self.due.insert(uri.clone(), when);
        if let Some(path) = self
            .store
            .get(uri)
            .and_then(|d| d.path().map(PathBuf::from))
        {
            self.recheck_readers(&path, when);
        }
    }

    fn recheck_readers(&mut self, path: &std::path::Path, when: Instant) {
        let readers: Vec<Url> = self
            .reads
            .iter()
            .filter(|(_, read)| read.iter().any(|p| p == path))
            .map(|(u, _)| u.clone())
            .collect();
        for reader in readers {
            self.due.entry(reader).or_insert(when);
        }
    }

    fn show_too_large(&self, uri: &Url) {
        let message = format!(
            "kifu: {uri} is larger than {} MiB, more than kifu reads; it is not checked",
            MAX_DOCUMENT_SIZE >> 20
        );
        self.send(Notification::new(
            "window/showMessage".into(),
            serde_json::json!({"type": 1, "message": message}),
        ));
    }

    fn publish_due(&mut self) {
        let now = Instant::now();
        let ready: Vec<Url> = self
            .due
            .iter()
            .filter(|(_, t)| **t <= now)
            .map(|(u, _)| u.clone())
            .collect();
        for uri in ready {
            self.due.remove(&uri);
            let _ = catch_unwind(AssertUnwindSafe(|| self.check(&uri)));
        }
    }

    /// Hands `uri` to the checker with the open documents as they are now.
    fn check(&mut self, uri: &Url) {
        self.preview.render_soon(uri, &self.store);
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(crate::checker::Job {
                uri: uri.clone(),
                store: self.store.clone(),
                encoding: self.encoding,
            });
        }
    }

    /// Publishes what the checker found, unless the document has changed
    /// since (its next check is on its way) or was closed.
    fn checked(&mut self, checked: crate::checker::Checked) {
        let current = self.store.get(&checked.uri).map(|d| d.version());
        if current != Some(checked.version) {
            return;
        }
        self.reads.insert(checked.uri.clone(), checked.read);
        self.preview
            .checked(&checked.uri, checked.version, &checked.diagnostics);
        self.publish(&checked.uri, checked.diagnostics, Some(checked.version));
    }

    /// `workspace/executeCommand`: the preview's commands.
    fn execute(&mut self, p: ExecuteCommandParams) -> Result<Value, Failure> {
        let done = match p.command.as_str() {
            preview::PREVIEW => {
                self.preview
                    .start(&p.arguments, &self.store)
                    .map(|(book, answer)| {
                        // Its check renders it.
                        self.due.insert(book, Instant::now());
                        answer
                    })
            }
            preview::SCROLL => self.preview.scroll(&p.arguments),
            other => Err((
                ErrorCode::InvalidParams,
                format!("kifu has no command {other}"),
            )),
        };
        done.map_err(|(code, message)| Failure::new(code, message))
    }

    fn publish(&self, uri: &Url, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version,
        };
        self.send(Notification::new(PublishDiagnostics::METHOD.into(), params));
    }
}

/// Serves one client over the process's standard input and output
/// (`kifu lsp`).
///
/// # Errors
/// When writing to the standard output fails.
pub fn run_stdio(options: Options) -> std::io::Result<()> {
    let (connection, threads) = crate::transport::stdio();
    serve(connection, options);
    threads.join()
}

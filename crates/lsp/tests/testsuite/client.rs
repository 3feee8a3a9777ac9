//! A minimal client: sends requests and notifications, waits for answers
//! and diagnostics.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

pub(crate) struct Client {
    connection: Connection,
    next_id: i32,
    thread: Option<std::thread::JoinHandle<()>>,
    /// Notifications received while waiting for something else.
    pub(crate) notifications: Vec<Notification>,
    /// Requests of the server received while waiting for something else.
    pub(crate) requests: Vec<Request>,
}

pub(crate) fn books() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/books")
}

pub(crate) fn uri_of(path: &Path) -> String {
    lsp_types::Url::from_file_path(std::fs::canonicalize(path).unwrap())
        .unwrap()
        .to_string()
}

impl Client {
    /// A server initialized with `capabilities`.
    pub(crate) fn start(capabilities: Value) -> Client {
        let (server, connection) = Connection::memory();
        let options = kifu_lsp::Options {
            debounce: Duration::from_millis(20),
        };
        let thread = std::thread::spawn(move || kifu_lsp::serve(server, options));
        let mut client = Client {
            connection,
            next_id: 0,
            thread: Some(thread),
            notifications: Vec::new(),
            requests: Vec::new(),
        };
        let r = client.request("initialize", json!({"capabilities": capabilities}));
        assert!(r.error.is_none(), "{r:?}");
        client.notify("initialized", json!({}));
        client
    }

    pub(crate) fn send(&self, message: Message) {
        self.connection.sender.send(message).unwrap();
    }

    pub(crate) fn notify(&self, method: &str, params: Value) {
        self.send(Notification::new(method.to_owned(), params).into());
    }

    pub(crate) fn request(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Request::new(id.clone(), method.to_owned(), params).into());
        loop {
            match self.receive() {
                Message::Response(r) if r.id == id => return r,
                Message::Notification(n) => self.notifications.push(n),
                Message::Request(r) => self.requests.push(r),
                Message::Response(_) => {}
            }
        }
    }

    /// The first message of the server that `wanted` takes, among those
    /// kept or the next to come (within a minute).
    pub(crate) fn wait_for<T>(&mut self, mut wanted: impl FnMut(&Message) -> Option<T>) -> T {
        for i in 0..self.requests.len() {
            if let Some(found) = wanted(&self.requests[i].clone().into()) {
                self.requests.remove(i);
                return found;
            }
        }
        for i in 0..self.notifications.len() {
            if let Some(found) = wanted(&self.notifications[i].clone().into()) {
                self.notifications.remove(i);
                return found;
            }
        }
        loop {
            let message = self.receive();
            if let Some(found) = wanted(&message) {
                return found;
            }
            match message {
                Message::Notification(n) => self.notifications.push(n),
                Message::Request(r) => self.requests.push(r),
                Message::Response(_) => {}
            }
        }
    }

    /// The result of a request that must succeed.
    pub(crate) fn ask(&mut self, method: &str, params: Value) -> Value {
        let r = self.request(method, params);
        assert!(r.error.is_none(), "{method}: {:?}", r.error);
        r.result.unwrap_or(Value::Null)
    }

    fn receive(&self) -> Message {
        self.connection
            .receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("the server answered nothing for a minute")
    }

    pub(crate) fn open(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "gobook", "version": 1, "text": text}}),
        );
    }

    /// The next diagnostics published for `uri` at `version`.
    pub(crate) fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let matches = |n: &Notification| {
            n.method == "textDocument/publishDiagnostics"
                && n.params["uri"] == uri
                && n.params["version"] == version
        };
        if let Some(i) = self.notifications.iter().position(matches) {
            let n = self.notifications.remove(i);
            return n.params["diagnostics"].as_array().unwrap().clone();
        }
        loop {
            match self.receive() {
                Message::Notification(n) if matches(&n) => {
                    return n.params["diagnostics"].as_array().unwrap().clone();
                }
                Message::Notification(n) => self.notifications.push(n),
                Message::Request(r) => self.requests.push(r),
                Message::Response(_) => {}
            }
        }
    }

    pub(crate) fn at(uri: &str, line: u32, character: u32) -> Value {
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

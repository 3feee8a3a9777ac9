//! The server's side of stdio: `Content-Length` framed JSON-RPC messages.
//!
//! `lsp-server`'s own stdio transport stops reading at the first message
//! that is not JSON-RPC, which ends the server. Editors and hand-written
//! clients send such things; this one answers them with a JSON-RPC error
//! (`-32700` parse error, `-32600` invalid request, with a null `id` as the
//! specification asks) and reads on. Headers that make no sense are
//! skipped up to the next empty line, and a body larger than
//! [`MAX_MESSAGE`] is read and thrown away, not held.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use lsp_server::{Connection, Message};

use crate::store::MAX_DOCUMENT_SIZE;

/// The largest message read: a document of the largest size kifu reads,
/// escaped as JSON (at most six bytes for one), and the rest of the message.
pub const MAX_MESSAGE: usize = MAX_DOCUMENT_SIZE * 6 + (1 << 20);

/// The reader and writer threads of [`stdio`].
pub struct IoThreads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits for both threads: the reader ends at the end of the input
    /// (or after `exit`), the writer when the server's connection is gone.
    pub fn join(self) -> io::Result<()> {
        let _ = self.reader.join();
        self.writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread failed")))
    }
}

/// What one read of the input gave.
enum Frame {
    Body(Vec<u8>),
    /// A message that cannot be taken, and why.
    Refused(String),
    End,
}

/// Reads one framed message from `input`.
fn read_frame(input: &mut impl BufRead, max: usize) -> io::Result<Frame> {
    let mut length: Option<usize> = None;
    let mut bad_header = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.take(64 * 1024).read_until(b'\n', &mut line)? == 0 {
            return Ok(Frame::End);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if length.is_some() || bad_header.is_some() {
                break;
            }
            continue;
        }
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                match value.trim().parse() {
                    Ok(n) => length = Some(n),
                    Err(_) => bad_header = Some(format!("bad Content-Length: {}", value.trim())),
                }
            }
            Some(_) => {}
            None => bad_header = Some(format!("not a header: {text:.80}")),
        }
    }
    let Some(length) = length else {
        return Ok(Frame::Refused(
            bad_header.unwrap_or_else(|| "no Content-Length".into()),
        ));
    };
    if length > max {
        io::copy(&mut input.take(length as u64), &mut io::sink())?;
        return Ok(Frame::Refused(format!(
            "a message of {length} bytes, more than kifu reads ({max})"
        )));
    }
    let mut body = vec![0; length];
    input.read_exact(&mut body)?;
    Ok(match bad_header {
        Some(why) => Frame::Refused(why),
        None => Frame::Body(body),
    })
}

/// The error response to a message that could not be taken.
fn error_response(code: i32, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": code, "message": message},
    })
    .to_string()
}

fn write_frame(out: &mut impl Write, text: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n", text.len())?;
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Parses a body as one JSON-RPC message; the error text to answer with
/// otherwise.
fn parse(body: &[u8]) -> Result<Message, String> {
    let value: serde_json::Value = serde_json::from_slice(body)
        .map_err(|e| error_response(-32700, &format!("not JSON: {e}")))?;
    serde_json::from_value(value)
        .map_err(|e| error_response(-32600, &format!("not a JSON-RPC message: {e}")))
}

/// A connection over the process's standard input and output.
pub fn stdio() -> (Connection, IoThreads) {
    let (to_server, from_client) = crossbeam_channel::unbounded::<Message>();
    let (to_client, for_writer) = crossbeam_channel::unbounded::<Message>();
    let (raw_sender, raw_receiver) = crossbeam_channel::unbounded::<String>();
    let reader = thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        while let Ok(frame) = read_frame(&mut input, MAX_MESSAGE) {
            match frame {
                Frame::End => break,
                Frame::Refused(why) => {
                    let _ = raw_sender.send(error_response(-32700, &why));
                }
                Frame::Body(body) => match parse(&body) {
                    Ok(message) => {
                        let exit =
                            matches!(&message, Message::Notification(n) if n.method == "exit");
                        if to_server.send(message).is_err() || exit {
                            break;
                        }
                    }
                    Err(answer) => {
                        let _ = raw_sender.send(answer);
                    }
                },
            }
        }
    });
    let writer = thread::spawn(move || {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        loop {
            crossbeam_channel::select! {
                recv(for_writer) -> message => match message {
                    Ok(message) => message.write(&mut out)?,
                    Err(_) => return Ok(()),
                },
                recv(raw_receiver) -> raw => {
                    if let Ok(text) = raw {
                        write_frame(&mut out, &text)?;
                    }
                }
            }
        }
    });
    let connection = Connection {
        sender: to_client,
        receiver: from_client,
    };
    (connection, IoThreads { reader, writer })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8], max: usize) -> Vec<String> {
        let mut input = input;
        let mut out = Vec::new();
        loop {
            match read_frame(&mut input, max).unwrap() {
                Frame::End => return out,
                Frame::Refused(why) => out.push(format!("refused: {why}")),
                Frame::Body(b) => out.push(String::from_utf8(b).unwrap()),
            }
        }
    }

    #[test]
    fn garbage_between_messages_is_refused_and_reading_goes_on() {
        let input = b"garbage\r\n\r\nContent-Length: 2\r\n\r\n{}Content-Length: x\r\n\r\nContent-Length: 4\r\n\r\nnull";
        assert_eq!(
            frames(input, 100),
            [
                "refused: not a header: garbage",
                "{}",
                "refused: bad Content-Length: x",
                "null"
            ]
        );
        assert!(parse(b"{}").unwrap_err().contains("-32600"));
        assert!(parse(b"{no json").unwrap_err().contains("-32700"));
        assert!(parse(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#).is_ok());
    }

    #[test]
    fn a_body_past_the_limit_is_skipped_not_held() {
        let mut input = b"Content-Length: 1001\r\n\r\n".to_vec();
        input.resize(input.len() + 1001, b' ');
        input.extend_from_slice(b"Content-Length: 2\r\n\r\n{}");
        let got = frames(&input, 1000);
        assert!(got[0].starts_with("refused: a message of"), "{got:?}");
        assert_eq!(got[1], "{}");
    }
}

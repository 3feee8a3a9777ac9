//! Rendering diagnostics: `file:line:col: severity[code]: message`, or one
//! JSON object per line for machines. Rendered to text first so that a
//! parallel batch prints each file's lines together and in input order.

use std::fmt::Write as _;
use std::io::IsTerminal;

use annotate_snippets::{Level, Renderer, Snippet};

use kifu_diag::{Diagnostic, LineIndex, Severity};

use crate::args::{DiagnosticArgs, DiagnosticFormat};

/// Renders the diagnostics of one input into `out`.
pub(crate) fn render(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    diagnostics: &[Diagnostic],
    args: &DiagnosticArgs,
    out: &mut String,
) {
    if diagnostics.is_empty() {
        return;
    }
    let index = LineIndex::new(source);
    let format = match args.format {
        DiagnosticFormat::Auto if std::io::stderr().is_terminal() => DiagnosticFormat::Human,
        DiagnosticFormat::Auto => DiagnosticFormat::Short,
        f => f,
    };
    // On a terminal, messages that repeat are shown a few times, then counted.
    let mut shown: Vec<(&str, usize)> = Vec::new();
    for d in diagnostics {
        if args.quiet && d.severity < Severity::Error {
            continue;
        }
        if format == DiagnosticFormat::Human {
            let code = d.code.as_str();
            let seen = match shown.iter_mut().find(|(c, _)| *c == code) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    shown.push((code, 1));
                    1
                }
            };
            if seen > REPEATS_SHOWN {
                continue;
            }
        }
        let (line, column) = position(&index, source, encoding, d.span.start);
        let _ = match format {
            DiagnosticFormat::Human => {
                human(name, source, encoding, &index, d, out);
                Ok(())
            }
            DiagnosticFormat::Short | DiagnosticFormat::Auto => writeln!(
                out,
                "{name}:{line}:{column}: {}[{}]: {}",
                d.severity, d.code, d.message
            ),
            DiagnosticFormat::Json => writeln!(
                out,
                "{}",
                serde_json::json!({
                    "file": name,
                    "line": line,
                    "column": column,
                    "severity": d.severity.as_str(),
                    "code": d.code.as_str(),
                    "message": d.message,
                    "span": {"offset": d.span.start, "length": d.span.len()},
                })
            ),
        };
    }
    for (code, count) in shown {
        if count > REPEATS_SHOWN {
            let _ = writeln!(
                out,
                "{name}: {} more [{code}] not shown (--format short shows all)\n",
                count - REPEATS_SHOWN
            );
        }
    }
}

/// How many diagnostics of one code the human form shows per file.
const REPEATS_SHOWN: usize = 3;

/// 1-based line and column in characters of the input's charset.
pub(crate) fn position(
    index: &LineIndex,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    offset: u32,
) -> (usize, usize) {
    if encoding == encoding_rs::UTF_8 {
        return index.position(source, offset);
    }
    let offset = offset.min(source.len() as u32);
    let line = index.line_of(offset);
    let start = index.line_start(line) as usize;
    let column = kifu_sgf::charset::char_count(encoding, &source[start..offset as usize]);
    (line + 1, column + 1)
}

/// The rich form: the message, then the line of the input with the place
/// marked (the line decoded from the input's charset).
fn human(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    index: &LineIndex,
    d: &Diagnostic,
    out: &mut String,
) {
    let offset = d.span.start.min(source.len() as u32);
    let line = index.line_of(offset);
    let start = index.line_start(line) as usize;
    let end = if line + 1 < index.line_count() {
        index.line_start(line + 1) as usize
    } else {
        source.len()
    };
    let raw = &source[start..end];
    let text = kifu_sgf::charset::decode(encoding, raw);
    let text = text.trim_end_matches(['\n', '\r']);
    // Long lines (a whole game on one line) are cut around the place.
    let column =
        kifu_sgf::charset::decode(encoding, &raw[..(offset as usize - start).min(raw.len())])
            .len()
            .min(text.len());
    let (shown, at) = window(text, column, 100);
    let width = (d.span.len() as usize).clamp(1, shown.len().saturating_sub(at).max(1));
    let level = match d.severity {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        _ => Level::Note,
    };
    let message = level.title(&d.message).id(d.code.as_str()).snippet(
        Snippet::source(shown)
            .line_start(line + 1)
            .origin(name)
            .annotation(level.span(at..(at + width).min(shown.len().max(at)))),
    );
    let renderer = if std::io::stderr().is_terminal() {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let _ = writeln!(out, "{}", renderer.render(message));
}

/// At most `max` bytes of `text` around byte `at` (on char boundaries), and
/// where `at` falls in them.
fn window(text: &str, at: usize, max: usize) -> (&str, usize) {
    if text.len() <= max {
        return (text, at);
    }
    let mut start = at.saturating_sub(max / 2);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + max).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[start..end], at - start)
}

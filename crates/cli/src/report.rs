//! Rendering diagnostics: `file:line:col: severity[code]: message`, or one
//! JSON object per line for machines. Rendered to text first so that a
//! parallel batch prints each file's lines together and in input order.

use std::fmt::Write as _;

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
    for d in diagnostics {
        if args.quiet && d.severity < Severity::Error {
            continue;
        }
        let (line, column) = position(&index, source, encoding, d.span.start);
        let _ = match args.format {
            DiagnosticFormat::Short => writeln!(
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
}

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

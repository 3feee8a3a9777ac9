//! Diagnostics shared by every kifu format crate.
//!
//! A recovering parser reports many findings per file, and servers want to
//! count, filter and serialise them, so a [`Diagnostic`] is plain data: a
//! stable [`Code`], a [`Severity`], a message that stands alone and the byte
//! [`Span`] in the original input. Line and column are worked out only when a
//! diagnostic is shown, from a [`LineIndex`].
//!
//! ```
//! use kifu_diag::{Code, Diagnostic, LineIndex, Severity, Span};
//!
//! const UNCLOSED: Code = Code::new("sgf/unclosed-value");
//! let input = b"(;C[hello\n";
//! let d = Diagnostic::new(UNCLOSED, Severity::Error, Span::new(3, 10), "value not closed by ']'");
//! let index = LineIndex::new(input);
//! assert_eq!(index.position(input, d.span.start), (1, 4));
//! assert_eq!(d.to_string(), "error[sgf/unclosed-value]: value not closed by ']'");
//! ```
//!
//! # Severities
//! - [`Severity::Error`]: data was or may be lost, or the structure had to be guessed.
//! - [`Severity::Warning`]: a violation of the format that was tolerated or repaired without loss.
//! - [`Severity::Note`]: style or convention.

#![warn(missing_docs)]

use std::borrow::Cow;
use std::fmt;

/// A half-open range of byte offsets `start..end` into the original input.
///
/// Offsets are `u32`: kifu does not read single inputs of 4 GiB or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` (byte offsets).
    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// An empty span at `offset`, for something that is missing there.
    pub const fn empty(offset: u32) -> Self {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// Length in bytes.
    pub const fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The span as a `usize` range, for slicing.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// How serious a finding is. Ordered: `Note < Warning < Error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Severity {
    /// Style or convention; nothing is wrong with the data.
    Note,
    /// A violation of the format that was tolerated or repaired without loss.
    Warning,
    /// Data was or may be lost, or the structure had to be guessed.
    Error,
}

impl Severity {
    /// The lowercase name used in the one-line form: `note`, `warning`, `error`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A stable, path-style diagnostic code such as `sgf/unclosed-value`.
///
/// Codes never change once released, so scripts can filter on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(&'static str);

impl Code {
    /// Wraps a code string. Codes are `format/kebab-case-name`.
    pub const fn new(code: &'static str) -> Self {
        Code(code)
    }

    /// The code as text.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// What a [`Code`] means for users: one row of a format's table of codes,
/// from which the documentation, the JSON form of diagnostics and the
/// checker's summary are made.
///
/// ```
/// use kifu_diag::{Code, CodeInfo, Severity};
///
/// const TOO_MANY: CodeInfo = CodeInfo {
///     code: Code::new("sgf/too-many-values"),
///     severity: Severity::Error,
///     critical: true,
///     sgfc: &[13],
///     fix: "empty values dropped; of several, the first kept (critical)",
/// };
/// assert_eq!(TOO_MANY.sgfc_numbers(), "13");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeInfo {
    /// The code.
    pub code: Code,
    /// The most serious severity it is reported at (some codes are
    /// reported less seriously where less is at stake; the message says).
    pub severity: Severity,
    /// Whether information may be lost: in the input as it was read, or
    /// by the repair (which `kifu fix` then makes only with `--force`).
    pub critical: bool,
    /// The numbers of SGFC's messages for the same finding, so that users
    /// of SGFC can map one to the other (empty when SGFC has none).
    pub sgfc: &'static [u16],
    /// What `kifu fix` does about it, in a few words.
    pub fix: &'static str,
}

impl CodeInfo {
    /// The SGFC numbers as text, `"36, 67"` (empty when there are none).
    pub fn sgfc_numbers(&self) -> String {
        let numbers: Vec<String> = self.sgfc.iter().map(u16::to_string).collect();
        numbers.join(", ")
    }
}

/// A secondary location that helps explain a diagnostic ("value opened here").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What is there.
    pub message: Cow<'static, str>,
}

/// One finding about an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code.
    pub code: Code,
    /// How serious it is.
    pub severity: Severity,
    /// One line that means something on its own.
    pub message: Cow<'static, str>,
    /// The primary location, in bytes of the original input.
    pub span: Span,
    /// Secondary locations.
    pub labels: Vec<Label>,
}

impl Diagnostic {
    /// A diagnostic without labels.
    pub fn new(
        code: Code,
        severity: Severity,
        span: Span,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            span,
            labels: Vec::new(),
        }
    }

    /// Adds a secondary label.
    #[must_use]
    pub fn with_label(mut self, span: Span, message: impl Into<Cow<'static, str>>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Whether this is an [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)
    }
}

/// Where diagnostics go while a parser runs.
///
/// Implemented for `Vec<Diagnostic>` (collect all), `()` (discard) and
/// `Option<Diagnostic>` (keep the first error only, for fail-fast callers).
pub trait DiagnosticSink {
    /// Receives one diagnostic.
    fn report(&mut self, diagnostic: Diagnostic);
}

impl DiagnosticSink for Vec<Diagnostic> {
    fn report(&mut self, diagnostic: Diagnostic) {
        self.push(diagnostic);
    }
}

impl DiagnosticSink for () {
    fn report(&mut self, _diagnostic: Diagnostic) {}
}

impl DiagnosticSink for Option<Diagnostic> {
    fn report(&mut self, diagnostic: Diagnostic) {
        if self.is_none() && diagnostic.is_error() {
            *self = Some(diagnostic);
        }
    }
}

/// A value read from an input, together with what was found on the way.
#[derive(Clone, Debug)]
pub struct Parsed<T> {
    /// What could be read. Always present: readers recover.
    pub value: T,
    /// Everything noticed, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> Parsed<T> {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The value, or the diagnostics if any of them is an error.
    ///
    /// # Errors
    /// [`Diagnostics`] holding every diagnostic when at least one is an error.
    pub fn into_result(self) -> Result<T, Diagnostics> {
        if self.has_errors() {
            Err(Diagnostics(self.diagnostics))
        } else {
            Ok(self.value)
        }
    }
}

/// A list of diagnostics usable as an error value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors = self.0.iter().filter(|d| d.is_error()).count();
        match self.0.iter().find(|d| d.is_error()) {
            Some(first) if errors > 1 => write!(f, "{first} (and {} more errors)", errors - 1),
            Some(first) => write!(f, "{first}"),
            None => write!(f, "{} diagnostics", self.0.len()),
        }
    }
}

impl std::error::Error for Diagnostics {}

/// Start offsets of the lines of an input, to turn byte offsets into
/// 1-based line and column numbers.
///
/// Line breaks are LF, CRLF and a lone CR. Columns count characters, not
/// bytes: for UTF-8 input, [`LineIndex::position`] counts the bytes that
/// start a character; for other charsets, count with
/// [`LineIndex::line_start`] and a decoder.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    /// Indexes `input`.
    pub fn new(input: &[u8]) -> Self {
        let mut starts = vec![0u32];
        let mut from = 0;
        // A line ends at `\n`, `\r\n` or a `\r` alone.
        while let Some(found) = memchr::memchr2(b'\n', b'\r', &input[from..]) {
            let at = from + found;
            from = if input[at] == b'\r' && input.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
            starts.push(from as u32);
        }
        LineIndex { starts }
    }

    /// The 0-based line holding byte `offset` (offsets past the end belong
    /// to the last line).
    pub fn line_of(&self, offset: u32) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    /// Byte offset where 0-based `line` starts.
    pub fn line_start(&self, line: usize) -> u32 {
        self.starts[line.min(self.starts.len() - 1)]
    }

    /// Number of lines.
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// 1-based `(line, column)` of byte `offset`, counting the column in
    /// UTF-8 characters (bytes that are not continuation bytes; invalid
    /// bytes count one each). Offsets past the end clamp to the end.
    pub fn position(&self, input: &[u8], offset: u32) -> (usize, usize) {
        let offset = offset.min(input.len() as u32);
        let line = self.line_of(offset);
        let start = self.starts[line] as usize;
        let column = input[start..offset as usize]
            .iter()
            .filter(|&&b| (b as i8) >= -0x40)
            .count();
        (line + 1, column + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let input = "ab\ncé\r\nx\ry".as_bytes();
        let index = LineIndex::new(input);
        assert_eq!(index.line_count(), 4);
        assert_eq!(index.position(input, 0), (1, 1));
        assert_eq!(index.position(input, 2), (1, 3));
        assert_eq!(index.position(input, 3), (2, 1));
        // 'é' is two bytes but one column.
        assert_eq!(index.position(input, 6), (2, 3));
        assert_eq!(index.position(input, 8), (3, 1));
        assert_eq!(index.position(input, 10), (4, 1));
        assert_eq!(index.position(input, 99), (4, 2));
    }

    /// The line starts as a byte-at-a-time reading finds them.
    fn starts_one_byte_at_a_time(input: &[u8]) -> Vec<u32> {
        let mut starts = vec![0];
        let mut i = 0;
        while i < input.len() {
            if input[i] == b'\n' || input[i] == b'\r' {
                if input[i] == b'\r' && input.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                starts.push(i as u32 + 1);
            }
            i += 1;
        }
        starts
    }

    #[test]
    fn line_breaks_of_every_kind_start_lines() {
        let mut cases: Vec<Vec<u8>> = [
            "", "\r", "\n", "\r\n", "\n\r", "\r\r\n\n", "a\r", "a\rb\r\n",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
        // Bytes of `a`, `\r` and `\n` in any order, from a fixed seed.
        let mut seed = 7u32;
        for len in 0..200 {
            let bytes = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    [b'a', b'\r', b'\n'][(seed >> 16) as usize % 3]
                })
                .collect();
            cases.push(bytes);
        }
        for case in cases {
            assert_eq!(
                LineIndex::new(&case).starts,
                starts_one_byte_at_a_time(&case),
                "{case:?}"
            );
        }
    }

    #[test]
    fn severities_are_ordered() {
        assert!(Severity::Note < Severity::Warning);
        assert!(Severity::Warning < Severity::Error);
    }

    #[test]
    fn fail_fast_sink_keeps_the_first_error() {
        let mut sink: Option<Diagnostic> = None;
        let code = Code::new("t/x");
        sink.report(Diagnostic::new(
            code,
            Severity::Warning,
            Span::empty(0),
            "w",
        ));
        sink.report(Diagnostic::new(code, Severity::Error, Span::empty(1), "e1"));
        sink.report(Diagnostic::new(code, Severity::Error, Span::empty(2), "e2"));
        assert_eq!(sink.unwrap().message, "e1");
    }

    #[test]
    fn into_result_fails_only_on_errors() {
        let code = Code::new("t/x");
        let ok = Parsed {
            value: 1,
            diagnostics: vec![Diagnostic::new(
                code,
                Severity::Warning,
                Span::empty(0),
                "w",
            )],
        };
        assert_eq!(ok.into_result().unwrap(), 1);
        let bad = Parsed {
            value: 1,
            diagnostics: vec![Diagnostic::new(code, Severity::Error, Span::empty(0), "e")],
        };
        assert!(
            bad.into_result()
                .unwrap_err()
                .to_string()
                .contains("error[t/x]")
        );
    }
}

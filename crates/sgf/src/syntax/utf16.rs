//! UTF-16 inputs. SGF's structure is ASCII, which UTF-16 spreads over two
//! bytes, so the reader transcodes the input to UTF-8, reads that, maps
//! diagnostic positions back to the original bytes and marks the
//! collection so that the lossless writer encodes its output as UTF-16
//! again (byte for byte for valid UTF-16).

use std::borrow::Cow;

use kifu_diag::{Diagnostic, DiagnosticSink, Severity, Span};

use super::ParseOptions;
use super::parser::Parser;
use crate::tree::{Collection, Utf16};

/// Whether the input looks like UTF-16: a byte order mark, or an ASCII
/// `(` (or white space) next to a zero byte at the start.
pub(crate) fn sniff(input: &[u8]) -> Option<Utf16> {
    match input {
        [0xFF, 0xFE, ..] => Some(Utf16 {
            big_endian: false,
            bom: true,
        }),
        [0xFE, 0xFF, ..] => Some(Utf16 {
            big_endian: true,
            bom: true,
        }),
        [0, b, ..] if b.is_ascii() && *b != 0 && zero_share(input, 0) => Some(Utf16 {
            big_endian: true,
            bom: false,
        }),
        [b, 0, ..] if b.is_ascii() && *b != 0 && zero_share(input, 1) => Some(Utf16 {
            big_endian: false,
            bom: false,
        }),
        _ => None,
    }
}

/// Whether most bytes at `parity` positions of the first 64 are zero and
/// the others are not: the shape of ASCII text in UTF-16.
fn zero_share(input: &[u8], parity: usize) -> bool {
    let head = &input[..input.len().min(64) & !1];
    let pairs = head.len() / 2;
    let zeros = head
        .iter()
        .skip(parity)
        .step_by(2)
        .filter(|&&b| b == 0)
        .count();
    let others = head
        .iter()
        .skip(1 - parity)
        .step_by(2)
        .filter(|&&b| b == 0)
        .count();
    pairs >= 2 && zeros * 10 >= pairs * 9 && others == 0
}

/// The bytes after the byte order mark, and their encoding.
fn body_and_encoding(input: &[u8], form: Utf16) -> (&[u8], &'static encoding_rs::Encoding) {
    let body = &input[if form.bom { 2 } else { 0 }..];
    let encoding = if form.big_endian {
        encoding_rs::UTF_16BE
    } else {
        encoding_rs::UTF_16LE
    };
    (body, encoding)
}

/// Whether the input is valid UTF-16 of that form, so that it can be read
/// through UTF-8 and written back unchanged.
pub(crate) fn is_valid(input: &[u8], form: Utf16) -> bool {
    let (body, encoding) = body_and_encoding(input, form);
    body.len() % 2 == 0
        && encoding
            .decode_without_bom_handling_and_without_replacement(body)
            .is_some()
}

pub(crate) fn parse<'i>(
    input: &'i [u8],
    form: Utf16,
    sink: &mut dyn DiagnosticSink,
) -> Collection<'i> {
    let (body, encoding) = body_and_encoding(input, form);
    let (text, malformed) = encoding.decode_without_bom_handling(body);
    let utf8 = text.into_owned().into_bytes();
    let options = ParseOptions {
        charset: Some(encoding_rs::UTF_8),
    };
    let mut found: Vec<Diagnostic> = Vec::new();
    let parsed = Parser::new(&utf8, &options, &mut found).run();
    let map = OffsetMap::new(&utf8, form.bom);
    sink.report(Diagnostic::new(
        crate::bytes::charset::codes::UTF16,
        if malformed {
            Severity::Error
        } else {
            Severity::Note
        },
        Span::empty(0),
        if malformed {
            "UTF-16 input with invalid sequences: they were replaced by U+FFFD"
        } else {
            "UTF-16 input: read through its UTF-8 form"
        },
    ));
    for mut d in found {
        d.span = Span::new(map.original(d.span.start), map.original(d.span.end));
        for label in &mut d.labels {
            label.span = Span::new(map.original(label.span.start), map.original(label.span.end));
        }
        sink.report(d);
    }
    let (_, mut collection) = parsed.detach();
    collection.source = Cow::Owned(utf8);
    collection.utf16 = Some(form);
    collection
}

/// Maps offsets in the UTF-8 form to offsets in the UTF-16 input.
struct OffsetMap<'a> {
    utf8: &'a [u8],
    base: u32,
}

impl<'a> OffsetMap<'a> {
    fn new(utf8: &'a [u8], bom: bool) -> Self {
        OffsetMap {
            utf8,
            base: if bom { 2 } else { 0 },
        }
    }

    fn original(&self, offset: u32) -> u32 {
        let prefix = &self.utf8[..(offset as usize).min(self.utf8.len())];
        let units: usize = String::from_utf8_lossy(prefix)
            .chars()
            .map(char::len_utf16)
            .sum();
        self.base + 2 * units as u32
    }
}

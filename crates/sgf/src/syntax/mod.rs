//! The lossless syntax layer: bytes in, a [`Collection`] out, never a panic
//! and never giving up.
//!
//! The grammar ([SGF FF\[4\]](https://www.red-bean.com/sgf/sgf4.html#ebnf-def)):
//!
//! ```text
//! Collection = GameTree { GameTree }
//! GameTree   = "(" Sequence { GameTree } ")"
//! Sequence   = Node { Node }
//! Node       = ";" { Property }
//! Property   = PropIdent PropValue { PropValue }
//! ```
//!
//! What the reader tolerates and how it recovers (each with a diagnostic):
//! junk before, between and after games; a missing `;` after `(`; a missing
//! `(` when a file starts with `;`; characters between properties that
//! belong to no property; values without an identifier; identifiers
//! without values; empty variations `()`; a `(` with no node; nodes after
//! the variations of a sequence; `)` missing at the end of the input;
//! values left open at the end of the input; an unescaped `]` inside a
//! text value (`US[Matsuyama[3d]]`: in text, a `]` ends the value only if
//! what follows can start a property, value, node or variation). Whatever it skips stays in the
//! tree as trivia, so the lossless writer gives the input back unchanged.

mod parser;
pub mod repair;
mod utf16;

use kifu_diag::{Code, DiagnosticSink, Parsed};

use crate::tree::Collection;

pub use parser::MAX_IDENT_LEN;

/// Options for [`parse_with`].
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Decode every game with this charset, whatever `CA` says.
    pub charset: Option<&'static encoding_rs::Encoding>,
}

/// Reads SGF bytes with default options.
///
/// ```
/// let parsed = kifu_sgf::parse(b"(;GM[1]SZ[9];B[ee];W[ge])");
/// assert!(parsed.diagnostics.is_empty());
/// let game = parsed.value.game(0).unwrap();
/// assert_eq!(game.main_line().count(), 3);
/// ```
pub fn parse(input: &[u8]) -> Parsed<Collection<'_>> {
    let mut diagnostics = Vec::new();
    let value = parse_with(input, &ParseOptions::default(), &mut diagnostics);
    Parsed { value, diagnostics }
}

/// Reads SGF bytes, reporting to `sink`.
pub fn parse_with<'i>(
    input: &'i [u8],
    options: &ParseOptions,
    sink: &mut dyn DiagnosticSink,
) -> Collection<'i> {
    match utf16::sniff(input) {
        Some(form) if utf16::is_valid(input, form) => utf16::parse(input, form, sink),
        // Invalid UTF-16 could not be written back byte for byte: read
        // the bytes as they are (the diagnostics will say what is wrong).
        _ => parser::Parser::new(input, options, sink).run(),
    }
}

/// Reads SGF bytes as [`parse`] does, but every node through the parser's
/// general path, without the fast path for the common shape of nodes.
/// Both must build the same collection and report the same diagnostics:
/// the tests and the `sgf_parse` fuzz target compare them. Not part of
/// the supported API.
#[doc(hidden)]
pub fn parse_reference(input: &[u8]) -> Parsed<Collection<'_>> {
    let mut diagnostics = Vec::new();
    let value = match utf16::sniff(input) {
        Some(form) if utf16::is_valid(input, form) => utf16::parse(input, form, &mut diagnostics),
        _ => parser::Parser::new(input, &ParseOptions::default(), &mut diagnostics)
            .general_only()
            .run(),
    };
    Parsed { value, diagnostics }
}

/// Diagnostic codes of the syntax layer.
pub mod codes {
    use super::Code;

    /// No game tree anywhere in the input.
    pub const NO_DATA: Code = Code::new("sgf/no-data");
    /// Text before the first game tree (a note: SGF readers skip it, and
    /// SGFC says nothing).
    pub const JUNK_BEFORE_GAME: Code = Code::new("sgf/junk-before-game");
    /// Text before the first game that looks like SGF data (`[aa][bb]`):
    /// perhaps the start of the game is damaged. It is skipped.
    pub const DATA_BEFORE_GAME: Code = Code::new("sgf/data-before-game");
    /// Text after or between game trees.
    pub const JUNK_AFTER_GAME: Code = Code::new("sgf/junk-after-game");
    /// Characters inside a node that belong to no property.
    pub const JUNK_IN_NODE: Code = Code::new("sgf/illegal-characters");
    /// `(` not followed by `;`.
    pub const MISSING_SEMICOLON: Code = Code::new("sgf/missing-semicolon");
    /// The input starts a game with `;` and no `(`.
    pub const MISSING_OPEN: Code = Code::new("sgf/missing-open-paren");
    /// The input ended inside game trees.
    pub const MISSING_CLOSE: Code = Code::new("sgf/missing-close-paren");
    /// A `)` with no game tree open, or `(` with no node before another `(`.
    pub const UNBALANCED: Code = Code::new("sgf/unbalanced-paren");
    /// `()`.
    pub const EMPTY_VARIATION: Code = Code::new("sgf/empty-variation");
    /// A node after the variations of a sequence, outside any variation.
    pub const NODE_OUTSIDE_VARIATION: Code = Code::new("sgf/node-outside-variation");
    /// A value with no identifier before it.
    pub const VALUE_WITHOUT_ID: Code = Code::new("sgf/value-without-identifier");
    /// An identifier with no value after it.
    pub const ID_WITHOUT_VALUE: Code = Code::new("sgf/identifier-without-value");
    /// An identifier with lowercase letters (FF\[1\]-FF\[3\] style): a note
    /// in a game of those formats (see
    /// [`settle_reader_severities`](crate::check::settle_reader_severities)).
    pub const LOWERCASE_ID: Code = Code::new("sgf/lowercase-identifier");
    /// An identifier with no uppercase letter at all.
    pub const INVALID_ID: Code = Code::new("sgf/invalid-identifier");
    /// An identifier longer than [`MAX_IDENT_LEN`](super::MAX_IDENT_LEN).
    pub const LONG_ID: Code = Code::new("sgf/identifier-too-long");
    /// A value still open at the end of the input.
    pub const UNCLOSED_VALUE: Code = Code::new("sgf/unclosed-value");
    /// A NUL byte.
    pub const NUL_BYTE: Code = Code::new("sgf/nul-byte");
    /// A `]` inside a text value that was not escaped (`US[Matsuyama[3d]]`).
    pub const UNESCAPED_BRACKET: Code = Code::new("sgf/unescaped-bracket");
}

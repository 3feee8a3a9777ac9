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

pub mod codes;
mod options;
mod parser;
mod utf16;

use kifu_diag::{DiagnosticSink, Parsed};

use crate::tree::{Arenas, Collection};

pub use options::ParseOptions;
pub use parser::MAX_IDENT_LEN;

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

/// Reads SGF bytes as [`parse`] does, a part at a time: `each` gets the
/// games read since the part before, once they span `part_bytes` or the
/// input ends, with the diagnostics reported while reading them, and
/// whether more games follow. The memory of one part is read into again
/// for the next, so that a collection of thousands of games is held a few
/// games at a time (its arenas cost their size in page faults, a fifth of
/// a check of a big collection).
///
/// Places are places in `input`, as [`parse`] gives them; each game is the
/// game `parse` reads, and the parts' diagnostics are its diagnostics,
/// each game's charset findings at the end of its part instead of at the
/// end of the input. A part holds at least one game (the last part of an
/// input without a game holds none); UTF-16 input is read whole, in one
/// part.
///
/// ```
/// let input = b"(;GN[one];B[aa])(;GN[two];B[bb])(;GN[three])";
/// let mut names = Vec::new();
/// kifu_sgf::syntax::parse_in_parts(input, 1, &mut |part, diagnostics, more| {
///     assert!(diagnostics.is_empty());
///     let games: Vec<String> = part.games().map(|g| g.root().text("GN").unwrap().into()).collect();
///     names.push((games, more));
/// });
/// assert_eq!(names[0], (vec!["one".to_string()], true));
/// assert_eq!(names[2], (vec!["three".to_string()], false));
/// ```
pub fn parse_in_parts<'i>(
    input: &'i [u8],
    part_bytes: usize,
    each: &mut dyn FnMut(&Collection<'i>, Vec<kifu_diag::Diagnostic>, bool),
) {
    if let Some(form) = edit_in_parts(input, part_bytes, &mut |part, found, more| {
        each(part, found, more)
    }) {
        let mut diagnostics = Vec::new();
        let whole = utf16::parse(input, form, &mut diagnostics);
        each(&whole, diagnostics, false);
    }
}

/// [`parse_in_parts`], each part handed over to be edited (`fix` repairs
/// it in place); nothing read from UTF-16 input, whose form is returned
/// (it is read whole).
pub(crate) fn edit_in_parts<'i>(
    input: &'i [u8],
    part_bytes: usize,
    each: &mut parser::PartSink<'_, 'i>,
) -> Option<crate::tree::Utf16> {
    match utf16::sniff(input) {
        Some(form) if utf16::is_valid(input, form) => Some(form),
        _ => {
            let mut diagnostics = Vec::new();
            parser::Parser::new(input, &ParseOptions::default(), &mut diagnostics)
                .run_in_parts(part_bytes.max(1), each);
            None
        }
    }
}

/// Reads SGF bytes as [`parse`] does, into the emptied arenas of a
/// collection read before (see `Collection::into_arenas`), scanning values
/// as `scan` says if given.
pub(crate) fn parse_in(
    input: &[u8],
    arenas: Arenas,
    scan: Option<crate::bytes::charset::ScanMode>,
) -> Parsed<Collection<'_>> {
    let mut diagnostics = Vec::new();
    let value = match utf16::sniff(input) {
        Some(form) if utf16::is_valid(input, form) => utf16::parse(input, form, &mut diagnostics),
        _ => parser::Parser::new_in(
            input,
            &ParseOptions::default(),
            &mut diagnostics,
            arenas,
            scan,
        )
        .run(),
    };
    Parsed { value, diagnostics }
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

#[cfg(test)]
mod builder_tests;
#[cfg(test)]
mod edit_tests;
#[cfg(test)]
pub(crate) mod parts_tests;
#[cfg(test)]
mod write_tests;

//! Diagnostic codes of the syntax layer.

use kifu_diag::Code;

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

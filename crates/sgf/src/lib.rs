//! SGF (Smart Game Format, FF\[1\]-FF\[4\]): a lossless, error-recovering
//! reader and writer with typed property values.
//!
//! ```
//! use kifu_sgf::props::Value;
//!
//! let input = b"(;GM[1]FF[4]SZ[19]PB[Honinbo Shusaku]RE[B+2]\n;B[pd];W[dc];B[pq])";
//! let parsed = kifu_sgf::parse(input);
//! assert!(!parsed.has_errors());
//! let collection = parsed.value;
//!
//! // Lossless: an unedited collection writes back byte for byte.
//! assert_eq!(kifu_sgf::write::lossless(&collection), input);
//!
//! // Typed access.
//! let game = collection.game(0).unwrap();
//! assert_eq!(game.info().black.as_deref(), Some("Honinbo Shusaku"));
//! let first = game.root().first_child().unwrap();
//! let (color, point) = first.get_move().unwrap();
//! assert_eq!(color, kifu_sgf::Color::Black);
//! assert_eq!(point.unwrap().to_standard(game.board_size()), "Q16");
//! assert!(matches!(first.get("B"), Some(Ok(Value::Move(Some(_))))));
//! ```
//!
//! # Layers
//! Bottom to top; each folder imports only from the ones below it
//! (`scripts/layers.py crates/sgf/src`):
//! - bytes: [`charset`] (`CA` and charset detection) and [`stream`]
//!   (games of a stream of bytes);
//! - [`props`]: the FF\[4\] property table and typed values;
//! - info: [`game_info`] (typed game information) and
//!   [`normalize_info`] (its FF\[4\] forms);
//! - [`tree`]: games, nodes, properties; navigation, editing, the builder;
//! - [`write`](mod@write): the lossless and the normalized writer;
//! - [`syntax`]: bytes to a [`Collection`], with [`Diagnostic`]s, never failing;
//! - [`check`]: values against the property table, properties in the wrong node;
//! - [`repair`]: the syntax repairs (on the bytes) and the content repairs
//!   (on the tree);
//! - [`fix`]: the whole of `kifu fix` (repairs, charsets settled);
//! - [`codes`]: the table of every code.
//!
//! # Limitations
//! - Inputs of 2 GiB or more are not supported (offsets are `u32`, and a
//!   node keeps the index of its parentheses in 30 bits).
//! - UTF-16 files are reported, not read.
//! - The scanning mode for multibyte charsets whose trail bytes can be `]`
//!   or `\` (Shift_JIS, Big5, GBK) is chosen once per file, from the first
//!   `CA` in it; a collection mixing such charsets per game is read with
//!   the first one.

#![warn(missing_docs)]

mod bytes;
pub mod check;
pub mod codes;
pub mod fix;
mod info;
pub mod props;
pub mod repair;
pub mod syntax;
#[cfg(test)]
mod test_corpus;
pub mod tree;
pub mod write;

pub use bytes::{charset, stream};
pub use info::{game_info, normalize_info};

pub use kifu_board::{BoardSize, Color, Point};
pub use kifu_diag::{Diagnostic, Parsed, Severity, Span};
pub use syntax::{ParseOptions, parse, parse_with};
pub use tree::EditError;
pub use tree::{Collection, Game, Node, NodeId, Property};

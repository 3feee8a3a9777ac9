//! The text as written, the lowest layer: a book as a list of elements
//! that writes back byte for byte ([`Book`], [`Element`], [`Attribute`] in
//! `book`), the reader that builds it (`syntax`), where each part was in
//! the input (`spans`), the writing conventions an edit follows
//! (`conventions`), and the two pieces of syntax the reader and the
//! layers above share: the language codes of tags and attribute names
//! (`language`) and the markup inside a paragraph (`inline`).
//!
//! It may use nothing else of the crate (only `kifu_diag`). Everything
//! above may use it: `text`, the meaning, Go, the checks and the outputs.

mod book;
pub(crate) mod conventions;
pub mod inline;
pub mod language;
pub(crate) mod spans;
pub(crate) mod syntax;

pub use book::{Attribute, Book, Element};

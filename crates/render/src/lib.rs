//! Rendering Go diagrams and Go books: diagrams to SVG (and PNG through
//! resvg, behind the `png` feature) and Unicode text, SGF positions to
//! diagrams, and whole books to one self-contained interactive HTML page.
//!
//! Whole books go through [`flow`]: a resolved book as the blocks a reader
//! sees, for a chosen set of languages. Every book output is a writer of
//! that flow ([`html`] today) and decides nothing about the book itself.

#![warn(missing_docs)]

mod access;
mod answers;
#[cfg(feature = "epub")]
pub mod epub;
pub mod flow;
pub mod html;
mod markup;
#[cfg(feature = "png")]
pub mod png;
pub mod print;
pub mod style;
pub mod svg;
pub mod text;

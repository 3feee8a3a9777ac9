//! Rendering Go diagrams and Go books: diagrams to SVG (and PNG through
//! resvg, behind the `png` feature) and Unicode text, SGF positions to
//! diagrams, and whole books to one self-contained interactive HTML page.

#![warn(missing_docs)]

pub mod game;
pub mod html;
#[cfg(feature = "png")]
pub mod png;
pub mod style;
pub mod svg;
pub mod text;

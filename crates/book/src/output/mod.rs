//! The outputs, the top layer: what kifu writes from a book besides the
//! lossless text the document writes itself. The book rewritten by the
//! format's writing conventions (`write`: the layout; `normalize`: also
//! the coordinates and `pl`, which need the model), the book as JSON
//! (`json`) and its Go data as SGF (`export`).
//!
//! It may use every layer below: the text as written, rich text, the
//! meaning, Go and the checks. Nothing in the crate uses it but the crate
//! root, which re-exports it.

pub mod export;
pub mod json;
pub(crate) mod normalize;
pub mod write;

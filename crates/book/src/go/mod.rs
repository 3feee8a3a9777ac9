//! Go, the layer above the meaning: every `go`, diagram and inline `<dia>`
//! resolved to a position and a numbered sequence replayed on the board
//! (`resolve`, with the items it gives in `resolved`), how a resolved item
//! is shown as a figure with its captions (`figure`), told in words for
//! readers who cannot see it (`describe`), a problem answering
//! a reader's moves (`problem`), and the list of a book's diagrams
//! (`listing`, `kifu diagrams`).
//!
//! It may use the text as written, rich text (`crate::text`, for captions)
//! and the meaning. The checks and the outputs use it.

pub mod describe;
pub mod figure;
pub mod listing;
pub mod problem;
pub mod resolve;
mod resolved;

//! `kifu lsp`: a language server for Go books (`.gobook`).
//!
//! An author sees every finding of `kifu check` while typing (on the
//! editor's unsaved text, with the book's includes and images read from
//! its folder, or from the editor when they are open there), each diagram
//! drawn when hovering it, and gets completion, navigation between IDs,
//! renaming, an outline, folding, formatting as `--normalize` writes and
//! quick fixes; the command `kifu.preview` shows the unsaved text as a
//! live page in the browser, whose clicks move the editor's cursor. It runs on rust-analyzer's `lsp-server` (synchronous, no
//! async runtime); the protocol types stay in this crate, the analysis is
//! kifu-book's and the drawing kifu-render's.
//!
//! The public API is small on purpose: [`serve`] and [`run_stdio`] run the
//! server; [`DocumentStore`], [`Document`], [`LineMap`] and [`Encoding`]
//! keep documents and turn kifu's byte offsets into editor positions and
//! back, for other front ends (a preview that jumps to the source);
//! [`BookFolder`] reads the files a book names as `kifu check` does.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod actions;
mod analysis;
mod checker;
mod complete;
mod context;
mod diagnostics;
mod docs;
mod features;
mod find;
mod fixes;
mod folder;
mod format;
mod hover;
mod navigate;
mod notes;
mod package;
mod position;
mod preview;
mod quick_fixes;
mod server;
mod store;
mod transport;

pub use diagnostics::{CODES_PAGE, code_link};
pub use folder::BookFolder;
pub use hover::svg as diagram_svg;
pub use position::{Encoding, LineMap};
pub use quick_fixes::{QUICK_FIXES, QuickFix, quick_fix};
pub use server::{Options, run_stdio, serve};
pub use store::{Document, DocumentStore, MAX_DOCUMENT_SIZE};
pub use transport::{IoThreads, MAX_MESSAGE, stdio};

//! SmartGo's Go Books format: the `.gobook` text and the `.gobk` package.
//!
//! A book is a list of elements (`::book`, `::chapter`, `::fig`, plain
//! paragraphs...). [`parse`] reads one without losing a byte: an unchanged
//! [`Book`] writes back exactly as read, and an edited one changes only
//! what was edited. [`write::normalized_layout`] and [`normalize`] rewrite
//! a book by the format's writing conventions instead. The [`model`] module
//! gives the elements their meaning (kinds, typed attributes, defaults,
//! paragraph styles, languages), [`refs`] resolves IDs, and [`check()`]
//! reports what is wrong with a book.
//!
//! ```
//! let text = "::book(#demo)\ntitle=\"Demo\"\n\n\n\n::chapter(#ch1)\n\n::go mv=\"D4 F4\"\n\n::fig at=1 to=2 A=D6\n\nThe figure.\n";
//! let parsed = kifu_book::parse(text);
//! assert!(parsed.diagnostics.is_empty());
//! let book = parsed.value;
//! assert_eq!(book.to_string(), text); // lossless
//! let fig = &book.elements()[3];
//! assert_eq!(fig.kind(), kifu_book::model::ElementKind::Diagram(kifu_book::model::DiagramKind::Fig));
//! assert!(kifu_book::check(&book).is_empty());
//! ```
//!
//! The format is described in `shared/spec/gobook-format.txt` (2017), with
//! the 2026 revision's changes listed in `shared/spec/README.md`.

#![warn(missing_docs)]

// The modules are layers; each uses only those below it, bottom to top:
// the text as written (`document`), rich text (`text`), what it means
// (`meaning`), Go (`go`), the checks (`check`), the outputs (`output`)
// and `include`, which checks what it inserts. Each folder's module doc
// says what it owns and may use; `scripts/layers.py crates/book/src`
// checks that no file imports upwards or in a circle. The public paths are
// the re-exports below, whatever folder a module lives in.
mod check;
pub mod create;
mod document;
mod go;
pub mod include;
mod meaning;
mod output;
pub mod text;

pub use check::{check, codes as check_codes};
pub use document::syntax::{codes, parse, read};
pub use document::{Attribute, Book, Element, inline, language};
pub use go::{describe, figure, listing, problem, resolve};
pub use meaning::files::{check_images, image_codes, images};
#[cfg(feature = "package")]
pub use meaning::package;
pub use meaning::{coords, files, go_data, model, notes, refs, sample};
pub use output::normalize::normalize;
pub use output::{export, json, write};

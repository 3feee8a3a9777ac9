//! What the text means, the layer above the text as written: element
//! kinds, the attribute table, defaults, chapters, paragraph styles,
//! languages and the revision a book follows (`model`); Go data and
//! diagrams as typed values (`go_data`, `coords`); IDs, links and bases
//! (`refs`); and what is read or made around a book: notes files
//! (`notes`), samples (`sample`), the files a book names (`files`) and the
//! `.gobk` package (`package`).
//!
//! It may use the text as written (`crate::document`) and nothing above:
//! no rich text, no resolved Go, no checks. Go, the checks and the
//! outputs use it.

pub mod coords;
pub mod files;
pub mod go_data;
pub mod model;
pub mod notes;
#[cfg(feature = "package")]
pub mod package;
pub mod refs;
pub mod sample;

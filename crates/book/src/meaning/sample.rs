//! Book samples (2026 revision): the parts of a book between
//! `::c sample-start` and `::c sample-end` (sample mode is on at the start
//! of the file), plus the text of every `::c sample-only REST` comment,
//! which is inserted in the sample only.

use super::model::{Marker, marker};
use crate::document::Book;

/// Whether the book marks a sample at all.
pub fn has_sample_marks(book: &Book) -> bool {
    book.elements().iter().any(|e| marker(e).is_some())
}

/// The sample of `book`: the marked parts, the `sample-only` texts, and
/// none of the marker comments.
///
/// ```
/// let text = "::book(#b)\n\n::chapter(#c1)\n\nFree.\n\n::c sample-end\n\nPaid.\n\n::c sample-only Buy the book to read on.\n\n::c sample-start\n\n::chapter(#c9)\n\nFree again.\n";
/// let book = kifu_book::parse(text).value;
/// let sample = kifu_book::sample::extract(&book);
/// assert_eq!(sample.to_string(), "::book(#b)\n\n::chapter(#c1)\n\nFree.\n\nBuy the book to read on.\n\n::chapter(#c9)\n\nFree again.\n");
/// ```
pub fn extract(book: &Book) -> Book {
    let mut out = Book {
        bom: book.bom,
        elements: Vec::new(),
        trailing: book.trailing.clone(),
    };
    let mut on = true;
    for e in book.elements() {
        match marker(e) {
            Some(Marker::Start) => on = true,
            Some(Marker::End) => on = false,
            Some(Marker::Only(rest)) => {
                let inserted = crate::document::syntax::parse(rest).value;
                for mut n in inserted.elements {
                    n.lead = if out.elements.is_empty() {
                        String::new()
                    } else {
                        crate::document::conventions::conventional_lead(n.name())
                    };
                    out.elements.push(n);
                }
            }
            None if on => {
                let mut e = e.clone();
                if out.elements.is_empty() {
                    e.lead.clear();
                }
                out.elements.push(e);
            }
            None => {}
        }
    }
    out
}

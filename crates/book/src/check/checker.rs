//! What the checks share: the book and what is computed once for it (its
//! index, its fields, the languages of every element, the game information
//! through bases, the resolution), and the diagnostics found so far.

use std::collections::{BTreeMap, HashSet};
use std::rc::Rc;

use kifu_diag::{Diagnostic, Severity, Span};

use crate::document::Book;
use crate::meaning::refs::Index;

use super::codes;

/// The state of one check of a book.
pub(super) struct Checker<'b> {
    pub(super) resolution: &'b crate::go::resolve::Resolution,
    pub(super) book: &'b Book,
    pub(super) index: Index<'b>,
    /// The book's attributes as text fields, read once.
    pub(super) book_fields: BTreeMap<String, String>,
    /// The languages of every element ([`crate::model::effective_languages`]),
    /// computed once for the book rather than once per paragraph.
    pub(super) languages: Vec<Vec<String>>,
    /// The game information of every element through its bases.
    pub(super) game_info: Vec<Rc<BTreeMap<String, String>>>,
    pub(super) out: Vec<Diagnostic>,
    pub(super) said_2026: HashSet<String>,
    /// For a file checked on its own to be included: the IDs of the book
    /// that includes it, which its links may name.
    pub(super) outer_ids: Option<&'b HashSet<String>>,
}

impl Checker<'_> {
    /// Whether a link to `id`, which this book lacks, goes to the book
    /// that includes it.
    pub(super) fn outer_link(&self, id: &str) -> bool {
        self.outer_ids.is_some_and(|ids| ids.contains(id))
    }

    pub(super) fn push(
        &mut self,
        code: kifu_diag::Code,
        severity: Severity,
        message: String,
        span: Span,
    ) {
        self.out
            .push(Diagnostic::new(code, severity, span, message));
    }

    pub(super) fn note_2026(&mut self, what: &str, span: Span) {
        if self.said_2026.insert(what.to_owned()) {
            self.push(
                codes::REVISION_2026,
                Severity::Note,
                format!("{what} belongs to the 2026 revision of the format"),
                span,
            );
        }
    }
}

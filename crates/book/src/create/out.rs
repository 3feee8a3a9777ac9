//! The book being made, shared by the game and problem chapters.

use kifu_diag::{Diagnostic, Severity, Span};
use kifu_sgf::NodeId;

use crate::document::{Book, Element};

/// The elements of the book that play an SGF line: a figure's main-line
/// moves, a diagram's variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The diagram (index in the book's elements).
    pub element: usize,
    /// The SGF nodes of its numbered moves, in order.
    pub nodes: Vec<NodeId>,
}

/// The book being made.
pub(crate) struct Out {
    pub(crate) book: Book,
    pub(crate) notes: Vec<Diagnostic>,
    pub(crate) lines: Vec<Line>,
    pub(crate) comments: Vec<(usize, NodeId)>,
}

impl Out {
    /// Appends an element; returns its index.
    pub(crate) fn push(&mut self, e: Element) -> usize {
        self.book.push(e);
        self.book.elements().len() - 1
    }

    /// Appends a paragraph made from the comment of `node`.
    pub(crate) fn push_comment(&mut self, e: Element, node: NodeId) -> usize {
        let i = self.push(e);
        self.comments.push((i, node));
        i
    }

    pub(crate) fn note(&mut self, code: kifu_diag::Code, span: Span, message: String) {
        self.notes
            .push(Diagnostic::new(code, Severity::Note, span, message));
    }
}

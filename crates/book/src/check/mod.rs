//! The checks, the layer above Go: what the reader tolerated, and what the
//! model, the references and Go say is wrong ([`check`]). One pass over the
//! elements, here, runs the checks of each concern on a shared [`Checker`]
//! (`checker`):
//! - `syntax`: syntax and attributes: the book's structure, each element's
//!   header (name, languages, ID), its attributes and the types of their
//!   values;
//! - `references`: IDs, links, `ref` and `base`;
//! - `go`: Go data (overlapping stones, `mv` with `to`), and a paragraph's
//!   text against its diagram and Go data (coordinates without a mark,
//!   standard texts); the resolver's own findings are added at the end.
//!
//! A paragraph's inline markup is split once, here, and each piece handed
//! to the check it concerns. The codes are in `codes`.
//!
//! It may use every layer below: the text as written, rich text
//! (`crate::text`), the meaning and Go. Above it are the outputs, and
//! `include`, which checks what it inserts.

mod checker;
pub mod codes;
mod go;
mod references;
mod syntax;

use std::collections::HashSet;

use kifu_diag::{Diagnostic, Severity, Span};

use crate::document::inline::{self, Inline};
use crate::document::spans::{header_span, value_start};
use crate::document::{Book, Element};
use crate::meaning::model::{self, AttributeRole, ElementKind};
use crate::meaning::refs::{Index, Link};

use checker::Checker;

/// Checks a book and returns what is wrong, in book order. The reader's own
/// diagnostics (from [`crate::parse`]) are not repeated.
///
/// ```
/// let book = kifu_book::parse("::chapter(#c)\n\n::fig base=nowhere frame=1\n\n::p href=c Back").value;
/// let codes: Vec<_> = kifu_book::check(&book).iter().map(|d| d.code.as_str()).collect();
/// assert_eq!(codes, ["book/unknown-base", "book/unknown-attribute"]);
/// ```
pub fn check(book: &Book) -> Vec<Diagnostic> {
    check_with(book, None)
}

/// [`check`] for a file to be included in a book that has the IDs
/// `outer_ids`: links to them are fine (an included `about.gobook` links
/// to the including book's `contents`).
pub(crate) fn check_included(book: &Book, outer_ids: &HashSet<String>) -> Vec<Diagnostic> {
    check_with(book, Some(outer_ids))
}

fn check_with(book: &Book, outer_ids: Option<&HashSet<String>>) -> Vec<Diagnostic> {
    let resolution = crate::go::resolve::resolve(book);
    let index = Index::new(book);
    let game_info = crate::meaning::go_data::game_info_through_bases(&index);
    let mut checker = Checker {
        book,
        book_fields: crate::meaning::go_data::book_fields(book),
        languages: model::effective_languages(book),
        game_info,
        index,
        out: Vec::new(),
        said_2026: HashSet::new(),
        resolution: &resolution,
        outer_ids,
    };
    checker.run();
    let mut out = checker.out;
    out.extend(resolution.diagnostics.iter().cloned());
    // Book order; the sort is stable, so one place keeps the checks' order.
    out.sort_by_key(|d| d.span.start);
    out
}

impl Checker<'_> {
    fn run(&mut self) {
        let book = self.book;
        let is_notes = book
            .elements()
            .iter()
            .find(|e| e.kind() == ElementKind::Book)
            .is_some_and(|b| b.flag("notes") == Some(true));
        self.structure();
        for (i, e) in book.elements().iter().enumerate() {
            self.element(i, e, is_notes);
        }
        self.ids();
    }

    fn element(&mut self, index: usize, e: &Element, is_notes: bool) {
        let kind = e.kind();
        self.header(e);
        if kind == ElementKind::Comment || kind == ElementKind::Unknown {
            return;
        }
        let size = if e.is_go_data() {
            self.index.board_size(index)
        } else {
            kifu_board::BoardSize::STANDARD
        };
        for a in e.attributes() {
            self.attribute(index, e, a, size, is_notes);
        }
        self.quote_after_attributes(e);
        if e.is_go_data() {
            self.base(index, e);
            self.go_data(e, size);
        }
        if e.is_diagram() {
            self.diagram_texts(index, e);
        }
        if let ElementKind::Paragraph(_) = kind {
            self.paragraph(index, e);
        }
    }

    fn paragraph(&mut self, index: usize, e: &Element) {
        let (pieces, errors) = inline::split(e.value());
        let start = value_start(e);
        let at = |r: std::ops::Range<usize>| match start {
            Some(s) if e.value_repr.is_none() => Span::new(s + r.start as u32, s + r.end as u32),
            _ => header_span(e),
        };
        self.rich_text(index, e, &at);
        for err in errors {
            self.push(
                codes::INLINE_MARKUP,
                Severity::Warning,
                err.message,
                at(err.range),
            );
        }
        for piece in pieces {
            match piece {
                Inline::Link { href, range, .. } => match self.index.link(&href, index) {
                    Link::Missing(id) if self.outer_link(&id) => {}
                    Link::Missing(id) => self.push(
                        codes::UNKNOWN_LINK,
                        Severity::Warning,
                        format!("the link to `{id}` goes to an ID that no element has"),
                        at(range),
                    ),
                    Link::Disallowed(href) => self.disallowed_link(&href, at(range)),
                    Link::Element(_) | Link::Language(_) | Link::Web(_) => {}
                },
                Inline::Image { attributes, range } => {
                    if let Some(href) = attributes.iter().find(|a| a.name == "href")
                        && let Link::Disallowed(href) = self.index.link(&href.value, index)
                    {
                        self.disallowed_link(&href, at(range));
                    }
                }
                Inline::Diagram {
                    attributes, range, ..
                } => {
                    for a in attributes {
                        if matches!(
                            model::attribute_role(
                                ElementKind::Diagram(model::DiagramKind::Dia),
                                &a.name
                            ),
                            AttributeRole::Unknown
                        ) {
                            self.push(
                                codes::UNKNOWN_ATTRIBUTE,
                                Severity::Warning,
                                format!("`{}` is not an attribute of an inline `<dia>`", a.name),
                                at(a.range.clone()),
                            );
                        }
                        if a.name == "base"
                            && a.value != "none"
                            && self.index.lookup(&a.value, index).is_none()
                        {
                            self.push(
                                codes::UNKNOWN_BASE,
                                Severity::Error,
                                format!("`base={}` names no element", a.value),
                                at(range.clone()),
                            );
                        }
                    }
                }
                Inline::Text(_) | Inline::LineBreak(_) => {}
            }
        }
    }
}

//! References: IDs (unique among chapters, and in a chapter), links
//! (`href`, `<a href>`, `<img href>`: to an ID that exists, a language or
//! an allowed web address), `ref`, and `base` (an earlier element with Go
//! data).

use std::collections::HashMap;

use kifu_diag::{Diagnostic, Severity, Span};

use crate::document::spans::{header_span, value_span};
use crate::document::{Attribute, Element};
use crate::meaning::model::ElementKind;
use crate::meaning::refs::{Base, Link};

use super::checker::Checker;
use super::codes;

impl Checker<'_> {
    /// A link attribute (`href`): to an ID that exists, a language, or the web.
    pub(super) fn link(&mut self, index: usize, a: &Attribute) {
        let v = a.value();
        match self.index.link(v, index) {
            Link::Missing(id) if self.outer_link(&id) => {}
            Link::Missing(id) => self.push(
                codes::UNKNOWN_LINK,
                Severity::Warning,
                format!("`href={id}` links to an ID that no element has"),
                value_span(a, None),
            ),
            Link::Disallowed(href) => self.disallowed_link(&href, value_span(a, None)),
            Link::Element(_) | Link::Language(_) | Link::Web(_) => {}
        }
    }

    /// An ID attribute (`ref`): it names an element, or `none`.
    pub(super) fn reference(&mut self, index: usize, a: &Attribute) {
        let v = a.value();
        let name = a.name();
        if name == "ref" && v != "none" && self.index.lookup(v, index).is_none() {
            self.push(
                codes::UNKNOWN_REF,
                Severity::Warning,
                format!("`ref={v}` names no element"),
                value_span(a, None),
            );
        }
    }

    /// The element's `base`: an element that exists, comes before and holds
    /// Go data.
    pub(super) fn base(&mut self, index: usize, e: &Element) {
        match self.index.base_of(index) {
            Base::Missing(id) => self.base_problem(
                e,
                codes::UNKNOWN_BASE,
                format!("`base={id}` names no element"),
            ),
            Base::Forward(id, _) => self.base_problem(
                e,
                codes::FORWARD_BASE,
                format!("`base={id}` names an element further on: a base must come before"),
            ),
            Base::NotGoData(id, _) => self.base_problem(
                e,
                codes::BASE_NOT_GO_DATA,
                format!("`base={id}` names an element that holds no Go data"),
            ),
            Base::None | Base::Element(_) => {}
        }
    }

    pub(super) fn disallowed_link(&mut self, href: &str, span: Span) {
        self.push(
            codes::DISALLOWED_LINK,
            Severity::Warning,
            format!(
                "the link to `{href}` is shown as text: links go only to IDs, languages, \
                 http:, https: and mailto:"
            ),
            span,
        );
    }

    fn base_problem(&mut self, e: &Element, code: kifu_diag::Code, message: String) {
        let span = e
            .attribute("base")
            .map_or_else(|| header_span(e), |a| value_span(a, None));
        self.push(code, Severity::Error, message, span);
    }

    pub(super) fn ids(&mut self) {
        let book = self.book;
        let mut chapter_ids: HashMap<&str, Span> = HashMap::new();
        let mut chapter_scope: HashMap<&str, Span> = HashMap::new();
        for e in book.elements() {
            let Some(id) = e.id() else {
                if e.kind() == ElementKind::Chapter {
                    chapter_scope.clear();
                }
                continue;
            };
            if e.kind() == ElementKind::Chapter {
                chapter_scope.clear();
                if let Some(first) = chapter_ids.get(id) {
                    let first = *first;
                    self.out.push(
                        Diagnostic::new(
                            codes::DUPLICATE_CHAPTER_ID,
                            Severity::Error,
                            header_span(e),
                            format!("two chapters have the ID `{id}`; chapter IDs must be unique in the book"),
                        )
                        .with_label(first, "first used here"),
                    );
                } else {
                    chapter_ids.insert(id, header_span(e));
                }
                continue;
            }
            if let Some(first) = chapter_scope.get(id) {
                let first = *first;
                self.out.push(
                    Diagnostic::new(
                        codes::DUPLICATE_ID,
                        Severity::Warning,
                        header_span(e),
                        format!("two elements of this chapter have the ID `{id}`; links go to the first, `base` to the most recent"),
                    )
                    .with_label(first, "first used here"),
                );
            } else {
                chapter_scope.insert(id, header_span(e));
            }
        }
    }
}

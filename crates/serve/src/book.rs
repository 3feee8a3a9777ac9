//! A book as the preview shows it: the page `kifu render` writes, its
//! errors, and where each element of the page is written. `kifu serve`
//! makes it from the book on disk; a language server can make it from the
//! editor's unsaved text the same way.

use std::collections::HashMap;
use std::path::Path;

use kifu_book::Book;
use kifu_book::model::ElementKind;
use kifu_diag::{Diagnostic, LineIndex};
use kifu_render::flow::{Flow, FlowOptions};
use kifu_render::html::HtmlOptions;

use crate::server::{Finding, Rendering, SourcePlace};

/// What the preview shows a book from.
#[derive(Clone, Copy)]
pub struct BookPage<'a> {
    /// The book's file: the places of the page's elements and errors name
    /// it.
    pub path: &'a Path,
    /// The book's text, which its spans index.
    pub text: &'a [u8],
    /// The book read from `text`.
    pub book: &'a Book,
    /// What the page shows: `book` with its includes expanded (and a
    /// notes file's notes inserted).
    pub shown: &'a Book,
    /// The languages shown first (`kifu render --lang`).
    pub languages: &'a [String],
}

impl BookPage<'_> {
    /// The page, as `kifu render BOOK -o PAGE.html` writes it, and where
    /// each of its elements written in the book itself is (those of an
    /// include or a notes file have no place); no errors yet.
    ///
    /// `images` gives the bytes of a local image the book names.
    pub fn render(&self, images: &dyn Fn(&str) -> Option<Vec<u8>>) -> Rendering {
        let flow = Flow::new(
            self.shown,
            images,
            &FlowOptions {
                languages: Vec::new(),
                preferred: self.languages.to_vec(),
            },
        );
        let options = HtmlOptions {
            languages: self.languages.to_vec(),
            title: None,
            shared_positions: false,
        };
        let page = kifu_render::html::flow_to_html(&flow, &options);
        let own = own_elements(self.book, self.shown);
        let places = flow
            .anchors()
            .into_iter()
            .filter_map(|(anchor, element)| {
                let k = (*own.get(element)?)?;
                let offset = self.book.elements()[k].span().start;
                Some((anchor.to_owned(), offset))
            })
            .collect::<Vec<_>>();
        let index = LineIndex::new(self.text);
        Rendering {
            page: Some(page),
            findings: Vec::new(),
            places: places
                .into_iter()
                .map(|(anchor, offset)| (anchor, self.place(&index, offset)))
                .collect::<HashMap<_, _>>(),
        }
    }

    /// The errors among `diagnostics` (spans in the book's text), to show
    /// over the page.
    pub fn errors(&self, diagnostics: &[Diagnostic]) -> Vec<Finding> {
        let index = LineIndex::new(self.text);
        diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| Finding {
                code: d.code.as_str().to_owned(),
                severity: d.severity.to_string(),
                message: d.message.to_string(),
                place: Some(self.place(&index, d.span.start)),
            })
            .collect()
    }

    fn place(&self, index: &LineIndex, offset: u32) -> SourcePlace {
        let (line, column) = index.position(self.text, offset);
        SourcePlace {
            file: self.path.to_path_buf(),
            line: line as u32,
            column: column as u32,
        }
    }
}

/// For each element of `shown`, the element of `book` it is, if any: the
/// expansion keeps the book's own elements in order, with their spans,
/// and puts an include's elements where the include was (an include that
/// could not be read stays itself).
fn own_elements(book: &Book, shown: &Book) -> Vec<Option<usize>> {
    let original = book.elements();
    let mut next = 0;
    shown
        .elements()
        .iter()
        .map(|e| {
            let same = |k: usize| {
                original
                    .get(k)
                    .is_some_and(|o| o.span() == e.span() && o.kind() == e.kind())
            };
            let mut k = next;
            while !same(k)
                && original
                    .get(k)
                    .is_some_and(|o| o.kind() == ElementKind::Include)
            {
                k += 1;
            }
            same(k).then(|| {
                next = k + 1;
                k
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_book::include::{Source, expand_from};

    const TEXT: &str = "::book(#b)\n\n\n\n::chapter(#c)\n\nOne.\n\n::include url=\"a.gobook\"\n\n::include url=\"b.gobook\"\n\nTwo.\n";

    fn expanded(book: &Book) -> Book {
        expand_from(book, None, &mut |url| {
            Ok(Source {
                key: url.to_owned(),
                text: "One.\n\nInside.\n".to_owned(),
            })
        })
        .value
    }

    #[test]
    fn the_elements_of_includes_are_not_the_book_s_own() {
        let book = kifu_book::parse(TEXT).value;
        let shown = expanded(&book);
        assert_eq!(shown.elements().len(), 8);
        let own = own_elements(&book, &shown);
        let expected = [Some(0), Some(1), Some(2), None, None, None, None, Some(5)];
        assert_eq!(own, expected);
    }

    #[test]
    fn each_element_of_the_book_has_its_line_and_included_ones_none() {
        let book = kifu_book::parse(TEXT).value;
        let shown = expanded(&book);
        let page = BookPage {
            path: Path::new("/books/b.gobook"),
            text: TEXT.as_bytes(),
            book: &book,
            shown: &shown,
            languages: &[],
        };
        let rendering = page.render(&|_| None);
        let html = rendering.page.as_deref().unwrap();
        assert!(html.contains("Inside.") && html.contains("Two."));
        let mut lines: Vec<(u32, u32)> = rendering
            .places
            .values()
            .map(|p| (p.line, p.column))
            .collect();
        lines.sort_unstable();
        // `One.` (line 7) and `Two.` (line 13); the included paragraphs,
        // among them another `One.`, have no place.
        assert_eq!(lines, [(7, 1), (13, 1)]);
        assert!(
            rendering
                .places
                .values()
                .all(|p| p.file == Path::new("/books/b.gobook"))
        );
    }

    #[test]
    fn errors_are_shown_with_their_place_and_the_rest_are_not() {
        let text = "::book(#b)\n\n\n\n::chapter(#c)\n\n::dia base=nowhere mv=C3\n";
        let parsed = kifu_book::parse(text);
        let mut found = parsed.diagnostics.clone();
        found.extend(kifu_book::check(&parsed.value));
        let page = BookPage {
            path: Path::new("b.gobook"),
            text: text.as_bytes(),
            book: &parsed.value,
            shown: &parsed.value,
            languages: &[],
        };
        let errors = page.errors(&found);
        assert_eq!(errors.len(), found.iter().filter(|d| d.is_error()).count());
        let unknown = errors
            .iter()
            .find(|e| e.code == "book/unknown-base")
            .unwrap();
        let place = unknown.place.as_ref().unwrap();
        // At the value `nowhere`, as `kifu check` says.
        assert_eq!((place.line, place.column), (7, 12));
        assert_eq!(unknown.severity, "error");
    }
}

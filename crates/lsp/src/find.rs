//! Where things are in a book's text: the IDs it refers to (`base`, `ref`,
//! `href`, `<a href>`, `<dia base>`), its inline markup, the word under the
//! cursor.

use std::ops::Range;

use kifu_book::inline::Inline;
use kifu_book::refs::{Base, Index, Link};
use kifu_book::{Book, Element};

/// One use of an ID.
#[derive(Clone, Debug)]
pub(crate) struct Reference {
    /// The ID as written.
    pub(crate) id: String,
    /// Where it is written.
    pub(crate) span: Range<usize>,
    /// The element it is written in.
    pub(crate) from: usize,
    /// Whether it is a `base` (looked up backwards only).
    pub(crate) is_base: bool,
}

impl Reference {
    /// The element the reference names, if any.
    pub(crate) fn target(&self, index: &Index<'_>) -> Option<usize> {
        if self.is_base
            && let Base::Element(i) = index.base_of(self.from)
        {
            return Some(i);
        }
        match index.link(&self.id, self.from) {
            Link::Element(i) => Some(i),
            _ => None,
        }
    }
}

/// A span of the input as a byte range.
pub(crate) fn bytes(span: kifu_diag::Span) -> Range<usize> {
    span.start as usize..span.end as usize
}

/// The inline pieces of an element's value with the offset of the value
/// in `text`; `None` when the value is not written as it reads (escapes,
/// CRLF), so that ranges in it are not places in the text.
pub(crate) fn inline_pieces(element: &Element, text: &str) -> Option<(usize, Vec<Inline>)> {
    let start = element.value_start()? as usize;
    let end = element.span().end as usize;
    if text.get(start..end)? != element.value() {
        return None;
    }
    Some((start, kifu_book::inline::split(element.value()).0))
}

/// Every use of an ID in the book.
pub(crate) fn references(book: &Book, text: &str) -> Vec<Reference> {
    let mut out = Vec::new();
    for from in 0..book.elements().len() {
        references_in(book, text, from, &mut out);
    }
    out
}

/// The uses of IDs in element `from`, added to `out`.
pub(crate) fn references_in(book: &Book, text: &str, from: usize, out: &mut Vec<Reference>) {
    let Some(element) = book.elements().get(from) else {
        return;
    };
    for a in element.attributes() {
        let name = a.base_name();
        let value = a.value();
        if !matches!(name, "base" | "ref" | "href") || value == "none" || value.is_empty() {
            continue;
        }
        out.push(Reference {
            id: value.to_owned(),
            span: bytes(a.value_span()),
            from,
            is_base: name == "base",
        });
    }
    if !matches!(element.kind(), kifu_book::model::ElementKind::Paragraph(_)) {
        return;
    }
    let Some((start, pieces)) = inline_pieces(element, text) else {
        return;
    };
    for piece in pieces {
        match piece {
            Inline::Link { href, range, .. } => {
                // The href's place: its first occurrence in the tag.
                let tag = &element.value()[range.clone()];
                if let Some(at) = tag.find(href.as_str()).filter(|_| !href.is_empty()) {
                    let s = start + range.start + at;
                    out.push(Reference {
                        span: s..s + href.len(),
                        id: href,
                        from,
                        is_base: false,
                    });
                }
            }
            Inline::Diagram { attributes, .. } => {
                for a in attributes
                    .iter()
                    .filter(|a| a.name == "base" && a.value != "none")
                {
                    let raw = &element.value()[a.range.clone()];
                    let Some(at) = raw.find(a.value.as_str()) else {
                        continue;
                    };
                    let s = start + a.range.start + at;
                    out.push(Reference {
                        id: a.value.clone(),
                        span: s..s + a.value.len(),
                        from,
                        // Inline diagrams look the ID up as links do.
                        is_base: false,
                    });
                }
            }
            _ => {}
        }
    }
}

/// The `#code#` around `offset` on its line: the code and the range of
/// the whole `#code#`.
pub(crate) fn hash_code(text: &str, offset: usize) -> Option<(String, Range<usize>)> {
    let line_start = text[..offset.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line_end = text[offset.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| offset + i);
    let line = &text[line_start..line_end];
    let at = offset - line_start;
    let is_code = |c: char| c.is_ascii_alphanumeric() || c == '^' || c == '_';
    let mut search = 0;
    while let Some(open) = line[search..].find('#').map(|i| search + i) {
        let rest = &line[open + 1..];
        let len = rest.find(|c: char| !is_code(c)).unwrap_or(rest.len());
        let close = open + 1 + len;
        if len > 0 && line[close..].starts_with('#') {
            if (open..=close).contains(&at) {
                return Some((
                    rest[..len].to_owned(),
                    line_start + open..line_start + close + 1,
                ));
            }
            search = close + 1;
        } else {
            search = open + 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_found_in_attributes_and_inline_markup() {
        let text = "::chapter(#c)\n\n::dia(#d1) sz=5\n\n::p ref=d1 See <a href=\"d1\">it</a> and <dia base=d1 mv=C3>this</dia>.\n";
        let book = kifu_book::parse(text).value;
        let found = references(&book, text);
        let places: Vec<_> = found.iter().map(|r| &text[r.span.clone()]).collect();
        assert_eq!(places, ["d1", "d1", "d1"]);
        let index = Index::new(&book);
        assert!(found.iter().all(|r| r.target(&index) == Some(1)));
    }

    #[test]
    fn hash_codes_under_the_cursor() {
        let text = "::h3 #Problem# 1: #btp#\n";
        let at = text.find("btp").unwrap();
        assert_eq!(
            hash_code(text, at),
            Some(("btp".to_owned(), at - 1..at + 4))
        );
        assert_eq!(hash_code(text, 7).map(|c| c.0).as_deref(), Some("Problem"));
        assert_eq!(hash_code(text, text.find(':').unwrap() + 1), None);
        assert_eq!(hash_code(text, text.find(" 1").unwrap()), None);
    }
}

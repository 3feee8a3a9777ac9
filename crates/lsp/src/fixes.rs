//! The quick fixes that take more than renaming one word (see
//! `actions.rs`): closing an ID or a quoted value, moving the `book`
//! element to the top, free and valid IDs (renamed where they are used),
//! values out of range written as kifu uses them, and a notes file's
//! book ID.

use std::ops::Range;

use kifu_book::Book;
use kifu_book::model::ElementKind;

use crate::context::Context;
use crate::find::bytes;

/// A fix: its title and its edits (byte ranges of the text and what to
/// write there; they do not overlap).
pub(crate) struct Fix {
    pub(crate) title: String,
    pub(crate) edits: Vec<(Range<usize>, String)>,
}

/// A fix of one edit.
pub(crate) fn one(title: String, at: Range<usize>, text: impl Into<String>) -> Option<Fix> {
    Some(Fix {
        title,
        edits: vec![(at, text.into())],
    })
}

fn is_id_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// `(#ID` without `)` at `span` (from `(#` to the end of the line): the
/// ID closed after its last ID character.
pub(crate) fn close_id(cx: &Context<'_>, span: Range<usize>) -> Option<Fix> {
    let rest = cx.text().get(span.clone())?.strip_prefix("(#")?;
    let len = rest.find(|c| !is_id_char(c)).unwrap_or(rest.len());
    if len == 0 {
        return None;
    }
    let at = span.start + 2 + len;
    one(format!("Close the ID: `(#{})`", &rest[..len]), at..at, ")")
}

/// A quoted value open from `span.start` to the element's end: closed
/// at the end of the line it opens on.
pub(crate) fn close_quote(cx: &Context<'_>, span: Range<usize>) -> Option<Fix> {
    let text = cx.text();
    let line_end = text[span.start..]
        .find('\n')
        .map_or(text.len(), |i| span.start + i);
    let at = text[..line_end.min(span.end)].trim_end().len();
    if at <= span.start {
        return None;
    }
    one(
        "Close the quoted value at the end of the line".to_owned(),
        at..at,
        "\"",
    )
}

/// The first of `candidates` that no element of `book` has as its ID.
pub(crate) fn free_id(book: &Book, candidates: impl Iterator<Item = String>) -> Option<String> {
    candidates
        .take(10_000)
        .find(|c| !book.elements().iter().any(|e| e.id() == Some(c.as_str())))
}

/// `id` made valid: `-` for each character an ID may not hold, and `-1`
/// after an ID made only of language tags.
pub(crate) fn valid_id(id: &str) -> String {
    let mut out: String = id
        .chars()
        .map(|c| if is_id_char(c) { c } else { '-' })
        .collect();
    if out.is_empty() || out.split('_').all(kifu_book::language::is_language) {
        out.push_str("-1");
    }
    out
}

/// Element `e`'s ID renamed to `new`, where it is written and where it is
/// used (the uses that name this element, not another with the same ID).
pub(crate) fn rename(cx: &Context<'_>, e: usize, new: &str, title: String) -> Option<Fix> {
    let definition = bytes(cx.analysis.book.elements()[e].id_span()?);
    let mut edits = vec![(definition, new.to_owned())];
    edits.extend(
        crate::navigate::uses_of(cx, e)
            .into_iter()
            .map(|r| (r.span, new.to_owned())),
    );
    Some(Fix { title, edits })
}

/// The `book` element `e` moved before the first element that is not a
/// comment: cut from its place (with the blank lines after it) and
/// written there, a blank line after it.
pub(crate) fn move_book_first(cx: &Context<'_>, e: usize) -> Option<Fix> {
    let text = cx.text();
    let elements = cx.analysis.book.elements();
    let first = elements
        .iter()
        .position(|x| x.kind() != ElementKind::Comment)?;
    if first >= e {
        return None;
    }
    let start = elements[e].span().start as usize;
    let end = elements
        .get(e + 1)
        .map_or(text.len(), |next| next.span().start as usize);
    let moved = format!("{}\n\n", text[start..end].trim_end());
    let at = elements[first].span().start as usize;
    Some(Fix {
        title: "Move the `book` element to the top".to_owned(),
        edits: vec![(at..at, moved), (start..end, String::new())],
    })
}

/// `at` or `to` of element `e` outside its base's moves: written as the
/// number kifu uses instead (`go/resolve.rs` clamps them so).
pub(crate) fn range(cx: &Context<'_>, e: usize, code: &str) -> Option<Fix> {
    let resolution = cx.analysis.resolution();
    let base = &resolution.items[resolution.of_element(e)?.base?];
    let element = &cx.analysis.book.elements()[e];
    let end = base.end_number();
    let first = base.number_range().map_or(base.first_number, |(f, _)| f);
    let number = |value: &str, end: u32| match value {
        "end" => Some(end),
        _ => value.parse::<u32>().ok(),
    };
    let at_attribute = element.attribute("at");
    let at = at_attribute
        .and_then(|a| number(a.value(), end))
        .unwrap_or(base.first_number);
    let (name, attribute, used) = if code == "book/at-out-of-range" {
        ("at", at_attribute?, at.clamp(first, end.max(first)))
    } else {
        let a = element.attribute("to")?;
        let last = end.saturating_sub(1);
        let to = number(a.value(), last).unwrap_or(0);
        let used = to.clamp(at.min(last), last);
        if used < at {
            return None;
        }
        ("to", a, used)
    };
    if attribute.value() == used.to_string() {
        return None;
    }
    one(
        format!("Write `{name}={used}`, which kifu uses"),
        bytes(attribute.value_span()),
        used.to_string(),
    )
}

/// A notes file whose book ID is not its book's (the finding's message
/// names the book's ID last): the book's ID written there.
pub(crate) fn notes_book_id(cx: &Context<'_>, message: &str) -> Option<Fix> {
    let mut quoted = message.rsplit('`');
    quoted.next();
    let id = quoted.next().filter(|id| !id.is_empty())?;
    let head = crate::notes::head_element(&cx.analysis.book)?;
    one(
        format!("Write the book's ID `{id}`"),
        bytes(head.id_span()?),
        id,
    )
}

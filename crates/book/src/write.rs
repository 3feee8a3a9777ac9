//! Writing: the lossless path lives on [`Book`] itself; this
//! module holds the spec's "Conventions for writing gobook format" and the
//! normalizing writer that applies them.
//!
//! The conventions, as implemented:
//! - one empty line before every element, two before `h1`-`h5` and
//!   `include` (and `s1`, `s2` in books that follow the 2026 revision),
//!   three before `chapter`; none before the first element; one line break at the end of the file; LF line ends and
//!   no byte order mark;
//! - attributes in the order read, each starting a new line where it did;
//!   `book` attributes and game information attributes always on a line of
//!   their own;
//! - quotes around `ca` (every language) and `url` values, and around every
//!   value with characters other than ASCII letters, digits, `_ - + . ;`;
//!   inside quotes `\` `"`, tab and line break escaped;
//! - `pl` written for Go data that sets up a position, coordinates in
//!   uppercase standard notation (see [`crate::normalize`]).

use crate::document::{Book, Element};
use crate::model::{self, Revision};

/// Game information attributes (like SGF's game info).
pub const GAME_INFO_ATTRIBUTES: &[&str] = &[
    "pb", "br", "wp", "wr", "km", "ha", "re", "tm", "dt", "pc", "ev", "ro", "us", "an", "cp", "so",
    "gn",
];

/// The number of empty lines the conventions of `revision` put before an
/// element.
///
/// ```
/// use kifu_book::{model::Revision, write::empty_lines_before, Element};
/// assert_eq!(empty_lines_before(&Element::new("chapter"), Revision::R2017), 3);
/// assert_eq!(empty_lines_before(&Element::new("h3_de"), Revision::R2017), 2);
/// assert_eq!(empty_lines_before(&Element::new("s1"), Revision::R2017), 1);
/// assert_eq!(empty_lines_before(&Element::new("s1"), Revision::R2026), 2);
/// assert_eq!(empty_lines_before(&Element::new("fig"), Revision::R2026), 1);
/// ```
pub fn empty_lines_before(element: &Element, revision: Revision) -> usize {
    match element.name() {
        "chapter" => 3,
        "h1" | "h2" | "h3" | "h4" | "h5" | "include" => 2,
        "s1" | "s2" if revision >= Revision::R2026 => 2,
        _ => 1,
    }
}

/// The line breaks the conventions put before `element` (not the first).
pub(crate) fn conventional_lead(element: &Element) -> String {
    "\n".repeat(empty_lines_before(element, Revision::R2017) + 1)
}

/// Whether attribute `attribute` of element `element` starts a line of its
/// own by convention.
pub(crate) fn starts_own_line(element: &str, attribute: &str) -> bool {
    let base = attribute.split('_').next().unwrap_or(attribute);
    element == "book" || GAME_INFO_ATTRIBUTES.contains(&base)
}

/// Whether a value must be quoted: always for `ca` and `url`, else when it is
/// empty or holds characters other than ASCII letters, digits, `_ - + . ;`.
///
/// ```
/// use kifu_book::write::needs_quotes;
/// assert!(!needs_quotes("mv", "D4F4"));
/// assert!(needs_quotes("mv", "D4 F4"));
/// assert!(needs_quotes("ca_en", "Dia.1"));
/// assert!(needs_quotes("url", "a.png"));
/// assert!(!needs_quotes("correct", "E1E2D1;E1D1E2"));
/// assert!(needs_quotes("correct", "E1(Dead.)"));
/// ```
pub fn needs_quotes(name: &str, value: &str) -> bool {
    let base = name.split('_').next().unwrap_or(name);
    base == "ca"
        || base == "url"
        || value.is_empty()
        || !value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'+' | b'.' | b';'))
}

/// Writes an attribute value as the conventions ask.
pub(crate) fn write_attribute_value(name: &str, value: &str, out: &mut String) {
    write_value(value, needs_quotes(name, value), out);
}

pub(crate) fn write_value(value: &str, quoted: bool, out: &mut String) {
    if !quoted {
        out.push_str(value);
        return;
    }
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Rewrites the layout of `book` by the conventions: blank lines, line
/// ends, attribute line starts and quoting. What the text means is not
/// changed; [`crate::normalize`] also rewrites coordinates and adds `pl`.
///
/// ```
/// let book = kifu_book::parse("::chapter(#a)\r\n::h2 Title\r\n\r\n\r\n\r\n::dia ca=Dia.1 mv=\"D4\"\r\nText").value;
/// assert_eq!(
///     kifu_book::write::normalized_layout(&book),
///     "::chapter(#a)\n\n\n::h2 Title\n\n::dia ca=\"Dia.1\" mv=D4\nText\n"
/// );
/// ```
pub fn normalized_layout(book: &Book) -> String {
    let revision = model::revision(book);
    let mut out = String::new();
    for (i, element) in book.elements().iter().enumerate() {
        if i > 0 {
            out.push_str(&"\n".repeat(empty_lines_before(element, revision) + 1));
        }
        write_element_normalized(element, &mut out);
    }
    if !book.elements().is_empty() {
        out.push('\n');
    }
    // Text that begins with U+FEFF (after the BOM the reader took) would
    // lose it as a BOM next time, and with it perhaps what it hid (a
    // paragraph `\u{feff}::fig` would turn into a figure): such a first
    // paragraph is written with its tag.
    if out.starts_with('\u{feff}') {
        out.insert_str(0, "::p ");
    }
    out
}

fn write_element_normalized(element: &Element, out: &mut String) {
    let name = element.name();
    if let Some(tag) = element.tag() {
        out.push_str("::");
        out.push_str(tag);
        if let Some(id) = element.id() {
            out.push_str("(#");
            out.push_str(id);
            out.push(')');
        }
    }
    let value = element.value();
    // A value glued to a quoted attribute (`a="x"b=c`) stays glued, and
    // that attribute stays quoted: after a space, or after a bare value,
    // the value would read as more attributes.
    let glued = element.tag().is_some() && element.value_lead.is_empty() && !value.is_empty();
    let last = element.attributes().len().wrapping_sub(1);
    for (i, a) in element.attributes().iter().enumerate() {
        if a.starts_line() || starts_own_line(name, a.name()) {
            out.push('\n');
        } else {
            out.push(' ');
        }
        out.push_str(a.name());
        out.push('=');
        write_value(
            a.value(),
            needs_quotes(a.name(), a.value()) || glued && i == last,
            out,
        );
    }
    if !value.is_empty() {
        if element.tag().is_some() && !glued {
            let on_new_line = element.value_lead.contains('\n');
            out.push(if on_new_line { '\n' } else { ' ' });
            // A value line that begins with `::` was indented in the input
            // (else it would be an element): it stays indented.
            if on_new_line && value.starts_with("::") {
                out.push(' ');
            }
        }
        out.push_str(value);
    }
}

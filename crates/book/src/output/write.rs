//! Writing: the lossless path lives on [`Book`] itself; this
//! module holds the spec's "Conventions for writing gobook format" and the
//! normalizing writer that applies them. The conventions that the document
//! follows itself, for what an edit adds (quoting, which attributes start
//! a line, the line breaks before an element), are kept beside it, and
//! [`needs_quotes`] and [`GAME_INFO_ATTRIBUTES`] are re-exported here.
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
//!   inside quotes `\` `"` and tab escaped, and a line break too in books
//!   that follow the 2026 revision (2017 books keep it: a quoted `mv` goes
//!   on over several lines);
//! - `pl` written for Go data that sets up a position, coordinates in
//!   uppercase standard notation (see [`crate::normalize`]).

use crate::document::conventions::{self, starts_own_line, write_value_in};
use crate::document::{Book, Element};
use crate::meaning::model::{self, Revision};

pub use crate::document::conventions::{GAME_INFO_ATTRIBUTES, needs_quotes};

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
    conventions::empty_lines_before(element.name(), revision >= Revision::R2026)
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
    // Line breaks in quotes as `\n` in 2026 books, and in a book with a
    // value that cannot hold them otherwise (which that `\n` makes 2026):
    // so that normalizing the result writes it again.
    let newline_escapes = revision >= Revision::R2026
        || book.elements().iter().any(|e| {
            e.attributes()
                .iter()
                .any(|a| conventions::needs_newline_escape(a.value()))
        });
    let mut out = String::new();
    for (i, element) in book.elements().iter().enumerate() {
        if i > 0 {
            out.push_str(&"\n".repeat(empty_lines_before(element, revision) + 1));
        }
        write_element_normalized(element, newline_escapes, &mut out);
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

/// `newline_escapes`: whether the book follows the 2026 revision, which
/// writes a line break in quotes as `\n` (see [`write_value_in`]).
fn write_element_normalized(element: &Element, newline_escapes: bool, out: &mut String) {
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
        write_value_in(
            a.value(),
            needs_quotes(a.name(), a.value()) || glued && i == last,
            newline_escapes,
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

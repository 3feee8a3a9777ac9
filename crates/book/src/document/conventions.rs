//! The writing conventions that the text as written needs itself: how a
//! value is quoted and escaped, which attributes start a line of their
//! own, and how many line breaks come before an element. [`crate::Book`]
//! follows them for what an edit adds; the normalizing writer
//! ([`crate::write`]) applies them, and the rest of its conventions, to the
//! whole book.

/// Game information attributes (like SGF's game info).
pub const GAME_INFO_ATTRIBUTES: &[&str] = &[
    "pb", "br", "wp", "wr", "km", "ha", "re", "tm", "dt", "pc", "ev", "ro", "us", "an", "cp", "so",
    "gn", // `pw`: the white player as `#pw#` spells it, read as `wp`.
    "pw",
];

/// The number of empty lines the conventions put before an element named
/// `name`; `subtitles` for the 2026 revision's two before `s1` and `s2`
/// (see [`crate::write::empty_lines_before`]).
pub(crate) fn empty_lines_before(name: &str, subtitles: bool) -> usize {
    match name {
        "chapter" => 3,
        "h1" | "h2" | "h3" | "h4" | "h5" | "include" => 2,
        "s1" | "s2" if subtitles => 2,
        _ => 1,
    }
}

/// The line breaks the conventions put before an element named `name`
/// (not the first), as the 2017 document has them.
pub(crate) fn conventional_lead(name: &str) -> String {
    "\n".repeat(empty_lines_before(name, false) + 1)
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

/// Writes `value`, in quotes and escaped when `quoted`.
pub(crate) fn write_value(value: &str, quoted: bool, out: &mut String) {
    write_value_in(value, quoted, true, out);
}

/// Whether a line break of `value` can only be written as `\n` in quotes:
/// the line after it would be empty or start with `::` and so end the
/// element (the last line holds the closing quote, so is never empty).
pub(crate) fn needs_newline_escape(value: &str) -> bool {
    let mut rest = value;
    while let Some(i) = rest.find('\n') {
        rest = &rest[i + 1..];
        let empty = rest
            .find('\n')
            .is_some_and(|end| rest[..end].bytes().all(|b| b == b' ' || b == b'\t'));
        if empty || rest.starts_with("::") {
            return true;
        }
    }
    false
}

/// [`write_value`] for a book of a revision: `newline_escapes` when `\n`
/// may stand for a line break in quotes (the 2026 revision). Without it a
/// line break is written as one, the value going on over the next line (as
/// 2017 books write a long `mv`), unless a line break of the value cannot
/// be written as one ([`needs_newline_escape`]): then all are `\n`.
pub(crate) fn write_value_in(value: &str, quoted: bool, newline_escapes: bool, out: &mut String) {
    let escape_newlines = newline_escapes || needs_newline_escape(value);
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
            '\n' if escape_newlines => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
}

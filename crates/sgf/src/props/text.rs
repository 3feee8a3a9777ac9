//! Text values: escaping both ways, soft line breaks, white space.
//!
//! As the FF\[4\] specification and sgfmill read them: a backslash makes
//! the next character literal; a backslash before a line break is a soft
//! line break and disappears; line breaks are LF, CR, CRLF or LFCR. `Text`
//! keeps hard line breaks (as `\n`) and turns other white space into
//! spaces; `SimpleText` turns line breaks into spaces as well.

use std::borrow::Cow;

/// Resolves escapes only: a backslash before a character is removed and
/// the character kept; a backslash before a line break removes both.
/// Nothing else changes. Borrows when there is no backslash.
///
/// ```
/// use kifu_sgf::props::text::unescape;
/// assert_eq!(unescape("a\\]b\\\\c\\\nd\te"), "a]b\\cd\te");
/// ```
pub fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    Cow::Owned(convert(raw, Breaks::Keep))
}

/// Reads a `Text` value: escapes resolved, soft line breaks removed, line
/// breaks normalised to `\n`, other white space turned into spaces.
///
/// ```
/// use kifu_sgf::props::text::decode_text;
/// assert_eq!(decode_text("one\r\ntwo\\\r\n three\tfour"), "one\ntwo three four");
/// ```
pub fn decode_text(raw: &str) -> String {
    convert(raw, Breaks::Newline)
}

/// Reads a `SimpleText` value: as [`decode_text`], but line breaks become
/// spaces too.
///
/// ```
/// use kifu_sgf::props::text::decode_simple_text;
/// assert_eq!(decode_simple_text("Lee\nSedol"), "Lee Sedol");
/// ```
pub fn decode_simple_text(raw: &str) -> String {
    convert(raw, Breaks::Space)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Breaks {
    /// Leave line breaks and white space as they are (escapes only).
    Keep,
    /// Line breaks become `\n`, other white space a space.
    Newline,
    /// Line breaks and other white space become a space.
    Space,
}

fn is_other_space(c: char) -> bool {
    matches!(c, '\t' | '\u{0B}' | '\u{0C}')
}

fn convert(raw: &str, breaks: Breaks) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // Soft line break: the backslash and the break vanish.
                Some(b @ ('\n' | '\r')) => {
                    let pair = if b == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&pair) {
                        chars.next();
                    }
                }
                Some(next) if breaks != Breaks::Keep && is_other_space(next) => out.push(' '),
                Some(next) => out.push(next),
                None => {}
            },
            '\n' | '\r' if breaks != Breaks::Keep => {
                let pair = if c == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&pair) {
                    chars.next();
                }
                out.push(if breaks == Breaks::Newline { '\n' } else { ' ' });
            }
            c if breaks != Breaks::Keep && is_other_space(c) => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for an SGF value: a backslash before `]` and `\`, and
/// before `:` when the text is one side of a compose value.
///
/// ```
/// use kifu_sgf::props::text::escape_text;
/// assert_eq!(escape_text("a]b\\c:d", false), "a\\]b\\\\c:d");
/// assert_eq!(escape_text("a:b", true), "a\\:b");
/// ```
pub fn escape_text(text: &str, in_compose: bool) -> Cow<'_, str> {
    let special = |c: char| c == ']' || c == '\\' || (in_compose && c == ':');
    if !text.contains(special) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        if special(c) {
            out.push('\\');
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// Splits a raw value at its first unescaped `:` (compose values such as
/// `dd:A` or `19:13`); `None` when there is none.
///
/// ```
/// use kifu_sgf::props::text::split_compose;
/// assert_eq!(split_compose("a\\:b:c:d"), Some(("a\\:b", "c:d")));
/// assert_eq!(split_compose("abc"), None);
/// ```
pub fn split_compose(raw: &str) -> Option<(&str, &str)> {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b':' => return Some((&raw[..i], &raw[i + 1..])),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn escaped_characters_are_literal() {
        assert_eq!(decode_text("a\\]b"), "a]b");
        assert_eq!(decode_text("a\\\\b"), "a\\b");
        assert_eq!(decode_text("a\\:b"), "a:b");
        assert_eq!(decode_text("\\x"), "x");
        assert_eq!(decode_text("trailing\\"), "trailing");
    }

    #[test]
    fn soft_line_breaks_vanish_in_every_form() {
        for brk in ["\n", "\r", "\r\n", "\n\r"] {
            let raw = format!("ab\\{brk}cd");
            assert_eq!(decode_text(&raw), "abcd", "{brk:?}");
            assert_eq!(decode_simple_text(&raw), "abcd", "{brk:?}");
            assert_eq!(unescape(&raw), "abcd", "{brk:?}");
        }
    }

    #[test]
    fn hard_line_breaks_are_normalised_in_text_and_spaces_in_simple_text() {
        for brk in ["\n", "\r", "\r\n", "\n\r"] {
            let raw = format!("ab{brk}cd");
            assert_eq!(decode_text(&raw), "ab\ncd", "{brk:?}");
            assert_eq!(decode_simple_text(&raw), "ab cd", "{brk:?}");
            assert_eq!(unescape(&raw), raw.as_str());
        }
        assert_eq!(decode_text("a\n\nb"), "a\n\nb");
    }

    #[test]
    fn other_white_space_becomes_a_space() {
        assert_eq!(decode_text("a\tb\u{0B}c\u{0C}d"), "a b c d");
        assert_eq!(decode_simple_text("a\t\tb"), "a  b");
        assert_eq!(decode_text("a\\\tb"), "a b");
        assert_eq!(unescape("a\tb"), "a\tb");
    }

    #[test]
    fn compose_splits_at_the_first_unescaped_colon() {
        assert_eq!(split_compose("dd:A"), Some(("dd", "A")));
        assert_eq!(split_compose(":"), Some(("", "")));
        assert_eq!(split_compose("a\\\\:b"), Some(("a\\\\", "b")));
        assert_eq!(split_compose("trailing\\"), None);
    }

    proptest! {
        #[test]
        fn escape_then_decode_gives_the_text_back(text in "[^\t\u{0B}\u{0C}\r]*") {
            prop_assert_eq!(decode_text(&escape_text(&text, false)), text.clone());
            let escaped = escape_text(&text, true);
            prop_assert_eq!(unescape(&escaped).into_owned(), text.clone());
            let joined = format!("{escaped}:x");
            prop_assert_eq!(split_compose(&joined), Some((escaped.as_ref(), "x")));
        }
    }
}

//! Text values: escaping both ways, soft line breaks, white space.
//!
//! The rules are the FF\[4\] specification's, applied the way sgfmill's
//! `sgf_grammar.text_value` / `simpletext_value` apply them:
//!
//! - a backslash makes the next character literal (`\]`, `\\`, `\:`, and
//!   any other character, whose backslash is simply dropped); a lone
//!   backslash at the very end disappears;
//! - a backslash before a line break is a soft line break: both disappear;
//! - a line break is LF, CR, CRLF or LFCR, read greedily from the left
//!   (`\r\n\r` is two breaks);
//! - `Text` keeps hard line breaks, as `\n`; `SimpleText` turns each into
//!   one space;
//! - tab, vertical tab and form feed become one space each, escaped or not
//!   (other characters, Unicode spaces included, are kept).
//!
//! [`escape_text`] is the inverse: `decode_text(&escape_text(s, _)) == s`
//! for every `s` without CR, tab, VT or FF (and, for SimpleText, without
//! LF).

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
/// before `:` when the text is one side of a compose value (either side:
/// the specification asks for it, and a reader finds the separator either
/// way). Nothing else changes; borrows when nothing needs escaping.
///
/// It returns a [`Cow`] rather than a `String`: most texts need no escape.
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
/// `dd:A` or `19:13`); `None` when there is none. Both sides keep their
/// escapes: decode each side as its type says.
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

    /// sgfmill's `text_value` / `simpletext_value`, transcribed pass by
    /// pass (line breaks, then white space, then escapes) as an oracle.
    fn sgfmill(raw: &str, simple: bool) -> String {
        let mut breaks = String::new();
        let mut chars = raw.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\n' | '\r' => {
                    let pair = if c == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&pair) {
                        chars.next();
                    }
                    breaks.push('\n');
                }
                c => breaks.push(c),
            }
        }
        let mut out = String::new();
        let mut escaped = false;
        for c in breaks.chars() {
            let c = if matches!(c, '\t' | '\u{0B}' | '\u{0C}') {
                ' '
            } else {
                c
            };
            if escaped {
                if c != '\n' {
                    out.push(c);
                }
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '\n' && simple {
                out.push(' ');
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn escaped_bracket_and_backslash_are_literal() {
        assert_eq!(decode_text("a\\]b"), "a]b");
        assert_eq!(decode_simple_text("a\\]b"), "a]b");
        assert_eq!(decode_text("a\\\\b"), "a\\b");
        assert_eq!(decode_text("a\\\\\\]b"), "a\\]b");
        assert_eq!(unescape("\\]\\\\"), "]\\");
    }

    #[test]
    fn any_other_escaped_character_loses_its_backslash() {
        assert_eq!(decode_text("\\x\\é\\ "), "xé ");
        assert_eq!(decode_text("trailing\\"), "trailing");
        assert_eq!(unescape("trailing\\"), "trailing");
    }

    #[test]
    fn escaped_colon_in_compose_values() {
        let (left, right) = split_compose("a\\:b:c\\:d").unwrap();
        assert_eq!((left, right), ("a\\:b", "c\\:d"));
        assert_eq!(decode_simple_text(left), "a:b");
        assert_eq!(decode_simple_text(right), "c:d");
        // An escaped backslash does not escape the colon after it.
        assert_eq!(split_compose("a\\\\:b"), Some(("a\\\\", "b")));
        assert_eq!(split_compose("dd:A"), Some(("dd", "A")));
        assert_eq!(split_compose(":"), Some(("", "")));
        assert_eq!(split_compose("a\\:b"), None);
        assert_eq!(split_compose("trailing\\"), None);
        assert_eq!(split_compose("é\\é:ü"), Some(("é\\é", "ü")));
        assert_eq!(escape_text("a:b\\c]", true), "a\\:b\\\\c\\]");
        assert_eq!(escape_text("a:b", false), "a:b");
    }

    #[test]
    fn soft_line_breaks_vanish_in_every_form() {
        for brk in ["\n", "\r", "\r\n", "\n\r"] {
            let raw = format!("ab\\{brk}cd");
            assert_eq!(decode_text(&raw), "abcd", "{brk:?}");
            assert_eq!(decode_simple_text(&raw), "abcd", "{brk:?}");
            assert_eq!(unescape(&raw), "abcd", "{brk:?}");
        }
        // The soft break takes one break, greedily: what follows stays.
        assert_eq!(decode_text("a\\\r\n\rb"), "a\nb");
        assert_eq!(decode_text("a\\\n\n"), "a\n");
        assert_eq!(unescape("a\\\n\r\nb"), "a\nb");
    }

    #[test]
    fn hard_line_breaks_become_newlines_in_text_and_spaces_in_simple_text() {
        for brk in ["\n", "\r", "\r\n", "\n\r"] {
            let raw = format!("ab{brk}cd");
            assert_eq!(decode_text(&raw), "ab\ncd", "{brk:?}");
            assert_eq!(decode_simple_text(&raw), "ab cd", "{brk:?}");
            assert_eq!(unescape(&raw), raw.as_str(), "{brk:?}");
        }
        assert_eq!(decode_text("a\n\nb"), "a\n\nb");
        assert_eq!(decode_text("a\r\n\rb"), "a\n\nb");
        assert_eq!(decode_text("a\n\r\nb"), "a\n\nb");
        assert_eq!(decode_simple_text("a\r\n\r\nb"), "a  b");
    }

    #[test]
    fn other_white_space_becomes_one_space_each() {
        assert_eq!(decode_text("a\tb\u{0B}c\u{0C}d"), "a b c d");
        assert_eq!(decode_simple_text("a\tb\u{0B}c\u{0C}d"), "a b c d");
        assert_eq!(decode_text("a\t\tb"), "a  b");
        assert_eq!(decode_text("a\\\tb"), "a b");
        // Not white space for sgfmill either: kept.
        assert_eq!(decode_text("a\u{A0}b\u{2003}c"), "a\u{A0}b\u{2003}c");
        // unescape changes nothing but escapes.
        assert_eq!(unescape("a\tb\u{0B}"), "a\tb\u{0B}");
    }

    #[test]
    fn unescape_borrows_without_a_backslash() {
        assert!(matches!(unescape("a]b\nc"), Cow::Borrowed(_)));
        assert!(matches!(unescape("a\\]"), Cow::Owned(_)));
        assert!(matches!(escape_text("plain", true), Cow::Borrowed(_)));
    }

    proptest! {
        #[test]
        fn decoding_agrees_with_sgfmill(raw in "[\\\\\n\r\t\u{0B}\u{0C}:\\] aé]{0,24}") {
            prop_assert_eq!(decode_text(&raw), sgfmill(&raw, false));
            prop_assert_eq!(decode_simple_text(&raw), sgfmill(&raw, true));
        }

        #[test]
        fn escape_then_decode_gives_the_text_back(text in "[^\t\u{0B}\u{0C}\r]*") {
            for in_compose in [false, true] {
                let escaped = escape_text(&text, in_compose);
                prop_assert_eq!(decode_text(&escaped), text.as_str());
                prop_assert_eq!(unescape(&escaped), text.as_str());
            }
            let simple: String = text.chars().filter(|&c| c != '\n').collect();
            prop_assert_eq!(decode_simple_text(&escape_text(&simple, false)), simple.as_str());
        }

        #[test]
        fn an_escaped_side_never_splits(text in "[:\\\\\\]a\n]*", other in "[^\r]*") {
            let left = escape_text(&text, true);
            let joined = format!("{left}:{}", escape_text(&other, true));
            let (l, r) = split_compose(&joined).unwrap();
            prop_assert_eq!(l, left.as_ref());
            prop_assert_eq!(unescape(r), other.as_str());
        }
    }
}

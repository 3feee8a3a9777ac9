//! Byte offsets (kifu's spans) to LSP positions and back.
//!
//! kifu counts in bytes of the book's UTF-8 text; a client counts a line's
//! characters in UTF-16 code units unless it offers UTF-8 at `initialize`
//! (LSP 3.17 `positionEncodings`). Lines end at LF, CRLF or a lone CR, as
//! both kifu's [`LineIndex`] and the protocol say. A position past the end
//! of its line means the end of the line, and one past the last line the
//! end of the text; an offset inside a character is taken back to the
//! character's start.

use kifu_diag::{LineIndex, Span};
use lsp_types::{Position, PositionEncodingKind, Range};

/// How a client counts the characters of a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 code units (bytes), when the client offers it.
    Utf8,
    /// UTF-16 code units, the protocol's default.
    #[default]
    Utf16,
}

impl Encoding {
    /// UTF-8 when the client lists it among the encodings it takes, else
    /// UTF-16 (which every client must take).
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let utf8 = offered.is_some_and(|kinds| kinds.contains(&PositionEncodingKind::UTF8));
        if utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }

    /// The protocol's name of the encoding.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        }
    }
}

/// A text with its line starts, to convert offsets and positions.
#[derive(Clone, Debug)]
pub struct LineMap {
    lines: LineIndex,
    len: usize,
}

impl LineMap {
    /// Indexes the lines of `text`.
    pub fn new(text: &str) -> LineMap {
        LineMap {
            lines: LineIndex::new(text.as_bytes()),
            len: text.len(),
        }
    }

    /// The byte range of line `line` of `text`, without its line break.
    fn line(&self, text: &str, line: usize) -> (usize, usize) {
        let start = self.lines.line_start(line) as usize;
        let end = if line + 1 < self.lines.line_count() {
            let next = self.lines.line_start(line + 1) as usize;
            let brk = text.as_bytes()[..next].ends_with(b"\r\n");
            next - if brk { 2 } else { 1 }
        } else {
            self.len
        };
        (start, end.max(start))
    }

    /// The position of byte `offset` of `text` (clamped to the text, and
    /// back to the start of the character it falls in).
    pub fn position(&self, text: &str, offset: usize, encoding: Encoding) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.line_of(offset as u32);
        let (start, end) = self.line(text, line);
        let column: usize = text[start..offset.min(end).max(start)]
            .chars()
            .map(|c| encoding.units(c))
            .sum();
        Position::new(line as u32, column as u32)
    }

    /// The byte offset of `position` in `text`. A column inside a
    /// character (the second half of a UTF-16 surrogate pair) means that
    /// character's start.
    pub fn offset(&self, text: &str, position: Position, encoding: Encoding) -> usize {
        let line = position.line as usize;
        if line >= self.lines.line_count() {
            return text.len();
        }
        let (start, end) = self.line(text, line);
        let mut units = 0;
        for (i, c) in text[start..end].char_indices() {
            units += encoding.units(c);
            if units > position.character as usize {
                return start + i;
            }
        }
        end
    }

    /// The range of a kifu span in `text`.
    pub fn range(&self, text: &str, span: Span, encoding: Encoding) -> Range {
        Range::new(
            self.position(text, span.start as usize, encoding),
            self.position(text, span.end as usize, encoding),
        )
    }

    /// The byte range of an LSP range in `text` (start never after end).
    pub fn span(&self, text: &str, range: Range, encoding: Encoding) -> std::ops::Range<usize> {
        let start = self.offset(text, range.start, encoding);
        let end = self.offset(text, range.end, encoding);
        start.min(end)..end.max(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str, encoding: Encoding) {
        let map = LineMap::new(text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let p = map.position(text, offset, encoding);
            let back = map.offset(text, p, encoding);
            // A line break's offsets all mean the end of the line.
            let at_break = matches!(text.as_bytes().get(offset), Some(b'\n'));
            if !at_break || text[..offset].ends_with('\r') {
                assert!(
                    back == offset || at_break,
                    "{text:?} {offset} -> {p:?} -> {back}"
                );
            }
        }
    }

    #[test]
    fn cjk_counts_one_unit_in_utf16_and_three_in_utf8() {
        // 黒 is U+9ED2: one UTF-16 unit, three UTF-8 bytes.
        let text = "::p 黒番 A\n";
        let map = LineMap::new(text);
        let a = text.find('A').unwrap();
        assert_eq!(map.position(text, a, Encoding::Utf16), Position::new(0, 7));
        assert_eq!(map.position(text, a, Encoding::Utf8), Position::new(0, 11));
        assert_eq!(map.offset(text, Position::new(0, 7), Encoding::Utf16), a);
        assert_eq!(map.offset(text, Position::new(0, 11), Encoding::Utf8), a);
    }

    #[test]
    fn astral_characters_are_two_utf16_units_and_four_bytes() {
        // 𠮷 is U+20BB7, outside the BMP: a surrogate pair in UTF-16.
        let text = "ab\n𠮷x𠮷y";
        let map = LineMap::new(text);
        let x = text.find('x').unwrap();
        let y = text.find('y').unwrap();
        assert_eq!(map.position(text, x, Encoding::Utf16), Position::new(1, 2));
        assert_eq!(map.position(text, y, Encoding::Utf16), Position::new(1, 5));
        assert_eq!(map.position(text, y, Encoding::Utf8), Position::new(1, 9));
        // The middle of the surrogate pair is the character's start.
        assert_eq!(map.offset(text, Position::new(1, 1), Encoding::Utf16), 3);
        assert_eq!(map.offset(text, Position::new(1, 2), Encoding::Utf16), x);
        // An offset inside the character's bytes goes back to its start.
        assert_eq!(map.position(text, 5, Encoding::Utf16), Position::new(1, 0));
    }

    #[test]
    fn line_breaks_lf_crlf_and_cr_and_positions_past_the_end() {
        let text = "a\r\nbé\rc\nd";
        let map = LineMap::new(text);
        assert_eq!(
            map.position(text, text.find('c').unwrap(), Encoding::Utf16),
            Position::new(2, 0)
        );
        assert_eq!(
            map.position(text, text.find('d').unwrap(), Encoding::Utf16),
            Position::new(3, 0)
        );
        // Past the end of a line: the end of that line, before its break.
        assert_eq!(map.offset(text, Position::new(0, 99), Encoding::Utf16), 1);
        assert_eq!(map.offset(text, Position::new(1, 99), Encoding::Utf8), 6);
        // Past the last line: the end of the text.
        assert_eq!(
            map.offset(text, Position::new(99, 0), Encoding::Utf16),
            text.len()
        );
        assert_eq!(
            map.position(text, 999, Encoding::Utf16),
            Position::new(3, 1)
        );
    }

    #[test]
    fn every_character_boundary_round_trips() {
        for text in [
            "",
            "x",
            "a\r\nb\rc\nd",
            "黒番\n𠮷 é\r\n\r\nz",
            "::dia ca=\"図 1\"\n\n白",
        ] {
            round_trip(text, Encoding::Utf8);
            round_trip(text, Encoding::Utf16);
        }
    }

    #[test]
    fn utf8_only_when_offered() {
        let both = [PositionEncodingKind::UTF16, PositionEncodingKind::UTF8];
        assert_eq!(Encoding::negotiate(Some(&both)), Encoding::Utf8);
        assert_eq!(
            Encoding::negotiate(Some(&[PositionEncodingKind::UTF32])),
            Encoding::Utf16
        );
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
    }
}

//! Lines and fields over the raw bytes, with their offsets in the input.
//!
//! The three formats are line based and their structure is ASCII. Reading
//! them as bytes (and decoding only the text values) keeps every offset
//! the file's own, so diagnostics point into the file. Splitting is safe
//! in every charset these files use: line breaks, `,`, `:`, `;`, `=` and
//! space are below 0x40, and no multibyte charset (Shift_JIS, Big5, GBK,
//! UHC) has a trail byte below 0x40.

use kifu_diag::Span;

/// One line, without its line break.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    /// The bytes of the line.
    pub(crate) bytes: &'a [u8],
    /// Offset of its first byte in the input.
    pub(crate) start: usize,
}

impl<'a> Line<'a> {
    /// The span of the whole line.
    pub(crate) fn span(&self) -> Span {
        span(self.start, self.start + self.bytes.len())
    }

    /// The line without white space at either end (its offset follows).
    pub(crate) fn trim(&self) -> Line<'a> {
        let bytes = self.bytes;
        let lead = bytes.len() - bytes.trim_ascii_start().len();
        Line {
            bytes: bytes.trim_ascii(),
            start: self.start + lead,
        }
    }

    /// The part from byte `from` (relative to the line) on.
    pub(crate) fn from(&self, from: usize) -> Line<'a> {
        let from = from.min(self.bytes.len());
        Line {
            bytes: &self.bytes[from..],
            start: self.start + from,
        }
    }

    /// The part `from..to` (relative to the line).
    pub(crate) fn slice(&self, from: usize, to: usize) -> Line<'a> {
        let to = to.min(self.bytes.len());
        let from = from.min(to);
        Line {
            bytes: &self.bytes[from..to],
            start: self.start + from,
        }
    }

    /// The fields between `separator`s, each with its offset.
    pub(crate) fn fields(&self, separator: u8) -> impl Iterator<Item = Line<'a>> + 'a {
        let base = self.start;
        let bytes = self.bytes;
        let mut at = 0;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            // Fields are a few bytes long: a plain loop beats memchr's
            // set-up.
            let end = bytes[at..]
                .iter()
                .position(|&b| b == separator)
                .map_or(bytes.len(), |i| at + i);
            let field = Line {
                bytes: &bytes[at..end],
                start: base + at,
            };
            if end == bytes.len() {
                done = true;
            } else {
                at = end + 1;
            }
            Some(field)
        })
    }

    /// The two sides of the first `separator`, if there is one.
    pub(crate) fn split_once(&self, separator: u8) -> Option<(Line<'a>, Line<'a>)> {
        let at = memchr::memchr(separator, self.bytes)?;
        Some((self.slice(0, at), self.from(at + 1)))
    }

    /// Whether the line starts with `prefix`.
    pub(crate) fn starts_with(&self, prefix: &[u8]) -> bool {
        self.bytes.starts_with(prefix)
    }

    /// The line as a number, if it is one (see [`number`]).
    pub(crate) fn number(&self) -> Option<i64> {
        number(self.bytes)
    }
}

/// A span from `start` to `end` (offsets are `u32`: kifu reads no input
/// of 4 GiB or more; larger offsets saturate).
pub(crate) fn span(start: usize, end: usize) -> Span {
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Span::new(clamp(start), clamp(end))
}

/// The lines of `input` from offset `from` on. Line breaks are LF, CRLF
/// and a lone CR (as `kifu_diag::LineIndex` counts them).
pub(crate) fn lines(input: &[u8], from: usize) -> impl Iterator<Item = Line<'_>> + '_ {
    let mut at = from.min(input.len());
    std::iter::from_fn(move || {
        if at >= input.len() {
            return None;
        }
        let (line, next) = line_at(input, at);
        at = next;
        Some(line)
    })
}

/// The line starting at `at` (at most the end of `input`), and where the
/// next one starts: after its LF, CRLF or lone CR.
pub(crate) fn line_at(input: &[u8], at: usize) -> (Line<'_>, usize) {
    let at = at.min(input.len());
    let rest = &input[at..];
    let (len, next) = match memchr::memchr2(b'\n', b'\r', rest) {
        Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (i, i + 2),
        Some(i) => (i, i + 1),
        None => (rest.len(), rest.len()),
    };
    let line = Line {
        bytes: &rest[..len],
        start: at,
    };
    (line, at + next)
}

/// The plain decimal number at the start of `bytes` (1 to 15 digits, no
/// sign) and how many digits it has; `None` when `bytes` does not start
/// with a digit or the number is longer. What the usual move lines' hand
/// readings are made of.
#[inline(always)]
pub(crate) fn leading_digits(bytes: &[u8]) -> Option<(i64, usize)> {
    // One loop over the digits, the value built as they are read.
    let (mut value, mut digits) = (0i64, 0usize);
    while let Some(&b) = bytes.get(digits).filter(|b| b.is_ascii_digit()) {
        if digits == 15 {
            return None;
        }
        value = value * 10 + i64::from(b - b'0');
        digits += 1;
    }
    (digits > 0).then_some((value, digits))
}

/// Every line of `input` from `from` on, as [`lines`] splits them.
///
/// The line breaks are found eight bytes at a time, as a mask of the
/// bytes that are CR or LF in a 64-bit word: a move line is ten to twenty
/// bytes long, too short for a vector search to pay for its set-up on
/// each (`memchr2_iter` took about 100 instructions a line of an NGF
/// file, and a byte-by-byte loop about as many on GIB's longer lines,
/// counted by callgrind). The vector is sized from the input's length,
/// so that it grows once at most.
pub(crate) fn all_lines(input: &[u8], from: usize) -> Vec<Line<'_>> {
    let from = from.min(input.len());
    let mut out: Vec<Line<'_>> = Vec::with_capacity((input.len() - from) / 8 + 1);
    let mut start = from;
    let mut at_break = |at: usize| {
        // The LF of a CRLF: the CR ended the line.
        if input[at] == b'\n' && at == start && at > from && input[at - 1] == b'\r' {
            start = at + 1;
            return;
        }
        out.push(Line {
            bytes: &input[start..at],
            start,
        });
        start = at + 1;
    };
    let mut at = from;
    while let Some(word) = input.get(at..at + 8) {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let mut mask = break_mask(word);
        while mask != 0 {
            at_break(at + mask.trailing_zeros() as usize / 8);
            mask &= mask - 1;
        }
        at += 8;
    }
    for (i, &b) in input.iter().enumerate().skip(at) {
        if b == b'\n' || b == b'\r' {
            at_break(i);
        }
    }
    if start < input.len() {
        out.push(Line {
            bytes: &input[start..],
            start,
        });
    }
    out
}

/// The high bit of each byte of `word` that is CR or LF, the other bits
/// clear (exact: no carry crosses from one byte to the next).
fn break_mask(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let zero_bytes = |x: u64| !(((x & LOW7) + LOW7) | x | LOW7);
    zero_bytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zero_bytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
}

/// A decimal integer with an optional sign and white space around it;
/// `None` for anything else, or beyond 15 digits.
pub(crate) fn number(bytes: &[u8]) -> Option<i64> {
    let t = bytes.trim_ascii();
    let (negative, digits) = match t.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, t),
    };
    if digits.is_empty() || digits.len() > 15 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits
        .iter()
        .fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
    Some(if negative { -n } else { n })
}

/// The white-space separated words of a line read as numbers, without
/// allocating: the first [`Numbers::KEPT`] are kept.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numbers {
    values: [Option<i64>; Numbers::KEPT],
    len: usize,
    all: bool,
}

impl Numbers {
    const KEPT: usize = 6;

    pub(crate) fn of(bytes: &[u8]) -> Numbers {
        // Locals, not the struct's fields: updating a flag in the struct
        // made each word wait on a store to the stack (a third of the
        // time of reading a GIB record).
        let mut values = [None; Numbers::KEPT];
        let (mut len, mut all) = (0usize, true);
        // One pass over the bytes, each word's value built as it is read
        // (splitting into words and reading each cost a closure call per
        // byte: a sixth of reading a GIB file).
        let mut at = 0;
        while at < bytes.len() {
            if bytes[at].is_ascii_whitespace() {
                at += 1;
                continue;
            }
            let negative = bytes[at] == b'-';
            if negative || bytes[at] == b'+' {
                at += 1;
            }
            let (mut value, mut digits, mut other) = (0i64, 0usize, false);
            while at < bytes.len() && !bytes[at].is_ascii_whitespace() {
                let b = bytes[at];
                if b.is_ascii_digit() && digits < 15 {
                    value = value * 10 + i64::from(b - b'0');
                    digits += 1;
                } else {
                    other = true;
                }
                at += 1;
            }
            let value = (!other && digits > 0).then_some(if negative { -value } else { value });
            all &= value.is_some();
            if let Some(slot) = values.get_mut(len) {
                *slot = value;
            }
            len += 1;
        }
        Numbers { values, len, all }
    }

    /// The words of a line that is `N` plain numbers (unsigned, at most
    /// 15 digits, parted by spaces), read without the general case's
    /// sign and word handling: a move line (`0 12 1 15 3`) nearly always
    /// is one. `None` for any other line, which [`Numbers::of`] then reads;
    /// for a line both read, both give the same words.
    pub(crate) fn plain<const N: usize>(bytes: &[u8]) -> Option<Numbers> {
        const { assert!(N <= Numbers::KEPT) };
        let mut values = [None; Numbers::KEPT];
        let mut at = 0;
        for slot in &mut values[..N] {
            while bytes.get(at) == Some(&b' ') {
                at += 1;
            }
            let (value, digits) = leading_digits(&bytes[at..])?;
            at += digits;
            *slot = Some(value);
        }
        // Nothing after the last word but white space.
        if !bytes[at..].iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        Some(Numbers {
            values,
            len: N,
            all: true,
        })
    }

    /// Word `i` as a number (`None` past the end, or not a number).
    pub(crate) fn get(&self, i: usize) -> Option<i64> {
        self.values.get(i).copied().flatten()
    }

    /// Whether the first `count` words are numbers.
    pub(crate) fn first_are_numbers(&self, count: usize) -> bool {
        self.len >= count && (0..count).all(|i| self.get(i).is_some())
    }

    /// Whether there are words and all are numbers.
    pub(crate) fn all_numbers(&self) -> bool {
        self.len > 0 && self.all
    }
}

/// `bytes` in ASCII lowercase, in `buf` (no allocation; a key longer
/// than the buffer is cut, which leaves it unlike every key the readers
/// know).
pub(crate) fn lowercase<'b>(bytes: &[u8], buf: &'b mut [u8; 32]) -> &'b [u8] {
    let n = bytes.len().min(buf.len());
    for (d, s) in buf.iter_mut().zip(&bytes[..n]) {
        *d = s.to_ascii_lowercase();
    }
    &buf[..n]
}

/// The offset just past a UTF-8 byte order mark at the start, or 0.
pub(crate) fn after_bom(input: &[u8]) -> usize {
    if input.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn all_lines_splits_as_lines_does(
            input in proptest::collection::vec(proptest::sample::select(b"a\r\n".to_vec()), 0..40),
            from in 0usize..45,
        ) {
            let all: Vec<(&[u8], usize)> = all_lines(&input, from).iter().map(|l| (l.bytes, l.start)).collect();
            let one_by_one: Vec<(&[u8], usize)> = lines(&input, from).map(|l| (l.bytes, l.start)).collect();
            proptest::prop_assert_eq!(all, one_by_one);
        }
    }

    #[test]
    fn lines_keep_offsets_over_every_line_break() {
        let input = b"ab\r\ncd\ref\n\ngh";
        let got: Vec<(&[u8], usize)> = lines(input, 0).map(|l| (l.bytes, l.start)).collect();
        assert_eq!(
            got,
            [
                (&b"ab"[..], 0),
                (&b"cd"[..], 4),
                (&b"ef"[..], 7),
                (&b""[..], 10),
                (&b"gh"[..], 11)
            ]
        );
    }

    #[test]
    fn break_mask_marks_exactly_cr_and_lf() {
        for b in 0..=255u8 {
            let mut word = [b'x'; 8];
            word[3] = b;
            let mask = break_mask(u64::from_le_bytes(word));
            let want = if b == b'\n' || b == b'\r' {
                0x80 << 24
            } else {
                0
            };
            assert_eq!(mask, want, "byte {b:#04x}");
        }
        assert_eq!(
            break_mask(u64::from_le_bytes(*b"\r\n\x8a\x8d\x0b\x0c\n\r")),
            0x8080_0000_0000_8080
        );
    }

    #[test]
    fn all_lines_are_the_lines() {
        for input in [&b"ab\r\ncd\ref\n\ngh"[..], b"\r\r\r", b"", b"x\n"] {
            for from in [0, 1, 3] {
                let want: Vec<(&[u8], usize)> =
                    lines(input, from).map(|l| (l.bytes, l.start)).collect();
                let got: Vec<(&[u8], usize)> = all_lines(input, from)
                    .iter()
                    .map(|l| (l.bytes, l.start))
                    .collect();
                assert_eq!(got, want, "{input:?} from {from}");
            }
        }
        assert_eq!(all_lines(b"a\nb\r\nc", 0).len(), 3);
    }

    #[test]
    fn fields_keep_offsets() {
        let line = Line {
            bytes: b"QP,B1,,7",
            start: 10,
        };
        let got: Vec<(&[u8], usize)> = line.fields(b',').map(|f| (f.bytes, f.start)).collect();
        assert_eq!(
            got,
            [
                (&b"QP"[..], 10),
                (&b"B1"[..], 13),
                (&b""[..], 16),
                (&b"7"[..], 17)
            ]
        );
        let trimmed = Line {
            bytes: b"  x ",
            start: 5,
        }
        .trim();
        assert_eq!((trimmed.bytes, trimmed.start), (&b"x"[..], 7));
    }

    #[test]
    fn numbers_of_a_line() {
        let n = Numbers::of(b"STO 0 12 -1 +15 3x 1234567890123456");
        assert_eq!(n.len, 7);
        assert!(!n.all_numbers());
        assert_eq!(
            (0..7).map(|i| n.get(i)).collect::<Vec<_>>(),
            [None, Some(0), Some(12), Some(-1), Some(15), None]
                .into_iter()
                .chain([None])
                .collect::<Vec<_>>()
        );
        let n = Numbers::of(b"  2 1 0 ");
        assert!(n.all_numbers() && n.first_are_numbers(3));
        assert_eq!(Numbers::of(b"- +").get(0), None);
    }

    proptest::proptest! {
        #[test]
        fn plain_numbers_read_as_the_general_case_does(
            words in proptest::collection::vec(
                proptest::sample::select(vec!["0", "12", "007", "-1", "+3", "x", "1234567890123456", ""]),
                0..8,
            ),
            spaces in proptest::collection::vec(proptest::sample::select(vec![" ", "  ", "\t"]), 8),
        ) {
            let mut line = String::new();
            for (w, s) in words.iter().zip(&spaces) {
                line.push_str(s);
                line.push_str(w);
            }
            let general = Numbers::of(line.as_bytes());
            if let Some(fast) = Numbers::plain::<5>(line.as_bytes()) {
                proptest::prop_assert!(general.all_numbers() && general.len == 5, "{line:?}");
                for i in 0..Numbers::KEPT {
                    proptest::prop_assert_eq!(fast.get(i), general.get(i), "{:?}", line);
                }
            } else {
                // Declined: a tab, or not five words of 1 to 15 digits.
                let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
                let plain = !line.contains('\t')
                    && words.len() == 5
                    && words.iter().all(|w| w.len() <= 15 && w.bytes().all(|b| b.is_ascii_digit()));
                proptest::prop_assert!(!plain, "{line:?} declined");
            }
        }
    }

    #[test]
    fn leading_digits_stop_at_fifteen() {
        assert_eq!(leading_digits(b"12,0"), Some((12, 2)));
        assert_eq!(
            leading_digits(b"999999999999999"),
            Some((999_999_999_999_999, 15))
        );
        assert_eq!(leading_digits(b"99999999999999999999999"), None);
        assert_eq!(leading_digits(b",1"), None);
        // A run of digits too long for i64 is declined, not overflowed.
        assert!(Numbers::plain::<5>(b"0 99999999999999999999999 1 2 3").is_none());
    }

    #[test]
    fn numbers() {
        assert_eq!(number(b" 42 "), Some(42));
        assert_eq!(number(b"-5"), Some(-5));
        assert_eq!(number(b"4 2"), None);
        assert_eq!(number(b""), None);
        assert_eq!(number(b"9999999999999999999"), None);
    }
}

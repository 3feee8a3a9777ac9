//! Charsets: which one a game's text is in (`CA`, or detection when `CA` is
//! missing or wrong), how the lexer must scan values in it, and decoding.
//!
//! SGF structure is ASCII, but some charsets put the bytes of `]` (0x5D)
//! and `\` (0x5C) inside multibyte characters: the trail byte of a
//! Shift_JIS, Big5 or GBK/GB18030 character can be either, and ISO-2022-JP
//! switches to two-byte mode with escape sequences. A lexer that ignores
//! this cuts values in the middle of a character, so the [`ScanMode`] tells
//! it what a character is.
//!
//! Labels are matched by [`encoding_for_label`] (the WHATWG names of
//! encoding_rs plus the spellings found in real files). Following the
//! WHATWG Encoding Standard, `ISO-8859-1`, `Latin1` and `ASCII` decode as
//! windows-1252, a superset that gives the same text for every byte
//! ISO-8859-1 defines as printable (it differs only on the C1 controls
//! 0x80-0x9F, which no SGF text uses; windows-1252 reads them as `€`,
//! `‚`, `ƒ`... as the programs that wrote them meant).
//!
//! [`resolve`] decides a game's charset from its `CA` and its bytes and
//! says why when it did not simply follow `CA` ([`Finding`]): files without
//! `CA` are UTF-8 in practice (the FF\[4\] default, ISO-8859-1, is taken
//! only when detection says so), and a single-byte `CA` over text that is
//! valid UTF-8 is a common lie of programs that wrote UTF-8 and kept the
//! default label.
//!
//! ```
//! use kifu_sgf::charset::{self, ScanMode};
//!
//! let sjis = charset::encoding_for_label(b"Shift_JIS").unwrap();
//! let mode = ScanMode::for_encoding(sjis);
//! // "表" is 0x95 0x5C in Shift_JIS: its second byte is not an escape.
//! let value = b"\x95\x5C]rest";
//! assert_eq!(mode.find_value_end(value, 0), Some(2));
//! assert_eq!(charset::decode(sjis, &value[..2]), "表");
//! ```

use std::borrow::Cow;

use encoding_rs::{DecoderResult, EncoderResult, Encoding};
use kifu_diag::{Code, Severity};

/// How the lexer must scan value bytes in a charset.
///
/// In every mode a value ends at the first `]` that is a character of its
/// own, and `\` makes the next character literal ("character" in the
/// charset's sense: a backslash before a double-byte character escapes
/// both of its bytes). Where a charset's decoder would take a byte as part
/// of a character, so does the scan: the value boundaries never cut a
/// character that [`decode`] reads whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanMode {
    /// Every byte below 0x80 is ASCII (UTF-8, ISO-8859-x, Windows-125x,
    /// KOI8, EUC-JP, macintosh...): `]` and `\` are searched for directly.
    AsciiSafe,
    /// Shift_JIS: lead bytes 0x81-0x9F and 0xE0-0xFC take a trail byte,
    /// 0x40-0x7E or 0x80-0xFC (so `\` and `]` can be trail bytes).
    ShiftJis,
    /// Big5 (with HKSCS): lead bytes 0x81-0xFE take a trail byte, 0x40-0x7E
    /// or 0xA1-0xFE.
    Big5,
    /// GBK and GB18030: lead bytes 0x81-0xFE take a trail byte, 0x40-0x7E
    /// or 0x80-0xFE, or start a four-byte sequence (lead, digit, lead,
    /// digit).
    Gbk,
    /// UHC (CP949, which encoding_rs reads for `EUC-KR`): lead bytes
    /// 0x81-0xFE take a trail byte, but trail bytes are 0x41-0x5A,
    /// 0x61-0x7A or 0x81-0xFE, never `\` or `]`, so values are scanned as
    /// in [`ScanMode::AsciiSafe`] (and as fast). A lead byte before `]` is a
    /// malformed character and the `]` ends the value, as the decoder
    /// reads it.
    Uhc,
    /// ISO-2022-JP (7-bit, stateful): `ESC $ @`, `ESC $ B`, `ESC $ A` and
    /// `ESC $ ( F` start two-byte mode, where bytes 0x21-0x7E come in pairs
    /// (and include `]` and `\`); `ESC ( B` and `ESC ( J` return to ASCII
    /// (JIS-Roman is scanned as ASCII: its 0x5C is `\` here, although it
    /// decodes as `¥`); after `ESC ( I`, bytes 0x21-0x5F are half-width
    /// katakana. Each value starts in ASCII mode, as a decoder does.
    Iso2022Jp,
}

impl ScanMode {
    /// The scanning mode for an encoding. UTF-16 gets
    /// [`ScanMode::AsciiSafe`]: the reader transcodes UTF-16 input to UTF-8
    /// before lexing.
    ///
    /// ```
    /// use kifu_sgf::charset::ScanMode;
    /// assert_eq!(ScanMode::for_encoding(encoding_rs::UTF_8), ScanMode::AsciiSafe);
    /// assert_eq!(ScanMode::for_encoding(encoding_rs::GB18030), ScanMode::Gbk);
    /// assert_eq!(ScanMode::for_encoding(encoding_rs::ISO_2022_JP), ScanMode::Iso2022Jp);
    /// ```
    pub fn for_encoding(encoding: &'static Encoding) -> ScanMode {
        if encoding == encoding_rs::UTF_8 {
            ScanMode::AsciiSafe
        } else if encoding == encoding_rs::SHIFT_JIS {
            ScanMode::ShiftJis
        } else if encoding == encoding_rs::BIG5 {
            ScanMode::Big5
        } else if encoding == encoding_rs::GBK || encoding == encoding_rs::GB18030 {
            ScanMode::Gbk
        } else if encoding == encoding_rs::EUC_KR {
            ScanMode::Uhc
        } else if encoding == encoding_rs::ISO_2022_JP {
            ScanMode::Iso2022Jp
        } else {
            ScanMode::AsciiSafe
        }
    }

    /// From `from` (the byte just after `[`), the index of the `]` that
    /// closes the value, honouring `\` escapes (a backslash makes the next
    /// character literal, in this charset's sense of character) and
    /// multibyte characters; `None` if the input ends first.
    ///
    /// ```
    /// use kifu_sgf::charset::ScanMode;
    ///
    /// // An escaped `]` does not close the value; an escaped `\` does not escape.
    /// assert_eq!(ScanMode::AsciiSafe.find_value_end(b"[a\\]b]", 1), Some(5));
    /// assert_eq!(ScanMode::AsciiSafe.find_value_end(b"[a\\\\]b]", 1), Some(4));
    /// // Big5 "許" is 0xB3 0x5C: the 0x5C is not an escape.
    /// assert_eq!(ScanMode::Big5.find_value_end(b"[\xB3\x5C]", 1), Some(3));
    /// assert_eq!(ScanMode::Big5.find_value_end(b"[open", 1), None);
    /// ```
    pub fn find_value_end(self, bytes: &[u8], from: usize) -> Option<usize> {
        match self {
            ScanMode::AsciiSafe | ScanMode::Uhc => ascii_value_end(bytes, from),
            ScanMode::ShiftJis => multibyte_value_end(bytes, from, shift_jis_char_len),
            ScanMode::Big5 => multibyte_value_end(bytes, from, big5_char_len),
            ScanMode::Gbk => multibyte_value_end(bytes, from, gbk_char_len),
            ScanMode::Iso2022Jp => iso2022jp_value_end(bytes, from),
        }
    }
}

fn ascii_value_end(bytes: &[u8], from: usize) -> Option<usize> {
    // Most values are a few bytes (`19`, `6.5`, dates): look at them
    // directly before paying for a vectorised search. (Measured over the
    // 147,505 values of three or more bytes in the large corpus: 10-20%
    // faster than memchr2 alone, whose short-input path is a byte loop
    // anyway.)
    const SHORT: usize = 16;
    let mut at = from;
    let short_end = bytes.len().min(from.saturating_add(SHORT));
    while at < short_end {
        match bytes[at] {
            b']' => return Some(at),
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
    loop {
        let found = at + memchr::memchr2(b']', b'\\', bytes.get(at..)?)?;
        if bytes[found] == b']' {
            return Some(found);
        }
        // A backslash: the next byte is literal, whatever it is.
        at = found + 2;
    }
}

/// Length of the character at `at` in Shift_JIS, as the WHATWG decoder
/// reads it: a lead byte takes the next byte if that is a trail byte or
/// any non-ASCII byte (an invalid pair, read as one U+FFFD); an ASCII byte
/// after a lead byte is read on its own.
fn shift_jis_char_len(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at) {
        Some(0x81..=0x9F | 0xE0..=0xFC) => pair_len(bytes, at, |t| matches!(t, 0x40..=0x7E)),
        _ => 1,
    }
}

fn big5_char_len(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at) {
        Some(0x81..=0xFE) => pair_len(bytes, at, |t| matches!(t, 0x40..=0x7E)),
        _ => 1,
    }
}

fn gbk_char_len(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at) {
        Some(0x81..=0xFE) => match bytes.get(at + 1..at + 4) {
            // GB18030 four-byte sequence: lead, digit, lead, digit.
            Some([0x30..=0x39, 0x81..=0xFE, 0x30..=0x39]) => 4,
            _ => pair_len(bytes, at, |t| matches!(t, 0x40..=0x7E)),
        },
        _ => 1,
    }
}

/// 2 if the byte after the lead byte at `at` belongs to its character: a
/// non-ASCII byte, or an ASCII byte the charset takes as a trail byte.
fn pair_len(bytes: &[u8], at: usize, ascii_trail: impl Fn(u8) -> bool) -> usize {
    match bytes.get(at + 1) {
        Some(&t) if t >= 0x80 || ascii_trail(t) => 2,
        _ => 1,
    }
}

fn multibyte_value_end(
    bytes: &[u8],
    from: usize,
    char_len: fn(&[u8], usize) -> usize,
) -> Option<usize> {
    let mut at = from;
    while let Some(&b) = bytes.get(at) {
        at += match b {
            b']' => return Some(at),
            // The backslash and the whole character after it.
            b'\\' => 1 + char_len(bytes, at + 1),
            0x00..=0x7F => 1,
            _ => char_len(bytes, at),
        };
    }
    None
}

/// The character sets an ISO-2022-JP stream switches between.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JisSet {
    /// ASCII or JIS-Roman: one byte, structural.
    Ascii,
    /// JIS X 0201 katakana: bytes 0x21-0x5F are characters.
    Katakana,
    /// JIS X 0208 / 0212 / GB 2312 / KS C 5601: pairs of 0x21-0x7E.
    TwoByte,
}

/// The set an escape sequence (the bytes after ESC) switches to, and its
/// length after ESC.
fn jis_designation(rest: &[u8]) -> Option<(usize, JisSet)> {
    match rest {
        [b'(', b'I', ..] => Some((2, JisSet::Katakana)),
        [b'(', 0x40..=0x7E, ..] => Some((2, JisSet::Ascii)),
        [b'$', b'@' | b'A' | b'B', ..] => Some((2, JisSet::TwoByte)),
        [b'$', b'(', 0x40..=0x7E, ..] => Some((3, JisSet::TwoByte)),
        _ => None,
    }
}

fn iso2022jp_value_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    let mut set = JisSet::Ascii;
    while let Some(&b) = bytes.get(at) {
        if b == 0x1B {
            at += 1;
            if let Some((len, next)) = jis_designation(&bytes[at..]) {
                set = next;
                at += len;
            }
            continue;
        }
        match set {
            JisSet::TwoByte if (0x21..=0x7E).contains(&b) => {
                let trail = bytes.get(at + 1).is_some_and(|t| (0x21..=0x7E).contains(t));
                at += if trail { 2 } else { 1 };
            }
            JisSet::Katakana if (0x21..=0x5F).contains(&b) => at += 1,
            _ => match b {
                b']' => return Some(at),
                // An escape sequence after a backslash is read first; the
                // character it introduces is the escaped one.
                b'\\' if bytes.get(at + 1) == Some(&0x1B) => at += 1,
                b'\\' => at += 2,
                _ => at += 1,
            },
        }
    }
    None
}

/// The encoding a `CA` value names, or `None` for a label nobody knows.
///
/// Case and surrounding white space are ignored. Accepted: the WHATWG
/// labels of encoding_rs, and the spellings found in real files with
/// punctuation ignored (`UTF8`, `ISO8859_1`, `Latin-1`, `SJIS`,
/// `Shift-JIS`, `MS_Kanji`, `Windows-31J`, `CP932`, `GB2312`, `EUC-CN`,
/// `CP936`, `CP949`, `UHC`, `Big5-HKSCS`, `x-mac-roman`, `MacRoman`,
/// `CP1251`...).
///
/// Mappings to know about:
/// - `ISO-8859-1`, `Latin1` and `ASCII`/`US-ASCII` give windows-1252 (the
///   WHATWG rule): for ASCII text every ASCII-compatible charset reads the
///   same, and non-ASCII bytes under `CA[ASCII]` are most likely
///   windows-1252. Text that is valid UTF-8 under such a label is caught by
///   [`resolve`], which reads it as UTF-8.
/// - `GB2312` and `EUC-CN` give GBK, a superset (the WHATWG rule), and
///   `EUC-KR` gives encoding_rs's EUC-KR, which is UHC (CP949), a superset.
///
/// ```
/// use kifu_sgf::charset::encoding_for_label;
/// assert_eq!(encoding_for_label(b" utf8 "), Some(encoding_rs::UTF_8));
/// assert_eq!(encoding_for_label(b"ISO8859_1"), Some(encoding_rs::WINDOWS_1252));
/// assert_eq!(encoding_for_label(b"MS_Kanji"), Some(encoding_rs::SHIFT_JIS));
/// assert_eq!(encoding_for_label(b"GB2312"), Some(encoding_rs::GBK));
/// assert_eq!(encoding_for_label(b"foo"), None);
/// ```
pub fn encoding_for_label(label: &[u8]) -> Option<&'static Encoding> {
    let trimmed = label.trim_ascii();
    // By far the most common label: no table search.
    if trimmed.eq_ignore_ascii_case(b"UTF-8") {
        return Some(encoding_rs::UTF_8);
    }
    if let Some(e) = Encoding::for_label_no_replacement(trimmed) {
        return Some(e);
    }
    // Letters and digits only, lower case: `ISO8859_1`, `Shift-JIS` and
    // `shiftjis` meet. Labels are short; a longer one is nobody's.
    let mut buf = [0u8; 24];
    let mut len = 0;
    for &b in trimmed.iter().filter(|b| b.is_ascii_alphanumeric()) {
        *buf.get_mut(len)? = b.to_ascii_lowercase();
        len += 1;
    }
    let key = std::str::from_utf8(&buf[..len]).ok()?;
    let e = match key {
        "utf8" | "unicode11utf8" | "unicode20utf8" => encoding_rs::UTF_8,
        "ascii" | "usascii" | "latin1" | "isolatin1" | "iso88591" | "l1" | "cp819" => {
            encoding_rs::WINDOWS_1252
        }
        "sjis" | "shiftjis" | "mskanji" | "windows31j" | "cp932" | "ms932" | "xsjis" => {
            encoding_rs::SHIFT_JIS
        }
        "gb2312" | "gb231280" | "euccn" | "xeuccn" | "cp936" | "ms936" | "gbk" | "xgbk" => {
            encoding_rs::GBK
        }
        "gb18030" => encoding_rs::GB18030,
        "big5" | "big5hkscs" | "cp950" | "xxbig5" => encoding_rs::BIG5,
        "euckr" | "cp949" | "uhc" | "ksc5601" | "ksc56011987" | "windows949" => encoding_rs::EUC_KR,
        "eucjp" | "xeucjp" => encoding_rs::EUC_JP,
        "iso2022jp" | "jis" => encoding_rs::ISO_2022_JP,
        "koi8r" => encoding_rs::KOI8_R,
        "koi8u" => encoding_rs::KOI8_U,
        "macintosh" | "macroman" | "xmacroman" | "mac" => encoding_rs::MACINTOSH,
        "utf16" | "utf16le" => encoding_rs::UTF_16LE,
        "utf16be" => encoding_rs::UTF_16BE,
        "latin2" => encoding_rs::ISO_8859_2,
        "latin3" => encoding_rs::ISO_8859_3,
        "latin4" => encoding_rs::ISO_8859_4,
        "latin5" => encoding_rs::WINDOWS_1254,
        "latin6" => encoding_rs::ISO_8859_10,
        "latin7" => encoding_rs::ISO_8859_13,
        "latin8" => encoding_rs::ISO_8859_14,
        "latin9" => encoding_rs::ISO_8859_15,
        "latin10" => encoding_rs::ISO_8859_16,
        _ => {
            // `ISO8859_15`, `CP1251`, `Windows1250`.
            let mut name = [0u8; 16];
            let (prefix, digits) = if let Some(d) = key.strip_prefix("iso8859") {
                (&b"iso-8859-"[..], d)
            } else if let Some(d) = key
                .strip_prefix("windows")
                .or_else(|| key.strip_prefix("cp"))
            {
                (&b"windows-"[..], d)
            } else {
                return None;
            };
            let digits = digits.as_bytes();
            if digits.is_empty() || digits.len() > 4 || !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let n = prefix.len() + digits.len();
            name[..prefix.len()].copy_from_slice(prefix);
            name[prefix.len()..n].copy_from_slice(digits);
            return Encoding::for_label_no_replacement(&name[..n]);
        }
    };
    Some(e)
}

/// Guesses the charset of text whose charset nobody declared.
///
/// - ASCII: UTF-8, unless it holds ISO-2022-JP escape sequences.
/// - Valid UTF-8: UTF-8.
/// - Mostly UTF-8 (at least three valid non-ASCII characters for each
///   malformed sequence, as when a server cut names in the middle of a
///   character): UTF-8, the malformed bytes decoding as U+FFFD.
/// - Otherwise chardetng's guess, UTF-8 excluded. Short samples (a name
///   or two) can be guessed wrong.
///
/// ```
/// use kifu_sgf::charset::detect;
/// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("本因坊秀策と井上幻庵因碩の対局。");
/// assert_eq!(detect(&sjis), encoding_rs::SHIFT_JIS);
/// assert_eq!(detect("秀策".as_bytes()), encoding_rs::UTF_8);
/// ```
pub fn detect(text: &[u8]) -> &'static Encoding {
    if text.is_ascii() {
        return detect_ascii(text);
    }
    match utf8_shape(text) {
        Shape::Valid | Shape::Mostly => encoding_rs::UTF_8,
        Shape::Not => detect_legacy(text),
    }
}

/// ASCII text is UTF-8, unless it is ISO-2022-JP.
fn detect_ascii(text: &[u8]) -> &'static Encoding {
    if memchr::memchr(0x1B, text).is_some() && detect_legacy(text) == encoding_rs::ISO_2022_JP {
        encoding_rs::ISO_2022_JP
    } else {
        encoding_rs::UTF_8
    }
}

/// chardetng's guess, UTF-8 excluded, from the text's
/// [`detection_sample`].
fn detect_legacy(text: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(&detection_sample(text), true);
    detector.guess(None, false)
}

/// At most about this many bytes go to chardetng.
const DETECTION_SAMPLE: usize = 16 * 1024;

/// The part of a text that charset detection reads: its characters beyond
/// ASCII, not the ASCII structure around them (an SGF file's moves, a
/// server file's lines). chardetng takes about 300 ns a byte whatever
/// the byte: it read a whole SGF game at 5-10 MB/s, and the names and
/// comments alone decide as well (the same guess for all 169 files beyond
/// ASCII and UTF-8 of the corpus and the corpus's UTF-8 files re-encoded
/// in GBK, EUC-KR, Shift_JIS and Big5).
///
/// Each run of bytes above 0x7F is taken with the byte after each of its
/// characters' lead bytes (a trail byte of Shift_JIS, GBK, UHC or Big5
/// may be ASCII) and one byte of context on either side; runs are parted
/// by a space. A line holding the ESC of ISO-2022-JP, whose text is ASCII
/// bytes, is taken whole. About 16 KiB at most.
///
/// ```
/// use kifu_sgf::charset::detection_sample;
/// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;PB[秀策]B[pd];W[dp])");
/// let sample = detection_sample(&sjis);
/// assert!(sample.len() < sjis.len());
/// assert!(sample.windows(4).any(|w| w == &encoding_rs::SHIFT_JIS.encode("秀策").0[..]));
/// assert!(detection_sample(b"(;B[pd];W[dp])").is_empty());
/// ```
pub fn detection_sample(text: &[u8]) -> Vec<u8> {
    let texty = |b: &u8| *b >= 0x80 || *b == 0x1B;
    // The next texty byte from `from` on: eight bytes at a time (a mask of
    // the bytes above 0x7F or equal to ESC), then byte by byte at the end.
    let next = |from: usize| -> Option<usize> {
        const HIGH: u64 = 0x8080_8080_8080_8080;
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let mut at = from;
        while let Some(word) = text.get(at..at + 8) {
            let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            let esc = w ^ 0x1B1B_1B1B_1B1B_1B1B;
            let texty_bytes = (w & HIGH) | !(((esc & LOW7) + LOW7) | esc | LOW7);
            if texty_bytes != 0 {
                return Some(at + texty_bytes.trailing_zeros() as usize / 8);
            }
            at += 8;
        }
        text[at.min(text.len())..]
            .iter()
            .position(texty)
            .map(|i| at + i)
    };
    let is_break = |b: &u8| *b == b'\n' || *b == b'\r';
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(hit) = next(at) {
        if out.len() >= DETECTION_SAMPLE {
            break;
        }
        let line_end = memchr::memchr2(b'\n', b'\r', &text[hit..]).map_or(text.len(), |j| hit + j);
        if memchr::memchr(0x1B, &text[hit..line_end]).is_some() {
            let start = memchr::memrchr2(b'\n', b'\r', &text[at..hit]).map_or(at, |j| at + j + 1);
            out.extend_from_slice(&text[start..line_end.min(start + DETECTION_SAMPLE)]);
            out.push(b'\n');
            at = line_end;
            continue;
        }
        if hit > at && !is_break(&text[hit - 1]) {
            out.push(text[hit - 1]);
        }
        let mut i = hit;
        while i < text.len() && text[i] >= 0x80 {
            out.extend_from_slice(&text[i..text.len().min(i + 2)]);
            i += 2;
        }
        let i = i.min(text.len());
        if let Some(after) = text.get(i).filter(|b| **b < 0x80 && !is_break(b)) {
            out.push(*after);
        }
        out.push(b' ');
        at = i;
    }
    out
}

/// How far non-ASCII text is in a charset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Valid,
    /// Not valid, but valid non-ASCII characters outnumber malformed
    /// sequences three to one (and there are at least three): text in
    /// this charset with a few accidents, such as names cut in the middle
    /// of a character. Text in another charset has a handful of valid
    /// characters for dozens of errors.
    Mostly,
    Not,
}

impl Shape {
    fn from_tally(chars: usize, errors: usize) -> Shape {
        if errors == 0 {
            Shape::Valid
        } else if chars >= 3 && chars >= 3 * errors {
            Shape::Mostly
        } else {
            Shape::Not
        }
    }
}

/// Number of UTF-8 lead bytes: characters of two or more bytes in valid UTF-8.
fn utf8_leads(valid: &[u8]) -> usize {
    valid.iter().filter(|&&b| b >= 0xC0).count()
}

fn utf8_shape(text: &[u8]) -> Shape {
    if std::str::from_utf8(text).is_ok() {
        return Shape::Valid;
    }
    let (mut chars, mut errors) = (0usize, 0usize);
    let mut rest = text;
    loop {
        match std::str::from_utf8(rest) {
            Ok(_) => {
                chars += utf8_leads(rest);
                break;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                chars += utf8_leads(good);
                errors += 1;
                rest = &bad[e.error_len().unwrap_or(bad.len())..];
            }
        }
    }
    Shape::from_tally(chars, errors)
}

/// How far `input` is in `encoding` (no allocation).
fn shape_in(encoding: &'static Encoding, input: &[u8]) -> Shape {
    if encoding == encoding_rs::UTF_8 {
        return utf8_shape(input);
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buf = [0u8; 1024];
    let (mut chars, mut errors) = (0usize, 0usize);
    let mut rest = input;
    loop {
        let (result, read, written) =
            decoder.decode_to_utf8_without_replacement(rest, &mut buf, true);
        rest = &rest[read..];
        chars += utf8_leads(&buf[..written]);
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(..) => errors += 1,
        }
    }
    Shape::from_tally(chars, errors)
}

fn is_utf16(encoding: &'static Encoding) -> bool {
    encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE
}

/// What the reader decided about one game's charset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The encoding text values are decoded with.
    pub encoding: &'static Encoding,
    /// How the lexer scans values in that encoding.
    pub scan: ScanMode,
    /// Why this is not simply what `CA` says, if it is not.
    pub finding: Option<Finding>,
}

/// Diagnostic codes of charset resolution.
pub mod codes {
    use kifu_diag::Code;

    /// No `CA`, and the text is not UTF-8: the charset was detected. A
    /// note when it is Latin-1, the charset the specification gives a file
    /// without `CA` (SGFC says nothing then).
    pub const DETECTED: Code = Code::new("charset/detected");
    /// `CA` names a charset kifu does not know: the charset was detected.
    pub const UNKNOWN_LABEL: Code = Code::new("charset/unknown-label");
    /// The text is not valid in the charset `CA` names: the charset was detected.
    pub const MISMATCH: Code = Code::new("charset/mismatch");
    /// A charset the SGF lexer cannot read as bytes (UTF-16 declared on 8-bit text).
    pub const UNSUPPORTED: Code = Code::new("charset/unsupported");
    /// The input is UTF-16: read through its UTF-8 form, written back as UTF-16.
    pub const UTF16: Code = Code::new("charset/utf16");
    /// Games of one file in different charsets (each read in its own;
    /// programs that take one charset per file will misread some).
    pub const MIXED: Code = Code::new("charset/mixed");
}

/// Something about a charset that had to be guessed or could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// No `CA`, and the text is not UTF-8: the charset was detected
    /// (`charset/detected`, a warning; a note for Latin-1, the
    /// specification's default). `encoding` is UTF-8 when the text
    /// is mostly UTF-8 with a few malformed sequences.
    Detected {
        /// What detection found.
        encoding: &'static Encoding,
    },
    /// `CA` names a charset kifu does not know (`charset/unknown-label`, a
    /// warning).
    UnknownLabel {
        /// The label as written (lossily decoded, trimmed).
        label: String,
        /// What detection found instead.
        detected: &'static Encoding,
    },
    /// The text is not what `CA` says (`charset/mismatch`, a warning):
    /// not valid in the declared charset, or valid UTF-8 (or mostly so)
    /// under a single-byte or multibyte label.
    Mismatch {
        /// What `CA` says.
        declared: &'static Encoding,
        /// What the text was read as.
        detected: &'static Encoding,
    },
    /// The text is in the charset `CA` says but has malformed sequences,
    /// which decode as U+FFFD (`charset/mismatch`, a warning): a UTF-8 file
    /// with names cut in the middle of a character, say.
    Malformed {
        /// The declared (and used) encoding.
        encoding: &'static Encoding,
    },
    /// `CA` names a charset whose bytes the SGF lexer cannot read on an
    /// 8-bit input (UTF-16: the reader handles real UTF-16 files before it
    /// gets here) (`charset/unsupported`, an error).
    Unsupported {
        /// The label as written (lossily decoded, trimmed).
        label: String,
        /// What the text was read as instead.
        detected: &'static Encoding,
    },
}

impl Finding {
    /// The diagnostic code (one of [`codes`]).
    pub fn code(&self) -> Code {
        match self {
            Finding::Detected { .. } => codes::DETECTED,
            Finding::UnknownLabel { .. } => codes::UNKNOWN_LABEL,
            Finding::Mismatch { .. } | Finding::Malformed { .. } => codes::MISMATCH,
            Finding::Unsupported { .. } => codes::UNSUPPORTED,
        }
    }

    /// Guesses are warnings (nothing is lost if the guess is right);
    /// a charset that cannot be true of the bytes is an error. Latin-1
    /// text without `CA` is a note: ISO-8859-1 is the charset the
    /// specification gives a file without `CA`, so the file is right (SGFC
    /// says nothing), only programs that assume UTF-8 misread it.
    pub fn severity(&self) -> Severity {
        match self {
            Finding::Unsupported { .. } => Severity::Error,
            Finding::Detected { encoding } if *encoding == encoding_rs::WINDOWS_1252 => {
                Severity::Note
            }
            _ => Severity::Warning,
        }
    }

    /// A message that stands alone.
    pub fn message(&self) -> String {
        match self {
            Finding::Detected { encoding } if *encoding == encoding_rs::UTF_8 => {
                "no CA property and the text is not valid UTF-8, but mostly is: read as UTF-8, \
                 malformed bytes as U+FFFD"
                    .to_owned()
            }
            Finding::Detected { encoding } => format!(
                "no CA property and the text is not UTF-8: read as {} (detected)",
                ca_label(encoding)
            ),
            Finding::UnknownLabel { label, detected } => format!(
                "unknown charset CA[{label}]: read as {} (detected)",
                ca_label(detected)
            ),
            Finding::Mismatch { declared, detected } if *detected == encoding_rs::UTF_8 => {
                format!(
                    "CA says {} but the text is UTF-8: read as UTF-8",
                    ca_label(declared)
                )
            }
            Finding::Mismatch { declared, detected } => format!(
                "the text is not valid {} as CA says: read as {} (detected)",
                ca_label(declared),
                ca_label(detected)
            ),
            Finding::Malformed { encoding } => format!(
                "the text is {} as CA says, but has malformed sequences (characters cut short?): \
                 they read as U+FFFD",
                ca_label(encoding)
            ),
            Finding::Unsupported { label, detected } => format!(
                "CA[{label}] cannot be true of an 8-bit SGF file: text read as {}",
                ca_label(detected)
            ),
        }
    }
}

fn resolution(encoding: &'static Encoding, finding: Option<Finding>) -> Resolution {
    Resolution {
        encoding,
        scan: ScanMode::for_encoding(encoding),
        finding,
    }
}

fn label_text(label: &[u8]) -> String {
    String::from_utf8_lossy(label.trim_ascii()).into_owned()
}

/// Decides a game's charset from its `CA` value (if any) and its bytes
/// (the text values are in there; SGF structure is ASCII, so the whole
/// game can be checked).
///
/// - No `CA` (or an empty one): ASCII or valid UTF-8 is UTF-8, silently;
///   anything else is detected ([`detect`]) with [`Finding::Detected`].
/// - A label [`encoding_for_label`] does not know: detected, with
///   [`Finding::UnknownLabel`].
/// - UTF-16: detected, with [`Finding::Unsupported`] (a real UTF-16 file
///   is transcoded by the reader before it gets here).
/// - `CA[UTF-8]` over invalid UTF-8: text that is mostly UTF-8 (see
///   [`detect`]) stays UTF-8 with [`Finding::Malformed`]; other text is
///   detected, and read in what detection found with
///   [`Finding::Mismatch`] if it is (mostly) valid there, else as UTF-8
///   with [`Finding::Malformed`].
/// - Any other label over non-ASCII text, in this order:
///   1. valid or mostly UTF-8 under a single-byte label (everything is
///      "valid" in a single-byte charset), or valid UTF-8 with three or
///      more non-ASCII characters under a multibyte label: UTF-8, with
///      [`Finding::Mismatch`];
///   2. valid in the declared charset: as declared, silently;
///   3. valid UTF-8 (a short one): UTF-8, with [`Finding::Mismatch`];
///   4. mostly valid in the declared charset: as declared, with
///      [`Finding::Malformed`];
///   5. mostly UTF-8: UTF-8, with [`Finding::Mismatch`];
///   6. otherwise detected: [`Finding::Mismatch`] if the text is valid in
///      what detection found, else as declared with [`Finding::Malformed`].
///
///   (Short legacy text can be valid UTF-8 by chance, hence the three
///   characters; a Shift_JIS file with one broken character stays
///   Shift_JIS instead of becoming whatever detection makes of it.)
///
/// The common cases (no `CA`, `CA[UTF-8]` or any ASCII-compatible label,
/// over ASCII or valid UTF-8) cost one validation pass and no allocation.
///
/// ```
/// use kifu_sgf::charset::{Finding, ScanMode, resolve};
///
/// let r = resolve(Some(b"UTF-8"), "(;PB[秀策])".as_bytes());
/// assert_eq!((r.encoding, r.scan, r.finding), (encoding_rs::UTF_8, ScanMode::AsciiSafe, None));
///
/// // A program wrote UTF-8 and kept the default label.
/// let r = resolve(Some(b"ISO-8859-1"), "(;PB[Müller])".as_bytes());
/// assert_eq!(r.encoding, encoding_rs::UTF_8);
/// assert!(matches!(r.finding, Some(Finding::Mismatch { .. })));
/// ```
pub fn resolve(ca: Option<&[u8]>, input: &[u8]) -> Resolution {
    let label = ca.map(<[u8]>::trim_ascii).filter(|l| !l.is_empty());
    let Some(label) = label else {
        if input.is_ascii() {
            let encoding = detect_ascii(input);
            return if encoding == encoding_rs::UTF_8 {
                resolution(encoding, None)
            } else {
                resolution(encoding, Some(Finding::Detected { encoding }))
            };
        }
        if std::str::from_utf8(input).is_ok() {
            return resolution(encoding_rs::UTF_8, None);
        }
        let encoding = detect(input);
        return resolution(encoding, Some(Finding::Detected { encoding }));
    };
    let Some(declared) = encoding_for_label(label) else {
        let detected = detect(input);
        return resolution(
            detected,
            Some(Finding::UnknownLabel {
                label: label_text(label),
                detected,
            }),
        );
    };
    if is_utf16(declared) {
        let detected = detect(input);
        return resolution(
            detected,
            Some(Finding::Unsupported {
                label: label_text(label),
                detected,
            }),
        );
    }
    if declared == encoding_rs::UTF_8 {
        // One pass, also for ASCII.
        if std::str::from_utf8(input).is_ok() {
            return resolution(declared, None);
        }
        if utf8_shape(input) == Shape::Mostly {
            return resolution(declared, Some(Finding::Malformed { encoding: declared }));
        }
        let detected = detect_legacy(input);
        return if shape_in(detected, input) == Shape::Not {
            resolution(declared, Some(Finding::Malformed { encoding: declared }))
        } else {
            resolution(detected, Some(Finding::Mismatch { declared, detected }))
        };
    }
    if input.is_ascii() {
        // ISO-2022-JP is ASCII too, but its escape sequences can be wrong.
        if declared == encoding_rs::ISO_2022_JP && shape_in(declared, input) != Shape::Valid {
            return resolution(declared, Some(Finding::Malformed { encoding: declared }));
        }
        return resolution(declared, None);
    }
    let to_utf8 = || {
        resolution(
            encoding_rs::UTF_8,
            Some(Finding::Mismatch {
                declared,
                detected: encoding_rs::UTF_8,
            }),
        )
    };
    let single_byte = declared.is_single_byte();
    let utf8 = utf8_shape(input);
    if single_byte && utf8 != Shape::Not {
        return to_utf8();
    }
    if utf8 == Shape::Valid && utf8_leads(input) >= 3 {
        return to_utf8();
    }
    match (shape_in(declared, input), utf8) {
        (Shape::Valid, _) => resolution(declared, None),
        (_, Shape::Valid) => to_utf8(),
        (Shape::Mostly, _) => resolution(declared, Some(Finding::Malformed { encoding: declared })),
        (_, Shape::Mostly) => to_utf8(),
        (Shape::Not, Shape::Not) => {
            let detected = detect_legacy(input);
            if detected != declared && shape_in(detected, input) == Shape::Valid {
                resolution(detected, Some(Finding::Mismatch { declared, detected }))
            } else {
                resolution(declared, Some(Finding::Malformed { encoding: declared }))
            }
        }
    }
}

/// The scanning mode to read a whole input with, decided before parsing
/// from the first `CA` value (if any) and the input.
///
/// A label whose charset scans as ASCII ([`ScanMode::AsciiSafe`] or
/// [`ScanMode::Uhc`]: UTF-8, ISO-8859-x...) is trusted without looking at
/// the bytes, so that the common case costs nothing. So is an input where
/// no `]` or `\` follows a byte above 0x7F and no ESC occurs: no charset
/// can hide a delimiter in a character there, and all modes scan it alike.
/// Otherwise the mode is [`resolve`]'s for the whole input: no `CA` means UTF-8 unless detection
/// says otherwise, and a multibyte label over text that is really UTF-8
/// (see [`resolve`]) scans as UTF-8, so that its `]` is not taken for a
/// trail byte.
pub fn scan_mode_for(ca: Option<&[u8]>, input: &[u8]) -> ScanMode {
    if let Some(encoding) = ca.and_then(encoding_for_label)
        && !is_utf16(encoding)
        && matches!(
            ScanMode::for_encoding(encoding),
            ScanMode::AsciiSafe | ScanMode::Uhc
        )
    {
        return ScanMode::AsciiSafe;
    }
    // Where no `]` or `\` follows a byte above 0x7F and no ESC can switch
    // to ISO-2022-JP's two-byte sets, no charset hides a `]` or `\` inside
    // a character: every mode scans the same values, and the detection
    // that would pick one (chardetng over the whole input, half the parse
    // time of such files) is not needed.
    if !input.is_ascii() && !may_hide_delimiters(input) {
        return ScanMode::AsciiSafe;
    }
    resolve(ca, input).scan
}

/// Whether a `]` or `\` of `input` could be part of a multibyte character
/// in some charset: right after a byte above 0x7F (a lead byte in
/// Shift_JIS, Big5 and GBK), or anywhere after an ESC (ISO-2022-JP).
fn may_hide_delimiters(input: &[u8]) -> bool {
    memchr::memchr(0x1B, input).is_some()
        || memchr::memchr2_iter(b']', b'\\', input).any(|at| at > 0 && input[at - 1] > 0x7F)
}

/// Decodes value bytes to UTF-8 text, borrowing when the bytes already
/// are (valid UTF-8 under UTF-8, or ASCII under an ASCII-compatible
/// charset, or ASCII without escape sequences under ISO-2022-JP).
/// Malformed sequences become U+FFFD. No BOM sniffing: the caller strips
/// a leading UTF-8 BOM of the file.
///
/// ```
/// use std::borrow::Cow;
/// use kifu_sgf::charset::decode;
/// assert!(matches!(decode(encoding_rs::SHIFT_JIS, b"B+R"), Cow::Borrowed("B+R")));
/// assert_eq!(decode(encoding_rs::SHIFT_JIS, b"\x8f\x47\x8d\xf4"), "秀策");
/// assert_eq!(decode(encoding_rs::UTF_8, b"ab\xff"), "ab\u{FFFD}");
/// ```
pub fn decode<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> Cow<'a, str> {
    encoding.decode_without_bom_handling(bytes).0
}

/// Encodes text into `encoding`, for writers that keep a file's charset.
/// Borrows when the bytes are the same (UTF-8, or ASCII text in an
/// ASCII-compatible charset). UTF-16 gives UTF-16 (no BOM).
///
/// # Errors
/// The first character the encoding cannot hold, counting as such the
/// characters that would not read back as themselves: Shift_JIS, EUC-JP
/// and ISO-2022-JP write `¥` (U+00A5) as the byte 0x5C, which SGF would
/// read as an escaping backslash, so `¥` is refused there.
///
/// ```
/// use kifu_sgf::charset::encode;
/// assert_eq!(encode(encoding_rs::WINDOWS_1252, "café").unwrap().as_ref(), b"caf\xe9");
/// assert_eq!(encode(encoding_rs::WINDOWS_1252, "秀策"), Err('秀'));
/// assert_eq!(encode(encoding_rs::SHIFT_JIS, "¥100"), Err('¥'));
/// ```
pub fn encode<'a>(encoding: &'static Encoding, text: &'a str) -> Result<Cow<'a, [u8]>, char> {
    if encoding == encoding_rs::UTF_8 {
        return Ok(Cow::Borrowed(text.as_bytes()));
    }
    if is_utf16(encoding) {
        let big = encoding == encoding_rs::UTF_16BE;
        let bytes = text
            .encode_utf16()
            .flat_map(|u| {
                if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect();
        return Ok(Cow::Owned(bytes));
    }
    let borrowable = if encoding == encoding_rs::ISO_2022_JP {
        text.is_ascii() && !text.bytes().any(|b| matches!(b, 0x0E | 0x0F | 0x1B))
    } else {
        text.is_ascii() && encoding.is_ascii_compatible()
    };
    if borrowable {
        return Ok(Cow::Borrowed(text.as_bytes()));
    }
    if encoding == encoding_rs::ISO_2022_JP && text.contains('¥') {
        // Written in JIS-Roman as 0x5C, which the scan reads as `\`.
        return Err('¥');
    }
    let mut encoder = encoding.new_encoder();
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let needed = encoder
            .max_buffer_length_from_utf8_without_replacement(rest.len())
            .unwrap_or(usize::MAX / 2);
        out.reserve(needed);
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut out, true);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => return Err(c),
        }
    }
    // Mappings that do not read back (`¥` to 0x5C in Japanese charsets).
    if decode(encoding, &out) != text {
        let mut buf = [0u8; 4];
        let first = text
            .chars()
            .find(|c| {
                let one = c.encode_utf8(&mut buf);
                let (bytes, _, _) = encoding.encode(one);
                decode(encoding, &bytes) != *one
            })
            .unwrap_or('\u{FFFD}');
        return Err(first);
    }
    Ok(Cow::Owned(out))
}

/// Number of characters `bytes` hold in `encoding` (for 1-based columns
/// in diagnostics); a malformed sequence counts as the U+FFFD it decodes
/// to.
///
/// ```
/// use kifu_sgf::charset::char_count;
/// assert_eq!(char_count(encoding_rs::UTF_8, "C[秀策".as_bytes()), 4);
/// assert_eq!(char_count(encoding_rs::SHIFT_JIS, b"C[\x8f\x47\x8d\xf4"), 4);
/// ```
pub fn char_count(encoding: &'static Encoding, bytes: &[u8]) -> usize {
    if encoding.is_single_byte() || (bytes.is_ascii() && encoding.is_ascii_compatible()) {
        return bytes.len();
    }
    decode(encoding, bytes).chars().count()
}

/// The label to write in `CA` for an encoding: its preferred MIME name
/// (`UTF-8`, `Shift_JIS`, `GB18030`, `GBK`, `Big5`, `EUC-KR`,
/// `ISO-2022-JP`, `windows-1251`...), with windows-1252 written
/// `ISO-8859-1` (what the files that are read as windows-1252 say, and
/// what every SGF reader knows; the two differ only on 0x80-0x9F).
///
/// ```
/// use kifu_sgf::charset::ca_label;
/// assert_eq!(ca_label(encoding_rs::GB18030), "GB18030");
/// assert_eq!(ca_label(encoding_rs::WINDOWS_1252), "ISO-8859-1");
/// ```
pub fn ca_label(encoding: &'static Encoding) -> &'static str {
    if encoding == encoding_rs::WINDOWS_1252 {
        "ISO-8859-1"
    } else if encoding == encoding_rs::GB18030 {
        "GB18030"
    } else {
        encoding.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The premise of `scan_mode_for`'s shortcut: where no `]` or `\\`
        /// follows a byte above 0x7F and there is no ESC, every mode finds
        /// the same end for every value.
        #[test]
        fn modes_agree_where_no_delimiter_can_hide(
            bytes in prop::collection::vec(prop::sample::select(vec![
                b'a', b'[', b']', b'\\', b' ', 0x41, 0x5B, 0x81, 0x83, 0xA4, 0xB3, 0xE0, 0xFE, 0x30,
            ]), 0..64),
        ) {
            prop_assume!(!may_hide_delimiters(&bytes));
            for from in 0..bytes.len() {
                let ascii = ScanMode::AsciiSafe.find_value_end(&bytes, from);
                for mode in [ScanMode::ShiftJis, ScanMode::Big5, ScanMode::Gbk, ScanMode::Uhc, ScanMode::Iso2022Jp] {
                    prop_assert_eq!(mode.find_value_end(&bytes, from), ascii, "{:?} from {}", mode, from);
                }
            }
        }
    }

    fn code(r: &Resolution) -> Option<&'static str> {
        r.finding.as_ref().map(|f| f.code().as_str())
    }

    #[test]
    fn ascii_scan_honours_escapes() {
        let m = ScanMode::AsciiSafe;
        assert_eq!(m.find_value_end(b"ab]", 0), Some(2));
        assert_eq!(m.find_value_end(b"a\\]b]", 0), Some(4));
        assert_eq!(m.find_value_end(b"a\\\\]b]", 0), Some(3));
        assert_eq!(m.find_value_end(b"]", 0), Some(0));
        assert_eq!(m.find_value_end(b"x]y]", 2), Some(3));
        assert_eq!(m.find_value_end(b"abc\\", 0), None);
        assert_eq!(m.find_value_end(b"abc\\]", 0), None);
        assert_eq!(m.find_value_end(b"abc", 0), None);
        assert_eq!(m.find_value_end(b"", 0), None);
        assert_eq!(m.find_value_end(b"ab", 5), None);
        // Past the short prefix: the memchr path, escapes included.
        let long = [
            &b"x".repeat(40)[..],
            b"\\]",
            &b"y".repeat(40),
            b"\\\\",
            b"]z]",
        ]
        .concat();
        assert_eq!(m.find_value_end(&long, 0), Some(84));
        let mut open = b"z".repeat(100);
        open.push(b'\\');
        assert_eq!(m.find_value_end(&open, 0), None);
    }

    #[test]
    fn shift_jis_trail_bytes_are_not_escapes() {
        let sjis = encoding_for_label(b"Shift_JIS").unwrap();
        let mode = ScanMode::for_encoding(sjis);
        assert_eq!(mode, ScanMode::ShiftJis);
        // "表" is 0x95 0x5C.
        let (bytes, _, _) = sjis.encode("表]");
        assert_eq!(&bytes[..], b"\x95\x5C]");
        assert_eq!(mode.find_value_end(&bytes, 0), Some(2));
        // The ASCII scan takes the 0x5C as an escape and misses the `]`.
        assert_eq!(ScanMode::AsciiSafe.find_value_end(&bytes, 0), None);
        // Escapes still work, and an escaped double-byte character is skipped whole.
        assert_eq!(mode.find_value_end(b"a\\]\\\\]", 0), Some(5));
        assert_eq!(mode.find_value_end(b"\\\x95\x5C]", 0), Some(3));
        // Half-width katakana (0xA1-0xDF) are single bytes.
        assert_eq!(mode.find_value_end(b"\xB1]", 0), Some(1));
        // A lead byte before an ASCII byte that is no trail byte: read alone.
        assert_eq!(mode.find_value_end(b"\x95\n]", 0), Some(2));
        assert_eq!(mode.find_value_end(b"\x95\x5C", 0), None);
        // Real: PB[申眞ソ] of a Nihon Ki-in file (申 and ソ end in 0x5C).
        let pb = b"PB[\x90\\\xe1\xc1\x83\\]\r\nBR[";
        assert_eq!(mode.find_value_end(pb, 3), Some(9));
        assert_eq!(decode(sjis, &pb[3..9]), "申眞ソ");
    }

    #[test]
    fn big5_gbk_and_uhc_trail_bytes() {
        // Big5 "許" is 0xB3 0x5C.
        assert_eq!(encoding_rs::BIG5.encode("許").0.as_ref(), b"\xB3\x5C");
        assert_eq!(ScanMode::Big5.find_value_end(b"\xB3\x5C]", 0), Some(2));
        assert_eq!(ScanMode::Big5.find_value_end(b"\\\xB3\x5C]", 0), Some(3));
        // GBK "揮" is 0x93 0x5D: its trail byte is `]`.
        let gbk = encoding_rs::GBK;
        assert_eq!(gbk.encode("揮").0.as_ref(), b"\x93\x5D");
        assert_eq!(ScanMode::Gbk.find_value_end(b"\x93\x5Dx]", 0), Some(3));
        assert_eq!(
            ScanMode::AsciiSafe.find_value_end(b"\x93\x5Dx]", 0),
            Some(1)
        );
        assert_eq!(ScanMode::Gbk.find_value_end(b"\\\\]", 0), Some(2));
        // GB18030 four-byte sequences: "𠀀" is 0x95 0x32 0x82 0x36.
        let (four, _, _) = encoding_rs::GB18030.encode("𠀀]");
        assert_eq!(four.len(), 5);
        assert_eq!(ScanMode::Gbk.find_value_end(&four, 0), Some(4));
        assert_eq!(ScanMode::Gbk.find_value_end(b"\x93", 0), None);
        // UHC trail bytes are never `\` or `]`: a lead byte before `]` is
        // malformed and the `]` closes the value, as the decoder reads it.
        let uhc = encoding_for_label(b"EUC-KR").unwrap();
        assert_eq!(ScanMode::for_encoding(uhc), ScanMode::Uhc);
        assert_eq!(ScanMode::Uhc.find_value_end(b"\x81]x]", 0), Some(1));
        assert_eq!(decode(uhc, b"\x81]"), "\u{FFFD}]");
        let (korean, _, _) = uhc.encode("조치훈]");
        assert_eq!(ScanMode::Uhc.find_value_end(&korean, 0), Some(6));
    }

    #[test]
    fn iso_2022_jp_two_byte_mode_hides_brackets() {
        let m = ScanMode::Iso2022Jp;
        // `!]` is one JIS X 0208 character in two-byte mode.
        let v = b"\x1B$B\x21\x5D\x1B(Bx]";
        assert_eq!(m.find_value_end(v, 0), Some(9));
        assert_eq!(ScanMode::AsciiSafe.find_value_end(v, 0), Some(4));
        assert_eq!(m.find_value_end(b"\x1B$B\x21\x5D", 0), None);
        // `\` inside two-byte mode is no escape either.
        assert_eq!(m.find_value_end(b"\x1B$B\x5C\x5D\x1B(J]", 0), Some(8));
        // JIS X 0212 (ESC $ ( D), and escapes in ASCII mode.
        assert_eq!(m.find_value_end(b"\x1B$(D\x30\x5D\x1B(B\\]]", 0), Some(11));
        // Half-width katakana: 0x5D is a character.
        assert_eq!(m.find_value_end(b"\x1B(I\x5D\x1B(B]", 0), Some(7));
        // What encoding_rs writes round-trips through the scan.
        let (bytes, _, _) = encoding_rs::ISO_2022_JP.encode("囲碁は古代のゲーム]");
        let end = m.find_value_end(&bytes, 0).unwrap();
        assert_eq!(
            decode(encoding_rs::ISO_2022_JP, &bytes[..end]),
            "囲碁は古代のゲーム"
        );
        // Real (libsgfcplusplus): a comment full of `!` `"` `$` pairs.
        let c = b"C[Go\x1b$B$O8EBe$N%2!<%`$G$\"$j!\"Cf9q$G$N5/8;$rK:$l$F$+$i!#\x1b(B]\n)";
        let end = m.find_value_end(c, 2).unwrap();
        assert_eq!(&c[end..], b"]\n)");
        assert!(decode(encoding_rs::ISO_2022_JP, &c[2..end]).starts_with("Goは古代"));
    }

    #[test]
    fn labels_from_the_wild_are_known() {
        for (label, name) in [
            ("UTF-8", "UTF-8"),
            ("utf-8", "UTF-8"),
            ("utf8", "UTF-8"),
            (" UTF8 ", "UTF-8"),
            ("\tUTF-8\n", "UTF-8"),
            ("ASCII", "windows-1252"),
            ("US-ASCII", "windows-1252"),
            ("ISO8859_1", "windows-1252"),
            ("ISO8859-1", "windows-1252"),
            ("ISO-8859-1", "windows-1252"),
            ("ISO_8859-1", "windows-1252"),
            ("Latin1", "windows-1252"),
            ("Latin-1", "windows-1252"),
            ("Windows-1252", "windows-1252"),
            ("CP1252", "windows-1252"),
            ("ISO-8859-15", "ISO-8859-15"),
            ("ISO8859_15", "ISO-8859-15"),
            ("latin9", "ISO-8859-15"),
            ("Latin-5", "windows-1254"),
            ("ISO-8859-3", "ISO-8859-3"),
            ("Windows-1251", "windows-1251"),
            ("CP1251", "windows-1251"),
            ("Windows1250", "windows-1250"),
            ("KOI8-R", "KOI8-R"),
            ("Shift_JIS", "Shift_JIS"),
            ("SHIFT_JIS", "Shift_JIS"),
            ("Shift-JIS", "Shift_JIS"),
            ("ShiftJIS", "Shift_JIS"),
            ("SJIS", "Shift_JIS"),
            ("MS_Kanji", "Shift_JIS"),
            ("Windows-31J", "Shift_JIS"),
            ("CP932", "Shift_JIS"),
            ("EUC-JP", "EUC-JP"),
            ("eucJP", "EUC-JP"),
            ("ISO-2022-JP", "ISO-2022-JP"),
            ("GB2312", "GBK"),
            ("EUC-CN", "GBK"),
            ("cp936", "GBK"),
            ("GBK", "GBK"),
            ("GB18030", "gb18030"),
            ("Big5", "Big5"),
            ("BIG-5", "Big5"),
            ("Big5-HKSCS", "Big5"),
            ("EUC-KR", "EUC-KR"),
            ("CP949", "EUC-KR"),
            ("UHC", "EUC-KR"),
            ("macintosh", "macintosh"),
            ("x-mac-roman", "macintosh"),
            ("MacRoman", "macintosh"),
            ("UTF-16LE", "UTF-16LE"),
            ("UTF-16", "UTF-16LE"),
            ("UTF-16BE", "UTF-16BE"),
        ] {
            assert_eq!(
                encoding_for_label(label.as_bytes()).map(|e| e.name()),
                Some(name),
                "{label}"
            );
        }
        for bogus in [
            "foo",
            "unknown",
            "",
            "   ",
            "UTF-9",
            "iso8859",
            "cp",
            "windows-99999",
        ] {
            assert_eq!(encoding_for_label(bogus.as_bytes()), None, "{bogus}");
        }
        assert_eq!(encoding_for_label(&[b'x'; 200]), None);
        assert_eq!(encoding_for_label(b"\xff\xfe"), None);
    }

    #[test]
    fn detection_finds_east_asian_text() {
        let sample = "本因坊秀策と井上幻庵因碩の対局。黒番の秀策が耳赤の一手を打った。";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(sample);
        assert_eq!(detect(&sjis), encoding_rs::SHIFT_JIS);
        let (gb, _, _) =
            encoding_rs::GB18030.encode("这是一盘围棋比赛的棋谱，黑方执先，白方贴目七目半。");
        // chardetng names GBK, whose decoder also reads GB18030.
        let found = detect(&gb);
        assert!(
            found == encoding_rs::GBK || found == encoding_rs::GB18030,
            "{}",
            found.name()
        );
        let (big5, _, _) = encoding_rs::BIG5.encode("這是一盤圍棋比賽的棋譜，黑方執先，白方貼目。");
        assert_eq!(detect(&big5), encoding_rs::BIG5);
        assert_eq!(detect(b"plain"), encoding_rs::UTF_8);
        assert_eq!(detect("秀策".as_bytes()), encoding_rs::UTF_8);
        assert_eq!(
            detect(b"C[h\xe9h\xe9 caf\xe9 cr\xe9\xe9 par]"),
            encoding_rs::WINDOWS_1252
        );
        let (jis, _, _) = encoding_rs::ISO_2022_JP.encode(sample);
        assert_eq!(detect(&jis), encoding_rs::ISO_2022_JP);
        assert_eq!(detect(b"a\x1b[0m b"), encoding_rs::UTF_8);
    }

    #[test]
    fn text_is_found_at_every_offset() {
        for at in 0..20 {
            for byte in [0x80u8, 0xFF, 0x1B] {
                let mut input = vec![b'a'; 20];
                input[at] = byte;
                let found = detection_sample(&input);
                assert!(found.contains(&byte), "{byte:#04x} at {at}: {found:?}");
            }
            assert!(detection_sample(&vec![b'a'; at]).is_empty());
        }
    }

    #[test]
    fn the_sample_keeps_characters_whole_and_drops_the_ascii_around_them() {
        // ソ is 0x83 0x5C in Shift_JIS: its trail byte is ASCII `\`.
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("ソ連");
        let mut input = b"PMABBREER\nGIab".to_vec();
        input.extend_from_slice(&sjis);
        input.extend_from_slice(b"cd\nPMACWEEEE\n");
        // One byte of context on either side.
        let mut want = b"b".to_vec();
        want.extend_from_slice(&sjis);
        want.extend_from_slice(b"c ");
        assert_eq!(&*detection_sample(&input), &want[..]);
        // ISO-2022-JP: the line whole, its text being ASCII.
        let jis = b"x\nGI\x1b$B$3$s\x1b(B z\nPM\n";
        assert_eq!(&*detection_sample(jis), b"GI\x1b$B$3$s\x1b(B z\n");
        assert!(detection_sample(b"PMABBREER\n").is_empty());
    }

    #[test]
    fn truncated_utf8_is_still_utf8() {
        // As the Fox server cut names: "你若有" and half of "天".
        let input =
            b"(;CA[UTF-8]PB[\xe4\xbd\xa0\xe8\x8b\xa5\xe6\x9c\x89\xe5\x9b]BR[9\xe6\xae\xb5])";
        assert_eq!(utf8_shape(input), Shape::Mostly);
        assert_eq!(detect(input), encoding_rs::UTF_8);
        let r = resolve(Some(b"UTF-8"), input);
        assert_eq!(r.encoding, encoding_rs::UTF_8);
        assert_eq!(r.scan, ScanMode::AsciiSafe);
        assert_eq!(
            r.finding,
            Some(Finding::Malformed {
                encoding: encoding_rs::UTF_8
            })
        );
        assert_eq!(code(&r), Some("charset/mismatch"));
        let r = resolve(None, input);
        assert_eq!(r.encoding, encoding_rs::UTF_8);
        assert_eq!(code(&r), Some("charset/detected"));
        assert!(r.finding.unwrap().message().contains("mostly"));
        // Legacy text is not mostly UTF-8.
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("本因坊秀策と井上幻庵因碩");
        assert_eq!(utf8_shape(&sjis), Shape::Not);
    }

    #[test]
    fn resolve_covers_the_common_cases() {
        // No CA, ASCII / UTF-8.
        let r = resolve(None, b"(;C[plain])");
        assert_eq!(
            (r.encoding, r.scan, &r.finding),
            (encoding_rs::UTF_8, ScanMode::AsciiSafe, &None)
        );
        let r = resolve(None, "(;C[日本])".as_bytes());
        assert_eq!((r.encoding, r.finding), (encoding_rs::UTF_8, None));
        let r = resolve(Some(b""), "(;C[日本])".as_bytes());
        assert_eq!((r.encoding, r.finding), (encoding_rs::UTF_8, None));
        // No CA, Shift_JIS bytes.
        let (sjis, _, _) = encoding_rs::SHIFT_JIS
            .encode("(;C[本因坊秀策と井上幻庵因碩の対局。黒番の秀策が耳赤の一手を打った。])");
        let r = resolve(None, &sjis);
        assert_eq!(r.encoding, encoding_rs::SHIFT_JIS);
        assert_eq!(r.scan, ScanMode::ShiftJis);
        assert_eq!(code(&r), Some("charset/detected"));
        assert_eq!(r.finding.as_ref().unwrap().severity(), Severity::Warning);
        assert!(r.finding.unwrap().message().contains("Shift_JIS"));
        // CA[UTF-8] over Latin-1.
        let r = resolve(Some(b"UTF-8"), b"(;C[caf\xe9 cr\xe9\xe9 \xe0 Paris])");
        assert_eq!(code(&r), Some("charset/mismatch"));
        assert_eq!(r.encoding, encoding_rs::WINDOWS_1252);
        // CA[UTF-8] over Shift_JIS: the scan changes too.
        let r = resolve(Some(b"UTF-8"), &sjis);
        assert_eq!(
            (r.encoding, r.scan),
            (encoding_rs::SHIFT_JIS, ScanMode::ShiftJis)
        );
        assert!(matches!(r.finding, Some(Finding::Mismatch { .. })));
        // Unknown labels.
        let r = resolve(Some(b"foo"), b"(;C[x])");
        assert_eq!(code(&r), Some("charset/unknown-label"));
        assert_eq!(r.encoding, encoding_rs::UTF_8);
        assert!(r.finding.unwrap().message().contains("CA[foo]"));
        let r = resolve(Some(b"unknown"), b"(;C[\xf6\xfc\xe4 sch\xf6n gr\xfcn])");
        assert_eq!(r.encoding, encoding_rs::WINDOWS_1252);
        // CA[ISO-8859-1] over UTF-8: read as UTF-8.
        let r = resolve(Some(b"ISO-8859-1"), "(;C[café])".as_bytes());
        assert_eq!(r.encoding, encoding_rs::UTF_8);
        assert_eq!(
            r.finding,
            Some(Finding::Mismatch {
                declared: encoding_rs::WINDOWS_1252,
                detected: encoding_rs::UTF_8
            })
        );
        assert!(r.finding.unwrap().message().contains("ISO-8859-1"));
        let r = resolve(Some(b"ASCII"), "(;PW[Müller])".as_bytes());
        assert_eq!(r.encoding, encoding_rs::UTF_8);
        // CA[ISO-8859-1] over Latin-1, and over ASCII: as declared.
        let r = resolve(Some(b"ISO-8859-1"), b"(;C[caf\xe9])");
        assert_eq!((r.encoding, r.finding), (encoding_rs::WINDOWS_1252, None));
        let r = resolve(Some(b"ISO8859_1"), b"(;C[cafe])");
        assert_eq!((r.encoding, r.finding), (encoding_rs::WINDOWS_1252, None));
        let r = resolve(Some(b"ASCII"), b"(;C[caf\xe9])");
        assert_eq!((r.encoding, r.finding), (encoding_rs::WINDOWS_1252, None));
        // UTF-16 declared on 8-bit text.
        let r = resolve(Some(b"UTF-16LE"), b"(;C[x])");
        let finding = r.finding.as_ref().unwrap();
        assert_eq!(finding.severity(), Severity::Error);
        assert_eq!(finding.code().as_str(), "charset/unsupported");
        assert!(finding.message().contains("UTF-16LE"));
        assert_eq!(
            (r.encoding, r.scan),
            (encoding_rs::UTF_8, ScanMode::AsciiSafe)
        );
    }

    #[test]
    fn resolve_multibyte_declarations() {
        let text = "(;PB[本因坊秀策]PW[井上幻庵因碩]C[耳赤の一手])";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(text);
        let r = resolve(Some(b"SJIS"), &sjis);
        assert_eq!(
            (r.encoding, r.scan, r.finding),
            (encoding_rs::SHIFT_JIS, ScanMode::ShiftJis, None)
        );
        // The text is really UTF-8: read as UTF-8 and scanned as such.
        let r = resolve(Some(b"Shift_JIS"), text.as_bytes());
        assert_eq!(
            (r.encoding, r.scan),
            (encoding_rs::UTF_8, ScanMode::AsciiSafe)
        );
        assert_eq!(code(&r), Some("charset/mismatch"));
        // UTF-8 Chinese often pairs into valid GBK: still UTF-8.
        let zh = "(;PB[李昌镐]PW[聂卫平])";
        let r = resolve(Some(b"GB2312"), zh.as_bytes());
        assert_eq!(r.encoding, encoding_rs::UTF_8);
        // Shift_JIS with a broken character: malformed, still Shift_JIS.
        let mut broken = sjis.to_vec();
        broken.insert(6, 0xFD);
        broken.insert(6, 0x82);
        let r = resolve(Some(b"Shift_JIS"), &broken);
        assert_eq!(r.encoding, encoding_rs::SHIFT_JIS);
        assert!(
            matches!(r.finding, Some(Finding::Malformed { .. })),
            "{r:?}"
        );
        // GB18030 declared, GB18030 text.
        let (gb, _, _) = encoding_rs::GB18030.encode("(;C[赵治勋 𠀀])");
        let r = resolve(Some(b"GB18030"), &gb);
        assert_eq!(
            (r.encoding, r.scan, r.finding),
            (encoding_rs::GB18030, ScanMode::Gbk, None)
        );
        // ISO-2022-JP: declared, or detected when CA is missing.
        let (jis, _, _) = encoding_rs::ISO_2022_JP.encode("(;C[囲碁は古代のゲームです])");
        let r = resolve(Some(b"ISO-2022-JP"), &jis);
        assert_eq!(
            (r.encoding, r.scan, r.finding),
            (encoding_rs::ISO_2022_JP, ScanMode::Iso2022Jp, None)
        );
        let r = resolve(None, &jis);
        assert_eq!(
            (r.encoding, r.scan),
            (encoding_rs::ISO_2022_JP, ScanMode::Iso2022Jp)
        );
        assert_eq!(code(&r), Some("charset/detected"));
        let r = resolve(Some(b"ISO-2022-JP"), b"(;C[\x1b$B\x21])");
        assert!(
            matches!(r.finding, Some(Finding::Malformed { .. })),
            "{r:?}"
        );
    }

    #[test]
    fn scan_mode_for_the_whole_input() {
        // "ソ" is 0x83 0x5C in Shift_JIS: a `\\` as its second byte.
        let (sjis, _, _) = encoding_rs::SHIFT_JIS
            .encode("(;C[本因坊秀策と井上幻庵因碩の対局。黒番の秀策が耳赤の一手を打った。ソ])");
        assert_eq!(scan_mode_for(None, &sjis), ScanMode::ShiftJis);
        assert_eq!(scan_mode_for(Some(b"Shift_JIS"), &sjis), ScanMode::ShiftJis);
        // Without a `]` or `\\` after a byte above 0x7F, every mode scans
        // alike: no detection, ASCII scanning.
        let (plain, _, _) = encoding_rs::SHIFT_JIS.encode("(;C[本因坊秀策と井上幻庵因碩の対局。])");
        assert_eq!(scan_mode_for(None, &plain), ScanMode::AsciiSafe);
        assert_eq!(
            scan_mode_for(Some(b"Shift_JIS"), &plain),
            ScanMode::AsciiSafe
        );
        assert_eq!(
            ScanMode::ShiftJis.find_value_end(&plain, 4),
            ScanMode::AsciiSafe.find_value_end(&plain, 4)
        );
        assert_eq!(
            scan_mode_for(Some(b"Shift_JIS"), "(;C[本因坊])".as_bytes()),
            ScanMode::AsciiSafe
        );
        assert_eq!(scan_mode_for(Some(b"UTF-8"), &sjis), ScanMode::AsciiSafe);
        assert_eq!(scan_mode_for(Some(b"EUC-KR"), b"x"), ScanMode::AsciiSafe);
        assert_eq!(scan_mode_for(None, b"(;B[pd])"), ScanMode::AsciiSafe);
        assert_eq!(
            scan_mode_for(Some(b"UTF-16LE"), b"(;B[pd])"),
            ScanMode::AsciiSafe
        );
        assert_eq!(
            scan_mode_for(Some(b"Big5"), b"(;C[\xB3\x5C])"),
            ScanMode::Big5
        );
    }

    #[test]
    fn decode_and_encode_round_trip() {
        let sjis = encoding_rs::SHIFT_JIS;
        let text = "耳赤の一手";
        let bytes = encode(sjis, text).unwrap();
        assert!(matches!(bytes, Cow::Owned(_)));
        assert_eq!(decode(sjis, &bytes), text);
        for (encoding, text) in [
            (encoding_rs::GB18030, "赵治勋 𠀀 €"),
            (encoding_rs::GBK, "聂卫平"),
            (encoding_rs::BIG5, "許家元"),
            (encoding_rs::EUC_KR, "조치훈"),
            (encoding_rs::EUC_JP, "井山裕太"),
            (encoding_rs::ISO_2022_JP, "井山裕太 (ISO-2022-JP)"),
            (encoding_rs::WINDOWS_1251, "Москва"),
            (encoding_rs::WINDOWS_1252, "café €"),
            (encoding_rs::ISO_8859_15, "s€h€n"),
            (encoding_rs::MACINTOSH, "naïve"),
            (encoding_rs::UTF_8, "秀策"),
        ] {
            let bytes = encode(encoding, text).unwrap();
            assert_eq!(decode(encoding, &bytes), text, "{}", encoding.name());
        }
        // Borrowed both ways when nothing changes.
        assert!(matches!(decode(sjis, b"abc"), Cow::Borrowed("abc")));
        assert!(matches!(
            decode(encoding_rs::UTF_8, "秀".as_bytes()),
            Cow::Borrowed(_)
        ));
        assert!(matches!(
            decode(encoding_rs::ISO_2022_JP, b"abc"),
            Cow::Borrowed(_)
        ));
        assert!(matches!(encode(sjis, "abc"), Ok(Cow::Borrowed(b"abc"))));
        assert!(matches!(
            encode(encoding_rs::UTF_8, "秀"),
            Ok(Cow::Borrowed(_))
        ));
        // Malformed input decodes with U+FFFD.
        assert_eq!(decode(encoding_rs::UTF_8, b"a\xe5\x9b"), "a\u{FFFD}");
        assert_eq!(decode(sjis, b"\x82"), "\u{FFFD}");
        // ISO-2022-JP: escape sequences in ASCII text are not ASCII.
        assert_eq!(decode(encoding_rs::ISO_2022_JP, b"\x1b$B$O\x1b(B"), "は");
        // Unmappable characters.
        assert_eq!(
            encode(encoding_rs::WINDOWS_1252, "a€b").unwrap().as_ref(),
            b"a\x80b"
        );
        assert_eq!(encode(encoding_rs::WINDOWS_1252, "a日b"), Err('日'));
        assert_eq!(encode(encoding_rs::GBK, "x𠀀"), Err('𠀀'));
        assert_eq!(
            encode(encoding_rs::ISO_2022_JP, "ab\u{1F600}"),
            Err('\u{1F600}')
        );
        // `¥` would come out as 0x5C, an escape: refused.
        assert_eq!(encode(sjis, "Yen: ¥"), Err('¥'));
        assert_eq!(encode(encoding_rs::EUC_JP, "¥"), Err('¥'));
        assert_eq!(encode(encoding_rs::ISO_2022_JP, "¥"), Err('¥'));
        // ISO-2022-JP has no half-width katakana: encoding_rs widens them.
        assert_eq!(encode(encoding_rs::ISO_2022_JP, "ｱ"), Err('ｱ'));
        // UTF-16 writes UTF-16.
        assert_eq!(
            encode(encoding_rs::UTF_16LE, "a秀").unwrap().as_ref(),
            b"a\x00\xc0\x79"
        );
        assert_eq!(
            encode(encoding_rs::UTF_16BE, "a").unwrap().as_ref(),
            b"\x00a"
        );
        assert_eq!(decode(encoding_rs::UTF_16LE, b"a\x00\xc0\x79"), "a秀");
    }

    #[test]
    fn char_counts() {
        assert_eq!(char_count(encoding_rs::UTF_8, b""), 0);
        assert_eq!(char_count(encoding_rs::UTF_8, "abc".as_bytes()), 3);
        assert_eq!(char_count(encoding_rs::UTF_8, "日本".as_bytes()), 2);
        assert_eq!(char_count(encoding_rs::UTF_8, b"a\xe5\x9b"), 2);
        let bytes = encode(encoding_rs::SHIFT_JIS, "C[耳赤ｱ").unwrap();
        assert_eq!(bytes.len(), 7);
        assert_eq!(char_count(encoding_rs::SHIFT_JIS, &bytes), 5);
        assert_eq!(char_count(encoding_rs::WINDOWS_1252, b"caf\xe9"), 4);
        let (jis, _, _) = encoding_rs::ISO_2022_JP.encode("a囲碁b");
        assert_eq!(char_count(encoding_rs::ISO_2022_JP, &jis), 4);
    }

    #[test]
    fn ca_labels() {
        for (encoding, label) in [
            (encoding_rs::UTF_8, "UTF-8"),
            (encoding_rs::SHIFT_JIS, "Shift_JIS"),
            (encoding_rs::GB18030, "GB18030"),
            (encoding_rs::GBK, "GBK"),
            (encoding_rs::BIG5, "Big5"),
            (encoding_rs::EUC_KR, "EUC-KR"),
            (encoding_rs::ISO_2022_JP, "ISO-2022-JP"),
            (encoding_rs::WINDOWS_1252, "ISO-8859-1"),
            (encoding_rs::ISO_8859_15, "ISO-8859-15"),
        ] {
            assert_eq!(ca_label(encoding), label);
            // Every label written reads back as its encoding.
            assert_eq!(encoding_for_label(label.as_bytes()), Some(encoding));
        }
    }

    #[test]
    fn findings_have_codes_and_messages() {
        let all = [
            Finding::Detected {
                encoding: encoding_rs::BIG5,
            },
            Finding::UnknownLabel {
                label: "foo".into(),
                detected: encoding_rs::UTF_8,
            },
            Finding::Mismatch {
                declared: encoding_rs::UTF_8,
                detected: encoding_rs::GBK,
            },
            Finding::Malformed {
                encoding: encoding_rs::SHIFT_JIS,
            },
            Finding::Unsupported {
                label: "UTF-16LE".into(),
                detected: encoding_rs::UTF_8,
            },
        ];
        let codes: Vec<_> = all.iter().map(|f| f.code().as_str()).collect();
        assert_eq!(
            codes,
            [
                "charset/detected",
                "charset/unknown-label",
                "charset/mismatch",
                "charset/mismatch",
                "charset/unsupported"
            ]
        );
        assert!(all[0].message().contains("Big5"));
        assert!(all[2].message().contains("GBK"));
        assert!(all[3].message().contains("Shift_JIS"));
    }

    /// The declared files of the shared corpus resolve to their label with
    /// no finding, and values scan to their closing bracket. Skipped when
    /// the corpus is absent.
    #[test]
    fn corpus_declared_charsets() {
        let dir = match std::env::var_os("KIFU_CORPUS") {
            Some(d) => std::path::PathBuf::from(d),
            None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        }
        .join("sgf/ff4/libsgfcplusplus");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("note: corpus not found at {}; skipping", dir.display());
            return;
        };
        let mut checked = 0;
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.starts_with("encoding-") || name.contains("utf16") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let at = memchr::memmem::find(&bytes, b"CA[").unwrap() + 3;
            let end = ScanMode::AsciiSafe.find_value_end(&bytes, at).unwrap();
            let label = &bytes[at..end];
            let r = resolve(Some(label), &bytes);
            assert_eq!(
                (Some(r.encoding), &r.finding),
                (encoding_for_label(label), &None),
                "{name}"
            );
            // Every value closes before the end, and the text decodes cleanly.
            let mut pos = 0;
            while let Some(open) = memchr::memchr(b'[', &bytes[pos..]) {
                let close = r.scan.find_value_end(&bytes, pos + open + 1).expect(&name);
                assert!(
                    !decode(r.encoding, &bytes[pos + open + 1..close]).contains('\u{FFFD}'),
                    "{name}"
                );
                pos = close + 1;
            }
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} files");
    }
}

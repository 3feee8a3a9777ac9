//! Charsets: which one a game's text is in (`CA`, or detection when `CA` is
//! missing or wrong), how the lexer must scan values in it, and decoding.
//!
//! SGF structure is ASCII, but some charsets put the bytes of `]` (0x5D)
//! and `\` (0x5C) inside multibyte characters: the trail byte of a
//! Shift_JIS, Big5, GBK/GB18030 or UHC character can be either, and
//! ISO-2022-JP switches to two-byte mode with escape sequences. A lexer that
//! ignores this cuts values in the middle of a character, so the
//! [`ScanMode`] tells it what a character is.
//!
//! Labels are matched by [`encoding_for_label`] (the WHATWG names of
//! encoding_rs plus the spellings found in real files). Following the
//! WHATWG Encoding Standard, `ISO-8859-1` and `ASCII` decode as
//! windows-1252, a superset that gives the same text for every byte
//! ISO-8859-1 defines as printable.
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

use encoding_rs::Encoding;
use kifu_diag::{Code, Severity};

/// How the lexer must scan value bytes in a charset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanMode {
    /// Every byte below 0x80 is ASCII (UTF-8, ISO-8859-x, Windows-125x,
    /// KOI8, EUC-JP, EUC-KR...): `]` and `\` can be searched for directly.
    AsciiSafe,
    /// Shift_JIS: lead bytes 0x81-0x9F and 0xE0-0xFC take a trail byte.
    ShiftJis,
    /// Big5, GBK, GB18030, UHC: lead bytes 0x81-0xFE take a trail byte
    /// (GB18030 four-byte sequences have ASCII digits as second and fourth
    /// bytes, never `]` or `\`, so two-byte stepping is safe for them too).
    DoubleByte,
    /// ISO-2022-JP: `ESC $ @`, `ESC $ B` and `ESC $ ( D` start two-byte
    /// mode, `ESC ( B` and `ESC ( J` end it.
    Iso2022Jp,
}

impl ScanMode {
    /// The scanning mode for an encoding.
    pub fn for_encoding(encoding: &'static Encoding) -> ScanMode {
        if encoding == encoding_rs::SHIFT_JIS {
            ScanMode::ShiftJis
        } else if encoding == encoding_rs::BIG5
            || encoding == encoding_rs::GBK
            || encoding == encoding_rs::GB18030
            || encoding == encoding_rs::EUC_KR
        {
            // encoding_rs's EUC-KR is windows-949 (UHC), whose trail bytes
            // go down to 0x41.
            ScanMode::DoubleByte
        } else if encoding == encoding_rs::ISO_2022_JP {
            ScanMode::Iso2022Jp
        } else {
            ScanMode::AsciiSafe
        }
    }

    /// From `from` (the byte after `[`), the index of the `]` that closes
    /// the value, honouring `\` escapes and multibyte characters; `None`
    /// if the input ends first.
    pub fn find_value_end(self, bytes: &[u8], from: usize) -> Option<usize> {
        match self {
            ScanMode::AsciiSafe => ascii_value_end(bytes, from),
            ScanMode::ShiftJis => {
                multibyte_value_end(bytes, from, |b| matches!(b, 0x81..=0x9F | 0xE0..=0xFC))
            }
            ScanMode::DoubleByte => multibyte_value_end(bytes, from, |b| matches!(b, 0x81..=0xFE)),
            ScanMode::Iso2022Jp => iso2022jp_value_end(bytes, from),
        }
    }
}

fn ascii_value_end(bytes: &[u8], from: usize) -> Option<usize> {
    // Most values are a few bytes (`pd`, `19`): look at them directly
    // before paying for a vectorised search.
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
    while at <= bytes.len() {
        let found = at + memchr::memchr2(b']', b'\\', &bytes[at..])?;
        if bytes[found] == b']' {
            return Some(found);
        }
        // A backslash: the next byte is literal, whatever it is.
        at = found + 2;
    }
    None
}

fn multibyte_value_end(bytes: &[u8], from: usize, is_lead: impl Fn(u8) -> bool) -> Option<usize> {
    let mut at = from;
    while at < bytes.len() {
        let b = bytes[at];
        if b == b']' {
            return Some(at);
        }
        at += if b == b'\\' || is_lead(b) { 2 } else { 1 };
    }
    None
}

fn iso2022jp_value_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    let mut two_byte = false;
    while at < bytes.len() {
        let b = bytes[at];
        if b == 0x1B {
            match bytes.get(at + 1..at + 3) {
                Some(b"$@") | Some(b"$B") => {
                    two_byte = true;
                    at += 3;
                }
                Some(b"$(") => {
                    two_byte = true;
                    at += 4;
                }
                Some(b"(B") | Some(b"(J") | Some(b"(I") => {
                    two_byte = false;
                    at += 3;
                }
                _ => at += 1,
            }
            continue;
        }
        if two_byte && (0x21..=0x7E).contains(&b) {
            at += 2;
            continue;
        }
        if b == b']' {
            return Some(at);
        }
        at += if b == b'\\' { 2 } else { 1 };
    }
    None
}

/// The encoding a `CA` value names, or `None` for a label nobody knows.
///
/// Case and surrounding white space are ignored; the WHATWG labels of
/// encoding_rs are accepted plus spellings found in real files (`UTF8`,
/// `ISO8859_1`, `Latin1`, `SJIS`, `MS_Kanji`, `GB2312`, `CP936`, `ASCII`...).
pub fn encoding_for_label(label: &[u8]) -> Option<&'static Encoding> {
    let trimmed = label.trim_ascii();
    // By far the most common label: no table search.
    if trimmed.eq_ignore_ascii_case(b"UTF-8") {
        return Some(encoding_rs::UTF_8);
    }
    if let Some(e) = Encoding::for_label_no_replacement(trimmed) {
        return Some(e);
    }
    let key: String = String::from_utf8_lossy(trimmed)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let e = match key.as_str() {
        "utf8" | "unicode11utf8" => encoding_rs::UTF_8,
        "ascii" | "usascii" | "latin1" | "iso88591" | "cp1252" | "isolatin1" => {
            encoding_rs::WINDOWS_1252
        }
        "sjis" | "shiftjis" | "mskanji" | "windows31j" | "cp932" | "xsjis" => {
            encoding_rs::SHIFT_JIS
        }
        "gb2312" | "euccn" | "cp936" | "gbk" | "gb231280" => encoding_rs::GBK,
        "gb18030" => encoding_rs::GB18030,
        "big5" | "big5hkscs" | "cp950" => encoding_rs::BIG5,
        "euckr" | "cp949" | "uhc" | "ksc5601" => encoding_rs::EUC_KR,
        "eucjp" => encoding_rs::EUC_JP,
        "iso2022jp" => encoding_rs::ISO_2022_JP,
        "koi8r" => encoding_rs::KOI8_R,
        "koi8u" => encoding_rs::KOI8_U,
        "macroman" | "macintosh" | "xmacroman" => encoding_rs::MACINTOSH,
        "utf16" | "utf16le" => encoding_rs::UTF_16LE,
        "utf16be" => encoding_rs::UTF_16BE,
        _ => {
            let iso = key
                .strip_prefix("iso8859")
                .or_else(|| key.strip_prefix("latin"));
            let win = key
                .strip_prefix("windows")
                .or_else(|| key.strip_prefix("cp"));
            let label = match (iso, win) {
                (Some(n), _) if !n.is_empty() => format!("iso-8859-{n}"),
                (_, Some(n)) if !n.is_empty() => format!("windows-{n}"),
                _ => return None,
            };
            return Encoding::for_label_no_replacement(label.as_bytes());
        }
    };
    Some(e)
}

/// Guesses the charset of text whose charset nobody declared: UTF-8 when
/// the bytes are valid UTF-8, otherwise chardetng's guess.
pub fn detect(text: &[u8]) -> &'static Encoding {
    if std::str::from_utf8(text).is_ok() {
        return encoding_rs::UTF_8;
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(text, true);
    detector.guess(None, false)
}

/// What the reader decided about one game's charset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The encoding text values are decoded with.
    pub encoding: &'static Encoding,
    /// How the lexer scans values.
    pub scan: ScanMode,
    /// Why this is not simply what `CA` says, if it is not.
    pub finding: Option<Finding>,
}

/// Diagnostic codes of charset resolution.
pub mod codes {
    use kifu_diag::Code;

    /// No `CA`, and the text is not UTF-8: the charset was detected.
    pub const DETECTED: Code = Code::new("charset/detected");
    /// `CA` names a charset kifu does not know: the charset was detected.
    pub const UNKNOWN_LABEL: Code = Code::new("charset/unknown-label");
    /// The text is not valid in the charset `CA` names: the charset was detected.
    pub const MISMATCH: Code = Code::new("charset/mismatch");
    /// A charset the SGF lexer cannot read as bytes (UTF-16 declared on 8-bit text).
    pub const UNSUPPORTED: Code = Code::new("charset/unsupported");
    /// The input is UTF-16: read through its UTF-8 form, written back as UTF-16.
    pub const UTF16: Code = Code::new("charset/utf16");
}

/// Something about a charset that had to be guessed or could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// No `CA`, and the text is not UTF-8: the charset was detected.
    Detected {
        /// What detection found.
        encoding: &'static Encoding,
    },
    /// `CA` names a charset kifu does not know.
    UnknownLabel {
        /// The label as written.
        label: String,
        /// What detection found instead.
        detected: &'static Encoding,
    },
    /// The text is not valid in the charset `CA` names.
    Mismatch {
        /// What `CA` says.
        declared: &'static Encoding,
        /// What detection found instead.
        detected: &'static Encoding,
    },
    /// A charset whose bytes the SGF lexer cannot read (UTF-16).
    Unsupported {
        /// The label or the encoding's name.
        label: String,
    },
}

impl Finding {
    /// The diagnostic code.
    pub fn code(&self) -> Code {
        match self {
            Finding::Detected { .. } => codes::DETECTED,
            Finding::UnknownLabel { .. } => codes::UNKNOWN_LABEL,
            Finding::Mismatch { .. } => codes::MISMATCH,
            Finding::Unsupported { .. } => codes::UNSUPPORTED,
        }
    }

    /// Guesses are warnings (nothing is lost if the guess is right);
    /// an unreadable charset is an error.
    pub fn severity(&self) -> Severity {
        match self {
            Finding::Unsupported { .. } => Severity::Error,
            _ => Severity::Warning,
        }
    }

    /// A message that stands alone.
    pub fn message(&self) -> String {
        match self {
            Finding::Detected { encoding } => format!(
                "no CA property and the text is not UTF-8: read as {} (detected)",
                encoding.name()
            ),
            Finding::UnknownLabel { label, detected } => format!(
                "unknown charset CA[{label}]: read as {} (detected)",
                detected.name()
            ),
            Finding::Mismatch { declared, detected } => format!(
                "the text is not valid {} as CA says: read as {} (detected)",
                declared.name(),
                detected.name()
            ),
            Finding::Unsupported { label } => {
                format!("charset {label} cannot be read as SGF bytes: text read as UTF-8")
            }
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

fn valid_in(encoding: &'static Encoding, input: &[u8]) -> bool {
    if encoding == encoding_rs::UTF_8 {
        return std::str::from_utf8(input).is_ok();
    }
    encoding
        .decode_without_bom_handling_and_without_replacement(input)
        .is_some()
}

/// Decides the charset from the `CA` value (if any) and the input bytes.
///
/// The common cases (no `CA` or `CA[UTF-8]`, with valid UTF-8) cost one
/// UTF-8 validation pass and no allocation.
pub fn resolve(ca: Option<&[u8]>, input: &[u8]) -> Resolution {
    let utf8 = || std::str::from_utf8(input).is_ok();
    let Some(label) = ca else {
        return if input.is_ascii() || utf8() {
            resolution(encoding_rs::UTF_8, None)
        } else {
            let encoding = detect(input);
            resolution(encoding, Some(Finding::Detected { encoding }))
        };
    };
    let Some(declared) = encoding_for_label(label) else {
        let detected = detect(input);
        return resolution(
            detected,
            Some(Finding::UnknownLabel {
                label: String::from_utf8_lossy(label.trim_ascii()).into_owned(),
                detected,
            }),
        );
    };
    if declared == encoding_rs::UTF_16LE || declared == encoding_rs::UTF_16BE {
        return resolution(
            encoding_rs::UTF_8,
            Some(Finding::Unsupported {
                label: declared.name().to_owned(),
            }),
        );
    }
    if input.is_ascii() {
        return resolution(declared, None);
    }
    if declared == encoding_rs::UTF_8 {
        return if utf8() {
            resolution(declared, None)
        } else {
            let detected = detect(input);
            resolution(detected, Some(Finding::Mismatch { declared, detected }))
        };
    }
    // A single-byte declaration over text that is valid multibyte UTF-8 is
    // the most common lie in the wild (programs that wrote UTF-8 and kept
    // the default CA[ISO-8859-1]).
    let single_byte = declared.is_single_byte();
    if single_byte && utf8() {
        return resolution(
            encoding_rs::UTF_8,
            Some(Finding::Mismatch {
                declared,
                detected: encoding_rs::UTF_8,
            }),
        );
    }
    if !single_byte && !valid_in(declared, input) {
        let detected = detect(input);
        if detected != declared {
            return resolution(detected, Some(Finding::Mismatch { declared, detected }));
        }
    }
    resolution(declared, None)
}

/// The scanning mode to read a whole input with, decided before parsing
/// from the first `CA` value (if any) and, only when there is no usable
/// label and the input is not UTF-8, from detection.
pub fn scan_mode_for(ca: Option<&[u8]>, input: &[u8]) -> ScanMode {
    match ca.and_then(encoding_for_label) {
        Some(e) => ScanMode::for_encoding(e),
        None if input.is_ascii() || std::str::from_utf8(input).is_ok() => ScanMode::AsciiSafe,
        None => ScanMode::for_encoding(detect(input)),
    }
}

/// Decodes value bytes to UTF-8 text, borrowing when the bytes already are
/// (UTF-8, or ASCII in an ASCII-compatible charset). Malformed sequences
/// become U+FFFD.
pub fn decode<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> Cow<'a, str> {
    if encoding == encoding_rs::UTF_8 {
        return String::from_utf8_lossy(bytes);
    }
    if bytes.is_ascii() && encoding != encoding_rs::ISO_2022_JP {
        // Every byte is ASCII: valid UTF-8 as it is.
        return Cow::Borrowed(std::str::from_utf8(bytes).unwrap_or_default());
    }
    encoding.decode_without_bom_handling(bytes).0
}

/// Encodes text into `encoding`, for writers that keep a file's charset.
///
/// # Errors
/// The first character the encoding cannot represent.
pub fn encode<'a>(encoding: &'static Encoding, text: &'a str) -> Result<Cow<'a, [u8]>, char> {
    if encoding == encoding_rs::UTF_8 || (text.is_ascii() && encoding != encoding_rs::ISO_2022_JP) {
        return Ok(Cow::Borrowed(text.as_bytes()));
    }
    let output = encoding.output_encoding();
    let (bytes, _, unmappable) = output.encode(text);
    if unmappable {
        let first = text
            .chars()
            .find(|c| output.encode(c.encode_utf8(&mut [0; 4])).2)
            .unwrap_or('\u{FFFD}');
        return Err(first);
    }
    Ok(bytes)
}

/// Number of characters `bytes` hold in `encoding` (for columns).
pub fn char_count(encoding: &'static Encoding, bytes: &[u8]) -> usize {
    decode(encoding, bytes).chars().count()
}

/// The label to write in `CA` for an encoding.
pub fn ca_label(encoding: &'static Encoding) -> &'static str {
    if encoding == encoding_rs::WINDOWS_1252 {
        // What the files say for the charset encoding_rs reads as windows-1252.
        "ISO-8859-1"
    } else {
        encoding.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_scan_honours_escapes() {
        let m = ScanMode::AsciiSafe;
        assert_eq!(m.find_value_end(b"ab]", 0), Some(2));
        assert_eq!(m.find_value_end(b"a\\]b]", 0), Some(4));
        assert_eq!(m.find_value_end(b"a\\\\]b]", 0), Some(3));
        assert_eq!(m.find_value_end(b"abc\\", 0), None);
        assert_eq!(m.find_value_end(b"abc", 0), None);
        assert_eq!(m.find_value_end(b"", 0), None);
    }

    #[test]
    fn shift_jis_trail_bytes_are_not_escapes() {
        let sjis = encoding_for_label(b"Shift_JIS").unwrap();
        let (bytes, _, _) = sjis.encode("表]");
        let mode = ScanMode::for_encoding(sjis);
        assert_eq!(mode, ScanMode::ShiftJis);
        assert_eq!(mode.find_value_end(&bytes, 0), Some(2));
        // The ASCII scan would take the 0x5C as an escape and miss the `]`.
        assert_eq!(ScanMode::AsciiSafe.find_value_end(&bytes, 0), None);
    }

    #[test]
    fn big5_and_gbk_trail_bytes_are_skipped() {
        // Big5 "許" is 0xB3 0x5C.
        assert_eq!(
            ScanMode::DoubleByte.find_value_end(b"\xB3\x5C]", 0),
            Some(2)
        );
        // GBK trail bytes include 0x5D.
        assert_eq!(
            ScanMode::DoubleByte.find_value_end(b"\x81\x5Dx]", 0),
            Some(3)
        );
        assert_eq!(ScanMode::DoubleByte.find_value_end(b"\\]]", 0), Some(2));
    }

    #[test]
    fn iso_2022_jp_two_byte_mode_hides_brackets() {
        let v = b"\x1B$B\x21\x5D\x1B(Bx]";
        assert_eq!(ScanMode::Iso2022Jp.find_value_end(v, 0), Some(9));
        assert_eq!(
            ScanMode::Iso2022Jp.find_value_end(b"\x1B$B\x21\x5D", 0),
            None
        );
    }

    #[test]
    fn labels_from_the_wild_are_known() {
        for (label, name) in [
            ("UTF-8", "UTF-8"),
            ("utf8", "UTF-8"),
            (" UTF8 ", "UTF-8"),
            ("ISO8859_1", "windows-1252"),
            ("ISO-8859-1", "windows-1252"),
            ("Latin1", "windows-1252"),
            ("ASCII", "windows-1252"),
            ("ISO-8859-15", "ISO-8859-15"),
            ("SJIS", "Shift_JIS"),
            ("MS_Kanji", "Shift_JIS"),
            ("GB2312", "GBK"),
            ("EUC-CN", "GBK"),
            ("GB18030", "gb18030"),
            ("Big5", "Big5"),
            ("EUC-KR", "EUC-KR"),
            ("ISO-2022-JP", "ISO-2022-JP"),
            ("Windows-1251", "windows-1251"),
            ("macintosh", "macintosh"),
            ("UTF-16LE", "UTF-16LE"),
        ] {
            assert_eq!(
                encoding_for_label(label.as_bytes()).map(|e| e.name()),
                Some(name),
                "{label}"
            );
        }
        assert_eq!(encoding_for_label(b"foo"), None);
        assert_eq!(encoding_for_label(b"unknown"), None);
    }

    #[test]
    fn detection_finds_east_asian_text() {
        let sample = "本因坊秀策と井上幻庵因碩の対局。黒番の秀策が耳赤の一手を打った。";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(sample);
        assert_eq!(detect(&sjis), encoding_rs::SHIFT_JIS);
        let (gb, _, _) =
            encoding_rs::GBK.encode("这是一盘围棋比赛的棋谱，黑方执先，白方贴目七目半。");
        let found = detect(&gb);
        assert!(
            found == encoding_rs::GBK || found == encoding_rs::GB18030,
            "{}",
            found.name()
        );
        assert_eq!(detect("plain".as_bytes()), encoding_rs::UTF_8);
    }

    #[test]
    fn resolve_covers_the_common_cases() {
        let r = resolve(None, b"(;C[plain])");
        assert_eq!((r.encoding, r.finding), (encoding_rs::UTF_8, None));
        let r = resolve(None, "(;C[日本])".as_bytes());
        assert_eq!((r.encoding, r.finding), (encoding_rs::UTF_8, None));
        let (sjis, _, _) = encoding_rs::SHIFT_JIS
            .encode("(;C[本因坊秀策と井上幻庵因碩の対局。黒番の秀策が耳赤の一手を打った。])");
        let r = resolve(None, &sjis);
        assert_eq!(r.encoding, encoding_rs::SHIFT_JIS);
        assert_eq!(r.scan, ScanMode::ShiftJis);
        assert_eq!(r.finding.unwrap().code().as_str(), "charset/detected");
        let r = resolve(Some(b"UTF-8"), b"(;C[caf\xE9])");
        assert_eq!(r.finding.unwrap().code().as_str(), "charset/mismatch");
        let r = resolve(Some(b"foo"), b"(;C[x])");
        assert_eq!(r.finding.unwrap().code().as_str(), "charset/unknown-label");
        let r = resolve(Some(b"ISO-8859-1"), "(;C[café])".as_bytes());
        assert_eq!(r.encoding, encoding_rs::UTF_8);
        assert!(matches!(r.finding, Some(Finding::Mismatch { .. })));
        let r = resolve(Some(b"ISO-8859-1"), b"(;C[caf\xE9])");
        assert_eq!((r.encoding, r.finding), (encoding_rs::WINDOWS_1252, None));
        let r = resolve(Some(b"UTF-16LE"), b"(;C[x])");
        assert_eq!(r.finding.as_ref().unwrap().severity(), Severity::Error);
    }

    #[test]
    fn decode_and_encode_round_trip() {
        let sjis = encoding_rs::SHIFT_JIS;
        let text = "耳赤の一手";
        let bytes = encode(sjis, text).unwrap();
        assert_eq!(decode(sjis, &bytes), text);
        assert!(matches!(decode(sjis, b"abc"), Cow::Borrowed("abc")));
        assert_eq!(
            encode(encoding_rs::WINDOWS_1252, "a€b").unwrap().as_ref(),
            b"a\x80b"
        );
        assert_eq!(encode(encoding_rs::WINDOWS_1252, "a日b"), Err('日'));
        assert_eq!(char_count(sjis, &bytes), 5);
        assert_eq!(char_count(encoding_rs::UTF_8, "日本".as_bytes()), 2);
        assert_eq!(ca_label(encoding_rs::WINDOWS_1252), "ISO-8859-1");
    }
}

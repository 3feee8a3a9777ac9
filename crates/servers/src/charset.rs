//! Which charset a file's text is in, through `kifu_sgf::charset`.
//!
//! GIB and NGF files never say: Tygem's Korean client writes EUC-KR
//! (read as its superset UHC), the Chinese one GB2312 (read as GB18030),
//! the international one UTF-8, and NGF files come in all of these and
//! Shift_JIS. So the bytes decide ([`kifu_sgf::charset::resolve`] without
//! a label: valid UTF-8 is UTF-8, anything else goes to chardetng, whose
//! answer is corrected when it names a charset these programs do not
//! write; see [`only_common_fit`]). A GIB
//! file's `GIBOKIND` (the client's country) is taken as a hint, used when
//! the text is valid in the charset it suggests. UGF files name theirs in
//! `Lang=` (`SJIS` in every file seen), which is checked against the
//! bytes as an SGF `CA` is.

use encoding_rs::Encoding;
use kifu_diag::{Diagnostic, Severity, Span};
use kifu_sgf::charset::{self, Finding};

use crate::codes;

/// Where the charset name came from, for the messages.
pub(crate) enum Source<'a> {
    /// The file does not say (GIB, NGF); `hint` is a guess from something
    /// else the file says (`GIBOKIND=Korea`), with that thing for the message.
    Undeclared {
        format: &'static str,
        hint: Option<(&'static str, &'a str)>,
    },
    /// The file says (`Lang=SJIS`): the label as written, and where.
    Declared { label: &'a [u8], span: Span },
}

/// Chooses the encoding of `input` and reports what was guessed.
pub(crate) fn choose(
    source: Source<'_>,
    input: &[u8],
    diagnostics: &mut Vec<Diagnostic>,
) -> &'static Encoding {
    match source {
        Source::Undeclared { format, hint } => {
            if input.is_ascii() && memchr::memchr(0x1B, input).is_none() {
                return encoding_rs::UTF_8;
            }
            let label = hint.map(|(label, _)| label.as_bytes());
            let sample = charset::detection_sample(input);
            let mut r = charset::resolve(label, &sample);
            let mut corrected = None;
            if let Some(Finding::Detected { encoding: guessed }) = r.finding
                && !written_by_servers(guessed)
                && let Some(fit) = only_common_fit(&sample)
            {
                r.encoding = fit;
                r.finding = Some(Finding::Detected { encoding: fit });
                corrected = Some(guessed);
            }
            let encoding = r.encoding;
            let name = charset::ca_label(encoding);
            let message = match (corrected, &r.finding, hint) {
                (Some(guessed), _, _) => Some((
                    Severity::Note,
                    format!(
                        "{format} files do not name their charset: the text is read as {name}, the \
                         only East Asian charset in which all its characters are common ones \
                         (detection from the bytes said {}, a charset the servers' programs do \
                         not write)",
                        guessed.name()
                    ),
                )),
                // Plain UTF-8 (or ASCII): nothing to say.
                (None, None, None) => None,
                // The hint holds.
                (None, None, Some((_, why))) if encoding != encoding_rs::UTF_8 => Some((
                    Severity::Note,
                    format!(
                        "{format} files do not name their charset: the text is read as {name}, as \
                         {why} suggests"
                    ),
                )),
                (None, None, Some(_)) => None,
                (None, Some(Finding::Mismatch { detected, .. }), _)
                    if *detected == encoding_rs::UTF_8 =>
                {
                    None
                }
                (None, Some(Finding::Malformed { .. }), _) => Some((
                    Severity::Warning,
                    format!(
                        "{format} files do not name their charset, and the text is not valid in \
                         any found: read as {name}, malformed bytes as U+FFFD"
                    ),
                )),
                (None, Some(Finding::Detected { .. }), _) if encoding == encoding_rs::UTF_8 => {
                    Some((
                        Severity::Warning,
                        format!(
                            "{format} files do not name their charset; the text is mostly UTF-8: \
                         read as UTF-8, malformed bytes as U+FFFD"
                        ),
                    ))
                }
                (None, Some(_), _) => Some((
                    Severity::Note,
                    format!(
                        "{format} files do not name their charset: the text is read as {name} \
                         (detected from the bytes)"
                    ),
                )),
            };
            if let Some((severity, message)) = message {
                diagnostics.push(Diagnostic::new(
                    codes::CHARSET,
                    severity,
                    Span::empty(0),
                    message,
                ));
            }
            encoding
        }
        Source::Declared { label, span } => {
            let mapped = lang_label(label);
            let r = charset::resolve(Some(mapped), &charset::detection_sample(input));
            let written = String::from_utf8_lossy(label.trim_ascii()).into_owned();
            let name = charset::ca_label(r.encoding);
            let message = match &r.finding {
                None => None,
                Some(Finding::UnknownLabel { .. }) => Some(format!(
                    "unknown charset Lang={written}: the text is read as {name} (detected)"
                )),
                Some(Finding::Malformed { .. }) => Some(format!(
                    "the text has bytes that are not {name} as Lang={written} says: they read as \
                     U+FFFD"
                )),
                Some(_) => Some(format!(
                    "the text is not {} as Lang={written} says: read as {name}",
                    encoding_for(mapped).map_or("the charset named", charset::ca_label)
                )),
            };
            if let Some(message) = message {
                diagnostics.push(Diagnostic::new(
                    codes::CHARSET,
                    Severity::Warning,
                    span,
                    message,
                ));
            }
            r.encoding
        }
    }
}

/// Whether the servers' programs write text in `encoding`: their Korean,
/// Chinese, Taiwanese and Japanese clients write the Windows charsets of
/// those languages (EUC-KR as UHC, GB2312 as GBK, Big5, Shift_JIS), the
/// international ones UTF-8. A single-byte charset, or EUC-JP (the Unix
/// charset of Japanese), is a guess that short text misled: chardetng
/// takes names in hiragana (`わたこう`, Shift_JIS bytes `82 ED 82 BD …`)
/// for windows-1251, a low quotation mark before each Cyrillic letter.
fn written_by_servers(encoding: &'static Encoding) -> bool {
    [
        encoding_rs::UTF_8,
        encoding_rs::EUC_KR,
        encoding_rs::GBK,
        encoding_rs::GB18030,
        encoding_rs::BIG5,
        encoding_rs::SHIFT_JIS,
    ]
    .contains(&encoding)
}

/// The one East Asian charset in which every character of `sample` (a
/// [`charset::detection_sample`]) is in the charset's common part, if
/// exactly one is, and the sample has a two-byte character: for Shift_JIS
/// the symbols, the kana and JIS level 1 kanji (and half-width katakana);
/// for EUC-KR the symbols and the 2,350 Hangul of KS X 1001; for GBK the
/// symbols and GB2312's level 1 hanzi; for Big5 the symbols and the
/// frequent hanzi. The standards put their common characters there, so
/// text in one charset rarely falls wholly in another's common part:
/// `わたこう` in Shift_JIS is in row 0x82, rare Hangul in UHC, rare hanzi
/// in GBK and not Big5 at all. Latin text (`Müller`, `FC 6C` in
/// windows-1252; `ÖZTÜRK`, single bytes only) fits none and is left to
/// detection.
fn only_common_fit(sample: &[u8]) -> Option<&'static Encoding> {
    let never = |_: u8| false;
    let any_lead = |b: u8| b >= 0x81 && b != 0xFF;
    let euc_kr = ByteLayout {
        is_lead: any_lead,
        is_single: never,
        common: |lead, trail| {
            matches!(lead, 0xA1..=0xA9 | 0xB0..=0xC8) && matches!(trail, 0xA1..=0xFE)
        },
    };
    let gbk = ByteLayout {
        is_lead: any_lead,
        is_single: never,
        common: |lead, trail| {
            matches!(lead, 0xA1..=0xA9 | 0xB0..=0xD7) && matches!(trail, 0xA1..=0xFE)
        },
    };
    let big5 = ByteLayout {
        is_lead: any_lead,
        is_single: never,
        common: |lead, trail| {
            matches!(lead, 0xA1..=0xC5) && matches!(trail, 0x40..=0x7E | 0xA1..=0xFE)
        },
    };
    let shift_jis = ByteLayout {
        is_lead: |b| matches!(b, 0x81..=0x9F | 0xE0..=0xFC),
        // Half-width katakana.
        is_single: |b| matches!(b, 0xA1..=0xDF),
        common: |lead, trail| {
            matches!(trail, 0x40..=0x7E | 0x80..=0xFC)
                && match lead {
                    0x81..=0x83 | 0x89..=0x97 => true,
                    0x88 => trail >= 0x9F,
                    0x98 => trail <= 0x72,
                    _ => false,
                }
        },
    };
    let layouts = [
        (encoding_rs::EUC_KR, euc_kr),
        (encoding_rs::GBK, gbk),
        (encoding_rs::BIG5, big5),
        (encoding_rs::SHIFT_JIS, shift_jis),
    ];
    let mut fits = layouts
        .iter()
        .filter(|(_, layout)| layout.all_common(sample))
        .map(|(encoding, _)| *encoding);
    let only = fits.next()?;
    let valid = only
        .decode_without_bom_handling_and_without_replacement(sample)
        .is_some();
    (fits.next().is_none() && valid).then_some(only)
}

/// The byte layout of a two-byte East Asian charset, and its common part.
struct ByteLayout {
    is_lead: fn(u8) -> bool,
    /// A byte above 0x7F that is a character by itself.
    is_single: fn(u8) -> bool,
    common: fn(u8, u8) -> bool,
}

impl ByteLayout {
    /// Whether every character of `text` beyond ASCII is common, and at
    /// least one is two bytes long.
    fn all_common(&self, text: &[u8]) -> bool {
        let mut pairs = 0;
        let mut i = 0;
        while let Some(&b) = text.get(i) {
            if b < 0x80 || (self.is_single)(b) {
                i += 1;
            } else if (self.is_lead)(b)
                && let Some(&trail) = text.get(i + 1)
                && (self.common)(b, trail)
            {
                pairs += 1;
                i += 2;
            } else {
                return false;
            }
        }
        pairs > 0
    }
}

fn encoding_for(label: &[u8]) -> Option<&'static Encoding> {
    charset::encoding_for_label(label)
}

/// The charset label a UGF `Lang=` value stands for: charset names pass
/// through, and language names give their usual charset.
fn lang_label(lang: &[u8]) -> &[u8] {
    let t = lang.trim_ascii();
    let upper = |s: &[u8]| s.to_ascii_uppercase();
    match upper(t).as_slice() {
        b"JPN" | b"JP" | b"JA" | b"JAPANESE" => b"Shift_JIS",
        b"KOR" | b"KO" | b"KR" | b"KOREAN" | b"KSC" => b"EUC-KR",
        b"CHN" | b"CHS" | b"ZH" | b"CN" | b"CHINESE" | b"GB" => b"GB18030",
        b"CHT" | b"TW" | b"TWN" => b"Big5",
        b"ENG" | b"EN" | b"ENGLISH" => b"",
        _ => t,
    }
}

/// The label `GIBOKIND` suggests, with the words for the message.
pub(crate) fn gib_hint(kind: &[u8]) -> Option<(&'static str, &'static str)> {
    match kind.trim_ascii().to_ascii_lowercase().as_slice() {
        b"korea" => Some(("EUC-KR", "GIBOKIND=Korea")),
        b"china" => Some(("GB18030", "GIBOKIND=China")),
        b"japan" => Some(("Shift_JIS", "GIBOKIND=Japan")),
        b"taiwan" => Some(("Big5", "GIBOKIND=Taiwan")),
        _ => None,
    }
}

/// Decodes a text value and trims it.
pub(crate) fn text(encoding: &'static Encoding, bytes: &[u8]) -> String {
    charset::decode(encoding, bytes.trim_ascii())
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of ASCII structure holding `texts` encoded in `encoding`,
    /// one per line among move lines.
    fn file(encoding: &'static Encoding, texts: &[&str]) -> Vec<u8> {
        let mut out = b"Rated game\n19\n".to_vec();
        for t in texts {
            out.extend_from_slice(b"GI");
            out.extend_from_slice(&encoding.encode(t).0);
            out.extend_from_slice(b" 9D\r\nPMABBREER\n");
        }
        out
    }

    fn chosen(input: &[u8]) -> &'static Encoding {
        let source = Source::Undeclared {
            format: "NGF",
            hint: None,
        };
        choose(source, input, &mut Vec::new())
    }

    /// NGF files of names only in hiragana, in Shift_JIS: chardetng alone
    /// guessed windows-1251 for such samples (15 of the 120 Shift_JIS files
    /// of `scripts/server_names_charset.py` were read wrong).
    #[test]
    fn kana_names_are_read_as_shift_jis() {
        for names in [
            ["わたこう", "よもれんじ", "白中押し勝ち"],
            ["でぇもん", "きっき", "白中押し勝ち"],
            ["みゅう", "でぇもん", "黒中押し勝ち"],
        ] {
            let input = file(encoding_rs::SHIFT_JIS, &names);
            let mut diagnostics = Vec::new();
            let source = Source::Undeclared {
                format: "NGF",
                hint: None,
            };
            let found = choose(source, &input, &mut diagnostics);
            assert_eq!(found, encoding_rs::SHIFT_JIS, "{names:?}");
            assert!(
                diagnostics[0].message.contains("Shift_JIS"),
                "{:?}",
                diagnostics[0].message
            );
        }
    }

    #[test]
    fn only_a_charset_whose_common_part_holds_every_character_fits() {
        let fit = |encoding: &'static Encoding, text: &str| {
            only_common_fit(&charset::detection_sample(&file(encoding, &[text])))
        };
        assert_eq!(
            fit(encoding_rs::SHIFT_JIS, "わたこう"),
            Some(encoding_rs::SHIFT_JIS)
        );
        // Katakana with the long vowel mark (row 0x81) and kanji of level 1.
        assert_eq!(
            fit(encoding_rs::SHIFT_JIS, "アギラール 対局"),
            Some(encoding_rs::SHIFT_JIS)
        );
        // Hangul of KS X 1001 are also GB2312 level 1 hanzi: two fit.
        assert_eq!(fit(encoding_rs::EUC_KR, "이창호"), None);
        // Latin text in a single-byte charset fits none: a lone accented
        // letter is no two-byte character, and `ÖZTÜRK`'s bytes would be
        // half-width katakana only.
        for text in ["Müller", "José", "ÖZTÜRK"] {
            assert_eq!(fit(encoding_rs::WINDOWS_1252, text), None, "{text}");
        }
        assert_eq!(only_common_fit(b"PMABBREER\n"), None);
    }

    #[test]
    fn names_alone_are_enough_to_find_the_charset() {
        let cases: [(&'static Encoding, &[&str]); 5] = [
            (encoding_rs::EUC_KR, &["이창호", "조훈현", "흑 불계승"]),
            (
                encoding_rs::GBK,
                &["韩国十段战", "朴承华 初段", "李载雄 五段", "白中盘胜"],
            ),
            (
                encoding_rs::SHIFT_JIS,
                &["本因坊秀策", "井山裕太", "黒の中押し勝ち"],
            ),
            (encoding_rs::BIG5, &["周俊勳 九段", "黑中盤勝", "林海峰"]),
            (encoding_rs::UTF_8, &["이창호", "古力", "ソ連"]),
        ];
        for (encoding, texts) in cases {
            let input = file(encoding, texts);
            let found = chosen(&input);
            // chardetng names GBK, whose decoder also reads GB18030.
            let same = found == encoding
                || (encoding == encoding_rs::GBK && found == encoding_rs::GB18030);
            assert!(
                same,
                "{texts:?}: {} found for {}",
                found.name(),
                encoding.name()
            );
        }
    }
}

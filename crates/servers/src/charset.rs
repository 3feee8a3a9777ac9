//! Which charset a file's text is in, through `kifu_sgf::charset`.
//!
//! GIB and NGF files never say: Tygem's Korean client writes EUC-KR
//! (read as its superset UHC), the Chinese one GB2312 (read as GB18030),
//! the international one UTF-8, and NGF files come in all of these and
//! Shift_JIS. So the bytes decide ([`kifu_sgf::charset::resolve`] without
//! a label: valid UTF-8 is UTF-8, anything else goes to chardetng). A GIB
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
            let r = charset::resolve(label, &charset::detection_sample(input));
            let encoding = r.encoding;
            let name = charset::ca_label(encoding);
            let message = match (&r.finding, hint) {
                // Plain UTF-8 (or ASCII): nothing to say.
                (None, None) => None,
                // The hint holds.
                (None, Some((_, why))) if encoding != encoding_rs::UTF_8 => Some((
                    Severity::Note,
                    format!(
                        "{format} files do not name their charset: the text is read as {name}, as \
                         {why} suggests"
                    ),
                )),
                (None, Some(_)) => None,
                (Some(Finding::Mismatch { detected, .. }), _)
                    if *detected == encoding_rs::UTF_8 =>
                {
                    None
                }
                (Some(Finding::Malformed { .. }), _) => Some((
                    Severity::Warning,
                    format!(
                        "{format} files do not name their charset, and the text is not valid in \
                         any found: read as {name}, malformed bytes as U+FFFD"
                    ),
                )),
                (Some(Finding::Detected { .. }), _) if encoding == encoding_rs::UTF_8 => Some((
                    Severity::Warning,
                    format!(
                        "{format} files do not name their charset; the text is mostly UTF-8: \
                         read as UTF-8, malformed bytes as U+FFFD"
                    ),
                )),
                (Some(_), _) => Some((
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

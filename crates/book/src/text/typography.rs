//! Typography: curly quotes by language, dashes, ellipses and spaces.

/// The quotation marks of a language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuoteStyle {
    /// Replaces an opening `"`.
    pub open_double: &'static str,
    /// Replaces a closing `"`.
    pub close_double: &'static str,
    /// Replaces an opening `'`.
    pub open_single: &'static str,
    /// Replaces a closing `'` (an apostrophe is always ’).
    pub close_single: &'static str,
    /// A space kept inside the double quotes: French sets a no-break space
    /// (U+00A0) after « and before ».
    pub inner_space: Option<char>,
}

const ENGLISH: QuoteStyle = QuoteStyle {
    open_double: "“",
    close_double: "”",
    open_single: "‘",
    close_single: "’",
    inner_space: None,
};

/// The quotation marks for a language code of the format.
///
/// | language | double | single |
/// |---|---|---|
/// | `en`, and `cn` (GB/T 15834 sets these for horizontal text) | “ ” | ‘ ’ |
/// | `de`, `cs` | „ “ | ‚ ‘ |
/// | `fr` | « » with a no-break space inside | “ ” |
/// | `es` (the RAE's order: « » then “ ”) | « » | “ ” |
/// | `ru`, `uk` | « » | „ “ |
/// | `ja`, `tw` | 「 」 | 『 』 |
///
/// Every other code (`ko`, `nl`, `it`, `pt`, `tr`, `pl`/`po`, `ui`, the
/// empty string and unknown codes) falls back to English.
///
/// ```
/// use kifu_book::text::quote_style;
/// assert_eq!(quote_style("de").open_double, "„");
/// assert_eq!(quote_style("nl"), quote_style("en"));
/// ```
pub fn quote_style(lang: &str) -> QuoteStyle {
    match lang {
        "de" | "cs" => QuoteStyle {
            open_double: "„",
            close_double: "“",
            open_single: "‚",
            close_single: "‘",
            inner_space: None,
        },
        "fr" => QuoteStyle {
            open_double: "«",
            close_double: "»",
            open_single: "“",
            close_single: "”",
            inner_space: Some('\u{A0}'),
        },
        "es" => QuoteStyle {
            open_double: "«",
            close_double: "»",
            open_single: "“",
            close_single: "”",
            inner_space: None,
        },
        "ru" | "uk" => QuoteStyle {
            open_double: "«",
            close_double: "»",
            open_single: "„",
            close_single: "“",
            inner_space: None,
        },
        "ja" | "tw" => QuoteStyle {
            open_double: "「",
            close_double: "」",
            open_single: "『",
            close_single: "』",
            inner_space: None,
        },
        _ => ENGLISH,
    }
}

/// Improves the typography of plain text, as the format asks of readers:
///
/// * straight quotes become the language's curly quotes ([`quote_style`]);
///   a `'` between two letters or digits, or a closing `'` with no quote
///   open, is an apostrophe ’;
/// * `--` becomes an en dash –, `---` an em dash —;
/// * `...` becomes an ellipsis …;
/// * exactly two spaces become one (three or more stay as written);
/// * a hyphen between two digits, between two spaces, or at the end of the
///   text becomes an en dash;
/// * a U+2060 WORD JOINER, which a book puts where its text must not be
///   read as markup (`*\u{2060}*`) or typeset (a date, `2026\u{2060}-11`),
///   is left out once it has done so: it shows as nothing, and copied or
///   searched text must not hold it.
///
/// A quote opens after the start, a space or an opening bracket and before
/// a non-space; it closes after a non-space and before a space, the end or
/// punctuation; otherwise it closes if one of its kind is open.
///
/// ```
/// use kifu_book::text::typography;
/// assert_eq!(typography("\"Don't\" -- see pages 3-5...", "en"), "“Don’t” – see pages 3–5…");
/// assert_eq!(typography("\"Ja\"", "de"), "„Ja“");
/// assert_eq!(typography("\" Oui \"", "fr"), "«\u{a0}Oui\u{a0}»");
/// assert_eq!(typography("'a' \"b\"", "ja"), "『a』 「b」");
/// assert_eq!(typography("2026\u{2060}-11\u{2060}-26, 3-5", "en"), "2026-11-26, 3–5");
/// ```
pub fn typography(text: &str, lang: &str) -> String {
    typography_segments(&[Segment::Text(text)], lang)
        .pop()
        .unwrap_or_default()
}

/// A piece of a paragraph for [`typography_segments`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Segment<'a> {
    /// Text to improve.
    Text(&'a str),
    /// Something that is not text (a symbol, a break), seen by the rules
    /// as this character.
    Opaque(char),
}

/// One character of the joined segments.
#[derive(Clone, Copy)]
struct Ch {
    c: char,
    segment: usize,
    opaque: bool,
}

fn opens_after(c: Option<char>) -> bool {
    c.is_none_or(|c| c.is_whitespace() || "([{<“‘„‚«‹「『—–-/".contains(c))
}

fn closes_before(c: Option<char>) -> bool {
    c.is_none_or(|c| c.is_whitespace() || ".,;:!?)]}>…".contains(c))
}

/// [`typography`] over several segments at once, with each segment seeing
/// its neighbours as context. Returns one string per segment (empty for
/// opaque ones).
pub(crate) fn typography_segments(segments: &[Segment<'_>], lang: &str) -> Vec<String> {
    let style = quote_style(lang);
    let mut chars = Vec::new();
    for (segment, s) in segments.iter().enumerate() {
        match s {
            Segment::Text(t) => chars.extend(t.chars().map(|c| Ch {
                c,
                segment,
                opaque: false,
            })),
            Segment::Opaque(c) => chars.push(Ch {
                c: *c,
                segment,
                opaque: true,
            }),
        }
    }
    let mut out = vec![String::new(); segments.len()];
    let at = |k: usize| chars.get(k).map(|ch| ch.c);
    // How many text characters equal to `c` start at `k`, counting up to
    // `limit` (so that long runs of hyphens stay linear).
    let run_of = |k: usize, c: char, limit: usize| {
        chars[k..]
            .iter()
            .take(limit)
            .take_while(|ch| !ch.opaque && ch.c == c)
            .count()
    };
    let (mut double_open, mut single_open) = (false, false);
    let mut skip_spaces = false;
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        let prev = i.checked_sub(1).and_then(at);
        let o = &mut out[ch.segment];
        if ch.opaque {
            skip_spaces = false;
            i += 1;
            continue;
        }
        if skip_spaces && ch.c == ' ' {
            i += 1;
            continue;
        }
        skip_spaces = false;
        match ch.c {
            '-' => {
                let n = run_of(i, '-', 3);
                if n >= 3 {
                    o.push('—');
                    i += 3;
                    continue;
                }
                if n == 2 {
                    o.push('–');
                    i += 2;
                    continue;
                }
                let next = at(i + 1);
                let digits = prev.is_some_and(|c| c.is_ascii_digit())
                    && next.is_some_and(|c| c.is_ascii_digit());
                let spaced =
                    prev.is_some_and(char::is_whitespace) && next.is_some_and(char::is_whitespace);
                let last = chars[i + 1..]
                    .iter()
                    .all(|ch| !ch.opaque && ch.c.is_whitespace());
                o.push(if digits || spaced || last { '–' } else { '-' });
            }
            '.' if run_of(i, '.', 3) == 3 => {
                o.push('…');
                i += 3;
                continue;
            }
            ' ' => {
                let n = run_of(i, ' ', usize::MAX);
                let keep = if n == 2 { 1 } else { n };
                o.extend(std::iter::repeat_n(' ', keep));
                i += n;
                continue;
            }
            '"' => {
                let next = at(i + 1);
                let open = match (opens_after(prev), closes_before(next)) {
                    (true, false) => true,
                    (false, true) => false,
                    _ => !double_open,
                };
                double_open = open;
                match (open, style.inner_space) {
                    (true, Some(space)) => {
                        o.push_str(style.open_double);
                        o.push(space);
                        skip_spaces = true;
                    }
                    (true, None) => o.push_str(style.open_double),
                    (false, Some(space)) => {
                        while o.ends_with(' ') {
                            o.pop();
                        }
                        o.push(space);
                        o.push_str(style.close_double);
                    }
                    (false, None) => o.push_str(style.close_double),
                }
            }
            '\'' => {
                let next = at(i + 1);
                let word =
                    |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '\u{FFFC}');
                let quote = if word(prev) && word(next) {
                    None
                } else {
                    match (opens_after(prev), closes_before(next)) {
                        (true, false) if next.is_some_and(|c| c.is_ascii_digit()) => None,
                        (true, false) => Some(true),
                        (false, true) => Some(false),
                        _ => Some(!single_open),
                    }
                };
                match quote {
                    Some(true) => {
                        single_open = true;
                        o.push_str(style.open_single);
                    }
                    Some(false) if single_open => {
                        single_open = false;
                        o.push_str(style.close_single);
                    }
                    _ => o.push('’'),
                }
            }
            // Seen as context above (a date's hyphen after one stays a
            // hyphen), then left out: it shows as nothing, and what a
            // reader shows is copied and searched.
            '\u{2060}' => {}
            c => o.push(c),
        }
        i += 1;
    }
    out
}

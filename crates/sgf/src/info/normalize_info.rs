//! Game information values against the forms FF\[4\] defines, with a
//! correction where the meaning is certain.
//!
//! [`normalize_game_info`] looks at one value of `DT`, `RE`, `KM`, `TM`,
//! `HA`, `OT`, `BR` or `WR` and answers with an [`InfoFix`]: the value is
//! standard, or it can be rewritten without loss (the new raw value and
//! what changed), or it is not standard and no rewrite is certain (why).
//! Other properties are always [`InfoFix::Standard`]. The function is pure:
//! [`check`](crate::check) turns its answers into diagnostics, and a fixer
//! can write [`InfoFix::Corrected::value`] back as it is.
//!
//! ```
//! use kifu_sgf::normalize_info::{normalize_game_info, InfoFix};
//!
//! assert_eq!(normalize_game_info("RE", "B+R", 4), InfoFix::Standard);
//! let fix = normalize_game_info("RE", "Black wins by 3.5", 4);
//! assert_eq!(fix.corrected(), Some("B+3.5"));
//! assert_eq!(normalize_game_info("KM", "5 1/2", 4).corrected(), Some("5.5"));
//! assert!(matches!(normalize_game_info("TM", "60+30s", 4), InfoFix::Invalid { .. }));
//! ```
//!
//! # Rules
//! Surrounding white space is removed from every value but `OT`'s.
//! - `RE`: `0`, `Draw`, `Void`, `?`, `B+`, `B+R`, `B+Resign`, `B+T`,
//!   `B+Time`, `B+F`, `B+Forfeit`, `B+`*score* (and the same for `W`) are
//!   standard, as the specification lists them. Corrected: other
//!   spellings of these (`b+resign` → `B+R`, `W+time` → `W+T`), `jigo`,
//!   `draw` → `0`, `void` → `Void`, the result in words (`Black wins by
//!   3.5` → `B+3.5`, `White wins by resignation` → `W+R`, `Black resigns`
//!   → `W+R`), a score with a decimal comma, a fraction or a unit (`W+3,5`,
//!   `B+2 1/2`, `B+3.5 points`), and a few Japanese and Chinese forms
//!   (`黒中押し勝ち` → `B+R`).
//! - `DT`: the ISO list of the specification (`1996-05-12,13`,
//!   `1996-12-27,28,1997-01-03`) with real dates is standard. Corrected:
//!   year-first dates with other separators or one-digit parts
//!   (`1996/05/12`, `1996-5-12`, `1996年5月12日`), `D.M.YYYY` (the dotted
//!   form is day first wherever it is used), `M/D/YYYY` or `D/M/YYYY` when
//!   one part is over 12 or both are the same, a month name with a year
//!   (`May 12, 1996`, `12 May 1996`), also with several days of the month,
//!   listed or as a range, every day kept (`April 14-15, 1957` →
//!   `1957-04-14,15`, `24, 25 May 1995` → `1995-05-24,25`), across months
//!   and years too (`April 30 - May 2, 1957`, `30 April - 2 May 1957` →
//!   `1957-04-30,05-01,02`; a month without a year takes the next year
//!   written, and the days must go forward: `December 30 - January 2,
//!   1958` is flagged), ranges of numeric dates (`1945-07-23..25` →
//!   `1945-07-23,24,25`, where SGFC drops the middle day; `1957-04-30..05-02`,
//!   `1957-12-30..1958-01-02`), ranges of years (`1957-1958` →
//!   `1957,1958`), and a two-digit year when it cannot be a month or a
//!   day, as 19xx (`96-05-12` → `1996-05-12`, `13/5/95` → `1995-05-13`,
//!   `12th and 13th march 94` → `1994-03-12,13`). A time of day after the
//!   date is flagged (DT cannot hold it). FF\[1\]-FF\[3\] put no form on
//!   `DT`: there an unreadable date is standard, and a correction is [not
//!   required](InfoFix::Corrected::required).
//! - `KM`: a real number (`6.5`, `-4.5`, `0.00`) is standard. Corrected:
//!   a decimal comma (`5,5`), a fraction (`5 1/2`, `5½`), a unit (`6.5
//!   points`, `0.5pt`), forms outside the SGF Real grammar (`.5`, `5.`),
//!   `none` → `0`. No scale is guessed (`375` stays).
//! - `HA`: 2 or more is standard; `0` and `1` are flagged (the
//!   specification says `HA` is at least 2: no handicap is written by
//!   leaving `HA` out). Corrected: `2 stones` → `2`, `+3` → `3`.
//! - `TM`: seconds as a real number are standard. Corrected: hours,
//!   minutes and seconds in words or letters (`1h` → `3600`, `90 minutes`
//!   → `5400`, `1h 30m` → `5400`, `10 hours each` → `36000`: TM is each
//!   player's time) and `H:MM:SS` (`1:30:00` → `5400`).
//!   Flagged: `MM:SS` or `HH:MM` (`30:00`: which one?), and any overtime
//!   (`60+30s`, `10:00(5x1:00)`, `1 hr/125 moves`): byo-yomi belongs in
//!   `OT`.
//! - `OT`: free text; only an empty value is flagged.
//! - `BR`, `WR`: SimpleText with a recommended form (`..k`, `..kyu`, `..d`,
//!   `..dan`, `?` or `*` after); anything that does not look like a rank
//!   (`NR`, `4d*, IGS`) is standard. Corrected, as a normalization only
//!   ([not required](InfoFix::Corrected::required): the value is correct
//!   text as written): `3 dan`, `5-dan`, `3D` → `3d`, `1 kyu` → `1k`,
//!   `9 pro`, `9P`, `9 dan pro` → `9p`, keeping a `?` or `*`. Flagged: a
//!   rank that does not exist (`0k`, `31k`, `10d`, `10p`).

use std::fmt;

use crate::props::is_sgf_real as is_real;
use crate::props::text::{decode_simple_text, escape_text};

/// The properties [`normalize_game_info`] knows forms for.
pub const NORMALIZED: &[&str] = &["DT", "RE", "KM", "TM", "HA", "OT", "BR", "WR"];

/// What [`normalize_game_info`] says of one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfoFix {
    /// The value is in a form the file's format defines.
    Standard,
    /// The value means something certain, written otherwise in FF\[4\].
    Corrected {
        /// The new raw SGF value (escaped as between the brackets).
        value: String,
        /// What changed, in a few words (`decimal comma`).
        explanation: String,
        /// `false` when the value is correct as written: the file's own
        /// format (FF\[1\]-FF\[3\]) allowed it and only FF\[4\] asks for the
        /// new form (`DT`), or the new form is only the one FF\[4\]
        /// recommends (`BR`, `WR`). Writing it is then a normalization, not
        /// a repair.
        required: bool,
    },
    /// Not a standard value, and no correction is certain.
    Invalid {
        /// Why, in a few words.
        reason: String,
    },
}

impl InfoFix {
    /// The corrected raw value, if any.
    ///
    /// ```
    /// use kifu_sgf::normalize_info::normalize_game_info;
    /// assert_eq!(normalize_game_info("HA", "2 stones", 4).corrected(), Some("2"));
    /// assert_eq!(normalize_game_info("HA", "2", 4).corrected(), None);
    /// ```
    pub fn corrected(&self) -> Option<&str> {
        match self {
            InfoFix::Corrected { value, .. } => Some(value),
            _ => None,
        }
    }

    /// Whether the value is standard.
    pub fn is_standard(&self) -> bool {
        *self == InfoFix::Standard
    }
}

impl fmt::Display for InfoFix {
    /// `standard`, `written X (why)` or `why`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InfoFix::Standard => f.write_str("standard"),
            InfoFix::Corrected {
                value, explanation, ..
            } => write!(f, "written {value} in FF[4] ({explanation})"),
            InfoFix::Invalid { reason } => f.write_str(reason),
        }
    }
}

fn fixed(value: impl Into<String>, explanation: impl Into<String>) -> InfoFix {
    let value: String = value.into();
    InfoFix::Corrected {
        value: escape_text(&value, false).into_owned(),
        explanation: explanation.into(),
        required: true,
    }
}

fn invalid(reason: impl Into<String>) -> InfoFix {
    InfoFix::Invalid {
        reason: reason.into(),
    }
}

/// Checks one raw value (as between the brackets, escapes still in) of a
/// game information property in a file of format `ff` (1 to 4; the
/// default is 1 when `FF` is absent). See the [module
/// documentation](self) for the rules.
///
/// ```
/// use kifu_sgf::normalize_info::{normalize_game_info, InfoFix};
///
/// assert_eq!(normalize_game_info("DT", "1996-05-12,13", 4), InfoFix::Standard);
/// assert_eq!(normalize_game_info("DT", "12.5.1996", 4).corrected(), Some("1996-05-12"));
/// // Month first or day first? Not certain: flagged, not corrected.
/// assert!(matches!(normalize_game_info("DT", "05/06/1996", 4), InfoFix::Invalid { .. }));
/// assert_eq!(normalize_game_info("BR", "3 dan", 4).corrected(), Some("3d"));
/// assert_eq!(normalize_game_info("TM", "1:30:00", 4).corrected(), Some("5400"));
/// // Not a game information property this function knows: standard.
/// assert_eq!(normalize_game_info("PB", "", 4), InfoFix::Standard);
/// ```
pub fn normalize_game_info(property: &str, raw: &str, ff: u8) -> InfoFix {
    if !NORMALIZED.contains(&property) {
        return InfoFix::Standard;
    }
    let text = decode_simple_text(raw);
    if property == "OT" {
        return if text.trim().is_empty() {
            invalid("empty overtime description")
        } else {
            InfoFix::Standard
        };
    }
    let t = text.trim();
    if t.is_empty() {
        return invalid("empty value");
    }
    let answer = match property {
        "RE" => result(t),
        "DT" => dates(t, ff),
        "KM" => komi(t),
        "TM" => time(t),
        "HA" => handicap(t),
        _ => rank(t),
    };
    let answer = match answer {
        // The value itself is fine but white space surrounds it.
        InfoFix::Standard if t != text => fixed(t, "white space removed"),
        other => other,
    };
    match answer {
        // FF[1]-FF[3] put no form on DT; ranks are SimpleText in every
        // version, with a recommended form: writing it is a normalization.
        InfoFix::Corrected {
            value, explanation, ..
        } if (property == "DT" && ff < 4) || matches!(property, "BR" | "WR") => {
            InfoFix::Corrected {
                value,
                explanation,
                required: false,
            }
        }
        other => other,
    }
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// A number as FF\[4\] writes it: no exponent, no trailing `.0`.
fn format_number(v: f64) -> String {
    let v = (v * 1000.0).round() / 1000.0 + 0.0;
    format!("{v}")
}

/// An unsigned number in a lenient form, as an SGF Real: `5`, `5.5`, `5,5`
/// (a decimal comma: one or two digits after it), `5 1/2`, `5½`, `.5`,
/// `5.`, `1e2`. `None` when it is not one.
fn loose_number(s: &str) -> Option<String> {
    let s = s.trim();
    if is_real(s) && !s.starts_with(['+', '-']) {
        return Some(s.to_owned());
    }
    // Fractions.
    for (tail, add) in [("1/2", 0.5), ("½", 0.5), ("1/4", 0.25), ("3/4", 0.75)] {
        if let Some(int) = s.strip_suffix(tail) {
            // `11/2` is not `1 1/2`.
            if tail != "½" && !(int.is_empty() || int.ends_with(' ')) {
                return None;
            }
            let int = int.trim();
            let whole = if int.is_empty() {
                0.0
            } else if is_digits(int) {
                int.parse::<f64>().ok()?
            } else {
                return None;
            };
            return Some(format_number(whole + add));
        }
    }
    // A decimal comma.
    if let Some((int, frac)) = s.split_once(',') {
        if (int.is_empty() || is_digits(int)) && is_digits(frac) && frac.len() <= 2 {
            let int = if int.is_empty() { "0" } else { int };
            return Some(format!("{int}.{frac}"));
        }
        return None;
    }
    // `.5`, `5.`, `1e2`.
    if s.bytes().all(|b| b.is_ascii_digit() || b"eE.".contains(&b))
        && s.bytes().any(|b| b.is_ascii_digit())
        && let Ok(v) = s.parse::<f64>()
        && v.is_finite()
    {
        return Some(format_number(v));
    }
    None
}

/// Strips a unit word of points (`points`, `pts`, `moku`, `目`).
fn strip_points(s: &str) -> &str {
    let lower = s.to_ascii_lowercase();
    for unit in [
        "points", "point", "pts.", "pts", "pt.", "pt", "moku", "目半", "目",
    ] {
        if lower.ends_with(unit) && s.is_char_boundary(s.len() - unit.len()) {
            if unit == "目半" {
                // `3目半` is 3.5 points: left to the caller as unclear.
                return s;
            }
            return s[..s.len() - unit.len()].trim_end();
        }
    }
    s
}

// ---------------------------------------------------------------- RE

fn is_standard_result(t: &str) -> bool {
    if matches!(t, "0" | "Draw" | "Void" | "?") {
        return true;
    }
    let Some(margin) = t.strip_prefix("B+").or_else(|| t.strip_prefix("W+")) else {
        return false;
    };
    matches!(margin, "" | "R" | "Resign" | "T" | "Time" | "F" | "Forfeit")
        || (is_real(margin) && !margin.starts_with(['+', '-']))
}

fn result(t: &str) -> InfoFix {
    if is_standard_result(t) {
        return InfoFix::Standard;
    }
    let lower = t.to_lowercase();
    // A sentence's full stop: `White resigns.`
    let l = match lower.strip_suffix('.') {
        Some(l) if l.ends_with(|c: char| c.is_alphabetic()) => l,
        _ => lower.as_str(),
    };
    match l {
        "draw" | "jigo" | "tie" | "drawn" | "持碁" | "和棋" | "ジゴ" => {
            return fixed("0", "a draw is written 0");
        }
        "void" | "no result" => return fixed("Void", "spelling"),
        "unknown" => return fixed("?", "an unknown result is written ?"),
        _ => {}
    }
    // Who.
    let words: [(&str, char); 7] = [
        ("black", 'B'),
        ("white", 'W'),
        ("黒", 'B'),
        ("黑", 'B'),
        ("白", 'W'),
        ("b", 'B'),
        ("w", 'W'),
    ];
    let Some((word, who)) = words.iter().find(|(w, _)| l.starts_with(w)) else {
        return invalid("not a result FF[4] defines (B+…, W+…, 0, Draw, Void, ?)");
    };
    let other = if *who == 'B' { 'W' } else { 'B' };
    let rest = l[word.len()..].trim_start();
    let long = word.len() > 1;
    let margin: &str = if let Some(m) = rest.strip_prefix('+') {
        m.trim()
    } else if let Some(m) = ["wins", "won", "win"]
        .iter()
        .find_map(|w| rest.strip_prefix(w))
    {
        let m = m.trim_start();
        m.strip_prefix("by ")
            .or_else(|| m.strip_prefix("on "))
            .unwrap_or(m)
            .trim()
    } else if long && matches!(rest, "resigns" | "resigned") {
        return fixed(format!("{other}+R"), "the result in words");
    } else if matches!(rest, "中押し勝ち" | "中押勝" | "中盘胜" | "中押し勝") {
        return fixed(format!("{who}+R"), "a win by resignation is written +R");
    } else {
        return invalid("not a result FF[4] defines (B+…, W+…, 0, Draw, Void, ?)");
    };
    let why = if rest.starts_with('+') {
        "spelling"
    } else {
        "the result in words"
    };
    let by = match margin {
        "" => String::new(),
        "r" | "res" | "resign" | "resignation" | "resigned" => "R".into(),
        "t" | "time" | "timeout" | "time out" | "time-out" | "time over" | "on time" => "T".into(),
        "f" | "forfeit" => "F".into(),
        m => {
            let number = strip_points(m);
            if number.starts_with('-') {
                return invalid("a negative margin");
            }
            match loose_number(number) {
                Some(n) => n,
                None => return invalid("what follows the + is not a score, R, T or F"),
            }
        }
    };
    let value = format!("{who}+{by}");
    if value == t {
        return InfoFix::Standard;
    }
    fixed(value, why)
}

// ---------------------------------------------------------------- DT

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DateKind {
    Y,
    Ym,
    Ymd,
    Md,
    M,
    D,
}

fn days_in(year: u32, month: u32) -> u32 {
    match month {
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The FF\[4\] date list, strictly: parts of 4 and 2 digits, the
/// shortcuts only where the specification allows them, real dates.
fn is_iso_date_list(s: &str) -> bool {
    use DateKind::*;
    let (mut year, mut month) = (0u32, 0u32);
    let mut last: Option<DateKind> = None;
    for part in s.split(',') {
        let nums: Vec<&str> = part.split('-').collect();
        if nums.iter().any(|n| !is_digits(n)) {
            return false;
        }
        let lens: Vec<usize> = nums.iter().map(|n| n.len()).collect();
        let v: Vec<u32> = nums.iter().map(|n| n.parse().unwrap_or(0)).collect();
        let kind = match lens.as_slice() {
            [4] => Y,
            [4, 2] => Ym,
            [4, 2, 2] => Ymd,
            [2, 2] => Md,
            [2] => match last {
                Some(Ym | M) => M,
                Some(Ymd | Md | D) => D,
                _ => return false,
            },
            _ => return false,
        };
        let allowed = match kind {
            Y | Ym | Ymd => true,
            Md => matches!(last, Some(Ymd | Ym | Md | M | D)),
            M | D => true,
        };
        if !allowed {
            return false;
        }
        let day = match kind {
            Y => {
                year = v[0];
                None
            }
            Ym => {
                (year, month) = (v[0], v[1]);
                None
            }
            Ymd => {
                (year, month) = (v[0], v[1]);
                Some(v[2])
            }
            Md => {
                month = v[0];
                Some(v[1])
            }
            M => {
                month = v[0];
                None
            }
            D => Some(v[0]),
        };
        if kind != Y && !(1..=12).contains(&month) {
            return false;
        }
        if let Some(d) = day
            && !(1..=days_in(year, month)).contains(&d)
        {
            return false;
        }
        last = Some(kind);
    }
    last.is_some()
}

fn real_date(y: u32, m: u32, d: Option<u32>) -> bool {
    (1..=9999).contains(&y)
        && (1..=12).contains(&m)
        && d.is_none_or(|d| (1..=days_in(y, m)).contains(&d))
}

fn ymd(y: u32, m: u32, d: Option<u32>) -> Option<String> {
    real_date(y, m, d).then(|| match d {
        Some(d) => format!("{y:04}-{m:02}-{d:02}"),
        None => format!("{y:04}-{m:02}"),
    })
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

fn month_name(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    let full = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    (0..12)
        .find(|&i| full[i] == w || (MONTHS[i] == w) || (w == "sept" && i == 8))
        .map(|i| i as u32 + 1)
}

/// A piece of a date written with a month name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DateToken {
    /// Digits (with an ordinal suffix dropped: `14th`), and how many.
    Number(u32, usize),
    Month(u32),
    /// `-`, `–`, `..`, `to`: the days between too.
    Range,
    /// `,`, `&`, `and`.
    And,
}

/// The tokens of a date with a month name; `None` at anything else than
/// numbers, month names, weekday names (skipped), ranges, lists and
/// full stops.
fn date_tokens(s: &str) -> Option<Vec<DateToken>> {
    const WEEKDAYS: &[&str] = &[
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
    ];
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        let len = c.len_utf8();
        if c.is_whitespace() {
            rest = &rest[len..];
        } else if let Some(r) = rest.strip_prefix("..") {
            out.push(DateToken::Range);
            rest = r;
        } else if matches!(c, '-' | '–' | '—' | '~') {
            out.push(DateToken::Range);
            rest = &rest[len..];
        } else if matches!(c, ',' | '&') {
            out.push(DateToken::And);
            rest = &rest[len..];
        } else if c == '.' {
            // After an abbreviation or a day (`Apr. 14.`).
            rest = &rest[len..];
        } else if c.is_ascii_digit() {
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let digits = &rest[..end];
            rest = &rest[end..];
            let suffix_end = rest
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(rest.len());
            match rest[..suffix_end].to_ascii_lowercase().as_str() {
                "" => {}
                "st" | "nd" | "rd" | "th" => rest = &rest[suffix_end..],
                _ => return None,
            }
            if digits.len() > 4 {
                return None;
            }
            out.push(DateToken::Number(digits.parse().ok()?, digits.len()));
        } else if c.is_alphabetic() {
            let end = rest
                .find(|c: char| !c.is_alphabetic())
                .unwrap_or(rest.len());
            let word = rest[..end].to_lowercase();
            rest = &rest[end..];
            match word.as_str() {
                "and" => out.push(DateToken::And),
                "to" | "till" | "until" | "through" | "thru" => out.push(DateToken::Range),
                w if WEEKDAYS.contains(&w) => {}
                w => out.push(DateToken::Month(month_name(w)?)),
            }
        } else {
            return None;
        }
    }
    Some(out)
}

/// One month's part of a date with month names: its year if written, the
/// month, and its days (none for a whole month).
struct MonthPiece {
    year: Option<u32>,
    month: u32,
    days: Vec<u32>,
}

/// Whether a token is a year: four digits, or two that cannot be a day
/// (`94` is 1994).
fn year_of(t: DateToken) -> Option<u32> {
    match t {
        DateToken::Number(y, 4) => Some(y),
        DateToken::Number(y, 2) if y > 31 => Some(1900 + y),
        _ => None,
    }
}

/// The tokens of one month: one month name, at most one year, the days
/// together, joined by lists and ranges (`April 14-15, 1957`).
fn month_piece(tokens: &[DateToken]) -> Option<MonthPiece> {
    use DateToken::*;
    let mut months = tokens.iter().filter_map(|t| match t {
        Month(m) => Some(*m),
        _ => None,
    });
    let month = months.next()?;
    if months.next().is_some() {
        return None;
    }
    let year_at = tokens
        .iter()
        .position(|t| matches!(t, Number(_, 4)))
        .or_else(|| tokens.iter().position(|t| year_of(*t).is_some()));
    let year = year_at.and_then(|i| year_of(tokens[i]));
    let mut days: Vec<u32> = Vec::new();
    let mut range = false;
    let mut last_day_at: Option<usize> = None;
    for (i, t) in tokens.iter().enumerate() {
        match *t {
            Number(d, 1 | 2) if Some(i) != year_at => {
                if last_day_at
                    .is_some_and(|j| tokens[j + 1..i].iter().any(|t| !matches!(t, And | Range)))
                {
                    return None;
                }
                if range {
                    let from = *days.last()?;
                    if d <= from || d - from > 31 {
                        return None;
                    }
                    days.extend(from + 1..=d);
                    range = false;
                } else {
                    days.push(d);
                }
                last_day_at = Some(i);
            }
            Number(..) if Some(i) != year_at => return None,
            // A range is between two days.
            Range => {
                if range || last_day_at != Some(i.wrapping_sub(1)) {
                    return None;
                }
                range = true;
            }
            _ => {}
        }
    }
    if range || days.windows(2).any(|w| w[0] >= w[1]) {
        return None;
    }
    Some(MonthPiece { year, month, days })
}

/// A date with a month name (`May 12, 1996`, `12 May 1996`, `May 1996`),
/// also of several days, listed or as a range (`24, 25 May 1995`, `April
/// 14-15, 1957`, `12th and 13th march 94`), across months and years too
/// (`April 30 - May 2, 1957`, `30 April - 2 May 1957`, `Dec 30, 1957 - Jan
/// 2, 1958`): every day kept, in the FF\[4\] list (`1957-04-30,05-01,02`).
/// A month without a year takes the next one written (`April 30 - May 2,
/// 1957`); the days must go forward.
fn named_month(s: &str) -> Result<String, String> {
    let unreadable = || "not a date in the ISO form FF[4] asks for (YYYY-MM-DD)".to_owned();
    let tokens = date_tokens(s).ok_or_else(unreadable)?;
    let pieces = month_pieces(&tokens).ok_or_else(unreadable)?;
    if let [(piece, _)] = pieces.as_slice() {
        let year = piece.year.ok_or_else(unreadable)?;
        if piece.days.is_empty() {
            return ymd(year, piece.month, None).ok_or_else(unreadable);
        }
        if !piece
            .days
            .iter()
            .all(|&d| real_date(year, piece.month, Some(d)))
        {
            return Err(unreadable());
        }
        let dates: Vec<(u32, u32, u32)> =
            piece.days.iter().map(|&d| (year, piece.month, d)).collect();
        return Ok(shortened(&dates));
    }
    // Several months: each with its days, the year the next one written.
    let mut dates: Vec<(u32, u32, u32)> = Vec::new();
    for (i, (piece, range_before)) in pieces.iter().enumerate() {
        let year = pieces[i..]
            .iter()
            .find_map(|(p, _)| p.year)
            .ok_or_else(unreadable)?;
        if piece.days.is_empty()
            || !piece
                .days
                .iter()
                .all(|&d| real_date(year, piece.month, Some(d)))
        {
            return Err(unreadable());
        }
        let first = (year, piece.month, piece.days[0]);
        if let Some(&last) = dates.last() {
            if first <= last {
                return Err(unreadable());
            }
            if *range_before {
                let mut day = next_day(last);
                while day < first {
                    dates.push(day);
                    day = next_day(day);
                    if dates.len() > 366 {
                        return Err(unreadable());
                    }
                }
            }
        }
        dates.extend(piece.days.iter().map(|&d| (year, piece.month, d)));
    }
    Ok(shortened(&dates))
}

/// The tokens of a date with month names cut into one piece per month,
/// each with whether a range joins it to the one before. The month name
/// comes first in every piece (`April 30 - May 2, 1957`) or after its days
/// in every piece, the year after it (`30 April - 2 May 1957`); pieces are
/// joined by a range or a list.
fn month_pieces(tokens: &[DateToken]) -> Option<Vec<(MonthPiece, bool)>> {
    use DateToken::*;
    let month_at: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t, Month(_)))
        .map(|(i, _)| i)
        .collect();
    if month_at.len() < 2 {
        return Some(vec![(month_piece(tokens)?, false)]);
    }
    // (start, end, joined by a range) of each piece.
    let mut bounds: Vec<(usize, usize, bool)> = Vec::new();
    if month_at[0] == 0 {
        // Month first: a piece starts at each month name, after the
        // separator before it.
        for (k, &at) in month_at.iter().enumerate() {
            let end = month_at.get(k + 1).map_or(tokens.len(), |&next| next - 1);
            let range = k > 0 && matches!(tokens[at - 1], Range);
            if k > 0 && !matches!(tokens[at - 1], Range | And) {
                return None;
            }
            bounds.push((at, end, range));
        }
    } else {
        // Days first: a piece ends at its month name, or at the year
        // after it; the separator follows.
        let mut start = 0;
        let mut range = false;
        for &at in &month_at {
            let mut end = at + 1;
            if tokens.get(end).is_some_and(|t| year_of(*t).is_some()) {
                end += 1;
            } else if matches!(tokens.get(end), Some(And))
                && tokens.get(end + 1).is_some_and(|t| year_of(*t).is_some())
            {
                // `2 May, 1957`.
                end += 2;
            }
            bounds.push((start, end, range));
            match tokens.get(end) {
                None => start = end,
                Some(t @ (Range | And)) => {
                    range = matches!(t, Range);
                    start = end + 1;
                }
                Some(_) => return None,
            }
        }
        if start != tokens.len() {
            return None;
        }
    }
    bounds
        .into_iter()
        .map(|(start, end, range)| Some((month_piece(tokens.get(start..end)?)?, range)))
        .collect()
}

/// Full dates as FF\[4\] lists them, year and month not repeated while
/// they stay the same (`1957-04-14,15`, `1945-07-30,31,08-01`).
fn shortened(dates: &[(u32, u32, u32)]) -> String {
    let mut out = String::new();
    let mut last: Option<(u32, u32)> = None;
    for &(y, m, d) in dates {
        if !out.is_empty() {
            out.push(',');
        }
        match last {
            Some((ly, lm)) if ly == y && lm == m => out.push_str(&format!("{d:02}")),
            Some((ly, _)) if ly == y => out.push_str(&format!("{m:02}-{d:02}")),
            _ => out.push_str(&format!("{y:04}-{m:02}-{d:02}")),
        }
        last = Some((y, m));
    }
    out
}

/// The day after a date.
fn next_day((y, m, d): (u32, u32, u32)) -> (u32, u32, u32) {
    if d < days_in(y, m) {
        (y, m, d + 1)
    } else if m < 12 {
        (y, m + 1, 1)
    } else {
        (y + 1, 1, 1)
    }
}

/// A full date `YYYY-MM-DD` read back as numbers.
fn full_date(s: &str) -> Option<(u32, u32, u32)> {
    let n: Vec<u32> = s
        .split('-')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    match (s.len(), n.as_slice()) {
        (10, [y, m, d]) => Some((*y, *m, *d)),
        _ => None,
    }
}

/// Numeric dates with ranges (`1945-07-23..25`, `1945-07-30..08-02`,
/// `1996-05-12..1996-05-14`), and lists of them: every day of a range
/// kept (SGFC keeps only the ends), in the FF\[4\] list.
fn date_ranges(t: &str) -> Result<String, String> {
    let unreadable = || "not a date in the ISO form FF[4] asks for (YYYY-MM-DD)".to_owned();
    let mut dates: Vec<(u32, u32, u32)> = Vec::new();
    for part in t.split(',').map(str::trim) {
        let (from, to) = match part.split_once("..") {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (part, None),
        };
        // The first date in full; later ones may leave out the year and
        // month, as FF[4] lists do.
        let first = match (dates.last(), from.len()) {
            (Some(&(y, m, _)), 1 | 2) if is_digits(from) => (y, m, from.parse().unwrap_or(0)),
            (Some(&(y, _, _)), 4 | 5) if from.contains('-') => {
                let (m, d) = from.split_once('-').ok_or_else(unreadable)?;
                (
                    y,
                    m.parse().map_err(|_| unreadable())?,
                    d.parse().map_err(|_| unreadable())?,
                )
            }
            _ => full_date(&one_date(from)?).ok_or_else(unreadable)?,
        };
        if !real_date(first.0, first.1, Some(first.2)) {
            return Err(unreadable());
        }
        dates.push(first);
        let Some(to) = to else { continue };
        let (y, m, _) = first;
        let last = if is_digits(to) && to.len() <= 2 {
            (y, m, to.parse().unwrap_or(0))
        } else if let Some((mm, dd)) = to.split_once('-')
            && is_digits(mm)
            && is_digits(dd)
            && mm.len() <= 2
            && dd.len() <= 2
        {
            (y, mm.parse().unwrap_or(0), dd.parse().unwrap_or(0))
        } else {
            full_date(&one_date(to)?).ok_or_else(unreadable)?
        };
        if !real_date(last.0, last.1, Some(last.2)) || last <= first {
            return Err(unreadable());
        }
        let mut day = first;
        while day < last {
            day = next_day(day);
            dates.push(day);
            if dates.len() > 366 {
                return Err(unreadable());
            }
        }
    }
    if dates.windows(2).any(|w| w[0] >= w[1]) {
        return Err(unreadable());
    }
    Ok(shortened(&dates))
}

/// One date written otherwise, to `YYYY-MM-DD` or `YYYY-MM` when the
/// reading is certain; `Err(reason)` when not.
fn one_date(s: &str) -> Result<String, String> {
    let s = s.trim();
    let ambiguous = || "month and day could be either way round".to_owned();
    let unreadable = || "not a date in the ISO form FF[4] asks for (YYYY-MM-DD)".to_owned();
    // Japanese and Chinese: 1996年5月12日.
    if let Some((y, rest)) = s.split_once('年') {
        let rest = rest.trim_end_matches(['日', '号']);
        let (m, d) = match rest.split_once('月') {
            Some((m, d)) => (m, (!d.is_empty()).then_some(d)),
            None => (rest.trim_end_matches('月'), None),
        };
        if y.len() == 4 && is_digits(y) && is_digits(m) && d.is_none_or(is_digits) {
            let d = d.map(|d| d.parse().unwrap_or(0));
            return ymd(y.parse().unwrap_or(0), m.parse().unwrap_or(0), d).ok_or_else(unreadable);
        }
        return Err(unreadable());
    }
    // Month names: `May 12, 1996`, `April 14-15, 1957`, `24, 25 May 1995`.
    if s.chars().any(|c| c.is_ascii_alphabetic()) {
        return named_month(s);
    }
    // ISO 8601 basic form: YYYYMMDD.
    if s.len() == 8 && is_digits(s) {
        let n = |r: std::ops::Range<usize>| s[r].parse().unwrap_or(0);
        return ymd(n(0..4), n(4..6), Some(n(6..8))).ok_or_else(unreadable);
    }
    // Numbers with separators.
    let sep = ['-', '/', '.'].into_iter().find(|&c| s.contains(c));
    let Some(sep) = sep else {
        return Err(unreadable());
    };
    let parts: Vec<&str> = s.split(sep).collect();
    if parts.iter().any(|p| !is_digits(p) || p.len() > 4) {
        return Err(unreadable());
    }
    let n: Vec<u32> = parts.iter().map(|p| p.parse().unwrap_or(0)).collect();
    let l: Vec<usize> = parts.iter().map(|p| p.len()).collect();
    let date = match (l.as_slice(), sep) {
        // A range of years, every year kept: `1957-1958` is `1957,1958`.
        ([4, 4], '-') if n[0] >= 1 && n[0] < n[1] && n[1] - n[0] <= 100 => {
            return Ok((n[0]..=n[1])
                .map(|y| format!("{y:04}"))
                .collect::<Vec<_>>()
                .join(","));
        }
        // Year first: YYYY-M-D, YYYY/MM/DD, YYYY.MM.DD.
        ([4, 1 | 2], _) => ymd(n[0], n[1], None),
        ([4, 1 | 2, 1 | 2], _) => ymd(n[0], n[1], Some(n[2])),
        // A two-digit year first that cannot be a month or a day.
        ([2, 1 | 2, 1 | 2], '-' | '/') if n[0] > 31 => ymd(1900 + n[0], n[1], Some(n[2])),
        // A two-digit year last that cannot be a month or a day
        // (`13/5/95`), read as the four digits below.
        ([1 | 2, 1 | 2, 2], _) if n[2] > 31 => {
            return one_date(&format!(
                "{}{sep}{}{sep}{}",
                parts[0],
                parts[1],
                1900 + n[2]
            ));
        }
        // Day first: the dotted form.
        ([1 | 2, 1 | 2, 4], '.') => ymd(n[2], n[1], Some(n[0])),
        // M/D/YYYY or D/M/YYYY: only when one reading is possible.
        ([1 | 2, 1 | 2, 4], '/' | '-') => {
            let (a, b) = (n[0], n[1]);
            if a == b || (a > 12 && b <= 12) {
                ymd(n[2], b, Some(a))
            } else if b > 12 && a <= 12 {
                ymd(n[2], a, Some(b))
            } else {
                return Err(ambiguous());
            }
        }
        ([1 | 2, 4], '/' | '.' | '-') => ymd(n[1], n[0], None),
        _ => None,
    };
    date.ok_or_else(unreadable)
}

fn dates(t: &str, ff: u8) -> InfoFix {
    if is_iso_date_list(t) {
        return InfoFix::Standard;
    }
    let old = ff < 4;
    let allowed_before = |fix: InfoFix| {
        if old { InfoFix::Standard } else { fix }
    };
    // A time of day after the date.
    if t.contains(':') {
        return allowed_before(invalid(
            "DT holds dates only: the time of day would be lost",
        ));
    }
    // One-digit months and days: 1996-5-12,13.
    if t.bytes()
        .all(|b| b.is_ascii_digit() || b == b'-' || b == b',')
    {
        let padded: String = t
            .split(',')
            .map(|part| {
                part.split('-')
                    .map(|n| {
                        if n.len() == 1 {
                            format!("0{n}")
                        } else {
                            n.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .collect::<Vec<_>>()
            .join(",");
        if padded != t && is_iso_date_list(&padded) {
            return fixed(padded, "months and days have two digits");
        }
    }
    // Spaces after commas.
    let compact: String = t.split(',').map(str::trim).collect::<Vec<_>>().join(",");
    if compact != t && is_iso_date_list(&compact) {
        return fixed(compact, "spaces in the list");
    }
    // Ranges of days: `1945-07-23..25`.
    if t.contains("..") && !month_words(t) {
        return match date_ranges(t) {
            Ok(value) if is_iso_date_list(&value) => fixed(
                value,
                "dates are written YYYY-MM-DD, every day of a range listed",
            ),
            Ok(_) | Err(_) => allowed_before(invalid(
                "not a date in the ISO form FF[4] asks for (YYYY-MM-DD)",
            )),
        };
    }
    // A list of full dates, each written otherwise.
    let mut out = Vec::new();
    let parts: Vec<&str> = if t.contains(['年', '/', '.', '-']) && !month_words(t) {
        compact.split(',').collect()
    } else {
        vec![t]
    };
    for part in parts {
        match one_date(part) {
            Ok(d) => out.push(d),
            Err(reason) => return allowed_before(invalid(reason)),
        }
    }
    let value = out.join(",");
    if !is_iso_date_list(&value) {
        return allowed_before(invalid(
            "not a date in the ISO form FF[4] asks for (YYYY-MM-DD)",
        ));
    }
    fixed(value, "dates are written YYYY-MM-DD")
}

fn month_words(t: &str) -> bool {
    t.chars().any(|c| c.is_ascii_alphabetic())
}

// ---------------------------------------------------------------- KM

fn komi(t: &str) -> InfoFix {
    if is_real(t) {
        return InfoFix::Standard;
    }
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), "none" | "no komi") {
        return fixed("0", "no komi is written 0");
    }
    let (sign, body) = match t.strip_prefix('-') {
        Some(b) => ("-", b.trim_start()),
        None => ("", t.strip_prefix('+').unwrap_or(t).trim_start()),
    };
    let number = strip_points(body);
    match loose_number(number) {
        Some(n) => {
            let why = if number != body {
                "komi is a plain number"
            } else if body.contains(',') {
                "decimal comma"
            } else if body.contains(['/', '½']) {
                "fraction"
            } else {
                "number form"
            };
            let value = if n == "0" || n.parse::<f64>().is_ok_and(|v| v == 0.0) {
                n
            } else {
                format!("{sign}{n}")
            };
            fixed(value, why)
        }
        None => invalid("komi is not a number"),
    }
}

// ---------------------------------------------------------------- HA

fn handicap(t: &str) -> InfoFix {
    let digits = t.strip_prefix('+').unwrap_or(t);
    let lower = t.to_ascii_lowercase();
    let digits = if is_digits(digits) {
        digits
    } else if let Some(n) = ["stones", "stone"]
        .iter()
        .find_map(|s| lower.strip_suffix(s))
        .map(str::trim)
        .filter(|n| is_digits(n))
    {
        &t[..n.len()]
    } else {
        return invalid("handicap is not a number");
    };
    let Ok(n) = digits.parse::<u32>() else {
        return invalid("handicap is not a number");
    };
    if n < 2 {
        return invalid(format!(
            "HA is 2 or more: a game without handicap has no HA (HA[{n}])"
        ));
    }
    if digits == t {
        InfoFix::Standard
    } else {
        fixed(n.to_string(), "handicap is a plain number")
    }
}

// ---------------------------------------------------------------- TM

fn time(t: &str) -> InfoFix {
    if is_real(t) {
        return if t.starts_with('-') {
            invalid("a negative time limit")
        } else {
            InfoFix::Standard
        };
    }
    let lower = t.to_ascii_lowercase();
    let overtime = lower.contains(['+', '/', '('])
        || ["byo", "move", "period", "stone", "canad", "fischer", " x "]
            .iter()
            .any(|w| lower.contains(w))
        || lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w.len() > 1 && w.starts_with(|c: char| c.is_ascii_digit()) && w.contains('x'));
    if overtime {
        return invalid("TM is the main time in seconds: byo-yomi belongs in OT");
    }
    // H:MM:SS.
    if lower.contains(':') {
        let parts: Vec<&str> = lower.split(':').collect();
        return match parts.as_slice() {
            [h, m, s]
                if is_digits(h) && m.len() == 2 && s.len() == 2 && is_digits(m) && is_digits(s) =>
            {
                let (h, m, s): (u64, u64, u64) = (
                    h.parse().unwrap_or(0),
                    m.parse().unwrap_or(0),
                    s.parse().unwrap_or(0),
                );
                if m < 60 && s < 60 {
                    fixed((h * 3600 + m * 60 + s).to_string(), "time in seconds")
                } else {
                    invalid("not a time")
                }
            }
            [_, _] => invalid("minutes:seconds or hours:minutes? (TM is in seconds)"),
            _ => invalid("not a time"),
        };
    }
    // Numbers with units: 1h, 90 minutes, 1 hour 30 min; `each` (or
    // `per player`) says what TM means anyway: each player's time.
    let mut total = 0.0;
    let mut seen = [false; 3];
    let mut rest = lower.trim();
    for each in [
        "for each player",
        "per player",
        "each player",
        "each side",
        "per side",
        "apiece",
        "each",
    ] {
        if let Some(r) = rest.strip_suffix(each) {
            rest = r.trim_end().trim_end_matches(',').trim_end();
            break;
        }
    }
    let mut any = false;
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(rest.len());
        let Some(number) = loose_number(&rest[..end]) else {
            return invalid("not a time in seconds");
        };
        let value: f64 = number.parse().unwrap_or(0.0);
        rest = rest[end..].trim_start();
        let unit_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let unit = &rest[..unit_end];
        let slot = match unit {
            "h" | "hr" | "hrs" | "hour" | "hours" => 0,
            "m" | "min" | "mins" | "minute" | "minutes" => 1,
            "s" | "sec" | "secs" | "second" | "seconds" => 2,
            _ => return invalid("not a time in seconds"),
        };
        // Each unit once, larger first.
        if seen[slot..].iter().any(|&s| s) {
            return invalid("not a time in seconds");
        }
        seen[slot] = true;
        total += value * [3600.0, 60.0, 1.0][slot];
        any = true;
        rest = rest[unit_end..].trim_start();
        rest = rest.strip_prefix("and").unwrap_or(rest).trim_start();
    }
    if !any {
        return invalid("not a time in seconds");
    }
    fixed(format_number(total), "time in seconds")
}

// ---------------------------------------------------------------- BR, WR

fn rank(t: &str) -> InfoFix {
    // Split off `?` or `*`.
    let (body, mark) = match t.strip_suffix(['?', '*']) {
        Some(b) => (b.trim_end(), &t[t.len() - 1..]),
        None => (t, ""),
    };
    let digits_end = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    let (n, unit) = body.split_at(digits_end);
    if n.is_empty() || n.len() > 3 {
        return InfoFix::Standard; // free text: `NR`, `?`, `4d*, IGS`
    }
    let unit_lower = unit.to_ascii_lowercase();
    let u = unit_lower.trim_start_matches([' ', '-']);
    let kind = match u {
        "k" | "kyu" => 'k',
        "d" | "dan" => 'd',
        "p" | "pro" | "dan pro" | "d pro" | "p dan" | "dan professional" | "professional" => 'p',
        _ => return InfoFix::Standard, // `1500*`, `3d, AGA`
    };
    let n: u32 = n.parse().unwrap_or(0);
    let max = if kind == 'k' { 30 } else { 9 };
    if n == 0 || n > max {
        return invalid(format!("no such rank: {n}{kind}"));
    }
    // The recommended forms: `..k`, `..kyu`, `..d`, `..dan`.
    if matches!(unit, "k" | "kyu" | "d" | "dan" | "p") {
        return InfoFix::Standard;
    }
    fixed(format!("{n}{kind}{mark}"), "the short form of a rank")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_grammar() {
        for ok in ["0", "6.5", "-4.5", "+7", "0.00"] {
            assert!(is_real(ok), "{ok}");
        }
        for bad in ["", ".5", "5.", "1e2", "6,5", "- 1", "+"] {
            assert!(!is_real(bad), "{bad}");
        }
    }

    #[test]
    fn iso_lists() {
        for ok in [
            "1996",
            "1996-05",
            "1996-05-12",
            "1996-05-12,13",
            "1996-05,06",
            "1996,1997",
            "1996-12-27,28,1997-01-03,04",
            "1996-05-12,06-01",
            "2024-02-29",
        ] {
            assert!(is_iso_date_list(ok), "{ok}");
        }
        for bad in [
            "",
            "96",
            "1996-5-12",
            "1996-13",
            "1996-02-30",
            "1996,05",
            "1996-05-12,",
            "12",
            "2023-02-29",
        ] {
            assert!(!is_iso_date_list(bad), "{bad}");
        }
    }
}

//! Game information as typed values: players, ranks, komi, handicap, the
//! result parsed into winner and margin, dates parsed from `DT`'s list forms.
//!
//! ```
//! use kifu_sgf::game_info::{GameInfo, Outcome, WinBy};
//! use kifu_sgf::Color;
//!
//! let c = kifu_sgf::parse(b"(;PB[Shusaku]PW[Gennan]KM[0]RE[B+2]DT[1846-09-11,12,13])").value;
//! let info: GameInfo = c.game(0).unwrap().info();
//! assert_eq!(info.black.as_deref(), Some("Shusaku"));
//! let result = info.result.unwrap();
//! assert_eq!(result.outcome, Outcome::Win { winner: Color::Black, by: WinBy::Score(2.0) });
//! assert_eq!(info.dates.len(), 3);
//! assert_eq!(info.dates[2].to_string(), "1846-09-13");
//! ```

use std::fmt;

use kifu_board::Color;

/// The game information of one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// Black player (`PB`).
    pub black: Option<String>,
    /// White player (`PW`).
    pub white: Option<String>,
    /// Black's rank (`BR`).
    pub black_rank: Option<String>,
    /// White's rank (`WR`).
    pub white_rank: Option<String>,
    /// Black's team (`BT`).
    pub black_team: Option<String>,
    /// White's team (`WT`).
    pub white_team: Option<String>,
    /// Komi (`KM`), when it reads as a number (`6.5`, `6,5`, `+7.5`).
    pub komi: Option<f64>,
    /// `KM` as written.
    pub komi_raw: Option<String>,
    /// Handicap (`HA`).
    pub handicap: Option<u32>,
    /// Result (`RE`).
    pub result: Option<GameResult>,
    /// Dates (`DT`), in the order written.
    pub dates: Vec<PartialDate>,
    /// `DT` as written.
    pub dates_raw: Option<String>,
    /// Rules (`RU`).
    pub rules: Option<String>,
    /// Event (`EV`).
    pub event: Option<String>,
    /// Round (`RO`).
    pub round: Option<String>,
    /// Place (`PC`).
    pub place: Option<String>,
    /// Game name (`GN`).
    pub name: Option<String>,
    /// Game comment (`GC`).
    pub comment: Option<String>,
    /// Opening (`ON`).
    pub opening: Option<String>,
    /// Overtime (`OT`).
    pub overtime: Option<String>,
    /// Time limit in seconds (`TM`).
    pub time_limit: Option<f64>,
    /// Source (`SO`).
    pub source: Option<String>,
    /// User who entered the game (`US`).
    pub user: Option<String>,
    /// Annotator (`AN`).
    pub annotator: Option<String>,
    /// Copyright (`CP`).
    pub copyright: Option<String>,
    /// Application (`AP`).
    pub application: Option<String>,
}

impl GameInfo {
    /// Builds the information from a lookup that returns a property's text
    /// (escapes resolved), or `None` when absent.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> GameInfo {
        let text = |id: &str| get(id).filter(|s| !s.trim().is_empty());
        let komi_raw = text("KM");
        let dates_raw = text("DT");
        GameInfo {
            black: text("PB"),
            white: text("PW"),
            black_rank: text("BR"),
            white_rank: text("WR"),
            black_team: text("BT"),
            white_team: text("WT"),
            komi: komi_raw.as_deref().and_then(parse_komi),
            komi_raw,
            handicap: text("HA").and_then(|h| h.trim().trim_start_matches('+').parse().ok()),
            result: text("RE").map(|r| GameResult::parse(&r)),
            dates: dates_raw
                .as_deref()
                .map(|d| parse_dates(d).dates)
                .unwrap_or_default(),
            dates_raw,
            rules: text("RU"),
            event: text("EV"),
            round: text("RO"),
            place: text("PC"),
            name: text("GN"),
            comment: text("GC"),
            opening: text("ON"),
            overtime: text("OT"),
            time_limit: text("TM").and_then(|t| t.trim().parse().ok()),
            source: text("SO"),
            user: text("US"),
            annotator: text("AN"),
            copyright: text("CP"),
            application: text("AP"),
        }
    }
}

/// Komi as a number: `6.5`, ` 7.5 `, `+6.5`, and the decimal comma `6,5`.
/// No scaling is guessed (some servers write `375` for 3.75).
pub fn parse_komi(text: &str) -> Option<f64> {
    let t = text.trim().replace(',', ".");
    t.strip_prefix('+')
        .unwrap_or(&t)
        .parse::<f64>()
        .ok()
        .filter(|k| k.is_finite())
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WinBy {
    /// By this many points.
    Score(f64),
    /// By resignation (`R`, `Resign`).
    Resignation,
    /// On time (`T`, `Time`).
    Time,
    /// By forfeit (`F`, `Forfeit`).
    Forfeit,
    /// Margin not given (`B+`).
    Unspecified,
}

/// What `RE` says happened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// One player won.
    Win {
        /// Who.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// `0`, `Draw`, `Jigo`.
    Draw,
    /// `Void`: no result, or suspended play.
    Void,
    /// `?`: unknown.
    Unknown,
    /// Not in a form kifu understands (see [`GameResult::raw`]).
    Unparsed,
}

/// A parsed `RE` value.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// What it means.
    pub outcome: Outcome,
    /// As written.
    pub raw: String,
}

impl GameResult {
    /// Reads a result: the FF\[4\] forms and common variants (any case,
    /// spaces, `Resign`, `B+2.5 points`, `Black wins`, Japanese `中押し勝ち`).
    /// Never fails: anything else is [`Outcome::Unparsed`].
    pub fn parse(raw: &str) -> GameResult {
        GameResult {
            outcome: parse_outcome(raw),
            raw: raw.to_owned(),
        }
    }

    /// Whether `RE` was in a form FF\[4\] defines.
    pub fn is_standard(&self) -> bool {
        self.outcome != Outcome::Unparsed && self.raw == self.to_string()
    }
}

fn parse_outcome(raw: &str) -> Outcome {
    let t = raw.trim();
    let lower = t.to_lowercase();
    match lower.as_str() {
        "0" | "draw" | "jigo" | "d" | "持碁" | "和棋" => return Outcome::Draw,
        "void" | "無勝負" => return Outcome::Void,
        "?" | "unknown" => return Outcome::Unknown,
        _ => {}
    }
    let winner = |c: char| match c {
        'b' | '黒' | '黑' => Some(Color::Black),
        'w' | '白' => Some(Color::White),
        _ => None,
    };
    let mut chars = lower.chars();
    let Some(first) = chars.next() else {
        return Outcome::Unparsed;
    };
    let Some(who) = winner(first) else {
        return Outcome::Unparsed;
    };
    let rest = chars.as_str().trim_start();
    // "Black wins", "W wins by resignation"
    let rest = rest
        .strip_prefix("lack")
        .or_else(|| rest.strip_prefix("hite"))
        .unwrap_or(rest)
        .trim_start();
    if let Some(margin) = rest.strip_prefix('+') {
        let m = margin.trim();
        let by = match m {
            "" => WinBy::Unspecified,
            "r" | "resign" | "resignation" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            _ => {
                let number = m
                    .trim_end_matches("points")
                    .trim_end_matches("point")
                    .trim_end_matches("pts")
                    .trim();
                match number.replace(',', ".").parse::<f64>() {
                    Ok(s) if s.is_finite() && s >= 0.0 => WinBy::Score(s),
                    _ => return Outcome::Unparsed,
                }
            }
        };
        return Outcome::Win { winner: who, by };
    }
    if rest == "wins" || rest == "win" {
        return Outcome::Win {
            winner: who,
            by: WinBy::Unspecified,
        };
    }
    if let Some(r) = rest.strip_prefix("wins by").map(str::trim) {
        let by = match r {
            "resignation" | "resign" => WinBy::Resignation,
            "time" => WinBy::Time,
            "forfeit" => WinBy::Forfeit,
            _ => return Outcome::Unparsed,
        };
        return Outcome::Win { winner: who, by };
    }
    if rest == "中押し勝ち" || rest == "中押勝" || rest == "中盘胜" {
        return Outcome::Win {
            winner: who,
            by: WinBy::Resignation,
        };
    }
    Outcome::Unparsed
}

impl fmt::Display for GameResult {
    /// The FF\[4\] form: `B+R`, `W+3.5`, `0`, `Void`, `?`; the raw text
    /// when unparsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Win { winner, by } => {
                write!(f, "{}+", winner.to_char())?;
                match by {
                    WinBy::Score(s) => write!(f, "{s}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unspecified => Ok(()),
                }
            }
            Outcome::Draw => f.write_str("0"),
            Outcome::Void => f.write_str("Void"),
            Outcome::Unknown => f.write_str("?"),
            Outcome::Unparsed => f.write_str(&self.raw),
        }
    }
}

/// A date that may lack its month or day (`1996`, `1996-05`, `1996-05-12`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PartialDate {
    /// Year.
    pub year: u16,
    /// Month, 1-12.
    pub month: Option<u8>,
    /// Day, 1-31 (only with a month).
    pub day: Option<u8>,
}

impl fmt::Display for PartialDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
            if let Some(d) = self.day {
                write!(f, "-{d:02}")?;
            }
        }
        Ok(())
    }
}

/// The dates of a `DT` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateParse {
    /// The dates read, in order.
    pub dates: Vec<PartialDate>,
    /// Whether the value was in the FF\[4\] form (a checker repairs it if not).
    pub conforming: bool,
}

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn valid(d: PartialDate) -> bool {
    match (d.month, d.day) {
        (None, None) => true,
        (Some(m), None) => (1..=12).contains(&m),
        (Some(m), Some(day)) => (1..=12).contains(&m) && day >= 1 && day <= days_in(d.year, m),
        (None, Some(_)) => false,
    }
}

fn numbers(s: &str) -> Option<Vec<(u32, usize)>> {
    // (value, digit count) of each `-`-separated part.
    s.split('-')
        .map(|p| {
            (!p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
                .then(|| (p.parse().unwrap_or(0), p.len()))
        })
        .collect()
}

/// Reads `DT`: the FF\[4\] list (`1996-05-12,13`, `1996-05,06`,
/// `1996-12-27,28,1997-01-03`, `1996-05-12,06-01`) and the lenient forms
/// found in real files (`2005/03/12`, `2005.03.12`, `1996-5-3`, a time
/// after the date, `2005年3月12日`).
///
/// ```
/// use kifu_sgf::game_info::parse_dates;
/// let d = parse_dates("1996-12-27,28,1997-01-03");
/// assert!(d.conforming);
/// let shown: Vec<String> = d.dates.iter().map(|d| d.to_string()).collect();
/// assert_eq!(shown, ["1996-12-27", "1996-12-28", "1997-01-03"]);
/// ```
pub fn parse_dates(dt: &str) -> DateParse {
    let mut conforming = true;
    let mut text = dt.trim().to_owned();
    // Japanese and Chinese dates.
    if text.contains('年') {
        conforming = false;
        text = text.replace(['年', '月'], "-").replace(['日', '号'], "");
    }
    // Other separators.
    if text.contains(['/', '.']) && !text.contains('-') {
        conforming = false;
        text = text.replace(['/', '.'], "-");
    }
    // A time after the date.
    if let Some(cut) = text.find([' ', 'T']).filter(|&i| i >= 4) {
        conforming = false;
        text.truncate(cut);
    }
    let mut dates = Vec::new();
    let mut last: Option<PartialDate> = None;
    for part in text.split(',') {
        let part = part.trim();
        let Some(nums) = numbers(part) else {
            conforming = false;
            continue;
        };
        let date = match (nums.as_slice(), last) {
            ([(y, 4)], _) => PartialDate {
                year: *y as u16,
                month: None,
                day: None,
            },
            ([(y, 4), (m, ml)], _) => {
                conforming &= *ml == 2;
                PartialDate {
                    year: *y as u16,
                    month: Some(*m as u8),
                    day: None,
                }
            }
            ([(y, 4), (m, ml), (d, dl)], _) => {
                conforming &= *ml == 2 && *dl == 2;
                PartialDate {
                    year: *y as u16,
                    month: Some(*m as u8),
                    day: Some(*d as u8),
                }
            }
            // `MM-DD` after a full date: same year.
            ([(m, 2), (d, 2)], Some(prev)) if prev.day.is_some() => PartialDate {
                year: prev.year,
                month: Some(*m as u8),
                day: Some(*d as u8),
            },
            // `DD` after a full date, `MM` after a year-month.
            ([(n, 2)], Some(prev)) => match prev.day {
                Some(_) => PartialDate {
                    day: Some(*n as u8),
                    ..prev
                },
                None if prev.month.is_some() => PartialDate {
                    month: Some(*n as u8),
                    ..prev
                },
                None => {
                    conforming = false;
                    continue;
                }
            },
            _ => {
                conforming = false;
                continue;
            }
        };
        if !valid(date) {
            conforming = false;
            continue;
        }
        dates.push(date);
        last = Some(date);
    }
    if dates.is_empty() {
        conforming = false;
    }
    DateParse { dates, conforming }
}

/// Writes dates as the shortened FF\[4\] list (`1996-05-12,13`).
pub fn format_dates(dates: &[PartialDate]) -> String {
    let mut out = String::new();
    let mut last: Option<PartialDate> = None;
    for &d in dates {
        if !out.is_empty() {
            out.push(',');
        }
        match (last, d.month, d.day) {
            (Some(p), Some(m), Some(day)) if p.day.is_some() && p.year == d.year => {
                if p.month == Some(m) {
                    out.push_str(&format!("{day:02}"));
                } else {
                    out.push_str(&format!("{m:02}-{day:02}"));
                }
            }
            (Some(p), Some(m), None)
                if p.day.is_none() && p.month.is_some() && p.year == d.year =>
            {
                out.push_str(&format!("{m:02}"));
            }
            _ => out.push_str(&d.to_string()),
        }
        last = Some(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn outcome(s: &str) -> Outcome {
        GameResult::parse(s).outcome
    }

    fn win(c: Color, by: WinBy) -> Outcome {
        Outcome::Win { winner: c, by }
    }

    #[test]
    fn standard_results() {
        assert_eq!(outcome("B+R"), win(Color::Black, WinBy::Resignation));
        assert_eq!(outcome("W+T"), win(Color::White, WinBy::Time));
        assert_eq!(outcome("B+F"), win(Color::Black, WinBy::Forfeit));
        assert_eq!(outcome("W+3.5"), win(Color::White, WinBy::Score(3.5)));
        assert_eq!(outcome("B+"), win(Color::Black, WinBy::Unspecified));
        assert_eq!(outcome("0"), Outcome::Draw);
        assert_eq!(outcome("Draw"), Outcome::Draw);
        assert_eq!(outcome("Void"), Outcome::Void);
        assert_eq!(outcome("?"), Outcome::Unknown);
        for s in ["B+R", "W+3.5", "0", "Void", "?", "B+", "W+T"] {
            assert!(GameResult::parse(s).is_standard(), "{s}");
            assert_eq!(GameResult::parse(s).to_string(), s);
        }
    }

    #[test]
    fn results_from_the_wild() {
        assert_eq!(outcome(" w+resign "), win(Color::White, WinBy::Resignation));
        assert_eq!(outcome("b+0.5"), win(Color::Black, WinBy::Score(0.5)));
        assert_eq!(
            outcome("B+2.5 points"),
            win(Color::Black, WinBy::Score(2.5))
        );
        assert_eq!(outcome("Black wins"), win(Color::Black, WinBy::Unspecified));
        assert_eq!(
            outcome("White wins by resignation"),
            win(Color::White, WinBy::Resignation)
        );
        assert_eq!(outcome("jigo"), Outcome::Draw);
        assert_eq!(
            outcome("黒中押し勝ち"),
            win(Color::Black, WinBy::Resignation)
        );
        assert_eq!(outcome("something else"), Outcome::Unparsed);
        assert_eq!(outcome(""), Outcome::Unparsed);
        assert_eq!(outcome("B+x"), Outcome::Unparsed);
        let r = GameResult::parse("w+resign");
        assert!(!r.is_standard());
        assert_eq!(r.to_string(), "W+R");
        assert_eq!(GameResult::parse("odd").to_string(), "odd");
    }

    fn shown(dt: &str) -> (Vec<String>, bool) {
        let d = parse_dates(dt);
        (
            d.dates.iter().map(ToString::to_string).collect(),
            d.conforming,
        )
    }

    #[test]
    fn ff4_date_lists() {
        assert_eq!(shown("1996-05-12"), (vec!["1996-05-12".into()], true));
        assert_eq!(
            shown("1996-05-12,13"),
            (vec!["1996-05-12".into(), "1996-05-13".into()], true)
        );
        assert_eq!(
            shown("1996-05,06"),
            (vec!["1996-05".into(), "1996-06".into()], true)
        );
        assert_eq!(
            shown("1996-12-27,28,1997-01-03,04").0,
            ["1996-12-27", "1996-12-28", "1997-01-03", "1997-01-04"]
        );
        assert_eq!(shown("1996-05-12,06-01").0, ["1996-05-12", "1996-06-01"]);
        assert_eq!(shown("1996"), (vec!["1996".into()], true));
    }

    #[test]
    fn lenient_dates() {
        assert_eq!(shown("2005/03/12"), (vec!["2005-03-12".into()], false));
        assert_eq!(shown("2005.03.12"), (vec!["2005-03-12".into()], false));
        assert_eq!(shown("1996-5-3"), (vec!["1996-05-03".into()], false));
        assert_eq!(
            shown("2005-03-12 18:32:00"),
            (vec!["2005-03-12".into()], false)
        );
        assert_eq!(shown("2005年3月12日"), (vec!["2005-03-12".into()], false));
    }

    #[test]
    fn impossible_dates_are_dropped() {
        assert_eq!(shown("1996-13-01"), (vec![], false));
        assert_eq!(shown("1996-02-30"), (vec![], false));
        assert_eq!(shown("2024-02-29").0, ["2024-02-29"]);
        assert_eq!(shown("garbage"), (vec![], false));
        assert_eq!(shown(""), (vec![], false));
    }

    #[test]
    fn dates_are_written_shortened() {
        for dt in [
            "1996-05-12,13",
            "1996-05,06",
            "1996-12-27,28,1997-01-03,04",
            "1996-05-12,06-01",
            "1996",
        ] {
            assert_eq!(format_dates(&parse_dates(dt).dates), dt);
        }
    }

    #[test]
    fn komi_forms() {
        assert_eq!(parse_komi("6.5"), Some(6.5));
        assert_eq!(parse_komi(" 7.5 "), Some(7.5));
        assert_eq!(parse_komi("+6.5"), Some(6.5));
        assert_eq!(parse_komi("6,5"), Some(6.5));
        assert_eq!(parse_komi("375"), Some(375.0));
        assert_eq!(parse_komi("none"), None);
    }

    #[test]
    fn from_lookup_reads_every_field() {
        let map: std::collections::HashMap<&str, &str> = [
            ("PB", "A"),
            ("PW", "B"),
            ("BR", "1d"),
            ("WR", "2d"),
            ("KM", "6.5"),
            ("HA", "2"),
            ("RE", "W+R"),
            ("DT", "2020-01-02"),
            ("RU", "Japanese"),
            ("EV", "Cup"),
            ("TM", "600"),
            ("PC", " "),
        ]
        .into_iter()
        .collect();
        let info = GameInfo::from_lookup(|id| map.get(id).map(|s| s.to_string()));
        assert_eq!(info.black.as_deref(), Some("A"));
        assert_eq!(info.white_rank.as_deref(), Some("2d"));
        assert_eq!(info.komi, Some(6.5));
        assert_eq!(info.handicap, Some(2));
        assert_eq!(info.result.unwrap().to_string(), "W+R");
        assert_eq!(info.dates[0].to_string(), "2020-01-02");
        assert_eq!(info.time_limit, Some(600.0));
        assert_eq!(info.rules.as_deref(), Some("Japanese"));
        // Blank values count as absent.
        assert_eq!(info.place, None);
    }

    proptest! {
        #[test]
        fn formatted_dates_read_back(
            raw in prop::collection::vec((1900u16..2100, 1u8..=12, 1u8..=28), 1..5)
        ) {
            let mut dates: Vec<PartialDate> = raw
                .into_iter()
                .map(|(y, m, d)| PartialDate { year: y, month: Some(m), day: Some(d) })
                .collect();
            dates.sort();
            dates.dedup();
            let text = format_dates(&dates);
            let back = parse_dates(&text);
            prop_assert!(back.conforming, "{}", text);
            prop_assert_eq!(back.dates, dates);
        }
    }
}

//! The values the three formats share, read from their written forms:
//! ranks, `name (rank)`, dates, results written out in Korean, Chinese,
//! Japanese or English, and the fixed handicap points.

use kifu_board::{BoardSize, Point};
use kifu_sgf::game_info::{GameResult, Outcome};

/// A rank in the SGF form where its form is known: `1급`, `10K`, `1k`
/// give `1k`; `3段`, `3D` give `3d`; `9DP`, `5段P` give `9p`, `5p`; a
/// trailing `*` or `?` stays. Anything else (`初段`, `NR`) is kept.
pub(crate) fn rank(raw: &str) -> String {
    let t = raw.trim();
    let (body, mark) = match t.char_indices().last() {
        Some((i, c)) if c == '*' || c == '?' => (t[..i].trim_end(), &t[i..]),
        _ => (t, ""),
    };
    let digits_end = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    let (n, unit) = body.split_at(digits_end);
    if n.is_empty() || n.len() > 2 {
        return t.to_owned();
    }
    let unit = unit.trim();
    let is = |words: &[&str]| words.iter().any(|w| unit.eq_ignore_ascii_case(w));
    let kind = if is(&["k", "kyu", "급", "級", "级"]) {
        'k'
    } else if is(&["d", "dan", "단", "段"]) {
        'd'
    } else if is(&["p", "dp", "pro", "段p", "단p"]) {
        'p'
    } else {
        return t.to_owned();
    };
    let mut out = String::with_capacity(n.len() + 1 + mark.len());
    out.push_str(n);
    out.push(kind);
    out.push_str(mark);
    out
}

/// Whether a word reads as a rank (`9DP`, `7D*`, `1급`, `初段`, `五段`).
pub(crate) fn looks_like_rank(word: &str) -> bool {
    let w = word.trim_end_matches(['*', '?', 'P', 'p']);
    w.starts_with(|c: char| c.is_ascii_digit()) || w.ends_with(['段', '級', '级', '급', '단'])
}

/// `name (rank)` as Tygem writes players: the name, and the rank if the
/// text ends with one in parentheses.
pub(crate) fn name_and_rank(raw: &str) -> (String, Option<String>) {
    let t = raw.trim();
    if let Some(body) = t.strip_suffix(')').or_else(|| t.strip_suffix('）'))
        && let Some(open) = body.rfind(['(', '（'])
    {
        let name = body[..open].trim();
        let inside = body[open..].trim_start_matches(['(', '（']).trim();
        if !name.is_empty() && !inside.is_empty() {
            return (name.to_owned(), Some(rank(inside)));
        }
    }
    (t.to_owned(), None)
}

/// A date in the FF\[4\] form `YYYY-MM-DD`, from the first three numbers
/// of the text (`2015- 8-29-22-56-58`, `2012年11月22日 下午 6:3`,
/// `2019/03/08`, `C2016:03:26:17:29`) or from eight digits
/// (`20170316 [09:37]`). The time of day is not kept: `DT` holds dates.
pub(crate) fn date(raw: &str) -> Option<String> {
    let mut runs = raw
        .split(|c: char| !c.is_ascii_digit())
        .filter(|r| !r.is_empty());
    let first = runs.next()?;
    let (y, m, d) = if first.len() == 8 {
        (&first[..4], &first[4..6], &first[6..])
    } else {
        (first, runs.next()?, runs.next()?)
    };
    let (y, m, d): (u32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let valid = (1000..=2999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d);
    // Written digit by digit: `format!` with widths took most of the
    // time of reading a GIB header's three dates (callgrind).
    valid.then(|| {
        let digit = |n: u32| char::from(b'0' + (n % 10) as u8);
        let mut out = String::with_capacity(10);
        out.extend([
            digit(y / 1000),
            digit(y / 100),
            digit(y / 10),
            digit(y),
            '-',
        ]);
        out.extend([digit(m / 10), digit(m), '-', digit(d / 10), digit(d)]);
        out
    })
}

/// A real number as SGF writes it: `6.5`, `-5.5`, `0`, `11`.
pub(crate) fn real(x: f64) -> String {
    if x == 0.0 {
        "0".to_owned()
    } else {
        format!("{x}")
    }
}

/// A result written out (`흑 시간승`, `白11目胜`, `黒中押し勝ち`,
/// `Black wins by 0.5!`, `White Win by Resign!`, `Black Win 6.5 >>
/// White(50):Black(63)`) in its FF\[4\] form (`B+T`, `W+11`, `B+R`,
/// `B+0.5`); `None` when the text is not understood (`Progressing!`).
pub(crate) fn result(raw: &str) -> Option<String> {
    let mut t = raw.split(">>").next().unwrap_or("").trim();
    // Trailing `!`, full stops and remarks in parentheses.
    loop {
        let before = t;
        t = t.trim_end_matches(['!', '！', '.', '。']).trim_end();
        if let Some(body) = t.strip_suffix(')').or_else(|| t.strip_suffix('）'))
            && let Some(open) = body.rfind(['(', '（'])
            && open > 0
        {
            t = body[..open].trim_end();
        }
        if t == before {
            break;
        }
    }
    if t.is_empty() {
        return None;
    }
    let parsed = GameResult::parse(t);
    if parsed.outcome != Outcome::Unparsed {
        return Some(parsed.to_string());
    }
    let lower = t.to_lowercase();
    if ["무승부", "持碁", "和棋", "ジゴ", "jigo", "draw"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return Some("0".to_owned());
    }
    let english = lower.starts_with(|c: char| c.is_ascii_alphabetic());
    let named = if english {
        if lower.starts_with("black") || lower.starts_with("b ") {
            Some('B')
        } else if lower.starts_with("white") || lower.starts_with("w ") {
            Some('W')
        } else {
            None
        }
    } else {
        match lower.chars().next() {
            Some('黑' | '黒' | '흑') => Some('B'),
            Some('白' | '백') => Some('W'),
            _ => None,
        }
    }?;
    let (wins, loses): (&[&str], &[&str]) = if english {
        (&["win"], &["lose", "lost"])
    } else {
        (&["勝", "胜", "승"], &["負", "负", "敗", "败", "패"])
    };
    let winner = if loses.iter().any(|w| lower.contains(w)) {
        if named == 'B' { 'W' } else { 'B' }
    } else if wins.iter().any(|w| lower.contains(w)) {
        named
    } else {
        return None;
    };
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    if has(&["resign", "中押", "中盘", "中盤", "불계"]) {
        return Some(format!("{winner}+R"));
    }
    if has(&["time", "時間", "时间", "超时", "超時", "시간"]) {
        return Some(format!("{winner}+T"));
    }
    // Tygem: `white wins by disconnection` (GRLT 6), the other player
    // having left the game.
    if has(&["forfeit", "disconnect"]) {
        return Some(format!("{winner}+F"));
    }
    // Chinese counting in stones (`子`) is not turned into points.
    if lower.contains('子') {
        return None;
    }
    let half = has(&["半", "반"]);
    let number = first_number(&lower);
    let score = match (number, half) {
        (Some(n), true) => Some(n + 0.5),
        (Some(n), false) => Some(n),
        (None, true) => Some(0.5),
        (None, false) => None,
    };
    Some(match score {
        Some(s) => format!("{winner}+{}", real(s)),
        None => format!("{winner}+"),
    })
}

/// The first decimal number in a text (`11`, `0.5`).
fn first_number(t: &str) -> Option<f64> {
    let start = t.find(|c: char| c.is_ascii_digit())?;
    let rest = &t[start..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(rest.len());
    rest[..end].trim_end_matches('.').parse().ok()
}

/// Where a server puts its handicap stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// The usual (Japanese, GTP) fixed points: the third stone in the
    /// lower right corner.
    Standard,
    /// Tygem's: the third stone in the upper left corner (Tygem writes
    /// only the count; in `utf8.gib` of the corpus, a 3-stone game, White
    /// opens in the lower right corner, Q4, so the corner is free).
    Tygem,
}

/// The fixed handicap points for `count` stones; `None` when the board
/// has no such layout (fewer than 2 or more than 9 stones, more than 4
/// on an even or 7x7 board, boards under 7x7).
pub(crate) fn handicap_points(size: BoardSize, count: u32, layout: Layout) -> Option<Vec<Point>> {
    if !size.is_square() || size.cols < 7 || !(2..=9).contains(&count) {
        return None;
    }
    let n = size.cols;
    let mids = n % 2 == 1 && n != 7;
    if count > 4 && !mids {
        return None;
    }
    let near = if n >= 13 { 3 } else { 2 };
    let far = n - 1 - near;
    let mid = n / 2;
    let third = match layout {
        Layout::Standard => Point::new(far, far),
        Layout::Tygem => Point::new(near, near),
    };
    let fourth = match layout {
        Layout::Standard => Point::new(near, near),
        Layout::Tygem => Point::new(far, far),
    };
    let mut points = vec![Point::new(far, near), Point::new(near, far), third, fourth];
    if count >= 6 {
        points.extend([Point::new(near, mid), Point::new(far, mid)]);
    }
    if count >= 8 {
        points.extend([Point::new(mid, near), Point::new(mid, far)]);
    }
    if count % 2 == 1 && count >= 5 {
        points.push(Point::new(mid, mid));
    }
    points.truncate(count as usize);
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks() {
        for (raw, want) in [
            ("1급", "1k"),
            ("10K", "10k"),
            ("3段", "3d"),
            ("9DP", "9p"),
            ("7D*", "7d*"),
            ("5段P", "5p"),
            ("2k?", "2k?"),
            ("8d", "8d"),
            ("初段", "初段"),
            ("NR", "NR"),
        ] {
            assert_eq!(rank(raw), want, "{raw}");
        }
        assert!(looks_like_rank("9DP") && looks_like_rank("五段") && !looks_like_rank("LQC"));
    }

    #[test]
    fn players() {
        assert_eq!(
            name_and_rank("dongjik (1급)"),
            ("dongjik".to_owned(), Some("1k".to_owned()))
        );
        assert_eq!(
            name_and_rank("石下之臣(2段)"),
            ("石下之臣".to_owned(), Some("2d".to_owned()))
        );
        assert_eq!(name_and_rank("plain"), ("plain".to_owned(), None));
        assert_eq!(name_and_rank("(9d)"), ("(9d)".to_owned(), None));
    }

    #[test]
    fn dates() {
        for (raw, want) in [
            ("2015- 8-29-22-56-58", Some("2015-08-29")),
            ("2012年11月22日 下午 6:3", Some("2012-11-22")),
            ("C2016:03:26:17:29", Some("2016-03-26")),
            ("20170316 [09:37]", Some("2017-03-16")),
            ("2006-9-5", Some("2006-09-05")),
            ("2019/03/08", Some("2019-03-08")),
            ("12/03/2019", None),
            ("2019-13-01", None),
            ("", None),
        ] {
            assert_eq!(date(raw).as_deref(), want, "{raw}");
        }
    }

    #[test]
    fn results() {
        for (raw, want) in [
            ("흑 시간승", Some("B+T")),
            ("백 불계승", Some("W+R")),
            ("흑 3집반승", Some("B+3.5")),
            ("흑 1.5집 승", Some("B+1.5")),
            ("백 반집승", Some("W+0.5")),
            ("白11目胜", Some("W+11")),
            ("黑中盘胜(现场消息)", Some("B+R")),
            ("黒中押し勝ち!", Some("B+R")),
            ("白5.5目勝ち!", Some("W+5.5")),
            ("黒2目半勝ち", Some("B+2.5")),
            ("白時間切れ勝ち！", Some("W+T")),
            ("Black wins by 0.5!", Some("B+0.5")),
            ("White wins by  resign!", Some("W+R")),
            ("white wins by disconnection", Some("W+F")),
            ("White Win by Resign!", Some("W+R")),
            ("Black Win 6.5 >> White(50):Black(63)", Some("B+6.5")),
            ("White loses on time", Some("B+T")),
            ("black 0.5 points win", Some("B+0.5")),
            ("B+R", Some("B+R")),
            ("持碁", Some("0")),
            ("무승부", Some("0")),
            ("白棋12子 >> 白方(94):黑方(82)", None),
            ("Progressing!", None),
            ("", None),
        ] {
            assert_eq!(result(raw).as_deref(), want, "{raw}");
        }
    }

    #[test]
    fn handicap_layouts() {
        let s19 = BoardSize::STANDARD;
        let sgf = |points: Vec<Point>| -> Vec<String> {
            points
                .iter()
                .map(|p| String::from_utf8(p.to_sgf().to_vec()).unwrap())
                .collect()
        };
        assert_eq!(
            sgf(handicap_points(s19, 3, Layout::Tygem).unwrap()),
            ["pd", "dp", "dd"]
        );
        assert_eq!(
            sgf(handicap_points(s19, 3, Layout::Standard).unwrap()),
            ["pd", "dp", "pp"]
        );
        assert_eq!(
            sgf(handicap_points(s19, 5, Layout::Tygem).unwrap()),
            ["pd", "dp", "dd", "pp", "jj"]
        );
        assert_eq!(
            sgf(handicap_points(s19, 9, Layout::Standard).unwrap()),
            ["pd", "dp", "pp", "dd", "dj", "pj", "jd", "jp", "jj"]
        );
        let s9 = BoardSize::square(9).unwrap();
        assert_eq!(
            sgf(handicap_points(s9, 2, Layout::Standard).unwrap()),
            ["gc", "cg"]
        );
        assert!(handicap_points(BoardSize::square(8).unwrap(), 5, Layout::Standard).is_none());
        assert!(handicap_points(s19, 10, Layout::Standard).is_none());
        assert!(handicap_points(s19, 1, Layout::Standard).is_none());
    }
}

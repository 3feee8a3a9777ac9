//! Tygem GIB.
//!
//! ```text
//! \HS
//! \[GAMEBLACKNAME=dustkd1015 (1급)\]
//! \[GAMEINFOMAIN=GBKIND:0,GTYPE:0,GCDT:0,GTIME:1200-30-3,GRLT:7,ZIPSU:0,DUM:0,GONGJE:65,TCNT:49,AUSZ:0\]
//! ...
//! \HE
//! \GS
//! 2 1 0
//! 50 0 &4
//! INI 0 1 0 &4
//! STO 0 2 1 16 2
//! ...
//! \GE
//! ```
//!
//! The header is `\[KEY=VALUE\]` lines between `\HS` and `\HE` (a value
//! may run over several lines). The game is between `\GS` and `\GE`: a
//! line `2 1 0`, a line `N 0 &4` where N is the number of the last move,
//! `INI 0 1 H &4 [text]` with the handicap H (0 or 1 for none) and a
//! comment, then one line per move: `STO 0 N C X Y` (N the move's number
//! counting the INI line as 1, C 1 for Black and 2 for White, X and Y
//! from 0 at the top left) or `SKI 0 N` for a pass.
//!
//! Game information comes several times over: in its own keys, in
//! `GAMEINFOMAIN` (`GRLT` the result's kind, `ZIPSU` the margin in tenths
//! of a point, `GONGJE` the komi in tenths, `GTIME` main time, byo-yomi
//! seconds and periods), `GAMEINFOSUB` (`GDATE`) and `GAMETAG` (one
//! letter each: `W` result kind, `Z` margin, `G` komi, `R` handicap, `T`
//! byo-yomi seconds, periods and main time, `C` date). The numeric forms
//! are preferred; the texts (`GAMERESULT=흑 시간승`) are read when they
//! are missing and checked against them.

use kifu_board::{BoardSize, Color, Point};
use kifu_diag::{Diagnostic, Severity, Span};

use crate::charset::{self, Source};
use crate::codes;
use crate::record::{self, Move, Record};
use crate::scan::{self, Line, Numbers, span};
use crate::values::{self, Layout};

/// Keys known and not kept (avatars, pictures, countries, the server's
/// level numbers, the user records that repeat the names).
const IGNORED: &[&[u8]] = &[
    b"GIBOKIND",
    b"TYPE",
    b"SZAUDIO",
    b"GAMEWHITELEVEL",
    b"GAMEWHITENICK",
    b"GAMEWHITECOUNTRY",
    b"GAMEWAVATA",
    b"GAMEWIMAGE",
    b"GAMEWIMAG",
    b"GAMEBLACKLEVEL",
    b"GAMEBLACKNICK",
    b"GAMEBLACKCOUNTRY",
    b"GAMEBAVATA",
    b"GAMEBIMAGE",
    b"GAMEBIMAG",
    b"WUSERINFO",
    b"BUSERINFO",
];

/// The numbers and texts the header gives, from all its places.
#[derive(Default)]
struct Header {
    /// `GRLT` / `W`: the kind of result.
    grlt: Option<i64>,
    /// `ZIPSU` / `GAMEZIPSU` / `Z`: the margin in tenths of a point.
    zipsu: Option<i64>,
    /// `GONGJE` / `GAMEGONGJE` / `G`: komi in tenths of a point.
    gongje: Option<i64>,
    /// `DUM` / `GAMEDUM` / `D`.
    dum: Option<i64>,
    /// `TCNT` / `GAMETOTALNUM`: the number of moves.
    total: Option<i64>,
    /// Main time, byo-yomi seconds and periods.
    time: Option<(i64, i64, i64)>,
    /// `GAMETAG`'s `R`.
    handicap: Option<i64>,
    date: Option<String>,
    result_text: Option<(String, Span)>,
    condition: Option<String>,
    time_text: Option<String>,
}

fn fill<T>(slot: &mut Option<T>, value: Option<T>) {
    if slot.is_none() {
        *slot = value;
    }
}

/// One `\[KEY=VALUE\]` entry.
struct Entry<'a> {
    key: Line<'a>,
    value: Line<'a>,
}

/// Reads a GIB file; `None` when nothing of GIB is there.
pub(crate) fn read(input: &[u8], diagnostics: &mut Vec<Diagnostic>) -> Option<Record> {
    let mark = diagnostics.len();
    let lines = scan::all_lines(input, scan::after_bom(input));
    let mut entries = Vec::new();
    let mut game: Vec<Line<'_>> = Vec::with_capacity(lines.len());
    #[derive(PartialEq)]
    enum State {
        Start,
        Header,
        Middle,
        Game,
        End,
    }
    let mut state = State::Start;
    let (mut saw_hs, mut saw_he, mut saw_gs) = (false, false, false);
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        i += 1;
        match line.bytes {
            b"" => continue,
            b"\\HS" if state == State::Start => {
                saw_hs = true;
                state = State::Header;
                continue;
            }
            b"\\HE" if matches!(state, State::Start | State::Header) => {
                saw_he = true;
                state = State::Middle;
                continue;
            }
            b"\\GS" if state != State::Game && state != State::End => {
                saw_gs = true;
                state = State::Game;
                continue;
            }
            b"\\GE" if state == State::Game => {
                state = State::End;
                break;
            }
            _ => {}
        }
        if state == State::Game {
            game.push(line);
        } else if line.starts_with(b"\\[") {
            // A value may run over several lines, up to the `\]`.
            let mut last = line;
            while !last.bytes.ends_with(b"\\]") {
                match lines.get(i).map(Line::trim) {
                    Some(next) if !next.starts_with(b"\\") => {
                        last = next;
                        i += 1;
                    }
                    _ => break,
                }
            }
            let closed = last.bytes.ends_with(b"\\]");
            let end = last.start + last.bytes.len() - if closed { 2 } else { 0 };
            let whole = Line {
                bytes: &input[line.start + 2..end.max(line.start + 2)],
                start: line.start + 2,
            };
            if !closed {
                diagnostics.push(Diagnostic::new(
                    codes::BAD_LINE,
                    Severity::Warning,
                    line.span(),
                    "header entry not closed by \\]: read to the end of its line",
                ));
            }
            match whole.split_once(b'=') {
                Some((key, value)) => entries.push(Entry { key, value }),
                None => diagnostics.push(Diagnostic::new(
                    codes::BAD_LINE,
                    Severity::Error,
                    line.span(),
                    "header entry without '=': skipped",
                )),
            }
        } else {
            diagnostics.push(Diagnostic::new(
                codes::BAD_LINE,
                Severity::Error,
                line.span(),
                "line outside the header entries and the game section: skipped",
            ));
        }
    }
    if entries.is_empty() && !saw_gs {
        record::not_this_format(
            diagnostics,
            mark,
            "not a GIB file: no header (\\HS) and no game (\\GS)",
        );
        return None;
    }
    let end = span(input.len(), input.len());
    if !saw_hs || !saw_he {
        let what = if saw_hs { "\\HE" } else { "\\HS" };
        diagnostics.push(Diagnostic::new(
            codes::MISSING_SECTION,
            Severity::Warning,
            entries.first().map_or(end, |e: &Entry<'_>| e.key.span()),
            format!("the header has no {what} line: its entries are read all the same"),
        ));
    }
    if !saw_gs {
        diagnostics.push(Diagnostic::new(
            codes::MISSING_SECTION,
            Severity::Error,
            end,
            "no game section (\\GS): the game has no moves",
        ));
    } else if state != State::End {
        diagnostics.push(Diagnostic::new(
            codes::TRUNCATED,
            Severity::Warning,
            end,
            "the game section has no end (\\GE): the file may be cut short",
        ));
    }

    let hint = entries
        .iter()
        .find(|e| e.key.bytes == b"GIBOKIND")
        .and_then(|e| charset::gib_hint(e.value.bytes));
    let encoding = charset::choose(
        Source::Undeclared {
            format: "GIB",
            hint,
        },
        input,
        diagnostics,
    );
    let text = |line: &Line<'_>| {
        let t = kifu_sgf::charset::decode(encoding, line.bytes.trim_ascii());
        if t.contains(['\r', '\n']) {
            t.replace(['\r', '\n'], "").trim().to_owned()
        } else {
            t.trim().to_owned()
        }
    };

    let mut record = Record::new(BoardSize::STANDARD);
    let mut h = Header::default();
    let mut tag = Header::default();
    let mut sub_date = None;
    for entry in &entries {
        let info = &mut record.info;
        let number = |diagnostics: &mut Vec<Diagnostic>| {
            let n = entry.value.number();
            if n.is_none() && !entry.value.bytes.trim_ascii().is_empty() {
                let key = String::from_utf8_lossy(entry.key.bytes);
                let message = format!("{key} is not a number: not kept");
                diagnostics.push(Diagnostic::new(
                    codes::BAD_VALUE,
                    Severity::Warning,
                    entry.value.span(),
                    message,
                ));
            }
            n
        };
        match entry.key.bytes {
            b"GAMECONDITION" => h.condition = Some(text(&entry.value)),
            b"GAMETIME" => h.time_text = Some(text(&entry.value)),
            b"GAMERESULT" => h.result_text = Some((text(&entry.value), entry.value.span())),
            b"GAMEZIPSU" => tag.zipsu = number(diagnostics),
            b"GAMEDUM" => tag.dum = number(diagnostics),
            b"GAMEGONGJE" => tag.gongje = number(diagnostics),
            b"GAMETOTALNUM" => {
                let t = text(&entry.value);
                tag.total = t
                    .split(|c: char| !c.is_ascii_digit())
                    .find(|s| !s.is_empty())
                    .and_then(|s| s.parse().ok());
            }
            b"GAMENAME" => record::set(&mut info.game_name, text(&entry.value)),
            b"GAMEDATE" => {
                let t = text(&entry.value);
                if !t.is_empty() {
                    match values::date(&t) {
                        Some(d) => h.date = Some(d),
                        None => diagnostics.push(Diagnostic::new(
                            codes::BAD_VALUE,
                            Severity::Warning,
                            entry.value.span(),
                            format!("GAMEDATE '{t}' is not a date kifu reads"),
                        )),
                    }
                }
            }
            b"GAMEPLACE" => record::set(&mut info.place, text(&entry.value)),
            b"GAMELECNAME" => record::set(&mut info.annotator, text(&entry.value)),
            b"GAMECOMMENT" => {
                let t = text(&entry.value);
                if !t.is_empty() {
                    info.comment.push(t);
                }
            }
            b"GAMEBLACKNAME" | b"GAMEWHITENAME" => {
                let (name, rank) = values::name_and_rank(&text(&entry.value));
                let (player, slot) = if entry.key.bytes == b"GAMEBLACKNAME" {
                    (&mut info.black, &mut info.black_rank)
                } else {
                    (&mut info.white, &mut info.white_rank)
                };
                record::set(player, name);
                *slot = rank;
            }
            b"GAMEINFOMAIN" => {
                let t = text(&entry.value);
                for (key, value) in pairs(&t) {
                    let n = scan::number(value.as_bytes());
                    match key {
                        "GRLT" => h.grlt = n,
                        "ZIPSU" => h.zipsu = n,
                        "GONGJE" => h.gongje = n,
                        "DUM" => h.dum = n,
                        "TCNT" => h.total = n,
                        "GTIME" => h.time = three(value, '-'),
                        _ => {}
                    }
                }
            }
            b"GAMEINFOSUB" => {
                let t = text(&entry.value);
                for (key, value) in pairs(&t) {
                    // Only read when GAMEDATE (before it in every file
                    // seen) gave no date: it would not be kept.
                    if key == "GDATE" && h.date.is_none() {
                        sub_date = values::date(value);
                    }
                }
            }
            b"GAMETAG" => {
                for item in text(&entry.value).split(',') {
                    let item = item.trim();
                    let Some(letter) = item.chars().next() else {
                        continue;
                    };
                    let rest = &item[letter.len_utf8()..];
                    if rest.starts_with(':') {
                        continue;
                    }
                    let n = scan::number(rest.as_bytes());
                    match letter {
                        'W' => tag.grlt = n,
                        'Z' => fill(&mut tag.zipsu, n),
                        'G' => fill(&mut tag.gongje, n),
                        'D' => fill(&mut tag.dum, n),
                        'R' => tag.handicap = n,
                        'T' => tag.time = three(rest, '-').map(|(b, p, m)| (m, b, p)),
                        'C' if h.date.is_none() && sub_date.is_none() => {
                            tag.date = values::date(rest)
                        }
                        _ => {}
                    }
                }
            }
            key if IGNORED.contains(&key) => {}
            key => diagnostics.push(Diagnostic::new(
                codes::UNKNOWN_KEY,
                Severity::Warning,
                entry.key.span(),
                format!(
                    "unknown GIB header key {}: not kept",
                    String::from_utf8_lossy(key)
                ),
            )),
        }
    }
    // The numeric forms, each from its first place.
    fill(&mut h.grlt, tag.grlt);
    fill(&mut h.zipsu, tag.zipsu);
    fill(&mut h.gongje, tag.gongje);
    fill(&mut h.dum, tag.dum);
    fill(&mut h.total, tag.total);
    fill(&mut h.time, tag.time);
    fill(&mut h.date, sub_date);
    fill(&mut h.date, tag.date);
    h.handicap = tag.handicap;
    let total = h.total;
    header_info(&mut record, h, diagnostics);

    let (truncated, last_number) = read_game(&mut record, &game, encoding, diagnostics);
    // Move numbers count the INI line as 1.
    let moves = last_number - 1;
    if let Some(total) = total
        && !truncated
        && total > moves
    {
        diagnostics.push(Diagnostic::new(
            codes::TRUNCATED,
            Severity::Warning,
            end,
            format!("the header announces {total} moves, the file has {moves}: cut short?"),
        ));
    }
    Some(record)
}

/// `K:V,K:V` pairs; an item without `:` continues the previous value (a
/// comma in a text).
fn pairs(text: &str) -> Vec<(&str, &str)> {
    // Over the bytes (`,` and `:` are ASCII, never inside a UTF-8
    // character), each value as a range of `text`: the `str` splitting
    // and searching this replaced took a twentieth of reading a GIB file.
    let bytes = text.as_bytes();
    let mut out: Vec<(&str, usize, usize)> = Vec::with_capacity(12);
    let mut start = 0;
    while start <= bytes.len() {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b',')
            .map_or(bytes.len(), |i| start + i);
        let item = &bytes[start..end];
        if !item.trim_ascii().is_empty() {
            let colon = item.iter().position(|&b| b == b':');
            match colon {
                Some(k) if k > 0 && item[..k].iter().all(u8::is_ascii_uppercase) => {
                    out.push((&text[start..start + k], start + k + 1, end));
                }
                _ => {
                    if let Some((_, _, to)) = out.last_mut() {
                        *to = end;
                    }
                }
            }
        }
        start = end + 1;
    }
    out.into_iter()
        .map(|(k, from, to)| (k, text[from..to].trim()))
        .collect()
}

/// Three numbers `a-b-c`.
fn three(text: &str, separator: char) -> Option<(i64, i64, i64)> {
    let mut parts = text.split(separator).map(|p| scan::number(p.as_bytes()));
    let (a, b, c) = (parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some((a, b, c))
}

/// Result, komi and time from the header's numbers.
fn header_info(record: &mut Record, h: Header, diagnostics: &mut Vec<Diagnostic>) {
    let info = &mut record.info;
    info.date = h.date;
    let numeric = match h.grlt {
        Some(0 | 1) => {
            let winner = if h.grlt == Some(0) { 'B' } else { 'W' };
            Some(match h.zipsu {
                Some(z) if z > 0 => format!("{winner}+{}", values::real(z as f64 / 10.0)),
                _ => format!("{winner}+"),
            })
        }
        Some(3) => Some("B+R".to_owned()),
        Some(4) => Some("W+R".to_owned()),
        Some(7) => Some("B+T".to_owned()),
        Some(8) => Some("W+T".to_owned()),
        _ => None,
    };
    let (text, text_span) = h.result_text.unwrap_or_default();
    let from_text = values::result(&text);
    match (numeric, from_text) {
        (Some(n), Some(t)) if n != t && !(n.ends_with('+') && t.starts_with(&n)) => {
            diagnostics.push(Diagnostic::new(
                codes::BAD_VALUE,
                Severity::Warning,
                text_span,
                format!("GAMERESULT '{text}' says {t} but GRLT says {n}: {n} kept"),
            ));
            info.result = Some(n);
        }
        (Some(n), Some(t)) => info.result = Some(if t.len() > n.len() { t } else { n }),
        (Some(n), None) => info.result = Some(n),
        (None, Some(t)) => info.result = Some(t),
        (None, None) => {
            if !text.is_empty() {
                diagnostics.push(Diagnostic::new(
                    codes::BAD_VALUE,
                    Severity::Warning,
                    text_span,
                    format!("GAMERESULT '{text}' is not a result kifu reads: kept in GC"),
                ));
                info.comment.push(text);
            }
        }
    }
    match (h.gongje, h.dum) {
        (Some(g), _) if g != 0 => info.komi = Some(g as f64 / 10.0),
        (_, Some(d)) if d != 0 => {
            // DUM appears in handicap games (`3 Handicap : White Dum(5)`);
            // what unit it counts in is not known.
            diagnostics.push(Diagnostic::new(
                codes::BAD_VALUE,
                Severity::Note,
                Span::empty(0),
                format!(
                    "komi not known: GONGJE is 0 and DUM is {d}, whose unit is not known; \
                     the game condition is kept in GC"
                ),
            ));
            if let Some(c) = h.condition.filter(|c| !c.is_empty()) {
                info.comment.push(c);
            }
        }
        (Some(_), _) | (None, Some(_)) => info.komi = Some(0.0),
        (None, None) => {}
    }
    match h.time {
        Some((main, byo, periods)) if main >= 0 && byo >= 0 && periods >= 0 => {
            info.time = Some(main as u64);
            if byo > 0 && periods > 0 {
                info.overtime = Some(format!("{periods}x{byo} byo-yomi"));
            }
        }
        _ => {
            if let Some(t) = h.time_text.filter(|t| !t.is_empty()) {
                info.comment.push(t);
            }
        }
    }
    if let Some(n) = h.handicap {
        record.info.handicap = u32::try_from(n).ok().filter(|&n| n >= 2);
    }
}

/// The game section: the handicap and the moves. Returns whether it
/// reported the game cut short, and the last move number read.
fn read_game(
    record: &mut Record,
    game: &[Line<'_>],
    encoding: &'static encoding_rs::Encoding,
    diagnostics: &mut Vec<Diagnostic>,
) -> (bool, i64) {
    let size = record.size;
    record.nodes.reserve(game.len());
    let mut last = 0usize;
    let mut announced: Option<(i64, Span)> = None;
    let mut saw_ini = false;
    let mut last_color: Option<Color> = None;
    let mut last_number = 1i64;
    for line in game {
        let bytes = line.bytes;
        let command = bytes.get(..3).unwrap_or(bytes);
        let numbers = |from: usize, to: usize| Numbers::of(&bytes[from.min(to)..to]);
        match command {
            b"INI" => {
                saw_ini = true;
                let amp = memchr::memmem::find(bytes, b"&4").unwrap_or(bytes.len());
                let n = numbers(3, amp);
                let comment = charset::text(encoding, line.from(amp + 2).bytes);
                if !comment.is_empty() {
                    record.comment(0, &comment);
                }
                match n.get(2) {
                    Some(h) => handicap(record, h, line.span(), diagnostics),
                    None => diagnostics.push(Diagnostic::new(
                        codes::BAD_VALUE,
                        Severity::Warning,
                        line.span(),
                        "INI line without a handicap number",
                    )),
                }
            }
            b"STO" | b"SKI" => {
                let pass = command == b"SKI";
                let plain = if pass {
                    None
                } else {
                    Numbers::plain::<5>(&bytes[3..])
                };
                let n = plain.unwrap_or_else(|| numbers(3, bytes.len()));
                let wanted = if pass { 2 } else { 5 };
                if !n.first_are_numbers(wanted) {
                    diagnostics.push(Diagnostic::new(
                        codes::BAD_LINE,
                        Severity::Error,
                        line.span(),
                        format!(
                            "{} line not of the form {}: skipped",
                            String::from_utf8_lossy(command),
                            if pass { "SKI 0 N" } else { "STO 0 N COLOR X Y" }
                        ),
                    ));
                    continue;
                }
                let number = n.get(1).unwrap_or(0);
                let color = if pass {
                    match last_color {
                        Some(c) => c.opponent(),
                        None if record.info.handicap.is_some() => Color::White,
                        None => Color::Black,
                    }
                } else {
                    match n.get(2) {
                        Some(1) => Color::Black,
                        Some(2) => Color::White,
                        other => {
                            diagnostics.push(Diagnostic::new(
                                codes::BAD_LINE,
                                Severity::Error,
                                line.span(),
                                format!(
                                    "player {} is neither 1 (Black) nor 2 (White): move skipped",
                                    other.unwrap_or(0)
                                ),
                            ));
                            continue;
                        }
                    }
                };
                let point = if pass {
                    None
                } else {
                    let (x, y) = (n.get(3).unwrap_or(-1), n.get(4).unwrap_or(-1));
                    let on = (0..i64::from(size.cols)).contains(&x)
                        && (0..i64::from(size.rows)).contains(&y);
                    if !on {
                        last_number = number;
                        diagnostics.push(Diagnostic::new(
                            codes::OFF_BOARD,
                            Severity::Error,
                            line.span(),
                            format!("move {number} at ({x}, {y}) is off the 19x19 board: dropped"),
                        ));
                        continue;
                    }
                    Some(Point::new(x as u8, y as u8))
                };
                let node = record.add_move(last, Move { color, point }, line.span());
                // Numbers count the INI line as 1: MN is one less.
                record.check_number(node, (number, last_number), number - 1, diagnostics);
                last_number = number;
                last = node;
                last_color = Some(color);
            }
            b"IDX" | b"REM" => diagnostics.push(Diagnostic::new(
                codes::NOT_KEPT,
                Severity::Note,
                line.span(),
                format!(
                    "{} line (meaning not known): skipped",
                    String::from_utf8_lossy(command)
                ),
            )),
            _ => {
                // `2 1 0`, then `N 0 &4` with the number of the last move.
                let amp = memchr::memmem::find(bytes, b"&4");
                let n = numbers(0, amp.unwrap_or(bytes.len()));
                if n.all_numbers() {
                    if amp.is_some() {
                        announced = n.get(0).map(|a| (a, line.span()));
                    }
                    continue;
                }
                diagnostics.push(Diagnostic::new(
                    codes::BAD_LINE,
                    Severity::Error,
                    line.span(),
                    "line not understood in the game section: skipped",
                ));
            }
        }
    }
    if !saw_ini && !game.is_empty() {
        diagnostics.push(Diagnostic::new(
            codes::MISSING_SECTION,
            Severity::Warning,
            game[0].span(),
            "no INI line (the handicap): the handicap is taken from the header",
        ));
        if let Some(h) = record.info.handicap {
            handicap(record, i64::from(h), game[0].span(), diagnostics);
        }
    }
    match announced {
        Some((n, at)) if n > last_number => {
            diagnostics.push(Diagnostic::new(
                codes::TRUNCATED,
                Severity::Warning,
                at,
                format!(
                    "the game section announces moves up to number {n}, the file has them up to \
                     {last_number}: cut short?"
                ),
            ));
            (true, last_number)
        }
        _ => (false, last_number),
    }
}

/// Sets the handicap and places its stones as Tygem does.
fn handicap(record: &mut Record, h: i64, at: Span, diagnostics: &mut Vec<Diagnostic>) {
    record.info.handicap = None;
    if h != 0 && h != 1 {
        record.place_handicap(h as f64, Layout::Tygem, at, diagnostics);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_keep_commas_inside_values() {
        assert_eq!(
            pairs("GRLT:3,ZIPSU:0, GTIME:1200-30-3 ,,GCMT:a, b,c:d"),
            // A key starts right after its comma: ` GTIME` is text.
            [
                ("GRLT", "3"),
                ("ZIPSU", "0, GTIME:1200-30-3"),
                ("GCMT", "a, b,c:d")
            ]
        );
        assert_eq!(pairs(""), []);
        assert_eq!(pairs("x,GNAME:이세돌,"), [("GNAME", "이세돌")]);
    }
}

//! WBaduk / Cyberoro NGF.
//!
//! ```text
//! Rated game              game kind           GN
//! 19                      board size          SZ
//! LQC         9DP         White, rank         PW WR
//! CYY         9DP         Black, rank         PB BR
//! www.cyberoro.com        site                PC
//! 0                       handicap            HA AB
//! 0                       (always 0 in the files seen; not kept)
//! 7                       komi: 7 means 7.5 when there is no handicap   KM
//! 20170316 [09:37]        date and time       DT
//! 5                       (a number; meaning not known; not kept)
//! Black wins by 0.5!      result              RE
//! 333                     number of moves
//! PMABBREER               one line per move
//! ```
//!
//! A move line is `PM`, the move number in two letters (`AB` = 1, base
//! 26 from `A`), `B` or `W`, the column and row as letters from `B` = 1
//! (the top left is `BB`; `AA` is a pass), and the same two letters
//! again in reverse order as a check.
//!
//! Some files put `GI` before each header line and hold the result in a
//! comment after the moves (`IDB[211] 黑中盘胜(现场消息)[EndTxt]`: the
//! comment of move 211). Their header is laid out differently (title,
//! the two players, site, ?, date, size, handicap, ?, komi, number of
//! moves); it is known from one file only, and the players are read in
//! NGF's order, White first.

use kifu_board::{BoardSize, Color, Point};
use kifu_diag::{Diagnostic, Severity, Span};

use crate::charset::{self, Source};
use crate::codes;
use crate::record::{self, Move, Record};
use crate::scan::{self, Line, span};
use crate::values::{self, Layout};

/// Where each header field is, by layout.
struct Fields {
    count: usize,
    title: usize,
    size: usize,
    white: usize,
    black: usize,
    site: usize,
    handicap: usize,
    komi: usize,
    date: usize,
    result: Option<usize>,
    moves: usize,
}

const NGF: Fields = Fields {
    count: 12,
    title: 0,
    size: 1,
    white: 2,
    black: 3,
    site: 4,
    handicap: 5,
    komi: 7,
    date: 8,
    result: Some(10),
    moves: 11,
};

const GI: Fields = Fields {
    count: 11,
    title: 0,
    white: 1,
    black: 2,
    site: 3,
    date: 5,
    size: 6,
    handicap: 7,
    komi: 9,
    result: None,
    moves: 10,
};

/// Whether a (trimmed) line is a move line `PMnnCxy…`.
fn is_move_line(b: &[u8]) -> bool {
    b.len() >= 7 && b.starts_with(b"PM") && b[2..4].iter().all(u8::is_ascii_uppercase)
}

/// Whether the start of a file reads as NGF: a move line near the top
/// after a header whose second line is a number (or whose lines start
/// with `GI`), or a full header of numbers where NGF has them.
pub(crate) fn looks_like_ngf(head: &[u8]) -> bool {
    let lines: Vec<Line<'_>> = scan::lines(head, 0).take(40).map(|l| l.trim()).collect();
    let Some(first) = lines.first() else {
        return false;
    };
    if first.starts_with(b"(") || first.starts_with(b"[") || first.starts_with(b"\\") {
        return false;
    }
    let number = |i: usize| lines.get(i).and_then(Line::number).is_some();
    let moves = lines.iter().any(|l| is_move_line(l.bytes));
    let gi = first.starts_with(b"GI");
    (moves && (gi || number(1))) || (number(1) && number(5) && number(6) && number(7) && number(11))
}

/// Reads an NGF file; `None` when nothing of NGF is there.
pub(crate) fn read(input: &[u8], diagnostics: &mut Vec<Diagnostic>) -> Option<Record> {
    let mark = diagnostics.len();
    // The lines before the first move line (the moves are read from the
    // bytes, line by line: most of an NGF file).
    let mut lines = Vec::new();
    let mut moves_start = input.len();
    for line in scan::lines(input, scan::after_bom(input)) {
        if is_move_line(line.trim().bytes) {
            moves_start = line.start;
            break;
        }
        lines.push(line);
    }
    // The GI variant: every header line starts with GI (and the second
    // line, NGF's board size, is then no number: a title may start with GI).
    let gi = lines.first().is_some_and(|l| l.trim().starts_with(b"GI"))
        && lines.get(1).and_then(|l| l.number()).is_none();
    let layout = if gi { &GI } else { &NGF };
    let first_move = lines.len();
    let header_end = if gi {
        lines[..first_move]
            .iter()
            .position(|l| !l.trim().starts_with(b"GI"))
            .unwrap_or(first_move)
    } else {
        first_move.min(layout.count)
    };
    let header: Vec<Line<'_>> = lines[..header_end]
        .iter()
        .map(|l| {
            let t = l.trim();
            if gi { t.from(2).trim() } else { t }
        })
        .collect();
    let end = span(input.len(), input.len());
    if header.iter().all(|l| l.bytes.is_empty()) && moves_start == input.len() {
        record::not_this_format(diagnostics, mark, "not an NGF file: no header and no move");
        return None;
    }
    if gi {
        diagnostics.push(Diagnostic::new(
            codes::BAD_VALUE,
            Severity::Note,
            lines[0].span(),
            "NGF with GI lines: its header layout is known from one file only; the players are \
             read as White, then Black",
        ));
    }
    if header.len() < layout.count {
        diagnostics.push(Diagnostic::new(
            codes::MISSING_SECTION,
            Severity::Warning,
            header.last().map_or(end, Line::span),
            format!(
                "the header has {} lines where NGF has {}: the fields missing are not set",
                header.len(),
                layout.count
            ),
        ));
    }

    let encoding = charset::choose(
        Source::Undeclared {
            format: "NGF",
            hint: None,
        },
        input,
        diagnostics,
    );
    let field = |i: usize| header.get(i).copied();
    let text = |i: usize| {
        field(i)
            .map(|l| charset::text(encoding, l.bytes))
            .unwrap_or_default()
    };
    let number = |i: usize, what: &str, diagnostics: &mut Vec<Diagnostic>| -> Option<f64> {
        let line = field(i)?;
        let t = String::from_utf8_lossy(line.bytes);
        match t.trim().parse::<f64>() {
            Ok(n) if n.is_finite() => Some(n),
            _ => {
                diagnostics.push(Diagnostic::new(
                    codes::BAD_VALUE,
                    Severity::Warning,
                    line.span(),
                    format!("the {what} line '{}' is not a number", t.trim()),
                ));
                None
            }
        }
    };

    let size = match number(layout.size, "board size", diagnostics) {
        Some(n) => match BoardSize::square(n as u32)
            .ok()
            .filter(|_| n.fract() == 0.0 && n >= 2.0)
        {
            Some(s) => s,
            None => {
                diagnostics.push(Diagnostic::new(
                    codes::BAD_VALUE,
                    Severity::Warning,
                    field(layout.size).map_or(end, |l| l.span()),
                    format!("board size {n} not supported: read as 19x19"),
                ));
                BoardSize::STANDARD
            }
        },
        None => BoardSize::STANDARD,
    };
    let mut record = Record::new(size);
    let info = &mut record.info;
    record::set(&mut info.game_name, text(layout.title));
    record::set(&mut info.place, text(layout.site));
    for (i, black) in [(layout.white, false), (layout.black, true)] {
        let (name, rank) = player(&text(i));
        let (slot, rank_slot) = if black {
            (&mut info.black, &mut info.black_rank)
        } else {
            (&mut info.white, &mut info.white_rank)
        };
        record::set(slot, name);
        *rank_slot = rank;
    }
    let date = text(layout.date);
    if !date.is_empty() {
        match values::date(&date) {
            Some(d) => info.date = Some(d),
            None => diagnostics.push(Diagnostic::new(
                codes::BAD_VALUE,
                Severity::Warning,
                field(layout.date).map_or(end, |l| l.span()),
                format!("'{date}' is not a date kifu reads"),
            )),
        }
    }
    let handicap = number(layout.handicap, "handicap", diagnostics).unwrap_or(0.0);
    let komi = number(layout.komi, "komi", diagnostics);
    if let Some(k) = komi {
        // NGF writes the komi without its half point in even games.
        info.komi = Some(if handicap < 2.0 && k.fract() == 0.0 {
            k + 0.5
        } else {
            k
        });
    }
    if let Some(i) = layout.result {
        let t = text(i);
        match values::result(&t) {
            Some(r) => info.result = Some(r),
            None if !t.is_empty() => {
                diagnostics.push(Diagnostic::new(
                    codes::BAD_VALUE,
                    Severity::Warning,
                    field(i).map_or(end, |l| l.span()),
                    format!("result '{t}' is not one kifu reads: kept in GC"),
                ));
                info.comment.push(t);
            }
            None => {}
        }
    }
    if handicap >= 2.0 {
        let at = field(layout.handicap).map_or(end, |l| l.span());
        record.place_handicap(handicap, Layout::Tygem, at, diagnostics);
    }
    let announced = field(layout.moves).and_then(|l| l.number());

    // Lines between the header and the first move.
    for line in &lines[header_end..first_move] {
        let t = line.trim();
        if !t.bytes.is_empty() {
            diagnostics.push(Diagnostic::new(
                codes::BAD_LINE,
                Severity::Error,
                t.span(),
                "line not understood after the header: skipped",
            ));
        }
    }
    let MoveLines {
        main,
        comments,
        last_number,
    } = read_moves(&mut record, input, moves_start, diagnostics);
    for (n, text, at) in comments {
        let node = match main.get(n) {
            Some(&node) => node,
            None => {
                diagnostics.push(Diagnostic::new(
                    codes::BAD_VALUE,
                    Severity::Warning,
                    at,
                    format!(
                        "comment for move {n}; the game has {} moves: put on the last",
                        main.len() - 1
                    ),
                ));
                *main.last().unwrap_or(&0)
            }
        };
        record.comment(node, &charset::text(encoding, text).replace("\r\n", "\n"));
    }
    // The GI variant's result is the last move's comment.
    if layout.result.is_none() && record.info.result.is_none() {
        let last = *main.last().unwrap_or(&0);
        let comment = record.comment_of(last).to_owned();
        record.info.result = values::result(comment.lines().last().unwrap_or(""));
    }
    if let Some(a) = announced
        && a > last_number
    {
        diagnostics.push(Diagnostic::new(
            codes::TRUNCATED,
            Severity::Warning,
            end,
            format!("the header announces {a} moves, the file has {last_number}: cut short?"),
        ));
    }
    Some(record)
}

/// `name rank` (the rank the last word, when it reads as one).
fn player(text: &str) -> (String, Option<String>) {
    if let Some((name, last)) = text.trim().rsplit_once(char::is_whitespace)
        && values::looks_like_rank(last)
        && !name.trim().is_empty()
    {
        return (name.trim().to_owned(), Some(values::rank(last)));
    }
    (text.trim().to_owned(), None)
}

/// What the lines after the header hold.
struct MoveLines<'a> {
    /// The main line's nodes; index = move number, 0 the root.
    main: Vec<usize>,
    /// The comments found: the move they belong to, their bytes, where.
    comments: Vec<(usize, &'a [u8], Span)>,
    /// The last move number read.
    last_number: i64,
}

/// The line at `at` (before the end of `input`) and where the next one
/// starts; the usual move line (nine letters and a line break) without a
/// search for its end.
fn line_at(input: &[u8], at: usize) -> (Line<'_>, usize) {
    if let Some(b) = input.get(at..at + 10)
        && matches!(b[9], b'\n' | b'\r')
        && b[..9].iter().all(u8::is_ascii_alphabetic)
    {
        let crlf = b[9] == b'\r' && input.get(at + 10) == Some(&b'\n');
        let line = Line {
            bytes: &b[..9],
            start: at,
        };
        return (line, at + if crlf { 11 } else { 10 });
    }
    scan::line_at(input, at)
}

/// The move lines and what follows them, from offset `from` on.
fn read_moves<'a>(
    record: &mut Record,
    input: &'a [u8],
    from: usize,
    diagnostics: &mut Vec<Diagnostic>,
) -> MoveLines<'a> {
    let size = record.size;
    // A move line and its break are ten bytes.
    let lines = (input.len() - from) / 10 + 1;
    record.nodes.reserve(lines);
    let mut main = Vec::with_capacity(lines + 1);
    main.push(0usize);
    let mut comments = Vec::new();
    let mut last_number = 0i64;
    let mut at = from;
    while at < input.len() {
        let (line, next) = line_at(input, at);
        at = next;
        let line = line.trim();
        let b = line.bytes;
        if b.is_empty() {
            continue;
        }
        if is_move_line(b) {
            let number = i64::from(b[2] - b'A') * 26 + i64::from(b[3] - b'A');
            let color = match b[4] {
                b'B' => Color::Black,
                b'W' => Color::White,
                _ => {
                    diagnostics.push(Diagnostic::new(
                        codes::BAD_LINE,
                        Severity::Error,
                        line.span(),
                        "move line whose colour is neither B nor W: skipped",
                    ));
                    continue;
                }
            };
            let (x, y) = (b[5], b[6]);
            let point = match (x, y) {
                (b'A', b'A') => None,
                _ => {
                    let on = |c: u8, n: u8| (b'B'..b'B' + n).contains(&c);
                    if !on(x, size.cols) || !on(y, size.rows) {
                        last_number = number;
                        diagnostics.push(Diagnostic::new(
                            codes::OFF_BOARD,
                            Severity::Error,
                            line.span(),
                            format!(
                                "move {number} at {}{} is off the {size} board: dropped",
                                x as char, y as char
                            ),
                        ));
                        continue;
                    }
                    Some(Point::new(x - b'B', y - b'B'))
                }
            };
            if b.len() >= 9 && (b[7] != y || b[8] != x) {
                diagnostics.push(Diagnostic::new(
                    codes::BAD_VALUE,
                    Severity::Warning,
                    line.span(),
                    format!(
                        "move {number}: the check letters {}{} are not {}{} reversed; {}{} kept",
                        b[7] as char, b[8] as char, x as char, y as char, x as char, y as char
                    ),
                ));
            }
            let parent = *main.last().unwrap_or(&0);
            let node = record.add_move(parent, Move { color, point }, line.span());
            record.check_number(node, (number, last_number), number, diagnostics);
            last_number = number;
            main.push(node);
        } else if b.starts_with(b"ID") && b.contains(&b'[') {
            // `IDB[211] text[EndTxt]`, the text possibly over several lines.
            let open = memchr::memchr(b'[', b).unwrap_or(0);
            let close = memchr::memchr(b']', &b[open..]).map_or(b.len(), |c| open + c);
            let n = scan::number(&b[open + 1..close]);
            let start = line.start + (close + 1).min(b.len());
            let mut stop = line.start + b.len();
            // The text runs to `[EndTxt]`, on this line or a later one
            // (whose rest is skipped), else to the end of the last line.
            let found = memchr::memmem::find(&input[start..], b"[EndTxt]").map(|e| start + e);
            match found {
                Some(e) if e >= stop => at = scan::line_at(input, e).1,
                Some(_) => {}
                None if at < input.len() => {
                    stop = input.len();
                    if input.ends_with(b"\r\n") {
                        stop -= 2;
                    } else if input.ends_with(b"\n") || input.ends_with(b"\r") {
                        stop -= 1;
                    }
                    at = input.len();
                }
                None => {}
            }
            let text_end = found.unwrap_or(stop).max(start);
            match n.and_then(|n| usize::try_from(n).ok()) {
                Some(n) => comments.push((n, &input[start..text_end], line.span())),
                None => diagnostics.push(Diagnostic::new(
                    codes::BAD_LINE,
                    Severity::Error,
                    line.span(),
                    "comment line without a move number: skipped",
                )),
            }
        } else if b.starts_with(b"GI") {
            diagnostics.push(Diagnostic::new(
                codes::NOT_KEPT,
                Severity::Note,
                line.span(),
                format!(
                    "GI line after the moves (meaning not known): '{}' not kept",
                    String::from_utf8_lossy(&b[2..])
                ),
            ));
        } else {
            diagnostics.push(Diagnostic::new(
                codes::BAD_LINE,
                Severity::Error,
                line.span(),
                "line not understood among the moves: skipped",
            ));
        }
    }
    MoveLines {
        main,
        comments,
        last_number,
    }
}

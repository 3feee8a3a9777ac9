//! Pandanet (IGS) UGF and UGI: one format, two extensions.
//!
//! ```text
//! [Header]
//! Lang=SJIS                              charset of the text
//! Title=2019,PANDA-NET,                  year or term, event, round   EV RO
//! Date=2019/03/08,22:09:00,2019/03/09,07:16:59   start and end     DT
//! Rule=JPN                                                     RU
//! Size=19                                                      SZ
//! Hdcp=0,-5.50                           handicap, komi        HA KM
//! Ptime=N;0;0;0,N;0;0;0,0,0              time per player (second field: minutes)   TM
//! Winner=B,7.50                          B/W and margin, C (resignation), F, T   RE
//! CoordinateType=IGS                     rows counted from the bottom
//! PlayerB=kaziwami,7d,,panda@.jp         name, rank, ?, e-mail  PB BR
//! [Data]
//! QP,B1,1,0                              column, row, colour and player, move number, seconds
//! YA,W1,222,0                            letters off the board: a pass
//! [Figure]
//! .Text,12                               comment of move 12, up to .EndText
//! .#,6,16,E                              a label (column, row from 1)
//! .Fig,45,1,1,19,19,参考図,11,0          figure on move 45: part shown, heading, number
//! QD,B1,0,0                                its position (moves numbered 0), then its moves
//! .EndFig                                  (a variation; `.Text` after a move: its comment)
//! [ReviewNode]                           the tree again, with variations
//! NODE,55,2,12,11                        number, colour (0 none, 1 B, 2 W), column, row
//!   VARIATION,                           alternatives to the next node
//! [ReviewComment]
//! .Comment,1                             comment (chat) of node 1 (the root)
//! ```
//!
//! Moves numbered 0 in `[Data]` are the handicap stones. Without
//! `CoordinateType=IGS`, rows count from the top.

use std::collections::HashMap;

use kifu_board::{BoardSize, Color, Point};
use kifu_diag::{Diagnostic, Severity, Span};

use crate::charset::{self, Source};
use crate::codes;
use crate::record::{self, Move, Record};
use crate::scan::{self, Line, span};
use crate::values::{self, Layout};

/// The usual move line, `QP,B1,12,0` (two letters, the player, a plain
/// number, then anything), split by hand: its coordinate, player and
/// number, as the general reading of its fields gives them. `None` for
/// any other line (white space in a field, a sign, no number), which is
/// read the general way. A third of reading a UGF file went to splitting
/// these lines with the general field iterator.
fn plain_move_line(b: &[u8]) -> Option<(&[u8], &[u8], Option<i64>)> {
    if b.len() < 6 || b[2] != b',' {
        return None;
    }
    let who_end = 3 + b[3..].iter().position(|&c| c == b',')?;
    let who = &b[3..who_end];
    let (number, digits) = scan::leading_digits(&b[who_end + 1..])?;
    let at = who_end + 1 + digits;
    let plain = |f: &[u8]| !f.is_empty() && f.iter().all(|c| c.is_ascii_graphic() && *c != b',');
    (plain(&b[..2]) && plain(who) && b.get(at).is_none_or(|&c| c == b',')).then_some((
        &b[..2],
        who,
        Some(number),
    ))
}

/// The four numbers of the usual `[ReviewNode]` line, `NODE,12,1,16,4`
/// (plain numbers of at most 15 digits parted by single commas, nothing
/// after them); `None` for any other line, read the general way.
fn plain_node_line(b: &[u8]) -> Option<[Option<i64>; 4]> {
    let mut rest = b.strip_prefix(b"NODE,")?;
    let mut out = [None; 4];
    for (i, slot) in out.iter_mut().enumerate() {
        let (n, digits) = scan::leading_digits(rest)?;
        *slot = Some(n);
        rest = &rest[digits..];
        match (i, rest.split_first()) {
            (3, None) => {}
            (0..3, Some((b',', after))) => rest = after,
            _ => return None,
        }
    }
    Some(out)
}

/// A move line's coordinate, player and number, from its first three
/// fields trimmed (empty when missing), the general way.
fn move_fields<'a>(t: &Line<'a>) -> (&'a [u8], &'a [u8], Option<i64>) {
    let mut fields = [None; 3];
    for (slot, f) in fields.iter_mut().zip(t.fields(b',')) {
        *slot = Some(f.trim());
    }
    let field = |i: usize| fields[i].map_or(&b""[..], |f: Line<'a>| f.bytes);
    (field(0), field(1), fields[2].and_then(|f| f.number()))
}

/// A `[Name]` line, if the line is one.
fn section_name<'a>(line: &Line<'a>) -> Option<&'a [u8]> {
    let b = line.bytes;
    let inner = b.strip_prefix(b"[")?.strip_suffix(b"]")?;
    (!inner.is_empty() && inner.len() <= 32 && inner.iter().all(u8::is_ascii_alphanumeric))
        .then_some(inner)
}

/// Whether the first line (after `#` comments and blank lines) is `[Header]`.
pub(crate) fn is_header_start(head: &[u8]) -> bool {
    scan::lines(head, 0)
        .map(|l| l.trim())
        .find(|l| !l.bytes.is_empty() && !l.starts_with(b"#"))
        .is_some_and(|l| section_name(&l).is_some_and(|n| n.eq_ignore_ascii_case(b"Header")))
}

struct Section<'a, 'l> {
    name: Line<'a>,
    /// Its lines, a part of the file's (no vector per section, grown
    /// line by line).
    lines: &'l [Line<'a>],
}

/// The reader's state over the sections.
struct Reader<'d> {
    encoding: &'static encoding_rs::Encoding,
    flip: bool,
    record: Record,
    /// Main line nodes; index = move number, 0 the root.
    main: Vec<usize>,
    /// `[ReviewNode]` numbers, when that section was read.
    review: Option<NodeNumbers>,
    /// Where `Hdcp` gives a handicap.
    handicap_at: Option<Span>,
    diagnostics: &'d mut Vec<Diagnostic>,
}

/// Reads a UGF or UGI file; `None` when nothing of UGF is there.
pub(crate) fn read(input: &[u8], diagnostics: &mut Vec<Diagnostic>) -> Option<Record> {
    let mark = diagnostics.len();
    let all = scan::all_lines(input, scan::after_bom(input));
    let mut sections: Vec<Section<'_, '_>> = Vec::new();
    // The section being read: its name line, and the index of its first line.
    let mut open: Option<(Line<'_>, usize)> = None;
    let mut last = all.len();
    for (i, line) in all.iter().enumerate() {
        let t = line.trim();
        if let Some(name) = section_name(&t) {
            if let Some((name, first)) = open.take() {
                sections.push(Section {
                    name,
                    lines: &all[first..i],
                });
            }
            if name.eq_ignore_ascii_case(b"End") {
                last = i;
                break;
            }
            open = Some((t, i + 1));
            continue;
        }
        if open.is_none() && !t.bytes.is_empty() && !t.starts_with(b"#") {
            diagnostics.push(Diagnostic::new(
                codes::BAD_LINE,
                Severity::Error,
                t.span(),
                "line before the first section: skipped",
            ));
        }
    }
    if let Some((name, first)) = open {
        sections.push(Section {
            name,
            lines: &all[first..last],
        });
    }
    let is = |s: &Section<'_, '_>, name: &[u8]| {
        s.name.bytes[1..s.name.bytes.len() - 1].eq_ignore_ascii_case(name)
    };
    let header = sections.iter().find(|s| is(s, b"Header"));
    let data = sections.iter().find(|s| is(s, b"Data"));
    let end = span(input.len(), input.len());
    if header.is_none() && data.is_none() {
        record::not_this_format(
            diagnostics,
            mark,
            "not a UGF file: no [Header] and no [Data] section",
        );
        return None;
    }
    for (what, present) in [("[Header]", header.is_some()), ("[Data]", data.is_some())] {
        if !present {
            diagnostics.push(Diagnostic::new(
                codes::MISSING_SECTION,
                Severity::Error,
                end,
                format!("no {what} section"),
            ));
        }
    }
    let entries: Vec<(Line<'_>, Line<'_>)> = sections
        .iter()
        .filter(|s| is(s, b"Header"))
        .flat_map(|h| {
            h.lines
                .iter()
                .filter_map(|l| {
                    let t = l.trim();
                    if t.bytes.is_empty() {
                        return None;
                    }
                    let pair = t.split_once(b'=');
                    if pair.is_none() {
                        diagnostics.push(Diagnostic::new(
                            codes::BAD_LINE,
                            Severity::Error,
                            t.span(),
                            "header line without '=': skipped",
                        ));
                    }
                    pair.map(|(k, v)| (k.trim(), v.trim()))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let lang = entries
        .iter()
        .find(|(k, _)| k.bytes.eq_ignore_ascii_case(b"Lang"));
    let source = match lang {
        Some((_, v)) if !v.bytes.is_empty() => Source::Declared {
            label: v.bytes,
            span: v.span(),
        },
        _ => Source::Undeclared {
            format: "UGF",
            hint: None,
        },
    };
    let encoding = charset::choose(source, input, diagnostics);
    let mut reader = Reader {
        encoding,
        flip: false,
        record: Record::with_capacity(BoardSize::STANDARD, all.len()),
        main: vec![0],
        review: None,
        handicap_at: None,
        diagnostics,
    };
    reader.header(&entries);
    // The moves first, then what refers to them, whatever the order of
    // the sections in the file.
    for name in [&b"Data"[..], b"Figure", b"ReviewNode", b"ReviewComment"] {
        for section in sections.iter().filter(|s| is(s, name)) {
            let lines = section.lines;
            match name {
                b"Data" => reader.data(lines),
                b"Figure" => reader.figure(lines),
                b"ReviewNode" => reader.review_nodes(lines),
                _ => reader.review_comments(lines),
            }
        }
    }
    for section in &sections {
        let name = &section.name.bytes[1..section.name.bytes.len() - 1];
        match name.to_ascii_lowercase().as_slice() {
            b"header" | b"data" | b"figure" | b"reviewnode" | b"reviewcomment" => {}
            b"comment" | b"messageline" => reader.text_section(section),
            other => {
                let (code, severity, what) = match other {
                    b"remote" | b"files" => (
                        codes::NOT_KEPT,
                        Severity::Note,
                        "not kept (server data, embedded pictures)",
                    ),
                    _ => (
                        codes::UNKNOWN_SECTION,
                        Severity::Warning,
                        "unknown: not read",
                    ),
                };
                let name = String::from_utf8_lossy(section.name.bytes);
                reader.report(
                    code,
                    severity,
                    section.name.span(),
                    format!("section {name}: {what}"),
                );
            }
        }
    }
    reader.finish();
    Some(reader.record)
}

impl Reader<'_> {
    fn report(&mut self, code: kifu_diag::Code, severity: Severity, at: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::new(code, severity, at, message));
    }

    fn text(&self, line: &Line<'_>) -> String {
        charset::text(self.encoding, line.bytes)
    }

    /// The point at 0-based column `x` and row `y` as the file counts
    /// them; `None` off the board.
    fn point(&self, x: i64, y: i64) -> Option<Point> {
        let size = self.record.size;
        let (cols, rows) = (i64::from(size.cols), i64::from(size.rows));
        if !(0..cols).contains(&x) || !(0..rows).contains(&y) {
            return None;
        }
        let y = if self.flip { rows - 1 - y } else { y };
        Some(Point::new(x as u8, y as u8))
    }

    fn header(&mut self, entries: &[(Line<'_>, Line<'_>)]) {
        let mut blacks: Vec<(String, Option<String>)> = Vec::new();
        let mut whites: Vec<(String, Option<String>)> = Vec::new();
        let mut handicap_at = None;
        // Size and coordinates first: the rest does not depend on them,
        // but moves do.
        for (key, value) in entries {
            let mut buf = [0; 32];
            let k = scan::lowercase(key.bytes, &mut buf);
            if k == b"size" {
                match value
                    .number()
                    .and_then(|n| BoardSize::square(u32::try_from(n).ok()?).ok())
                {
                    Some(s) if s.cols >= 2 => self.record.size = s,
                    _ => self.report(
                        codes::BAD_VALUE,
                        Severity::Warning,
                        value.span(),
                        format!(
                            "board size '{}' not supported: read as 19x19",
                            self.text(value)
                        ),
                    ),
                }
            } else if k == b"coordinatetype" {
                match value.bytes.to_ascii_uppercase().as_slice() {
                    b"IGS" => self.flip = true,
                    b"" | b"JPN" => self.flip = false,
                    _ => self.report(
                        codes::BAD_VALUE,
                        Severity::Warning,
                        value.span(),
                        format!(
                            "unknown CoordinateType '{}': rows read from the top",
                            self.text(value)
                        ),
                    ),
                }
            }
        }
        for (key, value) in entries {
            let mut buf = [0; 32];
            let k = scan::lowercase(key.bytes, &mut buf);
            if matches!(
                k,
                b"size" | b"coordinatetype" | b"lang" | b"ver" | b"code" | b"moves"
            ) {
                continue;
            }
            let text = self.text(value);
            let info = &mut self.record.info;
            match k {
                b"size" | b"coordinatetype" | b"lang" | b"ver" | b"code" | b"moves" => {}
                b"crypt" => {
                    if !matches!(value.bytes.split(|&b| b == b',').next(), Some(b"0" | b"")) {
                        self.report(
                            codes::UNSUPPORTED,
                            Severity::Error,
                            value.span(),
                            "the file is encrypted (Crypt is not 0): its moves cannot be read"
                                .to_owned(),
                        );
                    }
                }
                b"title" => {
                    let fields: Vec<&str> = text.split(',').map(str::trim).collect();
                    let event: Vec<&str> = fields
                        .iter()
                        .take(2)
                        .copied()
                        .filter(|f| !f.is_empty())
                        .collect();
                    record::set(&mut info.event, event.join(" "));
                    if fields.len() > 2 {
                        record::set(&mut info.round, fields[2..].join(",").trim().to_owned());
                    }
                }
                b"place" => record::set(&mut info.place, text),
                b"date" => {
                    let fields: Vec<&str> = text.split(',').collect();
                    let start = fields.first().and_then(|d| values::date(d));
                    let stop = fields.get(2).and_then(|d| values::date(d));
                    match (start, stop) {
                        (Some(a), Some(b)) => info.date = Some(date_range(&a, &b)),
                        (Some(d), None) | (None, Some(d)) => info.date = Some(d),
                        (None, None) => {
                            if !text.trim_matches([',', '/', ' ']).is_empty() {
                                self.report(
                                    codes::BAD_VALUE,
                                    Severity::Warning,
                                    value.span(),
                                    format!("Date '{text}' is not a date kifu reads"),
                                );
                            }
                        }
                    }
                }
                b"rule" => {
                    let rules = match text.to_ascii_uppercase().as_str() {
                        "JPN" | "JP" => "Japanese".to_owned(),
                        "CHN" | "CH" | "CHI" => "Chinese".to_owned(),
                        "KOR" | "KO" => "Korean".to_owned(),
                        _ => text,
                    };
                    record::set(&mut info.rules, rules);
                }
                b"hdcp" => {
                    let mut fields = text.split(',');
                    let h = fields.next().and_then(|h| scan::number(h.as_bytes()));
                    let komi = fields.next().map(str::trim).filter(|k| !k.is_empty());
                    match h {
                        Some(h) if h >= 2 => {
                            info.handicap = u32::try_from(h).ok();
                            handicap_at = Some(value.span());
                        }
                        Some(_) => {}
                        None => self.report(
                            codes::BAD_VALUE,
                            Severity::Warning,
                            value.span(),
                            format!("Hdcp '{text}' does not start with the handicap"),
                        ),
                    }
                    if let Some(k) = komi {
                        match k.replace(',', ".").parse::<f64>() {
                            Ok(k) if k.is_finite() => self.record.info.komi = Some(k),
                            _ => self.report(
                                codes::BAD_VALUE,
                                Severity::Warning,
                                value.span(),
                                format!("komi '{k}' is not a number"),
                            ),
                        }
                    }
                }
                b"ptime" => {
                    let minutes = text
                        .split(',')
                        .next()
                        .and_then(|f| f.split(';').nth(1))
                        .and_then(|m| scan::number(m.as_bytes()));
                    if let Some(m) = minutes.filter(|&m| m > 0) {
                        info.time = Some(m as u64 * 60);
                    }
                }
                b"winner" => match winner(&text) {
                    Some(r) => {
                        if !r.is_empty() {
                            info.result = Some(r);
                        }
                    }
                    None => {
                        info.comment.push(text.clone());
                        self.report(
                            codes::BAD_VALUE,
                            Severity::Warning,
                            value.span(),
                            format!("Winner '{text}' is not a result kifu reads: kept in GC"),
                        );
                    }
                },
                b"writer" => record::set(&mut info.user, text),
                b"copyright" => record::set(&mut info.copyright, text),
                b"comment" => {
                    if !text.is_empty() {
                        info.comment.push(text);
                    }
                }
                b"commentator" => record::set(&mut info.annotator, text),
                k if k.starts_with(b"playerb") || k.starts_with(b"bmemb") => {
                    blacks.push(player(&text));
                }
                k if k.starts_with(b"playerw") || k.starts_with(b"wmemb") => {
                    whites.push(player(&text));
                }
                _ => self.report(
                    codes::UNKNOWN_KEY,
                    Severity::Warning,
                    key.span(),
                    format!(
                        "unknown UGF header key {}: not kept",
                        String::from_utf8_lossy(key.bytes)
                    ),
                ),
            }
        }
        let info = &mut self.record.info;
        for (players, name, rank) in [
            (blacks, &mut info.black, &mut info.black_rank),
            (whites, &mut info.white, &mut info.white_rank),
        ] {
            match players.as_slice() {
                [] => {}
                [(n, r)] => {
                    record::set(name, n.clone());
                    *rank = r.clone();
                }
                // Pair go: all the players in the name.
                many => {
                    let all: Vec<String> = many
                        .iter()
                        .map(|(n, r)| match r {
                            Some(r) => format!("{n} {r}"),
                            None => n.clone(),
                        })
                        .collect();
                    record::set(name, all.join(" & "));
                }
            }
        }
        self.handicap_at = handicap_at;
    }

    /// A move line `XY,B1,N,seconds` (of `[Data]` or a figure): its
    /// number, colour and point (`None`: letters past the board, a pass);
    /// `None` (reported) when the line is not one. `previous` is the colour
    /// of the move before, for `MK`.
    fn move_line(
        &mut self,
        t: &Line<'_>,
        previous: Option<Color>,
    ) -> Option<(i64, Color, Option<Point>)> {
        let (coord, who, number) = match plain_move_line(t.bytes) {
            Some(plain) => plain,
            None => move_fields(t),
        };
        let good = coord.len() == 2 && coord.iter().all(u8::is_ascii_alphabetic);
        let (Some(number), true) = (number, good) else {
            self.report(
                codes::BAD_LINE,
                Severity::Error,
                t.span(),
                "move line not of the form XY,B1,N,seconds: skipped".to_owned(),
            );
            return None;
        };
        let color = match who.first().map(u8::to_ascii_uppercase) {
            Some(b'B') if who != b"BK" => Color::Black,
            Some(b'W') => Color::White,
            // Seen once: `YZ,MK,278,0`, a pass of the player to move.
            _ if who.eq_ignore_ascii_case(b"MK") => match previous {
                Some(c) => c.opponent(),
                None if self.record.info.handicap.is_some() => Color::White,
                None => Color::Black,
            },
            _ => {
                let at = t.fields(b',').nth(1).map_or(t.span(), |f| f.trim().span());
                self.report(
                    codes::BAD_LINE,
                    Severity::Error,
                    at,
                    format!(
                        "player '{}' is neither B nor W: move skipped",
                        String::from_utf8_lossy(who)
                    ),
                );
                return None;
            }
        };
        let x = i64::from(coord[0].to_ascii_uppercase() - b'A');
        let y = i64::from(coord[1].to_ascii_uppercase() - b'A');
        // Letters past the board are passes (`YA`, `YS`, `ZZ`).
        Some((number, color, self.point(x, y)))
    }

    /// `[Data]`: the moves, and the handicap stones numbered 0.
    fn data(&mut self, lines: &[Line<'_>]) {
        let mut last_number = 0i64;
        let mut last_color: Option<Color> = None;
        for line in lines {
            let t = line.trim();
            if t.bytes.is_empty() {
                continue;
            }
            if t.starts_with(b".") {
                // Seen: advertising text after the game (`.Text,0,999,`).
                self.report(
                    codes::NOT_KEPT,
                    Severity::Note,
                    t.span(),
                    "text line in [Data] not kept".to_owned(),
                );
                continue;
            }
            let Some((number, color, point)) = self.move_line(&t, last_color) else {
                continue;
            };
            if number == 0 {
                match point {
                    Some(p) => self.record.setup.push((color, p)),
                    None => self.report(
                        codes::OFF_BOARD,
                        Severity::Error,
                        t.span(),
                        "stone placed off the board: dropped".to_owned(),
                    ),
                }
                continue;
            }
            let parent = *self.main.last().unwrap_or(&0);
            let node = self
                .record
                .add_move(parent, Move { color, point }, t.span());
            self.record
                .check_number(node, (number, last_number), number, self.diagnostics);
            last_number = number;
            last_color = Some(color);
            self.main.push(node);
        }
    }

    /// `[Figure]`: comments and labels of moves (`.Text,N` … `.EndText`),
    /// and figures (`.Fig` … `.EndFig`), read by [`Reader::fig`].
    fn figure(&mut self, lines: &[Line<'_>]) {
        let mut i = 0;
        let mut positions = None;
        while let Some(t) = next_nonblank(lines, &mut i) {
            if t.starts_with(b".Text") {
                let n = t.fields(b',').nth(1).and_then(|f| f.number());
                let (comment, labels) = self.text_block(lines, &mut i);
                let node = n
                    .and_then(|n| usize::try_from(n).ok())
                    .and_then(|n| self.main.get(n).copied());
                match node {
                    Some(node) => {
                        if !comment.is_empty() {
                            self.record.comment(node, &comment);
                        }
                        self.record.extra_mut(node).labels.extend(labels);
                    }
                    None => self.report(
                        codes::BAD_VALUE,
                        Severity::Warning,
                        t.span(),
                        format!(
                            "comment for move {}, which the game does not have: not kept",
                            n.map_or("?".to_owned(), |n| n.to_string())
                        ),
                    ),
                }
            } else if t.starts_with(b".Fig") {
                let positions = positions.get_or_insert_with(|| {
                    let all = self.main_positions();
                    // Each position's moves, in order, so that finding a
                    // figure's costs one look-up.
                    let mut at: HashMap<Vec<u8>, Vec<usize>> = HashMap::new();
                    for (m, p) in all.iter().enumerate() {
                        at.entry(p.clone()).or_default().push(m);
                    }
                    (all, at)
                });
                self.fig(&t, lines, &mut i, positions);
            } else {
                self.report(
                    codes::BAD_LINE,
                    Severity::Warning,
                    t.span(),
                    "line not understood in [Figure]: skipped".to_owned(),
                );
            }
        }
    }

    /// The lines of a text from `*i` on, up to `.EndText` (read) or the
    /// next `.Text`, `.Fig` or `.EndFig` (not read): the comment, and the
    /// labels `.#,X,Y,TEXT` (column and row from 1).
    fn text_block(&mut self, lines: &[Line<'_>], i: &mut usize) -> (String, Labels) {
        let mut text: Vec<String> = Vec::new();
        let mut labels = Vec::new();
        while *i < lines.len() {
            let u = lines[*i].trim();
            if u.starts_with(b".Text") || u.starts_with(b".Fig") || u.starts_with(b".EndFig") {
                break;
            }
            *i += 1;
            if u.starts_with(b".EndText") {
                break;
            }
            if u.starts_with(b".#,") {
                let mut f = u.from(3).fields(b',');
                let x = f.next().and_then(|f| f.number());
                let y = f.next().and_then(|f| f.number());
                let label = u.from(3).fields(b',').nth(2).map(|l| {
                    // The label is the rest of the line, commas included.
                    let start = l.start - u.start;
                    self.text(&u.from(start))
                });
                match (x, y, label) {
                    (Some(x), Some(y), Some(l)) if !l.is_empty() => {
                        match self.point(x - 1, y - 1) {
                            Some(p) => labels.push((p, l)),
                            None => self.report(
                                codes::OFF_BOARD,
                                Severity::Error,
                                u.span(),
                                "label off the board: dropped".to_owned(),
                            ),
                        }
                    }
                    _ => self.report(
                        codes::BAD_LINE,
                        Severity::Error,
                        u.span(),
                        "label line not of the form .#,X,Y,TEXT: skipped".to_owned(),
                    ),
                }
                continue;
            }
            text.push(self.text(&u));
        }
        (text.join("\n").trim().to_owned(), labels)
    }

    /// The position after each move of the main line (`[0]` the setup),
    /// one byte per point: 0 empty, 1 Black, 2 White.
    fn main_positions(&self) -> Vec<Vec<u8>> {
        let size = self.record.size;
        let mut board = kifu_board::Board::new(size);
        {
            let mut setup = board.setup();
            for &(color, point) in &self.record.setup {
                setup.set(point, Some(color));
            }
        }
        let snapshot = |board: &kifu_board::Board| -> Vec<u8> {
            (0..size.rows)
                .flat_map(|y| (0..size.cols).map(move |x| Point::new(x, y)))
                .map(|p| match board.get(p) {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                })
                .collect()
        };
        let mut out = vec![snapshot(&board)];
        let mut captured = Vec::new();
        for &node in &self.main[1..] {
            match self.record.nodes[node].mv {
                Some(Move {
                    color,
                    point: Some(p),
                }) => {
                    board.play_anyway_into(color, p, &mut captured);
                }
                _ => board.pass(),
            }
            out.push(snapshot(&board));
        }
        out
    }

    /// `.Fig,N,X1,Y1,X2,Y2,HEADING,SERIAL,0` and its lines up to `.EndFig`:
    /// a figure of the commentary on move N (sgfutils' `ugi2sgf.c`
    /// describes the layout): the part of the board shown (columns and
    /// rows from 1), its heading and number; then move lines as in
    /// `[Data]`, those numbered 0 the whole position the figure starts
    /// from, the others a sequence from it; a `.Text` … `.EndText` after
    /// a move is its comment and labels.
    ///
    /// It becomes a variation: from the main line's node whose position is
    /// the figure's (the latest up to move N), or else from move N with a
    /// first node that sets the figure's position up (`AB` `AW` `AE`, a
    /// note says so). Its first node has the heading as `N` and the part
    /// shown as `VW`.
    fn fig(
        &mut self,
        t: &Line<'_>,
        lines: &[Line<'_>],
        i: &mut usize,
        (positions, at): &Positions,
    ) {
        let mut fields = [None; 8];
        let mut count = 0;
        for (slot, f) in fields.iter_mut().zip(t.fields(b',').skip(1)) {
            *slot = Some(f.trim());
            count += 1;
        }
        let number = |k: usize| fields[k].and_then(|f: Line<'_>| f.number());
        let n = number(0);
        let heading = fields[5].map_or(String::new(), |f| self.text(&f));
        let serial = fields[6].map_or(String::new(), |f| self.text(&f));
        if let Some(last) = fields[7].filter(|f| !f.bytes.is_empty() && f.bytes != b"0") {
            self.report(
                codes::NOT_KEPT,
                Severity::Note,
                last.span(),
                format!(
                    "figure field '{}' (meaning not known): not kept",
                    String::from_utf8_lossy(last.bytes)
                ),
            );
        }
        let size = self.record.size;
        let corners = match (number(1), number(2), number(3), number(4)) {
            (Some(x1), Some(y1), Some(x2), Some(y2)) => {
                self.point(x1 - 1, y1 - 1).zip(self.point(x2 - 1, y2 - 1))
            }
            _ => None,
        };
        let view = corners.and_then(|(a, b)| {
            let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
            let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
            let whole = x0 == 0 && y0 == 0 && x1 + 1 == size.cols && y1 + 1 == size.rows;
            (!whole).then(|| (Point::new(x0, y0), Point::new(x1, y1)))
        });
        if corners.is_none() || count < 7 {
            self.report(
                codes::BAD_VALUE,
                Severity::Warning,
                t.span(),
                "figure line not of the form .Fig,N,X1,Y1,X2,Y2,HEADING,NUMBER,0: what is missing \
                 or not understood is not kept"
                    .to_owned(),
            );
        }
        // The lines of the figure.
        let mut start = vec![0u8; usize::from(size.cols) * usize::from(size.rows)];
        let mut moves: Vec<(Move, Span, String, Labels)> = Vec::new();
        let mut first_text = (String::new(), Vec::new());
        let mut closed = false;
        let mut previous = None;
        while let Some(u) = next_nonblank(lines, i) {
            if u.starts_with(b".EndFig") {
                closed = true;
                break;
            }
            if u.starts_with(b".Fig") || u.starts_with(b".Text,") {
                // The next figure or move text: this one has ended.
                *i -= 1;
                break;
            }
            if u.starts_with(b".Text") {
                let (comment, labels) = self.text_block(lines, i);
                let slot = match moves.last_mut() {
                    Some((_, _, c, l)) => (c, l),
                    None => (&mut first_text.0, &mut first_text.1),
                };
                if !comment.is_empty() {
                    if !slot.0.is_empty() {
                        slot.0.push('\n');
                    }
                    slot.0.push_str(&comment);
                }
                slot.1.extend(labels);
                continue;
            }
            let Some((k, color, point)) = self.move_line(&u, previous) else {
                continue;
            };
            if k == 0 {
                match point {
                    Some(p) => {
                        let at = usize::from(p.y) * usize::from(size.cols) + usize::from(p.x);
                        start[at] = if color == Color::Black { 1 } else { 2 };
                    }
                    None => self.report(
                        codes::OFF_BOARD,
                        Severity::Error,
                        u.span(),
                        "stone placed off the board: dropped".to_owned(),
                    ),
                }
                continue;
            }
            previous = Some(color);
            moves.push((Move { color, point }, u.span(), String::new(), Vec::new()));
        }
        if !closed {
            self.report(
                codes::TRUNCATED,
                Severity::Warning,
                t.span(),
                "figure not closed by .EndFig: read to the end of its section".to_owned(),
            );
        }
        // Where it branches from.
        let last = positions.len() - 1;
        let n = n
            .and_then(|n| usize::try_from(n).ok())
            .map_or(last, |n| n.min(last));
        let same = at
            .get(&start)
            .and_then(|moves| moves.iter().rev().copied().find(|&m| m <= n));
        let name = match (heading.is_empty(), serial.is_empty()) {
            (false, _) => heading,
            (true, false) => format!("Figure {serial}"),
            (true, true) => String::new(),
        };
        let m = same.unwrap_or(n);
        // A figure with no moves and the game's position: its text goes
        // to that node.
        if moves.is_empty() && same.is_some() {
            let node = self.main[m];
            if !first_text.0.is_empty() {
                self.record.comment(node, &first_text.0);
            }
            self.record.extra_mut(node).labels.extend(first_text.1);
            return;
        }
        // From the last move, the variation would be the main line's
        // continuation: it goes from the move before, setting up.
        let from = if m == last && m > 0 { m - 1 } else { m };
        let mut extra = (same != Some(from)).then(|| {
            let mut setup = Vec::new();
            for (at, (&was, &now)) in positions[from].iter().zip(&start).enumerate() {
                if was != now {
                    let p = Point::new(
                        (at % usize::from(size.cols)) as u8,
                        (at / usize::from(size.cols)) as u8,
                    );
                    let stone = match now {
                        1 => Some(Color::Black),
                        2 => Some(Color::White),
                        _ => None,
                    };
                    setup.push((stone, p));
                }
            }
            setup
        });
        if same.is_none() {
            self.report(
                codes::NOT_KEPT,
                Severity::Note,
                t.span(),
                format!(
                    "the figure's position is none of the game's up to move {n}: its variation \
                     from move {from} starts by setting the position up"
                ),
            );
        }
        let mut parent = self.main[from];
        // A game without moves: an empty node keeps its main line so.
        if from == last && self.record.children(parent).next().is_none() {
            self.record
                .add_node(parent, record::Extra::default(), t.span());
        }
        let mut first = true;
        if let Some(setup) = extra.take() {
            let node = self.record.add_node(
                parent,
                record::Extra {
                    comment: std::mem::take(&mut first_text.0),
                    labels: std::mem::take(&mut first_text.1),
                    setup,
                    name: name.clone(),
                    view,
                },
                t.span(),
            );
            parent = node;
            first = false;
        }
        for (mv, span, comment, labels) in moves {
            let node = self.record.add_move(parent, mv, span);
            let extra = if first {
                first = false;
                let mut c = std::mem::take(&mut first_text.0);
                if !comment.is_empty() {
                    if !c.is_empty() {
                        c.push('\n');
                    }
                    c.push_str(&comment);
                }
                let mut l = std::mem::take(&mut first_text.1);
                l.extend(labels);
                record::Extra {
                    comment: c,
                    labels: l,
                    setup: Vec::new(),
                    name: name.clone(),
                    view,
                }
            } else {
                record::Extra {
                    comment,
                    labels,
                    ..record::Extra::default()
                }
            };
            let empty = extra.comment.is_empty()
                && extra.labels.is_empty()
                && extra.name.is_empty()
                && extra.view.is_none();
            if !empty {
                self.record.set_extra(node, extra);
            }
            parent = node;
        }
    }

    /// `[ReviewNode]`: the game tree, whose main line repeats `[Data]`,
    /// with `VARIATION` blocks: alternatives to the node after them.
    fn review_nodes(&mut self, lines: &[Line<'_>]) {
        struct Level {
            last: usize,
            main: bool,
            /// A variation was written before the next node of this
            /// level: that node goes first among its siblings.
            first: bool,
        }
        let mut map = NodeNumbers::with_capacity(lines.len());
        let mut levels = vec![Level {
            last: 0,
            main: true,
            first: false,
        }];
        let mut k = 0usize;
        let mut differs = false;
        for line in lines {
            let t = line.trim();
            if t.bytes.is_empty() {
                continue;
            }
            if t.starts_with(b"VARIATIONEND") {
                if levels.len() > 1 {
                    levels.pop();
                } else {
                    self.report(
                        codes::BAD_LINE,
                        Severity::Warning,
                        t.span(),
                        "VARIATIONEND without its VARIATION: skipped".to_owned(),
                    );
                }
                continue;
            }
            if t.starts_with(b"VARIATION") {
                let level = levels.last_mut().expect("the main level stays");
                level.first = true;
                let last = level.last;
                levels.push(Level {
                    last,
                    main: false,
                    first: false,
                });
                continue;
            }
            // The usual `NODE,12,1,16,4` read by hand, anything else the
            // general way.
            let n = plain_node_line(t.bytes).unwrap_or_else(|| {
                let mut n = [None; 4];
                for (slot, f) in n.iter_mut().zip(t.fields(b',').skip(1)) {
                    *slot = f.number();
                }
                n
            });
            let (true, [Some(number), Some(color), Some(x), Some(y)]) = (t.starts_with(b"NODE"), n)
            else {
                self.report(
                    codes::BAD_LINE,
                    Severity::Error,
                    t.span(),
                    "line not of the form NODE,N,COLOR,X,Y in [ReviewNode]: skipped".to_owned(),
                );
                continue;
            };
            let color = match color {
                0 => None,
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => {
                    self.report(
                        codes::BAD_LINE,
                        Severity::Error,
                        t.span(),
                        format!("node colour {color} is none of 0, 1, 2: skipped"),
                    );
                    continue;
                }
            };
            let mv = color.map(|color| Move {
                color,
                point: self.point(x - 1, y - 1),
            });
            let level = levels.last_mut().expect("the main level stays");
            let node = match mv {
                // A node without a move (the root, the end) stands for
                // the node it follows.
                None => {
                    if level.main && k == 0 {
                        k += 1;
                    }
                    level.last
                }
                Some(mv) if level.main => {
                    let node = match self.main.get(k) {
                        Some(&node) if k > 0 => {
                            if self.record.nodes[node].mv != Some(mv) && !differs {
                                differs = true;
                                self.diagnostics.push(Diagnostic::new(
                                    codes::BAD_VALUE,
                                    Severity::Warning,
                                    t.span(),
                                    format!(
                                        "node {number} differs from move {k} of [Data]: [Data] kept"
                                    ),
                                ));
                            }
                            node
                        }
                        _ => {
                            let node = self.record.add_move(level.last, mv, t.span());
                            if level.first {
                                self.record.make_first(level.last, node);
                            }
                            self.main.push(node);
                            node
                        }
                    };
                    k += 1;
                    node
                }
                Some(mv) => {
                    let node = self.record.add_move(level.last, mv, t.span());
                    if level.first {
                        self.record.make_first(level.last, node);
                    }
                    node
                }
            };
            level.first = false;
            level.last = node;
            map.insert(number, node);
        }
        if levels.len() > 1 {
            let at = lines.last().map_or(Span::empty(0), Line::span);
            self.report(
                codes::TRUNCATED,
                Severity::Warning,
                at,
                "VARIATION not closed by VARIATIONEND".to_owned(),
            );
        }
        self.review = Some(map);
    }

    /// `[ReviewComment]`: `.Comment,N` and the lines up to the next one,
    /// the comment (often the players' chat) of node N.
    fn review_comments(&mut self, lines: &[Line<'_>]) {
        let mut i = 0;
        while let Some(t) = next_nonblank(lines, &mut i) {
            if !t.starts_with(b".Comment") {
                self.report(
                    codes::BAD_LINE,
                    Severity::Warning,
                    t.span(),
                    "line not understood in [ReviewComment]: skipped".to_owned(),
                );
                continue;
            }
            let n = t.fields(b',').nth(1).and_then(|f| f.number());
            let mut text: Vec<String> = Vec::new();
            while i < lines.len() && !lines[i].trim().starts_with(b".Comment") {
                text.push(self.text(&lines[i].trim()));
                i += 1;
            }
            let node = n.and_then(|n| match &self.review {
                Some(map) => map.get(n),
                None => usize::try_from(n - 1)
                    .ok()
                    .and_then(|k| self.main.get(k).copied()),
            });
            let comment = text.join("\n");
            let comment = comment.trim();
            match node {
                Some(node) if !comment.is_empty() => self.record.comment(node, comment),
                Some(_) => {}
                None => {
                    self.report(
                        codes::BAD_VALUE,
                        Severity::Warning,
                        t.span(),
                        format!(
                            "comment for node {}, which the file does not have: put on the root",
                            n.map_or("?".to_owned(), |n| n.to_string())
                        ),
                    );
                    if !comment.is_empty() {
                        self.record.comment(0, comment);
                    }
                }
            }
        }
    }

    /// `[Comment]`, `[MessageLine]`: their layout is not known; their
    /// text goes to the game comment.
    fn text_section(&mut self, section: &Section<'_, '_>) {
        let text: Vec<String> = section.lines.iter().map(|l| self.text(l)).collect();
        let text = text.join("\n");
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        self.record.info.comment.push(text.to_owned());
        self.report(
            codes::NOT_KEPT,
            Severity::Note,
            section.name.span(),
            format!(
                "section {} kept as text in GC (its layout is not known)",
                String::from_utf8_lossy(section.name.bytes)
            ),
        );
    }

    /// The handicap stones: those of `[Data]`, else the usual points.
    fn finish(&mut self) {
        let Some(h) = self.record.info.handicap else {
            return;
        };
        let at = self.handicap_at.unwrap_or(Span::empty(0));
        let placed = self
            .record
            .setup
            .iter()
            .filter(|(c, _)| *c == Color::Black)
            .count();
        if placed == 0 {
            match values::handicap_points(self.record.size, h, Layout::Standard) {
                Some(points) => {
                    self.record
                        .setup
                        .extend(points.into_iter().map(|p| (Color::Black, p)));
                    self.report(
                        codes::BAD_VALUE,
                        Severity::Note,
                        at,
                        format!(
                            "Hdcp gives {h} stones and [Data] places none: put on the usual points"
                        ),
                    );
                }
                None => {
                    self.record.info.handicap = None;
                    self.report(
                        codes::BAD_VALUE,
                        Severity::Warning,
                        at,
                        format!("handicap {h} has no fixed placement and [Data] places none"),
                    );
                }
            }
        } else if placed != h as usize {
            self.report(
                codes::BAD_VALUE,
                Severity::Warning,
                at,
                format!("Hdcp gives {h} stones, [Data] places {placed}: HA set to {placed}"),
            );
            self.record.info.handicap = u32::try_from(placed).ok().filter(|&n| n >= 2);
        }
    }
}

/// The main line's positions (one byte a point: 0 empty, 1 Black, 2
/// White), and the moves after which each one stands.
type Positions = (Vec<Vec<u8>>, HashMap<Vec<u8>, Vec<usize>>);

/// Labels of a node: point and text.
type Labels = Vec<(Point, String)>;

/// `[ReviewNode]` numbers to nodes: in a vector while the numbers stay
/// below a bound (they count the nodes from 1 in the files seen), in a
/// hash map past it.
struct NodeNumbers {
    small: Vec<Option<usize>>,
    bound: usize,
    large: HashMap<i64, usize>,
}

impl NodeNumbers {
    fn with_capacity(lines: usize) -> NodeNumbers {
        NodeNumbers {
            small: Vec::with_capacity(lines + 2),
            bound: 2 * lines + 16,
            large: HashMap::new(),
        }
    }

    fn insert(&mut self, number: i64, node: usize) {
        match usize::try_from(number).ok().filter(|&n| n < self.bound) {
            Some(n) => {
                if self.small.len() <= n {
                    self.small.resize(n + 1, None);
                }
                self.small[n] = Some(node);
            }
            None => {
                self.large.insert(number, node);
            }
        }
    }

    fn get(&self, number: i64) -> Option<usize> {
        match usize::try_from(number).ok().filter(|&n| n < self.bound) {
            Some(n) => self.small.get(n).copied().flatten(),
            None => self.large.get(&number).copied(),
        }
    }
}

/// The next line from `*i` on that is not blank, trimmed.
fn next_nonblank<'a>(lines: &[Line<'a>], i: &mut usize) -> Option<Line<'a>> {
    while let Some(line) = lines.get(*i) {
        *i += 1;
        let t = line.trim();
        if !t.bytes.is_empty() {
            return Some(t);
        }
    }
    None
}

/// `name,rank,…`.
fn player(text: &str) -> (String, Option<String>) {
    let mut fields = text.split(',');
    let name = fields.next().unwrap_or("").trim().to_owned();
    let rank = fields
        .next()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(values::rank);
    (name, rank)
}

/// `Winner=` in its FF\[4\] form: `Some("")` for a game still in play,
/// `None` when not understood.
fn winner(text: &str) -> Option<String> {
    let mut fields = text.split(',').map(str::trim);
    let who = fields.next().unwrap_or("");
    let how = fields.next().unwrap_or("");
    let winner = who.chars().next();
    let r = match winner {
        Some(w @ ('B' | 'W')) => match how.to_ascii_uppercase().as_str() {
            "" => format!("{w}+"),
            "C" | "R" => format!("{w}+R"),
            "F" => format!("{w}+F"),
            "T" => format!("{w}+T"),
            n => match n.replace(',', ".").parse::<f64>() {
                Ok(s) if s.is_finite() && s >= 0.0 => format!("{w}+{}", values::real(s)),
                _ => return None,
            },
        },
        Some('D') => "0".to_owned(),
        // No result (`N1,E` for a triple ko), unfinished, both lost.
        Some('N' | 'A' | 'O') => "Void".to_owned(),
        Some('E') => "?".to_owned(),
        Some('P') | None => String::new(),
        _ => return None,
    };
    Some(r)
}

/// `DT` for a game from `start` to `end` (dates `YYYY-MM-DD`), with the
/// FF\[4\] shortening: `2019-03-08,09`.
fn date_range(start: &str, end: &str) -> String {
    if start == end {
        start.to_owned()
    } else if start[..7] == end[..7] {
        format!("{start},{}", &end[8..])
    } else if start[..4] == end[..4] {
        format!("{start},{}", &end[5..])
    } else {
        format!("{start},{end}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn plain_move_lines_read_as_the_general_way_does(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "QP", "B1", "W2", "12", "0", "-3", " 7", "x ", "", ",", "MK", "1234567890123456",
                ]),
                0..8,
            ),
        ) {
            let line = parts.join(",");
            if let Some(plain) = plain_move_line(line.as_bytes()) {
                let general = move_fields(&Line { bytes: line.as_bytes(), start: 0 });
                proptest::prop_assert_eq!(plain, general, "{:?}", line);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn plain_node_lines_read_as_the_general_way_does(
            parts in proptest::collection::vec(
                proptest::sample::select(vec!["NODE", "1", "0", "17", " 3", "-2", "", "x", "1234567890123456"]),
                0..7,
            ),
        ) {
            let line = parts.join(",");
            if let Some(plain) = plain_node_line(line.as_bytes()) {
                let mut general = [None; 4];
                let t = Line { bytes: line.as_bytes(), start: 0 };
                for (slot, f) in general.iter_mut().zip(t.fields(b',').skip(1)) {
                    *slot = f.number();
                }
                proptest::prop_assert_eq!(plain, general, "{:?}", line);
            }
        }
    }

    #[test]
    fn usual_node_lines_are_read_by_hand() {
        assert_eq!(
            plain_node_line(b"NODE,55,2,12,11"),
            Some([Some(55), Some(2), Some(12), Some(11)])
        );
        for other in [
            &b"NODE,55,2,12"[..],
            b"NODE,55,2,12,11,",
            b"NODE,5 5,2,1,1",
            b"VARIATION,",
        ] {
            assert_eq!(
                plain_node_line(other),
                None,
                "{}",
                String::from_utf8_lossy(other)
            );
        }
    }

    #[test]
    fn usual_move_lines_are_read_by_hand() {
        assert_eq!(
            plain_move_line(b"QP,B1,12,0"),
            Some((&b"QP"[..], &b"B1"[..], Some(12)))
        );
        assert_eq!(
            plain_move_line(b"YA,W1,222"),
            Some((&b"YA"[..], &b"W1"[..], Some(222)))
        );
        for other in [
            &b"QP, B1,12,0"[..],
            b"QP,B1,+12,0",
            b"QP,B1,12 ,0",
            b"QP,B1,,0",
            b"Q,B1,1,0",
        ] {
            assert_eq!(
                plain_move_line(other),
                None,
                "{}",
                String::from_utf8_lossy(other)
            );
        }
    }
}

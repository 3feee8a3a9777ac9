//! One annotated game as a chapter: the game information, the main line
//! as Go data and figures, the comments after the figure that holds their
//! move, every variation as a diagram (`::dia`) and every variation of a
//! variation as a `::var`, each with its comments after it.

use std::collections::{HashMap, HashSet};

use kifu_board::{Board, BoardSize, Color, Point};
use kifu_sgf::props::Value;
use kifu_sgf::{Game, Node};

use super::codes;
use super::marks::{Marks, NodeMarks, list};
use super::out::{Line, Out};
use super::prose::{marked_label, move_label, node_paragraphs, one_line};
use crate::document::Element;

/// Game information: SGF property, Go data attribute, words in the info
/// paragraph (`None`: the players, written together).
pub(crate) const GAME_INFO: [(&str, &str, Option<&str>); 17] = [
    ("PB", "pb", None),
    ("BR", "br", None),
    ("PW", "wp", None),
    ("WR", "wr", None),
    ("EV", "ev", Some("Event")),
    ("RO", "ro", Some("Round")),
    ("DT", "dt", Some("Date")),
    ("PC", "pc", Some("Place")),
    ("KM", "km", Some("Komi")),
    ("HA", "ha", Some("Handicap")),
    ("TM", "tm", Some("Time limit")),
    ("RE", "re", Some("Result")),
    ("AN", "an", Some("Commentary")),
    ("SO", "so", Some("Source")),
    ("CP", "cp", Some("Copyright")),
    ("US", "us", Some("Recorded by")),
    ("GN", "gn", None),
];

/// Game information with no Go data attribute, shown in the info paragraph.
const MORE_INFO: [(&str, &str); 6] = [
    ("RU", "Rules"),
    ("OT", "Overtime"),
    ("ON", "Opening"),
    ("BT", "Black team"),
    ("WT", "White team"),
    ("GC", ""),
];

/// Properties the chapter uses (the rest are noted as not in the book).
const USED: [&str; 27] = [
    "B", "W", "AB", "AW", "AE", "PL", "C", "N", "LB", "TR", "SQ", "CR", "MA", "TB", "TW", "AR",
    "LN", "FG", "BM", "TE", "DO", "IT", "GB", "GW", "DM", "UC", "HO",
];

/// Properties about the file, not the game: nothing to say.
const FILE: [&str; 5] = ["GM", "FF", "CA", "AP", "ST"];

/// A move of Go data: `None` a pass.
#[derive(Clone, Copy, Debug)]
struct Token {
    color: Color,
    point: Option<Point>,
    number: Option<u32>,
}

/// One `::go`: the main line from its first node, after setup.
#[derive(Debug, Default)]
struct Segment {
    mn: u32,
    ab: Vec<Point>,
    aw: Vec<Point>,
    ae: Vec<Point>,
    pl: Option<Color>,
    tokens: Vec<Token>,
    /// Its ID (set when the chapter has several).
    id: Option<String>,
}

impl Segment {
    /// Who plays at the position "before move `at`", as the resolver
    /// reads it: the moves before the first one numbered `at` or more are
    /// played (passes included).
    fn to_play(&self, at: u32) -> Color {
        let index = self
            .tokens
            .iter()
            .position(|t| t.number.is_some_and(|n| n >= at))
            .unwrap_or(self.tokens.len());
        match index.checked_sub(1) {
            Some(i) => self.tokens[i].color.opponent(),
            None => self.pl.unwrap_or(Color::Black),
        }
    }
}

/// A main-line node.
struct MainNode<'c, 'i> {
    node: Node<'c, 'i>,
    mv: Option<(Color, Option<Point>)>,
    number: Option<u32>,
    segment: usize,
    /// Numbered moves up to and including this node.
    count: u32,
}

/// A figure: main-line nodes `first..=last`.
struct Figure {
    first: usize,
    /// Numbered moves in it.
    moves: u32,
    /// The points of its numbered moves, and their numbers.
    played: HashMap<Point, u32>,
    last: usize,
    marks: Marks,
    caption: Option<String>,
    coordinates: bool,
}

/// How many moves after a figure's planned end it may run on to reach the
/// end of a ko fight or a capture race.
fn run_on(figure_moves: usize) -> u32 {
    (figure_moves / 5).clamp(2, 10) as u32
}

fn neighbours(p: Point, size: BoardSize) -> impl Iterator<Item = Point> {
    let (x, y) = (i32::from(p.x), i32::from(p.y));
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(move |&(x, y)| {
            x >= 0 && y >= 0 && x < i32::from(size.cols) && y < i32::from(size.rows)
        })
        .map(|(x, y)| Point::new(x as u8, y as u8))
}

/// The view of `VW`, when it is a rectangle.
fn view(node: &Node<'_, '_>, size: BoardSize) -> Option<String> {
    let points = node.points("VW");
    if points.is_empty() {
        return None;
    }
    let x0 = points.iter().map(|p| p.x).min()?;
    let x1 = points.iter().map(|p| p.x).max()?;
    let y0 = points.iter().map(|p| p.y).min()?;
    let y1 = points.iter().map(|p| p.y).max()?;
    let a = Point::new(x0, y1).to_standard(size);
    let b = Point::new(x1, y0).to_standard(size);
    Some(format!("{a}{b}"))
}

/// The `FG` of a node: whether it has one, its name, and whether its flags
/// ask for coordinates.
fn figure_property(node: &Node<'_, '_>) -> Option<(Option<String>, bool)> {
    node.property("FG")?;
    match node.get("FG") {
        Some(Ok(Value::Compose(flags, name))) => {
            let coordinates = matches!(*flags, Value::Number(f) if f & 1 == 1);
            let name = match *name {
                Value::Text(t) if !t.trim().is_empty() => Some(t),
                _ => None,
            };
            Some((name, coordinates))
        }
        _ => Some((None, false)),
    }
}

/// Whether `id` is game information.
fn is_info(id: &str) -> bool {
    GAME_INFO.iter().any(|(s, _, _)| *s == id) || MORE_INFO.iter().any(|(s, _)| *s == id)
}

/// The node that holds the game information: the first of the main line
/// with any (SGF allows it below the root), else the root.
pub(crate) fn info_node<'c, 'i>(game: &Game<'c, 'i>) -> Node<'c, 'i> {
    let mut node = Some(game.root());
    while let Some(n) = node {
        if n.properties().any(|p| is_info(p.id())) {
            return n;
        }
        node = n.first_child();
    }
    game.root()
}

/// The title of a game: `GN`, else the root's name (`N`), else `EV`
/// (with `RO`), else "PB vs PW".
pub fn title(game: &Game<'_, '_>) -> String {
    let root = info_node(game);
    let text = |id| {
        root.simple_text(id)
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
    };
    if let Some(gn) = text("GN") {
        return gn;
    }
    if let Some(name) = text("N") {
        return name;
    }
    if let Some(ev) = text("EV") {
        return match text("RO") {
            Some(ro) => format!("{ev}, {ro}"),
            None => ev,
        };
    }
    let black = text("PB").unwrap_or_else(|| "Black".into());
    let white = text("PW").unwrap_or_else(|| "White".into());
    format!("{black} vs {white}")
}

/// Notes the properties of the game that the book has no place for: once
/// per property, at its first place, with how often it occurs.
fn note_unused(out: &mut Out, game: &Game<'_, '_>) {
    let info = info_node(game);
    let mut seen: Vec<(String, kifu_diag::Span, usize)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for node in game.nodes() {
        for p in node.properties() {
            let id = p.id();
            let known = USED.contains(&id)
                || FILE.contains(&id)
                || id == "SZ"
                || (id == "VW" && (node.parent().is_none() || node.has("FG")))
                || (is_info(id) && node.id() == info.id());
            if known {
                continue;
            }
            match index.get(id) {
                Some(&i) => seen[i].2 += 1,
                None => {
                    index.insert(id.to_owned(), seen.len());
                    seen.push((id.to_owned(), p.span(), 1));
                }
            }
        }
    }
    for (id, span, count) in seen {
        let times = if count == 1 {
            String::new()
        } else {
            format!(" ({count} times)")
        };
        out.note(
            codes::NOT_IN_BOOK,
            span,
            format!("`{id}`{times} has no place in a Go book; left out"),
        );
    }
}

/// The chapter of one game.
pub(crate) fn chapter(
    out: &mut Out,
    game: &Game<'_, '_>,
    chapter_id: &str,
    heading: &str,
    figure_moves: usize,
) {
    let size = game.board_size();
    let root = game.root();
    out.push(Element::new("chapter").with_id(chapter_id));
    out.push(Element::new("h2").with_value(&one_line(heading)));
    note_unused(out, game);
    info_paragraphs(out, &info_node(game), size);
    for p in root
        .text("C")
        .map(|c| super::prose::paragraphs(&c, size))
        .unwrap_or_default()
    {
        out.push_comment(Element::paragraph(&p), root.id());
    }

    // The main line, its segments (a new one at each setup node) and
    // numbers.
    let mut main: Vec<MainNode<'_, '_>> = Vec::new();
    let mut segments: Vec<Segment> = Vec::new();
    let mut count = 0u32;
    let mut node = Some(root);
    // The book's position as the main line goes, and a copy of it before
    // each node that has alternatives (where their diagrams start).
    let mut board = Board::new(size);
    let mut positions: HashMap<usize, Board> = HashMap::new();
    // Moves the rules forbid set up so far (main line and variations).
    let mut set_up_moves = 0usize;
    while let Some(n) = node {
        let i = main.len();
        if n.next_sibling().is_some() {
            positions.insert(i, board.clone());
        }
        // A move the rules forbid is set up as the position after it, in
        // Go data of its own; past a few such moves the record is no game
        // a book can follow (each would be a `::go` and a figure).
        if let Some((color, Some(p))) = n.get_move()
            && size.contains(p)
            && set_up_moves >= MAX_SET_UP_MOVES
            && board.check_move(color, p).is_err()
        {
            out.note(
                codes::ILLEGAL_MOVE,
                span_of(&n, &["B", "W"]),
                format!(
                    "more than {MAX_SET_UP_MOVES} moves the rules forbid: the book's main line stops before this one"
                ),
            );
            break;
        }
        let mut own_setup = node_setup(out, &n, i > 0);
        apply_setup(&mut board, &own_setup);
        let mut mv = n.get_move();
        if let Some((color, Some(p))) = mv
            && size.contains(p)
        {
            if let Err(why) = board.check_move(color, p) {
                set_up_moves += 1;
                let change = illegal_as_setup(out, &n, &mut board, (color, p), why, size);
                for (all, more) in own_setup.iter_mut().zip(change) {
                    all.retain(|q| !more.contains(q));
                    all.extend(more);
                }
                count += 1;
                mv = None;
            } else {
                board.play_anyway(color, p);
            }
        } else if mv.is_some() {
            board.pass();
        }
        let setup = mv.is_none() && n.get_move().is_some()
            || own_setup.iter().any(|points| !points.is_empty())
            || n.has("PL");
        if i == 0 || setup {
            // Who plays after the previous segment, unless PL says.
            let after = segments.last().map(|s: &Segment| {
                s.tokens
                    .last()
                    .map(|t| t.color.opponent())
                    .or(s.pl)
                    .unwrap_or(Color::Black)
            });
            let [ae, ab, aw] = own_setup;
            let after_illegal = n
                .get_move()
                .filter(|_| mv.is_none())
                .map(|(c, _)| c.opponent());
            segments.push(Segment {
                mn: count + 1,
                ab,
                aw,
                ae,
                pl: match n.get("PL") {
                    Some(Ok(Value::Color(c))) => Some(c),
                    _ => after_illegal.or(after),
                },
                ..Segment::default()
            });
        }
        let segment = segments.len() - 1;
        let s = &mut segments[segment];
        let mut number = None;
        if let Some((color, point)) = mv {
            let expected = s
                .tokens
                .last()
                .map(|t| t.color.opponent())
                .or(s.pl)
                .unwrap_or(color);
            if s.pl.is_none() && s.tokens.is_empty() {
                s.pl = Some(color);
            }
            if expected != color {
                s.tokens.push(Token {
                    color: expected,
                    point: None,
                    number: None,
                });
            }
            if point.is_some() {
                count += 1;
                number = Some(count);
            }
            s.tokens.push(Token {
                color,
                point,
                number,
            });
        }
        main.push(MainNode {
            node: n,
            mv,
            number,
            segment,
            count,
        });
        node = n.first_child();
    }
    if segments.len() > 1 {
        for (k, s) in segments.iter_mut().enumerate() {
            s.id = Some(format!("g{}", k + 1));
        }
    }

    // Where a ko fight or a capture race is going on, by move number.
    let active = activity(&segments, size);
    let is_active = |n: u32| active.get(n as usize).copied().unwrap_or(false);

    // Figures.
    let uses_fg = main.iter().skip(1).any(|m| m.node.has("FG"));
    let mut figures: Vec<Figure> = Vec::new();
    let mut own_marks: HashMap<usize, Vec<String>> = HashMap::new();
    let mut planned_end = 0u32;
    for (i, m) in main.iter().enumerate() {
        // A point text that is the number of the move shown there (as
        // GoWrite writes them) says what the figure shows anyway.
        let raw = NodeMarks::of(&m.node);
        let own = m.number.zip(m.mv.and_then(|(_, p)| p));
        let numbered_in = |played: Option<&HashMap<Point, u32>>| {
            raw.without(|p, text| {
                let number = played
                    .and_then(|played| played.get(&p).copied())
                    .or(own.filter(|(_, q)| *q == p).map(|(n, _)| n));
                number.is_some_and(|n| n.to_string() == text)
            })
        };
        let marks = numbered_in(figures.last().map(|f: &Figure| &f.played));
        let fg = figure_property(&m.node);
        let start = match figures.last() {
            None => true,
            Some(f) => {
                let previous = &main[f.last];
                let moves_in = f.moves;
                let new_segment = m.segment != previous.segment;
                let full = !uses_fg && m.number.is_some_and(|n| moves_in > 0 && n > planned_end);
                // A mark must not hide the number of a move of its figure
                // (nor the number the mark): a move onto a letter or
                // symbol, or one put on a move, starts the next figure,
                // where that stone has no number, as books do.
                // A move onto a letter of its figure starts the next one
                // only when this one has half its planned moves: before
                // that the move keeps its number and the letter goes after
                // its name in the text (splitting at every such letter
                // made a 253-move game 32 figures, some of two moves).
                let half_full = moves_in as usize * 2 >= figure_moves.max(1);
                let onto_letter =
                    half_full && m.mv.and_then(|(_, p)| p).is_some_and(|p| f.marks.covers(p));
                let onto_move = marks.covering_points().any(|p| f.played.contains_key(&p));
                new_segment
                    || (uses_fg && fg.is_some())
                    || full
                    || (moves_in > 0 && (f.marks.conflicts(&marks) || onto_letter || onto_move))
            }
        };
        if start {
            let first_number = m.count + u32::from(m.number.is_none());
            let mut end = first_number + figure_moves.max(1) as u32 - 1;
            if is_active(end)
                && let Some(quiet) = (end + 1..=end + run_on(figure_moves)).find(|&n| !is_active(n))
            {
                end = quiet;
            }
            planned_end = end;
            let (caption, coordinates) = match &fg {
                Some((name, coordinates)) => (name.clone(), *coordinates),
                None => (None, false),
            };
            figures.push(Figure {
                first: i,
                moves: 0,
                played: HashMap::new(),
                last: i,
                marks: Marks::default(),
                caption,
                coordinates,
            });
        }
        // In a new figure the earlier moves have no numbers: their point
        // texts stay.
        let marks = if start { numbered_in(None) } else { marks };
        let f = figures.last_mut().expect("a figure was started");
        f.last = i;
        f.moves += u32::from(m.number.is_some());
        let mut own = HashSet::new();
        if let Some((_, Some(p))) = m.mv
            && let Some(n) = m.number
        {
            f.played.insert(p, n);
            own.insert(p);
        }
        // Earlier moves under a mark started this figure; a mark on the
        // move just played: its number shows, the mark goes into the text
        // after the move's name.
        let clashes = f.marks.add(&marks);
        if let Some((color, Some(p))) = m.mv
            && m.number.is_some()
        {
            let taken = f.marks.take_from_move(p, color);
            if !taken.is_empty() {
                out.note(
                    codes::MARK_CONFLICT,
                    span_of(&m.node, &["LB", "TR", "SQ", "CR", "MA"]),
                    format!(
                        "{} on the move just played: its number is shown, the mark is written after the move's name",
                        taken.join(", ")
                    ),
                );
                own_marks.insert(i, taken);
            }
        }
        if clashes > 0 {
            out.note(
                codes::MARK_CONFLICT,
                span_of(&m.node, &["LB", "TR", "SQ", "CR", "MA", "TB", "TW"]),
                "two marks on one point or one letter on two points: the first is shown".into(),
            );
        }
    }

    // The root's view holds for the game.
    let vw = view(&root, size);
    let mut dia_number = 0u32;
    let mut emitted_segment: Option<usize> = None;
    for f in &figures {
        let first = &main[f.first];
        let segment = first.segment;
        if emitted_segment != Some(segment) {
            emit_go(out, game, &segments, segment, size);
            emitted_segment = Some(segment);
        }
        let from = first.count + u32::from(first.number.is_none());
        let to = main[f.last].count;
        let mut fig = Element::new("fig").with_attribute("at", &from.to_string());
        if to >= from {
            fig.set_attribute("to", &to.to_string());
        }
        let own = (f.first == 0 || first.node.has("FG"))
            .then(|| view(&first.node, size))
            .flatten();
        if let Some(vw) = own.or_else(|| vw.clone()) {
            fig.set_attribute("vw", &vw);
        }
        if f.coordinates {
            fig.set_attribute("coord", "standard");
        }
        f.marks.write(&mut fig, size);
        if let Some(caption) = &f.caption {
            fig.set_attribute("ca", &one_line(caption));
        }
        let element = out.push(fig);
        out.lines.push(Line {
            element,
            nodes: main[f.first..=f.last]
                .iter()
                .filter(|m| m.number.is_some())
                .map(|m| m.node.id())
                .collect(),
        });
        // The comments of the figure's moves, then the variations.
        for (i, m) in main.iter().enumerate().take(f.last + 1).skip(f.first) {
            if m.node.id() == root.id() {
                continue;
            }
            if let Some(name) = m.node.simple_text("N").filter(|n| !n.trim().is_empty()) {
                out.push(Element::new("h4").with_value(&one_line(&name)));
            }
            let taken = own_marks.get(&i).map(Vec::as_slice).unwrap_or_default();
            let label =
                m.mv.map(|(c, _)| marked_label(move_label(c, m.number), taken));
            let mut texts = node_paragraphs(&m.node, label.as_deref(), size);
            if texts.is_empty()
                && !taken.is_empty()
                && let Some(label) = &label
            {
                // The mark has no other place to be said.
                texts.push(format!("{label}."));
            }
            for p in texts {
                out.push_comment(Element::paragraph(&p), m.node.id());
            }
        }
        for i in f.first..=f.last {
            if i == 0 {
                continue;
            }
            let m = &main[i];
            let parent = &main[i - 1];
            for alternative in siblings_after(m.node) {
                let s = &segments[parent.segment];
                let at = parent.count + 1;
                let base = (emitted_segment != Some(parent.segment))
                    .then(|| s.id.clone())
                    .flatten();
                let board = positions
                    .get(&i)
                    .cloned()
                    .unwrap_or_else(|| Board::new(size));
                variations(
                    out,
                    alternative,
                    Start::Game {
                        at,
                        to_play: s.to_play(at),
                        base,
                        vw: vw.clone(),
                    },
                    board,
                    size,
                    &mut dia_number,
                    &mut set_up_moves,
                );
            }
        }
    }
}

/// The paragraph of game information, `GC` and the root comment's place
/// come before the game.
fn info_paragraphs(out: &mut Out, root: &Node<'_, '_>, size: BoardSize) {
    let text = |id| {
        root.simple_text(id)
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
    };
    let mut lines = Vec::new();
    for (color, name, rank) in [("Black", "PB", "BR"), ("White", "PW", "WR")] {
        if let Some(player) = text(name) {
            match text(rank) {
                Some(r) => lines.push(format!("{color}: {player} {r}")),
                None => lines.push(format!("{color}: {player}")),
            }
        }
    }
    for (id, _, words) in GAME_INFO {
        if let (Some(words), Some(value)) = (words, text(id)) {
            lines.push(format!("{words}: {value}"));
        }
    }
    for (id, words) in MORE_INFO {
        if id == "GC" {
            continue;
        }
        if let Some(value) = text(id) {
            lines.push(format!("{words}: {value}"));
        }
    }
    if !lines.is_empty() {
        let value: Vec<String> = lines.iter().map(|l| keep_hyphens(&one_line(l))).collect();
        out.push(Element::paragraph(&value.join("\n")));
    }
    if let Some(gc) = root.text("GC") {
        for p in super::prose::paragraphs(&gc, size) {
            out.push(Element::paragraph(&p));
        }
    }
}

/// A word joiner before each hyphen between digits, so that the book's
/// typography (a hyphen between digits is an en dash) leaves dates
/// (`1943-02-25`) as written.
fn keep_hyphens(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let between_digits = c == '-'
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if between_digits {
            out.push(super::prose::JOINER);
        }
        out.push(c);
    }
    out
}

/// The span of the first of `ids` in the node (for notes).
fn span_of(node: &Node<'_, '_>, ids: &[&str]) -> kifu_diag::Span {
    node.properties()
        .find(|p| ids.contains(&p.id()))
        .or_else(|| node.properties().next())
        .map(|p| p.span())
        .unwrap_or_default()
}

/// Per move number: whether a ko fight (a ko capture in the last four
/// moves) or a capture race (an atari or a capture in the last two) is
/// going on.
fn activity(segments: &[Segment], size: BoardSize) -> Vec<bool> {
    let mut ko = vec![false];
    let mut tension = vec![false];
    let mut board = Board::new(size);
    for s in segments {
        {
            let mut setup = board.setup();
            for p in &s.ae {
                setup.set(*p, None);
            }
            for p in &s.ab {
                setup.set(*p, Some(Color::Black));
            }
            for p in &s.aw {
                setup.set(*p, Some(Color::White));
            }
        }
        for t in &s.tokens {
            let Some(p) = t.point else {
                board.pass();
                continue;
            };
            if !size.contains(p) {
                continue;
            }
            let outcome = board.play_anyway(t.color, p);
            let atari = neighbours(p, size)
                .any(|q| board.get(q) == Some(t.color.opponent()) && board.liberties(q) == 1);
            if t.number.is_some() {
                // A ko capture: one stone taken by a lone stone left with
                // one liberty (the point just emptied).
                ko.push(
                    outcome.captured.len() == 1
                        && board.liberties(p) == 1
                        && board.group(p).len() == 1,
                );
                tension.push(atari || !outcome.captured.is_empty());
            }
        }
    }
    (0..ko.len())
        .map(|n| {
            let recent =
                |flags: &[bool], back: usize| flags[n.saturating_sub(back)..=n].iter().any(|&f| f);
            recent(&ko, 3) || recent(&tension, 1)
        })
        .collect()
}

/// The `::go` of a segment.
fn emit_go(out: &mut Out, game: &Game<'_, '_>, segments: &[Segment], k: usize, size: BoardSize) {
    let s = &segments[k];
    let mut go = Element::new("go");
    if let Some(id) = &s.id {
        go = go.with_id(id);
    }
    if k == 0 {
        if size != BoardSize::STANDARD {
            go.set_attribute("sz", &size.cols.to_string());
        }
    } else {
        go.set_attribute("base", segments[k - 1].id.as_deref().unwrap_or("none"));
        go.set_attribute("at", "end");
    }
    if !s.ae.is_empty() {
        go.set_attribute("ae", &list(&s.ae, size));
    }
    if !s.ab.is_empty() {
        go.set_attribute("ab", &list(&s.ab, size));
    }
    if !s.aw.is_empty() {
        go.set_attribute("aw", &list(&s.aw, size));
    }
    let sets_up = !s.ab.is_empty() || !s.aw.is_empty();
    match s.pl {
        Some(Color::White) => go.set_attribute("pl", "w"),
        Some(Color::Black) if sets_up || k > 0 => go.set_attribute("pl", "b"),
        None if sets_up && k == 0 => go.set_attribute("pl", "b"),
        _ => {}
    }
    if k > 0 {
        go.set_attribute("mn", &s.mn.to_string());
    }
    if !s.tokens.is_empty() {
        go.set_attribute("mv", &tokens(&s.tokens, size));
    }
    if k == 0 {
        let root = info_node(game);
        for (id, attribute, _) in GAME_INFO {
            if let Some(v) = root.simple_text(id) {
                let v = v.trim();
                if !v.is_empty() {
                    go.set_attribute(attribute, v);
                }
            }
        }
    }
    out.push(go);
}

fn tokens(tokens: &[Token], size: BoardSize) -> String {
    tokens
        .iter()
        .map(|t| {
            t.point
                .map_or_else(|| "Pass".to_owned(), |p| p.to_standard(size))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where a variation starts.
enum Start {
    /// In the game: a `::dia` at move `at` of the Go data (`base` when it
    /// is not the most recent).
    Game {
        at: u32,
        to_play: Color,
        base: Option<String>,
        vw: Option<String>,
    },
    /// In a diagram: a `::var` at move `at` of the diagram `base`.
    Diagram {
        at: u32,
        to_play: Color,
        base: String,
    },
}

/// How many moves the rules forbid a chapter sets up as positions (each a
/// `::go` or a diagram of its own); past them its line stops (a record of
/// thousands, as a board filled over and over, is no game to print).
const MAX_SET_UP_MOVES: usize = 16;

/// A variation waiting to be written: its first node and where it starts.
struct Pending<'c, 'i> {
    node: Node<'c, 'i>,
    start: Start,
    /// The position it starts from.
    board: Board,
}

/// Writes the variation that starts at `first` as a diagram, its comments
/// after it, then its own variations as `::var`s (depth first, with an
/// explicit stack).
fn variations(
    out: &mut Out,
    first: Node<'_, '_>,
    start: Start,
    board: Board,
    size: BoardSize,
    dia_number: &mut u32,
    set_up_moves: &mut usize,
) {
    let mut stack = vec![Pending {
        node: first,
        start,
        board,
    }];
    while let Some(Pending {
        node,
        start,
        mut board,
    }) = stack.pop()
    {
        *dia_number += 1;
        let number = *dia_number;
        let (tag, at, mut expected) = match &start {
            Start::Game { at, to_play, .. } => ("dia", *at, *to_play),
            Start::Diagram { at, to_play, .. } => ("var", *at, *to_play),
        };
        // The line: first children from `node`.
        let mut line = vec![node];
        while let Some(next) = line.last().and_then(Node::first_child) {
            line.push(next);
        }
        let first_number = if tag == "dia" { 1 } else { at };
        let mut moves: Vec<Token> = Vec::new();
        let mut counted = 0u32;
        let mut marks = Marks::default();
        // The number of numbered moves before each node of the line.
        let mut before: Vec<u32> = Vec::with_capacity(line.len());
        let mut pl = None;
        let mut labels: Vec<Option<String>> = Vec::with_capacity(line.len());
        // Where the line is cut: a letter that would hide a number of the
        // diagram (or a move onto a letter, or two letters clashing) goes
        // to the next diagram, which continues the line, as books do.
        let mut cut = None;
        let mut played: HashSet<Point> = HashSet::new();
        // The position before each node with alternatives, and where the
        // line is cut.
        let mut positions: HashMap<usize, Board> = HashMap::new();
        // The first node's setup; an illegal first move adds its change.
        let mut first_setup: [Vec<Point>; 3] = Default::default();
        // Whether the first node's move is set up instead (illegal).
        let mut first_set_up = false;
        // Whether the line stops at a move the rules forbid, past the
        // number of them the book sets up.
        let mut stopped = false;
        for (k, n) in line.iter().enumerate() {
            if k > 0 {
                let node_marks = NodeMarks::of(n);
                let onto_letter = n
                    .get_move()
                    .and_then(|(_, p)| p)
                    .is_some_and(|p| marks.covers(p));
                let onto_move = node_marks.covering_points().any(|p| played.contains(&p));
                // A move the rules forbid goes to the next diagram, which
                // sets up the position after it.
                let illegal = n.get_move().is_some_and(|(c, p)| {
                    p.is_some_and(|p| size.contains(p) && board.check_move(c, p).is_err())
                });
                if illegal && *set_up_moves >= MAX_SET_UP_MOVES {
                    out.note(
                        codes::ILLEGAL_MOVE,
                        span_of(n, &["B", "W"]),
                        format!(
                            "more than {MAX_SET_UP_MOVES} moves the rules forbid: Dia. {number} stops before this one"
                        ),
                    );
                    stopped = true;
                    cut = Some(k);
                    break;
                }
                if onto_letter || onto_move || illegal || marks.conflicts(&node_marks) {
                    *set_up_moves += usize::from(illegal);
                    positions.insert(k, board.clone());
                    cut = Some(k);
                    break;
                }
                if n.next_sibling().is_some() {
                    positions.insert(k, board.clone());
                }
            } else {
                first_setup = node_setup(out, n, true);
                apply_setup(&mut board, &first_setup);
            }
            before.push(counted);
            if k > 0 && ["AB", "AW", "AE", "PL"].iter().any(|id| n.has(id)) {
                out.note(
                    codes::SETUP_IN_VARIATION,
                    span_of(n, &["AB", "AW", "AE", "PL"]),
                    format!("setup in a variation after its first node: not in Dia. {number}"),
                );
            }
            if k == 0 {
                // Who plays first: `PL`, else the first move; `pl` says
                // so when it is not whom the position gives.
                let first = match n.get("PL") {
                    Some(Ok(Value::Color(c))) => Some(c),
                    _ => line.iter().find_map(|n| n.get_move()).map(|(c, _)| c),
                };
                if let Some(c) = first.filter(|&c| c != expected) {
                    expected = c;
                    pl = Some(c);
                }
            }
            let mut label = None;
            let mut mv = n.get_move();
            if let Some((color, Some(p))) = mv
                && size.contains(p)
            {
                match board.check_move(color, p) {
                    Ok(()) => {
                        board.play_anyway(color, p);
                    }
                    // Only the first node's: later ones cut the line.
                    Err(why) => {
                        let change = illegal_as_setup(out, n, &mut board, (color, p), why, size);
                        for (all, more) in first_setup.iter_mut().zip(change) {
                            all.retain(|q| !more.contains(q));
                            all.extend(more);
                        }
                        expected = color.opponent();
                        if k == 0 && n.get("PL").is_none() {
                            pl = Some(expected);
                        }
                        first_set_up = true;
                        mv = None;
                    }
                }
            } else if mv.is_some() {
                board.pass();
            }
            if let Some((color, point)) = mv {
                if color != expected {
                    moves.push(Token {
                        color: expected,
                        point: None,
                        number: None,
                    });
                }
                let num = point.map(|_| {
                    counted += 1;
                    first_number + counted - 1
                });
                moves.push(Token {
                    color,
                    point,
                    number: num,
                });
                if let (Some(p), Some(_)) = (point, num) {
                    played.insert(p);
                }
                label = Some(move_label(color, num));
                expected = color.opponent();
            }
            if marks.add(&NodeMarks::of(n)) > 0 {
                out.note(
                    codes::MARK_CONFLICT,
                    span_of(n, &["LB", "TR", "SQ", "CR", "MA", "TB", "TW"]),
                    format!("two marks on one point, or one letter on two points: the first is shown in Dia. {number}"),
                );
            }
            // A mark on the move just played: in the text, after its name.
            if let Some((color, Some(p))) = n.get_move() {
                let taken = marks.take_from_move(p, color);
                if !taken.is_empty() {
                    out.note(
                        codes::MARK_CONFLICT,
                        span_of(n, &["LB", "TR", "SQ", "CR", "MA"]),
                        format!(
                            "{} on the move just played in Dia. {number}: its number is shown, the mark is written after the move's name",
                            taken.join(", ")
                        ),
                    );
                    label = label.map(|l| marked_label(l, &taken));
                }
            }
            labels.push(label);
        }
        let continuation = cut.filter(|_| !stopped).map(|k| line[k]);
        if let Some(k) = cut {
            line.truncate(k);
        }
        if marks.remove_labels(&played) > 0 {
            out.note(
                codes::MARK_CONFLICT,
                span_of(&node, &["LB"]),
                format!("a letter on a move of Dia. {number} would hide its number: left out"),
            );
        }
        let has_children =
            continuation.is_some() || line.iter().skip(1).any(|n| n.next_sibling().is_some());
        let mut e = Element::new(tag);
        let id = format!("dia{number}");
        if has_children {
            e = e.with_id(&id);
        }
        match &start {
            Start::Game { base, .. } => {
                if let Some(base) = base {
                    e.set_attribute("base", base);
                }
            }
            Start::Diagram { base, .. } => e.set_attribute("base", base),
        }
        e.set_attribute("at", &at.to_string());
        for (attribute, points) in ["ae", "ab", "aw"].into_iter().zip(&first_setup) {
            if !points.is_empty() {
                e.set_attribute(attribute, &list(points, size));
            }
        }
        if let Some(c) = pl {
            e.set_attribute("pl", if c == Color::Black { "b" } else { "w" });
        }
        if !moves.is_empty() {
            e.set_attribute("mv", &tokens(&moves, size));
        }
        if let Start::Game { vw: Some(vw), .. } = &start {
            e.set_attribute("vw", vw);
        }
        marks.write(&mut e, size);
        let mut caption = format!("Dia. {number}");
        if let Some(name) = node.simple_text("N").filter(|n| !n.trim().is_empty()) {
            caption = format!("{caption}: {}", name.trim());
        }
        e.set_attribute("ca", &one_line(&caption));
        let element = out.push(e);
        out.lines.push(Line {
            element,
            nodes: line
                .iter()
                .skip(usize::from(first_set_up))
                .filter(|n| n.get_move().is_some_and(|(_, p)| p.is_some()))
                .map(Node::id)
                .collect(),
        });
        for (k, n) in line.iter().enumerate() {
            if k > 0
                && let Some(name) = n.simple_text("N").filter(|t| !t.trim().is_empty())
            {
                out.push(Element::new("h5").with_value(&one_line(&name)));
            }
            for p in node_paragraphs(n, labels[k].as_deref(), size) {
                out.push_comment(Element::paragraph(&p), n.id());
            }
        }
        // Sub-variations, in line order (pushed in reverse: a stack); the
        // rest of a cut line first, then its alternatives.
        let mut subs = Vec::new();
        if let Some(rest) = continuation {
            let at = first_number + counted;
            let to_play = to_play_before(&moves, at, pl.unwrap_or(expected_first(&start)));
            let k = line.len();
            for n in std::iter::once(rest).chain(siblings_after(rest)) {
                subs.push(Pending {
                    node: n,
                    start: Start::Diagram {
                        at,
                        to_play,
                        base: id.clone(),
                    },
                    board: positions[&k].clone(),
                });
            }
        }
        for (k, n) in line.iter().enumerate().skip(1) {
            for alternative in siblings_after(*n) {
                let at = first_number + before[k];
                let to_play = to_play_before(&moves, at, pl.unwrap_or(expected_first(&start)));
                subs.push(Pending {
                    node: alternative,
                    start: Start::Diagram {
                        at,
                        to_play,
                        base: id.clone(),
                    },
                    board: positions[&k].clone(),
                });
            }
        }
        stack.extend(subs.into_iter().rev());
    }
}

/// A node's setup stones (`AE`, `AB`, `AW`), without the point its own move
/// plays: the move puts a stone there, and setting one up first would make
/// the move illegal. Said when it was there.
fn node_setup(out: &mut Out, n: &Node<'_, '_>, with_ae: bool) -> [Vec<Point>; 3] {
    let own = n.get_move().and_then(|(_, p)| p);
    let mut dropped = false;
    let mut points = |id: &str| {
        let mut all = n.points(id);
        let before = all.len();
        all.retain(|p| Some(*p) != own);
        dropped |= all.len() != before;
        all
    };
    let setup = [
        if with_ae { points("AE") } else { Vec::new() },
        points("AB"),
        points("AW"),
    ];
    if dropped {
        out.note(
            codes::SETUP_ON_MOVE,
            span_of(n, &["AB", "AW", "AE"]),
            "setup of the point the node's own move plays: left out (the move puts its stone there)".to_owned(),
        );
    }
    setup
}

/// Sets up `ae`, `ab`, `aw` on the board.
fn apply_setup(board: &mut Board, [ae, ab, aw]: &[Vec<Point>; 3]) {
    let mut setup = board.setup();
    for p in ae {
        setup.set(*p, None);
    }
    for p in ab {
        setup.set(*p, Some(Color::Black));
    }
    for p in aw {
        setup.set(*p, Some(Color::White));
    }
}

/// Plays a move the rules forbid on the board anyway (as SGF editors show
/// it) and says it at its node; the change as setup (`ae`, `ab`, `aw`).
fn illegal_as_setup(
    out: &mut Out,
    n: &Node<'_, '_>,
    board: &mut Board,
    (color, p): (Color, Point),
    why: kifu_board::IllegalMove,
    size: BoardSize,
) -> [Vec<Point>; 3] {
    let before = board.clone();
    board.play_anyway(color, p);
    let mut change: [Vec<Point>; 3] = Default::default();
    for y in 0..size.rows {
        for x in 0..size.cols {
            let q = Point::new(x, y);
            let now = board.get(q);
            if now != before.get(q) {
                let k = match now {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                };
                change[k].push(q);
            }
        }
    }
    out.note(
        codes::ILLEGAL_MOVE,
        span_of(n, &["B", "W"]),
        format!("an illegal move ({why}): the book sets up the position after it instead"),
    );
    change
}

fn expected_first(start: &Start) -> Color {
    match start {
        Start::Game { to_play, .. } | Start::Diagram { to_play, .. } => *to_play,
    }
}

/// Who plays before move `at` of a diagram's moves (numbered from
/// `first_number`), as the resolver reads it.
fn to_play_before(moves: &[Token], at: u32, start: Color) -> Color {
    let index = moves
        .iter()
        .position(|t| t.number.is_some_and(|n| n >= at))
        .unwrap_or(moves.len());
    match index.checked_sub(1) {
        Some(i) => moves[i].color.opponent(),
        None => start,
    }
}

/// The siblings after `node`, in order.
fn siblings_after<'c, 'i>(node: Node<'c, 'i>) -> Vec<Node<'c, 'i>> {
    let mut out = Vec::new();
    let mut next = node.next_sibling();
    while let Some(n) = next {
        next = n.next_sibling();
        out.push(n);
    }
    out
}

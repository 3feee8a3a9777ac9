//! Problem collections as problem chapters: each problem a `::prb` (the
//! setup, who plays, the view cropped to the stones, the problem text, its
//! `correct` and `wrong` sequences with the feedback texts), then a chapter
//! of answers with a `::dia` per line.
//!
//! A problem is each game of a collection; a file of one game whose root
//! sets up no stones holds one problem per child of the root. Which lines
//! are correct (see `docs/creating-books.md`): a line with a comment that
//! says so ("Correct", "RIGHT", "正解", ...) or a `TE` on a move is
//! correct, one with "Wrong", "Incorrect", "失敗"..., or a `BM`, wrong; when
//! some line is correct the others are wrong; a tree of one line is
//! correct; else the first line is taken as correct and a note says so.

use kifu_board::{BoardSize, Color, Point};
use kifu_sgf::props::Value;
use kifu_sgf::{Game, Node};

use super::codes;
use super::marks::{Marks, NodeMarks, list};
use super::out::{Line, Out};
use super::prose::{literal, marked_label, move_label, node_paragraphs, one_line, paragraphs};
use crate::document::Element;

/// Words that mark a line correct, lowercase.
const CORRECT: [&str; 8] = [
    "correct", "right", "正解", "正确", "정답", "bien", "richtig", "juste",
];
/// Words that mark a line wrong, lowercase (checked first: "incorrect").
const WRONG: [&str; 9] = [
    "wrong",
    "incorrect",
    "fail",
    "失敗",
    "失败",
    "错误",
    "誤り",
    "실패",
    "faux",
];

/// The codes of the standard texts a problem text may be.
const STANDARD: [&str; 22] = [
    "tp", "tn", "tk", "tl", "tc", "tf", "tu", "to", "tx", "tr", "ti", "ta", "td", "te", "ts", "tw",
    "twf", "twd", "tgk", "tgr", "tpe", "tms",
];
const LANGUAGES: [&str; 12] = [
    "en", "de", "fr", "ja", "ko", "cn", "tw", "es", "it", "nl", "ru", "pt",
];

/// What a comment says of its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Correct,
    Wrong,
}

fn word_in(text: &str, word: &str) -> bool {
    if !word.is_ascii() {
        return text.contains(word);
    }
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w == word)
}

/// What a node says of its line, in a problem that `player` solves.
fn verdict(node: &Node<'_, '_>, player: Color) -> Option<Verdict> {
    if let Some(c) = node.text("C") {
        let lower = c.to_lowercase();
        if WRONG.iter().any(|w| word_in(&lower, w)) {
            return Some(Verdict::Wrong);
        }
        if CORRECT.iter().any(|w| word_in(&lower, w)) {
            return Some(Verdict::Correct);
        }
    }
    if node.has("BM") {
        return Some(Verdict::Wrong);
    }
    if node.has("TE") {
        return Some(Verdict::Correct);
    }
    // A judgement for the player who solves it (glift's collections mark
    // their correct lines `GB` in Black's problems), or against.
    let (good, bad) = match player {
        Color::Black => ("GB", "GW"),
        Color::White => ("GW", "GB"),
    };
    if node.has(good) {
        return Some(Verdict::Correct);
    }
    if node.has(bad) {
        return Some(Verdict::Wrong);
    }
    None
}

/// The standard text (`#btp#`) a problem text is, if it is one.
fn standard(text: &str) -> Option<String> {
    let norm = |t: &str| {
        t.trim()
            .trim_end_matches(['.', '。', '!', '！'])
            .trim()
            .to_lowercase()
    };
    let wanted = norm(text);
    if wanted.is_empty() {
        return None;
    }
    for code in STANDARD {
        for player in ["b", "w"] {
            let full = format!("{player}{code}");
            for lang in LANGUAGES {
                if let Some(t) = crate::text::standard_text(&full, lang, None)
                    && t.language == lang
                    && norm(&t.text) == wanted
                {
                    return Some(format!("#{full}#"));
                }
            }
        }
    }
    None
}

/// A problem: where its setup is and the solution tree under it.
struct Problem<'c, 'i> {
    setup: Node<'c, 'i>,
    /// The game's root, for the name and view.
    root: Node<'c, 'i>,
    size: BoardSize,
}

/// A line of the solution tree: its nodes, from the first move to a leaf.
type Path<'c, 'i> = Vec<Node<'c, 'i>>;

/// At most this many nodes in all the lines of one problem: a tree of a
/// long line with a branch at every node has lines of quadratic total
/// length. Past it the rest of the tree is left out, with a note.
pub(crate) const MAX_LINE_NODES: usize = 200_000;

/// Every root-to-leaf path under `node` (explicit stack; in tree order),
/// and whether [`MAX_LINE_NODES`] cut them short.
fn paths<'c, 'i>(node: Node<'c, 'i>) -> (Vec<Path<'c, 'i>>, bool) {
    let mut total = 0usize;
    let mut out = Vec::new();
    let mut stack: Vec<(Node<'c, 'i>, usize)> = Vec::new();
    let mut current: Path<'c, 'i> = Vec::new();
    let children: Vec<_> = node.children().collect();
    for c in children.into_iter().rev() {
        stack.push((c, 0));
    }
    while let Some((n, depth)) = stack.pop() {
        current.truncate(depth);
        current.push(n);
        let children: Vec<_> = n.children().collect();
        if children.is_empty() {
            total += current.len();
            if total > MAX_LINE_NODES {
                return (out, true);
            }
            out.push(current.clone());
        }
        for c in children.into_iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    (out, false)
}

/// The problems of a collection.
fn problems<'c, 'i>(games: &[Game<'c, 'i>]) -> Vec<Problem<'c, 'i>> {
    let mut out = Vec::new();
    for g in games {
        let root = g.root();
        let size = g.board_size();
        let empty = !root.has("AB") && !root.has("AW");
        let children_set_up = root.children().any(|c| c.has("AB") || c.has("AW"));
        if games.len() == 1 && empty && children_set_up {
            for c in root.children() {
                out.push(Problem {
                    setup: c,
                    root,
                    size,
                });
            }
        } else {
            out.push(Problem {
                setup: root,
                root,
                size,
            });
        }
    }
    out
}

/// The moves of a line from `start`'s player, as `mv` writes them: a
/// `Pass` put in where a colour repeats, then each move with its node.
fn line_moves<'c, 'i>(
    path: &[Node<'c, 'i>],
    start: Color,
    size: BoardSize,
) -> Vec<(String, Option<Node<'c, 'i>>)> {
    let mut out = Vec::new();
    let mut expected = start;
    for &n in path {
        let Some((color, point)) = n.get_move() else {
            continue;
        };
        if color != expected {
            out.push(("Pass".to_owned(), None));
        }
        out.push((
            point.map_or_else(|| "Pass".to_owned(), |p| p.to_standard(size)),
            Some(n),
        ));
        expected = color.opponent();
    }
    out
}

/// A sequence of moves from `start`'s player, with feedback texts: passes
/// where a colour repeats.
fn sequence(path: &[Node<'_, '_>], start: Color, size: BoardSize) -> String {
    let mut out = String::new();
    for (mv, node) in line_moves(path, start, size) {
        out.push_str(&mv);
        if let Some(c) = node.and_then(|n| n.text("C")) {
            let mut text = super::prose::sgf_points(&c, size)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if !balanced(&text) {
                text = text.replace('(', "[").replace(')', "]");
            }
            if !text.is_empty() {
                out.push('(');
                out.push_str(&text);
                out.push(')');
            }
        }
        out.push(' ');
    }
    out.trim_end().to_owned()
}

fn balanced(text: &str) -> bool {
    let mut depth = 0i32;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// The view of a problem: the root's `VW`, else the stones and moves with
/// a margin of two lines, out to the edge when it is close.
fn view(problem: &Problem<'_, '_>, stones: &[Point]) -> Option<String> {
    let size = problem.size;
    let vw = problem.root.points("VW");
    let points: &[Point] = if vw.is_empty() { stones } else { &vw };
    let x0 = points.iter().map(|p| p.x).min()?;
    let x1 = points.iter().map(|p| p.x).max()?;
    let y0 = points.iter().map(|p| p.y).min()?;
    let y1 = points.iter().map(|p| p.y).max()?;
    let (mut x0, mut x1, mut y0, mut y1) = (x0, x1, y0, y1);
    if vw.is_empty() {
        let grow = |lo: u8, hi: u8, max: u8| {
            let lo = if lo <= 3 { 0 } else { lo - 2 };
            let hi = if hi + 4 >= max { max - 1 } else { hi + 2 };
            (lo, hi)
        };
        (x0, x1) = grow(x0, x1, size.cols);
        (y0, y1) = grow(y0, y1, size.rows);
    }
    if x0 == 0 && y0 == 0 && x1 + 1 == size.cols && y1 + 1 == size.rows {
        return None;
    }
    Some(format!(
        "{}{}",
        Point::new(x0, y1).to_standard(size),
        Point::new(x1, y0).to_standard(size)
    ))
}

/// What a problem uses (the rest is noted).
const USED: [&str; 31] = [
    "B", "W", "AB", "AW", "AE", "PL", "C", "N", "LB", "TR", "SQ", "CR", "MA", "TB", "TW", "AR",
    "LN", "BM", "TE", "GB", "GW", "VW", "GN", "EV", "AN", "SO", "SZ", "GM", "FF", "CA", "AP",
];

/// Notes what the problems do not use: once per property, at its first
/// place, with how often.
fn note_unused(out: &mut Out, games: &[Game<'_, '_>]) {
    let mut seen: Vec<(String, kifu_diag::Span, usize)> = Vec::new();
    for g in games {
        for node in g.nodes() {
            for p in node.properties() {
                if USED.contains(&p.id()) || p.id() == "ST" {
                    continue;
                }
                match seen.iter_mut().find(|(id, _, _)| id == p.id()) {
                    Some(entry) => entry.2 += 1,
                    None => seen.push((p.id().to_owned(), p.span(), 1)),
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
            format!("`{id}`{times} has no place in a problem; left out"),
        );
    }
}

/// The problem chapter and the answers chapter.
pub(crate) fn chapters(out: &mut Out, games: &[Game<'_, '_>]) {
    note_unused(out, games);
    let all = problems(games);
    out.push(Element::new("chapter").with_id("problems"));
    out.push(Element::new("h2").with_value("Problems"));
    struct Answer<'c, 'i> {
        id: String,
        number: usize,
        lines: Vec<(Verdict, Path<'c, 'i>)>,
        start: Color,
        size: BoardSize,
        marks: Marks,
    }
    let mut answers = Vec::new();
    for (k, problem) in all.iter().enumerate() {
        let number = k + 1;
        let setup = &problem.setup;
        let size = problem.size;
        let mut ab = setup.points("AB");
        let mut aw = setup.points("AW");
        if setup.id() != problem.root.id() {
            // Stones of the root hold for every problem under it.
            ab.extend(problem.root.points("AB"));
            aw.extend(problem.root.points("AW"));
        }
        let (lines, cut_short) = paths(*setup);
        if cut_short {
            let span = setup
                .properties()
                .next()
                .map(|p| p.span())
                .unwrap_or_default();
            out.note(
                codes::NOT_IN_BOOK,
                span,
                format!("problem {number}: its lines pass {MAX_LINE_NODES} nodes in all; the rest are left out"),
            );
        }
        let first_move = lines
            .iter()
            .flat_map(|l| l.iter())
            .find_map(|n| n.get_move())
            .map(|(c, _)| c);
        let start = match setup.get("PL") {
            Some(Ok(Value::Color(c))) => c,
            _ => first_move.unwrap_or(Color::Black),
        };
        if ab.is_empty() && aw.is_empty() {
            let span = setup
                .properties()
                .next()
                .map(|p| p.span())
                .unwrap_or_default();
            out.note(
                codes::EMPTY_PROBLEM,
                span,
                format!("problem {number} sets up no stones; left out"),
            );
            continue;
        }
        // Verdicts per line.
        let mut verdicts: Vec<Option<Verdict>> = lines
            .iter()
            .map(|l| {
                let mut v = None;
                for n in l {
                    if let Some(found) = verdict(n, start) {
                        v = Some(found);
                    }
                }
                v
            })
            .collect();
        let any_correct = verdicts.contains(&Some(Verdict::Correct));
        if lines.is_empty() {
            let span = setup
                .properties()
                .next()
                .map(|p| p.span())
                .unwrap_or_default();
            out.note(
                codes::NO_CORRECT_LINE,
                span,
                format!("problem {number}: the SGF gives no solution; it has no answer"),
            );
        }
        if !any_correct && !lines.is_empty() {
            if lines.len() == 1 && verdicts[0].is_none() {
                verdicts[0] = Some(Verdict::Correct);
            } else {
                let span = setup
                    .properties()
                    .next()
                    .map(|p| p.span())
                    .unwrap_or_default();
                out.note(
                    codes::NO_CORRECT_LINE,
                    span,
                    format!("problem {number}: no line says it is correct; the first is taken as correct"),
                );
                verdicts[0] = Some(Verdict::Correct);
            }
        }
        let lines: Vec<(Verdict, Path<'_, '_>)> = lines
            .into_iter()
            .zip(verdicts)
            .map(|(l, v)| (v.unwrap_or(Verdict::Wrong), l))
            .filter(|(_, l)| l.iter().any(|n| n.get_move().is_some()))
            .collect();
        let mut stones: Vec<Point> = ab.iter().chain(&aw).copied().collect();
        for (_, l) in &lines {
            stones.extend(l.iter().filter_map(|n| n.get_move().and_then(|(_, p)| p)));
        }
        let id = format!("p{number}");
        out.push(Element::new("h4").with_value(&format!("#Problem# {number}")));
        let mut prb = Element::new("prb").with_id(&id);
        if size != BoardSize::STANDARD {
            prb.set_attribute("sz", &size.cols.to_string());
        }
        if !ab.is_empty() {
            prb.set_attribute("ab", &list(&ab, size));
        }
        if !aw.is_empty() {
            prb.set_attribute("aw", &list(&aw, size));
        }
        prb.set_attribute("pl", if start == Color::Black { "b" } else { "w" });
        if let Some(vw) = view(problem, &stones) {
            prb.set_attribute("vw", &vw);
        }
        let mut marks = Marks::default();
        marks.add(&NodeMarks::of(setup));
        marks.write(&mut prb, size);
        for verdict in [Verdict::Correct, Verdict::Wrong] {
            let value: Vec<String> = lines
                .iter()
                .filter(|(v, _)| *v == verdict)
                .map(|(_, l)| sequence(l, start, size))
                .filter(|s| !s.is_empty())
                .collect();
            if !value.is_empty() {
                let name = if verdict == Verdict::Correct {
                    "correct"
                } else {
                    "wrong"
                };
                prb.set_attribute(name, &value.join(";"));
            }
        }
        let name = ["GN", "N", "EV"]
            .iter()
            .filter(|_| setup.id() == problem.root.id())
            .find_map(|id| problem.root.simple_text(id))
            .or_else(|| setup.simple_text("N"))
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty());
        if let Some(name) = name {
            prb.set_attribute("ca", &one_line(&name));
        }
        let mut text = setup
            .text("C")
            .map(|c| paragraphs(&c, size))
            .unwrap_or_default();
        let raw_first = setup
            .text("C")
            .map(|c| c.split("\n\n").next().unwrap_or_default().trim().to_owned());
        let first = match raw_first.as_deref().and_then(standard) {
            Some(code) => Some(code),
            None if text.is_empty() => None,
            None => Some(text[0].replace('\n', " ")),
        };
        if !text.is_empty() {
            text.remove(0);
        }
        if let Some(first) = first {
            prb.set_value(&first);
        }
        out.push_comment(prb, setup.id());
        for p in text {
            out.push_comment(Element::paragraph(&p), setup.id());
        }
        answers.push(Answer {
            id,
            number,
            lines,
            start,
            size,
            marks,
        });
    }
    if answers.iter().all(|a| a.lines.is_empty()) {
        return;
    }
    out.push(Element::new("chapter").with_id("answers"));
    out.push(Element::new("h2").with_value("Answers"));
    let mut dia = 0;
    for a in answers.iter().filter(|a| !a.lines.is_empty()) {
        out.push(Element::new("h4").with_value(&format!("#Answer# {}", a.number)));
        let mut written = std::collections::HashSet::new();
        for (verdict, line) in &a.lines {
            dia += 1;
            let mut e = Element::new("dia")
                .with_attribute("base", &a.id)
                .with_attribute("at", "1");
            let mv = sequence_moves(line, a.start, a.size);
            e.set_attribute("mv", &mv);
            let mut marks = a.marks.clone();
            // A letter or symbol on a move of the line: the move's number
            // shows, the mark goes after the move's name in the text, as
            // figures have it.
            let mut taken: Vec<Vec<String>> = Vec::with_capacity(line.len());
            for n in line {
                marks.add(&NodeMarks::of(n));
                let on_move = match n.get_move() {
                    Some((color, Some(p))) => marks.take_from_move(p, color),
                    _ => Vec::new(),
                };
                if !on_move.is_empty() {
                    out.note(
                        codes::MARK_CONFLICT,
                        n.property("LB").map(|p| p.span()).unwrap_or_default(),
                        format!(
                            "{} on a move of Dia. {dia}: its number is shown, the mark is written after the move's name",
                            on_move.join(", ")
                        ),
                    );
                }
                taken.push(on_move);
            }
            let played: std::collections::HashSet<Point> = line
                .iter()
                .filter_map(|n| n.get_move().and_then(|(_, p)| p))
                .collect();
            if marks.remove_labels(&played) > 0 {
                let span = line
                    .iter()
                    .find(|n| n.has("LB"))
                    .and_then(|n| n.property("LB"))
                    .map(|p| p.span())
                    .unwrap_or_default();
                out.note(
                    codes::MARK_CONFLICT,
                    span,
                    format!("a letter on a move of Dia. {dia} would hide its number: left out"),
                );
            }
            marks.write(&mut e, a.size);
            let word = if *verdict == Verdict::Correct {
                "correct"
            } else {
                "wrong"
            };
            e.set_attribute("ca", &format!("Dia. {dia}: {word}"));
            let element = out.push(e);
            out.lines.push(Line {
                element,
                nodes: line
                    .iter()
                    .filter(|n| n.get_move().is_some_and(|(_, p)| p.is_some()))
                    .map(Node::id)
                    .collect(),
            });
            let mut number = 0;
            for (n, marks) in line.iter().zip(&taken) {
                let label = n.get_move().map(|(c, p)| {
                    let num = p.map(|_| {
                        number += 1;
                        number
                    });
                    marked_label(move_label(c, num), marks)
                });
                if !written.insert(n.id()) {
                    continue;
                }
                let mut texts = node_paragraphs(n, label.as_deref(), a.size);
                if texts.is_empty()
                    && !marks.is_empty()
                    && let Some(label) = &label
                {
                    // The mark has no other place to be said.
                    texts.push(format!("{label}."));
                }
                for p in texts {
                    out.push_comment(Element::paragraph(&p), n.id());
                }
            }
        }
    }
    let _ = literal;
}

/// A line's moves as `mv` (feedback texts left out).
fn sequence_moves(path: &[Node<'_, '_>], start: Color, size: BoardSize) -> String {
    let moves: Vec<String> = line_moves(path, start, size)
        .into_iter()
        .map(|(mv, _)| mv)
        .collect();
    moves.join(" ")
}

//! A resolved diagram told in words, for readers who cannot see the board:
//! a short text alternative (what kind of diagram, its caption, what it
//! shows) and a full description from which a listener can set up the
//! board and play the moves.
//!
//! The full description is a list of [`Part`]s, each a label and items:
//! the board and the part of it shown; for a problem, whose turn it is and
//! the question; the stones of each colour in standard coordinates
//! (`A1`-`T19`, the book's coordinates) grouped by corner, side and
//! centre; every move in order with its number and point (and the stones
//! it takes); the gaps line (the moves that could not be shown as
//! numbered stones); letters, texts and marks with their points; lines
//! and arrows. [`Description::text`] writes it as one line per part,
//! `Label: item; item.`, the form the tests read back to rebuild the
//! position. The words are English (a diagram's caption and problem text
//! are in the language asked for): the writers mark the description's
//! language.

use kifu_board::{BoardSize, Color, Point};

use super::figure;
use super::resolved::{ItemKind, Resolved};
use crate::meaning::coords::Move;
use crate::meaning::go_data::Mark;
use crate::meaning::model::DiagramKind;

/// The words of a diagram for a reader who cannot see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The short text alternative, e.g. "Figure, moves 1 to 16 played on
    /// an empty board." or "Dia. 1. Moves 1 to 2 played on 1 black stone."
    pub short: String,
    /// The full description, read in order.
    pub parts: Vec<Part>,
}

/// One part of a full description: "Black stones (3)" with its items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// What the items are.
    pub label: String,
    /// The items, in reading order.
    pub items: Vec<String>,
}

impl Description {
    /// The full description as text: one line per part,
    /// `Label: item; item.`
    ///
    /// ```
    /// let book = kifu_book::parse("::dia base=none sz=9 ab=C3 aw=G7 mv=\"D4 F6\" A=E5").value;
    /// let r = kifu_book::resolve::resolve(&book);
    /// let d = kifu_book::describe::describe(r.of_element(0).unwrap(), "en");
    /// let text = d.text();
    /// assert!(text.contains("Black stones (1): lower left corner C3."), "{text}");
    /// assert!(text.contains("Moves (2): Black 1 at D4; White 2 at F6."), "{text}");
    /// assert!(text.contains("Marks (1): letter A at E5."), "{text}");
    /// ```
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .map(|p| format!("{}: {}.\n", p.label, p.items.join("; ")))
            .collect()
    }
}

/// Where a point is, for grouping stones: the nine regions of the board,
/// in reading order.
const REGIONS: [&str; 9] = [
    "upper left corner",
    "upper side",
    "upper right corner",
    "left side",
    "centre",
    "right side",
    "lower left corner",
    "lower side",
    "lower right corner",
];

/// The region of `point`: the lines up to a third of the board from an
/// edge (6 on 19x19, 4 on 13x13, 3 on 9x9) make the sides and corners.
fn region(size: BoardSize, point: Point) -> usize {
    let zone = |at: u8, lines: u8| {
        let edge = (lines + 1) / 3;
        if at < edge {
            0
        } else if at >= lines - edge {
            2
        } else {
            1
        }
    };
    zone(point.y, size.rows) * 3 + zone(point.x, size.cols)
}

fn color_word(color: Color) -> &'static str {
    if color == Color::Black {
        "Black"
    } else {
        "White"
    }
}

fn kind_word(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Go => "Position",
        ItemKind::Diagram(DiagramKind::Fig) => "Figure",
        ItemKind::Diagram(DiagramKind::Var) => "Variation",
        ItemKind::Diagram(DiagramKind::Prb) => "Problem",
        ItemKind::Diagram(DiagramKind::Dia) | ItemKind::Inline => "Diagram",
    }
}

/// The name a mark is read by.
pub fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Triangle => "triangle",
        Mark::Cross => "cross",
        Mark::Square => "square",
        Mark::Diamond => "diamond",
        Mark::Circle => "circle",
        Mark::BlackArea => "black territory",
        Mark::WhiteArea => "white territory",
    }
}

/// The description of a resolved item; `lang` chooses the caption and
/// the problem text.
pub fn describe(item: &Resolved, lang: &str) -> Description {
    let size = item.size;
    let mut parts = vec![Part {
        label: "Board".to_owned(),
        items: vec![board_item(item)],
    }];
    if item.kind == ItemKind::Diagram(DiagramKind::Prb) {
        parts.push(Part {
            label: "Problem".to_owned(),
            items: problem_items(item, lang),
        });
    }
    for color in [Color::Black, Color::White] {
        let points: Vec<Point> = item
            .start
            .stones()
            .filter(|(_, c)| *c == color)
            .map(|(p, _)| p)
            .collect();
        if points.is_empty() {
            continue;
        }
        parts.push(Part {
            label: format!("{} stones ({})", color_word(color), points.len()),
            items: stones_by_region(size, points),
        });
    }
    if !item.moves.is_empty() {
        parts.push(Part {
            label: format!("Moves ({})", item.moves.len()),
            items: item.moves.iter().map(|m| move_item(m, size)).collect(),
        });
    }
    if let Some(gaps) = figure::gaps(item) {
        parts.push(Part {
            label: "Not shown as numbered stones".to_owned(),
            items: vec![gaps],
        });
    }
    let marks = mark_items(item);
    if !marks.is_empty() {
        parts.push(Part {
            label: format!("Marks ({})", marks.len()),
            items: marks,
        });
    }
    if let Some(d) = &item.diagram {
        let from_to = |(a, b): &(Point, Point)| {
            format!("from {} to {}", a.to_standard(size), b.to_standard(size))
        };
        for (label, list) in [("Lines", &d.lines), ("Arrows", &d.arrows)] {
            if !list.is_empty() {
                parts.push(Part {
                    label: format!("{label} ({})", list.len()),
                    items: list.iter().map(from_to).collect(),
                });
            }
        }
    }
    Description {
        short: short_text(item, lang),
        parts,
    }
}

/// "Dia. 1. Moves 1 to 2 played on 1 black stone." for a diagram with a
/// caption of its own (`ca`); "Figure, moves 1 to 16 played on an empty
/// board." without one (the generated caption would only repeat the
/// moves or the turn).
fn short_text(item: &Resolved, lang: &str) -> String {
    let count = |c: Color| item.start.stones().filter(|(_, s)| *s == c).count();
    let position = match (count(Color::Black), count(Color::White)) {
        (0, 0) => "an empty board".to_owned(),
        (b, 0) => stones_count(b, "black"),
        (0, w) => stones_count(w, "white"),
        (b, w) => format!(
            "{} and {}",
            stones_count(b, "black"),
            stones_count(w, "white")
        ),
    };
    let mut what = match item.number_range() {
        Some((first, last)) if first != last => {
            format!("moves {first} to {last} played on {position}")
        }
        Some((first, _)) => format!("move {first} played on {position}"),
        None => position,
    };
    let to_play = format!("{} to play", color_word(item.to_play));
    let own_caption = figure::caption(item, lang).filter(|_| !item.captions.is_empty());
    let said = own_caption.as_ref().is_some_and(|c| c.contains(&to_play));
    if item.kind == ItemKind::Diagram(DiagramKind::Prb) && !said {
        what.push_str(&format!(", {to_play}"));
    }
    match own_caption {
        Some(caption) => {
            if let Some(first) = what.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            format!("{}. {what}.", caption.trim_end_matches('.'))
        }
        None => format!("{}, {what}.", kind_word(item.kind)),
    }
}

fn stones_count(n: usize, color: &str) -> String {
    match n {
        1 => format!("1 {color} stone"),
        n => format!("{n} {color} stones"),
    }
}

/// "19 by 19 board, all of it shown", or the columns and rows in view.
fn board_item(item: &Resolved) -> String {
    let size = item.size;
    let mut out = format!("{} by {} board", size.cols, size.rows);
    match item.view {
        Some(v)
            if v.top_left != Point::new(0, 0)
                || v.bottom_right != Point::new(size.cols - 1, size.rows - 1) =>
        {
            out.push_str(&format!(
                ", showing columns {} to {} and rows {} to {}",
                kifu_board::coord::column_name(v.top_left.x),
                kifu_board::coord::column_name(v.bottom_right.x),
                size.rows - v.bottom_right.y,
                size.rows - v.top_left.y,
            ));
        }
        _ => out.push_str(", all of it shown"),
    }
    out
}

/// Whose turn it is, then the question (the problem's text).
fn problem_items(item: &Resolved, lang: &str) -> Vec<String> {
    let mut items = vec![format!("{} to play", color_word(item.to_play))];
    if let Some(text) = item
        .problem_text
        .as_deref()
        .filter(|t| !t.trim().is_empty())
    {
        let fields = crate::text::Fields {
            player: Some(item.to_play),
            ..crate::text::Fields::default()
        };
        let expanded = crate::text::expand_standard_texts(text, lang, &fields).0;
        let plain = crate::text::parse(&expanded).plain_text();
        let question = plain.split_whitespace().collect::<Vec<_>>().join(" ");
        let question = question.trim_end_matches('.');
        // "Black to play." as the whole question says the turn again.
        if question != items[0] {
            items.push(question.to_owned());
        }
    }
    items
}

/// "upper left corner C16, D17", one item per region that has stones.
fn stones_by_region(size: BoardSize, mut points: Vec<Point>) -> Vec<String> {
    points.sort_by_key(|p| (p.x, size.rows - p.y));
    REGIONS
        .iter()
        .enumerate()
        .filter_map(|(r, name)| {
            let here: Vec<String> = points
                .iter()
                .filter(|p| region(size, **p) == r)
                .map(|p| p.to_standard(size))
                .collect();
            (!here.is_empty()).then(|| format!("{name} {}", here.join(", ")))
        })
        .collect()
}

/// "Black 1 at D4", "White 2 at E4, takes D4", "Black 3 elsewhere",
/// "White passes".
fn move_item(m: &super::resolved::SequenceMove, size: BoardSize) -> String {
    let who = color_word(m.color);
    let numbered = m.number.map_or(String::new(), |n| format!(" {n}"));
    let mut out = match m.mv {
        Move::Play(p) => format!("{who}{numbered} at {}", p.to_standard(size)),
        Move::Tenuki => format!("{who}{numbered} elsewhere"),
        Move::Pass => format!("{who}{numbered} passes"),
    };
    if !m.captured.is_empty() {
        let taken: Vec<String> = m.captured.iter().map(|p| p.to_standard(size)).collect();
        out.push_str(&format!(", takes {}", taken.join(" ")));
    }
    out
}

/// "letter A at D6", "text 23 at B5", "triangle at D4": letters, then
/// point texts, then marks, each in the order written.
fn mark_items(item: &Resolved) -> Vec<String> {
    let Some(d) = &item.diagram else {
        return Vec::new();
    };
    let size = item.size;
    let at = |p: &Point| p.to_standard(size);
    d.letters
        .iter()
        .map(|(c, p)| format!("letter {c} at {}", at(p)))
        .chain(
            d.point_texts
                .iter()
                .map(|(p, t)| format!("text {t} at {}", at(p))),
        )
        .chain(
            d.marks
                .iter()
                .map(|(m, p)| format!("{} at {}", mark_name(*m), at(p))),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_split_a_19_board_at_the_sixth_line() {
        let size = BoardSize::STANDARD;
        let at = |s: &str| REGIONS[region(size, Point::from_standard(s, size).unwrap())];
        assert_eq!(at("F14"), "upper left corner");
        assert_eq!(at("G14"), "upper side");
        assert_eq!(at("O19"), "upper right corner");
        assert_eq!(at("K10"), "centre");
        assert_eq!(at("A7"), "left side");
        assert_eq!(at("A6"), "lower left corner");
        assert_eq!(at("T1"), "lower right corner");
    }

    #[test]
    fn problems_say_whose_turn_and_the_question() {
        let book = crate::parse("::prb base=none sz=9 ab=C3 aw=D3 pl=w #wtk#").value;
        let r = crate::resolve::resolve(&book);
        let d = describe(r.of_element(0).unwrap(), "en");
        assert_eq!(d.parts[1].items, ["White to play", "White to kill"]);
        let book = crate::parse("::prb base=none sz=9 ab=C3 aw=D3 pl=b\nBlack to play.").value;
        let r = crate::resolve::resolve(&book);
        assert_eq!(
            describe(r.of_element(0).unwrap(), "en").parts[1].items,
            ["Black to play"]
        );
        assert!(d.short.starts_with("Problem"), "{}", d.short);
        assert_eq!(
            d.short,
            "Problem, 1 black stone and 1 white stone, White to play."
        );
        // A caption that says whose turn it is is not repeated.
        let book = crate::parse("::prb base=none sz=9 ab=C3 aw=D3 pl=w ca=\"Problem 4\"").value;
        let r = crate::resolve::resolve(&book);
        let d = describe(r.of_element(0).unwrap(), "en");
        assert_eq!(
            d.short,
            "Problem 4. White to play. 1 black stone and 1 white stone."
        );
    }
}

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
//! position. The words come from a table per language ([`words`]):
//! English, unless kifu has the language asked for (a diagram's caption
//! and problem text are in that language in any case); the writers mark
//! the description's language ([`Words::lang`]).

use kifu_board::{BoardSize, Color, Point};

use super::figure;
use super::resolved::{ItemKind, Resolved};
use crate::meaning::coords::Move;
use crate::meaning::go_data::Mark;
use crate::meaning::model::DiagramKind;

mod words;
pub use words::{Words, words};

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
            .map(|p| format!("{}: {}\n", p.label, closed(&p.items.join("; "))))
            .collect()
    }
}

/// `sentence` ended by a full stop, unless it ends with one already (or
/// with a question or exclamation mark: a problem's question).
pub fn closed(sentence: &str) -> String {
    if sentence.ends_with(['.', '?', '!', '。', '？', '！']) {
        sentence.to_owned()
    } else {
        format!("{sentence}.")
    }
}

/// The regions of the board a description groups stones by, in reading
/// order: upper left corner, upper side ... lower right corner (the
/// words' `region_0` to `region_8`).
const REGIONS: usize = 9;

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

/// `b` or `w`: the end of the keys of words that differ by colour.
fn color_key(color: Color) -> &'static str {
    if color == Color::Black { "b" } else { "w" }
}

fn kind_key(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Go => "kind_go",
        ItemKind::Diagram(DiagramKind::Fig) => "kind_fig",
        ItemKind::Diagram(DiagramKind::Var) => "kind_var",
        ItemKind::Diagram(DiagramKind::Prb) => "kind_prb",
        ItemKind::Diagram(DiagramKind::Dia) | ItemKind::Inline => "kind_dia",
    }
}

/// The short code of a mark (its SGF property in lower case: `tr`, `ma`,
/// `sq`, `rg` for the diamond, `cr`, `tb`, `tw`), which names its word
/// (`mark_tr`) and the mark in a page's data.
pub fn mark_code(mark: Mark) -> &'static str {
    match mark {
        Mark::Triangle => "tr",
        Mark::Cross => "ma",
        Mark::Square => "sq",
        Mark::Diamond => "rg",
        Mark::Circle => "cr",
        Mark::BlackArea => "tb",
        Mark::WhiteArea => "tw",
    }
}

/// The description of a resolved item; `lang` chooses the words (see
/// [`words`]: English when kifu has none in that language), the caption
/// and the problem text.
pub fn describe(item: &Resolved, lang: &str) -> Description {
    let w = words(lang);
    let size = item.size;
    let count = |n: usize| n.to_string();
    let mut parts = vec![Part {
        label: w.get("board").to_owned(),
        items: vec![board_item(w, item)],
    }];
    if item.kind == ItemKind::Diagram(DiagramKind::Prb) {
        parts.push(Part {
            label: w.get("problem").to_owned(),
            items: problem_items(w, item, lang),
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
            label: w.fill(
                &format!("stones_{}", color_key(color)),
                &[("count", &count(points.len()))],
            ),
            items: stones_by_region(w, size, points),
        });
    }
    if !item.moves.is_empty() {
        parts.push(Part {
            label: w.fill("moves", &[("count", &count(item.moves.len()))]),
            items: item.moves.iter().map(|m| move_item(w, m, size)).collect(),
        });
    }
    if let Some(gaps) = figure::gaps(item) {
        parts.push(Part {
            label: w.get("gaps").to_owned(),
            items: vec![gaps],
        });
    }
    let marks = mark_items(w, item);
    if !marks.is_empty() {
        parts.push(Part {
            label: w.fill("marks", &[("count", &count(marks.len()))]),
            items: marks,
        });
    }
    if let Some(d) = &item.diagram {
        let from_to = |(a, b): &(Point, Point)| {
            w.fill(
                "from_to",
                &[("from", &a.to_standard(size)), ("to", &b.to_standard(size))],
            )
        };
        for (key, list) in [("lines", &d.lines), ("arrows", &d.arrows)] {
            if !list.is_empty() {
                parts.push(Part {
                    label: w.fill(key, &[("count", &count(list.len()))]),
                    items: list.iter().map(from_to).collect(),
                });
            }
        }
    }
    Description {
        short: short_text(w, item, lang),
        parts,
    }
}

/// "Dia. 1. Moves 1 to 2 played on 1 black stone." for a diagram with a
/// caption of its own (`ca`); "Figure, moves 1 to 16 played on an empty
/// board." without one (the generated caption would only repeat the
/// moves or the turn).
fn short_text(w: &Words, item: &Resolved, lang: &str) -> String {
    let count = |c: Color| item.start.stones().filter(|(_, s)| *s == c).count();
    let stones = |n: usize, c: &str| match n {
        1 => w.get(&format!("stone_{c}")).to_owned(),
        n => w.fill(&format!("stones_count_{c}"), &[("count", &n.to_string())]),
    };
    let position = match (count(Color::Black), count(Color::White)) {
        (0, 0) => w.get("empty_board").to_owned(),
        (b, 0) => stones(b, "b"),
        (0, n) => stones(n, "w"),
        (b, n) => w.fill(
            "both_colors",
            &[("black", &stones(b, "b")), ("white", &stones(n, "w"))],
        ),
    };
    let mut what = match item.number_range() {
        Some((first, last)) if first != last => w.fill(
            "moves_played",
            &[
                ("first", &first.to_string()),
                ("last", &last.to_string()),
                ("position", &position),
            ],
        ),
        Some((first, _)) => w.fill(
            "move_played",
            &[("first", &first.to_string()), ("position", &position)],
        ),
        None => position,
    };
    let to_play = w.get(&format!("to_play_{}", color_key(item.to_play)));
    let own_caption = figure::caption(item, lang)
        .filter(|_| !item.captions.is_empty())
        .map(|c| crate::text::typography(&c, lang));
    let said = own_caption.as_ref().is_some_and(|c| c.contains(to_play));
    if item.kind == ItemKind::Diagram(DiagramKind::Prb) && !said {
        what = w.fill("with_turn", &[("what", &what), ("to_play", to_play)]);
    }
    match own_caption {
        Some(caption) => w.fill(
            "captioned",
            &[
                ("caption", caption.trim_end_matches('.')),
                ("what", &capitalized(&what)),
            ],
        ),
        None => w.fill(
            "uncaptioned",
            &[("kind", w.get(kind_key(item.kind))), ("what", &what)],
        ),
    }
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// "19 by 19 board, all of it shown", or the columns and rows in view.
fn board_item(w: &Words, item: &Resolved) -> String {
    let size = item.size;
    let (cols, rows) = (size.cols.to_string(), size.rows.to_string());
    match item.view {
        Some(v)
            if v.top_left != Point::new(0, 0)
                || v.bottom_right != Point::new(size.cols - 1, size.rows - 1) =>
        {
            w.fill(
                "board_part",
                &[
                    ("cols", &cols),
                    ("rows", &rows),
                    ("left", &kifu_board::coord::column_name(v.top_left.x)),
                    ("right", &kifu_board::coord::column_name(v.bottom_right.x)),
                    ("bottom", &(size.rows - v.bottom_right.y).to_string()),
                    ("top", &(size.rows - v.top_left.y).to_string()),
                ],
            )
        }
        _ => w.fill("board_all", &[("cols", &cols), ("rows", &rows)]),
    }
}

/// Whose turn it is, then the question (the problem's text).
fn problem_items(w: &Words, item: &Resolved, lang: &str) -> Vec<String> {
    let mut items = vec![
        w.get(&format!("to_play_{}", color_key(item.to_play)))
            .to_owned(),
    ];
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
        // As the reader sees it printed: with the language's typography.
        let mut rich = crate::text::parse(&expanded);
        rich.apply_typography(lang);
        let plain = rich.plain_text();
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
fn stones_by_region(w: &Words, size: BoardSize, mut points: Vec<Point>) -> Vec<String> {
    points.sort_by_key(|p| (p.x, size.rows - p.y));
    (0..REGIONS)
        .filter_map(|r| {
            let here: Vec<String> = points
                .iter()
                .filter(|p| region(size, **p) == r)
                .map(|p| p.to_standard(size))
                .collect();
            (!here.is_empty()).then(|| {
                w.fill(
                    "region_stones",
                    &[
                        ("region", w.get(&format!("region_{r}"))),
                        ("points", &here.join(", ")),
                    ],
                )
            })
        })
        .collect()
}

/// "Black 1 at D4", "White 2 at E4, takes D4", "Black 3 elsewhere",
/// "White passes".
fn move_item(w: &Words, m: &super::resolved::SequenceMove, size: BoardSize) -> String {
    move_words(w, m.color, m.number, m.mv, &m.captured, size)
}

/// A move in words: `color`'s move `number` (if numbered) at its point,
/// elsewhere or a pass, with the stones it takes: "Black 1 at D4",
/// "White 2 at E4, takes D4". The descriptions' moves, and an answer's.
pub fn move_words(
    w: &Words,
    color: Color,
    number: Option<u32>,
    mv: Move,
    captured: &[Point],
    size: BoardSize,
) -> String {
    let color = w.get(&format!("player_{}", color_key(color)));
    let player = match number {
        Some(n) => w.fill("numbered", &[("player", color), ("number", &n.to_string())]),
        None => color.to_owned(),
    };
    let played = match mv {
        Move::Play(p) => w.fill(
            "move_at",
            &[("player", &player), ("point", &p.to_standard(size))],
        ),
        Move::Tenuki => w.fill("move_elsewhere", &[("player", &player)]),
        Move::Pass => w.fill("move_pass", &[("player", &player)]),
    };
    if captured.is_empty() {
        return played;
    }
    let taken: Vec<String> = captured.iter().map(|p| p.to_standard(size)).collect();
    w.fill(
        "move_takes",
        &[("move", &played), ("points", &taken.join(" "))],
    )
}

/// "letter A at D6", "text 23 at B5", "triangle at D4": letters, then
/// point texts, then marks, each in the order written.
fn mark_items(w: &Words, item: &Resolved) -> Vec<String> {
    let Some(d) = &item.diagram else {
        return Vec::new();
    };
    let size = item.size;
    let at = |p: &Point| p.to_standard(size);
    d.letters
        .iter()
        .map(|(c, p)| w.fill("letter", &[("letter", &c.to_string()), ("point", &at(p))]))
        .chain(
            d.point_texts
                .iter()
                .map(|(p, t)| w.fill("text", &[("text", t), ("point", &at(p))])),
        )
        .chain(d.marks.iter().map(|(m, p)| {
            let name = w.get(&format!("mark_{}", mark_code(*m)));
            w.fill("mark", &[("mark", name), ("point", &at(p))])
        }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_split_a_19_board_at_the_sixth_line() {
        let size = BoardSize::STANDARD;
        let w = words("en");
        let at = |s: &str| {
            w.get(&format!(
                "region_{}",
                region(size, Point::from_standard(s, size).unwrap())
            ))
        };
        assert_eq!(at("F14"), "upper left corner");
        assert_eq!(at("G14"), "upper side");
        assert_eq!(at("O19"), "upper right corner");
        assert_eq!(at("K10"), "centre");
        assert_eq!(at("A7"), "left side");
        assert_eq!(at("A6"), "lower left corner");
        assert_eq!(at("T1"), "lower right corner");
    }

    #[test]
    fn a_book_in_german_is_described_in_german() {
        let book =
            crate::parse("::dia base=none sz=9 ab=C3 aw=G7 mv=\"D4 F6\" A=E5 tr=C3 ca=\"Dia. 1\"")
                .value;
        let r = crate::resolve::resolve(&book);
        let d = describe(r.of_element(0).unwrap(), "de-DE");
        assert_eq!(
            d.text(),
            "Brett: 9 mal 9 Linien, vollständig gezeigt.\n\
             Schwarze Steine (1): linke untere Ecke C3.\n\
             Weiße Steine (1): rechte obere Ecke G7.\n\
             Züge (2): Schwarz 1 auf D4; Weiß 2 auf F6.\n\
             Markierungen (2): Buchstabe A auf E5; Dreieck auf C3.\n"
        );
        assert_eq!(
            d.short,
            "Dia. 1. Züge 1 bis 2, Ausgangsstellung: 1 schwarzer Stein und 1 weißer Stein."
        );
        // A language kifu has no words for: English.
        let d = describe(r.of_element(0).unwrap(), "nl");
        assert!(d.text().starts_with("Board: 9 by 9 board"), "{}", d.text());
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

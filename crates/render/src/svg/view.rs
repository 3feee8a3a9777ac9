//! What a diagram shows, independent of how it is drawn: built from a
//! resolved Go book item or from a position of an SGF game.

use std::fmt;

use kifu_board::{Board, BoardSize, Color, Point};
use kifu_book::coords::Move;
use kifu_book::figure::{self, Figure};
use kifu_book::go_data::Mark;
use kifu_book::model::DiagramKind;
use kifu_book::resolve::{ItemKind, Resolved, SequenceMove, Source};

/// A stone in a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    /// Where.
    pub point: Point,
    /// Its colour.
    pub color: Color,
    /// The move number printed on it, if any.
    pub number: Option<u32>,
}

/// A mark on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkKind {
    /// `tr`, SGF `TR`.
    Triangle,
    /// `ma`, SGF `MA`.
    Cross,
    /// `sq`, SGF `SQ`.
    Square,
    /// `rg` (diamond; SGF has none).
    Diamond,
    /// `cr`, SGF `CR`: a dot on an empty point, a circle on a stone.
    Circle,
    /// `tb`, SGF `TB`: black territory.
    BlackArea,
    /// `tw`, SGF `TW`: white territory.
    WhiteArea,
}

impl From<Mark> for MarkKind {
    fn from(m: Mark) -> Self {
        match m {
            Mark::Triangle => MarkKind::Triangle,
            Mark::Cross => MarkKind::Cross,
            Mark::Square => MarkKind::Square,
            Mark::Diamond => MarkKind::Diamond,
            Mark::Circle => MarkKind::Circle,
            Mark::BlackArea => MarkKind::BlackArea,
            Mark::WhiteArea => MarkKind::WhiteArea,
        }
    }
}

/// Which coordinates are drawn around the board (the `coord` systems).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Coordinates {
    /// None.
    #[default]
    None,
    /// `A`-`T` (no `I`) and 1-19 from the bottom.
    Standard,
    /// SGF letters `a`-`s` from the top left.
    Sgf,
    /// Japanese: columns 1-19, rows in kanji numerals.
    J1,
    /// Iroha: columns 1-19, rows in iroha order.
    J2,
    /// Segoe's tsumego dictionary: columns in kanji, rows 1-19.
    J3,
}

impl Coordinates {
    /// The coordinates a `coord` attribute (or a `--coord` option) names;
    /// `none`, `auto` (the reader's choice) and unknown names draw none.
    pub fn from_attribute(coord: &str) -> Coordinates {
        match coord {
            "standard" => Coordinates::Standard,
            "sgf" => Coordinates::Sgf,
            "j1" => Coordinates::J1,
            "j2" => Coordinates::J2,
            "j3" => Coordinates::J3,
            _ => Coordinates::None,
        }
    }

    /// The attribute value.
    pub fn name(self) -> &'static str {
        match self {
            Coordinates::None => "none",
            Coordinates::Standard => "standard",
            Coordinates::Sgf => "sgf",
            Coordinates::J1 => "j1",
            Coordinates::J2 => "j2",
            Coordinates::J3 => "j3",
        }
    }

    /// The labels of the columns (from the left) and of the rows (from the
    /// top), as `kifu_book::figure::coordinate_labels` gives them.
    pub fn labels(self, size: BoardSize) -> Option<(Vec<String>, Vec<String>)> {
        figure::coordinate_labels(self.name(), size)
    }
}

/// Everything a diagram shows, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramView {
    /// The board size.
    pub size: BoardSize,
    /// The part shown: top-left and bottom-right points (inclusive); `None`
    /// for the whole board.
    pub view: Option<(Point, Point)>,
    /// The stones, at most one per point (a later one replaces an earlier).
    pub stones: Vec<Stone>,
    /// Letters and texts on points; a label on a stone replaces its number.
    pub labels: Vec<(Point, String)>,
    /// Marks; a mark on a numbered stone replaces its number.
    pub marks: Vec<(Point, MarkKind)>,
    /// Lines between two points.
    pub lines: Vec<(Point, Point)>,
    /// Arrows from a point to a point.
    pub arrows: Vec<(Point, Point)>,
    /// Points drawn faded.
    pub dimmed: Vec<Point>,
    /// The caption below the board.
    pub caption: Option<String>,
    /// The gaps line below the caption ("6 at 1, 7: elsewhere").
    pub gaps: Option<String>,
    /// Coordinates around the board.
    pub coordinates: Coordinates,
    /// Circles drawn as dots on stones too (the book's `circleAsDot`).
    pub circle_as_dot: bool,
}

impl DiagramView {
    /// An empty diagram of the whole board.
    pub fn empty(size: BoardSize) -> DiagramView {
        DiagramView {
            size,
            view: None,
            stones: Vec::new(),
            labels: Vec::new(),
            marks: Vec::new(),
            lines: Vec::new(),
            arrows: Vec::new(),
            dimmed: Vec::new(),
            caption: None,
            gaps: None,
            coordinates: Coordinates::None,
            circle_as_dot: false,
        }
    }

    /// The printed form of a resolved book item: its starting stones, its
    /// moves as numbered stones (the others in the gaps line), its letters,
    /// point texts, marks, lines and arrows, its view and `coord`, and its
    /// caption in `lang`.
    ///
    /// ```
    /// let book = kifu_book::parse("::dia base=none sz=9 mv=\"C3 D4\" tr=E5 ca=\"Dia. 1\"").value;
    /// let resolution = kifu_book::resolve::resolve(&book);
    /// let view = kifu_render::svg::DiagramView::from_resolved(resolution.of_element(0).unwrap(), "en");
    /// assert_eq!(view.stones.len(), 2);
    /// assert_eq!(view.stones[1].number, Some(2));
    /// assert_eq!(view.caption.as_deref(), Some("Dia. 1"));
    /// ```
    pub fn from_resolved(item: &Resolved, lang: &str) -> DiagramView {
        DiagramView::from_figure(item, &Figure::of(item), lang)
    }

    /// [`DiagramView::from_resolved`] for an item of `book`, drawn as the
    /// book asks of all its diagrams (`circleAsDot`): what `kifu render
    /// BOOK --diagram` and the language server's hover draw.
    pub fn of_book_item(book: &kifu_book::Book, item: &Resolved, lang: &str) -> DiagramView {
        let mut view = DiagramView::from_resolved(item, lang);
        view.circle_as_dot = book
            .elements()
            .iter()
            .find(|e| e.kind() == kifu_book::model::ElementKind::Book)
            .and_then(|b| b.flag("circleAsDot"))
            .unwrap_or(false);
        view
    }

    /// As [`DiagramView::from_resolved`], with the item's figure already
    /// made (the flow keeps each diagram's figure).
    pub fn from_figure(item: &Resolved, figure: &Figure, lang: &str) -> DiagramView {
        let size = item.size;
        let mut out = DiagramView::empty(size);
        out.view = item
            .view
            .map(|v| (v.top_left, v.bottom_right))
            .filter(|&(a, b)| a.x <= b.x && a.y <= b.y && size.contains(b));
        out.stones = figure
            .stones
            .iter()
            .filter(|s| size.contains(s.point))
            .map(|s| Stone {
                point: s.point,
                color: s.color,
                number: s.number,
            })
            .collect();
        if let Some(d) = &item.diagram {
            out.labels
                .extend(d.letters.iter().map(|(c, p)| (*p, c.to_string())));
            out.labels.extend(d.point_texts.iter().cloned());
            out.marks
                .extend(d.marks.iter().map(|(m, p)| (*p, (*m).into())));
            out.lines.clone_from(&d.lines);
            out.arrows.clone_from(&d.arrows);
            out.coordinates = Coordinates::from_attribute(&d.coord);
        }
        out.caption = figure::caption(item, lang);
        out.gaps = figure::gaps(item);
        out.keep_on_board();
        out
    }

    /// A position of an SGF game, with the marks of its node (`TR`, `SQ`,
    /// `CR`, `MA`, `TB`, `TW`, `LB`, `LN`, `AR`, `DD`).
    ///
    /// # Errors
    /// When the variation path or the move number leads nowhere, or the
    /// numbered range is empty.
    ///
    /// ```
    /// let sgf = b"(;SZ[9];B[cc];W[dd];B[ee])";
    /// let collection = kifu_sgf::parse(sgf).value;
    /// let game = collection.game(0).unwrap();
    /// let position = kifu_render::svg::SgfPosition { move_number: Some(2), numbers: Some((1, 2)), ..Default::default() };
    /// let view = kifu_render::svg::DiagramView::from_sgf_game(game, &position).unwrap();
    /// assert_eq!(view.stones.len(), 2);
    /// assert_eq!(view.stones[1].number, Some(2));
    /// ```
    pub fn from_sgf_game(
        game: kifu_sgf::Game<'_, '_>,
        position: &SgfPosition,
    ) -> Result<DiagramView, SgfViewError> {
        let size = game.board_size();
        let line = line_of(game, &position.variation)?;
        let total = line.iter().filter(|n| n.get_move().is_some()).count() as u32;
        let numbers = match position.numbers {
            Some((from, to)) if from == 0 || from > to => {
                return Err(SgfViewError(format!("no moves numbered {from}-{to}")));
            }
            Some((from, _)) if from > total => {
                return Err(SgfViewError(format!(
                    "move {from} is past the last move ({total})"
                )));
            }
            n => n,
        };
        let last = match (position.move_number, numbers) {
            (Some(n), _) => n,
            (None, Some((_, to))) => to.min(total),
            (None, None) => total,
        };
        if last > total {
            return Err(SgfViewError(format!(
                "move {last} is past the last move ({total})"
            )));
        }
        // Replay: setup as setup, moves counted from 1.
        let mut board = Board::new(size);
        let mut number = 0u32;
        let mut before_numbers: Option<Board> = None;
        let mut numbered: Vec<SequenceMove> = Vec::new();
        let mut placed: Vec<Option<u32>> = vec![None; size.point_count()];
        let mut node_at = None;
        for node in &line {
            if number >= last && node.get_move().is_some() {
                break;
            }
            for (id, color) in [
                ("AE", None),
                ("AB", Some(Color::Black)),
                ("AW", Some(Color::White)),
            ] {
                for p in points(node, id) {
                    if size.contains(p) {
                        board.set(p, color);
                        placed[p.index(size)] = None;
                    }
                }
            }
            if let Some((color, point)) = node.get_move() {
                number += 1;
                if let Some((from, _)) = numbers
                    && number == from
                {
                    before_numbers = Some(board.clone());
                }
                let (mv, outcome) = match point {
                    Some(p) if size.contains(p) => {
                        let o = board.play_anyway(color, p);
                        for c in &o.captured {
                            placed[c.index(size)] = None;
                        }
                        placed[p.index(size)] = Some(number);
                        (Move::Play(p), o)
                    }
                    _ => {
                        board.pass();
                        (Move::Pass, Default::default())
                    }
                };
                if numbers.is_some_and(|(from, to)| (from..=to).contains(&number)) {
                    numbered.push(SequenceMove {
                        color,
                        number: (mv != Move::Pass).then_some(number),
                        mv,
                        ko_capture: outcome.captured.len() == 1 && board.ko_point().is_some(),
                        captured: outcome.captured,
                        illegal: outcome.illegal,
                    });
                }
            }
            node_at = Some(*node);
        }
        let mut out = DiagramView::empty(size);
        match (numbers, before_numbers) {
            // Every move from the first numbered one to the position is
            // numbered: a printed figure, captured stones staying and moves
            // on occupied points going to the gaps line.
            (Some((from, to)), Some(start)) if last <= to => {
                let item = figure_item(size, start, numbered, from);
                out.stones = Figure::of(&item)
                    .stones
                    .into_iter()
                    .map(|s| Stone {
                        point: s.point,
                        color: s.color,
                        number: s.number,
                    })
                    .collect();
                out.gaps = figure::gaps(&item);
            }
            // Otherwise the position as it is, numbers on the stones of
            // the numbered moves still on the board.
            _ => {
                out.stones = board
                    .stones()
                    .map(|(point, color)| Stone {
                        point,
                        color,
                        number: placed[point.index(size)]
                            .filter(|n| numbers.is_some_and(|(from, to)| (from..=to).contains(n))),
                    })
                    .collect();
            }
        }
        if let Some(node) = node_at {
            out.read_sgf_marks(&node);
        }
        out.keep_on_board();
        Ok(out)
    }

    fn read_sgf_marks(&mut self, node: &kifu_sgf::Node<'_, '_>) {
        use kifu_sgf::props::Value;
        for (id, kind) in [
            ("TR", MarkKind::Triangle),
            ("SQ", MarkKind::Square),
            ("CR", MarkKind::Circle),
            ("MA", MarkKind::Cross),
            ("TB", MarkKind::BlackArea),
            ("TW", MarkKind::WhiteArea),
        ] {
            self.marks
                .extend(points(node, id).into_iter().map(|p| (p, kind)));
        }
        self.dimmed.extend(points(node, "DD"));
        for prop in node.properties() {
            let Ok(value) = prop.value() else { continue };
            let values = match value {
                Value::List(vs) => vs,
                v => vec![v],
            };
            for v in values {
                match (prop.id(), v) {
                    ("LB", Value::Compose(a, b)) => {
                        if let (Value::Point(p), Value::Text(t)) = (*a, *b) {
                            self.labels.push((p, t));
                        }
                    }
                    ("LN" | "AR", Value::Compose(a, b)) => {
                        if let (Value::Point(p), Value::Point(q)) = (*a, *b) {
                            if prop.id() == "LN" {
                                self.lines.push((p, q));
                            } else {
                                self.arrows.push((p, q));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Drops whatever lies off the board.
    fn keep_on_board(&mut self) {
        let size = self.size;
        self.stones.retain(|s| size.contains(s.point));
        // One stone per point: the last one wins.
        let mut seen = vec![false; size.point_count()];
        let mut kept: Vec<Stone> = Vec::with_capacity(self.stones.len());
        for s in self.stones.iter().rev() {
            let i = s.point.index(size);
            if !seen[i] {
                seen[i] = true;
                kept.push(*s);
            }
        }
        kept.reverse();
        self.stones = kept;
        self.labels.retain(|(p, _)| size.contains(*p));
        self.marks.retain(|(p, _)| size.contains(*p));
        self.lines
            .retain(|(a, b)| size.contains(*a) && size.contains(*b) && a != b);
        self.arrows
            .retain(|(a, b)| size.contains(*a) && size.contains(*b) && a != b);
        self.dimmed.retain(|p| size.contains(*p));
    }

    /// The shown rectangle: left, top, right, bottom (inclusive).
    pub fn window(&self) -> (u8, u8, u8, u8) {
        match self.view {
            Some((a, b)) if a.x <= b.x && a.y <= b.y && self.size.contains(b) => {
                (a.x, a.y, b.x, b.y)
            }
            _ => (0, 0, self.size.cols - 1, self.size.rows - 1),
        }
    }

    /// The stone at a point.
    pub fn stone_at(&self, p: Point) -> Option<&Stone> {
        self.stones.iter().find(|s| s.point == p)
    }

    /// Whether a point is a star point (hoshi): the 4-4 points, the
    /// centre and the 4-10 points on 19x19 (on boards from 15 lines up,
    /// odd-sized); the 3-3 points and centre on 9x9 (boards under 13
    /// lines), the 4-4 points and centre on 13x13. None below 7 lines.
    pub fn is_star(&self, p: Point) -> bool {
        is_star(self.size, p)
    }
}

/// The star point rule, which `kifu diagrams` draws too
/// ([`kifu_book::figure::is_star_point`]).
pub(crate) fn is_star(size: BoardSize, p: Point) -> bool {
    kifu_book::figure::is_star_point(size, p)
}

/// A synthetic figure item: `start`, then `moves` numbered from `first`.
fn figure_item(size: BoardSize, start: Board, moves: Vec<SequenceMove>, first: u32) -> Resolved {
    Resolved {
        source: Source::Element(0),
        kind: ItemKind::Diagram(DiagramKind::Fig),
        id: None,
        base: None,
        size,
        view: None,
        start,
        base_moves: 0,
        to_play: Color::Black,
        moves,
        first_number: first,
        diagram: None,
        inline_text: None,
        captions: Vec::new(),
        problem_text: None,
        default_correct: Vec::new(),
    }
}

/// Which position of an SGF game to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfPosition {
    /// At each node with several children, the index of the child to
    /// follow (the first child past the end of the path). Empty: the main
    /// line.
    pub variation: Vec<usize>,
    /// The position after this many moves (`None`: the last move of the
    /// line, or the last numbered move).
    pub move_number: Option<u32>,
    /// Moves numbered on the stones, first and last (inclusive).
    pub numbers: Option<(u32, u32)>,
}

/// A position of an SGF game that does not exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfViewError(pub String);

impl fmt::Display for SgfViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SgfViewError {}

/// The nodes of the line the variation path names.
fn line_of<'c, 'i>(
    game: kifu_sgf::Game<'c, 'i>,
    path: &[usize],
) -> Result<Vec<kifu_sgf::Node<'c, 'i>>, SgfViewError> {
    let mut out = Vec::new();
    let mut node = Some(game.root());
    let mut path = path.iter();
    let mut depth = 0usize;
    while let Some(n) = node {
        out.push(n);
        let children: Vec<_> = n.children().collect();
        node = match children.len() {
            0 => None,
            1 => children.first().copied(),
            count => {
                let i = path.next().copied().unwrap_or(0);
                depth += 1;
                Some(*children.get(i).ok_or_else(|| {
                    SgfViewError(format!(
                        "variation: branch {depth} has {count} children, not {}",
                        i + 1
                    ))
                })?)
            }
        };
    }
    if let Some(i) = path.next() {
        return Err(SgfViewError(format!(
            "variation: the line has {depth} branches; index {i} is one too many"
        )));
    }
    Ok(out)
}

fn points(node: &kifu_sgf::Node<'_, '_>, id: &str) -> Vec<Point> {
    node.points(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stars(n: u8) -> Vec<String> {
        let size = BoardSize::square(n.into()).unwrap();
        let mut out = Vec::new();
        for y in 0..n {
            for x in 0..n {
                if is_star(size, Point::new(x, y)) {
                    out.push(Point::new(x, y).to_standard(size));
                }
            }
        }
        out
    }

    #[test]
    fn star_points() {
        assert_eq!(stars(9), ["C7", "G7", "E5", "C3", "G3"]);
        assert_eq!(stars(13), ["D10", "K10", "G7", "D4", "K4"]);
        assert_eq!(stars(19).len(), 9);
        assert!(stars(19).contains(&"K10".to_owned()));
        assert!(stars(19).contains(&"D10".to_owned()));
        assert_eq!(stars(5), Vec::<String>::new());
        assert_eq!(stars(8).len(), 4);
    }
}

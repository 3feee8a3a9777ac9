//! Typed views of Go data and diagram elements: what their attributes say,
//! with coordinates read on the element's board and the defaults of the
//! spec filled in. Values that do not parse are left out here (the checker
//! reports them); resolving a diagram to a position is the next step.

use kifu_board::{BoardSize, Color, Point};

use super::coords::{self, Move, SequenceMove, View};
use super::model::{AttributeRole, DiagramKind, ElementKind, attribute_role};
use std::collections::BTreeMap;
use std::rc::Rc;

use super::refs::{Base, Index};
use crate::document::{Book, Element};

/// A move number attribute (`at`, `to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNumber {
    /// A number in the base's numbering.
    Number(u32),
    /// `end`: after the last move.
    End,
}

impl MoveNumber {
    fn parse(text: &str) -> Option<Self> {
        match text {
            "end" => Some(MoveNumber::End),
            n => n.parse().ok().map(MoveNumber::Number),
        }
    }
}

/// How `base` is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BaseRef {
    /// Not given: the kind's default.
    Default,
    /// `base=none`.
    None,
    /// `base=ID`.
    Id(String),
}

/// The Go data attributes of a `go` element or a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoData {
    /// The board size: `sz`, else inherited through `base`, else 19.
    pub size: BoardSize,
    /// `ab`.
    pub black: Vec<Point>,
    /// `aw`.
    pub white: Vec<Point>,
    /// `ae`.
    pub empty: Vec<Point>,
    /// `pl`.
    pub to_play: Option<Color>,
    /// `koPoint`.
    pub ko_point: Option<Point>,
    /// `mn`: the number of the first move.
    pub first_number: Option<u32>,
    /// `base`.
    pub base: BaseRef,
    /// `at`.
    pub at: Option<MoveNumber>,
    /// `to`.
    pub to: Option<MoveNumber>,
    /// `mv`.
    pub moves: Option<Vec<Move>>,
    /// `sgf`.
    pub sgf: Option<String>,
    /// Game information attributes (`pb`, `km`...), in the order written.
    pub game_info: Vec<(String, String)>,
}

impl GoData {
    /// Reads the Go data of element `index` of the indexed book.
    ///
    /// ```
    /// use kifu_board::{Color, Point};
    /// use kifu_book::go_data::{GoData, MoveNumber};
    /// let book = kifu_book::parse("::go sz=9 ab=C3 pl=w mv=\"D4 Pass\" pb=Honinbo\n\n::dia at=2 mv=E5").value;
    /// let index = kifu_book::refs::Index::new(&book);
    /// let go = GoData::read(&index, 0);
    /// assert_eq!(go.size.cols, 9);
    /// assert_eq!(go.black, [Point::new(2, 6)]);
    /// assert_eq!(go.to_play, Some(Color::White));
    /// assert_eq!(go.moves.as_ref().map(Vec::len), Some(2));
    /// assert_eq!(go.game_info, [("pb".to_owned(), "Honinbo".to_owned())]);
    /// let dia = GoData::read(&index, 1);
    /// assert_eq!(dia.size.cols, 9); // inherited from its base
    /// assert_eq!(dia.at, Some(MoveNumber::Number(2)));
    /// ```
    pub fn read(index: &Index<'_>, element: usize) -> GoData {
        let e = &index.book().elements()[element];
        let size = index.board_size(element);
        let points = |name: &str| {
            e.get(name)
                .and_then(|v| coords::parse_points(v, size).ok())
                .unwrap_or_default()
        };
        GoData {
            size,
            black: points("ab"),
            white: points("aw"),
            empty: points("ae"),
            to_play: e.get("pl").and_then(|p| match p {
                "b" | "B" => Some(Color::Black),
                "w" | "W" => Some(Color::White),
                _ => None,
            }),
            ko_point: e
                .get("koPoint")
                .and_then(|v| coords::parse_point(v, size).ok()),
            first_number: e.get("mn").and_then(|v| v.parse().ok()),
            base: match e.get("base") {
                None => BaseRef::Default,
                Some("none") => BaseRef::None,
                Some(id) => BaseRef::Id(id.to_owned()),
            },
            at: e.get("at").and_then(MoveNumber::parse),
            to: e.get("to").and_then(MoveNumber::parse),
            moves: e.get("mv").and_then(|v| coords::parse_moves(v, size).ok()),
            sgf: e.get("sgf").map(str::to_owned),
            game_info: game_info(e),
        }
    }
}

/// The game information attributes of an element (`pb`, `km`...), in the
/// order written: what [`GoData::read`] gives as `game_info`, without
/// reading the rest (a long `mv`), for callers that only need this.
pub fn game_info(e: &Element) -> Vec<(String, String)> {
    e.attributes()
        .iter()
        .filter(|a| crate::document::conventions::GAME_INFO_ATTRIBUTES.contains(&a.name()))
        .filter(|a| a.name() != "pw" || e.get("wp").is_none())
        .map(|a| {
            (
                super::model::spelling(a.name()).to_owned(),
                a.value().to_owned(),
            )
        })
        .collect()
}

/// A board mark of a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `tr`.
    Triangle,
    /// `ma`.
    Cross,
    /// `sq`.
    Square,
    /// `rg`.
    Diamond,
    /// `cr`: a dot on an empty point, a circle on a stone.
    Circle,
    /// `tb`: black area.
    BlackArea,
    /// `tw`: white area.
    WhiteArea,
}

impl Mark {
    /// Every mark with its attribute name.
    pub const ALL: [(Mark, &'static str); 7] = [
        (Mark::Triangle, "tr"),
        (Mark::Cross, "ma"),
        (Mark::Square, "sq"),
        (Mark::Diamond, "rg"),
        (Mark::Circle, "cr"),
        (Mark::BlackArea, "tb"),
        (Mark::WhiteArea, "tw"),
    ];
}

/// The `width` of a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// The full column.
    Full,
    /// Slightly smaller, as diagrams usually are.
    Dia,
    /// Half: two side by side.
    Half,
    /// A third: three side by side.
    Third,
}

/// The `gaps` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gaps {
    /// Generated (`auto`, the default).
    Auto,
    /// None shown.
    None,
    /// This text.
    Text(String),
}

/// The diagram attributes of a `fig`, `dia`, `var` or `prb`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Which of the four.
    pub kind: DiagramKind,
    /// `vw`, if given (inheritance from the base comes with resolution).
    pub view: Option<View>,
    /// Letters `a`-`z`, `A`-`Z`, by point, in the order written.
    pub letters: Vec<(char, Point)>,
    /// Point texts (`B5=23`).
    pub point_texts: Vec<(Point, String)>,
    /// Marks by point.
    pub marks: Vec<(Mark, Point)>,
    /// `ln`: lines, by their end points.
    pub lines: Vec<(Point, Point)>,
    /// `ar`: arrows, from and to.
    pub arrows: Vec<(Point, Point)>,
    /// `hideInReplay`.
    pub hide_in_replay: Vec<Point>,
    /// The width: `width`, else `fullWidth` of the chapter or book, else
    /// the kind's default.
    pub width: Width,
    /// `coord`: `none`, `auto` (the default), `standard`, `sgf`, `j1`-`j3`.
    pub coord: String,
    /// `showToPlay`, or the kind's default.
    pub show_to_play: bool,
    /// `showFromTo`, or the default (`fig` without caption).
    pub show_from_to: bool,
    /// `gaps`.
    pub gaps: Gaps,
    /// `correct` (problems).
    pub correct: Vec<Vec<SequenceMove>>,
    /// `wrong` (problems).
    pub wrong: Vec<Vec<SequenceMove>>,
}

fn pairs(points: Vec<Point>) -> Vec<(Point, Point)> {
    points.chunks_exact(2).map(|c| (c[0], c[1])).collect()
}

/// The `fullWidth` in force for element `index`: its chapter's, else the book's.
fn full_width_setting(book: &Book, index: &Index<'_>, element: usize) -> Option<bool> {
    let chapter = index.chapter_of(element).map(|c| &book.elements()[c]);
    let head = book
        .elements()
        .iter()
        .find(|e| e.kind() == ElementKind::Book);
    chapter
        .and_then(|c| c.flag("fullWidth"))
        .or_else(|| head.and_then(|b| b.flag("fullWidth")))
}

impl Diagram {
    /// Reads the diagram attributes of element `index`; `None` if it is
    /// not a diagram.
    ///
    /// ```
    /// use kifu_board::Point;
    /// use kifu_book::go_data::{Diagram, Gaps, Mark, Width};
    /// let book = kifu_book::parse("::fig at=1 to=3 A=D6 tr=D4 B5=23 gaps=none").value;
    /// let index = kifu_book::refs::Index::new(&book);
    /// let fig = Diagram::read(&index, 0).unwrap();
    /// assert_eq!(fig.letters, [('A', Point::new(3, 13))]);
    /// assert_eq!(fig.marks, [(Mark::Triangle, Point::new(3, 15))]);
    /// assert_eq!(fig.point_texts, [(Point::new(1, 14), "23".to_owned())]);
    /// assert_eq!(fig.width, Width::Full);
    /// assert!(fig.show_from_to); // a fig without caption
    /// assert_eq!(fig.gaps, Gaps::None);
    /// ```
    pub fn read(index: &Index<'_>, element: usize) -> Option<Diagram> {
        let book = index.book();
        let e: &Element = &book.elements()[element];
        let ElementKind::Diagram(kind) = e.kind() else {
            return None;
        };
        let size = index.board_size(element);
        let defaults = kind.defaults();
        let points = |name: &str| {
            e.get(name)
                .and_then(|v| coords::parse_points(v, size).ok())
                .unwrap_or_default()
        };
        let mut letters = Vec::new();
        let mut point_texts = Vec::new();
        for a in e.attributes() {
            match attribute_role(e.kind(), a.base_name()) {
                AttributeRole::Letter(c) => {
                    for p in coords::parse_points(a.value(), size).unwrap_or_default() {
                        letters.push((c, p));
                    }
                }
                AttributeRole::PointText => {
                    if let Ok(p) = Point::from_standard(a.name(), size) {
                        point_texts.push((p, a.value().to_owned()));
                    }
                }
                _ => {}
            }
        }
        let marks = Mark::ALL
            .iter()
            .flat_map(|(mark, name)| points(name).into_iter().map(move |p| (*mark, p)))
            .collect();
        let has_caption = e.attributes().iter().any(|a| a.base_name() == "ca");
        let width = match e.get("width") {
            Some("full") => Width::Full,
            Some("dia") => Width::Dia,
            Some("half") => Width::Half,
            Some("third") => Width::Third,
            _ => match full_width_setting(book, index, element) {
                Some(true) => Width::Full,
                _ if defaults.full_width => Width::Full,
                _ => Width::Dia,
            },
        };
        let sequences = |name: &str| {
            e.get(name)
                .and_then(|v| coords::parse_sequences(v, size).ok())
                .unwrap_or_default()
        };
        Some(Diagram {
            kind,
            view: e.get("vw").and_then(|v| coords::parse_view(v, size).ok()),
            letters,
            point_texts,
            marks,
            lines: pairs(points("ln")),
            arrows: pairs(points("ar")),
            hide_in_replay: points("hideInReplay"),
            width,
            coord: e.get("coord").unwrap_or("auto").to_owned(),
            show_to_play: e.flag("showToPlay").unwrap_or(defaults.show_to_play),
            show_from_to: e
                .flag("showFromTo")
                .unwrap_or(defaults.show_from_to && !has_caption),
            gaps: match e.get("gaps") {
                None | Some("auto") => Gaps::Auto,
                Some("none") => Gaps::None,
                Some(text) => Gaps::Text(text.to_owned()),
            },
            correct: sequences("correct"),
            wrong: sequences("wrong"),
        })
    }
}

/// The book element's attributes, by name.
pub(crate) fn book_fields(book: &Book) -> BTreeMap<String, String> {
    let mut fields = BTreeMap::new();
    if let Some(b) = book
        .elements()
        .iter()
        .find(|e| e.kind() == ElementKind::Book)
    {
        for a in b.attributes() {
            fields.insert(a.name().to_owned(), a.value().to_owned());
        }
    }
    fields
}

/// The game information of every element through its base chain, the
/// nearest element's value winning: one forward pass (bases come first),
/// an element without game information of its own sharing its base's.
/// Walking the chain from each paragraph was quadratic in a long chain of
/// based diagrams.
pub(crate) fn game_info_through_bases(index: &Index<'_>) -> Vec<Rc<BTreeMap<String, String>>> {
    let elements = index.book().elements();
    let empty = Rc::new(BTreeMap::new());
    let mut out: Vec<Rc<BTreeMap<String, String>>> = Vec::with_capacity(elements.len());
    for (i, e) in elements.iter().enumerate() {
        let base = match index.base_of(i) {
            Base::Element(b) if b < i => Some(&out[b]),
            _ => None,
        };
        let own = game_info(e);
        let merged = match base {
            Some(b) if own.is_empty() => Rc::clone(b),
            _ if own.is_empty() => Rc::clone(&empty),
            _ => {
                let mut map = BTreeMap::new();
                for (k, v) in own {
                    map.entry(k).or_insert(v);
                }
                for (k, v) in base.map(|b| b.iter()).into_iter().flatten() {
                    map.entry(k.clone()).or_insert_with(|| v.clone());
                }
                Rc::new(map)
            }
        };
        out.push(merged);
    }
    out
}

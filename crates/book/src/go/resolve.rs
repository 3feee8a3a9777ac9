//! Go data resolution: every `go`, `fig`, `dia`, `var`, `prb` and inline
//! `<dia>` of a book turned into a starting position, the player to move,
//! and a numbered move sequence replayed on the board.
//!
//! The rules, from the spec's "Go data" and "Diagrams" sections:
//! - The base is the `base` attribute, else the kind's default: the most
//!   recent `go` element of the chapter for `go`, `fig`, `dia` and `prb`,
//!   the most recent diagram for `var`, the paragraph's diagram (its `ref`,
//!   else the most recent diagram or Go data) for inline diagrams. Only
//!   earlier elements count.
//! - The position is the base's position before move `at` in the base's
//!   numbering (`end`: after its last move; passes carry no number), or an
//!   empty board (`sz`, inherited, else 19) without a base; or the main line
//!   of `sgf=`. Then `ae`, `ab`, `aw` are applied, `pl` says who plays
//!   (else whoever plays next in the base), `koPoint` sets the ko.
//! - The moves are `mv` (alternating from the player to move; `Pass` and
//!   `Tenuki` change the player), or the base's moves `at`..`to`.
//! - Numbering starts at `mn`, else at 1 for `go`, `dia`, `prb` and inline
//!   diagrams and at `at` for `fig` and `var`. A pass takes no number; a
//!   tenuki takes one ("2: elsewhere").
//! - Moves are replayed with every illegal move played anyway (2026
//!   revision); the illegal ones other than ko recaptures are reported.

use std::collections::HashMap;

use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
use kifu_diag::{Diagnostic, Severity, Span};

pub use super::resolved::{ItemKind, Resolution, Resolved, SequenceMove, Source};
use crate::document::inline::{self, Inline, InlineAttribute};
use crate::document::{Book, Element};
use crate::meaning::coords::{self, Move};
use crate::meaning::go_data::Diagram;
use crate::meaning::model::{DiagramKind, ElementKind};
use crate::meaning::refs::{Base, Index};

/// Diagnostic codes of resolution.
pub mod codes {
    use kifu_diag::Code;

    /// `at` is outside the moves of the base (before its first numbered
    /// move or after its end); the nearest end is used.
    pub const AT_OUT_OF_RANGE: Code = Code::new("book/at-out-of-range");
    /// `to` is outside the moves of the base, or before `at`.
    pub const TO_OUT_OF_RANGE: Code = Code::new("book/to-out-of-range");
    /// `to` without a base to take the moves from.
    pub const RANGE_WITHOUT_BASE: Code = Code::new("book/range-without-base");
    /// A move on an occupied point, a suicide, or a point off the board
    /// (played anyway, as the 2026 revision asks; ko recaptures are legal
    /// in replay and not reported).
    pub const ILLEGAL_MOVE: Code = Code::new("book/illegal-move");
    /// An `sgf=` value that does not read as SGF, or holds what Go data
    /// cannot take (setup stones after the first move).
    pub const SGF_INPUT: Code = Code::new("book/sgf-input");
    /// A problem's `correct` or `wrong` sequence has an illegal move.
    pub const ILLEGAL_SOLUTION: Code = Code::new("book/illegal-solution");
    /// A letter or point text on a point where a numbered move is shown:
    /// the number is hidden in the printed diagram.
    pub const MARK_HIDES_MOVE: Code = Code::new("book/mark-hides-move");
    /// `mn` past 1,000,000,000 (`MAX_FIRST_NUMBER`): numbering from there
    /// could count past what a move number holds; that largest number is
    /// used.
    pub const MOVE_NUMBER_TOO_LARGE: Code = Code::new("book/move-number-too-large");
}

/// The largest first move number (`mn`) a diagram numbers from: far past
/// any game, and low enough that counting on through the longest sequence
/// a book can hold (its 2 GiB bound) stays within a `u32`.
pub const MAX_FIRST_NUMBER: u32 = 1_000_000_000;

/// Resolves every Go data element and diagram of `book`.
///
/// ```
/// use kifu_book::coords::Move;
/// let book = kifu_book::parse("::go mv=\"D4 F4 H4 K4\"\n\n::dia at=3 mv=Q16").value;
/// let resolution = kifu_book::resolve::resolve(&book);
/// let dia = resolution.of_element(1).unwrap();
/// assert_eq!(dia.start.stones().count(), 2); // D4 and F4 are on the board
/// assert_eq!(dia.to_play, kifu_board::Color::Black);
/// assert_eq!(dia.moves[0].number, Some(1));
/// assert!(resolution.diagnostics.is_empty());
/// ```
pub fn resolve(book: &Book) -> Resolution {
    let index = Index::new(book);
    let mut r = Resolver {
        index: &index,
        replays: HashMap::new(),
        out: Resolution {
            by_element: vec![None; book.elements().len()],
            ..Resolution::default()
        },
    };
    for (i, e) in book.elements().iter().enumerate() {
        match e.kind() {
            ElementKind::Go | ElementKind::Diagram(_) => r.element(i, e),
            ElementKind::Paragraph(_) => r.inline_diagrams(i, e),
            _ => {}
        }
    }
    r.out
}

struct Resolver<'a, 'b> {
    index: &'a Index<'b>,
    /// What diagrams based on a long item ask of it, by item index.
    replays: HashMap<usize, Option<Replay>>,
    out: Resolution,
}

/// How many moves apart [`Replay`] keeps positions.
const CHECKPOINT: usize = 512;

/// The numbering and positions of a long item, computed once for all the
/// diagrams based on it: a `fig` every 100 moves of a 100,000-move `go`
/// replayed the game from its start, and scanned its moves for the
/// numbers, once per figure.
struct Replay {
    /// `(number, index)` of every numbered move, numbers increasing.
    numbered: Vec<(u32, usize)>,
    /// The position, and who plays, after every `CHECKPOINT` moves (the
    /// first after none).
    checkpoints: Vec<(Board, Color)>,
}

impl Replay {
    /// Replays `item` once; `None` when its numbers do not increase (a
    /// wrapped `mn`), so that a binary search would not find what
    /// [`Resolved::index_before`] finds.
    fn of(item: &Resolved) -> Option<Replay> {
        let numbered: Vec<(u32, usize)> = item
            .moves
            .iter()
            .enumerate()
            .filter_map(|(k, m)| m.number.map(|n| (n, k)))
            .collect();
        if numbered.windows(2).any(|w| w[0].0 >= w[1].0) {
            return None;
        }
        let mut checkpoints = Vec::with_capacity(item.moves.len() / CHECKPOINT + 1);
        let mut board = item.start.clone();
        let mut to_play = item.to_play;
        for (k, m) in item.moves.iter().enumerate() {
            if k % CHECKPOINT == 0 {
                checkpoints.push((board.clone(), to_play));
            }
            play(&mut board, m);
            to_play = m.color.opponent();
        }
        if item.moves.len().is_multiple_of(CHECKPOINT) {
            checkpoints.push((board, to_play));
        }
        Some(Replay {
            numbered,
            checkpoints,
        })
    }

    /// [`Resolved::end_number`].
    fn end_number(&self, item: &Resolved) -> u32 {
        self.numbered
            .last()
            .map_or(item.first_number, |&(n, _)| n + 1)
    }

    /// [`Resolved::number_range`].
    fn number_range(&self) -> Option<(u32, u32)> {
        Some((self.numbered.first()?.0, self.numbered.last()?.0))
    }

    /// [`Resolved::index_before`], by binary search.
    fn index_before(&self, item: &Resolved, at: u32) -> usize {
        let k = self.numbered.partition_point(|&(n, _)| n < at);
        self.numbered.get(k).map_or(item.moves.len(), |&(_, i)| i)
    }

    /// [`Resolved::position_after`], from the nearest checkpoint.
    fn position_after(&self, item: &Resolved, count: usize) -> (Board, Color) {
        let count = count.min(item.moves.len());
        let (mut board, mut to_play) = self.checkpoints[count / CHECKPOINT].clone();
        for m in &item.moves[count / CHECKPOINT * CHECKPOINT..count] {
            play(&mut board, m);
            to_play = m.color.opponent();
        }
        (board, to_play)
    }
}

/// One move of a replay, as [`Resolved::position_after`] plays it.
fn play(board: &mut Board, m: &SequenceMove) {
    match m.mv {
        Move::Play(p) => {
            board.play_anyway(m.color, p);
        }
        Move::Pass | Move::Tenuki => board.pass(),
    }
}

/// What `build` asks of its base: its numbering and its positions, from
/// the item itself when it is short, else from its [`Replay`].
struct BaseView<'r> {
    item: &'r Resolved,
    replay: Option<&'r Replay>,
}

impl BaseView<'_> {
    fn end_number(&self) -> u32 {
        match self.replay {
            Some(r) => r.end_number(self.item),
            None => self.item.end_number(),
        }
    }

    fn number_range(&self) -> Option<(u32, u32)> {
        match self.replay {
            Some(r) => r.number_range(),
            None => self.item.number_range(),
        }
    }

    fn index_before(&self, at: u32) -> usize {
        match self.replay {
            Some(r) => r.index_before(self.item, at),
            None => self.item.index_before(at),
        }
    }

    fn position_after(&self, count: usize) -> (Board, Color) {
        match self.replay {
            Some(r) => r.position_after(self.item, count),
            None => self.item.position_after(count),
        }
    }
}

impl std::ops::Deref for BaseView<'_> {
    type Target = Resolved;
    fn deref(&self) -> &Resolved {
        self.item
    }
}

/// Attribute access common to elements and inline markup, with spans.
trait Attributes {
    fn get(&self, name: &str) -> Option<&str>;
    fn span_of(&self, name: &str) -> Span;
}

impl Attributes for Element {
    fn get(&self, name: &str) -> Option<&str> {
        Element::get(self, name)
    }
    fn span_of(&self, name: &str) -> Span {
        self.attribute(name).map_or_else(
            || crate::document::spans::header_span(self),
            |a| crate::document::spans::value_span(a, None),
        )
    }
}

struct InlineAttributes<'a> {
    attributes: &'a [InlineAttribute],
    /// Offset of the paragraph's value in the input.
    offset: Option<u32>,
    fallback: Span,
}

impl Attributes for InlineAttributes<'_> {
    fn get(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.value.as_str())
    }
    fn span_of(&self, name: &str) -> Span {
        match (self.attributes.iter().find(|a| a.name == name), self.offset) {
            (Some(a), Some(o)) => Span::new(o + a.range.start as u32, o + a.range.end as u32),
            _ => self.fallback,
        }
    }
}

fn parse_number(text: &str, end: u32) -> Option<u32> {
    if text == "end" {
        Some(end)
    } else {
        text.parse().ok()
    }
}

fn error(found: &mut Vec<Diagnostic>, code: kifu_diag::Code, span: Span, message: String) {
    found.push(Diagnostic::new(code, Severity::Error, span, message));
}

impl Resolver<'_, '_> {
    fn push(&mut self, code: kifu_diag::Code, span: Span, message: String) {
        self.out
            .diagnostics
            .push(Diagnostic::new(code, Severity::Error, span, message));
    }

    fn element(&mut self, i: usize, e: &Element) {
        let base = match self.index.base_of(i) {
            Base::Element(b) => self.out.item_of_element(b),
            _ => None,
        };
        let kind = match e.kind() {
            ElementKind::Diagram(d) => ItemKind::Diagram(d),
            _ => ItemKind::Go,
        };
        let size = self.index.board_size(i);
        let mut item = self.build(e, kind, base, size);
        item.source = Source::Element(i);
        item.id = e.id().map(str::to_owned);
        item.diagram = Diagram::read(self.index, i);
        item.captions = e
            .attributes()
            .iter()
            .filter(|a| a.base_name() == "ca")
            .map(|a| (a.name().to_owned(), a.value().to_owned()))
            .collect();
        if kind == ItemKind::Diagram(DiagramKind::Prb) {
            let text = e.value().trim();
            item.problem_text = (!text.is_empty()).then(|| text.to_owned());
        }
        if let Some(d) = &item.diagram {
            if d.view.is_some() {
                item.view = d.view;
            }
            self.check_marks(e, &item);
            // Not on a guessed position (see `Resolution::is_broken`).
            if !self.out.is_broken(self.out.items.len()) {
                self.check_solutions(e, &item);
            }
        }
        self.out.by_element[i] = Some(self.out.items.len());
        self.out.items.push(item);
    }

    fn inline_diagrams(&mut self, i: usize, e: &Element) {
        let (pieces, _) = inline::split(e.value());
        let offset = crate::document::spans::value_start(e).filter(|_| e.value_repr.is_none());
        let mut ordinal = 0;
        for piece in pieces {
            let Inline::Diagram {
                attributes,
                text,
                range,
            } = piece
            else {
                continue;
            };
            let attrs = InlineAttributes {
                attributes: &attributes,
                offset,
                fallback: offset.map_or_else(
                    || crate::document::spans::header_span(e),
                    |o| Span::new(o + range.start as u32, o + range.end as u32),
                ),
            };
            let base = match attrs.get("base") {
                Some("none") => None,
                Some(id) => self
                    .index
                    .lookup(id, i)
                    .filter(|&b| b < i)
                    .and_then(|b| self.out.item_of_element(b)),
                None => self
                    .index
                    .ref_of(i)
                    .and_then(|b| self.out.item_of_element(b)),
            };
            let size = match attrs.get("sz").and_then(|s| s.parse().ok()) {
                Some(n) => BoardSize::square(n).unwrap_or(BoardSize::STANDARD),
                None => base.map_or(BoardSize::STANDARD, |b| self.out.items[b].size),
            };
            let mut item = self.build(&attrs, ItemKind::Inline, base, size);
            item.source = Source::Inline {
                paragraph: i,
                ordinal,
            };
            item.inline_text = Some(e.value()[text].to_owned());
            if let Some(v) = attrs
                .get("vw")
                .and_then(|v| coords::parse_view(v, size).ok())
            {
                item.view = Some(v);
            }
            self.out.items.push(item);
            ordinal += 1;
        }
    }

    /// The position, sequence and numbering of one item.
    fn build(
        &mut self,
        a: &dyn Attributes,
        kind: ItemKind,
        base: Option<usize>,
        size: BoardSize,
    ) -> Resolved {
        // A base on another board size (`sz=9` on a 19x19 game) has no
        // position for this board: the item starts from an empty one.
        let base = base.filter(|&b| self.out.items[b].size == size);
        let items = &self.out.items;
        let replays = &mut self.replays;
        let base_item = base.map(|b| {
            let item = &items[b];
            // A short base is cheaper to read again than to index.
            if item.moves.len() < CHECKPOINT {
                return BaseView { item, replay: None };
            }
            let replay = replays.entry(b).or_insert_with(|| Replay::of(item));
            BaseView {
                item,
                replay: replay.as_ref(),
            }
        });
        let mut found: Vec<Diagnostic> = Vec::new();
        // Built on a base whose range was wrong: its errors are that one's.
        let base_broken = base.is_some_and(|b| self.out.is_broken(b));
        let mut broken = base_broken;
        let mut board = Board::new(size);
        let mut to_play = Color::Black;
        let mut at_number = None;
        let mut range_start = 0;
        let mut sgf_moves = Vec::new();
        let mut view = None;
        if let Some(sgf) = a.get("sgf") {
            match read_sgf(sgf, size) {
                Ok(game) => {
                    board = game.board;
                    to_play = game.to_play;
                    sgf_moves = game.moves;
                    if let Some(w) = game.warning {
                        found.push(Diagnostic::new(
                            codes::SGF_INPUT,
                            Severity::Warning,
                            a.span_of("sgf"),
                            w,
                        ));
                    }
                }
                Err(message) => error(&mut found, codes::SGF_INPUT, a.span_of("sgf"), message),
            }
        } else if let Some(b) = &base_item {
            view = b.view;
            let end = b.end_number();
            let at = match a.get("at") {
                Some(text) => parse_number(text, end).unwrap_or(b.first_number),
                None => b.first_number,
            };
            let first = b.number_range().map_or(b.first_number, |(f, _)| f);
            let clamped = if at < first || at > end {
                broken = true;
                if !base_broken {
                    error(
                        &mut found,
                        codes::AT_OUT_OF_RANGE,
                        a.span_of("at"),
                        format!(
                            "`at={at}` is outside the base's moves {first}-{}",
                            end.max(first.saturating_add(1)) - 1
                        ),
                    );
                }
                at.clamp(first, end.max(first))
            } else {
                at
            };
            at_number = Some(clamped);
            range_start = b.index_before(clamped);
            (board, to_play) = b.position_after(range_start);
        }
        for (name, stone) in [
            ("ae", None),
            ("ab", Some(Color::Black)),
            ("aw", Some(Color::White)),
        ] {
            if let Some(points) = a.get(name).and_then(|v| coords::parse_points(v, size).ok()) {
                for p in points {
                    board.set(p, stone);
                }
            }
        }
        match a.get("pl") {
            Some("b" | "B") => to_play = Color::Black,
            Some("w" | "W") => to_play = Color::White,
            _ => {}
        }
        if let Some(p) = a
            .get("koPoint")
            .and_then(|v| coords::parse_point(v, size).ok())
        {
            board.set_ko_point(Some(p));
        }
        // The moves to play.
        let mut sequence: Vec<Move> = Vec::new();
        let mut default_correct = Vec::new();
        if let Some(moves) = a.get("mv").and_then(|v| coords::parse_moves(v, size).ok()) {
            sequence = moves;
        } else if let Some(to) = a.get("to") {
            match &base_item {
                Some(b) => {
                    let end = b.end_number();
                    let to_n = parse_number(to, end.saturating_sub(1)).unwrap_or(0);
                    let from = at_number.unwrap_or(b.first_number);
                    let last = end.saturating_sub(1);
                    let to_n = if to_n < from || to_n > last {
                        if !broken {
                            error(
                                &mut found,
                                codes::TO_OUT_OF_RANGE,
                                a.span_of("to"),
                                format!("`to={to}` is outside the base's moves {from}-{last}"),
                            );
                        }
                        broken = true;
                        to_n.clamp(from.min(last), last)
                    } else {
                        to_n
                    };
                    let stop = b.index_before(to_n.saturating_add(1));
                    sequence = b.moves[range_start..stop.max(range_start)]
                        .iter()
                        .map(|m| m.mv)
                        .collect();
                }
                None => error(
                    &mut found,
                    codes::RANGE_WITHOUT_BASE,
                    a.span_of("to"),
                    "`to` takes moves from a base, and there is none".into(),
                ),
            }
        } else if !sgf_moves.is_empty() {
            sequence = sgf_moves;
        } else if let (Some(b), ItemKind::Diagram(DiagramKind::Prb)) = (&base_item, kind) {
            default_correct = b.moves[range_start..].iter().map(|m| m.mv).collect();
        }
        let first_number = match a.get("mn").and_then(|v| v.parse::<u32>().ok()) {
            Some(n) if n > MAX_FIRST_NUMBER => {
                error(
                    &mut found,
                    codes::MOVE_NUMBER_TOO_LARGE,
                    a.span_of("mn"),
                    format!(
                        "`mn={n}` is past {MAX_FIRST_NUMBER}, the largest first move number; {MAX_FIRST_NUMBER} is used"
                    ),
                );
                MAX_FIRST_NUMBER
            }
            Some(n) => n,
            None => match kind {
                ItemKind::Diagram(DiagramKind::Fig | DiagramKind::Var) => at_number
                    .or_else(|| base_item.as_ref().map(|b| b.first_number))
                    .unwrap_or(1),
                _ => 1,
            },
        };
        let start = board.clone();
        let start_to_play = to_play;
        let mut moves = Vec::with_capacity(sequence.len());
        let mut moves_span: Option<Span> = None;
        let mut number = first_number;
        for mv in sequence {
            let color = to_play;
            let (captured, illegal, ko_capture, n) = match mv {
                Move::Play(p) => {
                    let outcome = board.play_anyway(color, p);
                    let ko = board.ko_point().is_some();
                    number += 1;
                    (outcome.captured, outcome.illegal, ko, Some(number - 1))
                }
                Move::Tenuki => {
                    board.pass();
                    number += 1;
                    (Vec::new(), None, false, Some(number - 1))
                }
                Move::Pass => {
                    board.pass();
                    (Vec::new(), None, false, None)
                }
            };
            if let (Some(why), Move::Play(p)) = (illegal, mv)
                && why != IllegalMove::Ko
                && !broken
            {
                // Found once: finding it reads the whole value, and a long
                // sequence may hold thousands of illegal moves.
                let span = *moves_span.get_or_insert_with(|| {
                    a.span_of(if a.get("mv").is_some() { "mv" } else { "to" })
                });
                error(
                    &mut found,
                    codes::ILLEGAL_MOVE,
                    span,
                    format!(
                        "move {} ({} {}): {why}; played anyway",
                        n.map_or_else(|| "-".to_owned(), |n| n.to_string()),
                        color,
                        p.to_standard(size)
                    ),
                );
            }
            moves.push(SequenceMove {
                color,
                mv,
                number: n,
                captured,
                illegal,
                ko_capture,
            });
            to_play = color.opponent();
        }
        let item = Resolved {
            source: Source::Element(0),
            kind,
            id: None,
            base,
            size,
            view,
            start,
            base_moves: range_start,
            to_play: start_to_play,
            moves,
            first_number,
            diagram: None,
            inline_text: None,
            captions: Vec::new(),
            problem_text: None,
            default_correct,
        };
        self.out.diagnostics.extend(found);
        // The caller pushes the item next: this is its index.
        self.out.broken.push(broken);
        item
    }

    /// Letters and point texts on points where a numbered move is shown.
    fn check_marks(&mut self, e: &Element, item: &Resolved) {
        let Some(d) = &item.diagram else { return };
        let figure = super::figure::Figure::of(item);
        let shown = |p: Point| figure.number_at(p);
        let mut hits: Vec<(String, u32, String)> = Vec::new();
        for (c, p) in &d.letters {
            if let Some(n) = shown(*p) {
                hits.push((c.to_string(), n, p.to_standard(item.size)));
            }
        }
        for (p, text) in &d.point_texts {
            if let Some(n) = shown(*p) {
                hits.push((text.clone(), n, p.to_standard(item.size)));
            }
        }
        for (mark, n, point) in hits {
            self.out.diagnostics.push(Diagnostic::new(
                codes::MARK_HIDES_MOVE,
                Severity::Warning,
                crate::document::spans::header_span(e),
                format!("`{mark}` at {point} hides the number of move {n} in the printed diagram"),
            ));
        }
    }

    /// Replays each `correct` and `wrong` sequence of a problem.
    fn check_solutions(&mut self, e: &Element, item: &Resolved) {
        let Some(d) = &item.diagram else { return };
        for (name, sequences) in [("correct", &d.correct), ("wrong", &d.wrong)] {
            for (k, seq) in sequences.iter().enumerate() {
                let (mut board, mut color) = item.position_after(item.moves.len());
                for (j, m) in seq.iter().enumerate() {
                    if let Move::Play(p) = m.mv {
                        if let Err(why) = board.check_move(color, p) {
                            self.push(
                                codes::ILLEGAL_SOLUTION,
                                e.span_of(name),
                                format!(
                                    "`{name}` sequence {}, move {} ({}): {why}",
                                    k + 1,
                                    j + 1,
                                    p.to_standard(item.size)
                                ),
                            );
                            break;
                        }
                        board.play_anyway(color, p);
                    } else {
                        board.pass();
                    }
                    color = color.opponent();
                }
            }
        }
    }
}

/// The Go data of an `sgf=` value.
struct SgfGame {
    board: Board,
    to_play: Color,
    moves: Vec<Move>,
    warning: Option<String>,
}

/// Reads SZ, AB, AW, AE, PL and the main line's B and W of SGF text.
fn read_sgf(text: &str, size: BoardSize) -> Result<SgfGame, String> {
    use kifu_sgf::props::Value;
    let parsed = kifu_sgf::parse(text.as_bytes());
    if let Some(d) = parsed.diagnostics.iter().find(|d| d.is_error()) {
        return Err(format!("`sgf` does not read as SGF: {}", d.message));
    }
    let collection = parsed.value;
    let Some(game) = collection.game(0) else {
        return Err("`sgf` holds no game".into());
    };
    let sgf_size = game.board_size();
    let size = if sgf_size.is_square() { sgf_size } else { size };
    let mut board = Board::new(size);
    let mut to_play = None;
    let mut moves = Vec::new();
    let mut warning = None;
    let mut expected: Option<Color> = None;
    for node in game.main_line() {
        let setup: Vec<(Point, Option<Color>)> = [
            ("AE", None),
            ("AB", Some(Color::Black)),
            ("AW", Some(Color::White)),
        ]
        .into_iter()
        .flat_map(|(id, c)| node.points(id).into_iter().map(move |p| (p, c)))
        .collect();
        if !setup.is_empty() {
            if moves.is_empty() {
                for (p, c) in setup {
                    board.set(p, c);
                }
            } else if warning.is_none() {
                warning = Some("`sgf` has setup stones after the first move; Go data cannot hold them, so they are left out".to_owned());
            }
        }
        if moves.is_empty()
            && to_play.is_none()
            && let Some(Ok(Value::Color(c))) = node.get("PL")
        {
            to_play = Some(c);
        }
        if let Some((color, point)) = node.get_move() {
            if moves.is_empty() && to_play.is_none() {
                to_play = Some(color);
            }
            // Go data alternates: two moves of one colour get a pass between.
            if expected.is_some_and(|e| e != color) {
                moves.push(Move::Pass);
            }
            moves.push(point.map_or(Move::Pass, Move::Play));
            expected = Some(color.opponent());
        }
    }
    Ok(SgfGame {
        board,
        to_play: to_play.unwrap_or(Color::Black),
        moves,
        warning,
    })
}

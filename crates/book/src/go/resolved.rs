//! What resolution gives: every Go data element, diagram and inline
//! `<dia>` as a [`Resolved`] item (its source and kind, the starting
//! position, the moves replayed and numbered), and the positions along its
//! moves. [`crate::resolve`] builds them; [`crate::figure`] shows them.

use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
use kifu_diag::Diagnostic;

use crate::meaning::coords::{Move, View};
use crate::meaning::go_data::Diagram;
use crate::meaning::model::DiagramKind;

/// Where a resolved item comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An element, by index.
    Element(usize),
    /// The `ordinal`-th inline `<dia>` of the paragraph at `paragraph`.
    Inline {
        /// The paragraph's element index.
        paragraph: usize,
        /// 0-based among the paragraph's inline diagrams.
        ordinal: usize,
    },
}

/// What kind of item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// `::go`.
    Go,
    /// A diagram element.
    Diagram(DiagramKind),
    /// An inline `<dia>`.
    Inline,
}

impl ItemKind {
    /// `go`, `fig`, `dia`, `var`, `prb` or `inline`.
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Go => "go",
            ItemKind::Diagram(d) => d.name(),
            ItemKind::Inline => "inline",
        }
    }
}

/// One move of a resolved sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceMove {
    /// Who plays it.
    pub color: Color,
    /// What is played.
    pub mv: Move,
    /// Its displayed number (`None` for a pass).
    pub number: Option<u32>,
    /// The stones it captured (or, for a suicide, the mover's own).
    pub captured: Vec<Point>,
    /// Why it was illegal, if it was (it was played anyway).
    pub illegal: Option<IllegalMove>,
    /// Whether it took a ko (captured one stone and left a ko point).
    pub ko_capture: bool,
}

/// A resolved Go data element or diagram.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// Where it comes from.
    pub source: Source,
    /// Its kind.
    pub kind: ItemKind,
    /// Its ID, if any.
    pub id: Option<String>,
    /// The index in [`Resolution::items`] of its base.
    pub base: Option<usize>,
    /// The board size.
    pub size: BoardSize,
    /// The view: `vw`, else the base diagram's.
    pub view: Option<View>,
    /// The starting position.
    pub start: Board,
    /// How many of the base's moves were played to reach `start`, before
    /// `ae`, `ab` and `aw` (0 without a base).
    pub base_moves: usize,
    /// Who plays first.
    pub to_play: Color,
    /// The moves, replayed.
    pub moves: Vec<SequenceMove>,
    /// The number of the first numbered move.
    pub first_number: u32,
    /// The diagram attributes (`None` for `go`).
    pub diagram: Option<Diagram>,
    /// The tappable text of an inline diagram.
    pub inline_text: Option<String>,
    /// The `ca` attributes (`ca`, `ca_en`...) with their texts.
    pub captions: Vec<(String, String)>,
    /// The problem text (the value of a `prb`).
    pub problem_text: Option<String>,
    /// The default correct answer of a problem: the base's moves from the
    /// diagram's position, when the problem shows no moves itself.
    pub default_correct: Vec<Move>,
}

impl Resolved {
    /// The number after the last numbered move (`first_number` when there
    /// is none): what `at=end` means.
    pub fn end_number(&self) -> u32 {
        self.moves
            .iter()
            .filter_map(|m| m.number)
            .next_back()
            .map_or(self.first_number, |n| n + 1)
    }

    /// The index of the first move numbered `at` or more: the moves before
    /// it make the position "before move `at`".
    pub fn index_before(&self, at: u32) -> usize {
        self.moves
            .iter()
            .position(|m| m.number.is_some_and(|n| n >= at))
            .unwrap_or(self.moves.len())
    }

    /// The position after the first `count` moves, and who plays next.
    pub fn position_after(&self, count: usize) -> (Board, Color) {
        let mut board = self.start.clone();
        let mut to_play = self.to_play;
        for m in self.moves.iter().take(count) {
            match m.mv {
                Move::Play(p) => {
                    board.play_anyway(m.color, p);
                }
                Move::Pass | Move::Tenuki => board.pass(),
            }
            to_play = m.color.opponent();
        }
        (board, to_play)
    }

    /// The final position.
    pub fn end_position(&self) -> Board {
        self.position_after(self.moves.len()).0
    }

    /// The points whose marks are hidden while the sequence is replayed:
    /// `hideInReplay`, letters on empty points (except in problems, as the
    /// 2026 revision says), and marks on the points the moves are played on.
    ///
    /// ```
    /// let book = kifu_book::parse("::dia base=none ab=D4 mv=E5 A=D4 b=C3 tr=E5 hideInReplay=Q16").value;
    /// let r = kifu_book::resolve::resolve(&book);
    /// let hidden: Vec<String> = r.of_element(0).unwrap().hidden_in_replay().iter().map(|p| p.to_standard(kifu_board::BoardSize::STANDARD)).collect();
    /// assert_eq!(hidden, ["Q16", "C3", "E5"]);
    /// ```
    pub fn hidden_in_replay(&self) -> Vec<Point> {
        let Some(d) = &self.diagram else {
            return Vec::new();
        };
        let mut out: Vec<Point> = d.hide_in_replay.clone();
        if d.kind != DiagramKind::Prb {
            out.extend(
                d.letters
                    .iter()
                    .filter(|(_, p)| self.start.get(*p).is_none())
                    .map(|(_, p)| *p),
            );
        }
        let played: Vec<Point> = self
            .moves
            .iter()
            .filter_map(|m| {
                if let Move::Play(p) = m.mv {
                    Some(p)
                } else {
                    None
                }
            })
            .collect();
        out.extend(
            d.marks
                .iter()
                .map(|(_, p)| *p)
                .filter(|p| played.contains(p)),
        );
        let mut seen = std::collections::HashSet::new();
        out.retain(|p| seen.insert(*p));
        out
    }

    /// The first and last displayed move numbers, if any move is numbered.
    pub fn number_range(&self) -> Option<(u32, u32)> {
        let mut numbers = self.moves.iter().filter_map(|m| m.number);
        let first = numbers.next()?;
        Some((first, numbers.next_back().unwrap_or(first)))
    }
}

/// Every resolved item of a book, in book order (inline diagrams after
/// their paragraph), with what went wrong.
#[derive(Clone, Debug, Default)]
pub struct Resolution {
    /// The items.
    pub items: Vec<Resolved>,
    /// What resolution found wrong.
    pub diagnostics: Vec<Diagnostic>,
    /// The item of each element (by element index), if it holds Go data.
    pub(super) by_element: Vec<Option<usize>>,
    /// By item index: whether the item's `at` or `to` was outside its
    /// base's moves, or its base's was (see [`Resolution::is_broken`]).
    pub(super) broken: Vec<bool>,
}

impl Resolution {
    /// The item of element `index`, if it holds Go data.
    pub fn of_element(&self, index: usize) -> Option<&Resolved> {
        self.by_element
            .get(index)
            .copied()
            .flatten()
            .map(|i| &self.items[i])
    }

    /// Whether item `item` stands on a range error: its `at` or `to` was
    /// outside its base's moves (reported), or its base's was. Its position
    /// is a guess, so what follows from it (the moves it plays, the
    /// diagrams based on it, the coordinates its paragraphs name) is not
    /// reported again: the cause is reported once.
    pub fn is_broken(&self, item: usize) -> bool {
        self.broken.get(item).copied().unwrap_or(false)
    }

    /// The item index of element `index`.
    pub fn item_of_element(&self, index: usize) -> Option<usize> {
        self.by_element.get(index).copied().flatten()
    }
}

//! A problem's answers for the static outputs (EPUB answers, print): the
//! correct sequences a problem has (the `correct` attribute's, else the
//! default answer of the Go data), and a sequence played on the problem's
//! drawing with its moves numbered from 1. The texts are plain; each
//! writer escapes them for its markup.

use kifu_board::{Board, Color};
use kifu_book::coords::Move;
use kifu_book::resolve::Resolved;

use crate::svg::{DiagramView, Stone};

/// A problem's correct sequences, each move with its text: the `correct`
/// attribute's, else the default answer (empty when there is none).
pub(crate) fn correct_sequences(item: &Resolved) -> Vec<Vec<(Move, Option<String>)>> {
    let given: Vec<Vec<(Move, Option<String>)>> = item
        .diagram
        .as_ref()
        .map(|d| {
            d.correct
                .iter()
                .map(|s| s.iter().map(|m| (m.mv, m.text.clone())).collect())
                .collect()
        })
        .unwrap_or_default();
    if !given.is_empty() {
        return given
            .into_iter()
            .filter(|s: &Vec<_>| !s.is_empty())
            .collect();
    }
    if item.default_correct.is_empty() {
        return Vec::new();
    }
    vec![item.default_correct.iter().map(|&m| (m, None)).collect()]
}

/// Plays a sequence on a drawn position, numbering the moves from 1 and
/// removing what they capture; returns the moves' texts, plain
/// (`"1: Good shape."`).
pub(crate) fn play(
    view: &mut DiagramView,
    item: &Resolved,
    sequence: &[(Move, Option<String>)],
) -> Vec<String> {
    let mut board = Board::new(view.size);
    for s in &view.stones {
        board.set(s.point, Some(s.color));
    }
    // Numbers of the problem's own moves are not the answer's.
    for s in &mut view.stones {
        s.number = None;
    }
    let mut color = item.to_play;
    let mut texts = Vec::new();
    for (k, (mv, text)) in sequence.iter().enumerate() {
        let number = u32::try_from(k + 1).unwrap_or(u32::MAX);
        if let Move::Play(p) = mv
            && view.size.contains(*p)
        {
            let outcome = board.play_anyway(color, *p);
            view.stones
                .retain(|s| !outcome.captured.contains(&s.point) && s.point != *p);
            view.stones.push(Stone {
                point: *p,
                color,
                number: Some(number),
            });
        }
        if let Some(t) = text.as_deref().filter(|t| !t.trim().is_empty()) {
            texts.push(format!("{number}: {}", t.trim()));
        }
        color = match color {
            Color::Black => Color::White,
            Color::White => Color::Black,
        };
    }
    texts
}

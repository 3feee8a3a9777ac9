//! Diagrams as Unicode text: `●` and `○` for stones, move numbers,
//! letters and mark symbols (`△ × □ ◇ ◯ ▪ ▫`), `+` for star points and
//! `·` for empty points, inside the view, then the caption and gaps line.
//!
//! ```
//! use kifu_board::{BoardSize, Color, Point};
//! use kifu_render::svg::{DiagramView, Stone};
//! let mut view = DiagramView::empty(BoardSize::square(5).unwrap());
//! view.stones.push(Stone { point: Point::new(0, 4), color: Color::Black, number: None });
//! let text = kifu_render::text::to_text(&view);
//! assert!(text.ends_with("   1  ●  ·  ·  ·  ·\n"));
//! ```

use std::fmt::Write as _;

use kifu_board::{Color, Point};

use crate::svg::{Coordinates, DiagramView, MarkKind};

fn symbol(kind: MarkKind) -> &'static str {
    match kind {
        MarkKind::Triangle => "△",
        MarkKind::Cross => "×",
        MarkKind::Square => "□",
        MarkKind::Diamond => "◇",
        MarkKind::Circle => "◯",
        MarkKind::BlackArea => "▪",
        MarkKind::WhiteArea => "▫",
    }
}

/// Draws a diagram as text, three columns a point, with coordinates
/// (standard ones unless the view asks for another system).
pub fn to_text(view: &DiagramView) -> String {
    let (x0, y0, x1, y1) = view.window();
    let size = view.size;
    let system = match view.coordinates {
        Coordinates::None => Coordinates::Standard,
        c => c,
    };
    let (cols, rows) = system.labels(size).unwrap_or_default();
    let label = |names: &[String], i: u8| names.get(usize::from(i)).cloned().unwrap_or_default();
    let mut out = String::new();
    out.push_str("    ");
    for x in x0..=x1 {
        let name = label(&cols, x);
        let _ = write!(out, "{name:>3}");
    }
    out.push('\n');
    for y in y0..=y1 {
        let row = label(&rows, y);
        let _ = write!(out, "{row:>4}");
        for x in x0..=x1 {
            let p = Point::new(x, y);
            let stone = view.stone_at(p);
            let label = view
                .labels
                .iter()
                .find(|(q, _)| *q == p)
                .map(|(_, t)| t.clone());
            let mark = view.marks.iter().find(|(q, _)| *q == p).map(|(_, m)| *m);
            let disc = |c: Color| if c == Color::Black { "●" } else { "○" };
            let cell = match (stone, label, mark) {
                (_, Some(l), _) => l,
                (Some(s), None, None) if s.number.is_some() => {
                    s.number.map(|n| n.to_string()).unwrap_or_default()
                }
                (Some(s), None, Some(m)) => format!("{}{}", disc(s.color), symbol(m)),
                (Some(s), None, None) => disc(s.color).to_owned(),
                (None, None, Some(m)) => symbol(m).to_owned(),
                (None, None, None) if view.is_star(p) => "+".to_owned(),
                (None, None, None) => "·".to_owned(),
            };
            let width = cell.chars().count();
            let _ = write!(out, "{}{cell}", " ".repeat(3usize.saturating_sub(width)));
        }
        out.push('\n');
    }
    for line in [&view.caption, &view.gaps].into_iter().flatten() {
        let _ = writeln!(out, "{line}");
    }
    out
}

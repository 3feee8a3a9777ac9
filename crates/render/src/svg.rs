//! Diagrams to SVG.
//!
//! A [`DiagramView`] (built from a resolved book item or an SGF position)
//! is drawn by [`to_svg`] in a [`Style`]: the grid with its star points,
//! the view window with cut edges drawn open (the lines run out to the
//! border where the board goes on, as printed books do), stones (shared in
//! `<defs>`, placed with `<use>`), move numbers sized for their digits,
//! letters and point texts (the grid cleared under them on empty points),
//! marks, lines and arrows, dimmed points, coordinates, then the caption
//! and the gaps line below.
//!
//! The output depends only on its input: the same view and style give the
//! same bytes. Everything is vector (a `viewBox`, no raster), so it is
//! crisp at any size.
//!
//! ```
//! use kifu_board::{BoardSize, Color, Point};
//! use kifu_render::svg::{DiagramView, Stone, to_svg};
//! use kifu_render::style::Style;
//! let mut view = DiagramView::empty(BoardSize::square(9).unwrap());
//! view.stones.push(Stone { point: Point::new(2, 6), color: Color::Black, number: Some(1) });
//! let svg = to_svg(&view, &Style::book());
//! assert!(svg.starts_with("<svg "));
//! assert!(svg.contains(">1</text>"));
//! ```

mod view;

use std::fmt::Write as _;

use kifu_board::{Color, Point};

pub use view::{Coordinates, DiagramView, MarkKind, SgfPosition, SgfViewError, Stone};

use crate::style::Style;

/// The size of a cell in SVG user units.
const U: f64 = 24.0;
/// The margin from the outermost lines to the board's border, in cells.
const MARGIN: f64 = 0.62;
/// The stone radius, in cells.
const STONE: f64 = 0.48;
/// The font size of coordinates, in cells.
const COORD_SIZE: f64 = 0.45;

/// A number in SVG: at most two decimals, no trailing zeros.
fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}

/// Escapes text for XML content and attribute values. Characters XML 1.0
/// forbids never reach the document: control characters become spaces,
/// U+FFFE and U+FFFF the replacement character (either would make the SVG
/// invalid, and the PNG fail).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{FFFE}' | '\u{FFFF}' => out.push('\u{FFFD}'),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The font size (in cells) of a number or label with `chars` characters
/// on a stone: large for one digit, smaller for two, narrow for three.
pub fn label_font_size(chars: usize) -> f64 {
    match chars {
        0 | 1 => 0.62,
        2 => 0.52,
        3 => 0.4,
        _ => 0.3,
    }
}

/// Where things go.
struct Layout {
    x0: u8,
    y0: u8,
    x1: u8,
    y1: u8,
    /// The board's border (the board rectangle).
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
    width: f64,
    height: f64,
    caption_lines: Vec<String>,
    caption_top: f64,
    caption_size: f64,
}

impl Layout {
    fn new(view: &DiagramView, style: &Style) -> Layout {
        let (x0, y0, x1, y1) = view.window();
        // Room for the coordinates: the widest row label on the left.
        let (coord_left, coord_top) = match view.coordinates.labels(view.size) {
            None => (0.0, 0.0),
            Some((_, rows)) => {
                let widest = rows
                    .iter()
                    .map(|r| {
                        r.chars()
                            .map(|c| if c.is_ascii() { 0.62 } else { 1.0 })
                            .sum::<f64>()
                    })
                    .fold(0.0, f64::max);
                (0.25 + widest * COORD_SIZE, 0.7)
            }
        };
        let pad = 0.12 * U;
        let board_width = 2.0 * pad + coord_left * U + (2.0 * MARGIN + f64::from(x1 - x0)) * U;
        // A caption may widen a small board's picture (up to 12 cells),
        // the board then centred above it.
        let caption_size = style.caption_size * U;
        let char_width = 0.56 * caption_size;
        let longest = [&view.caption, &view.gaps]
            .into_iter()
            .flatten()
            .flat_map(|t| t.lines())
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let needed = longest as f64 * char_width + 2.0 * pad;
        let width = board_width.max(needed.min(board_width.max(12.0 * U)));
        let left = (width - board_width) / 2.0 + pad + coord_left * U;
        let top = pad + coord_top * U;
        let right = left + (2.0 * MARGIN + f64::from(x1 - x0)) * U;
        let bottom = top + (2.0 * MARGIN + f64::from(y1 - y0)) * U;
        let mut caption_lines = Vec::new();
        let max_chars = ((width - 2.0 * pad) / char_width).floor().max(8.0) as usize;
        for text in [&view.caption, &view.gaps].into_iter().flatten() {
            for paragraph in text.lines() {
                caption_lines.extend(wrap(paragraph, max_chars));
            }
        }
        let caption_top = bottom + 0.35 * caption_size;
        let height = if caption_lines.is_empty() {
            bottom + pad
        } else {
            caption_top + caption_lines.len() as f64 * 1.3 * caption_size + pad
        };
        Layout {
            x0,
            y0,
            x1,
            y1,
            left,
            top,
            right,
            bottom,
            width,
            height,
            caption_lines,
            caption_top,
            caption_size,
        }
    }

    fn cx(&self, x: u8) -> f64 {
        self.left + (MARGIN + f64::from(x) - f64::from(self.x0)) * U
    }

    fn cy(&self, y: u8) -> f64 {
        self.top + (MARGIN + f64::from(y) - f64::from(self.y0)) * U
    }

    fn shows(&self, p: Point) -> bool {
        (self.x0..=self.x1).contains(&p.x) && (self.y0..=self.y1).contains(&p.y)
    }
}

/// Word-wraps a line to about `max` characters.
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > max {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The text colour on a point: on a black stone, else on a white stone or
/// the board.
fn ink(style: &Style, stone: Option<Color>) -> &str {
    match stone {
        Some(Color::Black) => &style.black_text,
        _ => &style.white_text,
    }
}

/// Where [`to_svg`] puts a view's points, in the drawing's user units:
/// for a script that draws stones over the drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The drawing's width (its `viewBox`).
    pub width: f64,
    /// The drawing's height.
    pub height: f64,
    /// The x of column 0's line (it may be left of the view).
    pub x0: f64,
    /// The y of row 0's line.
    pub y0: f64,
    /// The distance between two lines.
    pub cell: f64,
}

/// The [`Geometry`] of `view` drawn in `style`.
///
/// ```
/// use kifu_board::BoardSize;
/// use kifu_render::{style::Style, svg::{DiagramView, geometry}};
/// let g = geometry(&DiagramView::empty(BoardSize::square(9).unwrap()), &Style::book());
/// assert!(g.x0 > 0.0 && g.x0 + 8.0 * g.cell < g.width);
/// ```
pub fn geometry(view: &DiagramView, style: &Style) -> Geometry {
    let l = Layout::new(view, style);
    Geometry {
        width: l.width,
        height: l.height,
        x0: l.cx(l.x0) - f64::from(l.x0) * U,
        y0: l.cy(l.y0) - f64::from(l.y0) * U,
        cell: U,
    }
}

/// Draws a diagram as a standalone SVG document.
pub fn to_svg(view: &DiagramView, style: &Style) -> String {
    let l = Layout::new(view, style);
    let mut s = String::with_capacity(4096 + 64 * view.stones.len());
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">",
        w = num(l.width),
        h = num(l.height)
    );
    defs(&mut s, view, style);
    let _ = write!(
        s,
        "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>",
        num(l.width),
        num(l.height),
        style.background
    );
    let board_fill = if style.texture {
        "url(#wood)"
    } else {
        &style.board
    };
    let _ = write!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{board_fill}\"/>",
        num(l.left),
        num(l.top),
        num(l.right - l.left),
        num(l.bottom - l.top)
    );
    grid(&mut s, view, style, &l);
    coordinates(&mut s, view, style, &l);
    stones(&mut s, view, style, &l);
    marks(&mut s, view, style, &l);
    lines(&mut s, view, style, &l);
    dimmed(&mut s, view, style, &l);
    caption(&mut s, style, &l);
    s.push_str("</svg>\n");
    s
}

fn defs(s: &mut String, view: &DiagramView, style: &Style) {
    s.push_str("<defs>");
    let r = STONE * U - style.stone_outline_width * U / 2.0;
    let stroke = format!(
        " stroke=\"{}\" stroke-width=\"{}\"",
        style.stone_outline,
        num(style.stone_outline_width * U)
    );
    if style.texture {
        let _ = write!(
            s,
            "<radialGradient id=\"gb\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\"><stop offset=\"0\" stop-color=\"#666666\"/><stop offset=\"1\" stop-color=\"{}\"/></radialGradient>",
            style.black
        );
        let _ = write!(
            s,
            "<radialGradient id=\"gw\" cx=\"0.35\" cy=\"0.3\" r=\"0.8\"><stop offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\"0.6\" stop-color=\"{}\"/><stop offset=\"1\" stop-color=\"#c8c8c0\"/></radialGradient>",
            style.white
        );
        let _ = write!(
            s,
            "<linearGradient id=\"wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"{b}\" stop-opacity=\"0.85\"/><stop offset=\"0.5\" stop-color=\"{b}\"/><stop offset=\"1\" stop-color=\"{b}\" stop-opacity=\"0.9\"/></linearGradient>",
            b = style.board
        );
    }
    let (fb, fw) = if style.texture {
        ("url(#gb)", "url(#gw)")
    } else {
        (style.black.as_str(), style.white.as_str())
    };
    let _ = write!(
        s,
        "<circle id=\"b\" r=\"{}\" fill=\"{fb}\"{stroke}/>",
        num(r)
    );
    let _ = write!(
        s,
        "<circle id=\"w\" r=\"{}\" fill=\"{fw}\"{stroke}/>",
        num(r)
    );
    if !view.arrows.is_empty() {
        let _ = write!(
            s,
            "<marker id=\"ah\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"{}\"/></marker>",
            style.white_text
        );
    }
    s.push_str("</defs>");
}

fn grid(s: &mut String, view: &DiagramView, style: &Style, l: &Layout) {
    let size = view.size;
    let (mut thin, mut thick) = (String::new(), String::new());
    // Columns: a line ends at the last row when that row is the board's
    // edge, else it runs out to the border (an open edge).
    let ytop = if l.y0 == 0 { l.cy(l.y0) } else { l.top };
    let ybot = if l.y1 == size.rows - 1 {
        l.cy(l.y1)
    } else {
        l.bottom
    };
    for x in l.x0..=l.x1 {
        let path = if x == 0 || x == size.cols - 1 {
            &mut thick
        } else {
            &mut thin
        };
        let _ = write!(path, "M{} {}V{}", num(l.cx(x)), num(ytop), num(ybot));
    }
    let xleft = if l.x0 == 0 { l.cx(l.x0) } else { l.left };
    let xright = if l.x1 == size.cols - 1 {
        l.cx(l.x1)
    } else {
        l.right
    };
    for y in l.y0..=l.y1 {
        let path = if y == 0 || y == size.rows - 1 {
            &mut thick
        } else {
            &mut thin
        };
        let _ = write!(path, "M{} {}H{}", num(xleft), num(l.cy(y)), num(xright));
    }
    for (d, w) in [(thin, style.line_width), (thick, style.border_width)] {
        if !d.is_empty() {
            let _ = write!(
                s,
                "<path d=\"{d}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"square\" fill=\"none\"/>",
                style.line,
                num(w * U)
            );
        }
    }
    let mut stars = String::new();
    for y in l.y0..=l.y1 {
        for x in l.x0..=l.x1 {
            let p = Point::new(x, y);
            if view.is_star(p) {
                let _ = write!(
                    stars,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                    num(l.cx(x)),
                    num(l.cy(y)),
                    num(style.star_radius * U)
                );
            }
        }
    }
    if !stars.is_empty() {
        let _ = write!(s, "<g fill=\"{}\">{stars}</g>", style.line);
    }
}

fn coordinates(s: &mut String, view: &DiagramView, style: &Style, l: &Layout) {
    let Some((cols, rows)) = view.coordinates.labels(view.size) else {
        return;
    };
    let fs = COORD_SIZE * U;
    let _ = write!(
        s,
        "<g font-family=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\">",
        escape(&style.font_family),
        num(fs),
        style.coordinate_color
    );
    let ty = l.top - 0.3 * U;
    for x in l.x0..=l.x1 {
        let name = cols.get(usize::from(x)).map_or("", String::as_str);
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            num(l.cx(x)),
            num(ty),
            escape(name)
        );
    }
    let tx = l.left - 0.15 * U;
    for y in l.y0..=l.y1 {
        let name = rows.get(usize::from(y)).map_or("", String::as_str);
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            num(tx),
            num(l.cy(y) + 0.36 * fs),
            escape(name)
        );
    }
    s.push_str("</g>");
}

/// What is written on a point: a label, else the number of its stone
/// unless a mark hides it.
fn text_on(view: &DiagramView, p: Point, stone: Option<&Stone>) -> Option<String> {
    if let Some((_, t)) = view.labels.iter().find(|(q, _)| *q == p) {
        return Some(t.clone());
    }
    let number = stone.and_then(|s| s.number)?;
    if view.marks.iter().any(|(q, _)| *q == p) {
        return None;
    }
    Some(number.to_string())
}

fn stones(s: &mut String, view: &DiagramView, style: &Style, l: &Layout) {
    let mut texts = String::new();
    // Labels on empty points clear the grid under them.
    let mut clear = String::new();
    for (p, text) in &view.labels {
        if l.shows(*p) && view.stone_at(*p).is_none() && !text.is_empty() {
            let _ = write!(
                clear,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(l.cx(p.x)),
                num(l.cy(p.y)),
                num(0.42 * U)
            );
        }
    }
    if !clear.is_empty() {
        let _ = write!(s, "<g fill=\"{}\">{clear}</g>", style.board);
    }
    for st in &view.stones {
        if !l.shows(st.point) {
            continue;
        }
        let id = if st.color == Color::Black { "b" } else { "w" };
        let _ = write!(
            s,
            "<use href=\"#{id}\" x=\"{}\" y=\"{}\"/>",
            num(l.cx(st.point.x)),
            num(l.cy(st.point.y))
        );
    }
    // Texts: on stones, then labels on empty points, in point order.
    let mut points: Vec<Point> = view
        .stones
        .iter()
        .map(|st| st.point)
        .chain(view.labels.iter().map(|(p, _)| *p))
        .filter(|p| l.shows(*p))
        .collect();
    points.sort_by_key(|p| (p.y, p.x));
    points.dedup();
    for p in points {
        let stone = view.stone_at(p);
        let Some(text) = text_on(view, p, stone) else {
            continue;
        };
        let chars = text.chars().count();
        let fs = label_font_size(chars) * U;
        let _ = write!(
            texts,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\">{}</text>",
            num(l.cx(p.x)),
            num(l.cy(p.y) + 0.36 * fs),
            num(fs),
            ink(style, stone.map(|st| st.color)),
            escape(&text)
        );
    }
    if !texts.is_empty() {
        let _ = write!(
            s,
            "<g font-family=\"{}\" font-weight=\"{}\" text-anchor=\"middle\">{texts}</g>",
            escape(&style.font_family),
            escape(&style.font_weight)
        );
    }
}

fn marks(s: &mut String, view: &DiagramView, style: &Style, l: &Layout) {
    let w = num(style.mark_width * U);
    for (p, kind) in &view.marks {
        if !l.shows(*p) {
            continue;
        }
        let stone = view.stone_at(*p).map(|st| st.color);
        let color = ink(style, stone);
        let (cx, cy) = (l.cx(p.x), l.cy(p.y));
        let stroked = format!("fill=\"none\" stroke=\"{color}\" stroke-width=\"{w}\"");
        match kind {
            MarkKind::Triangle => {
                let r = 0.3 * U;
                let dx = r * 0.866;
                let _ = write!(
                    s,
                    "<path d=\"M{} {}L{} {}L{} {}z\" {stroked} stroke-linejoin=\"round\"/>",
                    num(cx),
                    num(cy - r),
                    num(cx + dx),
                    num(cy + r / 2.0),
                    num(cx - dx),
                    num(cy + r / 2.0)
                );
            }
            MarkKind::Square => {
                let h = 0.21 * U;
                let _ = write!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {stroked}/>",
                    num(cx - h),
                    num(cy - h),
                    num(2.0 * h),
                    num(2.0 * h)
                );
            }
            MarkKind::Diamond => {
                let h = 0.28 * U;
                let _ = write!(
                    s,
                    "<path d=\"M{} {}L{} {}L{} {}L{} {}z\" {stroked}/>",
                    num(cx),
                    num(cy - h),
                    num(cx + h),
                    num(cy),
                    num(cx),
                    num(cy + h),
                    num(cx - h),
                    num(cy)
                );
            }
            MarkKind::Cross => {
                let h = 0.2 * U;
                let _ = write!(
                    s,
                    "<path d=\"M{a} {b}L{c} {d}M{a} {d}L{c} {b}\" {stroked} stroke-linecap=\"round\"/>",
                    a = num(cx - h),
                    b = num(cy - h),
                    c = num(cx + h),
                    d = num(cy + h)
                );
            }
            // 2026: a dot on an empty point, a circle on a stone; with
            // circleAsDot, gray dots on stones too.
            MarkKind::Circle => match stone {
                None => {
                    let _ = write!(
                        s,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{color}\"/>",
                        num(cx),
                        num(cy),
                        num(0.15 * U)
                    );
                }
                Some(_) if view.circle_as_dot => {
                    let _ = write!(
                        s,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>",
                        num(cx),
                        num(cy),
                        num(0.18 * U),
                        style.dot
                    );
                }
                Some(_) => {
                    let _ = write!(
                        s,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {stroked}/>",
                        num(cx),
                        num(cy),
                        num(0.24 * U)
                    );
                }
            },
            MarkKind::BlackArea | MarkKind::WhiteArea => {
                let h = 0.17 * U;
                let fill = if *kind == MarkKind::BlackArea {
                    &style.black
                } else {
                    &style.white
                };
                let _ = write!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                    num(cx - h),
                    num(cy - h),
                    num(2.0 * h),
                    num(2.0 * h),
                    style.stone_outline,
                    num(style.stone_outline_width * U)
                );
            }
        }
    }
}

fn lines(s: &mut String, view: &DiagramView, style: &Style, l: &Layout) {
    let w = num(style.mark_width * 0.9 * U);
    for (a, b, arrow) in view
        .lines
        .iter()
        .map(|(a, b)| (a, b, false))
        .chain(view.arrows.iter().map(|(a, b)| (a, b, true)))
    {
        if !l.shows(*a) || !l.shows(*b) {
            continue;
        }
        let _ = write!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{w}\" stroke-linecap=\"round\"{}/>",
            num(l.cx(a.x)),
            num(l.cy(a.y)),
            num(l.cx(b.x)),
            num(l.cy(b.y)),
            style.white_text,
            if arrow {
                " marker-end=\"url(#ah)\""
            } else {
                ""
            }
        );
    }
}

fn dimmed(s: &mut String, view: &DiagramView, style: &Style, l: &Layout) {
    let mut d = String::new();
    for p in &view.dimmed {
        if !l.shows(*p) {
            continue;
        }
        let _ = write!(
            d,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(l.cx(p.x) - U / 2.0),
            num(l.cy(p.y) - U / 2.0),
            num(U),
            num(U)
        );
    }
    if !d.is_empty() {
        let _ = write!(
            s,
            "<g fill=\"{}\" fill-opacity=\"{}\">{d}</g>",
            style.board,
            num(style.dim_opacity)
        );
    }
}

fn caption(s: &mut String, style: &Style, l: &Layout) {
    if l.caption_lines.is_empty() {
        return;
    }
    let _ = write!(
        s,
        "<g font-family=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\">",
        escape(&style.font_family),
        num(l.caption_size),
        style.caption_color
    );
    for (i, line) in l.caption_lines.iter().enumerate() {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            num(l.width / 2.0),
            num(l.caption_top + (i as f64 + 1.0) * 1.3 * l.caption_size - 0.3 * l.caption_size),
            escape(line)
        );
    }
    s.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(escape("a\u{FFFE}b\u{FFFF}\u{0}c"), "a\u{FFFD}b\u{FFFD} c");
    }

    #[test]
    fn captions_wrap() {
        assert_eq!(wrap("one two three", 8), ["one two", "three"]);
    }
}

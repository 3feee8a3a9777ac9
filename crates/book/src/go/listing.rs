//! The list of every Go data element and diagram after resolution, for
//! authors to proofread and for tests: as JSON, or drawn as text.
//!
//! Each entry names its chapter (ID) and its `index`: the 0-based position
//! among the chapter's elements after the `::chapter` line, with inline
//! diagrams counted right after their paragraph. Stones are listed in
//! standard coordinates sorted by column, then by row (`A1`, `A2`, ...,
//! `A10`, `B1`).

use std::fmt::Write as _;

use serde_json::{Value, json};

use kifu_board::{BoardSize, Color, Point};

use super::figure::{self, Figure};
use super::resolve::{Resolution, Resolved, Source};
use crate::document::Book;
use crate::meaning::coords::Move;
use crate::meaning::go_data::Mark;
use crate::meaning::refs::Index;

/// Where an item sits: its chapter's ID and its index in the chapter.
fn place(
    book: &Book,
    index: &Index<'_>,
    source: Source,
    inline_before: &[usize],
) -> (Option<String>, usize) {
    let element = element_of(source);
    place_in(book, index.chapter_of(element), source, &|i| {
        inline_before[i]
    })
}

fn element_of(source: Source) -> usize {
    match source {
        Source::Element(i) => i,
        Source::Inline { paragraph, .. } => paragraph,
    }
}

/// [`place`] with the item's chapter found and the inline diagrams of
/// each element counted by the caller.
fn place_in(
    book: &Book,
    chapter: Option<usize>,
    source: Source,
    inline_before: &dyn Fn(usize) -> usize,
) -> (Option<String>, usize) {
    let element = element_of(source);
    let chapter_id = chapter.and_then(|c| book.elements()[c].id().map(str::to_owned));
    let first = chapter.map_or(0, |c| c + 1);
    // Inline diagrams of earlier paragraphs of the chapter shift the index.
    let shift: usize = (first..element).map(inline_before).sum();
    let base = element.saturating_sub(first) + shift;
    let position = match source {
        Source::Element(_) => base,
        Source::Inline { ordinal, .. } => base + 1 + ordinal,
    };
    (chapter_id, position)
}

fn sorted(mut points: Vec<Point>, size: BoardSize) -> Vec<String> {
    points.sort_by_key(|p| (p.x, size.rows - p.y));
    points.iter().map(|p| p.to_standard(size)).collect()
}

fn color_name(c: Color) -> &'static str {
    if c == Color::Black { "b" } else { "w" }
}

/// The marks of a diagram by point: letters, point texts, symbols.
fn marks(item: &Resolved) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    let Some(d) = &item.diagram else {
        return out;
    };
    let size = item.size;
    let mut add = |p: Point, label: String| {
        let key = p.to_standard(size);
        let entry = out
            .entry(key)
            .or_insert_with(|| Value::String(String::new()));
        if let Value::String(s) = entry {
            if !s.is_empty() {
                s.push(',');
            }
            s.push_str(&label);
        }
    };
    for (c, p) in &d.letters {
        add(*p, c.to_string());
    }
    for (p, t) in &d.point_texts {
        add(*p, t.clone());
    }
    for (m, p) in &d.marks {
        let name = Mark::ALL
            .iter()
            .find(|(k, _)| k == m)
            .map_or("", |(_, n)| *n);
        add(*p, name.to_owned());
    }
    out
}

/// Every resolved item as a JSON array in book order.
///
/// ```
/// let book = kifu_book::parse("::chapter(#c)\n\n::go mv=\"D4 F4\"\n\n::fig at=1 to=2 A=D6").value;
/// let resolution = kifu_book::resolve::resolve(&book);
/// let list = kifu_book::listing::to_json(&book, &resolution);
/// assert_eq!(list[1]["kind"], "fig");
/// assert_eq!(list[1]["index"], 1);
/// assert_eq!(list[1]["moves"][1], serde_json::json!({"color": "w", "point": "F4", "number": 2}));
/// assert_eq!(list[1]["caption"], "Moves 1-2");
/// assert_eq!(list[1]["marks"]["D6"], "A");
/// ```
pub fn to_json(book: &Book, resolution: &Resolution) -> Value {
    let index = Index::new(book);
    let inline_counts = inline_counts(book, resolution);
    resolution
        .items
        .iter()
        .map(|item| {
            let (chapter, position) = place(book, &index, item.source, &inline_counts);
            let size = item.size;
            let stones = |c: Color| {
                sorted(
                    item.start.stones().filter(|(_, s)| *s == c).map(|(p, _)| p).collect(),
                    size,
                )
            };
            json!({
                "chapter": chapter,
                "index": position,
                "kind": item.kind.name(),
                "id": item.id,
                "size": size.cols,
                "view": item.view.map(|v| json!([v.top_left.to_standard(size), v.bottom_right.to_standard(size)])),
                "to_play": color_name(item.to_play),
                "black": stones(Color::Black),
                "white": stones(Color::White),
                "moves": item.moves.iter().map(|m| json!({
                    "color": color_name(m.color),
                    "point": match m.mv {
                        Move::Play(p) => p.to_standard(size),
                        Move::Pass => "pass".to_owned(),
                        Move::Tenuki => "tenuki".to_owned(),
                    },
                    "number": m.number,
                })).collect::<Value>(),
                "caption": figure::caption(item, "en"),
                "gaps": figure::gaps(item),
                "marks": marks(item),
            })
        })
        .collect()
}

fn inline_counts(book: &Book, resolution: &Resolution) -> Vec<usize> {
    let mut counts = vec![0; book.elements().len()];
    for item in &resolution.items {
        if let Source::Inline { paragraph, .. } = item.source {
            counts[paragraph] += 1;
        }
    }
    counts
}

/// Every resolved item drawn as Unicode text with its caption and gaps
/// line: `●` and `○` for starting stones, move numbers for shown moves,
/// letters and marks (`△ × □ ◇ ◯`), `·` for empty points and `+` for star
/// points, inside the view.
pub fn to_text(book: &Book, resolution: &Resolution) -> String {
    let index = Index::new(book);
    let inline_counts = inline_counts(book, resolution);
    let mut out = String::new();
    for item in &resolution.items {
        if item.kind != super::resolve::ItemKind::Go {
            let place = place(book, &index, item.source, &inline_counts);
            write_entry(&mut out, place, item);
        }
    }
    out
}

/// The entry of [`to_text`] for the item at `item` of `resolution` (its
/// `CHAPTER:INDEX kind #id` line, drawing, caption, gaps line and the empty
/// line after them), whatever its kind; empty when there is no such item.
///
/// ```
/// let book = kifu_book::parse("::chapter(#c)\n\n::dia(#d) sz=5 mv=C3 ca=\"Dia. 1\"").value;
/// let resolution = kifu_book::resolve::resolve(&book);
/// let entry = kifu_book::listing::item_text(&book, &resolution, 0);
/// assert!(entry.starts_with("c:0 dia #d\n"));
/// assert_eq!(kifu_book::listing::to_text(&book, &resolution), entry);
/// ```
pub fn item_text(book: &Book, resolution: &Resolution, item: usize) -> String {
    let mut out = String::new();
    let Some(resolved) = resolution.items.get(item) else {
        return out;
    };
    // Only the item's own chapter counts: no index of the whole book (a
    // hover in a 20,000-diagram book asks for one entry).
    let element = element_of(resolved.source);
    let chapter = book.elements()[..=element]
        .iter()
        .rposition(|e| e.kind() == crate::meaning::model::ElementKind::Chapter);
    let mut inline = std::collections::HashMap::new();
    for other in &resolution.items {
        if let Source::Inline { paragraph, .. } = other.source {
            *inline.entry(paragraph).or_insert(0) += 1;
        }
    }
    let place = place_in(book, chapter, resolved.source, &|i| {
        inline.get(&i).copied().unwrap_or(0)
    });
    write_entry(&mut out, place, resolved);
    out
}

fn write_entry(out: &mut String, (chapter, position): (Option<String>, usize), item: &Resolved) {
    let _ = writeln!(
        out,
        "{}:{position} {}{}",
        chapter.as_deref().unwrap_or("-"),
        item.kind.name(),
        item.id
            .as_deref()
            .map(|i| format!(" #{i}"))
            .unwrap_or_default()
    );
    out.push_str(&draw(item));
    if let Some(c) = figure::caption(item, "en") {
        let _ = writeln!(out, "{c}");
    }
    if let Some(g) = figure::gaps(item) {
        let _ = writeln!(out, "{g}");
    }
    out.push('\n');
}

/// One diagram drawn as text.
pub fn draw(item: &Resolved) -> String {
    let size = item.size;
    let figure = Figure::of(item);
    let (x0, y0, x1, y1) = match item.view {
        Some(v) => (
            v.top_left.x,
            v.top_left.y,
            v.bottom_right.x,
            v.bottom_right.y,
        ),
        None => (0, 0, size.cols - 1, size.rows - 1),
    };
    let mut labels: Vec<(Point, String)> = Vec::new();
    if let Some(d) = &item.diagram {
        labels.extend(d.letters.iter().map(|(c, p)| (*p, c.to_string())));
        labels.extend(d.point_texts.iter().map(|(p, t)| (*p, t.clone())));
        for (m, p) in &d.marks {
            let symbol = match m {
                Mark::Triangle => "△",
                Mark::Cross => "×",
                Mark::Square => "□",
                Mark::Diamond => "◇",
                Mark::Circle => "◯",
                Mark::BlackArea => "▪",
                Mark::WhiteArea => "▫",
            };
            labels.push((*p, symbol.to_owned()));
        }
    }
    let mut out = String::new();
    let _ = write!(out, "    ");
    for x in x0..=x1 {
        let _ = write!(out, "{:>3}", kifu_board::coord::column_name(x));
    }
    out.push('\n');
    for y in y0..=y1 {
        let _ = write!(out, "{:>4}", size.rows - y);
        for x in x0..=x1 {
            let p = Point::new(x, y);
            let stone = figure.stones.iter().find(|s| s.point == p);
            let label = labels.iter().find(|(q, _)| *q == p).map(|(_, l)| l.clone());
            let cell = match (stone, label) {
                (Some(s), _) if s.number.is_some() => {
                    s.number.map(|n| n.to_string()).unwrap_or_default()
                }
                (Some(s), Some(l)) => format!(
                    "{}{l}",
                    if s.color == Color::Black {
                        "●"
                    } else {
                        "○"
                    }
                ),
                (Some(s), None) => (if s.color == Color::Black {
                    "●"
                } else {
                    "○"
                })
                .to_owned(),
                (None, Some(l)) => l,
                (None, None) if figure::is_star_point(size, p) => "+".to_owned(),
                (None, None) => "·".to_owned(),
            };
            let width = cell.chars().count();
            let _ = write!(out, "{}{cell}", " ".repeat(3usize.saturating_sub(width)));
        }
        out.push('\n');
    }
    out
}

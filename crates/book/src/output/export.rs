//! A book's Go content as SGF, so that any SGF editor can open it.
//!
//! Each chapter becomes one game per board size (`GN` is the chapter ID,
//! the root comment its first heading and the paragraphs before its first
//! Go data, the game information that of the
//! chapter's first `go` element). Every Go data element and diagram of the
//! chapter, inline ones included, is a variation of the root: a node that
//! sets up its starting position (`AB`, `AW`, `PL`) with its marks (`LB`
//! for letters and point texts, `TR`, `MA`, `SQ`, `CR`, `TB`, `TW`, `LN`,
//! `AR`, `SL` for the diamond that SGF lacks, `VW` for the view), its name
//! in `N` and, in `C`, its caption and the paragraphs that describe it;
//! then its moves (a tenuki is a pass with the comment "elsewhere").

use std::fmt::Write as _;

use kifu_board::{BoardSize, Color, Point};

use crate::document::Book;
use crate::go::resolve::{self, Resolved, Source};
use crate::meaning::coords::Move;
use crate::meaning::go_data::Mark;
use crate::meaning::model::{ElementKind, ParagraphKind};
use crate::meaning::refs::Index;

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn sgf_point(p: Point) -> String {
    String::from_utf8_lossy(&p.to_sgf()).into_owned()
}

fn list(out: &mut String, id: &str, points: impl IntoIterator<Item = Point>) {
    let mut first = true;
    for p in points {
        if first {
            out.push_str(id);
            first = false;
        }
        let _ = write!(out, "[{}]", sgf_point(p));
    }
}

/// A paragraph's text as plain text, standard texts expanded.
fn plain(text: &str) -> String {
    let mut rich = crate::text::parse(text);
    rich.expand_standard_texts("en", &crate::text::Fields::default());
    rich.apply_typography("en");
    rich.plain_text()
}

const GAME_INFO: &[(&str, &str)] = &[
    ("pb", "PB"),
    ("br", "BR"),
    ("wp", "PW"),
    ("wr", "WR"),
    ("km", "KM"),
    ("ha", "HA"),
    ("re", "RE"),
    ("tm", "TM"),
    ("dt", "DT"),
    ("pc", "PC"),
    ("ev", "EV"),
    ("ro", "RO"),
    ("us", "US"),
    ("an", "AN"),
    ("cp", "CP"),
    ("so", "SO"),
];

/// The SGF of a book's Go content (see the module docs).
///
/// ```
/// let book = kifu_book::parse("::chapter(#c1)\n\n::h2 Opening\n\n::go mv=\"D4 F4\"\n\n::dia at=2 mv=Q16 ca=\"Dia. 1\"\n\nA fine move.").value;
/// let sgf = kifu_book::export::to_sgf(&book);
/// assert!(sgf.starts_with("(;GM[1]FF[4]CA[UTF-8]"));
/// assert!(sgf.contains("GN[c1]C[Opening]"));
/// assert!(sgf.contains("(;N[dia]AB[dp]PL[W]C[Dia. 1\n\nA fine move.];W[pd])"));
/// let games = kifu_sgf::parse(sgf.as_bytes());
/// assert!(games.diagnostics.is_empty());
/// ```
pub fn to_sgf(book: &Book) -> String {
    let resolution = resolve::resolve(book);
    let index = Index::new(book);
    let elements = book.elements();
    // Items by chapter (None: before the first chapter), in book order.
    let mut chapters: Vec<(Option<usize>, Vec<&Resolved>)> = Vec::new();
    for item in &resolution.items {
        let element = match item.source {
            Source::Element(i) => i,
            Source::Inline { paragraph, .. } => paragraph,
        };
        let chapter = index.chapter_of(element);
        match chapters.last_mut() {
            Some((c, items)) if *c == chapter => items.push(item),
            _ => chapters.push((chapter, vec![item])),
        }
    }
    let mut out = String::new();
    for (chapter, items) in chapters {
        let mut sizes: Vec<BoardSize> = Vec::new();
        for item in &items {
            if !sizes.contains(&item.size) {
                sizes.push(item.size);
            }
        }
        let range = chapter.map_or(0..elements.len(), |c| {
            c..crate::meaning::model::chapters(book)
                .into_iter()
                .find(|r| r.start == c)
                .map_or(elements.len(), |r| r.end)
        });
        let heading = range.clone().find_map(|i| {
            let e = &elements[i];
            matches!(e.kind(), ElementKind::Paragraph(k) if k != ParagraphKind::P)
                .then(|| plain(e.value()))
        });
        // The chapter's introduction: its paragraphs before any Go data,
        // which describe no diagram, after the heading.
        let intro: Vec<String> = range
            .clone()
            .skip(1)
            .take_while(|&i| !elements[i].is_go_data())
            .filter(|&i| elements[i].kind() == ElementKind::Paragraph(ParagraphKind::P))
            .map(|i| plain(elements[i].value()))
            .collect();
        let heading = match (heading, intro.is_empty()) {
            (Some(h), false) => Some(format!("{h}\n\n{}", intro.join("\n\n"))),
            (None, false) => Some(intro.join("\n\n")),
            (h, true) => h,
        };
        let info_source = range
            .clone()
            .find(|&i| elements[i].kind() == ElementKind::Go);
        for size in sizes {
            out.push_str("(;GM[1]FF[4]CA[UTF-8]");
            let _ = write!(out, "AP[kifu:{}]", env!("CARGO_PKG_VERSION"));
            if size.is_square() {
                let _ = write!(out, "SZ[{}]", size.cols);
            } else {
                let _ = write!(out, "SZ[{}:{}]", size.cols, size.rows);
            }
            if let Some(id) = chapter.and_then(|c| elements[c].id()) {
                let _ = write!(out, "GN[{}]", escape(id));
            }
            if let Some(h) = &heading {
                let _ = write!(out, "C[{}]", escape(h));
            }
            if let Some(g) = info_source {
                for (attr, prop) in GAME_INFO {
                    if let Some(v) = elements[g].get(attr) {
                        let _ = write!(out, "{prop}[{}]", escape(v));
                    }
                }
            }
            out.push('\n');
            for item in items.iter().filter(|i| i.size == size) {
                variation(&mut out, book, &index, item);
            }
            out.push_str(")\n");
        }
    }
    out
}

/// One item as a variation of the chapter's game.
fn variation(out: &mut String, book: &Book, index: &Index<'_>, item: &Resolved) {
    out.push_str("(;");
    let name = match (&item.id, item.kind) {
        (Some(id), _) => id.clone(),
        (None, kind) => kind.name().to_owned(),
    };
    let _ = write!(out, "N[{}]", escape(&name));
    list(
        out,
        "AB",
        item.start
            .stones()
            .filter(|(_, c)| *c == Color::Black)
            .map(|(p, _)| p),
    );
    list(
        out,
        "AW",
        item.start
            .stones()
            .filter(|(_, c)| *c == Color::White)
            .map(|(p, _)| p),
    );
    let _ = write!(out, "PL[{}]", item.to_play.to_char());
    if let Some(v) = item.view {
        let _ = write!(
            out,
            "VW[{}:{}]",
            sgf_point(v.top_left),
            sgf_point(v.bottom_right)
        );
    }
    if let Some(d) = &item.diagram {
        let labels: Vec<(Point, String)> = d
            .letters
            .iter()
            .map(|(c, p)| (*p, c.to_string()))
            .chain(d.point_texts.iter().cloned())
            .collect();
        if !labels.is_empty() {
            out.push_str("LB");
            for (p, t) in labels {
                let _ = write!(out, "[{}:{}]", sgf_point(p), escape(&t));
            }
        }
        for (mark, id) in [
            (Mark::Triangle, "TR"),
            (Mark::Cross, "MA"),
            (Mark::Square, "SQ"),
            (Mark::Circle, "CR"),
            (Mark::Diamond, "SL"),
            (Mark::BlackArea, "TB"),
            (Mark::WhiteArea, "TW"),
        ] {
            list(
                out,
                id,
                d.marks.iter().filter(|(m, _)| *m == mark).map(|(_, p)| *p),
            );
        }
        for (pairs, id) in [(&d.lines, "LN"), (&d.arrows, "AR")] {
            if !pairs.is_empty() {
                out.push_str(id);
                for (a, b) in pairs.iter() {
                    let _ = write!(out, "[{}:{}]", sgf_point(*a), sgf_point(*b));
                }
            }
        }
    }
    let mut comment: Vec<String> = Vec::new();
    comment.extend(crate::go::figure::caption(item, "en"));
    comment.extend(crate::go::figure::gaps(item));
    match item.source {
        Source::Element(i) => {
            if let Some(t) = &item.problem_text {
                comment.push(plain(t));
            }
            comment.extend(
                book.elements()
                    .iter()
                    .enumerate()
                    .skip(i + 1)
                    .filter(|(j, e)| {
                        matches!(e.kind(), ElementKind::Paragraph(_)) && index.ref_of(*j) == Some(i)
                    })
                    .map(|(_, e)| plain(e.value())),
            );
        }
        Source::Inline { .. } => comment.extend(item.inline_text.as_deref().map(plain)),
    }
    comment.retain(|c| !c.trim().is_empty());
    if !comment.is_empty() {
        let _ = write!(out, "C[{}]", escape(&comment.join("\n\n")));
    }
    for m in &item.moves {
        let c = m.color.to_char();
        match m.mv {
            Move::Play(p) => {
                let _ = write!(out, ";{c}[{}]", sgf_point(p));
            }
            Move::Pass => {
                let _ = write!(out, ";{c}[]");
            }
            Move::Tenuki => {
                let _ = write!(out, ";{c}[]C[elsewhere]");
            }
        }
    }
    out.push_str(")\n");
}

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
//! in `N` (the headings before it, else its ID or kind) and, in `C`, its
//! caption and the paragraphs that describe it, standard texts expanded
//! (`#pb#` with the game information of its Go data); then its moves (a
//! tenuki is a pass with the comment "elsewhere"). A problem's `correct`
//! and `wrong` sequences (or its default answer) follow as a tree of
//! variations, each move with its text, the end of a correct line marked
//! `RIGHT` in its comment as problem collections do, the first move of a
//! wrong line `BM[1]`.

use std::fmt::Write as _;

use kifu_board::{BoardSize, Color, Point};

use crate::document::Book;
use crate::go::resolve::{self, ItemKind, Resolved, Source};
use crate::meaning::coords::Move;
use crate::meaning::go_data::Mark;
use crate::meaning::model::{DiagramKind, ElementKind, ParagraphKind};
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

/// A paragraph's text as plain text, standard texts expanded with the
/// book's fields and the game information of its Go data (`fields`).
fn plain(text: &str, fields: &crate::text::Fields) -> String {
    let mut rich = crate::text::parse(text);
    rich.expand_standard_texts("en", fields);
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
    let book_fields = crate::meaning::go_data::book_fields(book);
    let game_info = crate::meaning::go_data::game_info_through_bases(&index);
    // The paragraphs that describe each element (by `ref`), in one pass.
    let mut described: Vec<Vec<usize>> = vec![Vec::new(); elements.len()];
    for (j, e) in elements.iter().enumerate() {
        if e.kind() == ElementKind::Paragraph(ParagraphKind::P)
            && let Some(i) = index.ref_of(j).filter(|&i| i < j)
        {
            described[i].push(j);
        }
    }
    let context = Context {
        book,
        described,
        fields: |element: Option<usize>, player: Option<Color>| crate::text::Fields {
            book: book_fields.clone(),
            game: element.map(|i| (*game_info[i]).clone()).unwrap_or_default(),
            player,
        },
    };
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
        let is_heading = |i: usize| matches!(elements[i].kind(), ElementKind::Paragraph(k) if k != ParagraphKind::P);
        let first_heading = range.clone().find(|&i| is_heading(i));
        let heading =
            first_heading.map(|i| plain(elements[i].value(), &(context.fields)(None, None)));
        // The chapter's introduction: its paragraphs before any Go data,
        // which describe no diagram, after the heading.
        let intro: Vec<String> = range
            .clone()
            .skip(1)
            .take_while(|&i| !elements[i].is_go_data())
            .filter(|&i| elements[i].kind() == ElementKind::Paragraph(ParagraphKind::P))
            .map(|i| plain(elements[i].value(), &(context.fields)(None, None)))
            .collect();
        let heading = match (heading, intro.is_empty()) {
            (Some(h), false) => Some(format!("{h}\n\n{}", intro.join("\n\n"))),
            (None, false) => Some(intro.join("\n\n")),
            (h, true) => h,
        };
        // The headings before each item (since the one before it), which
        // name its node; the chapter's first heading is the game's comment.
        let mut names: Vec<Option<String>> = Vec::with_capacity(items.len());
        let mut next = range.start;
        for item in &items {
            let at = element_of(item);
            let headings: Vec<String> = (next..=at)
                .filter(|&i| is_heading(i) && Some(i) != first_heading)
                .map(|i| plain(elements[i].value(), &(context.fields)(None, None)))
                .filter(|h| !h.trim().is_empty())
                .collect();
            next = next.max(at + 1);
            names.push((!headings.is_empty()).then(|| headings.join(" / ")));
        }
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
                // `pw` read as `wp`.
                let info = crate::meaning::go_data::game_info(&elements[g]);
                for (attr, prop) in GAME_INFO {
                    if let Some((_, v)) = info.iter().find(|(name, _)| name == attr) {
                        let _ = write!(out, "{prop}[{}]", escape(v));
                    }
                }
            }
            out.push('\n');
            for (item, name) in items.iter().zip(&names).filter(|(i, _)| i.size == size) {
                variation(&mut out, &context, item, name.as_deref());
            }
            out.push_str(")\n");
        }
    }
    out
}

/// What the variations of a book share.
struct Context<'b, F> {
    book: &'b Book,
    /// The paragraphs that describe each element.
    described: Vec<Vec<usize>>,
    /// The standard texts' values for the Go data of an element, with a
    /// player for `^`.
    fields: F,
}

/// The element an item comes from (an inline diagram's paragraph).
fn element_of(item: &Resolved) -> usize {
    match item.source {
        Source::Element(i) => i,
        Source::Inline { paragraph, .. } => paragraph,
    }
}

/// One item as a variation of the chapter's game, named by the headings
/// before it (`heading`), else by its ID or kind.
fn variation<F>(out: &mut String, context: &Context<'_, F>, item: &Resolved, heading: Option<&str>)
where
    F: Fn(Option<usize>, Option<Color>) -> crate::text::Fields,
{
    out.push_str("(;");
    let name = match (heading, &item.id, item.kind) {
        (Some(h), _, _) => h.to_owned(),
        (None, Some(id), _) => id.clone(),
        (None, None, kind) => kind.name().to_owned(),
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
    let elements = context.book.elements();
    match item.source {
        Source::Element(i) => {
            if let Some(t) = &item.problem_text {
                comment.push(plain(t, &(context.fields)(Some(i), Some(item.to_play))));
            }
            comment.extend(
                context.described[i]
                    .iter()
                    .map(|&j| plain(elements[j].value(), &(context.fields)(Some(i), None))),
            );
        }
        Source::Inline { paragraph, .. } => {
            let fields = (context.fields)(Some(paragraph), None);
            comment.extend(item.inline_text.as_deref().map(|t| plain(t, &fields)));
        }
    }
    comment.retain(|c| !c.trim().is_empty());
    if !comment.is_empty() {
        let _ = write!(out, "C[{}]", escape(&comment.join("\n\n")));
    }
    for m in &item.moves {
        write_move(out, m.color, m.mv);
    }
    if item.kind == ItemKind::Diagram(DiagramKind::Prb) {
        let fields = (context.fields)(Some(element_of(item)), Some(item.to_play));
        solutions(out, item, &fields);
    }
    out.push_str(")\n");
}

/// `;B[pd]`: a move (a pass `B[]`, a tenuki a pass commented "elsewhere").
fn write_move(out: &mut String, color: Color, mv: Move) {
    write_move_with(out, color, mv, None);
}

/// [`write_move`] with a comment (after "elsewhere" for a tenuki).
fn write_move_with(out: &mut String, color: Color, mv: Move, comment: Option<&str>) {
    let c = color.to_char();
    match mv {
        Move::Play(p) => {
            let _ = write!(out, ";{c}[{}]", sgf_point(p));
        }
        Move::Pass | Move::Tenuki => {
            let _ = write!(out, ";{c}[]");
        }
    }
    let comment = match (mv, comment) {
        (Move::Tenuki, Some(t)) => Some(format!("elsewhere\n{t}")),
        (Move::Tenuki, None) => Some("elsewhere".to_owned()),
        (_, t) => t.map(str::to_owned),
    };
    if let Some(t) = comment {
        let _ = write!(out, "C[{}]", escape(&t));
    }
}

/// A node of a problem's solution tree.
struct Answer {
    mv: Move,
    color: Color,
    text: Option<String>,
    /// A correct sequence ends here.
    right: bool,
    /// The first move of a wrong sequence.
    bad: bool,
    children: Vec<usize>,
}

/// A problem's `correct` and `wrong` sequences (or its default answer) as
/// SGF variations after its moves, sequences with the same first moves
/// sharing their nodes: each move's text in `C`, the end of a correct
/// sequence marked `RIGHT` in its comment (as problem collections mark
/// them), the first move of a wrong one `BM` (bad move).
fn solutions(out: &mut String, item: &Resolved, fields: &crate::text::Fields) {
    let given = item.diagram.as_ref();
    // Each sequence's moves with their texts, and whether it is correct.
    type Sequence<'t> = (Vec<(Move, Option<&'t str>)>, bool);
    let mut sequences: Vec<Sequence<'_>> = Vec::new();
    for s in given.map_or(&[][..], |d| &d.correct[..]) {
        sequences.push((s.iter().map(|m| (m.mv, m.text.as_deref())).collect(), true));
    }
    if sequences.is_empty() && !item.default_correct.is_empty() {
        sequences.push((
            item.default_correct.iter().map(|&m| (m, None)).collect(),
            true,
        ));
    }
    for s in given.map_or(&[][..], |d| &d.wrong[..]) {
        sequences.push((s.iter().map(|m| (m.mv, m.text.as_deref())).collect(), false));
    }
    let first_color = item.position_after(item.moves.len()).1;
    let mut nodes: Vec<Answer> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    for (moves, right) in sequences.iter().filter(|(m, _)| !m.is_empty()) {
        let mut color = first_color;
        let mut parent: Option<usize> = None;
        for (k, (mv, text)) in moves.iter().enumerate() {
            let siblings = match parent {
                Some(p) => &nodes[p].children,
                None => &roots,
            };
            let found = siblings.iter().copied().find(|&n| nodes[n].mv == *mv);
            let n = match found {
                Some(n) => n,
                None => {
                    nodes.push(Answer {
                        mv: *mv,
                        color,
                        text: None,
                        right: false,
                        bad: false,
                        children: Vec::new(),
                    });
                    let n = nodes.len() - 1;
                    match parent {
                        Some(p) => nodes[p].children.push(n),
                        None => roots.push(n),
                    }
                    n
                }
            };
            if nodes[n].text.is_none()
                && let Some(t) = text.filter(|t| !t.trim().is_empty())
            {
                nodes[n].text = Some(plain(t, fields));
            }
            if k == 0 && !right {
                nodes[n].bad = true;
            }
            if k + 1 == moves.len() && *right {
                nodes[n].right = true;
            }
            parent = Some(n);
            color = color.opponent();
        }
    }
    // Written without recursion: `(` and `)` around each of several
    // children, none around an only child.
    enum Work {
        Text(&'static str),
        Node(usize),
    }
    let mut stack: Vec<Work> = Vec::new();
    let push_children = |stack: &mut Vec<Work>, children: &[usize]| {
        if let [only] = children {
            stack.push(Work::Node(*only));
        } else {
            for &c in children.iter().rev() {
                stack.push(Work::Text(")"));
                stack.push(Work::Node(c));
                stack.push(Work::Text("("));
            }
        }
    };
    // The problem's node (or its last move) is followed by the answers,
    // each a variation.
    for &c in roots.iter().rev() {
        stack.push(Work::Text(")"));
        stack.push(Work::Node(c));
        stack.push(Work::Text("("));
    }
    while let Some(work) = stack.pop() {
        match work {
            Work::Text(t) => out.push_str(t),
            Work::Node(n) => {
                let node = &nodes[n];
                let comment = match (&node.text, node.right) {
                    (Some(t), true) => Some(format!("{t}\nRIGHT")),
                    (None, true) => Some("RIGHT".to_owned()),
                    (Some(t), false) => Some(t.clone()),
                    (None, false) => None,
                };
                write_move_with(out, node.color, node.mv, comment.as_deref());
                if node.bad {
                    out.push_str("BM[1]");
                }
                push_children(&mut stack, &node.children);
            }
        }
    }
}

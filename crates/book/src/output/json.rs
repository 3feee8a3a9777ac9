//! The book's model as JSON, for scripts and for proofreading tools:
//! every element with its kind, languages, ID, chapter, attributes and
//! value, plus the typed view of Go data, diagrams and paragraphs.

use serde_json::{Value, json};

use kifu_board::{BoardSize, Color, Point};

use crate::document::Book;
use crate::document::inline::{self, Inline};
use crate::meaning::coords::{Move, SequenceMove};
use crate::meaning::go_data::{BaseRef, Diagram, Gaps, GoData, Mark, MoveNumber, Width};
use crate::meaning::model::{self, ElementKind, ParagraphStyle, Revision};
use crate::meaning::refs::Index;

fn point(p: Point, size: BoardSize) -> Value {
    Value::String(p.to_standard(size))
}

fn points(ps: &[Point], size: BoardSize) -> Value {
    ps.iter().map(|&p| point(p, size)).collect()
}

fn mv(m: Move, size: BoardSize) -> Value {
    match m {
        Move::Play(p) => point(p, size),
        Move::Pass => "pass".into(),
        Move::Tenuki => "tenuki".into(),
    }
}

fn number(n: Option<MoveNumber>) -> Value {
    match n {
        None => Value::Null,
        Some(MoveNumber::End) => "end".into(),
        Some(MoveNumber::Number(n)) => n.into(),
    }
}

fn sequences(s: &[Vec<SequenceMove>], size: BoardSize) -> Value {
    s.iter()
        .map(|seq| {
            seq.iter()
                .map(|m| json!({"move": mv(m.mv, size), "text": m.text}))
                .collect::<Value>()
        })
        .collect()
}

fn kind_name(kind: ElementKind) -> &'static str {
    match kind {
        ElementKind::Book => "book",
        ElementKind::Chapter => "chapter",
        ElementKind::Go => "go",
        ElementKind::Diagram(d) => d.name(),
        ElementKind::Paragraph(_) => "paragraph",
        ElementKind::Image => "img",
        ElementKind::Buy => "buy",
        ElementKind::Include => "include",
        ElementKind::Comment => "comment",
        ElementKind::Unknown => "unknown",
    }
}

fn go_data(g: &GoData) -> Value {
    let size = g.size;
    json!({
        "size": size.cols,
        "black": points(&g.black, size),
        "white": points(&g.white, size),
        "empty": points(&g.empty, size),
        "to_play": g.to_play.map(|c| if c == Color::Black { "b" } else { "w" }),
        "ko_point": g.ko_point.map(|p| point(p, size)),
        "first_number": g.first_number,
        "base": match &g.base {
            BaseRef::Default => Value::Null,
            BaseRef::None => "none".into(),
            BaseRef::Id(id) => id.clone().into(),
        },
        "at": number(g.at),
        "to": number(g.to),
        "moves": g.moves.as_ref().map(|ms| ms.iter().map(|&m| mv(m, size)).collect::<Value>()),
        "sgf": g.sgf,
        "game_info": g.game_info.iter().map(|(k, v)| (k.clone(), Value::from(v.as_str()))).collect::<serde_json::Map<_, _>>(),
    })
}

fn diagram(d: &Diagram, size: BoardSize) -> Value {
    let pair = |(a, b): &(Point, Point)| json!([point(*a, size), point(*b, size)]);
    json!({
        "view": d.view.map(|v| json!([point(v.top_left, size), point(v.bottom_right, size)])),
        "letters": d.letters.iter().map(|(c, p)| json!({"point": point(*p, size), "letter": c.to_string()})).collect::<Value>(),
        "point_texts": d.point_texts.iter().map(|(p, t)| json!({"point": point(*p, size), "text": t})).collect::<Value>(),
        "marks": d.marks.iter().map(|(m, p)| {
            let name = Mark::ALL.iter().find(|(k, _)| k == m).map_or("", |(_, n)| *n);
            json!({"point": point(*p, size), "mark": name})
        }).collect::<Value>(),
        "lines": d.lines.iter().map(pair).collect::<Value>(),
        "arrows": d.arrows.iter().map(pair).collect::<Value>(),
        "hide_in_replay": points(&d.hide_in_replay, size),
        "width": match d.width { Width::Full => "full", Width::Dia => "dia", Width::Half => "half", Width::Third => "third" },
        "coord": d.coord,
        "show_to_play": d.show_to_play,
        "show_from_to": d.show_from_to,
        "gaps": match &d.gaps { Gaps::Auto => Value::from("auto"), Gaps::None => Value::from("none"), Gaps::Text(t) => Value::from(t.as_str()) },
        "correct": sequences(&d.correct, size),
        "wrong": sequences(&d.wrong, size),
    })
}

fn inline_pieces(text: &str) -> Value {
    let (pieces, _) = inline::split(text);
    pieces
        .iter()
        .map(|p| match p {
            Inline::Text(r) => json!({"text": &text[r.clone()]}),
            Inline::LineBreak(_) => json!({"break": true}),
            Inline::Diagram {
                attributes,
                text: t,
                ..
            } => json!({
                "dia": attributes.iter().map(|a| json!([a.name, a.value])).collect::<Value>(),
                "text": &text[t.clone()],
            }),
            Inline::Link { href, text: t, .. } => json!({"href": href, "text": &text[t.clone()]}),
            Inline::Image { attributes, .. } => json!({
                "img": attributes.iter().map(|a| json!([a.name, a.value])).collect::<Value>(),
            }),
        })
        .collect()
}

fn style_name(s: ParagraphStyle) -> &'static str {
    match s {
        ParagraphStyle::Normal => "normal",
        ParagraphStyle::Block => "block",
        ParagraphStyle::Hanging => "hanging",
        ParagraphStyle::Indent => "indent",
        ParagraphStyle::Bullet => "bullet",
        ParagraphStyle::Text => "text",
    }
}

/// The book's model as a JSON value.
///
/// ```
/// let book = kifu_book::parse("::chapter(#c)\n\n::go mv=\"D4 Pass\"\n\nSee <a href=\"c\">here</a>.").value;
/// let json = kifu_book::json::to_json(&book);
/// assert_eq!(json["elements"][1]["go"]["moves"], serde_json::json!(["D4", "pass"]));
/// assert_eq!(json["elements"][2]["chapter"], "c");
/// assert_eq!(json["elements"][2]["inline"][1]["href"], "c");
/// ```
pub fn to_json(book: &Book) -> Value {
    let index = Index::new(book);
    let styles = model::paragraph_styles(book);
    let languages = model::effective_languages(book);
    let elements: Vec<Value> = book
        .elements()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let kind = e.kind();
            let mut v = json!({
                "index": i,
                "kind": kind_name(kind),
                "name": e.name(),
                "tag": e.tag(),
                "id": e.id(),
                "languages": e.languages().collect::<Vec<_>>(),
                "shown_in": languages[i],
                "chapter": index.chapter_of(i).and_then(|c| book.elements()[c].id()),
                "span": [e.span().start, e.span().end],
                "attributes": e.attributes().iter().map(|a| json!({"name": a.name(), "value": a.value()})).collect::<Value>(),
                "value": e.value(),
            });
            let map = v.as_object_mut().expect("an object");
            if e.is_go_data() {
                let g = GoData::read(&index, i);
                map.insert("go".into(), go_data(&g));
                if let Some(d) = Diagram::read(&index, i) {
                    map.insert("diagram".into(), diagram(&d, g.size));
                }
            }
            if let Some(style) = styles[i] {
                map.insert("style".into(), style_name(style).into());
                map.insert("inline".into(), inline_pieces(e.value()));
            }
            v
        })
        .collect();
    json!({
        "revision": if model::revision(book) == Revision::R2026 { "2026" } else { "2017" },
        "elements": elements,
    })
}

/// [`to_json`] as pretty-printed text with a final line break.
pub fn to_string(book: &Book) -> String {
    let mut text = serde_json::to_string_pretty(&to_json(book)).unwrap_or_default();
    text.push('\n');
    text
}

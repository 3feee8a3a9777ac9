//! Hovers: a diagram drawn (SVG as a `data:` image, and the text board of
//! `kifu diagrams` for terminal editors), a standard text in the book's
//! languages, what an attribute or element means.

use base64::Engine as _;
use kifu_book::inline::Inline;
use kifu_book::model::{AttributeRole, ElementKind};
use kifu_book::refs::Index;
use kifu_book::resolve::Source;
use kifu_render::style::Style;
use kifu_render::svg::DiagramView;
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Range};

use crate::context::Context;
use crate::find;

/// The hover at byte `offset`, if there is something to say.
pub(crate) fn hover(cx: &Context<'_>, offset: usize) -> Option<Hover> {
    let e = cx.analysis.element_at(offset)?;
    let element = &cx.analysis.book.elements()[e];
    if let Some((code, range)) = find::hash_code(cx.text(), offset)
        && let Some(text) = standard_text(cx, &code)
    {
        return Some(markdown(text, cx.range_of(range)));
    }
    let mut here = Vec::new();
    find::references_in(&cx.analysis.book, cx.text(), e, &mut here);
    if let Some(r) = here.into_iter().find(|r| r.span.contains(&offset)) {
        let target = r.target(&Index::new(&cx.analysis.book))?;
        let item = item_of_element(cx, target)?;
        return Some(markdown(diagram(cx, item), cx.range_of(r.span)));
    }
    if let Some(hover) = inline_diagram(cx, e, offset) {
        return Some(hover);
    }
    if let Some(a) = element.attributes().iter().find(|a| {
        let start = a.span().start as usize;
        (start..=start + a.name().len()).contains(&offset)
    }) {
        let start = a.span().start as usize;
        let doc = attribute_doc(element.kind(), a.base_name())?;
        return Some(markdown(doc, cx.range_of(start..start + a.name().len())));
    }
    let header = element.span().start as usize
        ..element.span().start as usize + 2 + element.tag().map_or(0, str::len);
    if let Some(item) = item_of_element(cx, e) {
        return Some(markdown(diagram(cx, item), cx.range_of(header)));
    }
    let doc = crate::docs::element(element.name())?;
    element.tag().filter(|_| header.contains(&offset)).map(|_| {
        markdown(
            format!("**`::{}`** {doc}", element.name()),
            cx.range_of(header),
        )
    })
}

fn markdown(value: String, range: Range) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(range),
    }
}

/// The item (in the resolution) of element `e`, if it holds Go data.
fn item_of_element(cx: &Context<'_>, e: usize) -> Option<usize> {
    cx.analysis
        .resolution()
        .items
        .iter()
        .position(|item| item.source == Source::Element(e))
}

/// The inline `<dia>` of paragraph `e` under `offset`.
fn inline_diagram(cx: &Context<'_>, e: usize, offset: usize) -> Option<Hover> {
    let element = &cx.analysis.book.elements()[e];
    let (start, pieces) = find::inline_pieces(element, cx.text())?;
    let mut ordinal = 0;
    for piece in pieces {
        if let Inline::Diagram { range, .. } = piece {
            let place = start + range.start..start + range.end;
            if place.contains(&offset) {
                let wanted = Source::Inline {
                    paragraph: e,
                    ordinal,
                };
                let item = cx
                    .analysis
                    .resolution()
                    .items
                    .iter()
                    .position(|item| item.source == wanted)?;
                return Some(markdown(diagram(cx, item), cx.range_of(place)));
            }
            ordinal += 1;
        }
    }
    None
}

/// A diagram as Markdown: its caption and place, the drawing as an SVG
/// `data:` image (what `kifu render BOOK --diagram ID -o X.svg` writes),
/// and its entry of `kifu diagrams` as text.
pub(crate) fn diagram(cx: &Context<'_>, item: usize) -> String {
    let book = &cx.analysis.book;
    let resolution = cx.analysis.resolution();
    let resolved = &resolution.items[item];
    let svg = svg(book, resolved);
    let entry = kifu_book::listing::item_text(book, resolution, item);
    let title = entry.lines().next().unwrap_or_default();
    let caption = kifu_book::figure::caption(resolved, "en").unwrap_or_default();
    let data = base64::engine::general_purpose::STANDARD.encode(svg.as_bytes());
    let heading = format!(
        "**{}** `{title}`",
        if caption.is_empty() {
            "Diagram"
        } else {
            caption.as_str()
        }
    );
    let image = format!("![{title}](data:image/svg+xml;base64,{data})");
    let board = format!("```text\n{}\n```", entry.trim_end_matches('\n'));
    // A client that draws images shows the drawing first; a terminal one
    // the board, with the long `data:` line last, out of the way.
    if cx.renders_images {
        format!("{heading}\n\n{image}\n\n{board}\n")
    } else {
        format!("{heading}\n\n{board}\n\n{image}\n")
    }
}

/// The SVG drawing of a resolved item, as `kifu render --diagram` draws it.
pub fn svg(book: &kifu_book::Book, item: &kifu_book::resolve::Resolved) -> String {
    let view = DiagramView::of_book_item(book, item, "en");
    kifu_render::svg::to_svg(&view, &Style::book())
}

/// The languages the book is written in (`en` when it names none).
fn book_languages(cx: &Context<'_>) -> Vec<String> {
    let mut languages: Vec<String> = cx
        .analysis
        .book
        .elements()
        .iter()
        .flat_map(|e| e.languages().map(str::to_owned).collect::<Vec<_>>())
        .filter(|l| l != "ui")
        .collect();
    languages.sort();
    languages.dedup();
    if languages.is_empty() {
        languages.push("en".to_owned());
    }
    languages
}

/// A standard text in each of the book's languages, or a book field.
fn standard_text(cx: &Context<'_>, code: &str) -> Option<String> {
    use kifu_board::Color;
    let mut lines = Vec::new();
    for lang in book_languages(cx) {
        let players: &[Option<Color>] = if code.starts_with('^') {
            &[Some(Color::Black), Some(Color::White)]
        } else {
            &[None]
        };
        for player in players {
            if let Some(t) = kifu_book::text::standard_text(code, &lang, *player) {
                let fallback = if t.language == "en" && lang != "en" {
                    " (no translation: English is shown)"
                } else {
                    ""
                };
                lines.push(format!("- `{lang}`: {}{fallback}", t.text));
            }
        }
    }
    if lines.is_empty() {
        let head = cx
            .analysis
            .book
            .elements()
            .iter()
            .find(|e| e.kind() == ElementKind::Book)?;
        let field = ["title", "subtitle", "author", "publisher", "copyright"]
            .contains(&code)
            .then(|| head.text_in(code, "en"))??;
        return Some(format!("`#{code}#`: the book's `{code}`: {field}"));
    }
    Some(format!("`#{code}#` standard text\n\n{}", lines.join("\n")))
}

/// What an attribute means on an element of `kind`.
fn attribute_doc(kind: ElementKind, name: &str) -> Option<String> {
    let doc = match kifu_book::model::attribute_role(kind, name) {
        AttributeRole::Known(spec) => {
            let since = if spec.since_2026 {
                " (2026 revision)"
            } else {
                ""
            };
            format!(
                "**`{}`**{since} {}",
                spec.name,
                crate::docs::attribute(spec.name).unwrap_or("")
            )
        }
        AttributeRole::Letter(c) => format!("**`{c}`** Marks these points with the letter {c}."),
        AttributeRole::PointText => format!("**`{name}`** Shows this text at point {name}."),
        AttributeRole::Unknown => format!(
            "**`{name}`** is not an attribute of this element{}",
            crate::docs::attribute(name)
                .map(|d| format!(" (elsewhere: {d})"))
                .unwrap_or_default()
        ),
    };
    Some(doc)
}

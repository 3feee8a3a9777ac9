//! Moving around a book: definitions and references of IDs (and the file
//! an include or image names), renaming an ID everywhere, the outline,
//! folding and document links.

use std::collections::HashMap;

use kifu_book::model::{ElementKind, ParagraphKind};
use kifu_book::refs::Index;
use lsp_server::ErrorCode;
use lsp_types::{
    DocumentLink, DocumentSymbol, DocumentSymbolResponse, FoldingRange, FoldingRangeKind,
    GotoDefinitionResponse, Location, PrepareRenameResponse, Range, SymbolKind, TextEdit, Url,
    WorkspaceEdit,
};

use crate::analysis::book_place;
use crate::context::Context;
use crate::context::Failure;
use crate::find::{self, Reference, bytes};

/// What is under the cursor, as far as IDs go: the element whose ID it
/// is (or names), and the range of the ID there.
fn id_under(cx: &Context<'_>, offset: usize) -> Option<(usize, std::ops::Range<usize>)> {
    let book = &cx.analysis.book;
    if let Some(e) = cx.analysis.element_at(offset)
        && let Some(span) = book.elements()[e].id_span()
    {
        let span = bytes(span);
        if (span.start..=span.end).contains(&offset) {
            return Some((e, span));
        }
    }
    let index = Index::new(book);
    let r = find::references(book, cx.text())
        .into_iter()
        .find(|r| (r.span.start..=r.span.end).contains(&offset))?;
    Some((r.target(&index)?, r.span))
}

/// Every place that names element `target`, with the reference.
pub(crate) fn uses_of(cx: &Context<'_>, target: usize) -> Vec<Reference> {
    let index = Index::new(&cx.analysis.book);
    find::references(&cx.analysis.book, cx.text())
        .into_iter()
        .filter(|r| r.target(&index) == Some(target))
        .collect()
}

fn location(cx: &Context<'_>, span: std::ops::Range<usize>) -> Location {
    Location::new(cx.uri.clone(), cx.range_of(span))
}

/// The file `name` of the book's folder (or package), as a URL, if it
/// is there.
fn file_url(cx: &Context<'_>, name: &str) -> Option<Url> {
    if let Some(entry) = crate::package::Entry::of(cx.uri) {
        return entry.sibling(name);
    }
    let (folder, _) = book_place(cx.document);
    let path = folder?.resolve(name).ok()?;
    Url::from_file_path(path).ok()
}

/// The definition of the ID, include or image under the cursor.
pub(crate) fn definition(cx: &Context<'_>, offset: usize) -> Option<GotoDefinitionResponse> {
    if let Some((url, _)) = file_attribute(cx, offset) {
        let start = Range::default();
        return Some(GotoDefinitionResponse::Scalar(Location::new(url, start)));
    }
    let (target, _) = id_under(cx, offset)?;
    let element = &cx.analysis.book.elements()[target];
    let span = element.id_span().unwrap_or(element.span());
    Some(GotoDefinitionResponse::Scalar(location(cx, bytes(span))))
}

/// The `url` of an include or image (or `cover`) under the cursor, as the
/// file it names.
fn file_attribute(cx: &Context<'_>, offset: usize) -> Option<(Url, std::ops::Range<usize>)> {
    let e = cx.analysis.element_at(offset)?;
    let a = cx.analysis.book.elements()[e]
        .attributes()
        .iter()
        .find(|a| matches!(a.name(), "url" | "cover") && bytes(a.span()).contains(&offset))?;
    Some((file_url(cx, a.value())?, bytes(a.value_span())))
}

/// Every use of the ID under the cursor (and its definition if asked).
pub(crate) fn references(
    cx: &Context<'_>,
    offset: usize,
    with_definition: bool,
) -> Option<Vec<Location>> {
    let (target, _) = id_under(cx, offset)?;
    let mut out = Vec::new();
    if with_definition && let Some(span) = cx.analysis.book.elements()[target].id_span() {
        out.push(location(cx, bytes(span)));
    }
    out.extend(
        uses_of(cx, target)
            .into_iter()
            .map(|r| location(cx, r.span)),
    );
    Some(out)
}

/// The range of the ID under the cursor, if it can be renamed.
pub(crate) fn prepare_rename(cx: &Context<'_>, offset: usize) -> Option<PrepareRenameResponse> {
    let (target, span) = id_under(cx, offset)?;
    cx.analysis.book.elements()[target].id_span()?;
    Some(PrepareRenameResponse::Range(cx.range_of(span)))
}

/// Whether `id` can be an ID: letters, digits, `_ - .`, not only
/// language tags (as the checker says of IDs).
fn valid_id(id: &str) -> bool {
    let book = kifu_book::parse(&format!("::p(#{id})")).value;
    let ok_chars = id
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    ok_chars
        && !id.is_empty()
        && book.elements().first().and_then(|e| e.id()) == Some(id)
        && !kifu_book::check(&book)
            .iter()
            .any(|d| d.code == kifu_book::check_codes::INVALID_ID)
}

/// Renames the ID under the cursor where it is defined and everywhere it
/// is used.
pub(crate) fn rename(
    cx: &Context<'_>,
    offset: usize,
    new_name: &str,
) -> Result<Option<WorkspaceEdit>, Failure> {
    let Some((target, _)) = id_under(cx, offset) else {
        return Ok(None);
    };
    if !valid_id(new_name) {
        return Err(Failure::new(
            ErrorCode::InvalidParams,
            format!("`{new_name}` is not an ID: use letters, digits, `_`, `-` and `.`"),
        ));
    }
    let Some(definition) = cx.analysis.book.elements()[target].id_span() else {
        return Ok(None);
    };
    let mut edits = vec![TextEdit::new(cx.range(definition), new_name.to_owned())];
    edits.extend(
        uses_of(cx, target)
            .into_iter()
            .map(|r| TextEdit::new(cx.range_of(r.span), new_name.to_owned())),
    );
    let changes = HashMap::from([(cx.uri.clone(), edits)]);
    Ok(Some(WorkspaceEdit::new(changes)))
}

/// The heading level of a paragraph kind (chapters are level 0).
fn level(kind: ElementKind) -> Option<u8> {
    match kind {
        ElementKind::Chapter => Some(0),
        ElementKind::Paragraph(ParagraphKind::H1 | ParagraphKind::H2) => Some(1),
        ElementKind::Paragraph(ParagraphKind::H3) => Some(2),
        ElementKind::Paragraph(ParagraphKind::H4) => Some(3),
        ElementKind::Paragraph(ParagraphKind::H5) => Some(4),
        _ => None,
    }
}

fn first_line(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    if line.chars().count() > max {
        let cut: String = line.chars().take(max).collect();
        format!("{cut}…")
    } else {
        line.to_owned()
    }
}

/// The outline: chapters, headings within them, diagrams and problems.
pub(crate) fn symbols(cx: &Context<'_>) -> DocumentSymbolResponse {
    let book = &cx.analysis.book;
    let elements = book.elements();
    // Open sections, outermost first: (level, symbol).
    let mut stack: Vec<(u8, DocumentSymbol)> = Vec::new();
    let mut top = Vec::new();
    let close_to =
        |stack: &mut Vec<(u8, DocumentSymbol)>, top: &mut Vec<DocumentSymbol>, level: u8| {
            while stack.last().is_some_and(|(l, _)| *l >= level) {
                let (_, done) = stack.pop().unwrap_or_else(|| unreachable!());
                match stack.last_mut() {
                    Some((_, parent)) => parent.children.get_or_insert_with(Vec::new).push(done),
                    None => top.push(done),
                }
            }
        };
    for (i, e) in elements.iter().enumerate() {
        let kind = e.kind();
        let (name, symbol_kind) = match kind {
            ElementKind::Chapter => (
                format!("chapter {}", e.id().unwrap_or("(no ID)")),
                SymbolKind::NAMESPACE,
            ),
            ElementKind::Paragraph(_) if level(kind).is_some() => {
                (first_line(e.value(), 60), SymbolKind::STRING)
            }
            ElementKind::Diagram(d) => {
                let caption = e
                    .text_in("ca", "en")
                    .map(|c| format!(" {c}"))
                    .unwrap_or_default();
                let id = e.id().map(|id| format!(" #{id}")).unwrap_or_default();
                let kind = if d == kifu_book::model::DiagramKind::Prb {
                    SymbolKind::EVENT
                } else {
                    SymbolKind::OBJECT
                };
                (format!("{}{id}{caption}", d.name()), kind)
            }
            _ => continue,
        };
        let selection = cx.range(e.id_span().unwrap_or(e.span()));
        let end = section_end(elements, i);
        #[allow(deprecated)]
        let symbol = DocumentSymbol {
            name: if name.is_empty() {
                e.name().to_owned()
            } else {
                name
            },
            detail: None,
            kind: symbol_kind,
            tags: None,
            deprecated: None,
            range: cx.range_of(e.span().start as usize..end),
            selection_range: selection,
            children: None,
        };
        match level(kind) {
            Some(l) => {
                close_to(&mut stack, &mut top, l);
                stack.push((l, symbol));
            }
            None => match stack.last_mut() {
                Some((_, parent)) => parent.children.get_or_insert_with(Vec::new).push(symbol),
                None => top.push(symbol),
            },
        }
    }
    close_to(&mut stack, &mut top, 0);
    DocumentSymbolResponse::Nested(top)
}

/// Where the section that element `i` opens ends: before the next chapter,
/// or heading of the same or a higher level (the element's own end when it
/// opens none).
fn section_end(elements: &[kifu_book::Element], i: usize) -> usize {
    let Some(own) = level(elements[i].kind()) else {
        return elements[i].span().end as usize;
    };
    let next = elements[i + 1..]
        .iter()
        .position(|e| level(e.kind()).is_some_and(|l| l <= own));
    let last = match next {
        Some(n) => i + n,
        None => elements.len() - 1,
    };
    elements[last].span().end as usize
}

/// Folding ranges: chapters and sections (headings to the next heading of
/// the same or a higher level).
pub(crate) fn folding(cx: &Context<'_>) -> Vec<FoldingRange> {
    let elements = cx.analysis.book.elements();
    (0..elements.len())
        .filter(|&i| level(elements[i].kind()).is_some())
        .filter_map(|i| {
            let start = cx.range(elements[i].span()).start.line;
            let end = cx
                .range_of(section_end(elements, i)..section_end(elements, i))
                .start
                .line;
            (end > start).then_some(FoldingRange {
                start_line: start,
                start_character: None,
                end_line: end,
                end_character: None,
                kind: Some(FoldingRangeKind::Region),
                collapsed_text: None,
            })
        })
        .collect()
}

/// Links for the files a book names (images, includes, the cover) that are
/// in its folder, and for web addresses.
pub(crate) fn links(cx: &Context<'_>) -> Vec<DocumentLink> {
    let mut out = Vec::new();
    for e in cx.analysis.book.elements() {
        for a in e.attributes() {
            if !matches!(a.name(), "url" | "cover" | "href") || a.value().is_empty() {
                continue;
            }
            let target = if kifu_book::refs::web_link(a.value()) {
                Url::parse(a.value()).ok()
            } else if a.name() == "href" {
                None
            } else {
                file_url(cx, a.value())
            };
            if let Some(target) = target {
                out.push(DocumentLink {
                    range: cx.range(a.value_span()),
                    target: Some(target),
                    tooltip: None,
                    data: None,
                });
            }
        }
    }
    out
}

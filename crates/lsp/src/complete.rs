//! Completion from what is before the cursor on its line: element names
//! after `::`, languages after `_`, the attributes of the element (each
//! with its line of documentation), attribute values (IDs, choices,
//! coordinates' letters within the board), standard texts after `#`.

use kifu_book::model::{AttributeRole, ElementKind, ValueType};
use kifu_book::refs::Index;
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionResponse, CompletionTextEdit, Documentation,
    TextEdit,
};

use crate::context::Context;
use crate::docs::ELEMENTS;

/// The completions at byte `offset`.
pub(crate) fn complete(cx: &Context<'_>, offset: usize) -> Option<CompletionResponse> {
    let text = cx.text();
    let line_start = text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let word_start = quoted_attribute(before).unwrap_or_else(|| {
        before
            .rfind([' ', '\t', '"', '<', '>'])
            .map_or(0, |i| i + 1)
    });
    let word = &before[word_start..];
    let at = |from: usize| cx.range_of(line_start + from..offset);
    let items = if let Some(tag) = before
        .strip_prefix("::")
        .filter(|t| !t.contains([' ', '(']))
    {
        match tag.rfind('_') {
            Some(u) => languages(at(2 + u + 1)),
            None => element_names(at(2)),
        }
    } else if let Some(hash) = word.rfind('#').filter(|h| !word[h + 1..].contains('#')) {
        standard_texts(at(word_start + hash))
    } else if let Some((name, value)) = word.split_once('=') {
        let value_start = word_start + name.len() + 1 + usize::from(value.starts_with('"'));
        let value = value.trim_start_matches('"');
        values(cx, offset, name, value, line_start + value_start)?
    } else if in_header(cx, offset, line_start) {
        if let Some(u) = word.rfind('_') {
            languages(at(word_start + u + 1))
        } else {
            attributes(cx, offset, at(word_start))
        }
    } else {
        return None;
    };
    Some(CompletionResponse::Array(items))
}

/// Where the `name="` of the quoted value the line is in at its end
/// starts, if it is in one.
fn quoted_attribute(line: &str) -> Option<usize> {
    let mut open: Option<usize> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            '\\' if open.is_some() => escaped = !escaped,
            '"' if !escaped => {
                open = match open {
                    Some(_) => None,
                    None => Some(i),
                }
            }
            _ => escaped = false,
        }
    }
    let quote = open?;
    let name = line[..quote].strip_suffix('=')?;
    let start = name
        .rfind(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .map_or(0, |i| i + 1);
    (start < name.len()).then_some(start)
}

fn item(
    label: String,
    kind: CompletionItemKind,
    detail: Option<String>,
    range: lsp_types::Range,
) -> CompletionItem {
    CompletionItem {
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            range,
            label.clone(),
        ))),
        label,
        kind: Some(kind),
        documentation: detail.clone().map(Documentation::String),
        detail,
        ..CompletionItem::default()
    }
}

fn element_names(range: lsp_types::Range) -> Vec<CompletionItem> {
    ELEMENTS
        .iter()
        .map(|name| {
            let doc = crate::docs::element(name).map(str::to_owned);
            item((*name).to_owned(), CompletionItemKind::KEYWORD, doc, range)
        })
        .chain(kifu_book::language::LANGUAGES.iter().map(|(code, name)| {
            let doc = Some(format!("A paragraph in {name}"));
            item((*code).to_owned(), CompletionItemKind::KEYWORD, doc, range)
        }))
        .collect()
}

fn languages(range: lsp_types::Range) -> Vec<CompletionItem> {
    kifu_book::language::LANGUAGES
        .iter()
        .map(|(code, name)| {
            item(
                (*code).to_owned(),
                CompletionItemKind::ENUM_MEMBER,
                Some((*name).to_owned()),
                range,
            )
        })
        .collect()
}

fn standard_texts(range: lsp_types::Range) -> Vec<CompletionItem> {
    kifu_book::text::standard_codes()
        .map(|(code, english)| {
            item(
                format!("#{code}#"),
                CompletionItemKind::TEXT,
                Some(english),
                range,
            )
        })
        .collect()
}

/// Whether the line at `line_start` holds attributes of the element there:
/// its `::` line, or a line of attributes under it.
fn in_header(cx: &Context<'_>, offset: usize, line_start: usize) -> bool {
    let text = cx.text();
    if text[line_start..].starts_with("::") {
        return true;
    }
    let Some(e) = cx.analysis.element_at(offset) else {
        return false;
    };
    let element = &cx.analysis.book.elements()[e];
    let last_attribute = element.attributes().last().map(|a| a.span().end as usize);
    element.tag().is_some() && last_attribute.is_some_and(|end| line_start <= end + 1)
}

/// The element being written at `offset` (its kind), from its `::` line.
fn element_kind(cx: &Context<'_>, offset: usize) -> ElementKind {
    cx.analysis
        .element_at(offset)
        .map_or(ElementKind::Unknown, |e| {
            cx.analysis.book.elements()[e].kind()
        })
}

fn attributes(cx: &Context<'_>, offset: usize, range: lsp_types::Range) -> Vec<CompletionItem> {
    let kind = element_kind(cx, offset);
    let present: Vec<String> = cx
        .analysis
        .element_at(offset)
        .map(|e| {
            cx.analysis.book.elements()[e]
                .attributes()
                .iter()
                .map(|a| a.base_name().to_owned())
                .collect()
        })
        .unwrap_or_default();
    kifu_book::model::ATTRIBUTES
        .iter()
        .filter(|spec| {
            matches!(kifu_book::model::attribute_role(kind, spec.name), AttributeRole::Known(s) if s.name == spec.name)
        })
        .filter(|spec| !present.iter().any(|p| p == spec.name))
        .map(|spec| {
            let doc = crate::docs::attribute(spec.name).map(str::to_owned);
            item(spec.name.to_owned(), CompletionItemKind::PROPERTY, doc, range)
        })
        .collect()
}

/// The column letters of a board of `size` (no `I`).
fn column_letters(size: u8) -> impl Iterator<Item = char> {
    ('A'..='Z').filter(|c| *c != 'I').take(usize::from(size))
}

fn values(
    cx: &Context<'_>,
    offset: usize,
    name: &str,
    value: &str,
    value_start: usize,
) -> Option<Vec<CompletionItem>> {
    let kind = element_kind(cx, offset);
    let name = name.split('_').next().unwrap_or(name);
    let AttributeRole::Known(spec) = kifu_book::model::attribute_role(kind, name) else {
        return None;
    };
    let whole = cx.range_of(value_start..offset);
    let words = |list: &[&str]| -> Vec<CompletionItem> {
        list.iter()
            .map(|w| {
                item(
                    (*w).to_owned(),
                    CompletionItemKind::ENUM_MEMBER,
                    None,
                    whole,
                )
            })
            .collect()
    };
    Some(match spec.value {
        ValueType::Choice(options) => words(options),
        ValueType::Flag => words(&["0", "1"]),
        ValueType::Player => words(&["b", "w"]),
        ValueType::MoveNumber => words(&["end"]),
        ValueType::IdOrNone | ValueType::Link => {
            let mut out = ids(cx, whole);
            if spec.value == ValueType::IdOrNone {
                out.extend(words(&["none"]));
            }
            out
        }
        ValueType::Points | ValueType::Point | ValueType::Moves | ValueType::View => {
            let size = cx
                .analysis
                .element_at(offset)
                .map_or(19, |e| Index::new(&cx.analysis.book).board_size(e).cols);
            // A new point starts after a digit or at the value's start.
            if !value.is_empty() && !value.ends_with(|c: char| c.is_ascii_digit() || c == ' ') {
                return None;
            }
            let here = cx.range_of(offset..offset);
            let mut out: Vec<_> = column_letters(size)
                .map(|c| {
                    let detail = Some(format!("column {c} of the {size}×{size} board"));
                    item(c.to_string(), CompletionItemKind::VALUE, detail, here)
                })
                .collect();
            if spec.value == ValueType::Moves {
                out.extend(
                    ["Pass", "Tenuki"]
                        .map(|w| item(w.to_owned(), CompletionItemKind::VALUE, None, here)),
                );
            }
            out
        }
        _ => return None,
    })
}

/// Every ID of the book, with the element that has it.
fn ids(cx: &Context<'_>, range: lsp_types::Range) -> Vec<CompletionItem> {
    let mut seen = std::collections::HashSet::new();
    cx.analysis
        .book
        .elements()
        .iter()
        .filter_map(|e| Some((e.id()?, e)))
        .filter(|(id, _)| seen.insert(id.to_owned()))
        .map(|(id, e)| {
            let detail = Some(format!("::{}", e.name()));
            item(id.to_owned(), CompletionItemKind::REFERENCE, detail, range)
        })
        .collect()
}

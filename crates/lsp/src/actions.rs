//! Quick fixes for the findings whose repair is plain from the finding:
//! the attribute name the format's list writes (`book/attribute-spelling`,
//! `book/language-suffix`), the first of a duplicated attribute kept as
//! the reader keeps it (`book/duplicate-attribute`), a backslash written
//! as itself (`book/unknown-escape`), an ID for a chapter
//! (`book/chapter-without-id`), and the nearest known name for a misspelt
//! ID, attribute, element or language (`book/unknown-link`, `-ref`,
//! `-base`, `-attribute`, `-element`, `-language`).

use std::collections::HashMap;

use kifu_book::model::AttributeRole;
use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, WorkspaceEdit};

use crate::features::Context;
use crate::find::{self, bytes};

/// The fixes for `diagnostics` (as the client shows them) within `range`.
pub(crate) fn actions(
    cx: &Context<'_>,
    _range: Range,
    diagnostics: &[lsp_types::Diagnostic],
) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    for d in diagnostics {
        let Some(lsp_types::NumberOrString::String(code)) = &d.code else {
            continue;
        };
        let span = cx.document.span(d.range, cx.encoding);
        if let Some((title, span, text)) = fix(cx, code, span) {
            let edit = TextEdit::new(cx.range_of(span), text);
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(WorkspaceEdit::new(HashMap::from([(
                    cx.uri.clone(),
                    vec![edit],
                )]))),
                is_preferred: Some(true),
                ..CodeAction::default()
            }));
        }
    }
    out
}

type Fix = (String, std::ops::Range<usize>, String);

/// The fix for a finding `code` at `span`: a title, the range to replace
/// and the text to put there.
fn fix(cx: &Context<'_>, code: &str, span: std::ops::Range<usize>) -> Option<Fix> {
    let book = &cx.analysis.book;
    let e = cx.analysis.element_at(span.start)?;
    let element = &book.elements()[e];
    let attribute = || {
        element
            .attributes()
            .iter()
            .find(|a| bytes(a.span()).contains(&span.start))
    };
    let name_of = |a: &kifu_book::Attribute| {
        let start = a.span().start as usize;
        start..start + a.name().len()
    };
    match code {
        "book/attribute-spelling" => {
            let a = attribute()?;
            let right = kifu_book::model::spelling(a.base_name());
            let name = a.name().replacen(a.base_name(), right, 1);
            Some((format!("Write `{name}`"), name_of(a), name))
        }
        "book/language-suffix" => {
            let a = attribute()?;
            let name = a.base_name().to_owned();
            Some((format!("Write `{name}` (no language)"), name_of(a), name))
        }
        "book/duplicate-attribute" => {
            let a = attribute()?;
            let end = a.span().end as usize;
            let start = cx.text()[..a.span().start as usize].trim_end().len();
            Some((
                format!("Remove the second `{}`", a.name()),
                start..end,
                String::new(),
            ))
        }
        "book/unknown-escape" => {
            let at = cx.text()[span.clone()].find('\\')? + span.start;
            Some((
                "Write the backslash as `\\\\`".to_owned(),
                at..at,
                "\\".to_owned(),
            ))
        }
        "book/chapter-without-id" => {
            let number = book.elements()[..=e]
                .iter()
                .filter(|c| c.kind() == kifu_book::model::ElementKind::Chapter)
                .count();
            let taken = |id: &str| book.elements().iter().any(|x| x.id() == Some(id));
            let id = (number..).map(|n| format!("ch{n}")).find(|id| !taken(id))?;
            let at = element.span().start as usize + 2 + element.tag()?.len();
            Some((
                format!("Give the chapter the ID `{id}`"),
                at..at,
                format!("(#{id})"),
            ))
        }
        "book/unknown-link" | "book/unknown-ref" | "book/unknown-base" => {
            let r = find::references(book, cx.text()).into_iter().find(|r| {
                r.from == e
                    && r.span.start < span.end.max(span.start + 1)
                    && span.start < r.span.end.max(r.span.start + 1)
            })?;
            let ids = book.elements().iter().filter_map(|x| x.id());
            let best = nearest(&r.id, ids)?;
            Some((format!("Change to `{best}`"), r.span, best))
        }
        "book/unknown-attribute" => {
            let a = attribute()?;
            let kind = element.kind();
            let names = kifu_book::model::ATTRIBUTES
                .iter()
                .map(|s| s.name)
                .filter(|n| {
                    matches!(
                        kifu_book::model::attribute_role(kind, n),
                        AttributeRole::Known(_)
                    )
                });
            let best = nearest(a.base_name(), names)?;
            let name = a.name().replacen(a.base_name(), &best, 1);
            Some((format!("Change to `{name}`"), name_of(a), name))
        }
        "book/unknown-element" => {
            let start = element.span().start as usize + 2;
            let name = element.name();
            let best = nearest(name, crate::complete::ELEMENTS.iter().copied())?;
            Some((
                format!("Change to `::{best}`"),
                start..start + name.len(),
                best,
            ))
        }
        "book/unknown-language" => {
            let written = &cx.text()[span.clone()];
            let codes = kifu_book::language::LANGUAGES.iter().map(|(c, _)| *c);
            let best = nearest(written, codes)?;
            Some((format!("Change to `{best}`"), span, best))
        }
        _ => None,
    }
}

/// The one name of `names` nearest to `wrong` (at most two edits away,
/// and fewer than its length), if one is nearer than all others.
fn nearest<'a>(wrong: &str, names: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    let mut tied = false;
    for name in names {
        let d = strsim::osa_distance(wrong, name);
        if d == 0 || d > 2 || d >= wrong.chars().count() {
            continue;
        }
        match best {
            Some((b, other)) if d == b && other != name => tied = true,
            Some((b, _)) if d >= b => {}
            _ => {
                best = Some((d, name));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, n)| n.to_owned())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_nearest_name_is_one_clear_winner() {
        let ids = ["dia2", "dia3", "intro"];
        assert_eq!(
            super::nearest("intr", ids.iter().copied()).as_deref(),
            Some("intro")
        );
        // dia1 is as near to dia2 as to dia3: no guess.
        assert_eq!(super::nearest("dia1", ids.iter().copied()), None);
        assert_eq!(super::nearest("zzzzzz", ids.iter().copied()), None);
    }
}

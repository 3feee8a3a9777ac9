//! Quick fixes for the findings whose repair follows from the finding
//! alone (the table of which, with why the others have none, is
//! [`crate::quick_fixes`]): a name written as the format's list writes it,
//! what the reader ignores removed, a value out of range written as the
//! one kifu uses, a free ID where one is missing or taken twice, and the
//! nearest known name for a misspelt ID, attribute, element, language or
//! standard text. Each fix is a few small edits of the document; a book
//! read from inside a package gets none (it is read-only).

use std::collections::HashMap;

use kifu_book::model::{AttributeRole, ElementKind};
use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, TextEdit, WorkspaceEdit};

use crate::context::Context;
use crate::find::{self, bytes};
use crate::fixes::{self, Fix, one};

/// The fixes for `diagnostics` (as the client shows them).
pub(crate) fn actions(
    cx: &Context<'_>,
    diagnostics: &[lsp_types::Diagnostic],
) -> Vec<CodeActionOrCommand> {
    if crate::package::is_entry(cx.uri) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for d in diagnostics {
        let Some(lsp_types::NumberOrString::String(code)) = &d.code else {
            continue;
        };
        let Some(Fix { title, edits }) = fix(cx, code, d) else {
            continue;
        };
        let edits = edits
            .into_iter()
            .map(|(at, text)| TextEdit::new(cx.range_of(at), text))
            .collect();
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![d.clone()]),
            edit: Some(WorkspaceEdit::new(HashMap::from([(cx.uri.clone(), edits)]))),
            is_preferred: Some(true),
            ..CodeAction::default()
        }));
    }
    out
}

/// The fix for finding `d` of code `code` (its severity tells the
/// variants of some codes apart).
fn fix(cx: &Context<'_>, code: &str, d: &lsp_types::Diagnostic) -> Option<Fix> {
    let span = cx.document.span(d.range, cx.encoding);
    let warning = d.severity == Some(lsp_types::DiagnosticSeverity::WARNING);
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
            one(format!("Write `{name}`"), name_of(a), name)
        }
        "book/language-suffix" => {
            let a = attribute()?;
            let name = a.base_name().to_owned();
            one(format!("Write `{name}` (no language)"), name_of(a), name)
        }
        "book/duplicate-attribute" => {
            let a = attribute()?;
            let end = a.span().end as usize;
            let start = cx.text()[..a.span().start as usize].trim_end().len();
            one(format!("Remove the second `{}`", a.name()), start..end, "")
        }
        "book/unknown-escape" => {
            let at = cx.text()[span.clone()].find('\\')? + span.start;
            one("Write the backslash as `\\\\`".to_owned(), at..at, "\\")
        }
        "book/unclosed-id" => fixes::close_id(cx, span),
        "book/unclosed-quote" => fixes::close_quote(cx, span),
        "book/chapter-without-id" => {
            let number = book.elements()[..=e]
                .iter()
                .filter(|c| c.kind() == ElementKind::Chapter)
                .count();
            let id = fixes::free_id(book, (number..).map(|n| format!("ch{n}")))?;
            let at = element.span().start as usize + 2 + element.tag()?.len();
            one(
                format!("Give the chapter the ID `{id}`"),
                at..at,
                format!("(#{id})"),
            )
        }
        "book/duplicate-chapter-id" | "book/duplicate-id" => {
            let id = element.id()?;
            let new = fixes::free_id(book, (2..).map(|n| format!("{id}-{n}")))?;
            fixes::rename(cx, e, &new, format!("Give this one the ID `{new}`"))
        }
        "book/invalid-id" => {
            let new = fixes::valid_id(element.id()?);
            let new = fixes::free_id(
                book,
                std::iter::once(new.clone()).chain((2..).map(|n| format!("{new}-{n}"))),
            )?;
            fixes::rename(cx, e, &new, format!("Write the ID as `{new}`"))
        }
        "book/include-attributes" if warning => {
            let id = bytes(element.id_span()?);
            one(
                "Remove the include's ID".to_owned(),
                id.start - 2..id.end + 1,
                "",
            )
        }
        "book/book-not-first" => fixes::move_book_first(cx, e),
        "book/unknown-link" | "book/unknown-ref" | "book/unknown-base" => {
            let r = find::references(book, cx.text()).into_iter().find(|r| {
                r.from == e
                    && r.span.start < span.end.max(span.start + 1)
                    && span.start < r.span.end.max(r.span.start + 1)
            })?;
            let ids = book.elements().iter().filter_map(|x| x.id());
            let best = nearest(&r.id, ids)?;
            one(format!("Change to `{best}`"), r.span, best)
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
            one(format!("Change to `{name}`"), name_of(a), name)
        }
        "book/unknown-element" => {
            let start = element.span().start as usize + 2;
            let name = element.name();
            let best = nearest(name, crate::docs::ELEMENTS.iter().copied())?;
            one(
                format!("Change to `::{best}`"),
                start..start + name.len(),
                best,
            )
        }
        "book/unknown-language" => {
            // The message names the tag; it is a `_` suffix in the span.
            let written = d.message.split('`').nth(1)?;
            let at = language_at(cx.text().get(span.clone())?, written)? + span.start;
            let codes = kifu_book::language::LANGUAGES.iter().map(|(c, _)| *c);
            let best = nearest(written, codes)?;
            one(format!("Change to `{best}`"), at..at + written.len(), best)
        }
        "book/standard-text" if warning => {
            let written = cx.text().get(span.clone())?;
            let inner = written.strip_prefix('#')?.strip_suffix('#')?;
            let codes: Vec<String> = kifu_book::text::standard_codes().map(|(c, _)| c).collect();
            let best = nearest(inner, codes.iter().map(String::as_str))?;
            one(
                format!("Change to `#{best}#`"),
                span.start + 1..span.end - 1,
                best,
            )
        }
        "book/move-number-too-large" => {
            let a = element.attribute("mn")?;
            let max = kifu_book::resolve::MAX_FIRST_NUMBER.to_string();
            one(format!("Write `mn={max}`"), bytes(a.value_span()), max)
        }
        "book/at-out-of-range" | "book/to-out-of-range" => fixes::range(cx, e, code),
        "book/notes-for-other-book" => fixes::notes_book_id(cx, &d.message),
        _ => None,
    }
}

/// Where language tag `tag` is written as a suffix (`_tag`, ended by no
/// letter or digit) in `text`.
fn language_at(text: &str, tag: &str) -> Option<usize> {
    let suffix = format!("_{tag}");
    text.match_indices(&suffix)
        .map(|(i, _)| i + 1)
        .find(|&i| !text[i + tag.len()..].starts_with(|c: char| c.is_alphanumeric()))
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

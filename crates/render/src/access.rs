//! What the writers give readers who cannot see the board (issue 38):
//! each diagram's description in words ([`kifu_book::describe`]) as
//! markup, bullets as lists, the heading levels of the outline, and the
//! accessibility metadata an EPUB package declares, computed from the
//! flow.

use std::fmt::Write as _;

use kifu_book::describe::{Description, closed, describe, move_words, words};
use kifu_book::resolve::Resolved;

use crate::flow::{Block, Group, GroupKind};
use crate::markup::{esc, group_class};

/// A diagram's short text alternative (its `alt`) and its full
/// description as a `<details>` element with the id `id`, which the
/// image names with `aria-details`. `lang` is the document's language,
/// which the description is in where kifu has words for it; its English
/// words are marked where not.
pub(crate) struct DescribedDiagram {
    /// The short text alternative.
    pub alt: String,
    /// The `<details>` markup.
    pub details: String,
}

/// The description of `item` for a document in `lang`; `xhtml`: written
/// as XHTML (`xml:lang` beside `lang`).
pub(crate) fn described(item: &Resolved, lang: &str, id: &str, xhtml: bool) -> DescribedDiagram {
    let Description { short, parts } = describe(item, lang);
    // Words in the document's language need no mark; English ones in a
    // book in a language kifu has no words for do.
    let w = words(lang);
    let english = w.lang() == "en" && !lang.to_ascii_lowercase().starts_with("en");
    let lang_attrs = if !english {
        String::new()
    } else if xhtml {
        " lang=\"en\" xml:lang=\"en\"".to_owned()
    } else {
        " lang=\"en\"".to_owned()
    };
    let mut details = format!(
        "<details class=\"dia-desc\" id=\"{}\"{lang_attrs}><summary>{}</summary>",
        esc(id),
        esc(w.get("description"))
    );
    for part in &parts {
        if part.items.len() == 1 {
            let _ = write!(
                details,
                "<p>{}: {}</p>",
                esc(&part.label),
                esc(&closed(&part.items[0]))
            );
        } else {
            let _ = write!(details, "<p>{}:</p><ul>", esc(&part.label));
            for item in &part.items {
                let _ = write!(details, "<li>{}</li>", esc(item));
            }
            details.push_str("</ul>");
        }
    }
    details.push_str("</details>");
    DescribedDiagram {
        alt: short,
        details,
    }
}

/// A group of bullet paragraphs and nothing else (no inline diagram after
/// one) written as a list, so that a screen reader says it is one, its
/// length, and each item as a step: the group's element is `role="list"`,
/// each paragraph's element (the first `<div` that `item` writes for its
/// block) `role="listitem"`. `None` for other groups. The EPUB and the
/// page write their bullets with it; a big book's page with `roles`
/// false, which marks the group with the class `list` instead and leaves
/// the roles to its script (thousands of them made the page 3% bigger).
pub(crate) fn list_group(
    group: &Group,
    roles: bool,
    mut item: impl FnMut(&Block) -> String,
) -> Option<String> {
    let plain = group.kind == GroupKind::Bullets
        && group
            .blocks
            .iter()
            .all(|b| matches!(b, Block::Paragraph(p) if p.inline_diagrams.is_empty()));
    if !plain {
        return None;
    }
    if !roles {
        let mut out = format!("<div class=\"group {} list\">\n", group_class(group.kind));
        for block in &group.blocks {
            out.push_str(&item(block));
        }
        out.push_str("</div>\n");
        return Some(out);
    }
    let mut out = format!(
        "<div class=\"group {}\" role=\"list\">\n",
        group_class(group.kind)
    );
    for block in &group.blocks {
        out.push_str(&item(block).replacen("<div ", "<div role=\"listitem\" ", 1));
    }
    out.push_str("</div>\n");
    Some(out)
}

/// A diagram's short text and its full description in one text: the
/// alternative text of a PDF's figure, which has no place for more.
pub(crate) fn alt_with_description(item: &Resolved, lang: &str) -> String {
    let description = describe(item, lang);
    let full = description.text().replace('\n', " ");
    format!("{} {}", description.short, full.trim_end())
}

/// The text alternative of an answer drawn on problem `item`'s position,
/// in the words of `lang`: "Answer to Problem 1: Black 1 at C7, White 2
/// at D7."
pub(crate) fn answer_alt(
    name: &str,
    item: &Resolved,
    sequence: &[(kifu_book::coords::Move, Option<String>)],
    lang: &str,
) -> String {
    let w = words(lang);
    let mut color = item.to_play;
    let mut moves = Vec::new();
    for (k, (mv, _)) in (1..).zip(sequence) {
        moves.push(move_words(w, color, Some(k), *mv, &[], item.size));
        color = color.opponent();
    }
    // A caption that ends a sentence ("Problem 1. Black to play.") is
    // followed by the moves as the next one.
    let answer = w.fill("answer", &[("name", name)]);
    let joint = if answer.ends_with(['.', '!', '?', '。', '！', '？']) {
        " "
    } else {
        ": "
    };
    format!("{answer}{joint}{}", closed(&moves.join(", ")))
}

#[cfg(feature = "epub")]
mod package;
#[cfg(feature = "epub")]
pub(crate) use package::{Outline, package_metadata};

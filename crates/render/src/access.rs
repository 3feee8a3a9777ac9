//! What the writers give readers who cannot see the board (issue 38):
//! each diagram's description in words ([`kifu_book::describe`]) as
//! markup, bullets as lists, the heading levels of the outline, and the
//! accessibility metadata an EPUB package declares, computed from the
//! flow.

use std::fmt::Write as _;

use kifu_book::describe::{Description, closed, describe, words};
use kifu_book::resolve::Resolved;

use crate::flow::{Block, Group, GroupKind};
use crate::markup::{esc, group_class};

/// A diagram's short text alternative (its `alt`) and its full
/// description as a `<details>` element with the id `id`, which the
/// image names with `aria-details`. `lang` is the document's language:
/// the language of the description's words (English where kifu has no
/// words in `lang`) is marked where it differs.
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
    let w = words(lang);
    let said = w.lang();
    let lang_attrs = if lang.split('-').next() == Some(said) {
        String::new()
    } else if xhtml {
        format!(" lang=\"{said}\" xml:lang=\"{said}\"")
    } else {
        format!(" lang=\"{said}\"")
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
/// page write their bullets with it.
pub(crate) fn list_group(group: &Group, mut item: impl FnMut(&Block) -> String) -> Option<String> {
    let plain = group.kind == GroupKind::Bullets
        && group
            .blocks
            .iter()
            .all(|b| matches!(b, Block::Paragraph(p) if p.inline_diagrams.is_empty()));
    if !plain {
        return None;
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

/// The text alternative of an answer drawn on problem `item`'s position:
/// "Answer to Problem 1: Black 1 at C7, White 2 at D7."
pub(crate) fn answer_alt(
    name: &str,
    item: &Resolved,
    sequence: &[(kifu_book::coords::Move, Option<String>)],
) -> String {
    let mut color = item.to_play;
    let mut moves = Vec::new();
    for (k, (mv, _)) in sequence.iter().enumerate() {
        let who = if color == kifu_board::Color::Black {
            "Black"
        } else {
            "White"
        };
        moves.push(match mv {
            kifu_book::coords::Move::Play(p) => {
                format!("{who} {} at {}", k + 1, p.to_standard(item.size))
            }
            kifu_book::coords::Move::Pass => format!("{who} {} passes", k + 1),
            kifu_book::coords::Move::Tenuki => format!("{who} {} elsewhere", k + 1),
        });
        color = color.opponent();
    }
    // A caption that ends a sentence ("Problem 1. Black to play.") is
    // followed by the moves as the next one.
    let joint = if name.ends_with(['.', '!', '?']) {
        " "
    } else {
        ": "
    };
    format!("Answer to {name}{joint}{}.", moves.join(", "))
}

#[cfg(feature = "epub")]
mod package;
#[cfg(feature = "epub")]
pub(crate) use package::{Outline, package_metadata};

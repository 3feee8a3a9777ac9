//! Checks of a collection as a whole: games of different formats,
//! types or charsets in one file.

use kifu_diag::{Code, Diagnostic, Severity, Span};

use super::codes;
use super::report::report;
use crate::tree::{Collection, Node};

/// Games in another charset than the first game's: each is reported, at
/// its `CA` (or its first property).
pub(super) fn mixed_charsets(collection: &Collection<'_>, out: &mut Vec<Diagnostic>) {
    let mut games = collection.games();
    let Some(first) = games.next() else { return };
    let encoding = first.charset().encoding;
    for game in games {
        let other = game.charset().encoding;
        if other == encoding {
            continue;
        }
        let root = game.root();
        let span = root_span(&root, "CA");
        report(
            out,
            crate::bytes::charset::codes::MIXED,
            Severity::Warning,
            span,
            format!(
                "this game is in {}, the first game in {}: programs that read one charset per file will misread one of them",
                other.name(),
                encoding.name()
            ),
        );
    }
}

/// Where to report something about a game: its property `id`, else its
/// root's first property.
pub(super) fn root_span(root: &Node<'_, '_>, id: &str) -> Span {
    root.property(id)
        .or_else(|| root.properties().next())
        .map_or(Span::empty(0), |p| p.span())
}

/// Games of different `FF` (or `GM`) in one file: reported once, at the
/// first game whose format (type) differs from the first game's.
pub(super) fn mixed_formats(collection: &Collection<'_>, out: &mut Vec<Diagnostic>) {
    type Of = fn(&crate::Game<'_, '_>) -> u32;
    let kinds: [(Code, &str, Of); 2] = [
        (codes::MIXED_FILE_FORMATS, "FF", |g| g.file_format()),
        (codes::MIXED_GAME_TYPES, "GM", |g| g.game_type()),
    ];
    for (code, id, of) in kinds {
        let mut games = collection.games();
        let Some(first) = games.next() else { return };
        let value = of(&first);
        if let Some(other) = games.find(|g| of(g) != value) {
            let what = if id == "FF" { "file formats" } else { "types" };
            report(
                out,
                code,
                Severity::Warning,
                root_span(&other.root(), id),
                format!(
                    "games of different {what} in one file ({id}[{value}] and {id}[{}]): some programs read only one",
                    of(&other)
                ),
            );
        }
    }
}

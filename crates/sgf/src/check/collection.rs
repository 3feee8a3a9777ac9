//! Checks of a collection as a whole: games of different formats,
//! types or charsets in one file.

use kifu_diag::{Code, Severity, Span};

use super::codes;
use super::report::{Findings, report};
use crate::tree::{Collection, Node};

/// What the checks of a collection as a whole keep of the games met so
/// far, so that a collection read in parts is checked part by part: the
/// first game's format, type and charset, and which of the first two have
/// been reported as mixed (once per collection).
#[derive(Default)]
pub(super) struct Whole {
    first: Option<FirstGame>,
    reported: [bool; 2],
}

struct FirstGame {
    /// `FF` and `GM`.
    kinds: [u32; 2],
    encoding: &'static encoding_rs::Encoding,
}

/// The findings of [`Whole::check`], one list per kind, in the order
/// [`check`](super::check) lists findings of one place.
pub(super) struct Mixed {
    pub(super) formats: Findings,
    pub(super) types: Findings,
    pub(super) charsets: Findings,
}

impl Mixed {
    /// No findings yet; those of `described_from` or above get a message.
    pub(super) fn new(described_from: Severity) -> Self {
        Mixed {
            formats: Findings::new(described_from),
            types: Findings::new(described_from),
            charsets: Findings::new(described_from),
        }
    }
}

impl Whole {
    /// Checks the games of `part`, which come after the games met before:
    /// games of different `FF` (or `GM`) in one file are reported once,
    /// at the first game whose format (type) differs from the first
    /// game's; each game in another charset than the first game's, at its
    /// `CA` (or its first property).
    pub(super) fn check(&mut self, part: &Collection<'_>, out: &mut Mixed) {
        const KINDS: [(Code, &str, &str); 2] = [
            (codes::MIXED_FILE_FORMATS, "FF", "file formats"),
            (codes::MIXED_GAME_TYPES, "GM", "types"),
        ];
        for game in part.games() {
            let kinds = [game.file_format(), game.game_type()];
            let encoding = game.charset().encoding;
            let Some(first) = &self.first else {
                self.first = Some(FirstGame { kinds, encoding });
                continue;
            };
            for (k, (code, id, what)) in KINDS.into_iter().enumerate() {
                if self.reported[k] || kinds[k] == first.kinds[k] {
                    continue;
                }
                self.reported[k] = true;
                let list = if k == 0 {
                    &mut out.formats
                } else {
                    &mut out.types
                };
                report(
                    list,
                    code,
                    Severity::Warning,
                    root_span(&game.root(), id),
                    || {
                        format!(
                            "games of different {what} in one file ({id}[{}] and {id}[{}]): some programs read only one",
                            first.kinds[k], kinds[k]
                        )
                    },
                );
            }
            if encoding != first.encoding {
                report(
                    &mut out.charsets,
                    crate::bytes::charset::codes::MIXED,
                    Severity::Warning,
                    root_span(&game.root(), "CA"),
                    || {
                        format!(
                            "this game is in {}, the first game in {}: programs that read one charset per file will misread one of them",
                            encoding.name(),
                            first.encoding.name()
                        )
                    },
                );
            }
        }
    }
}

/// Where to report something about a game: its property `id`, else its
/// root's first property.
pub(super) fn root_span(root: &Node<'_, '_>, id: &str) -> Span {
    root.property(id)
        .or_else(|| root.properties().next())
        .map_or(Span::empty(0), |p| p.span())
}

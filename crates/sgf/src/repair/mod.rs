//! Repairs: the smallest edits that make a file say in FF\[4\] what it
//! meant, made on the lossless tree so that everything else is written
//! back as it was.
//!
//! Each repair names the check code it answers. A repair that may lose
//! information is *critical*: it is only made with [`Options::force`], and
//! otherwise reported as refused with what would be lost.
//!
//! Made today:
//! - identifiers with lowercase letters (`AddBlack`) written as their
//!   uppercase letters (`AB`);
//! - FF\[1\]-FF\[3\] properties: `L` to `LB` with letters A, B, C...; `M` to
//!   `MA` on empty points and `TR` on stones; `TE` then `BM` to `IT`, `BM`
//!   then `TE` to `DO`; `VW` with two points to the compose `VW[a:b]`;
//! - game information in a non-standard form whose meaning is certain
//!   (`RE[Black wins by 3.5]` to `RE[B+3.5]`, `KM[5,5]` to `KM[5.5]`); the
//!   free-text dates of FF\[1\]-FF\[3\] files, correct there, only when the
//!   file is repaired anyway (it then becomes FF\[4\]); values correct as
//!   written but not in the form FF\[4\] recommends (`BR[9 dan]`) only by
//!   [`repair_and_normalize`];
//! - `[tt]` passes to `[]` on boards up to 19x19;
//! - properties whose only value is empty (or white space) where the type
//!   needs a value (`DT[]`, `PC[ ]`), and empty lists where a list of at
//!   least one is needed (`AW[]`), removed;
//! - white space inside points removed, those bytes only (`W[oq\n]` to
//!   `W[oq]`, `B[ pp]` to `B[pp]`), as SGF asks;
//! - Reals written as SGF writes them (`BL[34.]` to `BL[34]`, `WL[.5]` to
//!   `WL[0.5]`);
//! - a property given twice in a node: the same values dropped, point
//!   lists merged; different single values kept as they are (critical);
//! - a move in the root, setup mixed with a move, and two moves in one
//!   node split into two nodes (setup, root and game information and `N`
//!   first, as the spec note asks);
//! - a `]` that the reader kept inside a text value written escaped;
//! - too many values for a single-valued property: empty ones dropped;
//!   if several remain, the first kept (critical);
//! - a value that does not fit its type removed with its property
//!   (critical; game information has its own corrections); the same point
//!   twice in a list written once;
//! - `KI[n]` (komi in half points) written `KM[n/2]`; `SZ[19:19]` written
//!   `SZ[19]`; a board side over 52 set to 52 (critical);
//! - root properties outside the root, game information below the node
//!   that holds it, and the later of `GB` and `GW` removed (critical);
//!   move annotations in a node without a move removed;
//! - NUL bytes in values replaced by spaces; setup points that change
//!   nothing removed from their lists;
//! - the root marked `FF[4]` when anything else was repaired.
//!
//! Syntax faults are repaired before, on the bytes (see
//! [`syntax::repair`](crate::repair::syntax) and [`fix`](crate::fix)).
//!
//! After [`repair`], the file reads clean of those codes, and repairing it
//! again changes nothing.

use crate::tree::Collection;

mod game;
mod node;
mod report;
mod setup;
mod structure;
pub mod syntax;
mod values;

use game::repair_game;
use report::Repairer;
pub use report::{Options, Repair, Report};
use structure::games_needing_board;

/// Repairs every game of `collection` in place.
///
/// ```
/// let mut c = kifu_sgf::parse(b"(;FF[3]GaMe[1]SZ[9]RE[Black wins by 3.5];B[ee]L[aa][bb])").value;
/// let report = kifu_sgf::repair::repair(&mut c, &Default::default());
/// assert_eq!(report.made.len(), 4);
/// assert_eq!(
///     kifu_sgf::write::lossless(&c),
///     b"(;FF[4]GM[1]SZ[9]RE[B+3.5];B[ee]LB[aa:A][bb:B])"
/// );
/// ```
pub fn repair(collection: &mut Collection<'_>, options: &Options) -> Report {
    repair_after(collection, options, false, false)
}

/// [`repair`], and the normalizations: game information written in the
/// form FF\[4\] recommends where the written form is correct too
/// (`BR[9 dan]` to `BR[9d]`), and the dates of FF\[1\]-FF\[3\] files in
/// FF\[4\]'s form whether or not the file needs a repair.
pub fn repair_and_normalize(collection: &mut Collection<'_>, options: &Options) -> Report {
    repair_after(collection, options, false, true)
}

/// [`repair`], told whether the input was changed already (its syntax
/// repaired), so that every game becomes FF\[4\] as if a repair of its
/// own had been made, and whether to normalize too.
pub(crate) fn repair_after(
    collection: &mut Collection<'_>,
    options: &Options,
    changed_already: bool,
    normalize: bool,
) -> Report {
    repair_games(collection, options, changed_already, normalize, &[], None).0
}

/// How a game came out of [`repair_games`], for the repairs that follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Nothing repaired, refused or kept in it, and nothing that depends
    /// on the other games (it is FF\[4\], with no old forms waiting for a
    /// repair of the file). A game of the same bytes, read the same way,
    /// is left as quiet by a later repair.
    Quiet,
    /// Only repairs of [`CLOSED`] made (an FF\[1\]-FF\[3\] game marked
    /// `FF[4]` among them), nothing refused or kept: the game as repaired,
    /// read in the same charset, is left as it is by a later repair.
    Closed,
    /// Anything else.
    Open,
}

/// Repairs that leave nothing to repair: what they write is in the form
/// the repairs make (an empty value removed, one value of several kept,
/// `[tt]` written `[]`, game information in its FF\[4\] form), and it is
/// read again in the same pass by the repairs that follow them. A game
/// repaired by these alone need not be repaired again to be sure that
/// `fix` is idempotent (most games of a big archive lose an empty `GN[]`
/// and nothing else). `FF[4]` written to an FF\[1\]-FF\[3\] game is one
/// of them: what the repairs do otherwise in those formats (`[tt]`
/// passes and free-text dates left for the file's repair, old forms kept
/// and reported) is done when the game is marked, or reported otherwise
/// (and then the game is not closed).
const CLOSED: [kifu_diag::Code; 6] = [
    crate::check::codes::EMPTY_VALUE,
    crate::check::codes::TOO_MANY_VALUES,
    crate::check::codes::TT_PASS,
    crate::check::codes::NONSTANDARD_GAME_INFO,
    crate::check::codes::UNKNOWN_FF,
    crate::check::codes::MIXED_FILE_FORMATS,
];

/// The repairs that mark a game `FF[4]`.
const MARKED: [kifu_diag::Code; 2] = [
    crate::check::codes::UNKNOWN_FF,
    crate::check::codes::MIXED_FILE_FORMATS,
];

/// [`repair_after`], leaving out the games `skip` marks (`fix` knows
/// them to need nothing); also says how each game came out. The file's
/// formats are mixed when a game's differs from its first game's, which
/// is `first_format` where `collection` holds some of the file's games
/// (a part of it, read in parts), else `collection`'s own first game's.
pub(crate) fn repair_games(
    collection: &mut Collection<'_>,
    options: &Options,
    changed_already: bool,
    normalize: bool,
    skip: &[bool],
    first_format: Option<u32>,
) -> (Report, Vec<Outcome>) {
    let mut r = Repairer {
        options,
        report: Report::default(),
        old_passes: Vec::new(),
        old_dates: Vec::new(),
        normalize,
        changed_already,
        mixed_formats: false,
        closed_values: 0,
    };
    // Each game's format, read once from its root.
    let formats: Vec<u32> = collection.games().map(|g| g.file_format()).collect();
    r.mixed_formats = first_format
        .or_else(|| formats.first().copied())
        .is_some_and(|first| formats.iter().any(|&f| f.min(4) != first.min(4)));
    let boards = games_needing_board(collection);
    let mut outcomes = Vec::with_capacity(boards.len());
    // One board for every game, made again for each.
    let mut board = kifu_board::Board::new(kifu_board::BoardSize::STANDARD);
    for (g, needs_board) in boards.into_iter().enumerate() {
        if skip.get(g) == Some(&true) {
            outcomes.push(Outcome::Quiet);
            continue;
        }
        let before = (
            r.report.made.len(),
            r.report.refused.len(),
            r.report.kept.len(),
            r.closed_values,
        );
        let alone = repair_game(collection, g, formats[g], needs_board, &mut board, &mut r);
        let made = &r.report.made[before.0..];
        let said_more = r.report.refused.len() > before.1 || r.report.kept.len() > before.2;
        // An older game is FF[4] after its repairs only when marked so.
        let marked = made.iter().any(|m| MARKED.contains(&m.code));
        let open_codes = made.iter().filter(|m| !CLOSED.contains(&m.code)).count();
        outcomes.push(match () {
            _ if said_more => Outcome::Open,
            _ if alone && made.is_empty() => Outcome::Quiet,
            _ if (alone || marked) && open_codes <= r.closed_values - before.3 => Outcome::Closed,
            _ => Outcome::Open,
        });
    }
    r.report.made.sort_by_key(|x| x.span.start);
    r.report.refused.sort_by_key(|x| x.span.start);
    (r.report, outcomes)
}

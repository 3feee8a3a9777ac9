//! [`fix`](super::fix) of a big collection a part at a time: a few games
//! are read, repaired and written, and their memory is read into again for
//! the next ones, so that a collection of thousands of games costs the
//! memory of a part, not of its whole tree (the page faults of a tree of
//! 80 MB were a third of the time of `kifu fix` of a merged archive).
//!
//! A part is repaired as a repair of the whole file would repair its
//! games, told what it needs of the rest of the file: the format of the
//! file's first game (a file of mixed formats has its older games marked
//! `FF[4]`) and how the file's values were scanned. Where a repair of the
//! whole would repair a game in a way a part cannot know, [`fix_in_parts`]
//! gives up and says so, and the file is repaired whole.

use encoding_rs::Encoding;

use super::whole::{Fixed, How, Whole, fix_read};
use crate::repair::{Options, Report};
use crate::tree::Collection;

/// What [`fix_in_parts`] made of an input: what [`fix`](super::fix) makes
/// of it, written.
#[derive(Clone, Debug)]
pub struct FixedText {
    /// The repaired bytes, as [`write::lossless`](crate::write::lossless)
    /// writes the repaired collection (the input itself when nothing was
    /// repaired).
    pub bytes: Vec<u8>,
    /// The repairs made and refused, with spans in the input.
    pub report: Report,
    /// The charset the input's first game was read in.
    pub encoding: &'static Encoding,
    /// How many games the repaired collection holds.
    pub games: usize,
    /// How many nodes its games hold in all.
    pub nodes: usize,
}

/// [`fix`](super::fix) of `input` read and repaired a part at a time
/// (parts of about `part_bytes`), written: the same bytes and the same
/// report as [`fix`](super::fix) and
/// [`write::lossless`](crate::write::lossless) give, in the memory of a
/// part. `None` when that cannot be promised, and the input is to be
/// repaired whole:
/// - the input is UTF-16, or its first game is older than FF\[4\] (a
///   part does not know whether a later game makes the formats mixed);
/// - its syntax needs repair (the repair of junk, a missing `)` and the
///   like works on the whole text, and marks every older game `FF[4]`);
/// - a second reading of a repaired part found more to say (its places
///   are places in the whole repaired text), or read its repaired text as
///   other games.
///
/// ```
/// use kifu_sgf::fix::{fix, fix_in_parts};
/// let input = b"(;FF[4]GM[1]GN[]SZ[9];B[ee])\n(;FF[4]GM[1]SZ[9];W[cc]C[])\n";
/// let parts = fix_in_parts(input, &Default::default(), 1).unwrap();
/// let whole = fix(input, &Default::default());
/// assert_eq!(parts.bytes, kifu_sgf::write::lossless(&whole.collection));
/// assert_eq!(parts.report.made.len(), 2);
/// ```
pub fn fix_in_parts(input: &[u8], options: &Options, part_bytes: usize) -> Option<FixedText> {
    let mut parts = Parts {
        input,
        options,
        text: None,
        first_format: None,
        written_to: 0,
        given_up: false,
    };
    let utf16 = crate::syntax::edit_in_parts(input, part_bytes, &mut |part, found, more| {
        parts.fix(part, found, more);
    });
    if utf16.is_some() || parts.given_up {
        return None;
    }
    let mut text = parts.text?;
    // As a repair of the whole lists them: a repair placed at the end of
    // the input (in text a repair created) after the others.
    text.report.made.sort_by_key(|r| r.span.start);
    text.report.refused.sort_by_key(|r| r.span.start);
    Some(text)
}

/// The state of [`fix_in_parts`] between parts.
struct Parts<'i, 'o> {
    input: &'i [u8],
    options: &'o Options,
    /// What the parts repaired so far made.
    text: Option<FixedText>,
    /// The format of the input's first game.
    first_format: Option<u32>,
    /// How much of the input the parts so far were read from.
    written_to: usize,
    /// A part was met that cannot be repaired as the whole would be.
    given_up: bool,
}

impl<'i> Parts<'i, '_> {
    /// Repairs `part` (which reading found `diagnostics` in; `more` games
    /// follow) and adds what it made to `self.text`; leaves `part` empty,
    /// in the arenas of its repair, for the next part to be read into.
    fn fix(
        &mut self,
        part: &mut Collection<'i>,
        diagnostics: Vec<kifu_diag::Diagnostic>,
        more: bool,
    ) {
        if self.given_up {
            return;
        }
        let Some(end) = self.part_end(part, more) else {
            self.given_up = true;
            return;
        };
        let whole = if self.text.is_none() && !more {
            // The only part: the whole file, repaired as such.
            Whole::default()
        } else {
            Whole {
                first_format: self.first_format,
                scan: Some(part.scan),
            }
        };
        let how = How {
            options: self.options,
            normalize: false,
            whole,
        };
        let read = std::mem::replace(part, Collection::new(self.input));
        let (fixed, whole_only) = fix_read(self.input, read, diagnostics, &how, &mut |_| {});
        let repaired = if whole_only {
            self.given_up = true;
            fixed.collection
        } else {
            self.add(fixed, end)
        };
        *part = Collection::with_arenas(self.input, repaired.into_arenas());
    }

    /// Where the bytes of `part` end in the input: after its last game's
    /// `)`, or at the input's end when no game follows. Also notes the
    /// format of the input's first game, and `None` when the part cannot
    /// be repaired alone (see [`fix_in_parts`]).
    fn part_end(&mut self, part: &Collection<'i>, more: bool) -> Option<usize> {
        if self.first_format.is_none() {
            let first = part.game(0)?.file_format();
            if first < 4 && more {
                return None;
            }
            self.first_format = Some(first);
        }
        if !more {
            return Some(self.input.len());
        }
        let last = part.game(part.len().checked_sub(1)?)?;
        Some(last.span()?.end as usize)
    }

    /// Adds the repair of a part, whose bytes end at `end` in the input;
    /// gives back the repaired collection.
    fn add<'c>(&mut self, fixed: Fixed<'c>, end: usize) -> Collection<'c> {
        let input = self.input;
        let text = self.text.get_or_insert_with(|| FixedText {
            bytes: Vec::with_capacity(input.len()),
            report: Report::default(),
            encoding: fixed.encoding,
            games: 0,
            nodes: 0,
        });
        if fixed.report.changed() {
            crate::write::lossless_into(&fixed.collection, &mut text.bytes);
        } else {
            text.bytes.extend_from_slice(&input[self.written_to..end]);
        }
        self.written_to = end;
        let report = fixed.report;
        text.report.made.extend(report.made);
        text.report.refused.extend(report.refused);
        text.report.kept.extend(report.kept);
        text.games += fixed.collection.len();
        text.nodes += fixed.collection.node_count();
        fixed.collection
    }
}

//! What a repair did: the repairs made, refused and kept, and the
//! options that decide between them.

use kifu_diag::{Code, Span};

use crate::tree::NodeId;

/// How to repair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Make the critical repairs too.
    pub force: bool,
}

/// One repair, made or refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The check code it answers.
    pub code: Code,
    /// Where, in the input.
    pub span: Span,
    /// What was changed (or would be), standing alone.
    pub message: String,
    /// Whether information may be lost.
    pub critical: bool,
}

/// What [`repair`](crate::repair::repair) did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The repairs made.
    pub made: Vec<Repair>,
    /// The critical repairs not made (no [`Options::force`]).
    pub refused: Vec<Repair>,
    /// What was left as it is because no repair is certain, where the
    /// repaired file says more than the input did: a free-text date of an
    /// FF\[1\]-FF\[3\] file with no certain FF\[4\] reading, in a file
    /// that becomes FF\[4\].
    pub kept: Vec<Repair>,
}

impl Report {
    /// Records `repair` as made, or as refused when it is critical and
    /// `options` do not force it; returns whether to make it.
    pub(crate) fn decide(&mut self, options: &Options, repair: Repair) -> bool {
        if repair.critical && !options.force {
            self.refused.push(repair);
            false
        } else {
            self.made.push(repair);
            true
        }
    }

    /// Whether the collection was changed.
    pub fn changed(&self) -> bool {
        !self.made.is_empty()
    }
}

pub(super) struct Repairer<'o> {
    pub(super) options: &'o Options,
    pub(super) report: Report,
    /// `[tt]` passes of FF\[1\]-FF\[3\] files, where they are right: turned
    /// into `[]` only when the file is repaired (and so becomes FF\[4\]).
    pub(super) old_passes: Vec<(NodeId, String, Span)>,
    /// Dates of FF\[1\]-FF\[3\] files, correct there, in the form FF\[4\]
    /// gives them (node, identifier, value, span, message; no value when
    /// there is no certain one): written, or said to be kept, only when
    /// the file is repaired (and so becomes FF\[4\]).
    pub(super) old_dates: Vec<(NodeId, String, Option<String>, Span, String)>,
    /// Make the normalizations too (see [`repair_and_normalize`]).
    pub(super) normalize: bool,
    /// The input was changed before (see [`repair_after`]).
    pub(super) changed_already: bool,
    /// The games are of different file formats: every game becomes FF\[4\].
    pub(super) mixed_formats: bool,
    /// How many repairs made were closed although their code is not one of
    /// [`CLOSED`](super::CLOSED) (see [`super::Outcome`]).
    pub(super) closed_values: usize,
}

impl Repairer<'_> {
    /// Records a repair; returns whether to make it.
    pub(super) fn decide(
        &mut self,
        code: Code,
        span: Span,
        message: String,
        critical: bool,
    ) -> bool {
        self.report.decide(
            self.options,
            Repair {
                code,
                span,
                message,
                critical,
            },
        )
    }
}

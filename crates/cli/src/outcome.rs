//! What processing one input produced (its output, its messages, its
//! counts) and the totals of a run, from which its exit status follows.

use kifu_diag::{Diagnostic, Severity};

use crate::args::DiagnosticArgs;
use crate::error::{EXIT_CLEAN, EXIT_ERRORS, EXIT_FAILURE};

/// Counts over a batch.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    pub(crate) files: usize,
    pub(crate) games: usize,
    pub(crate) nodes: usize,
    pub(crate) bytes: usize,
    pub(crate) errors: usize,
    pub(crate) warnings: usize,
    /// Files that could not be read or written.
    pub(crate) failed: usize,
    /// Files that `kifu fix` repaired (at least one repair made).
    pub(crate) repaired: usize,
    /// Whether the command repairs files, so that the summary says how
    /// many it repaired (none is worth saying too).
    pub(crate) repairing: bool,
    /// Warnings and notes that `--deny` makes fail the run.
    pub(crate) denied: usize,
}

impl Stats {
    /// Counts the errors and warnings of `diagnostics` that `args`
    /// reports (all but the codes it allows), and those it denies.
    pub(crate) fn count_reported<'d>(
        &mut self,
        diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
        args: &DiagnosticArgs,
    ) {
        let failing = args.failing();
        for d in diagnostics.into_iter().filter(|d| !args.allows(d.code)) {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                _ => {}
            }
            if d.severity < Severity::Error && d.severity >= failing {
                self.denied += 1;
            }
        }
    }

    pub(crate) fn add(&mut self, o: &Stats) {
        self.files += o.files;
        self.games += o.games;
        self.nodes += o.nodes;
        self.bytes += o.bytes;
        self.errors += o.errors;
        self.warnings += o.warnings;
        self.failed += o.failed;
        self.denied += o.denied;
        self.repaired += o.repaired;
        self.repairing |= o.repairing;
    }

    /// The exit status of a command from its totals.
    pub(crate) fn status(&self) -> u8 {
        if self.failed > 0 {
            EXIT_FAILURE
        } else if self.errors > 0 || self.denied > 0 {
            EXIT_ERRORS
        } else {
            EXIT_CLEAN
        }
    }
}

/// What processing one file produced.
#[derive(Default)]
pub(crate) struct Outcome {
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: String,
    pub(crate) stats: Stats,
    /// The input holds text but no game could be read from it: an output
    /// made from it would hold nothing of it, so none is written.
    pub(crate) nothing_read: bool,
}

impl Outcome {
    /// The outcome of reading `collection` from `bytes`, so far: one file,
    /// its size, games and nodes, and whether text was there that no game
    /// was read from.
    pub(crate) fn of_games(bytes: &[u8], collection: &kifu_sgf::Collection<'_>) -> Self {
        Self::of_parts(bytes, collection.len(), collection.node_count())
    }

    /// [`Outcome::of_games`] for a collection read in parts: `games`
    /// games of `nodes` nodes in all.
    pub(crate) fn of_parts(bytes: &[u8], games: usize, nodes: usize) -> Self {
        Outcome {
            stats: Stats {
                files: 1,
                bytes: bytes.len(),
                games,
                nodes,
                ..Stats::default()
            },
            nothing_read: games == 0 && holds_text(bytes),
            ..Outcome::default()
        }
    }

    pub(crate) fn failed(message: String) -> Self {
        Outcome {
            stderr: format!("kifu: {message}\n"),
            stats: Stats {
                failed: 1,
                ..Stats::default()
            },
            ..Outcome::default()
        }
    }
}

/// Whether `bytes` hold more than white space: text from which no game was
/// read is text an output made from it would lose.
pub(crate) fn holds_text(bytes: &[u8]) -> bool {
    !bytes.trim_ascii().is_empty()
}

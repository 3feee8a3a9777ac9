//! How a check reports a finding.

use kifu_diag::{Code, Diagnostic, Severity, Span};

/// The findings of the checks, and the least severity whose findings are
/// described. Below it a finding keeps its code, severity and place, and
/// its message is left empty: a caller that prints the errors alone
/// (`kifu check -q`) had the message of each of a big collection's
/// thousands of notes made for nothing.
#[derive(Debug)]
pub(super) struct Findings {
    pub(super) list: Vec<Diagnostic>,
    described_from: Severity,
}

impl Findings {
    /// No findings yet; those of `described_from` or above get a message.
    pub(super) fn new(described_from: Severity) -> Self {
        Findings {
            list: Vec::new(),
            described_from,
        }
    }

    /// No findings yet, each to be described.
    #[cfg(test)]
    pub(super) fn described() -> Self {
        Self::new(Severity::Note)
    }
}

/// Adds a finding; `message` is made only if it is described.
pub(super) fn report(
    out: &mut Findings,
    code: Code,
    severity: Severity,
    span: Span,
    message: impl FnOnce() -> String,
) {
    let message = if severity >= out.described_from {
        message()
    } else {
        String::new()
    };
    out.list
        .push(Diagnostic::new(code, severity, span, message));
}

//! How a check reports a finding.

use kifu_diag::{Code, Diagnostic, Severity, Span};

pub(super) fn report(
    out: &mut Vec<Diagnostic>,
    code: Code,
    severity: Severity,
    span: Span,
    message: String,
) {
    out.push(Diagnostic::new(code, severity, span, message));
}

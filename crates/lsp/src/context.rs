//! What every answer is made from, and what an answer that fails says:
//! the layer the request handlers share (so that none of them imports
//! the dispatch in `features` or the loop in `server`).

use lsp_server::ErrorCode;
use lsp_types::{Position, Range, Url};

use crate::analysis::Analysis;
use crate::position::Encoding;
use crate::store::Document;

/// What every answer is made from: one open document at its latest
/// version.
pub(crate) struct Context<'a> {
    pub(crate) uri: &'a Url,
    pub(crate) document: &'a Document,
    pub(crate) analysis: &'a Analysis,
    pub(crate) encoding: Encoding,
    /// Whether the client renders Markdown with a parser it names (VS
    /// Code's `marked`), images included; terminal clients name none.
    pub(crate) renders_images: bool,
}

impl Context<'_> {
    pub(crate) fn text(&self) -> &str {
        self.document.text()
    }

    pub(crate) fn offset(&self, position: Position) -> usize {
        self.document.offset(position, self.encoding)
    }

    pub(crate) fn range(&self, span: kifu_diag::Span) -> Range {
        self.document.range(span, self.encoding)
    }

    pub(crate) fn range_of(&self, bytes: std::ops::Range<usize>) -> Range {
        self.range(kifu_diag::Span::new(bytes.start as u32, bytes.end as u32))
    }
}

/// An error answered to a request.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) code: i32,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure {
            code: code as i32,
            message: message.into(),
        }
    }
}

//! kifu's findings as LSP diagnostics: the code with a link to its row in
//! `docs/codes.md`, the severity, the range and the related places.

use kifu_diag::Severity;
use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Url,
};

use crate::position::Encoding;
use crate::store::Document;

/// Where the table of codes is published.
pub const CODES_PAGE: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/codes.md");

/// The link to a code's row of the table of codes (a text fragment, as
/// the table's rows have no anchors of their own).
pub fn code_link(code: &str) -> Option<Url> {
    Url::parse(&format!(
        "{CODES_PAGE}#:~:text={}",
        code.replace('/', "%2F")
    ))
    .ok()
}

fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        _ => DiagnosticSeverity::INFORMATION,
    }
}

/// One finding of the document at `uri`.
pub(crate) fn to_lsp(
    d: &kifu_diag::Diagnostic,
    uri: &Url,
    document: &Document,
    encoding: Encoding,
) -> Diagnostic {
    let related: Vec<_> = d
        .labels
        .iter()
        .map(|label| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), document.range(label.span, encoding)),
            message: label.message.to_string(),
        })
        .collect();
    Diagnostic {
        range: document.range(d.span, encoding),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.as_str().to_owned())),
        code_description: code_link(d.code.as_str()).map(|href| CodeDescription { href }),
        source: Some("kifu".to_owned()),
        message: d.message.to_string(),
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

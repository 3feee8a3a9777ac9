//! `::include url=...`: the elements of another file inserted in place.
//!
//! SmartGo's apps know five standard sections (`about.gobook`,
//! `buy.gobook`, `kiseido.gobook`, `brettstein.gobook`,
//! `fairbairn.gobook`) that kifu cannot have; when one of those is not
//! beside the book, it is said once, as a note, not as an error.

use kifu_diag::{Diagnostic, Parsed, Severity};

use crate::document::{Book, Element};
use crate::model::ElementKind;

/// The sections SmartGo's apps include from their own resources.
pub const STANDARD_INCLUDES: &[&str] = &[
    "about.gobook",
    "buy.gobook",
    "kiseido.gobook",
    "brettstein.gobook",
    "fairbairn.gobook",
];

/// Diagnostic codes of include resolution.
pub mod codes {
    use kifu_diag::Code;

    /// An included file that could not be found or read.
    pub const INCLUDE_NOT_FOUND: Code = Code::new("book/include-not-found");
    /// A standard SmartGo section that only the Go Books apps have.
    pub const STANDARD_INCLUDE: Code = Code::new("book/standard-include");
    /// A file that includes itself, directly or not.
    pub const INCLUDE_CYCLE: Code = Code::new("book/include-cycle");
    /// A problem inside an included file (the message names the file).
    pub const IN_INCLUDED_FILE: Code = Code::new("book/in-included-file");
}

/// The book with every `::include` replaced by the elements of the file it
/// names. `load` returns a file's text by its `url` (from the book's folder
/// or package), or `None`. Includes that cannot be loaded stay in place.
///
/// ```
/// let book = kifu_book::parse("::chapter(#a)\n\n::include url=\"part.gobook\"\n\nEnd.\n").value;
/// let expanded = kifu_book::include::expand(&book, &mut |url| {
///     (url == "part.gobook").then(|| "Included one.\n\nIncluded two.\n".to_owned())
/// });
/// let values: Vec<_> = expanded.value.elements().iter().map(|e| e.value()).collect();
/// assert_eq!(values, ["", "Included one.", "Included two.", "End."]);
/// ```
pub fn expand(book: &Book, load: &mut dyn FnMut(&str) -> Option<String>) -> Parsed<Book> {
    let mut diagnostics = Vec::new();
    let mut said_standard = Vec::new();
    let mut out = Book {
        bom: book.bom,
        elements: Vec::new(),
        trailing: book.trailing.clone(),
    };
    let mut stack = Vec::new();
    expand_into(
        book,
        load,
        &mut out.elements,
        &mut diagnostics,
        &mut said_standard,
        &mut stack,
        None,
    );
    Parsed {
        value: out,
        diagnostics,
    }
}

fn expand_into(
    book: &Book,
    load: &mut dyn FnMut(&str) -> Option<String>,
    out: &mut Vec<Element>,
    diagnostics: &mut Vec<Diagnostic>,
    said_standard: &mut Vec<String>,
    stack: &mut Vec<String>,
    outer: Option<kifu_diag::Span>,
) {
    for e in book.elements() {
        let url = (e.kind() == ElementKind::Include)
            .then(|| e.get("url"))
            .flatten();
        let Some(url) = url else {
            out.push(e.clone());
            continue;
        };
        // Diagnostics of nested files point at the top-level include.
        let at = outer.unwrap_or(e.span());
        if stack.iter().any(|u| u == url) {
            diagnostics.push(Diagnostic::new(
                codes::INCLUDE_CYCLE,
                Severity::Error,
                at,
                format!("`{url}` includes itself"),
            ));
            out.push(e.clone());
            continue;
        }
        match load(url) {
            Some(text) => {
                let parsed = crate::parse(&text);
                for d in parsed
                    .diagnostics
                    .iter()
                    .chain(crate::check(&parsed.value).iter())
                {
                    if d.severity >= Severity::Warning {
                        diagnostics.push(Diagnostic::new(
                            codes::IN_INCLUDED_FILE,
                            d.severity,
                            at,
                            format!("in {url}: {}", d.message),
                        ));
                    }
                }
                stack.push(url.to_owned());
                let mut nested = Vec::new();
                expand_into(
                    &parsed.value,
                    load,
                    &mut nested,
                    diagnostics,
                    said_standard,
                    stack,
                    Some(at),
                );
                stack.pop();
                let mut first = true;
                for mut n in nested {
                    if first {
                        n.lead = e.lead.clone();
                        first = false;
                    }
                    n.span = at;
                    out.push(n);
                }
            }
            None if STANDARD_INCLUDES.contains(&url) => {
                if !said_standard.iter().any(|u| u == url) {
                    said_standard.push(url.to_owned());
                    diagnostics.push(Diagnostic::new(
                        codes::STANDARD_INCLUDE,
                        Severity::Note,
                        at,
                        format!(
                            "`{url}` is a standard section of SmartGo's apps; kifu leaves it out"
                        ),
                    ));
                }
                out.push(e.clone());
            }
            None => {
                diagnostics.push(Diagnostic::new(
                    codes::INCLUDE_NOT_FOUND,
                    Severity::Error,
                    at,
                    format!("the included file `{url}` was not found"),
                ));
                out.push(e.clone());
            }
        }
    }
}

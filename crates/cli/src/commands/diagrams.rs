//! `kifu diagrams BOOK [--format text|json]`: every Go data element and
//! diagram of a book after resolution.

use crate::args::{DiagnosticArgs, DiagramsArgs, ListFormat};
use crate::error::CliError;
use crate::{book, formats, input, output, stdio};

pub(crate) fn run(args: &DiagramsArgs) -> Result<u8, CliError> {
    let input = input::read(&args.input)?;
    let format = formats::of_input(&args.input, &input.bytes);
    let book = book::read(&input, &args.input, format).map_err(CliError::usage)?;
    let resolution = kifu_book::resolve::resolve(&book.book);
    let mut found = book.diagnostics.clone();
    found.extend(resolution.diagnostics.iter().cloned());
    found.sort_by_key(|d| d.span.start);
    let diagnostics_args = DiagnosticArgs::short(args.quiet);
    let outcome = book.outcome(&found, &diagnostics_args);
    stdio::eprint(&outcome.stderr);
    let text = match args.format {
        ListFormat::Json => {
            let mut s =
                serde_json::to_string_pretty(&kifu_book::listing::to_json(&book.book, &resolution))
                    .unwrap_or_default();
            s.push('\n');
            s
        }
        ListFormat::Text => kifu_book::listing::to_text(&book.book, &resolution),
    };
    output::write(None, text.as_bytes())?;
    Ok(outcome.stats.status())
}

//! `kifu convert IN [-o OUT] [--to FORMAT] [--normalize]`

use kifu_sgf::write;

use crate::args::{ConvertArgs, Format};
use crate::commands::{CliError, status};
use crate::document::{Document, format_of};
use crate::{input, output, report};

pub(crate) fn run(args: &ConvertArgs) -> Result<u8, CliError> {
    let from = format_of(&args.input);
    let input = input::read(&args.input)?;
    let (document, diagnostics) = Document::read(&input.bytes, from);
    let from = match &document {
        Document::Sgf(_) => Format::Sgf,
        Document::Xml(_) => Format::Xml,
    };
    let to = match (args.to, &args.output) {
        (Some(f), _) => f,
        (None, Some(out)) if !input::is_stdio(out) => format_of(out).ok_or_else(|| {
            CliError::usage(format!(
                "cannot tell the output format from '{}': give --to",
                out.display()
            ))
        })?,
        _ => from,
    };
    let errors = report::emit(
        &input.name,
        &input.bytes,
        document.encoding(),
        &diagnostics,
        &args.diagnostics,
    );
    let bytes = match (&document, to) {
        // To its own format: the input itself unless asked to normalize.
        (Document::Sgf(c), Format::Sgf) if !args.normalize => write::lossless(c),
        (Document::Xml(_), Format::Xml) if !args.normalize => input.bytes.clone(),
        (Document::Xml(d), Format::Xml) => kifu_xml::write(d).into_bytes(),
        (Document::Sgf(c), Format::Xml) => {
            kifu_xml::write(&kifu_xml::Document::from_sgf(c)).into_bytes()
        }
        (document, Format::Sgf) => write::normalized_with(
            &document.to_collection(),
            &write::NormalizeOptions {
                keep_charset: args.keep_charset,
                ..write::NormalizeOptions::default()
            },
        ),
        (document, Format::Json) => write::json(&document.to_collection()).into_bytes(),
    };
    output::write(args.output.as_deref(), &bytes)?;
    Ok(status(errors))
}

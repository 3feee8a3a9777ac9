//! `kifu convert IN [-o OUT] [--to FORMAT] [--normalize]`

use std::path::Path;

use kifu_sgf::write;

use crate::args::{ConvertArgs, Format};
use crate::commands::{CliError, report_encoding, status};
use crate::{input, output, report};

fn format_of(path: &Path) -> Option<Format> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "sgf" | "mgt" => Some(Format::Sgf),
        "json" => Some(Format::Json),
        _ => None,
    }
}

pub(crate) fn run(args: &ConvertArgs) -> Result<u8, CliError> {
    let to = match (args.to, &args.output) {
        (Some(f), _) => f,
        (None, Some(out)) if !input::is_stdio(out) => format_of(out).ok_or_else(|| {
            CliError::usage(format!(
                "cannot tell the output format from '{}': give --to",
                out.display()
            ))
        })?,
        _ => format_of(&args.input).unwrap_or(Format::Sgf),
    };
    let input = input::read(&args.input)?;
    let parsed = kifu_sgf::parse(&input.bytes);
    let errors = report::emit(
        &input.name,
        &input.bytes,
        report_encoding(&parsed.value),
        &parsed.diagnostics,
        &args.diagnostics,
    );
    let collection = &parsed.value;
    let bytes = match to {
        Format::Sgf if args.normalize => write::normalized_with(
            collection,
            &write::NormalizeOptions {
                keep_charset: args.keep_charset,
                ..write::NormalizeOptions::default()
            },
        ),
        Format::Sgf => write::lossless(collection),
        Format::Json => write::json(collection).into_bytes(),
    };
    output::write(args.output.as_deref(), &bytes)?;
    Ok(status(errors))
}

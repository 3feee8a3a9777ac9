//! `kifu convert IN... [-o OUT | --out-dir DIR | --in-place] [--to FORMAT] [--normalize]`

use std::path::Path;

use kifu_sgf::write;

use crate::args::{ConvertArgs, Format};
use crate::batch::{self, Job, Outcome};
use crate::commands::check::EXTENSIONS;
use crate::commands::{CliError, read_document};
use crate::document::{Document, format_of};
use crate::{input, output};

fn extension(format: Format) -> &'static str {
    match format {
        Format::Sgf => "sgf",
        Format::Json => "json",
        Format::Xml => "xml",
        Format::Gobook => "gobook",
        Format::Gobk => "gobk",
    }
}

pub(crate) fn run(args: &ConvertArgs) -> Result<u8, CliError> {
    let batch_mode = args.out.out_dir.is_some() || args.out.in_place;
    let inputs = batch::Inputs::new(&args.inputs, EXTENSIONS, args.diagnostics.quiet)
        .writing_to(args.out.out_dir.as_deref())?;
    if !batch_mode {
        let Some(job) = inputs.single_file() else {
            return Err(CliError::usage(
                "several inputs: give --out-dir DIR or --in-place",
            ));
        };
        let to = match (args.to, &args.out.output) {
            (Some(f), _) => Some(f),
            (None, Some(out)) if !input::is_stdio(out) => {
                Some(format_of(out).ok_or_else(|| {
                    CliError::usage(format!(
                        "cannot tell the output format from '{}': give --to",
                        out.display()
                    ))
                })?)
            }
            _ => None,
        };
        let input = input::read(&job.path)?;
        let (bytes, outcome) = convert(&input, &job.path, to, args);
        crate::stdio::eprint(&outcome.stderr);
        return output::write_single(
            &job.path,
            &input.bytes,
            &bytes,
            &outcome,
            args.out.output.as_deref(),
            false,
        );
    }
    if inputs.names_stdin() {
        return Err(CliError::usage(
            "stdin cannot be converted with --out-dir or --in-place",
        ));
    }
    let summary = args.out.stats || (inputs.is_batch() && !args.diagnostics.quiet);
    let target = output::BatchTarget {
        in_place: args.out.in_place,
        backup: args.out.backup.as_deref(),
        out_dir: args.out.out_dir.as_deref(),
        extension: Some(&|path: &Path| {
            extension(args.to.or(format_of(path)).unwrap_or(Format::Sgf))
        }),
        keeps_damage: false,
    };
    let stats = batch::run_writing(&inputs, args.diagnostics.quiet, summary, &target, |job| {
        convert_to_file(job, args, &target)
    });
    Ok(batch::status(&stats))
}

/// Converts one input; returns the output bytes and what was found.
fn convert(
    input: &input::Input,
    path: &Path,
    to: Option<Format>,
    args: &ConvertArgs,
) -> (Vec<u8>, Outcome) {
    let format = format_of(path);
    let book_input = crate::book::is_book_format(format)
        || path.as_os_str() == "-" && input.bytes.trim_ascii_start().starts_with(b"::");
    if book_input {
        let book = match crate::book::read(input, path, format) {
            Ok(book) => book,
            Err(e) => return (Vec::new(), Outcome::failed(e)),
        };
        let mut outcome = book.outcome(&book.diagnostics, &args.diagnostics);
        let to = to.or(format).unwrap_or(Format::Gobook);
        return match crate::book::convert(input, &book, path, to, args.normalize) {
            Ok(bytes) => (bytes, outcome),
            Err(e) => {
                outcome.stderr.push_str(&format!("kifu: {e}\n"));
                outcome.stats.failed += 1;
                (Vec::new(), outcome)
            }
        };
    }
    if matches!(to, Some(Format::Gobook | Format::Gobk)) {
        let mut outcome = Outcome::failed(format!(
            "{}: converting a game record to a Go book is not supported",
            input.name
        ));
        outcome.stats.files = 1;
        return (Vec::new(), outcome);
    }
    let (document, outcome) = read_document(input, path, &args.diagnostics);
    let from = match &document {
        Document::Sgf(_) => Format::Sgf,
        Document::Xml(_) => Format::Xml,
    };
    let to = to.unwrap_or(from);
    let collection = document.to_collection();
    let bytes = match (&document, to) {
        // To its own format: the input itself unless asked to normalize.
        (Document::Sgf(c), Format::Sgf) if !args.normalize => write::lossless(c),
        (Document::Xml(_), Format::Xml) if !args.normalize => input.bytes.clone(),
        (Document::Xml(d), Format::Xml) => kifu_xml::write(d).into_bytes(),
        (Document::Sgf(c), Format::Xml) => kifu_xml::write_sgf(c).into_bytes(),
        (_, Format::Sgf) => write::normalized_with(
            &collection,
            &write::NormalizeOptions {
                keep_charset: args.keep_charset,
                ..write::NormalizeOptions::default()
            },
        ),
        (_, Format::Json) => write::json(&collection).into_bytes(),
        // Caught above; a game record has no book form.
        (_, Format::Gobook | Format::Gobk) => Vec::new(),
    };
    (bytes, outcome)
}

fn convert_to_file(job: &Job, args: &ConvertArgs, target: &output::BatchTarget<'_>) -> Outcome {
    let input = match input::read(&job.path) {
        Ok(input) => input,
        Err(e) => return Outcome::failed(e.to_string()),
    };
    let from = format_of(&job.path);
    if args.out.in_place && args.to.is_some_and(|t| Some(t) != from) {
        return Outcome::failed(format!(
            "{}: --in-place keeps the format; use --out-dir to convert",
            job.path.display()
        ));
    }
    let (bytes, mut outcome) = convert(&input, &job.path, args.to, args);
    output::write_batch(job, &input.bytes, &bytes, target, &mut outcome);
    outcome
}

//! `kifu convert IN... [-o OUT | --out-dir DIR | --in-place] [--to FORMAT] [--normalize]`

use std::path::Path;

use crate::args::ConvertArgs;
use crate::batch;
use crate::document::{Conversion, read_document};
use crate::error::CliError;
use crate::formats::{self, Format, Kind};
use crate::input::{self, Job};
use crate::outcome::Outcome;
use crate::output;

/// The format an output's name asks for, of those `convert` writes.
fn format_named(path: &Path) -> Option<Format> {
    formats::by_extension(path).filter(|f| f.spec().converted_to())
}

/// The format the input at `path` is written in under `--out-dir`, and so
/// the extension its output gets (decided before it is read): `--to`, else
/// the input's own as its name says, else SGF.
fn out_dir_format(args: &ConvertArgs, path: &Path) -> Format {
    args.to.or(format_named(path)).unwrap_or(Format::Sgf)
}

pub(crate) fn run(args: &ConvertArgs) -> Result<u8, CliError> {
    let batch_mode = args.out.out_dir.is_some() || args.out.in_place;
    let inputs = batch::Inputs::new(&args.inputs, &formats::documents(), args.diagnostics.quiet)
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
                Some(format_named(out).ok_or_else(|| {
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
        let made = output::Made {
            input_path: &job.path,
            original: &input.bytes,
            bytes: &bytes,
            outcome: &outcome,
        };
        return output::write_single(&made, args.out.output.as_deref(), false);
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
        extension: Some(&|path: &Path| out_dir_format(args, path).extension()),
        keeps_damage: false,
    };
    let stats = batch::run_writing(&inputs, args.diagnostics.quiet, summary, &target, |job| {
        convert_to_file(job, args, &target)
    });
    Ok(stats.status())
}

/// Converts one input; returns the output bytes and what was found.
fn convert(
    input: &input::Input,
    path: &Path,
    to: Option<Format>,
    args: &ConvertArgs,
) -> (Vec<u8>, Outcome) {
    let format = formats::of_input(path, &input.bytes);
    if format.is_book() {
        let book = match crate::book::read(input, path, format) {
            Ok(book) => book,
            Err(e) => return (Vec::new(), Outcome::failed(e)),
        };
        let mut outcome = book.outcome(&book.diagnostics, &args.diagnostics);
        let to = to.unwrap_or(format);
        return match crate::book::convert(input, &book, path, to, args.normalize) {
            Ok(bytes) => (bytes, outcome),
            Err(e) => {
                outcome.stderr.push_str(&format!("kifu: {e}\n"));
                outcome.stats.failed += 1;
                (Vec::new(), outcome)
            }
        };
    }
    if let Some(to) = to.filter(|to| !to.written_from(Kind::Game)) {
        let mut outcome = Outcome::failed(format!(
            "{}: converting a game record to {} is not supported",
            input.name,
            if to.is_book() { "a Go book" } else { to.name() }
        ));
        outcome.stats.files = 1;
        return (Vec::new(), outcome);
    }
    let (document, mut outcome) = read_document(input, path, &args.diagnostics);
    let to = to.unwrap_or(document.format());
    if to.is_book() {
        // The book `kifu book` makes, with what it leaves out said.
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|s| *s != "-")
            .unwrap_or("book");
        let options = kifu_book::create::Options {
            title: Some(name.to_owned()),
            ..kifu_book::create::Options::default()
        };
        let made = kifu_book::create::book(&document.to_collection(), &options);
        crate::report::render(
            &input.name,
            &input.bytes,
            document.encoding(),
            &made.notes,
            &[],
            &args.diagnostics,
            &mut outcome.stderr,
        );
        return match crate::document::book_bytes(&made.book, to, name) {
            Ok(bytes) => (bytes, outcome),
            Err(e) => {
                outcome
                    .stderr
                    .push_str(&format!("kifu: {}: {e}\n", input.name));
                outcome.stats.failed += 1;
                (Vec::new(), outcome)
            }
        };
    }
    let options = Conversion {
        normalize: args.normalize,
        keep_charset: args.keep_charset,
    };
    // Formats not written from games were refused above.
    let bytes = document
        .write(&input.bytes, to, &options)
        .unwrap_or_default();
    (bytes, outcome)
}

fn convert_to_file(job: &Job, args: &ConvertArgs, target: &output::BatchTarget<'_>) -> Outcome {
    let input = match input::read(&job.path) {
        Ok(input) => input,
        Err(e) => return Outcome::failed(e.to_string()),
    };
    let from = formats::by_extension(&job.path);
    if args.out.in_place && args.to.is_some_and(|t| Some(t) != from) {
        return Outcome::failed(format!(
            "{}: --in-place keeps the format; use --out-dir to convert",
            job.path.display()
        ));
    }
    // Under --out-dir the output is what its name says, whatever the input
    // turns out to hold; in place, the input's own format.
    let to = if args.out.in_place {
        args.to
    } else {
        Some(out_dir_format(args, &job.path))
    };
    let (bytes, mut outcome) = convert(&input, &job.path, to, args);
    output::write_batch(job, &input.bytes, &bytes, target, &mut outcome);
    outcome
}

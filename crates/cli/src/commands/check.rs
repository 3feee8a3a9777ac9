//! `kifu check FILE|DIR|GLOB...`

use crate::args::{CheckArgs, DiagnosticArgs, FileSummary};
use crate::batch::{self, for_each_streamed_game};
use crate::document::{read_and_check, read_and_check_at};
use crate::error::CliError;
use crate::formats;
use crate::input::{self, Job, StdinGames};
use crate::outcome::Outcome;

pub(crate) fn run(args: &CheckArgs) -> Result<u8, CliError> {
    let inputs = batch::Inputs::new(&args.files, &formats::documents(), args.diagnostics.quiet);
    let notes_for = match &args.book {
        Some(path) => {
            let input = input::read(path)?;
            let format = formats::of_input(path, &input.bytes);
            let book = crate::book::read(&input, path, format).map_err(CliError::usage)?;
            Some(book.book)
        }
        None => None,
    };
    if let Some(job) = inputs.single_file().filter(|j| input::is_stdio(&j.path))
        && notes_for.is_none()
    {
        return check_stdin(&job, args);
    }
    let summary = args.stats || (inputs.is_batch() && !args.diagnostics.quiet);
    // Each file with findings ends with a line that sums it up; a clean
    // file says `OK` when it is the only one (in a batch, the totals say
    // it, and a line per clean file would bury the findings).
    let diagnostics = DiagnosticArgs {
        summary: if !inputs.is_batch() {
            FileSummary::Every
        } else {
            FileSummary::Findings
        },
        ..args.diagnostics.clone()
    };
    let stats = batch::run(&inputs, args.diagnostics.quiet, summary, |job| {
        check_one(job, &diagnostics, notes_for.as_ref())
    });
    Ok(stats.status())
}

/// `kifu check -`: a stream of SGF games is checked game by game, holding
/// one at a time, its places reported as places in the stream, and summed
/// up as a batch is; XML, books and UTF-16 are read whole.
fn check_stdin(job: &Job, args: &CheckArgs) -> Result<u8, CliError> {
    let start = std::time::Instant::now();
    let stats = match StdinGames::open()? {
        StdinGames::Stream(stream) => {
            let each_game = DiagnosticArgs {
                summary: FileSummary::None,
                ..args.diagnostics.clone()
            };
            let stats = for_each_streamed_game(stream, |input, _, origin| {
                read_and_check_at(input, &job.path, &each_game, true, origin).1
            })?;
            if args.stats || !args.diagnostics.quiet {
                batch::print_summary(&stats, start);
            }
            stats
        }
        StdinGames::Whole(input) => {
            let diagnostics = DiagnosticArgs {
                summary: FileSummary::Every,
                ..args.diagnostics.clone()
            };
            let outcome = check_input(&input, &job.path, &diagnostics, None);
            crate::stdio::eprint(&outcome.stderr);
            if args.stats {
                batch::print_summary(&outcome.stats, start);
            }
            outcome.stats
        }
    };
    Ok(stats.status())
}

fn check_one(job: &Job, args: &DiagnosticArgs, notes_for: Option<&kifu_book::Book>) -> Outcome {
    match input::read(&job.path) {
        Ok(input) => check_input(&input, &job.path, args, notes_for),
        Err(e) => Outcome::failed(e.to_string()),
    }
}

/// Checks one input read from `path`: a book, or game records.
fn check_input(
    input: &input::Input,
    path: &std::path::Path,
    args: &DiagnosticArgs,
    notes_for: Option<&kifu_book::Book>,
) -> Outcome {
    let format = formats::of_input(path, &input.bytes);
    if format.is_book() {
        return match crate::book::read(input, path, format) {
            Ok(book) => book.outcome(&book.check(notes_for), args),
            Err(e) => Outcome::failed(e),
        };
    }
    if format == formats::Format::Sgf
        && let Some(outcome) = crate::document::check_sgf_in_parts(input, args)
    {
        return outcome;
    }
    let (_, outcome) = read_and_check(input, path, args, true);
    outcome
}

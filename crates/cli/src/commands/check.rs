//! `kifu check FILE|DIR|GLOB...`

use crate::args::{CheckArgs, DiagnosticArgs, FileSummary};
use crate::batch::{self, Job, Outcome};
use crate::commands::{CliError, read_and_check};
use crate::document::format_of;
use crate::input;

/// The extensions `check` looks for in directories.
pub(crate) const EXTENSIONS: &[&str] = &["sgf", "mgt", "xml", "gobook", "gobk"];

pub(crate) fn run(args: &CheckArgs) -> Result<u8, CliError> {
    let inputs = batch::Inputs::new(&args.files, EXTENSIONS, args.diagnostics.quiet);
    let notes_for = match &args.book {
        Some(path) => {
            let input = input::read(path)?;
            let book = crate::book::read(&input, path, format_of(path)).map_err(CliError::usage)?;
            Some(book.book)
        }
        None => None,
    };
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
    Ok(batch::status(&stats))
}

fn check_one(job: &Job, args: &DiagnosticArgs, notes_for: Option<&kifu_book::Book>) -> Outcome {
    let input = match input::read(&job.path) {
        Ok(input) => input,
        Err(e) => return Outcome::failed(e.to_string()),
    };
    let format = format_of(&job.path);
    if crate::book::is_book_format(format) {
        return match crate::book::read(&input, &job.path, format) {
            Ok(book) => book.outcome(&book.check(notes_for), args),
            Err(e) => Outcome::failed(e),
        };
    }
    let (_, outcome) = read_and_check(&input, &job.path, args, true);
    outcome
}

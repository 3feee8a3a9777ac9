//! `kifu check FILE|DIR|GLOB...`

use crate::args::CheckArgs;
use crate::batch::{self, Job, Outcome};
use crate::commands::{CliError, read_and_check};
use crate::input;

/// The extensions `check` looks for in directories.
pub(crate) const EXTENSIONS: &[&str] = &["sgf", "mgt", "xml"];

pub(crate) fn run(args: &CheckArgs) -> Result<u8, CliError> {
    let mut notes = Vec::new();
    let jobs = batch::expand(&args.files, EXTENSIONS, &mut notes);
    if !args.diagnostics.quiet {
        for n in notes {
            eprintln!("kifu: note: {n}");
        }
    }
    let summary = args.stats || (jobs.len() > 1 && !args.diagnostics.quiet);
    let stats = batch::run(&jobs, args.diagnostics.quiet, summary, |job| {
        check_one(job, args)
    });
    Ok(batch::status(&stats))
}

fn check_one(job: &Job, args: &CheckArgs) -> Outcome {
    let input = match input::read(&job.path) {
        Ok(input) => input,
        Err(e) => return Outcome::failed(e.to_string()),
    };
    let (_, outcome) = read_and_check(&input, &job.path, &args.diagnostics, true);
    outcome
}

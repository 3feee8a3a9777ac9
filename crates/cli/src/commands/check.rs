//! `kifu check FILE|DIR|GLOB...`

use crate::args::CheckArgs;
use crate::batch::{self, Job, Outcome, Stats};
use crate::commands::CliError;
use crate::document::{Document, format_of};
use crate::{input, report};

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
    let (document, diagnostics) = Document::read(&input.bytes, format_of(&job.path));
    let collection = document.to_collection();
    let mut outcome = Outcome {
        stats: Stats {
            files: 1,
            bytes: input.bytes.len(),
            games: collection.len(),
            nodes: collection.node_count(),
            ..Stats::default()
        },
        ..Outcome::default()
    };
    outcome.stats.count(&diagnostics);
    report::render(
        &input.name,
        &input.bytes,
        document.encoding(),
        &diagnostics,
        &args.diagnostics,
        &mut outcome.stderr,
    );
    outcome
}

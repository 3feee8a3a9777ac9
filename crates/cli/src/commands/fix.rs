//! `kifu fix IN... [-o OUT | --out-dir DIR | --in-place] [--force] [--utf8] [--normalize]`

use kifu_diag::{Diagnostic, Severity};
use kifu_sgf::repair::Options;

use crate::args::FixArgs;
use crate::batch;
use crate::error::CliError;
use crate::formats::Format;
use crate::input::{self, Job};
use crate::outcome::{Outcome, holds_text};
use crate::output;
use crate::report::Advice;

pub(crate) fn run(args: &FixArgs) -> Result<u8, CliError> {
    let batch_mode = args.out.out_dir.is_some() || args.out.in_place;
    // Repairs are made to SGF.
    let inputs = batch::Inputs::new(
        &args.inputs,
        Format::Sgf.extensions(),
        args.diagnostics.quiet,
    )
    .writing_to(args.out.out_dir.as_deref())?;
    if !batch_mode {
        let Some(job) = inputs.single_file() else {
            return Err(CliError::usage(
                "several inputs: give --out-dir DIR or --in-place",
            ));
        };
        let input = input::read(&job.path)?;
        let (bytes, outcome) = fix(&input, args);
        crate::stdio::eprint(&outcome.stderr);
        let made = output::Made {
            input_path: &job.path,
            original: &input.bytes,
            bytes: &bytes,
            outcome: &outcome,
        };
        return output::write_single(&made, args.out.output.as_deref(), !args.normalize);
    }
    if inputs.names_stdin() {
        return Err(CliError::usage(
            "stdin cannot be fixed with --out-dir or --in-place",
        ));
    }
    let summary = args.out.stats || (inputs.is_batch() && !args.diagnostics.quiet);
    let target = output::BatchTarget {
        in_place: args.out.in_place,
        backup: args.out.backup.as_deref(),
        out_dir: args.out.out_dir.as_deref(),
        extension: None,
        keeps_damage: !args.normalize,
    };
    let stats = batch::run_writing(&inputs, args.diagnostics.quiet, summary, &target, |job| {
        fix_to_file(job, args, &target)
    });
    Ok(stats.status())
}

/// Repairs one input; returns the output bytes (the input itself when
/// nothing needed repair) and what was done.
fn fix(input: &input::Input, args: &FixArgs) -> (Vec<u8>, Outcome) {
    let options = Options { force: args.force };
    // --normalize writes the canonical form, game information included
    // (`BR[9 dan]` to `9d`); plain fix makes only the repairs.
    let fixed = if args.normalize {
        kifu_sgf::fix::fix_and_normalize(&input.bytes, &options)
    } else {
        kifu_sgf::fix::fix(&input.bytes, &options)
    };
    let mut collection = fixed.collection;
    let report = fixed.report;
    // Asked for: no note of its own.
    let transcoded = args.utf8 && !args.normalize && to_utf8(&mut collection);
    // What was done (notes) and refused (errors), critical or not.
    let mut found: Vec<(Diagnostic, Advice)> = Vec::new();
    for r in &report.made {
        let what = if r.critical {
            "fixed (critical)"
        } else {
            "fixed"
        };
        let d = Diagnostic::new(
            r.code,
            Severity::Note,
            r.span,
            format!("{what}: {}", r.message),
        );
        found.push((d, Advice::critical(r.critical)));
    }
    for r in &report.refused {
        let d = Diagnostic::new(
            r.code,
            Severity::Error,
            r.span,
            format!(
                "not fixed, information would be lost (--force to fix): {}",
                r.message
            ),
        );
        found.push((d, Advice::critical(r.critical)));
    }
    for r in &report.kept {
        let d = Diagnostic::new(
            r.code,
            Severity::Warning,
            r.span,
            format!("not fixed, no certain repair: {}", r.message),
        );
        found.push((d, Advice::critical(false)));
    }
    if collection.is_empty() && holds_text(&input.bytes) {
        // Nothing to repair because nothing was read: said, not passed over.
        let d = Diagnostic::new(
            kifu_sgf::syntax::codes::NO_DATA,
            Severity::Error,
            kifu_diag::Span::new(0, 0),
            "no SGF game found: nothing to repair",
        );
        found.push((d, Advice::critical(false)));
    }
    found.sort_by_key(|(d, _)| d.span.start);
    let (diagnostics, advice): (Vec<Diagnostic>, Vec<Advice>) = found.into_iter().unzip();
    let mut outcome = Outcome::of_games(&input.bytes, &collection);
    outcome.stats.repaired = usize::from(report.changed());
    outcome.stats.repairing = true;
    outcome
        .stats
        .count_reported(&diagnostics, &args.diagnostics);
    if !diagnostics.is_empty() {
        // Places are shown in the charset the input was read in.
        crate::report::render(
            &input.name,
            &input.bytes,
            fixed.encoding,
            &diagnostics,
            &advice,
            &args.diagnostics,
            &mut outcome.stderr,
        );
    }
    let bytes = if args.normalize {
        kifu_sgf::write::normalized(&collection)
    } else if report.changed() && args.utf8 || transcoded {
        kifu_sgf::write::lossless_utf8(&collection)
    } else if report.changed() {
        kifu_sgf::write::lossless(&collection)
    } else {
        // Nothing repaired: the input, byte for byte (the tree goes first).
        drop(collection);
        input.bytes.clone()
    };
    (bytes, outcome)
}

/// Marks `CA[UTF-8]` every game whose text is not UTF-8 or not said to
/// be (the transcoding is [`kifu_sgf::write::lossless_utf8`]'s); returns
/// whether any was.
fn to_utf8(collection: &mut kifu_sgf::Collection<'_>) -> bool {
    let mut changed = false;
    for g in 0..collection.len() {
        let Some(game) = collection.game(g) else {
            continue;
        };
        let utf8 = game.charset().encoding == encoding_rs::UTF_8
            && game
                .root()
                .raw_values("CA")
                .is_some_and(|v| v.len() == 1 && v[0].eq_ignore_ascii_case(b"UTF-8"));
        if utf8 && !collection.is_utf16() {
            continue;
        }
        let root = game.root().id();
        changed |= collection.set_raw(root, "CA", &[b"UTF-8"]).is_ok();
    }
    changed
}

fn fix_to_file(job: &Job, args: &FixArgs, target: &output::BatchTarget<'_>) -> Outcome {
    let input = match input::read(&job.path) {
        Ok(input) => input,
        Err(e) => return Outcome::failed(e.to_string()),
    };
    let (bytes, mut outcome) = fix(&input, args);
    output::write_batch(job, &input.bytes, &bytes, target, &mut outcome);
    outcome
}

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
    fix_in_parts(input, args).unwrap_or_else(|| fix_whole(input, args))
}

/// [`fix`] of the input read whole.
fn fix_whole(input: &input::Input, args: &FixArgs) -> (Vec<u8>, Outcome) {
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
    let (games, nodes) = (collection.len(), collection.node_count());
    let outcome = outcome(input, args, &report, fixed.encoding, games, nodes);
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

/// The parts a big SGF collection is repaired in (as it is checked in:
/// `document::check_sgf_in_parts`).
const PART_BYTES: usize = 256 << 10;

/// `kifu fix` of a big collection (more than a megabyte), repaired a part
/// of its games at a time, in the memory of a part: the same bytes and
/// report as a repair of the whole. `None` where the input is small, is to
/// be written in the canonical layout or as UTF-8, or is one that a repair
/// in parts cannot promise to repair as the whole
/// ([`kifu_sgf::fix::fix_in_parts`]): those are repaired whole.
fn fix_in_parts(input: &input::Input, args: &FixArgs) -> Option<(Vec<u8>, Outcome)> {
    if args.normalize || args.utf8 || input.bytes.len() <= crate::report::WHOLE_DRY_RUN_BYTES {
        return None;
    }
    let options = Options { force: args.force };
    let fixed = kifu_sgf::fix::fix_in_parts(&input.bytes, &options, PART_BYTES)?;
    let outcome = outcome(
        input,
        args,
        &fixed.report,
        fixed.encoding,
        fixed.games,
        fixed.nodes,
    );
    // Nothing repaired: the parts wrote the input, byte for byte.
    Some((fixed.bytes, outcome))
}

/// What `kifu fix` says of a repair of `input` (`report`; the input's
/// first game read in `encoding`; `games` games of `nodes` nodes in all
/// once repaired): what was done (notes) and refused (errors), critical
/// or not, and the counts.
fn outcome(
    input: &input::Input,
    args: &FixArgs,
    report: &kifu_sgf::repair::Report,
    encoding: &'static encoding_rs::Encoding,
    games: usize,
    nodes: usize,
) -> Outcome {
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
    if games == 0 && holds_text(&input.bytes) {
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
    let mut outcome = Outcome::of_parts(&input.bytes, games, nodes);
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
            encoding,
            &diagnostics,
            &advice,
            &args.diagnostics,
            &mut outcome.stderr,
        );
    }
    outcome
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::args::{Cli, Command};

    fn fix_args(flags: &[&str]) -> FixArgs {
        let argv = ["kifu", "fix"].iter().chain(flags).chain(&["big.sgf"]);
        match Cli::try_parse_from(argv).expect("fix arguments").command {
            Command::Fix(args) => args,
            _ => unreachable!("the fix command"),
        }
    }

    /// A collection of a few MB, its first game in FF[4], whose games need
    /// repairs closed and open, refused without --force, and older formats
    /// marked FF[4] (the formats are mixed), in several charsets.
    fn big_collection() -> input::Input {
        let games: [&[u8]; 6] = [
            b"(;FF[4]GM[1]SZ[19]CA[UTF-8]GN[]PB[Black]KM[6.5][7.5];B[pd];W[dp];B[pd])\n",
            b"(;FF[3]GM[1]AB[aa]C[comment]DT[May 3, 1990];B[aa];W[tt]C[x])\n",
            b"(;FF[4]GM[1]SZ[9]AP[a][b];B[ee]W[ff](;B[aa])(;W[aa];B[tt]))\n",
            b"(;FF[4]CA[ISO-8859-1]C[caf\xe9];B[aa]C[])\n",
            b"(;FF[4]GM[1]PW[na\xefve]SZ[9]B[aa]AB[bb])\n",
            b"(;GM[2]FF[4])\n",
        ];
        let mut bytes = Vec::new();
        while bytes.len() < crate::report::WHOLE_DRY_RUN_BYTES + 2 * PART_BYTES {
            for game in games {
                bytes.extend_from_slice(game);
            }
        }
        input::Input {
            name: "big.sgf".into(),
            bytes,
        }
    }

    #[test]
    fn a_big_collection_fixed_in_parts_is_fixed_as_whole() {
        let input = big_collection();
        // With --force, and without (refusals, said in JSON).
        for flags in [&["--force"][..], &["--format", "json"]] {
            let args = fix_args(flags);
            let (bytes, parts) = fix_in_parts(&input, &args).expect("fixed in parts");
            let (whole_bytes, whole) = fix_whole(&input, &args);
            assert!(whole.stderr.lines().count() > 100, "{flags:?}");
            assert!(bytes != input.bytes, "{flags:?}");
            assert!(bytes == whole_bytes, "{flags:?}: the bytes differ");
            assert_eq!(parts.stderr, whole.stderr, "{flags:?}");
            assert_eq!(format!("{:?}", parts.stats), format!("{:?}", whole.stats));
        }
    }

    #[test]
    fn what_is_not_repaired_in_parts() {
        let input = big_collection();
        for flags in [&["--normalize"][..], &["--utf8"]] {
            assert!(
                fix_in_parts(&input, &fix_args(flags)).is_none(),
                "{flags:?}"
            );
        }
        let small = input::Input {
            name: "small.sgf".into(),
            bytes: b"(;FF[4]GN[])(;FF[4]GN[])".to_vec(),
        };
        assert!(fix_in_parts(&small, &fix_args(&[])).is_none());
        // Junk between games: its syntax is repaired on the whole text.
        let mut junk = big_collection();
        junk.bytes.extend_from_slice(b"junk (;FF[4]GN[])");
        assert!(fix_in_parts(&junk, &fix_args(&["--force"])).is_none());
    }
}

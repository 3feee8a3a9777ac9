//! `kifu check FILE|DIR...`

use std::path::{Path, PathBuf};
use std::time::Instant;

use kifu_diag::Severity;

use crate::args::CheckArgs;
use crate::commands::{CliError, status};
use crate::{input, report};

/// Files to check: the files named, and the `.sgf`, `.mgt` and `.xml` files under
/// the directories named (sorted, so the output order is stable).
fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        if !path.is_dir() {
            out.push(path.clone());
            continue;
        }
        let mut found = Vec::new();
        let mut stack = vec![path.clone()];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                eprintln!("kifu: {}: cannot read directory", dir.display());
                continue;
            };
            for entry in entries.flatten() {
                let p = entry.path();
                if p.is_dir() {
                    stack.push(p);
                } else if is_game_record(&p) {
                    found.push(p);
                }
            }
        }
        found.sort();
        out.extend(found);
    }
    out
}

fn is_game_record(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["sgf", "mgt", "xml"]
            .iter()
            .any(|x| e.eq_ignore_ascii_case(x))
    })
}

#[derive(Default)]
struct Stats {
    files: usize,
    games: usize,
    nodes: usize,
    bytes: usize,
    errors: usize,
    warnings: usize,
    failed: usize,
}

pub(crate) fn run(args: &CheckArgs) -> Result<u8, CliError> {
    let start = Instant::now();
    let mut stats = Stats::default();
    let mut any_errors = false;
    for path in expand(&args.files) {
        let input = match input::read(&path) {
            Ok(input) => input,
            Err(e) => {
                // One unreadable file does not stop the others.
                eprintln!("kifu: {e}");
                stats.failed += 1;
                continue;
            }
        };
        let (document, diagnostics) =
            crate::document::Document::read(&input.bytes, crate::document::format_of(&path));
        stats.files += 1;
        stats.bytes += input.bytes.len();
        let collection = document.to_collection();
        stats.games += collection.len();
        stats.nodes += collection.node_count();
        for d in &diagnostics {
            match d.severity {
                Severity::Error => stats.errors += 1,
                Severity::Warning => stats.warnings += 1,
                _ => {}
            }
        }
        any_errors |= report::emit(
            &input.name,
            &input.bytes,
            document.encoding(),
            &diagnostics,
            &args.diagnostics,
        );
    }
    if args.stats {
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        eprintln!(
            "{} files, {} games, {} nodes, {} bytes in {seconds:.3} s: {:.1} MB/s, {:.0} games/s; {} errors, {} warnings, {} unreadable",
            stats.files,
            stats.games,
            stats.nodes,
            stats.bytes,
            stats.bytes as f64 / seconds / 1e6,
            stats.games as f64 / seconds,
            stats.errors,
            stats.warnings,
            stats.failed,
        );
    }
    Ok(if stats.failed > 0 {
        crate::EXIT_FAILURE
    } else {
        status(any_errors)
    })
}

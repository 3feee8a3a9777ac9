//! Running a command over many files: expanding directories and globs,
//! working in parallel, printing each file's output whole and in input
//! order, a progress bar on a terminal, and a summary at the end.
//!
//! Files are processed in chunks so that memory stays flat however many
//! files there are: a chunk's outputs are printed before the next starts.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kifu_diag::{Diagnostic, Severity};
use rayon::prelude::*;

/// One file to process.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    /// The file (`-` for stdin).
    pub(crate) path: PathBuf,
    /// The directory named on the command line that holds it, to mirror
    /// the tree under `--out-dir`.
    pub(crate) root: Option<PathBuf>,
}

impl Job {
    /// The path relative to the directory named, or the file name.
    pub(crate) fn relative(&self) -> PathBuf {
        match &self.root {
            Some(root) => self
                .path
                .strip_prefix(root)
                .unwrap_or(&self.path)
                .to_path_buf(),
            None => self
                .path
                .file_name()
                .map_or_else(|| self.path.clone(), PathBuf::from),
        }
    }
}

/// Counts over a batch.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    pub(crate) files: usize,
    pub(crate) games: usize,
    pub(crate) nodes: usize,
    pub(crate) bytes: usize,
    pub(crate) errors: usize,
    pub(crate) warnings: usize,
    /// Files that could not be read or written.
    pub(crate) failed: usize,
    /// Files that `kifu fix` repaired (at least one repair made).
    pub(crate) repaired: usize,
    /// Whether the command repairs files, so that the summary says how
    /// many it repaired (none is worth saying too).
    pub(crate) repairing: bool,
    /// Warnings and notes that `--deny` makes fail the run.
    pub(crate) denied: usize,
}

impl Stats {
    /// Counts the errors and warnings of `diagnostics` that `args`
    /// reports (all but the codes it allows), and those it denies.
    pub(crate) fn count_reported(
        &mut self,
        diagnostics: &[Diagnostic],
        args: &crate::args::DiagnosticArgs,
    ) {
        let failing = args.failing();
        for d in diagnostics.iter().filter(|d| !args.allows(d.code)) {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                _ => {}
            }
            if d.severity < Severity::Error && d.severity >= failing {
                self.denied += 1;
            }
        }
    }

    fn add(&mut self, o: &Stats) {
        self.files += o.files;
        self.games += o.games;
        self.nodes += o.nodes;
        self.bytes += o.bytes;
        self.errors += o.errors;
        self.warnings += o.warnings;
        self.failed += o.failed;
        self.denied += o.denied;
        self.repaired += o.repaired;
        self.repairing |= o.repairing;
    }
}

/// What processing one file produced.
#[derive(Default)]
pub(crate) struct Outcome {
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: String,
    pub(crate) stats: Stats,
}

impl Outcome {
    pub(crate) fn failed(message: String) -> Self {
        Outcome {
            stderr: format!("kifu: {message}\n"),
            stats: Stats {
                failed: 1,
                ..Stats::default()
            },
            ..Outcome::default()
        }
    }
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// [`expand`], printing the notes on what was skipped on stderr unless
/// `quiet`.
pub(crate) fn expand_noting(paths: &[PathBuf], extensions: &[&str], quiet: bool) -> Vec<Job> {
    let mut notes = Vec::new();
    let jobs = expand(paths, extensions, &mut notes);
    if !quiet {
        for n in notes {
            eprintln!("kifu: note: {n}");
        }
    }
    jobs
}

/// The files to process: files named (kept whatever their extension),
/// glob patterns, and the files with one of `extensions` under the
/// directories named, sorted. Notes on what was skipped go to `notes`.
pub(crate) fn expand(paths: &[PathBuf], extensions: &[&str], notes: &mut Vec<String>) -> Vec<Job> {
    let mut jobs = Vec::new();
    for path in paths {
        let text = path.to_string_lossy();
        if !path.exists() && text.contains(['*', '?', '[']) {
            match glob::glob(&text) {
                Ok(matches) => {
                    let mut found: Vec<PathBuf> = matches.flatten().collect();
                    found.sort();
                    if found.is_empty() {
                        notes.push(format!("{text}: no file matches"));
                    }
                    for p in found {
                        if p.is_dir() {
                            walk(&p, extensions, &mut jobs, notes);
                        } else {
                            jobs.push(Job {
                                path: p,
                                root: None,
                            });
                        }
                    }
                }
                Err(e) => notes.push(format!("{text}: bad pattern: {e}")),
            }
            continue;
        }
        if path.is_dir() {
            walk(path, extensions, &mut jobs, notes);
        } else {
            jobs.push(Job {
                path: path.clone(),
                root: None,
            });
        }
    }
    jobs
}

fn walk(root: &Path, extensions: &[&str], jobs: &mut Vec<Job>, notes: &mut Vec<String>) {
    let mut found = Vec::new();
    let mut skipped = 0usize;
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            notes.push(format!("{}: cannot read directory", dir.display()));
            continue;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if has_extension(&p, extensions) {
                found.push(p);
            } else {
                skipped += 1;
            }
        }
    }
    if skipped > 0 {
        notes.push(format!(
            "{}: {skipped} files skipped (not {})",
            root.display(),
            extensions.join(", ")
        ));
    }
    found.sort();
    jobs.extend(found.into_iter().map(|path| Job {
        path,
        root: Some(root.to_path_buf()),
    }));
}

/// Runs `work` over the jobs in parallel, printing outputs in job order.
/// Returns the totals. A summary line is printed when `summary` is set.
pub(crate) fn run(
    jobs: &[Job],
    quiet: bool,
    summary: bool,
    work: impl Fn(&Job) -> Outcome + Sync,
) -> Stats {
    let start = Instant::now();
    let show_bar = !quiet && jobs.len() > 1 && std::io::stderr().is_terminal();
    let bar = if show_bar {
        let bar = ProgressBar::new(jobs.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} files {per_sec} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let chunk = (rayon::current_num_threads() * 64).max(64);
    let mut total = Stats::default();
    let stdout = std::io::stdout();
    let mut broken_pipe = false;
    for part in jobs.chunks(chunk) {
        // A closed pipe (`kifu info DIR | head`) ends the batch quietly.
        if broken_pipe {
            break;
        }
        let outcomes: Vec<Outcome> = part
            .par_iter()
            .map(|job| {
                let o = work(job);
                bar.inc(1);
                o
            })
            .collect();
        for o in outcomes {
            total.add(&o.stats);
            if !o.stderr.is_empty() {
                bar.suspend(|| eprint!("{}", o.stderr));
            }
            if !o.stdout.is_empty() && !broken_pipe {
                let mut out = stdout.lock();
                broken_pipe = out.write_all(&o.stdout).is_err();
            }
        }
    }
    bar.finish_and_clear();
    if summary {
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        eprintln!(
            "{} files, {} games, {} nodes, {} bytes in {seconds:.3} s: {:.1} MB/s, {:.0} games/s; {} errors, {} warnings, {}{} failed",
            total.files,
            total.games,
            total.nodes,
            total.bytes,
            total.bytes as f64 / seconds / 1e6,
            total.games as f64 / seconds,
            total.errors,
            total.warnings,
            if total.repairing {
                format!("{} repaired, ", total.repaired)
            } else {
                String::new()
            },
            total.failed,
        );
    }
    total
}

/// The exit status of a batch.
pub(crate) fn status(stats: &Stats) -> u8 {
    if stats.failed > 0 {
        crate::EXIT_FAILURE
    } else if stats.errors > 0 || stats.denied > 0 {
        crate::EXIT_ERRORS
    } else {
        crate::EXIT_CLEAN
    }
}

/// Writes `bytes` to stdout now (single-file commands).
pub(crate) fn print_stdout(bytes: &[u8]) {
    let _ = std::io::stdout().lock().write_all(bytes);
}

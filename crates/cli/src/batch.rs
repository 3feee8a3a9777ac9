//! Running a command over many files: expanding directories and globs,
//! working in parallel, printing each file's output whole and in input
//! order, a progress bar on a terminal, and a summary at the end.
//!
//! Files are processed in chunks so that memory stays flat however many
//! files there are: a chunk's outputs are printed before the next starts.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::error::CliError;
use crate::input::{Input, Job};
use crate::outcome::{Outcome, Stats};
use crate::report::Origin;

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// The inputs a command was given: files, directories and glob patterns.
/// The files under directories and the matches of patterns are found as
/// the batch goes ([`Inputs::jobs`]), not listed first, so that memory
/// stays flat however many files an archive holds.
#[derive(Clone)]
pub(crate) struct Inputs {
    named: Vec<Named>,
    /// What directories are searched for (from `formats`).
    extensions: Arc<[&'static str]>,
    notes: Notes,
    /// A directory the walks do not enter (canonical): where the batch
    /// writes, so that its outputs are never read as inputs.
    skip: Option<Arc<Path>>,
}

/// Notes on what a batch skipped, and failures to read a directory, found
/// while it runs and printed between chunks of output (over the progress
/// display); notes are dropped when quiet, failures never.
#[derive(Clone)]
struct Notes {
    quiet: bool,
    pending: Arc<Mutex<Vec<String>>>,
    failures: Arc<std::sync::atomic::AtomicUsize>,
}

impl Notes {
    fn new(quiet: bool) -> Notes {
        Notes {
            quiet,
            pending: Arc::default(),
            failures: Arc::default(),
        }
    }

    fn add(&self, note: String) {
        if !self.quiet {
            self.push(format!("note: {note}"));
        }
    }

    /// A path that could not be read: said, and counted as a failed file.
    fn fail(&self, path: &Path, e: &std::io::Error) {
        self.failures.fetch_add(1, Ordering::Relaxed);
        self.push(format!(
            "{}: {e}",
            crate::stdio::visible(&path.display().to_string())
        ));
    }

    fn push(&self, line: String) {
        self.pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(line);
    }

    fn take(&self) -> Vec<String> {
        std::mem::take(
            &mut *self
                .pending
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }
}

#[derive(Clone)]
enum Named {
    File(PathBuf),
    Dir(PathBuf),
    Pattern(String),
}

impl Inputs {
    /// `paths` as given; directories are searched for files with one of
    /// `extensions`; notes on what was skipped go to stderr unless `quiet`.
    pub(crate) fn new(paths: &[PathBuf], extensions: &[&'static str], quiet: bool) -> Inputs {
        let named = paths
            .iter()
            .map(|path| {
                let text = path.to_string_lossy();
                if !path.exists() && text.contains(['*', '?', '[']) {
                    Named::Pattern(text.into_owned())
                } else if path.is_dir() {
                    Named::Dir(path.clone())
                } else {
                    Named::File(path.clone())
                }
            })
            .collect();
        Inputs {
            named,
            extensions: extensions.into(),
            notes: Notes::new(quiet),
            skip: None,
        }
    }

    /// Inputs of a batch that writes under `out_dir`: the directory is made
    /// now, so that walks of the inputs can tell it and leave it out (its
    /// outputs are never read as inputs).
    pub(crate) fn writing_to(mut self, out_dir: Option<&Path>) -> Result<Inputs, CliError> {
        if let Some(dir) = out_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::io(&dir.display().to_string(), e))?;
            self.skip = std::fs::canonicalize(dir).ok().map(Arc::from);
        }
        Ok(self)
    }

    /// The file, when exactly one file (no directory, no pattern) was named.
    pub(crate) fn single_file(&self) -> Option<Job> {
        match self.named.as_slice() {
            [Named::File(path)] => Some(Job::new(path.clone(), None)),
            _ => None,
        }
    }

    /// Whether this is a batch: several inputs, a directory or a pattern.
    pub(crate) fn is_batch(&self) -> bool {
        self.single_file().is_none()
    }

    /// Whether stdin (`-`) is among the inputs.
    pub(crate) fn names_stdin(&self) -> bool {
        self.named
            .iter()
            .any(|n| matches!(n, Named::File(p) if crate::input::is_stdio(p)))
    }

    /// The files to process, in order: files named (whatever their
    /// extension), the matches of each pattern in name order, and the
    /// files with one of the extensions under each directory, in path
    /// order (each directory is read and sorted when the walk reaches it).
    pub(crate) fn jobs(&self) -> impl Iterator<Item = Job> + '_ {
        self.named
            .iter()
            .flat_map(move |named| -> Box<dyn Iterator<Item = Job> + '_> {
                match named {
                    Named::File(path) => Box::new(std::iter::once(Job::new(path.clone(), None))),
                    Named::Dir(root) => Box::new(Walk::new(root, self)),
                    Named::Pattern(text) => Box::new(self.matches(text)),
                }
            })
    }

    fn matches<'a>(&'a self, text: &'a str) -> impl Iterator<Item = Job> + 'a {
        let matches = match glob::glob(text) {
            Ok(matches) => Some(matches),
            Err(e) => {
                self.note(format!("{text}: bad pattern: {e}"));
                None
            }
        };
        let mut any = false;
        // glob yields its matches in name order.
        matches
            .into_iter()
            .flatten()
            .flatten()
            .map(Some)
            .chain(std::iter::once(None))
            .flat_map(move |found| -> Box<dyn Iterator<Item = Job> + 'a> {
                match found {
                    Some(p) if p.is_dir() => {
                        any = true;
                        Box::new(Walk::new(&p, self))
                    }
                    Some(p) => {
                        any = true;
                        Box::new(std::iter::once(Job::new(p, None)))
                    }
                    None => {
                        if !any {
                            self.note(format!("{text}: no file matches"));
                        }
                        Box::new(std::iter::empty())
                    }
                }
            })
    }

    fn note(&self, note: String) {
        self.notes.add(note);
    }

    /// Prints the notes found so far on stderr, through `bar` so that they
    /// do not break into the progress display.
    pub(crate) fn print_notes(&self, bar: &ProgressBar) {
        for note in self.notes.take() {
            bar.suspend(|| crate::stdio::eprintln(format_args!("kifu: {note}")));
        }
    }

    /// How many directories could not be read so far.
    pub(crate) fn failures(&self) -> usize {
        self.notes.failures.load(Ordering::Relaxed)
    }
}

/// The files with one of the extensions under a directory, depth first,
/// each directory's entries in name order: the order of the sorted paths.
struct Walk {
    root: Arc<Path>,
    extensions: Arc<[&'static str]>,
    notes: Notes,
    skip: Option<Arc<Path>>,
    /// The entries still to visit, one list per directory being walked.
    stack: Vec<std::vec::IntoIter<(PathBuf, Entry)>>,
    skipped: usize,
}

impl Walk {
    fn new(root: &Path, inputs: &Inputs) -> Walk {
        Walk {
            root: Arc::from(root),
            extensions: Arc::clone(&inputs.extensions),
            notes: inputs.notes.clone(),
            skip: inputs.skip.clone(),
            stack: vec![sorted_entries(root, &inputs.notes)],
            skipped: 0,
        }
    }
}

/// What a directory entry is, as the directory says (links not followed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Entry {
    Dir,
    File,
    Link,
}

/// A directory's entries, with what each is, sorted by name; none when it
/// cannot be read (a failure told to `notes`). Links to directories are
/// not walked (a link to `..` would never end), links to files are read.
fn sorted_entries(dir: &Path, notes: &Notes) -> std::vec::IntoIter<(PathBuf, Entry)> {
    let mut entries: Vec<(PathBuf, Entry)> = Vec::new();
    match std::fs::read_dir(dir) {
        Ok(read) => {
            for entry in read {
                match entry {
                    Ok(e) => {
                        let kind = match e.file_type() {
                            Ok(t) if t.is_dir() => Entry::Dir,
                            Ok(t) if t.is_symlink() => Entry::Link,
                            _ => Entry::File,
                        };
                        entries.push((e.path(), kind));
                    }
                    Err(e) => notes.fail(dir, &e),
                }
            }
        }
        Err(e) => notes.fail(dir, &e),
    }
    entries.sort();
    entries.into_iter()
}

impl Iterator for Walk {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        loop {
            let Some(entries) = self.stack.last_mut() else {
                if self.skipped > 0 {
                    self.notes.add(format!(
                        "{}: {} files skipped (not {})",
                        self.root.display(),
                        self.skipped,
                        self.extensions.join(", ")
                    ));
                    self.skipped = 0;
                }
                return None;
            };
            match entries.next() {
                None => {
                    self.stack.pop();
                }
                Some((dir, Entry::Dir)) => {
                    if self
                        .skip
                        .as_deref()
                        .is_some_and(|skip| std::fs::canonicalize(&dir).is_ok_and(|d| d == skip))
                    {
                        continue;
                    }
                    self.stack.push(sorted_entries(&dir, &self.notes));
                }
                Some((path, kind))
                    if has_extension(&path, &self.extensions)
                        && (kind == Entry::File || path.is_file()) =>
                {
                    return Some(Job::new(path, Some(Arc::clone(&self.root))));
                }
                Some(_) => self.skipped += 1,
            }
        }
    }
}

/// Runs `work` over the jobs in parallel, printing outputs in job order.
/// Returns the totals. A summary line is printed when `summary` is set.
pub(crate) fn run(
    inputs: &Inputs,
    quiet: bool,
    summary: bool,
    work: impl Fn(&Job) -> Outcome + Sync,
) -> Stats {
    run_with(inputs, quiet, summary, None, work)
}

/// [`run`] for a command that writes a file per input as `target` says:
/// each job's output is decided in input order before the work starts
/// ([`Job::output`]), so that no two inputs write one file.
pub(crate) fn run_writing(
    inputs: &Inputs,
    quiet: bool,
    summary: bool,
    target: &crate::output::BatchTarget<'_>,
    work: impl Fn(&Job) -> Outcome + Sync,
) -> Stats {
    run_with(inputs, quiet, summary, Some(target), work)
}

fn run_with(
    inputs: &Inputs,
    quiet: bool,
    summary: bool,
    target: Option<&crate::output::BatchTarget<'_>>,
    work: impl Fn(&Job) -> Outcome + Sync,
) -> Stats {
    let start = Instant::now();
    let show_bar = !quiet && inputs.is_batch() && std::io::stderr().is_terminal();
    let finished = Arc::new(AtomicBool::new(false));
    let bar = if show_bar {
        progress(inputs, &finished)
    } else {
        ProgressBar::hidden()
    };
    let mut jobs = inputs.jobs();
    let chunk = (rayon::current_num_threads() * 64).max(64);
    let mut total = Stats::default();
    // A closed pipe (`kifu info DIR | head`) ends the batch quietly; any
    // other failure to write stdout ends it as a failure.
    let mut stdout_closed = false;
    let mut claims = crate::output::Claims::default();
    loop {
        if stdout_closed {
            break;
        }
        let part: Vec<Job> = jobs
            .by_ref()
            .take(chunk)
            .map(|mut job| {
                if let Some(target) = target {
                    job.output = Some(claims.claim(&job, target));
                }
                job
            })
            .collect();
        if part.is_empty() {
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
        inputs.print_notes(&bar);
        for o in outcomes {
            total.add(&o.stats);
            if !o.stderr.is_empty() {
                bar.suspend(|| crate::stdio::eprint(&o.stderr));
            }
            if !o.stdout.is_empty()
                && !stdout_closed
                && let Err(e) = crate::stdio::print(&o.stdout)
            {
                stdout_closed = true;
                if !e.is_broken_pipe() {
                    bar.suspend(|| crate::stdio::eprintln(format_args!("kifu: {e}")));
                    total.failed += 1;
                }
            }
        }
    }
    inputs.print_notes(&bar);
    total.failed += inputs.failures();
    finished.store(true, Ordering::Relaxed);
    bar.finish_and_clear();
    if summary {
        print_summary(&total, start);
    }
    total
}

/// The summary line of a batch, on stderr.
pub(crate) fn print_summary(total: &Stats, start: Instant) {
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    crate::stdio::eprintln(format_args!(
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
    ))
}

/// The progress display of a batch on a terminal. The files are found as
/// the batch goes, so it starts as a count; a thread counts them all
/// meanwhile (reading the directories is quick next to reading the files)
/// and then turns it into a bar with an estimate of the time left.
fn progress(inputs: &Inputs, finished: &Arc<AtomicBool>) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos} files, {rate}, {elapsed}")
            .map(with_rate)
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let counting = Inputs {
        notes: Notes::new(true),
        ..inputs.clone()
    };
    let (counted, finished) = (bar.clone(), Arc::clone(finished));
    std::thread::spawn(move || {
        let total = counting.jobs().count() as u64;
        if !finished.load(Ordering::Relaxed) {
            counted.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} files, {rate}, eta {eta}")
                    .map(with_rate)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            counted.set_length(total);
        }
    });
    bar
}

/// `{rate}`: files per second, whole.
fn with_rate(style: ProgressStyle) -> ProgressStyle {
    style.with_key(
        "rate",
        |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} files/s", state.per_sec());
        },
    )
}

/// Runs `each` over the games of a stream on stdin, one at a time, printing
/// what it returns as it goes; `each` gets the game as an input named
/// `<stdin>`, its number in the stream (from 1) and its place there.
/// Returns the totals, the stream counted as one file.
pub(crate) fn for_each_streamed_game(
    mut stream: kifu_sgf::stream::GameStream<std::io::BufReader<std::io::Stdin>>,
    mut each: impl FnMut(&Input, usize, Origin) -> Outcome,
) -> Result<Stats, CliError> {
    let mut total = Stats::default();
    let mut number = 0;
    while let Some(bytes) = stream.next_game().map_err(|e| CliError::io("<stdin>", e))? {
        number += 1;
        let position = stream.position();
        let origin = Origin {
            offset: position.offset,
            line: position.line,
            column: position.column,
        };
        let input = Input {
            name: "<stdin>".to_owned(),
            bytes,
        };
        let outcome = each(&input, number, origin);
        total.add(&outcome.stats);
        crate::stdio::eprint(&outcome.stderr);
        match crate::stdio::print(&outcome.stdout) {
            Ok(()) => {}
            // A closed pipe (`kifu info - | head`) ends the stream quietly.
            Err(e) if e.is_broken_pipe() => break,
            Err(e) => return Err(e),
        }
    }
    total.files = 1;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_that_cannot_be_read_is_a_failure_said_with_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("gone");
        // Named as a directory, then gone before the walk reads it (root
        // reads any directory, so permissions cannot make one unreadable).
        std::fs::create_dir(&gone).unwrap();
        let inputs = Inputs::new(std::slice::from_ref(&gone), &["sgf"], true)
            .writing_to(None)
            .unwrap();
        std::fs::remove_dir(&gone).unwrap();
        assert_eq!(inputs.jobs().count(), 0);
        assert_eq!(inputs.failures(), 1);
        let said = inputs.notes.take();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with(&gone.display().to_string()), "{said:?}");
    }
}

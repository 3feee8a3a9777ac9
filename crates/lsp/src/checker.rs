//! The checks run on a thread of their own, so that a large book's check
//! (a second and more for 20,000 diagrams) never holds up a hover or a
//! completion: the dispatch loop hands over a snapshot of the open
//! documents and goes on answering; the checker takes the latest job of
//! each document and sends back its diagnostics.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::thread;

use crossbeam_channel::{Receiver, Sender};
use lsp_types::Url;

use crate::analysis::{self, Analysis};
use crate::position::Encoding;
use crate::store::DocumentStore;

/// A document to check, with the open documents as they were.
pub(crate) struct Job {
    pub(crate) uri: Url,
    pub(crate) store: DocumentStore,
    pub(crate) encoding: Encoding,
}

/// What a check found.
pub(crate) struct Checked {
    pub(crate) uri: Url,
    pub(crate) version: i32,
    pub(crate) diagnostics: Vec<lsp_types::Diagnostic>,
    /// The files the check read.
    pub(crate) read: Vec<PathBuf>,
}

/// Starts the checker: jobs in, results out. It ends when the job sender
/// is dropped.
pub(crate) fn start() -> (Sender<Job>, Receiver<Checked>) {
    let (jobs, inbox) = crossbeam_channel::unbounded::<Job>();
    let (outbox, results) = crossbeam_channel::unbounded();
    thread::spawn(move || {
        while let Ok(first) = inbox.recv() {
            // Only the latest job of each document is worth doing.
            let mut latest: HashMap<Url, Job> = HashMap::new();
            for job in std::iter::once(first).chain(inbox.try_iter()) {
                latest.insert(job.uri.clone(), job);
            }
            for (_, job) in latest {
                if let Ok(Some(checked)) = catch_unwind(AssertUnwindSafe(|| check(&job)))
                    && outbox.send(checked).is_err()
                {
                    return;
                }
            }
        }
    });
    (jobs, results)
}

/// Checks a document as `kifu check` would.
fn check(job: &Job) -> Option<Checked> {
    let document = job.store.get(&job.uri)?;
    let analysis = Analysis::new(document);
    let (found, read) = analysis::findings(&job.uri, document, &analysis, &job.store);
    let diagnostics = found
        .iter()
        .map(|d| crate::diagnostics::to_lsp(d, &job.uri, document, job.encoding))
        .collect();
    Some(Checked {
        uri: job.uri.clone(),
        version: document.version(),
        diagnostics,
        read,
    })
}

//! Watching the files a book is made of.
//!
//! Editors save by writing a new file and renaming it over the old one,
//! which ends a watch on the file itself. So the folders holding the
//! files are watched (not recursively), and an event counts when it names
//! one of the files. A file named but missing (an include not written
//! yet) is watched the same way: its creation is an event in its folder.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

/// How long the events of one save are gathered into one change.
const DEBOUNCE: Duration = Duration::from_millis(60);

/// Watches a set of files; sends `()` once for each burst of changes to
/// any of them.
pub struct Watcher {
    debouncer: Debouncer<RecommendedWatcher, RecommendedCache>,
    folders: BTreeSet<PathBuf>,
    files: Arc<Mutex<BTreeSet<PathBuf>>>,
}

/// `path` made absolute through its folder (canonical, links followed),
/// as events name it; the file itself need not exist.
fn absolute(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(folder).ok()?.join(name))
}

impl Watcher {
    /// A watcher that sends on `changed`; it watches nothing until
    /// [`Watcher::watch`].
    pub fn new(changed: Sender<()>) -> notify::Result<Self> {
        let files: Arc<Mutex<BTreeSet<PathBuf>>> = Arc::default();
        let wanted = Arc::clone(&files);
        let debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
            let Ok(events) = result else { return };
            let files = wanted.lock().unwrap_or_else(|e| e.into_inner());
            // Reading a file is an event too (opened, closed): rendering
            // the book would set off the next rendering.
            let changes = events
                .iter()
                .filter(|e| !matches!(e.kind, EventKind::Access(_)));
            if changes
                .flat_map(|e| e.paths.iter())
                .any(|p| files.contains(p))
            {
                let _ = changed.send(());
            }
        })?;
        Ok(Watcher {
            debouncer,
            folders: BTreeSet::new(),
            files,
        })
    }

    /// Watches exactly `files` from now on (the book, its notes, the
    /// includes and images it names, found or not).
    pub fn watch(&mut self, files: &[PathBuf]) {
        let wanted: BTreeSet<PathBuf> = files.iter().filter_map(|f| absolute(f)).collect();
        let folders: BTreeSet<PathBuf> = wanted
            .iter()
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .filter(|f| f.is_dir())
            .collect();
        for gone in self.folders.difference(&folders) {
            let _ = self.debouncer.unwatch(gone);
        }
        for new in folders.difference(&self.folders) {
            let _ = self.debouncer.watch(new, RecursiveMode::NonRecursive);
        }
        self.folders = folders;
        *self.files.lock().unwrap_or_else(|e| e.into_inner()) = wanted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn a_change_to_a_watched_file_is_sent_and_others_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("book.gobook");
        let other = dir.path().join("other.txt");
        std::fs::write(&book, "one").unwrap();
        let (send, receive) = channel();
        let mut watcher = Watcher::new(send).unwrap();
        watcher.watch(std::slice::from_ref(&book));
        std::fs::write(&other, "not watched").unwrap();
        assert_eq!(std::fs::read(&book).unwrap(), b"one");
        assert!(
            receive.recv_timeout(Duration::from_millis(400)).is_err(),
            "a file not watched, or a read, was reported"
        );
        // A save as editors make it: a new file renamed over the old.
        let temp = dir.path().join(".book.gobook.swp");
        std::fs::write(&temp, "two").unwrap();
        std::fs::rename(&temp, &book).unwrap();
        receive
            .recv_timeout(Duration::from_secs(5))
            .expect("the save was not reported");
        std::fs::write(&book, "three").unwrap();
        receive
            .recv_timeout(Duration::from_secs(5))
            .expect("a second save was not reported");
    }
}

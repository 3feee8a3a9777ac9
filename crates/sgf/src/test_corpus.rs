//! The corpus's SGF files, for the unit tests that run over every one of
//! them (none when the clone has no `../shared` beside it).

use std::path::PathBuf;

/// Every file below `shared/corpus/sgf`, whatever its extension.
pub(crate) fn corpus_files() -> Vec<PathBuf> {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/sgf");
    let (mut dirs, mut files) = (vec![corpus], Vec::new());
    while let Some(dir) = dirs.pop() {
        for path in std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
        {
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

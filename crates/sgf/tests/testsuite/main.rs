//! Integration tests of kifu-sgf, one binary. Where tests go:
//! - `corpus`: every real file of `shared/corpus` (round trip, no errors).
//! - `syntax`: recovery from broken input, diagnostics and their positions.
//! - `tree`: navigation, game info, editing.
//! - `roundtrip`: property tests (generated trees, mutated bytes).
//! - `limits`: huge and deep inputs (linear time, no stack overflow).
//! - `replay_corpus`: every corpus game's main line replayed on a board.
//! - `game_info_normalize`: game information against its FF[4] forms.

mod codes;
mod corpus;
mod fast_path;
mod game_info_normalize;
mod limits;
mod repair;
mod replay_corpus;
mod roundtrip;
mod sgfc;
mod syntax;
mod tree;

/// The shared corpus, or `None` (tests that need it then skip with a note).
pub(crate) fn corpus_dir() -> Option<std::path::PathBuf> {
    let dir = match std::env::var_os("KIFU_CORPUS") {
        Some(d) => std::path::PathBuf::from(d),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: corpus not found at {}; skipping", dir.display());
        None
    }
}

/// Every file under `dir` with one of the extensions, sorted.
pub(crate) fn files(dir: &std::path::Path, extensions: &[&str]) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| extensions.iter().any(|e| x.eq_ignore_ascii_case(e)))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

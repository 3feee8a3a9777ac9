//! The real files of `shared/corpus/sgf`: the reader's acceptance test.

use crate::{corpus_dir, files};

fn check_folder(folder: &str, expect_no_errors: bool) -> usize {
    let Some(corpus) = corpus_dir() else { return 0 };
    let paths = files(&corpus.join(folder), &["sgf"]);
    assert!(!paths.is_empty(), "no files in {folder}");
    let mut failures = Vec::new();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let parsed = kifu_sgf::parse(&bytes);
        if expect_no_errors {
            for d in parsed.diagnostics.iter().filter(|d| d.is_error()) {
                failures.push(format!("{}: {d} at byte {}", path.display(), d.span.start));
            }
        }
        if kifu_sgf::write::lossless(&parsed.value) != bytes {
            failures.push(format!("{}: lossless write differs", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems in {} files of {folder}:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
    paths.len()
}

#[test]
fn ff4_files_read_without_errors_and_write_back_byte_for_byte() {
    let n = check_folder("sgf/ff4", true);
    assert!(
        n == 0 || n > 1000,
        "expected the whole ff4 folder, read {n}"
    );
}

#[test]
fn old_files_read_without_errors_and_write_back_byte_for_byte() {
    let n = check_folder("sgf/old", true);
    assert!(n == 0 || n > 500, "expected the whole old folder, read {n}");
}

#[test]
fn broken_files_write_back_byte_for_byte() {
    check_folder("sgf/broken", false);
}

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

/// Text decodes cleanly in the charset the reader chose: no U+FFFD in any
/// value of a file the reader did not warn about.
#[test]
fn text_decodes_without_replacement_characters() {
    let Some(corpus) = corpus_dir() else { return };
    let mut failures = Vec::new();
    let mut non_utf8_charsets = 0;
    for folder in ["sgf/ff4", "sgf/old"] {
        for path in files(&corpus.join(folder), &["sgf"]) {
            let bytes = std::fs::read(&path).unwrap();
            let parsed = kifu_sgf::parse(&bytes);
            let warned = parsed
                .diagnostics
                .iter()
                .any(|d| d.code.as_str().starts_with("charset/"));
            for game in parsed.value.games() {
                if game.charset().encoding != encoding_rs::UTF_8 {
                    non_utf8_charsets += 1;
                }
                let replaced = game
                    .nodes()
                    .flat_map(|n| n.properties().collect::<Vec<_>>())
                    .any(|p| p.decoded_values().any(|v| v.contains('\u{FFFD}')));
                if replaced && !warned {
                    failures.push(path.display().to_string());
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "U+FFFD without a charset warning:\n{}",
        failures.join("\n")
    );
    assert!(
        non_utf8_charsets > 10,
        "only {non_utf8_charsets} games in other charsets"
    );
}

/// Files in Shift_JIS, Big5, GB18030, EUC-KR and ISO-2022-JP read with the
/// right text (the value lexer must not split their multibyte characters).
#[test]
fn east_asian_charsets_read_real_text() {
    let Some(corpus) = corpus_dir() else { return };
    let mut seen = std::collections::BTreeSet::new();
    let paths = [
        files(&corpus.join("sgf/ff4"), &["sgf"]),
        files(&corpus.join("sgf/old"), &["sgf"]),
    ];
    for path in paths.concat() {
        let bytes = std::fs::read(&path).unwrap();
        let parsed = kifu_sgf::parse(&bytes);
        for game in parsed.value.games() {
            let name = game.charset().encoding.name();
            if !matches!(
                name,
                "Shift_JIS" | "Big5" | "gb18030" | "GBK" | "EUC-KR" | "ISO-2022-JP"
            ) {
                continue;
            }
            let text: String = game
                .nodes()
                .flat_map(|n| n.properties().collect::<Vec<_>>())
                .flat_map(|p| {
                    p.decoded_values()
                        .map(|v| v.into_owned())
                        .collect::<Vec<_>>()
                })
                .collect();
            let cjk = text
                .chars()
                .filter(|c| {
                    ('\u{3040}'..='\u{9FFF}').contains(c) || ('\u{AC00}'..='\u{D7AF}').contains(c)
                })
                .count();
            assert!(cjk > 0, "{}: no CJK text read as {name}", path.display());
            seen.insert(name);
        }
    }
    assert!(seen.len() >= 3, "charsets seen: {seen:?}");
}

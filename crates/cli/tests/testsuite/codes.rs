//! `docs/codes.md`, the table of every diagnostic code, is generated from
//! the code constants and their doc comments, so it cannot drift from the
//! code. `KIFU_BLESS=1 cargo test -p kifu-cli --test testsuite codes::` rewrites it.

use std::fmt::Write as _;

/// Source files that define codes, with the area they belong to.
const SOURCES: &[(&str, &str)] = &[
    (
        "SGF syntax",
        include_str!("../../../sgf/src/syntax/codes.rs"),
    ),
    (
        "SGF checks",
        include_str!("../../../sgf/src/check/codes.rs"),
    ),
    (
        "Charsets",
        include_str!("../../../sgf/src/bytes/charset.rs"),
    ),
    ("Go XML", include_str!("../../../xml/src/read.rs")),
    (
        "Go books: reading",
        include_str!("../../../book/src/document/syntax.rs"),
    ),
    (
        "Go books: checks",
        include_str!("../../../book/src/check/codes.rs"),
    ),
    (
        "Go books: includes",
        include_str!("../../../book/src/include.rs"),
    ),
    (
        "Go books: files",
        include_str!("../../../book/src/meaning/files.rs"),
    ),
    (
        "Go books: notes",
        include_str!("../../../book/src/meaning/notes.rs"),
    ),
    (
        "Go books: diagrams",
        include_str!("../../../book/src/go/resolve.rs"),
    ),
    (
        "Server formats (GIB, NGF, UGF)",
        include_str!("../../../servers/src/codes.rs"),
    ),
    (
        "Go books from SGF (`kifu book`)",
        include_str!("../../../book/src/create/codes.rs"),
    ),
];

/// `(code, meaning)` of every `pub const X: Code = Code::new("...")` with
/// the `///` lines above it.
fn codes(source: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut doc: Vec<String> = Vec::new();
    for line in source.lines() {
        let t = line.trim();
        if let Some(d) = t.strip_prefix("///") {
            doc.push(d.trim().to_owned());
            continue;
        }
        if t.starts_with("pub const") && t.contains(": Code = Code::new(\"") {
            let code = t.split('"').nth(1).unwrap_or_default().to_owned();
            out.push((code, markdown(&doc.join(" "))));
        }
        doc.clear();
    }
    out
}

/// Rustdoc to plain Markdown: `\\[` escapes dropped, intra-doc links
/// (`[`X`](super::X)`) reduced to their text, `|` escaped for the table.
fn markdown(doc: &str) -> String {
    let mut text = doc.replace("\\[", "[").replace("\\]", "]");
    while let Some(at) = text.find("](super::").or_else(|| text.find("](crate::")) {
        let Some(end) = text[at..].find(')') else {
            break;
        };
        let Some(open) = text[..at].rfind('[') else {
            break;
        };
        let label = text[open + 1..at].to_owned();
        text.replace_range(open..at + end + 1, &label);
    }
    text.replace('|', "\\|")
}

fn table() -> String {
    let mut md = String::from(
        "# Diagnostic codes\n\nGenerated from the code constants and the table of SGF codes\n\
         (`kifu_sgf::codes`) by `crates/cli/tests/testsuite/codes.rs`\n\
         (`KIFU_BLESS=1 cargo test -p kifu-cli --test testsuite codes::`); do not edit by hand.\n\
         Codes are stable: scripts may filter on them.\n\n\
         For SGF, *severity* is the most serious level a code is reported at;\n\
         *critical* means information may be lost (in the input, or by the repair,\n\
         which `kifu fix` then makes only with `--force`); *SGFC* gives the numbers\n\
         of SGFC's messages for the same finding; the example is the code's fixture\n\
         (`crates/sgf/tests/codes/`).\n\n\
         The default severities follow SGFC 2.0's defaults (no `-s`, no `-v`): what\n\
         SGFC reports in a file that breaks its own format is a warning or an error;\n\
         what SGFC leaves alone is kifu's own finding, a note, and so is what the\n\
         file's own format allows (`ID` or `AddBlack` in an FF[3] file). *Against\n\
         SGFC* says which is which (`kifu_sgf::codes::SGFC_DEFAULT`).\n\n\
         For Go books, *quick fix* says what the language server (`kifu lsp`)\n\
         offers in the editor for a finding, or why it offers nothing: a fix\n\
         is offered where the repair follows from the finding alone\n\
         (`kifu_lsp::QUICK_FIXES`).\n",
    );
    for (area, source) in SOURCES {
        let codes = codes(source);
        if codes
            .iter()
            .all(|(code, _)| kifu_sgf::codes::info(kifu_diag::Code::new(leak(code))).is_some())
        {
            let _ = write!(
                md,
                "\n## {area}\n\n| code | severity | critical | SGFC | against SGFC | meaning | what `kifu fix` does | example |\n|---|---|---|---|---|---|---|---|\n"
            );
            for (code, meaning) in codes {
                let info = kifu_sgf::codes::info(kifu_diag::Code::new(leak(&code)))
                    .expect("checked above");
                let against = kifu_sgf::codes::sgfc_default(info.code)
                    .expect("every SGF code stands against SGFC")
                    .describe();
                let _ = writeln!(
                    md,
                    "| `{code}` | {} | {} | {} | {against} | {meaning} | {} | {} |",
                    info.severity,
                    if info.critical { "yes" } else { "" },
                    info.sgfc_numbers(),
                    markdown(info.fix),
                    example(&code),
                );
            }
        } else if codes
            .iter()
            .all(|(code, _)| kifu_lsp::quick_fix(code).is_some())
        {
            let _ = write!(
                md,
                "\n## {area}\n\n| code | meaning | quick fix |\n|---|---|---|\n"
            );
            for (code, meaning) in codes {
                let q = kifu_lsp::quick_fix(&code).expect("checked above");
                let offered = if q.offered { "yes" } else { "none" };
                let _ = writeln!(
                    md,
                    "| `{code}` | {meaning} | {offered}: {} |",
                    markdown(q.why)
                );
            }
        } else {
            let _ = write!(md, "\n## {area}\n\n| code | meaning |\n|---|---|\n");
            for (code, meaning) in codes {
                let _ = writeln!(md, "| `{code}` | {meaning} |");
            }
        }
    }
    md
}

/// A `&'static str` for a code read from source (a test: leaking is fine).
fn leak(code: &str) -> &'static str {
    Box::leak(code.to_owned().into_boxed_str())
}

/// The fixture of an SGF code, shown inline when it is one short line.
fn example(code: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../sgf/tests/codes")
        .join(format!("{}.sgf", code.replace('/', "-")));
    let Ok(bytes) = std::fs::read(&path) else {
        return String::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    let text = text.trim_end();
    if text.len() <= 60 && !text.contains(['\n', '\r', '`', '\0']) && text.is_ascii() {
        format!("`{}`", text.replace('|', "\\|"))
    } else {
        format!(
            "[fixture](../crates/sgf/tests/codes/{}.sgf)",
            code.replace('/', "-")
        )
    }
}

#[test]
fn the_code_table_in_the_docs_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/codes.md");
    let table = table();
    if std::env::var_os("KIFU_BLESS").is_some() {
        std::fs::write(&path, &table).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        written, table,
        "docs/codes.md is stale: run with KIFU_BLESS=1"
    );
}

#[test]
fn every_code_is_documented_and_unique() {
    let mut all = Vec::new();
    for (_, source) in SOURCES {
        for (code, meaning) in codes(source) {
            assert!(!meaning.is_empty(), "{code} has no doc comment");
            assert!(code.contains('/'), "{code} is not path-style");
            all.push(code);
        }
    }
    let count = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), count, "a code is defined twice");
    assert!(count > 45, "only {count} codes found");
}

/// Every code a book's check reports says whether the editor has a quick
/// fix for it (`kifu_lsp::QUICK_FIXES`), and every row there is a code.
#[test]
fn every_book_code_says_whether_it_has_a_quick_fix() {
    let mut book_codes = Vec::new();
    for (area, source) in SOURCES {
        for (code, _) in codes(source) {
            if code.starts_with("book/") {
                assert!(
                    kifu_lsp::quick_fix(&code).is_some(),
                    "{code} ({area}) has no row in kifu_lsp::QUICK_FIXES"
                );
                book_codes.push(code);
            }
        }
    }
    for row in kifu_lsp::QUICK_FIXES {
        assert!(
            book_codes.iter().any(|c| c == row.code),
            "{} has a quick-fix row but no constant",
            row.code
        );
    }
}

/// The table of SGF codes and the constants agree: every SGF or charset
/// constant has a row, and every row a constant.
#[test]
fn the_sgf_code_table_covers_every_sgf_code() {
    let mut constants = Vec::new();
    for (area, source) in &SOURCES[..3] {
        for (code, _) in codes(source) {
            assert!(
                kifu_sgf::codes::info(kifu_diag::Code::new(leak(&code))).is_some(),
                "{code} ({area}) has no row in kifu_sgf::codes::ALL"
            );
            constants.push(code);
        }
    }
    for row in kifu_sgf::codes::ALL {
        assert!(
            constants.iter().any(|c| c == row.code.as_str()),
            "{} has a row but no constant",
            row.code
        );
    }
}

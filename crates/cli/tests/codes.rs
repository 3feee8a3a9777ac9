//! `docs/codes.md`, the table of every diagnostic code, is generated from
//! the code constants and their doc comments, so it cannot drift from the
//! code. `KIFU_BLESS=1 cargo test -p kifu-cli --test codes` rewrites it.

use std::fmt::Write as _;

/// Source files that define codes, with the area they belong to.
const SOURCES: &[(&str, &str)] = &[
    ("SGF syntax", include_str!("../../sgf/src/syntax/mod.rs")),
    ("SGF checks", include_str!("../../sgf/src/check.rs")),
    ("Charsets", include_str!("../../sgf/src/charset.rs")),
    ("Go XML", include_str!("../../xml/src/read.rs")),
    (
        "Go books: reading",
        include_str!("../../book/src/syntax.rs"),
    ),
    ("Go books: checks", include_str!("../../book/src/check.rs")),
    (
        "Go books: includes",
        include_str!("../../book/src/include.rs"),
    ),
    ("Go books: notes", include_str!("../../book/src/notes.rs")),
    (
        "Go books: diagrams",
        include_str!("../../book/src/resolve.rs"),
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
        "# Diagnostic codes\n\nGenerated from the code constants by `crates/cli/tests/codes.rs`\n\
         (`KIFU_BLESS=1 cargo test -p kifu-cli --test codes`); do not edit by hand.\n\
         Codes are stable: scripts may filter on them.\n",
    );
    for (area, source) in SOURCES {
        let _ = write!(md, "\n## {area}\n\n| code | meaning |\n|---|---|\n");
        for (code, meaning) in codes(source) {
            let _ = writeln!(md, "| `{code}` | {meaning} |");
        }
    }
    md
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

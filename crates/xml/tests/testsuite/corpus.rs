//! The corpora: GoGui's XML files, and round trips over every SGF file.

use std::fmt::Write as _;

use kifu_xml::Document;

use crate::{corpus_dir, difference, files};

#[test]
fn gogui_files_read_without_errors_and_their_warnings_are_known() {
    let Some(corpus) = corpus_dir() else { return };
    let paths = files(&corpus.join("xml"), "xml");
    assert_eq!(paths.len(), 72);
    let mut warnings = String::new();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let parsed = kifu_xml::read(&bytes);
        let name = path.file_name().unwrap().to_string_lossy();
        for d in &parsed.diagnostics {
            assert!(!d.is_error(), "{name}: {d}");
            let _ = writeln!(warnings, "{name}: {d}");
        }
        assert_eq!(parsed.value.games.len(), 1, "{name}");
        assert!(!parsed.value.games[0].nodes[0].props.is_empty(), "{name}");
    }
    let snapshot = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots/gogui-corpus-warnings.txt");
    if std::env::var_os("KIFU_BLESS").is_some() {
        std::fs::write(&snapshot, &warnings).unwrap();
    }
    let expected = std::fs::read_to_string(&snapshot).unwrap_or_default();
    assert_eq!(warnings, expected, "run with KIFU_BLESS=1 to accept");
}

#[test]
fn gogui_files_have_the_content_of_their_sgf_source() {
    // GoGui wrote each XML from the corpus SGF of the same base name; what
    // GoGui kept must read back as the same moves.
    let Some(corpus) = corpus_dir() else { return };
    let sgf_files = files(&corpus.join("sgf"), "sgf");
    let mut compared = 0;
    for path in files(&corpus.join("xml"), "xml") {
        let stem = path.file_stem().unwrap();
        let Some(source) = sgf_files.iter().find(|p| p.file_stem() == Some(stem)) else {
            continue;
        };
        let xml = kifu_xml::read(&std::fs::read(&path).unwrap()).value;
        let bytes = std::fs::read(source).unwrap();
        let sgf = Document::from_sgf(&kifu_sgf::parse(&bytes).value);
        let moves = |d: &Document| -> Vec<String> {
            crate::preorder(&d.games[0])
                .into_iter()
                .flat_map(|n| d.games[0].nodes[n].props.iter())
                .filter(|(id, _)| id == "B" || id == "W")
                .map(|(id, v)| format!("{id}{v:?}"))
                .collect()
        };
        let (a, b) = (moves(&xml), moves(&sgf));
        assert_eq!(a.len(), b.len(), "{}", path.display());
        for (x, y) in a.iter().zip(&b) {
            // GoGui writes `tt` passes as empty moves.
            // GoGui also repairs moves written in the standard notation.
            let inner = |m: &str| m[3..m.len() - 2].to_owned();
            let repaired =
                kifu_board::Point::from_standard(&inner(y), kifu_board::BoardSize::STANDARD)
                    .is_ok_and(|p| p.to_sgf() == inner(x).as_bytes());
            let pass = x.ends_with("[\"\"]")
                && (y.ends_with("[\"tt\"]") || inner(y).eq_ignore_ascii_case("pass"));
            let same = x == y || repaired || pass;
            assert!(same, "{}: {x} vs {y}", path.display());
        }
        compared += 1;
    }
    assert!(
        compared > 50,
        "only {compared} XML files matched their SGF source"
    );
}

#[test]
fn sgf_to_xml_to_sgf_gives_the_same_trees() {
    let Some(corpus) = corpus_dir() else { return };
    let mut failures = Vec::new();
    let mut count = 0;
    for folder in ["sgf/ff4", "sgf/old"] {
        for path in files(&corpus.join(folder), "sgf") {
            let bytes = std::fs::read(&path).unwrap();
            let collection = kifu_sgf::parse(&bytes).value;
            let original = Document::from_sgf(&collection);
            let xml = kifu_xml::write(&original);
            let back = kifu_xml::read(xml.as_bytes());
            if let Some(d) = back.diagnostics.first() {
                failures.push(format!("{}: reading our XML: {d}", path.display()));
                continue;
            }
            if let Some(diff) = difference(&original, &back.value) {
                failures.push(format!("{}: {diff}", path.display()));
                continue;
            }
            // Through SGF bytes too, as `kifu convert` does: both sides
            // normalized (FF[4], passes as []).
            let normalized = |c: &kifu_sgf::Collection<'_>| {
                let bytes = kifu_sgf::write::normalized(c);
                Document::from_sgf(&kifu_sgf::parse(&bytes).value)
            };
            if let Some(diff) =
                difference(&normalized(&collection), &normalized(&back.value.to_sgf()))
            {
                failures.push(format!("{}: via SGF bytes: {diff}", path.display()));
            }
            count += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    assert!(count > 2000);
}

#[test]
fn xml_to_sgf_to_xml_gives_the_same_trees() {
    let Some(corpus) = corpus_dir() else { return };
    // What `kifu convert` does to SGF: FF[4] header, uncompressed lists.
    let normalized = |d: &Document| {
        let bytes = kifu_sgf::write::normalized(&d.to_sgf());
        Document::from_sgf(&kifu_sgf::parse(&bytes).value)
    };
    for path in files(&corpus.join("xml"), "xml") {
        let first = kifu_xml::read(&std::fs::read(&path).unwrap()).value;
        // XML -> model -> XML.
        let again = kifu_xml::read(kifu_xml::write(&first).as_bytes());
        assert!(
            again.diagnostics.is_empty(),
            "{}: {:?}",
            path.display(),
            again.diagnostics
        );
        if let Some(diff) = difference(&first, &again.value) {
            panic!("{}: {diff}", path.display());
        }
        // XML -> SGF bytes -> XML.
        let via_sgf = normalized(&first);
        let second = kifu_xml::read(kifu_xml::write(&via_sgf).as_bytes()).value;
        if let Some(diff) = difference(&via_sgf, &second) {
            panic!("{}: via SGF: {diff}", path.display());
        }
        if let Some(diff) = difference(&normalized(&first), &normalized(&second)) {
            panic!("{}: normalized: {diff}", path.display());
        }
    }
}

/// The XML kifu writes is valid against Jago's DTD (xmllint, from Debian's
/// libxml2-utils; `.ci/run` installs it).
#[test]
fn written_xml_is_valid_against_the_dtd() {
    let Some(corpus) = corpus_dir() else { return };
    if std::process::Command::new("xmllint")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("note: xmllint not installed; skipping DTD validation");
        return;
    }
    let dir = tempfile_dir();
    let mut written = Vec::new();
    for (i, path) in files(&corpus.join("sgf/ff4"), "sgf")
        .into_iter()
        .chain(files(&corpus.join("sgf/old"), "sgf"))
        .enumerate()
    {
        let bytes = std::fs::read(&path).unwrap();
        let xml = kifu_xml::write(&Document::from_sgf(&kifu_sgf::parse(&bytes).value));
        let out = dir.join(format!("{i}.xml"));
        std::fs::write(&out, xml).unwrap();
        written.push(out);
    }
    for chunk in written.chunks(500) {
        let out = std::process::Command::new("xmllint")
            .arg("--noout")
            .arg("--dtdvalid")
            .arg(corpus.join("xml/go.dtd"))
            .args(chunk)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .take(20)
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kifu-xml-dtd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

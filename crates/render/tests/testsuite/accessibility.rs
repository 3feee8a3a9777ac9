//! EPUBs readers who cannot see the board can use, by the checkers
//! publishers use: three books (the example book, a problem book made from
//! the corpus's problem files, a book made from an annotated SGF game), in
//! both EPUB kinds, written to `target/accessibility/`, then
//! - epubcheck (Debian's, `/usr/share/java/epubcheck.jar` or
//!   `KIFU_EPUBCHECK`) on all six in one JVM (`scripts/EpubcheckMany.java`):
//!   no error or warning;
//! - DAISY Ace (`tests/ace/ace-check.mjs`, `npm ci` there; puppeteer on
//!   Debian's Chromium) on all six in one Node process: no violation of
//!   any impact;
//! - every diagram's image names a description that exists in its chapter.
//!
//! Without a checker the test fails under CI (`CI=true`) and skips that
//! checker with a message otherwise.

#![cfg(feature = "epub")]

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use kifu_book::create::{self, Options};
use kifu_render::epub::{EpubMode, EpubOptions, book_to_epub};

const EXAMPLE: &str = include_str!("../../../book/tests/fixtures/example.gobook");
const ANNOTATED: &[u8] = include_bytes!("../../../book/tests/fixtures/create/annotated.sgf");
const PROBLEMS_FIXTURE: &[u8] = include_bytes!("../../../book/tests/fixtures/create/problems.sgf");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

/// The corpus's first twelve problem files as one collection (the
/// fixture's problems where the corpus is not there).
fn problem_collection() -> Vec<u8> {
    let corpus = std::env::var_os("KIFU_CORPUS")
        .map_or_else(|| root().join("../shared/corpus"), PathBuf::from);
    let folder = corpus.join("sgf/ff4/gpub/epub_problems/problems");
    if !folder.is_dir() {
        return PROBLEMS_FIXTURE.to_vec();
    }
    let mut collection = Vec::new();
    for n in 1..=12 {
        collection.extend(std::fs::read(folder.join(format!("ggg-easy-{n:02}.sgf"))).unwrap());
        collection.push(b'\n');
    }
    collection
}

/// The three books, by name.
fn books() -> Vec<(&'static str, kifu_book::Book)> {
    let problems = Options {
        problems: true,
        title: Some("Easy problems".to_owned()),
        ..Options::default()
    };
    let made =
        |sgf: &[u8], options: &Options| create::book(&kifu_sgf::parse(sgf).value, options).book;
    vec![
        ("example", kifu_book::parse(EXAMPLE).value),
        ("problems", made(&problem_collection(), &problems)),
        ("annotated", made(ANNOTATED, &Options::default())),
    ]
}

/// The six EPUBs, written; their paths.
fn write_epubs() -> Vec<PathBuf> {
    let dir = target_dir().join("accessibility");
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for (name, book) in books() {
        for mode in [EpubMode::Interactive, EpubMode::Static] {
            let options = EpubOptions {
                mode,
                ..EpubOptions::default()
            };
            let epub = book_to_epub(&book, &|_| None, &options).expect("an EPUB");
            let path = dir.join(format!("{name}-{mode:?}.epub"));
            std::fs::write(&path, epub).unwrap();
            paths.push(path);
        }
    }
    paths
}

fn missing(what: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(!ci, "the accessibility test cannot run under CI: {what}");
    eprintln!("skipping: {what} (scripts/test-all installs it)");
}

#[test]
fn epubcheck_and_ace_find_nothing() {
    let epubs = write_epubs();
    // Ace (the slow one) runs while epubcheck does.
    let ace = start_ace(&epubs);
    let jar = std::env::var_os("KIFU_EPUBCHECK")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/java/epubcheck.jar"));
    if jar.exists() {
        let out = Command::new("java")
            .arg("-cp")
            .arg(&jar)
            .arg(root().join("scripts/EpubcheckMany.java"))
            .args(&epubs)
            .output()
            .expect("java runs");
        let report = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            report.matches("No errors or warnings detected").count(),
            epubs.len(),
            "{report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    } else {
        missing("epubcheck");
    }
    let Some(ace) = ace else {
        missing("DAISY Ace (npm ci in crates/render/tests/ace) or Chromium");
        return;
    };
    let out = ace.wait_with_output().expect("Ace runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(
        lines.len(),
        epubs.len(),
        "Ace checked every EPUB: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for line in &lines {
        let violations = line["violations"].as_array().unwrap();
        assert!(
            violations.is_empty(),
            "{}: {}",
            line["epub"],
            serde_json::to_string_pretty(violations).unwrap()
        );
    }
}

/// Ace on `epubs`, started (`None` when Ace or Chromium is missing).
fn start_ace(epubs: &[PathBuf]) -> Option<std::process::Child> {
    let ace = root().join("crates/render/tests/ace");
    let chromium = std::env::var_os("KIFU_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    if !ace.join("node_modules/@daisy/ace-core").is_dir() || !chromium.exists() {
        return None;
    }
    let child = Command::new("node")
        .current_dir(&ace)
        .env("PUPPETEER_EXECUTABLE_PATH", &chromium)
        .arg("ace-check.mjs")
        .arg(target_dir().join("accessibility/ace"))
        .args(epubs)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("node runs");
    Some(child)
}

/// The package's text files.
fn texts(epub: &[u8]) -> Vec<(String, String)> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(epub)).expect("a zip");
    (0..zip.len())
        .filter_map(|i| {
            let mut f = zip.by_index(i).unwrap();
            let mut s = String::new();
            f.read_to_string(&mut s).ok()?;
            Some((f.name().to_owned(), s))
        })
        .collect()
}

#[test]
fn every_diagram_names_its_description_and_the_package_says_what_it_offers() {
    for (name, book) in books() {
        for mode in [EpubMode::Interactive, EpubMode::Static] {
            let options = EpubOptions {
                mode,
                ..EpubOptions::default()
            };
            let files = texts(&book_to_epub(&book, &|_| None, &options).unwrap());
            let opf = &files.iter().find(|(n, _)| n.ends_with(".opf")).unwrap().1;
            for property in [
                "schema:accessMode\">textual",
                "schema:accessModeSufficient\">textual",
                "schema:accessibilityFeature\">longDescription",
                "schema:accessibilityFeature\">structuralNavigation",
                "schema:accessibilityFeature\">tableOfContents",
                "schema:accessibilityFeature\">readingOrder",
                "schema:accessibilityHazard\">none",
                "schema:accessibilitySummary\">",
                "dcterms:conformsTo\">EPUB Accessibility 1.1 - WCAG 2.1 Level AA",
            ] {
                assert!(opf.contains(property), "{name} {mode:?}: {property}\n{opf}");
            }
            let mut diagrams = 0;
            for (file, xhtml) in files.iter().filter(|(n, _)| n.ends_with(".xhtml")) {
                for (at, _) in xhtml.match_indices("<figure class=\"dia kind-") {
                    let figure = &xhtml[at..at + xhtml[at..].find("</figure>").unwrap()];
                    let details = figure
                        .split("aria-details=\"")
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .unwrap_or_else(|| panic!("{name} {file}: no aria-details in {figure}"));
                    let opening = format!("<details class=\"dia-desc\" id=\"{details}\"");
                    let at = xhtml
                        .find(&opening)
                        .unwrap_or_else(|| panic!("{name} {file}: no #{details}"));
                    let description = &xhtml[at..at + xhtml[at..].find("</details>").unwrap()];
                    assert!(
                        description.contains("Board: ")
                            && (description.contains("Moves (")
                                || description.contains("stones (")),
                        "{description}"
                    );
                    diagrams += 1;
                }
            }
            assert!(diagrams >= 2, "{name} {mode:?}: {diagrams} diagrams");
        }
    }
}

#[test]
fn bullets_read_as_a_list_in_the_epub_and_the_page_unless_a_diagram_sits_in_it() {
    let list = "::chapter(#c)\n\n::p style=bullet\n•\tFirst.\n\n::p style=bullet\n•\tSecond.\n";
    let with_dia = "::chapter(#c)\n\n::p style=bullet\n•\tSee <dia sz=9 base=none mv=C3>this</dia>.\n\n::p style=bullet\n•\tSecond.\n";
    let chapter = |source: &str| {
        let book = kifu_book::parse(source).value;
        let epub = book_to_epub(&book, &|_| None, &EpubOptions::default()).unwrap();
        texts(&epub)
            .into_iter()
            .find(|(n, x)| n.ends_with(".xhtml") && x.contains("group bullets"))
            .unwrap()
            .1
    };
    // The web page writes them the same way.
    let page = |source: &str| {
        let book = kifu_book::parse(source).value;
        kifu_render::html::book_to_html(&book, &|_| None, &Default::default())
    };
    for listed in [chapter(list), page(list)] {
        assert!(
            listed.contains("<div class=\"group bullets\" role=\"list\">"),
            "{listed}"
        );
        assert_eq!(
            listed
                .matches("<div role=\"listitem\" class=\"el para")
                .count(),
            2,
            "{listed}"
        );
    }
    // An inline diagram follows its paragraph: no list, whose children must
    // all be items.
    assert!(!chapter(with_dia).contains("role=\"list"));
    assert!(!page(with_dia).contains("role=\"list"));
}

#[test]
fn descriptions_are_in_the_books_language_where_kifu_has_words_for_it() {
    let source = "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::p_de Ein Problem.\n\n::p_ja 問題です。\n\n::p_nl Een probleem.\n\n\
                  ::prb(#p1) sz=9 base=none ab=\"C6 D6 E7\" aw=\"C5 D5\" correct=\"C7D7\" ca=\"Problem 1\"\n#btl#\n";
    let book = kifu_book::parse(source).value;
    let xhtml = |lang: &str| {
        let options = EpubOptions {
            languages: vec![lang.to_owned()],
            ..EpubOptions::default()
        };
        let epub = book_to_epub(&book, &|_| None, &options).unwrap();
        texts(&epub)
            .into_iter()
            .filter(|(n, _)| n.ends_with(".xhtml"))
            .map(|(_, x)| x)
            .collect::<String>()
    };
    let de = xhtml("de");
    assert!(
        de.contains(
            "<details class=\"dia-desc\" id=\"p1-fig-desc\"><summary>Beschreibung</summary>"
        ),
        "{de}"
    );
    assert!(
        de.contains(
            "<p>Problem:</p><ul><li>Schwarz ist am Zug</li><li>Schwarz zieht und lebt</li></ul>"
        ),
        "{de}"
    );
    assert!(de.contains("Schwarze Steine (3)"), "{de}");
    assert!(
        de.contains(
            "alt=\"Antwort zu Problem 1. Schwarz ist am Zug. Schwarz 1 auf C7, Weiß 2 auf D7.\""
        ),
        "{de}"
    );
    let ja = xhtml("ja");
    assert!(ja.contains("<summary>説明</summary>"), "{ja}");
    assert!(ja.contains("黒石（3個）"), "{ja}");
    // No words in Dutch: English, marked as such.
    let nl = xhtml("nl");
    assert!(
        nl.contains(
            "id=\"p1-fig-desc\" lang=\"en\" xml:lang=\"en\"><summary>Description</summary>"
        ),
        "{nl}"
    );
    assert!(nl.contains("Black stones (3)"), "{nl}");
}

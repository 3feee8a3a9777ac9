//! The book page in a real browser: writes the example book's page and a
//! small problem book's page under `target/browser/`, then runs the Node
//! script `tests/browser/browser-test.mjs` (playwright-core driving Debian's
//! headless Chromium), which replays a figure, switches languages, solves
//! a problem right and wrong, follows the table of contents and writes
//! screenshots (`title.png`, `figure.png`, `problem.png`, `half.png`).
//!
//! Without Chromium (`/usr/bin/chromium`, or `KIFU_CHROMIUM`), Node or the
//! script's `node_modules` (`npm ci` in `tests/browser`), the test fails
//! under CI (`CI=true`) and is skipped with a message otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

use kifu_render::html::{HtmlOptions, book_to_html};

const EXAMPLE: &str = include_str!("../../book/tests/fixtures/example.gobook");

/// A problem and two half-width diagrams.
const PROBLEMS: &str = "::book(#browser-test) title=\"Browser test\" cover=\"cover.png\"



::chapter(#problems)


::h2 Problems

::prb(#p1) sz=9 base=none ab=\"C6 D6 E7\" aw=\"C5 D5\" correct=\"C7D7(Right.)\" wrong=\"D7C7(Wrong way.)\" ca=\"Problem 1\"
#btl#

Play at C7.


::h3 Side by side

::dia width=half align=center sz=9 base=none mv=\"C3 G7 G3\" ca=\"Left\"

::dia width=half align=center sz=9 base=none mv=\"G3 C7 C3 G7\" tr=G3 ca=\"Right\"

Two diagrams next to each other.
";

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"))
}

/// A 1x1 PNG, the problem book's cover.
const PIXEL: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn write_page(dir: &Path, name: &str, source: &str) {
    use base64::Engine as _;
    let parsed = kifu_book::parse(source);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let images = |file: &str| {
        (file == "cover.png").then(|| {
            base64::engine::general_purpose::STANDARD
                .decode(PIXEL)
                .expect("the pixel")
        })
    };
    let html = book_to_html(&parsed.value, &images, &HtmlOptions::default());
    std::fs::write(dir.join(name), html).expect("write the page");
}

fn missing(what: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    if ci {
        panic!("browser test cannot run under CI: {what}");
    }
    eprintln!("skipping the browser test: {what} (scripts/test-all installs it)");
}

#[test]
fn book_page_in_chromium() {
    let dir = target_dir().join("browser");
    std::fs::create_dir_all(&dir).expect("create target/browser");
    write_page(&dir, "example.html", EXAMPLE);
    write_page(&dir, "problem.html", PROBLEMS);

    let chromium = std::env::var_os("KIFU_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    if !chromium.exists() {
        return missing(&format!("no Chromium at {}", chromium.display()));
    }
    let script_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    if !script_dir.join("node_modules/playwright-core").exists() {
        return missing("no node_modules in crates/render/tests/browser (run `npm ci` there)");
    }
    let output = match Command::new("node")
        .arg("browser-test.mjs")
        .arg(&dir)
        .current_dir(&script_dir)
        .env("KIFU_CHROMIUM", &chromium)
        .output()
    {
        Ok(output) => output,
        Err(e) => return missing(&format!("cannot run node: {e}")),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(
        output.status.success(),
        "the browser test failed:\n{stdout}\n{stderr}"
    );
    for shot in ["title.png", "figure.png", "problem.png", "half.png"] {
        assert!(dir.join(shot).exists(), "no screenshot {shot}");
    }
}

//! The EPUB in a real browser: writes the example book and a small test
//! book as interactive and static EPUBs, unzips each under
//! `target/browser-epub/`, then runs the Node script
//! `tests/browser/epub-test.mjs` (playwright-core driving Debian's headless
//! Chromium), which opens every content document in reading order with no
//! script error allowed, steps through a figure, answers a problem right
//! and wrong, opens a hint and an inline diagram, measures each diagram's
//! width against its element's, and writes screenshots
//! (`epub-chapter.png`, `epub-problem.png`).
//!
//! Without Chromium (`/usr/bin/chromium`, or `KIFU_CHROMIUM`), Node or the
//! script's `node_modules` (`npm ci` in `tests/browser`), the test fails
//! under CI (`CI=true`) and is skipped with a message otherwise.

#![cfg(feature = "epub")]

use std::io::Read as _;
use std::path::{Path, PathBuf};

use kifu_render::epub::{EpubMode, EpubOptions, book_to_epub};

const EXAMPLE: &str = include_str!("../../../book/tests/fixtures/example.gobook");

/// A figure to step through, a capture, an inline diagram, a row of two
/// half-width diagrams and a third-width one; a problem with a hint.
const TEST_BOOK: &str = "::book(#epub-browser) title=\"EPUB browser test\"

::chapter(#figures)

::h2 Figures

::dia(#f1) sz=9 base=none mv=\"C3 G7 G3\" width=full ca=\"Three moves\"

A shape <dia sz=9 base=none mv=\"E5 E4\">seen from the side</dia>, then a capture.

::dia(#f2) sz=9 base=none ab=\"G4 F5 H5\" aw=\"G5\" mv=\"G6\" width=dia ca=\"A capture\"

::dia width=half sz=9 base=none mv=\"C3 G7 G3\" ca=\"Left\"

::dia width=half sz=9 base=none mv=\"G3 C7 C3 G7\" tr=G3 ca=\"Right\"

::dia width=third sz=9 base=none ab=\"E5\" ca=\"Third\"

::chapter(#problems)

::h2 Problems

::prb(#p1) sz=9 base=none ab=\"C6 D6 E7\" aw=\"C5 D5\" correct=\"C7D7(Right.)\" wrong=\"D7C7(Wrong way.)\" ca=\"Problem 1\"
#btl#

::p hint=1
Think of the eye shape.
";

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"))
}

/// Writes `source` as an EPUB and unzips it into `dir/name`.
fn unzip_epub(dir: &Path, name: &str, source: &str, mode: EpubMode) {
    let parsed = kifu_book::parse(source);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let options = EpubOptions {
        mode,
        ..EpubOptions::default()
    };
    let epub = book_to_epub(&parsed.value, &|_| None, &options).expect("an EPUB");
    let root = dir.join(name);
    let _ = std::fs::remove_dir_all(&root);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(epub)).expect("a zip");
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).expect("an entry");
        let path = root.join(f.enclosed_name().expect("a name inside the package"));
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("create the folder");
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).expect("read the entry");
        std::fs::write(path, bytes).expect("write the entry");
    }
}

#[test]
fn epub_chapters_in_chromium() {
    let dir = target_dir().join("browser-epub");
    std::fs::create_dir_all(&dir).expect("create target/browser-epub");
    for (name, source) in [("example", EXAMPLE), ("test", TEST_BOOK)] {
        for (mode, kind) in [
            (EpubMode::Interactive, "interactive"),
            (EpubMode::Static, "static"),
        ] {
            unzip_epub(&dir, &format!("{name}-{kind}"), source, mode);
        }
    }
    if !crate::browser::run_browser_script("epub-test.mjs", &[dir.as_os_str()]) {
        return;
    }
    for shot in ["epub-chapter.png", "epub-problem.png"] {
        assert!(dir.join(shot).exists(), "no screenshot {shot}");
    }
}

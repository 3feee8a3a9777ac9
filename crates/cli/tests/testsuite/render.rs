//! `kifu render`: diagrams of a book and positions of games to SVG, PNG
//! and text, the final position of every game of a directory, and the
//! usage errors (exit 2).

use crate::{kifu, stderr};
use std::path::{Path, PathBuf};
use std::process::Command;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn book() -> String {
    examples().join("example.gobook").display().to_string()
}

fn game() -> String {
    examples().join("example.sgf").display().to_string()
}

#[test]
fn a_book_diagram_to_svg_png_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(
        &["render", &book(), "--diagram", "dia2", "-o", "d.svg"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.path().join("d.svg")).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains(">Dia. 2</text>"), "{svg}");
    assert!(svg.contains(">3</text>"));

    let out = kifu(
        &[
            "render",
            &book(),
            "--diagram",
            "dia2",
            "-o",
            "d.png",
            "--width",
            "300",
            "--style",
            "screen",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let png = std::fs::read(dir.path().join("d.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 300);

    let out = kifu(
        &["render", &book(), "--diagram", "dia2", "-o", "d.txt"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(dir.path().join("d.txt")).unwrap();
    assert!(text.contains("  10  ·"), "{text}");
    assert!(text.ends_with("Dia. 2\n"), "{text}");
}

#[test]
fn chapter_and_index_name_the_same_diagram_as_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let by_id = kifu(
        &["render", &book(), "--diagram", "dia2", "-o", "-"],
        dir.path(),
    );
    // `kifu diagrams --format json` lists dia2 as ch1, index 12.
    let by_place = kifu(
        &["render", &book(), "--diagram", "ch1:12", "-o", "-"],
        dir.path(),
    );
    assert_eq!(by_id.status.code(), Some(0), "{}", stderr(&by_id));
    assert_eq!(by_place.status.code(), Some(0), "{}", stderr(&by_place));
    assert!(!by_id.stdout.is_empty());
    assert_eq!(by_id.stdout, by_place.stdout);
}

#[test]
fn a_game_position_with_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(
        &[
            "render",
            &game(),
            "--move",
            "6",
            "--numbers",
            "4-6",
            "-o",
            "g.svg",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.path().join("g.svg")).unwrap();
    assert_eq!(svg.matches("<use ").count(), 6);
    // Move 6 is under the label A of its node.
    assert!(svg.contains(">5</text>") && svg.contains(">A</text>") && !svg.contains(">3</text>"));
    // The second variation, drawn as text with coordinates.
    let out = kifu(
        &[
            "render",
            &game(),
            "--variation",
            "1",
            "-o",
            "-",
            "--format",
            "txt",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.matches('●').count() + text.matches('○').count(),
        6,
        "{text}"
    );
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        vec!["render", &book(), "--diagram", "nope", "-o", "x.svg"],
        vec!["render", &book(), "--diagram", "ch1:999", "-o", "x.svg"],
        vec!["render", &book(), "-o", "x.svg"],
        vec!["render", &book(), "--diagram", "dia2", "-o", "x.html"],
        vec![
            "render",
            &book(),
            "--diagram",
            "dia2",
            "-o",
            "x.svg",
            "--style",
            "nope",
        ],
        vec!["render", &game(), "--move", "99", "-o", "x.svg"],
        vec!["render", &game(), "--variation", "5", "-o", "x.svg"],
        vec!["render", &game(), "--numbers", "5-2", "-o", "x.svg"],
        vec!["render", &game(), "-o", "x.gif"],
    ] {
        let out = kifu(&args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).starts_with("kifu: "),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    assert!(!dir.path().join("x.svg").exists());
    assert!(!dir.path().join("x.html").exists());
}

#[test]
fn a_directory_of_games_to_one_svg_each() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games/sub");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("a.sgf"), "(;SZ[9];B[cc];W[gg])").unwrap();
    std::fs::write(games.join("b.sgf"), "(;SZ[13];B[dd])(;SZ[19];B[pd])").unwrap();
    let out = kifu(&["render", "games", "--out-dir", "out", "-q"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.path().join("out/sub/a.svg")).unwrap();
    assert_eq!(svg.matches("<use ").count(), 2);
    assert!(dir.path().join("out/sub/b-1.svg").exists());
    assert!(dir.path().join("out/sub/b-2.svg").exists());
    // The summary counts what was read, nodes too.
    let out = kifu(&["render", "games", "--out-dir", "again"], dir.path());
    assert!(
        stderr(&out).contains("2 files, 3 games, 7 nodes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_style_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("s.toml"), "board = \"#123456\"\n").unwrap();
    let out = kifu(
        &[
            "render",
            &book(),
            "--diagram",
            "dia2",
            "--style",
            "s.toml",
            "-o",
            "-",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("#123456"));
    std::fs::write(dir.path().join("bad.toml"), "colour = 1\n").unwrap();
    let out = kifu(
        &[
            "render",
            &book(),
            "--diagram",
            "dia2",
            "--style",
            "bad.toml",
            "-o",
            "-",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Item 14 of "Hostile and pathological input": a caption of 200,000
/// words drawn at `--width 16384` tried to allocate 255 GB and aborted. Now
/// a usage error (exit 2) saying why, and no file.
#[test]
fn a_picture_too_large_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let words = vec!["word"; 200_000].join(" ");
    std::fs::write(
        dir.path().join("huge.gobook"),
        format!("::dia(#d) base=none sz=9 ab=C3 ca=\"{words}\"\n"),
    )
    .unwrap();
    let out = kifu(
        &[
            "render",
            "huge.gobook",
            "--diagram",
            "d",
            "--width",
            "16384",
            "-o",
            "d.png",
        ],
        dir.path(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("kifu: ") && err.contains("too large"),
        "{err}"
    );
    assert!(!dir.path().join("d.png").exists());
}

/// `-o X.epub`: the e-book of a book (the translations `--lang` names,
/// dated by SOURCE_DATE_EPOCH) and of a game; `--out-dir` refuses it.
#[test]
fn a_book_and_a_game_to_epub() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["render", &book(), "-o", "b.epub", "--lang", "de"])
        .env("SOURCE_DATE_EPOCH", "1764028800")
        .current_dir(d)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(d.join("b.epub")).unwrap();
    assert!(bytes.starts_with(b"PK\x03\x04"));
    assert_eq!(&bytes[30..38], b"mimetype");
    // The package document is compressed: look for it by its entry, then
    // check what the uncompressed container names.
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("EPUB/package.opf") && text.contains("EPUB/s003.xhtml"));

    let o = kifu(&["render", &game(), "-o", "g.epub"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read(d.join("g.epub"))
            .unwrap()
            .starts_with(b"PK\x03\x04")
    );

    let o = kifu(&["render", &book(), "--diagram", "dia2", "-o", "x.epub"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("shows a whole book or game"),
        "{}",
        stderr(&o)
    );
    let o = kifu(
        &["render", &game(), "--out-dir", "out", "--format", "epub"],
        d,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(!d.join("x.epub").exists());
}

/// `--style FILE` draws the EPUB's diagrams as it draws the page's and the
/// print's (it was left out of the e-book).
#[test]
fn the_style_reaches_the_epub() {
    use std::io::Read as _;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("wood.toml"), "board = \"#dcb35c\"\n").unwrap();
    let o = kifu(
        &["render", &book(), "-o", "b.epub", "--style", "wood.toml"],
        d,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let file = std::fs::File::open(d.join("b.epub")).unwrap();
    let mut zip = zip::ZipArchive::new(file).unwrap();
    let mut drawings = 0;
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        if f.name().starts_with("EPUB/diagrams/d") {
            let mut svg = String::new();
            f.read_to_string(&mut svg).unwrap();
            assert!(svg.contains("#dcb35c"), "{}: not in the style", f.name());
            drawings += 1;
        }
    }
    assert!(drawings > 0);
}

/// `--epub interactive|static`: the interactive EPUB (the default) holds
/// the script, the static one none; `--epub` is for an EPUB only.
#[test]
fn epub_kinds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let names =
        |file: &str| String::from_utf8_lossy(&std::fs::read(d.join(file)).unwrap()).into_owned();
    let o = kifu(&["render", &book(), "-o", "i.epub"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = kifu(&["render", &book(), "--epub", "static", "-o", "s.epub"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Entry names are stored uncompressed.
    assert!(names("i.epub").contains("EPUB/kifu.js"));
    assert!(!names("s.epub").contains("EPUB/kifu.js"));
    assert!(names("s.epub").contains("EPUB/s003.xhtml"));
    let o = kifu(&["render", &book(), "--epub", "static", "-o", "x.html"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--epub is for an .epub output"),
        "{}",
        stderr(&o)
    );
    assert!(!d.join("x.html").exists());
    let o = kifu(&["render", &book(), "--epub", "paper", "-o", "x.epub"], d);
    assert_eq!(o.status.code(), Some(2));
}

/// The servers' records (issue 19) are read by every command: converted
/// to SGF, described, checked, drawn; a GIB file saved as `.sgf` is still
/// read as GIB.
#[test]
fn server_records_are_read_by_every_command() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/other/sabaki");
    if !corpus.exists() {
        eprintln!("skipped: no corpus at {}", corpus.display());
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let gib = corpus.join("gib/euc-kr.gib");
    let o = kifu(&["convert", gib.to_str().unwrap(), "-o", "g.sgf"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let sgf = std::fs::read_to_string(d.join("g.sgf")).unwrap();
    // Players, komi and result as the file's header gives them (read by hand).
    for part in [
        "PB[dustkd1015]",
        "PW[dongjik]",
        "KM[6.5]",
        "RE[B+T]",
        ";B[qc];W[dp]",
    ] {
        assert!(sgf.contains(part), "{part} in {sgf}");
    }
    std::fs::copy(&gib, d.join("lies.sgf")).unwrap();
    let o = kifu(&["info", "lies.sgf"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("dustkd1015"));
    let ngf = corpus.join("ngf/even.ngf");
    let o = kifu(&["check", ngf.to_str().unwrap()], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let ugf = corpus.join("ugf/amateur.ugf");
    let o = kifu(&["render", ugf.to_str().unwrap(), "-o", "u.svg"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(d.join("u.svg"))
            .unwrap()
            .starts_with("<svg")
    );
}

/// `--notes NOTES`: a notes file shown with its book, each note after the
/// element its `loc` names (issue 21, item 10).
#[test]
fn render_shows_a_notes_file_with_its_book() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("book.gobook"),
        "::book(#nb) title=\"T\"\n\n::chapter(#c1)\n\n::h2 One\n\nFirst paragraph.\n\nSecond paragraph.\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("notes.gobook"),
        "::book(#nb) notes=1\n\n::p(#n1) loc=c1+2 A reader's note.\n\n::p(#n2) loc=c7+1 Lost.\n",
    )
    .unwrap();
    let run = |args: &[&str]| kifu(args, dir.path());
    let out = run(&[
        "render",
        "book.gobook",
        "--notes",
        "notes.gobook",
        "-o",
        "page.html",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("book/unresolved-loc"), "{stderr}");
    let page = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    let first = page.find("First paragraph.").unwrap();
    let note = page
        .find("A reader&#39;s note.")
        .or_else(|| page.find("A reader’s note."))
        .expect("the note is on the page");
    let second = page.find("Second paragraph.").unwrap();
    assert!(
        first < note && note < second,
        "the note follows its paragraph"
    );
    assert!(!page.contains("Lost."));
    // Without --notes, no note.
    let out = run(&["render", "book.gobook", "-o", "plain.html"]);
    assert_eq!(out.status.code(), Some(0));
    let plain = std::fs::read_to_string(dir.path().join("plain.html")).unwrap();
    assert!(!plain.contains("note."));
    // For a diagram, --notes is a usage error.
    let out = run(&[
        "render",
        "book.gobook",
        "--notes",
        "notes.gobook",
        "-o",
        "d.svg",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

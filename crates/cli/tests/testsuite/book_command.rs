//! `kifu book`: a Go book made from SGF, written as `.gobook`, `.gobk` or
//! the stepping page, with what the SGF holds that the book does not said
//! on stderr at its place; and `convert --to gobook` through the same
//! engine.

use crate::{kifu, stderr};

const GAME: &str = include_str!("../../../book/tests/fixtures/create/annotated.sgf");
const PROBLEMS: &str = include_str!("../../../book/tests/fixtures/create/problems.sgf");

#[test]
fn a_game_becomes_the_book_and_the_page() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("annotated.sgf"), GAME).unwrap();
    let out = kifu(
        &["book", "annotated.sgf", "-o", "annotated.gobook"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let book = std::fs::read_to_string(dir.path().join("annotated.gobook")).unwrap();
    assert_eq!(
        book,
        include_str!("../../../book/tests/fixtures/create/annotated.gobook")
    );
    // The book checks clean.
    let out = kifu(&["check", "annotated.gobook"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("warning"), "{}", stderr(&out));
    // Without -o, the book on stdout; convert --to gobook makes the same.
    let out = kifu(&["book", "annotated.sgf"], dir.path());
    assert_eq!(String::from_utf8_lossy(&out.stdout), book);
    let out = kifu(
        &[
            "convert",
            "annotated.sgf",
            "--to",
            "gobook",
            "-o",
            "c.gobook",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("c.gobook")).unwrap(),
        book
    );
    // The page: every figure and diagram, with the controls to step.
    let out = kifu(&["book", "annotated.sgf", "-o", "page.html"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..60]);
    assert!(page.contains("Dia. 2") && page.contains("Attach!"));
    // A package holds the book.
    let out = kifu(
        &["book", "annotated.sgf", "-o", "annotated.gobk"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let bytes = std::fs::read(dir.path().join("annotated.gobk")).unwrap();
    let package = kifu_book::package::Package::from_bytes(&bytes).unwrap();
    assert_eq!(String::from_utf8(package.book).unwrap(), book);
}

#[test]
fn what_has_no_place_in_the_book_is_a_note_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("g.sgf"),
        "(;GM[1]SZ[9]\n;B[ee]BL[300]\n;W[cc]WL[290]V[1.5]\n;B[gg]BL[280])",
    )
    .unwrap();
    let out = kifu(&["book", "g.sgf", "-o", "g.gobook"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("g.sgf:2:7: note[create/not-in-book]: `BL` (2 times) has no place in a Go book; left out"),
        "{err}"
    );
    assert!(
        err.contains("g.sgf:3:7: note[create/not-in-book]: `WL`"),
        "{err}"
    );
    assert!(
        err.contains("g.sgf:3:14: note[create/not-in-book]: `V`"),
        "{err}"
    );
    // Books are not made from books; outputs are books or pages.
    let out = kifu(&["book", "g.gobook"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let out = kifu(&["book", "g.sgf", "-o", "g.svg"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let out = kifu(&["book", "g.sgf", "--figure-moves", "0"], dir.path());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn problems_become_a_problem_chapter_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("problems.sgf"), PROBLEMS).unwrap();
    let out = kifu(&["book", "problems.sgf", "--problems"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        include_str!("../../../book/tests/fixtures/create/problems.gobook")
    );
    // A tree where no line says which is right: a note, the first taken.
    std::fs::write(
        dir.path().join("open.sgf"),
        "(;GM[1]SZ[9]AB[cc]AW[dc](;B[dd])(;B[cd]))",
    )
    .unwrap();
    let out = kifu(&["book", "open.sgf", "--problems"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("note[create/no-correct-line]"),
        "{}",
        stderr(&out)
    );
    let book = String::from_utf8_lossy(&out.stdout);
    assert!(book.contains("correct=D6 wrong=C6"), "{book}");
}

//! The servers' records (issue 19) in `kifu check` and `convert`: the
//! illegal moves that `kifu_servers::read_checked` finds by replaying the
//! game are reported at their line and column in the server file.

use crate::kifu;

/// A GIB game whose second move (White, line 10) is on Black's stone.
const ILLEGAL: &str = "\\HS\n\\[GAMEBLACKNAME=kuro (3D)\\]\n\\[GAMEWHITENAME=shiro (2D)\\]\n\
                       \\HE\n\\GS\n2 1 0\n3 0 &4\nINI 0 1 0 &4\nSTO 0 2 1 15 3\n\
                       STO 0 3 2 15 3\nSTO 0 4 1 3 3\n\\GE\n";

#[test]
fn check_and_convert_report_a_gib_files_illegal_move_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("ill.gib"), ILLEGAL).unwrap();
    let expected = "ill.gib:10:1: warning[servers/illegal-move]: White Q16 is on an occupied point";
    let o = kifu(&["check", "ill.gib"], d);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains(expected), "{err}");
    // Reported once, by the server reader: the SGF check of the converted
    // game, whose places are in the SGF text, does not repeat it against
    // the server file's lines.
    assert!(!err.contains("sgf/occupied-point"), "{err}");
    for line in err.lines().filter(|l| l.starts_with("ill.gib:")) {
        if let Ok(at) = line.split(':').nth(1).unwrap().parse::<usize>() {
            assert!(at <= ILLEGAL.lines().count(), "{line}");
        }
    }
    let o = kifu(&["convert", "ill.gib", "-o", "ill.sgf"], d);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains(expected), "{err}");
    // The move is kept, as SGF readers replay it.
    let sgf = std::fs::read_to_string(d.join("ill.sgf")).unwrap();
    assert!(sgf.contains(";B[pd];W[pd];B[dd]"), "{sgf}");
}

/// `split` and `merge` take every game record: a server's file (by its
/// name or, named `.sgf`, by its content) or Go XML is converted to SGF
/// first; a book is refused with a usage error, not read as broken SGF.
#[test]
fn split_and_merge_convert_other_records_and_refuse_books() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("ill.gib"), ILLEGAL).unwrap();
    // A GIB file saved as .sgf, as downloads often are.
    std::fs::write(d.join("download.sgf"), ILLEGAL).unwrap();
    let o = kifu(&["split", "download.sgf", "-o", "games"], d);
    assert_eq!(o.status.code(), Some(0), "{}", crate::stderr(&o));
    let game = std::fs::read_to_string(d.join("games/download-0001.sgf")).unwrap();
    assert!(game.contains("PB[kuro]"), "{game}");
    assert!(game.contains(";B[pd];W[pd];B[dd]"), "{game}");
    let o = kifu(&["convert", "ill.gib", "-o", "game.xml"], d);
    assert_eq!(o.status.code(), Some(0), "{}", crate::stderr(&o));
    let o = kifu(&["merge", "ill.gib", "game.xml", "-o", "all.sgf"], d);
    assert_eq!(o.status.code(), Some(0), "{}", crate::stderr(&o));
    let all = std::fs::read_to_string(d.join("all.sgf")).unwrap();
    assert_eq!(all.matches("PB[kuro]").count(), 2, "{all}");
    assert_eq!(all.matches(";B[pd];W[pd];B[dd]").count(), 2, "{all}");
    std::fs::write(d.join("b.gobook"), "::book\n\n# A book\n").unwrap();
    for args in [
        &["split", "b.gobook", "-o", "none"][..],
        &["merge", "b.gobook", "ill.gib", "-o", "with-book.sgf"][..],
    ] {
        let o = kifu(args, d);
        let err = crate::stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("b.gobook: a Go book is not a game record"),
            "{err}"
        );
    }
    assert!(!d.join("none").join("b-0001.sgf").exists());
}

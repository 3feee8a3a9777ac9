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

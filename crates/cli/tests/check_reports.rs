//! `kifu check`'s reports: the JSON fields (SGFC numbers, critical, what
//! `fix` would do), the summary line per file, `--deny` and `--allow`.

use std::path::Path;
use std::process::{Command, Output};

fn kifu(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run kifu")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

#[test]
fn json_gives_sgfc_numbers_criticality_and_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "m.sgf",
        "(;FF[4]GM[1]SZ[9];B[ee]W[ff];W[gg]C[open",
    );
    let out = kifu(&["check", "--format", "json", "m.sgf"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let by_code = |code: &str| {
        lines
            .iter()
            .find(|v| v["code"] == code)
            .unwrap_or_else(|| panic!("no {code} in {lines:?}"))
    };
    let two = by_code("sgf/two-moves-in-node");
    assert_eq!(two["sgfc"], serde_json::json!([37]));
    assert_eq!(two["critical"], false);
    assert_eq!(two["fix"], "B and W split into two nodes");
    assert_eq!(two["line"], 1);
    let open = by_code("sgf/unclosed-value");
    assert_eq!(open["sgfc"], serde_json::json!([10]));
    assert_eq!(open["fix"], "']' added at the end of the value");
    // No summary line in JSON: every line is an object.
    assert!(lines.iter().all(|v| v.is_object()));
}

#[test]
fn each_file_gets_a_summary_line() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.sgf", "(;FF[4]GM[1]SZ[9];B[ee])");
    write(dir.path(), "bad.sgf", "(;FF[4]GM[1]SZ[9];B[zz]W[ff]XY[1])");
    let out = kifu(
        &["check", "--format", "short", "ok.sgf", "bad.sgf"],
        dir.path(),
    );
    let text = stderr(&out);
    assert!(
        text.contains("bad.sgf: 1 error, 1 warning, 1 note (1 critical)\n"),
        "{text}"
    );
    // Short form: nothing at all for a clean file.
    assert!(!text.contains("ok.sgf"), "{text}");
    let out = kifu(&["check", "--format", "human", "ok.sgf"], dir.path());
    assert_eq!(stderr(&out), "ok.sgf: OK\n");
}

#[test]
fn deny_warnings_fails_the_run_and_allow_silences_codes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "w.sgf", "(;FF[4]GM[1]SZ[9];B[ee]W[ff]XY[1])");
    let out = kifu(&["check", "--format", "short", "w.sgf"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = kifu(
        &["check", "--format", "short", "--deny", "warnings", "w.sgf"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // Allowing the one warning makes the run pass again; its line goes.
    let out = kifu(
        &[
            "check",
            "--format",
            "short",
            "--deny",
            "warnings",
            "--allow",
            "sgf/two-moves-in-node",
            "w.sgf",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("two-moves"), "{}", stderr(&out));
    // A note fails only with --deny notes; a prefix allows a whole area.
    let out = kifu(
        &[
            "check",
            "--format",
            "short",
            "--deny",
            "notes",
            "--allow",
            "sgf/two-moves-in-node",
            "w.sgf",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let out = kifu(
        &[
            "check", "--format", "short", "--deny", "notes", "--allow", "sgf/", "w.sgf",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    // `sgf/two` is not a code nor a prefix ending at a `/`: nothing allowed.
    let out = kifu(
        &[
            "check", "--format", "short", "--deny", "warnings", "--allow", "sgf/two", "w.sgf",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

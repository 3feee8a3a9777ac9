//! `kifu check`'s reports: the JSON fields (SGFC numbers, critical, what
//! `fix` would do), the summary line per file, `--deny` and `--allow`.

use crate::{kifu, stderr};
use std::path::Path;

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
fn the_fix_of_a_value_is_the_repair_of_its_property() {
    let dir = tempfile::tempdir().unwrap();
    // The diagnostic points at `zz`; the repair is placed at `AB`.
    write(dir.path(), "v.sgf", "(;FF[4]GM[1]SZ[9]AB[aa][zz]XY[1])");
    let out = kifu(&["check", "--format", "json", "v.sgf"], dir.path());
    let lines: Vec<serde_json::Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let value = lines
        .iter()
        .find(|v| v["code"] == "sgf/invalid-value")
        .unwrap();
    assert_eq!(value["critical"], true);
    let fix = value["fix"].as_str().unwrap();
    assert!(fix.contains("'zz' is off the 9x9 board"), "{fix}");
    // No repair for it: the table's words.
    let unknown = lines
        .iter()
        .find(|v| v["code"] == "sgf/unknown-property")
        .unwrap();
    assert_eq!(unknown["fix"], "kept");
    assert_eq!(unknown["critical"], false);
}

#[test]
fn codes_without_an_entry_in_the_table_have_no_sgfc_numbers_nor_fix() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "g.xml",
        "<?xml version=\"1.0\"?>\n<Go><GoGame><Board size=\"9\"/><Nodes/></GoGame></Go>",
    );
    let out = kifu(&["check", "--format", "json", "g.xml"], dir.path());
    let line: serde_json::Value =
        serde_json::from_str(stderr(&out).lines().next().expect("a diagnostic")).unwrap();
    assert!(line["code"].as_str().unwrap().starts_with("xml/"), "{line}");
    assert_eq!(line["sgfc"], serde_json::json!([]));
    assert_eq!(line["fix"], serde_json::Value::Null);
    assert_eq!(line["critical"], false);
}

#[test]
fn each_file_gets_a_summary_line() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.sgf", "(;FF[4]GM[1]SZ[9];B[ee])");
    write(dir.path(), "bad.sgf", "(;FF[4]GM[1]SZ[9];B[zz]W[ff]XY[1])");
    // One file: its diagnostics, then its line; `OK` when clean.
    let out = kifu(&["check", "--format", "short", "ok.sgf"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "ok.sgf: OK\n");
    let out = kifu(&["check", "--format", "human", "ok.sgf"], dir.path());
    assert_eq!(stderr(&out), "ok.sgf: OK\n");
    let out = kifu(&["check", "--format", "short", "bad.sgf"], dir.path());
    let text = stderr(&out);
    assert!(
        text.ends_with("bad.sgf:1:29: note[sgf/unknown-property]: XY is not an FF[4] property; kept as it is\nbad.sgf: 1 error, 1 warning, 1 note (1 critical)\n"),
        "{text}"
    );
    let out = kifu(&["check", "--format", "human", "bad.sgf"], dir.path());
    assert!(
        stderr(&out).ends_with("bad.sgf: 1 error, 1 warning, 1 note (1 critical)\n"),
        "{}",
        stderr(&out)
    );
    // Several files: a line for each file with findings; the totals speak
    // for the clean ones.
    let out = kifu(
        &["check", "--format", "short", "ok.sgf", "bad.sgf"],
        dir.path(),
    );
    let text = stderr(&out);
    assert!(
        text.contains("bad.sgf: 1 error, 1 warning, 1 note (1 critical)\n"),
        "{text}"
    );
    assert!(!text.contains("ok.sgf"), "{text}");
    assert!(text.contains("2 files, "), "{text}");
    // -q: nothing for a clean file, and only the errors are counted.
    let out = kifu(&["check", "-q", "ok.sgf"], dir.path());
    assert_eq!(stderr(&out), "");
    let out = kifu(&["check", "-q", "--format", "short", "bad.sgf"], dir.path());
    assert_eq!(
        stderr(&out),
        "bad.sgf:1:21: error[sgf/invalid-value]: B: expected a point: 'zz' is off the 9x9 board\nbad.sgf: 1 error (1 critical)\n"
    );
    // JSON: objects only.
    let out = kifu(&["check", "--format", "json", "ok.sgf"], dir.path());
    assert_eq!(stderr(&out), "");
}

#[test]
fn the_summary_counts_critical_instances_not_codes() {
    let dir = tempfile::tempdir().unwrap();
    // Both are `sgf/duplicate-property`, a code that may be critical; only
    // different values lose information when repaired.
    write(dir.path(), "same.sgf", "(;FF[4]GM[1]SZ[9]PB[Lee]PB[Lee])");
    write(dir.path(), "diff.sgf", "(;FF[4]GM[1]SZ[9]PB[Lee]PB[Cho])");
    let out = kifu(&["check", "--format", "short", "same.sgf"], dir.path());
    assert!(
        stderr(&out).ends_with("same.sgf: 1 warning\n"),
        "{}",
        stderr(&out)
    );
    let out = kifu(&["check", "--format", "short", "diff.sgf"], dir.path());
    assert!(
        stderr(&out).ends_with("diff.sgf: 1 warning (1 critical)\n"),
        "{}",
        stderr(&out)
    );
    let out = kifu(
        &["check", "--format", "json", "same.sgf", "diff.sgf"],
        dir.path(),
    );
    let critical: Vec<bool> = stderr(&out)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| v["critical"].as_bool().unwrap())
        .collect();
    assert_eq!(critical, [false, true]);
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
    assert_eq!(stderr(&out), "w.sgf: OK\n");
    // `sgf/two` is not a code nor a prefix ending at a `/`: nothing allowed.
    let out = kifu(
        &[
            "check", "--format", "short", "--deny", "warnings", "--allow", "sgf/two", "w.sgf",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn the_human_form_says_what_fix_would_do() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "two.sgf", "(;FF[4]GM[1]SZ[9];B[ee]W[ff])");
    let out = kifu(&["check", "--format", "human", "two.sgf"], dir.path());
    let text = stderr(&out);
    assert!(text.contains("warning[sgf/two-moves-in-node]"), "{text}");
    assert!(
        text.contains("= help: kifu fix: B and W split into two nodes\n"),
        "{text}"
    );
    assert!(text.ends_with("two.sgf: 1 warning\n"), "{text}");
    // The short form stays one line per diagnostic, then the summary.
    let out = kifu(&["check", "--format", "short", "two.sgf"], dir.path());
    assert_eq!(
        stderr(&out),
        "two.sgf:1:24: warning[sgf/two-moves-in-node]: B and W in one node\ntwo.sgf: 1 warning\n"
    );
}

/// A big collection is dry-run game by game (see `report::dry_run`): its
/// games get the same advice, at the same places, as when each is alone.
#[test]
fn a_big_collection_gets_the_advice_of_its_games_alone() {
    let dir = tempfile::tempdir().unwrap();
    let padding = "x".repeat(600_000);
    let games = [
        format!("(;FF[4]GM[1]SZ[9]C[{padding}];B[ee]W[ff])"),
        "(;FF[4]GM[1]SZ[9]AB[aa][zz];B[cc][dd])".to_owned(),
        format!("(;FF[4]GM[1]SZ[9]C[{padding}];B[ee]OB[1 kk])"),
    ];
    let fixes = |name: &str, text: &str| -> Vec<(String, bool, u64)> {
        write(dir.path(), name, text);
        let out = kifu(&["check", "--format", "json", name], dir.path());
        stderr(&out)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .map(|v| {
                (
                    v["fix"].as_str().unwrap_or("(none)").to_owned(),
                    v["critical"].as_bool().unwrap(),
                    v["span"]["offset"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let whole = fixes("all.sgf", &games.join("\n"));
    let mut alone = Vec::new();
    let mut offset = 0;
    for (i, game) in games.iter().enumerate() {
        for (fix, critical, at) in fixes(&format!("g{i}.sgf"), game) {
            alone.push((fix, critical, at + offset));
        }
        offset += game.len() as u64 + 1;
    }
    assert_eq!(whole, alone);
    let shown: Vec<&str> = whole.iter().map(|(f, _, _)| f.as_str()).collect();
    assert!(shown.contains(&"B and W split into two nodes"), "{shown:?}");
    assert!(
        shown.iter().any(|f| f.ends_with("1 of 2 values removed")),
        "{shown:?}"
    );
    assert!(
        shown.iter().any(|f| f.ends_with("corrected to OB[1]")),
        "{shown:?}"
    );
    assert!(whole.iter().any(|(_, critical, _)| *critical));
}

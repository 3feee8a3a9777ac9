//! Runs the real `kifu` binary in a temporary directory and checks stdout,
//! stderr, the files written and the exit status.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/example.sgf")
}

fn kifu(args: &[&str], dir: &Path, stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kifu");
    if let Some(bytes) = stdin {
        child.stdin.take().unwrap().write_all(bytes).unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn convert_to_sgf_is_byte_for_byte_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let input = b"junk\r\n(;FF[4]  C[odd\\]  layout]\n;B[aa] ;W[bb])\n\n";
    std::fs::write(dir.path().join("in.sgf"), input).unwrap();
    let out = kifu(&["convert", "in.sgf", "-o", "out.sgf"], dir.path(), None);
    // Junk before the game is a note (SGF readers skip it): exit 0.
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.path().join("out.sgf")).unwrap(), input);
    assert!(stderr(&out).starts_with("in.sgf:1:1: note[sgf/junk-before-game]: "));
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn stdin_and_stdout_are_dash() {
    let dir = tempfile::tempdir().unwrap();
    let input = b"(;GM[1];B[aa])";
    let out = kifu(&["convert", "-", "--to", "sgf"], dir.path(), Some(input));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, input);
}

#[test]
fn json_resolves_escapes_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let input = "(;C[a\\]b\\\nc  d];B[aa](;W[bb])(;W[cc]))".as_bytes();
    let out = kifu(&["convert", "-", "--to", "json"], dir.path(), Some(input));
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!([{"props": [["C", ["a]bc  d"]]], "children": [
            {"props": [["B", ["aa"]]], "children": [
                {"props": [["W", ["bb"]]], "children": []},
                {"props": [["W", ["cc"]]], "children": []}
            ]}
        ]}])
    );
}

#[test]
fn output_format_follows_the_extension() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(
        &["convert", example().to_str().unwrap(), "-o", "game.json"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("game.json")).unwrap()).unwrap();
    assert_eq!(json[0]["props"][0], serde_json::json!(["GM", ["1"]]));
    let out = kifu(
        &["convert", example().to_str().unwrap(), "-o", "game.xyz"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--to"));
}

#[test]
fn normalize_rewrites_in_the_canonical_layout() {
    let dir = tempfile::tempdir().unwrap();
    let input = b"(;SZ[9] ;AB[aa:bb]\n\n;B[tt])";
    let out = kifu(
        &["convert", "-", "--to", "sgf", "--normalize"],
        dir.path(),
        Some(input),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "(;GM[1]FF[4]CA[UTF-8]SZ[9];AB[aa][ba][ab][bb];B[])\n"
    );
}

#[test]
fn errors_give_status_1_with_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.sgf"), b"(;GM[1]\n;B[aa]C[open").unwrap();
    let out = kifu(&["check", "bad.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("bad.sgf:2:8: error[sgf/unclosed-value]: "),
        "{}",
        stderr(&out)
    );
    let out = kifu(&["check", "--format", "json", "bad.sgf"], dir.path(), None);
    let line: serde_json::Value =
        serde_json::from_str(stderr(&out).lines().next().unwrap()).unwrap();
    assert_eq!(line["code"], "sgf/unclosed-value");
    assert_eq!(line["line"], 2);
    assert_eq!(line["column"], 8);
    assert_eq!(line["severity"], "error");
}

#[test]
fn clean_files_give_status_0_and_say_ok() {
    let dir = tempfile::tempdir().unwrap();
    let example = example();
    let out = kifu(&["check", example.to_str().unwrap()], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), format!("{}: OK\n", example.display()));
    let out = kifu(
        &["check", "-q", example.to_str().unwrap()],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty());
}

#[test]
fn missing_files_and_bad_usage_give_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(&["check", "nope.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("nope.sgf"));
    let out = kifu(&["frobnicate"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_input_is_replaced_only_when_named_as_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sgf");
    std::fs::write(&path, b"(;SZ[9];B[tt])").unwrap();
    let out = kifu(
        &["convert", "g.sgf", "--to", "sgf", "--normalize"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(&path).unwrap(), b"(;SZ[9];B[tt])");
    let out = kifu(
        &["convert", "g.sgf", "--normalize", "-o", "g.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"(;GM[1]FF[4]CA[UTF-8]SZ[9];B[])\n"
    );
}

#[test]
fn info_prints_one_line_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(&["info", example().to_str().unwrap()], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with(
            "example.sgf: Kuroda Ichiro (3d) vs Shiroyama Hanako (4d), W+2.5, 2026-11-21,22, 19x19, 8 moves, 2 variations\n"
        ),
        "{text}"
    );
    let out = kifu(&["info", "-"], dir.path(), Some(b"(;PB[a])(;PW[b]RE[B+R])"));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "<stdin>#1: a vs ?, ?, -, 19x19, 0 moves, 1 variation\n<stdin>#2: ? vs b, B+R, -, 19x19, 0 moves, 1 variation\n"
    );
}

#[test]
fn check_walks_directories_and_prints_stats() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("a/b")).unwrap();
    std::fs::write(dir.path().join("a/one.sgf"), b"(;GM[1];B[aa];W[bb])").unwrap();
    std::fs::write(dir.path().join("a/b/two.SGF"), b"(;GM[1])(;GM[1]C[x)").unwrap();
    std::fs::write(dir.path().join("a/notes.txt"), b"not a game").unwrap();
    let out = kifu(&["check", "--stats", "a"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("a/b/two.SGF:1:17: error[sgf/unclosed-value]"),
        "{err}"
    );
    assert!(
        err.lines()
            .last()
            .unwrap()
            .starts_with("2 files, 3 games, 5 nodes, 39 bytes in "),
        "{err}"
    );
    assert!(err.contains("1 errors, 1 warnings, 0 failed"), "{err}");
    assert!(err.contains("kifu: note: a: 1 files skipped"), "{err}");
}

/// Directories are walked as the batch goes; the files still come in the
/// order of their sorted paths (`b/` before `b.sgf`, `B` before `a`), after
/// the files and pattern matches named before them.
#[test]
fn batches_follow_path_order_and_the_order_of_the_arguments() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["d/b", "d/b/z", "d/a", "p"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    for (i, f) in [
        "d/b.sgf",
        "d/b/z/1.sgf",
        "d/b/2.sgf",
        "d/B.sgf",
        "d/a/3.sgf",
        "d/c.sgf",
        "p/y.sgf",
        "p/x.sgf",
        "one.sgf",
    ]
    .iter()
    .enumerate()
    {
        let game = format!("(;GM[1]PB[{f}]GN[{i}])");
        std::fs::write(dir.path().join(f), game).unwrap();
    }
    let out = kifu(
        &[
            "info",
            "--format",
            "csv",
            "one.sgf",
            "p/*.sgf",
            "d",
            "p/none*.sgf",
        ],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let black: Vec<String> = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| {
            let field = line.split(',').find(|f| f.ends_with(".sgf")).unwrap();
            field.to_owned()
        })
        .collect();
    assert_eq!(
        black,
        [
            "one.sgf",
            "p/x.sgf",
            "p/y.sgf",
            "d/B.sgf",
            "d/a/3.sgf",
            "d/b/2.sgf",
            "d/b/z/1.sgf",
            "d/b.sgf",
            "d/c.sgf",
        ]
    );
    assert!(
        stderr(&out).contains("kifu: note: p/none*.sgf: no file matches"),
        "{}",
        stderr(&out)
    );
}

/// A link back up the tree is not followed (the walk would never end); a
/// link to a file is read like the file.
#[cfg(unix)]
#[test]
fn directory_walks_do_not_follow_links_to_directories() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("d/sub")).unwrap();
    std::fs::write(dir.path().join("d/sub/g.sgf"), "(;GM[1]PB[game])").unwrap();
    std::os::unix::fs::symlink("..", dir.path().join("d/sub/up")).unwrap();
    std::os::unix::fs::symlink("..", dir.path().join("d/sub/up.sgf")).unwrap();
    std::os::unix::fs::symlink("g.sgf", dir.path().join("d/sub/link.sgf")).unwrap();
    let out = kifu(&["info", "--format", "csv", "d"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let files: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(files, ["d/sub/g.sgf", "d/sub/link.sgf"]);
}

/// A stream on stdin is read game by game; what is reported stands where
/// it is in the stream, as it does when the same bytes are read as a file.
#[test]
fn stdin_streams_report_places_in_the_stream() {
    let dir = tempfile::tempdir().unwrap();
    let stream = b"(;GM[1]PB[Lee]RE[B+R];B[aa])\n\n  (;GM[1]PB[Cho]\n;B[zz]C[open\n";
    std::fs::write(dir.path().join("s.sgf"), stream).unwrap();
    let places = |text: &str, name: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(name))
            .filter(|l| l.starts_with(':') && l[1..].starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| l.split(": ").next().unwrap().to_owned())
            .collect()
    };
    let streamed = kifu(&["check", "-"], dir.path(), Some(stream));
    assert_eq!(streamed.status.code(), Some(1));
    let whole = kifu(&["check", "s.sgf"], dir.path(), None);
    let streamed_places = places(&stderr(&streamed), "<stdin>");
    assert_eq!(
        streamed_places,
        [":4:4", ":4:8", ":5:1"],
        "{}",
        stderr(&streamed)
    );
    assert_eq!(streamed_places, places(&stderr(&whole), "s.sgf"));
    assert!(
        stderr(&streamed).contains("1 files, 2 games, 4 nodes"),
        "{}",
        stderr(&streamed)
    );
    // Records are numbered through the stream.
    let out = kifu(
        &["info", "--format", "csv", "-q", "-"],
        dir.path(),
        Some(stream),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(rows[0].starts_with("<stdin>,1,Lee,"), "{text}");
    assert!(rows[1].starts_with("<stdin>,2,Cho,"), "{text}");
    // XML on stdin is read whole.
    let out = kifu(
        &["info", "-"],
        dir.path(),
        Some(b"<Go><GoGame><Information><BlackPlayer>X</BlackPlayer></Information></GoGame></Go>"),
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("<stdin>: X vs"),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        stderr(&out)
    );
}

#[test]
fn sgf_converts_to_gogui_xml_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(
        &["convert", example().to_str().unwrap(), "-o", "game.xml"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let xml = std::fs::read_to_string(dir.path().join("game.xml")).unwrap();
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go>\n<GoGame>"),
        "{xml}"
    );
    assert!(xml.contains("<BlackPlayer>Kuroda Ichiro</BlackPlayer>"));
    assert!(xml.contains("<Variation>"));
    let out = kifu(&["convert", "game.xml", "--to", "sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let sgf = String::from_utf8(out.stdout).unwrap();
    // Same moves, comments and variations as the example.
    let example = std::fs::read(example()).unwrap();
    let a = kifu_sgf::write::json(&kifu_sgf::parse(sgf.as_bytes()).value);
    let b = kifu_sgf::write::json(&kifu_sgf::parse(&example).value);
    for needle in [
        "\"B\",[\"fq\"]",
        "\"W\",[\"\"]",
        "星 (hoshi)",
        "escaped ] brackets",
        "\"LB\",[\"cn:A\",\"jq:B\"]",
    ] {
        assert!(a.contains(needle) && b.contains(needle), "{needle}");
    }
    // XML to XML without --normalize is the input itself.
    let out = kifu(&["convert", "game.xml", "--to", "xml"], dir.path(), None);
    assert_eq!(out.stdout, xml.as_bytes());
    // info and check read XML too.
    let out = kifu(&["info", "game.xml"], dir.path(), None);
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("Kuroda Ichiro (3d) vs Shiroyama Hanako (4d), W+2.5")
    );
    std::fs::write(
        dir.path().join("bad.xml"),
        "<Go><GoGame>\n<Nodes><Black at=\"Z9\"/></Nodes></GoGame></Go>",
    )
    .unwrap();
    let out = kifu(&["check", "bad.xml"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("bad.xml:2:8: error[xml/bad-coordinate]"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn convert_batches_mirror_the_tree_under_out_dir() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("in/sub")).unwrap();
    std::fs::write(dir.path().join("in/a.sgf"), b"(;GM[1];B[aa])").unwrap();
    std::fs::write(dir.path().join("in/sub/b.sgf"), b"(;GM[1];W[bb])").unwrap();
    let out = kifu(
        &["convert", "in", "--out-dir", "out", "--to", "xml"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let b = std::fs::read_to_string(dir.path().join("out/sub/b.xml")).unwrap();
    assert!(b.contains("<White number=\"1\" at=\"B18\"/>"), "{b}");
    assert!(dir.path().join("out/a.xml").exists());
    assert!(
        stderr(&out).starts_with("2 files, 2 games, 4 nodes"),
        "{}",
        stderr(&out)
    );
    // Several inputs without a destination is a usage error.
    let out = kifu(&["convert", "in/a.sgf", "in/sub/b.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn in_place_rewrites_only_what_changes_and_keeps_backups() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("same.sgf"), b"(;GM[1] ;B[aa])").unwrap();
    std::fs::write(dir.path().join("old.sgf"), b"(;SZ[9];B[tt])").unwrap();
    // Lossless in place: byte-identical, nothing written.
    let out = kifu(&["convert", "--in-place", "*.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(dir.path().join("same.sgf")).unwrap(),
        b"(;GM[1] ;B[aa])"
    );
    let out = kifu(
        &[
            "convert",
            "--in-place",
            "--normalize",
            "--backup",
            ".bak",
            "old.sgf",
        ],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(dir.path().join("old.sgf")).unwrap(),
        b"(;GM[1]FF[4]CA[UTF-8]SZ[9];B[])\n"
    );
    assert_eq!(
        std::fs::read(dir.path().join("old.sgf.bak")).unwrap(),
        b"(;SZ[9];B[tt])"
    );
    let out = kifu(
        &["convert", "--in-place", "--to", "xml", "old.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn info_queries_archives_as_json_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.sgf"),
        b"(;PB[Lee Sedol]PW[Cho]RE[B+R];B[aa];W[bb])(;PB[Lee]PW[X]RE[W+2.5])",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("b.sgf"),
        b"(;PB[Ke Jie]PW[Lee, \"Jr\"]RE[B+0.5];B[cc])",
    )
    .unwrap();
    let out = kifu(
        &[
            "info",
            ".",
            "--format",
            "json",
            "--where",
            "PB~^lee and RE~^B",
        ],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["PB"], "Lee Sedol");
    assert_eq!(lines[0]["moves"], 2);
    assert_eq!(lines[0]["game"], 1);
    let out = kifu(&["info", "b.sgf", "--format", "csv"], dir.path(), None);
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = text.lines();
    assert!(
        rows.next()
            .unwrap()
            .starts_with("file,game,PB,BR,PW,WR,RE,")
    );
    assert!(
        rows.next()
            .unwrap()
            .starts_with("b.sgf,1,Ke Jie,,\"Lee, \"\"Jr\"\"\",,B+0.5,"),
        "{text}"
    );
    let out = kifu(&["info", "a.sgf", "--where", "moves>1"], dir.path(), None);
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
    let out = kifu(&["info", "a.sgf", "--where", "bogus~x"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown field 'bogus'"));
}

#[test]
fn split_names_games_from_game_info_and_merge_joins_them_back() {
    let dir = tempfile::tempdir().unwrap();
    let collection = b"(;DT[2024-01-02]PB[Lee]PW[Cho/Kim];B[aa])\n(;DT[2024-01-03]PB[Lee]PW[Cho/Kim];B[bb])\n(;PB[A];W[cc])";
    std::fs::write(dir.path().join("c.sgf"), collection).unwrap();
    let out = kifu(
        &["split", "c.sgf", "-o", "games", "--name", "{DT}-{PB}-{PW}"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "-A-.sgf",
            "2024-01-02-Lee-Cho_Kim.sgf",
            "2024-01-03-Lee-Cho_Kim.sgf"
        ]
    );
    assert_eq!(
        std::fs::read(dir.path().join("games/2024-01-03-Lee-Cho_Kim.sgf")).unwrap(),
        b"(;DT[2024-01-03]PB[Lee]PW[Cho/Kim];B[bb])\n"
    );
    // A stream on stdin, split game by game.
    let out = kifu(
        &["split", "-", "-o", "streamed"],
        dir.path(),
        Some(collection),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(dir.path().join("streamed/stdin-0003.sgf").exists());
    // Merge the split files back into one collection.
    let out = kifu(&["merge", "games", "-o", "all.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let merged = std::fs::read_to_string(dir.path().join("all.sgf")).unwrap();
    assert_eq!(merged.matches("(;").count(), 3);
    assert!(
        merged.starts_with("(;PB[A];W[cc])\n(;DT[2024-01-02]"),
        "{merged}"
    );
    // To stdout, the same bytes.
    let out = kifu(&["merge", "games", "-o", "-"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), merged);
    // An input that cannot be read leaves the old output as it was, and no
    // temporary file beside it.
    let out = kifu(
        &["merge", "games", "missing.sgf", "-o", "all.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("all.sgf")).unwrap(),
        merged
    );
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".kifu-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn the_human_form_shows_the_line_and_marks_the_place() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.sgf"),
        "(;GM[1]\n;B[aa] 12 W[bb]\n;C[日本 open",
    )
    .unwrap();
    let out = kifu(&["check", "--format", "human", "bad.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(
            "warning[sgf/illegal-characters]: illegal characters '12' skipped\n --> bad.sgf:2:8\n"
        ),
        "{err}"
    );
    assert!(err.contains("2 | ;B[aa] 12 W[bb]\n  |        --"), "{err}");
    assert!(err.contains("error[sgf/unclosed-value]"), "{err}");
    assert!(err.contains("3 | ;C[日本 open"), "{err}");
}

#[test]
fn check_also_checks_values_and_structure() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.sgf"), b"(;GM[1]SZ[9]\n;B[zz]W[aa])").unwrap();
    let out = kifu(&["check", "--format", "short", "g.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "g.sgf:2:4: error[sgf/invalid-value]: B: expected a point: 'zz' is off the 9x9 board\n\
         g.sgf:2:7: warning[sgf/two-moves-in-node]: B and W in one node\n\
         g.sgf: 1 error, 1 warning (1 critical)\n"
    );
    // convert reports what reading found, not the checks.
    let out = kifu(&["convert", "g.sgf", "--to", "sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_missing_output_directory_is_an_io_failure() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(
        &[
            "convert",
            example().to_str().unwrap(),
            "-o",
            "no/such/dir/x.sgf",
        ],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "kifu: no/such/dir/x.sgf: no directory no/such/dir\n"
    );
}

#[test]
fn the_human_form_counts_repeated_messages() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("dup.sgf"),
        b"(;GM[1];C[a]C[b]C[c]C[d]C[e]C[f])",
    )
    .unwrap();
    let out = kifu(&["check", "--format", "human", "dup.sgf"], dir.path(), None);
    let err = stderr(&out);
    assert_eq!(
        err.matches("warning[sgf/duplicate-property]").count(),
        3,
        "{err}"
    );
    assert!(
        err.contains("dup.sgf: 2 more [sgf/duplicate-property] not shown"),
        "{err}"
    );
    let out = kifu(&["check", "--format", "short", "dup.sgf"], dir.path(), None);
    assert_eq!(stderr(&out).matches("duplicate-property").count(), 5);
}

fn example_book() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/example.gobook")
}

#[test]
fn books_check_convert_and_package_losslessly() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read(example_book()).unwrap();
    std::fs::write(dir.path().join("ex.gobook"), &text).unwrap();
    let out = kifu(&["check", "ex.gobook"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "ex.gobook:5:1: note[book/chapter-without-id]: a chapter without an ID cannot be linked to or carry notes\n\
         ex.gobook: 1 note\n"
    );
    // To its own format: byte for byte.
    let out = kifu(
        &["convert", "ex.gobook", "-o", "same.gobook"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.path().join("same.gobook")).unwrap(), text);
    // Into a package and back out.
    let out = kifu(&["convert", "ex.gobook", "-o", "ex.gobk"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::read(dir.path().join("ex.gobk"))
            .unwrap()
            .starts_with(b"PK\x03\x04")
    );
    let out = kifu(
        &["convert", "ex.gobk", "-o", "back.gobook"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.path().join("back.gobook")).unwrap(), text);
    // A package converted to a package is the same file.
    let out = kifu(&["convert", "ex.gobk", "-o", "copy.gobk"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read(dir.path().join("copy.gobk")).unwrap(),
        std::fs::read(dir.path().join("ex.gobk")).unwrap()
    );
    // --normalize applies the writing conventions.
    let out = kifu(&["convert", "ex.gobook", "--normalize"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().starts_with(
        "::book(#example)\ntitle=\"Example Title\"\nauthor=\"Some Body\"\n\n\n\n::chapter\n"
    ));
    // A book's Go content exports to SGF; games become books (`kifu book`).
    let out = kifu(&["convert", "ex.gobook", "-o", "ex.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let sgf = std::fs::read(dir.path().join("ex.sgf")).unwrap();
    assert!(kifu_sgf::parse(&sgf).diagnostics.is_empty());
    let out = kifu(
        &["convert", "ex.sgf", "-o", "back.gobook"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let back = std::fs::read_to_string(dir.path().join("back.gobook")).unwrap();
    assert!(back.starts_with("::book(#ex)"), "{back}");
    let parsed = kifu_book::parse(&back);
    assert!(parsed.diagnostics.is_empty() && kifu_book::check(&parsed.value).is_empty());
}

#[test]
fn book_errors_give_status_1_and_packages_carry_their_images() {
    let dir = tempfile::tempdir().unwrap();
    let book = "::book(#b1) cover=\"b1.jpg\"\n\n\n\n::chapter(#c1)\n\n::img url=\"diagram.png\"\n\n::img url=\"missing.png\"\n\n::dia base=nowhere\n";
    std::fs::write(dir.path().join("b.gobook"), book).unwrap();
    std::fs::write(dir.path().join("b1.jpg"), [0xFF, 0xD8]).unwrap();
    std::fs::write(dir.path().join("diagram.png"), [0x89, b'P']).unwrap();
    let out = kifu(&["check", "b.gobook"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "b.gobook:9:11: warning[book/missing-image]: the image `missing.png` is not in the package or beside the book\n\
         b.gobook:11:12: error[book/unknown-base]: `base=nowhere` names no element\n\
         b.gobook: 1 error, 1 warning\n"
    );
    // Convert reports what reading found (nothing here), not the checks.
    let out = kifu(
        &["convert", "b.gobook", "-o", "b.gobk", "-q"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The package holds the images found beside the book: checked inside it
    // (from another folder), only the missing one is reported.
    let other = tempfile::tempdir().unwrap();
    std::fs::copy(dir.path().join("b.gobk"), other.path().join("b.gobk")).unwrap();
    let out = kifu(&["check", "--format", "json", "b.gobk"], other.path(), None);
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let codes: Vec<_> = lines.iter().map(|l| l["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["book/missing-image", "book/unknown-base"]);
    assert_eq!(lines[0]["file"], "b.gobk(b.gobook)");
}

#[test]
fn sample_extracts_the_marked_parts() {
    let dir = tempfile::tempdir().unwrap();
    let book = "::book(#b)\n\n\n\n::chapter(#c1)\n\nFree.\n\n::c sample-end\n\nPaid.\n\n::c sample-only Buy the book.\n";
    std::fs::write(dir.path().join("b.gobook"), book).unwrap();
    let out = kifu(&["sample", "b.gobook", "-o", "s.gobook"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("s.gobook")).unwrap(),
        "::book(#b)\n\n\n\n::chapter(#c1)\n\nFree.\n\nBuy the book.\n"
    );
}

#[test]
fn notes_are_checked_against_their_book() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("b.gobook"),
        "::book(#b)\n\n\n\n::chapter(#c1)\n\nText.\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("n.gobook"),
        "::book(#b) notes=1\n\n::p(#n1) loc=c1+1 Fine.\n\n::p(#n2) loc=c1+7 Lost.\n",
    )
    .unwrap();
    let out = kifu(
        &["check", "n.gobook", "--book", "b.gobook"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stderr(&out),
        "n.gobook:5:10: warning[book/unresolved-loc]: `loc=c1+7` names no element of the book\n\
         n.gobook: 1 warning\n"
    );
}

#[test]
fn info_describes_a_book() {
    let out = kifu(
        &["info", "--format", "json", example_book().to_str().unwrap()],
        Path::new("."),
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["title"], "Example Title");
    assert_eq!(v["chapters"], 3);
    assert_eq!(v["diagrams"], 6);
    assert_eq!(v["languages"], serde_json::json!(["de", "en"]));
}

#[test]
fn fix_repairs_with_the_smallest_change_and_refuses_critical_ones() {
    let dir = tempfile::tempdir().unwrap();
    let broken = "(;FF[3]GaMe[1]SZ[9]RE[Black wins by 3.5]DT[]\n;B[ee]L[aa][bb];W[tt])";
    std::fs::write(dir.path().join("in.sgf"), broken).unwrap();
    let out = kifu(
        &["fix", "in.sgf", "-o", "out.sgf", "--format", "short"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let fixed = std::fs::read_to_string(dir.path().join("out.sgf")).unwrap();
    assert_eq!(
        fixed,
        "(;FF[4]GM[1]SZ[9]RE[B+3.5]\n;B[ee]LB[aa:A][bb:B];W[])"
    );
    assert!(stderr(&out).contains("in.sgf:1:20: note[sgf/nonstandard-game-info]: fixed: RE[Black wins by 3.5] written RE[B+3.5]"), "{}", stderr(&out));
    // Fixing the output again changes nothing and reports nothing.
    let out = kifu(&["fix", "out.sgf", "-o", "again.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("again.sgf")).unwrap(),
        fixed
    );
    // A repair that loses information waits for --force.
    std::fs::write(dir.path().join("dup.sgf"), "(;FF[4]PB[Lee]PB[Cho])").unwrap();
    let out = kifu(&["fix", "dup.sgf", "--format", "short"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"(;FF[4]PB[Lee]PB[Cho])");
    assert!(
        stderr(&out).contains("error[sgf/duplicate-property]: not fixed"),
        "{}",
        stderr(&out)
    );
    let out = kifu(&["fix", "dup.sgf", "--force"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"(;FF[4]PB[Lee])");
    // --in-place leaves clean files alone and replaces the others.
    std::fs::write(dir.path().join("clean.sgf"), "(;FF[4]GM[1];B[aa])").unwrap();
    let out = kifu(
        &["fix", "--in-place", "-q", "clean.sgf", "in.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("clean.sgf")).unwrap(),
        "(;FF[4]GM[1];B[aa])"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("in.sgf")).unwrap(),
        fixed
    );
    // The batch summary counts the files repaired: one of two here.
    std::fs::write(dir.path().join("old.sgf"), "(;FF[3]GM[1]KI[12];B[aa])").unwrap();
    let out = kifu(
        &["fix", "--in-place", "--stats", "clean.sgf", "old.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("0 errors, 0 warnings, 1 repaired, 0 failed"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn new_output_files_are_readable_by_others_and_replaced_ones_keep_their_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.sgf"), "(;GM[1];B[aa])").unwrap();
    let out = kifu(&["convert", "in.sgf", "-o", "new.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    let mode = std::fs::metadata(dir.path().join("new.sgf"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
    let kept = dir.path().join("kept.sgf");
    std::fs::write(&kept, "x").unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = kifu(&["convert", "in.sgf", "-o", "kept.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777,
        0o600
    );
}

#[test]
fn render_writes_a_book_or_a_game_as_one_html_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = kifu(
        &[
            "render",
            example_book().to_str().unwrap(),
            "-o",
            "book.html",
        ],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(dir.path().join("book.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("Example Title"));
    assert!(html.contains("Dieser Paragraph wird nur auf Deutsch angezeigt."));
    let out = kifu(
        &["render", example().to_str().unwrap(), "-o", "game.html"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(dir.path().join("game.html")).unwrap();
    assert!(
        html.contains("<strong>Black 1</strong>: Black takes the upper right star point."),
        "the first comment, as `kifu book` writes it"
    );
    assert!(!html.contains("src=\"http"), "nothing fetched");
}

#[test]
fn fix_repairs_the_syntax_too() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("cut.sgf"),
        "junk\n(;FF[4]GM[1]SZ[9];B[ee]()xx;W[ff]C[cut sho",
    )
    .unwrap();
    let out = kifu(
        &[
            "fix", "cut.sgf", "-o", "out.sgf", "--force", "--format", "short",
        ],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let fixed = std::fs::read_to_string(dir.path().join("out.sgf")).unwrap();
    // `xx` was a node of its own (no `;`): its `;` is added, `xx` removed.
    // The text before the game is kept: SGF readers skip it.
    assert_eq!(fixed, "junk\n(;FF[4]GM[1]SZ[9];B[ee];;W[ff]C[cut sho])");
    assert!(
        !stderr(&out).contains("junk-before-game"),
        "{}",
        stderr(&out)
    );
    let check = kifu(&["check", "out.sgf"], dir.path(), None);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}

#[test]
fn fix_utf8_transcodes_and_keeps_the_layout() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("l.sgf"),
        b"(;FF[4]CA[ISO-8859-1]GM[1]\n PB[M\xfcller];B[aa])\n",
    )
    .unwrap();
    let out = kifu(&["fix", "--utf8", "l.sgf", "-o", "u.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let utf8 = std::fs::read(dir.path().join("u.sgf")).unwrap();
    assert_eq!(
        String::from_utf8(utf8.clone()).unwrap(),
        "(;FF[4]CA[UTF-8]GM[1]\n PB[Müller];B[aa])\n"
    );
    // Again: nothing left to do, byte for byte.
    let out = kifu(&["fix", "--utf8", "u.sgf", "-o", "v.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(dir.path().join("v.sgf")).unwrap(), utf8);
    // UTF-16 in, UTF-8 out.
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in "(;FF[4]CA[UTF-16]PB[Müller])".encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    std::fs::write(dir.path().join("w.sgf"), utf16).unwrap();
    let out = kifu(&["fix", "--utf8", "w.sgf", "-o", "x.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("x.sgf")).unwrap(),
        "(;FF[4]CA[UTF-8]PB[Müller])"
    );
}

#[test]
fn fix_normalize_writes_utf8_too() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("l.sgf"),
        b"(;FF[4]CA[ISO-8859-1]GM[1]\n PB[M\xfcller];B[aa])\n",
    )
    .unwrap();
    let out = kifu(&["fix", "--normalize", "l.sgf"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "(;GM[1]FF[4]CA[UTF-8]PB[M\u{fc}ller];B[aa])\n"
    );
}

#[test]
fn fix_utf8_in_place_touches_only_what_is_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let latin = b"(;FF[4]CA[ISO-8859-1]C[caf\xe9])(;FF[4]CA[ISO-8859-1]C[na\xefve])";
    let utf8 = "(;FF[4]CA[UTF-8]C[caf\u{e9}])";
    std::fs::write(dir.path().join("l.sgf"), latin).unwrap();
    std::fs::write(dir.path().join("u.sgf"), utf8).unwrap();
    let out = kifu(
        &[
            "fix",
            "--utf8",
            "--in-place",
            "--backup",
            ".bak",
            "l.sgf",
            "u.sgf",
        ],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Each game of the collection transcoded and marked.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("l.sgf")).unwrap(),
        "(;FF[4]CA[UTF-8]C[caf\u{e9}])(;FF[4]CA[UTF-8]C[na\u{ef}ve])"
    );
    assert_eq!(std::fs::read(dir.path().join("l.sgf.bak")).unwrap(), latin);
    // Already UTF-8 and said so: not rewritten.
    assert!(!dir.path().join("u.sgf.bak").exists());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("u.sgf")).unwrap(),
        utf8
    );
    // Idempotent: a second run changes nothing.
    let out = kifu(
        &["fix", "--utf8", "--in-place", "--backup", ".2", "l.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!dir.path().join("l.sgf.2").exists());
}

#[test]
fn fix_reports_critical_repairs_in_json_and_honours_allow() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("dup.sgf"), "(;FF[4]PB[Lee]PB[Cho])").unwrap();
    let out = kifu(
        &["fix", "--force", "--format", "json", "dup.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let line: serde_json::Value =
        serde_json::from_str(stderr(&out).lines().next().unwrap()).unwrap();
    assert_eq!(line["code"], "sgf/duplicate-property");
    assert_eq!(line["severity"], "note");
    assert_eq!(line["critical"], true);
    // A refused repair of an allowed code neither shows nor fails the run.
    let out = kifu(
        &["fix", "--allow", "sgf/duplicate-property", "dup.sgf"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    assert_eq!(out.stdout, b"(;FF[4]PB[Lee]PB[Cho])");
}

#[test]
fn every_command_tells_a_book_by_its_content_when_its_name_does_not_say() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read(example_book()).unwrap();
    std::fs::write(dir.path().join("book.txt"), &text).unwrap();
    let out = kifu(&["convert", "book.txt", "-o", "ex.gobk"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let package = std::fs::read(dir.path().join("ex.gobk")).unwrap();
    for input in [&text, &package] {
        // On stdin: checked and described as a book, not as SGF with no game.
        for command in ["check", "info"] {
            let out = kifu(&[command, "-"], dir.path(), Some(input));
            assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
            assert!(!stderr(&out).contains("no-data"), "{}", stderr(&out));
        }
        let out = kifu(&["info", "-"], dir.path(), Some(input));
        assert!(String::from_utf8_lossy(&out.stdout).contains(": book #example"));
        let out = kifu(&["convert", "-", "--to", "gobook"], dir.path(), Some(input));
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(out.stdout, text);
    }
    // Under a name kifu does not read: the same as on stdin.
    let out = kifu(&["check", "book.txt"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Under --out-dir an output holds what its name says.
    let out = kifu(
        &["convert", "book.txt", "--out-dir", "out"],
        dir.path(),
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let sgf = std::fs::read(dir.path().join("out/book.sgf")).unwrap();
    assert!(kifu_sgf::parse(&sgf).diagnostics.is_empty());
}

//! No input is lost: every command that writes files, on unreadable,
//! empty, non-SGF and damaged inputs, leaves its inputs as they were unless
//! it repaired them; outputs never overwrite each other or a backup; a
//! write that fails is a failure (exit 2), never silence or a panic.

use crate::stderr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn kifu_with(args: &[&str], dir: &Path, stdout: Stdio, stderr: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .expect("run kifu")
}

fn kifu(args: &[&str], dir: &Path) -> Output {
    kifu_with(args, dir, Stdio::piped(), Stdio::piped())
}

fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// Inputs from which a command can read no game, or only part of one.
fn hostile_inputs() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("empty.sgf", Vec::new()),
        ("notes.sgf", b"My notes about the game.\n".to_vec()),
        ("notes16.sgf", utf16le("My notes about the game.\n")),
        (
            "binary.sgf",
            (0..4096u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
                .collect(),
        ),
        // Damaged: what `fix` would drop it keeps without --force, and
        // what a conversion would drop it must not drop from the input.
        (
            "damaged.sgf",
            b"(;FF[4]GM[1]SZ[19];B[dd]junk;W[ee])".to_vec(),
        ),
        ("damaged.xml", b"<Go><GoGame><Game><Black at=\"".to_vec()),
        ("notes.xml", b"just text\n".to_vec()),
    ]
}

fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_writing_command_leaves_inputs_it_could_not_read_byte_identical() {
    let commands: &[&[&str]] = &[
        &["convert", "--normalize"],
        &["convert", "--to", "json"],
        &["convert", "--to", "xml"],
        &["convert", "--to", "sgf"],
        &["fix"],
        &["fix", "--normalize"],
        &["fix", "--utf8"],
    ];
    for command in commands {
        for mode in ["--in-place", "--out-dir", "-o same", "-o other"] {
            for (name, bytes) in hostile_inputs() {
                let dir = tempfile::tempdir().unwrap();
                let input = dir.path().join(name);
                std::fs::write(&input, &bytes).unwrap();
                let mut args: Vec<&str> = command.to_vec();
                args.push(name);
                match mode {
                    "--in-place" => args.push("--in-place"),
                    "--out-dir" => args.extend(["--out-dir", "out"]),
                    "-o same" => args.extend(["-o", name]),
                    _ => args.extend(["-o", "other.out"]),
                }
                if args.contains(&"--in-place") && args.contains(&"--to") {
                    // Refused as usage: in place keeps the format.
                    continue;
                }
                let out = kifu(&args, dir.path());
                let what = format!("kifu {args:?} on {name}: {}", stderr(&out));
                let now = std::fs::read(&input).unwrap();
                if args == ["fix", "--utf8", "damaged.sgf", "--in-place"]
                    || args == ["fix", "--utf8", "damaged.sgf", "-o", "damaged.sgf"]
                {
                    // Asked to mark it UTF-8: the one change, the rest kept.
                    assert_eq!(
                        now, b"(;FF[4]GM[1]SZ[19]CA[UTF-8];B[dd]junk;W[ee])",
                        "{what}"
                    );
                    continue;
                }
                assert_eq!(now, bytes, "{what}");
                assert!(out.status.code().is_some(), "{what}");
                assert_ne!(out.status.code(), Some(101), "{what}");
                if !bytes.trim_ascii().is_empty() && name.starts_with("notes") {
                    // Nothing read: nothing written anywhere, and not a success.
                    assert_ne!(out.status.code(), Some(0), "{what}");
                    assert!(!dir.path().join("other.out").exists(), "{what}");
                    assert!(
                        !dir.path().join("out").exists()
                            || tree(&dir.path().join("out")).is_empty(),
                        "{what}"
                    );
                }
                // No temporary file is left behind.
                for (path, _) in tree(dir.path()) {
                    let file = path.file_name().unwrap().to_string_lossy().into_owned();
                    assert!(!file.starts_with(".kifu-"), "{what}: {file}");
                }
            }
        }
    }
}

#[test]
fn notes_converted_in_place_are_left_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [
        ("notes.sgf", b"My notes about the game.\n".to_vec()),
        ("notes16.sgf", utf16le("My notes about the game.\n")),
    ] {
        std::fs::write(dir.path().join(name), &bytes).unwrap();
        let out = kifu(&["convert", "--in-place", "--normalize", name], dir.path());
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!(
                "kifu: {name}: left as it was: no game could be read"
            )),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read(dir.path().join(name)).unwrap(), bytes);
    }
}

#[test]
fn an_input_that_cannot_be_read_is_a_failure_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    // A link to nothing, and no file at all.
    #[cfg(unix)]
    std::os::unix::fs::symlink("missing.sgf", dir.path().join("dangling.sgf")).unwrap();
    for name in ["dangling.sgf", "absent.sgf"] {
        for args in [
            vec!["convert", name, "--in-place", "--normalize"],
            vec!["fix", name, "--out-dir", "out"],
            vec!["convert", name, "-o", "x.sgf"],
        ] {
            let out = kifu(&args, dir.path());
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains(name), "{args:?}: {}", stderr(&out));
            assert!(!dir.path().join("x.sgf").exists());
        }
    }
}

#[test]
fn a_damaged_input_is_repaired_in_place_only_by_fix() {
    let dir = tempfile::tempdir().unwrap();
    // An error: what the reader could not place would be lost by a rewrite.
    let damaged = b"(;FF[4]GM[1]SZ[19];B[dd]junk;W[ee])";
    std::fs::write(dir.path().join("g.sgf"), damaged).unwrap();
    let out = kifu(
        &["convert", "g.sgf", "--in-place", "--normalize"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("left as it was"), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.path().join("g.sgf")).unwrap(), damaged);
    // Repaired without loss by fix: the missing `)` is added in place.
    std::fs::write(dir.path().join("h.sgf"), b"(;FF[4]GM[1]SZ[19];B[dd];W[ee]").unwrap();
    let out = kifu(&["fix", "h.sgf", "--in-place"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(dir.path().join("h.sgf")).unwrap(),
        b"(;FF[4]GM[1]SZ[19];B[dd];W[ee])"
    );
}

#[test]
fn two_inputs_never_write_one_output() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("a")).unwrap();
    std::fs::create_dir_all(dir.path().join("b")).unwrap();
    std::fs::write(dir.path().join("a/x.sgf"), b"(;FF[4]GM[1]SZ[19];B[aa])").unwrap();
    std::fs::write(dir.path().join("b/x.sgf"), b"(;FF[4]GM[1]SZ[19];B[bb])").unwrap();
    std::fs::write(
        dir.path().join("b/x.xml"),
        b"<Go><GoGame><Game><Black at=\"C3\"/></Game></GoGame></Go>",
    )
    .unwrap();
    let out = kifu(
        &[
            "convert",
            "a/x.sgf",
            "b/x.sgf",
            "b/x.xml",
            "--to",
            "sgf",
            "--out-dir",
            "out",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("kifu: b/x.sgf: not written: a/x.sgf already writes out/x.sgf"),
        "{err}"
    );
    assert!(
        err.contains("kifu: b/x.xml: not written: a/x.sgf already writes out/x.sgf"),
        "{err}"
    );
    // The first input, in input order, wins.
    let written = std::fs::read_to_string(dir.path().join("out/x.sgf")).unwrap();
    assert!(written.contains("B[aa]"), "{written}");
    // The output directory is never the input's own.
    let out = kifu(
        &["convert", "a/x.sgf", "--normalize", "--out-dir", "a"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--out-dir would replace the input itself"));
    assert_eq!(
        std::fs::read(dir.path().join("a/x.sgf")).unwrap(),
        b"(;FF[4]GM[1]SZ[19];B[aa])"
    );
    // The same for drawings.
    let out = kifu(
        &["render", "a/x.sgf", "b/x.xml", "--out-dir", "drawn"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("kifu: b/x.xml: not written: a/x.sgf already writes drawn/x.svg")
    );
    // A merge into the folder it merges does not merge its own output.
    for _ in 0..2 {
        let out = kifu(&["merge", "a", "-o", "a/all.sgf", "-q"], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert_eq!(
        std::fs::read(dir.path().join("a/all.sgf")).unwrap(),
        b"(;FF[4]GM[1]SZ[19];B[aa])\n"
    );
    // One file named twice is written once.
    let out = kifu(
        &["fix", "a/x.sgf", "./a/x.sgf", "--in-place", "--normalize"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("the same file as a/x.sgf, named before"));
}

#[test]
fn an_output_directory_inside_the_inputs_is_not_read_as_input() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(games.join("sub")).unwrap();
    std::fs::write(games.join("a.sgf"), b"(;FF[4]GM[1];B[aa])").unwrap();
    std::fs::write(games.join("sub/b.sgf"), b"(;FF[4]GM[1];B[bb])").unwrap();
    // `games/out` sorts before `games/sub`: walked after it is written to,
    // it would be converted again into games/out/out.
    let out = kifu(
        &[
            "convert",
            "games",
            "--normalize",
            "--out-dir",
            "games/out",
            "-q",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut written: Vec<String> = tree(&games.join("out"))
        .into_iter()
        .map(|(p, _)| p.strip_prefix(&games).unwrap().display().to_string())
        .collect();
    written.sort();
    assert_eq!(written, ["out/a.sgf", "out/sub/b.sgf"]);
}

#[test]
fn backups_are_numbered_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.sgf");
    let versions = [
        b"(;FF[4]GM[1]SZ[19];B[aa] )".to_vec(),
        b"(;FF[4]GM[1]SZ[19];B[bb] )".to_vec(),
        b"(;FF[4]GM[1]SZ[19];B[cc] )".to_vec(),
    ];
    for v in &versions {
        std::fs::write(&g, v).unwrap();
        let out = kifu(
            &[
                "convert",
                "g.sgf",
                "--in-place",
                "--normalize",
                "--backup",
                ".bak",
            ],
            dir.path(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert_eq!(
        std::fs::read(dir.path().join("g.sgf.bak")).unwrap(),
        versions[0]
    );
    assert_eq!(
        std::fs::read(dir.path().join("g.sgf.bak.1")).unwrap(),
        versions[1]
    );
    assert_eq!(
        std::fs::read(dir.path().join("g.sgf.bak.2")).unwrap(),
        versions[2]
    );
    assert!(std::fs::read_to_string(&g).unwrap().contains("B[cc]"));
}

#[cfg(unix)]
#[test]
fn a_link_named_in_place_or_as_output_stays_a_link_and_its_file_is_written() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    std::fs::write(dir.path().join("real/g.sgf"), b"(;FF[4]GM[1]SZ[19];B[aa] )").unwrap();
    std::os::unix::fs::symlink("real/g.sgf", dir.path().join("link.sgf")).unwrap();
    let out = kifu(
        &[
            "convert",
            "link.sgf",
            "--in-place",
            "--normalize",
            "--backup",
            "~",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let link = dir.path().join("link.sgf");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let written = std::fs::read_to_string(dir.path().join("real/g.sgf")).unwrap();
    assert!(written.starts_with("(;GM[1]FF[4]"), "{written}");
    assert_eq!(
        std::fs::read(dir.path().join("real/g.sgf~")).unwrap(),
        b"(;FF[4]GM[1]SZ[19];B[aa] )"
    );
    // -o through a link writes the file it names.
    std::os::unix::fs::symlink("real/o.json", dir.path().join("o.json")).unwrap();
    std::fs::write(dir.path().join("real/o.json"), b"old").unwrap();
    let out = kifu(&["convert", "link.sgf", "-o", "o.json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(dir.path().join("o.json"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(dir.path().join("real/o.json"))
            .unwrap()
            .starts_with('[')
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_or_an_unwritable_stderr_is_exit_2_not_silence_or_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.sgf"), b"(;FF[4]GM[1]SZ[19];B[aa])").unwrap();
    std::fs::write(dir.path().join("bad.sgf"), b"(;FF[4]GM[1]SZ[19];B[aa]").unwrap();
    let full = || Stdio::from(std::fs::File::create("/dev/full").unwrap());
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/example.gobook");
    for args in [
        &["info", "g.sgf"][..],
        &["info", "--format", "csv", "g.sgf", "bad.sgf"],
        &["convert", "g.sgf", "--to", "json"],
        &["diagrams", book.to_str().unwrap()],
    ] {
        let out = kifu_with(args, dir.path(), full(), Stdio::piped());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("No space left on device"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // Diagnostics to a full stderr: no panic (101), and the loss is said
    // by the exit status.
    let out = kifu_with(&["check", "bad.sgf"], dir.path(), Stdio::piped(), full());
    assert_eq!(out.status.code(), Some(2));
    // A closed pipe is not a failure.
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["info", "--format", "csv", "-"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(&b"(;GM[1];B[aa])".repeat(10_000));
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn terminal_controls_from_a_file_are_shown_not_sent() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("esc.sgf"),
        b"(;FF[4]GM[1]SZ[19]PB[\x1b]0;owned\x07]PW[\x1b[31mRed\xc2\x9b2J];B[dd]X\x1b[2J[x])",
    )
    .unwrap();
    for args in [
        &["check", "esc.sgf"][..],
        &["check", "--format", "human", "esc.sgf"],
        &["info", "esc.sgf"],
        &["info", "--format", "csv", "esc.sgf"],
        &["info", "--format", "json", "esc.sgf"],
    ] {
        let out = kifu(args, dir.path());
        for stream in [&out.stdout, &out.stderr] {
            let text = String::from_utf8_lossy(stream);
            assert!(!text.contains('\x1b'), "{args:?}: {text:?}");
            assert!(!text.contains('\u{9b}'), "{args:?}: {text:?}");
            assert!(!text.contains('\x07'), "{args:?}: {text:?}");
        }
    }
    let out = kifu(&["info", "esc.sgf"], dir.path());
    assert!(String::from_utf8_lossy(&out.stdout).contains("^[[31mRed"));
}

#[test]
fn csv_cells_that_a_spreadsheet_would_run_are_quoted() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("f.sgf"),
        br#"(;FF[4]GM[1]SZ[19]KM[-6.5]PB[=HYPERLINK("http://x","y")]PW[@SUM(A1)]EV[+SUM(1)];B[dd])"#,
    )
    .unwrap();
    let out = kifu(&["info", "--format", "csv", "f.sgf"], dir.path());
    let text = String::from_utf8_lossy(&out.stdout);
    let row = text.lines().nth(1).unwrap();
    assert!(
        row.contains(r#""'=HYPERLINK(""http://x"",""y"")""#),
        "{row}"
    );
    assert!(row.contains(r#""'@SUM(A1)""#), "{row}");
    assert!(row.contains(r#""'+SUM(1)""#), "{row}");
    // A number stays a number.
    assert!(row.contains(",-6.5,"), "{row}");
}

#[test]
fn split_shortens_names_too_long_for_a_file_system() {
    let dir = tempfile::tempdir().unwrap();
    let long = "Lee".repeat(150);
    let games = format!("(;GM[1]PB[{long}];B[aa])(;GM[1]PB[short];B[bb])");
    std::fs::write(dir.path().join("c.sgf"), games).unwrap();
    let out = kifu(
        &["split", "c.sgf", "-o", "out", "--name", "{PB}"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let names: Vec<String> = tree(&dir.path().join("out"))
        .into_iter()
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().all(|n| n.len() <= 255), "{names:?}");
    assert!(names.contains(&"short.sgf".to_owned()));
}

/// Runs `fix --in-place` over many files and kills it at several moments:
/// every file is then either its old bytes or its complete repair.
#[cfg(unix)]
#[test]
fn a_batch_killed_at_any_moment_leaves_every_file_old_or_complete() {
    let dir = tempfile::tempdir().unwrap();
    let original = |i: usize| format!("(;FF[4]GM[1]SZ[19]C[game {i}];B[dd];W[ee]").into_bytes();
    let repaired = |i: usize| {
        let mut bytes = original(i);
        bytes.push(b')');
        bytes
    };
    for delay_ms in [5u64, 20, 40, 80, 160] {
        let games = dir.path().join(format!("run{delay_ms}"));
        std::fs::create_dir_all(&games).unwrap();
        for i in 0..400 {
            std::fs::write(games.join(format!("{i:04}.sgf")), original(i)).unwrap();
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["fix", "-q", "--in-place", "--backup", ".bak"])
            .arg(&games)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        for i in 0..400 {
            let path = games.join(format!("{i:04}.sgf"));
            let now = std::fs::read(&path).unwrap();
            assert!(
                now == original(i) || now == repaired(i),
                "{}",
                path.display()
            );
            // A backup, where there is one, is whole.
            let backup = games.join(format!("{i:04}.sgf.bak"));
            if backup.exists() {
                assert_eq!(std::fs::read(&backup).unwrap(), original(i));
            }
        }
    }
}

#[test]
fn a_file_too_large_to_read_whole_is_a_clear_error_and_merge_streams_it() {
    let dir = tempfile::tempdir().unwrap();
    // Sparse: 300 MiB that take no room on disk.
    let big = std::fs::File::create(dir.path().join("big.sgf")).unwrap();
    big.set_len(300 << 20).unwrap();
    drop(big);
    for args in [
        &["info", "big.sgf"][..],
        &["check", "big.sgf"],
        &["fix", "big.sgf"],
    ] {
        let out = kifu(args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("big.sgf: 300 MiB is more than kifu reads whole"),
            "{err}"
        );
        assert!(err.contains("kifu split - < big.sgf"), "{err}");
    }
    // merge copies games as they are read: any size.
    let mut games = std::fs::File::create(dir.path().join("many.sgf")).unwrap();
    for i in 0..50_000 {
        writeln!(games, "(;GM[1]C[game {i}];B[aa])").unwrap();
    }
    drop(games);
    let out = kifu(&["merge", "many.sgf", "-o", "all.sgf", "-q"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(dir.path().join("all.sgf")).unwrap(),
        std::fs::read(dir.path().join("many.sgf")).unwrap()
    );
}

/// `-o` naming a pipe or a device (`-o /dev/null`) writes to it: an atomic
/// rename put a regular file where `/dev/null` was.
#[cfg(unix)]
#[test]
fn an_output_that_is_a_pipe_is_written_to_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.sgf"), b"(;GM[1];B[aa])").unwrap();
    let fifo = dir.path().join("pipe.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = kifu(&["convert", "g.sgf", "-o", "pipe.sgf"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(reader.join().unwrap(), b"(;GM[1];B[aa])");
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "{kind:?}");
}

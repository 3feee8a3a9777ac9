//! Issue 20, "Agree with the reference programs": each case with its
//! minimal input, through the real `kifu` binary: what `check` says, the
//! bytes `fix` writes and the XML `convert` writes. The expected values are
//! written by hand from the SGF specification (`shared/spec/sgf.md`, the
//! FF[3]-to-FF[4] notes) and from what SGFC 2.0 does with the same input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `kifu ARGS -` with `input` on stdin.
fn kifu(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kifu");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The diagnostics of `kifu check`, one `line:col: severity[code]: message`
/// each (no summary).
fn check(input: &str) -> Vec<String> {
    let out = kifu(&["check", "--format", "short"], input);
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("<stdin>:"))
        .map(str::to_owned)
        .collect()
}

/// What `kifu fix ARGS` writes, and its diagnostics.
fn fix(args: &[&str], input: &str) -> (String, Vec<String>) {
    let mut all = vec!["fix", "--format", "short"];
    all.extend_from_slice(args);
    let out = kifu(&all, input);
    let said = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("<stdin>:"))
        .map(str::to_owned)
        .collect();
    (String::from_utf8(out.stdout).unwrap(), said)
}

/// What `kifu convert --to xml` writes.
fn to_xml(input: &str) -> String {
    let out = kifu(&["convert", "--to", "xml"], input);
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

/// Item 2: white space inside a move is reported, removed by `fix` (those
/// bytes only), and the XML writer writes the move as a move.
#[test]
fn white_space_inside_a_move() {
    let input = "(;FF[4]GM[1]SZ[19];B[dd];W[oq\n];B[ pp])";
    assert_eq!(
        check(input),
        [
            "1:28: warning[sgf/space-in-point]: W[oq\\n]: white space inside a point, which SGF says to remove: W[oq]",
            "2:5: warning[sgf/space-in-point]: B[ pp]: white space inside a point, which SGF says to remove: B[pp]",
        ]
    );
    let (fixed, said) = fix(&[], input);
    assert_eq!(fixed, "(;FF[4]GM[1]SZ[19];B[dd];W[oq];B[pp])");
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said.iter()
            .all(|s| s.contains("note[sgf/space-in-point]: fixed"))
    );
    let xml = to_xml(input);
    assert!(
        xml.contains("<Black number=\"1\" at=\"D16\"/>\n<White number=\"2\" at=\"P3\"/>\n<Black number=\"3\" at=\"Q4\"/>\n"),
        "{xml}"
    );
    assert!(!xml.contains("<SGF"), "{xml}");
}

/// Item 8: values the checker let through, each reported with SGFC's
/// number's finding and repaired: an empty `PC[ ]` removed (SGFC 17), Reals
/// written as SGF writes them (SGFC 15: `6`, `34`, `0.5`), an empty list
/// `AW[]` removed (SGFC 17).
#[test]
fn values_the_checker_let_through() {
    let input = "(;FF[4]GM[1]SZ[19]PC[ ]KM[6.]AW[];B[dd]BL[34.];W[pp]WL[.5])";
    assert_eq!(
        check(input),
        [
            "1:22: warning[sgf/empty-value]: PC has an empty value",
            "1:27: warning[sgf/nonstandard-game-info]: KM[6.]: written 6 in FF[4] (number form)",
            "1:33: warning[sgf/empty-value]: AW has an empty value: a list of at least one is needed",
            "1:43: warning[sgf/invalid-value]: BL[34.]: not a Real as SGF writes it: BL[34]",
            "1:56: warning[sgf/invalid-value]: WL[.5]: not a Real as SGF writes it: WL[0.5]",
        ]
    );
    // Not critical: no --force needed.
    let (fixed, said) = fix(&[], input);
    assert_eq!(fixed, "(;FF[4]GM[1]SZ[19]KM[6];B[dd]BL[34];W[pp]WL[0.5])");
    assert_eq!(said.len(), 5, "{said:?}");
    assert_eq!(fix(&["--force"], input).0, fixed);
    // What fix writes reads clean.
    assert_eq!(check(&fixed), Vec::<String>::new());
}

/// Item 7: ranks are SimpleText; `BR[9 dan]` is correct as written, and
/// `9d` only the form FF[4] recommends. `check` says so in a note, `fix`
/// keeps it, `fix --normalize` writes it.
#[test]
fn a_rank_is_normalized_only_when_asked() {
    let input = "(;FF[4]GM[1]SZ[19]BR[9 dan];B[dd])";
    assert_eq!(
        check(input),
        [
            "1:22: note[sgf/nonstandard-game-info]: BR[9 dan]: 9d is the form FF[4] recommends (the short form of a rank); written so by kifu fix --normalize"
        ]
    );
    let (fixed, said) = fix(&["--force"], input);
    assert_eq!(fixed, input);
    assert_eq!(said, Vec::<String>::new());
    let (normalized, said) = fix(&["--normalize"], input);
    assert_eq!(normalized, "(;GM[1]FF[4]CA[UTF-8]SZ[19]BR[9d];B[dd])\n");
    assert_eq!(
        said,
        [
            "1:19: note[sgf/nonstandard-game-info]: fixed: BR[9 dan] written BR[9d] (normalized: the short form of a rank)"
        ]
    );
}

/// Item 6: the free-text dates of FF[1]-FF[3] files are correct there (a
/// note); when the file is repaired it becomes FF[4], and its dates are
/// written in FF[4]'s form as SGFC writes them, every day kept (SGFC drops
/// the middle day of `23..25`); TM in seconds where the reading is
/// certain; a date with no certain reading is kept and said to be.
#[test]
fn old_dates_and_times_become_ff4() {
    let input = "(;FF[3]GM[1]SZ[19]DT[April 14-15, 1957]TM[10 hours each];B[dd])";
    assert_eq!(
        check(input),
        [
            "1:22: note[sgf/nonstandard-game-info]: DT[April 14-15, 1957]: 1957-04-14,15 in FF[4] (dates are written YYYY-MM-DD); written so when the file is repaired or normalized",
            "1:43: warning[sgf/nonstandard-game-info]: TM[10 hours each]: written 36000 in FF[4] (time in seconds)",
        ]
    );
    let (fixed, _) = fix(&[], input);
    assert_eq!(fixed, "(;FF[4]GM[1]SZ[19]DT[1957-04-14,15]TM[36000];B[dd])");
    for (date, ff4) in [
        ("24, 25 May 1995", "1995-05-24,25"),
        ("1945-07-23..25", "1945-07-23,24,25"),
    ] {
        let input = format!("(;FF[3]GM[1]SZ[19]DT[{date}]KM[5,5];B[dd])");
        let (fixed, _) = fix(&[], &input);
        assert_eq!(fixed, format!("(;FF[4]GM[1]SZ[19]DT[{ff4}]KM[5.5];B[dd])"));
    }
    // Correct as FF[3] and nothing else to repair: left alone by fix,
    // converted by --normalize.
    let input = "(;FF[3]GM[1]SZ[19]DT[24, 25 May 1995];B[dd])";
    assert_eq!(fix(&[], input).0, input);
    assert_eq!(
        fix(&["--normalize"], input).0,
        "(;GM[1]FF[4]CA[UTF-8]SZ[19]DT[1995-05-24,25];B[dd])\n"
    );
    // Across months and years: every day kept.
    for (date, ff4) in [
        ("April 30 - May 2, 1957", "1957-04-30,05-01,02"),
        ("30 April - 2 May 1957", "1957-04-30,05-01,02"),
        ("1957-04-30..05-02", "1957-04-30,05-01,02"),
        ("Dec 30, 1957 - Jan 2, 1958", "1957-12-30,31,1958-01-01,02"),
        ("1957-1958", "1957,1958"),
    ] {
        let input = format!("(;FF[3]GM[1]SZ[19]DT[{date}]KM[5,5];B[dd])");
        let (fixed, _) = fix(&[], &input);
        assert_eq!(fixed, format!("(;FF[4]GM[1]SZ[19]DT[{ff4}]KM[5.5];B[dd])"));
    }
    // No certain reading (which year is December's?): kept as written,
    // and said so by check and fix.
    let input = "(;FF[3]GM[1]SZ[19]DT[December 30 - January 2, 1958]KM[5,5];B[dd])";
    assert_eq!(
        check(input)[0],
        "1:22: note[sgf/invalid-game-info]: DT[December 30 - January 2, 1958]: not a date in the ISO form FF[4] asks for (YYYY-MM-DD), and no certain reading: kept as written if the file becomes FF[4]"
    );
    let (fixed, said) = fix(&[], input);
    assert_eq!(
        fixed,
        "(;FF[4]GM[1]SZ[19]DT[December 30 - January 2, 1958]KM[5.5];B[dd])"
    );
    assert!(
        said.contains(&"1:19: warning[sgf/invalid-game-info]: not fixed, no certain repair: DT[December 30 - January 2, 1958] kept as written: not a date in the ISO form FF[4] asks for (YYYY-MM-DD), and no certain reading".to_owned()),
        "{said:?}"
    );
}

/// Item 9: what the file's own format allows is a note at most, as SGFC is
/// silent there (`BS`, `WS`, `ID` and `AddBlack` in FF[3], a rank); in FF[4]
/// the same properties are warnings, as SGFC warns (40, 16).
#[test]
fn legal_in_its_own_format_is_a_note() {
    let old = "(;FF[3]GM[1]SZ[19]BS[0]WS[0]ID[x]BR[9 dan]AddBlack[aa];B[dd])";
    let said = check(old);
    assert_eq!(said.len(), 5, "{said:?}");
    assert!(said.iter().all(|s| s.contains(": note[")), "{said:?}");
    let out = kifu(&["check", "--deny", "warnings"], old);
    assert_eq!(out.status.code(), Some(0));
    let new = "(;FF[4]GM[1]SZ[19]BS[0]WS[0]ID[x]AddBlack[aa];B[dd])";
    let said = check(new);
    assert_eq!(
        said.iter()
            .map(|s| s.split(": ").nth(1).unwrap_or_default())
            .collect::<Vec<_>>(),
        [
            "warning[sgf/obsolete-property]",
            "warning[sgf/obsolete-property]",
            "warning[sgf/obsolete-property]",
            "warning[sgf/lowercase-identifier]",
        ]
    );
}

/// `HA[1]`: FF[4] says HA is 2 or more, and SGFC is silent on it (its
/// strict mode warns only that no stones are set up, 61). What it means is
/// not certain (some write it for a game without komi): `check` says so in
/// a note, `fix` keeps it, and the XML holds it in `<Handicap>`, where
/// GoGui warns as it does on the SGF ("Invalid handicap value").
#[test]
fn a_handicap_of_one_is_said_and_kept() {
    let input = "(;FF[4]GM[1]SZ[19]HA[1];B[dd])";
    assert_eq!(
        check(input),
        [
            "1:22: note[sgf/invalid-game-info]: HA[1]: HA is 2 or more: a game without handicap has no HA (HA[1])"
        ]
    );
    let (fixed, said) = fix(&["--force"], input);
    assert_eq!(fixed, input);
    assert_eq!(said, Vec::<String>::new());
    let (normalized, _) = fix(&["--normalize", "--force"], input);
    assert!(normalized.contains("HA[1]"), "{normalized}");
    assert!(to_xml(input).contains("<Handicap>1</Handicap>\n"));
}

/// Text outside the game trees is information: what is before the first
/// game (legal: readers skip it) stays; what is after or between games
/// (not in the grammar; SGFC 8, critical) goes only with --force or
/// --normalize, and is said to; parentheses alone are syntax.
#[test]
fn text_outside_the_games_is_not_lost() {
    let input = "Game from 1957, recorded by Y.\n(;FF[4]GM[1]SZ[19]KM[6.];B[dd])\nthe end\n";
    let (fixed, said) = fix(&[], input);
    assert_eq!(
        fixed,
        "Game from 1957, recorded by Y.\n(;FF[4]GM[1]SZ[19]KM[6];B[dd])\nthe end\n"
    );
    assert_eq!(
        said,
        [
            "2:19: note[sgf/nonstandard-game-info]: fixed: KM[6.] written KM[6] (number form)",
            "3:1: error[sgf/junk-after-game]: not fixed, information would be lost (--force to fix): text outside the games removed: 'the end'",
        ]
    );
    let (forced, said) = fix(&["--force"], input);
    assert_eq!(
        forced,
        "Game from 1957, recorded by Y.\n(;FF[4]GM[1]SZ[19]KM[6];B[dd])\n"
    );
    assert!(
        said.contains(&"3:1: note[sgf/junk-after-game]: fixed (critical): text outside the games removed: 'the end'".to_owned()),
        "{said:?}"
    );
    let (normalized, said) = fix(&["--normalize"], input);
    assert_eq!(normalized, "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6];B[dd])\n");
    assert!(
        said.contains(&"1:1: note[sgf/junk-before-game]: fixed: text before the first game removed: 'Game from 1957, recorded by Y.'".to_owned()),
        "{said:?}"
    );
    // Nothing else to repair: the input as it was.
    let input = "Game from 1957\n(;FF[4]GM[1]SZ[19];B[dd])\n";
    let (fixed, said) = fix(&[], input);
    assert_eq!(fixed, input);
    assert_eq!(said, Vec::<String>::new());
}

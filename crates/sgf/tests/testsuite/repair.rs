//! Repairs: one case per repair with the exact output, idempotence, and
//! the corpus (every file repaired reads clean of what was repaired,
//! repairing again changes nothing, files without findings are untouched).

use kifu_sgf::repair::{Options, repair};

use crate::{corpus_dir, files};

/// `(codes made, codes refused, output)` of repairing `input`.
fn fix(input: &[u8], force: bool) -> (Vec<String>, Vec<String>, String) {
    let mut c = kifu_sgf::parse(input).value;
    let report = repair(&mut c, &Options { force });
    let codes =
        |rs: &[kifu_sgf::repair::Repair]| rs.iter().map(|r| r.code.as_str().to_owned()).collect();
    (
        codes(&report.made),
        codes(&report.refused),
        String::from_utf8(kifu_sgf::write::lossless(&c)).unwrap(),
    )
}

#[test]
fn each_repair_makes_the_smallest_change() {
    let cases: &[(&str, &[&str], &str)] = &[
        // KI, komi in half points, is KM.
        (
            "(;FF[4]GM[1]KI[11];B[aa])",
            &["sgf/integer-komi"],
            "(;FF[4]GM[1]KM[5.5];B[aa])",
        ),
        (
            "(;FF[4]GM[1]KI[12]KM[6])",
            &["sgf/integer-komi"],
            "(;FF[4]GM[1]KM[6])",
        ),
        // White space inside points removed, only those bytes, as SGF says
        // and SGFC does (issue 20, item 2).
        (
            "(;FF[4]SZ[9];B[c   c])",
            &["sgf/space-in-point"],
            "(;FF[4]SZ[9];B[cc])",
        ),
        (
            "(;FF[4]SZ[9]AR[a a: c c])",
            &["sgf/space-in-point"],
            "(;FF[4]SZ[9]AR[aa:cc])",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[dd];W[oq\n];B[ pp])",
            &["sgf/space-in-point", "sgf/space-in-point"],
            "(;FF[4]GM[1]SZ[19];B[dd];W[oq];B[pp])",
        ),
        (
            "(;FF[4]GM[1]SZ[19]AB[aa][b b]LB[ c c:a b];B[ ])",
            &[
                "sgf/space-in-point",
                "sgf/space-in-point",
                "sgf/space-in-point",
            ],
            "(;FF[4]GM[1]SZ[19]AB[aa][bb]LB[cc:a b];B[])",
        ),
        // Values corrected where their meaning is certain, as SGFC does:
        // Reals as SGF writes them (issue 20, item 8).
        (
            "(;FF[4]GM[1]SZ[19];B[dd]BL[34.];W[pp]WL[.5])",
            &["sgf/invalid-value", "sgf/invalid-value"],
            "(;FF[4]GM[1]SZ[19];B[dd]BL[34];W[pp]WL[0.5])",
        ),
        (
            "(;FF[4]GM[1]SZ[19]KM[6.];B[dd]V[-.5])",
            &["sgf/nonstandard-game-info", "sgf/invalid-value"],
            "(;FF[4]GM[1]SZ[19]KM[6];B[dd]V[-0.5])",
        ),
        // A square board written as a rectangle.
        (
            "(;FF[4]SZ[19:19];B[aa])",
            &["sgf/square-as-rectangle"],
            "(;FF[4]SZ[19];B[aa])",
        ),
        // Move annotations without a move.
        (
            "(;FF[4];C[x]TE[1];B[aa])",
            &["sgf/annotation-without-move"],
            "(;FF[4];C[x];B[aa])",
        ),
        // NUL bytes in a value.
        ("(;FF[4]C[a\0b])", &["sgf/nul-in-value"], "(;FF[4]C[a b])"),
        // Setup that changes nothing.
        (
            "(;FF[4]AB[aa];AB[aa][bb]AE[cc])",
            &["sgf/setup-without-effect", "sgf/setup-without-effect"],
            "(;FF[4]AB[aa];AB[bb])",
        ),
        // Lowercase letters in identifiers (FF[3]); the file becomes FF[4].
        (
            "(;FF[3]GaMe[1] AddBlack[aa];B[bb])",
            &[
                "sgf/unknown-file-format",
                "sgf/lowercase-identifier",
                "sgf/lowercase-identifier",
            ],
            "(;FF[4]GM[1] AB[aa];B[bb])",
        ),
        // L to LB with letters.
        (
            "(;FF[4]L[aa][bb][cc])",
            &["sgf/obsolete-property"],
            "(;FF[4]LB[aa:A][bb:B][cc:C])",
        ),
        // M to MA on empty points and TR on stones.
        (
            "(;FF[4]AB[aa];M[aa][bb])",
            &["sgf/obsolete-property"],
            "(;FF[4]AB[aa];MA[bb]TR[aa])",
        ),
        // TE then BM is IT; BM then TE is DO.
        (
            "(;FF[4];B[aa]TE[1]BM[1])",
            &["sgf/annotation-combination"],
            "(;FF[4];B[aa]IT[])",
        ),
        (
            "(;FF[4];B[aa]BM[1]TE[1])",
            &["sgf/annotation-combination"],
            "(;FF[4];B[aa]DO[])",
        ),
        // VW with two corners.
        (
            "(;FF[4]VW[aa][cc])",
            &["sgf/compressed-list-in-old-format"],
            "(;FF[4]VW[aa:cc])",
        ),
        // Game information whose meaning is certain.
        (
            "(;FF[4]GM[1]RE[Black wins by 3.5]KM[5 1/2]DT[1996/05/12])",
            &[
                "sgf/nonstandard-game-info",
                "sgf/nonstandard-game-info",
                "sgf/nonstandard-game-info",
            ],
            "(;FF[4]GM[1]RE[B+3.5]KM[5.5]DT[1996-05-12])",
        ),
        // [tt] passes.
        ("(;FF[4]GM[1];B[tt])", &["sgf/tt-pass"], "(;FF[4]GM[1];B[])"),
        // Empty values where a value is needed: text, numbers, lists of
        // at least one (issue 20, item 8: `PC[ ]`, `AW[]`).
        (
            "(;FF[4]DT[]PB[])",
            &["sgf/empty-value", "sgf/empty-value"],
            "(;FF[4])",
        ),
        (
            "(;FF[4]GM[1]SZ[19]PC[ ]AW[]C[\n];B[dd]TR[])",
            &[
                "sgf/empty-value",
                "sgf/empty-value",
                "sgf/empty-value",
                "sgf/empty-value",
            ],
            "(;FF[4]GM[1]SZ[19];B[dd])",
        ),
        // Where the empty list or value is allowed, it stays: a pass, an
        // elist, None.
        (
            "(;FF[4]GM[1]SZ[19]DD[];B[]KO[])",
            &[],
            "(;FF[4]GM[1]SZ[19]DD[];B[]KO[])",
        ),
        // A move in the root, setup and a move mixed, two moves: split, the
        // setup, root and game information (and N) first.
        (
            "(;FF[4]GM[1]PB[x]B[aa]C[first])",
            &["sgf/move-in-root"],
            "(;FF[4]GM[1]PB[x];B[aa]C[first])",
        ),
        (
            "(;FF[4];N[start]AB[aa]W[bb]C[c](;B[cc])(;B[dd]))",
            &["sgf/setup-and-move-mixed"],
            "(;FF[4];N[start]AB[aa];W[bb]C[c](;B[cc])(;B[dd]))",
        ),
        (
            "(;FF[4];B[aa]W[bb])",
            &["sgf/two-moves-in-node"],
            "(;FF[4];B[aa];W[bb])",
        ),
        // A `]` that the reader kept inside a text.
        (
            "(;FF[4]US[Matsuyama[3d]]C[a])",
            &["sgf/unescaped-bracket"],
            "(;FF[4]US[Matsuyama[3d\\]]C[a])",
        ),
        // The same point twice in a list.
        (
            "(;FF[4]GM[1]AB[aa][bb][aa])",
            &["sgf/duplicate-point"],
            "(;FF[4]GM[1]AB[aa][bb])",
        ),
        // Too many values: the empty ones dropped.
        (
            "(;FF[4]GM[1];B[aa][])",
            &["sgf/too-many-values"],
            "(;FF[4]GM[1];B[aa])",
        ),
        // Duplicates: identical dropped, lists merged.
        (
            "(;FF[4]PB[x]PB[x]AB[aa]AB[bb][aa])",
            &["sgf/duplicate-property", "sgf/duplicate-property"],
            "(;FF[4]PB[x]AB[aa][bb])",
        ),
    ];
    for (input, made, output) in cases {
        let (got_made, refused, got) = fix(input.as_bytes(), false);
        assert_eq!(got, *output, "output for {input}");
        assert_eq!(got_made, *made, "repairs for {input}");
        assert!(refused.is_empty(), "{input}: refused {refused:?}");
        // Repairing the output again changes nothing.
        let (again, _, same) = fix(got.as_bytes(), false);
        assert!(again.is_empty(), "{input}: second pass made {again:?}");
        assert_eq!(same, got);
    }
}

/// Issue 20, item 7: fix makes the smallest change that makes the file
/// correct; values correct as written (ranks are SimpleText, the dates of
/// FF[1]-FF[3] files) are rewritten only when normalizing, or, for dates,
/// when the file is repaired anyway and so becomes FF[4].
#[test]
fn normalizations_wait_for_normalize() {
    let normalized = |input: &str| -> (Vec<String>, String) {
        let mut c = kifu_sgf::parse(input.as_bytes()).value;
        let report = kifu_sgf::repair::repair_and_normalize(&mut c, &Options { force: false });
        (
            report
                .made
                .iter()
                .map(|r| r.code.as_str().to_owned())
                .collect(),
            String::from_utf8(kifu_sgf::write::lossless(&c)).unwrap(),
        )
    };
    // A rank: kept by fix, normalized by --normalize.
    let input = "(;FF[4]GM[1]SZ[19]BR[9 dan]WR[3D*];B[dd])";
    let (made, _, out) = fix(input.as_bytes(), true);
    assert!(made.is_empty(), "{made:?}");
    assert_eq!(out, input);
    assert_eq!(
        normalized(input),
        (
            vec![
                "sgf/nonstandard-game-info".to_owned(),
                "sgf/nonstandard-game-info".to_owned()
            ],
            "(;FF[4]GM[1]SZ[19]BR[9d]WR[3d*];B[dd])".to_owned()
        )
    );
    // A date of an FF[3] file: correct there, so kept; converted when
    // something else is repaired and the file becomes FF[4].
    let input = "(;FF[3]GM[1]SZ[19]DT[12.5.1996];B[dd])";
    let (made, _, out) = fix(input.as_bytes(), false);
    assert!(made.is_empty(), "{made:?}");
    assert_eq!(out, input);
    let (made, _, out) = fix(b"(;FF[3]GM[1]SZ[19]DT[12.5.1996]KM[5,5];B[dd])", false);
    assert_eq!(
        made,
        [
            "sgf/unknown-file-format",
            "sgf/nonstandard-game-info",
            "sgf/nonstandard-game-info"
        ]
    );
    assert_eq!(out, "(;FF[4]GM[1]SZ[19]DT[1996-05-12]KM[5.5];B[dd])");
    // Repairs stay repairs: a result in words is wrong in every version.
    let (made, _, out) = fix(b"(;FF[4]GM[1]RE[jigo]BR[9 dan])", false);
    assert_eq!(made, ["sgf/nonstandard-game-info"]);
    assert_eq!(out, "(;FF[4]GM[1]RE[0]BR[9 dan])");
}

/// Issue 20, item 6: the free-text dates of FF[1]-FF[3] files are written
/// in FF[4]'s form when the file becomes FF[4], every day kept; a date
/// with no certain reading is kept as written and said to be.
#[test]
fn old_dates_follow_the_file_into_ff4() {
    let cases: &[(&str, &str)] = &[
        (
            "(;FF[3]GM[1]SZ[19]DT[April 14-15, 1957]KM[5,5];B[dd])",
            "(;FF[4]GM[1]SZ[19]DT[1957-04-14,15]KM[5.5];B[dd])",
        ),
        (
            "(;FF[3]GM[1]SZ[19]DT[24, 25 May 1995]KM[5,5];B[dd])",
            "(;FF[4]GM[1]SZ[19]DT[1995-05-24,25]KM[5.5];B[dd])",
        ),
        (
            "(;FF[1]GM[1]SZ[19]DT[1945-07-23..25]TM[10 hours each];B[dd])",
            "(;FF[4]GM[1]SZ[19]DT[1945-07-23,24,25]TM[36000];B[dd])",
        ),
    ];
    for (input, output) in cases {
        let (made, refused, got) = fix(input.as_bytes(), false);
        assert_eq!(got, *output, "{input}");
        assert!(
            made.contains(&"sgf/nonstandard-game-info".to_owned()),
            "{made:?}"
        );
        assert!(refused.is_empty());
    }
    // No certain reading: kept, and said to be kept, once the file is FF[4].
    let mut c = kifu_sgf::parse(b"(;FF[3]GM[1]DT[a sunny afternoon]KM[5,5];B[dd])").value;
    let report = repair(&mut c, &Options { force: true });
    assert_eq!(
        kifu_sgf::write::lossless(&c),
        b"(;FF[4]GM[1]DT[a sunny afternoon]KM[5.5];B[dd])"
    );
    let kept: Vec<&str> = report.kept.iter().map(|r| r.code.as_str()).collect();
    assert_eq!(kept, ["sgf/invalid-game-info"]);
    assert!(
        report.kept[0]
            .message
            .starts_with("DT[a sunny afternoon] kept as written")
    );
    // Nothing else to repair: the file stays FF[3], its date as it is.
    let mut c = kifu_sgf::parse(b"(;FF[3]GM[1]DT[a sunny afternoon];B[dd])").value;
    let report = repair(&mut c, &Options { force: true });
    assert!(!report.changed() && report.kept.is_empty());
}

#[test]
fn values_that_do_not_fit_are_removed_only_with_force() {
    let input = b"(;FF[4]GM[1];B[R16]C[x])";
    let (made, refused, out) = fix(input, false);
    assert!(made.is_empty());
    assert_eq!(refused, ["sgf/invalid-value"]);
    assert_eq!(out.as_bytes(), input);
    let (_, _, out) = fix(input, true);
    assert_eq!(out, "(;FF[4]GM[1];C[x])");
}

#[test]
fn only_the_values_of_a_list_that_do_not_fit_are_removed() {
    let input = b"(;FF[4]GM[1]SZ[19]AB[aa][zz][b b]AW[cc:dd][ee:zz];B[pd])";
    let (made, refused, out) = fix(input, false);
    assert!(made.is_empty());
    assert_eq!(refused, ["sgf/invalid-value", "sgf/invalid-value"]);
    assert_eq!(out.as_bytes(), input);
    // The off-board point goes; the others stay, `b b` corrected to `bb`.
    let (_, _, out) = fix(input, true);
    assert_eq!(out, "(;FF[4]GM[1]SZ[19]AB[aa][bb]AW[cc:dd];B[pd])");
    // The message says what was done, in a dry run as after the repair.
    let mut c = kifu_sgf::parse(input).value;
    let report = repair(&mut c, &Options { force: true });
    let messages: Vec<&str> = report.made.iter().map(|r| r.message.as_str()).collect();
    assert!(
        messages[0].ends_with("; 1 of 3 values removed"),
        "{messages:?}"
    );
    assert!(
        messages[1].ends_with("; 1 of 2 values removed"),
        "{messages:?}"
    );
    // A list with nothing that fits goes whole.
    let (_, _, out) = fix(b"(;FF[4]GM[1]AB[zz][yy];B[pd])", true);
    assert_eq!(out, "(;FF[4]GM[1];B[pd])");
    let mut c = kifu_sgf::parse(b"(;FF[4]GM[1]AB[zz][yy];B[pd])").value;
    let report = repair(&mut c, &Options { force: true });
    assert!(report.made[0].message.ends_with("; property removed"));
}

#[test]
fn several_values_for_one_are_critical() {
    let (made, refused, _) = fix(b"(;FF[4]GM[1];B[aa][bb])", false);
    assert!(made.is_empty());
    assert_eq!(refused, ["sgf/too-many-values"]);
    let (_, _, out) = fix(b"(;FF[4]GM[1];B[aa][bb])", true);
    assert_eq!(out, "(;FF[4]GM[1];B[aa])");
}

#[test]
fn critical_structure_repairs_wait_for_force() {
    for (input, code, forced) in [
        ("(;FF[4]SZ[200])", "sgf/board-too-big", "(;FF[4]SZ[52])"),
        ("(;FF[4]PL[w 123])", "sgf/invalid-value", "(;FF[4]PL[W])"),
        ("(;FF[4]SZ[-10])", "sgf/invalid-value", "(;FF[4]SZ[19])"),
        (
            "(;FF[4]SZ[10:53])",
            "sgf/board-too-big",
            "(;FF[4]SZ[10:52])",
        ),
        (
            "(;FF[4];B[aa]SZ[9])",
            "sgf/root-property-outside-root",
            "(;FF[4];B[aa])",
        ),
        (
            "(;FF[4]PB[x];B[aa]PW[y])",
            "sgf/game-info-outside-info-node",
            "(;FF[4]PB[x];B[aa])",
        ),
        (
            "(;FF[4];B[aa]GB[1]GW[1])",
            "sgf/contradicting-annotations",
            "(;FF[4];B[aa]GB[1])",
        ),
    ] {
        let (made, refused, out) = fix(input.as_bytes(), false);
        assert!(made.is_empty(), "{input}: {made:?}");
        assert_eq!(refused, [code], "{input}");
        assert_eq!(out, input);
        let (made, _, out) = fix(input.as_bytes(), true);
        assert_eq!(made, [code], "{input}");
        assert_eq!(out, forced, "{input}");
    }
}

#[test]
fn critical_repairs_wait_for_force() {
    let input = b"(;FF[4]PB[Lee]PB[Cho])";
    let (made, refused, out) = fix(input, false);
    assert!(made.is_empty());
    assert_eq!(refused, ["sgf/duplicate-property"]);
    assert_eq!(out.as_bytes(), input);
    let (made, refused, out) = fix(input, true);
    assert_eq!(made, ["sgf/duplicate-property"]);
    assert!(refused.is_empty());
    assert_eq!(out, "(;FF[4]PB[Lee])");
}

#[test]
fn corpus_repairs_are_idempotent_and_clean_files_stay_untouched() {
    let Some(corpus) = corpus_dir() else { return };
    let mut paths = files(&corpus.join("sgf/ff4"), &["sgf"]);
    paths.extend(files(&corpus.join("sgf/old"), &["sgf"]));
    paths.extend(files(&corpus.join("sgf/broken"), &["sgf"]));
    let force = Options { force: true };
    let mut repaired = 0;
    let mut failures = Vec::new();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let fixed = kifu_sgf::fix::fix(&bytes, &force);
        let findings =
            kifu_sgf::check::check(&kifu_sgf::parse(&bytes).value).len() + fixed.diagnostics.len();
        let once = kifu_sgf::write::lossless(&fixed.collection);
        let report = &fixed.report;
        if !report.changed() && once != bytes {
            failures.push(format!("{}: changed without a repair", path.display()));
        }
        if findings == 0 && report.changed() {
            failures.push(format!(
                "{}: repaired a file with no findings",
                path.display()
            ));
        }
        if report.changed() {
            repaired += 1;
            let again = kifu_sgf::fix::fix(&once, &force);
            if again.report.changed() {
                failures.push(format!(
                    "{}: second pass made {:?}",
                    path.display(),
                    again.report.made
                ));
            }
            let mut errors: Vec<String> = again
                .diagnostics
                .iter()
                .chain(kifu_sgf::check::check(&again.collection).iter())
                .filter(|d| d.is_error())
                .map(ToString::to_string)
                .collect();
            errors.dedup();
            if !errors.is_empty() {
                failures.push(format!(
                    "{}: errors after repair: {}",
                    path.display(),
                    errors.join("; ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(repaired > 100, "only {repaired} files repaired");
    eprintln!("{} files, {repaired} repaired", paths.len());
}

/// What the `sgf_fix` fuzz target holds of every input: repair spans
/// inside the input, no syntax error left, and a second fix changes nothing.
fn assert_fix_properties(input: &[u8]) {
    let force = Options { force: true };
    let fixed = kifu_sgf::fix::fix(input, &force);
    for r in fixed.report.made.iter().chain(&fixed.report.refused) {
        assert!(r.span.end as usize <= input.len(), "{r:?} past the input");
    }
    let once = kifu_sgf::write::lossless(&fixed.collection);
    let again = kifu_sgf::fix::fix(&once, &force);
    assert!(
        !again
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.code.as_str().starts_with("sgf/")),
        "{:?}",
        again.diagnostics
    );
    assert!(!again.report.changed(), "{:?}", again.report.made);
}

/// Found by `sgf_fix`: `fB[e;]` was renamed (created bytes), then its
/// value repaired, and the repair's span pointed past the input.
#[test]
fn fuzz_fix_span_of_renamed_identifier() {
    let input = include_bytes!("../fuzz-regressions/fix-span-of-renamed-identifier.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: a lowercase identifier (`omF`) repaired in a file
/// whose syntax was repaired first was reported at a place past the end
/// of the input.
#[test]
fn fuzz_fix_span_past_the_input() {
    let input = include_bytes!("../fuzz-regressions/fix-span-past-the-input.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: `Che;` is an identifier without value and with
/// lowercase letters; the rewrite to `C` survived the removal, and the
/// second fix removed it.
#[test]
fn fuzz_fix_lowercase_identifier_without_value() {
    let input = include_bytes!("../fuzz-regressions/fix-lowercase-identifier-without-value.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: the charset of a game without a usable `CA` was
/// detected again after the repair, differently (GBK, then windows-1252),
/// and the `]` of a multibyte character then read otherwise. The repaired
/// file now names the charset it was read in.
#[test]
fn fuzz_fix_detected_charset_changes() {
    let input = include_bytes!("../fuzz-regressions/fix-detected-charset-changes.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: `CA[ISO-8859-1]` on text that, once repaired, is
/// valid UTF-8, which kifu then reads as UTF-8; the repaired file names
/// the charset its repaired bytes read in.
#[test]
fn fuzz_fix_charset_of_repaired_text() {
    let input = include_bytes!("../fuzz-regressions/fix-charset-of-repaired-text.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: the `CA` written after a syntax repair was
/// reported at its place in the repaired bytes, past the input's end.
#[test]
fn fuzz_fix_charset_span_after_syntax_repair() {
    let input = include_bytes!("../fuzz-regressions/fix-charset-span-after-syntax-repair.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: `(5)` after a node is a game tree without nodes;
/// only its `)` was reported and removed, and its `(` then met the next
/// variation's as `((`.
#[test]
fn fuzz_fix_variation_of_junk() {
    let input = include_bytes!("../fuzz-regressions/fix-variation-of-junk.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: `p[c` at the end of the input: the property was
/// removed, and the `]` added for its unclosed value was left as junk.
#[test]
fn fuzz_fix_unclosed_value_of_removed_property() {
    let input = include_bytes!("../fuzz-regressions/fix-unclosed-value-of-removed-property.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: removing bad identifiers inside `(ec,cc)` and after
/// it changed which parentheses pair up; one round of syntax repairs left
/// a stray `)`. Syntax repairs now run until nothing is left to repair.
#[test]
fn fuzz_fix_repair_uncovers_repair() {
    let input = include_bytes!("../fuzz-regressions/fix-repair-uncovers-repair.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: a `CA` of 8-bit garbage made the game read as
/// Latin-1; once `CA[ISO-8859-1]` replaced it, the text was valid UTF-8
/// and read as such. The `CA` written is checked by reading again.
#[test]
fn fuzz_fix_charset_label_of_garbage() {
    let input = include_bytes!("../fuzz-regressions/fix-charset-label-of-garbage.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: a game labelled Shift_JIS but read (and its `]`
/// escaped) as Latin-1 became valid Shift_JIS once repaired; read again
/// as Shift_JIS, a lead byte took the escaping backslash.
#[test]
fn fuzz_fix_charset_the_text_was_repaired_in() {
    let input = include_bytes!("../fuzz-regressions/fix-charset-the-text-was-repaired-in.sgf");
    assert_fix_properties(input);
}

/// Found by `sgf_fix`: in multibyte garbage, whether `\]` is an escape
/// depends on the charset detected from the whole game, which the repair
/// changes; `fix` repeats itself until the result stays as it is.
#[test]
fn fuzz_fix_multibyte_garbage_second_pass() {
    let input = include_bytes!("../fuzz-regressions/fix-multibyte-garbage-second-pass.sgf");
    assert_fix_properties(input);
}

/// Points of a game that is not Go are its own business: kept as written,
/// and not reported.
#[test]
fn moves_of_other_games_are_kept() {
    let input = b"(;FF[4]GM[19];B[Move x];W[e5])";
    let (made, refused, out) = fix(input, true);
    assert!(
        made.is_empty() && refused.is_empty(),
        "{made:?} {refused:?}"
    );
    assert_eq!(out.as_bytes(), input);
    let c = kifu_sgf::parse(input).value;
    assert!(
        !kifu_sgf::check::check(&c)
            .iter()
            .any(|d| d.code.as_str() == "sgf/invalid-value")
    );
}

/// Pieces of a node: some need only the repairs `fix` does not make twice
/// (an empty value, empty values beside one, `[tt]`, game information in
/// another form), some need others, some nothing.
const PIECES: &[&str] = &[
    "GN[]",
    "PC[ ]",
    "KM[6.5][]",
    "KM[][7]",
    "RE[draw]",
    "RE[Black wins by 3.5]",
    "KM[5,5]",
    "DT[]",
    "B[tt]",
    "W[tt]",
    "B[dd]",
    "W[pp]",
    "AB[]",
    "AB[dd]",
    "AW[dd]",
    "AE[dd]",
    "L[aa]",
    "C[a]",
    "C[a]",
    "TE[1]",
    "BM[1]",
    "HA[2]",
    "SZ[]",
    "GM[]",
    "KI[13]",
    "PB[x]",
    "B[dd][ee]",
    "RE[B+R][W+R]",
    "AddBlack[aa]",
    "DT[05/06/1996]",
    "CA[]",
    "B[]",
    "AB[aa:bb]",
    "SZ[19:19]",
    "DT[1996-5-12]",
    "DT[last summer]",
    "DT[2018-04-27 10:00]",
    "FF[3]",
    "FF[4]",
    "BR[9 dan]",
    "KO[7.5]",
    "LT[30]",
    "PL[w]",
    "GB[1x]",
    "IT[2]",
    "MN[3x]",
    "FF[4x]",
    "GM[1x]",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// What one `fix --force` leaves, another leaves as it is, whichever
    /// repairs a game needed: a game whose repairs are all of the kind
    /// `fix` does not repeat is not repaired a second time inside `fix`.
    #[test]
    fn fixed_games_need_no_second_fix(
        games in proptest::collection::vec(
            (0u8..3, proptest::collection::vec(proptest::collection::vec(0..PIECES.len(), 0..4), 1..6)),
            1..4,
        )
    ) {
        let mut input = String::new();
        for (format, nodes) in &games {
            input.push_str(["(;FF[4]GM[1]", "(;FF[3]GM[1]", "(;"][usize::from(*format)]);
            for (i, node) in nodes.iter().enumerate() {
                if i > 0 {
                    input.push(';');
                }
                for &piece in node {
                    input.push_str(PIECES[piece]);
                }
            }
            input.push(')');
        }
        let force = Options { force: true };
        let once = kifu_sgf::write::lossless(&kifu_sgf::fix::fix(input.as_bytes(), &force).collection);
        let again = kifu_sgf::fix::fix(&once, &force);
        proptest::prop_assert!(
            !again.report.changed(),
            "{input}\n{}\n{:?}",
            String::from_utf8_lossy(&once),
            again.report.made
        );
    }
}

/// Found by `sgf_fix`: an ISO-2022-JP comment whose shift back to ASCII
/// was corrupted (`ESC O T ( B`) ran to the end of the input, and the `]`
/// added to close it was read as half of a two-byte character, round
/// after round. The repair now writes the shift back before the `]`.
#[test]
fn fuzz_fix_unclosed_value_in_a_two_byte_set() {
    let input = include_bytes!("../fuzz-regressions/fix-unclosed-value-in-a-two-byte-set.sgf");
    assert_fix_properties(input);
    let fixed = kifu_sgf::fix::fix(input, &Options { force: true });
    let out = kifu_sgf::write::lossless(&fixed.collection);
    assert!(
        out.windows(5).any(|w| w == b"\x1b(B])"),
        "{}",
        String::from_utf8_lossy(&out)
    );
}

/// A value left open after a backslash: the `]` added would be escaped
/// (two rounds of repairs then left `])` in the comment).
#[test]
fn an_unclosed_value_ending_in_a_backslash_is_closed() {
    let input = b"(;FF[4]GM[1];C[a comment \\";
    assert_fix_properties(input);
    let fixed = kifu_sgf::fix::fix(input, &Options { force: true });
    assert_eq!(
        kifu_sgf::write::lossless(&fixed.collection),
        b"(;FF[4]GM[1];C[a comment \\ ])"
    );
}

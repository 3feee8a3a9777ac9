//! Recovery from broken input: what is read, what is reported, where.

use kifu_diag::{LineIndex, Severity};
use kifu_sgf::{parse, write};

/// Parses, checks the lossless invariant, and returns
/// `(code, severity, line, column)` for each diagnostic plus the JSON form.
fn read(input: &str) -> (Vec<(String, Severity, usize, usize)>, String) {
    let parsed = parse(input.as_bytes());
    assert_eq!(
        write::lossless(&parsed.value),
        input.as_bytes(),
        "lossless write must give the input back"
    );
    let index = LineIndex::new(input.as_bytes());
    let diags = parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (line, col) = index.position(input.as_bytes(), d.span.start);
            (d.code.to_string(), d.severity, line, col)
        })
        .collect();
    (diags, write::json(&parsed.value).trim_end().to_owned())
}

fn codes(input: &str) -> Vec<String> {
    read(input).0.into_iter().map(|d| d.0).collect()
}

#[test]
fn clean_input_has_no_diagnostics() {
    let (d, json) = read("(;FF[4]GM[1]SZ[19];B[pd];W[dd])");
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        json,
        r#"[{"props":[["FF",["4"]],["GM",["1"]],["SZ",["19"]]],"children":[{"props":[["B",["pd"]]],"children":[{"props":[["W",["dd"]]],"children":[]}]}]}]"#
    );
}

#[test]
fn every_white_space_form_is_accepted_between_tokens() {
    let (d, json) = read("\t(\r\n;\x0bB\x0c[aa]\r;\n W [bb] \n)\r\n");
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        json,
        r#"[{"props":[["B",["aa"]]],"children":[{"props":[["W",["bb"]]],"children":[]}]}]"#
    );
}

/// A note: SGF readers skip text before the first game, and SGFC says
/// nothing (issue 20, item 9).
#[test]
fn junk_before_the_first_game_is_skipped_with_a_note() {
    let (d, json) = read("Some mail header\n(not this)\n(;GM[1])");
    assert_eq!(
        d,
        vec![("sgf/junk-before-game".into(), Severity::Note, 1, 1)]
    );
    assert_eq!(json, r#"[{"props":[["GM",["1"]]],"children":[]}]"#);
}

#[test]
fn a_utf8_bom_is_not_junk() {
    let (d, _) = read("\u{feff}(;GM[1])");
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn several_games_form_a_collection() {
    let (d, json) = read("(;GN[a])\n(;GN[b])\n\n(;GN[c])\n");
    assert!(d.is_empty());
    assert_eq!(json.matches("\"GN\"").count(), 3);
}

#[test]
fn lowercase_identifiers_read_as_their_uppercase_letters() {
    let input = "(;GaMe[1]AddBlack[aa][bb];Black[qd];thisisaWhitemove[kk]bbrWyryrerwLerreoi[10.3])";
    let (d, json) = read(input);
    assert!(
        d.iter()
            .all(|d| d.0 == "sgf/lowercase-identifier" && d.1 == Severity::Warning)
    );
    assert_eq!(d.len(), 5);
    assert!(
        json.contains(r#"["GM",["1"]],["AB",["aa","bb"]]"#),
        "{json}"
    );
    assert!(json.contains(r#"["B",["qd"]]"#));
    assert!(json.contains(r#"["W",["kk"]],["WL",["10.3"]]"#), "{json}");
}

#[test]
fn missing_final_paren_is_assumed() {
    let (d, json) = read("(;B[aa](;W[bb]");
    assert_eq!(
        d,
        vec![("sgf/missing-close-paren".into(), Severity::Warning, 1, 15)]
    );
    assert!(json.contains(r#"["W",["bb"]]"#));
    // The innermost game tree still open is pointed at.
    let labels = &parse(b"(;B[aa](;W[bb]").diagnostics[0].labels;
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0].span, kifu_sgf::Span::new(7, 8));
}

#[test]
fn extra_close_paren_is_skipped() {
    assert_eq!(codes("(;B[aa]))\n"), vec!["sgf/junk-after-game"]);
}

#[test]
fn empty_variations_are_skipped() {
    let (d, json) = read("(;B[aa]()(;W[bb]))");
    assert_eq!(
        d,
        vec![("sgf/empty-variation".into(), Severity::Warning, 1, 8)]
    );
    assert_eq!(
        json,
        r#"[{"props":[["B",["aa"]]],"children":[{"props":[["W",["bb"]]],"children":[]}]}]"#
    );
}

#[test]
fn missing_semicolon_after_paren_is_assumed() {
    let (d, json) = read("(B[aa](W[bb])(;W[cc]))");
    assert_eq!(
        d.iter().map(|d| (d.0.as_str(), d.3)).collect::<Vec<_>>(),
        vec![("sgf/missing-semicolon", 2), ("sgf/missing-semicolon", 8)]
    );
    assert!(
        json.contains(
            r#""children":[{"props":[["W",["bb"]]],"children":[]},{"props":[["W",["cc"]]]"#
        ),
        "{json}"
    );
}

#[test]
fn missing_open_paren_is_assumed_when_no_game_is_found() {
    let (d, json) = read(";GM[1];B[aa])");
    assert_eq!(d[0].0, "sgf/missing-open-paren");
    assert!(json.contains(r#"["B",["aa"]]"#));
}

#[test]
fn no_data_is_an_error() {
    let (d, json) = read("this is not a game record");
    assert_eq!(d, vec![("sgf/no-data".into(), Severity::Error, 1, 1)]);
    assert_eq!(json, "[]");
    let (d, _) = read("");
    assert_eq!(d[0].0, "sgf/no-data");
}

#[test]
fn characters_between_properties_are_reported_where_they_are() {
    let (d, json) = read("(;B[aa]\n  123 W[bb])");
    assert_eq!(
        d,
        vec![("sgf/illegal-characters".into(), Severity::Warning, 2, 3)]
    );
    assert!(json.contains(r#"[["B",["aa"]],["W",["bb"]]]"#));
}

#[test]
fn values_without_identifier_are_errors() {
    let (d, json) = read("(;[aa]B[bb])");
    assert_eq!(
        d,
        vec![("sgf/value-without-identifier".into(), Severity::Error, 1, 3)]
    );
    assert!(json.contains(r#"[["B",["bb"]]]"#));
}

#[test]
fn identifiers_without_values_are_kept_and_reported() {
    let (d, json) = read("(;LB B[aa])");
    assert_eq!(
        d,
        vec![(
            "sgf/identifier-without-value".into(),
            Severity::Warning,
            1,
            3
        )]
    );
    assert!(json.contains(r#"[["LB",[]],["B",["aa"]]]"#), "{json}");
}

#[test]
fn an_unclosed_value_runs_to_the_end_and_is_an_error() {
    let (d, json) = read("(;C[never closed\\]\n");
    assert_eq!(d[0], ("sgf/unclosed-value".into(), Severity::Error, 1, 4));
    assert!(json.contains("never closed]\\n"), "{json}");
}

#[test]
fn nodes_after_variations_become_one_more_variation() {
    let (d, json) = read("(;B[aa](;W[bb]);W[cc])");
    assert_eq!(
        d,
        vec![(
            "sgf/node-outside-variation".into(),
            Severity::Warning,
            1,
            16
        )]
    );
    assert!(
        json.contains(r#"{"props":[["W",["cc"]]],"children":[]}"#),
        "{json}"
    );
}

#[test]
fn double_open_paren_is_read_as_one() {
    let (d, json) = read("((;B[aa]))");
    assert_eq!(
        codes_of(&d),
        vec!["sgf/junk-before-game", "sgf/junk-after-game"]
    );
    assert_eq!(json, r#"[{"props":[["B",["aa"]]],"children":[]}]"#);
    let (d, json) = read("(;B[aa]((;W[bb])))");
    assert_eq!(
        codes_of(&d),
        vec!["sgf/unbalanced-paren", "sgf/junk-after-game"]
    );
    assert_eq!(
        json,
        r#"[{"props":[["B",["aa"]]],"children":[{"props":[["W",["bb"]]],"children":[]}]}]"#
    );
}

fn codes_of(d: &[(String, Severity, usize, usize)]) -> Vec<&str> {
    d.iter().map(|d| d.0.as_str()).collect()
}

#[test]
fn long_identifiers_are_reported() {
    let input = format!("(;{}[x])", "A".repeat(101));
    assert_eq!(codes(&input), vec!["sgf/identifier-too-long"]);
}

#[test]
fn escapes_are_resolved_in_json_and_nothing_else_changes() {
    let (_, json) = read("(;C[a\\]b\\\\c\\:d  e\\\nf\tg\nh])");
    assert_eq!(
        json,
        r#"[{"props":[["C",["a]b\\c:d  ef\tg\nh"]]],"children":[]}]"#
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let (d, _) = read("(;C[日本語]\n;C[é] 12 B[aa])");
    assert_eq!(
        d,
        vec![("sgf/illegal-characters".into(), Severity::Warning, 2, 7)]
    );
}

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    let depth = 100_000;
    let mut input = String::new();
    for _ in 0..depth {
        input.push_str("(;B[aa]");
    }
    input.push_str(&")".repeat(depth));
    let parsed = parse(input.as_bytes());
    assert!(parsed.diagnostics.is_empty());
    assert_eq!(write::lossless(&parsed.value), input.as_bytes());
    assert_eq!(parsed.value.game(0).unwrap().main_line().count(), depth);
    assert!(write::json(&parsed.value).len() > depth * 20);
    let normalized = write::normalized(&parsed.value);
    assert_eq!(parse(&normalized).value.node_count(), depth);
}

/// Found by the mutation property test: a `(` at the very end, after an
/// identifier without value, was dropped by the lossless writer.
#[test]
fn a_trailing_open_paren_is_kept() {
    let (d, json) = read("unk(;AB[aa:cc]Cunterminated(");
    assert!(codes_of(&d).contains(&"sgf/unbalanced-paren"), "{d:?}");
    assert!(json.contains(r#"["AB",["aa:cc"]]"#));
    let (_, _) = read("(;B[aa](  ");
    let (_, _) = read("(;B[aa]((");
}

/// Found by fuzzing (sgf_parse): a UTF-16 byte order mark followed by an
/// odd byte was read through a lossy UTF-8 transcoding and not written back.
#[test]
fn invalid_utf16_is_read_as_bytes_and_written_back() {
    for input in [
        &b"\xFF\xFE\xFD\xFF"[..],
        b"\xFF\xFEH",
        b"\xFE\xFF\xD8\x00(\x00",
    ] {
        let parsed = parse(input);
        assert_eq!(write::lossless(&parsed.value), input);
    }
    // Valid UTF-16 is still read as text.
    let utf16: Vec<u8> = "\u{feff}(;C[日本])"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let parsed = parse(&utf16);
    assert_eq!(
        parsed.value.game(0).unwrap().root().text("C").as_deref(),
        Some("日本")
    );
    assert_eq!(write::lossless(&parsed.value), utf16);
}

#[test]
fn an_unescaped_bracket_in_text_is_read_as_text() {
    let (d, json) = read("(;US[Matsuyama[3d]]PB[x];C[see [1] 2];B[aa])");
    assert_eq!(
        d,
        vec![
            ("sgf/unescaped-bracket".into(), Severity::Warning, 1, 18),
            ("sgf/unescaped-bracket".into(), Severity::Warning, 1, 34),
        ]
    );
    assert!(
        json.contains(r#"["US",["Matsuyama[3d]"]],["PB",["x"]]"#),
        "{json}"
    );
    assert!(json.contains(r#"["C",["see [1] 2"]]"#), "{json}");
    // Only text values, and not across a property: junk stays junk.
    let (d, json) = read("(;C[x] 12 B[aa])");
    assert_eq!(codes_of(&d), ["sgf/illegal-characters"]);
    assert!(json.contains(r#"[["C",["x"]],["B",["aa"]]]"#), "{json}");
    let (d, json) = read("(;B[aa]12W[bb])");
    assert_eq!(codes_of(&d), ["sgf/illegal-characters"]);
    assert!(json.contains(r#"[["B",["aa"]],["W",["bb"]]]"#));
    // A value whose `]` is followed by something that starts a property is unchanged.
    let (d, _) = read("(;C[a]GN[b])");
    assert!(d.is_empty());
}

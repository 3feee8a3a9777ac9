//! Game information values against their FF[4] forms: a table of values
//! from the specification, from the wild and from the corpus, and
//! properties of the corrections (idempotent, never panicking).

use kifu_sgf::normalize_info::{InfoFix, NORMALIZED, normalize_game_info};
use proptest::prelude::*;

/// What a row expects.
#[derive(Debug)]
enum Want {
    /// Standard as written.
    Ok,
    /// Corrected to this raw value (a repair: the value is wrong as written).
    Fix(&'static str),
    /// Written so only when normalizing: the value is correct as written,
    /// this is the form FF[4] recommends.
    Norm(&'static str),
    /// Flagged, not corrected.
    Bad,
}
use Want::*;

const FF4: &[(&str, &str, Want)] = &[
    // RE: the forms the specification lists.
    ("RE", "B+R", Ok),
    ("RE", "W+R", Ok),
    ("RE", "B+Resign", Ok),
    ("RE", "W+Resign", Ok),
    ("RE", "W+T", Ok),
    ("RE", "B+Time", Ok),
    ("RE", "W+F", Ok),
    ("RE", "B+Forfeit", Ok),
    ("RE", "B+", Ok),
    ("RE", "W+0.5", Ok),
    ("RE", "W+64", Ok),
    ("RE", "B+12.5", Ok),
    ("RE", "0", Ok),
    ("RE", "Draw", Ok),
    ("RE", "Void", Ok),
    ("RE", "?", Ok),
    // RE: corrections.
    ("RE", "Black wins by 3.5", Fix("B+3.5")),
    ("RE", "Black wins by 3.5 points", Fix("B+3.5")),
    ("RE", "White wins by resignation", Fix("W+R")),
    ("RE", "White wins on time", Fix("W+T")),
    ("RE", "Black wins", Fix("B+")),
    ("RE", "Black won by 2", Fix("B+2")),
    ("RE", "Black resigns", Fix("W+R")),
    ("RE", "White resigns.", Fix("B+R")),
    ("RE", "W+3,5", Fix("W+3.5")),
    ("RE", "B+2 1/2", Fix("B+2.5")),
    ("RE", "B+3.5 points", Fix("B+3.5")),
    ("RE", "B+3.5pts", Fix("B+3.5")),
    ("RE", "b+r", Fix("B+R")),
    ("RE", "B+resign", Fix("B+R")),
    ("RE", "w+Resignation", Fix("W+R")),
    ("RE", "W+time", Fix("W+T")),
    ("RE", "W+Time Over", Fix("W+T")),
    ("RE", "B+forfeit", Fix("B+F")),
    ("RE", "B+f", Fix("B+F")),
    ("RE", "jigo", Fix("0")),
    ("RE", "Jigo", Fix("0")),
    ("RE", "draw", Fix("0")),
    ("RE", "DRAW", Fix("0")),
    ("RE", "void", Fix("Void")),
    ("RE", "unknown", Fix("?")),
    ("RE", " B+R ", Fix("B+R")),
    ("RE", "黒中押し勝ち", Fix("B+R")),
    ("RE", "白中押勝", Fix("W+R")),
    // RE: flagged.
    ("RE", "forfeit", Bad),
    ("RE", "W+Repetition", Bad),
    ("RE", "B+Illegal", Bad),
    ("RE", "B+-3", Bad),
    ("RE", "has adjourned.", Bad),
    ("RE", "? (No further moves known)", Bad),
    ("RE", "B+1.5 ? W+timeout", Bad),
    ("RE", "B+11/2", Bad),
    ("RE", "Black resigns. W 133.5 B 81.0", Bad),
    // DT: the ISO lists.
    ("DT", "1996-05-12", Ok),
    ("DT", "1996-05-12,13", Ok),
    ("DT", "1996-05,06", Ok),
    ("DT", "1996,1997", Ok),
    ("DT", "1996", Ok),
    ("DT", "1996-12-27,28,1997-01-03,04", Ok),
    ("DT", "1996-05-06,07,08", Ok),
    ("DT", "2019-02-28,2020-02-29,2021-01-10,11,12,02-03", Ok),
    // DT: corrections.
    ("DT", "12.5.1996", Fix("1996-05-12")),
    ("DT", "19.11.2002", Fix("2002-11-19")),
    ("DT", "1996/05/12", Fix("1996-05-12")),
    ("DT", "1996.05.12", Fix("1996-05-12")),
    ("DT", "1996-5-12", Fix("1996-05-12")),
    ("DT", "1996-5-12,13", Fix("1996-05-12,13")),
    ("DT", "1996-5", Fix("1996-05")),
    ("DT", "May 12, 1996", Fix("1996-05-12")),
    ("DT", "12 May 1996", Fix("1996-05-12")),
    ("DT", "August 1, 2001", Fix("2001-08-01")),
    ("DT", "May 1996", Fix("1996-05")),
    ("DT", "96-05-12", Fix("1996-05-12")),
    ("DT", "13/05/1996", Fix("1996-05-13")),
    ("DT", "05/13/1996", Fix("1996-05-13")),
    ("DT", "9-09-2000", Fix("2000-09-09")),
    ("DT", "19960512", Fix("1996-05-12")),
    ("DT", "1996年5月12日", Fix("1996-05-12")),
    ("DT", "1996-05-12, 13", Fix("1996-05-12,13")),
    ("DT", "1996/05/12,1996/05/13", Fix("1996-05-12,1996-05-13")),
    // DT: several days of one month, listed or as a range, every day
    // kept (issue 20, item 6; SGFC drops the middle day of `23..25`).
    ("DT", "April 14-15, 1957", Fix("1957-04-14,15")),
    ("DT", "24, 25 May 1995", Fix("1995-05-24,25")),
    ("DT", "1945-07-23..25", Fix("1945-07-23,24,25")),
    ("DT", "1945-07-30..08-02", Fix("1945-07-30,31,08-01,02")),
    ("DT", "1996-12-31..1997-01-01", Fix("1996-12-31,1997-01-01")),
    ("DT", "1957-04-14..16,20", Fix("1957-04-14,15,16,20")),
    ("DT", "12th and 13th march 94", Fix("1994-03-12,13")),
    ("DT", "13/5/95", Fix("1995-05-13")),
    ("DT", "13.5.95", Fix("1995-05-13")),
    ("DT", "5/6/95", Bad),
    ("DT", "13/5/05", Bad),
    ("DT", "Sat, 12 May 1996", Fix("1996-05-12")),
    ("DT", "Apr. 14 to 16, 1957", Fix("1957-04-14,15,16")),
    ("DT", "May 12, 1996.", Fix("1996-05-12")),
    // DT: across months and years, every day kept (issue 20).
    ("DT", "April 30 - May 2, 1957", Fix("1957-04-30,05-01,02")),
    ("DT", "30 April - 2 May 1957", Fix("1957-04-30,05-01,02")),
    ("DT", "30 Apr. to 2 May, 1957", Fix("1957-04-30,05-01,02")),
    ("DT", "1957-04-30..05-02", Fix("1957-04-30,05-01,02")),
    (
        "DT",
        "April 29, 30 and May 2, 1957",
        Fix("1957-04-29,30,05-02"),
    ),
    (
        "DT",
        "Dec 30, 1957 - Jan 2, 1958",
        Fix("1957-12-30,31,1958-01-01,02"),
    ),
    (
        "DT",
        "30 December 1957 - 2 January 1958",
        Fix("1957-12-30,31,1958-01-01,02"),
    ),
    (
        "DT",
        "1957-12-30..1958-01-02",
        Fix("1957-12-30,31,1958-01-01,02"),
    ),
    ("DT", "1957-1958", Fix("1957,1958")),
    ("DT", "1957-1959", Fix("1957,1958,1959")),
    // DT: flagged.
    ("DT", "May 2 - April 30, 1957", Bad),
    ("DT", "December 30 - January 2, 1958", Bad),
    ("DT", "April 30 - 2 May 1957", Bad),
    ("DT", "April 30 May 2, 1957", Bad),
    ("DT", "April - May 1957", Bad),
    ("DT", "1958-1957", Bad),
    ("DT", "1600 approx. (Keicho era, 1596-1615)", Bad),
    ("DT", "0850 onwards", Bad),
    ("DT", "May 12 1996 - 14", Bad),
    ("DT", "15-14 May 1957", Bad),
    ("DT", "April 14-15", Bad),
    ("DT", "1945-07-25..23", Bad),
    ("DT", "1945-07-23..32", Bad),
    ("DT", "April 31, 1957", Bad),
    ("DT", "05/06/1996", Bad),
    ("DT", "12-05-06", Bad),
    ("DT", "1996-02-30", Bad),
    ("DT", "1996-13-01", Bad),
    ("DT", "2005-03-12 18:32:00", Bad),
    ("DT", "a sunny afternoon last summer", Bad),
    ("DT", "May June 1996", Bad),
    // KM.
    ("KM", "5.5", Ok),
    ("KM", "0.5", Ok),
    ("KM", "0.00", Ok),
    ("KM", "6.5", Ok),
    ("KM", "0.50", Ok),
    ("KM", "7.5", Ok),
    ("KM", "7.50", Ok),
    ("KM", "0", Ok),
    ("KM", "-4.5", Ok),
    ("KM", "-59.5", Ok),
    ("KM", "375", Ok),
    ("KM", "5 1/2", Fix("5.5")),
    ("KM", "5½", Fix("5.5")),
    ("KM", "5,5", Fix("5.5")),
    ("KM", "-0,5", Fix("-0.5")),
    ("KM", "6.5 points", Fix("6.5")),
    ("KM", "0.5pt", Fix("0.5")),
    ("KM", ".5", Fix("0.5")),
    ("KM", "none", Fix("0")),
    ("KM", " 6.5 ", Fix("6.5")),
    ("KM", "six", Bad),
    ("KM", "6.5 (Chinese)", Bad),
    ("KM", "1,000", Bad),
    // HA.
    ("HA", "2", Ok),
    ("HA", "9", Ok),
    ("HA", "2 stones", Fix("2")),
    ("HA", "+3", Fix("3")),
    ("HA", "0", Bad),
    ("HA", "1", Bad),
    ("HA", "two", Bad),
    // TM.
    ("TM", "600", Ok),
    ("TM", "2400", Ok),
    ("TM", "142.7", Ok),
    ("TM", "0", Ok),
    ("TM", "1h", Fix("3600")),
    ("TM", "1.5h", Fix("5400")),
    ("TM", "1 hour", Fix("3600")),
    ("TM", "9 hours", Fix("32400")),
    ("TM", "90 minutes", Fix("5400")),
    ("TM", "90 min", Fix("5400")),
    ("TM", "1h 30m", Fix("5400")),
    ("TM", "1 hour and 30 minutes", Fix("5400")),
    ("TM", "45s", Fix("45")),
    // Issue 20, item 6: TM is each player's time; saying so changes nothing.
    ("TM", "10 hours each", Fix("36000")),
    ("TM", "3 hours per player", Fix("10800")),
    ("TM", "1h 30m each", Fix("5400")),
    ("TM", "each", Bad),
    ("TM", "1:30:00", Fix("5400")),
    ("TM", "1:00:00", Fix("3600")),
    ("TM", "60+30s", Bad),
    ("TM", "10:00(5x1:00)", Bad),
    ("TM", "30:00+30:00/25", Bad),
    ("TM", "1 hr/125 moves", Bad),
    ("TM", "30:00", Bad),
    ("TM", "-", Bad),
    ("TM", "1800,0,30,5", Bad),
    ("TM", "30m 1h", Bad),
    ("TM", "-60", Bad),
    // OT: free text.
    ("OT", "25/600 Canadian", Ok),
    ("OT", "5x30 byo-yomi", Ok),
    ("OT", " ", Bad),
    ("OT", "", Bad),
    // BR, WR: SimpleText whose recommended form is written only when
    // normalizing (issue 20, item 7: `BR[9 dan]` is correct as written).
    ("BR", "8k*", Ok),
    ("BR", "14k", Ok),
    ("BR", "30k", Ok),
    ("BR", "5d", Ok),
    ("BR", "9d", Ok),
    ("BR", "9p", Ok),
    ("BR", "25k?", Ok),
    ("BR", "3d?", Ok),
    ("BR", "3dan", Ok),
    ("BR", "3kyu", Ok),
    ("BR", "NR", Ok),
    ("BR", "1500*", Ok),
    ("BR", "?", Ok),
    ("BR", "4d*, IGS", Ok),
    ("WR", "13k*", Ok),
    ("WR", "1d", Ok),
    ("BR", "3 dan", Norm("3d")),
    ("BR", "5-dan", Norm("5d")),
    ("WR", "1 kyu", Norm("1k")),
    ("WR", "2 kyu", Norm("2k")),
    ("WR", "9 dan", Norm("9d")),
    ("BR", "9 pro", Norm("9p")),
    ("BR", "9P", Norm("9p")),
    ("BR", "9 dan pro", Norm("9p")),
    ("BR", "3D", Norm("3d")),
    ("BR", "3 dan*", Norm("3d*")),
    ("BR", "17k ", Norm("17k")),
    ("WR", "NR ", Norm("NR")),
    ("BR", "0k", Bad),
    ("BR", "31k", Bad),
    ("BR", "10d", Bad),
    ("WR", "10p", Bad),
    // Properties without rules.
    ("PB", "", Ok),
    ("EV", "  x  ", Ok),
];

fn outcome(property: &str, raw: &str, ff: u8) -> InfoFix {
    normalize_game_info(property, raw, ff)
}

#[test]
fn the_table() {
    let mut wrong = Vec::new();
    for (property, raw, want) in FF4 {
        let got = outcome(property, raw, 4);
        let right = match (want, &got) {
            (Ok, InfoFix::Standard) | (Bad, InfoFix::Invalid { .. }) => true,
            (
                Fix(v),
                InfoFix::Corrected {
                    value, required, ..
                },
            ) => v == value && *required,
            (
                Norm(v),
                InfoFix::Corrected {
                    value, required, ..
                },
            ) => v == value && !*required,
            _ => false,
        };
        if !right {
            wrong.push(format!("{property}[{raw}]: want {want:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn explanations_are_given() {
    let InfoFix::Corrected { explanation, .. } = outcome("KM", "5,5", 4) else {
        panic!("not corrected");
    };
    assert_eq!(explanation, "decimal comma");
    let InfoFix::Invalid { reason } = outcome("TM", "60+30s", 4) else {
        panic!("not flagged");
    };
    assert!(reason.contains("OT"), "{reason}");
    assert_eq!(
        outcome("RE", "Black wins by 3.5", 4).to_string(),
        "written B+3.5 in FF[4] (the result in words)"
    );
}

#[test]
fn old_formats_put_no_form_on_dates() {
    // Unreadable: allowed in FF[1]-FF[3], flagged in FF[4].
    for ff in 1..=3 {
        assert_eq!(
            outcome("DT", "a sunny afternoon last summer", ff),
            InfoFix::Standard
        );
        assert_eq!(outcome("DT", "05/06/1996", ff), InfoFix::Standard);
        for (raw, ff4) in [
            ("12.5.1996", "1996-05-12"),
            ("April 14-15, 1957", "1957-04-14,15"),
            ("24, 25 May 1995", "1995-05-24,25"),
            ("1945-07-23..25", "1945-07-23,24,25"),
        ] {
            let fix = outcome("DT", raw, ff);
            assert_eq!(fix.corrected(), Some(ff4));
            assert!(matches!(
                fix,
                InfoFix::Corrected {
                    required: false,
                    ..
                }
            ));
        }
    }
    // Other properties read the same in every version.
    assert_eq!(outcome("RE", "jigo", 3).corrected(), Some("0"));
    assert!(matches!(outcome("HA", "0", 1), InfoFix::Invalid { .. }));
}

#[test]
fn escapes_are_read_and_written() {
    // `\]` in the raw value is a `]`: no rank, free text.
    assert_eq!(outcome("BR", "3d\\]", 4), InfoFix::Standard);
    // An escaped `+` is a `+`.
    assert_eq!(outcome("RE", "B\\+R", 4), InfoFix::Standard);
    // A soft line break disappears, a hard one is white space.
    assert_eq!(outcome("RE", "B+\\\nR", 4), InfoFix::Standard);
    assert_eq!(outcome("RE", "B+R\n", 4).corrected(), Some("B+R"));
}

#[test]
fn check_reports_the_corrections() {
    let input = b"(;FF[4]GM[1]RE[Black wins by 3.5]KM[6,5]HA[0]DT[05/06/1996]BR[3d])";
    let c = kifu_sgf::parse(input).value;
    let found: Vec<(String, String, String)> = kifu_sgf::check::check(&c)
        .iter()
        .map(|d| {
            let span = &input[d.span.start as usize..d.span.end as usize];
            (
                d.code.as_str().to_owned(),
                String::from_utf8_lossy(span).into_owned(),
                d.message.to_string(),
            )
        })
        .collect();
    let codes: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, s, _)| (c.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            ("sgf/nonstandard-game-info", "Black wins by 3.5"),
            ("sgf/nonstandard-game-info", "6,5"),
            ("sgf/invalid-game-info", "0"),
            ("sgf/invalid-game-info", "05/06/1996"),
        ]
    );
    assert_eq!(
        found[0].2,
        "RE[Black wins by 3.5]: written B+3.5 in FF[4] (the result in words)"
    );
    assert!(found[3].2.starts_with("DT[05/06/1996]: "), "{}", found[3].2);
}

#[test]
fn the_corpus_values_are_standard() {
    // The most common values of the corpus (counts from
    // `grep -oh 'RE\[[^]]*\]' -r corpus/sgf | sort | uniq -c | sort -rn`).
    for (property, values) in [
        (
            "RE",
            &[
                "W+Resign", "B+Resign", "W+R", "B+R", "B+7.50", "B+63.5", "B+6.5", "B+13.50", "?",
                "W+T", "W+F", "W+7.5", "W+67.50", "W+4.50", "W+11.0", "W+0.50", "Void", "Draw",
            ][..],
        ),
        (
            "DT",
            &[
                "2004-07-04",
                "2004-07-05",
                "2002-01-07",
                "2005-04-08",
                "2003-12-16",
                "2019-04-26",
            ][..],
        ),
        (
            "KM",
            &[
                "5.5", "0.5", "0.00", "6.5", "0.50", "7.5", "7.50", "6.50", "0", "5.50", "0.0",
                "-4.5",
            ][..],
        ),
        (
            "TM",
            &[
                "600", "2400", "1200", "60", "1500", "900", "50", "1800", "300",
            ][..],
        ),
        ("HA", &["9", "2", "3", "4", "6", "5", "7", "8"][..]),
        (
            "BR",
            &[
                "NR", "8k*", "14k*", "13k", "10k*", "14k", "30k", "5d", "9p", "1500*", "4p", "25k?",
            ][..],
        ),
        (
            "WR",
            &["13k*", "14k*", "13k", "11k*", "1k*", "1d", "2d*", "7d*"][..],
        ),
        (
            "OT",
            &["25/600 Canadian", "20/120 Canadian", "5x30 byo-yomi"][..],
        ),
    ] {
        for v in values {
            assert_eq!(
                outcome(property, v, 4),
                InfoFix::Standard,
                "{property}[{v}]"
            );
        }
    }
}

fn property() -> impl Strategy<Value = &'static str> {
    prop::sample::select(NORMALIZED)
}

/// Values near the forms the rules know, and anything at all.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ BWbw+RTFrtf0-9.,/:½年月日-]{0,12}",
        "(Black|White|black|B|W) ?(wins|won|resigns)? ?(by|on)? ?[0-9]{0,2}([.,][0-9])? ?(points|resign|time)?",
        "[0-9]{1,4}([-/. ][0-9]{1,4}){0,2}(,[0-9]{1,2}){0,2}",
        "[0-9]{1,2} ?(h|m|s|hours?|min|minutes|sec|k|d|p|dan|kyu|pro|stones)[*?]?",
        "(Jan|May|Dec|june) [0-9]{1,2},? [0-9]{4}",
        any::<String>(),
    ]
}

proptest! {
    #[test]
    fn corrections_are_standard(property in property(), raw in value(), ff in 1u8..=4) {
        if let InfoFix::Corrected { value, explanation, .. } = normalize_game_info(property, &raw, ff) {
            prop_assert_eq!(
                normalize_game_info(property, &value, ff),
                InfoFix::Standard,
                "{}[{}] -> {}", property, raw, value
            );
            // And in FF[4] too, but for a free-form date of FF[1]-FF[3]
            // that only lost its white space.
            if explanation != "white space removed" || property != "DT" {
                prop_assert_eq!(
                    normalize_game_info(property, &value, 4),
                    InfoFix::Standard,
                    "{}[{}] -> {} (FF[4])", property, raw, value
                );
            }
        }
    }

    #[test]
    fn nothing_panics(property in "[A-Z]{1,2}", raw in any::<String>(), ff in any::<u8>()) {
        let _ = normalize_game_info(&property, &raw, ff);
    }

    #[test]
    fn check_does_not_panic(raw in "[^\\]\\\\]{0,20}") {
        for property in NORMALIZED {
            let input = format!("(;FF[4]GM[1]{property}[{raw}])");
            let _ = kifu_sgf::check::check(&kifu_sgf::parse(input.as_bytes()).value);
        }
    }
}

#[test]
fn check_reads_values_in_the_files_charset() {
    let (re, _, _) = encoding_rs::GB18030.encode("黑中盘胜");
    let mut input = b"(;FF[4]CA[GB18030]GM[1]RE[".to_vec();
    input.extend_from_slice(&re);
    input.extend_from_slice(b"])");
    let c = kifu_sgf::parse(&input).value;
    let found: Vec<String> = kifu_sgf::check::check(&c)
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect();
    assert_eq!(
        found,
        [
            "sgf/nonstandard-game-info: RE[黑中盘胜]: written B+R in FF[4] (a win by resignation is written +R)"
        ]
    );
}

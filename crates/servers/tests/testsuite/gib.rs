//! GIB: each header key, each game line, each edge.

use kifu_diag::LineIndex;
use kifu_servers::Format;

use crate::{Converted, convert};

/// A GIB file from header entries and game lines (CRLF, as Tygem writes).
fn gib(header: &[(&str, &str)], game: &[&str]) -> String {
    let mut s = String::from("\\HS\r\n");
    for (k, v) in header {
        s.push_str(&format!("\\[{k}={v}\\]\r\n"));
    }
    s.push_str("\\HE\r\n\\GS\r\n");
    for line in game {
        s.push_str(line);
        s.push_str("\r\n");
    }
    s.push_str("\\GE\r\n");
    s
}

const MOVES: &[&str] = &[
    "2 1 0",
    "4 0 &4",
    "INI 0 1 0 &4 ",
    "STO 0 2 1 15 3 ",
    "STO 0 3 2 3 15 ",
    "STO 0 4 1 15 15 ",
];

fn read(text: &str) -> Converted {
    convert(text.as_bytes(), Format::Gib)
}

/// `(line, code)` of each diagnostic.
fn lines(text: &str, c: &Converted) -> Vec<(usize, &'static str)> {
    let index = LineIndex::new(text.as_bytes());
    c.diagnostics
        .iter()
        .map(|d| {
            (
                index.position(text.as_bytes(), d.span.start).0,
                d.code.as_str(),
            )
        })
        .collect()
}

#[test]
fn every_header_key_lands_in_its_property() {
    let text = gib(
        &[
            ("GIBOKIND", "Global"),
            ("TYPE", "0"),
            ("SZAUDIO", "0"),
            ("GAMECONDITION", "Even : Black Gongje 6.5"),
            (
                "GAMETIME",
                "Time limit 10minute : 30 second countdown 3 time",
            ),
            ("GAMERESULT", "White wins by resignation"),
            ("GAMEZIPSU", "0"),
            ("GAMEDUM", "0"),
            ("GAMEGONGJE", "65"),
            ("GAMETOTALNUM", "3"),
            ("GAMENAME", "Rated game"),
            ("GAMEDATE", "2017- 1- 6-12- 6-22"),
            ("GAMEPLACE", "Tygem Baduk"),
            ("GAMELECNAME", "Lecturer"),
            ("GAMEWHITENAME", "Shiro Name (5D)"),
            ("GAMEWHITELEVEL", "22"),
            ("GAMEWHITENICK", "shiro"),
            ("GAMEWHITECOUNTRY", "0"),
            ("GAMEWAVATA", "1"),
            ("GAMEWIMAGE", ""),
            ("GAMEBLACKNAME", "kuro (2K)"),
            ("GAMEBLACKLEVEL", "15"),
            ("GAMEBLACKNICK", "kuro"),
            ("GAMEBLACKCOUNTRY", "0"),
            ("GAMEBAVATA", "1"),
            ("GAMEBIMAGE", ""),
            ("GAMECOMMENT", "A [friendly] game"),
            (
                "GAMEINFOMAIN",
                "GBKIND:0,GTYPE:0,GCDT:0,GTIME:600-30-3,GRLT:4,ZIPSU:0,DUM:0,GONGJE:65,TCNT:3,AUSZ:0",
            ),
            (
                "GAMEINFOSUB",
                "GNAMEF:0,GPLCF:0,GNAME:Rated game,GDATE:2017- 1- 6-12- 6-22,GPLC:Tygem Baduk,GCMT:",
            ),
            (
                "WUSERINFO",
                "WID:shiro,WLV:22,WNICK:shiro,WNCD:0,WAID:1,WIMG:",
            ),
            (
                "BUSERINFO",
                "BID:kuro,BLV:15,BNICK:kuro,BNCD:0,BAID:1,BIMG:",
            ),
            (
                "GAMETAG",
                "S0,R0,D0,G65,W4,Z0,T30-3-600,C2017:01:06:12:06,I:shiro,L:22,M:kuro,N:15",
            ),
        ],
        MOVES,
    );
    let c = read(&text);
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(
        c.sgf(),
        "(;GM[1]FF[4]CA[UTF-8]SZ[19]GN[Rated game]DT[2017-01-06]PC[Tygem Baduk]PB[kuro]\n\
         BR[2k]PW[Shiro Name]WR[5d]KM[6.5]TM[600]OT[3x30 byo-yomi]RE[W+R]AN[Lecturer]\n\
         GC[A [friendly\\] game];B[pd];W[dp];B[pp])\n"
    );
    assert_eq!(c.sgf_check(), Vec::<String>::new());
}

#[test]
fn results_come_from_grlt_then_from_the_text() {
    let re = |main: &str, result: &str| {
        let c = read(&gib(
            &[("GAMEINFOMAIN", main), ("GAMERESULT", result)],
            MOVES,
        ));
        (c.root("RE"), c.codes())
    };
    let none: Vec<&str> = Vec::new();
    assert_eq!(
        re("GRLT:0,ZIPSU:35,", ""),
        (Some("B+3.5".into()), none.clone())
    );
    assert_eq!(
        re("GRLT:1,ZIPSU:5,", ""),
        (Some("W+0.5".into()), none.clone())
    );
    assert_eq!(
        re("GRLT:3,ZIPSU:0,", ""),
        (Some("B+R".into()), none.clone())
    );
    assert_eq!(
        re("GRLT:4,ZIPSU:0,", ""),
        (Some("W+R".into()), none.clone())
    );
    assert_eq!(
        re("GRLT:7,ZIPSU:0,", ""),
        (Some("B+T".into()), none.clone())
    );
    assert_eq!(
        re("GRLT:8,ZIPSU:0,", ""),
        (Some("W+T".into()), none.clone())
    );
    // No GRLT, or one of no known meaning: the text.
    assert_eq!(
        re("ZIPSU:0,", "백 불계승"),
        (Some("W+R".into()), none.clone())
    );
    assert_eq!(
        re("GRLT:255,", "흑 3집반승"),
        (Some("B+3.5".into()), none.clone())
    );
    assert_eq!(re("GRLT:255,", ""), (None, none.clone()));
    // Text and number disagree: the number wins, with a warning.
    assert_eq!(
        re("GRLT:3,", "백 불계승"),
        (Some("B+R".into()), vec!["servers/bad-value"])
    );
    // A text kifu does not read: kept in GC.
    let c = read(&gib(&[("GAMERESULT", "Progressing")], MOVES));
    assert_eq!(
        (c.root("RE"), c.root("GC")),
        (None, Some("Progressing".into()))
    );
    assert_eq!(c.codes(), ["servers/bad-value"]);
}

#[test]
fn gametag_fills_what_the_other_keys_leave_out() {
    let c = read(&gib(
        &[(
            "GAMETAG",
            "S1,R2,D0,G75,W1,Z25,T60-5-3600,C2020:02:29:23:59,I:a,L:1",
        )],
        &[
            "2 1 0",
            "3 0 &4",
            "INI 0 1 2 &4",
            "STO 0 2 2 15 15",
            "STO 0 3 1 3 3",
        ],
    ));
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    for (id, want) in [
        ("RE", "W+2.5"),
        ("KM", "7.5"),
        ("TM", "3600"),
        ("OT", "5x60 byo-yomi"),
        ("DT", "2020-02-29"),
        ("HA", "2"),
        ("AB", "pd][dp"),
    ] {
        assert_eq!(c.root(id).as_deref(), Some(want), "{id}");
    }
}

#[test]
fn handicaps_follow_tygem() {
    let ha = |h: &str| {
        let ini = format!("INI 0 1 {h} &4");
        let c = read(&gib(&[], &["2 1 0", "1 0 &4", &ini]));
        (c.root("HA"), c.root("AB"), c.codes())
    };
    assert_eq!(ha("0"), (None, None, vec![]));
    assert_eq!(ha("1"), (None, None, vec![]));
    assert_eq!(
        ha("4"),
        (Some("4".into()), Some("pd][dp][dd][pp".into()), vec![])
    );
    assert_eq!(
        ha("9"),
        (
            Some("9".into()),
            Some("pd][dp][dd][pp][dj][pj][jd][jp][jj".into()),
            vec![]
        )
    );
    assert_eq!(ha("12"), (None, None, vec!["servers/bad-value"]));
}

#[test]
fn a_pass_is_ski_and_its_player_is_the_one_to_move() {
    let c = read(&gib(
        &[],
        &[
            "2 1 0",
            "5 0 &4",
            "INI 0 1 0 &4",
            "STO 0 2 1 3 3",
            "SKI 0 3",
            "STO 0 4 1 4 4",
            "SKI 0 5",
        ],
    ));
    assert_eq!(c.moves(), ["B[dd]", "W[]", "B[ee]", "W[]"]);
    assert_eq!(c.codes(), Vec::<&str>::new());
}

#[test]
fn the_ini_line_carries_a_comment() {
    let c = read(&gib(&[], &["INI 0 1 0 &4 Game resumed", "STO 0 2 1 3 3"]));
    assert_eq!(c.root("C").as_deref(), Some("Game resumed"));
}

#[test]
fn unknown_keys_and_lines_are_reported_where_they_are() {
    let text = gib(
        &[("GAMEBLACKNAME", "kuro"), ("GAMENEWTHING", "1")],
        &[
            "2 1 0",
            "INI 0 1 0 &4",
            "STO 0 2 1 3 3",
            "XYZ what",
            "STO 0 3 2",
        ],
    );
    let c = read(&text);
    assert_eq!(
        lines(&text, &c),
        [
            (3, "servers/unknown-key"),
            (9, "servers/bad-line"),
            (10, "servers/bad-line")
        ]
    );
    // The column of the key, after `\[`.
    let index = LineIndex::new(text.as_bytes());
    assert_eq!(
        index.position(text.as_bytes(), c.diagnostics[0].span.start),
        (3, 3)
    );
    assert_eq!(c.moves(), ["B[dd]"]);
}

#[test]
fn a_cut_file_says_so_and_keeps_its_moves() {
    let text = "\\HS\r\n\\[GAMEBLACKNAME=kuro\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n9 0 &4\r\n\
                INI 0 1 0 &4\r\nSTO 0 2 1 3 3\r\nSTO 0 3 2 15";
    let c = read(text);
    assert_eq!(
        c.codes(),
        ["servers/truncated", "servers/bad-line", "servers/truncated"],
        "{:?}",
        c.diagnostics
    );
    assert_eq!(c.moves(), ["B[dd]"]);
    assert_eq!(c.root("PB").as_deref(), Some("kuro"));
    // TCNT larger than the moves there.
    let c = read(&gib(&[("GAMEINFOMAIN", "TCNT:40,")], MOVES));
    assert_eq!(c.codes(), ["servers/truncated"]);
}

#[test]
fn missing_sections() {
    // No \GS: no moves, an error.
    let c = read("\\HS\n\\[GAMEBLACKNAME=kuro\\]\n\\HE\n");
    assert_eq!(c.codes(), ["servers/missing-section"]);
    assert_eq!(c.root("PB").as_deref(), Some("kuro"));
    // No \HS: the entries are read all the same.
    let c = read("\\[GAMEBLACKNAME=kuro\\]\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\n\\GE\n");
    assert_eq!(c.codes(), ["servers/missing-section"]);
    assert_eq!(
        (c.root("PB").as_deref(), c.moves().len()),
        (Some("kuro"), 1)
    );
    // No INI line.
    let c = read("\\HS\n\\HE\n\\GS\nSTO 0 2 1 3 3\n\\GE\n");
    assert_eq!(c.codes(), ["servers/missing-section"]);
    // Nothing of GIB at all.
    let c = read("(;GM[1];B[aa])");
    assert_eq!(c.codes(), ["servers/not-this-format"]);
    assert!(c.collection.is_empty());
}

#[test]
fn moves_off_the_board_are_dropped_and_illegal_ones_kept() {
    let text = gib(
        &[],
        &[
            "INI 0 1 0 &4",
            "STO 0 2 1 19 3",
            "STO 0 3 1 3 3",
            "STO 0 4 2 3 3",
            "STO 0 5 1 0 -1",
        ],
    );
    let c = read(&text);
    assert_eq!(
        lines(&text, &c),
        [
            (5, "servers/off-board"),
            (7, "servers/illegal-move"),
            (8, "servers/off-board")
        ]
    );
    assert_eq!(c.moves(), ["B[dd]", "W[dd]"]);
    assert!(
        c.diagnostics[1].message.contains("D16"),
        "{}",
        c.diagnostics[1]
    );
}

#[test]
fn move_numbers_out_of_step_are_kept_in_mn() {
    let c = read(&gib(
        &[],
        &[
            "INI 0 1 0 &4",
            "STO 0 2 1 3 3",
            "STO 0 7 2 4 4",
            "STO 0 8 1 5 5",
        ],
    ));
    assert_eq!(c.codes(), ["servers/move-number"]);
    assert_eq!(
        c.sgf(),
        "(;GM[1]FF[4]CA[UTF-8]SZ[19];B[dd];W[ee]MN[6];B[ff])\n"
    );
}

#[test]
fn a_value_may_run_over_two_lines() {
    let text = "\\HS\n\\[GAMETIME=Time limit 20minute :\n 30 second countdown 3 time\\]\n\
                \\[GAMEBLACKNAME=kuro\\]\n\\HE\n\\GS\nINI 0 1 0 &4\n\\GE\n";
    let c = read(text);
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(
        c.root("GC").as_deref(),
        Some("Time limit 20minute : 30 second countdown 3 time")
    );
    assert_eq!(c.root("PB").as_deref(), Some("kuro"));
}

#[test]
fn charsets_are_found_from_the_bytes() {
    let (name, _, _) = encoding_rs::EUC_KR.encode("이세돌 (9단)");
    let (result, _, _) = encoding_rs::EUC_KR.encode("흑 불계승");
    let mut bytes = b"\\HS\r\n\\[GAMEBLACKNAME=".to_vec();
    bytes.extend_from_slice(&name);
    bytes.extend_from_slice(b"\\]\r\n\\[GAMERESULT=");
    bytes.extend_from_slice(&result);
    bytes.extend_from_slice(b"\\]\r\n\\HE\r\n\\GS\r\nINI 0 1 0 &4\r\n\\GE\r\n");
    // With GIBOKIND=Korea: read as EUC-KR, as the client says.
    let mut korea = b"\\HS\r\n\\[GIBOKIND=Korea\\]\r\n".to_vec();
    korea.extend_from_slice(&bytes[5..]);
    for input in [&bytes, &korea] {
        let c = convert(input, Format::Gib);
        assert_eq!(c.root("PB").as_deref(), Some("이세돌"));
        assert_eq!(c.root("BR").as_deref(), Some("9d"));
        assert_eq!(c.root("RE").as_deref(), Some("B+R"));
        assert_eq!(c.codes(), ["servers/charset"]);
        assert!(
            c.diagnostics[0].message.contains("EUC-KR"),
            "{}",
            c.diagnostics[0]
        );
    }
    // GIBOKIND=Korea over UTF-8 text: UTF-8, silently.
    let utf8 = "\\HS\n\\[GIBOKIND=Korea\\]\n\\[GAMEBLACKNAME=이세돌 (9단)\\]\n\\HE\n";
    let c = convert(utf8.as_bytes(), Format::Gib);
    assert_eq!(c.root("PB").as_deref(), Some("이세돌"));
    assert_eq!(c.codes(), ["servers/missing-section"]);
}

/// `read` reads without playing the game (as `kifu_sgf::parse` does);
/// `read_checked` (what `kifu check` and `convert` use) adds the illegal
/// moves, and the two give the same game.
#[test]
fn read_leaves_the_replay_to_read_checked() {
    let text = gib(&[], &["INI 0 1 0 &4", "STO 0 2 1 3 3", "STO 0 3 2 3 3"]);
    let plain = kifu_servers::read(text.as_bytes(), Format::Gib);
    let checked = kifu_servers::read_checked(text.as_bytes(), Format::Gib);
    assert!(plain.diagnostics.is_empty(), "{:?}", plain.diagnostics);
    assert_eq!(
        checked
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect::<Vec<_>>(),
        ["servers/illegal-move"]
    );
    assert_eq!(
        kifu_sgf::write::normalized(&plain.value),
        kifu_sgf::write::normalized(&checked.value)
    );
}

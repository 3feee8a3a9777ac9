//! NGF: each header line, move lines, the GI variant, each edge.

use kifu_servers::Format;

use crate::{Converted, convert};

fn read(text: &str) -> Converted {
    convert(text.as_bytes(), Format::Ngf)
}

/// An NGF file: the twelve header lines, then the moves.
fn ngf(header: [&str; 12], moves: &[&str]) -> String {
    let mut s = header.join("\r\n");
    s.push_str("\r\n");
    for m in moves {
        s.push_str(m);
        s.push_str("\r\n");
    }
    s
}

const HEADER: [&str; 12] = [
    "Rated game",
    "19",
    "Shiro Name  5D",
    "kuro        2K",
    "www.cyberoro.com",
    "0",
    "0",
    "6",
    "20111003 [19:28]",
    "480",
    "White wins by resign!",
    "3",
];

const MOVES: &[&str] = &["PMABBQEEQ", "PMACWEQQE", "PMADBQQQQ"];

#[test]
fn every_header_line_lands_in_its_property() {
    let c = read(&ngf(HEADER, MOVES));
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(
        c.sgf(),
        "(;GM[1]FF[4]CA[UTF-8]SZ[19]GN[Rated game]DT[2011-10-03]PC[www.cyberoro.com]\n\
         PB[kuro]BR[2k]PW[Shiro Name]WR[5d]KM[6.5]RE[W+R];B[pd];W[dp];B[pp])\n"
    );
}

#[test]
fn komi_gets_its_half_point_only_in_even_games() {
    let komi = |handicap: &str, komi: &str| {
        let mut h = HEADER;
        h[5] = handicap;
        h[7] = komi;
        let c = read(&ngf(h, &[]));
        (c.root("KM"), c.root("HA"), c.root("AB"))
    };
    assert_eq!(komi("0", "6"), (Some("6.5".into()), None, None));
    assert_eq!(komi("0", "0"), (Some("0.5".into()), None, None));
    assert_eq!(komi("0", "6.5"), (Some("6.5".into()), None, None));
    assert_eq!(
        komi("3", "0"),
        (
            Some("0".into()),
            Some("3".into()),
            Some("pd][dp][dd".into())
        )
    );
}

#[test]
fn results() {
    for (line, want) in [
        ("Black wins by 0.5!", Some("B+0.5")),
        ("White Win by Resign!", Some("W+R")),
        ("흑 1.5집 승", Some("B+1.5")),
        ("黒中押し勝ち!", Some("B+R")),
        ("白時間切れ勝ち！", Some("W+T")),
        ("Black Win 6.5 >> White(50):Black(63)", Some("B+6.5")),
    ] {
        let mut h = HEADER;
        h[10] = line;
        let c = read(&ngf(h, MOVES));
        assert_eq!(c.root("RE").as_deref(), want, "{line}");
        assert_eq!(c.codes(), Vec::<&str>::new(), "{line}");
    }
    let mut h = HEADER;
    h[10] = "Progressing!";
    let c = read(&ngf(h, MOVES));
    assert_eq!(
        (c.root("RE"), c.root("GC")),
        (None, Some("Progressing!".into()))
    );
    assert_eq!(c.codes(), ["servers/bad-value"]);
}

#[test]
fn passes_numbers_and_check_letters() {
    let c = read(&ngf(
        HEADER,
        &["PMABBQEEQ", "PMACWAAAA", "PMAFBEQQE", "PMAGWDDED"],
    ));
    assert_eq!(c.moves(), ["B[pd]", "W[]", "B[dp]", "W[cc]"]);
    assert_eq!(c.codes(), ["servers/move-number", "servers/bad-value"]);
    assert!(c.sgf().contains(";B[dp]MN[5]"), "{}", c.sgf());
}

#[test]
fn moves_off_the_board_are_dropped() {
    let c = read(&ngf(HEADER, &["PMABBZZZZ", "PMACWAQQA", "PMADBQEEQ"]));
    assert_eq!(c.codes(), ["servers/off-board", "servers/off-board"]);
    assert_eq!(c.moves(), ["B[pd]"]);
}

#[test]
fn a_cut_file_says_so() {
    // The header announces 3 moves; the file stops after one.
    let c = read(&ngf(HEADER, &["PMABBQEEQ", "PMAC"]));
    assert_eq!(c.codes(), ["servers/bad-line", "servers/truncated"]);
    assert_eq!(c.moves(), ["B[pd]"]);
    // A header cut short.
    let c = read("Rated game\n19\nShiro 5D\nkuro 2K\n");
    assert_eq!(c.codes(), ["servers/missing-section"]);
    assert_eq!(c.root("PB").as_deref(), Some("kuro"));
    assert_eq!(c.root("PW").as_deref(), Some("Shiro"));
}

#[test]
fn old_files_with_a_shorter_header_still_give_their_moves() {
    let c = read("Old game\n19\nShiro 5D\nkuro 2K\nPMABBQEEQ\nPMACWEQQE\n");
    assert_eq!(c.codes(), ["servers/missing-section"]);
    assert_eq!(c.moves(), ["B[pd]", "W[dp]"]);
}

#[test]
fn bad_numbers_and_sizes() {
    let mut h = HEADER;
    h[1] = "9";
    let c = read(&ngf(h, &["PMABBFFFF", "PMACWKKKK"]));
    assert_eq!(c.root("SZ").as_deref(), Some("9"));
    // The header announces 3 moves.
    assert_eq!(c.codes(), ["servers/off-board", "servers/truncated"]);
    assert_eq!(c.moves(), ["B[ee]"]);
    h[1] = "big";
    h[7] = "six";
    let c = read(&ngf(h, MOVES));
    assert_eq!(c.root("SZ").as_deref(), Some("19"));
    assert_eq!(c.root("KM"), None);
    assert_eq!(c.codes(), ["servers/bad-value", "servers/bad-value"]);
}

#[test]
fn shift_jis_text_is_detected() {
    let mut bytes = Vec::new();
    for line in [
        "レーティング対局",
        "19",
        "アギラール  7段*",
        "江維傑      5段P",
        "www.cyberoro.com",
        "0",
        "0",
        "6",
        "20110812 [09:31]",
        "480",
        "黒中押し勝ち!",
        "1",
        "PMABBQEEQ",
    ] {
        let (b, _, _) = encoding_rs::SHIFT_JIS.encode(line);
        bytes.extend_from_slice(&b);
        bytes.extend_from_slice(b"\r\n");
    }
    let c = convert(&bytes, Format::Ngf);
    assert_eq!(c.codes(), ["servers/charset"]);
    assert!(
        c.diagnostics[0].message.contains("Shift_JIS"),
        "{}",
        c.diagnostics[0]
    );
    assert_eq!(c.root("PW").as_deref(), Some("アギラール"));
    assert_eq!(c.root("WR").as_deref(), Some("7d*"));
    assert_eq!(c.root("PB").as_deref(), Some("江維傑"));
    assert_eq!(c.root("BR").as_deref(), Some("5p"));
    assert_eq!(c.root("RE").as_deref(), Some("B+R"));
    assert_eq!(c.root("GN").as_deref(), Some("レーティング対局"));
}

#[test]
fn the_gi_variant() {
    let text = "GITitle\nGIWhite 3D\nGIBlack 2D\nGI\nGI\nGI2006-9-5\nGI19\nGI0\nGI0\nGI6\nGI2\n\
                PMABBQEEQ\nPMACWEQQE\nGI1\nIDW[2] First line\nsecond line[EndTxt]\n\
                IDB[0] About the game[EndTxt]\n";
    let c = read(text);
    assert_eq!(
        c.codes(),
        ["servers/bad-value", "servers/not-kept"],
        "{:?}",
        c.diagnostics
    );
    for (id, want) in [
        ("GN", "Title"),
        ("PW", "White"),
        ("WR", "3d"),
        ("PB", "Black"),
        ("BR", "2d"),
        ("DT", "2006-09-05"),
        ("KM", "6.5"),
        ("C", "About the game"),
    ] {
        assert_eq!(c.root(id).as_deref(), Some(want), "{id}");
    }
    let last = c.collection.game(0).unwrap().main_line().last().unwrap();
    assert_eq!(last.text("C").as_deref(), Some("First line\nsecond line"));
}

#[test]
fn not_ngf() {
    let c = read("");
    assert_eq!(c.codes(), ["servers/not-this-format"]);
    assert!(c.collection.is_empty());
}

#[test]
fn iso_2022_jp_text_is_detected_though_all_its_bytes_are_ascii() {
    let mut bytes = Vec::new();
    for line in HEADER.iter().copied().chain(MOVES.iter().copied()) {
        let line = if line == "Shiro Name  5D" {
            "本因坊秀策  5D"
        } else {
            line
        };
        let (b, _, _) = encoding_rs::ISO_2022_JP.encode(line);
        bytes.extend_from_slice(&b);
        bytes.push(b'\n');
    }
    assert!(bytes.is_ascii());
    let c = convert(&bytes, Format::Ngf);
    assert_eq!(c.root("PW").as_deref(), Some("本因坊秀策"));
    assert_eq!(c.codes(), ["servers/charset"]);
}

#[test]
fn a_title_that_starts_with_gi_is_no_gi_variant() {
    let mut h = HEADER;
    h[0] = "GIANT killer";
    let c = read(&ngf(h, MOVES));
    assert_eq!(c.codes(), Vec::<&str>::new());
    assert_eq!(c.root("GN").as_deref(), Some("GIANT killer"));
    assert_eq!(c.root("PB").as_deref(), Some("kuro"));
}

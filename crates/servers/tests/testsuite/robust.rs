//! Any bytes give diagnostics, never a panic; generated games of each
//! format read back move for move; sniffing tells the formats apart.

use kifu_servers::Format;
use proptest::prelude::*;

use crate::{convert, corpus_dir};

/// Inputs to mutate: the fixtures, and the corpus files when present.
fn seeds() -> Vec<(Vec<u8>, Format)> {
    let mut out = vec![
        (include_bytes!("../data/review.ugi").to_vec(), Format::Ugi),
        (
            include_bytes!("../data/handicap2.ngf").to_vec(),
            Format::Ngf,
        ),
    ];
    if let Some(dir) = corpus_dir() {
        for (sub, format) in [
            ("gib", Format::Gib),
            ("ngf", Format::Ngf),
            ("ugf", Format::Ugf),
        ] {
            for entry in std::fs::read_dir(dir.join("other/sabaki").join(sub)).unwrap() {
                out.push((std::fs::read(entry.unwrap().path()).unwrap(), format));
            }
        }
    }
    out
}

fn any_format() -> impl Strategy<Value = Format> {
    prop::sample::select(Format::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600), format in any_format()) {
        let _ = Format::sniff(&bytes);
        convert(&bytes, format);
    }

    #[test]
    fn line_shaped_noise_never_panics(
        lines in prop::collection::vec(
            prop::sample::select(vec![
                "\\HS", "\\HE", "\\GS", "\\GE", "\\[GAMEINFOMAIN=GRLT:1,ZIPSU:", "INI 0 1 9 &4",
                "STO 0 2 1 18 18", "SKI 0 3", "2 1 0", "[Header]", "[Data]", "[Figure]",
                "[ReviewNode]", "[ReviewComment]", "VARIATION,", "VARIATIONEND,", "NODE,2,1,20,20",
                "NODE,-1,2,0,0", ".Comment,0", ".Text,99", ".#,0,0,", ".Fig,1", "Hdcp=9,x",
                "Size=1", "Size=52", "YA,W1,1,0", "QP,B1,0,0", "PMABBREER", "PMZZWSSSS", "GI",
                "IDB[5] x", "[EndTxt]", "19", "0", "", "\u{FEFF}", "\\[GAMETAG=T-1-2-3,C9999\\]",
                ".Fig,2,1,1,19,19,h,1,0", ".Fig,0,20,0,x,,", ".EndFig", ".Text", ".EndText",
                "DD,W1,1,0", "ZZ,B1,0,0",
            ]),
            0..40,
        ),
        format in any_format(),
    ) {
        let text = lines.join("\n");
        let _ = Format::sniff(text.as_bytes());
        convert(text.as_bytes(), format);
    }
}

#[test]
fn cut_and_mutated_real_files_never_panic() {
    let mut runner = proptest::test_runner::TestRunner::default();
    for (bytes, format) in seeds() {
        let len = bytes.len();
        runner
            .run(
                &(
                    0..=len,
                    prop::collection::vec((0..len.max(1), any::<u8>()), 0..8),
                ),
                |(cut, flips)| {
                    let mut b = bytes[..cut].to_vec();
                    for (at, byte) in flips {
                        if at < b.len() {
                            b[at] = byte;
                        }
                    }
                    convert(&b, format);
                    Ok(())
                },
            )
            .unwrap();
    }
}

/// A move of a generated game: `None` is a pass.
fn game() -> impl Strategy<Value = Vec<Option<(u8, u8)>>> {
    prop::collection::vec(prop::option::weighted(0.95, (0u8..19, 0u8..19)), 0..120)
}

fn expected(moves: &[Option<(u8, u8)>]) -> Vec<String> {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let c = if i % 2 == 0 { 'B' } else { 'W' };
            match m {
                Some((x, y)) => format!("{c}[{}{}]", (b'a' + x) as char, (b'a' + y) as char),
                None => format!("{c}[]"),
            }
        })
        .collect()
}

fn write_gib(moves: &[Option<(u8, u8)>]) -> String {
    let mut s = format!(
        "\\HS\r\n\\[GIBOKIND=Global\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n{} 0 &4\r\nINI 0 1 0 &4\r\n",
        moves.len() + 1
    );
    for (i, m) in moves.iter().enumerate() {
        match m {
            Some((x, y)) => s.push_str(&format!("STO 0 {} {} {x} {y} \r\n", i + 2, i % 2 + 1)),
            None => s.push_str(&format!("SKI 0 {}\r\n", i + 2)),
        }
    }
    s.push_str("\\GE\r\n");
    s
}

fn write_ngf(moves: &[Option<(u8, u8)>]) -> String {
    let mut s = format!(
        "Game\n19\nshiro 1D\nkuro 1K\nsite\n0\n0\n6\n20200101 [10:00]\n0\nBlack wins!\n{}\n",
        moves.len()
    );
    for (i, m) in moves.iter().enumerate() {
        let n = i + 1;
        let (a, b) = (
            (b'A' + (n / 26) as u8) as char,
            (b'A' + (n % 26) as u8) as char,
        );
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        let (x, y) = m.map_or(('A', 'A'), |(x, y)| {
            ((b'B' + x) as char, (b'B' + y) as char)
        });
        s.push_str(&format!("PM{a}{b}{c}{x}{y}{y}{x}\n"));
    }
    s
}

fn write_ugf(moves: &[Option<(u8, u8)>]) -> String {
    let mut s = String::from("[Header]\nLang=SJIS\nSize=19\nCoordinateType=IGS\n[Data]\n");
    for (i, m) in moves.iter().enumerate() {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        // IGS rows count from the bottom.
        let (x, y) = m.map_or(('Y', 'A'), |(x, y)| {
            ((b'A' + x) as char, (b'A' + 18 - y) as char)
        });
        s.push_str(&format!("{x}{y},{c}1,{},0\n", i + 1));
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn generated_games_read_back_move_for_move(moves in game()) {
        let want = expected(&moves);
        for (text, format) in [
            (write_gib(&moves), Format::Gib),
            (write_ngf(&moves), Format::Ngf),
            (write_ugf(&moves), Format::Ugf),
        ] {
            prop_assert_eq!(Format::sniff(text.as_bytes()), Some(format));
            let c = convert(text.as_bytes(), format);
            prop_assert_eq!(&c.moves(), &want, "{:?}\n{}", format, text);
            // Only illegal moves (random points repeat) may be reported.
            for d in &c.diagnostics {
                prop_assert_eq!(d.code, kifu_servers::codes::ILLEGAL_MOVE, "{:?}\n{}", format, text);
            }
        }
    }
}

/// A figure: its move, whole position (points and colours) and moves.
type Figure = (usize, Vec<(u8, u8, bool)>, Vec<Option<(u8, u8)>>);

/// A figure, generated.
fn figure() -> impl Strategy<Value = Figure> {
    (
        0usize..60,
        prop::collection::vec((0u8..19, 0u8..19, any::<bool>()), 0..12),
        prop::collection::vec(prop::option::weighted(0.9, (0u8..19, 0u8..19)), 0..8),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Figures of any position and moves, on any move (past the end too),
    /// leave the game's main line as it is and give SGF that `check`
    /// finds clean but for illegal moves.
    #[test]
    fn figures_keep_the_main_line_and_give_clean_sgf(
        moves in game(),
        figures in prop::collection::vec(figure(), 0..4),
    ) {
        let want = expected(&moves);
        let mut text = write_ugf(&moves);
        text.push_str("[Figure]\n");
        for (k, (n, stones, fig_moves)) in figures.iter().enumerate() {
            text.push_str(&format!(".Fig,{n},1,1,19,19,f{k},{k},0\n"));
            let letter = |v: u8| (b'A' + v) as char;
            for &(x, y, black) in stones {
                let c = if black { 'B' } else { 'W' };
                text.push_str(&format!("{}{},{c}1,0,0\n", letter(x), letter(y)));
            }
            for (i, m) in fig_moves.iter().enumerate() {
                let c = if i % 2 == 0 { 'B' } else { 'W' };
                let (x, y) = m.map_or(('Y', 'A'), |(x, y)| (letter(x), letter(y)));
                text.push_str(&format!("{x}{y},{c}1,{},0\n.Text\nmove {i}\n.EndText\n", i + 1));
            }
            text.push_str(".EndFig\n");
        }
        let c = convert(text.as_bytes(), Format::Ugf);
        prop_assert_eq!(&c.moves(), &want, "{}", text);
        for d in &c.diagnostics {
            prop_assert!(
                d.code == kifu_servers::codes::ILLEGAL_MOVE || d.code == kifu_servers::codes::NOT_KEPT,
                "{:?}\n{}", d, text
            );
        }
        // Random points repeat: illegal moves are the only findings.
        let findings: Vec<String> = c
            .sgf_check()
            .into_iter()
            .filter(|f| !["sgf/occupied-point", "sgf/suicide", "sgf/ko-recapture"]
                .iter()
                .any(|code| f.contains(code)))
            .collect();
        prop_assert_eq!(findings, Vec::<String>::new(), "{}", text);
    }
}

/// SGF, XML, text: no server format.
const NOT_SERVER_FILES: [&[u8]; 6] = [
    b"",
    b"(;FF[4]GM[1]SZ[19];B[pd])",
    b"<?xml version=\"1.0\"?><Go/>",
    b"\xEF\xBB\xBF(;GM[1])",
    b"just some text\nover lines\n",
    b"19\n",
];

#[test]
fn sniffing_tells_the_formats_apart() {
    for (bytes, format) in seeds() {
        let want = if format == Format::Ugi {
            Format::Ugf
        } else {
            format
        };
        assert_eq!(Format::sniff(&bytes), Some(want));
    }
    for not in NOT_SERVER_FILES {
        assert_eq!(Format::sniff(not), None, "{}", String::from_utf8_lossy(not));
    }
    // After a byte order mark, and with a GIB header written alone.
    assert_eq!(Format::sniff(b"\xEF\xBB\xBF\\HS\r\n"), Some(Format::Gib));
    assert_eq!(Format::sniff(b"# comment\n\n[Header]\n"), Some(Format::Ugf));
}

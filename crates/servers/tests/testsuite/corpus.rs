//! The real files, each against what its bytes say (read by hand) and
//! what reference converters make of it:
//! - Sabaki's own tests (`test/gibTests.js`, `ngfTests.js`, `ugfTests.js`
//!   at github:SabakiHQ/Sabaki `5e3d874a`), which pin players, ranks,
//!   komi, result, date, handicap stones and the first four moves;
//! - xyz2sgf (github:rooklift/xyz2sgf, `xyz2sgf.py`), run with the
//!   encoding of each file, whose main lines agree with ours move for
//!   move on all six corpus files;
//! - sgfutils' `gib2sgf`, `ngf2sgf`, `ugi2sgf` (github:yangboz/sgfutils),
//!   built and run outside the repository.
//!
//! Where kifu differs from a reference, the comment on the value says why.

use kifu_servers::Format;

use crate::{Converted, convert, corpus_dir};

/// What one file must convert to. Root values are the decoded texts.
struct Expect {
    path: &'static str,
    format: Format,
    root: &'static [(&'static str, &'static str)],
    /// Properties that must be absent.
    absent: &'static [&'static str],
    moves: usize,
    first: &'static [&'static str],
    last: &'static str,
    /// Codes of the reader's diagnostics, in order.
    codes: &'static [&'static str],
}

fn check(file: &[u8], e: &Expect) -> Converted {
    let c = convert(file, e.format);
    assert_eq!(c.codes(), e.codes, "{}: {:?}", e.path, c.diagnostics);
    for (id, want) in e.root {
        assert_eq!(c.root(id).as_deref(), Some(*want), "{}: {id}", e.path);
    }
    for id in e.absent {
        assert_eq!(c.root(id), None, "{}: {id}", e.path);
    }
    let moves = c.moves();
    assert_eq!(moves.len(), e.moves, "{}: number of moves", e.path);
    assert_eq!(&moves[..e.first.len()], e.first, "{}: first moves", e.path);
    assert_eq!(
        moves.last().map(String::as_str),
        Some(e.last),
        "{}: last move",
        e.path
    );
    // What `kifu check` would say of the SGF written.
    assert_eq!(c.sgf_check(), Vec::<String>::new(), "{}", e.path);
    c
}

const CORPUS: &[Expect] = &[
    Expect {
        // GRLT:7 (B+T; GAMERESULT=흑 시간승, "Black wins on time"),
        // GONGJE:65 (GAMECONDITION "흑 공제 6집반": Black gives 6.5),
        // GTIME:1200-30-3 (GAMETIME "20 minutes, 30 s byo-yomi 3 times").
        // xyz2sgf: PW dongjik, PB dustkd1015, RE B+T, KM 6.5,
        // DT 2015-08-29, 49 moves from B[qc] to B[be]. It keeps the ranks
        // as written (1급); kifu writes 1k.
        path: "other/sabaki/gib/euc-kr.gib",
        format: Format::Gib,
        root: &[
            ("PB", "dustkd1015"),
            ("BR", "1k"),
            ("PW", "dongjik"),
            ("WR", "1k"),
            ("RE", "B+T"),
            ("KM", "6.5"),
            ("DT", "2015-08-29"),
            ("TM", "1200"),
            ("OT", "3x30 byo-yomi"),
            ("GN", "승강급 대국"),
            ("PC", "타이젬 바둑"),
        ],
        absent: &["HA", "AB"],
        moves: 49,
        first: &["B[qc]", "W[dp]", "B[qo]", "W[dd]"],
        last: "B[be]",
        codes: &["servers/charset"],
    },
    Expect {
        // GRLT:1 + ZIPSU:110 (W+11; GAMERESULT=白11目胜, "White wins by
        // 11"), INI 0 1 5 (5 stones), GONGJE:0, tag T20-1-0 (no main
        // time, one 20 s period: GAMETIME "每方限时: 无", no time limit).
        // Sabaki's test: PB 石下之臣. xyz2sgf: PB 石下之臣 BR 2段, PW
        // harpmaster WR 3段, RE W+11.0, HA 5, AB dd dp pp jj pd,
        // DT 2012-11-22, 268 moves from W[qn] to B[di]. Move 254 is
        // `STO 0 255 1 0 0`, B[aa]: both references read it as a move.
        path: "other/sabaki/gib/gb2312.gib",
        format: Format::Gib,
        root: &[
            ("PB", "石下之臣"),
            ("BR", "2d"),
            ("PW", "harpmaster"),
            ("WR", "3d"),
            ("RE", "W+11"),
            ("KM", "0"),
            ("HA", "5"),
            ("AB", "pd][dp][dd][pp][jj"),
            ("DT", "2012-11-22"),
            ("TM", "0"),
            ("OT", "1x20 byo-yomi"),
            ("C", "在272房间正在进行对局准备。"),
        ],
        absent: &[],
        moves: 268,
        first: &["W[qn]", "B[nq]", "W[qf]", "B[qj]"],
        last: "B[di]",
        codes: &["servers/charset"],
    },
    Expect {
        // INI 0 1 3: three stones where Tygem puts them, the third in the
        // upper left (White opens at Q4 = pp; sgfutils' gib2sgf puts the
        // third stone on pp and its first move then lands on a stone).
        // GRLT:255 and an empty GAMERESULT: no result.
        // Sabaki's test: PW leejw977 WR 10K, PB jy512 BR 15K,
        // DT 2016-03-26, HA 3, AB dp pd dd, moves W[pp] B[nq] W[qn] B[no],
        // and KM 0 from GONGJE:0. kifu writes no KM: GAMEDUM=5 and the
        // condition "3 Handicap : White Dum(5)" give White a komi in a
        // unit not known; the condition is kept in GC.
        // xyz2sgf: 118 moves, the last B[ki].
        path: "other/sabaki/gib/utf8.gib",
        format: Format::Gib,
        root: &[
            ("PB", "jy512"),
            ("BR", "15k"),
            ("PW", "leejw977"),
            ("WR", "10k"),
            ("DT", "2016-03-26"),
            ("HA", "3"),
            ("AB", "pd][dp][dd"),
            ("GC", "3 Handicap : White Dum(5)"),
            ("TM", "1200"),
            ("OT", "3x30 byo-yomi"),
        ],
        absent: &["RE", "KM"],
        moves: 118,
        first: &["W[pp]", "B[nq]", "W[qn]", "B[no]"],
        last: "B[ki]",
        codes: &["servers/bad-value"],
    },
    Expect {
        // Sabaki's test: KM 7.5 (line 8 says 7; NGF adds the half point in
        // even games), PW LQC WR 9p, PB CYY BR 9p, DT 2017-03-16,
        // RE B+0.5, moves B[qd] W[dd] B[pq] W[dp]. xyz2sgf: 333 moves, the
        // last B[nl] (`PMMVBOMMO`).
        path: "other/sabaki/ngf/even.ngf",
        format: Format::Ngf,
        root: &[
            ("PW", "LQC"),
            ("WR", "9p"),
            ("PB", "CYY"),
            ("BR", "9p"),
            ("KM", "7.5"),
            ("DT", "2017-03-16"),
            ("RE", "B+0.5"),
            ("GN", "Rated game"),
            ("PC", "www.cyberoro.com"),
        ],
        absent: &["HA", "AB"],
        moves: 333,
        first: &["B[qd]", "W[dd]", "B[pq]", "W[dp]"],
        last: "B[nl]",
        codes: &[],
    },
    Expect {
        // The GI variant: every header line starts with GI, and the
        // result is the comment of the last move (`IDB[211]
        // 黑中盘胜(现场消息)[EndTxt]`: "Black wins by resignation (news
        // from the venue)"). No reference reads this header: sgfutils
        // stops ("no digits in GI朴承华 初段"), xyz2sgf falls back to no
        // players. By hand: title 韩国十段战, players 朴承华 初段 and
        // 李载雄 五段 (read as White, Black: NGF's order), date 2006-9-5,
        // size 19, handicap 0, komi 6 (6.5: no handicap), 211 moves.
        // xyz2sgf: 211 moves from B[qd] W[dd] to B[jn].
        path: "other/sabaki/ngf/gb2312.ngf",
        format: Format::Ngf,
        root: &[
            ("GN", "韩国十段战"),
            ("PW", "朴承华"),
            ("WR", "初段"),
            ("PB", "李载雄"),
            ("BR", "五段"),
            ("DT", "2006-09-05"),
            ("KM", "6.5"),
            ("RE", "B+R"),
        ],
        absent: &["HA", "AB", "PC"],
        moves: 211,
        first: &["B[qd]", "W[dd]", "B[pq]", "W[oc]"],
        last: "B[jn]",
        codes: &["servers/bad-value", "servers/charset", "servers/not-kept"],
    },
    Expect {
        // Sabaki's test: PB kaziwami BR 7d, PW YINNI WR 8d, KM -5.50,
        // RE B+7.50, DT 2019-03-08, CP PANDANET INC., moves B[qd] W[dd]
        // B[pq] W[dq]. sgfutils' ugi2sgf: KM -5.5, RE B+7.5,
        // DT 2019-03-08,09 (the game ended the next day), RU Japanese,
        // US PANDA-EGG ver 9.40 beta, EV "2019, PANDA-NET". xyz2sgf: 254
        // moves, the last W[ni].
        path: "other/sabaki/ugf/amateur.ugf",
        format: Format::Ugf,
        root: &[
            ("PB", "kaziwami"),
            ("BR", "7d"),
            ("PW", "YINNI"),
            ("WR", "8d"),
            ("KM", "-5.5"),
            ("RE", "B+7.5"),
            ("DT", "2019-03-08,09"),
            ("RU", "Japanese"),
            ("CP", "PANDANET INC."),
            ("US", "PANDA-EGG ver 9.40 beta"),
            ("EV", "2019 PANDA-NET"),
            ("PC", "PANDA-NET"),
        ],
        absent: &["HA", "AB", "RO"],
        moves: 254,
        first: &["B[qd]", "W[dd]", "B[pq]", "W[dq]"],
        last: "W[ni]",
        codes: &[],
    },
];

#[test]
fn every_corpus_file_converts_as_its_bytes_say() {
    let Some(dir) = corpus_dir() else { return };
    for e in CORPUS {
        let bytes = std::fs::read(dir.join(e.path)).unwrap();
        assert_eq!(
            Format::sniff(&bytes),
            Some(if e.format == Format::Ugi {
                Format::Ugf
            } else {
                e.format
            }),
            "{}",
            e.path
        );
        check(&bytes, e);
    }
}

#[test]
fn the_corpus_is_what_the_table_covers() {
    let Some(dir) = corpus_dir() else { return };
    let mut found = Vec::new();
    for sub in ["gib", "ngf", "ugf"] {
        for entry in std::fs::read_dir(dir.join("other/sabaki").join(sub)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            found.push(format!("other/sabaki/{sub}/{name}"));
        }
    }
    found.sort();
    let mut covered: Vec<String> = CORPUS.iter().map(|e| e.path.to_owned()).collect();
    covered.sort();
    assert_eq!(found, covered);
}

const REVIEW: &[u8] = include_bytes!("../data/review.ugi");
const HANDICAP2: &[u8] = include_bytes!("../data/handicap2.ngf");

#[test]
fn a_review_keeps_its_variations_and_chat() {
    let e = Expect {
        // Sabaki's test: the root comment is the players' chat of
        // `.Comment,1`. By hand: `Hdcp=0,6.50`, `Winner=B,2.50`, 222 moves
        // in [Data], the last three passes (`YA`); [ReviewNode] repeats
        // them with two variations.
        path: "tests/data/review.ugi",
        format: Format::Ugi,
        root: &[
            ("PB", "ken03110"),
            ("BR", "2k"),
            ("PW", "apetresc"),
            ("WR", "2k?"),
            ("KM", "6.5"),
            ("RE", "B+2.5"),
            ("DT", "2020-06-23"),
            ("EV", "2020 PANDA-NET Review"),
            ("RO", "apetresc-ken03110(B) IGS"),
            (
                "C",
                "apetresc 2k?: Let's begin and enjoy a great game.\nken03110 2k : Hi!",
            ),
        ],
        absent: &["HA"],
        moves: 222,
        first: &["B[qd]", "W[dc]", "B[pq]", "W[dp]"],
        last: "W[]",
        codes: &[],
    };
    let c = check(REVIEW, &e);
    let game = c.collection.game(0).unwrap();
    assert_eq!(game.variation_count(), 3);
    // `NODE,54,1,16,8` (move 53, B[pl]) then a VARIATION whose first node
    // is `NODE,225,2,14,7`: W[nm], an alternative to move 54 W[li]
    // (`NODE,55,2,12,11`, commented `.Comment,55`).
    let move53 = game.main_line().nth(53).unwrap();
    let children: Vec<String> = move53
        .children()
        .map(|n| {
            let (_, p) = n.get_move().unwrap();
            String::from_utf8(p.unwrap().to_sgf().to_vec()).unwrap()
        })
        .collect();
    assert_eq!(children, ["li", "nm"]);
    let li = move53.first_child().unwrap();
    assert_eq!(
        li.text("C").as_deref(),
        Some(
            "apetresc [ 2k?]: Game-losing move, I think. Needed to connect now, or maybe one move \
             ago."
        )
    );
    // `.Comment,269`: the last node of the second variation (after move
    // 55, `NODE,56`), seven moves long.
    let move55 = game.main_line().nth(55).unwrap();
    let variation: Vec<_> = move55.children().nth(1).unwrap().descendants().collect();
    assert_eq!(variation.len(), 7);
    assert_eq!(
        variation[6].text("C").as_deref(),
        Some("apetresc [ 2k?]: This probably salvages enough to still be ahead")
    );
}

#[test]
fn a_handicap_ngf_has_no_half_point_komi() {
    // sgfutils' ngf2sgf: PB p81587 BR 5D*, PW ace550 WR 7D*, HA 2, KM 0,
    // RE "White wins by  resign!", DT 2017-03-16, the first move W[pq];
    // 189 moves by the header and the last line `PMHHWHOOH` (move 189,
    // W[gn]).
    let e = Expect {
        path: "tests/data/handicap2.ngf",
        format: Format::Ngf,
        root: &[
            ("PB", "p81587"),
            ("BR", "5d*"),
            ("PW", "ace550"),
            ("WR", "7d*"),
            ("HA", "2"),
            ("AB", "pd][dp"),
            ("KM", "0"),
            ("RE", "W+R"),
            ("DT", "2017-03-16"),
        ],
        absent: &[],
        moves: 189,
        first: &["W[pq]", "B[dd]", "W[fq]", "B[hq]"],
        last: "W[gn]",
        codes: &[],
    };
    check(HANDICAP2, &e);
}

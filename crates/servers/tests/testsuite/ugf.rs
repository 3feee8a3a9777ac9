//! UGF / UGI: each header key, each section, each edge.

use kifu_servers::Format;

use crate::{Converted, convert};

fn read(text: &str) -> Converted {
    convert(text.as_bytes(), Format::Ugf)
}

const HEADER: &str = "[Header]\n\
    Ver=UGF3,200\n\
    Lang=SJIS\n\
    Crypt=0,PLAIN_UGF_FILE,READ_WRITE\n\
    Code=\n\
    Title=45th,Honinbo,Game 3\n\
    Place=Tokyo\n\
    Date=2019/12/31,22:09:00,2020/01/01,07:16:59\n\
    Rule=JPN\n\
    Size=19\n\
    Hdcp=0,6.50\n\
    Ptime=N;180;0;0,N;180;0;0,0,0\n\
    Winner=W,C\n\
    Moves=0\n\
    Writer=PANDA-EGG ver 9.40 beta\n\
    Copyright=PANDANET INC.\n\
    CoordinateType=IGS\n\
    Comment=A title match\n\
    Commentator=Someone\n\
    PlayerB=kuro,9p,JPN,kuro@example.org\n\
    PlayerW=shiro,9p,,\n";

#[test]
fn every_header_key_lands_in_its_property() {
    let c = read(&format!(
        "{HEADER}[Data]\nQP,B1,1,0\nDP,W1,2,0\nYA,B1,3,0\n"
    ));
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(
        c.sgf(),
        "(;GM[1]FF[4]CA[UTF-8]SZ[19]EV[45th Honinbo]RO[Game 3]DT[2019-12-31,2020-01-01]\n\
         PC[Tokyo]PB[kuro]BR[9p]PW[shiro]WR[9p]RU[Japanese]KM[6.5]TM[10800]RE[W+R]\n\
         AN[Someone]US[PANDA-EGG ver 9.40 beta]CP[PANDANET INC.]GC[A title match];B[qd]\n\
         ;W[dd];B[])\n"
    );
    assert_eq!(c.sgf_check(), Vec::<String>::new());
}

#[test]
fn winners() {
    for (winner, want) in [
        ("B,7.50", Some("B+7.5")),
        ("W,0.50", Some("W+0.5")),
        ("B,C", Some("B+R")),
        ("W,F", Some("W+F")),
        ("W,T", Some("W+T")),
        ("B,", Some("B+")),
        ("D,", Some("0")),
        ("N1,E", Some("Void")),
        ("A,", Some("Void")),
        ("E,", Some("?")),
        ("P,", None),
    ] {
        let c = read(&format!("[Header]\nWinner={winner}\n[Data]\n"));
        assert_eq!(c.root("RE").as_deref(), want, "{winner}");
        assert_eq!(c.codes(), Vec::<&str>::new(), "{winner}");
    }
    let c = read("[Header]\nWinner=X,9\n[Data]\n");
    assert_eq!((c.root("RE"), c.root("GC")), (None, Some("X,9".into())));
    assert_eq!(c.codes(), ["servers/bad-value"]);
}

#[test]
fn handicap_stones_are_the_moves_numbered_zero() {
    let c = read(
        "[Header]\nHdcp=3,0.50\nCoordinateType=IGS\n[Data]\nPD,B1,0,0\nDP,B1,0,0\nPP,B1,0,0\nDD,W1,1,0\n",
    );
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(c.root("HA").as_deref(), Some("3"));
    assert_eq!(c.root("KM").as_deref(), Some("0.5"));
    // IGS rows count from the bottom: PD is Q4, pp in SGF.
    assert_eq!(c.root("AB").as_deref(), Some("pp][dd][pd"));
    assert_eq!(c.moves(), ["W[dp]"]);
    // No stones in [Data]: the usual points, with a note.
    let c = read("[Header]\nHdcp=2,0.50\n[Data]\nDD,W1,1,0\n");
    assert_eq!(c.root("AB").as_deref(), Some("pd][dp"));
    assert_eq!(c.codes(), ["servers/bad-value"]);
    // Hdcp and the stones disagree.
    let c = read("[Header]\nHdcp=3,0.50\n[Data]\nPD,B1,0,0\nDP,B1,0,0\n");
    assert_eq!(c.root("HA").as_deref(), Some("2"));
    assert_eq!(c.codes(), ["servers/bad-value"]);
}

#[test]
fn without_coordinate_type_rows_count_from_the_top() {
    let c = read("[Header]\nSize=9\n[Data]\nGC,B1,1,0\nCG,W1,2,0\nZZ,B1,3,0\n");
    assert_eq!(c.moves(), ["B[gc]", "W[cg]", "B[]"]);
    assert_eq!(c.codes(), Vec::<&str>::new());
}

#[test]
fn figure_texts_and_labels() {
    let c = read(
        "[Header]\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDP,W1,2,0\n[Figure]\n\
         .Text,0\nAbout the game\n.EndText\n\
         .Text,2,1,1\nA good move\n.#,4,16,A\n.#,5,16,note, with comma\nsecond line\n.EndText\n\
         .Fig,2,1,1,19,19,Variation,1,0\nQD,B1,0,0\nDD,W1,1,0\n.Text\nwhat if\n.EndText\n.EndFig\n",
    );
    assert_eq!(c.codes(), ["servers/not-kept"], "{:?}", c.diagnostics);
    assert_eq!(c.root("C").as_deref(), Some("About the game"));
    let game = c.collection.game(0).unwrap();
    let white = game.main_line().nth(2).unwrap();
    assert_eq!(
        white.raw_values("LB").unwrap(),
        [&b"dd:A"[..], b"ed:note, with comma"]
    );
    assert_eq!(white.text("C").as_deref(), Some("A good move\nsecond line"));
}

#[test]
fn review_nodes_give_variations_and_review_comments_the_chat() {
    let c = read(
        "[Header]\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDP,W1,2,0\nQD,B1,3,0\n\
         [ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,17,16\n  VARIATION,\n    NODE,5,1,4,4\n\
         \x20   VARIATION,\n      NODE,7,1,3,3\n    VARIATIONEND,\n    NODE,6,2,16,16\n  VARIATIONEND,\n\
         NODE,3,2,4,16\nNODE,4,1,17,4\nNODE,8,0,0,0\n\
         [ReviewComment]\n.Comment,1\n kuro: hello\n shiro: hi\n.Comment,5\nA variation\n.Comment,8\nthe end\n",
    );
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(
        c.sgf(),
        "(;GM[1]FF[4]CA[UTF-8]SZ[19]C[kuro: hello\nshiro: hi];B[qd]\n\
         (;W[dd];B[qp]C[the end])\n\
         (;B[dp]C[A variation]\n\
         (;W[pd])\n\
         (;B[cq])))\n"
    );
}

#[test]
fn review_comments_without_review_nodes_count_from_the_root() {
    let c = read(
        "[Header]\n[Data]\nQP,B1,1,0\nDP,W1,2,0\n[ReviewComment]\n.Comment,1\nstart\n.Comment,3\nafter two\n.Comment,9\nlost\n",
    );
    assert_eq!(c.root("C").as_deref(), Some("start\nlost"));
    assert!(c.sgf().contains("W[dp]C[after two]"), "{}", c.sgf());
    assert_eq!(c.codes(), ["servers/bad-value"]);
}

#[test]
fn sections_of_unknown_layout_go_to_the_game_comment() {
    let c = read(
        "[Header]\nPlayerB=kuro,1d\n[Data]\nQP,B1,1,0\n[Comment]\nA comment\n[MessageLine]\nkuro: gg\n[Files]\nimg=FFD8FFE0\n[Odd]\nx\n[End]\n[Data]\nignored\n",
    );
    assert_eq!(c.root("GC").as_deref(), Some("A comment\nkuro: gg"));
    assert_eq!(
        c.codes(),
        [
            "servers/not-kept",
            "servers/not-kept",
            "servers/not-kept",
            "servers/unknown-section"
        ]
    );
}

#[test]
fn pair_go_players() {
    let c = read("[Header]\nPlayerB=a,1d,,\nPlayerB2=b,2d,,\nPlayerW=c,3d\nWMemb1=d\n[Data]\n");
    assert_eq!(c.root("PB").as_deref(), Some("a 1d & b 2d"));
    assert_eq!(c.root("BR"), None);
    assert_eq!(c.root("PW").as_deref(), Some("c 3d & d"));
}

#[test]
fn edges() {
    // Unknown key, a line without '=', a broken move line, a player
    // number kifu does not know, a stone off the board.
    let c = read(
        "[Header]\nSomething=1\nnot a pair\n[Data]\nQP,B1\nQ,B1,1,0\nDP,X1,1,0\nZZ,B1,0,0\nQP,B1,1,0\nQP,W1,2,0\n",
    );
    assert_eq!(
        c.codes(),
        [
            "servers/unknown-key",
            "servers/bad-line",
            "servers/bad-line",
            "servers/bad-line",
            "servers/bad-line",
            "servers/off-board",
            "servers/illegal-move"
        ],
        "{:?}",
        c.diagnostics
    );
    assert_eq!(c.moves(), ["B[qp]", "W[qp]"]);
    // Encrypted.
    let c = read("[Header]\nCrypt=1,CRYPT\n[Data]\n");
    assert_eq!(c.codes(), ["servers/unsupported"]);
    // No [Data].
    let c = read("[Header]\nPlayerB=kuro,1d\n");
    assert_eq!(c.codes(), ["servers/missing-section"]);
    assert_eq!(c.root("PB").as_deref(), Some("kuro"));
    // Nothing of UGF.
    let c = read("hello\n");
    assert_eq!(c.codes(), ["servers/not-this-format"]);
    assert!(c.collection.is_empty());
}

#[test]
fn lang_names_the_charset() {
    let (name, _, _) = encoding_rs::SHIFT_JIS.encode("本因坊秀策");
    let mut bytes = b"[Header]\r\nLang=SJIS\r\nPlayerB=".to_vec();
    bytes.extend_from_slice(&name);
    bytes.extend_from_slice(b",9p,,\r\n[Data]\r\n");
    let c = convert(&bytes, Format::Ugf);
    assert_eq!(c.codes(), Vec::<&str>::new());
    assert_eq!(c.root("PB").as_deref(), Some("本因坊秀策"));
    // Lang says SJIS, the text is UTF-8.
    let c = read("[Header]\nLang=SJIS\nPlayerB=本因坊秀策,9p\n[Data]\n");
    assert_eq!(c.codes(), ["servers/charset"]);
    assert_eq!(c.root("PB").as_deref(), Some("本因坊秀策"));
}

#[test]
fn sections_in_any_order() {
    let c = read(
        "[ReviewComment]\n.Comment,2\nfirst move\n[Data]\nQP,B1,1,0\nDP,W1,2,0\n[Header]\nPlayerB=kuro,1d\n\
         [Figure]\n.Text,2\nsecond move\n.EndText\n[Header]\nPlayerW=shiro,2d\n",
    );
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(c.root("PB").as_deref(), Some("kuro"));
    assert_eq!(c.root("PW").as_deref(), Some("shiro"));
    let game = c.collection.game(0).unwrap();
    let moves: Vec<_> = game.main_line().skip(1).map(|n| n.text("C")).collect();
    assert_eq!(
        moves,
        [Some("first move".into()), Some("second move".into())]
    );
}

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
    // The figure's position (Black on Q16 alone) is not the game's.
    assert_eq!(c.codes(), ["servers/not-kept"], "{:?}", c.diagnostics);
    assert!(c.diagnostics[0].message.contains("setting the position up"));
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

/// Figures written by hand after sgfutils' description of `.Fig`
/// (`ugi2sgf.c`): `.Fig,N,X1,Y1,X2,Y2,HEADING,NUMBER,0`, the figure's
/// whole position as moves numbered 0, then its moves from 1, a `.Text`
/// after a move being that move's comment and labels.
const FIGURES: &str = "[Header]\nLang=UTF-8\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDP,W1,2,0\n\
    [Figure]\n\
    .Fig,2,10,10,19,19,参考図,3,0\nQP,B1,0,0\nPD,W1,1,0\n.Text\nwhat if\n.#,4,16,A\n.EndText\n\
    DP,B1,2,0\n.EndFig\n\
    .Fig,1,1,1,19,19,Start,5,0\nQP,B1,0,0\n.Text\nthe first move\n.EndText\n.EndFig\n";

#[test]
fn a_figure_becomes_a_variation_from_the_position_it_shows() {
    let c = read(FIGURES);
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    // The main line is the game's.
    assert_eq!(c.moves(), ["B[qd]", "W[dd]"]);
    // The first figure starts from the position after move 1 (Black Q16):
    // White P4 instead of D16, named, its view the upper right quarter
    // (columns 10-19 and rows 10-19 counted from the bottom), with the
    // comment and the label of its first move; then Black D16.
    let sgf = c.sgf();
    let view: String = (0..10u8)
        .flat_map(|y| {
            (9..19u8).map(move |x| format!("[{}{}]", (b'a' + x) as char, (b'a' + y) as char))
        })
        .collect();
    assert!(
        sgf.contains(&format!(
            "(;W[pp]N[参考図]\nVW{view}\nLB[dd:A]C[what if];B[dd])"
        )),
        "{sgf}"
    );
    // The second shows the position after move 1 and no move: its text
    // is move 1's.
    let game = c.collection.game(0).unwrap();
    let first = game.main_line().nth(1).unwrap();
    assert_eq!(first.text("C").as_deref(), Some("the first move"));
    assert_eq!(c.sgf_check(), Vec::<String>::new());
}

#[test]
fn a_figure_of_a_position_the_game_never_had_sets_it_up() {
    let c = read(
        "[Header]\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDP,W1,2,0\nQD,B1,3,0\n[Figure]\n\
         .Fig,2,1,1,19,19,,4,7\nQD,B1,0,0\nDD,W1,1,0\n.EndFig\n",
    );
    // The unknown last field is reported where it is (line 8, column 21).
    assert_eq!(
        c.codes(),
        ["servers/not-kept", "servers/not-kept"],
        "{:?}",
        c.diagnostics
    );
    let at: Vec<u32> = c.diagnostics.iter().map(|d| d.span.start).collect();
    let fig = FIGURE_AT;
    assert_eq!(at, [fig, fig + 20]);
    assert_eq!(c.moves(), ["B[qd]", "W[dd]", "B[qp]"]);
    // From move 2 (not the last): Q16 and D16 emptied, Q4 set up, as the
    // figure shows; named by its number.
    assert!(
        c.sgf().contains("(;AB[qp]AE[dd][qd]N[Figure 4];W[dp])"),
        "{}",
        c.sgf()
    );
    assert_eq!(c.sgf_check(), Vec::<String>::new());
}

/// The offset of `.Fig` in the test above.
const FIGURE_AT: u32 = 74;

#[test]
fn a_figure_from_the_last_move_stays_off_the_main_line() {
    // The figure shows the position after the last move and continues
    // it: as a child of the last move it would be the main line, so it
    // branches from the move before and sets the last move up.
    let c = read(
        "[Header]\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDP,W1,2,0\n[Figure]\n\
         .Fig,2,1,1,19,19,After,1,0\nQP,B1,0,0\nDP,W1,0,0\nPD,B1,1,0\n.EndFig\n",
    );
    assert_eq!(c.codes(), Vec::<&str>::new(), "{:?}", c.diagnostics);
    assert_eq!(c.moves(), ["B[qd]", "W[dd]"]);
    assert!(c.sgf().contains("(;AW[dd]N[After];B[pp])"), "{}", c.sgf());
    assert_eq!(c.sgf_check(), Vec::<String>::new());
}

#[test]
fn an_unclosed_figure_is_read_and_reported() {
    let c = read(
        "[Header]\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDP,W1,2,0\n[Figure]\n\
         .Fig,1,1,1,19,19,Cut,1,0\nQP,B1,0,0\nDD,W1,1,0\n",
    );
    assert_eq!(c.codes(), ["servers/truncated"], "{:?}", c.diagnostics);
    assert!(c.sgf().contains("(;W[dp]N[Cut])"), "{}", c.sgf());
}

//! Resolution of Go data and diagrams: the spec's example worked out by
//! hand, numbering, gaps, captions, problems and the checks.

use kifu_board::Color;
use kifu_book::resolve::{self, Resolution};
use serde_json::{Value, json};

const EXAMPLE: &str = include_str!("../fixtures/example.gobook");

fn listing(text: &str) -> (Value, Resolution) {
    let book = kifu_book::parse(text).value;
    let resolution = resolve::resolve(&book);
    (kifu_book::listing::to_json(&book, &resolution), resolution)
}

use crate::describe::describe_reader::listed_moves as moves;

fn mv(c: &str, p: &str, n: u64) -> (String, String, Option<u64>) {
    (c.to_owned(), p.to_owned(), Some(n))
}

#[test]
fn every_diagram_of_the_example_resolves_as_worked_out_by_hand() {
    let (list, resolution) = listing(EXAMPLE);
    assert!(
        resolution.diagnostics.is_empty(),
        "{:?}",
        resolution.diagnostics
    );
    let list = list.as_array().unwrap();
    // The Go data, then six diagrams (one inline).
    let kinds: Vec<_> = list.iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["go", "fig", "dia", "fig", "dia", "inline", "dia", "dia"]
    );
    for e in list {
        assert_eq!(e["chapter"], "ch1");
        assert_eq!(e["size"], 19);
    }

    // ::go mv="D4 F4 H4 K4 M4 O4 Q4": the game, Black first.
    let go = &list[0];
    assert_eq!(go["black"], json!([]));
    assert_eq!(
        moves(go),
        [
            mv("b", "D4", 1),
            mv("w", "F4", 2),
            mv("b", "H4", 3),
            mv("w", "K4", 4),
            mv("b", "M4", 5),
            mv("w", "O4", 6),
            mv("b", "Q4", 7)
        ]
    );

    // ::fig at=1 to=3 A=D6: moves 1-3 of the game on an empty board; a fig
    // without caption shows its move numbers.
    let fig = &list[1];
    assert_eq!(
        (fig["index"].clone(), fig["to_play"].clone()),
        (json!(5), json!("b"))
    );
    assert_eq!(
        (fig["black"].clone(), fig["white"].clone()),
        (json!([]), json!([]))
    );
    assert_eq!(
        moves(fig),
        [mv("b", "D4", 1), mv("w", "F4", 2), mv("b", "H4", 3)]
    );
    assert_eq!(fig["caption"], "Moves 1-3");
    assert_eq!(fig["marks"], json!({"D6": "A"}));
    assert_eq!(fig["gaps"], Value::Null);
    assert_eq!(fig["view"], Value::Null);

    // ::dia at=2 mv=F6H6 ca="Dia. 1": before move 2 (Black's D4 played),
    // White to play; a dia numbers from 1.
    let dia1 = &list[2];
    assert_eq!(dia1["index"], 7);
    assert_eq!(
        (dia1["black"].clone(), dia1["white"].clone()),
        (json!(["D4"]), json!([]))
    );
    assert_eq!(dia1["to_play"], "w");
    assert_eq!(moves(dia1), [mv("w", "F6", 1), mv("b", "H6", 2)]);
    assert_eq!(dia1["caption"], "Dia. 1");

    // ::fig at=4 to=7 vw=A1T10: moves 4-7, numbered as in the game.
    let fig2 = &list[3];
    assert_eq!(fig2["index"], 10);
    assert_eq!(
        (fig2["black"].clone(), fig2["white"].clone()),
        (json!(["D4", "H4"]), json!(["F4"]))
    );
    assert_eq!(fig2["to_play"], "w");
    assert_eq!(
        moves(fig2),
        [
            mv("w", "K4", 4),
            mv("b", "M4", 5),
            mv("w", "O4", 6),
            mv("b", "Q4", 7)
        ]
    );
    assert_eq!(fig2["caption"], "Moves 4-7");
    assert_eq!(fig2["view"], json!(["A10", "T1"]));

    // ::dia(#dia2) at=5 mv=M6O6Q6 ca="Dia. 2" vw=A1T10: before move 5.
    let dia2 = &list[4];
    assert_eq!(
        (dia2["index"].clone(), dia2["id"].clone()),
        (json!(12), json!("dia2"))
    );
    assert_eq!(
        (dia2["black"].clone(), dia2["white"].clone()),
        (json!(["D4", "H4"]), json!(["F4", "K4"]))
    );
    assert_eq!(dia2["to_play"], "b");
    assert_eq!(
        moves(dia2),
        [mv("b", "M6", 1), mv("w", "O6", 2), mv("b", "Q6", 3)]
    );
    assert_eq!(dia2["caption"], "Dia. 2");

    // <dia at=2 mv=O7Q7> in the paragraph that describes Dia. 2: before
    // Dia. 2's move 2 (its M6 played), with Dia. 2's view.
    let inline = &list[5];
    assert_eq!(inline["index"], 15); // after its paragraph (14)
    assert_eq!(
        (inline["black"].clone(), inline["white"].clone()),
        (json!(["D4", "H4", "M6"]), json!(["F4", "K4"]))
    );
    assert_eq!(inline["to_play"], "w");
    assert_eq!(moves(inline), [mv("w", "O7", 1), mv("b", "Q7", 2)]);
    assert_eq!(inline["view"], json!(["A10", "T1"]));
    assert_eq!(inline["caption"], Value::Null);

    // ::dia base=dia2 at=2 mv=O8Q8 ca_en=... ca_ja=...: the same position,
    // the English caption.
    let dia3 = &list[6];
    assert_eq!(dia3["index"], 16);
    assert_eq!(
        (dia3["black"].clone(), dia3["white"].clone()),
        (json!(["D4", "H4", "M6"]), json!(["F4", "K4"]))
    );
    assert_eq!(moves(dia3), [mv("w", "O8", 1), mv("b", "Q8", 2)]);
    assert_eq!(dia3["caption"], "Dia. 3 English");

    // ::dia base=none ab=C3C4D5 aw=D3D4 pl=w mv=E5 a=E6 vw=A1G8.
    let own = &list[7];
    assert_eq!(own["index"], 18);
    assert_eq!(
        (own["black"].clone(), own["white"].clone()),
        (json!(["C3", "C4", "D5"]), json!(["D3", "D4"]))
    );
    assert_eq!(own["to_play"], "w");
    assert_eq!(moves(own), [mv("w", "E5", 1)]);
    assert_eq!(own["caption"], "Self-contained diagram");
    assert_eq!(own["marks"], json!({"E6": "a"}));
    assert_eq!(own["view"], json!(["A8", "G1"]));
}

#[test]
fn japanese_readers_get_the_japanese_caption() {
    let book = kifu_book::parse(EXAMPLE).value;
    let r = resolve::resolve(&book);
    let dia3 = r.items.iter().find(|i| i.captions.len() == 2).unwrap();
    assert_eq!(
        kifu_book::figure::caption(dia3, "ja").as_deref(),
        Some("Dia. 3 Japanese")
    );
}

fn one(text: &str, element: usize) -> Value {
    let (list, r) = listing(text);
    let item = r.item_of_element(element).unwrap();
    list[item].clone()
}

#[test]
fn numbering_per_kind_mn_pass_and_tenuki() {
    let game = "::go mv=\"D4 F4 H4 K4 M4\"\n\n";
    // fig and var continue the base's numbering at `at`; dia and prb start at 1.
    assert_eq!(
        moves(&one(&format!("{game}::fig at=3 to=4"), 1)),
        [mv("b", "H4", 3), mv("w", "K4", 4)]
    );
    assert_eq!(
        moves(&one(&format!("{game}::dia at=3 to=4"), 1)),
        [mv("b", "H4", 1), mv("w", "K4", 2)]
    );
    assert_eq!(
        moves(&one(
            &format!("{game}::fig at=3 to=4\n\n::var at=4 mv=Q16"),
            2
        )),
        [mv("w", "Q16", 4)]
    );
    assert_eq!(
        moves(&one(&format!("{game}::prb at=2 mv=Q16"), 1)),
        [mv("w", "Q16", 1)]
    );
    // mn overrides.
    assert_eq!(
        moves(&one(&format!("{game}::dia at=3 mv=Q16 mn=31"), 1)),
        [mv("b", "Q16", 31)]
    );
    // A pass takes no number and changes the player; a tenuki takes one.
    let seq = one("::dia base=none mv=\"A1 Pass B1 Tenuki C1\"", 0);
    assert_eq!(
        moves(&seq),
        [
            mv("b", "A1", 1),
            ("w".into(), "pass".into(), None),
            mv("b", "B1", 2),
            mv("w", "tenuki", 3),
            mv("b", "C1", 4)
        ]
    );
    assert_eq!(seq["gaps"], "3: elsewhere");
    // `at` counts numbered moves only: before move 2 the pass is played.
    let after_pass = one("::go mv=\"A1 Pass B1\"\n\n::dia at=2 mv=C1", 1);
    assert_eq!(
        (after_pass["black"].clone(), after_pass["to_play"].clone()),
        (json!(["A1"]), json!("b"))
    );
    // at=end is after the last move.
    assert_eq!(one(&format!("{game}::dia at=end"), 1)["to_play"], "w");
}

#[test]
fn ab_aw_ae_pl_and_the_board_size_apply_on_top_of_the_base() {
    let d = one(
        "::go sz=9 mv=\"E5 C3\"\n\n::dia at=3 ae=C3 ab=G7 aw=C7 pl=w mv=D4",
        1,
    );
    assert_eq!(d["size"], 9);
    assert_eq!(
        (d["black"].clone(), d["white"].clone()),
        (json!(["E5", "G7"]), json!(["C7"]))
    );
    assert_eq!(moves(&d), [mv("w", "D4", 1)]);
}

#[test]
fn captures_are_replayed() {
    let book = kifu_book::parse("::dia base=none sz=9 ab=A2 aw=B2 mv=\"B1 A1\"").value;
    let r = resolve::resolve(&book);
    let item = r.of_element(0).unwrap();
    // White A1 captures nothing (A2 has a liberty at A3); Black B1 first.
    assert_eq!(item.moves[0].color, Color::Black);
    let book = kifu_book::parse("::dia base=none sz=9 ab=A1 aw=A2 pl=w mv=B1").value;
    let r = resolve::resolve(&book);
    let item = r.of_element(0).unwrap();
    assert_eq!(
        item.moves[0].captured,
        [kifu_board::Point::from_standard("A1", item.size).unwrap()]
    );
    assert_eq!(item.end_position().stones().count(), 2);
}

#[test]
fn gaps_at_a_move_at_a_letter_at_a_starting_stone_ko_connects_elsewhere() {
    // 6 is played where 1 was captured.
    assert_eq!(
        one("::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1\"", 0)["gaps"],
        "6 at 1"
    );
    // A letter on the point names it.
    assert_eq!(
        one("::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1\" A=A1", 0)["gaps"],
        "6 at A"
    );
    // A starting stone captured, then played on.
    assert_eq!(
        one("::dia base=none sz=5 ab=A1 aw=B1 pl=w mv=\"A2 C3 A1\"", 0)["gaps"],
        "3 at A1"
    );
    // A ko at the edge: Black takes at B1 (1), White retakes at A1 (4)
    // after a threat and an answer, Black retakes at B1 (7).
    let ko = "::dia base=none sz=5 ab=A2 aw=\"A1 B2 C1\" mv=\"B1 E5 E4 A1 D5 D4 B1\"";
    assert_eq!(one(ko, 0)["gaps"], "ko: 4, 7");
    // Black fills the ko instead of a threat: "connects".
    let connects = "::dia base=none sz=5 ab=A2 aw=\"A1 B2 C1\" mv=\"B1 E5 A1\"";
    assert_eq!(one(connects, 0)["gaps"], "3: connects");
    // gaps=none and a given text.
    assert_eq!(
        one("::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1\" gaps=none", 0)["gaps"],
        Value::Null
    );
    assert_eq!(
        one(
            "::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1\" gaps=\"6 retakes\"",
            0
        )["gaps"],
        "6 retakes"
    );
}

#[test]
fn captions_show_from_to_and_to_play_by_the_defaults_table() {
    let game = "::go mv=\"D4 F4 H4\"\n\n";
    assert_eq!(
        one(&format!("{game}::fig at=1 to=3"), 1)["caption"],
        "Moves 1-3"
    );
    assert_eq!(
        one(&format!("{game}::fig at=2 to=2"), 1)["caption"],
        "Move 2"
    );
    // A fig with a caption does not add the numbers unless asked.
    assert_eq!(
        one(&format!("{game}::fig at=1 to=3 ca=\"Figure 1\""), 1)["caption"],
        "Figure 1"
    );
    assert_eq!(
        one(
            &format!("{game}::fig at=1 to=3 ca=\"Figure 1\" showFromTo=1"),
            1
        )["caption"],
        "Figure 1 (Moves 1-3)"
    );
    // No moves, no numbers.
    assert_eq!(one(&format!("{game}::fig at=2"), 1)["caption"], Value::Null);
    // dia: nothing by default.
    assert_eq!(
        one(&format!("{game}::dia at=2 mv=Q16"), 1)["caption"],
        Value::Null
    );
    // prb: the player to move.
    assert_eq!(
        one("::prb base=none ab=D4 pl=w", 0)["caption"],
        "White to play."
    );
    assert_eq!(
        one("::prb base=none ab=D4 ca=\"Problem 1\"", 0)["caption"],
        "Problem 1. Black to play."
    );
    assert_eq!(
        one("::prb base=none ab=D4 showToPlay=0", 0)["caption"],
        Value::Null
    );
}

#[test]
fn resolution_reports_at_to_out_of_range_and_illegal_moves() {
    let codes = |text: &str| -> Vec<String> {
        resolve::resolve(&kifu_book::parse(text).value)
            .diagnostics
            .iter()
            .map(|d| d.code.as_str().to_owned())
            .collect()
    };
    let game = "::go mv=\"D4 F4 H4\"\n\n";
    assert_eq!(
        codes(&format!("{game}::dia at=9 mv=Q16")),
        ["book/at-out-of-range"]
    );
    assert_eq!(
        codes(&format!("{game}::fig at=2 to=8")),
        ["book/to-out-of-range"]
    );
    assert_eq!(codes("::fig to=3"), ["book/range-without-base"]);
    assert_eq!(
        codes(&format!("{game}::dia at=2 mv=D4")),
        ["book/illegal-move"]
    );
    // A ko recapture is legal in replay.
    assert_eq!(
        codes("::dia base=none sz=5 ab=A2 aw=\"A1 B2 C1\" mv=\"B1 A1\""),
        Vec::<String>::new()
    );
    assert_eq!(
        codes("::prb base=none sz=9 ab=D1 correct=\"D1\""),
        ["book/illegal-solution"]
    );
    assert_eq!(
        codes("::dia base=none mv=D4 A=D4"),
        ["book/mark-hides-move"]
    );
}

#[test]
fn sgf_input_gives_the_position_and_the_main_line() {
    let d = one(
        "::go sgf=\"(;SZ[9]AB[cc]AW[gg]PL[W];W[ee];B[ef](;W[fe])(;W[dd]))\"",
        0,
    );
    assert_eq!(d["size"], 9);
    assert_eq!(
        (d["black"].clone(), d["white"].clone()),
        (json!(["C7"]), json!(["G3"]))
    );
    assert_eq!(
        moves(&d),
        [mv("w", "E5", 1), mv("b", "E4", 2), mv("w", "F5", 3)]
    );
}

#[test]
fn problems_answer_correct_wrong_and_continue() {
    use kifu_book::coords::Move;
    use kifu_book::problem::{Answer, Problem};
    let book = kifu_book::parse(
        "::prb sz=9 base=none pl=w ab=\"C1 D2 E2 F2\" aw=\"C2 D3 E3 F3 G2 G1\" correct=\"E1(Good.)D1F1(Dead.)\" wrong=\"D1E1(Alive.)\"\n#wtk#",
    )
    .value;
    let r = resolve::resolve(&book);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let item = r.of_element(0).unwrap();
    let at = |s: &str| Move::Play(kifu_board::Point::from_standard(s, item.size).unwrap());
    let mut p = Problem::of(item);
    assert_eq!(p.text(), Some("#wtk#"));
    assert_eq!(
        p.play(at("E1")),
        Answer::Continue {
            text: Some("Good.".into()),
            reply: Some((at("D1"), None))
        }
    );
    assert_eq!(
        p.play(at("F1")),
        Answer::Solved {
            text: Some("Dead.".into()),
            reply: None
        }
    );
    p.reset();
    assert_eq!(
        p.play(at("D1")),
        Answer::Wrong {
            text: None,
            reply: Some((at("E1"), Some("Alive.".into()))),
            known: true
        }
    );
    assert_eq!(
        p.play(at("A9")),
        Answer::Wrong {
            text: None,
            reply: None,
            known: false
        }
    );
}

#[test]
fn a_problem_without_answers_takes_its_base_moves_as_correct() {
    use kifu_book::problem::{Answer, Problem};
    let book = kifu_book::parse("::go mv=\"D4 F4 H4\"\n\n::prb at=2").value;
    let r = resolve::resolve(&book);
    let item = r.of_element(1).unwrap();
    let mut p = Problem::of(item);
    let f4 =
        kifu_book::coords::Move::Play(kifu_board::Point::from_standard("F4", item.size).unwrap());
    let h4 =
        kifu_book::coords::Move::Play(kifu_board::Point::from_standard("H4", item.size).unwrap());
    assert_eq!(
        p.play(f4),
        Answer::Solved {
            text: None,
            reply: Some((h4, None))
        }
    );
}

#[test]
fn gaps_at_one_place_are_merged_and_phrases_keep_move_order() {
    use kifu_book::figure::{Figure, Gap, HiddenMove};
    let figure = Figure {
        stones: Vec::new(),
        hidden: vec![
            HiddenMove {
                number: 12,
                gap: Gap::AtMove(7),
            },
            HiddenMove {
                number: 13,
                gap: Gap::Elsewhere,
            },
            HiddenMove {
                number: 14,
                gap: Gap::Ko,
            },
            HiddenMove {
                number: 16,
                gap: Gap::AtMove(7),
            },
            HiddenMove {
                number: 17,
                gap: Gap::AtMark("A".into()),
            },
            HiddenMove {
                number: 18,
                gap: Gap::Ko,
            },
        ],
    };
    assert_eq!(
        figure.gaps_line(kifu_board::BoardSize::STANDARD).as_deref(),
        Some("12, 16 at 7, 13: elsewhere, 17 at A, ko: 14, 18")
    );
}

#[test]
fn captions_expand_standard_texts_with_the_player_to_move() {
    assert_eq!(
        one("::dia base=none ab=D4 pl=w ca=\"#^tk#\"", 0)["caption"],
        "White to kill."
    );
    let book = kifu_book::parse("::prb base=none ab=D4 ca=\"#Problem# 3\"").value;
    let r = resolve::resolve(&book);
    assert_eq!(
        kifu_book::figure::caption(r.of_element(0).unwrap(), "de").as_deref(),
        Some("Problem 3. Schwarz ist am Zug.")
    );
}

#[test]
fn coordinates_in_text_need_a_mark_in_the_diagram() {
    let text = "::go mv=\"D4 F4\"\n\n::fig at=1 to=2 A=Q16 tr=C3\n\nBlack 1 at D4, White 2 at F4; A is Q16, C3 is marked, but K10 is not.\n\n::p ref=none K10 is fine here.";
    let book = kifu_book::parse(text).value;
    let found: Vec<_> = kifu_book::check(&book)
        .into_iter()
        .map(|d| (d.code.as_str(), d.message.into_owned()))
        .collect();
    assert_eq!(
        found,
        [(
            "book/coordinate-without-mark",
            "K10 is named in the text, but the diagram has no letter, number or symbol there"
                .to_owned()
        )]
    );
}

#[test]
fn standard_texts_in_paragraphs_are_checked_per_language() {
    let codes = |text: &str| -> Vec<String> {
        kifu_book::check(&kifu_book::parse(text).value)
            .iter()
            .map(|d| d.code.as_str().to_owned())
            .collect()
    };
    assert_eq!(
        codes("::book(#b) title=T\n\n::p #title#: #btp#"),
        Vec::<String>::new()
    );
    assert_eq!(codes("::p #author#"), ["book/missing-standard-text"]);
    assert_eq!(codes("::ko #bts#"), ["book/standard-text"]);
    assert_eq!(
        codes("::go pb=Shusaku\n\n::p #pb# and #wr#"),
        ["book/missing-standard-text"]
    );
    assert_eq!(
        codes("::p #nonsense# #12#"),
        ["book/standard-text", "book/standard-text"]
    );
}

#[test]
fn the_example_exports_to_sgf_with_every_diagram_as_a_variation() {
    let book = kifu_book::parse(EXAMPLE).value;
    let sgf = kifu_book::export::to_sgf(&book);
    let parsed = kifu_sgf::parse(sgf.as_bytes());
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let games: Vec<_> = parsed.value.games().collect();
    assert_eq!(games.len(), 1, "only chapter ch1 has Go data");
    let root = games[0].root();
    assert_eq!(root.children().count(), 8, "the game and seven diagrams");
    // The first variation is the game: its seven moves.
    let mut game_moves = Vec::new();
    let mut node = root.children().next();
    while let Some(n) = node {
        if let Some((c, Some(p))) = n.get_move() {
            game_moves.push(format!(
                "{}{}",
                c.to_char(),
                p.to_standard(kifu_board::BoardSize::STANDARD)
            ));
        }
        node = n.children().next();
    }
    assert_eq!(
        game_moves,
        ["BD4", "WF4", "BH4", "WK4", "BM4", "WO4", "BQ4"]
    );
    assert!(sgf.contains("N[dia2]"));
    assert!(sgf.contains("C[Dia. 3 English\n\nDia. 3 is a variation based on Dia. 2."));
    // The letter A of the first figure at D6.
    assert!(sgf.contains("LB[dn:A]"));
}

/// Found by the `gobook_read` fuzz target: a standard text after a
/// coordinate that the diagram marks is reported at its own place.
#[test]
fn fuzz_regression_standard_text_after_a_substituted_coordinate() {
    let text = "::fig vw=H11T1 T4=1\n\nAt T4: #author#";
    let found = kifu_book::check(&kifu_book::parse(text).value);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(&text[found[0].span.range()], "#author#");
}

/// One item's entry (what a hover shows) is its entry of the whole list,
/// inline diagrams and chapters without ID included.
#[test]
fn each_entry_alone_is_its_entry_in_the_list() {
    let text = format!(
        "{}\n\n::chapter\n\n::go mv=D4\n\nSee <dia at=1 mv=C3>this</dia> and <dia mv=E5>that</dia>.\n\n::dia(#last) at=1\n",
        EXAMPLE.trim_end()
    );
    let book = kifu_book::parse(&text).value;
    let resolution = resolve::resolve(&book);
    let alone: String = (0..resolution.items.len())
        .filter(|&i| resolution.items[i].kind != kifu_book::resolve::ItemKind::Go)
        .map(|i| kifu_book::listing::item_text(&book, &resolution, i))
        .collect();
    assert_eq!(alone, kifu_book::listing::to_text(&book, &resolution));
    assert!(
        alone.contains("-:2 inline\n") && alone.contains("-:4 dia #last\n"),
        "{alone}"
    );
}

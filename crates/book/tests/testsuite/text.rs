//! Rich text in paragraphs: one test per markup form, per typography rule,
//! coordinate substitution, standard texts, and properties of the parser.

// Lists of one range are the expected values here, not mistaken ranges.
#![allow(clippy::single_range_in_vec_init)]

use kifu_board::Color;
use kifu_book::text::{
    self, Anchor, Fields, NoteKind, RichText, Run, RunKind, Style, Symbol, expand_standard_texts,
    standard_text, substitute_coordinates, typography,
};
use proptest::prelude::*;

/// The runs as (text, style) pairs, symbols as `^T`-like strings, breaks as
/// `⏎` and tabs as `⇥`.
fn styled(rich: &RichText) -> Vec<(String, &'static str)> {
    rich.runs
        .iter()
        .map(|run| {
            let text = match &run.kind {
                RunKind::Text(t) => t.clone(),
                RunKind::Symbol { symbol, color } => format!(
                    "^{}{}",
                    symbol.letter(),
                    match color {
                        Some(Color::Black) => "b",
                        Some(Color::White) => "w",
                        None => "",
                    }
                ),
                RunKind::LineBreak => "⏎".into(),
                RunKind::Tab => "⇥".into(),
                RunKind::Image { .. } => "🖼".into(),
            };
            (text, style_name(run.style))
        })
        .collect()
}

fn style_name(style: Style) -> &'static str {
    match (style.bold, style.italic, style.underline) {
        (false, false, false) => "",
        (true, false, false) => "b",
        (false, true, false) => "i",
        (true, true, false) => "bi",
        (false, false, true) => "u",
        (true, false, true) => "bu",
        (false, true, true) => "iu",
        (true, true, true) => "biu",
    }
}

fn runs(text: &str) -> Vec<(String, &'static str)> {
    styled(&text::parse(text))
}

fn s(text: &str, style: &'static str) -> (String, &'static str) {
    (text.to_owned(), style)
}

// ---------------------------------------------------------------- markup

#[test]
fn bold() {
    assert_eq!(
        runs("a **bold** b"),
        [s("a ", ""), s("bold", "b"), s(" b", "")]
    );
}

#[test]
fn italic() {
    assert_eq!(
        runs("a __italic__ b"),
        [s("a ", ""), s("italic", "i"), s(" b", "")]
    );
}

#[test]
fn bold_inside_italic() {
    assert_eq!(
        runs("__italic text with **bold italic**__"),
        [s("italic text with ", "i"), s("bold italic", "bi")]
    );
}

#[test]
fn italic_inside_bold() {
    assert_eq!(
        runs("**bold text with __bold italic__**!"),
        [
            s("bold text with ", "b"),
            s("bold italic", "bi"),
            s("!", "")
        ]
    );
}

#[test]
fn underline() {
    assert_eq!(
        runs("==under== **both ==b u==**"),
        [s("under", "u"), s(" ", ""), s("both ", "b"), s("b u", "bu")]
    );
}

#[test]
fn crossed_markers_toggle_independently() {
    assert_eq!(
        runs("**a __b** c__"),
        [s("a ", "b"), s("b", "bi"), s(" c", "i")]
    );
}

#[test]
fn empty_markers_make_no_run() {
    assert_eq!(runs("a****b"), [s("a", ""), s("b", "")]);
}

#[test]
fn every_symbol_with_and_without_a_stone_colour() {
    let symbols = [
        ('T', Symbol::Triangle, "△", "▲"),
        ('D', Symbol::Diamond, "◇", "◆"),
        ('O', Symbol::Stone, "◦", "●"),
        ('S', Symbol::Square, "□", "■"),
        ('X', Symbol::Cross, "×", "×"),
    ];
    for (letter, symbol, plain, black) in symbols {
        for (suffix, color) in [
            ("", None),
            ("b", Some(Color::Black)),
            ("w", Some(Color::White)),
        ] {
            let source = format!("at ^{letter}{suffix}.");
            let rich = text::parse(&source);
            assert_eq!(rich.runs.len(), 3, "{source}");
            assert_eq!(rich.runs[0].text(), Some("at "));
            assert_eq!(
                rich.runs[1].kind,
                RunKind::Symbol { symbol, color },
                "{source}"
            );
            assert_eq!(rich.runs[1].range, 3..5 + suffix.len());
            assert_eq!(rich.runs[2].text(), Some("."));
            assert_eq!(Symbol::from_letter(letter), Some(symbol));
            if color.is_none() {
                assert_eq!(symbol.unicode(None), plain);
            }
            if color == Some(Color::Black) {
                assert_eq!(symbol.unicode(color), black);
            }
        }
    }
    assert_eq!(Symbol::Stone.unicode(Some(Color::White)), "○");
}

#[test]
fn symbols_take_bold_and_the_letter_after_the_colour_is_text() {
    let rich = text::parse("**^Tw**^Sx");
    assert_eq!(styled(&rich), [s("^Tw", "b"), s("^S", ""), s("x", "")]);
}

#[test]
fn caret_without_a_symbol_letter_is_text() {
    // `^0` (the digit) is the extraction error of `^O`, not a symbol;
    // lowercase letters are no symbols either.
    assert_eq!(runs("^0 ^t ^ 2^3"), [s("^0 ^t ^ 2^3", "")]);
}

#[test]
fn unclosed_markers_stay_literal() {
    assert_eq!(runs("2 ** 3"), [s("2 ** 3", "")]);
    assert_eq!(runs("a __b"), [s("a __b", "")]);
    assert_eq!(runs("==x"), [s("==x", "")]);
    // The third marker has no partner.
    assert_eq!(runs("**a** b **c"), [s("a", "b"), s(" b **c", "")]);
    // A marker that closes nothing inside a link does not pair with one
    // outside it.
    assert_eq!(
        runs("**a <a href=\"x\">b**</a> c"),
        [s("**a ", ""), s("b**", ""), s(" c", "")]
    );
}

#[test]
fn styles_do_not_leak_out_of_a_link_but_apply_inside_it() {
    let rich = text::parse("**see <a href=\"ch2\">chapter __two</a> now**");
    assert_eq!(
        styled(&rich),
        [s("see ", "b"), s("chapter __two", "b"), s(" now", "b")]
    );
    let link = Some(Anchor::Link { href: "ch2".into() });
    assert_eq!(rich.runs[1].anchor, link);
    assert_eq!(rich.runs[0].anchor, None);
    assert_eq!(rich.runs[2].anchor, None);
}

#[test]
fn inline_diagrams_carry_their_index_and_attributes() {
    let value = "See <dia at=2 mv=C4B5D6>if **Black** plays</dia> or <dia at=3>this</dia>.";
    let rich = text::parse(value);
    assert_eq!(rich.diagrams.len(), 2);
    assert_eq!(rich.diagrams[0].attributes[1].name, "mv");
    assert_eq!(rich.diagrams[0].attributes[1].value, "C4B5D6");
    assert_eq!(
        &value[rich.diagrams[1].range.clone()],
        "<dia at=3>this</dia>"
    );
    let anchors: Vec<_> = rich
        .runs
        .iter()
        .map(|r| (r.text().unwrap_or(""), r.anchor.clone(), r.style.bold))
        .collect();
    let dia = |index| Some(Anchor::Diagram { index });
    assert_eq!(
        anchors,
        [
            ("See ", None, false),
            ("if ", dia(0), false),
            ("Black", dia(0), true),
            (" plays", dia(0), false),
            (" or ", None, false),
            ("this", dia(1), false),
            (".", None, false),
        ]
    );
}

#[test]
fn image_bullets_and_tabs() {
    let rich = text::parse(
        "<img url=\"image.png\" href=\"http://smartgo.com\"></img>\\tSome\tparagraph text.",
    );
    assert_eq!(
        rich.runs[0].kind,
        RunKind::Image {
            url: Some("image.png".into()),
            href: Some("http://smartgo.com".into())
        }
    );
    assert_eq!(
        styled(&rich)[1..],
        [
            s("⇥", ""),
            s("Some", ""),
            s("⇥", ""),
            s("paragraph text.", "")
        ]
    );
}

#[test]
fn every_kind_of_line_break() {
    assert_eq!(
        runs("a\nb\\nc<br>d<br/>**e\nf**"),
        [
            s("a", ""),
            s("⏎", ""),
            s("b", ""),
            s("⏎", ""),
            s("c", ""),
            s("⏎", ""),
            s("d", ""),
            s("⏎", ""),
            s("e", "b"),
            s("⏎", "b"),
            s("f", "b"),
        ]
    );
}

#[test]
fn broken_inline_markup_is_text_and_reported() {
    let rich = text::parse("a <dia at=2>b");
    assert_eq!(styled(&rich), [s("a <dia at=2>b", "")]);
    assert_eq!(rich.errors.len(), 1);
}

// ---------------------------------------------------------------- typography

#[test]
fn double_quotes_by_language() {
    let q = "He said \"tenuki\".";
    assert_eq!(typography(q, "en"), "He said “tenuki”.");
    assert_eq!(typography(q, "de"), "He said „tenuki“.");
    assert_eq!(typography(q, "cs"), "He said „tenuki“.");
    assert_eq!(typography(q, "fr"), "He said «\u{a0}tenuki\u{a0}».");
    assert_eq!(typography(q, "es"), "He said «tenuki».");
    assert_eq!(typography(q, "ru"), "He said «tenuki».");
    assert_eq!(typography(q, "ja"), "He said 「tenuki」.");
    assert_eq!(typography(q, "tw"), "He said 「tenuki」.");
    assert_eq!(typography(q, "cn"), "He said “tenuki”.");
    for fallback in ["nl", "it", "ko", "pt", "tr", "pl", "po", "ui", "", "xx"] {
        assert_eq!(typography(q, fallback), "He said “tenuki”.", "{fallback}");
    }
}

#[test]
fn french_quotes_take_the_spaces_already_inside_them() {
    assert_eq!(
        typography("\" Oui \" dit-il", "fr"),
        "«\u{a0}Oui\u{a0}» dit-il"
    );
}

#[test]
fn single_quotes_by_language() {
    let q = "a 'ko' b";
    assert_eq!(typography(q, "en"), "a ‘ko’ b");
    assert_eq!(typography(q, "de"), "a ‚ko‘ b");
    assert_eq!(typography(q, "ja"), "a 『ko』 b");
    assert_eq!(typography(q, "ru"), "a „ko“ b");
}

#[test]
fn nested_quotes() {
    assert_eq!(
        typography("\"Play 'here', he said.\"", "en"),
        "“Play ‘here’, he said.”"
    );
}

#[test]
fn apostrophes_inside_words() {
    assert_eq!(
        typography("Don't play Black's move", "en"),
        "Don’t play Black’s move"
    );
    // Also where the closing single quote differs.
    assert_eq!(typography("Don't", "de"), "Don’t");
    // A closing quote with none open is an apostrophe too.
    assert_eq!(typography("the players' moves", "en"), "the players’ moves");
    assert_eq!(typography("in '98", "en"), "in ’98");
}

#[test]
fn double_hyphen_is_an_en_dash() {
    assert_eq!(typography("moves 1--3", "en"), "moves 1–3");
    assert_eq!(typography("a--b", "en"), "a–b");
}

#[test]
fn triple_hyphen_is_an_em_dash() {
    assert_eq!(typography("wait---no", "en"), "wait—no");
}

#[test]
fn longer_runs_of_hyphens_take_an_em_dash_first() {
    assert_eq!(typography("a-----b", "en"), "a—–b");
    assert_eq!(typography("a----b", "en"), "a—-b");
}

#[test]
fn triple_period_is_an_ellipsis() {
    assert_eq!(typography("and then...", "en"), "and then…");
    assert_eq!(typography("a. b.. c", "en"), "a. b.. c");
}

#[test]
fn exactly_two_spaces_become_one() {
    assert_eq!(typography("a  b", "en"), "a b");
    assert_eq!(typography("a   b", "en"), "a   b");
    assert_eq!(typography("a    b", "en"), "a    b");
    assert_eq!(typography("a b", "en"), "a b");
}

#[test]
fn hyphen_between_digits_is_an_en_dash() {
    assert_eq!(typography("pages 12-15", "en"), "pages 12–15");
    assert_eq!(typography("well-known", "en"), "well-known");
    assert_eq!(typography("Q16-R17", "en"), "Q16-R17");
}

#[test]
fn hyphen_between_spaces_is_an_en_dash() {
    assert_eq!(typography("Black - White", "en"), "Black – White");
}

#[test]
fn hyphen_at_the_end_is_an_en_dash() {
    assert_eq!(typography("Black 1 -", "en"), "Black 1 –");
    assert_eq!(typography("a -b", "en"), "a -b");
}

#[test]
fn typography_leaves_symbols_and_link_targets_alone_and_sees_across_runs() {
    let mut rich = text::parse("\"**^Tb**\" <a href=\"a--b...\">x--y</a> ^X--^O");
    rich.apply_typography("en");
    assert_eq!(rich.plain_text(), "“▲” x–y ×–◦");
    assert_eq!(rich.runs[2].text(), Some("” "));
    let href = rich.runs.iter().find_map(|r| r.anchor.clone());
    assert_eq!(
        href,
        Some(Anchor::Link {
            href: "a--b...".into()
        })
    );
}

// ---------------------------------------------------------------- coordinates

fn marks(coordinate: &str) -> Option<String> {
    match coordinate {
        "F8" => Some("A".into()),
        "B1" => Some("1".into()),
        "W2" => Some("2".into()),
        "T19" => Some("b".into()),
        "A52" => Some("z".into()),
        _ => None,
    }
}

#[test]
fn coordinates_become_the_diagram_marks() {
    assert_eq!(
        substitute_coordinates("invade at F8, then T19.", marks),
        ("invade at A, then b.".to_string(), vec![])
    );
}

#[test]
fn b1_and_w2_are_coordinates() {
    assert_eq!(
        substitute_coordinates("B1 and W2 (B3)", marks),
        ("1 and 2 (B3)".to_string(), vec![11..13])
    );
}

#[test]
fn coordinates_without_a_mark_are_reported() {
    let (text, unknown) = substitute_coordinates("C3 or D4", marks);
    assert_eq!(text, "C3 or D4");
    assert_eq!(unknown, [0..2, 6..8]);
}

#[test]
fn words_are_not_coordinates() {
    for word in [
        "A10x", "MB5", "B52a", "xF8", "F8x", "F08", "F0", "I5", "f8", "F100", "F53", "_F8", "F8_",
        "2F8",
    ] {
        let (text, unknown) = substitute_coordinates(word, marks);
        assert_eq!((text.as_str(), unknown), (word, vec![]), "{word}");
    }
}

#[test]
fn rows_up_to_52_for_large_boards() {
    assert_eq!(substitute_coordinates("A52.", marks).0, "z.");
    assert_eq!(substitute_coordinates("Z25", marks).1, [0..3]);
}

#[test]
fn coordinates_next_to_punctuation_and_unicode() {
    assert_eq!(
        substitute_coordinates("«F8» F8’s é F8", marks).0,
        "«A» A’s é A"
    );
    assert_eq!(substitute_coordinates("éF8", marks).0, "éF8");
}

#[test]
fn coordinates_in_rich_text_skip_symbols_and_generated_text() {
    let mut rich = text::parse("#title# at **F8** ^T C3");
    let mut fields = Fields::default();
    fields.book.insert("title".into(), "F8 and B1".into());
    assert!(rich.expand_standard_texts("en", &fields).is_empty());
    let unknown = rich.substitute_coordinates(marks);
    assert_eq!(rich.plain_text(), "F8 and B1 at A △ C3");
    assert_eq!(unknown, [21..23]);
}

// ---------------------------------------------------------------- standard texts

/// Every code of the format's list, with its exact English text for Black.
const ENGLISH: &[(&str, &str)] = &[
    ("tp", "Black to play."),
    ("tn", "Black to respond."),
    ("tk", "Black to kill."),
    ("tl", "Black to live."),
    ("tc", "Black to capture."),
    ("tf", "Black to fight."),
    ("tu", "Black to cut."),
    ("to", "Black to connect."),
    ("tx", "Black to extend."),
    ("tr", "Black to reduce."),
    ("ti", "Black to invade."),
    ("ta", "Black to attack."),
    ("td", "Black to defend."),
    ("te", "Black to escape."),
    ("ts", "Black to save the marked stones."),
    ("tw", "Black to win."),
    ("twf", "Black to win the fight."),
    ("twd", "Black to draw or win."),
    ("tgk", "Black to get a ko."),
    ("tgr", "Black to get the best result."),
    ("tpe", "Black to play the best endgame."),
    ("tms", "Black to make shape."),
    ("do", "What can Black do?"),
    ("wi", "Black wins."),
    ("he", "Black has escaped."),
    ("hnk", "Black has no ko threat."),
    ("id", "Black is dead."),
    ("ia", "Black is alive."),
    ("ias", "Black is alive in sente."),
    ("iddk", "Black is dead in double ko."),
    ("iadk", "Black is alive in double ko."),
];

const PLAIN: &[(&str, &str)] = &[
    ("fe", "False eye."),
    ("ko", "Ko."),
    ("ok", "Only ko, not good enough."),
    ("os", "Only seki, not good enough."),
    ("se", "Seki."),
    ("sn", "Snapback."),
    ("Problem", "Problem"),
    ("Answer", "Answer"),
    ("Solution", "Solution"),
];

#[test]
fn every_player_code_in_english_for_black_and_white() {
    for (code, black) in ENGLISH {
        let white = black.replace("Black", "White");
        for (prefix, expected) in [("b", black.to_string()), ("w", white)] {
            let full = format!("{prefix}{code}");
            let t = standard_text(&full, "en", None).unwrap();
            assert_eq!((t.text.as_str(), t.language), (expected.as_str(), "en"));
            let (text, notes) = expand_standard_texts(&format!("#{full}#"), "en", &());
            assert_eq!(text, expected);
            assert!(notes.is_empty(), "{full}: {notes:?}");
        }
    }
}

#[test]
fn every_plain_code_in_english() {
    for (code, expected) in PLAIN {
        let (text, notes) = expand_standard_texts(&format!("#{code}# 17"), "en", &());
        assert_eq!(text, format!("{expected} 17"));
        assert!(notes.is_empty());
    }
}

#[test]
fn the_caret_is_the_current_player() {
    let fields = Fields {
        player: Some(Color::White),
        ..Fields::default()
    };
    assert_eq!(
        expand_standard_texts("#^tp#", "en", &fields).0,
        "White to play."
    );
    assert_eq!(
        standard_text("^iadk", "en", Some(Color::Black))
            .unwrap()
            .text,
        "Black is alive in double ko."
    );
    // No player: left as written and reported.
    let (text, notes) = expand_standard_texts("#^tp#", "en", &());
    assert_eq!(text, "#^tp#");
    assert_eq!(notes[0].kind, NoteKind::Missing);
    assert_eq!(standard_text("^tp", "en", None), None);
}

#[test]
fn german_and_french_translations() {
    let de = |code: &str| expand_standard_texts(code, "de", &()).0;
    let fr = |code: &str| expand_standard_texts(code, "fr", &()).0;
    assert_eq!(de("#btp#"), "Schwarz ist am Zug.");
    assert_eq!(de("#wtp#"), "Weiß ist am Zug.");
    assert_eq!(de("#btk#"), "Schwarz zieht und tötet.");
    assert_eq!(de("#wtl#"), "Weiß zieht und lebt.");
    assert_eq!(
        de("#Problem# #Answer# #Solution#"),
        "Problem Antwort Lösung"
    );
    assert_eq!(fr("#btp#"), "A Noir de jouer.");
    assert_eq!(fr("#wtk#"), "Blanc joue et tue.");
    assert_eq!(fr("#btl#"), "Noir joue et vit.");
    assert_eq!(
        fr("#Problem# #Answer# #Solution#"),
        "Problème Réponse Solution"
    );
}

#[test]
fn japanese_and_chinese_to_play() {
    assert_eq!(expand_standard_texts("#btp#", "ja", &()).0, "黒番");
    assert_eq!(expand_standard_texts("#wtp#", "ja", &()).0, "白番");
    assert_eq!(expand_standard_texts("#btp#", "cn", &()).0, "黑先");
    assert_eq!(expand_standard_texts("#wtp#", "tw", &()).0, "白先");
}

#[test]
fn a_language_suffix_picks_the_language() {
    let (text, notes) = expand_standard_texts("#btp_de# / #wtp_fr# / #btp_en#", "ja", &());
    assert_eq!(
        text,
        "Schwarz ist am Zug. / A Blanc de jouer. / Black to play."
    );
    assert!(notes.is_empty());
    let (text, notes) = expand_standard_texts("#Problem_de#", "en", &());
    assert_eq!((text.as_str(), notes.len()), ("Problem", 0));
}

#[test]
fn fallbacks_to_english_are_reported() {
    let (text, notes) = expand_standard_texts("#btp# #wtms_de# #sn#", "ko", &());
    assert_eq!(text, "Black to play. White to make shape. Snapback.");
    let found: Vec<_> = notes
        .iter()
        .map(|n| (n.code.as_str(), n.range.clone(), n.kind.clone()))
        .collect();
    let fallback = |lang: &str| NoteKind::Fallback {
        requested: lang.into(),
    };
    assert_eq!(
        found,
        [
            ("btp", 0..5, fallback("ko")),
            ("wtms_de", 6..15, fallback("de")),
            ("sn", 16..20, fallback("ko")),
        ]
    );
    // A language-neutral paragraph is English, not a fallback.
    assert!(expand_standard_texts("#btp#", "", &()).1.is_empty());
    assert!(expand_standard_texts("#btp#", "ui", &()).1.is_empty());
    // Polish under either code.
    assert_eq!(
        expand_standard_texts("#btp#", "po", &()).1[0].kind,
        fallback("po")
    );
}

#[test]
fn book_fields_from_the_context() {
    let mut fields = Fields::default();
    for (k, v) in [
        ("title", "Invincible"),
        ("title_ja", "無敵"),
        ("subtitle", "The Games of Shusaku"),
        ("author", "John Power"),
        ("publisher", "Kiseido"),
        ("copyright", "© 1998"),
    ] {
        fields.book.insert(k.into(), v.into());
    }
    let value = "#title#: #subtitle#, #author#, #publisher#, #copyright#";
    let (text, notes) = expand_standard_texts(value, "en", &fields);
    assert_eq!(
        text,
        "Invincible: The Games of Shusaku, John Power, Kiseido, © 1998"
    );
    assert!(notes.is_empty());
    assert_eq!(expand_standard_texts("#title#", "ja", &fields).0, "無敵");
    assert_eq!(expand_standard_texts("#title_ja#", "en", &fields).0, "無敵");
    // A field the book lacks stays as written.
    let (text, notes) = expand_standard_texts("#subtitle#", "en", &Fields::default());
    assert_eq!(text, "#subtitle#");
    assert_eq!(notes[0].kind, NoteKind::Missing);
}

#[test]
fn game_info_from_the_context() {
    let mut fields = Fields::default();
    let info = [
        ("pb", "Honinbo Shusaku"),
        ("br", "4d"),
        ("wp", "Gennan Inseki"),
        ("wr", "8d"),
        ("km", "0"),
        ("ha", "0"),
        ("re", "B+2"),
        ("tm", "none"),
        ("dt", "1846-09-11"),
        ("pc", "Osaka"),
        ("ev", "Castle game"),
        ("ro", "1"),
        ("us", "kifu"),
        ("an", "Go Seigen"),
        ("cp", "public"),
        ("so", "GoGoD"),
    ];
    for (k, v) in info {
        fields.game.insert(k.into(), v.into());
    }
    for (attribute, value) in info {
        let code = if attribute == "wp" { "pw" } else { attribute };
        let (text, notes) = expand_standard_texts(&format!("[#{code}#]"), "de", &fields);
        assert_eq!(text, format!("[{value}]"));
        assert!(notes.is_empty());
    }
    // The attribute's own name works too.
    assert_eq!(
        expand_standard_texts("#wp#", "en", &fields).0,
        "Gennan Inseki"
    );
}

#[test]
fn app_and_version() {
    let (text, notes) = expand_standard_texts("#app# #ver#", "fr", &());
    assert_eq!(text, format!("kifu {}", env!("CARGO_PKG_VERSION")));
    assert!(notes.is_empty());
}

#[test]
fn hash_signs_in_normal_text_survive() {
    for value in ["#", "C# and F#", "# 1 #", "##", "a#b c#d", "#b tp#", "#é#"] {
        let (text, notes) = expand_standard_texts(value, "en", &());
        assert_eq!((text.as_str(), notes), (value, vec![]), "{value}");
    }
}

#[test]
fn unknown_codes_and_resource_strings_stay_and_are_reported() {
    let (text, notes) = expand_standard_texts("#xyz# #123# #btp#", "en", &());
    assert_eq!(text, "#xyz# #123# Black to play.");
    let kinds: Vec<_> = notes
        .iter()
        .map(|n| (n.range.clone(), n.kind.clone()))
        .collect();
    assert_eq!(
        kinds,
        [(0..5, NoteKind::Unknown), (6..11, NoteKind::ResourceString)]
    );
    // The closing `#` of an unknown code can open the next one.
    assert_eq!(
        expand_standard_texts("#x#btp#", "en", &()).0,
        "#xBlack to play."
    );
}

#[test]
fn standard_texts_in_rich_text_keep_style_and_skip_link_targets() {
    let mut rich = text::parse("**#btp#** <a href=\"#ko#\">#ko#</a>");
    let notes = rich.expand_standard_texts("en", &());
    assert!(notes.is_empty());
    let runs: Vec<&Run> = rich.runs.iter().collect();
    assert_eq!(runs[0].text(), Some("Black to play."));
    assert!(runs[0].style.bold && runs[0].generated);
    assert_eq!(runs[0].range, 2..7);
    assert_eq!(runs[2].text(), Some("Ko."));
    assert_eq!(
        runs[2].anchor,
        Some(Anchor::Link {
            href: "#ko#".into()
        })
    );
}

// ---------------------------------------------------------------- properties

fn paragraph() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-zA-Z0-9 .,'\"-]{1,6}",
        1 => "[*_=^TDOSXbw#\\\\\t\n<>/ntI]{1,3}",
        1 => prop::sample::select(vec![
            "**", "__", "==", "^Tb", "^Ow", "^X", "\\n", "\\t", "<br>", "<br/>",
            "<a href=\"x\">", "</a>", "<dia at=2 mv=C4>", "</dia>",
            "<img url=\"a.png\"></img>", "<a>", "<dia", "#btp#", "F8", "é", "「",
        ])
        .prop_map(str::to_owned),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

proptest! {
    /// The runs and the markup tile the value: every byte belongs to
    /// exactly one run or one piece of markup, in order, and a text run's
    /// text is its slice of the value.
    #[test]
    fn runs_and_markup_account_for_every_byte(value in paragraph()) {
        let rich = text::parse(&value);
        let mut ranges: Vec<_> = rich
            .runs
            .iter()
            .map(|r| r.range.clone())
            .chain(rich.markup.iter().cloned())
            .collect();
        ranges.sort_by_key(|r| r.start);
        let mut at = 0;
        for r in &ranges {
            prop_assert_eq!(r.start, at, "gap or overlap in {:?}", value);
            prop_assert!(r.end > r.start);
            at = r.end;
        }
        prop_assert_eq!(at, value.len());
        for run in &rich.runs {
            if let Some(t) = run.text() {
                prop_assert_eq!(t, &value[run.range.clone()]);
            }
        }
        // Runs come in reading order.
        prop_assert!(rich.runs.windows(2).all(|w| w[0].range.end <= w[1].range.start));
    }

    /// Text without markup characters is one plain run.
    #[test]
    fn plain_text_is_one_run(value in "[a-zA-Z0-9 .,;!?'\"é-]{1,40}") {
        let rich = text::parse(&value);
        prop_assert_eq!(rich.runs.len(), 1);
        prop_assert_eq!(rich.runs[0].text(), Some(value.as_str()));
        prop_assert_eq!(rich.runs[0].style, Style::default());
    }

    /// The pipeline never panics, and text without the characters the
    /// typography rules look at comes back unchanged.
    #[test]
    fn the_whole_pipeline_never_panics(value in paragraph(), lang in "(en|de|fr|ja|cn|ko|)") {
        let mut rich = text::parse(&value);
        rich.expand_standard_texts(&lang, &Fields::default());
        rich.substitute_coordinates(|c| Some(c.to_lowercase()));
        rich.apply_typography(&lang);
        let _ = rich.plain_text();
        let plain: String = value.chars().filter(|c| c.is_alphanumeric()).collect();
        prop_assert_eq!(typography(&plain, &lang), plain);
    }

    /// Without marks, coordinate substitution changes nothing, and every
    /// reported range is a coordinate of the text.
    #[test]
    fn coordinates_without_marks_change_nothing(value in paragraph()) {
        let (text, unknown) = substitute_coordinates(&value, |_| None);
        prop_assert_eq!(&text, &value);
        for r in unknown {
            let c = &value[r];
            prop_assert!(c.len() >= 2 && c.as_bytes()[0].is_ascii_uppercase());
            prop_assert_eq!(substitute_coordinates(c, |_| Some("x".into())).0, "x");
        }
    }

    /// Text without `#` has no standard texts.
    #[test]
    fn no_hash_no_standard_text(value in "[^#]{0,40}") {
        let (text, notes) = expand_standard_texts(&value, "en", &());
        prop_assert_eq!(text, value);
        prop_assert!(notes.is_empty());
    }
}

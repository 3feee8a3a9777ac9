//! Issue 21: a checker an author can trust. Each test holds the input that
//! showed the problem.

use kifu_diag::{Diagnostic, LineIndex};

/// `(line, code)` of each diagnostic.
fn lines_and_codes(text: &str, diagnostics: &[Diagnostic]) -> Vec<(usize, String)> {
    let index = LineIndex::new(text.as_bytes());
    diagnostics
        .iter()
        .map(|d| {
            let (line, _) = index.position(text.as_bytes(), d.span.start);
            (line, d.code.as_str().to_owned())
        })
        .collect()
}

/// Reader and checker diagnostics of `text`.
fn all(text: &str) -> Vec<Diagnostic> {
    let parsed = kifu_book::parse(text);
    let mut all = parsed.diagnostics.clone();
    all.extend(kifu_book::check(&parsed.value));
    all
}

/// Reader and checker diagnostics of `text`, as `(line, code)`.
fn diagnose(text: &str) -> Vec<(usize, String)> {
    lines_and_codes(text, &all(text))
}

fn expect(text: &str, expected: &[(usize, &str)]) {
    let expected: Vec<(usize, String)> = expected
        .iter()
        .map(|(l, c)| (*l, (*c).to_owned()))
        .collect();
    assert_eq!(diagnose(text), expected, "for {text:?}");
}

// Item 2: a quote that does not pair up is an error on its line.

#[test]
fn a_quoted_caption_that_swallows_the_next_attribute_is_an_error() {
    let text = "::chapter(#c)\n\n::dia ca_en=\"Dia. 1 ca_de=\"Dia. 1\"\n";
    let diagnostics = all(text);
    assert_eq!(
        lines_and_codes(text, &diagnostics),
        [(3, "book/unbalanced-quote".to_owned())]
    );
    assert!(
        diagnostics[0]
            .message
            .contains("`ca_en` runs into `ca_de=`"),
        "{}",
        diagnostics[0].message
    );
}

#[test]
fn every_unbalanced_quote_in_an_attribute_line_is_an_error() {
    for text in [
        // The opening quote missing: `mv=C3` is read as text.
        "::chapter(#c)\n\n::dia ca_en=Dia. 1\" mv=C3",
        // Text glued to a closing quote.
        "::chapter(#c)\n\n::dia ca=\"Dia. 1\"x mv=C3",
        // A quote in an unquoted value.
        "::chapter(#c)\n\n::dia ca=Dia.1\" mv=C3",
        // On a continuation line of the header.
        "::chapter(#c)\n\n::dia mv=C3\nca_en=\"Dia. 1 ca_de=\"Dia. 1\"",
    ] {
        let line = if text.matches('\n').count() == 3 {
            4
        } else {
            3
        };
        expect(text, &[(line, "book/unbalanced-quote")]);
    }
}

#[test]
fn quotes_that_pair_up_are_fine() {
    for text in [
        "::chapter(#c)\n\n::dia ca_en=\"Dia. 1\" ca_de=\"Dia. 1\" mv=C3 The \"move\" at a=3 here",
        "::chapter(#c)\n\n::p style=bullet He said \"a=b\" then left.",
        "::chapter(#c)\n\n::dia ca=\"Say \\\"x=1\\\" now\"",
        "::chapter(#c)\n\nA \"quote\" with x= in plain text",
    ] {
        expect(text, &[]);
    }
}

// Item 3: standard texts in problem texts are checked, an unknown one
// once.

#[test]
fn standard_texts_in_problems_and_captions_are_checked() {
    let text = "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n\
        ::prb sz=9 base=none ab=D1D2E3 aw=E2F2 pl=b correct=\"E1(#wid#);F1G1(#btz#)\" #wtl#\n\n\
        ::prb sz=9 base=none ab=D1D2E3 aw=E2F2 pl=b #btz#\n\n\
        ::dia sz=9 base=none ab=D1 ca=\"#^tp# #zz#\"\n";
    let diagnostics = all(text);
    let found: Vec<(usize, String, String)> = lines_and_codes(text, &diagnostics)
        .into_iter()
        .zip(&diagnostics)
        .map(|((line, code), d)| (line, code, format!("{}", d.severity)))
        .collect();
    assert_eq!(
        found,
        [
            (5, "book/standard-text".into(), "warning".into()),
            (7, "book/standard-text".into(), "warning".into()),
            (9, "book/standard-text".into(), "warning".into()),
        ]
    );
    assert!(diagnostics[0].message.contains("`#btz#`"));
    assert!(diagnostics[2].message.contains("`#zz#`"));
    // The span is the code itself, in the attribute's value.
    let at = diagnostics[0].span.start as usize;
    assert_eq!(&text[at..at + 5], "#btz#");
}

#[test]
fn an_unknown_standard_text_is_reported_once_not_once_per_language() {
    let text = "::book_en_de_fr(#b) title=\"T\"\n\n::chapter(#c)\n\n\
        ::prb_en_de_fr sz=9 base=none ab=D1 correct=\"E1(#xyz#)\" #btz#\n\n\
        ::p_en_de_fr See #qq#.\n";
    let codes: Vec<(usize, String)> = diagnose(text);
    assert_eq!(
        codes,
        [
            (5, "book/standard-text".to_owned()),
            (5, "book/standard-text".to_owned()),
            (7, "book/standard-text".to_owned()),
        ],
        "{:#?}",
        all(text)
    );
}

// Item 4: no false alarms.

#[test]
fn an_included_file_may_link_to_the_including_books_chapters() {
    let text = "::book(#b) title=\"T\"\n\n::chapter(#contents)\n\n::h2 Contents\n\n::include url=\"about.gobook\"\n";
    let book = kifu_book::parse(text).value;
    let expanded = kifu_book::include::expand(&book, &mut |url| {
        (url == "about.gobook").then(|| {
            "::chapter(#about)\n\n::p href=contents Back to the contents\n\nSee <a href=\"contents\">the contents</a> or <a href=\"nowhere\">nothing</a>.\n"
                .to_owned()
        })
    });
    let messages: Vec<&str> = expanded.diagnostics.iter().map(|d| &*d.message).collect();
    // The link to `nowhere` is still wrong; those to `contents` are fine.
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].contains("`nowhere`"), "{messages:?}");
    assert!(
        kifu_book::check(&expanded.value)
            .iter()
            .all(|d| !d.message.contains("contents"))
    );
}

#[test]
fn scale_on_paragraphs_is_an_attribute_of_the_format() {
    expect(
        "::chapter(#c)\n\n::p scale=1.5 Large text\n\n::h3 scale=0.8 Small heading\n\n::img url=\"x.png\" scale=0.75",
        &[],
    );
    // Still a number.
    expect(
        "::chapter(#c)\n\n::p scale=big Text",
        &[(3, "book/invalid-value")],
    );
}

#[test]
fn pw_is_read_as_wp_with_a_hint_and_normalized_to_wp() {
    let text = "::chapter(#c)\n\n::go(#g) pb=Kuro pw=Shiro mv=D4\n\n::p #pb# - #pw#\n";
    let diagnostics = all(text);
    assert_eq!(
        lines_and_codes(text, &diagnostics),
        [(3, "book/attribute-spelling".to_owned())]
    );
    assert_eq!(format!("{}", diagnostics[0].severity), "note");
    assert!(diagnostics[0].message.contains("`wp`"));
    let book = kifu_book::parse(text).value;
    let normalized = kifu_book::normalize(&book);
    assert!(normalized.contains("\nwp=Shiro"), "{normalized}");
    assert!(!normalized.contains("pw="), "{normalized}");
    // The game information has the white player under its list name.
    let info = kifu_book::go_data::game_info(&book.elements()[1]);
    assert!(
        info.contains(&("wp".to_owned(), "Shiro".to_owned())),
        "{info:?}"
    );
    // Normalized, it checks clean.
    assert!(kifu_book::check(&kifu_book::parse(&normalized).value).is_empty());
}

// Item 5: messages that say what is wrong, once.

#[test]
fn i_is_not_a_coordinate_letter() {
    let text = "::chapter(#c)\n\n::dia sz=9 base=none ab=C3 a=I4 b=J10\n";
    let diagnostics = all(text);
    assert_eq!(
        lines_and_codes(text, &diagnostics),
        [
            (3, "book/invalid-value".to_owned()),
            (3, "book/invalid-value".to_owned())
        ]
    );
    assert!(
        diagnostics[0]
            .message
            .contains("I is not a coordinate letter"),
        "{}",
        diagnostics[0].message
    );
    assert!(!diagnostics[0].message.contains("off the"));
    // J10 is a coordinate, off a 9x9 board.
    assert!(diagnostics[1].message.contains("J10 is off the 9x9 board"));
    // In lowercase too, and in moves.
    let text = "::chapter(#c)\n\n::dia sz=9 base=none mv=\"C3 i5\"\n";
    let diagnostics = all(text);
    assert!(
        diagnostics[0]
            .message
            .contains("I is not a coordinate letter")
    );
}

#[test]
fn at_past_the_base_is_reported_once_without_a_cascade() {
    let text = "::chapter(#c)\n\n::go(#g) mv=\"D4 Q16 D16 Q4\"\n\n\
        ::fig(#f) base=g at=250 to=260\n\n\
        The move at C3 and D5.\n\n\
        ::var at=3 mv=\"E5 E5\"\n\n\
        See <dia at=7 mv=K10>this</dia>.\n\n\
        ::dia base=f at=2 to=300\n";
    expect(text, &[(5, "book/at-out-of-range")]);
    // Without the cause, the same moves are reported.
    let fixed = text.replace("at=250 to=260", "at=1 to=4");
    let codes: Vec<String> = diagnose(&fixed).into_iter().map(|(_, c)| c).collect();
    assert!(codes.contains(&"book/illegal-move".to_owned()), "{codes:?}");
    assert!(
        codes.contains(&"book/to-out-of-range".to_owned()),
        "{codes:?}"
    );
}

// Item 6: normalizing keeps the book's revision.

#[test]
fn normalizing_a_2017_book_keeps_a_multi_line_mv_on_several_lines() {
    let text = "::book(#b) title=\"T\"\n\n\n\n::chapter(#c)\n\n::go(#g) mv=\"D4 Q16 D16 Q4\nC3 R17\nc5\"\n\n::fig ca=\"Line one\nline two\" mv=\"D4 Q16\nR4\"\n";
    let book = kifu_book::parse(text).value;
    assert_eq!(
        kifu_book::model::revision(&book),
        kifu_book::model::Revision::R2017
    );
    let normalized = kifu_book::normalize(&book);
    assert!(
        normalized.contains("mv=\"D4 Q16 D16 Q4\nC3 R17\nC5\""),
        "{normalized}"
    );
    assert!(
        normalized.contains("ca=\"Line one\nline two\""),
        "{normalized}"
    );
    assert!(!normalized.contains("\\n"), "{normalized}");
    let again = kifu_book::parse(&normalized);
    assert!(again.diagnostics.is_empty());
    assert_eq!(
        kifu_book::model::revision(&again.value),
        kifu_book::model::Revision::R2017
    );
    assert_eq!(
        again.value.elements()[2].get("mv"),
        Some("D4 Q16 D16 Q4\nC3 R17\nC5")
    );
    // Normalizing is stable.
    assert_eq!(kifu_book::normalize(&again.value), normalized);
}

#[test]
fn a_2026_book_writes_line_breaks_in_quotes_as_escapes() {
    // `\n` in quotes is itself 2026.
    let text = "::chapter(#c)\n\n::dia ca=\"One\\nTwo\" mv=\"D4\nQ16\"\n";
    let book = kifu_book::parse(text).value;
    assert_eq!(
        kifu_book::model::revision(&book),
        kifu_book::model::Revision::R2026
    );
    let normalized = kifu_book::normalize(&book);
    assert!(normalized.contains("mv=\"D4\\nQ16\""), "{normalized}");
    let codes: Vec<String> = diagnose(text).into_iter().map(|(_, c)| c).collect();
    assert_eq!(codes, ["book/revision-2026"]);
}

#[test]
fn a_line_break_that_would_end_the_element_stays_escaped() {
    let mut book = kifu_book::parse("::chapter(#c)\n\n::dia ca=\"x\"\n").value;
    book.elements_mut()[1].set_attribute("ca", "One\n\nTwo\n::fig");
    let normalized = kifu_book::normalize(&book);
    let again = kifu_book::parse(&normalized).value;
    assert_eq!(again.elements().len(), 2, "{normalized}");
    assert_eq!(again.elements()[1].get("ca"), Some("One\n\nTwo\n::fig"));
}

// Item 7: SGF export keeps problems' solutions, headings in their own node,
// standard texts expanded.

const EXPORTED: &str = "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 Opening\n\n\
    ::go(#g) pb=Kuro pw=Shiro mv=\"D4 Q16 D16\"\n\n::fig at=1 to=3\n\nThe game of #pb# and #pw#.\n\n\
    ::h3 Problems\n\n\
    ::prb sz=9 base=none ab=D1D2E3 aw=E2F2 pl=b correct=\"E1(#wid#);F1G1(#btl#);F1D3\" wrong=\"G1E1(#ko#)\" #wtl#\n\n\
    Solve it.\n";

#[test]
fn problems_export_with_their_solution_trees() {
    let book = kifu_book::parse(EXPORTED).value;
    let sgf = kifu_book::export::to_sgf(&book);
    // Two correct first moves and a wrong one as variations of the
    // problem; F1 answered two ways, the end of each correct line RIGHT.
    assert!(
        sgf.contains(
            "(;B[ei]C[White is dead.\nRIGHT])(;B[fi](;W[gi]C[Black to live.\nRIGHT])(;W[dg]C[RIGHT]))(;B[gi]BM[1];W[ei]C[Ko.])"
        ),
        "{sgf}"
    );
    let parsed = kifu_sgf::parse(sgf.as_bytes());
    assert!(
        parsed
            .diagnostics
            .iter()
            .all(|d| d.severity < kifu_diag::Severity::Warning),
        "{:?}",
        parsed.diagnostics
    );
}

#[test]
fn headings_name_their_own_node_and_standard_texts_are_expanded() {
    let book = kifu_book::parse(EXPORTED).value;
    let sgf = kifu_book::export::to_sgf(&book);
    // The heading before the problem names its node, and is not in the
    // figure's comment.
    assert!(sgf.contains("(;N[Problems]AB["), "{sgf}");
    assert!(
        sgf.contains("C[Moves 1-3\n\nThe game of Kuro and Shiro.]"),
        "{sgf}"
    );
    assert!(!sgf.contains('#'), "{sgf}");
    // The problem's text with `#wtl#` expanded, its paragraph after it.
    assert!(sgf.contains("White to live.\n\nSolve it."), "{sgf}");
    // `pw` is the white player.
    assert!(sgf.contains("PW[Shiro]"), "{sgf}");
}

// Item 10: German standard texts say what the English says; the text
// view draws the star points the SVG draws.

#[test]
fn german_task_texts_set_a_task_and_state_texts_state() {
    let de = |code: &str| kifu_book::text::expand_standard_texts(code, "de", &()).0;
    // "White to live." is a task, not "White lives."
    assert_eq!(de("#wtl#"), "Weiß zieht und lebt.");
    assert_eq!(de("#btk#"), "Schwarz zieht und tötet.");
    assert_eq!(de("#btw#"), "Schwarz zieht und gewinnt.");
    // "White is alive." is a state.
    assert_eq!(de("#wia#"), "Weiß lebt.");
    assert_eq!(de("#bid#"), "Schwarz ist tot.");
    assert_eq!(de("#wias#"), "Weiß lebt in Vorhand.");
    assert_eq!(de("#bdo#"), "Was kann Schwarz tun?");
    assert_eq!(de("#fe#"), "Falsches Auge.");
    // Every task text (`^ to ...`) that has a German translation says
    // "zieht und" or "am Zug", never a bare statement.
    for code in [
        "tp", "tn", "tk", "tl", "tc", "tf", "tu", "to", "tx", "tr", "ti", "ta", "td", "te", "ts",
        "tw", "twf", "twd", "tgk", "tgr", "tpe", "tms",
    ] {
        let t = kifu_book::text::standard_text(&format!("w{code}"), "de", None).unwrap();
        if t.language == "de" {
            assert!(
                t.text.contains("zieht und") || t.text.contains("am Zug"),
                "#w{code}# reads {:?}",
                t.text
            );
        }
    }
}

#[test]
fn the_text_view_draws_five_star_points_on_9x9_and_13x13() {
    let text =
        "::chapter(#c)\n\n::dia sz=9 base=none\n\n::dia sz=13 base=none\n\n::dia base=none\n";
    let book = kifu_book::parse(text).value;
    let resolution = kifu_book::resolve::resolve(&book);
    let stars: Vec<usize> = resolution
        .items
        .iter()
        .map(|item| kifu_book::listing::draw(item).matches('+').count())
        .collect();
    assert_eq!(stars, [5, 5, 9]);
}

// Item 10: notes shown with their book.

#[test]
fn notes_are_inserted_after_their_element_and_its_translations() {
    let book = kifu_book::parse(
        "::book(#nb)\n\n::chapter(#c1)\n\n::dia sz=9 base=none ab=C3\n\nFirst.\n\n::en Second.\n\n::de Zweiter.\n\nThird.\n",
    )
    .value;
    let notes = kifu_book::parse(
        "::book(#nb) notes=1\n\n::p(#n1) loc=c1+2 On the first.\n\n::p(#n2) loc=c1+3 On the second.\n\n::dia(#n3) loc=c1+3 sz=9 ab=D4\n\n::p(#n4) loc=c9+1 Lost.\n",
    )
    .value;
    let shown = kifu_book::notes::insert(&notes, &book);
    let values: Vec<&str> = shown.value.elements().iter().map(|e| e.value()).collect();
    assert_eq!(
        values,
        [
            "",
            "",
            "",
            "First.",
            "On the first.",
            "Second.",
            "Zweiter.",
            "On the second.",
            "Third."
        ]
    );
    let note = &shown.value.elements()[4];
    assert_eq!(note.get("box"), Some("1"));
    assert_eq!(note.get("loc"), None);
    assert_eq!(note.id(), None);
    // The lost note is reported; the Go data note is left out.
    assert_eq!(shown.diagnostics.len(), 1);
    assert_eq!(shown.diagnostics[0].code.as_str(), "book/unresolved-loc");
    // The paragraphs still describe the diagram.
    assert!(kifu_book::check(&shown.value).is_empty());
}

#[test]
fn a_line_break_at_the_end_of_a_quoted_value_stays_a_line_break_in_2017() {
    let text = "::chapter(#c)\n\n::dia ca=\"x\n\" mv=\"D4\nQ16\"\n";
    let book = kifu_book::parse(text).value;
    assert_eq!(book.elements()[1].get("ca"), Some("x\n"));
    let once = kifu_book::normalize(&book);
    assert!(!once.contains("\\n"), "{once}");
    let again = kifu_book::parse(&once);
    assert!(again.diagnostics.is_empty(), "{:?}", again.diagnostics);
    assert_eq!(kifu_book::normalize(&again.value), once);
}

/// Found by the `gobook_read` fuzz target (and in main before it): a 9x9
/// diagram whose default base is a 19x19 game, described by a paragraph
/// that names a point, panicked drawing the 19x19 position on 9x9.
#[test]
fn a_diagram_on_another_board_size_than_its_base_starts_empty() {
    let text = "::chapter(#c)\n\n::go(#g) mv=\"D4 Q16\"\n\n::dia sz=9\n\nSee C3.\n";
    let book = kifu_book::parse(text).value;
    let resolution = kifu_book::resolve::resolve(&book);
    let item = resolution.of_element(2).unwrap();
    assert_eq!(item.start.stones().count(), 0);
    let codes: Vec<String> = diagnose(text).into_iter().map(|(_, c)| c).collect();
    assert_eq!(codes, ["book/coordinate-without-mark"]);
    let _ = kifu_book::listing::to_text(&book, &resolution);
    let _ = kifu_book::export::to_sgf(&book);
}

/// Found by the `gobook_read` fuzz target: normalizing twice gives the same
/// text when one line break of a 2017 book's value must be written `\n`
/// (which makes the book 2026): then every one is.
#[test]
fn normalizing_stays_idempotent_when_one_line_break_must_be_escaped() {
    let data: &[u8] = &[
        58, 58, 102, 105, 103, 32, 58, 58, 98, 111, 111, 107, 40, 35, 98, 41, 10, 116, 105, 116,
        108, 101, 61, 118, 119, 104, 50, 49, 49, 84, 49, 32, 81, 49, 58, 58, 98, 111, 111, 107, 40,
        84, 10, 10, 10, 10, 58, 58, 99, 104, 97, 112, 116, 101, 114, 40, 35, 99, 41, 10, 10, 58,
        58, 103, 111, 40, 35, 103, 35, 98, 41, 32, 116, 105, 116, 91, 101, 61, 34, 84, 34, 10, 10,
        58, 58, 99, 104, 97, 112, 116, 101, 114, 40, 35, 99, 41, 10, 10, 58, 58, 104, 50, 32, 79,
        41, 32, 109, 118, 61, 112, 101, 110, 105, 110, 34, 68, 52, 32, 81, 49, 54, 32, 68, 49, 54,
        32, 81, 52, 92, 110, 67, 51, 32, 82, 49, 55, 92, 110, 67, 53, 34, 10, 10, 58, 58, 102, 105,
        103, 32, 109, 118, 61, 34, 103, 68, 52, 32, 81, 49, 54, 10, 92, 110, 82, 52, 34, 10,
    ];
    let book = kifu_book::read(data).value;
    let once = kifu_book::normalize(&book);
    let twice = kifu_book::normalize(&kifu_book::parse(&once).value);
    assert_eq!(once, twice);
}

//! Reading, writing and checking whole books: the spec's example, the
//! corpus fragments, every diagnostic code, and generated inputs.

use std::path::{Path, PathBuf};

use kifu_book::model::{DiagramKind, ElementKind, ParagraphKind};
use kifu_diag::{Diagnostic, LineIndex};
use proptest::prelude::*;

const EXAMPLE: &str = include_str!("../fixtures/example.gobook");

fn corpus() -> Option<PathBuf> {
    let root = std::env::var_os("KIFU_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        PathBuf::from,
    );
    root.is_dir().then_some(root)
}

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

/// Reader and checker diagnostics of `text`, as `(line, code)`.
fn diagnose(text: &str) -> Vec<(usize, String)> {
    let parsed = kifu_book::parse(text);
    let mut all = parsed.diagnostics.clone();
    all.extend(kifu_book::check(&parsed.value));
    lines_and_codes(text, &all)
}

fn codes(text: &str) -> Vec<String> {
    diagnose(text).into_iter().map(|(_, c)| c).collect()
}

#[test]
fn the_example_reads_into_the_elements_the_spec_describes() {
    let parsed = kifu_book::parse(EXAMPLE);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let book = parsed.value;
    let kinds: Vec<ElementKind> = book.elements().iter().map(|e| e.kind()).collect();
    use DiagramKind as D;
    use ElementKind as K;
    use ParagraphKind as P;
    let p = K::Paragraph(P::P);
    assert_eq!(
        kinds,
        [
            K::Book,
            K::Chapter,
            K::Paragraph(P::H1),
            K::Paragraph(P::S1),
            K::Image,
            p,
            K::Chapter,
            K::Paragraph(P::H2),
            p,
            p,
            K::Chapter,
            K::Paragraph(P::H2),
            p,
            K::Go,
            p,
            p,
            K::Diagram(D::Fig),
            p,
            K::Diagram(D::Dia),
            p,
            K::Paragraph(P::H3),
            K::Diagram(D::Fig),
            p,
            K::Diagram(D::Dia),
            p,
            p,
            K::Diagram(D::Dia),
            p,
            K::Diagram(D::Dia),
            p,
            p,
            p,
            p,
            p,
            p,
            p,
        ]
    );
    let e = book.elements();
    assert_eq!(e[0].id(), Some("example"));
    assert_eq!(e[0].get("title"), Some("Example Title"));
    assert_eq!(e[0].get("author"), Some("Some Body"));
    assert_eq!(e[2].get("break"), Some("none"));
    assert_eq!(e[2].value(), "#title#");
    assert_eq!(e[13].get("mv"), Some("D4 F4 H4 K4 M4 O4 Q4"));
    // The paragraph with line breaks is one element of three lines.
    assert_eq!(
        e[15].value(),
        "Paragraphs are separated by an empty line. Line breaks matter:\nThis is one line.\nThis is another line."
    );
    assert_eq!(e[16].get("A"), Some("D6"));
    assert_eq!(e[23].id(), Some("dia2"));
    assert_eq!(e[26].text_in("ca", "ja"), Some("Dia. 3 Japanese"));
    assert_eq!(e[28].get("pl"), Some("w"));
    assert_eq!(e[33].languages().collect::<Vec<_>>(), ["de"]);
    assert_eq!(e[34].tag(), Some("en"));
}

#[test]
fn the_example_writes_back_byte_for_byte() {
    let book = kifu_book::parse(EXAMPLE).value;
    assert_eq!(book.to_string(), EXAMPLE);
}

#[test]
fn the_example_checks_clean_but_for_its_untitled_chapter() {
    // The example's title chapter has no ID: a note, not an error.
    assert_eq!(
        diagnose(EXAMPLE),
        [(5, "book/chapter-without-id".to_owned())]
    );
}

#[test]
fn normalizing_the_example_only_moves_the_book_attributes_to_their_own_lines() {
    let book = kifu_book::parse(EXAMPLE).value;
    let expected = EXAMPLE.replacen(
        "::book(#example) title=\"Example Title\" author=\"Some Body\"\n",
        "::book(#example)\ntitle=\"Example Title\"\nauthor=\"Some Body\"\n",
        1,
    );
    assert_eq!(kifu_book::normalize(&book), expected);
}

#[test]
fn crlf_books_write_back_as_read_and_normalize_to_lf() {
    let text = EXAMPLE.replace('\n', "\r\n");
    let parsed = kifu_book::parse(&text);
    assert!(parsed.diagnostics.is_empty());
    assert_eq!(parsed.value.to_string(), text);
    assert_eq!(
        parsed.value.elements()[15].value(),
        "Paragraphs are separated by an empty line. Line breaks matter:\nThis is one line.\nThis is another line."
    );
    let lf = kifu_book::parse(EXAMPLE).value;
    assert_eq!(
        kifu_book::normalize(&parsed.value),
        kifu_book::normalize(&lf)
    );
}

#[test]
fn an_edit_changes_only_what_was_edited() {
    let mut book = kifu_book::parse(EXAMPLE).value;
    let fig = book
        .elements_mut()
        .iter_mut()
        .find(|e| e.get("vw") == Some("A1T10"))
        .unwrap();
    fig.set_attribute("to", "8");
    let written = book.to_string();
    assert_eq!(
        written,
        EXAMPLE.replace("::fig at=4 to=7 vw=A1T10", "::fig at=4 to=8 vw=A1T10")
    );
}

#[test]
fn attributes_spread_over_lines_and_quoted_escapes() {
    let text = "::book(#b)\ntitle=\"Say \\\"hi\\\"\\tnow\"\n  author=A.B\n\n::prb sz=9 pl=b correct=\"E1E2D1(White is dead.);E1D1E2(Seki.)\"\n#btk#\nsecond line\n";
    let parsed = kifu_book::parse(text);
    assert!(parsed.diagnostics.is_empty());
    let book = parsed.value;
    let b = &book.elements()[0];
    assert_eq!(b.get("title"), Some("Say \"hi\"\tnow"));
    assert_eq!(b.get("author"), Some("A.B"));
    assert!(b.attribute("title").unwrap().starts_line());
    assert!(b.attribute("title").unwrap().is_quoted());
    let prb = &book.elements()[1];
    assert_eq!(
        prb.get("correct"),
        Some("E1E2D1(White is dead.);E1D1E2(Seki.)")
    );
    assert_eq!(prb.value(), "#btk#\nsecond line");
    assert_eq!(book.to_string(), text);
}

#[test]
fn a_double_colon_line_starts_an_element_without_an_empty_line() {
    let book = kifu_book::parse("Text\n::h2 Heading\nmore heading\n::p x").value;
    let values: Vec<_> = book.elements().iter().map(|e| e.value()).collect();
    assert_eq!(values, ["Text", "Heading\nmore heading", "x"]);
}

#[test]
fn lines_of_spaces_and_tabs_separate_elements() {
    let book = kifu_book::parse("One\n \t \nTwo").value;
    assert_eq!(book.elements().len(), 2);
    assert_eq!(book.to_string(), "One\n \t \nTwo");
}

#[test]
fn invalid_utf8_is_replaced_and_reported() {
    let parsed = kifu_book::read(b"::p caf\xE9\n");
    assert_eq!(parsed.diagnostics[0].code.as_str(), "book/invalid-utf8");
    assert_eq!(parsed.diagnostics[0].span.start, 7);
    assert_eq!(parsed.value.elements()[0].value(), "caf?");
}

/// One small book per diagnostic code: the code and the line it is on.
#[test]
fn every_code_has_a_case_on_the_right_line() {
    let cases: &[(&str, &[(usize, &str)])] = &[
        (":: nothing", &[(1, "book/malformed-element")]),
        ("::h2x=1 a", &[(1, "book/malformed-element")]),
        ("::dia(#d1 at=2", &[(1, "book/unclosed-id")]),
        ("::dia ca=\"Dia. 1\nmore", &[(1, "book/unclosed-quote")]),
        ("::dia ca=\"a\\qb\"", &[(1, "book/unknown-escape")]),
        (
            "::dia ca_en=\"Dia. 1 ca_de=\"Dia. 1\"",
            &[(1, "book/unbalanced-quote")],
        ),
        ("::fig at=1\nat=2", &[(2, "book/duplicate-attribute")]),
        (
            "::c attr=value the comment",
            &[(1, "book/comment-attributes")],
        ),
        ("::chapter(#c)\n\n::frame x", &[(3, "book/unknown-element")]),
        ("::p colour=red x", &[(1, "book/unknown-attribute")]),
        ("::p_xx Text", &[(1, "book/unknown-language")]),
        ("::fig ca_zz=\"x\"", &[(1, "book/unknown-language")]),
        ("::fig mv_de=D4", &[(1, "book/language-suffix")]),
        ("::fig sz=1", &[(1, "book/invalid-value")]),
        ("::fig\nab=Z5", &[(2, "book/invalid-value")]),
        ("::fig mv=\"D4 X\"", &[(1, "book/invalid-value")]),
        ("::p align=middle x", &[(1, "book/invalid-value")]),
        ("::img scale=big", &[(1, "book/invalid-value")]),
        ("::chapter(#c)\n\n::book(#b)", &[(3, "book/book-not-first")]),
        ("::book(#a)\n\n::book(#b)", &[(3, "book/duplicate-book")]),
        ("::chapter\n\nx", &[(1, "book/chapter-without-id")]),
        (
            "::chapter(#a)\n\n::chapter(#a)",
            &[(3, "book/duplicate-chapter-id")],
        ),
        (
            "::chapter(#a)\n\n::dia(#d)\n\n::dia(#d)",
            &[(5, "book/duplicate-id")],
        ),
        ("::p(#a%b) x", &[(1, "book/invalid-id")]),
        ("::p href=nowhere Link", &[(1, "book/unknown-link")]),
        (
            "See <a href=\"gone\">here</a>.",
            &[(1, "book/unknown-link")],
        ),
        (
            "::p href=\"javascript:alert(2)\" Link",
            &[(1, "book/disallowed-link")],
        ),
        (
            "x\n<a href=\"javascript://%0aalert(3)\">here</a>",
            &[(2, "book/disallowed-link")],
        ),
        (
            "<a href=\" Java\tScript:x\">tab</a>",
            &[(1, "book/disallowed-link")],
        ),
        (
            "<img url=\"b.png\" href=\"data:text/html,x\"></img>",
            &[(1, "book/disallowed-link")],
        ),
        ("::p ref=nothing x", &[(1, "book/unknown-ref")]),
        ("::dia base=nothing", &[(1, "book/unknown-base")]),
        ("::dia base=g\n\n::go(#g)", &[(1, "book/forward-base")]),
        ("::p(#t) x\n\n::dia base=t", &[(3, "book/base-not-go-data")]),
        ("::go mv=D4\n\n::fig mv=D5 to=3", &[(3, "book/mv-and-to")]),
        ("::dia ab=D4 aw=D4", &[(1, "book/overlapping-stones")]),
        ("::dia ab=D4 ae=D4", &[(1, "book/overlapping-stones")]),
        (
            "::include(#x) url=\"about.gobook\"",
            &[(1, "book/include-attributes")],
        ),
        ("::include", &[(1, "book/include-attributes")]),
        ("Open <dia at=2>here", &[(1, "book/inline-markup")]),
        ("::book(#b) volume=2", &[(1, "book/revision-2026")]),
        ("::p loc=c+1 x", &[(1, "book/loc-outside-notes")]),
        ("::go pw=Shiro", &[(1, "book/attribute-spelling")]),
        (
            "::dia base=none ab=D4\n\nSee K10.",
            &[(3, "book/coordinate-without-mark")],
        ),
        ("::p #author#", &[(1, "book/missing-standard-text")]),
        ("::p #nonsense#", &[(1, "book/standard-text")]),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (text, expected) in cases {
        let got = diagnose(text);
        let expected: Vec<(usize, String)> = expected
            .iter()
            .map(|(l, c)| (*l, (*c).to_owned()))
            .collect();
        assert_eq!(got, expected, "for {text:?}");
        seen.extend(expected.into_iter().map(|(_, c)| c));
    }
    // Every reader and checker code is exercised.
    let defined = [
        include_str!("../../src/document/syntax.rs"),
        include_str!("../../src/check/codes.rs"),
    ]
    .iter()
    .flat_map(|s| {
        s.lines()
            .filter(|l| l.contains(": Code = Code::new(\""))
            .filter_map(|l| l.split('"').nth(1).map(str::to_owned))
            .collect::<Vec<_>>()
    })
    .filter(|c| c != "book/invalid-utf8" && c != "book/missing-image")
    .collect::<std::collections::BTreeSet<_>>();
    let missing: Vec<_> = defined.difference(&seen).collect();
    assert!(missing.is_empty(), "codes without a case: {missing:?}");
}

#[test]
fn links_to_languages_web_and_ids_in_other_chapters_are_fine() {
    let text = "::chapter(#a)\n\n::p href=de Deutsch\n\n::p href=\"http://smartgo.com\" Web\n\n<a href=\"mailto:x@y.z\">mail</a> <a href=\"HTTPS://x.org\">web</a> <a href=\"b\">B</a>\n\n::chapter(#b)\n\n::dia(#d)\n\n::p ref=d href=a back";
    assert_eq!(codes(text), Vec::<String>::new());
}

#[test]
fn images_are_checked_against_the_files_at_hand() {
    let book = kifu_book::parse("::book(#bk) cover=\"c.jpg\"\n\n::img url=\"a.png\"\n\n::img url=\"b.gif\"\n\n::p style=bullet <img url=\"bullet.png\"></img>\\tItem").value;
    let have = ["a.png", "c.jpg"];
    let missing: Vec<_> = kifu_book::check_images(&book, &mut |n| have.contains(&n))
        .into_iter()
        .map(|d| d.message.into_owned())
        .collect();
    assert_eq!(
        missing,
        [
            "the image `b.gif` is not in the package or beside the book",
            "the image `bullet.png` is not in the package or beside the book"
        ]
    );
}

#[test]
fn standard_includes_are_noted_once_and_others_are_errors() {
    let book = kifu_book::parse("::include url=\"about.gobook\"\n\n::include url=\"about.gobook\"\n\n::include url=\"mine.gobook\"").value;
    let expanded = kifu_book::include::expand(&book, &mut |_| None);
    let codes: Vec<_> = expanded
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, ["book/standard-include", "book/include-not-found"]);
    assert_eq!(expanded.value.elements().len(), 3);
}

#[test]
fn includes_nest_and_cycles_are_caught() {
    let book = kifu_book::parse("::include url=\"a.gobook\"\n\nEnd.").value;
    let expanded = kifu_book::include::expand(&book, &mut |url| match url {
        "a.gobook" => Some("A.\n\n::include url=\"b.gobook\"".into()),
        "b.gobook" => Some("B.\n\n::include url=\"a.gobook\"".into()),
        _ => None,
    });
    let values: Vec<_> = expanded
        .value
        .elements()
        .iter()
        .map(|e| e.value())
        .collect();
    assert_eq!(values, ["A.", "B.", "", "End."]);
    assert!(
        expanded
            .diagnostics
            .iter()
            .any(|d| d.code.as_str() == "book/include-cycle")
    );
}

#[cfg(feature = "package")]
#[test]
fn a_package_round_trips_its_book_and_images_in_order() {
    use kifu_book::package::Package;
    let mut package = Package::new("book/example.gobook", EXAMPLE.as_bytes().to_vec());
    package
        .files
        .push(("book/example_cover.jpg".into(), vec![0xFF, 0xD8, 0xFF]));
    package
        .files
        .push(("book/board.png".into(), vec![0x89, b'P', b'N', b'G']));
    let bytes = package.to_bytes().unwrap();
    // Deterministic: the same package gives the same bytes.
    assert_eq!(package.to_bytes().unwrap(), bytes);
    let back = Package::from_bytes(&bytes).unwrap();
    assert_eq!(back, package);
    assert_eq!(back.file("board.png"), Some(&[0x89, b'P', b'N', b'G'][..]));
    assert!(matches!(
        Package::from_bytes(b"not a zip"),
        Err(kifu_book::package::PackageError::Zip(_))
    ));
}

#[test]
fn corpus_fragments_read_check_and_normalize_cleanly() {
    let Some(root) = corpus() else {
        eprintln!("no corpus; skipping");
        return;
    };
    let dir = root.join("gobook/gpub/problem_book");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let parsed = kifu_book::parse(&text);
        assert!(parsed.diagnostics.is_empty(), "{}", path.display());
        assert_eq!(parsed.value.to_string(), text, "{}", path.display());
        assert_eq!(kifu_book::check(&parsed.value), [], "{}", path.display());
        let normalized = kifu_book::normalize(&parsed.value);
        let again = kifu_book::normalize(&kifu_book::parse(&normalized).value);
        assert_eq!(again, normalized, "{}", path.display());
        // The fragments set up a position without `pl`: normalizing adds it.
        assert!(normalized.ends_with(" pl=b\n"), "{}", path.display());
        count += 1;
    }
    assert_eq!(count, 96);
}

#[test]
fn fixture_fragment_normalizes_by_the_conventions() {
    let text = include_str!("../fixtures/gpub-fragment.gobook");
    let book = kifu_book::parse(text).value;
    assert_eq!(
        kifu_book::normalize(&book),
        format!("{text} pl=b\n"),
        "quotes kept where spaces need them, pl added, final line break"
    );
}

/// Text made of the pieces that matter to the reader.
fn book_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("::".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("\n\n".to_owned()),
        Just(" ".to_owned()),
        Just("\t".to_owned()),
        Just("\"".to_owned()),
        Just("\\".to_owned()),
        Just("=".to_owned()),
        Just("(#".to_owned()),
        Just(")".to_owned()),
        Just("<dia at=2>".to_owned()),
        Just("</dia>".to_owned()),
        Just("fig".to_owned()),
        Just("p_de".to_owned()),
        Just("ca".to_owned()),
        Just("mv".to_owned()),
        Just("D4".to_owned()),
        Just("é".to_owned()),
        "[a-zA-Z0-9_]{1,4}",
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn any_text_writes_back_byte_for_byte(text in book_text()) {
        let book = kifu_book::parse(&text).value;
        prop_assert_eq!(book.to_string(), text);
    }

    #[test]
    fn normalizing_is_idempotent(text in book_text()) {
        let once = kifu_book::normalize(&kifu_book::parse(&text).value);
        let twice = kifu_book::normalize(&kifu_book::parse(&once).value);
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn checking_never_panics(text in book_text()) {
        let book = kifu_book::parse(&text).value;
        let _ = kifu_book::check(&book);
        let _ = kifu_book::sample::extract(&book);
        for i in 0..book.elements().len() {
            let _ = kifu_book::notes::location_of(&book, i);
        }
    }
}

//! The print writer: Typst markup of books that compiles without a warning
//! whatever their text holds, problems answered at the end with hints after
//! their problem, Go symbols drawn in the line, the chosen translations
//! only, and the check that finds a diagram split across pages. With the
//! `pdf` feature each book is also compiled by Typst: no error, no warning.

#[cfg(feature = "pdf")]
use kifu_render::print::typst_to_pdf;
use kifu_render::print::{PrintOptions, TypstBook, book_to_typst};

const PROBLEMS: &str = "::book(#problems) title=\"Problems\" author=\"A. Author\"

::chapter(#c1)

::h2 Life and death

::prb(#p1) sz=9 base=none ab=\"C6 D6 E7\" aw=\"C5 D5\" correct=\"C7D7(Right.)\" wrong=\"D7C7(Wrong way.)\" ca=\"Problem 1\"
#btl#

::p hint=1
Think of the eye shape.

::prb(#p2) sz=9 base=none ab=\"E5\" aw=\"D5 F5\" correct=\"E4\" ca=\"Problem 2\"
Black to play.
";

fn typst(book: &str, options: &PrintOptions) -> TypstBook {
    let parsed = kifu_book::parse(book);
    book_to_typst(&parsed.value, &|_| None, options)
}

/// Compiles the markup (with the `pdf` feature): no error, no warning, no
/// split diagram; the number of pages.
#[cfg(feature = "pdf")]
fn compiles_clean(typ: &TypstBook) -> Option<usize> {
    let pdf = typst_to_pdf(typ).unwrap_or_else(|e| panic!("{e}\n{}", typ.source));
    assert!(pdf.warnings.is_empty(), "{:?}", pdf.warnings);
    assert!(pdf.split_diagrams.is_empty(), "{:?}", pdf.split_diagrams);
    assert!(pdf.bytes.starts_with(b"%PDF-"));
    Some(pdf.pages)
}

#[cfg(not(feature = "pdf"))]
fn compiles_clean(_typ: &TypstBook) -> Option<usize> {
    None
}

#[test]
fn problems_are_answered_at_the_end_and_hints_follow_them() {
    let typ = typst(PROBLEMS, &PrintOptions::default());
    let s = &typ.source;
    let answers = s.find("[Answers]").expect("an answers section");
    // Each problem links to its answer, each answer back to its problem.
    for n in [0, 1] {
        let a = s
            .find(&format!("#metadata(none) <k-answer-{n}>"))
            .expect("answer");
        assert!(a > answers);
        assert!(s[..answers].contains(&format!("#link(<k-answer-{n}>)")));
    }
    assert!(s[answers..].contains("#link(<k-p1>)"));
    // The second move's text, numbered from 1.
    assert!(s[answers..].contains("2\\: Right\\."), "the move's text");
    // The hint comes after its problem, with its word.
    let hint = s.find("Hint:").expect("hint word");
    assert!(hint > s.find("<k-p1>").unwrap() && hint < s.find("<k-p2>").unwrap());
    // Two problems, two answers.
    assert_eq!(typ.diagrams, 4);
    if let Some(pages) = compiles_clean(&typ) {
        assert!(pages >= 4, "{pages}");
    }
}

#[test]
fn text_that_looks_like_markup_or_code_is_text() {
    let book = "::book(#b) title=\"#panic(\\\"t\\\") $x$ [a]\"\n\n::chapter(#c)\n\n::h2 = Not a heading <lbl> @ref\n\n\
                ::p #panic(\"no\") ] [ $ math $ *x* _y_ `raw` // comment /* c */ \\\\ ~ --- -- ... 'q' \"q\" http://example.com <b> 1. - + = \n\n\
                ::p Symbols ^T ^Tb ^Sw ^X ^O ^Ob ^Dw in the line.";
    let typ = typst(book, &PrintOptions::default());
    assert!(typ.source.contains("\\#panic\\("), "escaped");
    assert_eq!(typ.source.matches("#kifu-sym(").count(), 7);
    compiles_clean(&typ);
}

#[test]
fn the_chosen_translations_only() {
    let book = "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2_en Chapter\n\n::h2_ja 章\n\n::en Only in English.\n\n::ja 日本語だけ。";
    let options = PrintOptions {
        languages: vec!["ja".to_owned()],
        ..PrintOptions::default()
    };
    let typ = typst(book, &options);
    assert!(typ.source.contains("日本語だけ"));
    assert!(!typ.source.contains("Only in English"));
    assert!(typ.source.contains("lang: \"ja\""));
    compiles_clean(&typ);
}

/// A book whose first chapter shows its title has no second title page,
/// and its contents follow that chapter; other books get kifu's title page
/// and the contents after it.
#[test]
fn a_title_page_of_the_book_s_own_is_not_repeated() {
    let own = "::book(#b) title=\"Own Title\" author=\"A. Author\"\n\n::chapter\n\n::h1 #title#\n\n::chapter(#c)\n\n::h2 One\n\n::p Text.";
    let typ = typst(own, &PrintOptions::default());
    let s = &typ.source;
    assert!(!s.contains("#kifu-title-page("), "{s}");
    let title = s.find("Own Title]").expect("the book's own title");
    let contents = s.find("#outline(").expect("contents");
    let chapter = s.find("[One]").expect("chapter one");
    assert!(title < contents && contents < chapter);
    compiles_clean(&typ);

    let plain = "::book(#b) title=\"Plain Title\"\n\n::chapter(#c)\n\n::h2 One\n\n::p Text.";
    let typ = typst(plain, &PrintOptions::default());
    let s = &typ.source;
    let page = s
        .find("#kifu-title-page(title: [Plain Title]")
        .expect("title page");
    assert!(page < s.find("#outline(").unwrap());
    compiles_clean(&typ);
}

/// Text no font can draw is named, not printed as boxes silently: here
/// characters of the private use planes, which no font has; CJK text is
/// drawn when the system has a CJK font (CLI tests check it prints).
#[cfg(feature = "pdf")]
#[test]
fn characters_no_font_has_are_named() {
    let book = "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 Kapitel\n\n::p Weiß, Ёж, café. \u{F0002}\u{F0001} 日本 囲碁.";
    let pdf = typst_to_pdf(&typst(book, &PrintOptions::default())).unwrap();
    let private: Vec<char> = pdf
        .missing_glyphs
        .iter()
        .copied()
        .filter(|c| !"日本囲碁".contains(*c))
        .collect();
    assert_eq!(private, ['\u{F0001}', '\u{F0002}']);
    let latin = "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::p Weiß, Ёж, café — «fine».";
    let pdf = typst_to_pdf(&typst(latin, &PrintOptions::default())).unwrap();
    assert!(pdf.missing_glyphs.is_empty(), "{:?}", pdf.missing_glyphs);
}

/// The check that finds a split diagram finds one: marks of one diagram
/// on two pages.
#[cfg(feature = "pdf")]
#[test]
fn a_split_diagram_is_found() {
    let source = "#metadata(\"d1\") <kifu-dia-start>\n#metadata(\"d1\") <kifu-dia-end>\n\
                  #metadata(\"d2\") <kifu-dia-start>\n#pagebreak()\n#metadata(\"d2\") <kifu-dia-end>\n";
    let pdf = typst_to_pdf(&TypstBook {
        source: source.to_owned(),
        ..TypstBook::default()
    })
    .unwrap();
    assert_eq!(pdf.split_diagrams, ["d2"]);
    assert_eq!(pdf.pages, 2);
}

/// Typst's errors come back with their line.
#[cfg(feature = "pdf")]
#[test]
fn typst_errors_name_the_line() {
    let e = typst_to_pdf(&TypstBook {
        source: "ok\n#nonsense(".to_owned(),
        ..TypstBook::default()
    })
    .unwrap_err();
    assert!(e.0.starts_with("2:"), "{e}");
}

/// Every drawing of a diagram carries its text alternative and full
/// description (a tagged PDF's figure `/Alt`), answers their moves.
#[test]
fn every_drawing_has_its_description_as_alternative_text() {
    let typ = typst(PROBLEMS, &PrintOptions::default());
    let s = &typ.source;
    let images: Vec<&str> = s
        .match_indices("#image(")
        .map(|(i, _)| &s[i..i + s[i..].find(")]").unwrap()])
        .filter(|img| img.contains("format: \"svg\""))
        .collect();
    assert!(images.len() >= 4, "{images:?}");
    for img in &images {
        let alt = img
            .split("alt: \"")
            .nth(1)
            .unwrap_or_else(|| panic!("no alt: {img}"));
        assert!(
            alt.contains("Board: 9 by 9 board") || alt.starts_with("Answer to Problem"),
            "{alt}"
        );
    }
    assert!(
        s.contains("alt: \"Answer to Problem 1. Black to play. Black 1 at C7, White 2 at D7.\""),
        "{s}"
    );
    assert!(compiles_clean(&typ).is_none_or(|pages| pages > 0));
}

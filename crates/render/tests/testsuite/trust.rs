//! Issue 21: what the reader sees of a book's problem texts and standard
//! texts. Each test holds the input that showed the problem.

use kifu_render::flow::{Flow, FlowOptions, Variants};
use kifu_render::html::{HtmlOptions, book_to_html};

/// A neutral problem in an English and German book, with standard texts
/// in its answers (`correct="E1(#wid#)"`) and in its value.
const PROBLEM: &str = "::book(#b) title=\"T\"

::chapter(#c)

::h2_en Problems

::h2_de Aufgaben

::prb sz=9 base=none ab=D1D2E3 aw=E2F2 pl=b correct=\"E1(#wid#);F1G1(#btl#)\" wrong=\"D3(#ko#)\" #wtl#
";

#[test]
fn answer_texts_expand_standard_texts_in_every_language() {
    let book = kifu_book::parse(PROBLEM).value;
    let flow = Flow::new(
        &book,
        &|_| None,
        &FlowOptions {
            languages: vec!["en".into(), "de".into()],
            preferred: Vec::new(),
        },
    );
    let d = &flow.diagrams[0];
    let dead = d.answer_text("#wid#").expect("the answer's text");
    let Variants::ByLanguage(all) = dead else {
        panic!("one text for both languages: {dead:?}");
    };
    let mut all = all.clone();
    all.sort();
    assert_eq!(
        all,
        [
            ("de".to_owned(), "Weiß ist tot.".to_owned()),
            ("en".to_owned(), "White is dead.".to_owned()),
        ]
    );
    assert_eq!(
        d.answer_text("#btl#").map(|v| v.get("en").as_str()),
        Some("Black to live.")
    );
    assert!(d.answer_text("#ko#").is_some());
    assert!(d.answer_text("#nothing#").is_none());
}

#[test]
fn the_page_holds_the_answer_texts_per_language_not_the_codes() {
    let book = kifu_book::parse(PROBLEM).value;
    let html = book_to_html(&book, &|_| None, &HtmlOptions::default());
    assert!(
        html.contains(r#"{"de":"Weiß ist tot.","en":"White is dead."}"#),
        "answer text not expanded per language"
    );
    assert!(!html.contains("#wid#"), "the code is on the page");
    assert!(!html.contains("#btl#"), "the code is on the page");
}

#[test]
fn the_e_book_answers_in_the_chosen_language() {
    use std::io::Read as _;
    let book = kifu_book::parse(PROBLEM).value;
    let options = kifu_render::epub::EpubOptions {
        languages: vec!["de".into()],
        ..Default::default()
    };
    let epub = kifu_render::epub::book_to_epub(&book, &|_| None, &options).expect("an EPUB");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(epub)).expect("a zip");
    let mut all = String::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).expect("entry");
        if f.name().ends_with(".xhtml") {
            f.read_to_string(&mut all).expect("UTF-8");
        }
    }
    assert!(
        all.contains("1: Weiß ist tot."),
        "German answer text missing"
    );
    assert!(!all.contains("#wid#"), "the code is in the e-book");
}

/// `::p_ui`: a paragraph in the reader's interface language, so shown in
/// whatever language the reader reads (it was hidden in every one).
#[test]
fn ui_paragraphs_are_shown_in_the_readers_language() {
    let source = "::book_en_de(#b) title=\"T\"\n\n::chapter(#c)\n\n::p_en English\n\n::p_de Deutsch\n\n::p_ui Interface #btp#\n";
    let book = kifu_book::parse(source).value;
    let html = book_to_html(&book, &|_| None, &HtmlOptions::default());
    let at = html
        .find("Interface")
        .expect("the ui paragraph is on the page");
    let element = &html[html[..at].rfind("<div").unwrap()..at];
    assert!(
        !element.contains("data-langs"),
        "shown for some languages only: {element}"
    );
    assert!(html.contains("data-v=\"de\">Interface Schwarz ist am Zug."));
    assert!(html.contains("data-v=\"en\">Interface Black to play."));
    // The other paragraphs keep their languages.
    assert!(html.contains("data-langs=\"de\""));
}

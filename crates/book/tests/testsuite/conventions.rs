//! The writing conventions, one test per rule; the attribute types, one
//! test per type; generated element streams written and read back; and
//! mutated books fed to the reader.

use kifu_book::{Book, Element};
use proptest::prelude::*;

fn normalize(text: &str) -> String {
    let once = kifu_book::normalize(&kifu_book::parse(text).value);
    // Every rule is stable: normalizing the output changes nothing.
    assert_eq!(
        kifu_book::normalize(&kifu_book::parse(&once).value),
        once,
        "not idempotent for {text:?}"
    );
    once
}

#[test]
fn one_empty_line_before_elements_two_before_headings_and_include_three_before_chapter() {
    let text = "::book(#b)\n::chapter(#c)\n::h1 T\n::s1 S\n::p x\n::h2 H\n::fig at=1\n::h3 a\n::h4 b\n::h5 c\n::include url=\"about.gobook\"\n::s2 d\nplain";
    assert_eq!(
        normalize(text),
        "::book(#b)\n\n\n\n::chapter(#c)\n\n\n::h1 T\n\n::s1 S\n\n::p x\n\n\n::h2 H\n\n::fig at=1\n\n\n::h3 a\n\n\n::h4 b\n\n\n::h5 c\n\n\n::include url=\"about.gobook\"\n\n::s2 d\nplain\n"
    );
}

#[test]
fn subtitles_get_two_empty_lines_in_books_of_the_2026_revision() {
    assert_eq!(
        normalize("::book(#b)\nvolume=1\n::h1 T\n::s1 S"),
        "::book(#b)\nvolume=1\n\n\n::h1 T\n\n\n::s1 S\n"
    );
}

#[test]
fn no_empty_line_at_the_start_lf_line_ends_no_bom_one_final_line_break() {
    assert_eq!(
        normalize("\u{feff}\n\n::p a\r\nb\r\n\r\n\r\n"),
        "::p a\nb\n"
    );
}

#[test]
fn attributes_keep_their_order_and_their_line_starts() {
    assert_eq!(
        normalize("::dia  vw=A1T10   at=2\n  mv=F6H6\tca=\"x\"\nText"),
        "::dia vw=A1T10 at=2\nmv=F6H6 ca=\"x\"\nText\n"
    );
}

#[test]
fn book_and_game_info_attributes_start_their_own_lines() {
    assert_eq!(
        normalize("::book(#b) title=T author=A\n\n::go sz=19 pb=Shusaku wp=Gennan mv=D4 re=B+2"),
        "::book(#b)\ntitle=T\nauthor=A\n\n::go sz=19\npb=Shusaku\nwp=Gennan mv=D4\nre=B+2\n"
    );
}

#[test]
fn ca_and_url_are_always_quoted() {
    assert_eq!(
        normalize("::dia ca=Dia.1 ca_ja=Z\n\n::img url=a.png"),
        "::dia ca=\"Dia.1\" ca_ja=\"Z\"\n\n::img url=\"a.png\"\n"
    );
}

#[test]
fn values_with_other_characters_than_letters_digits_and_dash_plus_dot_semicolon_underscore_are_quoted()
 {
    assert_eq!(
        normalize("::p a=\"x_y-z+1.5;2\" b=\"two words\" c=\"a,b\" d=\"\" e=\"é\" t"),
        "::p a=x_y-z+1.5;2 b=\"two words\" c=\"a,b\" d=\"\" e=\"é\" t\n"
    );
}

#[test]
fn quotes_backslashes_tabs_and_line_breaks_are_escaped_inside_quotes() {
    let text = "::p ca=\"say \\\"x\\\" \\\\ \\t \\n end\" v";
    let book = kifu_book::parse(text).value;
    assert_eq!(book.elements()[0].get("ca"), Some("say \"x\" \\ \t \n end"));
    assert_eq!(normalize(text), format!("{text}\n"));
}

#[test]
fn pl_is_written_for_go_data_that_sets_up_a_position() {
    // A position set up from nothing gets `pl`.
    assert_eq!(normalize("::go ab=D4"), "::go ab=D4 pl=b\n");
    assert_eq!(
        normalize("::dia base=none aw=D4"),
        "::dia base=none aw=D4 pl=b\n"
    );
    // Already there, derived from `at`, or inherited from a base: unchanged.
    assert_eq!(normalize("::go ab=D4 pl=w"), "::go ab=D4 pl=w\n");
    assert_eq!(
        normalize("::go mv=D4\n\n::dia at=2 ab=E5"),
        "::go mv=D4\n\n::dia at=2 ab=E5\n"
    );
    assert_eq!(
        normalize("::go mv=D4\n\n::dia ab=E5"),
        "::go mv=D4\n\n::dia ab=E5\n"
    );
    // Moves alone set up no position.
    assert_eq!(normalize("::go mv=D4"), "::go mv=D4\n");
}

#[test]
fn coordinates_are_written_in_uppercase_standard_notation() {
    assert_eq!(
        normalize(
            "::dia base=none sz=9 ab=c3dd pl=b mv=\"e5 pass tenuki ee\" vw=a1e5 A=d6 tr=cc koPoint=b2"
        ),
        "::dia base=none sz=9 ab=C3D6 pl=b mv=\"E5 pass tenuki E5\" vw=A1E5 A=D6 tr=C7 koPoint=B2\n"
    );
    assert_eq!(
        normalize("::prb sz=9 correct=\"e1e2d1(White is dead.);aa(x)\""),
        "::prb sz=9 correct=\"E1E2D1(White is dead.);A9(x)\"\n"
    );
    // Uppercase standard coordinates are left exactly as written.
    assert_eq!(normalize("::go mv=\"D4  F4\""), "::go mv=\"D4  F4\"\n");
}

/// Found by the `gobook_read` fuzz target: a value glued to a quoted
/// attribute must not turn into an attribute when normalized.
#[test]
fn fuzz_regression_value_glued_to_a_quoted_attribute() {
    let text = "::book(#b) title=\"T\"author=\"A\"";
    let book = kifu_book::parse(text).value;
    assert_eq!(book.elements()[0].value(), "author=\"A\"");
    assert_eq!(normalize(text), "::book(#b)\ntitle=\"T\"author=\"A\"\n");
    // Adding `pl` (which normalizing does for a position) keeps it glued.
    let text = "::fig ab=D4 ca=\"x\"aw=1";
    assert_eq!(normalize(text), "::fig ab=D4 pl=b ca=\"x\"aw=1\n");
    let mut book = kifu_book::parse(text).value;
    book.elements_mut()[0].set_attribute("ca", "y");
    assert_eq!(book.to_string(), "::fig ab=D4 ca=\"y\"aw=1");
}

/// Found by the `gobook_read` fuzz target: carriage returns before a line
/// break belong to the break, however many there are.
#[test]
fn fuzz_regression_runs_of_carriage_returns_end_lines() {
    let text = "::p a\r\r\nb\r\n\r\r\r\nc";
    let book = kifu_book::parse(text).value;
    assert_eq!(book.elements().len(), 2);
    assert_eq!(book.elements()[0].value(), "a\nb");
    assert_eq!(book.to_string(), text);
    assert_eq!(normalize(text), "::p a\nb\n\nc\n");
    // At the end of the file too.
    let text = "::c ha\r";
    assert_eq!(kifu_book::parse(text).value.elements()[0].value(), "ha");
    assert_eq!(kifu_book::parse(text).value.to_string(), text);
    assert_eq!(normalize(text), "::c ha\n");
}

/// `(value, valid?)` for one attribute of one element, by type.
fn attribute_cases() -> Vec<(&'static str, &'static str, bool)> {
    vec![
        // Integer
        ("::book", "revision=3", true),
        ("::book", "revision=three", false),
        ("::go", "sz=13", true),
        ("::go", "sz=53", false),
        // Number
        ("::img", "scale=0.75", true),
        ("::img", "scale=big", false),
        // Flag
        ("::chapter(#d)", "fullWidth=1", true),
        ("::chapter(#d)", "fullWidth=yes", false),
        // Text and language text: anything
        ("::go", "pb=\"Honinbo Shusaku\"", true),
        ("::book", "title_ja=\"囲碁\"", true),
        // Id or none
        ("::p", "ref=none", true),
        ("::p", "ref=missing", false),
        // Link: an ID, a language, or the web
        ("::p", "href=en", true),
        ("::p", "href=\"https://smartgo.com\"", true),
        ("::p", "href=nowhere", false),
        // Points
        ("::go", "ab=\"C3 D4\"", true),
        ("::go", "ab=\"C3 I4\"", false),
        // Point
        ("::go", "koPoint=D4", true),
        ("::go", "koPoint=D4E5", false),
        // Moves
        ("::go", "mv=\"D4 Pass Tenuki\"", true),
        ("::go", "mv=\"D4 Resign\"", false),
        // Sequences
        ("::prb", "correct=\"E1(x);E2\"", true),
        ("::prb", "correct=\"E1(x\"", false),
        // Player
        ("::go", "pl=w", true),
        ("::go", "pl=white", false),
        // Move number
        ("::go", "at=end", true),
        ("::go", "at=-1", false),
        // View
        ("::dia", "vw=A1T10", true),
        ("::dia", "vw=A1", false),
        // Choices
        ("::dia", "coord=j2", true),
        ("::dia", "coord=roman", false),
        ("::img", "width=half", true),
        ("::img", "width=dia", false),
        ("::p", "style=hanging", true),
        ("::p", "style=fancy", false),
        // Url and SGF: anything
        ("::img", "url=\"x y.png\"", true),
        ("::go", "sgf=\"(;SZ[9];B[ee])\"", true),
        // Location (notes)
        ("::book(#b) notes=1\n\n::p", "loc=c+1", true),
        ("::book(#b) notes=1\n\n::p", "loc=c", false),
        // Letters and point texts of diagrams
        ("::dia", "a=D4", true),
        ("::dia", "a=D44", false),
        ("::dia", "B5=23", true),
        ("::dia", "Z5=23", false),
    ]
}

#[test]
fn every_attribute_type_accepts_its_values_and_rejects_others() {
    for (element, attribute, valid) in attribute_cases() {
        let text = format!("::chapter(#c)\n\n{element} {attribute} x\n");
        let text = if element.starts_with("::book") {
            format!("{element} {attribute} x\n\n::chapter(#c)\n")
        } else {
            text
        };
        let parsed = kifu_book::parse(&text);
        assert!(parsed.diagnostics.is_empty(), "{text:?}");
        let codes: Vec<_> = kifu_book::check(&parsed.value)
            .into_iter()
            .map(|d| d.code.as_str())
            .collect();
        if valid {
            assert!(codes.is_empty(), "{text:?}: {codes:?}");
        } else {
            assert_eq!(codes.len(), 1, "{text:?}: {codes:?}");
            assert!(
                [
                    "book/invalid-value",
                    "book/unknown-ref",
                    "book/unknown-link"
                ]
                .contains(&codes[0]),
                "{text:?}: {codes:?}"
            );
        }
    }
}

/// What a reader sees of an element: tag, ID, attributes, value.
type Seen = (
    Option<String>,
    Option<String>,
    Vec<(String, String)>,
    String,
);

fn seen(book: &Book) -> Vec<Seen> {
    book.elements()
        .iter()
        .map(|e| {
            (
                e.tag().map(str::to_owned),
                e.id().map(str::to_owned),
                e.attributes()
                    .iter()
                    .map(|a| (a.name().to_owned(), a.value().to_owned()))
                    .collect(),
                e.value().to_owned(),
            )
        })
        .collect()
}

fn element() -> impl Strategy<Value = Element> {
    let tag = prop_oneof![
        Just("p"),
        Just("h2"),
        Just("fig"),
        Just("dia_en"),
        Just("de"),
        Just("go"),
        Just("chapter"),
        Just("img"),
        Just("frame"),
    ];
    let id = proptest::option::of("[a-z][a-z0-9_.-]{0,5}");
    let name = prop_oneof![
        Just("at"),
        Just("mv"),
        Just("ca"),
        Just("ca_ja"),
        Just("url"),
        Just("A"),
        Just("B5"),
        Just("pb"),
        Just("custom1"),
    ];
    // Any value but CR, which the format has no escape for.
    let value = "[a-zA-Z0-9 \"\\\\\t\n=;.:é<>#-]{0,12}";
    let attributes = proptest::collection::vec((name, value), 0..4);
    // Paragraph text: lines that start with a word, none empty. (A value
    // that starts like `name=` would be read as an attribute: the format
    // cannot write such a value after attributes.)
    let text = proptest::collection::vec("[A-Za-zé][ .,][a-zA-Z0-9 \"\\\\=;.:é<>#-]{0,15}", 0..3)
        .prop_map(|lines| lines.join("\n").trim_end().to_owned());
    (tag, id, attributes, text, any::<bool>()).prop_map(|(tag, id, attributes, text, plain)| {
        if plain && !text.is_empty() && !text.starts_with("::") {
            return Element::paragraph(&text);
        }
        let mut e = Element::new(tag).with_value(&text);
        if let Some(id) = id {
            e = e.with_id(&id);
        }
        for (name, value) in attributes {
            // Names must be unique for the reader to see what was written.
            if e.get(name).is_none() {
                e.set_attribute(name, &value);
            }
        }
        e
    })
}

proptest! {
    #[test]
    fn generated_element_streams_read_back_as_written(elements in proptest::collection::vec(element(), 0..8)) {
        let mut book = Book::new();
        for e in elements {
            book.push(e);
        }
        let text = book.to_string();
        let parsed = kifu_book::parse(&text);
        prop_assert!(parsed.diagnostics.is_empty(), "{:?} in {:?}", parsed.diagnostics, text);
        prop_assert_eq!(seen(&parsed.value), seen(&book), "{:?}", text);
        prop_assert_eq!(parsed.value.to_string(), text.clone());
        // The normalizing writer gives the same model back.
        let normalized = kifu_book::write::normalized_layout(&book);
        prop_assert_eq!(seen(&kifu_book::parse(&normalized).value), seen(&book));
    }

    #[test]
    fn mutated_books_never_panic_and_diagnostics_stay_inside_the_file(
        source in 0usize..3,
        cuts in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..8, proptest::collection::vec(any::<u8>(), 0..6)), 1..6),
    ) {
        let sources: [&[u8]; 3] = [
            include_bytes!("../fixtures/example.gobook"),
            include_bytes!("../fixtures/gpub-fragment.gobook"),
            b"::book(#b) notes=1\n\n::prb sz=9 correct=\"E1E2D1(dead);E1D1E2(Seki.)\" wrong=\"D1\"\n\n<dia at=2 mv=C4B5D6>if</dia> <img url=\"x.png\"></img>\n\n::include url=\"about.gobook\"",
        ];
        let mut bytes = sources[source].to_vec();
        for (at, len, insert) in cuts {
            let at = at.index(bytes.len() + 1);
            let end = (at + len).min(bytes.len());
            bytes.splice(at..end, insert);
        }
        let parsed = kifu_book::read(&bytes);
        let len = bytes.len() as u32;
        let mut all = parsed.diagnostics.clone();
        all.extend(kifu_book::check(&parsed.value));
        all.extend(kifu_book::check_images(&parsed.value, &mut |_| false));
        all.extend(kifu_book::include::expand(&parsed.value, &mut |_| None).diagnostics);
        for d in &all {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= len, "{:?} outside {} bytes", d, len);
        }
        let _ = kifu_book::json::to_json(&parsed.value);
        let _ = kifu_book::normalize(&parsed.value);
        if std::str::from_utf8(&bytes).is_ok() {
            let written = parsed.value.to_string();
            prop_assert_eq!(written.as_bytes(), &bytes[..]);
        }
    }
}

/// Found by fuzzing (gobook_read): a value whose first line, on the line
/// after the header, begins with `::` after blanks was written at the start
/// of its line, where it reads as a new element.
#[test]
fn a_value_line_that_begins_with_two_colons_stays_indented() {
    let text = "::fig vw=I:fig vw=H67\0\n ::fig vw=H11Tsgf3T3\"=1 ab=\"QS4 P";
    let once = normalize(text);
    assert!(once.contains("\n ::fig vw=H11"), "{once:?}");
    assert_eq!(kifu_book::parse(&once).value.elements().len(), 1);
    assert_eq!(normalize("::p\n ::x y"), "::p\n ::x y\n");
}

/// Found by fuzzing (gobook_read): a second U+FEFF after the BOM was
/// written first, and read as a BOM the next time, turning the paragraph
/// `\u{feff}::fig ...` into a figure.
#[test]
fn no_text_at_the_start_reads_as_a_bom() {
    assert_eq!(normalize("\u{feff}\u{feff}:gchaa"), "::p \u{feff}:gchaa\n");
    let once = normalize("\u{feff}\u{feff}::fig vw=H11 ab=Q3 a");
    assert_eq!(once, "::p \u{feff}::fig vw=H11 ab=Q3 a\n");
    let book = kifu_book::parse(&once).value;
    assert_eq!(book.elements().len(), 1);
    assert_eq!(book.elements()[0].tag(), Some("p"));
}

//! Diagrams told in words (`kifu_book::describe`): a listener must be able
//! to set up the board from the description. The test reads each
//! description back as a listener would (its own reader of the text, not
//! the describer's code) and rebuilds the starting stones, every move with
//! its number and point, and the marks; they must equal what `kifu
//! diagrams --format json` lists (`listing::to_json`) for every diagram of
//! the example book, a problem book made from the corpus's problem files
//! and a book made from an annotated SGF game.

use std::path::{Path, PathBuf};

use kifu_book::create::{self, Options};

#[path = "../support/describe_reader.rs"]
pub(crate) mod describe_reader;
use describe_reader::{listed, rebuild};

/// Every diagram of `book` described and rebuilt; returns how many.
fn check_book(name: &str, book: &kifu_book::Book) -> usize {
    let resolution = kifu_book::resolve::resolve(book);
    let listing = kifu_book::listing::to_json(book, &resolution);
    let mut count = 0;
    for (item, entry) in resolution.items.iter().zip(listing.as_array().unwrap()) {
        if item.diagram.is_none() {
            continue;
        }
        let description = kifu_book::describe::describe(item, "en");
        let text = description.text();
        assert_eq!(
            rebuild(&text),
            listed(entry),
            "{name}: item {count}:\n{text}"
        );
        assert!(!description.short.is_empty());
        count += 1;
    }
    count
}

fn corpus() -> Option<PathBuf> {
    let root = std::env::var_os("KIFU_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        PathBuf::from,
    );
    root.is_dir().then_some(root)
}

#[test]
fn every_description_of_the_example_book_rebuilds_its_diagram() {
    let book = kifu_book::parse(include_str!("../fixtures/example.gobook")).value;
    assert!(check_book("example", &book) >= 5);
}

#[test]
fn every_description_of_a_book_made_from_an_annotated_game_rebuilds_its_diagram() {
    let sgf = include_bytes!("../fixtures/create/annotated.sgf");
    let made = create::book(&kifu_sgf::parse(sgf).value, &Options::default());
    assert!(check_book("annotated", &made.book) >= 2);
}

#[test]
fn every_description_of_a_corpus_problem_book_rebuilds_its_diagram() {
    let problems = Options {
        problems: true,
        ..Options::default()
    };
    let fixture = include_bytes!("../fixtures/create/problems.sgf");
    let made = create::book(&kifu_sgf::parse(fixture).value, &problems);
    assert!(check_book("problems fixture", &made.book) >= 2);
    let Some(root) = corpus() else { return };
    // The corpus's problem collection, as one collection of its first files.
    let folder = root.join("sgf/ff4/gpub/epub_problems/problems");
    let mut collection = Vec::new();
    for n in 1..=12 {
        collection.extend(std::fs::read(folder.join(format!("ggg-easy-{n:02}.sgf"))).unwrap());
        collection.push(b'\n');
    }
    let made = create::book(&kifu_sgf::parse(&collection).value, &problems);
    let text = made.book.to_string();
    assert!(text.matches("::prb").count() >= 12, "{text}");
    assert!(check_book("corpus problems", &made.book) >= 24);
}

#[test]
fn the_reader_of_this_test_tells_a_wrong_description() {
    // A description that moved a stone must not rebuild the listing.
    let book = kifu_book::parse("::dia base=none ab=D4 aw=Q16 mv=\"C3 R4\" tr=D4").value;
    let resolution = kifu_book::resolve::resolve(&book);
    let listing = kifu_book::listing::to_json(&book, &resolution);
    let text = kifu_book::describe::describe(&resolution.items[0], "en").text();
    assert_eq!(rebuild(&text), listed(&listing[0]));
    assert_ne!(rebuild(&text.replace("D4", "D5")), listed(&listing[0]));
}

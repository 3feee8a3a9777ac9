//! Diagrams told in words (`kifu_book::describe`): a listener must be able
//! to set up the board from the description. The test reads each
//! description back as a listener would (its own reader of the text, not
//! the describer's code) and rebuilds the starting stones, every move with
//! its number and point, and the marks; they must equal what `kifu
//! diagrams --format json` lists (`listing::to_json`) for every diagram of
//! the example book, a problem book made from the corpus's problem files
//! and a book made from an annotated SGF game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kifu_book::create::{self, Options};
use serde_json::Value;

/// What a listener rebuilds: stones by colour, moves as (colour, point,
/// number), marks by point.
#[derive(Debug, Default, PartialEq)]
struct Rebuilt {
    black: Vec<String>,
    white: Vec<String>,
    moves: Vec<(String, String, Option<u64>)>,
    marks: BTreeMap<String, String>,
}

fn is_point(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_uppercase() && c != 'I')
        && chars.as_str().len() <= 2
        && !chars.as_str().is_empty()
        && chars.as_str().chars().all(|c| c.is_ascii_digit())
}

/// Sorted like the listing: by column, then by row.
fn sort_points(points: &mut [String]) {
    points.sort_by_key(|p| (p.as_bytes()[0], p[1..].parse::<u32>().unwrap_or(0)));
}

/// Reads a description's text (`Label: item; item.` lines) back.
fn rebuild(text: &str) -> Rebuilt {
    let mut out = Rebuilt::default();
    for line in text.lines() {
        let (label, rest) = line.split_once(": ").expect("a label");
        let items: Vec<&str> = rest.strip_suffix('.').unwrap_or(rest).split("; ").collect();
        let points = |items: &[&str]| -> Vec<String> {
            items
                .iter()
                .flat_map(|i| i.split([' ', ',']))
                .filter(|w| is_point(w))
                .map(str::to_owned)
                .collect()
        };
        if label.starts_with("Black stones") {
            out.black = points(&items);
            sort_points(&mut out.black);
        } else if label.starts_with("White stones") {
            out.white = points(&items);
            sort_points(&mut out.white);
        } else if label.starts_with("Moves") {
            for item in items {
                let played = item.split(", takes").next().unwrap();
                let words: Vec<&str> = played.split(' ').collect();
                let color = if words[0] == "Black" { "b" } else { "w" };
                let number = words[1].parse::<u64>().ok();
                let point = match *words.last().unwrap() {
                    "elsewhere" => "tenuki".to_owned(),
                    "passes" => "pass".to_owned(),
                    p => p.to_owned(),
                };
                out.moves.push((color.to_owned(), point, number));
            }
        } else if label.starts_with("Marks") {
            for item in items {
                let (what, point) = item.rsplit_once(" at ").expect("LABEL at POINT");
                let label = if let Some(letter) = what.strip_prefix("letter ") {
                    letter.to_owned()
                } else if let Some(text) = what.strip_prefix("text ") {
                    text.to_owned()
                } else {
                    let names = [
                        ("triangle", "tr"),
                        ("cross", "ma"),
                        ("square", "sq"),
                        ("diamond", "rg"),
                        ("circle", "cr"),
                        ("black territory", "tb"),
                        ("white territory", "tw"),
                    ];
                    let (_, attribute) = names.iter().find(|(n, _)| *n == what).expect(what);
                    (*attribute).to_owned()
                };
                out.marks
                    .entry(point.to_owned())
                    .and_modify(|l| {
                        l.push(',');
                        l.push_str(&label);
                    })
                    .or_insert(label);
            }
        }
    }
    out
}

/// What `kifu diagrams` lists for one item.
fn listed(entry: &Value) -> Rebuilt {
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect()
    };
    Rebuilt {
        black: strings(&entry["black"]),
        white: strings(&entry["white"]),
        moves: entry["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["color"].as_str().unwrap().to_owned(),
                    m["point"].as_str().unwrap().to_owned(),
                    m["number"].as_u64(),
                )
            })
            .collect(),
        marks: entry["marks"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
            .collect(),
    }
}

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

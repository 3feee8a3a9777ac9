//! A listener's reader of diagram descriptions (`kifu_book::describe`'s
//! English text, `Label: item; item.` lines), its own code, not the
//! describer's: it rebuilds the stones, the moves with their numbers and
//! the marks, to compare with what `kifu diagrams --format json` lists.
//! Shared by kifu-book's tests and kifu-render's (the big page's
//! descriptions, built in the browser), through `#[path]`.

use std::collections::BTreeMap;

use serde_json::Value;

/// What a listener rebuilds: stones by colour, moves as (colour, point,
/// number), marks by point.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Rebuilt {
    pub(crate) black: Vec<String>,
    pub(crate) white: Vec<String>,
    pub(crate) moves: Vec<(String, String, Option<u64>)>,
    pub(crate) marks: BTreeMap<String, String>,
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
pub(crate) fn rebuild(text: &str) -> Rebuilt {
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

/// `(color, point, number)` of each move `kifu diagrams` lists for one item.
pub(crate) fn listed_moves(entry: &Value) -> Vec<(String, String, Option<u64>)> {
    entry["moves"]
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
        .collect()
}

/// What `kifu diagrams` lists for one item.
pub(crate) fn listed(entry: &Value) -> Rebuilt {
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
        moves: listed_moves(entry),
        marks: entry["marks"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
            .collect(),
    }
}

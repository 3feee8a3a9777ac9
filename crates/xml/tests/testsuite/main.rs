//! Integration tests of kifu-xml, one binary:
//! - `corpus`: GoGui's files, round trips over the SGF and XML corpora, DTD validity.
//! - `reading`: what Jago and GoGui write, and the diagnostics.
//! - `writing`: what kifu writes where SGF says more than one thing, as
//!   GoGui (the reference program) writes and reads it.

mod corpus;
mod reading;
mod writing;

use kifu_board::BoardSize;
use kifu_xml::{Document, Tree};

/// The shared corpus, or `None` (tests then skip with a note).
pub(crate) fn corpus_dir() -> Option<std::path::PathBuf> {
    let dir = match std::env::var_os("KIFU_CORPUS") {
        Some(d) => std::path::PathBuf::from(d),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: corpus not found at {}; skipping", dir.display());
        None
    }
}

pub(crate) fn files(dir: &std::path::Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case(ext)) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A node's properties as a comparable list: repeated identifiers merged
/// (XML cannot say that `AB` came twice), sorted by identifier (the XML
/// groups some properties in `Information`), `CA`, `FF` and `GM[1]` left
/// out of the root,
/// point and move values as SGF means them ([`meaning`]).
fn props(tree: &Tree, n: usize, size: BoardSize) -> Vec<(String, Vec<String>)> {
    let mut merged: Vec<(String, Vec<String>)> = Vec::new();
    for (id, values) in &tree.nodes[n].props {
        // What the SGF file says of itself, not carried into XML (SGF
        // writers write FF and GM[1]).
        if n == 0 && (id == "CA" || id == "FF" || (id == "GM" && values == &["1"])) {
            continue;
        }
        let values = meaning(id, values, size);
        match merged.iter_mut().find(|(i, _)| i == id) {
            Some((_, v)) => v.extend(values),
            None => merged.push((id.clone(), values)),
        }
    }
    merged.sort();
    merged
}

/// The board of a game as the writer takes it: the last root `SZ` value
/// that is a size.
fn board_size(tree: &Tree) -> BoardSize {
    tree.nodes[0]
        .props
        .iter()
        .filter(|(id, _)| id == "SZ")
        .flat_map(|(_, values)| values)
        .rev()
        .find_map(|v| BoardSize::from_sgf(v).ok())
        .unwrap_or_default()
}

/// A property's values as SGF means them, read and formatted by kifu-sgf
/// (as the normalized SGF writer does): `tt` passes on boards up to 19x19
/// as `[]`, compressed point lists expanded. Values that do not read are
/// kept as they are.
pub(crate) fn meaning(id: &str, values: &[String], size: BoardSize) -> Vec<String> {
    use kifu_sgf::props::{carries_points, format_value, lookup, parse_value};
    if let Some(info) = lookup(id)
        && carries_points(info)
    {
        let raws: Vec<&str> = values.iter().map(String::as_str).collect();
        if let Ok(value) = parse_value(info, &raws, size)
            && let Ok(formatted) = format_value(info, &value, size)
        {
            return formatted;
        }
    }
    values.to_vec()
}

/// The first difference between two documents, if any.
pub(crate) fn difference(a: &Document, b: &Document) -> Option<String> {
    if a.games.len() != b.games.len() {
        return Some(format!("{} games vs {}", a.games.len(), b.games.len()));
    }
    for (g, (x, y)) in a.games.iter().zip(&b.games).enumerate() {
        let (sx, sy) = (board_size(x), board_size(y));
        let mut stack = vec![(0usize, 0usize)];
        while let Some((i, j)) = stack.pop() {
            let (p, q) = (props(x, i, sx), props(y, j, sy));
            if p != q {
                return Some(format!("game {g} node {i}: {p:?}\n    vs {q:?}"));
            }
            let (ci, cj) = (&x.nodes[i].children, &y.nodes[j].children);
            if ci.len() != cj.len() {
                return Some(format!(
                    "game {g} node {i}: {} children vs {}",
                    ci.len(),
                    cj.len()
                ));
            }
            stack.extend(ci.iter().copied().zip(cj.iter().copied()));
        }
    }
    None
}

/// Node indexes in SGF order: a node, then its children's subtrees in order.
pub(crate) fn preorder(tree: &Tree) -> Vec<usize> {
    let mut out = Vec::with_capacity(tree.nodes.len());
    let mut stack = vec![0usize];
    while let Some(n) = stack.pop() {
        out.push(n);
        stack.extend(tree.nodes[n].children.iter().rev());
    }
    out
}

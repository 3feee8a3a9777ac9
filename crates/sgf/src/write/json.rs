//! The JSON form of a collection, for tools that do not read SGF.
//!
//! An array of game roots; each node is
//! `{"props": [[ID, [VALUE, ...]], ...], "children": [NODE, ...]}` in file
//! order. Values are UTF-8 text with the SGF escapes resolved (a backslash
//! before a character removed, soft line breaks removed) and nothing else
//! changed, so the JSON says exactly what the file says.

use std::fmt::Write as _;

use crate::tree::{Collection, NodeId};

/// Writes the JSON form of `collection`.
///
/// ```
/// let c = kifu_sgf::parse(b"(;C[a\\]b];B[aa](;W[bb])(;W[cc]))").value;
/// assert_eq!(
///     kifu_sgf::write::json(&c),
///     r#"[{"props":[["C",["a]b"]]],"children":[{"props":[["B",["aa"]]],"children":[{"props":[["W",["bb"]]],"children":[]},{"props":[["W",["cc"]]],"children":[]}]}]}]"#.to_owned() + "\n"
/// );
/// ```
pub fn json(collection: &Collection<'_>) -> String {
    let mut out = String::with_capacity(collection.source().len() * 2);
    out.push('[');
    for (i, game) in collection.games().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_tree(collection, game.root().id(), &mut out);
    }
    out.push_str("]\n");
    out
}

/// Pre-order with an explicit stack: game trees nest as deep as they are long.
fn write_tree(collection: &Collection<'_>, top: NodeId, out: &mut String) {
    let mut open: Vec<NodeId> = Vec::new();
    let mut next = Some(top);
    while let Some(id) = next {
        let node = collection.node(id);
        if node.prev_sibling().is_some() && id != top {
            out.push(',');
        }
        out.push_str("{\"props\":[");
        for (i, p) in node.properties().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('[');
            string(p.id(), out);
            out.push_str(",[");
            for (j, v) in p.decoded_values().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                string(&v, out);
            }
            out.push_str("]]");
        }
        out.push_str("],\"children\":[");
        open.push(id);
        next = node.first_child().map(|n| n.id());
        while next.is_none() {
            let Some(done) = open.pop() else { break };
            out.push_str("]}");
            if done == top {
                break;
            }
            next = collection.node(done).next_sibling().map(|n| n.id());
        }
    }
}

fn string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

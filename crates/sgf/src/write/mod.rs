//! Writers: [`lossless`] gives back what was read with edits applied in
//! place; [`normalized`] writes the canonical FF\[4\] UTF-8 layout.

mod json;
mod normalized;

pub use json::json;

pub use normalized::{NormalizeOptions, normalized, normalized_with};

use crate::tree::{Collection, NodeId, Paren, Piece};

/// Writes the collection as it was read, with edits applied in place.
///
/// An unedited collection comes back byte for byte, junk, white space,
/// charset and all. Edited parts are written from the bytes the edit
/// created; everything else keeps its original bytes.
///
/// ```
/// let input = b"junk (;FF[4]C[hi] ;B[aa]\n(;W[bb])(;W[cc]))\n";
/// let parsed = kifu_sgf::parse(input);
/// assert_eq!(kifu_sgf::write::lossless(&parsed.value), input);
/// ```
pub fn lossless(collection: &Collection<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(collection.source.len() + collection.created.len());
    for game in &collection.games {
        write_subtree(collection, game.root, &mut out);
    }
    piece(collection, collection.trailer, &mut out);
    match collection.utf16 {
        Some(form) => to_utf16(&out, form),
        None => out,
    }
}

/// [`lossless`], transcoded to UTF-8: each game's bytes (and the text
/// before it) are decoded in the charset the game was read in. Nothing
/// else changes; `CA` is the caller's to set (`kifu fix --utf8` writes
/// `CA[UTF-8]`).
///
/// ```
/// let input = b"(;CA[ISO-8859-1]PB[M\xfcller])";
/// let mut c = kifu_sgf::parse(input).value;
/// let root = c.game(0).unwrap().root().id();
/// c.set_raw(root, "CA", &[b"UTF-8"]).unwrap();
/// assert_eq!(kifu_sgf::write::lossless_utf8(&c), "(;CA[UTF-8]PB[Müller])".as_bytes());
/// ```
pub fn lossless_utf8(collection: &Collection<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(collection.source.len() + collection.created.len());
    let mut encoding = encoding_rs::UTF_8;
    let mut buf = Vec::new();
    for game in &collection.games {
        buf.clear();
        write_subtree(collection, game.root, &mut buf);
        encoding = game.charset.encoding;
        out.extend_from_slice(crate::charset::decode(encoding, &buf).as_bytes());
    }
    buf.clear();
    piece(collection, collection.trailer, &mut buf);
    out.extend_from_slice(crate::charset::decode(encoding, &buf).as_bytes());
    out
}

/// Encodes the UTF-8 form of a UTF-16 input back to UTF-16.
fn to_utf16(utf8: &[u8], form: crate::tree::Utf16) -> Vec<u8> {
    let text = String::from_utf8_lossy(utf8);
    let mut out = Vec::with_capacity(utf8.len() * 2 + 2);
    let units = form
        .bom
        .then_some(0xFEFF)
        .into_iter()
        .chain(text.encode_utf16());
    for unit in units {
        let bytes = if form.big_endian {
            unit.to_be_bytes()
        } else {
            unit.to_le_bytes()
        };
        out.extend_from_slice(&bytes);
    }
    out
}

fn piece(collection: &Collection<'_>, piece: Piece, out: &mut Vec<u8>) {
    out.extend_from_slice(collection.bytes(piece.full()));
}

/// Whether a node must be bracketed: a game root, or one of several children.
pub(crate) fn needs_parens(collection: &Collection<'_>, id: NodeId) -> bool {
    match collection.data(id).parent {
        None => true,
        Some(parent) => {
            let p = collection.data(parent);
            p.first_child != p.last_child
        }
    }
}

fn open_paren(collection: &Collection<'_>, id: NodeId, out: &mut Vec<u8>) -> bool {
    match collection.data(id).paren {
        Paren::Source(i) => {
            piece(collection, collection.parens[i as usize].open, out);
            true
        }
        Paren::Auto if needs_parens(collection, id) => {
            out.push(b'(');
            true
        }
        _ => false,
    }
}

fn close_paren(collection: &Collection<'_>, id: NodeId, out: &mut Vec<u8>) {
    match collection.data(id).paren {
        Paren::Source(i) => piece(collection, collection.parens[i as usize].close, out),
        _ => out.push(b')'),
    }
}

fn write_node(collection: &Collection<'_>, id: NodeId, out: &mut Vec<u8>) {
    let data = collection.data(id);
    piece(collection, data.semi, out);
    for p in
        &collection.props[data.props_start as usize..(data.props_start + data.props_len) as usize]
    {
        piece(collection, p.ident, out);
        for v in
            &collection.values[p.values_start as usize..(p.values_start + p.values_len) as usize]
        {
            piece(collection, v.piece, out);
        }
    }
}

/// Pre-order walk with an explicit stack: SGF nests deeply.
fn write_subtree(collection: &Collection<'_>, top: NodeId, out: &mut Vec<u8>) {
    // (node, bracketed?) for nodes whose `)` is still to come.
    let mut open: Vec<(NodeId, bool)> = Vec::new();
    let mut next = Some(top);
    while let Some(id) = next {
        let bracketed = open_paren(collection, id, out);
        write_node(collection, id, out);
        open.push((id, bracketed));
        let data = collection.data(id);
        next = data.first_child;
        // Climb out of finished subtrees until a sibling is found.
        while next.is_none() {
            let Some((done, bracketed)) = open.pop() else {
                break;
            };
            if bracketed {
                close_paren(collection, done, out);
            }
            if done == top {
                break;
            }
            next = collection.data(done).next_sibling;
        }
    }
}

//! Writers: [`lossless`] gives back what was read with edits applied in
//! place; [`normalized`] writes the canonical FF\[4\] UTF-8 layout.

mod json;
mod normalized;

pub use json::json;

pub use normalized::{NormalizeOptions, normalized, normalized_with};

use kifu_diag::Span;

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
    // What a reading gives back unedited is what was read (`fix` writes
    // the final reading of a big collection: a copy, not a walk).
    if reads_as_source(collection) {
        return collection.source.to_vec();
    }
    write_tree(collection)
}

/// Whether `collection` is written as its source, byte for byte: an
/// unedited reading of the whole of it (not UTF-16, read through its
/// UTF-8 form; not a part of a reading in parts).
fn reads_as_source(collection: &Collection<'_>) -> bool {
    !collection.edited && !collection.partial && collection.utf16.is_none()
}

/// [`lossless`] by a walk of the tree.
pub(crate) fn write_tree(collection: &Collection<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(collection.source.len() + collection.created.len());
    walk_into(collection, &mut out);
    match collection.utf16 {
        Some(form) => to_utf16(&out, form),
        None => out,
    }
}

/// [`lossless`], appended to `out`: a big collection repaired a part at a
/// time writes each part where the one before ends, without a buffer of
/// its own (fresh memory, a page fault every 4 KiB).
pub(crate) fn lossless_into(collection: &Collection<'_>, out: &mut Vec<u8>) {
    if reads_as_source(collection) {
        out.extend_from_slice(&collection.source);
    } else if collection.utf16.is_some() {
        out.extend_from_slice(&write_tree(collection));
    } else {
        walk_into(collection, out);
    }
}

/// The bytes of every game and the trivia after them, appended to `out`.
fn walk_into(collection: &Collection<'_>, out: &mut Vec<u8>) {
    let mut runs = Runs::new(collection, out);
    for game in &collection.games {
        write_subtree(&mut runs, game.root);
    }
    runs.piece(collection.trailer);
}

/// The bytes of game `index` as [`write_tree`] writes them, from its `(`
/// to its `)`: what a reader resolves the game's charset from.
pub(crate) fn game_bytes(collection: &Collection<'_>, index: usize) -> Vec<u8> {
    let Some(game) = collection.games.get(index) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut runs = Runs::new(collection, &mut out);
    write_subtree(&mut runs, game.root);
    drop(runs);
    // The trivia before the `(` was written with it.
    let lead = collection
        .parens_of(game.root)
        .map_or(0, |p| (p.open.start - p.open.lead) as usize);
    out.drain(..lead.min(out.len()));
    out
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
        write_subtree(&mut Runs::new(collection, &mut buf), game.root);
        encoding = game.charset.encoding;
        out.extend_from_slice(crate::bytes::charset::decode(encoding, &buf).as_bytes());
    }
    buf.clear();
    Runs::new(collection, &mut buf).piece(collection.trailer);
    out.extend_from_slice(crate::bytes::charset::decode(encoding, &buf).as_bytes());
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

/// Collects the bytes of pieces, copying each run of pieces that lie one
/// after the other in the same buffer at once: an unedited collection is
/// one copy of its input, an edited one a copy per stretch between edits.
struct Runs<'c, 'i> {
    collection: &'c Collection<'i>,
    out: &'c mut Vec<u8>,
    /// The bytes waiting to be copied.
    run: Span,
    /// Where the trivia of the next `;`, and of the next identifier or
    /// value, are likely to be found in their tables.
    semis: Cursor<'c>,
    tokens: Cursor<'c>,
    /// The length of the input: offsets past it are created bytes.
    len: u32,
}

/// Looks up trivia in a table of [`Sparse`](crate::tree::Sparse) for
/// tokens that come mostly in increasing order (the writer's, in file
/// order): each lookup goes on from the last one, and only a token out of
/// order (created by an edit) costs a binary search.
struct Cursor<'c> {
    table: &'c [(u32, u32)],
    at: usize,
}

impl<'c> Cursor<'c> {
    fn new(table: &'c [(u32, u32)]) -> Self {
        Cursor { table, at: 0 }
    }

    fn piece(&mut self, token: Span) -> Piece {
        let start = token.start;
        let t = self.table;
        let before = self.at == 0 || t[self.at - 1].0 < start;
        if !before || t.get(self.at).is_some_and(|&(s, _)| s < start) {
            self.at = t.partition_point(|&(s, _)| s < start);
        }
        let lead = match t.get(self.at) {
            Some(&(s, lead)) if s == start => {
                self.at += 1;
                lead
            }
            _ => start,
        };
        Piece {
            lead,
            start,
            end: token.end,
        }
    }
}

impl<'c, 'i> Runs<'c, 'i> {
    fn new(collection: &'c Collection<'i>, out: &'c mut Vec<u8>) -> Self {
        Runs {
            collection,
            out,
            run: Span::empty(0),
            semis: Cursor::new(&collection.sparse.semi_leads),
            tokens: Cursor::new(&collection.sparse.leads),
            len: collection.source.len() as u32,
        }
    }

    fn piece(&mut self, piece: Piece) {
        let span = piece.full();
        if span.is_empty() {
            return;
        }
        let len = self.len;
        if span.start == self.run.end && (span.start >= len) == (self.run.start >= len) {
            self.run.end = span.end;
        } else {
            self.flush();
            self.run = span;
        }
    }

    /// An identifier or a value, with its trivia. A token of the input
    /// that starts where the bytes waiting to be copied end has none (the
    /// bytes before it are written already, and trivia belongs to one
    /// token): it joins them without a look in the trivia table. Most
    /// tokens of a file do (`;B[pd]`), and the look was most of the time of
    /// writing a big collection.
    fn token(&mut self, token: Span) {
        if !self.join(token) {
            let piece = self.tokens.piece(token);
            self.piece(piece);
        }
    }

    /// A node's `;` with its trivia, as [`Runs::token`] writes the others.
    fn semi(&mut self, token: Span) {
        if !self.join(token) {
            let piece = self.semis.piece(token);
            self.piece(piece);
        }
    }

    /// Adds `token` to the bytes waiting to be copied if it starts where
    /// they end, in the input (see [`Runs::token`]).
    fn join(&mut self, token: Span) -> bool {
        let joins =
            token.start == self.run.end && self.run.start < token.start && token.end <= self.len;
        if joins {
            self.run.end = token.end;
        }
        joins
    }

    fn byte(&mut self, byte: u8) {
        self.flush();
        self.out.push(byte);
    }

    fn flush(&mut self) {
        if !self.run.is_empty() {
            self.out.extend_from_slice(self.collection.bytes(self.run));
            self.run = Span::empty(0);
        }
    }
}

impl Drop for Runs<'_, '_> {
    fn drop(&mut self) {
        self.flush();
    }
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

fn open_paren(out: &mut Runs<'_, '_>, id: NodeId) -> bool {
    let collection = out.collection;
    match collection.data(id).paren() {
        Paren::Source(i) => {
            out.piece(collection.parens[i as usize].open);
            true
        }
        Paren::Auto if needs_parens(collection, id) => {
            out.byte(b'(');
            true
        }
        _ => false,
    }
}

fn close_paren(out: &mut Runs<'_, '_>, id: NodeId) {
    let collection = out.collection;
    match collection.data(id).paren() {
        Paren::Source(i) => out.piece(collection.parens[i as usize].close),
        _ => out.byte(b')'),
    }
}

fn write_node(out: &mut Runs<'_, '_>, id: NodeId) {
    let collection = out.collection;
    let data = collection.data(id);
    out.semi(data.semi_token());
    for p in
        &collection.props[data.props_start as usize..(data.props_start + data.props_len) as usize]
    {
        out.token(p.ident);
        for v in
            &collection.values[p.values_start as usize..(p.values_start + p.values_len) as usize]
        {
            out.token(v.token);
        }
    }
}

/// Pre-order walk with an explicit stack: SGF nests deeply.
fn write_subtree(out: &mut Runs<'_, '_>, top: NodeId) {
    let collection = out.collection;
    // (node, bracketed?) for nodes whose `)` is still to come.
    let mut open: Vec<(NodeId, bool)> = Vec::new();
    let mut next = Some(top);
    while let Some(id) = next {
        let bracketed = open_paren(out, id);
        write_node(out, id);
        open.push((id, bracketed));
        let data = collection.data(id);
        next = data.first_child;
        // Climb out of finished subtrees until a sibling is found.
        while next.is_none() {
            let Some((done, bracketed)) = open.pop() else {
                break;
            };
            if bracketed {
                close_paren(out, done);
            }
            if done == top {
                break;
            }
            next = collection.data(done).next_sibling;
        }
    }
}

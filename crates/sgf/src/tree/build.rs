//! A collection built from its parts, its SGF text written on the way.
//!
//! Readers of other formats (the servers' GIB, NGF and UGF) used to write
//! the game as SGF text and parse that text again, a second pass over
//! every byte (3-8% of their instructions). [`Builder`] writes the same text and records
//! each node, property and value in the arenas as it writes it, so the
//! collection comes out as [`crate::parse`] would read that text, with no
//! second pass over it.

use std::borrow::Cow;

use kifu_diag::Span;

use super::{Collection, NodeData, NodeId, Paren, Piece, PropData, ValueData};
use crate::bytes::charset;

/// Builds a collection of games in SGF's own shape: game trees, nodes,
/// properties and values, in the order of their text. The collection has
/// the text as its source, so every writer, `check` and the lossless
/// round trip take it as they take a parsed file; it holds no trivia and
/// no diagnostics. The charset of every game is UTF-8: values are written
/// as given, and should be UTF-8 text escaped as SGF values are (see
/// [`crate::props::text::escape_text`]).
///
/// ```
/// use kifu_sgf::tree::Builder;
///
/// let mut b = Builder::new();
/// b.open();
/// b.node();
/// b.property("SZ");
/// b.value(b"9");
/// b.node();
/// b.property("B");
/// b.value(b"ee");
/// b.close();
/// let collection = b.finish();
/// assert_eq!(collection.source(), b"(;SZ[9];B[ee])");
/// let game = collection.game(0).unwrap();
/// assert_eq!(game.board_size().cols, 9);
/// assert_eq!(game.main_line().count(), 2);
/// assert_eq!(kifu_sgf::write::lossless(&collection), b"(;SZ[9];B[ee])");
/// ```
#[derive(Debug)]
pub struct Builder {
    text: Vec<u8>,
    collection: Collection<'static>,
    /// The open game trees, innermost last.
    stack: Vec<Frame>,
    /// Whether the text ends with a property's identifier or values, so
    /// that a value can follow.
    in_property: bool,
}

#[derive(Debug)]
struct Frame {
    open: Piece,
    /// The node the tree's first node is a child of.
    parent: Option<NodeId>,
    first: Option<NodeId>,
    current: Option<NodeId>,
}

impl Default for Builder {
    fn default() -> Self {
        Builder::new()
    }
}

impl Builder {
    /// An empty collection.
    pub fn new() -> Builder {
        Builder::with_capacity(0)
    }

    /// An empty collection, with room for about `bytes` of text.
    pub fn with_capacity(bytes: usize) -> Builder {
        let mut collection = Collection::new(&[]);
        // Estimates as `Collection::with_capacity_in` makes them, from
        // the usual `;B[pd]`.
        collection.nodes.reserve(bytes / 6);
        collection.props.reserve(bytes / 6);
        collection.values.reserve(bytes / 6);
        Builder {
            text: Vec::with_capacity(bytes),
            collection,
            stack: Vec::new(),
            in_property: false,
        }
    }

    #[inline]
    fn piece(&mut self, byte: u8) -> Piece {
        self.in_property = false;
        let start = self.text.len() as u32;
        self.text.push(byte);
        Piece {
            lead: start,
            start,
            end: start + 1,
        }
    }

    /// `(`: a game tree, or a variation of the node last written.
    pub fn open(&mut self) {
        let parent = self.stack.last().and_then(|f| f.current);
        let open = self.piece(b'(');
        self.stack.push(Frame {
            open,
            parent,
            first: None,
            current: None,
        });
    }

    /// `;`: a node, the child of the node before it (or the first of the
    /// game tree last opened). A node written with no game tree open opens
    /// one.
    #[inline]
    pub fn node(&mut self) {
        if self.stack.is_empty() {
            self.open();
        }
        let semi = self.piece(b';');
        let frame = self.stack.last_mut().expect("a game tree is open");
        // The common case first: the next node of a sequence, whose parent
        // has no child yet (as the parser's `sequence` reads it).
        if let Some(current) = frame.current {
            let c = &mut self.collection;
            let parent = c.data(current);
            if parent.last_child.is_none() {
                let root = parent.root;
                let props_start = c.props.len() as u32;
                let id = c.push_node(NodeData::new(
                    Some(current),
                    root,
                    semi.token(),
                    Paren::None,
                    props_start,
                ));
                let parent = c.data_mut(current);
                parent.first_child = Some(id);
                parent.last_child = Some(id);
                frame.current = Some(id);
                return;
            }
        }
        let frame = self.stack.last().expect("a game tree is open");
        let (parent, is_first, open) = (
            frame.current.or(frame.parent),
            frame.first.is_none(),
            frame.open,
        );
        let id = self.collection.push_child(parent, semi);
        if is_first {
            let charset = charset::resolve(Some(b"UTF-8"), b"");
            self.collection.start_tree(id, open, charset);
        }
        let frame = self.stack.last_mut().expect("a game tree is open");
        if is_first {
            frame.first = Some(id);
        }
        frame.current = Some(id);
    }

    /// A property of the node last written, with no value yet: each
    /// [`Builder::value`] after it adds one. `id` should be an SGF
    /// identifier (uppercase letters).
    #[inline]
    pub fn property(&mut self, id: &str) {
        let Some(node) = self.stack.last().and_then(|f| f.current) else {
            self.node();
            return self.property(id);
        };
        let start = self.text.len() as u32;
        push_short(&mut self.text, id.as_bytes());
        let ident = Span::new(start, self.text.len() as u32);
        let c = &mut self.collection;
        c.props.push(PropData {
            ident,
            values_start: c.values.len() as u32,
            values_len: 0,
        });
        c.data_mut(node).props_len += 1;
        self.in_property = true;
    }

    /// `;ID[raw]`: a node with one property of one value, the usual move
    /// (`;B[pd]`), as [`Builder::node`], [`Builder::property`] and
    /// [`Builder::value`] write it, in one step: a game's moves are most
    /// of what a reader of another format builds.
    ///
    /// ```
    /// let mut b = kifu_sgf::tree::Builder::new();
    /// b.node_with("SZ", b"9");
    /// b.node_with("B", b"ee");
    /// let collection = b.finish();
    /// assert_eq!(collection.source(), b"(;SZ[9];B[ee])");
    /// assert_eq!(collection.game(0).unwrap().main_line().count(), 2);
    /// ```
    #[inline]
    pub fn node_with(&mut self, id: &str, raw: &[u8]) {
        self.node();
        let Some(node) = self.stack.last().and_then(|f| f.current) else {
            return;
        };
        let text = &mut self.text;
        text.reserve(id.len() + raw.len() + 2);
        let ident_start = text.len() as u32;
        push_short(text, id.as_bytes());
        let value_start = text.len() as u32;
        text.push(b'[');
        push_short(text, raw);
        text.push(b']');
        let c = &mut self.collection;
        c.props.push(PropData {
            ident: Span::new(ident_start, value_start),
            values_start: c.values.len() as u32,
            values_len: 1,
        });
        c.values.push(ValueData {
            token: Span::new(value_start, text.len() as u32),
        });
        c.data_mut(node).props_len += 1;
        self.in_property = true;
    }

    /// `[raw]`, a value of the property last written; `raw` as it goes
    /// between the brackets (escaped).
    #[inline]
    pub fn value(&mut self, raw: &[u8]) {
        self.value_with(|out| push_short(out, raw));
    }

    /// A value written by `write`, which appends the bytes that go between
    /// the brackets (escaped) to the text. A value with no property right
    /// before it (after a node, a parenthesis, or nothing) is left out.
    #[inline]
    pub fn value_with(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        if !self.in_property {
            return;
        }
        let start = self.text.len() as u32;
        self.text.push(b'[');
        write(&mut self.text);
        self.text.push(b']');
        let c = &mut self.collection;
        c.values.push(ValueData {
            token: Span::new(start, self.text.len() as u32),
        });
        if let Some(p) = c.props.last_mut() {
            p.values_len += 1;
        }
    }

    /// `)`: closes the game tree or variation last opened. One with no node
    /// is left out.
    pub fn close(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let Some(first) = frame.first else {
            self.text.truncate(frame.open.start as usize);
            return;
        };
        let close = self.piece(b')');
        if let Paren::Source(i) = self.collection.data(first).paren() {
            self.collection.parens[i as usize].close = close;
        }
    }

    /// The collection, every game tree still open closed.
    pub fn finish(mut self) -> Collection<'static> {
        while !self.stack.is_empty() {
            self.close();
        }
        let end = self.text.len() as u32;
        let mut c = self.collection;
        c.trailer = Piece {
            lead: end,
            start: end,
            end,
        };
        c.source = Cow::Owned(self.text);
        // Made, not read: written from the tree, not copied.
        c.edited = true;
        for index in 0..c.games.len() {
            let root = c.games[index].root;
            c.games[index].size = c.size_from_root(root);
        }
        c.trim_arenas();
        c
    }
}

/// Appends `bytes`, byte by byte when they are one or two (an
/// identifier, a point): a call to copy them cost more than the rest of
/// writing a move.
#[inline(always)]
fn push_short(out: &mut Vec<u8>, bytes: &[u8]) {
    match *bytes {
        [a] => out.push(a),
        [a, b] => {
            out.push(a);
            out.push(b);
        }
        _ => out.extend_from_slice(bytes),
    }
}

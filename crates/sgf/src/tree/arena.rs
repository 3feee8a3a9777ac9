//! The arena of a collection and the views on it (games, nodes,
//! properties); see the [module](super).

use std::borrow::Cow;
use std::num::NonZeroU32;

use kifu_board::{BoardSize, Color, Point};
use kifu_diag::Span;

use crate::bytes::charset::{self, Resolution, ScanMode};
use crate::info::game_info::GameInfo;
use crate::props::{self, PropertyInfo, Value, ValueError};

/// Identifies a node of a [`Collection`]. Ids stay valid across edits;
/// a removed node's id is never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    pub(crate) fn index(self) -> usize {
        self.0.get() as usize - 1
    }
    pub(crate) fn from_index(i: usize) -> NodeId {
        NodeId(NonZeroU32::new(i as u32 + 1).expect("fewer than 2^32 nodes"))
    }

    /// The id as a number (from 1), for bindings that hand nodes out as
    /// integers; [`Collection::node_numbered`] takes it back.
    pub fn number(self) -> u32 {
        self.0.get()
    }
}

/// A piece of syntax: trivia (white space, junk) from `lead` to `start`,
/// then the token itself from `start` to `end`. Offsets at or past the
/// input length point into the collection's buffer of created bytes.
///
/// Parentheses and the trailer are kept as pieces; the arenas keep only
/// the token of a `;`, identifier or value, and the collection keeps the
/// trivia before it in a table (see [`Sparse`]): most tokens have none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) lead: u32,
    pub(crate) start: u32,
    pub(crate) end: u32,
}

impl Piece {
    pub(crate) fn token(self) -> Span {
        Span::new(self.start, self.end)
    }
    pub(crate) fn full(self) -> Span {
        Span::new(self.lead, self.end)
    }
}

/// How a node is bracketed by `(` … `)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paren {
    /// Not the start of a game tree in the input.
    None,
    /// Starts a game tree in the input: index into `Collection::parens`
    /// (kept out of the node because most nodes have none).
    Source(u32),
    /// Created or moved by an edit: the writer brackets it when needed.
    Auto,
}

/// The parentheses of a game tree in the input; `close` is empty when the
/// `)` was missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parens {
    pub(crate) open: Piece,
    pub(crate) close: Piece,
}

/// What most tokens do not need, kept aside (and out of the size of a
/// [`Collection`]).
///
/// The trivia tables hold the trivia of the tokens that have some: (the
/// token's start, the trivia's start), in increasing order. The parser
/// and the edits make tokens at increasing offsets (created bytes lie past
/// the input), so both only append. A token without an entry has no
/// trivia. The `;` of a node has a table of its own: where it was
/// missing, its empty token starts where the next token does.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sparse {
    pub(crate) semi_leads: Vec<(u32, u32)>,
    /// Identifiers and values.
    pub(crate) leads: Vec<(u32, u32)>,
    /// The identifiers proper of identifiers written with lowercase
    /// letters, by the start of what was written (in increasing order).
    pub(crate) ids: Vec<(u32, Span)>,
    /// The value left open at the end of the input, if any (by index).
    pub(crate) unclosed: Option<u32>,
}

/// Notes the trivia of `piece` in a table of [`Sparse`], if it has any.
pub(crate) fn note_lead(table: &mut Vec<(u32, u32)>, piece: Piece) {
    if piece.lead != piece.start {
        table.push((piece.start, piece.lead));
    }
}

/// Where the trivia before the token starting at `start` starts.
pub(crate) fn find_lead(table: &[(u32, u32)], start: u32) -> u32 {
    match table.binary_search_by_key(&start, |&(s, _)| s) {
        Ok(i) => table[i].1,
        Err(_) => start,
    }
}

/// One node in the arena. Kept to 40 bytes: a big collection holds one
/// per move.
#[derive(Clone, Debug)]
pub(crate) struct NodeData {
    pub(crate) parent: Option<NodeId>,
    /// The root of this node's game: finds the game without walking up.
    pub(crate) root: NodeId,
    pub(crate) first_child: Option<NodeId>,
    pub(crate) last_child: Option<NodeId>,
    pub(crate) prev_sibling: Option<NodeId>,
    pub(crate) next_sibling: Option<NodeId>,
    /// Where the `;` is (its trivia in `Sparse::semi_leads`).
    pub(crate) semi: u32,
    /// Range into `Collection::props`.
    pub(crate) props_start: u32,
    pub(crate) props_len: u32,
    /// The node's [`Paren`] and two flags (removed, `;` missing), packed.
    bits: u32,
}

/// Flags of [`NodeData::bits`]; the [`Paren`] is in the bits above them.
const REMOVED: u32 = 1;
const NO_SEMI: u32 = 2;
const PAREN_SHIFT: u32 = 2;

impl NodeData {
    /// A node without links or properties yet.
    pub(crate) fn new(
        parent: Option<NodeId>,
        root: NodeId,
        semi: Span,
        paren: Paren,
        props_start: u32,
    ) -> Self {
        let mut node = NodeData {
            parent,
            root,
            first_child: None,
            last_child: None,
            prev_sibling: None,
            next_sibling: None,
            semi: semi.start,
            props_start,
            props_len: 0,
            bits: if semi.is_empty() { NO_SEMI } else { 0 },
        };
        node.set_paren(paren);
        node
    }

    pub(crate) fn paren(&self) -> Paren {
        match self.bits >> PAREN_SHIFT {
            0 => Paren::None,
            1 => Paren::Auto,
            n => Paren::Source(n - 2),
        }
    }

    /// Sets the parentheses. A source index takes 30 bits: an input under
    /// 2 GiB holds fewer game trees than that (each takes `(;` at least).
    pub(crate) fn set_paren(&mut self, paren: Paren) {
        let code = match paren {
            Paren::None => 0,
            Paren::Auto => 1,
            Paren::Source(i) => i + 2,
        };
        self.bits = (self.bits & (REMOVED | NO_SEMI)) | (code << PAREN_SHIFT);
    }

    pub(crate) fn removed(&self) -> bool {
        self.bits & REMOVED != 0
    }

    pub(crate) fn set_removed(&mut self) {
        self.bits |= REMOVED;
    }

    /// The `;` (empty when it was missing in the input).
    pub(crate) fn semi_token(&self) -> Span {
        let len = u32::from(self.bits & NO_SEMI == 0);
        Span::new(self.semi, self.semi + len)
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct PropData {
    /// The identifier as written (FF[3] files may mix in lowercase
    /// letters); its trivia in `Sparse::leads`. The identifier proper, its
    /// uppercase letters, is the same bytes unless lowercase letters are
    /// in it (then it is in `Collection::ids`).
    pub(crate) ident: Span,
    /// Range into `Collection::values`.
    pub(crate) values_start: u32,
    pub(crate) values_len: u32,
}

/// A value: `start` is the `[`; `end` is one past the `]`, or the end of
/// input for the one value a collection may have left open
/// (`Sparse::unclosed`). Its trivia is in `Sparse::leads`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueData {
    pub(crate) token: Span,
}

/// The form of a UTF-16 input, to write it back the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf16 {
    pub(crate) big_endian: bool,
    pub(crate) bom: bool,
}

/// The arenas of a collection, empty, kept to read another into.
#[derive(Default)]
pub(crate) struct Arenas {
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    values: Vec<ValueData>,
}

/// One game of a collection.
#[derive(Clone, Debug)]
pub(crate) struct GameData {
    pub(crate) root: NodeId,
    pub(crate) charset: Resolution,
    /// From the root's `SZ`, kept up to date by edits: every typed point
    /// value needs it.
    pub(crate) size: BoardSize,
}

/// Everything read from one SGF input: its games, in order.
///
/// Borrows the input (`'i`); values are decoded only when asked for.
#[derive(Clone, Debug)]
pub struct Collection<'i> {
    /// The bytes read: the input itself, or its UTF-8 form when the input
    /// was UTF-16 (see `utf16`).
    pub(crate) source: Cow<'i, [u8]>,
    /// Set when the input was UTF-16 and `source` is its UTF-8 transcoding.
    pub(crate) utf16: Option<Utf16>,
    pub(crate) created: Vec<u8>,
    pub(crate) nodes: Vec<NodeData>,
    pub(crate) props: Vec<PropData>,
    pub(crate) values: Vec<ValueData>,
    /// Trivia, lowercase identifiers, the value left open.
    pub(crate) sparse: Box<Sparse>,
    pub(crate) games: Vec<GameData>,
    pub(crate) parens: Vec<Parens>,
    /// Trivia after the last game.
    pub(crate) trailer: Piece,
    /// How the reader scanned values for their `]` (one mode for the whole
    /// input): a game's bytes read the same way give the same tree.
    pub(crate) scan: ScanMode,
    /// Whether an edit was made since the reading (the tree then no longer
    /// is what reading `source` gives).
    pub(crate) edited: bool,
    /// Holds some of the games of `source`: a part of a reading in parts,
    /// whose bytes are not all of `source` even unedited.
    pub(crate) partial: bool,
}

impl<'i> Collection<'i> {
    pub(crate) fn new(source: &'i [u8]) -> Self {
        let len = source.len() as u32;
        Collection {
            source: Cow::Borrowed(source),
            utf16: None,
            created: Vec::new(),
            nodes: Vec::new(),
            props: Vec::new(),
            values: Vec::new(),
            sparse: Box::default(),
            games: Vec::new(),
            parens: Vec::new(),
            trailer: Piece {
                lead: len,
                start: len,
                end: len,
            },
            scan: ScanMode::AsciiSafe,
            edited: false,
            partial: false,
        }
    }

    /// An empty collection over `source` with room for the nodes,
    /// properties and values it probably holds, so that reading a file
    /// allocates each arena once instead of growing it step by step (for
    /// game records of a few kilobytes, growth dominated the parse time;
    /// for a big collection, an arena grown by doubling was up to twice
    /// its size, and each step copied it).
    ///
    /// The arenas are `arenas`: new ones, or the emptied arenas of a
    /// collection read before ([`Collection::into_arenas`]): `fix` reads
    /// its repaired bytes again, and fresh arenas of a big collection cost
    /// their size in page faults at each reading.
    pub(crate) fn with_capacity_in(source: &'i [u8], arenas: Arenas) -> Self {
        // A `[` starts each value, a `;` each node (a missing one is
        // rare). Values and properties are taken to be as many,
        // which a point list overestimates (what is not used is reserved,
        // not touched). Each count is bounded by what so many bytes can
        // hold in the usual shapes (`;B[]`, `[aa]`), so that an input
        // full of `[` or `;` reserves a few bytes per byte, not tens: an
        // arena that must grow past its estimate still can.
        // (Two counts: memchr counts one byte many times faster than it
        // finds each of two.)
        let opens = memchr::memchr_iter(b'[', source).count();
        let semis = memchr::memchr_iter(b';', source).count();
        let bound = source.len() / 4 + 16;
        let values = opens.min(bound);
        let nodes = (semis + 1).min(bound);
        let mut c = Self::with_arenas(source, arenas);
        c.nodes.reserve_exact(nodes);
        c.props.reserve_exact(values);
        c.values.reserve_exact(values);
        c
    }

    /// An empty collection of `source` in `arenas` (emptied), without the
    /// estimate of [`Collection::with_capacity_in`]: a reading in parts
    /// reads each part into the memory of the part before.
    pub(crate) fn with_arenas(source: &'i [u8], arenas: Arenas) -> Self {
        let mut c = Self::new(source);
        (c.nodes, c.props, c.values) = (arenas.nodes, arenas.props, arenas.values);
        c
    }

    /// The arenas of this collection, emptied, their memory kept for the
    /// next reading ([`Collection::with_capacity_in`]).
    pub(crate) fn into_arenas(self) -> Arenas {
        let (mut nodes, mut props, mut values) = (self.nodes, self.props, self.values);
        nodes.clear();
        props.clear();
        values.clear();
        Arenas {
            nodes,
            props,
            values,
        }
    }

    /// Gives back what the estimate of [`Collection::with_capacity_in`]
    /// reserved and reading did not use, when that is much (a point list
    /// of thousands of values left most of the property arena unused).
    pub(crate) fn trim_arenas(&mut self) {
        fn trim<T>(v: &mut Vec<T>) {
            let unused = (v.capacity() - v.len()) * size_of::<T>();
            if unused > (1 << 20) && v.capacity() > v.len() + v.len() / 8 {
                v.shrink_to_fit();
            }
        }
        trim(&mut self.nodes);
        trim(&mut self.props);
        trim(&mut self.values);
    }

    /// The same collection owning its input (a copy when it was borrowed),
    /// so that it can outlive the bytes it was read from: what a binding
    /// to another language keeps (the Python package holds one per object).
    ///
    /// ```
    /// let owned = {
    ///     let input = b"(;SZ[9];B[ee])".to_vec();
    ///     kifu_sgf::parse(&input).value.into_owned()
    /// };
    /// assert_eq!(owned.node_count(), 2);
    /// ```
    pub fn into_owned(self) -> Collection<'static> {
        let mut this = self;
        let source = Cow::Owned(std::mem::take(&mut this.source).into_owned());
        this.with_source(source)
    }

    /// The same collection read over `source` (the bytes its spans name).
    fn with_source<'b>(self, source: Cow<'b, [u8]>) -> Collection<'b> {
        Collection {
            source,
            utf16: self.utf16,
            created: self.created,
            nodes: self.nodes,
            props: self.props,
            values: self.values,
            sparse: self.sparse,
            games: self.games,
            parens: self.parens,
            trailer: self.trailer,
            scan: self.scan,
            edited: self.edited,
            partial: self.partial,
        }
    }

    /// The bytes this collection was read from (the UTF-8 form of a UTF-16
    /// input).
    pub fn source(&self) -> &[u8] {
        &self.source
    }

    /// Whether the input was UTF-16 (read through its UTF-8 form, written
    /// back as UTF-16 by the lossless writer).
    pub fn is_utf16(&self) -> bool {
        self.utf16.is_some()
    }

    /// Bytes of a span in the input or in the buffer of created bytes.
    pub(crate) fn bytes(&self, span: Span) -> &[u8] {
        let len = self.source.len() as u32;
        // An empty span at the very end reads as empty from either buffer.
        if span.start >= len {
            &self.created[(span.start - len) as usize..(span.end - len) as usize]
        } else {
            &self.source[span.range()]
        }
    }

    /// Appends created bytes, returning their span.
    pub(crate) fn create(&mut self, bytes: &[u8]) -> Span {
        let base = self.source.len() as u32 + self.created.len() as u32;
        self.created.extend_from_slice(bytes);
        Span::new(base, base + bytes.len() as u32)
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether no game was found.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games, in input order.
    pub fn games(&self) -> impl ExactSizeIterator<Item = Game<'_, 'i>> + '_ {
        (0..self.games.len()).map(move |index| Game {
            collection: self,
            index,
        })
    }

    /// The game at `index`.
    pub fn game(&self, index: usize) -> Option<Game<'_, 'i>> {
        (index < self.games.len()).then_some(Game {
            collection: self,
            index,
        })
    }

    /// A node by id.
    ///
    /// # Panics
    /// If `id` belongs to another collection.
    pub fn node(&self, id: NodeId) -> Node<'_, 'i> {
        assert!(
            id.index() < self.nodes.len(),
            "node id from another collection"
        );
        Node {
            collection: self,
            id,
        }
    }

    /// The node whose [`NodeId::number`] is `number`, or `None` when this
    /// collection has no such node (never panics).
    ///
    /// ```
    /// let parsed = kifu_sgf::parse(b"(;SZ[9];B[ee])");
    /// let c = parsed.value;
    /// let root = c.game(0).unwrap().root();
    /// assert_eq!(c.node_numbered(root.id().number()).map(|n| n.id()), Some(root.id()));
    /// assert!(c.node_numbered(0).is_none() && c.node_numbered(99).is_none());
    /// ```
    pub fn node_numbered(&self, number: u32) -> Option<Node<'_, 'i>> {
        let id = NodeId(NonZeroU32::new(number)?);
        (id.index() < self.nodes.len()).then_some(Node {
            collection: self,
            id,
        })
    }

    pub(crate) fn data(&self, id: NodeId) -> &NodeData {
        &self.nodes[id.index()]
    }

    /// The source parentheses of a node, if it starts a game tree in the input.
    pub(crate) fn parens_of(&self, id: NodeId) -> Option<Parens> {
        match self.data(id).paren() {
            Paren::Source(i) => Some(self.parens[i as usize]),
            _ => None,
        }
    }

    pub(crate) fn data_mut(&mut self, id: NodeId) -> &mut NodeData {
        &mut self.nodes[id.index()]
    }

    pub(crate) fn push_node(&mut self, data: NodeData) -> NodeId {
        self.nodes.push(data);
        NodeId::from_index(self.nodes.len() - 1)
    }

    /// Pushes a node without links or properties yet (its properties will
    /// start at the end of the property arena); `root` is the parent's root,
    /// or the new node itself.
    pub(crate) fn push_unlinked(
        &mut self,
        parent: Option<NodeId>,
        semi: Piece,
        paren: Paren,
    ) -> NodeId {
        let next = NodeId::from_index(self.nodes.len());
        let root = parent.map_or(next, |p| self.data(p).root);
        note_lead(&mut self.sparse.semi_leads, semi);
        let props_start = self.props.len() as u32;
        self.push_node(NodeData::new(
            parent,
            root,
            semi.token(),
            paren,
            props_start,
        ))
    }

    /// Pushes a node read or written at `semi` as the last child of
    /// `parent` (a root when `None`), as the reader and the builder add
    /// nodes: in the order of the text.
    pub(crate) fn push_child(&mut self, parent: Option<NodeId>, semi: Piece) -> NodeId {
        let id = self.push_unlinked(parent, semi, Paren::None);
        if let Some(parent) = parent {
            match self.data(parent).last_child {
                Some(last) => {
                    self.data_mut(last).next_sibling = Some(id);
                    self.data_mut(id).prev_sibling = Some(last);
                }
                None => self.data_mut(parent).first_child = Some(id),
            }
            self.data_mut(parent).last_child = Some(id);
        }
        id
    }

    /// Makes `id` the first node of the game tree whose `(` is `open`: it
    /// owns the parentheses (the `)` is set when the tree closes), and a
    /// root starts a game, read in `charset` until the charsets are
    /// resolved.
    pub(crate) fn start_tree(&mut self, id: NodeId, open: Piece, charset: Resolution) {
        let index = self.parens.len() as u32;
        self.parens.push(Parens {
            open,
            close: Piece::default(),
        });
        self.data_mut(id).set_paren(Paren::Source(index));
        if self.data(id).parent.is_none() {
            self.games.push(GameData {
                root: id,
                charset,
                size: BoardSize::default(),
            });
        }
    }

    /// Number of nodes in all games.
    pub fn node_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.removed()).count()
    }

    /// An identifier or value token, with its trivia.
    pub(crate) fn piece(&self, token: Span) -> Piece {
        Piece {
            lead: find_lead(&self.sparse.leads, token.start),
            start: token.start,
            end: token.end,
        }
    }

    /// The identifier proper of a property: the uppercase letters of what
    /// was written.
    pub(crate) fn prop_id(&self, prop: &PropData) -> Span {
        if self.bytes(prop.ident).iter().all(u8::is_ascii_uppercase) {
            return prop.ident;
        }
        let ids = &self.sparse.ids;
        match ids.binary_search_by_key(&prop.ident.start, |&(start, _)| start) {
            Ok(i) => ids[i].1,
            Err(_) => Span::empty(prop.ident.start),
        }
    }

    /// The bytes between the brackets of value `index`.
    pub(crate) fn value_content(&self, index: usize) -> Span {
        let token = self.values[index].token;
        let end = if self.sparse.unclosed == Some(index as u32) {
            token.end
        } else {
            token.end - 1
        };
        Span::new(token.start + 1, end)
    }

    /// This collection without its source (an empty one in its place),
    /// and the source if it was owned: for a reading of bytes that is to
    /// own them (`detached.source = Cow::Owned(bytes)`).
    pub(crate) fn detach(self) -> (Option<Vec<u8>>, Collection<'static>) {
        let mut this = self;
        let owned = match std::mem::take(&mut this.source) {
            Cow::Owned(bytes) => Some(bytes),
            Cow::Borrowed(_) => None,
        };
        (owned, this.with_source(Cow::Borrowed(&[])))
    }

    /// Reads a game's board size from its root's `SZ` (19x19 when absent
    /// or invalid).
    pub(crate) fn size_from_root(&self, root: NodeId) -> BoardSize {
        let Some(raw) = self
            .node(root)
            .property("SZ")
            .and_then(|p| p.raw_values().next())
        else {
            return BoardSize::default();
        };
        BoardSize::from_sgf(std::str::from_utf8(raw).unwrap_or("")).unwrap_or_default()
    }

    /// The index of the game `id` belongs to. Games are kept in the order
    /// of their roots' ids (the parser pushes them in input order, a new
    /// game's root is the newest node, removal keeps the order), so this
    /// is a binary search: every typed value asks, and a collection of
    /// 70,000 games made a linear search quadratic.
    pub(crate) fn game_of(&self, id: NodeId) -> Option<usize> {
        let root = self.data(id).root;
        self.games.binary_search_by_key(&root, |g| g.root).ok()
    }
}

/// One game (one top-level game tree) of a collection.
#[derive(Clone, Copy)]
pub struct Game<'c, 'i> {
    collection: &'c Collection<'i>,
    index: usize,
}

impl<'c, 'i> Game<'c, 'i> {
    /// Position of this game in its collection.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The root node.
    pub fn root(&self) -> Node<'c, 'i> {
        self.collection.node(self.collection.games[self.index].root)
    }

    /// Where the game tree stands in the input, from its `(` to one past
    /// its `)`, as read; `None` where that is not a range of the input:
    /// the `)` was missing, the input was UTF-16 (the tree's offsets are
    /// those of its UTF-8 form), or an edit was made since the reading.
    ///
    /// ```
    /// let c = kifu_sgf::parse(b"(;GN[one]C[a ) in a value])\njunk\n(;GN[two])").value;
    /// let spans: Vec<_> = c.games().map(|g| g.span().map(|s| s.range())).collect();
    /// assert_eq!(spans, [Some(0..27), Some(33..43)]);
    /// ```
    pub fn span(&self) -> Option<Span> {
        let c = self.collection;
        if c.edited || c.utf16.is_some() {
            return None;
        }
        let parens = c.parens_of(c.games[self.index].root)?;
        let (open, close) = (parens.open.token(), parens.close.token());
        (close.end > open.start && c.source.get(close.start as usize) == Some(&b')'))
            .then(|| Span::new(open.start, close.end))
    }

    /// The charset used to decode this game's text, and why it was chosen.
    pub fn charset(&self) -> &'c Resolution {
        &self.collection.games[self.index].charset
    }

    /// The file format version (`FF`, default 1 as the specification says).
    pub fn file_format(&self) -> u32 {
        self.root()
            .text("FF")
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(1)
    }

    /// The game type (`GM`, default 1 = Go).
    pub fn game_type(&self) -> u32 {
        self.root()
            .text("GM")
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(1)
    }

    /// The board size from `SZ` (19x19 when absent or invalid).
    pub fn board_size(&self) -> BoardSize {
        self.collection.games[self.index].size
    }

    /// The main line: the root and then always the first child.
    pub fn main_line(self) -> impl Iterator<Item = Node<'c, 'i>> + 'c {
        let collection = self.collection;
        let mut next = Some(self.root().id);
        std::iter::from_fn(move || {
            let id = next?;
            next = collection.data(id).first_child;
            Some(collection.node(id))
        })
    }

    /// Every node of the game in pre-order (file order).
    pub fn nodes(self) -> impl Iterator<Item = Node<'c, 'i>> + 'c {
        self.root().descendants()
    }

    /// Game information, read from the root and, where the root lacks a
    /// field, from the first node of the main line that carries
    /// game-info properties.
    pub fn info(&self) -> GameInfo {
        let info_node = self
            .main_line()
            .find(|n| {
                n.properties().any(|p| {
                    p.info()
                        .is_some_and(|i| i.kind == props::PropertyKind::GameInfo)
                })
            })
            .unwrap_or_else(|| self.root());
        let root = self.root();
        GameInfo::from_lookup(|id| {
            info_node
                .simple_text(id)
                .or_else(|| root.simple_text(id))
                .map(Cow::into_owned)
        })
    }

    /// Number of move nodes (`B` or `W`) on the main line.
    pub fn main_line_moves(&self) -> usize {
        self.main_line().filter(|n| n.get_move().is_some()).count()
    }

    /// Number of nodes with more than one child in the whole game.
    pub fn branch_points(&self) -> usize {
        self.nodes()
            .filter(|n| n.children().nth(1).is_some())
            .count()
    }

    /// Number of leaves, i.e. variations counting the main line.
    pub fn variation_count(&self) -> usize {
        self.nodes().filter(|n| n.first_child().is_none()).count()
    }
}

/// A node of the game tree: properties plus links to relatives.
#[derive(Clone, Copy)]
pub struct Node<'c, 'i> {
    collection: &'c Collection<'i>,
    id: NodeId,
}

impl std::fmt::Debug for Node<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut list = f.debug_list();
        for p in self.properties() {
            list.entry(&(p.id(), p.raw_values().collect::<Vec<_>>()));
        }
        list.finish()
    }
}

impl<'c, 'i> Node<'c, 'i> {
    fn link(&self, id: Option<NodeId>) -> Option<Node<'c, 'i>> {
        id.map(|id| self.collection.node(id))
    }

    fn data(&self) -> &'c NodeData {
        self.collection.data(self.id)
    }

    /// This node's id.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The parent, `None` for a game's root.
    pub fn parent(&self) -> Option<Node<'c, 'i>> {
        self.link(self.data().parent)
    }

    /// The first child (the main continuation).
    pub fn first_child(&self) -> Option<Node<'c, 'i>> {
        self.link(self.data().first_child)
    }

    /// Whether this node is a plain move ([`plain_move`](Self::plain_move)).
    #[cfg(test)]
    pub(crate) fn is_plain_move(&self, size: BoardSize) -> bool {
        self.plain_move(size).is_some()
    }

    /// The move of a node that is one move written plainly on the board
    /// (`;B[pd]`), as most nodes of most games are: one property, an
    /// uppercase identifier, one value that is a point of the board, no
    /// escapes, no `tt`; read from its bytes without decoding them. Neither
    /// the checks of a node nor its repairs find anything in such a node of
    /// a game of Go (but that it is the root), and most of their time went
    /// to nodes like it: they skip them (tests run both on every such node
    /// of the corpus and find nothing).
    // Inlined: asked of each of a million nodes by the walks of check and
    // fix, where a call's saving and restoring of registers was a fifth
    // of its cost.
    #[inline(always)]
    pub(crate) fn plain_move(&self, size: BoardSize) -> Option<(Color, Point)> {
        // Straight from the arenas: every check and repair asks this of
        // every node, several times.
        let c = self.collection;
        let node = self.data();
        if node.props_len != 1 {
            return None;
        }
        let prop = c.props.get(node.props_start as usize)?;
        if prop.values_len != 1 || prop.ident.len() != 1 {
            return None;
        }
        // The bytes as read, else (an edit's) as created.
        let source: &[u8] = &c.source;
        let ident = match source.get(prop.ident.start as usize) {
            Some(&letter) => letter,
            None => c.bytes(prop.ident).first().copied().unwrap_or_default(),
        };
        let color = match ident {
            b'B' => Color::Black,
            b'W' => Color::White,
            _ => return None,
        };
        // The value token as a whole, `[pd]`: a `]` right after two
        // letters closes it (the value left open at the end of the input
        // has no `]`, and is looked up only when it can be the one).
        let index = prop.values_start as usize;
        let span = c.values.get(index)?.token;
        let token = match source.get(span.range()) {
            Some(token) => token,
            None => c.bytes(span),
        };
        let value = match *token {
            [b'[', _, _, b']'] => &token[1..3],
            [b'[', _, _] if c.sparse.unclosed == Some(index as u32) => &token[1..],
            _ => return None,
        };
        match *value {
            // `Point::from_sgf` of two lowercase letters, without the
            // error values it builds: asked of every move of every game.
            [a @ b'a'..=b'z', b @ b'a'..=b'z'] if value != b"tt" => {
                let p = Point::new(a - b'a', b - b'a');
                (size.is_valid() && size.contains(p)).then_some((color, p))
            }
            _ => None,
        }
    }

    /// Where the node's first property is written (an empty span at 0 for
    /// a node without properties).
    pub(crate) fn first_property_span(&self) -> Span {
        let node = self.data();
        if node.props_len == 0 {
            return Span::empty(0);
        }
        self.collection.props[node.props_start as usize].ident
    }

    /// The last child (the last variation), for walks that push the
    /// children on a stack without collecting them.
    pub(crate) fn last_child(&self) -> Option<Node<'c, 'i>> {
        self.link(self.data().last_child)
    }

    /// The next sibling (the next variation).
    pub fn next_sibling(&self) -> Option<Node<'c, 'i>> {
        self.link(self.data().next_sibling)
    }

    /// The previous sibling.
    pub fn prev_sibling(&self) -> Option<Node<'c, 'i>> {
        self.link(self.data().prev_sibling)
    }

    /// The children, in order.
    pub fn children(self) -> impl Iterator<Item = Node<'c, 'i>> + 'c {
        let collection = self.collection;
        let mut next = self.data().first_child;
        std::iter::from_fn(move || {
            let id = next?;
            next = collection.data(id).next_sibling;
            Some(collection.node(id))
        })
    }

    /// This node and all below it, in pre-order (file order), without recursion.
    pub fn descendants(self) -> impl Iterator<Item = Node<'c, 'i>> + 'c {
        let collection = self.collection;
        let top = self.id;
        let mut next = Some(top);
        std::iter::from_fn(move || {
            let id = next?;
            let data = collection.data(id);
            next = data.first_child.or_else(|| {
                let mut at = id;
                loop {
                    if at == top {
                        return None;
                    }
                    let d = collection.data(at);
                    if let Some(s) = d.next_sibling {
                        return Some(s);
                    }
                    at = d.parent?;
                }
            });
            Some(collection.node(id))
        })
    }

    /// The path of child indexes from the root to this node (the root's path is empty).
    pub fn path(&self) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = *self;
        while let Some(parent) = at.parent() {
            path.push(parent.children().position(|c| c.id == at.id).unwrap_or(0));
            at = parent;
        }
        path.reverse();
        path
    }

    /// Number of properties.
    pub fn property_count(&self) -> usize {
        self.data().props_len as usize
    }

    /// The properties in file order.
    pub fn properties(self) -> impl ExactSizeIterator<Item = Property<'c, 'i>> + 'c {
        let collection = self.collection;
        let data = self.data();
        (data.props_start..data.props_start + data.props_len).map(move |index| Property {
            collection,
            index: index as usize,
            node: self.id,
        })
    }

    /// The first property with identifier `id` (uppercase, as in FF\[4\]).
    pub fn property(&self, id: &str) -> Option<Property<'c, 'i>> {
        // Asked of every root and many nodes by every check and repair:
        // an identifier written in capitals is its own identifier proper,
        // compared as written; only the others (`AddBlack`) are read.
        self.properties().find(|p| p.is(id))
    }

    /// Whether the node has a property `id`.
    pub fn has(&self, id: &str) -> bool {
        self.property(id).is_some()
    }

    /// The raw values of property `id`: the bytes between the brackets, escapes kept.
    pub fn raw_values(&self, id: &str) -> Option<Vec<&'c [u8]>> {
        self.property(id).map(|p| p.raw_values().collect())
    }

    fn game_charset(&self) -> &'static encoding_rs::Encoding {
        self.collection
            .game_of(self.id)
            .map(|g| self.collection.games[g].charset.encoding)
            .unwrap_or(encoding_rs::UTF_8)
    }

    /// The first value of `id` decoded to UTF-8 with escapes resolved (no
    /// other change): the form `kifu convert --to json` shows.
    pub fn text(&self, id: &str) -> Option<Cow<'c, str>> {
        self.property(id)?.decoded_values().next()
    }

    /// The first value of `id` read as SimpleText: escapes resolved,
    /// line breaks and other white space turned into spaces.
    pub fn simple_text(&self, id: &str) -> Option<Cow<'c, str>> {
        let p = self.property(id)?;
        let raw = p.raw_values().next()?;
        let decoded = charset::decode(self.game_charset(), raw);
        Some(Cow::Owned(props::text::decode_simple_text(&decoded)))
    }

    /// The typed value of property `id`, read as its type in the FF\[4\]
    /// table says (`None` when the node lacks it).
    ///
    /// # Errors
    /// [`ValueError`] when the value does not fit the property's type, or
    /// the property is not in the table.
    pub fn get(&self, id: &str) -> Option<Result<Value, ValueError>> {
        self.property(id).map(|p| p.value())
    }

    /// Every point of the point-list properties `id` of this node (`AB`,
    /// `AW`, `AE`, `TR`...), in order, values that do not read left out.
    /// All properties with that identifier count: some writers repeat one
    /// (`AB[dd]AB[pd]`) instead of listing the values.
    ///
    /// ```
    /// let c = kifu_sgf::parse(b"(;AB[aa][bb]AB[cc:cd]AW[dd])").value;
    /// let root = c.game(0).unwrap().root();
    /// assert_eq!(root.points("AB").len(), 4);
    /// assert_eq!(root.points("AE"), []);
    /// ```
    pub fn points(&self, id: &str) -> Vec<Point> {
        let mut out = Vec::new();
        for p in self.properties().filter(|p| p.is(id)) {
            p.points_into(&mut out);
        }
        out
    }

    /// The move of this node: `B` or `W`, with `None` for a pass.
    pub fn get_move(&self) -> Option<(Color, Option<Point>)> {
        for p in self.properties() {
            let color = match p.id() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            if let Ok(Value::Move(m)) = p.value() {
                return Some((color, m));
            }
        }
        None
    }

    /// The collection this node belongs to.
    pub fn collection(&self) -> &'c Collection<'i> {
        self.collection
    }
}

/// A property of a node: identifier and raw values.
#[derive(Clone, Copy)]
pub struct Property<'c, 'i> {
    collection: &'c Collection<'i>,
    index: usize,
    node: NodeId,
}

impl<'c, 'i> Property<'c, 'i> {
    fn data(&self) -> PropData {
        self.collection.props[self.index]
    }

    /// The identifier proper (the uppercase letters of what was written).
    pub fn id(&self) -> &'c str {
        let data = self.data();
        // Almost every identifier is one or two uppercase letters, asked
        // for by every check and repair of every property: handed out from
        // a table of them, not looked at letter by letter and validated.
        if let Some(id) = short_id(self.collection.bytes(data.ident)) {
            return id;
        }
        // Only ASCII uppercase letters are found here.
        let id = self.collection.prop_id(&data);
        std::str::from_utf8(self.collection.bytes(id)).unwrap_or("")
    }

    /// Whether the identifier proper is `id`: one written in capitals is
    /// compared as written; only the others (`AddBlack`) are read.
    pub(crate) fn is(&self, id: &str) -> bool {
        let written = self.written_id();
        if written.iter().all(u8::is_ascii_uppercase) {
            written == id.as_bytes()
        } else {
            self.id() == id
        }
    }

    /// Appends the points the property's value lists (a point list or one
    /// point; nothing for a value that is neither).
    pub(crate) fn points_into(&self, out: &mut Vec<Point>) {
        match self.value() {
            Ok(Value::List(values)) => out.extend(values.into_iter().filter_map(|v| match v {
                Value::Point(p) => Some(p),
                _ => None,
            })),
            Ok(Value::Point(p)) => out.push(p),
            _ => {}
        }
    }

    /// The value, when the property has exactly one.
    pub(crate) fn only_raw_value(&self) -> Option<&'c [u8]> {
        let mut values = self.raw_values();
        match (values.next(), values.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        }
    }

    /// The identifier exactly as written, e.g. `AddBlack` in an FF\[3\] file.
    pub fn written_id(&self) -> &'c [u8] {
        self.collection.bytes(self.data().ident)
    }

    /// The span of the identifier in the input.
    pub fn span(&self) -> Span {
        self.data().ident
    }

    /// The table entry for this identifier, if it is a known property.
    pub fn info(&self) -> Option<&'static PropertyInfo> {
        props::lookup(self.id())
    }

    /// Number of values.
    pub fn value_count(&self) -> usize {
        self.data().values_len as usize
    }

    /// The spans of the values' contents in the input.
    pub fn value_spans(self) -> impl ExactSizeIterator<Item = Span> + 'c {
        let d = self.data();
        let collection = self.collection;
        (d.values_start..d.values_start + d.values_len)
            .map(move |i| collection.value_content(i as usize))
    }

    /// The raw values: bytes between the brackets, escapes kept, original charset.
    pub fn raw_values(self) -> impl ExactSizeIterator<Item = &'c [u8]> + 'c {
        let collection = self.collection;
        self.value_spans().map(move |v| collection.bytes(v))
    }

    /// The values in UTF-8 with escapes resolved and nothing else changed.
    pub fn decoded_values(self) -> impl ExactSizeIterator<Item = Cow<'c, str>> + 'c {
        let encoding = self.collection.node(self.node).game_charset();
        self.raw_values()
            .map(move |raw| match charset::decode(encoding, raw) {
                Cow::Borrowed(s) => props::text::unescape(s),
                Cow::Owned(s) => Cow::Owned(props::text::unescape(&s).into_owned()),
            })
    }

    /// The typed value, read as the FF\[4\] table says.
    ///
    /// # Errors
    /// [`ValueError`] when the value does not fit its type or the property is unknown.
    pub fn value(&self) -> Result<Value, ValueError> {
        let Some(info) = self.info() else {
            return Err(ValueError::unknown_property(self.id()));
        };
        // The game looked up once for both.
        let game = self
            .collection
            .game_of(self.node)
            .map(|g| &self.collection.games[g]);
        let encoding = game.map_or(encoding_rs::UTF_8, |g| g.charset.encoding);
        let size = game.map_or_else(BoardSize::default, |g| g.size);
        // Most properties have one value: no vectors for them.
        if self.value_count() == 1 {
            let raw = self.raw_values().next().unwrap_or_default();
            return props::parse_value(info, &[charset::decode(encoding, raw).as_ref()], size);
        }
        let decoded: Vec<Cow<'_, str>> = self
            .raw_values()
            .map(|raw| charset::decode(encoding, raw))
            .collect();
        let raws: Vec<&str> = decoded.iter().map(|c| c.as_ref()).collect();
        props::parse_value(info, &raws, size)
    }
}

/// The uppercase letters, and every pair of them (`AAABAC`...).
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PAIR_BYTES: [u8; 26 * 26 * 2] = letter_pairs();
const PAIRS: &str = match std::str::from_utf8(&PAIR_BYTES) {
    Ok(pairs) => pairs,
    Err(_) => panic!("letter pairs are ASCII"),
};

const fn letter_pairs() -> [u8; 26 * 26 * 2] {
    let mut pairs = [0; 26 * 26 * 2];
    let mut i = 0;
    while i < 26 * 26 {
        pairs[2 * i] = b'A' + (i / 26) as u8;
        pairs[2 * i + 1] = b'A' + (i % 26) as u8;
        i += 1;
    }
    pairs
}

/// `written` as a `&'static str` when it is one or two uppercase letters.
fn short_id(written: &[u8]) -> Option<&'static str> {
    let letter = |b: u8| b.is_ascii_uppercase().then(|| usize::from(b - b'A'));
    match *written {
        [a] => {
            let i = letter(a)?;
            Some(&LETTERS[i..i + 1])
        }
        [a, b] => {
            let i = 2 * (26 * letter(a)? + letter(b)?);
            Some(&PAIRS[i..i + 2])
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_identifiers_come_from_the_table() {
        assert_eq!(super::short_id(b"B"), Some("B"));
        assert_eq!(super::short_id(b"AB"), Some("AB"));
        assert_eq!(super::short_id(b"ZZ"), Some("ZZ"));
        assert_eq!(super::short_id(b"Ab"), None);
        assert_eq!(super::short_id(b"ABC"), None);
        assert_eq!(super::short_id(b""), None);
    }

    /// The arena entries are written once per node, property and value of
    /// every file read: keep them small.
    #[test]
    fn arena_entries_stay_small() {
        assert!(
            size_of::<super::NodeData>() <= 40,
            "{}",
            size_of::<super::NodeData>()
        );
        assert!(size_of::<super::PropData>() <= 16);
        assert!(size_of::<super::ValueData>() <= 8);
    }
}

//! Editing a collection in place.
//!
//! Every edit touches only the pieces it changes: the lossless writer still
//! gives back the original bytes of everything else. New bytes go to the
//! collection's buffer of created bytes; ranges of properties and values
//! that must grow are moved to the end of their arena (old slots are left
//! unused, which keeps ids and other nodes' ranges valid).

use std::fmt;

use kifu_board::BoardSize;
use kifu_diag::Span;

use super::{Collection, GameData, NodeId, Paren, Piece, PropData, ValueData, note_lead};
use crate::bytes::charset;
use crate::props::{self, Value, ValueError};

/// Why an edit was refused.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum EditError {
    /// The identifier is not one or more uppercase ASCII letters.
    BadIdentifier(String),
    /// The node was removed.
    Removed(NodeId),
    /// An index past the end.
    OutOfRange {
        /// Requested index.
        index: usize,
        /// Number of items there.
        len: usize,
    },
    /// The value does not fit the property's type.
    Value(ValueError),
    /// A character the game's charset cannot hold.
    Unencodable(char),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::BadIdentifier(id) => {
                write!(f, "'{id}' is not a property identifier (uppercase letters)")
            }
            EditError::Removed(id) => write!(f, "node {id:?} was removed"),
            EditError::OutOfRange { index, len } => {
                write!(f, "index {index} out of range (there are {len})")
            }
            EditError::Value(e) => e.fmt(f),
            EditError::Unencodable(c) => {
                write!(f, "character '{c}' cannot be written in the game's charset")
            }
        }
    }
}

impl std::error::Error for EditError {}

impl From<ValueError> for EditError {
    fn from(e: ValueError) -> Self {
        EditError::Value(e)
    }
}

fn check_id(id: &str) -> Result<(), EditError> {
    if !id.is_empty() && id.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(EditError::BadIdentifier(id.to_owned()))
    }
}

impl Collection<'_> {
    fn live(&self, id: NodeId) -> Result<(), EditError> {
        if self.data(id).removed() {
            Err(EditError::Removed(id))
        } else {
            Ok(())
        }
    }

    fn created_piece(&mut self, bytes: &[u8]) -> Piece {
        let span = self.create(bytes);
        Piece {
            lead: span.start,
            start: span.start,
            end: span.end,
        }
    }

    fn blank_node(&mut self, parent: Option<NodeId>) -> NodeId {
        let semi = self.created_piece(b";");
        self.push_unlinked(parent, semi, Paren::Auto)
    }

    /// Appends a new game with an empty root node; returns the root.
    pub fn add_game(&mut self) -> NodeId {
        self.edited = true;
        let root = self.blank_node(None);
        self.games.push(GameData {
            root,
            charset: charset::Resolution {
                encoding: encoding_rs::UTF_8,
                scan: charset::ScanMode::AsciiSafe,
                finding: None,
            },
            size: BoardSize::default(),
        });
        root
    }

    /// Removes the game at `index` with all its nodes.
    ///
    /// # Errors
    /// [`EditError::OutOfRange`].
    pub fn remove_game(&mut self, index: usize) -> Result<(), EditError> {
        self.edited = true;
        if index >= self.games.len() {
            return Err(EditError::OutOfRange {
                index,
                len: self.games.len(),
            });
        }
        let root = self.games.remove(index).root;
        self.mark_removed(root);
        Ok(())
    }

    /// Inserts a new empty node as child number `index` of `parent`
    /// (`None` = last). Returns it.
    ///
    /// # Errors
    /// [`EditError::Removed`] or [`EditError::OutOfRange`].
    pub fn insert_child(
        &mut self,
        parent: NodeId,
        index: Option<usize>,
    ) -> Result<NodeId, EditError> {
        self.edited = true;
        self.live(parent)?;
        let Some(index) = index else {
            // Appending is the common case (building a tree): O(1).
            let id = self.blank_node(Some(parent));
            let last = self.data(parent).last_child;
            self.data_mut(id).prev_sibling = last;
            match last {
                Some(l) => {
                    self.data_mut(l).next_sibling = Some(id);
                    // A single child written without parentheses now has a sibling.
                    if self.data(l).prev_sibling.is_none() && self.data(l).paren() == Paren::None {
                        self.data_mut(l).set_paren(Paren::Auto);
                    }
                }
                None => self.data_mut(parent).first_child = Some(id),
            }
            self.data_mut(parent).last_child = Some(id);
            return Ok(id);
        };
        let count = self.node(parent).children().count();
        if index > count {
            return Err(EditError::OutOfRange { index, len: count });
        }
        let id = self.blank_node(Some(parent));
        self.link_child(parent, id, index);
        Ok(id)
    }

    fn link_child(&mut self, parent: NodeId, id: NodeId, index: usize) {
        let before = self.node(parent).children().nth(index).map(|n| n.id());
        let after = match before {
            Some(b) => self.data(b).prev_sibling,
            None => self.data(parent).last_child,
        };
        {
            let d = self.data_mut(id);
            d.parent = Some(parent);
            d.prev_sibling = after;
            d.next_sibling = before;
        }
        match after {
            Some(a) => self.data_mut(a).next_sibling = Some(id),
            None => self.data_mut(parent).first_child = Some(id),
        }
        match before {
            Some(b) => self.data_mut(b).prev_sibling = Some(id),
            None => self.data_mut(parent).last_child = Some(id),
        }
        // Siblings that were written without parentheses now need them.
        let children: Vec<NodeId> = self.node(parent).children().map(|n| n.id()).collect();
        if children.len() > 1 {
            for c in children {
                if self.data(c).paren() == Paren::None {
                    self.data_mut(c).set_paren(Paren::Auto);
                }
            }
        }
    }

    fn unlink(&mut self, id: NodeId) {
        let d = self.data(id).clone();
        match d.prev_sibling {
            Some(p) => self.data_mut(p).next_sibling = d.next_sibling,
            None => {
                if let Some(parent) = d.parent {
                    self.data_mut(parent).first_child = d.next_sibling;
                }
            }
        }
        match d.next_sibling {
            Some(n) => self.data_mut(n).prev_sibling = d.prev_sibling,
            None => {
                if let Some(parent) = d.parent {
                    self.data_mut(parent).last_child = d.prev_sibling;
                }
            }
        }
        let d = self.data_mut(id);
        d.prev_sibling = None;
        d.next_sibling = None;
        d.parent = None;
    }

    fn mark_removed(&mut self, id: NodeId) {
        let ids: Vec<NodeId> = self.node(id).descendants().map(|n| n.id()).collect();
        for i in ids {
            self.data_mut(i).set_removed();
        }
    }

    /// Removes `id` and its subtree. Removing a game's root removes the game.
    ///
    /// # Errors
    /// [`EditError::Removed`] if it is already gone.
    pub fn remove_node(&mut self, id: NodeId) -> Result<(), EditError> {
        self.edited = true;
        self.live(id)?;
        if self.data(id).parent.is_none()
            && let Some(index) = self.games.iter().position(|g| g.root == id)
        {
            return self.remove_game(index);
        }
        self.unlink(id);
        self.mark_removed(id);
        Ok(())
    }

    /// Moves child `from` of `parent` to position `to` among its children
    /// (reordering variations; position 0 is the main line).
    ///
    /// # Errors
    /// [`EditError::OutOfRange`] or [`EditError::Removed`].
    pub fn move_child(&mut self, parent: NodeId, from: usize, to: usize) -> Result<(), EditError> {
        self.edited = true;
        self.live(parent)?;
        let count = self.node(parent).children().count();
        for index in [from, to] {
            if index >= count {
                return Err(EditError::OutOfRange { index, len: count });
            }
        }
        let child = self
            .node(parent)
            .children()
            .nth(from)
            .map(|n| n.id())
            .expect("checked");
        self.unlink(child);
        self.link_child(parent, child, to);
        Ok(())
    }

    /// Makes sure the node's property range ends the arena, so it can grow.
    fn props_to_end(&mut self, node: NodeId) {
        let d = self.data(node);
        let (start, len) = (d.props_start, d.props_len);
        if (start + len) as usize != self.props.len() {
            let moved: Vec<PropData> = self.props[start as usize..(start + len) as usize].to_vec();
            let new_start = self.props.len() as u32;
            self.props.extend(moved);
            self.data_mut(node).props_start = new_start;
        }
    }

    fn prop_index(&self, node: NodeId, id: &str) -> Option<usize> {
        let d = self.data(node);
        (d.props_start as usize..(d.props_start + d.props_len) as usize)
            .find(|&i| self.bytes(self.prop_id(&self.props[i])) == id.as_bytes())
    }

    /// Sets property `id` of `node` to raw values (the bytes between the
    /// brackets, already escaped and in the game's charset). An existing
    /// property keeps its place and the bytes of its identifier; a new one
    /// is appended to the node.
    ///
    /// # Errors
    /// [`EditError::BadIdentifier`] or [`EditError::Removed`].
    pub fn set_raw(&mut self, node: NodeId, id: &str, values: &[&[u8]]) -> Result<(), EditError> {
        self.edited = true;
        check_id(id)?;
        self.live(node)?;
        let values_start = self.values.len() as u32;
        for v in values {
            let mut bytes = Vec::with_capacity(v.len() + 2);
            bytes.push(b'[');
            bytes.extend_from_slice(v);
            bytes.push(b']');
            let token = self.create(&bytes);
            self.values.push(ValueData { token });
        }
        let values_len = values.len() as u32;
        match self.prop_index(node, id) {
            Some(i) => {
                self.props[i].values_start = values_start;
                self.props[i].values_len = values_len;
            }
            None => {
                self.props_to_end(node);
                let ident = self.create(id.as_bytes());
                self.props.push(PropData {
                    ident,
                    values_start,
                    values_len,
                });
                self.data_mut(node).props_len += 1;
            }
        }
        self.refresh_size(node, id);
        Ok(())
    }

    /// Keeps a game's cached board size in step with its root's `SZ`.
    fn refresh_size(&mut self, node: NodeId, id: &str) {
        if id == "SZ"
            && self.data(node).parent.is_none()
            && let Some(g) = self.game_of(node)
        {
            self.games[g].size = self.size_from_root(node);
        }
    }

    /// Sets property `id` to a typed value, formatted as its type in the
    /// FF\[4\] table says and encoded in the game's charset.
    ///
    /// ```
    /// use kifu_sgf::props::Value;
    /// let mut c = kifu_sgf::parse(b"(;SZ[9];B[ee])").value;
    /// let root = c.game(0).unwrap().root().id();
    /// c.set(root, "C", &Value::Text("a [note]".into())).unwrap();
    /// assert_eq!(kifu_sgf::write::lossless(&c), b"(;SZ[9]C[a [note\\]];B[ee])");
    /// ```
    ///
    /// # Errors
    /// [`EditError::Value`] if the value does not fit (or the property is
    /// unknown: use [`Collection::set_raw`] for private properties).
    pub fn set(&mut self, node: NodeId, id: &str, value: &Value) -> Result<(), EditError> {
        self.edited = true;
        check_id(id)?;
        self.live(node)?;
        let info = props::lookup(id).ok_or_else(|| ValueError::unknown_property(id))?;
        let (size, encoding) = match self.game_of(node) {
            Some(g) => {
                let game = self.game(g).expect("index valid");
                (game.board_size(), game.charset().encoding)
            }
            None => (BoardSize::default(), encoding_rs::UTF_8),
        };
        let texts = props::format_value(info, value, size)?;
        let mut encoded = Vec::with_capacity(texts.len());
        for t in &texts {
            encoded.push(
                charset::encode(encoding, t)
                    .map_err(EditError::Unencodable)?
                    .into_owned(),
            );
        }
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        self.set_raw(node, id, &refs)
    }

    /// Removes property `id` from `node`; returns whether it was there.
    ///
    /// # Errors
    /// [`EditError::Removed`].
    pub fn remove_property(&mut self, node: NodeId, id: &str) -> Result<bool, EditError> {
        self.edited = true;
        self.live(node)?;
        let Some(i) = self.prop_index(node, id) else {
            return Ok(false);
        };
        let d = self.data(node);
        let end = (d.props_start + d.props_len) as usize;
        self.props[i..end].rotate_left(1);
        self.data_mut(node).props_len -= 1;
        self.refresh_size(node, id);
        Ok(true)
    }

    /// Renames property `from` of `node` (found by its identifier proper,
    /// so `AddBlack` is found as `AB`) to `to`, keeping its values, its
    /// place and the white space before it; returns whether it was there.
    ///
    /// ```
    /// let mut c = kifu_sgf::parse(b"(;GaMe[1] L[aa])").value;
    /// let root = c.game(0).unwrap().root().id();
    /// assert!(c.rename_property(root, "GM", "GM").unwrap());
    /// assert!(c.rename_property(root, "L", "LB").unwrap());
    /// assert_eq!(kifu_sgf::write::lossless(&c), b"(;GM[1] LB[aa])");
    /// ```
    ///
    /// # Errors
    /// [`EditError::BadIdentifier`] or [`EditError::Removed`].
    pub fn rename_property(
        &mut self,
        node: NodeId,
        from: &str,
        to: &str,
    ) -> Result<bool, EditError> {
        self.edited = true;
        check_id(to)?;
        self.live(node)?;
        let Some(i) = self.prop_index(node, from) else {
            return Ok(false);
        };
        let old = self.piece(self.props[i].ident);
        let mut bytes = self.bytes(Span::new(old.lead, old.start)).to_vec();
        let lead_len = bytes.len() as u32;
        bytes.extend_from_slice(to.as_bytes());
        let span = self.create(&bytes);
        let ident = Piece {
            lead: span.start,
            start: span.start + lead_len,
            end: span.end,
        };
        note_lead(&mut self.sparse.leads, ident);
        self.props[i].ident = ident.token();
        self.refresh_size(node, to);
        Ok(true)
    }

    /// Splits `node` in two: the properties for which `keep` says yes stay
    /// in it, the others go, in their order and with the white space before
    /// them, to a new node that becomes its only child and takes over its
    /// children. Returns the new node.
    ///
    /// ```
    /// let mut c = kifu_sgf::parse(b"(;AB[aa] B[bb]N[x](;W[cc])(;W[dd]))").value;
    /// let root = c.game(0).unwrap().root().id();
    /// c.split_node(root, &|id| id != "B").unwrap();
    /// assert_eq!(kifu_sgf::write::lossless(&c), b"(;AB[aa]N[x]; B[bb](;W[cc])(;W[dd]))");
    /// ```
    ///
    /// # Errors
    /// [`EditError::Removed`].
    pub fn split_node(
        &mut self,
        node: NodeId,
        keep: &dyn Fn(&str) -> bool,
    ) -> Result<NodeId, EditError> {
        self.edited = true;
        self.live(node)?;
        let semi = self.created_piece(b";");
        let new = self.push_unlinked(Some(node), semi, Paren::Auto);
        // Children move under the new node.
        let (first, last) = (self.data(node).first_child, self.data(node).last_child);
        let mut child = first;
        while let Some(c) = child {
            self.data_mut(c).parent = Some(new);
            child = self.data(c).next_sibling;
        }
        {
            let n = self.data_mut(new);
            n.first_child = first;
            n.last_child = last;
        }
        {
            let d = self.data_mut(node);
            d.first_child = Some(new);
            d.last_child = Some(new);
        }
        // Properties: the kept ones stay in place, the others go to the end.
        let d = self.data(node);
        let range = d.props_start as usize..(d.props_start + d.props_len) as usize;
        let all: Vec<PropData> = self.props[range.clone()].to_vec();
        let (kept, moved): (Vec<PropData>, Vec<PropData>) = all
            .into_iter()
            .partition(|p| keep(std::str::from_utf8(self.bytes(self.prop_id(p))).unwrap_or("")));
        for (i, p) in kept.iter().enumerate() {
            self.props[range.start + i] = *p;
        }
        self.data_mut(node).props_len = kept.len() as u32;
        let start = self.props.len() as u32;
        self.props.extend(moved.iter().copied());
        let n = self.data_mut(new);
        n.props_start = start;
        n.props_len = moved.len() as u32;
        Ok(new)
    }

    /// Removes the property at position `index` of `node`.
    ///
    /// # Errors
    /// [`EditError::OutOfRange`] or [`EditError::Removed`].
    pub fn remove_property_at(&mut self, node: NodeId, index: usize) -> Result<(), EditError> {
        self.edited = true;
        self.live(node)?;
        let d = self.data(node);
        let len = d.props_len as usize;
        if index >= len {
            return Err(EditError::OutOfRange { index, len });
        }
        let start = d.props_start as usize;
        self.props[start + index..start + len].rotate_left(1);
        self.data_mut(node).props_len -= 1;
        Ok(())
    }

    /// Moves the property at position `from` of `node` to position `to`.
    ///
    /// # Errors
    /// [`EditError::OutOfRange`] or [`EditError::Removed`].
    pub fn move_property(&mut self, node: NodeId, from: usize, to: usize) -> Result<(), EditError> {
        self.edited = true;
        self.live(node)?;
        let d = self.data(node);
        let len = d.props_len as usize;
        for index in [from, to] {
            if index >= len {
                return Err(EditError::OutOfRange { index, len });
            }
        }
        let start = d.props_start as usize;
        let slice = &mut self.props[start..start + len];
        if from < to {
            slice[from..=to].rotate_left(1);
        } else {
            slice[to..=from].rotate_right(1);
        }
        Ok(())
    }
}

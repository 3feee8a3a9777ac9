//! The document model: SGF-shaped game trees, the meeting point of the XML
//! reader and writer and of the conversion to and from SGF.
//!
//! Property values are kept *decoded*: text with the SGF escapes resolved,
//! which is also what XML carries. Converting to SGF escapes them again.

use kifu_sgf::props::text::escape_text;
use kifu_sgf::{Collection, Game, NodeId};

/// A Go XML document: one game per `GoGame`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    /// The games, in order.
    pub games: Vec<Tree>,
}

/// One game tree; `nodes[0]` is the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// The nodes, parents before children.
    pub nodes: Vec<TreeNode>,
}

/// A node: SGF properties with decoded values, and children in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TreeNode {
    /// `(identifier, values)` in the order met.
    pub props: Vec<(String, Vec<String>)>,
    /// Child node indexes; the first is the main line.
    pub children: Vec<usize>,
    /// Parent index, `None` for the root.
    pub parent: Option<usize>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree::new()
    }
}

impl Tree {
    /// Reads the tree of one SGF game (values decoded in its charset,
    /// escapes resolved).
    pub fn from_sgf(game: Game<'_, '_>) -> Tree {
        let mut tree = Tree {
            nodes: Vec::with_capacity(game.nodes().count()),
        };
        // Pre-order: a node's parent is always already in the tree.
        let mut index_of: std::collections::HashMap<NodeId, usize> =
            std::collections::HashMap::new();
        for node in game.nodes() {
            let parent = node.parent().map(|p| index_of[&p.id()]);
            let index = tree.nodes.len();
            index_of.insert(node.id(), index);
            tree.nodes.push(TreeNode {
                props: node
                    .properties()
                    .filter(|p| !p.id().is_empty())
                    .map(|p| {
                        (
                            p.id().to_owned(),
                            p.decoded_values().map(|v| v.into_owned()).collect(),
                        )
                    })
                    .collect(),
                children: Vec::new(),
                parent,
            });
            if let Some(parent) = parent {
                tree.nodes[parent].children.push(index);
            }
        }
        tree
    }

    /// A tree with an empty root.
    pub fn new() -> Self {
        Tree {
            nodes: vec![TreeNode::default()],
        }
    }

    /// Adds an empty child to `parent`, returning its index.
    pub fn add_child(&mut self, parent: usize) -> usize {
        let id = self.nodes.len();
        self.nodes.push(TreeNode {
            parent: Some(parent),
            ..TreeNode::default()
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// Appends a value to property `id` of `node` (creating the property).
    pub fn add_value(&mut self, node: usize, id: &str, value: String) {
        let props = &mut self.nodes[node].props;
        match props.iter_mut().find(|(i, _)| i == id) {
            Some((_, values)) => values.push(value),
            None => props.push((id.to_owned(), vec![value])),
        }
    }

    /// The values of property `id` of `node`.
    pub fn values(&self, node: usize, id: &str) -> Option<&[String]> {
        self.nodes[node]
            .props
            .iter()
            .find(|(i, _)| i == id)
            .map(|(_, v)| v.as_slice())
    }
}

impl Document {
    /// Reads the trees of an SGF collection (values decoded in each game's
    /// charset, escapes resolved).
    pub fn from_sgf(collection: &Collection<'_>) -> Document {
        Document {
            games: collection.games().map(Tree::from_sgf).collect(),
        }
    }

    /// Builds an SGF collection (UTF-8) holding these trees.
    pub fn to_sgf(&self) -> Collection<'static> {
        let mut collection = kifu_sgf::parse(b"").value;
        for tree in &self.games {
            let root = collection.add_game();
            let mut ids = vec![root; tree.nodes.len()];
            let mut stack = vec![0usize];
            while let Some(index) = stack.pop() {
                let id = ids[index];
                // One property per identifier: a repeated one (the same
                // identifier from `Information` and from an `SGF` element)
                // keeps all its values, in order.
                let mut merged: Vec<(&str, Vec<&String>)> = Vec::new();
                for (pid, values) in &tree.nodes[index].props {
                    match merged.iter_mut().find(|(i, _)| i == pid) {
                        Some((_, v)) => v.extend(values),
                        None => merged.push((pid, values.iter().collect())),
                    }
                }
                for (pid, values) in merged {
                    let escaped: Vec<String> = values
                        .into_iter()
                        .map(|v| escape_text(v, false).into_owned())
                        .collect();
                    let raws: Vec<&[u8]> = escaped.iter().map(|v| v.as_bytes()).collect();
                    // Identifiers were checked by whoever built the tree.
                    let _ = collection.set_raw(id, pid, &raws);
                }
                for &child in &tree.nodes[index].children {
                    ids[child] = collection
                        .insert_child(id, None)
                        .expect("parent was just created");
                }
                stack.extend(tree.nodes[index].children.iter().rev());
            }
        }
        collection
    }
}

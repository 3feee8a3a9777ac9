//! The game tree: a [`Collection`] of games whose nodes live in one arena.
//!
//! Nodes are addressed by [`NodeId`]; nothing recurses, so a 100 000-move
//! main line or a deeply nested variation costs no stack. Every piece of
//! syntax (parentheses, `;`, identifiers, values) records the bytes it came
//! from *including the white space and junk before it*, so the pieces of an
//! unedited collection tile the input exactly and the lossless writer
//! reproduces it byte for byte. Edits replace pieces; bytes they create are
//! kept in an internal buffer beside the borrowed input.

mod arena;
mod build;
mod edit;

pub(crate) use arena::{
    Arenas, GameData, NodeData, Paren, Parens, Piece, PropData, Utf16, ValueData, note_lead,
};
pub use arena::{Collection, Game, Node, NodeId, Property};
pub use build::Builder;
pub use edit::EditError;

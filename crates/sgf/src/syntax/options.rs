//! How to read.

/// Options for [`parse_with`](super::parse_with).
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Decode every game with this charset, whatever `CA` says.
    pub charset: Option<&'static encoding_rs::Encoding>,
}

//! The bytes before any syntax: which charset a game's text is in
//! ([`charset`]), and where each game of a stream of bytes ends
//! ([`stream`]).

pub mod charset;
pub mod stream;

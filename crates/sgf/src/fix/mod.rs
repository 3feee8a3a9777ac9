//! `kifu fix` as a library call: read an input, repair its syntax, then
//! its content, and say what was done where.
//!
//! Syntax faults (junk, a missing `;`, `)` or `]`, a value with no
//! identifier...) are repaired on the bytes, guided by the reader's
//! diagnostics, and the result is read again; the content repairs of
//! [`repair`](crate::repair) then work on the lossless tree. Every span in
//! the report is a span of the input as given.
//!
//! ```
//! let fixed = kifu_sgf::fix::fix(b"(;FF[4]GM[1]SZ[9];AddBlack[ee])", &Default::default());
//! assert_eq!(kifu_sgf::write::lossless(&fixed.collection), b"(;FF[4]GM[1]SZ[9];AB[ee])");
//! assert!(fixed.report.changed());
//! ```

mod parts;
mod whole;

pub use parts::{FixedText, fix_in_parts};
pub use whole::{Fixed, fix, fix_and_normalize, fix_timed};

#[cfg(test)]
mod parts_tests;
#[cfg(test)]
mod settle_tests;
#[cfg(test)]
mod syntax_tests;

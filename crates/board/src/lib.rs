//! Go board primitives shared by kifu's SGF, XML and book crates.
//!
//! A [`Point`] is stored the way SGF and the board array see it: `x` is the
//! column from the left, `y` the row from the top, both 0-based. The
//! [`coord`] module converts to and from the other systems users meet:
//! SGF letters (`dd`), the standard notation of GTP and Go books (`D16`,
//! column letters without `I`, row 1 at the bottom) and sgfmill's
//! `(row, column)` with `(0, 0)` at the bottom left.
//!
//! ```
//! use kifu_board::{BoardSize, Point};
//!
//! let size = BoardSize::square(19).unwrap();
//! let p = Point::from_sgf(b"pd", size).unwrap();
//! assert_eq!(p, Point::new(15, 3));
//! assert_eq!(p.to_standard(size), "Q16");
//! assert_eq!(p.to_row_col(size), (15, 15));
//! ```

#![warn(missing_docs)]

pub mod coord;
mod primitives;
pub mod rules;

pub use coord::CoordError;
pub use primitives::{BoardSize, Color, MAX_SIZE, Point};
pub use rules::{Board, Checkpoint, IllegalMove, MoveOutcome, Setup};

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

pub mod coord;

pub use coord::CoordError;

/// The colour of a stone or a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who plays first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `'B'` or `'W'`, as SGF writes it.
    pub const fn to_char(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

/// The largest board side the formats allow (SGF letters `a-z`, `A-Z`).
pub const MAX_SIZE: u8 = 52;

/// The dimensions of a board: `cols` wide and `rows` high, each 1 to 52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    /// Number of columns (width).
    pub cols: u8,
    /// Number of rows (height).
    pub rows: u8,
}

impl BoardSize {
    /// The standard 19x19 board.
    pub const STANDARD: BoardSize = BoardSize { cols: 19, rows: 19 };

    /// A `cols` x `rows` board.
    ///
    /// # Errors
    /// [`CoordError::SizeOutOfRange`] unless both sides are 1 to 52.
    pub fn new(cols: u32, rows: u32) -> Result<Self, CoordError> {
        if (1..=MAX_SIZE as u32).contains(&cols) && (1..=MAX_SIZE as u32).contains(&rows) {
            Ok(BoardSize {
                cols: cols as u8,
                rows: rows as u8,
            })
        } else {
            Err(CoordError::SizeOutOfRange { cols, rows })
        }
    }

    /// A square board.
    ///
    /// # Errors
    /// [`CoordError::SizeOutOfRange`] unless `n` is 1 to 52.
    pub fn square(n: u32) -> Result<Self, CoordError> {
        Self::new(n, n)
    }

    /// Whether the board is square.
    pub const fn is_square(self) -> bool {
        self.cols == self.rows
    }

    /// Whether `point` lies on the board.
    pub const fn contains(self, point: Point) -> bool {
        point.x < self.cols && point.y < self.rows
    }

    /// Whether SGF's `[tt]` means a pass on this board (FF[3] convention,
    /// accepted on boards up to 19x19 where `t` is off the board).
    pub const fn tt_is_pass(self) -> bool {
        self.cols <= 19 && self.rows <= 19
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

/// An intersection: `x` columns from the left, `y` rows from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// The point at column `x` and row `y` from the top left.
    pub const fn new(x: u8, y: u8) -> Self {
        Point { x, y }
    }
}

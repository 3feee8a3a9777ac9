//! The primitives every other module builds on: colours, board sizes and
//! points (the root re-exports them).

use std::fmt;

/// The colour of a stone or a player.
///
/// Displays as `Black` or `White`:
///
/// ```
/// use kifu_board::Color;
/// assert_eq!(Color::White.to_string(), "White");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who plays first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    ///
    /// ```
    /// use kifu_board::Color;
    /// assert_eq!(Color::Black.opponent(), Color::White);
    /// ```
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `'B'` or `'W'`, as SGF writes it.
    ///
    /// ```
    /// use kifu_board::Color;
    /// assert_eq!(Color::Black.to_char(), 'B');
    /// ```
    pub const fn to_char(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// The largest board side the formats allow (SGF letters `a-z`, `A-Z`).
pub const MAX_SIZE: u8 = 52;

/// The dimensions of a board: `cols` wide and `rows` high, each 1 to 52.
///
/// Build it with [`BoardSize::new`] or [`BoardSize::square`], which check
/// the range. The fields are public, so a value built by hand may be out of
/// range; the conversions in [`coord`](crate::coord) then return
/// [`CoordError::SizeOutOfRange`] instead of a point, and never panic.
///
/// Displays as `COLSxROWS`:
///
/// ```
/// use kifu_board::BoardSize;
/// assert_eq!(BoardSize::new(19, 13).unwrap().to_string(), "19x13");
/// ```
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
    /// ```
    /// use kifu_board::{BoardSize, CoordError};
    /// let size = BoardSize::new(19, 13).unwrap();
    /// assert_eq!((size.cols, size.rows), (19, 13));
    /// assert_eq!(
    ///     BoardSize::new(53, 19),
    ///     Err(CoordError::SizeOutOfRange { cols: 53, rows: 19 })
    /// );
    /// ```
    ///
    /// # Errors
    /// [`CoordError::SizeOutOfRange`] unless both sides are 1 to 52.
    pub fn new(cols: u32, rows: u32) -> Result<Self, CoordError> {
        let ok = |n: u32| (1..=u32::from(MAX_SIZE)).contains(&n);
        if ok(cols) && ok(rows) {
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
    /// ```
    /// use kifu_board::BoardSize;
    /// assert_eq!(BoardSize::square(19).unwrap(), BoardSize::STANDARD);
    /// assert!(BoardSize::square(0).is_err());
    /// ```
    ///
    /// # Errors
    /// [`CoordError::SizeOutOfRange`] unless `n` is 1 to 52.
    pub fn square(n: u32) -> Result<Self, CoordError> {
        Self::new(n, n)
    }

    /// Whether both sides are 1 to 52, as [`BoardSize::new`] guarantees.
    ///
    /// ```
    /// use kifu_board::BoardSize;
    /// assert!(BoardSize::STANDARD.is_valid());
    /// assert!(!BoardSize { cols: 0, rows: 19 }.is_valid());
    /// ```
    pub const fn is_valid(self) -> bool {
        self.cols >= 1 && self.cols <= MAX_SIZE && self.rows >= 1 && self.rows <= MAX_SIZE
    }

    /// Reads an SGF `SZ` value: `19`, or `13:9` (columns, then rows).
    ///
    /// ```
    /// use kifu_board::BoardSize;
    /// assert_eq!(BoardSize::from_sgf("19"), Ok(BoardSize::STANDARD));
    /// assert_eq!(BoardSize::from_sgf(" 13 : 9"), BoardSize::new(13, 9));
    /// assert!(BoardSize::from_sgf("0").is_err());
    /// assert!(BoardSize::from_sgf("9:9:9").is_err());
    /// ```
    ///
    /// # Errors
    /// [`CoordError::Malformed`] unless `text` is a number or two numbers
    /// joined by `:`, [`CoordError::SizeOutOfRange`] unless each side is 1
    /// to 52.
    pub fn from_sgf(text: &str) -> Result<Self, CoordError> {
        let mut parts = text.split(':').map(|p| p.trim().parse::<u32>());
        match (parts.next(), parts.next(), parts.next()) {
            (Some(Ok(n)), None, None) => Self::square(n),
            (Some(Ok(c)), Some(Ok(r)), None) => Self::new(c, r),
            _ => Err(CoordError::Malformed(text.to_owned())),
        }
    }

    /// Whether the board is square.
    ///
    /// ```
    /// use kifu_board::BoardSize;
    /// assert!(BoardSize::STANDARD.is_square());
    /// assert!(!BoardSize::new(19, 13).unwrap().is_square());
    /// ```
    pub const fn is_square(self) -> bool {
        self.cols == self.rows
    }

    /// Number of intersections, `cols * rows`.
    ///
    /// ```
    /// use kifu_board::BoardSize;
    /// assert_eq!(BoardSize::STANDARD.point_count(), 361);
    /// ```
    pub const fn point_count(self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// Whether `point` lies on the board.
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::new(19, 13).unwrap();
    /// assert!(size.contains(Point::new(18, 12)));
    /// assert!(!size.contains(Point::new(18, 13)));
    /// ```
    pub const fn contains(self, point: Point) -> bool {
        point.x < self.cols && point.y < self.rows
    }

    /// Whether SGF's `[tt]` means a pass on this board (`FF[3]` convention,
    /// accepted on boards up to 19x19 where `t` is off the board).
    ///
    /// ```
    /// use kifu_board::BoardSize;
    /// assert!(BoardSize::STANDARD.tt_is_pass());
    /// assert!(!BoardSize::square(21).unwrap().tt_is_pass());
    /// ```
    pub const fn tt_is_pass(self) -> bool {
        self.cols <= 19 && self.rows <= 19
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

/// An intersection: `x` columns from the left, `y` rows from the top.
///
/// See the [`coord`](crate::coord) module for the other coordinate systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// The point at column `x` and row `y` from the top left.
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let p = Point::new(3, 15);
    /// assert_eq!(p.to_standard(BoardSize::STANDARD), "D4");
    /// ```
    pub const fn new(x: u8, y: u8) -> Self {
        Point { x, y }
    }

    /// Row-major index of the point in a board array: `y * cols + x`.
    ///
    /// Meaningful only for points on the board; it is computed without
    /// overflow or panic for any point.
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::new(19, 13).unwrap();
    /// assert_eq!(Point::new(0, 0).index(size), 0);
    /// assert_eq!(Point::new(2, 1).index(size), 21);
    /// assert_eq!(Point::new(18, 12).index(size), 19 * 13 - 1);
    /// ```
    pub const fn index(self, size: BoardSize) -> usize {
        self.y as usize * size.cols as usize + self.x as usize
    }

    /// The point at a row-major index, or `None` unless
    /// `index < size.point_count()`.
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::new(19, 13).unwrap();
    /// assert_eq!(Point::from_index(21, size), Some(Point::new(2, 1)));
    /// assert_eq!(Point::from_index(19 * 13, size), None);
    /// ```
    pub const fn from_index(index: usize, size: BoardSize) -> Option<Point> {
        if index >= size.point_count() {
            // Also covers a zero-width hand-built size: no division by zero.
            return None;
        }
        let cols = size.cols as usize;
        // Both quotient and remainder are below 256 because the index is
        // below cols * rows with cols, rows <= 255.
        Some(Point::new((index % cols) as u8, (index / cols) as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_from_index_are_inverse_and_row_major() {
        for (c, r) in [
            (1, 1),
            (19, 19),
            (19, 13),
            (7, 3),
            (1, 52),
            (52, 1),
            (52, 52),
        ] {
            let size = BoardSize::new(c, r).unwrap();
            let mut expected = 0usize;
            for y in 0..size.rows {
                for x in 0..size.cols {
                    let p = Point::new(x, y);
                    assert_eq!(p.index(size), expected, "{p:?} on {size}");
                    assert_eq!(Point::from_index(expected, size), Some(p));
                    expected += 1;
                }
            }
            assert_eq!(expected, size.point_count());
            assert_eq!(Point::from_index(expected, size), None);
            assert_eq!(Point::from_index(usize::MAX, size), None);
        }
    }

    #[test]
    fn from_index_on_hand_built_sizes_does_not_panic() {
        let zero = BoardSize { cols: 0, rows: 0 };
        assert_eq!(Point::from_index(0, zero), None);
        let flat = BoardSize { cols: 0, rows: 9 };
        assert_eq!(Point::from_index(5, flat), None);
        let huge = BoardSize {
            cols: 255,
            rows: 255,
        };
        assert_eq!(
            Point::from_index(255 * 255 - 1, huge),
            Some(Point::new(254, 254))
        );
        assert_eq!(Point::new(255, 255).index(huge), 255 * 255 + 255);
    }

    #[test]
    fn displays() {
        assert_eq!(Color::Black.to_string(), "Black");
        assert_eq!(Color::White.to_string(), "White");
        assert_eq!(BoardSize::new(52, 1).unwrap().to_string(), "52x1");
    }

    #[test]
    fn size_validity() {
        assert!(BoardSize::new(1, 52).unwrap().is_valid());
        assert!(BoardSize::new(0, 5).is_err());
        assert!(BoardSize::new(5, 53).is_err());
        assert!(BoardSize::new(u32::MAX, 5).is_err());
        assert!(!BoardSize { cols: 53, rows: 1 }.is_valid());
        assert!(!BoardSize { cols: 1, rows: 0 }.is_valid());
    }
}

/// Why a coordinate could not be converted.
///
/// ```
/// use kifu_board::{BoardSize, CoordError, Point};
/// let err = Point::from_standard("A20", BoardSize::STANDARD).unwrap_err();
/// assert!(matches!(err, CoordError::OffBoard { .. }));
/// assert_eq!(err.to_string(), "'A20' is off the 19x19 board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoordError {
    /// A board side outside 1..=52.
    SizeOutOfRange {
        /// Requested width.
        cols: u32,
        /// Requested height.
        rows: u32,
    },
    /// Text that is not a coordinate in the expected system (the text as
    /// given, lossily decoded if it was not UTF-8).
    Malformed(String),
    /// A well-formed coordinate that lies off the board.
    OffBoard {
        /// The coordinate as given.
        text: String,
        /// The board it was checked against.
        size: BoardSize,
    },
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordError::SizeOutOfRange { cols, rows } => write!(
                f,
                "board size {cols}x{rows} is out of range (each side must be 1 to {MAX_SIZE})"
            ),
            CoordError::Malformed(text) => {
                write!(f, "'{}' is not a coordinate", text.escape_debug())
            }
            CoordError::OffBoard { text, size } => {
                write!(f, "'{}' is off the {size} board", text.escape_debug())
            }
        }
    }
}

impl std::error::Error for CoordError {}

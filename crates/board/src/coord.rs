//! Coordinate systems: SGF letters, standard notation, sgfmill row/column.
//! (To be completed.)

use crate::{BoardSize, Point};
use std::fmt;

/// Why a coordinate could not be converted.
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
    /// Text that is not a coordinate in the expected system.
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
            CoordError::SizeOutOfRange { cols, rows } => {
                write!(f, "board size {cols}x{rows} is out of range (1 to 52)")
            }
            CoordError::Malformed(text) => write!(f, "'{text}' is not a coordinate"),
            CoordError::OffBoard { text, size } => {
                write!(f, "'{text}' is off the {}x{} board", size.cols, size.rows)
            }
        }
    }
}

impl std::error::Error for CoordError {}

/// SGF letter for 0-based index (`a`-`z`, then `A`-`Z`).
pub(crate) fn sgf_letter(i: u8) -> u8 {
    if i < 26 { b'a' + i } else { b'A' + (i - 26) }
}

/// 0-based index of an SGF letter.
pub(crate) fn sgf_index(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

impl Point {
    /// Reads a two-letter SGF point such as `dd`.
    ///
    /// # Errors
    /// [`CoordError::Malformed`] or [`CoordError::OffBoard`].
    pub fn from_sgf(text: &[u8], size: BoardSize) -> Result<Point, CoordError> {
        let shown = || String::from_utf8_lossy(text).into_owned();
        let [a, b] = text else {
            return Err(CoordError::Malformed(shown()));
        };
        let (Some(x), Some(y)) = (sgf_index(*a), sgf_index(*b)) else {
            return Err(CoordError::Malformed(shown()));
        };
        let p = Point::new(x, y);
        if size.contains(p) {
            Ok(p)
        } else {
            Err(CoordError::OffBoard { text: shown(), size })
        }
    }

    /// The two SGF letters of this point.
    pub fn to_sgf(self) -> [u8; 2] {
        [sgf_letter(self.x), sgf_letter(self.y)]
    }

    /// Standard notation (`D4`), placeholder to be completed.
    pub fn to_standard(self, size: BoardSize) -> String {
        const COLS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let _ = COLS;
        let col = if self.x < 25 { b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[self.x as usize] as char } else { '?' };
        format!("{col}{}", size.rows - self.y)
    }

    /// sgfmill `(row, col)`, (0, 0) at the bottom left.
    pub fn to_row_col(self, size: BoardSize) -> (u8, u8) {
        (size.rows - 1 - self.y, self.x)
    }
}

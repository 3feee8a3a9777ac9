//! Coordinate systems: SGF letters, the standard notation, sgfmill's
//! `(row, column)`.
//!
//! - **SGF**: two letters, column then row from the top left, `a`-`z` for
//!   0-25 and `A`-`Z` for 26-51 (boards up to 52).
//! - **Standard** (GTP, Go books): a column letter, then the row counted
//!   from the bottom (`A1` is the bottom left). Column letters skip `I`, so
//!   `A`-`Z` name 25 columns. Wider boards continue as spreadsheets do,
//!   with two letters that skip `I` in both places: `AA` is column 25, `AZ`
//!   column 49, `BA` 50 and `BB` 51. Lowercase is accepted on read.
//! - **sgfmill**: `(row, col)` with `(0, 0)` at the bottom left.

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
            Err(CoordError::OffBoard {
                text: shown(),
                size,
            })
        }
    }

    /// The two SGF letters of this point.
    pub fn to_sgf(self) -> [u8; 2] {
        [sgf_letter(self.x), sgf_letter(self.y)]
    }

    /// The standard notation (`D4`, `Q16`): column letter, then the row
    /// counted from the bottom. See the [module docs](self) for columns
    /// past `Z`.
    pub fn to_standard(self, size: BoardSize) -> String {
        let mut out = column_name(self.x);
        out.push_str(&(u32::from(size.rows) - u32::from(self.y)).to_string());
        out
    }

    /// Reads the standard notation (`D4`, `d4`, `Q16`, `AB30`).
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::square(19).unwrap();
    /// assert_eq!(Point::from_standard("d4", size).unwrap(), Point::new(3, 15));
    /// assert!(Point::from_standard("I5", size).is_err());
    /// assert!(Point::from_standard("A20", size).is_err());
    /// ```
    ///
    /// # Errors
    /// [`CoordError::Malformed`] for text that is not letters then digits
    /// (or uses `I`), [`CoordError::OffBoard`] for a point off the board.
    pub fn from_standard(text: &str, size: BoardSize) -> Result<Point, CoordError> {
        let malformed = || CoordError::Malformed(text.to_owned());
        let t = text.trim();
        let split = t
            .find(|c: char| !c.is_ascii_alphabetic())
            .ok_or_else(malformed)?;
        let (letters, digits) = t.split_at(split);
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let col = parse_column(letters).ok_or_else(malformed)?;
        let row: u32 = digits.parse().map_err(|_| malformed())?;
        if row == 0 {
            return Err(malformed());
        }
        let off = || CoordError::OffBoard {
            text: text.to_owned(),
            size,
        };
        if col >= u32::from(size.cols) || row > u32::from(size.rows) {
            return Err(off());
        }
        Ok(Point::new(col as u8, (u32::from(size.rows) - row) as u8))
    }

    /// sgfmill's `(row, col)`: row counted from the bottom, `(0, 0)` at the
    /// bottom left.
    pub fn to_row_col(self, size: BoardSize) -> (u8, u8) {
        (size.rows - 1 - self.y, self.x)
    }

    /// The point at sgfmill's `(row, col)`.
    ///
    /// # Errors
    /// [`CoordError::OffBoard`] when the point is not on the board.
    pub fn from_row_col(row: u8, col: u8, size: BoardSize) -> Result<Point, CoordError> {
        if row >= size.rows || col >= size.cols {
            return Err(CoordError::OffBoard {
                text: format!("({row}, {col})"),
                size,
            });
        }
        Ok(Point::new(col, size.rows - 1 - row))
    }

    /// Row-major index of the point on a board of `size` (`y * cols + x`).
    pub fn index(self, size: BoardSize) -> usize {
        usize::from(self.y) * usize::from(size.cols) + usize::from(self.x)
    }

    /// The point at a row-major index.
    pub fn from_index(index: usize, size: BoardSize) -> Point {
        let cols = usize::from(size.cols);
        Point::new((index % cols) as u8, (index / cols) as u8)
    }
}

/// The 25 column letters of the standard notation: `I` is skipped.
const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The name of column `x` (0-based) in the standard notation.
///
/// ```
/// use kifu_board::coord::column_name;
/// assert_eq!(column_name(8), "J");
/// assert_eq!(column_name(25), "AA");
/// assert_eq!(column_name(51), "BB");
/// ```
pub fn column_name(x: u8) -> String {
    let letter = |i: usize| COLUMN_LETTERS[i] as char;
    let x = usize::from(x);
    if x < 25 {
        letter(x).to_string()
    } else {
        let rest = x - 25;
        format!("{}{}", letter(rest / 25), letter(rest % 25))
    }
}

/// The 0-based column of a standard column name (`A`, `j`, `AB`).
pub fn parse_column(name: &str) -> Option<u32> {
    let index = |c: u8| {
        COLUMN_LETTERS
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
            .map(|i| i as u32)
    };
    match name.as_bytes() {
        [a] => index(*a),
        [a, b] => Some(25 + index(*a)? * 25 + index(*b)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> Vec<BoardSize> {
        let mut v: Vec<BoardSize> = (1..=52).map(|n| BoardSize::square(n).unwrap()).collect();
        for (c, r) in [(19, 13), (52, 19), (1, 52), (7, 3), (52, 1)] {
            v.push(BoardSize::new(c, r).unwrap());
        }
        v
    }

    #[test]
    fn every_point_of_every_size_round_trips_in_every_system() {
        for size in sizes() {
            for y in 0..size.rows {
                for x in 0..size.cols {
                    let p = Point::new(x, y);
                    assert_eq!(Point::from_sgf(&p.to_sgf(), size), Ok(p));
                    assert_eq!(Point::from_standard(&p.to_standard(size), size), Ok(p));
                    let lower = p.to_standard(size).to_lowercase();
                    assert_eq!(Point::from_standard(&lower, size), Ok(p));
                    let (row, col) = p.to_row_col(size);
                    assert_eq!(Point::from_row_col(row, col, size), Ok(p));
                    assert_eq!(Point::from_index(p.index(size), size), p);
                }
            }
        }
    }

    #[test]
    fn known_values() {
        let s19 = BoardSize::square(19).unwrap();
        let s9 = BoardSize::square(9).unwrap();
        let pd = Point::from_sgf(b"pd", s19).unwrap();
        assert_eq!(
            (pd.to_standard(s19), pd.to_row_col(s19)),
            ("Q16".into(), (15, 15))
        );
        let aa = Point::from_sgf(b"aa", s19).unwrap();
        assert_eq!(
            (aa.to_standard(s19), aa.to_row_col(s19)),
            ("A19".into(), (18, 0))
        );
        let ai = Point::from_sgf(b"ai", s9).unwrap();
        assert_eq!(
            (ai.to_standard(s9), ai.to_row_col(s9)),
            ("A1".into(), (0, 0))
        );
        assert_eq!(Point::from_sgf(b"ia", s19).unwrap().to_standard(s19), "J19");
        assert_eq!(Point::from_standard("T1", s19).unwrap().to_sgf(), *b"ss");
        let big = BoardSize::square(52).unwrap();
        assert_eq!(Point::new(51, 0).to_sgf(), *b"Za");
        assert_eq!(Point::new(51, 0).to_standard(big), "BB52");
        assert_eq!(Point::new(25, 51).to_standard(big), "AA1");
    }

    #[test]
    fn bad_input_is_rejected_clearly() {
        let s19 = BoardSize::square(19).unwrap();
        for bad in [
            "I5",
            "A0",
            "",
            "5",
            "A",
            "AAA1",
            "A-1",
            "A99999999999",
            "é4",
            "A 4",
        ] {
            assert!(
                matches!(
                    Point::from_standard(bad, s19),
                    Err(CoordError::Malformed(_))
                ),
                "{bad}"
            );
        }
        for off in ["Z1", "A20", "U4"] {
            assert!(
                matches!(
                    Point::from_standard(off, s19),
                    Err(CoordError::OffBoard { .. })
                ),
                "{off}"
            );
        }
        assert!(matches!(
            Point::from_sgf(b"tt", s19),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::from_sgf(b"a", s19),
            Err(CoordError::Malformed(_))
        ));
        assert!(matches!(
            Point::from_sgf(b"a1", s19),
            Err(CoordError::Malformed(_))
        ));
        assert!(Point::from_row_col(19, 0, s19).is_err());
        assert!(BoardSize::square(53).is_err() && BoardSize::new(0, 5).is_err());
        let msg = Point::from_standard("A20", s19).unwrap_err().to_string();
        assert_eq!(msg, "'A20' is off the 19x19 board");
    }
}

//! Coordinate systems: SGF letters, the standard notation, sgfmill's
//! `(row, column)`.
//!
//! Every conversion works for every board from 1x1 to 52x52, square or
//! not, and every conversion that reads input returns a [`CoordError`]
//! rather than panicking, whatever the input.
//!
//! # SGF letters
//!
//! Two letters, column then row, counted from the top left: `a`-`z` for
//! 0-25 and `A`-`Z` for 26-51, so `aa` is the top left corner and `pd` is
//! the upper right star point of 19x19. Passes (`[]`, `[tt]`) are the SGF
//! crate's business, not this module's: here `tt` is just a point, off the
//! board on 19x19.
//!
//! # Standard notation (GTP, Go books)
//!
//! A column name, then the row counted from the bottom: `A1` is the bottom
//! left corner, `Q16` is `pd` on 19x19. Column letters skip `I`, so `A`-`Z`
//! name the first 25 columns (`J` is column 8).
//!
//! GTP, GoGui and sgfmill stop at 25 columns. For wider boards this module
//! follows KataGo's extended format: after `Z` come two-letter names, both
//! letters from the same 24-letter-plus-`Z` alphabet without `I`, the first
//! letter counting blocks of 25 columns — `AA` is column 25, `AZ` column 49,
//! `BA` 50 and `BB` 51. In general column `x >= 25` is
//! `L[x / 25 - 1]` then `L[x % 25]`, with `L = "ABCDEFGHJKLMNOPQRSTUVWXYZ"`.
//! Every column has one name, names never contain `I`, and a name's length
//! tells one- from two-letter columns, so reading is unambiguous.
//!
//! On read, letters may be lowercase (`d4`, `aa30`), surrounding whitespace
//! is ignored, and the row is a decimal number from 1 with no sign and no
//! leading zero. Writing always gives uppercase with no padding.
//!
//! # sgfmill `(row, col)`
//!
//! `(0, 0)` is the bottom left; the row counts up from the bottom and the
//! column right from the left, so on 19x19 `pd` is `(15, 15)`.
//!
//! ```
//! use kifu_board::{BoardSize, Point};
//! let size = BoardSize::new(52, 19).unwrap();
//! let p = Point::from_standard("bb1", size).unwrap();
//! assert_eq!(p, Point::new(51, 18));
//! assert_eq!(p.to_sgf(), *b"Zs");
//! assert_eq!(p.to_row_col(size), (0, 51));
//! ```

pub use crate::primitives::CoordError;
use crate::primitives::{BoardSize, Point};

/// `Err(SizeOutOfRange)` for a hand-built size outside 1..=52.
fn check_size(size: BoardSize) -> Result<(), CoordError> {
    if size.is_valid() {
        Ok(())
    } else {
        Err(CoordError::SizeOutOfRange {
            cols: size.cols.into(),
            rows: size.rows.into(),
        })
    }
}

/// SGF letter for a 0-based index (`a`-`z`, then `A`-`Z`); `?` past 51.
pub(crate) fn sgf_letter(i: u8) -> u8 {
    match i {
        0..=25 => b'a' + i,
        26..=51 => b'A' + (i - 26),
        _ => b'?',
    }
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
    /// ```
    /// use kifu_board::{BoardSize, CoordError, Point};
    /// let size = BoardSize::STANDARD;
    /// assert_eq!(Point::from_sgf(b"pd", size), Ok(Point::new(15, 3)));
    /// assert!(matches!(Point::from_sgf(b"tt", size), Err(CoordError::OffBoard { .. })));
    /// assert!(matches!(Point::from_sgf(b"p4", size), Err(CoordError::Malformed(_))));
    /// ```
    ///
    /// # Errors
    /// [`CoordError::Malformed`] unless `text` is exactly two SGF letters,
    /// [`CoordError::OffBoard`] for a point off the board,
    /// [`CoordError::SizeOutOfRange`] for a hand-built invalid `size`.
    pub fn from_sgf(text: &[u8], size: BoardSize) -> Result<Point, CoordError> {
        check_size(size)?;
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
    ///
    /// A coordinate above 51 has no SGF letter and is written `?`, which
    /// [`Point::from_sgf`] rejects (and which cannot break SGF syntax).
    ///
    /// ```
    /// use kifu_board::Point;
    /// assert_eq!(Point::new(15, 3).to_sgf(), *b"pd");
    /// assert_eq!(Point::new(26, 51).to_sgf(), *b"AZ");
    /// ```
    pub fn to_sgf(self) -> [u8; 2] {
        [sgf_letter(self.x), sgf_letter(self.y)]
    }

    /// The standard notation (`D4`, `Q16`, `BB52`): column name, then the
    /// row counted from the bottom. See the [module docs](self) for columns
    /// past `Z`.
    ///
    /// `self` should be on the board. For a point below the bottom row the
    /// row number comes out as `0` or negative (`A0`, `A-2`), which
    /// [`Point::from_standard`] rejects; this never panics.
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::STANDARD;
    /// assert_eq!(Point::new(15, 3).to_standard(size), "Q16");
    /// assert_eq!(Point::new(8, 0).to_standard(size), "J19");
    /// let wide = BoardSize::new(52, 19).unwrap();
    /// assert_eq!(Point::new(25, 18).to_standard(wide), "AA1");
    /// ```
    pub fn to_standard(self, size: BoardSize) -> String {
        let row = i32::from(size.rows) - i32::from(self.y);
        format!("{}{row}", column_name(self.x))
    }

    /// Reads the standard notation (`D4`, `d4`, `Q16`, `AB30`).
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::STANDARD;
    /// assert_eq!(Point::from_standard("d4", size).unwrap(), Point::new(3, 15));
    /// assert!(Point::from_standard("I5", size).is_err());
    /// assert!(Point::from_standard("A20", size).is_err());
    /// ```
    ///
    /// # Errors
    /// - [`CoordError::Malformed`] unless the text (after trimming
    ///   whitespace) is one or two column letters other than `I`, then a row
    ///   number from 1 without sign or leading zero: `I5`, `A0`, `A05`,
    ///   `AAA1`, `4D`, `D4x`, `""`.
    /// - [`CoordError::OffBoard`] for a well-formed name off this board:
    ///   `Z1` or `A20` on 19x19, `A99999999999`.
    /// - [`CoordError::SizeOutOfRange`] for a hand-built invalid `size`.
    pub fn from_standard(text: &str, size: BoardSize) -> Result<Point, CoordError> {
        check_size(size)?;
        let malformed = || CoordError::Malformed(text.to_owned());
        let t = text.trim().as_bytes();
        let split = t
            .iter()
            .position(|b| !b.is_ascii_alphabetic())
            .unwrap_or(t.len());
        let (letters, digits) = t.split_at(split);
        let col = column_index(letters).ok_or_else(malformed)?;
        match digits {
            [b'1'..=b'9', rest @ ..] if rest.iter().all(u8::is_ascii_digit) => {}
            _ => return Err(malformed()),
        }
        // Saturates on absurdly long numbers, which are off every board.
        let row = digits.iter().fold(0u32, |n, d| {
            n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
        });
        if col >= u32::from(size.cols) || row > u32::from(size.rows) {
            return Err(CoordError::OffBoard {
                text: text.to_owned(),
                size,
            });
        }
        // col < cols <= 52 and 1 <= row <= rows <= 52.
        Ok(Point::new(col as u8, size.rows - row as u8))
    }

    /// sgfmill's `(row, col)`: row counted from the bottom, `(0, 0)` at the
    /// bottom left.
    ///
    /// `self` should be on the board. For a point below the bottom row the
    /// row wraps around to a value of at least `size.rows`, so it stays off
    /// the board and [`Point::from_row_col`] rejects it; this never panics.
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::STANDARD;
    /// assert_eq!(Point::new(15, 3).to_row_col(size), (15, 15));
    /// assert_eq!(Point::new(0, 18).to_row_col(size), (0, 0));
    /// ```
    pub fn to_row_col(self, size: BoardSize) -> (u8, u8) {
        (size.rows.wrapping_sub(1).wrapping_sub(self.y), self.x)
    }

    /// The point at sgfmill's `(row, col)`.
    ///
    /// ```
    /// use kifu_board::{BoardSize, Point};
    /// let size = BoardSize::new(19, 13).unwrap();
    /// assert_eq!(Point::from_row_col(0, 0, size), Ok(Point::new(0, 12)));
    /// assert!(Point::from_row_col(13, 0, size).is_err());
    /// ```
    ///
    /// # Errors
    /// [`CoordError::OffBoard`] when the point is not on the board,
    /// [`CoordError::SizeOutOfRange`] for a hand-built invalid `size`.
    pub fn from_row_col(row: u8, col: u8, size: BoardSize) -> Result<Point, CoordError> {
        check_size(size)?;
        if row >= size.rows || col >= size.cols {
            return Err(CoordError::OffBoard {
                text: format!("({row}, {col})"),
                size,
            });
        }
        Ok(Point::new(col, size.rows - 1 - row))
    }
}

/// The 25 column letters of the standard notation: `I` is skipped.
const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The name of column `x` (0-based) in the standard notation: `A`-`Z`
/// without `I` for 0-24, then two letters as in KataGo (`AA` = 25,
/// `BB` = 51; see the [module docs](self)). Every `u8` gets a distinct
/// name, though only 0-51 lie on a board.
///
/// ```
/// use kifu_board::coord::column_name;
/// assert_eq!(column_name(0), "A");
/// assert_eq!(column_name(8), "J");
/// assert_eq!(column_name(24), "Z");
/// assert_eq!(column_name(25), "AA");
/// assert_eq!(column_name(49), "AZ");
/// assert_eq!(column_name(51), "BB");
/// ```
pub fn column_name(x: u8) -> String {
    let letter = |i: usize| char::from(COLUMN_LETTERS[i]);
    let x = usize::from(x);
    if x < 25 {
        letter(x).to_string()
    } else {
        // x <= 255, so x / 25 - 1 <= 9: always a valid letter.
        [letter(x / 25 - 1), letter(x % 25)].iter().collect()
    }
}

/// The 0-based column of a standard column name (`A`, `j`, `AB`), or
/// `None` if it is not one or two letters other than `I`. The result may
/// be past any board (`ZZ` is 649); compare it with the board width.
///
/// ```
/// use kifu_board::coord::parse_column;
/// assert_eq!(parse_column("j"), Some(8));
/// assert_eq!(parse_column("AA"), Some(25));
/// assert_eq!(parse_column("bb"), Some(51));
/// assert_eq!(parse_column("I"), None);
/// assert_eq!(parse_column("AAA"), None);
/// ```
pub fn parse_column(name: &str) -> Option<u32> {
    column_index(name.as_bytes())
}

/// [`parse_column`] on bytes.
fn column_index(name: &[u8]) -> Option<u32> {
    let index = |c: u8| {
        COLUMN_LETTERS
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
            .map(|i| i as u32)
    };
    match name {
        [a] => index(*a),
        [a, b] => Some((index(*a)? + 1) * 25 + index(*b)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::MAX_SIZE;

    fn size(cols: u32, rows: u32) -> BoardSize {
        BoardSize::new(cols, rows).unwrap()
    }

    /// Every square size, plus rectangles: wide, tall, tiny, 1-wide.
    fn sizes() -> Vec<BoardSize> {
        let mut v: Vec<BoardSize> = (1..=52).map(|n| size(n, n)).collect();
        for (c, r) in [
            (19, 13),
            (13, 19),
            (52, 19),
            (19, 52),
            (1, 52),
            (52, 1),
            (7, 3),
            (26, 25),
            (25, 26),
            (2, 1),
        ] {
            v.push(size(c, r));
        }
        v
    }

    #[test]
    fn every_point_of_every_size_round_trips_in_every_system() {
        let mut checked = 0;
        for size in sizes() {
            for y in 0..size.rows {
                for x in 0..size.cols {
                    let p = Point::new(x, y);
                    assert_eq!(Point::from_sgf(&p.to_sgf(), size), Ok(p));
                    let standard = p.to_standard(size);
                    assert_eq!(Point::from_standard(&standard, size), Ok(p));
                    let lower = standard.to_lowercase();
                    assert_eq!(Point::from_standard(&lower, size), Ok(p));
                    let (row, col) = p.to_row_col(size);
                    assert!(row < size.rows && col < size.cols, "{p:?} on {size}");
                    assert_eq!(Point::from_row_col(row, col, size), Ok(p));
                    checked += 1;
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    #[test]
    fn the_three_systems_agree_on_corners_of_every_size() {
        for size in sizes() {
            let (right, bottom) = (size.cols - 1, size.rows - 1);
            let top = size.rows.to_string();
            let last = column_name(right);
            // (point, standard, (row, col))
            for (p, std, rc) in [
                (Point::new(0, bottom), "A1".to_string(), (0, 0)),
                (Point::new(0, 0), format!("A{top}"), (bottom, 0)),
                (Point::new(right, bottom), format!("{last}1"), (0, right)),
                (
                    Point::new(right, 0),
                    format!("{last}{top}"),
                    (bottom, right),
                ),
            ] {
                assert_eq!(p.to_standard(size), std, "{size}");
                assert_eq!(Point::from_standard(&std, size), Ok(p), "{size}");
                assert_eq!(p.to_row_col(size), rc, "{size}");
            }
        }
    }

    #[test]
    fn known_values_on_19x19_and_9x9() {
        let s19 = BoardSize::STANDARD;
        let s9 = size(9, 9);
        let pd = Point::from_sgf(b"pd", s19).unwrap();
        assert_eq!(pd, Point::new(15, 3));
        assert_eq!(pd.to_standard(s19), "Q16");
        assert_eq!(pd.to_row_col(s19), (15, 15));
        assert_eq!(Point::from_standard("Q16", s19), Ok(pd));
        assert_eq!(Point::from_row_col(15, 15, s19), Ok(pd));

        let aa = Point::from_sgf(b"aa", s19).unwrap();
        assert_eq!(aa.to_standard(s19), "A19");
        assert_eq!(aa.to_row_col(s19), (18, 0));
        assert_eq!(Point::from_standard("A19", s19), Ok(aa));

        let ai = Point::from_sgf(b"ai", s9).unwrap();
        assert_eq!(ai.to_standard(s9), "A1");
        assert_eq!(ai.to_row_col(s9), (0, 0));
        assert_eq!(Point::from_row_col(0, 0, s9), Ok(ai));

        let ia = Point::from_sgf(b"ia", s19).unwrap();
        assert_eq!(ia.x, 8);
        assert_eq!(ia.to_standard(s19), "J19");
        assert_eq!(Point::from_standard("J19", s19), Ok(ia));
        assert_eq!(Point::from_standard("H19", s19).unwrap().x, 7);

        assert_eq!(Point::from_standard("T1", s19).unwrap().to_sgf(), *b"ss");
        assert_eq!(Point::from_standard("D4", s19).unwrap().to_sgf(), *b"dp");
        assert_eq!(Point::from_standard("K10", s19).unwrap().to_sgf(), *b"jj");
    }

    #[test]
    fn known_values_on_rectangles() {
        // 19 wide, 13 high: A1 is the bottom left, row 13 the top.
        let r = size(19, 13);
        assert_eq!(Point::from_standard("A1", r), Ok(Point::new(0, 12)));
        assert_eq!(Point::from_standard("T13", r), Ok(Point::new(18, 0)));
        assert_eq!(Point::new(18, 0).to_row_col(r), (12, 18));
        assert!(Point::from_standard("A14", r).is_err());
        assert!(Point::from_sgf(b"an", r).is_err());
        assert_eq!(Point::from_sgf(b"sm", r), Ok(Point::new(18, 12)));
        // 7 wide, 3 high.
        let r = size(7, 3);
        assert_eq!(Point::new(6, 0).to_standard(r), "G3");
        assert_eq!(Point::new(6, 0).to_row_col(r), (2, 6));
        assert!(Point::from_standard("H1", r).is_err());
        // 1 wide, 52 high: one column, rows 1-52.
        let r = size(1, 52);
        assert_eq!(Point::new(0, 0).to_standard(r), "A52");
        assert_eq!(Point::new(0, 0).to_sgf(), *b"aa");
        assert_eq!(Point::new(0, 51).to_sgf(), *b"aZ");
        assert!(Point::from_standard("B1", r).is_err());
        // 52 wide, 19 high.
        let r = size(52, 19);
        assert_eq!(Point::new(51, 0).to_standard(r), "BB19");
        assert_eq!(Point::new(51, 0).to_sgf(), *b"Za");
        assert_eq!(Point::from_standard("bb19", r), Ok(Point::new(51, 0)));
        assert!(Point::from_standard("BC1", r).is_err());
    }

    #[test]
    fn wide_board_column_names_are_pinned() {
        let expected = [
            "A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "O", "P", "Q", "R",
            "S", "T", "U", "V", "W", "X", "Y", "Z", "AA", "AB", "AC", "AD", "AE", "AF", "AG", "AH",
            "AJ", "AK", "AL", "AM", "AN", "AO", "AP", "AQ", "AR", "AS", "AT", "AU", "AV", "AW",
            "AX", "AY", "AZ", "BA", "BB",
        ];
        let names: Vec<String> = (0..MAX_SIZE).map(column_name).collect();
        assert_eq!(names, expected);
        for (x, name) in expected.iter().enumerate() {
            assert_eq!(parse_column(name), Some(x as u32), "{name}");
            assert_eq!(parse_column(&name.to_lowercase()), Some(x as u32), "{name}");
        }
        // KataGo's formula, first letter L[x / 25 - 1], second L[x % 25].
        let big = size(52, 52);
        assert_eq!(Point::new(30, 51).to_standard(big), "AF1");
        assert_eq!(Point::from_standard("AF1", big), Ok(Point::new(30, 51)));
        assert_eq!(Point::from_standard("Ba52", big), Ok(Point::new(50, 0)));
    }

    #[test]
    fn every_u8_column_name_is_distinct_and_parses_back() {
        let mut seen = std::collections::HashSet::new();
        for x in 0..=u8::MAX {
            let name = column_name(x);
            assert!(!name.contains('I'), "{name}");
            assert!(seen.insert(name.clone()), "duplicate {name}");
            assert_eq!(parse_column(&name), Some(u32::from(x)));
        }
        assert_eq!(parse_column("ZZ"), Some(649));
    }

    #[test]
    fn lowercase_and_whitespace_are_accepted() {
        let s19 = BoardSize::STANDARD;
        for text in ["d4", "D4", " d4", "d4\n", "\tD4 "] {
            assert_eq!(
                Point::from_standard(text, s19),
                Ok(Point::new(3, 15)),
                "{text:?}"
            );
        }
        let big = size(52, 52);
        assert_eq!(Point::from_standard("aA52", big), Ok(Point::new(25, 0)));
        assert_eq!(Point::new(25, 0).to_standard(big), "AA52");
    }

    fn is_malformed(r: Result<Point, CoordError>) -> bool {
        matches!(r, Err(CoordError::Malformed(_)))
    }

    fn is_off_board(r: Result<Point, CoordError>) -> bool {
        matches!(r, Err(CoordError::OffBoard { .. }))
    }

    #[test]
    fn malformed_standard_text_is_rejected() {
        let s19 = BoardSize::STANDARD;
        for bad in [
            "I5", "i5", "AI5", "IA5", "A0", "A00", "A05", "", " ", "5", "A", "AAA1", "A-1", "A+1",
            "-A1", "4D", "D4x", "D 4", "D4 4", "é4", "Dé", "D٤", "Ｄ4", "D4\0", "A1.5", "A１",
        ] {
            assert!(is_malformed(Point::from_standard(bad, s19)), "{bad:?}");
        }
    }

    #[test]
    fn off_board_standard_text_is_rejected() {
        let s19 = BoardSize::STANDARD;
        for off in [
            "Z1",
            "U4",
            "A20",
            "T20",
            "AA1",
            "BB52",
            "ZZ1",
            "A99999999999",
            "A99999999999999999999999999999",
        ] {
            assert!(is_off_board(Point::from_standard(off, s19)), "{off}");
        }
        // 25 columns end at Z; AA is the 26th.
        assert!(Point::from_standard("Z25", size(25, 25)).is_ok());
        assert!(is_off_board(Point::from_standard("AA1", size(25, 25))));
        assert!(Point::from_standard("AA1", size(26, 1)).is_ok());
    }

    #[test]
    fn bad_sgf_points_are_rejected() {
        let s19 = BoardSize::STANDARD;
        assert!(is_off_board(Point::from_sgf(b"tt", s19)));
        assert!(is_off_board(Point::from_sgf(b"at", s19)));
        assert!(is_off_board(Point::from_sgf(b"Aa", s19)));
        assert!(Point::from_sgf(b"tt", size(20, 20)).is_ok());
        for bad in [
            &b""[..],
            b"a",
            b"abc",
            b"a1",
            b"1a",
            b"a ",
            b"\xff\xfe",
            b"[]",
        ] {
            assert!(is_malformed(Point::from_sgf(bad, s19)), "{bad:?}");
        }
    }

    #[test]
    fn row_col_off_board_is_rejected() {
        let r = size(19, 13);
        assert!(Point::from_row_col(12, 18, r).is_ok());
        assert!(matches!(
            Point::from_row_col(13, 0, r),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(Point::from_row_col(0, 19, r).is_err());
        assert!(Point::from_row_col(255, 255, r).is_err());
    }

    #[test]
    fn error_messages_name_the_text_and_the_board() {
        let s19 = BoardSize::STANDARD;
        let msg = |r: Result<Point, CoordError>| r.unwrap_err().to_string();
        assert_eq!(
            msg(Point::from_standard("A20", s19)),
            "'A20' is off the 19x19 board"
        );
        assert_eq!(
            msg(Point::from_standard("Z1", size(19, 13))),
            "'Z1' is off the 19x13 board"
        );
        assert_eq!(
            msg(Point::from_standard("I5", s19)),
            "'I5' is not a coordinate"
        );
        assert_eq!(
            msg(Point::from_sgf(b"tt", s19)),
            "'tt' is off the 19x19 board"
        );
        assert_eq!(
            msg(Point::from_row_col(19, 0, s19)),
            "'(19, 0)' is off the 19x19 board"
        );
        assert_eq!(
            msg(Point::from_standard("A\n1", s19)),
            "'A\\n1' is not a coordinate"
        );
        assert_eq!(
            BoardSize::square(53).unwrap_err().to_string(),
            "board size 53x53 is out of range (each side must be 1 to 52)"
        );
    }

    #[test]
    fn hand_built_invalid_sizes_give_errors_not_panics() {
        for bad in [
            BoardSize { cols: 0, rows: 0 },
            BoardSize { cols: 19, rows: 0 },
            BoardSize { cols: 53, rows: 19 },
            BoardSize {
                cols: 255,
                rows: 255,
            },
        ] {
            let out_of_range =
                |r: Result<Point, CoordError>| matches!(r, Err(CoordError::SizeOutOfRange { .. }));
            assert!(out_of_range(Point::from_sgf(b"aa", bad)), "{bad:?}");
            assert!(out_of_range(Point::from_standard("A1", bad)), "{bad:?}");
            assert!(out_of_range(Point::from_row_col(0, 0, bad)), "{bad:?}");
            // Writers must not panic either.
            let _ = Point::new(0, 0).to_standard(bad);
            let _ = Point::new(0, 0).to_row_col(bad);
        }
    }

    #[test]
    fn writing_off_board_points_does_not_panic_or_round_trip() {
        let s19 = BoardSize::STANDARD;
        for p in [
            Point::new(255, 255),
            Point::new(0, 19),
            Point::new(19, 0),
            Point::new(52, 52),
        ] {
            let sgf = p.to_sgf();
            assert!(Point::from_sgf(&sgf, s19).is_err(), "{p:?}");
            assert!(!sgf.contains(&b']') && !sgf.contains(&b'\\'), "{p:?}");
            assert!(
                Point::from_standard(&p.to_standard(s19), s19).is_err(),
                "{p:?}"
            );
            let (row, col) = p.to_row_col(s19);
            assert!(Point::from_row_col(row, col, s19).is_err(), "{p:?}");
        }
        assert_eq!(Point::new(255, 0).to_sgf(), *b"?a");
        assert_eq!(Point::new(0, 19).to_standard(s19), "A0");
        assert_eq!(Point::new(0, 255).to_standard(s19), "A-236");
    }
}

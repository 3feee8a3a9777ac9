//! `kifu.Board`: a Go position with kifu's rules.

use kifu_sgf::{BoardSize, Color, Point};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

/// A Go position (kifu's board: groups, captures, ko).
#[pyclass(module = "kifu._kifu", name = "Board")]
pub struct PyBoard {
    pub(crate) board: kifu_board::Board,
}

impl PyBoard {
    fn point(&self, row: i64, col: i64) -> PyResult<Point> {
        let size = self.board.size();
        let (Ok(r), Ok(c)) = (u8::try_from(row), u8::try_from(col)) else {
            return Err(PyIndexError::new_err(format!(
                "({row}, {col}) is off the board"
            )));
        };
        Point::from_row_col(r, c, size)
            .map_err(|_| PyIndexError::new_err(format!("({row}, {col}) is off the board")))
    }
}

#[pymethods]
impl PyBoard {
    /// An empty board of `cols` x `rows` (rows defaults to cols); 1 to 52.
    #[new]
    #[pyo3(signature = (cols, rows = None))]
    fn new(cols: u32, rows: Option<u32>) -> PyResult<Self> {
        let size = BoardSize::new(cols, rows.unwrap_or(cols))
            .map_err(|e| PyValueError::new_err(format!("bad board size: {e}")))?;
        Ok(PyBoard {
            board: kifu_board::Board::new(size),
        })
    }

    /// (columns, rows).
    #[getter]
    fn size(&self) -> (u8, u8) {
        let s = self.board.size();
        (s.cols, s.rows)
    }

    /// 'b', 'w' or None at (row, col), row 0 at the bottom.
    fn get(&self, row: i64, col: i64) -> PyResult<Option<&'static str>> {
        let p = self.point(row, col)?;
        Ok(self.board.get(p).map(color_str))
    }

    /// Plays `colour` ('b' or 'w') at (row, col); returns the captured
    /// points. Raises ValueError for an illegal move (occupied, suicide,
    /// ko).
    fn play(&mut self, row: i64, col: i64, colour: &str) -> PyResult<Vec<(u8, u8)>> {
        let color = parse_colour(colour)?;
        let p = self.point(row, col)?;
        let size = self.board.size();
        let outcome = self
            .board
            .play(color, p)
            .map_err(|e| PyValueError::new_err(format!("illegal move at ({row}, {col}): {e}")))?;
        Ok(outcome
            .captured
            .iter()
            .map(|q| q.to_row_col(size))
            .collect())
    }

    /// A pass (clears the ko point).
    fn pass_move(&mut self) {
        self.board.pass();
    }

    /// Every stone as (colour, (row, col)), rows from the bottom.
    fn stones(&self) -> Vec<(&'static str, (u8, u8))> {
        let size = self.board.size();
        let mut v: Vec<_> = self
            .board
            .stones()
            .map(|(p, c)| (color_str(c), p.to_row_col(size)))
            .collect();
        v.sort_by_key(|(_, rc)| *rc);
        v
    }

    /// Stones captured by `colour` so far.
    fn captures(&self, colour: &str) -> PyResult<u32> {
        Ok(self.board.captures(parse_colour(colour)?))
    }

    /// The board as text, top row first: `#` black, `o` white, `.` empty.
    fn __str__(&self) -> String {
        let size = self.board.size();
        let mut out = String::new();
        for row in (0..size.rows).rev() {
            for col in 0..size.cols {
                let c = Point::from_row_col(row, col, size)
                    .ok()
                    .and_then(|p| self.board.get(p));
                out.push(match c {
                    Some(Color::Black) => '#',
                    Some(Color::White) => 'o',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}

fn parse_colour(colour: &str) -> PyResult<Color> {
    match colour {
        "b" | "B" => Ok(Color::Black),
        "w" | "W" => Ok(Color::White),
        _ => Err(PyValueError::new_err(format!(
            "bad colour {colour:?}: expected 'b' or 'w'"
        ))),
    }
}

/// A colour as sgfmill and kifu's API write it: "b" or "w".
pub(crate) fn color_str(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

//! The sgfmill drop-in's `boards.Board`: sgfmill's rules exactly, in Rust.
//!
//! sgfmill's rules are not kifu-board's: a suicide removes the mover's
//! group (kifu refuses it), nothing checks ko (`play` returns the simple
//! ko point a capture makes) and `apply_setup` removes groups left without
//! liberties. So the drop-in keeps its own small board: a square of cells,
//! groups found by flood fill from the points a move touches.

use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use pyo3::{IntoPyObjectExt, intern};

use crate::sgfmill_values;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// A group without liberties: its colour and points (cell indexes).
struct Dead {
    colour: u8,
    points: Vec<usize>,
}

/// `boards.Board(side)`: a square board, rows from the bottom.
#[pyclass(
    subclass,
    dict,
    weakref,
    module = "kifu.sgfmill.boards",
    name = "Board"
)]
pub(crate) struct SgfmillBoard {
    side: usize,
    cells: Vec<u8>,
    is_empty: bool,
    /// sgfmill's public list of every (row, col), made when first asked.
    board_points: Option<Py<PyList>>,
}

fn colour_code(colour: &Bound<'_, PyAny>) -> PyResult<u8> {
    // The strs get_move returns (and literals) are interned: no encoding.
    let py = colour.py();
    if colour.is(intern!(py, "b")) {
        return Ok(BLACK);
    }
    if colour.is(intern!(py, "w")) {
        return Ok(WHITE);
    }
    let text = colour.cast::<PyString>().ok().and_then(|s| s.to_cow().ok());
    match text.as_deref() {
        Some("b") => Ok(BLACK),
        Some("w") => Ok(WHITE),
        // common.opponent_of's ValueError, without a message.
        _ => Err(PyValueError::new_err(())),
    }
}

fn colour_py(py: Python<'_>, code: u8) -> Py<PyAny> {
    match code {
        BLACK => PyString::intern(py, "b").into_any().unbind(),
        WHITE => PyString::intern(py, "w").into_any().unbind(),
        _ => py.None(),
    }
}

impl SgfmillBoard {
    /// The cell of (row, col), IndexError off the board (sgfmill raises
    /// it for negative coordinates and the list indexing for large ones).
    fn cell(&self, row: i64, col: i64) -> PyResult<usize> {
        let side = self.side as i64;
        if !(0..side).contains(&row) || !(0..side).contains(&col) {
            return Err(PyIndexError::new_err(()));
        }
        Ok(row as usize * self.side + col as usize)
    }

    fn neighbours(&self, at: usize) -> impl Iterator<Item = usize> + use<> {
        let (side, row, col) = (self.side, at / self.side, at % self.side);
        let up = (row + 1 < side).then(|| at + side);
        let down = (row > 0).then(|| at - side);
        let left = (col > 0).then(|| at - 1);
        let right = (col + 1 < side).then(|| at + 1);
        [down, up, left, right].into_iter().flatten()
    }

    /// The group at `at` if it has no liberty (the search stops at the
    /// first liberty, so living groups cost little).
    fn dead_group(&self, at: usize) -> Option<Vec<usize>> {
        let colour = self.cells[at];
        // Most groups have a liberty next to the stone looked at: found
        // without allocating.
        if self.neighbours(at).any(|n| self.cells[n] == EMPTY) {
            return None;
        }
        let mut seen = vec![at];
        let mut todo = vec![at];
        while let Some(p) = todo.pop() {
            for n in self.neighbours(p) {
                let there = self.cells[n];
                if there == EMPTY {
                    return None;
                }
                if there == colour && !seen.contains(&n) {
                    seen.push(n);
                    todo.push(n);
                }
            }
        }
        Some(seen)
    }

    /// The groups without liberties among those at `points`, each once.
    fn dead_groups(&self, points: impl Iterator<Item = usize>) -> Vec<Dead> {
        let mut dead: Vec<Dead> = Vec::new();
        for at in points {
            let colour = self.cells[at];
            if colour == EMPTY || dead.iter().any(|d| d.points.contains(&at)) {
                continue;
            }
            if let Some(points) = self.dead_group(at) {
                dead.push(Dead { colour, points });
            }
        }
        dead
    }

    fn remove(&mut self, groups: &[&Dead]) {
        for group in groups {
            for &p in &group.points {
                self.cells[p] = EMPTY;
            }
        }
    }

    fn point(&self, at: usize) -> (usize, usize) {
        (at / self.side, at % self.side)
    }

    /// The point at `at` as a (row, col) tuple (shared: see point_tuple).
    fn point_py<'py>(&self, py: Python<'py>, at: usize) -> Bound<'py, PyAny> {
        let (row, col) = self.point(at);
        let point = (i64::try_from(row), i64::try_from(col));
        match point {
            (Ok(r), Ok(c)) => sgfmill_values::point_tuple(py, (r, c)),
            _ => None,
        }
        .unwrap_or_else(|| py.None().into_bound(py))
    }

    /// The points of a setup argument, IndexError for one off the board.
    fn points(&self, points: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let mut out = Vec::new();
        for item in points.try_iter()? {
            // sgfmill unpacks `row, col = point`: any pair, not only tuples.
            let pair: Vec<i64> = item?
                .try_iter()?
                .map(|v| v?.extract())
                .collect::<PyResult<_>>()?;
            let [row, col] = pair[..] else {
                return Err(PyValueError::new_err(format!(
                    "expected 2 values to unpack, got {}",
                    pair.len()
                )));
            };
            out.push(self.cell(row, col)?);
        }
        Ok(out)
    }
}

#[pymethods]
impl SgfmillBoard {
    #[new]
    fn new(side: i64) -> PyResult<Self> {
        if side < 2 {
            return Err(PyValueError::new_err(()));
        }
        let side = usize::try_from(side).map_err(|_| PyValueError::new_err(()))?;
        // A side too large for memory is sgfmill's MemoryError, not an abort.
        let mut cells = Vec::new();
        side.checked_mul(side)
            .and_then(|n| cells.try_reserve_exact(n).ok().map(|()| n))
            .map(|n| cells.resize(n, EMPTY))
            .ok_or_else(|| PyMemoryError::new_err(()))?;
        Ok(SgfmillBoard {
            side,
            cells,
            is_empty: true,
            board_points: None,
        })
    }

    fn __traverse__(&self, visit: pyo3::PyVisit<'_>) -> Result<(), pyo3::PyTraverseError> {
        visit.call(&self.board_points)
    }

    fn __clear__(&mut self) {
        self.board_points = None;
    }

    /// The board size (int >= 2).
    #[getter]
    fn side(&self) -> usize {
        self.side
    }

    /// Every (row, col), row by row from the bottom (the same list each time).
    #[getter]
    fn board_points<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if let Some(list) = &self.board_points {
            return Ok(list.bind(py).clone());
        }
        let side = self.side;
        let list = PyList::new(py, (0..side * side).map(|at| (at / side, at % side)))?;
        self.board_points = Some(list.clone().unbind());
        Ok(list)
    }

    /// The rows as lists of colours (a copy: the board is kept natively).
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let rows = self
            .cells
            .chunks(self.side)
            .map(|row| PyList::new(py, row.iter().map(|&c| colour_py(py, c))))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, rows)
    }

    /// An independent copy of this board.
    fn copy(&self) -> Self {
        SgfmillBoard {
            side: self.side,
            cells: self.cells.clone(),
            is_empty: self.is_empty,
            board_points: None,
        }
    }

    /// Whether there is no stone on the board.
    fn is_empty(&self) -> bool {
        self.is_empty
    }

    /// The colour at (row, col), or None; IndexError off the board.
    fn get(&self, py: Python<'_>, row: i64, col: i64) -> PyResult<Py<PyAny>> {
        Ok(colour_py(py, self.cells[self.cell(row, col)?]))
    }

    /// Plays a stone and removes what it kills; returns the simple ko
    /// point this move creates, or None. ValueError when the point is
    /// occupied, IndexError off the board. A suicide removes the mover's
    /// group.
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        row: i64,
        col: i64,
        colour: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if row < 0 || col < 0 {
            return Err(PyIndexError::new_err(()));
        }
        let colour = colour_code(colour)?;
        let at = self.cell(row, col)?;
        if self.cells[at] != EMPTY {
            return Err(PyValueError::new_err(()));
        }
        self.cells[at] = colour;
        self.is_empty = false;
        let dead = self.dead_groups(std::iter::once(at).chain(self.neighbours(at)));
        let mut ko = None;
        match dead.as_slice() {
            [] => {}
            [only] => {
                if only.points.len() == self.cells.len() {
                    self.is_empty = true;
                }
                self.remove(&[only]);
            }
            _ => {
                let removed: Vec<&Dead> = dead.iter().filter(|d| d.colour != colour).collect();
                if let [single] = removed.as_slice() {
                    let own_single = dead
                        .iter()
                        .any(|d| d.colour == colour && d.points.len() == 1);
                    if single.points.len() == 1 && own_single {
                        ko = Some(single.points[0]);
                    }
                }
                self.remove(&removed);
            }
        }
        Ok(match ko {
            Some(at) => self.point_py(py, at),
            None => py.None().into_bound(py),
        })
    }

    /// Places stones (and empties points) without playing moves; False
    /// when the result had groups without liberties (they are removed).
    fn apply_setup(
        &mut self,
        black_points: &Bound<'_, PyAny>,
        white_points: &Bound<'_, PyAny>,
        empty_points: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let black = self.points(black_points)?;
        let white = self.points(white_points)?;
        let empty = self.points(empty_points)?;
        for (points, colour) in [(black, BLACK), (white, WHITE), (empty, EMPTY)] {
            for p in points {
                self.cells[p] = colour;
            }
        }
        let dead = self.dead_groups(0..self.cells.len());
        let all: Vec<&Dead> = dead.iter().collect();
        self.remove(&all);
        self.is_empty = self.cells.iter().all(|&c| c == EMPTY);
        Ok(dead.is_empty())
    }

    /// Every stone as (colour, (row, col)), row by row from the bottom.
    fn list_occupied_points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let stones = self
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != EMPTY)
            .map(|(at, &c)| (colour_py(py, c), self.point_py(py, at)).into_bound_py_any(py))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, stones)
    }

    /// Black's area minus White's: stones, and empty regions counted for
    /// each colour they touch.
    fn area_score(&self) -> i64 {
        let mut score = [0i64; 3];
        let mut counted = vec![false; self.cells.len()];
        for start in 0..self.cells.len() {
            let colour = self.cells[start];
            if colour != EMPTY {
                score[colour as usize] += 1;
                continue;
            }
            if counted[start] {
                continue;
            }
            counted[start] = true;
            let (mut size, mut touches, mut todo) = (1i64, [false; 3], vec![start]);
            while let Some(p) = todo.pop() {
                for n in self.neighbours(p) {
                    match self.cells[n] {
                        EMPTY if !counted[n] => {
                            counted[n] = true;
                            size += 1;
                            todo.push(n);
                        }
                        EMPTY => {}
                        c => touches[c as usize] = true,
                    }
                }
            }
            for c in [BLACK, WHITE] {
                if touches[c as usize] {
                    score[c as usize] += size;
                }
            }
        }
        score[BLACK as usize] - score[WHITE as usize]
    }
}

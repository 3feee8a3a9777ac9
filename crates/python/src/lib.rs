//! The native half of the `kifu` Python package (`kifu._kifu`).
//!
//! Python sees a [`PyCollection`] (an owned, parsed SGF collection) and
//! integers for its nodes ([`kifu_sgf::NodeId::number`]); the pure-Python
//! package (`python/kifu`) wraps them in `Game`/`Node` classes and in the
//! sgfmill drop-in. Everything here returns a Python exception on bad
//! input, never a panic: node numbers are looked up with
//! [`kifu_sgf::Collection::node_numbered`], values through the kifu
//! readers that never fail.
//!
//! Parsing, checking, fixing and writing run with the GIL released
//! ([`Python::detach`]), and [`FileReader`] reads many files on all cores
//! (rayon) while Python consumes the ones already read.

use std::collections::VecDeque;
use std::path::PathBuf;

use kifu_diag::{Diagnostic, LineIndex};
use kifu_sgf::props::{Double, Value};
use kifu_sgf::{BoardSize, Collection, Color, Node, Point};
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use rayon::prelude::*;

mod sgfmill_grammar;

/// A parsed SGF collection that owns its bytes.
#[pyclass(frozen, module = "kifu._kifu", name = "Collection")]
pub struct PyCollection {
    inner: Collection<'static>,
    /// What the reader reported (spans in `inner.source()`).
    diagnostics: Vec<Diagnostic>,
    name: String,
}

impl PyCollection {
    fn read(data: &[u8], name: String) -> PyCollection {
        let parsed = kifu_sgf::parse(data);
        PyCollection {
            inner: parsed.value.into_owned(),
            diagnostics: parsed.diagnostics,
            name,
        }
    }

    /// Reads bytes as sgfmill does: one byte at a time, whatever the
    /// charset (sgfmill finds the `]` that ends a value without decoding).
    fn read_bytewise(data: &[u8], name: String) -> PyCollection {
        let options = kifu_sgf::ParseOptions {
            charset: Some(encoding_rs::WINDOWS_1252),
        };
        let mut diagnostics = Vec::new();
        let inner = kifu_sgf::parse_with(data, &options, &mut diagnostics).into_owned();
        PyCollection {
            inner,
            diagnostics,
            name,
        }
    }

    fn node(&self, number: u32) -> PyResult<Node<'_, 'static>> {
        self.inner
            .node_numbered(number)
            .ok_or_else(|| PyIndexError::new_err(format!("no node {number} in this collection")))
    }

    fn game(&self, index: usize) -> PyResult<kifu_sgf::Game<'_, 'static>> {
        self.inner.game(index).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "game {index} out of range ({} games)",
                self.inner.len()
            ))
        })
    }

    fn size_of(&self, node: Node<'_, 'static>) -> BoardSize {
        // The size of the node's game: its root's.
        let mut root = node;
        while let Some(p) = root.parent() {
            root = p;
        }
        self.inner
            .games()
            .find(|g| g.root().id() == root.id())
            .map(|g| g.board_size())
            .unwrap_or(BoardSize::STANDARD)
    }

    fn diagnostic_objects(&self, list: &[Diagnostic]) -> Vec<PyDiagnostic> {
        let source = self.inner.source();
        let index = LineIndex::new(source);
        list.iter()
            .map(|d| {
                let (line, column) = index.position(source, d.span.start);
                PyDiagnostic {
                    code: d.code.as_str().to_string(),
                    severity: d.severity.as_str().to_string(),
                    message: d.message.to_string(),
                    file: self.name.clone(),
                    line,
                    column,
                    start: d.span.start,
                    end: d.span.end,
                }
            })
            .collect()
    }
}

fn point_py(py: Python<'_>, p: Point, size: BoardSize) -> PyResult<Bound<'_, PyAny>> {
    let (row, col) = p.to_row_col(size);
    (row, col).into_bound_py_any(py)
}

fn color_str(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// A typed value in sgfmill's representation (the seed table).
fn value_py<'py>(py: Python<'py>, v: &Value, size: BoardSize) -> PyResult<Bound<'py, PyAny>> {
    match v {
        Value::None => true.into_bound_py_any(py),
        Value::Number(n) => n.into_bound_py_any(py),
        Value::Real(r) => r.into_bound_py_any(py),
        Value::Double(Double::Normal) => 1.into_bound_py_any(py),
        Value::Double(Double::Emphasized) => 2.into_bound_py_any(py),
        Value::Color(c) => color_str(*c).into_bound_py_any(py),
        Value::Text(s) => s.into_bound_py_any(py),
        Value::Point(p) => point_py(py, *p, size),
        Value::Move(None) => py.None().into_bound_py_any(py),
        Value::Move(Some(p)) => point_py(py, *p, size),
        Value::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(value_py(py, item, size)?)?;
            }
            Ok(list.into_any())
        }
        Value::Compose(a, b) => {
            let pair = PyTuple::new(py, [value_py(py, a, size)?, value_py(py, b, size)?])?;
            Ok(pair.into_any())
        }
    }
}

#[pymethods]
impl PyCollection {
    /// Number of games.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// The name it was read under (a path, or `<bytes>`).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Number of nodes, all games.
    fn node_count(&self) -> usize {
        self.inner.node_count()
    }

    /// The bytes it was read from.
    fn source<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.source())
    }

    /// The root node's number of game `index`.
    fn root(&self, index: usize) -> PyResult<u32> {
        Ok(self.game(index)?.root().id().number())
    }

    /// The node numbers of game `index`'s main line, root first.
    fn main_line(&self, index: usize) -> PyResult<Vec<u32>> {
        Ok(self
            .game(index)?
            .main_line()
            .map(|n| n.id().number())
            .collect())
    }

    /// Every node number of game `index`, in tree order.
    fn nodes(&self, index: usize) -> PyResult<Vec<u32>> {
        Ok(self.game(index)?.nodes().map(|n| n.id().number()).collect())
    }

    /// The children of node `node`, in order.
    fn children(&self, node: u32) -> PyResult<Vec<u32>> {
        Ok(self
            .node(node)?
            .children()
            .map(|n| n.id().number())
            .collect())
    }

    /// The parent of node `node`, or None for a root.
    fn parent(&self, node: u32) -> PyResult<Option<u32>> {
        Ok(self.node(node)?.parent().map(|n| n.id().number()))
    }

    /// sgfmill's property map of a node: identifier -> list of raw values
    /// (bytes between the brackets, escapes kept); a property written twice
    /// in one node has its values joined, in file order.
    fn property_map<'py>(&self, py: Python<'py>, node: u32) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for p in self.node(node)?.properties() {
            let id = p.id();
            let values = p.raw_values().map(|v| PyBytes::new(py, v));
            match dict.get_item(id)? {
                Some(existing) => {
                    let list = existing.cast_into::<PyList>()?;
                    for v in values {
                        list.append(v)?;
                    }
                }
                None => dict.set_item(id, PyList::new(py, values)?)?,
            }
        }
        Ok(dict)
    }

    /// The properties of a node as written: a list of (identifier, list of
    /// raw values), repeated identifiers kept apart.
    fn properties<'py>(&self, py: Python<'py>, node: u32) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for p in self.node(node)?.properties() {
            let values = PyList::new(py, p.raw_values().map(|v| PyBytes::new(py, v)))?;
            list.append((p.id(), values))?;
        }
        Ok(list)
    }

    /// The typed value of property `id` at `node` (sgfmill's representation:
    /// see the seed table); None when the node has no such property.
    /// Raises ValueError when the value does not read as its type.
    fn get<'py>(
        &self,
        py: Python<'py>,
        node: u32,
        id: &str,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let n = self.node(node)?;
        let Some(p) = n.property(id) else {
            return Ok(None);
        };
        match p.value() {
            Ok(v) => Ok(Some(value_py(py, &v, self.size_of(n))?)),
            Err(e) => Err(PyValueError::new_err(format!("{}: {id}: {e}", self.name))),
        }
    }

    /// The text of a Text or SimpleText property, decoded in the game's
    /// charset with the escapes resolved.
    fn text(&self, node: u32, id: &str) -> PyResult<Option<String>> {
        Ok(self.node(node)?.text(id).map(|s| s.into_owned()))
    }

    /// The move at `node`: ('b' or 'w', (row, col) or None for a pass), or
    /// None when there is no move.
    fn get_move<'py>(&self, py: Python<'py>, node: u32) -> PyResult<Option<Bound<'py, PyAny>>> {
        let n = self.node(node)?;
        let Some((color, point)) = n.get_move() else {
            return Ok(None);
        };
        let size = self.size_of(n);
        let mv = match point {
            Some(p) => point_py(py, p, size)?,
            None => py.None().into_bound(py),
        };
        Ok(Some(
            PyTuple::new(py, [color_str(color).into_bound_py_any(py)?, mv])?.into_any(),
        ))
    }

    /// The board size of game `index` as (columns, rows).
    fn board_size(&self, index: usize) -> PyResult<(u8, u8)> {
        let s = self.game(index)?.board_size();
        Ok((s.cols, s.rows))
    }

    /// The name of the charset game `index` is decoded with.
    fn charset(&self, index: usize) -> PyResult<&'static str> {
        Ok(self.game(index)?.charset().encoding.name())
    }

    /// The game information of game `index` as a dict (missing fields
    /// absent).
    fn game_info<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyDict>> {
        let info = self.game(index)?.info();
        let d = PyDict::new(py);
        let texts = [
            ("black", &info.black),
            ("white", &info.white),
            ("black_rank", &info.black_rank),
            ("white_rank", &info.white_rank),
            ("black_team", &info.black_team),
            ("white_team", &info.white_team),
            ("komi_raw", &info.komi_raw),
            ("dates_raw", &info.dates_raw),
            ("rules", &info.rules),
            ("event", &info.event),
            ("round", &info.round),
            ("place", &info.place),
            ("name", &info.name),
            ("comment", &info.comment),
            ("opening", &info.opening),
            ("overtime", &info.overtime),
            ("source", &info.source),
            ("user", &info.user),
            ("annotator", &info.annotator),
            ("copyright", &info.copyright),
            ("application", &info.application),
        ];
        for (k, v) in texts {
            if let Some(v) = v {
                d.set_item(k, v)?;
            }
        }
        if let Some(k) = info.komi {
            d.set_item("komi", k)?;
        }
        if let Some(h) = info.handicap {
            d.set_item("handicap", h)?;
        }
        if let Some(t) = info.time_limit {
            d.set_item("time_limit", t)?;
        }
        if let Some(r) = &info.result {
            d.set_item("result", r.to_string())?;
            d.set_item("result_raw", &r.raw)?;
        }
        if !info.dates.is_empty() {
            d.set_item(
                "dates",
                info.dates.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
            )?;
        }
        Ok(d)
    }

    /// What the reader reported, in file order.
    fn read_diagnostics(&self) -> Vec<PyDiagnostic> {
        self.diagnostic_objects(&self.diagnostics)
    }

    /// The reader's diagnostics and every check (values against the
    /// property table, properties in the wrong node, illegal moves), in
    /// file order: what `kifu check` reports.
    fn check(&self, py: Python<'_>) -> Vec<PyDiagnostic> {
        let all = py.detach(|| {
            let mut all = self.diagnostics.clone();
            kifu_sgf::check::settle_reader_severities(&self.inner, &mut all);
            all.extend(kifu_sgf::check::check(&self.inner));
            all.sort_by_key(|d| d.span.start);
            all
        });
        self.diagnostic_objects(&all)
    }

    /// The collection written out: "lossless" (byte for byte what was read,
    /// with any edits), "normalized" (FF[4], UTF-8, canonical layout) or
    /// "json".
    #[pyo3(signature = (mode = "lossless"))]
    fn write<'py>(&self, py: Python<'py>, mode: &str) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = match mode {
            "lossless" => py.detach(|| kifu_sgf::write::lossless(&self.inner)),
            "normalized" => py.detach(|| kifu_sgf::write::normalized(&self.inner)),
            "json" => py.detach(|| kifu_sgf::write::json(&self.inner).into_bytes()),
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown write mode {other:?}: expected 'lossless', 'normalized' or 'json'"
                )));
            }
        };
        Ok(PyBytes::new(py, &bytes))
    }

    /// The position after game `index`'s main line, replayed with kifu's
    /// rules (setup, captures; illegal moves played anyway).
    fn replay(&self, py: Python<'_>, index: usize) -> PyResult<PyBoard> {
        let game = self.game(index)?;
        let size = game.board_size();
        let nodes: Vec<Node<'_, 'static>> = game.main_line().collect();
        let board = py.detach(|| replay_nodes(size, &nodes));
        Ok(PyBoard { board })
    }

    fn __repr__(&self) -> String {
        format!(
            "<kifu.Collection {:?}: {} games, {} nodes>",
            self.name,
            self.inner.len(),
            self.inner.node_count()
        )
    }
}

fn replay_nodes(size: BoardSize, nodes: &[Node<'_, 'static>]) -> kifu_board::Board {
    let mut board = kifu_board::Board::new(size);
    for node in nodes {
        let (ab, aw, ae) = (node.points("AB"), node.points("AW"), node.points("AE"));
        if !(ab.is_empty() && aw.is_empty() && ae.is_empty()) {
            let mut setup = board.setup();
            for p in ae.into_iter().filter(|p| size.contains(*p)) {
                setup.set(p, None);
            }
            for p in ab.into_iter().filter(|p| size.contains(*p)) {
                setup.set(p, Some(Color::Black));
            }
            for p in aw.into_iter().filter(|p| size.contains(*p)) {
                setup.set(p, Some(Color::White));
            }
        }
        match node.get_move() {
            Some((color, Some(p))) if size.contains(p) => {
                board.play_anyway(color, p);
            }
            Some(_) => board.pass(),
            None => {}
        }
    }
    board
}

/// A Go position (kifu's board: groups, captures, ko).
#[pyclass(module = "kifu._kifu", name = "Board")]
pub struct PyBoard {
    board: kifu_board::Board,
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

/// One finding: code, severity, message and place.
#[pyclass(frozen, module = "kifu._kifu", name = "Diagnostic", get_all)]
pub struct PyDiagnostic {
    /// The code, e.g. `sgf/unknown-property`.
    code: String,
    /// "error", "warning" or "note".
    severity: String,
    /// What was found.
    message: String,
    /// The file (or `<bytes>`).
    file: String,
    /// 1-based line.
    line: usize,
    /// 1-based column (characters).
    column: usize,
    /// Byte offset of the start.
    start: u32,
    /// Byte offset of the end.
    end: u32,
}

#[pymethods]
impl PyDiagnostic {
    /// `file:line:col: severity[code]: message`.
    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}[{}]: {}",
            self.file, self.line, self.column, self.severity, self.code, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("<kifu.Diagnostic {}>", self.__str__())
    }
}

/// Reads SGF bytes (never fails: damage is in the diagnostics).
#[pyfunction]
#[pyo3(signature = (data, name = "<bytes>".to_string()))]
fn parse(py: Python<'_>, data: &[u8], name: String) -> PyCollection {
    py.detach(|| PyCollection::read(data, name))
}

/// Repairs SGF bytes as `kifu fix` does; returns the repaired collection
/// and the repairs made as (code, line, column, message) tuples.
#[pyfunction]
#[pyo3(signature = (data, name = "<bytes>".to_string(), force = false, normalize = false))]
fn fix(
    py: Python<'_>,
    data: &[u8],
    name: String,
    force: bool,
    normalize: bool,
) -> (PyCollection, Vec<(String, usize, usize, String)>) {
    py.detach(|| {
        let options = kifu_sgf::repair::Options { force };
        let fixed = if normalize {
            kifu_sgf::fix::fix_and_normalize(data, &options)
        } else {
            kifu_sgf::fix::fix(data, &options)
        };
        let index = LineIndex::new(data);
        let repairs = fixed
            .report
            .made
            .iter()
            .map(|r| {
                let (line, col) = index.position(data, r.span.start);
                (r.code.as_str().to_string(), line, col, r.message.clone())
            })
            .collect();
        // Read the repaired bytes again so that the collection's
        // diagnostics and places are those of what it holds.
        let bytes = kifu_sgf::write::lossless(&fixed.collection);
        (PyCollection::read(&bytes, name), repairs)
    })
}

/// The games sgfmill 1.1 would read from `data`, as byte ranges, raising
/// ValueError with sgfmill's message where sgfmill would. With
/// `collection` false only the first game is looked for.
#[pyfunction]
fn sgfmill_ranges(data: &[u8], collection: bool) -> PyResult<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    let mut from = 0;
    loop {
        match sgfmill_grammar::game_range(data, from) {
            Ok(Some((start, end))) => {
                out.push((start, end));
                if !collection {
                    break;
                }
                from = end;
            }
            Ok(None) => break,
            Err(message) if collection => {
                return Err(PyValueError::new_err(format!(
                    "error parsing game {}: {message}",
                    out.len()
                )));
            }
            Err(message) => return Err(PyValueError::new_err(message)),
        }
    }
    if out.is_empty() {
        return Err(PyValueError::new_err("no SGF data found"));
    }
    Ok(out)
}

/// Reads the bytes `data[start:end]` of each range as one collection each
/// (sgfmill's games, read by kifu's parser), the GIL released.
#[pyfunction]
fn parse_ranges(
    py: Python<'_>,
    data: &[u8],
    ranges: Vec<(usize, usize)>,
) -> PyResult<Vec<PyCollection>> {
    for &(s, e) in &ranges {
        if s > e || e > data.len() {
            return Err(PyValueError::new_err(format!("bad range {s}..{e}")));
        }
    }
    Ok(py.detach(|| {
        ranges
            .iter()
            .map(|&(s, e)| PyCollection::read_bytewise(&data[s..e], "<bytes>".to_string()))
            .collect()
    }))
}

/// Reads many files in parallel (rayon, the GIL released), a chunk ahead
/// of the Python loop that consumes them. Yields (path, Collection) or,
/// for a file that cannot be read, (path, OSError message).
#[pyclass(module = "kifu._kifu", name = "FileReader")]
pub struct FileReader {
    paths: Vec<PathBuf>,
    next: usize,
    chunk: usize,
    ready: VecDeque<(String, Result<PyCollection, String>)>,
}

#[pymethods]
impl FileReader {
    #[new]
    #[pyo3(signature = (paths, chunk = 256))]
    fn new(paths: Vec<PathBuf>, chunk: usize) -> Self {
        FileReader {
            paths,
            next: 0,
            chunk: chunk.max(1),
            ready: VecDeque::new(),
        }
    }

    fn __len__(&self) -> usize {
        self.paths.len()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        if self.ready.is_empty() && self.next < self.paths.len() {
            let end = (self.next + self.chunk).min(self.paths.len());
            let batch = &self.paths[self.next..end];
            let read: Vec<_> = py.detach(|| {
                batch
                    .par_iter()
                    .map(|path| {
                        let name = path.to_string_lossy().into_owned();
                        let result = std::fs::read(path)
                            .map(|bytes| PyCollection::read(&bytes, name.clone()))
                            .map_err(|e| e.to_string());
                        (name, result)
                    })
                    .collect()
            });
            self.next = end;
            self.ready.extend(read);
        }
        let Some((name, result)) = self.ready.pop_front() else {
            return Ok(None);
        };
        let item = match result {
            Ok(c) => (name, Py::new(py, c)?.into_any()).into_bound_py_any(py)?,
            Err(e) => (name, e).into_bound_py_any(py)?,
        };
        Ok(Some(item))
    }
}

/// kifu's native module.
#[pymodule]
fn _kifu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<PyCollection>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<PyDiagnostic>()?;
    m.add_class::<FileReader>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(sgfmill_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(parse_ranges, m)?)?;
    Ok(())
}

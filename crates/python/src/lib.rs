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

mod nodes;
mod positions;
mod sgfmill_board;
mod sgfmill_grammar;
mod sgfmill_ids;
mod sgfmill_nodes;
mod sgfmill_values;

/// A parsed SGF collection that owns its bytes.
#[pyclass(frozen, module = "kifu._kifu", name = "Collection")]
pub struct PyCollection {
    inner: Collection<'static>,
    /// What the reader reported (spans in `inner.source()`, or in
    /// `origin` when the collection was converted from another format).
    diagnostics: Vec<Diagnostic>,
    name: String,
    /// The bytes read when they are not `inner.source()` (Go XML).
    origin: Option<Vec<u8>>,
    /// Each game's root number and board size, sorted by number: made
    /// when a value is first read by node number (see `size_of`).
    roots: std::sync::OnceLock<Vec<(u32, BoardSize)>>,
}

impl PyCollection {
    fn read(data: &[u8], name: String) -> PyCollection {
        let parsed = kifu_sgf::parse(data);
        PyCollection {
            inner: parsed.value.into_owned(),
            diagnostics: parsed.diagnostics,
            name,
            origin: None,
            roots: Default::default(),
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
            origin: None,
            roots: Default::default(),
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

    /// The board size of the node's game: its root's, found by number
    /// (a search through the games for each value read made a walk of a
    /// big collection's nodes quadratic).
    fn size_of(&self, node: Node<'_, 'static>) -> BoardSize {
        let mut root = node;
        while let Some(p) = root.parent() {
            root = p;
        }
        let roots = self.roots.get_or_init(|| {
            let mut roots: Vec<(u32, BoardSize)> = self
                .inner
                .games()
                .map(|g| (g.root().id().number(), g.board_size()))
                .collect();
            roots.sort_unstable_by_key(|&(number, _)| number);
            roots
        });
        let number = root.id().number();
        roots
            .binary_search_by_key(&number, |&(n, _)| n)
            .map_or(BoardSize::STANDARD, |i| roots[i].1)
    }

    fn diagnostic_objects(&self, list: &[Diagnostic]) -> Vec<PyDiagnostic> {
        let source = self.origin.as_deref().unwrap_or(self.inner.source());
        diagnostic_objects(&self.name, source, list)
    }
}

fn diagnostic_objects(name: &str, source: &[u8], list: &[Diagnostic]) -> Vec<PyDiagnostic> {
    let index = LineIndex::new(source);
    list.iter()
        .map(|d| {
            let (line, column) = index.position(source, d.span.start);
            PyDiagnostic {
                code: d.code.as_str().to_string(),
                severity: d.severity.as_str().to_string(),
                message: d.message.to_string(),
                file: name.to_string(),
                line,
                column,
                start: d.span.start,
                end: d.span.end,
            }
        })
        .collect()
}

/// A point as sgfmill's (row, col): one of the shared tuples (see
/// `sgfmill_values::point_tuple`), as walks read one per move.
fn point_py(py: Python<'_>, p: Point, size: BoardSize) -> PyResult<Bound<'_, PyAny>> {
    let (row, col) = p.to_row_col(size);
    match sgfmill_values::point_tuple(py, (i64::from(row), i64::from(col))) {
        Some(point) => Ok(point),
        None => (row, col).into_bound_py_any(py),
    }
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

    /// The first-child chain below `node` (not `node` itself).
    fn main_line_below(&self, node: u32) -> PyResult<Vec<u32>> {
        let mut out = Vec::new();
        let mut n = self.node(node)?;
        while let Some(child) = n.first_child() {
            out.push(child.id().number());
            n = child;
        }
        Ok(out)
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

    /// [`PyCollection::property_map`] of each node, in one call.
    fn property_maps<'py>(
        &self,
        py: Python<'py>,
        nodes: Vec<u32>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        nodes
            .into_iter()
            .map(|n| self.property_map(py, n))
            .collect()
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

    /// The root of game `index` as a `kifu.Node`.
    fn root_node(slf: &Bound<'_, Self>, index: usize) -> PyResult<nodes::PyNode> {
        let game = slf.get().game(index)?;
        let size = game.board_size();
        let mut made = nodes::PyNode::many(slf, size, std::iter::once(game.root()));
        made.pop()
            .ok_or_else(|| PyIndexError::new_err("a game without a root"))
    }

    /// Game `index`'s main line as `kifu.Node`s, root first, in one call.
    fn main_line_nodes(slf: &Bound<'_, Self>, index: usize) -> PyResult<Vec<nodes::PyNode>> {
        let game = slf.get().game(index)?;
        Ok(nodes::PyNode::many(
            slf,
            game.board_size(),
            game.main_line(),
        ))
    }

    /// Every node of game `index` as `kifu.Node`s, in tree order, in one
    /// call.
    fn node_objects(slf: &Bound<'_, Self>, index: usize) -> PyResult<Vec<nodes::PyNode>> {
        let game = slf.get().game(index)?;
        Ok(nodes::PyNode::many(slf, game.board_size(), game.nodes()))
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
        if self.origin.is_some() {
            // Converted from Go XML: the reader's findings are all there is
            // with places in the file read.
            return self.diagnostic_objects(&self.diagnostics);
        }
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
    /// "json" or "xml" (GoGui / Jago Go XML).
    #[pyo3(signature = (mode = "lossless"))]
    fn write<'py>(&self, py: Python<'py>, mode: &str) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = match mode {
            "lossless" => py.detach(|| kifu_sgf::write::lossless(&self.inner)),
            "normalized" => py.detach(|| kifu_sgf::write::normalized(&self.inner)),
            "json" => py.detach(|| kifu_sgf::write::json(&self.inner).into_bytes()),
            "xml" => py.detach(|| {
                kifu_xml::write(&kifu_xml::Document::from_sgf(&self.inner)).into_bytes()
            }),
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown write mode {other:?}: expected 'lossless', 'normalized', 'json' or 'xml'"
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

/// Reads GoGui / Jago Go XML into an SGF collection (never fails: damage
/// is in the diagnostics, with places in the XML).
#[pyfunction]
#[pyo3(signature = (data, name = "<bytes>".to_string()))]
fn parse_xml(py: Python<'_>, data: &[u8], name: String) -> PyCollection {
    py.detach(|| {
        let parsed = kifu_xml::read(data);
        PyCollection {
            inner: parsed.value.to_sgf(),
            diagnostics: parsed.diagnostics,
            name,
            origin: Some(data.to_vec()),
            roots: Default::default(),
        }
    })
}

/// A Go Book (`.gobook` text): its diagrams resolved as `kifu diagrams`
/// lists them, rendered to SVG on demand.
#[pyclass(frozen, module = "kifu._kifu", name = "Book")]
pub struct PyBook {
    book: kifu_book::Book,
    resolution: kifu_book::resolve::Resolution,
    diagnostics: Vec<Diagnostic>,
    source: Vec<u8>,
    name: String,
    /// The `.gobk` package the book came from: its other entries are read
    /// only when asked for.
    package: Option<kifu_book::package::PackageReader>,
}

#[pymethods]
impl PyBook {
    /// The name it was read under.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// What the reader and the resolver found.
    fn read_diagnostics(&self) -> Vec<PyDiagnostic> {
        diagnostic_objects(&self.name, &self.source, &self.diagnostics)
    }

    /// Every finding of `kifu check` on the book.
    fn check(&self, py: Python<'_>) -> Vec<PyDiagnostic> {
        let mut all = py.detach(|| kifu_book::check(&self.book));
        all.sort_by_key(|d| d.span.start);
        diagnostic_objects(&self.name, &self.source, &all)
    }

    /// The Go items (diagrams, problems, Go data) as `kifu diagrams --json`
    /// lists them, as a JSON string.
    fn listing(&self) -> String {
        kifu_book::listing::to_json(&self.book, &self.resolution).to_string()
    }

    /// The item at `index` (in listing order) as text, as `kifu diagrams`
    /// draws it.
    fn draw(&self, index: usize) -> PyResult<String> {
        Ok(kifu_book::listing::draw(self.item(index)?))
    }

    /// The item at `index` rendered to SVG with a built-in style ("book"
    /// or "screen"), captions in `lang`.
    #[pyo3(signature = (index, style = "book", lang = "en"))]
    fn svg(&self, index: usize, style: &str, lang: &str) -> PyResult<String> {
        let item = self.item(index)?;
        let style = kifu_render::style::Style::builtin(style).ok_or_else(|| {
            PyValueError::new_err(format!("unknown style {style:?}: give 'book' or 'screen'"))
        })?;
        let view = kifu_render::svg::DiagramView::from_resolved(item, lang);
        Ok(kifu_render::svg::to_svg(&view, &style))
    }

    /// The ID of the item at `index`, if it has one.
    fn item_id(&self, index: usize) -> PyResult<Option<String>> {
        Ok(self.item(index)?.id.clone())
    }

    fn __len__(&self) -> usize {
        self.resolution.items.len()
    }

    /// The book written back (lossless: byte for byte as read).
    fn write(&self) -> String {
        self.book.to_string()
    }

    /// The names of the package's other entries (images...), in archive
    /// order; empty for a `.gobook` text.
    fn entry_names(&self) -> Vec<String> {
        self.package.as_ref().map_or_else(Vec::new, |p| {
            p.names()
                .filter(|n| *n != p.book_name())
                .map(str::to_owned)
                .collect()
        })
    }

    /// The bytes of the package entry `name` (matched as the book's names
    /// are), or None; ValueError when the package refuses it (past its
    /// size limits).
    fn entry<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let Some(package) = &self.package else {
            return Ok(None);
        };
        match package.file(name) {
            Ok(bytes) => Ok(bytes.map(|b| PyBytes::new(py, &b))),
            Err(e) => Err(PyValueError::new_err(format!("{}: {name}: {e}", self.name))),
        }
    }
}

impl PyBook {
    fn item(&self, index: usize) -> PyResult<&kifu_book::resolve::Resolved> {
        self.resolution.items.get(index).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "item {index} out of range ({} items)",
                self.resolution.items.len()
            ))
        })
    }
}

/// Reads a Go Book, `.gobook` text or a `.gobk` package (told apart by
/// the bytes), and resolves its diagrams. Damage to the text is in the
/// diagnostics; a package that cannot be read raises ValueError.
#[pyfunction]
#[pyo3(signature = (data, name = "<bytes>".to_string()))]
fn parse_book(py: Python<'_>, data: &[u8], name: String) -> PyResult<PyBook> {
    py.detach(|| {
        let (text, name, package) = if data.starts_with(b"PK\x03\x04") {
            let fail =
                |e: kifu_book::package::PackageError| PyValueError::new_err(format!("{name}: {e}"));
            let package = kifu_book::package::PackageReader::new(data).map_err(fail)?;
            let text = package.read_book().map_err(fail)?;
            let name = format!("{name}({})", package.book_name());
            (text, name, Some(package))
        } else {
            (data.to_vec(), name, None)
        };
        let parsed = kifu_book::read(&text);
        let resolution = kifu_book::resolve::resolve(&parsed.value);
        let mut diagnostics = parsed.diagnostics;
        diagnostics.extend(resolution.diagnostics.iter().cloned());
        diagnostics.sort_by_key(|d| d.span.start);
        Ok(PyBook {
            book: parsed.value,
            resolution,
            diagnostics,
            source: text,
            name,
            package,
        })
    })
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

/// The games sgfmill 1.1 would read from `data`, as byte ranges, each with
/// its GameTrees' shape (see `sgfmill_grammar::game_range`), raising
/// ValueError with sgfmill's message where sgfmill would. With
/// `collection` false only the first game is looked for.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn sgfmill_ranges(data: &[u8], collection: bool) -> PyResult<Vec<(usize, usize, Vec<(u32, u32)>)>> {
    let mut out = Vec::new();
    let mut from = 0;
    let mut shape = Vec::new();
    loop {
        match sgfmill_grammar::game_range(data, from, &mut shape) {
            Ok(Some((start, end))) => {
                out.push((start, end, std::mem::take(&mut shape)));
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

/// The first game of `data` as `Sgf_game.from_bytes` reads it: (the
/// collection, its root's number, the root's first raw `SZ` value, the
/// root's first raw `CA` value), None for an absent property. Strict (the
/// default): where sgfmill's grammar rejects the data, ValueError with
/// sgfmill's message; the game's bytes are read byte-wise, as sgfmill
/// does. With `repair`, kifu's reading of the whole input.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn sgfmill_game<'py>(
    py: Python<'py>,
    data: &[u8],
    repair: bool,
) -> PyResult<(
    Py<PyCollection>,
    u32,
    Option<Bound<'py, PyBytes>>,
    Option<Bound<'py, PyBytes>>,
)> {
    let collection = if repair {
        py.detach(|| PyCollection::read(data, "<bytes>".to_string()))
    } else {
        let range = match sgfmill_grammar::game_range(data, 0, &mut Vec::new()) {
            Ok(Some(r)) => r,
            Ok(None) => return Err(PyValueError::new_err("no SGF data found")),
            Err(message) => return Err(PyValueError::new_err(message)),
        };
        py.detach(|| PyCollection::read_bytewise(&data[range.0..range.1], "<bytes>".to_string()))
    };
    let Some(game) = collection.inner.game(0) else {
        return Err(PyValueError::new_err("no SGF data found"));
    };
    let root = game.root();
    let first = |id: &str| {
        root.properties()
            .find(|p| p.id() == id)
            .and_then(|p| p.raw_values().next())
            .map(|v| PyBytes::new(py, v))
    };
    let (size, charset) = (first("SZ"), first("CA"));
    let number = root.id().number();
    Ok((Py::new(py, collection)?, number, size, charset))
}

/// A node as sgfmill writes it: `;`, then each property (values of a
/// repeated identifier joined) as one piece, FF first, then by identifier.
pub(crate) fn node_pieces(node: Node<'_, 'static>, out: &mut Wrapper) {
    out.piece(b";");
    let mut props: Vec<(&str, Vec<&[u8]>)> = Vec::new();
    for p in node.properties() {
        let id = p.id();
        match props.iter_mut().find(|(i, _)| *i == id) {
            Some((_, values)) => values.extend(p.raw_values()),
            None => props.push((id, p.raw_values().collect())),
        }
    }
    props.sort_by(|a, b| (a.0 != "FF", a.0).cmp(&(b.0 != "FF", b.0)));
    let mut piece = Vec::new();
    for (id, values) in props {
        piece.clear();
        piece.extend_from_slice(id.as_bytes());
        for v in values {
            piece.push(b'[');
            piece.extend_from_slice(v);
            piece.push(b']');
        }
        out.piece(&piece);
    }
}

/// sgfmill's line wrapping, one piece at a time: a new line starts before
/// a piece that would make the line longer than the width.
pub(crate) struct Wrapper {
    out: Vec<u8>,
    line: Vec<u8>,
    lines: usize,
    width: Option<usize>,
}

impl Wrapper {
    /// Lines kept to `width` columns where possible (None: not wrapped).
    pub(crate) fn new(width: Option<usize>) -> Wrapper {
        Wrapper {
            out: Vec::new(),
            line: Vec::new(),
            lines: 0,
            width,
        }
    }

    pub(crate) fn piece(&mut self, piece: &[u8]) {
        match self.width {
            None => self.out.extend_from_slice(piece),
            Some(width) => {
                if self.line.len() + piece.len() > width {
                    self.flush();
                }
                self.line.extend_from_slice(piece);
            }
        }
    }

    fn flush(&mut self) {
        if self.lines > 0 {
            self.out.push(b'\n');
        }
        self.out.extend_from_slice(&self.line);
        self.lines += 1;
        self.line.clear();
    }

    pub(crate) fn finish(mut self) -> Vec<u8> {
        if !self.line.is_empty() {
            self.flush();
        }
        self.out
    }
}

/// The descendants of `start` in sgfmill's layout: a node with one child
/// continues the sequence, a node with several opens a `(...)` for each.
pub(crate) fn descendant_pieces(start: Node<'_, 'static>, out: &mut Wrapper) {
    enum Step<'c> {
        Open(Node<'c, 'static>),
        Descend(Node<'c, 'static>),
        Close,
    }
    let mut stack = vec![Step::Descend(start)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Close => out.piece(b")"),
            Step::Open(n) => {
                out.piece(b"(");
                node_pieces(n, out);
                stack.push(Step::Descend(n));
            }
            Step::Descend(mut n) => loop {
                let mut kids = n.children();
                let first = kids.next();
                let second = kids.next();
                match (first, second) {
                    (Some(only), None) => {
                        node_pieces(only, out);
                        n = only;
                    }
                    (None, _) => break,
                    (Some(a), Some(b)) => {
                        let all: Vec<_> = [a, b].into_iter().chain(kids).collect();
                        for k in all.into_iter().rev() {
                            stack.push(Step::Close);
                            stack.push(Step::Open(k));
                        }
                        break;
                    }
                }
            },
        }
    }
}

/// Joins serialised pieces as sgfmill's `serialise` does (wrapped at
/// `wrap` columns, or not at all for None). A piece is bytes, or a
/// (Collection, node number, itself) triple standing for that node's
/// descendants (and the node, with `itself`), written from the native tree.
#[pyfunction]
#[pyo3(signature = (pieces, wrap = Some(79)))]
fn sgfmill_join<'py>(
    py: Python<'py>,
    pieces: Vec<Bound<'py, PyAny>>,
    wrap: Option<usize>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut out = Wrapper::new(wrap);
    for piece in pieces {
        if let Ok(bytes) = piece.cast::<PyBytes>() {
            out.piece(bytes.as_bytes());
        } else {
            let (collection, number, itself): (PyRef<'py, PyCollection>, u32, bool) =
                piece.extract()?;
            let node = collection.node(number)?;
            if itself {
                node_pieces(node, &mut out);
            }
            descendant_pieces(node, &mut out);
        }
    }
    Ok(PyBytes::new(py, &out.finish()))
}

/// Reads many SGF inputs (bytes) in parallel on all cores, the GIL
/// released; one Collection each, in order.
#[pyfunction]
fn parse_many(py: Python<'_>, inputs: Vec<Bound<'_, PyBytes>>) -> Vec<PyCollection> {
    let slices: Vec<&[u8]> = inputs.iter().map(|b| b.as_bytes()).collect();
    py.detach(|| {
        slices
            .par_iter()
            .map(|data| PyCollection::read(data, "<bytes>".to_string()))
            .collect()
    })
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

/// Reads the games of one stream (a file of concatenated SGF games, of any
/// size): games are split sequentially and parsed in parallel, a chunk at
/// a time, the GIL released. Yields (name, Collection) with the name
/// `path:line:column` of the game's start (1-based).
#[pyclass(module = "kifu._kifu", name = "StreamReader")]
pub struct StreamReader {
    path: String,
    stream: kifu_sgf::stream::GameStream<std::io::BufReader<std::fs::File>>,
    chunk: usize,
    done: bool,
    ready: VecDeque<PyCollection>,
}

#[pymethods]
impl StreamReader {
    #[new]
    #[pyo3(signature = (path, chunk = 1024))]
    fn new(path: PathBuf, chunk: usize) -> PyResult<Self> {
        let file = std::fs::File::open(&path)?;
        Ok(StreamReader {
            path: path.to_string_lossy().into_owned(),
            stream: kifu_sgf::stream::GameStream::new(std::io::BufReader::new(file)),
            chunk: chunk.max(1),
            done: false,
            ready: VecDeque::new(),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyCollection>> {
        if self.ready.is_empty() && !self.done {
            let (stream, chunk, path) = (&mut self.stream, self.chunk, &self.path);
            let batch = py.detach(|| -> std::io::Result<Vec<PyCollection>> {
                let mut games = Vec::new();
                while games.len() < chunk {
                    let Some(bytes) = stream.next_game()? else {
                        break;
                    };
                    let at = kifu_sgf::stream::GameStream::position(stream);
                    games.push((bytes, format!("{path}:{}:{}", at.line + 1, at.column + 1)));
                }
                Ok(games
                    .into_par_iter()
                    .map(|(bytes, name)| PyCollection::read(&bytes, name))
                    .collect())
            })?;
            if batch.len() < self.chunk {
                self.done = true;
            }
            self.ready.extend(batch);
        }
        Ok(self.ready.pop_front())
    }
}

/// kifu's native module.
#[pymodule]
fn _kifu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<PyCollection>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<nodes::PyNode>()?;
    m.add_class::<PyDiagnostic>()?;
    m.add_class::<FileReader>()?;
    m.add_class::<StreamReader>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(sgfmill_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(parse_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(sgfmill_game, m)?)?;
    m.add_function(wrap_pyfunction!(parse_many, m)?)?;
    m.add_function(wrap_pyfunction!(parse_xml, m)?)?;
    m.add_function(wrap_pyfunction!(parse_book, m)?)?;
    m.add_class::<PyBook>()?;
    m.add_function(wrap_pyfunction!(sgfmill_join, m)?)?;
    m.add_function(wrap_pyfunction!(positions::positions_files, m)?)?;
    m.add_function(wrap_pyfunction!(positions::positions_bytes, m)?)?;
    // The drop-in's classes, under names that do not clash with the native
    // API's (their Python names are sgfmill's: Node, Tree_node, Board).
    let py = m.py();
    m.add("SgfmillNode", py.get_type::<sgfmill_nodes::SgfNode>())?;
    m.add("SgfmillTreeNode", py.get_type::<sgfmill_nodes::TreeNode>())?;
    m.add_class::<sgfmill_nodes::NativeGame>()?;
    m.add_class::<sgfmill_nodes::PyContext>()?;
    m.add_function(wrap_pyfunction!(sgfmill_nodes::sgfmill_root, m)?)?;
    m.add_function(wrap_pyfunction!(sgfmill_nodes::sgfmill_serialise, m)?)?;
    m.add_function(wrap_pyfunction!(sgfmill_nodes::sgfmill_main_moves, m)?)?;
    m.add("SgfmillBoard", py.get_type::<sgfmill_board::SgfmillBoard>())?;
    Ok(())
}

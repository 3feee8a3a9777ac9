//! `kifu.Collection`'s native half: a parsed SGF collection that owns its
//! bytes, its games' values in sgfmill's representation, its checks,
//! writing and replay.

use kifu_diag::Diagnostic;
use kifu_sgf::props::{Double, Value};
use kifu_sgf::{BoardSize, Collection, Color, Node, Point};
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};

use crate::board::{PyBoard, color_str};
use crate::diagnostic::{PyDiagnostic, diagnostic_objects};
use crate::sgfmill_values;

/// A parsed SGF collection that owns its bytes.
#[pyclass(frozen, module = "kifu._kifu", name = "Collection")]
pub struct PyCollection {
    pub(crate) inner: Collection<'static>,
    /// What the reader reported (spans in `inner.source()`, or in
    /// `origin` when the collection was converted from another format).
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) name: String,
    /// The bytes read when they are not `inner.source()` (Go XML).
    pub(crate) origin: Option<Vec<u8>>,
    /// Each game's root number and board size, sorted by number: made
    /// when a value is first read by node number (see `size_of`).
    pub(crate) roots: std::sync::OnceLock<Vec<(u32, BoardSize)>>,
}

impl PyCollection {
    pub(crate) fn read(data: &[u8], name: String) -> PyCollection {
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
    pub(crate) fn read_bytewise(data: &[u8], name: String) -> PyCollection {
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

    pub(crate) fn node(&self, number: u32) -> PyResult<Node<'_, 'static>> {
        self.inner
            .node_numbered(number)
            .ok_or_else(|| PyIndexError::new_err(format!("no node {number} in this collection")))
    }

    pub(crate) fn game(&self, index: usize) -> PyResult<kifu_sgf::Game<'_, 'static>> {
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
    pub(crate) fn size_of(&self, node: Node<'_, 'static>) -> BoardSize {
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

    pub(crate) fn diagnostic_objects(&self, list: &[Diagnostic]) -> Vec<PyDiagnostic> {
        let source = self.origin.as_deref().unwrap_or(self.inner.source());
        diagnostic_objects(&self.name, source, list)
    }
}

/// A point as sgfmill's (row, col): one of the shared tuples (see
/// `sgfmill_values::point_tuple`), as walks read one per move.
pub(crate) fn point_py(py: Python<'_>, p: Point, size: BoardSize) -> PyResult<Bound<'_, PyAny>> {
    let (row, col) = p.to_row_col(size);
    match sgfmill_values::point_tuple(py, (i64::from(row), i64::from(col))) {
        Some(point) => Ok(point),
        None => (row, col).into_bound_py_any(py),
    }
}

/// A typed value in sgfmill's representation (the seed table).
pub(crate) fn value_py<'py>(
    py: Python<'py>,
    v: &Value,
    size: BoardSize,
) -> PyResult<Bound<'py, PyAny>> {
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
    pub(crate) fn property_map<'py>(
        &self,
        py: Python<'py>,
        node: u32,
    ) -> PyResult<Bound<'py, PyDict>> {
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

pub(crate) fn replay_nodes(size: BoardSize, nodes: &[Node<'_, 'static>]) -> kifu_board::Board {
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

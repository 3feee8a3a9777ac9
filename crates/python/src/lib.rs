//! The native half of the `kifu` Python package (`kifu._kifu`).
//!
//! Python sees a [`PyCollection`] (an owned, parsed SGF collection),
//! integers for its nodes ([`kifu_sgf::NodeId::number`]) and `kifu.Node`,
//! a native view of one node; the pure-Python package (`python/kifu`)
//! wraps them in `Collection` and `Game` classes and in the sgfmill
//! drop-in. Everything here returns a Python exception on bad
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
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;

mod board;
mod collection;
mod diagnostic;
mod nodes;
mod pieces;
mod positions;
mod sgfmill_board;
mod sgfmill_grammar;
mod sgfmill_ids;
mod sgfmill_nodes;
mod sgfmill_values;

use crate::board::PyBoard;
pub use crate::collection::PyCollection;
use crate::diagnostic::{PyDiagnostic, diagnostic_objects};
use crate::pieces::{Wrapper, descendant_pieces, node_pieces};

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

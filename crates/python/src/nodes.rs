//! `kifu.Node`, the native API's node: a collection, a node number and
//! the board size its game's values are read in. Native, so that a
//! program walking every node pays one native call per getter rather than
//! a Python method that calls a native one; the size is the game's, found
//! once when the node is made (not by walking up to the root and then
//! through the collection's games at every value read).

use kifu_sgf::{BoardSize, Node};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};

use crate::board::color_str;
use crate::collection::{PyCollection, point_py, value_py};
use crate::sgfmill_nodes::prop_id_bytes;

/// One node of a game: properties, typed values, children.
#[pyclass(frozen, module = "kifu", name = "Node")]
pub struct PyNode {
    collection: Py<PyCollection>,
    number: u32,
    size: BoardSize,
}

impl PyNode {
    /// Node objects of the given nodes of one game (board `size`).
    pub(crate) fn many<'c>(
        collection: &Bound<'_, PyCollection>,
        size: BoardSize,
        nodes: impl Iterator<Item = Node<'c, 'static>>,
    ) -> Vec<PyNode> {
        nodes
            .map(|n| PyNode {
                collection: collection.clone().unbind(),
                number: n.id().number(),
                size,
            })
            .collect()
    }

    /// Node `number` of the same game.
    fn sibling_node(&self, py: Python<'_>, number: u32) -> PyNode {
        PyNode {
            collection: self.collection.clone_ref(py),
            number,
            size: self.size,
        }
    }

    fn node(&self) -> PyResult<Node<'_, 'static>> {
        self.collection.get().node(self.number)
    }

    /// The raw values of every property `identifier` of the node (a
    /// property written twice has its values joined), None when it has
    /// none.
    fn raw_values(&self, identifier: &str) -> PyResult<Option<Vec<&[u8]>>> {
        let mut found: Option<Vec<&[u8]>> = None;
        let wanted = identifier.as_bytes();
        for p in self
            .node()?
            .properties()
            .filter(|p| prop_id_bytes(p) == wanted)
        {
            found.get_or_insert_with(Vec::new).extend(p.raw_values());
        }
        Ok(found)
    }
}

#[pymethods]
impl PyNode {
    /// The root of game `index` of `collection` (kifu.Game.root).
    #[staticmethod]
    fn _root(collection: &Bound<'_, PyCollection>, index: usize) -> PyResult<PyNode> {
        let game = collection.get().game(index)?;
        let mut made = PyNode::many(collection, game.board_size(), std::iter::once(game.root()));
        made.pop()
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("a game without a root"))
    }

    /// Game `index`'s main line, root first, made in one call
    /// (kifu.Game.main_line).
    #[staticmethod]
    fn _main_line(collection: &Bound<'_, PyCollection>, index: usize) -> PyResult<Vec<PyNode>> {
        let game = collection.get().game(index)?;
        Ok(PyNode::many(
            collection,
            game.board_size(),
            game.main_line(),
        ))
    }

    /// Every node of game `index` in tree order, made in one call
    /// (kifu.Game.nodes).
    #[staticmethod]
    fn _tree(collection: &Bound<'_, PyCollection>, index: usize) -> PyResult<Vec<PyNode>> {
        let game = collection.get().game(index)?;
        Ok(PyNode::many(collection, game.board_size(), game.nodes()))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyNode>().is_ok_and(|o| {
            let o = o.get();
            o.collection.is(&self.collection) && o.number == self.number
        })
    }

    fn __hash__(&self) -> isize {
        // The collection's address and the number, as (id(c), n) would.
        let address = self.collection.as_ptr() as usize;
        (address.rotate_left(20) ^ self.number as usize) as isize
    }

    fn __repr__(&self) -> PyResult<String> {
        let mut out = String::from("<kifu.Node ");
        for p in self.node()?.properties() {
            out.push_str(p.id());
            for v in p.raw_values() {
                out.push('[');
                out.push_str(&String::from_utf8_lossy(v));
                out.push(']');
            }
        }
        out.push('>');
        Ok(out)
    }

    /// The child nodes, in order.
    #[getter]
    fn children(&self, py: Python<'_>) -> PyResult<Vec<PyNode>> {
        Ok(self
            .node()?
            .children()
            .map(|n| self.sibling_node(py, n.id().number()))
            .collect())
    }

    /// The parent node, or None for a root.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<PyNode>> {
        Ok(self
            .node()?
            .parent()
            .map(|n| self.sibling_node(py, n.id().number())))
    }

    /// [(identifier, [raw bytes, ...]), ...] as written.
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for p in self.node()?.properties() {
            let values = PyList::new(py, p.raw_values().map(|v| PyBytes::new(py, v)))?;
            let id = std::str::from_utf8(prop_id_bytes(&p)).unwrap_or("");
            list.append((crate::sgfmill_ids::string(py, id), values))?;
        }
        Ok(list)
    }

    /// The raw values of a property (escapes kept), or None.
    fn raw<'py>(
        &self,
        py: Python<'py>,
        identifier: &str,
    ) -> PyResult<Option<Vec<Bound<'py, PyBytes>>>> {
        Ok(self
            .raw_values(identifier)?
            .map(|values| values.into_iter().map(|v| PyBytes::new(py, v)).collect()))
    }

    /// The typed value of a property (sgfmill's representation: 'b'/'w',
    /// (row, col) from the bottom left, None for a pass, lists, pairs), or
    /// `default`. ValueError when the value does not read as its type.
    #[pyo3(signature = (identifier, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        identifier: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let wanted = identifier.as_bytes();
        let Some(p) = self
            .node()?
            .properties()
            .find(|p| prop_id_bytes(p) == wanted)
        else {
            return Ok(default);
        };
        match p.value() {
            Ok(v) => Ok(Some(value_py(py, &v, self.size)?)),
            Err(e) => Err(PyValueError::new_err(format!(
                "{}: {identifier}: {e}",
                self.collection.get().name
            ))),
        }
    }

    /// A text property decoded in the game's charset, or None.
    fn text(&self, identifier: &str) -> PyResult<Option<String>> {
        Ok(self.node()?.text(identifier).map(|s| s.into_owned()))
    }

    /// ('b' or 'w', (row, col) or None for a pass), or None.
    #[getter]
    fn r#move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let Some((color, point)) = self.node()?.get_move() else {
            return Ok(None);
        };
        let point = match point {
            Some(p) => point_py(py, p, self.size)?,
            None => py.None().into_bound(py),
        };
        Ok(Some(PyTuple::new(
            py,
            [color_str(color).into_pyobject(py)?.into_any(), point],
        )?))
    }

    fn __contains__(&self, identifier: &str) -> PyResult<bool> {
        let wanted = identifier.as_bytes();
        Ok(self
            .node()?
            .properties()
            .any(|p| prop_id_bytes(&p) == wanted))
    }
}

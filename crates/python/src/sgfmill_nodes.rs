//! The sgfmill drop-in's node objects (`sgf.Node`, `sgf.Tree_node`).
//!
//! sgfmill builds a Python object and a property dict for every node when
//! it parses; the drop-in parses natively and builds node objects only
//! when a program asks for them (a node's children, all at once, the
//! first time they are used; the main line in one call). A node read from
//! the file answers the getters (`get`, `get_move`, `has_property`,
//! `properties`, `get_raw`) from the native tree without making its
//! property dict. The dict is made the first time a program could change
//! it or hold on to it (`set...`, `get_raw_list`, `get_raw_property_map`);
//! from then on it is what the node reads and writes. The dicts made so
//! far are kept per game by number ([`NativeGame`]), so that the plain
//! `Node`s of `main_sequence_iter` and the `Tree_node`s of the same node
//! share one dict, as in sgfmill.
//!
//! The methods that change a node are sgfmill's Python code, added to
//! these classes by `kifu/sgfmill/sgf.py`; so are the readers' fallbacks
//! (`_py_get`, `_py_get_move`), which run whenever the answer is not
//! certain here (see [`crate::sgfmill_values`]): a dict a program made,
//! a presenter a program changed, a value sgfmill would reject.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use kifu_sgf::{Node, Property};
use pyo3::exceptions::{PyAttributeError, PyKeyError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyBytes, PyDict, PyList, PyString, PyTuple, PyType, PyWeakrefMethods, PyWeakrefReference,
};
use pyo3::{IntoPyObjectExt, PyTraverseError, PyVisit, intern};

use crate::collection::PyCollection;
use crate::pieces::{Wrapper, descendant_pieces, node_pieces};
use crate::sgfmill_ids::{self, Ident};
use crate::sgfmill_values::{self, Charset, Context};

/// One game read by kifu for the drop-in: its native collection and the
/// property dicts made so far, by node number.
#[pyclass(frozen, module = "kifu._kifu")]
pub(crate) struct NativeGame {
    collection: Py<PyCollection>,
    /// The game's presenter's `_context` (None: read values in Python).
    context: Option<Py<PyContext>>,
    maps: Mutex<HashMap<u32, Py<PyDict>>>,
    /// The nodes with a dict made for a node below them.
    above_maps: Mutex<HashSet<u32>>,
    /// Whether `maps` has any: most games never make a dict, and their
    /// getters then skip the lock.
    any_map: AtomicBool,
}

impl NativeGame {
    fn node(&self, number: u32) -> PyResult<Node<'_, 'static>> {
        self.collection.get().node(number)
    }

    /// The dict made for node `number`, if any.
    fn made_map(&self, py: Python<'_>, number: u32) -> Option<Py<PyDict>> {
        if !self.any_map.load(Ordering::Relaxed) {
            return None;
        }
        let maps = self.maps.lock().ok()?;
        maps.get(&number).map(|m| m.clone_ref(py))
    }

    /// Node `number`'s dict: the one made before, or a new one.
    fn map(&self, py: Python<'_>, number: u32) -> PyResult<Py<PyDict>> {
        if let Some(map) = self.made_map(py, number) {
            return Ok(map);
        }
        let map = self.collection.get().property_map(py, number)?.unbind();
        let mut maps = self
            .maps
            .lock()
            .map_err(|_| PyRuntimeError::new_err("node table poisoned"))?;
        self.any_map.store(true, Ordering::Relaxed);
        let made = maps.entry(number).or_insert(map).clone_ref(py);
        drop(maps);
        self.mark_ancestors(number);
        Ok(made)
    }

    /// Records that the nodes above `number` have a dict below them, up to
    /// the first one recorded before (whose own ancestors are recorded
    /// already): each node is recorded once however many dicts are made.
    fn mark_ancestors(&self, number: u32) {
        let Ok(mut above) = self.above_maps.lock() else {
            return;
        };
        let mut at = self.node(number).ok().and_then(|n| n.parent());
        while let Some(node) = at {
            if !above.insert(node.id().number()) {
                break;
            }
            at = node.parent();
        }
    }

    /// Whether a dict was made for a node below `number` (or, with
    /// `itself`, for `number`): the native tree is then not what the
    /// program sees there. Serialising asks this of every node it writes,
    /// so it is two lookups, not a walk over the dicts made.
    fn edited_below(&self, number: u32, itself: bool) -> bool {
        if !self.any_map.load(Ordering::Relaxed) {
            return false;
        }
        let below = self
            .above_maps
            .lock()
            .map_or(true, |above| above.contains(&number));
        below
            || (itself
                && self
                    .maps
                    .lock()
                    .map_or(true, |maps| maps.contains_key(&number)))
    }
}

/// What a presenter's values are read with natively, kept by
/// `sgf_properties.Presenter` as `_context`: worked out by the presenter's
/// `_fast_context` when first needed, forgotten whenever an attribute of
/// the presenter is set. A game read by kifu holds its presenter's, so
/// that its nodes do not look it up on each call.
///
/// Every getter reads it, so it is one atomic word (a plain load) rather
/// than a borrowed cell: bits 0-1 the state (0 unknown, 1 unusable, 2
/// usable), bit 2 `large_boards`, bit 3 `default_types`, bits 4-5 the
/// charset, bits 8-23 the size.
#[pyclass(frozen, module = "kifu._kifu", name = "SgfmillContext")]
pub(crate) struct PyContext {
    state: AtomicU64,
}

#[derive(Clone, Copy)]
enum ContextState {
    Unknown,
    /// The presenter is not one the native readers can stand in for.
    Unusable,
    Usable(Context),
}

const UNKNOWN: u64 = 0;
const UNUSABLE: u64 = 1;
const USABLE: u64 = 2;

impl PyContext {
    fn state(&self) -> ContextState {
        let word = self.state.load(Ordering::Relaxed);
        match word & 3 {
            USABLE => ContextState::Usable(Context {
                size: i64::from((word >> 8) as u16),
                large_boards: word & 4 != 0,
                default_types: word & 8 != 0,
                charset: Charset::from_code((word >> 4) as u8 & 3),
            }),
            UNUSABLE => ContextState::Unusable,
            _ => ContextState::Unknown,
        }
    }
}

#[pymethods]
impl PyContext {
    #[new]
    fn new() -> Self {
        PyContext {
            state: AtomicU64::new(UNKNOWN),
        }
    }

    /// Records the presenter's context (`usable` false: none).
    #[pyo3(signature = (usable, size = 19, large_boards = false, encoding = "", default_types = false))]
    fn set(
        &self,
        usable: bool,
        size: i64,
        large_boards: bool,
        encoding: &str,
        default_types: bool,
    ) {
        let word = match u16::try_from(size) {
            Ok(size) if usable => {
                USABLE
                    | u64::from(large_boards) << 2
                    | u64::from(default_types) << 3
                    | u64::from(Charset::from_name(encoding).code()) << 4
                    | u64::from(size) << 8
            }
            _ => UNUSABLE,
        };
        self.state.store(word, Ordering::Relaxed);
    }

    /// Forgets the context (the presenter changed).
    fn forget(&self) {
        self.state.store(UNKNOWN, Ordering::Relaxed);
    }
}

/// The context of a native node's presenter, None when it has none usable
/// here.
fn context(native: &NativeGame, presenter: &Bound<'_, PyAny>) -> PyResult<Option<Context>> {
    let py = presenter.py();
    let Some(context) = &native.context else {
        return Ok(None);
    };
    let context = context.get();
    let mut state = context.state();
    if let ContextState::Unknown = state {
        presenter.call_method0(intern!(py, "_fast_context"))?;
        state = context.state();
    }
    Ok(match state {
        ContextState::Usable(ctx) => Some(ctx),
        ContextState::Unknown | ContextState::Unusable => None,
    })
}

/// `sgf.Node`: a node's properties. Also holds `Tree_node`'s links, so
/// that one struct (and one traverse for the cycle collector) serves both.
#[pyclass(subclass, dict, weakref, module = "kifu.sgfmill.sgf", name = "Node")]
pub(crate) struct SgfNode {
    presenter: Option<Py<PyAny>>,
    /// The game read by kifu this node is from (None for nodes a program
    /// made); `number` is its native node.
    native: Option<Py<NativeGame>>,
    number: u32,
    /// The property dict, once made: from then on the node's truth.
    map: Option<Py<PyAny>>,
    owner: Option<Py<PyAny>>,
    parent: Option<Py<PyAny>>,
    /// The child Tree_nodes, once asked for (None: not yet).
    children: Option<Children>,
}

/// A Tree_node's children. Children hold their parent strongly (as in
/// sgfmill), so a parent holding its children strongly too would put
/// every node in a cycle, freed only by the cycle collector (half the
/// time of a walk). Children still as read are held weakly instead, and a
/// dead one is made again when asked for: no program can tell while the
/// node object has nothing of its own (its dict of properties is kept by
/// the game, by number). A finished game's nodes are then freed by
/// reference counting.
enum Children {
    /// The native children as read, slot i for child i: made when first
    /// asked for, held weakly.
    Native(Slots),
    /// Children changed by the program, or of a node it made, or of a
    /// node that has something of its own (see [`pin`]): held strongly,
    /// as in sgfmill.
    Held(Vec<Py<PyAny>>),
}

/// The weak slots of a node's native children. The first child's slot is
/// inline: most nodes have one child, and a Vec would be an allocation per
/// node of a walked main line.
struct Slots {
    len: usize,
    first: Option<Py<PyWeakrefReference>>,
    rest: Vec<Option<Py<PyWeakrefReference>>>,
}

impl Slots {
    fn new(len: usize) -> Slots {
        Slots {
            len,
            first: None,
            rest: std::iter::repeat_with(|| None)
                .take(len.saturating_sub(1))
                .collect(),
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// Slot `index` (None: out of range).
    fn get(&self, index: usize) -> Option<&Option<Py<PyWeakrefReference>>> {
        match index {
            _ if index >= self.len => None,
            0 => Some(&self.first),
            _ => self.rest.get(index - 1),
        }
    }

    fn set(&mut self, index: usize, weak: Py<PyWeakrefReference>) {
        match index {
            _ if index >= self.len => {}
            0 => self.first = Some(weak),
            _ => {
                if let Some(slot) = self.rest.get_mut(index - 1) {
                    *slot = Some(weak);
                }
            }
        }
    }

    fn iter(&self) -> impl Iterator<Item = &Option<Py<PyWeakrefReference>>> {
        std::iter::once(&self.first)
            .take(self.len.min(1))
            .chain(self.rest.iter())
    }
}

/// Frees the chain of ancestors that only `parent`'s child held one by
/// one rather than in nested deallocations as deep as the chain (a long
/// main line would overflow the stack).
impl Drop for SgfNode {
    fn drop(&mut self) {
        let Some(parent) = self.parent.take() else {
            return;
        };
        // Deprecated for `ffi::Py_REFCNT`, which is unsafe (forbidden here).
        #[allow(deprecated)]
        Python::attach(|py| {
            let mut parent = parent;
            while parent.get_refcnt(py) == 1 {
                let grandparent = parent
                    .bind(py)
                    .cast::<SgfNode>()
                    .ok()
                    .and_then(|p| p.try_borrow_mut().ok()?.parent.take());
                match grandparent {
                    // The parent is freed here, without a parent to free.
                    Some(next) => parent = next,
                    None => break,
                }
            }
        });
    }
}

/// `sgf.Tree_node`: a node in a game (its data is in [`SgfNode`]).
#[pyclass(extends = SgfNode, subclass, module = "kifu.sgfmill.sgf", name = "Tree_node")]
pub(crate) struct TreeNode;

/// Where a node's properties are read from right now: a native node (its
/// game, its number and the node's presenter) or the node's dict.
enum Source<'py> {
    Native(Bound<'py, NativeGame>, u32, Option<Bound<'py, PyAny>>),
    Map(Bound<'py, PyAny>),
}

impl SgfNode {
    fn plain(presenter: Py<PyAny>) -> SgfNode {
        SgfNode {
            presenter: Some(presenter),
            native: None,
            number: 0,
            map: None,
            owner: None,
            parent: None,
            children: None,
        }
    }

    fn presenter<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.presenter
            .as_ref()
            .map(|p| p.bind(py).clone())
            .ok_or_else(|| PyAttributeError::new_err("_presenter"))
    }
}

/// The node's source, adopting a dict made through another object of the
/// same node. One shared borrow in the usual case (a node as read in a
/// game with no dict made): the getters run it on every call.
fn source<'py>(slf: &Bound<'py, SgfNode>) -> PyResult<Source<'py>> {
    let py = slf.py();
    let (native, number, presenter) = {
        let this = slf.borrow();
        if let Some(map) = &this.map {
            return Ok(Source::Map(map.bind(py).clone()));
        }
        let Some(native) = this.native.as_ref().map(|n| n.bind(py).clone()) else {
            return Err(PyAttributeError::new_err("_property_map"));
        };
        let presenter = this.presenter.as_ref().map(|p| p.bind(py).clone());
        (native, this.number, presenter)
    };
    if let Some(map) = native.get().made_map(py, number) {
        let map = map.into_bound(py).into_any();
        slf.borrow_mut().map = Some(map.clone().unbind());
        return Ok(Source::Map(map));
    }
    Ok(Source::Native(native, number, presenter))
}

/// The node's dict, made now if need be.
fn property_map<'py>(slf: &Bound<'py, SgfNode>) -> PyResult<Bound<'py, PyAny>> {
    match source(slf)? {
        Source::Map(map) => Ok(map),
        Source::Native(native, number, _) => {
            let map = native
                .get()
                .map(slf.py(), number)?
                .into_bound(slf.py())
                .into_any();
            slf.borrow_mut().map = Some(map.clone().unbind());
            Ok(map)
        }
    }
}

/// Whether a native property's identifier is `id`. An identifier written
/// in capitals (nearly all) is its own bytes; only FF[3]'s lower-case
/// letters need `Property::id`'s lookup. Every getter runs this over the
/// node's properties.
fn prop_is(p: &Property<'_, 'static>, id: &[u8]) -> bool {
    prop_id_bytes(p) == id
}

/// A native property's identifier as bytes (see [`prop_is`]).
pub(crate) fn prop_id_bytes<'c>(p: &Property<'c, 'static>) -> &'c [u8] {
    let written = p.written_id();
    if written.iter().all(u8::is_ascii_uppercase) {
        written
    } else {
        p.id().as_bytes()
    }
}

/// A property's raw values: one without an allocation (most properties
/// have one value), more in a Vec.
enum Raws<'c> {
    One([&'c [u8]; 1]),
    Many(Vec<&'c [u8]>),
}

impl<'c> Raws<'c> {
    fn push(found: Option<Raws<'c>>, raw: &'c [u8]) -> Raws<'c> {
        match found {
            None => Raws::One([raw]),
            Some(Raws::One([first])) => Raws::Many(vec![first, raw]),
            Some(Raws::Many(mut all)) => {
                all.push(raw);
                Raws::Many(all)
            }
        }
    }

    fn as_slice(&self) -> &[&'c [u8]] {
        match self {
            Raws::One(one) => one,
            Raws::Many(all) => all,
        }
    }
}

/// The raw values of `id` at a native node (a repeated identifier's
/// values joined), None when it has none.
fn native_raws<'c>(node: Node<'c, 'static>, id: &str) -> Option<Raws<'c>> {
    let mut found: Option<Raws<'c>> = None;
    for p in node.properties().filter(|p| prop_is(p, id.as_bytes())) {
        let mut values = p.raw_values().peekable();
        if values.peek().is_none() && found.is_none() {
            found = Some(Raws::Many(Vec::new()));
        }
        for raw in values {
            found = Some(Raws::push(found, raw));
        }
    }
    found
}

/// The first raw value of `id` at a native node.
fn native_first<'c>(node: Node<'c, 'static>, id: &str) -> Option<&'c [u8]> {
    node.properties()
        .find(|p| prop_is(p, id.as_bytes()))
        .map(|p| p.raw_values().next().unwrap_or(b""))
}

/// sgfmill's raw move of a native node: the first value of B, else of W
/// (one pass over the properties).
fn native_move<'c>(node: Node<'c, 'static>) -> Option<(&'static str, &'c [u8])> {
    let mut white = None;
    for p in node.properties() {
        match prop_id_bytes(&p) {
            b"B" => return Some(("B", p.raw_values().next().unwrap_or(b""))),
            b"W" if white.is_none() => white = Some(p.raw_values().next().unwrap_or(b"")),
            _ => {}
        }
    }
    white.map(|raw| ("W", raw))
}

/// An identifier as a str; other keys are hashed (TypeError for what is
/// unhashable, as a dict lookup raises) and match nothing native.
fn key_str(key: &Bound<'_, PyAny>) -> PyResult<Option<Ident>> {
    match key.cast::<PyString>() {
        Ok(s) => Ok(sgfmill_ids::ident_of(s)),
        Err(_) => key.hash().map(|_| None),
    }
}

/// sgfmill's colour of a move property, the same str each time.
fn colour_str<'py>(py: Python<'py>, id: &str) -> Bound<'py, PyString> {
    if id == "B" {
        intern!(py, "b").clone()
    } else {
        intern!(py, "w").clone()
    }
}

/// The (colour, move) pairs of the moves of boards up to 19x19 (and
/// passes), made once: tuples cannot change, so every answer can share
/// them, as the points are shared (see `sgfmill_values::point_tuple`).
static MOVES: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();
const MOVES_SIDE: i64 = 19;

/// sgfmill's (None, None) for a node with no move, one shared tuple.
static NO_MOVE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();

fn no_move(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let tuple = NO_MOVE.get_or_try_init(py, || {
        PyTuple::new(py, [py.None(), py.None()]).map(Bound::unbind)
    })?;
    Ok(tuple.bind(py).clone().into_any())
}

/// sgfmill's (colour, move) of a move property `id` ("B" or "W") at
/// `point` (None: a pass).
fn move_tuple<'py>(
    py: Python<'py>,
    id: &str,
    point: Option<(i64, i64)>,
) -> PyResult<Bound<'py, PyAny>> {
    let new = |point: Option<(i64, i64)>, id: &str| -> PyResult<Bound<'py, PyTuple>> {
        let mv = match point {
            Some(p) => {
                sgfmill_values::point_tuple(py, p).unwrap_or_else(|| py.None().into_bound(py))
            }
            None => py.None().into_bound(py),
        };
        PyTuple::new(py, [colour_str(py, id).into_any(), mv])
    };
    let index = match point {
        None => Some(0),
        Some((row, col)) if (0..MOVES_SIDE).contains(&row) && (0..MOVES_SIDE).contains(&col) => {
            usize::try_from(1 + row * MOVES_SIDE + col).ok()
        }
        Some(_) => None,
    };
    if let Some(index) = index {
        let moves = MOVES.get_or_try_init(py, || {
            let per_colour = 1 + MOVES_SIDE * MOVES_SIDE;
            ["B", "W"]
                .into_iter()
                .flat_map(|id| {
                    (0..per_colour).map(move |i| {
                        let point = (i > 0).then(|| ((i - 1) / MOVES_SIDE, (i - 1) % MOVES_SIDE));
                        (id, point)
                    })
                })
                .map(|(id, point)| new(point, id).map(Bound::unbind))
                .collect::<PyResult<Vec<_>>>()
        })?;
        let offset = if id == "B" { 0 } else { moves.len() / 2 };
        if let Some(t) = moves.get(offset + index) {
            return Ok(t.bind(py).clone().into_any());
        }
    }
    Ok(new(point, id)?.into_any())
}

/// The data descriptor for `name` on `class` (first in its MRO) if it has
/// `method` (`__set__`, `__delete__`), as object's setattr looks it up.
fn class_setter<'py>(
    class: &Bound<'py, PyType>,
    name: &Bound<'py, PyString>,
    method: &Bound<'py, PyString>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = class.py();
    for base in class.mro().iter() {
        if let Ok(found) = base.getattr(intern!(py, "__dict__"))?.get_item(name) {
            return Ok(found.get_type().hasattr(method)?.then_some(found));
        }
    }
    Ok(None)
}

#[pymethods]
impl SgfNode {
    #[new]
    fn new(property_map: Py<PyAny>, presenter: Py<PyAny>) -> Self {
        let mut node = SgfNode::plain(presenter);
        node.map = Some(property_map);
        node
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.presenter)?;
        visit.call(&self.map)?;
        visit.call(&self.owner)?;
        visit.call(&self.parent)?;
        match &self.children {
            Some(Children::Native(slots)) => slots.iter().try_for_each(|w| visit.call(w)),
            Some(Children::Held(kids)) => kids.iter().try_for_each(|k| visit.call(k)),
            None => Ok(()),
        }
    }

    fn __clear__(&mut self) {
        self.presenter = None;
        self.map = None;
        self.owner = None;
        self.parent = None;
        self.children = None;
    }

    /// Object's setattr (a setter of the class, else the instance dict),
    /// pinning the node (see [`pin`]) when it takes an attribute of its own.
    fn __setattr__(
        slf: &Bound<'_, Self>,
        name: &Bound<'_, PyString>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let py = slf.py();
        if let Some(descr) = class_setter(&slf.get_type(), name, intern!(py, "__set__"))? {
            return descr
                .call_method1(intern!(py, "__set__"), (slf, value))
                .map(drop);
        }
        pin(slf)?;
        slf.getattr(intern!(py, "__dict__"))?.set_item(name, value)
    }

    /// Object's delattr (see `__setattr__`).
    fn __delattr__(slf: &Bound<'_, Self>, name: &Bound<'_, PyString>) -> PyResult<()> {
        let py = slf.py();
        if let Some(descr) = class_setter(&slf.get_type(), name, intern!(py, "__delete__"))? {
            return descr
                .call_method1(intern!(py, "__delete__"), (slf,))
                .map(drop);
        }
        pin(slf)?;
        let dict = slf.getattr(intern!(py, "__dict__"))?;
        if !dict.contains(name)? {
            let kind = slf.get_type().name()?;
            return Err(PyAttributeError::new_err(format!(
                "'{kind}' object has no attribute '{name}'"
            )));
        }
        dict.del_item(name)
    }

    /// Object's hash; a node hashed (a key of a dict or a weak dict, a
    /// member of a set or a WeakSet) is pinned, as the one object of its
    /// node for as long as the game lives.
    fn __hash__(slf: &Bound<'_, Self>) -> PyResult<isize> {
        pin(slf)?;
        let object = slf.py().get_type::<PyAny>();
        object
            .call_method1(intern!(slf.py(), "__hash__"), (slf,))?
            .extract()
    }

    #[getter]
    fn _presenter(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(self.presenter(py)?.unbind())
    }

    #[getter(_property_map)]
    fn get_property_map<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        property_map(slf)
    }

    #[setter(_property_map)]
    fn set_property_map(slf: &Bound<'_, Self>, map: Py<PyAny>) -> PyResult<()> {
        pin(slf)?;
        slf.borrow_mut().map = Some(map);
        Ok(())
    }

    /// The board size values are read with.
    fn get_size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.presenter(py)?.getattr(intern!(py, "size"))
    }

    /// The encoding of the raw values (a codec name, eg 'UTF-8').
    fn get_encoding<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.presenter(py)?.getattr(intern!(py, "encoding"))
    }

    /// The node's sgf_properties.Presenter.
    fn get_presenter<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.presenter(py)
    }

    /// Whether the node has the property.
    fn has_property(slf: &Bound<'_, Self>, identifier: &Bound<'_, PyAny>) -> PyResult<bool> {
        match source(slf)? {
            Source::Map(map) => map.contains(identifier),
            Source::Native(native, number, _) => Ok(match key_str(identifier)? {
                Some(id) => native
                    .get()
                    .node(number)?
                    .properties()
                    .any(|p| prop_is(&p, id.as_str().as_bytes())),
                None => false,
            }),
        }
    }

    /// The identifiers of the node's properties.
    fn properties<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        match source(slf)? {
            Source::Map(map) => PyList::new(
                py,
                map.call_method0(intern!(py, "keys"))?
                    .try_iter()?
                    .collect::<PyResult<Vec<_>>>()?,
            ),
            Source::Native(native, number, _) => {
                let node = native.get().node(number)?;
                let mut ids: Vec<&[u8]> = Vec::with_capacity(node.property_count());
                for p in node.properties() {
                    let id = prop_id_bytes(&p);
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                PyList::new(
                    py,
                    ids.into_iter()
                        .map(|id| sgfmill_ids::string(py, std::str::from_utf8(id).unwrap_or(""))),
                )
            }
        }
    }

    /// The raw values of a property (KeyError when absent): the node's
    /// own list, which a program may change.
    fn get_raw_list<'py>(
        slf: &Bound<'py, Self>,
        identifier: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        property_map(slf)?.get_item(identifier)
    }

    /// The first raw value of a property (KeyError when absent).
    fn get_raw<'py>(
        slf: &Bound<'py, Self>,
        identifier: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match source(slf)? {
            Source::Map(map) => map.get_item(identifier)?.get_item(0),
            Source::Native(native, number, _) => {
                let node = native.get().node(number)?;
                match key_str(identifier)?.and_then(|id| native_first(node, id.as_str())) {
                    Some(raw) => Ok(PyBytes::new(slf.py(), raw).into_any()),
                    None => Err(PyKeyError::new_err(identifier.clone().unbind())),
                }
            }
        }
    }

    /// The dict of identifier -> raw values (the same dict each time).
    fn get_raw_property_map<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        property_map(slf)
    }

    /// A property's value (KeyError when absent, ValueError when it does
    /// not read as its type).
    fn get<'py>(
        slf: &Bound<'py, Self>,
        identifier: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if let Source::Native(native, number, presenter) = source(slf)? {
            let node = native.get().node(number)?;
            let Some(id) = key_str(identifier)? else {
                return Err(PyKeyError::new_err(identifier.clone().unbind()));
            };
            let Some(raws) = native_raws(node, id.as_str()) else {
                return Err(PyKeyError::new_err(identifier.clone().unbind()));
            };
            let presenter = presenter.ok_or_else(|| PyAttributeError::new_err("_presenter"))?;
            if let Some(ctx) = context(native.get(), &presenter)?.filter(|c| c.default_types)
                && let Some(value) =
                    sgfmill_values::interpret(py, id.as_str(), raws.as_slice(), &ctx)
            {
                return Ok(value);
            }
            let raws = sgfmill_values::raw_list(py, raws.as_slice())?;
            return presenter.call_method1(intern!(py, "interpret"), (identifier, raws));
        }
        slf.call_method1(intern!(py, "_py_get"), (identifier,))
    }

    /// Sets a property from its Python value (True for type None). Text
    /// (a comment on every node, as analysis programs write) is encoded
    /// here; every other value is sgfmill's Python (`_py_set`).
    fn set(
        slf: &Bound<'_, Self>,
        identifier: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let py = slf.py();
        if let Some(raw) = native_text(slf, identifier, value)? {
            let values = PyList::new(py, [PyBytes::new(py, &raw)])?;
            return property_map(slf)?.set_item(identifier, values);
        }
        slf.call_method1(intern!(py, "_py_set"), (identifier, value))
            .map(drop)
    }

    /// (colour, raw value) of the B or W property, or (None, None).
    fn get_raw_move<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        match source(slf)? {
            Source::Native(native, number, _) => {
                let node = native.get().node(number)?;
                let found = native_move(node);
                match found {
                    Some((id, raw)) => {
                        (colour_str(py, id), PyBytes::new(py, raw)).into_bound_py_any(py)
                    }
                    None => no_move(py),
                }
            }
            Source::Map(_) => slf.call_method0(intern!(py, "_py_get_raw_move")),
        }
    }

    /// (colour, move) of the node, move None for a pass; (None, None)
    /// when the node has no move.
    fn get_move<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if let Source::Native(native, number, presenter) = source(slf)? {
            let node = native.get().node(number)?;
            let Some((id, raw)) = native_move(node) else {
                return no_move(py);
            };
            let presenter = presenter.ok_or_else(|| PyAttributeError::new_err("_presenter"))?;
            if let Some(ctx) = context(native.get(), &presenter)?
                && let Some(point) = sgfmill_values::go_point(raw, ctx.size, ctx.large_boards)
            {
                return move_tuple(py, id, point);
            }
        }
        slf.call_method0(intern!(py, "_py_get_move"))
    }

    /// Whether the node has AB, AW or AE.
    fn has_setup_stones(slf: &Bound<'_, Self>) -> PyResult<bool> {
        match source(slf)? {
            Source::Map(map) => {
                Ok(map.contains("AB")? || map.contains("AW")? || map.contains("AE")?)
            }
            Source::Native(native, number, _) => Ok(native
                .get()
                .node(number)?
                .properties()
                .any(|p| matches!(prop_id_bytes(&p), b"AB" | b"AW" | b"AE"))),
        }
    }
}

/// The raw value `set(identifier, value)` stores, when it is a str of a
/// Text or SimpleText property written with sgfmill's own classes and
/// table (no subclass of the node or presenter could see a difference);
/// None for what is left to sgfmill's Python, which also raises its
/// errors.
fn native_text(
    slf: &Bound<'_, SgfNode>,
    identifier: &Bound<'_, PyAny>,
    value: &Bound<'_, PyAny>,
) -> PyResult<Option<Vec<u8>>> {
    let py = slf.py();
    let own_class = slf.get_type();
    if !(own_class.is(py.get_type::<TreeNode>()) || own_class.is(py.get_type::<SgfNode>())) {
        return Ok(None);
    }
    let (Ok(id), Ok(text)) = (
        identifier.cast::<PyString>(),
        value.cast_exact::<PyString>(),
    ) else {
        return Ok(None);
    };
    let id = id.to_cow()?;
    if !(1..=64).contains(&id.len()) || !id.bytes().all(|b| b.is_ascii_uppercase()) {
        return Ok(None);
    }
    let Some(ctx) = node_context(slf)? else {
        return Ok(None);
    };
    // A str Python cannot encode (lone surrogates) raises there.
    let Ok(text) = text.to_cow() else {
        return Ok(None);
    };
    Ok(sgfmill_values::serialise_text(&id, &text, &ctx))
}

/// The context of a node's presenter when it uses sgfmill's default
/// table and classes (see `Presenter._fast_context`), else None.
fn node_context(slf: &Bound<'_, SgfNode>) -> PyResult<Option<Context>> {
    let py = slf.py();
    let (native, presenter) = {
        let this = slf.borrow();
        (
            this.native.as_ref().map(|n| n.clone_ref(py)),
            this.presenter(py)?,
        )
    };
    let found = match native {
        Some(native) => context(native.get(), &presenter)?,
        None => {
            let Ok(own) = presenter
                .getattr(intern!(py, "_context"))?
                .cast_into::<PyContext>()
            else {
                return Ok(None);
            };
            if let ContextState::Unknown = own.get().state() {
                presenter.call_method0(intern!(py, "_fast_context"))?;
            }
            match own.get().state() {
                ContextState::Usable(ctx) => Some(ctx),
                ContextState::Unknown | ContextState::Unusable => None,
            }
        }
    };
    Ok(found.filter(|c| c.default_types))
}

/// A new Tree_node for native node `number`, child of `parent`, with the
/// parent's presenter and owner.
fn native_child<'py>(
    parent: &Bound<'py, SgfNode>,
    native: &Bound<'py, NativeGame>,
    number: u32,
    presenter: Option<Py<PyAny>>,
    owner: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, TreeNode>> {
    let py = parent.py();
    let node = SgfNode {
        presenter,
        native: Some(native.clone().unbind()),
        number,
        map: native.get().made_map(py, number).map(Py::into_any),
        owner,
        parent: Some(parent.clone().into_any().unbind()),
        children: None,
    };
    Bound::new(py, PyClassInitializer::from(node).add_subclass(TreeNode))
}

/// Gives the node its children's slots if it has none yet.
fn ensure_children(slf: &Bound<'_, SgfNode>) -> PyResult<()> {
    let count = {
        let this = slf.borrow();
        if this.children.is_some() {
            return Ok(());
        }
        match &this.native {
            Some(native) => Some(native.get().node(this.number)?.children().count()),
            None => None,
        }
    };
    slf.borrow_mut().children = Some(match count {
        Some(count) => Children::Native(Slots::new(count)),
        None => Children::Held(Vec::new()),
    });
    Ok(())
}

/// The number of children.
fn child_count(slf: &Bound<'_, SgfNode>) -> PyResult<usize> {
    // One borrow when the slots are there (every node a walk has listed).
    match &slf.borrow().children {
        Some(Children::Native(slots)) => return Ok(slots.len()),
        Some(Children::Held(kids)) => return Ok(kids.len()),
        None => {}
    }
    ensure_children(slf)?;
    Ok(match &slf.borrow().children {
        Some(Children::Native(slots)) => slots.len(),
        Some(Children::Held(kids)) => kids.len(),
        None => 0,
    })
}

/// The child at `index`: the one alive, else made now. Walks make every
/// node this way, so it borrows the node once to read and once to record
/// the new child, and finds the native node once.
fn child_at<'py>(slf: &Bound<'py, SgfNode>, index: usize) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = slf.py();
    let (native, number, presenter, owner, has_slots) = {
        let this = slf.borrow();
        match &this.children {
            Some(Children::Held(kids)) => return Ok(kids.get(index).map(|k| k.bind(py).clone())),
            Some(Children::Native(slots)) => match slots.get(index) {
                None => return Ok(None),
                Some(Some(weak)) => {
                    if let Some(kid) = weak.bind(py).upgrade() {
                        return Ok(Some(kid));
                    }
                }
                Some(None) => {}
            },
            None => {}
        }
        // A node a program made holds its children (`Held`) from the start.
        let Some(native) = &this.native else {
            return Ok(None);
        };
        (
            native.bind(py).clone(),
            this.number,
            this.presenter.as_ref().map(|p| p.clone_ref(py)),
            this.owner.as_ref().map(|o| o.clone_ref(py)),
            this.children.is_some(),
        )
    };
    let node = native.get().node(number)?;
    let slots = (!has_slots).then(|| Slots::new(node.children().count()));
    let Some(kid) = node.children().nth(index) else {
        if let Some(slots) = slots {
            slf.borrow_mut().children = Some(Children::Native(slots));
        }
        return Ok(None);
    };
    let kid = native_child(slf, &native, kid.id().number(), presenter, owner)?.into_any();
    let weak = PyWeakrefReference::new(&kid)?.unbind();
    let mut this = slf.borrow_mut();
    if let Some(slots) = slots {
        this.children = Some(Children::Native(slots));
    }
    if let Some(Children::Native(slots)) = &mut this.children {
        slots.set(index, weak);
    }
    Ok(Some(kid))
}

/// The children as a new list.
fn children_list<'py>(slf: &Bound<'py, SgfNode>) -> PyResult<Bound<'py, PyList>> {
    if unmade_below(slf) {
        return native_children(slf);
    }
    let list = PyList::empty(slf.py());
    // The first child made (or found) first: that also gives a native
    // node its slots, which child_count would otherwise look up apart.
    let Some(first) = child_at(slf, 0)? else {
        return Ok(list);
    };
    list.append(first)?;
    for index in 1..child_count(slf)? {
        if let Some(kid) = child_at(slf, index)? {
            list.append(kid)?;
        }
    }
    Ok(list)
}

/// Holds the node's children strongly from now on, and so the node itself
/// and its ancestors (each in its parent): from the top down, so that each
/// node on the way is alive when its parent takes hold of it.
fn hold_children(slf: &Bound<'_, SgfNode>) -> PyResult<()> {
    let py = slf.py();
    let mut path = vec![slf.clone()];
    loop {
        let parent = {
            let at = path.last().map(|n| n.borrow());
            match at.as_deref() {
                Some(SgfNode {
                    children: Some(Children::Held(_)),
                    ..
                }) => {
                    drop(at);
                    path.pop();
                    break;
                }
                Some(node) => node.parent.as_ref().map(|p| p.bind(py).clone()),
                None => None,
            }
        };
        match parent.and_then(|p| p.cast_into::<SgfNode>().ok()) {
            Some(parent) => path.push(parent),
            None => break,
        }
    }
    for node in path.iter().rev() {
        let kids = children_list(node)?;
        node.borrow_mut().children = Some(Children::Held(kids.iter().map(Bound::unbind).collect()));
    }
    Ok(())
}

/// Keeps the node alive as long as its game's tree (its parent holds it
/// strongly): it has something of its own now (an attribute, a changed
/// link, a hash a weak dict or set keys it by), which a node made again
/// would not have.
fn pin(slf: &Bound<'_, SgfNode>) -> PyResult<()> {
    let parent = slf
        .borrow()
        .parent
        .as_ref()
        .map(|p| p.bind(slf.py()).clone());
    match parent.map(|p| p.cast_into::<SgfNode>()) {
        Some(Ok(parent)) => hold_children(&parent),
        _ => Ok(()),
    }
}

/// Runs a list method on the children (list.insert, list.remove,
/// list.index: their semantics and errors), keeping what it changed.
fn with_children_list<'py, R>(
    slf: &Bound<'py, SgfNode>,
    f: impl FnOnce(&Bound<'py, PyList>) -> PyResult<R>,
) -> PyResult<R> {
    hold_children(slf)?;
    let list = children_list(slf)?;
    let result = f(&list);
    slf.borrow_mut().children = Some(Children::Held(list.iter().map(Bound::unbind).collect()));
    result
}

/// The leftmost variation below `node`, its first child first (sgfmill's
/// `while node: node = node[0]`), made in one call.
fn main_line_below<'py>(node: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(node.py());
    let mut at = node.clone();
    loop {
        if let Ok(tree) = at.cast::<SgfNode>()
            && tree.is_instance_of::<TreeNode>()
            && unmade_below(tree)
        {
            native_main_line(tree, &out)?;
            break;
        }
        let next = match at.cast::<SgfNode>() {
            Ok(tree) if tree.is_instance_of::<TreeNode>() => match child_at(tree, 0)? {
                Some(first) => first,
                None => break,
            },
            _ => {
                if !at.is_truthy()? {
                    break;
                }
                at.get_item(0)?
            }
        };
        out.append(&next)?;
        at = next;
    }
    Ok(out)
}

/// Whether `node` is a native node none of whose children was made yet:
/// then no node object below it exists either (a node is made only
/// through its parent), and its main line can be made without looking
/// for live ones.
fn unmade_below(node: &Bound<'_, SgfNode>) -> bool {
    let this = node.borrow();
    this.native.is_some() && this.children.is_none()
}

/// What a native node's children are made from: its game, its number,
/// and the presenter and owner they share with it.
struct NativeParts<'py> {
    native: Bound<'py, NativeGame>,
    number: u32,
    presenter: Option<Bound<'py, PyAny>>,
    owner: Option<Bound<'py, PyAny>>,
}

/// [`NativeParts`] of `node`, None for a node a program made.
fn native_parts<'py>(node: &Bound<'py, SgfNode>) -> Option<NativeParts<'py>> {
    let py = node.py();
    let this = node.borrow();
    Some(NativeParts {
        native: this.native.as_ref()?.bind(py).clone(),
        number: this.number,
        presenter: this.presenter.as_ref().map(|p| p.bind(py).clone()),
        owner: this.owner.as_ref().map(|o| o.bind(py).clone()),
    })
}

/// Makes the children of a node none of whose children was made yet (see
/// [`unmade_below`]), in one pass over its native children: what a walk
/// of the tree asks of every node.
fn native_children<'py>(slf: &Bound<'py, SgfNode>) -> PyResult<Bound<'py, PyList>> {
    let py = slf.py();
    let list = PyList::empty(py);
    let Some(NativeParts {
        native,
        number,
        presenter,
        owner,
    }) = native_parts(slf)
    else {
        return Ok(list);
    };
    let node = native.get().node(number)?;
    let mut slots = Slots::new(node.children().count());
    for (index, kid) in node.children().enumerate() {
        let made = native_child(
            slf,
            &native,
            kid.id().number(),
            presenter.as_ref().map(|p| p.clone().unbind()),
            owner.as_ref().map(|o| o.clone().unbind()),
        )?;
        slots.set(index, PyWeakrefReference::new(&made)?.unbind());
        list.append(made)?;
    }
    slf.borrow_mut().children = Some(Children::Native(slots));
    Ok(list)
}

/// Makes the main line below `top` (see [`unmade_below`]) into `out`, in
/// one loop over the native nodes: each made child is recorded in its
/// parent's first slot, as [`child_at`] records it.
fn native_main_line<'py>(top: &Bound<'py, SgfNode>, out: &Bound<'py, PyList>) -> PyResult<()> {
    let Some(NativeParts {
        native,
        number,
        presenter,
        owner,
    }) = native_parts(top)
    else {
        return Ok(());
    };
    let game = native.get();
    let mut at_native = game.node(number)?;
    let mut at = top.clone();
    while let Some(kid) = at_native.first_child() {
        let made = native_child(
            &at,
            &native,
            kid.id().number(),
            presenter.as_ref().map(|p| p.clone().unbind()),
            owner.as_ref().map(|o| o.clone().unbind()),
        )?;
        let mut slots = Slots::new(at_native.children().count());
        slots.set(0, PyWeakrefReference::new(&made)?.unbind());
        at.borrow_mut().children = Some(Children::Native(slots));
        out.append(&made)?;
        at = made.into_super();
        at_native = kid;
    }
    Ok(())
}

#[pymethods]
impl TreeNode {
    // The getters walks call on every node, again on the subclass: a
    // method of `Node` checks that a Tree_node is a subclass instance
    // (`PyType_IsSubtype`, 2% of a walk); one of `Tree_node` sees its own
    // type at once.

    /// (colour, move) of the node, move None for a pass; (None, None)
    /// when the node has no move.
    fn get_move<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        SgfNode::get_move(slf.as_super())
    }

    /// A property's value (KeyError when absent, ValueError when it does
    /// not read as its type).
    fn get<'py>(
        slf: &Bound<'py, Self>,
        identifier: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        SgfNode::get(slf.as_super(), identifier)
    }

    /// The identifiers of the node's properties.
    fn properties<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        SgfNode::properties(slf.as_super())
    }

    /// Whether the node has the property.
    fn has_property(slf: &Bound<'_, Self>, identifier: &Bound<'_, PyAny>) -> PyResult<bool> {
        SgfNode::has_property(slf.as_super(), identifier)
    }

    /// Sets a property from its Python value (True for type None).
    fn set(
        slf: &Bound<'_, Self>,
        identifier: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        SgfNode::set(slf.as_super(), identifier, value)
    }

    /// A node with the given property dict, child of `parent` (not added
    /// to its children: that is the caller's business, as in sgfmill).
    #[new]
    fn new(parent: &Bound<'_, PyAny>, properties: Py<PyAny>) -> PyResult<PyClassInitializer<Self>> {
        let py = parent.py();
        let mut node = SgfNode::plain(parent.getattr(intern!(py, "_presenter"))?.unbind());
        node.map = Some(properties);
        node.owner = Some(parent.getattr(intern!(py, "owner"))?.unbind());
        node.parent = Some(parent.clone().unbind());
        node.children = Some(Children::Held(Vec::new()));
        Ok(PyClassInitializer::from(node).add_subclass(TreeNode))
    }

    #[getter]
    fn owner(slf: PyRef<'_, Self>, py: Python<'_>) -> Py<PyAny> {
        slf.as_super()
            .owner
            .as_ref()
            .map_or_else(|| py.None(), |o| o.clone_ref(py))
    }

    #[setter]
    fn set_owner(slf: &Bound<'_, Self>, owner: Py<PyAny>) -> PyResult<()> {
        pin(slf.as_super())?;
        slf.as_super().borrow_mut().owner = Some(owner);
        Ok(())
    }

    #[getter]
    fn parent(slf: PyRef<'_, Self>, py: Python<'_>) -> Py<PyAny> {
        slf.as_super()
            .parent
            .as_ref()
            .map_or_else(|| py.None(), |p| p.clone_ref(py))
    }

    /// Sets the parent link only (reparent moves the node between the
    /// children too), after pinning the node where it is now.
    #[setter]
    fn set_parent(slf: &Bound<'_, Self>, parent: Bound<'_, PyAny>) -> PyResult<()> {
        pin(slf.as_super())?;
        slf.as_super().borrow_mut().parent = (!parent.is_none()).then(|| parent.unbind());
        Ok(())
    }

    /// The children, as a new list (sgfmill's own list is private).
    #[getter(_children)]
    fn get_children<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        children_list(slf.as_super())
    }

    #[setter(_children)]
    fn set_children(slf: &Bound<'_, Self>, kids: Bound<'_, PyAny>) -> PyResult<()> {
        let kids = kids
            .try_iter()?
            .map(|k| k.map(Bound::unbind))
            .collect::<PyResult<_>>()?;
        hold_children(slf.as_super())?;
        slf.as_super().borrow_mut().children = Some(Children::Held(kids));
        Ok(())
    }

    fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
        child_count(slf.as_super())
    }

    fn __getitem__<'py>(
        slf: &Bound<'py, Self>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(index) = key.extract::<isize>() {
            let len = child_count(slf.as_super())?;
            let at = if index < 0 {
                index.checked_add_unsigned(len)
            } else {
                Some(index)
            };
            if let Some(Ok(at)) = at.map(usize::try_from)
                && let Some(kid) = child_at(slf.as_super(), at)?
            {
                return Ok(kid);
            }
        }
        // Out of range, slices, bad keys: the list's answer.
        children_list(slf.as_super())?.as_any().get_item(key)
    }

    fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        children_list(slf.as_super())?.as_any().try_iter()
    }

    fn _add_child(slf: &Bound<'_, Self>, node: &Bound<'_, PyAny>) -> PyResult<()> {
        hold_children(slf.as_super())?;
        if let Some(Children::Held(kids)) = &mut slf.as_super().borrow_mut().children {
            kids.push(node.clone().unbind());
        }
        Ok(())
    }

    /// Adds `child` last, or before `index` (list.insert's rules).
    #[pyo3(signature = (index, child))]
    fn _insert_child(
        slf: &Bound<'_, Self>,
        index: &Bound<'_, PyAny>,
        child: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        with_children_list(slf.as_super(), |list| {
            if index.is_none() {
                list.append(child)
            } else {
                list.call_method1("insert", (index, child)).map(drop)
            }
        })
    }

    /// Removes `child` (list.remove: ValueError when it is not there).
    fn _remove_child(slf: &Bound<'_, Self>, child: &Bound<'_, PyAny>) -> PyResult<()> {
        with_children_list(slf.as_super(), |list| {
            list.call_method1("remove", (child,)).map(drop)
        })
    }

    /// The position of a child among this node's children.
    fn index<'py>(
        slf: &Bound<'py, Self>,
        child: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        children_list(slf.as_super())?.call_method1("index", (child,))
    }

    /// The leftmost variation below this node (get_main_sequence_below).
    fn _main_line_below<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        main_line_below(slf.as_any())
    }

    /// sgfmill's plain Nodes of the leftmost variation below this node
    /// (main_sequence_iter before the tree is built), None when this
    /// node's children were made already. They share their dicts with the
    /// Tree_nodes made later.
    fn _plain_main_line_below<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, PyList>>> {
        let py = slf.py();
        let this = slf.as_super().borrow();
        let (Some(native), None) = (&this.native, &this.children) else {
            return Ok(None);
        };
        let native = native.bind(py);
        let out = PyList::empty(py);
        let mut at = native.get().node(this.number)?;
        while let Some(kid) = at.first_child() {
            let number = kid.id().number();
            let mut node = SgfNode::plain(this.presenter(py)?.unbind());
            node.native = Some(native.clone().unbind());
            node.number = number;
            node.map = native.get().made_map(py, number).map(Py::into_any);
            out.append(Bound::new(py, node)?)?;
            at = kid;
        }
        Ok(Some(out))
    }

    /// (native game, node number) when what is below this node is the
    /// native tree as read (no child made, no dict made below): then it
    /// is written natively. With `itself`, this node's own properties must
    /// be as read too (its dict not made).
    #[pyo3(signature = (itself = false))]
    fn _native_below<'py>(slf: &Bound<'py, Self>, itself: bool) -> Option<(Py<PyCollection>, u32)> {
        let this = slf.as_super().borrow();
        let (Some(native), None | Some(Children::Native(_))) = (&this.native, &this.children)
        else {
            return None;
        };
        if itself && this.map.is_some() {
            return None;
        }
        let native = native.get();
        (!native.edited_below(this.number, itself))
            .then(|| (native.collection.clone_ref(slf.py()), this.number))
    }
}

/// The root Tree_node of a game: native node `number` of `collection`, or
/// (without a collection) a node with the dict `property_map`.
#[pyfunction]
#[pyo3(signature = (owner, presenter, property_map, collection = None, number = 0))]
pub(crate) fn sgfmill_root(
    py: Python<'_>,
    owner: Py<PyAny>,
    presenter: Py<PyAny>,
    property_map: Option<Py<PyAny>>,
    collection: Option<Py<PyCollection>>,
    number: u32,
) -> PyResult<Bound<'_, TreeNode>> {
    let native = collection
        .map(|collection| {
            collection.get().node(number)?;
            let context = presenter
                .bind(py)
                .getattr(intern!(py, "_context"))
                .ok()
                .and_then(|c| c.cast_into::<PyContext>().ok())
                .map(Bound::unbind);
            Py::new(
                py,
                NativeGame {
                    collection,
                    context,
                    maps: Mutex::new(HashMap::new()),
                    above_maps: Mutex::new(HashSet::new()),
                    any_map: AtomicBool::new(false),
                },
            )
        })
        .transpose()?;
    let mut node = SgfNode::plain(presenter);
    node.children = native.is_none().then(|| Children::Held(Vec::new()));
    node.native = native;
    node.number = number;
    node.map = property_map;
    node.owner = Some(owner);
    Bound::new(py, PyClassInitializer::from(node).add_subclass(TreeNode))
}

/// The moves of the main line from `node` down (`node` included unless
/// `skip_first`: a root with setup stones), as
/// `sgf_moves.get_setup_and_moves` lists them: [(colour, move)], for a
/// game of `size` read with `large_boards`. Raises ValueError("setup
/// properties after the root node") where that function does. None when
/// the answer is not certain here (a dict made for a node, a move sgfmill
/// would reject, nodes a program built): the caller then runs sgfmill's
/// loop.
#[pyfunction]
pub(crate) fn sgfmill_main_moves<'py>(
    node: &Bound<'py, PyAny>,
    size: i64,
    large_boards: bool,
    skip_first: bool,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let moves = PyList::empty(node.py());
    let mut at = node.clone();
    let mut skip = skip_first;
    loop {
        let Ok(tree) = at.cast::<SgfNode>() else {
            return Ok(None);
        };
        if !std::mem::take(&mut skip) && !push_node_move(tree, size, large_boards, &moves)? {
            return Ok(None);
        }
        let (made, native) = {
            let this = tree.borrow();
            // Children still as read (alive or not) are the native tree's.
            let made = match &this.children {
                Some(Children::Held(kids)) => Some(kids.first().map(|f| f.bind(at.py()).clone())),
                Some(Children::Native(_)) | None => None,
            };
            (
                made,
                this.native
                    .as_ref()
                    .map(|n| (n.bind(at.py()).clone(), this.number)),
            )
        };
        match (made, native) {
            (Some(None), _) => return Ok(Some(moves)),
            (Some(Some(first)), _) => at = first,
            (None, Some((native, number))) => {
                // Nothing below was changed as Tree_nodes: read the native tree.
                let Some(first) = native.get().node(number)?.first_child() else {
                    return Ok(Some(moves));
                };
                let certain =
                    native_moves(&native, first.id().number(), size, large_boards, &moves)?;
                return Ok(certain.then_some(moves));
            }
            (None, None) => return Ok(None),
        }
    }
}

/// Adds the move of a node object to `moves` (see [`push_move`]).
fn push_node_move(
    tree: &Bound<'_, SgfNode>,
    size: i64,
    large_boards: bool,
    moves: &Bound<'_, PyList>,
) -> PyResult<bool> {
    match source(tree)? {
        Source::Native(native, number, _) => {
            push_move(native.get().node(number)?, size, large_boards, moves)
        }
        Source::Map(map) => push_map_move(&map, size, large_boards, moves),
    }
}

/// [`push_move`] for a node's dict, as sgfmill reads it (`has_setup_stones`,
/// `get_raw_move`); false for anything but a dict of lists of bytes.
fn push_map_move(
    map: &Bound<'_, PyAny>,
    size: i64,
    large_boards: bool,
    moves: &Bound<'_, PyList>,
) -> PyResult<bool> {
    let py = map.py();
    let Ok(map) = map.cast::<PyDict>() else {
        return Ok(false);
    };
    if map.contains("AB")? || map.contains("AW")? || map.contains("AE")? {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "setup properties after the root node",
        ));
    }
    let found = match map.get_item("B")? {
        Some(values) => Some(("B", values)),
        None => map.get_item("W")?.map(|values| ("W", values)),
    };
    let Some((id, values)) = found else {
        return Ok(true);
    };
    let Ok(values) = values.cast::<PyList>() else {
        return Ok(false);
    };
    let Some(raw) = values
        .get_item(0)
        .ok()
        .and_then(|v| v.cast_into::<PyBytes>().ok())
    else {
        return Ok(false);
    };
    let Some(point) = sgfmill_values::go_point(raw.as_bytes(), size, large_boards) else {
        return Ok(false);
    };
    moves.append(move_tuple(py, id, point)?)?;
    Ok(true)
}

/// [`sgfmill_main_moves`] on the native tree from `number` down; false
/// when not certain.
fn native_moves(
    native: &Bound<'_, NativeGame>,
    number: u32,
    size: i64,
    large_boards: bool,
    moves: &Bound<'_, PyList>,
) -> PyResult<bool> {
    let py = native.py();
    let game = native.get();
    let mut at = Some(game.node(number)?);
    while let Some(node) = at {
        if game.made_map(py, node.id().number()).is_some()
            || !push_move(node, size, large_boards, moves)?
        {
            return Ok(false);
        }
        at = node.first_child();
    }
    Ok(true)
}

/// Adds a native node's move to `moves`; ValueError for setup stones,
/// false when sgfmill would raise something else.
fn push_move(
    node: Node<'_, 'static>,
    size: i64,
    large_boards: bool,
    moves: &Bound<'_, PyList>,
) -> PyResult<bool> {
    let py = moves.py();
    let mut found = None;
    for p in node.properties() {
        match p.id() {
            "AB" | "AW" | "AE" => {
                return Err(pyo3::exceptions::PyValueError::new_err(
                    "setup properties after the root node",
                ));
            }
            id @ ("B" | "W")
                if found.is_none() || (id == "B" && found.is_some_and(|(i, _)| i == "W")) =>
            {
                found = Some((id, p.raw_values().next().unwrap_or(b"")));
            }
            _ => {}
        }
    }
    let Some((id, raw)) = found else {
        return Ok(true);
    };
    let Some(point) = sgfmill_values::go_point(raw, size, large_boards) else {
        return Ok(false);
    };
    moves.append(move_tuple(py, id, point)?)?;
    Ok(true)
}

/// sgfmill's serialisation of the game at `root` (what `_pieces` and
/// `sgfmill_join` write) in one pass: nodes as read from the native tree,
/// the others from their dicts. A program that edits every node (an
/// engine's comment on each move) and saves spent most of its time in
/// those Python loops. None when a node holds what only sgfmill's Python
/// writes exactly (a key that is not an ASCII str, values that are not a
/// list of bytes, a child that is not a Tree_node): the caller then runs
/// that Python.
#[pyfunction]
#[pyo3(signature = (root, wrap = Some(79)))]
pub(crate) fn sgfmill_serialise<'py>(
    root: &Bound<'py, PyAny>,
    wrap: Option<usize>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let py = root.py();
    let Ok(root) = root.cast::<TreeNode>() else {
        return Ok(None);
    };
    let mut out = Wrapper::new(wrap);
    out.piece(b"(");
    if let Some((collection, number)) = TreeNode::_native_below(root, true) {
        let node = collection.get().node(number)?;
        node_pieces(node, &mut out);
        descendant_pieces(node, &mut out);
    } else if !write_tree(root, &mut out)? {
        return Ok(None);
    }
    out.piece(b")");
    out.piece(b"\n");
    Ok(Some(PyBytes::new(py, &out.finish())))
}

/// The pieces of `root` and what is below it, as `_pieces` lists them;
/// false where [`sgfmill_serialise`] leaves the game to Python.
fn write_tree(root: &Bound<'_, TreeNode>, out: &mut Wrapper) -> PyResult<bool> {
    enum Step<'py> {
        Down(Bound<'py, TreeNode>),
        Open(Bound<'py, TreeNode>),
        Close,
    }
    if !write_node(root.as_super(), out)? {
        return Ok(false);
    }
    let mut stack = vec![Step::Down(root.clone())];
    while let Some(step) = stack.pop() {
        let mut node = match step {
            Step::Close => {
                out.piece(b")");
                continue;
            }
            Step::Open(node) => {
                out.piece(b"(");
                if !write_node(node.as_super(), out)? {
                    return Ok(false);
                }
                node
            }
            Step::Down(node) => node,
        };
        loop {
            if let Some((collection, number)) = TreeNode::_native_below(&node, false) {
                descendant_pieces(collection.get().node(number)?, out);
                break;
            }
            let kids = children_list(node.as_super())?;
            if kids.len() != 1 {
                for kid in kids.iter().rev() {
                    let Ok(kid) = kid.cast_into::<TreeNode>() else {
                        return Ok(false);
                    };
                    stack.push(Step::Close);
                    stack.push(Step::Open(kid));
                }
                break;
            }
            let Ok(kid) = kids.get_item(0)?.cast_into::<TreeNode>() else {
                return Ok(false);
            };
            if !write_node(kid.as_super(), out)? {
                return Ok(false);
            }
            node = kid;
        }
    }
    Ok(true)
}

/// A node's pieces (`;` and one per property): from the native tree when
/// it is as read, else from its dict.
fn write_node(node: &Bound<'_, SgfNode>, out: &mut Wrapper) -> PyResult<bool> {
    match source(node)? {
        Source::Native(native, number, _) => {
            node_pieces(native.get().node(number)?, out);
            Ok(true)
        }
        Source::Map(map) => dict_pieces(&map, out),
    }
}

/// `sgf_grammar._node_pieces` of a dict of str -> list of bytes: FF first,
/// then the identifiers in order, each with its values; false for any
/// other dict.
fn dict_pieces(map: &Bound<'_, PyAny>, out: &mut Wrapper) -> PyResult<bool> {
    let Ok(map) = map.cast::<PyDict>() else {
        return Ok(false);
    };
    let mut props = Vec::with_capacity(map.len());
    for (key, values) in map.iter() {
        let (Ok(key), Ok(values)) = (key.cast_into::<PyString>(), values.cast_into::<PyList>())
        else {
            return Ok(false);
        };
        let key = key.to_cow()?.into_owned();
        if !key.is_ascii() {
            return Ok(false);
        }
        props.push((key, values));
    }
    props.sort_by(|a, b| (a.0 != "FF", &a.0).cmp(&(b.0 != "FF", &b.0)));
    out.piece(b";");
    let mut piece = Vec::new();
    for (key, values) in props {
        piece.clear();
        piece.extend_from_slice(key.as_bytes());
        for value in values.iter() {
            let Ok(value) = value.cast::<PyBytes>() else {
                return Ok(false);
            };
            piece.push(b'[');
            piece.extend_from_slice(value.as_bytes());
            piece.push(b']');
        }
        out.piece(&piece);
    }
    Ok(true)
}

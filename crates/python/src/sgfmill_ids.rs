//! Property identifiers between Python strings and Rust, without copying.
//!
//! The drop-in's getters are called once per node and property, with the
//! identifier as a Python str. A build for one interpreter borrows the
//! str's UTF-8 as it is. The stable ABI for Python 3.9 (the `abi3`
//! feature) has no way to borrow it: each one would be encoded into a new
//! bytes object. Identifiers are few and programs pass the same str
//! objects (literals, or the strs `properties()` returned), so there a
//! table keeps each str seen (a strong reference, so that its address
//! stays its own) with its identifier. Both keep the identifiers' strs
//! for `properties()`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

/// Past this many strs the table stops growing (a program using
/// arbitrary strings as identifiers); those are then encoded each time.
const LIMIT: usize = 4096;

/// An identifier of up to 15 bytes, kept inline.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Ident {
    len: u8,
    bytes: [u8; 15],
}

impl Ident {
    pub(crate) fn new(s: &str) -> Option<Ident> {
        let mut bytes = [0; 15];
        bytes.get_mut(..s.len())?.copy_from_slice(s.as_bytes());
        Some(Ident {
            len: u8::try_from(s.len()).ok()?,
            bytes,
        })
    }

    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

/// A multiply-rotate hash (as rustc's FxHash): the keys are addresses and
/// short identifiers, hashed on every getter call, where SipHash's
/// resistance to chosen keys buys nothing.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

#[derive(Default)]
struct Table {
    /// A str's address -> (its identifier, the str, kept alive).
    by_address: FxMap<usize, (Ident, Py<PyString>)>,
    /// An identifier -> its str, for properties().
    strings: FxMap<Ident, Py<PyString>>,
}

static TABLE: PyOnceLock<Mutex<Table>> = PyOnceLock::new();

fn table(py: Python<'_>) -> &'static Mutex<Table> {
    TABLE.get_or_init(py, || Mutex::new(Table::default()))
}

/// A str key as an identifier: `Ok(None)` for a str too long or not
/// UTF-8 (no native property has it), Err for what cannot be encoded.
#[cfg(feature = "abi3")]
pub(crate) fn ident_of(key: &Bound<'_, PyString>) -> Option<Ident> {
    let address = key.as_ptr() as usize;
    let table = table(key.py());
    if let Some((ident, _)) = table.lock().ok()?.by_address.get(&address) {
        return Some(*ident);
    }
    let ident = Ident::new(&key.to_cow().ok()?)?;
    if let Ok(mut t) = table.lock()
        && t.by_address.len() < LIMIT
    {
        t.by_address.insert(address, (ident, key.clone().unbind()));
    }
    Some(ident)
}

/// A str key as an identifier (None for a str too long or not UTF-8: no
/// native property has it). Outside the stable ABI a str's UTF-8 is
/// borrowed as it is (ASCII strs keep it inline), so no table is needed.
#[cfg(not(feature = "abi3"))]
pub(crate) fn ident_of(key: &Bound<'_, PyString>) -> Option<Ident> {
    Ident::new(key.to_str().ok()?)
}

/// FF[4]'s identifiers and the common older ones, sorted: their strs are
/// made once and found without the lock.
const KNOWN: &[&str] = &[
    "AB", "AE", "AN", "AP", "AR", "AS", "AW", "B", "BL", "BM", "BR", "BT", "C", "CA", "CP", "CR",
    "DD", "DM", "DO", "DT", "EV", "FF", "FG", "GB", "GC", "GM", "GN", "GW", "HA", "HO", "IP", "IT",
    "IY", "KM", "KO", "LB", "LN", "MA", "MN", "N", "OB", "ON", "OT", "OW", "PB", "PC", "PL", "PM",
    "PW", "RE", "RO", "RU", "SE", "SL", "SO", "SQ", "ST", "SU", "SZ", "TB", "TE", "TM", "TR", "TW",
    "UC", "US", "V", "VW", "W", "WL", "WR", "WT",
];

static KNOWN_STRINGS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The strs of every identifier of one or two capital letters (FF[4]'s
/// form), interned once, by [`short_index`].
static SHORT_STRINGS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The index of an identifier of one or two capital letters among 26 x 27
/// (the second letter's place 0 for none).
fn short_index(id: &[u8]) -> Option<usize> {
    let letter = |b: u8| b.is_ascii_uppercase().then(|| usize::from(b - b'A'));
    match *id {
        [a] => Some(letter(a)? * 27),
        [a, b] => Some(letter(a)? * 27 + letter(b)? + 1),
        _ => None,
    }
}

/// The str of identifier `id` (the same object each time).
pub(crate) fn string<'py>(py: Python<'py>, id: &str) -> Bound<'py, PyString> {
    if let Some(index) = short_index(id.as_bytes()) {
        let short = SHORT_STRINGS.get_or_init(py, || {
            (0..26 * 27)
                .map(|i| {
                    let first = char::from(b'A' + (i / 27) as u8);
                    let name: String = match i % 27 {
                        0 => first.to_string(),
                        second => [first, char::from(b'A' + (second - 1) as u8)]
                            .iter()
                            .collect(),
                    };
                    PyString::intern(py, &name).unbind()
                })
                .collect()
        });
        if let Some(s) = short.get(index) {
            return s.bind(py).clone();
        }
    }
    if let Ok(index) = KNOWN.binary_search(&id) {
        let known = KNOWN_STRINGS.get_or_init(py, || {
            KNOWN
                .iter()
                .map(|k| PyString::intern(py, k).unbind())
                .collect()
        });
        if let Some(s) = known.get(index) {
            return s.bind(py).clone();
        }
    }
    let Some(ident) = Ident::new(id) else {
        return PyString::new(py, id);
    };
    let Ok(mut t) = table(py).lock() else {
        return PyString::new(py, id);
    };
    if let Some(s) = t.strings.get(&ident) {
        return s.bind(py).clone();
    }
    let s = PyString::intern(py, id);
    {
        if t.strings.len() < LIMIT && t.by_address.len() < LIMIT {
            t.strings.insert(ident, s.clone().unbind());
            t.by_address
                .insert(s.as_ptr() as usize, (ident, s.clone().unbind()));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_identifiers_are_sorted() {
        assert!(super::KNOWN.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn short_identifiers_have_their_own_index() {
        assert_eq!(super::short_index(b"A"), Some(0));
        assert_eq!(super::short_index(b"AB"), Some(2));
        assert_eq!(super::short_index(b"ZZ"), Some(26 * 27 - 1));
        assert_eq!(super::short_index(b"Ab"), None);
        assert_eq!(super::short_index(b"ABC"), None);
    }
}

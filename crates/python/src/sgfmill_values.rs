//! sgfmill's reading of raw property values, for the values whose result
//! is certain without Python: the drop-in's nodes answer `get` and
//! `get_move` here instead of running `sgf_properties` in Python.
//!
//! Every function returns `None` where it is not sure to give what
//! sgfmill's Python gives (an error to raise with sgfmill's exception and
//! message, an unusual number, a charset other than UTF-8, Latin-1 or
//! ASCII, the rarer types): the caller then runs the Python code, which
//! is sgfmill's. So a `Some` is always sgfmill's value, and the errors
//! are always sgfmill's.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PySet, PyString, PyTuple};

/// How a presenter decodes text, as far as Rust can do it exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Charset {
    Utf8,
    Latin1,
    Ascii,
    /// Any other codec: decoded by Python.
    Other,
}

impl Charset {
    /// The charset of a normalised name (`sgf_properties.normalise_charset_name`).
    pub(crate) fn from_name(name: &str) -> Charset {
        match name {
            "UTF-8" => Charset::Utf8,
            "ISO-8859-1" => Charset::Latin1,
            "ASCII" => Charset::Ascii,
            _ => Charset::Other,
        }
    }

    /// A number for the charset, two bits (see [`Charset::from_code`]).
    pub(crate) fn code(self) -> u8 {
        match self {
            Charset::Utf8 => 0,
            Charset::Latin1 => 1,
            Charset::Ascii => 2,
            Charset::Other => 3,
        }
    }

    pub(crate) fn from_code(code: u8) -> Charset {
        match code {
            0 => Charset::Utf8,
            1 => Charset::Latin1,
            2 => Charset::Ascii,
            _ => Charset::Other,
        }
    }
}

/// What a presenter reads values with: its size and letters, its
/// charset, and whether its property table is sgfmill's default one (else
/// only `get_move`, which does not use the table, is answered here).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context {
    pub size: i64,
    pub large_boards: bool,
    pub charset: Charset,
    pub default_types: bool,
}

/// sgfmill's property types (sgf_properties._BY_TYPE), the ones read in
/// Rust and `Other` for those left to Python.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    None,
    Number,
    Real,
    Double,
    Colour,
    SimpleText,
    Text,
    Move,
    PointList,
    /// AP, AR, LN, LB, FG.
    Other,
}

fn kind_of(id: &str) -> Kind {
    match id {
        "AB" | "AW" | "AE" | "CR" | "MA" | "SL" | "SQ" | "TR" | "DD" | "TB" | "TW" | "VW" => {
            Kind::PointList
        }
        "AN" | "BR" | "BT" | "CA" | "CP" | "DT" | "EV" | "GN" | "N" | "ON" | "OT" | "PB" | "PC"
        | "PW" | "RE" | "RO" | "RU" | "SO" | "US" | "WR" | "WT" => Kind::SimpleText,
        "AP" | "AR" | "LN" | "LB" | "FG" => Kind::Other,
        "B" | "W" => Kind::Move,
        "BL" | "KM" | "TM" | "V" | "WL" => Kind::Real,
        "BM" | "DM" | "GB" | "GW" | "HO" | "TE" | "UC" => Kind::Double,
        "DO" | "IT" | "KO" => Kind::None,
        "FF" | "GM" | "HA" | "MN" | "OB" | "OW" | "PM" | "ST" | "SZ" => Kind::Number,
        "PL" => Kind::Colour,
        // C, GC and every unknown identifier: Text.
        _ => Kind::Text,
    }
}

/// `Presenter.serialise(id, text)` with sgfmill's default table, for the
/// identifiers of type Text or SimpleText (C, GN, PB, unknown ones …):
/// the text encoded in the charset and escaped, None when it is not one
/// of those identifiers or Python would raise (a character the charset
/// lacks, a charset Rust does not encode).
pub(crate) fn serialise_text(id: &str, text: &str, ctx: &Context) -> Option<Vec<u8>> {
    if !matches!(kind_of(id), Kind::Text | Kind::SimpleText) {
        return None;
    }
    let encoded: Vec<u8> = match ctx.charset {
        Charset::Utf8 => text.as_bytes().to_vec(),
        Charset::Ascii if text.is_ascii() => text.as_bytes().to_vec(),
        Charset::Latin1 => text
            .chars()
            .map(|c| u8::try_from(u32::from(c)).ok())
            .collect::<Option<_>>()?,
        Charset::Ascii | Charset::Other => return None,
    };
    let mut raw = Vec::with_capacity(encoded.len());
    for b in encoded {
        if matches!(b, b'\\' | b']') {
            raw.push(b'\\');
        }
        raw.push(b);
    }
    Some(raw)
}

/// `sgf_properties.interpret_go_point`: Some(None) for a pass, None when
/// sgfmill would raise.
pub(crate) fn go_point(bb: &[u8], size: i64, large_boards: bool) -> Option<Option<(i64, i64)>> {
    if bb.is_empty() || (bb == b"tt" && size <= 19) {
        return Some(None);
    }
    let [col_b, row_b] = bb else {
        return None;
    };
    let letter = |b: u8| -> Option<i64> {
        match b {
            b'a'..=b'z' => Some(i64::from(b - b'a')),
            b'A'..=b'Z' if large_boards => Some(i64::from(b - b'A') + 26),
            _ => None,
        }
    };
    let (col, row) = (letter(*col_b)?, letter(*row_b)?);
    let row = size - 1 - row;
    ((0..size).contains(&col) && (0..size).contains(&row)).then_some(Some((row, col)))
}

/// `interpret_point`: a point that is not a pass.
fn point(bb: &[u8], ctx: &Context) -> Option<(i64, i64)> {
    go_point(bb, ctx.size, ctx.large_boards)?
}

/// `interpret_point_list`, compressed `aa:cc` ranges included.
fn point_list<'py>(py: Python<'py>, raws: &[&[u8]], ctx: &Context) -> Option<Bound<'py, PyAny>> {
    let mut points = Vec::new();
    for bb in raws {
        match bb.iter().position(|&b| b == b':') {
            None => points.push(point(bb, ctx)?),
            Some(colon) => {
                let (top, left) = point(&bb[..colon], ctx)?;
                let (bottom, right) = point(&bb[colon + 1..], ctx)?;
                if bottom > top || left > right {
                    return None;
                }
                for row in bottom..=top {
                    for col in left..=right {
                        points.push((row, col));
                    }
                }
            }
        }
    }
    let tuples = points
        .into_iter()
        .map(|p| point_tuple(py, p))
        .collect::<Option<Vec<_>>>()?;
    PySet::new(py, tuples).ok().map(Bound::into_any)
}

/// Python's `bytes.strip()` white space (which includes \x0b, unlike
/// `u8::is_ascii_whitespace`).
fn is_py_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// `int(bb.replace(b" ", b""), 10)` for plain decimal numbers.
fn number(bb: &[u8]) -> Option<i64> {
    let digits: Vec<u8> = bb.iter().copied().filter(|&b| b != b' ').collect();
    let unsigned = digits
        .strip_prefix(b"-")
        .or_else(|| digits.strip_prefix(b"+"))
        .unwrap_or(&digits);
    if unsigned.is_empty() || unsigned.len() > 18 || !unsigned.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(&digits).ok()?.parse().ok()
}

/// `float(bb)` for plain decimals (`[+-]digits[.digits]`): both Rust and
/// Python round correctly, so they agree. sgfmill refuses infinities.
fn real(bb: &[u8]) -> Option<f64> {
    let unsigned = bb
        .strip_prefix(b"-")
        .or_else(|| bb.strip_prefix(b"+"))
        .unwrap_or(bb);
    let (whole, fraction) = match unsigned.iter().position(|&b| b == b'.') {
        Some(dot) => (&unsigned[..dot], Some(&unsigned[dot + 1..])),
        None => (unsigned, None),
    };
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    if !digits(whole) || fraction.is_some_and(|f| !digits(f)) {
        return None;
    }
    let value: f64 = std::str::from_utf8(bb).ok()?.parse().ok()?;
    value.is_finite().then_some(value)
}

/// sgf_grammar's `_resolve`: line breaks (`\n\r`, `\r\n`, `\n`, `\r`) made
/// `\n`, tab, form feed and vertical tab made spaces, then escapes
/// resolved (an escaped line break is removed, as is a final lone `\`)
/// and each remaining line break replaced by `hard_break`.
pub(crate) fn resolve_text(bb: &[u8], hard_break: u8) -> Vec<u8> {
    let mut normal = Vec::with_capacity(bb.len());
    let mut i = 0;
    while i < bb.len() {
        let b = bb[i];
        let next = bb.get(i + 1).copied();
        match (b, next) {
            (b'\n', Some(b'\r')) | (b'\r', Some(b'\n')) => {
                normal.push(b'\n');
                i += 2;
                continue;
            }
            (b'\n' | b'\r', _) => normal.push(b'\n'),
            (b'\t' | 0x0b | 0x0c, _) => normal.push(b' '),
            _ => normal.push(b),
        }
        i += 1;
    }
    let mut out = Vec::with_capacity(normal.len());
    let mut bytes = normal.into_iter();
    while let Some(b) = bytes.next() {
        match b {
            b'\\' => match bytes.next() {
                Some(b'\n') | None => {}
                Some(escaped) => out.push(escaped),
            },
            b'\n' => out.push(hard_break),
            _ => out.push(b),
        }
    }
    out
}

/// The bytes decoded as Python's strict codec would, None where Rust does
/// not know the codec or Python would raise.
fn decode<'py>(py: Python<'py>, bytes: &[u8], charset: Charset) -> Option<Bound<'py, PyAny>> {
    let text: String = match charset {
        Charset::Utf8 => std::str::from_utf8(bytes).ok()?.to_owned(),
        Charset::Ascii if bytes.is_ascii() => std::str::from_utf8(bytes).ok()?.to_owned(),
        Charset::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        Charset::Ascii | Charset::Other => return None,
    };
    Some(PyString::new(py, &text).into_any())
}

/// The points of the largest board, made once: tuples cannot change, so
/// every value can share them (sgfmill makes new ones, which no program
/// can tell apart but by `is`).
static POINTS: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();
const MAX_SIDE: i64 = 52;

/// A pair (row, col) as sgfmill returns points.
pub(crate) fn point_tuple<'py>(
    py: Python<'py>,
    (row, col): (i64, i64),
) -> Option<Bound<'py, PyAny>> {
    if (0..MAX_SIDE).contains(&row) && (0..MAX_SIDE).contains(&col) {
        let points = POINTS.get_or_try_init(py, || {
            (0..MAX_SIDE * MAX_SIDE)
                .map(|i| PyTuple::new(py, [i / MAX_SIDE, i % MAX_SIDE]).map(Bound::unbind))
                .collect::<PyResult<Vec<_>>>()
        });
        let index = usize::try_from(row * MAX_SIDE + col).ok()?;
        if let Some(p) = points.ok().and_then(|p| p.get(index)) {
            return Some(p.bind(py).clone().into_any());
        }
    }
    PyTuple::new(py, [row, col]).ok().map(Bound::into_any)
}

/// `Presenter.interpret(id, raws)` with sgfmill's default table, when the
/// answer is certain (see the module's comment).
pub(crate) fn interpret<'py>(
    py: Python<'py>,
    id: &str,
    raws: &[&[u8]],
    ctx: &Context,
) -> Option<Bound<'py, PyAny>> {
    let kind = kind_of(id);
    if kind == Kind::PointList {
        // sgfmill's lists: [b""] is the empty list.
        let raws: &[&[u8]] = if raws == [b""] { &[] } else { raws };
        return point_list(py, raws, ctx);
    }
    let [bb] = raws else {
        // No value, or several for a single-valued type: sgfmill raises.
        return None;
    };
    let bb: &[u8] = bb;
    match kind {
        Kind::None => true.into_bound_py_any(py).ok(),
        Kind::Number => number(bb)?.into_bound_py_any(py).ok(),
        Kind::Real => real(bb)?.into_bound_py_any(py).ok(),
        Kind::Double => {
            let trimmed = bb
                .iter()
                .position(|&b| !is_py_space(b))
                .map(|s| &bb[s..bb.iter().rposition(|&b| !is_py_space(b)).unwrap_or(s) + 1]);
            let value = if trimmed == Some(b"2") { 2 } else { 1 };
            value.into_bound_py_any(py).ok()
        }
        Kind::Colour => match bb {
            b"b" | b"B" => Some(PyString::new(py, "b").into_any()),
            b"w" | b"W" => Some(PyString::new(py, "w").into_any()),
            _ => None,
        },
        Kind::SimpleText => decode(py, &resolve_text(bb, b' '), ctx.charset),
        Kind::Text => decode(py, &resolve_text(bb, b'\n'), ctx.charset),
        Kind::Move => match go_point(bb, ctx.size, ctx.large_boards)? {
            None => Some(py.None().into_bound(py)),
            Some(p) => point_tuple(py, p),
        },
        Kind::PointList | Kind::Other => None,
    }
}

/// Raw values as Python's list of bytes.
pub(crate) fn raw_list<'py>(
    py: Python<'py>,
    raws: &[&[u8]],
) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    pyo3::types::PyList::new(py, raws.iter().map(|v| PyBytes::new(py, v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_resolved_as_sgfmill_does() {
        assert_eq!(resolve_text(b"a\\]b\r\nc\\\nd\te\\", b'\n'), b"a]b\ncd e");
        assert_eq!(resolve_text(b"x\n\ry\rz", b' '), b"x y z");
        assert_eq!(resolve_text(b"\\\\", b' '), b"\\");
    }

    #[test]
    fn points_numbers_and_reals() {
        assert_eq!(go_point(b"tt", 19, false), Some(None));
        assert_eq!(go_point(b"tt", 21, false), Some(Some((1, 19))));
        assert_eq!(go_point(b"aA", 30, false), None);
        assert_eq!(go_point(b"aA", 30, true), Some(Some((3, 0))));
        assert_eq!(go_point(b"abc", 19, false), None);
        assert_eq!(number(b" 1 9"), Some(19));
        assert_eq!(number(b"1_0"), None);
        assert_eq!(real(b"-6.5"), Some(-6.5));
        assert_eq!(real(b"1e5"), None);
        assert_eq!(real(b".5"), None);
    }
}

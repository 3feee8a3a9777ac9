//! Typed values, read and written as sgfmill does
//! (`shared/spec/sgfmill-property-types.txt` and sgfmill's
//! `sgf_properties.py`), on kifu's [`Point`] (column from the left, row
//! from the top) and for boards up to 52x52, square or not.
//!
//! See the [`props`](crate::props) module for where kifu reads
//! differently from sgfmill.

use std::fmt;

use kifu_board::{BoardSize, Color, CoordError, Point};

use super::table::{PropertyInfo, ValueShape, ValueType};
use super::text::{decode_simple_text, decode_text, escape_text, split_compose};

/// `1` (normal) or `2` (emphasised), as in `BM[2]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Double {
    /// `1`.
    Normal,
    /// `2`.
    Emphasized,
}

/// A typed property value.
///
/// | SGF type | value |
/// |---|---|
/// | None | [`Value::None`] |
/// | Number | [`Value::Number`] |
/// | Real | [`Value::Real`] (a [`Value::Number`] is accepted when writing) |
/// | Double | [`Value::Double`] |
/// | Color | [`Value::Color`] |
/// | SimpleText, Text | [`Value::Text`], escapes resolved |
/// | Point, Stone | [`Value::Point`] |
/// | Move | [`Value::Move`], `None` for a pass |
/// | list, elist | [`Value::List`] (empty for the empty elist) |
/// | x:y | [`Value::Compose`] |
/// | `SZ` | [`Value::Number`], or a `Compose` of two numbers |
/// | `FG` | [`Value::None`], or a `Compose` of a number and a text |
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An empty value (`KO[]`, `DO[]`, `FG[]`).
    None,
    /// A Number.
    Number(i64),
    /// A Real (always finite).
    Real(f64),
    /// A Double.
    Double(Double),
    /// A Color.
    Color(Color),
    /// SimpleText or Text, escapes resolved and white space normalised.
    Text(String),
    /// A Point or Stone.
    Point(Point),
    /// A Move: a point, or `None` for a pass.
    Move(Option<Point>),
    /// A list or elist (empty for the empty elist).
    List(Vec<Value>),
    /// A compose value `x:y` (also `SZ[cols:rows]` and `FG[flags:name]`).
    Compose(Box<Value>, Box<Value>),
}

/// Why a value could not be read or written as its type says.
///
/// Displays what was expected and what was found:
///
/// ```
/// use kifu_sgf::props::{lookup, parse_value};
/// use kifu_sgf::BoardSize;
/// let err = parse_value(lookup("B").unwrap(), &["zz"], BoardSize::STANDARD).unwrap_err();
/// assert_eq!(err.to_string(), "expected a point: 'zz' is off the 19x19 board");
/// let err = parse_value(lookup("KM").unwrap(), &["six"], BoardSize::STANDARD).unwrap_err();
/// assert_eq!(err.to_string(), "expected a real number, found 'six'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    message: String,
}

impl ValueError {
    fn new(message: impl Into<String>) -> Self {
        ValueError {
            message: message.into(),
        }
    }

    /// The property is not in the table: it has no type.
    pub fn unknown_property(id: &str) -> Self {
        ValueError::new(format!("'{id}' is not a known property: it has no type"))
    }

    fn expected(what: &str, raw: &str) -> Self {
        ValueError::new(format!("expected {what}, found '{}'", shown(raw)))
    }
}

/// A raw value as an error message shows it: as written (escapes
/// included), control characters such as line breaks escaped (`\n`), cut
/// after 40 characters.
fn shown(raw: &str) -> String {
    const MAX: usize = 40;
    let mut out = String::new();
    for c in raw.chars().take(MAX) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if raw.chars().nth(MAX).is_some() {
        out.push_str("...");
    }
    out
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

/// Reads a Point or Stone: two letters on the board, not a pass.
fn parse_point(raw: &str, size: BoardSize) -> Result<Point, ValueError> {
    let bytes = raw.trim_ascii().as_bytes();
    if bytes.is_empty() || (bytes == b"tt" && size.tt_is_pass()) {
        return Err(ValueError::new(format!(
            "expected a point, found '{}' (a pass)",
            shown(raw)
        )));
    }
    Point::from_sgf(bytes, size).map_err(|e| match e {
        CoordError::Malformed(_) => ValueError::expected("a point", raw),
        e => ValueError::new(format!("expected a point: {e}")),
    })
}

/// Reads a Number as sgfmill does (`int(value.replace(' ', ''))`): spaces
/// anywhere and white space around are ignored, a sign is allowed.
fn parse_number(raw: &str) -> Result<i64, ValueError> {
    // Spaces inside are left out (`1 000`); a copy only for those.
    let compact: std::borrow::Cow<'_, str> = if raw.contains(' ') {
        raw.chars().filter(|&c| c != ' ').collect::<String>().into()
    } else {
        raw.into()
    };
    let digits = compact.trim_ascii();
    let unsigned = digits.strip_prefix(['+', '-']).unwrap_or(digits);
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ValueError::expected("a number", raw));
    }
    digits
        .parse()
        .map_err(|_| ValueError::expected("a number that fits in 64 bits", raw))
}

/// Reads a Real as sgfmill does (Python's `float`): white space around is
/// ignored, exponents are accepted, infinities and NaN are not.
fn parse_real(raw: &str) -> Result<f64, ValueError> {
    let text = raw.trim_ascii();
    // Rust also reads `inf`, `infinity` and `nan`: the finiteness check
    // rejects them, as sgfmill does.
    match text.parse::<f64>() {
        Ok(r) if r.is_finite() => Ok(r),
        _ => Err(ValueError::expected("a real number", raw)),
    }
}

fn parse_single(t: ValueType, raw: &str, size: BoardSize) -> Result<Value, ValueError> {
    let trimmed = raw.trim_ascii();
    Ok(match t {
        ValueType::None => {
            if !trimmed.is_empty() {
                return Err(ValueError::expected("an empty value", raw));
            }
            Value::None
        }
        ValueType::Number => Value::Number(parse_number(raw)?),
        ValueType::Real => Value::Real(parse_real(raw)?),
        ValueType::Double => Value::Double(match trimmed {
            "1" => Double::Normal,
            "2" => Double::Emphasized,
            _ => return Err(ValueError::expected("1 or 2", raw)),
        }),
        ValueType::Color => match trimmed {
            "B" | "b" => Value::Color(Color::Black),
            "W" | "w" => Value::Color(Color::White),
            _ => return Err(ValueError::expected("B or W", raw)),
        },
        ValueType::SimpleText => Value::Text(decode_simple_text(raw)),
        ValueType::Text => Value::Text(decode_text(raw)),
        ValueType::Point | ValueType::Stone => Value::Point(parse_point(raw, size)?),
        ValueType::Move => {
            let b = trimmed.as_bytes();
            if b.is_empty() || (b == b"tt" && size.tt_is_pass()) {
                Value::Move(None)
            } else {
                Value::Move(Some(parse_point(raw, size)?))
            }
        }
    })
}

/// The points of the rectangle with corners `a` and `b` (any two opposite
/// corners, in either order), row by row from the top, each row from the
/// left: the expansion of a compressed point list `aa:cc`, and of the
/// FF\[3\] `VW[ba][db]`.
///
/// ```
/// use kifu_sgf::props::rectangle;
/// use kifu_sgf::Point;
/// let points: Vec<Point> = rectangle(Point::new(1, 1), Point::new(0, 0)).collect();
/// assert_eq!(points, [Point::new(0, 0), Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)]);
/// ```
pub fn rectangle(a: Point, b: Point) -> impl Iterator<Item = Point> {
    let (left, right) = (a.x.min(b.x), a.x.max(b.x));
    let (top, bottom) = (a.y.min(b.y), a.y.max(b.y));
    (top..=bottom).flat_map(move |y| (left..=right).map(move |x| Point::new(x, y)))
}

/// Points of one list value: a point, or a rectangle `aa:cc` expanded.
fn push_points(raw: &str, size: BoardSize, out: &mut Vec<Value>) -> Result<(), ValueError> {
    match split_compose(raw) {
        None => out.push(Value::Point(parse_point(raw, size)?)),
        Some((a, b)) => {
            let (p, q) = (parse_point(a, size)?, parse_point(b, size)?);
            out.extend(rectangle(p, q).map(Value::Point));
        }
    }
    Ok(())
}

fn is_point(t: ValueType) -> bool {
    matches!(t, ValueType::Point | ValueType::Stone)
}

fn is_text(t: ValueType) -> bool {
    matches!(t, ValueType::SimpleText | ValueType::Text)
}

/// Whether one value of `shape`, written `raw`, reads as its type for
/// certain, told from its bytes where that is quick: text, a compose of
/// two texts (`AP[name:version]`), a number of at most nine digits, a
/// short Real written as SGF writes one (`BL[34.5]` in each node of a
/// timed game).
/// `false` says nothing: the value is to be read. The checks and repairs
/// of a root ask this of each of its values, most of which are such.
pub(crate) fn reads_as_its_type(shape: ValueShape, raw: &[u8]) -> bool {
    match shape {
        ValueShape::Single(t) if is_text(t) => true,
        ValueShape::Compose(a, b) => is_text(a) && is_text(b),
        ValueShape::Single(ValueType::Number) => {
            let digits = match raw {
                [b'+' | b'-', rest @ ..] => rest,
                _ => raw,
            };
            (1..=9).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit)
        }
        // Thirty characters are far from the 309 digits past which a
        // number is no longer finite.
        ValueShape::Single(ValueType::Real) => {
            raw.len() <= 30 && std::str::from_utf8(raw).is_ok_and(is_sgf_real)
        }
        _ => false,
    }
}

fn compose(a: ValueType, b: ValueType, raw: &str, size: BoardSize) -> Result<Value, ValueError> {
    let (x, y) = split_compose(raw).ok_or_else(|| {
        ValueError::expected(&format!("a compose value {}:{}", name(a), name(b)), raw)
    })?;
    Ok(Value::Compose(
        Box::new(parse_single(a, x, size)?),
        Box::new(parse_single(b, y, size)?),
    ))
}

fn name(t: ValueType) -> &'static str {
    match t {
        ValueType::None => "none",
        ValueType::Number => "number",
        ValueType::Real => "real",
        ValueType::Double => "double",
        ValueType::Color => "color",
        ValueType::SimpleText => "simpletext",
        ValueType::Text => "text",
        ValueType::Point => "point",
        ValueType::Move => "move",
        ValueType::Stone => "stone",
    }
}

/// Whether the raw values are the empty list: a single empty value.
fn is_empty_list(raws: &[&str]) -> bool {
    matches!(raws, [one] if one.trim_ascii().is_empty())
}

/// Reads the raw values of one property (decoded to UTF-8, escapes still
/// in, as between the brackets) as its type in the table says.
///
/// As sgfmill: a single `[]` is the empty list for every list type, not
/// only elists; compressed point lists are expanded; `[]` is a pass for a
/// Move, and so is `[tt]` on boards up to 19x19; points are checked
/// against `size`; Number ranges are not checked (`SZ[60]` reads as 60);
/// `AP` without a `:` reads as a name with an empty version. See the
/// [`props`](crate::props) module documentation for where kifu is stricter or more
/// tolerant.
///
/// ```
/// use kifu_sgf::props::{lookup, parse_value, Value};
/// use kifu_sgf::{BoardSize, Point};
/// let lb = parse_value(lookup("LB").unwrap(), &["dd:A", "ee:a\\:b"], BoardSize::STANDARD).unwrap();
/// assert_eq!(lb, Value::List(vec![
///     Value::Compose(Box::new(Value::Point(Point::new(3, 3))), Box::new(Value::Text("A".into()))),
///     Value::Compose(Box::new(Value::Point(Point::new(4, 4))), Box::new(Value::Text("a:b".into()))),
/// ]));
/// ```
///
/// # Errors
/// When there is no value, several values for a single-valued property, a
/// value that does not fit the type, or a point off the board.
pub fn parse_value(
    info: &PropertyInfo,
    raws: &[&str],
    size: BoardSize,
) -> Result<Value, ValueError> {
    if raws.is_empty() {
        return Err(ValueError::new(format!("{} has no value", info.id)));
    }
    let single = || -> Result<&str, ValueError> {
        match raws {
            [one] => Ok(*one),
            _ => Err(ValueError::new(format!(
                "{} takes one value, found {}",
                info.id,
                raws.len()
            ))),
        }
    };
    match info.value {
        ValueShape::Single(t) => parse_single(t, single()?, size),
        ValueShape::Compose(a, b) => {
            let raw = single()?;
            match split_compose(raw) {
                // sgfmill's AP: the version may be missing.
                None if is_text(b) => Ok(Value::Compose(
                    Box::new(parse_single(a, raw, size)?),
                    Box::new(Value::Text(String::new())),
                )),
                _ => compose(a, b, raw, size),
            }
        }
        ValueShape::List(_) | ValueShape::EList(_) | ValueShape::ListOfCompose(..)
            if is_empty_list(raws) =>
        {
            Ok(Value::List(Vec::new()))
        }
        ValueShape::List(t) | ValueShape::EList(t) => {
            let mut out = Vec::with_capacity(raws.len());
            for raw in raws {
                if is_point(t) {
                    push_points(raw, size, &mut out)?;
                } else {
                    out.push(parse_single(t, raw, size)?);
                }
            }
            Ok(Value::List(out))
        }
        ValueShape::ListOfCompose(a, b) => raws
            .iter()
            .map(|raw| compose(a, b, raw, size))
            .collect::<Result<_, _>>()
            .map(Value::List),
        ValueShape::Size => {
            let raw = single()?;
            match split_compose(raw) {
                None => Ok(Value::Number(parse_number(raw)?)),
                Some((c, r)) => Ok(Value::Compose(
                    Box::new(Value::Number(parse_number(c)?)),
                    Box::new(Value::Number(parse_number(r)?)),
                )),
            }
        }
        ValueShape::Figure => {
            let raw = single()?;
            if raw.trim_ascii().is_empty() {
                Ok(Value::None)
            } else {
                compose(ValueType::Number, ValueType::SimpleText, raw, size)
            }
        }
    }
}

fn format_point(p: Point, size: BoardSize) -> Result<String, ValueError> {
    if !size.is_valid() || !size.contains(p) {
        return Err(ValueError::new(format!(
            "point ({}, {}) (column, row from the top left) is off the {size} board",
            p.x, p.y
        )));
    }
    Ok(p.to_sgf().iter().map(|&b| char::from(b)).collect())
}

/// A Real as SGF writes it: integers without a fraction, otherwise the
/// shortest decimal that reads back as the same number, never an exponent.
fn format_real(r: f64) -> Result<String, ValueError> {
    if !r.is_finite() {
        return Err(ValueError::new(format!(
            "a real number must be finite, not {r}"
        )));
    }
    // `-0` is not wrong, but `0` is what everyone writes.
    Ok(if r == 0.0 { "0".into() } else { r.to_string() })
}

fn format_single(
    t: ValueType,
    v: &Value,
    size: BoardSize,
    in_compose: bool,
) -> Result<String, ValueError> {
    Ok(match (t, v) {
        (ValueType::None, Value::None) => String::new(),
        (ValueType::Number, Value::Number(n)) => n.to_string(),
        (ValueType::Real, Value::Real(r)) => format_real(*r)?,
        (ValueType::Real, Value::Number(n)) => n.to_string(),
        (ValueType::Double, Value::Double(Double::Normal)) => "1".into(),
        (ValueType::Double, Value::Double(Double::Emphasized)) => "2".into(),
        (ValueType::Color, Value::Color(c)) => c.to_char().to_string(),
        (ValueType::SimpleText | ValueType::Text, Value::Text(s)) => {
            escape_text(s, in_compose).into_owned()
        }
        (ValueType::Point | ValueType::Stone, Value::Point(p) | Value::Move(Some(p))) => {
            format_point(*p, size)?
        }
        (ValueType::Point | ValueType::Stone, Value::Move(None)) => {
            return Err(ValueError::new("expected a point, found a pass"));
        }
        (ValueType::Move, Value::Move(None)) => String::new(),
        (ValueType::Move, Value::Move(Some(p)) | Value::Point(p)) => format_point(*p, size)?,
        _ => {
            return Err(ValueError::new(format!(
                "expected a {} value, found {v:?}",
                name(t)
            )));
        }
    })
}

fn format_compose(
    a: ValueType,
    b: ValueType,
    v: &Value,
    size: BoardSize,
) -> Result<String, ValueError> {
    match v {
        Value::Compose(x, y) => Ok(format!(
            "{}:{}",
            format_single(a, x, size, true)?,
            format_single(b, y, size, true)?
        )),
        _ => Err(ValueError::new(format!(
            "expected a compose value {}:{}, found {v:?}",
            name(a),
            name(b)
        ))),
    }
}

fn format_size(value: &Value) -> Result<String, ValueError> {
    let side = |v: &Value| match v {
        Value::Number(n @ 1..=52) => Some(*n),
        _ => None,
    };
    match value {
        Value::Number(_) => side(value).map(|n| n.to_string()),
        Value::Compose(c, r) => match (side(c), side(r)) {
            (Some(c), Some(r)) if c == r => Some(c.to_string()),
            (Some(c), Some(r)) => Some(format!("{c}:{r}")),
            _ => None,
        },
        _ => None,
    }
    .ok_or_else(|| {
        ValueError::new(format!(
            "expected a board size (1 to 52, or two of them), found {value:?}"
        ))
    })
}

/// Writes a typed value as the raw (escaped) values of the property, ready
/// to stand between brackets.
///
/// Never compressed point lists; a pass as the empty value; points checked
/// against `size`; `None` and the empty elist as one empty value; the empty
/// list refused for list types that are not elists; text escaped (`:` too
/// inside compose values); a square `SZ` written as one number.
///
/// ```
/// use kifu_sgf::props::{format_value, lookup, Value};
/// use kifu_sgf::{BoardSize, Point};
/// let b = lookup("B").unwrap();
/// assert_eq!(format_value(b, &Value::Move(Some(Point::new(3, 6))), BoardSize::STANDARD).unwrap(), ["dg"]);
/// assert_eq!(format_value(b, &Value::Move(None), BoardSize::STANDARD).unwrap(), [""]);
/// ```
///
/// # Errors
/// When the value does not fit the property's type, a list that must not
/// be empty is, or a point lies off the board.
pub fn format_value(
    info: &PropertyInfo,
    value: &Value,
    size: BoardSize,
) -> Result<Vec<String>, ValueError> {
    match (info.value, value) {
        (ValueShape::Single(t), v) => Ok(vec![format_single(t, v, size, false)?]),
        (ValueShape::Compose(a, b), v) => Ok(vec![format_compose(a, b, v, size)?]),
        (ValueShape::EList(_), Value::List(items)) if items.is_empty() => Ok(vec![String::new()]),
        (ValueShape::List(_) | ValueShape::ListOfCompose(..), Value::List(items))
            if items.is_empty() =>
        {
            Err(ValueError::new(format!(
                "{} needs at least one value: only elists may be empty",
                info.id
            )))
        }
        (ValueShape::List(t) | ValueShape::EList(t), Value::List(items)) => items
            .iter()
            .map(|v| format_single(t, v, size, false))
            .collect(),
        (ValueShape::ListOfCompose(a, b), Value::List(items)) => items
            .iter()
            .map(|v| format_compose(a, b, v, size))
            .collect(),
        (ValueShape::Size, v) => Ok(vec![format_size(v)?]),
        (ValueShape::Figure, Value::None) => Ok(vec![String::new()]),
        (ValueShape::Figure, v) => Ok(vec![format_compose(
            ValueType::Number,
            ValueType::SimpleText,
            v,
            size,
        )?]),
        (ValueShape::List(_) | ValueShape::EList(_) | ValueShape::ListOfCompose(..), v) => Err(
            ValueError::new(format!("{} takes a list, found {v:?}", info.id)),
        ),
    }
}

/// Whether the property's values carry points (so the normalized writer
/// re-formats them: compressed lists expanded, passes as `[]`).
pub fn carries_points(info: &PropertyInfo) -> bool {
    let point = |t: ValueType| matches!(t, ValueType::Point | ValueType::Stone | ValueType::Move);
    match info.value {
        ValueShape::Single(t) | ValueShape::List(t) | ValueShape::EList(t) => point(t),
        _ => false,
    }
}

/// SGF's white space: space, tab, line feed, carriage return, vertical
/// tab and form feed.
pub(crate) fn is_sgf_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// A raw value of `info` with the white space inside its points removed
/// (`W[oq\n]` is `W[oq]`, `B[ pp]` is `B[pp]`, `LB[d d:a b]` is
/// `LB[dd:a b]`: a label's text keeps its spaces), as the FF\[3\]-to-FF\[4\]
/// notes and SGFC remove it; `None` when the value holds none, or when the
/// property's values hold no points. Only the white space bytes go: the
/// others stay as they are, in whatever charset they are.
///
/// ```
/// use kifu_sgf::props::{lookup, without_space_in_points};
/// let w = lookup("W").unwrap();
/// assert_eq!(without_space_in_points(w, b"oq\n").as_deref(), Some(&b"oq"[..]));
/// assert_eq!(without_space_in_points(w, b"oq"), None);
/// let lb = lookup("LB").unwrap();
/// assert_eq!(without_space_in_points(lb, b" dd:a b").as_deref(), Some(&b"dd:a b"[..]));
/// assert_eq!(without_space_in_points(lookup("C").unwrap(), b" dd"), None);
/// ```
pub fn without_space_in_points(info: &PropertyInfo, raw: &[u8]) -> Option<Vec<u8>> {
    let point = |t: ValueType| matches!(t, ValueType::Point | ValueType::Stone | ValueType::Move);
    let strip = |part: &[u8], out: &mut Vec<u8>| {
        out.extend(part.iter().copied().filter(|&b| !is_sgf_space(b)));
    };
    if !raw.iter().any(|&b| is_sgf_space(b)) {
        return None;
    }
    let mut out = Vec::with_capacity(raw.len());
    match info.value {
        ValueShape::Single(t) | ValueShape::List(t) | ValueShape::EList(t) if point(t) => {
            strip(raw, &mut out);
        }
        ValueShape::Compose(a, b) | ValueShape::ListOfCompose(a, b) if point(a) || point(b) => {
            // The first `:` that no backslash escapes.
            let mut colon = None;
            let mut i = 0;
            while i < raw.len() {
                match raw[i] {
                    b'\\' => i += 2,
                    b':' => {
                        colon = Some(i);
                        break;
                    }
                    _ => i += 1,
                }
            }
            let (x, y) = match colon {
                Some(at) => (&raw[..at], Some(&raw[at + 1..])),
                None => (raw, None),
            };
            if point(a) {
                strip(x, &mut out);
            } else {
                out.extend_from_slice(x);
            }
            if let Some(y) = y {
                out.push(b':');
                if point(b) {
                    strip(y, &mut out);
                } else {
                    out.extend_from_slice(y);
                }
            }
        }
        _ => return None,
    }
    (out != raw).then_some(out)
}

/// The values of a property with the white space inside their points
/// removed ([`without_space_in_points`]), when there was some and the
/// values then read as the property's type on a board of `size`; `None`
/// otherwise (no white space, no points, or values that do not fit even
/// without it).
///
/// ```
/// use kifu_sgf::props::{lookup, without_space_in_point_values};
/// use kifu_sgf::BoardSize;
/// let ab = lookup("AB").unwrap();
/// let fixed = without_space_in_point_values(ab, &[b"aa", b"b b"], BoardSize::STANDARD);
/// assert_eq!(fixed, Some(vec![b"aa".to_vec(), b"bb".to_vec()]));
/// assert_eq!(without_space_in_point_values(ab, &[b"z z"], BoardSize::new(9, 9).unwrap()), None);
/// ```
pub fn without_space_in_point_values(
    info: &PropertyInfo,
    raws: &[&[u8]],
    size: BoardSize,
) -> Option<Vec<Vec<u8>>> {
    if !mentions_points(info) {
        return None;
    }
    let mut changed = false;
    let values: Vec<Vec<u8>> = raws
        .iter()
        .map(|raw| match without_space_in_points(info, raw) {
            Some(v) => {
                changed = true;
                v
            }
            None => raw.to_vec(),
        })
        .collect();
    if !changed {
        return None;
    }
    let texts: Vec<std::borrow::Cow<'_, str>> =
        values.iter().map(|v| String::from_utf8_lossy(v)).collect();
    let refs: Vec<&str> = texts.iter().map(|t| t.as_ref()).collect();
    parse_value(info, &refs, size).ok()?;
    Some(values)
}

/// Whether `s` is a Real as SGF writes it: `["+"|"-"] Digit {Digit} ["."
/// Digit {Digit}]` (no white space, no exponent, digits on both sides of
/// the point).
pub(crate) fn is_sgf_real(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    digits(int) && frac.is_none_or(digits)
}

/// A Real value that reads as a number but is not written as SGF writes
/// a Real (`34.`, `.5`, `1e2`, ` 6.5`): its canonical form (`34`, `0.5`,
/// `100`, `6.5`), as SGFC corrects it. `None` when the value is a Real as
/// written, or not a number at all.
///
/// ```
/// use kifu_sgf::props::canonical_real;
/// assert_eq!(canonical_real("34.").as_deref(), Some("34"));
/// assert_eq!(canonical_real(".5").as_deref(), Some("0.5"));
/// assert_eq!(canonical_real("-.5").as_deref(), Some("-0.5"));
/// assert_eq!(canonical_real("6.50"), None);
/// assert_eq!(canonical_real("six"), None);
/// ```
pub fn canonical_real(raw: &str) -> Option<String> {
    if is_sgf_real(raw) {
        return None;
    }
    format_real(parse_real(raw).ok()?).ok()
}

/// Whether any of the property's values holds a point (compose values
/// such as `AR` and `LB` included): what only a board game's rules give a
/// meaning.
pub(crate) fn mentions_points(info: &PropertyInfo) -> bool {
    let point = |t: ValueType| matches!(t, ValueType::Point | ValueType::Stone | ValueType::Move);
    match info.value {
        ValueShape::Single(t) | ValueShape::List(t) | ValueShape::EList(t) => point(t),
        ValueShape::Compose(a, b) | ValueShape::ListOfCompose(a, b) => point(a) || point(b),
        ValueShape::Size | ValueShape::Figure => false,
    }
}

/// Whether a value of this shape is one value (not a list).
pub(crate) fn takes_one_value(shape: ValueShape) -> bool {
    matches!(
        shape,
        ValueShape::Single(_) | ValueShape::Compose(..) | ValueShape::Size | ValueShape::Figure
    )
}

/// Whether a list holds the same item twice. Items of lists are points,
/// stones and their composes with points or text (no Reals), so two
/// items are equal when their `Debug` forms are: long lists are compared
/// through a set of those, not each item with every other (random input
/// gave lists of thousands).
pub(crate) fn has_repeated_value(items: &[Value]) -> bool {
    if items.len() <= 32 {
        return (1..items.len()).any(|i| items[..i].contains(&items[i]));
    }
    let mut seen = std::collections::HashSet::with_capacity(items.len());
    items.iter().any(|item| !seen.insert(format!("{item:?}")))
}

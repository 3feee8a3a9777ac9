//! Typed values, read and written as sgfmill does
//! (`shared/spec/sgfmill-property-types.txt`), on kifu's [`Point`] (column
//! from the left, row from the top).

use std::fmt;

use kifu_board::{BoardSize, Color, Point};

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
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An empty value (`KO[]`, `DO[]`, `FG[]`).
    None,
    /// A Number.
    Number(i64),
    /// A Real.
    Real(f64),
    /// A Double.
    Double(Double),
    /// A Color.
    Color(Color),
    /// SimpleText or Text, escapes resolved.
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
        let shown: String = raw.chars().take(40).collect();
        ValueError::new(format!("expected {what}, found '{shown}'"))
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

fn parse_point(raw: &str, size: BoardSize) -> Result<Point, ValueError> {
    let bytes = raw.trim_ascii().as_bytes();
    if bytes.is_empty() || (bytes == b"tt" && size.tt_is_pass()) {
        return Err(ValueError::expected("a point, not a pass", raw));
    }
    Point::from_sgf(bytes, size).map_err(|e| ValueError::new(format!("expected a point: {e}")))
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
        ValueType::Number => Value::Number(
            trimmed
                .strip_prefix('+')
                .unwrap_or(trimmed)
                .parse()
                .map_err(|_| ValueError::expected("a number", raw))?,
        ),
        ValueType::Real => {
            let r: f64 = trimmed
                .parse()
                .map_err(|_| ValueError::expected("a real number", raw))?;
            if !r.is_finite() {
                return Err(ValueError::expected("a real number", raw));
            }
            Value::Real(r)
        }
        // Only 1 and 2: sgfmill reads anything else as 1, kifu reports it.
        ValueType::Double => Value::Double(if trimmed == "2" {
            Double::Emphasized
        } else if trimmed == "1" {
            Double::Normal
        } else {
            return Err(ValueError::expected("1 or 2", raw));
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

/// Points of one list value: a point, or a rectangle `aa:cc` (any two
/// opposite corners) expanded row by row.
fn push_points(raw: &str, size: BoardSize, out: &mut Vec<Value>) -> Result<(), ValueError> {
    match split_compose(raw) {
        None => out.push(Value::Point(parse_point(raw, size)?)),
        Some((a, b)) => {
            let (p, q) = (parse_point(a, size)?, parse_point(b, size)?);
            for y in p.y.min(q.y)..=p.y.max(q.y) {
                for x in p.x.min(q.x)..=p.x.max(q.x) {
                    out.push(Value::Point(Point::new(x, y)));
                }
            }
        }
    }
    Ok(())
}

fn is_point(t: ValueType) -> bool {
    matches!(t, ValueType::Point | ValueType::Stone)
}

fn compose(a: ValueType, b: ValueType, raw: &str, size: BoardSize) -> Result<Value, ValueError> {
    let (x, y) =
        split_compose(raw).ok_or_else(|| ValueError::expected("a compose value x:y", raw))?;
    Ok(Value::Compose(
        Box::new(parse_single(a, x, size)?),
        Box::new(parse_single(b, y, size)?),
    ))
}

/// Reads raw values (decoded to UTF-8, escapes still in) as the property's
/// type says.
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
/// When a value does not fit the type, or is off the board.
pub fn parse_value(
    info: &PropertyInfo,
    raws: &[&str],
    size: BoardSize,
) -> Result<Value, ValueError> {
    let single = || -> Result<&str, ValueError> {
        match raws {
            [one] => Ok(*one),
            [] => Err(ValueError::new(format!("{} has no value", info.id))),
            _ => Err(ValueError::new(format!(
                "{} takes one value, found {}",
                info.id,
                raws.len()
            ))),
        }
    };
    match info.value {
        ValueShape::Single(t) => parse_single(t, single()?, size),
        ValueShape::Compose(a, b) => compose(a, b, single()?, size),
        ValueShape::List(t) | ValueShape::EList(t) => {
            let mut out = Vec::with_capacity(raws.len());
            // sgfmill accepts the empty list for every list type.
            if raws.iter().all(|r| r.trim_ascii().is_empty()) && raws.len() <= 1 {
                return Ok(Value::List(out));
            }
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
                None => parse_single(ValueType::Number, raw, size),
                Some((c, r)) => Ok(Value::Compose(
                    Box::new(parse_single(ValueType::Number, c, size)?),
                    Box::new(parse_single(ValueType::Number, r, size)?),
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
        ValueShape::Any => Ok(Value::List(
            raws.iter()
                .map(|r| Value::Text(decode_simple_text(r)))
                .collect(),
        )),
    }
}

fn format_point(p: Point, size: BoardSize) -> Result<String, ValueError> {
    if !size.contains(p) {
        return Err(ValueError::new(format!(
            "point ({}, {}) is off the {}x{} board",
            p.x, p.y, size.cols, size.rows
        )));
    }
    Ok(String::from_utf8_lossy(&p.to_sgf()).into_owned())
}

fn format_single(
    t: ValueType,
    v: &Value,
    size: BoardSize,
    in_compose: bool,
) -> Result<String, ValueError> {
    let wrong = || ValueError::new(format!("a {t:?} value cannot hold {v:?}"));
    Ok(match (t, v) {
        (ValueType::None, Value::None) => String::new(),
        (ValueType::Number, Value::Number(n)) => n.to_string(),
        (ValueType::Real, Value::Real(r)) if r.is_finite() => r.to_string(),
        (ValueType::Real, Value::Number(n)) => n.to_string(),
        (ValueType::Double, Value::Double(Double::Normal)) => "1".into(),
        (ValueType::Double, Value::Double(Double::Emphasized)) => "2".into(),
        (ValueType::Color, Value::Color(c)) => c.to_char().to_string(),
        (ValueType::SimpleText | ValueType::Text, Value::Text(s)) => {
            escape_text(s, in_compose).into_owned()
        }
        (ValueType::Point | ValueType::Stone, Value::Point(p)) => format_point(*p, size)?,
        (ValueType::Move, Value::Move(None)) => String::new(),
        (ValueType::Move, Value::Move(Some(p)) | Value::Point(p)) => format_point(*p, size)?,
        _ => return Err(wrong()),
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
            "expected a compose value, found {v:?}"
        ))),
    }
}

/// Writes a typed value as the raw (escaped) values of the property:
/// never compressed point lists, a pass as the empty value, points checked
/// against the board.
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
/// When the value does not fit the property's type or lies off the board.
pub fn format_value(
    info: &PropertyInfo,
    value: &Value,
    size: BoardSize,
) -> Result<Vec<String>, ValueError> {
    match (info.value, value) {
        (ValueShape::Single(t), v) => Ok(vec![format_single(t, v, size, false)?]),
        (ValueShape::Compose(a, b), v) => Ok(vec![format_compose(a, b, v, size)?]),
        (ValueShape::EList(_), Value::List(items)) if items.is_empty() => Ok(vec![String::new()]),
        (ValueShape::List(_), Value::List(items)) if items.is_empty() => Err(ValueError::new(
            format!("{} needs at least one value", info.id),
        )),
        (ValueShape::List(t) | ValueShape::EList(t), Value::List(items)) => items
            .iter()
            .map(|v| format_single(t, v, size, false))
            .collect(),
        (ValueShape::ListOfCompose(a, b), Value::List(items)) => items
            .iter()
            .map(|v| format_compose(a, b, v, size))
            .collect(),
        (ValueShape::Size, Value::Number(n)) if (1..=52).contains(n) => Ok(vec![n.to_string()]),
        (ValueShape::Size, Value::Compose(c, r)) => match (c.as_ref(), r.as_ref()) {
            (Value::Number(c), Value::Number(r))
                if (1..=52).contains(c) && (1..=52).contains(r) =>
            {
                Ok(vec![if c == r {
                    c.to_string()
                } else {
                    format!("{c}:{r}")
                }])
            }
            _ => Err(ValueError::new("SZ takes sizes from 1 to 52")),
        },
        (ValueShape::Figure, Value::None) => Ok(vec![String::new()]),
        (ValueShape::Figure, v) => Ok(vec![format_compose(
            ValueType::Number,
            ValueType::SimpleText,
            v,
            size,
        )?]),
        (ValueShape::Any, Value::List(items)) => items
            .iter()
            .map(|v| format_single(ValueType::SimpleText, v, size, false))
            .collect(),
        (shape, v) => Err(ValueError::new(format!(
            "{} ({shape:?}) cannot hold {v:?}",
            info.id
        ))),
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

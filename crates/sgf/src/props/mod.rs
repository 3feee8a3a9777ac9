//! The typed property layer: the FF\[4\] property table and values read
//! and written as sgfmill represents them.
//!
//! - [`table`]: one static row per property ([`lookup`], [`PROPERTIES`]):
//!   value shape, kind, inheritance, Go-only and obsolete flags.
//! - [`text`]: escaping both ways, soft line breaks, white space in Text
//!   and SimpleText.
//! - [`parse_value`] / [`format_value`]: raw values (the text between the
//!   brackets, decoded to UTF-8, escapes kept) to a typed [`Value`] and
//!   back, checking points against the board size.
//!
//! ```
//! use kifu_sgf::props::{format_value, lookup, parse_value, Value};
//! use kifu_sgf::{BoardSize, Point};
//!
//! let size = BoardSize::STANDARD;
//! let label = |p: Point, text: &str| {
//!     Value::Compose(Box::new(Value::Point(p)), Box::new(Value::Text(text.into())))
//! };
//!
//! // Labels: a list of point:simpletext; an escaped `:` belongs to the text.
//! let lb = lookup("LB").unwrap();
//! let labels = parse_value(lb, &["dd:A", "pp:1\\:2"], size).unwrap();
//! assert_eq!(labels, Value::List(vec![
//!     label(Point::new(3, 3), "A"),
//!     label(Point::new(15, 15), "1:2"),
//! ]));
//! assert_eq!(format_value(lb, &labels, size).unwrap(), ["dd:A", "pp:1\\:2"]);
//!
//! // Moves: a point, or `None` for a pass, which is written `[]`.
//! let b = lookup("B").unwrap();
//! assert_eq!(format_value(b, &Value::Move(Some(Point::new(15, 3))), size).unwrap(), ["pd"]);
//! assert_eq!(format_value(b, &Value::Move(None), size).unwrap(), [""]);
//! // `tt` is read as a pass on boards up to 19x19.
//! assert_eq!(parse_value(b, &["tt"], size).unwrap(), Value::Move(None));
//!
//! // Compressed point lists are accepted on read, and never written.
//! let ab = lookup("AB").unwrap();
//! let stones = parse_value(ab, &["aa:bb"], size).unwrap();
//! assert_eq!(format_value(ab, &stones, size).unwrap(), ["aa", "ba", "ab", "bb"]);
//! ```
//!
//! # Differences from sgfmill
//!
//! Where kifu reads or writes differently from sgfmill, it is on purpose:
//!
//! - a Double other than `1` or `2` and a None value that is not empty are
//!   errors (sgfmill reads them as `1` and as `True`), so the checker can
//!   report them;
//! - a Number out of the `i64` range is an error (Python has big integers);
//!   grouping underscores (`1_000`, accepted by Python's `int`) are not
//!   accepted;
//! - Point, Move, Stone and Color values may have white space around them
//!   (`B[ dd ]`; sgfmill rejects it), as FF\[3\]-to-FF\[4\] converters are
//!   told to remove it; `B[ ]` is a pass;
//! - a compressed point list whose corners are not upper-left then
//!   lower-right (`cc:aa`, `ca:ac`) is read as the same rectangle, not
//!   rejected; a 1x1 rectangle `cc:cc` is its point (sgfmill too);
//! - point lists keep the points in the order read (rectangles row by
//!   row), duplicates included, where sgfmill returns a set, and are
//!   written in the order given, where sgfmill sorts them: the checker
//!   reports duplicates, and writing keeps the author's order;
//! - boards go up to 52x52 and may be rectangular, `SZ[19:13]` (sgfmill:
//!   square boards up to 26x26, `SZ` a plain Number);
//! - a pass is written `[]` on every board (sgfmill writes `[tt]` up to
//!   19x19);
//! - a Real is written in plain decimal (`0.00001`, where sgfmill writes
//!   `0`).

pub mod table;
pub mod text;
mod value;
pub(crate) use value::{
    has_repeated_value, is_sgf_real, is_sgf_space, mentions_points, reads_as_its_type,
    takes_one_value,
};

pub use table::{PROPERTIES, PropertyInfo, PropertyKind, ValueShape, ValueType, lookup};
pub use value::{
    Double, Value, ValueError, canonical_real, carries_points, format_value, parse_value,
    rectangle, without_space_in_point_values, without_space_in_points,
};

#[cfg(test)]
mod tests;

//! The typed property layer: the FF\[4\] property table and values read
//! and written as sgfmill represents them.
//!
//! ```
//! use kifu_sgf::props::{format_value, lookup, parse_value, Value};
//! use kifu_sgf::{BoardSize, Point};
//!
//! let size = BoardSize::square(9).unwrap();
//! // Compressed point lists are accepted on read...
//! let ab = parse_value(lookup("AB").unwrap(), &["aa:bb"], size).unwrap();
//! assert_eq!(ab, Value::List(vec![
//!     Value::Point(Point::new(0, 0)), Value::Point(Point::new(1, 0)),
//!     Value::Point(Point::new(0, 1)), Value::Point(Point::new(1, 1)),
//! ]));
//! // ...and never written.
//! assert_eq!(format_value(lookup("AB").unwrap(), &ab, size).unwrap(), ["aa", "ba", "ab", "bb"]);
//! // `tt` is a pass on boards up to 19x19.
//! assert_eq!(parse_value(lookup("W").unwrap(), &["tt"], size).unwrap(), Value::Move(None));
//! ```

pub mod table;
pub mod text;
mod value;

pub use table::{PROPERTIES, PropertyInfo, PropertyKind, ValueShape, ValueType, lookup};
pub use value::{Double, Value, ValueError, carries_points, format_value, parse_value};

#[cfg(test)]
mod tests;

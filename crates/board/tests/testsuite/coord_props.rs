//! Property tests for the coordinate systems: round trips on random
//! boards, canonical spelling, and no panics on arbitrary input.

use kifu_board::coord::{column_name, parse_column};
use kifu_board::{BoardSize, CoordError, Point};
use proptest::prelude::*;

/// A valid board size and a point on it.
fn size_and_point() -> impl Strategy<Value = (BoardSize, Point)> {
    (1u8..=52, 1u8..=52).prop_flat_map(|(cols, rows)| {
        (0..cols, 0..rows).prop_map(move |(x, y)| {
            (
                BoardSize::new(cols.into(), rows.into()).unwrap(),
                Point::new(x, y),
            )
        })
    })
}

/// Any size, valid or hand-built out of range.
fn any_size() -> impl Strategy<Value = BoardSize> {
    (any::<u8>(), any::<u8>()).prop_map(|(cols, rows)| BoardSize { cols, rows })
}

/// Text that looks roughly like coordinates, to reach deep into the parser.
fn coordinate_like() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z]{0,3}[0-9]{0,4}",
        "[ \t]?[a-zA-Z]{1,2}[0-9]{1,3}[ \t]?",
        "[a-zA-Z0-9 +\\-é١]{0,6}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn all_systems_round_trip((size, p) in size_and_point()) {
        prop_assert_eq!(Point::from_sgf(&p.to_sgf(), size), Ok(p));
        let standard = p.to_standard(size);
        prop_assert_eq!(Point::from_standard(&standard, size), Ok(p));
        prop_assert_eq!(Point::from_standard(&standard.to_lowercase(), size), Ok(p));
        let (row, col) = p.to_row_col(size);
        prop_assert_eq!(Point::from_row_col(row, col, size), Ok(p));
        prop_assert_eq!(Point::from_index(p.index(size), size), Some(p));
    }

    #[test]
    fn systems_agree_with_each_other((size, p) in size_and_point()) {
        let (row, col) = p.to_row_col(size);
        // The standard row number is sgfmill's row plus one.
        let standard = p.to_standard(size);
        let name = column_name(p.x);
        prop_assert_eq!(&standard, &format!("{}{}", name, u32::from(row) + 1));
        prop_assert_eq!(parse_column(&name), Some(u32::from(col)));
        prop_assert_eq!(u32::from(row) + u32::from(p.y) + 1, u32::from(size.rows));
    }

    /// Whatever the standard reader accepts, it accepts in exactly one
    /// spelling up to case and surrounding whitespace: the one written.
    #[test]
    fn standard_reading_accepts_only_the_canonical_spelling(
        text in coordinate_like(),
        (size, _) in size_and_point(),
    ) {
        if let Ok(p) = Point::from_standard(&text, size) {
            prop_assert!(size.contains(p));
            prop_assert_eq!(p.to_standard(size), text.trim().to_ascii_uppercase());
        }
    }

    #[test]
    fn sgf_reading_accepts_only_the_canonical_spelling(
        bytes in proptest::collection::vec(any::<u8>(), 0..4),
        (size, _) in size_and_point(),
    ) {
        if let Ok(p) = Point::from_sgf(&bytes, size) {
            prop_assert!(size.contains(p));
            prop_assert_eq!(&p.to_sgf()[..], &bytes[..]);
        }
    }

    /// No input, size or point makes any conversion panic, and errors
    /// always render to a message.
    #[test]
    fn nothing_panics(
        text in coordinate_like(),
        bytes in proptest::collection::vec(any::<u8>(), 0..4),
        size in any_size(),
        x in any::<u8>(),
        y in any::<u8>(),
        index in any::<usize>(),
    ) {
        for result in [
            Point::from_standard(&text, size),
            Point::from_sgf(&bytes, size),
            Point::from_row_col(x, y, size),
        ] {
            match result {
                Ok(p) => prop_assert!(size.is_valid() && size.contains(p)),
                Err(e) => {
                    prop_assert!(!e.to_string().is_empty());
                    if !size.is_valid() {
                        let is_size_error = matches!(e, CoordError::SizeOutOfRange { .. });
                        prop_assert!(is_size_error, "{:?}", e);
                    }
                }
            }
        }
        let p = Point::new(x, y);
        let _ = (p.to_sgf(), p.to_standard(size), p.to_row_col(size), p.index(size));
        if let Some(q) = Point::from_index(index, size) {
            prop_assert!(size.contains(q));
            prop_assert_eq!(q.index(size), index);
        }
        let _ = parse_column(&text);
    }
}

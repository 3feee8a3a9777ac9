//! One test per row of sgfmill's type table, both directions.

use kifu_board::{BoardSize, Color, Point};

use super::*;

fn size19() -> BoardSize {
    BoardSize::STANDARD
}

fn read(id: &str, raws: &[&str]) -> Result<Value, ValueError> {
    parse_value(lookup(id).unwrap(), raws, size19())
}

fn write(id: &str, v: &Value) -> Vec<String> {
    format_value(lookup(id).unwrap(), v, size19()).unwrap()
}

/// Reads, checks, writes back and checks the raw form.
fn both_ways(id: &str, raws: &[&str], value: Value, written: &[&str]) {
    assert_eq!(read(id, raws).unwrap(), value, "{id} read");
    assert_eq!(write(id, &value), written, "{id} written");
}

#[test]
fn none() {
    both_ways("KO", &[""], Value::None, &[""]);
    assert!(read("KO", &["x"]).is_err());
}

#[test]
fn number() {
    both_ways("HA", &["3"], Value::Number(3), &["3"]);
    both_ways("MN", &["-2"], Value::Number(-2), &["-2"]);
    assert_eq!(read("HA", &[" +4 "]).unwrap(), Value::Number(4));
    assert!(read("HA", &["3.5"]).is_err());
    assert!(read("HA", &[""]).is_err());
}

#[test]
fn real() {
    both_ways("KM", &["5.5"], Value::Real(5.5), &["5.5"]);
    both_ways("KM", &["7"], Value::Real(7.0), &["7"]);
    assert_eq!(read("KM", &["-0.5"]).unwrap(), Value::Real(-0.5));
    assert!(read("KM", &["six"]).is_err());
    assert!(read("KM", &["inf"]).is_err());
}

#[test]
fn double() {
    both_ways("GB", &["2"], Value::Double(Double::Emphasized), &["2"]);
    both_ways("BM", &["1"], Value::Double(Double::Normal), &["1"]);
    assert!(read("TE", &["3"]).is_err());
}

#[test]
fn colour() {
    both_ways("PL", &["W"], Value::Color(Color::White), &["W"]);
    assert_eq!(read("PL", &["b"]).unwrap(), Value::Color(Color::Black));
    assert!(read("PL", &["X"]).is_err());
}

#[test]
fn simple_text() {
    both_ways("RE", &["W+R"], Value::Text("W+R".into()), &["W+R"]);
    assert_eq!(
        read("PB", &["Lee\nSedol"]).unwrap(),
        Value::Text("Lee Sedol".into())
    );
    both_ways("N", &["a\\]b"], Value::Text("a]b".into()), &["a\\]b"]);
}

#[test]
fn text() {
    // sgfmill's example.
    both_ways(
        "GC",
        &["Example game\n[for documentation\\]"],
        Value::Text("Example game\n[for documentation]".into()),
        &["Example game\n[for documentation\\]"],
    );
    assert_eq!(
        read("C", &["a\r\nb\tc"]).unwrap(),
        Value::Text("a\nb c".into())
    );
}

#[test]
fn stone_and_point() {
    both_ways(
        "AB",
        &["dd"],
        Value::List(vec![Value::Point(Point::new(3, 3))]),
        &["dd"],
    );
    // Pass forms are not points.
    assert!(read("AB", &["tt"]).is_err());
    assert!(read("TR", &["tt"]).is_err());
    assert!(read("AE", &["zz"]).is_err());
}

#[test]
fn mv() {
    // sgfmill: node.set('B', (2, 3)) gives 'dg' on its 9x9 example board:
    // row 2 from the bottom of 9 rows is y = 6, column 3 is x = 3.
    let nine = BoardSize::square(9).unwrap();
    let p = Point::new(3, 6);
    assert_eq!(p.to_row_col(nine), (2, 3));
    assert_eq!(
        format_value(lookup("B").unwrap(), &Value::Move(Some(p)), nine).unwrap(),
        ["dg"]
    );
    both_ways("W", &[""], Value::Move(None), &[""]);
    assert_eq!(read("W", &["tt"]).unwrap(), Value::Move(None));
    // On a 21x21 board `tt` is a real point.
    let big = BoardSize::square(21).unwrap();
    assert_eq!(
        parse_value(lookup("B").unwrap(), &["tt"], big).unwrap(),
        Value::Move(Some(Point::new(19, 19)))
    );
    assert!(read("B", &["dd", "ee"]).is_err());
}

#[test]
fn lists_and_compressed_lists() {
    let pts = |v: &[(u8, u8)]| {
        Value::List(
            v.iter()
                .map(|&(x, y)| Value::Point(Point::new(x, y)))
                .collect(),
        )
    };
    assert_eq!(
        read("AB", &["aa:bb", "dd"]).unwrap(),
        pts(&[(0, 0), (1, 0), (0, 1), (1, 1), (3, 3)])
    );
    // Reversed corners give the same rectangle.
    assert_eq!(
        read("AB", &["bb:aa"]).unwrap(),
        read("AB", &["aa:bb"]).unwrap()
    );
    // A 1x1 rectangle is read as its point (the checker reports it).
    assert_eq!(read("AB", &["cc:cc"]).unwrap(), pts(&[(2, 2)]));
    assert_eq!(write("AW", &pts(&[(0, 0), (1, 1)])), ["aa", "bb"]);
    // The empty list is accepted for every list type, written only for elists.
    assert_eq!(read("AB", &[""]).unwrap(), Value::List(vec![]));
    assert!(format_value(lookup("AB").unwrap(), &Value::List(vec![]), size19()).is_err());
}

#[test]
fn elists() {
    both_ways("VW", &[""], Value::List(vec![]), &[""]);
    both_ways(
        "TB",
        &["aa"],
        Value::List(vec![Value::Point(Point::new(0, 0))]),
        &["aa"],
    );
}

#[test]
fn compose_values() {
    let lb = Value::List(vec![Value::Compose(
        Box::new(Value::Point(Point::new(0, 2))),
        Box::new(Value::Text("label 1".into())),
    )]);
    both_ways("LB", &["ac:label 1"], lb, &["ac:label 1"]);
    let ap = Value::Compose(
        Box::new(Value::Text("kifu".into())),
        Box::new(Value::Text("1:2".into())),
    );
    both_ways("AP", &["kifu:1\\:2"], ap, &["kifu:1\\:2"]);
    let ar = Value::List(vec![Value::Compose(
        Box::new(Value::Point(Point::new(0, 0))),
        Box::new(Value::Point(Point::new(2, 2))),
    )]);
    both_ways("AR", &["aa:cc"], ar, &["aa:cc"]);
    assert!(read("LB", &["ac"]).is_err());
}

#[test]
fn size() {
    both_ways("SZ", &["19"], Value::Number(19), &["19"]);
    let rect = Value::Compose(Box::new(Value::Number(19)), Box::new(Value::Number(13)));
    both_ways("SZ", &["19:13"], rect, &["19:13"]);
    // A square written as a rectangle is written back as a square.
    let square = Value::Compose(Box::new(Value::Number(19)), Box::new(Value::Number(19)));
    assert_eq!(write("SZ", &square), ["19"]);
    assert!(format_value(lookup("SZ").unwrap(), &Value::Number(53), size19()).is_err());
}

#[test]
fn figure() {
    both_ways("FG", &[""], Value::None, &[""]);
    let fg = Value::Compose(
        Box::new(Value::Number(257)),
        Box::new(Value::Text("Figure 1".into())),
    );
    both_ways("FG", &["257:Figure 1"], fg, &["257:Figure 1"]);
}

#[test]
fn points_are_checked_against_rectangular_and_large_boards() {
    let rect = BoardSize::new(19, 5).unwrap();
    let ab = lookup("AB").unwrap();
    assert!(parse_value(ab, &["se"], rect).is_ok());
    assert!(parse_value(ab, &["sf"], rect).is_err());
    let big = BoardSize::square(52).unwrap();
    assert_eq!(
        parse_value(ab, &["ZZ"], big).unwrap(),
        Value::List(vec![Value::Point(Point::new(51, 51))])
    );
    assert!(parse_value(ab, &["ZZ"], size19()).is_err());
    assert!(
        format_value(
            ab,
            &Value::List(vec![Value::Point(Point::new(19, 0))]),
            size19()
        )
        .is_err()
    );
}

#[test]
fn obsolete_properties_read_as_text() {
    assert_eq!(
        read("SI", &["a", "b"]).unwrap(),
        Value::List(vec![Value::Text("a".into()), Value::Text("b".into())])
    );
    assert!(lookup("L").unwrap().obsolete);
}

#[test]
fn carries_points_marks_the_point_properties() {
    for id in ["B", "W", "AB", "AE", "TR", "VW", "TB"] {
        assert!(carries_points(lookup(id).unwrap()), "{id}");
    }
    for id in ["C", "LB", "SZ", "KM", "AR"] {
        assert!(!carries_points(lookup(id).unwrap()), "{id}");
    }
}

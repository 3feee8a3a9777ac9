//! One test per row of sgfmill's type table, both directions, then the
//! compressed lists, the board ranges and the passes.

use kifu_board::{BoardSize, Color, Point};
use proptest::prelude::*;

use super::*;

fn size19() -> BoardSize {
    BoardSize::STANDARD
}

fn sized(cols: u32, rows: u32) -> BoardSize {
    BoardSize::new(cols, rows).unwrap()
}

fn info(id: &str) -> &'static PropertyInfo {
    lookup(id).unwrap_or_else(|| panic!("{id} is not in the table"))
}

fn read(id: &str, raws: &[&str]) -> Result<Value, ValueError> {
    parse_value(info(id), raws, size19())
}

fn write(id: &str, v: &Value) -> Vec<String> {
    format_value(info(id), v, size19()).unwrap()
}

fn error(id: &str, raws: &[&str]) -> String {
    match read(id, raws) {
        Ok(v) => panic!("{id}{raws:?} read as {v:?}"),
        Err(e) => e.to_string(),
    }
}

/// Reads, checks, writes back and checks the raw form.
fn both_ways(id: &str, raws: &[&str], value: Value, written: &[&str]) {
    assert_eq!(read(id, raws).unwrap(), value, "{id} read");
    assert_eq!(write(id, &value), written, "{id} written");
}

fn txt(s: &str) -> Value {
    Value::Text(s.into())
}

fn pt(x: u8, y: u8) -> Value {
    Value::Point(Point::new(x, y))
}

fn pts(v: &[(u8, u8)]) -> Value {
    Value::List(v.iter().map(|&(x, y)| pt(x, y)).collect())
}

fn pair(a: Value, b: Value) -> Value {
    Value::Compose(Box::new(a), Box::new(b))
}

#[test]
fn none() {
    // sgfmill: node.set('KO', True) -> b''.
    both_ways("KO", &[""], Value::None, &[""]);
    both_ways("DO", &[" "], Value::None, &[""]);
    assert_eq!(
        error("IT", &["x"]),
        "expected an empty value, found 'x'",
        "kifu is stricter than sgfmill here"
    );
    assert!(format_value(info("KO"), &Value::Number(1), size19()).is_err());
}

#[test]
fn number() {
    // sgfmill: node.set('HA', 3).
    both_ways("HA", &["3"], Value::Number(3), &["3"]);
    both_ways("MN", &["-2"], Value::Number(-2), &["-2"]);
    both_ways("FF", &["+4"], Value::Number(4), &["4"]);
    // As sgfmill's int(value.replace(' ', '')): spaces anywhere, white
    // space around.
    assert_eq!(read("HA", &[" + 4 "]).unwrap(), Value::Number(4));
    assert_eq!(read("MN", &["1 2"]).unwrap(), Value::Number(12));
    assert_eq!(read("MN", &["\t7\n"]).unwrap(), Value::Number(7));
    for bad in [
        "3.5", "", " ", "+", "-", "+-5", "0x10", "1e3", "1_000", "٣", "12a",
    ] {
        assert!(read("HA", &[bad]).is_err(), "{bad:?}");
    }
    assert_eq!(error("HA", &["three"]), "expected a number, found 'three'");
    assert!(read("MN", &["99999999999999999999"]).is_err());
    assert_eq!(
        read("MN", &["-9223372036854775808"]).unwrap(),
        Value::Number(i64::MIN)
    );
    // No range checks for Numbers (sgfmill neither).
    assert_eq!(read("GM", &["999"]).unwrap(), Value::Number(999));
    assert!(read("HA", &["1", "2"]).is_err());
}

#[test]
fn real() {
    // sgfmill: node.set('KM', 5.5).
    both_ways("KM", &["5.5"], Value::Real(5.5), &["5.5"]);
    both_ways("KM", &["7"], Value::Real(7.0), &["7"]);
    both_ways("KM", &["-0.5"], Value::Real(-0.5), &["-0.5"]);
    both_ways("TM", &["1e3"], Value::Real(1000.0), &["1000"]);
    // Python's float() tolerates white space around and more forms.
    for (raw, r) in [(" 6.5 ", 6.5), ("+.5", 0.5), ("5.", 5.0), ("1E2", 100.0)] {
        assert_eq!(read("KM", &[raw]).unwrap(), Value::Real(r), "{raw:?}");
    }
    for bad in ["six", "", "inf", "-infinity", "NaN", "1e999", "6,5", "6 .5"] {
        assert!(read("KM", &[bad]).is_err(), "{bad:?}");
    }
    assert_eq!(error("KM", &["six"]), "expected a real number, found 'six'");
    // Writing: integers plainly, never an exponent, never -0.
    assert_eq!(write("KM", &Value::Real(-0.0)), ["0"]);
    assert_eq!(write("V", &Value::Real(0.00001)), ["0.00001"]);
    assert_eq!(write("BL", &Value::Real(1e21)), ["1000000000000000000000"]);
    assert_eq!(write("KM", &Value::Number(6)), ["6"]);
    assert!(format_value(info("KM"), &Value::Real(f64::NAN), size19()).is_err());
    assert!(format_value(info("KM"), &Value::Real(f64::INFINITY), size19()).is_err());
}

#[test]
fn double() {
    // sgfmill: node.set('GB', 2).
    both_ways("GB", &["2"], Value::Double(Double::Emphasized), &["2"]);
    both_ways("BM", &["1"], Value::Double(Double::Normal), &["1"]);
    assert_eq!(
        read("HO", &[" 2 "]).unwrap(),
        Value::Double(Double::Emphasized)
    );
    // sgfmill reads anything else as 1; kifu reports it.
    for bad in ["3", "", "0", "x", "1.0"] {
        assert!(read("TE", &[bad]).is_err(), "{bad:?}");
    }
    assert_eq!(error("TE", &["3"]), "expected 1 or 2, found '3'");
}

#[test]
fn colour() {
    // sgfmill: node.set('PL', 'w').
    both_ways("PL", &["W"], Value::Color(Color::White), &["W"]);
    both_ways("PL", &["B"], Value::Color(Color::Black), &["B"]);
    // Lowercase is accepted, as by sgfmill.
    assert_eq!(read("PL", &["b"]).unwrap(), Value::Color(Color::Black));
    assert_eq!(read("PL", &["w"]).unwrap(), Value::Color(Color::White));
    for bad in ["X", "", "BW", "Black"] {
        assert!(read("PL", &[bad]).is_err(), "{bad:?}");
    }
    assert_eq!(error("PL", &["X"]), "expected B or W, found 'X'");
}

#[test]
fn simple_text() {
    // sgfmill: node.set('RE', 'W+R').
    both_ways("RE", &["W+R"], txt("W+R"), &["W+R"]);
    both_ways("N", &["a\\]b\\\\c"], txt("a]b\\c"), &["a\\]b\\\\c"]);
    // Line breaks and other white space become spaces; soft breaks vanish.
    assert_eq!(
        read("PB", &["Lee\r\nSe\\\ndol\tx"]).unwrap(),
        txt("Lee Sedol x")
    );
    // An empty text is a value (the checker reports it).
    both_ways("PW", &[""], txt(""), &[""]);
    // A colon needs no escape outside compose values.
    both_ways("DT", &["12:30"], txt("12:30"), &["12:30"]);
}

#[test]
fn text() {
    // sgfmill's example: node.set('GC', 'Example game\n[for documentation]').
    both_ways(
        "GC",
        &["Example game\n[for documentation\\]"],
        txt("Example game\n[for documentation]"),
        &["Example game\n[for documentation\\]"],
    );
    assert_eq!(
        read("C", &["a\r\nb\tc\\\r\nd\n\re"]).unwrap(),
        txt("a\nb cd\ne")
    );
    assert_eq!(write("C", &txt("a\\b]")), ["a\\\\b\\]"]);
    assert!(read("C", &["a", "b"]).is_err());
}

#[test]
fn stone() {
    both_ways("AB", &["dd"], pts(&[(3, 3)]), &["dd"]);
    both_ways("AW", &["aa", "sa"], pts(&[(0, 0), (18, 0)]), &["aa", "sa"]);
    // Pass forms are not stones.
    assert_eq!(
        error("AB", &["tt"]),
        "expected a point, found 'tt' (a pass)"
    );
    assert!(read("AW", &["dd", ""]).is_err());
    assert_eq!(error("AB", &["d"]), "expected a point, found 'd'");
    assert!(format_value(info("AB"), &Value::List(vec![Value::Move(None)]), size19()).is_err());
}

#[test]
fn point() {
    both_ways("AE", &["pd"], pts(&[(15, 3)]), &["pd"]);
    both_ways("TR", &["ss"], pts(&[(18, 18)]), &["ss"]);
    assert!(read("TR", &["tt"]).is_err());
    assert_eq!(
        error("AE", &["zz"]),
        "expected a point: 'zz' is off the 19x19 board"
    );
    // White space around a point is tolerated.
    assert_eq!(read("MA", &[" dd\n"]).unwrap(), pts(&[(3, 3)]));
    // A move value with a point may be written where a point is expected.
    assert_eq!(
        write(
            "SL",
            &Value::List(vec![Value::Move(Some(Point::new(1, 2)))])
        ),
        ["bc"]
    );
}

#[test]
fn mv() {
    // sgfmill: node.set('B', (2, 3)) gives 'dg'. sgfmill's (row, col)
    // counts rows from the bottom: row 2, column 3 is x = 3 and, on a 9x9
    // board, y = 9 - 1 - 2 = 6, which is `dg`. On 19x19 it would be `dq`.
    let nine = BoardSize::square(9).unwrap();
    let p = Point::new(3, 9 - 1 - 2);
    assert_eq!(
        format_value(info("B"), &Value::Move(Some(p)), nine).unwrap(),
        ["dg"]
    );
    assert_eq!(
        parse_value(info("B"), &["dg"], nine).unwrap(),
        Value::Move(Some(p))
    );
    let p19 = Point::new(3, 19 - 1 - 2);
    assert_eq!(write("B", &Value::Move(Some(p19))), ["dq"]);

    // Passes: `[]` always, written `[]`.
    both_ways("W", &[""], Value::Move(None), &[""]);
    both_ways("B", &[" "], Value::Move(None), &[""]);
    // A point value is accepted where a move is written.
    assert_eq!(write("W", &pt(0, 0)), ["aa"]);
    assert!(read("B", &["dd", "ee"]).is_err());
    assert!(read("B", &[]).is_err());
    assert!(read("B", &["d"]).is_err());
    assert!(format_value(info("B"), &txt("dd"), size19()).is_err());
}

#[test]
fn tt_is_a_pass_up_to_19x19_and_a_point_beyond() {
    let b = info("B");
    for size in [size19(), sized(9, 9), sized(19, 5), sized(1, 1)] {
        assert_eq!(
            parse_value(b, &["tt"], size).unwrap(),
            Value::Move(None),
            "{size}"
        );
        // Written as `[]`, not as `[tt]`.
        assert_eq!(format_value(b, &Value::Move(None), size).unwrap(), [""]);
        assert!(parse_value(info("AB"), &["tt"], size).is_err(), "{size}");
    }
    for size in [sized(21, 21), sized(20, 20), sized(20, 21)] {
        let tt = Point::new(19, 19);
        assert_eq!(
            parse_value(b, &["tt"], size).unwrap(),
            Value::Move(Some(tt)),
            "{size}"
        );
        assert_eq!(
            format_value(b, &Value::Move(Some(tt)), size).unwrap(),
            ["tt"]
        );
        assert_eq!(
            parse_value(info("AB"), &["tt"], size).unwrap(),
            pts(&[(19, 19)])
        );
        assert_eq!(format_value(b, &Value::Move(None), size).unwrap(), [""]);
    }
    // A 19x19 board cannot hold the point (19, 19).
    assert!(format_value(b, &Value::Move(Some(Point::new(19, 19))), size19()).is_err());
}

#[test]
fn lists() {
    // sgfmill accepts the empty list for every list type; only elists may
    // be written empty.
    for id in [
        "AB", "AW", "AE", "CR", "MA", "SL", "SQ", "TR", "LB", "AR", "LN",
    ] {
        assert_eq!(read(id, &[""]).unwrap(), Value::List(vec![]), "{id}");
        assert!(
            format_value(info(id), &Value::List(vec![]), size19()).is_err(),
            "{id}"
        );
    }
    assert_eq!(write("MA", &pts(&[(2, 2), (0, 0)])), ["cc", "aa"]);
    // Order and duplicates are kept (the checker reports duplicates).
    assert_eq!(
        read("SQ", &["bb", "aa", "bb"]).unwrap(),
        pts(&[(1, 1), (0, 0), (1, 1)])
    );
    assert!(read("AB", &[]).is_err());
    // A single value is not a list.
    assert!(format_value(info("AB"), &pt(0, 0), size19()).is_err());
}

#[test]
fn elists() {
    for id in ["DD", "TB", "TW", "VW"] {
        both_ways(id, &[""], Value::List(vec![]), &[""]);
    }
    both_ways("TB", &["aa"], pts(&[(0, 0)]), &["aa"]);
    both_ways("DD", &["aa:ab"], pts(&[(0, 0), (0, 1)]), &["aa", "ab"]);
    assert!(read("TW", &["", ""]).is_err());
}

#[test]
fn compose() {
    // sgfmill: node.set('LB', [((6, 0), "label 1"), ((6, 1), "label 2")])
    // on its 9x9 board gives ['ac:label 1', 'bc:label 2'].
    let nine = BoardSize::square(9).unwrap();
    let lb = Value::List(vec![
        pair(pt(0, 2), txt("label 1")),
        pair(pt(1, 2), txt("label 2")),
    ]);
    assert_eq!(
        format_value(info("LB"), &lb, nine).unwrap(),
        ["ac:label 1", "bc:label 2"]
    );
    assert_eq!(
        parse_value(info("LB"), &["ac:label 1", "bc:label 2"], nine).unwrap(),
        lb
    );
    // Colons and brackets in a label are escaped; the first unescaped
    // colon splits.
    both_ways(
        "LB",
        &["dd:a\\:b\\]"],
        Value::List(vec![pair(pt(3, 3), txt("a:b]"))]),
        &["dd:a\\:b\\]"],
    );
    assert_eq!(
        read("LB", &["dd:a:b"]).unwrap(),
        Value::List(vec![pair(pt(3, 3), txt("a:b"))])
    );
    assert_eq!(
        read("LB", &["dd:"]).unwrap(),
        Value::List(vec![pair(pt(3, 3), txt(""))])
    );
    assert_eq!(
        error("LB", &["ac"]),
        "expected a compose value point:simpletext, found 'ac'"
    );
    assert!(read("LB", &["tt:A"]).is_err());

    // AP: simpletext:simpletext.
    both_ways(
        "AP",
        &["kifu:1\\:2"],
        pair(txt("kifu"), txt("1:2")),
        &["kifu:1\\:2"],
    );
    both_ways(
        "AP",
        &["a\\:b:1.0"],
        pair(txt("a:b"), txt("1.0")),
        &["a\\:b:1.0"],
    );
    // sgfmill: the version may be missing.
    assert_eq!(
        read("AP", &["CGoban"]).unwrap(),
        pair(txt("CGoban"), txt(""))
    );
    assert!(format_value(info("AP"), &txt("kifu"), size19()).is_err());

    // AR, LN: point:point, never read as rectangles.
    let ar = Value::List(vec![pair(pt(0, 0), pt(2, 2))]);
    both_ways("AR", &["aa:cc"], ar.clone(), &["aa:cc"]);
    both_ways("LN", &["aa:cc"], ar, &["aa:cc"]);
    assert!(read("AR", &["aa"]).is_err());
    assert!(read("LN", &["aa:zz"]).is_err());
}

#[test]
fn size() {
    both_ways("SZ", &["19"], Value::Number(19), &["19"]);
    both_ways(
        "SZ",
        &["19:13"],
        pair(Value::Number(19), Value::Number(13)),
        &["19:13"],
    );
    assert_eq!(
        read("SZ", &[" 19 : 5 "]).unwrap(),
        pair(Value::Number(19), Value::Number(5))
    );
    // A square written as a rectangle is written back as a square.
    assert_eq!(
        write("SZ", &pair(Value::Number(9), Value::Number(9))),
        ["9"]
    );
    // Read without range checks, written with them.
    assert_eq!(read("SZ", &["60"]).unwrap(), Value::Number(60));
    for bad in [
        Value::Number(53),
        Value::Number(0),
        pair(Value::Number(19), Value::Number(53)),
        Value::Real(19.0),
    ] {
        assert!(format_value(info("SZ"), &bad, size19()).is_err(), "{bad:?}");
    }
    assert!(read("SZ", &["19:"]).is_err());
    assert!(read("SZ", &["x"]).is_err());
}

#[test]
fn figure() {
    both_ways("FG", &[""], Value::None, &[""]);
    both_ways(
        "FG",
        &["257:Figure 1"],
        pair(Value::Number(257), txt("Figure 1")),
        &["257:Figure 1"],
    );
    both_ways(
        "FG",
        &["0:a\\:b"],
        pair(Value::Number(0), txt("a:b")),
        &["0:a\\:b"],
    );
    assert!(read("FG", &["257"]).is_err());
    assert!(read("FG", &["x:name"]).is_err());
}

#[test]
fn compressed_point_lists() {
    // A rectangle, row by row.
    assert_eq!(
        read("AB", &["aa:bc", "dd"]).unwrap(),
        pts(&[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (3, 3)])
    );
    // A 1x1 rectangle is illegal in FF[4] but read as its point, as by
    // sgfmill.
    assert_eq!(read("AB", &["cc:cc"]).unwrap(), pts(&[(2, 2)]));
    // Reversed corners: accepted and normalised to the same rectangle
    // (sgfmill rejects them).
    let square = read("AE", &["aa:bb"]).unwrap();
    for reversed in ["bb:aa", "ba:ab", "ab:ba"] {
        assert_eq!(read("AE", &[reversed]).unwrap(), square, "{reversed}");
    }
    // A whole row and a whole column.
    assert_eq!(
        read("TR", &["as:ss"]).unwrap(),
        Value::List((0..19).map(|x| pt(x, 18)).collect())
    );
    assert_eq!(
        read("TR", &["sa:ss"]).unwrap(),
        Value::List((0..19).map(|y| pt(18, y)).collect())
    );
    // The whole board.
    match read("TB", &["aa:ss"]).unwrap() {
        Value::List(all) => assert_eq!(all.len(), 361),
        v => panic!("{v:?}"),
    }
    // Corners are checked.
    assert!(read("AB", &["aa:tt"]).is_err());
    assert!(read("AB", &["aa:zz"]).is_err());
    assert!(read("AB", &[":aa"]).is_err());
    assert!(read("AB", &["aa:"]).is_err());
    // Never written compressed.
    assert_eq!(
        format_value(info("AB"), &read("AB", &["aa:ba"]).unwrap(), size19()).unwrap(),
        ["aa", "ba"]
    );
    // Also in FF[3]-only list properties (the checker reports it).
    assert_eq!(read("M", &["aa:ba"]).unwrap(), pts(&[(0, 0), (1, 0)]));
}

#[test]
fn points_are_checked_on_19x19() {
    for off in ["ta", "at", "zz", "Aa", "aA"] {
        assert!(read("AB", &[off]).is_err(), "{off}");
        assert!(read("B", &[off]).is_err(), "{off}");
    }
    for p in [Point::new(19, 0), Point::new(0, 19), Point::new(51, 51)] {
        assert!(format_value(info("B"), &Value::Move(Some(p)), size19()).is_err());
        assert!(format_value(info("AB"), &Value::List(vec![Value::Point(p)]), size19()).is_err());
    }
    let err = format_value(info("B"), &Value::Move(Some(Point::new(19, 0))), size19())
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "point (19, 0) (column, row from the top left) is off the 19x19 board"
    );
}

#[test]
fn points_are_checked_on_52x52() {
    let big = sized(52, 52);
    let ab = info("AB");
    both_ways_on(big, "AB", &["ZZ"], pts(&[(51, 51)]), &["ZZ"]);
    both_ways_on(
        big,
        "W",
        &["Az"],
        Value::Move(Some(Point::new(26, 25))),
        &["Az"],
    );
    both_ways_on(
        big,
        "B",
        &["tt"],
        Value::Move(Some(Point::new(19, 19))),
        &["tt"],
    );
    assert!(parse_value(ab, &["ZZ"], size19()).is_err());
    assert!(parse_value(ab, &["a1"], big).is_err());
    assert!(format_value(ab, &pts(&[(52, 0)]), big).is_err());
    assert_eq!(
        parse_value(ab, &["Ya:Zb"], big).unwrap(),
        pts(&[(50, 0), (51, 0), (50, 1), (51, 1)])
    );
}

#[test]
fn points_are_checked_on_a_19x5_board() {
    // SZ[19:5]: 19 columns (a-s), 5 rows (a-e).
    let rect = sized(19, 5);
    let ab = info("AB");
    both_ways_on(rect, "AB", &["se"], pts(&[(18, 4)]), &["se"]);
    for off in ["sf", "ta", "es", "ss"] {
        assert!(parse_value(ab, &[off], rect).is_err(), "{off}");
    }
    assert_eq!(
        parse_value(ab, &["sf"], rect).unwrap_err().to_string(),
        "expected a point: 'sf' is off the 19x5 board"
    );
    assert!(parse_value(ab, &["aa:sf"], rect).is_err());
    assert!(format_value(ab, &pts(&[(0, 5)]), rect).is_err());
    assert!(format_value(ab, &pts(&[(19, 0)]), rect).is_err());
    // And the transposed board: 5 columns, 19 rows.
    let tall = sized(5, 19);
    both_ways_on(tall, "AB", &["es"], pts(&[(4, 18)]), &["es"]);
    assert!(parse_value(ab, &["se"], tall).is_err());
}

#[test]
fn hand_built_invalid_sizes_give_errors() {
    let bad = BoardSize { cols: 60, rows: 60 };
    assert!(parse_value(info("B"), &["aa"], bad).is_err());
    assert!(format_value(info("B"), &Value::Move(Some(Point::new(55, 0))), bad).is_err());
}

fn both_ways_on(size: BoardSize, id: &str, raws: &[&str], value: Value, written: &[&str]) {
    assert_eq!(
        parse_value(info(id), raws, size).unwrap(),
        value,
        "{id} read on {size}"
    );
    assert_eq!(
        format_value(info(id), &value, size).unwrap(),
        written,
        "{id} written on {size}"
    );
}

#[test]
fn obsolete_properties_have_types() {
    assert_eq!(read("L", &["aa", "bb"]).unwrap(), pts(&[(0, 0), (1, 1)]));
    assert_eq!(read("BS", &["0"]).unwrap(), Value::Number(0));
    assert_eq!(
        read("SI", &["2"]).unwrap(),
        Value::Double(Double::Emphasized)
    );
    assert_eq!(
        read("EX", &["dd"]).unwrap(),
        Value::Move(Some(Point::new(3, 3)))
    );
    assert_eq!(read("OP", &["30"]).unwrap(), Value::Real(30.0));
    assert_eq!(read("ID", &["game\n1"]).unwrap(), txt("game 1"));
    assert_eq!(read("LT", &[""]).unwrap(), Value::None);
    // FF[3] VW[ba][db]: two corners, read as two points; `rectangle`
    // expands them.
    let vw = read("VW", &["ba", "db"]).unwrap();
    assert_eq!(vw, pts(&[(1, 0), (3, 1)]));
    let area: Vec<Point> = rectangle(Point::new(1, 0), Point::new(3, 1)).collect();
    assert_eq!(area.len(), 6);
    assert_eq!(area[0], Point::new(1, 0));
    assert_eq!(area[5], Point::new(3, 1));
}

#[test]
fn error_messages() {
    assert_eq!(
        error("B", &["zz"]),
        "expected a point: 'zz' is off the 19x19 board"
    );
    assert_eq!(error("B", &["a\n"]), "expected a point, found 'a\\n'");
    assert_eq!(error("HA", &["1", "2"]), "HA takes one value, found 2");
    assert_eq!(error("HA", &[]), "HA has no value");
    let long = "x".repeat(50);
    assert_eq!(
        error("HA", &[&long]),
        format!("expected a number, found '{}...'", "x".repeat(40))
    );
    assert_eq!(
        ValueError::unknown_property("XY").to_string(),
        "'XY' is not a known property: it has no type"
    );
    let wrong = format_value(info("KM"), &txt("6.5"), size19()).unwrap_err();
    assert!(
        wrong
            .to_string()
            .starts_with("expected a real value, found Text"),
        "{wrong}"
    );
}

#[test]
fn carries_points_marks_the_point_properties() {
    for id in ["B", "W", "AB", "AE", "TR", "VW", "TB", "L", "EX"] {
        assert!(carries_points(info(id)), "{id}");
    }
    for id in ["C", "LB", "SZ", "KM", "AR", "FG"] {
        assert!(!carries_points(info(id)), "{id}");
    }
}

proptest! {
    #[test]
    fn labels_round_trip(x in 0u8..19, y in 0u8..19, label in "[^\t\u{0B}\u{0C}\r\n]*") {
        let value = Value::List(vec![pair(pt(x, y), txt(&label))]);
        let raws = format_value(info("LB"), &value, size19()).unwrap();
        let refs: Vec<&str> = raws.iter().map(String::as_str).collect();
        prop_assert_eq!(parse_value(info("LB"), &refs, size19()).unwrap(), value);
    }

    #[test]
    fn comments_round_trip(comment in "[^\t\u{0B}\u{0C}\r]*") {
        let raws = format_value(info("C"), &txt(&comment), size19()).unwrap();
        prop_assert_eq!(read("C", &[raws[0].as_str()]).unwrap(), txt(&comment));
    }

    #[test]
    fn points_round_trip_on_every_board(cols in 1u32..=52, rows in 1u32..=52, x in 0u8..52, y in 0u8..52) {
        let size = sized(cols, rows);
        let p = Point::new(x, y);
        let on_board = u32::from(x) < cols && u32::from(y) < rows;
        let written = format_value(info("AB"), &Value::List(vec![Value::Point(p)]), size);
        prop_assert_eq!(written.is_ok(), on_board);
        if let Ok(raws) = written {
            let pass = raws[0] == "tt" && size.tt_is_pass();
            prop_assert!(!pass);
            prop_assert_eq!(
                parse_value(info("AB"), &[raws[0].as_str()], size).unwrap(),
                Value::List(vec![Value::Point(p)])
            );
            prop_assert_eq!(
                parse_value(info("B"), &[raws[0].as_str()], size).unwrap(),
                Value::Move(Some(p))
            );
        }
    }

    #[test]
    fn reals_round_trip(r in proptest::num::f64::NORMAL | proptest::num::f64::ZERO) {
        let raws = format_value(info("KM"), &Value::Real(r), size19()).unwrap();
        prop_assert!(!raws[0].contains(['e', 'E']));
        prop_assert_eq!(read("KM", &[raws[0].as_str()]).unwrap(), Value::Real(r + 0.0));
    }
}

proptest! {
    /// What `reads_as_its_type` answers from the bytes, reading the value
    /// answers too: it reads, and a Real needs no other form.
    #[test]
    fn a_value_read_at_a_glance_reads(
        raw in "[-+0-9.: a-z]{0,12}|[0-9]{1,40}(\\.[0-9]{0,3})?",
        id in proptest::sample::select(vec!["GM", "MN", "BL", "KM", "AP", "C", "PB", "SZ", "B", "FG"]),
    ) {
        let info = info(id);
        if reads_as_its_type(info.value, raw.as_bytes()) {
            prop_assert!(parse_value(info, &[&raw], size19()).is_ok(), "{id}[{raw}]");
            if info.value == ValueShape::Single(ValueType::Real) {
                prop_assert_eq!(canonical_real(&raw), None, "{}[{}]", id, raw);
            }
        }
    }
}

#[test]
fn values_read_at_a_glance() {
    let glance = |id: &str, raw: &str| reads_as_its_type(info(id).value, raw.as_bytes());
    assert!(
        glance("GM", "1") && glance("MN", "-12") && glance("BL", "34.5") && glance("AP", "x:1")
    );
    assert!(!glance("GM", "1x") && !glance("MN", "1234567890") && !glance("BL", "34."));
    assert!(
        !glance("BL", ".5") && !glance("KM", "6,5") && !glance("B", "pd") && !glance("SZ", "19")
    );
}

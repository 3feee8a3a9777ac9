//! Inputs at the limits users meet in archives: they must be read whole,
//! without stack overflow, in linear time. These tests assert on the
//! result; a quadratic reader would not finish them within the CI limit.

use kifu_sgf::{parse, write};

#[test]
fn a_hundred_thousand_nested_variations() {
    let depth = 100_000;
    let mut input = Vec::with_capacity(depth * 12);
    for i in 0..depth {
        input.extend_from_slice(if i % 2 == 0 { b"(;B[aa]" } else { b"(;W[bb]" });
    }
    input.extend(std::iter::repeat_n(b')', depth));
    let parsed = parse(&input);
    assert!(parsed.diagnostics.is_empty());
    let game = parsed.value.game(0).unwrap();
    assert_eq!(game.nodes().count(), depth);
    assert_eq!(game.main_line().last().unwrap().path().len(), depth - 1);
    assert_eq!(write::lossless(&parsed.value), input);
    let normalized = write::normalized(&parsed.value);
    let reread = parse(&normalized);
    assert_eq!(reread.value.node_count(), depth);
}

#[test]
fn a_hundred_megabyte_comment() {
    let size = 100 << 20;
    let mut input = b"(;GM[1]C[".to_vec();
    input.extend(std::iter::repeat_n(b'x', size));
    input.extend_from_slice(b"\\]])");
    let parsed = parse(&input);
    assert!(parsed.diagnostics.is_empty());
    let root = parsed.value.game(0).unwrap().root();
    assert_eq!(root.raw_values("C").unwrap()[0].len(), size + 2);
    assert_eq!(root.text("C").unwrap().len(), size + 1);
    assert_eq!(write::lossless(&parsed.value).len(), input.len());
}

#[test]
fn a_million_properties_in_one_node() {
    let count = 1_000_000;
    let mut input = b"(;".to_vec();
    for i in 0..count {
        input.extend_from_slice(if i % 2 == 0 { b"XA[1]" } else { b"XB[2]" });
    }
    input.push(b')');
    let parsed = parse(&input);
    assert!(parsed.diagnostics.is_empty());
    let root = parsed.value.game(0).unwrap().root();
    assert_eq!(root.property_count(), count);
    assert_eq!(write::lossless(&parsed.value), input);
}

#[test]
fn a_fifty_megabyte_unterminated_value() {
    let size = 50 << 20;
    let mut input = b"(;GM[1];C[".to_vec();
    input.extend(std::iter::repeat_n(b'y', size));
    let parsed = parse(&input);
    let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["sgf/unclosed-value", "sgf/missing-close-paren"]);
    assert_eq!(write::lossless(&parsed.value), input);
}

/// A collection of 200,000 games (an archive merged into one file): every
/// typed value asks which game its node is in, which must not cost a pass
/// over the games (it did: 72,590 games took minutes).
#[test]
fn a_collection_of_two_hundred_thousand_games() {
    let games = 200_000;
    let mut input = Vec::with_capacity(games * 40);
    for i in 0..games {
        input.extend_from_slice(format!("(;GM[1]SZ[9]PB[p{i}];B[ee];W[cc])\n").as_bytes());
    }
    let parsed = parse(&input);
    assert!(parsed.diagnostics.is_empty());
    let collection = &parsed.value;
    assert_eq!(collection.len(), games);
    let mut moves = 0;
    for game in collection.games() {
        for node in game.nodes() {
            for p in node.properties() {
                if let Ok(kifu_sgf::props::Value::Move(Some(point))) = p.value() {
                    assert_eq!(point.to_sgf().len(), 2);
                    moves += 1;
                }
            }
        }
    }
    assert_eq!(moves, 2 * games);
    let last = collection.game(games - 1).unwrap();
    assert_eq!(last.info().black.as_deref(), Some("p199999"));
}

/// `n` sibling variations of one white move after `B[aa]` on 52x52; every
/// 1000th plays on `aa` itself.
fn siblings(n: usize) -> Vec<u8> {
    let size = kifu_board::BoardSize::square(52).unwrap();
    let mut s = b"(;GM[1]FF[4]SZ[52];B[aa]".to_vec();
    for k in 0..n {
        let p = if k % 1000 == 999 {
            kifu_board::Point::new(0, 0)
        } else {
            kifu_board::Point::from_index(1 + k % (size.point_count() - 1), size).unwrap()
        };
        s.extend_from_slice(b"(;W[");
        s.extend_from_slice(&p.to_sgf());
        s.extend_from_slice(b"])");
    }
    s.push(b')');
    s
}

#[test]
fn a_hundred_thousand_sibling_variations_on_52x52() {
    // A board per sibling took gigabytes: replay keeps one and undoes.
    let n = 100_000;
    let input = siblings(n);
    let collection = parse(&input).value;
    let diagnostics = kifu_sgf::check::check(&collection);
    let occupied: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "sgf/occupied-point")
        .collect();
    assert_eq!(occupied.len(), n / 1000);
    for d in &occupied {
        assert!(input[d.span.start as usize..].starts_with(b"W[aa]"));
        assert_eq!(d.message, "White A52: the point is occupied");
    }
    assert_eq!(diagnostics.len(), n / 1000, "{diagnostics:?}");
    let fixed = kifu_sgf::fix::fix(&input, &kifu_sgf::repair::Options::default());
    assert_eq!(write::lossless(&fixed.collection), input);
}

/// `nodes` nodes that fill the 52x52 board with `AB` and clear it with
/// `AE`, a move on a full board and an `AE` on an empty one.
fn fill_and_clear(nodes: usize) -> Vec<u8> {
    let mut s = String::from("(;GM[1]FF[4]SZ[52]");
    for k in 0..nodes {
        s.push_str(if k % 2 == 0 {
            ";AB[aa:ZZ]"
        } else {
            ";AE[aa:ZZ]"
        });
        if k == 11 {
            s.push_str(";W[bb];W[bb];AE[cc]");
        }
    }
    s.push(')');
    s.into_bytes()
}

#[test]
fn filling_and_clearing_a_52x52_board_sixty_four_times() {
    // Each stone removed by AE rebuilt the whole board: 10 s to check.
    let input = fill_and_clear(64);
    let collection = parse(&input).value;
    let diagnostics = kifu_sgf::check::check(&collection);
    let found: Vec<(&str, &str, String)> = diagnostics
        .iter()
        .filter(|d| d.code.as_str() != "sgf/setup-in-main-line")
        .map(|d| {
            (
                d.code.as_str(),
                std::str::from_utf8(&input[d.span.start as usize..][..6]).unwrap(),
                d.message.to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "sgf/same-color-twice",
                "W[bb];",
                "White moves twice in a row".to_owned()
            ),
            (
                "sgf/occupied-point",
                "W[bb];",
                "White B51: the point is occupied".to_owned()
            ),
            (
                "sgf/setup-without-effect",
                "AE[cc]",
                "AE changes nothing at [cc]".to_owned()
            ),
        ]
    );
    let notes = diagnostics.len() - found.len();
    assert_eq!(notes, 64 + 1, "every setup node of the main line");
    let fixed = kifu_sgf::fix::fix(&input, &kifu_sgf::repair::Options::default());
    let written = String::from_utf8(write::lossless(&fixed.collection)).unwrap();
    let expected = String::from_utf8(input.clone())
        .unwrap()
        .replace(";AE[cc]", ";");
    assert_eq!(written, expected);
}

#[test]
fn a_hundred_thousand_distinct_properties_in_one_node() {
    // Each property was looked for among all those before it, in check
    // and in fix.
    let n = 100_000;
    let mut input = b"(;GM[1]FF[4]SZ[19]".to_vec();
    let id = |k: usize| {
        let mut id = *b"XAAAAA";
        let mut v = k;
        for c in id[1..].iter_mut().rev() {
            *c = b'A' + (v % 26) as u8;
            v /= 26;
        }
        id
    };
    for k in 0..n {
        input.extend_from_slice(&id(k));
        input.extend_from_slice(b"[1]");
    }
    // Two duplicates at the end: one the same, one different.
    input.extend_from_slice(&id(5));
    input.extend_from_slice(b"[1]");
    input.extend_from_slice(&id(n - 1));
    input.extend_from_slice(b"[2])");
    let collection = parse(&input).value;
    let diagnostics = kifu_sgf::check::check(&collection);
    let twice: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "sgf/duplicate-property")
        .map(|d| d.message.to_string())
        .collect();
    assert_eq!(
        twice,
        [
            "property XAAAAF appears twice in this node",
            "property XAFRYD appears twice in this node"
        ]
    );
    let fixed = kifu_sgf::fix::fix(&input, &kifu_sgf::repair::Options::default());
    let made: Vec<String> = fixed
        .report
        .made
        .iter()
        .map(|r| r.message.to_string())
        .collect();
    assert!(
        made.contains(&"second XAAAAF with the same values removed".to_owned()),
        "{made:?}"
    );
    let root = fixed.collection.game(0).unwrap().root();
    assert_eq!(root.property_count(), 3 + n + 1);
}

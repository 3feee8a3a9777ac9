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

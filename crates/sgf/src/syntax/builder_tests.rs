//! The builder against the parser: a built collection is, arena for
//! arena, what the parser reads from the text it wrote (here, as the
//! parser is the layer above the tree).

use crate::tree::{Builder, Collection};

/// Builds a tree from a description (`;` node, `(` `)`, `ID` then
/// values), returning the builder's collection and its text.
fn build(tokens: &[&str]) -> Collection<'static> {
    let mut b = Builder::new();
    let mut in_property = false;
    for t in tokens {
        match *t {
            "(" => {
                b.open();
                in_property = false;
            }
            ")" => {
                b.close();
                in_property = false;
            }
            ";" => {
                b.node();
                in_property = false;
            }
            v if in_property && v.starts_with('[') => {
                b.value(v.trim_start_matches('[').as_bytes());
            }
            id => {
                b.property(id);
                in_property = true;
            }
        }
    }
    b.finish()
}

/// The arenas of two collections, field by field.
fn assert_same(built: &Collection<'_>, parsed: &Collection<'_>) {
    assert_eq!(built.source(), parsed.source());
    assert_eq!(format!("{:?}", built.nodes), format!("{:?}", parsed.nodes));
    assert_eq!(format!("{:?}", built.props), format!("{:?}", parsed.props));
    assert_eq!(
        format!("{:?}", built.values),
        format!("{:?}", parsed.values)
    );
    assert_eq!(
        format!("{:?}", built.parens),
        format!("{:?}", parsed.parens)
    );
    assert_eq!(format!("{:?}", built.games), format!("{:?}", parsed.games));
    assert_eq!(
        format!("{:?}", built.sparse),
        format!("{:?}", parsed.sparse)
    );
    assert_eq!(built.trailer, parsed.trailer);
    assert!(built.created.is_empty() && built.utf16.is_none());
}

#[test]
fn a_built_game_is_the_game_its_text_parses_to() {
    let built = build(&[
        "(", ";", "GM", "[1", "FF", "[4", "CA", "[UTF-8", "SZ", "[13", "PB", "[kuro", "AB", "[dd",
        "[jj", ";", "B", "[cc", "C", "[a \\] b", "(", ";", "W", "[dc", ";", "B", "[", ")", "(",
        ";", "W", "[cd", "LB", "[dd:A", "[ee:B", "(", ";", "B", "[gg", ")", "(", ";", "B", "[hh",
        ")", ")", ")",
    ]);
    let text = built.source().to_vec();
    assert_eq!(
        String::from_utf8_lossy(&text),
        "(;GM[1]FF[4]CA[UTF-8]SZ[13]PB[kuro]AB[dd][jj];B[cc]C[a \\] b](;W[dc];B[])\
         (;W[cd]LB[dd:A][ee:B](;B[gg])(;B[hh])))"
    );
    let parsed = crate::parse(&text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_same(&built, &parsed.value);
    assert_eq!(built.game(0).unwrap().board_size().cols, 13);
}

#[test]
fn several_games_and_unclosed_trees_are_as_parsed() {
    let built = build(&[
        "(", ";", "B", "[aa", ")", "(", ";", "SZ", "[9", ";", "W", "[bb",
    ]);
    let parsed = crate::parse(built.source());
    assert_same(&built, &parsed.value);
    assert_eq!(built.games.len(), 2);
    assert_eq!(built.source(), b"(;B[aa])(;SZ[9];W[bb])");
}

/// A game tree for the property test: nodes (each a list of
/// properties with their values), then variations.
#[derive(Clone, Debug)]
struct Tree {
    nodes: Vec<Vec<(&'static str, Vec<String>)>>,
    variations: Vec<Tree>,
}

fn tree() -> impl proptest::strategy::Strategy<Value = Tree> {
    use proptest::prelude::*;
    let value = prop_oneof![
        Just(String::new()),
        "[a-s]{2}",
        "[a-z \\n]{0,12}",
        Just("x \\] y".to_string()),
        Just("dd:A".to_string()),
        Just("\u{5f90}\u{6587}".to_string()),
    ];
    let property = (
        prop::sample::select(vec!["B", "W", "C", "LB", "AB", "SZ", "GN", "MN"]),
        prop::collection::vec(value, 1..3),
    );
    let node = prop::collection::vec(property, 0..4);
    let leaf = prop::collection::vec(node, 1..4).prop_map(|nodes| Tree {
        nodes,
        variations: Vec::new(),
    });
    leaf.prop_recursive(4, 40, 3, |inner| {
        (
            prop::collection::vec(
                prop::collection::vec(
                    (
                        Just("B"),
                        prop::collection::vec(Just("pd".to_string()), 1..2),
                    ),
                    0..2,
                ),
                1..3,
            ),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(nodes, variations)| Tree { nodes, variations })
    })
}

fn write(b: &mut Builder, t: &Tree) {
    b.open();
    for node in &t.nodes {
        b.node();
        for (id, values) in node {
            b.property(id);
            for v in values {
                b.value(v.as_bytes());
            }
        }
    }
    for v in &t.variations {
        write(b, v);
    }
    b.close();
}

proptest::proptest! {
    #[test]
    fn any_built_collection_is_its_text_parsed(games in proptest::collection::vec(tree(), 1..3)) {
        let mut b = Builder::new();
        for g in &games {
            write(&mut b, g);
        }
        let built = b.finish();
        let parsed = crate::parse(built.source());
        proptest::prop_assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        assert_same(&built, &parsed.value);
    }
}

#[test]
fn a_value_with_no_property_before_it_is_left_out() {
    let mut b = Builder::new();
    b.value(b"x");
    b.node();
    b.property("B");
    b.value(b"aa");
    b.node();
    b.value(b"orphan");
    b.open();
    b.value(b"orphan");
    b.node();
    b.property("W");
    b.value(b"bb");
    let built = b.finish();
    assert_eq!(built.source(), b"(;B[aa];(;W[bb]))");
    let parsed = crate::parse(built.source());
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_same(&built, &parsed.value);
}

#[test]
fn an_empty_tree_is_left_out() {
    let built = build(&["(", ";", "B", "[aa", "(", ")", ")"]);
    assert_eq!(built.source(), b"(;B[aa])");
    assert_same(&built, &crate::parse(built.source()).value);
}

#[test]
fn a_node_written_in_one_step_is_the_node_written_in_three() {
    let mut b = Builder::new();
    b.open();
    b.node_with("SZ", b"9");
    b.node_with("B", b"ee");
    b.open();
    b.node_with("W", b"");
    b.property("C");
    b.value(b"two");
    b.close();
    b.open();
    b.node_with("W", b"dd");
    b.close();
    b.close();
    let built = b.finish();
    assert_eq!(built.source(), b"(;SZ[9];B[ee](;W[]C[two])(;W[dd]))");
    assert_same(&built, &crate::parse(built.source()).value);
    // With no game tree open, the node opens one.
    let mut b = Builder::new();
    b.node_with("B", b"aa");
    let built = b.finish();
    assert_same(&built, &crate::parse(b"(;B[aa])").value);
}

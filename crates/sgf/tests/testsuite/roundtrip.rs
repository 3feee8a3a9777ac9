//! Property tests: generated trees survive the normalized writer, and no
//! byte sequence makes the reader panic or lose bytes.

use proptest::prelude::*;

use kifu_sgf::{parse, write};

/// A generated node: properties (id, decoded values) and children.
#[derive(Clone, Debug)]
struct Tree {
    props: Vec<(String, Vec<String>)>,
    children: Vec<Tree>,
}

fn escape(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for c in s.chars() {
        if c == ']' || c == '\\' {
            out.push(b'\\');
        }
        let mut buf = [0; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    out
}

fn property() -> impl Strategy<Value = (String, Vec<String>)> {
    prop_oneof![
        // Text properties, with the characters that need escaping.
        (
            prop::sample::select(vec!["C", "N", "GC", "XQ", "APX"]),
            prop::collection::vec("[a-z \\]\\[\\\\:\n日本]{0,12}", 1..3)
        )
            .prop_map(|(id, v)| (id.to_string(), v)),
        // Moves and setup stones written as the normalized writer writes them.
        (prop::sample::select(vec!["B", "W"]), "[a-s][a-s]")
            .prop_map(|(id, p)| (id.to_string(), vec![p])),
        prop::collection::vec("[a-s][a-s]", 1..4).prop_map(|v| ("AB".to_string(), v)),
    ]
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop::collection::vec(property(), 0..4).prop_map(|props| Tree {
        props: dedup(props),
        children: vec![],
    });
    leaf.prop_recursive(5, 40, 3, |inner| {
        (
            prop::collection::vec(property(), 0..4),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(props, children)| Tree {
                props: dedup(props),
                children,
            })
    })
}

/// One property per id, and point lists without repeats.
fn dedup(props: Vec<(String, Vec<String>)>) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for (id, mut values) in props {
        if out.iter().any(|(i, _)| *i == id) {
            continue;
        }
        if id == "AB" {
            let mut seen = Vec::new();
            values.retain(|v| {
                let new = !seen.contains(v);
                seen.push(v.clone());
                new
            });
        }
        out.push((id, values));
    }
    out
}

fn build(trees: &[Tree]) -> Vec<u8> {
    let mut c = parse(b"").value;
    for t in trees {
        let root = c.add_game();
        let mut stack = vec![(root, t)];
        while let Some((id, t)) = stack.pop() {
            for (pid, values) in &t.props {
                let escaped: Vec<Vec<u8>> = values.iter().map(|v| escape(v)).collect();
                let refs: Vec<&[u8]> = escaped.iter().map(Vec::as_slice).collect();
                c.set_raw(id, pid, &refs).unwrap();
            }
            for child in &t.children {
                let cid = c.insert_child(id, None).unwrap();
                stack.push((cid, child));
            }
        }
    }
    write::lossless(&c)
}

/// The tree as read back: decoded values, root header properties left out.
fn read_back(bytes: &[u8]) -> Vec<Tree> {
    let c = parse(bytes).value;
    c.games()
        .map(|g| {
            fn node(n: kifu_sgf::Node<'_, '_>, root: bool) -> Tree {
                Tree {
                    props: n
                        .properties()
                        .filter(|p| !(root && matches!(p.id(), "GM" | "FF" | "CA")))
                        .map(|p| {
                            (
                                p.id().to_string(),
                                p.decoded_values().map(|v| v.into_owned()).collect(),
                            )
                        })
                        .collect(),
                    children: n.children().map(|c| node(c, false)).collect(),
                }
            }
            node(g.root(), true)
        })
        .collect()
}

fn same(a: &[Tree], b: &[Tree]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            let mut px = x.props.clone();
            let mut py = y.props.clone();
            px.sort();
            py.sort();
            px == py && same(&x.children, &y.children)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn normalized_output_reads_back_as_the_same_tree(trees in prop::collection::vec(tree(), 1..3)) {
        let built = build(&trees);
        let first = read_back(&built);
        prop_assert!(same(&first, &trees), "built tree differs: {}", String::from_utf8_lossy(&built));
        let c = parse(&built).value;
        let normalized = write::normalized(&c);
        let parsed = parse(&normalized);
        prop_assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        prop_assert!(same(&read_back(&normalized), &trees), "{}", String::from_utf8_lossy(&normalized));
        // Normalizing is idempotent.
        prop_assert_eq!(write::normalized(&parsed.value), normalized);
    }

    #[test]
    fn mutated_input_never_panics_and_writes_back(
        base in prop::sample::select(vec![
            &b"(;FF[4]GM[1]SZ[19]C[a \\] b];B[pd](;W[dd]N[x])(;W[dp]LB[dd:A][ee:B]))"[..],
            &b"(;FF[3]AddBlack[aa][bb]Comment[x\\\ny];B[tt])"[..],
            &b"junk(;AB[aa:cc]C[unterminated"[..],
        ]),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 0..12),
    ) {
        let mut bytes = base.to_vec();
        for (at, byte, op) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 => bytes.insert(i, byte),
                1 if i < bytes.len() => { bytes.remove(i); }
                _ if i < bytes.len() => bytes[i] = byte,
                _ => {}
            }
        }
        let parsed = parse(&bytes);
        prop_assert_eq!(write::lossless(&parsed.value), bytes.clone());
        let _ = write::json(&parsed.value);
        let normalized = write::normalized(&parsed.value);
        // The normalized form is clean SGF whatever the input was.
        let again = parse(&normalized);
        prop_assert!(!again.has_errors() || parsed.value.is_empty(), "{:?}\n{}", again.diagnostics, String::from_utf8_lossy(&normalized));
    }
}

/// Inputs built to trip quadratic behaviour; each is several megabytes, so
/// a non-linear reader would not finish within the CI time limit.
#[test]
fn pathological_inputs_are_read_to_the_end() {
    let n = 1 << 20;
    let cases: Vec<Vec<u8>> = vec![
        b"(".repeat(n),
        b")".repeat(n),
        b"[".repeat(n),
        b"(;".repeat(n),
        b";".repeat(n),
        [&b"(;C["[..], &b"\\".repeat(n)].concat(),
        [&b"(;"[..], &b"B".repeat(n)].concat(),
        [&b"(;"[..], &b"B[aa]".repeat(n / 4), b")"].concat(),
        b"(;B[aa]()".repeat(n / 8),
        b"((".repeat(n / 2),
        b"(; ".repeat(n / 3),
    ];
    for case in cases {
        let parsed = parse(&case);
        assert_eq!(write::lossless(&parsed.value), case);
    }
}

/// Found by fuzzing (sgf_roundtrip): in a value read as a double-byte
/// charset, a trail byte `\` before a final escape left the normalized
/// (UTF-8) value ending in a lone backslash, which escaped its `]`.
#[test]
fn normalized_values_never_end_in_a_lone_backslash() {
    let input = b"\x00\x00\x08;A[\xf6\xac\x9b\xa3\xa3\\\\\\\\\x08;A[\xf6\xac\x9b\xa3\xa3\\\\";
    let parsed = parse(input);
    let normalized = write::normalized(&parsed.value);
    let again = parse(&normalized);
    assert!(!again.has_errors(), "{:?}", again.diagnostics);
    assert_eq!(write::normalized(&again.value), normalized);
}

/// Found by `sgf_roundtrip`: a game read as mostly-UTF-8 text kept its
/// malformed bytes in the normalized output, which says `CA[UTF-8]`; read
/// again, the game was Latin-1. Malformed bytes are now written as U+FFFD.
#[test]
fn fuzz_normalized_malformed_utf8() {
    let input = include_bytes!("../fuzz-regressions/normalized-malformed-utf8.sgf");
    let once = kifu_sgf::write::normalized(&kifu_sgf::parse(input).value);
    assert!(std::str::from_utf8(&once).is_ok());
    let twice = kifu_sgf::write::normalized(&kifu_sgf::parse(&once).value);
    assert_eq!(
        String::from_utf8_lossy(&twice),
        String::from_utf8_lossy(&once)
    );
}

//! Checks in parts ([`PartChecks`]) find what a check of the whole finds,
//! in the same order.

use proptest::prelude::*;

use super::{PartChecks, check, settle_reader_severities, sort_findings};
use crate::syntax::parse_in_parts;
use kifu_diag::Diagnostic;

/// What `kifu check` lists for `input`: the reader's findings settled and
/// the checks', in file order.
fn whole(input: &[u8]) -> Vec<Diagnostic> {
    let parsed = crate::parse(input);
    let mut found = parsed.diagnostics;
    settle_reader_severities(&parsed.value, &mut found);
    found.extend(check(&parsed.value));
    found.sort_by_key(|d| d.span.start);
    found
}

fn in_parts(input: &[u8], part_bytes: usize) -> Vec<Diagnostic> {
    let mut checks = PartChecks::new();
    let mut found = Vec::new();
    parse_in_parts(input, part_bytes, &mut |part, reader, _| {
        found.extend(checks.check(part, reader));
    });
    sort_findings(&mut found);
    found.into_iter().map(|f| f.diagnostic).collect()
}

#[test]
fn parts_find_what_the_whole_finds_in_the_corpus() {
    for path in crate::test_corpus::corpus_files() {
        let input = std::fs::read(&path).expect("a corpus file");
        let expected = whole(&input);
        for part_bytes in [1, 2000] {
            assert_eq!(in_parts(&input, part_bytes), expected, "{}", path.display());
        }
    }
}

#[test]
fn mixed_formats_types_and_charsets_are_found_across_parts() {
    let input =
        b"(;FF[4]GM[1]CA[UTF-8]C[\xc3\xa9])(;FF[3]GM[1])(;GM[2]CA[ISO-8859-1]C[\xe9])(;FF[1]GM[3])";
    let found = in_parts(input, 1);
    assert_eq!(found, whole(input));
    let codes: Vec<_> = found.iter().map(|d| d.code.as_str()).collect();
    for code in [
        "sgf/mixed-file-formats",
        "sgf/mixed-game-types",
        "charset/mixed",
    ] {
        assert_eq!(
            codes.iter().filter(|&&c| c == code).count(),
            1,
            "{code}: {codes:?}"
        );
    }
}

#[test]
fn findings_of_one_place_keep_the_order_of_the_whole() {
    // The empty root's mixed format and the guessed charset of a game
    // without `CA` are both placed at 0, the reader's first in a check of
    // the whole, though the game comes later.
    let input = b"(;FF[4]C[a])(;)(;C[caf\xe9 na\xefve])";
    let found = in_parts(input, 1);
    assert!(
        found.iter().filter(|d| d.span.start == 0).count() >= 2,
        "{found:?}"
    );
    assert_eq!(found, whole(input));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any run of pieces of collections, in parts of any size: the same
    /// findings in the same order.
    #[test]
    fn parts_find_what_the_whole_finds(
        pieces in prop::collection::vec(crate::syntax::parts_tests::piece(), 0..12),
        part_bytes in 1usize..200,
    ) {
        let input = pieces.concat();
        prop_assert_eq!(in_parts(&input, part_bytes), whole(&input));
    }
}

//! A repair in parts ([`fix_in_parts`]) writes what a repair of the whole
//! writes and reports what it reports, or gives up.

use proptest::prelude::*;

use super::{fix, fix_in_parts};
use crate::repair::Options;

/// Whether `input` could be repaired in parts of `part_bytes`; if so,
/// asserts that the repair made the bytes and report of a repair of the
/// whole.
fn same_as_whole(input: &[u8], part_bytes: usize, options: &Options) -> bool {
    let Some(parts) = fix_in_parts(input, options, part_bytes) else {
        return false;
    };
    let whole = fix(input, options);
    let written = crate::write::lossless(&whole.collection);
    assert_eq!(
        String::from_utf8_lossy(&parts.bytes),
        String::from_utf8_lossy(&written),
        "part_bytes {part_bytes}"
    );
    assert_eq!(parts.report, whole.report, "part_bytes {part_bytes}");
    assert_eq!(parts.encoding, whole.encoding);
    assert_eq!(parts.games, whole.collection.len());
    assert_eq!(parts.nodes, whole.collection.node_count());
    true
}

const FORCE: Options = Options { force: true };
const PLAIN: Options = Options { force: false };

#[test]
fn the_corpus_in_parts_is_repaired_as_whole() {
    let mut in_parts = 0;
    for path in crate::test_corpus::corpus_files() {
        let input = std::fs::read(&path).expect("a corpus file");
        for part_bytes in [1, 2000] {
            for options in [&FORCE, &PLAIN] {
                in_parts += usize::from(same_as_whole(&input, part_bytes, options));
            }
        }
    }
    // Most of the corpus has a first game in FF[4] and needs no syntax
    // repair (when the corpus is there to read).
    let files = crate::test_corpus::corpus_files().len();
    assert!(
        in_parts >= files,
        "{in_parts} repairs in parts of {files} files"
    );
}

#[test]
fn older_games_after_an_ff4_game_are_marked_in_every_part() {
    let input = b"(;FF[4]GM[1]SZ[9])\n(;FF[3]GM[1]SZ[9];B[tt])\n(;GM[1]SZ[9]DT[May 3, 1990])\n";
    assert!(same_as_whole(input, 1, &FORCE));
    let parts = fix_in_parts(input, &FORCE, 1).unwrap();
    let text = String::from_utf8(parts.bytes).unwrap();
    assert_eq!(text.matches("FF[4]").count(), 3, "{text}");
    assert!(text.contains(";B[]"), "{text}");
}

#[test]
fn what_a_part_cannot_know_is_repaired_whole() {
    // Junk between games: the syntax is repaired on the whole text.
    assert!(fix_in_parts(b"(;FF[4]GN[a])junk(;FF[4]GN[b])", &FORCE, 1).is_none());
    // A first game older than FF[4]: a later game may make the formats mixed.
    assert!(fix_in_parts(b"(;FF[3]GN[a])(;FF[3]GN[b])", &FORCE, 1).is_none());
    // The same, in one part: the whole file.
    assert!(same_as_whole(
        b"(;FF[3]GN[a])(;FF[4]GN[b])",
        1 << 20,
        &FORCE
    ));
    // UTF-16 is read whole.
    let utf16: Vec<u8> = "(;FF[4]GN[a])(;FF[4]GN[b])"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert!(fix_in_parts(&[&[0xFF, 0xFE][..], &utf16].concat(), &FORCE, 1).is_none());
}

/// Games that need no repair, closed repairs, other repairs, refusals (no
/// `--force`), older formats, charsets, but no repair of their syntax; and
/// white space between games.
fn piece() -> impl Strategy<Value = &'static [u8]> {
    prop::sample::select(PIECES.to_vec())
}

/// What [`piece`] picks from, and pieces whose syntax needs repair.
fn any_piece() -> impl Strategy<Value = &'static [u8]> {
    let mut pieces = PIECES.to_vec();
    pieces.extend([
        // In a file whose values are scanned as Shift_JIS, `\xe9]` of the
        // ISO-8859-1 game is one character, and its value is left open.
        &b"(;FF[4]CA[Shift_JIS]PB[\x93\xfa\x96\x7b])"[..],
        b"(;FF[4]AddWhite[bb];W[bb];B[bb])",
        b"(;FF[3]GM[1]SZ[9]AB[aa][bb];W[cc]C[a ] b])",
        b"  junk between ",
        b"(;",
        b")",
        b";B[ee]",
        b"(;C[open value",
    ]);
    prop::sample::select(pieces)
}

const PIECES: [&[u8]; 16] = [
    b"(;GM[1]FF[4]SZ[19];B[pd];W[dp])",
    b"(;FF[4]GM[1]GN[]SZ[9];B[ee])",
    b"(;FF[4]GM[1]SZ[9]KM[6.5][7.5];B[ee]C[])",
    b"(;FF[3]AB[aa]PB[x]KM[six];B[aa])",
    b"(;FF[3]GM[1]SZ[9]DT[Jan 5, 1999];B[tt];W[ee])",
    b"(;FF[4]AW[bb];W[bb];B[bb])",
    b"(;FF[4]GM[1]SZ[3];B[ba];W[aa];B[ab];W[aa])",
    b"(;FF[4]HA[2]AB[dd])",
    b"(;FF[4]GM[1]SZ[9]B[aa]AB[bb];W[cc])",
    b"(;FF[4]CA[UTF-8]C[\xe7\x9b\xa4])",
    b"(;FF[4]CA[ISO-8859-1]PW[caf\xe9])",
    b"(;FF[4]PW[caf\xe9 na\xefve])",
    b"(;FF[4]B[aa](;W[bb])(;W[cc];B[dd]))",
    b"(;GM[2]FF[1])",
    b"\n",
    b"  ",
];

/// `pieces` after a first game in FF[4] (a first game older than that
/// makes the parts give up).
fn after_an_ff4_game(pieces: &[&[u8]]) -> Vec<u8> {
    [&b"(;FF[4]GM[1]SZ[19]GN[])"[..], &pieces.concat()].concat()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any run of such games after an FF[4] game, in parts of any size:
    /// the bytes and report of a repair of the whole.
    #[test]
    fn parts_repair_as_the_whole_repairs(
        pieces in prop::collection::vec(piece(), 0..12),
        part_bytes in 1usize..200,
        force in any::<bool>(),
    ) {
        let options = Options { force };
        prop_assert!(same_as_whole(&after_an_ff4_game(&pieces), part_bytes, &options));
    }

    /// Any run of pieces, those whose syntax needs repair too: where it
    /// does not give up, the repair in parts is the repair of the whole.
    #[test]
    fn parts_repair_as_the_whole_repairs_or_give_up(
        pieces in prop::collection::vec(any_piece(), 0..12),
        part_bytes in 1usize..200,
        force in any::<bool>(),
    ) {
        same_as_whole(&after_an_ff4_game(&pieces), part_bytes, &Options { force });
    }
}

//! Reading in parts ([`parse_in_parts`]) reads what [`parse`] reads: the
//! same games, the same diagnostics.

use proptest::prelude::*;

use super::{parse, parse_in_parts};
use crate::tree::Collection;
use kifu_diag::Diagnostic;

/// What a test compares of a game: its place, its bytes as written, its
/// charset and its number of nodes.
type GameSeen = (Option<kifu_diag::Span>, Vec<u8>, &'static str, usize);

fn games_of(c: &Collection<'_>) -> Vec<GameSeen> {
    (0..c.len())
        .map(|i| {
            let game = c.game(i).expect("a game of the collection");
            (
                game.span(),
                crate::write::game_bytes(c, i),
                game.charset().encoding.name(),
                game.nodes().count(),
            )
        })
        .collect()
}

/// Diagnostics in the order a check lists them: by place, stable.
fn by_place(mut d: Vec<Diagnostic>) -> Vec<Diagnostic> {
    d.sort_by_key(|d| d.span.start);
    d
}

/// Asserts that reading `input` in parts of `part_bytes` reads what
/// reading it whole reads.
fn assert_same_as_whole(input: &[u8], part_bytes: usize) {
    let whole = parse(input);
    let (mut games, mut diagnostics, mut parts) = (Vec::new(), Vec::new(), Vec::new());
    parse_in_parts(input, part_bytes, &mut |part, found, more| {
        games.extend(games_of(part));
        diagnostics.extend(found);
        parts.push((part.len(), more));
    });
    let shown = String::from_utf8_lossy(input);
    assert_eq!(games, games_of(&whole.value), "{part_bytes}: {shown}");
    assert_eq!(
        by_place(diagnostics),
        by_place(whole.diagnostics),
        "{part_bytes}: {shown}"
    );
    // Every part but the last says more follow, and holds a game.
    let (last, before) = parts.split_last().expect("at least one part");
    assert!(!last.1, "{parts:?}");
    assert!(before.iter().all(|&(n, more)| n > 0 && more), "{parts:?}");
}

#[test]
fn parts_read_what_the_whole_reads_in_the_corpus() {
    for path in crate::test_corpus::corpus_files() {
        let input = std::fs::read(&path).expect("a corpus file");
        for part_bytes in [1, 500, 1 << 20] {
            assert_same_as_whole(&input, part_bytes);
        }
    }
}

#[test]
fn a_game_per_part_keeps_what_lies_between_games() {
    let input = b"junk (;GM[1]FF[4]SZ[9];B[aa]) more junk\n(;FF[3]CA[Latin-1]C[caf\xe9]) ;\xff (;B[bb](;W[cc])(;W[dd])) trailing";
    for part_bytes in [1, 10, 40, 1000] {
        assert_same_as_whole(input, part_bytes);
    }
}

#[test]
fn a_first_game_without_its_paren_is_still_the_first() {
    // A `;` starts a game only while none has been read: the parts must
    // not forget the games handed over.
    assert_same_as_whole(b";B[aa];W[bb] (;B[cc]) ;C[x] (;W[dd]", 1);
    assert_same_as_whole(b"no game at all", 1);
    assert_same_as_whole(b"", 1);
}

/// Pieces of collections: games of several shapes, formats, types and
/// charsets, with findings for the checks, junk, a game left open.
pub(crate) fn piece() -> impl Strategy<Value = &'static [u8]> {
    prop::sample::select(vec![
        &b"(;GM[1]FF[4]SZ[19];B[pd];W[dp])"[..],
        b"(;FF[3]AddBlack[aa]PB[x]KM[six];B[aa])",
        b"(;FF[4]AddWhite[bb];W[bb];B[bb])",
        b"(;GM[1]SZ[3];B[ba];W[aa];B[ab];W[aa])",
        b"(;)",
        b"(;HA[2]AB[dd])",
        b"(;FF[3]GM[1]SZ[9]AB[aa][bb];W[cc]C[a ] b])",
        b"(;CA[UTF-8]C[\xe7\x9b\xa4])",
        b"(;CA[Shift_JIS]PB[\x93\xfa\x96\x7b])",
        b"(;CA[ISO-8859-1]PW[caf\xe9])",
        b"(;B[aa](;W[bb])(;W[cc];B[dd]))",
        b"  junk between ",
        b"\n",
        b"(;",
        b")",
        b";B[ee]",
        b"(;C[open value",
        b"(;GM[2]FF[1])",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any run of such pieces, in parts of any size, reads as it reads whole.
    #[test]
    fn parts_read_what_the_whole_reads(
        pieces in prop::collection::vec(piece(), 0..12),
        part_bytes in 1usize..200,
    ) {
        assert_same_as_whole(&pieces.concat(), part_bytes);
    }
}

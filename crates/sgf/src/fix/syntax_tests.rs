//! The syntax repairs through the whole of `kifu fix`.

use crate::repair::Options;
use crate::repair::syntax::*;
use crate::syntax::codes;

fn fixed(input: &[u8]) -> String {
    let f = crate::fix::fix(input, &Options { force: true });
    String::from_utf8(crate::write::lossless(&f.collection)).unwrap()
}

fn assert_clean(input: &[u8]) {
    let out = fixed(input);
    let parsed = crate::parse(out.as_bytes());
    let syntax: Vec<_> = parsed
        .diagnostics
        .iter()
        // Text before the first game is kept: SGF readers skip it.
        .filter(|d| d.code.as_str().starts_with("sgf/") && d.code != codes::JUNK_BEFORE_GAME)
        .collect();
    assert!(syntax.is_empty(), "{out}: {syntax:?}");
}

#[test]
fn junk_outside_games_is_removed_only_when_nothing_is_lost() {
    // Text before the first game is legal (readers skip it): kept.
    // Text after or between games is not: removed with --force only.
    let input = b"hello\n(;FF[4]GM[1])\nbye\n";
    assert_eq!(fixed(input), "hello\n(;FF[4]GM[1])\n");
    let f = crate::fix::fix(input, &Options::default());
    assert_eq!(crate::write::lossless(&f.collection), input);
    assert!(f.report.made.is_empty(), "{:?}", f.report.made);
    assert_eq!(f.report.refused.len(), 1);
    assert_eq!(f.report.refused[0].code, codes::JUNK_AFTER_GAME);
    assert!(f.report.refused[0].message.contains("'bye'"));
    // The canonical form holds the games only: both removed, and said.
    let f = crate::fix::fix_and_normalize(input, &Options::default());
    assert_eq!(crate::write::lossless(&f.collection), b"(;FF[4]GM[1])\n");
    let codes_made: Vec<_> = f.report.made.iter().map(|r| r.code).collect();
    assert_eq!(
        codes_made,
        [codes::JUNK_BEFORE_GAME, codes::JUNK_AFTER_GAME]
    );
    assert_eq!(
        fixed(b"(;FF[4]GM[1])\nx\n(;FF[4]GM[1])"),
        "(;FF[4]GM[1])\n(;FF[4]GM[1])"
    );
    // Parentheses alone are syntax, not text: removed without --force.
    let f = crate::fix::fix(b"((;FF[4]GM[1]))", &Options::default());
    assert_eq!(crate::write::lossless(&f.collection), b"(;FF[4]GM[1])");
}

#[test]
fn missing_pieces_are_added() {
    assert_eq!(fixed(b"(;FF[4]GM[1]C[a"), "(;FF[4]GM[1]C[a])");
    assert_eq!(fixed(b"(GM[1])"), "(;GM[1]FF[4])");
    assert_eq!(fixed(b";GM[1])"), "(;GM[1]FF[4])");
    assert_eq!(
        fixed(b"(;FF[4]GM[1](;C[a](;C[b]"),
        "(;FF[4]GM[1](;C[a](;C[b])))"
    );
}

#[test]
fn stray_and_empty_pieces_are_removed() {
    assert_eq!(fixed(b"(;FF[4]GM[1]()(;C[a]))"), "(;FF[4]GM[1](;C[a]))");
    assert_eq!(fixed(b"(;FF[4]GM[1];[x]C[a])"), "(;FF[4]GM[1];C[a])");
    assert_eq!(fixed(b"(;FF[4]GM[1]C xx C[a])"), "(;FF[4]GM[1] C[a])");
}

#[test]
fn a_node_after_variations_gets_its_own() {
    assert_eq!(
        fixed(b"(;FF[4]GM[1](;C[a])(;C[b]);C[c](;C[d])(;C[e]))"),
        "(;FF[4]GM[1](;C[a])(;C[b])(;C[c](;C[d])(;C[e])))"
    );
    assert_eq!(
        fixed(b"(;FF[4]GM[1](;C[a])C[b])"),
        "(;FF[4]GM[1](;C[a])(;C[b]))"
    );
}

#[test]
fn edits_of_the_same_bytes_agree() {
    // Removal beats rewriting: `Che` has no value and lowercase letters.
    assert_eq!(fixed(b"(;FF[4]GM[1];B[aa]Che;)"), "(;FF[4]GM[1];B[aa];)");
    // A value's `]` goes before the `)` of a node put in a variation.
    assert_eq!(
        fixed(b"(;FF[4]GM[1](;C[a])C[b"),
        "(;FF[4]GM[1](;C[a])(;C[b]))"
    );
}

#[test]
fn an_unclosed_value_removed_with_its_property_gets_no_bracket() {
    assert_eq!(fixed(b"(;FF[4]GM[1]C[a]p[c"), "(;FF[4]GM[1]C[a])");
}

#[test]
fn properties_after_an_empty_variation_start_a_node() {
    assert_eq!(
        fixed(b"(;FF[4]GM[1];B[ee]()C[a];W[ff])"),
        "(;FF[4]GM[1];B[ee];C[a];W[ff])"
    );
}

#[test]
fn bad_identifiers_are_removed() {
    let long = format!("(;FF[4]GM[1]{}[x]C[a])", "A".repeat(101));
    assert_eq!(fixed(long.as_bytes()), "(;FF[4]GM[1]C[a])");
    assert_eq!(fixed(b"(;FF[4]GM[1]abc[x]C[a])"), "(;FF[4]GM[1]C[a])");
}

#[test]
fn critical_repairs_wait_for_force() {
    let f = crate::fix::fix(b"(;FF[4]GM[1];[x]C[a])", &Options::default());
    assert_eq!(
        crate::write::lossless(&f.collection),
        b"(;FF[4]GM[1];[x]C[a])"
    );
    assert_eq!(f.report.refused.len(), 1);
    assert_eq!(f.report.refused[0].code, codes::VALUE_WITHOUT_ID);
}

#[test]
fn repaired_files_read_clean() {
    for input in [
        &b"junk (;GM[1]SZ[9];B[aa]x;W[bb]()(;B[cc])(;B[dd]);B[ee]"[..],
        b"(;GM[1]C[a]]\n",
        b"(;GM[1];;B[aa]))",
        b"((;GM[1]))",
        b"[aa][bb](;GM[1])",
    ] {
        assert_clean(input);
    }
}

#[test]
fn spans_map_back_to_the_input() {
    let mut e = Edits::default();
    e.push(2, 2, b"(");
    e.push(5, 8, b"");
    e.finish();
    assert_eq!(e.apply(b"0123456789"), b"01(23489");
    assert_eq!(e.original_offset(0), 0);
    assert_eq!(e.original_offset(2), 2);
    assert_eq!(e.original_offset(3), 2);
    assert_eq!(e.original_offset(5), 4);
    assert_eq!(e.original_offset(6), 8);
    assert_eq!(e.original_offset(7), 9);
}

//! The parser reads the common shape of nodes (`;B[pd]`) on a fast path and
//! everything else on its general path. Both must build the same
//! collection, piece for piece, and report the same diagnostics: these
//! tests hold the fast path to `kifu_sgf::syntax::parse_reference`, which
//! reads every node the general way.

use kifu_sgf::syntax::parse_reference;
use proptest::prelude::*;

use crate::{corpus_dir, files};

/// The failure message when the two paths disagree on `input`, if they do.
fn disagreement(input: &[u8]) -> Option<String> {
    let fast = kifu_sgf::parse(input);
    let reference = parse_reference(input);
    if fast.diagnostics != reference.diagnostics {
        return Some(format!(
            "diagnostics differ:\nfast:      {:?}\nreference: {:?}",
            fast.diagnostics, reference.diagnostics
        ));
    }
    let (fast, reference) = (
        format!("{:?}", fast.value),
        format!("{:?}", reference.value),
    );
    (fast != reference).then(|| format!("trees differ:\nfast:      {fast}\nreference: {reference}"))
}

#[test]
fn hand_written_shapes_read_the_same_on_both_paths() {
    let cases: &[&[u8]] = &[
        b"(;GM[1];B[pd];W[dd])",
        b"(;GM[1]\n;B[pd]\n;W[dd]C[two\nlines]\n)",
        b"(;GM[1];B[pd] ;W[dd]  ;B[qq]\r\n;W[aa])",
        b"(;GM[1];B [pd];W[dd])",
        b"(;GM[1];B[pd]AB[aa][bb] [cc]\n[dd];W[dd])",
        b"(;GM[1];B[pd];w[dd];B[ee])",
        b"(;GM[1];B[pd];AddWhite[dd];B[ee])",
        b"(;GM[1];B[pd];W[dd]xx;B[ee])",
        b"(;GM[1];B[pd];W[dd][ee]junk[ff];B[gg])",
        b"(;GM[1];B[pd];[dd];B[ee])",
        b"(;GM[1];B[pd];W;B[ee])",
        b"(;GM[1];B[pd];W[dd];B[ee",
        b"(;GM[1];B[pd];C[unclosed \\] value",
        b"(;GM[1];B[pd];C[Matsuyama[3d]] more];W[dd])",
        b"(;GM[1];B[pd];C[a]\n\nx];W[dd])",
        b"(;GM[1];B[pd];C[x]][unclosed",
        b"(;GM[1];B[pd];W[dd](;B[aa];W[bb])(;B[cc]);W[ee])",
        b"(;GM[1];B[pd];W[dd]",
        b"(;GM[1];B[pd];;;W[dd];)",
        b"(;GM[1];B[]\n;W[\\]]\n;B[a\\\\];W[tt])",
        b"(;GM[1];B[pd];AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA[x])",
        b"(;GM[1];B[pd];W[dd]\0;B[ee])",
        b"(;GM[1]CA[Shift_JIS];B[pd];C[\x95\\]\n;W[dd])",
        b"(;GM[1]CA[Big5];B[pd];C[\xB3\x5C];W[dd])",
    ];
    for case in cases {
        if let Some(problem) = disagreement(case) {
            panic!("{}\n{problem}", String::from_utf8_lossy(case));
        }
    }
}

/// Found by the `sgf_parse` fuzz target: a text value read past an
/// unescaped `]` (reported), then an unclosed value of the same property.
/// The fast path handed the property back to the general path, which
/// reported the bracket a second time.
#[test]
fn fuzz_unclosed_value_after_an_extended_one_is_reported_once() {
    let input =
        include_bytes!("../fuzz-regressions/parse-fast-path-unclosed-after-extended-value.sgf");
    assert_eq!(disagreement(input), None);
    let parsed = kifu_sgf::parse(b"(;GM[1];B[pd];C[x]][unclosed");
    let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "sgf/unescaped-bracket",
            "sgf/unclosed-value",
            "sgf/missing-close-paren"
        ]
    );
}

#[test]
fn every_corpus_file_reads_the_same_on_both_paths() {
    let mut paths = files(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"),
        &["sgf"],
    );
    if let Some(corpus) = corpus_dir() {
        paths.extend(files(&corpus.join("sgf"), &["sgf", "mgt"]));
        paths.extend(files(&corpus.join("other"), &["sgf"]));
    }
    assert!(paths.len() > 50, "only {} files found", paths.len());
    let problems: Vec<String> = paths
        .iter()
        .filter_map(|path| {
            let bytes = std::fs::read(path).unwrap();
            disagreement(&bytes).map(|p| format!("{}: {p}", path.display()))
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// Pieces of SGF, well and badly formed, that sequences are made of.
fn piece() -> impl Strategy<Value = &'static [u8]> {
    prop::sample::select(vec![
        &b";"[..],
        b";",
        b";",
        b"(",
        b")",
        b"B",
        b"W",
        b"AB",
        b"C",
        b"b",
        b"Wx",
        b"[pd]",
        b"[pd]",
        b"[dd]",
        b"[",
        b"]",
        b"[a\\]b]",
        b"[text with ] bracket]",
        b"[x]y]",
        b"C[x]]",
        b"\\",
        b" ",
        b"\n",
        b"\r\n",
        b"\t",
        b"x",
        b"1",
        b"\0",
        b"\xB3\x5C",
        b"\xE9",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_sequences_read_the_same_on_both_paths(
        pieces in prop::collection::vec(piece(), 0..40),
        charset in prop::sample::select(vec!["", "CA[UTF-8]", "CA[Shift_JIS]", "CA[Big5]", "CA[GB2312]"]),
    ) {
        let mut input = format!("(;GM[1]{charset};B[pd]").into_bytes();
        for p in pieces {
            input.extend_from_slice(p);
        }
        let problem = disagreement(&input);
        prop_assert!(problem.is_none(), "{}\n{}", String::from_utf8_lossy(&input), problem.unwrap_or_default());
    }
}

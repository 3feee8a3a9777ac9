//! Shared helpers of kifu's benchmarks: loading a corpus into memory and
//! generating pathological inputs. Timing lives in `benches/` (criterion)
//! and in the `kifu-bench` binary (one run, all parsers side by side).

use std::path::{Path, PathBuf};

/// Every `.sgf` file under `dir` (case-insensitive extension), sorted.
pub fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Reads files into memory (so that timing sees no I/O).
pub fn load(paths: &[PathBuf]) -> Vec<Vec<u8>> {
    paths
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// The benchmark corpus: the large archive unpacked by `bench/unpack-large`
/// (default `/tmp/kifu-large`, or `KIFU_BENCH_CORPUS`).
pub fn large_corpus_dir() -> PathBuf {
    std::env::var_os("KIFU_BENCH_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/tmp/kifu-large"))
}

/// Pathological inputs of about `n` bytes each, with a name.
pub fn pathological(n: usize) -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("deep-variations", {
            let depth = n / 8;
            let mut v = b"(;B[aa]".repeat(depth);
            v.extend(std::iter::repeat_n(b')', depth));
            v
        }),
        ("long-main-line", {
            let mut v = b"(;GM[1]".to_vec();
            v.extend(b";B[pd];W[dd]".repeat(n / 12));
            v.push(b')');
            v
        }),
        ("huge-comment", {
            let mut v = b"(;C[".to_vec();
            v.extend(b"Lorem ipsum \\] dolor sit amet, ".repeat(n / 31));
            v.extend_from_slice(b"])");
            v
        }),
        ("many-properties", {
            let mut v = b"(;".to_vec();
            v.extend(b"AB[aa]XX[y]".repeat(n / 11));
            v.push(b')');
            v
        }),
        ("unterminated-value", {
            let mut v = b"(;C[".to_vec();
            v.extend(b"x".repeat(n));
            v
        }),
    ]
}

/// Number of nodes and games in a kifu collection.
pub fn count(collection: &kifu_sgf::Collection<'_>) -> (usize, usize) {
    (collection.node_count(), collection.len())
}

/// Number of nodes in sgf-parse's trees, without recursion.
pub fn count_sgf_parse(trees: &[sgf_parse::GameTree]) -> usize {
    fn nodes<P: sgf_parse::SgfProp>(root: &sgf_parse::SgfNode<P>) -> usize {
        let mut n = 0;
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            n += 1;
            stack.extend(node.children());
        }
        n
    }
    trees
        .iter()
        .map(|t| match t {
            sgf_parse::GameTree::GoGame(n) => nodes(n),
            sgf_parse::GameTree::Unknown(n) => nodes(n),
        })
        .sum()
}

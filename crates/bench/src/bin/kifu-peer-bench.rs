//! kifu's driver for `shared/peer-bench/run_peers.sh`, so that kifu runs
//! in the same harness and the same run as the peer SGF libraries.
//!
//! ```text
//! kifu-peer-bench CORPUS_ROOT FILES_TXT [PER_FILE_TSV]
//! ```
//!
//! Reads every file into memory first, then times per file the parse into
//! kifu's tree and the lossless write, and prints one JSON line with the
//! fields the harness reads (`files, ok, failed, games, nodes, bytes,
//! parse_s, serialize_s`). kifu reads every file (it recovers), so `ok` is
//! every file and `with_errors` counts those with error diagnostics.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use kifu_bench::{count, load};

/// The peer-bench protocol: one JSON line like the other drivers.
fn run(root: &Path, list: &Path, tsv: Option<&Path>) {
    let names: Vec<String> = std::fs::read_to_string(list)
        .expect("read file list")
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    let paths: Vec<PathBuf> = names.iter().map(|n| root.join(n)).collect();
    let data = load(&paths);
    let bytes: usize = data.iter().map(Vec::len).sum();
    let (mut parse_t, mut ser_t) = (Duration::ZERO, Duration::ZERO);
    let (mut nodes, mut games, mut failed, mut ser_bytes) = (0usize, 0usize, 0usize, 0usize);
    let mut rows = Vec::with_capacity(names.len());
    for (name, d) in names.iter().zip(&data) {
        let t = Instant::now();
        let parsed = kifu_sgf::parse(d);
        parse_t += t.elapsed();
        let t = Instant::now();
        let out = kifu_sgf::write::lossless(&parsed.value);
        ser_t += t.elapsed();
        ser_bytes += out.len();
        let (n, g) = count(&parsed.value);
        if parsed.has_errors() {
            failed += 1;
            let first = parsed
                .diagnostics
                .iter()
                .find(|d| d.is_error())
                .map(|d| d.to_string())
                .unwrap_or_default();
            rows.push(format!("{name}\t{n}\t{}", first.replace(['\t', '\n'], " ")));
        } else {
            rows.push(format!("{name}\t{n}\t"));
        }
        nodes += n;
        games += g;
    }
    if let Some(tsv) = tsv {
        let mut f = std::io::BufWriter::new(std::fs::File::create(tsv).expect("create tsv"));
        for r in &rows {
            writeln!(f, "{r}").expect("write tsv");
        }
    }
    // Files with error diagnostics are still read (kifu recovers), so they
    // count as ok for the node cross-check; `with_errors` says how many.
    println!(
        "{{\"peer\":\"rust:kifu\",\"version\":\"{}\",\"files\":{},\"ok\":{},\"failed\":0,\"with_errors\":{failed},\"games\":{games},\"nodes\":{nodes},\"bytes\":{bytes},\"parse_s\":{:.6},\"serialize_s\":{:.6},\"serialized_bytes\":{ser_bytes}}}",
        env!("CARGO_PKG_VERSION"),
        names.len(),
        names.len(),
        parse_t.as_secs_f64(),
        ser_t.as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: kifu-peer-bench CORPUS_ROOT FILES_TXT [PER_FILE_TSV]");
        std::process::exit(2);
    }
    run(
        Path::new(&args[0]),
        Path::new(&args[1]),
        args.get(2).map(Path::new),
    );
}

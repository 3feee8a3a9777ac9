//! One run, every parser side by side, on the same in-memory inputs.
//!
//! ```text
//! kifu-bench compare [DIR]     # table: MB/s, games/s, ratios
//! kifu-bench replay [DIR]      # Go rules: replay every main line
//! kifu-bench parse [DIR] [N]   # only kifu's parse, N passes: for perf and callgrind
//! ```
//!
//! (`kifu-peer-bench` is the driver for `shared/peer-bench/run_peers.sh`.)
//!
//! `compare` times, per pass over all files: a memchr2 scan of `;` and `[`
//! (the practical ceiling), kifu's parse into its tree, kifu's parse plus
//! lossless write, sgf-parse's parse and parse plus serialize. Each figure
//! is the median of several passes; ratios come from the same run.
//!
//! `replay` parses every file once, extracts the main line of each Go game
//! (setup and moves), then times replaying them all on `kifu_board::Board`
//! in replay mode (illegal moves played anyway): the median of several
//! passes, as games, moves, seconds and moves per second.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use kifu_bench::{
    MainLine, ReplayCount, count, count_sgf_parse, large_corpus_dir, load, main_lines, replay,
    sgf_files,
};

const PASSES: usize = 5;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn time_passes(mut pass: impl FnMut() -> Duration) -> f64 {
    median((0..PASSES).map(|_| pass().as_secs_f64()).collect())
}

fn compare(dir: &Path) {
    let paths = sgf_files(dir);
    assert!(!paths.is_empty(), "no .sgf files under {}", dir.display());
    let data = load(&paths);
    let bytes: usize = data.iter().map(Vec::len).sum();
    // sgf-parse reads &str only: decode lossily before the clock starts.
    let texts: Vec<String> = data
        .iter()
        .map(|d| String::from_utf8_lossy(d).into_owned())
        .collect();
    let (mut nodes, mut games) = (0, 0);
    for d in &data {
        let (n, g) = count(&kifu_sgf::parse(d).value);
        nodes += n;
        games += g;
    }

    let scan = time_passes(|| {
        let t = Instant::now();
        let mut hits = 0;
        for d in &data {
            hits += memchr::memchr2_iter(b';', b'[', std::hint::black_box(d)).count();
        }
        std::hint::black_box(hits);
        t.elapsed()
    });
    let kifu_parse = time_passes(|| {
        let mut total = Duration::ZERO;
        for d in &data {
            let t = Instant::now();
            let parsed = kifu_sgf::parse(std::hint::black_box(d));
            total += t.elapsed();
            drop(parsed);
        }
        total
    });
    let kifu_write = time_passes(|| {
        let mut total = Duration::ZERO;
        for d in &data {
            let t = Instant::now();
            let parsed = kifu_sgf::parse(std::hint::black_box(d));
            let out = kifu_sgf::write::lossless(&parsed.value);
            total += t.elapsed();
            assert_eq!(out.len(), d.len());
        }
        total
    });
    let (mut peer_ok, mut peer_nodes) = (0, 0);
    for t in &texts {
        if let Ok(trees) = sgf_parse::parse(t) {
            peer_ok += 1;
            peer_nodes += count_sgf_parse(&trees);
        }
    }
    let peer_parse = time_passes(|| {
        let mut total = Duration::ZERO;
        for t in &texts {
            let start = Instant::now();
            let r = sgf_parse::parse(std::hint::black_box(t));
            total += start.elapsed();
            drop(r);
        }
        total
    });
    let peer_write = time_passes(|| {
        let mut total = Duration::ZERO;
        for t in &texts {
            let start = Instant::now();
            if let Ok(trees) = sgf_parse::parse(std::hint::black_box(t)) {
                let out = sgf_parse::serialize(&trees);
                std::hint::black_box(out);
            }
            total += start.elapsed();
        }
        total
    });

    let mbs = |s: f64| bytes as f64 / s / 1e6;
    println!(
        "corpus: {} ({} files, {} bytes, {games} games, {nodes} nodes; sgf-parse read {peer_ok} files, {peer_nodes} nodes)",
        dir.display(),
        data.len(),
        bytes
    );
    println!("median of {PASSES} passes, single thread\n");
    println!("| run | s | MB/s | games/s | vs sgf-parse | vs memchr2 |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, s, peer) in [
        ("memchr2 scan of ';' '['", scan, peer_parse),
        ("kifu parse", kifu_parse, peer_parse),
        ("kifu parse + lossless write", kifu_write, peer_write),
        ("sgf-parse parse", peer_parse, peer_parse),
        ("sgf-parse parse + serialize", peer_write, peer_write),
    ] {
        println!(
            "| {name} | {s:.3} | {:.1} | {:.0} | {:.1}x | {:.2}x |",
            mbs(s),
            games as f64 / s,
            peer / s,
            scan / s
        );
    }
}

/// Parses every file `passes` times and nothing else, so that a profiler
/// sees only the parser.
fn parse_only(dir: &Path, passes: usize) {
    let paths = sgf_files(dir);
    assert!(!paths.is_empty(), "no .sgf files under {}", dir.display());
    let data = load(&paths);
    let bytes: usize = data.iter().map(Vec::len).sum();
    let t = Instant::now();
    let mut nodes = 0;
    for _ in 0..passes {
        for d in &data {
            let parsed = kifu_sgf::parse(std::hint::black_box(d));
            nodes += parsed.value.node_count();
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{passes} passes over {} files: {nodes} nodes, {s:.3} s, {:.1} MB/s",
        data.len(),
        (bytes * passes) as f64 / s / 1e6
    );
}

fn replay_all(dir: &Path) {
    let paths = sgf_files(dir);
    assert!(!paths.is_empty(), "no .sgf files under {}", dir.display());
    let data = load(&paths);
    let t = Instant::now();
    let lines: Vec<MainLine> = data
        .iter()
        .flat_map(|d| main_lines(&kifu_sgf::parse(d).value))
        .collect();
    let extract = t.elapsed().as_secs_f64();
    let mut captured = Vec::new();
    let mut total = ReplayCount::default();
    let seconds = time_passes(|| {
        total = ReplayCount::default();
        let t = Instant::now();
        for line in &lines {
            let c = replay(std::hint::black_box(line), &mut captured);
            total.moves += c.moves;
            total.captured += c.captured;
            total.illegal += c.illegal;
        }
        t.elapsed()
    });
    let setup: usize = lines
        .iter()
        .map(|l| {
            l.steps
                .iter()
                .filter(|s| matches!(s, kifu_bench::Step::Setup(..)))
                .count()
        })
        .sum();
    println!(
        "corpus: {} ({} files; parse + main-line extraction {extract:.3} s)",
        dir.display(),
        data.len()
    );
    println!(
        "replayed {} games, {} moves, {setup} setup points, {} stones captured, {} illegal moves played anyway",
        lines.len(),
        total.moves,
        total.captured,
        total.illegal
    );
    println!(
        "median of {PASSES} passes, single thread: {seconds:.4} s, {:.1} M moves/s, {:.2} µs per game",
        total.moves as f64 / seconds / 1e6,
        seconds / lines.len() as f64 * 1e6
    );
}

/// Reads and checks a generated book of 200 chapters and 20,000 diagrams.
fn book() {
    const PASSES: usize = 5;
    let text = kifu_bench::generated_book(200, 100);
    let mut times = Vec::with_capacity(PASSES);
    let mut elements = 0;
    let mut diagnostics = 0;
    for _ in 0..PASSES {
        let start = std::time::Instant::now();
        let parsed = kifu_book::parse(std::hint::black_box(&text));
        let found = kifu_book::check(&parsed.value);
        times.push(start.elapsed().as_secs_f64());
        elements = parsed.value.elements().len();
        diagnostics = parsed.diagnostics.len() + found.len();
    }
    times.sort_by(f64::total_cmp);
    let seconds = times[PASSES / 2];
    println!(
        "book of 200 chapters, 20000 diagrams: {} bytes, {elements} elements, {diagnostics} diagnostics",
        text.len()
    );
    println!(
        "read + check, median of {PASSES} passes, single thread: {seconds:.4} s ({:.1} MB/s)",
        text.len() as f64 / seconds / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("compare") => compare(&args.get(1).map_or_else(large_corpus_dir, PathBuf::from)),
        Some("replay") => replay_all(&args.get(1).map_or_else(large_corpus_dir, PathBuf::from)),
        Some("book") => book(),
        Some("parse") => parse_only(
            &args.get(1).map_or_else(large_corpus_dir, PathBuf::from),
            args.get(2).and_then(|n| n.parse().ok()).unwrap_or(20),
        ),
        _ => {
            eprintln!(
                "usage: kifu-bench compare [DIR]\n       kifu-bench replay [DIR]\n       kifu-bench parse [DIR] [PASSES]\n       kifu-bench book"
            );
            std::process::exit(2);
        }
    }
}

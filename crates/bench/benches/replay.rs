//! Criterion benchmark of the Go rules: replaying the main lines of corpus
//! games on `kifu_board::Board`. The games are parsed and their main lines
//! extracted once; only the replay is timed. Uses the large corpus when
//! unpacked (see `bench/unpack-large`), else the shared SGF corpus.

use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use kifu_bench::{MainLine, large_corpus_dir, load, main_lines, replay, sgf_files};

/// Up to `n` files of the large corpus, or of the shared SGF corpus.
fn some_games(n: usize) -> Vec<PathBuf> {
    let large = sgf_files(&large_corpus_dir());
    if !large.is_empty() {
        // Spread the sample over the whole (sorted) corpus.
        let step = (large.len() / n).max(1);
        return large.into_iter().step_by(step).take(n).collect();
    }
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/sgf/ff4");
    sgf_files(&shared).into_iter().take(n).collect()
}

fn replay_games(c: &mut Criterion) {
    let paths = some_games(100);
    if paths.is_empty() {
        eprintln!("note: no corpus (run bench/unpack-large); skipping");
        return;
    }
    let lines: Vec<MainLine> = load(&paths)
        .iter()
        .flat_map(|d| main_lines(&kifu_sgf::parse(d).value))
        .collect();
    let mut captured = Vec::new();
    let moves: u64 = lines.iter().map(|l| replay(l, &mut captured).moves).sum();
    let mut g = c.benchmark_group("replay");
    g.throughput(Throughput::Elements(moves));
    g.bench_function(format!("{} games, {moves} moves", lines.len()), |b| {
        b.iter(|| {
            for line in &lines {
                std::hint::black_box(replay(std::hint::black_box(line), &mut captured));
            }
        })
    });
    // The longest game on its own: the cost of one full replay.
    if let Some(line) = lines.iter().max_by_key(|l| l.steps.len()) {
        g.throughput(Throughput::Elements(line.steps.len() as u64));
        g.bench_function("longest game", |b| {
            b.iter(|| std::hint::black_box(replay(std::hint::black_box(line), &mut captured)))
        });
    }
    g.finish();
}

criterion_group!(benches, replay_games);
criterion_main!(benches);

//! Criterion benchmarks of each SGF layer, over the large corpus (when
//! unpacked, see `bench/unpack-large`) and generated pathological inputs,
//! with sgf-parse on the same input as the external baseline.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

use kifu_bench::{large_corpus_dir, load, pathological, sgf_files};

fn corpus(c: &mut Criterion) {
    let dir = large_corpus_dir();
    let paths = sgf_files(&dir);
    if paths.is_empty() {
        eprintln!(
            "note: no corpus at {} (run bench/unpack-large); skipping",
            dir.display()
        );
        return;
    }
    let data = load(&paths);
    let texts: Vec<String> = data
        .iter()
        .map(|d| String::from_utf8_lossy(d).into_owned())
        .collect();
    let bytes: usize = data.iter().map(Vec::len).sum();
    let mut g = c.benchmark_group("corpus");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("kifu/parse", |b| {
        b.iter(|| {
            for d in &data {
                std::hint::black_box(kifu_sgf::parse(d));
            }
        })
    });
    g.bench_function("kifu/parse+lossless", |b| {
        b.iter(|| {
            for d in &data {
                std::hint::black_box(kifu_sgf::write::lossless(&kifu_sgf::parse(d).value));
            }
        })
    });
    g.bench_function("kifu/parse+normalized", |b| {
        b.iter(|| {
            for d in &data {
                std::hint::black_box(kifu_sgf::write::normalized(&kifu_sgf::parse(d).value));
            }
        })
    });
    g.bench_function("kifu/parse+typed-moves", |b| {
        b.iter(|| {
            for d in &data {
                let c = kifu_sgf::parse(d).value;
                for game in c.games() {
                    std::hint::black_box(game.main_line().filter_map(|n| n.get_move()).count());
                }
            }
        })
    });
    g.bench_function("sgf-parse/parse", |b| {
        b.iter(|| {
            for t in &texts {
                let _ = std::hint::black_box(sgf_parse::parse(t));
            }
        })
    });
    g.finish();
}

fn generated(c: &mut Criterion) {
    let mut g = c.benchmark_group("pathological");
    g.sample_size(10);
    for (name, input) in pathological(1 << 20) {
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_with_input(BenchmarkId::new("kifu/parse", name), &input, |b, i| {
            b.iter(|| std::hint::black_box(kifu_sgf::parse(i)))
        });
    }
    g.finish();
}

criterion_group!(benches, corpus, generated);
criterion_main!(benches);

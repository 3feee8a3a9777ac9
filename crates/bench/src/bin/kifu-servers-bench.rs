//! The server readers (Tygem GIB, WBaduk NGF, Pandanet UGF/UGI) beside
//! the SGF reader, per byte, in one run.
//!
//! ```text
//! kifu-servers-bench [DIR…]          # table: MB/s per format, ratios to SGF
//! kifu-servers-bench profile FORMAT [PASSES [sgf|utf8]]
//!                                    # only that reader (or, with `sgf`, the
//!                                    # SGF general path on the same games;
//!                                    # with `utf8`, the reader on the files
//!                                    # with their text in UTF-8), many
//!                                    # passes: for perf and callgrind
//! ```
//!
//! The inputs are every `.gib`, `.ngf`, `.ugf` and `.ugi` file under the
//! directories given (by default `shared/corpus/other` beside the
//! workspace and `crates/servers/tests/data`), each repeated until its
//! format has at least [`TARGET`] bytes, so that a pass reads as many
//! bytes as a pass over a corpus of SGF files and the clock sees real
//! files of real sizes. The SGF side is the same games: each file
//! converted once to SGF (`kifu_sgf::write::normalized`), then read by
//! `kifu_sgf::syntax::parse_reference` (the general path, which reads
//! every node and property the general way) and by `kifu_sgf::parse`
//! (with its fast path), and, as a server's own SGF download would be,
//! the general path over the same SGF in the server file's charset with
//! no `CA` (so that the SGF reader too must find the charset); beside
//! them `kifu_servers::read_checked` (read
//! and the replay that finds illegal moves, what `kifu check` uses) and,
//! for where the time goes, the record stage alone
//! (`kifu_servers::stages`). Each figure is the median of [`PASSES`] passes
//! of the thread's CPU time (the machine may be shared), the three
//! readers' passes interleaved, single thread; MB/s count the bytes of each side's own files.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use kifu_servers::Format;

const PASSES: usize = 7;
/// Bytes of input per format and pass.
const TARGET: usize = 8 << 20;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Every server file under `dir`, with its format, sorted.
fn server_files(dir: &Path, out: &mut Vec<(Format, PathBuf)>) {
    let format = |p: &Path| {
        p.extension()
            .and_then(|x| x.to_str())
            .and_then(Format::from_extension)
    };
    for p in kifu_bench::files_where(dir, |p| format(p).is_some()) {
        if let Some(f) = format(&p) {
            out.push((f, p));
        }
    }
}

/// The files of one format (UGI counted with UGF: one reader), repeated
/// to [`TARGET`] bytes.
struct Inputs {
    name: &'static str,
    files: usize,
    server: Vec<(Format, Vec<u8>)>,
    sgf: Vec<Vec<u8>>,
    /// The same SGF in the server file's own charset, with no `CA`.
    legacy: Vec<Vec<u8>>,
    /// The server files with their text in UTF-8: what the reader itself
    /// costs when no charset has to be guessed.
    server_utf8: Vec<(Format, Vec<u8>)>,
}

impl Inputs {
    fn bytes(&self) -> (usize, usize) {
        (
            self.server.iter().map(|(_, d)| d.len()).sum(),
            self.sgf.iter().map(Vec::len).sum(),
        )
    }

    fn legacy_bytes(&self) -> usize {
        self.legacy.iter().map(Vec::len).sum()
    }

    fn server_utf8_bytes(&self) -> usize {
        self.server_utf8.iter().map(|(_, d)| d.len()).sum()
    }
}

fn load(dirs: &[PathBuf]) -> Vec<Inputs> {
    let mut found = Vec::new();
    for d in dirs {
        server_files(d, &mut found);
    }
    found.sort_by(|a, b| a.1.cmp(&b.1));
    let groups: [(&str, &[Format]); 3] = [
        ("GIB", &[Format::Gib]),
        ("NGF", &[Format::Ngf]),
        ("UGF/UGI", &[Format::Ugf, Format::Ugi]),
    ];
    let mut out = Vec::new();
    for (name, formats) in groups {
        let originals: Vec<(Format, Vec<u8>)> = found
            .iter()
            .filter(|(f, _)| formats.contains(f))
            .map(|(f, p)| {
                let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                (*f, bytes)
            })
            .collect();
        if originals.is_empty() {
            continue;
        }
        let one_pass: usize = originals.iter().map(|(_, d)| d.len()).sum();
        let copies = TARGET.div_ceil(one_pass);
        // Each file converted once (so that `profile` under a slow tool
        // such as callgrind spends its time in the passes).
        let converted: Vec<Vec<u8>> = originals
            .iter()
            .map(|(f, d)| {
                let parsed = kifu_servers::read(d, *f);
                assert!(!parsed.value.is_empty(), "{name}: a file read as no game");
                kifu_sgf::write::normalized(&parsed.value)
            })
            .collect();
        let own: Vec<Vec<u8>> = originals
            .iter()
            .zip(&converted)
            .map(|((_, d), s)| in_own_charset(s, d))
            .collect();
        let utf8: Vec<Vec<u8>> = originals
            .iter()
            .zip(&converted)
            .map(|((f, d), s)| {
                let u = in_utf8(d);
                // The same game, or the column measures something else.
                let again = kifu_sgf::write::normalized(&kifu_servers::read(&u, *f).value);
                assert_eq!(&again, s, "{name}: a file read otherwise in UTF-8");
                u
            })
            .collect();
        let mut server = Vec::new();
        let mut sgf = Vec::new();
        let mut legacy = Vec::new();
        let mut server_utf8 = Vec::new();
        for _ in 0..copies {
            for ((((f, d), s), l), u) in originals.iter().zip(&converted).zip(&own).zip(&utf8) {
                sgf.push(s.clone());
                legacy.push(l.clone());
                server.push((*f, d.clone()));
                server_utf8.push((*f, u.clone()));
            }
        }
        out.push(Inputs {
            name,
            files: originals.len(),
            server,
            sgf,
            legacy,
            server_utf8,
        });
    }
    out
}

/// The SGF of a server file as it would be written in the file's own
/// charset with no `CA` (as a server's SGF download often is): `CA[UTF-8]`
/// left out and the text encoded in the charset the file's bytes are in,
/// so that the SGF reader, too, has to find it.
fn in_own_charset(sgf: &[u8], server: &[u8]) -> Vec<u8> {
    let encoding = kifu_sgf::charset::detect(server);
    let text = String::from_utf8_lossy(sgf).replacen("CA[UTF-8]", "", 1);
    match kifu_sgf::charset::encode(encoding, &text) {
        Ok(bytes) => bytes.into_owned(),
        Err(_) => text.into_bytes(),
    }
}

/// A server file with its text in UTF-8 (a UGF file's `Lang=` saying
/// so): the same lines, no charset to guess.
fn in_utf8(server: &[u8]) -> Vec<u8> {
    let encoding = kifu_sgf::charset::detect(server);
    let text = kifu_sgf::charset::decode(encoding, server);
    let text = match text.find("Lang=") {
        Some(at) => {
            let end = text[at..].find(['\r', '\n']).map_or(text.len(), |e| at + e);
            format!("{}Lang=UTF-8{}", &text[..at], &text[end..])
        }
        None => text.into_owned(),
    };
    text.into_bytes()
}

/// The CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`), else
/// the wall clock: on a machine shared with other work, wall-clock time
/// counts the time spent waiting for a core. (`/proc/thread-self/schedstat`,
/// read before, moves in steps of the scheduler's 4 ms tick: a tenth of a
/// 40 ms pass.)
fn cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    }
    #[cfg(not(unix))]
    {
        static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        START.get_or_init(Instant::now).elapsed()
    }
}

fn pass_server(files: &[(Format, Vec<u8>)], read: Read) -> Duration {
    let t = cpu_time();
    for (f, d) in files {
        let parsed = read(std::hint::black_box(d), *f);
        std::hint::black_box(&parsed);
    }
    cpu_time() - t
}

fn pass_sgf(files: &[Vec<u8>], parse: fn(&[u8]) -> usize) -> Duration {
    let t = cpu_time();
    for d in files {
        std::hint::black_box(parse(std::hint::black_box(d)));
    }
    cpu_time() - t
}

fn pass_stage(inputs: &Inputs, stage: fn(&[u8], Format) -> usize) -> Duration {
    let t = cpu_time();
    for (f, d) in &inputs.server {
        std::hint::black_box(stage(std::hint::black_box(d), *f));
    }
    cpu_time() - t
}

/// A server reader: `kifu_servers::read` or `read_checked`.
type Read = fn(&[u8], Format) -> kifu_sgf::Parsed<kifu_sgf::Collection<'static>>;

/// The readers' passes interleaved (server read, SGF general path, SGF
/// parse, the record stage alone, server read with the replay, the SGF
/// general path in the server file's charset, server read of the files
/// in UTF-8, then again), so that a change in the machine's load between them moves
/// all: the medians of each, in seconds.
fn time_interleaved(inputs: &Inputs) -> [f64; 7] {
    let general: fn(&[u8]) -> usize = |d| kifu_sgf::syntax::parse_reference(d).value.node_count();
    let fast: fn(&[u8]) -> usize = |d| kifu_sgf::parse(d).value.node_count();
    let mut times: [Vec<f64>; 7] = Default::default();
    for _ in 0..PASSES {
        let pass = [
            pass_server(&inputs.server, kifu_servers::read),
            pass_sgf(&inputs.sgf, general),
            pass_sgf(&inputs.sgf, fast),
            pass_stage(inputs, kifu_servers::stages::record),
            pass_server(&inputs.server, kifu_servers::read_checked),
            pass_sgf(&inputs.legacy, general),
            pass_server(&inputs.server_utf8, kifu_servers::read),
        ];
        for (v, t) in times.iter_mut().zip(pass) {
            v.push(t.as_secs_f64());
        }
    }
    times.map(median)
}

fn compare(dirs: &[PathBuf]) {
    let all = load(dirs);
    assert!(!all.is_empty(), "no server files under {dirs:?}");
    println!(
        "inputs: {} (each format's files repeated to {} MiB; median of {PASSES} passes, thread CPU time)\n",
        dirs.iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        TARGET >> 20
    );
    println!(
        "| format | files | server read MB/s | SGF general path MB/s | SGF parse MB/s | read / general | read / parse | read_checked / general | SGF general, own charset, no CA MB/s | read / that | server read, text in UTF-8, MB/s | that / general |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut stages = Vec::new();
    for inputs in &all {
        let (server_bytes, sgf_bytes) = inputs.bytes();
        let [server, general, fast, record, checked, legacy, utf8] = time_interleaved(inputs);
        let mbs = |bytes: usize, s: f64| bytes as f64 / s / 1e6;
        let (s, g, p) = (
            mbs(server_bytes, server),
            mbs(sgf_bytes, general),
            mbs(sgf_bytes, fast),
        );
        let c = mbs(server_bytes, checked);
        let l = mbs(inputs.legacy_bytes(), legacy);
        let u = mbs(inputs.server_utf8_bytes(), utf8);
        println!(
            "| {} | {} | {s:.1} | {g:.1} | {p:.1} | {:.2}x | {:.2}x | {:.2}x | {l:.1} | {:.2}x | {u:.1} | {:.2}x |",
            inputs.name,
            inputs.files,
            s / g,
            s / p,
            c / g,
            s / l,
            u / g
        );
        stages.push((
            inputs.name,
            server_bytes as f64 / sgf_bytes as f64,
            mbs(server_bytes, record),
            record / checked,
            (checked - server) / checked,
            (server - record) / checked,
        ));
    }
    println!(
        "\nWhere `read_checked`'s time goes (same run): reading the file into its record (the stage \
         alone), replaying it for illegal moves (read_checked - read), building the SGF \
         collection (read - record).\n"
    );
    println!(
        "| format | server bytes per SGF byte | record alone MB/s | record | replay | collection |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, ratio, record_mbs, a, b, c) in stages {
        println!(
            "| {name} | {ratio:.2} | {record_mbs:.1} | {:.0}% | {:.0}% | {:.0}% |",
            a * 100.0,
            b * 100.0,
            c * 100.0
        );
    }
}

/// What `profile` reads.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    /// The server files, with the server reader.
    Server,
    /// The same games as SGF, with the SGF general path.
    Sgf,
    /// The server files with their text in UTF-8, with the server reader.
    ServerUtf8,
}

/// One format's reader alone, `passes` times over its inputs, or the
/// other `side` (for counting each side's instructions under callgrind).
fn profile(dirs: &[PathBuf], format: &str, passes: usize, side: Side) {
    let all = load(dirs);
    let Some(inputs) = all.iter().find(|i| {
        i.name
            .to_ascii_lowercase()
            .contains(&format.to_ascii_lowercase())
    }) else {
        panic!("no {format} files under {dirs:?}");
    };
    let (server_bytes, sgf_bytes) = inputs.bytes();
    let bytes = match side {
        Side::Server => server_bytes,
        Side::Sgf => sgf_bytes,
        Side::ServerUtf8 => inputs.server_utf8_bytes(),
    };
    let t = Instant::now();
    let mut nodes = 0;
    for _ in 0..passes {
        if side == Side::Sgf {
            for d in &inputs.sgf {
                nodes += kifu_sgf::syntax::parse_reference(std::hint::black_box(d))
                    .value
                    .node_count();
            }
        } else {
            let files = if side == Side::Server {
                &inputs.server
            } else {
                &inputs.server_utf8
            };
            for (f, d) in files {
                nodes += kifu_servers::read(std::hint::black_box(d), *f)
                    .value
                    .node_count();
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{} x {passes}: {nodes} nodes, {s:.3} s, {:.1} MB/s",
        inputs.name,
        (bytes * passes) as f64 / s / 1e6
    );
}

fn default_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    vec![
        root.join("../shared/corpus/other"),
        root.join("crates/servers/tests/data"),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("profile") => {
            let format = args.get(1).map_or("gib", String::as_str);
            let passes = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(20);
            let side = match args.get(3).map(String::as_str) {
                Some("sgf") => Side::Sgf,
                Some("utf8") => Side::ServerUtf8,
                _ => Side::Server,
            };
            profile(&default_dirs(), format, passes, side);
        }
        Some("-h" | "--help") => {
            eprintln!(
                "usage: kifu-servers-bench [DIR...] | profile gib|ngf|ugf [PASSES [sgf|utf8]]"
            );
            std::process::exit(2);
        }
        _ => {
            let dirs: Vec<PathBuf> = if args.is_empty() {
                default_dirs()
            } else {
                args.iter().map(PathBuf::from).collect()
            };
            compare(&dirs);
        }
    }
}

//! Where `kifu check` and `kifu fix --force` spend their time: each stage
//! timed in one thread, in MB/s beside the parse, then the `kifu` binary
//! and SGFC on the same input in the same run; and garbage of every kind.
//!
//! ```text
//! kifu-stages FILE|DIR [--passes N] [--kifu PATH] [--sgfc PATH]
//! kifu-stages garbage [--size BYTES] [--kifu PATH] [--timeout SECS]
//! ```
//!
//! The stages are the library's (`kifu_sgf::check::check_timed`,
//! `kifu_sgf::fix::fix_timed`), over the input held in memory: the median
//! of `N` passes (5) for each, a DIR read as its `.sgf` files. Then
//! `kifu check -q`, `kifu check --format json` and `kifu fix -q --force -o`
//! run as processes with one thread (`RAYON_NUM_THREADS=1`), and, given
//! `--sgfc` (or `$SGFC`), `sgfc -c -t IN OUT` (check and repair) on a FILE:
//! the median wall time of `N` runs each, and each one's ratio to SGFC.
//!
//! `garbage` generates one input of each kind of `kifu_bench::garbage`
//! (`--size`, 1 MiB by default), and runs `kifu check` and `kifu fix
//! --force -o` on each under `timeout` (60 s by default): seconds, exit
//! status and the size of what `check` printed.
//!
//! `PATH` of kifu defaults to `kifu` next to this binary
//! (`target/dist/kifu`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use kifu_bench::{garbage, load, sgf_files};

struct Args {
    target: Option<PathBuf>,
    garbage: bool,
    passes: usize,
    kifu: PathBuf,
    sgfc: Option<PathBuf>,
    size: usize,
    timeout: u32,
}

fn args() -> Args {
    let mut a = Args {
        target: None,
        garbage: false,
        passes: 5,
        kifu: std::env::current_exe()
            .expect("own path")
            .with_file_name("kifu"),
        sgfc: std::env::var_os("SGFC").map(PathBuf::from),
        size: 1 << 20,
        timeout: 60,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--passes" => a.passes = value().parse().unwrap_or_else(|_| usage()),
            "--kifu" => a.kifu = PathBuf::from(value()),
            "--sgfc" => a.sgfc = Some(PathBuf::from(value())),
            "--size" => a.size = value().parse().unwrap_or_else(|_| usage()),
            "--timeout" => a.timeout = value().parse().unwrap_or_else(|_| usage()),
            "garbage" if a.target.is_none() => a.garbage = true,
            _ if a.target.is_none() && !arg.starts_with('-') => a.target = Some(arg.into()),
            _ => usage(),
        }
    }
    a
}

fn usage() -> ! {
    eprintln!(
        "usage: kifu-stages FILE|DIR [--passes N] [--kifu PATH] [--sgfc PATH]\n       kifu-stages garbage [--size BYTES] [--kifu PATH] [--timeout SECS]"
    );
    std::process::exit(2)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The seconds of each stage of one pass, by name (a stage met several
/// times is summed), in the order met.
#[derive(Default)]
struct Laps {
    order: Vec<&'static str>,
    seconds: BTreeMap<&'static str, f64>,
    last: Option<Instant>,
}

impl Laps {
    fn start(&mut self) {
        self.last = Some(Instant::now());
    }

    fn lap(&mut self, name: &'static str) {
        let now = Instant::now();
        let took = self.last.map_or(0.0, |t| (now - t).as_secs_f64());
        if !self.seconds.contains_key(name) {
            self.order.push(name);
        }
        *self.seconds.entry(name).or_default() += took;
        self.last = Some(now);
    }
}

/// Runs `pass` `n` times; the median seconds of each stage.
fn stages(n: usize, mut pass: impl FnMut(&mut Laps)) -> Vec<(&'static str, f64)> {
    let runs: Vec<Laps> = (0..n)
        .map(|_| {
            let mut laps = Laps::default();
            laps.start();
            pass(&mut laps);
            laps
        })
        .collect();
    runs[0]
        .order
        .iter()
        .map(|&name| {
            let times = runs
                .iter()
                .map(|l| l.seconds.get(name).copied().unwrap_or(0.0))
                .collect();
            (name, median(times))
        })
        .collect()
}

fn print_stages(title: &str, bytes: usize, parse: f64, stages: &[(&'static str, f64)]) {
    let total: f64 = stages.iter().map(|(_, s)| s).sum();
    println!(
        "\n{title}: {:.3} s in all, {:.1} MB/s",
        total,
        bytes as f64 / total / 1e6
    );
    println!(
        "{:<48} {:>9} {:>10} {:>9} {:>7}",
        "stage", "seconds", "MB/s", "x parse", "share"
    );
    for (name, s) in stages {
        println!(
            "{:<48} {:>9.4} {:>10.1} {:>9.1} {:>6.1}%",
            name,
            s,
            bytes as f64 / s.max(1e-9) / 1e6,
            s / parse,
            100.0 * s / total
        );
    }
}

fn library_stages(data: &[Vec<u8>], passes: usize) {
    let bytes: usize = data.iter().map(Vec::len).sum();
    let parse = stages(passes, |laps| {
        for d in data {
            std::hint::black_box(kifu_sgf::parse(d));
        }
        laps.lap("parse");
    });
    let parse_s = parse[0].1;
    print_stages("parse", bytes, parse_s, &parse);
    let check = stages(passes, |laps| {
        for d in data {
            let parsed = kifu_sgf::parse(d);
            laps.lap("check: parse");
            let mut diagnostics = parsed.diagnostics;
            kifu_sgf::check::settle_reader_severities(&parsed.value, &mut diagnostics);
            laps.lap("check: reader's findings settled");
            let found = kifu_sgf::check::check_timed(&parsed.value, &mut |s| laps.lap(s));
            std::hint::black_box((diagnostics, found));
        }
    });
    print_stages("check (the library)", bytes, parse_s, &check);
    let options = kifu_sgf::repair::Options { force: true };
    let fix = stages(passes, |laps| {
        for d in data {
            let fixed = kifu_sgf::fix::fix_timed(d, &options, false, &mut |s| laps.lap(s));
            if fixed.report.changed() {
                std::hint::black_box(kifu_sgf::write::lossless(&fixed.collection));
            }
            laps.lap("fix: write the output");
        }
    });
    print_stages("fix --force (the library)", bytes, parse_s, &fix);
}

/// The median wall time of `n` runs of `program args`, and whether the
/// last run exited as `ok` says.
fn run_timed(n: usize, program: &Path, args: &[&str], ok: fn(Option<i32>) -> bool) -> Option<f64> {
    let mut times = Vec::new();
    for _ in 0..n {
        let t = Instant::now();
        let status = Command::new(program)
            .args(args)
            .env("RAYON_NUM_THREADS", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .ok()?;
        times.push(t.elapsed().as_secs_f64());
        if !ok(status.code()) {
            eprintln!(
                "{} {:?}: exit status {:?}",
                program.display(),
                args,
                status.code()
            );
            return None;
        }
    }
    Some(median(times))
}

fn programs(a: &Args, target: &Path, bytes: usize) {
    let input = target.to_str().expect("a UTF-8 path");
    let out = std::env::temp_dir().join(format!("kifu-stages-{}.sgf", std::process::id()));
    let out_s = out.to_str().expect("a UTF-8 path");
    // kifu exits 0 or 1 (findings); SGFC 0, 5 (warnings), 10 (errors) or
    // 20 (critical errors: with -c it writes the file all the same).
    let kifu_ok: fn(Option<i32>) -> bool = |c| matches!(c, Some(0 | 1));
    let mut rows: Vec<(String, Option<f64>)> = Vec::new();
    let sgfc = a.sgfc.as_ref().filter(|_| target.is_file()).map(|sgfc| {
        run_timed(a.passes, sgfc, &["-c", "-t", input, out_s], |c| {
            matches!(c, Some(0 | 5 | 10 | 20))
        })
    });
    if let Some(s) = &sgfc {
        rows.push(("sgfc -c -t IN OUT".into(), *s));
    }
    let fix_args: Vec<&str> = if target.is_file() {
        vec!["fix", "-q", "--force", "-o", out_s, input]
    } else {
        vec![]
    };
    let runs: [(&str, Vec<&str>); 3] = [
        ("kifu check -q", vec!["check", "-q", input]),
        (
            "kifu check --format json",
            vec!["check", "--format", "json", input],
        ),
        ("kifu fix -q --force -o OUT", fix_args),
    ];
    for (name, args) in runs {
        if !args.is_empty() {
            rows.push((name.into(), run_timed(a.passes, &a.kifu, &args, kifu_ok)));
        }
    }
    let _ = std::fs::remove_file(&out);
    let base = sgfc.flatten();
    println!(
        "\nprograms, one thread, median of {} runs (kifu: {})",
        a.passes,
        a.kifu.display()
    );
    println!(
        "{:<32} {:>9} {:>10} {:>9}",
        "command", "seconds", "MB/s", "vs SGFC"
    );
    for (name, s) in rows {
        match s {
            Some(s) => println!(
                "{:<32} {:>9.3} {:>10.1} {:>9}",
                name,
                s,
                bytes as f64 / s / 1e6,
                base.map_or("-".into(), |b| format!("{:.1}x", b / s))
            ),
            None => println!("{name:<32} {:>9}", "failed"),
        }
    }
}

fn garbage_runs(a: &Args) {
    let dir = std::env::temp_dir().join(format!("kifu-garbage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    println!(
        "kifu: {}  ({} bytes each, timeout {} s)",
        a.kifu.display(),
        a.size,
        a.timeout
    );
    println!(
        "{:<12} {:<22} {:>9} {:>6} {:>12}",
        "kind", "command", "seconds", "exit", "stderr bytes"
    );
    for (kind, generate) in garbage::KINDS {
        let input = dir.join(format!("{kind}.sgf"));
        std::fs::write(&input, generate(a.size, 0x9E37_79B9_7F4A_7C15)).expect("write the input");
        let out = dir.join("out.sgf");
        let (input, out) = (input.to_str().unwrap(), out.to_str().unwrap());
        for args in [
            vec!["check", input],
            vec!["fix", "--force", "-o", out, input],
        ] {
            let t = Instant::now();
            let run = Command::new("timeout")
                .arg(a.timeout.to_string())
                .arg(&a.kifu)
                .args(&args)
                .env("RAYON_NUM_THREADS", "1")
                .stdout(Stdio::null())
                .output()
                .expect("run timeout");
            let secs = t.elapsed().as_secs_f64();
            let shown = if run.status.code() == Some(124) {
                format!(">{}", a.timeout)
            } else {
                format!("{secs:.2}")
            };
            println!(
                "{:<12} {:<22} {:>9} {:>6} {:>12}",
                kind,
                args[..args.len() - 1].join(" ").replace(out, "OUT"),
                shown,
                run.status.code().map_or("-".into(), |c| c.to_string()),
                run.stderr.len()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let a = args();
    if a.garbage {
        garbage_runs(&a);
        return;
    }
    let target = a.target.clone().unwrap_or_else(|| usage());
    let paths = if target.is_dir() {
        sgf_files(&target)
    } else {
        vec![target.clone()]
    };
    let data = load(&paths);
    let bytes: usize = data.iter().map(Vec::len).sum();
    println!(
        "{}: {} files, {:.1} MB, one thread, median of {} passes",
        target.display(),
        data.len(),
        bytes as f64 / 1e6,
        a.passes
    );
    library_stages(&data, a.passes);
    programs(&a, &target, bytes);
}

//! Where `kifu check` and `kifu fix --force` spend their time: each stage
//! timed in one thread, in MB/s beside the parse, then the `kifu` binary
//! and SGFC on the same input in the same run; and garbage of every kind.
//!
//! ```text
//! kifu-stages FILE|DIR [--passes N] [--kifu PATH] [--before PATH] [--sgfc PATH] [--programs-only]
//! kifu-stages garbage [--size BYTES] [--kifu PATH] [--timeout SECS] [--keep DIR]
//! ```
//!
//! The stages are the library's (`kifu_sgf::check::check_timed`,
//! `kifu_sgf::fix::fix_timed`; then `check::PartChecks` and
//! `fix::fix_in_parts` in one lap each, the calls the CLI makes for an
//! input over 1 MiB, made here for every input), over the input held in
//! memory: the median
//! of `N` passes (5) for each, a DIR read as its `.sgf` files. Then
//! `kifu check -q`, `kifu check --format json` and `kifu fix -q --force -o`
//! run as processes with one thread (`RAYON_NUM_THREADS=1`), and, given
//! `--sgfc` (or `$SGFC`), `sgfc -c -t IN OUT` (check and repair) on a FILE;
//! given `--before`, the same commands of a second kifu binary (the one
//! of main, say). `N` rounds, each running every command once in turn
//! (interleaved: a busy machine's load falls on all alike): the median
//! and the fastest wall time of each, and their ratios to SGFC's.
//! `--programs-only` skips the library's stages.
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
    before: Option<PathBuf>,
    sgfc: Option<PathBuf>,
    programs_only: bool,
    size: usize,
    timeout: u32,
    /// Where to leave the garbage inputs (for a profiler); else removed.
    keep: Option<PathBuf>,
}

fn args() -> Args {
    let mut a = Args {
        target: None,
        garbage: false,
        passes: 5,
        kifu: std::env::current_exe()
            .expect("own path")
            .with_file_name("kifu"),
        before: None,
        programs_only: false,
        sgfc: std::env::var_os("SGFC").map(PathBuf::from),
        size: 1 << 20,
        timeout: 60,
        keep: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--passes" => a.passes = value().parse().unwrap_or_else(|_| usage()),
            "--kifu" => a.kifu = PathBuf::from(value()),
            "--before" => a.before = Some(PathBuf::from(value())),
            "--programs-only" => a.programs_only = true,
            "--sgfc" => a.sgfc = Some(PathBuf::from(value())),
            "--size" => a.size = value().parse().unwrap_or_else(|_| usage()),
            "--timeout" => a.timeout = value().parse().unwrap_or_else(|_| usage()),
            "--keep" => a.keep = Some(PathBuf::from(value())),
            "garbage" if a.target.is_none() => a.garbage = true,
            _ if a.target.is_none() && !arg.starts_with('-') => a.target = Some(arg.into()),
            _ => usage(),
        }
    }
    a
}

fn usage() -> ! {
    eprintln!(
        "usage: kifu-stages FILE|DIR [--passes N] [--kifu PATH] [--before PATH] [--sgfc PATH] [--programs-only]\n       kifu-stages garbage [--size BYTES] [--kifu PATH] [--timeout SECS] [--keep DIR]"
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
    in_parts_stages(data, passes, bytes, parse_s);
}

/// The parts the CLI reads a big collection in (`kifu check` and `kifu fix`
/// of inputs over 1 MiB): what its library calls cost there, in one lap.
const PART_BYTES: usize = 256 << 10;

fn in_parts_stages(data: &[Vec<u8>], passes: usize, bytes: usize, parse_s: f64) {
    let check = stages(passes, |laps| {
        for d in data {
            let mut checks = kifu_sgf::check::PartChecks::new();
            let mut found = Vec::new();
            kifu_sgf::syntax::parse_in_parts(d, PART_BYTES, &mut |part, reader, _| {
                found.extend(checks.check(part, reader));
            });
            kifu_sgf::check::sort_findings(&mut found);
            std::hint::black_box(found);
        }
        laps.lap("check in parts (read, check, sort)");
    });
    print_stages(
        "check a part at a time (the library)",
        bytes,
        parse_s,
        &check,
    );
    let options = kifu_sgf::repair::Options { force: true };
    let fix = stages(passes, |laps| {
        for d in data {
            // As the CLI does: whole where the parts give up.
            match kifu_sgf::fix::fix_in_parts(d, &options, PART_BYTES) {
                Some(fixed) => std::hint::black_box(fixed.bytes),
                None => kifu_sgf::write::lossless(&kifu_sgf::fix::fix(d, &options).collection),
            };
        }
        laps.lap("fix in parts (read, repair, write each part)");
    });
    print_stages(
        "fix --force a part at a time (the library)",
        bytes,
        parse_s,
        &fix,
    );
}

/// One command of the programs' table: its name, program and arguments,
/// and which exit statuses mean it ran.
struct Run {
    name: String,
    program: PathBuf,
    args: Vec<String>,
    ok: fn(Option<i32>) -> bool,
}

/// The wall time of one run of `run` (one thread), `None` if it failed.
fn run_once(run: &Run) -> Option<f64> {
    let t = Instant::now();
    let status = Command::new(&run.program)
        .args(&run.args)
        .env("RAYON_NUM_THREADS", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    let took = t.elapsed().as_secs_f64();
    if !(run.ok)(status.code()) {
        eprintln!(
            "{} {:?}: exit status {:?}",
            run.program.display(),
            run.args,
            status.code()
        );
        return None;
    }
    Some(took)
}

/// The median and the fastest wall time of each of `runs` over `n`
/// rounds, the runs of a round one after the other (SGFC, then each kifu
/// command): on a shared machine a change of load falls on every command
/// alike. The fastest says what a command costs when the machine gives it
/// a whole core: on a virtual machine whose cores slow down by a half for
/// seconds at a time (the host's load), a run of kifu (a fifth of a
/// second) falls in one such phase or the other, while one of SGFC (two
/// seconds) spans them, and the median of each swings with the mix.
fn interleaved(n: usize, runs: &[Run]) -> Vec<Option<(f64, f64)>> {
    let mut times: Vec<Option<Vec<f64>>> = runs.iter().map(|_| Some(Vec::new())).collect();
    for _ in 0..n {
        for (run, times) in runs.iter().zip(&mut times) {
            if let Some(list) = times {
                match run_once(run) {
                    Some(s) => list.push(s),
                    None => *times = None,
                }
            }
        }
    }
    times
        .into_iter()
        .map(|t| {
            t.map(|t| {
                let fastest = t.iter().copied().fold(f64::INFINITY, f64::min);
                (median(t), fastest)
            })
        })
        .collect()
}

/// The commands timed for kifu binary `kifu` (its name in the table
/// after `label`).
fn kifu_runs(kifu: &Path, label: &str, input: &str, out: &str, file: bool) -> Vec<Run> {
    // kifu exits 0 or 1 (findings).
    let ok: fn(Option<i32>) -> bool = |c| matches!(c, Some(0 | 1));
    let mut commands: Vec<(&str, Vec<&str>)> = vec![
        ("kifu check -q", vec!["check", "-q", input]),
        (
            "kifu check --format json",
            vec!["check", "--format", "json", input],
        ),
    ];
    if file {
        commands.push((
            "kifu fix -q --force -o OUT",
            vec!["fix", "-q", "--force", "-o", out, input],
        ));
    }
    commands
        .into_iter()
        .map(|(name, args)| Run {
            name: format!("{name}{label}"),
            program: kifu.to_owned(),
            args: args.into_iter().map(String::from).collect(),
            ok,
        })
        .collect()
}

/// The machine's load averages, as `/proc/loadavg` gives them (`?` where
/// it cannot be read).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or("?".into(), |s| {
        s.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    })
}

fn programs(a: &Args, target: &Path, bytes: usize) {
    let input = target.to_str().expect("a UTF-8 path");
    let out = std::env::temp_dir().join(format!("kifu-stages-{}.sgf", std::process::id()));
    let out_s = out.to_str().expect("a UTF-8 path");
    let file = target.is_file();
    let mut runs = Vec::new();
    if let Some(sgfc) = a.sgfc.as_ref().filter(|_| file) {
        // SGFC exits 0, 5 (warnings), 10 (errors) or 20 (critical errors:
        // with -c it writes the file all the same).
        runs.push(Run {
            name: "sgfc -c -t IN OUT".into(),
            program: sgfc.clone(),
            args: ["-c", "-t", input, out_s].map(String::from).to_vec(),
            ok: |c| matches!(c, Some(0 | 5 | 10 | 20)),
        });
    }
    runs.extend(kifu_runs(&a.kifu, "", input, out_s, file));
    if let Some(before) = &a.before {
        runs.extend(kifu_runs(before, " (before)", input, out_s, file));
    }
    let load_before = load_average();
    let times = interleaved(a.passes, &runs);
    let _ = std::fs::remove_file(&out);
    let base = if runs.first().is_some_and(|r| r.name.starts_with("sgfc")) {
        times[0]
    } else {
        None
    };
    println!(
        "\nprograms, one thread, {} interleaved rounds: median and fastest (kifu: {})",
        a.passes,
        a.kifu.display()
    );
    println!(
        "load average (1, 5, 15 min) before: {load_before}, after: {}",
        load_average()
    );
    println!(
        "{:<41} {:>9} {:>8} {:>9} {:>9} {:>9}",
        "command", "median s", "MB/s", "vs SGFC", "fastest s", "vs SGFC"
    );
    let ratio = |b: Option<f64>, s: f64| b.map_or("-".into(), |b| format!("{:.1}x", b / s));
    for (run, s) in runs.iter().zip(times) {
        match s {
            Some((median, fastest)) => println!(
                "{:<41} {:>9.3} {:>8.1} {:>9} {:>9.3} {:>9}",
                run.name,
                median,
                bytes as f64 / median / 1e6,
                ratio(base.map(|b| b.0), median),
                fastest,
                ratio(base.map(|b| b.1), fastest),
            ),
            None => println!("{:<41} {:>9}", run.name, "failed"),
        }
    }
}

fn garbage_runs(a: &Args) {
    let dir = a.keep.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("kifu-garbage-{}", std::process::id()))
    });
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
    match &a.keep {
        Some(kept) => println!("inputs kept in {}", kept.display()),
        None => {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
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
    if !a.programs_only {
        library_stages(&data, a.passes);
    }
    programs(&a, &target, bytes);
}

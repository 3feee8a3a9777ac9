//! Does the time of book checking and rendering grow linearly with the
//! input? Generates each case of `kifu_bench::scale` at 1x, 2x, 4x and 8x
//! and times `kifu check`, `kifu diagrams` and `kifu render -o x.html` on
//! each, in one run.
//!
//! ```text
//! kifu-book-scale [--kifu PATH] [--timeout SECONDS] [CASE[=N1,N2,...]]...
//! ```
//!
//! CASE is `paragraphs`, `diagrams`, `chain`, `mv` or `variations` (all by
//! default), with its sizes (default: the base size at 1x, 2x, 4x, 8x).
//! Prints one line per case, size and command: the input size, the time,
//! the ratio to the first size and, for `render`, the size of the page;
//! for a book, the time of `check` over that of `diagrams`. A
//! run that takes longer than the timeout (default 120 s) is stopped and
//! shown as `>TIMEOUT`. `--kifu` defaults to `target/dist/kifu`.
//! `--write DIR` only writes the inputs (at the base size, or the sizes
//! given) to DIR.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use kifu_bench::scale;

struct Case {
    name: &'static str,
    base: usize,
    ext: &'static str,
    make: fn(usize) -> String,
    book: bool,
}

const CASES: &[Case] = &[
    Case {
        name: "paragraphs",
        base: 5_000,
        ext: "gobook",
        make: scale::paragraphs,
        book: true,
    },
    Case {
        name: "diagrams",
        base: 1_000,
        ext: "gobook",
        make: scale::diagrams,
        book: true,
    },
    Case {
        name: "chain",
        base: 1_000,
        ext: "gobook",
        make: scale::base_chain,
        book: true,
    },
    Case {
        name: "mv",
        base: 12_500,
        ext: "gobook",
        make: scale::long_mv,
        book: true,
    },
    Case {
        name: "variations",
        base: 500,
        ext: "sgf",
        make: scale::variations,
        book: false,
    },
];

/// Runs `kifu ARGS`, stopped after `timeout`; the elapsed time, or `None`
/// on a timeout.
fn time(kifu: &Path, args: &[&str], timeout: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut child = Command::new(kifu)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run kifu");
    loop {
        if child.try_wait().expect("wait for kifu").is_some() {
            return Some(start.elapsed());
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn main() {
    let mut kifu = PathBuf::from("target/dist/kifu");
    let mut timeout = Duration::from_secs(120);
    let mut write_only: Option<PathBuf> = None;
    let mut chosen: Vec<(&Case, Vec<usize>)> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--kifu" => kifu = PathBuf::from(args.next().expect("--kifu PATH")),
            "--write" => write_only = Some(PathBuf::from(args.next().expect("--write DIR"))),
            "--timeout" => {
                let s: f64 = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .expect("--timeout SECONDS");
                timeout = Duration::from_secs_f64(s);
            }
            _ => {
                let (name, sizes) = a.split_once('=').unwrap_or((&a, ""));
                let case = CASES
                    .iter()
                    .find(|c| c.name == name)
                    .unwrap_or_else(|| panic!("unknown case {name}"));
                let sizes = sizes.split(',').filter_map(|s| s.parse().ok()).collect();
                chosen.push((case, sizes));
            }
        }
    }
    if chosen.is_empty() {
        chosen = CASES.iter().map(|c| (c, Vec::new())).collect();
    }
    if let Some(dir) = write_only {
        std::fs::create_dir_all(&dir).expect("create DIR");
        for (case, sizes) in chosen {
            for &n in if sizes.is_empty() {
                std::slice::from_ref(&case.base)
            } else {
                &sizes[..]
            } {
                let path = dir.join(format!("{}-{n}.{}", case.name, case.ext));
                std::fs::write(&path, (case.make)(n)).expect("write the input");
                println!("{}", path.display());
            }
        }
        return;
    }
    let dir = std::env::temp_dir().join(format!("kifu-book-scale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    println!("kifu: {}", kifu.display());
    println!(
        "{:<11} {:>7} {:>10}  {:<9} {:>9} {:>6} {:>10}",
        "case", "n", "input", "command", "time", "ratio", "page"
    );
    for (case, sizes) in chosen {
        let sizes = if sizes.is_empty() {
            [1, 2, 4, 8].map(|k| k * case.base).to_vec()
        } else {
            sizes
        };
        let mut first: [Option<f64>; 3] = [None; 3];
        for (step, &n) in sizes.iter().enumerate() {
            let input = dir.join(format!("{}-{n}.{}", case.name, case.ext));
            let text = (case.make)(n);
            std::fs::write(&input, &text).expect("write the input");
            let page = dir.join("x.html");
            let input_s = input.to_str().expect("a UTF-8 path");
            let page_s = page.to_str().expect("a UTF-8 path");
            let mut commands: Vec<(&str, Vec<&str>)> =
                vec![("check", vec!["check", "-q", input_s])];
            if case.book {
                commands.push(("diagrams", vec!["diagrams", input_s]));
            }
            commands.push(("render", vec!["render", input_s, "-o", page_s]));
            let mut times: Vec<Option<f64>> = Vec::new();
            for (c, (label, args)) in commands.iter().enumerate() {
                let _ = std::fs::remove_file(&page);
                let t = time(&kifu, args, timeout);
                times.push(t.map(|t| t.as_secs_f64()));
                let (time_s, ratio) = match t {
                    Some(t) => {
                        let s = t.as_secs_f64();
                        if step == 0 {
                            first[c] = Some(s);
                        }
                        let ratio = first[c].map_or(String::from("-"), |f| format!("{:.1}", s / f));
                        (format!("{s:.3} s"), ratio)
                    }
                    None => (format!(">{} s", timeout.as_secs()), String::from("-")),
                };
                let page_size = if *label == "render" {
                    std::fs::metadata(&page).map_or(String::from("-"), |m| bytes(m.len()))
                } else {
                    String::new()
                };
                println!(
                    "{:<11} {:>7} {:>10}  {:<9} {:>9} {:>6} {:>10}",
                    case.name,
                    n,
                    bytes(text.len() as u64),
                    label,
                    time_s,
                    ratio,
                    page_size
                );
            }
            // Issue 21: checking a book costs no more than about twice
            // drawing its diagrams.
            if case.book
                && let (Some(Some(check)), Some(Some(diagrams))) = (times.first(), times.get(1))
            {
                println!(
                    "{:<11} {:>7} {:>10}  check/diagrams {:.2}",
                    case.name,
                    n,
                    "",
                    check / diagrams
                );
            }
            let _ = std::fs::remove_file(&input);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn bytes(n: u64) -> String {
    if n >= 1 << 20 {
        format!("{:.1} MB", n as f64 / (1 << 20) as f64)
    } else {
        format!("{:.0} KB", n as f64 / 1024.0)
    }
}

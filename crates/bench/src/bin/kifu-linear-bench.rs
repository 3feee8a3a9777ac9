//! Pathological inputs at 1x, 2x, 4x and 8x, run through the `kifu`
//! binary: time and peak memory per size, and the ratio to the previous
//! size (2.0 is linear, 4.0 quadratic).
//!
//! ```text
//! kifu-linear-bench [--kifu PATH] [--timeout SECS] [CASE...]
//! ```
//!
//! `PATH` defaults to `kifu` next to this binary (`target/dist/kifu`).
//! Cases (all by default): `siblings` (check and fix, sibling variations
//! on 52x52), `ae` (check and fix, setup filling and clearing a 52x52
//! board), `columns` (check, one line with many warnings), `random` (fix on
//! random bytes), `props` (check and fix, distinct properties in one node),
//! `xml-attrs` (check, one XML element with many attributes), `long-game`
//! (check and fix, one long main line), `memory` (info, check, fix and
//! XML conversion of a large collection: peak memory per input byte, the
//! `B/in` column), `mem-fix` (the same with a repair in every game).
//!
//! Each run goes through `/usr/bin/time -f %e %M` and `timeout`, with at
//! most 4 GiB of address space; a run past the timeout is shown as
//! `>SECS`, one that failed (out of memory) as `failed`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use kifu_board::{Board, BoardSize, Color, Point};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn sgf_point(p: Point) -> String {
    String::from_utf8(p.to_sgf().to_vec()).unwrap()
}

/// `n` sibling variations of one move each after the first move, on 52x52.
fn siblings(n: usize) -> Vec<u8> {
    let size = BoardSize::square(52).unwrap();
    let mut s = String::from("(;GM[1]FF[4]SZ[52];B[aa]");
    for k in 0..n {
        let p = Point::from_index(1 + k % (size.point_count() - 1), size).unwrap();
        let _ = write!(s, "(;W[{}])", sgf_point(p));
    }
    s.push(')');
    s.into_bytes()
}

/// `n` nodes that fill the 52x52 board with `AB` and clear it with `AE`.
fn ae(n: usize) -> Vec<u8> {
    let mut s = String::from("(;GM[1]FF[4]SZ[52]");
    for k in 0..n {
        s.push_str(if k % 2 == 0 {
            ";AB[aa:ZZ]"
        } else {
            ";AE[aa:ZZ]"
        });
    }
    s.push(')');
    s.into_bytes()
}

/// One line: a move, then `n` moves on the same point (two findings each).
fn columns(n: usize) -> Vec<u8> {
    let mut s = String::from("(;GM[1]FF[4]SZ[19];B[aa]");
    for _ in 0..n {
        s.push_str(";B[aa]");
    }
    s.push(')');
    s.into_bytes()
}

fn random(n: usize) -> Vec<u8> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..n).map(|_| rng.next() as u8).collect()
}

/// One node with `n` distinct (unknown) properties.
fn props(n: usize) -> Vec<u8> {
    let mut s = String::from("(;GM[1]FF[4]SZ[19]");
    for k in 0..n {
        let mut id = [b'A'; 5];
        let mut v = k;
        for c in id.iter_mut().rev() {
            *c = b'A' + (v % 26) as u8;
            v /= 26;
        }
        s.push('X');
        s.push_str(std::str::from_utf8(&id).unwrap());
        s.push_str("[1]");
    }
    s.push(')');
    s.into_bytes()
}

/// A GoGui XML game whose node has `n` distinct attributes.
fn xml_attrs(n: usize) -> Vec<u8> {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go>\n<GoGame>\n<Information>\n<BoardSize>19</BoardSize>\n</Information>\n<Nodes>\n<Node",
    );
    for k in 0..n {
        let _ = write!(s, " a{k}=\"1\"");
    }
    s.push_str(">\n<Black at=\"D4\"/>\n</Node>\n</Nodes>\n</GoGame>\n</Go>\n");
    s.into_bytes()
}

/// One game of `n` random legal moves on 19x19 (passes when stuck).
fn long_game(n: usize) -> Vec<u8> {
    let size = BoardSize::STANDARD;
    let mut board = Board::new(size);
    let mut rng = Rng(42);
    let mut s = String::from("(;GM[1]FF[4]SZ[19]");
    let mut color = Color::Black;
    for k in 0..n {
        if k % 16 == 0 {
            s.push('\n');
        }
        let mut played = None;
        for _ in 0..20 {
            let p = Point::from_index(rng.below(size.point_count()), size).unwrap();
            if board.play(color, p).is_ok() {
                played = Some(p);
                break;
            }
        }
        let _ = write!(
            s,
            ";{}[{}]",
            color.to_char(),
            played.map_or_else(String::new, sgf_point)
        );
        if played.is_none() {
            board.pass();
        }
        color = color.opponent();
    }
    s.push_str(")\n");
    s.into_bytes()
}

/// `n` ordinary games of 200 moves, one after the other.
fn collection(n: usize) -> Vec<u8> {
    let game = long_game(200);
    let mut out = Vec::with_capacity(game.len() * n);
    for _ in 0..n {
        out.extend_from_slice(&game);
    }
    out
}

/// `n` games of 200 moves, each with what `kifu fix` repairs in most
/// games of real archives (an empty `GN[]`, as in 6,137 of the 7,259
/// games of the AI archive, and a pass written `tt`): every game is
/// repaired, so `fix` takes its repairing path.
fn repairable(n: usize) -> Vec<u8> {
    let game = String::from_utf8(long_game(200)).expect("ASCII");
    let game = game
        .replacen("SZ[19]", "SZ[19]GN[]", 1)
        .replacen(")\n", ";B[tt])\n", 1);
    let mut out = Vec::with_capacity(game.len() * n);
    for _ in 0..n {
        out.extend_from_slice(game.as_bytes());
    }
    out
}

struct Run {
    secs: Option<f64>,
    kib: u64,
    failed: bool,
    timed_out: bool,
}

fn run(kifu: &Path, timeout: u32, args: &[&str]) -> Run {
    // At most 4 GiB of address space: a run that needs more fails.
    let out = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 4194304; exec \"$@\"",
            "sh",
            "/usr/bin/time",
        ])
        .args(["-f", "%e %M", "timeout", &timeout.to_string()])
        .arg(kifu)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run /usr/bin/time");
    let err = String::from_utf8_lossy(&out.stderr);
    let last = err.lines().last().unwrap_or("");
    let mut f = last.split_whitespace();
    let secs: f64 = f.next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
    let kib: u64 = f.next().and_then(|x| x.parse().ok()).unwrap_or(0);
    // timeout exits 124; kifu itself exits 0 to 2 (3 for a usage error).
    let failed = !matches!(out.status.code(), Some(0..=3));
    Run {
        secs: (!failed).then_some(secs),
        kib,
        failed,
        timed_out: out.status.code() == Some(124),
    }
}

struct Case {
    name: &'static str,
    unit: &'static str,
    base: usize,
    generate: fn(usize) -> Vec<u8>,
    ext: &'static str,
    /// The kifu arguments, `{in}` and `{out}` replaced.
    commands: &'static [&'static [&'static str]],
}

const CASES: &[Case] = &[
    Case {
        name: "siblings",
        unit: "siblings",
        base: 12_500,
        generate: siblings,
        ext: "sgf",
        commands: &[&["check", "{in}"], &["fix", "{in}", "-o", "{out}"]],
    },
    Case {
        name: "ae",
        unit: "nodes",
        base: 4,
        generate: ae,
        ext: "sgf",
        commands: &[&["check", "{in}"], &["fix", "{in}", "-o", "{out}"]],
    },
    Case {
        name: "columns",
        unit: "moves",
        base: 32_000,
        generate: columns,
        ext: "sgf",
        commands: &[&["check", "--format", "short", "{in}"]],
    },
    Case {
        name: "random",
        unit: "bytes",
        base: 128 << 10,
        generate: random,
        ext: "sgf",
        commands: &[&["fix", "{in}", "-o", "{out}"]],
    },
    Case {
        name: "props",
        unit: "props",
        base: 12_500,
        generate: props,
        ext: "sgf",
        commands: &[&["check", "{in}"], &["fix", "{in}", "-o", "{out}"]],
    },
    Case {
        name: "xml-attrs",
        unit: "attrs",
        base: 12_500,
        generate: xml_attrs,
        ext: "xml",
        commands: &[&["check", "{in}"]],
    },
    Case {
        name: "long-game",
        unit: "moves",
        base: 12_500,
        generate: long_game,
        ext: "sgf",
        commands: &[&["check", "{in}"], &["fix", "{in}", "-o", "{out}"]],
    },
    Case {
        name: "memory",
        unit: "games",
        base: 2_000,
        generate: collection,
        ext: "sgf",
        commands: MEMORY_COMMANDS,
    },
    Case {
        name: "mem-fix",
        unit: "games",
        base: 2_000,
        generate: repairable,
        ext: "sgf",
        commands: MEMORY_COMMANDS,
    },
];

/// What a big collection read whole costs (peak memory per input byte,
/// the `B/in` column): `info` (the reading and little else), `check`,
/// `fix` and the conversion to XML.
const MEMORY_COMMANDS: &[&[&str]] = &[
    &["info", "--format", "csv", "{in}"],
    &["check", "-q", "{in}"],
    &["fix", "-q", "{in}", "-o", "{out}"],
    &["convert", "-q", "{in}", "-o", "{out}.xml"],
];

fn main() {
    let mut args = std::env::args().skip(1);
    let mut kifu: Option<PathBuf> = None;
    let mut timeout = 60;
    let mut only = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--kifu" => kifu = args.next().map(PathBuf::from),
            "--timeout" => timeout = args.next().and_then(|t| t.parse().ok()).unwrap_or(60),
            _ => only.push(a),
        }
    }
    let kifu = kifu.unwrap_or_else(|| {
        std::env::current_exe()
            .unwrap()
            .with_file_name("kifu")
            .to_path_buf()
    });
    let dir = std::env::temp_dir().join(format!("kifu-linear-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    println!("kifu: {}  (timeout {timeout} s)", kifu.display());
    println!(
        "{:<10} {:<8} {:>4} {:>16} {:>10} {:>9} {:>6} {:>9} {:>6}",
        "case", "command", "x", "n", "bytes", "seconds", "ratio", "peak MiB", "B/in"
    );
    for case in CASES {
        if !only.is_empty() && !only.iter().any(|o| o == case.name) {
            continue;
        }
        let inputs: Vec<(usize, PathBuf, usize)> = [1, 2, 4, 8]
            .iter()
            .map(|&x| {
                let data = (case.generate)(case.base * x);
                let path = dir.join(format!("{}-{x}.{}", case.name, case.ext));
                std::fs::write(&path, &data).unwrap();
                (x, path, data.len())
            })
            .collect();
        for command in case.commands {
            let mut previous: Option<f64> = None;
            for (x, path, len) in &inputs {
                let out = dir.join(format!("out-{}", case.name));
                let out = out.to_str().unwrap();
                let args: Vec<String> = command
                    .iter()
                    .map(|a| {
                        a.replace("{in}", path.to_str().unwrap())
                            .replace("{out}", out)
                    })
                    .collect();
                let refs: Vec<&str> = args.iter().map(String::as_str).collect();
                let r = run(&kifu, timeout, &refs);
                let secs = match r.secs {
                    Some(s) => format!("{s:.2}"),
                    None if r.timed_out => format!(">{timeout}"),
                    None => "failed".into(),
                };
                let _ = r.failed;
                let ratio = match (previous, r.secs) {
                    (Some(p), Some(s)) if p >= 0.05 => format!("{:.1}", s / p),
                    _ => "-".into(),
                };
                println!(
                    "{:<10} {:<8} {:>4} {:>16} {:>10} {:>9} {:>6} {:>9.1} {:>6.1}",
                    case.name,
                    command[0],
                    format!("{x}x"),
                    format!("{} {}", case.base * x, case.unit),
                    len,
                    secs,
                    ratio,
                    r.kib as f64 / 1024.0,
                    (r.kib * 1024) as f64 / *len as f64,
                );
                previous = r.secs;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

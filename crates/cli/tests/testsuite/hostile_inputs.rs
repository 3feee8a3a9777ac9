//! Every command over hostile and random inputs, each run under a memory
//! limit and a deadline far above what a linear run needs (these are debug
//! builds on shared machines): a quadratic stage, an allocation the size
//! of what the input asks for, or a panic shows as a kill, an abort or
//! exit status 101. How fast the linear runs are is measured by the
//! benchmarks, not here.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Address space allowed to one run.
const MEMORY_LIMIT_KIB: u64 = 3 << 20;
/// Time allowed to one run of the debug binary.
const DEADLINE: Duration = Duration::from_secs(120);

/// A deterministic stream of bytes (xorshift), so failures reproduce.
fn random_bytes(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect()
}

fn sgf_point(i: usize, size: usize) -> String {
    let letter = |n: usize| {
        char::from(if n < 26 {
            b'a' + n as u8
        } else {
            b'A' + (n - 26) as u8
        })
    };
    format!("{}{}", letter(i % size), letter(i / size % size))
}

/// The hostile inputs, by file name.
fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut list: Vec<(&'static str, Vec<u8>)> = Vec::new();
    list.push(("random.sgf", random_bytes(256 << 10, 7)));
    list.push((
        "random-parens.sgf",
        random_bytes(128 << 10, 11)
            .into_iter()
            .map(|b| {
                let alphabet = b"(;)[]\\ABab:\n ";
                alphabet[usize::from(b) % alphabet.len()]
            })
            .collect(),
    ));
    // 50,000 nested variations.
    let mut nested = "(;FF[4]GM[1]SZ[19]".to_owned();
    for i in 0..50_000 {
        let _ = write!(
            nested,
            "(;{}[{}]",
            ["B", "W"][i % 2],
            sgf_point(i % 361, 19)
        );
    }
    list.push(("nested.sgf", nested.into_bytes()));
    // 20,000 sibling variations on 52x52.
    let mut siblings = "(;FF[4]GM[1]SZ[52]".to_owned();
    for i in 0..20_000 {
        let _ = write!(siblings, "(;B[{}])", sgf_point(i % 2704, 52));
    }
    siblings.push(')');
    list.push(("siblings.sgf", siblings.into_bytes()));
    // A 52x52 board filled with AB and cleared with AE, 16 times.
    let all: String = (0..2704)
        .map(|i| format!("[{}]", sgf_point(i, 52)))
        .collect();
    let mut fill = "(;FF[4]GM[1]SZ[52]".to_owned();
    for _ in 0..16 {
        let _ = write!(fill, ";AB{all};AE{all}");
    }
    fill.push(')');
    list.push(("fill-clear.sgf", fill.into_bytes()));
    // One line of 50,000 nodes, each with a warning.
    let mut line = "(;FF[4]GM[1]SZ[19]".to_owned();
    for i in 0..50_000 {
        let _ = write!(line, ";B[{}]Cx[y]", sgf_point(i % 361, 19));
    }
    line.push(')');
    list.push(("one-line.sgf", line.into_bytes()));
    // 20,000 distinct properties in one node.
    let mut props = "(;FF[4]GM[1]SZ[19]".to_owned();
    for i in 0..20_000usize {
        let name: String = [i / 676 % 26, i / 26 % 26, i % 26, i / 17_576]
            .iter()
            .map(|&n| char::from(b'A' + n as u8))
            .collect();
        let _ = write!(props, "{name}[v]");
    }
    props.push(')');
    list.push(("properties.sgf", props.into_bytes()));
    // A game of 50,000 moves.
    let mut long = "(;FF[4]GM[1]SZ[19]".to_owned();
    for i in 0..50_000 {
        let _ = write!(
            long,
            ";{}[{}]",
            ["B", "W"][i % 2],
            sgf_point(i * 7 % 361, 19)
        );
    }
    long.push(')');
    list.push(("long.sgf", long.into_bytes()));
    // 4,000 variations with comments.
    let mut varied = "(;FF[4]GM[1]SZ[19];B[pd];W[dp]".to_owned();
    for i in 0..4_000 {
        let _ = write!(
            varied,
            "(;B[{}]C[variation {i}];W[dd])",
            sgf_point(i % 300 + 40, 19)
        );
    }
    varied.push(')');
    list.push(("variations.sgf", varied.into_bytes()));
    // XML with 20,000 attributes on one element.
    let mut xml = "<?xml version=\"1.0\"?><Go><GoGame".to_owned();
    for i in 0..20_000 {
        let _ = write!(xml, " a{i}=\"{i}\"");
    }
    xml.push_str("><Game><Black at=\"C3\"/></Game></GoGame></Go>");
    list.push(("attributes.xml", xml.into_bytes()));
    // Books: 20,000 paragraphs; a base chain of 5,000 diagrams; 50,000
    // moves in one `mv`.
    let mut paragraphs = "::book(#b) title=\"B\"\n\n::chapter\n\n::go mv=\"D4 Q16\"\n\n".to_owned();
    for i in 0..20_000 {
        let _ = write!(paragraphs, "Paragraph {i} of *some* text, see D4.\n\n");
    }
    list.push(("paragraphs.gobook", paragraphs.into_bytes()));
    let mut chain =
        "::book(#b) title=\"B\"\n\n::chapter\n\n::go mv=D4\n\n::dia(#d0) ab=Q16\n\n".to_owned();
    for i in 1..5_000 {
        let _ = write!(
            chain,
            "::dia(#d{i}) base=d{} ab={}\n\n",
            i - 1,
            ["C3", "D5", "K10"][i % 3]
        );
    }
    list.push(("chain.gobook", chain.into_bytes()));
    let columns = "ABCDEFGHJKLMNOPQRST";
    let moves: Vec<String> = (0..50_000)
        .map(|i| format!("{}{}", &columns[i * 7 % 19..][..1], i * 11 % 19 + 1))
        .collect();
    let mv = format!(
        "::book(#b) title=\"B\"\n\n::chapter\n\n::go mv=\"{}\"\n\n::fig at=1 to=50000\n\n",
        moves.join(" ")
    );
    list.push(("moves.gobook", mv.into_bytes()));
    list.push(("random.gobook", random_bytes(128 << 10, 13)));
    // Move numbers at the end of u32: counting on must wrap or stop, not
    // overflow (a panic in a debug build).
    let numbers = "::book(#b) title=\"B\"\n\n::chapter\n\n\
        ::go(#g) mn=4294967294 mv=\"C3 D4 E5 F6 G7\"\n\n::fig at=1 to=end\n\n\
        ::fig at=4294967295\n\n::dia at=end mv=\"Q16 R17\" mn=4294967295\n\n\
        ::var at=4294967295 mv=\"Q4 R3\"\n\n::prb ab=\"C3\" aw=\"D4\" mn=4294967295 correct=\"E5 F6\"\n\n\
        ::p See <dia mn=4294967295 mv=K10L11>this</dia>.\n";
    list.push(("numbers.gobook", numbers.as_bytes().to_vec()));
    list
}

/// Runs `kifu args` in `dir` under the limits; returns what went wrong.
fn run_limited(args: &[&str], dir: &Path) -> Result<(), String> {
    let mut script = format!("ulimit -v {MEMORY_LIMIT_KIB}; exec \"$0\"");
    for i in 0..args.len() {
        let _ = write!(script, " \"${}\"", i + 1);
    }
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            return match status.code() {
                Some(0..=2) => Ok(()),
                Some(code) => Err(format!("exit status {code}")),
                None => Err(format!("killed by a signal ({status})")),
            };
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s", DEADLINE.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The commands run on input `name`.
fn runs_for(name: &str) -> Vec<Vec<&str>> {
    let mut runs: Vec<Vec<&str>> = vec![
        vec!["check", name],
        vec!["check", "--format", "human", name],
        vec!["info", name],
        vec!["convert", name, "--normalize", "-o", "out"],
        vec!["render", name, "-o", "page.html"],
    ];
    if name.ends_with(".gobook") {
        runs.push(vec!["diagrams", name]);
        runs.push(vec!["convert", name, "-o", "out.gobk"]);
        runs.push(vec!["convert", name, "--to", "sgf", "-o", "out.sgf"]);
        runs.push(vec!["render", name, "-o", "book.epub"]);
    } else {
        runs.push(vec!["fix", name, "-o", "out"]);
        runs.push(vec!["fix", name, "--force", "--normalize", "-o", "out"]);
        runs.push(vec!["convert", name, "--to", "xml", "-o", "out.xml"]);
        runs.push(vec!["convert", name, "--to", "json", "-o", "out.json"]);
        runs.push(vec!["render", name, "-o", "final.svg"]);
    }
    runs
}

#[cfg(unix)]
#[test]
fn every_command_on_hostile_inputs_stays_within_its_budget() {
    let inputs = inputs();
    let root = tempfile::tempdir().unwrap();
    // Each input in its own folder, so that runs on different inputs can
    // go side by side (their outputs have the same names): this is the
    // longest test of the suite, and ran alone at its end.
    let jobs: Vec<(PathBuf, Vec<&str>)> = inputs
        .iter()
        .enumerate()
        .flat_map(|(i, (name, bytes))| {
            let dir = root.path().join(i.to_string());
            std::fs::create_dir(&dir).unwrap();
            std::fs::write(dir.join(name), bytes).unwrap();
            runs_for(name)
                .into_iter()
                .map(move |args| (dir.clone(), args))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some((dir, args)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(why) = run_limited(args, dir) {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("kifu {}: {why}", args.join(" ")));
                    }
                }
            });
        }
    });
    // Every input stays as it was.
    for (i, (name, before)) in inputs.iter().enumerate() {
        let now = std::fs::read(root.path().join(i.to_string()).join(name)).unwrap();
        assert!(&now == before, "{name} changed");
    }
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

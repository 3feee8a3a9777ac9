//! Shared helpers of kifu's benchmarks: loading a corpus into memory and
//! generating pathological inputs. Timing lives in `benches/` (criterion)
//! and in the `kifu-bench` binary (one run, all parsers side by side).

pub mod garbage;
pub mod scale;

use std::path::{Path, PathBuf};

/// Every `.sgf` file under `dir` (case-insensitive extension), sorted.
pub fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    files_where(dir, |p| {
        p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
    })
}

/// Every file under `dir` that `keep` accepts, sorted.
pub fn files_where(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if keep(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Reads files into memory (so that timing sees no I/O).
pub fn load(paths: &[PathBuf]) -> Vec<Vec<u8>> {
    paths
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// The benchmark corpus: the large archive unpacked by `bench/unpack-large`
/// (default `/tmp/kifu-large`, or `KIFU_BENCH_CORPUS`).
pub fn large_corpus_dir() -> PathBuf {
    std::env::var_os("KIFU_BENCH_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/tmp/kifu-large"))
}

/// Pathological inputs of about `n` bytes each, with a name.
pub fn pathological(n: usize) -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("deep-variations", {
            let depth = n / 8;
            let mut v = b"(;B[aa]".repeat(depth);
            v.extend(std::iter::repeat_n(b')', depth));
            v
        }),
        ("long-main-line", {
            let mut v = b"(;GM[1]".to_vec();
            v.extend(b";B[pd];W[dd]".repeat(n / 12));
            v.push(b')');
            v
        }),
        ("huge-comment", {
            let mut v = b"(;C[".to_vec();
            v.extend(b"Lorem ipsum \\] dolor sit amet, ".repeat(n / 31));
            v.extend_from_slice(b"])");
            v
        }),
        ("many-properties", {
            let mut v = b"(;".to_vec();
            v.extend(b"AB[aa]XX[y]".repeat(n / 11));
            v.push(b')');
            v
        }),
        ("unterminated-value", {
            let mut v = b"(;C[".to_vec();
            v.extend(b"x".repeat(n));
            v
        }),
    ]
}

/// Number of nodes and games in a kifu collection.
pub fn count(collection: &kifu_sgf::Collection<'_>) -> (usize, usize) {
    (collection.node_count(), collection.len())
}

/// Number of nodes in sgf-parse's trees, without recursion.
pub fn count_sgf_parse(trees: &[sgf_parse::GameTree]) -> usize {
    fn nodes<P: sgf_parse::SgfProp>(root: &sgf_parse::SgfNode<P>) -> usize {
        let mut n = 0;
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            n += 1;
            stack.extend(node.children());
        }
        n
    }
    trees
        .iter()
        .map(|t| match t {
            sgf_parse::GameTree::GoGame(n) => nodes(n),
            sgf_parse::GameTree::Unknown(n) => nodes(n),
        })
        .sum()
}

/// One step of a main line: what the board replay does, extracted from
/// the SGF once so that timing sees the board alone.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// `AB`, `AW` (`Some`) or `AE` (`None`) on one point.
    Setup(kifu_board::Point, Option<kifu_board::Color>),
    /// A move on the board.
    Move(kifu_board::Color, kifu_board::Point),
    /// A pass.
    Pass,
}

/// The main line of one Go game, ready to replay.
#[derive(Clone, Debug)]
pub struct MainLine {
    /// Board size (`SZ`, 19x19 by default).
    pub size: kifu_board::BoardSize,
    /// Setup and moves, in order (per node: the setup properties in file
    /// order, then the move).
    pub steps: Vec<Step>,
}

/// The main lines of the Go games (`GM[1]` or no `GM`) of a collection.
/// Every setup property counts, even when repeated (`AB[dd]AB[pd]`); a
/// move whose value does not read is left out.
pub fn main_lines(collection: &kifu_sgf::Collection<'_>) -> Vec<MainLine> {
    use kifu_sgf::props::Value;
    let mut out = Vec::new();
    for game in collection.games().filter(|g| g.game_type() == 1) {
        let mut steps = Vec::new();
        for node in game.main_line() {
            for prop in node.properties() {
                let stone = match prop.id() {
                    "AE" => None,
                    "AB" => Some(kifu_board::Color::Black),
                    "AW" => Some(kifu_board::Color::White),
                    _ => continue,
                };
                match prop.value() {
                    Ok(Value::List(values)) => {
                        for v in values {
                            if let Value::Point(p) = v {
                                steps.push(Step::Setup(p, stone));
                            }
                        }
                    }
                    Ok(Value::Point(p)) => steps.push(Step::Setup(p, stone)),
                    _ => {}
                }
            }
            match node.get_move() {
                Some((color, Some(p))) => steps.push(Step::Move(color, p)),
                Some((_, None)) => steps.push(Step::Pass),
                None => {}
            }
        }
        out.push(MainLine {
            size: game.board_size(),
            steps,
        });
    }
    out
}

/// What replaying main lines found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayCount {
    /// Moves played (passes included).
    pub moves: u64,
    /// Stones captured (suicides included).
    pub captured: u64,
    /// Moves that were illegal and played anyway.
    pub illegal: u64,
}

/// Replays a main line on a fresh board in replay mode (illegal moves are
/// played anyway), reusing `captured` as the buffer for captured stones.
pub fn replay(line: &MainLine, captured: &mut Vec<kifu_board::Point>) -> ReplayCount {
    let mut board = kifu_board::Board::new(line.size);
    let mut count = ReplayCount::default();
    for step in &line.steps {
        match *step {
            Step::Setup(p, stone) => board.set(p, stone),
            Step::Move(color, p) => {
                count.moves += 1;
                if board.play_anyway_into(color, p, captured).is_some() {
                    count.illegal += 1;
                }
                count.captured += captured.len() as u64;
            }
            Step::Pass => {
                count.moves += 1;
                board.pass();
            }
        }
    }
    count
}

/// A generated Go book of `chapters` chapters with `diagrams` diagrams
/// each (figures, diagrams, variations and problems in turn, each followed
/// by a paragraph with rich text, a coordinate, a link and an inline
/// diagram): the input of the book benchmarks. Deterministic, and clean:
/// `kifu check` finds nothing wrong in it.
pub fn generated_book(chapters: usize, diagrams: usize) -> String {
    use std::fmt::Write as _;
    const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    // A walk over all 361 points (37 is prime to 361): distinct indices
    // name distinct points.
    let point = |k: usize| {
        let i = (k * 37) % 361;
        let col = char::from(COLUMNS[i % 19]);
        format!("{col}{}", i / 19 + 1)
    };
    let mut out =
        String::from("::book(#generated)\ntitle=\"A Generated Book\"\nauthor=\"kifu-bench\"\n");
    for c in 0..chapters {
        let _ = write!(out, "\n\n\n::chapter(#ch{c})\n\n\n::h2 Chapter {c}\n\n");
        // Moves 0..60 of the walk; diagrams use the points from 100 on.
        let shift = c * 7;
        // Off the edges, so that no move of the game is a suicide.
        let moves: Vec<String> = (0..100)
            .map(|i| shift + i)
            .filter(|k| {
                let i = (k * 37) % 361;
                (1..18).contains(&(i % 19)) && (1..18).contains(&(i / 19))
            })
            .take(60)
            .map(point)
            .collect();
        let _ = write!(
            out,
            "::go(#game{c}) sz=19\npb=\"Black {c}\"\nwp=\"White {c}\"\nmv=\"{}\"\n\n",
            moves.join(" ")
        );
        for d in 0..diagrams {
            let at = d % 50 + 1;
            let fresh = |k: usize| point(shift + 100 + (d * 2 + k) % 250);
            let (element, named) = match d % 4 {
                0 => (
                    format!("::fig(#f{c}_{d}) at={at} to={} A={} tr={}", at + 5, fresh(0), fresh(1)),
                    fresh(0),
                ),
                1 => (
                    format!("::dia at={at} mv=\"{} {}\" ca=\"Dia. {d}\" vw=A1T10", fresh(0), fresh(1)),
                    fresh(0),
                ),
                2 => (
                    format!("::var at=2 mv={}{} ca_en=\"Variation {d}\"", fresh(2), fresh(3)),
                    fresh(2),
                ),
                _ => (
                    "::prb base=none sz=9 ab=C3D4E5 aw=D3E4 pl=b correct=\"F5(Right.);G6\" wrong=\"B2(Wrong.)\"\n#btk#"
                        .to_owned(),
                    String::new(),
                ),
            };
            let coordinate = if named.is_empty() {
                String::new()
            } else {
                format!(" at {named}")
            };
            let _ = write!(
                out,
                "{element}\n\nFigure {d} shows **the key move**{coordinate}; see <a href=\"ch{}\">the chapter</a> and <dia base=game{c} at=2 mv={}>the alternative</dia>.\n\n",
                (c + 1) % chapters.max(1),
                point(shift + 360)
            );
        }
    }
    out
}

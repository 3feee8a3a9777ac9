//! `kifu.positions`: games turned into numpy arrays (the board before each
//! move, the move, the player) in two passes, both on all cores with the
//! GIL released.
//!
//! Pass 1 reads each input, replays its games with kifu's rules
//! ([`Board`]) and records, per game, the moves and a compact list of
//! [`Event`]s: "copy the board here", "this point changed". Pass 2 sizes
//! one `(N, size, size)` buffer for all games and replays the events of
//! each game into its own slice of it. Replaying twice costs little (the
//! events are a few bytes per move) and keeps the peak memory at one copy
//! of the boards, where building per-game boards and concatenating them
//! would hold two.

use std::borrow::Cow;
use std::path::PathBuf;

use kifu_board::Board;
use kifu_sgf::game_info::{GameResult, Outcome};
use kifu_sgf::{BoardSize, Collection, Color, Game, Node, Point, Severity};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyImportError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use rayon::prelude::*;

/// What to do with a game that has an illegal move or setup.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnIllegal {
    /// Leave the whole game out (listed in `skipped`).
    Skip,
    /// Keep the positions before it; a variation stops there.
    Truncate,
    /// Fail the call with ValueError.
    Raise,
}

impl OnIllegal {
    fn parse(text: &str) -> PyResult<OnIllegal> {
        match text {
            "skip" => Ok(OnIllegal::Skip),
            "truncate" => Ok(OnIllegal::Truncate),
            "raise" => Ok(OnIllegal::Raise),
            other => Err(PyValueError::new_err(format!(
                "on_illegal must be 'skip', 'truncate' or 'raise', not {other:?}"
            ))),
        }
    }
}

/// The options of one call.
#[derive(Clone, Copy)]
struct Options {
    size: BoardSize,
    variations: bool,
    on_illegal: OnIllegal,
    min_moves: usize,
    strict: bool,
    skip_errors: bool,
}

/// One step of a game's replay in pass 2, on a board of `i8`.
#[derive(Clone, Copy)]
enum Event {
    /// The board as it is is the next position.
    Snapshot,
    /// The point (row * size + col) now holds 1, -1 or 0.
    Set(u16, i8),
    /// Remember the board (variations start here later).
    Save,
    /// Go back to the board last remembered (another variation starts
    /// there later).
    Restore,
    /// Go back to the board last remembered and forget it (its last
    /// variation).
    RestoreLast,
}

/// What pass 1 keeps of one game.
struct GamePositions {
    /// The game's index in its input's collection.
    source_game: u32,
    events: Vec<Event>,
    moves: Vec<[i16; 2]>,
    players: Vec<i8>,
    komi: f64,
    handicap: i32,
    winner: i8,
    result: String,
}

/// Why an input or a game did not give positions.
enum Failure {
    /// The file could not be read (OSError).
    Io(String),
    /// No game, a reader error with `strict`, or an illegal move with
    /// `on_illegal="raise"` (ValueError).
    Invalid(String),
}

/// The games of one input, and the ones left out for illegal moves.
#[derive(Default)]
struct InputPositions {
    games: Vec<GamePositions>,
    skipped: Vec<(Option<u32>, String)>,
}

fn stone(color: Color) -> i8 {
    match color {
        Color::Black => 1,
        Color::White => -1,
    }
}

/// A game's replay in pass 1: kifu's board, and what pass 2 needs.
struct Walker {
    board: Board,
    size: BoardSize,
    out: GamePositions,
    captured: Vec<Point>,
}

impl Walker {
    fn index(&self, p: Point) -> u16 {
        let (row, col) = p.to_row_col(self.size);
        // Sizes are at most 52x52: the index fits in u16.
        u16::from(row) * u16::from(self.size.cols) + u16::from(col)
    }

    fn set_event(&mut self, p: Point) {
        let value = self.board.get(p).map_or(0, stone);
        let i = self.index(p);
        self.out.events.push(Event::Set(i, value));
    }

    /// Applies `AB`, `AW`, then `AE`, in that order, as sgfmill's
    /// `Board.apply_setup` does; a setup that leaves a group without
    /// liberties is illegal (sgfmill refuses it too).
    fn setup(&mut self, node: Node<'_, '_>) -> Result<(), String> {
        let size = self.size;
        let lists = [
            (node.points("AB"), Some(Color::Black)),
            (node.points("AW"), Some(Color::White)),
            (node.points("AE"), None),
        ];
        if lists.iter().all(|(points, _)| points.is_empty()) {
            return Ok(());
        }
        {
            let mut setup = self.board.setup();
            for (points, stone) in &lists {
                for &p in points.iter().filter(|p| size.contains(**p)) {
                    setup.set(p, *stone);
                }
            }
        }
        for (points, _) in &lists {
            for &p in points.iter().filter(|p| size.contains(**p)) {
                self.set_event(p);
            }
        }
        // Setup nodes are rare: looking at every stone is cheap enough.
        if self
            .board
            .stones()
            .any(|(p, _)| self.board.liberties(p) == 0)
        {
            return Err("setup leaves a group without liberties".to_string());
        }
        Ok(())
    }

    /// The node's setup, then its move. One look at the identifiers
    /// first: most nodes have a move and nothing else for us.
    fn node(&mut self, node: Node<'_, '_>) -> Result<(), String> {
        let (mut setup, mut mv) = (false, None);
        for p in node.properties() {
            match p.id() {
                "AB" | "AW" | "AE" => setup = true,
                "B" if mv.is_none() => mv = Some((Color::Black, p.raw_values().next())),
                "W" if mv.is_none() => mv = Some((Color::White, p.raw_values().next())),
                _ => {}
            }
        }
        if setup {
            self.setup(node)?;
        }
        let Some((color, raw)) = mv else {
            return Ok(());
        };
        if let Some(p) = raw.and_then(|r| self.plain_point(r)) {
            return self.play(color, Some(p));
        }
        match node.get_move() {
            Some((color, point)) => self.play(color, point),
            None => Err("a move that does not read as a point".to_string()),
        }
    }

    /// The point of a move written as two lowercase letters on the board,
    /// the form of nearly every move, read without the general reader
    /// (which the other forms, passes included, go through).
    fn plain_point(&self, raw: &[u8]) -> Option<Point> {
        let &[x @ b'a'..=b'z', y @ b'a'..=b'z'] = raw else {
            return None;
        };
        let p = Point::new(x - b'a', y - b'a');
        self.size.contains(p).then_some(p)
    }

    /// Plays a move (None: a pass), recording the board before it.
    fn play(&mut self, color: Color, point: Option<Point>) -> Result<(), String> {
        let Some(p) = point else {
            self.record([-1, -1], color);
            self.board.pass();
            return Ok(());
        };
        let mut captured = std::mem::take(&mut self.captured);
        let played = self.board.play_into(color, p, &mut captured);
        let (row, col) = p.to_row_col(self.size);
        if let Err(e) = played {
            return Err(format!("illegal move at ({row}, {col}): {e}"));
        }
        // The snapshot event comes before the changes: pass 2 copies the
        // board before the move.
        self.record([i16::from(row), i16::from(col)], color);
        self.set_event(p);
        for &q in &captured {
            let i = self.index(q);
            self.out.events.push(Event::Set(i, 0));
        }
        self.captured = captured;
        Ok(())
    }

    fn record(&mut self, mv: [i16; 2], color: Color) {
        self.out.events.push(Event::Snapshot);
        self.out.moves.push(mv);
        self.out.players.push(stone(color));
    }
}

/// The variations still to walk below one node, and the board there:
/// one board for all of them, so that a node with many children does not
/// hold a board each.
struct Branch<'c, 'i> {
    /// The next variation last.
    rest: Vec<Node<'c, 'i>>,
    board: Board,
}

/// The first node and board of the next variation to walk, if any; the
/// branch is dropped with its last variation.
fn next_line<'c, 'i>(
    pending: &mut Vec<Branch<'c, 'i>>,
    events: &mut Vec<Event>,
) -> Option<(Node<'c, 'i>, Board)> {
    let top = pending.last_mut()?;
    let node = top.rest.pop()?;
    if top.rest.is_empty() {
        events.push(Event::RestoreLast);
        return pending.pop().map(|b| (node, b.board));
    }
    events.push(Event::Restore);
    Some((node, top.board.clone()))
}

/// Pass 1 for one game: `Ok(None)` when a filter leaves it out, `Err`
/// with the reason when `on_illegal` is skip (or raise) and it has an
/// illegal move or setup.
fn game_positions(
    game: Game<'_, '_>,
    number: u32,
    opts: &Options,
) -> Result<Option<GamePositions>, String> {
    if game.board_size() != opts.size {
        return Ok(None);
    }
    let mut walker = Walker {
        board: Board::new(opts.size),
        size: opts.size,
        out: game_metadata(game, number),
        captured: Vec::new(),
    };
    let mut pending: Vec<Branch<'_, '_>> = Vec::new();
    let mut current = Some(game.root());
    loop {
        while let Some(node) = current {
            if let Err(reason) = walker.node(node) {
                if opts.on_illegal != OnIllegal::Truncate {
                    return Err(reason);
                }
                break;
            }
            let mut children = node.children();
            current = children.next();
            if opts.variations {
                let mut rest: Vec<_> = children.collect();
                if !rest.is_empty() {
                    rest.reverse();
                    walker.out.events.push(Event::Save);
                    let board = walker.board.clone();
                    pending.push(Branch { rest, board });
                }
            }
        }
        let Some((node, board)) = next_line(&mut pending, &mut walker.out.events) else {
            break;
        };
        walker.board = board;
        current = Some(node);
    }
    if walker.out.moves.len() < opts.min_moves {
        return Ok(None);
    }
    Ok(Some(walker.out))
}

/// Komi, handicap and result as `Game.info` reads them (NaN, 0 and ""
/// when absent); the winner 1 (Black), -1 (White) or 0 (draw, void,
/// unknown, absent).
fn game_metadata(game: Game<'_, '_>, number: u32) -> GamePositions {
    let info = game.info();
    let winner = winner(info.result.as_ref());
    GamePositions {
        source_game: number,
        events: Vec::new(),
        moves: Vec::new(),
        players: Vec::new(),
        komi: info.komi.unwrap_or(f64::NAN),
        handicap: info
            .handicap
            .and_then(|h| i32::try_from(h).ok())
            .unwrap_or(0),
        winner,
        result: info.result.map(|r| r.raw).unwrap_or_default(),
    }
}

/// 1 (Black won), -1 (White won) or 0 (draw, void, unknown, absent).
fn winner(result: Option<&GameResult>) -> i8 {
    let Some(r) = result else {
        return 0;
    };
    match r.outcome {
        Outcome::Win { winner, .. } => stone(winner),
        // What kifu does not read ("W+Time Over"): its first letter, as
        // sgfmill's get_winner reads every result.
        Outcome::Unparsed => match r.raw.trim_start().as_bytes() {
            [b'B' | b'b', ..] => 1,
            [b'W' | b'w', ..] => -1,
            _ => 0,
        },
        _ => 0,
    }
}

/// Pass 1 for one input's bytes.
fn input_positions(data: &[u8], opts: &Options) -> Result<InputPositions, Failure> {
    let parsed = kifu_sgf::parse(data);
    let collection: &Collection<'_> = &parsed.value;
    if collection.is_empty() {
        return Err(Failure::Invalid("no SGF game found".to_string()));
    }
    if opts.strict
        && let Some(d) = parsed
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    {
        return Err(Failure::Invalid(format!(
            "reader error at byte {}: {}",
            d.span.start, d.message
        )));
    }
    let mut out = InputPositions::default();
    for (number, game) in (0u32..).zip(collection.games()) {
        match game_positions(game, number, opts) {
            Ok(Some(g)) => out.games.push(g),
            Ok(None) => {}
            Err(reason) if opts.on_illegal == OnIllegal::Raise => {
                return Err(Failure::Invalid(format!("game {number}: {reason}")));
            }
            Err(reason) => out.skipped.push((Some(number), reason)),
        }
    }
    Ok(out)
}

/// Where the inputs come from.
enum Inputs<'a> {
    Paths(Vec<PathBuf>),
    Bytes(Vec<&'a [u8]>),
}

impl Inputs<'_> {
    fn len(&self) -> usize {
        match self {
            Inputs::Paths(p) => p.len(),
            Inputs::Bytes(b) => b.len(),
        }
    }

    fn data(&self, i: usize) -> Result<Cow<'_, [u8]>, Failure> {
        match self {
            Inputs::Paths(paths) => std::fs::read(&paths[i])
                .map(Cow::Owned)
                .map_err(|e| Failure::Io(format!("{}: {e}", paths[i].display()))),
            Inputs::Bytes(inputs) => Ok(Cow::Borrowed(inputs[i])),
        }
    }

    fn name(&self, i: usize) -> String {
        match self {
            Inputs::Paths(paths) => paths[i].display().to_string(),
            Inputs::Bytes(_) => format!("input {i}"),
        }
    }
}

/// Everything gathered, in the order read, before pass 2.
#[derive(Default)]
struct Gathered {
    games: Vec<(usize, GamePositions)>,
    /// (input, game in the input or None for the whole input, reason).
    skipped: Vec<(usize, Option<u32>, String)>,
}

fn gather(inputs: &Inputs<'_>, opts: &Options) -> Result<Gathered, Failure> {
    let results: Vec<Result<InputPositions, Failure>> = (0..inputs.len())
        .into_par_iter()
        .map(|i| input_positions(&inputs.data(i)?, opts))
        .collect();
    let mut all = Gathered::default();
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Ok(found) => {
                all.games.extend(found.games.into_iter().map(|g| (i, g)));
                let skipped = found.skipped.into_iter();
                all.skipped.extend(skipped.map(|(g, r)| (i, g, r)));
            }
            Err(Failure::Io(m) | Failure::Invalid(m)) if opts.skip_errors => {
                all.skipped.push((i, None, m));
            }
            Err(Failure::Io(m)) => return Err(Failure::Io(m)),
            Err(Failure::Invalid(m)) => {
                return Err(Failure::Invalid(format!("{}: {m}", inputs.name(i))));
            }
        }
    }
    Ok(all)
}

/// Pass 2 for one game: its events replayed into its slice of boards.
fn fill_boards(events: &[Event], cells: usize, out: &mut [i8]) {
    let mut board = vec![0i8; cells];
    let mut saved: Vec<Vec<i8>> = Vec::new();
    let mut slots = out.chunks_exact_mut(cells);
    for event in events {
        match *event {
            Event::Snapshot => {
                if let Some(slot) = slots.next() {
                    slot.copy_from_slice(&board);
                }
            }
            Event::Set(i, v) => {
                if let Some(cell) = board.get_mut(usize::from(i)) {
                    *cell = v;
                }
            }
            Event::Save => saved.push(board.clone()),
            Event::Restore => {
                if let Some(b) = saved.last() {
                    board.copy_from_slice(b);
                }
            }
            Event::RestoreLast => {
                if let Some(b) = saved.pop() {
                    board = b;
                }
            }
        }
    }
}

/// The small arrays of all positions, in the order read.
struct Flat {
    moves: Vec<i16>,
    players: Vec<i8>,
    game: Vec<i32>,
    offsets: Vec<i64>,
}

fn flatten(games: &[(usize, GamePositions)]) -> Flat {
    let n: usize = games.iter().map(|(_, g)| g.players.len()).sum();
    let mut flat = Flat {
        moves: Vec::with_capacity(2 * n),
        players: Vec::with_capacity(n),
        game: Vec::with_capacity(n),
        offsets: Vec::with_capacity(games.len() + 1),
    };
    flat.offsets.push(0);
    for (index, (_, g)) in (0i32..).zip(games) {
        flat.moves.extend(g.moves.iter().flatten());
        flat.players.extend_from_slice(&g.players);
        flat.game
            .extend(std::iter::repeat_n(index, g.players.len()));
        let end = flat.players.len();
        flat.offsets.push(i64::try_from(end).unwrap_or(i64::MAX));
    }
    flat
}

/// Pass 2: each game's boards into its own slice of `boards`, in
/// parallel.
fn fill_all(games: &[(usize, GamePositions)], cells: usize, boards: &mut [i8]) {
    let mut slices = Vec::with_capacity(games.len());
    let mut rest = boards;
    for (_, g) in games {
        let len = (g.players.len() * cells).min(rest.len());
        let (head, tail) = std::mem::take(&mut rest).split_at_mut(len);
        slices.push(head);
        rest = tail;
    }
    games
        .par_iter()
        .zip(slices.into_par_iter())
        .for_each(|((_, g), slice)| fill_boards(&g.events, cells, slice));
}

/// The boards array, filled with the GIL released: numpy's for small
/// arrays, else over fresh memory ([`fresh_boards`]).
fn boards_array<'py>(
    py: Python<'py>,
    games: &[(usize, GamePositions)],
    n: usize,
    side: usize,
) -> PyResult<Bound<'py, PyArray3<i8>>> {
    let boards = match fresh_boards(py, n, side)? {
        Some(boards) => boards,
        None => PyArray3::<i8>::zeros(py, [n, side, side], false),
    };
    {
        let mut guard = boards.readwrite();
        let slice = guard
            .as_slice_mut()
            .map_err(|e| PyValueError::new_err(format!("positions: {e}")))?;
        py.detach(|| fill_all(games, side * side, slice));
    }
    Ok(boards)
}

/// A large boards array (4 MB and up, on Unix) over an anonymous
/// `mmap.mmap` of small pages, populated (`MAP_POPULATE`, where there is
/// one) by one call rather than a page fault at a time; None for the
/// others (numpy's allocator). numpy asks for transparent huge pages for
/// large arrays, and on a virtual machine that gives freed memory back to
/// its host (free page reporting: a Firecracker VM, say) the first touch
/// of fresh huge pages is what costs: 431 MB took 0.9 s of system time
/// faulted in as huge pages, 0.25 s as small pages and 0.19 s as small
/// pages populated by one call (BENCHMARKS.md). The array's base is the
/// mmap object, which frees the memory with the array.
fn fresh_boards<'py>(
    py: Python<'py>,
    n: usize,
    side: usize,
) -> PyResult<Option<Bound<'py, PyArray3<i8>>>> {
    let len = n * side * side;
    if !cfg!(unix) || len < 1 << 22 {
        return Ok(None);
    }
    let mmap = py.import("mmap")?;
    let mut flags = mmap.getattr("MAP_PRIVATE")?.extract::<i64>()?
        | mmap.getattr("MAP_ANONYMOUS")?.extract::<i64>()?;
    // Linux, Python 3.10 and later.
    if let Ok(populate) = mmap.getattr("MAP_POPULATE") {
        flags |= populate.extract::<i64>()?;
    }
    let kwargs = PyDict::new(py);
    kwargs.set_item("flags", flags)?;
    let memory = mmap.getattr("mmap")?.call((-1, len), Some(&kwargs))?;
    let numpy = py.import("numpy")?;
    let flat = numpy
        .getattr("frombuffer")?
        .call1((memory, numpy.getattr("int8")?))?;
    let boards = flat.call_method1("reshape", ((n, side, side),))?;
    Ok(Some(boards.cast_into::<PyArray3<i8>>()?))
}

/// A ValueError for an array whose shape does not fit (cannot happen:
/// the lengths are built together).
fn shape_error(e: numpy::ndarray::ShapeError) -> PyErr {
    PyValueError::new_err(format!("positions: {e}"))
}

/// The result as a dict of numpy arrays and lists, for the Python
/// `Positions` class.
fn to_python<'py>(
    py: Python<'py>,
    gathered: Gathered,
    side: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let flat = py.detach(|| flatten(&gathered.games));
    let n = flat.players.len();
    let d = PyDict::new(py);
    d.set_item("boards", boards_array(py, &gathered.games, n, side)?)?;
    let moves = Array2::from_shape_vec((n, 2), flat.moves).map_err(shape_error)?;
    d.set_item("moves", moves.into_pyarray(py))?;
    d.set_item("players", flat.players.into_pyarray(py))?;
    d.set_item("game", flat.game.into_pyarray(py))?;
    d.set_item("offsets", flat.offsets.into_pyarray(py))?;
    let games = &gathered.games;
    let komi: Vec<f64> = games.iter().map(|(_, g)| g.komi).collect();
    d.set_item("komi", komi.into_pyarray(py))?;
    let handicap: Vec<i32> = games.iter().map(|(_, g)| g.handicap).collect();
    d.set_item("handicap", handicap.into_pyarray(py))?;
    let winner: Vec<i8> = games.iter().map(|(_, g)| g.winner).collect();
    d.set_item("winner", winner.into_pyarray(py))?;
    let result: Vec<&str> = games.iter().map(|(_, g)| g.result.as_str()).collect();
    d.set_item("result", result)?;
    let input: Vec<usize> = games.iter().map(|(i, _)| *i).collect();
    d.set_item("input", input)?;
    let source_game: Vec<u32> = games.iter().map(|(_, g)| g.source_game).collect();
    d.set_item("source_game", source_game.into_pyarray(py))?;
    d.set_item("skipped", gathered.skipped)?;
    d.set_item("size", side)?;
    Ok(d)
}

fn options(
    size: u32,
    variations: bool,
    on_illegal: &str,
    min_moves: usize,
    strict: bool,
    errors: &str,
) -> PyResult<Options> {
    let size = BoardSize::square(size)
        .map_err(|e| PyValueError::new_err(format!("bad board size {size}: {e}")))?;
    let skip_errors = match errors {
        "raise" => false,
        "skip" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors must be 'raise' or 'skip', not {other:?}"
            )));
        }
    };
    Ok(Options {
        size,
        variations,
        on_illegal: OnIllegal::parse(on_illegal)?,
        min_moves,
        strict,
        skip_errors,
    })
}

/// Pass 1, then the arrays (pass 2), the GIL released for both.
fn run<'py>(py: Python<'py>, inputs: Inputs<'_>, opts: Options) -> PyResult<Bound<'py, PyDict>> {
    // rust-numpy imports numpy on first use and panics if it cannot:
    // fail first with an ImportError that says what to install.
    py.import("numpy").map_err(|e| {
        PyImportError::new_err(format!(
            "kifu.positions needs numpy (pip install kifu[numpy]): {e}"
        ))
    })?;
    let gathered = py.detach(|| gather(&inputs, &opts)).map_err(|f| match f {
        Failure::Io(m) => PyOSError::new_err(m),
        Failure::Invalid(m) => PyValueError::new_err(m),
    })?;
    to_python(py, gathered, usize::from(opts.size.cols))
}

/// Positions of the games in the files `paths` (see `kifu.positions`).
#[pyfunction]
#[pyo3(signature = (paths, size = 19, variations = false, on_illegal = "skip", min_moves = 0, strict = false, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn positions_files<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    size: u32,
    variations: bool,
    on_illegal: &str,
    min_moves: usize,
    strict: bool,
    errors: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let opts = options(size, variations, on_illegal, min_moves, strict, errors)?;
    run(py, Inputs::Paths(paths), opts)
}

/// Positions of the games in the SGF inputs `inputs` (see
/// `kifu.positions`).
#[pyfunction]
#[pyo3(signature = (inputs, size = 19, variations = false, on_illegal = "skip", min_moves = 0, strict = false, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn positions_bytes<'py>(
    py: Python<'py>,
    inputs: Vec<Bound<'py, PyBytes>>,
    size: u32,
    variations: bool,
    on_illegal: &str,
    min_moves: usize,
    strict: bool,
    errors: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let opts = options(size, variations, on_illegal, min_moves, strict, errors)?;
    let slices: Vec<&[u8]> = inputs.iter().map(|b| b.as_bytes()).collect();
    run(py, Inputs::Bytes(slices), opts)
}

//! The rules of Go on a [`Board`]: stones, groups and liberties, captures,
//! suicide, simple ko, move legality, and a replay mode that plays illegal
//! moves anyway.
//!
//! ```
//! use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
//!
//! let mut board = Board::new(BoardSize::square(9).unwrap());
//! // Black surrounds the corner stone of White and takes it.
//! board.play(Color::White, Point::new(0, 0)).unwrap();
//! board.play(Color::Black, Point::new(1, 0)).unwrap();
//! let outcome = board.play(Color::Black, Point::new(0, 1)).unwrap();
//! assert_eq!(outcome.captured, [Point::new(0, 0)]);
//! assert_eq!(board.get(Point::new(0, 0)), None);
//! assert_eq!(board.captures(Color::Black), 1);
//! // Playing back into the corner would be suicide.
//! assert_eq!(board.check_move(Color::White, Point::new(0, 0)), Err(IllegalMove::Suicide));
//! ```
//!
//! # Rules
//!
//! - A move puts a stone on an empty point. Then every opponent group
//!   without a liberty is removed (several groups at once if need be), and
//!   only then the mover's own group: a move that captures is never
//!   suicide.
//! - A move is illegal ([`IllegalMove`]) when the point is off the board,
//!   occupied, a suicide (the mover's group would have no liberty and
//!   nothing is captured), or the ko point.
//! - Simple ko: after a move that captures exactly one stone, where the
//!   played stone is a single stone with exactly one liberty (the point it
//!   just captured), that point is the [ko point](Board::ko_point) for the
//!   opponent's next move. Any other move, a [pass](Board::pass) or a
//!   [setup](Board::set) clears it. There is no superko: long cycles are
//!   legal. A ko point made by a move bars only the opponent of the player
//!   who made it (that player may fill it); one given with
//!   [`Board::set_ko_point`] bars whoever moves next.
//! - Prisoners are counted per colour ([`Board::captures`]); a suicide
//!   played anyway counts for the opponent.
//!
//! # Replay mode
//!
//! [`Board::play`] is strict: an illegal move returns an error and leaves
//! the board unchanged. [`Board::play_anyway`] (Go Books 2026: "any
//! illegal move is played anyway when replaying") always plays, reports in
//! [`MoveOutcome::illegal`] why the move was illegal, and does this for
//! each kind:
//!
//! - [`IllegalMove::Ko`]: the move is played normally (it retakes the ko,
//!   capturing the ko stone, and may make a new ko point).
//! - [`IllegalMove::Occupied`]: the stone on the point is replaced by the
//!   mover's stone (even if it is the mover's colour already), then
//!   captures are resolved as for a normal move: opponent groups without
//!   liberties first, then the mover's own group if it has none left.
//! - [`IllegalMove::Suicide`]: the stone is placed; opponent captures come
//!   first (there are none, or the move would not be suicide), then the
//!   mover's own group, which has no liberty, is removed. Its stones, the
//!   played one included, are in [`MoveOutcome::captured`] and count as
//!   prisoners of the opponent.
//! - [`IllegalMove::OffBoard`]: nothing changes, not even the ko point.
//!
//! # Performance
//!
//! The board is a flat array with a one-point border (row-major, one
//! border column shared by the left and right edges), so neighbours are
//! `±1` and `±width` with no bounds checks. Each group is a circular
//! linked list of its stones with a head; the head keeps the group's size
//! and its *pseudo-liberties* (one per stone-empty adjacency, with their
//! sum and sum of squares, so that "no liberty" and "exactly one liberty"
//! are exact O(1) tests). A move updates at most four neighbours, merges
//! groups by relabelling the smaller one and removes a captured group by
//! walking its list: there is no flood fill and no allocation per move.
//! The only allocation is the `Vec` of captured points in [`MoveOutcome`],
//! and only when something is captured; [`Board::play_into`] and
//! [`Board::play_anyway_into`] take a reusable buffer instead. Removing a
//! stone other than by capture (setup with [`Board::set`], or an occupied
//! point replaced by [`Board::play_anyway`]) regroups only the groups that
//! touch the changed points; a [`Board::setup`] batch does it once for
//! all its changes, so clearing a full board with `AE` costs one pass over
//! its stones, not one per stone.
//!
//! # Undo
//!
//! [`Board::checkpoint`] starts a journal of every write to the board;
//! [`Board::undo_to`] takes the board back to the checkpoint at the cost of
//! the moves made since, and [`Board::release`] ends the journal when no
//! checkpoint is left. A replay of a game tree keeps one board and goes
//! back up at each branch instead of copying the board for every
//! variation.
//!
//! ```
//! use kifu_board::{Board, BoardSize, Color, Point};
//!
//! let mut board = Board::new(BoardSize::square(9).unwrap());
//! board.play(Color::Black, Point::new(2, 2)).unwrap();
//! let before = board.clone();
//! let checkpoint = board.checkpoint();
//! board.play(Color::White, Point::new(3, 2)).unwrap();
//! board.set(Point::new(2, 2), None);
//! board.undo_to(&checkpoint);
//! board.release(checkpoint);
//! assert_eq!(board, before);
//! ```

use std::fmt;

use crate::primitives::{BoardSize, Color, Point};

/// Cell contents of the padded array.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// The cell value of a stone.
const fn cell(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The stone of a cell value, if any.
const fn stone(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// Why a move is illegal.
///
/// Displays as a standalone sentence:
///
/// ```
/// use kifu_board::IllegalMove;
/// assert_eq!(IllegalMove::Occupied.to_string(), "the point is occupied");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// There is a stone on the point already.
    Occupied,
    /// The mover's group would have no liberty and nothing is captured.
    Suicide,
    /// The point is the ko point: the move would retake the ko at once.
    Ko,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "the point is off the board",
            IllegalMove::Occupied => "the point is occupied",
            IllegalMove::Suicide => "the move is suicide",
            IllegalMove::Ko => "the move retakes a ko immediately",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// What a move did.
///
/// ```
/// use kifu_board::{Board, BoardSize, Color, Point};
/// let mut board = Board::new(BoardSize::square(9).unwrap());
/// let outcome = board.play_anyway(Color::Black, Point::new(4, 4));
/// assert!(outcome.captured.is_empty());
/// assert_eq!(outcome.illegal, None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Every stone the move removed, in the order removed: opponent
    /// stones; or, for a suicide played anyway (`illegal` is
    /// `Some(Suicide)`), the mover's own group, the played stone included.
    /// Empty, and not allocated, when nothing was removed.
    pub captured: Vec<Point>,
    /// Why the move was illegal, for [`Board::play_anyway`]; always `None`
    /// from [`Board::play`].
    pub illegal: Option<IllegalMove>,
}

/// Per-group data, kept at the index of the group's head stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Group {
    /// Number of stones.
    size: u32,
    /// Pseudo-liberties: (stone, empty neighbour) pairs.
    libs: u32,
    /// Sum of the indices of the pseudo-liberties.
    lib_sum: u64,
    /// Sum of their squares.
    lib_sum_sq: u64,
}

impl Group {
    fn add_lib(&mut self, i: usize) {
        let i = i as u64;
        self.libs += 1;
        self.lib_sum += i;
        self.lib_sum_sq += i * i;
    }

    fn remove_lib(&mut self, i: usize) {
        let i = i as u64;
        self.libs -= 1;
        self.lib_sum -= i;
        self.lib_sum_sq -= i * i;
    }

    /// Whether every pseudo-liberty is the point `i`, i.e. the group's
    /// only liberty is `i` (false for a group without liberties).
    ///
    /// With n pseudo-liberties l_k: sum (l_k - i)^2 = sq - 2 i sum + n i^2,
    /// which is zero iff all l_k = i; given sum = n i it is sq - n i^2.
    fn only_liberty_is(&self, i: usize) -> bool {
        let (n, i) = (u64::from(self.libs), i as u64);
        n > 0 && self.lib_sum == n * i && self.lib_sum_sq == n * i * i
    }
}

/// Runs `$body` with the const `$j` true when `$board` journals its
/// writes (a checkpoint is held): the move path is compiled twice, and
/// the usual one, without checkpoints, tests nothing per write.
macro_rules! journaled {
    ($board:expr, $j:ident => $body:expr) => {
        if $board.checkpoints > 0 {
            const $j: bool = true;
            $body
        } else {
            const $j: bool = false;
            $body
        }
    };
}

/// A Go board with stones, groups, prisoners and the ko point.
///
/// Any [`BoardSize`] works, square or not, 1x1 to 52x52 (a hand-built size
/// outside that range works too; a zero side gives a board without
/// points). Equality compares the size, the stones, the ko point and the
/// prisoners, not how the position was reached.
///
/// ```
/// use kifu_board::{Board, BoardSize, Color, Point};
/// let mut board = Board::new(BoardSize::new(19, 13).unwrap());
/// board.play(Color::Black, Point::new(3, 3)).unwrap();
/// assert_eq!(board.get(Point::new(3, 3)), Some(Color::Black));
/// assert_eq!(board.liberties(Point::new(3, 3)), 4);
/// ```
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    /// Row length of the padded array: `cols + 1` (one border column).
    width: usize,
    /// `EMPTY`, `BLACK`, `WHITE` or `BORDER`, at `(y + 1) * width + x + 1`.
    cells: Vec<u8>,
    /// For a stone: index of its group's head.
    head: Vec<u32>,
    /// For a stone: the next stone of its group (a circular list).
    next: Vec<u32>,
    /// For a head stone: its group's data.
    groups: Vec<Group>,
    /// The ko point (padded index) and the colour it bars (`None`: both).
    ko: Option<(usize, Option<Color>)>,
    /// Prisoners taken by Black and by White.
    prisoners: [u32; 2],
    /// The old value of everything written since the oldest checkpoint
    /// still held, to undo; empty when none is held.
    journal: Vec<Undo>,
    /// Checkpoints held: writes are journaled while this is not zero.
    checkpoints: usize,
    /// Scratch stamps for [`Board::regroup`]: cells changed by the batch,
    /// old groups already collected, stones of the region to regroup.
    /// Each use takes fresh epochs, so nothing is ever cleared.
    marks: [Vec<u32>; 3],
    /// The last epoch taken.
    epoch: u32,
    /// Reused buffers: the changes of a setup batch, the stones to
    /// regroup, the flood-fill stack.
    changed: Vec<(u32, u8)>,
    region: Vec<usize>,
    stack: Vec<usize>,
}

/// One write to undo: what it overwrote.
#[derive(Clone, Copy, Debug)]
enum Undo {
    Cell(u32, u8),
    Head(u32, u32),
    Next(u32, u32),
    Group(u32, Group),
    Ko(Option<(usize, Option<Color>)>),
    Prisoners([u32; 2]),
}

/// A position [`Board::undo_to`] can go back to, from [`Board::checkpoint`].
///
/// Checkpoints are held in a stack discipline: one taken after another is
/// released before it. Give each back with [`Board::release`].
#[derive(Debug)]
#[must_use = "a checkpoint keeps the board's journal until released"]
pub struct Checkpoint {
    len: usize,
}

/// A batch of setup changes ([`Board::setup`]): stones are put and removed
/// at once, and the groups are worked out again, for the points changed
/// only, when the batch is dropped.
///
/// ```
/// use kifu_board::{Board, BoardSize, Color, Point};
/// let mut board = Board::new(BoardSize::square(3).unwrap());
/// {
///     let mut setup = board.setup();
///     for y in 0..3 {
///         for x in 0..3 {
///             setup.set(Point::new(x, y), Some(Color::Black));
///         }
///     }
///     setup.set(Point::new(1, 1), None);
///     assert_eq!(setup.get(Point::new(1, 1)), None);
/// }
/// assert_eq!(board.liberties(Point::new(0, 0)), 1);
/// assert_eq!(board.group(Point::new(0, 0)).len(), 8);
/// ```
pub struct Setup<'a> {
    board: &'a mut Board,
    /// The epochs of this batch (changed cells; then regrouping).
    epoch: u32,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ko == other.ko
            && self.prisoners == other.prisoners
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    /// The size, ko point, prisoners and a diagram (`X` black, `O` white).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {} ko {:?} captures B {} W {}",
            self.size,
            self.ko_point(),
            self.prisoners[0],
            self.prisoners[1]
        )?;
        for y in 0..self.size.rows {
            let row: Vec<&str> = (0..self.size.cols)
                .map(|x| match self.cells[self.idx(Point::new(x, y))] {
                    BLACK => "X",
                    WHITE => "O",
                    _ => ".",
                })
                .collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

impl Board {
    /// An empty board.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize};
    /// let board = Board::new(BoardSize::square(2).unwrap());
    /// assert_eq!(board.stones().count(), 0);
    /// ```
    pub fn new(size: BoardSize) -> Board {
        let mut board = Board {
            size,
            width: 0,
            cells: Vec::new(),
            head: Vec::new(),
            next: Vec::new(),
            groups: Vec::new(),
            ko: None,
            prisoners: [0; 2],
            journal: Vec::new(),
            checkpoints: 0,
            marks: Default::default(),
            epoch: 0,
            changed: Vec::new(),
            region: Vec::new(),
            stack: Vec::new(),
        };
        board.reset(size);
        board
    }

    /// Makes this board an empty board of `size`, as [`Board::new`] makes
    /// it, in the memory it has: a program that replays many games (a
    /// check of a collection) makes one board, not one per game.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(19).unwrap());
    /// board.play(Color::Black, Point::new(3, 3)).unwrap();
    /// board.reset(BoardSize::square(9).unwrap());
    /// assert!(board == Board::new(BoardSize::square(9).unwrap()));
    /// ```
    pub fn reset(&mut self, size: BoardSize) {
        let width = usize::from(size.cols) + 1;
        let len = (usize::from(size.rows) + 2) * width;
        self.size = size;
        self.width = width;
        self.cells.clear();
        self.cells.resize(len, BORDER);
        for y in 0..usize::from(size.rows) {
            let start = (y + 1) * width + 1;
            self.cells[start..start + usize::from(size.cols)].fill(EMPTY);
        }
        // The groups' tables are read only at stones, and a stone's entries
        // are written when it is placed: what an earlier game left in them
        // is never read, and clearing them (10 KB on 19x19) was most of a
        // reset, once per game of a collection.
        self.head.resize(len, 0);
        self.next.resize(len, 0);
        self.groups.resize(len, Group::default());
        self.ko = None;
        self.prisoners = [0; 2];
        self.journal.clear();
        self.checkpoints = 0;
        // The scratch stamps stay: each use takes fresh epochs, and
        // `setup` sizes them again for a board of another size.
    }

    /// The board's size.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize};
    /// let size = BoardSize::new(19, 13).unwrap();
    /// assert_eq!(Board::new(size).size(), size);
    /// ```
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Padded index of an on-board point.
    fn idx(&self, p: Point) -> usize {
        (usize::from(p.y) + 1) * self.width + usize::from(p.x) + 1
    }

    /// The point at a padded index of an on-board cell.
    fn point(&self, i: usize) -> Point {
        // x < cols <= 255 and y < rows <= 255 for an on-board cell.
        Point::new((i % self.width - 1) as u8, (i / self.width - 1) as u8)
    }

    /// The four neighbours of an on-board cell (border cells included).
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.width, i - 1, i + 1, i + self.width]
    }

    /// The stone at `p`: `None` for an empty point or a point off the board.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::STANDARD);
    /// board.set(Point::new(3, 3), Some(Color::White));
    /// assert_eq!(board.get(Point::new(3, 3)), Some(Color::White));
    /// assert_eq!(board.get(Point::new(4, 4)), None);
    /// assert_eq!(board.get(Point::new(19, 0)), None);
    /// ```
    pub fn get(&self, p: Point) -> Option<Color> {
        if self.size.contains(p) {
            stone(self.cells[self.idx(p)])
        } else {
            None
        }
    }

    /// Puts a stone on `p` or empties it, as a setup (SGF `AB`/`AW`/`AE`,
    /// Go book `ab`/`aw`/`ae`): nothing is captured, even a group left
    /// without liberties, and the ko point is cleared. A point off the
    /// board is ignored.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.set(Point::new(0, 0), Some(Color::Black));
    /// board.set(Point::new(1, 0), Some(Color::White));
    /// board.set(Point::new(0, 1), Some(Color::White));
    /// // Setup captures nothing.
    /// assert_eq!(board.get(Point::new(0, 0)), Some(Color::Black));
    /// assert_eq!(board.liberties(Point::new(0, 0)), 0);
    /// board.set(Point::new(0, 0), None);
    /// assert_eq!(board.get(Point::new(0, 0)), None);
    /// ```
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        if !self.size.contains(p) {
            return;
        }
        let i = self.idx(p);
        let new = stone.map_or(EMPTY, cell);
        if self.cells[i] == EMPTY && new != EMPTY {
            // The common case needs no batch: the stone joins its
            // neighbours.
            journaled!(self, J => self.set_ko::<J>(None));
            let _ = journaled!(self, J => self.place::<J>(i, new));
        } else {
            self.setup().set(p, stone);
        }
    }

    /// Starts a batch of setup changes: each [`Setup::set`] is
    /// [`Board::set`], but the groups are worked out once, when the batch
    /// is dropped, for the points it changed. [`Setup::get`] reads the
    /// stones meanwhile.
    pub fn setup(&mut self) -> Setup<'_> {
        let len = self.cells.len();
        if self.epoch > u32::MAX - 8 || self.marks[0].len() != len {
            self.epoch = 0;
            for m in &mut self.marks {
                m.clear();
                m.resize(len, 0);
            }
        }
        self.epoch += 4;
        self.changed.clear();
        Setup {
            epoch: self.epoch,
            board: self,
        }
    }

    /// Takes a checkpoint: [`Board::undo_to`] can take the board back to
    /// the position it is in now, until the checkpoint is released.
    pub fn checkpoint(&mut self) -> Checkpoint {
        self.checkpoints += 1;
        Checkpoint {
            len: self.journal.len(),
        }
    }

    /// Takes the board back to where it was at `checkpoint` (stones,
    /// groups, ko point, prisoners); the checkpoint stays usable.
    pub fn undo_to(&mut self, checkpoint: &Checkpoint) {
        while self.journal.len() > checkpoint.len {
            match self.journal.pop() {
                Some(Undo::Cell(i, v)) => self.cells[i as usize] = v,
                Some(Undo::Head(i, v)) => self.head[i as usize] = v,
                Some(Undo::Next(i, v)) => self.next[i as usize] = v,
                Some(Undo::Group(i, g)) => self.groups[i as usize] = g,
                Some(Undo::Ko(ko)) => self.ko = ko,
                Some(Undo::Prisoners(p)) => self.prisoners = p,
                None => break,
            }
        }
    }

    /// Gives back a checkpoint (without undoing anything); when none is
    /// left, the journal is dropped and writes are no longer recorded.
    pub fn release(&mut self, checkpoint: Checkpoint) {
        let Checkpoint { .. } = checkpoint;
        self.checkpoints = self.checkpoints.saturating_sub(1);
        if self.checkpoints == 0 {
            self.journal.clear();
        }
    }

    fn write_cell<const J: bool>(&mut self, i: usize, v: u8) {
        if J {
            self.journal.push(Undo::Cell(i as u32, self.cells[i]));
        }
        self.cells[i] = v;
    }

    fn write_head<const J: bool>(&mut self, i: usize, v: u32) {
        if J {
            self.journal.push(Undo::Head(i as u32, self.head[i]));
        }
        self.head[i] = v;
    }

    fn write_next<const J: bool>(&mut self, i: usize, v: u32) {
        if J {
            self.journal.push(Undo::Next(i as u32, self.next[i]));
        }
        self.next[i] = v;
    }

    fn group_mut<const J: bool>(&mut self, head: usize) -> &mut Group {
        if J {
            self.journal
                .push(Undo::Group(head as u32, self.groups[head]));
        }
        &mut self.groups[head]
    }

    fn set_ko<const J: bool>(&mut self, ko: Option<(usize, Option<Color>)>) {
        if self.ko != ko {
            if J {
                self.journal.push(Undo::Ko(self.ko));
            }
            self.ko = ko;
        }
    }

    fn add_prisoners<const J: bool>(&mut self, color: Color, n: u32) {
        if n > 0 {
            if J {
                self.journal.push(Undo::Prisoners(self.prisoners));
            }
            self.prisoners[color as usize] += n;
        }
    }

    /// The point where the side to move may not play because it would
    /// retake a ko at once, if any.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Point};
    /// assert_eq!(Board::new(BoardSize::STANDARD).ko_point(), None::<Point>);
    /// ```
    pub fn ko_point(&self) -> Option<Point> {
        self.ko.map(|(i, _)| self.point(i))
    }

    /// Sets or clears the ko point (the Go book `koPoint` attribute). The
    /// point bars whichever colour moves next; a point off the board
    /// clears it.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.set_ko_point(Some(Point::new(2, 2)));
    /// assert_eq!(board.ko_point(), Some(Point::new(2, 2)));
    /// assert_eq!(board.check_move(Color::White, Point::new(2, 2)), Err(IllegalMove::Ko));
    /// board.set_ko_point(None);
    /// assert_eq!(board.check_move(Color::White, Point::new(2, 2)), Ok(()));
    /// ```
    pub fn set_ko_point(&mut self, p: Option<Point>) {
        let ko = p
            .filter(|&p| self.size.contains(p))
            .map(|p| (self.idx(p), None));
        journaled!(self, J => self.set_ko::<J>(ko));
    }

    /// Whether `color` may play at `p`, and if not, why. The checks come
    /// in this order: off the board, occupied, ko, suicide.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.play(Color::Black, Point::new(4, 4)).unwrap();
    /// assert_eq!(board.check_move(Color::White, Point::new(4, 4)), Err(IllegalMove::Occupied));
    /// assert_eq!(board.check_move(Color::White, Point::new(9, 0)), Err(IllegalMove::OffBoard));
    /// assert_eq!(board.check_move(Color::White, Point::new(3, 4)), Ok(()));
    /// ```
    ///
    /// # Errors
    /// The [`IllegalMove`] that makes the move illegal.
    pub fn check_move(&self, color: Color, p: Point) -> Result<(), IllegalMove> {
        if !self.size.contains(p) {
            return Err(IllegalMove::OffBoard);
        }
        let i = self.idx(p);
        if self.cells[i] != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        if self.is_ko(color, i) {
            return Err(IllegalMove::Ko);
        }
        if self.is_suicide(color, i) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// Whether the empty cell `i` is the ko point for `color`.
    fn is_ko(&self, color: Color, i: usize) -> bool {
        self.ko
            .is_some_and(|(k, barred)| k == i && barred.is_none_or(|b| b == color))
    }

    /// Whether a stone of `color` on the empty cell `i` would have no
    /// liberty and capture nothing.
    fn is_suicide(&self, color: Color, i: usize) -> bool {
        let around = self.neighbours(i);
        let cells = around.map(|j| self.cells[j]);
        !cells.contains(&EMPTY) && self.is_suicide_among(cell(color), i, cells, around)
    }

    /// [`Board::is_suicide`] of a stone `own` on the empty cell `i`, whose
    /// neighbours `around` hold `cells`, none of them empty (most moves
    /// have an empty neighbour and never come here).
    #[inline(never)]
    fn is_suicide_among(&self, own: u8, i: usize, cells: [u8; 4], around: [usize; 4]) -> bool {
        !around.iter().zip(cells).any(|(&j, c)| {
            // An own group with another liberty gives one; an opponent
            // group whose last liberty is i is captured.
            c != BORDER && (c == own) != self.groups[self.head[j] as usize].only_liberty_is(i)
        })
    }

    /// Plays a legal move; an illegal one returns the reason and leaves
    /// the board unchanged.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
    /// let mut board = Board::new(BoardSize::square(2).unwrap());
    /// board.play(Color::White, Point::new(0, 0)).unwrap();
    /// board.play(Color::Black, Point::new(1, 0)).unwrap();
    /// let outcome = board.play(Color::Black, Point::new(0, 1)).unwrap();
    /// assert_eq!(outcome.captured, [Point::new(0, 0)]);
    /// assert_eq!(board.play(Color::Black, Point::new(1, 0)), Err(IllegalMove::Occupied));
    /// ```
    ///
    /// # Errors
    /// The [`IllegalMove`] that makes the move illegal, as
    /// [`Board::check_move`] gives it.
    pub fn play(&mut self, color: Color, p: Point) -> Result<MoveOutcome, IllegalMove> {
        let mut captured = Vec::new();
        self.play_into(color, p, &mut captured)?;
        Ok(MoveOutcome {
            captured,
            illegal: None,
        })
    }

    /// [`Board::play`] without allocation: `captured` is cleared, then
    /// receives the captured stones.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// let mut captured = Vec::new();
    /// board.play_into(Color::Black, Point::new(2, 2), &mut captured).unwrap();
    /// assert!(captured.is_empty());
    /// ```
    ///
    /// # Errors
    /// As [`Board::play`]; `captured` is then left empty.
    pub fn play_into(
        &mut self,
        color: Color,
        p: Point,
        captured: &mut Vec<Point>,
    ) -> Result<(), IllegalMove> {
        captured.clear();
        self.check_move(color, p)?;
        let i = self.idx(p);
        journaled!(self, J => self.resolve::<J>(color, i, captured));
        Ok(())
    }

    /// Plays a move whether it is legal or not (replay mode), as the
    /// [module docs](self#replay-mode) describe for each kind of illegal
    /// move; [`MoveOutcome::illegal`] says why it was illegal.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.play(Color::Black, Point::new(4, 4)).unwrap();
    /// let outcome = board.play_anyway(Color::White, Point::new(4, 4));
    /// assert_eq!(outcome.illegal, Some(IllegalMove::Occupied));
    /// assert_eq!(board.get(Point::new(4, 4)), Some(Color::White));
    /// ```
    pub fn play_anyway(&mut self, color: Color, p: Point) -> MoveOutcome {
        let mut captured = Vec::new();
        let illegal = self.play_anyway_into(color, p, &mut captured);
        MoveOutcome { captured, illegal }
    }

    /// [`Board::play_anyway`] without allocation: `captured` is cleared,
    /// then receives the removed stones; returns why the move was illegal.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
    /// let mut board = Board::new(BoardSize::square(1).unwrap());
    /// let mut removed = Vec::new();
    /// let illegal = board.play_anyway_into(Color::Black, Point::new(0, 0), &mut removed);
    /// assert_eq!(illegal, Some(IllegalMove::Suicide));
    /// assert_eq!(removed, [Point::new(0, 0)]);
    /// assert_eq!(board.captures(Color::White), 1);
    /// ```
    pub fn play_anyway_into(
        &mut self,
        color: Color,
        p: Point,
        captured: &mut Vec<Point>,
    ) -> Option<IllegalMove> {
        captured.clear();
        if !self.size.contains(p) {
            return Some(IllegalMove::OffBoard);
        }
        let i = self.idx(p);
        // The checks of `check_move`, in its order; suicide is worked out
        // as the stone is placed (from the cells around it, read once).
        let illegal = if self.cells[i] != EMPTY {
            self.setup().set(p, None);
            Some(IllegalMove::Occupied)
        } else if self.is_ko(color, i) {
            Some(IllegalMove::Ko)
        } else {
            None
        };
        let suicide = journaled!(self, J => self.resolve::<J>(color, i, captured));
        illegal.or(suicide.then_some(IllegalMove::Suicide))
    }

    /// Passes: clears the ko point.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.set_ko_point(Some(Point::new(1, 1)));
    /// board.pass();
    /// assert_eq!(board.ko_point(), None);
    /// ```
    pub fn pass(&mut self) {
        journaled!(self, J => self.set_ko::<J>(None));
    }

    /// The stones on the board, row by row from the top, each row from the
    /// left.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.set(Point::new(5, 0), Some(Color::White));
    /// board.set(Point::new(2, 1), Some(Color::Black));
    /// let stones: Vec<_> = board.stones().collect();
    /// assert_eq!(stones, [(Point::new(5, 0), Color::White), (Point::new(2, 1), Color::Black)]);
    /// ```
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        let (cols, rows) = (self.size.cols, self.size.rows);
        (0..rows)
            .flat_map(move |y| (0..cols).map(move |x| Point::new(x, y)))
            .filter_map(|p| stone(self.cells[self.idx(p)]).map(|c| (p, c)))
    }

    /// The number of liberties of the group at `p` (each empty neighbour
    /// point counted once); 0 for an empty point or a point off the board.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.play(Color::Black, Point::new(0, 0)).unwrap();
    /// board.play(Color::Black, Point::new(1, 0)).unwrap();
    /// assert_eq!(board.liberties(Point::new(0, 0)), 3);
    /// assert_eq!(board.liberties(Point::new(5, 5)), 0);
    /// ```
    pub fn liberties(&self, p: Point) -> usize {
        if self.get(p).is_none() {
            return 0;
        }
        let start = self.idx(p);
        let group = &self.groups[self.head[start] as usize];
        match group.libs {
            0 => return 0,
            _ if group.only_liberty_is(self.some_liberty(start)) => return 1,
            _ => {}
        }
        let mut libs: Vec<usize> = Vec::with_capacity(group.libs as usize);
        self.for_each_stone(start, |s| {
            libs.extend(
                self.neighbours(s)
                    .into_iter()
                    .filter(|&j| self.cells[j] == EMPTY),
            );
        });
        libs.sort_unstable();
        libs.dedup();
        libs.len()
    }

    /// Some liberty of the group with a stone at `start`, which has one.
    fn some_liberty(&self, start: usize) -> usize {
        let mut s = start;
        loop {
            if let Some(j) = self
                .neighbours(s)
                .into_iter()
                .find(|&j| self.cells[j] == EMPTY)
            {
                return j;
            }
            s = self.next[s] as usize;
            debug_assert_ne!(s, start, "group without a liberty");
        }
    }

    /// The stones of the group at `p`, row by row from the top; empty for
    /// an empty point or a point off the board.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(9).unwrap());
    /// board.play(Color::White, Point::new(1, 1)).unwrap();
    /// board.play(Color::White, Point::new(1, 0)).unwrap();
    /// assert_eq!(board.group(Point::new(1, 1)), [Point::new(1, 0), Point::new(1, 1)]);
    /// assert!(board.group(Point::new(4, 4)).is_empty());
    /// ```
    pub fn group(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let start = self.idx(p);
        let mut out = Vec::with_capacity(self.groups[self.head[start] as usize].size as usize);
        self.for_each_stone(start, |s| out.push(s));
        // Padded indices sort row by row, like points.
        out.sort_unstable();
        out.into_iter().map(|s| self.point(s)).collect()
    }

    /// The number of prisoners taken by `color` so far: opponent stones it
    /// captured, plus its opponent's stones removed by suicide in replay.
    ///
    /// ```
    /// use kifu_board::{Board, BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(2).unwrap());
    /// board.play(Color::White, Point::new(0, 0)).unwrap();
    /// board.play(Color::Black, Point::new(1, 0)).unwrap();
    /// board.play(Color::Black, Point::new(0, 1)).unwrap();
    /// assert_eq!(board.captures(Color::Black), 1);
    /// assert_eq!(board.captures(Color::White), 0);
    /// ```
    pub fn captures(&self, color: Color) -> u32 {
        self.prisoners[color as usize]
    }

    /// Calls `f` with every stone of the group that holds `start`.
    fn for_each_stone(&self, start: usize, mut f: impl FnMut(usize)) {
        let mut s = start;
        loop {
            f(s);
            s = self.next[s] as usize;
            if s == start {
                break;
            }
        }
    }

    /// Puts a stone (`BLACK` or `WHITE`) on the empty cell `i` and updates
    /// the groups, without captures; returns the cells of its neighbours
    /// (`neighbours` order), which placing it does not change: the caller
    /// looks for captures among them without reading them again; and
    /// whether the stone was a suicide ([`Board::is_suicide`], read
    /// before the groups change).
    fn place<const J: bool>(&mut self, i: usize, c: u8) -> ([u8; 4], bool) {
        let len = self.cells.len();
        // Every on-board cell has its four neighbours in the arrays, which
        // all have one length: said once here, the checks of each access
        // by a neighbour's index go.
        assert!(
            i >= self.width
                && i + self.width < len
                && self.head.len() == len
                && self.next.len() == len
                && self.groups.len() == len
        );
        let around = self.neighbours(i);
        let cells = around.map(|j| self.cells[j]);
        let suicide =
            cells.iter().all(|&n| n != EMPTY) && self.is_suicide_among(c, i, cells, around);
        self.write_cell::<J>(i, c);
        let mut group = Group {
            size: 1,
            ..Group::default()
        };
        // The one group of its colour the stone touches, if only one.
        let mut joined: Option<usize> = None;
        let mut several = false;
        for (&j, &cell) in around.iter().zip(&cells) {
            match cell {
                EMPTY => group.add_lib(j),
                BORDER => {}
                _ => {
                    let h = self.head[j] as usize;
                    self.group_mut::<J>(h).remove_lib(i);
                    if cell == c {
                        several |= joined.is_some_and(|k| k != h);
                        joined = Some(h);
                    }
                }
            }
        }
        if let Some(h) = joined.filter(|_| !several) {
            // Most moves touch one group of their own: the stone joins it
            // (next after its head, as a merge would splice it) instead of
            // making a group of one to merge.
            self.write_head::<J>(i, h as u32);
            self.write_next::<J>(i, self.next[h]);
            self.write_next::<J>(h, i as u32);
            let g = self.group_mut::<J>(h);
            g.size += 1;
            g.libs += group.libs;
            g.lib_sum += group.lib_sum;
            g.lib_sum_sq += group.lib_sum_sq;
            return (cells, suicide);
        }
        self.write_head::<J>(i, i as u32);
        self.write_next::<J>(i, i as u32);
        *self.group_mut::<J>(i) = group;
        for (&j, &cell) in around.iter().zip(&cells) {
            if cell == c && self.head[j] != self.head[i] {
                self.merge::<J>(self.head[i] as usize, self.head[j] as usize);
            }
        }
        (cells, suicide)
    }

    /// Joins the groups with heads `a` and `b` (distinct).
    fn merge<const J: bool>(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.groups[a].size >= self.groups[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.write_head::<J>(s, keep as u32);
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        // Swapping two successors splices two circular lists into one.
        let (a, b) = (self.next[keep], self.next[gone]);
        self.write_next::<J>(keep, b);
        self.write_next::<J>(gone, a);
        let g = self.groups[gone];
        let k = self.group_mut::<J>(keep);
        k.size += g.size;
        k.libs += g.libs;
        k.lib_sum += g.lib_sum;
        k.lib_sum_sq += g.lib_sum_sq;
    }

    /// Removes the group with a stone at `start`, appending its points to
    /// `captured`; returns its size.
    fn remove_group<const J: bool>(&mut self, start: usize, captured: &mut Vec<Point>) -> u32 {
        let size = self.groups[self.head[start] as usize].size;
        let mut s = start;
        loop {
            self.write_cell::<J>(s, EMPTY);
            captured.push(self.point(s));
            s = self.next[s] as usize;
            if s == start {
                break;
            }
        }
        // Only now that every stone is gone, give the neighbours their
        // new liberties (the removed group gets none).
        loop {
            for j in self.neighbours(s) {
                if matches!(self.cells[j], BLACK | WHITE) {
                    let h = self.head[j] as usize;
                    self.group_mut::<J>(h).add_lib(s);
                }
            }
            s = self.next[s] as usize;
            if s == start {
                break;
            }
        }
        size
    }

    /// Plays `color` on the empty cell `i` with no legality check:
    /// opponent captures, then the mover's own group if it has no liberty,
    /// then the ko point. Returns whether the move was a suicide
    /// ([`Board::is_suicide`] before it).
    #[inline]
    fn resolve<const J: bool>(
        &mut self,
        color: Color,
        i: usize,
        captured: &mut Vec<Point>,
    ) -> bool {
        let own = cell(color);
        let opp = cell(color.opponent());
        let (cells, suicide) = self.place::<J>(i, own);
        let mut taken = 0;
        let mut last = i;
        for (j, cell) in self.neighbours(i).into_iter().zip(cells) {
            // A group taken at an earlier neighbour is gone from this one.
            if cell == opp && self.cells[j] == opp && self.groups[self.head[j] as usize].libs == 0 {
                taken += self.remove_group::<J>(j, captured);
                last = j;
            }
        }
        self.add_prisoners::<J>(color, taken);
        let group = self.groups[self.head[i] as usize];
        if group.libs == 0 {
            self.set_ko::<J>(None);
            let lost = self.remove_group::<J>(i, captured);
            self.add_prisoners::<J>(color.opponent(), lost);
        } else if taken == 1 && group.size == 1 && group.libs == 1 {
            self.set_ko::<J>(Some((last, Some(color.opponent()))));
        } else {
            self.set_ko::<J>(None);
        }
        suicide
    }

    /// Works the groups out again after the setup batch whose changes
    /// (cell, value before the batch) are in `self.changed`, stamped with
    /// `epoch` in `marks[0]`: the groups to redo are the old groups of
    /// the changed stones and of the stones next to a changed point, and
    /// the new stones. Any stone of the same colour next to one of these
    /// is one of these, so the flood fill stays inside them, and no other
    /// group gains or loses a liberty. O(changes + their groups' sizes).
    fn regroup<const J: bool>(&mut self, epoch: u32) {
        let (collected, region, done) = (epoch + 1, epoch + 2, epoch + 3);
        let changed = std::mem::take(&mut self.changed);
        let mut stones = std::mem::take(&mut self.region);
        stones.clear();
        for &(d, old) in &changed {
            let d = d as usize;
            if old == BLACK || old == WHITE {
                self.collect_old_group(d, collected, region, &mut stones);
            }
            if matches!(self.cells[d], BLACK | WHITE) && self.marks[2][d] != region {
                self.marks[2][d] = region;
                stones.push(d);
            }
            for n in self.neighbours(d) {
                if matches!(self.cells[n], BLACK | WHITE) && self.marks[0][n] != epoch {
                    self.collect_old_group(n, collected, region, &mut stones);
                }
            }
        }
        let mut stack = std::mem::take(&mut self.stack);
        for &s in &stones {
            if self.marks[2][s] != region {
                continue;
            }
            let c = self.cells[s];
            let mut group = Group::default();
            self.marks[2][s] = done;
            self.write_head::<J>(s, s as u32);
            let mut last = s;
            stack.clear();
            stack.push(s);
            while let Some(t) = stack.pop() {
                group.size += 1;
                for j in self.neighbours(t) {
                    let cj = self.cells[j];
                    if cj == EMPTY {
                        group.add_lib(j);
                    } else if cj == c && self.marks[2][j] == region {
                        self.marks[2][j] = done;
                        self.write_head::<J>(j, s as u32);
                        self.write_next::<J>(last, j as u32);
                        last = j;
                        stack.push(j);
                    } else {
                        debug_assert!(cj != c || self.marks[2][j] == done);
                    }
                }
            }
            self.write_next::<J>(last, s as u32);
            *self.group_mut::<J>(s) = group;
        }
        self.changed = changed;
        self.region = stones;
        self.stack = stack;
    }

    /// Adds the stones still on the board of the group that held `start`
    /// before the batch (its list is untouched while a batch lasts) to
    /// `stones`, once per group.
    fn collect_old_group(
        &mut self,
        start: usize,
        collected: u32,
        region: u32,
        stones: &mut Vec<usize>,
    ) {
        let head = self.head[start] as usize;
        if self.marks[1][head] == collected {
            return;
        }
        self.marks[1][head] = collected;
        let mut s = start;
        loop {
            if matches!(self.cells[s], BLACK | WHITE) && self.marks[2][s] != region {
                self.marks[2][s] = region;
                stones.push(s);
            }
            s = self.next[s] as usize;
            if s == start {
                break;
            }
        }
    }
}

impl Setup<'_> {
    /// [`Board::set`] within the batch: the ko point is cleared, the
    /// stone put or removed; the groups wait for the end of the batch.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let board = &mut *self.board;
        if !board.size.contains(p) {
            return;
        }
        journaled!(board, J => board.set_ko::<J>(None));
        let i = board.idx(p);
        let new = stone.map_or(EMPTY, cell);
        let old = board.cells[i];
        if old == new {
            return;
        }
        if board.marks[0][i] != self.epoch {
            board.marks[0][i] = self.epoch;
            board.changed.push((i as u32, old));
        }
        journaled!(board, J => board.write_cell::<J>(i, new));
    }

    /// The stone at `p` now, as [`Board::get`].
    pub fn get(&self, p: Point) -> Option<Color> {
        self.board.get(p)
    }
}

impl Drop for Setup<'_> {
    fn drop(&mut self) {
        if !self.board.changed.is_empty() {
            journaled!(self.board, J => self.board.regroup::<J>(self.epoch));
            self.board.changed.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    impl Board {
        /// Checks every group against a flood fill of the stones: heads,
        /// the circular lists, sizes and pseudo-liberties.
        fn check_groups(&self) -> Result<(), String> {
            let mut seen = vec![false; self.cells.len()];
            for start in 0..self.cells.len() {
                let c = self.cells[start];
                if !(c == BLACK || c == WHITE) || seen[start] {
                    continue;
                }
                let mut component = vec![start];
                seen[start] = true;
                let mut k = 0;
                let mut group = Group::default();
                while k < component.len() {
                    let t = component[k];
                    k += 1;
                    group.size += 1;
                    for j in self.neighbours(t) {
                        if self.cells[j] == EMPTY {
                            group.add_lib(j);
                        } else if self.cells[j] == c && !seen[j] {
                            seen[j] = true;
                            component.push(j);
                        }
                    }
                }
                let head = self.head[start] as usize;
                if component.iter().any(|&s| self.head[s] as usize != head) {
                    return Err(format!("heads differ in the group of {start}"));
                }
                if !component.contains(&head) {
                    return Err(format!("head {head} outside its group"));
                }
                let mut listed = Vec::new();
                let mut s = head;
                loop {
                    listed.push(s);
                    s = self.next[s] as usize;
                    if s == head || listed.len() > component.len() {
                        break;
                    }
                }
                listed.sort_unstable();
                component.sort_unstable();
                if listed != component {
                    return Err(format!("list {listed:?} != group {component:?}"));
                }
                if self.groups[head] != group {
                    return Err(format!(
                        "group data {:?} != {group:?} at {head}",
                        self.groups[head]
                    ));
                }
            }
            Ok(())
        }
    }

    #[derive(Clone, Debug)]
    enum Op {
        Play(u8, u8, bool),
        Set(u8, u8, Option<bool>),
        Batch(Vec<(u8, u8, Option<bool>)>),
        Checkpoint,
        Undo,
        Release,
    }

    fn op() -> impl Strategy<Value = Op> {
        let stone = prop_oneof![Just(None), any::<bool>().prop_map(Some)];
        prop_oneof![
            6 => (any::<u8>(), any::<u8>(), any::<bool>()).prop_map(|(x, y, b)| Op::Play(x, y, b)),
            3 => (any::<u8>(), any::<u8>(), stone.clone()).prop_map(|(x, y, s)| Op::Set(x, y, s)),
            2 => proptest::collection::vec((any::<u8>(), any::<u8>(), stone), 0..30)
                .prop_map(Op::Batch),
            1 => Just(Op::Checkpoint),
            1 => Just(Op::Undo),
            1 => Just(Op::Release),
        ]
    }

    fn color(black: bool) -> Color {
        if black { Color::Black } else { Color::White }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Moves, single setups, setup batches and undo in any order: the
        /// groups always match a flood fill, undoing to a checkpoint
        /// gives back the board as it was (stones, ko, prisoners, groups),
        /// and a move played anyway says why it is illegal as
        /// `check_move` says it before (setup makes groups without
        /// liberties, which `play_anyway` reads as the stone is placed).
        #[test]
        fn setup_batches_and_undo_keep_the_groups(
            cols in 1u8..=7,
            rows in 1u8..=7,
            ops in proptest::collection::vec(op(), 0..120),
        ) {
            let size = BoardSize::new(cols.into(), rows.into()).unwrap();
            let mut b = Board::new(size);
            let mut held: Vec<(Checkpoint, Board)> = Vec::new();
            let at = |x: u8, y: u8| Point::new(x % (cols + 1), y % (rows + 1));
            for op in ops {
                match op {
                    Op::Play(x, y, black) => {
                        let said = b.check_move(color(black), at(x, y)).err();
                        prop_assert_eq!(b.play_anyway(color(black), at(x, y)).illegal, said);
                    }
                    Op::Set(x, y, s) => b.set(at(x, y), s.map(color)),
                    Op::Batch(changes) => {
                        let mut setup = b.setup();
                        for (x, y, s) in changes {
                            setup.set(at(x, y), s.map(color));
                            prop_assert_eq!(setup.get(at(x, y)), s.map(color).filter(|_| size.contains(at(x, y))));
                        }
                    }
                    Op::Checkpoint => {
                        let snapshot = b.clone();
                        held.push((b.checkpoint(), snapshot));
                    }
                    Op::Undo => {
                        if let Some((cp, snapshot)) = held.last() {
                            b.undo_to(cp);
                            prop_assert_eq!(&b, snapshot);
                            prop_assert_eq!(&b.head, &snapshot.head);
                            prop_assert_eq!(&b.next, &snapshot.next);
                        }
                    }
                    Op::Release => {
                        if let Some((cp, _)) = held.pop() {
                            b.release(cp);
                        }
                    }
                }
                if let Err(e) = b.check_groups() {
                    prop_assert!(false, "{}\n{:?}", e, b);
                }
            }
            if held.is_empty() {
                prop_assert!(b.journal.is_empty());
            }
        }
    }

    /// Applies `ops` (no checkpoints) to `b`; returns what each move said.
    fn replay(b: &mut Board, ops: &[Op]) -> Vec<Option<IllegalMove>> {
        let (cols, rows) = (b.size.cols, b.size.rows);
        let at = |x: u8, y: u8| Point::new(x % (cols + 1), y % (rows + 1));
        let mut said = Vec::new();
        for op in ops {
            match op {
                Op::Play(x, y, black) => {
                    said.push(b.play_anyway(color(*black), at(*x, *y)).illegal)
                }
                Op::Set(x, y, s) => b.set(at(*x, *y), s.map(color)),
                Op::Batch(changes) => {
                    let mut setup = b.setup();
                    for &(x, y, s) in changes {
                        setup.set(at(x, y), s.map(color));
                    }
                }
                Op::Checkpoint | Op::Undo | Op::Release => {}
            }
        }
        said
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A board reset after any play (a checkpoint held or not) plays
        /// as a new board of the new size: the same answers, stones, ko,
        /// prisoners and groups.
        #[test]
        fn a_reset_board_is_a_new_board(
            first in (1u8..=7, 1u8..=7),
            second in (1u8..=7, 1u8..=7),
            before in proptest::collection::vec(op(), 0..60),
            after in proptest::collection::vec(op(), 0..60),
            hold in any::<bool>(),
        ) {
            let size = |(c, r): (u8, u8)| BoardSize::new(c.into(), r.into()).unwrap();
            let mut used = Board::new(size(first));
            let _unreleased = hold.then(|| used.checkpoint());
            replay(&mut used, &before);
            used.reset(size(second));
            let mut new = Board::new(size(second));
            prop_assert_eq!(replay(&mut used, &after), replay(&mut new, &after));
            prop_assert_eq!(&used, &new);
            prop_assert_eq!(used.captures(Color::Black), new.captures(Color::Black));
            prop_assert!(used.journal.is_empty() && used.checkpoints == 0);
            if let Err(e) = used.check_groups() {
                prop_assert!(false, "{}", e);
            }
        }
    }

    #[test]
    fn clearing_a_full_board_regroups_once() {
        let size = BoardSize::square(52).unwrap();
        let mut b = Board::new(size);
        for round in 0..4 {
            let stone = (round % 2 == 0).then_some(Color::Black);
            let mut setup = b.setup();
            for i in 0..size.point_count() {
                setup.set(Point::from_index(i, size).unwrap(), stone);
            }
            drop(setup);
            b.check_groups().unwrap();
            let expected = if stone.is_some() {
                size.point_count()
            } else {
                0
            };
            assert_eq!(b.stones().count(), expected);
        }
        // One by one, as Board::set does it: the groups stay right.
        for i in 0..size.point_count() {
            b.set(Point::from_index(i, size).unwrap(), Some(Color::White));
        }
        for i in (0..size.point_count()).step_by(7) {
            b.set(Point::from_index(i, size).unwrap(), None);
        }
        b.check_groups().unwrap();
    }
}

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
//! point replaced by [`Board::play_anyway`]) rebuilds the groups of the
//! whole board, which is O(points) and rare.

use std::fmt;

use crate::{BoardSize, Color, Point};

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
#[derive(Clone, Copy, Debug, Default)]
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
        let width = usize::from(size.cols) + 1;
        let len = (usize::from(size.rows) + 2) * width;
        let mut cells = vec![BORDER; len];
        for y in 0..usize::from(size.rows) {
            let start = (y + 1) * width + 1;
            cells[start..start + usize::from(size.cols)].fill(EMPTY);
        }
        Board {
            size,
            width,
            cells,
            head: vec![0; len],
            next: vec![0; len],
            groups: vec![Group::default(); len],
            ko: None,
            prisoners: [0; 2],
        }
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
        self.ko = None;
        let i = self.idx(p);
        let new = stone.map_or(EMPTY, cell);
        match (self.cells[i], new) {
            (old, new) if old == new => {}
            (EMPTY, _) => self.place(i, new),
            _ => {
                self.cells[i] = new;
                self.rebuild();
            }
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
        self.ko = p
            .filter(|&p| self.size.contains(p))
            .map(|p| (self.idx(p), None));
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
        if let Some((k, barred)) = self.ko
            && k == i
            && barred.is_none_or(|b| b == color)
        {
            return Err(IllegalMove::Ko);
        }
        if self.is_suicide(color, i) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// Whether a stone of `color` on the empty cell `i` would have no
    /// liberty and capture nothing.
    fn is_suicide(&self, color: Color, i: usize) -> bool {
        let own = cell(color);
        for j in self.neighbours(i) {
            let c = self.cells[j];
            if c == EMPTY {
                return false;
            }
            if c == BORDER {
                continue;
            }
            let in_atari = self.groups[self.head[j] as usize].only_liberty_is(i);
            // An own group with another liberty gives one; an opponent
            // group whose last liberty is i is captured.
            if (c == own) != in_atari {
                return false;
            }
        }
        true
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
        self.resolve(color, i, captured);
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
        let illegal = self.check_move(color, p).err();
        match illegal {
            Some(IllegalMove::OffBoard) => return illegal,
            Some(IllegalMove::Occupied) => {
                let i = self.idx(p);
                self.cells[i] = EMPTY;
                self.rebuild();
            }
            _ => {}
        }
        let i = self.idx(p);
        self.resolve(color, i, captured);
        illegal
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
        self.ko = None;
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
    /// the groups, without captures.
    fn place(&mut self, i: usize, c: u8) {
        self.cells[i] = c;
        self.head[i] = i as u32;
        self.next[i] = i as u32;
        let mut group = Group {
            size: 1,
            ..Group::default()
        };
        for j in self.neighbours(i) {
            match self.cells[j] {
                EMPTY => group.add_lib(j),
                BORDER => {}
                _ => self.groups[self.head[j] as usize].remove_lib(i),
            }
        }
        self.groups[i] = group;
        for j in self.neighbours(i) {
            if self.cells[j] == c && self.head[j] != self.head[i] {
                self.merge(self.head[i] as usize, self.head[j] as usize);
            }
        }
    }

    /// Joins the groups with heads `a` and `b` (distinct).
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.groups[a].size >= self.groups[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.head[s] = keep as u32;
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        // Swapping two successors splices two circular lists into one.
        self.next.swap(keep, gone);
        let g = self.groups[gone];
        let k = &mut self.groups[keep];
        k.size += g.size;
        k.libs += g.libs;
        k.lib_sum += g.lib_sum;
        k.lib_sum_sq += g.lib_sum_sq;
    }

    /// Removes the group with a stone at `start`, appending its points to
    /// `captured`; returns its size.
    fn remove_group(&mut self, start: usize, captured: &mut Vec<Point>) -> u32 {
        let size = self.groups[self.head[start] as usize].size;
        let mut s = start;
        loop {
            self.cells[s] = EMPTY;
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
                    self.groups[self.head[j] as usize].add_lib(s);
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
    /// then the ko point.
    fn resolve(&mut self, color: Color, i: usize, captured: &mut Vec<Point>) {
        let own = cell(color);
        let opp = cell(color.opponent());
        self.place(i, own);
        let mut taken = 0;
        let mut last = i;
        for j in self.neighbours(i) {
            if self.cells[j] == opp && self.groups[self.head[j] as usize].libs == 0 {
                taken += self.remove_group(j, captured);
                last = j;
            }
        }
        self.prisoners[color as usize] += taken;
        let group = self.groups[self.head[i] as usize];
        self.ko = None;
        if group.libs == 0 {
            let lost = self.remove_group(i, captured);
            self.prisoners[color.opponent() as usize] += lost;
        } else if taken == 1 && group.size == 1 && group.libs == 1 {
            self.ko = Some((last, Some(color.opponent())));
        }
    }

    /// Recomputes every group from the cells: empties the board, then
    /// places its stones again (without captures) in index order.
    fn rebuild(&mut self) {
        let mut stones = Vec::new();
        for (i, c) in self.cells.iter_mut().enumerate() {
            if *c == BLACK || *c == WHITE {
                stones.push((i, *c));
                *c = EMPTY;
            }
        }
        for (i, c) in stones {
            self.place(i, c);
        }
    }
}

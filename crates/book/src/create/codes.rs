//! Diagnostic codes of making a book from SGF: what the SGF holds that the
//! book does not, said on stderr at its place in the SGF.

use kifu_diag::Code;

/// A property the book has no place for (time left, `V`, `DD`, `MN`,
/// private properties...): said once per property and game, with how
/// often it occurs; the book is made without it.
pub const NOT_IN_BOOK: Code = Code::new("create/not-in-book");
/// A letter or mark that cannot go on its diagram: the same letter on two
/// points, or two marks on one point, in one node or one variation; or a
/// letter or symbol on the move just played, whose number shows (the mark
/// is written after the move's name in the text).
pub const MARK_CONFLICT: Code = Code::new("create/mark-conflict");
/// Setup stones (`AB`, `AW`, `AE`) or `PL` in a variation after its first
/// node: a diagram's moves cannot set up stones, so they are left out.
pub const SETUP_IN_VARIATION: Code = Code::new("create/setup-in-variation");
/// A coordinate in a comment that no letter, number or symbol of its
/// diagram can stand for (all 52 letters are taken): written so that it is
/// not read as a coordinate.
pub const COORDINATE_KEPT: Code = Code::new("create/coordinate-kept");
/// A problem whose solution tree marks no line as correct (no comment
/// saying so, no `TE` or judgement for the player, more than one line):
/// the first line is taken as correct, and an author must say which is
/// right; or a problem whose SGF gives no solution at all (it has no
/// answer).
pub const NO_CORRECT_LINE: Code = Code::new("create/no-correct-line");
/// A problem with no stones: nothing to solve; left out.
pub const EMPTY_PROBLEM: Code = Code::new("create/empty-problem");
/// Setup stones on the point the same node's move plays (`W[qk]AW[qk]`, as
/// old editors wrote a move with its stone): the move puts the stone
/// there, so the setup of that point is left out.
pub const SETUP_ON_MOVE: Code = Code::new("create/setup-on-move");
/// A move the rules forbid (onto a stone, suicide, retaking a ko at once):
/// a book's moves are legal, so the book sets up the position after it
/// instead (a new `::go`, or the next diagram's setup).
pub const ILLEGAL_MOVE: Code = Code::new("create/illegal-move");

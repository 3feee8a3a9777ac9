//! Diagnostic codes of the checks.

use kifu_diag::Code;

/// A value that does not fit its property's type (or lies off the board):
/// an error for moves, stones and `SZ`, a warning elsewhere.
pub const INVALID_VALUE: Code = Code::new("sgf/invalid-value");
/// White space inside a Point, Move or Stone value (`W[oq\n]`, `B[ pp]`,
/// `B[c c]`): SGF says to remove it, and readers that do not are
/// misled (a move read as a property of its own, or dropped).
pub const SPACE_IN_POINT: Code = Code::new("sgf/space-in-point");
/// More than one value for a single-valued property (often a missing `]`).
pub const TOO_MANY_VALUES: Code = Code::new("sgf/too-many-values");
/// An empty value, or only white space, where the type needs a value
/// (`DT[]`, `PC[ ]`, `KM[]`), or an empty list where a list of at least
/// one is needed (`AW[]`).
pub const EMPTY_VALUE: Code = Code::new("sgf/empty-value");
/// The same property twice in one node.
pub const DUPLICATE_PROPERTY: Code = Code::new("sgf/duplicate-property");
/// The same point twice in one list.
pub const DUPLICATE_POINT: Code = Code::new("sgf/duplicate-point");
/// A root property in a node that is not a game's root.
pub const ROOT_PROPERTY_OUTSIDE_ROOT: Code = Code::new("sgf/root-property-outside-root");
/// Game information in a second node of one path.
pub const GAME_INFO_OUTSIDE_INFO_NODE: Code = Code::new("sgf/game-info-outside-info-node");
/// Setup and move properties in one node.
pub const SETUP_AND_MOVE: Code = Code::new("sgf/setup-and-move-mixed");
/// `B` and `W` in one node.
pub const TWO_MOVES: Code = Code::new("sgf/two-moves-in-node");
/// A move annotation (`BM`, `TE`, `DO`, `IT`) in a node without a move.
pub const ANNOTATION_WITHOUT_MOVE: Code = Code::new("sgf/annotation-without-move");
/// `GB` and `GW` in one node.
pub const CONTRADICTING_ANNOTATIONS: Code = Code::new("sgf/contradicting-annotations");
/// A property of FF\[1\]-FF\[3\] that FF\[4\] dropped: a note in a file
/// of a format that defines it (`BS`, `WS`, `ID` in FF\[3\]), as SGFC
/// is silent there.
pub const OBSOLETE_PROPERTY: Code = Code::new("sgf/obsolete-property");
/// `FF` other than 1 to 4.
pub const UNKNOWN_FF: Code = Code::new("sgf/unknown-file-format");
/// A game that is not Go (`GM` other than 1): Go checks are skipped.
pub const NOT_GO: Code = Code::new("sgf/not-go");
/// `B` or `W` in a game's root node (a note: allowed, and SGFC says so
/// only in its strict mode).
pub const MOVE_IN_ROOT: Code = Code::new("sgf/move-in-root");
/// `KI` (integer komi, an old private property) where FF\[4\] has `KM`.
pub const INTEGER_KOMI: Code = Code::new("sgf/integer-komi");
/// A pass written `[tt]` in an FF\[4\] file (FF\[4\] writes `[]`).
pub const TT_PASS: Code = Code::new("sgf/tt-pass");
/// A pass written `[]` in an FF\[1\]-FF\[3\] file (they write `[tt]`;
/// SGFC: an error, perhaps a missing `FF[4]`).
pub const EMPTY_PASS_IN_OLD: Code = Code::new("sgf/empty-pass-in-old-format");
/// A compressed point list (`aa:cc`) in an FF\[1\]-FF\[3\] file.
pub const COMPRESSED_LIST_IN_OLD: Code = Code::new("sgf/compressed-list-in-old-format");
/// A board side over 52 (`SZ[200]`), which no SGF point can reach.
pub const BOARD_TOO_BIG: Code = Code::new("sgf/board-too-big");
/// A rectangular board (`SZ[19:25]`) in an FF\[1\]-FF\[3\] file (FF\[4\] only).
pub const RECTANGLE_IN_OLD: Code = Code::new("sgf/rectangular-board-in-old-format");
/// A property that is not in the FF\[4\] table (kept as it is; other
/// programs may not know it).
pub const UNKNOWN_PROPERTY: Code = Code::new("sgf/unknown-property");
/// `TE` and `BM` together (FF\[3\] style): `IT` or `DO` in FF\[4\].
pub const ANNOTATION_COMBINATION: Code = Code::new("sgf/annotation-combination");
/// Games of different file formats (`FF`) in one file.
pub const MIXED_FILE_FORMATS: Code = Code::new("sgf/mixed-file-formats");
/// A NUL byte inside a value (a binary file?).
pub const NUL_IN_VALUE: Code = Code::new("sgf/nul-in-value");
/// A move on a point that holds a stone (played anyway: the stone
/// there is replaced).
pub const OCCUPIED_POINT: Code = Code::new("sgf/occupied-point");
/// A move that leaves its own group without liberties (played anyway:
/// the group is removed). A note: some rules allow it, and SGFC says
/// nothing.
pub const SUICIDE: Code = Code::new("sgf/suicide");
/// A move that retakes a ko at once (a note: SGFC says nothing, and the
/// moves elsewhere between may simply be missing from the record).
pub const KO_RECAPTURE: Code = Code::new("sgf/ko-recapture");
/// `AB` on a black stone, `AW` on a white one, `AE` on an empty point:
/// setup that changes nothing.
pub const SETUP_WITHOUT_EFFECT: Code = Code::new("sgf/setup-without-effect");
/// `HA` that differs from the handicap stones of the root (`AB` without
/// `HA`, `HA` with another number of `AB`, or `AW` with `HA`); a note,
/// as SGFC reports it in its strict mode.
pub const HANDICAP_MISMATCH: Code = Code::new("sgf/handicap-mismatch");
/// Two moves of one colour in a row in the main line (a note: allowed,
/// but often a mistake).
pub const SAME_COLOR_TWICE: Code = Code::new("sgf/same-color-twice");
/// Setup stones (`AB`, `AW`, `AE`) in the main line after the root (a
/// note: allowed, but it cannot be replayed as a game).
pub const SETUP_IN_MAIN_LINE: Code = Code::new("sgf/setup-in-main-line");
/// A square board written as a rectangle, `SZ[19:19]`, which FF\[4\]
/// forbids (SGFC: an error).
pub const SQUARE_AS_RECTANGLE: Code = Code::new("sgf/square-as-rectangle");
/// A game information value (`RE`, `DT`, `KM`, `TM`, `HA`, `BR`, `WR`)
/// not in the form FF\[4\] defines, whose meaning is certain: the
/// message gives the FF\[4\] form (`RE[Black wins by 3.5]`: `B+3.5`).
/// A note when the value is correct as written: a rank in another form
/// than the one FF\[4\] recommends (`BR[9 dan]`: `9d`), a date that the
/// file's own format (FF\[1\]-FF\[3\]) allowed.
pub const NONSTANDARD_GAME_INFO: Code = Code::new("sgf/nonstandard-game-info");
/// A game information value not in the form FF\[4\] defines, with no
/// certain correction (`DT[05/06/1996]`, `TM[10:00(5x1:00)]`): the
/// message says why. A note for `HA[0]` and `HA[1]`, well-formed
/// numbers under the 2 stones `HA` starts at, and for the free-text
/// dates of FF\[1\]-FF\[3\] files, correct there.
pub const INVALID_GAME_INFO: Code = Code::new("sgf/invalid-game-info");
/// Variations that begin by taking back, with `AE`, the move just
/// before them: they look like alternatives to that move, written one
/// level too deep (a note, as SGFC reports it with `-v`).
pub const VARIATION_LEVEL: Code = Code::new("sgf/variation-level");
/// Games of different types (`GM`) in one file.
pub const MIXED_GAME_TYPES: Code = Code::new("sgf/mixed-game-types");

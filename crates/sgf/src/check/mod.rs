//! Checks of what the syntax layer read: values against the property
//! table, properties in the wrong kind of node, and the structure the
//! FF\[4\] specification asks for. Each finding is a [`Diagnostic`] with a
//! stable code; nothing is repaired here.
//!
//! ```
//! let c = kifu_sgf::parse(b"(;GM[1]SZ[9]PB[Kuro];B[ee]W[ff];PW[Shiro]KM[six])").value;
//! let codes: Vec<_> = kifu_sgf::check::check(&c).iter().map(|d| d.code.as_str()).collect();
//! assert_eq!(
//!     codes,
//!     ["sgf/two-moves-in-node", "sgf/game-info-outside-info-node", "sgf/invalid-game-info"]
//! );
//! ```

use kifu_diag::{Code, Diagnostic, Severity, Span};

use crate::props::{PropertyKind, ValueShape, ValueType};
use crate::tree::{Collection, Node};

/// Diagnostic codes of the checks.
pub mod codes {
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
}

fn report(out: &mut Vec<Diagnostic>, code: Code, severity: Severity, span: Span, message: String) {
    out.push(Diagnostic::new(code, severity, span, message));
}

/// Runs every check on every game; diagnostics come in file order.
pub fn check(collection: &Collection<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for game in collection.games() {
        let root = game.root();
        let go = game.game_type() == 1;
        if !go {
            let span = root.property("GM").map_or(Span::empty(0), |p| p.span());
            report(
                &mut out,
                codes::NOT_GO,
                Severity::Note,
                span,
                format!(
                    "game type GM[{}] is not Go: Go checks skipped",
                    game.game_type()
                ),
            );
        }
        if let Some(ff) = root.property("FF") {
            let valid = ff.raw_values().next().is_some_and(|v| {
                matches!(
                    std::str::from_utf8(v).map(str::trim),
                    Ok("1" | "2" | "3" | "4")
                )
            });
            if !valid {
                report(
                    &mut out,
                    codes::UNKNOWN_FF,
                    Severity::Warning,
                    ff.span(),
                    "file format FF is not 1, 2, 3 or 4: read as FF[4]".into(),
                );
            }
        }
        // Pre-order with, for each node, whether an ancestor held game info.
        let mut info_above: Vec<(crate::NodeId, bool)> = Vec::new();
        for node in game.nodes() {
            while let Some((id, _)) = info_above.last() {
                if node.parent().is_some_and(|p| p.id() == *id) {
                    break;
                }
                info_above.pop();
            }
            let above = info_above.last().is_some_and(|(_, i)| *i);
            let context = Context {
                is_root: node.parent().is_none(),
                go,
                info_above: above,
                old_format: game.file_format() < 4,
                ff: match game.file_format() {
                    f @ 1..=3 => f as u8,
                    _ => 4,
                },
                tt_is_pass: game.board_size().tt_is_pass(),
                size: game.board_size(),
            };
            let has_info = check_node(&node, &context, &mut out);
            info_above.push((node.id(), above || has_info));
        }
    }
    mixed_formats(collection, &mut out);
    mixed_charsets(collection, &mut out);
    for game in collection.games().filter(|g| g.game_type() == 1) {
        go_rules(&game, &mut out);
    }
    out.sort_by_key(|d| d.span.start);
    out
}

/// Lowers to notes the reader's findings that a game's own file format
/// allows: lowercase letters in identifiers (`AddBlack`, the FF\[1\]-FF\[3\]
/// style) in a game of those formats, where SGFC says nothing (an error in
/// FF\[4\]). The reader cannot tell, as `FF` may follow the identifier;
/// `diagnostics` are the reader's ([`crate::parse`]), to be shown with
/// [`check`]'s.
///
/// ```
/// let parsed = kifu_sgf::parse(b"(;FF[3]GM[1]AddBlack[aa])(;FF[4]GM[1]AddBlack[aa])");
/// let mut diagnostics = parsed.diagnostics.clone();
/// kifu_sgf::check::settle_reader_severities(&parsed.value, &mut diagnostics);
/// let severities: Vec<_> = diagnostics.iter().map(|d| d.severity).collect();
/// assert_eq!(severities, [kifu_sgf::Severity::Note, kifu_sgf::Severity::Warning]);
/// ```
pub fn settle_reader_severities(collection: &Collection<'_>, diagnostics: &mut [Diagnostic]) {
    use crate::syntax::codes::LOWERCASE_ID;
    if !diagnostics.iter().any(|d| d.code == LOWERCASE_ID) {
        return;
    }
    let mut old_style: std::collections::HashSet<u32> = std::collections::HashSet::new();
    for game in collection.games().filter(|g| g.file_format() < 4) {
        for node in game.nodes() {
            for p in node.properties() {
                if p.written_id().iter().any(u8::is_ascii_lowercase) {
                    old_style.insert(p.span().start);
                }
            }
        }
    }
    for d in diagnostics.iter_mut() {
        if d.code == LOWERCASE_ID && old_style.contains(&d.span.start) {
            d.severity = Severity::Note;
        }
    }
}

/// Games in another charset than the first game's: each is reported, at
/// its `CA` (or its first property).
fn mixed_charsets(collection: &Collection<'_>, out: &mut Vec<Diagnostic>) {
    let mut games = collection.games();
    let Some(first) = games.next() else { return };
    let encoding = first.charset().encoding;
    for game in games {
        let other = game.charset().encoding;
        if other == encoding {
            continue;
        }
        let root = game.root();
        let span = root_span(&root, "CA");
        report(
            out,
            crate::bytes::charset::codes::MIXED,
            Severity::Warning,
            span,
            format!(
                "this game is in {}, the first game in {}: programs that read one charset per file will misread one of them",
                other.name(),
                encoding.name()
            ),
        );
    }
}

/// Where to report something about a game: its property `id`, else its
/// root's first property.
fn root_span(root: &Node<'_, '_>, id: &str) -> Span {
    root.property(id)
        .or_else(|| root.properties().next())
        .map_or(Span::empty(0), |p| p.span())
}

/// Games of different `FF` (or `GM`) in one file: reported once, at the
/// first game whose format (type) differs from the first game's.
fn mixed_formats(collection: &Collection<'_>, out: &mut Vec<Diagnostic>) {
    type Of = fn(&crate::Game<'_, '_>) -> u32;
    let kinds: [(Code, &str, Of); 2] = [
        (codes::MIXED_FILE_FORMATS, "FF", |g| g.file_format()),
        (codes::MIXED_GAME_TYPES, "GM", |g| g.game_type()),
    ];
    for (code, id, of) in kinds {
        let mut games = collection.games();
        let Some(first) = games.next() else { return };
        let value = of(&first);
        if let Some(other) = games.find(|g| of(g) != value) {
            let what = if id == "FF" { "file formats" } else { "types" };
            report(
                out,
                code,
                Severity::Warning,
                root_span(&other.root(), id),
                format!(
                    "games of different {what} in one file ({id}[{value}] and {id}[{}]): some programs read only one",
                    of(&other)
                ),
            );
        }
    }
}

/// The setup of a node, in the order SGF applies it (`AE`, then `AB`, then
/// `AW`), each property with its points; and its move (the first `B` or
/// `W`), with where it is written.
type NodeSetup = [Vec<(Span, Vec<kifu_board::Point>)>; 3];
type NodeMove = (kifu_board::Color, Option<kifu_board::Point>, Span);

/// A node's setup and move, in one pass over its properties.
fn setup_and_move(node: Node<'_, '_>) -> (NodeSetup, Option<NodeMove>) {
    let mut setup: NodeSetup = Default::default();
    let mut mv = None;
    for p in node.properties() {
        let slot = match p.id() {
            "AE" => 0,
            "AB" => 1,
            "AW" => 2,
            "B" | "W" if mv.is_none() => {
                let color = if p.id() == "B" {
                    kifu_board::Color::Black
                } else {
                    kifu_board::Color::White
                };
                if let Ok(crate::props::Value::Move(point)) = p.value() {
                    mv = Some((color, point, p.span()));
                }
                continue;
            }
            _ => continue,
        };
        let points = match p.value() {
            Ok(crate::props::Value::List(values)) => values
                .into_iter()
                .filter_map(|v| {
                    if let crate::props::Value::Point(p) = v {
                        Some(p)
                    } else {
                        None
                    }
                })
                .collect(),
            Ok(crate::props::Value::Point(p)) => vec![p],
            _ => Vec::new(),
        };
        setup[slot].push((p.span(), points));
    }
    (setup, mv)
}

/// Notes setup stones on a main-line node after the root (`in_main_line`).
fn note_setup_in_main_line(setup: &NodeSetup, in_main_line: bool, out: &mut Vec<Diagnostic>) {
    if in_main_line
        && let Some((span, _)) = setup.iter().flatten().min_by_key(|(span, _)| span.start)
    {
        report(
            out,
            codes::SETUP_IN_MAIN_LINE,
            Severity::Note,
            *span,
            "setup stones in the main line after the root".into(),
        );
    }
}

/// Where setup stones go: the board itself, or a batch of its setup.
trait Stones {
    fn stone(&self, p: kifu_board::Point) -> Option<kifu_board::Color>;
    fn put(&mut self, p: kifu_board::Point, stone: Option<kifu_board::Color>);
}

impl Stones for kifu_board::Board {
    fn stone(&self, p: kifu_board::Point) -> Option<kifu_board::Color> {
        self.get(p)
    }
    fn put(&mut self, p: kifu_board::Point, stone: Option<kifu_board::Color>) {
        self.set(p, stone);
    }
}

impl Stones for kifu_board::Setup<'_> {
    fn stone(&self, p: kifu_board::Point) -> Option<kifu_board::Color> {
        self.get(p)
    }
    fn put(&mut self, p: kifu_board::Point, stone: Option<kifu_board::Color>) {
        self.set(p, stone);
    }
}

/// Sets a node's setup stones, warning of each property that changes
/// nothing (a stone already there, a point already empty).
fn apply_setup(
    setup: &NodeSetup,
    size: kifu_board::BoardSize,
    stones: &mut impl Stones,
    out: &mut Vec<Diagnostic>,
) {
    for (slot, stone) in [
        None,
        Some(kifu_board::Color::Black),
        Some(kifu_board::Color::White),
    ]
    .into_iter()
    .enumerate()
    {
        let id = ["AE", "AB", "AW"][slot];
        for (span, points) in &setup[slot] {
            let idle: Vec<String> = points
                .iter()
                .filter(|&&p| size.contains(p) && stones.stone(p) == stone)
                .map(|p| String::from_utf8_lossy(&p.to_sgf()).into_owned())
                .collect();
            if !idle.is_empty() {
                report(
                    out,
                    codes::SETUP_WITHOUT_EFFECT,
                    Severity::Warning,
                    *span,
                    format!("{id} changes nothing at [{}]", idle.join("][")),
                );
            }
            for &p in points {
                stones.put(p, stone);
            }
        }
    }
}

/// Plays a node's move, reporting the same colour twice on the main line
/// and an illegal move (played anyway, as SGF readers do); `last` is the
/// colour of the last move on the path.
fn play_checked(
    board: &mut kifu_board::Board,
    (color, point, span): NodeMove,
    main: bool,
    last: &mut Option<kifu_board::Color>,
    out: &mut Vec<Diagnostic>,
) {
    if main && *last == Some(color) {
        report(
            out,
            codes::SAME_COLOR_TWICE,
            Severity::Note,
            span,
            format!("{color} moves twice in a row"),
        );
    }
    *last = Some(color);
    let size = board.size();
    match point {
        Some(p) if size.contains(p) => {
            if let Err(why) = board.check_move(color, p) {
                let (code, severity) = move_finding(why);
                report(
                    out,
                    code,
                    severity,
                    span,
                    format!("{color} {}: {why}", p.to_standard(size)),
                );
            }
            board.play_anyway(color, p);
        }
        _ => board.pass(),
    }
}

/// Replays every line of a Go game on the board: moves on occupied points,
/// suicides, ko recaptures, and setup that changes nothing.
fn go_rules(game: &crate::Game<'_, '_>, out: &mut Vec<Diagnostic>) {
    use kifu_board::Board;
    let size = game.board_size();
    handicap(game, out);
    // One board for the whole tree: at a node with several children a
    // checkpoint is taken, and the board goes back to it after each child
    // but the last (a copy per child took gigabytes for 100 000 siblings).
    // Each entry: the node, the colour of the last move on its path, and
    // whether it is on the main line; or a step back up to the innermost
    // branch.
    enum Step<'c, 'i> {
        Node(Node<'c, 'i>, Option<kifu_board::Color>, bool),
        Back,
        BackAndRelease,
    }
    let mut board = Board::new(size);
    let mut branches = Vec::new();
    let mut stack = vec![Step::Node(game.root(), None, true)];
    while let Some(step) = stack.pop() {
        let (node, mut last, main) = match step {
            Step::Node(node, last, main) => (node, last, main),
            Step::Back => {
                if let Some(checkpoint) = branches.last() {
                    board.undo_to(checkpoint);
                }
                continue;
            }
            Step::BackAndRelease => {
                if let Some(checkpoint) = branches.pop() {
                    board.undo_to(&checkpoint);
                    board.release(checkpoint);
                }
                continue;
            }
        };
        let is_root = node.parent().is_none();
        let (setup, mv) = setup_and_move(node);
        note_setup_in_main_line(&setup, main && !is_root, out);
        // All the setup of the node in one batch: the groups are worked
        // out once, not once per stone.
        let mut batch = board.setup();
        apply_setup(&setup, size, &mut batch, out);
        drop(batch);
        if let Some(mv) = mv {
            play_checked(&mut board, mv, main, &mut last, out);
        }
        let children: Vec<_> = node.children().collect();
        if let Some((_, Some(point), _)) = mv
            && children.len() > 1
        {
            variation_level(&children, point, &board, out);
        }
        if children.len() > 1 {
            branches.push(board.checkpoint());
        }
        let n = children.len();
        for (i, child) in children.into_iter().enumerate().rev() {
            stack.push(Step::Node(child, last, main && i == 0));
            if i + 1 == n && n > 1 {
                stack.push(Step::BackAndRelease);
            } else if i > 0 {
                stack.push(Step::Back);
            }
        }
    }
}

/// The code and severity of an illegal move: a move on a stone is a
/// warning, as SGFC reports it (58); a suicide or a ko recaptured at once is
/// a note, kifu's own finding (SGFC is silent: some rules allow suicide,
/// and a ko may be retaken after a move elsewhere that the file left out).
fn move_finding(why: kifu_board::IllegalMove) -> (Code, Severity) {
    use kifu_board::IllegalMove;
    match why {
        IllegalMove::Occupied => (codes::OCCUPIED_POINT, Severity::Warning),
        IllegalMove::Suicide => (codes::SUICIDE, Severity::Note),
        IllegalMove::Ko => (codes::KO_RECAPTURE, Severity::Note),
        IllegalMove::OffBoard => (codes::INVALID_VALUE, Severity::Warning),
    }
}

/// Variations after a move (the board after it in `board`) that begin by
/// removing its stone with `AE`: alternatives to the move, one level too
/// deep. Reported once, at the first variation.
fn variation_level(
    children: &[Node<'_, '_>],
    point: kifu_board::Point,
    board: &kifu_board::Board,
    out: &mut Vec<Diagnostic>,
) {
    let mut undoing = 0;
    let mut deeper = false;
    for child in &children[1..] {
        let removed = child.points("AE");
        if !removed.contains(&point) {
            continue;
        }
        undoing += 1;
        // Other stones removed too: the variation goes back further than
        // one move, and cannot simply move up one level.
        deeper |= removed
            .iter()
            .any(|&p| p != point && board.get(p).is_some());
    }
    if undoing == 0 {
        return;
    }
    let span = children[0]
        .properties()
        .next()
        .map_or(Span::empty(0), |p| p.span());
    let message = if deeper {
        format!(
            "{undoing} variation(s) here take back the move before them and more with AE: they may belong higher up the tree, which cannot be told for sure"
        )
    } else {
        format!(
            "{undoing} variation(s) here take back the move before them with AE: they look like alternatives to that move, written one level too deep"
        )
    };
    report(out, codes::VARIATION_LEVEL, Severity::Note, span, message);
}

/// `HA` against the root's setup stones.
fn handicap(game: &crate::Game<'_, '_>, out: &mut Vec<Diagnostic>) {
    let root = game.root();
    let black = root.points("AB").len();
    let white = root.points("AW").len();
    let ha = root.property("HA");
    let stated = ha
        .as_ref()
        .and_then(|p| p.raw_values().next())
        .and_then(|v| std::str::from_utf8(v).ok()?.trim().parse::<usize>().ok());
    let mismatch = match stated {
        // No handicap stated: black stones alone look like a handicap.
        None => ha.is_none() && black >= 2 && white == 0,
        Some(n) => (n >= 2 || black > 0) && (n != black || white > 0),
    };
    if mismatch {
        let span = ha
            .map(|p| p.span())
            .or_else(|| root.property("AB").map(|p| p.span()))
            .unwrap_or(Span::empty(0));
        report(
            out,
            codes::HANDICAP_MISMATCH,
            Severity::Note,
            span,
            format!(
                "HA[{}] but {black} black and {white} white setup stones",
                stated.map_or_else(|| "-".to_owned(), |n| n.to_string())
            ),
        );
    }
}

/// What a node's checks need to know about its place and its game.
struct Context {
    is_root: bool,
    go: bool,
    info_above: bool,
    /// FF\[1\]-FF\[3\].
    old_format: bool,
    /// The file format, 1 to 4 (4 when `FF` is not 1 to 4).
    ff: u8,
    tt_is_pass: bool,
    size: kifu_board::BoardSize,
}

/// Checks one node; returns whether it holds game information.
fn check_node(node: &Node<'_, '_>, cx: &Context, out: &mut Vec<Diagnostic>) -> bool {
    let (is_root, go, info_above) = (cx.is_root, cx.go, cx.info_above);
    // The identifiers met so far; past a few, also in a set (a node with
    // many properties was quadratic).
    let mut seen: Vec<&str> = Vec::new();
    let mut seen_set: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let (mut setup, mut moves, mut info) = (None, Vec::new(), None);
    let mut annotation = None;
    for p in node.properties() {
        let id = p.id();
        if id.is_empty() {
            continue;
        }
        let was_seen = |id: &str| {
            if seen_set.is_empty() {
                seen.contains(&id)
            } else {
                seen_set.contains(id)
            }
        };
        if was_seen(id) {
            report(
                out,
                codes::DUPLICATE_PROPERTY,
                Severity::Warning,
                p.span(),
                format!("property {id} appears twice in this node"),
            );
        }
        let (te, bm) = (was_seen("TE"), was_seen("BM"));
        seen.push(id);
        if !seen_set.is_empty() {
            seen_set.insert(id);
        } else if seen.len() > 16 {
            seen_set.extend(seen.iter().copied());
        }
        if go {
            check_format_details(&p, id, cx, out);
        }
        if let Some(at) = p.raw_values().position(|v| v.contains(&0)) {
            let span = p.value_spans().nth(at).unwrap_or(p.span());
            report(
                out,
                codes::NUL_IN_VALUE,
                Severity::Warning,
                span,
                format!("a NUL byte in the value of {id} (a binary file?)"),
            );
        }
        if (id == "TE" && bm) || (id == "BM" && te) {
            let better = if id == "TE" { "DO" } else { "IT" };
            report(
                out,
                codes::ANNOTATION_COMBINATION,
                Severity::Warning,
                p.span(),
                format!("TE and BM together (FF[3] style): {better} in FF[4]"),
            );
        }
        let Some(table) = p.info() else {
            if id == "KI" {
                // Named by its own check (integer komi).
                continue;
            }
            report(
                out,
                codes::UNKNOWN_PROPERTY,
                Severity::Note,
                p.span(),
                format!("{id} is not an FF[4] property; kept as it is"),
            );
            continue;
        };
        if table.go_only && !go {
            continue;
        }
        if table.obsolete {
            // Legal in the file's own format (`ID` in FF[3]): a note, as
            // SGFC says nothing there.
            if table.old_formats.contains(&cx.ff) {
                report(
                    out,
                    codes::OBSOLETE_PROPERTY,
                    Severity::Note,
                    p.span(),
                    format!(
                        "{id} ({}) is an FF[{}] property, not part of FF[4]; kept as it is",
                        table.description, cx.ff
                    ),
                );
            } else {
                report(
                    out,
                    codes::OBSOLETE_PROPERTY,
                    Severity::Warning,
                    p.span(),
                    format!("{id} ({}) is not part of FF[4]", table.description),
                );
            }
        }
        match table.kind {
            PropertyKind::Root if !is_root => report(
                out,
                codes::ROOT_PROPERTY_OUTSIDE_ROOT,
                Severity::Warning,
                p.span(),
                format!("root property {id} in a node that is not the root"),
            ),
            PropertyKind::Setup => setup = setup.or(Some(p.span())),
            PropertyKind::Move if matches!(id, "B" | "W") => moves.push((id, p.span())),
            PropertyKind::Move if matches!(id, "BM" | "TE" | "DO" | "IT") => {
                annotation = annotation.or(Some((id, p.span())));
            }
            PropertyKind::GameInfo => info = info.or(Some((id, p.span()))),
            _ => {}
        }
        // Game information values of Go get their own check, which says
        // more than "expected a number" and how to correct it.
        let info_checked = go
            && table.kind == PropertyKind::GameInfo
            && crate::info::normalize_info::NORMALIZED.contains(&id);
        // Points are Go's (and a few other games'): in a game that is not
        // Go, `B[Move x]` may be right, and is kept as written.
        let foreign_points = !go && crate::props::mentions_points(table);
        if !foreign_points && check_values(&p, table, cx.size, info_checked, out) && info_checked {
            check_game_info(&p, id, cx.ff, out);
        }
    }
    if let (Some(s), Some((_, m))) = (setup, moves.first()) {
        report(
            out,
            codes::SETUP_AND_MOVE,
            Severity::Warning,
            s.min(*m),
            "setup and move properties in one node".into(),
        );
    }
    if is_root && let Some((id, span)) = moves.first() {
        report(
            out,
            codes::MOVE_IN_ROOT,
            Severity::Note,
            *span,
            format!("move {id} in the root node"),
        );
    }
    if moves.len() > 1 {
        report(
            out,
            codes::TWO_MOVES,
            Severity::Warning,
            moves[1].1,
            format!("{} and {} in one node", moves[0].0, moves[1].0),
        );
    }
    if let Some((id, span)) = annotation
        && moves.is_empty()
    {
        report(
            out,
            codes::ANNOTATION_WITHOUT_MOVE,
            Severity::Warning,
            span,
            format!("move annotation {id} in a node without a move"),
        );
    }
    if node.has("GB") && node.has("GW") {
        let span = node.property("GW").map_or(Span::empty(0), |p| p.span());
        report(
            out,
            codes::CONTRADICTING_ANNOTATIONS,
            Severity::Warning,
            span,
            "GB (good for black) and GW (good for white) in one node".into(),
        );
    }
    if let Some((id, span)) = info
        && info_above
    {
        report(
            out,
            codes::GAME_INFO_OUTSIDE_INFO_NODE,
            Severity::Warning,
            span,
            format!("game information {id} below a node that already holds game information"),
        );
    }
    info.is_some()
}

/// Forms that belong to another file format version.
fn check_format_details(
    p: &crate::Property<'_, '_>,
    id: &str,
    cx: &Context,
    out: &mut Vec<Diagnostic>,
) {
    let first = p.value_spans().next().unwrap_or(p.span());
    let raw = p.raw_values().next().unwrap_or_default();
    match id {
        "KI" => report(
            out,
            codes::INTEGER_KOMI,
            Severity::Warning,
            p.span(),
            "KI (integer komi) is not FF[4]: KM holds komi".into(),
        ),
        "B" | "W" if !cx.old_format && raw == b"tt" && cx.tt_is_pass => report(
            out,
            codes::TT_PASS,
            Severity::Note,
            first,
            format!("{id}[tt]: a pass in the FF[3] form; FF[4] writes {id}[]"),
        ),
        "B" | "W" if cx.old_format && raw.is_empty() => report(
            out,
            codes::EMPTY_PASS_IN_OLD,
            Severity::Warning,
            first,
            format!("{id}[]: a pass in the FF[4] form in an FF[1]-FF[3] file"),
        ),
        "SZ" => {
            let text = String::from_utf8_lossy(raw);
            let sides: Vec<u32> = text
                .split(':')
                .filter_map(|s| s.trim().parse().ok())
                .collect();
            let negative = text
                .split(':')
                .any(|s| s.trim().parse::<i64>().is_ok_and(|n| n < 1));
            if negative || sides.contains(&0) {
                report(
                    out,
                    codes::INVALID_VALUE,
                    Severity::Error,
                    first,
                    format!("SZ[{text}]: a board side is at least 1 (read as 19x19)"),
                );
            } else if sides.iter().any(|&n| n > 52) {
                report(
                    out,
                    codes::BOARD_TOO_BIG,
                    Severity::Error,
                    first,
                    format!("SZ[{text}]: a board side is at most 52 (read as 19x19)"),
                );
            } else if cx.old_format && sides.len() == 2 && sides[0] != sides[1] {
                report(
                    out,
                    codes::RECTANGLE_IN_OLD,
                    Severity::Warning,
                    first,
                    format!("SZ[{text}]: rectangular boards are FF[4] only"),
                );
            }
            if let Some((c, r)) = text.split_once(':')
                && c.trim() == r.trim()
            {
                report(
                    out,
                    codes::SQUARE_AS_RECTANGLE,
                    Severity::Warning,
                    first,
                    format!("SZ[{text}] is a square board: SZ[{}]", c.trim()),
                );
            }
        }
        _ => {
            let points = p.info().is_some_and(|i| {
                matches!(i.value, ValueShape::List(_) | ValueShape::EList(_))
                    && crate::props::carries_points(i)
            });
            if cx.old_format && points && p.raw_values().any(|v| v.contains(&b':')) {
                report(
                    out,
                    codes::COMPRESSED_LIST_IN_OLD,
                    Severity::Warning,
                    first,
                    format!("{id}: compressed point list in an FF[1]-FF[3] file (FF[4] only)"),
                );
            }
        }
    }
}

/// A game information value against its FF\[4\] form (see
/// [`normalize_game_info`](crate::info::normalize_info::normalize_game_info)).
fn check_game_info(p: &crate::Property<'_, '_>, id: &str, ff: u8, out: &mut Vec<Diagnostic>) {
    use crate::info::normalize_info::{InfoFix, normalize_game_info};
    let (Some(span), Some(text)) = (p.value_spans().next(), p.decoded_values().next()) else {
        return;
    };
    // In UTF-8 whatever the file's charset, escaped again.
    let raw = crate::props::text::escape_text(&text, false);
    let shown = shorten(&raw);
    match normalize_game_info(id, &raw, ff) {
        // FF[1]-FF[3] put no form on DT, but a repaired file becomes FF[4]:
        // a date with no certain FF[4] reading is then kept as it is.
        InfoFix::Standard if id == "DT" && ff < 4 => {
            if let InfoFix::Invalid { reason } = normalize_game_info(id, &raw, 4) {
                report(
                    out,
                    codes::INVALID_GAME_INFO,
                    Severity::Note,
                    span,
                    format!(
                        "{id}[{shown}]: {reason}, and no certain reading: kept as written if the file becomes FF[4]"
                    ),
                );
            }
        }
        InfoFix::Standard => {}
        InfoFix::Corrected {
            value,
            explanation,
            required: true,
        } => report(
            out,
            codes::NONSTANDARD_GAME_INFO,
            Severity::Warning,
            span,
            format!("{id}[{shown}]: written {value} in FF[4] ({explanation})"),
        ),
        // Correct as written: what FF[4] recommends (ranks), or asks for
        // once the file is FF[4] (the dates of older files).
        InfoFix::Corrected {
            value, explanation, ..
        } => report(
            out,
            codes::NONSTANDARD_GAME_INFO,
            Severity::Note,
            span,
            if id == "DT" {
                format!(
                    "{id}[{shown}]: {value} in FF[4] ({explanation}); written so when the file is repaired or normalized"
                )
            } else {
                format!(
                    "{id}[{shown}]: {value} is the form FF[4] recommends ({explanation}); written so by kifu fix --normalize"
                )
            },
        ),
        InfoFix::Invalid { reason } => report(
            out,
            codes::INVALID_GAME_INFO,
            if id == "HA" && raw.trim().parse::<u32>().is_ok() {
                Severity::Note
            } else {
                Severity::Warning
            },
            span,
            format!("{id}[{shown}]: {reason}"),
        ),
    }
}

/// A value for a message: at most 40 characters.
fn shorten(raw: &str) -> String {
    let mut chars = raw.chars();
    let mut s: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        s.push('…');
    }
    s
}

/// Whether a property's values are one empty value (or only white space)
/// where its type needs a value: text (`PC[ ]`), a number, a board size, a
/// compose value, or a list, which holds at least one (`AW[]`). Such a
/// property says nothing, and [`repair`](crate::repair) removes it. Moves
/// (`B[]` is a pass), elists, None, Double and Color values are not
/// empty in this sense (the last two are corrected as invalid values).
pub(crate) fn is_empty_value(shape: ValueShape, raws: &[&[u8]]) -> bool {
    let [one] = raws else { return false };
    one.iter().all(|&b| crate::props::is_sgf_space(b))
        && match shape {
            ValueShape::Single(t) => matches!(
                t,
                ValueType::SimpleText
                    | ValueType::Text
                    | ValueType::Number
                    | ValueType::Real
                    | ValueType::Point
                    | ValueType::Stone
            ),
            ValueShape::Compose(..)
            | ValueShape::Size
            | ValueShape::List(_)
            | ValueShape::ListOfCompose(..) => true,
            ValueShape::EList(_) | ValueShape::Figure => false,
        }
}

/// Checks the values' count and type; returns whether the single value is
/// there and not empty (for the checks that look into it). With
/// `type_checked_elsewhere`, a value that does not read as its type is left
/// to them.
fn check_values(
    p: &crate::Property<'_, '_>,
    info: &crate::props::PropertyInfo,
    size: kifu_board::BoardSize,
    type_checked_elsewhere: bool,
    out: &mut Vec<Diagnostic>,
) -> bool {
    let id = p.id();
    let shape = info.value;
    let first = p.value_spans().next().unwrap_or(p.span());
    let single = matches!(
        shape,
        ValueShape::Single(_) | ValueShape::Compose(..) | ValueShape::Size | ValueShape::Figure
    );
    if single && p.value_count() > 1 {
        let second = p.value_spans().nth(1).unwrap_or(first);
        report(
            out,
            codes::TOO_MANY_VALUES,
            Severity::Error,
            second,
            format!("{id} takes one value, found {}", p.value_count()),
        );
        return false;
    }
    // Empty values and white space in points need a look at every value;
    // most values (`B[pd]`) have neither, and are not copied for it.
    let blank = |v: &[u8]| v.is_empty() || v.iter().any(|&b| crate::props::is_sgf_space(b));
    let raws: Vec<&[u8]> = if p.raw_values().any(blank) {
        p.raw_values().collect()
    } else {
        Vec::new()
    };
    if is_empty_value(shape, &raws) {
        let message = if matches!(shape, ValueShape::List(_) | ValueShape::ListOfCompose(..)) {
            format!("{id} has an empty value: a list of at least one is needed")
        } else {
            format!("{id} has an empty value")
        };
        report(out, codes::EMPTY_VALUE, Severity::Warning, first, message);
        return false;
    }
    // Empty where the type allows it, or no value at all: nothing to look into.
    let filled = p
        .raw_values()
        .next()
        .is_some_and(|v| !v.trim_ascii().is_empty());
    let value = match crate::props::without_space_in_point_values(info, &raws, size) {
        Some(values) => {
            let at = raws
                .iter()
                .zip(&values)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let span = p.value_spans().nth(at).unwrap_or(first);
            report(
                out,
                codes::SPACE_IN_POINT,
                Severity::Warning,
                span,
                format!(
                    "{id}[{}]: white space inside a point, which SGF says to remove: {id}[{}]",
                    shorten(&String::from_utf8_lossy(raws[at])).escape_debug(),
                    String::from_utf8_lossy(&values[at]).escape_debug()
                ),
            );
            let texts: Vec<String> = values
                .iter()
                .map(|v| String::from_utf8_lossy(v).into_owned())
                .collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            crate::props::parse_value(info, &refs, size)
        }
        None => p.value(),
    };
    match value {
        Err(_) if type_checked_elsewhere && filled => {}
        // A bad move or stone changes the game; elsewhere the value is
        // kept as written and nothing depends on it.
        Err(e) => report(
            out,
            codes::INVALID_VALUE,
            if matches!(id, "B" | "W" | "AB" | "AW" | "AE" | "SZ") {
                Severity::Error
            } else {
                Severity::Warning
            },
            first,
            format!("{id}: {e}"),
        ),
        Ok(crate::props::Value::List(items)) => {
            for (i, item) in items.iter().enumerate() {
                if items[..i].contains(item) {
                    report(
                        out,
                        codes::DUPLICATE_POINT,
                        Severity::Warning,
                        first,
                        format!("{id} lists the same point more than once"),
                    );
                    break;
                }
            }
        }
        // `BL[34.]`, `WL[.5]`: a number, not written as SGF writes a Real.
        Ok(crate::props::Value::Real(_)) if !type_checked_elsewhere => {
            let raw = String::from_utf8_lossy(p.raw_values().next().unwrap_or_default());
            if let Some(canonical) = crate::props::canonical_real(&raw) {
                report(
                    out,
                    codes::INVALID_VALUE,
                    Severity::Warning,
                    first,
                    format!(
                        "{id}[{}]: not a Real as SGF writes it: {id}[{canonical}]",
                        shorten(&raw).escape_debug()
                    ),
                );
            }
        }
        Ok(_) => {}
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(input: &str) -> Vec<&'static str> {
        check(&crate::parse(input.as_bytes()).value)
            .iter()
            .map(|d| d.code.as_str())
            .collect()
    }

    #[test]
    fn clean_games_pass() {
        assert!(
            codes("(;GM[1]FF[4]SZ[19]PB[a]KM[6.5];B[pd]C[hi];W[dd](;B[aa])(;B[bb]))").is_empty()
        );
    }

    #[test]
    fn values_are_checked_against_the_table() {
        assert_eq!(codes("(;SZ[9];B[zz])"), ["sgf/invalid-value"]);
        assert_eq!(codes("(;KM[6.5][7])"), ["sgf/too-many-values"]);
        assert_eq!(codes("(;DT[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;AW[aa][bb][aa])"), ["sgf/duplicate-point"]);
        assert_eq!(codes("(;PL[X])"), ["sgf/invalid-value"]);
        // Issue 20, item 8: white space only, an empty list where a list of
        // at least one is needed, Reals not written as SGF writes them.
        assert_eq!(codes("(;PC[ ])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;AW[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;LB[ ])"), ["sgf/empty-value"]);
        assert!(codes("(;FF[4]GM[1];B[]DD[]KO[])").is_empty());
        assert_eq!(
            codes("(;GM[1];B[aa]BL[34.];W[bb]WL[.5]V[1e2])"),
            [
                "sgf/invalid-value",
                "sgf/invalid-value",
                "sgf/invalid-value"
            ]
        );
        assert!(codes("(;GM[1];B[aa]BL[34.50];W[bb]WL[-0.5]V[+7])").is_empty());
        // Issue 20, item 2: white space inside points, a warning.
        assert_eq!(
            codes("(;FF[4]GM[1]SZ[19];B[dd];W[oq\n];B[ pp])"),
            ["sgf/space-in-point", "sgf/space-in-point"]
        );
        let found = check(&crate::parse(b"(;GM[1];B[c c])").value);
        assert_eq!(found[0].severity, Severity::Warning);
        // Still invalid without it: said as such.
        assert_eq!(codes("(;GM[1]SZ[9];B[z z])"), ["sgf/invalid-value"]);
    }

    #[test]
    fn properties_in_the_wrong_node_are_found() {
        assert_eq!(codes("(;GM[1];SZ[19])"), ["sgf/root-property-outside-root"]);
        assert_eq!(codes("(;PB[a];PW[b])"), ["sgf/game-info-outside-info-node"]);
        // Game info in two variations (not on one path) is fine.
        assert!(codes("(;GM[1](;PB[a])(;PB[b]))").is_empty());
        assert_eq!(
            codes("(;AB[aa];AB[bb]B[cc])"),
            ["sgf/setup-and-move-mixed", "sgf/setup-in-main-line"]
        );
        assert_eq!(codes("(;GM[1];B[aa]W[bb])"), ["sgf/two-moves-in-node"]);
        assert_eq!(codes("(;BM[1])"), ["sgf/annotation-without-move"]);
        assert_eq!(codes("(;GB[1]GW[1])"), ["sgf/contradicting-annotations"]);
        assert_eq!(codes("(;C[a]C[b])"), ["sgf/duplicate-property"]);
    }

    #[test]
    fn forms_of_other_versions_are_named() {
        assert_eq!(codes("(;B[aa])"), ["sgf/move-in-root"]);
        assert_eq!(codes("(;FF[4]KI[6])"), ["sgf/integer-komi"]);
        assert_eq!(codes("(;FF[4];B[tt])"), ["sgf/tt-pass"]);
        assert_eq!(codes("(;FF[3];B[])"), ["sgf/empty-pass-in-old-format"]);
        assert_eq!(
            codes("(;FF[3]AW[aa:bb])"),
            ["sgf/compressed-list-in-old-format"]
        );
        assert!(codes("(;FF[4]AW[aa:bb])").is_empty());
        assert_eq!(codes("(;SZ[19:19])"), ["sgf/square-as-rectangle"]);
    }

    #[test]
    fn go_rules_and_strict_checks() {
        assert_eq!(codes("(;GM[1];B[aa];W[aa])"), ["sgf/occupied-point"]);
        assert_eq!(codes("(;GM[1]AW[ba][ab];B[aa])"), ["sgf/suicide"]);
        assert_eq!(
            codes("(;GM[1]AB[aa];AB[aa])"),
            ["sgf/setup-in-main-line", "sgf/setup-without-effect"]
        );
        assert_eq!(codes("(;GM[1];B[aa];B[bb])"), ["sgf/same-color-twice"]);
        assert_eq!(codes("(;GM[1]HA[2])"), ["sgf/handicap-mismatch"]);
        assert!(codes("(;GM[1]HA[2]AB[dd][pp];W[aa])").is_empty());
        assert_eq!(codes("(;GM[1]SZ[200])"), ["sgf/board-too-big"]);
        assert_eq!(
            codes("(;FF[3]GM[1]SZ[19:25])"),
            ["sgf/rectangular-board-in-old-format"]
        );
        assert_eq!(codes("(;FF[4]XX[private])"), ["sgf/unknown-property"]);
        assert_eq!(
            codes("(;FF[4];B[aa]TE[1]BM[1])"),
            ["sgf/annotation-combination"]
        );
        assert_eq!(codes("(;FF[4])(;FF[3])"), ["sgf/mixed-file-formats"]);
        assert_eq!(codes("(;FF[4]C[a\0b])"), ["sgf/nul-in-value"]);
    }

    #[test]
    fn game_information_is_checked_against_its_ff4_form() {
        assert!(
            codes("(;FF[4]RE[B+Resign]DT[1996-05-12,13]KM[6.5]HA[2]AB[dd][pp]TM[600]BR[3d*])")
                .is_empty()
        );
        assert_eq!(codes("(;FF[4]RE[jigo])"), ["sgf/nonstandard-game-info"]);
        assert_eq!(codes("(;FF[4]DT[05/06/1996])"), ["sgf/invalid-game-info"]);
        // One diagnostic for a value that is not of its type, not two.
        assert_eq!(codes("(;FF[4]KM[5,5])"), ["sgf/nonstandard-game-info"]);
        assert_eq!(codes("(;FF[4]TM[60+30s])"), ["sgf/invalid-game-info"]);
        // Empty values and extra values are the table's business: an empty
        // number is an empty value (SGFC 17), which fix removes.
        assert_eq!(codes("(;FF[4]TM[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;FF[4]RE[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;FF[4]RE[0][?])"), ["sgf/too-many-values"]);
        // Below the root, in the game information node of a variation.
        assert_eq!(
            codes("(;FF[4](;RE[draw])(;RE[0]))"),
            ["sgf/nonstandard-game-info"]
        );
        // Not Go: neither the Go forms nor the Go properties are checked.
        assert_eq!(
            codes("(;GM[2]RE[jigo]TM[1h])"),
            ["sgf/not-go", "sgf/invalid-value"]
        );
    }

    #[test]
    fn game_information_severities() {
        let severities = |input: &str| -> Vec<Severity> {
            check(&crate::parse(input.as_bytes()).value)
                .iter()
                .map(|d| d.severity)
                .collect()
        };
        assert_eq!(severities("(;FF[4]HA[0])"), [Severity::Note]);
        assert_eq!(severities("(;FF[4]HA[x])"), [Severity::Warning]);
        assert_eq!(severities("(;FF[4]DT[12.5.1996])"), [Severity::Warning]);
        // FF[3] put no form on DT.
        assert_eq!(severities("(;FF[3]DT[12.5.1996])"), [Severity::Note]);
        // No certain FF[4] reading: a note, as it will be kept as written
        // when the file becomes FF[4] (issue 20, item 6).
        assert_eq!(severities("(;FF[3]DT[last summer])"), [Severity::Note]);
    }

    /// Issue 20, item 9: what the file's own format allows is a note at
    /// most, as SGFC is silent there; elsewhere a warning, as SGFC warns.
    #[test]
    fn what_the_files_own_format_allows_is_a_note() {
        let found = |input: &str| -> Vec<(&'static str, Severity)> {
            check(&crate::parse(input.as_bytes()).value)
                .iter()
                .map(|d| (d.code.as_str(), d.severity))
                .collect()
        };
        let obsolete = |s| ("sgf/obsolete-property", s);
        assert_eq!(
            found("(;FF[3]GM[1]BS[0]WS[0]ID[x];B[dd])"),
            [Severity::Note; 3].map(obsolete)
        );
        assert_eq!(
            found("(;FF[4]GM[1]BS[0]WS[0]ID[x];B[dd])"),
            [Severity::Warning; 3].map(obsolete)
        );
        // ID is FF[3] only; BS was in FF[1] already; L was FF[1]-FF[2].
        assert_eq!(
            found("(;FF[1]GM[1]BS[0]ID[x];B[dd]L[aa])"),
            [Severity::Note, Severity::Warning, Severity::Note].map(obsolete)
        );
        assert_eq!(
            found("(;FF[3]GM[1];B[dd]L[aa])"),
            [Severity::Warning].map(obsolete)
        );
        // SGFC says nothing of suicides, ko recaptures and moves in the
        // root: notes; it reports `[]` passes in old files and `SZ[9:9]`.
        assert_eq!(
            found("(;FF[4]GM[1]SZ[9]HA[2]AB[ba][ab];W[aa])"),
            [("sgf/suicide", Severity::Note)]
        );
        assert_eq!(
            found("(;FF[4]GM[1]SZ[9]B[aa])"),
            [("sgf/move-in-root", Severity::Note)]
        );
        assert_eq!(
            found("(;FF[3]GM[1]SZ[9];B[])"),
            [("sgf/empty-pass-in-old-format", Severity::Warning)]
        );
        assert_eq!(
            found("(;FF[4]GM[1]SZ[9:9])"),
            [("sgf/square-as-rectangle", Severity::Warning)]
        );
    }

    #[test]
    fn old_formats_and_other_games_are_named() {
        assert_eq!(codes("(;FF[3]L[aa])"), ["sgf/obsolete-property"]);
        assert_eq!(codes("(;FF[7])"), ["sgf/unknown-file-format"]);
        // Not Go: HA is not checked, and that is said once.
        assert_eq!(codes("(;GM[2]HA[x])"), ["sgf/not-go"]);
    }
}

/// The replay of variations with one board and undo against the replay
/// with a copy of the board per variation: same diagnostics on random
/// trees of moves and setup on small boards.
#[cfg(test)]
mod replay_tests {
    use super::*;
    use proptest::prelude::*;

    /// `go_rules` as it was before the board had undo: a copy of the board
    /// for every child of a branch, and `Board::set` one stone at a time.
    fn go_rules_copying(game: &crate::Game<'_, '_>, out: &mut Vec<Diagnostic>) {
        use kifu_board::Board;
        let size = game.board_size();
        handicap(game, out);
        // Each entry: the node, the board before it, the colour of the last
        // move on its path, and whether it is on the main line.
        let mut stack = vec![(game.root(), Board::new(size), None, true)];
        while let Some((node, mut board, mut last, main)) = stack.pop() {
            let is_root = node.parent().is_none();
            let (setup, mv) = setup_and_move(node);
            note_setup_in_main_line(&setup, main && !is_root, out);
            apply_setup(&setup, size, &mut board, out);
            if let Some(mv) = mv {
                play_checked(&mut board, mv, main, &mut last, out);
            }
            let children: Vec<_> = node.children().collect();
            if let Some((_, Some(point), _)) = mv
                && children.len() > 1
            {
                variation_level(&children, point, &board, out);
            }
            if let [only] = children.as_slice() {
                stack.push((*only, board, last, main));
            } else {
                for (i, child) in children.into_iter().enumerate().rev() {
                    stack.push((child, board.clone(), last, main && i == 0));
                }
            }
        }
    }

    /// A random game tree as SGF: each node a move, a setup or both,
    /// on a board of `size`, with `shape` deciding where variations open
    /// and close.
    fn tree(size: u8, nodes: &[(u8, u8, u8, u8)]) -> String {
        let letter = |v: u8| char::from(b'a' + v % (size + 1));
        let mut s = format!("(;GM[1]FF[4]SZ[{size}]");
        let mut open = 0;
        for &(kind, x, y, shape) in nodes {
            match shape % 8 {
                0 => {
                    s.push('(');
                    open += 1;
                }
                1 if open > 0 => {
                    s.push(')');
                    open -= 1;
                }
                2 | 3 if open > 0 => s.push_str(")("),
                _ => {}
            }
            let p = format!("{}{}", letter(x), letter(y));
            s.push(';');
            match kind % 7 {
                0 => s.push_str(&format!("AE[{p}]")),
                1 => s.push_str(&format!("AB[{p}][{}{}]", letter(y), letter(x))),
                2 => s.push_str(&format!("AW[{p}]AE[{}{}]", letter(y), letter(x))),
                3 | 4 => s.push_str(&format!("B[{p}]")),
                _ => s.push_str(&format!("W[{p}]")),
            }
        }
        for _ in 0..open {
            s.push(')');
        }
        s.push(')');
        s
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn one_board_with_undo_finds_what_copies_found(
            size in 2u8..=5,
            nodes in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()), 0..80),
        ) {
            let input = tree(size, &nodes);
            let collection = crate::parse(input.as_bytes()).value;
            for game in collection.games() {
                let (mut new, mut old) = (Vec::new(), Vec::new());
                go_rules(&game, &mut new);
                go_rules_copying(&game, &mut old);
                prop_assert_eq!(&new, &old, "{}", input);
            }
        }
    }
}

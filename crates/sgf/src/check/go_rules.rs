//! The Go rules on every line of a game: moves replayed on the board
//! (occupied points, suicide, ko), setup that changes nothing, and the
//! handicap stones.

use kifu_diag::{Code, Severity, Span};

use super::codes;
use super::report::{Findings, report};
use crate::tree::Node;

/// The setup of a node, in the order SGF applies it (`AE`, then `AB`, then
/// `AW`), each property with its points; and its move (the first `B` or
/// `W`), with where it is written.
pub(super) type NodeSetup = [Vec<(Span, Vec<kifu_board::Point>)>; 3];

pub(super) type NodeMove = (kifu_board::Color, Option<kifu_board::Point>, Span);

/// A node's setup and move, in one pass over its properties (the walk
/// reads a plain move, [`Node::plain_move`], without it).
pub(super) fn setup_and_move(node: Node<'_, '_>) -> (NodeSetup, Option<NodeMove>) {
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
        let mut points = Vec::new();
        p.points_into(&mut points);
        setup[slot].push((p.span(), points));
    }
    (setup, mv)
}

/// Notes setup stones on a main-line node after the root (`in_main_line`).
pub(super) fn note_setup_in_main_line(setup: &NodeSetup, in_main_line: bool, out: &mut Findings) {
    if in_main_line
        && let Some((span, _)) = setup.iter().flatten().min_by_key(|(span, _)| span.start)
    {
        report(
            out,
            codes::SETUP_IN_MAIN_LINE,
            Severity::Note,
            *span,
            || "setup stones in the main line after the root".into(),
        );
    }
}

/// Where setup stones go: the board itself, or a batch of its setup.
pub(super) trait Stones {
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
pub(super) fn apply_setup(
    setup: &NodeSetup,
    size: kifu_board::BoardSize,
    stones: &mut impl Stones,
    out: &mut Findings,
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
                    || format!("{id} changes nothing at [{}]", idle.join("][")),
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
pub(super) fn play_checked(
    board: &mut kifu_board::Board,
    (color, point, span): NodeMove,
    main: bool,
    last: &mut Option<kifu_board::Color>,
    captured: &mut Vec<kifu_board::Point>,
    out: &mut Findings,
) {
    if main && *last == Some(color) {
        report(out, codes::SAME_COLOR_TWICE, Severity::Note, span, || {
            format!("{color} moves twice in a row")
        });
    }
    *last = Some(color);
    let size = board.size();
    match point {
        Some(p) if size.contains(p) => {
            // Checked and played in one step, the stones taken put in
            // the walk's buffer.
            if let Some(why) = board.play_anyway_into(color, p, captured) {
                let (code, severity) = move_finding(why);
                report(out, code, severity, span, || {
                    format!("{color} {}: {why}", p.to_standard(size))
                });
            }
        }
        _ => board.pass(),
    }
}

/// Replays every line of a Go game on the board: moves on occupied points,
/// suicides, ko recaptures, and setup that changes nothing.
#[cfg(test)]
pub(super) fn go_rules(game: &crate::Game<'_, '_>, out: &mut Findings) {
    let mut board = kifu_board::Board::new(game.board_size());
    go_rules_with(game, &mut board, out, |_, _, _| false);
}

/// [`go_rules`], calling `each` on every node as the walk meets it (pre-order,
/// children in order) with whether it is a plain move ([`Node::plain_move`])
/// and whether a node above it holds game information; `each` says whether
/// this one does. The checks of the nodes go with the rules in one walk:
/// a second walk of a big collection's million nodes cost as much as the
/// checks it made. `board`: any board, made the game's empty board here.
pub(super) fn go_rules_with(
    game: &crate::Game<'_, '_>,
    board: &mut kifu_board::Board,
    out: &mut Findings,
    mut each: impl FnMut(Node<'_, '_>, bool, bool) -> bool,
) {
    let size = game.board_size();
    handicap(game, out);
    // One board for the whole tree: at a node with several children a
    // checkpoint is taken, and the board goes back to it after each child
    // but the last (a copy per child took gigabytes for 100 000 siblings).
    board.reset(size);
    let mut branches = Vec::new();
    let root = game.root().id();
    // The stones a move takes, in one buffer for the game.
    let mut captured = Vec::new();
    let mut stack = Vec::new();
    let mut current = Some((game.root(), None, true, false));
    loop {
        let Some((node, mut last, main, info_above)) = current.take() else {
            match stack.pop() {
                None => break,
                Some(Step::Node(node, last, main, info_above)) => {
                    current = Some((node, last, main, info_above));
                }
                Some(Step::Back) => {
                    if let Some(checkpoint) = branches.last() {
                        board.undo_to(checkpoint);
                    }
                }
                Some(Step::BackAndRelease) => {
                    if let Some(checkpoint) = branches.pop() {
                        board.undo_to(&checkpoint);
                        board.release(checkpoint);
                    }
                }
            }
            continue;
        };
        let plain = node.plain_move(size);
        let below = each(node, plain.is_some(), info_above) || info_above;
        let mv = match plain {
            // Most nodes: one move, no setup.
            Some((color, point)) => Some((color, Some(point), node.first_property_span())),
            None => {
                let (setup, mv) = setup_and_move(node);
                if setup.iter().any(|s| !s.is_empty()) {
                    note_setup_in_main_line(&setup, main && node.id() != root, out);
                    // All the setup of the node in one batch: the groups
                    // are worked out once, not once per stone.
                    let mut batch = board.setup();
                    apply_setup(&setup, size, &mut batch, out);
                }
                mv
            }
        };
        if let Some(mv) = mv {
            play_checked(board, mv, main, &mut last, &mut captured, out);
        }
        // Most nodes have one child: it comes next, without the stack.
        let first = node.first_child();
        if let Some(only) = first.filter(|c| c.next_sibling().is_none()) {
            current = Some((only, last, main, below));
            continue;
        }
        if first.is_none() {
            continue;
        }
        let children: Vec<_> = node.children().collect();
        if let Some((_, Some(point), _)) = mv {
            variation_level(&children, point, board, out);
        }
        branches.push(board.checkpoint());
        let n = children.len();
        for (i, child) in children.into_iter().enumerate().rev() {
            stack.push(Step::Node(child, last, main && i == 0, below));
            if i + 1 == n {
                stack.push(Step::BackAndRelease);
            } else if i > 0 {
                stack.push(Step::Back);
            }
        }
    }
}

/// A step of [`go_rules_with`]'s walk: a node, with the colour of the last
/// move on its path, whether it is on the main line and whether a node
/// above it holds game information; or a step back up to the innermost
/// branch.
enum Step<'c, 'i> {
    Node(Node<'c, 'i>, Option<kifu_board::Color>, bool, bool),
    Back,
    BackAndRelease,
}

/// The code and severity of an illegal move: a move on a stone is a
/// warning, as SGFC reports it (58); a suicide or a ko recaptured at once is
/// a note, kifu's own finding (SGFC is silent: some rules allow suicide,
/// and a ko may be retaken after a move elsewhere that the file left out).
pub(super) fn move_finding(why: kifu_board::IllegalMove) -> (Code, Severity) {
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
pub(super) fn variation_level(
    children: &[Node<'_, '_>],
    point: kifu_board::Point,
    board: &kifu_board::Board,
    out: &mut Findings,
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
    report(out, codes::VARIATION_LEVEL, Severity::Note, span, || {
        message
    });
}

/// `HA` against the root's setup stones.
pub(super) fn handicap(game: &crate::Game<'_, '_>, out: &mut Findings) {
    let root = game.root();
    // One look at each of the root's properties (a dozen or more in most
    // files), not one search of them per identifier.
    let (mut black, mut white, mut ha, mut first_black) = (0, 0, None, None);
    for p in root.properties() {
        match p.id() {
            "AB" => {
                black += point_count(&p);
                first_black = first_black.or(Some(p.span()));
            }
            "AW" => white += point_count(&p),
            "HA" => ha = ha.or(Some(p)),
            _ => {}
        }
    }
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
            .or(first_black)
            .unwrap_or(Span::empty(0));
        report(out, codes::HANDICAP_MISMATCH, Severity::Note, span, || {
            format!(
                "HA[{}] but {black} black and {white} white setup stones",
                stated.map_or_else(|| "-".to_owned(), |n| n.to_string())
            )
        });
    }
}

/// The points a setup property lists, as [`Node::points`] counts them.
fn point_count(p: &crate::Property<'_, '_>) -> usize {
    let mut points = Vec::new();
    p.points_into(&mut points);
    points.len()
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
    fn go_rules_copying(game: &crate::Game<'_, '_>, out: &mut Findings) {
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
                play_checked(&mut board, mv, main, &mut last, &mut Vec::new(), out);
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
                let (mut new, mut old) = (Findings::described(), Findings::described());
                go_rules(&game, &mut new);
                go_rules_copying(&game, &mut old);
                prop_assert_eq!(&new.list, &old.list, "{}", input);
            }
        }
    }
}

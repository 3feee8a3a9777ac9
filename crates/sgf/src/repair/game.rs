//! The repairs of one game: its structure first, then every node in
//! depth-first order on one board.

use kifu_board::{Board, Color};
use kifu_diag::Span;

use super::node::{NodeContext, repair_node};
use super::report::{Repair, Repairer};
use super::structure::repair_structure;
use crate::check::codes;
use crate::tree::{Collection, NodeId};

/// Repairs game `g` (of format `file_format`): each node's structure, then the node itself, depth
/// first on one board (replayed only when `needs_board`: see
/// `games_needing_board`). Returns whether what was done depends on this
/// game alone: it is FF\[4\], and no old form waited for a repair of the
/// file (the other games' formats and the repairs before say nothing).
pub(super) fn repair_game(
    c: &mut Collection<'_>,
    g: usize,
    file_format: u32,
    needs_board: bool,
    board: &mut Board,
    r: &mut Repairer<'_>,
) -> bool {
    let Some(game) = c.game(g) else { return true };
    let go = game.game_type() == 1;
    let size = game.board_size();
    let ff = match file_format {
        f @ 1..=3 => f as u8,
        _ => 4,
    };
    let root = game.root().id();
    let cx = NodeContext {
        go,
        ff,
        tt_is_pass: size.tt_is_pass(),
        utf16: c.is_utf16(),
        ascii_safe: game.charset().scan == crate::bytes::charset::ScanMode::AsciiSafe,
    };
    let made_before = r.report.made.len();
    // The nodes there were before any repair: the structure repairs look
    // at those only (a node split off by a node repair holds what was
    // looked at already).
    let before = c.nodes.len();
    // Depth first, each node seeing the board before its own moves. One
    // board: where the tree branches a checkpoint is taken, and the board
    // goes back to it after each child but the last (`None` entries).
    // Each node goes with whether a node above it holds game information.
    board.reset(size);
    let mut branches = Vec::new();
    let mut stack = Vec::new();
    // Most nodes have one child: it comes next, without the stack.
    let mut next = Some((root, false));
    loop {
        let step = match next.take() {
            Some(only) => Some(only),
            None => match stack.pop() {
                Some(step) => step,
                None => break,
            },
        };
        let Some((node, info_above)) = step else {
            // Back up to the innermost branch; after its second-to-last
            // child the checkpoint is given back (the last child follows).
            if let Some((checkpoint, left)) = branches.last_mut() {
                board.undo_to(checkpoint);
                *left -= 1;
                if *left == 1
                    && let Some((checkpoint, _)) = branches.pop()
                {
                    board.release(checkpoint);
                }
            }
            continue;
        };
        let is_root = node == root;
        // Nothing in a plain move for the structure repairs (`B` or `W`
        // alone) nor, below the root of a game of Go, for the node repairs (see
        // `Node::plain_move`). Read once: the structure repairs, made
        // first, may leave a plain move of a node that was not one.
        let mut plain = c.node(node).plain_move(size);
        let mut has_info = false;
        if is_root || node.index() < before && plain.is_none() {
            has_info = repair_structure(c, node, is_root, info_above, go, r);
            plain = c.node(node).plain_move(size);
        }
        let plain = plain.filter(|_| go && !is_root);
        if plain.is_none() {
            repair_node(c, node, &cx, board, r);
        }
        if needs_board {
            match plain {
                Some((color, p)) => {
                    board.play_anyway_into(color, p, &mut Vec::new());
                }
                None => apply_node(c, node, board),
            }
        }
        let n = c.node(node);
        let below = info_above || has_info;
        match n.first_child() {
            None => continue,
            Some(only) if only.next_sibling().is_none() => {
                next = Some((only.id(), below));
                continue;
            }
            Some(_) => {
                let count = n.children().count();
                branches.push((board.checkpoint(), count));
            }
        }
        // The children, last first, with a step back to the branch's
        // checkpoint between two of them.
        let mut child = n.last_child();
        while let Some(ch) = child {
            stack.push(Some((ch.id(), below)));
            child = ch.prev_sibling();
            if child.is_some() {
                stack.push(None);
            }
        }
    }
    let old_passes = std::mem::take(&mut r.old_passes);
    let old_dates = std::mem::take(&mut r.old_dates);
    let alone = ff == 4 && old_passes.is_empty() && old_dates.is_empty();
    finish_game(c, root, ff, made_before, old_passes, old_dates, r);
    alone
}

/// The repairs of a game that wait for the rest of it: the old forms
/// written as FF\[4\] has them, and `FF[4]`, when the game was repaired
/// (or the file's games are of different formats).
fn finish_game(
    c: &mut Collection<'_>,
    root: NodeId,
    ff: u8,
    made_before: usize,
    old_passes: Vec<(NodeId, String, Span)>,
    old_dates: Vec<(NodeId, String, Option<String>, Span, String)>,
    r: &mut Repairer<'_>,
) {
    let repaired = r.report.made.len() > made_before || r.changed_already;
    if repaired || r.mixed_formats {
        for (node, id, value, span, message) in old_dates {
            match value {
                Some(value) => {
                    if r.decide(codes::NONSTANDARD_GAME_INFO, span, message, false) {
                        let _ = c.set_raw(node, &id, &[value.as_bytes()]);
                    }
                }
                None => r.report.kept.push(Repair {
                    code: codes::INVALID_GAME_INFO,
                    span,
                    message,
                    critical: false,
                }),
            }
        }
        for (node, id, span) in old_passes {
            if r.decide(
                codes::TT_PASS,
                span,
                format!("{id}[tt] pass written {id}[] for FF[4]"),
                false,
            ) {
                let _ = c.set_raw(node, &id, &[b""]);
            }
        }
    }
    if (repaired || r.mixed_formats) && ff < 4 {
        let span = c
            .node(root)
            .property("FF")
            .map_or(Span::empty(0), |p| p.span());
        let (code, message) = if repaired {
            (
                codes::UNKNOWN_FF,
                "marked FF[4]: the repaired file follows FF[4]",
            )
        } else {
            (
                codes::MIXED_FILE_FORMATS,
                "marked FF[4], as the other games of the file",
            )
        };
        if r.decide(code, span, message.into(), false) {
            let _ = c.set_raw(root, "FF", &[b"4"]);
        }
    }
}

/// Plays the node's setup and moves on `board`.
pub(super) fn apply_node(c: &Collection<'_>, node: NodeId, board: &mut Board) {
    let n = c.node(node);
    if let Some((color, p)) = n.plain_move(board.size()) {
        board.play_anyway_into(color, p, &mut Vec::new());
        return;
    }
    let mut setup = board.setup();
    for (id, stone) in [
        ("AE", None),
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
    ] {
        for pt in n.points(id) {
            setup.set(pt, stone);
        }
    }
    drop(setup);
    if let Some((color, Some(p))) = n.get_move() {
        board.play_anyway(color, p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repair::{Options, Report};

    /// Runs [`repair_node`] on every node below a root of `input` that `Node::plain_move`
    /// takes as one; returns how many there were, and what was repaired.
    fn repairs_of_plain_moves(input: &[u8]) -> (usize, Vec<Repair>) {
        let mut c = crate::parse(input).value;
        let options = Options { force: true };
        let mut r = Repairer {
            options: &options,
            report: Report::default(),
            old_passes: Vec::new(),
            old_dates: Vec::new(),
            normalize: false,
            changed_already: false,
            mixed_formats: false,
            closed_values: 0,
        };
        let mut plain = 0;
        for g in 0..c.len() {
            let game = c.game(g).unwrap();
            if game.game_type() != 1 {
                continue;
            }
            let ff = game.file_format().clamp(1, 4) as u8;
            let size = game.board_size();
            let ascii_safe = game.charset().scan == crate::bytes::charset::ScanMode::AsciiSafe;
            let nodes: Vec<NodeId> = game.nodes().map(|n| n.id()).collect();
            for node in nodes {
                if c.node(node).parent().is_some() && c.node(node).is_plain_move(size) {
                    plain += 1;
                    let mut board = Board::new(size);
                    let tt = size.tt_is_pass();
                    let cx = NodeContext {
                        go: true,
                        ff,
                        tt_is_pass: tt,
                        utf16: false,
                        ascii_safe,
                    };
                    repair_node(&mut c, node, &cx, &mut board, &mut r);
                }
            }
        }
        let mut found = r.report.made;
        found.extend(r.report.refused);
        assert!(r.old_passes.is_empty() && r.old_dates.is_empty());
        (plain, found)
    }

    /// The premise of skipping plain moves: the general path finds nothing
    /// to repair in them, in hand-made cases and in every corpus file.
    #[test]
    fn plain_moves_need_no_repair_of_their_node() {
        let (plain, found) = repairs_of_plain_moves(
            b"(;GM[1]FF[4]SZ[9];B[ii];W[aa](;B[ee])(;W[ef]))(;FF[4]SZ[13:9];B[mi])(;FF[3];B[aa])(;B[ss])",
        );
        assert_eq!(plain, 6);
        assert!(found.is_empty(), "{found:?}");
        // Not plain: off the board, a pass, lowercase, escaped, two values,
        // two properties; the general path repairs or keeps them.
        for node in [
            "B[jj]",
            "B[tt]",
            "b[aa]",
            "B[a\\a]",
            "B[aa][bb]",
            "B[aa]C[x]",
            "B[AA]",
            "B[]",
        ] {
            let input = format!("(;GM[1]FF[4]SZ[9];{node})");
            assert_eq!(repairs_of_plain_moves(input.as_bytes()).0, 0, "{node}");
        }
        let mut files = 0;
        for path in crate::test_corpus::corpus_files() {
            if let Ok(bytes) = std::fs::read(&path) {
                files += 1;
                let (_, found) = repairs_of_plain_moves(&bytes);
                assert!(found.is_empty(), "{}: {found:?}", path.display());
            }
        }
        eprintln!("{files} corpus files");
    }
}

//! Setup that changes nothing.

use kifu_board::{Board, Color, Point};

use super::report::Repairer;
use crate::check::codes;
use crate::tree::{Collection, NodeId};

/// Setup points that change nothing (`AB` on a black stone, `AE` on an
/// empty point...) removed from their lists, in the order SGF applies
/// setup; a list left empty goes with its property.
pub(super) fn remove_idle_setup(
    c: &mut Collection<'_>,
    node: NodeId,
    board: &mut Board,
    r: &mut Repairer<'_>,
) {
    // Most nodes the repairs look at (roots, comments) have no setup.
    let has_setup = c
        .node(node)
        .properties()
        .any(|p| matches!(p.id(), "AE" | "AB" | "AW"));
    if !has_setup {
        return;
    }
    // The setup is played on the board in a batch, then taken back: the
    // board is not copied for each node with setup.
    let checkpoint = board.checkpoint();
    let size = board.size();
    let mut batch = board.setup();
    for (id, stone) in [
        ("AE", None),
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
    ] {
        let points = c.node(node).points(id);
        let mut kept: Vec<Point> = Vec::with_capacity(points.len());
        // The points of the board in `kept`, for long lists.
        let mut kept_at = vec![
            false;
            if points.len() > 16 {
                size.point_count()
            } else {
                0
            }
        ];
        let mut idle: Vec<Point> = Vec::new();
        for &p in &points {
            let is_kept = |p: Point| {
                if kept_at.is_empty() {
                    kept.contains(&p)
                } else {
                    kept_at[p.index(size)]
                }
            };
            if size.contains(p) && batch.get(p) == stone && !is_kept(p) {
                idle.push(p);
            } else {
                if size.contains(p) && !kept_at.is_empty() {
                    kept_at[p.index(size)] = true;
                }
                kept.push(p);
            }
            batch.set(p, stone);
        }
        if idle.is_empty() {
            continue;
        }
        let Some(span) = c.node(node).property(id).map(|p| p.span()) else {
            continue;
        };
        let shown: Vec<String> = idle
            .iter()
            .map(|p| String::from_utf8_lossy(&p.to_sgf()).into_owned())
            .collect();
        let message = format!("{id}[{}] changes nothing: removed", shown.join("]["));
        if r.decide(codes::SETUP_WITHOUT_EFFECT, span, message, false) {
            if kept.is_empty() {
                let _ = c.remove_property(node, id);
            } else {
                let raws: Vec<[u8; 2]> = kept.iter().map(|p| p.to_sgf()).collect();
                let refs: Vec<&[u8]> = raws.iter().map(|b| b.as_slice()).collect();
                let _ = c.set_raw(node, id, &refs);
            }
        }
    }
    drop(batch);
    board.undo_to(&checkpoint);
    board.release(checkpoint);
}

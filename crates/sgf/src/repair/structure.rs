//! Repairs of where properties stand and what they say together.

use kifu_diag::Span;

use super::report::Repairer;
use super::values::props_of;
use crate::check::codes;
use crate::tree::{Collection, NodeId};

/// Repairs of where properties stand and what they say together, in one
/// node: root properties outside the root and game information below the
/// node that holds it (removed, critical), `GB` with `GW` (the second
/// removed, critical), move annotations without a move, `KI`, `SZ[19:19]`,
/// boards over 52 and NUL bytes in values. `info_above` says whether a
/// node above holds game information; returns whether this one does.
pub(super) fn repair_structure(
    c: &mut Collection<'_>,
    node: NodeId,
    is_root: bool,
    info_above: bool,
    go: bool,
    r: &mut Repairer<'_>,
) -> bool {
    let seen = Seen::of(c, node, is_root, info_above);
    if seen.misplaced {
        misplaced(c, node, is_root, info_above, r);
    }
    if seen.gb && seen.gw {
        good_for_both(c, node, r);
    }
    if seen.annotation && !seen.moves {
        annotations_without_move(c, node, r);
    }
    if seen.nul {
        nul_bytes(c, node, r);
    }
    if go && seen.ki {
        integer_komi(c, node, r);
    }
    if is_root {
        board_size(c, node, r);
    }
    seen.info
}

/// For each game, whether its node repairs need the position on the
/// board: a node below the root has setup or `M` (marks that become `MA`
/// or `TR` as the point is empty or not). Without, the moves are not
/// replayed. One pass over the arena, not a walk of each tree.
pub(super) fn games_needing_board(c: &Collection<'_>) -> Vec<bool> {
    let mut needs = vec![false; c.len()];
    for i in 0..c.nodes.len() {
        let data = &c.nodes[i];
        if data.parent.is_none() || data.removed() {
            continue;
        }
        let id = NodeId::from_index(i);
        let n = c.node(id);
        // Asked of every node of every pass: the identifier as written
        // answers, but for the rare one with lowercase letters (`AddBlack`).
        let placed = n.properties().any(|p| match p.written_id() {
            b"AE" | b"AB" | b"AW" | b"M" => true,
            written if written.iter().all(u8::is_ascii_uppercase) => false,
            _ => matches!(p.id(), "AE" | "AB" | "AW" | "M"),
        });
        if placed && let Some(g) = c.game_of(id) {
            needs[g] = true;
        }
    }
    needs
}

/// What the structure repairs look for in a node, found in one pass over
/// its properties (most nodes have none of it).
#[derive(Default)]
struct Seen {
    /// A root property outside the root, or game information below a
    /// node that holds some.
    misplaced: bool,
    /// Game information.
    info: bool,
    gb: bool,
    gw: bool,
    /// `B` or `W`.
    moves: bool,
    /// `BM`, `TE`, `DO` or `IT`.
    annotation: bool,
    ki: bool,
    /// A NUL byte in a value.
    nul: bool,
}

impl Seen {
    fn of(c: &Collection<'_>, node: NodeId, is_root: bool, info_above: bool) -> Seen {
        use crate::props::PropertyKind;
        let mut seen = Seen::default();
        for p in c.node(node).properties() {
            match p.id() {
                "GB" => seen.gb = true,
                "GW" => seen.gw = true,
                "B" | "W" => seen.moves = true,
                "BM" | "TE" | "DO" | "IT" => seen.annotation = true,
                "KI" => seen.ki = true,
                _ => {}
            }
            match p.info().map(|i| i.kind) {
                Some(PropertyKind::Root) if !is_root => seen.misplaced = true,
                Some(PropertyKind::GameInfo) if info_above => seen.misplaced = true,
                Some(PropertyKind::GameInfo) => seen.info = true,
                _ => {}
            }
            seen.nul |= p.raw_values().any(|v| v.contains(&0));
        }
        seen
    }
}

/// Root properties outside the root and game information below the node
/// that holds it: removed (critical).
fn misplaced(
    c: &mut Collection<'_>,
    node: NodeId,
    is_root: bool,
    info_above: bool,
    r: &mut Repairer<'_>,
) {
    use crate::props::PropertyKind;
    for p in props_of(c, node) {
        let Some(info) = crate::props::lookup(&p.id) else {
            continue;
        };
        match info.kind {
            PropertyKind::Root if !is_root => {
                let message = format!(
                    "root property {} removed from a node that is not the root",
                    p.id
                );
                if r.decide(codes::ROOT_PROPERTY_OUTSIDE_ROOT, p.span, message, true) {
                    let _ = c.remove_property(node, &p.id);
                }
            }
            PropertyKind::GameInfo if info_above => {
                let message = format!(
                    "game information {} removed: a node above it holds this line's game information",
                    p.id
                );
                if r.decide(codes::GAME_INFO_OUTSIDE_INFO_NODE, p.span, message, true) {
                    let _ = c.remove_property(node, &p.id);
                }
            }
            _ => {}
        }
    }
}

/// `GB` and `GW` in one node: the second removed (critical).
fn good_for_both(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    let n = c.node(node);
    let gb = n.property("GB").map(|p| p.span());
    let gw = n.property("GW").map(|p| p.span());
    let (second, span) = match (gb, gw) {
        (Some(b), Some(w)) if b.start > w.start => ("GB", b),
        (_, Some(w)) => ("GW", w),
        _ => ("GW", Span::empty(0)),
    };
    let message = format!("{second} removed: GB and GW contradict each other");
    if r.decide(codes::CONTRADICTING_ANNOTATIONS, span, message, true) {
        let _ = c.remove_property(node, second);
    }
}

/// Move annotations in a node without a move: removed.
fn annotations_without_move(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    for id in ["BM", "TE", "DO", "IT"] {
        let Some(span) = c.node(node).property(id).map(|p| p.span()) else {
            continue;
        };
        let message = format!("move annotation {id} removed: its node has no move");
        if r.decide(codes::ANNOTATION_WITHOUT_MOVE, span, message, false) {
            let _ = c.remove_property(node, id);
        }
    }
}

/// NUL bytes in values replaced by spaces.
fn nul_bytes(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    for p in props_of(c, node) {
        if p.values.iter().any(|v| v.contains(&0)) {
            let values: Vec<Vec<u8>> = p
                .values
                .iter()
                .map(|v| v.iter().map(|&b| if b == 0 { b' ' } else { b }).collect())
                .collect();
            let refs: Vec<&[u8]> = values.iter().map(Vec::as_slice).collect();
            let message = format!("NUL bytes in {} replaced by spaces", p.id);
            if r.decide(codes::NUL_IN_VALUE, p.span, message, false) {
                let _ = c.set_raw(node, &p.id, &refs);
            }
        }
    }
}

/// `KI[n]`, komi counted in half points as integers: `KM[n/2]`.
pub(super) fn integer_komi(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    let n = c.node(node);
    let Some(ki) = n.property("KI") else { return };
    let span = ki.span();
    let Some(half_points) = ki
        .raw_values()
        .next()
        .and_then(|v| std::str::from_utf8(v).ok()?.trim().parse::<i64>().ok())
    else {
        return;
    };
    let komi = if half_points % 2 == 0 {
        (half_points / 2).to_string()
    } else {
        format!("{:.1}", half_points as f64 / 2.0)
    };
    if n.has("KM") {
        let same = n
            .text("KM")
            .is_some_and(|t| t.trim().parse::<f64>().ok() == komi.parse().ok());
        let message = if same {
            format!("KI[{half_points}] removed: KM says the same")
        } else {
            format!("KI[{half_points}] removed: KM holds the komi")
        };
        if r.decide(codes::INTEGER_KOMI, span, message, !same) {
            let _ = c.remove_property(node, "KI");
        }
    } else {
        let message = format!("KI[{half_points}] written KM[{komi}]");
        if r.decide(codes::INTEGER_KOMI, span, message, false)
            && c.rename_property(node, "KI", "KM").is_ok()
        {
            let _ = c.set_raw(node, "KM", &[komi.as_bytes()]);
        }
    }
}

/// `SZ[19:19]` written `SZ[19]`; sides over 52 set to 52 (critical).
pub(super) fn board_size(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    let Some(sz) = c.node(node).property("SZ") else {
        return;
    };
    let span = sz.span();
    let Some(raw) = sz.raw_values().next() else {
        return;
    };
    let text = String::from_utf8_lossy(raw).into_owned();
    if text
        .split(':')
        .any(|s| s.trim().parse::<i64>().is_ok_and(|n| n < 1))
    {
        let message = format!("SZ[{text}] written SZ[19]: a board side is at least 1");
        if r.decide(codes::INVALID_VALUE, span, message, true) {
            let _ = c.set_raw(node, "SZ", &[b"19"]);
        }
        return;
    }
    let sides: Vec<Option<u32>> = text.split(':').map(|s| s.trim().parse().ok()).collect();
    let sides: Vec<u32> = match sides.as_slice() {
        [Some(a)] => vec![*a],
        [Some(a), Some(b)] => vec![*a, *b],
        _ => return,
    };
    if sides.iter().any(|&n| n > 52) {
        let fixed: Vec<String> = sides.iter().map(|&n| n.min(52).to_string()).collect();
        let value = if fixed.len() == 2 && fixed[0] == fixed[1] {
            fixed[0].clone()
        } else {
            fixed.join(":")
        };
        let message = format!("SZ[{text}] written SZ[{value}]: a board side is at most 52");
        if r.decide(codes::BOARD_TOO_BIG, span, message, true) {
            let _ = c.set_raw(node, "SZ", &[value.as_bytes()]);
        }
    } else if sides.len() == 2 && sides[0] == sides[1] {
        let message = format!("SZ[{text}] written SZ[{}]: a square board", sides[0]);
        if r.decide(codes::SQUARE_AS_RECTANGLE, span, message, false) {
            let _ = c.set_raw(node, "SZ", &[sides[0].to_string().as_bytes()]);
        }
    }
}

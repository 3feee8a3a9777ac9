//! Checks of one node: each property against the table and its place,
//! and what the properties of a node say together.

use kifu_diag::{Severity, Span};

use super::codes;
use super::context::Context;
use super::report::{Findings, report};
use super::values::{check_format_details, check_game_info, check_values};
use crate::props::table::{SHORT_KEYS, short_key};
use crate::props::{PropertyInfo, PropertyKind};
use crate::tree::{Node, Property};

/// What the properties of a node say together, gathered as they are
/// checked one by one.
#[derive(Default)]
struct Gathered<'c> {
    /// The identifiers met so far: the short ones, almost all, as small
    /// integers in a bit set, the others in a set.
    seen_short: [u64; SHORT_KEYS.div_ceil(64)],
    seen_long: std::collections::HashSet<&'c str>,
    /// The first setup property.
    setup: Option<Span>,
    /// The moves (`B`, `W`), in order.
    moves: Vec<(&'c str, Span)>,
    /// The first game information property.
    info: Option<(&'c str, Span)>,
    /// The first move annotation.
    annotation: Option<(&'c str, Span)>,
    /// Whether `GB` was met, and where the first `GW` is.
    good_for_black: bool,
    good_for_white: Option<Span>,
}

impl<'c> Gathered<'c> {
    fn was_seen(&self, id: &str) -> bool {
        match short_key(id.as_bytes()) {
            Some(key) => self.seen_short[key / 64] & (1 << (key % 64)) != 0,
            None => self.seen_long.contains(id),
        }
    }

    fn see(&mut self, id: &'c str) {
        match short_key(id.as_bytes()) {
            Some(key) => self.seen_short[key / 64] |= 1 << (key % 64),
            None => {
                self.seen_long.insert(id);
            }
        }
    }
}

/// Checks one node; returns whether it holds game information.
pub(super) fn check_node(node: &Node<'_, '_>, cx: &Context, out: &mut Findings) -> bool {
    let mut gathered = Gathered::default();
    for p in node.properties() {
        check_property(&p, cx, &mut gathered, out);
    }
    setup_with_move(&gathered, out);
    move_in_root(&gathered, cx, out);
    two_moves(&gathered, out);
    annotation_without_move(&gathered, out);
    good_for_both(&gathered, out);
    info_below_info(&gathered, cx, out);
    gathered.info.is_some()
}

/// The checks of one property, in the order their findings are listed.
fn check_property<'c>(
    p: &Property<'c, '_>,
    cx: &Context,
    gathered: &mut Gathered<'c>,
    out: &mut Findings,
) {
    let id = p.id();
    if id.is_empty() {
        return;
    }
    if gathered.was_seen(id) {
        report(
            out,
            codes::DUPLICATE_PROPERTY,
            Severity::Warning,
            p.span(),
            || format!("property {id} appears twice in this node"),
        );
    }
    // Asked only of the two it matters to: each question is a search.
    let other_seen = match id {
        "TE" => gathered.was_seen("BM"),
        "BM" => gathered.was_seen("TE"),
        _ => false,
    };
    gathered.see(id);
    match id {
        "GB" => gathered.good_for_black = true,
        "GW" => gathered.good_for_white = gathered.good_for_white.or(Some(p.span())),
        _ => {}
    }
    // Looked up once for every check that asks.
    let table = crate::props::lookup(id);
    if cx.go {
        check_format_details(p, id, table, cx, out);
    }
    nul_in_value(p, id, out);
    if other_seen {
        let better = if id == "TE" { "DO" } else { "IT" };
        report(
            out,
            codes::ANNOTATION_COMBINATION,
            Severity::Warning,
            p.span(),
            || format!("TE and BM together (FF[3] style): {better} in FF[4]"),
        );
    }
    let Some(table) = known(p, id, table, out) else {
        return;
    };
    if table.go_only && !cx.go {
        return;
    }
    obsolete(p, id, table, cx, out);
    placed(p, id, table, cx, gathered, out);
    // Game information values of Go get their own check, which says
    // more than "expected a number" and how to correct it.
    let info_checked = cx.go
        && table.kind == PropertyKind::GameInfo
        && crate::info::normalize_info::NORMALIZED.contains(&id);
    // Points are Go's (and a few other games'): in a game that is not
    // Go, `B[Move x]` may be right, and is kept as written.
    let foreign_points = !cx.go && crate::props::mentions_points(table);
    if !foreign_points && check_values(p, id, table, cx.size, info_checked, out) && info_checked {
        check_game_info(p, id, cx.ff, out);
    }
}

/// A NUL byte in a value (a binary file read as SGF?).
fn nul_in_value(p: &Property<'_, '_>, id: &str, out: &mut Findings) {
    if let Some(at) = p.raw_values().position(|v| v.contains(&0)) {
        let span = p.value_spans().nth(at).unwrap_or(p.span());
        report(out, codes::NUL_IN_VALUE, Severity::Warning, span, || {
            format!("a NUL byte in the value of {id} (a binary file?)")
        });
    }
}

/// The table entry of a property; an unknown one is noted (`KI` has a
/// check of its own, integer komi).
fn known(
    p: &Property<'_, '_>,
    id: &str,
    table: Option<&'static PropertyInfo>,
    out: &mut Findings,
) -> Option<&'static PropertyInfo> {
    if table.is_none() && id != "KI" {
        report(
            out,
            codes::UNKNOWN_PROPERTY,
            Severity::Note,
            p.span(),
            || format!("{id} is not an FF[4] property; kept as it is"),
        );
    }
    table
}

/// A property of an older format: a note where the file's own format
/// has it (`ID` in FF\[3\], where SGFC says nothing), else a warning.
fn obsolete(
    p: &Property<'_, '_>,
    id: &str,
    table: &PropertyInfo,
    cx: &Context,
    out: &mut Findings,
) {
    if !table.obsolete {
        return;
    }
    if table.old_formats.contains(&cx.ff) {
        report(
            out,
            codes::OBSOLETE_PROPERTY,
            Severity::Note,
            p.span(),
            || {
                format!(
                    "{id} ({}) is an FF[{}] property, not part of FF[4]; kept as it is",
                    table.description, cx.ff
                )
            },
        );
    } else {
        report(
            out,
            codes::OBSOLETE_PROPERTY,
            Severity::Warning,
            p.span(),
            || format!("{id} ({}) is not part of FF[4]", table.description),
        );
    }
}

/// A root property outside the root; the kinds of property the node
/// holds, for the checks of the node as a whole.
fn placed<'c>(
    p: &Property<'c, '_>,
    id: &'c str,
    table: &PropertyInfo,
    cx: &Context,
    gathered: &mut Gathered<'c>,
    out: &mut Findings,
) {
    match table.kind {
        PropertyKind::Root if !cx.is_root => report(
            out,
            codes::ROOT_PROPERTY_OUTSIDE_ROOT,
            Severity::Warning,
            p.span(),
            || format!("root property {id} in a node that is not the root"),
        ),
        PropertyKind::Setup => gathered.setup = gathered.setup.or(Some(p.span())),
        PropertyKind::Move if matches!(id, "B" | "W") => gathered.moves.push((id, p.span())),
        PropertyKind::Move if matches!(id, "BM" | "TE" | "DO" | "IT") => {
            gathered.annotation = gathered.annotation.or(Some((id, p.span())));
        }
        PropertyKind::GameInfo => gathered.info = gathered.info.or(Some((id, p.span()))),
        _ => {}
    }
}

/// Setup and a move in one node.
fn setup_with_move(gathered: &Gathered<'_>, out: &mut Findings) {
    if let (Some(s), Some((_, m))) = (gathered.setup, gathered.moves.first()) {
        report(
            out,
            codes::SETUP_AND_MOVE,
            Severity::Warning,
            s.min(*m),
            || "setup and move properties in one node".into(),
        );
    }
}

/// A move in the root node.
fn move_in_root(gathered: &Gathered<'_>, cx: &Context, out: &mut Findings) {
    if cx.is_root
        && let Some((id, span)) = gathered.moves.first()
    {
        report(out, codes::MOVE_IN_ROOT, Severity::Note, *span, || {
            format!("move {id} in the root node")
        });
    }
}

/// Two moves in one node.
fn two_moves(gathered: &Gathered<'_>, out: &mut Findings) {
    if let [(first, _), (second, span), ..] = gathered.moves[..] {
        report(out, codes::TWO_MOVES, Severity::Warning, span, || {
            format!("{first} and {second} in one node")
        });
    }
}

/// A move annotation (`BM`, `TE`, `DO`, `IT`) in a node without a move.
fn annotation_without_move(gathered: &Gathered<'_>, out: &mut Findings) {
    if let Some((id, span)) = gathered.annotation
        && gathered.moves.is_empty()
    {
        report(
            out,
            codes::ANNOTATION_WITHOUT_MOVE,
            Severity::Warning,
            span,
            || format!("move annotation {id} in a node without a move"),
        );
    }
}

/// `GB` and `GW` in one node.
fn good_for_both(gathered: &Gathered<'_>, out: &mut Findings) {
    if gathered.good_for_black
        && let Some(span) = gathered.good_for_white
    {
        report(
            out,
            codes::CONTRADICTING_ANNOTATIONS,
            Severity::Warning,
            span,
            || "GB (good for black) and GW (good for white) in one node".into(),
        );
    }
}

/// Game information below a node that holds some already.
fn info_below_info(gathered: &Gathered<'_>, cx: &Context, out: &mut Findings) {
    if let Some((id, span)) = gathered.info
        && cx.info_above
    {
        report(
            out,
            codes::GAME_INFO_OUTSIDE_INFO_NODE,
            Severity::Warning,
            span,
            || format!("game information {id} below a node that already holds game information"),
        );
    }
}

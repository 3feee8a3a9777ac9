//! The repairs of one node, each named for what it repairs.

use kifu_board::{Board, BoardSize, Point};
use kifu_diag::Span;

use super::report::Repairer;
use super::setup::remove_idle_setup;
use super::values::{
    Prop, closed_correction, corrected, escape_brackets, has_unescaped_bracket, is_list, letter,
    props_of,
};
use crate::check::codes;
use crate::info::normalize_info::{self, InfoFix};
use crate::props::{Value, has_repeated_value, takes_one_value};
use crate::syntax::codes as syntax_codes;
use crate::tree::{Collection, NodeId};

/// What the repairs of a node know of its game.
pub(super) struct NodeContext {
    /// A game of Go.
    pub(super) go: bool,
    /// The file format, 1 to 4.
    pub(super) ff: u8,
    /// `tt` is a pass on this board (19x19 or smaller).
    pub(super) tt_is_pass: bool,
    /// The input was UTF-16.
    pub(super) utf16: bool,
    /// `]` and `\\` cannot be trail bytes of the game's charset.
    pub(super) ascii_safe: bool,
}

/// The repairs of one node, in order; each looks first, without copying
/// anything, whether it has something to do (most nodes need none).
pub(super) fn repair_node(
    c: &mut Collection<'_>,
    node: NodeId,
    cx: &NodeContext,
    board: &mut Board,
    r: &mut Repairer<'_>,
) {
    if cx.go {
        remove_idle_setup(c, node, board, r);
    }
    let n = c.node(node);
    let lowercase = n
        .properties()
        .any(|p| p.written_id().iter().any(u8::is_ascii_lowercase));
    let repeated = has_repeated_identifier(c, node);
    if lowercase || repeated {
        // Both read the properties as they were before either repair.
        let props = props_of(c, node);
        lowercase_identifiers(c, node, &props, r);
        duplicate_properties(c, node, &props, r);
    }
    if cx.ascii_safe {
        unescaped_brackets(c, node, r);
    }
    too_many_values(c, node, r);
    if cx.go {
        space_in_points(c, node, board.size(), r);
    }
    invalid_values(c, node, cx.go, repeated, board.size(), r);
    forms_of_properties(c, node, cx, board, repeated, r);
    if cx.ff < 4 {
        old_forms(c, node, r);
    }
    split_node(c, node, r);
}

/// Whether an identifier stands twice in the node. The short ones, almost
/// all, are small integers marked in a bit set (a root holds a score of
/// properties); longer ones go in a set.
fn has_repeated_identifier(c: &Collection<'_>, node: NodeId) -> bool {
    use crate::props::table::{SHORT_KEYS, short_key};
    let mut short = [0u64; SHORT_KEYS.div_ceil(64)];
    let mut long = std::collections::HashSet::new();
    c.node(node).properties().any(|p| {
        let id = p.id();
        match short_key(id.as_bytes()) {
            Some(key) => {
                let (word, bit) = (key / 64, 1u64 << (key % 64));
                let seen = short[word] & bit != 0;
                short[word] |= bit;
                seen
            }
            None => !id.is_empty() && !long.insert(id),
        }
    })
}

/// Identifiers with lowercase letters (`AddBlack`) written as their
/// uppercase letters (`AB`).
fn lowercase_identifiers(
    c: &mut Collection<'_>,
    node: NodeId,
    props: &[Prop],
    r: &mut Repairer<'_>,
) {
    for p in props {
        if p.written != p.id.as_bytes()
            && !p.id.is_empty()
            && p.written.iter().any(u8::is_ascii_lowercase)
        {
            let msg = format!(
                "identifier {} written {}",
                String::from_utf8_lossy(&p.written),
                p.id
            );
            if r.decide(syntax_codes::LOWERCASE_ID, p.span, msg, false) {
                let _ = c.rename_property(node, &p.id, &p.id);
            }
        }
    }
}

/// Duplicated properties: identical ones dropped, lists merged.
/// The first property of each identifier (a set: a scan per property
/// was quadratic in a node with many properties).
fn duplicate_properties(
    c: &mut Collection<'_>,
    node: NodeId,
    props: &[Prop],
    r: &mut Repairer<'_>,
) {
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut removals: Vec<usize> = Vec::new();
    for (i, p) in props.iter().enumerate() {
        if p.id.is_empty() {
            continue;
        }
        let first = *seen.entry(p.id.as_str()).or_insert(i);
        if first == i {
            continue;
        }
        let list = matches!(
            p.id.as_str(),
            "AB" | "AW"
                | "AE"
                | "TR"
                | "SQ"
                | "CR"
                | "MA"
                | "SL"
                | "TB"
                | "TW"
                | "DD"
                | "LB"
                | "AR"
                | "LN"
        );
        if props[first].values == p.values {
            if r.decide(
                codes::DUPLICATE_PROPERTY,
                p.span,
                format!("second {} with the same values removed", p.id),
                false,
            ) {
                removals.push(i);
            }
        } else if list {
            if r.decide(
                codes::DUPLICATE_PROPERTY,
                p.span,
                format!("second {} merged into the first", p.id),
                false,
            ) {
                let mut merged: Vec<Vec<u8>> = props[first].values.clone();
                for v in &p.values {
                    if !merged.contains(v) {
                        merged.push(v.clone());
                    }
                }
                let refs: Vec<&[u8]> = merged.iter().map(Vec::as_slice).collect();
                let _ = c.set_raw(node, &p.id, &refs);
                removals.push(i);
            }
        } else {
            // Two different single values: which one is meant is a guess.
            if r.decide(
                codes::DUPLICATE_PROPERTY,
                p.span,
                format!(
                    "second {} with different values: dropped, the first kept",
                    p.id
                ),
                true,
            ) {
                removals.push(i);
            }
        }
    }
    for &i in removals.iter().rev() {
        let _ = c.remove_property_at(node, i);
    }
}

/// A `]` read inside a text value (`US[Matsuyama[3d]]`) is escaped, so
/// that other readers see the same value. Only where `]` cannot be the
/// trail byte of a character.
fn unescaped_brackets(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    let bracket = c
        .node(node)
        .properties()
        .any(|p| p.raw_values().any(has_unescaped_bracket));
    if !bracket {
        return;
    }
    for p in props_of(c, node) {
        if !p.values.iter().any(|v| has_unescaped_bracket(v)) {
            continue;
        }
        let escaped: Vec<Vec<u8>> = p.values.iter().map(|v| escape_brackets(v)).collect();
        if r.decide(
            syntax_codes::UNESCAPED_BRACKET,
            p.span,
            format!("`]` inside {} escaped as `\\]`", p.id),
            false,
        ) {
            let refs: Vec<&[u8]> = escaped.iter().map(Vec::as_slice).collect();
            let _ = c.set_raw(node, &p.id, &refs);
        }
    }
}

/// Too many values for a single-valued property: empty ones go first
/// (no loss); if several remain, which is meant is a guess (critical:
/// often a `]` went missing and the rest is another property's data).
fn too_many_values(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    let several = c
        .node(node)
        .properties()
        .any(|p| p.value_count() > 1 && p.info().is_some_and(|info| takes_one_value(info.value)));
    if !several {
        return;
    }
    for p in props_of(c, node) {
        let Some(info) = crate::props::lookup(&p.id) else {
            continue;
        };
        let single = takes_one_value(info.value);
        if !single || p.values.len() < 2 {
            continue;
        }
        let filled: Vec<&[u8]> = p
            .values
            .iter()
            .map(Vec::as_slice)
            .filter(|v| !v.is_empty())
            .collect();
        let keep: &[u8] = filled.first().copied().unwrap_or_default();
        let critical = filled.len() > 1;
        let message = if critical {
            format!(
                "{} takes one value: the first kept, {} dropped",
                p.id,
                filled.len() - 1
            )
        } else {
            format!("{} takes one value: the empty ones dropped", p.id)
        };
        if r.decide(codes::TOO_MANY_VALUES, p.span, message, critical) {
            let _ = c.set_raw(node, &p.id, &[keep]);
        }
    }
}

/// White space inside points (`W[oq\n]`, `B[ pp]`) removed, only those
/// bytes, where the values then read as their type; else they are
/// invalid values, below.
fn space_in_points(c: &mut Collection<'_>, node: NodeId, size: BoardSize, r: &mut Repairer<'_>) {
    // Only values of points are looked at (a root's names and titles hold
    // spaces, and each was copied with its node's properties).
    let space = c.node(node).properties().any(|p| {
        p.info().is_some_and(crate::props::mentions_points)
            && p.raw_values()
                .any(|v| v.iter().any(|&b| crate::props::is_sgf_space(b)))
    });
    if !space {
        return;
    }
    for p in props_of(c, node) {
        let Some(info) = crate::props::lookup(&p.id) else {
            continue;
        };
        let raws: Vec<&[u8]> = p.values.iter().map(Vec::as_slice).collect();
        if crate::check::is_empty_value(info.value, &raws) {
            continue;
        }
        let Some(values) = crate::props::without_space_in_point_values(info, &raws, size) else {
            continue;
        };
        let shown = |v: &[Vec<u8>]| -> String {
            v.iter()
                .map(|v| String::from_utf8_lossy(v).escape_debug().to_string())
                .collect::<Vec<_>>()
                .join("][")
        };
        let message = format!(
            "{}[{}] written {}[{}]: white space inside a point removed",
            p.id,
            shown(&p.values),
            p.id,
            shown(&values)
        );
        if r.decide(codes::SPACE_IN_POINT, p.span, message, false) {
            let refs: Vec<&[u8]> = values.iter().map(Vec::as_slice).collect();
            let _ = c.set_raw(node, &p.id, &refs);
        }
    }
}

/// Values that do not fit their type (game information aside: it has
/// its own corrections) are removed: critical, the text is lost. The
/// same point twice in a list is written once.
fn invalid_values(
    c: &mut Collection<'_>,
    node: NodeId,
    go: bool,
    repeated: bool,
    size: BoardSize,
    r: &mut Repairer<'_>,
) {
    if !has_invalid_value(c, node, go, repeated) {
        return;
    }
    for p in props_of(c, node) {
        let Some(info) = crate::props::lookup(&p.id) else {
            continue;
        };
        // Points of a game that is not Go are kept as written.
        if !go && crate::props::mentions_points(info) {
            continue;
        }
        let several_for_one = p.values.len() > 1 && takes_one_value(info.value);
        // Game information has its own corrections; several values for one
        // are "too many values" above.
        if normalize_info::NORMALIZED.contains(&p.id.as_str()) || several_for_one {
            continue;
        }
        let filled = p.values.iter().any(|v| !v.trim_ascii().is_empty());
        let Some(prop) = c.node(node).property(&p.id) else {
            continue;
        };
        match prop.value() {
            Err(e) if filled => match corrected(info, &p.values, size) {
                // Corrected where the meaning is certain, as SGFC does
                // (`B[c c]` is `B[cc]`, `PL[w]` is `PL[W]`); critical when
                // more than blanks and case change (`OB[1 kk]` is `OB[1]`).
                Some((values, lossy)) => {
                    let shown: Vec<String> = values
                        .iter()
                        .map(|v| String::from_utf8_lossy(v).into_owned())
                        .collect();
                    let message =
                        format!("{}: {e}; corrected to {}[{}]", p.id, p.id, shown.join("]["));
                    if r.decide(codes::INVALID_VALUE, p.span, message, lossy) {
                        let refs: Vec<&[u8]> = values.iter().map(Vec::as_slice).collect();
                        if c.set_raw(node, &p.id, &refs).is_ok() && closed_correction(info) {
                            r.closed_values += 1;
                        }
                    }
                }
                // In a list, only the values that do not fit go (`AB[aa][zz]`
                // on 19x19 keeps `aa`), each corrected where it can be.
                None if p.values.len() > 1 && is_list(info) => {
                    let mut kept: Vec<Vec<u8>> = p
                        .values
                        .iter()
                        .filter_map(|v| {
                            let one = std::slice::from_ref(v);
                            match corrected(info, one, size) {
                                Some((mut fixed, _)) => fixed.pop(),
                                None => None,
                            }
                        })
                        .collect();
                    let dropped = p.values.len() - kept.len();
                    if dropped == 0 {
                        // Each value fits alone but not the list: the list goes.
                        kept.clear();
                    }
                    let message = if kept.is_empty() {
                        format!("{}: {e}; property removed", p.id)
                    } else {
                        format!(
                            "{}: {e}; {dropped} of {} values removed",
                            p.id,
                            p.values.len()
                        )
                    };
                    if r.decide(codes::INVALID_VALUE, p.span, message, true) {
                        if kept.is_empty() {
                            let _ = c.remove_property(node, &p.id);
                        } else {
                            let refs: Vec<&[u8]> = kept.iter().map(Vec::as_slice).collect();
                            let _ = c.set_raw(node, &p.id, &refs);
                        }
                    }
                }
                None => {
                    let message = format!("{}: {e}; property removed", p.id);
                    if r.decide(codes::INVALID_VALUE, p.span, message, true) {
                        let _ = c.remove_property(node, &p.id);
                    }
                }
            },
            // `BL[34.]`, `WL[.5]`: the number written as SGF writes a Real.
            Ok(Value::Real(_)) => {
                let raw = String::from_utf8_lossy(&p.values[0]).into_owned();
                if let Some(canonical) = crate::props::canonical_real(&raw)
                    && r.decide(
                        codes::INVALID_VALUE,
                        p.span,
                        format!(
                            "{}[{}] written {}[{canonical}]: the form of a Real",
                            p.id,
                            raw.escape_debug(),
                            p.id
                        ),
                        false,
                    )
                {
                    let _ = c.set_raw(node, &p.id, &[canonical.as_bytes()]);
                }
            }
            Ok(Value::List(items)) if has_repeated_value(&items) => {
                // Raw values, so that compressed lists (`aa:bb`) stay as written.
                let mut unique: Vec<&[u8]> = Vec::new();
                for v in &p.values {
                    if !unique.contains(&v.as_slice()) {
                        unique.push(v);
                    }
                }
                if unique.len() < p.values.len()
                    && r.decide(
                        codes::DUPLICATE_POINT,
                        p.span,
                        format!("{}: the same point written once", p.id),
                        false,
                    )
                {
                    let _ = c.set_raw(node, &p.id, &unique);
                }
            }
            _ => {}
        }
    }
}

/// Empty values where the type needs one, and the forms of properties
/// that FF\\[4\\] writes otherwise: `L`, `M`, `TE` with `BM`, `VW` with two
/// corners, `[tt]` passes and game information.
fn forms_of_properties(
    c: &mut Collection<'_>,
    node: NodeId,
    cx: &NodeContext,
    board: &Board,
    repeated: bool,
    r: &mut Repairer<'_>,
) {
    let go = cx.go;
    // Only the properties looked at below are copied (a root's names,
    // places and comments are not: each was a few allocations); most
    // nodes have none.
    let props: Vec<Prop> = c
        .node(node)
        .properties()
        .filter(|p| form_looked_at(p, cx) && (repeated || !info_in_form(p, cx)))
        .map(|p| Prop::of(&p))
        .collect();
    let mut te_seen = false;
    let mut bm_seen = false;
    for p in &props {
        let id = p.id.as_str();
        let first = p.values.first().map(Vec::as_slice).unwrap_or_default();
        if empty_value(c, node, p, go, r) {
            continue;
        }
        match id {
            "L" => labels_of_l(c, node, p, r),
            "M" if go => marks_of_m(c, node, p, board, r),
            "TE" => {
                if bm_seen {
                    annotations_together(c, node, p.span, ("BM", "TE", "DO"), r);
                }
                te_seen = true;
            }
            "BM" => {
                if te_seen {
                    annotations_together(c, node, p.span, ("TE", "BM", "IT"), r);
                }
                bm_seen = true;
            }
            "VW" if p.values.len() == 2 && !p.values.iter().any(|v| v.contains(&b':')) => {
                view_corners(c, node, p, r);
            }
            "B" | "W" if go && cx.tt_is_pass && first == b"tt" => tt_pass(c, node, p, cx.ff, r),
            _ if go
                && !cx.utf16
                && normalize_info::NORMALIZED.contains(&id)
                && p.values.len() == 1 =>
            {
                game_info_form(c, node, p, cx.ff, r);
            }
            _ => {}
        }
    }
}

/// An empty value where the type needs one (`PC[ ]`, `AW[]`), as the
/// checker finds it: the property removed. Returns whether it was empty.
fn empty_value(
    c: &mut Collection<'_>,
    node: NodeId,
    p: &Prop,
    go: bool,
    r: &mut Repairer<'_>,
) -> bool {
    let id = p.id.as_str();
    let first = p.values.first().map(Vec::as_slice).unwrap_or_default();
    let raws: Vec<&[u8]> = p.values.iter().map(Vec::as_slice).collect();
    let Some(info) = crate::props::lookup(id) else {
        return false;
    };
    if !((go || !crate::props::mentions_points(info))
        && crate::check::is_empty_value(info.value, &raws))
    {
        return false;
    }
    let shown = String::from_utf8_lossy(first);
    if r.decide(
        codes::EMPTY_VALUE,
        p.span,
        format!("empty {id}[{}] removed", shown.escape_debug()),
        false,
    ) {
        let _ = c.remove_property(node, id);
    }
    true
}

/// `L` (FF\[1\]-FF\[3\] labels) written as `LB` with letters A, B, C...
fn labels_of_l(c: &mut Collection<'_>, node: NodeId, p: &Prop, r: &mut Repairer<'_>) {
    let labelled: Vec<Vec<u8>> = p
        .values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut b = v.clone();
            b.push(b':');
            b.push(letter(i) as u8);
            b
        })
        .collect();
    if r.decide(
        codes::OBSOLETE_PROPERTY,
        p.span,
        "L written as LB with letters A, B, C...".into(),
        false,
    ) {
        let refs: Vec<&[u8]> = labelled.iter().map(Vec::as_slice).collect();
        let _ = c.rename_property(node, "L", "LB");
        let _ = c.set_raw(node, "LB", &refs);
    }
}

/// `M` (FF\[1\]-FF\[3\] marks) written as `MA` on empty points and `TR`
/// on stones.
fn marks_of_m(c: &mut Collection<'_>, node: NodeId, p: &Prop, board: &Board, r: &mut Repairer<'_>) {
    let size = board.size();
    let (mut on_stones, mut empty) = (Vec::new(), Vec::new());
    for v in &p.values {
        let stone = Point::from_sgf(v, size).ok().and_then(|pt| board.get(pt));
        if stone.is_some() {
            on_stones.push(v.as_slice());
        } else {
            empty.push(v.as_slice());
        }
    }
    if r.decide(
        codes::OBSOLETE_PROPERTY,
        p.span,
        "M written as MA on empty points and TR on stones".into(),
        false,
    ) {
        let _ = c.remove_property(node, "M");
        if !empty.is_empty() {
            let _ = c.set_raw(node, "MA", &empty);
        }
        if !on_stones.is_empty() {
            let _ = c.set_raw(node, "TR", &on_stones);
        }
    }
}

/// `TE` and `BM` together (FF\[3\] style), `(first, second, written)`:
/// `BM` then `TE` is `DO`, `TE` then `BM` is `IT`.
fn annotations_together(
    c: &mut Collection<'_>,
    node: NodeId,
    span: Span,
    (first, second, written): (&str, &str, &str),
    r: &mut Repairer<'_>,
) {
    if r.decide(
        codes::ANNOTATION_COMBINATION,
        span,
        format!("{first} then {second} written as {written}"),
        false,
    ) {
        let _ = c.remove_property(node, second);
        let _ = c.rename_property(node, first, written);
        let _ = c.set_raw(node, written, &[b""]);
    }
}

/// `VW` with two corners written as the compose `VW[a:b]`.
fn view_corners(c: &mut Collection<'_>, node: NodeId, p: &Prop, r: &mut Repairer<'_>) {
    let mut compose = p.values[0].clone();
    compose.push(b':');
    compose.extend_from_slice(&p.values[1]);
    if r.decide(
        codes::COMPRESSED_LIST_IN_OLD,
        p.span,
        "VW with two corners written as VW[a:b]".into(),
        false,
    ) {
        let _ = c.set_raw(node, "VW", &[&compose]);
    }
}

/// A `[tt]` pass written `[]`; in an FF\[1\]-FF\[3\] file, where it is
/// right, only if the file is repaired (see `Repairer::old_passes`).
fn tt_pass(c: &mut Collection<'_>, node: NodeId, p: &Prop, ff: u8, r: &mut Repairer<'_>) {
    let id = p.id.as_str();
    if ff < 4 {
        r.old_passes.push((node, id.to_owned(), p.span));
    } else if r.decide(
        codes::TT_PASS,
        p.span,
        format!("{id}[tt] pass written {id}[]"),
        false,
    ) {
        let _ = c.set_raw(node, id, &[b""]);
    }
}

/// Game information in its FF\[4\] form: a repair where the file's form
/// is wrong; where it is right, a normalization (ranks), or the date an
/// FF\[1\]-FF\[3\] file has in FF\[4\], written when the file becomes
/// FF\[4\].
fn game_info_form(c: &mut Collection<'_>, node: NodeId, p: &Prop, ff: u8, r: &mut Repairer<'_>) {
    let id = p.id.as_str();
    // In the file's charset; corrections are ASCII, which every charset
    // but UTF-16 writes as it is.
    let Some(raw) = c
        .node(node)
        .property(id)
        .and_then(|q| q.decoded_values().next().map(|v| v.into_owned()))
    else {
        return;
    };
    if let InfoFix::Corrected {
        value,
        explanation,
        required,
    } = normalize_info::normalize_game_info(id, &raw, ff)
        && value.is_ascii()
    {
        if required || r.normalize {
            let msg = if required {
                format!("{id}[{raw}] written {id}[{value}] ({explanation})")
            } else {
                format!("{id}[{raw}] written {id}[{value}] (normalized: {explanation})")
            };
            if r.decide(codes::NONSTANDARD_GAME_INFO, p.span, msg, false) {
                let _ = c.set_raw(node, id, &[value.as_bytes()]);
            }
        } else if id == "DT" && ff < 4 {
            let msg = format!("{id}[{raw}] written {id}[{value}] for FF[4] ({explanation})");
            r.old_dates
                .push((node, id.to_owned(), Some(value), p.span, msg));
        }
    } else if id == "DT"
        && ff < 4
        && let InfoFix::Invalid { reason } = normalize_info::normalize_game_info(id, &raw, 4)
    {
        let msg = format!("{id}[{raw}] kept as written: {reason}, and no certain reading");
        r.old_dates.push((node, id.to_owned(), None, p.span, msg));
    }
}

/// Whether [`invalid_values`] has anything to do, asked as it asks: a
/// value that does not read as its type, a Real not written as SGF writes
/// one, or the same point twice in a list.
fn has_invalid_value(c: &Collection<'_>, node: NodeId, go: bool, repeated: bool) -> bool {
    let n = c.node(node);
    n.properties().any(|p| {
        let Some(info) = p.info() else {
            return false;
        };
        let several_for_one = p.value_count() > 1 && takes_one_value(info.value);
        if (!go && crate::props::mentions_points(info))
            || normalize_info::NORMALIZED.contains(&p.id())
            || several_for_one
        {
            return false;
        }
        // One text reads whatever it holds, a number of a few digits as a
        // number: nothing to type (a root holds a dozen; each reading
        // decoded and copied the text).
        if !repeated
            && p.only_raw_value()
                .is_some_and(|one| crate::props::reads_as_its_type(info.value, one))
        {
            return false;
        }
        // The value read is the first property of the identifier's.
        let first = if repeated {
            n.property(p.id())
        } else {
            Some(p)
        };
        match first.map(|f| f.value()) {
            Some(Err(_)) => p.raw_values().any(|v| !v.trim_ascii().is_empty()),
            Some(Ok(Value::Real(_))) => {
                let raw = String::from_utf8_lossy(p.raw_values().next().unwrap_or_default());
                crate::props::canonical_real(&raw).is_some()
            }
            Some(Ok(Value::List(items))) => has_repeated_value(&items),
            _ => false,
        }
    })
}

/// Whether [`forms_of_properties`] looks at `p`: an empty value where the
/// type needs one, or a property whose form it repairs.
fn form_looked_at(p: &crate::tree::Property<'_, '_>, cx: &NodeContext) -> bool {
    let id = p.id();
    let looked_at = match id {
        "L" | "TE" | "BM" => true,
        "M" => cx.go,
        "VW" => p.value_count() == 2,
        "B" | "W" => cx.go && cx.tt_is_pass && p.raw_values().next() == Some(b"tt"),
        _ => cx.go && !cx.utf16 && normalize_info::NORMALIZED.contains(&id) && p.value_count() == 1,
    };
    looked_at
        || p.info().is_some_and(|info| {
            (cx.go || !crate::props::mentions_points(info))
                && p.only_raw_value()
                    .is_some_and(|v| crate::check::is_empty_value(info.value, &[v]))
        })
}

/// Whether `p` is game information that [`game_info_form`] leaves as it
/// is: a value (not empty) already in its FF\[4\] form, and no date of an
/// FF\[1\]-FF\[3\] file. Most of a root's are: they are not copied for it,
/// in a node without an identifier written twice (there the repair reads
/// the first of them).
fn info_in_form(p: &crate::tree::Property<'_, '_>, cx: &NodeContext) -> bool {
    let id = p.id();
    if !normalize_info::NORMALIZED.contains(&id) || (id == "DT" && cx.ff < 4) {
        return false;
    }
    let (Some(info), Some(raw)) = (p.info(), p.only_raw_value()) else {
        return false;
    };
    if crate::check::is_empty_value(info.value, &[raw]) {
        return false;
    }
    p.decoded_values().next().is_some_and(|text| {
        matches!(
            normalize_info::normalize_game_info(id, &text, cx.ff),
            InfoFix::Standard
        )
    })
}

/// Forms of FF\[4\] in an FF\[1\]-FF\[3\] file (compressed point lists,
/// `[]` passes, rectangular boards): kept, and the file marked FF\[4\],
/// where they are defined.
pub(super) fn old_forms(c: &Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    let n = c.node(node);
    for p in n.properties() {
        let id = p.id();
        let compressed = p.info().is_some_and(|i| {
            matches!(
                i.value,
                crate::props::ValueShape::List(_) | crate::props::ValueShape::EList(_)
            ) && crate::props::carries_points(i)
        }) && p.raw_values().any(|v| v.contains(&b':'));
        let (code, message) = if compressed {
            (
                codes::COMPRESSED_LIST_IN_OLD,
                format!(
                    "{id}: compressed point list kept; the file is marked FF[4], where they are defined"
                ),
            )
        } else if matches!(id, "B" | "W") && p.raw_values().next() == Some(b"".as_slice()) {
            (
                codes::EMPTY_PASS_IN_OLD,
                format!("{id}[] kept; the file is marked FF[4], where it is the pass"),
            )
        } else if id == "SZ"
            && p.raw_values().next().is_some_and(|v| {
                let text = String::from_utf8_lossy(v);
                text.split_once(':')
                    .is_some_and(|(a, b)| a.trim() != b.trim())
            })
        {
            (
                codes::RECTANGLE_IN_OLD,
                "rectangular SZ kept; the file is marked FF[4], where it is defined".to_owned(),
            )
        } else {
            continue;
        };
        r.decide(code, p.span(), message, false);
    }
}

/// Splits a node that holds what FF\[4\] keeps apart: a move in the root,
/// setup and a move together, or two moves. The first node keeps the setup,
/// root and game information properties and the name `N` (a variation may
/// start there); the move goes to a new node after it.
pub(super) fn split_node(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    use crate::props::{PropertyKind, lookup};
    let n = c.node(node);
    // Most nodes the repairs look at (roots, comments) have no move: not
    // a copy of each identifier for them.
    if !n.properties().any(|p| matches!(p.id(), "B" | "W")) {
        return;
    }
    let is_root = n.parent().is_none();
    let ids: Vec<(String, Span)> = n
        .properties()
        .map(|p| (p.id().to_owned(), p.span()))
        .collect();
    let kind = |id: &str| lookup(id).map(|i| i.kind);
    let first_move = ids.iter().find(|(id, _)| id == "B" || id == "W").cloned();
    let Some((move_id, move_span)) = first_move else {
        return;
    };
    let has_setup = ids
        .iter()
        .any(|(id, _)| kind(id) == Some(PropertyKind::Setup));
    let stays = |id: &str| {
        id == "N"
            || matches!(
                kind(id),
                Some(PropertyKind::Setup | PropertyKind::Root | PropertyKind::GameInfo)
            )
    };
    if is_root || has_setup {
        let (code, message) = if is_root {
            (
                codes::MOVE_IN_ROOT,
                format!("{move_id} moved out of the root into a node of its own"),
            )
        } else {
            (
                codes::SETUP_AND_MOVE,
                "setup and move split into two nodes, the setup first".to_owned(),
            )
        };
        if r.decide(code, move_span, message, false)
            && let Ok(new) = c.split_node(node, &|id| stays(id))
        {
            follow_split(r, node, new, &|id| !stays(id));
        }
        return;
    }
    // Two moves: the second one goes to a node of its own.
    let second = ids
        .iter()
        .find(|(id, _)| (id == "B" || id == "W") && *id != move_id)
        .cloned();
    if let Some((second_id, span)) = second
        && r.decide(
            codes::TWO_MOVES,
            span,
            format!("{move_id} and {second_id} split into two nodes"),
            false,
        )
        && let Ok(new) = c.split_node(node, &|id| id != second_id)
    {
        follow_split(r, node, new, &|id| id == second_id);
    }
}

/// Pending `[tt]` passes of properties that a split moved go with them.
pub(super) fn follow_split(
    r: &mut Repairer<'_>,
    node: NodeId,
    new: NodeId,
    moved: &dyn Fn(&str) -> bool,
) {
    for (n, id, _) in &mut r.old_passes {
        if *n == node && moved(id) {
            *n = new;
        }
    }
}

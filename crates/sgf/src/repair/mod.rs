//! Repairs: the smallest edits that make a file say in FF\[4\] what it
//! meant, made on the lossless tree so that everything else is written
//! back as it was.
//!
//! Each repair names the check code it answers. A repair that may lose
//! information is *critical*: it is only made with [`Options::force`], and
//! otherwise reported as refused with what would be lost.
//!
//! Made today:
//! - identifiers with lowercase letters (`AddBlack`) written as their
//!   uppercase letters (`AB`);
//! - FF\[1\]-FF\[3\] properties: `L` to `LB` with letters A, B, C...; `M` to
//!   `MA` on empty points and `TR` on stones; `TE` then `BM` to `IT`, `BM`
//!   then `TE` to `DO`; `VW` with two points to the compose `VW[a:b]`;
//! - game information in a non-standard form whose meaning is certain
//!   (`RE[Black wins by 3.5]` to `RE[B+3.5]`, `KM[5,5]` to `KM[5.5]`); the
//!   free-text dates of FF\[1\]-FF\[3\] files, correct there, only when the
//!   file is repaired anyway (it then becomes FF\[4\]); values correct as
//!   written but not in the form FF\[4\] recommends (`BR[9 dan]`) only by
//!   [`repair_and_normalize`];
//! - `[tt]` passes to `[]` on boards up to 19x19;
//! - properties whose only value is empty (or white space) where the type
//!   needs a value (`DT[]`, `PC[ ]`), and empty lists where a list of at
//!   least one is needed (`AW[]`), removed;
//! - white space inside points removed, those bytes only (`W[oq\n]` to
//!   `W[oq]`, `B[ pp]` to `B[pp]`), as SGF asks;
//! - Reals written as SGF writes them (`BL[34.]` to `BL[34]`, `WL[.5]` to
//!   `WL[0.5]`);
//! - a property given twice in a node: the same values dropped, point
//!   lists merged; different single values kept as they are (critical);
//! - a move in the root, setup mixed with a move, and two moves in one
//!   node split into two nodes (setup, root and game information and `N`
//!   first, as the spec note asks);
//! - a `]` that the reader kept inside a text value written escaped;
//! - too many values for a single-valued property: empty ones dropped;
//!   if several remain, the first kept (critical);
//! - a value that does not fit its type removed with its property
//!   (critical; game information has its own corrections); the same point
//!   twice in a list written once;
//! - `KI[n]` (komi in half points) written `KM[n/2]`; `SZ[19:19]` written
//!   `SZ[19]`; a board side over 52 set to 52 (critical);
//! - root properties outside the root, game information below the node
//!   that holds it, and the later of `GB` and `GW` removed (critical);
//!   move annotations in a node without a move removed;
//! - NUL bytes in values replaced by spaces; setup points that change
//!   nothing removed from their lists;
//! - the root marked `FF[4]` when anything else was repaired.
//!
//! Syntax faults are repaired before, on the bytes (see
//! [`syntax::repair`](crate::repair::syntax) and [`fix`](crate::fix)).
//!
//! After [`repair`], the file reads clean of those codes, and repairing it
//! again changes nothing.

use kifu_board::{Board, BoardSize, Color, Point};
use kifu_diag::{Code, Span};

use crate::check::codes;
use crate::info::normalize_info::{self, InfoFix};
use crate::props::Value;
use crate::syntax::codes as syntax_codes;
use crate::tree::{Collection, NodeId};

pub mod syntax;

/// How to repair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Make the critical repairs too.
    pub force: bool,
}

/// One repair, made or refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The check code it answers.
    pub code: Code,
    /// Where, in the input.
    pub span: Span,
    /// What was changed (or would be), standing alone.
    pub message: String,
    /// Whether information may be lost.
    pub critical: bool,
}

/// What [`repair`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The repairs made.
    pub made: Vec<Repair>,
    /// The critical repairs not made (no [`Options::force`]).
    pub refused: Vec<Repair>,
    /// What was left as it is because no repair is certain, where the
    /// repaired file says more than the input did: a free-text date of an
    /// FF\[1\]-FF\[3\] file with no certain FF\[4\] reading, in a file
    /// that becomes FF\[4\].
    pub kept: Vec<Repair>,
}

impl Report {
    /// Records `repair` as made, or as refused when it is critical and
    /// `options` do not force it; returns whether to make it.
    pub(crate) fn decide(&mut self, options: &Options, repair: Repair) -> bool {
        if repair.critical && !options.force {
            self.refused.push(repair);
            false
        } else {
            self.made.push(repair);
            true
        }
    }

    /// Whether the collection was changed.
    pub fn changed(&self) -> bool {
        !self.made.is_empty()
    }
}

struct Repairer<'o> {
    options: &'o Options,
    report: Report,
    /// `[tt]` passes of FF\[1\]-FF\[3\] files, where they are right: turned
    /// into `[]` only when the file is repaired (and so becomes FF\[4\]).
    old_passes: Vec<(NodeId, String, Span)>,
    /// Dates of FF\[1\]-FF\[3\] files, correct there, in the form FF\[4\]
    /// gives them (node, identifier, value, span, message; no value when
    /// there is no certain one): written, or said to be kept, only when
    /// the file is repaired (and so becomes FF\[4\]).
    old_dates: Vec<(NodeId, String, Option<String>, Span, String)>,
    /// Make the normalizations too (see [`repair_and_normalize`]).
    normalize: bool,
    /// The input was changed before (see [`repair_after`]).
    changed_already: bool,
    /// The games are of different file formats: every game becomes FF\[4\].
    mixed_formats: bool,
}

impl Repairer<'_> {
    /// Records a repair; returns whether to make it.
    fn decide(&mut self, code: Code, span: Span, message: String, critical: bool) -> bool {
        self.report.decide(
            self.options,
            Repair {
                code,
                span,
                message,
                critical,
            },
        )
    }
}

/// A property of a node, read before editing.
struct Prop {
    id: String,
    written: Vec<u8>,
    values: Vec<Vec<u8>>,
    span: Span,
}

fn props_of(c: &Collection<'_>, node: NodeId) -> Vec<Prop> {
    c.node(node)
        .properties()
        .map(|p| Prop {
            id: p.id().to_owned(),
            written: p.written_id().to_vec(),
            values: p.raw_values().map(<[u8]>::to_vec).collect(),
            span: p.span(),
        })
        .collect()
}

/// Whether a raw value holds a `]` without the backslash that escapes it.
fn has_unescaped_bracket(raw: &[u8]) -> bool {
    let mut escaped = false;
    for &b in raw {
        match b {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b']' => return true,
            _ => {}
        }
    }
    false
}

/// A raw value with every unescaped `]` escaped.
fn escape_brackets(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() + 2);
    let mut escaped = false;
    for &b in raw {
        if escaped {
            escaped = false;
        } else if b == b'\\' {
            escaped = true;
        } else if b == b']' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

fn letter(i: usize) -> char {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    char::from(LETTERS[i % LETTERS.len()])
}

/// Repairs every game of `collection` in place.
///
/// ```
/// let mut c = kifu_sgf::parse(b"(;FF[3]GaMe[1]SZ[9]RE[Black wins by 3.5];B[ee]L[aa][bb])").value;
/// let report = kifu_sgf::repair::repair(&mut c, &Default::default());
/// assert_eq!(report.made.len(), 4);
/// assert_eq!(
///     kifu_sgf::write::lossless(&c),
///     b"(;FF[4]GM[1]SZ[9]RE[B+3.5];B[ee]LB[aa:A][bb:B])"
/// );
/// ```
pub fn repair(collection: &mut Collection<'_>, options: &Options) -> Report {
    repair_after(collection, options, false, false)
}

/// [`repair`], and the normalizations: game information written in the
/// form FF\[4\] recommends where the written form is correct too
/// (`BR[9 dan]` to `BR[9d]`), and the dates of FF\[1\]-FF\[3\] files in
/// FF\[4\]'s form whether or not the file needs a repair.
pub fn repair_and_normalize(collection: &mut Collection<'_>, options: &Options) -> Report {
    repair_after(collection, options, false, true)
}

/// [`repair`], told whether the input was changed already (its syntax
/// repaired), so that every game becomes FF\[4\] as if a repair of its
/// own had been made, and whether to normalize too.
pub(crate) fn repair_after(
    collection: &mut Collection<'_>,
    options: &Options,
    changed_already: bool,
    normalize: bool,
) -> Report {
    let mut r = Repairer {
        options,
        report: Report::default(),
        old_passes: Vec::new(),
        old_dates: Vec::new(),
        normalize,
        changed_already,
        mixed_formats: {
            let mut formats = collection.games().map(|g| g.file_format().min(4));
            let first = formats.next();
            formats.any(|f| Some(f) != first)
        },
    };
    for g in 0..collection.len() {
        repair_game(collection, g, &mut r);
    }
    r.report.made.sort_by_key(|x| x.span.start);
    r.report.refused.sort_by_key(|x| x.span.start);
    r.report
}

fn repair_game(c: &mut Collection<'_>, g: usize, r: &mut Repairer<'_>) {
    let Some(game) = c.game(g) else { return };
    let go = game.game_type() == 1;
    let size = game.board_size();
    let ff = match game.file_format() {
        f @ 1..=3 => f as u8,
        _ => 4,
    };
    let root = game.root().id();
    let utf16 = c.is_utf16();
    let ascii_safe = game.charset().scan == crate::bytes::charset::ScanMode::AsciiSafe;
    let made_before = r.report.made.len();
    repair_structure(c, root, go, r);
    // Depth first, each node seeing the board before its own moves. One
    // board: where the tree branches a checkpoint is taken, and the board
    // goes back to it after each child but the last (`None` entries).
    let mut board = Board::new(size);
    let mut branches = Vec::new();
    let mut stack = vec![Some(root)];
    while let Some(step) = stack.pop() {
        let Some(node) = step else {
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
        if !(go && ff == 4 && is_plain_move(c, node, size)) {
            repair_node(
                c,
                node,
                go,
                ff,
                size.tt_is_pass(),
                utf16,
                ascii_safe,
                &mut board,
                r,
            );
        }
        apply_node(c, node, &mut board);
        let children: Vec<NodeId> = c.node(node).children().map(|n| n.id()).collect();
        if children.len() > 1 {
            branches.push((board.checkpoint(), children.len()));
        }
        for (i, child) in children.into_iter().enumerate().rev() {
            stack.push(Some(child));
            if i > 0 {
                stack.push(None);
            }
        }
    }
    let old_passes = std::mem::take(&mut r.old_passes);
    let old_dates = std::mem::take(&mut r.old_dates);
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

/// Whether `node` is one move written plainly on the board (`;B[pd]`),
/// as most nodes of most games are. Nothing in [`repair_node`] applies to
/// such a node in an FF\[4\] game of Go (one property, an uppercase
/// identifier, one value that is a point of the board, no escapes, no
/// `tt`), and reading each node's properties into owned copies for it
/// took most of the time of a repair.
fn is_plain_move(c: &Collection<'_>, node: NodeId, size: BoardSize) -> bool {
    let n = c.node(node);
    let mut properties = n.properties();
    let (Some(p), None) = (properties.next(), properties.next()) else {
        return false;
    };
    if !matches!(p.written_id(), b"B" | b"W") {
        return false;
    }
    let mut values = p.raw_values();
    let (Some(value), None) = (values.next(), values.next()) else {
        return false;
    };
    value.iter().all(u8::is_ascii_lowercase)
        && value != b"tt"
        && Point::from_sgf(value, size).is_ok()
}

/// Plays the node's setup and moves on `board`.
fn apply_node(c: &Collection<'_>, node: NodeId, board: &mut Board) {
    let n = c.node(node);
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

/// The values of a property corrected to fit its type, where one reading
/// is certain, and whether more than blanks and case were dropped.
fn corrected(
    info: &crate::props::PropertyInfo,
    values: &[Vec<u8>],
    size: BoardSize,
) -> Option<(Vec<Vec<u8>>, bool)> {
    use crate::props::{ValueShape as S, ValueType as T};
    fn one(t: T, raw: &str) -> Option<String> {
        let trimmed = raw.trim();
        let sign_digits = |s: &str, dot: bool| -> String {
            let mut out = String::new();
            let mut seen_dot = false;
            for (i, ch) in s.char_indices() {
                match ch {
                    '+' | '-' if i == 0 => out.push(ch),
                    '0'..='9' => out.push(ch),
                    '.' if dot && !seen_dot => {
                        seen_dot = true;
                        out.push(ch);
                    }
                    _ => break,
                }
            }
            out.trim_end_matches('.').to_owned()
        };
        match t {
            T::Point | T::Move | T::Stone => {
                Some(raw.chars().filter(|c| !c.is_ascii_whitespace()).collect())
            }
            T::Number => {
                Some(sign_digits(trimmed, false)).filter(|n| n.chars().any(|c| c.is_ascii_digit()))
            }
            T::Real => {
                Some(sign_digits(trimmed, true)).filter(|n| n.chars().any(|c| c.is_ascii_digit()))
            }
            T::Double => trimmed
                .chars()
                .next()
                .filter(|c| matches!(c, '1' | '2'))
                .map(String::from),
            T::Color => match trimmed.chars().next()?.to_ascii_uppercase() {
                c @ ('B' | 'W') => Some(c.to_string()),
                _ => None,
            },
            T::None => Some(String::new()),
            T::SimpleText | T::Text => Some(raw.to_owned()),
        }
    }
    let fix = |raw: &str| -> Option<String> {
        match info.value {
            S::Single(t) | S::List(t) | S::EList(t) => one(t, raw),
            S::Compose(a, b) | S::ListOfCompose(a, b) => {
                let (left, right) = raw.split_once(':')?;
                Some(format!("{}:{}", one(a, left)?, one(b, right)?))
            }
            S::Size | S::Figure => None,
        }
    };
    let texts: Vec<String> = values
        .iter()
        .map(|v| String::from_utf8_lossy(v).into_owned())
        .collect();
    let fixed: Vec<String> = texts.iter().map(|t| fix(t)).collect::<Option<_>>()?;
    let refs: Vec<&str> = fixed.iter().map(String::as_str).collect();
    crate::props::parse_value(info, &refs, size).ok()?;
    let kept = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let lossy = texts.iter().zip(&fixed).any(|(a, b)| kept(a) != kept(b));
    Some((fixed.into_iter().map(String::into_bytes).collect(), lossy))
}

/// Whether a property takes a list of values, each of which stands alone.
fn is_list(info: &crate::props::PropertyInfo) -> bool {
    use crate::props::ValueShape as S;
    matches!(info.value, S::List(_) | S::EList(_) | S::ListOfCompose(..))
}

/// Setup points that change nothing (`AB` on a black stone, `AE` on an
/// empty point...) removed from their lists, in the order SGF applies
/// setup; a list left empty goes with its property.
fn remove_idle_setup(
    c: &mut Collection<'_>,
    node: NodeId,
    board: &mut Board,
    r: &mut Repairer<'_>,
) {
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

/// Repairs of where properties stand and what they say together: root
/// properties outside the root and game information below the node that
/// holds it (removed, critical), `GB` with `GW` (the second removed,
/// critical), move annotations without a move, `KI`, `SZ[19:19]`, boards
/// over 52 and NUL bytes in values.
fn repair_structure(c: &mut Collection<'_>, root: NodeId, go: bool, r: &mut Repairer<'_>) {
    use crate::props::PropertyKind;
    // Pre-order, with whether an ancestor holds game information.
    let mut stack = vec![(root, false)];
    while let Some((node, info_above)) = stack.pop() {
        let is_root = node == root;
        let mut has_info = false;
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
                PropertyKind::GameInfo => has_info = true,
                _ => {}
            }
        }
        let n = c.node(node);
        if n.has("GB") && n.has("GW") {
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
        let n = c.node(node);
        if !n.has("B") && !n.has("W") {
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
        if go {
            integer_komi(c, node, r);
        }
        if is_root {
            board_size(c, node, r);
        }
        let children: Vec<NodeId> = c.node(node).children().map(|n| n.id()).collect();
        for child in children.into_iter().rev() {
            stack.push((child, info_above || has_info));
        }
    }
}

/// `KI[n]`, komi counted in half points as integers: `KM[n/2]`.
fn integer_komi(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
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
fn board_size(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
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

#[allow(clippy::too_many_arguments)]
fn repair_node(
    c: &mut Collection<'_>,
    node: NodeId,
    go: bool,
    ff: u8,
    tt_is_pass: bool,
    utf16: bool,
    ascii_safe: bool,
    board: &mut Board,
    r: &mut Repairer<'_>,
) {
    if go {
        remove_idle_setup(c, node, board, r);
    }
    let props = props_of(c, node);
    // Identifiers with lowercase letters.
    for p in &props {
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
    // Duplicated properties: identical ones dropped, lists merged.
    // The first property of each identifier (a set: a scan per property
    // was quadratic in a node with many properties).
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
    // A `]` read inside a text value (`US[Matsuyama[3d]]`) is escaped, so
    // that other readers see the same value. Only where `]` cannot be the
    // trail byte of a character.
    if ascii_safe {
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
    // Too many values for a single-valued property: empty ones go first
    // (no loss); if several remain, which is meant is a guess (critical:
    // often a `]` went missing and the rest is another property's data).
    for p in props_of(c, node) {
        let Some(info) = crate::props::lookup(&p.id) else {
            continue;
        };
        let single = matches!(
            info.value,
            crate::props::ValueShape::Single(_)
                | crate::props::ValueShape::Compose(..)
                | crate::props::ValueShape::Size
                | crate::props::ValueShape::Figure
        );
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
    // White space inside points (`W[oq\n]`, `B[ pp]`) removed, only those
    // bytes, where the values then read as their type; else they are
    // invalid values, below.
    if go {
        for p in props_of(c, node) {
            let Some(info) = crate::props::lookup(&p.id) else {
                continue;
            };
            let raws: Vec<&[u8]> = p.values.iter().map(Vec::as_slice).collect();
            if crate::check::is_empty_value(info.value, &raws) {
                continue;
            }
            let Some(values) =
                crate::props::without_space_in_point_values(info, &raws, board.size())
            else {
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
    // Values that do not fit their type (game information aside: it has
    // its own corrections) are removed: critical, the text is lost. The
    // same point twice in a list is written once.
    for p in props_of(c, node) {
        let Some(info) = crate::props::lookup(&p.id) else {
            continue;
        };
        // Points of a game that is not Go are kept as written.
        if !go && crate::props::mentions_points(info) {
            continue;
        }
        let several_for_one = p.values.len() > 1
            && matches!(
                info.value,
                crate::props::ValueShape::Single(_)
                    | crate::props::ValueShape::Compose(..)
                    | crate::props::ValueShape::Size
                    | crate::props::ValueShape::Figure
            );
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
            Err(e) if filled => match corrected(info, &p.values, board.size()) {
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
                        let _ = c.set_raw(node, &p.id, &refs);
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
                            match corrected(info, one, board.size()) {
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
            Ok(Value::List(items)) if (1..items.len()).any(|i| items[..i].contains(&items[i])) => {
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
    let props = props_of(c, node);
    let mut te_seen = false;
    let mut bm_seen = false;
    for p in &props {
        let id = p.id.as_str();
        let first = p.values.first().map(Vec::as_slice).unwrap_or_default();
        // Empty values where the type needs one (`PC[ ]`, `AW[]`), as the
        // checker finds them.
        let raws: Vec<&[u8]> = p.values.iter().map(Vec::as_slice).collect();
        if let Some(info) = crate::props::lookup(id)
            && (go || !crate::props::mentions_points(info))
            && crate::check::is_empty_value(info.value, &raws)
        {
            let shown = String::from_utf8_lossy(first);
            if r.decide(
                codes::EMPTY_VALUE,
                p.span,
                format!("empty {id}[{}] removed", shown.escape_debug()),
                false,
            ) {
                let _ = c.remove_property(node, id);
            }
            continue;
        }
        match id {
            "L" => {
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
            "M" if go => {
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
            "TE" => {
                if bm_seen
                    && r.decide(
                        codes::ANNOTATION_COMBINATION,
                        p.span,
                        "BM then TE written as DO".into(),
                        false,
                    )
                {
                    let _ = c.remove_property(node, "TE");
                    let _ = c.rename_property(node, "BM", "DO");
                    let _ = c.set_raw(node, "DO", &[b""]);
                }
                te_seen = true;
            }
            "BM" => {
                if te_seen
                    && r.decide(
                        codes::ANNOTATION_COMBINATION,
                        p.span,
                        "TE then BM written as IT".into(),
                        false,
                    )
                {
                    let _ = c.remove_property(node, "BM");
                    let _ = c.rename_property(node, "TE", "IT");
                    let _ = c.set_raw(node, "IT", &[b""]);
                }
                bm_seen = true;
            }
            "VW" if p.values.len() == 2 && !p.values.iter().any(|v| v.contains(&b':')) => {
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
            "B" | "W" if go && tt_is_pass && first == b"tt" => {
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
            _ if go
                && !utf16
                && normalize_info::NORMALIZED.contains(&id)
                && p.values.len() == 1 =>
            {
                // In the file's charset; corrections are ASCII, which every
                // charset but UTF-16 writes as it is.
                let Some(raw) = c
                    .node(node)
                    .property(id)
                    .and_then(|q| q.decoded_values().next().map(|v| v.into_owned()))
                else {
                    continue;
                };
                if let InfoFix::Corrected {
                    value,
                    explanation,
                    required,
                } = normalize_info::normalize_game_info(id, &raw, ff)
                    && value.is_ascii()
                {
                    // A repair where the file's form is wrong; where it is
                    // right, a normalization (ranks), or the date an
                    // FF[1]-FF[3] file has in FF[4], written when the file
                    // becomes FF[4].
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
                        let msg =
                            format!("{id}[{raw}] written {id}[{value}] for FF[4] ({explanation})");
                        r.old_dates
                            .push((node, id.to_owned(), Some(value), p.span, msg));
                    }
                } else if id == "DT"
                    && ff < 4
                    && let InfoFix::Invalid { reason } =
                        normalize_info::normalize_game_info(id, &raw, 4)
                {
                    let msg =
                        format!("{id}[{raw}] kept as written: {reason}, and no certain reading");
                    r.old_dates.push((node, id.to_owned(), None, p.span, msg));
                }
            }
            _ => {}
        }
    }
    if ff < 4 {
        old_forms(c, node, r);
    }
    split_node(c, node, r);
}

/// Forms of FF\[4\] in an FF\[1\]-FF\[3\] file (compressed point lists,
/// `[]` passes, rectangular boards): kept, and the file marked FF\[4\],
/// where they are defined.
fn old_forms(c: &Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
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
fn split_node(c: &mut Collection<'_>, node: NodeId, r: &mut Repairer<'_>) {
    use crate::props::{PropertyKind, lookup};
    let n = c.node(node);
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
fn follow_split(r: &mut Repairer<'_>, node: NodeId, new: NodeId, moved: &dyn Fn(&str) -> bool) {
    for (n, id, _) in &mut r.old_passes {
        if *n == node && moved(id) {
            *n = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs [`repair_node`] on every node of `input` that [`is_plain_move`]
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
        };
        let mut plain = 0;
        for g in 0..c.len() {
            let game = c.game(g).unwrap();
            if game.game_type() != 1 || game.file_format() < 4 {
                continue;
            }
            let size = game.board_size();
            let ascii_safe = game.charset().scan == crate::bytes::charset::ScanMode::AsciiSafe;
            let nodes: Vec<NodeId> = game.nodes().map(|n| n.id()).collect();
            for node in nodes {
                if is_plain_move(&c, node, size) {
                    plain += 1;
                    let mut board = Board::new(size);
                    let tt = size.tt_is_pass();
                    repair_node(
                        &mut c, node, true, 4, tt, false, ascii_safe, &mut board, &mut r,
                    );
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
            b"(;GM[1]FF[4]SZ[9];B[ii];W[aa](;B[ee])(;W[ef]))(;FF[4]SZ[13:9];B[mi])",
        );
        assert_eq!(plain, 5);
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
        let corpus =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/sgf");
        let mut dirs = vec![corpus];
        let mut files = 0;
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if let Ok(bytes) = std::fs::read(&path) {
                    files += 1;
                    let (_, found) = repairs_of_plain_moves(&bytes);
                    assert!(found.is_empty(), "{}: {found:?}", path.display());
                }
            }
        }
        eprintln!("{files} corpus files");
    }
}

//! Syntax repairs, made on the bytes of the input: the reader's
//! diagnostics say where text must go or come, and the repaired bytes are
//! read again (see [`fix`](crate::fix)).
//!
//! Working on bytes keeps every byte that was not at fault, layout
//! included, and needs nothing from the tree but the extent of a few
//! nodes and properties.
//!
//! ```
//! let input = b"(;FF[4]GM[1]SZ[9];B[ee]xx;W[ff]C[unclosed";
//! let fixed = kifu_sgf::fix::fix(input, &kifu_sgf::repair::Options { force: true });
//! assert_eq!(
//!     kifu_sgf::write::lossless(&fixed.collection),
//!     b"(;FF[4]GM[1]SZ[9];B[ee];W[ff]C[unclosed])"
//! );
//! ```

use kifu_diag::{Code, Diagnostic, Span};

use crate::repair::{Options, Repair, Report};
use crate::syntax::codes;
use crate::tree::{Collection, Node};

/// One edit: the bytes `start..end` of the input replaced by `insert`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Edit {
    start: u32,
    end: u32,
    insert: Vec<u8>,
}

/// Byte edits of an input, in input order, none overlapping.
#[derive(Clone, Debug, Default)]
pub struct Edits {
    edits: Vec<Edit>,
    /// For each edit once they are finished: where it starts and ends in
    /// the edited bytes, and how far the edited bytes run ahead of the
    /// input after it. Mapping an offset back is then a binary search, not
    /// a pass over every edit before it (quadratic over the thousands of
    /// repairs of a damaged file).
    placed: Vec<(i64, i64, i64)>,
}

impl Edits {
    /// The input with the edits made.
    pub fn apply(&self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(input.len() + 16);
        let mut at = 0usize;
        for e in &self.edits {
            out.extend_from_slice(&input[at..e.start as usize]);
            out.extend_from_slice(&e.insert);
            at = e.end as usize;
        }
        out.extend_from_slice(&input[at..]);
        out
    }

    /// Where `offset` of the edited bytes was in the input (an offset
    /// inside inserted text maps to where it was inserted).
    pub fn original_offset(&self, offset: u32) -> u32 {
        if self.placed.len() != self.edits.len() {
            return self.original_offset_by_walk(offset);
        }
        let offset = i64::from(offset);
        // The edits' places in the edited bytes never go back (they do not
        // overlap), so only the last edit starting at or before `offset`
        // can hold it.
        let after = self
            .placed
            .partition_point(|&(start, _, _)| start <= offset);
        let Some(k) = after.checked_sub(1) else {
            return offset.max(0) as u32;
        };
        let (_, end, shift) = self.placed[k];
        if offset < end {
            return self.edits[k].start;
        }
        (offset - shift).max(0) as u32
    }

    /// [`Edits::original_offset`] by a walk over the edits (before they
    /// are finished).
    fn original_offset_by_walk(&self, offset: u32) -> u32 {
        // `shift` is how far the edited bytes run ahead of the input.
        let mut shift: i64 = 0;
        for e in &self.edits {
            let new_start = i64::from(e.start) + shift;
            if i64::from(offset) < new_start {
                break;
            }
            let new_end = new_start + e.insert.len() as i64;
            if i64::from(offset) < new_end {
                return e.start;
            }
            shift += e.insert.len() as i64 - i64::from(e.end - e.start);
        }
        (i64::from(offset) - shift).max(0) as u32
    }

    /// [`Edits::original_offset`] of both ends.
    pub fn original_span(&self, span: Span) -> Span {
        let start = self.original_offset(span.start);
        let end = self.original_offset(span.end).max(start);
        Span::new(start, end)
    }

    pub(crate) fn push(&mut self, start: usize, end: usize, insert: &[u8]) {
        self.placed.clear();
        self.edits.push(Edit {
            start: start as u32,
            end: end as u32,
            insert: insert.to_vec(),
        });
    }

    /// Where an edit goes among edits of the same range: a value's `]`
    /// before any `)` inserted at the same place, and a removal before a
    /// rewrite of the same bytes (which it then makes pointless).
    fn rank(e: &Edit) -> u8 {
        match (e.start == e.end, e.insert.as_slice()) {
            (true, b"]") => 0,
            (true, _) => 1,
            (false, []) => 0,
            (false, _) => 1,
        }
    }

    /// Sorts the edits and merges those that overlap (two findings about
    /// the same bytes): a text inserted inside a removed or replaced range
    /// is kept; of two replacements, the wider wins (removing `Che` beats
    /// rewriting it `C`). Insertions at one offset keep their order.
    pub(crate) fn finish(&mut self) {
        self.edits.sort_by_key(|e| (e.start, e.end, Self::rank(e)));
        let mut merged: Vec<Edit> = Vec::with_capacity(self.edits.len());
        for e in self.edits.drain(..) {
            let Some(last) = merged.last_mut() else {
                merged.push(e);
                continue;
            };
            let both_replace = e.start < e.end && last.start < last.end;
            let overlaps = e.start < last.end || (both_replace && e.start == last.start);
            if !overlaps {
                merged.push(e);
            } else if e.start == e.end {
                last.insert.extend_from_slice(&e.insert);
            } else if e.end > last.end {
                if e.end - e.start > last.end - last.start {
                    last.insert = e.insert;
                }
                last.end = e.end;
            }
        }
        self.edits = merged;
        let mut shift: i64 = 0;
        self.placed = self
            .edits
            .iter()
            .map(|e| {
                let start = i64::from(e.start) + shift;
                let end = start + e.insert.len() as i64;
                shift += e.insert.len() as i64 - i64::from(e.end - e.start);
                (start, end, shift)
            })
            .collect();
    }
}

fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace()
}

/// The edits that repair the syntax faults of `diagnostics` (the reader's
/// diagnostics of `collection`), recorded in `report`; `None` when there is
/// nothing to edit. Critical edits are made only with [`Options::force`].
///
/// Text outside the game trees is information: text before the first game,
/// which SGF readers skip, is kept, and text after or between games (which
/// the grammar does not allow) is removed only as a critical repair, as
/// SGFC's error 8 is critical; parentheses alone are syntax, removed.
/// With `normalize` (the canonical form, which holds the games only) both
/// are removed and said to be.
pub fn plan(
    collection: &Collection<'_>,
    diagnostics: &[Diagnostic],
    options: &Options,
    normalize: bool,
    report: &mut Report,
) -> Option<Edits> {
    // A UTF-16 input is read through its UTF-8 form: its bytes are not the
    // ones the spans count.
    if collection.is_utf16() {
        return None;
    }
    let input = collection.source();
    let mut planner = Planner {
        input,
        collection,
        options,
        normalize,
        report,
        edits: Edits::default(),
        removed: Vec::new(),
        places: std::cell::OnceCell::new(),
    };
    let others = Others::of(diagnostics);
    for d in diagnostics {
        planner.plan(d, &others);
    }
    let mut edits = planner.edits;
    if edits.edits.is_empty() {
        return None;
    }
    edits.finish();
    Some(edits)
}

/// See [`Planner::repair_of`].
type Planned = (Code, String, bool, Vec<(usize, usize, Vec<u8>)>);

/// What the repairs of some diagnostics ask of the others, found in one
/// pass over them (each such repair scanned every diagnostic: random SGF
/// tokens, with tens of thousands of them, took seconds).
struct Others {
    /// The spans of the unbalanced parentheses by start, each with the
    /// largest end among it and those before it.
    unbalanced: Vec<(u32, u32)>,
    /// Where the last text that looks like data before the first game starts.
    last_data_before_game: Option<u32>,
    /// A value is left open at the end.
    unclosed_value: bool,
}

impl Others {
    fn of(diagnostics: &[Diagnostic]) -> Others {
        let mut unbalanced: Vec<(u32, u32)> = diagnostics
            .iter()
            .filter(|d| d.code == codes::UNBALANCED)
            .map(|d| (d.span.start, d.span.end))
            .collect();
        unbalanced.sort_unstable();
        let mut largest_end = 0;
        for (_, end) in &mut unbalanced {
            largest_end = largest_end.max(*end);
            *end = largest_end;
        }
        Others {
            unbalanced,
            last_data_before_game: diagnostics
                .iter()
                .filter(|d| d.code == codes::DATA_BEFORE_GAME)
                .map(|d| d.span.start)
                .max(),
            unclosed_value: diagnostics.iter().any(|d| d.code == codes::UNCLOSED_VALUE),
        }
    }

    /// Whether an unbalanced parenthesis's span holds `span`.
    fn unbalanced_around(&self, span: Span) -> bool {
        let before = self
            .unbalanced
            .partition_point(|&(start, _)| start <= span.start);
        before > 0 && self.unbalanced[before - 1].1 >= span.end
    }
}

struct Planner<'a, 'c, 'i> {
    input: &'a [u8],
    collection: &'c Collection<'i>,
    options: &'a Options,
    /// The canonical form is written: text outside the games goes.
    normalize: bool,
    report: &'a mut Report,
    edits: Edits,
    /// The byte ranges removed so far.
    removed: Vec<(usize, usize)>,
    /// Where the properties and nodes of the collection start, found once
    /// when first asked: looking each up by a walk over the whole
    /// collection made repairing random bytes (thousands of broken
    /// properties) quadratic.
    places: std::cell::OnceCell<Places>,
}

/// Properties and nodes of a collection by where they start.
#[derive(Default)]
struct Places {
    /// A property's identifier start -> one past its last value.
    property_end: std::collections::HashMap<u32, usize>,
    /// A node's first property's start, or the `;` before it with only
    /// blanks between -> the node (the first in collection order).
    node: std::collections::HashMap<u32, crate::NodeId>,
    /// For each node (by index), one past the last byte of its properties
    /// and of every node's below it: worked out once, bottom up. A walk of
    /// the subtree for each node put in a variation of its own made a
    /// long game with many of them quadratic (a fuzzer's 6 KB repeated to
    /// 1 MiB took 0.8 s here).
    subtree_end: Vec<usize>,
}

impl Planner<'_, '_, '_> {
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

    /// The end of the blank bytes from `at`.
    fn space_end(&self, mut at: usize) -> usize {
        while at < self.input.len() && is_space(self.input[at]) {
            at += 1;
        }
        at
    }

    /// The start of the blank bytes before `at`.
    fn space_start(&self, mut at: usize) -> usize {
        while at > 0 && is_space(self.input[at - 1]) {
            at -= 1;
        }
        at
    }

    /// Whether the bytes of `span` are parentheses and blanks only: syntax
    /// gone wrong, not text.
    fn only_parentheses(&self, span: Span) -> bool {
        self.input[span.range()]
            .iter()
            .all(|&b| matches!(b, b'(' | b')') || is_space(b))
    }

    fn text(&self, span: Span) -> String {
        let bytes = &self.input[span.range()];
        let shown = &bytes[..bytes.len().min(40)];
        let mut s = String::from_utf8_lossy(shown).escape_debug().to_string();
        if bytes.len() > shown.len() {
            s.push_str("...");
        }
        s
    }

    fn plan(&mut self, d: &Diagnostic, others: &Others) {
        if let Some((code, message, critical, edits)) = self.repair_of(d, others)
            && self.decide(code, d.span, message, critical)
        {
            for (start, end, insert) in edits {
                if start < end {
                    self.removed.push((start, end));
                }
                self.edits.push(start, end, &insert);
            }
        }
    }

    /// The repair of one diagnostic: the code it answers, what it does,
    /// whether it is critical, and its edits.
    fn repair_of(&self, d: &Diagnostic, others: &Others) -> Option<Planned> {
        let s = d.span;
        let (start, end) = (s.start as usize, s.end as usize);
        let planned = match d.code {
            codes::JUNK_BEFORE_GAME => return self.junk_before_game(d, others),
            codes::JUNK_AFTER_GAME => return self.junk_after_game(d, others),
            codes::JUNK_IN_NODE => {
                let message = format!("characters removed: '{}'", self.text(s));
                (d.code, message, true, removal(self.space_start(start), end))
            }
            codes::NUL_BYTE => {
                let message = "NUL byte removed".to_owned();
                (
                    d.code,
                    message,
                    false,
                    removal(self.space_start(start), end),
                )
            }
            codes::MISSING_SEMICOLON => (
                d.code,
                "';' added".into(),
                false,
                vec![(start, start, b";".to_vec())],
            ),
            codes::MISSING_OPEN => (
                d.code,
                "'(' added".into(),
                false,
                vec![(start, start, b"(".to_vec())],
            ),
            codes::MISSING_CLOSE => return self.missing_close(d, others),
            codes::UNBALANCED => {
                let message = format!("stray '{}' removed", self.text(s));
                (d.code, message, false, removal(start, end))
            }
            codes::EMPTY_VARIATION => return self.empty_variation(d),
            codes::NODE_OUTSIDE_VARIATION => return self.node_outside_variation(d),
            codes::VALUE_WITHOUT_ID => {
                let message = format!("value without identifier removed: '{}'", self.text(s));
                (d.code, message, true, removal(self.space_start(start), end))
            }
            codes::ID_WITHOUT_VALUE => {
                let message = format!("identifier without value removed: '{}'", self.text(s));
                (d.code, message, true, removal(self.space_start(start), end))
            }
            codes::INVALID_ID | codes::LONG_ID => return self.invalid_identifier(d),
            codes::LOWERCASE_ID => return self.lowercase_identifier(d),
            // A value removed with its property needs no `]`.
            codes::UNCLOSED_VALUE if self.removed.iter().any(|&(a, b)| a <= start && b >= end) => {
                return None;
            }
            codes::UNCLOSED_VALUE => {
                // Before any `)` added for the trees left open.
                let close = self.closing_bracket(start, end);
                let message = match close.as_slice() {
                    b"]" => "']' added at the end of the value".to_owned(),
                    [0x1B, ..] => {
                        "the shift back to ASCII and ']' added at the end of the value".to_owned()
                    }
                    _ => "' ]' added at the end of the value".to_owned(),
                };
                (d.code, message, false, vec![(end, end, close)])
            }
            _ => return None,
        };
        Some(planned)
    }

    /// What closes the value whose `[` is at `open` and which runs to the
    /// end of the input at `end`: a `]` that the reader's scan of values
    /// (in the input's charset) takes as its end. In ISO-2022-JP a value
    /// left in a two-byte set reads a `]` as half a character: the shift
    /// back to ASCII goes first (the fuzzer found a value whose shift back
    /// was corrupted, and each round added a `]` to it). A lead byte of a
    /// multibyte charset, or a backslash, left at the end would take the
    /// `]` too: a space goes between.
    fn closing_bracket(&self, open: usize, end: usize) -> Vec<u8> {
        let scan = self.collection.scan;
        let content = self.input.get(open + 1..end).unwrap_or_default();
        let closes: &[&[u8]] = if scan == crate::bytes::charset::ScanMode::Iso2022Jp {
            &[b"]", b"\x1b(B]", b" ]"]
        } else {
            &[b"]", b" ]"]
        };
        let closes_here = |close: &[u8]| {
            let probe = [content, close].concat();
            scan.find_value_end(&probe, 0) == Some(probe.len() - 1)
        };
        closes
            .iter()
            .find(|close| closes_here(close))
            .map_or_else(|| b"]".to_vec(), |close| close.to_vec())
    }

    /// Text before the first game: removed when it is data, or only parentheses, or the canonical form is asked for.
    fn junk_before_game(&self, d: &Diagnostic, others: &Others) -> Option<Planned> {
        let s = d.span;
        let (start, end) = (s.start as usize, s.end as usize);
        let data = others.last_data_before_game.is_some_and(|at| at >= s.start);
        let code = if data {
            codes::DATA_BEFORE_GAME
        } else {
            codes::JUNK_BEFORE_GAME
        };
        // Text SGF readers skip, often a header or a note: kept
        // unless the canonical form is asked for.
        if !data && !self.only_parentheses(s) && !self.normalize {
            return None;
        }
        let message = format!("text before the first game removed: '{}'", self.text(s));
        Some((code, message, data, removal(start, self.space_end(end))))
    }

    /// Text after or between the games.
    fn junk_after_game(&self, d: &Diagnostic, others: &Others) -> Option<Planned> {
        let s = d.span;
        let (start, end) = (s.start as usize, s.end as usize);
        // A stray `)` is the unbalanced parenthesis's to remove.
        if others.unbalanced_around(s) {
            return None;
        }
        let text = !self.only_parentheses(s);
        let message = if text && self.normalize {
            format!(
                "text outside the games removed (the canonical form holds the games only): '{}'",
                self.text(s)
            )
        } else {
            format!("text outside the games removed: '{}'", self.text(s))
        };
        let after = self.space_end(end);
        let edits = if after == self.input.len() {
            removal(self.space_start(start), end)
        } else {
            removal(start, after)
        };
        Some((d.code, message, text && !self.normalize, edits))
    }

    /// `)` added at the end for the trees left open.
    fn missing_close(&self, d: &Diagnostic, others: &Others) -> Option<Planned> {
        let count = unclosed_trees(&d.message);
        let message = if count == 1 {
            "')' added at the end".to_owned()
        } else {
            format!("{count} ')' added at the end")
        };
        // Before the final line break, unless it is inside a
        // value left open (which gets its `]` at the very end).
        let open_value = others.unclosed_value;
        let at = if open_value {
            self.input.len()
        } else {
            self.space_start(self.input.len())
        };
        Some((d.code, message, false, vec![(at, at, b")".repeat(count))]))
    }

    /// `()` removed (critical when there is something inside).
    fn empty_variation(&self, d: &Diagnostic) -> Option<Planned> {
        let s = d.span;
        let (start, end) = (s.start as usize, s.end as usize);
        let message = format!("'{}' removed", self.text(s));
        // Junk inside `( 5 )` goes with it: only with force.
        let inner = &self.input[(start + 1).min(end)..end.saturating_sub(1).max(start)];
        let critical = inner.iter().any(|&b| !is_space(b));
        Some((
            d.code,
            message,
            critical,
            removal(self.space_start(start), end),
        ))
    }

    /// A node after the variations of a sequence: put in a variation of its own.
    fn node_outside_variation(&self, d: &Diagnostic) -> Option<Planned> {
        let s = d.span;
        let (start, end) = (s.start as usize, s.end as usize);
        let node = self.node_at(start)?;
        if node.prev_sibling().is_none() {
            // No variation before it after all (`()` was skipped):
            // only its `;` is missing.
            if self.input.get(start) == Some(&b';') {
                return None;
            }
            let message = "';' added".to_owned();
            return Some((d.code, message, false, vec![(start, start, b";".to_vec())]));
        }
        let subtree_end = self.subtree_end(node).max(end);
        let open: &[u8] = if self.input.get(start) == Some(&b';') {
            b"("
        } else {
            b"(;"
        };
        let message =
            "node put in a variation of its own: '(' added before it, ')' after its variations"
                .to_owned();
        let edits = vec![
            (start, start, open.to_vec()),
            (subtree_end, subtree_end, b")".to_vec()),
        ];
        Some((d.code, message, false, edits))
    }

    /// An identifier that cannot be one, removed with its property.
    fn invalid_identifier(&self, d: &Diagnostic) -> Option<Planned> {
        let s = d.span;
        let (start, end) = (s.start as usize, s.end as usize);
        let to = self.property_end(start).max(end);
        let removed = Span::new(s.start, to as u32);
        let message = format!("property removed: '{}'", self.text(removed));
        Some((d.code, message, true, removal(start, to)))
    }

    /// An identifier with lowercase letters written as its uppercase letters.
    fn lowercase_identifier(&self, d: &Diagnostic) -> Option<Planned> {
        let s = d.span;
        let (start, end) = (s.start as usize, s.end as usize);
        let written = &self.input[start..end];
        let upper: Vec<u8> = written
            .iter()
            .copied()
            .filter(u8::is_ascii_uppercase)
            .collect();
        let message = format!(
            "identifier {} written {}",
            String::from_utf8_lossy(written),
            String::from_utf8_lossy(&upper)
        );
        Some((d.code, message, false, vec![(start, end, upper)]))
    }

    /// The node that starts at `at`: its `;`, or its first property when
    /// the `;` was missing.
    fn node_at(&self, at: usize) -> Option<Node<'_, '_>> {
        let id = *self.places().node.get(&(at as u32))?;
        Some(self.collection.node(id))
    }

    fn places(&self) -> &Places {
        self.places.get_or_init(|| {
            let mut places = Places::default();
            for game in self.collection.games() {
                for n in game.nodes() {
                    for p in n.properties() {
                        let end = match p.value_spans().last() {
                            Some(v) if self.input.get(v.end as usize) == Some(&b']') => {
                                v.end as usize + 1
                            }
                            Some(v) => v.end as usize,
                            None => p.span().end as usize,
                        };
                        places.property_end.entry(p.span().start).or_insert(end);
                    }
                    let Some(first) = n.properties().next().map(|p| p.span().start) else {
                        continue;
                    };
                    places.node.entry(first).or_insert(n.id());
                    // The `;` before the first property, blanks between.
                    let before = self.input[..(first as usize).min(self.input.len())]
                        .iter()
                        .rposition(|&b| !is_space(b));
                    if let Some(semi) = before.filter(|&k| self.input[k] == b';') {
                        places.node.entry(semi as u32).or_insert(n.id());
                    }
                }
            }
            places.subtree_end = self.subtree_ends(&places.property_end);
            places
        })
    }

    /// [`Places::subtree_end`]: each node's own end, then, children before
    /// their parents (pre-order backwards), each given to its parent.
    fn subtree_ends(&self, property_end: &std::collections::HashMap<u32, usize>) -> Vec<usize> {
        let mut ends = vec![0; self.collection.nodes.len()];
        for game in self.collection.games() {
            let order: Vec<Node<'_, '_>> = game.nodes().collect();
            for n in order.iter().rev() {
                let own = n
                    .properties()
                    .map(|p| {
                        let at = p.span().start;
                        property_end.get(&at).copied().unwrap_or(at as usize)
                    })
                    .max()
                    .unwrap_or(0);
                let i = n.id().index();
                ends[i] = ends[i].max(own);
                if let Some(parent) = n.parent() {
                    let j = parent.id().index();
                    ends[j] = ends[j].max(ends[i]);
                }
            }
        }
        ends
    }

    /// One past the last byte of the properties of `node` and every node
    /// below it.
    fn subtree_end(&self, node: Node<'_, '_>) -> usize {
        self.places()
            .subtree_end
            .get(node.id().index())
            .copied()
            .unwrap_or(0)
    }

    /// One past the last value of the property whose identifier starts at
    /// `at` (the identifier's end when it has no value).
    fn property_end(&self, at: usize) -> usize {
        self.places()
            .property_end
            .get(&(at as u32))
            .copied()
            .unwrap_or(at)
    }
}

/// How many game trees the reader's "missing ')'" message says are open.
fn unclosed_trees(message: &str) -> usize {
    message
        .split_whitespace()
        .find_map(|w| w.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1)
}

/// The edit that removes the bytes `from..to`.
fn removal(from: usize, to: usize) -> Vec<(usize, usize, Vec<u8>)> {
    vec![(from, to, Vec::new())]
}

#[cfg(test)]
mod offset_tests {
    use super::Edits;

    /// The binary search over finished edits maps every offset as the walk
    /// over them does, for edits of every kind (insertions, removals,
    /// replacements, several at one place, overlapping ones merged).
    #[test]
    fn finished_edits_map_offsets_as_the_walk_does() {
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as usize
        };
        for _ in 0..500 {
            let mut edits = Edits::default();
            for _ in 0..next(12) {
                let start = next(60);
                let end = start + [0, 0, 1, 3][next(4)];
                let insert = b"]);(xyz"[..next(5)].to_vec();
                edits.push(start, end, &insert);
            }
            edits.finish();
            for offset in 0..100u32 {
                assert_eq!(
                    edits.original_offset(offset),
                    edits.original_offset_by_walk(offset),
                    "{:?} at {offset}",
                    edits.edits
                );
            }
        }
    }
}

#[cfg(test)]
mod others_tests {
    use super::*;

    /// `Others::unbalanced_around` against a scan of every span, on spans
    /// from a fixed seed (nested, overlapping, empty).
    #[test]
    fn an_unbalanced_span_around_is_found_as_a_scan_finds_it() {
        let mut seed = 3u32;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) % n
        };
        for _ in 0..200 {
            let spans: Vec<Span> = (0..next(12))
                .map(|_| {
                    let start = next(40);
                    Span::new(start, start + next(10))
                })
                .collect();
            let diagnostics: Vec<Diagnostic> = spans
                .iter()
                .map(|&s| Diagnostic::new(codes::UNBALANCED, kifu_diag::Severity::Error, s, "x"))
                .collect();
            let others = Others::of(&diagnostics);
            for _ in 0..20 {
                let start = next(45);
                let probe = Span::new(start, start + next(6));
                let scanned = spans
                    .iter()
                    .any(|o| o.start <= probe.start && o.end >= probe.end);
                assert_eq!(
                    others.unbalanced_around(probe),
                    scanned,
                    "{spans:?} {probe:?}"
                );
            }
        }
    }
}

//! Rendering diagnostics: `file:line:col: severity[code]: message`, or one
//! JSON object per line for machines. Rendered to text first so that a
//! parallel batch prints each file's lines together and in input order.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::IsTerminal;

use annotate_snippets::{Level, Renderer, Snippet};
use kifu_diag::{Code, Diagnostic, LineIndex, Severity, Span};

use crate::args::{DiagnosticArgs, DiagnosticFormat, FileSummary};

/// What `kifu fix` would do about one diagnostic, and whether information
/// may be lost.
#[derive(Clone, Debug, Default)]
pub(crate) struct Advice {
    pub(crate) fix: Option<String>,
    pub(crate) critical: bool,
}

impl Advice {
    /// No fix to tell of; critical or not.
    pub(crate) fn critical(critical: bool) -> Self {
        Advice {
            fix: None,
            critical,
        }
    }
}

/// The advice for the diagnostics of an SGF input read as `collection`.
/// A dry run of `kifu fix --force` (on a copy) says what would be done
/// about each diagnostic and whether that instance is critical; it is made
/// only when the form shown says what fix would do (JSON, human), or when a
/// reported diagnostic may be critical (the summary line counts them), so
/// that the short form over an archive stays fast. Else the table of codes.
pub(crate) fn advice_for_sgf(
    input: &[u8],
    collection: &kifu_sgf::Collection<'_>,
    diagnostics: &[Diagnostic],
    args: &DiagnosticArgs,
) -> Vec<Advice> {
    let asked = asked_places(diagnostics, args);
    if !asked.is_empty() {
        advise(input, collection, diagnostics, asked)
    } else {
        advice_from_table(diagnostics)
    }
}

/// The places whose advice is shown or counted.
fn asked_places(diagnostics: &[Diagnostic], args: &DiagnosticArgs) -> Vec<u32> {
    diagnostics
        .iter()
        .filter(|d| {
            is_reported(d, args)
                && (args.wants_advice()
                    || kifu_sgf::codes::info(d.code).is_some_and(|i| i.critical))
        })
        .map(|d| d.span.start)
        .collect()
}

/// The advice for the diagnostics of one part of a big collection read in
/// parts (`part`, its places in `input`), as [`advice_for_sgf`] gives it
/// for the whole: the repair that a dry run of a game of the part makes
/// for a diagnostic, or `None` where the table of codes answers, which
/// [`advice_or_table`] decides when every part has been read. Also says
/// whether any diagnostic of the part was asked about. `None` when a
/// game's place is not known (a game without its `)`): the input is then
/// read again whole.
pub(crate) fn advice_for_part(
    input: &[u8],
    part: &kifu_sgf::Collection<'_>,
    diagnostics: &[Diagnostic],
    args: &DiagnosticArgs,
) -> Option<(Vec<Option<Advice>>, bool)> {
    let asked = asked_places(diagnostics, args);
    if asked.is_empty() {
        return Some((vec![None; diagnostics.len()], false));
    }
    let ranges: Option<Vec<_>> = part.games().map(|g| g.span().map(|s| s.range())).collect();
    let repairs = dry_run_games(input, &ranges?, asked)?;
    Some((matched(part, diagnostics, &repairs), true))
}

/// The advice of `diagnostics`: the repair `found` for each (by
/// [`matched`], for a whole collection or part by part), else the
/// table's, with the fix it names when any diagnostic was asked about (as
/// [`advise`] gives it), else as [`advice_from_table`] gives it.
pub(crate) fn advice_or_table(
    diagnostics: &[Diagnostic],
    found: Vec<Option<Advice>>,
    asked: bool,
) -> Vec<Advice> {
    diagnostics
        .iter()
        .zip(found)
        .map(|(d, advice)| advice.unwrap_or_else(|| table_advice(d, asked)))
        .collect()
}

/// Whether `args` prints and counts `d`.
pub(crate) fn is_reported(d: &Diagnostic, args: &DiagnosticArgs) -> bool {
    !args.allows(d.code) && d.severity >= least_printed(args)
}

/// The least severity `args` prints: errors alone with `-q`.
pub(crate) fn least_printed(args: &DiagnosticArgs) -> Severity {
    if args.quiet {
        Severity::Error
    } else {
        Severity::Note
    }
}

/// The advice for each of `diagnostics` of an SGF input read as
/// `collection`: the repair that `kifu fix --force` makes for it (found by
/// running it on a copy), else what the table of codes says. A repair
/// answers a diagnostic of its code when their spans meet, or when both
/// fall in one property (a repair of a value may be placed at the
/// property's identifier).
fn advise(
    input: &[u8],
    collection: &kifu_sgf::Collection<'_>,
    diagnostics: &[Diagnostic],
    asked: Vec<u32>,
) -> Vec<Advice> {
    let repairs = dry_run(input, collection, asked);
    let found = matched(collection, diagnostics, &repairs);
    advice_or_table(diagnostics, found, true)
}

/// The repair of `repairs` that answers each of `diagnostics` (of
/// `collection`), as advice; `None` where none does.
fn matched(
    collection: &kifu_sgf::Collection<'_>,
    diagnostics: &[Diagnostic],
    repairs: &[kifu_sgf::repair::Repair],
) -> Vec<Option<Advice>> {
    let index = RepairIndex::new(repairs);
    // Else: the first repair of the code in the same property.
    let mut in_property: Option<FirstInProperty> = None;
    diagnostics
        .iter()
        .map(|d| {
            let repair = index.meeting(d).or_else(|| {
                let found = in_property.get_or_insert_with(|| {
                    let properties = property_spans(collection, repairs);
                    let mut first = HashMap::new();
                    for (i, r) in repairs.iter().enumerate() {
                        if let Some(p) = property_at(&properties, r.span.start) {
                            first.entry((r.code, p)).or_insert(i);
                        }
                    }
                    FirstInProperty { properties, first }
                });
                let p = property_at(&found.properties, d.span.start)?;
                found.first.get(&(d.code, p)).copied()
            });
            repair.map(|i| Advice {
                fix: Some(repairs[i].message.clone()),
                critical: repairs[i].critical,
            })
        })
        .collect()
}

/// Above this size, a collection of several games is repaired game by game
/// (and checked a part at a time: `document::check_sgf_in_parts`).
pub(crate) const WHOLE_DRY_RUN_BYTES: usize = 1 << 20;

/// The repairs that `kifu fix --force` makes to `input` (of `games`
/// games), spans in `input`. A big collection is repaired one game at a
/// time, and only the games that hold an `asked` offset: a merged
/// archive of 70,000 games had all of them repaired, which took minutes
/// and gigabytes for the handful with findings. What only the whole
/// collection shows (games of different file formats) is then not found
/// here, and the table of codes answers those diagnostics. If the games
/// found by their parentheses are not the parser's, the whole is repaired.
fn dry_run(
    input: &[u8],
    collection: &kifu_sgf::Collection<'_>,
    asked: Vec<u32>,
) -> Vec<kifu_sgf::repair::Repair> {
    let games = collection.len();
    let options = kifu_sgf::repair::Options { force: true };
    let whole = || kifu_sgf::fix::fix(input, &options).report.made;
    if games < 2 || input.len() <= WHOLE_DRY_RUN_BYTES {
        return whole();
    }
    let ranges = game_ranges(collection, input);
    if ranges.len() != games {
        return whole();
    }
    dry_run_games(input, &ranges, asked).unwrap_or_else(whole)
}

/// The repairs that `kifu fix --force` makes to each game of `input` at
/// `ranges` that holds an `asked` offset, the game repaired alone; `None`
/// if a range is past what spans can say (4 GiB).
fn dry_run_games(
    input: &[u8],
    ranges: &[std::ops::Range<usize>],
    mut asked: Vec<u32>,
) -> Option<Vec<kifu_sgf::repair::Repair>> {
    let options = kifu_sgf::repair::Options { force: true };
    asked.sort_unstable();
    let mut repairs = Vec::new();
    for range in ranges {
        let (offset, end) = (
            u32::try_from(range.start).ok()?,
            u32::try_from(range.end).ok()?,
        );
        let first = asked.partition_point(|&s| s < offset);
        if asked.get(first).is_none_or(|&s| s >= end) {
            continue;
        }
        for mut r in kifu_sgf::fix::fix(&input[range.clone()], &options)
            .report
            .made
        {
            r.span.start += offset;
            r.span.end += offset;
            repairs.push(r);
        }
    }
    Some(repairs)
}

/// Where each game of `input` stands: as the reader found it, else (a
/// game without its `)`, a UTF-16 input) as a stream of games splits the
/// input. The reader's places cost nothing; the split is a pass over the
/// whole input, a tenth of the time of a check of a big collection.
fn game_ranges(collection: &kifu_sgf::Collection<'_>, input: &[u8]) -> Vec<std::ops::Range<usize>> {
    let read: Option<Vec<_>> = collection
        .games()
        .map(|g| g.span().map(|s| s.range()))
        .collect();
    read.unwrap_or_else(|| kifu_sgf::stream::game_ranges(input))
}

/// The spans of the properties of a collection, and the first repair of
/// each code in each of them.
struct FirstInProperty {
    properties: Vec<Span>,
    first: HashMap<(Code, usize), usize>,
}

/// The repairs of one code: (start, end, index) sorted by start, a span
/// taken as at least one byte long, and the greatest end up to each.
#[derive(Default)]
struct CodeRepairs {
    spans: Vec<(u32, u32, usize)>,
    max_end: Vec<u32>,
}

/// The repairs of a dry run, by code and place, so that matching each
/// diagnostic to its repair costs a search, not a pass over every repair
/// (a collection of thousands of games has thousands of both).
struct RepairIndex {
    by_code: HashMap<Code, CodeRepairs>,
}

impl RepairIndex {
    fn new(repairs: &[kifu_sgf::repair::Repair]) -> RepairIndex {
        let mut by_code: HashMap<Code, CodeRepairs> = HashMap::new();
        for (i, r) in repairs.iter().enumerate() {
            let end = r.span.end.max(r.span.start + 1);
            by_code
                .entry(r.code)
                .or_default()
                .spans
                .push((r.span.start, end, i));
        }
        for CodeRepairs { spans, max_end } in by_code.values_mut() {
            spans.sort_unstable();
            let mut max = 0;
            *max_end = spans
                .iter()
                .map(|&(_, end, _)| {
                    max = max.max(end);
                    max
                })
                .collect();
        }
        RepairIndex { by_code }
    }

    /// The first repair (in the order they were made) of `d`'s code whose
    /// span meets `d`'s (both taken as at least one byte long).
    fn meeting(&self, d: &Diagnostic) -> Option<usize> {
        let CodeRepairs { spans, max_end } = self.by_code.get(&d.code)?;
        let d_end = d.span.end.max(d.span.start + 1);
        let before_end = spans.partition_point(|&(start, _, _)| start < d_end);
        let mut first: Option<usize> = None;
        for k in (0..before_end).rev() {
            if max_end[k] <= d.span.start {
                break;
            }
            let (_, end, i) = spans[k];
            if end > d.span.start {
                first = Some(first.map_or(i, |f| f.min(i)));
            }
        }
        first
    }
}

/// The spans of the properties of `collection`, from its identifier to
/// the `]` of its last value, in file order: those of the games where
/// `repairs` were made (a diagnostic elsewhere has no repair in its
/// property), or of every game if the games' places are not known.
fn property_spans(
    collection: &kifu_sgf::Collection<'_>,
    repairs: &[kifu_sgf::repair::Repair],
) -> Vec<Span> {
    // Each game from its root's first property to the next game's: in
    // file order, as read.
    let starts: Option<Vec<u32>> = collection
        .games()
        .map(|g| g.root().properties().next().map(|p| p.span().start))
        .collect();
    let starts = starts.filter(|s| s.is_sorted());
    let mut repaired: Vec<u32> = repairs.iter().map(|r| r.span.start).collect();
    repaired.sort_unstable();
    let mut spans = Vec::new();
    for (g, game) in collection.games().enumerate() {
        if let Some(starts) = &starts {
            let (from, to) = (starts[g], starts.get(g + 1).copied().unwrap_or(u32::MAX));
            let first = repaired.partition_point(|&s| s < from);
            if repaired.get(first).is_none_or(|&s| s >= to) {
                continue;
            }
        }
        for node in game.nodes() {
            for p in node.properties() {
                let start = p.span().start;
                let end = p
                    .value_spans()
                    .last()
                    .map_or(p.span().end, |v| v.end.saturating_add(1));
                spans.push(Span::new(start, end.max(start)));
            }
        }
    }
    spans.sort_by_key(|s| s.start);
    spans
}

/// The index of the property of `spans` that holds `offset`.
fn property_at(spans: &[Span], offset: u32) -> Option<usize> {
    let i = spans
        .partition_point(|s| s.start <= offset)
        .checked_sub(1)?;
    (offset < spans[i].end).then_some(i)
}

/// The table's advice for `d`: critical when its code may lose
/// information and it is reported at the code's most serious level (a
/// code reported less seriously is so because less is at stake).
fn table_advice(d: &Diagnostic, with_fix: bool) -> Advice {
    let info = kifu_sgf::codes::info(d.code);
    Advice {
        fix: info.filter(|_| with_fix).map(|i| i.fix.to_owned()),
        critical: info.is_some_and(|i| i.critical && d.severity >= i.severity),
    }
}

/// The advice of the table of codes alone: no fix text, and critical as
/// [`table_advice`] says (the short form's summary; books, XML).
pub(crate) fn advice_from_table(diagnostics: &[Diagnostic]) -> Vec<Advice> {
    diagnostics.iter().map(|d| table_advice(d, false)).collect()
}

/// Renders the diagnostics of one input into `out`, with their advice
/// (or none: `&[]`), and no summary line.
pub(crate) fn render(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    diagnostics: &[Diagnostic],
    advice: &[Advice],
    args: &DiagnosticArgs,
    out: &mut String,
) {
    let args = DiagnosticArgs {
        summary: FileSummary::None,
        ..args.clone()
    };
    render_advised(name, source, encoding, diagnostics, advice, &args, out);
}

/// [`render`] with the advice of [`advise`] (or none: `&[]`), then the
/// line that sums the file up as SGFC does, `file: 2 errors, 1 warning (1
/// critical)` or `file: OK`, as `args.summary` asks (never in JSON).
pub(crate) fn render_advised(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    diagnostics: &[Diagnostic],
    advice: &[Advice],
    args: &DiagnosticArgs,
    out: &mut String,
) {
    render_advised_at(
        name,
        source,
        Origin::default(),
        encoding,
        diagnostics,
        advice,
        args,
        out,
    );
}

/// Where the bytes that spans point into stand in what was read: a game of
/// a stream is reported at its place in the stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Origin {
    /// Bytes before them.
    pub(crate) offset: u64,
    /// Lines before them (0-based).
    pub(crate) line: u64,
    /// Bytes between their first byte and the line break before it.
    pub(crate) column: u64,
}

impl Origin {
    /// A line and column within the bytes (1-based) as a place in what was
    /// read.
    fn place(self, (line, column): (usize, usize)) -> (u64, u64) {
        let column = if line == 1 {
            column as u64 + self.column
        } else {
            column as u64
        };
        (line as u64 + self.line, column)
    }
}

/// [`render_advised`] for bytes that stand at `origin` in what was read.
#[allow(clippy::too_many_arguments)]
pub(crate) fn render_advised_at(
    name: &str,
    source: &[u8],
    origin: Origin,
    encoding: &'static encoding_rs::Encoding,
    diagnostics: &[Diagnostic],
    advice: &[Advice],
    args: &DiagnosticArgs,
    out: &mut String,
) {
    let format = match args.format {
        DiagnosticFormat::Auto if std::io::stderr().is_terminal() => DiagnosticFormat::Human,
        DiagnosticFormat::Auto => DiagnosticFormat::Short,
        f => f,
    };
    let reported: Vec<(&Diagnostic, Advice)> = diagnostics
        .iter()
        .enumerate()
        .filter(|(_, d)| is_reported(d, args))
        .map(|(i, d)| (d, advice.get(i).cloned().unwrap_or_default()))
        .collect();
    if reported.is_empty() {
        if format != DiagnosticFormat::Json && !args.quiet && args.summary == FileSummary::Every {
            let _ = writeln!(out, "{name}: OK");
        }
        return;
    }
    render_reported(name, source, origin, encoding, &reported, format, out);
    if format != DiagnosticFormat::Json && args.summary != FileSummary::None {
        let _ = writeln!(out, "{}", summary_line(name, &reported));
    }
}

/// `file: 2 errors, 1 warning, 3 notes (1 critical)`.
fn summary_line(name: &str, reported: &[(&Diagnostic, Advice)]) -> String {
    let count = |s: Severity| reported.iter().filter(|(d, _)| d.severity == s).count();
    let mut parts = Vec::new();
    for (n, one, many) in [
        (count(Severity::Error), "error", "errors"),
        (count(Severity::Warning), "warning", "warnings"),
        (count(Severity::Note), "note", "notes"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {}", if n == 1 { one } else { many }));
        }
    }
    let critical = reported.iter().filter(|(_, a)| a.critical).count();
    let critical = if critical > 0 {
        format!(" ({critical} critical)")
    } else {
        String::new()
    };
    format!("{name}: {}{critical}", parts.join(", "))
}

fn render_reported(
    name: &str,
    source: &[u8],
    origin: Origin,
    encoding: &'static encoding_rs::Encoding,
    reported: &[(&Diagnostic, Advice)],
    format: DiagnosticFormat,
    out: &mut String,
) {
    let index = LineIndex::new(source);
    // Every place in one pass: counting each column from the start of its
    // line took minutes for a long line with many findings.
    let offsets: Vec<u32> = reported.iter().map(|(d, _)| d.span.start).collect();
    let places = positions(&index, source, encoding, &offsets);
    // On a terminal, messages that repeat are shown a few times, then counted.
    let mut shown: Vec<(&str, usize)> = Vec::new();
    for ((d, advice), &place) in reported.iter().zip(&places) {
        let d = *d;
        if format == DiagnosticFormat::Human {
            let code = d.code.as_str();
            let seen = match shown.iter_mut().find(|(c, _)| *c == code) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    shown.push((code, 1));
                    1
                }
            };
            if seen > REPEATS_SHOWN {
                continue;
            }
        }
        let (line, column) = origin.place(place);
        let _ = match format {
            DiagnosticFormat::Human => {
                let text = SourceText {
                    name,
                    source,
                    origin,
                    encoding,
                    index: &index,
                };
                human(&text, d, advice.fix.as_deref(), out);
                Ok(())
            }
            DiagnosticFormat::Short | DiagnosticFormat::Auto => writeln!(
                out,
                "{name}:{line}:{column}: {}[{}]: {}",
                d.severity,
                d.code,
                crate::stdio::visible(&d.message)
            ),
            DiagnosticFormat::Json => writeln!(
                out,
                "{}",
                serde_json::json!({
                    "file": name,
                    "line": line,
                    "column": column,
                    "severity": d.severity.as_str(),
                    "code": d.code.as_str(),
                    "message": d.message,
                    "span": {"offset": origin.offset + u64::from(d.span.start), "length": d.span.len()},
                    "sgfc": kifu_sgf::codes::info(d.code).map_or(&[][..], |i| i.sgfc),
                    "critical": advice.critical,
                    "fix": advice.fix,
                })
            ),
        };
    }
    for (code, count) in shown {
        if count > REPEATS_SHOWN {
            let _ = writeln!(
                out,
                "{name}: {} more [{code}] not shown (--format short shows all)\n",
                count - REPEATS_SHOWN
            );
        }
    }
}

/// How many diagnostics of one code the human form shows per file.
const REPEATS_SHOWN: usize = 3;

/// 1-based line and column in characters of the input's charset.
pub(crate) fn position(
    index: &LineIndex,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    offset: u32,
) -> (usize, usize) {
    if encoding == encoding_rs::UTF_8 {
        return index.position(source, offset);
    }
    let offset = offset.min(source.len() as u32);
    let line = index.line_of(offset);
    let start = index.line_start(line) as usize;
    let column = kifu_sgf::charset::char_count(encoding, &source[start..offset as usize]);
    (line + 1, column + 1)
}

/// [`position`] of each of `offsets`, in one pass over the lines they
/// are on: the offsets are taken in order, and each column is counted on
/// from the previous offset of the same line instead of from the line's
/// start.
///
/// Counting on is exact in UTF-8 and single-byte charsets (a count of
/// bytes). In the other ASCII-compatible charsets (Shift_JIS, Big5, GBK,
/// GB18030, EUC-KR, EUC-JP) a character may span the previous offset, so
/// the count goes on from the last byte before it that no charset reads
/// as part of a multibyte character: below 0x40 and not a digit (white
/// space, `(`, `)`, `;`), after which a decoder always starts afresh. In
/// stateful charsets (ISO-2022-JP, UTF-16) each column is counted from the
/// line's start, as [`position`] does.
pub(crate) fn positions(
    index: &LineIndex,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    offsets: &[u32],
) -> Vec<(usize, usize)> {
    let utf8 = encoding == encoding_rs::UTF_8;
    let single = encoding.is_single_byte();
    if !(utf8 || single || encoding.is_ascii_compatible()) {
        return offsets
            .iter()
            .map(|&o| position(index, source, encoding, o))
            .collect();
    }
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut out = vec![(0, 0); offsets.len()];
    // The line of the last offset, a place on it counted so far (a place
    // where decoding starts afresh) and the characters before that place.
    let (mut line, mut at, mut count) = (usize::MAX, 0usize, 0usize);
    for i in order {
        let offset = offsets[i].min(source.len() as u32) as usize;
        let l = index.line_of(offset as u32);
        if l != line {
            line = l;
            at = index.line_start(l) as usize;
            count = 0;
        }
        let column = if utf8 {
            count += source[at..offset]
                .iter()
                .filter(|&&b| (b as i8) >= -0x40)
                .count();
            at = offset;
            count
        } else if single {
            count += offset - at;
            at = offset;
            count
        } else {
            let fresh = source[at..offset]
                .iter()
                .rposition(|&b| b < 0x40 && !b.is_ascii_digit());
            if let Some(k) = fresh {
                let restart = at + k + 1;
                count += kifu_sgf::charset::char_count(encoding, &source[at..restart]);
                at = restart;
            }
            count + kifu_sgf::charset::char_count(encoding, &source[at..offset])
        };
        out[i] = (line + 1, column + 1);
    }
    out
}

/// The bytes diagnostics point into, with what it takes to show them.
struct SourceText<'a> {
    name: &'a str,
    source: &'a [u8],
    origin: Origin,
    encoding: &'static encoding_rs::Encoding,
    index: &'a LineIndex,
}

/// The rich form: the message, then the line of the input with the place
/// marked (the line decoded from the input's charset).
fn human(text: &SourceText<'_>, d: &Diagnostic, fix: Option<&str>, out: &mut String) {
    let SourceText {
        name,
        source,
        origin,
        encoding,
        index,
    } = *text;
    let offset = d.span.start.min(source.len() as u32);
    let line = index.line_of(offset);
    let start = index.line_start(line) as usize;
    let end = if line + 1 < index.line_count() {
        index.line_start(line + 1) as usize
    } else {
        source.len()
    };
    let raw = &source[start..end];
    let text = kifu_sgf::charset::decode(encoding, raw);
    let text = text.trim_end_matches(['\n', '\r']);
    // Long lines (a whole game on one line) are cut around the place.
    let column =
        kifu_sgf::charset::decode(encoding, &raw[..(offset as usize - start).min(raw.len())])
            .len()
            .min(text.len());
    let (shown, at) = window(text, column, 100);
    // The line is the file's: shown, never sent as terminal controls. A
    // control character becomes two or more, so the mark is placed anew.
    let at_visible = shown
        .get(..at)
        .map_or(at, |before| crate::stdio::visible(before).len());
    let shown = crate::stdio::visible(shown);
    let (shown, at) = (&*shown, at_visible);
    let message_text = crate::stdio::visible(&d.message);
    let width = (d.span.len() as usize).clamp(1, shown.len().saturating_sub(at).max(1));
    let level = match d.severity {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        _ => Level::Note,
    };
    let message = level.title(&message_text).id(d.code.as_str()).snippet(
        Snippet::source(shown)
            .line_start(line + 1 + origin.line as usize)
            .origin(name)
            .annotation(level.span(marked(shown, at, width))),
    );
    let fix = fix.map(|f| format!("kifu fix: {f}"));
    let message = match &fix {
        Some(f) => message.footer(Level::Help.title(f)),
        None => message,
    };
    let renderer = if std::io::stderr().is_terminal() {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let _ = writeln!(out, "{}", renderer.render(message));
}

/// The bytes of `text` to mark: `width` from `at`, widened to whole
/// characters (the span counts the input's bytes, the text is decoded, so
/// the two need not fall on the same boundaries).
fn marked(text: &str, at: usize, width: usize) -> std::ops::Range<usize> {
    let mut start = at.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = at.saturating_add(width).min(text.len()).max(start);
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// At most `max` bytes of `text` around byte `at` (on char boundaries), and
/// where `at` falls in them.
fn window(text: &str, at: usize, max: usize) -> (&str, usize) {
    if text.len() <= max {
        return (text, at);
    }
    let mut start = at.saturating_sub(max / 2);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + max).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[start..end], at - start)
}

#[cfg(test)]
mod position_tests {
    use super::*;

    /// Every offset of `source`, at once and in a shuffled order, against
    /// [`position`] one at a time.
    fn agree(source: &[u8], encoding: &'static encoding_rs::Encoding) {
        let index = LineIndex::new(source);
        let mut offsets: Vec<u32> = (0..=source.len() as u32 + 2).collect();
        // A fixed shuffle: reversed halves.
        let half = offsets.len() / 2;
        offsets[..half].reverse();
        let expected: Vec<_> = offsets
            .iter()
            .map(|&o| position(&index, source, encoding, o))
            .collect();
        assert_eq!(
            positions(&index, source, encoding, &offsets),
            expected,
            "{}",
            encoding.name()
        );
    }

    #[test]
    fn counting_on_agrees_with_counting_from_the_line_start() {
        let text = "(;GM[1]FF[4]CA[X]\n;B[aa]C[\u{65e5}\u{672c}\u{8a9e}\u{30c6}\u{30ad}\u{30b9}\u{30c8}] ;W[bb]C[\u{00e9}t\u{00e9} 10:20]\r\n;B[cc]\rN[\u{4e2d}\u{6587};x]\n\n;W[dd]C[1\u{5b57}2\u{5b57}3])";
        for encoding in [
            encoding_rs::UTF_8,
            encoding_rs::SHIFT_JIS,
            encoding_rs::GB18030,
            encoding_rs::GBK,
            encoding_rs::BIG5,
            encoding_rs::EUC_KR,
            encoding_rs::EUC_JP,
            encoding_rs::ISO_2022_JP,
            encoding_rs::WINDOWS_1252,
        ] {
            let (bytes, _, _) = encoding.encode(text);
            agree(&bytes, encoding);
            // Broken bytes too: stray lead and trail bytes, cut characters.
            let mut broken = bytes.to_vec();
            for k in (3..broken.len()).step_by(7) {
                broken[k] = [0x81, 0xE0, 0xA1, 0x5C, 0x30, 0x3B][k % 6];
            }
            agree(&broken, encoding);
        }
    }

    #[test]
    fn the_last_of_many_findings_on_a_long_line() {
        // 300 000 places on one 1.8 MB line: each counted from the line's
        // start, this was quadratic.
        let mut source = String::from("(;C[\u{65e5}\u{672c}]");
        let mut offsets = Vec::new();
        for _ in 0..300_000 {
            offsets.push(source.len() as u32);
            source.push_str(";B[aa]");
        }
        source.push(')');
        let index = LineIndex::new(source.as_bytes());
        for encoding in [encoding_rs::UTF_8, encoding_rs::SHIFT_JIS] {
            let (bytes, _, _) = encoding.encode(&source);
            let offsets: Vec<u32> = if encoding == encoding_rs::UTF_8 {
                offsets.clone()
            } else {
                // Two bytes per character instead of three.
                offsets.iter().map(|o| o - 2).collect()
            };
            let places = positions(&index, &bytes, encoding, &offsets);
            let last = *offsets.last().unwrap();
            assert_eq!(places.last(), Some(&(1, 8 + 6 * 299_999)));
            assert_eq!(
                places.last(),
                Some(&position(&index, &bytes, encoding, last))
            );
            assert_eq!(places[0], (1, 8));
        }
    }
}

#[cfg(test)]
mod marked_tests {
    use super::marked;

    #[test]
    fn the_mark_covers_whole_characters() {
        // A span of one byte inside a two-byte character, as a span of the
        // input's bytes meets text decoded from another charset.
        assert_eq!(marked("Ã$", 1, 1), 0..2);
        assert_eq!(marked("aÃb", 0, 2), 0..3);
        assert_eq!(marked("ab", 5, 3), 2..2);
        assert_eq!(marked("ab", 0, 1), 0..1);
    }
}

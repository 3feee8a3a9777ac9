//! The repair of a whole input: its syntax on the bytes, then its
//! content on the tree, pass after pass until nothing is left to repair.

use std::borrow::Cow;

use kifu_diag::{Diagnostic, Span};

use crate::bytes::charset::Resolution;
use crate::repair::syntax::{self as syntax_repair, Edits};
use crate::repair::{self, Options, Outcome, Report};
use crate::tree::Collection;

/// What [`fix`] made of an input.
#[derive(Clone, Debug)]
pub struct Fixed<'i> {
    /// The repaired collection: the input's own tree when nothing was
    /// repaired, else the reading of the repaired bytes, which it owns
    /// (write it with [`write::lossless`](crate::write::lossless)).
    pub collection: Collection<'i>,
    /// What the reader found in the input, before any repair.
    pub diagnostics: Vec<Diagnostic>,
    /// The repairs made and refused, syntax and content, with spans in
    /// the input.
    pub report: Report,
    /// The charset the input's first game was read in (UTF-8 when it has
    /// none): the one the columns of `diagnostics` are counted in.
    pub encoding: &'static encoding_rs::Encoding,
}

/// Reads `input` and repairs it: the smallest changes that make it
/// correct.
///
/// At most one tree is held at a time: each pass writes the repaired
/// bytes and drops its tree before the next pass reads them, so that a
/// big collection costs one tree, not three (7,259 games merged into one
/// 8.8 MB file took 650 MB when the passes' trees were held together).
pub fn fix<'i>(input: &'i [u8], options: &Options) -> Fixed<'i> {
    fix_with(input, options, false, &mut |_| {})
}

/// [`fix`], and the game information written in the forms FF\[4\]
/// recommends where the file's own form is correct too (`BR[9 dan]` to
/// `BR[9d]`, the free-text dates of FF\[1\]-FF\[3\] files to FF\[4\]
/// dates): what `kifu fix --normalize` does before writing the file in the
/// canonical layout.
///
/// ```
/// let input = b"(;FF[4]GM[1]BR[9 dan];B[dd])";
/// let fixed = kifu_sgf::fix::fix(input, &Default::default());
/// assert!(!fixed.report.changed());
/// let normalized = kifu_sgf::fix::fix_and_normalize(input, &Default::default());
/// assert_eq!(
///     kifu_sgf::write::lossless(&normalized.collection),
///     b"(;FF[4]GM[1]BR[9d];B[dd])"
/// );
/// ```
pub fn fix_and_normalize<'i>(input: &'i [u8], options: &Options) -> Fixed<'i> {
    fix_with(input, options, true, &mut |_| {})
}

/// [`fix`] (or with `normalize`, [`fix_and_normalize`]), calling `lap`
/// with the name of each stage as it ends (what the benchmarks time;
/// stages met again have the same name). Not part of the supported API.
#[doc(hidden)]
pub fn fix_timed<'i>(
    input: &'i [u8],
    options: &Options,
    normalize: bool,
    lap: &mut dyn FnMut(&'static str),
) -> Fixed<'i> {
    fix_with(input, options, normalize, lap)
}

fn fix_with<'i>(
    input: &'i [u8],
    options: &Options,
    normalize: bool,
    lap: &mut dyn FnMut(&'static str),
) -> Fixed<'i> {
    let parsed = crate::parse(input);
    lap("fix: parse");
    let how = How {
        options,
        normalize,
        whole: Whole::default(),
    };
    fix_read(input, parsed.value, parsed.diagnostics, &how, lap).0
}

/// How [`fix`] repairs: its options, and what it knows of the whole file
/// when it repairs a part of it.
pub(super) struct How<'o> {
    pub(super) options: &'o Options,
    pub(super) normalize: bool,
    pub(super) whole: Whole,
}

/// What a repair of some of a file's games (a part of a big collection,
/// `parts::fix_in_parts`) must know of the whole file to repair them as a
/// repair of the whole would: nothing for the whole file itself.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Whole {
    /// The format of the file's first game: the formats are mixed when
    /// one of the part's games has another.
    pub(super) first_format: Option<u32>,
    /// How the file's values were scanned for their `]`: a reading of the
    /// part's repaired text scans them the same way.
    pub(super) scan: Option<crate::bytes::charset::ScanMode>,
}

/// [`fix`] of `collection`, a reading of `input` (whole, or a part of it
/// as `how.whole` says) that gave `diagnostics`; and whether it did what
/// a repair in parts cannot promise to do as a repair of the whole would:
/// a pass did what only the whole does so ([`Once::whole_only`]: say, the
/// syntax repaired on the whole text, which marks every older game
/// FF\[4\], not only the part's), or a later pass (the repaired text read
/// again) said something new, placed in the text of the whole.
pub(super) fn fix_read<'i>(
    input: &'i [u8],
    collection: Collection<'i>,
    diagnostics: Vec<Diagnostic>,
    how: &How<'_>,
    lap: &mut dyn FnMut(&'static str),
) -> (Fixed<'i>, bool) {
    let first = Pass { how, earlier: None };
    let once = fix_once(collection, diagnostics, &first, lap);
    let mut whole_only = once.whole_only;
    let (mut fixed, mut fresh, mut untouched) = (once.fixed, once.fresh, once.untouched);
    // Repairs change the bytes a charset is detected from, and in a
    // multibyte charset which `\` and `]` are trail bytes: what one pass
    // leaves, another pass repairs, so that `kifu fix` is idempotent.
    // Spans of these rare later repairs are places in the repaired text,
    // kept inside the input at the end.
    for _ in 0..2 {
        if !fixed.report.changed() || untouched.as_ref().is_some_and(|u| u.settled) {
            break;
        }
        // What the games were read in: the next pass reads the written
        // bytes, and if it repairs nothing its reading (the same tree)
        // replaces this one, still decoded as this one was.
        let charsets = charsets(&fixed.collection);
        let (collection, diagnostics) = match fresh.take() {
            // The tree is a reading of the repaired bytes already.
            Some(Fresh {
                charsets: seen,
                diagnostics,
            }) => {
                let mut collection = fixed.collection;
                read_in(&mut collection, seen);
                (collection, diagnostics)
            }
            None => {
                let written = crate::write::lossless(&fixed.collection);
                lap("fix: write the repaired text");
                let read = parse_owned(written, fixed.collection, how.whole.scan);
                lap("fix: read it again");
                read
            }
        };
        // The games the first pass left as they were are not repaired
        // again (the same bytes, read the same way, repair the same way).
        let pass = Pass {
            how,
            earlier: untouched.take().map(|u| (input, u)),
        };
        // The later passes' stages timed apart from the first's.
        let mut lap_again = |stage: &'static str| {
            lap(match stage {
                "fix: content repairs" => "fix: content repairs, again",
                "fix: charsets settled (write, read again)" => "fix: charsets settled, again",
                _ => stage,
            })
        };
        let again = fix_once(collection, diagnostics, &pass, &mut lap_again);
        whole_only |= again.whole_only;
        let (mut again, again_fresh) = (again.fixed, again.fresh);
        fresh = again_fresh;
        if !again.report.changed() {
            // What it refused or kept was said by the pass before.
            read_in(&mut again.collection, charsets);
            fixed.collection = again.collection;
            break;
        }
        whole_only = true;
        merge_later(&mut fixed.report, again.report);
        fixed.collection = again.collection;
    }
    // Every place reported is a place in the input: a repair of text that
    // a syntax repair inserted (`)` added at the end) is shown at the end
    // at most (the fuzzer found lowercase identifiers reported past it).
    let len = input.len() as u32;
    let report = &mut fixed.report;
    for r in report
        .made
        .iter_mut()
        .chain(&mut report.refused)
        .chain(&mut report.kept)
    {
        r.span = Span::new(r.span.start.min(len), r.span.end.min(len));
    }
    (fixed, whole_only)
}

/// Adds what a later pass said to `report`: its repairs, and what it
/// refused or kept that was not said already.
fn merge_later(report: &mut Report, later: Report) {
    report.made.extend(later.made);
    let mut said: std::collections::HashSet<(kifu_diag::Code, String)> = report
        .refused
        .iter()
        .map(|r| (r.code, r.message.clone()))
        .collect();
    for r in later.refused {
        if said.insert((r.code, r.message.clone())) {
            report.refused.push(r);
        }
    }
    for r in later.kept {
        if !report.kept.iter().any(|k| k.message == r.message) {
            report.kept.push(r);
        }
    }
}

/// How a pass of [`fix`] repairs, and what an earlier pass left.
struct Pass<'o> {
    how: &'o How<'o>,
    /// The input of [`fix`] and the games the first pass, which read it,
    /// left as they were.
    earlier: Option<(&'o [u8], Untouched)>,
}

/// The games a pass of [`fix`] left as they were: nothing repaired,
/// refused or kept in them (see `repair::repair_games`), with the bytes
/// they were read from (a range of the input, read with no syntax repair)
/// and the charset they were read in. The next pass, which reads the
/// repaired bytes again to be sure that nothing is left to repair, skips
/// the games it reads from the same bytes in the same way: it would
/// repair them the same way, that is not at all (most of a big
/// collection, and half the time of `fix`).
struct Untouched {
    /// How the values of the input were scanned.
    scan: crate::bytes::charset::ScanMode,
    games: GamesRead,
    /// The games whose repairs were closed ([`repair::Outcome::Closed`]),
    /// with the charset they were repaired in: the next pass skips them
    /// where it reads them in the same charset. Only charsets their `CA`
    /// names and in which `\` and `]` are never part of a character: a
    /// repair that changes the bytes a charset is detected from, or the
    /// bytes a multibyte character is made of, may make the text read
    /// anew.
    closed: Vec<Option<Resolution>>,
    /// Every game is quiet or closed in such a charset, and nothing was
    /// refused or kept: a later pass would change nothing, and the
    /// repaired tree is final (not written and read again).
    settled: bool,
}

/// The bytes and charset of each game of `collection`, an unedited
/// reading.
type GamesRead = Vec<Option<(std::ops::Range<usize>, Resolution)>>;

impl Untouched {
    /// The games of `read` (what [`games_read`] gave before the repairs,
    /// if the pass read the input itself) left quiet, and the games of
    /// `collection` (repaired) whose repairs were closed, by `outcomes`.
    fn of(read: Option<GamesRead>, collection: &Collection<'_>, outcomes: &[Outcome]) -> Untouched {
        use crate::bytes::charset::ScanMode;
        let quiet = |g: usize| outcomes.get(g) == Some(&Outcome::Quiet);
        let games = match read {
            Some(read) => read
                .into_iter()
                .enumerate()
                .map(|(g, game)| game.filter(|_| quiet(g)))
                .collect(),
            None => vec![None; outcomes.len()],
        };
        let closed = collection
            .games()
            .zip(outcomes)
            .map(|(game, &outcome)| {
                let charset = game.charset();
                (outcome == Outcome::Closed
                    && charset.finding.is_none()
                    && charset.scan == ScanMode::AsciiSafe)
                    .then(|| charset.clone())
            })
            .collect();
        let settled = collection.len() == outcomes.len()
            && collection
                .games()
                .zip(outcomes)
                .all(|(game, &outcome)| outcome != Outcome::Open && reads_as_repaired(&game));
        Untouched {
            scan: collection.scan,
            games,
            closed,
            settled,
        }
    }

    /// Which games of `collection`, a reading with no syntax repair of
    /// what the pass before wrote, are those of `input` left quiet (the
    /// same bytes, the same charset and the same scan) or those whose
    /// repairs were closed (read in the same charset).
    fn skip(&self, input: &[u8], collection: &Collection<'_>) -> Vec<bool> {
        if collection.scan != self.scan
            || collection.len() != self.games.len()
            || collection.is_utf16()
        {
            return Vec::new();
        }
        let source = collection.source();
        collection
            .games()
            .zip(self.games.iter().zip(&self.closed))
            .map(|(game, (before, closed))| {
                if closed.as_ref().is_some_and(|c| c == game.charset()) {
                    return true;
                }
                let Some((range, charset)) = before else {
                    return false;
                };
                game.charset() == charset
                    && game_bytes(collection, game.root().id())
                        .is_some_and(|now| source[now] == input[range.clone()])
            })
            .collect()
    }
}

/// What [`Untouched`] keeps of every game of `collection`, an unedited
/// reading.
fn games_read(collection: &Collection<'_>) -> GamesRead {
    collection
        .games()
        .map(|game| {
            let range = game_bytes(collection, game.root().id())?;
            Some((range, game.charset().clone()))
        })
        .collect()
}

/// The bytes of the game whose root is `root`, from its `(` to its `)`,
/// in the source of `collection` (none when the `)` is missing).
fn game_bytes(collection: &Collection<'_>, root: crate::NodeId) -> Option<std::ops::Range<usize>> {
    let parens = collection.parens_of(root)?;
    let close = parens.close.token();
    let len = collection.source().len() as u32;
    (!close.is_empty() && parens.open.start < close.end && close.end <= len)
        .then_some(parens.open.start as usize..close.end as usize)
}

/// What one pass of [`fix`] made of a reading: the repaired collection
/// and report, the reading of its bytes if it made one, what it left as it
/// was (when it read the input itself), and whether it did what only a
/// repair of the whole file does as the whole would.
struct Once<'i> {
    fixed: Fixed<'i>,
    fresh: Option<Fresh>,
    untouched: Option<Untouched>,
    whole_only: bool,
}

/// One pass of [`fix`] over a reading of its input.
fn fix_once<'i>(
    collection: Collection<'i>,
    diagnostics: Vec<Diagnostic>,
    pass: &Pass<'_>,
    lap: &mut dyn FnMut(&'static str),
) -> Once<'i> {
    let (options, normalize, whole) = (pass.how.options, pass.how.normalize, pass.how.whole);
    let games = collection.len();
    let encoding = collection
        .game(0)
        .map_or(encoding_rs::UTF_8, |g| g.charset().encoding);
    let mut report = Report::default();
    let (mut collection, rounds, syntax_refused) =
        repair_syntax(collection, &diagnostics, pass.how, &mut report);
    let syntax_repaired = !report.made.is_empty();
    lap("fix: syntax repairs (plan, apply, read again)");
    // A reading of the input itself (the first pass, no syntax repair):
    // what it leaves as it was is known by its bytes.
    let first = pass.earlier.is_none() && !collection.is_utf16();
    let of_input = first && rounds.is_empty();
    let skip = match &pass.earlier {
        Some((input, untouched)) if rounds.is_empty() => untouched.skip(input, &collection),
        _ => Vec::new(),
    };
    let read = of_input.then(|| games_read(&collection));
    let (mut later, outcomes) = repair::repair_games(
        &mut collection,
        options,
        syntax_repaired,
        normalize,
        &skip,
        whole.first_format,
    );
    let mut untouched = first.then(|| Untouched::of(read, &collection, &outcomes));
    if let Some(u) = &mut untouched {
        // Settled only if the syntax needed nothing either.
        u.settled &= rounds.is_empty()
            && report.refused.is_empty()
            && later.refused.is_empty()
            && later.kept.is_empty();
    }
    let settled = untouched.as_ref().is_some_and(|u| u.settled);
    lap("fix: content repairs");
    // Spans of the repairs after the syntax stage: in the repaired bytes,
    // or in text a repair created (shown where it was inserted).
    let len = collection.source().len() as u32;
    for r in later
        .made
        .iter_mut()
        .chain(later.refused.iter_mut())
        .chain(later.kept.iter_mut())
    {
        if r.span.end > len {
            r.span = Span::empty(r.span.start.min(len));
        }
    }
    let changed = syntax_repaired || later.changed();
    // Settled games keep the charsets their `CA` names: nothing to settle.
    let (collection, fresh) = if settled {
        (collection, None)
    } else {
        settle_charsets(collection, changed, &mut later, whole.scan)
    };
    lap("fix: charsets settled (write, read again)");
    for r in later
        .made
        .iter_mut()
        .chain(later.refused.iter_mut())
        .chain(later.kept.iter_mut())
    {
        r.span = to_input(&rounds, r.span);
    }
    report.made.append(&mut later.made);
    report.refused.append(&mut later.refused);
    report.kept.append(&mut later.kept);
    report.made.sort_by_key(|r| r.span.start);
    report.refused.sort_by_key(|r| r.span.start);
    lap("fix: report");
    // What only a repair of the whole file does as the whole would: the
    // syntax edited or a repair of it refused (said once in the whole
    // file, not once a part), or the repaired text read as other games
    // (a value that ran on over the next game in a multibyte charset; the
    // charsets settled are then matched to games by their rank).
    let whole_only = !rounds.is_empty() || syntax_refused || collection.len() != games;
    let fixed = Fixed {
        collection,
        diagnostics,
        report,
        encoding,
    };
    Once {
        fixed,
        fresh,
        untouched,
        whole_only,
    }
}

/// The syntax repairs of a reading of the input that gave `diagnostics`,
/// round after round: one repair can uncover another (a removed property
/// leaves a `(` that now meets another), and the output must read clean
/// and stay as it is when fixed again. Adds them to `report`; returns the
/// reading of the repaired bytes, the rounds' edits, and whether a repair
/// was refused.
fn repair_syntax<'i>(
    mut collection: Collection<'i>,
    diagnostics: &[Diagnostic],
    how: &How<'_>,
    report: &mut Report,
) -> (Collection<'i>, Vec<Edits>, bool) {
    let mut rounds: Vec<Edits> = Vec::new();
    let mut round_diagnostics = diagnostics.to_vec();
    let mut refused_said = std::collections::HashSet::new();
    while rounds.len() < MAX_SYNTAX_ROUNDS {
        let mut round = Report::default();
        let edits = syntax_repair::plan(
            &collection,
            &round_diagnostics,
            how.options,
            how.normalize,
            &mut round,
        );
        let made = !round.made.is_empty();
        for r in round.made.iter_mut().chain(round.refused.iter_mut()) {
            r.span = to_input(&rounds, r.span);
        }
        report.made.append(&mut round.made);
        for r in round.refused {
            // A refusal is said once, not again in each round (looked up in
            // a set: random bytes give thousands of refusals).
            if refused_said.insert((r.code, r.message.clone())) {
                report.refused.push(r);
            }
        }
        let Some(edits) = edits else {
            break;
        };
        let bytes = edits.apply(collection.source());
        // The old tree goes before the new one is built.
        (collection, round_diagnostics) = parse_owned(bytes, collection, how.whole.scan);
        rounds.push(edits);
        if !made {
            break;
        }
    }
    (collection, rounds, !refused_said.is_empty())
}

/// How many times the syntax is repaired at most.
const MAX_SYNTAX_ROUNDS: usize = 4;

/// A span of the bytes after the syntax repair `rounds`, in the input.
fn to_input(rounds: &[Edits], span: Span) -> Span {
    rounds
        .iter()
        .rev()
        .fold(span, |span, edits| edits.original_span(span))
}

/// Whether a reading of `game`'s bytes as repaired finds the charset it
/// was repaired in, and [`settle_charsets`] would name none in its `CA`: a
/// charset its `CA` names (or UTF-8 without one) in which `\` and `]` are
/// never part of a character; or, for the rare game with a finding (text
/// malformed in the charset its `CA` names, say), its bytes as written
/// read with the same finding, and the `CA` that settling would write
/// there already. (Sixteen games of a merged archive with broken UTF-8 in
/// their names had every game of it written and read again.)
fn reads_as_repaired(game: &crate::Game<'_, '_>) -> bool {
    use crate::bytes::charset::{ScanMode, ca_label, resolve};
    let used = game.charset();
    if used.scan != ScanMode::AsciiSafe {
        return false;
    }
    if used.finding.is_none() {
        return true;
    }
    let root = game.root();
    let bytes = crate::write::game_bytes(root.collection(), game.index());
    let ca = root.property("CA").and_then(|p| p.raw_values().next());
    let seen = resolve(ca, &bytes);
    if seen.scan != used.scan || seen.encoding != used.encoding {
        return false;
    }
    match label_to_write(&seen, used) {
        None => true,
        Some(encoding) => root
            .raw_values("CA")
            .is_some_and(|v| v == [ca_label(encoding).as_bytes()]),
    }
}

/// The charset [`settle_charsets`] names in the `CA` of a game read as
/// `seen` and repaired as `used`, if any: what a reader will see if it
/// scans the same way (a Latin-1 label on text that is valid UTF-8 is
/// read as UTF-8 whatever the label), else what the text was repaired in.
fn label_to_write(seen: &Resolution, used: &Resolution) -> Option<&'static encoding_rs::Encoding> {
    if seen.finding.is_none() && (seen.encoding == used.encoding || seen.scan == used.scan) {
        return None;
    }
    Some(if seen.scan == used.scan {
        seen.finding
            .as_ref()
            .and_then(found_encoding)
            .unwrap_or(seen.encoding)
    } else {
        used.encoding
    })
}

/// Writes `CA` where the charset of a game is not what its `CA` says, so
/// that every later reading (kifu's own included) decodes and scans the
/// repaired file as it was repaired: where the charset had to be detected
/// (no `CA`, an unknown one, one the text contradicts or one an 8-bit file
/// cannot be in), and where the repairs changed what the text looks like
/// (`changed`: junk with 8-bit bytes removed, say). The bytes of the text
/// are not touched.
fn settle_charsets<'i>(
    mut collection: Collection<'i>,
    mut changed: bool,
    report: &mut Report,
    scan: Option<crate::bytes::charset::ScanMode>,
) -> (Collection<'i>, Option<Fresh>) {
    use crate::bytes::charset::ca_label;
    // What each game was repaired in, and where a `CA` written to it is
    // reported: its `CA`, else its first property (places in the bytes
    // repaired so far, which are read again below).
    let used = charsets(&collection);
    let len = collection.source().len() as u32;
    let mut places: Vec<Span> = collection
        .games()
        .map(|game| {
            let root = game.root();
            let start = root
                .property("CA")
                .or_else(|| root.properties().next())
                .map_or(0, |p| p.span().start);
            Span::empty(start.min(len))
        })
        .collect();
    // A few rounds at most: a `CA` written (in place of a label full of
    // 8-bit garbage, say) can make a reader see the text anew.
    // The reader's findings in the bytes last read, while the tree is that
    // reading unedited.
    let mut fresh = None;
    for _ in 0..3 {
        if changed {
            // What a reader will see: the written bytes read again, in
            // place of the tree they were written from (one tree at a
            // time). The edits below are made to that reading.
            let written = crate::write::lossless(&collection);
            let diagnostics;
            (collection, diagnostics) = parse_owned(written, collection, scan);
            fresh = Some(diagnostics);
        }
        let mut labels = Vec::new();
        for (g, game) in collection.games().enumerate() {
            let Some(used) = used.get(g) else {
                continue;
            };
            let seen = game.charset();
            let Some(encoding) = label_to_write(seen, used) else {
                continue;
            };
            let code = seen
                .finding
                .as_ref()
                .map_or(crate::bytes::charset::codes::MISMATCH, |f| f.code());
            labels.push((g, ca_label(encoding), code));
        }
        if labels.is_empty() {
            break;
        }
        let mut edited = false;
        for (g, label, code) in labels {
            let Some(game) = collection.game(g) else {
                continue;
            };
            let root = game.root();
            if root
                .raw_values("CA")
                .is_some_and(|v| v == [label.as_bytes()])
            {
                continue;
            }
            let had_ca = root.has("CA");
            let root = root.id();
            if collection.set_raw(root, "CA", &[label.as_bytes()]).is_ok() {
                edited = true;
                report.made.push(repair::Repair {
                    code,
                    span: places[g],
                    message: format!("CA[{label}] written: the charset the text is read in"),
                    critical: false,
                });
                if !had_ca {
                    // Later rounds find the `CA` written here, in created
                    // text: reported at the end of the repaired bytes.
                    places[g] = Span::empty(len);
                }
            }
        }
        if !edited {
            // Every label is there already: reading the same bytes again
            // (as the rounds left would) gives the same tree.
            break;
        }
        changed = true;
        fresh = None;
    }
    // Decoded as it was repaired, whatever a reading of its bytes says;
    // what a reading said is kept for the next pass.
    let fresh = fresh.map(|diagnostics| Fresh {
        charsets: charsets(&collection),
        diagnostics,
    });
    read_in(&mut collection, used);
    (collection, fresh)
}

/// What a reading of the repaired bytes gave, when the repaired tree is
/// that reading: the charsets it found and its findings. The next pass of
/// [`fix`] starts from them instead of writing the tree and reading it
/// again (the same bytes, the same reading: a write and a parse of the
/// whole input saved).
struct Fresh {
    charsets: Vec<Resolution>,
    diagnostics: Vec<Diagnostic>,
}

/// The charset each game of `collection` was read in.
fn charsets(collection: &Collection<'_>) -> Vec<Resolution> {
    collection.games.iter().map(|g| g.charset.clone()).collect()
}

/// Makes a reading of repaired bytes decode its games in the charsets of
/// the tree the bytes were written from (when the games are the same).
fn read_in(collection: &mut Collection<'_>, charsets: Vec<Resolution>) {
    if collection.games.len() == charsets.len() {
        for (game, charset) in collection.games.iter_mut().zip(charsets) {
            game.charset = charset;
        }
    }
}

/// The encoding a charset finding says the text was read in.
fn found_encoding(
    finding: &crate::bytes::charset::Finding,
) -> Option<&'static encoding_rs::Encoding> {
    use crate::bytes::charset::Finding;
    match finding {
        Finding::Detected { encoding } => Some(*encoding),
        Finding::UnknownLabel { detected, .. }
        | Finding::Mismatch { detected, .. }
        | Finding::Unsupported { detected, .. } => Some(*detected),
        _ => None,
    }
}

/// Reads `bytes` into a collection that owns them (no copy), in the
/// arenas of `before`, the collection they were written from (dropped
/// first: one tree at a time); scanning values as `scan` says, if given
/// (the scan of the whole file a part of which `bytes` are).
fn parse_owned(
    bytes: Vec<u8>,
    before: Collection<'_>,
    scan: Option<crate::bytes::charset::ScanMode>,
) -> (Collection<'static>, Vec<Diagnostic>) {
    let arenas = before.into_arenas();
    let kifu_diag::Parsed { value, diagnostics } = crate::syntax::parse_in(&bytes, arenas, scan);
    // A UTF-16 input is read through its own UTF-8 form.
    let (transcoded, mut collection) = value.detach();
    collection.source = Cow::Owned(transcoded.unwrap_or(bytes));
    (collection, diagnostics)
}

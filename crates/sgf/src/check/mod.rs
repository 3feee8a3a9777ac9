//! Checks of what the syntax layer read: values against the property
//! table, properties in the wrong kind of node, and the structure the
//! FF\[4\] specification asks for. Each finding is a [`Diagnostic`] with a
//! stable code; nothing is repaired here.
//!
//! ```
//! let c = kifu_sgf::parse(b"(;GM[1]SZ[9]PB[Kuro];B[ee]W[ff];PW[Shiro]KM[six])").value;
//! let codes: Vec<_> = kifu_sgf::check::check(&c).iter().map(|d| d.code.as_str()).collect();
//! assert_eq!(
//!     codes,
//!     ["sgf/two-moves-in-node", "sgf/game-info-outside-info-node", "sgf/invalid-game-info"]
//! );
//! ```

use kifu_diag::{Diagnostic, Severity, Span};

use crate::tree::Collection;
use context::Context;
use go_rules::go_rules_with;
use node::check_node;
use report::{Findings, report};

pub mod codes;
mod collection;
mod context;
mod go_rules;
mod node;
mod report;
mod values;

pub(crate) use values::is_empty_value;

/// Runs every check on every game; diagnostics come in file order.
pub fn check(collection: &Collection<'_>) -> Vec<Diagnostic> {
    check_timed(collection, &mut |_| {})
}

/// [`check`], calling `lap` with the name of each stage as it ends (what
/// the benchmarks time). Not part of the supported API.
#[doc(hidden)]
pub fn check_timed(
    collection: &Collection<'_>,
    lap: &mut dyn FnMut(&'static str),
) -> Vec<Diagnostic> {
    let mut found = PartChecks::new().findings(collection, lap);
    sort_findings(&mut found);
    lap("check: sort");
    found.into_iter().map(|f| f.diagnostic).collect()
}

/// The checks of a collection read in parts
/// ([`parse_in_parts`](crate::syntax::parse_in_parts)), part by part, so
/// that only one part is held: the findings of every part, put in order
/// by [`sort_findings`], are the reader's findings settled
/// ([`settle_reader_severities`]) and [`check`]'s, in the order a check
/// of the whole lists them (the reader's first at one place).
///
/// ```
/// use kifu_sgf::check::{PartChecks, sort_findings};
/// let input = b"(;FF[4]GM[1]SZ[9];B[ee];B[ee])(;FF[3]GM[1]KM[six])";
/// let mut checks = PartChecks::new();
/// let mut found = Vec::new();
/// kifu_sgf::syntax::parse_in_parts(input, 1, &mut |part, reader, _| {
///     found.extend(checks.check(part, reader));
/// });
/// sort_findings(&mut found);
/// let whole = kifu_sgf::parse(input);
/// let mut expected = whole.diagnostics.clone();
/// kifu_sgf::check::settle_reader_severities(&whole.value, &mut expected);
/// expected.extend(kifu_sgf::check::check(&whole.value));
/// expected.sort_by_key(|d| d.span.start);
/// let found: Vec<_> = found.into_iter().map(|f| f.diagnostic).collect();
/// assert_eq!(found, expected);
/// ```
pub struct PartChecks {
    /// One board for every game, made again for each.
    board: kifu_board::Board,
    /// For each node (by index) of a game that is not Go, whether it or a
    /// node above it holds game information.
    info_here: Vec<bool>,
    /// What the checks of the collection as a whole keep of the games.
    whole: collection::Whole,
    /// The least severity whose findings get a message.
    described_from: Severity,
}

/// A finding of [`PartChecks`], with its rank among the findings of one
/// place (see [`sort_findings`]).
#[derive(Clone, Debug)]
pub struct PartFinding {
    /// The finding.
    pub diagnostic: Diagnostic,
    rank: Rank,
}

/// The order of the findings of one place: the reader's, the checks of the
/// nodes, the collection's (formats, types, charsets), the Go rules' (as
/// when they had a walk of their own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Reader,
    Node,
    MixedFormats,
    MixedTypes,
    MixedCharsets,
    Rules,
}

/// Puts the findings of [`PartChecks`] (of every part, the parts in order)
/// in file order, as a check of the whole collection lists them.
pub fn sort_findings(findings: &mut [PartFinding]) {
    findings.sort_by_key(finding_order);
}

/// The key that [`sort_findings`] sorts by, stably: for findings kept
/// with something of their own.
pub fn finding_order(finding: &PartFinding) -> impl Ord + use<> {
    (finding.diagnostic.span.start, finding.rank)
}

impl Default for PartChecks {
    fn default() -> Self {
        Self::new()
    }
}

impl PartChecks {
    /// Checks for a collection, before its first part.
    pub fn new() -> Self {
        PartChecks {
            board: kifu_board::Board::new(kifu_board::BoardSize::STANDARD),
            info_here: Vec::new(),
            whole: collection::Whole::default(),
            described_from: Severity::Note,
        }
    }

    /// Makes the message of a finding only if it is of `severity` or
    /// above: the others keep their code, severity and place, and an empty
    /// message. For a caller that prints the errors alone (`kifu check
    /// -q`): the messages of a big collection's thousands of notes were a
    /// twentieth of its check. The reader's findings are described always.
    ///
    /// ```
    /// use kifu_diag::Severity;
    /// use kifu_sgf::check::PartChecks;
    /// let input = b"(;FF[4]GM[1]SZ[9]ZZ[x];B[ee]W[ff])";
    /// let mut checks = PartChecks::new().describing_from(Severity::Warning);
    /// let mut found = Vec::new();
    /// kifu_sgf::syntax::parse_in_parts(input, 1, &mut |part, reader, _| {
    ///     found.extend(checks.check(part, reader));
    /// });
    /// let described: Vec<_> = found
    ///     .iter()
    ///     .map(|f| (f.diagnostic.code.as_str(), f.diagnostic.message.is_empty()))
    ///     .collect();
    /// // ZZ is unknown (a note), B and W in one node a warning.
    /// assert_eq!(described, [("sgf/unknown-property", true), ("sgf/two-moves-in-node", false)]);
    /// ```
    pub fn describing_from(mut self, severity: Severity) -> Self {
        self.described_from = severity;
        self
    }

    /// The findings of the next part: `reader`, what the reader reported
    /// reading it, settled; then the checks of its games, and of the
    /// collection so far.
    pub fn check(
        &mut self,
        part: &Collection<'_>,
        mut reader: Vec<Diagnostic>,
    ) -> Vec<PartFinding> {
        settle_reader_severities(part, &mut reader);
        let mut found: Vec<PartFinding> = ranked(reader, Rank::Reader).collect();
        found.extend(self.findings(part, &mut |_| {}));
        found
    }

    /// The checks' findings in `part`, not yet in order.
    fn findings(
        &mut self,
        part: &Collection<'_>,
        lap: &mut dyn FnMut(&'static str),
    ) -> Vec<PartFinding> {
        let mut out = Findings::new(self.described_from);
        let mut rules = Findings::new(self.described_from);
        for game in part.games() {
            let game_type = game.game_type();
            check_game(
                &game,
                game_type,
                &mut self.info_here,
                &mut self.board,
                &mut out,
                &mut rules,
            );
        }
        lap("check: nodes and Go rules (one walk)");
        let mut mixed = collection::Mixed::new(self.described_from);
        self.whole.check(part, &mut mixed);
        let mut found: Vec<PartFinding> = ranked(out.list, Rank::Node).collect();
        found.extend(ranked(mixed.formats.list, Rank::MixedFormats));
        found.extend(ranked(mixed.types.list, Rank::MixedTypes));
        found.extend(ranked(mixed.charsets.list, Rank::MixedCharsets));
        found.extend(ranked(rules.list, Rank::Rules));
        lap("check: collection");
        found
    }
}

fn ranked(list: Vec<Diagnostic>, rank: Rank) -> impl Iterator<Item = PartFinding> {
    list.into_iter()
        .map(move |diagnostic| PartFinding { diagnostic, rank })
}

/// The checks of a game's root (its type and format) and of every node,
/// and in a game of Go the Go rules (their findings in `rules`), lent
/// [`check_timed`]'s table of game information (for games that are not
/// Go) and its board.
fn check_game(
    game: &crate::Game<'_, '_>,
    game_type: u32,
    info_here: &mut Vec<bool>,
    board: &mut kifu_board::Board,
    out: &mut Findings,
    rules: &mut Findings,
) {
    let root = game.root();
    let go = game_type == 1;
    if !go {
        let span = root.property("GM").map_or(Span::empty(0), |p| p.span());
        report(out, codes::NOT_GO, Severity::Note, span, || {
            format!("game type GM[{game_type}] is not Go: Go checks skipped")
        });
    }
    if let Some(ff) = root.property("FF") {
        let valid = ff.raw_values().next().is_some_and(|v| {
            matches!(
                std::str::from_utf8(v).map(str::trim),
                Ok("1" | "2" | "3" | "4")
            )
        });
        if !valid {
            report(out, codes::UNKNOWN_FF, Severity::Warning, ff.span(), || {
                "file format FF is not 1, 2, 3 or 4: read as FF[4]".into()
            });
        }
    }
    // What every node's context shares, read once per game (`FF` is
    // decoded from the root's text).
    let file_format = game.file_format();
    let mut context = Context {
        is_root: true,
        go,
        info_above: false,
        old_format: file_format < 4,
        ff: match file_format {
            f @ 1..=3 => f as u8,
            _ => 4,
        },
        tt_is_pass: game.board_size().tt_is_pass(),
        size: game.board_size(),
    };
    if go {
        let root = root.id();
        go_rules_with(game, board, rules, |node, plain, above| {
            // Nothing to find in a plain move (see `Node::plain_move`).
            if plain && node.id() != root {
                return false;
            }
            context.is_root = node.id() == root;
            context.info_above = above;
            check_node(&node, &context, out)
        });
        return;
    }
    // Sized for the nodes of this collection (a part of one read in parts
    // may hold more than the part before); what a game before left in it
    // is written before it is read.
    let nodes = game.root().collection().nodes.len();
    if info_here.len() < nodes {
        info_here.resize(nodes, false);
    }
    // Pre-order: each node's parent has been seen.
    for node in game.nodes() {
        let parent = node.parent().map(|p| p.id().index());
        let above = parent.is_some_and(|p| info_here[p]);
        context.is_root = parent.is_none();
        context.info_above = above;
        let has_info = check_node(&node, &context, out);
        info_here[node.id().index()] = above || has_info;
    }
}

/// Lowers to notes the reader's findings that a game's own file format
/// allows: lowercase letters in identifiers (`AddBlack`, the FF\[1\]-FF\[3\]
/// style) in a game of those formats, where SGFC says nothing (an error in
/// FF\[4\]). The reader cannot tell, as `FF` may follow the identifier;
/// `diagnostics` are the reader's ([`crate::parse`]), to be shown with
/// [`check`]'s.
///
/// ```
/// let parsed = kifu_sgf::parse(b"(;FF[3]GM[1]AddBlack[aa])(;FF[4]GM[1]AddBlack[aa])");
/// let mut diagnostics = parsed.diagnostics.clone();
/// kifu_sgf::check::settle_reader_severities(&parsed.value, &mut diagnostics);
/// let severities: Vec<_> = diagnostics.iter().map(|d| d.severity).collect();
/// assert_eq!(severities, [kifu_sgf::Severity::Note, kifu_sgf::Severity::Warning]);
/// ```
pub fn settle_reader_severities(collection: &Collection<'_>, diagnostics: &mut [Diagnostic]) {
    use crate::syntax::codes::LOWERCASE_ID;
    if !diagnostics.iter().any(|d| d.code == LOWERCASE_ID) {
        return;
    }
    let mut old_style: std::collections::HashSet<u32> = std::collections::HashSet::new();
    for game in collection.games().filter(|g| g.file_format() < 4) {
        for node in game.nodes() {
            for p in node.properties() {
                if p.written_id().iter().any(u8::is_ascii_lowercase) {
                    old_style.insert(p.span().start);
                }
            }
        }
    }
    for d in diagnostics.iter_mut() {
        if d.code == LOWERCASE_ID && old_style.contains(&d.span.start) {
            d.severity = Severity::Note;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(input: &str) -> Vec<&'static str> {
        check(&crate::parse(input.as_bytes()).value)
            .iter()
            .map(|d| d.code.as_str())
            .collect()
    }

    /// What the checks of a node find in each plain move (not a root) of
    /// a game of Go in `input`: how many there were, and the findings.
    fn findings_in_plain_moves(input: &[u8]) -> (usize, Vec<Diagnostic>) {
        let c = crate::parse(input).value;
        let (mut plain, mut out) = (0, Findings::described());
        for game in c.games().filter(|g| g.game_type() == 1) {
            let size = game.board_size();
            let ff = game.file_format();
            for node in game.nodes().filter(|n| n.parent().is_some()) {
                if node.is_plain_move(size) {
                    plain += 1;
                    let context = Context {
                        is_root: false,
                        go: true,
                        info_above: true,
                        old_format: ff < 4,
                        ff: ff.clamp(1, 4) as u8,
                        tt_is_pass: size.tt_is_pass(),
                        size,
                    };
                    assert!(!check_node(&node, &context, &mut out));
                }
            }
        }
        (plain, out.list)
    }

    /// The premise of skipping plain moves: the checks of a node find
    /// nothing in them, in hand-made cases and in every corpus file.
    #[test]
    fn plain_moves_have_nothing_to_find() {
        let (plain, found) =
            findings_in_plain_moves(b"(;GM[1]FF[3]SZ[9];B[ii];W[aa](;B[ee])(;W[ef]))");
        assert_eq!(plain, 4);
        assert!(found.is_empty(), "{found:?}");
        for node in ["B[jj]", "B[tt]", "b[aa]", "B[a\\a]", "B[aa][bb]", "B[]"] {
            let input = format!("(;GM[1]FF[4]SZ[9];{node})");
            assert_eq!(findings_in_plain_moves(input.as_bytes()).0, 0, "{node}");
        }
        let (mut files, mut plain) = (0, 0);
        for path in crate::test_corpus::corpus_files() {
            if path.extension().is_some_and(|e| e == "sgf") {
                let input = std::fs::read(&path).unwrap();
                let (n, found) = findings_in_plain_moves(&input);
                assert!(found.is_empty(), "{}: {found:?}", path.display());
                (files, plain) = (files + 1, plain + n);
            }
        }
        // Without the corpus (a clone with no ../shared) only the cases above.
        assert!(
            files == 0 || plain > 100_000,
            "{files} files, {plain} plain moves"
        );
    }

    #[test]
    fn clean_games_pass() {
        assert!(
            codes("(;GM[1]FF[4]SZ[19]PB[a]KM[6.5];B[pd]C[hi];W[dd](;B[aa])(;B[bb]))").is_empty()
        );
    }

    #[test]
    fn values_are_checked_against_the_table() {
        assert_eq!(codes("(;SZ[9];B[zz])"), ["sgf/invalid-value"]);
        assert_eq!(codes("(;KM[6.5][7])"), ["sgf/too-many-values"]);
        assert_eq!(codes("(;DT[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;AW[aa][bb][aa])"), ["sgf/duplicate-point"]);
        assert_eq!(codes("(;PL[X])"), ["sgf/invalid-value"]);
        // Issue 20, item 8: white space only, an empty list where a list of
        // at least one is needed, Reals not written as SGF writes them.
        assert_eq!(codes("(;PC[ ])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;AW[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;LB[ ])"), ["sgf/empty-value"]);
        assert!(codes("(;FF[4]GM[1];B[]DD[]KO[])").is_empty());
        assert_eq!(
            codes("(;GM[1];B[aa]BL[34.];W[bb]WL[.5]V[1e2])"),
            [
                "sgf/invalid-value",
                "sgf/invalid-value",
                "sgf/invalid-value"
            ]
        );
        assert!(codes("(;GM[1];B[aa]BL[34.50];W[bb]WL[-0.5]V[+7])").is_empty());
        // Issue 20, item 2: white space inside points, a warning.
        assert_eq!(
            codes("(;FF[4]GM[1]SZ[19];B[dd];W[oq\n];B[ pp])"),
            ["sgf/space-in-point", "sgf/space-in-point"]
        );
        let found = check(&crate::parse(b"(;GM[1];B[c c])").value);
        assert_eq!(found[0].severity, Severity::Warning);
        // Still invalid without it: said as such.
        assert_eq!(codes("(;GM[1]SZ[9];B[z z])"), ["sgf/invalid-value"]);
    }

    #[test]
    fn properties_in_the_wrong_node_are_found() {
        assert_eq!(codes("(;GM[1];SZ[19])"), ["sgf/root-property-outside-root"]);
        assert_eq!(codes("(;PB[a];PW[b])"), ["sgf/game-info-outside-info-node"]);
        // Game info in two variations (not on one path) is fine.
        assert!(codes("(;GM[1](;PB[a])(;PB[b]))").is_empty());
        assert_eq!(
            codes("(;AB[aa];AB[bb]B[cc])"),
            ["sgf/setup-and-move-mixed", "sgf/setup-in-main-line"]
        );
        assert_eq!(codes("(;GM[1];B[aa]W[bb])"), ["sgf/two-moves-in-node"]);
        assert_eq!(codes("(;BM[1])"), ["sgf/annotation-without-move"]);
        assert_eq!(codes("(;GB[1]GW[1])"), ["sgf/contradicting-annotations"]);
        assert_eq!(codes("(;C[a]C[b])"), ["sgf/duplicate-property"]);
    }

    #[test]
    fn forms_of_other_versions_are_named() {
        assert_eq!(codes("(;B[aa])"), ["sgf/move-in-root"]);
        assert_eq!(codes("(;FF[4]KI[6])"), ["sgf/integer-komi"]);
        assert_eq!(codes("(;FF[4];B[tt])"), ["sgf/tt-pass"]);
        assert_eq!(codes("(;FF[3];B[])"), ["sgf/empty-pass-in-old-format"]);
        assert_eq!(
            codes("(;FF[3]AW[aa:bb])"),
            ["sgf/compressed-list-in-old-format"]
        );
        assert!(codes("(;FF[4]AW[aa:bb])").is_empty());
        assert_eq!(codes("(;SZ[19:19])"), ["sgf/square-as-rectangle"]);
    }

    #[test]
    fn go_rules_and_strict_checks() {
        assert_eq!(codes("(;GM[1];B[aa];W[aa])"), ["sgf/occupied-point"]);
        assert_eq!(codes("(;GM[1]AW[ba][ab];B[aa])"), ["sgf/suicide"]);
        assert_eq!(
            codes("(;GM[1]AB[aa];AB[aa])"),
            ["sgf/setup-in-main-line", "sgf/setup-without-effect"]
        );
        assert_eq!(codes("(;GM[1];B[aa];B[bb])"), ["sgf/same-color-twice"]);
        assert_eq!(codes("(;GM[1]HA[2])"), ["sgf/handicap-mismatch"]);
        assert!(codes("(;GM[1]HA[2]AB[dd][pp];W[aa])").is_empty());
        assert_eq!(codes("(;GM[1]SZ[200])"), ["sgf/board-too-big"]);
        assert_eq!(
            codes("(;FF[3]GM[1]SZ[19:25])"),
            ["sgf/rectangular-board-in-old-format"]
        );
        assert_eq!(codes("(;FF[4]XX[private])"), ["sgf/unknown-property"]);
        assert_eq!(
            codes("(;FF[4];B[aa]TE[1]BM[1])"),
            ["sgf/annotation-combination"]
        );
        assert_eq!(codes("(;FF[4])(;FF[3])"), ["sgf/mixed-file-formats"]);
        assert_eq!(codes("(;FF[4]C[a\0b])"), ["sgf/nul-in-value"]);
    }

    #[test]
    fn game_information_is_checked_against_its_ff4_form() {
        assert!(
            codes("(;FF[4]RE[B+Resign]DT[1996-05-12,13]KM[6.5]HA[2]AB[dd][pp]TM[600]BR[3d*])")
                .is_empty()
        );
        assert_eq!(codes("(;FF[4]RE[jigo])"), ["sgf/nonstandard-game-info"]);
        assert_eq!(codes("(;FF[4]DT[05/06/1996])"), ["sgf/invalid-game-info"]);
        // One diagnostic for a value that is not of its type, not two.
        assert_eq!(codes("(;FF[4]KM[5,5])"), ["sgf/nonstandard-game-info"]);
        assert_eq!(codes("(;FF[4]TM[60+30s])"), ["sgf/invalid-game-info"]);
        // Empty values and extra values are the table's business: an empty
        // number is an empty value (SGFC 17), which fix removes.
        assert_eq!(codes("(;FF[4]TM[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;FF[4]RE[])"), ["sgf/empty-value"]);
        assert_eq!(codes("(;FF[4]RE[0][?])"), ["sgf/too-many-values"]);
        // Below the root, in the game information node of a variation.
        assert_eq!(
            codes("(;FF[4](;RE[draw])(;RE[0]))"),
            ["sgf/nonstandard-game-info"]
        );
        // Not Go: neither the Go forms nor the Go properties are checked.
        assert_eq!(
            codes("(;GM[2]RE[jigo]TM[1h])"),
            ["sgf/not-go", "sgf/invalid-value"]
        );
    }

    #[test]
    fn game_information_severities() {
        let severities = |input: &str| -> Vec<Severity> {
            check(&crate::parse(input.as_bytes()).value)
                .iter()
                .map(|d| d.severity)
                .collect()
        };
        assert_eq!(severities("(;FF[4]HA[0])"), [Severity::Note]);
        assert_eq!(severities("(;FF[4]HA[x])"), [Severity::Warning]);
        assert_eq!(severities("(;FF[4]DT[12.5.1996])"), [Severity::Warning]);
        // FF[3] put no form on DT.
        assert_eq!(severities("(;FF[3]DT[12.5.1996])"), [Severity::Note]);
        // No certain FF[4] reading: a note, as it will be kept as written
        // when the file becomes FF[4] (issue 20, item 6).
        assert_eq!(severities("(;FF[3]DT[last summer])"), [Severity::Note]);
    }

    /// Issue 20, item 9: what the file's own format allows is a note at
    /// most, as SGFC is silent there; elsewhere a warning, as SGFC warns.
    #[test]
    fn what_the_files_own_format_allows_is_a_note() {
        let found = |input: &str| -> Vec<(&'static str, Severity)> {
            check(&crate::parse(input.as_bytes()).value)
                .iter()
                .map(|d| (d.code.as_str(), d.severity))
                .collect()
        };
        let obsolete = |s| ("sgf/obsolete-property", s);
        assert_eq!(
            found("(;FF[3]GM[1]BS[0]WS[0]ID[x];B[dd])"),
            [Severity::Note; 3].map(obsolete)
        );
        assert_eq!(
            found("(;FF[4]GM[1]BS[0]WS[0]ID[x];B[dd])"),
            [Severity::Warning; 3].map(obsolete)
        );
        // ID is FF[3] only; BS was in FF[1] already; L was FF[1]-FF[2].
        assert_eq!(
            found("(;FF[1]GM[1]BS[0]ID[x];B[dd]L[aa])"),
            [Severity::Note, Severity::Warning, Severity::Note].map(obsolete)
        );
        assert_eq!(
            found("(;FF[3]GM[1];B[dd]L[aa])"),
            [Severity::Warning].map(obsolete)
        );
        // SGFC says nothing of suicides, ko recaptures and moves in the
        // root: notes; it reports `[]` passes in old files and `SZ[9:9]`.
        assert_eq!(
            found("(;FF[4]GM[1]SZ[9]HA[2]AB[ba][ab];W[aa])"),
            [("sgf/suicide", Severity::Note)]
        );
        assert_eq!(
            found("(;FF[4]GM[1]SZ[9]B[aa])"),
            [("sgf/move-in-root", Severity::Note)]
        );
        assert_eq!(
            found("(;FF[3]GM[1]SZ[9];B[])"),
            [("sgf/empty-pass-in-old-format", Severity::Warning)]
        );
        assert_eq!(
            found("(;FF[4]GM[1]SZ[9:9])"),
            [("sgf/square-as-rectangle", Severity::Warning)]
        );
    }

    #[test]
    fn old_formats_and_other_games_are_named() {
        assert_eq!(codes("(;FF[3]L[aa])"), ["sgf/obsolete-property"]);
        assert_eq!(codes("(;FF[7])"), ["sgf/unknown-file-format"]);
        // Not Go: HA is not checked, and that is said once.
        assert_eq!(codes("(;GM[2]HA[x])"), ["sgf/not-go"]);
    }
}

#[cfg(test)]
mod parts_tests;

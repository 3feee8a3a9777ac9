//! SGFC's own test files (`shared/corpus/sgf/broken/sgfc/v2.0`): every
//! message SGFC gives on a line is matched by a kifu diagnostic on the same
//! line whose code lists SGFC's number in the table of codes
//! (`kifu_sgf::codes`). The expected messages are read from SGFC's
//! `*-output.txt` (`Line:N Col:M - Error 12: ...`).

use crate::corpus_dir;

/// `(line, SGFC's number, SGFC's message)` of every located message of
/// an output file (`Line:6 Col:1 - Warning 6 (critical): ...`).
fn sgfc_messages(output: &str) -> Vec<(usize, u16, String)> {
    output
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("Line:")?;
            let (line, rest) = rest.split_once(' ')?;
            let (_, rest) = rest.split_once(" - ")?;
            let number = rest.split_whitespace().nth(1)?;
            let number = number.trim_end_matches(':').parse().ok()?;
            Some((line.parse().ok()?, number, l.to_owned()))
        })
        .collect()
}

/// `(line, code)` of everything kifu reports (reader and checks).
fn kifu_findings(input: &[u8]) -> Vec<(usize, kifu_diag::Code)> {
    let parsed = kifu_sgf::parse(input);
    let mut all = parsed.diagnostics.clone();
    all.extend(kifu_sgf::check::check(&parsed.value));
    let index = kifu_diag::LineIndex::new(input);
    all.iter()
        .map(|d| (index.line_of(d.span.start) + 1, d.code))
        .collect()
}

fn assert_mapped(name: &str) {
    let Some(corpus) = corpus_dir() else { return };
    let dir = corpus.join("sgf/broken/sgfc/v2.0");
    let input = std::fs::read(dir.join(format!("{name}.sgf"))).unwrap();
    let output = std::fs::read_to_string(dir.join(format!("{name}-output.txt"))).unwrap();
    let ours = kifu_findings(&input);
    let expected = sgfc_messages(&output);
    assert!(!expected.is_empty(), "no SGFC message read from {name}");
    let missing: Vec<String> = expected
        .into_iter()
        .filter(|(line, number, _)| {
            !ours.iter().any(|(l, code)| {
                l == line
                    && kifu_sgf::codes::info(*code).is_some_and(|info| info.sgfc.contains(number))
            })
        })
        .map(|(_, _, message)| message)
        .collect();
    assert!(
        missing.is_empty(),
        "SGFC messages of {name}.sgf with no kifu diagnostic of that SGFC number on their line:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_sgfc_message_of_test_sgf_has_a_kifu_diagnostic_on_its_line() {
    assert_mapped("test");
}

#[test]
fn every_sgfc_strict_message_has_a_kifu_diagnostic_on_its_line() {
    assert_mapped("strict");
}

#[test]
fn every_sgfc_message_of_mixed_encoding_sgf_has_a_kifu_diagnostic_on_its_line() {
    assert_mapped("mixed-encoding");
}

#[test]
fn every_sgfc_message_of_escaping_sgf_has_a_kifu_diagnostic_on_its_line() {
    assert_mapped("escaping");
}

#[test]
fn every_sgfc_message_of_reorder_sgf_has_a_kifu_diagnostic_on_its_line() {
    assert_mapped("reorder");
}

/// The main lines of every game: each B and W of the main sequence, root
/// included, in the order written (`None` for a pass).
fn main_lines(c: &kifu_sgf::Collection<'_>) -> Vec<Vec<(String, Option<kifu_sgf::Point>)>> {
    c.games()
        .map(|g| {
            let size = g.board_size();
            g.main_line()
                .flat_map(|n| {
                    n.properties()
                        .filter(|p| matches!(p.id(), "B" | "W"))
                        .filter_map(|p| {
                            let raw = p.raw_values().next()?;
                            let point = match raw {
                                b"" => None,
                                b"tt" if size.tt_is_pass() => None,
                                _ => Some(kifu_sgf::Point::from_sgf(raw, size).ok()?),
                            };
                            Some((p.id().to_owned(), point))
                        })
                        .collect::<Vec<_>>()
                })
                .collect()
        })
        .collect()
}

/// kifu's repair of SGFC's test files has the main lines of SGFC's own
/// repaired files (`*-result.sgf`), game by game.
#[test]
fn repaired_main_lines_are_sgfcs() {
    let Some(corpus) = corpus_dir() else { return };
    let dir = corpus.join("sgf/broken/sgfc/v2.0");
    for name in ["test", "strict", "escaping", "mixed-encoding", "reorder"] {
        let input = std::fs::read(dir.join(format!("{name}.sgf"))).unwrap();
        let fixed = kifu_sgf::fix::fix(&input, &kifu_sgf::repair::Options { force: true });
        let ours = main_lines(&fixed.collection);
        let result = std::fs::read(dir.join(format!("{name}-result.sgf"))).unwrap();
        let theirs = main_lines(&kifu_sgf::parse(&result).value);
        assert_eq!(ours.len(), theirs.len(), "{name}: games");
        if name == "test" {
            let moves: usize = ours.iter().map(Vec::len).sum();
            assert!(
                moves >= 18,
                "only {moves} moves in the main lines of test.sgf"
            );
        }
        for (g, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            assert_eq!(a, b, "{name}: game {}", g + 1);
        }
    }
}

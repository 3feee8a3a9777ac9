//! SGFC's own test files (`shared/corpus/sgf/broken/sgfc/v2.0`): every line
//! on which SGFC reports a message gets a kifu diagnostic too. The expected
//! lines are read from SGFC's `*-output.txt` (`Line:N Col:M - ...`).

use crate::corpus_dir;

/// `(line, SGFC's message)` of every located message of an output file.
fn sgfc_lines(output: &str) -> Vec<(usize, String)> {
    output
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("Line:")?;
            let (n, _) = rest.split_once(' ')?;
            Some((n.parse().ok()?, l.to_owned()))
        })
        .collect()
}

/// The 1-based lines on which kifu reports something (reader and checks).
fn kifu_lines(input: &[u8]) -> Vec<usize> {
    let parsed = kifu_sgf::parse(input);
    let mut all = parsed.diagnostics.clone();
    all.extend(kifu_sgf::check::check(&parsed.value));
    let index = kifu_diag::LineIndex::new(input);
    all.iter()
        .map(|d| index.line_of(d.span.start) + 1)
        .collect()
}

fn assert_mapped(name: &str) {
    let Some(corpus) = corpus_dir() else { return };
    let dir = corpus.join("sgf/broken/sgfc/v2.0");
    let input = std::fs::read(dir.join(format!("{name}.sgf"))).unwrap();
    let output = std::fs::read_to_string(dir.join(format!("{name}-output.txt"))).unwrap();
    let ours = kifu_lines(&input);
    let missing: Vec<String> = sgfc_lines(&output)
        .into_iter()
        .filter(|(line, _)| !ours.contains(line))
        .map(|(_, message)| message)
        .collect();
    assert!(
        missing.is_empty(),
        "SGFC messages of {name}.sgf with no kifu diagnostic on their line:\n{}",
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

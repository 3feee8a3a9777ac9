//! One fixture per code (`tests/codes/<code>.sgf`, `/` written `-`): it
//! triggers its code, every diagnostic it gives is in the table of codes
//! at no more than the table's severity, and `kifu fix --force` makes of
//! it a file that reads with no error, keeps the code only where the
//! table says the finding is kept, and stays as it is when fixed again.
//! The diagnostics, the repairs and the repaired file are held in a
//! snapshot beside the fixture (`<code>.snap`; `KIFU_BLESS=1` rewrites).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use kifu_diag::{Diagnostic, LineIndex};
use kifu_sgf::repair::Options;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/codes")
}

fn name(code: &str) -> String {
    code.replace('/', "-")
}

/// The reader's and the checker's diagnostics.
fn diagnostics(input: &[u8]) -> Vec<Diagnostic> {
    let parsed = kifu_sgf::parse(input);
    let mut all = parsed.diagnostics.clone();
    all.extend(kifu_sgf::check::check(&parsed.value));
    all
}

/// The snapshot: diagnostics, repairs, and the repaired file.
fn snapshot(input: &[u8]) -> String {
    let index = LineIndex::new(input);
    let mut out = String::from("# diagnostics\n");
    for d in diagnostics(input) {
        let (line, column) = index.position(input, d.span.start);
        let _ = writeln!(out, "{line}:{column}: {d}");
    }
    let fixed = kifu_sgf::fix::fix(input, &Options { force: true });
    out.push_str("# repairs (kifu fix --force)\n");
    for r in &fixed.report.made {
        let (line, column) = index.position(input, r.span.start);
        let critical = if r.critical { " (critical)" } else { "" };
        let _ = writeln!(out, "{line}:{column}: {}{critical}: {}", r.code, r.message);
    }
    out.push_str("# repaired file\n");
    let written = kifu_sgf::write::lossless(&fixed.collection);
    out.push_str(&String::from_utf8_lossy(&written).escape_debug().to_string());
    out.push('\n');
    out
}

#[test]
fn every_code_has_a_fixture_that_triggers_it_and_is_repaired() {
    let bless = std::env::var_os("KIFU_BLESS").is_some();
    let mut failures = Vec::new();
    for info in kifu_sgf::codes::ALL {
        let code = info.code.as_str();
        let path = dir().join(format!("{}.sgf", name(code)));
        let Ok(input) = std::fs::read(&path) else {
            failures.push(format!("{code}: no fixture {}", path.display()));
            continue;
        };
        let found = diagnostics(&input);
        if !found.iter().any(|d| d.code == info.code) {
            failures.push(format!(
                "{code}: the fixture does not trigger it: {found:?}"
            ));
        }
        for d in &found {
            match kifu_sgf::codes::info(d.code) {
                None => failures.push(format!("{code}: {} is not in the table", d.code)),
                Some(row) if d.severity > row.severity => failures.push(format!(
                    "{code}: {} reported as {}, the table says at most {}",
                    d.code, d.severity, row.severity
                )),
                Some(_) => {}
            }
        }
        let fixed = kifu_sgf::fix::fix(&input, &Options { force: true });
        let written = kifu_sgf::write::lossless(&fixed.collection);
        let after = diagnostics(&written);
        let kept = info.fix.starts_with("kept") || info.fix.starts_with("nothing");
        if !info.fix.starts_with("nothing")
            && let Some(error) = after.iter().find(|d| d.is_error())
        {
            failures.push(format!("{code}: error after repair: {error}"));
        }
        if !kept && after.iter().any(|d| d.code == info.code) {
            failures.push(format!("{code}: still reported after repair"));
        }
        let again = kifu_sgf::fix::fix(&written, &Options { force: true });
        if again.report.changed() {
            failures.push(format!(
                "{code}: a second fix changed more: {:?}",
                again.report.made
            ));
        }
        let snap_path = dir().join(format!("{}.snap", name(code)));
        let snap = snapshot(&input);
        if bless {
            std::fs::write(&snap_path, &snap).unwrap();
        }
        let expected = std::fs::read_to_string(&snap_path).unwrap_or_default();
        if expected != snap {
            failures.push(format!(
                "{code}: snapshot differs (KIFU_BLESS=1 rewrites it)\n--- expected\n{expected}--- got\n{snap}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_fixture_belongs_to_a_code() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let stem = file.rsplit_once('.').map_or(file.as_str(), |(s, _)| s);
        assert!(
            kifu_sgf::codes::ALL
                .iter()
                .any(|i| name(i.code.as_str()) == stem),
            "{file} belongs to no code"
        );
    }
}

//! `kifu fix` on any bytes: no panic; repairs spans inside the input; the
//! repaired output, read again, has no syntax error left; and fixing it
//! again changes nothing (idempotence).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let force = kifu_sgf::repair::Options { force: true };
    let fixed = kifu_sgf::fix::fix(data, &force);
    for r in fixed.report.made.iter().chain(&fixed.report.refused) {
        assert!(r.span.start <= r.span.end && r.span.end as usize <= data.len(), "{r:?}");
    }
    if fixed.collection.is_empty() || fixed.collection.is_utf16() {
        return;
    }
    let once = kifu_sgf::write::lossless(&fixed.collection);
    let again = kifu_sgf::fix::fix(&once, &force);
    let syntax: Vec<_> = again
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str().starts_with("sgf/") && d.is_error())
        .collect();
    assert!(syntax.is_empty(), "{:?}\n{syntax:?}", String::from_utf8_lossy(&once));
    assert!(
        !again.report.changed(),
        "{:?}\n{:?}",
        String::from_utf8_lossy(&once),
        again.report.made
    );
});

//! Any bytes: the reader never panics, the lossless writer gives the
//! input back, and the parser's fast path for common nodes builds what its
//! general path builds (`parse_reference`), with the same diagnostics. Run: `cargo +nightly fuzz run sgf_parse` (or `cargo fuzz`
//! with a stable toolchain that supports it), from `fuzz/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = kifu_sgf::parse(data);
    assert_eq!(kifu_sgf::write::lossless(&parsed.value), data);
    let reference = kifu_sgf::syntax::parse_reference(data);
    assert_eq!(parsed.diagnostics, reference.diagnostics);
    assert_eq!(format!("{:?}", parsed.value), format!("{:?}", reference.value));
    let _ = kifu_sgf::write::json(&parsed.value);
    for game in parsed.value.games() {
        let _ = game.info();
        for node in game.nodes() {
            for p in node.properties() {
                let _ = p.value();
            }
        }
    }
});

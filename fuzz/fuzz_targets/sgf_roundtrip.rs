//! The normalized writer's output is clean SGF that reads back to the same
//! normalized output (idempotence), whatever the input was.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = kifu_sgf::parse(data);
    let normalized = kifu_sgf::write::normalized(&parsed.value);
    let again = kifu_sgf::parse(&normalized);
    if !parsed.value.is_empty() {
        assert!(!again.has_errors(), "{:?}", again.diagnostics);
    }
    assert_eq!(kifu_sgf::write::normalized(&again.value), normalized);
});

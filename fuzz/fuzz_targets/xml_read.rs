//! The XML reader on any bytes: no panic, positions inside the input, and
//! what it read survives being written and read again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = kifu_xml::read(data);
    for d in &parsed.diagnostics {
        assert!(d.span.end as usize <= data.len().max(1) + 3, "{d:?}");
    }
    let xml = kifu_xml::write(&parsed.value);
    let again = kifu_xml::read(xml.as_bytes());
    assert!(again.diagnostics.iter().all(|d| !d.is_error()), "{:?}", again.diagnostics);
    let _ = parsed.value.to_sgf();
});

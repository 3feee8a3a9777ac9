//! The Go book reader and checker on any bytes: no panic, positions inside
//! the input, valid UTF-8 written back byte for byte, and the normalizing
//! writer idempotent.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = kifu_book::read(data);
    let book = &parsed.value;
    let mut all = parsed.diagnostics.clone();
    all.extend(kifu_book::check(book));
    all.extend(kifu_book::include::expand(book, &mut |_| None).diagnostics);
    for d in &all {
        assert!(d.span.start <= d.span.end && d.span.end as usize <= data.len(), "{d:?}");
    }
    if std::str::from_utf8(data).is_ok() {
        assert_eq!(book.to_string().as_bytes(), data);
    }
    let once = kifu_book::normalize(book);
    let twice = kifu_book::normalize(&kifu_book::parse(&once).value);
    assert_eq!(once, twice);
    let _ = kifu_book::json::to_json(book);
    let _ = kifu_book::sample::extract(book);
});

//! The GIB, NGF and UGF readers on any bytes: no panic, positions inside
//! the input, and the SGF written from what they read is well formed and
//! valid (no syntax error, no check error) and keeps the main line.
#![no_main]

use kifu_servers::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = Format::sniff(data);
    for format in [Format::Gib, Format::Ngf, Format::Ugf] {
        let parsed = kifu_servers::read(data, format);
        for d in &parsed.diagnostics {
            assert!(
                d.span.start <= d.span.end && d.span.end as usize <= data.len(),
                "{format}: {d:?}"
            );
        }
        if parsed.value.is_empty() {
            // Nothing of the format: an error says so, and there is no game.
            assert!(parsed.has_errors(), "{format}");
            continue;
        }
        let sgf = kifu_sgf::write::normalized(&parsed.value);
        let back = kifu_sgf::parse(&sgf);
        assert!(back.diagnostics.is_empty(), "{format}: {:?}", back.diagnostics);
        let errors: Vec<_> = kifu_sgf::check::check(&back.value)
            .into_iter()
            .filter(|d| d.is_error())
            .collect();
        assert!(errors.is_empty(), "{format}: {errors:?}\n{}", String::from_utf8_lossy(&sgf));
        let moves = |c: &kifu_sgf::Collection<'_>| c.game(0).map(|g| g.main_line_moves());
        assert_eq!(moves(&parsed.value), moves(&back.value), "{format}");
    }
});

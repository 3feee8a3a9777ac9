//! What every server-reader target asserts of one reader on any bytes:
//! no panic, diagnostics inside the input, and the SGF written from what
//! it read is well formed and valid (no syntax error, no check error) and
//! keeps the main line; an input with nothing of the format gives an error
//! and no game.

use kifu_servers::Format;

pub fn check(data: &[u8], format: Format) {
    let parsed = kifu_servers::read(data, format);
    for d in &parsed.diagnostics {
        assert!(
            d.span.start <= d.span.end && d.span.end as usize <= data.len(),
            "{format}: {d:?}"
        );
    }
    if parsed.value.is_empty() {
        assert!(parsed.has_errors(), "{format}");
        return;
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

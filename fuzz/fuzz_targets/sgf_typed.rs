//! The typed layer on any bytes: every property's typed value, and writing
//! a value back through the table, never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = kifu_sgf::parse(data);
    let mut collection = parsed.value;
    let mut edits = Vec::new();
    for game in collection.games() {
        let _ = game.info();
        let _ = game.board_size();
        for node in game.nodes() {
            let _ = node.get_move();
            for p in node.properties() {
                if let (Some(info), Ok(value)) = (p.info(), p.value()) {
                    let _ = kifu_sgf::props::format_value(info, &value, game.board_size());
                    edits.push((node.id(), p.id().to_owned(), value));
                }
            }
        }
    }
    for (node, id, value) in edits.into_iter().take(64) {
        let _ = collection.set(node, &id, &value);
    }
    let _ = kifu_sgf::write::lossless(&collection);
});

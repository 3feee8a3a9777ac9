//! Integration tests of kifu-servers, one binary:
//! - `corpus`: the files of `shared/corpus/other` and `tests/data`, each
//!   against what its bytes say (read by hand) and what the reference
//!   converters make of it.
//! - `gib`, `ngf`, `ugf`: each header key and each edge, on small inputs
//!   written for the test.
//! - `robust`: random, cut and mutated inputs give diagnostics, never a
//!   panic; sniffing.

mod corpus;
mod gib;
mod ngf;
mod robust;
mod ugf;

use kifu_diag::Diagnostic;
use kifu_servers::{Format, read_checked as read};
use kifu_sgf::Collection;

/// The shared corpus (`KIFU_CORPUS`, else `../shared/corpus` beside the
/// repository), or `None`: the tests that need it then pass with a note.
pub(crate) fn corpus_dir() -> Option<std::path::PathBuf> {
    let default =
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let dir = std::env::var_os("KIFU_CORPUS").map_or_else(default, Into::into);
    let found = dir.is_dir();
    if !found {
        eprintln!("note: no corpus at {}; skipping", dir.display());
    }
    found.then_some(dir)
}

/// A file read and converted.
pub(crate) struct Converted {
    pub(crate) collection: Collection<'static>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl Converted {
    /// The codes of the diagnostics, in order.
    pub(crate) fn codes(&self) -> Vec<&'static str> {
        self.diagnostics.iter().map(|d| d.code.as_str()).collect()
    }

    /// A root property's text (escapes resolved), if there is one.
    pub(crate) fn root(&self, id: &str) -> Option<String> {
        let game = self.collection.game(0)?;
        let p = game.root().property(id)?;
        Some(p.decoded_values().collect::<Vec<_>>().join("]["))
    }

    /// The main line as `B[pd]`, `W[]` strings.
    pub(crate) fn moves(&self) -> Vec<String> {
        let Some(game) = self.collection.game(0) else {
            return Vec::new();
        };
        game.main_line()
            .filter_map(|n| n.get_move())
            .map(|(color, point)| {
                let p = point.map_or(String::new(), |p| {
                    String::from_utf8(p.to_sgf().to_vec()).unwrap()
                });
                format!("{}[{p}]", color.to_char())
            })
            .collect()
    }

    /// The normalized SGF.
    pub(crate) fn sgf(&self) -> String {
        String::from_utf8(kifu_sgf::write::normalized(&self.collection)).unwrap()
    }

    /// SGF check findings of the converted collection, read back from its
    /// written form (what `kifu check` would say of the converted file).
    pub(crate) fn sgf_check(&self) -> Vec<String> {
        let text = self.sgf();
        let parsed = kifu_sgf::parse(text.as_bytes());
        let mut all: Vec<String> = parsed.diagnostics.iter().map(|d| d.to_string()).collect();
        all.extend(
            kifu_sgf::check::check(&parsed.value)
                .iter()
                .filter(|d| d.severity > kifu_diag::Severity::Note)
                .map(|d| d.to_string()),
        );
        all
    }
}

pub(crate) fn convert(input: &[u8], format: Format) -> Converted {
    let parsed = read(input, format);
    for d in &parsed.diagnostics {
        assert!(
            d.span.start <= d.span.end && d.span.end as usize <= input.len(),
            "span out of the input: {d:?}"
        );
    }
    // The collection is built, not parsed: it must be what its own text
    // parses to.
    let text = parsed.value.source();
    let reparsed = kifu_sgf::parse(text);
    assert!(
        parsed.value.is_empty() || reparsed.diagnostics.is_empty(),
        "{:?}",
        reparsed.diagnostics
    );
    assert_eq!(kifu_sgf::write::lossless(&parsed.value), text);
    assert_eq!(
        kifu_sgf::write::normalized(&parsed.value),
        kifu_sgf::write::normalized(&reparsed.value)
    );
    assert_eq!(parsed.value.node_count(), reparsed.value.node_count());
    Converted {
        collection: parsed.value,
        diagnostics: parsed.diagnostics,
    }
}

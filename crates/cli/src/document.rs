//! Inputs in any of the formats kifu reads, chosen by extension (or by
//! content for stdin: `<` starts XML).

use std::path::Path;

use kifu_diag::Diagnostic;
use kifu_sgf::Collection;

use crate::args::Format;

/// The format of a path, from its extension.
pub(crate) fn format_of(path: &Path) -> Option<Format> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "sgf" | "mgt" => Some(Format::Sgf),
        "json" => Some(Format::Json),
        "xml" => Some(Format::Xml),
        "gobook" => Some(Format::Gobook),
        "gobk" => Some(Format::Gobk),
        _ => None,
    }
}

/// A document read from an input.
pub(crate) enum Document<'i> {
    Sgf(Collection<'i>),
    Xml(kifu_xml::Document),
}

impl<'i> Document<'i> {
    /// Reads `bytes` as `format` (guessed from the content when unknown).
    pub(crate) fn read(bytes: &'i [u8], format: Option<Format>) -> (Self, Vec<Diagnostic>) {
        let xml = match format {
            Some(Format::Xml) => true,
            Some(_) => false,
            None => bytes.trim_ascii_start().starts_with(b"<"),
        };
        if xml {
            let parsed = kifu_xml::read(bytes);
            (Document::Xml(parsed.value), parsed.diagnostics)
        } else {
            let parsed = kifu_sgf::parse(bytes);
            (Document::Sgf(parsed.value), parsed.diagnostics)
        }
    }

    /// The encoding that diagnostic columns are counted in.
    pub(crate) fn encoding(&self) -> &'static encoding_rs::Encoding {
        match self {
            Document::Sgf(c) => c
                .game(0)
                .map_or(encoding_rs::UTF_8, |g| g.charset().encoding),
            Document::Xml(_) => encoding_rs::UTF_8,
        }
    }

    /// The games as SGF (converted from XML when needed).
    pub(crate) fn to_collection(&self) -> std::borrow::Cow<'_, Collection<'i>> {
        match self {
            Document::Sgf(c) => std::borrow::Cow::Borrowed(c),
            Document::Xml(d) => std::borrow::Cow::Owned(d.to_sgf()),
        }
    }
}

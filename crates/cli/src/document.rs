//! Game records in any of the formats kifu reads, chosen by extension (or
//! by content for stdin: `<` starts XML), and the reading every command
//! that takes games starts with: the document, and what was found in it
//! counted and rendered.

use std::path::Path;

use kifu_diag::Diagnostic;
use kifu_sgf::Collection;

use crate::args::{DiagnosticArgs, Format};
use crate::input::Input;
use crate::outcome::{Outcome, Stats};
use crate::report;

/// The extensions of the formats kifu reads, which `check`, `convert` and
/// `info` look for in directories.
pub(crate) const EXTENSIONS: &[&str] = &["sgf", "mgt", "xml", "gobook", "gobk"];

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

/// Reads one input as the format its path names (or its content says),
/// counting and rendering what was found: the start of every command.
pub(crate) fn read_document<'i>(
    input: &'i Input,
    path: &Path,
    diagnostics_args: &DiagnosticArgs,
) -> (Document<'i>, Outcome) {
    read_and_check(input, path, diagnostics_args, false)
}

/// As [`read_document`], with the checks of values and structure when
/// `checks` is set (SGF: `kifu_sgf::check`).
pub(crate) fn read_and_check<'i>(
    input: &'i Input,
    path: &Path,
    diagnostics_args: &DiagnosticArgs,
    checks: bool,
) -> (Document<'i>, Outcome) {
    read_and_check_at(
        input,
        path,
        diagnostics_args,
        checks,
        report::Origin::default(),
    )
}

/// As [`read_and_check`], for bytes that stand at `origin` in what was read
/// (a game of a stream).
pub(crate) fn read_and_check_at<'i>(
    input: &'i Input,
    path: &Path,
    diagnostics_args: &DiagnosticArgs,
    checks: bool,
    origin: report::Origin,
) -> (Document<'i>, Outcome) {
    let (document, mut diagnostics) = Document::read(&input.bytes, format_of(path));
    if checks && let Document::Sgf(collection) = &document {
        diagnostics.extend(kifu_sgf::check::check(collection));
        diagnostics.sort_by_key(|d| d.span.start);
    }
    let collection = document.to_collection();
    let mut outcome = Outcome {
        stats: Stats {
            files: 1,
            bytes: input.bytes.len(),
            games: collection.len(),
            nodes: collection.node_count(),
            ..Stats::default()
        },
        ..Outcome::default()
    };
    outcome.nothing_read = collection.is_empty() && crate::input::holds_text(&input.bytes);
    drop(collection);
    outcome.stats.count_reported(&diagnostics, diagnostics_args);
    let advice = match &document {
        Document::Sgf(collection) if checks && !diagnostics.is_empty() => {
            report::advice_for_sgf(&input.bytes, collection, &diagnostics, diagnostics_args)
        }
        _ => report::advice_from_table(&diagnostics),
    };
    report::render_advised_at(
        &input.name,
        &input.bytes,
        origin,
        document.encoding(),
        &diagnostics,
        &advice,
        diagnostics_args,
        &mut outcome.stderr,
    );
    (document, outcome)
}

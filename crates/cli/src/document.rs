//! Game records in any of the formats kifu reads (as `formats::of_input`
//! tells), written in any it writes them in, and the reading every command
//! that takes games starts with: the document, and what was found in it
//! counted and rendered.

use std::path::Path;

use kifu_diag::Diagnostic;
use kifu_sgf::{Collection, write};

use crate::args::DiagnosticArgs;
use crate::formats::{self, Format};
use crate::input::Input;
use crate::outcome::{Outcome, Stats};
use crate::report;

/// How `convert` writes.
#[derive(Default)]
pub(crate) struct Conversion {
    /// In the canonical layout rather than as read.
    pub(crate) normalize: bool,
    /// With `normalize`, SGF in the input's charset rather than UTF-8.
    pub(crate) keep_charset: bool,
}

/// A document read from an input.
pub(crate) enum Document<'i> {
    Sgf(Collection<'i>),
    Xml(kifu_xml::Document),
}

impl<'i> Document<'i> {
    /// Reads `bytes` as `format`. What is not a game record is read as
    /// SGF, which finds what games there are and says what is not.
    pub(crate) fn read(bytes: &'i [u8], format: Format) -> (Self, Vec<Diagnostic>) {
        match format {
            Format::Xml => {
                let parsed = kifu_xml::read(bytes);
                (Document::Xml(parsed.value), parsed.diagnostics)
            }
            // The servers' records become SGF collections (FF[4], UTF-8).
            Format::Gib | Format::Ngf | Format::Ugf => {
                let server = match format {
                    Format::Gib => kifu_servers::Format::Gib,
                    Format::Ngf => kifu_servers::Format::Ngf,
                    _ => kifu_servers::Format::Ugf,
                };
                let parsed = kifu_servers::read_checked(bytes, server);
                (Document::Sgf(parsed.value), parsed.diagnostics)
            }
            Format::Sgf
            | Format::Json
            | Format::Gobook
            | Format::Gobk
            | Format::Svg
            | Format::Png
            | Format::Txt
            | Format::Html
            | Format::Epub
            | Format::Pdf
            | Format::Typ => {
                let parsed = kifu_sgf::parse(bytes);
                (Document::Sgf(parsed.value), parsed.diagnostics)
            }
        }
    }

    /// The format it was read in.
    pub(crate) fn format(&self) -> Format {
        match self {
            Document::Sgf(_) => Format::Sgf,
            Document::Xml(_) => Format::Xml,
        }
    }

    /// The games written as `to` (`original`: the bytes they were read
    /// from, written again when nothing is to change); `None` for the
    /// formats that games are not converted to.
    pub(crate) fn write(
        &self,
        original: &[u8],
        to: Format,
        options: &Conversion,
    ) -> Option<Vec<u8>> {
        Some(match (self, to) {
            // To its own format: the input itself unless asked to normalize.
            (Document::Sgf(c), Format::Sgf) if !options.normalize => write::lossless(c),
            (Document::Xml(_), Format::Xml) if !options.normalize => original.to_vec(),
            (Document::Xml(d), Format::Xml) => kifu_xml::write(d).into_bytes(),
            // One game's tree at a time: a Document of the whole
            // collection cost about 45 bytes per byte of SGF.
            (Document::Sgf(c), Format::Xml) => kifu_xml::write_sgf(c).into_bytes(),
            (_, Format::Sgf) => write::normalized_with(
                &self.to_collection(),
                &write::NormalizeOptions {
                    keep_charset: options.keep_charset,
                    ..write::NormalizeOptions::default()
                },
            ),
            (_, Format::Json) => write::json(&self.to_collection()).into_bytes(),
            // A game record's book: its games as chapters (`kifu book`).
            (_, Format::Gobook | Format::Gobk) => {
                let made = kifu_book::create::book(
                    &self.to_collection(),
                    &kifu_book::create::Options::default(),
                );
                return book_bytes(&made.book, to, "book").ok();
            }
            // Renderings are drawn, and the servers' formats are read only.
            (
                _,
                Format::Gib
                | Format::Ngf
                | Format::Ugf
                | Format::Svg
                | Format::Png
                | Format::Txt
                | Format::Html
                | Format::Epub
                | Format::Pdf
                | Format::Typ,
            ) => return None,
        })
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

/// A book made from games as the bytes of `to`: the `.gobook` text, or a
/// `.gobk` package holding it as `NAME.gobook` (`None` for other formats).
pub(crate) fn book_bytes(
    book: &kifu_book::Book,
    to: Format,
    name: &str,
) -> Result<Vec<u8>, String> {
    let text = book.to_string().into_bytes();
    match to {
        Format::Gobk => kifu_book::package::Package::new(&format!("{name}.gobook"), text)
            .to_bytes()
            .map_err(|e| e.to_string()),
        _ => Ok(text),
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
    let format = formats::of_input(path, &input.bytes);
    let (document, mut diagnostics) = Document::read(&input.bytes, format);
    // A server record's checks as SGF are placed in the SGF it converts
    // to: their places are in that text, not in the server file.
    let server = matches!(format, Format::Gib | Format::Ngf | Format::Ugf);
    let mut as_sgf = Vec::new();
    if checks && let Document::Sgf(collection) = &document {
        kifu_sgf::check::settle_reader_severities(collection, &mut diagnostics);
        let found = kifu_sgf::check::check(collection);
        if server {
            use kifu_sgf::check::codes::{KO_RECAPTURE, OCCUPIED_POINT, SUICIDE};
            // The server reader reports illegal moves at their line.
            as_sgf = found
                .into_iter()
                .filter(|d| ![OCCUPIED_POINT, SUICIDE, KO_RECAPTURE].contains(&d.code))
                .collect();
        } else {
            diagnostics.extend(found);
        }
        diagnostics.sort_by_key(|d| d.span.start);
    }
    let collection = document.to_collection();
    let mut outcome = Outcome::of_games(&input.bytes, &collection);
    drop(collection);
    outcome.stats.count_reported(&diagnostics, diagnostics_args);
    outcome.stats.count_reported(&as_sgf, diagnostics_args);
    let advice = match &document {
        Document::Sgf(collection) if checks && !diagnostics.is_empty() && !server => {
            report::advice_for_sgf(&input.bytes, collection, &diagnostics, diagnostics_args)
        }
        _ => report::advice_from_table(&diagnostics),
    };
    if as_sgf.is_empty() || !diagnostics.is_empty() {
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
    }
    if let (false, Document::Sgf(collection)) = (as_sgf.is_empty(), &document) {
        as_sgf.sort_by_key(|d| d.span.start);
        report::render_advised_at(
            &format!("{} (as SGF)", input.name),
            collection.source(),
            report::Origin::default(),
            encoding_rs::UTF_8,
            &as_sgf,
            &report::advice_from_table(&as_sgf),
            diagnostics_args,
            &mut outcome.stderr,
        );
    }
    (document, outcome)
}

/// The parts a big SGF collection is checked in: their arenas stay in the
/// caches and are read into again, where a collection read whole cost its
/// arenas' size (ten times its own) in page faults.
const PART_BYTES: usize = 256 << 10;

/// `kifu check` of a big SGF collection, `input`, as [`read_and_check`]
/// checks it, but read and checked a part of its games
/// at a time: the same findings in the same order, with the same advice
/// (a game's dry run needs only the game). `None` for an input of one
/// part, or with a game whose place is not known (no `)`): those are
/// checked whole.
pub(crate) fn check_sgf_in_parts(
    input: &Input,
    diagnostics_args: &DiagnosticArgs,
) -> Option<Outcome> {
    let bytes = &input.bytes[..];
    if bytes.len() <= report::WHOLE_DRY_RUN_BYTES {
        return None;
    }
    let mut checks =
        kifu_sgf::check::PartChecks::new().describing_from(report::least_printed(diagnostics_args));
    // (Where the whole lists it, finding, advice.)
    let mut found = Vec::new();
    let (mut games, mut nodes, mut parts) = (0, 0, 0);
    let (mut asked, mut whole) = (false, false);
    let mut encoding = None;
    let mut counted = Stats::default();
    kifu_sgf::syntax::parse_in_parts(bytes, PART_BYTES, &mut |part, reader, more| {
        parts += 1;
        if whole || (parts == 1 && !more) {
            whole = true;
            return;
        }
        encoding = encoding.or_else(|| part.game(0).map(|g| g.charset().encoding));
        games += part.len();
        nodes += part.node_count();
        let mut findings = checks.check(part, reader);
        // Every finding is counted; only those printed are kept (with
        // `-q`, a big collection's thousands of notes are not).
        counted.count_reported(findings.iter().map(|f| &f.diagnostic), diagnostics_args);
        findings.retain(|f| report::is_reported(&f.diagnostic, diagnostics_args));
        let order: Vec<_> = findings
            .iter()
            .map(kifu_sgf::check::finding_order)
            .collect();
        let diagnostics: Vec<Diagnostic> = findings.into_iter().map(|f| f.diagnostic).collect();
        match report::advice_for_part(bytes, part, &diagnostics, diagnostics_args) {
            Some((advice, part_asked)) => {
                asked |= part_asked;
                found.extend(order.into_iter().zip(diagnostics).zip(advice));
            }
            None => whole = true,
        }
    });
    if whole {
        return None;
    }
    found.sort_by(|((a, _), _), ((b, _), _)| a.cmp(b));
    let (diagnostics, advice): (Vec<Diagnostic>, Vec<_>) =
        found.into_iter().map(|((_, d), a)| (d, a)).unzip();
    let advice = report::advice_or_table(&diagnostics, advice, asked);
    let mut outcome = Outcome::of_parts(bytes, games, nodes);
    outcome.stats.add(&counted);
    report::render_advised_at(
        &input.name,
        bytes,
        report::Origin::default(),
        encoding.unwrap_or(encoding_rs::UTF_8),
        &diagnostics,
        &advice,
        diagnostics_args,
        &mut outcome.stderr,
    );
    Some(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{DiagnosticFormat, FileSummary};
    use crate::formats::{Kind, TABLE};

    /// A collection of a few MB whose games hold findings of many kinds:
    /// critical ones, the reader's, the Go rules', formats, types and
    /// charsets mixed, junk between games; `tail` at the end.
    fn big_collection(tail: &[u8]) -> Input {
        let games: [&[u8]; 6] = [
            b"(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[Black]KM[six]DT[2020-13-45];B[pd];W[dp];B[pd])",
            b"(;FF[3]GM[1]AddBlack[aa]C[comment];B[aa];W[bb]C[x])",
            b"(;FF[4]GM[1]SZ[9]AP[a][b];B[ee]W[ff](;B[aa])(;W[aa];B[tt]))",
            b"\nsome junk between games\n",
            b"(;FF[4]CA[ISO-8859-1]C[caf\xe9];B[aa])",
            b"(;GM[2]FF[4])",
        ];
        // Long comments: fewer games for the dry runs of a test.
        let comment = format!("(;C[{}])", "a comment ".repeat(400));
        let mut bytes = Vec::new();
        while bytes.len() < report::WHOLE_DRY_RUN_BYTES + 2 * PART_BYTES {
            for game in games {
                bytes.extend_from_slice(game);
                bytes.extend_from_slice(comment.as_bytes());
            }
        }
        bytes.extend_from_slice(tail);
        Input {
            name: "big.sgf".into(),
            bytes,
        }
    }

    fn args(format: DiagnosticFormat, quiet: bool) -> DiagnosticArgs {
        DiagnosticArgs {
            format,
            quiet,
            deny: None,
            allow: Vec::new(),
            summary: FileSummary::Every,
        }
    }

    #[test]
    fn a_big_collection_checked_in_parts_reads_as_checked_whole() {
        let input = big_collection(b"");
        // The short form (its advice from the dry runs of the games with
        // critical findings), quiet or not; JSON and the human form (the
        // advice of every finding, from the dry runs of every game).
        for (format, quiet) in [
            (DiagnosticFormat::Short, false),
            (DiagnosticFormat::Short, true),
            (DiagnosticFormat::Json, false),
            (DiagnosticFormat::Human, true),
        ] {
            let args = args(format, quiet);
            let parts = check_sgf_in_parts(&input, &args).expect("read in parts");
            let (_, whole) = read_and_check(&input, Path::new("big.sgf"), &args, true);
            assert!(whole.stderr.lines().count() > 10, "{format:?}");
            assert_eq!(parts.stderr, whole.stderr, "{format:?} quiet {quiet}");
            assert_eq!(format!("{:?}", parts.stats), format!("{:?}", whole.stats));
            assert_eq!(parts.nothing_read, whole.nothing_read);
        }
    }

    #[test]
    fn a_collection_read_whole_is_not_read_in_parts() {
        let args = args(DiagnosticFormat::Short, false);
        // A game without its `)` has no place for its dry run.
        let open = big_collection(b"(;FF[4]AP[a][b];B[aa]");
        assert!(check_sgf_in_parts(&open, &args).is_none());
        // One part: one game, or a small input.
        let mut one = b"(;C[".to_vec();
        one.resize(2 * report::WHOLE_DRY_RUN_BYTES, b'x');
        one.extend_from_slice(b"])");
        let one = Input {
            name: "one.sgf".into(),
            bytes: one,
        };
        assert!(check_sgf_in_parts(&one, &args).is_none());
        let small = Input {
            name: "small.sgf".into(),
            bytes: b"(;B[aa])(;W[bb])".to_vec(),
        };
        assert!(check_sgf_in_parts(&small, &args).is_none());
    }

    #[test]
    fn games_are_written_in_the_formats_the_table_converts_them_to() {
        let sgf = b"(;GM[1]SZ[9];B[cc])";
        for (bytes, format) in [(&sgf[..], Format::Sgf), (b"<Go/>", Format::Xml)] {
            let (document, _) = Document::read(bytes, format);
            for spec in TABLE {
                for normalize in [false, true] {
                    let options = Conversion {
                        normalize,
                        keep_charset: false,
                    };
                    assert_eq!(
                        document.write(bytes, spec.format, &options).is_some(),
                        spec.converted_to() && spec.format.written_from(Kind::Game),
                        "{format:?} to {}",
                        spec.name
                    );
                }
            }
        }
    }
}

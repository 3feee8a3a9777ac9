//! The file types the command line knows, in one table: for each, its
//! extensions, its name for `convert --to` or `render --format`, what it
//! holds, whether kifu reads it, what kifu writes it from, and how it is
//! told by its content when its name does not say.
//!
//! Every command asks this table (which files to look for in directories,
//! what an input is, what an output's extension asks for) instead of
//! keeping its own list. Adding a format is a row here, a variant of
//! [`Format`], and its reader or writer: the matches on [`Format`] that read
//! games (`document`), convert them (`document`, `book`) and draw them
//! (`commands::render`) name every variant, so the compiler points at each
//! place that must say what the new one does.

use std::path::Path;

/// A file type kifu reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Format {
    Sgf,
    Json,
    Xml,
    Gobook,
    Gobk,
    Gib,
    Ngf,
    Ugf,
    Svg,
    Png,
    Txt,
    Html,
    Epub,
    Pdf,
    Typ,
}

/// What a file of a format holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Game records: a game or a collection of games.
    Game,
    /// A Go book.
    Book,
    /// What was read, as data for programs (JSON).
    Data,
    /// A picture or a page drawn from a game or a book (`kifu render`).
    Rendering,
}

/// One row of the table.
pub(crate) struct Spec {
    pub(crate) format: Format,
    /// Its name as `convert --to` (or, for a rendering, `render --format`)
    /// takes it.
    pub(crate) name: &'static str,
    /// What `--help` says of that name.
    pub(crate) help: &'static str,
    /// Its extensions, lowercase (matched whatever their case); an output
    /// written in this format gets the first.
    pub(crate) extensions: &'static [&'static str],
    pub(crate) kind: Kind,
    /// Whether kifu reads it: directories are searched for it, and a file
    /// with one of its extensions is read as it.
    pub(crate) read: bool,
    /// What kifu writes it from (`convert`, or `render` for a rendering):
    /// nothing when it is not written.
    pub(crate) written_from: &'static [Kind],
    /// Whether bytes are of this format, for inputs whose name does not
    /// say (stdin, other extensions).
    pub(crate) sniff: Option<fn(&[u8]) -> bool>,
}

const GAMES: &[Kind] = &[Kind::Game];
// No row is written from books only since `kifu book`; kept for the next.
#[allow(dead_code)]
const BOOKS: &[Kind] = &[Kind::Book];
const GAMES_AND_BOOKS: &[Kind] = &[Kind::Game, Kind::Book];

#[allow(clippy::too_many_arguments)]
const fn row(
    format: Format,
    name: &'static str,
    extensions: &'static [&'static str],
    kind: Kind,
    read: bool,
    written_from: &'static [Kind],
    sniff: Option<fn(&[u8]) -> bool>,
    help: &'static str,
) -> Spec {
    Spec {
        format,
        name,
        help,
        extensions,
        kind,
        read,
        written_from,
        sniff,
    }
}

/// Every format, in the order their names and extensions are listed.
#[rustfmt::skip]
pub(crate) const TABLE: &[Spec] = &[
    //  format          name      extensions        kind             read   written from     sniff          help (`--to`, `--format`)
    row(Format::Sgf,    "sgf",    &["sgf", "mgt"],  Kind::Game,      true,  GAMES_AND_BOOKS, None,          "Smart Game Format"),
    row(Format::Json,   "json",   &["json"],        Kind::Data,      false, GAMES_AND_BOOKS, None,          "The JSON form of a collection: an array of game roots, each node `{\"props\": [[ID, [VALUE...]]...], \"children\": [...]}`"),
    row(Format::Xml,    "xml",    &["xml"],         Kind::Game,      true,  GAMES,           Some(is_xml),  "GoGui / Jago Go XML"),
    row(Format::Gobook, "gobook", &["gobook"],      Kind::Book,      true,  GAMES_AND_BOOKS, Some(is_book), "A Go book (SmartGo's `.gobook` text)"),
    row(Format::Gobk,   "gobk",   &["gobk"],        Kind::Book,      true,  GAMES_AND_BOOKS, Some(is_zip),  "A Go book package (`.gobk`: a zip of the book and its images)"),
    row(Format::Gib,    "gib",    &["gib"],         Kind::Game,      true,  &[],             Some(is_gib),  "Tygem's game records (read only)"),
    row(Format::Ngf,    "ngf",    &["ngf"],         Kind::Game,      true,  &[],             Some(is_ngf),  "WBaduk and Cyberoro game records (read only)"),
    row(Format::Ugf,    "ugf",    &["ugf", "ugi"],  Kind::Game,      true,  &[],             Some(is_ugf),  "Pandanet and Panda-glGo game records (read only)"),
    row(Format::Svg,    "svg",    &["svg"],         Kind::Rendering, false, GAMES_AND_BOOKS, None,          "Scalable vector graphics"),
    row(Format::Png,    "png",    &["png"],         Kind::Rendering, false, GAMES_AND_BOOKS, None,          "A PNG image --width pixels wide"),
    row(Format::Txt,    "txt",    &["txt", "text"], Kind::Rendering, false, GAMES_AND_BOOKS, None,          "Unicode text"),
    row(Format::Html,   "html",   &["html", "htm"], Kind::Rendering, false, GAMES_AND_BOOKS, None,          "An interactive HTML page: a whole book, or a game with its comments and variations"),
    row(Format::Epub,   "epub",   &["epub"],        Kind::Rendering, false, GAMES_AND_BOOKS, None,          "An EPUB 3 e-book: a whole book, or a game with its comments and variations"),
    row(Format::Pdf,    "pdf",    &["pdf"],         Kind::Rendering, false, GAMES_AND_BOOKS, None,          "A print-ready PDF (through Typst): a whole book, or a game with its comments"),
    row(Format::Typ,    "typ",    &["typ"],         Kind::Rendering, false, GAMES_AND_BOOKS, None,          "The Typst source of that PDF, to adjust by hand and compile with `typst compile`"),
];

/// XML: `<` first.
fn is_xml(bytes: &[u8]) -> bool {
    bytes.trim_ascii_start().starts_with(b"<")
}

/// A book's text: `::` first.
fn is_book(bytes: &[u8]) -> bool {
    bytes.trim_ascii_start().starts_with(b"::")
}

fn is_gib(bytes: &[u8]) -> bool {
    kifu_servers::Format::sniff(bytes) == Some(kifu_servers::Format::Gib)
}

fn is_ngf(bytes: &[u8]) -> bool {
    kifu_servers::Format::sniff(bytes) == Some(kifu_servers::Format::Ngf)
}

fn is_ugf(bytes: &[u8]) -> bool {
    matches!(
        kifu_servers::Format::sniff(bytes),
        Some(kifu_servers::Format::Ugf | kifu_servers::Format::Ugi)
    )
}

/// A zip file, as a `.gobk` package is.
fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

impl Spec {
    /// Whether `convert` writes it (`--to`).
    pub(crate) fn converted_to(&self) -> bool {
        self.kind != Kind::Rendering && !self.written_from.is_empty()
    }

    /// Whether `render` draws it (`--format`).
    pub(crate) fn rendered(&self) -> bool {
        self.kind == Kind::Rendering && !self.written_from.is_empty()
    }
}

impl Format {
    /// Its row of the table.
    pub(crate) fn spec(self) -> &'static Spec {
        TABLE
            .iter()
            .find(|s| s.format == self)
            .expect("every format has a row")
    }

    /// The format `--to` or `--format` calls `name`.
    pub(crate) fn named(name: &str) -> Option<Format> {
        TABLE.iter().find(|s| s.name == name).map(|s| s.format)
    }

    pub(crate) fn name(self) -> &'static str {
        self.spec().name
    }

    /// The extension of a file written in this format.
    pub(crate) fn extension(self) -> &'static str {
        self.spec().extensions[0]
    }

    pub(crate) fn extensions(self) -> &'static [&'static str] {
        self.spec().extensions
    }

    pub(crate) fn kind(self) -> Kind {
        self.spec().kind
    }

    pub(crate) fn is_book(self) -> bool {
        self.kind() == Kind::Book
    }

    /// Whether kifu writes this format from an input of `kind`.
    pub(crate) fn written_from(self, kind: Kind) -> bool {
        self.spec().written_from.contains(&kind)
    }

    /// Whether `bytes` look like this format.
    pub(crate) fn sniffs(self, bytes: &[u8]) -> bool {
        self.spec().sniff.is_some_and(|sniff| sniff(bytes))
    }
}

/// The format whose extension `path` has (whatever its case), read or not.
pub(crate) fn by_extension(path: &Path) -> Option<Format> {
    let ext = path.extension()?.to_str()?;
    TABLE
        .iter()
        .find(|s| s.extensions.iter().any(|e| ext.eq_ignore_ascii_case(e)))
        .map(|s| s.format)
}

/// The format that `bytes` look like, of those told by content.
pub(crate) fn sniff(bytes: &[u8]) -> Option<Format> {
    TABLE
        .iter()
        .find(|s| s.sniff.is_some_and(|sniff| sniff(bytes)))
        .map(|s| s.format)
}

/// The format an input is read as: the one its name says when kifu reads
/// that format, else the one its content shows (stdin, other names), else
/// SGF.
pub(crate) fn of_input(path: &Path, bytes: &[u8]) -> Format {
    match by_extension(path).filter(|f| f.spec().read) {
        // A server's record saved as `.sgf` (as downloads often are): its
        // content says, SGF never sniffing as one.
        Some(Format::Sgf) => sniff(bytes)
            .filter(|f| matches!(f, Format::Gib | Format::Ngf | Format::Ugf))
            .unwrap_or(Format::Sgf),
        Some(f) => f,
        None => sniff(bytes).unwrap_or(Format::Sgf),
    }
}

/// The extensions of the formats `keep` selects, in table order.
pub(crate) fn extensions(keep: impl Fn(&Spec) -> bool) -> Vec<&'static str> {
    TABLE
        .iter()
        .filter(|s| keep(s))
        .flat_map(|s| s.extensions.iter().copied())
        .collect()
}

/// What `check`, `info` and `convert` look for in directories: every
/// format kifu reads.
pub(crate) fn documents() -> Vec<&'static str> {
    extensions(|s| s.read)
}

/// What `render --out-dir` looks for in directories: the game records
/// kifu reads.
pub(crate) fn game_records() -> Vec<&'static str> {
    extensions(|s| s.read && s.kind == Kind::Game)
}

/// The formats `keep` selects, in table order.
pub(crate) fn rows(keep: impl Fn(&Spec) -> bool) -> impl Iterator<Item = &'static Spec> {
    TABLE.iter().filter(move |s| keep(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Format; 15] = [
        Format::Sgf,
        Format::Json,
        Format::Xml,
        Format::Gobook,
        Format::Gobk,
        Format::Gib,
        Format::Ngf,
        Format::Ugf,
        Format::Svg,
        Format::Png,
        Format::Txt,
        Format::Html,
        Format::Epub,
        Format::Pdf,
        Format::Typ,
    ];

    #[test]
    fn every_format_has_one_row_and_every_extension_one_format() {
        // A variant added to `Format` stops this match from compiling
        // until it is listed in ALL (and so checked for its row).
        let listed = |f: Format| match f {
            Format::Sgf
            | Format::Json
            | Format::Xml
            | Format::Gobook
            | Format::Gobk
            | Format::Gib
            | Format::Ngf
            | Format::Ugf
            | Format::Svg
            | Format::Png
            | Format::Txt
            | Format::Html
            | Format::Epub
            | Format::Pdf
            | Format::Typ => ALL.contains(&f),
        };
        assert!(TABLE.iter().all(|s| listed(s.format)));
        assert_eq!(TABLE.len(), ALL.len());
        for format in ALL {
            assert_eq!(TABLE.iter().filter(|s| s.format == format).count(), 1);
            assert!(!format.extensions().is_empty(), "{format:?}");
        }
        let mut seen = std::collections::HashSet::new();
        for ext in extensions(|_| true) {
            assert_eq!(ext, ext.to_ascii_lowercase());
            assert!(seen.insert(ext), "{ext} names two formats");
            let path = format!("x.{}", ext.to_ascii_uppercase());
            assert!(by_extension(Path::new(&path)).is_some(), "{path}");
        }
    }

    #[test]
    fn names_are_unique_and_name_their_format() {
        let mut seen = std::collections::HashSet::new();
        for s in TABLE {
            assert!(seen.insert(s.name), "{} names two formats", s.name);
            assert_eq!(Format::named(s.name), Some(s.format));
        }
    }

    #[test]
    fn each_command_accepts_what_it_did() {
        // check, info, convert (directories).
        // The servers' records are new with issue 19.
        assert_eq!(
            documents(),
            [
                "sgf", "mgt", "xml", "gobook", "gobk", "gib", "ngf", "ugf", "ugi"
            ]
        );
        // render --out-dir.
        assert_eq!(
            game_records(),
            ["sgf", "mgt", "xml", "gib", "ngf", "ugf", "ugi"]
        );
        // fix, merge.
        assert_eq!(Format::Sgf.extensions(), ["sgf", "mgt"]);
        let names = |keep: fn(&Spec) -> bool| rows(keep).map(|s| s.name).collect::<Vec<_>>();
        assert_eq!(
            names(Spec::converted_to),
            ["sgf", "json", "xml", "gobook", "gobk"]
        );
        // render: the EPUB is new with issue 17.
        // The PDF and its Typst source are new with issue 18.
        assert_eq!(
            names(Spec::rendered),
            ["svg", "png", "txt", "html", "epub", "pdf", "typ"]
        );
        assert_eq!(
            extensions(Spec::rendered),
            [
                "svg", "png", "txt", "text", "html", "htm", "epub", "pdf", "typ"
            ]
        );
    }

    #[test]
    fn inputs_are_read_by_name_then_by_content() {
        let of = |name: &str, bytes: &[u8]| of_input(Path::new(name), bytes);
        assert_eq!(of("a.SGF", b"<x/>"), Format::Sgf);
        assert_eq!(of("a.mgt", b"(;)"), Format::Sgf);
        assert_eq!(of("a.gobook", b"PK\x03\x04"), Format::Gobook);
        assert_eq!(of("-", b"  <Go>"), Format::Xml);
        assert_eq!(of("-", b"\n::book"), Format::Gobook);
        assert_eq!(of("-", b"PK\x03\x04..."), Format::Gobk);
        assert_eq!(of("-", b"(;GM[1])"), Format::Sgf);
        // Formats kifu does not read say nothing: the content does.
        assert_eq!(of("a.txt", b"::book"), Format::Gobook);
        assert_eq!(of("a.json", b"(;)"), Format::Sgf);
        assert_eq!(of("a.svg", b"<svg>"), Format::Xml);
    }
}

//! Typst markup to PDF, in process: a Typst world of one source, the
//! images it names, and the fonts of [`super::fonts`].

use std::collections::HashMap;
use std::sync::OnceLock;

use typst::diag::{FileError, FileResult, Severity, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Duration, Label, Selector, Value};
use typst::introspection::Introspector as _;
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::utils::PicoStr;
use typst::{Library, LibraryExt, World, WorldExt as _};
use typst_layout::PagedDocument;

use super::fonts::WorldFonts;
use super::options::TypstBook;

/// Why a PDF could not be made: Typst's errors, each with the line of the
/// source it is on.
#[derive(Debug)]
pub struct PdfError(pub String);

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PdfError {}

fn library() -> &'static LazyHash<Library> {
    static LIBRARY: OnceLock<LazyHash<Library>> = OnceLock::new();
    LIBRARY.get_or_init(|| LazyHash::new(Library::default()))
}

struct BookWorld {
    main: FileId,
    source: Source,
    files: HashMap<FileId, Bytes>,
    fonts: WorldFonts,
}

impl World for BookWorld {
    fn library(&self) -> &LazyHash<Library> {
        library()
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.fonts.book
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main {
            Ok(self.source.clone())
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        self.files.get(&id).cloned().ok_or(FileError::AccessDenied)
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.fonts.font(index)
    }

    /// No clock: the same book prints the same.
    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        Datetime::from_ymd(2000, 1, 1)
    }
}

fn file_id(path: &str) -> Option<FileId> {
    let vpath = VirtualPath::new(path).ok()?;
    Some(FileId::new(RootedPath::new(VirtualRoot::Project, vpath)))
}

/// A diagnostic as `line:col: severity: message`, with its hints.
fn describe(world: &BookWorld, d: &SourceDiagnostic) -> String {
    let at = world
        .range(d.span)
        .and_then(|r| world.source.lines().byte_to_line_column(r.start))
        .map_or_else(String::new, |(l, c)| format!("{}:{}: ", l + 1, c + 1));
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut s = format!("{at}{severity}: {}", d.message);
    for h in &d.hints {
        s.push_str("\n  hint: ");
        s.push_str(&h.v);
    }
    s
}

/// A compiled book.
#[derive(Debug)]
pub struct Pdf {
    /// The PDF file.
    pub bytes: Vec<u8>,
    /// Typst's warnings, `line:col: warning: message` in the source.
    pub warnings: Vec<String>,
    /// The number of pages.
    pub pages: usize,
    /// The diagrams that start on one page and end on another (by label;
    /// kifu keeps each on one page, so this is empty unless a diagram is
    /// taller than the page).
    pub split_diagrams: Vec<String>,
    /// The characters of the text that no font has a glyph for (bundled,
    /// given or the system's), in order: they print as boxes (Typst does
    /// not warn). The bundled fonts cover Latin, Greek and Cyrillic
    /// scripts, not CJK ([`super::fonts::CJK_FONT_PACKAGE`] does).
    pub missing_glyphs: Vec<char>,
}

/// The pages the template's marks of a label are on, with their values.
fn marks(document: &PagedDocument, name: &str) -> Vec<(String, usize)> {
    let Some(label) = Label::new(PicoStr::intern(name)) else {
        return Vec::new();
    };
    let introspector = document.introspector();
    introspector
        .query(&Selector::Label(label))
        .iter()
        .map(|c| {
            let value = match c.get_by_name("value") {
                Ok(Value::Str(s)) => s.to_string(),
                _ => String::new(),
            };
            let page = c
                .location()
                .and_then(|l| introspector.page(l))
                .map_or(0, |p| p.get());
            (value, page)
        })
        .collect()
}

/// Compiles Typst markup to a PDF.
///
/// # Errors
/// Typst's errors, one a line.
pub fn typst_to_pdf(book: &TypstBook) -> Result<Pdf, PdfError> {
    let main = file_id("/book.typ").ok_or_else(|| PdfError("bad main path".to_owned()))?;
    let source = Source::new(main, book.source.clone());
    let mut files = HashMap::new();
    for (path, bytes) in &book.files {
        if let Some(id) = file_id(&format!("/{path}")) {
            files.insert(id, Bytes::new(bytes.clone()));
        }
    }
    let fonts = WorldFonts::new(&book.source, &book.families, &book.fonts);
    let world = BookWorld {
        main,
        source,
        files,
        fonts,
    };
    let warned = typst::compile::<PagedDocument>(&world);
    let warnings: Vec<String> = warned
        .warnings
        .iter()
        .map(|d| describe(&world, d))
        .collect();
    let errors = |errors: &[SourceDiagnostic]| {
        PdfError(
            errors
                .iter()
                .map(|d| describe(&world, d))
                .collect::<Vec<_>>()
                .join("\n"),
        )
    };
    let document = warned.output.map_err(|e| errors(&e))?;
    let bytes =
        typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default()).map_err(|e| errors(&e))?;
    let starts = marks(&document, "kifu-dia-start");
    let ends = marks(&document, "kifu-dia-end");
    let split_diagrams = starts
        .iter()
        .zip(&ends)
        .filter(|((_, a), (_, b))| a != b)
        .map(|((name, _), _)| name.clone())
        .collect();
    Ok(Pdf {
        bytes,
        warnings,
        pages: document.pages().len(),
        split_diagrams,
        missing_glyphs: world.fonts.missing.clone(),
    })
}

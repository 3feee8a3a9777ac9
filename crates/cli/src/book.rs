//! Go books on the command line: `.gobook` text and `.gobk` packages for
//! `check`, `convert`, `info` and `sample`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use kifu_book::Book;
use kifu_book::package::Package;
use kifu_diag::Diagnostic;

use crate::args::{DiagnosticArgs, Format};
use crate::batch::{Outcome, Stats};
use crate::input::{self, Input};

/// Whether a path names a book (by extension).
pub(crate) fn is_book_format(format: Option<Format>) -> bool {
    matches!(format, Some(Format::Gobook | Format::Gobk))
}

/// A book as read from a `.gobook` file or a `.gobk` package.
pub(crate) struct BookInput {
    /// The name to show in diagnostics (`x.gobk(book.gobook)` for a package).
    pub(crate) name: String,
    /// The book's text bytes.
    pub(crate) text: Vec<u8>,
    pub(crate) book: Book,
    /// The reader's diagnostics.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The package it came from, if any.
    pub(crate) package: Option<Package>,
    /// The folder of the book file, for images and includes beside it.
    pub(crate) folder: Option<PathBuf>,
}

/// Reads a book from `input` (`path` tells the form).
pub(crate) fn read(
    input: &Input,
    path: &Path,
    format: Option<Format>,
) -> Result<BookInput, String> {
    let folder = (!input::is_stdio(path)).then(|| {
        path.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
    });
    let is_package = format == Some(Format::Gobk) || input.bytes.starts_with(b"PK\x03\x04");
    let (name, text, package) = if is_package {
        let package =
            Package::from_bytes(&input.bytes).map_err(|e| format!("{}: {e}", input.name))?;
        let name = format!("{}({})", input.name, package.book_name);
        (name, package.book.clone(), Some(package))
    } else {
        (input.name.clone(), input.bytes.clone(), None)
    };
    let parsed = kifu_book::read(&text);
    Ok(BookInput {
        name,
        text,
        book: parsed.value,
        diagnostics: parsed.diagnostics,
        package,
        folder,
    })
}

impl BookInput {
    /// Whether a file the book names (an image, an include) is at hand.
    pub(crate) fn load(&self, name: &str) -> Option<Vec<u8>> {
        if let Some(p) = &self.package
            && let Some(bytes) = p.file(name)
        {
            return Some(bytes.to_vec());
        }
        if name.contains("..") || Path::new(name).is_absolute() {
            return None;
        }
        let folder = self.folder.as_ref()?;
        std::fs::read(folder.join(name)).ok()
    }

    fn exists(&self, name: &str) -> bool {
        if let Some(p) = &self.package
            && p.file(name).is_some()
        {
            return true;
        }
        self.folder
            .as_ref()
            .is_some_and(|f| !name.contains("..") && f.join(name).is_file())
    }

    /// Every diagnostic: reader, checker, images, includes, and notes when
    /// `notes_for` names the book a notes file belongs to.
    pub(crate) fn check(&self, notes_for: Option<&Book>) -> Vec<Diagnostic> {
        let mut all = self.diagnostics.clone();
        all.extend(kifu_book::check(&self.book));
        all.extend(kifu_book::check_images(&self.book, &mut |n| self.exists(n)));
        let expanded = kifu_book::include::expand(&self.book, &mut |url| {
            self.load(url)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
        });
        all.extend(expanded.diagnostics);
        if let Some(book) = notes_for {
            all.extend(kifu_book::notes::attach(&self.book, book).diagnostics);
        }
        all.sort_by_key(|d| d.span.start);
        all
    }

    /// Counts and renders `diagnostics` into an outcome.
    pub(crate) fn outcome(&self, diagnostics: &[Diagnostic], args: &DiagnosticArgs) -> Outcome {
        let mut outcome = Outcome {
            stats: Stats {
                files: 1,
                bytes: self.text.len(),
                ..Stats::default()
            },
            ..Outcome::default()
        };
        outcome.stats.count_reported(diagnostics, args);
        crate::report::render_advised(
            &self.name,
            &self.text,
            encoding_rs::UTF_8,
            diagnostics,
            &[],
            args,
            &mut outcome.stderr,
        );
        outcome
    }

    /// A package holding `text` as the book and the local images it uses
    /// (those at hand; the missing ones are reported by `check`).
    fn package_with(&self, text: Vec<u8>, book: &Book, book_name: &str) -> Package {
        if let Some(p) = &self.package {
            let mut p = p.clone();
            p.book = text;
            return p;
        }
        let mut package = Package::new(book_name, text);
        for (_, name, _) in kifu_book::images(book) {
            if package.files.iter().any(|(n, _)| *n == name) {
                continue;
            }
            if let Some(bytes) = self.load(&name) {
                package.files.push((name, bytes));
            }
        }
        package
    }

    /// The book's name inside a package made from a `.gobook` file.
    fn book_file_name(&self, path: &Path) -> String {
        match &self.package {
            Some(p) => p.book_name.clone(),
            None => path
                .file_stem()
                .and_then(|s| s.to_str())
                .filter(|s| *s != "-")
                .map_or_else(|| "book.gobook".to_owned(), |s| format!("{s}.gobook")),
        }
    }
}

/// Converts a book to `to` (gobook or gobk); `None` for the formats a book
/// cannot be written in yet.
pub(crate) fn convert(
    input: &Input,
    book: &BookInput,
    path: &Path,
    to: Format,
    normalize: bool,
) -> Result<Vec<u8>, String> {
    let text = || -> Vec<u8> {
        if normalize {
            kifu_book::normalize(&book.book).into_bytes()
        } else {
            // Lossless: the book's own bytes (the reader keeps everything).
            book.text.clone()
        }
    };
    match to {
        Format::Gobook => Ok(text()),
        Format::Gobk => {
            if book.package.is_some() && !normalize {
                return Ok(input.bytes.clone());
            }
            let package = book.package_with(text(), &book.book, &book.book_file_name(path));
            package.to_bytes().map_err(|e| e.to_string())
        }
        Format::Json => Ok(kifu_book::json::to_string(&book.book).into_bytes()),
        Format::Sgf => Ok(kifu_book::export::to_sgf(&book.book).into_bytes()),
        Format::Xml => Err(format!(
            "{}: converting a Go book to {} is not supported yet",
            input.name,
            format!("{to:?}").to_ascii_lowercase()
        )),
    }
}

/// The sample of a book, as a `.gobook` or a `.gobk` holding the images the
/// sample uses.
pub(crate) fn sample(book: &BookInput, path: &Path, to: Format) -> Result<Vec<u8>, String> {
    let sample = kifu_book::sample::extract(&book.book);
    let text = sample.to_string().into_bytes();
    match to {
        Format::Gobk => {
            let mut package = Package::new(&book.book_file_name(path), text);
            for (_, name, _) in kifu_book::images(&sample) {
                if let Some(bytes) = book.load(&name)
                    && !package.files.iter().any(|(n, _)| *n == name)
                {
                    package.files.push((name, bytes));
                }
            }
            package.to_bytes().map_err(|e| e.to_string())
        }
        _ => Ok(text),
    }
}

/// One line (or JSON object) describing a book.
pub(crate) fn info(book: &BookInput, json: bool) -> String {
    use kifu_book::model::{DiagramKind, ElementKind, revision};
    let b = &book.book;
    let head = b.elements().iter().find(|e| e.kind() == ElementKind::Book);
    let field = |name: &str| head.and_then(|h| h.text_in(name, "en")).unwrap_or("");
    let count =
        |f: &dyn Fn(ElementKind) -> bool| b.elements().iter().filter(|e| f(e.kind())).count();
    let chapters = count(&|k| k == ElementKind::Chapter);
    let diagrams = count(&|k| matches!(k, ElementKind::Diagram(_)));
    let problems = count(&|k| k == ElementKind::Diagram(DiagramKind::Prb));
    let paragraphs = count(&|k| matches!(k, ElementKind::Paragraph(_)));
    let mut languages: Vec<String> = b
        .elements()
        .iter()
        .flat_map(|e| e.languages().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    languages.sort();
    languages.dedup();
    let rev = match revision(b) {
        kifu_book::model::Revision::R2017 => "2017",
        kifu_book::model::Revision::R2026 => "2026",
    };
    let id = head.and_then(|h| h.id()).unwrap_or("");
    if json {
        let value = serde_json::json!({
            "file": book.name,
            "kind": "book",
            "id": id,
            "title": field("title"),
            "author": field("author"),
            "notes": head.and_then(|h| h.flag("notes")).unwrap_or(false),
            "revision": rev,
            "elements": b.elements().len(),
            "chapters": chapters,
            "diagrams": diagrams,
            "problems": problems,
            "paragraphs": paragraphs,
            "languages": languages,
        });
        format!("{value}\n")
    } else {
        let mut line = format!("{}: book", book.name);
        if !id.is_empty() {
            let _ = write!(line, " #{id}");
        }
        if !field("title").is_empty() {
            let _ = write!(line, " \"{}\"", field("title"));
        }
        if !field("author").is_empty() {
            let _ = write!(line, " by {}", field("author"));
        }
        let _ = write!(
            line,
            ", {chapters} chapters, {diagrams} diagrams ({problems} problems), {paragraphs} paragraphs"
        );
        if !languages.is_empty() {
            let _ = write!(line, ", languages {}", languages.join(" "));
        }
        let _ = writeln!(line, ", format {rev}");
        line
    }
}

//! Go books on the command line: `.gobook` text and `.gobk` packages for
//! `check`, `convert`, `info` and `sample`.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;

use kifu_book::Book;
use kifu_book::files::{FileError, check_name, image_type};
use kifu_book::package::{Package, PackageReader, entry_key};
use kifu_diag::{Diagnostic, Parsed};

use crate::args::DiagnosticArgs;
use crate::formats::Format;
use crate::input::{self, Input};
use crate::outcome::{Outcome, Stats};
use kifu_lsp::BookFolder;

/// A book as read from a `.gobook` file or a `.gobk` package.
pub(crate) struct BookInput {
    /// The name to show in diagnostics (`x.gobk(book.gobook)` for a package).
    pub(crate) name: String,
    /// The book's text bytes.
    pub(crate) text: Vec<u8>,
    pub(crate) book: Book,
    /// The reader's diagnostics.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The package it came from, if any: its entries are read only when
    /// asked for.
    pub(crate) package: Option<PackageReader>,
    /// The canonical folder of a `.gobook` file, for the images and
    /// includes beside it. A package has none: it holds its files.
    folder: Option<BookFolder>,
    /// What the book itself is (its canonical path, or its entry in the
    /// package), so that it cannot include itself.
    key: Option<String>,
    /// The names of the files asked for so far (found or not), for
    /// `kifu serve` to watch.
    asked: Mutex<Vec<String>>,
}

/// Reads a book from `input` (read from `path`, as `format`: a package
/// when that is `.gobk` or the bytes are one, else the book's text). A
/// package's book is the only entry read.
pub(crate) fn read(input: &Input, path: &Path, format: Format) -> Result<BookInput, String> {
    let is_package = format == Format::Gobk || Format::Gobk.sniffs(&input.bytes);
    let (name, text, package, folder, key) = if is_package {
        let package =
            PackageReader::new(&input.bytes).map_err(|e| format!("{}: {e}", input.name))?;
        let name = format!("{}({})", input.name, package.book_name());
        let text = package
            .read_book()
            .map_err(|e| format!("{}: {e}", input.name))?;
        let key = entry_key(package.book_name());
        (name, text, Some(package), None, Some(key))
    } else {
        let (folder, key) = if input::is_stdio(path) {
            (None, None)
        } else {
            let folder = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            let key = std::fs::canonicalize(path)
                .ok()
                .map(|p| p.to_string_lossy().into_owned());
            (BookFolder::new(folder), key)
        };
        (input.name.clone(), input.bytes.clone(), None, folder, key)
    };
    let parsed = kifu_book::read(&text);
    Ok(BookInput {
        name,
        text,
        book: parsed.value,
        diagnostics: parsed.diagnostics,
        package,
        folder,
        key,
        asked: Mutex::default(),
    })
}

impl BookInput {
    /// The identity and bytes of a file the book names (an image, an
    /// include): from the package if the book is in one, else from the
    /// book's folder. `limit`: read no more than that many bytes.
    fn open(&self, name: &str, limit: Option<u64>) -> Result<(String, Vec<u8>), FileError> {
        check_name(name).map_err(|e| FileError::Refused(e.to_string()))?;
        self.asked
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(name.to_owned());
        if let Some(p) = &self.package {
            return p.open_named(name, limit);
        }
        let folder = self.folder.as_ref().ok_or(FileError::NotFound)?;
        folder
            .read(name, limit)
            .map(|(path, bytes)| (path.to_string_lossy().into_owned(), bytes))
    }

    /// The names of the files in the book's folder asked for so far
    /// (images, includes; found or not): none for a package, which holds
    /// its files.
    pub(crate) fn files_asked(&self) -> Vec<String> {
        if self.folder.is_none() {
            return Vec::new();
        }
        let mut names = self.asked.lock().unwrap_or_else(|e| e.into_inner()).clone();
        names.sort();
        names.dedup();
        names
    }

    /// The bytes of an image the book names, if it is at hand and is an
    /// image by its content (`check` says why one is not).
    pub(crate) fn load_image(&self, name: &str) -> Option<Vec<u8>> {
        self.open(name, None)
            .ok()
            .map(|(_, bytes)| bytes)
            .filter(|bytes| image_type(bytes).is_some())
    }

    /// What the files the book names are: missing, refused or no images,
    /// and the problems of its includes; with the expanded book.
    pub(crate) fn file_diagnostics(&self) -> (Parsed<Book>, Vec<Diagnostic>) {
        kifu_book::include::check_files(&self.book, self.key.as_deref(), &mut |name, limit| {
            self.open(name, limit)
        })
    }

    /// Every diagnostic: reader, checker, images, includes, and notes when
    /// `notes_for` names the book a notes file belongs to.
    pub(crate) fn check(&self, notes_for: Option<&Book>) -> Vec<Diagnostic> {
        let mut all = self.diagnostics.clone();
        let checked = kifu_book::include::check_with_files(
            &self.book,
            self.key.as_deref(),
            &mut |name, limit| self.open(name, limit),
        );
        all.extend(checked.diagnostics);
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
    fn package_with(&self, text: Vec<u8>, book: &Book, book_name: &str) -> Result<Package, String> {
        if let Some(p) = &self.package {
            let mut p = p.read_all().map_err(|e| format!("{}: {e}", self.name))?;
            p.book = text;
            return Ok(p);
        }
        let mut package = Package::new(book_name, text);
        for (_, name, _) in kifu_book::images(book) {
            if package.files.iter().any(|(n, _)| *n == name) {
                continue;
            }
            if let Some(bytes) = self.load_image(&name) {
                package.files.push((name, bytes));
            }
        }
        Ok(package)
    }

    /// The book's name inside a package made from a `.gobook` file.
    fn book_file_name(&self, path: &Path) -> String {
        match &self.package {
            Some(p) => p.book_name().to_owned(),
            None => path
                .file_stem()
                .and_then(|s| s.to_str())
                .filter(|s| *s != "-")
                .map_or_else(
                    || format!("book.{}", Format::Gobook.extension()),
                    |s| format!("{s}.{}", Format::Gobook.extension()),
                ),
        }
    }
}

/// Converts a book to `to`; an error for the formats a book is not written
/// in (those the table does not write from a book).
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
            let package = book.package_with(text(), &book.book, &book.book_file_name(path))?;
            package.to_bytes().map_err(|e| e.to_string())
        }
        Format::Json => Ok(kifu_book::json::to_string(&book.book).into_bytes()),
        Format::Sgf => Ok(kifu_book::export::to_sgf(&book.book).into_bytes()),
        Format::Xml
        | Format::Gib
        | Format::Ngf
        | Format::Ugf
        | Format::Svg
        | Format::Png
        | Format::Txt
        | Format::Html
        | Format::Epub
        | Format::Pdf
        | Format::Typ => Err(format!(
            "{}: converting a Go book to {} is not supported yet",
            input.name,
            to.name()
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
                if let Some(bytes) = book.load_image(&name)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{Kind, TABLE};

    #[test]
    fn books_are_written_in_the_formats_the_table_converts_them_to() {
        let input = Input {
            name: "<stdin>".to_owned(),
            bytes: b"::book(#b)\n\n\n\n::chapter(#c)\n\nText.\n".to_vec(),
        };
        let path = Path::new("-");
        let book = read(&input, path, Format::Gobook).unwrap();
        for spec in TABLE {
            for normalize in [false, true] {
                assert_eq!(
                    convert(&input, &book, path, spec.format, normalize).is_ok(),
                    spec.converted_to() && spec.format.written_from(Kind::Book),
                    "to {}",
                    spec.name
                );
            }
        }
    }
}

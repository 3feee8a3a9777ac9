//! What the server knows of one version of a document: the book as read,
//! its resolution (made on the first request that needs it), and the
//! findings of `kifu check` with the files the book names.

use std::cell::OnceCell;
use std::path::PathBuf;

use kifu_book::Book;
use kifu_book::files::FileError;
use kifu_book::resolve::Resolution;
use kifu_diag::Diagnostic;

use crate::folder::BookFolder;
use crate::store::{Document, DocumentStore};

/// One version of a document, read.
#[derive(Debug)]
pub(crate) struct Analysis {
    pub(crate) version: i32,
    pub(crate) book: Book,
    /// What the reader found.
    pub(crate) reader: Vec<Diagnostic>,
    resolution: OnceCell<Resolution>,
}

impl Analysis {
    pub(crate) fn new(document: &Document) -> Analysis {
        let parsed = kifu_book::read(document.text().as_bytes());
        Analysis {
            version: document.version(),
            book: parsed.value,
            reader: parsed.diagnostics,
            resolution: OnceCell::new(),
        }
    }

    /// Every Go data element and diagram, resolved (as `kifu diagrams`
    /// and `kifu render --diagram` resolve the book, without includes).
    pub(crate) fn resolution(&self) -> &Resolution {
        self.resolution
            .get_or_init(|| kifu_book::resolve::resolve(&self.book))
    }

    /// The element whose text holds byte `offset` (or ends right at it).
    pub(crate) fn element_at(&self, offset: usize) -> Option<usize> {
        let offset = offset as u32;
        let elements = self.book.elements();
        let after = elements.partition_point(|e| e.span().start <= offset);
        let i = after.checked_sub(1)?;
        (elements[i].span().end >= offset).then_some(i)
    }
}

/// The folder of a document's book and its key (its canonical path), as
/// `kifu check` takes them for a file.
pub(crate) fn book_place(document: &Document) -> (Option<BookFolder>, Option<String>) {
    let Some(path) = document.path() else {
        return (None, None);
    };
    let folder = path.parent().and_then(BookFolder::new);
    (folder, Some(path.to_string_lossy().into_owned()))
}

/// Reads a file the book names, as `kifu check` does, but from the
/// editor's unsaved text when the file is open there.
pub(crate) fn open_named(
    folder: Option<&BookFolder>,
    store: &DocumentStore,
    name: &str,
    limit: Option<u64>,
    read: &mut Vec<PathBuf>,
) -> Result<(String, Vec<u8>), FileError> {
    let folder = folder.ok_or(FileError::NotFound)?;
    let path = folder.resolve(name)?;
    read.push(path.clone());
    if let Some((_, open)) = store.by_path(&path) {
        let mut bytes = open.text().as_bytes().to_vec();
        if let Some(limit) = limit {
            bytes.truncate(limit as usize);
        }
        return Ok((path.to_string_lossy().into_owned(), bytes));
    }
    folder
        .read(name, limit)
        .map(|(path, bytes)| (path.to_string_lossy().into_owned(), bytes))
}

/// Everything `kifu check` reports on the document at `uri` (reader,
/// checker, images, includes; a notes file's `loc`s against its book, as
/// `--book` does), in its order; and the files it read.
pub(crate) fn findings(
    uri: &lsp_types::Url,
    document: &Document,
    analysis: &Analysis,
    store: &DocumentStore,
) -> (Vec<Diagnostic>, Vec<PathBuf>) {
    let mut read = Vec::new();
    let checked = match crate::package::Entry::of(uri) {
        Some(entry) => {
            let (found, package) = entry.findings(&analysis.book);
            read.push(package);
            found
        }
        None => {
            let (folder, key) = book_place(document);
            kifu_book::include::check_with_files(
                &analysis.book,
                key.as_deref(),
                &mut |name, limit| open_named(folder.as_ref(), store, name, limit, &mut read),
            )
            .diagnostics
        }
    };
    let mut all = analysis.reader.clone();
    all.extend(checked);
    if let Some((found, book)) = crate::notes::findings(document, &analysis.book, store) {
        all.extend(found);
        read.push(book);
    }
    all.sort_by_key(|d| d.span.start);
    (all, read)
}

//! A notes file (`::book notes=1`) checked against its book, as
//! `kifu check --book BOOK NOTES` does on the command line.
//!
//! The command line is told which book; the server finds it as the spec
//! says notes name their book, by the `book` element's ID: among the
//! `.gobook` and `.gobk` files in the notes file's folder (those open in
//! the editor with their unsaved text), the first by name that is no notes
//! file and has the notes' book ID. When none has it and the folder holds
//! exactly one book, that one is taken (and `book/notes-for-other-book`
//! says the IDs differ). A book sample and its full book share their ID:
//! the first by name is taken, so keep one of them beside the notes.

use std::path::{Path, PathBuf};

use kifu_book::Book;
use kifu_book::model::ElementKind;
use kifu_book::package::PackageReader;

use crate::folder::BookFolder;
use crate::store::{Document, DocumentStore};

/// How much of a book is read to learn its ID and whether it is notes:
/// the `book` element comes first.
const HEAD: u64 = 64 << 10;

/// The `book` element of `book`.
pub(crate) fn head_element(book: &Book) -> Option<&kifu_book::Element> {
    book.elements()
        .iter()
        .find(|e| e.kind() == ElementKind::Book)
}

/// Whether `book` is a notes file.
pub(crate) fn is_notes(book: &Book) -> bool {
    head_element(book).and_then(|e| e.flag("notes")) == Some(true)
}

fn book_id(book: &Book) -> Option<&str> {
    head_element(book).and_then(|e| e.id())
}

/// What the notes file `notes` (open as `document`) reports against its
/// book, as `kifu check --book` reports it; and the book's path, a file
/// the check read. Nothing when it is no notes file or no book is found.
pub(crate) fn findings(
    document: &Document,
    notes: &Book,
    store: &DocumentStore,
) -> Option<(Vec<kifu_diag::Diagnostic>, PathBuf)> {
    if !is_notes(notes) {
        return None;
    }
    let (path, book) = book_of(document.path()?, notes, store)?;
    Some((kifu_book::notes::attach(notes, &book).diagnostics, path))
}

/// The book of the notes file at `notes_path` (see the module's doc).
fn book_of(notes_path: &Path, notes: &Book, store: &DocumentStore) -> Option<(PathBuf, Book)> {
    let folder_path = notes_path.parent()?;
    let folder = BookFolder::new(folder_path)?;
    let mut names: Vec<String> = std::fs::read_dir(folder_path)
        .ok()?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".gobook") || n.ends_with(".gobk"))
        .collect();
    names.sort();
    let wanted = book_id(notes);
    let mut books = Vec::new();
    for name in names {
        let Ok(path) = folder.resolve(&name) else {
            continue;
        };
        if path == notes_path {
            continue;
        }
        let Some(head) = read(&folder, &name, &path, store, Some(HEAD)) else {
            continue;
        };
        if is_notes(&head) {
            continue;
        }
        if wanted.is_some() && book_id(&head) == wanted {
            return Some((path.clone(), read(&folder, &name, &path, store, None)?));
        }
        books.push((name, path));
    }
    match books.as_slice() {
        [(name, path)] => Some((path.clone(), read(&folder, name, path, store, None)?)),
        _ => None,
    }
}

/// The book `name` of the folder (its first `limit` bytes, when given),
/// read as `kifu check` reads it: the editor's text when it is open, the
/// book inside when it is a package.
fn read(
    folder: &BookFolder,
    name: &str,
    path: &Path,
    store: &DocumentStore,
    limit: Option<u64>,
) -> Option<Book> {
    let mut text = match store.by_path(path) {
        Some((_, open)) => open.text().as_bytes().to_vec(),
        None if name.ends_with(".gobk") => {
            let (_, bytes) = folder.read(name, None).ok()?;
            PackageReader::new(&bytes).ok()?.read_book().ok()?
        }
        None => folder.read(name, limit).ok()?.1,
    };
    if let Some(limit) = limit {
        // Only the `book` element, which comes first, is wanted: a cut
        // further on does no harm.
        text.truncate(limit as usize);
    }
    Some(kifu_book::read(&text).value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_is_the_one_with_the_notes_id_else_the_only_one() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write("notes.gobook", "::book(#x) notes=1\n");
        write("a.gobook", "::book(#other)\n");
        write("b.gobook", "::book(#x)\n\n::chapter(#c)\n");
        write("other-notes.gobook", "::book(#x) notes=1\n");
        let notes_path = std::fs::canonicalize(dir.path().join("notes.gobook")).unwrap();
        let notes = kifu_book::read(b"::book(#x) notes=1\n").value;
        let store = DocumentStore::new();
        let found = |store: &DocumentStore| {
            book_of(&notes_path, &notes, store).map(|(p, _)| p.file_name().unwrap().to_owned())
        };
        assert_eq!(found(&store).unwrap(), "b.gobook");
        // Without it, the folder's only book; with two others, none.
        std::fs::remove_file(dir.path().join("b.gobook")).unwrap();
        assert_eq!(found(&store).unwrap(), "a.gobook");
        write("c.gobook", "::book(#c)\n");
        assert_eq!(found(&store), None);
        // A book open in the editor counts with its unsaved text.
        let c = std::fs::canonicalize(dir.path().join("c.gobook")).unwrap();
        let mut store = DocumentStore::new();
        store.open(
            lsp_types::Url::from_file_path(&c).unwrap(),
            "::book(#x)\n".into(),
            1,
        );
        assert_eq!(found(&store).unwrap(), "c.gobook");
    }
}

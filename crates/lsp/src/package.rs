//! The book inside a `.gobk` package, opened read-only.
//!
//! A package is a zip archive, which editors do not open as text. Vim's
//! and Neovim's zip plugin (`zip.vim`, shipped with both) does: it lists
//! the archive and opens an entry as a buffer named
//! `zipfile:///path/book.gobk::book.gobook`, whose file type comes from
//! the entry's extension, so the client sends the book's text under that
//! URI. The server works on that text (what the editor shows) and reads
//! the images and includes the book names from the package on disk, as
//! `kifu check book.gobk` does. Diagnostics, hovers, completion,
//! navigation and the outline work as for a `.gobook`; formatting and
//! renaming are refused and no quick fix is offered, because the server
//! never writes into a package (an edit there would be a new package,
//! which `kifu convert` makes).
//!
//! Editors without such a plugin (VS Code has no zip file system of its
//! own; its text-document content providers need an extension) never
//! send a package's book to a language server: `docs/editors.md` says so.

use std::path::{Path, PathBuf};

use kifu_book::Book;
use kifu_book::files::FileError;
use kifu_book::package::{MAX_PACKAGE_SIZE, PackageReader, entry_key};
use lsp_types::Url;
use lsp_types::request::{Formatting, PrepareRenameRequest, Rename, Request as _};

/// The URI scheme of `zip.vim`'s buffers.
const SCHEME: &str = "zipfile";

/// An entry of a package on disk, named by a document's URI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The package's path.
    package: PathBuf,
    /// The entry's path inside it.
    name: String,
}

impl Entry {
    /// The entry `uri` names (`zipfile:///path/x.gobk::book.gobook`; the
    /// path absolute, percent-escapes decoded).
    pub(crate) fn of(uri: &Url) -> Option<Entry> {
        if uri.scheme() != SCHEME {
            return None;
        }
        // The path as a file URL decodes it as file paths are decoded.
        let decoded = Url::parse(&format!("file://{}", uri.path()))
            .ok()?
            .to_file_path()
            .ok()?;
        let decoded = decoded.to_str()?;
        let (package, name) = decoded.split_once("::")?;
        (!name.is_empty() && Path::new(package).is_absolute()).then(|| Entry {
            package: PathBuf::from(package),
            name: name.to_owned(),
        })
    }

    /// The URI of entry `name` of the same package, if it holds one.
    pub(crate) fn sibling(&self, name: &str) -> Option<Url> {
        let reader = self.reader().ok()?;
        let found = reader.find(name)?;
        Url::parse(&format!("{SCHEME}://{}::{found}", self.package.display())).ok()
    }

    fn reader(&self) -> Result<PackageReader, FileError> {
        let refused = |why: String| FileError::Refused(format!("the package: {why}"));
        let size = std::fs::metadata(&self.package)
            .map_err(|e| refused(e.to_string()))?
            .len();
        if size > MAX_PACKAGE_SIZE {
            return Err(refused(format!(
                "it is larger than {} MiB",
                MAX_PACKAGE_SIZE >> 20
            )));
        }
        let bytes = std::fs::read(&self.package).map_err(|e| refused(e.to_string()))?;
        PackageReader::new(&bytes).map_err(|e| refused(e.to_string()))
    }

    /// Everything `kifu check` reports on the book, its files read from
    /// the package; and the package's path, as the file the check read.
    pub(crate) fn findings(&self, book: &Book) -> (Vec<kifu_diag::Diagnostic>, PathBuf) {
        let reader = self.reader();
        let key = entry_key(&self.name);
        let checked =
            kifu_book::include::check_with_files(
                book,
                Some(&key),
                &mut |name, limit| match &reader {
                    Ok(reader) => reader.open_named(name, limit),
                    Err(e) => Err(e.clone()),
                },
            );
        let path = std::fs::canonicalize(&self.package).unwrap_or_else(|_| self.package.clone());
        (checked.diagnostics, path)
    }
}

/// Whether `uri` names a book inside a package (read-only).
pub(crate) fn is_entry(uri: &Url) -> bool {
    Entry::of(uri).is_some()
}

/// Why a request that would edit the document at `uri` is refused: it is
/// a book inside a package.
pub(crate) fn refusal(uri: &Url, method: &str) -> Option<&'static str> {
    let edits = matches!(
        method,
        Formatting::METHOD | Rename::METHOD | PrepareRenameRequest::METHOD
    );
    (edits && is_entry(uri)).then_some(
        "the book inside a .gobk package is read-only: kifu does not edit packages \
         (`kifu convert BOOK.gobk -o BOOK.gobook` gives the book to edit)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zip_vim_names_are_entries_of_packages() {
        let uri = Url::parse("zipfile:///home/a%20b/book.gobk::sub/book.gobook").unwrap();
        let entry = Entry::of(&uri).unwrap();
        assert_eq!(entry.package, PathBuf::from("/home/a b/book.gobk"));
        assert_eq!(entry.name, "sub/book.gobook");
        for other in [
            "file:///home/book.gobook",
            "zipfile:///home/book.gobk",
            "zipfile:///home/book.gobk::",
        ] {
            assert_eq!(Entry::of(&Url::parse(other).unwrap()), None, "{other}");
        }
        assert!(refusal(&uri, "textDocument/formatting").is_some());
        assert!(refusal(&uri, "textDocument/hover").is_none());
    }
}

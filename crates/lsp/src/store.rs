//! The documents an editor has open, with their unsaved text.
//!
//! The server works on what the author sees, not on the file on disk: a
//! book's included files are read from here first when they are open.
//! [`DocumentStore`] is public so that other front ends (a preview that
//! jumps back to the source) can keep documents the same way and turn
//! kifu's byte offsets into editor positions with [`Document::position`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Url};

use crate::position::{Encoding, LineMap};

/// The most text a document may hold: what kifu reads of any file a book
/// names ([`kifu_book::files::MAX_FILE_SIZE`]).
pub const MAX_DOCUMENT_SIZE: usize = kifu_book::files::MAX_FILE_SIZE as usize;

/// One open document.
#[derive(Clone, Debug)]
pub struct Document {
    text: String,
    version: i32,
    lines: LineMap,
    /// The canonical path of a `file:` document that exists on disk.
    path: Option<PathBuf>,
}

impl Document {
    /// A document holding `text` at `version`, for `uri`.
    pub fn new(uri: &Url, text: String, version: i32) -> Document {
        let path = uri
            .to_file_path()
            .ok()
            .and_then(|p| std::fs::canonicalize(p).ok());
        Document {
            lines: LineMap::new(&text),
            text,
            version,
            path,
        }
    }

    /// The text as the editor has it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The editor's version of the text.
    pub fn version(&self) -> i32 {
        self.version
    }

    /// The canonical path of the file, when the document is one on disk.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The editor position of byte `offset` of the text.
    pub fn position(&self, offset: usize, encoding: Encoding) -> Position {
        self.lines.position(&self.text, offset, encoding)
    }

    /// The byte offset of an editor position.
    pub fn offset(&self, position: Position, encoding: Encoding) -> usize {
        self.lines.offset(&self.text, position, encoding)
    }

    /// The editor range of a kifu span.
    pub fn range(&self, span: kifu_diag::Span, encoding: Encoding) -> Range {
        self.lines.range(&self.text, span, encoding)
    }

    /// The byte range of an editor range.
    pub fn span(&self, range: Range, encoding: Encoding) -> std::ops::Range<usize> {
        self.lines.span(&self.text, range, encoding)
    }

    /// Applies the editor's changes (whole text, or ranges) in order.
    pub fn apply(&mut self, changes: Vec<TextDocumentContentChangeEvent>, encoding: Encoding) {
        for change in changes {
            match change.range {
                Some(range) => {
                    let span = self.span(range, encoding);
                    self.text.replace_range(span, &change.text);
                }
                None => self.text = change.text,
            }
            self.lines = LineMap::new(&self.text);
        }
    }
}

/// The open documents by URI.
#[derive(Clone, Debug, Default)]
pub struct DocumentStore {
    documents: HashMap<Url, Document>,
}

impl DocumentStore {
    /// No documents.
    pub fn new() -> DocumentStore {
        DocumentStore::default()
    }

    /// Opens (or reopens) `uri` with `text`.
    pub fn open(&mut self, uri: Url, text: String, version: i32) {
        let document = Document::new(&uri, text, version);
        self.documents.insert(uri, document);
    }

    /// Applies changes to an open document; `false` if it is not open.
    pub fn change(
        &mut self,
        uri: &Url,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) -> bool {
        match self.documents.get_mut(uri) {
            Some(document) => {
                document.apply(changes, encoding);
                document.version = version;
                true
            }
            None => false,
        }
    }

    /// Forgets a document.
    pub fn close(&mut self, uri: &Url) {
        self.documents.remove(uri);
    }

    /// An open document.
    pub fn get(&self, uri: &Url) -> Option<&Document> {
        self.documents.get(uri)
    }

    /// The open document of the file at canonical `path`.
    pub fn by_path(&self, path: &Path) -> Option<(&Url, &Document)> {
        self.documents
            .iter()
            .find(|(_, d)| d.path.as_deref() == Some(path))
    }

    /// Every open document.
    pub fn iter(&self) -> impl Iterator<Item = (&Url, &Document)> {
        self.documents.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_changes_apply_in_order_in_the_client_encoding() {
        let uri = Url::parse("untitled:book").unwrap();
        let mut store = DocumentStore::new();
        store.open(uri.clone(), "𠮷 ::dia\nb".to_owned(), 1);
        let change = |l1, c1, l2, c2, text: &str| TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l1, c1), Position::new(l2, c2))),
            range_length: None,
            text: text.to_owned(),
        };
        // UTF-16: the astral character is two units, so `::` starts at 3.
        let changes = vec![change(0, 5, 0, 8, "fig"), change(1, 0, 1, 1, "黒")];
        assert!(store.change(&uri, 2, changes, Encoding::Utf16));
        let d = store.get(&uri).unwrap();
        assert_eq!(d.text(), "𠮷 ::fig\n黒");
        assert_eq!(d.version(), 2);
        assert!(!store.change(
            &Url::parse("untitled:other").unwrap(),
            1,
            vec![],
            Encoding::Utf8
        ));
    }
}

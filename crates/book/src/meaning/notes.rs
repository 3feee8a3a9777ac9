//! Notes files: books with `notes=1` whose elements carry `loc` (`ch2+5`),
//! the place in the book they are attached to.
//!
//! An offset counts the elements after the chapter element, from 1, so
//! `ch2+1` is the first element of chapter `ch2`. Successive elements for
//! different languages count once (the spec: adding a language must not
//! move the offsets): an element tagged with languages is not counted when
//! the element before it has the same name, is tagged too, and the run of
//! such elements does not yet hold any of its languages.

use kifu_diag::{Diagnostic, Parsed, Severity};

use super::model::{self, ElementKind};
use crate::document::{Book, Element};

/// Diagnostic codes of notes.
pub mod codes {
    use kifu_diag::Code;

    /// A note whose `loc` names no element of the book.
    pub const UNRESOLVED_LOC: Code = Code::new("book/unresolved-loc");
    /// A note without `loc`.
    pub const NOTE_WITHOUT_LOC: Code = Code::new("book/note-without-loc");
    /// The notes file's book ID differs from the book's.
    pub const NOTES_FOR_OTHER_BOOK: Code = Code::new("book/notes-for-other-book");
}

/// A note attached to an element of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// The note's element index in the notes file.
    pub note: usize,
    /// The element index in the book.
    pub target: usize,
}

/// Whether element `e` is a language sibling of the run before it.
fn continues_language_run(run: &[&Element], e: &Element) -> bool {
    let Some(prev) = run.last() else {
        return false;
    };
    let mine: Vec<&str> = e.languages().collect();
    !mine.is_empty()
        && prev.name() == e.name()
        && prev.languages().next().is_some()
        && run
            .iter()
            .all(|r| r.languages().all(|l| !mine.contains(&l)))
}

/// The element at `loc` (`chapterID+offset`) in `book`.
///
/// ```
/// let book = kifu_book::parse("::chapter(#ch2)\n\nFirst.\n\n::en Second.\n\n::de Zweite.\n\nThird.").value;
/// assert_eq!(kifu_book::notes::locate(&book, "ch2+1"), Some(1));
/// assert_eq!(kifu_book::notes::locate(&book, "ch2+2"), Some(2));
/// assert_eq!(kifu_book::notes::locate(&book, "ch2+3"), Some(4));
/// assert_eq!(kifu_book::notes::locate(&book, "ch2+0"), Some(0));
/// assert_eq!(kifu_book::notes::locate(&book, "ch9+1"), None);
/// ```
pub fn locate(book: &Book, loc: &str) -> Option<usize> {
    let (chapter_id, offset) = loc.rsplit_once('+')?;
    let offset: usize = offset.parse().ok()?;
    let range = model::chapters(book)
        .into_iter()
        .find(|r| book.elements()[r.start].id() == Some(chapter_id))?;
    if offset == 0 {
        return Some(range.start);
    }
    let mut count = 0;
    let mut run: Vec<&Element> = Vec::new();
    for i in range.start + 1..range.end {
        let e = &book.elements()[i];
        if continues_language_run(&run, e) {
            run.push(e);
            continue;
        }
        run.clear();
        run.push(e);
        count += 1;
        if count == offset {
            return Some(i);
        }
    }
    None
}

/// The `loc` of element `index`: its chapter's ID and offset (the inverse
/// of [`locate`]); `None` outside a chapter with an ID.
///
/// ```
/// let book = kifu_book::parse("::chapter(#c)\n\nA\n\n::en B\n\n::de B\n\nC").value;
/// assert_eq!(kifu_book::notes::location_of(&book, 4).as_deref(), Some("c+3"));
/// assert_eq!(kifu_book::notes::location_of(&book, 3).as_deref(), Some("c+2"));
/// ```
pub fn location_of(book: &Book, index: usize) -> Option<String> {
    let range = model::chapters(book)
        .into_iter()
        .find(|r| r.contains(&index))?;
    let chapter_id = book.elements()[range.start].id()?;
    let mut count = 0;
    let mut run: Vec<&Element> = Vec::new();
    for i in range.start + 1..=index {
        let e = &book.elements()[i];
        if continues_language_run(&run, e) {
            run.push(e);
        } else {
            run.clear();
            run.push(e);
            count += 1;
        }
    }
    Some(format!("{chapter_id}+{count}"))
}

/// Attaches every note of a notes file to its element of `book`.
///
/// ```
/// let book = kifu_book::parse("::book(#b1)\n\n\n\n::chapter(#c)\n\nText.").value;
/// let notes = kifu_book::parse("::book(#b1) notes=1\n\n::p(#n1) loc=c+1 My note.\n\n::p(#n2) loc=x+1 Lost.").value;
/// let attached = kifu_book::notes::attach(&notes, &book);
/// assert_eq!(attached.value, [kifu_book::notes::Attachment { note: 1, target: 2 }]);
/// assert_eq!(attached.diagnostics[0].code.as_str(), "book/unresolved-loc");
/// ```
pub fn attach(notes: &Book, book: &Book) -> Parsed<Vec<Attachment>> {
    let mut diagnostics = Vec::new();
    let book_id = |b: &Book| {
        b.elements()
            .iter()
            .find(|e| e.kind() == ElementKind::Book)
            .and_then(|e| e.id().map(str::to_owned))
    };
    if let (Some(n), Some(b)) = (book_id(notes), book_id(book))
        && n != b
    {
        diagnostics.push(Diagnostic::new(
            codes::NOTES_FOR_OTHER_BOOK,
            Severity::Warning,
            notes.elements()[0].span(),
            format!("these notes are for book `{n}`, not `{b}`"),
        ));
    }
    let mut out = Vec::new();
    for (i, note) in notes.elements().iter().enumerate() {
        if matches!(note.kind(), ElementKind::Book | ElementKind::Comment) {
            continue;
        }
        let Some(loc) = note.attribute("loc") else {
            diagnostics.push(Diagnostic::new(
                codes::NOTE_WITHOUT_LOC,
                Severity::Warning,
                note.span(),
                "a note without `loc` is attached to nothing",
            ));
            continue;
        };
        match locate(book, loc.value()) {
            Some(target) => out.push(Attachment { note: i, target }),
            None => diagnostics.push(Diagnostic::new(
                codes::UNRESOLVED_LOC,
                Severity::Warning,
                loc.span(),
                format!("`loc={}` names no element of the book", loc.value()),
            )),
        }
    }
    Parsed {
        value: out,
        diagnostics,
    }
}

/// The book with its notes shown: each note of `notes` that is a paragraph
/// or an image is inserted after the element its `loc` names (after that
/// element's language siblings), drawn in a box (`box=1`) and without its
/// `loc` and ID. Notes that hold Go data are left out: inserted, they
/// would change what the book's paragraphs and bases refer to. The
/// diagnostics are [`attach`]'s.
///
/// ```
/// let book = kifu_book::parse("::book(#b1)\n\n::chapter(#c)\n\nText.\n\nMore.").value;
/// let notes = kifu_book::parse("::book(#b1) notes=1\n\n::p(#n1) loc=c+1 My note.").value;
/// let shown = kifu_book::notes::insert(&notes, &book);
/// let values: Vec<_> = shown.value.elements().iter().map(|e| e.value()).collect();
/// assert_eq!(values, ["", "", "Text.", "My note.", "More."]);
/// assert_eq!(shown.value.elements()[3].get("box"), Some("1"));
/// ```
pub fn insert(notes: &Book, book: &Book) -> Parsed<Book> {
    let attached = attach(notes, book);
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); book.elements().len()];
    for a in &attached.value {
        let note = &notes.elements()[a.note];
        if !matches!(note.kind(), ElementKind::Paragraph(_) | ElementKind::Image) {
            continue;
        }
        // After the target's language siblings.
        let elements = book.elements();
        let mut end = a.target;
        let mut run = vec![&elements[a.target]];
        while end + 1 < elements.len() && continues_language_run(&run, &elements[end + 1]) {
            end += 1;
            run.push(&elements[end]);
        }
        after[end].push(a.note);
    }
    let mut out = book.clone();
    let elements = out.elements_mut();
    let original = std::mem::take(elements);
    for (i, e) in original.into_iter().enumerate() {
        elements.push(e);
        for &n in &after[i] {
            let mut note = notes.elements()[n].clone();
            note.remove_attribute("loc");
            note.set_id(None);
            if note.kind() != ElementKind::Image {
                note.set_attribute("box", "1");
            }
            note.span = kifu_diag::Span::default();
            elements.push(note);
        }
    }
    Parsed {
        value: out,
        diagnostics: attached.diagnostics,
    }
}

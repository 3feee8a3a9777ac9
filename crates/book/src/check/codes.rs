//! Diagnostic codes of the checker.

use kifu_diag::Code;

/// An element name the format does not define; kept as it is.
pub const UNKNOWN_ELEMENT: Code = Code::new("book/unknown-element");
/// An attribute the element does not take; kept as it is.
pub const UNKNOWN_ATTRIBUTE: Code = Code::new("book/unknown-attribute");
/// A language tag that is not one of the format's language codes.
pub const UNKNOWN_LANGUAGE: Code = Code::new("book/unknown-language");
/// A language suffix on an attribute that is not language-specific.
pub const LANGUAGE_SUFFIX: Code = Code::new("book/language-suffix");
/// A value that does not fit the attribute's type: an error for Go data
/// (stones, moves, numbers), a warning elsewhere.
pub const INVALID_VALUE: Code = Code::new("book/invalid-value");
/// The `book` element is not the first element (comments aside).
pub const BOOK_NOT_FIRST: Code = Code::new("book/book-not-first");
/// More than one `book` element.
pub const DUPLICATE_BOOK: Code = Code::new("book/duplicate-book");
/// A chapter without an ID, which nothing can link to.
pub const CHAPTER_WITHOUT_ID: Code = Code::new("book/chapter-without-id");
/// Two chapters with the same ID.
pub const DUPLICATE_CHAPTER_ID: Code = Code::new("book/duplicate-chapter-id");
/// Two elements of one chapter with the same ID.
pub const DUPLICATE_ID: Code = Code::new("book/duplicate-id");
/// An ID with characters other than letters, digits, `_ - .`, or made
/// only of language tags.
pub const INVALID_ID: Code = Code::new("book/invalid-id");
/// A link (`href`, `<a href>`) to an ID that no element has. Book
/// samples link to chapters they leave out on purpose, so a warning.
pub const UNKNOWN_LINK: Code = Code::new("book/unknown-link");
/// A link (`href`, `<a href>`, `<img href>`) with a scheme other than
/// `http:`, `https:` and `mailto:` (`javascript:`, `data:`, `file:`...):
/// pages show it as text, never as a link.
pub const DISALLOWED_LINK: Code = Code::new("book/disallowed-link");
/// A paragraph's `ref` names no element.
pub const UNKNOWN_REF: Code = Code::new("book/unknown-ref");
/// A `base` that names no element.
pub const UNKNOWN_BASE: Code = Code::new("book/unknown-base");
/// A `base` that names an element further on: no forward references.
pub const FORWARD_BASE: Code = Code::new("book/forward-base");
/// A `base` that names an element without Go data (a paragraph...).
pub const BASE_NOT_GO_DATA: Code = Code::new("book/base-not-go-data");
/// `mv` and `to` together: the two ways of giving a sequence exclude
/// each other.
pub const MOVES_AND_RANGE: Code = Code::new("book/mv-and-to");
/// `ab` and `aw` on one point, or `ae` on a point they add.
pub const OVERLAPPING_STONES: Code = Code::new("book/overlapping-stones");
/// An `include` with an ID (2026 revision) or without `url`.
pub const INCLUDE_ATTRIBUTES: Code = Code::new("book/include-attributes");
/// Inline markup (`<dia>`, `<a>`, `<img>`) that does not parse; kept as
/// text.
pub const INLINE_MARKUP: Code = Code::new("book/inline-markup");
/// A construct of the 2026 revision of the format (said once per
/// construct), for books meant for older readers.
pub const REVISION_2026: Code = Code::new("book/revision-2026");
/// A `loc` attribute in a book that is not a notes file.
pub const LOC_OUTSIDE_NOTES: Code = Code::new("book/loc-outside-notes");
/// A coordinate in a paragraph (`F8`) with no letter, number or symbol
/// at that point of the paragraph's diagram, so it cannot be replaced.
pub const COORDINATE_WITHOUT_MARK: Code = Code::new("book/coordinate-without-mark");
/// A standard text (`#btk#`) that kifu knows only in English for the
/// paragraph's language (a note), an unknown `#code#` (a warning: the
/// reader sees it as written; said once, not once per language), or a
/// SmartGo resource string (`#123#`, gone in the 2026 revision; a note):
/// kept as written. Paragraphs, a problem's text, captions and the texts of
/// `correct` and `wrong` moves are checked.
pub const STANDARD_TEXT: Code = Code::new("book/standard-text");
/// A standard text with no value here: a book field the book lacks, or
/// game information the paragraph's Go data does not have.
pub const MISSING_STANDARD_TEXT: Code = Code::new("book/missing-standard-text");
/// An attribute written another way than the format's attribute list
/// writes it (`pw` for `wp`, as the standard text `#pw#` spells it): read
/// as the list's name, which `--normalize` writes.
pub const ATTRIBUTE_SPELLING: Code = Code::new("book/attribute-spelling");

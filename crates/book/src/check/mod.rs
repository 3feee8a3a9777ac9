//! The book checker: what the reader tolerated, and what the model and the
//! references say is wrong.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

use kifu_diag::{Diagnostic, Severity, Span};

use crate::document::inline::{self, Inline};
use crate::document::language;
use crate::document::spans::{header_span, value_span, value_start};
use crate::document::{Attribute, Book, Element};
use crate::meaning::coords;
use crate::meaning::model::{self, AttributeRole, ElementKind, ValueType};
use crate::meaning::refs::{Base, Index, Link};

/// Diagnostic codes of the checker.
pub mod codes {
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
    /// paragraph's language, an unknown `#code#`, or a SmartGo resource
    /// string (`#123#`, gone in the 2026 revision): kept as written.
    pub const STANDARD_TEXT: Code = Code::new("book/standard-text");
    /// A standard text with no value here: a book field the book lacks, or
    /// game information the paragraph's Go data does not have.
    pub const MISSING_STANDARD_TEXT: Code = Code::new("book/missing-standard-text");
}

/// Checks a book and returns what is wrong, in book order. The reader's own
/// diagnostics (from [`crate::parse`]) are not repeated.
///
/// ```
/// let book = kifu_book::parse("::chapter(#c)\n\n::fig base=nowhere frame=1\n\n::p href=c Back").value;
/// let codes: Vec<_> = kifu_book::check(&book).iter().map(|d| d.code.as_str()).collect();
/// assert_eq!(codes, ["book/unknown-base", "book/unknown-attribute"]);
/// ```
pub fn check(book: &Book) -> Vec<Diagnostic> {
    let resolution = crate::go::resolve::resolve(book);
    let index = Index::new(book);
    let game_info = game_info_through_bases(&index);
    let mut checker = Checker {
        book,
        book_fields: book_fields(book),
        languages: model::effective_languages(book),
        game_info,
        index,
        out: Vec::new(),
        said_2026: HashSet::new(),
        resolution: &resolution,
    };
    checker.run();
    let mut out = checker.out;
    out.extend(resolution.diagnostics.iter().cloned());
    // Book order; the sort is stable, so one place keeps the checks' order.
    out.sort_by_key(|d| d.span.start);
    out
}

struct Checker<'b> {
    resolution: &'b crate::go::resolve::Resolution,
    book: &'b Book,
    index: Index<'b>,
    /// The book's attributes as text fields, read once.
    book_fields: BTreeMap<String, String>,
    /// The languages of every element ([`model::effective_languages`]),
    /// computed once for the book rather than once per paragraph.
    languages: Vec<Vec<String>>,
    /// The game information of every element through its bases.
    game_info: Vec<Rc<BTreeMap<String, String>>>,
    out: Vec<Diagnostic>,
    said_2026: HashSet<String>,
}

fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && !id.split('_').all(language::is_language)
}

impl Checker<'_> {
    fn push(&mut self, code: kifu_diag::Code, severity: Severity, message: String, span: Span) {
        self.out
            .push(Diagnostic::new(code, severity, span, message));
    }

    fn note_2026(&mut self, what: &str, span: Span) {
        if self.said_2026.insert(what.to_owned()) {
            self.push(
                codes::REVISION_2026,
                Severity::Note,
                format!("{what} belongs to the 2026 revision of the format"),
                span,
            );
        }
    }

    fn run(&mut self) {
        let book = self.book;
        let is_notes = book
            .elements()
            .iter()
            .find(|e| e.kind() == ElementKind::Book)
            .is_some_and(|b| b.flag("notes") == Some(true));
        self.structure();
        for (i, e) in book.elements().iter().enumerate() {
            self.element(i, e, is_notes);
        }
        self.ids();
    }

    fn structure(&mut self) {
        let book = self.book;
        let mut seen_book: Option<Span> = None;
        let mut first_content = None;
        for (i, e) in book.elements().iter().enumerate() {
            let kind = e.kind();
            if kind == ElementKind::Book {
                if let Some(first) = seen_book {
                    self.out.push(
                        Diagnostic::new(
                            codes::DUPLICATE_BOOK,
                            Severity::Error,
                            header_span(e),
                            "a second `book` element: a file holds one book",
                        )
                        .with_label(first, "the first one"),
                    );
                    continue;
                }
                seen_book = Some(header_span(e));
                if let Some(first) = first_content {
                    let first: &Element = &book.elements()[first];
                    let span = header_span(first);
                    self.out.push(
                        Diagnostic::new(
                            codes::BOOK_NOT_FIRST,
                            Severity::Error,
                            header_span(e),
                            "the `book` element must come first (only comments may precede it)",
                        )
                        .with_label(span, "this comes before it"),
                    );
                }
            } else if kind != ElementKind::Comment && first_content.is_none() {
                first_content = Some(i);
            }
        }
    }

    fn element(&mut self, index: usize, e: &Element, is_notes: bool) {
        let kind = e.kind();
        let name = e.name();
        if kind == ElementKind::Unknown {
            self.push(
                codes::UNKNOWN_ELEMENT,
                Severity::Warning,
                format!("`::{name}` is not an element of the format; kept as it is"),
                header_span(e),
            );
        }
        for lang in e.languages() {
            self.language(lang, header_span(e));
        }
        if let Some(id) = e.id()
            && !is_valid_id(id)
        {
            self.push(
                codes::INVALID_ID,
                Severity::Warning,
                format!("ID `{id}` may only hold letters, digits, `_`, `-` and `.`, and not only language tags"),
                header_span(e),
            );
        }
        match kind {
            ElementKind::Chapter if e.id().is_none() => self.push(
                codes::CHAPTER_WITHOUT_ID,
                Severity::Note,
                "a chapter without an ID cannot be linked to or carry notes".into(),
                header_span(e),
            ),
            ElementKind::Include => {
                if e.id().is_some() {
                    self.push(
                        codes::INCLUDE_ATTRIBUTES,
                        Severity::Warning,
                        "an `include` must not carry an ID (2026 revision)".into(),
                        header_span(e),
                    );
                }
                if e.get("url").is_none() {
                    self.push(
                        codes::INCLUDE_ATTRIBUTES,
                        Severity::Error,
                        "an `include` without `url` includes nothing".into(),
                        header_span(e),
                    );
                }
            }
            _ => {}
        }
        if kind == ElementKind::Comment || kind == ElementKind::Unknown {
            return;
        }
        let size = if e.is_go_data() {
            self.index.board_size(index)
        } else {
            kifu_board::BoardSize::STANDARD
        };
        for a in e.attributes() {
            self.attribute(index, e, a, size, is_notes);
        }
        if e.is_go_data() {
            self.go_data(index, e, size);
        }
        if let ElementKind::Paragraph(_) = kind {
            self.paragraph(index, e);
        }
    }

    fn language(&mut self, lang: &str, span: Span) {
        if !language::is_language(lang) {
            let hint = if language::looks_like_language(lang) {
                ""
            } else {
                " (languages are two lowercase letters)"
            };
            self.push(
                codes::UNKNOWN_LANGUAGE,
                Severity::Warning,
                format!("`{lang}` is not a language code of the format{hint}"),
                span,
            );
        } else if language::LANGUAGES_2026.contains(&lang) {
            self.note_2026(&format!("language `{lang}`"), span);
        }
    }

    fn attribute(
        &mut self,
        index: usize,
        e: &Element,
        a: &Attribute,
        size: kifu_board::BoardSize,
        is_notes: bool,
    ) {
        let kind = e.kind();
        let role = model::attribute_role(kind, a.base_name());
        let has_languages = a.languages().next().is_some();
        let spec = match role {
            AttributeRole::Known(spec) => spec,
            AttributeRole::Letter(_) => {
                self.coordinates(a, ValueType::Points, size);
                return;
            }
            AttributeRole::PointText => {
                if let Err(err) = kifu_board::Point::from_standard(a.name(), size) {
                    let _ = err;
                    self.push(
                        codes::INVALID_VALUE,
                        Severity::Warning,
                        format!(
                            "point text attribute `{}` names a point off the {size} board",
                            a.name()
                        ),
                        a.span(),
                    );
                }
                return;
            }
            AttributeRole::Unknown => {
                // An attribute with a language suffix whose base is known.
                self.push(
                    codes::UNKNOWN_ATTRIBUTE,
                    Severity::Warning,
                    format!(
                        "`{}` is not an attribute of `::{}`; kept as it is",
                        a.name(),
                        e.name()
                    ),
                    a.span(),
                );
                return;
            }
        };
        if spec.since_2026 {
            self.note_2026(&format!("attribute `{}`", spec.name), a.span());
        }
        if has_languages {
            if spec.value == ValueType::LanguageText {
                for lang in a.languages() {
                    self.language(lang, a.span());
                }
            } else {
                self.push(
                    codes::LANGUAGE_SUFFIX,
                    Severity::Warning,
                    format!(
                        "`{}` is not language-specific: the suffix in `{}` is ignored",
                        spec.name,
                        a.name()
                    ),
                    a.span(),
                );
            }
        }
        if spec.name == "loc" && !is_notes {
            self.push(
                codes::LOC_OUTSIDE_NOTES,
                Severity::Note,
                "`loc` only means something in a notes file (`::book notes=1`)".into(),
                a.span(),
            );
        }
        self.value(index, a, spec.value, size, e.is_go_data());
    }

    fn invalid(
        &mut self,
        a: &Attribute,
        message: String,
        within: Option<std::ops::Range<usize>>,
        error: bool,
    ) {
        let severity = if error {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.push(
            codes::INVALID_VALUE,
            severity,
            message,
            value_span(a, within),
        );
    }

    fn value(
        &mut self,
        index: usize,
        a: &Attribute,
        ty: ValueType,
        size: kifu_board::BoardSize,
        go: bool,
    ) {
        let v = a.value();
        let name = a.name();
        match ty {
            ValueType::Integer => {
                let ok = v.parse::<i64>().is_ok()
                    && (name != "sz" || v.parse::<u32>().is_ok_and(|n| (2..=52).contains(&n)));
                if !ok {
                    let what = if name == "sz" {
                        "a board size from 2 to 52"
                    } else {
                        "a whole number"
                    };
                    self.invalid(a, format!("`{name}={v}`: expected {what}"), None, go);
                }
            }
            ValueType::Number => {
                if v.parse::<f64>().map_or(true, |x| !x.is_finite()) {
                    self.invalid(a, format!("`{name}={v}`: expected a number"), None, false);
                }
            }
            ValueType::Flag => {
                if v != "0" && v != "1" {
                    self.invalid(a, format!("`{name}={v}`: expected 0 or 1"), None, false);
                }
            }
            ValueType::Player => {
                if !matches!(v, "b" | "w" | "B" | "W") {
                    self.invalid(a, format!("`{name}={v}`: expected b or w"), None, go);
                }
            }
            ValueType::MoveNumber => {
                if v != "end" && v.parse::<u32>().is_err() {
                    self.invalid(
                        a,
                        format!("`{name}={v}`: expected a move number or `end`"),
                        None,
                        go,
                    );
                }
            }
            ValueType::Choice(options) => {
                if !options.contains(&v) {
                    self.invalid(
                        a,
                        format!("`{name}={v}`: expected one of {}", options.join(", ")),
                        None,
                        false,
                    );
                }
            }
            ValueType::Points
            | ValueType::Point
            | ValueType::Moves
            | ValueType::View
            | ValueType::Sequences => {
                self.coordinates(a, ty, size);
            }
            ValueType::Link => match self.index.link(v, index) {
                Link::Missing(id) => self.push(
                    codes::UNKNOWN_LINK,
                    Severity::Warning,
                    format!("`href={id}` links to an ID that no element has"),
                    value_span(a, None),
                ),
                Link::Disallowed(href) => self.disallowed_link(&href, value_span(a, None)),
                Link::Element(_) | Link::Language(_) | Link::Web(_) => {}
            },
            ValueType::IdOrNone => {
                if name == "ref" && v != "none" && self.index.lookup(v, index).is_none() {
                    self.push(
                        codes::UNKNOWN_REF,
                        Severity::Warning,
                        format!("`ref={v}` names no element"),
                        value_span(a, None),
                    );
                }
            }
            ValueType::Location => {
                let ok = v
                    .rsplit_once('+')
                    .is_some_and(|(chapter, n)| !chapter.is_empty() && n.parse::<u32>().is_ok());
                if !ok {
                    self.invalid(
                        a,
                        format!("`loc={v}`: expected a chapter ID, `+` and an offset"),
                        None,
                        false,
                    );
                }
            }
            ValueType::Text | ValueType::LanguageText | ValueType::Url | ValueType::Sgf => {}
        }
    }

    fn coordinates(&mut self, a: &Attribute, ty: ValueType, size: kifu_board::BoardSize) {
        let v = a.value();
        let result = match ty {
            ValueType::Point => coords::parse_point(v, size).map(drop),
            ValueType::Moves => coords::parse_moves(v, size).map(drop),
            ValueType::View => coords::parse_view(v, size).map(drop),
            ValueType::Sequences => coords::parse_sequences(v, size).map(drop),
            _ => coords::parse_points(v, size).map(drop),
        };
        if let Err(err) = result {
            let within = Some(err.range.clone());
            self.invalid(a, format!("`{}`: {}", a.name(), err.message), within, true);
        }
    }

    fn go_data(&mut self, index: usize, e: &Element, size: kifu_board::BoardSize) {
        match self.index.base_of(index) {
            Base::Missing(id) => self.base_problem(
                e,
                codes::UNKNOWN_BASE,
                format!("`base={id}` names no element"),
            ),
            Base::Forward(id, _) => self.base_problem(
                e,
                codes::FORWARD_BASE,
                format!("`base={id}` names an element further on: a base must come before"),
            ),
            Base::NotGoData(id, _) => self.base_problem(
                e,
                codes::BASE_NOT_GO_DATA,
                format!("`base={id}` names an element that holds no Go data"),
            ),
            Base::None | Base::Element(_) => {}
        }
        if let (Some(mv), Some(_)) = (e.attribute("mv"), e.get("to")) {
            self.push(
                codes::MOVES_AND_RANGE,
                Severity::Error,
                "`mv` and `to` exclude each other: give the moves or a range of the base's moves"
                    .into(),
                mv.span(),
            );
        }
        let points = |name: &str| {
            e.get(name)
                .and_then(|v| coords::parse_points(v, size).ok())
                .unwrap_or_default()
        };
        let black: HashSet<_> = points("ab").into_iter().collect();
        let white: HashSet<_> = points("aw").into_iter().collect();
        let empty: HashSet<_> = points("ae").into_iter().collect();
        let mut both: Vec<_> = black.intersection(&white).collect();
        both.sort_by_key(|p| (p.y, p.x));
        if let (Some(first), Some(aw)) = (both.first(), e.attribute("aw")) {
            self.push(
                codes::OVERLAPPING_STONES,
                Severity::Warning,
                format!(
                    "`ab` and `aw` both put a stone on {}",
                    first.to_standard(size)
                ),
                aw.span(),
            );
        }
        let mut cleared: Vec<_> = empty
            .iter()
            .filter(|p| black.contains(p) || white.contains(p))
            .collect();
        cleared.sort_by_key(|p| (p.y, p.x));
        if let (Some(first), Some(ae)) = (cleared.first(), e.attribute("ae")) {
            self.push(
                codes::OVERLAPPING_STONES,
                Severity::Warning,
                format!(
                    "`ae` removes the stone that `ab`/`aw` add on {}",
                    first.to_standard(size)
                ),
                ae.span(),
            );
        }
    }

    fn disallowed_link(&mut self, href: &str, span: Span) {
        self.push(
            codes::DISALLOWED_LINK,
            Severity::Warning,
            format!(
                "the link to `{href}` is shown as text: links go only to IDs, languages, \
                 http:, https: and mailto:"
            ),
            span,
        );
    }

    fn base_problem(&mut self, e: &Element, code: kifu_diag::Code, message: String) {
        let span = e
            .attribute("base")
            .map_or_else(|| header_span(e), |a| value_span(a, None));
        self.push(code, Severity::Error, message, span);
    }

    fn paragraph(&mut self, index: usize, e: &Element) {
        let (pieces, errors) = inline::split(e.value());
        let start = value_start(e);
        let at = |r: std::ops::Range<usize>| match start {
            Some(s) if e.value_repr.is_none() => Span::new(s + r.start as u32, s + r.end as u32),
            _ => header_span(e),
        };
        self.rich_text(index, e, &at);
        for err in errors {
            self.push(
                codes::INLINE_MARKUP,
                Severity::Warning,
                err.message,
                at(err.range),
            );
        }
        for piece in pieces {
            match piece {
                Inline::Link { href, range, .. } => match self.index.link(&href, index) {
                    Link::Missing(id) => self.push(
                        codes::UNKNOWN_LINK,
                        Severity::Warning,
                        format!("the link to `{id}` goes to an ID that no element has"),
                        at(range),
                    ),
                    Link::Disallowed(href) => self.disallowed_link(&href, at(range)),
                    Link::Element(_) | Link::Language(_) | Link::Web(_) => {}
                },
                Inline::Image { attributes, range } => {
                    if let Some(href) = attributes.iter().find(|a| a.name == "href")
                        && let Link::Disallowed(href) = self.index.link(&href.value, index)
                    {
                        self.disallowed_link(&href, at(range));
                    }
                }
                Inline::Diagram {
                    attributes, range, ..
                } => {
                    for a in attributes {
                        if matches!(
                            model::attribute_role(
                                ElementKind::Diagram(model::DiagramKind::Dia),
                                &a.name
                            ),
                            AttributeRole::Unknown
                        ) {
                            self.push(
                                codes::UNKNOWN_ATTRIBUTE,
                                Severity::Warning,
                                format!("`{}` is not an attribute of an inline `<dia>`", a.name),
                                at(a.range.clone()),
                            );
                        }
                        if a.name == "base"
                            && a.value != "none"
                            && self.index.lookup(&a.value, index).is_none()
                        {
                            self.push(
                                codes::UNKNOWN_BASE,
                                Severity::Error,
                                format!("`base={}` names no element", a.value),
                                at(range.clone()),
                            );
                        }
                    }
                }
                Inline::Text(_) | Inline::LineBreak(_) => {}
            }
        }
    }

    /// Coordinates without a mark, and standard texts.
    fn rich_text(
        &mut self,
        index: usize,
        e: &Element,
        at: &dyn Fn(std::ops::Range<usize>) -> Span,
    ) {
        if !e.value().contains('#') && !e.value().bytes().any(|b| b.is_ascii_digit()) {
            return;
        }
        let rich = crate::text::parse(e.value());
        // The diagram the paragraph describes (Go data shows nothing).
        let diagram = self
            .index
            .ref_of(index)
            .filter(|&r| self.book.elements()[r].is_diagram())
            .and_then(|r| self.resolution.of_element(r));
        if let Some(item) = diagram {
            let figure = crate::go::figure::Figure::of(item);
            // On a copy: substitution changes the texts, and the standard
            // text ranges below must stay those of the value.
            let unknown = rich.clone().substitute_coordinates(|c| {
                kifu_board::Point::from_standard(c, item.size)
                    .ok()
                    .and_then(|p| crate::go::figure::mark_at(item, &figure, p))
            });
            for r in unknown {
                let c = e.value().get(r.clone()).unwrap_or_default().to_owned();
                self.push(
                    codes::COORDINATE_WITHOUT_MARK,
                    Severity::Warning,
                    format!("{c} is named in the text, but the diagram has no letter, number or symbol there"),
                    at(r),
                );
            }
        }
        if !e.value().contains('#') {
            return;
        }
        let fields = self.text_fields(index);
        let ui = ["ui".to_owned()];
        let langs = if self.languages[index].is_empty() {
            &ui[..]
        } else {
            &self.languages[index][..]
        };
        let mut notes = Vec::new();
        for lang in langs {
            let mut copy = rich.clone();
            notes.extend(copy.expand_standard_texts(lang, &fields));
        }
        for note in notes {
            let code = &note.code;
            let (code_id, severity, message) = match &note.kind {
                crate::text::NoteKind::Fallback { requested } => (
                    codes::STANDARD_TEXT,
                    Severity::Note,
                    format!(
                        "kifu has no {} text for `#{code}#`; English is shown",
                        language::name(requested).unwrap_or(requested)
                    ),
                ),
                crate::text::NoteKind::Unknown => (
                    codes::STANDARD_TEXT,
                    Severity::Note,
                    format!("`#{code}#` is not a standard text; kept as written"),
                ),
                crate::text::NoteKind::ResourceString => (
                    codes::STANDARD_TEXT,
                    Severity::Note,
                    format!(
                        "`#{code}#` is a SmartGo resource string, gone in the 2026 revision; kept as written"
                    ),
                ),
                crate::text::NoteKind::Missing => (
                    codes::MISSING_STANDARD_TEXT,
                    Severity::Warning,
                    format!(
                        "`#{code}#` has no value here (the book or the paragraph's Go data lacks it)"
                    ),
                ),
            };
            self.push(code_id, severity, message, at(note.range));
        }
    }

    /// The book fields and the game information a paragraph's standard
    /// texts may name.
    fn text_fields(&self, index: usize) -> crate::text::Fields {
        crate::text::Fields {
            book: self.book_fields.clone(),
            game: self
                .index
                .ref_of(index)
                .map(|i| (*self.game_info[i]).clone())
                .unwrap_or_default(),
            player: None,
        }
    }

    fn ids(&mut self) {
        let book = self.book;
        let mut chapter_ids: HashMap<&str, Span> = HashMap::new();
        let mut chapter_scope: HashMap<&str, Span> = HashMap::new();
        for e in book.elements() {
            let Some(id) = e.id() else {
                if e.kind() == ElementKind::Chapter {
                    chapter_scope.clear();
                }
                continue;
            };
            if e.kind() == ElementKind::Chapter {
                chapter_scope.clear();
                if let Some(first) = chapter_ids.get(id) {
                    let first = *first;
                    self.out.push(
                        Diagnostic::new(
                            codes::DUPLICATE_CHAPTER_ID,
                            Severity::Error,
                            header_span(e),
                            format!("two chapters have the ID `{id}`; chapter IDs must be unique in the book"),
                        )
                        .with_label(first, "first used here"),
                    );
                } else {
                    chapter_ids.insert(id, header_span(e));
                }
                continue;
            }
            if let Some(first) = chapter_scope.get(id) {
                let first = *first;
                self.out.push(
                    Diagnostic::new(
                        codes::DUPLICATE_ID,
                        Severity::Warning,
                        header_span(e),
                        format!("two elements of this chapter have the ID `{id}`; links go to the first, `base` to the most recent"),
                    )
                    .with_label(first, "first used here"),
                );
            } else {
                chapter_scope.insert(id, header_span(e));
            }
        }
    }
}

/// The book element's attributes, by name.
fn book_fields(book: &Book) -> BTreeMap<String, String> {
    let mut fields = BTreeMap::new();
    if let Some(b) = book
        .elements()
        .iter()
        .find(|e| e.kind() == ElementKind::Book)
    {
        for a in b.attributes() {
            fields.insert(a.name().to_owned(), a.value().to_owned());
        }
    }
    fields
}

/// The game information of every element through its base chain, the
/// nearest element's value winning: one forward pass (bases come first),
/// an element without game information of its own sharing its base's.
/// Walking the chain from each paragraph was quadratic in a long chain of
/// based diagrams.
fn game_info_through_bases(index: &Index<'_>) -> Vec<Rc<BTreeMap<String, String>>> {
    let elements = index.book().elements();
    let empty = Rc::new(BTreeMap::new());
    let mut out: Vec<Rc<BTreeMap<String, String>>> = Vec::with_capacity(elements.len());
    for (i, e) in elements.iter().enumerate() {
        let base = match index.base_of(i) {
            Base::Element(b) if b < i => Some(&out[b]),
            _ => None,
        };
        let own = crate::meaning::go_data::game_info(e);
        let merged = match base {
            Some(b) if own.is_empty() => Rc::clone(b),
            _ if own.is_empty() => Rc::clone(&empty),
            _ => {
                let mut map = BTreeMap::new();
                for (k, v) in own {
                    map.entry(k).or_insert(v);
                }
                for (k, v) in base.map(|b| b.iter()).into_iter().flatten() {
                    map.entry(k.clone()).or_insert_with(|| v.clone());
                }
                Rc::new(map)
            }
        };
        out.push(merged);
    }
    out
}

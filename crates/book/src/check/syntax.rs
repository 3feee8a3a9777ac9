//! Syntax and attributes: the book's structure (one `book` element, first),
//! each element's header (a known name, language codes, a well-formed ID,
//! what `chapter` and `include` need), and each attribute: one the element
//! takes, a language suffix only where it means something, a value of the
//! attribute's type (numbers, flags, players, choices, coordinates).

use kifu_diag::{Diagnostic, Severity, Span};

use crate::document::language;
use crate::document::spans::{header_span, value_span, value_start};
use crate::document::{Attribute, Element};
use crate::meaning::coords;
use crate::meaning::model::{self, AttributeRole, ElementKind, ValueType};

use super::checker::Checker;
use super::codes;

fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && !id.split('_').all(language::is_language)
}

impl Checker<'_> {
    pub(super) fn structure(&mut self) {
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

    /// The element's header: its name, languages and ID, and what the
    /// chapter and include elements ask of theirs.
    pub(super) fn header(&mut self, e: &Element) {
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
    }

    /// An odd number of `"` in what follows the attributes on their line
    /// (read as the element's value), with an attribute the element takes
    /// after the first: `::dia ca_en=Dia. 1" mv=C3` loses `mv`.
    pub(super) fn quote_after_attributes(&mut self, e: &Element) {
        if e.attributes().is_empty() || e.value_lead.contains('\n') {
            return;
        }
        let line = e.value().split('\n').next().unwrap_or_default();
        let Some(quote) = line
            .find('"')
            .filter(|_| line.matches('"').count() % 2 == 1)
        else {
            return;
        };
        let after = &line[quote + 1..];
        let kind = e.kind();
        let lost = after
            .split(char::is_whitespace)
            .skip(1)
            .filter_map(|word| word.split_once('='))
            .find(|(name, value)| {
                !value.is_empty()
                    && matches!(
                        model::attribute_role(kind, name.split('_').next().unwrap_or(name)),
                        AttributeRole::Known(_)
                    )
            });
        if let Some((name, _)) = lost {
            let span = match value_start(e) {
                Some(s) if e.value_repr.is_none() => {
                    Span::new(s + quote as u32, s + line.len() as u32)
                }
                _ => header_span(e),
            };
            self.push(
                crate::document::syntax::codes::UNBALANCED_QUOTE,
                Severity::Error,
                format!(
                    "a `\"` that does not pair up: `{name}=` after it is read as text, not as an attribute"
                ),
                span,
            );
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

    pub(super) fn attribute(
        &mut self,
        index: usize,
        e: &Element,
        a: &Attribute,
        size: kifu_board::BoardSize,
        is_notes: bool,
    ) {
        let kind = e.kind();
        if a.has_newline_escape() {
            self.note_2026("`\\n` for a line break in a quoted value", a.span());
        }
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
        if a.base_name() != spec.name {
            self.push(
                codes::ATTRIBUTE_SPELLING,
                Severity::Note,
                format!(
                    "`{}` is read as `{}`, as the format's attribute list writes it (`--normalize` writes `{}`)",
                    a.base_name(),
                    spec.name,
                    spec.name
                ),
                a.span(),
            );
        }
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
            ValueType::Link => self.link(index, a),
            ValueType::IdOrNone => self.reference(index, a),
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
}

//! The book as written: elements, attributes and values, each with the
//! exact text it was read from, so that an unchanged book is written back
//! byte for byte and an edited one changes only what was edited.
//!
//! Every piece keeps its *decor* (the line breaks and blank lines before an
//! element, the whitespace before an attribute or the value) and, where the
//! written form differs from the meaning (quotes, escapes, CRLF), its
//! *repr*. The writer reuses a repr as long as it still means the current
//! value, the way `toml_edit` keeps formatting.

use std::fmt;

use kifu_diag::Span;

use super::language;

/// A Go book (or a notes file, or a file meant to be included) as read.
///
/// ```
/// let text = "::book(#b) title=\"T\"\n\n\n\n::chapter(#c1)\n\nSome text.\n";
/// let book = kifu_book::parse(text).value;
/// assert_eq!(book.elements().len(), 3);
/// assert_eq!(book.elements()[2].value(), "Some text.");
/// assert_eq!(book.to_string(), text);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    pub(crate) bom: bool,
    pub(crate) elements: Vec<Element>,
    /// Line breaks and blank lines after the last element.
    pub(crate) trailing: String,
}

impl Book {
    /// An empty book.
    pub fn new() -> Self {
        Self::default()
    }

    /// The elements in file order.
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// The elements, for editing.
    pub fn elements_mut(&mut self) -> &mut Vec<Element> {
        &mut self.elements
    }

    /// Whether the file started with a UTF-8 byte order mark.
    pub fn has_bom(&self) -> bool {
        self.bom
    }

    /// The text after the last element (usually a final line break).
    pub fn trailing(&self) -> &str {
        &self.trailing
    }

    /// Appends `element`, separated from the one before by the blank lines
    /// the writing conventions ask for.
    ///
    /// ```
    /// use kifu_book::{Book, Element};
    /// let mut book = Book::new();
    /// book.push(Element::new("chapter").with_id("c1"));
    /// book.push(Element::paragraph("Hello."));
    /// assert_eq!(book.to_string(), "::chapter(#c1)\n\nHello.\n");
    /// ```
    pub fn push(&mut self, mut element: Element) {
        if self.elements.is_empty() {
            element.lead.clear();
            if self.trailing.is_empty() {
                self.trailing.push('\n');
            }
        } else {
            element.lead = super::conventions::conventional_lead(element.name());
        }
        self.elements.push(element);
    }

    /// Writes the book: byte for byte what was read, except for edits.
    pub fn write_to(&self, out: &mut String) {
        if self.bom {
            out.push('\u{feff}');
        }
        for element in &self.elements {
            element.write_to(out);
        }
        out.push_str(&self.trailing);
    }
}

impl fmt::Display for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

/// One element: `::name_languages(#id) attributes value`, or a plain
/// paragraph (text without `::`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// Line breaks and blank lines between the previous element and this one.
    pub(crate) lead: String,
    /// `h2_de` for `::h2_de`; `None` for a plain paragraph.
    pub(crate) tag: Option<String>,
    pub(crate) id: Option<String>,
    pub(crate) attributes: Vec<Attribute>,
    /// Whitespace between the header (or the last attribute) and the value.
    pub(crate) value_lead: String,
    /// The value with LF line ends.
    pub(crate) value: String,
    /// The value as written, when it differs from `value` (CRLF).
    pub(crate) value_repr: Option<String>,
    pub(crate) span: Span,
}

impl Element {
    /// A new element `::tag` (`tag` may carry languages: `p_de`, `h2_ja`).
    ///
    /// ```
    /// use kifu_book::Element;
    /// let e = Element::new("h2_de").with_value("Inhalt");
    /// assert_eq!(e.name(), "h2");
    /// assert_eq!(e.languages().collect::<Vec<_>>(), ["de"]);
    /// assert_eq!(e.to_string(), "::h2_de Inhalt");
    /// ```
    pub fn new(tag: &str) -> Self {
        Element {
            lead: String::new(),
            tag: Some(tag.to_owned()),
            id: None,
            attributes: Vec::new(),
            value_lead: String::new(),
            value: String::new(),
            value_repr: None,
            span: Span::default(),
        }
    }

    /// A plain paragraph: text without `::`.
    ///
    /// ```
    /// let p = kifu_book::Element::paragraph("Black lives.");
    /// assert_eq!(p.name(), "p");
    /// assert_eq!(p.to_string(), "Black lives.");
    /// ```
    pub fn paragraph(text: &str) -> Self {
        Element {
            tag: None,
            value: text.to_owned(),
            ..Element::new("p")
        }
    }

    /// This element with ID `id`.
    #[must_use]
    pub fn with_id(mut self, id: &str) -> Self {
        self.id = Some(id.to_owned());
        self
    }

    /// This element with `name=value` appended.
    #[must_use]
    pub fn with_attribute(mut self, name: &str, value: &str) -> Self {
        self.set_attribute(name, value);
        self
    }

    /// This element with the value `text`.
    #[must_use]
    pub fn with_value(mut self, text: &str) -> Self {
        self.set_value(text);
        self
    }

    /// The tag as written (`h2_de`, `de`, `fig`), `None` for a plain paragraph.
    pub fn tag(&self) -> Option<&str> {
        self.tag.as_deref()
    }

    /// Whether the element was written without `::` (a plain paragraph).
    pub fn is_plain(&self) -> bool {
        self.tag.is_none()
    }

    /// The element's name without languages; a language tag on its own
    /// (`::de`) and a plain paragraph are `p`.
    ///
    /// ```
    /// let book = kifu_book::parse("::de Hallo\n\n::fig_en at=1\n\nText").value;
    /// let names: Vec<_> = book.elements().iter().map(|e| e.name()).collect();
    /// assert_eq!(names, ["p", "fig", "p"]);
    /// ```
    pub fn name(&self) -> &str {
        let Some(tag) = self.tag.as_deref() else {
            return "p";
        };
        let first = tag.split('_').next().unwrap_or(tag);
        if language::is_language(first) {
            "p"
        } else {
            first
        }
    }

    /// The languages the element is tagged with, as written.
    pub fn languages(&self) -> impl Iterator<Item = &str> + '_ {
        let tag = self.tag.as_deref().unwrap_or("");
        let mut parts = tag.split('_').filter(|p| !p.is_empty());
        let first = parts.next();
        let own = first.filter(|f| language::is_language(f));
        own.into_iter().chain(parts)
    }

    /// The element's ID, from `(#ID)`.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// Sets or removes the ID.
    pub fn set_id(&mut self, id: Option<&str>) {
        self.id = id.map(str::to_owned);
    }

    /// The attributes in the order read.
    pub fn attributes(&self) -> &[Attribute] {
        &self.attributes
    }

    /// The first attribute named exactly `name` (languages included:
    /// `ca_en`).
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The value of the first attribute named `name`.
    ///
    /// ```
    /// let book = kifu_book::parse("::dia at=2 ca=\"Dia. 1\"").value;
    /// let dia = &book.elements()[0];
    /// assert_eq!(dia.get("at"), Some("2"));
    /// assert_eq!(dia.get("ca"), Some("Dia. 1"));
    /// assert_eq!(dia.get("to"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.attribute(name).map(|a| a.value.as_str())
    }

    /// Sets attribute `name` to `value`: in place if present (keeping its
    /// position and the whitespace before it), else appended. Book and game
    /// information attributes start a new line, as the conventions ask.
    ///
    /// ```
    /// let mut book = kifu_book::parse("::fig at=1 to=3 A=D6\n").value;
    /// book.elements_mut()[0].set_attribute("to", "5");
    /// book.elements_mut()[0].set_attribute("ca", "Figure 1");
    /// assert_eq!(book.to_string(), "::fig at=1 to=5 A=D6 ca=\"Figure 1\"\n");
    /// ```
    pub fn set_attribute(&mut self, name: &str, value: &str) {
        if let Some(a) = self.attributes.iter_mut().find(|a| a.name == name) {
            if a.value != value {
                a.value = value.to_owned();
                a.repr = None;
            }
            return;
        }
        let lead = if super::conventions::starts_own_line(self.name(), name) && self.tag.is_some() {
            "\n"
        } else {
            " "
        };
        if self.tag.is_none() {
            // A plain paragraph cannot hold attributes: it becomes `::p`.
            self.tag = Some("p".to_owned());
            if self.value_lead.is_empty() && !self.value.is_empty() {
                self.value_lead = " ".to_owned();
            }
        }
        let attribute = Attribute {
            lead: lead.to_owned(),
            name: name.to_owned(),
            value: value.to_owned(),
            repr: None,
            span: Span::default(),
        };
        if self.is_value_glued() {
            // `a="x"value`: the value must stay glued to a quoted value, so
            // the new attribute goes before the last one.
            let at = self.attributes.len() - 1;
            self.attributes.insert(at, attribute);
            return;
        }
        self.attributes.push(attribute);
        if self.value_lead.is_empty() && !self.value.is_empty() {
            self.value_lead = " ".to_owned();
        }
    }

    /// Whether the value follows the last attribute's closing quote with no
    /// space (`a="x"text`): then it must stay so, or it would read as more
    /// attributes.
    pub(crate) fn is_value_glued(&self) -> bool {
        self.tag.is_some()
            && self.value_lead.is_empty()
            && !self.value.is_empty()
            && !self.attributes.is_empty()
    }

    /// Removes every attribute named `name`; returns whether there was one.
    pub fn remove_attribute(&mut self, name: &str) -> bool {
        let before = self.attributes.len();
        self.attributes.retain(|a| a.name != name);
        self.attributes.len() != before
    }

    /// The element's value: the paragraph text, a heading, a diagram's
    /// problem text, with LF line ends.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// Replaces the value.
    pub fn set_value(&mut self, text: &str) {
        if self.value != text {
            self.value = text.to_owned();
            self.value_repr = None;
            if self.value_lead.is_empty() && self.tag.is_some() && !text.is_empty() {
                self.value_lead = " ".to_owned();
            }
        }
    }

    /// Where the element was in the input (empty for a new element).
    pub fn span(&self) -> Span {
        self.span
    }

    /// The line breaks and blank lines written before the element.
    pub fn lead(&self) -> &str {
        &self.lead
    }

    /// Writes the element (without the line breaks before it).
    pub fn write_body(&self, out: &mut String) {
        if let Some(tag) = &self.tag {
            out.push_str("::");
            out.push_str(tag);
            if let Some(id) = &self.id {
                out.push_str("(#");
                out.push_str(id);
                out.push(')');
            }
        }
        let glued = self.is_value_glued();
        let last = self.attributes.len().wrapping_sub(1);
        for (i, a) in self.attributes.iter().enumerate() {
            out.push_str(&a.lead);
            if glued && i == last && a.repr.is_none() {
                out.push_str(&a.name);
                out.push('=');
                super::conventions::write_value(&a.value, true, out);
            } else {
                a.write_to(out);
            }
        }
        out.push_str(&self.value_lead);
        match &self.value_repr {
            Some(repr) => out.push_str(repr),
            None => out.push_str(&self.value),
        }
    }

    pub(crate) fn write_to(&self, out: &mut String) {
        out.push_str(&self.lead);
        self.write_body(out);
    }
}

impl fmt::Display for Element {
    /// The element as written, without the blank lines before it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_body(&mut out);
        f.write_str(&out)
    }
}

/// One `name=value` attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// Whitespace before the attribute: a space, or a line break.
    pub(crate) lead: String,
    pub(crate) name: String,
    /// The value, unquoted and unescaped.
    pub(crate) value: String,
    /// The value as written (with its quotes) while it is unchanged.
    pub(crate) repr: Option<String>,
    pub(crate) span: Span,
}

impl Attribute {
    /// Whether the value as written holds the escape `\n` (a line break
    /// in quotes, which only the 2026 revision allows).
    pub fn has_newline_escape(&self) -> bool {
        let Some(repr) = self.repr.as_deref().filter(|r| r.starts_with('"')) else {
            return false;
        };
        let mut chars = repr.chars();
        while let Some(c) = chars.next() {
            if c == '\\' && chars.next() == Some('n') {
                return true;
            }
        }
        false
    }

    /// The name as written, languages included (`ca_en`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name without languages (`ca` for `ca_en`).
    pub fn base_name(&self) -> &str {
        match self.name.split_once('_') {
            Some((base, _)) => base,
            None => &self.name,
        }
    }

    /// The languages appended to the name (`en` for `ca_en`).
    pub fn languages(&self) -> impl Iterator<Item = &str> + '_ {
        self.name.split('_').skip(1).filter(|p| !p.is_empty())
    }

    /// The value, unquoted and unescaped.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// Whether the attribute was written in quotes.
    pub fn is_quoted(&self) -> bool {
        self.repr.as_deref().is_some_and(|r| r.starts_with('"'))
    }

    /// Whether the attribute starts a line of its own.
    pub fn starts_line(&self) -> bool {
        self.lead.contains('\n')
    }

    /// Where the attribute was in the input (empty for a new one).
    pub fn span(&self) -> Span {
        self.span
    }

    fn write_to(&self, out: &mut String) {
        out.push_str(&self.name);
        out.push('=');
        match &self.repr {
            Some(repr) => out.push_str(repr),
            None => super::conventions::write_attribute_value(&self.name, &self.value, out),
        }
    }
}

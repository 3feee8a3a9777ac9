//! The `.gobook` reader: text in, [`Book`] out, nothing lost.
//!
//! Lines are grouped first: an element runs from its first line to the
//! line before the next empty line (one holding only spaces and tabs counts
//! as empty) or the next line that starts with `::`. Then each element's
//! header is read: `::name_languages(#ID)`, then attributes `name=value` or
//! `name="quoted \" \\ \t \n"`, which may continue on the following lines,
//! then the value. Grouping lines first keeps a broken header (an unclosed
//! quote) from swallowing the rest of the book.

use kifu_diag::{Diagnostic, Parsed, Severity, Span};

use super::{Attribute, Book, Element};

/// Diagnostic codes of the reader.
pub mod codes {
    use kifu_diag::Code;

    /// The input is not valid UTF-8; the bad bytes were replaced by U+FFFD.
    pub const INVALID_UTF8: Code = Code::new("book/invalid-utf8");
    /// A line starting with `::` that is not followed by an element name;
    /// it is read as a plain paragraph.
    pub const MALFORMED_ELEMENT: Code = Code::new("book/malformed-element");
    /// `(#` without the closing `)`: the ID is read up to the end of the line.
    pub const UNCLOSED_ID: Code = Code::new("book/unclosed-id");
    /// A quoted attribute value with no closing `"` before the element ends.
    pub const UNCLOSED_QUOTE: Code = Code::new("book/unclosed-quote");
    /// A quote that does not pair up in an attribute line: a quoted value
    /// that swallows the next `attr=` (its closing `"` is missing), text
    /// right after a closing quote, a `"` in an unquoted value, or an odd
    /// number of `"` after the attributes with an attribute of the element
    /// after them (the checker's finding). Read as written; almost always a
    /// typo that changes what the reader sees.
    pub const UNBALANCED_QUOTE: Code = Code::new("book/unbalanced-quote");
    /// A backslash in a quoted value before a character other than `"`,
    /// `\`, `t` or `n`; it is kept as written.
    pub const UNKNOWN_ESCAPE: Code = Code::new("book/unknown-escape");
    /// The same attribute twice in one element; the first one counts.
    pub const DUPLICATE_ATTRIBUTE: Code = Code::new("book/duplicate-attribute");
    /// A comment (`::c`) that seems to carry attributes: comments have none,
    /// so it is all the comment's text.
    pub const COMMENT_ATTRIBUTES: Code = Code::new("book/comment-attributes");
}

/// Reads a book from bytes: UTF-8, with or without a byte order mark.
/// Each byte that is not UTF-8 is read as `?` (and reported), so that
/// positions stay those of the file; this never fails.
///
/// ```
/// let parsed = kifu_book::read(b"\xEF\xBB\xBF::chapter(#c)\n\nText\n");
/// assert!(parsed.diagnostics.is_empty());
/// assert!(parsed.value.has_bom());
/// assert_eq!(parsed.value.to_string().as_bytes(), b"\xEF\xBB\xBF::chapter(#c)\n\nText\n");
/// ```
pub fn read(bytes: &[u8]) -> Parsed<Book> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let text = one_byte_replacement(bytes);
            let mut parsed = parse(&text);
            let at = e.valid_up_to() as u32;
            let len = e.error_len().unwrap_or(1) as u32;
            parsed.diagnostics.insert(
                0,
                Diagnostic::new(
                    codes::INVALID_UTF8,
                    Severity::Error,
                    Span::new(at, at + len),
                    format!(
                        "the file is not valid UTF-8 (byte 0x{:02X} at offset {at}); bad bytes were read as `?`",
                        bytes[at as usize]
                    ),
                ),
            );
            parsed
        }
    }
}

/// `bytes` as text, with `?` for each byte that is not part of valid UTF-8.
fn one_byte_replacement(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        out.extend(std::iter::repeat_n('?', chunk.invalid().len()));
    }
    out
}

/// Reads a book from text. Spans in diagnostics and elements are byte
/// offsets into `text` (a byte order mark included).
///
/// ```
/// let parsed = kifu_book::parse("::dia at=2 mv=F6H6 ca=\"Dia. 1\"\n");
/// let dia = &parsed.value.elements()[0];
/// assert_eq!(dia.name(), "dia");
/// assert_eq!(dia.get("mv"), Some("F6H6"));
/// assert!(dia.attribute("ca").unwrap().is_quoted());
/// ```
pub fn parse(text: &str) -> Parsed<Book> {
    let mut reader = Reader {
        text,
        diagnostics: Vec::new(),
    };
    let book = reader.book();
    Parsed {
        value: book,
        diagnostics: reader.diagnostics,
    }
}

struct Reader<'t> {
    text: &'t str,
    diagnostics: Vec<Diagnostic>,
}

/// The end of the line starting at `at`: the offset of its `\n` (or of the
/// carriage returns before it: `\r\n`, and any run of `\r` before `\n`,
/// ends a line), or the end of the text.
fn line_content_end(text: &str, at: usize) -> (usize, usize) {
    let bytes = text.as_bytes();
    match memchr_newline(&bytes[at..]) {
        Some(i) => {
            let nl = at + i;
            let crs = bytes[at..nl]
                .iter()
                .rev()
                .take_while(|&&b| b == b'\r')
                .count();
            let content_end = nl - crs;
            (content_end, nl + 1)
        }
        None => {
            // Carriage returns at the very end end the line too.
            let crs = bytes[at..]
                .iter()
                .rev()
                .take_while(|&&b| b == b'\r')
                .count();
            (bytes.len() - crs, bytes.len())
        }
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| b == b' ' || b == b'\t')
}

fn span(start: usize, end: usize) -> Span {
    Span::new(start as u32, end as u32)
}

impl Reader<'_> {
    fn book(&mut self) -> Book {
        let text = self.text;
        let mut book = Book::default();
        let mut pos = 0;
        if text.starts_with('\u{feff}') {
            book.bom = true;
            pos = '\u{feff}'.len_utf8();
        }
        let mut lead_start = pos;
        loop {
            // Skip empty lines: they belong to the next element's lead.
            while pos < text.len() {
                let (content_end, next) = line_content_end(text, pos);
                if !is_blank(&text[pos..content_end]) {
                    break;
                }
                if next == text.len() && content_end == text.len() {
                    pos = text.len();
                    break;
                }
                pos = next;
            }
            if pos >= text.len() {
                book.trailing = text[lead_start..].to_owned();
                break;
            }
            // The element's lines: until an empty line or a `::` line.
            let start = pos;
            let (mut end, mut next) = line_content_end(text, pos);
            while next < text.len() {
                let (content_end, after) = line_content_end(text, next);
                let line = &text[next..content_end];
                if is_blank(line) || line.starts_with("::") {
                    break;
                }
                end = content_end;
                next = after;
            }
            let mut element = self.element(start, end);
            element.lead = text[lead_start..start].to_owned();
            book.elements.push(element);
            lead_start = end;
            pos = end;
            // Step over the line break that ends the element.
            let (_, after) = line_content_end(text, pos);
            pos = after;
        }
        book
    }

    fn error(&mut self, code: kifu_diag::Code, severity: Severity, message: String, at: Span) {
        self.diagnostics
            .push(Diagnostic::new(code, severity, at, message));
    }

    /// Reads the element in `text[start..end]` (without its final line break).
    fn element(&mut self, start: usize, end: usize) -> Element {
        let text = self.text;
        let body = &text[start..end];
        let mut element = Element::paragraph("");
        element.span = span(start, end);
        let Some(after_colons) = body.strip_prefix("::") else {
            set_value(&mut element, body);
            return element;
        };
        let tag_len = after_colons
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let tag = &after_colons[..tag_len];
        let mut p = start + 2 + tag_len;
        let starts_with_letter = tag.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
        if !starts_with_letter {
            self.error(
                codes::MALFORMED_ELEMENT,
                Severity::Error,
                "`::` is not followed by an element name; the line is read as plain text".into(),
                span(start, (start + 2 + tag_len).max(start + 2)),
            );
            set_value(&mut element, body);
            return element;
        }
        element.tag = Some(tag.to_owned());
        // `(#ID)`
        if text[p..end].starts_with("(#") {
            let (line_end, _) = line_content_end(text, p);
            let line_end = line_end.min(end);
            match text[p..line_end].find(')') {
                Some(close) => {
                    element.id = Some(text[p + 2..p + close].to_owned());
                    p += close + 1;
                }
                None => {
                    self.error(
                        codes::UNCLOSED_ID,
                        Severity::Error,
                        "the element ID has no closing `)`".into(),
                        span(p, line_end),
                    );
                    // Keep the text as the value so nothing is lost.
                    element.value_lead = String::new();
                    set_value(&mut element, &text[p..end]);
                    return element;
                }
            }
        }
        let rest = &text[p..end];
        if !rest.is_empty() && !rest.starts_with([' ', '\t', '\r', '\n']) {
            self.error(
                codes::MALFORMED_ELEMENT,
                Severity::Error,
                format!(
                    "the element name `{}` runs into `{}`; the line is read as plain text",
                    &text[start..p],
                    rest.chars().next().unwrap_or(' ')
                ),
                span(start, p + rest.chars().next().map_or(0, char::len_utf8)),
            );
            let mut plain = Element::paragraph("");
            plain.span = span(start, end);
            set_value(&mut plain, body);
            return plain;
        }
        let is_comment = tag == "c" || tag.starts_with("c_");
        if !is_comment {
            p = self.attributes(&mut element, p, end);
        } else if let Some(first) = looks_like_attribute(text, skip_space(text, p, end), end) {
            self.error(
                codes::COMMENT_ATTRIBUTES,
                Severity::Note,
                "comments have no attributes: this is part of the comment's text".into(),
                span(skip_space(text, p, end), first),
            );
        }
        let value_start = skip_space(text, p, end);
        element.value_lead = text[p..value_start].to_owned();
        set_value(&mut element, &text[value_start..end]);
        element
    }

    /// Reads attributes from `p`; returns where they end (before the
    /// whitespace that precedes the value).
    fn attributes(&mut self, element: &mut Element, mut p: usize, end: usize) -> usize {
        let text = self.text;
        loop {
            let name_start = skip_space(text, p, end);
            if name_start == p && p < end {
                // No whitespace: cannot start an attribute.
                return p;
            }
            let Some(eq) = looks_like_attribute(text, name_start, end) else {
                return p;
            };
            let name = &text[name_start..eq];
            let value_start = eq + 1;
            let (value, repr_end) = if text[value_start..end].starts_with('"') {
                self.quoted(value_start, end)
            } else {
                let len = text[value_start..end]
                    .find([' ', '\t', '\r', '\n'])
                    .unwrap_or(end - value_start);
                (
                    text[value_start..value_start + len].to_owned(),
                    value_start + len,
                )
            };
            let repr = &text[value_start..repr_end];
            self.unbalanced(name, repr, &value, value_start, repr_end, end);
            if let Some(first) = element.attributes.iter().find(|a| a.name == name) {
                let first_span = first.span;
                self.diagnostics.push(
                    Diagnostic::new(
                        codes::DUPLICATE_ATTRIBUTE,
                        Severity::Warning,
                        span(name_start, repr_end),
                        format!("attribute `{name}` is given twice; the first one counts"),
                    )
                    .with_label(first_span, "first given here"),
                );
            }
            element.attributes.push(Attribute {
                lead: text[p..name_start].to_owned(),
                name: name.to_owned(),
                // Kept even when it equals the value: the conventional form
                // may differ (quotes around characters a bare value held).
                repr: Some(repr.to_owned()),
                value,
                span: span(name_start, repr_end),
            });
            p = repr_end;
        }
    }

    /// A quote that does not pair up in the attribute `name` read as `repr`
    /// from `start` to `repr_end`: one error for the first sign of it.
    fn unbalanced(
        &mut self,
        name: &str,
        repr: &str,
        value: &str,
        start: usize,
        repr_end: usize,
        end: usize,
    ) {
        let text = self.text;
        let quoted = repr.starts_with('"');
        let next = text[repr_end..end].chars().next();
        let runs_on = next.is_some_and(|c| !c.is_whitespace());
        let message = if quoted && repr.len() > 1 && repr.ends_with('"') && runs_on {
            // The quote that closed this value opened the next one.
            match swallowed_attribute(value) {
                Some(swallowed) => format!(
                    "the quoted value of `{name}` runs into `{swallowed}=`: a closing `\"` is missing before it"
                ),
                None => format!(
                    "text right after the closing quote of `{name}`: a `\"` is missing or one too many"
                ),
            }
        } else if !quoted && repr.contains('"') {
            format!(
                "a `\"` inside the unquoted value of `{name}`: the opening quote is missing or one too many"
            )
        } else {
            return;
        };
        self.error(
            codes::UNBALANCED_QUOTE,
            Severity::Error,
            message,
            span(start, repr_end),
        );
    }

    /// Reads a quoted value starting at the `"` at `start`; returns the
    /// unescaped value and the offset after the closing quote.
    fn quoted(&mut self, start: usize, end: usize) -> (String, usize) {
        let text = self.text;
        let mut value = String::new();
        let mut chars = text[start + 1..end].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => return (value, start + 1 + i + 1),
                '\\' => match chars.next() {
                    Some((_, '"')) => value.push('"'),
                    Some((_, '\\')) => value.push('\\'),
                    Some((_, 't')) => value.push('\t'),
                    Some((_, 'n')) => value.push('\n'),
                    Some((j, other)) => {
                        let at = start + 1 + i;
                        self.error(
                            codes::UNKNOWN_ESCAPE,
                            Severity::Warning,
                            format!("`\\{other}` is not an escape of the format (only \\\" \\\\ \\t \\n); kept as written"),
                            span(at, start + 1 + j + other.len_utf8()),
                        );
                        value.push('\\');
                        value.push(other);
                    }
                    None => value.push('\\'),
                },
                '\r' if text[start + 1 + i..]
                    .trim_start_matches('\r')
                    .starts_with('\n') => {}
                c => value.push(c),
            }
        }
        self.error(
            codes::UNCLOSED_QUOTE,
            Severity::Error,
            "the quoted value has no closing `\"` before the element ends".into(),
            span(start, end),
        );
        (value, end)
    }
}

/// The offset after spaces, tabs and line breaks from `p`, at most `end`.
fn skip_space(text: &str, p: usize, end: usize) -> usize {
    p + text[p..end]
        .bytes()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .count()
}

/// If an attribute name followed by `=` starts at `p`, the offset of the `=`.
fn looks_like_attribute(text: &str, p: usize, end: usize) -> Option<usize> {
    let bytes = &text.as_bytes()[p..end];
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    let len = bytes
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    (bytes.get(len) == Some(&b'=')).then_some(p + len)
}

/// The attribute name at the end of a quoted value (`Dia. 1 ca_de=`), after
/// white space: the opening quote of the next attribute closed this one.
fn swallowed_attribute(value: &str) -> Option<&str> {
    let before = value.strip_suffix('=')?;
    let name_start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let name = &before[name_start..];
    let preceded = name_start > 0 && before[..name_start].ends_with(char::is_whitespace);
    (preceded && name.starts_with(|c: char| c.is_ascii_alphabetic())).then_some(name)
}

fn set_value(element: &mut Element, raw: &str) {
    if raw.contains('\r') {
        // Line ends are LF in the value: carriage returns before a line
        // break go, as the reader treated them as part of the break.
        let mut value = String::with_capacity(raw.len());
        let mut lines = raw.split('\n').peekable();
        while let Some(line) = lines.next() {
            if lines.peek().is_some() {
                value.push_str(line.trim_end_matches('\r'));
                value.push('\n');
            } else {
                value.push_str(line);
            }
        }
        if value != raw {
            element.value_repr = Some(raw.to_owned());
        }
        element.value = value;
    } else {
        element.value = raw.to_owned();
        element.value_repr = None;
    }
}

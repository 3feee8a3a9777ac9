//! The markup inside a paragraph's text that the reader must know to keep
//! a paragraph apart: inline diagrams `<dia ...>text</dia>`, links
//! `<a href=...>text</a>`, images `<img ...></img>`, and line breaks
//! (`<br>`, `<br/>`, `\n`). Everything else (`**bold**`, symbols,
//! coordinates, typography) is left in the text pieces for the rich text
//! layer.

use std::ops::Range;

/// One piece of a paragraph's text. Ranges are byte ranges in the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inline {
    /// Plain text (with any rich text markup still in it).
    Text(Range<usize>),
    /// A line break: a real one, `\n`, `<br>` or `<br/>`.
    LineBreak(Range<usize>),
    /// `<dia attributes>text</dia>`.
    Diagram {
        /// The attributes, in order.
        attributes: Vec<InlineAttribute>,
        /// The tappable text.
        text: Range<usize>,
        /// The whole markup.
        range: Range<usize>,
    },
    /// `<a href=...>text</a>`.
    Link {
        /// The `href` value.
        href: String,
        /// The link text.
        text: Range<usize>,
        /// The whole markup.
        range: Range<usize>,
    },
    /// `<img attributes></img>` (an image bullet).
    Image {
        /// The attributes, in order.
        attributes: Vec<InlineAttribute>,
        /// The whole markup.
        range: Range<usize>,
    },
}

/// An attribute of inline markup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineAttribute {
    /// Its name.
    pub name: String,
    /// Its value, unquoted and unescaped.
    pub value: String,
    /// Where it is in the paragraph's value.
    pub range: Range<usize>,
}

/// A problem found while splitting a paragraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineError {
    /// What is wrong.
    pub message: String,
    /// Where, in the paragraph's value.
    pub range: Range<usize>,
}

/// Splits a paragraph's text into [`Inline`] pieces. Markup that does not
/// parse is kept as text and reported.
///
/// ```
/// use kifu_book::inline::{split, Inline};
/// let text = "See <dia at=2 mv=C4B5D6>if Black plays 2 at 3</dia> instead.";
/// let (pieces, errors) = split(text);
/// assert!(errors.is_empty());
/// let Inline::Diagram { attributes, text: shown, .. } = &pieces[1] else { panic!() };
/// assert_eq!(attributes[1].value, "C4B5D6");
/// assert_eq!(&text[shown.clone()], "if Black plays 2 at 3");
/// ```
pub fn split(text: &str) -> (Vec<Inline>, Vec<InlineError>) {
    let mut pieces = Vec::new();
    let mut errors = Vec::new();
    let mut text_start = 0;
    let mut i = 0;
    let bytes = text.as_bytes();
    let flush = |pieces: &mut Vec<Inline>, from: usize, to: usize| {
        if from < to {
            pieces.push(Inline::Text(from..to));
        }
    };
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                flush(&mut pieces, text_start, i);
                pieces.push(Inline::LineBreak(i..i + 1));
                i += 1;
                text_start = i;
            }
            b'\\' if bytes.get(i + 1) == Some(&b'n') => {
                flush(&mut pieces, text_start, i);
                pieces.push(Inline::LineBreak(i..i + 2));
                i += 2;
                text_start = i;
            }
            b'<' => match markup(text, i) {
                Some(Ok((piece, end))) => {
                    flush(&mut pieces, text_start, i);
                    pieces.push(piece);
                    i = end;
                    text_start = i;
                }
                Some(Err(e)) => {
                    errors.push(e);
                    i += 1;
                }
                None => i += 1,
            },
            _ => i += 1,
        }
    }
    flush(&mut pieces, text_start, bytes.len());
    (pieces, errors)
}

/// Reads the markup starting at `<` at `start`: `None` when it is not markup
/// the format knows (so it stays text), an error when it is but is broken.
#[allow(clippy::type_complexity)]
fn markup(text: &str, start: usize) -> Option<Result<(Inline, usize), InlineError>> {
    let rest = &text[start + 1..];
    let name_len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    let name = &rest[..name_len];
    if !matches!(name, "dia" | "a" | "img" | "br") {
        return None;
    }
    let after_name = start + 1 + name_len;
    if !text[after_name..].starts_with([' ', '\t', '>', '/']) {
        return None;
    }
    let err = |message: String, range: Range<usize>| Some(Err(InlineError { message, range }));
    let (attributes, open_end) = match tag_attributes(text, after_name) {
        Ok(v) => v,
        Err(e) => return Some(Err(e)),
    };
    if name == "br" {
        return Some(Ok((Inline::LineBreak(start..open_end), open_end)));
    }
    let close = format!("</{name}>");
    let Some(close_at) = text[open_end..].find(&close).map(|k| open_end + k) else {
        return err(
            format!("`<{name}>` has no closing `{close}`; kept as text"),
            start..open_end,
        );
    };
    let end = close_at + close.len();
    let inner = open_end..close_at;
    let piece = match name {
        "dia" => Inline::Diagram {
            attributes,
            text: inner,
            range: start..end,
        },
        "a" => {
            let Some(href) = attributes.iter().find(|a| a.name == "href") else {
                return err("a link `<a>` without `href`".into(), start..end);
            };
            Inline::Link {
                href: href.value.clone(),
                text: inner,
                range: start..end,
            }
        }
        _ => Inline::Image {
            attributes,
            range: start..end,
        },
    };
    Some(Ok((piece, end)))
}

/// Reads `name=value` pairs up to `>` (or `/>`); returns them and the
/// offset after `>`.
fn tag_attributes(text: &str, mut i: usize) -> Result<(Vec<InlineAttribute>, usize), InlineError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    loop {
        while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
            i += 1;
        }
        match bytes.get(i) {
            None => {
                return Err(InlineError {
                    message: "markup without its closing `>`".into(),
                    range: i.saturating_sub(1)..bytes.len(),
                });
            }
            Some(b'>') => return Ok((out, i + 1)),
            Some(b'/') if bytes.get(i + 1) == Some(&b'>') => return Ok((out, i + 2)),
            _ => {}
        }
        let name_start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if i == name_start || bytes.get(i) != Some(&b'=') {
            return Err(InlineError {
                message: "expected `name=value` inside the markup".into(),
                range: name_start..(i + 1).min(bytes.len()),
            });
        }
        let name = text[name_start..i].to_owned();
        i += 1;
        let mut value = String::new();
        if bytes.get(i) == Some(&b'"') {
            i += 1;
            let mut closed = false;
            let mut chars = text[i..].char_indices();
            while let Some((k, c)) = chars.next() {
                match c {
                    '"' => {
                        i += k + 1;
                        closed = true;
                        break;
                    }
                    '\\' => match chars.next() {
                        Some((_, 't')) => value.push('\t'),
                        Some((_, 'n')) => value.push('\n'),
                        Some((_, c)) => value.push(c),
                        None => {}
                    },
                    c => value.push(c),
                }
            }
            if !closed {
                return Err(InlineError {
                    message: "a quoted value without its closing `\"`".into(),
                    range: name_start..bytes.len(),
                });
            }
        } else {
            let start = i;
            while i < bytes.len() && !matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r' | b'>') {
                i += 1;
            }
            value.push_str(&text[start..i]);
        }
        out.push(InlineAttribute {
            name,
            value,
            range: name_start..i,
        });
    }
}

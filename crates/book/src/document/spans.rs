//! Where the parts of an element were in the input: its header, an
//! attribute's value, the start of its value. Diagnostics point there; an
//! element or attribute made by an edit has an empty span, and so has
//! what is found in it.

use kifu_diag::Span;

use super::{Attribute, Element};

/// The span of the value of `a` (or of the range `within` of the value, when
/// the value was written as it is).
pub(crate) fn value_span(a: &Attribute, within: Option<std::ops::Range<usize>>) -> Span {
    let span = a.span();
    if span.is_empty() {
        return span;
    }
    let start = span.start + a.name().len() as u32 + 1;
    let quoted = a.is_quoted();
    let plain = match a.repr.as_deref() {
        None => true,
        Some(r) => r == a.value() || quoted && !r.contains('\\'),
    };
    match within {
        Some(r) if plain => {
            let base = start + u32::from(quoted);
            Span::new(base + r.start as u32, base + r.end as u32)
        }
        _ => Span::new(start, span.end),
    }
}

/// The offset of an element's value in the input.
pub(crate) fn value_start(e: &Element) -> Option<u32> {
    let span = e.span();
    if span.is_empty() && e.value().is_empty() {
        return None;
    }
    let raw = e.value_repr.as_deref().unwrap_or(e.value());
    span.end.checked_sub(raw.len() as u32)
}

/// The span of an element's header: `::` and the tag (the first
/// character of a plain paragraph).
pub(crate) fn header_span(e: &Element) -> Span {
    let s = e.span();
    if s.is_empty() {
        return s;
    }
    let len = e.tag().map_or(0, |t| t.len() + 2) as u32;
    Span::new(s.start, (s.start + len.max(1)).min(s.end.max(s.start + 1)))
}

/// The places of an element's parts, for editors.
impl Element {
    /// Where the element's ID was in the input (`c1` of `::chapter(#c1)`).
    pub fn id_span(&self) -> Option<Span> {
        let (tag, id) = (self.tag()?, self.id()?);
        if self.span().is_empty() {
            return None;
        }
        let start = self.span().start + tag.len() as u32 + 4;
        Some(Span::new(start, start + id.len() as u32))
    }

    /// The offset in the input where the element's value starts (`None`
    /// for an element made by an edit).
    pub fn value_start(&self) -> Option<u32> {
        value_start(self)
    }
}

/// The place of an attribute's value, for editors.
impl Attribute {
    /// Where the attribute's value was in the input, inside its quotes
    /// when it has them (empty for a new attribute).
    pub fn value_span(&self) -> Span {
        let span = value_span(self, None);
        if self.is_quoted() && span.len() >= 2 {
            Span::new(span.start + 1, span.end - 1)
        } else {
            span
        }
    }
}

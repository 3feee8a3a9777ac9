//! Values read before editing, and values made to fit their type.

use kifu_board::BoardSize;
use kifu_diag::Span;

use crate::tree::{Collection, NodeId};

/// A property of a node, read before editing.
pub(super) struct Prop {
    pub(super) id: String,
    pub(super) written: Vec<u8>,
    pub(super) values: Vec<Vec<u8>>,
    pub(super) span: Span,
}

impl Prop {
    /// A copy of `p`, to read while its node is edited.
    pub(super) fn of(p: &crate::tree::Property<'_, '_>) -> Prop {
        Prop {
            id: p.id().to_owned(),
            written: p.written_id().to_vec(),
            values: p.raw_values().map(<[u8]>::to_vec).collect(),
            span: p.span(),
        }
    }
}

pub(super) fn props_of(c: &Collection<'_>, node: NodeId) -> Vec<Prop> {
    c.node(node).properties().map(|p| Prop::of(&p)).collect()
}

/// Whether a raw value holds a `]` without the backslash that escapes it.
pub(super) fn has_unescaped_bracket(raw: &[u8]) -> bool {
    let mut escaped = false;
    for &b in raw {
        match b {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b']' => return true,
            _ => {}
        }
    }
    false
}

/// A raw value with every unescaped `]` escaped.
pub(super) fn escape_brackets(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() + 2);
    let mut escaped = false;
    for &b in raw {
        if escaped {
            escaped = false;
        } else if b == b'\\' {
            escaped = true;
        } else if b == b']' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

pub(super) fn letter(i: usize) -> char {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    char::from(LETTERS[i % LETTERS.len()])
}

/// The values of a property corrected to fit its type, where one reading
/// is certain, and whether more than blanks and case were dropped.
pub(super) fn corrected(
    info: &crate::props::PropertyInfo,
    values: &[Vec<u8>],
    size: BoardSize,
) -> Option<(Vec<Vec<u8>>, bool)> {
    use crate::props::{ValueShape as S, ValueType as T};
    fn one(t: T, raw: &str) -> Option<String> {
        let trimmed = raw.trim();
        let sign_digits = |s: &str, dot: bool| -> String {
            let mut out = String::new();
            let mut seen_dot = false;
            for (i, ch) in s.char_indices() {
                match ch {
                    '+' | '-' if i == 0 => out.push(ch),
                    '0'..='9' => out.push(ch),
                    '.' if dot && !seen_dot => {
                        seen_dot = true;
                        out.push(ch);
                    }
                    _ => break,
                }
            }
            out.trim_end_matches('.').to_owned()
        };
        match t {
            T::Point | T::Move | T::Stone => {
                Some(raw.chars().filter(|c| !c.is_ascii_whitespace()).collect())
            }
            T::Number => {
                Some(sign_digits(trimmed, false)).filter(|n| n.chars().any(|c| c.is_ascii_digit()))
            }
            T::Real => {
                Some(sign_digits(trimmed, true)).filter(|n| n.chars().any(|c| c.is_ascii_digit()))
            }
            T::Double => trimmed
                .chars()
                .next()
                .filter(|c| matches!(c, '1' | '2'))
                .map(String::from),
            T::Color => match trimmed.chars().next()?.to_ascii_uppercase() {
                c @ ('B' | 'W') => Some(c.to_string()),
                _ => None,
            },
            T::None => Some(String::new()),
            T::SimpleText | T::Text => Some(raw.to_owned()),
        }
    }
    let fix = |raw: &str| -> Option<String> {
        match info.value {
            S::Single(t) | S::List(t) | S::EList(t) => one(t, raw),
            S::Compose(a, b) | S::ListOfCompose(a, b) => {
                let (left, right) = raw.split_once(':')?;
                Some(format!("{}:{}", one(a, left)?, one(b, right)?))
            }
            S::Size | S::Figure => None,
        }
    };
    let texts: Vec<String> = values
        .iter()
        .map(|v| String::from_utf8_lossy(v).into_owned())
        .collect();
    let fixed: Vec<String> = texts.iter().map(|t| fix(t)).collect::<Option<_>>()?;
    let refs: Vec<&str> = fixed.iter().map(String::as_str).collect();
    crate::props::parse_value(info, &refs, size).ok()?;
    let kept = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let lossy = texts.iter().zip(&fixed).any(|(a, b)| kept(a) != kept(b));
    Some((fixed.into_iter().map(String::into_bytes).collect(), lossy))
}

/// Whether a property takes a list of values, each of which stands alone.
pub(super) fn is_list(info: &crate::props::PropertyInfo) -> bool {
    use crate::props::ValueShape as S;
    matches!(info.value, S::List(_) | S::EList(_) | S::ListOfCompose(..))
}

/// Whether a value corrected to `info`'s type is closed (see [`CLOSED`](super::CLOSED)):
/// an empty value (`KO[7.5]` to `KO[]`), a colour or a double read as
/// such, which no repair reads (a number may be `FF` or `GM`, which the
/// next pass reads otherwise; a real may need its SGF form; points move
/// stones).
pub(super) fn closed_correction(info: &crate::props::PropertyInfo) -> bool {
    use crate::props::{ValueShape, ValueType};
    matches!(
        info.value,
        ValueShape::Single(ValueType::None | ValueType::Color | ValueType::Double)
    )
}

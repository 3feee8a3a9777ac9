//! Coordinates in text (`invade at F8`), replaced by the diagram's marks.

use std::ops::Range;

/// Whether `c` continues a word, so that a coordinate cannot touch it.
fn wordy(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The length of the coordinate at byte `i` of `text`, if one starts there:
/// an uppercase letter other than `I`, then a row from 1 to 52 without a
/// leading zero, with no letter, digit or `_` on either side.
fn coordinate_at(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let letter = *bytes.get(i)?;
    if !letter.is_ascii_uppercase() || letter == b'I' {
        return None;
    }
    if text[..i].chars().next_back().is_some_and(wordy) {
        return None;
    }
    let digits = bytes[i + 1..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if !(1..=2).contains(&digits) || bytes[i + 1] == b'0' {
        return None;
    }
    let end = i + 1 + digits;
    let row: u32 = text[i + 1..end].parse().ok()?;
    if row > 52 || text[end..].chars().next().is_some_and(wordy) {
        return None;
    }
    Some(1 + digits)
}

/// Replaces the standard coordinates in `text` (`A1` to `T19`, and any
/// other column letter without `I` with rows up to 52 for larger boards)
/// by what `lookup` returns for them: the letter, number or symbol marked
/// at that point in the paragraph's diagram. Returns the new text and the
/// byte ranges, in `text`, of the coordinates `lookup` has no mark for;
/// they stay as written, and a checker reports them.
///
/// A coordinate is not part of a longer word: `A10x`, `MB5` and `B52a` are
/// none. `B1` and `W2` are coordinates, as the format says. The caller only
/// substitutes when the paragraph has a diagram (not with `ref=none`).
///
/// ```
/// use kifu_book::text::substitute_coordinates;
/// let marks = |c: &str| match c {
///     "F8" => Some("A".to_string()),
///     "B1" => Some("1".to_string()),
///     _ => None,
/// };
/// let (text, unknown) = substitute_coordinates("Invade at F8 after B1, not at C3 or MB5.", marks);
/// assert_eq!(text, "Invade at A after 1, not at C3 or MB5.");
/// assert_eq!(unknown, [30..32]);
/// ```
pub fn substitute_coordinates(
    text: &str,
    lookup: impl Fn(&str) -> Option<String>,
) -> (String, Vec<Range<usize>>) {
    let mut out = String::with_capacity(text.len());
    let mut unknown = Vec::new();
    let mut copied = 0;
    let mut i = 0;
    while i < text.len() {
        if let Some(len) = coordinate_at(text, i) {
            let coordinate = &text[i..i + len];
            match lookup(coordinate) {
                Some(mark) => {
                    out.push_str(&text[copied..i]);
                    out.push_str(&mark);
                    copied = i + len;
                }
                None => unknown.push(i..i + len),
            }
            i += len;
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    out.push_str(&text[copied..]);
    (out, unknown)
}

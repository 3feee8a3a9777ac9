//! The normalizing writer: the layout conventions of [`crate::write`], plus
//! the two that need the model: coordinates in uppercase standard notation
//! and `pl` written for Go data that sets up a position.

use super::write;
use crate::document::Book;
use crate::meaning::coords;
use crate::meaning::model::{self, AttributeRole, ValueType};
use crate::meaning::refs::{Base, Index};

/// Writes `book` by the format's writing conventions.
///
/// ```
/// let book = kifu_book::parse("::dia base=none ab=c3dd aw=\"d3 D4\" mv=e5pass\n").value;
/// assert_eq!(
///     kifu_book::normalize(&book),
///     "::dia base=none ab=C3D16 aw=\"D3 D4\" mv=E5pass pl=b\n"
/// );
/// ```
pub fn normalize(book: &Book) -> String {
    let index = Index::new(book);
    let mut out = book.clone();
    for (i, element) in out.elements_mut().iter_mut().enumerate() {
        let kind = element.kind();
        if !element.is_go_data() {
            continue;
        }
        // `pw` as the attribute list writes it, `wp` (unless both are there).
        if element.get("wp").is_none()
            && let Some(a) = element.attributes.iter_mut().find(|a| a.name == "pw")
        {
            a.name = model::spelling("pw").to_owned();
        }
        let size = index.board_size(i);
        let mut rewrites = Vec::new();
        for a in element.attributes() {
            let ty = match model::attribute_role(kind, a.base_name()) {
                AttributeRole::Known(spec) => spec.value,
                AttributeRole::Letter(_) => ValueType::Points,
                _ => continue,
            };
            let new = match ty {
                ValueType::Points | ValueType::Point | ValueType::View => {
                    coords::to_standard(a.value(), size, false)
                }
                ValueType::Moves => coords::to_standard(a.value(), size, true),
                ValueType::Sequences => coords::sequences_to_standard(a.value(), size),
                _ => None,
            };
            if let Some(new) = new {
                rewrites.push((a.name().to_owned(), new));
            }
        }
        for (name, value) in rewrites {
            element.set_attribute(&name, &value);
        }
        let sets_up = element.get("ab").is_some() || element.get("aw").is_some();
        let derived = element.get("at").is_some() || element.get("sgf").is_some();
        if sets_up && !derived && element.get("pl").is_none() && index.base_of(i) == Base::None {
            element.set_attribute("pl", "b");
        }
    }
    write::normalized_layout(&out)
}

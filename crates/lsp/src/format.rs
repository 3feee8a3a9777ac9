//! Formatting: the book as `kifu convert --normalize` writes it, sent as
//! the few line edits that make the editor's text into it, so that the
//! cursor, marks and undo history of the untouched lines stay.

use lsp_types::TextEdit;
use similar::{DiffOp, TextDiff};

use crate::context::Context;

/// The edits that normalize the document (none when it already is).
pub(crate) fn format(cx: &Context<'_>) -> Vec<TextEdit> {
    let old = cx.text();
    let new = kifu_book::normalize(&cx.analysis.book);
    edits(old, &new)
        .into_iter()
        .map(|(range, text)| TextEdit::new(cx.range_of(range), text))
        .collect()
}

/// The line edits (byte range of `old`, new text) that make `old` into `new`.
pub(crate) fn edits(old: &str, new: &str) -> Vec<(std::ops::Range<usize>, String)> {
    let diff = TextDiff::from_lines(old, new);
    let old_lines: Vec<&str> = diff.old_slices().to_vec();
    let new_lines: Vec<&str> = diff.new_slices().to_vec();
    // Byte offset of each old line's start.
    let mut starts = Vec::with_capacity(old_lines.len() + 1);
    let mut at = 0;
    for line in &old_lines {
        starts.push(at);
        at += line.len();
    }
    starts.push(at);
    let mut out: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for op in diff.ops() {
        let (old_range, new_range) = match *op {
            DiffOp::Equal { .. } => continue,
            DiffOp::Delete {
                old_index,
                old_len,
                new_index,
            } => (old_index..old_index + old_len, new_index..new_index),
            DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => (old_index..old_index, new_index..new_index + new_len),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => (
                old_index..old_index + old_len,
                new_index..new_index + new_len,
            ),
        };
        let bytes = starts[old_range.start]..starts[old_range.end];
        let text: String = new_lines[new_range].concat();
        match out.last_mut() {
            // Ops that touch make one edit.
            Some((last, last_text)) if last.end == bytes.start => {
                last.end = bytes.end;
                last_text.push_str(&text);
            }
            _ => out.push((bytes, text)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(old: &str, edits: &[(std::ops::Range<usize>, String)]) -> String {
        let mut out = old.to_owned();
        for (range, text) in edits.iter().rev() {
            out.replace_range(range.clone(), text);
        }
        out
    }

    #[test]
    fn only_the_changed_lines_are_edited() {
        let old = "::book(#b)\n\n::chapter(#c)\n\na\n\nb\nc\n";
        let new = "::book(#b)\n\n\n\n::chapter(#c)\n\na\n\nb\nC\n";
        let edits = edits(old, new);
        assert_eq!(apply(old, &edits), new);
        assert_eq!(edits.len(), 2, "{edits:?}");
        assert!(edits.iter().all(|(r, _)| r.len() <= 2), "{edits:?}");
        assert!(super::edits(new, new).is_empty());
    }
}

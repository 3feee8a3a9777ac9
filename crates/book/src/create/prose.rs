//! SGF text as book text: comments split into paragraphs, every character
//! kept as written (none of it read as markup), moves named the way books
//! name them ("**White 12**"), and SGF's annotations in words.

use kifu_board::Color;
use kifu_sgf::Node;
use kifu_sgf::props::{Double, Value};

/// Shows as nothing and joins what it stands between: put inside what the
/// book would otherwise read as markup.
pub const JOINER: char = '\u{2060}';

/// `text` as plain text in a book paragraph, caption or heading. A book's
/// text is rich text, in which `<a href>`, `<img>`, `<dia>`, `<br>`, `**`,
/// `__`, `==`, `^T`, `#btp#`, `\n`, `\t` and `::` at the start of a line
/// mean something, and the format has no escape: a U+2060 WORD JOINER goes
/// after every `<`, `^`, `#` and `\`, and between the two characters of
/// `**`, `__`, `==` and `::`, so that the text reads as written.
///
/// ```
/// let text = kifu_book::create::literal("<b>**W**</b> #btp# ::c");
/// let rich = kifu_book::text::parse(&text);
/// assert_eq!(rich.plain_text().replace('\u{2060}', ""), "<b>**W**</b> #btp# ::c");
/// assert!(rich.runs.iter().all(|r| !r.style.bold));
/// ```
pub fn literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous = None;
    for c in text.chars() {
        if matches!(
            (previous, c),
            (Some('*'), '*') | (Some('_'), '_') | (Some('='), '=') | (Some(':'), ':')
        ) {
            out.push(JOINER);
        }
        out.push(c);
        if matches!(c, '<' | '^' | '#' | '\\') {
            out.push(JOINER);
        }
        previous = Some(c);
    }
    out
}

/// One line of text (a heading, a caption): white space runs as one space.
pub(crate) fn one_line(text: &str) -> String {
    literal(&text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// A comment as the values of book paragraphs: split at empty lines (a
/// book's paragraphs end there), each line trimmed, each made
/// [`literal`]. Empty when the comment holds only white space.
pub(crate) fn paragraphs(text: &str) -> Vec<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.split('\n') {
        let line = line.trim();
        if line.is_empty() {
            if !current.is_empty() {
                out.push(literal(&current.join("\n")));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        out.push(literal(&current.join("\n")));
    }
    out
}

/// "Black" or "White".
pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A move named as books name it, in bold: "**White 12**", or
/// "**White passes**" for a pass (passes have no number).
pub(crate) fn move_label(color: Color, number: Option<u32>) -> String {
    match number {
        Some(n) => format!("**{} {n}**", color_name(color)),
        None => format!("**{} passes**", color_name(color)),
    }
}

fn double(node: &Node<'_, '_>, id: &str) -> Option<bool> {
    match node.get(id)? {
        Ok(Value::Double(Double::Emphasized)) => Some(true),
        _ => Some(false),
    }
}

/// The node's move annotations (`BM`, `TE`, `DO`, `IT`) and position
/// judgements (`GB`, `GW`, `DM`, `UC`, `HO`) as sentences.
///
/// ```
/// let c = kifu_sgf::parse(b"(;;B[dd]BM[2]GW[1])").value;
/// let node = c.game(0).unwrap().root().first_child().unwrap();
/// assert_eq!(kifu_book::create::annotations(&node), ["A very bad move.", "Good for White."]);
/// ```
pub fn annotations(node: &Node<'_, '_>) -> Vec<&'static str> {
    let mut out = Vec::new();
    let words: [(&str, &str, &str); 8] = [
        ("BM", "A bad move.", "A very bad move."),
        ("TE", "A good move.", "A very good move."),
        ("DO", "A doubtful move.", "A doubtful move."),
        ("IT", "An interesting move.", "An interesting move."),
        ("GB", "Good for Black.", "Very good for Black."),
        ("GW", "Good for White.", "Very good for White."),
        ("DM", "Even position.", "Very even position."),
        ("UC", "Unclear position.", "Very unclear position."),
    ];
    for (id, normal, emphasized) in words {
        if let Some(strong) = double(node, id) {
            out.push(if strong { emphasized } else { normal });
        }
    }
    if node.has("HO") {
        out.push("A turning point.");
    }
    out
}

/// The paragraphs of a node: its annotations and comment, the first
/// paragraph led by `label` ("**White 12**: ...") when there is one.
pub(crate) fn node_paragraphs(node: &Node<'_, '_>, label: Option<&str>) -> Vec<String> {
    let words = annotations(node).join(" ");
    let mut paragraphs = node.text("C").map(|c| paragraphs(&c)).unwrap_or_default();
    if !words.is_empty() {
        match paragraphs.first_mut() {
            Some(first) => *first = format!("{words} {first}"),
            None => paragraphs.push(words),
        }
    }
    if let (Some(label), Some(first)) = (label, paragraphs.first_mut()) {
        *first = format!("{label}: {first}");
    }
    paragraphs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_split_at_empty_lines_and_stay_text() {
        let p = paragraphs("One\r\n  two  \n\n \t\n::three **x**\n");
        assert_eq!(p.len(), 2);
        assert_eq!(p[0], "One\ntwo");
        assert_eq!(p[1], format!(":{JOINER}:three *{JOINER}*x*{JOINER}*"));
        assert!(paragraphs(" \n\n ").is_empty());
    }

    #[test]
    fn moves_are_named_with_their_colour_and_number() {
        assert_eq!(move_label(Color::White, Some(12)), "**White 12**");
        assert_eq!(move_label(Color::Black, None), "**Black passes**");
    }
}

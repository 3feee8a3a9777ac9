//! SGF text as book text: comments split into paragraphs, every character
//! kept as written (none of it read as markup), moves named the way books
//! name them ("**White 12**"), and SGF's annotations in words.

use kifu_board::{BoardSize, Color, Point};
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

/// The point an SGF coordinate names (`pd`), when both letters are on the
/// board and the board has standard coordinates of one letter (at most 25
/// columns: A to Z without I).
fn sgf_point(pair: &[u8], size: BoardSize) -> Option<Point> {
    if size.cols > 25 || !pair.iter().all(u8::is_ascii_lowercase) {
        return None;
    }
    Point::from_sgf(pair, size).ok()
}

/// Whether a bare two-letter word is one no language writes as a word:
/// it has no vowel (`pd`, `qc`, `dd`; not `de`, `la`, `is`, `on`).
fn unlike_a_word(pair: &[u8]) -> bool {
    !pair.iter().any(|b| b"aeiouy".contains(b))
}

/// SGF points written in a comment, in standard coordinates (`[pd]` is
/// `Q16` on 19x19, `[ic]` is `J17`: standard columns skip I), so that the
/// book's coordinate substitution shows the mark there (a move's number,
/// the SGF's letter). Only what is certainly a point is changed:
///
/// - two lowercase letters in brackets, both on the board (`[dd]`, and
///   `B[dd]` as `B D16`); `[tt]`, `[sic]`, `[ok]` on 9x9 stay;
/// - bare, a run of at least two words of two lowercase letters, each on
///   the board, most of them with no vowel (`pd dp qf`, as programs write
///   variations); a single bare pair (`at pd`) and runs of words (`de la`)
///   stay.
///
/// Boards wider than 25 (columns of two letters) keep their text.
///
/// ```
/// use kifu_board::BoardSize;
/// use kifu_book::create::sgf_points;
/// let size = BoardSize::STANDARD;
/// assert_eq!(sgf_points("[pd] is a star point; [sic]", size), "Q16 is a star point; [sic]");
/// assert_eq!(sgf_points("Best: pd dp qf.", size), "Best: Q16 D4 R14.");
/// assert_eq!(sgf_points("de la pd", size), "de la pd");
/// ```
pub fn sgf_points(text: &str, size: BoardSize) -> String {
    // Bracketed points.
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i + 4 <= bytes.len() {
        if bytes[i] == b'['
            && bytes[i + 3] == b']'
            && let Some(p) = sgf_point(&bytes[i + 1..i + 3], size)
        {
            out.push_str(&text[copied..i]);
            if text[..i]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
            {
                out.push(' ');
            }
            out.push_str(&p.to_standard(size));
            i += 4;
            copied = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&text[copied..]);
    // Bare runs: words (split at white space) of two letters, with
    // punctuation after them and perhaps `(` before.
    let text = out;
    let mut words: Vec<(std::ops::Range<usize>, Option<Point>, bool)> = Vec::new();
    let mut start = None;
    for (k, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                let word = &text[s..k];
                let core_start = s + usize::from(word.starts_with('('));
                let core =
                    text[core_start..k].trim_end_matches([',', '.', ';', ':', ')', '!', '?']);
                let range = core_start..core_start + core.len();
                let point = sgf_point(core.as_bytes(), size).filter(|_| core.len() == 2);
                words.push((range, point, unlike_a_word(core.as_bytes())));
                start = None;
            }
            (false, None) => start = Some(k),
            _ => {}
        }
    }
    let mut replace: Vec<(std::ops::Range<usize>, Point)> = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let run = words[k..].iter().take_while(|w| w.1.is_some()).count();
        if run == 0 {
            k += 1;
            continue;
        }
        let unlike = words[k..k + run].iter().filter(|w| w.2).count();
        if run >= 2 && unlike * 2 > run {
            for w in &words[k..k + run] {
                if let Some(p) = w.1 {
                    replace.push((w.0.clone(), p));
                }
            }
        }
        k += run;
    }
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (range, p) in replace {
        out.push_str(&text[copied..range.start]);
        out.push_str(&p.to_standard(size));
        copied = range.end;
    }
    out.push_str(&text[copied..]);
    out
}

/// One line of text (a heading, a caption): white space runs as one space.
pub(crate) fn one_line(text: &str) -> String {
    literal(&text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// A comment as the values of book paragraphs: split at empty lines (a
/// book's paragraphs end there), each line trimmed, each made
/// [`literal`]. Empty when the comment holds only white space.
pub(crate) fn paragraphs(text: &str, size: BoardSize) -> Vec<String> {
    let text = sgf_points(&text.replace("\r\n", "\n").replace('\r', "\n"), size);
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

/// A move's name with the marks the SGF puts on the stone it plays,
/// which its number hides on the figure ([`super::marks::Marks::take_from_move`]):
/// "**White 12** (A)", "**Black 5** (^Sb)".
pub(crate) fn marked_label(label: String, marks: &[String]) -> String {
    if marks.is_empty() {
        return label;
    }
    format!("{label} ({})", marks.join(", "))
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
pub(crate) fn node_paragraphs(
    node: &Node<'_, '_>,
    label: Option<&str>,
    size: BoardSize,
) -> Vec<String> {
    let words = annotations(node).join(" ");
    let mut paragraphs = node
        .text("C")
        .map(|c| paragraphs(&c, size))
        .unwrap_or_default();
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
        let p = paragraphs(
            "One\r\n  two  \n\n \t\n::three **x**\n",
            BoardSize::STANDARD,
        );
        assert_eq!(p.len(), 2);
        assert_eq!(p[0], "One\ntwo");
        assert_eq!(p[1], format!(":{JOINER}:three *{JOINER}*x*{JOINER}*"));
        assert!(paragraphs(" \n\n ", BoardSize::STANDARD).is_empty());
    }

    #[test]
    fn moves_are_named_with_their_colour_and_number() {
        assert_eq!(move_label(Color::White, Some(12)), "**White 12**");
        assert_eq!(move_label(Color::Black, None), "**Black passes**");
    }
}

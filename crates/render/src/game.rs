//! An SGF game as a Go book, so that the book page can show it: the game
//! information as a heading and a paragraph, the main line as Go data and
//! one figure to replay, every comment of the main line as a paragraph
//! ("Move 12: ..."), and every variation as a diagram at its branch point
//! with the comments along it.

use kifu_book::{Book, Element};
use kifu_sgf::{Color, Game, Node};

fn point_list(points: &[kifu_sgf::Point], size: kifu_sgf::BoardSize) -> String {
    points
        .iter()
        .map(|p| p.to_standard(size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The moves of a line of nodes as an `mv` value, with `Pass` where a
/// colour repeats (Go data alternates).
fn moves(nodes: &[Node<'_, '_>], size: kifu_sgf::BoardSize, mut next: Option<Color>) -> String {
    let mut out: Vec<String> = Vec::new();
    for n in nodes {
        if let Some((color, point)) = n.get_move() {
            if next.is_some_and(|c| c != color) {
                out.push("Pass".into());
            }
            out.push(point.map_or_else(|| "Pass".to_owned(), |p| p.to_standard(size)));
            next = Some(color.opponent());
        }
    }
    out.join(" ")
}

/// An SGF text as plain text in a book paragraph: SGF values are text,
/// never markup, but a paragraph's value is rich text, in which `<a href>`,
/// `<img>`, `<dia>`, `<br>`, `**`, `__`, `==`, `^T`, `#btp#`, `\n` and `\t`
/// mean something. The format has no escape, so a U+2060 WORD JOINER (which
/// shows as nothing and joins what it stands between) goes after every `<`,
/// `^`, `#` and `\`, and between the two characters of `**`, `__`, `==`:
/// the text reads as written and none of it is markup.
///
/// ```
/// use kifu_render::game::literal;
/// let book = kifu_book::parse(&literal("<a href=\"javascript:x\">**W**</a> ^Tb")).value;
/// let rich = kifu_book::text::parse(book.elements()[0].value());
/// assert_eq!(rich.plain_text().replace('\u{2060}', ""), "<a href=\"javascript:x\">**W**</a> ^Tb");
/// assert!(rich.runs.iter().all(|r| r.anchor.is_none() && !r.style.bold));
/// ```
pub fn literal(text: &str) -> String {
    const JOINER: char = '\u{2060}';
    let mut out = String::with_capacity(text.len());
    let mut previous = None;
    for c in text.chars() {
        if matches!(
            (previous, c),
            (Some('*'), '*') | (Some('_'), '_') | (Some('='), '=')
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

/// The first-child line from `node` down.
fn line<'c, 'i>(node: Node<'c, 'i>) -> Vec<Node<'c, 'i>> {
    let mut out = vec![node];
    while let Some(next) = out.last().and_then(Node::first_child) {
        out.push(next);
    }
    out
}

/// The book of one game.
///
/// ```
/// let c = kifu_sgf::parse(b"(;GM[1]SZ[9]PB[Kuro]PW[Shiro];B[ee]C[Center.](;W[gc]C[Corner.])(;W[cg]))").value;
/// let book = kifu_render::game::game_to_book(&c.game(0).unwrap());
/// let text = book.to_string();
/// assert!(text.contains("::go sz=9 mv=\"E5 G7\""));
/// assert!(text.contains("**Move 1:** Center."));
/// assert!(text.contains("::dia at=2 mv=C3"));
/// ```
pub fn game_to_book(game: &Game<'_, '_>) -> Book {
    let size = game.board_size();
    let root = game.root();
    let info = game.info();
    let black = info.black.clone().unwrap_or_else(|| "Black".into());
    let white = info.white.clone().unwrap_or_else(|| "White".into());
    let mut book = Book::new();
    book.push(
        Element::new("book")
            .with_id("game")
            .with_attribute("title", &format!("{black} – {white}")),
    );
    book.push(Element::new("chapter").with_id("game"));
    // Every SGF text in a paragraph is `literal`: text, never markup (the
    // title above is plain text already).
    book.push(Element::new("h2").with_value(&format!(
        "{} (Black) – {} (White)",
        literal(&black),
        literal(&white)
    )));
    let facts: Vec<String> = [
        root.simple_text("EV").map(|v| literal(&v)),
        root.simple_text("DT").map(|v| literal(&v)),
        root.simple_text("RE")
            .map(|v| format!("Result: {}", literal(&v))),
        root.simple_text("KM")
            .map(|v| format!("Komi: {}", literal(&v))),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !facts.is_empty() {
        book.push(Element::paragraph(&facts.join(", ")));
    }
    let main = line(root);
    let mut go = Element::new("go").with_attribute("sz", &size.cols.to_string());
    let (ab, aw) = (root.points("AB"), root.points("AW"));
    if !ab.is_empty() {
        go.set_attribute("ab", &point_list(&ab, size));
    }
    if !aw.is_empty() {
        go.set_attribute("aw", &point_list(&aw, size));
    }
    let first = main.iter().find_map(|n| n.get_move()).map(|(c, _)| c);
    if first == Some(Color::White) {
        go.set_attribute("pl", "w");
    }
    go.set_attribute("mv", &moves(&main, size, first));
    book.push(go);
    book.push(
        Element::new("fig")
            .with_attribute("at", "1")
            .with_attribute("to", "end")
            .with_attribute("ca", "The game"),
    );
    if let Some(c) = root.text("C") {
        book.push(Element::paragraph(&literal(&c)));
    }
    // Comments and variations along the main line, by move number.
    let mut number = 0;
    for (i, n) in main.iter().enumerate() {
        if n.get_move().is_some() {
            number += 1;
        }
        if i > 0
            && let Some(c) = n.text("C")
        {
            book.push(Element::paragraph(&format!(
                "**Move {number}:** {}",
                literal(c.trim())
            )));
        }
        for variation in n.children().skip(1) {
            let nodes = line(variation);
            let mv = moves(&nodes, size, None);
            if mv.is_empty() {
                continue;
            }
            book.push(
                Element::new("dia")
                    .with_attribute("at", &(number + 1).to_string())
                    .with_attribute("mv", &mv)
                    .with_attribute("ca", &format!("Variation at move {}", number + 1)),
            );
            let comments: Vec<String> = nodes
                .iter()
                .filter_map(|n| n.text("C").map(|c| literal(c.trim())))
                .collect();
            if !comments.is_empty() {
                book.push(Element::paragraph(&comments.join("\n")));
            }
        }
    }
    book
}

//! An SGF game as a Go book, so that the book page can show it: the game
//! information as a heading and a paragraph, the main line as Go data and
//! one figure to replay, every comment of the main line as a paragraph
//! ("Move 12: ..."), and every variation as a diagram at its branch point
//! with the comments along it.

use std::collections::BTreeMap;

use kifu_book::text::{Style, typography};
use kifu_book::{Book, Element};
use kifu_sgf::{Color, Game, Node};

use crate::flow::{Block, Flow, FlowOptions, Rich, Span, SpanContent, Variants};

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
    game_page(game).book
}

/// A piece of a game's text on its page: bold (the page's own labels) or
/// as written.
type Piece = (bool, String);

/// An SGF game as a page: the book the page shows, and the game's own
/// texts (names, game information, comments), which the page shows as
/// written.
///
/// The book holds those texts made [`literal`], so that as a book they
/// are not markup; the page takes them from here instead, without the
/// word joiners, which would otherwise be copied with the text and break
/// searching it.
#[derive(Clone, Debug)]
pub struct GamePage {
    /// The book of the game.
    pub book: Book,
    /// The text of each paragraph that holds the game's text, by element.
    texts: BTreeMap<usize, Vec<Piece>>,
}

impl GamePage {
    /// The page's flow: the book's, with the game's texts as written.
    ///
    /// ```
    /// use kifu_render::flow::{Block, FlowOptions, SpanContent};
    /// let c = kifu_sgf::parse(b"(;GM[1]SZ[9]PB[**Kuro**];B[ee]C[<b>Center</b>])").value;
    /// let page = kifu_render::game::game_page(&c.game(0).unwrap());
    /// let flow = page.flow(&FlowOptions::default());
    /// let Block::Paragraph(h) = &flow.sections[0].blocks[0] else { panic!() };
    /// let kifu_render::flow::Variants::Same(rich) = &h.content else { panic!() };
    /// assert_eq!(rich.spans[0].content, SpanContent::Text("**Kuro** (Black) – White (White)".into()));
    /// ```
    pub fn flow(&self, options: &FlowOptions) -> Flow<'_> {
        let mut flow = Flow::new(&self.book, &|_| None, options);
        let lang = flow.preferred[0].clone();
        for title in flow.contents.iter_mut().flat_map(|c| c.titles.iter_mut()) {
            if let Some(pieces) = self.texts.get(&title.element) {
                let text: String = pieces.iter().map(|(_, t)| t.as_str()).collect();
                title.text = Variants::Same(typography(&text.replace('\n', " "), &lang));
            }
        }
        let mut stack: Vec<&mut Block> = flow
            .sections
            .iter_mut()
            .flat_map(|s| s.blocks.iter_mut())
            .collect();
        while let Some(block) = stack.pop() {
            match block {
                Block::Paragraph(p) => {
                    if let Some(pieces) = self.texts.get(&p.element) {
                        p.content = Variants::Same(plain_rich(pieces, &lang));
                    }
                }
                Block::Group(g) => stack.extend(g.blocks.iter_mut()),
                _ => {}
            }
        }
        flow
    }
}

/// Pieces of text as rich text: bold or plain, `\n` a line break, the
/// language's typography (quotes, dashes) applied, nothing else read.
fn plain_rich(pieces: &[Piece], lang: &str) -> Rich {
    let mut rich = Rich::default();
    for (bold, text) in pieces {
        let style = Style {
            bold: *bold,
            ..Style::default()
        };
        for (k, line) in text.split('\n').enumerate() {
            if k > 0 {
                rich.spans.push(Span {
                    content: SpanContent::LineBreak,
                    style,
                    link: None,
                });
            }
            if !line.is_empty() {
                rich.spans.push(Span {
                    content: SpanContent::Text(typography(line, lang)),
                    style,
                    link: None,
                });
            }
        }
    }
    rich
}

/// A paragraph of pieces: the book's value (literal) and the page's text.
fn push_text(
    book: &mut Book,
    texts: &mut BTreeMap<usize, Vec<Piece>>,
    kind: &str,
    pieces: Vec<Piece>,
) {
    let value: String = pieces
        .iter()
        .map(|(bold, t)| {
            if *bold {
                format!("**{t}**")
            } else {
                literal(t)
            }
        })
        .collect();
    texts.insert(book.elements().len(), pieces);
    book.push(if kind == "p" {
        Element::paragraph(&value)
    } else {
        Element::new(kind).with_value(&value)
    });
}

/// The page of one game: [`GamePage`].
pub fn game_page(game: &Game<'_, '_>) -> GamePage {
    let mut texts = BTreeMap::new();
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
    // Every SGF text in a paragraph is `literal` in the book and plain
    // text on the page (the title above is plain text already).
    push_text(
        &mut book,
        &mut texts,
        "h2",
        vec![(false, format!("{black} (Black) – {white} (White)"))],
    );
    let facts: Vec<String> = [
        root.simple_text("EV").map(|v| v.to_string()),
        root.simple_text("DT").map(|v| v.to_string()),
        root.simple_text("RE").map(|v| format!("Result: {v}")),
        root.simple_text("KM").map(|v| format!("Komi: {v}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !facts.is_empty() {
        push_text(&mut book, &mut texts, "p", vec![(false, facts.join(", "))]);
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
        push_text(&mut book, &mut texts, "p", vec![(false, c.to_string())]);
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
            push_text(
                &mut book,
                &mut texts,
                "p",
                vec![
                    (true, format!("Move {number}:")),
                    (false, format!(" {}", c.trim())),
                ],
            );
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
                .filter_map(|n| n.text("C").map(|c| c.trim().to_owned()))
                .collect();
            if !comments.is_empty() {
                push_text(
                    &mut book,
                    &mut texts,
                    "p",
                    vec![(false, comments.join("\n"))],
                );
            }
        }
    }
    GamePage { book, texts }
}

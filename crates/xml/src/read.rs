//! The reader: quick-xml events, no DOM, straight into SGF-shaped trees.
//!
//! It accepts what GoGui writes and what Jago 5.0 writes where Jago breaks
//! its own DTD: moves directly in `Nodes` (one node each, with the
//! `Comment` after them), a `Comment` first in `Nodes`, text directly in
//! `Comment`, `BlackToPlay`/`WhiteToPlay` in a `Node`, `at` as an attribute
//! or as child elements, points as `D10` or `4,10`. Unknown elements are
//! kept whole in the private SGF property `XML` and unknown attributes in
//! `XMLATTR`, each with a warning, so that nothing read is lost.

use std::borrow::Cow;

use kifu_board::{BoardSize, Point};
use kifu_diag::{Code, Diagnostic, Severity, Span};
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::model::{Document, Tree};
use crate::write::{INFORMATION, MARKS};

/// Diagnostic codes of the XML reader.
pub mod codes {
    use kifu_diag::Code;

    /// The input is not well-formed XML.
    pub const MALFORMED: Code = Code::new("xml/not-well-formed");
    /// The root element is not `Go`, or there is no game.
    pub const NOT_GO: Code = Code::new("xml/not-a-go-game");
    /// An element the DTD does not define, or in a place it does not allow.
    pub const UNKNOWN_ELEMENT: Code = Code::new("xml/unknown-element");
    /// An attribute the DTD does not define.
    pub const UNKNOWN_ATTRIBUTE: Code = Code::new("xml/unknown-attribute");
    /// A point that is neither `D10` nor `4,10` on the board.
    pub const BAD_COORDINATE: Code = Code::new("xml/bad-coordinate");
    /// A board size kifu cannot use (not 1 to 52).
    pub const BAD_SIZE: Code = Code::new("xml/unsupported-board-size");
    /// A number was expected.
    pub const NOT_A_NUMBER: Code = Code::new("xml/integer-expected");
    /// The XML declaration names an encoding kifu does not know.
    pub const UNKNOWN_ENCODING: Code = Code::new("xml/unknown-encoding");
    /// An `SGF` element whose `type` is not an SGF identifier.
    pub const BAD_SGF_TYPE: Code = Code::new("xml/bad-sgf-type");
}

/// Where the reader is.
#[derive(Debug)]
enum Frame {
    Go,
    GoGame,
    Information,
    /// An Information child: SGF identifier, text so far.
    Field(&'static str),
    /// `Copyright` (paragraphs).
    Copyright(Vec<String>),
    /// `Nodes` or `Variation`: nodes chain from `parent`; `last` is the
    /// most recent node of this sequence.
    Sequence {
        parent: Option<usize>,
        last: Option<usize>,
        /// Opened without a `Nodes` element (Jago); closed with `GoGame`.
        implicit: bool,
    },
    Node(usize),
    /// Black, White, AddBlack, AddWhite, Delete, Mark: the node, what to
    /// add, and the points from `at` (attribute and children).
    Points {
        node: usize,
        kind: PointsKind,
        at: Vec<(String, u64)>,
    },
    At,
    Comment {
        node: usize,
        paragraphs: Vec<String>,
    },
    P,
    Sgf {
        node: usize,
        id: String,
        args: Vec<String>,
    },
    Arg,
    ToPlay(usize, &'static str),
    /// An unknown element: where its text starts, and the node it goes to.
    Unknown {
        start: u64,
        node: Option<usize>,
        depth: usize,
    },
}

#[derive(Debug, Clone)]
enum PointsKind {
    Move {
        id: &'static str,
        number: Option<String>,
        timeleft: Option<String>,
    },
    Setup(&'static str),
    Mark(&'static str),
    Label(String),
}

struct State<'a> {
    text: &'a str,
    diagnostics: Vec<Diagnostic>,
    doc: Document,
    /// Information of the current game, set on its root when it exists.
    info: Vec<(&'static str, String)>,
    name: Option<String>,
    size: BoardSize,
    /// Current game tree (`None` until its first node).
    tree: Option<Tree>,
    buffer: String,
    /// The end tag being handled is `</GoGame>`.
    closing_game: bool,
    /// Per node of the current tree: the moves on the path before it, so
    /// that a move's natural number costs nothing to find.
    moves_before: Vec<u32>,
    /// The node whose `MN` was read from a move's `number`: an `MN`
    /// element there replaces it (the element is what GoGui keeps).
    number_mn: Option<usize>,
}

impl State<'_> {
    fn report(&mut self, code: Code, severity: Severity, at: u64, message: String) {
        self.diagnostics.push(Diagnostic::new(
            code,
            severity,
            Span::new(at as u32, at as u32),
            message,
        ));
    }

    fn tree(&mut self) -> &mut Tree {
        self.tree.get_or_insert_with(Tree::new)
    }

    /// A new node in a sequence: the root, or a child of the last node.
    fn new_node(&mut self, stack: &mut [Frame]) -> usize {
        let Some(Frame::Sequence { parent, last, .. }) = stack.last_mut() else {
            unreachable!("new_node outside a sequence")
        };
        let tree = self.tree.get_or_insert_with(Tree::new);
        let node = match (*last, *parent) {
            (Some(l), _) => tree.add_child(l),
            (None, Some(p)) => tree.add_child(p),
            // The first node of the game is the root, made with the tree.
            (None, None) if tree.nodes.len() == 1 && tree.nodes[0].props.is_empty() => 0,
            (None, None) => tree.add_child(0),
        };
        *last = Some(node);
        let before = tree.nodes[node].parent.map_or(0, |p| {
            let has_move = tree.values(p, "B").is_some() || tree.values(p, "W").is_some();
            self.moves_before.get(p).copied().unwrap_or(0) + u32::from(has_move)
        });
        if self.moves_before.len() <= node {
            self.moves_before.resize(node + 1, 0);
        }
        self.moves_before[node] = before;
        node
    }

    /// The node that text or elements in a sequence attach to: the last
    /// node, or a new one.
    fn current_or_new(&mut self, stack: &mut [Frame]) -> usize {
        match stack.last() {
            Some(Frame::Sequence { last: Some(l), .. }) => *l,
            Some(Frame::Node(n)) => *n,
            _ => self.new_node(stack),
        }
    }

    fn point(&mut self, at: &str, offset: u64, allow_pass: bool) -> Option<String> {
        let t = at.trim();
        if t.is_empty() && allow_pass {
            return Some(String::new());
        }
        let parsed = match t.split_once(',') {
            Some((c, r)) => match (c.trim().parse::<u32>(), r.trim().parse::<u32>()) {
                (Ok(c), Ok(r))
                    if (1..=u32::from(self.size.cols)).contains(&c)
                        && (1..=u32::from(self.size.rows)).contains(&r) =>
                {
                    Some(Point::new(
                        (c - 1) as u8,
                        (u32::from(self.size.rows) - r) as u8,
                    ))
                }
                _ => None,
            },
            None => Point::from_standard(t, self.size).ok(),
        };
        match parsed {
            Some(p) => Some(String::from_utf8_lossy(&p.to_sgf()).into_owned()),
            None => {
                self.report(
                    codes::BAD_COORDINATE,
                    Severity::Error,
                    offset,
                    format!(
                        "'{at}' is not a point of the {}x{} board (expected D10 or 4,10); dropped",
                        self.size.cols, self.size.rows
                    ),
                );
                None
            }
        }
    }
}

fn local(name: &[u8]) -> &str {
    std::str::from_utf8(name).unwrap_or("")
}

/// The encoding named by the XML declaration, if any.
fn declared_encoding(bytes: &[u8]) -> Option<&[u8]> {
    let head = &bytes[..bytes.len().min(200)];
    if !head.starts_with(b"<?xml") {
        return None;
    }
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = &head[..end];
    let at = decl.windows(8).position(|w| w == b"encoding")?;
    let rest = &decl[at + 8..];
    let quote = rest.iter().position(|&b| b == b'"' || b == b'\'')?;
    let q = rest[quote];
    let value = &rest[quote + 1..];
    let close = value.iter().position(|&b| b == q)?;
    Some(&value[..close])
}

/// Reads Go XML bytes. Never fails: what cannot be read is reported.
pub fn read(bytes: &[u8]) -> kifu_diag::Parsed<Document> {
    let mut pre = Vec::new();
    let (body, encoding) = match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => (rest, encoding_rs::UTF_8),
        _ => {
            let encoding = match declared_encoding(bytes) {
                None => encoding_rs::UTF_8,
                Some(label) => encoding_rs::Encoding::for_label(label).unwrap_or_else(|| {
                    pre.push(Diagnostic::new(
                        codes::UNKNOWN_ENCODING,
                        Severity::Warning,
                        Span::empty(0),
                        format!(
                            "unknown encoding '{}' in the XML declaration: read as UTF-8",
                            String::from_utf8_lossy(label)
                        ),
                    ));
                    encoding_rs::UTF_8
                }),
            };
            (bytes, encoding)
        }
    };
    let bom = bytes.len() - body.len();
    let (text, malformed) = encoding.decode_without_bom_handling(body);
    let mut parsed = read_str(&text);
    // Positions refer to the bytes of the file, not to its UTF-8 form.
    if encoding != encoding_rs::UTF_8 || bom > 0 || malformed {
        for d in &mut parsed.diagnostics {
            let offset = |o: u32| {
                let o = (o as usize).min(text.len());
                let original = if encoding == encoding_rs::UTF_8 {
                    utf8_original_offset(body, o)
                } else {
                    let mut cut = o;
                    while !text.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    encoding.encode(&text[..cut]).0.len()
                };
                ((bom + original).min(bytes.len())) as u32
            };
            d.span = Span::new(offset(d.span.start), offset(d.span.end));
        }
    }
    pre.extend(parsed.diagnostics);
    parsed.diagnostics = pre;
    parsed
}

/// The offset in possibly invalid UTF-8 `bytes` of offset `decoded` in
/// their lossy decoding (each invalid sequence became one U+FFFD).
fn utf8_original_offset(bytes: &[u8], decoded: usize) -> usize {
    let (mut d, mut o) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().len();
        if decoded <= d + valid {
            return o + (decoded - d);
        }
        d += valid;
        o += valid;
        if !chunk.invalid().is_empty() {
            if decoded < d + 3 {
                return o;
            }
            d += 3;
            o += chunk.invalid().len();
        }
    }
    o
}

fn read_str(text: &str) -> kifu_diag::Parsed<Document> {
    let mut reader = Reader::from_str(text);
    reader.config_mut().trim_text(false);
    let mut st = State {
        text,
        diagnostics: Vec::new(),
        doc: Document::default(),
        info: Vec::new(),
        name: None,
        size: BoardSize::default(),
        tree: None,
        buffer: String::new(),
        closing_game: false,
        moves_before: Vec::new(),
        number_mn: None,
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mut saw_go = false;
    loop {
        let before = reader.buffer_position();
        let event = match reader.read_event() {
            Ok(e) => e,
            Err(e) => {
                let at = reader.error_position();
                st.report(
                    codes::MALFORMED,
                    Severity::Error,
                    at,
                    format!("not well-formed XML: {e}"),
                );
                break;
            }
        };
        match event {
            // A tag starts its own length before where the reader now is.
            Event::Start(e) => {
                saw_go |= e.name().as_ref() == b"Go";
                let at = reader.buffer_position() - e.len() as u64 - 2;
                start(&mut st, &mut stack, &e, at, false);
            }
            Event::Empty(e) => {
                saw_go |= e.name().as_ref() == b"Go";
                let at = reader.buffer_position() - e.len() as u64 - 3;
                start(&mut st, &mut stack, &e, at, true);
                end(&mut st, &mut stack, reader.buffer_position());
            }
            Event::End(e) => {
                st.closing_game = e.name().as_ref() == b"GoGame";
                end(&mut st, &mut stack, reader.buffer_position());
                st.closing_game = false;
            }
            Event::Text(t) => match t.unescape() {
                Ok(s) => push_text(&mut st.buffer, &s),
                Err(e) => st.report(
                    codes::MALFORMED,
                    Severity::Error,
                    before,
                    format!("bad character reference: {e}"),
                ),
            },
            Event::CData(c) => st.buffer.push_str(&String::from_utf8_lossy(&c)),
            Event::Eof => break,
            _ => {}
        }
    }
    if !saw_go {
        st.report(
            codes::NOT_GO,
            Severity::Error,
            0,
            "not a Go game: no <Go> element".into(),
        );
    }
    kifu_diag::Parsed {
        value: st.doc,
        diagnostics: st.diagnostics,
    }
}

fn attributes<'e>(
    st: &mut State<'_>,
    e: &'e BytesStart<'_>,
    known: &[&str],
    at: u64,
    unknown: &mut Vec<String>,
) -> Vec<(String, Cow<'e, str>)> {
    let mut out = Vec::new();
    // quick-xml's own check for duplicated attributes compares each with
    // every one before it: quadratic in the attributes of one element.
    // Duplicates are dropped here instead (the first one is kept, as with
    // that check), with a set of the names seen.
    let mut seen = std::collections::HashSet::new();
    for a in e.attributes().with_checks(false).flatten() {
        if !seen.insert(a.key.as_ref().to_vec()) {
            continue;
        }
        let key = local(a.key.as_ref()).to_owned();
        let value = a
            .unescape_value()
            .unwrap_or_else(|_| String::from_utf8_lossy(&a.value).into_owned().into());
        if known.contains(&key.as_str()) {
            out.push((key, value));
        } else {
            st.report(
                codes::UNKNOWN_ATTRIBUTE,
                Severity::Warning,
                at,
                format!(
                    "unknown attribute '{key}' on <{}>: kept in the SGF property XMLATTR",
                    local(e.name().as_ref())
                ),
            );
            unknown.push(format!("{} {key}={value}", local(e.name().as_ref())));
        }
    }
    out
}

fn get<'a>(attrs: &'a [(String, Cow<'_, str>)], key: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_ref())
}

fn start(st: &mut State<'_>, stack: &mut Vec<Frame>, e: &BytesStart<'_>, at: u64, _empty: bool) {
    st.buffer.clear();
    let name = local(e.name().as_ref()).to_owned();
    let parent = stack.last();
    let mut unknown_attrs = Vec::new();
    let frame = match (parent, name.as_str()) {
        (Some(Frame::Unknown { start, node, depth }), _) => Frame::Unknown {
            start: *start,
            node: *node,
            depth: depth + 1,
        },
        (None, "Go") => Frame::Go,
        (Some(Frame::Go), "GoGame") => {
            let attrs = attributes(st, e, &["name"], at, &mut unknown_attrs);
            st.name = get(&attrs, "name").map(str::to_owned);
            st.info.clear();
            st.size = BoardSize::default();
            st.tree = None;
            st.moves_before.clear();
            st.number_mn = None;
            Frame::GoGame
        }
        (Some(Frame::GoGame), "Information") => Frame::Information,
        (Some(Frame::Information), "Copyright") => Frame::Copyright(Vec::new()),
        (Some(Frame::Information), field) if INFORMATION.iter().any(|(_, f)| *f == field) => {
            // `format` has no SGF meaning: kept in XMLATTR so nothing is lost.
            let attrs = attributes(st, e, &["format"], at, &mut unknown_attrs);
            if let Some(format) = get(&attrs, "format") {
                unknown_attrs.push(format!("{field} format={format}"));
            }
            let id = INFORMATION
                .iter()
                .find(|(_, f)| *f == field)
                .map(|(i, _)| *i)
                .expect("checked");
            Frame::Field(id)
        }
        (Some(Frame::GoGame), "Nodes") => Frame::Sequence {
            parent: None,
            last: None,
            implicit: false,
        },
        // Jago writes the game's nodes directly in GoGame.
        (Some(Frame::GoGame), "Node" | "Black" | "White" | "Comment") => {
            stack.push(Frame::Sequence {
                parent: None,
                last: None,
                implicit: true,
            });
            return start(st, stack, e, at, _empty);
        }
        (Some(Frame::Sequence { last, parent, .. }), "Variation") => {
            let tree = st.tree();
            // Alternatives to the last node: children of its parent.
            let alt_parent = match last {
                Some(l) => tree.nodes[*l].parent,
                None => *parent,
            };
            Frame::Sequence {
                parent: alt_parent.or(Some(0)),
                last: None,
                implicit: false,
            }
        }
        (Some(Frame::Sequence { .. }), "Node") => {
            let attrs = attributes(
                st,
                e,
                &["name", "blacktime", "whitetime"],
                at,
                &mut unknown_attrs,
            );
            let node = st.new_node(stack);
            if let Some(n) = get(&attrs, "name") {
                st.tree().add_value(node, "N", n.to_owned());
            }
            // Jago's time left per node.
            if let Some(t) = get(&attrs, "blacktime") {
                st.tree().add_value(node, "BL", t.to_owned());
            }
            if let Some(t) = get(&attrs, "whitetime") {
                st.tree().add_value(node, "WL", t.to_owned());
            }
            Frame::Node(node)
        }
        (Some(Frame::Sequence { .. } | Frame::Node(_)), "Black" | "White") => {
            let attrs = attributes(
                st,
                e,
                &["at", "number", "timeleft", "annotate"],
                at,
                &mut unknown_attrs,
            );
            let node = match stack.last() {
                Some(Frame::Node(n)) => *n,
                _ => st.new_node(stack),
            };
            if let Some(a) = get(&attrs, "annotate") {
                unknown_attrs.push(format!("{name} annotate={a}"));
            }
            let id = if name == "Black" { "B" } else { "W" };
            Frame::Points {
                node,
                kind: PointsKind::Move {
                    id,
                    number: get(&attrs, "number").map(str::to_owned),
                    timeleft: get(&attrs, "timeleft").map(str::to_owned),
                },
                at: get(&attrs, "at")
                    .map(|a| vec![(a.to_owned(), at)])
                    .unwrap_or_default(),
            }
        }
        (Some(Frame::Node(node)), "AddBlack" | "AddWhite" | "Delete") => {
            let node = *node;
            let attrs = attributes(st, e, &["at"], at, &mut unknown_attrs);
            let id = match name.as_str() {
                "AddBlack" => "AB",
                "AddWhite" => "AW",
                _ => "AE",
            };
            Frame::Points {
                node,
                kind: PointsKind::Setup(id),
                at: get(&attrs, "at")
                    .map(|a| vec![(a.to_owned(), at)])
                    .unwrap_or_default(),
            }
        }
        (Some(Frame::Node(node)), "Mark") => {
            let node = *node;
            let attrs = attributes(
                st,
                e,
                &["at", "label", "type", "territory"],
                at,
                &mut unknown_attrs,
            );
            let kind = if let Some(label) = get(&attrs, "label") {
                PointsKind::Label(label.to_owned())
            } else {
                let attr = match (get(&attrs, "type"), get(&attrs, "territory")) {
                    (Some(t), _) => format!(" type=\"{t}\""),
                    (None, Some(t)) => format!(" territory=\"{t}\""),
                    (None, None) => String::new(),
                };
                match MARKS.iter().find(|(_, a)| *a == attr) {
                    Some((id, _)) => PointsKind::Mark(id),
                    None => {
                        st.report(
                            codes::UNKNOWN_ATTRIBUTE,
                            Severity::Warning,
                            at,
                            format!("unknown mark{attr}: read as an X mark"),
                        );
                        PointsKind::Mark("MA")
                    }
                }
            };
            Frame::Points {
                node,
                kind,
                at: get(&attrs, "at")
                    .map(|a| vec![(a.to_owned(), at)])
                    .unwrap_or_default(),
            }
        }
        (Some(Frame::Points { .. }), "at") => Frame::At,
        (Some(Frame::Node(_) | Frame::Sequence { .. }), "Comment") => {
            let node = st.current_or_new(stack);
            Frame::Comment {
                node,
                paragraphs: Vec::new(),
            }
        }
        (Some(Frame::Comment { paragraphs, .. }), "P") => {
            let _ = paragraphs;
            Frame::P
        }
        (Some(Frame::Copyright(_)), "P") => Frame::P,
        (Some(Frame::Node(node)), "SGF") => {
            let node = *node;
            let attrs = attributes(st, e, &["type"], at, &mut unknown_attrs);
            let raw = get(&attrs, "type").unwrap_or("");
            let id: String = raw.chars().filter(char::is_ascii_uppercase).collect();
            if id.is_empty() || id.len() != raw.len() {
                st.report(
                    codes::BAD_SGF_TYPE,
                    Severity::Warning,
                    at,
                    format!("SGF type '{raw}' is not an SGF identifier: read as '{id}'"),
                );
            }
            Frame::Sgf {
                node,
                id,
                args: Vec::new(),
            }
        }
        (Some(Frame::Sgf { .. }), "Arg") => Frame::Arg,
        (Some(Frame::Node(node)), "BlackToPlay" | "WhiteToPlay") => {
            Frame::ToPlay(*node, if name == "BlackToPlay" { "B" } else { "W" })
        }
        (parent, _) => {
            let node = match parent {
                Some(Frame::Node(n)) => Some(*n),
                Some(Frame::Sequence { last, .. }) => *last,
                _ => None,
            };
            st.report(
                codes::UNKNOWN_ELEMENT,
                Severity::Warning,
                at,
                format!("unknown element <{name}> here: kept in the SGF property XML"),
            );
            Frame::Unknown {
                start: at,
                node,
                depth: 0,
            }
        }
    };
    if !unknown_attrs.is_empty() {
        let node = match &frame {
            Frame::Node(n) | Frame::Points { node: n, .. } => Some(*n),
            _ => None,
        };
        let target = node.unwrap_or(0);
        for a in unknown_attrs {
            st.tree().add_value(target, "XMLATTR", a);
        }
    }
    stack.push(frame);
}

fn end(st: &mut State<'_>, stack: &mut Vec<Frame>, after: u64) {
    // `</GoGame>` also closes the sequence Jago's bare nodes opened.
    if matches!(stack.last(), Some(Frame::Sequence { implicit: true, .. }))
        && matches!(stack.iter().rev().nth(1), Some(Frame::GoGame))
        && st.closing_game
    {
        stack.pop();
    }
    let Some(frame) = stack.pop() else { return };
    let text = std::mem::take(&mut st.buffer);
    match frame {
        Frame::Unknown { start, node, depth } => {
            if depth > 0 {
                // Still inside the unknown element: it is kept whole.
                return;
            }
            let raw = st.text[start as usize..(after as usize).min(st.text.len())].to_owned();
            let node = node.unwrap_or(0);
            st.tree().add_value(node, "XML", raw);
        }
        Frame::Field(id) => {
            if id == "SZ" {
                match BoardSize::from_sgf(&text).ok() {
                    Some(size) => st.size = size,
                    None => st.report(
                        codes::BAD_SIZE,
                        Severity::Error,
                        after,
                        format!("unsupported board size '{}' (1 to 52)", text.trim()),
                    ),
                }
            }
            if matches!(id, "HA") && text.trim().parse::<i64>().is_err() {
                st.report(
                    codes::NOT_A_NUMBER,
                    Severity::Warning,
                    after,
                    format!("handicap '{}' is not an integer", text.trim()),
                );
            }
            st.info.push((id, text));
        }
        Frame::Copyright(paragraphs) => st.info.push(("CP", paragraphs.join("\n"))),
        Frame::P => {
            // GoGui: newlines inside a paragraph are dropped.
            let p: String = text.chars().filter(|&c| c != '\n').collect();
            match stack.last_mut() {
                Some(Frame::Comment { paragraphs, .. }) | Some(Frame::Copyright(paragraphs)) => {
                    paragraphs.push(p)
                }
                _ => {}
            }
        }
        Frame::Comment { node, paragraphs } => {
            // Direct text (Jago) when there is no paragraph.
            let value = if paragraphs.is_empty() {
                text.trim_matches('\n').to_owned()
            } else {
                paragraphs.join("\n")
            };
            st.tree().add_value(node, "C", value);
        }
        Frame::At => {
            if let Some(Frame::Points { at, .. }) = stack.last_mut() {
                at.push((text, after));
            }
        }
        Frame::Points { node, kind, at } => {
            let size_label =
                |s: &mut State<'_>, a: &str, off: u64, pass: bool| s.point(a, off, pass);
            match kind {
                PointsKind::Move {
                    id,
                    number,
                    timeleft,
                } => {
                    let first = at.first().cloned().unwrap_or((String::new(), after));
                    if at.len() > 1 {
                        st.report(
                            codes::UNKNOWN_ELEMENT,
                            Severity::Warning,
                            first.1,
                            format!("a move with {} points: the first is used", at.len()),
                        );
                    }
                    if let Some(p) = size_label(st, &first.0, first.1, true) {
                        st.tree().add_value(node, id, p);
                    }
                    let time = if id == "B" { "BL" } else { "WL" };
                    if let Some(t) = timeleft {
                        st.tree().add_value(node, time, t);
                    }
                    if let Some(n) = number {
                        let natural = st.moves_before.get(node).copied().unwrap_or(0) + 1;
                        match n.trim().parse::<u32>() {
                            Ok(n) if n == natural => {}
                            Ok(_) if st.tree().values(node, "MN").is_some() => {}
                            Ok(n) => {
                                st.tree().add_value(node, "MN", n.to_string());
                                st.number_mn = Some(node);
                            }
                            Err(_) => st.report(
                                codes::NOT_A_NUMBER,
                                Severity::Warning,
                                first.1,
                                format!("move number '{n}' is not an integer: ignored"),
                            ),
                        }
                    }
                }
                PointsKind::Setup(id) | PointsKind::Mark(id) => {
                    for (a, off) in at {
                        if let Some(p) = size_label(st, &a, off, false) {
                            st.tree().add_value(node, id, p);
                        }
                    }
                }
                PointsKind::Label(label) => {
                    for (a, off) in at {
                        if let Some(p) = size_label(st, &a, off, false) {
                            st.tree().add_value(node, "LB", format!("{p}:{label}"));
                        }
                    }
                }
            }
        }
        Frame::Arg => {
            if let Some(Frame::Sgf { args, .. }) = stack.last_mut() {
                args.push(text);
            }
        }
        Frame::Sgf { node, id, args } => {
            if !id.is_empty() {
                // The root's sizes, the last that is one winning, as the
                // writer takes them; SZ elsewhere is kept but changes nothing.
                if id == "SZ"
                    && node == 0
                    && let Some(size) = args.iter().rev().find_map(|a| BoardSize::from_sgf(a).ok())
                {
                    st.size = size;
                }
                if id == "MN" && st.number_mn == Some(node) {
                    st.number_mn = None;
                    st.tree().nodes[node].props.retain(|(i, _)| i != "MN");
                }
                let tree = st.tree();
                for a in args {
                    tree.add_value(node, &id, a);
                }
                if tree.values(node, &id).is_none() {
                    // `<SGF type="X"/>`: the property with one empty value.
                    tree.add_value(node, &id, String::new());
                }
            }
        }
        Frame::ToPlay(node, color) => st.tree().add_value(node, "PL", color.to_owned()),
        Frame::GoGame => {
            let mut tree = st.tree.take().unwrap_or_default();
            // Information and the game's name go first in the root.
            let mut props: Vec<(String, Vec<String>)> = Vec::new();
            if let Some(name) = st.name.take() {
                props.push(("GN".into(), vec![name]));
            }
            for (id, value) in st.info.drain(..) {
                props.push((id.to_owned(), vec![value]));
            }
            props.append(&mut tree.nodes[0].props);
            tree.nodes[0].props = props;
            st.doc.games.push(tree);
        }
        Frame::Go | Frame::Information | Frame::Sequence { .. } | Frame::Node(_) => {}
    }
}

/// Appends text, mapping the writer's stand-ins for control characters back.
fn push_text(buffer: &mut String, text: &str) {
    use crate::write::CONTROL_BASE;
    for c in text.chars() {
        let code = c as u32;
        match code.checked_sub(CONTROL_BASE) {
            Some(k) if k < 0x20 => buffer.push(char::from_u32(k).expect("ASCII")),
            _ => buffer.push(c),
        }
    }
}

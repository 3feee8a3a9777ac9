//! The writer: the form GoGui writes, valid against `go.dtd`, without the
//! DOCTYPE (offline readers reject a remote one).
//!
//! Every property that an XML element can hold *exactly* is written as that
//! element; anything else (values the elements cannot represent, properties
//! the DTD has no element for, game information outside the root) is
//! written as `<SGF type="ID"><Arg>value</Arg>...</SGF>`, so that reading
//! the output back gives the same tree.
//!
//! Point and move values are read as SGF means them before they are
//! mapped ([`point_values`]): white space inside a point is removed
//! (`W[oq\n]` is `<White at="P3"/>`), and a `tt` pass (boards up to
//! 19x19) is the pass `at=""`, as `[]` is.

use std::borrow::Cow;
use std::fmt::Write as _;

use kifu_board::{BoardSize, Point};

use crate::model::{Document, Tree};

/// Information elements of the root, in the order GoGui writes them.
pub(crate) const INFORMATION: &[(&str, &str)] = &[
    ("AP", "Application"),
    ("SZ", "BoardSize"),
    ("PW", "WhitePlayer"),
    ("PB", "BlackPlayer"),
    ("WR", "WhiteRank"),
    ("BR", "BlackRank"),
    ("DT", "Date"),
    ("TM", "Time"),
    ("KM", "Komi"),
    ("RE", "Result"),
    ("HA", "Handicap"),
    ("US", "User"),
    ("CP", "Copyright"),
    ("AN", "Annotation"),
    ("BT", "BlackTeam"),
    ("WT", "WhiteTeam"),
    ("RO", "Round"),
    ("RU", "Rules"),
    ("SO", "Source"),
];

/// Mark elements: property, `type` or `territory` attribute.
pub(crate) const MARKS: &[(&str, &str)] = &[
    ("MA", ""),
    ("SQ", " type=\"square\""),
    ("CR", " type=\"circle\""),
    ("TR", " type=\"triangle\""),
    ("TB", " territory=\"black\""),
    ("TW", " territory=\"white\""),
];

/// Writes a document as Go XML.
///
/// ```
/// let sgf = kifu_sgf::parse(b"(;SZ[9]PB[Kuro];B[ee]C[center];W[]XY[private])").value;
/// let doc = kifu_xml::Document::from_sgf(&sgf);
/// let xml = kifu_xml::write(&doc);
/// assert!(xml.contains("<BlackPlayer>Kuro</BlackPlayer>"));
/// assert!(xml.contains("<Black number=\"1\" at=\"E5\"/>\n<Comment>\n<P>center</P>\n</Comment>"));
/// assert!(xml.contains("<SGF type=\"XY\"><Arg>private</Arg></SGF>"));
/// ```
pub fn write(document: &Document) -> String {
    write_trees(document.games.iter().map(Cow::Borrowed))
}

/// Writes the games of an SGF collection as Go XML: the same text as
/// `write(&Document::from_sgf(collection))`, made one game's tree at a
/// time. The whole document as trees of strings took about 45 bytes per
/// byte of SGF, more than the collection and the XML together.
///
/// ```
/// let sgf = kifu_sgf::parse(b"(;SZ[9];B[ee])(;SZ[13];W[gg])").value;
/// let doc = kifu_xml::Document::from_sgf(&sgf);
/// assert_eq!(kifu_xml::write_sgf(&sgf), kifu_xml::write(&doc));
/// ```
pub fn write_sgf(collection: &kifu_sgf::Collection<'_>) -> String {
    write_trees(collection.games().map(|g| Cow::Owned(Tree::from_sgf(g))))
}

fn write_trees<'t>(trees: impl Iterator<Item = Cow<'t, Tree>>) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go>\n");
    for tree in trees {
        write_game(&tree, &mut out);
    }
    out.push_str("</Go>\n");
    out
}

/// The board size of a game: the last value of the root's `SZ` that is a
/// size, as the reader takes it (`SZ` values are read in the order they
/// are written: Information first, then the root's SGF elements).
fn board_size(tree: &Tree) -> BoardSize {
    tree.nodes[0]
        .props
        .iter()
        .filter(|(id, _)| id == "SZ")
        .flat_map(|(_, values)| values)
        .rev()
        .find_map(|v| BoardSize::from_sgf(v).ok())
        .unwrap_or_default()
}

/// The XML form of an SGF point value, if it has an exact one.
pub(crate) fn xml_point(value: &str, size: BoardSize) -> Option<String> {
    let bytes = value.as_bytes();
    if bytes.len() != 2 || (bytes == b"tt" && size.tt_is_pass()) {
        return None;
    }
    let p = Point::from_sgf(bytes, size).ok()?;
    Some(if size.cols <= 25 {
        p.to_standard(size)
    } else {
        // Wider boards: "column,row", both from 1, rows from the bottom.
        format!("{},{}", p.x + 1, size.rows - p.y)
    })
}

/// The values of property `id` as SGF means them, where that differs
/// from how they are written: white space inside a point is removed
/// (`W[oq\n]` is `oq`, as SGF says); a move's `tt` pass (boards up to
/// 19x19) is the pass `""`; a compressed point list `aa:bb` is its points,
/// row by row (XML has no compressed form). Anything else is returned as
/// it is (and written as an `SGF` element if no element can hold it).
pub(crate) fn point_values<'v>(
    id: &str,
    values: &'v [String],
    size: BoardSize,
) -> Cow<'v, [String]> {
    use kifu_sgf::props::{lookup, without_space_in_point_values};
    let Some(info) = lookup(id) else {
        return Cow::Borrowed(values);
    };
    let raws: Vec<&[u8]> = values.iter().map(|v| v.as_bytes()).collect();
    // Only ASCII white space is removed: the values stay UTF-8.
    let spaceless: Option<Vec<String>> =
        without_space_in_point_values(info, &raws, size).map(|vs| {
            vs.into_iter()
                .map(|v| String::from_utf8_lossy(&v).into_owned())
                .collect()
        });
    let base = spaceless.as_deref().unwrap_or(values);
    match (expanded(info, base, size), spaceless) {
        (Some(v), _) | (None, Some(v)) => Cow::Owned(v),
        (None, None) => Cow::Borrowed(values),
    }
}

/// `tt` passes and compressed point lists of [`point_values`]: `None`
/// when there are none.
fn expanded(
    info: &kifu_sgf::props::PropertyInfo,
    values: &[String],
    size: BoardSize,
) -> Option<Vec<String>> {
    use kifu_sgf::props::{ValueShape, ValueType, rectangle};
    let point = |t: ValueType| matches!(t, ValueType::Point | ValueType::Stone);
    match (info.value, values) {
        (ValueShape::Single(ValueType::Move), [value]) if value == "tt" && size.tt_is_pass() => {
            Some(vec![String::new()])
        }
        (ValueShape::List(t) | ValueShape::EList(t), _)
            if point(t) && values.iter().any(|v| v.contains(':')) =>
        {
            let sgf = |p: Point| String::from_utf8_lossy(&p.to_sgf()).into_owned();
            let mut points = Vec::with_capacity(values.len());
            for v in values {
                let corners = v.split_once(':').map(|(a, b)| {
                    (
                        Point::from_sgf(a.as_bytes(), size),
                        Point::from_sgf(b.as_bytes(), size),
                    )
                });
                match corners {
                    None => points.push(v.clone()),
                    Some((Ok(a), Ok(b))) => points.extend(rectangle(a, b).map(sgf)),
                    // Not a rectangle on this board: kept whole, as written.
                    Some(_) => return None,
                }
            }
            Some(points)
        }
        _ => None,
    }
}

/// Control characters XML 1.0 cannot hold are written as U+F700 plus
/// their code (a private-use character) and read back as themselves.
pub(crate) const CONTROL_BASE: u32 = 0xF700;

/// Escapes text content; CR is kept as a character reference because XML
/// readers turn a literal CR into LF.
pub(crate) fn escape(text: &str, attribute: bool, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\r' => out.push_str("&#13;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\t' if attribute => out.push_str("&#9;"),
            // Not allowed in XML 1.0 at all, not even as a reference: kept
            // as a private-use character that the reader maps back.
            c if (c as u32) < 0x20 && !matches!(c, '\n' | '\t') => {
                out.push(char::from_u32(CONTROL_BASE + c as u32).expect("valid"));
            }
            c => out.push(c),
        }
    }
}

/// Whether a root property of [`INFORMATION`] is written there (else it
/// stays an `<SGF>` element of the root node): `SZ` only for a square
/// board of that size, and `TM` only as a number of seconds over 0, the
/// one form GoGui's `<Time>` takes as its SGF reader takes `TM`. GoGui
/// reads any other `<Time>` with a warning into the root node's properties
/// before the root `<Node>`, which it then reads as a second node; and a
/// `<Time>0</Time>` as a time limit, which makes its writers drop the
/// root's `OT` (its SGF reader ignores `TM[0]` and keeps `OT`, as it does
/// with the `SGF` element).
fn in_information(id: &str, value: &str, size: BoardSize) -> bool {
    match id {
        "SZ" => size.is_square() && value.trim() == size.cols.to_string(),
        "TM" => value
            .trim()
            .parse::<f64>()
            .is_ok_and(|t| t.is_finite() && t > 0.0),
        _ => true,
    }
}

fn write_game(tree: &Tree, out: &mut String) {
    let size = board_size(tree);
    let root_values = |id: &str| tree.values(0, id);
    out.push_str("<GoGame");
    if let Some([name]) = root_values("GN") {
        out.push_str(" name=\"");
        escape(name, true, out);
        out.push('"');
    }
    out.push_str(">\n<Information>\n");
    for (id, element) in INFORMATION {
        // A property with several values (`PW[a][b]`, one too many): the
        // first here, as GoGui's SGF reader takes it, the others in an
        // `SGF` element of the root (see `write_node`).
        let Some([value, rest @ ..]) = root_values(id) else {
            continue;
        };
        if *id == "SZ" && !rest.is_empty() {
            continue;
        }
        if !in_information(id, value, size) {
            continue;
        }
        let _ = write!(out, "<{element}>");
        if *id == "CP" {
            out.push('\n');
            paragraphs(value, out);
        } else {
            escape(value, false, out);
        }
        let _ = writeln!(out, "</{element}>");
    }
    out.push_str("</Information>\n<Nodes>\n");
    let moves = move_numbers(tree);
    // Explicit stack: variations nest as deep as the file nests them.
    enum Task {
        Node(usize),
        Line(usize),
        Open,
        Close,
    }
    let mut stack = vec![Task::Line(0), Task::Node(0)];
    while let Some(task) = stack.pop() {
        match task {
            Task::Node(n) => write_node(tree, n, size, moves[n], out),
            Task::Open => out.push_str("<Variation>\n"),
            Task::Close => out.push_str("</Variation>\n"),
            Task::Line(n) => {
                let kids = &tree.nodes[n].children;
                let Some(&first) = kids.first() else {
                    continue;
                };
                stack.push(Task::Line(first));
                for &k in kids[1..].iter().rev() {
                    stack.push(Task::Close);
                    stack.push(Task::Line(k));
                    stack.push(Task::Node(k));
                    stack.push(Task::Open);
                }
                stack.push(Task::Node(first));
            }
        }
    }
    out.push_str("</Nodes>\n</GoGame>\n");
}

fn has_move(tree: &Tree, n: usize) -> bool {
    tree.values(n, "B").is_some() || tree.values(n, "W").is_some()
}

/// The number of moves from the root to each node, the node included.
pub(crate) fn move_numbers(tree: &Tree) -> Vec<u32> {
    let mut numbers = vec![0u32; tree.nodes.len()];
    let mut stack = vec![0usize];
    while let Some(n) = stack.pop() {
        let before = tree.nodes[n].parent.map_or(0, |p| numbers[p]);
        numbers[n] = before + u32::from(has_move(tree, n));
        stack.extend(&tree.nodes[n].children);
    }
    numbers
}

fn paragraphs(text: &str, out: &mut String) {
    for line in text.split('\n') {
        if line.is_empty() {
            out.push_str("<P/>\n");
        } else {
            out.push_str("<P>");
            escape(line, false, out);
            out.push_str("</P>\n");
        }
    }
}

/// What one node becomes.
struct Parts {
    /// `<Black ...>` / `<White ...>`.
    mv: Option<String>,
    /// Everything else inside a `<Node>`.
    body: String,
    /// Only the move and a comment: GoGui writes such nodes without `<Node>`.
    bare: bool,
}

fn write_node(tree: &Tree, n: usize, size: BoardSize, number: u32, out: &mut String) {
    let node = &tree.nodes[n];
    let is_root = n == 0;
    let mut parts = Parts {
        mv: None,
        body: String::new(),
        bare: !is_root,
    };
    let mut comment = String::new();
    let mut sgf = String::new();
    let mut size_first = String::new();
    let mut name: Option<String> = None;
    let value_of = |id: &str| tree.values(n, id);
    // Information and the game name hold the first property of each id.
    let mut first_seen: Vec<&str> = Vec::new();
    for (id, values) in &node.props {
        let id = id.as_str();
        let first = !first_seen.contains(&id);
        first_seen.push(id);
        let values = point_values(id, values, size);
        let values = values.as_ref();
        match (id, values) {
            (_, _) if is_root && id == "CA" => continue,
            // They describe the SGF file, not the game: SGF writers write
            // them (GoGui's SGF had FF twice). Another game than Go is kept.
            (_, _) if is_root && id == "FF" => continue,
            ("GM", [game]) if is_root && game.trim() == "1" => continue,
            (_, [_]) if is_root && first && id == "GN" => continue,
            (_, [value, rest @ ..])
                if is_root
                    && first
                    && (rest.is_empty() || id != "SZ")
                    && INFORMATION.iter().any(|(i, _)| *i == id)
                    && in_information(id, value, size) =>
            {
                if rest.is_empty() {
                    continue;
                }
                // The first value is in `Information`; the reader puts the
                // others after it again.
                sgf_element(id, rest, &mut sgf);
            }
            // Before any point of the root, so that the reader reads them
            // on this board (`SZ[13:9]`, which Information cannot hold).
            ("SZ", _) if is_root => sgf_element(id, values, &mut size_first),
            ("B" | "W", [value]) if parts.mv.is_none() => {
                let at = if value.is_empty() {
                    Some(String::new())
                } else {
                    xml_point(value, size)
                };
                if let Some(at) = at {
                    let (element, time) = if id == "B" {
                        ("Black", "BL")
                    } else {
                        ("White", "WL")
                    };
                    let mut e = format!("<{element}");
                    // The natural number, as GoGui writes it (and ignores
                    // it); MN goes in its legacy element, which GoGui keeps.
                    let _ = write!(e, " number=\"{number}\"");
                    e.push_str(" at=\"");
                    escape(&at, true, &mut e);
                    e.push('"');
                    if let Some([t]) = value_of(time) {
                        e.push_str(" timeleft=\"");
                        escape(t, true, &mut e);
                        e.push('"');
                    }
                    e.push_str("/>\n");
                    parts.mv = Some(e);
                    continue;
                }
                sgf_element(id, values, &mut sgf);
            }
            ("BL", [_]) if move_color(tree, n, size) == Some("B") => continue,
            ("WL", [_]) if move_color(tree, n, size) == Some("W") => continue,
            ("AB" | "AW" | "AE", _) if all_points(values, size) => {
                let element = match id {
                    "AB" => "AddBlack",
                    "AW" => "AddWhite",
                    _ => "Delete",
                };
                for v in values {
                    let at = xml_point(v, size).expect("checked");
                    let _ = writeln!(parts.body, "<{element} at=\"{at}\"/>");
                }
            }
            (_, _) if MARKS.iter().any(|(i, _)| *i == id) && all_points(values, size) => {
                let attr = MARKS.iter().find(|(i, _)| *i == id).expect("checked").1;
                for v in values {
                    let at = xml_point(v, size).expect("checked");
                    let _ = writeln!(parts.body, "<Mark at=\"{at}\"{attr}/>");
                }
            }
            ("LB", _) if values.iter().all(|v| label(v, size).is_some()) => {
                for v in values {
                    let (at, text) = label(v, size).expect("checked");
                    let _ = write!(parts.body, "<Mark at=\"{at}\" label=\"");
                    escape(text, true, &mut parts.body);
                    parts.body.push_str("\"/>\n");
                }
            }
            ("C", [text]) if comment.is_empty() => {
                comment.push_str("<Comment>\n");
                paragraphs(text, &mut comment);
                comment.push_str("</Comment>\n");
                continue;
            }
            // GoGui writes its selected points one element each.
            ("SL", _) if all_points(values, size) => {
                for v in values {
                    sgf_element(id, std::slice::from_ref(v), &mut sgf);
                }
            }
            ("N", [text]) if name.is_none() => {
                name = Some(text.clone());
            }
            _ => sgf_element(id, values, &mut sgf),
        }
        parts.bare = false;
    }
    if !sgf.is_empty() || !size_first.is_empty() || parts.mv.is_none() {
        parts.bare = false;
    }
    if parts.bare {
        out.push_str(parts.mv.as_deref().unwrap_or_default());
        out.push_str(&comment);
        return;
    }
    out.push_str("<Node");
    if let Some(name) = name {
        out.push_str(" name=\"");
        escape(&name, true, out);
        out.push('"');
    }
    let inner = [
        &size_first,
        parts.mv.as_deref().unwrap_or_default(),
        &parts.body,
        &comment,
        &sgf,
    ]
    .concat();
    if inner.is_empty() {
        out.push_str("/>\n");
    } else {
        out.push_str(">\n");
        out.push_str(&inner);
        out.push_str("</Node>\n");
    }
}

fn move_color(tree: &Tree, n: usize, size: BoardSize) -> Option<&'static str> {
    let mappable = |v: &[String]| match v {
        [m] => m.is_empty() || xml_point(m, size).is_some(),
        _ => false,
    };
    // The first move property decides, as in `write_node`.
    for (id, values) in &tree.nodes[n].props {
        match id.as_str() {
            "B" => return mappable(&point_values(id, values, size)).then_some("B"),
            "W" => return mappable(&point_values(id, values, size)).then_some("W"),
            _ => {}
        }
    }
    None
}

fn all_points(values: &[String], size: BoardSize) -> bool {
    !values.is_empty() && values.iter().all(|v| xml_point(v, size).is_some())
}

fn label(value: &str, size: BoardSize) -> Option<(String, &str)> {
    let (point, text) = value.split_once(':')?;
    Some((xml_point(point, size)?, text))
}

fn sgf_element(id: &str, values: &[String], out: &mut String) {
    let _ = write!(out, "<SGF type=\"{id}\">");
    for v in values {
        out.push_str("<Arg>");
        escape(v, false, out);
        out.push_str("</Arg>");
    }
    out.push_str("</SGF>\n");
}

//! The canonical writer: FF\[4\], UTF-8, the conventional root property
//! order, uncompressed point lists, passes as `[]`, and lines wrapped the
//! way the common editors wrap them (a new line for every variation, no
//! line longer than the width unless one property is longer by itself).

use std::borrow::Cow;

use crate::charset;
use crate::props;
use crate::tree::{Collection, Node, NodeId};

/// Options for [`normalized_with`].
#[derive(Clone, Debug)]
pub struct NormalizeOptions {
    /// Keep each game's original charset (and its `CA`) instead of UTF-8.
    pub keep_charset: bool,
    /// Lines are wrapped before a node or property that would pass this width.
    pub line_width: usize,
}

impl Default for NormalizeOptions {
    fn default() -> Self {
        NormalizeOptions {
            keep_charset: false,
            line_width: 79,
        }
    }
}

/// Root properties first, in this order; all others follow in file order.
const ROOT_ORDER: &[&str] = &["GM", "FF", "CA", "AP", "ST", "SZ"];

/// Writes the collection in the canonical layout with default options.
///
/// ```
/// let c = kifu_sgf::parse(b"(;SZ[9]GM[1] ;AB[aa:bb] ;B[tt](;W[cc])(;W[dd]))").value;
/// let out = kifu_sgf::write::normalized(&c);
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "(;GM[1]FF[4]CA[UTF-8]SZ[9];AB[aa][ba][ab][bb];B[]\n(;W[cc])\n(;W[dd]))\n"
/// );
/// ```
pub fn normalized(collection: &Collection<'_>) -> Vec<u8> {
    normalized_with(collection, &NormalizeOptions::default())
}

/// Writes the collection in the canonical layout.
pub fn normalized_with(collection: &Collection<'_>, options: &NormalizeOptions) -> Vec<u8> {
    let mut w = Writer {
        out: Vec::with_capacity(collection.source().len()),
        line: 0,
        width: options.line_width,
    };
    for game in collection.games() {
        let encoding = game.charset().encoding;
        let size = game.board_size();
        let target = if options.keep_charset {
            encoding
        } else {
            encoding_rs::UTF_8
        };
        let ctx = Context {
            encoding,
            target,
            size,
        };
        write_game(&mut w, collection, game.root().id(), &ctx);
        w.newline();
    }
    w.out
}

struct Context {
    encoding: &'static encoding_rs::Encoding,
    target: &'static encoding_rs::Encoding,
    size: kifu_board::BoardSize,
}

struct Writer {
    out: Vec<u8>,
    line: usize,
    width: usize,
}

impl Writer {
    fn newline(&mut self) {
        if self.line > 0 {
            self.out.push(b'\n');
            self.line = 0;
        }
    }

    /// Writes a unit that should not be broken, wrapping before it if needed.
    fn unit(&mut self, bytes: &[u8]) {
        if self.line > 0 && self.line + bytes.len() > self.width {
            self.newline();
        }
        self.out.extend_from_slice(bytes);
        match memchr::memrchr(b'\n', bytes) {
            Some(at) => self.line = bytes.len() - at - 1,
            None => self.line += bytes.len(),
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
        self.line += bytes.len();
    }
}

fn write_game(w: &mut Writer, collection: &Collection<'_>, root: NodeId, ctx: &Context) {
    let mut open: Vec<(NodeId, bool)> = Vec::new();
    let mut next = Some(root);
    while let Some(id) = next {
        let node = collection.node(id);
        let bracketed = node.parent().is_none_or(|p| p.children().nth(1).is_some());
        if bracketed {
            if node.parent().is_some() {
                w.newline();
            }
            w.raw(b"(");
        }
        write_node(w, node, node.parent().is_none(), ctx);
        open.push((id, bracketed));
        next = node.first_child().map(|n| n.id());
        while next.is_none() {
            let Some((done, bracketed)) = open.pop() else {
                break;
            };
            if bracketed {
                w.raw(b")");
            }
            if done == root {
                break;
            }
            next = collection.node(done).next_sibling().map(|n| n.id());
        }
    }
}

fn write_node(w: &mut Writer, node: Node<'_, '_>, is_root: bool, ctx: &Context) {
    let mut units: Vec<Vec<u8>> = Vec::with_capacity(node.property_count() + 3);
    let mut order: Vec<usize> = (0..node.property_count()).collect();
    let props: Vec<_> = node.properties().collect();
    if is_root {
        let rank = |i: &usize| {
            ROOT_ORDER
                .iter()
                .position(|id| *id == props[*i].id())
                .unwrap_or(ROOT_ORDER.len())
        };
        order.sort_by_key(rank);
    }
    let mut seen_ff = false;
    let mut seen_ca = false;
    let mut seen_gm = false;
    for i in order {
        let p = props[i];
        let id = p.id();
        if id.is_empty() || p.value_count() == 0 {
            continue;
        }
        let values: Vec<Cow<'_, [u8]>> = if is_root && id == "FF" {
            seen_ff = true;
            vec![Cow::Borrowed(b"4")]
        } else if is_root && id == "CA" {
            seen_ca = true;
            vec![Cow::Borrowed(charset::ca_label(ctx.target).as_bytes())]
        } else {
            seen_gm |= is_root && id == "GM";
            property_values(&p, ctx)
        };
        let mut unit = id.as_bytes().to_vec();
        for v in values {
            unit.push(b'[');
            unit.extend_from_slice(&v);
            unit.push(b']');
        }
        units.push(unit);
    }
    if is_root {
        // The canonical header, added where the input left it implicit.
        let mut header = Vec::new();
        if !seen_gm {
            header.push(b"GM[1]".to_vec());
        }
        if !seen_ff {
            header.push(b"FF[4]".to_vec());
        }
        if !seen_ca {
            header.push(format!("CA[{}]", charset::ca_label(ctx.target)).into_bytes());
        }
        units.extend(header);
        units.sort_by_key(|u| {
            let id_len = u.iter().position(|&b| b == b'[').unwrap_or(u.len());
            ROOT_ORDER
                .iter()
                .position(|r| r.as_bytes() == &u[..id_len])
                .unwrap_or(ROOT_ORDER.len())
        });
    }
    let mut first = true;
    for unit in units {
        if first {
            let mut u = b";".to_vec();
            u.extend_from_slice(&unit);
            w.unit(&u);
            first = false;
        } else {
            w.unit(&unit);
        }
    }
    if first {
        w.unit(b";");
    }
}

/// The values of a property as they should be written: point-carrying
/// values of known properties re-formatted (compressed lists expanded,
/// passes as `[]`), everything else as written, in the target charset.
fn property_values<'c>(p: &crate::tree::Property<'c, '_>, ctx: &Context) -> Vec<Cow<'c, [u8]>> {
    if let Some(info) = p.info()
        && props::carries_points(info)
        && let Ok(value) = p.value()
        && let Ok(formatted) = props::format_value(info, &value, ctx.size)
    {
        return formatted
            .into_iter()
            .map(|s| Cow::Owned(s.into_bytes()))
            .collect();
    }
    p.raw_values()
        .zip(p.value_spans())
        .map(|(raw, _)| transcode(raw, ctx))
        .collect()
}

fn transcode<'c>(raw: &'c [u8], ctx: &Context) -> Cow<'c, [u8]> {
    let raw = strip_dangling_backslash(raw);
    if ctx.encoding == ctx.target {
        return Cow::Borrowed(raw);
    }
    let text = charset::decode(ctx.encoding, raw);
    match charset::encode(ctx.target, &text) {
        Ok(Cow::Borrowed(b)) => Cow::Owned(b.to_vec()),
        Ok(Cow::Owned(b)) => Cow::Owned(b),
        Err(_) => Cow::Owned(text.into_owned().into_bytes()),
    }
}

/// A value left open at the end of the input may end in a lone `\`, which
/// would escape the `]` the writer adds.
fn strip_dangling_backslash(raw: &[u8]) -> &[u8] {
    let trailing = raw.iter().rev().take_while(|&&b| b == b'\\').count();
    if trailing % 2 == 1 {
        &raw[..raw.len() - 1]
    } else {
        raw
    }
}

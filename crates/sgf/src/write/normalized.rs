//! The canonical writer: FF\[4\], UTF-8, the conventional root property
//! order, uncompressed point lists, passes as `[]`, and lines wrapped the
//! way the common editors wrap them (a new line for every variation, no
//! line longer than the width unless one property is longer by itself).

use std::borrow::Cow;

use crate::bytes::charset;
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
    // One unit per property; the first carries the `;` so that a node
    // never starts at the end of a line.
    let mut unit: Vec<u8> = Vec::with_capacity(64);
    if !is_root {
        let mut first = true;
        for p in node.properties() {
            if p.id().is_empty() || p.value_count() == 0 {
                continue;
            }
            unit.clear();
            if first {
                unit.push(b';');
                first = false;
            }
            push_property(&mut unit, p.id(), property_values(&p, ctx));
            w.unit(&unit);
        }
        if first {
            w.unit(b";");
        }
        return;
    }
    // The root: conventional order, and the canonical header.
    let mut units: Vec<(usize, Vec<u8>)> = Vec::with_capacity(node.property_count() + 3);
    let (mut seen_ff, mut seen_ca, mut seen_gm) = (false, false, false);
    let rank = |id: &str| {
        ROOT_ORDER
            .iter()
            .position(|r| *r == id)
            .unwrap_or(ROOT_ORDER.len())
    };
    for p in node.properties() {
        let id = p.id();
        if id.is_empty() || p.value_count() == 0 {
            continue;
        }
        let values: Vec<Cow<'_, [u8]>> = match id {
            // Written once, whatever the input repeated.
            "FF" | "CA" if (id == "FF" && seen_ff) || (id == "CA" && seen_ca) => continue,
            "FF" => {
                seen_ff = true;
                vec![Cow::Borrowed(b"4")]
            }
            "CA" => {
                seen_ca = true;
                vec![Cow::Borrowed(charset::ca_label(ctx.target).as_bytes())]
            }
            _ => {
                seen_gm |= id == "GM";
                property_values(&p, ctx)
            }
        };
        let mut u = Vec::new();
        push_property(&mut u, id, values);
        units.push((rank(id), u));
    }
    if !seen_gm {
        units.push((rank("GM"), b"GM[1]".to_vec()));
    }
    if !seen_ff {
        units.push((rank("FF"), b"FF[4]".to_vec()));
    }
    if !seen_ca {
        let ca = format!("CA[{}]", charset::ca_label(ctx.target)).into_bytes();
        units.push((rank("CA"), ca));
    }
    // Stable: properties of equal rank keep their file order.
    units.sort_by_key(|(r, _)| *r);
    for (i, (_, u)) in units.iter().enumerate() {
        if i == 0 {
            unit.clear();
            unit.push(b';');
            unit.extend_from_slice(u);
            w.unit(&unit);
        } else {
            w.unit(u);
        }
    }
}

fn push_property(out: &mut Vec<u8>, id: &str, values: Vec<Cow<'_, [u8]>>) {
    out.extend_from_slice(id.as_bytes());
    for v in values {
        out.push(b'[');
        out.extend_from_slice(&v);
        out.push(b']');
    }
}

/// Whether a raw point value is already in the canonical form: two letters
/// on the board, and not the FF\[3\] `tt` pass.
fn canonical_point(raw: &[u8], size: kifu_board::BoardSize) -> bool {
    raw.len() == 2
        && !(raw == b"tt" && size.tt_is_pass())
        && kifu_board::Point::from_sgf(raw, size).is_ok()
}

/// The values of a property as they should be written: point-carrying
/// values of known properties re-formatted (compressed lists expanded,
/// passes as `[]`), everything else as written, in the target charset.
fn property_values<'c>(p: &crate::tree::Property<'c, '_>, ctx: &Context) -> Vec<Cow<'c, [u8]>> {
    if let Some(info) = p.info()
        && props::carries_points(info)
        && !p.raw_values().all(|raw| canonical_point(raw, ctx.size))
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
    let text = charset::decode(ctx.encoding, raw);
    let fixed = fix_escapes(&text);
    // As read, unless that is malformed UTF-8 (a mostly-UTF-8 text): the
    // decoded text, with U+FFFD for what was malformed, is valid.
    let malformed = ctx.target == encoding_rs::UTF_8 && std::str::from_utf8(raw).is_err();
    if ctx.encoding == ctx.target && matches!(fixed, Cow::Borrowed(_)) && !malformed {
        return Cow::Borrowed(raw);
    }
    match charset::encode(ctx.target, &fixed) {
        Ok(b) => Cow::Owned(b.into_owned()),
        Err(_) => Cow::Owned(fixed.into_owned().into_bytes()),
    }
}

/// Makes a value's escapes well-formed, changing nothing else: a `]` that
/// decoding left unescaped (a multibyte charset's invalid pair) gets its
/// backslash, and a backslash left dangling at the end of a value that
/// was open at the end of the input is dropped, so that the value reads
/// back as it was read.
fn fix_escapes(text: &str) -> Cow<'_, str> {
    let mut escaped = false;
    let mut broken = false;
    for c in text.chars() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == ']' {
            broken = true;
        }
    }
    if !broken && !escaped {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4);
    let mut escaped = false;
    for c in text.chars() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    if escaped {
        out.pop();
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::fix_escapes;

    #[test]
    fn escapes_are_made_well_formed() {
        assert_eq!(fix_escapes("plain \\] text"), "plain \\] text");
        assert_eq!(fix_escapes("a]b"), "a\\]b");
        assert_eq!(fix_escapes("dangling\\"), "dangling");
        assert_eq!(fix_escapes("even\\\\"), "even\\\\");
    }
}

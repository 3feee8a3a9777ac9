//! SGF written as sgfmill writes it, in pieces a `Wrapper` joins into
//! lines: the drop-in's serialise, natively.

use kifu_sgf::Node;

/// A node as sgfmill writes it: `;`, then each property (values of a
/// repeated identifier joined) as one piece, FF first, then by identifier.
pub(crate) fn node_pieces(node: Node<'_, 'static>, out: &mut Wrapper) {
    out.piece(b";");
    let mut props: Vec<(&str, Vec<&[u8]>)> = Vec::new();
    for p in node.properties() {
        let id = p.id();
        match props.iter_mut().find(|(i, _)| *i == id) {
            Some((_, values)) => values.extend(p.raw_values()),
            None => props.push((id, p.raw_values().collect())),
        }
    }
    props.sort_by(|a, b| (a.0 != "FF", a.0).cmp(&(b.0 != "FF", b.0)));
    let mut piece = Vec::new();
    for (id, values) in props {
        piece.clear();
        piece.extend_from_slice(id.as_bytes());
        for v in values {
            piece.push(b'[');
            piece.extend_from_slice(v);
            piece.push(b']');
        }
        out.piece(&piece);
    }
}

/// sgfmill's line wrapping, one piece at a time: a new line starts before
/// a piece that would make the line longer than the width.
pub(crate) struct Wrapper {
    out: Vec<u8>,
    line: Vec<u8>,
    lines: usize,
    width: Option<usize>,
}

impl Wrapper {
    /// Lines kept to `width` columns where possible (None: not wrapped).
    pub(crate) fn new(width: Option<usize>) -> Wrapper {
        Wrapper {
            out: Vec::new(),
            line: Vec::new(),
            lines: 0,
            width,
        }
    }

    pub(crate) fn piece(&mut self, piece: &[u8]) {
        match self.width {
            None => self.out.extend_from_slice(piece),
            Some(width) => {
                if self.line.len() + piece.len() > width {
                    self.flush();
                }
                self.line.extend_from_slice(piece);
            }
        }
    }

    fn flush(&mut self) {
        if self.lines > 0 {
            self.out.push(b'\n');
        }
        self.out.extend_from_slice(&self.line);
        self.lines += 1;
        self.line.clear();
    }

    pub(crate) fn finish(mut self) -> Vec<u8> {
        if !self.line.is_empty() {
            self.flush();
        }
        self.out
    }
}

/// The descendants of `start` in sgfmill's layout: a node with one child
/// continues the sequence, a node with several opens a `(...)` for each.
pub(crate) fn descendant_pieces(start: Node<'_, 'static>, out: &mut Wrapper) {
    enum Step<'c> {
        Open(Node<'c, 'static>),
        Descend(Node<'c, 'static>),
        Close,
    }
    let mut stack = vec![Step::Descend(start)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Close => out.piece(b")"),
            Step::Open(n) => {
                out.piece(b"(");
                node_pieces(n, out);
                stack.push(Step::Descend(n));
            }
            Step::Descend(mut n) => loop {
                let mut kids = n.children();
                let first = kids.next();
                let second = kids.next();
                match (first, second) {
                    (Some(only), None) => {
                        node_pieces(only, out);
                        n = only;
                    }
                    (None, _) => break,
                    (Some(a), Some(b)) => {
                        let all: Vec<_> = [a, b].into_iter().chain(kids).collect();
                        for k in all.into_iter().rev() {
                            stack.push(Step::Close);
                            stack.push(Step::Open(k));
                        }
                        break;
                    }
                }
            },
        }
    }
}

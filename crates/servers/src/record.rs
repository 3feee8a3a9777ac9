//! What the readers build: game information in SGF terms and a tree of
//! moves; then the replay that finds illegal moves and the conversion to
//! an SGF [`Collection`].

use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
use kifu_diag::{Diagnostic, Severity, Span};
use kifu_sgf::Collection;
use kifu_sgf::props::text::escape_text;
use kifu_sgf::tree::Builder;

use crate::codes;
use crate::values::{self, Layout, real};

/// Game information, as the SGF root properties it becomes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Info {
    pub(crate) game_name: Option<String>,
    pub(crate) event: Option<String>,
    pub(crate) round: Option<String>,
    pub(crate) date: Option<String>,
    pub(crate) place: Option<String>,
    pub(crate) black: Option<String>,
    pub(crate) black_rank: Option<String>,
    pub(crate) white: Option<String>,
    pub(crate) white_rank: Option<String>,
    pub(crate) komi: Option<f64>,
    pub(crate) handicap: Option<u32>,
    pub(crate) rules: Option<String>,
    /// Main time in seconds.
    pub(crate) time: Option<u64>,
    pub(crate) overtime: Option<String>,
    pub(crate) result: Option<String>,
    pub(crate) annotator: Option<String>,
    pub(crate) user: Option<String>,
    pub(crate) copyright: Option<String>,
    /// Lines of the game comment `GC`.
    pub(crate) comment: Vec<String>,
}

/// Sets `slot` to a non-empty text.
pub(crate) fn set(slot: &mut Option<String>, text: String) {
    if !text.is_empty() {
        *slot = Some(text);
    }
}

/// A move: who, and where (`None` for a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    pub(crate) color: Color,
    pub(crate) point: Option<Point>,
}

/// A node of the tree; `nodes[0]` of a [`Record`] is the root.
///
/// Plain data (`Copy`, 52 bytes): links are `u32` indices and what few
/// nodes have is in [`Record::extras`], so that adding a move writes
/// little and dropping a record frees two buffers instead of visiting
/// every node (with the extras boxed in each node, nodes took 80 bytes
/// and the drop a loop over them).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Node {
    /// Children as a linked list (no allocation per node).
    first_child: Option<u32>,
    last_child: Option<u32>,
    next_sibling: Option<u32>,
    pub(crate) mv: Option<Move>,
    /// The file's own number for this move, when it is not the natural one.
    pub(crate) number: Option<u32>,
    /// Where the move is written, for diagnostics.
    pub(crate) span: Span,
    /// Its comment, labels, setup, name and view: an index into
    /// [`Record::extras`].
    extra: Option<u32>,
}

/// Comment, labels, setup, name and view of a node.
#[derive(Clone, Debug, Default)]
pub(crate) struct Extra {
    /// `C`.
    pub(crate) comment: String,
    /// `LB`: point and text.
    pub(crate) labels: Vec<(Point, String)>,
    /// Points set to a stone (`AB`, `AW`) or emptied (`AE`).
    pub(crate) setup: Vec<(Option<Color>, Point)>,
    /// `N`.
    pub(crate) name: String,
    /// `VW`: the corners of the part of the board shown.
    pub(crate) view: Option<(Point, Point)>,
}

/// One game read from a server file.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub(crate) size: BoardSize,
    pub(crate) info: Info,
    /// Stones set up in the root (handicap stones): colour, point.
    pub(crate) setup: Vec<(Color, Point)>,
    pub(crate) nodes: Vec<Node>,
    /// The extras of the nodes that have them.
    extras: Vec<Extra>,
}

impl Record {
    /// A record with room for `nodes` nodes: a node per line of the file
    /// is a bound, and one allocation (growing the vector as `[Data]` and
    /// then a review's variations add nodes copied it twice).
    pub(crate) fn with_capacity(size: BoardSize, nodes: usize) -> Record {
        let mut record = Record::new(size);
        record.nodes.reserve(nodes);
        record
    }

    pub(crate) fn new(size: BoardSize) -> Record {
        Record {
            size,
            info: Info::default(),
            setup: Vec::new(),
            nodes: vec![Node::default()],
            extras: Vec::new(),
        }
    }

    /// Adds a move as the last child of `parent`; returns the new node.
    #[inline]
    pub(crate) fn add_move(&mut self, parent: usize, mv: Move, span: Span) -> usize {
        let id = self.nodes.len();
        let link = Some(id as u32);
        self.nodes.push(Node {
            mv: Some(mv),
            span,
            ..Node::default()
        });
        match self.nodes[parent].last_child {
            Some(last) => self.nodes[last as usize].next_sibling = link,
            None => self.nodes[parent].first_child = link,
        }
        self.nodes[parent].last_child = link;
        id
    }

    /// The children of a node, in order.
    pub(crate) fn children(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.nodes[node].first_child, |&c| {
            self.nodes[c as usize].next_sibling
        })
        .map(|c| c as usize)
    }

    /// The only child of a node, if it has exactly one.
    fn only_child(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        match (n.first_child, n.last_child) {
            (Some(first), Some(last)) if first == last => Some(first as usize),
            _ => None,
        }
    }

    /// Pushes the children of `node` on `stack` so that the first is
    /// popped first (allocates only where the tree branches).
    fn push_children(&self, node: usize, stack: &mut Vec<usize>) {
        match (self.only_child(node), self.nodes[node].first_child) {
            (Some(only), _) => stack.push(only),
            (None, Some(_)) => {
                let children: Vec<usize> = self.children(node).collect();
                stack.extend(children.into_iter().rev());
            }
            _ => {}
        }
    }

    /// Makes `node`, the last child of `parent`, its first (the main line
    /// there).
    pub(crate) fn make_first(&mut self, parent: usize, node: usize) {
        let first = self.nodes[parent].first_child;
        let link = Some(node as u32);
        if first == link || self.nodes[parent].last_child != link {
            return;
        }
        let Some(before) = self
            .children(parent)
            .find(|&c| self.nodes[c].next_sibling == link)
        else {
            return;
        };
        self.nodes[before].next_sibling = None;
        self.nodes[parent].last_child = Some(before as u32);
        self.nodes[node].next_sibling = first;
        self.nodes[parent].first_child = link;
    }

    /// Checks the number the file gives move `node` against the one that
    /// follows `last`; a number out of step is reported and `mn` kept in
    /// `MN`.
    #[inline]
    pub(crate) fn check_number(
        &mut self,
        node: usize,
        (number, last): (i64, i64),
        mn: i64,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        if number != last + 1 {
            self.number_out_of_step(node, (number, last), mn, diagnostics);
        }
    }

    /// Reports a move number out of step and keeps it in `MN`.
    #[cold]
    fn number_out_of_step(
        &mut self,
        node: usize,
        (number, last): (i64, i64),
        mn: i64,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        diagnostics.push(Diagnostic::new(
            codes::MOVE_NUMBER,
            Severity::Warning,
            self.nodes[node].span,
            format!(
                "move numbered {number} where {} was expected: the number is kept in MN",
                last + 1
            ),
        ));
        self.nodes[node].number = u32::try_from(mn).ok();
    }

    /// Puts `count` handicap stones on `layout`'s points and sets `HA`;
    /// reports a count that has no such points (not a whole number from 2
    /// to 9, or too many for the board).
    pub(crate) fn place_handicap(
        &mut self,
        count: f64,
        layout: Layout,
        at: Span,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let whole = count.fract() == 0.0 && (0.0..=9.0).contains(&count);
        let points = whole
            .then(|| values::handicap_points(self.size, count as u32, layout))
            .flatten();
        match points {
            Some(points) => {
                self.info.handicap = Some(points.len() as u32);
                self.setup = points.into_iter().map(|p| (Color::Black, p)).collect();
            }
            None => diagnostics.push(Diagnostic::new(
                codes::BAD_VALUE,
                Severity::Warning,
                at,
                format!(
                    "handicap {} has no fixed placement: no stones placed",
                    real(count)
                ),
            )),
        }
    }

    /// Adds a node without a move as the last child of `parent`.
    pub(crate) fn add_node(&mut self, parent: usize, extra: Extra, span: Span) -> usize {
        let id = self.add_move(
            parent,
            Move {
                color: Color::Black,
                point: None,
            },
            span,
        );
        self.nodes[id].mv = None;
        self.set_extra(id, extra);
        id
    }

    /// Gives a node its extra data, in place of what it had.
    pub(crate) fn set_extra(&mut self, node: usize, extra: Extra) {
        match self.nodes[node].extra {
            Some(i) => self.extras[i as usize] = extra,
            None => {
                self.nodes[node].extra = Some(self.extras.len() as u32);
                self.extras.push(extra);
            }
        }
    }

    /// The extra data of a node, if it has any.
    pub(crate) fn extra(&self, node: usize) -> Option<&Extra> {
        self.nodes[node].extra.map(|i| &self.extras[i as usize])
    }

    /// The extra data of a node, made when it has none.
    pub(crate) fn extra_mut(&mut self, node: usize) -> &mut Extra {
        if self.nodes[node].extra.is_none() {
            self.set_extra(node, Extra::default());
        }
        let i = self.nodes[node].extra.expect("just set") as usize;
        &mut self.extras[i]
    }

    /// A node's comment (empty when it has none).
    pub(crate) fn comment_of(&self, node: usize) -> &str {
        self.extra(node).map_or("", |e| &e.comment)
    }

    /// Appends a paragraph to a node's comment.
    pub(crate) fn comment(&mut self, node: usize, text: &str) {
        let c = &mut self.extra_mut(node).comment;
        if !c.is_empty() {
            c.push('\n');
        }
        c.push_str(text);
    }

    /// Replays every line of the tree from the setup and reports each
    /// illegal move (played anyway, as SGF readers do).
    pub(crate) fn replay(&self, diagnostics: &mut Vec<Diagnostic>) {
        let mut board = Board::new(self.size);
        {
            let mut setup = board.setup();
            for &(color, point) in &self.setup {
                setup.set(point, Some(color));
            }
        }
        enum Step {
            Node(usize),
            Back(kifu_board::Checkpoint),
        }
        let mut stack = vec![Step::Node(0)];
        let mut children = Vec::new();
        let mut captured = Vec::new();
        while let Some(step) = stack.pop() {
            let id = match step {
                Step::Node(id) => id,
                Step::Back(checkpoint) => {
                    board.undo_to(&checkpoint);
                    board.release(checkpoint);
                    continue;
                }
            };
            let node = &self.nodes[id];
            if let Some(extra) = self.extra(id)
                && !extra.setup.is_empty()
            {
                let mut setup = board.setup();
                for &(color, point) in &extra.setup {
                    setup.set(point, color);
                }
            }
            if let Some(Move { color, point }) = node.mv {
                match point {
                    Some(p) => {
                        // One check and no allocation per move.
                        if let Some(why) = board.play_anyway_into(color, p, &mut captured) {
                            let what = match why {
                                IllegalMove::Occupied => "on an occupied point",
                                IllegalMove::Suicide => "a suicide",
                                IllegalMove::Ko => "an immediate ko recapture",
                                IllegalMove::OffBoard => "off the board",
                            };
                            diagnostics.push(Diagnostic::new(
                                codes::ILLEGAL_MOVE,
                                Severity::Warning,
                                node.span,
                                format!(
                                    "{} {} is {what}: kept, as SGF readers replay it",
                                    color_name(color),
                                    p.to_standard(self.size)
                                ),
                            ));
                        }
                    }
                    None => board.pass(),
                }
            }
            // The first child is handled next; each later one after the
            // board is taken back to this position.
            children.clear();
            self.push_children(id, &mut children);
            let n = children.len();
            for (i, &child) in children.iter().enumerate() {
                stack.push(Step::Node(child));
                if i + 1 < n {
                    stack.push(Step::Back(board.checkpoint()));
                }
            }
        }
    }

    /// The SGF collection holding this game (UTF-8, FF\[4\]), built with
    /// `kifu_sgf::tree::Builder`: its text written in one pass and its
    /// nodes recorded on the way. (Writing the text and parsing it again
    /// took 3-8% more instructions, counted by callgrind; building node by
    /// node with the tree-editing API took a third of the reading time, as
    /// every property moved the node's property list.)
    pub(crate) fn into_collection(self) -> Collection<'static> {
        let mut b = Builder::with_capacity(64 + 8 * self.nodes.len());
        let info = &self.info;
        b.open();
        b.node();
        for (id, value) in [("GM", "1"), ("FF", "4"), ("CA", "UTF-8")] {
            b.property(id);
            b.value(value.as_bytes());
        }
        b.property("SZ");
        b.value_with(|out| {
            write_number(out, u64::from(self.size.cols));
            if !self.size.is_square() {
                out.push(b':');
                write_number(out, u64::from(self.size.rows));
            }
        });
        let texts: [(&str, Option<&str>); 10] = [
            ("GN", info.game_name.as_deref()),
            ("EV", info.event.as_deref()),
            ("RO", info.round.as_deref()),
            ("DT", info.date.as_deref()),
            ("PC", info.place.as_deref()),
            ("PB", info.black.as_deref()),
            ("BR", info.black_rank.as_deref()),
            ("PW", info.white.as_deref()),
            ("WR", info.white_rank.as_deref()),
            ("RU", info.rules.as_deref()),
        ];
        for (id, value) in texts {
            if let Some(v) = value {
                text_property(&mut b, id, v);
            }
        }
        if let Some(k) = info.komi {
            text_property(&mut b, "KM", &real(k));
        }
        if let Some(h) = info.handicap {
            b.property("HA");
            b.value_with(|out| write_number(out, u64::from(h)));
        }
        if let Some(t) = info.time {
            b.property("TM");
            b.value_with(|out| write_number(out, t));
        }
        let texts: [(&str, Option<&str>); 5] = [
            ("OT", info.overtime.as_deref()),
            ("RE", info.result.as_deref()),
            ("AN", info.annotator.as_deref()),
            ("US", info.user.as_deref()),
            ("CP", info.copyright.as_deref()),
        ];
        for (id, value) in texts {
            if let Some(v) = value {
                text_property(&mut b, id, v);
            }
        }
        if !info.comment.is_empty() {
            text_property(&mut b, "GC", &info.comment.join("\n"));
        }
        for (color, id) in [(Color::Black, "AB"), (Color::White, "AW")] {
            point_list(
                &mut b,
                id,
                self.setup
                    .iter()
                    .filter(|(c, _)| *c == color)
                    .map(|(_, p)| p),
            );
        }
        // Pre-order; a node with several children opens a parenthesis
        // for each.
        enum Step {
            Node(usize),
            Open,
            Close,
        }
        let mut stack = Vec::new();
        let mut index = 0;
        loop {
            let node = &self.nodes[index];
            let point = node.mv.map(|mv| mv.point.map(Point::to_sgf));
            let value = match &point {
                Some(Some(p)) => &p[..],
                _ => b"",
            };
            match node.mv {
                // A move's node, in one step.
                Some(mv) if index > 0 => b.node_with(move_id(mv.color), value),
                Some(mv) => {
                    b.property(move_id(mv.color));
                    b.value(value);
                }
                None if index > 0 => b.node(),
                None => {}
            }
            if let Some(n) = node.number {
                b.property("MN");
                b.value_with(|out| write_number(out, u64::from(n)));
            }
            if let Some(extra) = self.extra(index) {
                for (color, id) in [
                    (Some(Color::Black), "AB"),
                    (Some(Color::White), "AW"),
                    (None, "AE"),
                ] {
                    point_list(
                        &mut b,
                        id,
                        extra
                            .setup
                            .iter()
                            .filter(|(c, _)| *c == color)
                            .map(|(_, p)| p),
                    );
                }
                if !extra.name.is_empty() {
                    text_property(&mut b, "N", &extra.name);
                }
                if let Some((from, to)) = extra.view {
                    b.property("VW");
                    b.value_with(|out| {
                        out.extend_from_slice(&from.to_sgf());
                        out.push(b':');
                        out.extend_from_slice(&to.to_sgf());
                    });
                }
                if !extra.labels.is_empty() {
                    b.property("LB");
                    for (p, text) in &extra.labels {
                        b.value_with(|out| {
                            out.extend_from_slice(&p.to_sgf());
                            out.push(b':');
                            out.extend_from_slice(escape_text(text, true).as_bytes());
                        });
                    }
                }
                if !extra.comment.is_empty() {
                    text_property(&mut b, "C", &extra.comment);
                }
            }
            match (self.only_child(index), node.first_child) {
                // The next node of a line: no step on the stack.
                (Some(only), _) => {
                    index = only;
                    continue;
                }
                (None, Some(_)) => {
                    let at = stack.len();
                    for child in self.children(index) {
                        stack.extend([Step::Open, Step::Node(child), Step::Close]);
                    }
                    stack[at..].reverse();
                }
                _ => {}
            }
            // The next node, opening and closing variations on the way.
            loop {
                match stack.pop() {
                    Some(Step::Node(next)) => {
                        index = next;
                        break;
                    }
                    Some(Step::Open) => b.open(),
                    Some(Step::Close) => b.close(),
                    None => return b.finish(),
                }
            }
        }
    }
}

/// The identifier of a move of `color`.
fn move_id(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// `ID[value]`, the value escaped as SGF Text.
fn text_property(b: &mut Builder, id: &str, value: &str) {
    b.property(id);
    b.value(escape_text(value, false).as_bytes());
}

/// `ID[p1][p2]...`, nothing when there is no point.
fn point_list<'a>(b: &mut Builder, id: &str, points: impl Iterator<Item = &'a Point>) {
    let mut points = points.peekable();
    if points.peek().is_some() {
        b.property(id);
        for p in points {
            b.value(&p.to_sgf());
        }
    }
}

/// A number in decimal, without allocating.
fn write_number(out: &mut Vec<u8>, n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// Forgets what a reader said since `mark` and says that the input is
/// not in its format at all.
pub(crate) fn not_this_format(
    diagnostics: &mut Vec<Diagnostic>,
    mark: usize,
    message: &'static str,
) {
    diagnostics.truncate(mark);
    diagnostics.push(Diagnostic::new(
        codes::NOT_THIS_FORMAT,
        Severity::Error,
        Span::empty(0),
        message,
    ));
}

/// `Black` or `White`.
pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

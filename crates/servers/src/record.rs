//! What the readers build: game information in SGF terms and a tree of
//! moves; then the replay that finds illegal moves and the conversion to
//! an SGF [`Collection`].

use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
use kifu_diag::{Diagnostic, Severity, Span};
use kifu_sgf::Collection;
use kifu_sgf::props::text::escape_text;

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
#[derive(Clone, Debug, Default)]
pub(crate) struct Node {
    /// Children as a linked list (no allocation per node).
    first_child: Option<usize>,
    last_child: Option<usize>,
    next_sibling: Option<usize>,
    pub(crate) mv: Option<Move>,
    /// The file's own number for this move, when it is not the natural one.
    pub(crate) number: Option<u32>,
    pub(crate) comment: String,
    pub(crate) labels: Vec<(Point, String)>,
    /// Where the move is written, for diagnostics.
    pub(crate) span: Span,
}

/// One game read from a server file.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub(crate) size: BoardSize,
    pub(crate) info: Info,
    /// Stones set up in the root (handicap stones): colour, point.
    pub(crate) setup: Vec<(Color, Point)>,
    pub(crate) nodes: Vec<Node>,
}

impl Record {
    pub(crate) fn new(size: BoardSize) -> Record {
        Record {
            size,
            info: Info::default(),
            setup: Vec::new(),
            nodes: vec![Node::default()],
        }
    }

    /// Adds a move as the last child of `parent`; returns the new node.
    pub(crate) fn add_move(&mut self, parent: usize, mv: Move, span: Span) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv: Some(mv),
            span,
            ..Node::default()
        });
        match self.nodes[parent].last_child {
            Some(last) => self.nodes[last].next_sibling = Some(id),
            None => self.nodes[parent].first_child = Some(id),
        }
        self.nodes[parent].last_child = Some(id);
        id
    }

    /// The children of a node, in order.
    pub(crate) fn children(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.nodes[node].first_child, |&c| {
            self.nodes[c].next_sibling
        })
    }

    /// Pushes the children of `node` on `stack` so that the first is
    /// popped first (allocates only where the tree branches).
    fn push_children(&self, node: usize, stack: &mut Vec<usize>) {
        match (self.nodes[node].first_child, self.nodes[node].last_child) {
            (Some(first), Some(last)) if first == last => stack.push(first),
            (Some(_), _) => {
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
        if first == Some(node) || self.nodes[parent].last_child != Some(node) {
            return;
        }
        let Some(before) = self
            .children(parent)
            .find(|&c| self.nodes[c].next_sibling == Some(node))
        else {
            return;
        };
        self.nodes[before].next_sibling = None;
        self.nodes[parent].last_child = Some(before);
        self.nodes[node].next_sibling = first;
        self.nodes[parent].first_child = Some(node);
    }

    /// Checks the number the file gives move `node` against the one that
    /// follows `last`; a number out of step is reported and `mn` kept in
    /// `MN`.
    pub(crate) fn check_number(
        &mut self,
        node: usize,
        (number, last): (i64, i64),
        mn: i64,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        if number == last + 1 {
            return;
        }
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

    /// Appends a paragraph to a node's comment.
    pub(crate) fn comment(&mut self, node: usize, text: &str) {
        let c = &mut self.nodes[node].comment;
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
            if let Some(Move { color, point }) = node.mv {
                match point {
                    Some(p) => {
                        if let Err(why) = board.check_move(color, p) {
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
                        board.play_anyway(color, p);
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

    /// The SGF collection holding this game (UTF-8, FF\[4\]).
    pub(crate) fn into_collection(self) -> Collection<'static> {
        let mut collection = kifu_sgf::parse(b"").value;
        let root = collection.add_game();
        let set = |c: &mut Collection<'static>, node, id: &str, values: &[String]| {
            let escaped: Vec<String> = values
                .iter()
                .map(|v| escape_text(v, false).into_owned())
                .collect();
            let raws: Vec<&[u8]> = escaped.iter().map(|v| v.as_bytes()).collect();
            // Identifiers here are all uppercase literals.
            let _ = c.set_raw(node, id, &raws);
        };
        let one = |s: &str| vec![s.to_owned()];
        set(&mut collection, root, "GM", &one("1"));
        set(&mut collection, root, "FF", &one("4"));
        set(&mut collection, root, "CA", &one("UTF-8"));
        let size = if self.size.is_square() {
            self.size.cols.to_string()
        } else {
            format!("{}:{}", self.size.cols, self.size.rows)
        };
        set(&mut collection, root, "SZ", &one(&size));
        let info = &self.info;
        let root_values: [(&str, Option<String>); 19] = [
            ("GN", info.game_name.clone()),
            ("EV", info.event.clone()),
            ("RO", info.round.clone()),
            ("DT", info.date.clone()),
            ("PC", info.place.clone()),
            ("PB", info.black.clone()),
            ("BR", info.black_rank.clone()),
            ("PW", info.white.clone()),
            ("WR", info.white_rank.clone()),
            ("RU", info.rules.clone()),
            ("KM", info.komi.map(real)),
            ("HA", info.handicap.map(|h| h.to_string())),
            ("TM", info.time.map(|t| t.to_string())),
            ("OT", info.overtime.clone()),
            ("RE", info.result.clone()),
            ("AN", info.annotator.clone()),
            ("US", info.user.clone()),
            ("CP", info.copyright.clone()),
            (
                "GC",
                (!info.comment.is_empty()).then(|| info.comment.join("\n")),
            ),
        ];
        for (id, value) in root_values {
            if let Some(v) = value {
                set(&mut collection, root, id, &[v]);
            }
        }
        for (color, id) in [(Color::Black, "AB"), (Color::White, "AW")] {
            let points: Vec<String> = self
                .setup
                .iter()
                .filter(|(c, _)| *c == color)
                .map(|(_, p)| point_text(Some(*p)))
                .collect();
            if !points.is_empty() {
                set(&mut collection, root, id, &points);
            }
        }
        // Pre-order, each node's properties before its children exist.
        let mut ids = vec![root; self.nodes.len()];
        let mut stack = vec![0usize];
        while let Some(index) = stack.pop() {
            let id = ids[index];
            let node = &self.nodes[index];
            if let Some(mv) = node.mv {
                let key = if mv.color == Color::Black { "B" } else { "W" };
                let point = mv.point.map(Point::to_sgf);
                let raw: &[u8] = point.as_ref().map_or(&[], |p| &p[..]);
                let _ = collection.set_raw(id, key, &[raw]);
            }
            if let Some(n) = node.number {
                set(&mut collection, id, "MN", &one(&n.to_string()));
            }
            if !node.labels.is_empty() {
                // Compose values: the text side escapes `:` too.
                let raws: Vec<String> = node
                    .labels
                    .iter()
                    .map(|(p, text)| {
                        format!("{}:{}", point_text(Some(*p)), escape_text(text, true))
                    })
                    .collect();
                let bytes: Vec<&[u8]> = raws.iter().map(|v| v.as_bytes()).collect();
                let _ = collection.set_raw(id, "LB", &bytes);
            }
            if !node.comment.is_empty() {
                set(&mut collection, id, "C", &one(&node.comment));
            }
            for child in self.children(index) {
                ids[child] = collection
                    .insert_child(id, None)
                    .expect("the parent was just made");
            }
            self.push_children(index, &mut stack);
        }
        collection
    }
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

fn point_text(point: Option<Point>) -> String {
    point.map_or_else(String::new, |p| {
        String::from_utf8_lossy(&p.to_sgf()).into_owned()
    })
}

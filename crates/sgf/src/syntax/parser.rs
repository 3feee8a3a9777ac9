//! The recovering SGF parser: one pass over the bytes, building the arena
//! directly (no token vector, no allocation per value).

use kifu_diag::{Code, Diagnostic, DiagnosticSink, Severity, Span};

use super::ParseOptions;
use super::codes;
use crate::bytes::charset::{self, Resolution, ScanMode};
use crate::tree::{
    Arenas, Collection, NodeData, NodeId, Paren, Parens, Piece, PropData, ValueData, note_lead,
};

/// Identifiers longer than this are reported: no SGF property comes close,
/// and SGFC treats longer ones as corrupt data.
pub const MAX_IDENT_LEN: usize = 100;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// White space between tokens: space, tab, LF, CR, VT, FF. A table,
/// because the parser asks this several times per node.
static SPACE: [bool; 256] = {
    let mut table = [false; 256];
    table[b' ' as usize] = true;
    table[b'\t' as usize] = true;
    table[b'\n' as usize] = true;
    table[b'\r' as usize] = true;
    table[0x0B] = true;
    table[0x0C] = true;
    table
};

fn is_space(b: u8) -> bool {
    SPACE[b as usize]
}

/// Bytes that can start what follows a value: an identifier, another
/// value, a node or a variation.
static STARTS_TOKEN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphabetic() || matches!(c, b';' | b'(' | b')' | b'[');
        b += 1;
    }
    table
};

/// One open game tree.
struct Frame {
    /// The `(` that opened it.
    open: Piece,
    /// The node whose child the game tree's first node becomes.
    parent: Option<NodeId>,
    /// The first node (the one that owns the parentheses).
    first: Option<NodeId>,
    /// The last node of the sequence so far.
    current: Option<NodeId>,
    /// Whether a child game tree has been closed (nodes after it are outside any variation).
    had_variation: bool,
}

pub(crate) struct Parser<'i, 's> {
    input: &'i [u8],
    pos: usize,
    /// Start of the trivia that the next piece will own.
    lead: usize,
    scan: ScanMode,
    /// The charset the caller imposed, if any.
    forced: Option<Resolution>,
    collection: Collection<'i>,
    sink: &'s mut dyn DiagnosticSink,
    stack: Vec<Frame>,
    /// Read every node through the general path (the reference that
    /// [`Parser::sequence`] is tested against).
    general_only: bool,
    /// Reading in parts ([`Parser::run_in_parts`]): the diagnostics of the
    /// part being read, held here instead of reported to `sink`.
    held: Option<Vec<Diagnostic>>,
    /// The games of the parts handed over before the current one.
    games_before: usize,
}

/// What [`Parser::run_in_parts`] hands over: the games of one part, the
/// diagnostics reported while reading them, and whether more games follow.
/// The sink may edit the part (`fix` repairs it in place); what it leaves
/// there gives back its arenas, read into again for the next part.
pub(crate) type PartSink<'f, 'i> = dyn FnMut(&mut Collection<'i>, Vec<Diagnostic>, bool) + 'f;

impl<'i, 's> Parser<'i, 's> {
    pub(crate) fn new(
        input: &'i [u8],
        options: &ParseOptions,
        sink: &'s mut dyn DiagnosticSink,
    ) -> Self {
        Self::new_in(input, options, sink, Arenas::default(), None)
    }

    /// [`Parser::new`], reading into the emptied arenas of a collection
    /// read before, and scanning values for their `]` as `scan` says if
    /// given, instead of as the input's first `CA` and its bytes say: a
    /// reading of a part of a file scans as a reading of the file would.
    pub(crate) fn new_in(
        input: &'i [u8],
        options: &ParseOptions,
        sink: &'s mut dyn DiagnosticSink,
        arenas: Arenas,
        scan: Option<ScanMode>,
    ) -> Self {
        let scan = match (options.charset, scan) {
            (Some(encoding), _) => ScanMode::for_encoding(encoding),
            (None, Some(scan)) => scan,
            (None, None) => charset::scan_mode_for(find_ca(input), input),
        };
        let forced = options.charset.map(|encoding| Resolution {
            encoding,
            scan,
            finding: None,
        });
        Parser {
            input,
            pos: 0,
            lead: 0,
            scan,
            forced,
            collection: Collection::with_capacity_in(input, arenas),
            sink,
            stack: Vec::new(),
            general_only: false,
            held: None,
            games_before: 0,
        }
    }

    /// The parser without its fast path for sequences.
    pub(crate) fn general_only(mut self) -> Self {
        self.general_only = true;
        self
    }

    fn report(&mut self, code: Code, severity: Severity, span: Span, message: impl Into<String>) {
        self.emit(Diagnostic::new(code, severity, span, message.into()));
    }

    fn emit(&mut self, diagnostic: Diagnostic) {
        match &mut self.held {
            Some(held) => held.push(diagnostic),
            None => self.sink.report(diagnostic),
        }
    }

    /// Whether no game has been read yet (in this part or one before).
    fn no_game_yet(&self) -> bool {
        self.games_before == 0 && self.collection.games.is_empty()
    }

    fn span(start: usize, end: usize) -> Span {
        Span::new(start as u32, end as u32)
    }

    fn take(&mut self, len: usize) -> Piece {
        let piece = Piece {
            lead: self.lead as u32,
            start: self.pos as u32,
            end: (self.pos + len) as u32,
        };
        self.pos += len;
        self.lead = self.pos;
        piece
    }

    fn empty_piece(&mut self) -> Piece {
        self.take(0)
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.input.get(self.pos) {
            if !is_space(b) {
                break;
            }
            self.pos += 1;
        }
    }

    fn space_end(&self, mut at: usize) -> usize {
        while at < self.input.len() && is_space(self.input[at]) {
            at += 1;
        }
        at
    }

    /// Whether an identifier followed by `[` starts at `at`.
    fn property_at(&self, at: usize) -> bool {
        let mut i = at;
        while i < self.input.len() && self.input[i].is_ascii_alphabetic() {
            i += 1;
        }
        i > at && self.input.get(self.space_end(i)) == Some(&b'[')
    }

    pub(crate) fn run(mut self) -> Collection<'i> {
        self.read(usize::MAX, &mut |_, _, _| {})
    }

    /// [`Parser::run`], handing the games to `each` a part at a time: when
    /// the games read since the last part span `part_bytes` and another
    /// game follows, they are handed over with their diagnostics (their
    /// charsets settled, as `run` settles every game's at the end) and
    /// their memory is read into again. Each part holds at least one game;
    /// the last one is handed over with `false` (no game follows).
    pub(crate) fn run_in_parts(mut self, part_bytes: usize, each: &mut PartSink<'_, 'i>) {
        self.held = Some(Vec::new());
        let mut last = self.read(part_bytes, each);
        last.partial = self.games_before > 0;
        let held = self.held.take().unwrap_or_default();
        each(&mut last, held, false);
    }

    /// Reads every game, handing a part to `each` as [`Parser::run_in_parts`]
    /// says (never with `usize::MAX`); returns the games of the last part.
    fn read(&mut self, part_bytes: usize, each: &mut PartSink<'_, 'i>) -> Collection<'i> {
        let mut part_start = self.pos;
        while let Some((open_at, missing_open)) = self.find_game() {
            if self.pos - part_start >= part_bytes && !self.collection.games.is_empty() {
                self.hand_over(each);
                part_start = self.pos;
            }
            self.report_junk_outside(open_at);
            self.pos = open_at;
            let open = if missing_open {
                self.report(
                    codes::MISSING_OPEN,
                    Severity::Warning,
                    Self::span(open_at, open_at + 1),
                    "game starts with ';' without '(' before it",
                );
                self.empty_piece()
            } else {
                self.take(1)
            };
            self.game_tree(open);
        }
        if self.no_game_yet() {
            self.report(
                codes::NO_DATA,
                Severity::Error,
                Self::span(0, 0),
                "no SGF game found: expected '(;'",
            );
        } else {
            self.report_junk_outside(self.input.len());
        }
        self.pos = self.input.len();
        self.collection.trailer = self.empty_piece();
        self.collection.scan = self.scan;
        self.resolve_charsets();
        self.collection.trim_arenas();
        std::mem::replace(&mut self.collection, Collection::new(self.input))
    }

    /// Hands the games read so far to `each` (another game follows), then
    /// reads on into their arenas, emptied.
    fn hand_over(&mut self, each: &mut PartSink<'_, 'i>) {
        self.collection.scan = self.scan;
        self.resolve_charsets();
        self.games_before += self.collection.games.len();
        let mut part = std::mem::replace(&mut self.collection, Collection::new(self.input));
        part.partial = true;
        let held = self.held.as_mut().map(std::mem::take).unwrap_or_default();
        each(&mut part, held, true);
        self.collection = Collection::with_arenas(self.input, part.into_arenas());
    }

    /// Reports non-blank text between the pending trivia start and `end`.
    fn report_junk_outside(&mut self, end: usize) {
        let mut start = self.lead;
        if start == 0 && self.input.starts_with(UTF8_BOM) {
            start = UTF8_BOM.len();
        }
        let region = &self.input[start.min(end)..end];
        let Some(first) = region.iter().position(|&b| !is_space(b)) else {
            return;
        };
        let last = region.iter().rposition(|&b| !is_space(b)).unwrap_or(first);
        let span = Self::span(start + first, start + last + 1);
        if self.no_game_yet() {
            self.report(
                codes::JUNK_BEFORE_GAME,
                Severity::Note,
                span,
                format!("{} bytes of text before the first game skipped", span.len()),
            );
            // A value-like `[..]` (no space inside, closed on its line)
            // suggests damaged SGF rather than a mail header or a note.
            let junk = &self.input[span.range()];
            let data = junk.iter().enumerate().find_map(|(i, &b)| {
                let rest = &junk[i + 1..];
                let close = rest.iter().position(|&c| c == b']')?;
                let inner = &rest[..close];
                (b == b'['
                    && !inner.is_empty()
                    && inner
                        .iter()
                        .all(|c| c.is_ascii_alphanumeric() || *c == b':'))
                .then_some(i)
            });
            if let Some(i) = data {
                let at = span.start as usize + i;
                self.report(
                    codes::DATA_BEFORE_GAME,
                    Severity::Warning,
                    Self::span(at, at + 1),
                    "text before the first game looks like SGF data (a damaged start?); skipped",
                );
            }
        } else {
            self.report(
                codes::JUNK_AFTER_GAME,
                Severity::Warning,
                span,
                format!("{} bytes of text outside any game skipped", span.len()),
            );
        }
    }

    /// Finds where the next game starts at or after `pos`: the `(` of `(;`
    /// (or of `(` + property, a game missing its `;`). When no game has been
    /// found at all, a `;` + property also starts one (missing `(`).
    fn find_game(&self) -> Option<(usize, bool)> {
        let mut at = self.pos;
        while let Some(off) = memchr::memchr(b'(', &self.input[at..]) {
            let open = at + off;
            let next = self.space_end(open + 1);
            match self.input.get(next) {
                Some(b';') => return Some((open, false)),
                Some(b) if b.is_ascii_alphabetic() && self.property_at(next) => {
                    return Some((open, false));
                }
                _ => at = open + 1,
            }
        }
        if !self.no_game_yet() {
            return None;
        }
        let mut at = self.pos;
        while let Some(off) = memchr::memchr(b';', &self.input[at..]) {
            let semi = at + off;
            if self.property_at(self.space_end(semi + 1)) {
                return Some((semi, true));
            }
            at = semi + 1;
        }
        None
    }

    /// Parses one game tree whose `(` has been taken, with everything nested in it.
    fn game_tree(&mut self, open: Piece) {
        self.stack.push(Frame {
            open,
            parent: None,
            first: None,
            current: None,
            had_variation: false,
        });
        while !self.stack.is_empty() {
            self.skip_space();
            let Some(b) = self.peek() else {
                self.close_at_end();
                return;
            };
            match b {
                b';' => {
                    let frame = self.stack.last().expect("stack not empty");
                    match frame.current {
                        Some(current) if !frame.had_variation && !self.general_only => {
                            self.sequence(current);
                        }
                        _ => {
                            let semi = self.take(1);
                            self.start_node(semi);
                        }
                    }
                }
                b'(' => self.open_variation(),
                b')' => self.close_variation(),
                b if b.is_ascii_alphabetic() => {
                    // Properties with no node to hold them: a `;` is missing.
                    let at = self.pos;
                    let frame = self.stack.last().expect("stack not empty");
                    if frame.current.is_none() {
                        self.report(
                            codes::MISSING_SEMICOLON,
                            Severity::Warning,
                            Self::span(at, at),
                            "missing ';' after '(': node assumed",
                        );
                    } else {
                        self.report(
                            codes::NODE_OUTSIDE_VARIATION,
                            Severity::Warning,
                            Self::span(at, at),
                            "properties after a variation without ';': read as a new node",
                        );
                    }
                    let semi = Piece {
                        lead: self.lead as u32,
                        start: at as u32,
                        end: at as u32,
                    };
                    self.lead = at;
                    self.start_node(semi);
                }
                _ => self.skip_junk_in_tree(),
            }
        }
    }

    /// Reads the nodes that continue a sequence after `current`, in their
    /// common shape (`;B[pd]`, `;W[qd]C[text]`: uppercase identifiers right
    /// before their values, white space between tokens), and returns at the
    /// first thing of another shape, with everything before it read.
    ///
    /// The general path keeps the position in `self`; here it is a local
    /// that the compiler keeps in a register. The round trips of the
    /// position through memory, one chain of them per byte read, were
    /// what bounded the parser's speed.
    #[inline(never)]
    fn sequence(&mut self, mut current: NodeId) {
        let input = self.input;
        let root = self.collection.data(current).root;
        let mut pos = self.pos;
        let mut lead = self.lead;
        // Whether the node in progress has something the general path must read.
        let mut unusual = false;
        while input.get(pos) == Some(&b';') {
            let semi = Piece {
                lead: lead as u32,
                start: pos as u32,
                end: pos as u32 + 1,
            };
            pos += 1;
            lead = pos;
            let props_start = self.collection.props.len() as u32;
            note_lead(&mut self.collection.sparse.semi_leads, semi);
            let id = self.collection.push_node(NodeData::new(
                Some(current),
                root,
                semi.token(),
                Paren::None,
                props_start,
            ));
            // `current` ends a sequence: it has no children yet.
            let parent = self.collection.data_mut(current);
            parent.first_child = Some(id);
            parent.last_child = Some(id);
            current = id;
            (pos, lead, unusual) = self.common_properties(pos, lead);
            if unusual {
                break;
            }
            self.collection.data_mut(current).props_len =
                self.collection.props.len() as u32 - props_start;
        }
        self.pos = pos;
        self.lead = lead;
        self.stack.last_mut().expect("stack not empty").current = Some(current);
        if unusual {
            self.general_properties();
            let props_start = self.collection.data(current).props_start;
            self.collection.data_mut(current).props_len =
                self.collection.props.len() as u32 - props_start;
        }
    }

    /// Skips bytes inside a game tree, between nodes, that start nothing.
    fn skip_junk_in_tree(&mut self) {
        let start = self.pos;
        if self.input[start] == b'[' {
            self.skip_orphan_value();
            return;
        }
        while let Some(&b) = self.input.get(self.pos) {
            if matches!(b, b';' | b'(' | b')' | b'[') || b.is_ascii_alphabetic() {
                break;
            }
            self.pos += 1;
        }
        self.report_junk_in_node(start);
    }

    fn report_junk_in_node(&mut self, start: usize) {
        let region = &self.input[start..self.pos];
        let end = start + region.iter().rposition(|&b| !is_space(b)).unwrap_or(0) + 1;
        if region.contains(&0) {
            self.report(
                codes::NUL_BYTE,
                Severity::Warning,
                Self::span(start, end),
                "NUL byte skipped",
            );
        } else {
            self.report(
                codes::JUNK_IN_NODE,
                Severity::Warning,
                Self::span(start, end),
                format!(
                    "illegal characters '{}' skipped",
                    String::from_utf8_lossy(&self.input[start..end]).escape_debug()
                ),
            );
        }
    }

    fn start_node(&mut self, semi: Piece) {
        let frame = self.stack.last_mut().expect("stack not empty");
        let parent = frame.current.or(frame.parent);
        let outside = frame.had_variation;
        frame.had_variation = false;
        let is_first = frame.first.is_none();
        let open = frame.open;
        if outside && semi.start != semi.end {
            let at = semi.start as usize;
            self.report(
                codes::NODE_OUTSIDE_VARIATION,
                Severity::Warning,
                Self::span(at, at + 1),
                "node after the variations of a sequence: read as one more variation",
            );
        }
        let id = self.collection.push_child(parent, semi);
        if is_first {
            let charset = Resolution {
                encoding: encoding_rs::UTF_8,
                scan: self.scan,
                finding: None,
            };
            self.collection.start_tree(id, open, charset);
        }
        let frame = self.stack.last_mut().expect("stack not empty");
        if is_first {
            frame.first = Some(id);
        }
        frame.current = Some(id);
        self.properties(id);
    }

    fn open_variation(&mut self) {
        let at = self.pos;
        let frame = self.stack.last().expect("stack not empty");
        let next = self.space_end(at + 1);
        if self.input.get(next) == Some(&b')') {
            // `()`: an empty variation. Both parentheses become trivia.
            self.report(
                codes::EMPTY_VARIATION,
                Severity::Warning,
                Self::span(at, next + 1),
                "empty variation '()' skipped",
            );
            self.pos = next + 1;
            return;
        }
        if frame.current.is_none() {
            // `((`: the outer `(` opened no node; treat it as trivia.
            let outer = self.stack.pop().expect("stack not empty");
            self.report(
                codes::UNBALANCED,
                Severity::Warning,
                Span::new(outer.open.start, outer.open.end),
                "'(' followed by another '(' skipped",
            );
            self.lead = outer.open.lead as usize;
            let open = self.take(1);
            self.stack.push(Frame { open, ..outer });
            return;
        }
        let parent = frame.current;
        let open = self.take(1);
        self.stack.push(Frame {
            open,
            parent,
            first: None,
            current: None,
            had_variation: false,
        });
    }

    fn close_variation(&mut self) {
        let frame = self.stack.pop().expect("stack not empty");
        let Some(first) = frame.first else {
            // Cannot happen for `()` (handled when opening) except after `((`.
            // The `(` and `)` become trivia.
            let at = self.pos;
            self.lead = self.lead.min(frame.open.lead as usize);
            self.pos += 1;
            self.report(
                codes::EMPTY_VARIATION,
                Severity::Warning,
                Self::span(frame.open.start as usize, at + 1),
                "game tree without nodes skipped",
            );
            return;
        };
        let close = self.take(1);
        if let Paren::Source(i) = self.collection.data(first).paren() {
            self.collection.parens[i as usize].close = close;
        }
        if let Some(parent) = self.stack.last_mut() {
            parent.had_variation = true;
        }
    }

    fn close_at_end(&mut self) {
        let end = self.input.len();
        let open_count = self.stack.iter().filter(|f| f.first.is_some()).count();
        if open_count > 0 {
            let mut diagnostic = Diagnostic::new(
                codes::MISSING_CLOSE,
                Severity::Warning,
                Self::span(end, end),
                format!("input ends inside {open_count} game tree(s): missing ')' assumed"),
            );
            if let Some(innermost) = self.stack.iter().rev().find(|f| f.first.is_some()) {
                diagnostic = diagnostic.with_label(
                    Span::new(innermost.open.start, innermost.open.end),
                    "the innermost open game tree starts here",
                );
            }
            self.emit(diagnostic);
        }
        while let Some(frame) = self.stack.pop() {
            if frame.first.is_none() {
                // A `(` with nothing after it: it becomes trivia again.
                self.lead = self.lead.min(frame.open.lead as usize);
                self.report(
                    codes::UNBALANCED,
                    Severity::Warning,
                    Span::new(frame.open.start, frame.open.end),
                    "'(' at the end of the input skipped",
                );
            }
            if let Some(first) = frame.first {
                let close = Piece {
                    lead: end as u32,
                    start: end as u32,
                    end: end as u32,
                };
                if let Paren::Source(i) = self.collection.data(first).paren() {
                    self.collection.parens[i as usize].close = close;
                }
            }
        }
    }

    /// Reads the properties of `node` up to the next `;`, `(`, `)` or the end.
    fn properties(&mut self, node: NodeId) {
        let first = self.collection.props.len();
        self.properties_of_node();
        // Counted once at the end rather than per property.
        let count = (self.collection.props.len() - first) as u32;
        self.collection.data_mut(node).props_len = count;
    }

    /// Reads properties in their common shape (uppercase identifiers right
    /// before their values, white space between) from `pos` on, with the
    /// position in locals (see [`Parser::sequence`]), to the end of the
    /// node or to the first thing of another shape. Returns the position,
    /// the start of the pending trivia, and whether it stopped at such a
    /// thing (which the general path must read).
    #[inline(always)]
    fn common_properties(&mut self, mut pos: usize, mut lead: usize) -> (usize, usize, bool) {
        let input = self.input;
        loop {
            while input.get(pos).is_some_and(|&b| is_space(b)) {
                pos += 1;
            }
            let ident_start = pos;
            while input.get(pos).is_some_and(u8::is_ascii_uppercase) {
                pos += 1;
            }
            if pos == ident_start {
                // Not an identifier: the node ends here unless junk, an
                // orphan value or lowercase letters follow.
                let unusual = !matches!(input.get(pos), None | Some(b';' | b'(' | b')'));
                return (pos, lead, unusual);
            }
            if pos - ident_start > MAX_IDENT_LEN || input.get(pos) != Some(&b'[') {
                return (ident_start, lead, true);
            }
            let ident = Piece {
                lead: lead as u32,
                start: ident_start as u32,
                end: pos as u32,
            };
            note_lead(&mut self.collection.sparse.leads, ident);
            lead = pos;
            let values_start = self.collection.values.len();
            while input.get(pos) == Some(&b'[') {
                let open = pos;
                // Two-letter points (`[pd]`) are most values: no search for
                // them. (Neither byte may be `\` or `]`, so a multibyte
                // character cannot hide the end.)
                let quick = match input.get(open + 1..open + 4) {
                    Some([a, b, b']'])
                        if !matches!(*a, b'\\' | b']') && !matches!(*b, b'\\' | b']') =>
                    {
                        Some(open + 3)
                    }
                    _ => None,
                };
                let Some(close) = quick.or_else(|| self.scan.find_value_end(input, open + 1))
                else {
                    // Read here, not handed back: the values before it
                    // may have reported already.
                    (self.pos, self.lead) = (open, lead);
                    self.unclosed_value(ident, open);
                    (pos, lead) = (self.pos, self.lead);
                    break;
                };
                // Most values are followed at once by what comes next, or
                // by a line break and then what comes next.
                let close = match input.get(close + 1) {
                    Some(&b) if !STARTS_TOKEN[b as usize] => match input.get(close + 2) {
                        Some(&c) if b == b'\n' && STARTS_TOKEN[c as usize] => close,
                        _ => self.extend_text_value(ident.token(), close),
                    },
                    _ => close,
                };
                let value = Piece {
                    lead: lead as u32,
                    start: open as u32,
                    end: close as u32 + 1,
                };
                note_lead(&mut self.collection.sparse.leads, value);
                self.collection.values.push(ValueData {
                    token: value.token(),
                });
                pos = close + 1;
                lead = pos;
                while input.get(pos).is_some_and(|&b| is_space(b)) {
                    pos += 1;
                }
            }
            self.collection.props.push(PropData {
                ident: ident.token(),
                values_start: values_start as u32,
                values_len: (self.collection.values.len() - values_start) as u32,
            });
        }
    }

    fn properties_of_node(&mut self) {
        if !self.general_only {
            let (pos, lead, unusual) = self.common_properties(self.pos, self.lead);
            self.pos = pos;
            self.lead = lead;
            if !unusual {
                return;
            }
        }
        self.general_properties();
    }

    /// Reads properties of any shape, and what is not a property, up to
    /// the end of the node.
    fn general_properties(&mut self) {
        loop {
            // The common case: an identifier right here.
            if self.peek().is_some_and(|b| b.is_ascii_uppercase()) {
                self.property();
                continue;
            }
            self.skip_space();
            let Some(b) = self.peek() else { return };
            match b {
                b';' | b'(' | b')' => return,
                b'[' => self.skip_orphan_value(),
                b if b.is_ascii_alphabetic() => self.property(),
                _ => {
                    let start = self.pos;
                    while let Some(&b) = self.input.get(self.pos) {
                        if matches!(b, b';' | b'(' | b')' | b'[') || b.is_ascii_alphabetic() {
                            break;
                        }
                        self.pos += 1;
                    }
                    self.report_junk_in_node(start);
                }
            }
        }
    }

    /// A value with no identifier: kept as trivia.
    fn skip_orphan_value(&mut self) {
        let start = self.pos;
        let end = match self.scan.find_value_end(self.input, start + 1) {
            Some(close) => close + 1,
            None => self.input.len(),
        };
        self.pos = end;
        self.report(
            codes::VALUE_WITHOUT_ID,
            Severity::Error,
            Self::span(start, end),
            "value without a property identifier skipped",
        );
    }

    /// One property: the identifier at `pos`, then its values. The common
    /// form (uppercase letters, values right after) stays on this short
    /// path; lowercase letters and overlong identifiers go to
    /// [`Parser::unusual_property`].
    #[inline]
    fn property(&mut self) {
        let start = self.pos;
        let mut end = start;
        while let Some(&b) = self.input.get(end) {
            if !b.is_ascii_uppercase() {
                break;
            }
            end += 1;
        }
        if end - start > MAX_IDENT_LEN || self.input.get(end).is_some_and(u8::is_ascii_lowercase) {
            self.unusual_property();
            return;
        }
        let ident = self.take(end - start);
        self.values_of(ident, ident.token());
    }

    /// An identifier with lowercase letters (FF[3] style) or more than
    /// [`MAX_IDENT_LEN`] letters: reported, then read as usual.
    #[cold]
    #[inline(never)]
    fn unusual_property(&mut self) {
        let start = self.pos;
        let mut end = start;
        let mut lowercase = false;
        while let Some(&b) = self.input.get(end) {
            if b.is_ascii_uppercase() {
            } else if b.is_ascii_lowercase() {
                lowercase = true;
            } else {
                break;
            }
            end += 1;
        }
        let ident = self.take(end - start);
        let written = &self.input[start..end];
        let id = if lowercase {
            let upper: Vec<u8> = written
                .iter()
                .copied()
                .filter(u8::is_ascii_uppercase)
                .collect();
            if upper.is_empty() {
                self.report(
                    codes::INVALID_ID,
                    Severity::Error,
                    Self::span(start, end),
                    format!(
                        "property identifier '{}' has no uppercase letter",
                        String::from_utf8_lossy(written)
                    ),
                );
            } else {
                self.report(
                    codes::LOWERCASE_ID,
                    Severity::Warning,
                    Self::span(start, end),
                    format!(
                        "lowercase letters in identifier '{}' (FF[3] style): read as '{}'",
                        String::from_utf8_lossy(written),
                        String::from_utf8_lossy(&upper)
                    ),
                );
            }
            let id = self.collection.create(&upper);
            self.collection.sparse.ids.push((ident.start, id));
            id
        } else {
            ident.token()
        };
        if end - start > MAX_IDENT_LEN {
            self.report(
                codes::LONG_ID,
                Severity::Warning,
                Self::span(start, end),
                format!(
                    "property identifier of {} letters (more than {MAX_IDENT_LEN})",
                    end - start
                ),
            );
        }
        self.values_of(ident, id);
    }

    /// The values after the identifier `ident` (read as `id`), and the
    /// property they make.
    #[inline]
    fn values_of(&mut self, ident: Piece, id: Span) {
        note_lead(&mut self.collection.sparse.leads, ident);
        let values_start = self.collection.values.len() as u32;
        loop {
            if self.peek() != Some(b'[') {
                self.skip_space();
                if self.peek() != Some(b'[') {
                    break;
                }
            }
            let open = self.pos;
            // Two-letter points (`[pd]`) are most values: no search for
            // them. (Neither byte may be `\` or `]`, so a multibyte
            // character cannot hide the end.)
            let quick = match self.input.get(open + 1..open + 4) {
                Some([a, b, b']'])
                    if !matches!(*a, b'\\' | b']') && !matches!(*b, b'\\' | b']') =>
                {
                    Some(open + 3)
                }
                _ => None,
            };
            let Some(close) = quick.or_else(|| self.scan.find_value_end(self.input, open + 1))
            else {
                self.unclosed_value(ident, open);
                continue;
            };
            // Most values are followed at once by what comes next, or by a
            // line break and then what comes next.
            let close = match self.input.get(close + 1) {
                Some(&b) if !STARTS_TOKEN[b as usize] => match self.input.get(close + 2) {
                    Some(&c) if b == b'\n' && STARTS_TOKEN[c as usize] => close,
                    _ => self.extend_text_value(id, close),
                },
                _ => close,
            };
            let piece = self.take(close + 1 - open);
            note_lead(&mut self.collection.sparse.leads, piece);
            self.collection.values.push(ValueData {
                token: piece.token(),
            });
        }
        let values_len = self.collection.values.len() as u32 - values_start;
        if values_len == 0 {
            self.no_value(ident);
        }
        self.collection.props.push(PropData {
            ident: ident.token(),
            values_start,
            values_len,
        });
    }

    /// A value open at `open` that no `]` closes: it runs to the end.
    #[cold]
    #[inline(never)]
    fn unclosed_value(&mut self, ident: Piece, open: usize) {
        let len = self.input.len() - open;
        let piece = self.take(len);
        note_lead(&mut self.collection.sparse.leads, piece);
        self.collection.sparse.unclosed = Some(self.collection.values.len() as u32);
        self.collection.values.push(ValueData {
            token: piece.token(),
        });
        let written = String::from_utf8_lossy(&self.input[ident.token().range()]);
        let message = format!("value of '{written}' not closed by ']' before the end of the input");
        self.report(
            codes::UNCLOSED_VALUE,
            Severity::Error,
            Self::span(open, self.input.len()),
            message,
        );
    }

    #[cold]
    #[inline(never)]
    fn no_value(&mut self, ident: Piece) {
        let written = String::from_utf8_lossy(&self.input[ident.token().range()]);
        let message = format!("property '{written}' has no value");
        self.report(
            codes::ID_WITHOUT_VALUE,
            Severity::Warning,
            ident.token(),
            message,
        );
    }

    /// Where a text value really ends: a `]` ends it only if what follows
    /// (after white space) can start a property, a value, a node or a
    /// variation, or is the end of the input. Otherwise the `]` was text
    /// that should have been escaped, and the value goes on to the next
    /// `]` (reported once per value).
    #[cold]
    #[inline(never)]
    fn extend_text_value(&mut self, id: Span, mut close: usize) -> usize {
        let first = close;
        // The common case first: what follows can start something.
        let next = self.space_end(close + 1);
        match self.input.get(next) {
            Some(&b) if !STARTS_TOKEN[b as usize] => {}
            _ => return close,
        }
        // Text values are where an unescaped `]` is common (`US[Matsuyama[3d]]`).
        let text_like =
            crate::props::lookup(std::str::from_utf8(self.collection.bytes(id)).unwrap_or(""))
                .is_some_and(|info| {
                    matches!(
                        info.value,
                        crate::props::ValueShape::Single(
                            crate::props::ValueType::Text | crate::props::ValueType::SimpleText
                        )
                    )
                });
        if !text_like {
            return close;
        }
        loop {
            let next = self.space_end(close + 1);
            match self.input.get(next) {
                None => break,
                Some(&b) if STARTS_TOKEN[b as usize] => break,
                Some(_) => match self.scan.find_value_end(self.input, close + 1) {
                    // Not across what looks like a property (`12 B[aa]`):
                    // that is junk between properties, not text.
                    Some(further) if !looks_like_property(&self.input[close + 1..further]) => {
                        close = further;
                    }
                    _ => break,
                },
            }
        }
        if close != first {
            self.report(
                codes::UNESCAPED_BRACKET,
                Severity::Warning,
                Self::span(first, first + 1),
                "']' inside a text value that should have been escaped: read as text",
            );
        }
        close
    }

    /// Decides each game's charset from its own `CA` and its own bytes (a
    /// collection may mix charsets), and reports what had to be guessed.
    fn resolve_charsets(&mut self) {
        for index in 0..self.collection.games.len() {
            let root = self.collection.games[index].root;
            self.collection.games[index].size = self.collection.size_from_root(root);
            if let Some(forced) = &self.forced {
                self.collection.games[index].charset = forced.clone();
                continue;
            }
            let ca = self
                .collection
                .node(root)
                .property("CA")
                .and_then(|p| p.raw_values().next().map(|v| (v.to_vec(), p.span())));
            let bytes = match self.collection.parens_of(root) {
                Some(Parens { open, close }) => {
                    &self.input[open.start as usize..(close.end.max(open.start)) as usize]
                }
                _ => self.input,
            };
            let resolution = charset::resolve(ca.as_ref().map(|(v, _)| v.as_slice()), bytes);
            if let Some(finding) = &resolution.finding {
                let span = ca.as_ref().map_or(Span::empty(0), |(_, span)| *span);
                let (code, severity, message) =
                    (finding.code(), finding.severity(), finding.message());
                self.report(code, severity, span, message);
            }
            self.collection.games[index].charset = resolution;
        }
    }
}

/// Whether `bytes` hold an identifier followed by `[` (`B[`, `AddBlack [`).
fn looks_like_property(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().any(|(i, &b)| {
        b == b'['
            && bytes[..i]
                .iter()
                .rev()
                .find(|&&c| !is_space(c))
                .is_some_and(u8::is_ascii_alphabetic)
    })
}

/// The value of the first `CA[...]` of the input, found without parsing.
/// Used to pick the scanning mode before values are read.
fn find_ca(input: &[u8]) -> Option<&[u8]> {
    // Built once: constructing a searcher costs more than searching a
    // typical game record.
    static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"CA["));
    for at in FINDER.find_iter(input) {
        if at > 0 && input[at - 1].is_ascii_uppercase() {
            continue;
        }
        let start = at + 3;
        let end = memchr::memchr(b']', &input[start..])?;
        return Some(&input[start..start + end]);
    }
    None
}

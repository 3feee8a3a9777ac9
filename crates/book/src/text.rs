//! Rich text in paragraphs and captions: styles, symbols, inline diagrams,
//! links and image bullets ([`parse`]), typography ([`typography`]),
//! coordinates replaced by the diagram's marks ([`substitute_coordinates`])
//! and standard texts such as `#btp#` ([`expand_standard_texts`]).
//!
//! [`parse`] turns a paragraph's value into a flat list of [`Run`]s, each
//! with its [`Style`] (bold, italic, underline), an optional [`Anchor`]
//! (the link or inline diagram it belongs to) and the byte range of the
//! value it came from. A renderer walks the runs in order.
//!
//! The string functions work on any text; the [`RichText`] methods apply
//! them to the text runs only, so that symbols, link targets and image URLs
//! are never touched. A renderer calls them in this order:
//!
//! ```
//! use kifu_book::text::{self, Fields};
//! let mut rich = text::parse("#btp# Play at \"D4\"... **then** ^Tb.");
//! let notes = rich.expand_standard_texts("en", &Fields::default());
//! assert!(notes.is_empty());
//! let unknown = rich.substitute_coordinates(|c| (c == "D4").then(|| "A".to_string()));
//! assert!(unknown.is_empty());
//! rich.apply_typography("en");
//! assert_eq!(rich.plain_text(), "Black to play. Play at “A”… then ▲.");
//! ```
//!
//! Rich text is a leaf over the text as written: it uses only the inline
//! markup ([`crate::inline`]) and the language codes ([`crate::language`])
//! of that layer, and the meaning, Go, the checks and the outputs may use
//! it.

mod coordinates;
mod standard;
mod typography;

use std::ops::Range;

use kifu_board::Color;

use crate::document::inline::{Inline, InlineAttribute, InlineError, split};

pub use coordinates::substitute_coordinates;
pub use standard::{
    Fields, NoteKind, StandardText, StandardTextNote, TextContext, expand_standard_texts,
    standard_codes, standard_text,
};
pub use typography::{QuoteStyle, quote_style, typography};

/// A paragraph's text, split into styled runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RichText {
    /// The runs, in reading order.
    pub runs: Vec<Run>,
    /// The inline diagrams (`<dia ...>text</dia>`), in order;
    /// [`Anchor::Diagram`] indexes this list.
    pub diagrams: Vec<InlineDiagram>,
    /// The byte ranges of the markup that shows as no run: paired style
    /// markers (`**`, `__`, `==`) and the tags of links and inline diagrams
    /// (`<a href="x">`, `</a>`). With the runs' ranges they cover the value
    /// exactly once.
    pub markup: Vec<Range<usize>>,
    /// Broken inline markup (`<dia>` without `</dia>`...), kept as text.
    pub errors: Vec<InlineError>,
}

/// A piece of text with one style, or one symbol, break, tab or image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// What the run shows.
    pub kind: RunKind,
    /// Bold, italic, underline.
    pub style: Style,
    /// The link or inline diagram the run belongs to, if any.
    pub anchor: Option<Anchor>,
    /// The byte range of the paragraph's value the run comes from. For a
    /// text run straight from [`parse`], the text is exactly that slice.
    pub range: Range<usize>,
    /// Whether the text was inserted by a standard text (`#btp#`,
    /// `#title#`...) rather than written by the author; coordinates are not
    /// substituted in it.
    pub generated: bool,
}

/// What a [`Run`] shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunKind {
    /// Text (with any unpaired markers kept as written).
    Text(String),
    /// `^T`, `^D`, `^O`, `^S` or `^X`, optionally on a black (`b`) or white
    /// (`w`) stone.
    Symbol {
        /// Which mark.
        symbol: Symbol,
        /// The stone it is on, if given.
        color: Option<Color>,
    },
    /// A line break: a real one, `\n`, `<br>` or `<br/>`.
    LineBreak,
    /// A tab (a real one or `\t`); the bullet style aligns on tabs.
    Tab,
    /// An image (`<img url="x.png"></img>`), typically a bullet.
    Image {
        /// Its `url` attribute.
        url: Option<String>,
        /// Its `href` attribute: where tapping it leads.
        href: Option<String>,
    },
}

/// The text style of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    /// Inside `**...**`.
    pub bold: bool,
    /// Inside `__...__`.
    pub italic: bool,
    /// Inside `==...==`.
    pub underline: bool,
}

/// The tappable thing a run belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// A link `<a href="...">`: a URL, an element ID or a language code.
    Link {
        /// The `href` value.
        href: String,
    },
    /// An inline diagram `<dia ...>`: its index in [`RichText::diagrams`].
    Diagram {
        /// Index in [`RichText::diagrams`].
        index: usize,
    },
}

/// An inline diagram of a paragraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineDiagram {
    /// Its attributes (`at`, `mv`...), in order.
    pub attributes: Vec<InlineAttribute>,
    /// The whole `<dia ...>...</dia>` markup.
    pub range: Range<usize>,
}

/// The marks that can appear in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// `^T`: a triangle (the `tr` attribute).
    Triangle,
    /// `^D`: a diamond (the `rg` attribute).
    Diamond,
    /// `^O`: a stone (a small circle without `b` or `w`).
    Stone,
    /// `^S`: a square (the `sq` attribute).
    Square,
    /// `^X`: a cross (the `ma` attribute).
    Cross,
}

impl Symbol {
    /// The symbol written as `^` and this letter.
    ///
    /// ```
    /// use kifu_book::text::Symbol;
    /// assert_eq!(Symbol::from_letter('O'), Some(Symbol::Stone));
    /// assert_eq!(Symbol::from_letter('0'), None);
    /// ```
    pub fn from_letter(letter: char) -> Option<Symbol> {
        Some(match letter {
            'T' => Symbol::Triangle,
            'D' => Symbol::Diamond,
            'O' => Symbol::Stone,
            'S' => Symbol::Square,
            'X' => Symbol::Cross,
            _ => return None,
        })
    }

    /// The letter after `^`.
    ///
    /// ```
    /// assert_eq!(kifu_book::text::Symbol::Cross.letter(), 'X');
    /// ```
    pub fn letter(self) -> char {
        match self {
            Symbol::Triangle => 'T',
            Symbol::Diamond => 'D',
            Symbol::Stone => 'O',
            Symbol::Square => 'S',
            Symbol::Cross => 'X',
        }
    }

    /// A Unicode stand-in for plain-text output: the format's △ ◇ □ ×, and
    /// for stones ● (black), ○ (white) or ◦ (a small circle). Marks on
    /// stones have no Unicode character; they get the filled shape for
    /// black (▲ ◆ ■) and the outline for white, and the cross stays ×.
    ///
    /// ```
    /// use kifu_board::Color;
    /// use kifu_book::text::Symbol;
    /// assert_eq!(Symbol::Triangle.unicode(None), "△");
    /// assert_eq!(Symbol::Triangle.unicode(Some(Color::Black)), "▲");
    /// assert_eq!(Symbol::Stone.unicode(Some(Color::White)), "○");
    /// ```
    pub fn unicode(self, color: Option<Color>) -> &'static str {
        let black = color == Some(Color::Black);
        match self {
            Symbol::Triangle if black => "▲",
            Symbol::Triangle => "△",
            Symbol::Diamond if black => "◆",
            Symbol::Diamond => "◇",
            Symbol::Square if black => "■",
            Symbol::Square => "□",
            Symbol::Cross => "×",
            Symbol::Stone => match color {
                Some(Color::Black) => "●",
                Some(Color::White) => "○",
                None => "◦",
            },
        }
    }
}

impl Run {
    /// The run's text, if it is a text run.
    ///
    /// ```
    /// let rich = kifu_book::text::parse("a **b**");
    /// assert_eq!(rich.runs[1].text(), Some("b"));
    /// ```
    pub fn text(&self) -> Option<&str> {
        match &self.kind {
            RunKind::Text(t) => Some(t),
            _ => None,
        }
    }
}

impl RichText {
    /// The text without styles: symbols as [`Symbol::unicode`], breaks as
    /// `\n`, tabs as `\t`, images as nothing.
    ///
    /// ```
    /// let rich = kifu_book::text::parse("**Bold** ^Ow<br>next");
    /// assert_eq!(rich.plain_text(), "Bold ○\nnext");
    /// ```
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        for run in &self.runs {
            match &run.kind {
                RunKind::Text(t) => out.push_str(t),
                RunKind::Symbol { symbol, color } => out.push_str(symbol.unicode(*color)),
                RunKind::LineBreak => out.push('\n'),
                RunKind::Tab => out.push('\t'),
                RunKind::Image { .. } => {}
            }
        }
        out
    }

    /// Applies [`typography`] to the text runs, with the runs around each
    /// one as context: in `"**bold**"` the first quote opens and the last
    /// one closes. Symbols and images count as letters, breaks and tabs as
    /// spaces; a rule that joins characters (`--`, `...`) writes its result
    /// into the run of its first character.
    ///
    /// ```
    /// let mut rich = kifu_book::text::parse("\"**Hi**\" -- 'yes'");
    /// rich.apply_typography("de");
    /// assert_eq!(rich.plain_text(), "„Hi“ – ‚yes‘");
    /// assert!(rich.runs[1].style.bold);
    /// ```
    pub fn apply_typography(&mut self, lang: &str) {
        let segments: Vec<typography::Segment<'_>> = self
            .runs
            .iter()
            .map(|run| match &run.kind {
                RunKind::Text(t) => typography::Segment::Text(t),
                RunKind::LineBreak => typography::Segment::Opaque('\n'),
                RunKind::Tab => typography::Segment::Opaque('\t'),
                RunKind::Symbol { .. } | RunKind::Image { .. } => {
                    typography::Segment::Opaque('\u{FFFC}')
                }
            })
            .collect();
        let out = typography::typography_segments(&segments, lang);
        for (run, text) in self.runs.iter_mut().zip(out) {
            if let RunKind::Text(t) = &mut run.kind {
                *t = text;
            }
        }
    }

    /// Applies [`substitute_coordinates`] to the text runs the author wrote
    /// (not to [`Run::generated`] ones) and returns the ranges, in the
    /// paragraph's value, of the coordinates that `lookup` has no mark for.
    /// Call it before [`apply_typography`](Self::apply_typography), whose
    /// changes would shift the ranges.
    ///
    /// ```
    /// let mut rich = kifu_book::text::parse("Invade at **F8**, not C3.");
    /// let unknown = rich.substitute_coordinates(|c| (c == "F8").then(|| "A".into()));
    /// assert_eq!(unknown, [22..24]);
    /// assert_eq!(rich.plain_text(), "Invade at A, not C3.");
    /// ```
    pub fn substitute_coordinates(
        &mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Vec<Range<usize>> {
        let mut unknown = Vec::new();
        for run in &mut self.runs {
            if run.generated {
                continue;
            }
            if let RunKind::Text(t) = &mut run.kind {
                let (new, missing) = substitute_coordinates(t, &lookup);
                *t = new;
                let at = run.range.start;
                unknown.extend(missing.into_iter().map(|r| r.start + at..r.end + at));
            }
        }
        unknown
    }

    /// Applies [`expand_standard_texts`] to the text runs: each replaced
    /// code becomes a run of its own, marked [`Run::generated`], whose range
    /// is the code's. The notes' ranges are in the paragraph's value. Call
    /// it first, on the runs as parsed. Codes in link targets are left alone.
    ///
    /// ```
    /// use kifu_book::text::{parse, Fields};
    /// let mut rich = parse("__#wtl#__ #Problem#");
    /// let notes = rich.expand_standard_texts("de", &Fields::default());
    /// assert!(notes.is_empty());
    /// assert_eq!(rich.plain_text(), "Weiß zieht und lebt. Problem");
    /// assert!(rich.runs[0].style.italic && rich.runs[0].generated);
    /// ```
    pub fn expand_standard_texts(
        &mut self,
        lang: &str,
        context: &dyn TextContext,
    ) -> Vec<StandardTextNote> {
        let mut notes = Vec::new();
        let mut runs = Vec::with_capacity(self.runs.len());
        for run in std::mem::take(&mut self.runs) {
            let RunKind::Text(t) = &run.kind else {
                runs.push(run);
                continue;
            };
            if run.generated {
                runs.push(run);
                continue;
            }
            let at = run.range.start;
            let (pieces, found) = standard::expand_pieces(t, lang, context);
            notes.extend(found.into_iter().map(|mut n| {
                n.range = n.range.start + at..n.range.end + at;
                n
            }));
            for piece in pieces {
                let (text, range, generated) = match piece {
                    standard::Piece::Literal(r) => (t[r.clone()].to_owned(), r, false),
                    standard::Piece::Replaced { range, text } => (text, range, true),
                };
                runs.push(Run {
                    kind: RunKind::Text(text),
                    range: range.start + at..range.end + at,
                    generated,
                    ..run.clone()
                });
            }
        }
        self.runs = runs;
        notes
    }
}

/// Splits a paragraph's value (or a caption) into styled runs.
///
/// * `**bold**`, `__italic__` and `==underline==` nest either way; a marker
///   without a partner stays in the text as written. Markers pair up within
///   the same link or inline diagram text (or outside all of them), so a
///   style never leaks out of a link, and never out of the paragraph.
/// * `^T`, `^D`, `^O`, `^S`, `^X`, each optionally followed by `b` or `w`,
///   become [`RunKind::Symbol`] runs.
/// * Line breaks, `<br>`, `<br/>` and `\n` become [`RunKind::LineBreak`];
///   tabs and `\t` become [`RunKind::Tab`].
/// * `<a href>` and `<dia>` give their text runs an [`Anchor`]; `<img>`
///   becomes a [`RunKind::Image`] run.
///
/// ```
/// use kifu_book::text::{parse, Anchor, RunKind, Symbol};
/// use kifu_board::Color;
/// let rich = parse("__italic **bold italic**__ ^Tb <a href=\"ch2\">go</a>");
/// let r = &rich.runs;
/// assert_eq!((r[0].text(), r[0].style.italic, r[0].style.bold), (Some("italic "), true, false));
/// assert_eq!((r[1].text(), r[1].style.italic, r[1].style.bold), (Some("bold italic"), true, true));
/// assert_eq!(r[3].kind, RunKind::Symbol { symbol: Symbol::Triangle, color: Some(Color::Black) });
/// assert_eq!(r[5].anchor, Some(Anchor::Link { href: "ch2".into() }));
/// assert_eq!(r[5].text(), Some("go"));
/// ```
pub fn parse(text: &str) -> RichText {
    let mut rich = RichText::default();
    let items = items(text, 0..text.len(), &mut rich);
    emit(text, &items, Style::default(), None, &mut rich);
    rich
}

/// A style marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Bold,
    Italic,
    Underline,
}

/// A piece of a container (the paragraph, or the text of one link or
/// inline diagram) before the markers are paired.
enum Item {
    Text(Range<usize>),
    Marker(Marker, Range<usize>),
    Symbol(Symbol, Option<Color>, Range<usize>),
    Tab(Range<usize>),
    Break(Range<usize>),
    Image {
        url: Option<String>,
        href: Option<String>,
        range: Range<usize>,
    },
    Anchor {
        anchor: Anchor,
        open: Range<usize>,
        close: Range<usize>,
        items: Vec<Item>,
    },
}

/// The items of `text[range]`.
fn items(text: &str, range: Range<usize>, rich: &mut RichText) -> Vec<Item> {
    let at = range.start;
    let (pieces, errors) = split(&text[range]);
    let shift = |r: Range<usize>| r.start + at..r.end + at;
    rich.errors.extend(errors.into_iter().map(|mut e| {
        e.range = shift(e.range);
        e
    }));
    let mut out = Vec::new();
    for piece in pieces {
        match piece {
            Inline::Text(r) => tokens(text, shift(r), &mut out),
            Inline::LineBreak(r) => out.push(Item::Break(shift(r))),
            Inline::Diagram {
                attributes,
                text: inner,
                range,
            } => {
                let (inner, range) = (shift(inner), shift(range));
                let index = rich.diagrams.len();
                rich.diagrams.push(InlineDiagram {
                    attributes: attributes
                        .into_iter()
                        .map(|mut a| {
                            a.range = shift(a.range);
                            a
                        })
                        .collect(),
                    range: range.clone(),
                });
                let items = items(text, inner.clone(), rich);
                out.push(Item::Anchor {
                    anchor: Anchor::Diagram { index },
                    open: range.start..inner.start,
                    close: inner.end..range.end,
                    items,
                });
            }
            Inline::Link {
                href,
                text: inner,
                range,
            } => {
                let (inner, range) = (shift(inner), shift(range));
                let items = items(text, inner.clone(), rich);
                out.push(Item::Anchor {
                    anchor: Anchor::Link { href },
                    open: range.start..inner.start,
                    close: inner.end..range.end,
                    items,
                });
            }
            Inline::Image { attributes, range } => {
                let get = |name: &str| {
                    attributes
                        .iter()
                        .find(|a| a.name == name)
                        .map(|a| a.value.clone())
                };
                out.push(Item::Image {
                    url: get("url"),
                    href: get("href"),
                    range: shift(range),
                });
            }
        }
    }
    out
}

/// Splits plain text into text, markers, symbols and tabs.
fn tokens(text: &str, range: Range<usize>, out: &mut Vec<Item>) {
    let bytes = text.as_bytes();
    let end = range.end;
    let mut text_start = range.start;
    let mut i = range.start;
    let push = |out: &mut Vec<Item>, from: usize, at: usize, item: Item| {
        if from < at {
            out.push(Item::Text(from..at));
        }
        out.push(item);
    };
    while i < end {
        let next = bytes.get(i + 1).copied().filter(|_| i + 1 < end);
        let item = match (bytes[i], next) {
            (b'*', Some(b'*')) => Some((Item::Marker(Marker::Bold, i..i + 2), 2)),
            (b'_', Some(b'_')) => Some((Item::Marker(Marker::Italic, i..i + 2), 2)),
            (b'=', Some(b'=')) => Some((Item::Marker(Marker::Underline, i..i + 2), 2)),
            (b'\t', _) => Some((Item::Tab(i..i + 1), 1)),
            (b'\\', Some(b't')) => Some((Item::Tab(i..i + 2), 2)),
            (b'^', Some(letter)) => Symbol::from_letter(char::from(letter)).map(|symbol| {
                let color = match bytes.get(i + 2).filter(|_| i + 2 < end) {
                    Some(b'b') => Some(Color::Black),
                    Some(b'w') => Some(Color::White),
                    _ => None,
                };
                let len = 2 + usize::from(color.is_some());
                (Item::Symbol(symbol, color, i..i + len), len)
            }),
            _ => None,
        };
        match item {
            Some((item, len)) => {
                push(out, text_start, i, item);
                i += len;
                text_start = i;
            }
            None => i += 1,
        }
    }
    if text_start < end {
        out.push(Item::Text(text_start..end));
    }
}

/// Which markers of a container have a partner (toggling per kind).
fn paired(items: &[Item]) -> Vec<bool> {
    let mut paired = vec![false; items.len()];
    let mut open: [Option<usize>; 3] = [None; 3];
    for (k, item) in items.iter().enumerate() {
        if let Item::Marker(m, _) = item {
            let slot = &mut open[*m as usize];
            match slot.take() {
                Some(start) => {
                    paired[start] = true;
                    paired[k] = true;
                }
                None => *slot = Some(k),
            }
        }
    }
    paired
}

/// Turns a container's items into runs.
fn emit(
    text: &str,
    items: &[Item],
    mut style: Style,
    anchor: Option<&Anchor>,
    rich: &mut RichText,
) {
    let paired = paired(items);
    for (item, paired) in items.iter().zip(paired) {
        let (kind, range) = match item {
            Item::Marker(m, range) if paired => {
                match m {
                    Marker::Bold => style.bold = !style.bold,
                    Marker::Italic => style.italic = !style.italic,
                    Marker::Underline => style.underline = !style.underline,
                }
                rich.markup.push(range.clone());
                continue;
            }
            Item::Text(range) | Item::Marker(_, range) => {
                if let Some(last) = rich.runs.last_mut() {
                    let joins = last.range.end == range.start
                        && last.style == style
                        && last.anchor.as_ref() == anchor;
                    if let (true, RunKind::Text(t)) = (joins, &mut last.kind) {
                        t.push_str(&text[range.clone()]);
                        last.range.end = range.end;
                        continue;
                    }
                }
                (RunKind::Text(text[range.clone()].to_owned()), range)
            }
            Item::Symbol(symbol, color, range) => (
                RunKind::Symbol {
                    symbol: *symbol,
                    color: *color,
                },
                range,
            ),
            Item::Tab(range) => (RunKind::Tab, range),
            Item::Break(range) => (RunKind::LineBreak, range),
            Item::Image { url, href, range } => (
                RunKind::Image {
                    url: url.clone(),
                    href: href.clone(),
                },
                range,
            ),
            Item::Anchor {
                anchor: inner,
                open,
                close,
                items,
            } => {
                rich.markup.push(open.clone());
                emit(text, items, style, Some(inner), rich);
                rich.markup.push(close.clone());
                continue;
            }
        };
        rich.runs.push(Run {
            kind,
            style,
            anchor: anchor.cloned(),
            range: range.clone(),
            generated: false,
        });
    }
}

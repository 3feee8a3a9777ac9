//! What the elements and attributes of a book mean: element kinds, the
//! attribute table (which element takes which attribute, and its type), the
//! diagram defaults table, chapters, paragraph styles and their
//! inheritance, and languages.

use crate::document::language;
use crate::document::{Book, Element};

/// The kind of an element, from its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementKind {
    /// `::book`: the book's attributes; the first element.
    Book,
    /// `::chapter`.
    Chapter,
    /// `::go`: Go data, not shown.
    Go,
    /// `::fig`, `::dia`, `::var`, `::prb`.
    Diagram(DiagramKind),
    /// `::p`, headings, subtitles, language paragraphs, plain text.
    Paragraph(ParagraphKind),
    /// `::img`.
    Image,
    /// `::buy`.
    Buy,
    /// `::include`.
    Include,
    /// `::c`, a comment.
    Comment,
    /// An element the format does not define (kept as it is).
    Unknown,
}

/// The four diagram elements, identical but for their defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagramKind {
    /// A main figure of a game.
    Fig,
    /// A diagram of an alternative sequence.
    Dia,
    /// A variation of the most recent diagram.
    Var,
    /// A problem.
    Prb,
}

/// Paragraph elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParagraphKind {
    /// `p`, a language tag (`::de`), or plain text.
    P,
    /// `h1` book title.
    H1,
    /// `h2` chapter title.
    H2,
    /// `h3` section title.
    H3,
    /// `h4` minor section title.
    H4,
    /// `h5` minor title.
    H5,
    /// `s1` subtitle to `h1`.
    S1,
    /// `s2` subtitle to `h2`.
    S2,
}

impl ParagraphKind {
    /// Whether this is a heading or subtitle (not a plain `p`).
    pub fn is_heading(self) -> bool {
        self != ParagraphKind::P
    }

    /// The presentation table of the spec: (scale, align, bold, break,
    /// space before, space after). `p` has scale 1.0, left, normal, no break
    /// and 8/0 (an empty line before).
    pub fn presentation(self) -> Presentation {
        let p = |scale, align, bold, brk, before, after| Presentation {
            scale,
            align,
            bold,
            page_break: brk,
            space_before: before,
            space_after: after,
        };
        match self {
            ParagraphKind::H1 => p(1.65, "center", true, "page", 0, 12),
            ParagraphKind::S1 => p(1.30, "center", true, "none", 14, 16),
            ParagraphKind::H2 => p(1.30, "center", true, "page", 12, 8),
            ParagraphKind::S2 => p(1.22, "center", true, "none", 12, 12),
            ParagraphKind::H3 => p(1.05, "left", true, "column", 16, 4),
            ParagraphKind::H4 => p(1.0, "left", true, "none", 16, 4),
            ParagraphKind::H5 => p(1.0, "left", false, "none", 12, 4),
            ParagraphKind::P => p(1.0, "left", false, "none", 8, 0),
        }
    }
}

/// How a paragraph kind is shown by default (the spec's heading table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Presentation {
    /// Font size as a multiple of the reader's setting.
    pub scale: f32,
    /// `left` or `center`.
    pub align: &'static str,
    /// Whether bold.
    pub bold: bool,
    /// The default `break`.
    pub page_break: &'static str,
    /// Space before, in 1/10 em.
    pub space_before: u32,
    /// Space after, in 1/10 em.
    pub space_after: u32,
}

/// The defaults of a diagram kind: the spec's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagramDefaults {
    /// Based on the most recent diagram (`var`) rather than Go data.
    pub based_on_diagram: bool,
    /// Numbering continues at `at` (`fig`, `var`) rather than at 1.
    pub numbered_from_at: bool,
    /// Shown at full width.
    pub full_width: bool,
    /// Move numbers in the caption (`fig` without caption).
    pub show_from_to: bool,
    /// The player to move in the caption.
    pub show_to_play: bool,
}

impl DiagramKind {
    /// The element name.
    pub fn name(self) -> &'static str {
        match self {
            DiagramKind::Fig => "fig",
            DiagramKind::Dia => "dia",
            DiagramKind::Var => "var",
            DiagramKind::Prb => "prb",
        }
    }

    /// The kind's defaults.
    ///
    /// ```
    /// use kifu_book::model::DiagramKind;
    /// assert!(DiagramKind::Fig.defaults().show_from_to);
    /// assert!(DiagramKind::Var.defaults().based_on_diagram);
    /// assert!(DiagramKind::Prb.defaults().show_to_play);
    /// assert!(!DiagramKind::Dia.defaults().full_width);
    /// ```
    pub fn defaults(self) -> DiagramDefaults {
        let d = |based_on_diagram, numbered_from_at, full_width, show_from_to, show_to_play| {
            DiagramDefaults {
                based_on_diagram,
                numbered_from_at,
                full_width,
                show_from_to,
                show_to_play,
            }
        };
        match self {
            DiagramKind::Fig => d(false, true, true, true, false),
            DiagramKind::Dia => d(false, false, false, false, false),
            DiagramKind::Var => d(true, true, false, false, false),
            DiagramKind::Prb => d(false, false, true, false, true),
        }
    }
}

/// The kind of an element name (`h2`, `fig`, `de`...).
///
/// ```
/// use kifu_book::model::{kind_of, ElementKind, ParagraphKind};
/// assert_eq!(kind_of("h2"), ElementKind::Paragraph(ParagraphKind::H2));
/// assert_eq!(kind_of("img"), ElementKind::Image);
/// assert_eq!(kind_of("frame"), ElementKind::Unknown);
/// ```
pub fn kind_of(name: &str) -> ElementKind {
    use ElementKind as K;
    use ParagraphKind as P;
    match name {
        "book" => K::Book,
        "chapter" => K::Chapter,
        "go" => K::Go,
        "fig" => K::Diagram(DiagramKind::Fig),
        "dia" => K::Diagram(DiagramKind::Dia),
        "var" => K::Diagram(DiagramKind::Var),
        "prb" => K::Diagram(DiagramKind::Prb),
        "p" => K::Paragraph(P::P),
        "h1" => K::Paragraph(P::H1),
        "h2" => K::Paragraph(P::H2),
        "h3" => K::Paragraph(P::H3),
        "h4" => K::Paragraph(P::H4),
        "h5" => K::Paragraph(P::H5),
        "s1" => K::Paragraph(P::S1),
        "s2" => K::Paragraph(P::S2),
        "img" => K::Image,
        "buy" => K::Buy,
        "include" => K::Include,
        "c" => K::Comment,
        n if language::is_language(n) => K::Paragraph(P::P),
        _ => K::Unknown,
    }
}

impl Element {
    /// The element's kind.
    pub fn kind(&self) -> ElementKind {
        kind_of(self.name())
    }

    /// Whether this element holds Go data (`go` or a diagram).
    pub fn is_go_data(&self) -> bool {
        matches!(self.kind(), ElementKind::Go | ElementKind::Diagram(_))
    }

    /// Whether this is a diagram (`fig`, `dia`, `var`, `prb`).
    pub fn is_diagram(&self) -> bool {
        matches!(self.kind(), ElementKind::Diagram(_))
    }

    /// A `0`/`1` attribute; `None` when absent or not `0`/`1`.
    pub fn flag(&self, name: &str) -> Option<bool> {
        match self.get(name)? {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        }
    }

    /// An integer attribute; `None` when absent or not an integer.
    pub fn integer(&self, name: &str) -> Option<i64> {
        self.get(name)?.parse().ok()
    }

    /// A language-specific text (`ca`, `title`...) for `lang`: the
    /// attribute tagged with that language, else the neutral one, else the
    /// first tagged one.
    ///
    /// ```
    /// let book = kifu_book::parse("::dia ca_en=\"Dia. 3 English\" ca_ja=\"Dia. 3 Japanese\"").value;
    /// let dia = &book.elements()[0];
    /// assert_eq!(dia.text_in("ca", "ja"), Some("Dia. 3 Japanese"));
    /// assert_eq!(dia.text_in("ca", "de"), Some("Dia. 3 English"));
    /// ```
    pub fn text_in(&self, name: &str, lang: &str) -> Option<&str> {
        let mut neutral = None;
        let mut first = None;
        for a in self.attributes() {
            if a.base_name() != name {
                continue;
            }
            if a.name() == name {
                neutral.get_or_insert(a.value());
            } else {
                if a.languages().any(|l| l == lang) {
                    return Some(a.value());
                }
                first.get_or_insert(a.value());
            }
        }
        neutral.or(first)
    }
}

/// The type of an attribute's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// A whole number.
    Integer,
    /// A floating-point number.
    Number,
    /// `0` or `1`.
    Flag,
    /// Free text.
    Text,
    /// Free text that may be given per language (`ca_en`).
    LanguageText,
    /// An element ID, or `none`.
    IdOrNone,
    /// An element ID, a language, or a web address.
    Link,
    /// A list of points.
    Points,
    /// One point.
    Point,
    /// Moves: points, `Pass`, `Tenuki`.
    Moves,
    /// Problem sequences.
    Sequences,
    /// `b` or `w`.
    Player,
    /// A move number or `end`.
    MoveNumber,
    /// Two corner points.
    View,
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// A file name or web address.
    Url,
    /// `chapterID+offset`.
    Location,
    /// SGF text.
    Sgf,
}

/// Groups of elements an attribute applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// `book`.
    Book,
    /// `chapter`.
    Chapter,
    /// `book` and `chapter` (`fullWidth`).
    BookOrChapter,
    /// Go data: `go` and the diagrams.
    GoData,
    /// Display elements: diagrams, paragraphs, images.
    Display,
    /// Diagrams.
    Diagram,
    /// Problems (`prb`).
    Problem,
    /// Paragraphs.
    Paragraph,
    /// Images.
    Image,
    /// Images and diagrams (`ca`, `width`, `scale`).
    ImageOrDiagram,
    /// `buy`.
    Buy,
    /// `include`, `img` (`url`).
    Url,
}

/// One row of the attribute table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttributeSpec {
    /// The name, without languages.
    pub name: &'static str,
    /// Its type.
    pub value: ValueType,
    /// The elements it belongs to.
    pub applies: Applies,
    /// Whether it entered the format with the 2026 revision.
    pub since_2026: bool,
}

const ALIGN: &[&str] = &["left", "center", "right"];
const BREAK: &[&str] = &["page", "column", "line", "none"];
const DIAGRAM_WIDTH: &[&str] = &["full", "dia", "half", "third"];
const IMAGE_WIDTH: &[&str] = &["full", "half", "third"];
const COORD: &[&str] = &["none", "auto", "standard", "sgf", "j1", "j2", "j3"];
const STYLE: &[&str] = &["normal", "block", "hanging", "indent", "bullet", "text"];

macro_rules! spec {
    ($name:literal, $value:expr, $applies:ident) => {
        AttributeSpec {
            name: $name,
            value: $value,
            applies: Applies::$applies,
            since_2026: false,
        }
    };
    ($name:literal, $value:expr, $applies:ident, 2026) => {
        AttributeSpec {
            name: $name,
            value: $value,
            applies: Applies::$applies,
            since_2026: true,
        }
    };
}

use ValueType as V;

/// Every attribute of the format, except the letter (`a`-`z`, `A`-`Z`) and
/// point text (`B5=23`) attributes of diagrams.
pub const ATTRIBUTES: &[AttributeSpec] = &[
    // Book
    spec!("format", V::Integer, Book),
    spec!("revision", V::Integer, Book),
    spec!("title", V::LanguageText, Book),
    spec!("subtitle", V::LanguageText, Book),
    spec!("author", V::LanguageText, Book),
    spec!("publisher", V::LanguageText, Book),
    spec!("copyright", V::LanguageText, Book),
    spec!("cover", V::Url, Book),
    spec!("fullWidth", V::Flag, BookOrChapter),
    spec!("notes", V::Flag, Book),
    spec!("tags", V::Text, Book),
    spec!("circleAsDot", V::Flag, Book, 2026),
    spec!("series", V::LanguageText, Book, 2026),
    spec!("volume", V::Integer, Book, 2026),
    spec!("games", V::Text, Book, 2026),
    // Go data: position
    spec!("sz", V::Integer, GoData),
    spec!("ab", V::Points, GoData),
    spec!("aw", V::Points, GoData),
    spec!("ae", V::Points, GoData),
    spec!("pl", V::Player, GoData),
    spec!("koPoint", V::Point, GoData),
    spec!("mn", V::Integer, GoData),
    spec!("base", V::IdOrNone, GoData),
    spec!("at", V::MoveNumber, GoData),
    // Go data: moves
    spec!("mv", V::Moves, GoData),
    spec!("to", V::MoveNumber, GoData),
    spec!("sgf", V::Sgf, GoData),
    // Go data: game information
    spec!("pb", V::Text, GoData),
    spec!("br", V::Text, GoData),
    spec!("wp", V::Text, GoData),
    spec!("wr", V::Text, GoData),
    spec!("km", V::Text, GoData),
    spec!("ha", V::Text, GoData),
    spec!("re", V::Text, GoData),
    spec!("tm", V::Text, GoData),
    spec!("dt", V::Text, GoData),
    spec!("pc", V::Text, GoData),
    spec!("ev", V::Text, GoData),
    spec!("ro", V::Text, GoData),
    spec!("us", V::Text, GoData),
    spec!("an", V::Text, GoData),
    spec!("cp", V::Text, GoData),
    spec!("so", V::Text, GoData),
    spec!("gn", V::Text, GoData),
    // Display elements
    spec!("align", V::Choice(ALIGN), Display),
    spec!("href", V::Link, Display),
    spec!("break", V::Choice(BREAK), Display),
    spec!("loc", V::Location, Display),
    // Diagrams
    spec!("vw", V::View, Diagram),
    spec!("tr", V::Points, Diagram),
    spec!("ma", V::Points, Diagram),
    spec!("sq", V::Points, Diagram),
    spec!("rg", V::Points, Diagram),
    spec!("cr", V::Points, Diagram),
    spec!("tb", V::Points, Diagram),
    spec!("tw", V::Points, Diagram),
    spec!("ln", V::Points, Diagram),
    spec!("ar", V::Points, Diagram),
    spec!("hideInReplay", V::Points, Diagram),
    spec!("coord", V::Choice(COORD), Diagram),
    spec!("showToPlay", V::Flag, Diagram),
    spec!("showFromTo", V::Flag, Diagram),
    spec!("gaps", V::Text, Diagram),
    spec!("ca", V::LanguageText, ImageOrDiagram),
    spec!("width", V::Choice(DIAGRAM_WIDTH), ImageOrDiagram),
    // Problems
    spec!("correct", V::Sequences, Problem),
    spec!("wrong", V::Sequences, Problem),
    // Paragraphs
    spec!("style", V::Choice(STYLE), Paragraph),
    spec!("keepWithNext", V::Flag, Paragraph),
    spec!("hint", V::Flag, Paragraph),
    spec!("ref", V::IdOrNone, Paragraph),
    spec!("scale", V::Number, Display),
    spec!("paraSpacing", V::Integer, Paragraph),
    spec!("spaceBefore", V::Integer, Paragraph),
    spec!("spaceAfter", V::Integer, Paragraph),
    spec!("firstIndent", V::Integer, Paragraph),
    spec!("hangingIndent", V::Integer, Paragraph),
    spec!("rightIndent", V::Integer, Paragraph),
    spec!("leftIndent", V::Integer, Paragraph),
    spec!("blockIndent", V::Integer, Paragraph),
    spec!("box", V::Flag, Paragraph),
    // Images
    spec!("url", V::Url, Url),
    spec!("border", V::Flag, Image),
    spec!("shadow", V::Flag, Image),
    spec!("fill", V::Flag, Image),
    // Buy
    spec!("sku", V::Text, Buy),
];

/// How an attribute name is understood on an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeRole {
    /// A row of [`ATTRIBUTES`].
    Known(&'static AttributeSpec),
    /// A diagram letter: `a`-`z`, `A`-`Z` with a point list.
    Letter(char),
    /// A diagram point text: `B5=23`.
    PointText,
    /// Not an attribute of this element.
    Unknown,
}

fn applies_to(applies: Applies, kind: ElementKind) -> bool {
    use ElementKind as K;
    match applies {
        Applies::Book => kind == K::Book,
        Applies::Chapter => kind == K::Chapter,
        Applies::BookOrChapter => matches!(kind, K::Book | K::Chapter),
        Applies::GoData => matches!(kind, K::Go | K::Diagram(_)),
        Applies::Display => matches!(kind, K::Diagram(_) | K::Paragraph(_) | K::Image),
        Applies::Diagram => matches!(kind, K::Diagram(_)),
        Applies::Problem => kind == K::Diagram(DiagramKind::Prb),
        Applies::Paragraph => matches!(kind, K::Paragraph(_)),
        Applies::Image => kind == K::Image,
        Applies::ImageOrDiagram => matches!(kind, K::Image | K::Diagram(_)),
        Applies::Buy => kind == K::Buy,
        Applies::Url => matches!(kind, K::Image | K::Include),
    }
}

/// What attribute `name` (without languages) means on an element of `kind`.
///
/// ```
/// use kifu_book::model::{attribute_role, kind_of, AttributeRole};
/// let fig = kind_of("fig");
/// assert!(matches!(attribute_role(fig, "vw"), AttributeRole::Known(_)));
/// assert_eq!(attribute_role(fig, "A"), AttributeRole::Letter('A'));
/// assert_eq!(attribute_role(fig, "B5"), AttributeRole::PointText);
/// assert_eq!(attribute_role(kind_of("p"), "vw"), AttributeRole::Unknown);
/// ```
pub fn attribute_role(kind: ElementKind, name: &str) -> AttributeRole {
    let name = spelling(name);
    if kind == ElementKind::Image && name == "width" {
        // Images take full/half/third only.
        return AttributeRole::Known(&IMAGE_WIDTH_SPEC);
    }
    if let Some(spec) = ATTRIBUTES
        .iter()
        .find(|s| s.name == name && applies_to(s.applies, kind))
    {
        return AttributeRole::Known(spec);
    }
    if matches!(kind, ElementKind::Diagram(_)) {
        let bytes = name.as_bytes();
        if let [c] = bytes
            && c.is_ascii_alphabetic()
        {
            return AttributeRole::Letter(char::from(*c));
        }
        if is_point_name(name) {
            return AttributeRole::PointText;
        }
    }
    AttributeRole::Unknown
}

/// The name the format's attribute list gives an attribute also written
/// another way: `pw` (as the standard text `#pw#` spells the white player)
/// is `wp`. Other names are returned as they are.
///
/// ```
/// assert_eq!(kifu_book::model::spelling("pw"), "wp");
/// assert_eq!(kifu_book::model::spelling("pb"), "pb");
/// ```
pub fn spelling(name: &str) -> &str {
    match name {
        "pw" => "wp",
        other => other,
    }
}

const IMAGE_WIDTH_SPEC: AttributeSpec = spec!("width", V::Choice(IMAGE_WIDTH), Image);

/// Whether `name` has the shape of a standard coordinate in uppercase
/// (`B5`, `T19`, `AA30`): a point text attribute.
fn is_point_name(name: &str) -> bool {
    let letters = name.bytes().take_while(u8::is_ascii_uppercase).count();
    let digits = &name[letters..];
    (1..=2).contains(&letters)
        && !name[..letters].contains('I')
        && !digits.is_empty()
        && !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The chapters of a book: for each `::chapter`, its element index and the
/// range of element indices it holds (the chapter element included).
/// Elements before the first chapter are not in any.
///
/// ```
/// let book = kifu_book::parse("::book\n\n::chapter(#a)\n\nx\n\n::chapter(#b)\n\ny\n\nz").value;
/// let chapters = kifu_book::model::chapters(&book);
/// assert_eq!(chapters, [1..3, 3..6]);
/// ```
pub fn chapters(book: &Book) -> Vec<std::ops::Range<usize>> {
    let starts: Vec<usize> = book
        .elements()
        .iter()
        .enumerate()
        .filter(|(_, e)| e.kind() == ElementKind::Chapter)
        .map(|(i, _)| i)
        .collect();
    let mut out = Vec::with_capacity(starts.len());
    for (k, &s) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(book.elements().len());
        out.push(s..end);
    }
    out
}

/// The index of the chapter element an element belongs to, for every element.
pub fn chapter_of_each(book: &Book) -> Vec<Option<usize>> {
    let mut current = None;
    book.elements()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            if e.kind() == ElementKind::Chapter {
                current = Some(i);
            }
            current
        })
        .collect()
}

/// A paragraph style (`style` attribute).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ParagraphStyle {
    /// No special layout.
    #[default]
    Normal,
    /// Indented left and right.
    Block,
    /// Every line but the first indented.
    Hanging,
    /// Indented.
    Indent,
    /// Hanging indent up to the first tab.
    Bullet,
    /// First lines indented instead of space between paragraphs.
    Text,
}

impl ParagraphStyle {
    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "normal" => Self::Normal,
            "block" => Self::Block,
            "hanging" => Self::Hanging,
            "indent" => Self::Indent,
            "bullet" => Self::Bullet,
            "text" => Self::Text,
            _ => return None,
        })
    }
}

/// The effective style of every element (`None` for elements that are not
/// paragraphs), following the inheritance rules: a style lasts until the
/// end of the chapter, until the next heading (except `text`, which
/// headings do not end), or until a paragraph with `style=normal`.
///
/// ```
/// use kifu_book::model::{paragraph_styles, ParagraphStyle as S};
/// let book = kifu_book::parse("::p style=block A\n\nB\n\n::h3 H\n\nC\n\n::p style=text D\n\n::h3 H\n\nE\n\n::chapter(#x)\n\nF").value;
/// let styles: Vec<_> = paragraph_styles(&book).into_iter().flatten().collect();
/// assert_eq!(styles, [S::Block, S::Block, S::Normal, S::Normal, S::Text, S::Text, S::Text, S::Normal]);
/// ```
pub fn paragraph_styles(book: &Book) -> Vec<Option<ParagraphStyle>> {
    let mut current = ParagraphStyle::Normal;
    book.elements()
        .iter()
        .map(|e| match e.kind() {
            ElementKind::Chapter => {
                current = ParagraphStyle::Normal;
                None
            }
            ElementKind::Paragraph(kind) => {
                if kind.is_heading() && current != ParagraphStyle::Text {
                    current = ParagraphStyle::Normal;
                }
                if let Some(style) = e.get("style").and_then(ParagraphStyle::parse) {
                    current = style;
                }
                Some(current)
            }
            _ => None,
        })
        .collect()
}

/// The languages an element is shown in: its own tags, else those of its
/// chapter, else those of the book element; empty means every language.
///
/// ```
/// let book = kifu_book::parse("::chapter_ja(#c)\n\nText\n\n::en Hello").value;
/// let langs = kifu_book::model::effective_languages(&book);
/// assert_eq!(langs[1], ["ja"]);
/// assert_eq!(langs[2], ["en"]);
/// ```
pub fn effective_languages(book: &Book) -> Vec<Vec<String>> {
    let own = |e: &Element| e.languages().map(str::to_owned).collect::<Vec<_>>();
    let mut book_langs = Vec::new();
    let mut chapter_langs: Vec<String> = Vec::new();
    book.elements()
        .iter()
        .map(|e| {
            let mine = own(e);
            match e.kind() {
                ElementKind::Book => {
                    book_langs = mine.clone();
                    mine
                }
                ElementKind::Chapter => {
                    chapter_langs = if mine.is_empty() {
                        book_langs.clone()
                    } else {
                        mine.clone()
                    };
                    chapter_langs.clone()
                }
                _ if !mine.is_empty() => mine,
                _ if !chapter_langs.is_empty() => chapter_langs.clone(),
                _ => book_langs.clone(),
            }
        })
        .collect()
}

/// A sample marker comment (2026 revision): `::c sample-start`,
/// `::c sample-end`, or `::c sample-only REST` with its text.
pub(crate) enum Marker<'e> {
    Start,
    End,
    Only(&'e str),
}

/// The sample marker `e` is, if it is one.
pub(crate) fn marker(e: &Element) -> Option<Marker<'_>> {
    if e.kind() != ElementKind::Comment {
        return None;
    }
    let v = e.value().trim();
    match v {
        "sample-start" => Some(Marker::Start),
        "sample-end" => Some(Marker::End),
        _ => v
            .strip_prefix("sample-only")
            .filter(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\n']))
            .map(|rest| Marker::Only(rest.trim_start())),
    }
}

/// Whether `e` is a sample marker comment.
pub(crate) fn is_marker(e: &Element) -> bool {
    marker(e).is_some()
}

/// The revision of the format document a book is written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Revision {
    /// The May 2017 document.
    R2017,
    /// The March 2026 revision.
    R2026,
}

/// The revision a book follows: 2026 if it uses a construct that only the
/// 2026 revision has (its book attributes, the `cs`, `uk` and `po`
/// languages, sample comments), else 2017.
///
/// ```
/// use kifu_book::model::{revision, Revision};
/// assert_eq!(revision(&kifu_book::parse("::book volume=2").value), Revision::R2026);
/// assert_eq!(revision(&kifu_book::parse("::uk Текст").value), Revision::R2026);
/// assert_eq!(revision(&kifu_book::parse("::book title=T").value), Revision::R2017);
/// ```
pub fn revision(book: &Book) -> Revision {
    let uses_2026 = book.elements().iter().any(|e| {
        let kind = e.kind();
        e.languages().any(|l| language::LANGUAGES_2026.contains(&l))
            || kind == ElementKind::Comment && is_marker(e)
            || e.attributes().iter().any(|a| {
                a.languages().any(|l| language::LANGUAGES_2026.contains(&l))
                    || matches!(attribute_role(kind, a.base_name()), AttributeRole::Known(s) if s.since_2026)
                    || a.has_newline_escape()
            })
    });
    if uses_2026 {
        Revision::R2026
    } else {
        Revision::R2017
    }
}

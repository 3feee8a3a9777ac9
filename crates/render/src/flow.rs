//! A resolved book as the sequence of blocks a reader sees: the decisions
//! every output (the HTML page today; EPUB and print next) shares.
//!
//! [`Flow::new`] walks the book once, for a chosen set of languages, and
//! decides what each element becomes: which elements are shown (and in
//! which languages), the sections they fall in, the groups they form (a
//! box, bullets, a row of narrow diagrams), each paragraph's resolved
//! style, spacing and indents (the spec's tables, `paraSpacing` carried
//! to the following paragraphs), its rich text with standard texts
//! expanded, typography applied, coordinates replaced by the diagram's
//! marks and links resolved to anchors (or marked missing or refused),
//! every diagram with its resolved position, figure, caption and gaps
//! line, problems with their texts, and images with their sources.
//!
//! A writer turns the flow into its format and decides nothing about the
//! book itself: [`crate::html`] is one.
//!
//! ```
//! use kifu_render::flow::{Block, Flow, FlowOptions};
//! let book = kifu_book::parse("::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 One\n\n::go mv=\"D4 Q16\"\n\n::fig at=1 to=2 width=half\n\nText.").value;
//! let flow = Flow::new(&book, &|_| None, &FlowOptions::default());
//! assert_eq!(flow.sections.len(), 1);
//! let blocks = &flow.sections[0].blocks;
//! assert!(matches!(&blocks[0], Block::Paragraph(p) if p.layout.bold));
//! assert!(matches!(&blocks[1], Block::Group(g) if g.blocks.len() == 1));
//! assert_eq!(flow.diagrams.len(), 1);
//! ```

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use kifu_board::Point;
use kifu_book::figure::{self, Figure};
use kifu_book::go_data::{self, Width};
use kifu_book::model::{self, ElementKind, ParagraphKind, ParagraphStyle};
use kifu_book::refs::{Base, Index, Link};
use kifu_book::resolve::{self, Resolution, Resolved, Source};
use kifu_book::text::{self, Anchor, Fields, RunKind, Style, Symbol};
use kifu_book::{Book, Element};

/// What a [`Flow`] is made for.
#[derive(Clone, Debug, Default)]
pub struct FlowOptions {
    /// The languages to include. Empty, or none of them in the book: all
    /// the book's languages. Elements written only in other languages are
    /// left out, and texts that differ by language have a variant for each
    /// included language.
    pub languages: Vec<String>,
    /// The languages the reader reads first, in order (the page's initial
    /// choice, the title's language). Empty, or none of them included:
    /// English if included, else the first included language.
    pub preferred: Vec<String>,
}

/// Text that may differ by language.
#[derive(Clone, Debug, PartialEq)]
pub enum Variants<T> {
    /// The same in every included language (or the element's own
    /// language's text, for an element written in one language).
    Same(T),
    /// One text for each included language, in [`Flow::languages`]
    /// order, when they differ.
    ByLanguage(Vec<(String, T)>),
}

impl<T> Variants<T> {
    /// The text in `lang`, or the first one when there is none for it.
    pub fn get(&self, lang: &str) -> &T {
        match self {
            Variants::Same(t) => t,
            Variants::ByLanguage(all) => all
                .iter()
                .find(|(l, _)| l == lang)
                .map_or(&all[0].1, |(_, t)| t),
        }
    }
}

/// Where an image comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageSource {
    /// A local image whose bytes are in [`Flow::images`] under this name.
    Local(String),
    /// An image on the web: shown as a link, never fetched.
    Web(String),
    /// A local image that was not given.
    Missing(String),
}

/// Where a link leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A shown element of the book, by its anchor ([`Paragraph::anchor`]
    /// and the like; `kifu-title` for the title page, `kifu-toc` for the
    /// table of contents).
    Element(String),
    /// A language to show.
    Language(String),
    /// A web address (`http`, `https`, `mailto`).
    Web(String),
    /// An ID the book does not have: shown greyed out.
    Missing(String),
    /// An address kifu does not follow (`javascript:`...): shown as text.
    Disallowed(String),
    /// An inline diagram of the paragraph, by its number in
    /// [`Flow::diagrams`] (`None` when it could not be resolved).
    InlineDiagram(Option<usize>),
}

/// A page, column or line break before a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Break {
    /// A new page.
    Page,
    /// A new column.
    Column,
    /// A new line (for blocks that would otherwise sit side by side).
    Line,
}

impl Break {
    /// The break a `break` value asks for (`none` and anything the format
    /// does not define ask for none).
    fn parse(value: &str) -> Option<Break> {
        match value {
            "page" => Some(Break::Page),
            "column" => Some(Break::Column),
            "line" => Some(Break::Line),
            _ => None,
        }
    }
}

/// Horizontal alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Left (the default of text).
    Left,
    /// Centred.
    Center,
    /// Right.
    Right,
}

impl Align {
    fn parse(value: &str) -> Option<Align> {
        match value {
            "left" => Some(Align::Left),
            "center" => Some(Align::Center),
            "right" => Some(Align::Right),
            _ => None,
        }
    }
}

/// What a piece of rich text shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpanContent {
    /// Text, typography applied.
    Text(String),
    /// A Go symbol (`^T`, `^Tb`...) drawn in the line.
    Symbol {
        /// Which mark.
        symbol: Symbol,
        /// The stone it is on, if any.
        color: Option<kifu_board::Color>,
    },
    /// A line break.
    LineBreak,
    /// A tab.
    Tab,
    /// An inline image (typically a bullet), with where tapping it leads
    /// when it is not already inside a link.
    Image {
        /// Its source.
        source: ImageSource,
        /// Its own link.
        link: Option<Target>,
    },
}

/// A piece of rich text in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// What it shows.
    pub content: SpanContent,
    /// Bold, italic, underline.
    pub style: Style,
    /// The link it belongs to: an index in [`Rich::links`]. Consecutive
    /// spans with the same index form one link.
    pub link: Option<usize>,
}

/// A paragraph's (or problem's) text, ready to write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rich {
    /// The spans, in reading order. Leading tabs that became indentation
    /// are left out.
    pub spans: Vec<Span>,
    /// The targets of the links, in order.
    pub links: Vec<Target>,
    /// For a bullet paragraph: the index of the tab that ends the bullet
    /// (the spans before it are the bullet; the tab itself is not shown).
    pub bullet_end: Option<usize>,
}

/// How a paragraph is laid out: the spec's heading table and paragraph
/// styles, with the element's own attributes applied. Lengths are in
/// tenths of an em of the unscaled font unless said otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Space above.
    pub space_before: i64,
    /// Space below.
    pub space_after: i64,
    /// A break before it.
    pub break_before: Option<Break>,
    /// Kept on the same page as what follows.
    pub keep_with_next: bool,
    /// Font size as a multiple of the reader's.
    pub scale: f64,
    /// Alignment.
    pub align: Align,
    /// Bold.
    pub bold: bool,
    /// For the block, hanging and indent styles: the indentation, in ems
    /// (two for each leading tab, at least one tab).
    pub style_indent: u32,
    /// For the text style: whether the first line is indented (every
    /// paragraph but one after a heading, a diagram or an image).
    pub first_line_indent: bool,
    /// `firstIndent` and `hangingIndent` (or `leftIndent`, `blockIndent`),
    /// when either is given.
    pub indents: Option<(i64, i64)>,
    /// `rightIndent` (or `blockIndent`).
    pub right_indent: Option<i64>,
}

/// A shown paragraph or heading.
#[derive(Clone, Debug, PartialEq)]
pub struct Paragraph {
    /// The element's index in the book.
    pub element: usize,
    /// Its anchor: unique in the book.
    pub anchor: String,
    /// The languages it is shown in (empty: all).
    pub langs: Vec<String>,
    /// Heading level or plain paragraph.
    pub kind: ParagraphKind,
    /// Its style (`Normal` for headings).
    pub style: ParagraphStyle,
    /// Spacing, alignment, indents.
    pub layout: Layout,
    /// The text.
    pub content: Variants<Rich>,
    /// Where the whole paragraph leads (`href`).
    pub link: Option<Target>,
    /// For a hint (shown on request): the word that opens it.
    pub hint: Option<Variants<String>>,
    /// The inline diagrams of its text, by number in [`Flow::diagrams`],
    /// in order.
    pub inline_diagrams: Vec<usize>,
}

/// A shown diagram element.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramBlock {
    /// The element's index in the book.
    pub element: usize,
    /// Its anchor.
    pub anchor: String,
    /// The languages it is shown in (empty: all).
    pub langs: Vec<String>,
    /// Its number in [`Flow::diagrams`].
    pub diagram: usize,
    /// Its width.
    pub width: Width,
    /// Its `align`, when given.
    pub align: Option<Align>,
    /// A break before it.
    pub break_before: Option<Break>,
    /// Where tapping it leads (`href`): a static picture then.
    pub link: Option<Target>,
}

/// A shown image element.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageBlock {
    /// The element's index in the book.
    pub element: usize,
    /// Its anchor.
    pub anchor: String,
    /// The languages it is shown in (empty: all).
    pub langs: Vec<String>,
    /// The image (its `url`, else the book's cover); `None` without either.
    pub source: Option<ImageSource>,
    /// Full, half or a third of the column.
    pub width: Width,
    /// Its `align`, when given.
    pub align: Option<Align>,
    /// Drawn with a border (JPEG images by default).
    pub border: bool,
    /// Drawn with a shadow (JPEG images by default).
    pub shadow: bool,
    /// Filling the width.
    pub fill: bool,
    /// `scale`.
    pub scale: f64,
    /// Where tapping it leads.
    pub link: Option<Target>,
    /// Its caption (`ca`), when it has one.
    pub caption: Option<Variants<String>>,
}

/// What consecutive blocks are grouped in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// A box (`box=true` paragraphs).
    Box,
    /// A list of bullet paragraphs.
    Bullets,
    /// A row of half- or third-width diagrams and images.
    Row,
}

/// Consecutive blocks shown together.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// What kind of group.
    pub kind: GroupKind,
    /// Its blocks (never groups).
    pub blocks: Vec<Block>,
}

/// One thing the reader sees.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A paragraph or heading.
    Paragraph(Paragraph),
    /// A diagram (`::fig`, `::dia`, `::prb`...).
    Diagram(DiagramBlock),
    /// An image.
    Image(ImageBlock),
    /// The "buy" button of a sample.
    Buy {
        /// The element's index in the book.
        element: usize,
        /// Its anchor.
        anchor: String,
        /// The languages it is shown in (empty: all).
        langs: Vec<String>,
    },
    /// Consecutive blocks shown together.
    Group(Group),
}

/// A chapter, or the front matter before the first chapter.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The chapter's anchor; `None` for the front matter.
    pub anchor: Option<String>,
    /// The languages the chapter is shown in (empty: all).
    pub langs: Vec<String>,
    /// What it shows.
    pub blocks: Vec<Block>,
}

/// A title of a chapter in the table of contents.
#[derive(Clone, Debug, PartialEq)]
pub struct ContentsTitle {
    /// The heading's index in the book.
    pub element: usize,
    /// The heading's plain text.
    pub text: Variants<String>,
    /// The languages the heading is shown in (empty: all).
    pub langs: Vec<String>,
}

/// A chapter in the table of contents.
#[derive(Clone, Debug, PartialEq)]
pub struct ContentsEntry {
    /// The chapter's anchor.
    pub anchor: String,
    /// The languages the chapter is shown in (empty: all).
    pub langs: Vec<String>,
    /// The chapter's leading headings of its first level (several when it
    /// has one per language); empty when it starts with none.
    pub titles: Vec<ContentsTitle>,
    /// What to call it without a title: its ID, else "chapter".
    pub fallback: String,
}

/// The title page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TitlePage {
    /// The book's `title`.
    pub title: Option<Variants<String>>,
    /// `subtitle`.
    pub subtitle: Option<Variants<String>>,
    /// `author`.
    pub author: Option<Variants<String>>,
    /// The cover, when the image was given.
    pub cover: Option<String>,
    /// `publisher`.
    pub publisher: Option<Variants<String>>,
    /// `copyright`.
    pub copyright: Option<Variants<String>>,
    /// The book has a title page of its own: a paragraph before the
    /// second chapter says `#title#` or the title itself (as SmartGo's
    /// books and the spec's example begin). A writer then leaves out the
    /// texts of the title page it would make, which would say the same
    /// twice.
    pub own: bool,
}

/// A diagram to draw: a diagram element or an inline diagram.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowDiagram {
    /// Its index in [`Flow::resolution`]'s items.
    pub item: usize,
    /// The printed figure.
    pub figure: Figure,
    /// Whether it is an inline diagram of a paragraph (opened on request).
    pub inline: bool,
    /// A problem's text.
    pub problem_text: Option<Variants<Rich>>,
    /// The caption (empty when there is none).
    pub caption: Variants<String>,
    /// The gaps line: the moves the figure cannot show.
    pub gaps: Option<String>,
    /// A problem's `correct` and `wrong` move texts as written (`#wid#`),
    /// each with what the reader sees: standard texts expanded (`^` the
    /// player to move) and typography applied, per language.
    pub answer_texts: Vec<(String, Variants<String>)>,
}

impl FlowDiagram {
    /// What the reader sees for a `correct` or `wrong` move text as
    /// written (`None` for a text that is no answer of this diagram).
    pub fn answer_text(&self, written: &str) -> Option<&Variants<String>> {
        self.answer_texts
            .iter()
            .find(|(t, _)| t == written)
            .map(|(_, v)| v)
    }
}

/// A book as the sequence of blocks a reader sees. See the module docs.
#[derive(Debug)]
pub struct Flow<'b> {
    /// The book.
    pub book: &'b Book,
    /// The book's ID (`book` without one).
    pub book_id: String,
    /// The included languages: the book element's own first, then the
    /// other languages of elements and attributes, alphabetically.
    pub languages: Vec<String>,
    /// The languages read first (see [`FlowOptions::preferred`]); never
    /// empty.
    pub preferred: Vec<String>,
    /// The book's title in the first preferred language, plain text.
    pub title: Option<String>,
    /// The title page.
    pub title_page: TitlePage,
    /// The table of contents: one entry per chapter.
    pub contents: Vec<ContentsEntry>,
    /// The front matter (when it shows anything) and the chapters.
    pub sections: Vec<Section>,
    /// Every diagram, in reading order; blocks refer to them by number.
    pub diagrams: Vec<FlowDiagram>,
    /// The bytes of every local image shown, by name.
    pub images: BTreeMap<String, Vec<u8>>,
    /// The resolved Go data and diagrams.
    pub resolution: Resolution,
}

impl<'b> Flow<'b> {
    /// Walks `book` once and decides what every element becomes.
    ///
    /// `images` gives the bytes of a local image file named in the book
    /// (from a `.gobk` package or the book's folder); it is asked once per
    /// name.
    pub fn new(
        book: &'b Book,
        images: &dyn Fn(&str) -> Option<Vec<u8>>,
        options: &FlowOptions,
    ) -> Flow<'b> {
        let mut builder = Builder::new(book, images, options);
        let title_page = builder.title_page();
        let contents = builder.contents();
        let sections = builder.sections();
        let Builder {
            languages,
            preferred,
            res,
            diagrams,
            loaded,
            ..
        } = builder;
        let head = head(book);
        let title = head
            .and_then(|b| b.text_in("title", &preferred[0]))
            .map(|t| text::typography(t, &preferred[0]));
        Flow {
            book,
            book_id: head.and_then(Element::id).unwrap_or("book").to_owned(),
            languages,
            preferred,
            title,
            title_page,
            contents,
            sections,
            diagrams,
            images: loaded
                .into_inner()
                .into_iter()
                .filter_map(|(k, v)| Some((k, v?)))
                .collect(),
            resolution: res,
        }
    }

    /// The resolved item of diagram `n`.
    pub fn item(&self, n: usize) -> &Resolved {
        &self.resolution.items[self.diagrams[n].item]
    }

    /// Every block's anchor (its `id` in a page) with the index of the
    /// element it shows, in reading order: where a preview finds the
    /// source of what the reader clicks.
    pub fn anchors(&self) -> Vec<(&str, usize)> {
        fn walk<'a>(blocks: &'a [Block], out: &mut Vec<(&'a str, usize)>) {
            for b in blocks {
                match b {
                    Block::Group(g) => walk(&g.blocks, out),
                    Block::Paragraph(p) => out.push((&p.anchor, p.element)),
                    Block::Diagram(d) => out.push((&d.anchor, d.element)),
                    Block::Image(i) => out.push((&i.anchor, i.element)),
                    Block::Buy {
                        element, anchor, ..
                    } => out.push((anchor, *element)),
                }
            }
        }
        let mut out = Vec::new();
        for section in &self.sections {
            walk(&section.blocks, &mut out);
        }
        out
    }
}

fn head(book: &Book) -> Option<&Element> {
    book.elements()
        .iter()
        .find(|e| e.kind() == ElementKind::Book)
}

/// The language of a book read in one: the book element's first, else
/// English when the book has it (the format's default), else the first
/// the book names.
pub fn main_language(book: &Book) -> String {
    let own = head(book).and_then(|b| {
        b.languages()
            .find(|l| kifu_book::language::is_language(l) && *l != "ui")
    });
    if let Some(l) = own {
        return l.to_owned();
    }
    let all = book_languages(book);
    if all.iter().any(|l| l == "en") {
        "en".to_owned()
    } else {
        all[0].clone()
    }
}

/// The book's languages: the book element's own first, then every other
/// language tag of an element or attribute, in alphabetical order (`en`
/// when it has none).
fn book_languages(book: &Book) -> Vec<String> {
    let keep = |l: &str| kifu_book::language::is_language(l) && l != "ui";
    let mut out: Vec<String> = Vec::new();
    if let Some(b) = head(book) {
        for l in b.languages().filter(|l| keep(l)) {
            if !out.iter().any(|o| o == l) {
                out.push(l.to_owned());
            }
        }
    }
    let mut rest = BTreeSet::new();
    for e in book.elements() {
        if e.kind() == ElementKind::Comment {
            continue;
        }
        rest.extend(e.languages().filter(|l| keep(l)).map(str::to_owned));
        for a in e.attributes() {
            rest.extend(a.languages().filter(|l| keep(l)).map(str::to_owned));
        }
    }
    for l in rest {
        if !out.contains(&l) {
            out.push(l);
        }
    }
    if out.is_empty() {
        out.push("en".to_owned());
    }
    out
}

struct Builder<'a> {
    book: &'a Book,
    index: Index<'a>,
    res: Resolution,
    langs: Vec<Vec<String>>,
    styles: Vec<Option<ParagraphStyle>>,
    languages: Vec<String>,
    preferred: Vec<String>,
    images: &'a dyn Fn(&str) -> Option<Vec<u8>>,
    /// Every local image asked for, given or not.
    loaded: RefCell<BTreeMap<String, Option<Vec<u8>>>>,
    /// Whether only some of the book's languages are included.
    restricted: bool,
    fields: Fields,
    diagrams: Vec<FlowDiagram>,
    /// The inline diagrams of each paragraph: (ordinal, item index).
    inline_items: BTreeMap<usize, Vec<(usize, usize)>>,
    /// The figures of the diagrams paragraphs describe, by element: a game
    /// page has a paragraph for every comment, all about one long game,
    /// and making its figure for each was quadratic.
    figures: BTreeMap<usize, Rc<Figure>>,
}

impl<'a> Builder<'a> {
    fn new(
        book: &'a Book,
        images: &'a dyn Fn(&str) -> Option<Vec<u8>>,
        options: &FlowOptions,
    ) -> Self {
        let all = book_languages(book);
        let chosen: Vec<String> = all
            .iter()
            .filter(|l| options.languages.contains(l))
            .cloned()
            .collect();
        let restricted = !chosen.is_empty() && chosen.len() < all.len();
        let languages = if chosen.is_empty() { all } else { chosen };
        let mut preferred: Vec<String> = options
            .preferred
            .iter()
            .filter(|l| languages.contains(l))
            .cloned()
            .collect();
        if preferred.is_empty() {
            preferred.push(if languages.iter().any(|l| l == "en") {
                "en".to_owned()
            } else {
                languages[0].clone()
            });
        }
        let mut fields = Fields::default();
        if let Some(b) = head(book) {
            for a in b.attributes() {
                fields
                    .book
                    .insert(a.name().to_owned(), a.value().to_owned());
            }
        }
        let res = resolve::resolve(book);
        let mut inline_items: BTreeMap<usize, Vec<(usize, usize)>> = BTreeMap::new();
        for (k, r) in res.items.iter().enumerate() {
            if let Source::Inline { paragraph, ordinal } = r.source {
                inline_items
                    .entry(paragraph)
                    .or_default()
                    .push((ordinal, k));
            }
        }
        Builder {
            book,
            index: Index::new(book),
            res,
            inline_items,
            figures: BTreeMap::new(),
            // `ui` (the reader's interface language): shown in whatever
            // language the reader reads, so as a language-neutral element.
            langs: model::effective_languages(book)
                .into_iter()
                .map(|l| {
                    if l.iter().any(|l| l == "ui") {
                        Vec::new()
                    } else {
                        l
                    }
                })
                .collect(),
            styles: model::paragraph_styles(book),
            languages,
            preferred,
            images,
            loaded: RefCell::default(),
            restricted,
            fields,
            diagrams: Vec::new(),
        }
    }

    /// Whether element `i` is in an included language.
    fn included(&self, i: usize) -> bool {
        let l = &self.langs[i];
        !self.restricted || l.is_empty() || l.iter().any(|l| self.languages.contains(l))
    }

    /// The anchor of element `i`: its own ID when that is unique and
    /// usable, else `e` and its index.
    fn anchor(&self, i: usize) -> String {
        let e = &self.book.elements()[i];
        if let Some(id) = e.id()
            && self.index.all_with_id(id).len() == 1
            && !id.is_empty()
            && !id.starts_with("kifu-")
            && !(id.starts_with('e') && id[1..].chars().all(|c| c.is_ascii_digit()))
            && id.chars().all(|c| c.is_alphanumeric() || "_-.".contains(c))
        {
            return id.to_owned();
        }
        format!("e{i}")
    }

    /// Where a link to element `j` leads: the element itself when it is
    /// shown, the title page for the book element, else the next element
    /// shown (a link to Go data leads to what follows it).
    fn target(&self, j: usize) -> String {
        let elements = self.book.elements();
        match elements[j].kind() {
            ElementKind::Book => return "kifu-title".to_owned(),
            ElementKind::Chapter => return self.anchor(j),
            _ if self.is_display(j) => return self.anchor(j),
            _ => {}
        }
        (j + 1..elements.len())
            .find(|&k| self.is_display(k) || elements[k].kind() == ElementKind::Chapter)
            .map_or_else(|| "kifu-toc".to_owned(), |k| self.anchor(k))
    }

    fn link(&self, from: usize, href: &str) -> Target {
        match self.index.link(href, from) {
            Link::Element(j) => Target::Element(self.target(j)),
            Link::Language(l) => Target::Language(l),
            Link::Web(u) => Target::Web(u),
            Link::Missing(m) => Target::Missing(m),
            Link::Disallowed(m) => Target::Disallowed(m),
        }
    }

    /// Content that may differ by language: the element's own language's
    /// version, or one variant per included language when they differ.
    fn variants<T: PartialEq>(
        &self,
        own: Option<usize>,
        f: &mut dyn FnMut(&str) -> T,
    ) -> Variants<T> {
        if let Some(i) = own
            && let Some(first) = self.langs[i].first()
        {
            return Variants::Same(f(first));
        }
        let mut all: Vec<(String, T)> = self.languages.iter().map(|l| (l.clone(), f(l))).collect();
        if all.iter().all(|(_, v)| *v == all[0].1) {
            return Variants::Same(all.swap_remove(0).1);
        }
        Variants::ByLanguage(all)
    }

    /// The source of an image name.
    fn image(&self, url: &str) -> ImageSource {
        if kifu_book::refs::web_link(url) {
            return ImageSource::Web(url.to_owned());
        }
        let given = self
            .loaded
            .borrow_mut()
            .entry(url.to_owned())
            .or_insert_with(|| (self.images)(url))
            .is_some();
        if given {
            ImageSource::Local(url.to_owned())
        } else {
            ImageSource::Missing(url.to_owned())
        }
    }

    fn cover(&self) -> Option<String> {
        let b = head(self.book)?;
        b.get("cover")
            .map(str::to_owned)
            .or_else(|| b.id().map(|id| format!("{id}_cover.jpg")))
    }

    fn book_text(&self, name: &str) -> Option<Variants<String>> {
        let b = head(self.book)?;
        b.get(name).or_else(|| b.text_in(name, "en"))?;
        Some(self.variants(None, &mut |l| {
            text::typography(b.text_in(name, l).unwrap_or(""), l)
        }))
    }

    fn title_page(&mut self) -> TitlePage {
        let cover = self
            .cover()
            .filter(|c| matches!(self.image(c), ImageSource::Local(_)));
        TitlePage {
            title: self.book_text("title"),
            subtitle: self.book_text("subtitle"),
            author: self.book_text("author"),
            cover,
            publisher: self.book_text("publisher"),
            copyright: self.book_text("copyright"),
            own: self.own_title_page(),
        }
    }

    /// Whether a paragraph of the front matter or the first chapter shows
    /// the book's title (see [`TitlePage::own`]).
    fn own_title_page(&self) -> bool {
        let Some(b) = head(self.book) else {
            return false;
        };
        let elements = self.book.elements();
        let end = model::chapters(self.book)
            .first()
            .map_or(elements.len(), |r| r.end);
        let titles: Vec<&str> = b
            .attributes()
            .iter()
            .filter(|a| a.name() == "title" || a.name().starts_with("title_"))
            .map(|a| a.value().trim())
            .filter(|t| !t.is_empty())
            .collect();
        (0..end).any(|i| {
            let e = &elements[i];
            matches!(e.kind(), ElementKind::Paragraph(_))
                && self.included(i)
                && (e.value().contains("#title#") || titles.contains(&e.value().trim()))
        })
    }

    /// The plain title of a heading in a language.
    fn heading_text(&self, i: usize, lang: &str) -> String {
        let e = &self.book.elements()[i];
        let mut rich = text::parse(e.value());
        rich.expand_standard_texts(lang, &self.fields);
        rich.apply_typography(lang);
        rich.plain_text().replace('\n', " ")
    }

    fn contents(&self) -> Vec<ContentsEntry> {
        let elements = self.book.elements();
        let mut out = Vec::new();
        for range in model::chapters(self.book) {
            let c = range.start;
            if !self.included(c) {
                continue;
            }
            let mut titles: Vec<usize> = Vec::new();
            let mut kind = None;
            for j in range.clone().skip(1) {
                match elements[j].kind() {
                    ElementKind::Paragraph(k)
                        if matches!(
                            k,
                            ParagraphKind::H1 | ParagraphKind::H2 | ParagraphKind::H3
                        ) && kind.is_none_or(|kk| kk == k) =>
                    {
                        kind = Some(k);
                        titles.push(j);
                    }
                    ElementKind::Paragraph(_) | ElementKind::Diagram(_) | ElementKind::Image
                        if kind.is_some() =>
                    {
                        break;
                    }
                    _ => {}
                }
            }
            out.push(ContentsEntry {
                anchor: self.anchor(c),
                langs: self.langs[c].clone(),
                titles: titles
                    .into_iter()
                    .filter(|&t| self.included(t))
                    .map(|t| ContentsTitle {
                        element: t,
                        text: self.variants(Some(t), &mut |l| self.heading_text(t, l)),
                        langs: self.langs[t].clone(),
                    })
                    .collect(),
                fallback: elements[c].id().unwrap_or("chapter").to_owned(),
            });
        }
        out
    }

    fn sections(&mut self) -> Vec<Section> {
        let elements = self.book.elements();
        let ranges = model::chapters(self.book);
        let first = ranges.first().map_or(elements.len(), |r| r.start);
        let mut out = Vec::new();
        if (0..first).any(|i| self.is_display(i)) {
            out.push(Section {
                anchor: None,
                langs: Vec::new(),
                blocks: self.blocks(0..first),
            });
        }
        for range in ranges {
            let c = range.start;
            if !self.included(c) {
                continue;
            }
            out.push(Section {
                anchor: Some(self.anchor(c)),
                langs: self.langs[c].clone(),
                blocks: self.blocks(range.start + 1..range.end),
            });
        }
        out
    }

    fn is_display(&self, i: usize) -> bool {
        matches!(
            self.book.elements()[i].kind(),
            ElementKind::Paragraph(_)
                | ElementKind::Diagram(_)
                | ElementKind::Image
                | ElementKind::Buy
        ) && self.included(i)
    }

    fn group_of(&self, i: usize) -> Option<GroupKind> {
        let e = &self.book.elements()[i];
        match e.kind() {
            ElementKind::Paragraph(_) if e.flag("box") == Some(true) => Some(GroupKind::Box),
            ElementKind::Paragraph(_) if self.styles[i] == Some(ParagraphStyle::Bullet) => {
                Some(GroupKind::Bullets)
            }
            ElementKind::Diagram(_) => {
                let d = self.res.of_element(i).and_then(|r| r.diagram.as_ref())?;
                matches!(d.width, Width::Half | Width::Third).then_some(GroupKind::Row)
            }
            ElementKind::Image => {
                matches!(e.get("width"), Some("half" | "third")).then_some(GroupKind::Row)
            }
            _ => None,
        }
    }

    fn blocks(&mut self, range: std::ops::Range<usize>) -> Vec<Block> {
        let mut out: Vec<Block> = Vec::new();
        let mut open: Option<Group> = None;
        let mut para_spacing: Option<i64> = None;
        // Whether the previous shown element was a heading or diagram (for
        // the `text` style's unindented first paragraph).
        let mut after_break = true;
        for i in range {
            if !self.is_display(i) {
                continue;
            }
            let group = self.group_of(i);
            if group != open.as_ref().map(|g| g.kind) {
                if let Some(g) = open.take() {
                    out.push(Block::Group(g));
                }
                open = group.map(|kind| Group {
                    kind,
                    blocks: Vec::new(),
                });
            }
            let e = &self.book.elements()[i];
            let block = match e.kind() {
                ElementKind::Paragraph(kind) => {
                    if kind == ParagraphKind::P
                        && let Some(n) = e.integer("paraSpacing")
                    {
                        para_spacing = Some(n);
                    }
                    let p = self.paragraph(i, kind, para_spacing, after_break);
                    after_break = kind.is_heading();
                    Some(Block::Paragraph(p))
                }
                ElementKind::Diagram(_) => {
                    after_break = true;
                    self.diagram_element(i).map(Block::Diagram)
                }
                ElementKind::Image => {
                    after_break = true;
                    Some(Block::Image(self.image_element(i)))
                }
                ElementKind::Buy => Some(Block::Buy {
                    element: i,
                    anchor: self.anchor(i),
                    langs: self.langs[i].clone(),
                }),
                _ => None,
            };
            if let Some(b) = block {
                match &mut open {
                    Some(g) => g.blocks.push(b),
                    None => out.push(b),
                }
            }
        }
        if let Some(g) = open {
            out.push(Block::Group(g));
        }
        out
    }

    /// The text fields for a paragraph: the book's attributes, the game
    /// information of its Go data (through its bases), its player.
    fn fields_for(&self, i: usize) -> Fields {
        let mut fields = self.fields.clone();
        if let Some(j) = self.index.ref_of(i) {
            let mut at = j;
            for _ in 0..64 {
                let e = &self.book.elements()[at];
                if !e.is_go_data() {
                    break;
                }
                // Only the game information: reading the whole Go data
                // parsed a long `mv` again for every paragraph.
                for (k, v) in go_data::game_info(e) {
                    fields.game.entry(k).or_insert(v);
                }
                match self.index.base_of(at) {
                    Base::Element(b) if b < at => at = b,
                    _ => break,
                }
            }
            if let Some(r) = self.res.of_element(j) {
                fields.player = Some(r.to_play);
            }
        }
        fields
    }

    /// Rich text in a language, its links resolved from element `i`.
    fn rich(&self, i: usize, value: &str, lang: &str, o: &RichOptions<'_>) -> Rich {
        let mut rich = text::parse(value);
        rich.expand_standard_texts(lang, o.fields);
        if let Some((item, fig)) = o.item.filter(|(r, _)| r.diagram.is_some()) {
            rich.substitute_coordinates(|c| {
                Point::from_standard(c, item.size)
                    .ok()
                    .and_then(|p| figure::mark_at(item, fig, p))
            });
        }
        rich.apply_typography(lang);
        let mut out = Rich::default();
        let has_tab = rich.runs.iter().any(|r| r.kind == RunKind::Tab);
        let mut anchor: Option<&Anchor> = None;
        let mut leading = o.skip_leading_tabs;
        for run in &rich.runs {
            if leading && run.kind == RunKind::Tab {
                continue;
            }
            leading = false;
            if run.anchor.as_ref() != anchor {
                anchor = run.anchor.as_ref();
                if let Some(a) = anchor {
                    let target = match a {
                        Anchor::Link { href } => self.link(i, href),
                        Anchor::Diagram { index } => {
                            Target::InlineDiagram(o.diagram_ids.get(*index).copied().flatten())
                        }
                    };
                    out.links.push(target);
                }
            }
            let content = match &run.kind {
                RunKind::Text(t) => SpanContent::Text(t.clone()),
                RunKind::Symbol { symbol, color } => SpanContent::Symbol {
                    symbol: *symbol,
                    color: *color,
                },
                RunKind::LineBreak => SpanContent::LineBreak,
                RunKind::Tab => {
                    if o.bullet && has_tab && out.bullet_end.is_none() {
                        out.bullet_end = Some(out.spans.len());
                    }
                    SpanContent::Tab
                }
                RunKind::Image { url, href } => SpanContent::Image {
                    source: self.image(url.as_deref().unwrap_or_default()),
                    link: href
                        .as_deref()
                        .filter(|_| run.anchor.is_none())
                        .map(|h| self.link(i, h)),
                },
            };
            out.spans.push(Span {
                content,
                style: run.style,
                link: anchor.map(|_| out.links.len() - 1),
            });
        }
        out
    }

    fn paragraph(
        &mut self,
        i: usize,
        kind: ParagraphKind,
        para_spacing: Option<i64>,
        after_break: bool,
    ) -> Paragraph {
        let e = &self.book.elements()[i];
        let pres = kind.presentation();
        let style = if kind.is_heading() {
            ParagraphStyle::Normal
        } else {
            self.styles[i].unwrap_or_default()
        };
        // Inline diagrams first: they get their numbers.
        let mut inline_ids: Vec<Option<usize>> = Vec::new();
        let mut inline_diagrams = Vec::new();
        let items: Vec<(usize, usize)> = self.inline_items.get(&i).cloned().unwrap_or_default();
        for (ordinal, k) in items {
            if inline_ids.len() <= ordinal {
                inline_ids.resize(ordinal + 1, None);
            }
            let n = self.diagram(k, true);
            inline_ids[ordinal] = Some(n);
            inline_diagrams.push(n);
        }
        let fields = self.fields_for(i);
        let described = self.index.ref_of(i).and_then(|j| {
            let item = self.res.of_element(j)?;
            let figure = match self.figures.entry(j) {
                std::collections::btree_map::Entry::Occupied(f) => Rc::clone(f.get()),
                std::collections::btree_map::Entry::Vacant(v) => {
                    Rc::clone(v.insert(Rc::new(Figure::of(item))))
                }
            };
            Some((j, figure))
        });
        let value = e.value();
        let leading_tabs = {
            let mut n = 0;
            let mut rest = value;
            loop {
                if let Some(r) = rest.strip_prefix('\t') {
                    rest = r;
                } else if let Some(r) = rest.strip_prefix("\\t") {
                    rest = r;
                } else {
                    break;
                }
                n += 1;
            }
            n
        };
        let skip_tabs = matches!(
            style,
            ParagraphStyle::Block | ParagraphStyle::Hanging | ParagraphStyle::Indent
        );
        let bullet = style == ParagraphStyle::Bullet;
        let described = described
            .as_ref()
            .and_then(|(j, f)| Some((self.res.of_element(*j)?, &**f)));
        let content = self.variants(Some(i), &mut |l| {
            self.rich(
                i,
                value,
                l,
                &RichOptions {
                    fields: &fields,
                    item: described,
                    diagram_ids: &inline_ids,
                    bullet,
                    skip_leading_tabs: skip_tabs,
                },
            )
        });

        // Outer spacing, in the unscaled font.
        let (mut before, mut after) = (i64::from(pres.space_before), i64::from(pres.space_after));
        if kind == ParagraphKind::P {
            if let Some(n) = para_spacing {
                (before, after) = (n, n);
            } else if matches!(style, ParagraphStyle::Bullet | ParagraphStyle::Hanging) {
                before = 4;
            }
            if style == ParagraphStyle::Text {
                before = 0;
                after = 0;
            }
        }
        if let Some(n) = e.integer("spaceBefore") {
            before = n;
        }
        if let Some(n) = e.integer("spaceAfter") {
            after = n;
        }
        let scale = e
            .get("scale")
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(f64::from(pres.scale));
        let ind = |name: &str| e.integer(name);
        let block = ind("blockIndent");
        let left = ind("leftIndent").or(block);
        let first = ind("firstIndent").or(left);
        let hanging = ind("hangingIndent").or(left);
        let right = ind("rightIndent").or(block);
        let layout = Layout {
            space_before: before,
            space_after: after,
            break_before: Break::parse(e.get("break").unwrap_or(pres.page_break)),
            keep_with_next: e.flag("keepWithNext").unwrap_or(kind.is_heading()),
            scale,
            align: Align::parse(e.get("align").unwrap_or(pres.align)).unwrap_or(Align::Left),
            bold: pres.bold,
            style_indent: u32::try_from(leading_tabs.max(1) * 2).unwrap_or(u32::MAX),
            first_line_indent: style == ParagraphStyle::Text && !after_break,
            indents: (first.is_some() || hanging.is_some())
                .then(|| (first.unwrap_or(0), hanging.unwrap_or(0))),
            right_indent: right,
        };
        let link = e.get("href").map(|h| self.link(i, h));
        let hint = (e.flag("hint") == Some(true)).then(|| {
            let own = Some(i).filter(|&i| !self.langs[i].is_empty());
            self.variants(own, &mut |l| hint_word(l).to_owned())
        });
        Paragraph {
            element: i,
            anchor: self.anchor(i),
            langs: self.langs[i].clone(),
            kind,
            style,
            layout,
            content,
            link,
            hint,
            inline_diagrams,
        }
    }

    /// Adds item `k` to the diagrams and returns its number.
    fn diagram(&mut self, k: usize, inline: bool) -> usize {
        let n = self.diagrams.len();
        let item = &self.res.items[k];
        let problem_text = item
            .problem_text
            .as_deref()
            .filter(|t| !t.trim().is_empty())
            .map(|t| {
                let fields = Fields {
                    player: Some(item.to_play),
                    ..self.fields.clone()
                };
                let i = match item.source {
                    Source::Element(i) => i,
                    Source::Inline { paragraph, .. } => paragraph,
                };
                let own = Some(i).filter(|&i| !self.langs[i].is_empty());
                self.variants(own, &mut |l| {
                    self.rich(
                        i,
                        t,
                        l,
                        &RichOptions {
                            fields: &fields,
                            item: None,
                            diagram_ids: &[],
                            bullet: false,
                            skip_leading_tabs: false,
                        },
                    )
                })
            });
        let caption = self.variants(None, &mut |l| {
            figure::caption(item, l)
                .map(|c| text::typography(&c, l))
                .unwrap_or_default()
        });
        let answer_texts = self.answer_texts(item);
        let diagram = FlowDiagram {
            item: k,
            figure: Figure::of(item),
            inline,
            problem_text,
            caption,
            gaps: figure::gaps(item),
            answer_texts,
        };
        self.diagrams.push(diagram);
        n
    }

    /// The texts of a problem's `correct` and `wrong` moves, each once,
    /// in the problem's own language or in each included one.
    fn answer_texts(&self, item: &Resolved) -> Vec<(String, Variants<String>)> {
        let Some(d) = item.diagram.as_ref() else {
            return Vec::new();
        };
        let fields = Fields {
            player: Some(item.to_play),
            ..self.fields.clone()
        };
        let i = match item.source {
            Source::Element(i) => i,
            Source::Inline { paragraph, .. } => paragraph,
        };
        let own = Some(i).filter(|&i| !self.langs[i].is_empty());
        let mut out: Vec<(String, Variants<String>)> = Vec::new();
        for m in d.correct.iter().chain(&d.wrong).flatten() {
            let Some(t) = &m.text else { continue };
            if out.iter().any(|(w, _)| w == t) {
                continue;
            }
            let shown = self.variants(own, &mut |l| {
                let (expanded, _) = text::expand_standard_texts(t, l, &fields);
                text::typography(&expanded, l)
            });
            out.push((t.clone(), shown));
        }
        out
    }

    fn diagram_element(&mut self, i: usize) -> Option<DiagramBlock> {
        let k = self.res.item_of_element(i)?;
        let width = self.res.items[k]
            .diagram
            .as_ref()
            .map_or(Width::Full, |d| d.width);
        let n = self.diagram(k, false);
        let e = &self.book.elements()[i];
        Some(DiagramBlock {
            element: i,
            anchor: self.anchor(i),
            langs: self.langs[i].clone(),
            diagram: n,
            width,
            align: e.get("align").and_then(Align::parse),
            break_before: e.get("break").and_then(Break::parse),
            link: e.get("href").map(|h| self.link(i, h)),
        })
    }

    fn image_element(&mut self, i: usize) -> ImageBlock {
        let e = &self.book.elements()[i];
        let url = e.get("url").map(str::to_owned).or_else(|| self.cover());
        let width = match e.get("width") {
            Some("half") => Width::Half,
            Some("third") => Width::Third,
            _ => Width::Full,
        };
        let jpg = url.as_deref().is_some_and(|u| {
            let l = u.to_ascii_lowercase();
            l.ends_with(".jpg") || l.ends_with(".jpeg")
        });
        let scale = e
            .get("scale")
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(1.0);
        let caption = e
            .attributes()
            .iter()
            .any(|a| a.base_name() == "ca")
            .then(|| {
                let own = Some(i).filter(|&i| !self.langs[i].is_empty());
                self.variants(own, &mut |l| {
                    text::typography(e.text_in("ca", l).unwrap_or(""), l)
                })
            });
        ImageBlock {
            element: i,
            anchor: self.anchor(i),
            langs: self.langs[i].clone(),
            source: url.as_deref().map(|u| self.image(u)),
            width,
            align: e.get("align").and_then(Align::parse),
            border: e.flag("border").unwrap_or(jpg),
            shadow: e.flag("shadow").unwrap_or(jpg),
            fill: e.flag("fill") == Some(true),
            scale,
            link: e.get("href").map(|h| self.link(i, h)),
            caption,
        }
    }
}

/// How [`Builder::rich`] reads a text.
#[derive(Clone, Copy)]
struct RichOptions<'r> {
    fields: &'r Fields,
    /// The diagram whose marks replace coordinates, and its figure.
    item: Option<(&'r Resolved, &'r Figure)>,
    /// The number of each inline diagram.
    diagram_ids: &'r [Option<usize>],
    /// Whether the text up to the first tab is a bullet.
    bullet: bool,
    /// Whether leading tabs are left out (they became indentation).
    skip_leading_tabs: bool,
}

/// "Hint" in a language (English when kifu has no translation).
fn hint_word(lang: &str) -> &'static str {
    match lang {
        "de" => "Hinweis",
        "fr" => "Indice",
        "es" => "Pista",
        "it" => "Suggerimento",
        "nl" => "Hint",
        "pt" => "Dica",
        "ja" => "ヒント",
        "ko" => "힌트",
        "cn" => "提示",
        "tw" => "提示",
        "ru" => "Подсказка",
        _ => "Hint",
    }
}

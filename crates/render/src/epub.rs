//! Go books as EPUB 3 for e-readers: a writer of the book's [`Flow`].
//!
//! The package holds one XHTML document per chapter (and one for the front
//! matter), a title page, the navigation document and the EPUB 2 NCX for
//! old readers, one style sheet, every local image the book shows, and
//! every diagram as an SVG file drawn with its numbered moves (identical
//! drawings are stored once). Problems link to an answers section at the
//! end, where each correct sequence is drawn with its moves numbered; hints
//! are shown after their problem. Nothing needs a script: that is the
//! static EPUB ([`EpubMode::Static`]), which reads the same in every
//! reader.
//!
//! The interactive EPUB ([`EpubMode::Interactive`], the default) is the
//! same book with one script (`kifu.js`, from `assets/epub.js`) in every
//! chapter, which the manifest flags `scripted` (EPUB 3 scripting). Where
//! the reader runs it, a figure with moves gets buttons that step through
//! them, a problem is answered on the board with the correct and wrong
//! feedback of the book's sequences, hints open on a tap and inline
//! diagrams open from their link. The script draws from what each figure
//! carries in `data-kifu` (the position, moves with captures, the correct
//! and wrong sequences, where the drawing puts the points) over the
//! figure's own SVG drawing or an empty board's, in the diagrams' style
//! (`data-kifu-style` on the body). Where scripts do not run nothing of
//! this shows: the chapter reads as the static one, answers included.
//!
//! The output depends only on the book, its images and the options: the
//! zip entries carry a fixed time, and the package's modification date is
//! an option.
//!
//! ```
//! let book = kifu_book::parse("::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 One\n\n::go mv=\"D4 Q16\"\n\n::fig at=1 to=2\n\nText.").value;
//! let epub = kifu_render::epub::book_to_epub(&book, &|_| None, &Default::default()).unwrap();
//! assert!(epub.starts_with(b"PK\x03\x04"));
//! assert_eq!(&epub[30..38], b"mimetype");
//! ```

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::{Cursor, Write as _};

use kifu_board::Color;
use kifu_book::Book;
use kifu_book::coords::Move;
use kifu_book::files::image_type;
use kifu_book::model::DiagramKind;
use kifu_book::resolve::ItemKind;
use serde_json::{Value, json};
use zip::write::SimpleFileOptions;

use crate::access;
use crate::answers::{correct_sequences, play};
use crate::flow::{
    Block, DiagramBlock, Flow, FlowOptions, ImageBlock, ImageSource, Paragraph, Rich, Target,
    Variants,
};
use crate::markup::{
    self, Dialect, ParagraphParts, align_class, break_class, esc, group_class, width_name,
};
use crate::style::Style;
use crate::svg::{DiagramView, Geometry, geometry, to_svg};

const CSS: &str = include_str!("../assets/epub.css");
/// The chapters' script: moves in words (shared with the page), then the
/// EPUB's own.
const JS: &str = concat!(
    include_str!("../assets/speech.js"),
    include_str!("../assets/epub.js")
);

/// Which EPUB to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EpubMode {
    /// Scripted chapters: figures to step through, problems to answer,
    /// hints to open; read as [`EpubMode::Static`] where scripts do not
    /// run.
    #[default]
    Interactive,
    /// No script: figures with all their numbers, answers in their own
    /// section, hints shown.
    Static,
}

/// Options of [`book_to_epub`].
#[derive(Clone, Debug)]
pub struct EpubOptions {
    /// The translations to include (empty: all the book's languages).
    pub languages: Vec<String>,
    /// The package's modification date, `CCYY-MM-DDThh:mm:ssZ`; see
    /// [`timestamp`].
    pub modified: String,
    /// How diagrams are drawn.
    pub style: Style,
    /// Interactive or static.
    pub mode: EpubMode,
}

impl Default for EpubOptions {
    fn default() -> Self {
        EpubOptions {
            languages: Vec::new(),
            modified: "2000-01-01T00:00:00Z".to_owned(),
            style: Style::book(),
            mode: EpubMode::Interactive,
        }
    }
}

/// Why an EPUB could not be written.
#[derive(Debug)]
pub struct EpubError(pub String);

impl std::fmt::Display for EpubError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EpubError {}

/// Writes `book` as an EPUB 3 package.
///
/// `images` gives the bytes of a local image named in the book, from a
/// `.gobk` package or the book's folder; images it does not give are
/// named as missing, web images are links (an EPUB fetches nothing).
///
/// # Errors
/// When the zip archive cannot be written (in memory: only on a size
/// past what zip allows).
pub fn book_to_epub(
    book: &Book,
    images: &dyn Fn(&str) -> Option<Vec<u8>>,
    options: &EpubOptions,
) -> Result<Vec<u8>, EpubError> {
    let flow = Flow::new(
        book,
        images,
        &FlowOptions {
            languages: options.languages.clone(),
            preferred: options.languages.clone(),
        },
    );
    flow_to_epub(&flow, options)
}

/// The title page kifu writes.
const TITLE_FILE: &str = "title.xhtml";

/// The file of the book's title page: kifu's, or the book's own first
/// section ([`crate::flow::TitlePage::own`]).
fn title_file(flow: &Flow<'_>) -> String {
    if flow.title_page.own && !flow.sections.is_empty() {
        section_file(0)
    } else {
        TITLE_FILE.to_owned()
    }
}

/// A time as the package's modification date (`CCYY-MM-DDThh:mm:ssZ`).
///
/// ```
/// let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_764_028_800);
/// assert_eq!(kifu_render::epub::timestamp(t), "2025-11-25T00:00:00Z");
/// ```
pub fn timestamp(time: std::time::SystemTime) -> String {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// A language code of the format as a BCP 47 tag: the format's `cn` and
/// `tw` are Simplified and Traditional Chinese, `po` Polish.
fn bcp47(code: &str) -> &str {
    match code {
        "cn" => "zh-Hans",
        "tw" => "zh-Hant",
        "po" => "pl",
        other => other,
    }
}

/// A problem with an answer: where it is and its correct sequences.
struct Problem {
    /// Its number in [`Flow::diagrams`].
    diagram: usize,
    /// The file it is in.
    file: String,
    /// Its figure's anchor.
    anchor: String,
    /// Its correct sequences (never empty).
    sequences: Vec<Sequence>,
}

/// What an empty board's drawing depends on: the board's size, the
/// window shown, the coordinates.
type BoardKey = (u8, u8, [u8; 4], &'static str);

/// A sequence of moves, each with its text.
type Sequence = Vec<(Move, Option<String>)>;

/// One file of the package.
struct Item {
    id: String,
    href: String,
    media_type: &'static str,
    properties: Option<&'static str>,
    bytes: Vec<u8>,
}

/// Writes a [`Flow`] as an EPUB 3 package.
///
/// # Errors
/// As [`book_to_epub`].
pub fn flow_to_epub(flow: &Flow<'_>, options: &EpubOptions) -> Result<Vec<u8>, EpubError> {
    let mut w = Writer::new(flow, options);
    let documents = w.documents();
    w.package(documents)
}

/// The file name of section `k`.
fn section_file(k: usize) -> String {
    format!("s{:03}.xhtml", k + 1)
}

struct Writer<'a, 'b> {
    flow: &'a Flow<'b>,
    options: &'a EpubOptions,
    /// The file each anchor is in.
    files: HashMap<String, String>,
    /// The package name of each local image shown, by book name.
    image_names: BTreeMap<String, (String, &'static str)>,
    /// The SVG file of each diagram drawing, by content.
    drawings: HashMap<String, String>,
    /// The diagram files, in order.
    diagram_items: Vec<Item>,
    /// The empty boards the script draws positions on, in order.
    board_items: Vec<Item>,
    /// Each empty board's file and geometry, by size, window and
    /// coordinates.
    boards: HashMap<BoardKey, (String, Geometry)>,
    /// The problems, in order.
    problems: Vec<Problem>,
    /// The file being written.
    current: String,
    /// Whether the package has an answers section.
    answers_written: bool,
    /// The heading tags of the book's outline.
    outline: access::Outline,
    /// The cover: the book's image, else a drawn one.
    cover: Item,
}

impl<'a, 'b> Writer<'a, 'b> {
    fn new(flow: &'a Flow<'b>, options: &'a EpubOptions) -> Self {
        let mut files = HashMap::new();
        files.insert("kifu-title".to_owned(), title_file(flow));
        files.insert("kifu-toc".to_owned(), "nav.xhtml".to_owned());
        for (k, section) in flow.sections.iter().enumerate() {
            let file = section_file(k);
            if let Some(a) = &section.anchor {
                files.insert(a.clone(), file.clone());
            }
            let mut stack: Vec<&Block> = section.blocks.iter().collect();
            while let Some(b) = stack.pop() {
                let anchor = match b {
                    Block::Paragraph(p) => {
                        for n in &p.inline_diagrams {
                            files.insert(format!("dia-{n}"), file.clone());
                        }
                        &p.anchor
                    }
                    Block::Diagram(d) => &d.anchor,
                    Block::Image(i) => &i.anchor,
                    Block::Buy { anchor, .. } => anchor,
                    Block::Group(g) => {
                        stack.extend(g.blocks.iter());
                        continue;
                    }
                };
                files.insert(anchor.clone(), file.clone());
            }
        }
        let mut image_names = BTreeMap::new();
        for (name, bytes) in &flow.images {
            // Only images whose content is a known type go in: the
            // manifest must say what each file is.
            if let Some(t) = image_type(bytes) {
                let ext = t.mime().rsplit('/').next().unwrap_or("img");
                let ext = match ext {
                    "jpeg" => "jpg",
                    "svg+xml" => "svg",
                    e => e,
                };
                let package_name = format!("images/i{:03}.{ext}", image_names.len() + 1);
                image_names.insert(name.clone(), (package_name, t.mime()));
            }
        }
        let cover = match flow
            .title_page
            .cover
            .as_ref()
            .and_then(|c| image_names.get(c).map(|n| (c, n)))
        {
            Some((book_name, (name, mime))) => Item {
                id: "cover".to_owned(),
                href: name.clone(),
                media_type: mime,
                properties: Some("cover-image"),
                bytes: flow.images[book_name].clone(),
            },
            None => {
                let board = (!flow.diagrams.is_empty()).then(|| {
                    let mut view = DiagramView::from_figure(
                        flow.item(0),
                        &flow.diagrams[0].figure,
                        &flow.preferred[0],
                    );
                    view.caption = None;
                    view.gaps = None;
                    // The screen style's wooden board: a cover in colour.
                    to_svg(&view, &Style::screen())
                });
                let title = flow.title.clone().unwrap_or_else(|| "Go book".to_owned());
                let author = flow
                    .title_page
                    .author
                    .as_ref()
                    .map(|a| a.get(&flow.preferred[0]).clone());
                Item {
                    id: "cover".to_owned(),
                    href: "images/cover.svg".to_owned(),
                    media_type: "image/svg+xml",
                    properties: Some("cover-image"),
                    bytes: generated_cover(&title, author.as_deref(), board).into_bytes(),
                }
            }
        };
        // The book's cover image is the cover item, not a second copy.
        if let Some(c) = &flow.title_page.cover {
            image_names.retain(|k, _| k != c);
            image_names.insert(c.clone(), (cover.href.clone(), cover.media_type));
        }
        Writer {
            cover,
            flow,
            options,
            files,
            image_names,
            drawings: HashMap::new(),
            diagram_items: Vec::new(),
            board_items: Vec::new(),
            boards: HashMap::new(),
            problems: Vec::new(),
            current: String::new(),
            answers_written: false,
            outline: access::Outline::of(flow),
        }
    }

    /// The first language: the documents' own.
    fn lang(&self) -> &str {
        bcp47(&self.flow.preferred[0])
    }

    fn href(&self, anchor: &str) -> String {
        match self.files.get(anchor) {
            Some(f) if *f == self.current => format!("#{}", esc(anchor)),
            Some(f) if anchor.starts_with("kifu-") => f.clone(),
            Some(f) => format!("{f}#{}", esc(anchor)),
            None => format!("#{}", esc(anchor)),
        }
    }

    /// Text that may differ by language: each variant marked with its
    /// language, side by side.
    fn variants<T>(&self, v: &Variants<T>, f: &mut dyn FnMut(&T) -> String) -> String {
        match v {
            Variants::Same(t) => f(t),
            Variants::ByLanguage(all) => {
                // Every distinct text once, marked with the first language
                // that has it (a caption English and Japanese share shows
                // once).
                let mut shown: Vec<(&str, String)> = Vec::new();
                for (l, t) in all {
                    let text = f(t);
                    if !shown.iter().any(|(_, s)| *s == text) {
                        shown.push((l, text));
                    }
                }
                let mut out = String::new();
                for (k, (l, text)) in shown.iter().enumerate() {
                    if k > 0 {
                        out.push_str(" / ");
                    }
                    let l = esc(bcp47(l));
                    let _ = write!(out, "<span lang=\"{l}\" xml:lang=\"{l}\">{text}</span>");
                }
                out
            }
        }
    }

    fn text(&self, v: &Variants<String>) -> String {
        self.variants(v, &mut |t| esc(t))
    }

    /// ` lang=".." xml:lang=".."` for an element in one language.
    fn lang_attr(langs: &[String]) -> String {
        match langs {
            [one] => {
                let l = esc(bcp47(one));
                format!(" lang=\"{l}\" xml:lang=\"{l}\"")
            }
            _ => String::new(),
        }
    }

    fn interactive(&self) -> bool {
        self.options.mode == EpubMode::Interactive
    }

    /// A content document; `scripted`: with the script and the diagrams'
    /// style for it.
    fn document(&self, title: &str, body: &str, scripted: bool) -> Vec<u8> {
        let lang = esc(self.lang());
        let (body_attrs, script) = if scripted {
            (
                format!(" data-kifu-style=\"{}\"", esc(&self.style_json())),
                "<script type=\"text/javascript\" src=\"kifu.js\"></script>\n",
            )
        } else {
            (String::new(), "")
        };
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n\
             <html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" lang=\"{lang}\" xml:lang=\"{lang}\">\n\
             <head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n\
             <link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/>\n</head>\n<body{body_attrs}>\n{body}{script}</body>\n</html>\n",
            esc(title)
        )
        .into_bytes()
    }

    /// What the script needs of the diagrams' style (lengths in cells).
    fn style_json(&self) -> String {
        let st = &self.options.style;
        serde_json::json!({
            "board": st.board,
            "line": st.line,
            "black": st.black,
            "white": st.white,
            "outline": st.stone_outline,
            "outlineWidth": st.stone_outline_width,
            "blackText": st.black_text,
            "whiteText": st.white_text,
            "markWidth": st.mark_width,
            "font": st.font_family,
            "weight": st.font_weight,
        })
        .to_string()
    }

    fn book_title(&self) -> String {
        self.flow
            .title
            .clone()
            .unwrap_or_else(|| "Go book".to_owned())
    }

    /// The title page, the sections and the answers, in reading order.
    fn documents(&mut self) -> Vec<Item> {
        let flow = self.flow;
        let mut out = Vec::new();
        // A book with a title page of its own opens with it: a second one
        // would say the same (the page and the print leave theirs out too).
        if title_file(flow) == TITLE_FILE {
            self.current = TITLE_FILE.to_owned();
            let title_body = self.title_page();
            out.push(Item {
                id: "title".to_owned(),
                href: TITLE_FILE.to_owned(),
                media_type: "application/xhtml+xml",
                properties: None,
                bytes: self.document(&self.book_title(), &title_body, false),
            });
        }
        for (k, section) in flow.sections.iter().enumerate() {
            self.current = section_file(k);
            let mut body = String::new();
            let id = section
                .anchor
                .as_ref()
                .map_or_else(String::new, |a| format!(" id=\"{}\"", esc(a)));
            let _ = writeln!(
                body,
                "<section class=\"chapter\"{id}{} epub:type=\"chapter\" role=\"doc-chapter\">",
                Self::lang_attr(&section.langs)
            );
            self.blocks(&section.blocks, &mut body);
            body.push_str("</section>\n");
            let title = flow
                .contents
                .iter()
                .find(|c| Some(&c.anchor) == section.anchor.as_ref())
                .and_then(|c| c.titles.first())
                .map_or_else(|| self.book_title(), |t| t.text.get(self.lang()).clone());
            let scripted = self.interactive();
            out.push(Item {
                id: format!("s{:03}", k + 1),
                href: section_file(k),
                media_type: "application/xhtml+xml",
                properties: scripted.then_some("scripted"),
                bytes: self.document(&title, &body, scripted),
            });
        }
        if !self.problems.is_empty() {
            self.answers_written = true;
            self.current = "answers.xhtml".to_owned();
            let body = self.answers();
            out.push(Item {
                id: "answers".to_owned(),
                href: "answers.xhtml".to_owned(),
                media_type: "application/xhtml+xml",
                properties: None,
                bytes: self.document("Answers", &body, false),
            });
        }
        out
    }

    fn title_page(&self) -> String {
        let page = &self.flow.title_page;
        let mut s = String::from("<section class=\"title-page\" epub:type=\"titlepage\">\n");
        if let Some(t) = &page.title {
            let _ = writeln!(s, "<h1 class=\"book-title\">{}</h1>", self.text(t));
        }
        if let Some(t) = &page.subtitle {
            let _ = writeln!(s, "<p class=\"book-subtitle\">{}</p>", self.text(t));
        }
        if let Some(t) = &page.author {
            let _ = writeln!(s, "<p class=\"book-author\">{}</p>", self.text(t));
        }
        // The book's own cover shows here; a drawn one repeats the title
        // and is only the reader's library picture.
        if page.cover.is_some() {
            let _ = writeln!(
                s,
                "<p class=\"cover\"><img src=\"{}\" alt=\"Cover\"/></p>",
                esc(&self.cover.href)
            );
        }
        for (t, class) in [
            (&page.publisher, "book-publisher"),
            (&page.copyright, "book-copyright"),
        ] {
            if let Some(t) = t {
                let _ = writeln!(s, "<p class=\"{class}\">{}</p>", self.text(t));
            }
        }
        s.push_str("</section>\n");
        s
    }

    fn blocks(&mut self, blocks: &[Block], out: &mut String) {
        for block in blocks {
            match block {
                Block::Group(g) => {
                    let list = access::list_group(g, true, |block| {
                        let mut item = String::new();
                        self.blocks(std::slice::from_ref(block), &mut item);
                        item
                    });
                    if let Some(list) = list {
                        out.push_str(&list);
                        continue;
                    }
                    let _ = writeln!(out, "<div class=\"group {}\">", group_class(g.kind));
                    self.blocks(&g.blocks, out);
                    out.push_str("</div>\n");
                }
                Block::Paragraph(p) => self.paragraph(p, out),
                Block::Diagram(d) => self.diagram_element(d, out),
                Block::Image(img) => self.image_element(img, out),
                // A sample's "buy" button means nothing in a whole book.
                Block::Buy { .. } => {}
            }
        }
    }

    fn paragraph(&mut self, p: &Paragraph, out: &mut String) {
        let ParagraphParts {
            mut classes,
            outer,
            style,
            tag,
            mut body,
        } = markup::paragraph_parts(self, p);
        let tag = self.outline.tag(p.kind, tag);
        if let Some(word) = &p.hint {
            classes.push("hint".to_owned());
            body = format!(
                "<span class=\"hint-word\">{}:</span> {body}",
                self.variants(word, &mut |w| esc(w))
            );
        }
        let _ = writeln!(
            out,
            "<div class=\"{}\" id=\"{}\"{} style=\"{outer}\"><{tag} class=\"text\"{style}>{body}</{tag}></div>",
            classes.join(" "),
            esc(&p.anchor),
            Self::lang_attr(&p.langs),
        );
        // Inline diagrams cannot open on a tap without a script: they
        // follow their paragraph.
        for &n in &p.inline_diagrams {
            let fig = self.figure(n, &format!("dia-{n}"), true);
            let _ = writeln!(out, "<div class=\"el dia-el w-dia inline-dia\">{fig}</div>");
        }
    }

    /// The SVG file of a drawing, stored once.
    fn drawing(&mut self, view: &DiagramView) -> String {
        self.store(view, false)
    }

    /// The SVG file of a drawing, stored once; `board`: an empty board for
    /// the script, numbered apart (`b0001.svg`...), so that the figures'
    /// files have the same names in both kinds of EPUB.
    fn store(&mut self, view: &DiagramView, board: bool) -> String {
        let svg = to_svg(view, &self.options.style);
        if let Some(name) = self.drawings.get(&svg) {
            return name.clone();
        }
        let (items, prefix) = if board {
            (&mut self.board_items, 'b')
        } else {
            (&mut self.diagram_items, 'd')
        };
        let id = format!("{prefix}{:04}", items.len() + 1);
        let name = format!("diagrams/{id}.svg");
        items.push(Item {
            id,
            href: name.clone(),
            media_type: "image/svg+xml",
            properties: None,
            bytes: svg.clone().into_bytes(),
        });
        self.drawings.insert(svg, name.clone());
        name
    }

    /// The `<figure>` of diagram `n`, with the id `id`; `live`: for the
    /// script to step through or answer (a diagram that is a link is a
    /// picture).
    fn figure(&mut self, n: usize, id: &str, live: bool) -> String {
        let flow = self.flow;
        let d = &flow.diagrams[n];
        let item = flow.item(n);
        let mut view = DiagramView::from_figure(item, &d.figure, self.lang());
        // The caption and gaps line are text of the page, in every
        // language, not part of the drawing.
        view.caption = None;
        view.gaps = None;
        let file = self.drawing(&view);
        let sequences = if item.kind == ItemKind::Diagram(DiagramKind::Prb) {
            correct_sequences(item)
        } else {
            Vec::new()
        };
        let data = if live && self.interactive() {
            self.script_data(n, &view, &file, &sequences)
        } else {
            None
        };
        let caption = self.text(&d.caption);
        let description = access::described(item, self.lang(), &format!("{id}-desc"), true);
        let mut s = format!(
            "<figure class=\"dia kind-{}\" id=\"{}\"{}>",
            item.kind.name(),
            esc(id),
            data.map_or_else(String::new, |j| format!(" data-kifu=\"{}\"", esc(&j)))
        );
        if let Some(t) = &d.problem_text {
            let html = self.variants(t, &mut |r| markup::rich(self, r));
            let _ = write!(s, "<div class=\"prb-text\">{html}</div>");
        }
        let _ = write!(
            s,
            "<img src=\"{}\" alt=\"{}\" aria-details=\"{}-desc\"/>",
            esc(&file),
            esc(&description.alt),
            esc(id)
        );
        let gaps = d
            .gaps
            .as_ref()
            .map(|g| format!("<span class=\"gaps\">{}</span>", esc(g)));
        let answer = if sequences.is_empty() {
            None
        } else {
            self.problems.push(Problem {
                diagram: n,
                file: self.current.clone(),
                anchor: id.to_owned(),
                sequences,
            });
            Some(format!(
                "<a class=\"answer-link\" href=\"answers.xhtml#answer-{n}\">Answer</a>"
            ))
        };
        let lines: Vec<String> = [Some(caption).filter(|c| !c.is_empty()), gaps, answer]
            .into_iter()
            .flatten()
            .collect();
        if !lines.is_empty() {
            let _ = write!(s, "<figcaption>{}</figcaption>", lines.join("<br/>"));
        }
        s.push_str("</figure>");
        s.push_str(&description.details);
        s
    }

    /// What the script needs to step through diagram `n` (drawn as
    /// `view` in `file`) or to answer it: `None` when there is nothing to
    /// do (no moves and not a problem).
    fn script_data(
        &mut self,
        n: usize,
        view: &DiagramView,
        file: &str,
        sequences: &[Sequence],
    ) -> Option<String> {
        let item = self.flow.item(n);
        let problem = !sequences.is_empty();
        if !problem && item.moves.is_empty() {
            return None;
        }
        // Positions are drawn over an empty board's drawing, which has the
        // figure's geometry (the same size, window and coordinates): drawn
        // once for each.
        let (x0, y0, x1, y1) = view.window();
        let key = (
            view.size.cols,
            view.size.rows,
            [x0, y0, x1, y1],
            view.coordinates.name(),
        );
        let (board, g) = match self.boards.get(&key) {
            Some(b) => b.clone(),
            None => {
                let mut empty = DiagramView::empty(view.size);
                empty.view = view.view;
                empty.coordinates = view.coordinates;
                let b = (
                    self.store(&empty, true),
                    geometry(&empty, &self.options.style),
                );
                self.boards.insert(key, b.clone());
                b
            }
        };
        let moves: Vec<Value> = item
            .moves
            .iter()
            .map(|m| {
                let [x, y] = point_code(m.mv);
                json!([
                    color_code(m.color),
                    x,
                    y,
                    m.number.unwrap_or(0),
                    m.captured
                        .iter()
                        .map(|p| json!([p.x, p.y]))
                        .collect::<Vec<_>>()
                ])
            })
            .collect();
        let mut data = json!({
            "size": [item.size.cols, item.size.rows],
            "view": [x0, y0, x1, y1],
            "geo": [round2(g.x0), round2(g.y0), g.cell, round2(g.width), round2(g.height)],
            "board": board,
            "start": item.start.stones().map(|(p, c)| json!([p.x, p.y, color_code(c)])).collect::<Vec<_>>(),
            "moves": moves,
            "toPlay": color_code(item.to_play),
        });
        if problem {
            // Feedback texts as the reader sees them: a standard text
            // (`#wid#`) in the e-book's language, as the answers page has it.
            let shown = &self.flow.diagrams[n];
            let language = &self.flow.preferred[0];
            let seq = |s: &[(Move, Option<String>)]| -> Value {
                s.iter()
                    .map(|(m, t)| {
                        let [x, y] = point_code(*m);
                        let t = t.as_deref().map(|t| {
                            shown
                                .answer_text(t)
                                .map_or_else(|| t.to_owned(), |v| v.get(language).clone())
                        });
                        json!([x, y, t])
                    })
                    .collect()
            };
            let wrong: Vec<Value> = item
                .diagram
                .as_ref()
                .map(|d| {
                    d.wrong
                        .iter()
                        .map(|s| {
                            let s: Sequence = s.iter().map(|m| (m.mv, m.text.clone())).collect();
                            seq(&s)
                        })
                        .collect()
                })
                .unwrap_or_default();
            // The reader plays on the problem's own drawing: the stones it
            // shows, the points it has.
            data["figure"] = json!(file);
            data["stones"] = view
                .stones
                .iter()
                .map(|s| json!([s.point.x, s.point.y, color_code(s.color)]))
                .collect();
            data["problem"] = json!({
                "correct": sequences.iter().map(|s| seq(s)).collect::<Vec<_>>(),
                "wrong": wrong,
            });
        }
        Some(data.to_string())
    }

    fn diagram_element(&mut self, d: &DiagramBlock, out: &mut String) {
        let mut fig = self.figure(d.diagram, &format!("{}-fig", d.anchor), d.link.is_none());
        if let Some(t) = &d.link {
            fig = format!("<a class=\"dia-link\"{}>{fig}</a>", self.link_attrs(t));
        }
        let _ = writeln!(
            out,
            "<div class=\"el dia-el w-{}{}{}\" id=\"{}\"{}>{fig}</div>",
            width_name(d.width),
            align_class(d.align),
            d.break_before
                .map_or_else(String::new, |b| format!(" {}", break_class(b))),
            esc(&d.anchor),
            Self::lang_attr(&d.langs),
        );
    }

    fn image_element(&mut self, img: &ImageBlock, out: &mut String) {
        let mut classes = vec!["image".to_owned()];
        for (on, class) in [
            (img.border, "border"),
            (img.shadow, "shadow"),
            (img.fill, "fill"),
        ] {
            if on {
                classes.push(class.to_owned());
            }
        }
        let missing = |u: &str| {
            format!(
                "<span class=\"missing-image\">Missing image: {}</span>",
                esc(u)
            )
        };
        let mut body = match &img.source {
            Some(ImageSource::Local(u)) => match self.image_names.get(u) {
                Some((name, _)) => format!(
                    "<img class=\"{}\" src=\"{}\" alt=\"{}\"/>",
                    classes.join(" "),
                    esc(name),
                    esc(u)
                ),
                None => missing(u),
            },
            Some(ImageSource::Web(u)) => format!(
                "<a class=\"web-image\" href=\"{}\">Image: {}</a>",
                esc(u),
                esc(u)
            ),
            Some(ImageSource::Missing(u)) => missing(u),
            None => String::new(),
        };
        if let Some(t) = &img.link {
            body = format!("<a{}>{body}</a>", self.link_attrs(t));
        }
        let caption = img.caption.as_ref().map_or_else(String::new, |c| {
            format!("<figcaption>{}</figcaption>", self.text(c))
        });
        let _ = writeln!(
            out,
            "<div class=\"el img-el w-{}{}\" id=\"{}\"{}><figure class=\"picture\">{body}{caption}</figure></div>",
            width_name(img.width),
            align_class(img.align),
            esc(&img.anchor),
            Self::lang_attr(&img.langs),
        );
    }

    /// The answers section: each problem's correct sequences drawn from
    /// its position, moves numbered from 1.
    fn answers(&mut self) -> String {
        let flow = self.flow;
        let mut s = String::from(
            "<section class=\"answers\" epub:type=\"appendix\" role=\"doc-appendix\">\n<h2 class=\"answers-title\">Answers</h2>\n",
        );
        let problems = std::mem::take(&mut self.problems);
        for (k, problem) in problems.iter().enumerate() {
            let (n, file, anchor) = (problem.diagram, &problem.file, &problem.anchor);
            let item = flow.item(n);
            let d = &flow.diagrams[n];
            let name = match &d.caption {
                Variants::Same(c) if !c.is_empty() => esc(c),
                Variants::ByLanguage(_) => self.text(&d.caption),
                _ => format!("Problem {}", k + 1),
            };
            let plain_name = match &d.caption {
                Variants::Same(c) if c.is_empty() => format!("Problem {}", k + 1),
                c => c.get(self.lang()).clone(),
            };
            let _ = writeln!(
                s,
                "<div class=\"answer\" id=\"answer-{n}\"><h3 class=\"answer-title\"><a href=\"{}#{}\">{name}</a></h3>",
                esc(file),
                esc(anchor)
            );
            for sequence in &problem.sequences {
                // Standard texts (`#wid#`) as the reader sees them.
                let mut sequence = sequence.clone();
                for (_, text) in &mut sequence {
                    if let Some(v) = text.as_deref().and_then(|t| d.answer_text(t)) {
                        *text = Some(v.get(&flow.preferred[0]).clone());
                    }
                }
                let mut view = DiagramView::from_figure(item, &d.figure, self.lang());
                view.caption = None;
                view.gaps = None;
                // The page's escaping of the plain texts print also uses.
                let texts: Vec<String> = play(&mut view, item, &sequence)
                    .iter()
                    .map(|t| esc(t))
                    .collect();
                let file = self.drawing(&view);
                let _ = write!(
                    s,
                    "<figure class=\"dia answer-dia\"><img src=\"{}\" alt=\"{}\"/>",
                    esc(&file),
                    esc(&access::answer_alt(
                        &plain_name,
                        item,
                        &sequence,
                        self.lang()
                    ))
                );
                if !texts.is_empty() {
                    let _ = write!(s, "<figcaption>{}</figcaption>", texts.join("<br/>"));
                }
                s.push_str("</figure>\n");
            }
            s.push_str("</div>\n");
        }
        s.push_str("</section>\n");
        s
    }

    /// The navigation document.
    fn nav(&self) -> Vec<u8> {
        let mut s = String::from(
            "<nav epub:type=\"toc\" id=\"toc\" role=\"doc-toc\">\n<h1 class=\"toc-title\">Contents</h1>\n<ol>\n",
        );
        for (k, (href, title)) in self.chapters().iter().enumerate() {
            let _ = writeln!(
                s,
                "<li id=\"toc-{k}\"><a href=\"{}\">{}</a></li>",
                esc(href),
                title
            );
        }
        if self.has_answers() {
            s.push_str("<li><a href=\"answers.xhtml\">Answers</a></li>\n");
        }
        s.push_str("</ol>\n</nav>\n<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n<ol>\n");
        let _ = writeln!(
            s,
            "<li><a epub:type=\"titlepage\" href=\"{}\">Title page</a></li>",
            esc(&title_file(self.flow))
        );
        s.push_str("<li><a epub:type=\"toc\" href=\"nav.xhtml#toc\">Contents</a></li>\n");
        if let Some((href, _)) = self.chapters().first() {
            let _ = writeln!(
                s,
                "<li><a epub:type=\"bodymatter\" href=\"{}\">Start</a></li>",
                esc(href)
            );
        }
        s.push_str("</ol>\n</nav>\n");
        self.document("Contents", &s, false)
    }

    fn has_answers(&self) -> bool {
        self.answers_written
    }

    /// Each chapter's file and title (markup), in order.
    fn chapters(&self) -> Vec<(String, String)> {
        let flow = self.flow;
        let mut out = Vec::new();
        for (k, section) in flow.sections.iter().enumerate() {
            let file = section_file(k);
            let title = match &section.anchor {
                None => "Front matter".to_owned(),
                Some(a) => match flow.contents.iter().find(|c| &c.anchor == a) {
                    Some(c) if !c.titles.is_empty() => c
                        .titles
                        .iter()
                        .map(|t| self.text(&t.text))
                        .collect::<Vec<_>>()
                        .join(" / "),
                    Some(c) => esc(&c.fallback),
                    None => esc(a),
                },
            };
            out.push((file, title));
        }
        out
    }

    fn ncx(&self, identifier: &str) -> Vec<u8> {
        let mut s = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\">\n\
             <head>\n<meta name=\"dtb:uid\" content=\"{}\"/>\n<meta name=\"dtb:depth\" content=\"1\"/>\n\
             <meta name=\"dtb:totalPageCount\" content=\"0\"/>\n<meta name=\"dtb:maxPageNumber\" content=\"0\"/>\n</head>\n\
             <docTitle><text>{}</text></docTitle>\n<navMap>\n",
            esc(identifier),
            esc(&self.book_title())
        );
        let mut points: Vec<(String, String)> = self
            .chapters()
            .into_iter()
            .map(|(href, title)| (href, strip_tags(&title)))
            .collect();
        if self.has_answers() {
            points.push(("answers.xhtml".to_owned(), "Answers".to_owned()));
        }
        for (k, (href, title)) in points.iter().enumerate() {
            let _ = writeln!(
                s,
                "<navPoint id=\"np{k}\" playOrder=\"{}\"><navLabel><text>{}</text></navLabel><content src=\"{}\"/></navPoint>",
                k + 1,
                esc(title),
                esc(href)
            );
        }
        s.push_str("</navMap>\n</ncx>\n");
        s.into_bytes()
    }

    /// The package document, and the zip of everything.
    fn package(&mut self, documents: Vec<Item>) -> Result<Vec<u8>, EpubError> {
        let flow = self.flow;
        let identifier = format!("kifu:{}", flow.book_id);
        let mut items = documents;
        let nav = self.nav();
        items.insert(
            1,
            Item {
                id: "nav".to_owned(),
                href: "nav.xhtml".to_owned(),
                media_type: "application/xhtml+xml",
                properties: Some("nav"),
                bytes: nav,
            },
        );
        let spine: Vec<String> = items.iter().map(|i| i.id.clone()).collect();
        items.push(Item {
            id: "ncx".to_owned(),
            href: "toc.ncx".to_owned(),
            media_type: "application/x-dtbncx+xml",
            properties: None,
            bytes: self.ncx(&identifier),
        });
        if self.interactive() {
            items.push(Item {
                id: "js".to_owned(),
                href: "kifu.js".to_owned(),
                media_type: "application/javascript",
                properties: None,
                bytes: JS.as_bytes().to_vec(),
            });
        }
        items.push(Item {
            id: "css".to_owned(),
            href: "style.css".to_owned(),
            media_type: "text/css",
            properties: None,
            bytes: CSS.as_bytes().to_vec(),
        });
        let cover = flow.title_page.cover.as_ref();
        for (k, (book_name, (name, mime))) in self.image_names.iter().enumerate() {
            if Some(book_name) != cover {
                items.push(Item {
                    id: format!("img{:03}", k + 1),
                    href: name.clone(),
                    media_type: mime,
                    properties: None,
                    bytes: flow.images[book_name].clone(),
                });
            }
        }
        items.push(Item {
            id: self.cover.id.clone(),
            href: self.cover.href.clone(),
            media_type: self.cover.media_type,
            properties: self.cover.properties,
            bytes: std::mem::take(&mut self.cover.bytes),
        });
        items.append(&mut self.diagram_items);
        items.append(&mut self.board_items);

        let mut opf = String::new();
        let lang = esc(self.lang());
        let _ = write!(
            opf,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"pub-id\" xml:lang=\"{lang}\">\n\
             <metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<dc:identifier id=\"pub-id\">{}</dc:identifier>\n\
             <dc:title id=\"main-title\">{}</dc:title>\n<meta refines=\"#main-title\" property=\"title-type\">main</meta>\n",
            esc(&identifier),
            esc(&self.book_title())
        );
        let page = &flow.title_page;
        let plain = |v: &Option<Variants<String>>| v.as_ref().map(|v| v.get(self.lang()).clone());
        if let Some(sub) = plain(&page.subtitle) {
            let _ = writeln!(
                opf,
                "<dc:title id=\"subtitle\">{}</dc:title>\n<meta refines=\"#subtitle\" property=\"title-type\">subtitle</meta>",
                esc(&sub)
            );
        }
        if let Some(a) = plain(&page.author) {
            let _ = writeln!(opf, "<dc:creator id=\"author\">{}</dc:creator>", esc(&a));
        }
        if let Some(p) = plain(&page.publisher) {
            let _ = writeln!(opf, "<dc:publisher>{}</dc:publisher>", esc(&p));
        }
        if let Some(c) = plain(&page.copyright) {
            let _ = writeln!(opf, "<dc:rights>{}</dc:rights>", esc(&c));
        }
        let mut languages: Vec<&str> = vec![self.lang()];
        for l in &flow.languages {
            if !languages.contains(&bcp47(l)) {
                languages.push(bcp47(l));
            }
        }
        for l in languages {
            let _ = writeln!(opf, "<dc:language>{}</dc:language>", esc(l));
        }
        let _ = writeln!(
            opf,
            "<meta property=\"dcterms:modified\">{}</meta>",
            esc(&self.options.modified)
        );
        if let Some(item) = items.iter().find(|i| i.properties == Some("cover-image")) {
            let _ = writeln!(opf, "<meta name=\"cover\" content=\"{}\"/>", item.id);
        }
        let certifier = plain(&page.author).or_else(|| plain(&page.publisher));
        opf.push_str(&access::package_metadata(
            flow,
            certifier.as_deref(),
            self.interactive(),
        ));
        opf.push_str("</metadata>\n<manifest>\n");
        for i in &items {
            let _ = writeln!(
                opf,
                "<item id=\"{}\" href=\"{}\" media-type=\"{}\"{}/>",
                i.id,
                esc(&i.href),
                i.media_type,
                i.properties
                    .map_or_else(String::new, |p| format!(" properties=\"{p}\""))
            );
        }
        opf.push_str("</manifest>\n<spine toc=\"ncx\">\n");
        for id in spine {
            let _ = writeln!(opf, "<itemref idref=\"{id}\"/>");
        }
        opf.push_str("</spine>\n</package>\n");

        let zip_error = |e: zip::result::ZipError| EpubError(format!("cannot write the EPUB: {e}"));
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        // A fixed time: the same book gives the same bytes.
        let stored = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored)
            .last_modified_time(zip::DateTime::default());
        let deflated = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(zip::DateTime::default());
        let mut put = |name: &str, bytes: &[u8], options| -> Result<(), EpubError> {
            zip.start_file(name, options).map_err(zip_error)?;
            zip.write_all(bytes)
                .map_err(|e| EpubError(format!("cannot write the EPUB: {e}")))
        };
        put("mimetype", b"application/epub+zip", stored)?;
        put(
            "META-INF/container.xml",
            b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">\n<rootfiles>\n<rootfile full-path=\"EPUB/package.opf\" media-type=\"application/oebps-package+xml\"/>\n</rootfiles>\n</container>\n",
            deflated,
        )?;
        put("EPUB/package.opf", opf.as_bytes(), deflated)?;
        for i in &items {
            put(&format!("EPUB/{}", i.href), &i.bytes, deflated)?;
        }
        let cursor = zip.finish().map_err(zip_error)?;
        Ok(cursor.into_inner())
    }
}

impl Dialect for Writer<'_, '_> {
    fn link_attrs(&self, target: &Target) -> String {
        match target {
            Target::Element(anchor) => format!(" href=\"{}\"", self.href(anchor)),
            Target::InlineDiagram(Some(n)) => {
                format!(
                    " class=\"inline-dia\" href=\"{}\"",
                    self.href(&format!("dia-{n}"))
                )
            }
            // All included languages are shown: nothing to switch to.
            Target::Language(_) => " class=\"lang-link\"".to_owned(),
            Target::Web(u) => format!(" href=\"{}\" class=\"web-link\"", esc(u)),
            Target::Missing(m) => format!(" class=\"missing-link\" title=\"missing: {}\"", esc(m)),
            Target::Disallowed(m) => {
                format!(" class=\"missing-link\" title=\"not a link: {}\"", esc(m))
            }
            Target::InlineDiagram(None) => " class=\"inline-dia missing-link\"".to_owned(),
        }
    }

    fn inline_image(&self, source: &ImageSource) -> String {
        match source {
            ImageSource::Local(url) => match self.image_names.get(url) {
                Some((name, _)) => {
                    format!("<img class=\"inline-img\" alt=\"\" src=\"{}\"/>", esc(name))
                }
                None => "<span class=\"sym\">•</span>".to_owned(),
            },
            _ => "<span class=\"sym\">•</span>".to_owned(),
        }
    }

    fn line_break(&self) -> &'static str {
        "<br/>"
    }

    fn rich_variants(&self, v: &Variants<Rich>) -> String {
        self.variants(v, &mut |r| markup::rich(self, r))
    }
}

/// A cover for a book without one: the title and author over the book's
/// first diagram (or an empty board), as SVG.
fn generated_cover(title: &str, author: Option<&str>, board: Option<String>) -> String {
    const WIDTH: f64 = 600.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} 900\" width=\"{WIDTH}\" height=\"900\">\
         <rect width=\"{WIDTH}\" height=\"900\" fill=\"#f3e2b8\"/>\
         <g font-family=\"serif\" text-anchor=\"middle\" fill=\"#222222\">"
    );
    // The title in lines of at most 24 characters, broken at spaces.
    let mut lines: Vec<String> = Vec::new();
    for word in title.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= 24 => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines.truncate(4);
    for (k, line) in lines.iter().enumerate() {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"44\" font-weight=\"bold\">{}</text>",
            WIDTH / 2.0,
            110 + 56 * k,
            esc(line)
        );
    }
    if let Some(a) = author {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"28\">{}</text>",
            WIDTH / 2.0,
            140 + 56 * lines.len(),
            esc(a)
        );
    }
    s.push_str("</g>");
    if let Some(board) = board {
        // The drawing, nested, in the lower part of the cover.
        // The drawing's own size gives way to the cover's box (its
        // viewBox keeps the proportions).
        let end = board.find('>').unwrap_or(0);
        let head: Vec<&str> = board[..end]
            .split(' ')
            .filter(|a| !a.starts_with("width=") && !a.starts_with("height="))
            .collect();
        let _ = write!(
            s,
            "{} x=\"75\" y=\"360\" width=\"450\" height=\"450\"{}",
            head.join(" "),
            &board[end..]
        );
    }
    s.push_str("</svg>");
    s
}

/// A colour for the script: 0 black, 1 white.
fn color_code(c: Color) -> u8 {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// A move's point for the script: a pass is (-1, -1), a tenuki (-2, -2).
fn point_code(mv: Move) -> [i32; 2] {
    match mv {
        Move::Play(p) => [i32::from(p.x), i32::from(p.y)],
        Move::Pass => [-1, -1],
        Move::Tenuki => [-2, -2],
    }
}

/// A length rounded to two decimals, as the drawings write them.
fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// Text with its tags left out (for the NCX, which holds plain text).
fn strip_tags(markup: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in markup.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_civil_dates() {
        let at = |s| timestamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56, a leap day in a century leap year.
        assert_eq!(at(951_827_696), "2000-02-29T12:34:56Z");
        assert_eq!(at(4_102_444_799), "2099-12-31T23:59:59Z");
    }

    #[test]
    fn chinese_codes_become_bcp47() {
        assert_eq!(bcp47("cn"), "zh-Hans");
        assert_eq!(bcp47("tw"), "zh-Hant");
        assert_eq!(bcp47("ja"), "ja");
    }
}

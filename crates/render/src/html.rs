//! Go books to one self-contained interactive HTML page.
//!
//! [`book_to_html`] writes the whole book as one page that needs no
//! network: the style sheet and the script (`assets/book.css`,
//! `assets/book.js`) are inlined, local images are embedded as `data:`
//! URLs, and every diagram is drawn in the browser from JSON data embedded
//! in the page (`<script type="application/json" id="kifu-data">`): the
//! starting stones, the numbered moves with their captures, the printed
//! figure, letters, marks, lines, arrows, the view and, for problems, the
//! `correct` and `wrong` sequences.
//!
//! The page holds a title page, a table of contents, and one `<section>`
//! per chapter. Every element shown only in some languages carries
//! `data-langs`; text that differs by language (standard texts,
//! typography, captions) is written once per book language as
//! `<span class="v" data-v="LANG">` variants, of which the script shows
//! the one for the first selected language. The output depends only on
//! the book, the images and the options: the same input gives the same
//! bytes.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use base64::Engine as _;
use kifu_board::{Color, Point};
use kifu_book::coords::Move;
use kifu_book::figure::{self, Figure};
use kifu_book::go_data::{self, Mark, Width};
use kifu_book::model::{self, ElementKind, ParagraphKind, ParagraphStyle};
use kifu_book::refs::{Base, Index, Link};
use kifu_book::resolve::{self, ItemKind, Resolution, Resolved, Source};
use kifu_book::text::{self, Anchor, Fields, RunKind};
use kifu_book::{Book, Element};
use serde_json::{Value, json};

const CSS: &str = include_str!("../assets/book.css");
const JS: &str = include_str!("../assets/book.js");
const SHARED_JS: &str = include_str!("../assets/shared.js");

/// Options of [`book_to_html`].
#[derive(Clone, Debug, Default)]
pub struct HtmlOptions {
    /// The languages shown until the reader chooses (remembered in the
    /// browser's localStorage). Empty, or none of them in the book:
    /// English if the book has it, else the book's first language.
    pub languages: Vec<String>,
    /// The page's `<title>`; the book's title when `None`.
    pub title: Option<String>,
    /// Write each position a diagram starts from once: a diagram based on
    /// another item (without `sgf`, `ab`, `aw`, `ae` of its own) names that
    /// item's position and the number of its moves played, and lists only
    /// the figure's stones that differ from it; a small script of the page
    /// writes the data back in full before the book script reads it. For
    /// game pages, whose variations all start from the main line: 4,000 of
    /// them wrote the whole board 8,000 times. Off, the page is as before.
    pub shared_positions: bool,
}

/// Writes `book` as one self-contained interactive HTML page.
///
/// `images` gives the bytes of a local image file named in the book
/// (`img url`, inline `<img>`, the cover), from a `.gobk` package or the
/// book's folder; images it does not give, and web images, are shown as
/// links instead (the page never fetches anything).
///
/// ```
/// let book = kifu_book::parse("::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 One\n\n::go mv=\"D4 Q16\"\n\n::fig at=1 to=2\n\nText.").value;
/// let html = kifu_render::html::book_to_html(&book, &|_| None, &Default::default());
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// assert!(html.contains("href=\"#c\""));
/// assert!(!html.contains("src=\"http"));
/// ```
pub fn book_to_html(
    book: &Book,
    images: &dyn Fn(&str) -> Option<Vec<u8>>,
    options: &HtmlOptions,
) -> String {
    let mut w = Writer::new(book, images, options);
    w.write();
    w.out
}

/// The book's languages: the book element's own first, then every other
/// language tag of an element or attribute, in alphabetical order.
fn book_languages(book: &Book) -> Vec<String> {
    let keep = |l: &str| kifu_book::language::is_language(l) && l != "ui";
    let mut out: Vec<String> = Vec::new();
    if let Some(b) = book
        .elements()
        .iter()
        .find(|e| e.kind() == ElementKind::Book)
    {
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

/// Escapes text for HTML content and attribute values.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON made safe inside a `<script>` element: `<`, `>` and `&` (which can
/// end the element or put the HTML parser in a script-escaped state, as
/// `<!--<script>` does) and U+2028/U+2029 are written as `\uXXXX`. Outside
/// strings JSON has none of these characters, so every one is in a string
/// and the JSON means the same.
fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The MIME type of an image file name.
fn mime(name: &str) -> &'static str {
    let lower = name.to_ascii_lowercase();
    match lower.rsplit('.').next().unwrap_or("") {
        "png" => "image/png",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        "webp" => "image/webp",
        _ => "image/jpeg",
    }
}

/// Whether an image address is on the web (shown as a link, never
/// fetched): only the addresses `kifu_book::refs::web_link` allows.
fn is_web(url: &str) -> bool {
    kifu_book::refs::web_link(url)
}

fn color_code(c: Color) -> u8 {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn width_name(w: Width) -> &'static str {
    match w {
        Width::Full => "full",
        Width::Dia => "dia",
        Width::Half => "half",
        Width::Third => "third",
    }
}

fn mark_name(m: Mark) -> &'static str {
    match m {
        Mark::Triangle => "tr",
        Mark::Cross => "ma",
        Mark::Square => "sq",
        Mark::Diamond => "rg",
        Mark::Circle => "cr",
        Mark::BlackArea => "tb",
        Mark::WhiteArea => "tw",
    }
}

/// A number of tenths of an em, as CSS.
fn tenths(n: i64) -> String {
    let v = n as f64 / 10.0;
    format!("{v}em")
}

/// What consecutive elements are grouped in: a box, bullets, a row of
/// narrow diagrams or images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Box,
    Bullets,
    Row,
}

impl Group {
    fn class(self) -> &'static str {
        match self {
            Group::Box => "box",
            Group::Bullets => "bullets",
            Group::Row => "row",
        }
    }
}

/// How [`Writer::rich`] renders a text.
#[derive(Clone, Copy)]
struct RichOptions<'r> {
    fields: &'r Fields,
    /// The diagram whose marks replace coordinates, and its figure.
    item: Option<(&'r Resolved, &'r Figure)>,
    /// The page's diagram number of each inline diagram.
    diagram_ids: &'r [Option<usize>],
    /// Whether the text up to the first tab is a bullet.
    bullet: bool,
    /// Whether leading tabs are left out (they became indentation).
    skip_leading_tabs: bool,
}

struct Writer<'a> {
    book: &'a Book,
    index: Index<'a>,
    res: Resolution,
    langs: Vec<Vec<String>>,
    styles: Vec<Option<ParagraphStyle>>,
    languages: Vec<String>,
    default_langs: Vec<String>,
    images: &'a dyn Fn(&str) -> Option<Vec<u8>>,
    options: &'a HtmlOptions,
    fields: Fields,
    book_id: String,
    diagrams: Vec<Value>,
    /// With `shared_positions`: the positions diagrams start from, and the
    /// index there of each item's, by item index.
    positions: Vec<Value>,
    position_of: BTreeMap<usize, usize>,
    /// With `shared_positions`: the coordinate labels, each set once.
    label_sets: Vec<Value>,
    label_of: BTreeMap<String, usize>,
    /// The inline diagrams of each paragraph: (ordinal, item index).
    inline_items: BTreeMap<usize, Vec<(usize, usize)>>,
    /// The figures of the diagrams paragraphs describe, by element.
    figures: std::cell::RefCell<BTreeMap<usize, std::rc::Rc<Figure>>>,
    out: String,
}

impl<'a> Writer<'a> {
    fn new(
        book: &'a Book,
        images: &'a dyn Fn(&str) -> Option<Vec<u8>>,
        options: &'a HtmlOptions,
    ) -> Self {
        let languages = book_languages(book);
        let mut default_langs: Vec<String> = options
            .languages
            .iter()
            .filter(|l| languages.contains(l))
            .cloned()
            .collect();
        if default_langs.is_empty() {
            default_langs.push(if languages.iter().any(|l| l == "en") {
                "en".to_owned()
            } else {
                languages[0].clone()
            });
        }
        let mut fields = Fields::default();
        let head = book
            .elements()
            .iter()
            .find(|e| e.kind() == ElementKind::Book);
        if let Some(b) = head {
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
        Writer {
            book,
            index: Index::new(book),
            res,
            inline_items,
            figures: std::cell::RefCell::default(),
            langs: model::effective_languages(book),
            styles: model::paragraph_styles(book),
            languages,
            default_langs,
            images,
            options,
            fields,
            book_id: head.and_then(Element::id).unwrap_or("book").to_owned(),
            diagrams: Vec::new(),
            positions: Vec::new(),
            position_of: BTreeMap::new(),
            label_sets: Vec::new(),
            label_of: BTreeMap::new(),
            out: String::new(),
        }
    }

    fn head(&self) -> Option<&'a Element> {
        self.book
            .elements()
            .iter()
            .find(|e| e.kind() == ElementKind::Book)
    }

    /// The HTML `id` of element `i`: its own ID when that is unique and
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

    /// Where a link to element `j` leads: the element itself when the page
    /// shows it, the title page for the book element, else the next
    /// element shown (a link to Go data leads to what follows it).
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

    /// ` data-langs="..."` for an element shown only in some languages.
    fn langs_attr(&self, i: usize) -> String {
        let l = &self.langs[i];
        if l.is_empty() {
            String::new()
        } else {
            format!(" data-langs=\"{}\"", esc(&l.join(" ")))
        }
    }

    /// Content that may differ by language: the element's own language's
    /// version, or one variant per book language when they differ.
    fn variants(&self, i: Option<usize>, f: &mut dyn FnMut(&str) -> String) -> String {
        if let Some(i) = i
            && let Some(first) = self.langs[i].first()
        {
            return f(first);
        }
        let all: Vec<String> = self.languages.iter().map(|l| f(l)).collect();
        if all.iter().all(|v| *v == all[0]) {
            return all[0].clone();
        }
        let mut out = String::new();
        for (l, v) in self.languages.iter().zip(&all) {
            let _ = write!(out, "<span class=\"v\" data-v=\"{}\">{v}</span>", esc(l));
        }
        out
    }

    fn image_src(&self, url: &str) -> Option<String> {
        if is_web(url) {
            return None;
        }
        let bytes = (self.images)(url)?;
        Some(format!(
            "data:{};base64,{}",
            mime(url),
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ))
    }

    fn cover(&self) -> Option<String> {
        let b = self.head()?;
        b.get("cover")
            .map(str::to_owned)
            .or_else(|| b.id().map(|id| format!("{id}_cover.jpg")))
    }

    fn write(&mut self) {
        let title = self.options.title.clone().unwrap_or_else(|| {
            self.head()
                .and_then(|b| b.text_in("title", &self.default_langs[0]))
                .map(|t| text::typography(t, &self.default_langs[0]))
                .unwrap_or_else(|| "Go book".to_owned())
        });
        let mut body = String::new();
        std::mem::swap(&mut body, &mut self.out);
        self.title_page();
        self.toc();
        self.chapters();
        std::mem::swap(&mut body, &mut self.out);

        let mut config = json!({
            "book": self.book_id,
            "languages": self.languages,
            "defaults": self.default_langs,
            "names": self.languages.iter().map(|l| kifu_book::language::name(l).unwrap_or(l)).collect::<Vec<_>>(),
            "diagrams": self.diagrams,
        });
        if self.options.shared_positions {
            config["positions"] = Value::Array(std::mem::take(&mut self.positions));
            config["labelSets"] = Value::Array(std::mem::take(&mut self.label_sets));
        }
        let data = script_json(&serde_json::to_string(&config).unwrap_or_default());
        let lang = &self.default_langs[0];
        let o = &mut self.out;
        let _ = write!(
            o,
            "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"generator\" content=\"kifu\">\n<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n",
            esc(lang),
            esc(&title),
            CSS
        );
        o.push_str("<header class=\"toolbar\" id=\"kifu-toolbar\"><a class=\"home\" href=\"#kifu-toc\">Contents</a><span class=\"langs\" id=\"kifu-langs\">");
        for l in &self.languages {
            let name = kifu_book::language::name(l).unwrap_or(l);
            let _ = write!(
                o,
                "<label><input type=\"checkbox\" data-lang=\"{}\"{}> {}</label>",
                esc(l),
                if self.default_langs.contains(l) {
                    " checked"
                } else {
                    ""
                },
                esc(name)
            );
        }
        o.push_str("</span><label class=\"coords\"><input type=\"checkbox\" id=\"kifu-coords\"> Coordinates</label></header>\n<main id=\"kifu-book\">\n");
        o.push_str(&body);
        o.push_str("</main>\n<script type=\"application/json\" id=\"kifu-data\">");
        o.push_str(&data);
        o.push_str("</script>\n<script>\n");
        if self.options.shared_positions {
            o.push_str(SHARED_JS);
            o.push_str("</script>\n<script>\n");
        }
        o.push_str(JS);
        o.push_str("</script>\n</body>\n</html>\n");
    }

    fn book_text(&self, name: &str) -> Option<String> {
        let b = self.head()?;
        b.get(name).or_else(|| b.text_in(name, "en"))?;
        Some(self.variants(None, &mut |l| {
            esc(&text::typography(b.text_in(name, l).unwrap_or(""), l))
        }))
    }

    fn title_page(&mut self) {
        let mut s = String::from("<section class=\"title-page\" id=\"kifu-title\">\n");
        if let Some(t) = self.book_text("title") {
            let _ = writeln!(s, "<h1 class=\"book-title\">{t}</h1>");
        }
        if let Some(t) = self.book_text("subtitle") {
            let _ = writeln!(s, "<p class=\"book-subtitle\">{t}</p>");
        }
        if let Some(t) = self.book_text("author") {
            let _ = writeln!(s, "<p class=\"book-author\">{t}</p>");
        }
        if let Some(cover) = self.cover()
            && let Some(src) = self.image_src(&cover)
        {
            let _ = writeln!(
                s,
                "<img class=\"cover\" alt=\"{}\" src=\"{src}\">",
                esc(&cover)
            );
        }
        for (name, class) in [
            ("publisher", "book-publisher"),
            ("copyright", "book-copyright"),
        ] {
            if let Some(t) = self.book_text(name) {
                let _ = writeln!(s, "<p class=\"{class}\">{t}</p>");
            }
        }
        s.push_str("</section>\n");
        self.out.push_str(&s);
    }

    /// The plain title of a heading in a language.
    fn heading_text(&self, i: usize, lang: &str) -> String {
        let e = &self.book.elements()[i];
        let mut rich = text::parse(e.value());
        rich.expand_standard_texts(lang, &self.fields);
        rich.apply_typography(lang);
        rich.plain_text().replace('\n', " ")
    }

    fn toc(&mut self) {
        let mut s = String::from(
            "<nav class=\"toc\" id=\"kifu-toc\">\n<h2 class=\"toc-title\">Contents</h2>\n<ol>\n",
        );
        let elements = self.book.elements();
        for range in model::chapters(self.book) {
            let c = range.start;
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
            let href = self.anchor(c);
            let _ = write!(s, "<li{}>", self.langs_attr(c));
            if titles.is_empty() {
                let name = elements[c].id().unwrap_or("chapter");
                let _ = write!(s, "<a href=\"#{}\">{}</a>", esc(&href), esc(name));
            }
            for t in titles {
                let text = self.variants(Some(t), &mut |l| esc(&self.heading_text(t, l)));
                let _ = write!(
                    s,
                    "<a href=\"#{}\"{}>{}</a>",
                    esc(&href),
                    self.langs_attr(t),
                    text
                );
            }
            s.push_str("</li>\n");
        }
        s.push_str("</ol>\n</nav>\n");
        self.out.push_str(&s);
    }

    fn chapters(&mut self) {
        let elements = self.book.elements();
        let ranges = model::chapters(self.book);
        let first = ranges.first().map_or(elements.len(), |r| r.start);
        if (0..first).any(|i| self.is_display(i)) {
            self.out.push_str("<section class=\"chapter front\">\n");
            self.flow(0..first);
            self.out.push_str("</section>\n");
        }
        for range in ranges {
            let c = range.start;
            let _ = writeln!(
                self.out,
                "<section class=\"chapter\" id=\"{}\"{}>",
                esc(&self.anchor(c)),
                self.langs_attr(c)
            );
            self.flow(range.start + 1..range.end);
            self.out.push_str("</section>\n");
        }
    }

    fn is_display(&self, i: usize) -> bool {
        matches!(
            self.book.elements()[i].kind(),
            ElementKind::Paragraph(_)
                | ElementKind::Diagram(_)
                | ElementKind::Image
                | ElementKind::Buy
        )
    }

    fn group_of(&self, i: usize) -> Option<Group> {
        let e = &self.book.elements()[i];
        match e.kind() {
            ElementKind::Paragraph(_) if e.flag("box") == Some(true) => Some(Group::Box),
            ElementKind::Paragraph(_) if self.styles[i] == Some(ParagraphStyle::Bullet) => {
                Some(Group::Bullets)
            }
            ElementKind::Diagram(_) => {
                let d = self.res.of_element(i).and_then(|r| r.diagram.as_ref())?;
                matches!(d.width, Width::Half | Width::Third).then_some(Group::Row)
            }
            ElementKind::Image => {
                matches!(e.get("width"), Some("half" | "third")).then_some(Group::Row)
            }
            _ => None,
        }
    }

    fn flow(&mut self, range: std::ops::Range<usize>) {
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
            if group != open {
                if open.is_some() {
                    self.out.push_str("</div>\n");
                }
                if let Some(g) = group {
                    let _ = writeln!(self.out, "<div class=\"group {}\">", g.class());
                }
                open = group;
            }
            let e = &self.book.elements()[i];
            match e.kind() {
                ElementKind::Paragraph(kind) => {
                    if kind == ParagraphKind::P
                        && let Some(n) = e.integer("paraSpacing")
                    {
                        para_spacing = Some(n);
                    }
                    self.paragraph(i, kind, para_spacing, after_break);
                    after_break = kind.is_heading();
                }
                ElementKind::Diagram(_) => {
                    self.diagram_element(i);
                    after_break = true;
                }
                ElementKind::Image => {
                    self.image_element(i);
                    after_break = true;
                }
                ElementKind::Buy => {
                    let _ = writeln!(
                        self.out,
                        "<div class=\"el buy\" id=\"{}\"{}><span class=\"buy-button\">BUY BOOK</span></div>",
                        esc(&self.anchor(i)),
                        self.langs_attr(i)
                    );
                }
                _ => {}
            }
        }
        if open.is_some() {
            self.out.push_str("</div>\n");
        }
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

    /// Rich text to HTML in a language. `diagram_ids` gives the page's
    /// diagram number of each inline diagram.
    fn rich(&self, i: usize, value: &str, lang: &str, o: &RichOptions<'_>) -> String {
        let RichOptions {
            fields,
            item,
            diagram_ids,
            bullet,
            skip_leading_tabs,
        } = *o;
        let mut rich = text::parse(value);
        rich.expand_standard_texts(lang, fields);
        if let Some((item, fig)) = item.filter(|(r, _)| r.diagram.is_some()) {
            rich.substitute_coordinates(|c| {
                Point::from_standard(c, item.size)
                    .ok()
                    .and_then(|p| figure::mark_at(item, fig, p))
            });
        }
        rich.apply_typography(lang);
        let mut out = String::new();
        let mut anchor: Option<&Anchor> = None;
        let mut in_bullet = bullet && rich.runs.iter().any(|r| r.kind == RunKind::Tab);
        if in_bullet {
            out.push_str("<span class=\"bullet\">");
        }
        let mut leading = skip_leading_tabs;
        for run in &rich.runs {
            if leading && run.kind == RunKind::Tab {
                continue;
            }
            leading = false;
            if run.anchor.as_ref() != anchor {
                if anchor.is_some() {
                    out.push_str("</a>");
                }
                if let Some(a) = &run.anchor {
                    out.push_str(&self.anchor_open(i, a, diagram_ids));
                }
                anchor = run.anchor.as_ref();
            }
            let inner = match &run.kind {
                RunKind::Text(t) => esc(t),
                RunKind::Symbol { symbol, color } => format!(
                    "<span class=\"sym\" data-sym=\"{}{}\">{}</span>",
                    symbol.letter(),
                    match color {
                        Some(Color::Black) => "b",
                        Some(Color::White) => "w",
                        None => "",
                    },
                    symbol.unicode(*color)
                ),
                RunKind::LineBreak => "<br>".to_owned(),
                RunKind::Tab if in_bullet => {
                    in_bullet = false;
                    if anchor.is_some() {
                        out.push_str("</a>");
                        anchor = None;
                    }
                    out.push_str("</span>");
                    continue;
                }
                RunKind::Tab => "<span class=\"tab\"></span>".to_owned(),
                RunKind::Image { url, href } => {
                    let url = url.clone().unwrap_or_default();
                    let img = match self.image_src(&url) {
                        Some(src) => {
                            format!("<img class=\"inline-img\" alt=\"\" src=\"{src}\">")
                        }
                        None => "<span class=\"sym\">•</span>".to_owned(),
                    };
                    match href.as_deref().map(|h| self.link_attrs(i, h)) {
                        Some(attrs) if anchor.is_none() => format!("<a{attrs}>{img}</a>"),
                        _ => img,
                    }
                }
            };
            let mut s = inner;
            if run.style.underline {
                s = format!("<u>{s}</u>");
            }
            if run.style.italic {
                s = format!("<em>{s}</em>");
            }
            if run.style.bold {
                s = format!("<strong>{s}</strong>");
            }
            out.push_str(&s);
        }
        if anchor.is_some() {
            out.push_str("</a>");
        }
        if in_bullet {
            out.push_str("</span>");
        }
        out
    }

    /// The attributes of an `<a>` for an `href` seen from element `from`.
    fn link_attrs(&self, from: usize, href: &str) -> String {
        match self.index.link(href, from) {
            Link::Element(j) => format!(" href=\"#{}\"", esc(&self.target(j))),
            Link::Language(l) => format!(
                " href=\"#\" class=\"lang-link\" data-lang-link=\"{}\"",
                esc(&l)
            ),
            Link::Web(u) => format!(" href=\"{}\" class=\"web-link\" rel=\"noopener\"", esc(&u)),
            Link::Missing(m) => format!(" class=\"missing-link\" title=\"missing: {}\"", esc(&m)),
            // No `href`: the text shows, nothing to follow.
            Link::Disallowed(m) => {
                format!(" class=\"missing-link\" title=\"not a link: {}\"", esc(&m))
            }
        }
    }

    fn anchor_open(&self, i: usize, a: &Anchor, diagram_ids: &[Option<usize>]) -> String {
        match a {
            Anchor::Link { href } => format!("<a{}>", self.link_attrs(i, href)),
            Anchor::Diagram { index } => match diagram_ids.get(*index).copied().flatten() {
                Some(n) => format!(
                    "<a href=\"#\" class=\"inline-dia\" role=\"button\" data-open=\"kifu-dia-{n}\">"
                ),
                None => "<a class=\"inline-dia missing-link\">".to_owned(),
            },
        }
    }

    fn paragraph(
        &mut self,
        i: usize,
        kind: ParagraphKind,
        para_spacing: Option<i64>,
        after_break: bool,
    ) {
        let e = &self.book.elements()[i];
        let pres = kind.presentation();
        let style = if kind.is_heading() {
            ParagraphStyle::Normal
        } else {
            self.styles[i].unwrap_or_default()
        };
        // Inline diagrams first: they get their numbers.
        let mut inline_ids: Vec<Option<usize>> = Vec::new();
        let mut inline_html = String::new();
        let items: Vec<(usize, usize)> = self.inline_items.get(&i).cloned().unwrap_or_default();
        for (ordinal, k) in items {
            if inline_ids.len() <= ordinal {
                inline_ids.resize(ordinal + 1, None);
            }
            let item = self.res.items[k].clone();
            let n = self.register(&item);
            inline_ids[ordinal] = Some(n);
            inline_html.push_str(&self.figure_html(&item, n, true));
        }
        let fields = self.fields_for(i);
        // The figure of the diagram the paragraph describes, made once per
        // diagram: a game page has a paragraph for every comment, all about
        // one long game, and making its figure for each was quadratic.
        let described = self.index.ref_of(i).and_then(|j| {
            let item = self.res.of_element(j)?;
            let figure = match self.figures.borrow_mut().entry(j) {
                std::collections::btree_map::Entry::Occupied(f) => std::rc::Rc::clone(f.get()),
                std::collections::btree_map::Entry::Vacant(v) => {
                    std::rc::Rc::clone(v.insert(std::rc::Rc::new(Figure::of(item))))
                }
            };
            Some((item, figure))
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
        let content = self.variants(Some(i), &mut |l| {
            self.rich(
                i,
                value,
                l,
                &RichOptions {
                    fields: &fields,
                    item: described.as_ref().map(|(item, figure)| (*item, &**figure)),
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
        let mut outer = format!(
            "margin-top:{};margin-bottom:{}",
            tenths(before),
            tenths(after)
        );
        let brk = e.get("break").unwrap_or(pres.page_break);
        let mut classes = vec![
            "el".to_owned(),
            "para".to_owned(),
            kind_class(kind).to_owned(),
        ];
        // A class from a closed list: `break` is free text in the book.
        if let Some(b) = break_class(brk) {
            classes.push(b.to_owned());
        }
        if e.flag("keepWithNext").unwrap_or(kind.is_heading()) {
            outer.push_str(";break-after:avoid");
        }
        // Inner style.
        let mut inner: Vec<String> = Vec::new();
        let scale = e
            .get("scale")
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(f64::from(pres.scale));
        if (scale - 1.0).abs() > 1e-6 {
            inner.push(format!("font-size:{}em", (scale * 1000.0).round() / 1000.0));
        }
        let align = e.get("align").unwrap_or(pres.align);
        if align != "left" && matches!(align, "center" | "right") {
            inner.push(format!("text-align:{align}"));
        }
        if pres.bold {
            inner.push("font-weight:bold".to_owned());
        }
        let n = leading_tabs.max(1) * 2;
        match style {
            ParagraphStyle::Block => inner.push(format!("margin-left:{n}em;margin-right:{n}em")),
            ParagraphStyle::Hanging => inner.push(format!("padding-left:{n}em;text-indent:-{n}em")),
            ParagraphStyle::Indent => inner.push(format!("margin-left:{n}em")),
            ParagraphStyle::Text => {
                classes.push("st-text".to_owned());
                if !after_break {
                    inner.push("text-indent:1em".to_owned());
                }
            }
            ParagraphStyle::Bullet => classes.push("st-bullet".to_owned()),
            ParagraphStyle::Normal => {}
        }
        let ind = |name: &str| e.integer(name);
        let block = ind("blockIndent");
        let left = ind("leftIndent").or(block);
        let first = ind("firstIndent").or(left);
        let hanging = ind("hangingIndent").or(left);
        let right = ind("rightIndent").or(block);
        if first.is_some() || hanging.is_some() {
            let h = hanging.unwrap_or(0);
            let f = first.unwrap_or(0);
            inner.push(format!(
                "padding-left:{};text-indent:{}",
                tenths(h),
                tenths(f - h)
            ));
        }
        if let Some(r) = right {
            inner.push(format!("padding-right:{}", tenths(r)));
        }
        let tag = match kind {
            ParagraphKind::H1 => "h1",
            ParagraphKind::H2 => "h2",
            ParagraphKind::H3 => "h3",
            ParagraphKind::H4 => "h4",
            ParagraphKind::H5 => "h5",
            _ => "p",
        };
        let mut body = content;
        if let Some(href) = e.get("href") {
            body = format!("<a{}>{body}</a>", self.link_attrs(i, href));
        }
        let para = format!(
            "<{tag} class=\"text\"{}>{body}</{tag}>",
            if inner.is_empty() {
                String::new()
            } else {
                format!(" style=\"{}\"", inner.join(";"))
            }
        );
        let para = if e.flag("hint") == Some(true) {
            classes.push("hint".to_owned());
            let own = Some(i).filter(|&i| !self.langs[i].is_empty());
            let word = self.variants(own, &mut |l| hint_word(l).to_owned());
            format!("<details class=\"hint\"><summary>{word}</summary>{para}</details>")
        } else {
            para
        };
        let _ = writeln!(
            self.out,
            "<div class=\"{}\" id=\"{}\"{} style=\"{outer}\">{para}{inline_html}</div>",
            classes.join(" "),
            esc(&self.anchor(i)),
            self.langs_attr(i),
        );
    }

    /// Adds a diagram's data to the page and returns its number.
    fn register(&mut self, item: &Resolved) -> usize {
        let n = self.diagrams.len();
        let pt = |p: Point| json!([p.x, p.y]);
        let fig = Figure::of(item);
        let d = item.diagram.as_ref();
        let (x0, y0, x1, y1) = match item.view {
            Some(v) => (
                v.top_left.x,
                v.top_left.y,
                v.bottom_right.x,
                v.bottom_right.y,
            ),
            None => (0, 0, item.size.cols - 1, item.size.rows - 1),
        };
        let moves = moves_json(item);
        let seq = |s: &Vec<kifu_book::coords::SequenceMove>| -> Value {
            Value::Array(
                s.iter()
                    .map(|m| {
                        let (x, y) = match m.mv {
                            Move::Play(p) => (i32::from(p.x), i32::from(p.y)),
                            Move::Pass => (-1, -1),
                            Move::Tenuki => (-2, -2),
                        };
                        json!([x, y, m.text])
                    })
                    .collect(),
            )
        };
        let mut data = json!({
            "kind": item.kind.name(),
            "size": [item.size.cols, item.size.rows],
            "view": [x0, y0, x1, y1],
            "start": item.start.stones().map(|(p, c)| json!([p.x, p.y, color_code(c)])).collect::<Vec<_>>(),
            "toPlay": color_code(item.to_play),
            "moves": moves,
            "figure": fig.stones.iter().map(|s| json!([s.point.x, s.point.y, color_code(s.color), s.number.unwrap_or(0)])).collect::<Vec<_>>(),
            "letters": d.map(|d| d.letters.iter().map(|(c, p)| json!([p.x, p.y, c.to_string()])).collect::<Vec<_>>()).unwrap_or_default(),
            "texts": d.map(|d| d.point_texts.iter().map(|(p, t)| json!([p.x, p.y, t])).collect::<Vec<_>>()).unwrap_or_default(),
            "marks": d.map(|d| d.marks.iter().map(|(m, p)| json!([p.x, p.y, mark_name(*m)])).collect::<Vec<_>>()).unwrap_or_default(),
            "lines": d.map(|d| d.lines.iter().map(|(a, b)| json!([a.x, a.y, b.x, b.y])).collect::<Vec<_>>()).unwrap_or_default(),
            "arrows": d.map(|d| d.arrows.iter().map(|(a, b)| json!([a.x, a.y, b.x, b.y])).collect::<Vec<_>>()).unwrap_or_default(),
            "hide": d.map(|d| d.hide_in_replay.iter().map(|&p| pt(p)).collect::<Vec<_>>()).unwrap_or_default(),
            "coord": d.map_or("auto", |d| d.coord.as_str()),
            // The labels of the diagram's own system (sgf, j1-j3...), else
            // standard ones for the reader's coordinates switch.
            "labels": kifu_book::figure::coordinate_labels(
                d.map_or("standard", |d| match d.coord.as_str() {
                    "none" | "auto" => "standard",
                    other => other,
                }),
                item.size,
            )
            .map(|(cols, rows)| json!([cols, rows])),
        });
        if item.kind == ItemKind::Diagram(kifu_book::model::DiagramKind::Prb) {
            let problem = d.map(|d| d.correct.clone()).unwrap_or_default();
            let mut correct: Vec<Value> = problem.iter().map(seq).collect();
            if correct.is_empty() && !item.default_correct.is_empty() {
                let s: Vec<kifu_book::coords::SequenceMove> = item
                    .default_correct
                    .iter()
                    .map(|&mv| kifu_book::coords::SequenceMove { mv, text: None })
                    .collect();
                correct.push(seq(&s));
            }
            let wrong: Vec<Value> = d
                .map(|d| d.wrong.iter().map(seq).collect())
                .unwrap_or_default();
            data["problem"] = json!({ "correct": correct, "wrong": wrong });
        }
        if self.options.shared_positions {
            self.share(item, &fig, &mut data);
        }
        self.diagrams.push(data);
        n
    }

    /// With `shared_positions`: the diagram's start as its base's position
    /// and move count, its figure as what differs from the start, its
    /// labels as an index (see `shared.js`).
    fn share(&mut self, item: &Resolved, fig: &Figure, data: &mut Value) {
        if let Some(labels) = data.get_mut("labels").filter(|l| !l.is_null()) {
            let key = labels.to_string();
            let k = *self.label_of.entry(key).or_insert_with(|| {
                self.label_sets.push(labels.take());
                self.label_sets.len() - 1
            });
            *labels = json!(k);
        }
        let elements = self.book.elements();
        let own_setup = match item.source {
            Source::Element(i) => ["sgf", "ab", "aw", "ae"]
                .iter()
                .any(|a| elements[i].get(a).is_some()),
            Source::Inline { .. } => true,
        };
        let Some(b) = item
            .base
            .filter(|&b| !own_setup && self.res.items[b].size == item.size)
        else {
            return;
        };
        let g = *self.position_of.entry(b).or_insert_with(|| {
            let base = &self.res.items[b];
            self.positions.push(json!({
                "start": base.start.stones().map(|(p, c)| json!([p.x, p.y, color_code(c)])).collect::<Vec<_>>(),
                "moves": moves_json(base),
            }));
            self.positions.len() - 1
        });
        let Some(map) = data.as_object_mut() else {
            return;
        };
        map.remove("start");
        map.insert("from".to_owned(), json!([g, item.base_moves]));
        let start: BTreeMap<(u8, u8), Color> =
            item.start.stones().map(|(p, c)| ((p.x, p.y), c)).collect();
        let shown: BTreeSet<(u8, u8)> = fig.stones.iter().map(|s| (s.point.x, s.point.y)).collect();
        let changed: Vec<Value> = fig
            .stones
            .iter()
            .filter(|s| s.number.is_some() || start.get(&(s.point.x, s.point.y)) != Some(&s.color))
            .map(|s| {
                json!([
                    s.point.x,
                    s.point.y,
                    color_code(s.color),
                    s.number.unwrap_or(0)
                ])
            })
            .collect();
        let off: Vec<Value> = start
            .keys()
            .filter(|p| !shown.contains(p))
            .map(|&(x, y)| json!([x, y]))
            .collect();
        map.insert("figure".to_owned(), Value::Array(changed));
        if !off.is_empty() {
            map.insert("figureOff".to_owned(), Value::Array(off));
        }
    }

    /// The `<figure>` of a registered diagram.
    fn figure_html(&self, item: &Resolved, n: usize, inline: bool) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "<figure class=\"dia kind-{}{}\" id=\"kifu-dia-{n}\" data-dia=\"{n}\" tabindex=\"0\"{}>",
            item.kind.name(),
            if inline { " inline-figure" } else { "" },
            if inline { " hidden" } else { "" }
        );
        if let Some(t) = item
            .problem_text
            .as_deref()
            .filter(|t| !t.trim().is_empty())
        {
            let fields = Fields {
                player: Some(item.to_play),
                ..self.fields.clone()
            };
            let i = match item.source {
                Source::Element(i) => i,
                Source::Inline { paragraph, .. } => paragraph,
            };
            let own = Some(i).filter(|&i| !self.langs[i].is_empty());
            let html = self.variants(own, &mut |l| {
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
            });
            let _ = write!(s, "<div class=\"prb-text\">{html}</div>");
        }
        s.push_str("<div class=\"board\"></div>");
        let caption = self.variants(None, &mut |l| {
            figure::caption(item, l)
                .map(|c| esc(&text::typography(&c, l)))
                .unwrap_or_default()
        });
        // The caption, then the gaps line, as the figure's last child.
        let gaps = figure::gaps(item)
            .map(|g| format!("<span class=\"gaps\">{}</span>", esc(&g)))
            .unwrap_or_default();
        match (caption.is_empty(), gaps.is_empty()) {
            (true, true) => {}
            (false, true) => {
                let _ = write!(s, "<figcaption>{caption}</figcaption>");
            }
            (true, false) => {
                let _ = write!(s, "<figcaption>{gaps}</figcaption>");
            }
            (false, false) => {
                let _ = write!(s, "<figcaption>{caption}<br>{gaps}</figcaption>");
            }
        }
        s.push_str("</figure>");
        s
    }

    fn align_class(e: &Element) -> String {
        match e.get("align") {
            Some(a @ ("left" | "center" | "right")) => format!(" align-{a}"),
            _ => String::new(),
        }
    }

    fn diagram_element(&mut self, i: usize) {
        let Some(item) = self.res.of_element(i).cloned() else {
            return;
        };
        let n = self.register(&item);
        let e = &self.book.elements()[i];
        let width = item.diagram.as_ref().map_or(Width::Full, |d| d.width);
        let mut fig = self.figure_html(&item, n, false);
        if let Some(href) = e.get("href") {
            fig = fig.replacen("<figure ", "<figure data-static=\"1\" ", 1);
            fig = format!(
                "<a class=\"dia-link\"{}>{fig}</a>",
                self.link_attrs(i, href)
            );
        }
        let _ = writeln!(
            self.out,
            "<div class=\"el dia-el w-{}{}{}\" id=\"{}\"{}>{fig}</div>",
            width_name(width),
            Self::align_class(e),
            e.get("break")
                .and_then(break_class)
                .map_or_else(String::new, |b| format!(" {b}")),
            esc(&self.anchor(i)),
            self.langs_attr(i),
        );
    }

    fn image_element(&mut self, i: usize) {
        let e = &self.book.elements()[i];
        let url = e.get("url").map(str::to_owned).or_else(|| self.cover());
        let width = match e.get("width") {
            Some("half") => "half",
            Some("third") => "third",
            _ => "full",
        };
        let jpg = url.as_deref().is_some_and(|u| {
            let l = u.to_ascii_lowercase();
            l.ends_with(".jpg") || l.ends_with(".jpeg")
        });
        let mut classes = vec!["image".to_owned()];
        if e.flag("border").unwrap_or(jpg) {
            classes.push("border".to_owned());
        }
        if e.flag("shadow").unwrap_or(jpg) {
            classes.push("shadow".to_owned());
        }
        if e.flag("fill") == Some(true) {
            classes.push("fill".to_owned());
        }
        let scale = e
            .get("scale")
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(1.0);
        let mut body = match url.as_deref() {
            Some(u) => match self.image_src(u) {
                Some(src) => format!(
                    "<img class=\"{}\" data-scale=\"{scale}\" alt=\"{}\" src=\"{src}\">",
                    classes.join(" "),
                    esc(u)
                ),
                None if is_web(u) => format!(
                    "<a class=\"web-image\" href=\"{}\" rel=\"noopener\">Image: {}</a>",
                    esc(u),
                    esc(u)
                ),
                None => format!(
                    "<span class=\"missing-image\">Missing image: {}</span>",
                    esc(u)
                ),
            },
            None => String::new(),
        };
        if let Some(href) = e.get("href") {
            body = format!("<a{}>{body}</a>", self.link_attrs(i, href));
        }
        let caption = if e.attributes().iter().any(|a| a.base_name() == "ca") {
            let c = self.variants(Some(i).filter(|&i| !self.langs[i].is_empty()), &mut |l| {
                esc(&text::typography(e.text_in("ca", l).unwrap_or(""), l))
            });
            format!("<figcaption>{c}</figcaption>")
        } else {
            String::new()
        };
        let _ = writeln!(
            self.out,
            "<div class=\"el img-el w-{width}{}\" id=\"{}\"{}><figure class=\"picture\">{body}{caption}</figure></div>",
            Self::align_class(e),
            esc(&self.anchor(i)),
            self.langs_attr(i),
        );
    }
}

/// The moves of an item for the page: colour, point (-1 a pass, -2 a
/// tenuki), number (0 none) and the points captured.
fn moves_json(item: &Resolved) -> Vec<Value> {
    let pt = |p: Point| json!([p.x, p.y]);
    item.moves
        .iter()
        .map(|m| {
            let (x, y) = match m.mv {
                Move::Play(p) => (i32::from(p.x), i32::from(p.y)),
                Move::Pass => (-1, -1),
                Move::Tenuki => (-2, -2),
            };
            json!([
                color_code(m.color),
                x,
                y,
                m.number.unwrap_or(0),
                m.captured.iter().map(|&p| pt(p)).collect::<Vec<_>>()
            ])
        })
        .collect()
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

/// The class of a `break` value, from a closed list (`none` and anything
/// the format does not define have none).
fn break_class(value: &str) -> Option<&'static str> {
    match value {
        "page" => Some("break-page"),
        "column" => Some("break-column"),
        "line" => Some("break-line"),
        _ => None,
    }
}

fn kind_class(kind: ParagraphKind) -> &'static str {
    match kind {
        ParagraphKind::P => "p",
        ParagraphKind::H1 => "h1",
        ParagraphKind::H2 => "h2",
        ParagraphKind::H3 => "h3",
        ParagraphKind::H4 => "h4",
        ParagraphKind::H5 => "h5",
        ParagraphKind::S1 => "s1",
        ParagraphKind::S2 => "s2",
    }
}

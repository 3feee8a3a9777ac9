//! Go books to one self-contained interactive HTML page.
//!
//! The page is a writer of the book's [`Flow`]: what each element becomes
//! (styles, links, languages, diagrams) is decided there, once for every
//! output; this module only says it in HTML, CSS and the page's data.
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
//! the one for the first selected language. A page of more than 150
//! diagrams is written smaller (the `TextTable` of texts read more than
//! once, packed diagram data, styles as classes; see `Writer::pack`),
//! which the script reads as it reads a small page. The output depends only on
//! the book, the images and the options: the same input gives the same
//! bytes.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use base64::Engine as _;
use kifu_board::{Color, Point};
use kifu_book::Book;
use kifu_book::coords::Move;
use kifu_book::figure::Figure;
use kifu_book::resolve::{ItemKind, Resolved, Source};
use kifu_book::text::Symbol;
use serde_json::{Value, json};

use crate::access;
use crate::flow::{
    Block, DiagramBlock, Flow, FlowDiagram, FlowOptions, ImageBlock, ImageSource, Paragraph, Rich,
    SpanContent, Target, Variants,
};
use crate::markup::{
    self, Dialect, ParagraphParts, align_class, break_class, esc, group_class, width_name,
};

const CSS: &str = include_str!("../assets/book.css");
const JS: &str = include_str!("../assets/book.js");
const SHARED_JS: &str = include_str!("../assets/shared.js");
/// Moves in words for screen readers, shared with the interactive EPUB.
const SPEECH_JS: &str = include_str!("../assets/speech.js");
/// A diagram's description built in the browser (a big book's page).
const DESCRIBE_JS: &str = include_str!("../assets/describe.js");

/// Pages of more diagrams write each position once (see `Writer::compact`).
const COMPACT_FROM: usize = 150;

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
    let flow = Flow::new(
        book,
        images,
        &FlowOptions {
            languages: Vec::new(),
            preferred: options.languages.clone(),
        },
    );
    flow_to_html(&flow, options)
}

/// Writes a [`Flow`] as one self-contained interactive HTML page (the
/// flow's included languages are the page's; `options.languages` is not
/// read: the flow's preferred languages are shown first).
pub fn flow_to_html(flow: &Flow<'_>, options: &HtmlOptions) -> String {
    let mut w = Writer {
        flow,
        options,
        diagrams: Vec::new(),
        positions: Vec::new(),
        position_of: BTreeMap::new(),
        position_by_content: std::collections::HashMap::new(),
        label_sets: Vec::new(),
        label_of: BTreeMap::new(),
        answers: Vec::new(),
        answer_of: BTreeMap::new(),
        table: Default::default(),
        style_classes: BTreeMap::new(),
        last_figure: std::cell::Cell::new(None),
        out: String::new(),
    };
    w.write();
    w.out
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

/// A figure's stone as the page's data has it: `[x, y, colour, number or 0]`.
fn figure_stone(s: &kifu_book::figure::FigureStone) -> Value {
    json!([
        s.point.x,
        s.point.y,
        color_code(s.color),
        s.number.unwrap_or(0)
    ])
}

/// Lines or arrows as the page's data has them: `[x1, y1, x2, y2]` each.
fn segments(pairs: &[(Point, Point)]) -> Vec<Value> {
    pairs
        .iter()
        .map(|(a, b)| json!([a.x, a.y, b.x, b.y]))
        .collect()
}

fn color_code(c: Color) -> u8 {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The words of diagram descriptions for a big book's script
/// (`assets/describe.js`), which builds each description as
/// `kifu_book::describe` does: `{"en": {key: template}}`, a table for
/// the language of the words each of the page's languages is described
/// in.
fn description_words(languages: &[String]) -> Value {
    let mut all = serde_json::Map::new();
    for lang in languages {
        let w = kifu_book::describe::words(lang);
        all.entry(w.lang()).or_insert_with(|| {
            Value::Object(
                w.entries()
                    .map(|(k, t)| (k.to_owned(), Value::String(t.to_owned())))
                    .collect(),
            )
        });
    }
    Value::Object(all)
}

/// ` data-langs="..."` for an element shown only in some languages.
fn langs_attr(langs: &[String]) -> String {
    if langs.is_empty() {
        String::new()
    } else {
        format!(" data-langs=\"{}\"", esc(&langs.join(" ")))
    }
}

/// Text that may differ by language: one `<span class="v">` per
/// different text, naming the languages that read it (`data-v="de en"`
/// when German falls back to the English text).
fn variant_spans(all: &[(&str, String)]) -> String {
    let mut groups: Vec<(Vec<&str>, &str)> = Vec::new();
    for (l, html) in all {
        match groups.iter_mut().find(|(_, h)| *h == html.as_str()) {
            Some((langs, _)) => langs.push(l),
            None => groups.push((vec![l], html)),
        }
    }
    let mut out = String::new();
    for (langs, html) in groups {
        let _ = write!(
            out,
            "<span class=\"v\" data-v=\"{}\">{html}</span>",
            esc(&langs.join(" "))
        );
    }
    out
}

/// In a big book's page, the texts that differ by language and are
/// written more than once (a standard text, a caption such as `#wtl#`):
/// each once in the page's data, one string per book language, and
/// `<k-t n=INDEX></k-t>` where it is read, which the book script fills
/// with the text of the reader's language. While the page is written,
/// every text that differs by language is a mark `<\u{1}N>` (no text of
/// the book makes `<` followed by U+0001: `esc` writes `&lt;`), replaced
/// at the end by the reference, or by the variants when it is read once.
#[derive(Default)]
struct TextTable {
    /// Each text, as its HTML in each of the book's languages.
    texts: Vec<Vec<String>>,
    index: std::collections::HashMap<Vec<String>, usize>,
    uses: Vec<usize>,
}

/// The mark that opens a text of the [`TextTable`].
const TEXT_MARK: &str = "<\u{1}";

/// The attributes of an `<a>` for a link.
fn link_attrs(target: &Target) -> String {
    match target {
        Target::Element(anchor) => format!(" href=\"#{}\"", esc(anchor)),
        Target::Language(l) => format!(
            " href=\"#\" class=\"lang-link\" data-lang-link=\"{}\"",
            esc(l)
        ),
        Target::Web(u) => format!(" href=\"{}\" class=\"web-link\" rel=\"noopener\"", esc(u)),
        Target::Missing(m) => format!(" class=\"missing-link\" title=\"missing: {}\"", esc(m)),
        // No `href`: the text shows, nothing to follow.
        Target::Disallowed(m) => {
            format!(" class=\"missing-link\" title=\"not a link: {}\"", esc(m))
        }
        Target::InlineDiagram(_) => String::new(),
    }
}

fn link_open(target: &Target) -> String {
    match target {
        Target::InlineDiagram(Some(n)) => format!(
            "<a href=\"#\" class=\"inline-dia\" role=\"button\" data-open=\"kifu-dia-{n}\">"
        ),
        Target::InlineDiagram(None) => "<a class=\"inline-dia missing-link\">".to_owned(),
        t => format!("<a{}>", link_attrs(t)),
    }
}

struct Writer<'a, 'b> {
    flow: &'a Flow<'b>,
    options: &'a HtmlOptions,
    diagrams: Vec<Value>,
    /// With `shared_positions` or in a big book: the positions diagrams
    /// start from, and the index there of each item's, by item index.
    positions: Vec<Value>,
    position_of: BTreeMap<usize, usize>,
    position_by_content: std::collections::HashMap<String, usize>,
    /// The coordinate labels, each set once.
    label_sets: Vec<Value>,
    label_of: BTreeMap<String, usize>,
    /// In a packed page: the problems' answer texts, each once.
    answers: Vec<Value>,
    answer_of: BTreeMap<String, usize>,
    table: std::cell::RefCell<TextTable>,
    /// In a big book: the classes made for paragraph styles, by style.
    style_classes: BTreeMap<String, usize>,
    /// The diagram of the last figure written.
    last_figure: std::cell::Cell<Option<usize>>,
    out: String,
}

impl Dialect for Writer<'_, '_> {
    fn link_attrs(&self, target: &Target) -> String {
        link_attrs(target)
    }

    fn link_open(&self, target: &Target) -> String {
        match target {
            // In a big book, the diagram's number only (the script makes
            // the figure's id).
            Target::InlineDiagram(Some(n)) if self.compact() => {
                format!("<a href=\"#\" class=\"inline-dia\" role=\"button\" data-open=\"{n}\">")
            }
            _ => link_open(target),
        }
    }

    fn inline_image(&self, source: &ImageSource) -> String {
        match source {
            ImageSource::Local(url) => match self.image_src(url) {
                Some(src) => format!("<img class=\"inline-img\" alt=\"\" src=\"{src}\">"),
                None => "<span class=\"sym\">•</span>".to_owned(),
            },
            _ => "<span class=\"sym\">•</span>".to_owned(),
        }
    }

    fn line_break(&self) -> &'static str {
        "<br>"
    }

    fn rich_variants(&self, v: &Variants<Rich>) -> String {
        let Variants::ByLanguage(all) = v else {
            return self.vary(v, &mut |r| markup::rich(self, r));
        };
        if !self.compact() || !aligned(all) {
            return self.vary(v, &mut |r| markup::rich(self, r));
        }
        // The same spans in every language but their texts: what reads
        // the same is written once, only the spans that differ (standard
        // texts, mostly) are variants.
        markup::rich_with(self, &all[0].1, &mut |k| {
            let each: Vec<(&str, String)> = all
                .iter()
                .map(|(l, r)| (l.as_str(), markup::span(self, r, k)))
                .collect();
            if each.iter().all(|(_, h)| *h == each[0].1) {
                each[0].1.clone()
            } else {
                self.vary_html(&each)
            }
        })
    }

    fn symbol(&self, sym: Symbol, color: Option<Color>) -> String {
        match color {
            Some(c) => marked_stone(sym, c),
            None => markup::symbol(sym, None),
        }
    }
}

/// `^Tb`, `^Sw`, `^0b`...: a stone of the colour with the mark on it, drawn
/// as the board draws it (the spec: "^Tb should be shown as a black circle
/// with a triangle on it"); no font has these. The Unicode stand-in is its
/// accessible name.
fn marked_stone(sym: Symbol, color: Color) -> String {
    let (fill, stroke, ink) = match color {
        Color::Black => ("#141414", "#000", "#fff"),
        Color::White => ("#fbfbf8", "#333", "#000"),
    };
    // The board's proportions (book.js): line spacing 24, stone radius
    // 0.47, marks 0.28 of it.
    let (c, r) = (12.0_f64, 6.72_f64);
    let mark = match sym {
        Symbol::Triangle => format!(
            "<polygon points=\"{:.1} {:.1} {:.1} {:.1} {:.1} {:.1}\"/>",
            c,
            c - r * 1.1,
            c + r,
            c + r * 0.65,
            c - r,
            c + r * 0.65
        ),
        Symbol::Square => format!(
            "<rect x=\"{0:.1}\" y=\"{0:.1}\" width=\"{1:.1}\" height=\"{1:.1}\"/>",
            c - r * 0.8,
            r * 1.6
        ),
        Symbol::Diamond => format!(
            "<polygon points=\"{c:.1} {:.1} {:.1} {c:.1} {c:.1} {:.1} {:.1} {c:.1}\"/>",
            c - r,
            c + r,
            c + r,
            c - r
        ),
        Symbol::Cross => format!(
            "<path d=\"M{0:.1} {0:.1}L{1:.1} {1:.1}M{1:.1} {0:.1}L{0:.1} {1:.1}\"/>",
            c - r * 0.8,
            c + r * 0.8
        ),
        Symbol::Stone => String::new(),
    };
    format!(
        "<span class=\"sym stone-sym\" data-sym=\"{}{}\" role=\"img\" aria-label=\"{}\">\
         <svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><circle cx=\"12\" cy=\"12\" r=\"11.3\" fill=\"{fill}\" stroke=\"{stroke}\"/>\
         <g fill=\"none\" stroke=\"{ink}\" stroke-width=\"2.2\">{mark}</g></svg></span>",
        sym.letter(),
        if color == Color::Black { 'b' } else { 'w' },
        sym.unicode(Some(color)),
    )
}

/// Whether rich texts in several languages have the same spans, links and
/// bullet, so that they can be written span by span.
fn aligned(all: &[(String, Rich)]) -> bool {
    let first = &all[0].1;
    all.iter().all(|(_, r)| {
        r.spans.len() == first.spans.len()
            && r.links == first.links
            && r.bullet_end == first.bullet_end
            && r.spans.iter().zip(&first.spans).all(|(a, b)| {
                a.link == b.link
                    && matches!(a.content, SpanContent::Tab)
                        == matches!(b.content, SpanContent::Tab)
            })
    })
}

impl Writer<'_, '_> {
    /// Content that may differ by language, as HTML (see [`TextTable`]).
    fn vary<T>(&self, v: &Variants<T>, f: &mut dyn FnMut(&T) -> String) -> String {
        match v {
            Variants::Same(t) => f(t),
            Variants::ByLanguage(all) => self.vary_html(
                &all.iter()
                    .map(|(l, t)| (l.as_str(), f(t)))
                    .collect::<Vec<_>>(),
            ),
        }
    }

    fn text_vary(&self, v: &Variants<String>) -> String {
        self.vary(v, &mut |t| esc(t))
    }

    /// HTML that differs by language: its variants, or in a big book the
    /// mark of its entry in the [`TextTable`].
    fn vary_html(&self, all: &[(&str, String)]) -> String {
        if !self.compact() {
            return variant_spans(all);
        }
        // One string per book language, in the book's order (a language
        // the flow left out reads the first one's).
        let per: Vec<String> = self
            .flow
            .languages
            .iter()
            .map(|l| {
                all.iter()
                    .find(|(m, _)| m == l)
                    .unwrap_or(&all[0])
                    .1
                    .clone()
            })
            .collect();
        let mut table = self.table.borrow_mut();
        let table = &mut *table;
        let n = match table.index.get(&per) {
            Some(&n) => n,
            None => {
                table.texts.push(per.clone());
                table.uses.push(0);
                table.index.insert(per, table.texts.len() - 1);
                table.texts.len() - 1
            }
        };
        table.uses[n] += 1;
        format!("{TEXT_MARK}{n}>")
    }

    /// Replaces the marks of [`TextTable`] texts in `body`: a text read
    /// more than once by a `<k-t>` reference to the page's `texts`, one
    /// read once by its variants. Returns the texts referred to.
    fn resolve_texts(&self, body: &str) -> (String, Vec<Vec<String>>) {
        let table = self.table.borrow();
        let mut out = String::with_capacity(body.len());
        let mut shared: Vec<Vec<String>> = Vec::new();
        let mut index: BTreeMap<usize, usize> = BTreeMap::new();
        let mut rest = body;
        while let Some(at) = rest.find(TEXT_MARK) {
            out.push_str(&rest[..at]);
            let after = &rest[at + TEXT_MARK.len()..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            let n = after[..digits].parse::<usize>().ok();
            match n.filter(|&n| n < table.texts.len() && after[digits..].starts_with('>')) {
                Some(n) if table.uses[n] > 1 => {
                    let k = *index.entry(n).or_insert_with(|| {
                        shared.push(table.texts[n].clone());
                        shared.len() - 1
                    });
                    let _ = write!(out, "<k-t n={k}></k-t>");
                }
                Some(n) => {
                    let all: Vec<(&str, String)> = self
                        .flow
                        .languages
                        .iter()
                        .map(String::as_str)
                        .zip(table.texts[n].iter().cloned())
                        .collect();
                    out.push_str(&variant_spans(&all));
                }
                None => {
                    // Not a mark (cannot happen: see `TextTable`).
                    out.push_str(&rest[at..at + TEXT_MARK.len()]);
                    rest = after;
                    continue;
                }
            }
            rest = &after[digits + 1..];
        }
        out.push_str(rest);
        (out, shared)
    }

    fn image_src(&self, url: &str) -> Option<String> {
        let bytes = self.flow.images.get(url)?;
        Some(format!(
            "data:{};base64,{}",
            mime(url),
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ))
    }

    fn write(&mut self) {
        let flow = self.flow;
        let title = self
            .options
            .title
            .clone()
            .or_else(|| flow.title.clone())
            .unwrap_or_else(|| "Go book".to_owned());
        let mut body = String::new();
        std::mem::swap(&mut body, &mut self.out);
        self.title_page();
        self.toc();
        self.chapters();
        std::mem::swap(&mut body, &mut self.out);
        let (body, texts) = self.resolve_texts(&body);
        for n in 0..flow.diagrams.len() {
            self.register(n);
        }

        let mut config = json!({
            "book": flow.book_id,
            "languages": flow.languages,
            "defaults": flow.preferred,
            "names": flow.languages.iter().map(|l| kifu_book::language::name(l).unwrap_or(l)).collect::<Vec<_>>(),
            "diagrams": self.diagrams,
        });
        if self.compact() || self.options.shared_positions {
            let mut positions = std::mem::take(&mut self.positions);
            if self.packed() {
                for p in &mut positions {
                    *p = json!({
                        "s": pack_stones(&p["start"]),
                        "m": pack_moves(&p["moves"]),
                    });
                }
            }
            config["positions"] = Value::Array(positions);
        }
        config["labelSets"] = Value::Array(std::mem::take(&mut self.label_sets));
        if !texts.is_empty() {
            config["texts"] = json!(texts);
        }
        if self.compact() {
            config["words"] = description_words(&flow.languages);
            config["captioned"] = json!(self.own_captions());
        }
        if self.packed() {
            config["packed"] = json!(true);
            config["answers"] = Value::Array(std::mem::take(&mut self.answers));
        }
        let data = script_json(&serde_json::to_string(&config).unwrap_or_default());
        let lang = &flow.preferred[0];
        let big = self.compact();
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
        if !self.style_classes.is_empty() {
            let mut rules: Vec<(&usize, &String)> =
                self.style_classes.iter().map(|(css, k)| (k, css)).collect();
            rules.sort();
            o.insert_str(o.rfind("</style>").unwrap_or(o.len()), &{
                let mut r = String::from("/* Paragraph styles (an id selector: over book.css as the style attribute was). */\n");
                for (k, css) in rules {
                    let _ = writeln!(r, "#kifu-book .k{k}{{{css}}}");
                }
                r
            });
        }
        o.push_str("<header class=\"toolbar\" id=\"kifu-toolbar\"><a class=\"home\" href=\"#kifu-toc\">Contents</a><span class=\"langs\" id=\"kifu-langs\">");
        for l in &flow.languages {
            let name = kifu_book::language::name(l).unwrap_or(l);
            let _ = write!(
                o,
                "<label><input type=\"checkbox\" data-lang=\"{}\"{}> {}</label>",
                esc(l),
                if flow.preferred.contains(l) {
                    " checked"
                } else {
                    ""
                },
                esc(name)
            );
        }
        o.push_str("</span><label class=\"coords\"><input type=\"checkbox\" id=\"kifu-coords\"> Coordinates</label></header>\n");
        o.push_str(if big {
            "<main id=\"kifu-book\" class=\"big\">\n"
        } else {
            "<main id=\"kifu-book\">\n"
        });
        o.push_str(&body);
        o.push_str("</main>\n<script type=\"application/json\" id=\"kifu-data\">");
        o.push_str(&data);
        o.push_str("</script>\n<script>\n");
        if self.options.shared_positions {
            o.push_str(SHARED_JS);
            o.push_str("</script>\n<script>\n");
        }
        o.push_str(SPEECH_JS);
        o.push_str(DESCRIBE_JS);
        o.push_str(JS);
        o.push_str("</script>\n</body>\n</html>\n");
    }

    /// The title page; only the cover (and the anchor links to the book
    /// lead to) when the book has a title page of its own.
    fn title_page(&mut self) {
        let page = &self.flow.title_page;
        let texts = |list: &[(&Option<Variants<String>>, &str)]| {
            let mut s = String::new();
            for (t, class) in list {
                if let (Some(t), false) = (t, page.own) {
                    let tag = if *class == "book-title" { "h1" } else { "p" };
                    let _ = writeln!(s, "<{tag} class=\"{class}\">{}</{tag}>", self.text_vary(t));
                }
            }
            s
        };
        let mut s = String::new();
        s.push_str(&texts(&[
            (&page.title, "book-title"),
            (&page.subtitle, "book-subtitle"),
            (&page.author, "book-author"),
        ]));
        if let Some(cover) = &page.cover
            && let Some(src) = self.image_src(cover)
        {
            let _ = writeln!(
                s,
                "<img class=\"cover\" alt=\"{}\" src=\"{src}\">",
                esc(cover)
            );
        }
        s.push_str(&texts(&[
            (&page.publisher, "book-publisher"),
            (&page.copyright, "book-copyright"),
        ]));
        // Empty when the book shows its title itself (a game's book, whose
        // first heading is its title): only the anchor, no blank space.
        let class = if s.is_empty() {
            "title-page bare"
        } else {
            "title-page"
        };
        let _ = write!(
            self.out,
            "<section class=\"{class}\" id=\"kifu-title\">\n{s}</section>\n"
        );
    }

    fn toc(&mut self) {
        let mut s = String::from(
            "<nav class=\"toc\" id=\"kifu-toc\">\n<h2 class=\"toc-title\">Contents</h2>\n<ol>\n",
        );
        for entry in &self.flow.contents {
            let href = esc(&entry.anchor);
            let _ = write!(s, "<li{}>", langs_attr(&entry.langs));
            if entry.titles.is_empty() {
                let _ = write!(s, "<a href=\"#{href}\">{}</a>", esc(&entry.fallback));
            }
            for t in &entry.titles {
                let _ = write!(
                    s,
                    "<a href=\"#{href}\"{}>{}</a>",
                    langs_attr(&t.langs),
                    self.text_vary(&t.text)
                );
            }
            s.push_str("</li>\n");
        }
        s.push_str("</ol>\n</nav>\n");
        self.out.push_str(&s);
    }

    fn chapters(&mut self) {
        let big = self.compact();
        for section in &self.flow.sections {
            // In a big book the browser lays out only the chapters near the
            // reader (`content-visibility` in book.css); the others take
            // the height guessed here until they are first shown.
            let guess = if big {
                format!(
                    " style=\"contain-intrinsic-size:auto {}px\"",
                    guess_height(&section.blocks)
                )
            } else {
                String::new()
            };
            match &section.anchor {
                None => {
                    let _ = writeln!(self.out, "<section class=\"chapter front\"{guess}>");
                }
                Some(anchor) => {
                    let _ = writeln!(
                        self.out,
                        "<section class=\"chapter\" id=\"{}\"{}{guess}>",
                        esc(anchor),
                        langs_attr(&section.langs)
                    );
                }
            }
            self.blocks(&section.blocks);
            self.out.push_str("</section>\n");
        }
    }

    fn blocks(&mut self, blocks: &[Block]) {
        for block in blocks {
            match block {
                Block::Group(g) => {
                    // Bullets read as a list, as in the EPUB.
                    let roles = !self.compact();
                    let list = access::list_group(g, roles, |block| {
                        let outer = std::mem::take(&mut self.out);
                        self.blocks(std::slice::from_ref(block));
                        std::mem::replace(&mut self.out, outer)
                    });
                    if let Some(list) = list {
                        self.out.push_str(&list);
                        continue;
                    }
                    let _ = writeln!(self.out, "<div class=\"group {}\">", group_class(g.kind));
                    self.blocks(&g.blocks);
                    self.out.push_str("</div>\n");
                }
                Block::Paragraph(p) => self.paragraph(p),
                Block::Diagram(d) => self.diagram_element(d),
                Block::Image(img) => self.image_element(img),
                Block::Buy { anchor, langs, .. } => {
                    let _ = writeln!(
                        self.out,
                        "<div class=\"el buy\" id=\"{}\"{}><span class=\"buy-button\">BUY BOOK</span></div>",
                        esc(anchor),
                        langs_attr(langs)
                    );
                }
            }
        }
    }

    fn paragraph(&mut self, p: &Paragraph) {
        let mut inline_html = String::new();
        for &n in &p.inline_diagrams {
            inline_html.push_str(&self.figure_html(n));
        }
        let ParagraphParts {
            mut classes,
            outer,
            style,
            tag,
            body,
        } = markup::paragraph_parts(self, p);
        // In a big book each different style is a class of the page.
        let (outer, style) = if self.compact() {
            let outer_class = self.style_class(&outer);
            let inner = style
                .strip_prefix(" style=\"")
                .and_then(|s| s.strip_suffix('"'))
                .unwrap_or_default();
            let inner_class = self.style_class(inner);
            let (outer, style) = match (outer_class, inner_class) {
                (Some(o), Some(i)) => {
                    classes.push(o);
                    (String::new(), format!(" class=\"text {i}\""))
                }
                (Some(o), None) if inner.is_empty() => {
                    classes.push(o);
                    (String::new(), " class=\"text\"".to_owned())
                }
                _ => (outer, format!(" class=\"text\"{style}")),
            };
            (outer, style)
        } else {
            (outer, format!(" class=\"text\"{style}"))
        };
        let para = format!("<{tag}{style}>{body}</{tag}>");
        let para = if let Some(word) = &p.hint {
            classes.push("hint".to_owned());
            format!(
                "<details class=\"hint\"><summary>{}</summary>{para}</details>",
                self.vary(word, &mut |w| w.clone())
            )
        } else {
            para
        };
        let _ = writeln!(
            self.out,
            "<div class=\"{}\" id=\"{}\"{}{}>{para}{inline_html}</div>",
            classes.join(" "),
            esc(&p.anchor),
            langs_attr(&p.langs),
            if outer.is_empty() {
                String::new()
            } else {
                format!(" style=\"{outer}\"")
            },
        );
    }

    /// The class of the page (`k0`, `k1`...) for an element's style
    /// attribute, made for the first element with that style; `None` for
    /// no style, or one with characters a style rule of the page's head
    /// could not hold as they are.
    fn style_class(&mut self, css: &str) -> Option<String> {
        let safe = |c: char| c.is_ascii_alphanumeric() || " :;.,%#()-_+".contains(c);
        if css.is_empty() || !css.chars().all(safe) {
            return None;
        }
        let next = self.style_classes.len();
        let k = *self.style_classes.entry(css.to_owned()).or_insert(next);
        Some(format!("k{k}"))
    }

    /// Adds diagram `n`'s data to the page.
    fn register(&mut self, n: usize) {
        let flow = self.flow;
        let item = flow.item(n);
        let pt = |p: Point| json!([p.x, p.y]);
        let fig = &flow.diagrams[n].figure;
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
                        json!([x, y, answer_json(&flow.diagrams[n], m.text.as_deref())])
                    })
                    .collect(),
            )
        };
        // Each list is moved into the map as it is: `json!` would copy a
        // `Value` given to it (it serializes it again), a large part of
        // a big page's time.
        let list = |values: Option<Vec<Value>>| Value::Array(values.unwrap_or_default());
        let fields = [
            ("kind", json!(item.kind.name())),
            ("size", json!([item.size.cols, item.size.rows])),
            ("view", json!([x0, y0, x1, y1])),
            (
                "start",
                Value::Array(
                    item.start
                        .stones()
                        .map(|(p, c)| json!([p.x, p.y, color_code(c)]))
                        .collect(),
                ),
            ),
            ("toPlay", json!(color_code(item.to_play))),
            ("moves", Value::Array(moves)),
            (
                "figure",
                Value::Array(fig.stones.iter().map(figure_stone).collect()),
            ),
            (
                "letters",
                list(d.map(|d| {
                    d.letters
                        .iter()
                        .map(|(c, p)| json!([p.x, p.y, c.to_string()]))
                        .collect()
                })),
            ),
            (
                "texts",
                list(d.map(|d| {
                    d.point_texts
                        .iter()
                        .map(|(p, t)| json!([p.x, p.y, t]))
                        .collect()
                })),
            ),
            (
                "marks",
                list(d.map(|d| {
                    d.marks
                        .iter()
                        .map(|(m, p)| json!([p.x, p.y, kifu_book::describe::mark_code(*m)]))
                        .collect()
                })),
            ),
            ("lines", list(d.map(|d| segments(&d.lines)))),
            ("arrows", list(d.map(|d| segments(&d.arrows)))),
            (
                "hide",
                list(d.map(|d| d.hide_in_replay.iter().map(|&p| pt(p)).collect())),
            ),
            ("coord", json!(d.map_or("auto", |d| d.coord.as_str()))),
            // The labels of the diagram's own system (sgf, j1-j3...), else
            // standard ones for the reader's coordinates switch.
            (
                "labels",
                kifu_book::figure::coordinate_labels(
                    d.map_or("standard", |d| match d.coord.as_str() {
                        "none" | "auto" => "standard",
                        other => other,
                    }),
                    item.size,
                )
                .map_or(Value::Null, |(cols, rows)| json!([cols, rows])),
            ),
        ];
        let mut data = Value::Object(fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect());
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
            let problem = [("correct", correct), ("wrong", wrong)];
            data["problem"] = Value::Object(
                problem
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), Value::Array(v)))
                    .collect(),
            );
        }
        if let Some(map) = data.as_object_mut() {
            // What the script takes as the default: no empty lists, no
            // `auto` coordinates.
            map.retain(|_, v| !(v.as_array().is_some_and(Vec::is_empty) || *v == "auto"));
        }
        self.share_labels(&mut data);
        if self.options.shared_positions || self.compact() {
            self.share(item, fig, &mut data);
        }
        if self.packed() {
            data = self.pack(data);
        }
        self.diagrams.push(data);
    }

    /// Whether the book is big enough for its page to write each position
    /// once as game pages do (see [`HtmlOptions::shared_positions`]), which
    /// the book script then writes back in full for each diagram it draws:
    /// a book of many diagrams of one game wrote the stones of each
    /// figure's start again in every diagram based on it.
    fn compact(&self) -> bool {
        self.flow.diagrams.len() > COMPACT_FROM
    }

    /// Which diagrams have a caption of their own (`ca`), which a big
    /// book's script reads into a description's short text (a generated
    /// caption would only repeat it): bit `n % 4` of hex digit `n / 4`
    /// for diagram `n`.
    fn own_captions(&self) -> String {
        let flow = self.flow;
        (0..flow.diagrams.len())
            .step_by(4)
            .map(|first| {
                let bits = (first..(first + 4).min(flow.diagrams.len()))
                    .filter(|&n| !flow.item(n).captions.is_empty())
                    .fold(0, |bits, n| bits | 1 << (n - first));
                char::from_digit(bits, 16).unwrap_or('0')
            })
            .collect()
    }

    /// Whether the diagrams' data is written packed (see [`pack`]): in a
    /// big book, but not on a page whose shared positions `shared.js`
    /// writes back in full before the book script reads them.
    fn packed(&self) -> bool {
        self.compact() && !self.options.shared_positions
    }

    /// A diagram's data packed for a big book, which the book script's
    /// `complete` unpacks when it draws the diagram: one-letter keys
    /// (`PACKED_KEYS`), stones and moves as strings (`pack_stones`,
    /// `pack_moves`), no whole-board view, 19x19 size or black to play
    /// (the defaults), no kind (the figure's class says it), and each
    /// answer text once in the page's `answers`, named by its index.
    fn pack(&mut self, data: Value) -> Value {
        let Value::Object(map) = data else {
            return data;
        };
        let whole = map
            .get("size")
            .and_then(|s| Some((s.get(0)?.as_i64()?, s.get(1)?.as_i64()?)))
            .map(|(c, r)| json!([0, 0, c - 1, r - 1]));
        let from_moves = map
            .get("figure")
            .is_some_and(|f| figure_from_moves(map.get("start"), map.get("moves"), f));
        let mut out = serde_json::Map::new();
        for (k, v) in map {
            let v = match k.as_str() {
                "kind" => continue,
                "size" if v == json!([19, 19]) => continue,
                "view" if Some(&v) == whole.as_ref() => continue,
                "view" => Value::String(pack_points(&json!([[v[0], v[1]], [v[2], v[3]]]))),
                "toPlay" if v == json!(0) => continue,
                "labels" if v == json!(0) => continue,
                // From an empty board: as if there were no start.
                "from"
                    if v[1] == 0
                        && v[0].as_u64().is_some_and(|g| {
                            self.positions
                                .get(g as usize)
                                .is_some_and(|p| p["start"].as_array().is_some_and(Vec::is_empty))
                        }) =>
                {
                    continue;
                }
                "labels" if v.is_null() => json!(-1),
                "figure" if from_moves => json!(1),
                "letters" => pack_letters(v),
                "start" | "figure" => Value::String(pack_stones(&v)),
                "figureOff" => Value::String(pack_points(&v)),
                "moves" => Value::String(pack_moves(&v)),
                "problem" => self.pack_problem(v),
                _ => v,
            };
            let short = PACKED_KEYS
                .iter()
                .find(|(_, long)| *long == k)
                .map_or(k.as_str(), |(s, _)| s);
            out.insert(short.to_owned(), v);
        }
        Value::Object(out)
    }

    /// A problem's sequences as `{"c": [...], "w": [...]}` (correct,
    /// wrong), each sequence a string of its moves: the point (`..` a
    /// pass, `--` a tenuki) and the index of its text in the page's
    /// `answers`, if it has one.
    fn pack_problem(&mut self, problem: Value) -> Value {
        let mut out = serde_json::Map::new();
        for (key, short) in [("correct", "c"), ("wrong", "w")] {
            let Some(seqs) = problem.get(key).and_then(Value::as_array) else {
                continue;
            };
            let mut packed = Vec::new();
            for seq in seqs {
                let mut s = String::new();
                for m in seq.as_array().into_iter().flatten() {
                    match m.get(0).and_then(Value::as_i64) {
                        Some(-1) => s.push_str(".."),
                        Some(x) if x < 0 => s.push_str("--"),
                        _ => s.push_str(&point_letters(m)),
                    }
                    let Some(text) = m.get(2).filter(|t| !t.is_null()) else {
                        continue;
                    };
                    let k = *self.answer_of.entry(text.to_string()).or_insert_with(|| {
                        self.answers.push(text.clone());
                        self.answers.len() - 1
                    });
                    let _ = write!(s, "{k}");
                }
                packed.push(Value::String(s));
            }
            out.insert(short.to_owned(), Value::Array(packed));
        }
        Value::Object(out)
    }

    /// The diagram's coordinate labels as an index into the page's
    /// `labelSets` (each set once: every 19x19 diagram has the same).
    fn share_labels(&mut self, data: &mut Value) {
        if let Some(labels) = data.get_mut("labels").filter(|l| !l.is_null()) {
            let key = labels.to_string();
            let k = *self.label_of.entry(key).or_insert_with(|| {
                self.label_sets.push(labels.take());
                self.label_sets.len() - 1
            });
            *labels = json!(k);
        }
    }

    /// With `shared_positions` or in a big book: the diagram's start as
    /// its base's position and move count, its figure as what differs from
    /// the start (see `shared.js`, and the book script's `complete`).
    fn share(&mut self, item: &Resolved, fig: &Figure, data: &mut Value) {
        let elements = self.flow.book.elements();
        let own_setup = match item.source {
            Source::Element(i) => ["sgf", "ab", "aw", "ae"]
                .iter()
                .any(|a| elements[i].get(a).is_some()),
            Source::Inline { .. } => true,
        };
        let Some(b) = item
            .base
            .filter(|&b| !own_setup && self.flow.resolution.items[b].size == item.size)
        else {
            return;
        };
        let g = match self.position_of.get(&b) {
            Some(&g) => g,
            None => {
                let base = &self.flow.resolution.items[b];
                let position = json!({
                    "start": base.start.stones().map(|(p, c)| json!([p.x, p.y, color_code(c)])).collect::<Vec<_>>(),
                    "moves": moves_json(base),
                });
                // Items of the same stones and moves (a book that writes
                // one game for each chapter) share one.
                let key = position.to_string();
                let g = match self.position_by_content.get(&key) {
                    Some(&g) => g,
                    None => {
                        self.positions.push(position);
                        self.position_by_content
                            .insert(key, self.positions.len() - 1);
                        self.positions.len() - 1
                    }
                };
                self.position_of.insert(b, g);
                g
            }
        };
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
            .map(figure_stone)
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

    /// The `<figure>` of diagram `n`.
    fn figure_html(&self, n: usize) -> String {
        let FlowDiagram {
            inline,
            problem_text,
            caption,
            gaps,
            ..
        } = &self.flow.diagrams[n];
        let item = self.flow.item(n);
        let inline = *inline;
        let mut s = String::new();
        // In a big book the script gives the figure its id, its place in
        // the keyboard order and its board.
        let compact = self.compact();
        // There, too, a figure whose diagram follows the figure before's
        // does not say its number.
        let follows = self.last_figure.replace(Some(n)).map(|m| m + 1) == Some(n);
        // Readers who cannot see the board hear the figure's short text
        // and open its description; a big book's page leaves them out
        // (they would make it several times its size).
        let description = (!compact).then(|| {
            access::described(
                item,
                &self.flow.preferred[0],
                &format!("kifu-desc-{n}"),
                false,
            )
        });
        let _ = write!(
            s,
            "<figure class=\"dia kind-{}{}\"{}{}{}{}{}>",
            item.kind.name(),
            if inline { " inline-figure" } else { "" },
            if compact {
                String::new()
            } else {
                format!(" id=\"kifu-dia-{n}\"")
            },
            if compact && follows {
                String::new()
            } else {
                format!(" data-dia=\"{n}\"")
            },
            if compact { "" } else { " tabindex=\"0\"" },
            description.as_ref().map_or_else(String::new, |d| format!(
                " aria-label=\"{}\" aria-details=\"kifu-desc-{n}\"",
                esc(&d.alt)
            )),
            if inline { " hidden" } else { "" }
        );
        if let Some(t) = problem_text {
            let html = self.rich_variants(t);
            let _ = write!(s, "<div class=\"prb-text\">{html}</div>");
        }
        if !compact {
            s.push_str("<div class=\"board\"></div>");
        }
        if let Some(d) = &description {
            s.push_str(&d.details);
        }
        let caption = self.text_vary(caption);
        // The caption, then the gaps line, as the figure's last child.
        let gaps = gaps
            .as_ref()
            .map(|g| format!("<span class=\"gaps\">{}</span>", esc(g)))
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

    fn diagram_element(&mut self, d: &DiagramBlock) {
        let mut fig = self.figure_html(d.diagram);
        if let Some(t) = &d.link {
            fig = fig.replacen("<figure ", "<figure data-static=\"1\" ", 1);
            fig = format!("<a class=\"dia-link\"{}>{fig}</a>", link_attrs(t));
        }
        let _ = writeln!(
            self.out,
            "<div class=\"el dia-el w-{}{}{}\" id=\"{}\"{}>{fig}</div>",
            width_name(d.width),
            align_class(d.align),
            d.break_before
                .map_or_else(String::new, |b| format!(" {}", break_class(b))),
            esc(&d.anchor),
            langs_attr(&d.langs),
        );
    }

    fn image_element(&mut self, img: &ImageBlock) {
        let mut classes = vec!["image".to_owned()];
        if img.border {
            classes.push("border".to_owned());
        }
        if img.shadow {
            classes.push("shadow".to_owned());
        }
        if img.fill {
            classes.push("fill".to_owned());
        }
        let scale = img.scale;
        let mut body = match &img.source {
            Some(ImageSource::Local(u)) => match self.image_src(u) {
                Some(src) => format!(
                    "<img class=\"{}\" data-scale=\"{scale}\" alt=\"{}\" src=\"{src}\">",
                    classes.join(" "),
                    esc(u)
                ),
                None => format!(
                    "<span class=\"missing-image\">Missing image: {}</span>",
                    esc(u)
                ),
            },
            Some(ImageSource::Web(u)) => format!(
                "<a class=\"web-image\" href=\"{}\" rel=\"noopener\">Image: {}</a>",
                esc(u),
                esc(u)
            ),
            Some(ImageSource::Missing(u)) => format!(
                "<span class=\"missing-image\">Missing image: {}</span>",
                esc(u)
            ),
            None => String::new(),
        };
        if let Some(t) = &img.link {
            body = format!("<a{}>{body}</a>", link_attrs(t));
        }
        let caption = img.caption.as_ref().map_or_else(String::new, |c| {
            format!("<figcaption>{}</figcaption>", self.text_vary(c))
        });
        let _ = writeln!(
            self.out,
            "<div class=\"el img-el w-{}{}\" id=\"{}\"{}><figure class=\"picture\">{body}{caption}</figure></div>",
            width_name(img.width),
            align_class(img.align),
            esc(&img.anchor),
            langs_attr(&img.langs),
        );
    }
}

/// A rough height in pixels of blocks on a wide screen, for the place of
/// a chapter not laid out yet: a diagram 420, a paragraph 40 (inline
/// diagrams are closed), a row of narrow diagrams as its first.
fn guess_height(blocks: &[Block]) -> usize {
    blocks
        .iter()
        .map(|b| match b {
            Block::Group(g) if g.kind == crate::flow::GroupKind::Row => {
                guess_height(&g.blocks[..g.blocks.len().min(1)])
            }
            Block::Group(g) => guess_height(&g.blocks),
            Block::Paragraph(_) => 40,
            Block::Diagram(_) => 420,
            Block::Image(_) => 200,
            Block::Buy { .. } => 40,
        })
        .sum()
}

/// The long keys of a diagram's data by the one-letter keys of the packed
/// form (book.js `PACKED` says the same).
const PACKED_KEYS: &[(&str, &str)] = &[
    ("z", "size"),
    ("v", "view"),
    ("s", "start"),
    ("p", "toPlay"),
    ("m", "moves"),
    ("f", "figure"),
    ("l", "letters"),
    ("t", "texts"),
    ("r", "marks"),
    ("n", "lines"),
    ("a", "arrows"),
    ("h", "hide"),
    ("c", "coord"),
    ("b", "labels"),
    ("q", "problem"),
    ("o", "from"),
    ("x", "figureOff"),
];

/// A coordinate as one letter: 0-25 `a`-`z`, 26-51 `A`-`Z` (as SGF);
/// `None` past that (no board is bigger than 52).
fn coord_letter(v: i64) -> Option<char> {
    match v {
        0..=25 => Some(char::from(b'a' + v as u8)),
        26..=51 => Some(char::from(b'A' + (v - 26) as u8)),
        _ => None,
    }
}

/// A point `[x, y]` (the first two numbers of `v`) as two letters.
fn point_letters(v: &Value) -> String {
    let c = |i: usize| {
        v.get(i)
            .and_then(Value::as_i64)
            .and_then(coord_letter)
            .unwrap_or('a')
    };
    [c(0), c(1)].iter().collect()
}

/// Whether a figure's stones are the start's (when the data has its own)
/// and then each move's, numbered: the packed data then says `"f": 1`
/// and the book script makes the figure from the moves the same way.
fn figure_from_moves(start: Option<&Value>, moves: Option<&Value>, figure: &Value) -> bool {
    let key = |v: &Value| -> Vec<i64> {
        v.as_array()
            .map(|a| a.iter().take(4).filter_map(Value::as_i64).collect())
            .unwrap_or_default()
    };
    let mut made: Vec<Vec<i64>> = Vec::new();
    for s in start.and_then(Value::as_array).into_iter().flatten() {
        let mut k = key(s);
        k.resize(4, 0);
        made.push(k);
    }
    for m in moves.and_then(Value::as_array).into_iter().flatten() {
        let k = key(m);
        // `[colour, x, y, number]`: a stone `[x, y, colour, number]`.
        if let [c, x, y, n] = k[..]
            && x >= 0
        {
            made.push(vec![x, y, c, n]);
        }
    }
    let mut shown: Vec<Vec<i64>> = figure
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| {
                    let mut k = key(s);
                    k.resize(4, 0);
                    k
                })
                .collect()
        })
        .unwrap_or_default();
    made.sort();
    shown.sort();
    !shown.is_empty() && made == shown
}

/// Letters `[[x, y, "A"], ...]` as `"xyA..."` when each is one character
/// of one UTF-16 unit (as the script reads strings), else as they are.
fn pack_letters(v: Value) -> Value {
    let mut s = String::new();
    for l in v.as_array().into_iter().flatten() {
        let text = l.get(2).and_then(Value::as_str).unwrap_or_default();
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.len_utf16() == 1 => {
                s.push_str(&point_letters(l));
                s.push(c);
            }
            _ => return v,
        }
    }
    Value::String(s)
}

/// `[[x, y], ...]` as `"xyxy..."`.
fn pack_points(v: &Value) -> String {
    v.as_array()
        .map(|a| a.iter().map(point_letters).collect())
        .unwrap_or_default()
}

/// Stones `[[x, y, colour, number?], ...]` as `"xyB12xyW..."`: the point,
/// `B` or `W`, the number if not 0.
fn pack_stones(v: &Value) -> String {
    let mut s = String::new();
    for stone in v.as_array().into_iter().flatten() {
        s.push_str(&point_letters(stone));
        s.push(if stone.get(2).and_then(Value::as_i64) == Some(1) {
            'W'
        } else {
            'B'
        });
        if let Some(n) = stone.get(3).and_then(Value::as_i64).filter(|&n| n != 0) {
            let _ = write!(s, "{n}");
        }
    }
    s
}

/// Moves `[[colour, x, y, number, [captured...]], ...]` (see
/// [`moves_json`]) as `"Bxy12xpqxrs W.."`: `B` or `W`, the point (`..` a
/// pass, `--` a tenuki), the number if not 0, `x` and each point captured.
fn pack_moves(v: &Value) -> String {
    let mut s = String::new();
    for m in v.as_array().into_iter().flatten() {
        let n = |i: usize| m.get(i).and_then(Value::as_i64).unwrap_or(0);
        s.push(if n(0) == 1 { 'W' } else { 'B' });
        match n(1) {
            -1 => s.push_str(".."),
            x if x < 0 => s.push_str("--"),
            x => {
                s.push(coord_letter(x).unwrap_or('a'));
                s.push(coord_letter(n(2)).unwrap_or('a'));
            }
        }
        if n(3) != 0 {
            let _ = write!(s, "{}", n(3));
        }
        for p in m.get(4).and_then(Value::as_array).into_iter().flatten() {
            s.push('x');
            s.push_str(&point_letters(p));
        }
    }
    s
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
            let captured = Value::Array(m.captured.iter().map(|&p| pt(p)).collect());
            Value::Array(vec![
                json!(color_code(m.color)),
                json!(x),
                json!(y),
                json!(m.number.unwrap_or(0)),
                captured,
            ])
        })
        .collect()
}

/// A `correct`/`wrong` move text as the page shows it: standard texts
/// expanded, one string, or `{"en": ..., "de": ...}` when the languages
/// differ (the script picks the reader's).
fn answer_json(d: &crate::flow::FlowDiagram, written: Option<&str>) -> Value {
    let Some(written) = written else {
        return Value::Null;
    };
    match d.answer_text(written) {
        Some(crate::flow::Variants::Same(t)) => json!(t),
        Some(crate::flow::Variants::ByLanguage(all)) => {
            Value::Object(all.iter().map(|(l, t)| (l.clone(), json!(t))).collect())
        }
        None => json!(written),
    }
}

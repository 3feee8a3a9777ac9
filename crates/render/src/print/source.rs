//! The flow as Typst markup: the template of `assets/print.typ`, the
//! drawings (each distinct SVG once), then the book's blocks as calls of
//! the template's functions.
//!
//! Text is written as markup with every ASCII punctuation character
//! escaped, so nothing in a book is read by Typst as markup or code; the
//! drawings are string literals. Every shown element that a link may
//! lead to gets a label (`<k-ANCHOR>`, the anchor's characters outside
//! `[A-Za-z0-9_-]` written as `_HEX_`).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use kifu_book::files::{ImageType, image_type};
use kifu_book::go_data::Width;
use kifu_book::model::{DiagramKind, ParagraphKind, ParagraphStyle};
use kifu_book::resolve::ItemKind;
use kifu_book::text::Symbol;

use super::options::{PrintOptions, TypstBook};
use crate::access;
use crate::answers::{correct_sequences, play};
use crate::flow::{
    Align, Block, Break, DiagramBlock, Flow, GroupKind, ImageBlock, ImageSource, Paragraph, Rich,
    SpanContent, Target, Variants,
};
use crate::svg::{DiagramView, to_svg};

const TEMPLATE: &str = include_str!("../../assets/print.typ");

/// The SVG drawings' units per board cell (`svg.rs`'s `U`).
const SVG_CELL: f64 = 24.0;
/// The space between the cells of a row, in millimetres (the template's
/// 1em gutter at 10 pt, rounded up).
const ROW_GUTTER: f64 = 4.0;

/// Writes a [`Flow`] as Typst markup.
pub fn flow_to_typst(flow: &Flow<'_>, options: &PrintOptions) -> TypstBook {
    let mut w = Writer::new(flow, options);
    w.book();
    let mut source = w.head();
    source.push_str(TEMPLATE);
    source.push_str(&w.defs);
    source.push_str(&w.out);
    TypstBook {
        source,
        files: w.files,
        diagrams: w.drawn,
        families: options.fonts.families(),
        fonts: options.fonts.files.clone(),
    }
}

/// Text as Typst markup: ASCII punctuation escaped, line breaks and tabs
/// as spaces.
pub(crate) fn tx(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_ascii_punctuation() => {
                out.push('\\');
                out.push(c);
            }
            // Controls have no place in text (Typst refuses some).
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A Typst string literal.
pub(crate) fn st(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The label of an anchor.
pub(crate) fn label(anchor: &str) -> String {
    let mut out = String::from("k-");
    for c in anchor.chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            out.push(c);
        } else {
            let _ = write!(out, "_{:x}_", u32::from(c));
        }
    }
    out
}

/// A number for Typst, at most three decimals.
fn num(v: f64) -> String {
    let v = (v * 1000.0).round() / 1000.0;
    if v == v.trunc() {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// Tenths of an em as a Typst length.
fn tenths(n: i64) -> String {
    format!("{}em", num(n as f64 / 10.0))
}

fn align(a: Align) -> &'static str {
    match a {
        Align::Left => "left",
        Align::Center => "center",
        Align::Right => "right",
    }
}

/// A language code of the format as Typst's language and region.
fn typst_lang(code: &str) -> (String, Option<&'static str>) {
    match code {
        "cn" => ("zh".to_owned(), Some("CN")),
        "tw" => ("zh".to_owned(), Some("TW")),
        "po" => ("pl".to_owned(), None),
        c if (2..=3).contains(&c.len()) && c.chars().all(|c| c.is_ascii_lowercase()) => {
            (c.to_owned(), None)
        }
        _ => ("en".to_owned(), None),
    }
}

/// The size of a drawing in board cells, from its `viewBox`.
fn svg_cells(svg: &str) -> (f64, f64) {
    let mut numbers = svg
        .split_once("viewBox=\"0 0 ")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(v, _)| v.split_whitespace().filter_map(|n| n.parse::<f64>().ok()))
        .into_iter()
        .flatten();
    match (numbers.next(), numbers.next()) {
        (Some(w), Some(h)) if w > 0.0 && h > 0.0 => (w / SVG_CELL, h / SVG_CELL),
        _ => (10.0, 10.0),
    }
}

struct Writer<'a, 'b> {
    flow: &'a Flow<'b>,
    options: &'a PrintOptions,
    /// The book's blocks.
    out: String,
    /// The drawings and embedded images, before the blocks.
    defs: String,
    /// The name of each distinct drawing, by its SVG.
    drawings: HashMap<String, String>,
    /// How many diagrams were drawn.
    drawn: usize,
    /// The anchors that have a label.
    labels: HashSet<String>,
    /// How each local image is named in the markup, and its format.
    images: BTreeMap<String, (String, &'static str)>,
    files: Vec<(String, Vec<u8>)>,
    /// The problems with answers, in order: diagram number, label.
    problems: Vec<(usize, String)>,
    /// The heading elements in the table of contents.
    chapter_titles: HashSet<usize>,
    /// How deep in groups the writer is (no page breaks inside them).
    depth: usize,
    /// Whether nothing has been written since the last page break.
    fresh_page: bool,
    /// One board line's spacing in diagrams, in millimetres.
    cell: f64,
}

impl<'a, 'b> Writer<'a, 'b> {
    fn new(flow: &'a Flow<'b>, options: &'a PrintOptions) -> Self {
        let mut labels: HashSet<String> = ["kifu-title".to_owned(), "kifu-toc".to_owned()].into();
        for section in &flow.sections {
            if let Some(a) = &section.anchor {
                labels.insert(a.clone());
            }
            let mut stack: Vec<&Block> = section.blocks.iter().collect();
            while let Some(b) = stack.pop() {
                match b {
                    Block::Paragraph(p) => {
                        labels.insert(p.anchor.clone());
                    }
                    Block::Diagram(d) => {
                        labels.insert(d.anchor.clone());
                    }
                    Block::Image(i) => {
                        labels.insert(i.anchor.clone());
                    }
                    Block::Buy { .. } => {}
                    Block::Group(g) => stack.extend(g.blocks.iter()),
                }
            }
        }
        let main = &flow.preferred[0];
        let chapter_titles = flow
            .contents
            .iter()
            .flat_map(|c| c.titles.iter())
            .filter(|t| t.langs.is_empty() || t.langs.contains(main))
            .map(|t| t.element)
            .collect();
        let mut w = Writer {
            flow,
            options,
            out: String::new(),
            defs: String::new(),
            drawings: HashMap::new(),
            drawn: 0,
            labels,
            images: BTreeMap::new(),
            files: Vec::new(),
            problems: Vec::new(),
            chapter_titles,
            depth: 0,
            fresh_page: true,
            // 4.4 mm at 10 pt: a full board about 88 mm wide.
            cell: options.page.font_size * 0.44,
        };
        w.load_images();
        w
    }

    fn lang(&self) -> &str {
        &self.flow.preferred[0]
    }

    /// Names every local image with a known format, embedded or as a file.
    fn load_images(&mut self) {
        for (name, bytes) in &self.flow.images {
            let Some(t) = image_type(bytes) else { continue };
            let format = match t {
                ImageType::Png => "png",
                ImageType::Jpeg => "jpg",
                ImageType::Gif => "gif",
                ImageType::WebP => "webp",
                ImageType::Svg => "svg",
            };
            let k = self.images.len() + 1;
            let expr = if self.options.embed_images {
                let var = format!("kifu-i{k}");
                let _ = write!(self.defs, "#let {var} = bytes((");
                for (j, b) in bytes.iter().enumerate() {
                    if j % 40 == 0 {
                        self.defs.push('\n');
                    }
                    let _ = write!(self.defs, "{b},");
                }
                self.defs.push_str("))\n");
                var
            } else {
                let path = format!("images/i{k:03}.{format}");
                self.files.push((path.clone(), bytes.clone()));
                st(&path)
            };
            self.images.insert(name.clone(), (expr, format));
        }
    }

    /// The settings an author changes first, before the template.
    fn head(&self) -> String {
        let page = &self.options.page;
        let [top, outside, bottom, inside] = page.margins;
        let flow = self.flow;
        let title = flow.title.clone().unwrap_or_default();
        let author = flow
            .title_page
            .author
            .as_ref()
            .map(|a| a.get(self.lang()).clone())
            .unwrap_or_default();
        let (lang, region) = typst_lang(self.lang());
        format!(
            "// {} — typeset by kifu from a Go book. Compile with `typst compile`.\n\
             // The page: size, margins (the inside is the binding's) and text size.\n\
             #let kifu-page = (width: {}mm, height: {}mm, top: {}mm, bottom: {}mm, inside: {}mm, outside: {}mm, font-size: {}pt)\n\
             #let kifu-meta = (title: {}, author: {}, lang: {}, region: {}, code: {})\n\
             // The fonts: `text` before the bundled Libertinus Serif in every language,\n\
             // then a language's own (by the book's codes: ja, cn, tw, ko...).\n\
             #let kifu-fonts = {}\n\n",
            title.replace('\n', " "),
            num(page.width),
            num(page.height),
            num(top),
            num(bottom),
            num(inside),
            num(outside),
            num(page.font_size),
            st(&title),
            if author.is_empty() {
                "()".to_owned()
            } else {
                st(&author)
            },
            st(&lang),
            region.map_or_else(|| "none".to_owned(), st),
            st(self.lang()),
            self.fonts(),
        )
    }

    /// The `kifu-fonts` dictionary: `text`, then a list per language.
    fn fonts(&self) -> String {
        let list = |families: &[String]| {
            let items: Vec<String> = families.iter().map(|f| st(f)).collect();
            format!("({},)", items.join(", ")).replace("(,)", "()")
        };
        let fonts = &self.options.fonts;
        let mut out = format!("(text: {}", list(&fonts.text));
        for (code, families) in &fonts.by_language {
            let _ = write!(out, ", {}: {}", st(code), list(families));
        }
        out.push(')');
        out
    }

    fn book(&mut self) {
        let own = self.flow.title_page.own;
        self.title_page();
        if !own {
            self.contents();
        }
        for (i, section) in self.flow.sections.iter().enumerate() {
            if own && i == 1 {
                self.contents();
            }
            self.page_break();
            if let Some(a) = &section.anchor {
                let title = self
                    .flow
                    .contents
                    .iter()
                    .find(|c| &c.anchor == a)
                    .and_then(|c| c.titles.first())
                    .map(|t| t.text.get(self.lang()).clone())
                    .unwrap_or_default();
                let _ = writeln!(
                    self.out,
                    "#metadata({}) <kifu-chapter>\n#metadata(none) <{}>",
                    st(&title),
                    label(a)
                );
            }
            self.blocks(&section.blocks);
        }
        if own && self.flow.sections.len() < 2 {
            self.contents();
        }
        self.answers();
    }

    fn page_break(&mut self) {
        if !self.fresh_page {
            self.out.push_str("#pagebreak(weak: true)\n");
            self.fresh_page = true;
        }
    }

    /// Text that may differ by language: every distinct text once, each
    /// marked with its language, side by side.
    fn variants<T>(&self, v: &Variants<T>, f: &mut dyn FnMut(&T) -> String) -> String {
        match v {
            Variants::Same(t) => f(t),
            Variants::ByLanguage(all) => {
                let mut shown: Vec<(&str, String)> = Vec::new();
                for (l, t) in all {
                    let text = f(t);
                    if !shown.iter().any(|(_, s)| *s == text) {
                        shown.push((l, text));
                    }
                }
                let parts: Vec<String> = shown
                    .iter()
                    .map(|(l, text)| self.in_lang(&[(*l).to_owned()], text.clone()))
                    .collect();
                parts.join(" \\/ ")
            }
        }
    }

    fn text(&self, v: &Variants<String>) -> String {
        self.variants(v, &mut |t| tx(t))
    }

    /// Markup in an element's one language, when it is not the book's.
    fn in_lang(&self, langs: &[String], body: String) -> String {
        match langs {
            [one] if one != self.lang() => {
                let (lang, region) = typst_lang(one);
                let region = region.map_or_else(String::new, |r| format!(", region: {}", st(r)));
                format!(
                    "#text(lang: {}{region}, font: kifu-font({}))[{body}]",
                    st(&lang),
                    st(one)
                )
            }
            _ => body,
        }
    }

    /// The title page and its back; only the cover when the book has a
    /// title page of its own (its first section), which would repeat it.
    fn title_page(&mut self) {
        let page = &self.flow.title_page;
        let arg = |name: &str, v: &Option<Variants<String>>| {
            v.as_ref()
                .filter(|_| !page.own)
                .map(|t| format!("{name}: [{}]", self.text(t)))
        };
        let mut args: Vec<String> = [
            arg("title", &page.title),
            arg("subtitle", &page.subtitle),
            arg("author", &page.author),
        ]
        .into_iter()
        .flatten()
        .collect();
        let imprint: Vec<String> = [
            arg("publisher", &page.publisher),
            arg("copyright", &page.copyright),
        ]
        .into_iter()
        .flatten()
        .collect();
        if let Some(c) = &page.cover
            && let Some((expr, format)) = self.images.get(c)
        {
            args.push(format!(
                "cover: image({expr}, format: {}, height: 45%)",
                st(format)
            ));
        }
        // Links to the book lead here, even with no page to show.
        let _ = writeln!(self.out, "#metadata(none) <{}>", label("kifu-title"));
        if args.is_empty() && imprint.is_empty() {
            return;
        }
        let _ = writeln!(self.out, "#kifu-title-page({})", args.join(", "));
        if !imprint.is_empty() {
            let _ = writeln!(self.out, "#kifu-imprint({})", imprint.join(", "));
        }
        self.fresh_page = false;
    }

    /// The table of contents, on a page of its own.
    fn contents(&mut self) {
        if !self.chapter_titles.is_empty() {
            self.page_break();
            let _ = writeln!(
                self.out,
                "#metadata(none) <{}>\n#outline(title: [Contents], depth: 1)",
                label("kifu-toc")
            );
            self.fresh_page = false;
        }
    }

    fn blocks(&mut self, blocks: &[Block]) {
        for block in blocks {
            match block {
                Block::Group(g) => self.group(g.kind, &g.blocks),
                Block::Paragraph(p) => self.paragraph(p),
                Block::Diagram(d) => {
                    self.block_break(d.break_before);
                    let fig = self.diagram_element(d, None);
                    self.out.push_str(&fig);
                    self.out.push('\n');
                }
                Block::Image(img) => {
                    let pic = self.image_element(img, None);
                    self.out.push_str(&pic);
                    self.out.push('\n');
                }
                // A sample's "buy" button means nothing on paper.
                Block::Buy { .. } => continue,
            }
            self.fresh_page = false;
        }
    }

    /// A page break a block asks for (column breaks are page breaks of
    /// a multi-column layout: the printed page has one column).
    fn block_break(&mut self, b: Option<Break>) {
        if b == Some(Break::Page) && self.depth == 0 {
            self.page_break();
        }
    }

    fn group(&mut self, kind: GroupKind, blocks: &[Block]) {
        match kind {
            GroupKind::Box => {
                self.out.push_str("#kifu-box[\n");
                self.depth += 1;
                self.blocks(blocks);
                self.depth -= 1;
                self.out.push_str("]\n");
            }
            GroupKind::Bullets => {
                let mut cells: Vec<String> = Vec::new();
                for b in blocks {
                    match b {
                        Block::Paragraph(p) => {
                            let (bullet, body) = self.paragraph_parts(p);
                            match bullet {
                                Some(bullet) => {
                                    cells.push(format!("[{bullet}]"));
                                    cells.push(format!("[{body}]"));
                                }
                                None => cells.push(format!("grid.cell(colspan: 2)[{body}]")),
                            }
                        }
                        other => {
                            // Not expected in a list; written after it.
                            self.blocks(std::slice::from_ref(other));
                        }
                    }
                }
                if !cells.is_empty() {
                    let _ = writeln!(self.out, "#kifu-bullets({})", cells.join(", "));
                }
                for b in blocks {
                    if let Block::Paragraph(p) = b {
                        self.inline_diagrams(p);
                    }
                }
            }
            GroupKind::Row => {
                let n = blocks
                    .iter()
                    .map(|b| match b {
                        Block::Diagram(d) if d.width == Width::Third => 3,
                        Block::Image(i) if i.width == Width::Third => 3,
                        _ => 2,
                    })
                    .max()
                    .unwrap_or(2);
                let avail =
                    (self.options.page.text_width() - ROW_GUTTER * (n as f64 - 1.0)) / n as f64;
                let mut cells: Vec<String> = Vec::new();
                for b in blocks {
                    match b {
                        Block::Diagram(d) => {
                            cells.push(format!("[{}]", self.diagram_element(d, Some(avail))))
                        }
                        Block::Image(img) => {
                            cells.push(format!("[{}]", self.image_element(img, Some(avail))));
                        }
                        _ => {}
                    }
                }
                if let Some(Block::Diagram(d)) = blocks.first() {
                    self.block_break(d.break_before);
                }
                // Cells of a full row each, in order.
                for chunk in cells.chunks(n) {
                    let _ = writeln!(self.out, "#kifu-row({n}, {})", chunk.join(", "));
                }
            }
        }
    }

    /// A paragraph's text as markup: its bullet (for a bullet paragraph
    /// with a tab) and its body, the hint word and its link applied, in
    /// its language, with its label first.
    fn paragraph_parts(&self, p: &Paragraph) -> (Option<String>, String) {
        let mut bullet: Option<String> = None;
        let mut body = self.variants(&p.content, &mut |r| {
            let (b, text) = self.rich(r);
            if bullet.is_none() {
                bullet = b;
            }
            text
        });
        if let Some(t) = &p.link {
            body = self.linked(t, body);
        }
        if let Some(word) = &p.hint {
            body = format!(
                "#emph[#strong[{}:]] {body}",
                self.variants(word, &mut |w| tx(w))
            );
        }
        let body = self.in_lang(&p.langs, body);
        let labelled = if p.kind.is_heading() && self.heading_level(p).is_some() {
            body
        } else {
            format!("#metadata(none) <{}>{body}", label(&p.anchor))
        };
        (bullet, labelled)
    }

    /// The level of a heading in the document's outline, whether it is
    /// listed in the contents and in the PDF's bookmarks; `None` for
    /// subtitles.
    fn heading_level(&self, p: &Paragraph) -> Option<(u8, bool, bool)> {
        let main = p.langs.is_empty() || p.langs.iter().any(|l| l == self.lang());
        match p.kind {
            _ if self.chapter_titles.contains(&p.element) => Some((1, true, true)),
            ParagraphKind::H1 | ParagraphKind::H2 => Some((1, false, false)),
            // Sections: in the PDF's bookmarks, not in the contents.
            ParagraphKind::H3 => Some((2, false, main)),
            ParagraphKind::H4 | ParagraphKind::H5 => Some((3, false, false)),
            ParagraphKind::P | ParagraphKind::S1 | ParagraphKind::S2 => None,
        }
    }

    fn paragraph(&mut self, p: &Paragraph) {
        let l = &p.layout;
        let (_, body) = self.paragraph_parts(p);
        let mut args = vec![
            format!("above: {}", tenths(l.space_before)),
            format!("below: {}", tenths(l.space_after)),
        ];
        if (l.scale - 1.0).abs() > 1e-6 {
            args.push(format!("size: {}", num(l.scale)));
        }
        if l.align != Align::Left {
            args.push(format!("al: {}", align(l.align)));
        }
        if p.kind.is_heading() || matches!(p.kind, ParagraphKind::S1 | ParagraphKind::S2) {
            if !l.bold {
                args.push("bold: false".to_owned());
            }
            if !l.keep_with_next {
                args.push("keep: false".to_owned());
            }
            if l.break_before == Some(Break::Page) && self.depth == 0 && !self.fresh_page {
                args.push("page-break: true".to_owned());
            }
            let body = match self.heading_level(p) {
                Some((level, outlined, bookmarked)) => format!(
                    "#heading(level: {level}, outlined: {outlined}, bookmarked: {bookmarked})[{body}] <{}>",
                    label(&p.anchor)
                ),
                None => body,
            };
            let _ = writeln!(self.out, "#kifu-h({})[{body}]", args.join(", "));
        } else {
            self.block_break(l.break_before);
            if l.bold {
                args.push("bold: true".to_owned());
            }
            if l.keep_with_next {
                args.push("keep: true".to_owned());
            }
            let n = l.style_indent;
            let (mut left, mut right, mut first, mut hang) = (0.0, 0.0, 0.0, 0.0);
            match p.style {
                ParagraphStyle::Block => {
                    left = f64::from(n);
                    right = f64::from(n);
                }
                ParagraphStyle::Hanging => hang = f64::from(n),
                ParagraphStyle::Indent => left = f64::from(n),
                ParagraphStyle::Text if l.first_line_indent => first = 1.0,
                _ => {}
            }
            if let Some((f, h)) = l.indents {
                let (f, h) = (f as f64 / 10.0, h as f64 / 10.0);
                if f >= h {
                    left = h;
                    first = f - h;
                    hang = 0.0;
                } else {
                    left = f;
                    hang = h - f;
                    first = 0.0;
                }
            }
            if let Some(r) = l.right_indent {
                right = r as f64 / 10.0;
            }
            for (name, v) in [("l", left), ("r", right), ("first", first), ("hang", hang)] {
                if v > 0.0 {
                    args.push(format!("{name}: {}em", num(v)));
                }
            }
            let _ = writeln!(self.out, "#kifu-p({})[{body}]", args.join(", "));
        }
        self.fresh_page = false;
        self.inline_diagrams(p);
    }

    /// Inline diagrams follow their paragraph (paper opens nothing on a
    /// tap).
    fn inline_diagrams(&mut self, p: &Paragraph) {
        for &n in &p.inline_diagrams {
            let fig = self.figure(n, &format!("dia-{n}"), Width::Dia, Align::Center, None);
            self.out.push_str(&fig);
            self.out.push('\n');
        }
    }

    /// The start of a link's content block.
    fn link_open(&self, t: &Target) -> String {
        match t {
            Target::Element(a) if self.labels.contains(a) => format!("#link(<{}>)[", label(a)),
            Target::InlineDiagram(Some(n)) => format!("#link(<{}>)[", label(&format!("dia-{n}"))),
            Target::Web(u) => format!("#link({})[", st(u)),
            // Nothing to go to on paper: the text alone.
            _ => "#[".to_owned(),
        }
    }

    fn linked(&self, t: &Target, body: String) -> String {
        format!("{}{body}]", self.link_open(t))
    }

    /// Rich text as markup: the bullet (for a bullet paragraph with a tab)
    /// and the text.
    fn rich(&self, rich: &Rich) -> (Option<String>, String) {
        let mut out = String::new();
        let mut bullet = None;
        let mut link: Option<usize> = None;
        for (k, span) in rich.spans.iter().enumerate() {
            if span.link != link {
                if link.is_some() {
                    out.push(']');
                }
                if let Some(l) = span.link {
                    out.push_str(&self.link_open(&rich.links[l]));
                }
                link = span.link;
            }
            let mut s = match &span.content {
                SpanContent::Text(t) => tx(t),
                SpanContent::Symbol { symbol, color } => symbol_markup(*symbol, *color),
                SpanContent::LineBreak => "#linebreak()".to_owned(),
                SpanContent::Tab if rich.bullet_end == Some(k) => {
                    if link.is_some() {
                        out.push(']');
                        link = None;
                    }
                    bullet = Some(std::mem::take(&mut out));
                    continue;
                }
                SpanContent::Tab => "#h(1.5em)".to_owned(),
                SpanContent::Image { source, link: own } => {
                    let img = self.inline_image(source);
                    match own {
                        Some(t) => self.linked(t, img),
                        None => img,
                    }
                }
            };
            if span.style.underline {
                s = format!("#underline[{s}]");
            }
            if span.style.italic {
                s = format!("#emph[{s}]");
            }
            if span.style.bold {
                s = format!("#strong[{s}]");
            }
            out.push_str(&s);
        }
        if link.is_some() {
            out.push(']');
        }
        (bullet, out)
    }

    fn inline_image(&self, source: &ImageSource) -> String {
        match source {
            ImageSource::Local(u) => match self.images.get(u) {
                Some((expr, format)) => format!(
                    "#box(height: 0.75em, image({expr}, format: {}, height: 0.75em))",
                    st(format)
                ),
                None => "•".to_owned(),
            },
            _ => "•".to_owned(),
        }
    }

    /// The name of a drawing, defined once.
    fn drawing(&mut self, svg: String) -> String {
        if let Some(name) = self.drawings.get(&svg) {
            return name.clone();
        }
        let name = format!("kifu-d{}", self.drawings.len() + 1);
        let _ = writeln!(self.defs, "#let {name} = bytes({})", st(&svg));
        self.drawings.insert(svg, name.clone());
        name
    }

    /// The width of a drawing `cells` wide: the book's line spacing
    /// (smaller for `dia` than for full-width figures), narrowed to what
    /// the column holds.
    fn drawing_width(&self, (cells, rows): (f64, f64), width: Width, avail: Option<f64>) -> f64 {
        let column = self.options.page.text_width();
        // Never taller than two thirds of the type area: a diagram, its
        // text and caption stay on one page.
        let page = &self.options.page;
        let high = (page.height - page.margins[0] - page.margins[2]) * 0.67;
        let column = column.min(high * cells / rows);
        let (factor, share) = match width {
            Width::Full => (1.0, column),
            Width::Dia => (0.88, column),
            Width::Half => (1.0, (column - ROW_GUTTER) / 2.0),
            Width::Third => (1.0, (column - 2.0 * ROW_GUTTER) / 3.0),
        };
        let avail = avail.unwrap_or(share).min(column);
        (cells * self.cell * factor).min(avail)
    }

    /// Diagram `n` with what belongs to it, labelled `id`.
    fn figure(
        &mut self,
        n: usize,
        id: &str,
        width: Width,
        al: Align,
        avail: Option<f64>,
    ) -> String {
        let flow = self.flow;
        let d = &flow.diagrams[n];
        let item = flow.item(n);
        let mut view = DiagramView::from_resolved(item, self.lang());
        view.caption = None;
        view.gaps = None;
        let svg = to_svg(&view, &self.options.style);
        let mm = self.drawing_width(svg_cells(&svg), width, avail);
        let name = self.drawing(svg);
        self.drawn += 1;
        let mut lines: Vec<String> = Vec::new();
        let caption = self.text(&d.caption);
        if !caption.is_empty() {
            lines.push(caption);
        }
        if let Some(g) = &d.gaps {
            lines.push(tx(g));
        }
        if item.kind == ItemKind::Diagram(DiagramKind::Prb) && !correct_sequences(item).is_empty() {
            let answer = label(&format!("answer-{n}"));
            lines.push(format!(
                "#link(<{answer}>)[#emph[Answer: page #context locate(<{answer}>).page()]]"
            ));
            self.problems.push((n, label(id)));
        }
        let top = d.problem_text.as_ref().map(|t| {
            let text = self.variants(t, &mut |r| self.rich(r).1);
            format!(", top: [{text}]")
        });
        format!(
            "#kifu-dia(al: {}{}, name: {}, lines: ({}))[#metadata(none) <{}>#image({name}, format: \"svg\", width: {}mm, alt: {})]",
            align(al),
            top.unwrap_or_default(),
            st(id),
            lines.iter().map(|l| format!("[{l}],")).collect::<String>(),
            label(id),
            num(mm),
            st(&access::alt_with_description(item, self.lang()))
        )
    }

    fn diagram_element(&mut self, d: &DiagramBlock, avail: Option<f64>) -> String {
        let al = d.align.unwrap_or(Align::Center);
        let fig = self.figure(d.diagram, &d.anchor, d.width, al, avail);
        match &d.link {
            Some(t) => self.linked(t, fig),
            None => fig,
        }
    }

    fn image_element(&mut self, img: &ImageBlock, avail: Option<f64>) -> String {
        let column = self.options.page.text_width();
        let share = match img.width {
            Width::Half => (column - ROW_GUTTER) / 2.0,
            Width::Third => (column - 2.0 * ROW_GUTTER) / 3.0,
            _ => column,
        };
        let width = avail.unwrap_or(share).min(column);
        let scaled = if img.fill {
            width
        } else {
            width * img.scale.clamp(0.05, 1.0)
        };
        let missing = |u: &str| format!("#emph[Missing image: {}]", tx(u));
        let mut pic = match &img.source {
            Some(ImageSource::Local(u)) => match self.images.get(u) {
                Some((expr, format)) => format!(
                    "#image({expr}, format: {}, width: {}mm)",
                    st(format),
                    num(scaled)
                ),
                None => missing(u),
            },
            Some(ImageSource::Web(u)) => {
                format!("#link({})[Image: {}]", st(u), tx(u))
            }
            Some(ImageSource::Missing(u)) => missing(u),
            None => String::new(),
        };
        if let Some(t) = &img.link {
            pic = self.linked(t, pic);
        }
        let caption = img
            .caption
            .as_ref()
            .map(|c| format!(", caption: [{}]", self.text(c)))
            .unwrap_or_default();
        format!(
            "#kifu-image(al: {}{caption})[#metadata(none) <{}>{pic}]",
            align(img.align.unwrap_or(Align::Center)),
            label(&img.anchor)
        )
    }

    /// The answers: each problem's correct sequences drawn from its
    /// position, moves numbered from 1, two to a row.
    fn answers(&mut self) {
        if self.problems.is_empty() {
            return;
        }
        let flow = self.flow;
        self.page_break();
        let _ = writeln!(
            self.out,
            "#metadata(\"Answers\") <kifu-chapter>\n#kifu-h(above: 0em, below: 1.2em, size: 1.3, al: center)[#heading(level: 1, outlined: true)[Answers]]"
        );
        let problems = std::mem::take(&mut self.problems);
        let avail = (self.options.page.text_width() - ROW_GUTTER) / 2.0;
        let mut cells: Vec<String> = Vec::new();
        for (k, (n, back)) in problems.iter().enumerate() {
            let item = flow.item(*n);
            let d = &flow.diagrams[*n];
            let caption = self.text(&d.caption);
            let name = if caption.is_empty() {
                format!("Problem {}", k + 1)
            } else {
                caption
            };
            let plain_name = match d.caption.get(self.lang()) {
                c if c.is_empty() => format!("Problem {}", k + 1),
                c => c.clone(),
            };
            for (j, sequence) in correct_sequences(item).iter().enumerate() {
                let alt = access::answer_alt(&plain_name, item, sequence, self.lang());
                let mut view = DiagramView::from_resolved(item, self.lang());
                view.caption = None;
                view.gaps = None;
                let texts = play(&mut view, item, sequence);
                let svg = to_svg(&view, &self.options.style);
                let mm = self.drawing_width(svg_cells(&svg), Width::Half, Some(avail));
                let drawing = self.drawing(svg);
                self.drawn += 1;
                // The moves' texts with their standard texts (`#wid#`) in
                // the book's language, typography applied.
                let lang = self.lang().to_owned();
                let mut lines: Vec<String> = texts
                    .iter()
                    .map(|t| {
                        let mut rich = kifu_book::text::parse(t);
                        rich.expand_standard_texts(&lang, &kifu_book::text::Fields::default());
                        rich.apply_typography(&lang);
                        tx(&rich.plain_text())
                    })
                    .collect();
                lines.push(format!(
                    "#link(<{back}>)[#emph[Problem: page #context locate(<{back}>).page()]]"
                ));
                let anchor = if j == 0 {
                    format!("#metadata(none) <{}>", label(&format!("answer-{n}")))
                } else {
                    String::new()
                };
                cells.push(format!(
                    "[#kifu-dia(top: [{anchor}#strong[{name}]], name: {}, lines: ({}))[#image({drawing}, format: \"svg\", width: {}mm, alt: {})]]",
                    st(&format!("answer-{n}-{j}")),
                    lines.iter().map(|l| format!("[{l}],")).collect::<String>(),
                    num(mm),
                    st(&alt)
                ));
            }
        }
        for chunk in cells.chunks(2) {
            let _ = writeln!(self.out, "#kifu-row(2, {})", chunk.join(", "));
        }
    }
}

/// A Go symbol drawn in the line by the template.
fn symbol_markup(symbol: Symbol, color: Option<kifu_board::Color>) -> String {
    let c = match color {
        Some(kifu_board::Color::Black) => "\"b\"",
        Some(kifu_board::Color::White) => "\"w\"",
        None => "none",
    };
    format!("#kifu-sym(\"{}\", {c})", symbol.letter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_markup() {
        assert_eq!(
            tx("a*b_c #x [y] <z> $1"),
            "a\\*b\\_c \\#x \\[y\\] \\<z\\> \\$1"
        );
        assert_eq!(tx("line\nnext\ttab"), "line next tab");
        assert_eq!(tx("日本 — ok"), "日本 — ok");
        assert_eq!(st("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    }

    #[test]
    fn labels_keep_to_safe_characters() {
        assert_eq!(label("e12"), "k-e12");
        assert_eq!(label("a.b c"), "k-a_2e_b_20_c");
        assert_eq!(label("é"), "k-_e9_");
    }

    #[test]
    fn drawings_are_measured_in_cells() {
        assert_eq!(svg_cells("<svg viewBox=\"0 0 240 120\">"), (10.0, 5.0));
        assert_eq!(svg_cells("<svg>"), (10.0, 10.0));
    }
}

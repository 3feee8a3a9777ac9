//! What the HTML page and the EPUB's XHTML share: escaping, the classes
//! and inline styles of a paragraph's decided layout, and rich text as
//! markup. Each writer says only what differs (how a link opens, how an
//! inline image and a line break are written).

use kifu_board::Color;
use kifu_book::go_data::Width;
use kifu_book::model::{ParagraphKind, ParagraphStyle};

use crate::flow::{
    Align, Break, GroupKind, ImageSource, Paragraph, Rich, SpanContent, Target, Variants,
};

/// How a writer writes what its markup language says differently.
pub(crate) trait Dialect {
    /// The attributes of an `<a>` for a link (with a leading space).
    fn link_attrs(&self, target: &Target) -> String;
    /// The start tag of a link around text.
    fn link_open(&self, target: &Target) -> String {
        format!("<a{}>", self.link_attrs(target))
    }
    /// An inline image (a bullet, typically).
    fn inline_image(&self, source: &ImageSource) -> String;
    /// A Go symbol in the line (`^T`, `^Tb`...): a character of the
    /// reader's fonts unless the writer draws it.
    fn symbol(&self, sym: kifu_book::text::Symbol, color: Option<Color>) -> String {
        symbol(sym, color)
    }
    /// A line break.
    fn line_break(&self) -> &'static str;
    /// Rich text that may differ by language, each variant marked the
    /// writer's way.
    fn rich_variants(&self, v: &Variants<Rich>) -> String;
}

/// Escapes text for HTML content and attribute values.
pub(crate) fn esc(text: &str) -> String {
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

/// A number of tenths of an em, as CSS.
pub(crate) fn tenths(n: i64) -> String {
    let v = n as f64 / 10.0;
    format!("{v}em")
}

pub(crate) fn group_class(kind: GroupKind) -> &'static str {
    match kind {
        GroupKind::Box => "box",
        GroupKind::Bullets => "bullets",
        GroupKind::Row => "row",
    }
}

pub(crate) fn break_class(b: Break) -> &'static str {
    match b {
        Break::Page => "break-page",
        Break::Column => "break-column",
        Break::Line => "break-line",
    }
}

pub(crate) fn align_name(a: Align) -> &'static str {
    match a {
        Align::Left => "left",
        Align::Center => "center",
        Align::Right => "right",
    }
}

pub(crate) fn align_class(a: Option<Align>) -> String {
    a.map_or_else(String::new, |a| format!(" align-{}", align_name(a)))
}

pub(crate) fn kind_class(kind: ParagraphKind) -> &'static str {
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

pub(crate) fn width_name(w: Width) -> &'static str {
    match w {
        Width::Full => "full",
        Width::Dia => "dia",
        Width::Half => "half",
        Width::Third => "third",
    }
}

/// The element of a paragraph kind: `h1`-`h5`, else `p`.
pub(crate) fn tag(kind: ParagraphKind) -> &'static str {
    match kind {
        ParagraphKind::H1 => "h1",
        ParagraphKind::H2 => "h2",
        ParagraphKind::H3 => "h3",
        ParagraphKind::H4 => "h4",
        ParagraphKind::H5 => "h5",
        _ => "p",
    }
}

/// A Go symbol in the line, drawn by the reader's fonts.
pub(crate) fn symbol(symbol: kifu_book::text::Symbol, color: Option<Color>) -> String {
    format!(
        "<span class=\"sym\" data-sym=\"{}{}\">{}</span>",
        symbol.letter(),
        match color {
            Some(Color::Black) => "b",
            Some(Color::White) => "w",
            None => "",
        },
        symbol.unicode(color)
    )
}

/// The classes and styles of a paragraph: the outer box's (spacing,
/// breaks) and the text's (size, alignment, indents).
pub(crate) struct ParagraphLook {
    pub(crate) classes: Vec<String>,
    pub(crate) outer: String,
    pub(crate) inner: Vec<String>,
}

impl ParagraphLook {
    pub(crate) fn of(p: &Paragraph) -> ParagraphLook {
        let layout = &p.layout;
        let mut outer = format!(
            "margin-top:{};margin-bottom:{}",
            tenths(layout.space_before),
            tenths(layout.space_after)
        );
        let mut classes = vec![
            "el".to_owned(),
            "para".to_owned(),
            kind_class(p.kind).to_owned(),
        ];
        if let Some(b) = layout.break_before {
            classes.push(break_class(b).to_owned());
        }
        if layout.keep_with_next {
            outer.push_str(";break-after:avoid");
        }
        // Inner style.
        let mut inner: Vec<String> = Vec::new();
        let scale = layout.scale;
        if (scale - 1.0).abs() > 1e-6 {
            inner.push(format!("font-size:{}em", (scale * 1000.0).round() / 1000.0));
        }
        if layout.align != Align::Left {
            inner.push(format!("text-align:{}", align_name(layout.align)));
        }
        if layout.bold {
            inner.push("font-weight:bold".to_owned());
        }
        let n = layout.style_indent;
        match p.style {
            ParagraphStyle::Block => {
                inner.push(format!("margin-left:{n}em;margin-right:{n}em"));
            }
            ParagraphStyle::Hanging => {
                inner.push(format!("padding-left:{n}em;text-indent:-{n}em"));
            }
            ParagraphStyle::Indent => inner.push(format!("margin-left:{n}em")),
            ParagraphStyle::Text => {
                classes.push("st-text".to_owned());
                if layout.first_line_indent {
                    inner.push("text-indent:1em".to_owned());
                }
            }
            ParagraphStyle::Bullet => classes.push("st-bullet".to_owned()),
            ParagraphStyle::Normal => {}
        }
        if let Some((f, h)) = layout.indents {
            inner.push(format!(
                "padding-left:{};text-indent:{}",
                tenths(h),
                tenths(f - h)
            ));
        }
        if let Some(r) = layout.right_indent {
            inner.push(format!("padding-right:{}", tenths(r)));
        }
        ParagraphLook {
            classes,
            outer,
            inner,
        }
    }
}

/// What every writer begins a paragraph with: its look, its element, and
/// its text (every language's) with its `href` link around it.
pub(crate) struct ParagraphParts {
    /// The outer box's classes.
    pub(crate) classes: Vec<String>,
    /// The outer box's style (spacing, breaks).
    pub(crate) outer: String,
    /// The text element's ` style="..."` (size, alignment, indents), or
    /// nothing.
    pub(crate) style: String,
    /// The text element: `h1`-`h5` or `p`.
    pub(crate) tag: &'static str,
    /// The text.
    pub(crate) body: String,
}

pub(crate) fn paragraph_parts(d: &dyn Dialect, p: &Paragraph) -> ParagraphParts {
    let ParagraphLook {
        classes,
        outer,
        inner,
    } = ParagraphLook::of(p);
    let style = if inner.is_empty() {
        String::new()
    } else {
        format!(" style=\"{}\"", inner.join(";"))
    };
    ParagraphParts {
        classes,
        outer,
        style,
        tag: tag(p.kind),
        body: linked(d, p.link.as_ref(), d.rich_variants(&p.content)),
    }
}

/// A paragraph's text and its `href` link around it.
pub(crate) fn linked(d: &dyn Dialect, link: Option<&Target>, body: String) -> String {
    match link {
        Some(t) => format!("<a{}>{body}</a>", d.link_attrs(t)),
        None => body,
    }
}

/// Rich text as markup in a dialect.
pub(crate) fn rich(d: &dyn Dialect, rich: &Rich) -> String {
    rich_with(d, rich, &mut |k| span(d, rich, k))
}

/// Rich text as markup, the markup of each span (but the tab that ends a
/// bullet) given by `span_markup` (which [`span`] writes): links and the
/// bullet around them are written here.
pub(crate) fn rich_with(
    d: &dyn Dialect,
    rich: &Rich,
    span_markup: &mut dyn FnMut(usize) -> String,
) -> String {
    let mut out = String::new();
    let mut link: Option<usize> = None;
    let mut in_bullet = rich.bullet_end.is_some();
    if in_bullet {
        out.push_str("<span class=\"bullet\">");
    }
    for (k, span) in rich.spans.iter().enumerate() {
        if span.link != link {
            if link.is_some() {
                out.push_str("</a>");
            }
            if let Some(l) = span.link {
                out.push_str(&d.link_open(&rich.links[l]));
            }
            link = span.link;
        }
        if matches!(span.content, SpanContent::Tab) && rich.bullet_end == Some(k) {
            in_bullet = false;
            if link.is_some() {
                out.push_str("</a>");
                link = None;
            }
            out.push_str("</span>");
            continue;
        }
        out.push_str(&span_markup(k));
    }
    if link.is_some() {
        out.push_str("</a>");
    }
    if in_bullet {
        out.push_str("</span>");
    }
    out
}

/// The markup of span `k` of rich text, its style included.
pub(crate) fn span(d: &dyn Dialect, rich: &Rich, k: usize) -> String {
    let span = &rich.spans[k];
    let mut s = match &span.content {
        SpanContent::Text(t) => esc(t),
        SpanContent::Symbol { symbol: sym, color } => d.symbol(*sym, *color),
        SpanContent::LineBreak => d.line_break().to_owned(),
        SpanContent::Tab => "<span class=\"tab\"></span>".to_owned(),
        SpanContent::Image { source, link: own } => {
            let img = d.inline_image(source);
            match own {
                Some(t) => format!("<a{}>{img}</a>", d.link_attrs(t)),
                None => img,
            }
        }
    };
    if span.style.underline {
        s = format!("<u>{s}</u>");
    }
    if span.style.italic {
        s = format!("<em>{s}</em>");
    }
    if span.style.bold {
        s = format!("<strong>{s}</strong>");
    }
    s
}

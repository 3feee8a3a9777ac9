//! The flow of a book, independent of any output: the example book gives a
//! block for every shown element, with the style the spec's tables decide
//! (headings' scale, alignment, breaks and spacing; paragraph styles;
//! `paraSpacing` carried on), links resolved, diagrams numbered in reading
//! order, and texts per language.

use kifu_book::go_data::Width;
use kifu_book::model::{ParagraphKind, ParagraphStyle};
use kifu_render::flow::{
    Align, Block, Break, Flow, FlowOptions, GroupKind, ImageSource, Paragraph, Rich, SpanContent,
    Target, Variants,
};

const EXAMPLE: &str = include_str!("../../../book/tests/fixtures/example.gobook");

fn flow_of<'b>(book: &'b kifu_book::Book, languages: &[&str]) -> Flow<'b> {
    Flow::new(
        book,
        &|_| None,
        &FlowOptions {
            languages: languages.iter().map(|l| (*l).to_owned()).collect(),
            preferred: Vec::new(),
        },
    )
}

/// The text of rich text, spans joined (symbols and images as `?`).
fn plain(rich: &Rich) -> String {
    rich.spans
        .iter()
        .map(|s| match &s.content {
            SpanContent::Text(t) => t.clone(),
            SpanContent::LineBreak => "\n".to_owned(),
            SpanContent::Tab => "\t".to_owned(),
            _ => "?".to_owned(),
        })
        .collect()
}

fn same<T: std::fmt::Debug>(v: &Variants<T>) -> &T {
    match v {
        Variants::Same(t) => t,
        other => panic!("expected one text for every language, got {other:?}"),
    }
}

fn paragraph(block: &Block) -> &Paragraph {
    match block {
        Block::Paragraph(p) => p,
        other => panic!("expected a paragraph, got {other:?}"),
    }
}

/// A short name for each block: its paragraph kind or block kind.
fn kinds(blocks: &[Block]) -> Vec<String> {
    blocks
        .iter()
        .map(|b| match b {
            Block::Paragraph(p) => format!("{:?}", p.kind),
            Block::Diagram(_) => "Diagram".to_owned(),
            Block::Image(_) => "Image".to_owned(),
            Block::Buy { .. } => "Buy".to_owned(),
            Block::Group(g) => format!("{:?}{:?}", g.kind, kinds(&g.blocks)),
        })
        .collect()
}

#[test]
fn the_example_gives_a_block_per_shown_element() {
    let book = kifu_book::parse(EXAMPLE).value;
    let flow = flow_of(&book, &[]);
    // Three chapters and nothing shown before the first.
    let anchors: Vec<Option<&str>> = flow.sections.iter().map(|s| s.anchor.as_deref()).collect();
    assert_eq!(anchors, [Some("e1"), Some("contents"), Some("ch1")]);
    assert_eq!(flow.languages, ["de", "en", "ja"]);
    assert_eq!(flow.preferred, ["en"]);
    assert_eq!(flow.title.as_deref(), Some("Example Title"));

    assert_eq!(kinds(&flow.sections[0].blocks), ["H1", "S1", "Image", "P"]);
    assert_eq!(kinds(&flow.sections[1].blocks), ["H2", "P", "P"]);
    // The Go data shows nothing; the inline diagram is in its paragraph.
    assert_eq!(
        kinds(&flow.sections[2].blocks),
        [
            "H2", "P", "P", "P", "Diagram", "P", "Diagram", "P", "H3", "Diagram", "P", "Diagram",
            "P", "P", "Diagram", "P", "Diagram", "P", "P", "P", "P", "P", "P", "P"
        ]
    );
}

#[test]
fn headings_follow_the_spec_table_and_their_attributes() {
    let book = kifu_book::parse(EXAMPLE).value;
    let flow = flow_of(&book, &[]);
    let first = &flow.sections[0].blocks;
    // h1: 1.65 em, centred, bold, a page break unless `break=none` (as here),
    // no space before, 1.2 em after, kept with what follows.
    let h1 = paragraph(&first[0]);
    assert_eq!(h1.kind, ParagraphKind::H1);
    assert!((h1.layout.scale - 1.65).abs() < 1e-6);
    assert_eq!(h1.layout.align, Align::Center);
    assert!(h1.layout.bold && h1.layout.keep_with_next);
    assert_eq!(h1.layout.break_before, None);
    assert_eq!((h1.layout.space_before, h1.layout.space_after), (0, 12));
    // `#title#` is the book's title.
    assert_eq!(plain(same(&h1.content)), "Example Title");
    // s1: 1.3 em, centred, 1.4 em before and 1.6 em after; `#author#`.
    let s1 = paragraph(&first[1]);
    assert!((s1.layout.scale - 1.3).abs() < 1e-6);
    assert_eq!((s1.layout.space_before, s1.layout.space_after), (14, 16));
    assert_eq!(plain(same(&s1.content)), "Some Body");
    // A plain paragraph: 0.8 em before, left, not bold.
    let p = paragraph(&first[3]);
    assert_eq!(p.style, ParagraphStyle::Normal);
    assert_eq!((p.layout.space_before, p.layout.space_after), (8, 0));
    assert_eq!(p.layout.align, Align::Left);
    assert!(!p.layout.bold && !p.layout.keep_with_next);
    // h3: a column break by default, left, 1.05 em.
    let h3 = flow.sections[2]
        .blocks
        .iter()
        .map(paragraph_or_none)
        .find(|p| p.is_some_and(|p| p.kind == ParagraphKind::H3))
        .flatten()
        .expect("the h3");
    assert_eq!(h3.layout.break_before, Some(Break::Column));
    assert_eq!(h3.layout.align, Align::Left);
    assert!((h3.layout.scale - 1.05).abs() < 1e-6);
    assert_eq!((h3.layout.space_before, h3.layout.space_after), (16, 4));
    // h2 breaks the page.
    let h2 = paragraph(&flow.sections[1].blocks[0]);
    assert_eq!(h2.layout.break_before, Some(Break::Page));
}

fn paragraph_or_none(b: &Block) -> Option<&Paragraph> {
    match b {
        Block::Paragraph(p) => Some(p),
        _ => None,
    }
}

#[test]
fn links_images_and_languages_are_resolved() {
    let book = kifu_book::parse(EXAMPLE).value;
    let flow = flow_of(&book, &[]);
    // The web image is a link, never fetched.
    let Block::Image(img) = &flow.sections[0].blocks[2] else {
        panic!("an image")
    };
    assert_eq!(
        img.source,
        Some(ImageSource::Web(
            "http://www.smartgo.com/img/books_ipad.png".to_owned()
        ))
    );
    assert_eq!(img.width, Width::Full);
    assert!(!img.border && !img.shadow, "borders are for JPEG photos");
    // Paragraph links lead to the chapter and to the diagram's anchor.
    let contents = &flow.sections[1].blocks;
    assert_eq!(
        paragraph(&contents[1]).link,
        Some(Target::Element("ch1".to_owned()))
    );
    assert_eq!(
        paragraph(&contents[2]).link,
        Some(Target::Element("dia2".to_owned()))
    );
    let ch = &flow.sections[2].blocks;
    let texts: Vec<&Paragraph> = ch.iter().filter_map(paragraph_or_none).collect();
    // The language links.
    let to_german = texts
        .iter()
        .find(|p| plain(same(&p.content)).contains("switch to German"))
        .expect("the German link");
    let rich = same(&to_german.content);
    assert_eq!(rich.links, [Target::Language("de".to_owned())]);
    assert!(rich.spans.iter().all(|s| s.link == Some(0)));
    // Paragraphs in one language carry it.
    let german = texts
        .iter()
        .find(|p| p.langs == ["de"])
        .expect("the German paragraph");
    assert!(plain(same(&german.content)).starts_with("Dieser Paragraph"));
    // Styles and typography: centred, bold and italic runs, an em dash.
    let centred = texts
        .iter()
        .find(|p| p.layout.align == Align::Center && p.kind == ParagraphKind::P)
        .expect("the centred paragraph");
    let rich = same(&centred.content);
    assert!(plain(rich).contains('\u{2014}'), "{}", plain(rich));
    assert!(rich.spans.iter().any(|s| s.style.bold && s.style.italic));
    assert!(rich.spans.iter().any(|s| s.style.bold && !s.style.italic));
}

#[test]
fn diagrams_are_numbered_in_reading_order_with_their_captions() {
    let book = kifu_book::parse(EXAMPLE).value;
    let flow = flow_of(&book, &[]);
    assert_eq!(flow.diagrams.len(), 7);
    let inline: Vec<bool> = flow.diagrams.iter().map(|d| d.inline).collect();
    assert_eq!(inline, [false, false, false, false, true, false, false]);
    // The paragraph with the inline diagram points at number 4, and its
    // tappable text links to it.
    let p = flow.sections[2]
        .blocks
        .iter()
        .filter_map(paragraph_or_none)
        .find(|p| !p.inline_diagrams.is_empty())
        .expect("the paragraph with an inline diagram");
    assert_eq!(p.inline_diagrams, [4]);
    assert!(
        same(&p.content)
            .links
            .contains(&Target::InlineDiagram(Some(4)))
    );
    assert_eq!(same(&flow.diagrams[1].caption), "Dia. 1");
    // Dia. 3's caption differs by language.
    let c = &flow.diagrams[5].caption;
    assert!(matches!(c, Variants::ByLanguage(_)));
    assert_eq!(c.get("en"), "Dia. 3 English");
    assert_eq!(c.get("ja"), "Dia. 3 Japanese");
    // The first figure shows moves 1 to 3 and the game's first moves.
    let fig = &flow.diagrams[0].figure;
    let numbers: Vec<u32> = fig.stones.iter().filter_map(|s| s.number).collect();
    assert_eq!(numbers, [1, 2, 3]);
    // Diagram blocks name their diagram.
    let numbered: Vec<usize> = flow.sections[2]
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Diagram(d) => Some(d.diagram),
            _ => None,
        })
        .collect();
    assert_eq!(numbered, [0, 1, 2, 3, 5, 6]);
}

#[test]
fn a_chosen_language_leaves_the_others_out() {
    let book = kifu_book::parse(EXAMPLE).value;
    let flow = flow_of(&book, &["de"]);
    assert_eq!(flow.languages, ["de"]);
    assert_eq!(flow.preferred, ["de"]);
    let ch = &flow.sections[2].blocks;
    let langs: Vec<&Vec<String>> = ch
        .iter()
        .filter_map(paragraph_or_none)
        .map(|p| &p.langs)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        langs,
        [&vec!["de".to_owned()]],
        "the English-only paragraph is left out"
    );
    // With one language, no text has variants.
    assert!(matches!(flow.diagrams[5].caption, Variants::Same(_)));
}

#[test]
fn groups_spacing_and_paragraph_styles() {
    let book = kifu_book::parse(
        // Styles are inherited until a heading or `style=normal`;
        // `paraSpacing` until the chapter ends.
        "::chapter(#c)\n\n::h2 Title\n\n::p style=text\nFirst.\n\n::p\nSecond.\n\n\
         ::p style=bullet\n•\tOne <a href=\"javascript:alert(1)\">x</a>\n\n::p\n•\tTwo\n\n\
         ::p style=normal box=1\nBoxed.\n\n::go mv=\"D4 Q16\"\n\n::fig at=1 to=1 width=half\n\n::fig at=2 to=2 width=half\n\n\
         ::p paraSpacing=3\nSpaced.\n\n::p\nStill spaced.\n\n::p style=hanging\n\\t\\tHanging.\n\n\
         ::p style=normal firstIndent=10 hangingIndent=4 rightIndent=5\nIndented.",
    )
    .value;
    let flow = flow_of(&book, &[]);
    let blocks = &flow.sections[0].blocks;
    assert_eq!(
        kinds(blocks),
        [
            "H2",
            "P",
            "P",
            "Bullets[\"P\", \"P\"]",
            "Box[\"P\"]",
            "Row[\"Diagram\", \"Diagram\"]",
            "P",
            "P",
            "P",
            "P"
        ]
    );
    // The text style: no space between paragraphs, the first line indented
    // except right after a heading.
    let (first, second) = (paragraph(&blocks[1]), paragraph(&blocks[2]));
    assert_eq!(first.style, ParagraphStyle::Text);
    assert!(!first.layout.first_line_indent && second.layout.first_line_indent);
    assert_eq!(
        (second.layout.space_before, second.layout.space_after),
        (0, 0)
    );
    // Bullets: the tab ends the bullet; a `javascript:` link is refused.
    let Block::Group(bullets) = &blocks[3] else {
        panic!("bullets")
    };
    assert_eq!(bullets.kind, GroupKind::Bullets);
    let one = same(&paragraph(&bullets.blocks[0]).content);
    assert_eq!(one.bullet_end, Some(1));
    assert_eq!(plain(one), "•\tOne x");
    assert!(matches!(&one.links[..], [Target::Disallowed(_)]));
    // `paraSpacing` holds for the paragraphs that follow.
    assert_eq!(paragraph(&blocks[6]).layout.space_before, 3);
    assert_eq!(paragraph(&blocks[7]).layout.space_after, 3);
    // Two leading tabs of a hanging paragraph: 4 em, tabs left out.
    let hanging = paragraph(&blocks[8]);
    assert_eq!(hanging.layout.style_indent, 4);
    assert_eq!(plain(same(&hanging.content)), "Hanging.");
    let indented = paragraph(&blocks[9]);
    assert_eq!(indented.layout.indents, Some((10, 4)));
    assert_eq!(indented.layout.right_indent, Some(5));
}

#[test]
fn images_are_asked_for_once_and_kept_by_name() {
    let book = kifu_book::parse(
        "::p\n<img url=\"dot.png\"></img> one\n\n::p\n<img url=\"dot.png\"></img> two\n\n::img url=\"gone.jpg\"",
    )
    .value;
    let asked = std::cell::Cell::new(0);
    let flow = Flow::new(
        &book,
        &|name| {
            asked.set(asked.get() + 1);
            (name == "dot.png").then(|| b"png".to_vec())
        },
        &FlowOptions::default(),
    );
    assert_eq!(asked.get(), 2, "dot.png once, gone.jpg once");
    assert_eq!(flow.images.len(), 1);
    let Block::Image(img) = &flow.sections[0].blocks[2] else {
        panic!("image")
    };
    assert_eq!(
        img.source,
        Some(ImageSource::Missing("gone.jpg".to_owned()))
    );
    assert!(
        img.border && img.shadow,
        "JPEG photos get a border and a shadow"
    );
}

#[test]
fn every_block_s_anchor_names_the_element_it_shows() {
    let book = kifu_book::parse(EXAMPLE).value;
    let flow = flow_of(&book, &[]);
    let anchors = flow.anchors();
    assert!(anchors.len() > 20);
    let mut names: Vec<&str> = anchors.iter().map(|(a, _)| *a).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), anchors.len(), "anchors repeat");
    // An element with an ID of its own is named by it, the others by
    // their index.
    let dia2 = anchors.iter().find(|(a, _)| *a == "dia2").expect("#dia2");
    assert_eq!(book.elements()[dia2.1].id(), Some("dia2"));
    for (anchor, element) in &anchors {
        let own = book.elements()[*element].id();
        assert!(
            own == Some(*anchor) || *anchor == format!("e{element}"),
            "{anchor} {element}"
        );
    }
    // In reading order.
    assert!(anchors.windows(2).all(|w| w[0].1 < w[1].1));
}

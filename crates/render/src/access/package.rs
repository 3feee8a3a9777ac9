//! What only the EPUB writer needs: the headings' outline and the
//! package's accessibility metadata computed from the book.

use std::fmt::Write as _;

use kifu_book::model::{DiagramKind, ParagraphKind};
use kifu_book::resolve::ItemKind;

use crate::flow::{Block, Flow, ImageSource};
use crate::markup::esc;

/// The tag of each heading kind in the outline: the levels the book uses,
/// from its highest, without a level skipped (a book of `h2` and `h4`
/// headings gets `h2` and `h3`), as screen readers list headings by level.
pub(crate) struct Outline {
    tags: [&'static str; 5],
}

impl Outline {
    /// The outline of the flow's headings.
    pub(crate) fn of(flow: &Flow<'_>) -> Outline {
        let mut used = [false; 5];
        fn visit(blocks: &[Block], used: &mut [bool; 5]) {
            for block in blocks {
                match block {
                    Block::Paragraph(p) => {
                        if let Some(level) = heading_level(p.kind) {
                            used[level - 1] = true;
                        }
                    }
                    Block::Group(g) => visit(&g.blocks, used),
                    _ => {}
                }
            }
        }
        for section in &flow.sections {
            visit(&section.blocks, &mut used);
        }
        const TAGS: [&str; 5] = ["h1", "h2", "h3", "h4", "h5"];
        let top = used.iter().position(|u| *u).unwrap_or(0);
        let mut tags = TAGS;
        let mut next = top;
        for level in top..5 {
            tags[level] = TAGS[next.min(4)];
            if used[level] {
                next += 1;
            }
        }
        // A level unused sits with the next used one above it.
        for level in top..5 {
            if !used[level] && level > top {
                tags[level] = tags[level - 1];
            }
        }
        Outline { tags }
    }

    /// The tag a paragraph's `tag` becomes (`p` stays `p`).
    pub(crate) fn tag(&self, kind: ParagraphKind, tag: &'static str) -> &'static str {
        heading_level(kind).map_or(tag, |l| self.tags[l - 1])
    }
}

fn heading_level(kind: ParagraphKind) -> Option<usize> {
    match kind {
        ParagraphKind::H1 => Some(1),
        ParagraphKind::H2 => Some(2),
        ParagraphKind::H3 => Some(3),
        ParagraphKind::H4 => Some(4),
        ParagraphKind::H5 => Some(5),
        _ => None,
    }
}

/// What a book holds, for its accessibility metadata.
struct Contents {
    /// Diagrams by kind: figures, diagrams and variations, problems.
    figures: usize,
    diagrams: usize,
    problems: usize,
    /// Images, and of them those with no caption to stand for them.
    images: usize,
    images_without_text: usize,
}

fn contents(flow: &Flow<'_>) -> Contents {
    let mut c = Contents {
        figures: 0,
        diagrams: 0,
        problems: 0,
        images: 0,
        images_without_text: 0,
    };
    for n in 0..flow.diagrams.len() {
        match flow.item(n).kind {
            ItemKind::Diagram(DiagramKind::Fig) => c.figures += 1,
            ItemKind::Diagram(DiagramKind::Prb) => c.problems += 1,
            _ => c.diagrams += 1,
        }
    }
    fn visit(blocks: &[Block], c: &mut Contents) {
        for block in blocks {
            match block {
                Block::Image(img) if matches!(img.source, Some(ImageSource::Local(_))) => {
                    c.images += 1;
                    if img.caption.is_none() {
                        c.images_without_text += 1;
                    }
                }
                Block::Group(g) => visit(&g.blocks, c),
                _ => {}
            }
        }
    }
    for section in &flow.sections {
        visit(&section.blocks, &mut c);
    }
    c
}

fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The package's accessibility metadata (EPUB Accessibility 1.1): access
/// modes, features, hazards, a summary and the conformance claimed, with
/// the author (else the publisher) as who certified it. `interactive`:
/// the chapters run a script to step through figures and answer problems.
pub(crate) fn package_metadata(
    flow: &Flow<'_>,
    certifier: Option<&str>,
    interactive: bool,
) -> String {
    let c = contents(flow);
    let any_diagram = c.figures + c.diagrams + c.problems > 0;
    let mut out = String::new();
    let mut meta = |property: &str, value: &str| {
        let _ = writeln!(out, "<meta property=\"{property}\">{}</meta>", esc(value));
    };
    meta("schema:accessMode", "textual");
    if any_diagram || c.images > 0 {
        meta("schema:accessMode", "visual");
    }
    // Diagrams are described in full; images are sufficient as text only
    // when a caption stands for each.
    if c.images_without_text == 0 {
        meta("schema:accessModeSufficient", "textual");
    }
    if any_diagram || c.images > 0 {
        meta("schema:accessModeSufficient", "textual,visual");
    }
    let mut features = vec![
        "structuralNavigation",
        "tableOfContents",
        "readingOrder",
        "displayTransformability",
        "ARIA",
    ];
    if any_diagram || c.images > c.images_without_text {
        features.push("alternativeText");
    }
    if any_diagram {
        features.push("longDescription");
    }
    for f in features {
        meta("schema:accessibilityFeature", f);
    }
    meta("schema:accessibilityHazard", "none");
    meta("schema:accessibilitySummary", &summary(&c, interactive));
    meta(
        "dcterms:conformsTo",
        "EPUB Accessibility 1.1 - WCAG 2.1 Level AA",
    );
    if let Some(who) = certifier {
        meta("a11y:certifiedBy", who);
    }
    out
}

fn summary(c: &Contents, interactive: bool) -> String {
    let mut kinds = Vec::new();
    for (n, one, many) in [
        (c.figures, "figure", "figures"),
        (c.diagrams, "diagram", "diagrams"),
        (c.problems, "problem", "problems"),
    ] {
        if n > 0 {
            kinds.push(counted(n, one, many));
        }
    }
    let mut s = String::from(
        "Chapters and headings give the structure, the table of contents leads to each chapter, and the text reads in order.",
    );
    if !kinds.is_empty() {
        let _ = write!(
            s,
            " The book has {} of Go positions. Each has a short text alternative and a full description in words after it: \
             the board and the part shown, the stones of each colour in standard coordinates (A1 at the lower left) grouped by corner, side and centre, \
             every move in order with its number and point, the moves not shown as numbered stones, and the letters and marks with their points.",
            kinds.join(", ")
        );
    }
    if c.problems > 0 {
        s.push_str(
            " Problems say whose turn it is and the question; their answers are in an appendix.",
        );
    }
    if interactive && c.figures + c.diagrams + c.problems > 0 {
        s.push_str(
            " Where the reading system runs scripts, figures can be stepped through and problems answered from the keyboard, each move announced.",
        );
    }
    if c.images_without_text > 0 {
        let _ = write!(
            s,
            " {} no text alternative beyond the file's name.",
            counted(c.images_without_text, "image has", "images have")
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flow_of(source: &str) -> (kifu_book::Book, crate::flow::FlowOptions) {
        (
            kifu_book::parse(source).value,
            crate::flow::FlowOptions::default(),
        )
    }

    #[test]
    fn headings_skip_no_level() {
        let (book, options) = flow_of(
            "::chapter(#c)\n\n::h2 Problems\n\n::h4 Problem 1\n\n::h4 Problem 2\n\n::h2 More\n",
        );
        let flow = Flow::new(&book, &|_| None, &options);
        let outline = Outline::of(&flow);
        assert_eq!(outline.tag(ParagraphKind::H2, "h2"), "h2");
        assert_eq!(outline.tag(ParagraphKind::H4, "h4"), "h3");
        assert_eq!(outline.tag(ParagraphKind::P, "p"), "p");
    }

    #[test]
    fn the_summary_counts_what_the_book_holds() {
        let (book, options) = flow_of(
            "::go mv=\"D4 Q16\"\n\n::fig at=1 to=2\n\n::prb base=none sz=9 ab=C3 aw=D3 correct=E3\n",
        );
        let flow = Flow::new(&book, &|_| None, &options);
        let meta = package_metadata(&flow, Some("A. Author"), false);
        assert!(
            meta.contains("1 figure, 1 problem of Go positions"),
            "{meta}"
        );
        assert!(meta.contains("longDescription"), "{meta}");
        assert!(meta.contains("a11y:certifiedBy\">A. Author<"), "{meta}");
        assert!(!meta.contains("from the keyboard"), "{meta}");
    }
}

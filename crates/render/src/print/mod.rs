//! Go books for print: a writer of the book's [`Flow`] as Typst markup
//! (the `.typ` an author can adjust and compile with the Typst CLI), and,
//! behind the `pdf` feature, that markup compiled in process to a
//! print-ready PDF with the fonts bundled in the Typst crates (nothing is
//! read from the system or fetched).
//!
//! The page follows a printed Go book: the spec's heading table (scale,
//! alignment, page breaks, spacing, kept with what follows), paragraph
//! styles and indents, boxes, bullets with their bullets in a column,
//! rich text with Go symbols drawn in the line, links inside the document,
//! a table of contents with page numbers and the PDF outline from the
//! chapters' titles and section headings, running heads with the book's
//! and the chapter's titles. Diagrams are the SVG drawings of
//! [`crate::svg`], as vector graphics, at one board-line spacing for the
//! whole book (narrower only when the column is), never split from their
//! caption and gaps line. Problems link to an answers section at the end.
//!
//! ```
//! let book = kifu_book::parse("::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 One\n\n::go mv=\"D4 Q16\"\n\n::fig at=1 to=2\n\nText.").value;
//! let typ = kifu_render::print::book_to_typst(&book, &|_| None, &Default::default());
//! assert!(typ.source.contains("#kifu-dia("));
//! ```

mod options;
mod source;

#[cfg(feature = "pdf")]
mod compile;
#[cfg(feature = "pdf")]
pub mod fonts;

use kifu_book::Book;

use crate::flow::{Flow, FlowOptions};

#[cfg(feature = "pdf")]
pub use compile::{Pdf, PdfError, typst_to_pdf};
pub use options::{Fonts, Mm, Page, PrintOptions, TypstBook};
pub use source::flow_to_typst;

/// Writes `book` as Typst markup.
///
/// `images` gives the bytes of a local image named in the book, as for
/// the other outputs.
pub fn book_to_typst(
    book: &Book,
    images: &dyn Fn(&str) -> Option<Vec<u8>>,
    options: &PrintOptions,
) -> TypstBook {
    let flow = Flow::new(book, images, &flow_options(book, &options.languages));
    flow_to_typst(&flow, options)
}

/// The flow options print uses: the chosen translations only, the first of
/// them read first. A printed book is read in one language: with none
/// chosen, the book's first ([`crate::flow::main_language`]); `all` (as the only one) chooses them all
/// (each text then printed in every language that says it differently).
///
/// ```
/// let book = kifu_book::parse("::book_de_en(#b) title=\"T\"\n\n::de Hallo.\n\n::en Hello.").value;
/// let one = kifu_render::print::flow_options(&book, &[]);
/// assert_eq!(one.languages, ["de"]);
/// let all = kifu_render::print::flow_options(&book, &["all".to_owned()]);
/// assert!(all.languages.is_empty());
/// ```
pub fn flow_options(book: &Book, languages: &[String]) -> FlowOptions {
    let chosen = match languages {
        [] => vec![crate::flow::main_language(book)],
        [all] if all == ALL_LANGUAGES => Vec::new(),
        list => list.to_vec(),
    };
    FlowOptions {
        languages: chosen.clone(),
        preferred: chosen,
    }
}

/// The language list that chooses every language of a book.
pub const ALL_LANGUAGES: &str = "all";

/// Writes `book` as a PDF.
///
/// # Errors
/// When Typst reports an error compiling the markup (a bug of the writer:
/// the message names the line of the source).
#[cfg(feature = "pdf")]
pub fn book_to_pdf(
    book: &Book,
    images: &dyn Fn(&str) -> Option<Vec<u8>>,
    options: &PrintOptions,
) -> Result<Vec<u8>, PdfError> {
    let flow = Flow::new(book, images, &flow_options(book, &options.languages));
    let mut options = options.clone();
    with_cjk_fonts(&flow, &mut options.fonts);
    typst_to_pdf(&flow_to_typst(&flow, &options)).map(|pdf| pdf.bytes)
}

/// Gives each CJK language of the flow that has no families of its own the
/// system's font for it ([`fonts::cjk_families`]).
#[cfg(feature = "pdf")]
pub fn with_cjk_fonts(flow: &Flow<'_>, fonts: &mut Fonts) {
    let wanted: Vec<String> = flow
        .languages
        .iter()
        .filter(|l| !fonts.by_language.iter().any(|(k, _)| k == *l))
        .cloned()
        .collect();
    fonts.by_language.extend(fonts::cjk_families(&wanted));
}

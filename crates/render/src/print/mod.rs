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

use kifu_book::Book;

use crate::flow::{Flow, FlowOptions};

#[cfg(feature = "pdf")]
pub use compile::{Pdf, PdfError, typst_to_pdf};
pub use options::{Mm, Page, PrintOptions, TypstBook};
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
    let flow = Flow::new(book, images, &flow_options(&options.languages));
    flow_to_typst(&flow, options)
}

/// The flow options print uses: the chosen translations only, the first of
/// them read first.
pub fn flow_options(languages: &[String]) -> FlowOptions {
    FlowOptions {
        languages: languages.to_vec(),
        preferred: languages.to_vec(),
    }
}

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
    let typ = book_to_typst(book, images, options);
    typst_to_pdf(&typ).map(|pdf| pdf.bytes)
}

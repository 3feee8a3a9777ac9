//! Integration tests of kifu-render, one test binary for the crate (each
//! file of its own would link the renderer again; see docs/development.md):
//! - `svg`, `html`, `flow`, `scale`: diagrams, the page, the flow layer,
//!   big books in linear time.
//! - `epub`, `print`: the e-book (with epubcheck) and the Typst book.
//! - `browser`, `epub_browser`: the page and the e-books in headless Chromium.
//! - `trust`: hostile books.
//! - `accessibility`: the e-books by epubcheck and DAISY Ace, diagrams
//!   with their descriptions.

mod accessibility;
mod browser;
mod epub;
mod epub_browser;
mod flow;
mod html;
mod print;
mod scale;
mod svg;
mod trust;

//! Integration tests of kifu-book, one test binary for the crate (see
//! docs/development.md):
//! - `book`, `conventions`, `text`: reading and writing books losslessly.
//! - `diagrams`: every diagram resolved; `describe`: diagrams told in words.
//! - `create`: books made from SGF.
//! - `trust`, `hostile`, `scale`: the checker, hostile books, linear time.

mod book;
mod conventions;
mod create;
mod describe;
mod diagrams;
mod hostile;
mod scale;
mod text;
mod trust;

//! `kifu book GAME.sgf [-o BOOK.gobook|.gobk|.html] [--problems] [--figure-moves N]`:
//! a Go book made from game records (`kifu_book::create`); what the SGF
//! holds that the book does not is said on stderr at its place.

use std::path::Path;

use kifu_book::create::{self, Options};
use kifu_render::flow::{Flow, FlowOptions};
use kifu_render::html::HtmlOptions;

use crate::args::BookArgs;
use crate::document::{book_bytes, read_document};
use crate::error::CliError;
use crate::formats::{self, Format};
use crate::input;
use crate::output;
use crate::report;

/// The book of the games of `collection` read from `path`, as `kifu book`
/// makes it (`kifu render GAME -o PAGE.html` shows this book).
pub(crate) fn make(collection: &kifu_sgf::Collection<'_>, path: &Path) -> create::Created {
    let options = Options {
        title: stem(path),
        ..Options::default()
    };
    create::book(collection, &options)
}

/// The book's title for a collection: the input's file name.
fn stem(path: &Path) -> Option<String> {
    path.file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| *s != "-")
        .map(str::to_owned)
}

pub(crate) fn run(args: &BookArgs) -> Result<u8, CliError> {
    let to = match &args.output {
        Some(out) if !input::is_stdio(out) => match formats::by_extension(out) {
            Some(f @ (Format::Gobook | Format::Gobk | Format::Html)) => f,
            _ => {
                return Err(CliError::usage(format!(
                    "'{}': a book is written as .gobook, .gobk or .html",
                    out.display()
                )));
            }
        },
        _ => Format::Gobook,
    };
    let input = input::read(&args.input)?;
    if formats::of_input(&args.input, &input.bytes).is_book() {
        return Err(CliError::usage(format!(
            "{}: this is a Go book already; `kifu book` makes one from game records",
            input.name
        )));
    }
    let (document, mut outcome) = read_document(&input, &args.input, &args.diagnostics);
    let collection = document.to_collection();
    let options = Options {
        figure_moves: args.figure_moves,
        problems: args.problems,
        title: stem(&args.input),
    };
    let made = create::book(&collection, &options);
    report::render(
        &input.name,
        &input.bytes,
        document.encoding(),
        &made.notes,
        &[],
        &args.diagnostics,
        &mut outcome.stderr,
    );
    let bytes = match to {
        Format::Html => {
            let flow = Flow::new(&made.book, &|_| None, &FlowOptions::default());
            let options = HtmlOptions {
                languages: Vec::new(),
                title: None,
                shared_positions: true,
            };
            kifu_render::html::flow_to_html(&flow, &options).into_bytes()
        }
        _ => book_bytes(
            &made.book,
            to,
            &stem(&args.input).unwrap_or_else(|| "book".into()),
        )
        .map_err(|e| CliError::usage(format!("{}: {e}", input.name)))?,
    };
    drop(collection);
    crate::stdio::eprint(&outcome.stderr);
    let made = output::Made {
        input_path: &args.input,
        original: &input.bytes,
        bytes: &bytes,
        outcome: &outcome,
    };
    output::write_single(&made, args.output.as_deref(), false)
}

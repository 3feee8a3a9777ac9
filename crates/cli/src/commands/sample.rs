//! `kifu sample BOOK -o SAMPLE`: the sample of a book (its `::c
//! sample-start` / `sample-end` / `sample-only` marks).

use crate::args::SampleArgs;
use crate::error::CliError;
use crate::formats::{self, Format};
use crate::{book, input, output, stdio};

pub(crate) fn run(args: &SampleArgs) -> Result<u8, CliError> {
    let input = input::read(&args.input)?;
    let format = formats::of_input(&args.input, &input.bytes);
    let book = book::read(&input, &args.input, format).map_err(CliError::usage)?;
    let outcome = book.outcome(&book.diagnostics, &args.diagnostics);
    stdio::eprint(&outcome.stderr);
    if !kifu_book::sample::has_sample_marks(&book.book) && !args.diagnostics.quiet {
        stdio::eprintln(format_args!(
            "kifu: note: {}: the book marks no sample; the sample is the whole book",
            input.name
        ))
    }
    let to = match formats::by_extension(&args.output) {
        Some(Format::Gobk) => Format::Gobk,
        _ => Format::Gobook,
    };
    let bytes = book::sample(&book, &args.input, to).map_err(CliError::usage)?;
    output::write(Some(&args.output), &bytes)?;
    Ok(outcome.stats.status())
}

//! The subcommands.

mod check;
mod convert;
mod fix;
mod info;
mod render;
mod split;

use std::fmt;

use crate::args::{Cli, Command};

/// A failure that stops a command: bad usage or I/O.
#[derive(Debug)]
pub(crate) struct CliError {
    message: String,
    broken_pipe: bool,
}

impl CliError {
    pub(crate) fn usage(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            broken_pipe: false,
        }
    }

    pub(crate) fn io(name: &str, e: std::io::Error) -> Self {
        CliError {
            message: format!("{name}: {e}"),
            broken_pipe: e.kind() == std::io::ErrorKind::BrokenPipe,
        }
    }

    /// A closed pipe (`kifu info ... | head`) is not a failure.
    pub(crate) fn is_broken_pipe(&self) -> bool {
        self.broken_pipe
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Runs a command; returns the exit status.
pub(crate) fn run(cli: Cli) -> Result<u8, CliError> {
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Fix(args) => fix::run(&args),
        Command::Info(args) => info::run(&args),
        Command::Split(args) => split::split(&args),
        Command::Merge(args) => split::merge(&args),
        Command::Sample(args) => sample(&args),
        Command::Diagrams(args) => diagrams(&args),
        Command::Render(args) => render::run(&args),
    }
}

/// `kifu diagrams BOOK [--format text|json]`
fn diagrams(args: &crate::args::DiagramsArgs) -> Result<u8, CliError> {
    let input = crate::input::read(&args.input)?;
    let format = crate::document::format_of(&args.input);
    let book = crate::book::read(&input, &args.input, format).map_err(CliError::usage)?;
    let resolution = kifu_book::resolve::resolve(&book.book);
    let mut found = book.diagnostics.clone();
    found.extend(resolution.diagnostics.iter().cloned());
    found.sort_by_key(|d| d.span.start);
    let diagnostics_args = crate::args::DiagnosticArgs::short(args.quiet);
    let outcome = book.outcome(&found, &diagnostics_args);
    crate::stdio::eprint(&outcome.stderr);
    let text = match args.format {
        crate::args::ListFormat::Json => {
            let mut s =
                serde_json::to_string_pretty(&kifu_book::listing::to_json(&book.book, &resolution))
                    .unwrap_or_default();
            s.push('\n');
            s
        }
        crate::args::ListFormat::Text => kifu_book::listing::to_text(&book.book, &resolution),
    };
    crate::output::write(None, text.as_bytes())?;
    Ok(crate::batch::status(&outcome.stats))
}

/// `kifu sample BOOK -o SAMPLE`
fn sample(args: &crate::args::SampleArgs) -> Result<u8, CliError> {
    use crate::args::Format;
    let input = crate::input::read(&args.input)?;
    let format = crate::document::format_of(&args.input);
    let book = crate::book::read(&input, &args.input, format).map_err(CliError::usage)?;
    let outcome = book.outcome(&book.diagnostics, &args.diagnostics);
    crate::stdio::eprint(&outcome.stderr);
    if !kifu_book::sample::has_sample_marks(&book.book) && !args.diagnostics.quiet {
        crate::stdio::eprintln(format_args!(
            "kifu: note: {}: the book marks no sample; the sample is the whole book",
            input.name
        ))
    }
    let to = match crate::document::format_of(&args.output) {
        Some(Format::Gobk) => Format::Gobk,
        _ => Format::Gobook,
    };
    let bytes = crate::book::sample(&book, &args.input, to).map_err(CliError::usage)?;
    crate::output::write(Some(&args.output), &bytes)?;
    Ok(crate::batch::status(&outcome.stats))
}

/// Reads one input as the format its path names (or its content says),
/// counting and rendering what was found: the start of every command.
pub(crate) fn read_document<'i>(
    input: &'i crate::input::Input,
    path: &std::path::Path,
    diagnostics_args: &crate::args::DiagnosticArgs,
) -> (crate::document::Document<'i>, crate::batch::Outcome) {
    read_and_check(input, path, diagnostics_args, false)
}

/// As [`read_document`], with the checks of values and structure when
/// `checks` is set (SGF: `kifu_sgf::check`).
pub(crate) fn read_and_check<'i>(
    input: &'i crate::input::Input,
    path: &std::path::Path,
    diagnostics_args: &crate::args::DiagnosticArgs,
    checks: bool,
) -> (crate::document::Document<'i>, crate::batch::Outcome) {
    read_and_check_at(
        input,
        path,
        diagnostics_args,
        checks,
        crate::report::Origin::default(),
    )
}

/// As [`read_and_check`], for bytes that stand at `origin` in what was read
/// (a game of a stream).
pub(crate) fn read_and_check_at<'i>(
    input: &'i crate::input::Input,
    path: &std::path::Path,
    diagnostics_args: &crate::args::DiagnosticArgs,
    checks: bool,
    origin: crate::report::Origin,
) -> (crate::document::Document<'i>, crate::batch::Outcome) {
    let (document, mut diagnostics) =
        crate::document::Document::read(&input.bytes, crate::document::format_of(path));
    if checks && let crate::document::Document::Sgf(collection) = &document {
        kifu_sgf::check::settle_reader_severities(collection, &mut diagnostics);
        diagnostics.extend(kifu_sgf::check::check(collection));
        diagnostics.sort_by_key(|d| d.span.start);
    }
    let collection = document.to_collection();
    let mut outcome = crate::batch::Outcome {
        stats: crate::batch::Stats {
            files: 1,
            bytes: input.bytes.len(),
            games: collection.len(),
            nodes: collection.node_count(),
            ..crate::batch::Stats::default()
        },
        ..crate::batch::Outcome::default()
    };
    outcome.nothing_read = collection.is_empty() && holds_text(&input.bytes);
    drop(collection);
    outcome.stats.count_reported(&diagnostics, diagnostics_args);
    let advice = match &document {
        crate::document::Document::Sgf(collection) if checks && !diagnostics.is_empty() => {
            crate::report::advice_for_sgf(&input.bytes, collection, &diagnostics, diagnostics_args)
        }
        _ => crate::report::advice_from_table(&diagnostics),
    };
    crate::report::render_advised_at(
        &input.name,
        &input.bytes,
        origin,
        document.encoding(),
        &diagnostics,
        &advice,
        diagnostics_args,
        &mut outcome.stderr,
    );
    (document, outcome)
}

/// Whether `bytes` hold more than white space: text from which no game was
/// read is text an output made from it would lose.
pub(crate) fn holds_text(bytes: &[u8]) -> bool {
    !bytes.trim_ascii().is_empty()
}

/// What stdin holds for a command that reads games.
pub(crate) enum StdinGames {
    /// SGF: read game by game, holding one game at a time, however long
    /// the stream.
    Stream(kifu_sgf::stream::GameStream<std::io::BufReader<std::io::Stdin>>),
    /// XML, or UTF-16 text, which cannot be split on its bytes: read whole.
    Whole(crate::input::Input),
}

impl StdinGames {
    /// Looks at the start of stdin (without taking it) to tell which.
    pub(crate) fn open() -> Result<StdinGames, CliError> {
        use std::io::{BufRead, Read};
        let mut reader = std::io::BufReader::new(std::io::stdin());
        let head = reader.fill_buf().map_err(|e| CliError::io("<stdin>", e))?;
        let start = head.trim_ascii_start();
        let whole = start.starts_with(b"<")
            || head.starts_with(b"\xFF\xFE")
            || head.starts_with(b"\xFE\xFF")
            || (head.len() > 1 && head[..2].contains(&0));
        if !whole {
            return Ok(StdinGames::Stream(kifu_sgf::stream::GameStream::new(
                reader,
            )));
        }
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::io("<stdin>", e))?;
        Ok(StdinGames::Whole(crate::input::Input {
            name: "<stdin>".to_owned(),
            bytes,
        }))
    }
}

/// Runs `each` over the games of a stream on stdin, one at a time, printing
/// what it returns as it goes; `each` gets the game as an input named
/// `<stdin>`, its number in the stream (from 1) and its place there.
/// Returns the totals, the stream counted as one file.
pub(crate) fn for_each_streamed_game(
    mut stream: kifu_sgf::stream::GameStream<std::io::BufReader<std::io::Stdin>>,
    mut each: impl FnMut(&crate::input::Input, usize, crate::report::Origin) -> crate::batch::Outcome,
) -> Result<crate::batch::Stats, CliError> {
    let mut total = crate::batch::Stats::default();
    let mut number = 0;
    while let Some(bytes) = stream.next_game().map_err(|e| CliError::io("<stdin>", e))? {
        number += 1;
        let position = stream.position();
        let origin = crate::report::Origin {
            offset: position.offset,
            line: position.line,
            column: position.column,
        };
        let input = crate::input::Input {
            name: "<stdin>".to_owned(),
            bytes,
        };
        let outcome = each(&input, number, origin);
        total.add(&outcome.stats);
        crate::stdio::eprint(&outcome.stderr);
        match crate::stdio::print(&outcome.stdout) {
            Ok(()) => {}
            // A closed pipe (`kifu info - | head`) ends the stream quietly.
            Err(e) if e.is_broken_pipe() => break,
            Err(e) => return Err(e),
        }
    }
    total.files = 1;
    Ok(total)
}

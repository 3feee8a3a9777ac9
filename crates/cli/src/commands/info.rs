//! `kifu info FILE|DIR|GLOB... [--format line|json|csv] [--where EXPR]`:
//! one record per game.

use std::fmt::Write as _;

use crate::args::{DiagnosticArgs, InfoArgs, InfoFormat};
use crate::batch::{self, for_each_streamed_game};
use crate::document::read_and_check_at;
use crate::error::CliError;
use crate::formats;
use crate::input::{self, Job, StdinGames};
use crate::outcome::Outcome;
use crate::query::{FIELDS, Filter, Record};
use crate::report::Origin;

pub(crate) fn run(args: &InfoArgs) -> Result<u8, CliError> {
    let filter = match &args.filter {
        Some(text) => {
            Some(Filter::parse(text).map_err(|e| CliError::usage(format!("--where: {e}")))?)
        }
        None => None,
    };
    let inputs = batch::Inputs::new(&args.files, &formats::documents(), args.quiet);
    if args.format == InfoFormat::Csv {
        crate::stdio::print(format!("{}\n", FIELDS.join(",")).as_bytes())?;
    }
    if let Some(job) = inputs.single_file().filter(|j| input::is_stdio(&j.path)) {
        let start = std::time::Instant::now();
        let stats = match StdinGames::open()? {
            StdinGames::Stream(stream) => {
                for_each_streamed_game(stream, |input, number, origin| {
                    info_of(
                        input,
                        &job.path,
                        args,
                        filter.as_ref(),
                        Some((number, origin)),
                    )
                })?
            }
            StdinGames::Whole(input) => {
                let outcome = info_of(&input, &job.path, args, filter.as_ref(), None);
                crate::stdio::eprint(&outcome.stderr);
                crate::stdio::print(&outcome.stdout)?;
                outcome.stats
            }
        };
        if args.stats {
            batch::print_summary(&stats, start);
        }
        return Ok(stats.status());
    }
    let stats = batch::run(&inputs, args.quiet, args.stats, |job| {
        info_one(job, args, filter.as_ref())
    });
    Ok(stats.status())
}

fn info_one(job: &Job, args: &InfoArgs, filter: Option<&Filter>) -> Outcome {
    match input::read(&job.path) {
        Ok(input) => info_of(&input, &job.path, args, filter, None),
        Err(e) => Outcome::failed(e.to_string()),
    }
}

/// The records of the games of `input` (read from `path`); `stream`: the
/// number of its first game in a stream, and its place there.
fn info_of(
    input: &input::Input,
    path: &std::path::Path,
    args: &InfoArgs,
    filter: Option<&Filter>,
    stream: Option<(usize, Origin)>,
) -> Outcome {
    let diagnostics_args = DiagnosticArgs::short(args.quiet);
    let format = formats::of_input(path, &input.bytes);
    if format.is_book() {
        let book = match crate::book::read(input, path, format) {
            Ok(book) => book,
            Err(e) => return Outcome::failed(e),
        };
        let mut outcome = book.outcome(&book.diagnostics, &diagnostics_args);
        match args.format {
            // A filter selects games: books have none.
            _ if filter.is_some() => {}
            InfoFormat::Csv => outcome.stderr.push_str(&format!(
                "kifu: note: {}: a Go book has no CSV record (use --format line or json)\n",
                book.name
            )),
            InfoFormat::Line => {
                let line = crate::book::info(&book, false);
                outcome.stdout = crate::stdio::visible(&line).into_owned().into_bytes();
            }
            InfoFormat::Json => outcome.stdout = crate::book::info(&book, true).into_bytes(),
        }
        return outcome;
    }
    let origin = stream.map_or(Origin::default(), |(_, origin)| origin);
    let (document, mut outcome) = read_and_check_at(input, path, &diagnostics_args, false, origin);
    let collection = document.to_collection();
    let many = collection.len() > 1 || stream.is_some();
    let mut text = String::new();
    for game in collection.games() {
        let number = stream.map_or(1, |(first, _)| first) + game.index();
        let record = record(&input.name, number, &game);
        if filter.is_some_and(|f| !f.matches(&record)) {
            continue;
        }
        match args.format {
            InfoFormat::Line => {
                let name = if many {
                    format!("{}#{number}", input.name)
                } else {
                    input.name.clone()
                };
                // Read on a terminal: the game's text is shown, never sent
                // as terminal controls.
                let line = describe(&game);
                let _ = writeln!(text, "{name}: {}", crate::stdio::visible(&line));
            }
            InfoFormat::Json => {
                let object: serde_json::Map<String, serde_json::Value> = FIELDS
                    .iter()
                    .zip(&record.0)
                    .map(|(f, v)| {
                        let value = match *f {
                            "game" | "moves" | "variations" => v
                                .parse::<u64>()
                                .map_or_else(|_| v.clone().into(), serde_json::Value::from),
                            _ => v.clone().into(),
                        };
                        ((*f).to_owned(), value)
                    })
                    .collect();
                let json = serde_json::Value::Object(object).to_string();
                let _ = writeln!(text, "{}", escape_c1(&json));
            }
            InfoFormat::Csv => {
                let cells: Vec<String> = record.0.iter().map(|v| csv_cell(v)).collect();
                let _ = writeln!(text, "{}", cells.join(","));
            }
        }
    }
    outcome.stdout = text.into_bytes();
    outcome
}

/// JSON with the C1 control characters (U+0080 to U+009F, which some
/// terminals obey as escape sequences) written as `\u` escapes, as
/// serde_json writes the C0 ones: the same JSON, safe to print.
fn escape_c1(json: &str) -> std::borrow::Cow<'_, str> {
    if !json.contains(|c: char| ('\u{80}'..='\u{9f}').contains(&c)) {
        return std::borrow::Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    for c in json.chars() {
        if ('\u{80}'..='\u{9f}').contains(&c) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A CSV cell. A value a spreadsheet would take for a formula (`=`, `+`,
/// `-`, `@`, tab or carriage return first: `=HYPERLINK(...)` in a player's
/// name) gets a `'` before it, as OWASP advises for CSV exports, unless it
/// is a number (a komi of -6.5 stays a number).
fn csv_cell(value: &str) -> String {
    // Control characters are shown, not sent, as in the other forms.
    let value = &*crate::stdio::visible(value);
    let formula =
        value.starts_with(['=', '+', '-', '@', '\t', '\r']) && value.parse::<f64>().is_err();
    let value = if formula {
        std::borrow::Cow::Owned(format!("'{value}"))
    } else {
        std::borrow::Cow::Borrowed(value)
    };
    if value.contains([',', '"', '\n', '\r']) || formula {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.into_owned()
    }
}

/// The fields of a game, in [`FIELDS`] order.
fn record(file: &str, number: usize, game: &kifu_sgf::Game<'_, '_>) -> Record {
    let info = game.info();
    let size = game.board_size();
    let opt = |v: &Option<String>| v.clone().unwrap_or_default();
    let fields = FIELDS
        .iter()
        .map(|f| match *f {
            "file" => file.to_owned(),
            "game" => number.to_string(),
            "PB" => opt(&info.black),
            "BR" => opt(&info.black_rank),
            "PW" => opt(&info.white),
            "WR" => opt(&info.white_rank),
            "RE" => info
                .result
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default(),
            "DT" => kifu_sgf::game_info::format_dates(&info.dates),
            "KM" => opt(&info.komi_raw),
            "HA" => info.handicap.map(|h| h.to_string()).unwrap_or_default(),
            "SZ" => {
                if size.is_square() {
                    size.cols.to_string()
                } else {
                    format!("{}:{}", size.cols, size.rows)
                }
            }
            "RU" => opt(&info.rules),
            "EV" => opt(&info.event),
            "RO" => opt(&info.round),
            "PC" => opt(&info.place),
            "GN" => opt(&info.name),
            "moves" => game.main_line_moves().to_string(),
            "variations" => game.variation_count().to_string(),
            _ => String::new(),
        })
        .collect();
    Record(fields)
}

fn player(name: Option<&str>, rank: Option<&str>) -> String {
    let name = name.filter(|n| !n.trim().is_empty()).unwrap_or("?");
    match rank.filter(|r| !r.trim().is_empty()) {
        Some(rank) => format!("{name} ({rank})"),
        None => name.to_owned(),
    }
}

/// `Black (rank) vs White (rank), result, date, size, moves, variations`.
pub(crate) fn describe(game: &kifu_sgf::Game<'_, '_>) -> String {
    let info = game.info();
    let size = game.board_size();
    let size = if size.is_square() {
        format!("{}x{}", size.cols, size.cols)
    } else {
        format!("{}x{}", size.cols, size.rows)
    };
    let result = info
        .result
        .as_ref()
        .map_or_else(|| "?".to_owned(), |r| r.to_string());
    let date = if info.dates.is_empty() {
        "-".to_owned()
    } else {
        kifu_sgf::game_info::format_dates(&info.dates)
    };
    format!(
        "{} vs {}, {result}, {date}, {size}, {}, {}",
        player(info.black.as_deref(), info.black_rank.as_deref()),
        player(info.white.as_deref(), info.white_rank.as_deref()),
        count(game.main_line_moves(), "move"),
        count(game.variation_count(), "variation"),
    )
}

/// `1 move`, `2 moves`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

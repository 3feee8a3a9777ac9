//! `kifu info FILE...`: one line per game.

use std::io::Write;

use crate::args::InfoArgs;
use crate::commands::{CliError, status};
use crate::{input, report};

pub(crate) fn run(args: &InfoArgs) -> Result<u8, CliError> {
    let mut errors = false;
    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for path in &args.files {
        let input = match input::read(path) {
            Ok(input) => input,
            Err(e) => {
                eprintln!("kifu: {e}");
                failed = true;
                continue;
            }
        };
        let (document, diagnostics) =
            crate::document::Document::read(&input.bytes, crate::document::format_of(path));
        errors |= report::emit(
            &input.name,
            &input.bytes,
            document.encoding(),
            &diagnostics,
            &args.diagnostics,
        );
        let collection = document.to_collection();
        let many = collection.len() > 1;
        for game in collection.games() {
            let name = if many {
                format!("{}#{}", input.name, game.index() + 1)
            } else {
                input.name.clone()
            };
            writeln!(out, "{name}: {}", describe(&game))
                .map_err(|e| CliError::io("<stdout>", e))?;
        }
    }
    Ok(if failed {
        crate::EXIT_FAILURE
    } else {
        status(errors)
    })
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
        "{} vs {}, {result}, {date}, {size}, {} moves, {} variations",
        player(info.black.as_deref(), info.black_rank.as_deref()),
        player(info.white.as_deref(), info.white_rank.as_deref()),
        game.main_line_moves(),
        game.variation_count(),
    )
}

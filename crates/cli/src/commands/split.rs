//! `kifu split` and `kifu merge`: collections to files and back.
//!
//! Both keep each game's bytes as they were read (layout, charset and
//! all); `merge --normalize` rewrites them in the canonical layout.

use std::collections::HashSet;
use std::io::Read;
use std::path::Path;

use kifu_sgf::stream::GameStream;

use crate::args::{MergeArgs, SplitArgs};
use crate::batch;
use crate::error::CliError;
use crate::formats::Format;
use crate::{input, output};

/// Characters that cannot stand in a file name on common systems.
fn file_safe(text: &str) -> String {
    let cleaned: String = text
        .trim()
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '_'
            } else {
                c
            }
        })
        .collect();
    cleaned.trim_matches('.').to_owned()
}

/// The longest name made from a game's information, in bytes.
const MAX_NAME_BYTES: usize = 200;

/// The file name for a game from the pattern.
fn file_name(pattern: &str, stem: &str, number: usize, game: &kifu_sgf::Game<'_, '_>) -> String {
    let mut out = String::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let key = &rest[open + 1..open + close];
        let value = match key {
            "N" => format!("{number:04}"),
            "name" => stem.to_owned(),
            id => game
                .root()
                .simple_text(id)
                .or_else(|| game.nodes().find_map(|n| n.simple_text(id)))
                .map(|v| v.into_owned())
                .unwrap_or_default(),
        };
        out.push_str(&file_safe(&value));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    let mut name = file_safe(&out);
    // File systems take names of up to 255 bytes; room is left for `-N.sgf`.
    if name.len() > MAX_NAME_BYTES {
        let mut end = MAX_NAME_BYTES;
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        name.truncate(end);
    }
    if name.is_empty() {
        format!("game-{number:04}")
    } else {
        name
    }
}

pub(crate) fn split(args: &SplitArgs) -> Result<u8, CliError> {
    let reader: Box<dyn Read> = if input::is_stdio(&args.input) {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(&args.input)
                .map_err(|e| CliError::io(&args.input.display().to_string(), e))?,
        )
    };
    let stem = if input::is_stdio(&args.input) {
        "stdin".to_owned()
    } else {
        args.input
            .file_stem()
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned())
    };
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| CliError::io(&args.out_dir.display().to_string(), e))?;
    let mut used: HashSet<String> = HashSet::new();
    let (mut games, mut errors, mut failed) = (0usize, 0usize, 0usize);
    for game_bytes in GameStream::new(std::io::BufReader::new(reader)) {
        let game_bytes = game_bytes.map_err(|e| CliError::io(&stem, e))?;
        let parsed = kifu_sgf::parse(&game_bytes);
        let Some(game) = parsed.value.game(0) else {
            if !args.quiet {
                crate::stdio::eprintln(format_args!(
                    "kifu: note: {stem}: text in parentheses that holds no game skipped"
                ));
            }
            continue;
        };
        games += 1;
        errors += parsed.diagnostics.iter().filter(|d| d.is_error()).count();
        let base = file_name(&args.name, &stem, games, &game);
        let sgf = Format::Sgf.extension();
        let mut name = format!("{base}.{sgf}");
        let mut k = 2;
        while !used.insert(name.clone()) || args.out_dir.join(&name).exists() {
            name = format!("{base}-{k}.{sgf}");
            k += 1;
        }
        let mut bytes = game_bytes;
        bytes.push(b'\n');
        // One game that cannot be written (a name the file system refuses)
        // does not stop the others.
        if let Err(e) = output::write(Some(&args.out_dir.join(&name)), &bytes) {
            crate::stdio::eprintln(format_args!("kifu: game {games}: {e}"));
            failed += 1;
        }
    }
    if !args.quiet {
        crate::stdio::eprintln(format_args!(
            "{} games written to {}{}",
            games - failed,
            args.out_dir.display(),
            if failed > 0 {
                format!(", {failed} failed")
            } else {
                String::new()
            }
        ));
    }
    Ok(if failed > 0 {
        crate::error::EXIT_FAILURE
    } else if errors > 0 {
        crate::error::EXIT_ERRORS
    } else {
        crate::error::EXIT_CLEAN
    })
}

pub(crate) fn merge(args: &MergeArgs) -> Result<u8, CliError> {
    let inputs = batch::Inputs::new(&args.inputs, Format::Sgf.extensions(), args.quiet);
    let (mut files, mut games, mut errors) = (0usize, 0usize, 0usize);
    let output_name = args.output.display().to_string();
    // Written as the inputs are read: memory holds one input at a time.
    output::write_with(Some(&args.output), |out| {
        let io = |e| CliError::io(&output_name, e);
        for job in inputs.jobs() {
            if output::same_file(&job.path, &args.output) {
                // The collection of an earlier merge into the same folder: it
                // is being replaced, so it is not merged into itself.
                continue;
            }
            files += 1;
            let path: &Path = &job.path;
            if !args.normalize {
                // As read: each game's own bytes, one per line, streamed
                // game by game (an input of any size).
                let name = crate::stdio::visible(&path.display().to_string()).into_owned();
                let file = std::fs::File::open(path).map_err(|e| CliError::io(&name, e))?;
                let mut stream = GameStream::new(std::io::BufReader::new(file));
                while let Some(game) = stream.next_game().map_err(|e| CliError::io(&name, e))? {
                    errors += kifu_sgf::parse(&game)
                        .diagnostics
                        .iter()
                        .filter(|d| d.is_error())
                        .count();
                    out.write_all(&game).map_err(io)?;
                    out.write_all(b"\n").map_err(io)?;
                    games += 1;
                }
                continue;
            }
            let input = input::read(path)?;
            let parsed = kifu_sgf::parse(&input.bytes);
            errors += parsed.diagnostics.iter().filter(|d| d.is_error()).count();
            out.write_all(&kifu_sgf::write::normalized(&parsed.value))
                .map_err(io)?;
            games += parsed.value.len();
        }
        Ok(())
    })?;
    inputs.print_notes(&indicatif::ProgressBar::hidden());
    if inputs.failures() > 0 {
        return Ok(crate::error::EXIT_FAILURE);
    }
    if !args.quiet {
        crate::stdio::eprintln(format_args!(
            "{games} games from {files} files written to {}",
            args.output.display()
        ))
    }
    Ok(if errors > 0 {
        crate::error::EXIT_ERRORS
    } else {
        crate::error::EXIT_CLEAN
    })
}

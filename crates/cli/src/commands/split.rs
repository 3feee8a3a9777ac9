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
use crate::document::{Conversion, Document};
use crate::error::CliError;
use crate::formats::{self, Format};
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

/// How many bytes are looked at to tell an input's format by its content.
const SNIFF_BYTES: u64 = 4096;

/// `reader` as SGF: as it is when it is SGF (streamed, read once), a
/// game record of another format converted (Go XML, GIB, NGF, UGF: read
/// whole), and a usage error for a book, which holds no collection to
/// split or merge.
fn as_sgf(mut reader: Box<dyn Read>, path: &Path, name: &str) -> Result<Box<dyn Read>, CliError> {
    let mut head = Vec::new();
    (&mut reader)
        .take(SNIFF_BYTES)
        .read_to_end(&mut head)
        .map_err(|e| CliError::io(name, e))?;
    let format = formats::of_input(path, &head);
    game_record(format, name)?;
    if format == Format::Sgf {
        return Ok(Box::new(std::io::Cursor::new(head).chain(reader)));
    }
    reader
        .read_to_end(&mut head)
        .map_err(|e| CliError::io(name, e))?;
    let (document, _) = Document::read(&head, format);
    let sgf = document
        .write(&head, Format::Sgf, &Conversion::default())
        .unwrap_or_default();
    Ok(Box::new(std::io::Cursor::new(sgf)))
}

/// Ok for the formats of game records, a usage error naming them for the
/// rest (books, renderings).
fn game_record(format: Format, name: &str) -> Result<(), CliError> {
    if matches!(
        format,
        Format::Sgf | Format::Xml | Format::Gib | Format::Ngf | Format::Ugf
    ) {
        return Ok(());
    }
    Err(CliError::usage(format!(
        "{name}: {} is not a game record; split and merge take SGF, Go XML, GIB, NGF and UGF",
        if format.is_book() {
            "a Go book"
        } else {
            format.name()
        }
    )))
}

pub(crate) fn split(args: &SplitArgs) -> Result<u8, CliError> {
    let name = crate::stdio::visible(&args.input.display().to_string()).into_owned();
    let reader: Box<dyn Read> = if input::is_stdio(&args.input) {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(&args.input).map_err(|e| CliError::io(&name, e))?)
    };
    let reader = as_sgf(reader, &args.input, &name)?;
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
    let (mut files, mut games, mut errors, mut refused) = (0usize, 0usize, 0usize, 0usize);
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
            let name = crate::stdio::visible(&path.display().to_string()).into_owned();
            if !args.normalize {
                // As read: each game's own bytes, one per line, streamed
                // game by game (an input of any size).
                let file = std::fs::File::open(path).map_err(|e| CliError::io(&name, e))?;
                let reader = match as_sgf(Box::new(file), path, &name) {
                    Ok(reader) => reader,
                    Err(e) => {
                        crate::stdio::eprintln(format_args!("kifu: {e}"));
                        refused += 1;
                        continue;
                    }
                };
                let mut stream = GameStream::new(std::io::BufReader::new(reader));
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
            let format = formats::of_input(path, &input.bytes);
            if let Err(e) = game_record(format, &name) {
                crate::stdio::eprintln(format_args!("kifu: {e}"));
                refused += 1;
                continue;
            }
            let (document, diagnostics) = Document::read(&input.bytes, format);
            errors += diagnostics.iter().filter(|d| d.is_error()).count();
            let collection = document.to_collection();
            out.write_all(&kifu_sgf::write::normalized(&collection))
                .map_err(io)?;
            games += collection.len();
        }
        Ok(())
    })?;
    inputs.print_notes(&indicatif::ProgressBar::hidden());
    if inputs.failures() > 0 || refused > 0 {
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

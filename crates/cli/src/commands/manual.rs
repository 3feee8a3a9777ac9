//! `kifu completions SHELL` and `kifu man [--out-dir DIR]`: the shell
//! completion scripts and the manual pages, generated from the same clap
//! definition as `--help` (`args::Cli`), so that neither can fall behind
//! the commands.

use std::path::Path;

use clap::CommandFactory;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, roman};

use crate::args::{self, Cli, CompletionsArgs, ManArgs};
use crate::error::{CliError, EXIT_CLEAN};
use crate::output;

pub(crate) fn completions(args: &CompletionsArgs) -> Result<u8, CliError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "kifu", &mut script);
    output::write(None, &script)?;
    Ok(EXIT_CLEAN)
}

pub(crate) fn man(args: &ManArgs) -> Result<u8, CliError> {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    let Some(dir) = &args.out_dir else {
        output::write(None, &page(&command, true)?)?;
        return Ok(EXIT_CLEAN);
    };
    std::fs::create_dir_all(dir).map_err(|e| CliError::io(&dir.display().to_string(), e))?;
    write_page(dir, &command, true)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_page(dir, sub, false)?;
    }
    Ok(EXIT_CLEAN)
}

fn write_page(dir: &Path, command: &clap::Command, top: bool) -> Result<(), CliError> {
    let man = Man::new(command.clone());
    output::write(Some(&dir.join(man.get_filename())), &page(command, top)?)
}

/// One page: clap_mangen's sections, but the description written here so
/// that its indented lines (the jobs and formats of `kifu --help`) stay
/// lines, and the sections every kifu page shares.
fn page(command: &clap::Command, top: bool) -> Result<Vec<u8>, CliError> {
    let man = Man::new(command.clone())
        .manual("kifu manual")
        .source(concat!("kifu ", env!("CARGO_PKG_VERSION")));
    let mut out = Vec::new();
    let io = |e| CliError::io("<manual page>", e);
    man.render_title(&mut out).map_err(io)?;
    man.render_name_section(&mut out).map_err(io)?;
    man.render_synopsis_section(&mut out).map_err(io)?;
    let mut roff = Roff::default();
    roff.control("SH", ["DESCRIPTION"]);
    let about = command.get_long_about().or_else(|| command.get_about());
    description(&mut roff, &about.map(|a| a.to_string()).unwrap_or_default());
    roff.to_writer(&mut out).map_err(io)?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out).map_err(io)?;
    }
    if command.has_subcommands() {
        man.render_subcommands_section(&mut out).map_err(io)?;
    }
    let mut roff = Roff::default();
    for (heading, text) in [
        ("DIAGNOSTICS", args::DIAGNOSTICS),
        ("EXIT STATUS", args::EXIT_STATUS),
        ("NOTES", args::OUTPUTS),
    ] {
        roff.control("SH", [heading]).text([roman(text)]);
    }
    roff.control("SH", ["SEE ALSO"]);
    let see_also = if top {
        "kifu-COMMAND(1) for each command (kifu man --out-dir DIR writes them); the guides in docs/README.md of kifu's repository."
    } else {
        "kifu(1); the guides in docs/README.md of kifu's repository."
    };
    roff.text([roman(see_also)]);
    roff.to_writer(&mut out).map_err(io)?;
    if command.get_version().is_some() {
        man.render_version_section(&mut out).map_err(io)?;
    }
    Ok(once_defined(&out))
}

/// The page with the string definition that roff writes before each part
/// (`Aq`, the apostrophe) kept before the first only.
fn once_defined(page: &[u8]) -> Vec<u8> {
    let mut preamble = Vec::new();
    Roff::default().to_writer(&mut preamble).ok();
    let mut out = preamble.clone();
    let mut rest = page;
    while !rest.is_empty() {
        if rest.starts_with(&preamble) && !preamble.is_empty() {
            rest = &rest[preamble.len()..];
        } else {
            let line = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1);
            out.extend_from_slice(&rest[..line]);
            rest = &rest[line..];
        }
    }
    out
}

/// Paragraphs (blank lines between them) are filled; a paragraph whose
/// lines are indented is a table, its lines kept as they are.
fn description(roff: &mut Roff, text: &str) {
    for paragraph in text.split("\n\n") {
        let lines: Vec<&str> = paragraph.lines().collect();
        let Some((first, rest)) = lines.split_first() else {
            continue;
        };
        roff.control("PP", []);
        if rest.iter().all(|l| l.starts_with(' ')) && !rest.is_empty() {
            roff.text([roman(*first)]);
            roff.control("nf", []).control("RS", ["2"]);
            for line in rest {
                roff.text([roman(line.strip_prefix("  ").unwrap_or(line))]);
            }
            roff.control("RE", []).control("fi", []);
        } else {
            roff.text([roman(paragraph.replace('\n', " "))]);
        }
    }
}

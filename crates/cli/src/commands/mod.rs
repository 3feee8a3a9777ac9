//! The subcommands, one module each (`split` holds `split` and `merge`),
//! and `run`, which hands the command line to the one named. A command
//! uses the shared modules, never another command.

mod check;
mod convert;
mod create;
mod diagrams;
mod fix;
mod info;
mod lsp;
mod manual;
mod render;
mod sample;
mod serve;
mod split;

use crate::args::{Cli, Command};
use crate::error::CliError;

/// Runs a command; returns the exit status.
pub(crate) fn run(cli: Cli) -> Result<u8, CliError> {
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Fix(args) => fix::run(&args),
        Command::Info(args) => info::run(&args),
        Command::Split(args) => split::split(&args),
        Command::Merge(args) => split::merge(&args),
        Command::Sample(args) => sample::run(&args),
        Command::Diagrams(args) => diagrams::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Book(args) => create::run(&args),
        Command::Completions(args) => manual::completions(&args),
        Command::Man(args) => manual::man(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Lsp(args) => lsp::run(&args),
    }
}

//! The subcommands.

mod check;
mod convert;
mod info;
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
        Command::Info(args) => info::run(&args),
        Command::Split(args) => split::split(&args),
        Command::Merge(args) => split::merge(&args),
    }
}

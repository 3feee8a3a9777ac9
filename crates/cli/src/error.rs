//! How a command ends: the exit statuses, and the error that stops a
//! command (bad usage or I/O). The bottom of the CLI's modules: every other
//! one may use it, it uses none.

use std::fmt;

/// Exit status: the file(s) were fine.
pub(crate) const EXIT_CLEAN: u8 = 0;
/// Exit status: errors were found in the input.
pub(crate) const EXIT_ERRORS: u8 = 1;
/// Exit status: bad usage, or a file could not be read or written.
pub(crate) const EXIT_FAILURE: u8 = 2;

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

//! `kifu`: check, convert and inspect Go game records.
//!
//! The binary is thin on purpose: argument parsing, file handling and
//! output live here, everything about the formats in the library crates.

// Doc comments here are `--help` text (clap), where `FF[4]` must read as
// written, not as a rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]
// Every write to the standard streams goes through `stdio`, which neither
// panics on an unwritable stream nor loses a failed write unseen.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod args;
mod batch;
mod book;
mod commands;
mod document;
mod error;
mod formats;
mod input;
mod outcome;
mod output;
mod query;
mod report;
mod stdio;

#[cfg(test)]
mod readme_tests;

use std::process::ExitCode;

use clap::Parser;

use error::{EXIT_CLEAN, EXIT_FAILURE};

fn main() -> ExitCode {
    let args = match args::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let code = if e.use_stderr() {
                EXIT_FAILURE
            } else {
                EXIT_CLEAN
            };
            // Help printed to a full disk is a failure too.
            let printed = e.print().is_ok();
            return ExitCode::from(if printed { code } else { EXIT_FAILURE });
        }
    };
    let status = match commands::run(args).and_then(|status| stdio::print(b"").map(|()| status)) {
        Ok(status) => status,
        Err(e) if e.is_broken_pipe() => EXIT_CLEAN,
        Err(e) => {
            stdio::eprintln(format_args!("kifu: {e}"));
            EXIT_FAILURE
        }
    };
    // Whatever could not be said on stderr is a failure too.
    if stdio::stderr_failed() {
        return ExitCode::from(EXIT_FAILURE);
    }
    ExitCode::from(status)
}

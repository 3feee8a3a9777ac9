//! Integration tests of the `kifu` binary, one test binary for the crate
//! (each file of its own would link again; see docs/development.md). Each
//! module runs the real binary in temporary directories:
//! - `cli`: the command line contract (formats, stdin/stdout, exit status).
//! - `check_reports`, `codes`: diagnostics, their JSON and `docs/codes.md`.
//! - `render`, `print`, `book_command`: diagrams, pages, EPUB, PDF, `kifu book`.
//! - `inputs_kept`, `book_files`, `hostile_inputs`: nothing lost, nothing
//!   read that should not be, every command within its budget.
//! - `reference_programs`, `server_records`: agreement with SGFC and GoGui,
//!   the servers' formats.
//! - `shell_and_man`: the completion scripts and manual pages.
//! - `serve`: the live preview (`kifu serve`), over sockets and in Chromium.

use std::path::Path;
use std::process::{Command, Output};

mod book_command;
mod book_files;
mod check_reports;
mod cli;
mod codes;
mod hostile_inputs;
mod inputs_kept;
#[cfg(feature = "pdf")]
mod print;
mod reference_programs;
mod render;
mod serve;
mod server_records;
mod shell_and_man;

/// Runs the `kifu` binary in `dir` with `args`: stdin closed, stdout and
/// stderr captured.
pub(crate) fn kifu(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run kifu")
}

/// What a run wrote to stderr, as text.
pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

//! The standard streams, written so that no output is lost unseen.
//!
//! A write to stdout that fails (a full disk, `> /dev/full`) is an I/O
//! failure: the command says so and exits with status 2. A closed pipe
//! (`kifu info DIR | head`) ends the output quietly, as Unix tools do.
//! Stderr may itself be unwritable: what cannot be said there is dropped
//! rather than panicking (as `eprint!` does), and the exit status is 2.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::CliError;

/// Set when a write to stderr failed.
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `text` to stderr; a failure is remembered for the exit status.
pub(crate) fn eprint(text: &str) {
    if text.is_empty() {
        return;
    }
    let mut err = std::io::stderr().lock();
    if err
        .write_all(text.as_bytes())
        .and_then(|()| err.flush())
        .is_err()
    {
        STDERR_FAILED.store(true, Ordering::Relaxed);
    }
}

/// Writes a line to stderr (see [`eprint`]).
pub(crate) fn eprintln(line: impl std::fmt::Display) {
    eprint(&format!("{line}\n"));
}

/// Whether some text could not be written to stderr.
pub(crate) fn stderr_failed() -> bool {
    STDERR_FAILED.load(Ordering::Relaxed)
}

/// Writes `bytes` to stdout and flushes them, so that a failure is seen
/// here and not lost when the process exits.
pub(crate) fn print(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| CliError::io("<stdout>", e))
}

/// Text from a file made safe to show on a terminal: control characters
/// (escape sequences above all, which could move the cursor, retitle the
/// window or rewrite what was printed) are shown as `^[`-style or `\u{..}`
/// notation instead of being sent. Line breaks and tabs stay.
pub(crate) fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    let active = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(active) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if !active(c) => out.push(c),
            '\u{0}'..='\u{1f}' => {
                out.push('^');
                out.push(char::from(c as u8 + 0x40));
            }
            '\u{7f}' => out.push_str("^?"),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn escape_sequences_are_shown_not_sent() {
        assert_eq!(visible("a\x1b[2Jb"), "a^[[2Jb");
        assert_eq!(visible("bell\x07 del\x7f"), "bell^G del^?");
        assert_eq!(visible("csi\u{9b}31m"), "csi\\u{9b}31m");
        assert_eq!(visible("two\nlines\tand a tab"), "two\nlines\tand a tab");
        assert_eq!(visible("\r"), "^M");
    }
}

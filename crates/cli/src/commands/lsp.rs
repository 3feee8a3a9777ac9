//! `kifu lsp`: the language server (kifu-lsp) over stdin and stdout.

use crate::args::LspArgs;
use crate::error::{CliError, EXIT_CLEAN};

pub(crate) fn run(_args: &LspArgs) -> Result<u8, CliError> {
    kifu_lsp::run_stdio(kifu_lsp::Options::default()).map_err(|e| CliError::io("<stdout>", e))?;
    Ok(EXIT_CLEAN)
}

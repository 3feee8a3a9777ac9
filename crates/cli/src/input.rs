//! Reading inputs: files or stdin (`-`).

use std::io::Read;
use std::path::Path;

use crate::commands::CliError;

/// One input, read whole into memory.
pub(crate) struct Input {
    /// What to call it in messages: the path, or `<stdin>`.
    pub(crate) name: String,
    pub(crate) bytes: Vec<u8>,
}

pub(crate) fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

pub(crate) fn read(path: &Path) -> Result<Input, CliError> {
    if is_stdio(path) {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::io("<stdin>", e))?;
        return Ok(Input {
            name: "<stdin>".to_owned(),
            bytes,
        });
    }
    // Shown in messages: a name with control characters in it is shown,
    // not sent to the terminal.
    let name = crate::stdio::visible(&path.display().to_string()).into_owned();
    let bytes = std::fs::read(path).map_err(|e| CliError::io(&name, e))?;
    Ok(Input { name, bytes })
}

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

/// The largest file read whole into memory. A collection of a gigabyte
/// needs more than ten gigabytes as a tree; past this size a clear error says
/// how to stream it instead of the process aborting on an allocation.
pub(crate) const MAX_WHOLE_FILE: u64 = 256 << 20;

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
    let size = std::fs::metadata(path)
        .map_err(|e| CliError::io(&name, e))?
        .len();
    if size > MAX_WHOLE_FILE {
        return Err(CliError::usage(format!(
            "{name}: {} MiB is more than kifu reads whole ({} MiB, about 12 to 20 bytes of memory \
             each); `kifu check -`, `kifu info -` and `kifu split -` read a collection of any \
             size from stdin one game at a time (kifu split - < {name})",
            size >> 20,
            MAX_WHOLE_FILE >> 20
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| CliError::io(&name, e))?;
    Ok(Input { name, bytes })
}

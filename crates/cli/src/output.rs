//! Writing outputs: stdout, or a file replaced atomically (a temporary file
//! in the same directory, then a rename), so a reader never sees half a
//! file and a failed run leaves the old file intact.

use std::io::Write;
use std::path::Path;

use crate::commands::CliError;
use crate::input::is_stdio;

pub(crate) fn write(path: Option<&Path>, bytes: &[u8]) -> Result<(), CliError> {
    match path {
        None => write_stdout(bytes),
        Some(p) if is_stdio(p) => write_stdout(bytes),
        Some(p) => write_atomically(p, bytes),
    }
}

fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| CliError::io("<stdout>", e))
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let name = path.display().to_string();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        let e = std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("no directory {}", dir.display()),
        );
        return Err(CliError::io(&name, e));
    }
    let mut temp = tempfile::Builder::new()
        .prefix(".kifu-")
        .tempfile_in(dir)
        .map_err(|e| CliError::io(&name, e))?;
    temp.write_all(bytes)
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| CliError::io(&name, e))?;
    // Keep the permissions of a file we replace.
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(temp.path(), meta.permissions());
    }
    temp.persist(path)
        .map_err(|e| CliError::io(&name, e.error))?;
    Ok(())
}

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

/// Writes what `fill` writes, as it writes it, to stdout or to `path` (atomically,
/// as [`write`] does): an output made of many inputs need not be held in memory.
pub(crate) fn write_with(
    path: Option<&Path>,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), CliError>,
) -> Result<(), CliError> {
    match path {
        Some(p) if !is_stdio(p) => write_atomically_with(p, fill),
        _ => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            fill(&mut out)?;
            out.flush().map_err(|e| CliError::io("<stdout>", e))
        }
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let name = path.display().to_string();
    write_atomically_with(path, |out| {
        out.write_all(bytes).map_err(|e| CliError::io(&name, e))
    })
}

fn write_atomically_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), CliError>,
) -> Result<(), CliError> {
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
    // A failure leaves the temporary file to be removed when dropped.
    let mut buffered = std::io::BufWriter::new(temp.as_file_mut());
    fill(&mut buffered)?;
    buffered.flush().map_err(|e| CliError::io(&name, e))?;
    drop(buffered);
    temp.as_file()
        .sync_all()
        .map_err(|e| CliError::io(&name, e))?;
    // Keep the permissions of a file we replace; a new file gets the usual
    // rw-r--r-- rather than the private mode of a temporary file.
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(temp.path(), meta.permissions());
    } else {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(0o644));
        }
    }
    temp.persist(path)
        .map_err(|e| CliError::io(&name, e.error))?;
    Ok(())
}

/// Where a batch (`convert`, `fix`) writes each file's output.
pub(crate) struct BatchTarget<'a> {
    /// Replace the input (only when the output differs).
    pub(crate) in_place: bool,
    /// With `in_place`, keep the original as FILE + this suffix.
    pub(crate) backup: Option<&'a str>,
    /// Else: under this directory (`.` when `None`), mirroring the tree.
    pub(crate) out_dir: Option<&'a Path>,
    /// The output's extension, when it differs from the input's.
    pub(crate) extension: Option<&'a str>,
}

/// Writes one file's output of a batch as `target` says, adding any
/// failure to `outcome`.
pub(crate) fn write_batch(
    job: &crate::batch::Job,
    original: &[u8],
    bytes: &[u8],
    target: &BatchTarget<'_>,
    outcome: &mut crate::batch::Outcome,
) {
    let mut fail = |message: String| {
        outcome.stderr.push_str(&format!("kifu: {message}\n"));
        outcome.stats.failed += 1;
    };
    let path = if target.in_place {
        if bytes == original {
            // Nothing changed: leave the file (and its timestamps) alone.
            return;
        }
        if let Some(suffix) = target.backup {
            let mut backup = job.path.clone().into_os_string();
            backup.push(suffix);
            if let Err(e) = std::fs::copy(&job.path, &backup) {
                return fail(format!("{}: backup: {e}", job.path.display()));
            }
        }
        job.path.clone()
    } else {
        let mut relative = job.relative();
        if let Some(ext) = target.extension {
            relative.set_extension(ext);
        }
        let path = target.out_dir.unwrap_or(Path::new(".")).join(relative);
        if let Some(parent) = path.parent()
            && let Err(e) = std::fs::create_dir_all(parent)
        {
            return fail(format!("{}: {e}", parent.display()));
        }
        path
    };
    if let Err(e) = write(Some(&path), bytes) {
        fail(e.to_string());
    }
}

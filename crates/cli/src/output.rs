//! Writing outputs: stdout, or a file replaced atomically (a temporary file
//! in the same directory, then a rename), so a reader never sees half a
//! file and a failed run leaves the old file intact.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::CliError;
use crate::input::{Job, is_stdio};
use crate::outcome::Outcome;

pub(crate) fn write(path: Option<&Path>, bytes: &[u8]) -> Result<(), CliError> {
    match path {
        None => write_stdout(bytes),
        Some(p) if is_stdio(p) => write_stdout(bytes),
        Some(p) => write_atomically(p, bytes),
    }
}

fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    crate::stdio::print(bytes)
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

/// The file a write to `path` must replace: `path`, or the file a symbolic
/// link there points to (replacing the link by a regular file would cut
/// the file it names off from the change).
fn through_links(path: &Path) -> Result<PathBuf, CliError> {
    let name = path.display().to_string();
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|e| {
            CliError::io(
                &name,
                std::io::Error::new(e.kind(), format!("a link to a missing file ({e})")),
            )
        }),
        _ => Ok(path.to_path_buf()),
    }
}

fn write_atomically_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let name = path.display().to_string();
    let path = &through_links(path)?;
    if path.is_dir() {
        let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
        return Err(CliError::io(&name, e));
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        // A device or a pipe (`-o /dev/null`, `-o /dev/stdout`, a FIFO) is
        // written to, not replaced: renaming a file over it would put a
        // regular file where the device was.
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| CliError::io(&name, e))?;
        let mut out = std::io::BufWriter::new(file);
        fill(&mut out)?;
        return out.flush().map_err(|e| CliError::io(&name, e));
    }
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

/// Keeps the file at `path` as `path` + `suffix`, or, when that is taken
/// (an earlier backup), `path` + `suffix` + `.1`, `.2`...: a backup is never
/// overwritten. The backup is a second name of the same file (a hard
/// link), so it is whole the moment it exists and the atomic replacement
/// of `path` leaves it the old bytes; where links cannot be made, a copy
/// is written to a temporary file and given the name only when complete.
/// Returns the backup's path.
fn back_up(path: &Path, suffix: &str) -> std::io::Result<PathBuf> {
    let name = |n: usize| {
        let mut backup = path.as_os_str().to_owned();
        backup.push(suffix);
        if n > 0 {
            backup.push(format!(".{n}"));
        }
        PathBuf::from(backup)
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut copy: Option<tempfile::NamedTempFile> = None;
    for n in 0..10_000 {
        let backup = name(n);
        if copy.is_none() {
            match std::fs::hard_link(path, &backup) {
                Ok(()) => return Ok(backup),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(_) => {
                    let mut temp = tempfile::Builder::new().prefix(".kifu-").tempfile_in(dir)?;
                    std::io::copy(&mut std::fs::File::open(path)?, temp.as_file_mut())?;
                    temp.as_file().sync_all()?;
                    if let Ok(meta) = std::fs::metadata(path) {
                        let _ = std::fs::set_permissions(temp.path(), meta.permissions());
                    }
                    copy = Some(temp);
                }
            }
        }
        if let Some(temp) = copy.take() {
            match temp.persist_noclobber(&backup) {
                Ok(_) => return Ok(backup),
                Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
                    copy = Some(e.file);
                }
                Err(e) => return Err(e.error),
            }
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("{}: no free backup name", name(0).display()),
    ))
}

/// Where a batch (`convert`, `fix`) writes each file's output.
pub(crate) struct BatchTarget<'a> {
    /// Replace the input (only when the output differs).
    pub(crate) in_place: bool,
    /// With `in_place`, keep the original as FILE + this suffix.
    pub(crate) backup: Option<&'a str>,
    /// Else: under this directory (`.` when `None`), mirroring the tree.
    pub(crate) out_dir: Option<&'a Path>,
    /// The output's extension for an input path, when it may differ from
    /// the input's.
    pub(crate) extension: Option<&'a (dyn Fn(&Path) -> &'static str + Sync)>,
    /// Whether the output keeps, as it was, what the errors of the input
    /// are about (`fix` without `--normalize` writes the input with its
    /// repairs made and what it refused to repair kept), so that it may
    /// replace a damaged input. Any other output would lose from the file
    /// what the errors say was lost, so a damaged input is left as it is.
    pub(crate) keeps_damage: bool,
}

impl BatchTarget<'_> {
    /// The file `job`'s output goes to: the input itself (or the file a
    /// link there points to) in place, else its place under the output
    /// directory.
    pub(crate) fn path_for(&self, job: &Job) -> Result<PathBuf, String> {
        if self.in_place {
            return through_links(&job.path).map_err(|e| e.to_string());
        }
        let mut relative = job.relative();
        if let Some(extension) = self.extension {
            relative.set_extension(extension(&job.path));
        }
        Ok(self.out_dir.unwrap_or(Path::new(".")).join(relative))
    }
}

/// The outputs of a batch decided so far, so that no two inputs write the
/// same file: the second is refused, and both inputs are left as they are.
#[derive(Default)]
pub(crate) struct Claims {
    /// Output (as a comparable path) -> the input that writes it.
    taken: std::collections::HashMap<PathBuf, PathBuf>,
}

impl Claims {
    /// Decides `job`'s output under `target` (called in input order).
    pub(crate) fn claim(&mut self, job: &Job, target: &BatchTarget<'_>) -> Result<PathBuf, String> {
        let path = target.path_for(job)?;
        if !target.in_place && same_file(&path, &job.path) {
            return Err(format!(
                "{}: not written: --out-dir would replace the input itself (--in-place does that)",
                path.display()
            ));
        }
        let key = comparable(&path);
        if let Some(first) = self.taken.get(&key) {
            if target.in_place {
                return Err(format!(
                    "{}: skipped: the same file as {}, named before",
                    job.path.display(),
                    first.display()
                ));
            }
            return Err(format!(
                "{}: not written: {} already writes {}",
                job.path.display(),
                first.display(),
                path.display()
            ));
        }
        self.taken.insert(key, job.path.clone());
        Ok(path)
    }
}

/// A path in a form two spellings of one file share, as far as can be told
/// without the file existing: canonical where it exists, else its folder's
/// canonical form and its name.
fn comparable(path: &Path) -> PathBuf {
    if let Ok(p) = std::fs::canonicalize(path) {
        return p;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(dir), Some(name)) => {
            std::fs::canonicalize(dir).map_or_else(|_| absolute.clone(), |d| d.join(name))
        }
        _ => absolute,
    }
}

/// Whether two paths name one existing file.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        #[cfg(unix)]
        (Ok(x), Ok(y)) => {
            use std::os::unix::fs::MetadataExt;
            x.dev() == y.dev() && x.ino() == y.ino()
        }
        #[cfg(not(unix))]
        (Ok(_), Ok(_)) => comparable(a) == comparable(b),
        _ => false,
    }
}

/// What a command made of one input: the output to write, and what it
/// found.
pub(crate) struct Made<'a> {
    /// The input's path (`-` for stdin).
    pub(crate) input_path: &'a Path,
    /// The input's bytes.
    pub(crate) original: &'a [u8],
    /// The output's bytes.
    pub(crate) bytes: &'a [u8],
    pub(crate) outcome: &'a Outcome,
}

/// Why `made` must not be written to `to` (`None`: stdout), if it must
/// not: the command failed, or read no game from text that was there (the
/// output would hold nothing of it), or it would replace a damaged input
/// by a conversion that drops what its errors say was lost. Stdout takes
/// what there is, as a pipe would expect.
pub(crate) fn refusal(made: &Made<'_>, to: Option<&Path>, keeps_damage: bool) -> Option<String> {
    let Made {
        input_path,
        original,
        bytes,
        outcome,
    } = *made;
    let to = to.filter(|p| !is_stdio(p))?;
    let replaces_input = !is_stdio(input_path) && same_file(to, input_path);
    let kept = if replaces_input {
        "left as it was"
    } else {
        "nothing written"
    };
    if outcome.stats.failed > 0 {
        return Some(format!("{}: {kept}", to.display()));
    }
    if outcome.nothing_read {
        return Some(format!(
            "{}: {kept}: no game could be read from {}",
            to.display(),
            input_path.display()
        ));
    }
    if replaces_input && !keeps_damage && outcome.stats.errors > 0 && bytes != original {
        return Some(format!(
            "{}: left as it was: rewriting it would lose what the errors above say was lost \
             (kifu fix repairs it)",
            to.display()
        ));
    }
    None
}

/// Writes what a command made of one input to `to` (stdout when `None`)
/// unless [`refusal`] says it must not be; returns the exit status.
pub(crate) fn write_single(
    made: &Made<'_>,
    to: Option<&Path>,
    keeps_damage: bool,
) -> Result<u8, CliError> {
    if made.outcome.stats.failed > 0 {
        // Already said why; an empty output would only hide it.
        return Ok(crate::error::EXIT_FAILURE);
    }
    if let Some(why) = refusal(made, to, keeps_damage) {
        crate::stdio::eprintln(format_args!("kifu: {why}"));
        return Ok(crate::error::EXIT_FAILURE);
    }
    write(to, made.bytes)?;
    Ok(made.outcome.stats.status())
}

/// Writes one file's output of a batch as `target` says, adding any
/// failure to `outcome`.
pub(crate) fn write_batch(
    job: &Job,
    original: &[u8],
    bytes: &[u8],
    target: &BatchTarget<'_>,
    outcome: &mut Outcome,
) {
    if outcome.stats.failed > 0 {
        // Already said why; nothing to write.
        return;
    }
    if let Err(message) = try_write_batch(job, original, bytes, target, outcome) {
        outcome.stderr.push_str(&format!("kifu: {message}\n"));
        outcome.stats.failed += 1;
    }
}

fn try_write_batch(
    job: &Job,
    original: &[u8],
    bytes: &[u8],
    target: &BatchTarget<'_>,
    outcome: &Outcome,
) -> Result<(), String> {
    let path = job.output.clone().unwrap_or_else(|| target.path_for(job))?;
    if target.in_place && bytes == original {
        // Nothing changed: leave the file (and its timestamps) alone.
        return Ok(());
    }
    let made = Made {
        input_path: &job.path,
        original,
        bytes,
        outcome,
    };
    if let Some(why) = refusal(&made, Some(&path), target.keeps_damage) {
        return Err(why);
    }
    if target.in_place {
        if let Some(suffix) = target.backup {
            back_up(&path, suffix).map_err(|e| format!("{}: backup: {e}", job.path.display()))?;
        }
    } else if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    write(Some(&path), bytes).map_err(|e| e.to_string())
}

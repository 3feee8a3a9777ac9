//! The files a `.gobook` names (images, includes), read from its folder and
//! nowhere else.
//!
//! Here, in the language server's crate, because the server resolves a
//! book's includes and images from its folder as `kifu check` does, and
//! the command line takes it from here (kifu-book touches no file system).
//!
//! A name goes through [`kifu_book::files::check_name`] (relative, no `..`,
//! nothing hidden), is joined to the book's canonical folder and
//! canonicalized (following every link), and must still be inside that
//! folder and not hidden there. It must then be a regular file (checked
//! before opening, so a FIFO or a device is never opened and cannot block,
//! opened without waiting in case it was swapped since, and checked again
//! on the open file) of at most
//! [`kifu_book::files::MAX_FILE_SIZE`] bytes, and is read no further than
//! that.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use kifu_book::files::{FileError, MAX_FILE_SIZE, check_name};

/// The canonical folder of a book: the files it names are read from
/// here and nowhere else.
#[derive(Clone, Debug)]
pub struct BookFolder {
    root: PathBuf,
}

fn refused(why: impl Into<String>) -> FileError {
    FileError::Refused(why.into())
}

fn not_regular(meta: &std::fs::Metadata) -> Option<FileError> {
    if meta.is_file() {
        None
    } else if meta.is_dir() {
        Some(refused("it is a folder"))
    } else {
        Some(refused(
            "it is not a regular file (a FIFO, a socket or a device)",
        ))
    }
}

impl BookFolder {
    /// The folder `folder`, canonicalized; `None` if it cannot be.
    pub fn new(folder: &Path) -> Option<Self> {
        std::fs::canonicalize(folder)
            .ok()
            .map(|root| BookFolder { root })
    }

    /// The canonical path of the regular file `name` names in the folder.
    pub fn resolve(&self, name: &str) -> Result<PathBuf, FileError> {
        check_name(name).map_err(|e| refused(e.to_string()))?;
        let path = match std::fs::canonicalize(self.root.join(name)) {
            Ok(path) => path,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(FileError::NotFound);
            }
            Err(e) => return Err(refused(e.to_string())),
        };
        let Ok(inside) = path.strip_prefix(&self.root) else {
            return Err(refused(
                "it leads outside the book's folder (through a symbolic link)",
            ));
        };
        let hidden = inside.components().any(|c| match c {
            Component::Normal(part) => part.as_encoded_bytes().starts_with(b"."),
            _ => false,
        });
        if hidden {
            return Err(refused(
                "it leads to a hidden file or folder (through a symbolic link)",
            ));
        }
        let meta = std::fs::metadata(&path).map_err(|e| refused(e.to_string()))?;
        if let Some(e) = not_regular(&meta) {
            return Err(e);
        }
        if meta.len() > MAX_FILE_SIZE {
            return Err(too_large(meta.len()));
        }
        Ok(path)
    }

    /// The canonical path and the bytes of the file `name` names (at most
    /// `limit` of them when given, to recognise an image).
    pub fn read(&self, name: &str, limit: Option<u64>) -> Result<(PathBuf, Vec<u8>), FileError> {
        let path = self.resolve(name)?;
        let file = open_without_blocking(&path).map_err(|e| refused(e.to_string()))?;
        // The file checked above may have been swapped since: check what
        // was opened.
        let meta = file.metadata().map_err(|e| refused(e.to_string()))?;
        if let Some(e) = not_regular(&meta) {
            return Err(e);
        }
        let want = limit.unwrap_or(MAX_FILE_SIZE).min(MAX_FILE_SIZE);
        let mut bytes = Vec::with_capacity(meta.len().min(want) as usize);
        file.take(want + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| refused(e.to_string()))?;
        if limit.is_none() && bytes.len() as u64 > MAX_FILE_SIZE {
            return Err(too_large(bytes.len() as u64));
        }
        bytes.truncate(want as usize);
        Ok((path, bytes))
    }
}

/// Opens `path` for reading. On Unix the open does not wait: a file
/// swapped for a FIFO between the check and the open would otherwise
/// block in `open` until a writer came (the regular file this must be is
/// read as usual; the check after the open refuses anything else).
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

fn too_large(len: u64) -> FileError {
    refused(format!(
        "it is {len} bytes, more than {} MiB",
        MAX_FILE_SIZE >> 20
    ))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// What `read` does when the regular file it checked has become a
    /// FIFO by the time it opens it: the open returns at once, and the
    /// check on the open file refuses it. A blocking open would wait for
    /// a writer that never comes (the receive below would time out).
    #[test]
    fn a_file_swapped_for_a_fifo_is_opened_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("swapped.png");
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(made.success());
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let opened = open_without_blocking(&path).and_then(|f| f.metadata());
            let _ = send.send(opened.map(|m| not_regular(&m).is_some()));
        });
        let refused = receive
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the open of a FIFO waited for a writer")
            .unwrap();
        assert!(refused, "a FIFO passed as a regular file");
    }
}

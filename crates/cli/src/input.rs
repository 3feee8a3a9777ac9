//! Reading inputs: files or stdin (`-`), whole or (stdin) game by game,
//! and the files of a batch.

use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::CliError;
use crate::formats;

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

/// One file to process in a run over many (`batch`).
#[derive(Clone, Debug)]
pub(crate) struct Job {
    /// The file (`-` for stdin).
    pub(crate) path: PathBuf,
    /// The directory named on the command line that holds it, to mirror
    /// the tree under `--out-dir` (shared by all the files found in it).
    pub(crate) root: Option<Arc<Path>>,
    /// Where a batch that writes files writes this one's output, decided
    /// in input order before the files are processed in parallel (so that
    /// two inputs never share an output, whichever finishes first), or why
    /// it has none.
    pub(crate) output: Option<Result<PathBuf, String>>,
}

impl Job {
    pub(crate) fn new(path: PathBuf, root: Option<Arc<Path>>) -> Job {
        Job {
            path,
            root,
            output: None,
        }
    }

    /// The path relative to the directory named, or the file name.
    pub(crate) fn relative(&self) -> PathBuf {
        match &self.root {
            Some(root) => self
                .path
                .strip_prefix(&**root)
                .unwrap_or(&self.path)
                .to_path_buf(),
            None => self
                .path
                .file_name()
                .map_or_else(|| self.path.clone(), PathBuf::from),
        }
    }
}

/// What stdin holds for a command that reads games.
pub(crate) enum StdinGames {
    /// SGF: read game by game, holding one game at a time, however long
    /// the stream.
    Stream(kifu_sgf::stream::GameStream<std::io::BufReader<std::io::Stdin>>),
    /// XML, a book, or UTF-16 text, which cannot be split on its bytes:
    /// read whole.
    Whole(Input),
}

impl StdinGames {
    /// Looks at the start of stdin (without taking it) to tell which.
    pub(crate) fn open() -> Result<StdinGames, CliError> {
        let mut reader = std::io::BufReader::new(std::io::stdin());
        let head = reader.fill_buf().map_err(|e| CliError::io("<stdin>", e))?;
        let whole = formats::sniff(head).is_some()
            || head.starts_with(b"\xFF\xFE")
            || head.starts_with(b"\xFE\xFF")
            || (head.len() > 1 && head[..2].contains(&0));
        if !whole {
            return Ok(StdinGames::Stream(kifu_sgf::stream::GameStream::new(
                reader,
            )));
        }
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::io("<stdin>", e))?;
        Ok(StdinGames::Whole(Input {
            name: "<stdin>".to_owned(),
            bytes,
        }))
    }
}

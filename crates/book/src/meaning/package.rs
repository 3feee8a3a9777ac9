//! `.gobk` packages: a zip archive holding one `.gobook` and the images it
//! uses (`.jpg`, `.png`, `.gif`).
//!
//! Reading keeps every entry, in archive order, so a package written back
//! holds the same files. Written archives are deterministic: entries in the
//! same order, the fixed DOS epoch as their time, the book deflated and
//! images (already compressed) stored.
//!
//! A package is untrusted: a 3 MB archive can hold a 3 GiB entry. Before
//! anything is inflated, the sizes the central directory declares are held
//! to [`MAX_ENTRY_SIZE`], [`MAX_PACKAGE_SIZE`], [`MAX_RATIO`] and
//! [`MAX_ENTRIES`]; entries are then read through a reader that stops at the
//! declared size, so an entry that inflates past what it declares is an
//! error, not a memory blow-up. [`PackageReader`] reads only the entries
//! asked for (the book for `kifu info`, images when rendering).

use std::io::{Cursor, Read, Write};
use std::sync::Arc;

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

/// A `.gobk` package.
///
/// ```
/// use kifu_book::package::Package;
/// let mut package = Package::new("demo.gobook", b"::book(#demo)\n".to_vec());
/// package.files.push(("demo_cover.jpg".into(), vec![0xFF, 0xD8]));
/// let bytes = package.to_bytes().unwrap();
/// let back = Package::from_bytes(&bytes).unwrap();
/// assert_eq!(back, package);
/// assert_eq!(back.file("demo_cover.jpg"), Some(&[0xFF, 0xD8][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Package {
    /// The book's path inside the archive.
    pub book_name: String,
    /// The book's bytes.
    pub book: Vec<u8>,
    /// Every other entry (images, other files), by name, in archive order.
    pub files: Vec<(String, Vec<u8>)>,
    /// Where the book entry was among the entries, to write it back there.
    book_position: usize,
}

/// The largest entry, inflated: [`crate::files::MAX_FILE_SIZE`] (64 MiB).
pub const MAX_ENTRY_SIZE: u64 = super::files::MAX_FILE_SIZE;

/// The largest package, all entries inflated: 256 MiB (a book with its
/// images is some megabytes).
pub const MAX_PACKAGE_SIZE: u64 = 256 << 20;

/// The most entries a package may hold.
pub const MAX_ENTRIES: usize = 10_000;

/// The highest compression ratio (inflated / compressed size) of an entry
/// larger than [`RATIO_FLOOR`]: text deflates some 3 to 10 times, images
/// not at all; only crafted data (runs of zeros) goes far past 100.
pub const MAX_RATIO: u64 = 100;

/// Entries up to this size (1 MiB) may have any ratio: they cannot hurt.
pub const RATIO_FLOOR: u64 = 1 << 20;

/// Why a package could not be read or written.
#[derive(Debug)]
pub enum PackageError {
    /// Not a zip archive, or a broken one.
    Zip(zip::result::ZipError),
    /// An entry could not be read.
    Io(std::io::Error),
    /// The archive holds no `.gobook` file.
    NoBook,
    /// The archive or an entry is past a limit; the text says which.
    TooLarge(String),
}

impl std::fmt::Display for PackageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PackageError::Zip(e) => write!(f, "not a readable .gobk (zip) package: {e}"),
            PackageError::Io(e) => write!(f, "cannot read the package: {e}"),
            PackageError::NoBook => f.write_str("the package holds no .gobook file"),
            PackageError::TooLarge(why) => write!(f, "the package is refused: {why}"),
        }
    }
}

impl std::error::Error for PackageError {}

impl From<zip::result::ZipError> for PackageError {
    fn from(e: zip::result::ZipError) -> Self {
        PackageError::Zip(e)
    }
}

impl From<std::io::Error> for PackageError {
    fn from(e: std::io::Error) -> Self {
        PackageError::Io(e)
    }
}

fn is_book(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".gobook") && !name.ends_with('/')
}

impl Package {
    /// A package holding only a book.
    pub fn new(book_name: &str, book: Vec<u8>) -> Self {
        Package {
            book_name: book_name.to_owned(),
            book,
            files: Vec::new(),
            book_position: 0,
        }
    }

    /// Reads a package, every entry: the first `.gobook` entry (the
    /// shallowest, if several) is the book; the others are kept as files.
    /// [`PackageReader`] reads only the entries asked for.
    ///
    /// # Errors
    /// [`PackageError`] when the bytes are no zip archive, hold no book, or
    /// pass the size limits.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, PackageError> {
        PackageReader::new(bytes)?.read_all()
    }

    /// Writes the package as a zip archive.
    ///
    /// # Errors
    /// [`PackageError`] if the archive cannot be built.
    pub fn to_bytes(&self) -> Result<Vec<u8>, PackageError> {
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
        let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
        let position = self.book_position.min(self.files.len());
        for (i, (name, data)) in self.files.iter().enumerate() {
            if i == position {
                zip.start_file(self.book_name.as_str(), deflated)?;
                zip.write_all(&self.book)?;
            }
            let lower = name.to_ascii_lowercase();
            let options = if [".jpg", ".jpeg", ".png", ".gif"]
                .iter()
                .any(|e| lower.ends_with(e))
            {
                stored
            } else {
                deflated
            };
            zip.start_file(name.as_str(), options)?;
            zip.write_all(data)?;
        }
        if position >= self.files.len() {
            zip.start_file(self.book_name.as_str(), deflated)?;
            zip.write_all(&self.book)?;
        }
        Ok(zip.finish()?.into_inner())
    }

    /// The bytes of file `name` (as an image `url` names it: the path in
    /// the archive, or just the file name).
    pub fn file(&self, name: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(n, _)| names_entry(name, n))
            .map(|(_, d)| d.as_slice())
    }
}

/// Whether `url` (as a book names a file) names the entry `entry`: the
/// path in the archive, or just the file name.
fn names_entry(url: &str, entry: &str) -> bool {
    let trimmed = url.trim_start_matches("./");
    entry == trimmed || entry.rsplit('/').next() == Some(trimmed)
}

/// A package read lazily: opening it reads the central directory and holds
/// the declared sizes to the limits; entries are inflated only when asked
/// for, and never past their declared size.
///
/// ```
/// use kifu_book::package::{Package, PackageReader};
/// let mut package = Package::new("demo.gobook", b"::book(#demo)\n".to_vec());
/// package.files.push(("demo_cover.jpg".into(), vec![0xFF, 0xD8]));
/// let bytes = package.to_bytes().unwrap();
/// let reader = PackageReader::new(&bytes).unwrap();
/// assert_eq!(reader.book_name(), "demo.gobook");
/// assert_eq!(reader.read_book().unwrap(), b"::book(#demo)\n");
/// assert_eq!(reader.file("demo_cover.jpg").unwrap(), Some(vec![0xFF, 0xD8]));
/// assert_eq!(reader.file("other.png").unwrap(), None);
/// ```
#[derive(Clone, Debug)]
pub struct PackageReader {
    archive: ZipArchive<Cursor<Arc<[u8]>>>,
    /// `(index, name)` of every file entry (not folders), in archive order.
    entries: Vec<(usize, String)>,
    /// Where the book is in `entries`.
    book_at: usize,
}

impl PackageReader {
    /// Opens a package and checks its declared sizes; inflates nothing.
    ///
    /// # Errors
    /// [`PackageError`] when the bytes are no zip archive, hold no book, or
    /// declare more than the limits allow.
    pub fn new(bytes: &[u8]) -> Result<Self, PackageError> {
        let mut archive = ZipArchive::new(Cursor::new(Arc::<[u8]>::from(bytes)))?;
        if archive.len() > MAX_ENTRIES {
            return Err(PackageError::TooLarge(format!(
                "it holds {} entries, more than {MAX_ENTRIES}",
                archive.len()
            )));
        }
        let mut entries = Vec::with_capacity(archive.len());
        let mut total: u64 = 0;
        for i in 0..archive.len() {
            // Raw: the header only, nothing inflated.
            let file = archive.by_index_raw(i)?;
            if file.is_dir() {
                continue;
            }
            let (size, packed) = (file.size(), file.compressed_size());
            let name = file.name().to_owned();
            if size > MAX_ENTRY_SIZE {
                return Err(PackageError::TooLarge(format!(
                    "the entry `{name}` declares {size} bytes inflated, more than {} MiB",
                    MAX_ENTRY_SIZE >> 20
                )));
            }
            if size > RATIO_FLOOR && size / packed.max(1) > MAX_RATIO {
                return Err(PackageError::TooLarge(format!(
                    "the entry `{name}` inflates {packed} bytes to {size}, more than {MAX_RATIO} times"
                )));
            }
            total += size;
            if total > MAX_PACKAGE_SIZE {
                return Err(PackageError::TooLarge(format!(
                    "its entries declare more than {} MiB inflated",
                    MAX_PACKAGE_SIZE >> 20
                )));
            }
            entries.push((i, name));
        }
        let book_at = entries
            .iter()
            .enumerate()
            .filter(|(_, (_, name))| is_book(name))
            .min_by_key(|(i, (_, name))| (name.matches('/').count(), *i))
            .map(|(i, _)| i)
            .ok_or(PackageError::NoBook)?;
        Ok(PackageReader {
            archive,
            entries,
            book_at,
        })
    }

    /// The book's path inside the archive.
    pub fn book_name(&self) -> &str {
        &self.entries[self.book_at].1
    }

    /// The names of the entries (files, not folders), in archive order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(_, n)| n.as_str())
    }

    /// The book's bytes.
    ///
    /// # Errors
    /// [`PackageError`] if the entry cannot be inflated or inflates past
    /// its declared size.
    pub fn read_book(&self) -> Result<Vec<u8>, PackageError> {
        self.read(self.entries[self.book_at].0, None)
    }

    /// The path of the entry that `name` (as an image `url` names it: the
    /// path in the archive, or just the file name) names, if any (the book
    /// too: a book that includes itself is a cycle, not a missing file).
    pub fn find(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(_, n)| names_entry(name, n))
            .map(|(_, n)| n.as_str())
    }

    /// The bytes of file `name` (see [`find`](Self::find)); `None` when the
    /// package does not hold it.
    ///
    /// # Errors
    /// [`PackageError`] if the entry cannot be inflated or inflates past
    /// its declared size.
    pub fn file(&self, name: &str) -> Result<Option<Vec<u8>>, PackageError> {
        self.file_prefix(name, None)
    }

    /// Like [`file`](Self::file), but at most `limit` bytes are inflated
    /// when `limit` is given (to recognise an image type).
    ///
    /// # Errors
    /// As [`file`](Self::file).
    pub fn file_prefix(
        &self,
        name: &str,
        limit: Option<u64>,
    ) -> Result<Option<Vec<u8>>, PackageError> {
        let found = self.entries.iter().find(|(_, n)| names_entry(name, n));
        match found {
            Some((index, _)) => self.read(*index, limit).map(Some),
            None => Ok(None),
        }
    }

    /// The identity (`entry:PATH`, as include cycles tell files apart) and
    /// bytes of the file a book in the package names, as the checker's
    /// `OpenFile` wants them: the name checked as a book's file names are,
    /// then looked up as [`file_prefix`](Self::file_prefix) does.
    ///
    /// # Errors
    /// [`FileError::NotFound`](crate::meaning::files::FileError::NotFound) when the package does not hold it,
    /// [`FileError::Refused`](crate::meaning::files::FileError::Refused) for a name a book may not use or an entry
    /// that cannot be inflated.
    pub fn open_named(
        &self,
        name: &str,
        limit: Option<u64>,
    ) -> Result<(String, Vec<u8>), super::files::FileError> {
        use super::files::FileError;
        super::files::check_name(name).map_err(|e| FileError::Refused(e.to_string()))?;
        match self.file_prefix(name, limit) {
            Ok(Some(bytes)) => Ok((entry_key(self.find(name).unwrap_or(name)), bytes)),
            Ok(None) => Err(FileError::NotFound),
            Err(e) => Err(FileError::Refused(e.to_string())),
        }
    }

    /// Reads every entry into a [`Package`] (to write it back changed).
    ///
    /// # Errors
    /// [`PackageError`] if an entry cannot be inflated or inflates past its
    /// declared size.
    pub fn read_all(&self) -> Result<Package, PackageError> {
        let mut files = Vec::with_capacity(self.entries.len());
        for (index, name) in &self.entries {
            files.push((name.clone(), self.read(*index, None)?));
        }
        let (book_name, book) = files.remove(self.book_at);
        Ok(Package {
            book_name,
            book,
            files,
            book_position: self.book_at,
        })
    }

    /// Inflates entry `index`, never past its declared size (checked
    /// against the limits when the package was opened), nor past `limit`.
    fn read(&self, index: usize, limit: Option<u64>) -> Result<Vec<u8>, PackageError> {
        // The archive shares its bytes and directory: cloning is cheap.
        let mut archive = self.archive.clone();
        let file = archive.by_index(index)?;
        let declared = file.size();
        let name = file.name().to_owned();
        let want = limit.map_or(declared, |l| l.min(declared));
        let mut data = Vec::with_capacity(want.min(MAX_ENTRY_SIZE) as usize);
        // One byte more than declared tells a lying header.
        let mut reader = file.take(want + 1);
        reader.read_to_end(&mut data)?;
        if data.len() as u64 > declared {
            return Err(PackageError::TooLarge(format!(
                "the entry `{name}` inflates past the {declared} bytes it declares"
            )));
        }
        data.truncate(want as usize);
        Ok(data)
    }
}

/// The identity of a package's entry `name` among the files a check
/// reads (`entry:NAME`), so that include cycles tell entries from files.
pub fn entry_key(name: &str) -> String {
    format!("entry:{name}")
}

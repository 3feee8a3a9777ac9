//! `.gobk` packages: a zip archive holding one `.gobook` and the images it
//! uses (`.jpg`, `.png`, `.gif`).
//!
//! Reading keeps every entry, in archive order, so a package written back
//! holds the same files. Written archives are deterministic: entries in the
//! same order, the fixed DOS epoch as their time, the book deflated and
//! images (already compressed) stored.

use std::io::{Cursor, Read, Write};

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

/// Why a package could not be read or written.
#[derive(Debug)]
pub enum PackageError {
    /// Not a zip archive, or a broken one.
    Zip(zip::result::ZipError),
    /// An entry could not be read.
    Io(std::io::Error),
    /// The archive holds no `.gobook` file.
    NoBook,
}

impl std::fmt::Display for PackageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PackageError::Zip(e) => write!(f, "not a readable .gobk (zip) package: {e}"),
            PackageError::Io(e) => write!(f, "cannot read the package: {e}"),
            PackageError::NoBook => f.write_str("the package holds no .gobook file"),
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

    /// Reads a package. The first `.gobook` entry (the shallowest, if
    /// several) is the book; the others are kept as files.
    ///
    /// # Errors
    /// [`PackageError`] when the bytes are no zip archive or hold no book.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, PackageError> {
        let mut archive = ZipArchive::new(Cursor::new(bytes))?;
        let mut entries = Vec::with_capacity(archive.len());
        for i in 0..archive.len() {
            let mut file = archive.by_index(i)?;
            if file.is_dir() {
                continue;
            }
            let mut data = Vec::with_capacity(file.size().min(1 << 26) as usize);
            file.read_to_end(&mut data)?;
            entries.push((file.name().to_owned(), data));
        }
        let book_at = entries
            .iter()
            .enumerate()
            .filter(|(_, (name, _))| is_book(name))
            .min_by_key(|(i, (name, _))| (name.matches('/').count(), *i))
            .map(|(i, _)| i)
            .ok_or(PackageError::NoBook)?;
        let (book_name, book) = entries.remove(book_at);
        Ok(Package {
            book_name,
            book,
            files: entries,
            book_position: book_at,
        })
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
        let trimmed = name.trim_start_matches("./");
        self.files
            .iter()
            .find(|(n, _)| n == trimmed || n.rsplit('/').next() == Some(trimmed))
            .map(|(_, d)| d.as_slice())
    }
}

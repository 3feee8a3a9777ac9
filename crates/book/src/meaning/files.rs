//! Files a book names (`::img url`, `<img url>`, `cover`, `::include url`):
//! which names kifu accepts, which bytes count as an image, and how large a
//! file may be; which local images a book uses ([`images`]), and the checks
//! that they are there and are images. No file system here: the command line resolves names in the
//! book's folder (following links, then requiring the result to still be
//! inside it), and these rules are what it and the package reader share.
//!
//! A book is untrusted input. A name may not climb out of the book's folder
//! (`..`, an absolute path), may not name a hidden file or folder (`.ssh/id_rsa`),
//! and an image must be one by its content, whatever its extension says, so
//! that a book cannot put `/etc/passwd` or a private key into a page or a
//! package.

use kifu_diag::{Diagnostic, Severity, Span};

use super::model::ElementKind;
use crate::document::Book;
use crate::document::inline::{self, Inline};
use crate::document::spans::{header_span, value_span};

/// The largest file a book may name (an image or an included file), and
/// the largest entry of a `.gobk` package, in bytes: 64 MiB. Book texts are
/// a few megabytes and images a few hundred kilobytes; this leaves ample
/// room and keeps one file's memory bounded.
pub const MAX_FILE_SIZE: u64 = 64 << 20;

/// How many bytes of a file are enough to recognise an image type.
pub const SNIFF_LEN: usize = 4096;

/// Diagnostic codes about the files a book names.
pub mod codes {
    use kifu_diag::Code;

    /// A file the book names that kifu refuses to read: outside the book's
    /// folder (through `..`, an absolute path or a symbolic link), hidden
    /// (a name or folder starting with `.`), not a regular file (a folder,
    /// a FIFO, a device), or larger than the limit.
    pub const REFUSED_FILE: Code = Code::new("book/refused-file");
    /// A file named as an image that is no PNG, JPEG, GIF, WebP or SVG
    /// image by its content (whatever its extension says).
    pub const NOT_AN_IMAGE: Code = Code::new("book/not-an-image");
}

/// Why a name a book gives is refused before any file is looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameError {
    /// An empty name.
    Empty,
    /// An absolute path (`/etc/passwd`, `C:\x`, `\\server\x`).
    Absolute,
    /// A `..` component: the name climbs out of the book's folder.
    Parent,
    /// A component starting with `.` (other than `.` itself): a hidden file
    /// or folder.
    Hidden,
    /// An address with a scheme (`javascript:`, `data:`, `file:`): not a
    /// file of the book, and not a web address either.
    Address,
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NameError::Empty => "the name is empty",
            NameError::Absolute => "absolute paths are not followed",
            NameError::Parent => "`..` would leave the book's folder",
            NameError::Hidden => "hidden files and folders (starting with `.`) are not read",
            NameError::Address => {
                "it is an address, not a file of the book; images and includes are \
                 files in the book's folder or http(s) addresses"
            }
        })
    }
}

/// Checks a file name as a book gives it: relative, no `..`, no hidden
/// component, no scheme (`javascript:`, `file:`: an address is never a
/// file name). `.` and empty components (`./a.png`, `a//b.png`) are fine.
/// Both `/` and `\` separate components, whatever the platform.
///
/// ```
/// use kifu_book::files::{check_name, NameError};
/// assert_eq!(check_name("images/a.png"), Ok(()));
/// assert_eq!(check_name(".//self.gobook"), Ok(()));
/// assert_eq!(check_name("../x.png"), Err(NameError::Parent));
/// assert_eq!(check_name("/etc/passwd"), Err(NameError::Absolute));
/// assert_eq!(check_name(".ssh/id_rsa"), Err(NameError::Hidden));
/// assert_eq!(check_name("javascript:alert(1)"), Err(NameError::Address));
/// ```
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    let bytes = name.as_bytes();
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    if name.starts_with(['/', '\\']) || drive || std::path::Path::new(name).is_absolute() {
        return Err(NameError::Absolute);
    }
    if super::refs::scheme(name).is_some() {
        return Err(NameError::Address);
    }
    for part in name.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => return Err(NameError::Parent),
            p if p.starts_with('.') => return Err(NameError::Hidden),
            _ => {}
        }
    }
    Ok(())
}

/// An image type, recognised by content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageType {
    /// `\x89PNG\r\n\x1a\n`
    Png,
    /// `FF D8` (the start-of-image marker)
    Jpeg,
    /// `GIF87a` or `GIF89a`
    Gif,
    /// `RIFF` .... `WEBP`
    WebP,
    /// XML text with an `<svg` element near its start
    Svg,
}

impl ImageType {
    /// The MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            ImageType::Png => "image/png",
            ImageType::Jpeg => "image/jpeg",
            ImageType::Gif => "image/gif",
            ImageType::WebP => "image/webp",
            ImageType::Svg => "image/svg+xml",
        }
    }
}

/// The image type of `bytes` (a whole file, or at least its first
/// [`SNIFF_LEN`] bytes), by content; `None` for anything else.
///
/// A file shorter than a signature that begins as the signature does (a
/// truncated image, as test fixtures are) counts as that type: it can hold
/// nothing but those few bytes.
///
/// ```
/// use kifu_book::files::{image_type, ImageType};
/// assert_eq!(image_type(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(ImageType::Png));
/// assert_eq!(image_type(b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), Some(ImageType::Svg));
/// assert_eq!(image_type(b"root:x:0:0:root:/root:/bin/bash\n"), None);
/// assert_eq!(image_type(b""), None);
/// ```
pub fn image_type(bytes: &[u8]) -> Option<ImageType> {
    if bytes.is_empty() {
        return None;
    }
    let signature = |sig: &[u8]| bytes.starts_with(sig) || sig.starts_with(bytes);
    if signature(b"\x89PNG\r\n\x1a\n") {
        return Some(ImageType::Png);
    }
    if signature(b"\xFF\xD8") {
        return Some(ImageType::Jpeg);
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        return Some(ImageType::Gif);
    }
    if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        return Some(ImageType::WebP);
    }
    let head = &bytes[..bytes.len().min(SNIFF_LEN)];
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    if text.trim_ascii_start().starts_with(b"<")
        && text.windows(4).any(|w| w.eq_ignore_ascii_case(b"<svg"))
    {
        return Some(ImageType::Svg);
    }
    None
}

/// Why a file a book names could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// There is no such file (in the package, or in the book's folder).
    NotFound,
    /// There is something, but kifu will not read it; the text says why.
    Refused(String),
}

/// Checks every local image the book uses ([`images`]): `open`
/// gives a file's bytes (all of them, or at least the first
/// [`SNIFF_LEN`]) or says why not. A missing image is a warning
/// (`book/missing-image`, as [`check_images`] says it), a refused
/// file or one that is no image by its content an error.
///
/// ```
/// use kifu_book::files::FileError;
/// let book = kifu_book::parse("::img url=\"a.png\"\n\n::img url=\"b.png\"\n\n::img url=\"c.png\"").value;
/// let found = kifu_book::files::check_image_files(&book, &mut |name| match name {
///     "a.png" => Ok(b"\x89PNG\r\n\x1a\n".to_vec()),
///     "b.png" => Ok(b"not an image".to_vec()),
///     _ => Err(FileError::NotFound),
/// });
/// let codes: Vec<_> = found.iter().map(|d| d.code.as_str()).collect();
/// assert_eq!(codes, ["book/not-an-image", "book/missing-image"]);
/// ```
pub fn check_image_files(
    book: &Book,
    open: &mut dyn FnMut(&str) -> Result<Vec<u8>, FileError>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (_, name, span) in images(book) {
        match open(&name) {
            Ok(bytes) if image_type(&bytes).is_some() => {}
            Ok(_) => out.push(Diagnostic::new(
                codes::NOT_AN_IMAGE,
                Severity::Error,
                span,
                format!("`{name}` is not a PNG, JPEG, GIF, WebP or SVG image; it is left out"),
            )),
            Err(FileError::NotFound) => out.push(Diagnostic::new(
                image_codes::MISSING_IMAGE,
                Severity::Warning,
                span,
                format!("the image `{name}` is not in the package or beside the book"),
            )),
            Err(FileError::Refused(why)) => out.push(Diagnostic::new(
                codes::REFUSED_FILE,
                Severity::Error,
                span,
                format!("the image `{name}` is not read: {why}"),
            )),
        }
    }
    out
}

/// Diagnostic codes of image checks.
pub mod image_codes {
    use kifu_diag::Code;

    /// An image that `img url`, `<img url>` or `cover` names is not in the
    /// package or the book's folder.
    pub const MISSING_IMAGE: Code = Code::new("book/missing-image");
}

/// The local images a book uses: `(element index, file name, span)` for
/// every `img url`, inline `<img url>`, and the cover (the `cover`
/// attribute, or `ID_cover.jpg` for an `::img` without `url`).
/// Web addresses (`http:`, `https:`) are left out.
///
/// ```
/// let book = kifu_book::parse("::book(#b)\n\n::img\n\n::img url=\"d.png\"\n\n::img url=\"http://x/y.png\"").value;
/// let names: Vec<_> = kifu_book::images(&book).into_iter().map(|(_, n, _)| n).collect();
/// assert_eq!(names, ["b_cover.jpg", "d.png"]);
/// ```
pub fn images(book: &Book) -> Vec<(usize, String, Span)> {
    // As the page decides: what is not a web address is a file of the
    // book (and a name with another scheme is then refused as a file).
    let local = |url: &str| !url.is_empty() && !super::refs::web_link(url);
    let book_element = book
        .elements()
        .iter()
        .find(|e| e.kind() == ElementKind::Book);
    let cover = book_element.and_then(|b| {
        b.get("cover")
            .map(str::to_owned)
            .or_else(|| b.id().map(|id| format!("{id}_cover.jpg")))
    });
    let mut out: Vec<(usize, String, Span)> = Vec::new();
    for (i, e) in book.elements().iter().enumerate() {
        match e.kind() {
            ElementKind::Book => {
                if let Some(a) = e.attribute("cover")
                    && local(a.value())
                {
                    out.push((i, a.value().to_owned(), value_span(a, None)));
                }
            }
            ElementKind::Image => match e.attribute("url") {
                Some(a) if local(a.value()) => {
                    out.push((i, a.value().to_owned(), value_span(a, None)))
                }
                Some(_) => {}
                None => {
                    if let Some(c) = &cover
                        && local(c)
                        && !out.iter().any(|(_, n, _)| n == c)
                    {
                        out.push((i, c.clone(), header_span(e)));
                    }
                }
            },
            ElementKind::Paragraph(_) => {
                let (pieces, _) = inline::split(e.value());
                for piece in pieces {
                    if let Inline::Image { attributes, .. } = piece
                        && let Some(url) = attributes.iter().find(|a| a.name == "url")
                        && local(&url.value)
                    {
                        out.push((i, url.value.clone(), header_span(e)));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Checks that every local image of the book exists; `exists` answers for
/// a file name (in the package, or beside the book).
pub fn check_images(book: &Book, exists: &mut dyn FnMut(&str) -> bool) -> Vec<Diagnostic> {
    images(book)
        .into_iter()
        .filter(|(_, name, _)| !exists(name))
        .map(|(_, name, span)| {
            Diagnostic::new(
                image_codes::MISSING_IMAGE,
                Severity::Warning,
                span,
                format!("the image `{name}` is not in the package or beside the book"),
            )
        })
        .collect()
}

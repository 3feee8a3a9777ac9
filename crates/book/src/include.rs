//! `::include url=...`: the elements of another file inserted in place.
//!
//! SmartGo's apps know five standard sections (`about.gobook`,
//! `buy.gobook`, `kiseido.gobook`, `brettstein.gobook`,
//! `fairbairn.gobook`) that kifu cannot have; when one of those is not
//! beside the book, it is said once, as a note, not as an error.
//!
//! Expansion is bounded: a file that includes itself under any spelling
//! (compared by the key the loader gives, a canonical path) is a cycle,
//! nesting stops at [`MAX_DEPTH`], and the text and elements inserted, over
//! every inclusion, stop at [`MAX_EXPANDED_BYTES`] and
//! [`MAX_EXPANDED_ELEMENTS`]: eight small files that each include the next
//! ten times would insert 10^8 copies; kifu stops at the limit, before
//! building past it, with an error at the include.
//!
//! It stands at the top of the crate's layers, above the checks: what the
//! reader and the checker find in an included file is reported at the
//! include. Nothing else in the crate uses it.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use kifu_diag::{Diagnostic, Parsed, Severity, Span};

use crate::document::{Book, Element};
use crate::meaning::files::FileError;
use crate::meaning::model::ElementKind;

/// The most text all inclusions together may insert: 32 MiB (counted
/// every time a file is inserted). Real books are a few megabytes.
pub const MAX_EXPANDED_BYTES: usize = 32 << 20;

/// The most elements all inclusions together may insert (a large book has
/// some ten thousand); this bounds the memory of the expanded book.
pub const MAX_EXPANDED_ELEMENTS: usize = 250_000;

/// How deep includes may nest (a file including a file ...).
pub const MAX_DEPTH: usize = 16;

/// The sections SmartGo's apps include from their own resources.
pub const STANDARD_INCLUDES: &[&str] = &[
    "about.gobook",
    "buy.gobook",
    "kiseido.gobook",
    "brettstein.gobook",
    "fairbairn.gobook",
];

/// Diagnostic codes of include resolution.
pub mod codes {
    use kifu_diag::Code;

    /// An included file that could not be found or read.
    pub const INCLUDE_NOT_FOUND: Code = Code::new("book/include-not-found");
    /// A standard SmartGo section that only the Go Books apps have.
    pub const STANDARD_INCLUDE: Code = Code::new("book/standard-include");
    /// A file that includes itself, directly or not.
    pub const INCLUDE_CYCLE: Code = Code::new("book/include-cycle");
    /// A problem inside an included file (the message names the file).
    pub const IN_INCLUDED_FILE: Code = Code::new("book/in-included-file");
    /// Includes that nest deeper than [`MAX_DEPTH`](super::MAX_DEPTH) or
    /// would insert more than [`MAX_EXPANDED_BYTES`](super::MAX_EXPANDED_BYTES)
    /// or [`MAX_EXPANDED_ELEMENTS`](super::MAX_EXPANDED_ELEMENTS): the
    /// include is left in place and expansion stops.
    pub const INCLUDE_LIMIT: Code = Code::new("book/include-limit");
}

/// A file as the loader gives it: `key` identifies the file whatever the
/// spelling of its name (the canonical path, or the entry of a package), to
/// catch cycles; `text` is its contents.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file's identity (a canonical path).
    pub key: String,
    /// The file's text.
    pub text: String,
}

/// The book with every `::include` replaced by the elements of the file it
/// names. `load` returns a file's text by its `url` (from the book's folder
/// or package), or `None`. Includes that cannot be loaded stay in place.
/// Files are told apart by their `url` with `.` and empty components
/// dropped; [`expand_from`] takes a loader that gives canonical keys.
///
/// ```
/// let book = kifu_book::parse("::chapter(#a)\n\n::include url=\"part.gobook\"\n\nEnd.\n").value;
/// let expanded = kifu_book::include::expand(&book, &mut |url| {
///     (url == "part.gobook").then(|| "Included one.\n\nIncluded two.\n".to_owned())
/// });
/// let values: Vec<_> = expanded.value.elements().iter().map(|e| e.value()).collect();
/// assert_eq!(values, ["", "Included one.", "Included two.", "End."]);
/// ```
pub fn expand(book: &Book, load: &mut dyn FnMut(&str) -> Option<String>) -> Parsed<Book> {
    expand_from(book, None, &mut |url| {
        let key = url
            .split(['/', '\\'])
            .filter(|p| !p.is_empty() && *p != ".")
            .collect::<Vec<_>>()
            .join("/");
        load(url)
            .map(|text| Source { key, text })
            .ok_or(FileError::NotFound)
    })
}

/// [`expand`] with a loader that gives each file's identity: `root` is the
/// key of the book itself (so that it cannot include itself), `load` gives
/// the [`Source`] of a `url`, or says it is missing or refused. Each `url`
/// is loaded once.
///
/// ```
/// use kifu_book::include::{expand_from, Source};
/// let book = kifu_book::parse("::include url=\"./self.gobook\"").value;
/// let expanded = expand_from(&book, Some("/books/self.gobook"), &mut |_| {
///     Ok(Source { key: "/books/self.gobook".into(), text: "::include url=\"self.gobook\"".into() })
/// });
/// assert_eq!(expanded.diagnostics[0].code.as_str(), "book/include-cycle");
/// ```
pub fn expand_from(
    book: &Book,
    root: Option<&str>,
    load: &mut dyn FnMut(&str) -> Result<Source, FileError>,
) -> Parsed<Book> {
    let mut expander = Expander {
        load,
        cache: HashMap::new(),
        diagnostics: Vec::new(),
        said_standard: Vec::new(),
        reported: HashSet::new(),
        stack: root.map(str::to_owned).into_iter().collect(),
        bytes: 0,
        elements: 0,
        stopped: false,
        outer_ids: book
            .elements()
            .iter()
            .filter_map(|e| e.id().map(str::to_owned))
            .collect(),
    };
    let mut out = Book {
        bom: book.bom,
        elements: Vec::new(),
        trailing: book.trailing.clone(),
    };
    expander.expand_into(book, &mut out.elements, None, 0);
    Parsed {
        value: out,
        diagnostics: expander.diagnostics,
    }
}

/// How [`check_with_files`] reads a file the book names: by its name,
/// reading at most the number of bytes given, its key (as [`Source::key`])
/// and bytes, or why not.
pub type OpenFile<'a> = dyn FnMut(&str, Option<u64>) -> Result<(String, Vec<u8>), FileError> + 'a;

/// What `kifu check` finds in a book beyond what its reader said: the
/// checker's findings, then the images' (missing, refused, no image), then
/// what expanding its includes found. `root` and `open` are as for
/// [`expand_from`]; `open` also takes the most bytes to read (an image is
/// recognised from its first [`SNIFF_LEN`](crate::files::SNIFF_LEN)). The
/// command line and the language server both check through here, so that
/// an editor shows what `kifu check` prints.
///
/// ```
/// use kifu_book::files::FileError;
/// let book = kifu_book::parse("::chapter(#c)\n\n::include url=\"gone.gobook\"\n").value;
/// let checked = kifu_book::include::check_with_files(&book, None, &mut |_, _| Err(FileError::NotFound));
/// assert_eq!(checked.diagnostics[0].code.as_str(), "book/include-not-found");
/// ```
pub fn check_with_files(book: &Book, root: Option<&str>, open: &mut OpenFile<'_>) -> Checked {
    let mut diagnostics = crate::check::check(book);
    let (expanded, found) = check_files(book, root, open);
    diagnostics.extend(found);
    Checked {
        expanded: expanded.value,
        diagnostics,
    }
}

/// What the files a book names are: its images (missing, refused, no
/// image), then what expanding its includes found; with the expanded book
/// (whose own diagnostics are those of the includes). `root` and `open` as
/// for [`check_with_files`].
pub fn check_files(
    book: &Book,
    root: Option<&str>,
    open: &mut OpenFile<'_>,
) -> (Parsed<Book>, Vec<Diagnostic>) {
    let mut found = crate::meaning::files::check_image_files(book, &mut |name| {
        open(name, Some(crate::meaning::files::SNIFF_LEN as u64)).map(|(_, bytes)| bytes)
    });
    let expanded = expand_from(book, root, &mut |url| {
        let (key, bytes) = open(url, None)?;
        Ok(Source {
            key,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        })
    });
    found.extend(expanded.diagnostics.iter().cloned());
    (expanded, found)
}

/// A book checked with the files it names ([`check_with_files`]).
#[derive(Clone, Debug)]
pub struct Checked {
    /// The book with its includes expanded.
    pub expanded: Book,
    /// The checker's, the images' and the includes' findings, in that
    /// order (not sorted).
    pub diagnostics: Vec<Diagnostic>,
}

/// An included file, read and parsed once.
struct Loaded {
    key: String,
    book: Book,
    len: usize,
    /// The reader's and checker's findings (warnings and errors).
    problems: Vec<(Severity, String)>,
}

struct Expander<'a> {
    load: &'a mut dyn FnMut(&str) -> Result<Source, FileError>,
    /// By `url`.
    cache: HashMap<String, Result<Rc<Loaded>, FileError>>,
    diagnostics: Vec<Diagnostic>,
    said_standard: Vec<String>,
    /// Keys whose problems have been reported.
    reported: HashSet<String>,
    /// Keys of the files being expanded (the book's first, if known).
    stack: Vec<String>,
    /// Text and elements inserted so far.
    bytes: usize,
    elements: usize,
    /// A limit was reached: no more expansion.
    stopped: bool,
    /// The IDs of the including book, which an included file may link to.
    outer_ids: HashSet<String>,
}

impl Expander<'_> {
    fn get(&mut self, url: &str) -> Result<Rc<Loaded>, FileError> {
        if let Some(found) = self.cache.get(url) {
            return found.clone();
        }
        let loaded = (self.load)(url).map(|source| {
            let parsed = crate::document::syntax::parse(&source.text);
            let problems = parsed
                .diagnostics
                .iter()
                .chain(crate::check::check_included(&parsed.value, &self.outer_ids).iter())
                .filter(|d| d.severity >= Severity::Warning)
                .map(|d| (d.severity, d.message.to_string()))
                .collect();
            Rc::new(Loaded {
                key: source.key,
                len: source.text.len(),
                book: parsed.value,
                problems,
            })
        });
        self.cache.insert(url.to_owned(), loaded.clone());
        loaded
    }

    fn error(&mut self, code: kifu_diag::Code, at: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::new(code, Severity::Error, at, message));
    }

    fn expand_into(
        &mut self,
        book: &Book,
        out: &mut Vec<Element>,
        outer: Option<Span>,
        depth: usize,
    ) {
        for e in book.elements() {
            let url = (e.kind() == ElementKind::Include)
                .then(|| e.get("url"))
                .flatten();
            let Some(url) = url.filter(|_| !self.stopped) else {
                out.push(e.clone());
                continue;
            };
            // Diagnostics of nested files point at the top-level include.
            let at = outer.unwrap_or(e.span());
            let loaded = match self.get(url) {
                Ok(loaded) => loaded,
                Err(FileError::NotFound) if STANDARD_INCLUDES.contains(&url) => {
                    if !self.said_standard.iter().any(|u| u == url) {
                        self.said_standard.push(url.to_owned());
                        self.diagnostics.push(Diagnostic::new(
                            codes::STANDARD_INCLUDE,
                            Severity::Note,
                            at,
                            format!(
                                "`{url}` is a standard section of SmartGo's apps; kifu leaves it out"
                            ),
                        ));
                    }
                    out.push(e.clone());
                    continue;
                }
                Err(FileError::NotFound) => {
                    self.error(
                        codes::INCLUDE_NOT_FOUND,
                        at,
                        format!("the included file `{url}` was not found"),
                    );
                    out.push(e.clone());
                    continue;
                }
                Err(FileError::Refused(why)) => {
                    self.error(
                        crate::meaning::files::codes::REFUSED_FILE,
                        at,
                        format!("the included file `{url}` is not read: {why}"),
                    );
                    out.push(e.clone());
                    continue;
                }
            };
            if self.stack.iter().any(|k| *k == loaded.key) {
                self.error(codes::INCLUDE_CYCLE, at, format!("`{url}` includes itself"));
                out.push(e.clone());
                continue;
            }
            let limit = if depth >= MAX_DEPTH {
                Some(format!(
                    "includes nest deeper than {MAX_DEPTH} files; `{url}` is left out"
                ))
            } else if self.bytes + loaded.len > MAX_EXPANDED_BYTES
                || self.elements + loaded.book.elements().len() > MAX_EXPANDED_ELEMENTS
            {
                Some(format!(
                    "the includes would insert more than {} MiB or {MAX_EXPANDED_ELEMENTS} elements \
                     (files included over and over); `{url}` and the includes after it are left out",
                    MAX_EXPANDED_BYTES >> 20
                ))
            } else {
                None
            };
            if let Some(message) = limit {
                self.error(codes::INCLUDE_LIMIT, at, message);
                self.stopped = true;
                out.push(e.clone());
                continue;
            }
            self.bytes += loaded.len;
            self.elements += loaded.book.elements().len();
            if self.reported.insert(loaded.key.clone()) {
                for (severity, message) in &loaded.problems {
                    self.diagnostics.push(Diagnostic::new(
                        codes::IN_INCLUDED_FILE,
                        *severity,
                        at,
                        format!("in {url}: {message}"),
                    ));
                }
            }
            self.stack.push(loaded.key.clone());
            let mut nested = Vec::new();
            self.expand_into(&loaded.book, &mut nested, Some(at), depth + 1);
            self.stack.pop();
            let mut first = true;
            for mut n in nested {
                if first {
                    n.lead = e.lead.clone();
                    first = false;
                }
                n.span = at;
                out.push(n);
            }
        }
    }
}

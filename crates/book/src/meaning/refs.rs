//! IDs and the references between elements: `href`, `ref`, `base`, and the
//! board size that Go data inherits through `base`.
//!
//! IDs are looked up in the current chapter first, then in the whole book.
//! `base` only looks backwards (no forward references); when an ID is given
//! twice, `base` takes the most recent element with it (2026 revision).

use std::collections::HashMap;

use kifu_board::BoardSize;

use super::model::{self, DiagramKind, ElementKind};
use crate::document::Book;
use crate::document::language;

/// What an `href` points to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// An element of the book, by index.
    Element(usize),
    /// A language to switch to.
    Language(String),
    /// A web address: `http:`, `https:` or `mailto:` (see [`web_link`]).
    Web(String),
    /// An ID that names no element.
    Missing(String),
    /// An address with any other scheme (`javascript:`, `data:`,
    /// `file:`...): never a link, shown as text.
    Disallowed(String),
}

/// Where an element's Go data comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base {
    /// No base: `base=none`, or nothing earlier in the chapter to base on.
    None,
    /// The element at this index.
    Element(usize),
    /// `base=ID` names no element.
    Missing(String),
    /// `base=ID` names only later elements.
    Forward(String, usize),
    /// `base=ID` names an element that holds no Go data.
    NotGoData(String, usize),
}

/// An index of a book's IDs and chapters, for resolving references.
#[derive(Debug)]
pub struct Index<'b> {
    book: &'b Book,
    kinds: Vec<ElementKind>,
    chapter_of: Vec<Option<usize>>,
    ids: HashMap<&'b str, Vec<usize>>,
    /// For each element, the most recent earlier element of its chapter
    /// that is Go data, a diagram, or holds Go data: the default bases and
    /// refs, found once here rather than by a scan back from every element
    /// (a chapter of 10,000 figures on one `::go` made that quadratic).
    previous_go: Vec<Option<usize>>,
    previous_diagram: Vec<Option<usize>>,
    previous_go_data: Vec<Option<usize>>,
    /// The board size of each element (see [`Index::board_size`]).
    sizes: Vec<BoardSize>,
}

/// The schemes a link may have: the web and mail. Every other scheme
/// (`javascript:`, `data:`, `vbscript:`, `file:`...) is refused.
pub const WEB_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// The scheme of a URL as a browser reads it, in lowercase: leading and
/// trailing C0 controls and spaces trimmed and every ASCII tab and newline
/// removed first (the WHATWG URL parser does both), then an ASCII letter
/// followed by letters, digits, `+`, `-` or `.` up to a `:`. `None` when
/// there is no scheme (an ID, a language, a relative path).
///
/// ```
/// use kifu_book::refs::scheme;
/// assert_eq!(scheme("HTTPS://go.example").as_deref(), Some("https"));
/// assert_eq!(scheme(" java\tscr\nipt:alert(1)").as_deref(), Some("javascript"));
/// assert_eq!(scheme("ch2"), None);
/// assert_eq!(scheme("1:2"), None);
/// ```
pub fn scheme(url: &str) -> Option<String> {
    let trimmed = url.trim_matches(|c: char| c <= ' ');
    let mut out = String::new();
    for c in trimmed.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')) {
        match c {
            ':' if !out.is_empty() => return Some(out),
            c if c.is_ascii_alphabetic() => out.push(c.to_ascii_lowercase()),
            c if !out.is_empty() && (c.is_ascii_digit() || matches!(c, '+' | '-' | '.')) => {
                out.push(c);
            }
            _ => return None,
        }
    }
    None
}

/// Whether `url` is an address a page may link to: its scheme is one of
/// [`WEB_SCHEMES`] (compared as a browser reads it, see [`scheme`]). The
/// one place that decides which addresses become links.
///
/// ```
/// use kifu_book::refs::web_link;
/// assert!(web_link("http://www.smartgo.com"));
/// assert!(web_link("MailTo:support@smartgo.com"));
/// assert!(!web_link("javascript://%0aalert(3)"));
/// assert!(!web_link("\tjava\nscript:alert(1)"));
/// assert!(!web_link("data:text/html,<script>"));
/// assert!(!web_link("ch2"));
/// ```
pub fn web_link(url: &str) -> bool {
    scheme(url).is_some_and(|s| WEB_SCHEMES.contains(&s.as_str()))
}

impl<'b> Index<'b> {
    /// Indexes `book`.
    pub fn new(book: &'b Book) -> Self {
        let mut ids: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, e) in book.elements().iter().enumerate() {
            if let Some(id) = e.id() {
                ids.entry(id).or_default().push(i);
            }
        }
        let kinds: Vec<ElementKind> = book
            .elements()
            .iter()
            .map(crate::document::Element::kind)
            .collect();
        let chapter_of = model::chapter_of_each(book);
        let previous = |is: &dyn Fn(usize) -> bool| {
            let mut last: Option<usize> = None;
            (0..kinds.len())
                .map(|i| {
                    if last.is_some_and(|j| chapter_of[j] != chapter_of[i]) {
                        last = None;
                    }
                    let before = last;
                    if is(i) {
                        last = Some(i);
                    }
                    before
                })
                .collect::<Vec<_>>()
        };
        let elements = book.elements();
        let previous_go = previous(&|i| kinds[i] == ElementKind::Go);
        let previous_diagram = previous(&|i| matches!(kinds[i], ElementKind::Diagram(_)));
        let previous_go_data = previous(&|i| elements[i].is_go_data());
        let mut index = Index {
            book,
            kinds,
            chapter_of,
            ids,
            previous_go,
            previous_diagram,
            previous_go_data,
            sizes: Vec::new(),
        };
        // Bases always lie earlier, so each base's size is known first.
        let mut sizes: Vec<BoardSize> = Vec::with_capacity(elements.len());
        for (i, element) in elements.iter().enumerate() {
            let own = element
                .get("sz")
                .and_then(|s| s.trim().parse::<u32>().ok())
                .or_else(|| element.get("sgf").and_then(sgf_size));
            let size = match (own, index.base_of(i)) {
                (Some(n), _) => BoardSize::square(n).unwrap_or(BoardSize::STANDARD),
                (None, Base::Element(b)) if b < i => sizes[b],
                _ => BoardSize::STANDARD,
            };
            sizes.push(size);
        }
        index.sizes = sizes;
        index
    }

    /// The book indexed.
    pub fn book(&self) -> &'b Book {
        self.book
    }

    /// The chapter element index of element `index`.
    pub fn chapter_of(&self, index: usize) -> Option<usize> {
        self.chapter_of.get(index).copied().flatten()
    }

    /// Every element with ID `id`, in book order.
    pub fn all_with_id(&self, id: &str) -> &[usize] {
        self.ids.get(id).map_or(&[], Vec::as_slice)
    }

    /// The element that `id` names, seen from element `from`: in the same
    /// chapter first, then anywhere in the book (the first such element).
    ///
    /// ```
    /// let book = kifu_book::parse("::chapter(#a)\n\n::dia(#d)\n\n::chapter(#b)\n\n::dia(#d)\n\n::p href=d x").value;
    /// let index = kifu_book::refs::Index::new(&book);
    /// assert_eq!(index.lookup("d", 4), Some(3));
    /// assert_eq!(index.lookup("a", 4), Some(0));
    /// assert_eq!(index.lookup("zz", 4), None);
    /// ```
    pub fn lookup(&self, id: &str, from: usize) -> Option<usize> {
        let all = self.all_with_id(id);
        // A chapter's elements stand together from its `::chapter` on, and
        // `all` is in book order: the first of them in the chapter is found
        // by a binary search, however many elements share the ID.
        let in_chapter = self.chapter_of(from).and_then(|chapter| {
            let first = all.partition_point(|&i| i < chapter);
            all.get(first)
                .copied()
                .filter(|&i| self.chapter_of(i) == Some(chapter))
        });
        in_chapter.or_else(|| all.first().copied())
    }

    /// What an `href` value points to, seen from element `from`: a
    /// language, an element's ID, a web address ([`web_link`]), an address
    /// with another scheme (disallowed), else a missing ID.
    ///
    /// ```
    /// use kifu_book::refs::{Index, Link};
    /// let book = kifu_book::parse("::chapter(#c)\n\n::p x").value;
    /// let index = Index::new(&book);
    /// assert_eq!(index.link("c", 1), Link::Element(0));
    /// assert_eq!(index.link("ja", 1), Link::Language("ja".into()));
    /// assert_eq!(index.link("https://x.org", 1), Link::Web("https://x.org".into()));
    /// assert_eq!(index.link("javascript:alert(2)", 1), Link::Disallowed("javascript:alert(2)".into()));
    /// assert_eq!(index.link("nowhere", 1), Link::Missing("nowhere".into()));
    /// ```
    pub fn link(&self, href: &str, from: usize) -> Link {
        if language::is_language(href) {
            Link::Language(href.to_owned())
        } else if let Some(i) = self.lookup(href, from) {
            Link::Element(i)
        } else if web_link(href) {
            Link::Web(href.to_owned())
        } else if scheme(href).is_some() {
            Link::Disallowed(href.to_owned())
        } else {
            Link::Missing(href.to_owned())
        }
    }

    /// The base of the Go data or diagram at `index`: its `base` attribute,
    /// else the kind's default (the most recent `go` element of the chapter
    /// for `go`, `fig`, `dia` and `prb`; the most recent diagram for `var`).
    ///
    /// ```
    /// use kifu_book::refs::{Base, Index};
    /// let book = kifu_book::parse("::chapter(#c)\n\n::go mv=D4\n\n::fig at=1\n\n::var at=1\n\n::dia base=none\n\n::dia base=later\n\n::go(#later)").value;
    /// let index = Index::new(&book);
    /// assert_eq!(index.base_of(2), Base::Element(1));
    /// assert_eq!(index.base_of(3), Base::Element(2));
    /// assert_eq!(index.base_of(4), Base::None);
    /// assert_eq!(index.base_of(5), Base::Forward("later".into(), 6));
    /// ```
    pub fn base_of(&self, index: usize) -> Base {
        let elements = self.book.elements();
        let Some(element) = elements.get(index) else {
            return Base::None;
        };
        if let Some(id) = element.get("base") {
            if id == "none" {
                return Base::None;
            }
            return self.base_by_id(id, index);
        }
        let found = if self.kinds[index] == ElementKind::Diagram(DiagramKind::Var) {
            self.previous_diagram[index]
        } else {
            self.previous_go[index]
        };
        found.map_or(Base::None, Base::Element)
    }

    fn base_by_id(&self, id: &str, index: usize) -> Base {
        let all = self.all_with_id(id);
        // The most recent earlier element with the ID: in the chapter if
        // it is there (chapters stand together, so that is the latest
        // earlier one when it lies in the chapter), else in the book.
        let before = all.partition_point(|&i| i < index);
        let found = before.checked_sub(1).map(|k| all[k]);
        match found {
            Some(i) if self.book.elements()[i].is_go_data() => Base::Element(i),
            Some(i) => Base::NotGoData(id.to_owned(), i),
            None => match all.get(before).copied() {
                Some(later) => Base::Forward(id.to_owned(), later),
                None => Base::Missing(id.to_owned()),
            },
        }
    }

    /// The diagram or Go data a paragraph at `index` describes: its `ref`,
    /// else the most recent diagram or Go data of the chapter.
    pub fn ref_of(&self, index: usize) -> Option<usize> {
        let elements = self.book.elements();
        let element = elements.get(index)?;
        match element.get("ref") {
            Some("none") => None,
            Some(id) => self.lookup(id, index),
            None => self.previous_go_data[index],
        }
    }

    /// The board size of the Go data at `index`: its `sz` (or the `SZ` of
    /// its `sgf`), else its base's, else 19.
    pub fn board_size(&self, index: usize) -> BoardSize {
        self.sizes
            .get(index)
            .copied()
            .unwrap_or(BoardSize::STANDARD)
    }
}

/// The `SZ[n]` of SGF text, if any (square boards only).
fn sgf_size(sgf: &str) -> Option<u32> {
    let at = sgf.find("SZ[")?;
    let rest = &sgf[at + 3..];
    let end = rest.find([']', ':'])?;
    rest[..end].trim().parse().ok()
}

//! Go books made from SGF, the direction SmartGo One takes ("annotated
//! games with variations are converted into appropriate figures, diagrams,
//! and text"): the top layer, which may use every layer below.
//!
//! - An annotated game becomes a chapter (`game`): the game information,
//!   `GC` and the root comment as its introduction, the main line as Go
//!   data, figures (at `FG`, else every [`Options::figure_moves`] moves,
//!   run on to the end of a ko fight or capture race close by), each
//!   comment after the figure that holds its move ("**White 12**: ..."),
//!   every variation as a `::dia` at its move and every variation of a
//!   variation as a `::var`, captioned "Dia. N".
//! - A problem collection ([`Options::problems`]) becomes a chapter of
//!   `::prb` and a chapter of answers (`problems`).
//! - SGF text stays text (`prose`); `LB` and the symbol marks go on the
//!   diagrams (`marks`), and a coordinate a comment names gets a letter on
//!   the diagram the paragraph describes, so that the reader shows it.
//!
//! Whatever has no place in a book is returned as a note at its place in
//! the SGF ([`codes`]).

pub mod codes;
mod game;
mod marks;
mod out;
mod problems;
mod prose;

use std::collections::BTreeMap;
use std::ops::Range;

use kifu_board::Point;
use kifu_diag::{Diagnostic, Severity, Span};
use kifu_sgf::{Collection, NodeId};

use crate::document::{Book, Element};
use crate::go::figure::{Figure, mark_at};
use crate::meaning::model::ElementKind;
use crate::meaning::refs::Index;

pub use game::title;
pub use out::Line;
use out::Out;
pub use prose::{JOINER, annotations, literal, sgf_points};

/// Moves per figure when the SGF marks no figures (`FG`): game collections
/// print a game in figures of 50 moves (1–50, 51–100, ...); commentaries
/// with many comments read better with fewer (`--figure-moves 20` to 30).
pub const DEFAULT_FIGURE_MOVES: usize = 50;

/// How to make the book.
#[derive(Clone, Debug)]
pub struct Options {
    /// Moves per figure where the SGF has no `FG`.
    pub figure_moves: usize,
    /// Read the games as problems (`::prb`, answers) instead of games.
    pub problems: bool,
    /// The book's title for a collection of several games (one game's
    /// title is its own: [`title`]); also the book's ID, made valid.
    pub title: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            figure_moves: DEFAULT_FIGURE_MOVES,
            problems: false,
            title: None,
        }
    }
}

/// A book made from SGF.
#[derive(Clone, Debug)]
pub struct Created {
    /// The book.
    pub book: Book,
    /// What the SGF holds that the book does not, at its place in the SGF.
    pub notes: Vec<Diagnostic>,
    /// The diagrams that play SGF lines.
    pub lines: Vec<Line>,
    /// The paragraphs made from each SGF comment: (element, node).
    pub comments: Vec<(usize, NodeId)>,
}

/// An ID made of `text`: letters and digits kept, the rest `-`.
fn make_id(text: &str, fallback: &str) -> String {
    let mut id = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            id.extend(c.to_lowercase());
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    let id = id.trim_end_matches('-').to_owned();
    // An ID made only of language tags (`en`, `de_fr`) is not one.
    if id.is_empty() || crate::document::language::is_language(&id) {
        fallback.to_owned()
    } else {
        id
    }
}

/// The book of an SGF collection: a chapter per game (or, with
/// [`Options::problems`], the problems and their answers).
///
/// ```
/// let sgf = b"(;GM[1]FF[4]SZ[9]PB[Kuro]PW[Shiro]C[A lesson.]
///   ;B[ee]C[The centre.](;W[gc]C[Corner.]LB[cc:A])(;W[cg]C[Or here.]))";
/// let c = kifu_sgf::parse(sgf).value;
/// let made = kifu_book::create::book(&c, &kifu_book::create::Options::default());
/// let text = made.book.to_string();
/// assert!(text.contains("::go sz=9 mv=\"E5 G7\""));
/// assert!(text.contains("**Black 1**: The centre."));
/// assert!(text.contains("::dia at=2 mv=C3 ca=\"Dia. 1\""));
/// assert!(kifu_book::check(&made.book).is_empty());
/// ```
pub fn book(collection: &Collection<'_>, options: &Options) -> Created {
    let mut out = Out {
        book: Book::new(),
        notes: Vec::new(),
        lines: Vec::new(),
        comments: Vec::new(),
    };
    let games: Vec<_> = collection.games().collect();
    let single = games.len() == 1;
    // A problem file's name says more than its players ("Black vs White").
    let named = |g: &kifu_sgf::Game<'_, '_>| {
        let root = game::info_node(g);
        ["GN", "EV", "N"]
            .iter()
            .find_map(|id| root.simple_text(id).map(|t| t.trim().to_owned()))
            .filter(|t| !t.is_empty())
    };
    let title = match (&options.title, games.first()) {
        (title, Some(g)) if options.problems && single => named(g)
            .or_else(|| title.clone())
            .unwrap_or_else(|| "Problems".into()),
        (_, Some(g)) if single => game::title(g),
        (Some(t), _) => t.clone(),
        (None, Some(g)) => game::title(g),
        (None, None) => "Go book".to_owned(),
    };
    let mut head =
        Element::new("book").with_id(&make_id(options.title.as_deref().unwrap_or(&title), "book"));
    head.set_attribute("title", &prose::one_line(&title));
    let author = games.first().and_then(|g| {
        let root = game::info_node(g);
        ["AN", "SO"]
            .iter()
            .find_map(|id| root.simple_text(id).map(|t| t.trim().to_owned()))
            .filter(|t| !t.is_empty())
    });
    if single && let Some(author) = author {
        head.set_attribute("author", &prose::one_line(&author));
    }
    out.push(head);
    if options.problems {
        problems::chapters(&mut out, &games);
    } else {
        for (k, g) in games.iter().enumerate() {
            let id = if single {
                "game".to_owned()
            } else {
                format!("game{}", k + 1)
            };
            let size = g.board_size();
            if size.cols != size.rows {
                let span = g
                    .root()
                    .property("SZ")
                    .map(|p| p.span())
                    .unwrap_or_default();
                out.note(
                    codes::NOT_IN_BOOK,
                    span,
                    format!("game {}: Go books hold square boards only; left out", k + 1),
                );
                continue;
            }
            game::chapter(&mut out, g, &id, &game::title(g), options.figure_moves);
        }
    }
    letters_for_coordinates(&mut out);
    out.notes.sort_by_key(|d| d.span.start);
    Created {
        book: out.book,
        notes: out.notes,
        lines: out.lines,
        comments: out.comments,
    }
}

/// A coordinate a paragraph names: the paragraph, the range, the point.
type Named = (usize, Range<usize>, Option<Point>);

/// Gives every coordinate a paragraph names a mark on the diagram it
/// describes: a free letter at that point (lowercase first), as an author
/// would; when all 52 letters are taken, the coordinate is written so
/// that it is not read as one (a note says so).
fn letters_for_coordinates(out: &mut Out) {
    let resolution = crate::go::resolve::resolve(&out.book);
    let index = Index::new(&out.book);
    // Per diagram: the points to mark, and where paragraphs name them.
    let mut wanted: BTreeMap<usize, Vec<Named>> = BTreeMap::new();
    let elements = out.book.elements();
    // Each diagram's figure, made once.
    let mut figures: std::collections::HashMap<usize, Figure> = std::collections::HashMap::new();
    for (i, e) in elements.iter().enumerate() {
        if !matches!(e.kind(), ElementKind::Paragraph(_)) {
            continue;
        }
        if !e.value().bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        let Some(r) = index.ref_of(i).filter(|&r| elements[r].is_diagram()) else {
            continue;
        };
        let Some(item) = resolution.of_element(r) else {
            continue;
        };
        let figure = figures.entry(r).or_insert_with(|| Figure::of(item));
        let unknown = crate::text::parse(e.value()).substitute_coordinates(|c| {
            Point::from_standard(c, item.size)
                .ok()
                .and_then(|p| mark_at(item, figure, p))
        });
        for range in unknown {
            let point = e
                .value()
                .get(range.clone())
                .and_then(|c| Point::from_standard(c, item.size).ok());
            wanted.entry(r).or_default().push((i, range, point));
        }
    }
    let mut breaks: Vec<(usize, Range<usize>)> = Vec::new();
    for (r, places) in wanted {
        let size = resolution
            .of_element(r)
            .map(|item| item.size)
            .unwrap_or_default();
        let e = &mut out.book.elements_mut()[r];
        let taken: Vec<char> = e
            .attributes()
            .iter()
            .filter_map(|a| {
                let mut chars = a.name().chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
                    _ => None,
                }
            })
            .collect();
        let mut free = ('a'..='z').chain('A'..='Z').filter(|c| !taken.contains(c));
        let mut given: Vec<(Point, char)> = Vec::new();
        for (paragraph, range, point) in places {
            let letter = point.and_then(|p| match given.iter().find(|(q, _)| *q == p) {
                Some((_, c)) => Some(*c),
                None => {
                    let c = free.next()?;
                    given.push((p, c));
                    Some(c)
                }
            });
            if letter.is_none() {
                breaks.push((paragraph, range));
            }
        }
        for (p, c) in given {
            e.set_attribute(&c.to_string(), &p.to_standard(size));
        }
    }
    breaks.sort_by_key(|(p, r)| (*p, std::cmp::Reverse(r.start)));
    for (paragraph, range) in breaks {
        let e = &mut out.book.elements_mut()[paragraph];
        let mut value = e.value().to_owned();
        let name = value.get(range.clone()).unwrap_or_default().to_owned();
        value.insert(range.start + 1, JOINER);
        e.set_value(&value);
        out.notes.push(Diagnostic::new(
            codes::COORDINATE_KEPT,
            Severity::Note,
            Span::default(),
            format!("{name} in a comment: no letter is left on its diagram; kept as text"),
        ));
    }
}

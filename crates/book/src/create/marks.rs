//! The marks of a diagram made from SGF nodes: `LB` as letters (one
//! letter) or point texts (anything longer), `TR` `SQ` `CR` `MA` `TB` `TW`
//! as symbols, `AR` `LN` as arrows and lines; and the letters added for
//! coordinates named in the text.

use std::collections::{HashMap, HashSet};

use kifu_board::{BoardSize, Color, Point};
use kifu_sgf::Node;
use kifu_sgf::props::Value;

use crate::document::Element;

/// SGF markup properties and the diagram attribute each becomes.
pub(crate) const SYMBOLS: [(&str, &str); 6] = [
    ("TR", "tr"),
    ("SQ", "sq"),
    ("CR", "cr"),
    ("MA", "ma"),
    ("TB", "tb"),
    ("TW", "tw"),
];

/// What one point shows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shown {
    Letter(char),
    Text(String),
    Symbol(&'static str),
}

/// The marks of one diagram, in the order they were added.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    at: HashMap<Point, Shown>,
    letters: Vec<(char, Point)>,
    texts: Vec<(Point, String)>,
    symbols: Vec<(&'static str, Point)>,
    /// `ar` / `ln` pairs.
    pairs: Vec<(&'static str, Point, Point)>,
}

/// The marks a node asks for, before they are added.
#[derive(Clone, Debug, Default)]
pub(crate) struct NodeMarks {
    shown: Vec<(Point, Shown)>,
    pairs: Vec<(&'static str, Point, Point)>,
}

impl NodeMarks {
    /// The marks of `node`.
    pub(crate) fn of(node: &Node<'_, '_>) -> NodeMarks {
        let mut out = NodeMarks::default();
        for p in node.properties() {
            match p.id() {
                "LB" => {
                    let Ok(value) = p.value() else { continue };
                    let items = match value {
                        Value::List(items) => items,
                        other => vec![other],
                    };
                    for item in items {
                        let Value::Compose(point, text) = item else {
                            continue;
                        };
                        let (Value::Point(point), Value::Text(text)) = (*point, *text) else {
                            continue;
                        };
                        let text = text.trim();
                        let mut chars = text.chars();
                        let shown = match (chars.next(), chars.next()) {
                            (None, _) => continue,
                            (Some(c), None) if c.is_ascii_alphabetic() => Shown::Letter(c),
                            _ => Shown::Text(text.split_whitespace().collect::<Vec<_>>().join(" ")),
                        };
                        out.shown.push((point, shown));
                    }
                }
                "AR" | "LN" => {
                    let name = if p.id() == "AR" { "ar" } else { "ln" };
                    let Ok(value) = p.value() else { continue };
                    let items = match value {
                        Value::List(items) => items,
                        other => vec![other],
                    };
                    for item in items {
                        if let Value::Compose(a, b) = item
                            && let (Value::Point(a), Value::Point(b)) = (*a, *b)
                        {
                            out.pairs.push((name, a, b));
                        }
                    }
                }
                id => {
                    if let Some((_, name)) = SYMBOLS.iter().find(|(s, _)| *s == id) {
                        for point in node.points(id) {
                            out.shown.push((point, Shown::Symbol(name)));
                        }
                    }
                }
            }
        }
        out
    }
}

/// Whether a mark would hide a move's number or be hidden by it: a
/// letter, a text or a symbol (territory marks stand beside a number).
fn covers(shown: &Shown) -> bool {
    !matches!(shown, Shown::Symbol("tb" | "tw"))
}

impl NodeMarks {
    /// These marks without the point texts `redundant` says repeat what
    /// the point shows anyway (a move's own number).
    pub(crate) fn without(&self, redundant: impl Fn(Point, &str) -> bool) -> NodeMarks {
        NodeMarks {
            shown: self
                .shown
                .iter()
                .filter(|(p, s)| !matches!(s, Shown::Text(t) if redundant(*p, t)))
                .cloned()
                .collect(),
            pairs: self.pairs.clone(),
        }
    }

    /// The points that get a letter, a text or a symbol that a move's
    /// number and it cannot share (all but territory).
    pub(crate) fn covering_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.shown
            .iter()
            .filter(|(_, s)| covers(s))
            .map(|(p, _)| *p)
    }
}

impl Marks {
    /// Whether a letter, text or symbol (not territory) stands on `point`:
    /// a move there would have its number hidden, or hide the mark.
    pub(crate) fn covers(&self, point: Point) -> bool {
        self.at.get(&point).is_some_and(covers)
    }

    /// Takes the marks (not territory) off `point`, where the number of
    /// the move just played there would hide them (or they it); returns
    /// them as the text names them: a letter or point text as written, a
    /// symbol as the format's text symbol on a stone of `color` (`^Tb`;
    /// a circle, which has none, "circled").
    pub(crate) fn take_from_move(&mut self, point: Point, color: Color) -> Vec<String> {
        let stone = match color {
            Color::Black => 'b',
            Color::White => 'w',
        };
        let mut taken = Vec::new();
        self.letters.retain(|(c, p)| {
            let hit = *p == point;
            if hit {
                taken.push(c.to_string());
            }
            !hit
        });
        self.texts.retain(|(p, t)| {
            let hit = *p == point;
            if hit {
                taken.push(t.clone());
            }
            !hit
        });
        self.symbols.retain(|(name, p)| {
            let hit = *p == point && !matches!(*name, "tb" | "tw");
            if hit {
                taken.push(match *name {
                    "tr" => format!("^T{stone}"),
                    "sq" => format!("^S{stone}"),
                    "ma" => format!("^X{stone}"),
                    _ => "circled".to_owned(),
                });
            }
            !hit
        });
        if !taken.is_empty() {
            self.at.remove(&point);
        }
        taken
    }

    /// Removes the letters and texts on `points` (where they would hide
    /// the number of a move); returns how many.
    pub(crate) fn remove_labels(&mut self, points: &HashSet<Point>) -> usize {
        let before = self.letters.len() + self.texts.len();
        let mut removed = Vec::new();
        self.letters.retain(|(_, p)| {
            let hit = points.contains(p);
            if hit {
                removed.push(*p);
            }
            !hit
        });
        self.texts.retain(|(p, _)| {
            let hit = points.contains(p);
            if hit {
                removed.push(*p);
            }
            !hit
        });
        for p in removed {
            self.at.remove(&p);
        }
        before - self.letters.len() - self.texts.len()
    }

    /// Whether `point` or `letter` is taken by another mark.
    fn clashes(&self, point: Point, shown: &Shown) -> bool {
        if let Some(there) = self.at.get(&point) {
            return there != shown;
        }
        if let Shown::Letter(c) = shown {
            return self.letters.iter().any(|(l, _)| l == c);
        }
        false
    }

    /// Whether the node's marks clash with these (or with each other).
    pub(crate) fn conflicts(&self, node: &NodeMarks) -> bool {
        let mut local: HashMap<Point, &Shown> = HashMap::new();
        let mut letters: Vec<char> = Vec::new();
        for (p, s) in &node.shown {
            if self.clashes(*p, s) {
                return true;
            }
            if let Some(there) = local.get(p) {
                if *there != s {
                    return true;
                }
                continue;
            }
            if let Shown::Letter(c) = s {
                if letters.contains(c) {
                    return true;
                }
                letters.push(*c);
            }
            local.insert(*p, s);
        }
        false
    }

    fn put(&mut self, point: Point, shown: Shown) {
        if self.at.contains_key(&point) {
            return;
        }
        match &shown {
            Shown::Letter(c) => self.letters.push((*c, point)),
            Shown::Text(t) => self.texts.push((point, t.clone())),
            Shown::Symbol(s) => self.symbols.push((s, point)),
        }
        self.at.insert(point, shown);
    }

    /// Adds a node's marks; returns how many clashed and were left out.
    pub(crate) fn add(&mut self, node: &NodeMarks) -> usize {
        let mut clashes = 0;
        for (p, s) in &node.shown {
            if self.clashes(*p, s) {
                clashes += 1;
            } else {
                self.put(*p, s.clone());
            }
        }
        for pair in &node.pairs {
            if !self.pairs.contains(pair) {
                self.pairs.push(*pair);
            }
        }
        clashes
    }

    /// Writes the marks as the element's attributes: letters, point texts,
    /// symbols, then arrows and lines.
    pub(crate) fn write(&self, element: &mut Element, size: BoardSize) {
        let mut letters: Vec<(char, Vec<Point>)> = Vec::new();
        for (c, p) in &self.letters {
            match letters.iter_mut().find(|(l, _)| l == c) {
                Some((_, ps)) => ps.push(*p),
                None => letters.push((*c, vec![*p])),
            }
        }
        for (c, points) in letters {
            element.set_attribute(&c.to_string(), &list(&points, size));
        }
        for (p, t) in &self.texts {
            element.set_attribute(&p.to_standard(size), t);
        }
        for (_, name) in SYMBOLS {
            let points: Vec<Point> = self
                .symbols
                .iter()
                .filter(|(s, _)| *s == name)
                .map(|(_, p)| *p)
                .collect();
            if !points.is_empty() {
                element.set_attribute(name, &list(&points, size));
            }
        }
        for name in ["ar", "ln"] {
            let points: Vec<Point> = self
                .pairs
                .iter()
                .filter(|(n, _, _)| *n == name)
                .flat_map(|(_, a, b)| [*a, *b])
                .collect();
            if !points.is_empty() {
                element.set_attribute(name, &list(&points, size));
            }
        }
    }
}

/// Points as a list in standard coordinates, separated by spaces.
pub(crate) fn list(points: &[Point], size: BoardSize) -> String {
    points
        .iter()
        .map(|p| p.to_standard(size))
        .collect::<Vec<_>>()
        .join(" ")
}

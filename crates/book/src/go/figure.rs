//! What a printed diagram shows: the starting stones, the moves that can
//! be shown as numbered stones, the moves that cannot (the gaps line), and
//! the caption.
//!
//! A move is shown as a numbered stone when its point holds no stone in
//! the figure yet (neither a starting stone nor an earlier shown move).
//! Otherwise it is a gap, listed below the diagram (`gaps=auto`), in move
//! order:
//! - `12 at 7`: played where move 7 is shown (`12, 16 at 7` for several);
//! - `12 at A`: where the letter `A` (or a point text) marks the point;
//! - `12 at D4`: where a starting stone was (captured before);
//! - `9: connects`: a move that fills a ko (played, capturing nothing,
//!   where a stone was just taken by a ko capture);
//! - `4: elsewhere`: a tenuki;
//! - `ko: 5, 8`: the moves that retake a ko on a point already shown, last.
//!
//! Phrases are joined with `, `. `gaps=none` shows nothing, and a `gaps`
//! text is shown as given.

use std::collections::HashSet;

use kifu_board::{BoardSize, Color, Point};

use super::resolved::{ItemKind, Resolved};
use crate::meaning::coords::Move;
use crate::meaning::go_data::Gaps;

/// A stone drawn in the figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureStone {
    /// Where.
    pub point: Point,
    /// Its colour.
    pub color: Color,
    /// Its move number, for a move shown as a numbered stone.
    pub number: Option<u32>,
}

/// Why a move is not shown as a numbered stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gap {
    /// On the point where this numbered move is shown.
    AtMove(u32),
    /// On a point marked with this letter or text.
    AtMark(String),
    /// On the point of a starting stone (captured before).
    AtPoint(Point),
    /// Fills a ko.
    Connects,
    /// Retakes a ko.
    Ko,
    /// A tenuki.
    Elsewhere,
}

/// A move that the figure cannot show as a numbered stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenMove {
    /// Its number.
    pub number: u32,
    /// Why it is not shown, and where it went.
    pub gap: Gap,
}

/// The printed form of a resolved diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The starting stones, then the shown moves, in move order.
    pub stones: Vec<FigureStone>,
    /// The moves that cannot be shown, in move order.
    pub hidden: Vec<HiddenMove>,
}

impl Figure {
    /// The figure of a resolved item.
    ///
    /// ```
    /// use kifu_book::figure::{Figure, Gap};
    /// // White captures 1 with 4, then plays 6 where 1 is shown.
    /// let book = kifu_book::parse("::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1\"").value;
    /// let resolution = kifu_book::resolve::resolve(&book);
    /// let figure = Figure::of(resolution.of_element(0).unwrap());
    /// assert_eq!(figure.number_at(kifu_board::Point::new(0, 4)), Some(1));
    /// assert_eq!(figure.hidden[0].number, 6);
    /// assert_eq!(figure.hidden[0].gap, Gap::AtMove(1));
    /// ```
    pub fn of(item: &Resolved) -> Figure {
        let size = item.size;
        let mut grid: Vec<Option<usize>> = vec![None; size.point_count()];
        let at = |p: Point| usize::from(p.y) * usize::from(size.cols) + usize::from(p.x);
        let mut stones: Vec<FigureStone> = item
            .start
            .stones()
            .map(|(point, color)| FigureStone {
                point,
                color,
                number: None,
            })
            .collect();
        for (i, s) in stones.iter().enumerate() {
            grid[at(s.point)] = Some(i);
        }
        let marks: Vec<(Point, String)> = item
            .diagram
            .as_ref()
            .map(|d| {
                d.letters
                    .iter()
                    .map(|(c, p)| (*p, c.to_string()))
                    .chain(d.point_texts.iter().map(|(p, t)| (*p, t.clone())))
                    .collect()
            })
            .unwrap_or_default();
        let mut ko_taken: HashSet<Point> = HashSet::new();
        let mut hidden = Vec::new();
        for m in &item.moves {
            let Some(number) = m.number else { continue };
            let point = match m.mv {
                Move::Play(p) if size.contains(p) => p,
                Move::Play(_) => continue,
                Move::Tenuki => {
                    hidden.push(HiddenMove {
                        number,
                        gap: Gap::Elsewhere,
                    });
                    continue;
                }
                Move::Pass => continue,
            };
            match grid[at(point)] {
                None => {
                    grid[at(point)] = Some(stones.len());
                    stones.push(FigureStone {
                        point,
                        color: m.color,
                        number: Some(number),
                    });
                }
                Some(shown) => {
                    let shown = stones[shown];
                    let gap = if m.ko_capture {
                        Gap::Ko
                    } else if m.captured.is_empty()
                        && ko_taken.contains(&point)
                        && shown.color != m.color
                    {
                        Gap::Connects
                    } else if let Some((_, mark)) = marks.iter().find(|(p, _)| *p == point) {
                        Gap::AtMark(mark.clone())
                    } else if let Some(n) = shown.number {
                        Gap::AtMove(n)
                    } else {
                        Gap::AtPoint(point)
                    };
                    hidden.push(HiddenMove { number, gap });
                }
            }
            if m.ko_capture {
                ko_taken.extend(m.captured.iter().copied());
            }
        }
        Figure { stones, hidden }
    }

    /// The number shown on the stone at `point`, if a numbered move is
    /// shown there.
    pub fn number_at(&self, point: Point) -> Option<u32> {
        self.stones
            .iter()
            .find(|s| s.point == point && s.number.is_some())
            .and_then(|s| s.number)
    }

    /// The generated gaps line (`gaps=auto`), `None` when every move is
    /// shown. `size` names starting-stone points.
    ///
    /// ```
    /// let book = kifu_book::parse("::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1 tenuki\"").value;
    /// let resolution = kifu_book::resolve::resolve(&book);
    /// let item = resolution.of_element(0).unwrap();
    /// let figure = kifu_book::figure::Figure::of(item);
    /// assert_eq!(figure.gaps_line(item.size).as_deref(), Some("6 at 1, 7: elsewhere"));
    /// ```
    pub fn gaps_line(&self, size: kifu_board::BoardSize) -> Option<String> {
        let mut phrases: Vec<String> = Vec::new();
        let mut ko: Vec<u32> = Vec::new();
        // Moves at the same place are merged: `12, 16 at 7`.
        let mut merged: Vec<(Vec<u32>, String)> = Vec::new();
        let mut order: Vec<(u32, usize)> = Vec::new();
        for h in &self.hidden {
            let target = match &h.gap {
                Gap::AtMove(n) => n.to_string(),
                Gap::AtMark(m) => m.clone(),
                Gap::AtPoint(p) => p.to_standard(size),
                Gap::Ko => {
                    ko.push(h.number);
                    continue;
                }
                Gap::Connects => {
                    order.push((h.number, usize::MAX));
                    phrases.push(format!("{}: connects", h.number));
                    continue;
                }
                Gap::Elsewhere => {
                    order.push((h.number, usize::MAX));
                    phrases.push(format!("{}: elsewhere", h.number));
                    continue;
                }
            };
            match merged.iter_mut().find(|(_, t)| *t == target) {
                Some((numbers, _)) => numbers.push(h.number),
                None => {
                    order.push((h.number, merged.len()));
                    merged.push((vec![h.number], target));
                }
            }
        }
        let mut out: Vec<String> = Vec::new();
        let mut simple = phrases.into_iter();
        for (_, slot) in order {
            if slot == usize::MAX {
                out.extend(simple.next());
            } else {
                let (numbers, target) = &merged[slot];
                let list: Vec<String> = numbers.iter().map(u32::to_string).collect();
                out.push(format!("{} at {target}", list.join(", ")));
            }
        }
        if !ko.is_empty() {
            let list: Vec<String> = ko.iter().map(u32::to_string).collect();
            out.push(format!("ko: {}", list.join(", ")));
        }
        (!out.is_empty()).then(|| out.join(", "))
    }
}

/// What a coordinate in the text becomes: the letter or point text at
/// `point`, else the number of the move shown there, else the symbol of a
/// mark; `None` when the diagram shows nothing there.
pub fn mark_at(item: &Resolved, figure: &Figure, point: Point) -> Option<String> {
    if let Some(d) = &item.diagram {
        if let Some((c, _)) = d.letters.iter().find(|(_, p)| *p == point) {
            return Some(c.to_string());
        }
        if let Some((_, t)) = d.point_texts.iter().find(|(p, _)| *p == point) {
            return Some(t.clone());
        }
    }
    if let Some(n) = figure.number_at(point) {
        return Some(n.to_string());
    }
    let d = item.diagram.as_ref()?;
    let (mark, _) = d.marks.iter().find(|(_, p)| *p == point)?;
    let stone = figure
        .stones
        .iter()
        .find(|s| s.point == point)
        .map(|s| s.color);
    let symbol = match mark {
        crate::meaning::go_data::Mark::Triangle => crate::text::Symbol::Triangle,
        crate::meaning::go_data::Mark::Square => crate::text::Symbol::Square,
        crate::meaning::go_data::Mark::Cross => crate::text::Symbol::Cross,
        crate::meaning::go_data::Mark::Diamond => crate::text::Symbol::Diamond,
        crate::meaning::go_data::Mark::Circle => crate::text::Symbol::Stone,
        _ => return None,
    };
    Some(symbol.unicode(stone).to_owned())
}

/// "Moves 1-3" or "Move 5" in a language (English when there is no
/// translation).
fn from_to(first: u32, last: u32, lang: &str) -> String {
    let (one, many) = match lang {
        "de" => ("Zug", "Züge"),
        "fr" => ("Coup", "Coups"),
        "es" => ("Jugada", "Jugadas"),
        "it" => ("Mossa", "Mosse"),
        "nl" => ("Zet", "Zetten"),
        _ => ("Move", "Moves"),
    };
    if first == last {
        format!("{one} {first}")
    } else {
        format!("{many} {first}-{last}")
    }
}

/// "Black to play." in a language: the standard text `#^tp#`.
pub fn to_play_text(color: Color, lang: &str) -> String {
    crate::text::standard_text("^tp", lang, Some(color))
        .map_or_else(|| format!("{color} to play."), |t| t.text)
}

/// The caption of a resolved diagram in a language: the `ca` text for that
/// language, then "Moves 1-3" (in parentheses after a caption) when
/// `showFromTo` is on and there are moves, then "Black to play." when
/// `showToPlay` is on, after a full stop. `None` for an empty caption.
///
/// ```
/// let book = kifu_book::parse("::go mv=\"D4 F4 H4\"\n\n::fig at=1 to=3\n\n::dia at=2 mv=F6 ca=\"Dia. 1\" showFromTo=1\n\n::prb base=none ab=D4 ca=\"Problem 1\"").value;
/// let r = kifu_book::resolve::resolve(&book);
/// let caption = |i| kifu_book::figure::caption(r.of_element(i).unwrap(), "en");
/// assert_eq!(caption(1).as_deref(), Some("Moves 1-3"));
/// assert_eq!(caption(2).as_deref(), Some("Dia. 1 (Move 1)"));
/// assert_eq!(caption(3).as_deref(), Some("Problem 1. Black to play."));
/// ```
pub fn caption(item: &Resolved, lang: &str) -> Option<String> {
    let diagram = item.diagram.as_ref()?;
    let mut text = item_caption_text(item, lang).unwrap_or_default();
    if diagram.show_from_to
        && let Some((first, last)) = item.number_range()
    {
        let moves = from_to(first, last, lang);
        if text.is_empty() {
            text = moves;
        } else {
            text = format!("{text} ({moves})");
        }
    }
    if diagram.show_to_play {
        let to_play = to_play_text(item.to_play, lang);
        if text.is_empty() {
            text = to_play;
        } else if text.ends_with(['.', '!', '?', ':']) {
            text = format!("{text} {to_play}");
        } else {
            text = format!("{text}. {to_play}");
        }
    }
    (!text.is_empty()).then_some(text)
}

/// The `ca` text of an item for `lang`: the attribute tagged with that
/// language, else the neutral one, else the first tagged one; standard
/// texts expanded, `^` being the player to move.
fn item_caption_text(item: &Resolved, lang: &str) -> Option<String> {
    let tagged = |name: &str| name.split('_').skip(1).any(|l| l == lang);
    let text = item
        .captions
        .iter()
        .find(|(name, _)| tagged(name))
        .or_else(|| item.captions.iter().find(|(name, _)| name == "ca"))
        .or_else(|| item.captions.first())
        .map(|(_, text)| text.as_str())?;
    let fields = crate::text::Fields {
        player: Some(item.to_play),
        ..crate::text::Fields::default()
    };
    Some(crate::text::expand_standard_texts(text, lang, &fields).0)
}

/// The gaps line of a resolved diagram: the generated one for
/// `gaps=auto`, the given text, or nothing for `gaps=none`.
pub fn gaps(item: &Resolved) -> Option<String> {
    let d = item.diagram.as_ref();
    match d.map_or(&Gaps::Auto, |d| &d.gaps) {
        Gaps::None => None,
        Gaps::Text(t) => Some(t.clone()),
        Gaps::Auto if item.kind == ItemKind::Go => None,
        Gaps::Auto => Figure::of(item).gaps_line(item.size),
    }
}

/// The labels of a coordinate system around the board (`coord`): one per
/// column from the left and one per row from the top; `None` for `none`,
/// `auto` and unknown systems.
///
/// - `standard`: `A`-`T` without `I` (two letters past `Z`), rows numbered
///   from the bottom;
/// - `sgf`: SGF letters `a`-`z`, `A`-`Z`, rows from the top;
/// - `j1` (Japanese): columns `1`-`19` from the left, rows in kanji
///   numerals `一`-`十九` from the top;
/// - `j2` (iroha): columns `1`-`19`, rows in iroha order `イ ロ ハ ...`;
/// - `j3` (Segoe's tsumego dictionary): the spec does not show it; we use
///   kanji numerals for columns and Arabic numerals for rows, from the top
///   left, the transposition of `j1` found in older tsumego collections.
///
/// ```
/// use kifu_board::BoardSize;
/// let (cols, rows) = kifu_book::figure::coordinate_labels("standard", BoardSize::STANDARD).unwrap();
/// assert_eq!((cols[8].as_str(), rows[0].as_str()), ("J", "19"));
/// let (cols, rows) = kifu_book::figure::coordinate_labels("j1", BoardSize::STANDARD).unwrap();
/// assert_eq!((cols[0].as_str(), rows[0].as_str(), rows[18].as_str()), ("1", "一", "十九"));
/// let (_, rows) = kifu_book::figure::coordinate_labels("j2", BoardSize::square(9).unwrap()).unwrap();
/// assert_eq!(rows.concat(), "イロハニホヘトチリ");
/// assert!(kifu_book::figure::coordinate_labels("auto", BoardSize::STANDARD).is_none());
/// ```
pub fn coordinate_labels(
    system: &str,
    size: kifu_board::BoardSize,
) -> Option<(Vec<String>, Vec<String>)> {
    const IROHA: [&str; 47] = [
        "イ", "ロ", "ハ", "ニ", "ホ", "ヘ", "ト", "チ", "リ", "ヌ", "ル", "ヲ", "ワ", "カ", "ヨ",
        "タ", "レ", "ソ", "ツ", "ネ", "ナ", "ラ", "ム", "ウ", "ヰ", "ノ", "オ", "ク", "ヤ", "マ",
        "ケ", "フ", "コ", "エ", "テ", "ア", "サ", "キ", "ユ", "メ", "ミ", "シ", "ヱ", "ヒ", "モ",
        "セ", "ス",
    ];
    let kanji = |n: usize| -> String {
        const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
        match n {
            1..=9 => DIGITS[n].to_owned(),
            10 => "十".to_owned(),
            11..=19 => format!("十{}", DIGITS[n - 10]),
            n if n % 10 == 0 => format!("{}十", DIGITS[n / 10]),
            n => format!("{}十{}", DIGITS[n / 10], DIGITS[n % 10]),
        }
    };
    let cols = usize::from(size.cols);
    let rows = usize::from(size.rows);
    let arabic = |n: usize| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>();
    Some(match system {
        "standard" => (
            (0..size.cols).map(kifu_board::coord::column_name).collect(),
            (0..rows).map(|y| (rows - y).to_string()).collect(),
        ),
        "sgf" => {
            let letter = |i: u8| char::from(Point::new(i, i).to_sgf()[0]).to_string();
            (
                (0..size.cols).map(letter).collect(),
                (0..size.rows).map(letter).collect(),
            )
        }
        "j1" => (arabic(cols), (1..=rows).map(kanji).collect()),
        "j2" => (
            arabic(cols),
            (0..rows)
                .map(|i| {
                    IROHA
                        .get(i)
                        .map_or_else(|| (i + 1).to_string(), |s| (*s).to_owned())
                })
                .collect(),
        ),
        "j3" => ((1..=cols).map(kanji).collect(), arabic(rows)),
        _ => return None,
    })
}

/// Whether a point is a star point (hoshi): the 4-4 points, the centre and
/// the 4-10 points on 19x19 (on boards from 15 lines up, odd-sized); the
/// 3-3 points and centre on 9x9 (boards under 13 lines), the 4-4 points
/// and centre on 13x13. None below 7 lines. The SVG, the text view and
/// `kifu diagrams` draw these.
///
/// ```
/// use kifu_board::{BoardSize, Point};
/// use kifu_book::figure::is_star_point;
/// let count = |n: u8| {
///     let size = BoardSize::square(u32::from(n)).unwrap();
///     (0..n).flat_map(|x| (0..n).map(move |y| Point::new(x, y)))
///         .filter(|&p| is_star_point(size, p))
///         .count()
/// };
/// assert_eq!((count(9), count(13), count(19)), (5, 5, 9));
/// ```
pub fn is_star_point(size: BoardSize, p: Point) -> bool {
    fn lines(n: u8, with_sides: bool) -> Option<(u8, Option<u8>, u8)> {
        if n < 7 {
            return None;
        }
        let edge = if n >= 13 { 3 } else { 2 };
        let middle = (n % 2 == 1).then_some(n / 2);
        Some((
            edge,
            middle.filter(|_| with_sides || n % 2 == 1),
            n - 1 - edge,
        ))
    }
    let big = size.cols.min(size.rows) >= 15;
    let (Some((xa, xm, xb)), Some((ya, ym, yb))) = (lines(size.cols, big), lines(size.rows, big))
    else {
        return false;
    };
    let on_x = p.x == xa || p.x == xb;
    let on_y = p.y == ya || p.y == yb;
    let mid_x = xm == Some(p.x);
    let mid_y = ym == Some(p.y);
    (on_x && on_y) || (mid_x && mid_y) || (big && ((mid_x && on_y) || (on_x && mid_y)))
}

//! Coordinates in attribute values: point lists (`ab=C3C4D5`,
//! `aw="D3 D4"`), move lists with `Pass` and `Tenuki`, views (`vw=A1T10`)
//! and problem sequences (`correct="E1E2D1(White is dead.);E1D1E2"`).
//!
//! Books write standard coordinates (`D4`: column letters without `I`, row
//! 1 at the bottom). On reading, attributes may also use lowercase standard
//! coordinates (`d4`) and lowercase SGF coordinates (`dp`), as the format
//! asks readers to accept; [`to_standard`] rewrites them for writing.

use std::ops::Range;

use kifu_board::{BoardSize, Point};

/// A move in a move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone at a point.
    Play(Point),
    /// A pass: numbered like a move, changes the player.
    Pass,
    /// A move elsewhere: skips a number ("2: elsewhere"), changes the player.
    Tenuki,
}

/// How a coordinate was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `D4`, as books should write.
    Standard,
    /// `d4`: accepted in attributes, written in uppercase.
    LowercaseStandard,
    /// `dp`: SGF letters, accepted in attributes.
    Sgf,
    /// `Pass` or `Tenuki` (any case).
    Word,
}

/// One coordinate or word of a list, where it is in the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// Byte range in the value.
    pub range: Range<usize>,
    /// How it was written.
    pub notation: Notation,
}

/// A value that is not a valid list, with where in the value it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    /// What is wrong, as a sentence fragment (`"Z5 is off the 19x19 board"`).
    pub message: String,
    /// Byte range in the value.
    pub range: Range<usize>,
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ListError {}

fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',')
}

/// Splits a list into its coordinates and words. `words` allows `Pass` and
/// `Tenuki`.
///
/// ```
/// use kifu_book::coords::{tokens, Notation};
/// let t = tokens("C3 c4dd", false).unwrap();
/// let notations: Vec<_> = t.iter().map(|t| t.notation).collect();
/// assert_eq!(notations, [Notation::Standard, Notation::LowercaseStandard, Notation::Sgf]);
/// ```
///
/// # Errors
/// A [`ListError`] at the first piece that is no coordinate.
pub fn tokens(text: &str, words: bool) -> Result<Vec<Token>, ListError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if is_separator(bytes[i]) {
            i += 1;
            continue;
        }
        if words {
            let rest = &text[i..];
            let word = ["pass", "tenuki"].into_iter().find(|w| {
                rest.len() >= w.len()
                    && rest.as_bytes()[..w.len()].eq_ignore_ascii_case(w.as_bytes())
            });
            if let Some(w) = word {
                out.push(Token {
                    range: i..i + w.len(),
                    notation: Notation::Word,
                });
                i += w.len();
                continue;
            }
        }
        let letters = bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        let digits = bytes[i + letters..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if letters == 0 {
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            return Err(ListError {
                message: format!("`{}` is not a coordinate", &text[i..i + len]),
                range: i..i + len,
            });
        }
        if digits > 0 {
            if letters > 2 {
                return Err(ListError {
                    message: format!("`{}` is not a coordinate", &text[i..i + letters + digits]),
                    range: i..i + letters + digits,
                });
            }
            let lower = bytes[i..i + letters].iter().any(u8::is_ascii_lowercase);
            out.push(Token {
                range: i..i + letters + digits,
                notation: if lower {
                    Notation::LowercaseStandard
                } else {
                    Notation::Standard
                },
            });
            i += letters + digits;
            continue;
        }
        // Letters only: SGF pairs.
        let run = &bytes[i..i + letters];
        if letters % 2 != 0 || run.iter().any(u8::is_ascii_uppercase) {
            return Err(ListError {
                message: format!("`{}` is not a coordinate", &text[i..i + letters]),
                range: i..i + letters,
            });
        }
        for k in (0..letters).step_by(2) {
            out.push(Token {
                range: i + k..i + k + 2,
                notation: Notation::Sgf,
            });
        }
        i += letters;
    }
    Ok(out)
}

/// The point a token names.
fn point(text: &str, token: &Token, size: BoardSize) -> Result<Point, ListError> {
    let t = &text[token.range.clone()];
    let result = match token.notation {
        Notation::Sgf => Point::from_sgf(t.as_bytes(), size),
        _ => Point::from_standard(t, size),
    };
    result.map_err(|_| {
        // Standard coordinates skip I (H is followed by J): `I4` is a typo,
        // not a point off the board.
        let has_i = token.notation != Notation::Sgf
            && t.bytes()
                .take_while(u8::is_ascii_alphabetic)
                .any(|b| b.eq_ignore_ascii_case(&b'i'));
        let message = if has_i {
            format!("{t}: I is not a coordinate letter (the letters skip I: H, then J)")
        } else {
            format!("{t} is off the {size} board")
        };
        ListError {
            message,
            range: token.range.clone(),
        }
    })
}

/// Reads a list of points (`ab`, `tr`, `hideInReplay`...).
///
/// ```
/// use kifu_board::{BoardSize, Point};
/// let size = BoardSize::STANDARD;
/// let points = kifu_book::coords::parse_points("C3 c4 dp", size).unwrap();
/// assert_eq!(points, [Point::new(2, 16), Point::new(2, 15), Point::new(3, 15)]);
/// assert!(kifu_book::coords::parse_points("C3 Pass", size).is_err());
/// ```
///
/// # Errors
/// A [`ListError`] for the first piece that is not a point on the board.
pub fn parse_points(text: &str, size: BoardSize) -> Result<Vec<Point>, ListError> {
    tokens(text, false)?
        .iter()
        .map(|t| point(text, t, size))
        .collect()
}

/// Reads a single point (`koPoint`).
///
/// # Errors
/// A [`ListError`] unless the value is exactly one point on the board.
pub fn parse_point(text: &str, size: BoardSize) -> Result<Point, ListError> {
    let points = parse_points(text, size)?;
    match points.as_slice() {
        [p] => Ok(*p),
        _ => Err(ListError {
            message: format!("expected one point, found {}", points.len()),
            range: 0..text.len(),
        }),
    }
}

/// Reads a move list (`mv`): points, `Pass` and `Tenuki`.
///
/// ```
/// use kifu_board::{BoardSize, Point};
/// use kifu_book::coords::{parse_moves, Move};
/// let moves = parse_moves("A1PassB1 tenuki", BoardSize::STANDARD).unwrap();
/// assert_eq!(moves, [Move::Play(Point::new(0, 18)), Move::Pass, Move::Play(Point::new(1, 18)), Move::Tenuki]);
/// ```
///
/// # Errors
/// A [`ListError`] for the first piece that is not a move on the board.
pub fn parse_moves(text: &str, size: BoardSize) -> Result<Vec<Move>, ListError> {
    tokens(text, true)?
        .iter()
        .map(|t| {
            if t.notation == Notation::Word {
                let w = &text[t.range.clone()];
                Ok(if w.eq_ignore_ascii_case("pass") {
                    Move::Pass
                } else {
                    Move::Tenuki
                })
            } else {
                point(text, t, size).map(Move::Play)
            }
        })
        .collect()
}

/// A rectangle of the board: its top-left and bottom-right corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The top-left corner (smallest x and y).
    pub top_left: Point,
    /// The bottom-right corner (largest x and y).
    pub bottom_right: Point,
}

/// Reads a view (`vw=A1T10`): two corners, in either order.
///
/// ```
/// use kifu_board::{BoardSize, Point};
/// let v = kifu_book::coords::parse_view("A1T10", BoardSize::STANDARD).unwrap();
/// assert_eq!((v.top_left, v.bottom_right), (Point::new(0, 9), Point::new(18, 18)));
/// ```
///
/// # Errors
/// A [`ListError`] unless the value is exactly two points on the board.
pub fn parse_view(text: &str, size: BoardSize) -> Result<View, ListError> {
    let points = parse_points(text, size)?;
    match points.as_slice() {
        [a, b] => Ok(View {
            top_left: Point::new(a.x.min(b.x), a.y.min(b.y)),
            bottom_right: Point::new(a.x.max(b.x), a.y.max(b.y)),
        }),
        _ => Err(ListError {
            message: format!("a view needs two corner points, found {}", points.len()),
            range: 0..text.len(),
        }),
    }
}

/// One move of a problem sequence, with the text shown after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceMove {
    /// The move.
    pub mv: Move,
    /// The text in parentheses after the move, if any.
    pub text: Option<String>,
}

/// Reads problem sequences (`correct`, `wrong`): sequences separated by
/// `;`, each move optionally followed by `(text)`.
///
/// ```
/// use kifu_board::BoardSize;
/// let s = kifu_book::coords::parse_sequences("E1E2D1(White is dead.);E1D1E2(Seki.)", BoardSize::square(9).unwrap()).unwrap();
/// assert_eq!(s.len(), 2);
/// assert_eq!(s[0].len(), 3);
/// assert_eq!(s[0][2].text.as_deref(), Some("White is dead."));
/// assert_eq!(s[1][2].text.as_deref(), Some("Seki."));
/// ```
///
/// # Errors
/// A [`ListError`] for a move that is not on the board or an unclosed `(`.
pub fn parse_sequences(text: &str, size: BoardSize) -> Result<Vec<Vec<SequenceMove>>, ListError> {
    let mut sequences = vec![Vec::new()];
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut chunk_start = 0;
    let flush = |from: usize, to: usize, seq: &mut Vec<SequenceMove>| -> Result<(), ListError> {
        let part = &text[from..to];
        for mv in parse_moves(part, size).map_err(|e| ListError {
            message: e.message,
            range: e.range.start + from..e.range.end + from,
        })? {
            seq.push(SequenceMove { mv, text: None });
        }
        Ok(())
    };
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                let seq = sequences.last_mut().expect("never empty");
                flush(chunk_start, i, seq)?;
                let mut depth = 0;
                let mut close = None;
                for (k, &b) in bytes[i..].iter().enumerate() {
                    match b {
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                close = Some(i + k);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let Some(close) = close else {
                    return Err(ListError {
                        message: "`(` without `)`".into(),
                        range: i..text.len(),
                    });
                };
                let note = text[i + 1..close].to_owned();
                match seq.last_mut() {
                    Some(last) if last.text.is_none() => last.text = Some(note),
                    _ => {
                        return Err(ListError {
                            message: "a text in parentheses must follow a move".into(),
                            range: i..close + 1,
                        });
                    }
                }
                i = close + 1;
                chunk_start = i;
            }
            b';' => {
                let seq = sequences.last_mut().expect("never empty");
                flush(chunk_start, i, seq)?;
                sequences.push(Vec::new());
                i += 1;
                chunk_start = i;
            }
            _ => i += 1,
        }
    }
    let seq = sequences.last_mut().expect("never empty");
    flush(chunk_start, text.len(), seq)?;
    sequences.retain(|s| !s.is_empty());
    Ok(sequences)
}

/// Rewrites every coordinate of a list in uppercase standard notation,
/// keeping separators, words and texts as they are; `None` when nothing
/// needs to change (or the value is not a valid list).
///
/// ```
/// use kifu_board::BoardSize;
/// use kifu_book::coords::to_standard;
/// let size = BoardSize::STANDARD;
/// assert_eq!(to_standard("c3 dp pass", size, true).as_deref(), Some("C3 D4 pass"));
/// assert_eq!(to_standard("C3C4", size, false), None);
/// ```
pub fn to_standard(text: &str, size: BoardSize, words: bool) -> Option<String> {
    let toks = tokens(text, words).ok()?;
    if toks
        .iter()
        .all(|t| matches!(t.notation, Notation::Standard | Notation::Word))
    {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for t in &toks {
        out.push_str(&text[last..t.range.start]);
        let piece = &text[t.range.clone()];
        match t.notation {
            Notation::Standard | Notation::Word => out.push_str(piece),
            Notation::LowercaseStandard => out.push_str(&piece.to_ascii_uppercase()),
            Notation::Sgf => {
                let p = Point::from_sgf(piece.as_bytes(), size).ok()?;
                out.push_str(&p.to_standard(size));
            }
        }
        last = t.range.end;
    }
    out.push_str(&text[last..]);
    Some(out)
}

/// [`to_standard`] for problem sequences: coordinates outside the `(text)`
/// parts rewritten.
pub fn sequences_to_standard(text: &str, size: BoardSize) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut depth = 0usize;
    let mut chunk = String::new();
    let mut flush = |chunk: &mut String, out: &mut String| -> Option<()> {
        match to_standard(chunk, size, true) {
            Some(s) => {
                changed = true;
                out.push_str(&s);
            }
            None => {
                tokens(chunk, true).ok()?;
                out.push_str(chunk);
            }
        }
        chunk.clear();
        Some(())
    };
    for c in text.chars() {
        match c {
            '(' => {
                if depth == 0 {
                    flush(&mut chunk, &mut out)?;
                }
                depth += 1;
                out.push(c);
            }
            ')' if depth > 0 => {
                depth -= 1;
                out.push(c);
            }
            ';' if depth == 0 => {
                flush(&mut chunk, &mut out)?;
                out.push(c);
            }
            c if depth > 0 => out.push(c),
            c => chunk.push(c),
        }
    }
    flush(&mut chunk, &mut out)?;
    changed.then_some(out)
}

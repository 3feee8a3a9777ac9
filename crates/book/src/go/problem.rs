//! Problems (`prb`): the reader plays a move, the book answers.
//!
//! The reader's moves are the 1st, 3rd, 5th... of a sequence and the
//! book's replies the 2nd, 4th... A move that starts (or continues) a
//! `correct` sequence is correct, and the book replies with the sequence's
//! next move; when the sequence ends, the problem is solved. A move of a
//! `wrong` sequence is wrong, with its reply and text. A move in neither
//! is wrong too, without reply ("not in the book"). Without `correct`, the
//! base's moves from the problem's position are the correct answer.

use super::resolve::Resolved;
use crate::meaning::coords::{Move, SequenceMove};

/// What the book says to a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move is right and the sequence goes on: here is the reply.
    Continue {
        /// The text after the reader's move.
        text: Option<String>,
        /// The book's reply and its text.
        reply: Option<(Move, Option<String>)>,
    },
    /// The move is right and the problem is solved.
    Solved {
        /// The text after the last move (the reader's, or the reply's).
        text: Option<String>,
        /// The book's last reply, if the sequence ends with one.
        reply: Option<(Move, Option<String>)>,
    },
    /// The move is wrong.
    Wrong {
        /// The text after the move.
        text: Option<String>,
        /// The book's refutation, if the wrong sequence has one.
        reply: Option<(Move, Option<String>)>,
        /// Whether the book names this move as wrong (else it is simply
        /// not among the answers).
        known: bool,
    },
}

/// A problem being solved: the sequences and the moves played so far.
#[derive(Clone, Debug)]
pub struct Problem {
    correct: Vec<Vec<SequenceMove>>,
    wrong: Vec<Vec<SequenceMove>>,
    played: Vec<Move>,
    text: Option<String>,
}

impl Problem {
    /// The problem of a resolved `prb` (or any diagram: then only its
    /// default answer counts).
    ///
    /// ```
    /// use kifu_book::coords::Move;
    /// use kifu_book::problem::{Answer, Problem};
    /// let book = kifu_book::parse("::prb sz=9 base=none ab=D1 aw=E2 correct=\"E1D2(White is dead.);E1F1\" wrong=\"D2E1(Too slow.)\"\n#btk#").value;
    /// let r = kifu_book::resolve::resolve(&book);
    /// let item = r.of_element(0).unwrap();
    /// let mut problem = Problem::of(item);
    /// let e1 = Move::Play(kifu_board::Point::from_standard("E1", item.size).unwrap());
    /// let d2 = Move::Play(kifu_board::Point::from_standard("D2", item.size).unwrap());
    /// assert_eq!(
    ///     problem.play(e1),
    ///     Answer::Solved { text: Some("White is dead.".into()), reply: Some((d2, Some("White is dead.".into()))) }
    /// );
    /// let mut again = Problem::of(item);
    /// assert!(matches!(again.play(d2), Answer::Wrong { known: true, .. }));
    /// ```
    pub fn of(item: &Resolved) -> Problem {
        let (mut correct, wrong) = item
            .diagram
            .as_ref()
            .map(|d| (d.correct.clone(), d.wrong.clone()))
            .unwrap_or_default();
        if correct.is_empty() && !item.default_correct.is_empty() {
            correct.push(
                item.default_correct
                    .iter()
                    .map(|&mv| SequenceMove { mv, text: None })
                    .collect(),
            );
        }
        Problem {
            correct,
            wrong,
            played: Vec::new(),
            text: item.problem_text.clone(),
        }
    }

    /// The text shown at the start (the problem element's value).
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The moves played so far, the book's replies included.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// Starts again from the problem's position.
    pub fn reset(&mut self) {
        self.played.clear();
    }

    fn matching<'s>(
        sequences: &'s [Vec<SequenceMove>],
        played: &[Move],
    ) -> Vec<&'s Vec<SequenceMove>> {
        sequences
            .iter()
            .filter(|s| s.len() >= played.len() && s.iter().zip(played).all(|(a, b)| a.mv == *b))
            .collect()
    }

    /// Plays the reader's move and returns the book's answer. After a
    /// `Continue`, the reply has been played too.
    pub fn play(&mut self, mv: Move) -> Answer {
        let mut played = self.played.clone();
        played.push(mv);
        let k = played.len() - 1;
        let reply_of = |s: &Vec<SequenceMove>| s.get(k + 1).map(|m| (m.mv, m.text.clone()));
        if let Some(s) = Self::matching(&self.correct, &played).first().copied() {
            let text = s[k].text.clone();
            let reply = reply_of(s);
            if let Some((r, _)) = &reply {
                played.push(*r);
            }
            let done = s.len() <= played.len();
            self.played = played;
            return if done {
                let text = reply.as_ref().and_then(|(_, t)| t.clone()).or(text);
                Answer::Solved { text, reply }
            } else {
                Answer::Continue { text, reply }
            };
        }
        match Self::matching(&self.wrong, &played).first().copied() {
            Some(s) => Answer::Wrong {
                text: s[k].text.clone(),
                reply: reply_of(s),
                known: true,
            },
            None => Answer::Wrong {
                text: None,
                reply: None,
                known: false,
            },
        }
    }
}

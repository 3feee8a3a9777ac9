//! The rules of Go on `Board`: captures, suicide, ko, replay mode, board
//! shapes; positions are drawn as ASCII diagrams.

use kifu_board::{Board, BoardSize, Color, IllegalMove, Point};
use proptest::prelude::*;

const B: Color = Color::Black;
const W: Color = Color::White;

fn pt(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// A board drawn row by row from the top: `X` black, `O` white, `.`
/// empty, separated by spaces (`". X O ."`). All rows must have the same
/// width; the board is as wide and high as the diagram.
fn board(rows: &[&str]) -> Board {
    let grid: Vec<Vec<char>> = rows
        .iter()
        .map(|r| {
            r.split_whitespace()
                .map(|c| c.chars().next().unwrap())
                .collect()
        })
        .collect();
    let cols = grid[0].len();
    assert!(grid.iter().all(|r| r.len() == cols), "ragged diagram");
    let size = BoardSize::new(cols as u32, grid.len() as u32).unwrap();
    let mut b = Board::new(size);
    for (y, row) in grid.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let stone = match c {
                'X' => Some(B),
                'O' => Some(W),
                '.' => None,
                other => panic!("bad cell {other:?}"),
            };
            b.set(pt(x as u8, y as u8), stone);
        }
    }
    b
}

/// The diagram of a board, in the notation of [`board`].
fn diagram(b: &Board) -> Vec<String> {
    let s = b.size();
    (0..s.rows)
        .map(|y| {
            (0..s.cols)
                .map(|x| match b.get(pt(x, y)) {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn assert_diagram(b: &Board, rows: &[&str]) {
    assert_eq!(diagram(b), rows, "\n{b:?}");
}

/// Points in board order: row by row from the top.
fn sorted(mut v: Vec<Point>) -> Vec<Point> {
    v.sort_by_key(|p| (p.y, p.x));
    v
}

#[test]
fn diagram_helper_round_trips() {
    let rows = [". X O .", "O . . X"];
    let b = board(&rows);
    assert_eq!(b.size(), BoardSize::new(4, 2).unwrap());
    assert_diagram(&b, &rows);
    assert_eq!(b.stones().count(), 4);
}

#[test]
fn single_stone_capture_in_the_middle() {
    let mut b = board(&[
        ". . . . .", //
        ". . X . .",
        ". X O X .",
        ". . . . .",
        ". . . . .",
    ]);
    assert_eq!(b.liberties(pt(2, 2)), 1);
    let out = b.play(B, pt(2, 3)).unwrap();
    assert_eq!(out.captured, [pt(2, 2)]);
    assert_eq!(out.illegal, None);
    assert_eq!(b.captures(B), 1);
    assert_eq!(b.captures(W), 0);
    assert_diagram(
        &b,
        &[
            ". . . . .", //
            ". . X . .",
            ". X . X .",
            ". . X . .",
            ". . . . .",
        ],
    );
    // Not a ko: the capturing stone has three liberties.
    assert_eq!(b.ko_point(), None);
}

#[test]
fn group_capture() {
    let mut b = board(&[
        ". X X X .", //
        "X O O O X",
        ". X O X .",
        ". . . . .",
    ]);
    assert_eq!(b.liberties(pt(1, 1)), 1);
    assert_eq!(b.group(pt(2, 2)), [pt(1, 1), pt(2, 1), pt(3, 1), pt(2, 2)]);
    let out = b.play(B, pt(2, 3)).unwrap();
    assert_eq!(
        sorted(out.captured),
        [pt(1, 1), pt(2, 1), pt(3, 1), pt(2, 2)]
    );
    assert_eq!(b.captures(B), 4);
    assert_diagram(
        &b,
        &[
            ". X X X .", //
            "X . . . X",
            ". X . X .",
            ". . X . .",
        ],
    );
    assert_eq!(b.liberties(pt(1, 0)), 5);
}

#[test]
fn one_move_captures_two_separate_groups() {
    let mut b = board(&[
        ". X . X .", //
        "X O . O X",
        ". X . X .",
    ]);
    let out = b.play(B, pt(2, 1)).unwrap();
    assert_eq!(sorted(out.captured), [pt(1, 1), pt(3, 1)]);
    assert_eq!(b.captures(B), 2);
    assert_eq!(b.ko_point(), None);
    assert_diagram(
        &b,
        &[
            ". X . X .", //
            "X . X . X",
            ". X . X .",
        ],
    );
}

#[test]
fn one_move_captures_three_groups() {
    let mut b = board(&[
        ". X . X .", //
        "X O . O X",
        ". X O X .",
        ". . X . .",
    ]);
    let out = b.play(B, pt(2, 1)).unwrap();
    assert_eq!(sorted(out.captured), [pt(1, 1), pt(3, 1), pt(2, 2)]);
    assert_eq!(b.captures(B), 3);
    assert_eq!(b.liberties(pt(2, 1)), 4);
}

#[test]
fn edge_and_corner_captures() {
    // Corner: one stone, two liberties.
    let mut b = board(&[
        "O X .", //
        ". . .", ". . .",
    ]);
    assert_eq!(b.play(B, pt(0, 1)).unwrap().captured, [pt(0, 0)]);
    // Edge: a two-stone group on the bottom edge.
    let mut b = board(&[
        ". . . . .", //
        ". X X . .",
        "X O O . .",
    ]);
    assert_eq!(b.liberties(pt(1, 2)), 1);
    let out = b.play(B, pt(3, 2)).unwrap();
    assert_eq!(sorted(out.captured), [pt(1, 2), pt(2, 2)]);
    // All four corners of a rectangular board.
    let mut b = Board::new(BoardSize::new(7, 4).unwrap());
    for (corner, a, c) in [
        (pt(0, 0), pt(1, 0), pt(0, 1)),
        (pt(6, 0), pt(5, 0), pt(6, 1)),
        (pt(0, 3), pt(1, 3), pt(0, 2)),
        (pt(6, 3), pt(5, 3), pt(6, 2)),
    ] {
        b.play(W, corner).unwrap();
        b.play(B, a).unwrap();
        assert_eq!(b.play(B, c).unwrap().captured, [corner]);
    }
    assert_eq!(b.captures(B), 4);
}

#[test]
fn suicide_of_a_single_stone() {
    let mut b = board(&[
        ". X .", //
        "X . X", ". X .",
    ]);
    assert_eq!(b.check_move(W, pt(1, 1)), Err(IllegalMove::Suicide));
    let before = b.clone();
    assert_eq!(b.play(W, pt(1, 1)), Err(IllegalMove::Suicide));
    assert_eq!(b, before, "a strict illegal move changes nothing");
    // Black may fill its own eye.
    assert_eq!(b.check_move(B, pt(1, 1)), Ok(()));
    // Corner suicide.
    let b = board(&[
        ". X", //
        "X .",
    ]);
    assert_eq!(b.check_move(W, pt(0, 0)), Err(IllegalMove::Suicide));
    assert_eq!(b.check_move(W, pt(1, 1)), Err(IllegalMove::Suicide));
}

#[test]
fn suicide_of_a_group() {
    let mut b = board(&[
        ". X X X .", //
        "X O O . X",
        ". X X X .",
    ]);
    // Filling the last liberty of the own group kills it.
    assert_eq!(b.check_move(W, pt(3, 1)), Err(IllegalMove::Suicide));
    let out = b.play_anyway(W, pt(3, 1));
    assert_eq!(out.illegal, Some(IllegalMove::Suicide));
    assert_eq!(sorted(out.captured), [pt(1, 1), pt(2, 1), pt(3, 1)]);
    assert_eq!(b.captures(B), 3, "suicide counts for the opponent");
    assert_eq!(b.captures(W), 0);
    assert_diagram(
        &b,
        &[
            ". X X X .", //
            "X . . . X",
            ". X X X .",
        ],
    );
}

#[test]
fn a_move_that_looks_like_suicide_but_captures_is_legal() {
    let mut b = board(&[
        ". X O .", //
        "X O . O", ". X O .",
    ]);
    // Black at (2,1) has no liberty of its own, but captures (1,1).
    assert_eq!(b.liberties(pt(1, 1)), 1);
    assert_eq!(b.check_move(B, pt(2, 1)), Ok(()));
    let out = b.play(B, pt(2, 1)).unwrap();
    assert_eq!(out.captured, [pt(1, 1)]);
    assert_eq!(b.liberties(pt(2, 1)), 1);
    // And that is a ko: White may not retake at once.
    assert_eq!(b.ko_point(), Some(pt(1, 1)));
}

/// The classic ko shape, Black to take.
fn ko_board() -> Board {
    board(&[
        ". X O . .", //
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ])
}

#[test]
fn ko_immediate_recapture_is_illegal() {
    let mut b = ko_board();
    let out = b.play(B, pt(2, 1)).unwrap();
    assert_eq!(out.captured, [pt(1, 1)]);
    assert_eq!(b.ko_point(), Some(pt(1, 1)));
    assert_eq!(b.check_move(W, pt(1, 1)), Err(IllegalMove::Ko));
    let before = b.clone();
    assert_eq!(b.play(W, pt(1, 1)), Err(IllegalMove::Ko));
    assert_eq!(b, before);
    // The ko bars only White: Black may fill it.
    assert_eq!(b.check_move(B, pt(1, 1)), Ok(()));
}

#[test]
fn ko_retake_is_legal_after_a_move_elsewhere() {
    let mut b = ko_board();
    b.play(B, pt(2, 1)).unwrap();
    b.play(W, pt(4, 3)).unwrap(); // ko threat
    assert_eq!(b.ko_point(), None);
    b.play(B, pt(3, 3)).unwrap(); // answer
    let out = b.play(W, pt(1, 1)).unwrap();
    assert_eq!(out.captured, [pt(2, 1)]);
    assert_eq!(b.ko_point(), Some(pt(2, 1)));
    assert_eq!(b.check_move(B, pt(2, 1)), Err(IllegalMove::Ko));
}

#[test]
fn pass_and_setup_clear_the_ko_point() {
    let mut b = ko_board();
    b.play(B, pt(2, 1)).unwrap();
    b.pass();
    assert_eq!(b.ko_point(), None);
    assert_eq!(b.check_move(W, pt(1, 1)), Ok(()));

    let mut b = ko_board();
    b.play(B, pt(2, 1)).unwrap();
    b.set(pt(4, 3), Some(W));
    assert_eq!(b.ko_point(), None);
}

#[test]
fn snapback_is_not_a_ko() {
    let mut b = board(&[
        ". . X .", //
        "O O X .", "X X . .", ". . . .",
    ]);
    // Black throws a stone in at the corner; White's pair is in atari.
    assert!(b.play(B, pt(0, 0)).unwrap().captured.is_empty());
    assert_eq!(b.liberties(pt(0, 1)), 1);
    // White takes the stone, but its capturing stone joins the pair:
    // one stone taken, by a stone that is not single, so no ko.
    assert_eq!(b.play(W, pt(1, 0)).unwrap().captured, [pt(0, 0)]);
    assert_eq!(b.ko_point(), None);
    assert_eq!(b.liberties(pt(1, 0)), 1);
    // Snapback: Black retakes at once at the same point, taking three.
    let out = b.play(B, pt(0, 0)).unwrap();
    assert_eq!(sorted(out.captured), [pt(1, 0), pt(0, 1), pt(1, 1)]);
    assert_eq!(b.ko_point(), None);
    assert_eq!(b.captures(B), 3);
    assert_eq!(b.captures(W), 1);
    assert_diagram(
        &b,
        &[
            "X . X .", //
            ". . X .", "X X . .", ". . . .",
        ],
    );
}

#[test]
fn play_anyway_replays_a_ko_illegal_move() {
    let mut b = ko_board();
    b.play(B, pt(2, 1)).unwrap();
    let out = b.play_anyway(W, pt(1, 1));
    assert_eq!(out.illegal, Some(IllegalMove::Ko));
    assert_eq!(out.captured, [pt(2, 1)]);
    assert_eq!(b.captures(W), 1);
    // The retake makes a new ko for Black.
    assert_eq!(b.ko_point(), Some(pt(2, 1)));
    assert_diagram(
        &b,
        &[
            ". X O . .", //
            "X O . O .",
            ". X O . .",
            ". . . . .",
        ],
    );
}

#[test]
fn play_anyway_replaces_an_occupied_point() {
    // Replacing a black stone with a white one captures the black corner
    // stone it cuts off; the replaced stone itself is not a capture.
    let mut b = board(&[
        "X O . .", //
        "X . . .", "O . . .",
    ]);
    let out = b.play_anyway(W, pt(0, 1));
    assert_eq!(out.illegal, Some(IllegalMove::Occupied));
    assert_eq!(out.captured, [pt(0, 0)]);
    assert_eq!(b.captures(W), 1);
    assert_diagram(
        &b,
        &[
            ". O . .", //
            "O . . .", "O . . .",
        ],
    );
    assert_eq!(b.liberties(pt(0, 1)), 3);
    // Replacing a stone splits its group correctly.
    let mut b = board(&[
        ". . . .", //
        "X X X .", ". . . .",
    ]);
    assert_eq!(
        b.play_anyway(W, pt(1, 1)).illegal,
        Some(IllegalMove::Occupied)
    );
    assert_eq!(b.group(pt(0, 1)), [pt(0, 1)]);
    assert_eq!(b.liberties(pt(0, 1)), 2);
    assert_eq!(b.liberties(pt(2, 1)), 3);
    assert_eq!(b.liberties(pt(1, 1)), 2);
    // Replacing with the same colour changes nothing but is reported.
    let before = b.clone();
    assert_eq!(
        b.play_anyway(W, pt(1, 1)).illegal,
        Some(IllegalMove::Occupied)
    );
    assert_eq!(b, before);
}

#[test]
fn play_anyway_off_board_changes_nothing() {
    let mut b = ko_board();
    b.play(B, pt(2, 1)).unwrap();
    let before = b.clone();
    let out = b.play_anyway(W, pt(5, 0));
    assert_eq!(out.illegal, Some(IllegalMove::OffBoard));
    assert!(out.captured.is_empty());
    assert_eq!(b, before);
    assert_eq!(b.ko_point(), Some(pt(1, 1)));
}

#[test]
fn play_anyway_of_a_legal_move_is_play() {
    let mut strict = ko_board();
    let mut anyway = ko_board();
    let a = strict.play(B, pt(2, 1)).unwrap();
    let b = anyway.play_anyway(B, pt(2, 1));
    assert_eq!(a, b);
    assert_eq!(strict, anyway);
}

#[test]
fn rectangular_boards() {
    let size = BoardSize::new(19, 13).unwrap();
    let mut b = Board::new(size);
    // Far corner of a wide board.
    b.play(W, pt(18, 12)).unwrap();
    b.play(B, pt(17, 12)).unwrap();
    assert_eq!(b.play(B, pt(18, 11)).unwrap().captured, [pt(18, 12)]);
    assert_eq!(b.check_move(B, pt(19, 0)), Err(IllegalMove::OffBoard));
    assert_eq!(b.check_move(B, pt(0, 13)), Err(IllegalMove::OffBoard));
    // Tall board: edges are not wrapped around.
    let mut b = board(&[
        ". X", //
        "O .", ". .",
    ]);
    assert_eq!(b.liberties(pt(1, 0)), 2);
    assert_eq!(b.liberties(pt(0, 1)), 3);
    b.play(W, pt(0, 0)).unwrap();
    assert_eq!(b.liberties(pt(1, 0)), 1);
    assert_eq!(b.play(W, pt(1, 1)).unwrap().captured, [pt(1, 0)]);
    // One-row board.
    let mut b = board(&["X O . O X"]);
    assert_eq!(b.play(B, pt(2, 0)).unwrap().captured, [pt(1, 0), pt(3, 0)]);
}

#[test]
fn two_by_two() {
    let mut b = Board::new(BoardSize::square(2).unwrap());
    b.play(B, pt(0, 0)).unwrap();
    b.play(W, pt(1, 1)).unwrap();
    b.play(B, pt(1, 0)).unwrap();
    // The black pair's only liberty is (0,1), White's stone's too: White
    // plays there and captures.
    assert_eq!(b.liberties(pt(0, 0)), 1);
    let out = b.play(W, pt(0, 1)).unwrap();
    assert_eq!(sorted(out.captured), [pt(0, 0), pt(1, 0)]);
    assert_eq!(b.ko_point(), None);
    assert_diagram(&b, &[". .", "O O"]);
    // Black may play into one of White's two liberties (in atari).
    assert_eq!(b.check_move(B, pt(0, 0)), Ok(()));
    // White filling one of its liberties is legal, the last one suicide.
    b.play(W, pt(0, 0)).unwrap();
    assert_eq!(b.check_move(W, pt(1, 0)), Err(IllegalMove::Suicide));
    assert_eq!(b.check_move(B, pt(1, 0)), Ok(()), "Black captures all");
    assert_eq!(b.play(B, pt(1, 0)).unwrap().captured.len(), 3);
}

#[test]
fn one_by_one() {
    let mut b = Board::new(BoardSize::square(1).unwrap());
    assert_eq!(b.check_move(B, pt(0, 0)), Err(IllegalMove::Suicide));
    assert_eq!(b.check_move(W, pt(1, 0)), Err(IllegalMove::OffBoard));
    let out = b.play_anyway(B, pt(0, 0));
    assert_eq!(out.illegal, Some(IllegalMove::Suicide));
    assert_eq!(out.captured, [pt(0, 0)]);
    assert_eq!(b.stones().count(), 0);
    assert_eq!(b.captures(W), 1);
    b.set(pt(0, 0), Some(W));
    assert_eq!(b.liberties(pt(0, 0)), 0);
}

#[test]
fn corners_of_52x52() {
    let mut b = Board::new(BoardSize::square(52).unwrap());
    for (corner, a, c) in [
        (pt(0, 0), pt(1, 0), pt(0, 1)),
        (pt(51, 0), pt(50, 0), pt(51, 1)),
        (pt(0, 51), pt(1, 51), pt(0, 50)),
        (pt(51, 51), pt(50, 51), pt(51, 50)),
    ] {
        b.play(B, corner).unwrap();
        assert_eq!(b.liberties(corner), 2);
        b.play(W, a).unwrap();
        assert_eq!(b.play(W, c).unwrap().captured, [corner]);
        assert_eq!(b.check_move(B, corner), Err(IllegalMove::Suicide));
    }
    assert_eq!(b.captures(W), 4);
    assert_eq!(b.check_move(B, pt(52, 0)), Err(IllegalMove::OffBoard));
    assert_eq!(b.check_move(B, pt(0, 52)), Err(IllegalMove::OffBoard));
    let stones: Vec<Point> = b.stones().map(|(p, _)| p).collect();
    assert_eq!(stones.len(), 8);
    assert!(stones.is_sorted_by_key(|p| (p.y, p.x)));
}

#[test]
fn setup_builds_groups_and_removal_splits_them() {
    let mut b = board(&[
        ". . . . .", //
        ". X X X .",
        ". . . . .",
    ]);
    assert_eq!(b.liberties(pt(1, 1)), 8);
    b.set(pt(2, 1), None);
    assert_eq!(b.group(pt(1, 1)), [pt(1, 1)]);
    assert_eq!(b.liberties(pt(1, 1)), 4);
    b.set(pt(2, 1), Some(W));
    assert_eq!(b.liberties(pt(1, 1)), 3);
    assert_eq!(b.liberties(pt(2, 1)), 2);
    b.set(pt(2, 1), Some(B));
    assert_eq!(b.liberties(pt(1, 1)), 8);
    b.set(pt(9, 9), Some(B)); // off the board: ignored
    assert_eq!(b.stones().count(), 3);
}

#[test]
fn shared_liberties_are_counted_once() {
    let b = board(&[
        "X . X", //
        "X X X", ". . .",
    ]);
    // (1,0) is next to three stones; each row-2 point to one.
    assert_eq!(b.liberties(pt(0, 0)), 4);
    let b = board(&[
        "X . X", //
        "X X X", "O O O",
    ]);
    assert_eq!(b.liberties(pt(0, 0)), 1);
    assert_eq!(b.check_move(W, pt(1, 0)), Ok(()), "captures");
}

#[test]
fn equality_ignores_history() {
    let mut a = Board::new(BoardSize::square(5).unwrap());
    let mut b = a.clone();
    a.play(B, pt(1, 1)).unwrap();
    a.play(B, pt(2, 1)).unwrap();
    b.play(B, pt(2, 1)).unwrap();
    b.play(B, pt(1, 1)).unwrap();
    assert_eq!(a, b);
    b.play(W, pt(4, 4)).unwrap();
    assert_ne!(a, b);
}

#[test]
fn illegal_move_messages() {
    assert_eq!(
        IllegalMove::OffBoard.to_string(),
        "the point is off the board"
    );
    assert_eq!(IllegalMove::Occupied.to_string(), "the point is occupied");
    assert_eq!(IllegalMove::Suicide.to_string(), "the move is suicide");
    assert_eq!(
        IllegalMove::Ko.to_string(),
        "the move retakes a ko immediately"
    );
    let e: Box<dyn std::error::Error> = Box::new(IllegalMove::Ko);
    assert!(!e.to_string().is_empty());
}

/// Liberties counted the slow way: flood fill over the public API.
fn slow_liberties(b: &Board, p: Point) -> usize {
    let size = b.size();
    let mut libs: Vec<Point> = Vec::new();
    for s in b.group(p) {
        for (dx, dy) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
            let (x, y) = (i32::from(s.x) + dx, i32::from(s.y) + dy);
            if x < 0 || y < 0 || x >= size.cols.into() || y >= size.rows.into() {
                continue;
            }
            let q = pt(x as u8, y as u8);
            if b.get(q).is_none() && !libs.contains(&q) {
                libs.push(q);
            }
        }
    }
    libs.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random legal moves: no group is ever left without a liberty, the
    /// stone count adds up, liberties agree with a slow count, and a
    /// strict illegal move changes nothing.
    #[test]
    fn random_legal_games_keep_the_invariants(
        cols in 1u8..=9,
        rows in 1u8..=9,
        setup in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..6),
        moves in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..200),
    ) {
        let size = BoardSize::new(cols.into(), rows.into()).unwrap();
        let mut b = Board::new(size);
        // Setup stones on distinct points, each left with a liberty.
        let mut placed = 0u32;
        for (x, y, black) in setup {
            let p = pt(x % cols, y % rows);
            let c = if black { B } else { W };
            if b.get(p).is_none() && b.check_move(c, p).is_ok() {
                let mut trial = b.clone();
                let out = trial.play(c, p).unwrap();
                if out.captured.is_empty() {
                    b.set(p, Some(c));
                    placed += 1;
                }
            }
        }
        let mut color = B;
        let mut played = 0u32;
        for (x, y) in moves {
            let p = pt(x % (cols + 1), y % (rows + 1));
            match b.check_move(color, p) {
                Ok(()) => {
                    let out = b.play(color, p).unwrap();
                    played += 1;
                    for q in &out.captured {
                        prop_assert_eq!(b.get(*q), None);
                    }
                }
                Err(e) => {
                    let before = b.clone();
                    prop_assert_eq!(b.play(color, p), Err(e));
                    prop_assert_eq!(&b, &before);
                    if e == IllegalMove::Ko {
                        prop_assert_eq!(b.ko_point(), Some(p));
                    }
                }
            }
            color = color.opponent();
            let stones: Vec<(Point, Color)> = b.stones().collect();
            for &(p, _) in &stones {
                let libs = b.liberties(p);
                prop_assert!(libs > 0, "{:?} without liberty\n{:?}", p, b);
                prop_assert_eq!(libs, slow_liberties(&b, p));
            }
            prop_assert_eq!(
                stones.len() as u32,
                placed + played - b.captures(B) - b.captures(W)
            );
        }
    }

    /// Replay mode on random moves, legal or not: the groups stay
    /// consistent with the stones (checked against a rebuilt copy) and
    /// no group without liberties survives a move.
    #[test]
    fn random_replay_stays_consistent(
        cols in 1u8..=7,
        rows in 1u8..=7,
        moves in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..150),
    ) {
        let size = BoardSize::new(cols.into(), rows.into()).unwrap();
        let mut b = Board::new(size);
        for (x, y, black) in moves {
            let p = pt(x % (cols + 1), y % (rows + 1));
            let c = if black { B } else { W };
            let expected = b.check_move(c, p).err();
            let out = b.play_anyway(c, p);
            prop_assert_eq!(out.illegal, expected);
            // A board set up from scratch with the same stones agrees on
            // every group and liberty.
            let mut fresh = Board::new(size);
            for (q, s) in b.stones() {
                fresh.set(q, Some(s));
            }
            for (q, _) in b.stones() {
                prop_assert!(b.liberties(q) > 0, "{:?}\n{:?}", q, b);
                prop_assert_eq!(b.liberties(q), fresh.liberties(q));
                prop_assert_eq!(b.group(q), fresh.group(q));
            }
        }
    }
}

//! Perft-style check of the rules against real games: replays the main
//! line of every Go game in `shared/corpus/sgf/ff4` and `sgf/old` on a
//! `kifu_board::Board` and checks that every move is legal.
//!
//! Setup (`AE`, then `AB`, `AW`) is applied as setup, `B`/`W` as moves
//! (an empty value, or `tt` on boards up to 19x19, as a pass). A move that
//! `check_move` rejects is reported with its file and move number and then
//! played anyway, as a replaying reader would. Files whose games really
//! contain illegal moves are listed in [`KNOWN_ILLEGAL`]; any other
//! illegal move fails the test.

use std::path::Path;

use kifu_board::{Board, IllegalMove};

/// Files (path relative to the corpus, `/`-separated) whose main line
/// really has illegal moves, with why.
const KNOWN_ILLEGAL: &[(&str, &str)] = &[];

/// One illegal move met on a main line.
struct Illegal {
    file: String,
    game: usize,
    move_number: usize,
    text: String,
    reason: IllegalMove,
}

#[derive(Default)]
struct Totals {
    files: usize,
    games: usize,
    skipped_games: usize,
    moves: usize,
    passes: usize,
    setup_stones: usize,
    captures: u64,
    unreadable_moves: usize,
    illegal: Vec<Illegal>,
}

fn replay_file(path: &Path, name: &str, totals: &mut Totals) {
    let bytes = std::fs::read(path).unwrap();
    let collection = kifu_sgf::parse(&bytes).value;
    totals.files += 1;
    for game in collection.games() {
        if game.game_type() != 1 {
            totals.skipped_games += 1;
            continue;
        }
        totals.games += 1;
        let size = game.board_size();
        let mut board = Board::new(size);
        let mut move_number = 0;
        let mut unreadable = 0;
        for node in game.main_line() {
            for (id, stone) in [
                ("AE", None),
                ("AB", Some(kifu_sgf::Color::Black)),
                ("AW", Some(kifu_sgf::Color::White)),
            ] {
                for p in node.points(id) {
                    board.set(p, stone);
                    totals.setup_stones += usize::from(stone.is_some());
                }
            }
            let Some((color, point)) = node.get_move() else {
                if node.has("B") || node.has("W") {
                    // Not SGF: `zz` as a pass on 13x13, `B[R16]`.
                    if unreadable == 0 {
                        let id = if node.has("B") { "B" } else { "W" };
                        let raw = node.raw_values(id).unwrap_or_default();
                        let raw = raw.first().copied().unwrap_or_default();
                        eprintln!(
                            "{name}: game {} after move {move_number}: unreadable move {id}[{}] \
                             (skipped, as are any more in this game)",
                            game.index(),
                            String::from_utf8_lossy(raw)
                        );
                    }
                    unreadable += 1;
                }
                continue;
            };
            move_number += 1;
            totals.moves += 1;
            let Some(p) = point else {
                totals.passes += 1;
                board.pass();
                continue;
            };
            if let Err(reason) = board.check_move(color, p) {
                let text = format!("{}[{}]", color.to_char(), p.to_standard(size));
                eprintln!(
                    "{name}: game {} move {move_number} {text}: {reason}",
                    game.index()
                );
                totals.illegal.push(Illegal {
                    file: name.to_owned(),
                    game: game.index(),
                    move_number,
                    text,
                    reason,
                });
            }
            let out = board.play_anyway(color, p);
            totals.captures += out.captured.len() as u64;
        }
        totals.unreadable_moves += unreadable;
    }
}

#[test]
fn main_lines_of_the_corpus_replay_without_illegal_moves() {
    let Some(corpus) = crate::corpus_dir() else {
        return;
    };
    let mut totals = Totals::default();
    for folder in ["sgf/ff4", "sgf/old"] {
        let paths = crate::files(&corpus.join(folder), &["sgf"]);
        assert!(!paths.is_empty(), "no files in {folder}");
        for path in &paths {
            let name = path
                .strip_prefix(&corpus)
                .unwrap_or(path)
                .to_string_lossy()
                .replace('\\', "/");
            replay_file(path, &name, &mut totals);
        }
    }
    eprintln!(
        "replayed {} files: {} Go games ({} other games skipped), {} moves ({} passes), \
         {} setup stones, {} stones captured, {} unreadable moves, {} illegal moves",
        totals.files,
        totals.games,
        totals.skipped_games,
        totals.moves,
        totals.passes,
        totals.setup_stones,
        totals.captures,
        totals.unreadable_moves,
        totals.illegal.len()
    );
    let unexpected: Vec<String> = totals
        .illegal
        .iter()
        .filter(|i| !KNOWN_ILLEGAL.iter().any(|(f, _)| *f == i.file))
        .map(|i| {
            format!(
                "{}: game {} move {} {}: {}",
                i.file, i.game, i.move_number, i.text, i.reason
            )
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} unexpected illegal moves:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    // Every known exception is still there (so the list stays current).
    for (file, why) in KNOWN_ILLEGAL {
        assert!(
            totals.illegal.iter().any(|i| i.file == *file),
            "{file} is listed as having illegal moves ({why}) but has none"
        );
    }
    assert!(totals.games > 2000, "too few games: {}", totals.games);
    assert!(totals.unreadable_moves < 100, "{}", totals.unreadable_moves);
    assert!(totals.captures > 0);
}

//! Books made from SGF (`kifu_book::create`): hand-written fixtures, every
//! commented game and problem file of the corpus, and generated game trees.
//! Each made book must read back as written, follow the writing
//! conventions (normalizing changes nothing), check without an error or a
//! warning, play every SGF line in the diagram made of it, and hold every
//! comment paragraph exactly once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use kifu_book::create::{self, Created, Options};
use kifu_book::model::{ElementKind, ParagraphKind};
use kifu_diag::Severity;
use kifu_sgf::Collection;
use proptest::prelude::*;

fn corpus() -> Option<PathBuf> {
    let root = std::env::var_os("KIFU_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        PathBuf::from,
    );
    root.is_dir().then_some(root)
}

/// Text with white space runs as one space and the word joiners of
/// `create::literal` taken out.
fn plain(text: &str) -> String {
    text.replace(create::JOINER, "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The paragraphs of an SGF comment, as a reader sees them: split at empty
/// lines, white space runs as one space.
fn comment_paragraphs(text: &str) -> Vec<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.split('\n') {
        if line.trim().is_empty() {
            if !current.trim().is_empty() {
                out.push(plain(&current));
            }
            current.clear();
        } else {
            current.push(' ');
            current.push_str(line);
        }
    }
    if !current.trim().is_empty() {
        out.push(plain(&current));
    }
    out
}

/// A paragraph of the book without what the maker put before the comment:
/// the move ("**White 12**: ") and the annotations in words.
fn without_label(text: &str) -> String {
    let mut text = plain(text);
    if let Some(rest) = text.strip_prefix("**")
        && let Some(end) = rest.find("**: ")
    {
        let label = &rest[..end];
        if label.starts_with("Black ") || label.starts_with("White ") {
            text = rest[end + 4..].to_owned();
        }
    }
    loop {
        let words = [
            "A bad move.",
            "A very bad move.",
            "A good move.",
            "A very good move.",
            "A doubtful move.",
            "An interesting move.",
            "Good for Black.",
            "Very good for Black.",
            "Good for White.",
            "Very good for White.",
            "Even position.",
            "Very even position.",
            "Unclear position.",
            "Very unclear position.",
            "A turning point.",
        ];
        let Some(w) = words.iter().find(|w| text.starts_with(**w)) else {
            break;
        };
        text = text[w.len()..].trim_start().to_owned();
    }
    text
}

/// What every made book must be; returns a description of the first
/// failure. `exact_comments`: every comment paragraph of the collection
/// is a paragraph of the book exactly once (games; problems put their
/// feedback in `correct`/`wrong` as well).
fn verify(collection: &Collection<'_>, made: &Created, exact_comments: bool) -> Result<(), String> {
    let text = made.book.to_string();
    let parsed = kifu_book::parse(&text);
    if !parsed.diagnostics.is_empty() {
        return Err(format!("reading it back: {:?}", parsed.diagnostics[0]));
    }
    if parsed.value.to_string() != text {
        return Err("not written back as read".into());
    }
    if kifu_book::normalize(&made.book) != text {
        return Err("not in the normalized form".into());
    }
    // A move the SGF itself plays illegally is one in the book too.
    let illegal_in_sgf = kifu_sgf::check::check(collection).iter().any(|d| {
        ["sgf/suicide", "sgf/occupied-point", "sgf/ko-recapture"].contains(&d.code.as_str())
    });
    let found: Vec<_> = kifu_book::check(&made.book)
        .into_iter()
        .filter(|d| d.severity >= Severity::Warning)
        .filter(|d| !(illegal_in_sgf && d.code.as_str() == "book/illegal-move"))
        .collect();
    if let Some(d) = found.first() {
        return Err(format!("check: {d} ({} in all)\n{text}", found.len()));
    }
    // Every line's moves are those its diagram plays.
    let resolution = kifu_book::resolve::resolve(&made.book);
    for line in &made.lines {
        let item = resolution
            .of_element(line.element)
            .ok_or_else(|| format!("element {} not resolved", line.element))?;
        let played: Vec<_> = item
            .moves
            .iter()
            .filter_map(|m| match m.mv {
                kifu_book::coords::Move::Play(p) => Some((m.color, p)),
                _ => None,
            })
            .collect();
        let sgf: Vec<_> = line
            .nodes
            .iter()
            .filter_map(|&id| match collection.node(id).get_move() {
                Some((c, Some(p))) => Some((c, p)),
                _ => None,
            })
            .collect();
        if played != sgf {
            return Err(format!(
                "element {} plays {played:?}, the SGF {sgf:?}",
                line.element
            ));
        }
    }
    if exact_comments {
        let mut book: HashMap<String, usize> = HashMap::new();
        for e in made.book.elements() {
            if e.kind() == ElementKind::Paragraph(ParagraphKind::P) {
                *book.entry(without_label(e.value())).or_default() += 1;
            }
        }
        let mut sgf: HashMap<String, usize> = HashMap::new();
        for game in collection.games() {
            for node in game.nodes() {
                for id in ["C", "GC"] {
                    for p in node
                        .text(id)
                        .map(|c| comment_paragraphs(&c))
                        .unwrap_or_default()
                    {
                        *sgf.entry(p).or_default() += 1;
                    }
                }
            }
        }
        for (p, n) in &sgf {
            let got = book.get(p).copied().unwrap_or(0);
            if got != *n {
                return Err(format!(
                    "comment paragraph {p:?}: {n} in the SGF, {got} in the book"
                ));
            }
        }
    }
    Ok(())
}

/// Every file under `dir` whose name ends with `.sgf`, sorted.
fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn has_comment(bytes: &[u8]) -> bool {
    bytes.windows(2).enumerate().any(|(i, w)| {
        w == b"C[" && (i == 0 || matches!(bytes[i - 1], b';' | b']' | b'\n' | b'\r' | b' ' | b'\t'))
    })
}

#[test]
fn every_commented_corpus_game_makes_a_clean_book() {
    let Some(root) = corpus() else {
        eprintln!("no corpus; skipping");
        return;
    };
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in ["sgf/ff4", "sgf/old"] {
        for path in sgf_files(&root.join(dir)) {
            let bytes = std::fs::read(&path).unwrap();
            if !has_comment(&bytes) {
                continue;
            }
            count += 1;
            let collection = kifu_sgf::parse(&bytes).value;
            let made = create::book(&collection, &Options::default());
            if let Err(why) = verify(&collection, &made, true) {
                failures.push(format!("{}: {why}", path.display()));
            }
        }
    }
    assert!(count > 1000, "{count} commented files");
    assert!(
        failures.is_empty(),
        "{} of {count} failed:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// An SGF point on a 9x9 board.
fn sgf_point(x: u8, y: u8) -> String {
    format!("{}{}", (b'a' + x) as char, (b'a' + y) as char)
}

/// A node: a move, maybe a comment, maybe a label.
fn node(
    color: usize,
    (x, y): (u8, u8),
    comment: &Option<String>,
    label: Option<(u8, u8)>,
) -> String {
    let mut out = format!(";{}[{}]", ["B", "W"][color % 2], sgf_point(x, y));
    if let Some(c) = comment {
        out.push_str(&format!("C[{}]", c.replace('\\', "\\\\")));
    }
    if let Some((x, y)) = label {
        out.push_str(&format!("LB[{}:A]", sgf_point(x, y)));
    }
    out
}

type Move = ((u8, u8), Option<String>, Option<(u8, u8)>);

fn moves(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(
        (
            (0u8..9, 0u8..9),
            prop::option::weighted(0.4, "[a-zA-Z0-9 *_#<>^:=.()\\\\\n-]{0,24}"),
            prop::option::weighted(0.1, (0u8..9, 0u8..9)),
        ),
        len,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Generated game trees: a main line with comments and labels, and
    /// variations (with variations of their own) branching off it.
    #[test]
    fn generated_game_trees_round_trip(
        main in moves(0..40),
        branches in prop::collection::vec((0usize..40, moves(1..8), prop::option::of((0usize..8, moves(1..5)))), 0..6),
        root_comment in prop::option::of("[a-zA-Z .\n]{0,30}"),
    ) {
        // The tree: at main-line node i, the variations branching there.
        let mut sgf = String::from("(;GM[1]FF[4]SZ[9]");
        if let Some(c) = &root_comment {
            sgf.push_str(&format!("C[{c}]"));
        }
        fn line(out: &mut String, moves: &[Move], first_color: usize, subs: &[(usize, Vec<Move>)]) {
            for (k, (p, c, l)) in moves.iter().enumerate() {
                let alternatives: Vec<&Vec<Move>> = subs.iter().filter(|(at, _)| *at == k).map(|(_, m)| m).collect();
                if alternatives.is_empty() {
                    out.push_str(&node(first_color + k, *p, c, *l));
                    continue;
                }
                // This node and the rest, then the alternatives.
                out.push('(');
                line(out, &moves[k..], first_color + k, &[]);
                out.push(')');
                for alt in alternatives {
                    out.push('(');
                    line(out, alt, first_color + k, &[]);
                    out.push(')');
                }
                return;
            }
        }
        // Variations of the main line, each with perhaps one of its own.
        let mut tree = String::new();
        let mut at_main: Vec<(usize, String)> = Vec::new();
        for (at, var, sub) in &branches {
            if main.is_empty() {
                break;
            }
            let at = at % main.len();
            let mut text = String::new();
            let subs: Vec<(usize, Vec<Move>)> = sub
                .iter()
                .filter(|(k, _)| *k > 0 && *k < var.len())
                .cloned()
                .collect();
            line(&mut text, var, at, &subs);
            at_main.push((at, text));
        }
        at_main.sort_by_key(|(at, _)| *at);
        let mut k = 0;
        while k < main.len() {
            let here: Vec<&String> = at_main.iter().filter(|(at, _)| *at == k).map(|(_, t)| t).collect();
            if here.is_empty() {
                let (p, c, l) = &main[k];
                tree.push_str(&node(k, *p, c, *l));
                k += 1;
                continue;
            }
            tree.push('(');
            for (j, (p, c, l)) in main.iter().enumerate().skip(k) {
                // Later branch points of the main line are left out: one
                // branch point per main line is enough for the shape.
                tree.push_str(&node(j, *p, c, *l));
            }
            tree.push(')');
            for t in here {
                tree.push('(');
                tree.push_str(t);
                tree.push(')');
            }
            break;
        }
        sgf.push_str(&tree);
        sgf.push(')');
        let parsed = kifu_sgf::parse(sgf.as_bytes());
        prop_assert!(parsed.diagnostics.iter().all(|d| d.severity < Severity::Error), "{sgf}");
        let collection = parsed.value;
        let made = create::book(&collection, &Options { figure_moves: 10, ..Options::default() });
        let result = verify(&collection, &made, true);
        prop_assert!(result.is_ok(), "{sgf}\n{}", result.unwrap_err());
        // Every main-line move is in exactly one figure.
        let game = collection.game(0).unwrap();
        let mut in_figures: Vec<_> = made
            .lines
            .iter()
            .filter(|l| made.book.elements()[l.element].name() == "fig")
            .flat_map(|l| l.nodes.iter().copied())
            .collect();
        in_figures.sort();
        let mut main_moves: Vec<_> = game.main_line().filter(|n| n.get_move().is_some_and(|(_, p)| p.is_some())).map(|n| n.id()).collect();
        main_moves.sort();
        prop_assert_eq!(in_figures, main_moves);
    }
}

/// A fixture: the SGF made into a book, against the book written by hand.
fn fixture(sgf: &str, expected: &str, problems: bool, name: &str) {
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let options = Options {
        problems,
        title: Some(name.to_owned()),
        ..Options::default()
    };
    let made = create::book(&collection, &options);
    assert_eq!(made.book.to_string(), expected);
    assert_eq!(verify(&collection, &made, !problems), Ok(()));
}

#[test]
fn a_small_annotated_game_makes_the_book_written_by_hand() {
    fixture(
        include_str!("fixtures/create/annotated.sgf"),
        include_str!("fixtures/create/annotated.gobook"),
        false,
        "annotated",
    );
}

#[test]
fn a_small_problem_collection_makes_the_book_written_by_hand() {
    fixture(
        include_str!("fixtures/create/problems.sgf"),
        include_str!("fixtures/create/problems.gobook"),
        true,
        "problems",
    );
}

/// Every line from `node` down to a leaf, as its moves (recursive: the
/// corpus problems are shallow).
fn leaf_lines(
    node: kifu_sgf::Node<'_, '_>,
    prefix: &mut Vec<Option<kifu_board::Point>>,
    out: &mut Vec<Vec<Option<kifu_board::Point>>>,
) {
    for child in node.children() {
        // A pass is a move of the line too (`Pass` in the sequence).
        let played = child.get_move().map(|(_, p)| p);
        if let Some(p) = played {
            prefix.push(p);
        }
        if child.first_child().is_none() {
            out.push(prefix.clone());
        } else {
            leaf_lines(child, prefix, out);
        }
        if played.is_some() {
            prefix.pop();
        }
    }
}

#[test]
fn every_corpus_problem_file_makes_problems_with_the_collections_lines() {
    let Some(root) = corpus() else {
        eprintln!("no corpus; skipping");
        return;
    };
    let mut files = sgf_files(&root.join("sgf/ff4/gpub/epub_problems"));
    files.extend(sgf_files(&root.join("sgf/ff4/maxigos/problem")));
    files.extend(
        sgf_files(&root.join("sgf/ff4/gpub/test/testdata"))
            .into_iter()
            .filter(|p| p.to_string_lossy().contains("prob")),
    );
    assert!(files.len() > 150, "{} problem files", files.len());
    let mut problems = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let collection = kifu_sgf::parse(&bytes).value;
        let options = Options {
            problems: true,
            ..Options::default()
        };
        let made = create::book(&collection, &options);
        let name = path.display();
        assert_eq!(verify(&collection, &made, false), Ok(()), "{name}");
        let prbs: Vec<_> = made
            .book
            .elements()
            .iter()
            .filter(|e| e.name() == "prb")
            .collect();
        // One problem per game (these collections set up every problem in
        // its own game).
        assert_eq!(prbs.len(), collection.len(), "{name}");
        for (prb, game) in prbs.iter().zip(collection.games()) {
            problems += 1;
            let size = game.board_size();
            let mut written: Vec<Vec<Option<kifu_board::Point>>> = Vec::new();
            for attribute in ["correct", "wrong"] {
                if let Some(value) = prb.get(attribute) {
                    for s in kifu_book::coords::parse_sequences(value, size).unwrap() {
                        written.push(
                            s.iter()
                                .map(|m| match m.mv {
                                    kifu_book::coords::Move::Play(p) => Some(p),
                                    _ => None,
                                })
                                .collect(),
                        );
                    }
                }
            }
            let mut lines = Vec::new();
            leaf_lines(game.root(), &mut Vec::new(), &mut lines);
            lines.retain(|l| !l.is_empty());
            // Passes aside: a line that starts with the other player
            // starts with a `Pass` in the book (sequences alternate).
            let points = |l: &Vec<Option<kifu_board::Point>>| -> Vec<kifu_board::Point> {
                l.iter().flatten().copied().collect()
            };
            let mut written: Vec<_> = written.iter().map(points).collect();
            let mut lines: Vec<_> = lines.iter().map(points).collect();
            written.sort();
            lines.sort();
            assert_eq!(written, lines, "{name}");
            assert!(lines.is_empty() || prb.get("correct").is_some(), "{name}");
        }
    }
    assert!(problems > 150);
}

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

/// Text with every point name as `@`: an SGF point in brackets (`[pd]`,
/// `B[pd]` as `B @`), a word of two lowercase letters, a standard
/// coordinate (`Q16`). The book writes SGF points in standard coordinates
/// (which ones, `create::sgf_points` and its tests say); comments are
/// compared without them.
fn points_as_at(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut bracketless = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '['
            && chars.get(i + 3) == Some(&']')
            && chars[i + 1].is_ascii_lowercase()
            && chars[i + 2].is_ascii_lowercase()
        {
            if i > 0 && chars[i - 1].is_alphanumeric() {
                bracketless.push(' ');
            }
            bracketless.push('@');
            i += 4;
        } else {
            bracketless.push(chars[i]);
            i += 1;
        }
    }
    bracketless
        .split_whitespace()
        .map(|word| {
            let open = usize::from(word.starts_with('('));
            let core = word[open..].trim_end_matches([',', '.', ';', ':', ')', '!', '?']);
            let b = core.as_bytes();
            let pair = b.len() == 2 && b.iter().all(u8::is_ascii_lowercase);
            let standard = (2..=3).contains(&b.len())
                && b[0].is_ascii_uppercase()
                && b[0] != b'I'
                && b[1] != b'0'
                && b[1..].iter().all(u8::is_ascii_digit);
            if pair || standard {
                format!("{}@{}", &word[..open], &word[open + core.len()..])
            } else {
                word.to_owned()
            }
        })
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
        && let Some(end) = rest.find("**")
    {
        let label = &rest[..end];
        // The symbols of the stone after its name: "**White 12** (^Tw): ".
        let after = &rest[end + 2..];
        let after = match after.strip_prefix(" (") {
            Some(symbols) => symbols.find("): ").map(|k| &symbols[k + 1..]),
            None => Some(after),
        };
        if let Some(body) = after.and_then(|a| a.strip_prefix(": "))
            && (label.starts_with("Black ") || label.starts_with("White "))
        {
            text = body.to_owned();
        }
    }
    without_annotations(text)
}

/// Text without the annotations in words it starts with ("Good for
/// Black. ..."): the maker writes them before a comment, and a comment
/// may start with the same words itself, so both sides drop them.
fn without_annotations(mut text: String) -> String {
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
        sgf_round_trip(collection, made)?;
        let mut book: HashMap<String, usize> = HashMap::new();
        for e in made.book.elements() {
            if e.kind() == ElementKind::Paragraph(ParagraphKind::P) {
                *book
                    .entry(points_as_at(&without_label(e.value())))
                    .or_default() += 1;
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
                        *sgf.entry(points_as_at(&without_annotations(p)))
                            .or_default() += 1;
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

/// The book exported to SGF (`kifu convert --to sgf`) keeps every
/// variation's moves (each diagram is a variation of the root there), the
/// main line when one `::go` holds it, and every comment's text (with the
/// book's typography, as the export applies it).
fn sgf_round_trip(collection: &Collection<'_>, made: &Created) -> Result<(), String> {
    type Played = Vec<(kifu_board::Color, kifu_board::Point)>;
    let exported = kifu_book::export::to_sgf(&made.book);
    let parsed = kifu_sgf::parse(exported.as_bytes());
    if let Some(d) = parsed
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return Err(format!("the exported SGF: {d}"));
    }
    let back = parsed.value;
    let mut lines: std::collections::HashSet<Played> = std::collections::HashSet::new();
    let mut texts = String::new();
    for game in back.games() {
        for child in game.root().children() {
            let mut played = Vec::new();
            let mut node = Some(child);
            while let Some(n) = node {
                if let Some((c, Some(p))) = n.get_move() {
                    played.push((c, p));
                }
                node = n.first_child();
            }
            lines.insert(played);
        }
        for node in game.nodes() {
            if let Some(c) = node.text("C") {
                texts.push_str(&c);
                texts.push('\n');
            }
        }
    }
    let moves_of = |nodes: &mut dyn Iterator<Item = kifu_sgf::Node<'_, '_>>| -> Played {
        nodes
            .filter_map(|n| match n.get_move() {
                Some((c, Some(p))) => Some((c, p)),
                _ => None,
            })
            .collect()
    };
    for line in &made.lines {
        if made.book.elements()[line.element].name() == "fig" {
            continue;
        }
        let played = moves_of(&mut line.nodes.iter().map(|&id| collection.node(id)));
        if !lines.contains(&played) {
            return Err(format!(
                "element {}: its moves are not a line of the exported SGF",
                line.element
            ));
        }
    }
    let gos = made
        .book
        .elements()
        .iter()
        .filter(|e| e.name() == "go")
        .count();
    if collection.len() == 1 && gos == 1 {
        let main = moves_of(&mut collection.game(0).unwrap().main_line());
        if !lines.contains(&main) {
            return Err("the main line is not a line of the exported SGF".into());
        }
    }
    // Dashes and quotes depend on what stands around them (the label
    // before a comment, a line break): compared without that.
    let untypeset = |t: &str| {
        plain(t)
            .replace(['\u{2013}', '\u{2014}'], "-")
            .replace(['\u{2018}', '\u{2019}'], "'")
            .replace(['\u{201c}', '\u{201d}'], "\"")
    };
    let texts = points_as_at(&untypeset(&texts));
    for game in collection.games() {
        for node in game.nodes() {
            for p in node
                .text("C")
                .map(|c| comment_paragraphs(&c))
                .unwrap_or_default()
            {
                let p = points_as_at(&untypeset(&kifu_book::text::typography(&p, "en")));
                if !texts.contains(&p) {
                    return Err(format!("comment {p:?} is not in the exported SGF"));
                }
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
        // Every main-line move is in exactly one figure, every other move
        // in exactly one diagram.
        let placed = moves_placed_once(&collection, &made);
        prop_assert!(placed.is_ok(), "{sgf}\n{}", placed.unwrap_err());
    }
}

/// Every problem of `collection` is a `::prb` of the book whose `correct`
/// and `wrong` sequences are the collection's lines (root to leaf), with
/// a `correct` one; returns how many problems.
fn problem_lines(collection: &Collection<'_>, made: &Created, name: &str) -> usize {
    let prbs: Vec<_> = made
        .book
        .elements()
        .iter()
        .filter(|e| e.name() == "prb")
        .collect();
    // One problem per game (these collections set up every problem in
    // its own game).
    assert_eq!(prbs.len(), collection.len(), "{name}");
    let mut problems = 0;
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
    problems
}

/// Every main-line move (with a point) of every game is in exactly one
/// figure, and every other move in exactly one diagram (`::dia`,
/// `::var`): the SGF's lines and the book's diagrams match one to one.
fn moves_placed_once(collection: &Collection<'_>, made: &Created) -> Result<(), String> {
    let mut in_figures: Vec<_> = Vec::new();
    let mut in_diagrams: Vec<_> = Vec::new();
    for l in &made.lines {
        match made.book.elements()[l.element].name() {
            "fig" => in_figures.extend(l.nodes.iter().copied()),
            _ => in_diagrams.extend(l.nodes.iter().copied()),
        }
    }
    in_figures.sort();
    in_diagrams.sort();
    // Moves the rules forbid are set up (a note at the move says so).
    let set_up: std::collections::HashSet<u32> = made
        .notes
        .iter()
        .filter(|d| d.code.as_str() == "create/illegal-move")
        .map(|d| d.span.start)
        .collect();
    let played = |n: &kifu_sgf::Node<'_, '_>| {
        n.get_move().is_some_and(|(_, p)| p.is_some())
            && !n
                .properties()
                .any(|p| ["B", "W"].contains(&p.id()) && set_up.contains(&p.span().start))
    };
    let mut main: Vec<_> = Vec::new();
    let mut others: Vec<_> = Vec::new();
    for game in collection.games() {
        let line: std::collections::HashSet<_> = game.main_line().map(|n| n.id()).collect();
        for n in game.nodes().filter(played) {
            if line.contains(&n.id()) {
                main.push(n.id());
            } else {
                others.push(n.id());
            }
        }
    }
    main.sort();
    others.sort();
    if in_figures != main {
        return Err(format!(
            "{} main-line moves, {} in figures",
            main.len(),
            in_figures.len()
        ));
    }
    if in_diagrams != others {
        return Err(format!(
            "{} moves off the main line, {} in diagrams",
            others.len(),
            in_diagrams.len()
        ));
    }
    Ok(())
}

/// Files not in the corpus (`KIFU_UNSEEN=DIR`, with `games/` and
/// `problems/`; skipped without it), checked as the corpus is: the book
/// checks clean, every comment once, every main-line move in one figure,
/// every variation's moves those of one diagram; problems as `::prb` with
/// the collection's lines. `--nocapture` prints what was checked.
#[test]
fn unseen_files() {
    let Some(dir) = std::env::var_os("KIFU_UNSEEN").map(PathBuf::from) else {
        eprintln!("KIFU_UNSEEN not set; skipping");
        return;
    };
    let mut failures = Vec::new();
    for path in sgf_files(&dir.join("games")) {
        let bytes = std::fs::read(&path).unwrap();
        let collection = kifu_sgf::parse(&bytes).value;
        let made = create::book(&collection, &Options::default());
        let result =
            verify(&collection, &made, true).and_then(|()| moves_placed_once(&collection, &made));
        let count = |name: &str| {
            made.book
                .elements()
                .iter()
                .filter(|e| e.name() == name)
                .count()
        };
        let comments = collection
            .games()
            .flat_map(|g| g.nodes())
            .filter(|n| n.has("C"))
            .count();
        let moves: usize = collection.games().map(|g| g.main_line_moves()).sum();
        println!(
            "{}: {} games, {moves} main-line moves in {} figures, {} diagrams ({} ::var), {comments} comments, {} notes: {}",
            path.file_name().unwrap().to_string_lossy(),
            collection.len(),
            count("fig"),
            count("dia") + count("var"),
            count("var"),
            made.notes.len(),
            if result.is_ok() { "ok" } else { "FAILED" }
        );
        if let Err(why) = result {
            failures.push(format!("{}: {why}", path.display()));
        }
    }
    for path in sgf_files(&dir.join("problems")) {
        let bytes = std::fs::read(&path).unwrap();
        let collection = kifu_sgf::parse(&bytes).value;
        let options = Options {
            problems: true,
            ..Options::default()
        };
        let made = create::book(&collection, &options);
        let name = path.display().to_string();
        if let Err(why) = verify(&collection, &made, false) {
            failures.push(format!("{name}: {why}"));
            continue;
        }
        let problems = problem_lines(&collection, &made, &name);
        let answers = made
            .book
            .elements()
            .iter()
            .filter(|e| e.name() == "chapter" && e.id() == Some("answers"))
            .count();
        println!(
            "{}: {problems} problems, {} answer diagrams, answers chapter {}, {} notes",
            path.file_name().unwrap().to_string_lossy(),
            made.book
                .elements()
                .iter()
                .filter(|e| e.name() == "dia")
                .count(),
            answers,
            made.notes.len()
        );
        // An answers chapter when the collection gives any solution.
        let solved = made.book.elements().iter().any(|e| e.name() == "dia");
        if answers != usize::from(solved) {
            failures.push(format!("{name}: {answers} answers chapters"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
        include_str!("../fixtures/create/annotated.sgf"),
        include_str!("../fixtures/create/annotated.gobook"),
        false,
        "annotated",
    );
}

#[test]
fn a_small_problem_collection_makes_the_book_written_by_hand() {
    fixture(
        include_str!("../fixtures/create/problems.sgf"),
        include_str!("../fixtures/create/problems.gobook"),
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
        problems += problem_lines(&collection, &made, &name.to_string());
    }
    assert!(problems > 150);
}

/// The figures of a made book: (`at`, `to`, caption).
fn figures(made: &Created) -> Vec<(String, String, String)> {
    made.book
        .elements()
        .iter()
        .filter(|e| e.name() == "fig")
        .map(|e| {
            let get = |n| e.get(n).unwrap_or_default().to_owned();
            (get("at"), get("to"), get("ca"))
        })
        .collect()
}

/// A game of quiet moves far apart, with a ko taken at move `ko_at` (the
/// ko is set up in the upper left corner).
fn game_with_ko(ko_at: Option<usize>, moves: usize) -> String {
    // . X O .      X: Black, O: White; Black takes at b (2,1), capturing
    // X O b O      the White stone at (1,1).
    // . X O .
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]AB[ba][ab][bc]AW[ca][bb][db][cc]");
    // Quiet points: every other point of the lower right, never touching.
    let quiet: Vec<(u8, u8)> = (0..8)
        .flat_map(|y| (0..6).map(move |x| (6 + 2 * x, 4 + 2 * y)))
        .collect();
    let mut q = quiet.into_iter();
    for n in 1..=moves {
        let color = if n % 2 == 1 { "B" } else { "W" };
        let (x, y) = if Some(n) == ko_at {
            (2, 1)
        } else {
            q.next().unwrap()
        };
        sgf.push_str(&format!(
            ";{color}[{}{}]",
            (b'a' + x) as char,
            (b'a' + y) as char
        ));
    }
    sgf.push(')');
    sgf
}

#[test]
fn a_figure_runs_on_to_the_end_of_a_ko_fight_close_by() {
    let options = Options {
        figure_moves: 20,
        ..Options::default()
    };
    let make = |sgf: &str| {
        let collection = kifu_sgf::parse(sgf.as_bytes()).value;
        let made = create::book(&collection, &options);
        assert_eq!(verify(&collection, &made, true), Ok(()));
        figures(&made)
    };
    // Quiet: figures of 20 moves.
    let quiet = make(&game_with_ko(None, 45));
    assert_eq!(quiet[0], ("1".into(), "20".into(), String::new()));
    assert_eq!(quiet[1], ("21".into(), "40".into(), String::new()));
    // A ko taken at move 19: the fight counts as going on for three moves
    // more, so the figure runs on to move 23 (within a fifth of 20 moves).
    let ko = make(&game_with_ko(Some(19), 45));
    assert_eq!(ko[0], ("1".into(), "23".into(), String::new()));
    assert_eq!(ko[1].0, "24");
    // Taken at move 12, the fight is over before the break: no change.
    let early = make(&game_with_ko(Some(12), 45));
    assert_eq!(early[0], ("1".into(), "20".into(), String::new()));
}

#[test]
fn figures_start_where_fg_says_with_its_name_as_caption() {
    let sgf = "(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[gc]FG[257:Figure 2 (3-5)];W[cg];B[gg]\
               ;W[ge]FG[1:];B[eg])";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    assert_eq!(verify(&collection, &made, true), Ok(()));
    assert_eq!(
        figures(&made),
        [
            ("1".into(), "2".into(), String::new()),
            ("3".into(), "5".into(), "Figure 2 (3-5)".into()),
            ("6".into(), "7".into(), String::new()),
        ]
    );
    // FG's first flag asks for coordinates.
    let figs: Vec<_> = made
        .book
        .elements()
        .iter()
        .filter(|e| e.name() == "fig")
        .collect();
    assert_eq!(figs[1].get("coord"), Some("standard"));
    assert_eq!(figs[2].get("coord"), Some("standard"));
    assert_eq!(figs[0].get("coord"), None);
}

#[test]
fn setup_in_the_main_line_starts_go_data_based_on_the_game_so_far() {
    let sgf = "(;GM[1]FF[4]SZ[9];B[ee];W[cc]C[Then stones are added.];AB[gg][gh]AE[ee]PL[W];W[cg];B[dd]\
               (;W[de]C[Main.])(;W[ed]C[Or this.]))";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    assert_eq!(verify(&collection, &made, true), Ok(()));
    let text = made.book.to_string();
    assert!(text.contains("::go(#g1) sz=9 mv=\"E5 C7\""), "{text}");
    assert!(
        text.contains("::go(#g2) base=g1 at=end ae=E5 ab=\"G3 G2\" pl=w mn=3 mv=\"C3 D6 D5\""),
        "{text}"
    );
    assert!(text.contains("::fig at=3 to=5"), "{text}");
    assert!(text.contains("::dia at=5 mv=E6 ca=\"Dia. 1\""), "{text}");
}

#[test]
fn a_variation_is_cut_where_a_letter_would_hide_one_of_its_numbers() {
    // The comment of White 3 names Black's first stone of the variation as
    // A: the rest of the line goes on in the next diagram, where that
    // stone has no number and the letter shows.
    let sgf = "(;GM[1]FF[4]SZ[9];B[ee](;W[cc])(;W[gc];B[gg];W[cg]LB[gc:A]C[A is weak.]))";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    assert_eq!(verify(&collection, &made, true), Ok(()));
    assert!(made.notes.is_empty(), "{:?}", made.notes);
    let text = made.book.to_string();
    assert!(
        text.contains(
            "::dia(#dia1) at=2 mv=\"G7 G3\" ca=\"Dia. 1\"\n\n\
             ::var base=dia1 at=3 mv=C3 A=G7 ca=\"Dia. 2\"\n\n**White 3**: A is weak.\n"
        ),
        "{text}"
    );
}

/// What a reader shows for paragraph `i`: its coordinates replaced by the
/// marks of the diagram it describes (the spec's substitution).
fn as_shown(made: &Created, i: usize) -> String {
    let resolution = kifu_book::resolve::resolve(&made.book);
    let index = kifu_book::refs::Index::new(&made.book);
    let diagram = index.ref_of(i).expect("the paragraph describes a diagram");
    let item = resolution.of_element(diagram).unwrap();
    let figure = kifu_book::figure::Figure::of(item);
    let value = made.book.elements()[i].value();
    let (text, unknown) = kifu_book::text::substitute_coordinates(value, |c| {
        kifu_board::Point::from_standard(c, item.size)
            .ok()
            .and_then(|p| kifu_book::figure::mark_at(item, &figure, p))
    });
    assert!(unknown.is_empty(), "{value}: {unknown:?}");
    plain(&text)
}

#[test]
fn sgf_points_in_comments_become_coordinates_that_show_the_figures_marks() {
    // A commentary as editors and programs write it: points in brackets
    // (escaped in SGF), a labelled point, a program's variation written
    // bare, and text that only looks like points.
    let sgf = r"(;GM[1]FF[4]SZ[19]PB[Kuro]PW[Shiro]
        ;B[pd];W[dd]LB[qc:A]C[The vital point is [qc\]; White [dd\] takes the last corner.]
        ;B[pp]C[The engine prefers qf jd here.
Le coup de la partie: at pd nobody doubts it.
[ic\] is J17 (no I column); [tt\] is a pass; see [sic\].])";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    let text = made.book.to_string();
    assert!(kifu_book::check(&made.book).is_empty(), "{text}");
    let paragraphs: Vec<usize> = made.comments.iter().map(|(i, _)| *i).collect();
    let values: Vec<&str> = paragraphs
        .iter()
        .map(|&i| made.book.elements()[i].value())
        .collect();
    assert_eq!(
        values[0],
        "**White 2**: The vital point is R17; White D16 takes the last corner."
    );
    assert_eq!(
        plain(values[1]),
        "**Black 3**: The engine prefers R14 K16 here. Le coup de la partie: at pd nobody doubts it. \
         J17 is J17 (no I column); [tt] is a pass; see [sic]."
    );
    // The label of the SGF stays the label: R17 shows as A, D16 as the
    // number of White's move, the engine's points as letters of their own.
    assert!(text.contains("A=R17"), "{text}");
    assert_eq!(
        as_shown(&made, paragraphs[0]),
        "**White 2**: The vital point is A; White 2 takes the last corner."
    );
    let third = as_shown(&made, paragraphs[1]);
    assert!(
        third.starts_with("**Black 3**: The engine prefers a b here."),
        "{third}"
    );
}

#[test]
fn bracketed_pairs_off_a_small_board_stay_text() {
    let sgf = r"(;GM[1]FF[4]SZ[9];B[ee]C[[ok\] [ii\] [jj\] and [aa\]: ee fg cc.])";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    let (i, _) = made.comments[0];
    assert_eq!(
        made.book.elements()[i].value(),
        "**Black 1**: [ok] J1 [jj] and A9: E5 F3 C7."
    );
    assert!(kifu_book::check(&made.book).is_empty());
}

#[test]
fn a_mark_on_a_stone_numbered_in_its_figure_shows_on_the_next_figure_or_in_the_text() {
    // Move 4 marks Black 1 (numbered in the figure so far) with a
    // triangle; move 5 marks itself with a square and move 6 with a
    // circle, as editors mark the stone a comment talks about.
    let sgf = r"(;GM[1]FF[4]SZ[9];B[ee];W[gc];B[cg];W[cc]TR[ee]C[The triangled stone is strong.]
        ;B[gg]SQ[gg]C[The marked stone.];W[ge]CR[ge];B[eg](;W[ce])(;W[dd]TR[dd]C[Also.]))";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    verify(&collection, &made, true).unwrap();
    let text = made.book.to_string();
    // The triangle starts the figure in which Black 1 has no number.
    assert!(text.contains("::fig at=1 to=3\n"), "{text}");
    assert!(text.contains("::fig at=4 to=8 tr=E5\n"), "{text}");
    let resolution = kifu_book::resolve::resolve(&made.book);
    let second = made
        .book
        .elements()
        .iter()
        .position(|e| e.name() == "fig" && e.get("at") == Some("4"))
        .unwrap();
    let item = resolution.of_element(second).unwrap();
    let figure = kifu_book::figure::Figure::of(item);
    let e5 = kifu_board::Point::new(4, 4);
    assert_eq!(figure.number_at(e5), None);
    assert!(figure.stones.iter().any(|s| s.point == e5));
    // Marks on the move just played: the number shows, the mark is said
    // after the move's name, in the spec's text symbols, and in a note.
    assert!(
        text.contains("**Black 5** (^Sb): The marked stone."),
        "{text}"
    );
    assert!(text.contains("**White 1** (^Tw): Also."), "{text}");
    assert!(!text.contains("sq=G3"), "{text}");
    let marks = made
        .notes
        .iter()
        .filter(|d| d.code.as_str() == "create/mark-conflict")
        .count();
    assert_eq!(marks, 3, "{:?}", made.notes);
    assert!(kifu_book::check(&made.book).is_empty());
}

#[test]
fn a_judgement_for_the_player_who_solves_marks_the_correct_line() {
    // As glift's collections mark them: `GB[1]` at the end of Black's
    // correct lines, nothing on the wrong ones; a White problem with
    // `GB` on its failure.
    let sgf = "(;GM[1]FF[4]SZ[9]AW[gc][gf][gg]AB[hf][fg][hg][gh]C[Capture the 2 white stones!]\
        (;B[ge];W[ff];B[ef]C[Well done!]GB[1])(;B[ff];W[ge]C[White escapes.]))\
        (;GM[1]FF[4]SZ[9]AB[cc][dc]AW[cd][dd]PL[W](;W[bc];B[bd]GB[1])(;W[ec]C[Yes.]GW[1]))";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let options = Options {
        problems: true,
        ..Options::default()
    };
    let made = create::book(&collection, &options);
    verify(&collection, &made, false).unwrap();
    assert_eq!(problem_lines(&collection, &made, "glift"), 2);
    let text = made.book.to_string();
    assert!(
        text.contains("correct=\"G5 F4 E4(Well done!)\" wrong=\"F4 G5(White escapes.)\""),
        "{text}"
    );
    assert!(
        text.contains("correct=\"E7(Yes.)\" wrong=\"B7 B6\""),
        "{text}"
    );
    assert!(
        made.notes
            .iter()
            .all(|d| !["create/no-correct-line", "create/not-in-book"].contains(&d.code.as_str())),
        "{:?}",
        made.notes
    );
}

#[test]
fn a_problem_with_no_solution_is_said_to_have_no_answer() {
    let sgf = "(;GM[1]FF[4]SZ[19]AW[mc][qd][qg]AB[oc][pe]C[The 19 point trick move.])";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let options = Options {
        problems: true,
        ..Options::default()
    };
    let made = create::book(&collection, &options);
    verify(&collection, &made, false).unwrap();
    assert_eq!(problem_lines(&collection, &made, "unsolved"), 1);
    assert!(!made.book.to_string().contains("::chapter(#answers)"));
    let notes: Vec<_> = made
        .notes
        .iter()
        .filter(|d| d.code.as_str() == "create/no-correct-line")
        .collect();
    assert_eq!(notes.len(), 1, "{:?}", made.notes);
    assert!(notes[0].message.contains("no solution"));
}

#[test]
fn a_label_that_is_the_number_of_its_move_does_not_end_the_figure() {
    // GoWrite labels stones with their move numbers for the comments; in
    // the figure that numbers them they say nothing more. In the next
    // figure (after `FG`), where the stone has no number, the label shows.
    let sgf = "(;GM[1]FF[4]SZ[9];B[ee];W[gc];B[cg]LB[ee:1][gc:2]C[1 and 2 are far apart.]\
        ;W[cc]FG[259:]LB[ee:1];B[gg]LB[gg:5])";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    verify(&collection, &made, true).unwrap();
    let text = made.book.to_string();
    let figures: Vec<&str> = text.lines().filter(|l| l.starts_with("::fig")).collect();
    assert_eq!(
        figures,
        ["::fig at=1 to=3", "::fig at=4 to=5 coord=standard E5=1"],
        "{text}"
    );
    assert!(made.notes.is_empty(), "{:?}", made.notes);
}

#[test]
fn a_letter_on_the_move_just_played_follows_its_name() {
    // The letter would hide White 2's number: the number shows, and the
    // text says which stone the comment's "A" is.
    let sgf = "(;GM[1]FF[4]SZ[9];B[ee];W[cc]LB[cc:A]C[A is slow.];B[gg])";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    verify(&collection, &made, true).unwrap();
    let text = made.book.to_string();
    assert!(text.contains("**White 2** (A): A is slow."), "{text}");
    assert!(text.contains("::fig at=1 to=3\n"), "{text}");
    assert_eq!(made.notes.len(), 1, "{:?}", made.notes);
    assert!(made.notes[0].message.contains("the move just played"));
}

/// Every SGF file of the corpus, old and broken ones and those without a
/// comment included: the book made of it checks with no error (what the
/// book cannot hold is a note of `create`, not a broken book). Files are
/// shared out over the machine's threads.
#[test]
fn every_corpus_file_makes_a_book_that_checks() {
    let Some(root) = corpus() else {
        eprintln!("no corpus; skipping");
        return;
    };
    let files = sgf_files(&root.join("sgf"));
    assert!(files.len() > 2000, "{} files", files.len());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(path) = files.get(k) else { break };
                    let bytes = std::fs::read(path).unwrap();
                    let collection = kifu_sgf::parse(&bytes).value;
                    let made = create::book(&collection, &Options::default());
                    let errors: Vec<String> = kifu_book::check(&made.book)
                        .into_iter()
                        .filter(|d| d.severity == Severity::Error)
                        .map(|d| d.to_string())
                        .collect();
                    if let Some(first) = errors.first() {
                        failures.lock().unwrap().push(format!(
                            "{}: {first} ({} errors)",
                            path.display(),
                            errors.len()
                        ));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} of {} books have errors:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// What old files hold that a book cannot (issue 36) makes a book that
/// checks clean, each with a note at its SGF place: a variation's move with
/// setup of its own point (`W[qk]AW[qk]`, as cgoban's example of Go Seigen
/// against Kitani Minoru has it, with FF[3] identifiers such as `AddWhite`
/// and `VieW[]`), `tt` passes, a move onto a stone (set up as the position
/// after it, a new `::go`), and a suicide in a variation (its diagram
/// stops, the next one sets the position up).
#[test]
fn old_files_quirks_make_clean_books_with_notes() {
    let sgf = "(;GaMe[1]FileFormat[3]SiZe[19]Name[Go Seigen - Kitani Minoru]VieW[]\
               ;B[pd];W[dp];B[pp];W[tt];B[dd]\
               (;W[qk]AddWhite[qk]Comment[Setup of the move's own point.];B[qi];W[jj])\
               (;W[qc];B[ba];W[jj];B[ab];W[aa]C[Suicide.];B[pc]))";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    let text = made.book.to_string();
    let errors: Vec<String> = kifu_book::check(&made.book)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    let codes: Vec<&str> = made.notes.iter().map(|d| d.code.as_str()).collect();
    assert!(codes.contains(&"create/setup-on-move"), "{codes:?}");
    assert!(codes.contains(&"create/illegal-move"), "{codes:?}");
    // The note points at the move in the SGF.
    let illegal = made
        .notes
        .iter()
        .find(|d| d.code.as_str() == "create/illegal-move")
        .unwrap();
    assert!(sgf[illegal.span.start as usize..].starts_with("W[aa]C[Suicide"));
    // The main line's move R9 is played, not set up as well.
    assert!(text.contains("R9"), "{text}");
    assert!(!text.contains("aw=R9"), "{text}");
    // The move after the suicide is still in a diagram.
    assert!(text.contains("Q17"), "{text}");
}

/// A main-line move onto a stone: the game goes on in a new `::go` that
/// sets up the position after it, numbered on.
#[test]
fn an_illegal_main_line_move_is_set_up() {
    let sgf = "(;FF[4]SZ[9];B[cc];W[cc]C[Onto a stone.];B[gg];W[cg])";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    let text = made.book.to_string();
    assert!(
        kifu_book::check(&made.book)
            .iter()
            .all(|d| d.severity < Severity::Error),
        "{text}"
    );
    assert!(text.contains("aw=C7"), "{text}");
    assert!(text.contains("mn=3"), "{text}");
    assert!(text.contains("Onto a stone."), "{text}");
}

/// A letter on a point the answer plays: the answer's diagram shows the
/// move's number and the text names the letter after the move, as
/// figures do (it was left out).
#[test]
fn answer_diagrams_keep_letters_on_played_moves() {
    let sgf = "(;FF[4]GM[1]SZ[9]AB[cc][dc]AW[cd][dd]LB[ec:A][fc:B]C[Black to play.]\
               (;B[ec]C[Correct.];W[fc];B[ed])(;B[fc];W[ec]C[Wrong.]))";
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(
        &collection,
        &Options {
            problems: true,
            ..Options::default()
        },
    );
    let text = made.book.to_string();
    assert!(
        kifu_book::check(&made.book)
            .iter()
            .all(|d| d.severity < Severity::Error),
        "{text}"
    );
    assert!(text.contains("**Black 1** (A): Correct."), "{text}");
    assert!(text.contains("**White 2** (B)."), "{text}");
    // On the diagram the numbers show, not the letters.
    let dia = text.lines().find(|l| l.starts_with("::dia")).unwrap();
    assert!(!dia.contains("A=") && !dia.contains("B="), "{dia}");
}

/// A commentary that letters the point of a move a few moves ahead (as
/// "A is the vital point" before A is played) splits a figure only once it
/// holds half its planned moves; before that the move keeps its number and
/// the letter follows its name in the text.
#[test]
fn letters_on_later_points_split_figures_less() {
    // Black on even points, White on odd ones: nothing is ever captured.
    let points: Vec<(u8, u8)> = (0..60u8)
        .flat_map(|k| {
            [
                (2 * (k % 10), 2 * (k / 10)),
                (2 * (k % 9) + 1, 2 * (k / 9) + 1),
            ]
        })
        .collect();
    let letters = "ABCDEFGHIJKL";
    let mut sgf = String::from("(;FF[4]GM[1]SZ[19]");
    for (k, &(x, y)) in points.iter().enumerate() {
        let color = if k % 2 == 0 { "B" } else { "W" };
        let _ = std::fmt::Write::write_fmt(
            &mut sgf,
            format_args!(";{color}[{}{}]", (b'a' + x) as char, (b'a' + y) as char),
        );
        if k % 10 == 0 && k + 3 < points.len() {
            let (lx, ly) = points[k + 3];
            let letter = letters.as_bytes()[k / 10] as char;
            let _ = std::fmt::Write::write_fmt(
                &mut sgf,
                format_args!(
                    "LB[{}{}:{letter}]C[{letter} is the point.]",
                    (b'a' + lx) as char,
                    (b'a' + ly) as char
                ),
            );
        }
    }
    sgf.push(')');
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    let text = made.book.to_string();
    assert!(
        kifu_book::check(&made.book)
            .iter()
            .all(|d| d.severity < Severity::Error),
        "{text}"
    );
    let figures = text.matches("::fig").count();
    // 120 moves in figures of 50: 3 without letters; a split at each of
    // the 12 letters made 13.
    assert!(figures <= 5, "{figures} figures\n{text}");
    // The move on the first letter names it.
    assert!(text.contains("**White 4** (A)."), "{text}");
}

/// A record that plays onto stones over and over (a board filled again and
/// again) sets up a few such moves and then stops its main line, with a
/// note: a `::go` and a figure per move would grow the book without end.
#[test]
fn a_record_of_many_illegal_moves_stops() {
    let mut sgf = String::from("(;FF[4]GM[1]SZ[5]");
    for i in 0..400 {
        let p = i % 25;
        let _ = std::fmt::Write::write_fmt(
            &mut sgf,
            format_args!(
                ";{}[{}{}]",
                ["B", "W"][i % 2],
                (b'a' + (p % 5) as u8) as char,
                (b'a' + (p / 5) as u8) as char
            ),
        );
    }
    sgf.push(')');
    let collection = kifu_sgf::parse(sgf.as_bytes()).value;
    let made = create::book(&collection, &Options::default());
    assert!(
        kifu_book::check(&made.book)
            .iter()
            .all(|d| d.severity < Severity::Error)
    );
    let set_up = made
        .notes
        .iter()
        .filter(|d| d.code.as_str() == "create/illegal-move")
        .count();
    assert_eq!(set_up, 17, "16 set up, then the stop");
    assert!(made.notes.last().unwrap().message.contains("stops before"));
    assert!(
        made.book.elements().len() < 60,
        "{}",
        made.book.elements().len()
    );
}

//! Books at a size where a stage that is quadratic in the book would not
//! finish: the checks assert on the result (every diagnostic there, the
//! last element reached), never on time. `kifu-book-scale` (crates/bench)
//! times the same shapes at 1x, 2x, 4x and 8x.

use std::fmt::Write as _;

use kifu_diag::Diagnostic;

fn with_code<'d>(diagnostics: &'d [Diagnostic], code: &str) -> Vec<&'d Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| d.code.as_str() == code)
        .collect()
}

/// 20,000 diagrams with standard texts in headings and paragraphs, inline
/// diagrams, links and problems, in chapters of 100 in two languages:
/// standard texts were checked by computing every element's languages
/// again for every paragraph.
#[test]
fn a_20000_diagram_book_with_standard_texts_is_checked_whole() {
    let n = 20_000;
    let mut s = String::from("::book(#b) title=\"T\" title_de=\"T\"\n\n");
    for i in 0..n {
        if i % 100 == 0 {
            let _ = writeln!(s, "::chapter(#c{i})\n\n::h2 #Problem# {i}\n");
        }
        if i % 2 == 0 {
            let _ = writeln!(s, "::prb(#d{i}) sz=9 ab=C3C4 aw=D3D4 correct=E4 #btk#\n");
        } else {
            let _ = writeln!(s, "::dia(#d{i}) base=d{} at=1 ca=\"Dia. {i}\"\n", i - 1);
        }
        // One unknown standard text per paragraph (one warning, not one
        // per language), a link, an inline diagram.
        let _ = writeln!(
            s,
            "::p_en_de #wtp# #zz{i}# <a href=\"d{i}\">Dia. {i}</a> <dia at=1 mv=E5>If</dia>\n"
        );
    }
    let parsed = kifu_book::parse(&s);
    let book = parsed.value;
    let diagnostics = kifu_book::check(&book);
    let unknown = with_code(&diagnostics, "book/standard-text");
    assert_eq!(unknown.len(), n, "{:?}", &diagnostics[..5]);
    assert!(
        unknown
            .last()
            .unwrap()
            .message
            .contains(&format!("#zz{}#", n - 1))
    );
    // Nothing else is wrong: the links and bases all resolve.
    assert_eq!(diagnostics.len(), n, "{:?}", &diagnostics[..5]);
}

/// A chain of 20,000 based diagrams whose game information is at the root:
/// a paragraph's standard texts found it by walking the chain back.
#[test]
fn game_information_at_the_root_of_a_long_chain_reaches_its_end() {
    let n = 20_000;
    let mut s = String::from("::book(#b)\n\n::chapter(#c)\n\n::go(#d0) pb=Kuro mv=\"D4 Q16\"\n\n");
    for i in 1..=n {
        let _ = writeln!(s, "::dia(#d{i}) base=d{} A=C3\n", i - 1);
        if i % 2 == 0 {
            let _ = writeln!(s, "#pb# #re#\n");
        }
    }
    let book = kifu_book::parse(&s).value;
    let diagnostics = kifu_book::check(&book);
    // `#pb#` reaches the root every time; `#re#` is nowhere.
    let missing = with_code(&diagnostics, "book/missing-standard-text");
    assert_eq!(missing.len(), n / 2);
    assert!(missing.iter().all(|d| d.message.contains("#re#")));
    assert_eq!(diagnostics.len(), n / 2);
}

/// A `go` of `n` legal moves: four kos taken and retaken in turn, so that
/// the game never runs out of legal moves.
fn long_game(n: usize) -> String {
    let point = |x: usize, y: usize| format!("{}{}", b"ABCDEFGHJKLMNOPQRST"[x] as char, y + 1);
    let (mut ab, mut aw) = (String::new(), String::new());
    for k in 0..4 {
        let x = 5 * k;
        ab += &(point(x + 1, 0) + &point(x, 1) + &point(x + 1, 2));
        aw += &(point(x + 2, 0) + &point(x + 3, 1) + &point(x + 2, 2));
        if k < 2 {
            aw += &point(x + 1, 1);
        } else {
            ab += &point(x + 2, 1);
        }
    }
    let mut capturer = [0, 0, 1, 1];
    let mut last = usize::MAX;
    let mut mv = String::new();
    for m in 0..n {
        let k = (0..4)
            .map(|j| (m + j) % 4)
            .find(|&k| capturer[k] == m % 2 && k != last)
            .unwrap();
        mv += &point(5 * k + 2 - m % 2, 1);
        capturer[k] ^= 1;
        last = k;
    }
    format!("::go(#g) ab={ab} aw={aw} pl=b mv={mv}\n\n")
}

/// A 100,000-move game with a figure every 100 moves: each figure replayed
/// the game from its start, and read the whole `mv` again for the text
/// fields of the paragraph after it.
#[test]
fn a_100000_move_game_with_a_figure_every_100_moves_resolves_every_figure() {
    let n = 100_000;
    let mut s = String::from("::book(#b)\n\n::chapter(#c)\n\n") + &long_game(n);
    for from in (1..=n).step_by(100) {
        let _ = writeln!(
            s,
            "::fig at={from} to={}\n\n#btp# Moves {from}.\n",
            from + 99
        );
    }
    // Out of order, and the end.
    let _ = writeln!(
        s,
        "::fig(#late) at=99990\n\n::fig(#early) at=3\n\n::dia(#end) at=end mv=T19\n"
    );
    let book = kifu_book::parse(&s).value;
    let diagnostics = kifu_book::check(&book);
    assert!(diagnostics.is_empty(), "{:?}", &diagnostics[..3]);
    let r = kifu_book::resolve::resolve(&book);
    let go = r.of_element(2).unwrap();
    assert_eq!(go.moves.len(), n);
    let figures: Vec<_> = r.items.iter().skip(1).collect();
    assert_eq!(figures.len(), n / 100 + 3);
    let last = figures[n / 100 - 1];
    assert_eq!(last.moves.len(), 100);
    assert_eq!(last.moves[0].number, Some(n as u32 - 99));
    assert_eq!(last.moves[99].number, Some(n as u32));
    // The positions are the game's, wherever the replay started.
    for (fig, before) in [
        (figures[0], 0),
        (figures[5], 500),
        (figures[n / 100 - 1], n - 100),
        (figures[n / 100], 99_989),
        (figures[n / 100 + 1], 2),
        (figures[n / 100 + 2], n),
    ] {
        let (board, to_play) = go.position_after(before);
        assert_eq!(fig.start, board, "before move {}", before + 1);
        assert_eq!(fig.to_play, to_play);
    }
    assert_eq!(figures[n / 100 + 2].moves[0].number, Some(1));
}

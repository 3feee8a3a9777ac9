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
        // One unknown standard text per paragraph (a note in each of its
        // languages), a link, an inline diagram.
        let _ = writeln!(
            s,
            "::p_en_de #wtp# #zz{i}# <a href=\"d{i}\">Dia. {i}</a> <dia at=1 mv=E5>If</dia>\n"
        );
    }
    let parsed = kifu_book::parse(&s);
    let book = parsed.value;
    let diagnostics = kifu_book::check(&book);
    let unknown = with_code(&diagnostics, "book/standard-text");
    assert_eq!(unknown.len(), 2 * n, "{:?}", &diagnostics[..5]);
    assert!(
        unknown
            .last()
            .unwrap()
            .message
            .contains(&format!("#zz{}#", n - 1))
    );
    // Nothing else is wrong: the links and bases all resolve.
    assert_eq!(diagnostics.len(), 2 * n, "{:?}", &diagnostics[..5]);
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

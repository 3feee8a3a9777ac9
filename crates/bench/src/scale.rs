//! Generated inputs whose cost must grow linearly with `n`: the cases of
//! "Hostile and pathological input" item 12 and "A checker an author can
//! trust" item 1. `kifu-book-scale` times `kifu check`, `kifu diagrams` and
//! `kifu render -o x.html` on each at 1x, 2x, 4x and 8x.

use std::fmt::Write;

/// Standard go-book column letters (no I).
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

fn point(x: usize, y: usize) -> String {
    format!("{}{}", COLUMNS[x] as char, y + 1)
}

/// A small deterministic generator (xorshift), so that inputs are the same
/// from run to run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `n` plain paragraphs in one chapter, after one heading.
pub fn paragraphs(n: usize) -> String {
    let mut s = String::with_capacity(n * 80);
    s.push_str("::book(#scale) title=\"Paragraphs\"\n\n::chapter\n\n::h1 #title#\n\n");
    for i in 0..n {
        let _ = writeln!(
            s,
            "Paragraph {i}: some **bold** and __italic__ text --- with an em dash.\n"
        );
    }
    s
}

/// `n` diagrams with what a problem book has: standard texts in headings
/// and paragraphs, inline diagrams, links to diagrams, problems, figures
/// with captions and language paragraphs. One `::go` per 10 diagrams.
pub fn diagrams(n: usize) -> String {
    let mut s = String::with_capacity(n * 300);
    s.push_str("::book(#scale) title=\"Diagrams\" author=\"Generator\"\n\n::chapter\n\n::h1 #title#\n\n::s1 #author#\n\n");
    let mut i = 0;
    let mut chapter = 0;
    while i < n {
        if i % 100 == 0 {
            chapter += 1;
            let _ = writeln!(s, "::chapter(#ch{chapter})\n\n::h2 #Problem# {chapter}\n");
        }
        match (i / 5) % 2 {
            0 => {
                // A game record, a figure with a caption, a diagram with an
                // inline diagram in the next paragraph, a link back.
                let _ = writeln!(s, "::go(#g{i}) mv=\"D4 F4 H4 K4 M4 O4 Q4 D16 Q16 K10\"\n");
                let _ = writeln!(s, "::h3 #Problem# {i}: #btp#\n");
                let _ = writeln!(s, "::fig(#d{i}) at=1 to=4 A=D6 ca=\"Figure {i}\"\n");
                let _ = writeln!(
                    s,
                    "Figure {i}. #wtp# <dia at=2 mv=O7Q7>If White plays here</dia>, #bid#\n"
                );
                let _ = writeln!(
                    s,
                    "::dia(#d{}) at=5 mv=M6O6Q6 ca=\"Dia. {}\" vw=A1T10\n",
                    i + 1,
                    i + 1
                );
                let _ = writeln!(s, "::h4 #Answer# {i}\n");
                let _ = writeln!(
                    s,
                    "::dia(#d{}) base=d{} at=2 mv=O8Q8 ca_en=\"Dia. {} English\" ca_ja=\"Dia. {} Japanese\"\n",
                    i + 2,
                    i + 1,
                    i + 2,
                    i + 2
                );
                let _ = writeln!(s, "::p href=d{} See Dia. {}. #se#\n", i + 1, i + 1);
                let _ = writeln!(s, "::de #Problem# {i}: #wtk#\n");
                i += 3;
            }
            _ => {
                // Problems with correct and wrong answers, and a
                // self-contained diagram.
                let _ = writeln!(
                    s,
                    "::prb(#d{i}) sz=9 pl=b ab=C3C4D5 aw=D3D4 correct=\"E4E3F3(#wid#);E3E4(#ko#)\" wrong=\"F3E4(#bid#)\" #btk#\n"
                );
                let _ = writeln!(s, "#Answer#: <a href=\"d{i}\">#Problem# {i}</a>. #wia#\n");
                let _ = writeln!(
                    s,
                    "::dia(#d{}) base=none ab=C3C4D5 aw=D3D4 pl=w mv=E5 a=E6 vw=A1G8 ca=\"#wtl#\"\n",
                    i + 1
                );
                i += 2;
            }
        }
    }
    s
}

/// A chain of `n` diagrams, each based on the one before.
pub fn base_chain(n: usize) -> String {
    let mut s = String::with_capacity(n * 60);
    s.push_str("::book(#scale) title=\"Chain\"\n\n::chapter\n\n::go(#d0) mv=\"D4 F4 H4 K4\"\n\n");
    for i in 1..=n {
        let _ = writeln!(
            s,
            "::dia(#d{i}) base=d{} ca=\"Dia. {i}\" A=D{}\n",
            i - 1,
            5 + i % 10
        );
        if i % 10 == 0 {
            let _ = writeln!(s, "Text after Dia. {i}.\n");
        }
    }
    s
}

/// A `::go` of `n` legal moves and a `::fig` for every 100 of them. The
/// moves take and retake four kos in turn (kos, not random play, so that
/// the game never runs out of legal moves).
pub fn long_mv(n: usize) -> String {
    // Ko i sits at x = 5i: the stone to capture at (1,1) or (2,1).
    //   . B W .        row 3
    //   B W . W        row 2 (kos 0 and 1 start like this: Black captures)
    //   . B W .        row 1
    let (mut ab, mut aw) = (String::new(), String::new());
    for k in 0..4 {
        let x = 5 * k;
        ab.push_str(&point(x + 1, 0));
        ab.push_str(&point(x, 1));
        ab.push_str(&point(x + 1, 2));
        aw.push_str(&point(x + 2, 0));
        aw.push_str(&point(x + 3, 1));
        aw.push_str(&point(x + 2, 2));
        if k < 2 {
            aw.push_str(&point(x + 1, 1));
        } else {
            ab.push_str(&point(x + 2, 1));
        }
    }
    // Who can capture in each ko: 0 = Black (a white stone at (1,1)).
    let mut capturer = [0u8, 0, 1, 1];
    let mut last = usize::MAX;
    let mut mv = String::with_capacity(n * 3);
    for m in 0..n {
        let player = (m % 2) as u8;
        let k = (0..4)
            .map(|j| (m + j) % 4)
            .find(|&k| capturer[k] == player && k != last)
            .expect("four kos always leave a capture");
        let x = 5 * k;
        mv.push_str(&if player == 0 {
            point(x + 2, 1)
        } else {
            point(x + 1, 1)
        });
        capturer[k] ^= 1;
        last = k;
    }
    let mut s = String::with_capacity(n * 4);
    let _ = writeln!(
        s,
        "::book(#scale) title=\"Long game\"\n\n::chapter\n\n::go(#game) ab={ab} aw={aw} pl=b mv={mv}\n"
    );
    let mut from = 1;
    while from <= n {
        let to = (from + 99).min(n);
        let _ = writeln!(s, "::fig at={from} to={to}\n\nMoves {from} to {to}.\n");
        from += 100;
    }
    s
}

/// An SGF game of a 200-move main line and `n` variations of three moves,
/// branching from every move of it in turn.
pub fn variations(n: usize) -> String {
    let size = 19 * 19;
    let mut perm: Vec<usize> = (0..size).collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for i in (1..size).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        perm.swap(i, j);
    }
    let main = 200;
    let sgf_point = |p: usize| {
        let (x, y) = (p % 19, p / 19);
        format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
    };
    let color = |m: usize| if m.is_multiple_of(2) { 'B' } else { 'W' };
    // Variations at each main-line node, as their moves.
    let mut at: Vec<Vec<String>> = vec![Vec::new(); main];
    for v in 0..n {
        let i = (v * 37) % main; // the alternative to move i
        let free = size - i; // perm[i..] are empty before move i
        let mut text = String::from("(");
        for j in 0..3 {
            let p = perm[i + (v / main * 3 + j * 17 + 1) % free];
            let _ = write!(text, ";{}[{}]", color(i + j), sgf_point(p));
        }
        let _ = write!(text, "C[Variation {v}])");
        at[i].push(text);
    }
    let mut s = String::with_capacity(n * 30 + main * 10);
    s.push_str("(;GM[1]FF[4]SZ[19]PB[Black]PW[White]C[Generated: variations]");
    let mut open = 0;
    for (i, vars) in at.iter().enumerate() {
        if vars.is_empty() {
            let _ = write!(s, ";{}[{}]", color(i), sgf_point(perm[i]));
        } else {
            let _ = write!(s, "(;{}[{}]", color(i), sgf_point(perm[i]));
            open += 1;
            if i % 10 == 0 {
                let _ = write!(s, "C[Move {}]", i + 1);
            }
        }
        // The variations of move i are closed after the main line: keep
        // them to write when the nesting unwinds.
    }
    for vars in at.iter().rev() {
        if !vars.is_empty() {
            s.push(')');
            open -= 1;
            for v in vars {
                s.push_str(v);
            }
        }
    }
    debug_assert_eq!(open, 0);
    s.push_str(")\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_game_is_legal() {
        let book = long_mv(1000);
        assert!(book.contains("::fig at=901 to=1000"));
    }

    #[test]
    fn variations_balance() {
        let sgf = variations(400);
        let open = sgf.bytes().filter(|&b| b == b'(').count();
        let close = sgf.bytes().filter(|&b| b == b')').count();
        assert_eq!(open, close);
        assert_eq!(sgf.matches("C[Variation").count(), 400);
    }
}

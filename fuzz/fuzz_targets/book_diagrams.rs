//! The diagram resolver on books built from the input: the bytes choose
//! board sizes, stones, move lists, bases and `at`/`to` ranges, so that
//! nearly every input reaches the resolver (random text rarely forms a
//! diagram). No panic; every diagnostic inside the book; every resolved
//! diagram gives its figure, gaps line and caption.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Coordinates on a board of `size` (some off the board on purpose).
fn point(b: u8, size: u8) -> String {
    let col = (b % (size + 2)) as usize;
    let row = (b / 16 % (size + 2)) as u32 + 1;
    let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    format!("{}{}", char::from(letters[col % letters.len()]), row)
}

fn book_of(data: &[u8]) -> String {
    let mut text = String::from("::book(#b) title=\"Fuzz\"\n\n::chapter(#c)\n\n");
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let size = next().map_or(9, |b| [5u8, 7, 9, 13, 19][usize::from(b % 5)]);
    // A count, not a byte: an input of 255 operations made `n + 1` wrap to 0.
    let mut n: usize = 0;
    while let Some(op) = next() {
        n += 1;
        let list = |count: u8, next: &mut dyn FnMut() -> Option<u8>| {
            let mut s = Vec::new();
            for _ in 0..count % 8 {
                if let Some(b) = next() {
                    s.push(point(b, size));
                }
            }
            s.join(" ")
        };
        match op % 6 {
            0 => {
                let ab = list(op / 6, &mut next);
                let aw = list(next().unwrap_or(0), &mut next);
                text.push_str(&format!(
                    "::go(#g{n}) sz={size} ab=\"{ab}\" aw=\"{aw}\"\n\n"
                ));
            }
            1 => {
                let mv = list(op / 6 + 3, &mut next);
                text.push_str(&format!("::go(#g{n}) sz={size} mv=\"{mv}\" pl=b\n\n"));
            }
            2 => {
                let at = next().unwrap_or(0) % 12;
                let to = at + next().unwrap_or(0) % 6;
                text.push_str(&format!("::dia at={at} to={to}\n\n"));
            }
            3 => {
                let base = usize::from(next().unwrap_or(0)) % (n + 1);
                let mv = list(op / 6 + 1, &mut next);
                text.push_str(&format!("::dia base=g{base} mv=\"{mv}\"\n\n"));
            }
            4 => {
                let p = point(next().unwrap_or(0), size);
                text.push_str(&format!("Black plays <dia at=end> and {p} is good.\n\n"));
            }
            _ => {
                let vw = list(2, &mut next);
                text.push_str(&format!("::prb vw=\"{vw}\" ca=\"^ to play\"\n\n"));
            }
        }
    }
    text
}

fuzz_target!(|data: &[u8]| {
    let text = book_of(data);
    let parsed = kifu_book::read(text.as_bytes());
    let book = &parsed.value;
    for d in kifu_book::check(book) {
        assert!(d.span.end as usize <= text.len(), "{d:?}");
    }
    let resolution = kifu_book::resolve::resolve(book);
    let _ = kifu_book::listing::to_text(book, &resolution);
    let _ = kifu_book::listing::to_json(book, &resolution);
    for item in &resolution.items {
        let figure = kifu_book::figure::Figure::of(item);
        let _ = figure.gaps_line(item.size);
        let _ = kifu_book::figure::caption(item, "en");
        let _ = kifu_book::figure::gaps(item);
        let _ = item.hidden_in_replay();
        let _ = item.end_position();
    }
});

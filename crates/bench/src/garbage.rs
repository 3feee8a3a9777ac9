//! Garbage: one megabyte (or any size) of what a fuzzer or a damaged disk
//! hands a checker, in four kinds, each from a fixed seed so that every run
//! times the same bytes: random bytes, random SGF-like tokens, random book
//! text (the `.gobook` markup) and random XML (GoGui's elements). Each is
//! read as SGF by `kifu check` and `kifu fix --force` (the issue "check and
//! fix at the speed of the parser": any megabyte in seconds).

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// A generator: `n` bytes from a seed.
pub type Generate = fn(usize, u64) -> Vec<u8>;

/// The kinds of garbage, by name, with their generators.
pub const KINDS: &[(&str, Generate)] = &[
    ("bytes", random_bytes),
    ("sgf-tokens", sgf_tokens),
    ("book-text", book_text),
    ("xml", xml),
];

/// `n` random bytes.
pub fn random_bytes(n: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed | 1);
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

/// Builds `n` bytes from pieces that `piece` picks.
fn from_pieces(n: usize, seed: u64, mut piece: impl FnMut(&mut Rng, &mut Vec<u8>)) -> Vec<u8> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::with_capacity(n + 64);
    while out.len() < n {
        piece(&mut rng, &mut out);
    }
    out.truncate(n);
    out
}

/// A random point (`pd`), sometimes off the board or `tt`.
fn point(rng: &mut Rng, out: &mut Vec<u8>) {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABZ";
    out.push(LETTERS[rng.below(LETTERS.len())]);
    out.push(LETTERS[rng.below(LETTERS.len())]);
}

/// Random SGF tokens: parentheses, `;`, identifiers of every kind (known,
/// unknown, lowercase, FF\[3\]), values of points, lists, numbers, text,
/// escapes, and now and then a stray byte.
pub fn sgf_tokens(n: usize, seed: u64) -> Vec<u8> {
    const IDS: &[&str] = &[
        "B", "W", "AB", "AW", "AE", "C", "N", "LB", "TR", "MA", "SQ", "CR", "GM", "FF", "SZ", "CA",
        "PB", "PW", "BR", "WR", "RE", "KM", "HA", "DT", "PC", "EV", "TE", "BM", "DO", "IT", "GB",
        "GW", "KI", "L", "M", "VW", "AddBlack", "XX", "ZZZ", "b", "tt", "MN", "PL", "AR",
    ];
    const VALUES: &[&str] = &[
        "",
        "tt",
        "19",
        "9",
        "1",
        "4",
        "0",
        "-3",
        "6.5",
        "B+R",
        "W+3.5",
        "Black wins",
        "9 dan",
        "2024-01-02",
        "UTF-8",
        "Shift_JIS",
        "x",
        " ",
        "\\]",
        "\\",
        "aa:cc",
        "aa:",
        ":",
        "pd:A",
    ];
    from_pieces(n, seed, |rng, out| match rng.below(16) {
        0 => out.push(b'('),
        1 => out.push(b')'),
        2 | 3 => out.push(b';'),
        4..=7 => out.extend_from_slice(rng.pick(IDS).as_bytes()),
        8..=10 => {
            out.push(b'[');
            point(rng, out);
            out.push(b']');
        }
        11..=12 => {
            out.push(b'[');
            out.extend_from_slice(rng.pick(VALUES).as_bytes());
            out.push(b']');
        }
        13 => out.extend_from_slice(rng.pick(&["[", "]", "\\", "\n", " ", "\r\n"]).as_bytes()),
        14 => out.push(rng.next_u64() as u8),
        _ => out.extend_from_slice(b"\n"),
    })
}

/// Random text of a Go book (`.gobook` markup): directives, figures with
/// stones and labels, headings, paragraphs, inline diagrams and links.
pub fn book_text(n: usize, seed: u64) -> Vec<u8> {
    const WORDS: &[&str] = &[
        "::fig", "::go", "::book", "::h1", "::h2", "::p", "::dia", "::", "vw=H11T1", "ab=\"",
        "aw=\"", "\"", "=", "T4=1", "S1=2", "R3=a", "base=", "#", "**", "[", "]", "(", ")", "{",
        "}", ":", ";", "Black", "White", "tesuji", "D4", "Q16", "A1", "T19", "ko", "\n", "\n\n",
        " ", "  ", "\\", "<", ">", "&amp;",
    ];
    from_pieces(n, seed, |rng, out| {
        out.extend_from_slice(rng.pick(WORDS).as_bytes());
        if rng.below(3) == 0 {
            out.push(b' ');
        }
    })
}

/// Random GoGui XML: its elements and attributes, open and closed in any
/// order, text, entities and now and then a stray `<` or `>`.
pub fn xml(n: usize, seed: u64) -> Vec<u8> {
    const PIECES: &[&str] = &[
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
        "<Go>",
        "</Go>",
        "<GoGame>",
        "</GoGame>",
        "<Information>",
        "</Information>",
        "<BoardSize>19</BoardSize>",
        "<Nodes>",
        "</Nodes>",
        "<Node>",
        "</Node>",
        "<Node name=\"x\">",
        "<Black at=\"D4\"/>",
        "<White at=\"Q16\"/>",
        "<Black number=\"1\" at=\"A19\"/>",
        "<Comment>",
        "</Comment>",
        "<P>",
        "</P>",
        "<Variation>",
        "</Variation>",
        "<Mark label=\"A\" at=\"C3\"/>",
        "<AddBlack at=\"E5\"/>",
        "<SGF type=\"B\"><Arg>pd</Arg></SGF>",
        "text",
        " ",
        "\n",
        "&lt;",
        "&amp;",
        "&#x5d;",
        "<",
        ">",
        "\"",
        "=",
        "[",
        "]",
        ";",
        "(",
        ")",
    ];
    from_pieces(n, seed, |rng, out| {
        out.extend_from_slice(rng.pick(PIECES).as_bytes())
    })
}

//! The words of diagram descriptions, one table per language: templates
//! by key, with `{name}` where a value goes. The Rust describer fills
//! them here, and a big book's page carries the same tables for its
//! script, which builds each description when the reader opens it: one
//! source for the wording of both.

/// The words of descriptions in one language.
#[derive(Debug)]
pub struct Words {
    lang: &'static str,
    table: &'static [(&'static str, &'static str)],
}

/// English: every key a description uses.
const EN: &[(&str, &str)] = &[
    ("description", "Description"),
    ("board", "Board"),
    ("board_all", "{cols} by {rows} board, all of it shown"),
    (
        "board_part",
        "{cols} by {rows} board, showing columns {left} to {right} and rows {bottom} to {top}",
    ),
    ("problem", "Problem"),
    ("to_play_b", "Black to play"),
    ("to_play_w", "White to play"),
    ("stones_b", "Black stones ({count})"),
    ("stones_w", "White stones ({count})"),
    ("region_0", "upper left corner"),
    ("region_1", "upper side"),
    ("region_2", "upper right corner"),
    ("region_3", "left side"),
    ("region_4", "centre"),
    ("region_5", "right side"),
    ("region_6", "lower left corner"),
    ("region_7", "lower side"),
    ("region_8", "lower right corner"),
    ("region_stones", "{region} {points}"),
    ("moves", "Moves ({count})"),
    ("player_b", "Black"),
    ("player_w", "White"),
    ("numbered", "{player} {number}"),
    ("move_at", "{player} at {point}"),
    ("move_elsewhere", "{player} elsewhere"),
    ("move_pass", "{player} passes"),
    ("move_takes", "{move}, takes {points}"),
    ("gaps", "Not shown as numbered stones"),
    ("marks", "Marks ({count})"),
    ("letter", "letter {letter} at {point}"),
    ("text", "text {text} at {point}"),
    ("mark", "{mark} at {point}"),
    ("mark_tr", "triangle"),
    ("mark_ma", "cross"),
    ("mark_sq", "square"),
    ("mark_rg", "diamond"),
    ("mark_cr", "circle"),
    ("mark_tb", "black territory"),
    ("mark_tw", "white territory"),
    ("lines", "Lines ({count})"),
    ("arrows", "Arrows ({count})"),
    ("from_to", "from {from} to {to}"),
    ("empty_board", "an empty board"),
    ("stone_b", "1 black stone"),
    ("stones_count_b", "{count} black stones"),
    ("stone_w", "1 white stone"),
    ("stones_count_w", "{count} white stones"),
    ("both_colors", "{black} and {white}"),
    (
        "moves_played",
        "moves {first} to {last} played on {position}",
    ),
    ("move_played", "move {first} played on {position}"),
    ("with_turn", "{what}, {to_play}"),
    ("captioned", "{caption}. {what}."),
    ("uncaptioned", "{kind}, {what}."),
    ("kind_go", "Position"),
    ("kind_fig", "Figure"),
    ("kind_var", "Variation"),
    ("kind_prb", "Problem"),
    ("kind_dia", "Diagram"),
];

static ENGLISH: Words = Words {
    lang: "en",
    table: EN,
};

/// The words for `lang` (by its primary subtag): English when kifu has
/// none of its own.
pub fn words(_lang: &str) -> &'static Words {
    &ENGLISH
}

impl Words {
    /// The language of these words.
    pub fn lang(&self) -> &'static str {
        self.lang
    }

    /// The template of `key`: this language's, else the English one.
    pub fn get(&self, key: &str) -> &'static str {
        let find = |table: &'static [(&str, &'static str)]| {
            table.iter().find(|(k, _)| *k == key).map(|(_, t)| *t)
        };
        find(self.table).or_else(|| find(EN)).unwrap_or_default()
    }

    /// The template of `key` with each `{name}` replaced by its value in
    /// `values` (in one pass: a value is never read as a template).
    ///
    /// ```
    /// let w = kifu_book::describe::words("en");
    /// assert_eq!(w.fill("move_at", &[("player", "Black {point}"), ("point", "D4")]), "Black {point} at D4");
    /// ```
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        let mut out = String::new();
        let mut rest = self.get(key);
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let name = &after[..close];
                values
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v, close))
            });
            match value {
                Some((v, close)) => {
                    out.push_str(v);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// Every key with its template in this language (English where it
    /// has none): what a page's script fills in.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        EN.iter().map(|(k, _)| (*k, self.get(k)))
    }
}

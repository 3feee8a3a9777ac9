//! One line on each element and attribute, from the Go Books format's
//! specification, for hovers and completion.

/// Every element name of the format (languages aside).
pub(crate) const ELEMENTS: &[&str] = &[
    "book", "chapter", "go", "fig", "dia", "var", "prb", "p", "h1", "h2", "h3", "h4", "h5", "s1",
    "s2", "img", "buy", "include", "c",
];

/// What an element is.
pub(crate) fn element(name: &str) -> Option<&'static str> {
    Some(match name {
        "book" => "The book's attributes (title, author...); the first element, once.",
        "chapter" => "A chapter: groups what follows; needs an ID unique in the book.",
        "go" => "Go data: a position, moves and game information, not shown.",
        "fig" => "A main figure of a game: numbered from `at`, moves listed below, full width.",
        "dia" => "A diagram of an alternative sequence: numbered from 1, a little smaller.",
        "var" => "A variation of the most recent diagram, continuing its numbering.",
        "prb" => "A problem: full width, answers the reader's moves (`correct`, `wrong`).",
        "p" => "A paragraph (the default for text without `::`).",
        "h1" => "Book title heading.",
        "h2" => "Chapter title heading.",
        "h3" => "Section title heading.",
        "h4" => "Minor section title heading.",
        "h5" => "Minor title heading.",
        "s1" => "Subtitle to `h1`.",
        "s2" => "Subtitle to `h2`.",
        "img" => {
            "An image in the flow (a file in the package or beside the book, or a web address)."
        }
        "buy" => "A button to buy the book (app-specific).",
        "include" => "The elements of another file, inserted here (`url`).",
        "c" => "A comment: read and written, changes nothing.",
        _ => return None,
    })
}

/// What an attribute means (by its name without languages).
pub(crate) fn attribute(name: &str) -> Option<&'static str> {
    Some(match name {
        "format" => "The version of the file format (default 0).",
        "revision" => "The revision of this book's content (default 0).",
        "title" => "The book's title (per language: `title_ja`); `#title#` inserts it.",
        "subtitle" => "The book's subtitle (per language); `#subtitle#` inserts it.",
        "author" => "The book's authors, without 'by' (per language); `#author#` inserts it.",
        "publisher" => "The book's publisher (per language).",
        "copyright" => "The book's copyright (per language).",
        "cover" => "The cover image (default: the book's ID with `_cover.jpg`).",
        "fullWidth" => "0 or 1: show every diagram of the book or chapter at full width.",
        "notes" => "0 or 1: this file holds notes on the book with the same ID.",
        "tags" => "Keywords for finding the book, separated by spaces or commas.",
        "circleAsDot" => "0 or 1: draw circle marks as dots on stones (2026).",
        "series" => "The series the book belongs to (per language; 2026).",
        "volume" => "The book's volume in its series (2026).",
        "games" => "The games the book is about (2026).",
        "sz" => "Board size (square boards only); default 19.",
        "ab" => "Black stones to add to the position.",
        "aw" => "White stones to add to the position.",
        "ae" => "Stones to remove from the position (as if earlier moves had not been played).",
        "pl" => "Whose turn it is at the position: `b` or `w` (default black).",
        "koPoint" => "The point forbidden because a ko was just taken.",
        "mn" => "The number of the first move (default 1; `at` for `fig` and `var`).",
        "base" => {
            "The ID of the Go data or diagram this is based on, or `none`; before this element."
        }
        "at" => "The position before this move of the base (a move number, or `end`).",
        "mv" => "The moves, alternating players from `pl`: points, `Pass`, `Tenuki`.",
        "to" => "The last move of the base's range `at`..`to` to show (a number, or `end`).",
        "sgf" => "Go data given as SGF (SZ, AB, AW, PL, B, W, game information; main line only).",
        "pb" => "Black player (as SGF `PB`).",
        "br" => "Black rank (as SGF `BR`).",
        "wp" => "White player (as SGF `PW`).",
        "wr" => "White rank (as SGF `WR`).",
        "km" => "Komi (as SGF `KM`).",
        "ha" => "Handicap (as SGF `HA`).",
        "re" => "Result (as SGF `RE`).",
        "tm" => "Time limit (as SGF `TM`).",
        "dt" => "Date (as SGF `DT`).",
        "pc" => "Place (as SGF `PC`).",
        "ev" => "Event (as SGF `EV`).",
        "ro" => "Round (as SGF `RO`).",
        "us" => "User (as SGF `US`).",
        "an" => "Commentary by (as SGF `AN`).",
        "cp" => "Copyright (as SGF `CP`).",
        "so" => "Source (as SGF `SO`).",
        "gn" => "Game name: the game's ID in the GoGoD collection.",
        "align" => "`left`, `center` or `right`.",
        "href" => "Where a tap goes: an element's ID, a language, or a web address.",
        "break" => "Start at a new `page`, `column` or `line`, or `none`.",
        "loc" => "Notes only: where the note is attached, `chapterID+offset`.",
        "vw" => {
            "The part of the board shown: two corners (`A1T10`); inherited from the base diagram."
        }
        "tr" => "Triangle marks.",
        "ma" => "Cross marks.",
        "sq" => "Square marks.",
        "rg" => "Diamond marks.",
        "cr" => "Circle marks.",
        "tb" => "Black area marks.",
        "tw" => "White area marks.",
        "ln" => "Lines: pairs of end points.",
        "ar" => "Arrows: pairs of end points.",
        "hideInReplay" => "Points whose marks are hidden while the moves are replayed.",
        "coord" => {
            "Coordinates around the board: `none`, `auto`, `standard`, `sgf`, `j1`, `j2`, `j3`."
        }
        "showToPlay" => "0 or 1: add the player to move to the caption (default 1 for `prb`).",
        "showFromTo" => {
            "0 or 1: add the move numbers to the caption (default 1 for `fig` without caption)."
        }
        "gaps" => {
            "The line below the diagram for moves not shown as numbers (`auto`, `none`, or text)."
        }
        "ca" => "The caption below the diagram or image (per language: `ca_ja`).",
        "width" => {
            "`full`, `dia`, `half` or `third` of the column (images: `full`, `half`, `third`)."
        }
        "correct" => "Correct sequences, `;` between them, a move's text in parentheses.",
        "wrong" => "Wrong sequences, `;` between them, a move's text in parentheses.",
        "style" => "`normal`, `block`, `hanging`, `indent`, `bullet` or `text`; inherited.",
        "keepWithNext" => "0 or 1: keep with the next paragraph (default 1 for headings).",
        "hint" => "0 or 1: a hint, hidden on first reading.",
        "ref" => "The ID of the diagram this paragraph describes, or `none`.",
        "scale" => {
            "The size as a multiple of the reader's setting (images: of their natural size)."
        }
        "paraSpacing" => "Space before and after paragraphs, in 1/10 em; inherited in the chapter.",
        "spaceBefore" => "Space before the paragraph, in 1/10 em.",
        "spaceAfter" => "Space after the paragraph, in 1/10 em.",
        "firstIndent" => "Indent of the first line, in 1/10 em.",
        "hangingIndent" => "Indent of the lines after the first, in 1/10 em.",
        "rightIndent" => "Indent on the right, in 1/10 em.",
        "leftIndent" => "Sets `firstIndent` and `hangingIndent`, in 1/10 em.",
        "blockIndent" => "Sets `firstIndent`, `hangingIndent` and `rightIndent`, in 1/10 em.",
        "box" => "0 or 1: a box around this paragraph (and the boxed ones next to it).",
        "url" => "The file (in the package or beside the book) or web address.",
        "border" => "0 or 1: a thin dark border around the image (default 1 for JPEG).",
        "shadow" => "0 or 1: a shadow behind the image (default 1 for JPEG).",
        "fill" => "0 or 1: a dark fill behind the image.",
        "sku" => "The SKU of the book to buy (default: this book's ID).",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_attribute_and_element_of_the_model_has_a_line() {
        for spec in kifu_book::model::ATTRIBUTES {
            assert!(super::attribute(spec.name).is_some(), "{}", spec.name);
        }
        for name in super::ELEMENTS {
            assert!(super::element(name).is_some(), "{name}");
        }
    }
}

//! The property table: every FF\[4\] property (and the FF\[1\]-FF\[3\] ones
//! still found in files), with its value type, kind and inheritance.
//! One table, read by the typed layer, the writers and the checks.

/// Where a property may stand (the FF\[4\] "property type").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PropertyKind {
    /// Describes the move of its node (`B`, `W`, annotations, timing).
    Move,
    /// Sets up the position (`AB`, `AW`, `AE`, `PL`).
    Setup,
    /// Only in the first node of a game (`FF`, `GM`, `SZ`...).
    Root,
    /// Game information, once per path from the root (`PB`, `RE`...).
    GameInfo,
    /// Anywhere (comments, markup...).
    None,
}

/// The type of one value (or one side of a compose value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// An empty value.
    None,
    /// `[+-]digits`.
    Number,
    /// A number with an optional fraction.
    Real,
    /// `1` (normal) or `2` (emphasised).
    Double,
    /// `B` or `W`.
    Color,
    /// One line of text.
    SimpleText,
    /// Text with line breaks.
    Text,
    /// A point on the board.
    Point,
    /// A point, or a pass.
    Move,
    /// A point where a stone stands.
    Stone,
}

/// The shape of a property's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueShape {
    /// One value.
    Single(ValueType),
    /// One or more values (points may be compressed as `aa:cc`).
    List(ValueType),
    /// A list, or a single empty value for the empty list.
    EList(ValueType),
    /// One value `x:y`.
    Compose(ValueType, ValueType),
    /// A list of `x:y` values.
    ListOfCompose(ValueType, ValueType),
    /// `SZ`: a number, or `columns:rows`.
    Size,
    /// `FG`: empty, or `flags:name`.
    Figure,
    /// Obsolete properties whose value is read as a list of simple texts.
    Any,
}

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PropertyInfo {
    /// The identifier.
    pub id: &'static str,
    /// Where it may stand.
    pub kind: PropertyKind,
    /// Its values.
    pub value: ValueShape,
    /// Holds for the node and its subtree until reset (`DD`, `PM`, `VW`).
    pub inherited: bool,
    /// Defined for Go (`GM[1]`) only.
    pub go_only: bool,
    /// From FF\[1\]-FF\[3\], not part of FF\[4\].
    pub obsolete: bool,
    /// What it means.
    pub description: &'static str,
}

use PropertyKind as K;
use ValueShape as S;
use ValueType as T;

const fn row(
    id: &'static str,
    kind: PropertyKind,
    value: ValueShape,
    description: &'static str,
) -> PropertyInfo {
    PropertyInfo {
        id,
        kind,
        value,
        inherited: false,
        go_only: false,
        obsolete: false,
        description,
    }
}

const fn inherited(mut p: PropertyInfo) -> PropertyInfo {
    p.inherited = true;
    p
}

const fn go(mut p: PropertyInfo) -> PropertyInfo {
    p.go_only = true;
    p
}

const fn old(mut p: PropertyInfo) -> PropertyInfo {
    p.obsolete = true;
    p
}

/// Every known property, sorted by identifier.
pub static PROPERTIES: &[PropertyInfo] = &[
    row("AB", K::Setup, S::List(T::Stone), "add black stones"),
    row("AE", K::Setup, S::List(T::Point), "clear points"),
    row("AN", K::GameInfo, S::Single(T::SimpleText), "annotator"),
    row(
        "AP",
        K::Root,
        S::Compose(T::SimpleText, T::SimpleText),
        "application and version",
    ),
    row(
        "AR",
        K::None,
        S::ListOfCompose(T::Point, T::Point),
        "arrows",
    ),
    row("AW", K::Setup, S::List(T::Stone), "add white stones"),
    row("B", K::Move, S::Single(T::Move), "black move"),
    row(
        "BL",
        K::Move,
        S::Single(T::Real),
        "time left for black (seconds)",
    ),
    row("BM", K::Move, S::Single(T::Double), "bad move"),
    row("BR", K::GameInfo, S::Single(T::SimpleText), "black rank"),
    old(row(
        "BS",
        K::GameInfo,
        S::Single(T::Number),
        "black species (FF[3])",
    )),
    row("BT", K::GameInfo, S::Single(T::SimpleText), "black team"),
    row("C", K::None, S::Single(T::Text), "comment"),
    row("CA", K::Root, S::Single(T::SimpleText), "charset"),
    old(row(
        "CH",
        K::None,
        S::Single(T::Double),
        "check mark (FF[3])",
    )),
    row("CP", K::GameInfo, S::Single(T::SimpleText), "copyright"),
    row("CR", K::None, S::List(T::Point), "circles"),
    inherited(row("DD", K::None, S::EList(T::Point), "dimmed points")),
    row("DM", K::None, S::Single(T::Double), "even position"),
    row("DO", K::Move, S::Single(T::None), "doubtful move"),
    row("DT", K::GameInfo, S::Single(T::SimpleText), "dates"),
    old(row("EL", K::None, S::Any, "evaluated list (FF[3])")),
    row("EV", K::GameInfo, S::Single(T::SimpleText), "event"),
    old(row(
        "EX",
        K::None,
        S::Single(T::Move),
        "expected move (FF[3])",
    )),
    row("FF", K::Root, S::Single(T::Number), "file format"),
    row("FG", K::None, S::Figure, "figure"),
    row("GB", K::None, S::Single(T::Double), "good for black"),
    row("GC", K::GameInfo, S::Single(T::Text), "game comment"),
    row("GM", K::Root, S::Single(T::Number), "game (1 = Go)"),
    row("GN", K::GameInfo, S::Single(T::SimpleText), "game name"),
    row("GW", K::None, S::Single(T::Double), "good for white"),
    go(row("HA", K::GameInfo, S::Single(T::Number), "handicap")),
    row("HO", K::None, S::Single(T::Double), "hotspot"),
    old(row(
        "ID",
        K::GameInfo,
        S::Single(T::SimpleText),
        "game identifier (FF[3])",
    )),
    row("IT", K::Move, S::Single(T::None), "interesting move"),
    go(row("KM", K::GameInfo, S::Single(T::Real), "komi")),
    row("KO", K::Move, S::Single(T::None), "execute an illegal move"),
    old(row(
        "L",
        K::None,
        S::List(T::Point),
        "letters A, B, C... on points (FF[1]-FF[3])",
    )),
    row(
        "LB",
        K::None,
        S::ListOfCompose(T::Point, T::SimpleText),
        "labels",
    ),
    row("LN", K::None, S::ListOfCompose(T::Point, T::Point), "lines"),
    old(row(
        "LT",
        K::GameInfo,
        S::Single(T::None),
        "enforce time limits (FF[3])",
    )),
    old(row("M", K::None, S::List(T::Point), "marks (FF[1]-FF[3])")),
    row("MA", K::None, S::List(T::Point), "X marks"),
    row("MN", K::Move, S::Single(T::Number), "set move number"),
    row("N", K::None, S::Single(T::SimpleText), "node name"),
    row(
        "OB",
        K::Move,
        S::Single(T::Number),
        "black stones left in the period",
    ),
    old(row(
        "OM",
        K::GameInfo,
        S::Single(T::Number),
        "moves per overtime (FF[3])",
    )),
    row("ON", K::GameInfo, S::Single(T::SimpleText), "opening"),
    old(row(
        "OP",
        K::GameInfo,
        S::Single(T::Real),
        "overtime length (FF[3])",
    )),
    row("OT", K::GameInfo, S::Single(T::SimpleText), "overtime"),
    old(row(
        "OV",
        K::GameInfo,
        S::Single(T::Real),
        "operator overhead (FF[3])",
    )),
    row(
        "OW",
        K::Move,
        S::Single(T::Number),
        "white stones left in the period",
    ),
    row("PB", K::GameInfo, S::Single(T::SimpleText), "black player"),
    row("PC", K::GameInfo, S::Single(T::SimpleText), "place"),
    row("PL", K::Setup, S::Single(T::Color), "player to move"),
    inherited(row("PM", K::None, S::Single(T::Number), "print move mode")),
    row("PW", K::GameInfo, S::Single(T::SimpleText), "white player"),
    row("RE", K::GameInfo, S::Single(T::SimpleText), "result"),
    old(row("RG", K::None, S::List(T::Point), "region (FF[3])")),
    row("RO", K::GameInfo, S::Single(T::SimpleText), "round"),
    row("RU", K::GameInfo, S::Single(T::SimpleText), "rules"),
    old(row(
        "SC",
        K::None,
        S::List(T::Point),
        "secure stones (FF[3])",
    )),
    old(row("SE", K::None, S::Any, "self-test moves (FF[3])")),
    old(row("SI", K::None, S::Any, "sigma (FF[3])")),
    row("SL", K::None, S::List(T::Point), "selected points"),
    row("SO", K::GameInfo, S::Single(T::SimpleText), "source"),
    row("SQ", K::None, S::List(T::Point), "squares"),
    row(
        "ST",
        K::Root,
        S::Single(T::Number),
        "variation display style",
    ),
    row("SZ", K::Root, S::Size, "board size"),
    go(row("TB", K::None, S::EList(T::Point), "black territory")),
    old(row(
        "TC",
        K::None,
        S::Single(T::Number),
        "territory count (FF[3])",
    )),
    row("TE", K::Move, S::Single(T::Double), "good move (tesuji)"),
    row(
        "TM",
        K::GameInfo,
        S::Single(T::Real),
        "time limit (seconds)",
    ),
    row("TR", K::None, S::List(T::Point), "triangles"),
    go(row("TW", K::None, S::EList(T::Point), "white territory")),
    row("UC", K::None, S::Single(T::Double), "unclear position"),
    row(
        "US",
        K::GameInfo,
        S::Single(T::SimpleText),
        "user (who entered the game)",
    ),
    row("V", K::None, S::Single(T::Real), "node value"),
    inherited(row(
        "VW",
        K::None,
        S::EList(T::Point),
        "view a part of the board",
    )),
    row("W", K::Move, S::Single(T::Move), "white move"),
    row(
        "WL",
        K::Move,
        S::Single(T::Real),
        "time left for white (seconds)",
    ),
    row("WR", K::GameInfo, S::Single(T::SimpleText), "white rank"),
    old(row(
        "WS",
        K::GameInfo,
        S::Single(T::Number),
        "white species (FF[3])",
    )),
    row("WT", K::GameInfo, S::Single(T::SimpleText), "white team"),
];

/// The table row for an identifier.
///
/// ```
/// use kifu_sgf::props::{lookup, PropertyKind};
/// assert_eq!(lookup("KM").unwrap().kind, PropertyKind::GameInfo);
/// assert!(lookup("XX").is_none());
/// ```
pub fn lookup(id: &str) -> Option<&'static PropertyInfo> {
    PROPERTIES
        .binary_search_by(|p| p.id.cmp(id))
        .ok()
        .map(|i| &PROPERTIES[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        for pair in PROPERTIES.windows(2) {
            assert!(
                pair[0].id < pair[1].id,
                "{} before {}",
                pair[0].id,
                pair[1].id
            );
        }
    }

    #[test]
    fn every_property_of_the_notes_is_there() {
        let ff4 = "AB AE AN AP AR AW B BL BM BR BT C CA CP CR DD DM DO DT EV FF FG GB GC GM GN GW \
                   HA HO IT KM KO LB LN MA MN N OB ON OT OW PB PC PL PM PW RE RO RU SL SO SQ ST \
                   SZ TB TE TM TR TW UC US V VW W WL WR WT";
        for id in ff4.split_whitespace() {
            let p = lookup(id).unwrap_or_else(|| panic!("{id} missing"));
            assert!(!p.obsolete, "{id}");
        }
        for id in "L M BS WS CH EL EX ID LT OM OP OV RG SC SE SI TC".split_whitespace() {
            assert!(lookup(id).unwrap().obsolete, "{id}");
        }
        assert!(lookup("VW").unwrap().inherited && lookup("DD").unwrap().inherited);
        assert!(lookup("HA").unwrap().go_only && !lookup("B").unwrap().go_only);
    }
}

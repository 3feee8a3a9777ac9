//! The property table: every FF\[4\] property, and the FF\[1\]-FF\[3\] ones
//! still found in files, with value shape, kind, inheritance and a short
//! description. One static table, read by the typed layer, the writers and
//! the checks.
//!
//! The FF\[4\] rows follow the specification's property index. The old
//! rows (marked [`obsolete`](PropertyInfo::obsolete)) take their value
//! types, kinds and the file formats that define them
//! ([`old_formats`](PropertyInfo::old_formats)) from SGFC, the
//! specification author's reference checker: `L`, `M`, `RG`, `SC`, `SE` lists of points; `BS`, `WS`, `EL`,
//! `OM`, `TC` numbers; `OP`, `OV` reals; `CH`, `SI` doubles; `EX` a move;
//! `ID` simple text; `LT` none. Only `BS`, `WS` and `ID` are game-info.
//!
//! `VW` has one row, the FF\[4\] one (an elist of points). In FF\[3\] files
//! `VW[ba][db]` meant the rectangle between two corners; read with this
//! table it is a list of the two points, and converting it is the
//! caller's business (see [`rectangle`](super::rectangle)).

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

/// The type of one value (or of one side of a compose value).
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
///
/// A single value of a basic type is `Single(t)` (the specification's
/// `none`, `number`, `real`, `double`, `color`, `simpletext`, `text`,
/// `point`, `move`, `stone`); the list forms, compose forms and the two
/// properties with a value of their own (`SZ`, `FG`) have a variant each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueShape {
    /// One value.
    Single(ValueType),
    /// `list of x`: one or more values (points may be compressed as
    /// `aa:cc`).
    List(ValueType),
    /// `elist of x`: a list, or a single empty value for the empty list.
    EList(ValueType),
    /// One value `x:y` (`AP`).
    Compose(ValueType, ValueType),
    /// `list of x:y` (`AR`, `LN`, `LB`).
    ListOfCompose(ValueType, ValueType),
    /// `SZ`: a number (a square board), or `columns:rows`.
    Size,
    /// `FG`: empty, or `number:simpletext` (flags and name).
    Figure,
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
    /// Defined for Go (`GM[1]`) only (`HA`, `KM`, `TB`, `TW`).
    pub go_only: bool,
    /// From FF\[1\]-FF\[3\], not part of FF\[4\].
    pub obsolete: bool,
    /// For an obsolete property, the file formats that define it, as
    /// SGFC's table has them: `BS` `[1, 2, 3]`, `L` `[1, 2]`, `ID` `[3]`
    /// (in those a file may use it; elsewhere it is out of place). Empty
    /// for the FF\[4\] properties.
    pub old_formats: &'static [u8],
    /// What it means, in a few words.
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
        old_formats: &[],
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

const fn old(mut p: PropertyInfo, formats: &'static [u8]) -> PropertyInfo {
    p.obsolete = true;
    p.old_formats = formats;
    p
}

const SIMPLE: ValueShape = S::Single(T::SimpleText);

/// Every known property, sorted by identifier (so [`lookup`] can search it).
pub static PROPERTIES: &[PropertyInfo] = &[
    row("AB", K::Setup, S::List(T::Stone), "add black stones"),
    row("AE", K::Setup, S::List(T::Point), "clear points"),
    row("AN", K::GameInfo, SIMPLE, "annotator"),
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
    row("BR", K::GameInfo, SIMPLE, "black rank"),
    old(
        row(
            "BS",
            K::GameInfo,
            S::Single(T::Number),
            "black species: human, computer... (FF[1]-FF[3])",
        ),
        &[1, 2, 3],
    ),
    row("BT", K::GameInfo, SIMPLE, "black team"),
    row("C", K::None, S::Single(T::Text), "comment"),
    row("CA", K::Root, SIMPLE, "charset"),
    old(
        row(
            "CH",
            K::None,
            S::Single(T::Double),
            "check mark (FF[1]-FF[3])",
        ),
        &[1, 2, 3],
    ),
    row("CP", K::GameInfo, SIMPLE, "copyright"),
    row("CR", K::None, S::List(T::Point), "circles"),
    inherited(row("DD", K::None, S::EList(T::Point), "dimmed points")),
    row("DM", K::None, S::Single(T::Double), "even position"),
    row("DO", K::Move, S::Single(T::None), "doubtful move"),
    row("DT", K::GameInfo, SIMPLE, "dates"),
    old(
        row(
            "EL",
            K::None,
            S::Single(T::Number),
            "evaluated list: a program's evaluation (FF[1]-FF[2])",
        ),
        &[1, 2],
    ),
    row("EV", K::GameInfo, SIMPLE, "event"),
    old(
        row(
            "EX",
            K::None,
            S::Single(T::Move),
            "expected move (FF[1]-FF[2])",
        ),
        &[1, 2],
    ),
    row("FF", K::Root, S::Single(T::Number), "file format"),
    row("FG", K::None, S::Figure, "figure"),
    row("GB", K::None, S::Single(T::Double), "good for black"),
    row("GC", K::GameInfo, S::Single(T::Text), "game comment"),
    row("GM", K::Root, S::Single(T::Number), "game (1 = Go)"),
    row("GN", K::GameInfo, SIMPLE, "game name"),
    row("GW", K::None, S::Single(T::Double), "good for white"),
    go(row("HA", K::GameInfo, S::Single(T::Number), "handicap")),
    row("HO", K::None, S::Single(T::Double), "hotspot"),
    old(
        row("ID", K::GameInfo, SIMPLE, "game identifier (FF[3])"),
        &[3],
    ),
    row("IT", K::Move, S::Single(T::None), "interesting move"),
    go(row("KM", K::GameInfo, S::Single(T::Real), "komi")),
    row("KO", K::Move, S::Single(T::None), "execute an illegal move"),
    old(
        row(
            "L",
            K::None,
            S::List(T::Point),
            "letters A, B, C... on points, now LB (FF[1]-FF[2])",
        ),
        &[1, 2],
    ),
    row(
        "LB",
        K::None,
        S::ListOfCompose(T::Point, T::SimpleText),
        "labels",
    ),
    row("LN", K::None, S::ListOfCompose(T::Point, T::Point), "lines"),
    old(
        row(
            "LT",
            K::None,
            S::Single(T::None),
            "enforce losing on time (FF[3])",
        ),
        &[3],
    ),
    old(
        row(
            "M",
            K::None,
            S::List(T::Point),
            "marks, now MA or TR (FF[1]-FF[2])",
        ),
        &[1, 2],
    ),
    row("MA", K::None, S::List(T::Point), "X marks"),
    row("MN", K::Move, S::Single(T::Number), "set move number"),
    row("N", K::None, SIMPLE, "node name"),
    row(
        "OB",
        K::Move,
        S::Single(T::Number),
        "black stones left in the period",
    ),
    old(
        row(
            "OM",
            K::None,
            S::Single(T::Number),
            "moves per overtime period (FF[3])",
        ),
        &[3],
    ),
    row("ON", K::GameInfo, SIMPLE, "opening"),
    old(
        row(
            "OP",
            K::None,
            S::Single(T::Real),
            "overtime period length (FF[3])",
        ),
        &[3],
    ),
    row("OT", K::GameInfo, SIMPLE, "overtime"),
    old(
        row(
            "OV",
            K::None,
            S::Single(T::Real),
            "operator overhead per move (FF[3])",
        ),
        &[3],
    ),
    row(
        "OW",
        K::Move,
        S::Single(T::Number),
        "white stones left in the period",
    ),
    row("PB", K::GameInfo, SIMPLE, "black player"),
    row("PC", K::GameInfo, SIMPLE, "place"),
    row("PL", K::Setup, S::Single(T::Color), "player to move"),
    inherited(row("PM", K::None, S::Single(T::Number), "print move mode")),
    row("PW", K::GameInfo, SIMPLE, "white player"),
    row("RE", K::GameInfo, SIMPLE, "result"),
    old(
        row("RG", K::None, S::List(T::Point), "region (FF[1]-FF[3])"),
        &[1, 2, 3],
    ),
    row("RO", K::GameInfo, SIMPLE, "round"),
    row("RU", K::GameInfo, SIMPLE, "rules"),
    old(
        row(
            "SC",
            K::None,
            S::List(T::Point),
            "secure stones (FF[1]-FF[3])",
        ),
        &[1, 2, 3],
    ),
    old(
        row("SE", K::None, S::List(T::Point), "self-test moves (FF[3])"),
        &[3],
    ),
    old(
        row("SI", K::None, S::Single(T::Double), "sigma (FF[3])"),
        &[3],
    ),
    row("SL", K::None, S::List(T::Point), "selected points"),
    row("SO", K::GameInfo, SIMPLE, "source"),
    row("SQ", K::None, S::List(T::Point), "squares"),
    row(
        "ST",
        K::Root,
        S::Single(T::Number),
        "variation display style",
    ),
    row("SZ", K::Root, S::Size, "board size"),
    go(row("TB", K::None, S::EList(T::Point), "black territory")),
    old(
        row(
            "TC",
            K::None,
            S::Single(T::Number),
            "territory count (FF[3])",
        ),
        &[3],
    ),
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
    row("US", K::GameInfo, SIMPLE, "user (who entered the game)"),
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
    row("WR", K::GameInfo, SIMPLE, "white rank"),
    old(
        row(
            "WS",
            K::GameInfo,
            S::Single(T::Number),
            "white species: human, computer... (FF[1]-FF[3])",
        ),
        &[1, 2, 3],
    ),
    row("WT", K::GameInfo, SIMPLE, "white team"),
];

/// The table row for an identifier (uppercase, as the parser gives it);
/// `None` for unknown and private properties.
///
/// ```
/// use kifu_sgf::props::{lookup, PropertyKind, ValueShape, ValueType};
/// let km = lookup("KM").unwrap();
/// assert_eq!(km.kind, PropertyKind::GameInfo);
/// assert_eq!(km.value, ValueShape::Single(ValueType::Real));
/// assert!(lookup("L").unwrap().obsolete);
/// assert_eq!(lookup("ID").unwrap().old_formats, [3]);
/// assert!(lookup("XX").is_none());
/// ```
pub fn lookup(id: &str) -> Option<&'static PropertyInfo> {
    // Almost every identifier has one or two letters: a direct index,
    // since every property value read asks (a binary search over the
    // table's strings was a third of `kifu check`'s time).
    if let Some(key) = short_key(id.as_bytes()) {
        let i = SHORT_INDEX[key];
        return (i != u8::MAX).then(|| &PROPERTIES[usize::from(i)]);
    }
    PROPERTIES
        .binary_search_by(|p| p.id.cmp(id))
        .ok()
        .map(|i| &PROPERTIES[i])
}

/// The slot of a one- or two-letter uppercase identifier in [`SHORT_INDEX`]
/// (below [`SHORT_KEYS`]): the identifier as a small integer.
pub(crate) fn short_key(id: &[u8]) -> Option<usize> {
    let letter = |b: u8| b.is_ascii_uppercase().then(|| usize::from(b - b'A') + 1);
    match id {
        [a] => Some(letter(*a)? * 27),
        [a, b] => Some(letter(*a)? * 27 + letter(*b)?),
        _ => None,
    }
}

/// How many values [`short_key`] takes.
pub(crate) const SHORT_KEYS: usize = 27 * 27;

/// For each one- or two-letter identifier, its row in [`PROPERTIES`]
/// (`u8::MAX`: none).
static SHORT_INDEX: std::sync::LazyLock<[u8; 27 * 27]> = std::sync::LazyLock::new(|| {
    let mut index = [u8::MAX; 27 * 27];
    for (i, p) in PROPERTIES.iter().enumerate() {
        if let Some(key) = short_key(p.id.as_bytes()) {
            index[key] = u8::try_from(i).expect("fewer than 255 properties");
        }
    }
    index
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_index_finds_every_property() {
        for p in PROPERTIES {
            assert_eq!(lookup(p.id).map(|q| q.id), Some(p.id));
        }
        assert!(lookup("ZZ").is_none());
        assert!(lookup("b").is_none());
        assert!(lookup("").is_none());
    }

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
        for p in PROPERTIES {
            assert_eq!(lookup(p.id), Some(p));
            assert!(
                !p.id.is_empty() && p.id.bytes().all(|b| b.is_ascii_uppercase()),
                "{}",
                p.id
            );
            assert!(!p.description.is_empty(), "{}", p.id);
        }
    }

    #[test]
    fn unknown_and_lowercase_identifiers_are_not_found() {
        for id in ["", "A", "ZZ", "b", "Kм", "AddBlack", "BB", "KMX"] {
            assert!(lookup(id).is_none(), "{id}");
        }
    }

    #[test]
    fn every_property_of_the_notes_is_there_with_its_shape() {
        use ValueShape::*;
        use ValueType as V;
        let single = |t| Single(t);
        let rows: &[(&str, ValueShape)] = &[
            ("AB AW", List(V::Stone)),
            ("AE CR MA SL SQ TR", List(V::Point)),
            (
                "AN BR BT CA CP DT EV GN N ON OT PB PC PW RE RO RU SO US WR WT",
                single(V::SimpleText),
            ),
            ("AP", Compose(V::SimpleText, V::SimpleText)),
            ("AR LN", ListOfCompose(V::Point, V::Point)),
            ("B W", single(V::Move)),
            ("BL WL KM TM V", single(V::Real)),
            ("BM TE DM GB GW UC HO", single(V::Double)),
            ("C GC", single(V::Text)),
            ("DD TB TW VW", EList(V::Point)),
            ("DO IT KO", single(V::None)),
            ("FF GM HA MN OB OW PM ST", single(V::Number)),
            ("FG", Figure),
            ("LB", ListOfCompose(V::Point, V::SimpleText)),
            ("PL", single(V::Color)),
            ("SZ", Size),
        ];
        let mut count = 0;
        for (ids, shape) in rows {
            for id in ids.split_whitespace() {
                let p = lookup(id).unwrap_or_else(|| panic!("{id} missing"));
                assert_eq!(p.value, *shape, "{id}");
                assert!(!p.obsolete, "{id}");
                count += 1;
            }
        }
        let old: &[(&str, ValueShape)] = &[
            ("L M RG SC SE", List(V::Point)),
            ("BS WS EL OM TC", single(V::Number)),
            ("OP OV", single(V::Real)),
            ("CH SI", single(V::Double)),
            ("EX", single(V::Move)),
            ("ID", single(V::SimpleText)),
            ("LT", single(V::None)),
        ];
        for (ids, shape) in old {
            for id in ids.split_whitespace() {
                let p = lookup(id).unwrap_or_else(|| panic!("{id} missing"));
                assert_eq!(p.value, *shape, "{id}");
                assert!(p.obsolete, "{id}");
                count += 1;
            }
        }
        assert_eq!(count, PROPERTIES.len(), "rows not covered by this test");
    }

    #[test]
    fn kinds_inheritance_and_go_flags_follow_the_notes() {
        let kinds: &[(&str, PropertyKind)] = &[
            ("B W KO MN BM DO IT TE BL WL OB OW", PropertyKind::Move),
            ("AB AW AE PL", PropertyKind::Setup),
            ("AP CA FF GM ST SZ", PropertyKind::Root),
            (
                "AN BR BT CP DT EV GN GC ON OT PB PC PW RE RO RU SO TM US WR WT HA KM \
                 BS WS ID",
                PropertyKind::GameInfo,
            ),
            (
                "C DM GB GW HO N UC V AR CR DD LB LN MA SL SQ TR FG PM VW TB TW \
                 L M CH EL EX LT OM OP OV RG SC SE SI TC",
                PropertyKind::None,
            ),
        ];
        let mut count = 0;
        for (ids, kind) in kinds {
            for id in ids.split_whitespace() {
                assert_eq!(lookup(id).unwrap().kind, *kind, "{id}");
                count += 1;
            }
        }
        assert_eq!(count, PROPERTIES.len());
        for p in PROPERTIES {
            assert_eq!(p.inherited, matches!(p.id, "DD" | "PM" | "VW"), "{}", p.id);
            assert_eq!(
                p.go_only,
                matches!(p.id, "HA" | "KM" | "TB" | "TW"),
                "{}",
                p.id
            );
        }
    }
}

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
    ("answer", "Answer to {name}"),
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

/// German: `Schwarz ist am Zug` as the standard text `#btp#` says it.
const DE: &[(&str, &str)] = &[
    ("answer", "Antwort zu {name}"),
    ("description", "Beschreibung"),
    ("board", "Brett"),
    ("board_all", "{cols} mal {rows} Linien, vollständig gezeigt"),
    (
        "board_part",
        "{cols} mal {rows} Linien, gezeigt: Spalten {left} bis {right} und Reihen {bottom} bis {top}",
    ),
    ("problem", "Problem"),
    ("to_play_b", "Schwarz ist am Zug"),
    ("to_play_w", "Weiß ist am Zug"),
    ("stones_b", "Schwarze Steine ({count})"),
    ("stones_w", "Weiße Steine ({count})"),
    ("region_0", "linke obere Ecke"),
    ("region_1", "obere Seite"),
    ("region_2", "rechte obere Ecke"),
    ("region_3", "linke Seite"),
    ("region_4", "Mitte"),
    ("region_5", "rechte Seite"),
    ("region_6", "linke untere Ecke"),
    ("region_7", "untere Seite"),
    ("region_8", "rechte untere Ecke"),
    ("moves", "Züge ({count})"),
    ("player_b", "Schwarz"),
    ("player_w", "Weiß"),
    ("move_at", "{player} auf {point}"),
    ("move_elsewhere", "{player} anderswo"),
    ("move_pass", "{player} passt"),
    ("move_takes", "{move}, schlägt {points}"),
    ("gaps", "Nicht als nummerierte Steine gezeigt"),
    ("marks", "Markierungen ({count})"),
    ("letter", "Buchstabe {letter} auf {point}"),
    ("text", "Text {text} auf {point}"),
    ("mark", "{mark} auf {point}"),
    ("mark_tr", "Dreieck"),
    ("mark_ma", "Kreuz"),
    ("mark_sq", "Quadrat"),
    ("mark_rg", "Raute"),
    ("mark_cr", "Kreis"),
    ("mark_tb", "schwarzes Gebiet"),
    ("mark_tw", "weißes Gebiet"),
    ("lines", "Linien ({count})"),
    ("arrows", "Pfeile ({count})"),
    ("from_to", "von {from} nach {to}"),
    ("empty_board", "leeres Brett"),
    ("stone_b", "1 schwarzer Stein"),
    ("stones_count_b", "{count} schwarze Steine"),
    ("stone_w", "1 weißer Stein"),
    ("stones_count_w", "{count} weiße Steine"),
    ("both_colors", "{black} und {white}"),
    (
        "moves_played",
        "Züge {first} bis {last}, Ausgangsstellung: {position}",
    ),
    ("move_played", "Zug {first}, Ausgangsstellung: {position}"),
    ("kind_go", "Stellung"),
    ("kind_fig", "Abbildung"),
    ("kind_var", "Variante"),
    ("kind_prb", "Problem"),
    ("kind_dia", "Diagramm"),
];

/// French: `A Noir de jouer` as the standard text `#btp#` says it.
const FR: &[(&str, &str)] = &[
    ("answer", "Réponse pour {name}"),
    ("description", "Description"),
    ("board", "Goban"),
    ("board_all", "{cols} lignes sur {rows}, montré en entier"),
    (
        "board_part",
        "{cols} lignes sur {rows}, montré des colonnes {left} à {right} et des rangées {bottom} à {top}",
    ),
    ("problem", "Problème"),
    ("to_play_b", "A Noir de jouer"),
    ("to_play_w", "A Blanc de jouer"),
    ("stones_b", "Pierres noires ({count})"),
    ("stones_w", "Pierres blanches ({count})"),
    ("region_0", "coin supérieur gauche"),
    ("region_1", "bord supérieur"),
    ("region_2", "coin supérieur droit"),
    ("region_3", "bord gauche"),
    ("region_4", "centre"),
    ("region_5", "bord droit"),
    ("region_6", "coin inférieur gauche"),
    ("region_7", "bord inférieur"),
    ("region_8", "coin inférieur droit"),
    ("moves", "Coups ({count})"),
    ("player_b", "Noir"),
    ("player_w", "Blanc"),
    ("move_at", "{player} en {point}"),
    ("move_elsewhere", "{player} ailleurs"),
    ("move_pass", "{player} passe"),
    ("move_takes", "{move}, prend {points}"),
    ("gaps", "Non montrés comme pierres numérotées"),
    ("marks", "Marques ({count})"),
    ("letter", "lettre {letter} en {point}"),
    ("text", "texte {text} en {point}"),
    ("mark", "{mark} en {point}"),
    ("mark_tr", "triangle"),
    ("mark_ma", "croix"),
    ("mark_sq", "carré"),
    ("mark_rg", "losange"),
    ("mark_cr", "cercle"),
    ("mark_tb", "territoire noir"),
    ("mark_tw", "territoire blanc"),
    ("lines", "Lignes ({count})"),
    ("arrows", "Flèches ({count})"),
    ("from_to", "de {from} à {to}"),
    ("empty_board", "goban vide"),
    ("stone_b", "1 pierre noire"),
    ("stones_count_b", "{count} pierres noires"),
    ("stone_w", "1 pierre blanche"),
    ("stones_count_w", "{count} pierres blanches"),
    ("both_colors", "{black} et {white}"),
    (
        "moves_played",
        "coups {first} à {last}, position de départ\u{a0}: {position}",
    ),
    (
        "move_played",
        "coup {first}, position de départ\u{a0}: {position}",
    ),
    ("kind_go", "Position"),
    ("kind_fig", "Figure"),
    ("kind_var", "Variation"),
    ("kind_prb", "Problème"),
    ("kind_dia", "Diagramme"),
];

/// Japanese: `黒番` as the standard text `#btp#` says it.
const JA: &[(&str, &str)] = &[
    ("answer", "解答（{name}）"),
    ("description", "説明"),
    ("board", "碁盤"),
    ("board_all", "{cols}×{rows}路盤、全体を表示"),
    (
        "board_part",
        "{cols}×{rows}路盤、{left}～{right}の縦線と{bottom}～{top}の横線を表示",
    ),
    ("problem", "問題"),
    ("to_play_b", "黒番"),
    ("to_play_w", "白番"),
    ("stones_b", "黒石（{count}個）"),
    ("stones_w", "白石（{count}個）"),
    ("region_0", "左上隅"),
    ("region_1", "上辺"),
    ("region_2", "右上隅"),
    ("region_3", "左辺"),
    ("region_4", "中央"),
    ("region_5", "右辺"),
    ("region_6", "左下隅"),
    ("region_7", "下辺"),
    ("region_8", "右下隅"),
    ("moves", "着手（{count}手）"),
    ("player_b", "黒"),
    ("player_w", "白"),
    ("numbered", "{player}{number}"),
    ("move_at", "{player} {point}"),
    ("move_elsewhere", "{player} 手抜き"),
    ("move_pass", "{player} パス"),
    ("move_takes", "{move}、{points}を取る"),
    ("gaps", "番号付きの石で示されない手"),
    ("marks", "記号（{count}個）"),
    ("letter", "文字{letter}（{point}）"),
    ("text", "テキスト{text}（{point}）"),
    ("mark", "{mark}（{point}）"),
    ("mark_tr", "三角"),
    ("mark_ma", "バツ"),
    ("mark_sq", "四角"),
    ("mark_rg", "ひし形"),
    ("mark_cr", "丸"),
    ("mark_tb", "黒地"),
    ("mark_tw", "白地"),
    ("lines", "線（{count}本）"),
    ("arrows", "矢印（{count}本）"),
    ("from_to", "{from}から{to}"),
    ("empty_board", "空の碁盤"),
    ("stone_b", "黒石1個"),
    ("stones_count_b", "黒石{count}個"),
    ("stone_w", "白石1個"),
    ("stones_count_w", "白石{count}個"),
    ("both_colors", "{black}と{white}"),
    ("moves_played", "{first}～{last}手、初期配置：{position}"),
    ("move_played", "{first}手目、初期配置：{position}"),
    ("with_turn", "{what}、{to_play}"),
    ("captioned", "{caption}。{what}。"),
    ("uncaptioned", "{kind}、{what}。"),
    ("kind_go", "局面"),
    ("kind_fig", "譜"),
    ("kind_var", "変化図"),
    ("kind_prb", "問題"),
    ("kind_dia", "図"),
];

/// Chinese in simplified characters (kifu's `cn`): `黑先` as the standard text `#btp#` says it. Columns and rows are said as vertical and horizontal lines (列 and 行 mean the opposite in Taiwan).
const CN: &[(&str, &str)] = &[
    ("answer", "解答（{name}）"),
    ("description", "说明"),
    ("board", "棋盘"),
    ("board_all", "{cols}×{rows}路棋盘，全部显示"),
    (
        "board_part",
        "{cols}×{rows}路棋盘，显示竖线{left}至{right}、横线{bottom}至{top}",
    ),
    ("problem", "习题"),
    ("to_play_b", "黑先"),
    ("to_play_w", "白先"),
    ("stones_b", "黑子（{count}颗）"),
    ("stones_w", "白子（{count}颗）"),
    ("region_0", "左上角"),
    ("region_1", "上边"),
    ("region_2", "右上角"),
    ("region_3", "左边"),
    ("region_4", "中腹"),
    ("region_5", "右边"),
    ("region_6", "左下角"),
    ("region_7", "下边"),
    ("region_8", "右下角"),
    ("moves", "着法（{count}手）"),
    ("player_b", "黑"),
    ("player_w", "白"),
    ("numbered", "{player}{number}"),
    ("move_at", "{player} {point}"),
    ("move_elsewhere", "{player} 脱先"),
    ("move_pass", "{player} 停一手"),
    ("move_takes", "{move}，提{points}"),
    ("gaps", "未以编号棋子显示的着法"),
    ("marks", "标记（{count}个）"),
    ("letter", "字母{letter}（{point}）"),
    ("text", "文字{text}（{point}）"),
    ("mark", "{mark}（{point}）"),
    ("mark_tr", "三角"),
    ("mark_ma", "叉"),
    ("mark_sq", "方块"),
    ("mark_rg", "菱形"),
    ("mark_cr", "圆圈"),
    ("mark_tb", "黑地"),
    ("mark_tw", "白地"),
    ("lines", "线（{count}条）"),
    ("arrows", "箭头（{count}个）"),
    ("from_to", "从{from}到{to}"),
    ("empty_board", "空棋盘"),
    ("stone_b", "1颗黑子"),
    ("stones_count_b", "{count}颗黑子"),
    ("stone_w", "1颗白子"),
    ("stones_count_w", "{count}颗白子"),
    ("both_colors", "{black}和{white}"),
    ("moves_played", "第{first}至{last}手，初始局面：{position}"),
    ("move_played", "第{first}手，初始局面：{position}"),
    ("with_turn", "{what}，{to_play}"),
    ("captioned", "{caption}。{what}。"),
    ("uncaptioned", "{kind}，{what}。"),
    ("kind_go", "局面"),
    ("kind_fig", "棋谱"),
    ("kind_var", "变化图"),
    ("kind_prb", "习题"),
    ("kind_dia", "图"),
];

/// Chinese in traditional characters (kifu's `tw`): `黑先` as the standard text `#btp#` says it.
const TW: &[(&str, &str)] = &[
    ("answer", "解答（{name}）"),
    ("description", "說明"),
    ("board", "棋盤"),
    ("board_all", "{cols}×{rows}路棋盤，全部顯示"),
    (
        "board_part",
        "{cols}×{rows}路棋盤，顯示直線{left}至{right}、橫線{bottom}至{top}",
    ),
    ("problem", "習題"),
    ("to_play_b", "黑先"),
    ("to_play_w", "白先"),
    ("stones_b", "黑子（{count}顆）"),
    ("stones_w", "白子（{count}顆）"),
    ("region_0", "左上角"),
    ("region_1", "上邊"),
    ("region_2", "右上角"),
    ("region_3", "左邊"),
    ("region_4", "中腹"),
    ("region_5", "右邊"),
    ("region_6", "左下角"),
    ("region_7", "下邊"),
    ("region_8", "右下角"),
    ("moves", "著手（{count}手）"),
    ("player_b", "黑"),
    ("player_w", "白"),
    ("numbered", "{player}{number}"),
    ("move_at", "{player} {point}"),
    ("move_elsewhere", "{player} 脫先"),
    ("move_pass", "{player} 停一手"),
    ("move_takes", "{move}，提{points}"),
    ("gaps", "未以編號棋子顯示的著手"),
    ("marks", "標記（{count}個）"),
    ("letter", "字母{letter}（{point}）"),
    ("text", "文字{text}（{point}）"),
    ("mark", "{mark}（{point}）"),
    ("mark_tr", "三角"),
    ("mark_ma", "叉"),
    ("mark_sq", "方塊"),
    ("mark_rg", "菱形"),
    ("mark_cr", "圓圈"),
    ("mark_tb", "黑地"),
    ("mark_tw", "白地"),
    ("lines", "線（{count}條）"),
    ("arrows", "箭頭（{count}個）"),
    ("from_to", "從{from}到{to}"),
    ("empty_board", "空棋盤"),
    ("stone_b", "1顆黑子"),
    ("stones_count_b", "{count}顆黑子"),
    ("stone_w", "1顆白子"),
    ("stones_count_w", "{count}顆白子"),
    ("both_colors", "{black}和{white}"),
    ("moves_played", "第{first}至{last}手，初始局面：{position}"),
    ("move_played", "第{first}手，初始局面：{position}"),
    ("with_turn", "{what}，{to_play}"),
    ("captioned", "{caption}。{what}。"),
    ("uncaptioned", "{kind}，{what}。"),
    ("kind_go", "局面"),
    ("kind_fig", "棋譜"),
    ("kind_var", "變化圖"),
    ("kind_prb", "習題"),
    ("kind_dia", "圖"),
];

static ENGLISH: Words = Words {
    lang: "en",
    table: EN,
};

/// The languages kifu has words of its own for: those it translates the
/// standard texts into (`text::standard`).
static OTHERS: [Words; 5] = [
    Words {
        lang: "de",
        table: DE,
    },
    Words {
        lang: "fr",
        table: FR,
    },
    Words {
        lang: "ja",
        table: JA,
    },
    Words {
        lang: "cn",
        table: CN,
    },
    Words {
        lang: "tw",
        table: TW,
    },
];

/// The words for `lang`, a code of the format (`de`, `cn`, `tw`) or a
/// BCP 47 tag (`de-CH`, `zh-Hans`, `zh-TW`), by its language: English
/// when kifu has none of its own.
///
/// ```
/// use kifu_book::describe::words;
/// assert_eq!(words("de-CH").lang(), "de");
/// assert_eq!(words("zh-Hant").lang(), "tw");
/// assert_eq!(words("zh-Hans").lang(), "cn");
/// assert_eq!(words("nl").lang(), "en");
/// ```
pub fn words(lang: &str) -> &'static Words {
    let mut subtags = lang.split(['-', '_']);
    let primary = subtags.next().unwrap_or_default();
    let code = if primary.eq_ignore_ascii_case("zh") {
        let traditional =
            subtags.any(|t| ["hant", "tw", "hk", "mo"].contains(&t.to_ascii_lowercase().as_str()));
        if traditional { "tw" } else { "cn" }
    } else {
        primary
    };
    OTHERS
        .iter()
        .find(|w| w.lang.eq_ignore_ascii_case(code))
        .unwrap_or(&ENGLISH)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{name}`s of a template, sorted.
    fn placeholders(template: &str) -> Vec<&str> {
        let mut names: Vec<&str> = template
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .collect();
        names.sort_unstable();
        names
    }

    #[test]
    fn every_language_fills_in_what_english_does() {
        for w in &OTHERS {
            let mut seen = std::collections::BTreeSet::new();
            for (key, template) in w.table {
                assert!(seen.insert(key), "{}: {key} twice", w.lang);
                let english = EN.iter().find(|(k, _)| k == key);
                let Some((_, english)) = english else {
                    panic!("{}: {key} is no key of the English words", w.lang);
                };
                assert_eq!(
                    placeholders(template),
                    placeholders(english),
                    "{}: {key}",
                    w.lang
                );
            }
            // Every word of its own: only the joints may be English's.
            let joints = [
                "region_stones",
                "numbered",
                "with_turn",
                "captioned",
                "uncaptioned",
            ];
            let missing: Vec<&str> = EN
                .iter()
                .map(|(k, _)| *k)
                .filter(|k| !joints.contains(k) && !w.table.iter().any(|(own, _)| own == k))
                .collect();
            assert!(missing.is_empty(), "{}: no words for {missing:?}", w.lang);
        }
    }

    #[test]
    fn the_turn_is_said_as_the_standard_text_says_it() {
        // So that a problem whose question is only `#btp#` does not say
        // the turn twice.
        for lang in ["en", "de", "fr", "ja", "cn", "tw"] {
            let standard = crate::text::standard_text("btp", lang, None).unwrap().text;
            let turn = words(lang).get("to_play_b");
            assert_eq!(standard.trim_end_matches('.'), turn, "{lang}");
        }
    }
}

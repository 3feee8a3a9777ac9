//! Standard texts: `#btp#` ("Black to play."), `#Problem#`, `#title#`,
//! `#pb#` and the other codes between hash signs.

use std::collections::BTreeMap;
use std::ops::Range;

use kifu_board::Color;

use crate::document::language::is_language;

/// The codes that take a player: `#btp#`, `#wtp#` (`#^tp#` in captions,
/// with the current player), with their English text; `^` is the player.
const PLAYER_CODES: &[(&str, &str)] = &[
    ("tp", "^ to play."),
    ("tn", "^ to respond."),
    ("tk", "^ to kill."),
    ("tl", "^ to live."),
    ("tc", "^ to capture."),
    ("tf", "^ to fight."),
    ("tu", "^ to cut."),
    ("to", "^ to connect."),
    ("tx", "^ to extend."),
    ("tr", "^ to reduce."),
    ("ti", "^ to invade."),
    ("ta", "^ to attack."),
    ("td", "^ to defend."),
    ("te", "^ to escape."),
    ("ts", "^ to save the marked stones."),
    ("tw", "^ to win."),
    ("twf", "^ to win the fight."),
    ("twd", "^ to draw or win."),
    ("tgk", "^ to get a ko."),
    ("tgr", "^ to get the best result."),
    ("tpe", "^ to play the best endgame."),
    ("tms", "^ to make shape."),
    ("do", "What can ^ do?"),
    ("wi", "^ wins."),
    ("he", "^ has escaped."),
    ("hnk", "^ has no ko threat."),
    ("id", "^ is dead."),
    ("ia", "^ is alive."),
    ("ias", "^ is alive in sente."),
    ("iddk", "^ is dead in double ko."),
    ("iadk", "^ is alive in double ko."),
];

/// The codes without a player, with their English text.
const PLAIN_CODES: &[(&str, &str)] = &[
    ("fe", "False eye."),
    ("ko", "Ko."),
    ("ok", "Only ko, not good enough."),
    ("os", "Only seki, not good enough."),
    ("se", "Seki."),
    ("sn", "Snapback."),
    ("Problem", "Problem"),
    ("Answer", "Answer"),
    ("Solution", "Solution"),
];

/// The book attributes `#title#` and the others insert.
const BOOK_CODES: &[&str] = &["title", "subtitle", "author", "publisher", "copyright"];

/// The game info codes: `#pw#` reads the `wp` attribute, and `#wp#` is
/// accepted too.
const GAME_CODES: &[&str] = &[
    "pb", "br", "pw", "wp", "wr", "km", "ha", "re", "tm", "dt", "pc", "ev", "ro", "us", "an", "cp",
    "so",
];

/// The translations kifu is sure of; everything else is English.
///
/// Each was read against the English meaning: the `^ to ...` texts set a
/// task, so German says what the player is to do the way problem books
/// do ("Weiß zieht und lebt.", as French "Blanc joue et vit."), never a
/// statement ("Weiß lebt." is White is alive, `#wia#`).
fn translation(lang: &str, key: &str) -> Option<&'static str> {
    Some(match (lang, key) {
        ("de", "tp") => "^ ist am Zug.",
        ("de", "tk") => "^ zieht und tötet.",
        ("de", "tl") => "^ zieht und lebt.",
        ("de", "tw") => "^ zieht und gewinnt.",
        ("de", "do") => "Was kann ^ tun?",
        ("de", "wi") => "^ gewinnt.",
        ("de", "he") => "^ ist entkommen.",
        ("de", "id") => "^ ist tot.",
        ("de", "ia") => "^ lebt.",
        ("de", "ias") => "^ lebt in Vorhand.",
        ("de", "fe") => "Falsches Auge.",
        ("de", "ok") => "Nur Ko, nicht gut genug.",
        ("de", "os") => "Nur Seki, nicht gut genug.",
        ("de", "ko") => "Ko.",
        ("de", "se") => "Seki.",
        ("de", "Problem") => "Problem",
        ("de", "Answer") => "Antwort",
        ("de", "Solution") => "Lösung",
        // The format's own example: "A Noir de jouer."
        ("fr", "tp") => "A ^ de jouer.",
        ("fr", "tk") => "^ joue et tue.",
        ("fr", "tl") => "^ joue et vit.",
        ("fr", "wi") => "^ gagne.",
        ("fr", "id") => "^ est mort.",
        ("fr", "ia") => "^ est vivant.",
        ("fr", "ko") => "Ko.",
        ("fr", "se") => "Seki.",
        ("fr", "Problem") => "Problème",
        ("fr", "Answer") => "Réponse",
        ("fr", "Solution") => "Solution",
        ("ja", "tp") => "^番",
        ("ja", "Problem") => "問題",
        ("ja", "Solution") => "解答",
        ("cn" | "tw", "tp") => "^先",
        _ => return None,
    })
}

/// The name of a player in a language that has translations.
fn player_name(lang: &str, color: Color) -> &'static str {
    let black = color == Color::Black;
    match lang {
        "de" if black => "Schwarz",
        "de" => "Weiß",
        "fr" if black => "Noir",
        "fr" => "Blanc",
        "ja" if black => "黒",
        "ja" => "白",
        "cn" | "tw" if black => "黑",
        "cn" | "tw" => "白",
        _ if black => "Black",
        _ => "White",
    }
}

/// Every standard text code kifu knows a text for, as an author writes
/// it between hash signs: the player family for Black, White and the
/// caption's player (`btp`, `wtp`, `^tp`...), then `fe`, `ko`... and
/// `Problem`, `Answer`, `Solution`; with its English text (`^` for the
/// player's name). Book fields and game info (`#title#`, `#pb#`) are not
/// in the list.
///
/// ```
/// let codes: Vec<_> = kifu_book::text::standard_codes().collect();
/// assert!(codes.contains(&("btp".to_owned(), "Black to play.".to_owned())));
/// assert!(codes.contains(&("Problem".to_owned(), "Problem".to_owned())));
/// ```
pub fn standard_codes() -> impl Iterator<Item = (String, String)> {
    let players = [("b", "Black"), ("w", "White"), ("^", "^")];
    players
        .into_iter()
        .flat_map(|(p, name)| {
            PLAYER_CODES
                .iter()
                .map(move |(k, english)| (format!("{p}{k}"), english.replace('^', name)))
        })
        .chain(
            PLAIN_CODES
                .iter()
                .map(|(k, t)| ((*k).to_owned(), (*t).to_owned())),
        )
}

/// A standard text in some language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardText {
    /// The text to insert.
    pub text: String,
    /// The language of the text: the one asked for, `"en"` when kifu has
    /// no translation (a fallback), or `""` for texts that have no
    /// language (`#app#`, `#ver#`).
    pub language: &'static str,
}

/// The language kifu uses for `lang`: `""` and `"ui"` (language-neutral,
/// which the caller should resolve to the interface language) mean
/// English, `pl` and `po` are both Polish.
fn normalize_lang(lang: &str) -> &str {
    match lang {
        "" | "ui" => "en",
        "po" => "pl",
        l => l,
    }
}

/// The static language code equal to `lang`.
fn static_lang(lang: &str) -> &'static str {
    match lang {
        "de" => "de",
        "fr" => "fr",
        "ja" => "ja",
        "cn" => "cn",
        "tw" => "tw",
        _ => "en",
    }
}

/// The standard text of a code (without its hash signs) in `lang`: the
/// player family (`btp`, `wtk`...; with `^` for the caption's `player`),
/// `fe`, `ko`, `ok`, `os`, `se`, `sn`, `Problem`, `Answer`, `Solution`,
/// `app` and `ver`. A language suffix (`btp_de`) overrides `lang`. Book
/// fields and game info come from a [`TextContext`] instead (see
/// [`expand_standard_texts`]). `None` for codes that are none of these, and
/// for `^` codes without a player.
///
/// ```
/// use kifu_board::Color;
/// use kifu_book::text::standard_text;
/// let t = standard_text("btp", "fr", None).unwrap();
/// assert_eq!((t.text.as_str(), t.language), ("A Noir de jouer.", "fr"));
/// assert_eq!(standard_text("^tk", "en", Some(Color::White)).unwrap().text, "White to kill.");
/// let t = standard_text("wtk_ja", "en", None).unwrap();
/// assert_eq!((t.text.as_str(), t.language), ("White to kill.", "en")); // a fallback
/// assert_eq!(standard_text("btp_ja", "en", None).unwrap().text, "黒番");
/// assert_eq!(standard_text("xyz", "en", None), None);
/// ```
pub fn standard_text(code: &str, lang: &str, player: Option<Color>) -> Option<StandardText> {
    let (base, lang) = split_suffix(code, lang);
    let lang = normalize_lang(lang);
    match base {
        "app" => {
            return Some(StandardText {
                text: "kifu".into(),
                language: "",
            });
        }
        "ver" => {
            return Some(StandardText {
                text: env!("CARGO_PKG_VERSION").into(),
                language: "",
            });
        }
        _ => {}
    }
    let pick = |key: &str, english: &'static str| match translation(lang, key) {
        Some(t) => (t, static_lang(lang)),
        None => (english, "en"),
    };
    if let Some((_, english)) = PLAIN_CODES.iter().find(|(k, _)| *k == base) {
        let (text, language) = pick(base, english);
        return Some(StandardText {
            text: text.into(),
            language,
        });
    }
    let mut chars = base.chars();
    let color = match chars.next()? {
        'b' => Color::Black,
        'w' => Color::White,
        '^' => player?,
        _ => return None,
    };
    let key = chars.as_str();
    let (_, english) = PLAYER_CODES.iter().find(|(k, _)| *k == key)?;
    let (template, language) = pick(key, english);
    Some(StandardText {
        text: template.replace('^', player_name(language, color)),
        language,
    })
}

/// `("btp", "de")` for `"btp_de"`; the code and `lang` otherwise.
fn split_suffix<'a>(code: &'a str, lang: &'a str) -> (&'a str, &'a str) {
    match code.rsplit_once('_') {
        Some((base, suffix)) if !base.is_empty() && is_language(suffix) => (base, suffix),
        _ => (code, lang),
    }
}

/// Where the book fields and game info of a paragraph come from.
pub trait TextContext {
    /// A book attribute (`title`, `subtitle`, `author`, `publisher`,
    /// `copyright`) in language `lang`.
    fn book_attribute(&self, name: &str, lang: &str) -> Option<String>;
    /// A game info attribute of the Go data the paragraph belongs to, by
    /// its attribute name (`pb`, `wp`, `km`...; `#pw#` asks for `wp`).
    fn game_info(&self, name: &str) -> Option<String>;
    /// The current player, for `#^tp#` in captions.
    fn player(&self) -> Option<Color>;
}

/// No book, no game info, no player.
impl TextContext for () {
    fn book_attribute(&self, _: &str, _: &str) -> Option<String> {
        None
    }
    fn game_info(&self, _: &str) -> Option<String> {
        None
    }
    fn player(&self) -> Option<Color> {
        None
    }
}

/// A [`TextContext`] from maps of attribute values.
///
/// ```
/// use kifu_book::text::{Fields, TextContext};
/// let mut fields = Fields::default();
/// fields.book.insert("title".into(), "Invincible".into());
/// fields.book.insert("title_ja".into(), "無敵".into());
/// assert_eq!(fields.book_attribute("title", "ja").as_deref(), Some("無敵"));
/// assert_eq!(fields.book_attribute("title", "de").as_deref(), Some("Invincible"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    /// Book attributes by name, with language-specific ones under their
    /// full name (`title_ja`), preferred for that language.
    pub book: BTreeMap<String, String>,
    /// Game info attributes by name (`pb`, `wp`...).
    pub game: BTreeMap<String, String>,
    /// The current player.
    pub player: Option<Color>,
}

impl TextContext for Fields {
    fn book_attribute(&self, name: &str, lang: &str) -> Option<String> {
        self.book
            .get(&format!("{name}_{lang}"))
            .or_else(|| self.book.get(name))
            .cloned()
    }
    fn game_info(&self, name: &str) -> Option<String> {
        self.game.get(name).cloned()
    }
    fn player(&self) -> Option<Color> {
        self.player
    }
}

/// Something [`expand_standard_texts`] reports about a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardTextNote {
    /// The code, without its hash signs (`btp_ko`).
    pub code: String,
    /// The byte range of `#code#`.
    pub range: Range<usize>,
    /// What happened.
    pub kind: NoteKind,
}

/// What happened to a standard text code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// Replaced, but in English: kifu has no translation into `requested`.
    Fallback {
        /// The language the paragraph or the suffix asked for.
        requested: String,
    },
    /// Not a code the format defines; left as written.
    Unknown,
    /// A SmartGo resource string number (`#123#`), gone in the 2026
    /// revision; left as written.
    ResourceString,
    /// A code whose value is missing (a book field or game info the
    /// context lacks, or `^` without a current player); left as written.
    Missing,
}

/// A piece of the text after expansion.
pub(crate) enum Piece {
    /// Text kept as written.
    Literal(Range<usize>),
    /// A replaced `#code#`.
    Replaced { range: Range<usize>, text: String },
}

/// The `#code#` at byte `i` (a `#`): its end, if the characters up to the
/// next `#` can form a code (ASCII letters, digits, `_` and `^`).
fn code_end(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let len = bytes[i + 1..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'^'))
        .count();
    (len > 0 && bytes.get(i + 1 + len) == Some(&b'#')).then_some(i + len + 2)
}

/// The expansion of one code, or why there is none.
fn expand_code(
    code: &str,
    lang: &str,
    context: &dyn TextContext,
) -> Result<(String, Option<NoteKind>), NoteKind> {
    let (base, code_lang) = split_suffix(code, lang);
    if base.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NoteKind::ResourceString);
    }
    if BOOK_CODES.contains(&base) {
        return context
            .book_attribute(base, code_lang)
            .map(|t| (t, None))
            .ok_or(NoteKind::Missing);
    }
    if GAME_CODES.contains(&base) {
        let name = if base == "pw" { "wp" } else { base };
        return context
            .game_info(name)
            .map(|t| (t, None))
            .ok_or(NoteKind::Missing);
    }
    let player = context.player();
    match standard_text(code, lang, player) {
        Some(t) => {
            let wanted = normalize_lang(code_lang);
            let fallback = !t.language.is_empty() && t.language != wanted;
            let note = fallback.then(|| NoteKind::Fallback {
                requested: code_lang.to_owned(),
            });
            Ok((t.text, note))
        }
        None if base.starts_with('^') && player.is_none() => Err(NoteKind::Missing),
        None => Err(NoteKind::Unknown),
    }
}

/// Splits `text` into kept text and replaced codes.
pub(crate) fn expand_pieces(
    text: &str,
    lang: &str,
    context: &dyn TextContext,
) -> (Vec<Piece>, Vec<StandardTextNote>) {
    let mut pieces = Vec::new();
    let mut notes = Vec::new();
    let mut kept = 0;
    let mut i = 0;
    while let Some(k) = text[i..].find('#') {
        let start = i + k;
        let Some(end) = code_end(text, start) else {
            i = start + 1;
            continue;
        };
        let code = &text[start + 1..end - 1];
        let note = |kind| StandardTextNote {
            code: code.to_owned(),
            range: start..end,
            kind,
        };
        match expand_code(code, lang, context) {
            Ok((replacement, fallback)) => {
                if kept < start {
                    pieces.push(Piece::Literal(kept..start));
                }
                pieces.push(Piece::Replaced {
                    range: start..end,
                    text: replacement,
                });
                notes.extend(fallback.map(note));
                kept = end;
                i = end;
            }
            Err(kind) => {
                notes.push(note(kind));
                // The closing `#` may open the next code.
                i = end - 1;
            }
        }
    }
    if kept < text.len() {
        pieces.push(Piece::Literal(kept..text.len()));
    }
    (pieces, notes)
}

/// Replaces the standard texts of a paragraph in language `lang` (the
/// paragraph's; `""` or `"ui"` for a language-neutral one, which the caller
/// should rather resolve to the interface language):
///
/// * `#btp#`, `#wtk#`... and `#^tp#` (with the context's player), `#fe#`,
///   `#ko#`, `#ok#`, `#os#`, `#se#`, `#sn#`, `#Problem#`, `#Answer#`,
///   `#Solution#`, `#app#` (`kifu`) and `#ver#` (kifu's version): see
///   [`standard_text`]; a language suffix (`#btp_de#`) picks the language;
/// * `#title#`, `#subtitle#`, `#author#`, `#publisher#`, `#copyright#`:
///   the book's attributes, from the context;
/// * `#pb#`, `#br#`, `#pw#` (or `#wp#`), `#wr#`, `#km#`, `#ha#`, `#re#`,
///   `#tm#`, `#dt#`, `#pc#`, `#ev#`, `#ro#`, `#us#`, `#an#`, `#cp#`,
///   `#so#`: the game info, from the context.
///
/// Returns the text and notes: English used for want of a translation
/// ([`NoteKind::Fallback`], still replaced), and codes left as written
/// (unknown, `#123#` resource strings, missing values). A `#` that starts
/// no code stays as it is.
///
/// ```
/// use kifu_book::text::{expand_standard_texts, Fields, NoteKind};
/// let mut fields = Fields::default();
/// fields.game.insert("pb".into(), "Honinbo Shusaku".into());
/// let (text, notes) = expand_standard_texts("#pb# (#br#): #wtl_fr# #btc_de# #1 #42#", "en", &fields);
/// assert_eq!(text, "Honinbo Shusaku (#br#): Blanc joue et vit. Black to capture. #1 #42#");
/// let kinds: Vec<_> = notes.iter().map(|n| &n.kind).collect();
/// assert_eq!(kinds, [
///     &NoteKind::Missing,
///     &NoteKind::Fallback { requested: "de".into() },
///     &NoteKind::ResourceString,
/// ]);
/// ```
pub fn expand_standard_texts(
    text: &str,
    lang: &str,
    context: &dyn TextContext,
) -> (String, Vec<StandardTextNote>) {
    let (pieces, notes) = expand_pieces(text, lang, context);
    let mut out = String::with_capacity(text.len());
    for piece in pieces {
        match piece {
            Piece::Literal(r) => out.push_str(&text[r]),
            Piece::Replaced { text: t, .. } => out.push_str(&t),
        }
    }
    (out, notes)
}

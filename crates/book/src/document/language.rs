//! The language codes of Go books: element tags (`::p_de`, `::de`) and
//! language-specific attributes (`ca_en`, `title_ja`).

/// Every language code the format knows, with its name: the 2017 list, then
/// the 2026 revision's additions (`cs`, `uk`, and `po` for Polish, since `pl`
/// is also the player attribute; `pl` is still read as Polish).
pub const LANGUAGES: &[(&str, &str)] = &[
    ("cn", "Simplified Chinese"),
    ("de", "German"),
    ("en", "English"),
    ("es", "Spanish"),
    ("fr", "French"),
    ("it", "Italian"),
    ("ja", "Japanese"),
    ("ko", "Korean"),
    ("nl", "Dutch"),
    ("pl", "Polish"),
    ("pt", "Portuguese"),
    ("ru", "Russian"),
    ("tr", "Turkish"),
    ("tw", "Traditional Chinese"),
    ("ui", "the user interface language"),
    ("cs", "Czech"),
    ("uk", "Ukrainian"),
    ("po", "Polish"),
];

/// The codes added by the 2026 revision.
pub const LANGUAGES_2026: &[&str] = &["cs", "uk", "po"];

/// Whether `code` is a language code of the format.
///
/// ```
/// assert!(kifu_book::language::is_language("de"));
/// assert!(kifu_book::language::is_language("po"));
/// assert!(!kifu_book::language::is_language("h2"));
/// ```
pub fn is_language(code: &str) -> bool {
    LANGUAGES.iter().any(|(c, _)| *c == code)
}

/// The English name of a language code.
///
/// ```
/// assert_eq!(kifu_book::language::name("ja"), Some("Japanese"));
/// assert_eq!(kifu_book::language::name("xx"), None);
/// ```
pub fn name(code: &str) -> Option<&'static str> {
    LANGUAGES.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}

/// Whether `code` is a well-formed language tag: two lowercase ASCII letters.
pub(crate) fn looks_like_language(code: &str) -> bool {
    code.len() == 2 && code.bytes().all(|b| b.is_ascii_lowercase())
}

//! The fonts a printed book is set in: the fonts bundled with the Typst
//! crates first, then the font files an author gives (`--font FILE`),
//! then the system's fonts (found with fontdb, as resvg finds them), read
//! only when a book needs them: its text has characters the others lack,
//! or it names a family they do not have. A book in Latin, Greek or
//! Cyrillic script therefore prints the same on every machine.
//!
//! Han characters are drawn differently in Japan, mainland China, Taiwan
//! and Korea, so each CJK language of a book gets the first font of its
//! own on the machine ([`cjk_families`]).

use std::path::PathBuf;
use std::sync::OnceLock;

use typst::foundations::Bytes;
use typst::text::{Font, FontBook, FontInfo};
use typst::utils::LazyHash;

/// The serif families preferred for the text of each CJK language of the
/// format (`ja`, `cn` simplified Chinese, `tw` traditional Chinese, `ko`),
/// best first: Noto CJK (Debian's `fonts-noto-cjk`), its twin Source Han,
/// then the other free fonts Linux distributions ship and the fonts of
/// macOS and Windows. The sans-serif Noto faces come after the serif ones:
/// some systems install only those.
const CJK_PREFERENCES: [(&str, &[&str]); 4] = [
    (
        "ja",
        &[
            "Noto Serif CJK JP",
            "Source Han Serif JP",
            "IPAexMincho",
            "IPAMincho",
            "Hiragino Mincho ProN",
            "Yu Mincho",
            "MS Mincho",
            "Noto Sans CJK JP",
            "Source Han Sans JP",
        ],
    ),
    (
        "cn",
        &[
            "Noto Serif CJK SC",
            "Source Han Serif SC",
            "AR PL UMing CN",
            "Songti SC",
            "SimSun",
            "Noto Sans CJK SC",
            "Source Han Sans SC",
            "WenQuanYi Zen Hei",
        ],
    ),
    (
        "tw",
        &[
            "Noto Serif CJK TC",
            "Source Han Serif TC",
            "AR PL UMing TW",
            "Songti TC",
            "PMingLiU",
            "Noto Sans CJK TC",
            "Source Han Sans TC",
        ],
    ),
    (
        "ko",
        &[
            "Noto Serif CJK KR",
            "Source Han Serif K",
            "UnBatang",
            "NanumMyeongjo",
            "AppleMyungjo",
            "Batang",
            "Noto Sans CJK KR",
            "Source Han Sans K",
        ],
    ),
];

/// The package that would supply the fonts a book lacks, for messages.
pub const CJK_FONT_PACKAGE: &str = "Debian's fonts-noto-cjk";

/// The bundled fonts, read once per process.
fn bundled() -> &'static (FontBook, Vec<Font>) {
    static FONTS: OnceLock<(FontBook, Vec<Font>)> = OnceLock::new();
    FONTS.get_or_init(|| {
        let fonts: Vec<Font> = typst_assets::fonts()
            .flat_map(|data| Font::iter(Bytes::new(data)))
            .collect();
        (FontBook::from_fonts(&fonts), fonts)
    })
}

/// A font of the system: what Typst needs to choose it, and the font
/// itself read from its file when Typst first asks for it.
struct SystemFont {
    info: FontInfo,
    path: PathBuf,
    index: u32,
    font: OnceLock<Option<Font>>,
}

/// The system's fonts, found once per process.
fn system() -> &'static [SystemFont] {
    static FONTS: OnceLock<Vec<SystemFont>> = OnceLock::new();
    FONTS.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_system_fonts();
        let mut fonts = Vec::new();
        for face in db.faces() {
            let path = match &face.source {
                fontdb::Source::File(path) | fontdb::Source::SharedFile(path, _) => path.clone(),
                fontdb::Source::Binary(_) => continue,
            };
            let info = db.with_face_data(face.id, FontInfo::new).flatten();
            if let Some(info) = info {
                fonts.push(SystemFont {
                    info,
                    path,
                    index: face.index,
                    font: OnceLock::new(),
                });
            }
        }
        fonts
    })
}

impl SystemFont {
    fn get(&self) -> Option<Font> {
        self.font
            .get_or_init(|| {
                let data = std::fs::read(&self.path).ok()?;
                Font::new(Bytes::new(data), self.index)
            })
            .clone()
    }
}

/// Whether a family is among the bundled fonts (case as Typst ignores it).
fn bundled_family(family: &str) -> bool {
    bundled().0.contains_family(&family.to_lowercase())
}

/// Whether the bundled fonts or the system's have a family.
pub fn family_exists(family: &str) -> bool {
    let lower = family.to_lowercase();
    bundled_family(family)
        || system()
            .iter()
            .any(|f| f.info.family.to_lowercase() == lower)
}

/// The families of a font file's faces (`.ttf`, `.otf`, `.ttc`), in
/// order; empty when the bytes are no font Typst reads.
pub fn file_families(bytes: &[u8]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for info in FontInfo::iter(bytes) {
        if !out.contains(&info.family) {
            out.push(info.family);
        }
    }
    out
}

/// For each CJK language among `languages` (the format's codes: `ja`,
/// `cn`, `tw`, `ko`), the first family of its own the system has, for
/// [`super::Fonts::by_language`]. Languages with none are left out (their
/// characters then come from whatever font has them, or print as boxes
/// and are reported).
pub fn cjk_families(languages: &[String]) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for (code, preferred) in CJK_PREFERENCES {
        if !languages.iter().any(|l| l == code) {
            continue;
        }
        if let Some(family) = preferred.iter().find(|f| family_exists(f)) {
            out.push((code.to_owned(), vec![(*family).to_owned()]));
        }
    }
    out
}

/// The fonts of one compilation: the bundled ones, the author's files, and
/// the system's when the book needs them.
pub(crate) struct WorldFonts {
    pub(crate) book: LazyHash<FontBook>,
    user: Vec<Font>,
    /// The system fonts in the book, by index in [`system`].
    system_fonts: Vec<usize>,
    /// The characters of the text that no font of the book has.
    pub(crate) missing: Vec<char>,
}

impl WorldFonts {
    /// The fonts for a source that names `families` and uses the font
    /// files `files`.
    pub(crate) fn new(source: &str, families: &[String], files: &[Vec<u8>]) -> WorldFonts {
        let (bundled_book, _) = bundled();
        let user: Vec<Font> = files
            .iter()
            .flat_map(|f| Font::iter(Bytes::new(f.clone())))
            .collect();
        let mut infos: Vec<FontInfo> = (0..)
            .map_while(|i| bundled_book.info(i))
            .cloned()
            .chain(user.iter().map(|f| f.info().clone()))
            .collect();
        let named_elsewhere = families.iter().any(|f| {
            !bundled_family(f) && !user.iter().any(|u| u.info().family.eq_ignore_ascii_case(f))
        });
        let mut missing = missing_glyphs(source, &infos);
        let mut system_fonts = Vec::new();
        if named_elsewhere || !missing.is_empty() {
            // Only the system fonts the book names or needs: a diagram's
            // numbers stay in the bundled font they are drawn in without
            // them (the style's first family, DejaVu Sans, is often there).
            system_fonts = (0..system().len())
                .filter(|&i| {
                    let info = &system()[i].info;
                    families
                        .iter()
                        .any(|f| f.eq_ignore_ascii_case(&info.family))
                        || missing
                            .iter()
                            .any(|c| info.coverage.contains(u32::from(*c)))
                })
                .collect();
            infos.extend(system_fonts.iter().map(|&i| system()[i].info.clone()));
            missing = missing_glyphs(source, &infos);
        }
        WorldFonts {
            book: LazyHash::new(FontBook::from_infos(infos)),
            user,
            system_fonts,
            missing,
        }
    }

    /// The font at an index of [`Self::book`].
    pub(crate) fn font(&self, index: usize) -> Option<Font> {
        let bundled = &bundled().1;
        if let Some(f) = bundled.get(index) {
            return Some(f.clone());
        }
        let index = index - bundled.len();
        if let Some(f) = self.user.get(index) {
            return Some(f.clone());
        }
        let index = index - self.user.len();
        let system_index = *self.system_fonts.get(index)?;
        system()[system_index].get()
    }
}

/// The characters of `source` that none of `infos` covers.
fn missing_glyphs(source: &str, infos: &[FontInfo]) -> Vec<char> {
    let mut seen = std::collections::HashSet::new();
    let mut missing = std::collections::BTreeSet::new();
    for c in source.chars() {
        if c.is_ascii() || c.is_whitespace() || c.is_control() || !seen.insert(c) {
            continue;
        }
        if !infos.iter().any(|i| i.coverage.contains(u32::from(c))) {
            missing.insert(c);
        }
    }
    missing.into_iter().collect()
}

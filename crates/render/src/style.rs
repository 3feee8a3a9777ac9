//! How diagrams look: colours, fonts, line widths and board texture, read
//! from TOML. Two styles are built in: [`Style::book`] (plain print) and
//! [`Style::screen`] (a wood-coloured board, shaded stones).
//!
//! Lengths are in board cells: `1.0` is the distance between two lines.
//! Every field may be left out of a TOML file; it then takes the value of
//! the `book` style.
//!
//! ```
//! let style = kifu_render::style::Style::from_toml("board = \"#eeddaa\"\ntexture = true").unwrap();
//! assert_eq!(style.board, "#eeddaa");
//! assert_eq!(style.line, kifu_render::style::Style::book().line);
//! ```

use std::fmt;

use serde::Deserialize;

const BOOK: &str = include_str!("../styles/book.toml");
const SCREEN: &str = include_str!("../styles/screen.toml");

/// A diagram style.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Style {
    /// A name, for messages.
    pub name: String,
    /// The page around the board (coordinates, caption).
    pub background: String,
    /// The board.
    pub board: String,
    /// Grid lines.
    pub line: String,
    /// Grid line width.
    pub line_width: f64,
    /// Width of the board's edges.
    pub border_width: f64,
    /// Radius of the star points.
    pub star_radius: f64,
    /// Black stones.
    pub black: String,
    /// White stones.
    pub white: String,
    /// The outline of stones.
    pub stone_outline: String,
    /// Width of the outline of stones.
    pub stone_outline_width: f64,
    /// Numbers and marks on black stones.
    pub black_text: String,
    /// Numbers and marks on white stones and on empty points.
    pub white_text: String,
    /// Stroke width of marks.
    pub mark_width: f64,
    /// Circles drawn as dots on stones (`circleAsDot`).
    pub dot: String,
    /// The font family list, as in CSS.
    pub font_family: String,
    /// The font weight of numbers and letters (`normal`, `bold`).
    pub font_weight: String,
    /// Coordinates.
    pub coordinate_color: String,
    /// The caption and gaps line.
    pub caption_color: String,
    /// Caption font size.
    pub caption_size: f64,
    /// How much a dimmed point is faded (0 to 1).
    pub dim_opacity: f64,
    /// Shaded stones and a grained board.
    pub texture: bool,
    /// The printed page, for `.pdf` and `.typ` (a `[page]` table); the
    /// command line's `--page`, `--margin` and `--font-size` win.
    pub page: Option<PageStyle>,
    /// The fonts of a printed book's text (a `[fonts]` table); the
    /// command line's `--font` comes first.
    pub fonts: Option<FontStyle>,
}

/// The `[fonts]` table of a style file: font families or font files
/// (`.ttf`, `.otf`, `.ttc`; relative to the style file) for a printed
/// book's text.
///
/// ```
/// let style = kifu_render::style::Style::from_toml("[fonts]\ntext = [\"DejaVu Serif\"]\nja = \"IPAexMincho\"").unwrap();
/// let fonts = style.fonts.unwrap();
/// assert_eq!(fonts.text, ["DejaVu Serif"]);
/// assert_eq!(fonts.ja.as_deref(), Some("IPAexMincho"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FontStyle {
    /// Before the bundled Libertinus Serif, in every language.
    pub text: Vec<String>,
    /// Japanese text's own font (its kana and kanji).
    pub ja: Option<String>,
    /// Simplified Chinese text's own font.
    pub cn: Option<String>,
    /// Traditional Chinese text's own font.
    pub tw: Option<String>,
    /// Korean text's own font.
    pub ko: Option<String>,
}

impl FontStyle {
    /// The language fonts, by the format's language codes.
    pub fn by_language(&self) -> Vec<(&'static str, &str)> {
        [
            ("ja", &self.ja),
            ("cn", &self.cn),
            ("tw", &self.tw),
            ("ko", &self.ko),
        ]
        .into_iter()
        .filter_map(|(code, f)| f.as_deref().map(|f| (code, f)))
        .collect()
    }
}

/// The `[page]` table of a style file: the paper, margins and text size of
/// a printed book, as the command line's options write them.
///
/// ```
/// let style = kifu_render::style::Style::from_toml("[page]\nsize = \"b5\"\nfont_size = 11.0").unwrap();
/// assert_eq!(style.page.unwrap().size.as_deref(), Some("b5"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PageStyle {
    /// `a5`, `b5`, `a4`, `letter` or `WxH`.
    pub size: Option<String>,
    /// One length, or four: `top,outside,bottom,inside`.
    pub margin: Option<String>,
    /// The text size in points.
    pub font_size: Option<f64>,
}

/// A style that does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StyleError(pub String);

impl fmt::Display for StyleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StyleError {}

impl Default for Style {
    fn default() -> Self {
        Style {
            name: "book".into(),
            background: "#ffffff".into(),
            board: "#ffffff".into(),
            line: "#000000".into(),
            line_width: 0.035,
            border_width: 0.07,
            star_radius: 0.085,
            black: "#000000".into(),
            white: "#ffffff".into(),
            stone_outline: "#000000".into(),
            stone_outline_width: 0.05,
            black_text: "#ffffff".into(),
            white_text: "#000000".into(),
            mark_width: 0.07,
            dot: "#808080".into(),
            font_family: "DejaVu Sans, Helvetica, Arial, sans-serif".into(),
            font_weight: "normal".into(),
            coordinate_color: "#000000".into(),
            caption_color: "#000000".into(),
            caption_size: 0.55,
            dim_opacity: 0.65,
            texture: false,
            page: None,
            fonts: None,
        }
    }
}

impl Style {
    /// Reads a style from TOML; missing fields take the `book` values.
    ///
    /// # Errors
    /// When the TOML does not read, names an unknown field, or a colour or
    /// font holds characters that have no place in one (`<`, `"`, `&`...).
    pub fn from_toml(text: &str) -> Result<Style, StyleError> {
        let style: Style = toml::from_str(text).map_err(|e| StyleError(e.to_string()))?;
        style.validate()?;
        Ok(style)
    }

    /// The plain print style: white board, black lines, black and white
    /// stones.
    pub fn book() -> Style {
        Style::from_toml(BOOK).unwrap_or_default()
    }

    /// The screen style: wood-coloured board, shaded stones.
    pub fn screen() -> Style {
        Style::from_toml(SCREEN).unwrap_or_default()
    }

    /// A built-in style by name (`book`, `screen`).
    pub fn builtin(name: &str) -> Option<Style> {
        match name {
            "book" => Some(Style::book()),
            "screen" => Some(Style::screen()),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), StyleError> {
        let texts = [
            ("background", &self.background),
            ("board", &self.board),
            ("line", &self.line),
            ("black", &self.black),
            ("white", &self.white),
            ("stone_outline", &self.stone_outline),
            ("black_text", &self.black_text),
            ("white_text", &self.white_text),
            ("dot", &self.dot),
            ("font_family", &self.font_family),
            ("font_weight", &self.font_weight),
            ("coordinate_color", &self.coordinate_color),
            ("caption_color", &self.caption_color),
        ];
        for (name, value) in texts {
            let ok = !value.trim().is_empty()
                && value
                    .chars()
                    .all(|c| c.is_alphanumeric() || " #(),.%-_'".contains(c));
            if !ok {
                return Err(StyleError(format!(
                    "{name}: not a colour or font: {value:?}"
                )));
            }
        }
        let lengths = [
            ("line_width", self.line_width, 0.5),
            ("border_width", self.border_width, 0.5),
            ("star_radius", self.star_radius, 0.5),
            ("stone_outline_width", self.stone_outline_width, 0.5),
            ("mark_width", self.mark_width, 0.5),
            ("caption_size", self.caption_size, 3.0),
            ("dim_opacity", self.dim_opacity, 1.0),
        ];
        for (name, value, max) in lengths {
            if !(0.0..=max).contains(&value) {
                return Err(StyleError(format!(
                    "{name}: {value} is out of range (0 to {max})"
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_styles_read() {
        assert!(Style::from_toml(BOOK).is_ok());
        assert!(Style::from_toml(SCREEN).is_ok());
        assert_eq!(Style::book(), Style::default());
        assert!(Style::screen().texture);
    }

    #[test]
    fn bad_styles_are_refused() {
        assert!(Style::from_toml("colour = \"red\"").is_err());
        assert!(Style::from_toml("board = \"red\\\"/><script\"").is_err());
        assert!(Style::from_toml("line_width = 7.0").is_err());
        assert!(Style::from_toml("line_width = \"thin\"").is_err());
    }
}

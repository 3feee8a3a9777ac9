//! What a printed book is made with: the page (paper, margins, text
//! size), the options, and the Typst markup with the files it reads.

use crate::style::Style;

/// A length in millimetres.
pub type Mm = f64;

/// The paper and the type area.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The page's width.
    pub width: Mm,
    /// The page's height.
    pub height: Mm,
    /// The margins: top, outside, bottom, inside (the inside is the
    /// binding's).
    pub margins: [Mm; 4],
    /// The text's size, in points.
    pub font_size: f64,
}

impl Default for Page {
    /// A5 with 10 pt text: the size of most Go books.
    fn default() -> Self {
        Page::sized(148.0, 210.0)
    }
}

impl Page {
    /// A page of a size, with margins in proportion to it and 10 pt text.
    pub fn sized(width: Mm, height: Mm) -> Page {
        let short = width.min(height);
        let m = |f: f64| (short * f * 10.0).round() / 10.0;
        Page {
            width,
            height,
            margins: [m(0.11), m(0.10), m(0.13), m(0.13)],
            font_size: 10.0,
        }
    }

    /// A named paper size (`a5`, `b5`, `a4`, `letter`) or `WxH` (in
    /// millimetres, or with a unit: `6inx9in`, `15cmx22cm`).
    ///
    /// ```
    /// use kifu_render::print::Page;
    /// assert_eq!(Page::parse("a4").unwrap().width, 210.0);
    /// assert_eq!(Page::parse("6inx9in").unwrap().height, 228.6);
    /// assert!(Page::parse("huge").is_err());
    /// ```
    ///
    /// # Errors
    /// When the text names no size, or a size too small to hold a
    /// diagram (under 50 mm) or past a metre.
    pub fn parse(text: &str) -> Result<Page, String> {
        let t = text.trim().to_ascii_lowercase();
        let (w, h) = match t.as_str() {
            "a5" => (148.0, 210.0),
            "b5" => (176.0, 250.0),
            "a4" => (210.0, 297.0),
            "letter" => (215.9, 279.4),
            other => {
                let (w, h) = other
                    .split_once('x')
                    .ok_or_else(|| format!("--page {text}: give a5, b5, a4, letter or WxH"))?;
                (length(w)?, length(h)?)
            }
        };
        for v in [w, h] {
            if !(50.0..=1000.0).contains(&v) {
                return Err(format!(
                    "--page {text}: a side of {v} mm is out of range (50 to 1000 mm)"
                ));
            }
        }
        Ok(Page::sized(w, h))
    }

    /// Sets the margins from one length (all four) or four,
    /// comma-separated: top, outside, bottom, inside.
    ///
    /// # Errors
    /// When a length does not read, or the margins leave a type area
    /// under 40 mm wide or high.
    pub fn set_margins(&mut self, text: &str) -> Result<(), String> {
        let parts: Vec<&str> = text.split(',').collect();
        let values: Vec<Mm> = parts.iter().map(|p| length(p)).collect::<Result<_, _>>()?;
        let m = match values.as_slice() {
            [a] => [*a; 4],
            [t, o, b, i] => [*t, *o, *b, *i],
            _ => {
                return Err(format!(
                    "--margin {text}: give one length or four (top,outside,bottom,inside)"
                ));
            }
        };
        if self.width - m[1] - m[3] < 40.0 || self.height - m[0] - m[2] < 40.0 {
            return Err(format!(
                "--margin {text}: leaves less than 40 mm for the text"
            ));
        }
        self.margins = m;
        Ok(())
    }

    /// Sets the text size, in points (6 to 24).
    ///
    /// # Errors
    /// When the size is out of range or does not read.
    pub fn set_font_size(&mut self, text: &str) -> Result<(), String> {
        let t = text.trim();
        let t = t.strip_suffix("pt").unwrap_or(t);
        match t.trim().parse::<f64>() {
            Ok(v) if (6.0..=24.0).contains(&v) => {
                self.font_size = v;
                Ok(())
            }
            _ => Err(format!(
                "--font-size {text}: give a size in points, 6 to 24"
            )),
        }
    }

    /// The width of the type area.
    pub fn text_width(&self) -> Mm {
        self.width - self.margins[1] - self.margins[3]
    }
}

/// A length: a number of millimetres, or with a unit (`mm`, `cm`, `in`,
/// `pt`).
fn length(text: &str) -> Result<Mm, String> {
    let t = text.trim().to_ascii_lowercase();
    let (number, factor) = if let Some(n) = t.strip_suffix("mm") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("cm") {
        (n, 10.0)
    } else if let Some(n) = t.strip_suffix("in") {
        (n, 25.4)
    } else if let Some(n) = t.strip_suffix("pt") {
        (n, 25.4 / 72.0)
    } else {
        (t.as_str(), 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok((v * factor * 100.0).round() / 100.0),
        _ => Err(format!("'{text}' is not a length (as 15mm, 2cm, 0.75in)")),
    }
}

/// Options of [`super::book_to_typst`] and [`super::flow_to_typst`].
#[derive(Clone, Debug)]
pub struct PrintOptions {
    /// The translations to include (empty: the book's first language;
    /// [`super::ALL_LANGUAGES`] alone: all of them).
    pub languages: Vec<String>,
    /// The paper, margins and text size.
    pub page: Page,
    /// How diagrams are drawn.
    pub style: Style,
    /// Whether the book's own images are written into the source as byte
    /// arrays (a `.typ` that stands alone) rather than named as files
    /// `images/…` that [`TypstBook::files`] holds.
    pub embed_images: bool,
    /// The fonts of the text, besides the bundled ones.
    pub fonts: Fonts,
}

/// The fonts a printed book names, besides the bundled Libertinus Serif.
///
/// A language's text is set in [`Fonts::text`], then Libertinus Serif,
/// then its own [`Fonts::by_language`] families: Latin letters and digits
/// come from the first, the characters they lack (kana, hangul, han) from
/// the language's own font.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fonts {
    /// Families before the bundled ones in every language (`--font`, a
    /// style file's `[fonts] text`).
    pub text: Vec<String>,
    /// The families of a language's text (by the format's code: `ja`,
    /// `cn`, `tw`, `ko` ...), after the others.
    pub by_language: Vec<(String, Vec<String>)>,
    /// Font files to print with (`--font FILE`), their families named in
    /// `text` or `by_language`.
    pub files: Vec<Vec<u8>>,
}

impl Fonts {
    /// Every family named, in order, once.
    pub fn families(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let all = self
            .text
            .iter()
            .chain(self.by_language.iter().flat_map(|(_, f)| f.iter()));
        for f in all {
            if !out.contains(f) {
                out.push(f.clone());
            }
        }
        out
    }
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            languages: Vec::new(),
            page: Page::default(),
            style: Style::book(),
            embed_images: false,
            fonts: Fonts::default(),
        }
    }
}

/// A book as Typst markup and the files it reads.
#[derive(Clone, Debug, Default)]
pub struct TypstBook {
    /// The markup: the template, then the book.
    pub source: String,
    /// The images it names (`images/i001.png`...), with their bytes.
    pub files: Vec<(String, Vec<u8>)>,
    /// How many pages' worth of diagrams it draws (for messages): the
    /// number of diagrams, answers included.
    pub diagrams: usize,
    /// The font families it names besides the bundled ones.
    pub families: Vec<String>,
    /// The font files it is printed with ([`Fonts::files`]).
    pub fonts: Vec<Vec<u8>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_lengths_read() {
        assert_eq!(Page::parse("A5").unwrap().height, 210.0);
        assert_eq!(Page::parse("letter").unwrap().width, 215.9);
        assert_eq!(Page::parse("170x240").unwrap().width, 170.0);
        assert_eq!(Page::parse("17cmx24cm").unwrap().height, 240.0);
        assert!(Page::parse("10x240").is_err());
        assert!(Page::parse("x").is_err());
        assert!(Page::parse("NaNxNaN").is_err());
        let mut p = Page::default();
        p.set_margins("20mm").unwrap();
        assert_eq!(p.margins, [20.0; 4]);
        p.set_margins("1cm,12,2cm,0.5in").unwrap();
        assert_eq!(p.margins, [10.0, 12.0, 20.0, 12.7]);
        assert!(p.set_margins("70mm").is_err());
        assert!(p.set_margins("1,2").is_err());
        assert!(p.set_font_size("11pt").is_ok());
        assert_eq!(p.font_size, 11.0);
        assert!(p.set_font_size("100").is_err());
    }
}

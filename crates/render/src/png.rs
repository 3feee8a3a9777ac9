//! SVG to PNG through resvg, with the system fonts loaded (once) so that
//! numbers, letters, coordinates and captions are drawn.
//!
//! ```
//! let view = kifu_render::svg::DiagramView::empty(kifu_board::BoardSize::square(9).unwrap());
//! let svg = kifu_render::svg::to_svg(&view, &kifu_render::style::Style::book());
//! let png = kifu_render::png::to_png(&svg, 300).unwrap();
//! assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
//! ```

use std::fmt;
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// Why an SVG could not be turned into a PNG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PngError(pub String);

impl fmt::Display for PngError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PngError {}

/// The system fonts, loaded on first use.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// Parses an SVG the way [`to_png`] does (with the system fonts).
///
/// # Errors
/// When the SVG does not parse.
pub fn parse(svg: &str) -> Result<usvg::Tree, PngError> {
    tree(&xml(svg)?)
}

/// The XML of an SVG, read as usvg reads it.
fn xml(svg: &str) -> Result<usvg::roxmltree::Document<'_>, PngError> {
    let options = usvg::roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    usvg::roxmltree::Document::parse_with_options(svg, options)
        .map_err(|e| PngError(format!("SVG does not parse: {e}")))
}

fn tree(doc: &usvg::roxmltree::Document<'_>) -> Result<usvg::Tree, PngError> {
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_xmltree(doc, &options)
        .map_err(|e| PngError(format!("SVG does not parse: {e}")))
}

/// The size of the picture, from the root element alone (its `width`,
/// `height` and `viewBox` read by usvg), before the text of a long caption
/// is laid out.
fn picture_size(doc: &usvg::roxmltree::Document<'_>) -> Result<usvg::Size, PngError> {
    use std::fmt::Write as _;
    let mut root = String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"");
    for a in doc.root_element().attributes() {
        if a.namespace().is_none() {
            let _ = write!(root, " {}=\"{}\"", a.name(), crate::svg::escape(a.value()));
        }
    }
    root.push_str("/>");
    usvg::Tree::from_str(&root, &usvg::Options::default())
        .map(|t| t.size())
        .map_err(|e| PngError(format!("SVG does not parse: {e}")))
}

/// The largest width and the largest height of a PNG, in pixels.
pub const MAX_SIDE: u32 = 16384;

/// The most pixels a PNG may have: 2^27, 512 MiB of RGBA while drawing
/// (a 19x19 board up to about 11,000 pixels wide).
pub const MAX_PIXELS: u64 = 1 << 27;

/// Renders an SVG to a PNG `width_px` pixels wide (the height follows the
/// aspect ratio). The image is checked against [`MAX_SIDE`] and
/// [`MAX_PIXELS`] before anything is allocated.
///
/// # Errors
/// When the SVG does not parse, or the size is zero or too large (a long
/// caption makes a tall picture).
///
/// ```
/// let view = kifu_render::svg::DiagramView::empty(kifu_board::BoardSize::square(9).unwrap());
/// let svg = kifu_render::svg::to_svg(&view, &kifu_render::style::Style::book());
/// let e = kifu_render::png::to_png(&svg, 16384).unwrap_err();
/// assert!(e.to_string().contains("too large"), "{e}");
/// ```
pub fn to_png(svg: &str, width_px: u32) -> Result<Vec<u8>, PngError> {
    if width_px == 0 || width_px > MAX_SIDE {
        return Err(PngError(format!(
            "width {width_px}: give 1 to {MAX_SIDE} pixels"
        )));
    }
    let doc = xml(svg)?;
    let size = picture_size(&doc)?;
    let scale = width_px as f32 / size.width();
    let height = (f64::from(size.height()) * f64::from(scale))
        .round()
        .max(1.0);
    let pixels = f64::from(width_px) * height;
    if !(scale.is_finite() && height <= f64::from(MAX_SIDE) && pixels <= MAX_PIXELS as f64) {
        return Err(PngError(format!(
            "a {width_px}x{height} image is too large: at most {MAX_SIDE} pixels a side and \
             {MAX_PIXELS} pixels in all (give a smaller --width, or a shorter caption)"
        )));
    }
    let height = height as u32;
    let tree = tree(&doc)?;
    let mut pixmap = tiny_skia::Pixmap::new(width_px, height)
        .ok_or_else(|| PngError(format!("cannot make a {width_px}x{height} image")))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PngError(format!("PNG encoding failed: {e}")))
}

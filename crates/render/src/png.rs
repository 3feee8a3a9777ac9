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
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| PngError(format!("SVG does not parse: {e}")))
}

/// Renders an SVG to a PNG `width_px` pixels wide (the height follows the
/// aspect ratio).
///
/// # Errors
/// When the SVG does not parse, or the size is zero or too large.
pub fn to_png(svg: &str, width_px: u32) -> Result<Vec<u8>, PngError> {
    if width_px == 0 || width_px > 16384 {
        return Err(PngError(format!(
            "width {width_px}: give 1 to 16384 pixels"
        )));
    }
    let tree = parse(svg)?;
    let size = tree.size();
    let scale = width_px as f32 / size.width();
    let height = (size.height() * scale).round().max(1.0) as u32;
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

//! Golden SVG files for each thing a diagram draws, checks that resvg
//! reads and renders every diagram of the example book without a warning,
//! and that rendering is deterministic.
//!
//! The expected files are `tests/snapshots/NAME.svg`; run with
//! `KIFU_BLESS=1` to write them again after a deliberate change (a missing
//! file is written and the test passes).

use std::path::PathBuf;
use std::sync::Mutex;

use kifu_render::style::Style;
use kifu_render::svg::{Coordinates, DiagramView, SgfPosition, to_svg};

fn snapshot(name: &str, svg: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.svg"));
    let bless = std::env::var_os("KIFU_BLESS").is_some_and(|v| v == "1");
    match std::fs::read_to_string(&path) {
        Ok(expected) if !bless => assert!(
            expected == svg,
            "{name}: the SVG differs from {} (KIFU_BLESS=1 rewrites it)",
            path.display()
        ),
        _ => {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, svg).unwrap();
        }
    }
}

/// The view of the first diagram of a one-diagram book.
fn view_of(book: &str) -> DiagramView {
    let book = kifu_book::parse(book).value;
    let resolution = kifu_book::resolve::resolve(&book);
    assert!(
        resolution.diagnostics.is_empty(),
        "{:?}",
        resolution.diagnostics
    );
    let item = resolution
        .items
        .iter()
        .rev()
        .find(|i| i.diagram.is_some())
        .expect("a diagram");
    DiagramView::from_resolved(item, "en")
}

const MARKS: &str = "::dia base=none sz=9 ab=\"C3 D4 C7\" aw=\"E5 F3 G5\" tr=\"C3 F6\" ma=\"G7 G5\" sq=\"D4 B8\" rg=\"E3 C7\" cr=\"E5 F4 H8\" tb=A1 tw=\"B1 F3\" ln=\"A9 C9\" ar=\"G2 H3\" A=F5 b=D4 H5=23 ca=\"Marks\"";

#[test]
fn every_mark_kind() {
    let view = view_of(MARKS);
    snapshot("marks", &to_svg(&view, &Style::book()));
}

#[test]
fn every_mark_kind_on_screen() {
    let view = view_of(MARKS);
    snapshot("marks-screen", &to_svg(&view, &Style::screen()));
}

#[test]
fn circles_as_dots() {
    let mut view = view_of("::dia base=none sz=9 ab=C3 aw=D4 cr=\"C3 D4 E5\"");
    view.circle_as_dot = true;
    let svg = to_svg(&view, &Style::book());
    // Gray dots on both stones, a black dot on the empty point.
    assert_eq!(svg.matches("fill=\"#808080\"").count(), 2);
    snapshot("circle-as-dot", &svg);
}

#[test]
fn numbers_of_one_two_and_three_digits() {
    let view = view_of("::dia base=none sz=9 mn=8 mv=\"C3 D4 E5 F6\"");
    let svg = to_svg(&view, &Style::book());
    assert!(svg.contains(">8</text>") && svg.contains(">11</text>"));
    snapshot("numbers-1-2", &svg);
    let view = view_of("::dia base=none sz=9 mn=99 mv=\"C3 D4 E5\"");
    let svg = to_svg(&view, &Style::book());
    assert!(svg.contains(">101</text>"));
    snapshot("numbers-3", &svg);
}

#[test]
fn hidden_move_and_gaps_line() {
    let view = view_of("::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1 tenuki\"");
    assert_eq!(view.gaps.as_deref(), Some("6 at 1, 7: elsewhere"));
    let svg = to_svg(&view, &Style::book());
    assert!(svg.contains(">6 at 1,") && svg.contains("elsewhere</text>"));
    snapshot("gaps", &svg);
}

#[test]
fn partial_views_have_open_edges() {
    let corner = view_of("::dia base=none ab=Q16 aw=\"R17 C3\" vw=N13T19 coord=standard");
    assert_eq!(corner.stones.len(), 3);
    snapshot("view-corner", &to_svg(&corner, &Style::book()));
    let middle = view_of("::dia base=none ab=K10 aw=L11 vw=F6O14");
    let svg = to_svg(&middle, &Style::book());
    // No edge of the board is in view: no thick line.
    assert!(!svg.contains("stroke-width=\"1.68\""), "{svg}");
    snapshot("view-middle", &svg);
}

#[test]
fn caption_wraps() {
    let view = view_of(
        "::dia base=none sz=9 ab=E5 ca=\"Dia. 3: a long caption that has to wrap over more than one line under a small board\"",
    );
    let svg = to_svg(&view, &Style::book());
    assert!(svg.matches("<text").count() >= 2);
    snapshot("caption", &svg);
}

#[test]
fn coordinate_systems() {
    let mut view = view_of("::dia base=none sz=9 ab=C3 aw=G7");
    view.coordinates = Coordinates::Sgf;
    snapshot("coord-sgf", &to_svg(&view, &Style::book()));
    view.coordinates = Coordinates::J1;
    let svg = to_svg(&view, &Style::book());
    assert!(svg.contains(">九</text>"));
    snapshot("coord-j1", &svg);
}

#[test]
fn text_escapes_and_lines_and_dimmed_points() {
    let mut view = view_of("::dia base=none sz=9 ab=C3 E5=\"&lt\" ca=\"a < b & c\"");
    view.dimmed.push(kifu_board::Point::new(2, 6));
    let svg = to_svg(&view, &Style::book());
    assert!(svg.contains("a &lt; b &amp; c"));
    assert!(svg.contains("fill-opacity"));
    kifu_render::png::parse(&svg).unwrap();
}

#[test]
fn rendering_is_deterministic() {
    let a = to_svg(&view_of(MARKS), &Style::screen());
    let b = to_svg(&view_of(MARKS), &Style::screen());
    assert_eq!(a, b);
    let book = example_book();
    let once = all_diagrams(&book, &Style::book());
    let twice = all_diagrams(&book, &Style::book());
    assert_eq!(once, twice);
}

#[test]
fn sgf_positions() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/example.sgf"
    ))
    .unwrap();
    let collection = kifu_sgf::parse(&text).value;
    let game = collection.game(0).unwrap();
    let last = DiagramView::from_sgf_game(game, &SgfPosition::default()).unwrap();
    assert_eq!(last.stones.len(), 7);
    // The label and the triangle of the node are drawn.
    let view = DiagramView::from_sgf_game(
        game,
        &SgfPosition {
            move_number: Some(6),
            numbers: Some((4, 6)),
            ..SgfPosition::default()
        },
    )
    .unwrap();
    assert_eq!(view.labels.len(), 2);
    let numbered: Vec<u32> = view.stones.iter().filter_map(|s| s.number).collect();
    assert_eq!(numbered, [4, 5, 6]);
    snapshot("sgf-move-6", &to_svg(&view, &Style::book()));
    // The second variation at the first branch.
    let side = DiagramView::from_sgf_game(
        game,
        &SgfPosition {
            variation: vec![1],
            ..SgfPosition::default()
        },
    )
    .unwrap();
    assert!(
        side.stones
            .iter()
            .any(|s| s.point == kifu_board::Point::new(16, 14))
    );
    assert!(
        DiagramView::from_sgf_game(
            game,
            &SgfPosition {
                variation: vec![2],
                ..SgfPosition::default()
            }
        )
        .is_err()
    );
    assert!(
        DiagramView::from_sgf_game(
            game,
            &SgfPosition {
                move_number: Some(99),
                ..SgfPosition::default()
            }
        )
        .is_err()
    );
}

#[test]
fn sgf_ko_goes_to_the_gaps_line() {
    // Black takes the ko with 5, White retakes with 6 (after a ko threat
    // exchange there would be more; here the retake is all).
    let sgf = b"(;SZ[5]AB[ba][ab][cb]AW[ca][db][bc]\n;B[ac];W[bb];B[ba])";
    let collection = kifu_sgf::parse(sgf).value;
    let game = collection.game(0).unwrap();
    let view = DiagramView::from_sgf_game(
        game,
        &SgfPosition {
            numbers: Some((1, 3)),
            ..SgfPosition::default()
        },
    )
    .unwrap();
    assert!(view.gaps.is_some(), "{view:?}");
}

fn example_book() -> kifu_book::Book {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../book/tests/fixtures/example.gobook"
    ))
    .unwrap();
    kifu_book::read(&text).value
}

fn all_diagrams(book: &kifu_book::Book, style: &Style) -> Vec<String> {
    let resolution = kifu_book::resolve::resolve(book);
    resolution
        .items
        .iter()
        .filter(|i| i.diagram.is_some())
        .map(|i| to_svg(&DiagramView::from_resolved(i, "en"), style))
        .collect()
}

/// The warnings usvg and resvg log, with the thread that logged each: the
/// other modules of this test binary render on threads of their own.
static WARNINGS: Mutex<Vec<(std::thread::ThreadId, String)>> = Mutex::new(Vec::new());

struct Capture;

impl log::Log for Capture {
    fn enabled(&self, m: &log::Metadata<'_>) -> bool {
        m.level() <= log::Level::Warn
    }
    fn log(&self, r: &log::Record<'_>) {
        if self.enabled(r.metadata()) {
            WARNINGS.lock().unwrap().push((
                std::thread::current().id(),
                format!("{}: {}", r.target(), r.args()),
            ));
        }
    }
    fn flush(&self) {}
}

#[test]
fn resvg_renders_the_example_book_without_warnings() {
    let _ = log::set_logger(&Capture);
    log::set_max_level(log::LevelFilter::Warn);
    let book = example_book();
    let mut count = 0;
    for style in [Style::book(), Style::screen()] {
        for (i, svg) in all_diagrams(&book, &style).iter().enumerate() {
            let tree = kifu_render::png::parse(svg).unwrap_or_else(|e| panic!("diagram {i}: {e}"));
            assert!(tree.size().width() > 0.0);
            let png = kifu_render::png::to_png(svg, 320).unwrap();
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
            let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
            let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
            assert_eq!(width, 320);
            let expected = (tree.size().height() * 320.0 / tree.size().width()).round() as u32;
            assert_eq!(height, expected);
            count += 1;
        }
    }
    assert!(count >= 10, "{count} diagrams");
    let this_thread = std::thread::current().id();
    let warnings: Vec<_> = WARNINGS
        .lock()
        .unwrap()
        .iter()
        .filter(|(thread, _)| *thread == this_thread)
        .map(|(_, warning)| warning.clone())
        .collect();
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// Item 6 of "Hostile and pathological input": U+FFFE in a caption made the
/// SVG invalid XML and the PNG fail. Every character of the SVG is one XML
/// 1.0 allows.
#[test]
fn characters_xml_forbids_never_reach_the_svg() {
    let view = view_of(
        "::dia base=none sz=9 ab=C3 C3=\"\u{FFFF}\" ca=\"Dia. \u{FFFE}1\u{1}\u{B}\u{FFFF}\"",
    );
    let svg = to_svg(&view, &Style::book());
    let xml_char = |c: char| matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..);
    assert!(svg.chars().all(xml_char), "{svg:?}");
    assert!(svg.contains("Dia. \u{FFFD}1"), "{svg}");
    kifu_render::png::parse(&svg).expect("the SVG parses");
    assert!(kifu_render::png::to_png(&svg, 200).is_ok());
}

/// Item 14: a caption of 200,000 words drawn at the largest width asked for
/// 255 GB and aborted. The size is checked first, and refused.
#[test]
fn a_huge_picture_is_an_error_not_an_abort() {
    let words = vec!["word"; 200_000].join(" ");
    let view = view_of(&format!("::dia base=none sz=9 ab=C3 ca=\"{words}\""));
    let svg = to_svg(&view, &Style::book());
    let started = std::time::Instant::now();
    let e = kifu_render::png::to_png(&svg, 16384).expect_err("too large");
    assert!(e.to_string().contains("too large"), "{e}");
    eprintln!("refused in {:?}", started.elapsed());
    // Within the limits, a long caption still draws.
    let few = view_of("::dia base=none sz=9 ab=C3 ca=\"one two three four five six\"");
    assert!(kifu_render::png::to_png(&to_svg(&few, &Style::book()), 2000).is_ok());
}

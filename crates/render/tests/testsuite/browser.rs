//! The book page in a real browser: writes the example book's page and a
//! small problem book's page under `target/browser/`, then runs the Node
//! script `tests/browser/browser-test.mjs` (playwright-core driving Debian's
//! headless Chromium), which replays a figure, switches languages, solves
//! a problem right and wrong, follows the table of contents and writes
//! screenshots (`title.png`, `figure.png`, `problem.png`, `half.png`).
//! Three hostile pages (a book with a hostile value in every attribute of
//! every element kind, the same book as a big book's packed page, and a
//! game with markup in its SGF values) must run no script of theirs
//! (`window.__pwned` stays undefined, even after every link is clicked)
//! while the page's own script works (`hostile.png`). A book of 20,000
//! diagrams opens and works, and its first chapter reads as that chapter's
//! own small page.
//!
//! Without Chromium (`/usr/bin/chromium`, or `KIFU_CHROMIUM`), Node or the
//! script's `node_modules` (`npm ci` in `tests/browser`), the test fails
//! under CI (`CI=true`) and is skipped with a message otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

use kifu_render::html::{HtmlOptions, book_to_html};

const EXAMPLE: &str = include_str!("../../../book/tests/fixtures/example.gobook");

/// Two problems (a whole 9x9 board, a corner of 19x19), two half-width 9x9
/// diagrams and two half-width 19x19 ones.
const PROBLEMS: &str = "::book(#browser-test) title=\"Browser test\" cover=\"cover.png\"



::chapter(#problems)


::h2 Problems

::prb(#p1) sz=9 base=none ab=\"C6 D6 E7\" aw=\"C5 D5\" correct=\"C7D7(Right.)\" wrong=\"D7C7(Wrong way.)\" ca=\"Problem 1\"
#btl#

Play at C7.

::prb(#p2) sz=19 base=none vw=K1T10 ab=\"Q3 R3 S4 S5\" aw=\"Q2 R2 S3 T4\" correct=\"T3\" ca=\"Corner\"
#btk#


::h3 Side by side

::dia width=half align=center sz=9 base=none mv=\"C3 G7 G3\" ca=\"Left\"

::dia width=half align=center sz=9 base=none mv=\"G3 C7 C3 G7\" tr=G3 ca=\"Right\"

Two diagrams next to each other.


::h3 Two whole boards

::dia width=half sz=19 base=none ab=D4 aw=Q16 mv=\"R16 C16\" ca=\"Whole left\"

::dia width=half sz=19 base=none ab=Q4 aw=D16 mv=\"C4 R4\" ca=\"Whole right\"

Side by side when they fit, else one above the other.
";

/// Diagrams in the big book's page (issue 21, item 8: a page of 20,000
/// diagrams took minutes and gigabytes to open).
const BIG: usize = 20_000;

/// A book of `n` diagrams in chapters of 100, in English and German:
/// figures of a game with an inline diagram, a half-width pair, problems
/// with answers, standard texts, language paragraphs and links.
fn big_book(n: usize) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(n * 160);
    s.push_str(
        "::book(#big) title=\"Big\" title_de=\"Groß\"\n\n::chapter(#front)\n\n::h1 #title#\n\n",
    );
    let mut i = 0;
    while i < n {
        if i % 100 == 0 {
            let c = i / 100 + 1;
            let _ = writeln!(
                s,
                "::chapter(#c{c})\n\n::h2_en Chapter {c}\n\n::h2_de Kapitel {c}\n\n\
                 ::p style=bullet 1.\tA point.\n\n::p style=bullet 10.\tAnother point.\n"
            );
        }
        if (i / 5) % 2 == 0 {
            let _ = writeln!(
                s,
                "::go(#g{i}) mv=\"D4 F4 H4 K4 M4 O4 Q4 D16 Q16 K10\"\n\n\
                 ::fig(#d{i}) at=1 to=4 A=D6 ca=\"Figure {i}\"\n\n\
                 ::en Figure {i} in English. #wtp# <dia at=2 mv=O7Q7>If White plays here</dia>.\n\n\
                 ::de Abbildung {i} auf Deutsch. #wtp#\n\n\
                 ::dia(#d{a}) width=half at=5 mv=M6O6Q6 ca=\"Dia. {a}\" vw=K1T10\n\n\
                 ::dia(#d{b}) width=half base=d{a} at=2 mv=O8Q8 ca=\"Dia. {b}\" vw=K1T10\n\n\
                 ::p href=d{a} See Dia. {a}.\n",
                a = i + 1,
                b = i + 2,
            );
            i += 3;
        } else {
            let _ = writeln!(
                s,
                "::prb(#d{i}) sz=9 pl=b ab=C3C4D5 aw=D3D4 correct=\"E4E3F3(#wid#)\" wrong=\"F3E4(#bid#)\" #btk#\n\n\
                 #Answer#: <a href=\"d{i}\">Problem {i}</a>.\n\n\
                 ::dia(#d{a}) base=none ab=C3C4D5 aw=D3D4 pl=w mv=E5 a=E6 vw=A1G8 ca=\"#wtl#\"\n",
                a = i + 1,
            );
            i += 2;
        }
    }
    s
}

/// Issue 21 item 8: the big book's page is a small multiple of its
/// source (it was 7.6 times: every paragraph with a standard text in each
/// language, every diagram's data in full). Bytes, not time.
#[test]
fn the_big_page_is_a_small_multiple_of_its_source() {
    let source = big_book(BIG);
    let parsed = kifu_book::parse(&source);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let html = book_to_html(&parsed.value, &|_| None, &HtmlOptions::default());
    let ratio = html.len() as f64 / source.len() as f64;
    println!(
        "{} bytes for {} of source: {ratio:.2}x",
        html.len(),
        source.len()
    );
    assert!(ratio < 3.0, "{ratio:.2}x");
    // What the reader reads is all there: every diagram, the last
    // chapter's heading in both languages, its paragraphs' own text.
    assert_eq!(html.matches("<figure class=\"dia").count(), 24_000);
    let last = BIG / 100;
    assert!(html.contains(&format!("Chapter {last}</h2>")));
    assert!(html.contains(&format!("Kapitel {last}</h2>")));
    assert!(html.contains(&format!("Figure {} in English.", BIG - 10)));
    assert!(html.contains(&format!("Abbildung {} auf Deutsch.", BIG - 10)));
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"))
}

/// A 1x1 PNG, the problem book's cover.
const PIXEL: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn write_page(dir: &Path, name: &str, source: &str) {
    use base64::Engine as _;
    let parsed = kifu_book::parse(source);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let images = |file: &str| {
        (file == "cover.png").then(|| {
            base64::engine::general_purpose::STANDARD
                .decode(PIXEL)
                .expect("the pixel")
        })
    };
    let html = book_to_html(&parsed.value, &images, &HtmlOptions::default());
    std::fs::write(dir.join(name), html).expect("write the page");
}

/// Values that broke out of their place on the page before: out of an
/// attribute, out of the data `<script>`, into the script-escaped state, a
/// `javascript:` address (plain, with a tab and newline, with `//%0a`).
const HOSTILE: &[&str] = &[
    "x\"><img src=x onerror=\"window.__pwned=1\">",
    "javascript:window.__pwned=2",
    " Java\tScr\nipt:window.__pwned=3",
    "javascript://%0awindow.__pwned=4",
    "</script><script>window.__pwned=5</script>",
    "<!--<script>",
    "x' onmouseover='window.__pwned=6",
];

/// A book with a hostile value in every attribute of every element kind
/// (and in IDs, values, language variants, letters, point texts and inline
/// markup), after a plain figure and problem that show the page's script
/// works. Built with the element API, so the values are exactly these.
fn hostile_book() -> kifu_book::Book {
    use kifu_book::Element;
    use kifu_book::model::{ATTRIBUTES, AttributeRole, attribute_role, kind_of};
    let mut book = kifu_book::Book::new();
    book.push(
        Element::new("book")
            .with_id("hostile")
            .with_attribute("title", "Hostile"),
    );
    book.push(Element::new("chapter").with_id("plain"));
    book.push(
        Element::new("go")
            .with_attribute("sz", "9")
            .with_attribute("mv", "C3 G7 G3"),
    );
    book.push(
        Element::new("fig")
            .with_attribute("at", "1")
            .with_attribute("to", "3"),
    );
    book.push(Element::paragraph("A plain figure."));
    book.push(
        Element::new("prb")
            .with_attribute("sz", "9")
            .with_attribute("base", "none")
            .with_attribute("ab", "C6 D6 E7")
            .with_attribute("aw", "C5 D5")
            .with_attribute("correct", "C7"),
    );
    let kinds = [
        "book", "chapter", "go", "fig", "dia", "var", "prb", "p", "h1", "h2", "h3", "h4", "h5",
        "s1", "s2", "img", "buy",
    ];
    for (n, value) in HOSTILE.iter().enumerate() {
        book.push(Element::new("chapter").with_id(&format!("c{n}")));
        for kind in kinds {
            let k = kind_of(kind);
            // A hostile ID too, but not the hostile value itself, which
            // would make every `href` a link to this element.
            let mut e = Element::new(kind).with_id(&format!("{value} id"));
            for spec in ATTRIBUTES {
                if matches!(attribute_role(k, spec.name), AttributeRole::Known(_)) {
                    e.set_attribute(spec.name, value);
                }
            }
            if kind != "book" && kind != "chapter" {
                for extra in ["ca_de", "title_ja", "A", "B5", "D4", "width", "href"] {
                    e.set_attribute(extra, value);
                }
                e.set_value(&format!(
                    "{value} <a href=\"{v}\">link</a> <img url=\"{v}\" href=\"{v}\"></img> <dia at=1 mv=\"{v}\" ca=\"{v}\">inline</dia> <a href=\"#{v}\">{v}</a>",
                    v = value.replace('"', "&quot;")
                ));
            }
            book.push(e);
        }
        book.push(Element::new(&format!("p_{}", ["de", "ja", "xx"][n % 3])).with_value(value));
    }
    book
}

/// An SGF game whose names, event and comments hold markup.
const HOSTILE_SGF: &[u8] = br#"(;GM[1]FF[4]SZ[9]PW[<a href="javascript:window.__pwned=7">White</a>]PB[x"><img src=x onerror="window.__pwned=8">]EV[</script><script>window.__pwned=9</script>]C[<!--<script>];B[ee]C[<a href="javascript://%0awindow.__pwned=10">move</a> **b** ^Tb]LB[ee:<!--<script>](;W[gc]C[<img url="x" href="javascript:window.__pwned=11"></img>])(;W[cg]))"#;

fn write_hostile_pages(dir: &Path) {
    let html = book_to_html(&hostile_book(), &|_| None, &HtmlOptions::default());
    std::fs::write(dir.join("hostile.html"), html).expect("write the page");
    // The same with 160 more diagrams: a big book's page, whose texts in
    // several languages the script fills in and whose data is packed.
    let mut big = hostile_book();
    for _ in 0..160 {
        big.push(
            kifu_book::Element::new("dia")
                .with_attribute("sz", "9")
                .with_attribute("base", "none")
                .with_attribute("mv", "C3 G7"),
        );
    }
    let html = book_to_html(&big, &|_| None, &HtmlOptions::default());
    assert!(html.contains("<main id=\"kifu-book\" class=\"big\">"));
    std::fs::write(dir.join("hostile-big.html"), html).expect("write the page");
    let c = kifu_sgf::parse(HOSTILE_SGF).value;
    let made = kifu_book::create::book(&c, &kifu_book::create::Options::default());
    // As `kifu render GAME -o PAGE.html` writes it: positions shared.
    let options = HtmlOptions {
        shared_positions: true,
        ..HtmlOptions::default()
    };
    let flow = kifu_render::flow::Flow::new(
        &made.book,
        &|_| None,
        &kifu_render::flow::FlowOptions::default(),
    );
    let html = kifu_render::html::flow_to_html(&flow, &options);
    std::fs::write(dir.join("hostile-game.html"), html).expect("write the page");
}

fn missing(what: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    if ci {
        panic!("browser test cannot run under CI: {what}");
    }
    eprintln!("skipping the browser test: {what} (scripts/test-all installs it)");
}

/// Runs the Node script `tests/browser/SCRIPT` with `args` on Debian's
/// headless Chromium (or `KIFU_CHROMIUM`) and asserts that it succeeds,
/// printing what it says. `false` when Chromium, the script's
/// `node_modules` or Node is not there (`missing` says so, or fails
/// under CI).
pub(crate) fn run_browser_script(script: &str, args: &[&std::ffi::OsStr]) -> bool {
    let chromium = std::env::var_os("KIFU_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    if !chromium.exists() {
        missing(&format!("no Chromium at {}", chromium.display()));
        return false;
    }
    let script_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    if !script_dir.join("node_modules/playwright-core").exists() {
        missing("no node_modules in crates/render/tests/browser (run `npm ci` there)");
        return false;
    }
    let output = match Command::new("node")
        .arg(script)
        .args(args)
        .current_dir(&script_dir)
        .env("KIFU_CHROMIUM", &chromium)
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            missing(&format!("cannot run node: {e}"));
            return false;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(
        output.status.success(),
        "{script} failed:\n{stdout}\n{stderr}"
    );
    true
}

#[test]
fn book_page_in_chromium() {
    let dir = target_dir().join("browser");
    std::fs::create_dir_all(&dir).expect("create target/browser");
    write_page(&dir, "example.html", EXAMPLE);
    write_page(&dir, "problem.html", PROBLEMS);
    write_hostile_pages(&dir);
    write_page(&dir, "big.html", &big_book(BIG));
    // Its first chapter alone: a small page, written in full.
    write_page(&dir, "big-part.html", &big_book(100));

    if !run_browser_script("browser-test.mjs", &[dir.as_os_str()]) {
        return;
    }
    for shot in [
        "title.png",
        "figure.png",
        "problem.png",
        "half.png",
        "hostile.png",
        "big.png",
        "phone-example.png",
        "phone-problem.png",
        "phone-big.png",
    ] {
        assert!(dir.join(shot).exists(), "no screenshot {shot}");
    }
}

#[path = "../../../book/tests/support/describe_reader.rs"]
mod describe_reader;

/// The corpus's whole problem collection (its 140 `ggg-easy` files) made
/// into a book, as `kifu book --problems` does: 1,746 diagrams, problems
/// and answers. `None` where the corpus is not there.
fn corpus_problem_book() -> Option<kifu_book::Book> {
    let corpus = std::env::var_os("KIFU_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        PathBuf::from,
    );
    let folder = corpus.join("sgf/ff4/gpub/epub_problems/problems");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .ok()?
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    let mut collection = Vec::new();
    for file in files {
        collection.extend(std::fs::read(file).ok()?);
        collection.push(b'\n');
    }
    let options = kifu_book::create::Options {
        problems: true,
        ..Default::default()
    };
    Some(kifu_book::create::book(&kifu_sgf::parse(&collection).value, &options).book)
}

/// Issue 38: a big book's page (more than 150 diagrams) leaves the
/// descriptions out and builds each in the browser from the diagram's
/// data (`assets/describe.js`) with the words of `kifu_book::describe`.
/// `tests/browser/describe-test.mjs` opens one from the keyboard and
/// writes every figure's; each must be the description kifu writes in
/// the other outputs, word for word, and rebuild the stones, numbered
/// moves and marks `kifu diagrams` lists (this test's reader, not the
/// describer's code). On the corpus's problem book and a book of figures,
/// inline diagrams, letters and marks in English and German (whose page
/// in German says the descriptions in German).
#[test]
fn big_page_descriptions_rebuild_their_diagrams() {
    let dir = target_dir().join("browser-describe");
    std::fs::create_dir_all(&dir).expect("create target/browser-describe");
    let figures = kifu_book::parse(&big_book(300)).value;
    // Name, book, the language shown first.
    let mut books = vec![
        ("figures", figures.clone(), "en"),
        ("figures-de", figures, "de"),
    ];
    books.extend(corpus_problem_book().map(|b| ("corpus-problems", b, "en")));
    for (name, book, lang) in &books {
        let options = HtmlOptions {
            languages: vec![(*lang).to_owned()],
            ..HtmlOptions::default()
        };
        let html = book_to_html(book, &|_| None, &options);
        std::fs::write(dir.join(format!("{name}.html")), html).expect("write the page");
    }
    let mut args = vec![dir.as_os_str()];
    args.extend(books.iter().map(|(name, ..)| std::ffi::OsStr::new(*name)));
    if !run_browser_script("describe-test.mjs", &args) {
        return;
    }
    for (name, book, lang) in &books {
        let json = std::fs::read(dir.join(format!("{name}.descriptions.json"))).unwrap();
        let built: serde_json::Value = serde_json::from_slice(&json).unwrap();
        let options = kifu_render::flow::FlowOptions {
            preferred: vec![(*lang).to_owned()],
            ..Default::default()
        };
        let flow = kifu_render::flow::Flow::new(book, &|_| None, &options);
        assert_eq!(flow.preferred[0], *lang);
        let listing = kifu_book::listing::to_json(book, &flow.resolution);
        assert!(flow.diagrams.len() > 150, "{name}: a big book");
        for (n, diagram) in flow.diagrams.iter().enumerate() {
            let page = &built[n.to_string()];
            let text = page["text"].as_str().expect("a description");
            let described = kifu_book::describe::describe(flow.item(n), &flow.preferred[0]);
            assert_eq!(text, described.text(), "{name}: diagram {n}");
            assert_eq!(
                page["short"],
                described.short.as_str(),
                "{name}: diagram {n}"
            );
            assert_eq!(page["lang"], *lang, "{name}: diagram {n}");
            // The reader reads English; the German words are the same
            // description, as the text's equality says.
            if *lang != "en" {
                continue;
            }
            assert_eq!(
                describe_reader::rebuild(text),
                describe_reader::listed(&listing[diagram.item]),
                "{name}: diagram {n}:\n{text}"
            );
        }
    }
}

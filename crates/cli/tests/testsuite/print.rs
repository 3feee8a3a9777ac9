//! `kifu render -o X.pdf` and `-o X.typ`: the printed book as poppler reads
//! it (pages, paper size, outline, the text in reading order), its pages
//! drawn by `pdftoppm` with nothing outside the margins, no diagram split
//! across pages, the Typst source compiling without a warning, the corpus
//! books and a game record printing, and the page options.
//!
//! poppler-utils (`pdfinfo`, `pdftotext`, `pdftohtml`, `pdftoppm`) must be
//! there under CI (`CI=true`, `scripts/test-all` installs them); elsewhere
//! the tests that need them say so and pass.

use crate::{kifu, stderr};
use std::path::{Path, PathBuf};
use std::process::Command;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn book() -> String {
    examples().join("example.gobook").display().to_string()
}

/// Whether poppler's tools are there; under CI they must be.
fn poppler() -> bool {
    let there = Command::new("pdftoppm").arg("-v").output().is_ok()
        && Command::new("pdftohtml").arg("-v").output().is_ok();
    if !there {
        assert!(
            std::env::var("CI").is_err(),
            "poppler-utils is missing under CI"
        );
        eprintln!("poppler-utils is missing: skipped");
    }
    there
}

/// Runs a poppler tool; its standard output.
fn tool(name: &str, args: &[&str]) -> String {
    let o = Command::new(name).args(args).output().expect("run poppler");
    assert!(o.status.success(), "{name}: {}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `pdfinfo`'s value of a field.
fn info(pdf: &Path, field: &str) -> String {
    let all = tool("pdfinfo", &[pdf.to_str().unwrap()]);
    all.lines()
        .find_map(|l| l.strip_prefix(&format!("{field}:")))
        .unwrap_or_else(|| panic!("no {field} in {all}"))
        .trim()
        .to_owned()
}

/// The first page's width and height in points, as `pdfinfo` gives them
/// (its versions round them to two or three decimals).
fn page_size(pdf: &Path) -> (f64, f64) {
    let size = info(pdf, "Page size");
    let mut numbers = size
        .split_whitespace()
        .filter_map(|w| w.parse::<f64>().ok());
    let (Some(w), Some(h)) = (numbers.next(), numbers.next()) else {
        panic!("no page size in {size}");
    };
    (w, h)
}

/// The PDF's text, the words joined by single spaces.
fn text(pdf: &Path) -> String {
    let t = tool("pdftotext", &[pdf.to_str().unwrap(), "-"]);
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The titles of the PDF's outline (bookmarks), in order.
fn outline(pdf: &Path) -> Vec<String> {
    let xml = tool(
        "pdftohtml",
        &["-xml", "-stdout", "-i", "-q", pdf.to_str().unwrap()],
    );
    let Some(start) = xml.find("<outline") else {
        return Vec::new();
    };
    xml[start..]
        .split("<item")
        .skip(1)
        .filter_map(|item| {
            let body = item.split_once('>')?.1;
            Some(body.split('<').next()?.trim().to_owned())
        })
        .collect()
}

/// Prints `args` to `name` in `dir`; the PDF's path.
fn print(dir: &Path, input: &str, name: &str, extra: &[&str]) -> PathBuf {
    let mut args = vec!["render", input, "-o", name];
    args.extend_from_slice(extra);
    let o = kifu(&args, dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // No Typst warning, no diagram split across pages.
    assert!(!stderr(&o).contains("typst"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("split"), "{}", stderr(&o));
    dir.join(name)
}

#[test]
fn the_example_book_as_poppler_reads_it() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pdf = print(dir.path(), &book(), "example.pdf", &["--lang", "all"]);
    // A5 in points.
    let size = page_size(&pdf);
    assert!(
        (size.0 - 419.53).abs() < 0.05 && (size.1 - 595.28).abs() < 0.05,
        "{size:?}"
    );
    let pages: usize = info(&pdf, "Pages").parse().unwrap();
    // The title page, the contents, then a page per chapter at least
    // (h2 breaks the page): the front matter, contents and chapter one.
    assert!((5..=12).contains(&pages), "{pages} pages");
    assert_eq!(info(&pdf, "Title"), "Example Title");

    // The outline: the chapters' titles and the section heading under
    // them, in order; the book's own title page (its first chapter shows
    // the title) comes first, then kifu's contents, then the chapters.
    let marks = outline(&pdf);
    assert_eq!(
        marks,
        [
            "Example Title",
            "Contents",
            "Table of Contents",
            "First Chapter",
            "Minor heading"
        ],
        "{marks:?}"
    );

    // Every paragraph's text, in reading order.
    let all = text(&pdf);
    let order = [
        "Example Title",
        "Some Body",
        "Table of Contents",
        "Link to First Chapter",
        "Link to Diagram 2",
        "First Chapter",
        "Dia. 1",
        "Minor heading",
        "Dia. 2",
        "Dia. 3 English",
        "Self-contained diagram",
        "Some centered text with — em dash, bold, italic, bold italic, and italic bold.",
        "Dieser Paragraph wird nur auf Deutsch angezeigt.",
        "This paragraph is only shown when English is selected.",
    ];
    let mut at = 0;
    for t in order {
        let found = all[at..]
            .find(t)
            .unwrap_or_else(|| panic!("{t:?} not after byte {at} of {all}"));
        at += found + t.len();
    }
    // The contents give the chapters' pages.
    assert!(
        all.contains("First Chapter . . .") || all.contains("First Chapter ."),
        "{all}"
    );
}

/// A grey page of `pdftoppm -gray`: width, height, pixels.
fn read_pgm(path: &Path) -> (usize, usize, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap();
    // "P5\nW H\n255\n" then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let (w, h) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[at + 1..].to_vec();
    assert_eq!(pixels.len(), w * h);
    (w, h, pixels)
}

/// The ink of every page lies inside the type area's sides (the running
/// head and page number may use the top and bottom margins, the sides
/// stay clear), on the example book and a book of wide diagrams, long
/// words and a web address.
#[test]
fn nothing_runs_outside_the_margins() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.gobook");
    let mut src = String::from(
        "::book(#w) title=\"Wide\"\n\n::chapter(#c)\n\n::h2 Wide things\n\n::go mv=\"D4 Q16 Q4 D16 R10 C10\"\n\n",
    );
    for i in 0..6 {
        src.push_str(&format!(
            "::fig at=1 to=6 coord=standard width=full ca=\"Full {i}\"\n\nA paragraph with a very long word Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen{i} and <a href=\"https://example.com/a/very/long/address/that/does/not/break/easily/{i}\">a link</a>.\n\n"
        ));
    }
    std::fs::write(&wide, src).unwrap();
    for (input, name) in [
        (book(), "example.pdf"),
        (wide.display().to_string(), "wide.pdf"),
    ] {
        let pdf = print(dir.path(), &input, name, &["--page", "a5"]);
        let prefix = dir.path().join(name.replace(".pdf", "-p"));
        tool(
            "pdftoppm",
            &[
                "-gray",
                "-r",
                "72",
                pdf.to_str().unwrap(),
                prefix.to_str().unwrap(),
            ],
        );
        let mut pages: Vec<PathBuf> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .starts_with(prefix.file_name().unwrap().to_str().unwrap())
            })
            .collect();
        pages.sort();
        assert!(pages.len() >= 3, "{name}: {} pages", pages.len());
        // The default A5 margins (kifu_render::print::Page::default):
        // outside 14.8 mm, inside 19.2 mm; 1 mm of slack for rounding.
        let px = |mm: f64| mm / 25.4 * 72.0;
        for (k, page) in pages.iter().enumerate() {
            let (w, h, pixels) = read_pgm(page);
            let odd = k % 2 == 0;
            let (left, right) = if odd { (19.2, 14.8) } else { (14.8, 19.2) };
            let (lo, hi) = (px(left - 1.0) as usize, w - px(right - 1.0) as usize);
            let edge = px(5.0) as usize;
            let mut inked = 0;
            for y in 0..h {
                for x in 0..w {
                    if pixels[y * w + x] < 160 {
                        inked += 1;
                        assert!(
                            x >= lo && x < hi && y >= edge && y < h - edge,
                            "{name} page {}: ink at ({x}, {y}) outside the type area {lo}..{hi}",
                            k + 1
                        );
                    }
                }
            }
            assert!(inked > 0 || k == 1, "{name} page {} is blank", k + 1);
        }
    }
}

/// The `.typ` source stands alone and compiles without a warning; the
/// page options reach it.
#[test]
fn the_typst_source_compiles_without_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let o = kifu(
        &[
            "render",
            &book(),
            "-o",
            "b.typ",
            "--page",
            "170x240",
            "--margin",
            "15mm",
            "--font-size",
            "11",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let source = std::fs::read_to_string(dir.path().join("b.typ")).unwrap();
    assert!(
        source.contains("#let kifu-page = (width: 170mm, height: 240mm, top: 15mm"),
        "{}",
        &source[..400]
    );
    assert!(source.contains("font-size: 11pt"));
    let typ = kifu_render::print::TypstBook {
        source,
        ..Default::default()
    };
    let pdf = kifu_render::print::typst_to_pdf(&typ).expect("compiles");
    assert!(pdf.warnings.is_empty(), "{:?}", pdf.warnings);
    assert!(pdf.bytes.starts_with(b"%PDF-"));
    assert!(pdf.split_diagrams.is_empty());

    // Options that do not read, or for another output, are usage errors.
    for args in [
        vec!["--page", "huge"],
        vec!["--margin", "80mm"],
        vec!["--font-size", "2"],
    ] {
        let mut all = vec!["render", book_path(), "-o", "x.pdf"];
        all.extend(args.iter().copied());
        let o = kifu(&all, dir.path());
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
    let o = kifu(
        &["render", book_path(), "-o", "x.epub", "--page", "a4"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.path().join("x.pdf").exists());
    assert!(!dir.path().join("x.epub").exists());
}

fn book_path() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(book)
}

/// Every book of the corpus, and a game with its comments, print with no
/// error, no warning and no diagram split across pages.
#[test]
fn corpus_books_and_a_game_print() {
    let dir = tempfile::tempdir().unwrap();
    let game = examples().join("example.sgf").display().to_string();
    let pdf = print(dir.path(), &game, "game.pdf", &[]);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/gobook");
    let Ok(walk) = std::fs::read_dir(&corpus) else {
        eprintln!("no corpus at {}: skipped", corpus.display());
        return;
    };
    let mut books = Vec::new();
    let mut dirs: Vec<PathBuf> = walk.map(|e| e.unwrap().path()).collect();
    while let Some(d) = dirs.pop() {
        if d.is_dir() {
            dirs.extend(std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().path()));
        } else if d.extension().is_some_and(|e| e == "gobook" || e == "gobk") {
            books.push(d);
        }
    }
    assert!(!books.is_empty());
    for (k, b) in books.iter().enumerate() {
        let out = format!("c{k}.pdf");
        let pdf = print(dir.path(), b.to_str().unwrap(), &out, &[]);
        assert!(
            std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"),
            "{}",
            b.display()
        );
    }
}

/// Debian's fonts-noto-cjk, which the test command installs; elsewhere the
/// tests that need it say so and pass.
fn noto_cjk() -> bool {
    let there = Path::new("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc").exists();
    if !there {
        assert!(
            std::env::var("CI").is_err(),
            "fonts-noto-cjk is missing under CI"
        );
        eprintln!("fonts-noto-cjk is missing: skipped");
    }
    there
}

/// The fonts `pdffonts` lists: name, embedded, subset.
fn pdf_fonts(pdf: &Path) -> Vec<(String, bool, bool)> {
    tool("pdffonts", &[pdf.to_str().unwrap()])
        .lines()
        .skip(2)
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            // name, type words..., encoding, emb, sub, uni, object, generation
            let n = words.len();
            (n >= 7).then(|| {
                (
                    words[0].to_owned(),
                    words[n - 5] == "yes",
                    words[n - 4] == "yes",
                )
            })
        })
        .collect()
}

/// The PDF's document language (the catalog's `/Lang`) and every language
/// its structure and page contents mark text with.
fn pdf_languages(pdf: &Path) -> (String, Vec<String>) {
    use std::io::Read as _;
    let bytes = std::fs::read(pdf).unwrap();
    let mut texts = vec![bytes.clone()];
    let mut at = 0;
    while let Some(k) = find(&bytes[at..], b"stream\n") {
        let start = at + k + b"stream\n".len();
        let Some(len) = find(&bytes[start..], b"endstream") else {
            break;
        };
        let mut out = Vec::new();
        if flate2::read::ZlibDecoder::new(&bytes[start..start + len])
            .read_to_end(&mut out)
            .is_ok()
        {
            texts.push(out);
        }
        at = start + len;
    }
    let mut langs: Vec<String> = Vec::new();
    let mut catalog = String::new();
    for t in &texts {
        let t = String::from_utf8_lossy(t);
        for (k, _) in t.match_indices("/Lang") {
            let rest = t[k + 5..].trim_start();
            let Some(value) = rest
                .strip_prefix('(')
                .and_then(|r| r.split_once(')'))
                .map(|(v, _)| v.to_owned())
            else {
                continue;
            };
            let is_catalog = t[..k]
                .rfind("obj")
                .is_some_and(|o| t[o..k].contains("/Type/Catalog"));
            if is_catalog {
                catalog = value;
            } else if !langs.contains(&value) {
                langs.push(value);
            }
        }
    }
    langs.sort();
    (catalog, langs)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A Japanese, a Chinese (simplified and traditional) and a Korean book
/// each print in their own CJK font, embedded as a subset, with no box and
/// no warning; `pdftotext` gives their text back in reading order.
#[test]
fn cjk_books_print_in_their_own_fonts() {
    if !poppler() || !noto_cjk() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let books = [
        (
            "ja",
            "CJKjp",
            [
                "囲碁の本",
                "第一章 布石",
                "黒番の一手目は右上の星です。",
                "第1図 白の打ち込み",
            ],
        ),
        (
            "cn",
            "CJKsc",
            [
                "围棋书",
                "第一章 布局",
                "黑棋第一手下在右上星位。",
                "第1图 白棋打入",
            ],
        ),
        (
            "tw",
            "CJKtc",
            [
                "圍棋書",
                "第一章 佈局",
                "黑棋第一手下在右上星位。",
                "第1圖 白棋打入",
            ],
        ),
        (
            "ko",
            "CJKkr",
            [
                "바둑 책",
                "제1장 포석",
                "흑의 첫 수는 우상귀 화점입니다.",
                "제1도 백의 침입",
            ],
        ),
    ];
    for (code, font, [title, heading, paragraph, caption]) in books {
        let src = dir.path().join(format!("{code}.gobook"));
        std::fs::write(
            &src,
            format!(
                "::book_{code}(#b) title=\"{title}\" author=\"作者\"\n\n::chapter(#c)\n\n::h2 {heading}\n\n\
                 ::go mv=\"D4 Q16 Q4 D16\"\n\n::fig at=1 to=4 ca=\"{caption}\"\n\n::p {paragraph}\n"
            ),
        )
        .unwrap();
        let out = format!("{code}.pdf");
        let o = kifu(&["render", src.to_str().unwrap(), "-o", &out], dir.path());
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(!stderr(&o).contains("warning"), "{code}: {}", stderr(&o));
        let pdf = dir.path().join(&out);
        let fonts = pdf_fonts(&pdf);
        assert!(
            fonts.iter().any(|(name, _, _)| name.contains(font)),
            "{code}: no {font} in {fonts:?}"
        );
        assert!(
            fonts.iter().all(|(_, emb, sub)| *emb && *sub),
            "{code}: a font not embedded as a subset: {fonts:?}"
        );
        // pdftotext puts spaces where the font changes (第 1 図).
        let all: String = text(&pdf).split_whitespace().collect();
        assert!(!all.contains('\u{FFFD}'), "{code}: {all}");
        let mut at = 0;
        let [title, heading, caption, paragraph] =
            [title, heading, caption, paragraph].map(|t| t.replace(' ', ""));
        for t in [title, heading, caption, paragraph] {
            let found = all[at..]
                .find(&t)
                .unwrap_or_else(|| panic!("{code}: {t:?} not after byte {at} of {all}"));
            at += found + t.len();
        }
        let (lang, _) = pdf_languages(&pdf);
        let expected = match code {
            "cn" => "zh-CN",
            "tw" => "zh-TW",
            c => c,
        };
        assert_eq!(lang, expected, "{code}");
    }
}

/// A book in three languages prints its first by default, the PDF's
/// language that one; `--lang all` prints all three, each span marked with
/// its language; `--lang ko` Korean alone.
#[test]
fn a_three_language_book_prints_one_language_by_default() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("three.gobook");
    std::fs::write(
        &src,
        "::book_en_ja_ko(#b) title_en=\"Three\" title_ja=\"三つ\" title_ko=\"셋\"\n\n::chapter(#c)\n\n\
         ::h2_en Chapter one\n\n::h2_ja 第一章\n\n::h2_ko 제1장\n\n::go mv=\"D4 Q16\"\n\n\
         ::fig at=1 to=2 ca_en=\"Figure one\" ca_ja=\"第一図\" ca_ko=\"제1도\"\n\n\
         ::en English text.\n\n::ja 日本語の本文。\n\n::ko 한국어 본문.\n",
    )
    .unwrap();
    let input = src.to_str().unwrap();
    let one = text(&print(dir.path(), input, "one.pdf", &[]));
    assert!(one.contains("Figure one English text."), "{one}");
    for other in ["第一図", "日本語", "제1도", "한국어", " / "] {
        assert!(!one.contains(other), "{other} in {one}");
    }
    assert_eq!(pdf_languages(&dir.path().join("one.pdf")).0, "en");

    let ko = text(&print(dir.path(), input, "ko.pdf", &["--lang", "ko"]));
    assert!(
        ko.contains("한국어 본문") && !ko.contains("English"),
        "{ko}"
    );
    assert_eq!(pdf_languages(&dir.path().join("ko.pdf")).0, "ko");

    if !noto_cjk() {
        return;
    }
    let all = text(&print(dir.path(), input, "all.pdf", &["--lang", "all"]));
    assert!(
        all.contains("Figure one / 第一図 / 제1도 English text. 日本語の本文。 한국어 본문."),
        "{all}"
    );
    let (lang, spans) = pdf_languages(&dir.path().join("all.pdf"));
    assert_eq!(lang, "en");
    assert!(
        spans.contains(&"ja".to_owned()) && spans.contains(&"ko".to_owned()),
        "{spans:?}"
    );
}

/// An author names the text's font: a family of the system, a font file,
/// or a style file's `[fonts]`; a name no font has is a usage error.
#[test]
fn an_author_names_a_font() {
    if !poppler() || !noto_cjk() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("ja.gobook");
    std::fs::write(
        &src,
        "::book_ja(#b) title=\"碁\"\n\n::chapter(#c)\n\n::h2 Kapitel\n\n::p Latin and 日本語.\n",
    )
    .unwrap();
    let input = src.to_str().unwrap();
    let names =
        |pdf: PathBuf| -> Vec<String> { pdf_fonts(&pdf).into_iter().map(|(n, _, _)| n).collect() };
    // By default: Libertinus for Latin, the Japanese serif for the rest.
    let plain = names(print(dir.path(), input, "plain.pdf", &[]));
    assert!(plain.iter().any(|n| n.contains("Libertinus")), "{plain:?}");
    assert!(
        plain.iter().any(|n| n.contains("NotoSerifCJKjp")),
        "{plain:?}"
    );
    // A family: everything in it.
    let named = names(print(
        dir.path(),
        input,
        "named.pdf",
        &["--font", "Noto Sans CJK KR"],
    ));
    assert!(
        named.iter().any(|n| n.contains("NotoSansCJKkr")),
        "{named:?}"
    );
    assert!(
        !named.iter().any(|n| n.contains("LibertinusSerif-Regular")),
        "{named:?}"
    );
    // A file, copied where no system font search finds it.
    std::fs::copy(
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        dir.path().join("mine.ttc"),
    )
    .unwrap();
    let file = names(print(
        dir.path(),
        input,
        "file.pdf",
        &["--font", "mine.ttc"],
    ));
    assert!(file.iter().any(|n| n.contains("NotoSansCJK")), "{file:?}");
    // A style file's `[fonts]`: the Japanese text's own font.
    std::fs::write(
        dir.path().join("style.toml"),
        "[fonts]\nja = \"Noto Sans CJK JP\"\n",
    )
    .unwrap();
    let styled = names(print(
        dir.path(),
        input,
        "styled.pdf",
        &["--style", "style.toml"],
    ));
    assert!(
        styled.iter().any(|n| n.contains("NotoSansCJKjp")),
        "{styled:?}"
    );
    assert!(
        !styled.iter().any(|n| n.contains("NotoSerifCJK")),
        "{styled:?}"
    );
    // No such font.
    let o = kifu(
        &[
            "render",
            input,
            "-o",
            "x.pdf",
            "--font",
            "No Such Font Family",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("No Such Font Family"));
    assert!(!dir.path().join("x.pdf").exists());
}

//! The EPUB package: its structure (mimetype first and stored, the
//! container, a manifest that lists exactly the files there are, the
//! spine), every diagram drawn with its stones and numbers, problems with
//! their answers, every link leading to an ID that exists, the chosen
//! languages, the same bytes every time, and epubcheck's verdict.
//!
//! epubcheck (Debian's package: `/usr/share/java/epubcheck.jar`, or
//! `KIFU_EPUBCHECK`) must be there under CI (`CI=true`); elsewhere its test
//! is skipped with a message when it is not.

#![cfg(feature = "epub")]

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read as _;
use std::path::{Path, PathBuf};

use kifu_render::epub::{EpubMode, EpubOptions, book_to_epub};

const EXAMPLE: &str = include_str!("../../../book/tests/fixtures/example.gobook");

const PROBLEMS: &str = "::book(#problems) title=\"Problems\" author=\"A. Author\"

::chapter(#c1)

::h2 Life and death

::prb(#p1) sz=9 base=none ab=\"C6 D6 E7\" aw=\"C5 D5\" correct=\"C7D7(Right.)\" wrong=\"D7C7(Wrong way.)\" ca=\"Problem 1\"
#btl#

::p hint=1
Think of the eye shape.

::prb(#p2) sz=9 base=none ab=\"E5\" aw=\"D5 F5\" correct=\"E4\" ca=\"Problem 2\"
Black to play.
";

/// The package's files, in zip order: name, bytes, whether stored.
fn entries(epub: &[u8]) -> Vec<(String, Vec<u8>, bool)> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(epub)).expect("a zip");
    (0..zip.len())
        .map(|i| {
            let mut f = zip.by_index(i).expect("entry");
            let mut bytes = Vec::new();
            f.read_to_end(&mut bytes).expect("read");
            let stored = f.compression() == zip::CompressionMethod::Stored;
            (f.name().to_owned(), bytes, stored)
        })
        .collect()
}

fn text_of<'e>(files: &'e [(String, Vec<u8>, bool)], name: &str) -> &'e str {
    let (_, bytes, _) = files
        .iter()
        .find(|(n, _, _)| n == name)
        .unwrap_or_else(|| panic!("no {name}"));
    std::str::from_utf8(bytes).expect("UTF-8")
}

/// Every value of `attr="..."` in `text`.
fn values<'t>(text: &'t str, attr: &str) -> Vec<&'t str> {
    let needle = format!(" {attr}=\"");
    text.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &text[i + needle.len()..];
            &rest[..rest.find('"').expect("closing quote")]
        })
        .collect()
}

fn epub_of(source: &str, options: &EpubOptions) -> Vec<u8> {
    let book = kifu_book::parse(source).value;
    book_to_epub(&book, &|_| None, options).expect("an EPUB")
}

#[test]
fn the_package_has_its_structure() {
    let epub = epub_of(EXAMPLE, &EpubOptions::default());
    let files = entries(&epub);
    assert_eq!(files[0].0, "mimetype");
    assert_eq!(files[0].1, b"application/epub+zip");
    assert!(files[0].2, "mimetype is stored, not compressed");
    assert!(text_of(&files, "META-INF/container.xml").contains("full-path=\"EPUB/package.opf\""));
    let opf = text_of(&files, "EPUB/package.opf");
    // The manifest lists exactly the files of the package.
    let listed: BTreeSet<String> = values(opf, "href")
        .into_iter()
        .map(|h| format!("EPUB/{h}"))
        .collect();
    let present: BTreeSet<String> = files
        .iter()
        .map(|(n, _, _)| n.clone())
        .filter(|n| n.starts_with("EPUB/") && n != "EPUB/package.opf")
        .collect();
    assert_eq!(listed, present);
    // Reading order: the book's own title page (its first chapter), the
    // contents, the other two chapters.
    assert_eq!(values(opf, "idref"), ["s001", "nav", "s002", "s003"]);
    assert!(opf.contains("<dc:title id=\"main-title\">Example Title</dc:title>"));
    assert!(opf.contains("<dc:creator id=\"author\">Some Body</dc:creator>"));
    for lang in ["en", "de", "ja"] {
        assert!(opf.contains(&format!("<dc:language>{lang}</dc:language>")));
    }
    assert!(opf.contains("<meta property=\"dcterms:modified\">2000-01-01T00:00:00Z</meta>"));
    let nav = text_of(&files, "EPUB/nav.xhtml");
    assert!(nav.contains("epub:type=\"toc\""));
    assert!(nav.contains("href=\"s003.xhtml\">First Chapter</a>"));
    assert!(text_of(&files, "EPUB/toc.ncx").contains("<text>First Chapter</text>"));
    // The same bytes every time.
    assert_eq!(epub, epub_of(EXAMPLE, &EpubOptions::default()));
}

#[test]
fn every_diagram_is_drawn_with_its_stones_and_numbers() {
    let files = entries(&epub_of(EXAMPLE, &EpubOptions::default()));
    let chapter = text_of(&files, "EPUB/s003.xhtml");
    let images: Vec<&str> = values(chapter, "src")
        .into_iter()
        .filter(|s| s.starts_with("diagrams/"))
        .collect();
    // Seven diagrams: two figures, four diagrams, one inline diagram.
    assert_eq!(images.len(), 7, "{images:?}");
    let distinct: BTreeSet<&&str> = images.iter().collect();
    assert_eq!(distinct.len(), 7);
    let svg = |name: &str| text_of(&files, &format!("EPUB/{name}")).to_owned();
    // The first figure: moves 1-3 (D4 F4 H4) numbered, and the letter A.
    let first = svg(images[0]);
    let stones =
        first.matches("<use href=\"#b\"").count() + first.matches("<use href=\"#w\"").count();
    assert_eq!(stones, 3);
    for label in [">1</text>", ">2</text>", ">3</text>", ">A</text>"] {
        assert!(first.contains(label), "{label} in the first figure");
    }
    // The second figure shows the first three moves unnumbered and 4-7.
    let fourth = svg(images[2]);
    let stones =
        fourth.matches("<use href=\"#b\"").count() + fourth.matches("<use href=\"#w\"").count();
    assert_eq!(stones, 7);
    assert!(!fourth.contains(">1</text>") && fourth.contains(">7</text>"));
    // Captions are text of the chapter, in each language that differs.
    assert!(chapter.contains("<figcaption>Dia. 1</figcaption>"));
    assert!(chapter.contains(
        ">Dia. 3 English</span> / <span lang=\"ja\" xml:lang=\"ja\">Dia. 3 Japanese</span>"
    ));
}

#[test]
fn every_link_leads_to_an_id_that_exists() {
    for source in [EXAMPLE, PROBLEMS] {
        let files = entries(&epub_of(source, &EpubOptions::default()));
        let ids: BTreeMap<&str, BTreeSet<&str>> = files
            .iter()
            .filter(|(n, _, _)| n.ends_with(".xhtml"))
            .map(|(n, b, _)| {
                let text = std::str::from_utf8(b).unwrap();
                (
                    &n["EPUB/".len()..],
                    values(text, "id").into_iter().collect(),
                )
            })
            .collect();
        let mut checked = 0;
        for (file, _, _) in files.iter().filter(|(n, _, _)| n.ends_with(".xhtml")) {
            let text = text_of(&files, file);
            for href in values(text, "href") {
                if href.starts_with("http") || href == "style.css" {
                    continue;
                }
                let (target, id) = href.split_once('#').unwrap_or((href, ""));
                let target = if target.is_empty() {
                    &file["EPUB/".len()..]
                } else {
                    target
                };
                let known = ids
                    .get(target)
                    .unwrap_or_else(|| panic!("{file}: {href}: no such file"));
                assert!(
                    id.is_empty() || known.contains(id),
                    "{file}: {href}: no such ID"
                );
                checked += 1;
            }
        }
        assert!(checked > 3, "{checked} links checked");
    }
    // The contents chapter's paragraphs link to the chapter and the diagram.
    let files = entries(&epub_of(EXAMPLE, &EpubOptions::default()));
    let contents = text_of(&files, "EPUB/s002.xhtml");
    assert!(contents.contains("href=\"s003.xhtml#ch1\""));
    assert!(contents.contains("href=\"s003.xhtml#dia2\""));
}

#[test]
fn problems_have_their_answers_at_the_end() {
    let files = entries(&epub_of(PROBLEMS, &EpubOptions::default()));
    let opf = text_of(&files, "EPUB/package.opf");
    assert_eq!(values(opf, "idref"), ["title", "nav", "s001", "answers"]);
    let chapter = text_of(&files, "EPUB/s001.xhtml");
    assert!(chapter.contains("href=\"answers.xhtml#answer-0\">Answer</a>"));
    assert!(chapter.contains("href=\"answers.xhtml#answer-1\">Answer</a>"));
    // The hint follows its problem, shown.
    assert!(chapter.contains("<span class=\"hint-word\">Hint:</span> Think of the eye shape."));
    let answers = text_of(&files, "EPUB/answers.xhtml");
    assert!(answers.contains("href=\"s001.xhtml#p1-fig\">Problem 1"));
    assert!(answers.contains("2: Right."));
    // The problem is drawn unnumbered; its answer numbers C7 (1, black) and
    // D7 (2, white).
    let srcs = values(answers, "src");
    assert_eq!(srcs.len(), 2);
    let answer = text_of(&files, &format!("EPUB/{}", srcs[0]));
    assert!(answer.contains(">1</text>") && answer.contains(">2</text>"));
    let problem = text_of(&files, &format!("EPUB/{}", values(chapter, "src")[0]));
    assert!(!problem.contains(">1</text>"));
    assert_eq!(
        answer.matches("<use href=\"#b\"").count(),
        problem.matches("<use href=\"#b\"").count() + 1
    );
}

/// An attribute value as written: its entities read.
fn unescape(value: &str) -> String {
    value
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// A chapter without what the interactive EPUB adds: the script, the
/// style it reads and each figure's data.
fn without_script(chapter: &str) -> String {
    let mut out = chapter.replace(
        "<script type=\"text/javascript\" src=\"kifu.js\"></script>\n",
        "",
    );
    for attr in [" data-kifu-style=\"", " data-kifu=\""] {
        while let Some(start) = out.find(attr) {
            let end = start + attr.len() + out[start + attr.len()..].find('"').unwrap() + 1;
            out.replace_range(start..end, "");
        }
    }
    out
}

#[test]
fn the_interactive_epub_is_the_static_one_with_a_script() {
    let static_options = EpubOptions {
        mode: EpubMode::Static,
        ..EpubOptions::default()
    };
    for source in [EXAMPLE, PROBLEMS] {
        let live = entries(&epub_of(source, &EpubOptions::default()));
        let fixed = entries(&epub_of(source, &static_options));
        let opf = text_of(&live, "EPUB/package.opf");
        assert!(
            opf.contains(
                "<item id=\"js\" href=\"kifu.js\" media-type=\"application/javascript\"/>"
            )
        );
        assert!(!text_of(&fixed, "EPUB/package.opf").contains("kifu.js"));
        assert!(!fixed.iter().any(|(n, _, _)| n.ends_with(".js")));
        for (name, _, _) in fixed.iter().filter(|(n, _, _)| n.ends_with(".xhtml")) {
            let chapter = name.starts_with("EPUB/s");
            let item = format!(
                "href=\"{}\" media-type=\"application/xhtml+xml\"",
                &name[5..]
            );
            // Chapters are scripted, and flagged so; nothing else is.
            assert_eq!(
                opf.contains(&format!("{item} properties=\"scripted\"")),
                chapter,
                "{name}"
            );
            assert_eq!(text_of(&live, name).contains("src=\"kifu.js\""), chapter);
            // Where scripts do not run, the chapter is the static one.
            assert_eq!(
                without_script(text_of(&live, name)),
                text_of(&fixed, name),
                "{name}"
            );
        }
    }
    // A problem carries its sequences (C7 is (2, 2) on 9x9) and the
    // drawing it is played on; a figure its moves.
    let live = entries(&epub_of(PROBLEMS, &EpubOptions::default()));
    let chapter = text_of(&live, "EPUB/s001.xhtml");
    let data: Vec<serde_json::Value> = values(chapter, "data-kifu")
        .into_iter()
        .map(|v| serde_json::from_str(&unescape(v)).expect("JSON"))
        .collect();
    assert_eq!(data.len(), 2);
    let p1 = &data[0];
    assert_eq!(
        p1["problem"]["correct"],
        serde_json::json!([[[2, 2, null], [3, 2, "Right."]]])
    );
    assert_eq!(
        p1["problem"]["wrong"],
        serde_json::json!([[[3, 2, null], [2, 2, "Wrong way."]]])
    );
    assert_eq!(p1["figure"], values(chapter, "src")[0]);
    assert_eq!(p1["stones"].as_array().unwrap().len(), 5);
    // The empty board it draws positions on has the figure's size and no
    // stone.
    let board = text_of(&live, &format!("EPUB/{}", p1["board"].as_str().unwrap()));
    let figure = text_of(&live, &format!("EPUB/{}", p1["figure"].as_str().unwrap()));
    assert!(!board.contains("<use "));
    assert_eq!(
        board[..board.find('>').unwrap()],
        figure[..figure.find('>').unwrap()]
    );
    let files = entries(&epub_of(EXAMPLE, &EpubOptions::default()));
    let chapter = text_of(&files, "EPUB/s003.xhtml");
    let first: serde_json::Value =
        serde_json::from_str(&unescape(values(chapter, "data-kifu")[0])).unwrap();
    // The first figure: D4 F4 H4, numbered 1-3, black first.
    assert_eq!(
        first["moves"],
        serde_json::json!([[0, 3, 15, 1, []], [1, 5, 15, 2, []], [0, 7, 15, 3, []]])
    );
}

#[test]
fn a_chosen_language_is_the_only_one() {
    let options = EpubOptions {
        languages: vec!["de".to_owned()],
        ..EpubOptions::default()
    };
    let files = entries(&epub_of(EXAMPLE, &options));
    let opf = text_of(&files, "EPUB/package.opf");
    assert!(opf.contains("<dc:language>de</dc:language>"));
    assert!(!opf.contains("<dc:language>en</dc:language>"));
    let chapter = text_of(&files, "EPUB/s003.xhtml");
    assert!(chapter.contains("Dieser Paragraph"));
    assert!(!chapter.contains("only shown when English"));
    assert!(chapter.contains("Züge 1–3") && !chapter.contains("Moves 1–3"));
}

fn epubcheck() -> Option<Vec<String>> {
    let jar = std::env::var_os("KIFU_EPUBCHECK")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/java/epubcheck.jar"));
    if jar.exists()
        && std::process::Command::new("java")
            .arg("-version")
            .output()
            .is_ok()
    {
        return Some(vec![
            "java".into(),
            "-jar".into(),
            jar.to_string_lossy().into_owned(),
        ]);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "epubcheck is missing (Debian's epubcheck package, or KIFU_EPUBCHECK)"
    );
    None
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"))
}

/// A book of `n` diagrams in ten chapters, with problems and links.
fn big_book(n: usize) -> String {
    let mut s = String::from("::book(#big) title=\"Big\" author=\"Generated\"\n\n");
    for k in 0..n {
        if k % (n / 10).max(1) == 0 {
            s.push_str(&format!("::chapter(#c{k})\n\n::h2 Chapter {k}\n\n::go(#g{k}) mv=\"D4 Q16 C3 D3 C4 E4 Q3 R5\"\n\n"));
        }
        match k % 3 {
            0 => s.push_str(&format!("::fig at={} to={}\n\nSee <a href=\"#c0\">the start</a>.\n\n", k % 8 + 1, k % 8 + 1)),
            1 => s.push_str(&format!("::dia at=2 mv=\"F3 F4\" ca=\"Dia. {k}\" width=half\n\n")),
            _ => s.push_str(&format!("::prb sz=9 base=none ab=\"C6 D6 E7\" aw=\"C5 D5\" correct=\"C7D7(Right.)\" ca=\"Problem {k}\"\n#btl#\n\n::p hint=1\nLook at the **eye** shape.\n\n::p style=bullet\n•\tA bullet ^Tb.\n\n::p style=normal box=1\nA box.\n\n")),
        }
    }
    s
}

#[test]
fn epubcheck_finds_nothing() {
    let Some(command) = epubcheck() else {
        eprintln!("skipped: epubcheck is missing");
        return;
    };
    let dir = target_dir().join("epub");
    std::fs::create_dir_all(&dir).unwrap();
    // epubcheck takes seconds a book (a JVM each): the example, and a big
    // book with every kind of block; scripts/epubcheck-corpus checks the
    // corpus.
    let books = [
        ("example".to_owned(), EXAMPLE.to_owned()),
        ("big".to_owned(), big_book(300)),
    ];
    for ((name, source), mode) in books
        .iter()
        .flat_map(|b| [(b, EpubMode::Interactive), (b, EpubMode::Static)])
    {
        let path = dir.join(format!("{name}-{mode:?}.epub"));
        let options = EpubOptions {
            mode,
            ..EpubOptions::default()
        };
        std::fs::write(&path, epub_of(source, &options)).unwrap();
        let out = std::process::Command::new(&command[0])
            .args(&command[1..])
            .arg(&path)
            .output()
            .expect("epubcheck runs");
        let report = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && report.contains("No errors or warnings detected"),
            "{name} ({mode:?}): {report}"
        );
    }
}

/// A book whose first chapter is its title page gets no second one from
/// kifu: its title is said once, links to the title lead to that chapter;
/// a book without one gets kifu's.
#[test]
fn one_title_page() {
    let files = entries(&epub_of(EXAMPLE, &EpubOptions::default()));
    assert!(!files.iter().any(|(n, _, _)| n == "EPUB/title.xhtml"));
    let with_title: Vec<&str> = files
        .iter()
        .filter(|(n, _, _)| n.ends_with(".xhtml") && n != "EPUB/nav.xhtml")
        .filter(|(_, b, _)| {
            let body = String::from_utf8_lossy(b);
            let body = &body[body.find("<body").unwrap_or(0)..];
            body.contains(">Example Title<")
        })
        .map(|(n, _, _)| n.as_str())
        .collect();
    assert_eq!(with_title, ["EPUB/s001.xhtml"]);
    let nav = text_of(&files, "EPUB/nav.xhtml");
    assert!(
        nav.contains("epub:type=\"titlepage\" href=\"s001.xhtml\""),
        "{nav}"
    );

    let files = entries(&epub_of(PROBLEMS, &EpubOptions::default()));
    let title = text_of(&files, "EPUB/title.xhtml");
    assert!(title.contains("<h1 class=\"book-title\">Problems</h1>"));
    let opf = text_of(&files, "EPUB/package.opf");
    assert_eq!(values(opf, "idref")[..2], ["title", "nav"]);
}

/// The style's colours, font and board reach every drawing of both kinds
/// of EPUB and the script's style, as they reach the page's and the
/// print's.
#[test]
fn the_style_reaches_every_drawing() {
    let style = kifu_render::style::Style::from_toml(
        "board = \"#dcb35c\"\nblack = \"#202080\"\nfont_family = \"Noto Sans\"",
    )
    .unwrap();
    for mode in [EpubMode::Static, EpubMode::Interactive] {
        let options = EpubOptions {
            style: style.clone(),
            mode,
            ..EpubOptions::default()
        };
        let files = entries(&epub_of(PROBLEMS, &options));
        let drawings: Vec<&(String, Vec<u8>, bool)> = files
            .iter()
            .filter(|(n, _, _)| n.starts_with("EPUB/diagrams/"))
            .collect();
        assert!(drawings.len() >= 3, "{mode:?}");
        for (name, bytes, _) in drawings {
            let svg = String::from_utf8_lossy(bytes);
            assert!(svg.contains("#dcb35c"), "{mode:?} {name}: no board colour");
        }
        let chapter = text_of(&files, "EPUB/s001.xhtml");
        assert!(chapter.contains("Noto Sans") || mode == EpubMode::Static);
        let black = files
            .iter()
            .filter(|(n, _, _)| n.starts_with("EPUB/diagrams/d"))
            .any(|(_, b, _)| String::from_utf8_lossy(b).contains("#202080"));
        assert!(black, "{mode:?}: no black stone in the style's colour");
    }
}

/// Standard texts (`#wid#`, `#btl#`...) are read in the e-book's language
/// everywhere: chapters, the script's data, answers, drawings, the
/// package's documents; in both kinds and in languages kifu has texts for
/// and those it shows in English. The script's own words exist in the
/// CJK languages.
#[test]
fn no_standard_text_code_anywhere() {
    let codes = ["#wid#", "#btl#", "#ko#", "#wtl#", "#bid#", "#wtk#"];
    for lang in ["en", "de", "ja", "ko", "cn", "tw"] {
        let book = format!(
            "::book_{lang}(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 P\n\n\
             ::prb sz=9 base=none ab=D1D2E3 aw=E2F2 pl=b ca=\"#btl#\" correct=\"E1(#wid#);F1G1(#btl#)\" wrong=\"D3(#ko#)\" #wtl#\n\n\
             ::p See <dia sz=9 ab=D1 pl=w ca=\"#wtk#\">this</dia>: #bid#\n"
        );
        for mode in [EpubMode::Static, EpubMode::Interactive] {
            let options = EpubOptions {
                mode,
                ..EpubOptions::default()
            };
            for (name, bytes, _) in entries(&epub_of(&book, &options)) {
                let text = String::from_utf8_lossy(&bytes);
                for code in codes {
                    assert!(!text.contains(code), "{lang} {mode:?}: {code} in {name}");
                }
            }
        }
    }
    let files = entries(&epub_of(PROBLEMS, &EpubOptions::default()));
    let script = text_of(&files, "EPUB/kifu.js");
    for words in ["정답!", "正确！", "正確！", "正解！"] {
        assert!(script.contains(words), "{words}");
    }
}

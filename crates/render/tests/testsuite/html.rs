//! The book-to-HTML page: the example book renders with its table of
//! contents, every diagram's data and both languages' paragraphs, fetches
//! nothing from outside, and renders the same bytes every time.

use kifu_render::html::{HtmlOptions, book_to_html};

const EXAMPLE: &str = include_str!("../../../book/tests/fixtures/example.gobook");

fn example() -> kifu_book::Book {
    kifu_book::parse(EXAMPLE).value
}

fn render(book: &kifu_book::Book) -> String {
    book_to_html(book, &|_| None, &HtmlOptions::default())
}

/// The JSON data embedded in the page.
fn data(html: &str) -> serde_json::Value {
    let start = html.find("id=\"kifu-data\">").expect("data script") + "id=\"kifu-data\">".len();
    let end = start + html[start..].find("</script>").expect("end of data");
    serde_json::from_str(&html[start..end].replace("<\\/", "</")).expect("valid JSON")
}

#[test]
fn example_renders_a_whole_page() {
    let html = render(&example());
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.ends_with("</html>\n"));
    assert!(html.contains("<title>Example Title</title>"));
    // The book's first chapter is its title page (`::h1 #title#`, `::s1
    // #author#`): the page does not say the title and author twice.
    assert!(html.contains("<h1 class=\"text\""));
    assert_eq!(html.matches(">Example Title</h1>").count(), 1, "{html}");
    assert_eq!(html.matches(">Some Body<").count(), 1);
    assert!(!html.contains("class=\"book-title\"") && !html.contains("class=\"book-author\""));
    // The anchor a link to the book leads to stays, without the blank
    // space of a title page.
    assert!(html.contains("<section class=\"title-page bare\" id=\"kifu-title\">\n</section>"));
}

/// Issue 21 item 10: a title page is made for a book without one of its
/// own, and only for that; a paragraph saying the title itself counts as
/// the book's own, one after the first chapter does not.
#[test]
fn a_title_page_only_when_the_book_has_none() {
    let made = |source: &str| {
        let html = render(&kifu_book::parse(source).value);
        html.contains("<h1 class=\"book-title\">Book</h1>")
            && html.contains("<p class=\"book-author\">An Author</p>")
    };
    let head = "::book(#b) title=\"Book\" author=\"An Author\"\n\n";
    assert!(made(&format!("{head}::chapter(#c)\n\n::h2 One\n\nText.")));
    assert!(!made(&format!(
        "{head}::chapter\n\n::h1 #title#\n\n::chapter(#c)\n\nText."
    )));
    assert!(!made(&format!(
        "{head}::chapter\n\n::h1 Book\n\n::chapter(#c)\n\nText."
    )));
    assert!(made(&format!(
        "{head}::chapter(#a)\n\nText.\n\n::chapter(#c)\n\n::h1 #title#"
    )));
}

/// Issue 21 item 10: `^Tb`, `^Sw`, `^Ob` are stones with their mark, drawn
/// (no font has them); a mark alone stays a character.
#[test]
fn marked_stones_in_the_text_are_drawn() {
    let html = render(&kifu_book::parse("::chapter(#c)\n\nSee ^Tb and ^Sw, ^Ob, ^T.").value);
    let stone = |sym: &str| {
        let start = html
            .find(&format!("data-sym=\"{sym}\""))
            .unwrap_or_else(|| panic!("{sym} in {html}"));
        &html[start..start + html[start..].find("</span>").unwrap()]
    };
    // A black stone with a white triangle.
    let tb = stone("Tb");
    assert!(
        tb.contains("<svg") && tb.contains("fill=\"#141414\""),
        "{tb}"
    );
    assert!(
        tb.contains("stroke=\"#fff\"") && tb.contains("<polygon"),
        "{tb}"
    );
    assert!(tb.contains("aria-label=\"▲\""), "{tb}");
    // A white stone with a black square.
    let sw = stone("Sw");
    assert!(
        sw.contains("fill=\"#fbfbf8\"") && sw.contains("stroke=\"#000\""),
        "{sw}"
    );
    assert!(sw.contains("<rect"), "{sw}");
    // A plain black stone: no mark.
    let ob = stone("Ob");
    assert!(
        ob.contains("<circle") && !ob.contains("<polygon") && !ob.contains("<rect"),
        "{ob}"
    );
    // A triangle alone is the character.
    assert!(html.contains("data-sym=\"T\">△</span>"), "{html}");
}

#[test]
fn table_of_contents_links_to_every_chapter() {
    let html = render(&example());
    let toc_start = html.find("id=\"kifu-toc\"").unwrap();
    let toc = &html[toc_start..toc_start + html[toc_start..].find("</nav>").unwrap()];
    assert!(
        toc.contains("<a href=\"#contents\">Table of Contents</a>"),
        "{toc}"
    );
    assert!(toc.contains("<a href=\"#ch1\">First Chapter</a>"), "{toc}");
    assert!(toc.contains("<a href=\"#e1\">Example Title</a>"), "{toc}");
    // The targets exist.
    for id in ["contents", "ch1", "e1"] {
        assert!(
            html.contains(&format!("<section class=\"chapter\" id=\"{id}\"")),
            "{id}"
        );
    }
    // The book's own contents chapter links to the chapter and to Dia. 2.
    assert!(html.contains("<a href=\"#ch1\">Link to First Chapter</a>"));
    assert!(html.contains("<a href=\"#dia2\">Link to Diagram 2</a>"));
    assert!(html.contains("id=\"dia2\""));
}

#[test]
fn every_diagram_has_its_data() {
    let book = example();
    let html = render(&book);
    let data = data(&html);
    let diagrams = data["diagrams"].as_array().unwrap();
    // 2 figures, 4 diagrams and 1 inline diagram.
    assert_eq!(diagrams.len(), 7);
    for n in 0..diagrams.len() {
        assert!(html.contains(&format!("data-dia=\"{n}\"")), "figure {n}");
    }
    // The first figure: moves 1-3 of the game, with the letter A at D6.
    let fig = &diagrams[0];
    assert_eq!(fig["kind"], "fig");
    assert_eq!(fig["size"], serde_json::json!([19, 19]));
    assert_eq!(fig["moves"].as_array().unwrap().len(), 3);
    assert_eq!(fig["moves"][0], serde_json::json!([0, 3, 15, 1, []]));
    assert_eq!(fig["letters"], serde_json::json!([[3, 13, "A"]]));
    // Dia. 2 has a partial view and its caption.
    assert_eq!(diagrams[3]["view"], serde_json::json!([0, 9, 18, 18]));
    assert!(html.contains("<figcaption>Dia. 2</figcaption>"));
    // The self-contained diagram starts from its own stones, White to play.
    let last = &diagrams[6];
    assert_eq!(last["start"].as_array().unwrap().len(), 5);
    assert_eq!(last["toPlay"], 1);
    // The inline diagram is hidden until its text is tapped.
    assert!(html.contains(
        "class=\"inline-dia\" role=\"button\" data-open=\"kifu-dia-4\">When you tap here"
    ));
    assert!(html.contains(
        "id=\"kifu-dia-4\" data-dia=\"4\" tabindex=\"0\" aria-label=\"Diagram, moves 1 to 2 played on 3 black stones and 2 white stones.\" aria-details=\"kifu-desc-4\" hidden>"
    ));
    // Captions by language: Dia. 3 differs between English and Japanese;
    // German reads the English caption, written once for both.
    assert!(html.contains("<span class=\"v\" data-v=\"de en\">Dia. 3 English</span>"));
    assert_eq!(html.matches(">Dia. 3 English<").count(), 1);
    assert!(html.contains("<span class=\"v\" data-v=\"ja\">Dia. 3 Japanese</span>"));
    // The first figure lists its moves in the caption.
    assert!(html.contains("<span class=\"v\" data-v=\"en ja\">Moves 1–3</span>"));
    assert!(html.contains("<span class=\"v\" data-v=\"de\">Züge 1–3</span>"));
}

#[test]
fn both_languages_paragraphs_and_links() {
    let html = render(&example());
    assert!(html.contains("data-langs=\"de\""));
    assert!(html.contains("Dieser Paragraph wird nur auf Deutsch angezeigt."));
    assert!(html.contains("data-langs=\"en\""));
    assert!(html.contains("This paragraph is only shown when English is selected."));
    assert!(html.contains("data-lang-link=\"de\">Tap here to switch to German.</a>"));
    assert!(html.contains("data-lang-link=\"en\">Tap here to switch back to English.</a>"));
    // The language choices, English selected.
    assert!(html.contains("<input type=\"checkbox\" data-lang=\"en\" checked> English"));
    assert!(html.contains("<input type=\"checkbox\" data-lang=\"de\"> German"));
    // Rich text with typography.
    assert!(html.contains("Some centered text with — em dash, <strong>bold</strong>, <em>italic</em>, <strong><em>bold italic</em></strong>"));
    assert!(html.contains("text-align:center"));
    // Line breaks kept.
    assert!(html.contains("Line breaks matter:<br>This is one line.<br>This is another line."));
}

#[test]
fn options_choose_the_languages_shown_first() {
    let options = HtmlOptions {
        languages: vec!["de".into()],
        title: Some("Mein Buch".into()),
        ..HtmlOptions::default()
    };
    let html = book_to_html(&example(), &|_| None, &options);
    assert!(html.contains("<html lang=\"de\">"));
    assert!(html.contains("<title>Mein Buch</title>"));
    assert!(html.contains("<input type=\"checkbox\" data-lang=\"de\" checked> German"));
}

#[test]
fn nothing_is_fetched_from_outside() {
    let html = render(&example());
    for bad in [
        "src=\"http",
        "src='http",
        "<link",
        "@import",
        "url(http",
        "src=\"//",
    ] {
        assert!(!html.contains(bad), "{bad}");
    }
    // The web image of the example becomes a link.
    assert!(
        html.contains("class=\"web-image\" href=\"http://www.smartgo.com/img/books_ipad.png\"")
    );
    // Every <script> is inline.
    assert_eq!(
        html.matches("<script").count(),
        html.matches("<script>").count() + 1
    );
}

#[test]
fn images_are_embedded() {
    let book = kifu_book::parse(
        "::book(#b) title=T\n\n::chapter(#c)\n\n::img url=\"pic.png\" scale=0.5 ca=\"A picture\"\n\n::img\n\n::p style=bullet <img url=\"dot.gif\"></img>\tBullet text.",
    )
    .value;
    let images = |name: &str| match name {
        "pic.png" => Some(vec![137, 80, 78, 71]),
        "b_cover.jpg" => Some(vec![0xff, 0xd8]),
        "dot.gif" => Some(b"GIF89a".to_vec()),
        _ => None,
    };
    let html = book_to_html(&book, &images, &HtmlOptions::default());
    assert!(html.contains("src=\"data:image/png;base64,iVBORw==\""));
    assert!(
        html.contains("class=\"cover\" alt=\"b_cover.jpg\" src=\"data:image/jpeg;base64,/9g=\"")
    );
    assert!(
        html.contains("<img class=\"image border shadow\" data-scale=\"1\" alt=\"b_cover.jpg\"")
    );
    assert!(html.contains("<figcaption>A picture</figcaption>"));
    assert!(html.contains("<span class=\"bullet\"><img class=\"inline-img\" alt=\"\" src=\"data:image/gif;base64,R0lGODlh\"></span>Bullet text."));
}

#[test]
fn paragraph_styles_and_headings() {
    let book = kifu_book::parse(
        "::chapter(#c)\n\n::h2 Title\n\n::p style=block Block.\n\n::p hint=1 A hint.\n\n::p box=1 In a box.\n\n::p box=1 Same box.\n\n::p style=text First.\n\nSecond.\n\n::h3 Section\n\nAfter.",
    )
    .value;
    let html = render(&book);
    // The first paragraph after a heading is not indented in the text style.
    assert!(html.contains("st-text\" id=\"e9\" style=\"margin-top:0em;margin-bottom:0em\"><p class=\"text\">After.</p>"));
    assert!(html.contains(
        "<h2 class=\"text\" style=\"font-size:1.3em;text-align:center;font-weight:bold\">Title</h2>"
    ));
    assert!(html.contains("margin-left:2em;margin-right:2em\">Block.</p>"));
    assert!(html.contains("<details class=\"hint\"><summary>Hint</summary>"));
    assert_eq!(html.matches("<div class=\"group box\">").count(), 1);
    assert!(html.contains("st-text\" id=\"e7\" style=\"margin-top:0em;margin-bottom:0em\"><p class=\"text\" style=\"text-indent:1em\">Second.</p>"));
    assert!(
        html.contains(
            "<h3 class=\"text\" style=\"font-size:1.05em;font-weight:bold\">Section</h3>"
        )
    );
}

#[test]
fn problems_carry_their_answers() {
    let book = kifu_book::parse(
        "::chapter(#p)\n\n::prb sz=9 base=none ab=C3 aw=D4 correct=\"C7D7(Right.)\" wrong=\"D7C7(Wrong way.)\"\n#btl#",
    )
    .value;
    let html = render(&book);
    let data = data(&html);
    let p = &data["diagrams"][0]["problem"];
    assert_eq!(
        p["correct"],
        serde_json::json!([[[2, 2, null], [3, 2, "Right."]]])
    );
    assert_eq!(
        p["wrong"],
        serde_json::json!([[[3, 2, null], [2, 2, "Wrong way."]]])
    );
    assert!(html.contains("<div class=\"prb-text\">"));
    assert!(html.contains("Black to live."));
    assert!(html.contains("<figcaption>Black to play.</figcaption>"));
}

#[test]
fn output_is_deterministic() {
    let a = render(&example());
    let b = render(&example());
    assert_eq!(a, b);
    let c = render(&kifu_book::parse(EXAMPLE).value);
    assert_eq!(a, c);
}

#[test]
fn coordinates_and_standard_texts_follow_the_diagram_and_language() {
    let book = kifu_book::parse(
        "::chapter(#c)\n\n::go mv=\"D4 F4 H4\"\n\n::fig at=1 to=3 A=D6\n\nInvade at D6, not at F4 or Q3. \"Quoted\"\n\n::prb base=none sz=9 ab=C3 correct=D4\n\n#btp#\n\n::de #btp#\n\n::en #btp#",
    )
    .value;
    let html = book_to_html(
        &book,
        &|_| None,
        &HtmlOptions {
            languages: vec!["de".into()],
            ..HtmlOptions::default()
        },
    );
    // D6 is the letter A, F4 the move 2; Q3 shows nothing and stays.
    assert!(html.contains("Invade at A, not at 2 or Q3."), "{html}");
    // Typography by language for a neutral paragraph: both variants.
    assert!(
        html.contains(
            "<span class=\"v\" data-v=\"de\">Invade at A, not at 2 or Q3. „Quoted“</span>"
        )
    );
    assert!(
        html.contains(
            "<span class=\"v\" data-v=\"en\">Invade at A, not at 2 or Q3. “Quoted”</span>"
        )
    );
    // A neutral standard text in each language, a German one in German.
    assert!(html.contains("<span class=\"v\" data-v=\"en\">Black to play.</span>"));
    assert!(html.contains("data-langs=\"de\" style=\"margin-top:0.8em;margin-bottom:0em\"><p class=\"text\">Schwarz ist am Zug.</p>"), "{html}");
}

#[test]
fn gaps_line_under_the_caption() {
    let book = kifu_book::parse(
        "::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1 tenuki\" ca=\"Ko\"\n\n::dia base=none sz=5 mv=\"A1 B1 C3 A2 C4 A1\" gaps=none",
    )
    .value;
    let html = render(&book);
    assert!(
        html.contains(
            "<figcaption>Ko<br><span class=\"gaps\">6 at 1, 7: elsewhere</span></figcaption>"
        ),
        "{html}"
    );
    assert_eq!(html.matches("class=\"gaps\"").count(), 1);
}

#[test]
fn links_lead_to_shown_elements() {
    let book = kifu_book::parse(
        "::book(#b) title=T\n\n::chapter(#c)\n\n::go(#game) mv=D4\n\n::fig(#f) at=1 to=1\n\n<a href=\"game\">game</a> <a href=\"b\">book</a> <a href=\"nowhere\">gone</a> <a href=\"https://example.com/x\">web</a>",
    )
    .value;
    let html = render(&book);
    assert!(html.contains("<a href=\"#f\">game</a>"), "{html}");
    assert!(html.contains("<a href=\"#kifu-title\">book</a>"));
    assert!(html.contains("<a class=\"missing-link\" title=\"missing: nowhere\">gone</a>"));
    assert!(
        html.contains(
            "<a href=\"https://example.com/x\" class=\"web-link\" rel=\"noopener\">web</a>"
        )
    );
}

#[test]
fn diagrams_carry_the_labels_of_their_coordinate_system() {
    let book =
        kifu_book::parse("::dia base=none sz=9 coord=j1 ab=E5\n\n::dia base=none sz=9 ab=E5").value;
    let html = kifu_render::html::book_to_html(&book, &|_| None, &Default::default());
    // j1: Arabic numerals for columns, kanji for rows; standard otherwise.
    assert!(
        html.contains(r#"["一","二","三","四","五","六","七","八","九"]"#),
        "j1 rows"
    );
    assert!(
        html.contains(r#"["A","B","C","D","E","F","G","H","J"]"#),
        "standard columns"
    );
}

/// Every tag of the page outside its two `<script>` elements, as (name,
/// attributes); panics on an attribute that is not `name` or `name="..."`
/// (what an unescaped quote in a value leaves).
fn tags(html: &str) -> Vec<(String, Vec<(String, String)>)> {
    let body_end = html
        .find("<script type=\"application/json\"")
        .expect("data script");
    let mut rest = &html[..body_end];
    let mut out = Vec::new();
    while let Some(start) = rest.find('<') {
        let end = start + rest[start..].find('>').expect("tag end");
        let inner = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if inner.starts_with('/') || inner.starts_with('!') {
            continue;
        }
        let (name, mut attrs) = inner.split_once(' ').unwrap_or((inner, ""));
        let mut list = Vec::new();
        loop {
            attrs = attrs.trim_start();
            if attrs.is_empty() {
                break;
            }
            let n_end = attrs.find(['=', ' ']).unwrap_or(attrs.len());
            let n = &attrs[..n_end];
            assert!(
                !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "malformed attribute {n:?} in <{inner}>"
            );
            attrs = &attrs[n_end..];
            let value = if let Some(v) = attrs.strip_prefix("=\"") {
                let v_end = v.find('"').expect("closing quote");
                attrs = &v[v_end + 1..];
                &v[..v_end]
            } else {
                assert!(!attrs.starts_with('='), "unquoted value in <{inner}>");
                ""
            };
            list.push((n.to_owned(), value.to_owned()));
        }
        out.push((name.to_owned(), list));
    }
    out
}

/// The page's markup has no tags or attributes that a book value made: no
/// event handler, no element kifu does not write, every link to the page
/// itself or to http(s)/mailto.
fn assert_markup_safe(html: &str) {
    const KIFU_TAGS: &[&str] = &[
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "header",
        "a",
        "span",
        "label",
        "input",
        "main",
        "section",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "p",
        "img",
        "nav",
        "ol",
        "ul",
        "li",
        "div",
        "figure",
        "figcaption",
        "br",
        "strong",
        "em",
        "u",
        "details",
        "summary",
    ];
    for (name, attrs) in tags(html) {
        assert!(KIFU_TAGS.contains(&name.as_str()), "<{name}> {attrs:?}");
        for (n, v) in &attrs {
            assert!(!n.starts_with("on"), "<{name} {n}={v:?}>");
            if n == "href" {
                let v = v.to_ascii_lowercase();
                assert!(
                    v.starts_with('#')
                        || v.starts_with("http://")
                        || v.starts_with("https://")
                        || v.starts_with("mailto:"),
                    "<{name} href={v:?}>"
                );
            }
            if n == "src" {
                assert!(v.starts_with("data:image/"), "<{name} src={v:?}>");
            }
        }
        if name == "img" {
            assert!(attrs.iter().any(|(n, _)| n == "class"), "{attrs:?}");
        }
    }
    assert_eq!(
        html.matches("<script").count(),
        2,
        "only kifu's two scripts"
    );
}

#[test]
fn the_example_page_passes_the_markup_check() {
    assert_markup_safe(&render(&example()));
}

/// Item 4 of "Hostile and pathological input": a `break` value went
/// unescaped into `class="..."` and ran script when the page opened.
#[test]
fn a_hostile_break_value_stays_out_of_the_markup() {
    let book = kifu_book::parse(
        "::p break=\"x\\\"><img src=x onerror=alert(1)><div class=\\\"\" Hi.\n\n::dia sz=9 base=none break=\"x\\\"><img src=x onerror=alert(1)>\" ab=E5",
    )
    .value;
    let html = render(&book);
    assert_markup_safe(&html);
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(!html.contains("break-x"), "no class made of the value");
    assert!(
        html.contains("<div class=\"el para p\" id=\"e0\""),
        "{html}"
    );
}

/// Item 5: `javascript:` links in book links were live.
#[test]
fn javascript_links_are_text() {
    let book = kifu_book::parse(
        "::chapter(#c)\n\n::p href=\"javascript:alert(2)\" Para link.\n\n<a href=\"javascript://%0aalert(3)\">Inline</a> <a href=\" JaVa\tScRiPt:alert(4)\">Tabbed</a> <a href=\"data:text/html,x\">Data</a> <img url=\"x.png\" href=\"vbscript:x\"></img> <a href=\"mailto:a@b.c\">Mail</a> <a href=\"HTTPS://x.org\">Web</a>\n\n::img url=\"javascript://%0aalert(5)\" href=\"javascript:alert(6)\"\n\n::dia sz=9 base=none href=\"javascript:alert(7)\"",
    )
    .value;
    let html = render(&book);
    assert_markup_safe(&html);
    assert!(
        !html.to_ascii_lowercase().contains("href=\"javascript"),
        "{html}"
    );
    assert!(!html.contains("href=\" JaVa"), "{html}");
    assert!(!html.contains("href=\"data:"), "{html}");
    assert!(
        html.contains(
            "<a class=\"missing-link\" title=\"not a link: javascript://%0aalert(3)\">Inline</a>"
        ),
        "{html}"
    );
    assert!(html.contains("Para link."));
    assert!(html.contains("<a href=\"mailto:a@b.c\" class=\"web-link\" rel=\"noopener\">Mail</a>"));
    assert!(html.contains("<a href=\"HTTPS://x.org\" class=\"web-link\" rel=\"noopener\">Web</a>"));
    // The image with a `javascript:` address is not a web image link.
    assert!(!html.contains("class=\"web-image\""), "{html}");
}

/// Item 5: markup in SGF values (names, comments) is text on the page.
#[test]
fn sgf_values_are_text() {
    let sgf = br#"(;GM[1]FF[4]SZ[9]PW[<a href="javascript:alert(document.domain)">White</a>]PB[**Bold** ^Tb #btp#]EV[<img src=x onerror=alert(1)>]C[<a href="javascript:alert(1)">root</a>];B[ee]C[<script>alert(2)</script> __it__ \\n done](;W[gc]C[<a href="ch">x</a>])(;W[cg]))"#;
    let c = kifu_sgf::parse(sgf).value;
    // As `kifu render GAME -o PAGE.html` and `kifu book` write it.
    let made = kifu_book::create::book(&c, &kifu_book::create::Options::default());
    let html = kifu_render::html::flow_to_html(
        &kifu_render::flow::Flow::new(
            &made.book,
            &|_| None,
            &kifu_render::flow::FlowOptions::default(),
        ),
        &HtmlOptions::default(),
    );
    assert_markup_safe(&html);
    assert!(!html.contains("href=\"javascript"), "{html}");
    assert!(!html.contains("<script>alert"), "{html}");
    // Shown as written, with nothing invisible added (the book of the
    // game keeps the texts from being markup with word joiners; the page
    // leaves them out, as they would be copied and searched).
    assert!(!html.contains('\u{2060}'), "{html}");
    let text = html.clone();
    assert!(
        text.contains("White: &lt;a href=“javascript:alert(document.domain)”&gt;White&lt;/a&gt;"),
        "{text}"
    );
    assert!(text.contains("Black: **Bold** ^Tb #btp#<br>"), "{text}");
    assert!(
        text.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{text}"
    );
    assert!(
        text.contains("&lt;script&gt;alert(2)&lt;/script&gt; __it__ \\n done"),
        "{text}"
    );
    assert!(!html.contains("<strong>Bold"), "{html}");
    // The page's own markup for the comments stays.
    assert!(html.contains("<strong>Black 1</strong>: "), "{html}");
}

/// Item 6: a label `<!--<script>` in the embedded JSON put the HTML parser
/// in the script "double-escaped" state, and the page's script never ran.
#[test]
fn strings_in_the_script_are_escaped() {
    let book = kifu_book::parse(
        "::book(#\"b</script>\") title=T\n\n::dia sz=9 base=none B5=\"<!--<script>\" C3=\"</script>\" D4=\"a&b\" E5=\"\u{2028}\u{2029}\"",
    )
    .value;
    let html = render(&book);
    let start = html.find("id=\"kifu-data\">").unwrap() + "id=\"kifu-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let json = &html[start..end];
    for bad in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
        assert!(!json.contains(bad), "{bad:?} in {json}");
    }
    assert!(json.contains("\\u003c!--\\u003cscript\\u003e"), "{json}");
    // The JSON means what the book says.
    let data = data(&html);
    let texts = data["diagrams"][0]["texts"].to_string();
    assert!(texts.contains("<!--<script>"), "{texts}");
    assert!(texts.contains("a&b"), "{texts}");
}

/// Issue 21 item 8: a book of many diagrams of one game writes each
/// starting position once (`positions`, `from`) and the coordinate labels
/// once; the book script writes a diagram's data back in full when it draws
/// it. The page stays a small multiple of the book.
#[test]
fn a_big_book_writes_each_position_once() {
    use std::fmt::Write as _;
    let mut s = String::from("::book(#b) title=T\n\n::chapter(#c)\n\n");
    // A 60-move game, and 300 diagrams of it, each after 40 moves.
    let moves: Vec<String> = (0..60)
        .map(|i| {
            format!(
                "{}{}",
                b"ABCDEFGHJKLMNOPQRST"[i % 19] as char,
                1 + i / 19 * 2 + i % 2
            )
        })
        .collect();
    let _ = writeln!(s, "::go(#g) mv=\"{}\"\n", moves.join(" "));
    for i in 0..300 {
        let _ = writeln!(
            s,
            "::dia(#d{i}) base=g at=41 mv=\"S19 T19\" ca=\"Dia. {i}\"\n"
        );
    }
    let html = render(&kifu_book::parse(&s).value);
    let all = data(&html);
    let diagrams = all["diagrams"].as_array().unwrap();
    assert_eq!(diagrams.len(), 300);
    // One position, named by every diagram with its 40 moves played.
    assert_eq!(all["positions"].as_array().unwrap().len(), 1);
    // Packed (html.rs `pack`): `o` is `from`, `s` the start, `b` the
    // labels (left out: the first set); the figure is the moves' (`f: 1`).
    assert_eq!(all["packed"], true);
    for d in diagrams {
        assert_eq!(d["o"], serde_json::json!([0, 40]), "{d}");
        assert!(d.get("s").is_none(), "{d}");
        assert!(d.get("b").is_none(), "{d}");
        assert_eq!(d["f"], 1, "{d}");
        assert_eq!(d["m"], "Bra1Wsa2", "{d}");
    }
    assert_eq!(all["labelSets"].as_array().unwrap().len(), 1);
    assert!(html.contains("<main id=\"kifu-book\" class=\"big\">"));
    // 40 stones written 300 times were 300 KB.
    assert!(
        html.len() < 200_000 + 30 * s.len(),
        "{} for {}",
        html.len(),
        s.len()
    );
    // A small book is written as before: each diagram its own start.
    let small = render(&kifu_book::parse(&s[..s.find("::dia(#d5)").unwrap()]).value);
    let few = data(&small);
    assert!(few.get("positions").is_none());
    assert_eq!(few["diagrams"][0]["start"].as_array().unwrap().len(), 40);
    assert!(small.contains("<main id=\"kifu-book\">"));
}

//! What Jago and GoGui write, and what the reader reports.

use kifu_diag::LineIndex;

fn read(xml: &str) -> (kifu_xml::Document, Vec<String>) {
    let parsed = kifu_xml::read(xml.as_bytes());
    let index = LineIndex::new(xml.as_bytes());
    let diags = parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = index.position(xml.as_bytes(), d.span.start);
            format!("{l}:{c}: {}", d.code)
        })
        .collect();
    (parsed.value, diags)
}

/// The SGF of a document, normalized.
fn sgf(doc: &kifu_xml::Document) -> String {
    String::from_utf8(kifu_sgf::write::normalized(&doc.to_sgf())).unwrap()
}

#[test]
fn gogui_form_with_variations() {
    let (doc, d) = read(
        r#"<?xml version="1.0" encoding="utf-8"?>
<Go><GoGame name="Test"><Information><BoardSize>9</BoardSize><Komi>6.5</Komi></Information>
<Nodes>
<Node/>
<Black number="1" at="E5"/>
<Comment><P>first line</P><P/><P>third</P></Comment>
<White number="2" at="G7"/>
<Variation>
<White number="2" at="C3"/>
<Black number="3" at=""/>
</Variation>
<Node name="x"><Black number="7" at="A1" timeleft="30"/><Mark at="B2" type="triangle"/><Mark at="C2" label="A"/><SGF type="PL"><Arg>W</Arg></SGF></Node>
</Nodes></GoGame></Go>"#,
    );
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        sgf(&doc),
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]GN[Test]KM[6.5];B[ee]C[first line\n\nthird]\n(;W[gc];N[x]B[ai]BL[30]MN[7]TR[bh]LB[ch:A]PL[W])\n(;W[cg];B[]))\n"
    );
}

#[test]
fn jago_deviations_are_accepted() {
    // Moves directly in GoGame, a Comment first, text outside P, `at` as
    // child elements, BlackToPlay in a Node, large-board points.
    let (doc, d) = read(
        r#"<Go><GoGame><Information><BoardSize>30</BoardSize></Information>
<Comment>Direct text</Comment>
<Black><at>4,10</at></Black>
<Node><BlackToPlay/><AddWhite><at>AA1</at><at>a30</at></AddWhite></Node>
</GoGame></Go>"#,
    );
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        sgf(&doc),
        "(;GM[1]FF[4]CA[UTF-8]SZ[30]C[Direct text];B[du];PL[B]AW[zD][aa])\n"
    );
}

#[test]
fn unknown_elements_and_attributes_are_kept_with_a_warning() {
    let xml = "<Go><GoGame><Information/><Nodes>\n<Node><Black at=\"D4\" color=\"red\"/><Sound file=\"x.wav\"><Loud/></Sound></Node>\n</Nodes></GoGame></Go>";
    let (doc, d) = read(xml);
    assert_eq!(
        d,
        vec!["2:7: xml/unknown-attribute", "2:35: xml/unknown-element"]
    );
    let out = sgf(&doc);
    assert!(out.contains("XMLATTR[Black color=red]"), "{out}");
    assert!(
        out.contains(r#"XML[<Sound file="x.wav"><Loud/></Sound>]"#),
        "{out}"
    );
    // Written back as XML, they survive as SGF elements.
    let xml2 = kifu_xml::write(&doc);
    assert!(xml2.contains("<SGF type=\"XML\"><Arg>&lt;Sound file=\"x.wav\"&gt;&lt;Loud/&gt;&lt;/Sound&gt;</Arg></SGF>"), "{xml2}");
}

#[test]
fn malformed_xml_is_reported_where_it_breaks() {
    let (_, d) = read("<Go><GoGame>\n<Information></Informatio>\n</GoGame></Go>");
    assert_eq!(d.len(), 1);
    assert!(
        d[0].starts_with("2:") && d[0].ends_with("xml/not-well-formed"),
        "{d:?}"
    );
    let (_, d) = read("<html><body/></html>");
    assert!(d.iter().any(|x| x.ends_with("xml/not-a-go-game")), "{d:?}");
}

#[test]
fn bad_coordinates_sizes_and_numbers_are_reported() {
    let (_, d) = read(
        "<Go><GoGame><Information><BoardSize>99</BoardSize><Handicap>two</Handicap></Information>\n<Nodes><Black at=\"Z99\"/><White number=\"x\" at=\"D4\"/></Nodes></GoGame></Go>",
    );
    let codes: Vec<&str> = d.iter().map(|s| s.split(' ').nth(1).unwrap()).collect();
    assert_eq!(
        codes,
        [
            "xml/unsupported-board-size",
            "xml/integer-expected",
            "xml/bad-coordinate",
            "xml/integer-expected"
        ]
    );
}

#[test]
fn latin1_declaration_is_honoured_and_positions_are_in_bytes() {
    let mut bytes = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<Go><GoGame><Information><BlackPlayer>J\xF6rg</BlackPlayer></Information><Nodes><Node><Oops/></Node></Nodes></GoGame></Go>".to_vec();
    let parsed = kifu_xml::read(&bytes);
    assert_eq!(parsed.value.games[0].values(0, "PB").unwrap(), ["Jörg"]);
    let d = &parsed.diagnostics[0];
    assert_eq!(
        &bytes[d.span.start as usize..d.span.start as usize + 6],
        b"<Oops/"
    );
    bytes.clear();
}

#[test]
fn text_survives_escaping_both_ways() {
    let sgf_in = "(;C[a < b & \"c\"\r\nnew \\] line\n\n]N[tab\there])";
    let original = kifu_xml::Document::from_sgf(&kifu_sgf::parse(sgf_in.as_bytes()).value);
    let xml = kifu_xml::write(&original);
    let back = kifu_xml::read(xml.as_bytes()).value;
    assert_eq!(
        back.games[0].values(0, "C"),
        original.games[0].values(0, "C")
    );
    assert_eq!(back.games[0].values(0, "N").unwrap(), ["tab\there"]);
}

#[test]
fn control_characters_survive_the_round_trip() {
    let original = kifu_xml::Document::from_sgf(&kifu_sgf::parse(b"(;C[bell \x07 here])").value);
    let xml = kifu_xml::write(&original);
    assert!(!xml.contains('\u{7}'));
    let back = kifu_xml::read(xml.as_bytes());
    assert!(back.diagnostics.is_empty());
    assert_eq!(
        back.value.games[0].values(0, "C").unwrap(),
        ["bell \u{7} here"]
    );
}

#[test]
fn deep_variation_trees_need_no_stack() {
    // 50,000 nested variations: a node with two children, again and again.
    let depth = 50_000;
    let mut sgf = Vec::new();
    for _ in 0..depth {
        sgf.extend_from_slice(b"(;B[aa](;W[bb])");
    }
    sgf.extend(std::iter::repeat_n(b')', depth));
    let doc = kifu_xml::Document::from_sgf(&kifu_sgf::parse(&sgf).value);
    let xml = kifu_xml::write(&doc);
    assert_eq!(xml.matches("<Variation>").count(), depth - 1);
    let back = kifu_xml::read(xml.as_bytes());
    assert!(back.diagnostics.is_empty());
    assert_eq!(back.value.games[0].nodes.len(), 2 * depth);
}

/// Found by fuzzing (xml_read): positions in invalid UTF-8 pointed past
/// the end of the input (they were offsets in its lossy decoding).
#[test]
fn positions_in_invalid_utf8_stay_inside_the_input() {
    for input in [
        &b"\xe0\xe0\xd9<"[..],
        b"\xff\xff<Go><GoGame>\xfe<Bad/>",
        b"<Go>\xc3(<x",
    ] {
        let parsed = kifu_xml::read(input);
        assert!(!parsed.diagnostics.is_empty());
        for d in &parsed.diagnostics {
            assert!(d.span.end as usize <= input.len(), "{d:?} in {input:?}");
        }
    }
    // The unknown element after an invalid byte is found at its own byte.
    let input = b"<Go><GoGame><Information/><Nodes><Node>\xfe<Bad/></Node></Nodes></GoGame></Go>";
    let parsed = kifu_xml::read(input);
    let d = parsed
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "xml/unknown-element")
        .unwrap();
    assert_eq!(
        &input[d.span.start as usize..d.span.start as usize + 5],
        b"<Bad/"
    );
}

#[test]
fn information_format_attributes_are_kept() {
    let (doc, d) = read(
        "<Go><GoGame><Information><Komi format=\"jp\">6.5</Komi></Information><Nodes><Node/></Nodes></GoGame></Go>",
    );
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        doc.games[0].values(0, "XMLATTR").unwrap(),
        ["Komi format=jp"]
    );
    assert_eq!(doc.games[0].values(0, "KM").unwrap(), ["6.5"]);
}

/// Found by fuzzing (xml_read): with a size that is none (`0`) and then
/// one, the reader placed the moves on the second and the writer on the
/// default 19x19, so the XML written read back with other points.
/// The reader and the writer now take the same size: the last of the
/// root's sizes that is one.
#[test]
fn reader_and_writer_place_points_on_the_same_board() {
    let xml = "<Go><GoGame><Information><BoardSize>0</BoardSize>\
               <BoardSize>11</BoardSize></Information>\
               <Nodes><Node/><Black number=\"1\" at=\"F6\"/></Nodes></GoGame></Go>";
    let (doc, diags) = read(xml);
    assert_eq!(diags, ["1:50: xml/unsupported-board-size"]);
    let moves = |doc: &kifu_xml::Document| {
        let tree = &doc.games[0];
        (0..tree.nodes.len())
            .filter_map(|n| tree.values(n, "B").map(<[String]>::to_vec))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&doc), [["ff"]]);
    let written = kifu_xml::write(&doc);
    let (again, diags) = read(&written);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(moves(&again), [["ff"]], "{written}");
}

/// A board that is not square has no place in Information: its SZ goes
/// first in the root, before the root's stones, so that they are read on
/// it (they were read on 19x19: `AB[aa]` on 13x9 came back as `AB[ak]`).
#[test]
fn stones_of_the_root_of_a_rectangular_board_survive() {
    let input = b"(;FF[4]GM[1]SZ[13:9]AB[aa][mi];B[ma])";
    let doc = kifu_xml::Document::from_sgf(&kifu_sgf::parse(input).value);
    let written = kifu_xml::write(&doc);
    let (back, diags) = read(&written);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        back.games[0].values(0, "AB").unwrap(),
        ["aa", "mi"],
        "{written}"
    );
    assert_eq!(sgf(&back), sgf(&doc));
}

#[test]
fn an_element_with_a_hundred_thousand_attributes() {
    // quick-xml's duplicate check compared each attribute with all the
    // ones before it; the reader drops duplicates with a set instead.
    let n = 100_000;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go><GoGame><Information><BoardSize>9</BoardSize></Information><Nodes><Node",
    );
    for k in 0..n {
        xml.push_str(&format!(" a{k}=\"{k}\""));
    }
    xml.push_str(" a7=\"again\"><Black at=\"C3\"/></Node></Nodes></GoGame></Go>\n");
    let parsed = kifu_xml::read(xml.as_bytes());
    let unknown = parsed
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "xml/unknown-attribute")
        .count();
    assert_eq!(unknown, n, "the duplicate a7 is dropped");
    let sgf = sgf(&parsed.value);
    assert!(sgf.contains("[Node a0=0][Node a1=1]"), "{}", &sgf[..200]);
    assert!(sgf.contains("[Node a99999=99999]"));
    assert!(sgf.contains("[Node a7=7]") && !sgf.contains("again"));
    assert!(sgf.contains("B[cg]"));
}

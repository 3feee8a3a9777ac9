//! What the writer writes where SGF has more than one way to say a thing,
//! in the form GoGui writes and reads (the issue "Agree with the reference
//! programs"), and the round trips through it.

use kifu_xml::Document;

/// SGF text to kifu's XML.
fn to_xml(sgf: &str) -> String {
    kifu_xml::write(&Document::from_sgf(&kifu_sgf::parse(sgf.as_bytes()).value))
}

/// XML read back, without diagnostics, as normalized SGF.
fn to_sgf(xml: &str) -> String {
    let back = kifu_xml::read(xml.as_bytes());
    assert!(back.diagnostics.is_empty(), "{:?}\n{xml}", back.diagnostics);
    String::from_utf8(kifu_sgf::write::normalized(&back.value.to_sgf())).unwrap()
}

/// SGF -> XML -> SGF gives `sgf_back`, and XML -> SGF -> XML the same tree.
fn round_trips(xml: &str, sgf_back: &str) {
    let sgf = to_sgf(xml);
    assert_eq!(sgf, sgf_back, "{xml}");
    let via_sgf = Document::from_sgf(&kifu_sgf::parse(sgf.as_bytes()).value);
    let again = kifu_xml::read(kifu_xml::write(&via_sgf).as_bytes());
    assert!(again.diagnostics.is_empty(), "{:?}", again.diagnostics);
    if let Some(diff) = crate::difference(&via_sgf, &again.value) {
        panic!("{diff}\n{xml}");
    }
}

#[test]
fn a_tt_pass_is_a_move_at_nothing() {
    let xml = to_xml("(;FF[4]GM[1]SZ[19];B[dd];W[tt];B[pp])");
    assert!(
        xml.contains("<Black number=\"1\" at=\"D16\"/>\n<White number=\"2\" at=\"\"/>\n<Black number=\"3\" at=\"Q4\"/>\n"),
        "{xml}"
    );
    assert!(!xml.contains("<SGF type=\"W\""), "{xml}");
    round_trips(&xml, "(;GM[1]FF[4]CA[UTF-8]SZ[19];B[dd];W[];B[pp])\n");
    // `[]` is the same pass.
    assert_eq!(to_xml("(;FF[4]GM[1]SZ[19];B[dd];W[];B[pp])"), xml);
}

#[test]
fn tt_is_a_point_on_boards_past_19() {
    let xml = to_xml("(;FF[4]GM[1]SZ[21];B[tt])");
    assert!(xml.contains("<Black number=\"1\" at=\"U2\"/>"), "{xml}");
    round_trips(&xml, "(;GM[1]FF[4]CA[UTF-8]SZ[21];B[tt])\n");
}

#[test]
fn compressed_point_lists_are_written_point_by_point() {
    let xml = to_xml("(;FF[4]GM[1]SZ[19]AB[aa:bb];B[dd]SL[cc:cd])");
    assert!(
        xml.contains(
            "<AddBlack at=\"A19\"/>\n<AddBlack at=\"B19\"/>\n<AddBlack at=\"A18\"/>\n<AddBlack at=\"B18\"/>\n"
        ),
        "{xml}"
    );
    // SL has no element: one legacy element per point, as GoGui writes it.
    assert!(
        xml.contains(
            "<Black number=\"1\" at=\"D16\"/>\n<SGF type=\"SL\"><Arg>cc</Arg></SGF>\n<SGF type=\"SL\"><Arg>cd</Arg></SGF>\n</Node>"
        ),
        "{xml}"
    );
    assert!(!xml.contains(':'), "{xml}");
    round_trips(
        &xml,
        "(;GM[1]FF[4]CA[UTF-8]SZ[19]AB[aa][ba][ab][bb];B[dd]SL[cc][cd])\n",
    );
    // Marks, and lists mixing points and rectangles.
    let xml = to_xml("(;SZ[9];TR[aa:ab][ee]AE[ii:hi])");
    assert!(
        xml.contains(
            "<Mark at=\"A9\" type=\"triangle\"/>\n<Mark at=\"A8\" type=\"triangle\"/>\n<Mark at=\"E5\" type=\"triangle\"/>\n<Delete at=\"H1\"/>\n<Delete at=\"J1\"/>\n"
        ),
        "{xml}"
    );
    round_trips(
        &xml,
        "(;GM[1]FF[4]CA[UTF-8]SZ[9];TR[aa][ab][ee]AE[hi][ii])\n",
    );
}

#[test]
fn a_rectangle_off_the_board_stays_as_written() {
    let xml = to_xml("(;SZ[9];AB[aa:zz])");
    assert!(
        xml.contains("<SGF type=\"AB\"><Arg>aa:zz</Arg></SGF>"),
        "{xml}"
    );
}

#[test]
fn ff_and_gm_are_not_carried_into_xml() {
    let input = "(;FF[4]GM[1]SZ[19];B[dd];W[tt];B[pp])";
    let xml = to_xml(input);
    assert_eq!(
        xml,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go>\n<GoGame>\n<Information>\n<BoardSize>19</BoardSize>\n</Information>\n<Nodes>\n<Node/>\n<Black number=\"1\" at=\"D16\"/>\n<White number=\"2\" at=\"\"/>\n<Black number=\"3\" at=\"Q4\"/>\n</Nodes>\n</GoGame>\n</Go>\n"
    );
    // Written again when writing SGF, once each.
    let sgf = to_sgf(&xml);
    assert_eq!(sgf, "(;GM[1]FF[4]CA[UTF-8]SZ[19];B[dd];W[];B[pp])\n");
    // XML -> SGF -> XML gives the same XML.
    assert_eq!(to_xml(&sgf), xml);
    round_trips(&xml, &sgf);
    // FF[3] too; another game than Go is kept.
    assert!(!to_xml("(;FF[3]GM[1];B[aa])").contains("<SGF"));
    let xml = to_xml("(;FF[4]GM[2];B[aa])");
    assert!(xml.contains("<SGF type=\"GM\"><Arg>2</Arg></SGF>"), "{xml}");
    assert!(!xml.contains("type=\"FF\""), "{xml}");
}

#[test]
fn mn_goes_in_its_legacy_element_and_both_forms_are_read() {
    let xml = to_xml("(;FF[4]GM[1]SZ[19];B[dd];W[pp]MN[7];B[dp]MN[3])");
    // `number` is the natural number, as GoGui writes it; MN is kept in
    // the element GoGui keeps, whatever its value.
    assert!(
        xml.contains("<Node>\n<White number=\"2\" at=\"Q4\"/>\n<SGF type=\"MN\"><Arg>7</Arg></SGF>\n</Node>\n<Node>\n<Black number=\"3\" at=\"D4\"/>\n<SGF type=\"MN\"><Arg>3</Arg></SGF>\n</Node>\n"),
        "{xml}"
    );
    round_trips(
        &xml,
        "(;GM[1]FF[4]CA[UTF-8]SZ[19];B[dd];W[pp]MN[7];B[dp]MN[3])\n",
    );
    // Jago's form (`number` only), and both: MN once.
    let jago = "<Go><GoGame><Information/><Nodes><Node/><Black number=\"1\" at=\"D16\"/>\n<White number=\"7\" at=\"Q4\"/>\n<Node><Black number=\"9\" at=\"D4\"/><SGF type=\"MN\"><Arg>9</Arg></SGF></Node>\n<Node><SGF type=\"MN\"><Arg>4</Arg></SGF><White number=\"12\" at=\"Q16\"/></Node></Nodes></GoGame></Go>";
    assert_eq!(
        to_sgf(jago),
        "(;GM[1]FF[4]CA[UTF-8];B[dd];W[pp]MN[7];B[dp]MN[9];MN[4]W[pd])\n"
    );
}

#[test]
fn white_space_inside_a_move_is_removed_and_the_move_written() {
    // Issue 20, item 2: SGF says white space in a Point/Move/Stone value is
    // to be removed; `W[oq\n]` is the move oq (P3), `B[ pp]` the move pp (Q4).
    let xml = to_xml("(;FF[4]GM[1]SZ[19];B[dd];W[oq\n];B[ pp])");
    assert_eq!(
        xml,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go>\n<GoGame>\n<Information>\n<BoardSize>19</BoardSize>\n</Information>\n<Nodes>\n<Node/>\n<Black number=\"1\" at=\"D16\"/>\n<White number=\"2\" at=\"P3\"/>\n<Black number=\"3\" at=\"Q4\"/>\n</Nodes>\n</GoGame>\n</Go>\n"
    );
    round_trips(&xml, "(;GM[1]FF[4]CA[UTF-8]SZ[19];B[dd];W[oq];B[pp])\n");
    // Inside a point, in setup, and a label's point (its text keeps its
    // spaces); a value that does not fit even without it stays as written.
    let xml = to_xml("(;FF[4]GM[1]SZ[9]AB[a a][b\tb]LB[c c:a b];W[z z])");
    assert!(
        xml.contains(
            "<AddBlack at=\"A9\"/>\n<AddBlack at=\"B8\"/>\n<Mark at=\"C7\" label=\"a b\"/>\n"
        ),
        "{xml}"
    );
    assert!(
        xml.contains("<SGF type=\"W\"><Arg>z z</Arg></SGF>"),
        "{xml}"
    );
}

#[test]
fn only_a_time_in_seconds_is_a_time_element() {
    // GoGui's <Time> holds seconds; any other text it reads with a warning
    // into the root's properties, and then takes the root <Node> for a
    // second node (the comment and EV moved one node down).
    let xml = to_xml("(;FF[4]GM[1]SZ[9]TM[1 hour]EV[Cup]C[hi];B[ee])");
    assert!(!xml.contains("<Time>"), "{xml}");
    assert!(
        xml.contains("<Node>\n<Comment>\n<P>hi</P>\n</Comment>\n<SGF type=\"TM\"><Arg>1 hour</Arg></SGF>\n<SGF type=\"EV\"><Arg>Cup</Arg></SGF>\n</Node>"),
        "{xml}"
    );
    round_trips(
        &xml,
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]C[hi]TM[1 hour]EV[Cup];B[ee])\n",
    );
    let xml = to_xml("(;FF[4]GM[1]SZ[9]TM[1800];B[ee])");
    assert!(xml.contains("<Time>1800</Time>"), "{xml}");
    assert!(!xml.contains("type=\"TM\""), "{xml}");
}

#[test]
fn no_time_limit_is_no_time_element() {
    // GoGui's SGF reader ignores TM[0] and keeps an OT it cannot parse;
    // from <Time>0</Time> its XML reader makes a time limit, and then its
    // writers drop that OT. As an SGF element TM[0] is read as in SGF.
    let xml = to_xml("(;FF[4]GM[1]SZ[9]TM[0]OT[10x60 byo-yomi];B[ee])");
    assert!(!xml.contains("<Time>"), "{xml}");
    assert!(
        xml.contains(
            "<SGF type=\"TM\"><Arg>0</Arg></SGF>\n<SGF type=\"OT\"><Arg>10x60 byo-yomi</Arg></SGF>\n"
        ),
        "{xml}"
    );
    round_trips(
        &xml,
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]TM[0]OT[10x60 byo-yomi];B[ee])\n",
    );
    let xml = to_xml("(;FF[4]GM[1]SZ[9]TM[1500]OT[5x30 byo-yomi];B[ee])");
    assert!(xml.contains("<Time>1500</Time>"), "{xml}");
    assert!(
        xml.contains("<SGF type=\"OT\"><Arg>5x30 byo-yomi</Arg></SGF>"),
        "{xml}"
    );
    round_trips(
        &xml,
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]TM[1500]OT[5x30 byo-yomi];B[ee])\n",
    );
}

#[test]
fn more_values_than_one_follow_the_information_element() {
    // `PW[White][White]`: GoGui's SGF reader takes the first value; its XML
    // reader takes <WhitePlayer>, but a root `SGF` element PW alone it
    // loses (the Information replaces the root's game information).
    let xml = to_xml("(;FF[4]GM[1]SZ[9]PB[Black]PW[White][White];B[ee])");
    assert!(xml.contains("<WhitePlayer>White</WhitePlayer>"), "{xml}");
    assert!(
        xml.contains("<SGF type=\"PW\"><Arg>White</Arg></SGF>"),
        "{xml}"
    );
    assert!(!xml.contains("<Arg>White</Arg><Arg>"), "{xml}");
    round_trips(
        &xml,
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]PW[White][White]PB[Black];B[ee])\n",
    );
}

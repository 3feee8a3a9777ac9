//! Edits of trees read from text (here, as the parser is the layer above
//! the tree).

use crate::write::lossless;

#[test]
fn edits_keep_untouched_bytes() {
    let input = b"(;FF[4] GM[1]\n  C[keep  me] ;B[aa]  ;W[bb])  \n";
    let mut c = crate::parse(input).value;
    let root = c.game(0).unwrap().root().id();
    let second = c.node(root).first_child().unwrap().id();
    c.set_raw(second, "C", &[b"new"]).unwrap();
    assert_eq!(
        lossless(&c),
        b"(;FF[4] GM[1]\n  C[keep  me] ;B[aa]C[new]  ;W[bb])  \n"
    );
    c.remove_property(root, "GM").unwrap();
    assert_eq!(
        lossless(&c),
        b"(;FF[4]\n  C[keep  me] ;B[aa]C[new]  ;W[bb])  \n"
    );
    c.move_property(root, 1, 0).unwrap();
    assert_eq!(
        lossless(&c),
        b"(;\n  C[keep  me]FF[4] ;B[aa]C[new]  ;W[bb])  \n"
    );
}

#[test]
fn adding_a_variation_brackets_both() {
    let mut c = crate::parse(b"(;B[aa];W[bb])").value;
    let first = c.game(0).unwrap().root().id();
    let v = c.insert_child(first, None).unwrap();
    c.set_raw(v, "W", &[b"cc"]).unwrap();
    assert_eq!(lossless(&c), b"(;B[aa](;W[bb])(;W[cc]))");
    c.move_child(first, 1, 0).unwrap();
    assert_eq!(lossless(&c), b"(;B[aa](;W[cc])(;W[bb]))");
    let bb = c.node(first).children().nth(1).unwrap().id();
    c.remove_node(bb).unwrap();
    assert_eq!(lossless(&c), b"(;B[aa];W[cc])");
    assert_eq!(c.node_count(), 2);
}

#[test]
fn board_size_follows_edits_of_sz() {
    let mut c = crate::parse(b"(;SZ[9];B[ii])").value;
    let root = c.game(0).unwrap().root().id();
    assert_eq!(c.game(0).unwrap().board_size().cols, 9);
    c.set_raw(root, "SZ", &[b"13"]).unwrap();
    assert_eq!(c.game(0).unwrap().board_size().cols, 13);
    c.remove_property(root, "SZ").unwrap();
    assert_eq!(c.game(0).unwrap().board_size().cols, 19);
}

#[test]
fn games_can_be_added_and_removed() {
    let mut c = crate::parse(b"(;GN[a])\n(;GN[b])\n").value;
    c.remove_game(0).unwrap();
    assert_eq!(lossless(&c), b"\n(;GN[b])\n");
    let root = c.add_game();
    c.set_raw(root, "GN", &[b"c"]).unwrap();
    assert_eq!(lossless(&c), b"\n(;GN[b])(;GN[c])\n");
    assert!(c.remove_game(5).is_err());
    assert!(c.set_raw(root, "bad", &[b"x"]).is_err());
}

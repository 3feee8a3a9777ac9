//! The lossless writer on readings (here, as the parser is the layer
//! above the writer).

use crate::write::{lossless, write_tree};

/// The walk of an unedited reading gives back what was read (what
/// [`lossless`] copies instead): damaged inputs, and every corpus file.
#[test]
fn the_walk_of_a_reading_is_what_was_read() {
    let bases: [&[u8]; 4] = [
        b"(;FF[4]GM[1]SZ[19]C[a \\] b];B[pd](;W[dd]N[x])(;W[dp]LB[dd:A][ee:B]))",
        b"(;FF[3]AddBlack[aa][bb]Comment[x\\\ny];B[tt])",
        b"junk(;AB[aa:cc]C[unterminated",
        b" (;B[aa]  ;W[bb] (;) ( ; C [x] ) ) trailer",
    ];
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for base in bases {
        for i in 0..base.len() {
            let mut cut = base.to_vec();
            cut.remove(i);
            inputs.push(cut);
        }
        inputs.push(base.to_vec());
    }
    for path in crate::test_corpus::corpus_files() {
        if let Ok(bytes) = std::fs::read(&path) {
            inputs.push(bytes);
        }
    }
    for input in &inputs {
        let c = crate::parse(input).value;
        if !c.is_utf16() {
            assert_eq!(write_tree(&c), *input, "{}", String::from_utf8_lossy(input));
        }
    }
}

#[test]
fn an_edited_collection_is_written_from_its_tree() {
    let mut c = crate::parse(b"(;GM[1]C[x];B[aa])").value;
    let root = c.game(0).unwrap().root().id();
    c.set_raw(root, "C", &[b"y"]).unwrap();
    assert_eq!(lossless(&c), b"(;GM[1]C[y];B[aa])");
    assert_eq!(lossless(&crate::parse(b"(;C[x])").value), b"(;C[x])");
}

//! When the first pass of `fix` is final: games with a charset finding.

use super::fix_timed;
use crate::repair::Options;

/// The stages of a `fix --force` of `input`, and what it wrote.
fn fix_with_stages(input: &[u8]) -> (Vec<&'static str>, Vec<u8>) {
    let mut stages = Vec::new();
    let fixed = fix_timed(input, &Options { force: true }, false, &mut |s| {
        stages.push(s)
    });
    (stages, crate::write::lossless(&fixed.collection))
}

/// Whether the repaired text was read again for a second pass.
fn second_pass(stages: &[&str]) -> bool {
    stages.contains(&"fix: content repairs, again")
}

#[test]
fn broken_utf8_under_its_own_label_is_final_after_closed_repairs() {
    // A name cut in the middle of a character, as merged archives have.
    let input = b"(;FF[4]CA[UTF-8]GN[]KO[7.5]PB[\xe7\xa7\x80\xe7\xad\x96 \xe7\xa7]C[\xe6\x9c\xac\xe5\x9b\xa0\xe5\x9d\x8a];B[dd])";
    let (stages, out) = fix_with_stages(input);
    assert_eq!(
        out,
        b"(;FF[4]CA[UTF-8]KO[]PB[\xe7\xa7\x80\xe7\xad\x96 \xe7\xa7]C[\xe6\x9c\xac\xe5\x9b\xa0\xe5\x9d\x8a];B[dd])"
    );
    assert!(!second_pass(&stages), "{stages:?}");
    let (_, twice) = fix_with_stages(&out);
    assert_eq!(twice, out);
}

#[test]
fn a_detected_charset_is_still_named_and_read_again() {
    // No `CA`, Latin-1 text: the repaired file names the charset it was
    // read in, which the first pass alone does not write.
    let input = b"(;GN[]PB[M\xfcller];B[dd])";
    let (stages, out) = fix_with_stages(input);
    assert!(
        out.windows(3).any(|w| w == b"CA["),
        "{}",
        String::from_utf8_lossy(&out)
    );
    assert!(second_pass(&stages), "{stages:?}");
    let (_, twice) = fix_with_stages(&out);
    assert_eq!(twice, out);
}

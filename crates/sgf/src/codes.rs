//! The table of every diagnostic code of SGF reading, checking and
//! charsets: its severity, whether it is critical, SGFC's numbers for the
//! same finding, and what `kifu fix` does about it.
//!
//! The documentation's table of codes, the JSON form of diagnostics and
//! the checker's summary are made from this table, and tests hold the
//! reader, the checks and the repairs to it.
//!
//! ```
//! use kifu_sgf::codes;
//!
//! let info = codes::info(kifu_sgf::syntax::codes::UNCLOSED_VALUE).unwrap();
//! assert_eq!(info.sgfc, &[10]);
//! assert!(info.critical);
//! ```

use kifu_diag::{Code, CodeInfo, Severity};

use crate::bytes::charset::codes as charset;
use crate::check::codes as check;
use crate::syntax::codes as syntax;

const fn row(
    code: Code,
    severity: Severity,
    critical: bool,
    sgfc: &'static [u16],
    fix: &'static str,
) -> CodeInfo {
    CodeInfo {
        code,
        severity,
        critical,
        sgfc,
        fix,
    }
}

use Severity::{Error, Note, Warning};

/// Every code, grouped as the documentation shows them: syntax, checks,
/// charsets.
#[rustfmt::skip]
pub static ALL: &[CodeInfo] = &[
    // Syntax.
    row(syntax::NO_DATA, Error, false, &[7], "nothing to repair: the file is written as it was"),
    row(syntax::JUNK_BEFORE_GAME, Note, false, &[], "kept (SGF readers skip it); removed by `--normalize`, and when it is parentheses only"),
    row(syntax::DATA_BEFORE_GAME, Warning, true, &[6], "the SGF-like data before the first game removed (critical)"),
    row(syntax::JUNK_AFTER_GAME, Warning, true, &[8], "the text after or between games removed (critical, as for SGFC; not when it is parentheses only, and made by `--normalize`)"),
    row(syntax::JUNK_IN_NODE, Warning, true, &[8], "the characters removed (critical)"),
    row(syntax::MISSING_SEMICOLON, Warning, false, &[36, 67], "`;` added"),
    row(syntax::MISSING_OPEN, Warning, false, &[], "`(` added"),
    row(syntax::MISSING_CLOSE, Warning, false, &[9, 10], "the missing `)` added at the end"),
    row(syntax::UNBALANCED, Warning, false, &[21], "the stray parenthesis removed"),
    row(syntax::EMPTY_VARIATION, Warning, false, &[12], "`()` removed"),
    row(syntax::NODE_OUTSIDE_VARIATION, Warning, false, &[66], "the node and what follows it put in a variation of their own"),
    row(syntax::VALUE_WITHOUT_ID, Error, true, &[54], "the values removed (critical)"),
    row(syntax::ID_WITHOUT_VALUE, Warning, true, &[20], "the identifier removed (critical)"),
    row(syntax::LOWERCASE_ID, Warning, false, &[16], "written with its uppercase letters only (`AddBlack` to `AB`)"),
    row(syntax::INVALID_ID, Error, true, &[8], "the property removed (critical)"),
    row(syntax::LONG_ID, Warning, true, &[11], "the property removed (critical)"),
    row(syntax::UNCLOSED_VALUE, Error, true, &[10], "`]` added at the end of the value (the input was cut short: text may be missing); after a space where the last byte would take the `]` into a character or escape it, after the shift back to ASCII in ISO-2022-JP"),
    row(syntax::NUL_BYTE, Warning, false, &[22], "the NUL byte removed"),
    row(syntax::UNESCAPED_BRACKET, Warning, false, &[], "the `]` written escaped, `\\]`"),
    // Checks.
    row(check::INVALID_VALUE, Error, true, &[14, 15, 18, 23, 25, 52], "the value corrected where its meaning is certain, else removed (critical)"),
    row(check::SPACE_IN_POINT, Warning, false, &[15, 25], "the white space removed (those bytes only: `W[oq]`, `B[pp]`)"),
    row(check::TOO_MANY_VALUES, Error, true, &[13], "empty values dropped; of several, the first kept (critical)"),
    row(check::EMPTY_VALUE, Warning, false, &[17], "the property removed"),
    row(check::DUPLICATE_PROPERTY, Warning, true, &[28], "equal values dropped, lists and texts merged; different single values kept (critical)"),
    row(check::DUPLICATE_POINT, Warning, false, &[38], "the point written once"),
    row(check::ROOT_PROPERTY_OUTSIDE_ROOT, Warning, true, &[32], "the property removed (critical)"),
    row(check::GAME_INFO_OUTSIDE_INFO_NODE, Warning, true, &[44], "the property removed (critical)"),
    row(check::SETUP_AND_MOVE, Warning, false, &[30], "split into two nodes: setup (and `N`) first, then the move"),
    row(check::TWO_MOVES, Warning, false, &[37], "split into two nodes, one move each"),
    row(check::ANNOTATION_WITHOUT_MOVE, Warning, false, &[43], "the annotation removed"),
    row(check::CONTRADICTING_ANNOTATIONS, Warning, true, &[41], "the later of `GB` and `GW` removed (critical)"),
    row(check::OBSOLETE_PROPERTY, Warning, false, &[29, 40], "converted to its FF[4] form (`L` to `LB`, `M` to `MA`/`TR`, `VW` to a compose); kept where FF[4] has none"),
    row(check::UNKNOWN_FF, Error, true, &[46], "kept; a repaired file is marked `FF[4]`"),
    row(check::NOT_GO, Note, false, &[19], "nothing: the Go repairs are skipped"),
    row(check::MIXED_GAME_TYPES, Warning, false, &[53], "kept"),
    row(check::VARIATION_LEVEL, Note, false, &[56, 57], "kept: whether the variations belong one level up is left to the author"),
    row(check::MOVE_IN_ROOT, Note, false, &[24], "the move moved to a node of its own after the root"),
    row(check::INTEGER_KOMI, Warning, false, &[59], "`KI[n]` replaced by `KM[n/2]`; removed where `KM` is given (critical if they differ)"),
    row(check::TT_PASS, Note, false, &[], "`[tt]` written `[]` on boards up to 19x19"),
    row(check::EMPTY_PASS_IN_OLD, Warning, false, &[65], "kept; the file is marked `FF[4]`, where `[]` is the pass"),
    row(check::COMPRESSED_LIST_IN_OLD, Warning, false, &[51], "kept; the file is marked `FF[4]`, where compressed lists are defined"),
    row(check::BOARD_TOO_BIG, Error, true, &[50], "each side over 52 set to 52 (critical)"),
    row(check::RECTANGLE_IN_OLD, Warning, false, &[51], "kept; the file is marked `FF[4]`, where rectangular boards are defined"),
    row(check::UNKNOWN_PROPERTY, Note, false, &[31, 35], "kept"),
    row(check::ANNOTATION_COMBINATION, Warning, false, &[42], "`TE` with `BM` written `IT`, `BM` with `TE` written `DO`"),
    row(check::MIXED_FILE_FORMATS, Warning, false, &[45], "every repaired game marked `FF[4]`"),
    row(check::NUL_IN_VALUE, Warning, false, &[22], "the NUL byte replaced by a space"),
    row(check::OCCUPIED_POINT, Warning, false, &[58], "kept (the game is replayed as written)"),
    row(check::SUICIDE, Note, false, &[], "kept (the game is replayed as written)"),
    row(check::KO_RECAPTURE, Note, false, &[], "kept (the game is replayed as written)"),
    row(check::SETUP_WITHOUT_EFFECT, Warning, false, &[39], "the points without effect removed"),
    row(check::HANDICAP_MISMATCH, Note, false, &[61], "kept"),
    row(check::SAME_COLOR_TWICE, Note, false, &[63], "kept"),
    row(check::SETUP_IN_MAIN_LINE, Note, false, &[62], "kept"),
    row(check::SQUARE_AS_RECTANGLE, Warning, false, &[47], "`SZ[19:19]` written `SZ[19]`"),
    row(check::NONSTANDARD_GAME_INFO, Warning, false, &[15], "written in its FF[4] form (`B+3.5`, `1996-05-12,13`, `5.5`); the dates of FF[1]-FF[3] files only when the file is repaired (it then becomes FF[4]); ranks only with `--normalize` (`9d`)"),
    row(check::INVALID_GAME_INFO, Warning, false, &[33], "kept: its meaning is not certain"),
    // Charsets.
    row(charset::DETECTED, Warning, false, &[], "`CA` written: the charset the text was read in (the text is kept)"),
    row(charset::UNKNOWN_LABEL, Warning, true, &[72], "`CA` replaced by the charset the text was read in (the text is kept)"),
    row(charset::MISMATCH, Warning, true, &[71], "`CA` replaced by the charset the text was read in (the text is kept; malformed bytes stay)"),
    row(charset::UNSUPPORTED, Error, true, &[70], "`CA` replaced by the charset the text was read in (the text is kept)"),
    row(charset::UTF16, Note, false, &[], "kept: written back as UTF-16"),
    row(charset::MIXED, Warning, true, &[74], "kept: each game written in its own charset"),
];

/// How a finding's default severity in kifu stands against SGFC 2.0's
/// default (no `-s`, no `-v`): kifu warns (or errs) where SGFC reports a
/// file that breaks its own format, and says in a note what SGFC leaves
/// alone or what the file's own format allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SgfcDefault {
    /// SGFC reports it: kifu warns, or errs, too.
    Reports,
    /// A warning where the file's own format forbids it, as SGFC; a note
    /// where that format allows it (`ID` in FF\[3\], `AddBlack` in FF\[3\],
    /// a rank not in the recommended form).
    WhereIllegal,
    /// SGFC says nothing: kifu's own finding, a note.
    Silent,
    /// SGFC warns (or cannot read the file), kifu notes: legal SGF, nothing
    /// lost and nothing to do (a private property, another game, UTF-16).
    NoteOnly,
    /// SGFC cannot see it (it does not decode text): kifu warns, as other
    /// readers would misread the file.
    Unseen,
}

impl SgfcDefault {
    /// A few words for the table of codes.
    pub fn describe(self) -> &'static str {
        match self {
            SgfcDefault::Reports => "as SGFC",
            SgfcDefault::WhereIllegal => {
                "as SGFC where the file's format forbids it; a note where it allows it"
            }
            SgfcDefault::Silent => "kifu only: a note",
            SgfcDefault::NoteOnly => "a note; SGFC warns",
            SgfcDefault::Unseen => "kifu only: SGFC does not decode text",
        }
    }
}

/// [`SgfcDefault`] of every code of [`ALL`], in the same order.
#[rustfmt::skip]
pub static SGFC_DEFAULT: &[(Code, SgfcDefault)] = {
    use SgfcDefault::{NoteOnly, Reports, Silent, Unseen, WhereIllegal};
    &[
        (syntax::NO_DATA, Reports),
        (syntax::JUNK_BEFORE_GAME, Silent),
        (syntax::DATA_BEFORE_GAME, Reports),
        (syntax::JUNK_AFTER_GAME, Reports),
        (syntax::JUNK_IN_NODE, Reports),
        (syntax::MISSING_SEMICOLON, Reports),
        (syntax::MISSING_OPEN, Reports),
        (syntax::MISSING_CLOSE, Reports),
        (syntax::UNBALANCED, Reports),
        (syntax::EMPTY_VARIATION, Reports),
        (syntax::NODE_OUTSIDE_VARIATION, Reports),
        (syntax::VALUE_WITHOUT_ID, Reports),
        (syntax::ID_WITHOUT_VALUE, Reports),
        (syntax::LOWERCASE_ID, WhereIllegal),
        (syntax::INVALID_ID, Reports),
        (syntax::LONG_ID, Reports),
        (syntax::UNCLOSED_VALUE, Reports),
        (syntax::NUL_BYTE, Reports),
        (syntax::UNESCAPED_BRACKET, Reports),
        (check::INVALID_VALUE, Reports),
        (check::SPACE_IN_POINT, Reports),
        (check::TOO_MANY_VALUES, Reports),
        (check::EMPTY_VALUE, Reports),
        (check::DUPLICATE_PROPERTY, Reports),
        (check::DUPLICATE_POINT, Reports),
        (check::ROOT_PROPERTY_OUTSIDE_ROOT, Reports),
        (check::GAME_INFO_OUTSIDE_INFO_NODE, Reports),
        (check::SETUP_AND_MOVE, Reports),
        (check::TWO_MOVES, Reports),
        (check::ANNOTATION_WITHOUT_MOVE, Reports),
        (check::CONTRADICTING_ANNOTATIONS, Reports),
        (check::OBSOLETE_PROPERTY, WhereIllegal),
        (check::UNKNOWN_FF, Reports),
        (check::NOT_GO, NoteOnly),
        (check::MIXED_GAME_TYPES, Reports),
        (check::VARIATION_LEVEL, Silent),
        (check::MOVE_IN_ROOT, Silent),
        (check::INTEGER_KOMI, Reports),
        (check::TT_PASS, Silent),
        (check::EMPTY_PASS_IN_OLD, Reports),
        (check::COMPRESSED_LIST_IN_OLD, Reports),
        (check::BOARD_TOO_BIG, Reports),
        (check::RECTANGLE_IN_OLD, Reports),
        (check::UNKNOWN_PROPERTY, NoteOnly),
        (check::ANNOTATION_COMBINATION, Reports),
        (check::MIXED_FILE_FORMATS, Reports),
        (check::NUL_IN_VALUE, Reports),
        (check::OCCUPIED_POINT, Reports),
        (check::SUICIDE, Silent),
        (check::KO_RECAPTURE, Silent),
        (check::SETUP_WITHOUT_EFFECT, Reports),
        (check::HANDICAP_MISMATCH, Silent),
        (check::SAME_COLOR_TWICE, Silent),
        (check::SETUP_IN_MAIN_LINE, Silent),
        (check::SQUARE_AS_RECTANGLE, Reports),
        (check::NONSTANDARD_GAME_INFO, WhereIllegal),
        (check::INVALID_GAME_INFO, WhereIllegal),
        (charset::DETECTED, Unseen),
        (charset::UNKNOWN_LABEL, Reports),
        (charset::MISMATCH, Reports),
        (charset::UNSUPPORTED, Reports),
        (charset::UTF16, NoteOnly),
        (charset::MIXED, Reports),
    ]
};

/// How `code`'s severity stands against SGFC's default, if it is an SGF
/// or charset code.
pub fn sgfc_default(code: Code) -> Option<SgfcDefault> {
    SGFC_DEFAULT
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, d)| *d)
}

/// The row of `code`, if it is an SGF or charset code.
pub fn info(code: Code) -> Option<&'static CodeInfo> {
    ALL.iter().find(|row| row.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_listed_once() {
        for (i, row) in ALL.iter().enumerate() {
            assert!(
                ALL[..i].iter().all(|other| other.code != row.code),
                "{} listed twice",
                row.code
            );
            assert!(!row.fix.is_empty(), "{} says nothing about fix", row.code);
        }
    }

    /// Every code stands against SGFC's default once, and its severity
    /// follows: kifu's own findings and what SGFC warns of needlessly are
    /// notes; what SGFC reports is a warning or an error (at most).
    #[test]
    fn severities_follow_sgfc() {
        assert_eq!(SGFC_DEFAULT.len(), ALL.len());
        for (row, (code, default)) in ALL.iter().zip(SGFC_DEFAULT) {
            assert_eq!(row.code, *code, "SGFC_DEFAULT is not in the order of ALL");
            let note = row.severity == Severity::Note;
            match default {
                SgfcDefault::Silent | SgfcDefault::NoteOnly => {
                    assert!(note, "{code} should be a note")
                }
                SgfcDefault::Reports | SgfcDefault::WhereIllegal | SgfcDefault::Unseen => {
                    assert!(!note, "{code} should be a warning or an error")
                }
            }
        }
    }
}

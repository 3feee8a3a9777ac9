//! Diagnostic codes of the server-format readers, with the table that
//! says for each how serious it is and what the conversion does about it.
//!
//! ```
//! use kifu_servers::codes;
//!
//! let info = codes::info(codes::OFF_BOARD).unwrap();
//! assert_eq!(info.severity, kifu_diag::Severity::Error);
//! assert!(info.critical);
//! ```

use kifu_diag::{Code, CodeInfo, Severity};

/// Nothing of the format was found: no header, no move. The collection is
/// empty.
pub const NOT_THIS_FORMAT: Code = Code::new("servers/not-this-format");
/// A section the format requires is missing (GIB `\HS` or `\GS`, UGF
/// `[Header]` or `[Data]`, NGF header lines).
pub const MISSING_SECTION: Code = Code::new("servers/missing-section");
/// The file ends early: no end marker (GIB `\GE`), or fewer moves than
/// the header announces. What is there is read.
pub const TRUNCATED: Code = Code::new("servers/truncated");
/// A header key the reader does not know: its value is not kept.
pub const UNKNOWN_KEY: Code = Code::new("servers/unknown-key");
/// A section the reader does not read (UGF `[Comment]`, `[MessageLine]`,
/// unknown names): skipped.
pub const UNKNOWN_SECTION: Code = Code::new("servers/unknown-section");
/// A line the reader does not understand: skipped.
pub const BAD_LINE: Code = Code::new("servers/bad-line");
/// A header value not in the form its key takes (a number expected, a
/// result or date not understood): not kept where it belongs (text values
/// go to the game comment `GC`).
pub const BAD_VALUE: Code = Code::new("servers/bad-value");
/// A move or stone off the board: dropped.
pub const OFF_BOARD: Code = Code::new("servers/off-board");
/// A move on an occupied point, a suicide or an immediate ko recapture:
/// kept, as SGF readers replay it.
pub const ILLEGAL_MOVE: Code = Code::new("servers/illegal-move");
/// A move numbered other than its place in the game: the file's number is
/// kept in `MN`.
pub const MOVE_NUMBER: Code = Code::new("servers/move-number");
/// The charset was guessed (the file does not say, or says something its
/// bytes are not).
pub const CHARSET: Code = Code::new("servers/charset");
/// Something the reader understands but SGF has no place for (embedded
/// pictures, UGF figures): not kept.
pub const NOT_KEPT: Code = Code::new("servers/not-kept");
/// An input the reader cannot read (an encrypted UGF file, UTF-16).
pub const UNSUPPORTED: Code = Code::new("servers/unsupported");

const fn row(code: Code, severity: Severity, critical: bool, fix: &'static str) -> CodeInfo {
    CodeInfo {
        code,
        severity,
        critical,
        sgfc: &[],
        fix,
    }
}

use Severity::{Error, Note, Warning};

/// Every code, with the most serious severity it is reported at. `fix`
/// says what the conversion to SGF does.
#[rustfmt::skip]
pub static ALL: &[CodeInfo] = &[
    row(NOT_THIS_FORMAT, Error, true, "nothing converted"),
    row(MISSING_SECTION, Error, true, "what the other sections hold is converted"),
    row(TRUNCATED, Warning, true, "the moves up to the end of the file are converted"),
    row(UNKNOWN_KEY, Warning, true, "the value is not kept"),
    row(UNKNOWN_SECTION, Warning, true, "the section is not kept"),
    row(BAD_LINE, Error, true, "the line is skipped"),
    row(BAD_VALUE, Warning, true, "text values go to GC, numbers are dropped"),
    row(OFF_BOARD, Error, true, "the move or stone is dropped"),
    row(ILLEGAL_MOVE, Warning, false, "kept: SGF readers replay it as the file says"),
    row(MOVE_NUMBER, Warning, false, "the file's number is kept in MN"),
    row(CHARSET, Warning, false, "the text is read in the charset found"),
    row(NOT_KEPT, Note, true, "not kept"),
    row(UNSUPPORTED, Error, true, "nothing converted"),
];

/// The table row of a code of this crate.
pub fn info(code: Code) -> Option<&'static CodeInfo> {
    ALL.iter().find(|i| i.code == code)
}

//! The Go servers' own game records, read and converted to SGF: Tygem
//! `.gib`, WBaduk and Cyberoro `.ngf`, Pandanet (IGS) `.ugf` and `.ugi`.
//!
//! [`read`] gives a `kifu_sgf` [`Collection`] (FF\[4\], UTF-8) holding the
//! game, so every other part of kifu (the SGF, XML and JSON writers,
//! `check`, `render`) takes it as it takes SGF. Readers are tolerant:
//! they never fail and never panic, and report what they could not read
//! as [`Diagnostic`]s with byte spans into the
//! file (see [`codes`]). Reading is linear in the input. [`read`] does
//! not play the game, as `kifu_sgf::parse` does not; [`read_checked`]
//! also replays it and reports illegal moves at their place in the file.
//!
//! ```
//! use kifu_servers::{Format, read};
//!
//! let gib = "\\HS\n\\[GAMEBLACKNAME=kuro (3단)\\]\n\\[GAMEWHITENAME=shiro (2단)\\]\n\
//!            \\[GAMEINFOMAIN=GRLT:3,ZIPSU:0,GONGJE:65\\]\n\\HE\n\
//!            \\GS\n2 1 0\n3 0 &4\nINI 0 1 0 &4\nSTO 0 2 1 15 3\nSTO 0 3 2 3 15\n\\GE\n";
//! assert_eq!(Format::sniff(gib.as_bytes()), Some(Format::Gib));
//! let parsed = read(gib.as_bytes(), Format::Gib);
//! assert!(parsed.diagnostics.is_empty());
//! let sgf = kifu_sgf::write::normalized(&parsed.value);
//! assert_eq!(
//!     String::from_utf8(sgf).unwrap(),
//!     "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[kuro]BR[3d]PW[shiro]WR[2d]KM[6.5]RE[B+R];B[pd]\n;W[dp])\n"
//! );
//! ```
//!
//! # What each format becomes
//!
//! | | GIB | NGF | UGF / UGI |
//! |---|---|---|---|
//! | `PB` `BR` `PW` `WR` | `GAMEBLACKNAME=name (rank)` | lines 3 (White) and 4 (Black): `name rank` | `PlayerB=name,rank,…` |
//! | `KM` | `GONGJE` / `GAMEGONGJE` / tag `G`, in tenths | line 8, plus ½ without handicap | `Hdcp=…,komi` |
//! | `HA` `AB` | `INI 0 1 H`: Tygem's points | line 6: Tygem's points | `Hdcp=H,…`; stones numbered 0 in `[Data]` |
//! | `RE` | `GRLT` + `ZIPSU`, else `GAMERESULT` | line 11 (`Black wins by 0.5!`) | `Winner=B,7.50` |
//! | `DT` | `GAMEDATE`, `GDATE`, tag `C` | line 9 | `Date=start,…,end,…` |
//! | `TM` `OT` | `GTIME:1200-30-3` / tag `T` | — | `Ptime` (main time) |
//! | `GN` `EV` `RO` `PC` `RU` | `GAMENAME`, —, —, `GAMEPLACE`, — | line 1, —, —, line 5, — | —, `Title` (two fields), `Title` (third), `Place`, `Rule` |
//! | `AN` `US` `CP` `GC` | `GAMELECNAME`, —, —, `GAMECOMMENT` | — | `Commentator`, `Writer`, `Copyright`, `Comment` |
//! | moves | `STO 0 N C X Y`, `SKI 0 N` (pass) | `PMnnCxyyx` (`AA` pass) | `[Data]` `XY,C1,N,secs` (off-board letters: pass) |
//! | `C` | the `INI` line's text | `IDB[n] text[EndTxt]` (the `GI` variant) | `[Figure]` `.Text`, `[ReviewComment]` (chat) |
//! | variations | — | — | `[ReviewNode]` `VARIATION` blocks, `[Figure]` `.Fig` figures (`N`, `VW`) |
//!
//! A move numbered other than its place in the game keeps the file's
//! number in `MN`. `docs/architecture.md` says where each fact comes from
//! and what is not kept.
//!
//! # Charsets
//! GIB and NGF files do not say which charset their text is in; the bytes
//! decide (through `kifu_sgf::charset`: valid UTF-8 is UTF-8, anything
//! else is detected), with a GIB file's `GIBOKIND` (`Korea`: EUC-KR,
//! `China`: GB18030) as a hint. UGF files name theirs in `Lang=`, which is
//! checked against the bytes. Diagnostics say what was guessed.

#![warn(missing_docs)]

mod charset;
pub mod codes;
mod gib;
mod ngf;
mod record;
mod scan;
mod ugf;
mod values;

use kifu_diag::{Diagnostic, Parsed, Severity, Span};
use kifu_sgf::Collection;

/// A server format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Tygem (`.gib`).
    Gib,
    /// WBaduk and Cyberoro (`.ngf`).
    Ngf,
    /// Pandanet / IGS, written by PandaEgg (`.ugf`).
    Ugf,
    /// Pandanet / IGS and the Panda-glGo viewer (`.ugi`): the same format
    /// as UGF, read by the same reader.
    Ugi,
}

impl Format {
    /// Every format, in the order above.
    pub const ALL: [Format; 4] = [Format::Gib, Format::Ngf, Format::Ugf, Format::Ugi];

    /// The format a file extension names (any case, with or without the
    /// dot); `None` for any other extension.
    ///
    /// ```
    /// use kifu_servers::Format;
    /// assert_eq!(Format::from_extension("GIB"), Some(Format::Gib));
    /// assert_eq!(Format::from_extension(".ugi"), Some(Format::Ugi));
    /// assert_eq!(Format::from_extension("sgf"), None);
    /// ```
    pub fn from_extension(extension: &str) -> Option<Format> {
        let e = extension.strip_prefix('.').unwrap_or(extension);
        Format::ALL
            .into_iter()
            .find(|f| f.extension().eq_ignore_ascii_case(e))
    }

    /// The usual file extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Gib => "gib",
            Format::Ngf => "ngf",
            Format::Ugf => "ugf",
            Format::Ugi => "ugi",
        }
    }

    /// The format's name for people: `Tygem GIB`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Gib => "Tygem GIB",
            Format::Ngf => "WBaduk NGF",
            Format::Ugf => "Pandanet UGF",
            Format::Ugi => "Pandanet UGI",
        }
    }

    /// The server format the bytes are in, from their content alone (for
    /// a file with no extension or the wrong one: a `.sgf` that is really
    /// GIB); `None` for anything else, SGF included. UGF and UGI files
    /// cannot be told apart: both give [`Format::Ugf`]. Looks at the
    /// first 4 KiB.
    ///
    /// ```
    /// use kifu_servers::Format;
    /// assert_eq!(Format::sniff(b"\\HS\r\n\\[GIBOKIND=Global\\]\r\n"), Some(Format::Gib));
    /// assert_eq!(Format::sniff(b"[Header]\nVer=UGF3,200\n"), Some(Format::Ugf));
    /// assert_eq!(Format::sniff(b"Rated game\n19\nA 3D\nB 2D\nsite\n0\n0\n6\n20170316\n5\nBlack wins!\n1\nPMABBREER\n"), Some(Format::Ngf));
    /// assert_eq!(Format::sniff(b"(;GM[1]SZ[19];B[pd])"), None);
    /// ```
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        let head = &bytes[scan::after_bom(bytes)..bytes.len().min(4096)];
        let first = scan::lines(head, 0)
            .map(|l| l.trim())
            .find(|l| !l.bytes.is_empty())?;
        if first.bytes == b"\\HS"
            || first.starts_with(b"\\[GIBOKIND=")
            || first.starts_with(b"\\[GAME")
        {
            return Some(Format::Gib);
        }
        if ugf::is_header_start(head) {
            return Some(Format::Ugf);
        }
        if ngf::looks_like_ngf(head) {
            return Some(Format::Ngf);
        }
        None
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The stages of [`read`] one at a time, for the benchmark (`kifu-bench`'s
/// `kifu-servers-bench`) to say where the time goes. Not part of the
/// supported API.
#[doc(hidden)]
pub mod stages {
    use super::*;

    /// Reads the file into its record (no collection); the number of
    /// nodes read.
    pub fn record(input: &[u8], format: Format) -> usize {
        record_of(input, format, &mut Vec::new()).map_or(0, |r| r.nodes.len())
    }
}

/// The record of a file, as [`read`] makes it.
fn record_of(
    input: &[u8],
    format: Format,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<record::Record> {
    if utf16(input) {
        diagnostics.push(Diagnostic::new(
            codes::UNSUPPORTED,
            Severity::Error,
            Span::new(0, 2),
            "the file is UTF-16: server files are read as 8-bit text",
        ));
        return None;
    }
    match format {
        Format::Gib => gib::read(input, diagnostics),
        Format::Ngf => ngf::read(input, diagnostics),
        Format::Ugf | Format::Ugi => ugf::read(input, diagnostics),
    }
}

/// Reads a file in `format` and converts it to an SGF collection: one game
/// (none when nothing of the format is there), FF\[4\], `CA[UTF-8]`. The
/// diagnostics' spans are byte offsets into `input`.
///
/// As `kifu_sgf::parse` does for SGF, this reads the game without playing
/// it: illegal moves are found by [`read_checked`], which `kifu check` and
/// `convert` use. (The replay was a quarter to a third of the time.)
///
/// ```
/// use kifu_servers::{Format, read};
///
/// let ugf = "[Header]\nLang=SJIS\nSize=9\nHdcp=0,6.50\nWinner=W,C\nPlayerB=kuro,3d,,\n\
///            PlayerW=shiro,4d,,\nCoordinateType=IGS\n[Data]\nGG,B1,1,0\nCC,W1,2,0\nYA,B1,3,0\n";
/// let parsed = read(ugf.as_bytes(), Format::Ugf);
/// assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
/// let game = parsed.value.game(0).unwrap();
/// assert_eq!(game.info().result.unwrap().to_string(), "W+R");
/// assert_eq!(
///     String::from_utf8(kifu_sgf::write::normalized(&parsed.value)).unwrap(),
///     "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[kuro]BR[3d]PW[shiro]WR[4d]KM[6.5]RE[W+R];B[gc]\n;W[cg];B[])\n"
/// );
/// ```
pub fn read(input: &[u8], format: Format) -> Parsed<Collection<'static>> {
    read_with(input, format, false)
}

/// As [`read`], and replays every line of the game on a board: each
/// illegal move (on a stone, suicide, a ko taken back at once) is
/// reported at its place in the file ([`codes::ILLEGAL_MOVE`]), and kept.
///
/// ```
/// use kifu_servers::{Format, codes, read, read_checked};
///
/// let gib = "\\HS\n\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\nSTO 0 3 2 3 3\n\\GE\n";
/// assert!(read(gib.as_bytes(), Format::Gib).diagnostics.is_empty());
/// let checked = read_checked(gib.as_bytes(), Format::Gib);
/// assert_eq!(checked.diagnostics.len(), 1);
/// assert_eq!(checked.diagnostics[0].code, codes::ILLEGAL_MOVE);
/// // The span is the line of the second move.
/// assert_eq!(checked.diagnostics[0].span.start as usize, gib.find("STO 0 3").unwrap());
/// ```
pub fn read_checked(input: &[u8], format: Format) -> Parsed<Collection<'static>> {
    read_with(input, format, true)
}

fn read_with(input: &[u8], format: Format, replay: bool) -> Parsed<Collection<'static>> {
    let mut diagnostics = Vec::new();
    let record = record_of(input, format, &mut diagnostics);
    let value = match record {
        Some(record) => {
            if replay {
                record.replay(&mut diagnostics);
            }
            record.into_collection()
        }
        None => kifu_sgf::parse(b"").value,
    };
    diagnostics.sort_by_key(|d| d.span.start);
    Parsed { value, diagnostics }
}

/// Whether the input starts with a UTF-16 byte order mark.
fn utf16(input: &[u8]) -> bool {
    input.starts_with(b"\xFF\xFE") || input.starts_with(b"\xFE\xFF")
}

//! GoGui / Jago Go XML (`application/x-go+xml`): read, write, and convert
//! to and from SGF without losing anything.
//!
//! The format is Jago's (`go.dtd`, shipped as `shared/corpus/xml/go.dtd`),
//! as GoGui writes it. Both directions go through [`Document`], a tree of
//! SGF properties: the reader maps XML elements to SGF properties, the
//! writer maps back every property an element can hold exactly and writes
//! the rest as `<SGF type="ID"><Arg>value</Arg></SGF>`. So
//! SGF → XML → SGF and XML → SGF → XML give the same trees.
//!
//! ```
//! let sgf = kifu_sgf::parse(b"(;GM[1]SZ[9]PB[Kuro];B[ee](;W[gc]C[main])(;W[cg]))").value;
//! let xml = kifu_xml::write(&kifu_xml::Document::from_sgf(&sgf));
//! let back = kifu_xml::read(xml.as_bytes());
//! assert!(back.diagnostics.is_empty());
//! let again = back.value.to_sgf();
//! assert_eq!(
//!     String::from_utf8(kifu_sgf::write::normalized(&again)).unwrap(),
//!     "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[Kuro];B[ee]\n(;W[gc]C[main])\n(;W[cg]))\n"
//! );
//! ```
//!
//! # Mapping
//! | SGF | XML |
//! |---|---|
//! | root `AP SZ PB BR PW WR DT TM KM RE HA US CP AN BT WT RO RU SO` (the first value; `TM` only as seconds over 0, as GoGui's `<Time>` means it) | `Information` children; further values and other `TM` as `SGF` elements of the root |
//! | root `GN` | `GoGame name` |
//! | `B`, `W` (point, or a pass: `[]`, `[tt]` up to 19x19), `BL`/`WL` of that move | `Black`/`White` `at` (`""` for a pass), `timeleft`; `number` is the natural move number |
//! | `MN` | `SGF type="MN"`, as GoGui keeps it (read also from a `number` that is not the natural one) |
//! | `AB`, `AW`, `AE` (compressed lists `aa:bb` point by point, as for marks and `SGF` elements) | `AddBlack`, `AddWhite`, `Delete` |
//! | `MA SQ CR TR TB TW`, `LB` | `Mark` (type, territory, label) |
//! | `C` | `Comment` with one `P` per line |
//! | `N` | `Node name` |
//! | later children of a node | `Variation` elements after the first child |
//! | anything else, and values the elements cannot hold | `SGF type` + `Arg` |
//! | unknown XML elements / attributes (read) | private SGF properties `XML` / `XMLATTR` |
//!
//! # Limitations
//! - `CA` is not written: the XML is UTF-8, and so is SGF read from it.
//!   Nor are the root's `FF` and `GM[1]`: they describe the SGF file, and
//!   SGF writers write them (kifu's normalized writer, GoGui's).
//! - Characters XML 1.0 cannot hold at all (control characters other than
//!   tab, LF and CR) are written as private-use characters U+F700 + code,
//!   which kifu reads back as themselves; other readers show them as they are.
//! - Unknown attributes are kept in the SGF property `XMLATTR` of their
//!   node, not put back on their element.

#![warn(missing_docs)]

mod model;
mod read;
mod write;

pub use model::{Document, Tree, TreeNode};
pub use read::{codes, read};
pub use write::{write, write_sgf};

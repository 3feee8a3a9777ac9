//! Converts a Go XML file to SGF on stdout, printing diagnostics on stderr.
//!
//! `cargo run -p kifu-xml --example xml_to_sgf -- FILE.xml`
fn main() {
    let path = std::env::args().nth(1).expect("usage: xml_to_sgf FILE.xml");
    let bytes = std::fs::read(&path).expect("read the file");
    let parsed = kifu_xml::read(&bytes);
    for d in &parsed.diagnostics {
        eprintln!("{path}: byte {}: {d}", d.span.start);
    }
    let sgf = kifu_sgf::write::normalized(&parsed.value.to_sgf());
    print!("{}", String::from_utf8_lossy(&sgf));
}

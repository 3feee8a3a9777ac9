//! Converts a server file to SGF on standard output, with its diagnostics
//! on standard error: `cargo run -p kifu-servers --example server2sgf FILE`.

use kifu_diag::LineIndex;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: server2sgf FILE.(gib|ngf|ugf|ugi)");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let format = std::path::Path::new(&path)
        .extension()
        .and_then(|e| kifu_servers::Format::from_extension(&e.to_string_lossy()))
        .or_else(|| kifu_servers::Format::sniff(&bytes));
    let Some(format) = format else {
        eprintln!("{path}: not a GIB, NGF, UGF or UGI file");
        std::process::exit(2);
    };
    let parsed = kifu_servers::read_checked(&bytes, format);
    let index = LineIndex::new(&bytes);
    for d in &parsed.diagnostics {
        let (line, column) = index.position(&bytes, d.span.start);
        eprintln!("{path}:{line}:{column}: {d}");
    }
    print!(
        "{}",
        String::from_utf8_lossy(&kifu_sgf::write::normalized(&parsed.value))
    );
}

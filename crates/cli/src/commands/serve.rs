//! `kifu serve BOOK [--port N] [--open]`: the book's page in the browser,
//! updated on every save (the server is kifu-serve; this reads and
//! renders the book as `kifu render BOOK -o PAGE.html` does, and watches
//! the files it read).

use std::path::{Path, PathBuf};
use std::sync::mpsc::channel;
use std::time::Instant;

use kifu_serve::{BookPage, Finding, Rendering, Server, SourcePlace, Watcher};

use crate::args::ServeArgs;
use crate::error::{CliError, EXIT_CLEAN};
use crate::formats;
use crate::input;

/// The port tried first when none is given ("kifu" on a phone's keypad
/// is 5438; 8424 is free of the usual development servers).
const DEFAULT_PORT: u16 = 8424;

/// A rendering and the files it was made from.
struct Rendered {
    rendering: Rendering,
    files: Vec<PathBuf>,
    /// The errors, for the line printed after each update.
    errors: usize,
}

pub(crate) fn run(args: &ServeArgs) -> Result<u8, CliError> {
    if input::is_stdio(&args.input) {
        return Err(CliError::usage(
            "kifu serve watches a book on disk: give its path, not -",
        ));
    }
    let name = args.input.display().to_string();
    let (jumps, jumped) = channel();
    let server = match args.port {
        Some(port) => Server::bind(port, jumps),
        None => Server::bind(DEFAULT_PORT, jumps.clone()).or_else(|_| Server::bind(0, jumps)),
    }
    .map_err(|e| CliError::io("kifu serve: 127.0.0.1", e))?;
    let (changed, changes) = channel();
    let mut watcher = Watcher::new(changed)
        .map_err(|e| CliError::usage(format!("kifu serve: cannot watch files: {e}")))?;
    let first = render(args)?;
    watcher.watch(&first.files);
    let errors = first.errors;
    server.publish(first.rendering);
    if !args.quiet {
        crate::stdio::eprintln(format_args!(
            "kifu: serving {name} at {} ({}; Ctrl-C stops)",
            server.url(),
            count(errors, "error")
        ));
    }
    if args.open {
        open_browser(&server.url());
    }
    // A click in the page that asks for a source place: printed, as
    // `file:line:col`, for the terminal or an editor reading it.
    std::thread::spawn(move || {
        for place in jumped {
            let line = format!("{}:{}:{}\n", place.file.display(), place.line, place.column);
            let _ = crate::stdio::print(line.as_bytes());
        }
    });
    while changes.recv().is_ok() {
        while changes.try_recv().is_ok() {}
        let start = Instant::now();
        let next = render(args)?;
        watcher.watch(&next.files);
        let errors = next.errors;
        server.publish(next.rendering);
        if !args.quiet {
            crate::stdio::eprintln(format_args!(
                "kifu: {name}: shown in {} ms ({})",
                start.elapsed().as_millis(),
                count(errors, "error")
            ));
        }
    }
    Ok(EXIT_CLEAN)
}

fn count(n: usize, what: &str) -> String {
    match n {
        0 => format!("no {what}s"),
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// Opens `url` in the system's browser (the user asked with `--open`).
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        vec!["open", url]
    } else if cfg!(windows) {
        vec!["cmd", "/C", "start", "", url]
    } else {
        vec!["xdg-open", url]
    };
    let spawned = std::process::Command::new(command[0])
        .args(&command[1..])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        crate::stdio::eprintln(format_args!(
            "kifu: could not open a browser ({e}): open {url}"
        ));
    }
}

/// The book as its page, with its errors and where each element is
/// written. A book that cannot be read at all is an error shown over the
/// page kept.
fn render(args: &ServeArgs) -> Result<Rendered, CliError> {
    let mut files = vec![args.input.clone()];
    files.extend(args.notes.iter().cloned());
    let place = |line: u32, column: u32| SourcePlace {
        file: absolute(&args.input),
        line,
        column,
    };
    let failed = |message: String, files: Vec<PathBuf>| Rendered {
        rendering: Rendering {
            findings: vec![Finding {
                code: "kifu/unreadable".to_owned(),
                severity: "error".to_owned(),
                message,
                place: Some(place(1, 1)),
            }],
            ..Rendering::default()
        },
        files,
        errors: 1,
    };
    let input = match input::read(&args.input) {
        Ok(input) => input,
        Err(e) => return Ok(failed(e.to_string(), files)),
    };
    let format = formats::of_input(&args.input, &input.bytes);
    if !format.is_book() {
        return Err(CliError::usage(format!(
            "{}: kifu serve shows Go books (.gobook, .gobk); `kifu book` makes one from a game",
            input.name
        )));
    }
    let book = match crate::book::read(&input, &args.input, format) {
        Ok(book) => book,
        Err(e) => return Ok(failed(e, files)),
    };
    let notes = match args.notes.as_deref().map(input::read).transpose() {
        Ok(notes) => notes,
        Err(e) => return Ok(failed(e.to_string(), files)),
    };
    let path = absolute(&args.input);
    let render = || {
        let (expanded, _) = book.file_diagnostics();
        let with_notes = notes
            .as_ref()
            .map(|n| kifu_book::notes::insert(&kifu_book::read(&n.bytes).value, &expanded.value));
        let page = BookPage {
            path: &path,
            text: &book.text,
            book: &book.book,
            shown: with_notes.as_ref().map_or(&expanded.value, |n| &n.value),
            languages: &args.lang,
        };
        page.render(&|name| book.load_image(name))
    };
    // The checker and the page side by side (each expands the includes:
    // done once before both, it held up the two).
    let (found, rendering) = std::thread::scope(|s| {
        let checked = s.spawn(|| book.check(None));
        let rendering = render();
        (checked.join().unwrap_or_default(), rendering)
    });
    let folder = args.input.parent().unwrap_or(Path::new(""));
    files.extend(book.files_asked().iter().map(|name| folder.join(name)));
    let page = BookPage {
        path: &path,
        text: &book.text,
        book: &book.book,
        shown: &book.book,
        languages: &args.lang,
    };
    let findings = page.errors(&found);
    Ok(Rendered {
        errors: findings.len(),
        rendering: Rendering {
            findings,
            ..rendering
        },
        files,
    })
}

fn absolute(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

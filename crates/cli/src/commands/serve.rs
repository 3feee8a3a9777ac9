//! `kifu serve BOOK [--port N] [--open]`: the book's page in the browser,
//! updated on every save (the server is kifu-serve; this reads and
//! renders the book as `kifu render BOOK -o PAGE.html` does, and watches
//! the files it read).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::channel;
use std::time::Instant;

use kifu_book::Book;
use kifu_book::model::ElementKind;
use kifu_diag::{Diagnostic, LineIndex};
use kifu_render::flow::{Flow, FlowOptions};
use kifu_render::html::HtmlOptions;
use kifu_serve::{Finding, Rendering, Server, SourcePlace, Watcher};

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
    let notes = match &args.notes {
        Some(path) => Some(input::read(path)?),
        None => None,
    };
    // The checker and the page side by side: each about as long.
    let (found, page, places) = std::thread::scope(|s| {
        let checked = s.spawn(|| book.check(None));
        let (expanded, _) = book.file_diagnostics();
        let with_notes = notes
            .as_ref()
            .map(|n| kifu_book::notes::insert(&kifu_book::read(&n.bytes).value, &expanded.value));
        let shown = with_notes.as_ref().map_or(&expanded.value, |n| &n.value);
        let flow = Flow::new(
            shown,
            &|name| book.load_image(name),
            &FlowOptions {
                languages: Vec::new(),
                preferred: args.lang.clone(),
            },
        );
        let options = HtmlOptions {
            languages: args.lang.clone(),
            title: None,
            shared_positions: false,
        };
        let page = kifu_render::html::flow_to_html(&flow, &options);
        let offsets = anchors_in_book(&book.book, shown, &flow);
        let found = checked.join().unwrap_or_default();
        (found, page, offsets)
    });
    let folder = args.input.parent().unwrap_or(Path::new(""));
    files.extend(book.files_asked().iter().map(|name| folder.join(name)));
    let errors: Vec<&Diagnostic> = found.iter().filter(|d| d.is_error()).collect();
    let index = LineIndex::new(&book.text);
    let mut offsets: Vec<u32> = errors.iter().map(|d| d.span.start).collect();
    offsets.extend(places.iter().map(|(_, o)| *o));
    let positions = crate::report::positions(&index, &book.text, encoding_rs::UTF_8, &offsets);
    let at = |k: usize| place(positions[k].0 as u32, positions[k].1 as u32);
    let findings: Vec<Finding> = errors
        .iter()
        .enumerate()
        .map(|(k, d)| Finding {
            code: d.code.as_str().to_owned(),
            severity: d.severity.to_string(),
            message: d.message.to_string(),
            place: Some(at(k)),
        })
        .collect();
    let places: HashMap<String, SourcePlace> = places
        .into_iter()
        .enumerate()
        .map(|(k, (anchor, _))| (anchor, at(errors.len() + k)))
        .collect();
    Ok(Rendered {
        errors: findings.len(),
        rendering: Rendering {
            page: Some(page),
            findings,
            places,
        },
        files,
    })
}

fn absolute(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The anchor of each element of the page that is written in the book
/// itself (not in an include or a notes file), with its offset there.
fn anchors_in_book(book: &Book, shown: &Book, flow: &Flow<'_>) -> Vec<(String, u32)> {
    let own = own_elements(book, shown);
    flow.anchors()
        .into_iter()
        .filter_map(|(anchor, element)| {
            let k = (*own.get(element)?)?;
            Some((anchor.to_owned(), book.elements()[k].span().start))
        })
        .collect()
}

/// For each element of `shown` (the book with its includes expanded and
/// its notes inserted), the element of `book` it is, if any: the
/// expansion keeps the book's own elements in order, with their spans,
/// and puts an include's elements where the include was.
fn own_elements(book: &Book, shown: &Book) -> Vec<Option<usize>> {
    let original = book.elements();
    let mut next = 0;
    shown
        .elements()
        .iter()
        .map(|e| {
            let same = |k: usize| {
                original
                    .get(k)
                    .is_some_and(|o| o.span() == e.span() && o.kind() == e.kind())
            };
            let mut k = next;
            while !same(k)
                && original
                    .get(k)
                    .is_some_and(|o| o.kind() == ElementKind::Include)
            {
                k += 1;
            }
            same(k).then(|| {
                next = k + 1;
                k
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_book::include::{Source, expand_from};

    #[test]
    fn the_elements_of_includes_are_not_the_book_s_own() {
        let text = "::book(#b)\n\n\n\n::chapter(#c)\n\nOne.\n\n::include url=\"a.gobook\"\n\n::include url=\"b.gobook\"\n\nTwo.\n";
        let book = kifu_book::parse(text).value;
        let expanded = expand_from(&book, None, &mut |url| {
            Ok(Source {
                key: url.to_owned(),
                text: "One.\n\nInside.\n".to_owned(),
            })
        })
        .value;
        assert_eq!(expanded.elements().len(), 8);
        let own = own_elements(&book, &expanded);
        let expected = [Some(0), Some(1), Some(2), None, None, None, None, Some(5)];
        assert_eq!(own, expected);
        let paragraph = &book.elements()[5];
        assert_eq!(&text[paragraph.span().range()], "Two.");
    }
}

//! Where a big book's save goes in `kifu serve`: each stage of one
//! rendering, timed on its own (the median of RUNS), for BENCHMARKS.md.
//!
//! Usage: cargo run --release -p kifu-serve --example stages BOOK [RUNS]

use std::path::Path;
use std::time::{Duration, Instant};

use kifu_book::files::FileError;
use kifu_render::flow::{Flow, FlowOptions};
use kifu_render::html::HtmlOptions;
use kifu_serve::{BookPage, Server};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: stages BOOK [RUNS]");
    let runs: usize = args.next().map_or(5, |r| r.parse().expect("RUNS"));
    let text = std::fs::read(&path).expect("the book");
    let no_files = &mut |_: &str, _: Option<u64>| Err(FileError::NotFound);
    let mut times: Vec<(&str, Vec<Duration>)> = Vec::new();
    let mut time =
        |stage: &'static str, took: Duration| match times.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, all)) => all.push(took),
            None => times.push((stage, vec![took])),
        };
    let (jumps, _) = std::sync::mpsc::channel();
    let server = Server::bind(0, jumps).expect("a port");
    for _ in 0..runs {
        let start = Instant::now();
        let book = kifu_book::read(&text).value;
        time("read", start.elapsed());
        let start = Instant::now();
        let (expanded, _) = kifu_book::include::check_files(&book, None, no_files);
        time("expand includes", start.elapsed());
        let start = Instant::now();
        let checked = kifu_book::include::check_with_files(&book, None, no_files);
        time("check (beside the page)", start.elapsed());
        let options = FlowOptions {
            languages: Vec::new(),
            preferred: Vec::new(),
        };
        let start = Instant::now();
        let flow = Flow::new(&expanded.value, &|_| None, &options);
        time("flow (resolve, blocks)", start.elapsed());
        let start = Instant::now();
        let html = kifu_render::html::flow_to_html(&flow, &HtmlOptions::default());
        time("html", start.elapsed());
        drop((flow, html, checked));
        let page = BookPage {
            path: Path::new(&path),
            text: &text,
            book: &book,
            shown: &expanded.value,
            languages: &[],
        };
        let start = Instant::now();
        let rendering = page.render(&|_| None);
        time("BookPage::render (flow, html, places)", start.elapsed());
        let start = Instant::now();
        server.publish(rendering);
        time("publish (cut, diff, push)", start.elapsed());
    }
    for (stage, mut all) in times {
        all.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let (median, low, high) = (all[all.len() / 2], all[0], all[all.len() - 1]);
        println!(
            "{stage:40} {:7.0} ms  ({:.0}-{:.0})",
            ms(median),
            ms(low),
            ms(high)
        );
    }
}

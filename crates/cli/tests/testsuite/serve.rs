//! `kifu serve`: the real binary on a free port, spoken to over sockets
//! (a save pushed to an open page; files out of the book's folder never
//! shown) and, in Debian's headless Chromium, the preview following an
//! author's edits (`crates/render/tests/browser/serve-test.mjs`).

#![cfg(unix)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

/// A running `kifu serve`, killed when dropped.
struct Serving {
    child: Child,
    url: String,
    port: u16,
    stdout: PathBuf,
    _out: tempfile::TempDir,
}

impl Serving {
    fn start(book: &Path) -> Serving {
        let out = tempfile::tempdir().unwrap();
        let stdout = out.path().join("stdout");
        let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["serve", "--port", "0"])
            .arg(book)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&stdout).unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run kifu serve");
        let (send, receive) = channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            // The first line says where; the others are shown with the
            // test's output.
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if send.send(line.clone()).is_err() {
                    eprintln!("{line}");
                }
            }
        });
        let line = receive
            .recv_timeout(Duration::from_secs(30))
            .expect("kifu serve says where it serves");
        drop(receive);
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        let port = url
            .trim_start_matches("http://127.0.0.1:")
            .trim_end_matches('/')
            .parse()
            .unwrap();
        Serving {
            child,
            url,
            port,
            stdout,
            _out: out,
        }
    }

    fn get(&self, path: &str) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        let status = answer[9..12].parse().unwrap();
        (status, answer.split_once("\r\n\r\n").unwrap().1.to_owned())
    }

    /// The events of the page stream, as `event` and `data` lines.
    fn events(&self) -> BufReader<TcpStream> {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        write!(
            s,
            "GET /_kifu/events?v=1 HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            self.port
        )
        .unwrap();
        BufReader::new(s)
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The next event named `name` and its data.
fn next_event(stream: &mut BufReader<TcpStream>, name: &str) -> String {
    let mut event = String::new();
    loop {
        let mut line = String::new();
        let read = stream.read_line(&mut line).expect("an event in time");
        assert!(read > 0, "the stream closed");
        if let Some(e) = line.strip_prefix("event: ") {
            event = e.trim().to_owned();
        } else if let Some(d) = line.strip_prefix("data: ")
            && event == name
        {
            return d.to_owned();
        }
    }
}

#[test]
fn a_save_is_pushed_to_the_open_pages() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    std::fs::write(
        &book,
        "::book(#b)\n\n\n\n::chapter(#c)\n\nBefore the save.\n",
    )
    .unwrap();
    let serving = Serving::start(&book);
    assert!(serving.get("/").1.contains("Before the save."));
    let mut stream = serving.events();
    next_event(&mut stream, "findings");
    std::fs::write(
        &book,
        "::book(#b)\n\n\n\n::chapter(#c)\n\nAfter the save.\n",
    )
    .unwrap();
    let update = next_event(&mut stream, "update");
    assert!(update.contains("After the save."), "{update}");
    assert!(serving.get("/").1.contains("After the save."));
}

#[test]
fn files_out_of_the_book_s_folder_are_never_shown() {
    let root = tempfile::tempdir().unwrap();
    let folder = root.path().join("book");
    std::fs::create_dir(&folder).unwrap();
    // A real PNG outside the folder, named through a link inside it and
    // through `..`.
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0";
    std::fs::write(root.path().join("secret.png"), png).unwrap();
    std::os::unix::fs::symlink(root.path().join("secret.png"), folder.join("link.png")).unwrap();
    let book = folder.join("book.gobook");
    std::fs::write(
        &book,
        "::book(#b)\n\n\n\n::chapter(#c)\n\n::img url=\"link.png\"\n\n::img url=\"../secret.png\"\n\nText.\n",
    )
    .unwrap();
    let serving = Serving::start(&book);
    let (status, page) = serving.get("/");
    assert_eq!(status, 200);
    assert!(
        !page.contains("data:image/png"),
        "an image from outside is shown"
    );
    assert!(page.contains("Missing image: link.png"));
    let mut stream = serving.events();
    let findings = next_event(&mut stream, "findings");
    assert!(
        findings.contains("link.png") && findings.contains("outside"),
        "{findings}"
    );
    for path in ["/link.png", "/../secret.png", "/book.gobook", "/secret.png"] {
        assert_eq!(serving.get(path).0, 404, "{path}");
    }
    assert_eq!(serving.get("/").0, 200, "the server is still up");
}

/// A book of eight chapters, each with an English and a German
/// paragraph, a game and a figure (`#f1`...), then diagrams and text to
/// scroll past: 160 diagrams, so that the page is written as a big book's
/// (figures numbered by the script, drawn when near the window). `extra`
/// adds text to a chapter, `five_moves` a move to chapter 5's game.
fn served_book(extra: &[(usize, &str)], five_moves: bool) -> String {
    let mut text = String::from("::book(#served) title=\"Served\"\n\n\n\n");
    for n in 1..=8 {
        let (moves, to) = if n == 5 && five_moves {
            ("D4 Q16 D16 Q4 C3", 5)
        } else {
            ("D4 Q16 D16 Q4", 4)
        };
        text.push_str(&format!(
            "::chapter(#c{n})\n\n\n::h2 Chapter {n}\n\n::en English words of chapter {n}.\n\n::de Deutsche Worte von Kapitel {n}.\n\n\
             ::go mv=\"{moves}\"\n\n::fig(#f{n}) at=1 to={to}\n\n"
        ));
        for (_, more) in extra.iter().filter(|(c, _)| *c == n) {
            text.push_str(more);
            text.push_str("\n\n");
        }
        for k in 1..=19 {
            text.push_str(&format!(
                "Paragraph {k} of chapter {n}, long enough to take some room on the page so that there is something to scroll past.\n\n\
                 ::dia at=2 mv=C{} ca=\"Dia. {n}.{k}\"\n\n",
                k % 19 + 1
            ));
        }
        text.push('\n');
    }
    text
}

fn line_of(text: &str, words: &str) -> usize {
    text.lines().position(|l| l.contains(words)).unwrap() + 1
}

fn missing(what: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(
        !ci,
        "the preview's browser test cannot run under CI: {what}"
    );
    eprintln!("skipping the preview's browser test: {what} (scripts/test-all installs it)");
}

#[test]
fn the_preview_follows_the_book_in_chromium() {
    let chromium = std::env::var_os("KIFU_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../render/tests/browser");
    if !chromium.exists() {
        return missing(&format!("no Chromium at {}", chromium.display()));
    }
    if !scripts.join("node_modules/playwright-core").exists() {
        return missing("no node_modules in crates/render/tests/browser (run `npm ci` there)");
    }
    let dir = tempfile::tempdir().unwrap();
    let versions = dir.path().join("versions");
    std::fs::create_dir(&versions).unwrap();
    let hostile =
        "<script>window.pwned = 1</script> <img src=x onerror=\"window.pwned = 2\"> **bold**";
    let jump = "Jump from here.";
    let scroll = "Scroll to here.";
    let base = [(1, hostile), (5, jump), (8, scroll)];
    let with = |more: &[(usize, &'static str)]| {
        let mut all = base.to_vec();
        all.extend_from_slice(more);
        all
    };
    // A paragraph and a diagram added in chapter 2: every diagram after
    // them has another number now.
    let above = (2, "A paragraph added above.\n\n::dia at=3 mv=K10");
    let original = served_book(&base, false);
    let edited = served_book(&with(&[above]), true);
    let broken = served_book(
        &with(&[above, (5, "::dia base=nowhere mv=C3\n\nHalf typed words.")]),
        true,
    );
    let fixed = served_book(&with(&[above, (5, "Fixed words.")]), true);
    std::fs::write(versions.join("edited.gobook"), &edited).unwrap();
    std::fs::write(versions.join("broken.gobook"), &broken).unwrap();
    std::fs::write(versions.join("fixed.gobook"), &fixed).unwrap();
    let book = dir.path().join("book.gobook");
    std::fs::write(&book, &original).unwrap();

    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve");
    std::fs::create_dir_all(&shots).unwrap();
    let serving = Serving::start(&book);
    let output = match Command::new("node")
        .arg("serve-test.mjs")
        .arg(&serving.url)
        .arg(&book)
        .arg(&versions)
        .arg(line_of(&fixed, scroll).to_string())
        .arg(&shots)
        .current_dir(&scripts)
        .env("KIFU_CHROMIUM", &chromium)
        .output()
    {
        Ok(output) => output,
        Err(e) => return missing(&format!("cannot run node: {e}")),
    };
    let said = format!(
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    println!("{said}");
    assert!(
        output.status.success(),
        "the preview's browser test failed:\n{said}"
    );
    // The Alt-click asked for the paragraph's place: kifu serve printed it.
    let printed = std::fs::read_to_string(&serving.stdout).unwrap();
    let expected = format!("book.gobook:{}:1", line_of(&fixed, jump));
    assert!(printed.contains(&expected), "{expected} not in {printed:?}");
    for shot in ["serve-updated.png", "serve-error.png"] {
        assert!(shots.join(shot).exists(), "{shot}");
    }
}

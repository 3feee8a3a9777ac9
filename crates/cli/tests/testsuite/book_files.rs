//! Hostile books: the files a book names (images, includes) are read only
//! inside its folder, never hidden ones, never anything but regular files;
//! includes cannot blow up; a `.gobk` is read only from its own entries,
//! within size limits. Every input is built here in a temporary folder, and
//! every run of `kifu` is bounded: it is killed after a generous deadline,
//! and the test fails if it had to be.

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use kifu_book::package::{Package, PackageReader};

/// Far more than any of these runs takes; only a hang reaches it.
const DEADLINE: Duration = Duration::from_secs(60);

struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs kifu in `dir`, output to files (so a full pipe cannot stall it),
/// and kills it if it has not exited on its own by [`DEADLINE`].
fn kifu(args: &[&str], dir: &Path) -> Run {
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("stdout");
    let err = out_dir.path().join("stderr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("run kifu");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kifu {args:?} did not finish within {DEADLINE:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code(),
        stdout: std::fs::read(&out).unwrap(),
        stderr: String::from_utf8_lossy(&std::fs::read(&err).unwrap()).into_owned(),
    }
}

fn png() -> Vec<u8> {
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0".to_vec()
}

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn html(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("page.html")).unwrap()
}

/// The entry names of a package kifu wrote.
fn entries(dir: &Path, name: &str) -> Vec<String> {
    let bytes = std::fs::read(dir.join(name)).unwrap();
    let reader = PackageReader::new(&bytes).unwrap();
    reader.names().map(str::to_owned).collect()
}

#[test]
fn a_link_out_of_the_folder_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::os::unix::fs::symlink("/etc", d.join("evil")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", d.join("passwd.png")).unwrap();
    write(d, "ok.png", png());
    write(
        d,
        "b.gobook",
        "::book(#b)\n\n\n\n::chapter(#c)\n\n::img url=\"evil/passwd\"\n\n::img url=\"passwd.png\"\n\n::img url=\"ok.png\"\n\n::include url=\"evil/passwd\"\n",
    );
    let run = kifu(&["check", "b.gobook"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("refused-file").count(),
        3,
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("b.gobook:7:"), "{}", run.stderr);
    assert!(
        run.stderr.contains("outside the book's folder"),
        "{}",
        run.stderr
    );
    let run = kifu(&["render", "b.gobook", "-o", "page.html"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("refused-file"), "{}", run.stderr);
    let page = html(d);
    assert!(!page.contains("root:"), "/etc/passwd is in the page");
    // The legitimate image is still embedded.
    assert_eq!(page.matches("data:image/png;base64,").count(), 1);
    let run = kifu(&["convert", "b.gobook", "-o", "b.gobk", "-q"], d);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(entries(d, "b.gobk"), ["b.gobook", "ok.png"]);
}

#[test]
fn hidden_files_are_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n-----END OPENSSH PRIVATE KEY-----\n";
    write(d, ".ssh/id_rsa", key);
    // Even with an image's content, and even through a link.
    write(d, ".hidden.png", png());
    std::os::unix::fs::symlink(".ssh/id_rsa", d.join("key.png")).unwrap();
    write(
        d,
        "b.gobook",
        "::book(#b)\n\n\n\n::chapter(#c)\n\n::img url=\".ssh/id_rsa\"\n\n::img url=\".hidden.png\"\n\n::img url=\"key.png\"\n\n::include url=\".ssh/id_rsa\"\n",
    );
    let run = kifu(&["check", "b.gobook"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("refused-file").count(),
        4,
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("hidden"), "{}", run.stderr);
    let run = kifu(&["render", "b.gobook", "-o", "page.html"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let page = html(d);
    assert!(!page.contains("secret") && !page.contains("data:image"));
    let run = kifu(&["convert", "b.gobook", "-o", "b.gobk", "-q"], d);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(entries(d, "b.gobk"), ["b.gobook"]);
}

#[test]
fn an_image_or_include_named_by_an_address_is_refused_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A file that happens to carry the name is not read either: the name
    // is an address, whatever is on the disk.
    write(d, "javascript:alert(1)", png());
    write(
        d,
        "b.gobook",
        "::book(#b)\n\n\n\n::chapter(#c)\n\n::img url=\"javascript:alert(1)\"\n\n\
         ::img url=\"ftp://example.org/a.png\"\n\n::include url=\"file:///etc/passwd\"\n",
    );
    let run = kifu(&["check", "b.gobook"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("refused-file").count(),
        3,
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("it is an address"), "{}", run.stderr);
    let run = kifu(&["render", "b.gobook", "-o", "page.html"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let page = html(d);
    assert!(!page.contains("data:image") && !page.contains("root:"));
    assert!(
        !page.contains("src=\"javascript"),
        "a live address in the page"
    );
}

#[test]
fn an_image_must_be_an_image_by_its_content() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "notes.png", "my bank PIN is 1234\n");
    write(d, "b.gobook", "::img url=\"notes.png\"\n");
    let run = kifu(&["check", "b.gobook"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("b.gobook:1:11: error[book/not-an-image]"),
        "{}",
        run.stderr
    );
    kifu(&["render", "b.gobook", "-o", "page.html"], d);
    assert!(!html(d).contains("data:image"));
}

#[test]
fn a_package_never_reads_the_folder_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = "::book(#b)\n\n\n\n::chapter(#c)\n\n::img url=\"loose.png\"\n\n::include url=\"part.gobook\"\n\n::include url=\"./b.gobook\"\n";
    let package = Package::new("b.gobook", book.as_bytes().to_vec());
    write(d, "b.gobk", package.to_bytes().unwrap());
    write(d, "loose.png", png());
    write(d, "part.gobook", "LOOSE INCLUDED TEXT\n");
    let run = kifu(&["check", "b.gobk"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("missing-image"), "{}", run.stderr);
    assert!(run.stderr.contains("include-not-found"), "{}", run.stderr);
    // Its own book entry is the package's: including it is a cycle.
    assert!(
        run.stderr
            .contains("b.gobk(b.gobook):11:1: error[book/include-cycle]"),
        "{}",
        run.stderr
    );
    let run = kifu(&["render", "b.gobk", "-o", "page.html"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let page = html(d);
    assert!(!page.contains("LOOSE INCLUDED TEXT") && !page.contains("data:image"));
    let run = kifu(
        &["convert", "b.gobk", "--normalize", "-o", "n.gobk", "-q"],
        d,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(entries(d, "n.gobk"), ["b.gobook"]);
}

#[test]
fn a_fifo_named_as_an_image_or_include_does_not_block() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = Command::new("mkfifo").arg(d.join("pipe.png")).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo; skipping");
        return;
    }
    write(
        d,
        "b.gobook",
        "::img url=\"pipe.png\"\n\n::include url=\"pipe.png\"\n",
    );
    let run = kifu(&["render", "b.gobook", "-o", "page.html"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("not a regular file").count(),
        2,
        "{}",
        run.stderr
    );
    let run = kifu(&["check", "b.gobook"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let run = kifu(&["convert", "b.gobook", "-o", "b.gobk", "-q"], d);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn includes_that_multiply_stop_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // f1 includes f2 ten times, ... f7 includes f8 ten times: 10^7 copies.
    for i in 1..8 {
        let line = format!("::include url=\"f{}.gobook\"\n\n", i + 1);
        write(d, &format!("f{i}.gobook"), line.repeat(10));
    }
    write(d, "f8.gobook", "Leaf.\n");
    write(
        d,
        "b.gobook",
        "::book(#b)\n\n\n\n::chapter(#c)\n\n::include url=\"f1.gobook\"\n",
    );
    let run = kifu(&["check", "b.gobook"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "b.gobook:7:1: error[book/include-limit]: the includes would insert more than"
        ),
        "{}",
        run.stderr
    );
    // No page: rendering what the limit allowed would take as long.
    let run = kifu(&["render", "b.gobook", "-o", "page.html"], d);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("include-limit"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("no page written: the includes pass kifu's limits"),
        "{}",
        run.stderr
    );
    assert!(!d.join("page.html").exists());
}

#[test]
fn a_book_including_itself_under_other_spellings_is_a_cycle() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::os::unix::fs::symlink("self.gobook", d.join("alias.gobook")).unwrap();
    write(
        d,
        "self.gobook",
        "Text.\n\n::include url=\"./self.gobook\"\n\n::include url=\".//self.gobook\"\n\n::include url=\"alias.gobook\"\n",
    );
    let run = kifu(&["check", "self.gobook"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for line in [3, 5, 7] {
        assert!(
            run.stderr
                .contains(&format!("self.gobook:{line}:1: error[book/include-cycle]")),
            "{}",
            run.stderr
        );
    }
    let run = kifu(&["render", "self.gobook", "-o", "page.html"], d);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    // The text once, as in the same book without includes.
    let page = html(d);
    write(d, "plain.gobook", "Text.\n");
    kifu(&["render", "plain.gobook", "-o", "page.html"], d);
    assert_eq!(
        page.matches("Text.").count(),
        html(d).matches("Text.").count()
    );
}

/// A package holding `book` and an entry `big.dat` of `size` zeros
/// (deflated: 100 MB of zeros is some 100 KB).
fn bomb(book: &str, size: usize) -> Vec<u8> {
    let mut package = Package::new("b.gobook", book.as_bytes().to_vec());
    package.files.push(("big.dat".into(), vec![0; size]));
    package.to_bytes().unwrap()
}

#[test]
fn a_package_past_the_size_limits_is_refused_before_inflating() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bytes = bomb("::book(#b) title=\"Bomb\"\n", 100 << 20);
    assert!(bytes.len() < 1 << 20, "the test's zip is small");
    write(d, "b.gobk", &bytes);
    for command in ["info", "check"] {
        let run = kifu(&[command, "b.gobk"], d);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        // Refused on what the directory declares, not on what it inflated.
        assert!(
            run.stderr.contains(
                "b.gobk: the package is refused: the entry `big.dat` declares 104857600 bytes inflated, more than 64 MiB"
            ),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
    }
    // Under the size limit, a ratio of some 1000:1 is refused too.
    write(d, "r.gobk", bomb("::book(#b)\n", 8 << 20));
    let run = kifu(&["info", "r.gobk"], d);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("more than 100 times"), "{}", run.stderr);
    // A package within the limits is read, its book alone for `info`.
    write(d, "ok.gobk", bomb("::book(#b) title=\"Fine\"\n", 1 << 20));
    let run = kifu(&["info", "ok.gobk"], d);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(String::from_utf8_lossy(&run.stdout).contains("\"Fine\""));
}

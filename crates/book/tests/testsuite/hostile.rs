//! Hostile input to the book layer: names that climb out or hide, bytes
//! that are no image, includes that multiply or include themselves, and
//! packages whose entries declare or inflate past the limits.

use kifu_book::files::{FileError, ImageType, NameError, check_name, image_type};
use kifu_book::include::{self, MAX_EXPANDED_ELEMENTS, Source, expand_from};

fn codes(diagnostics: &[kifu_diag::Diagnostic]) -> Vec<&str> {
    diagnostics.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn names_that_climb_out_or_hide_are_refused() {
    for (name, expected) in [
        ("a.png", Ok(())),
        ("img/a.png", Ok(())),
        ("./a.png", Ok(())),
        (".//a.png", Ok(())),
        ("", Err(NameError::Empty)),
        ("/etc/passwd", Err(NameError::Absolute)),
        ("\\\\server\\share\\x.png", Err(NameError::Absolute)),
        ("C:\\x.png", Err(NameError::Absolute)),
        ("../a.png", Err(NameError::Parent)),
        ("img/../../a.png", Err(NameError::Parent)),
        ("img\\..\\..\\a.png", Err(NameError::Parent)),
        (".ssh/id_rsa", Err(NameError::Hidden)),
        ("img/.hidden.png", Err(NameError::Hidden)),
        ("...png", Err(NameError::Hidden)),
        ("javascript:alert(1)", Err(NameError::Address)),
        (
            "data:image/png;base64,iVBORw0KGgo=",
            Err(NameError::Address),
        ),
        ("FILE:///etc/passwd", Err(NameError::Address)),
        ("ftp://example.org/a.png", Err(NameError::Address)),
    ] {
        assert_eq!(check_name(name), expected, "{name:?}");
    }
}

#[test]
fn images_are_told_by_their_content() {
    let cases: &[(&[u8], Option<ImageType>)] = &[
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", Some(ImageType::Png)),
        (b"\xFF\xD8\xFF\xE0\0\x10JFIF", Some(ImageType::Jpeg)),
        (b"GIF89a\x01\0\x01\0", Some(ImageType::Gif)),
        (b"RIFF\x24\0\0\0WEBPVP8 ", Some(ImageType::WebP)),
        (
            b"\xEF\xBB\xBF  <!-- drawn -->\n<svg width=\"1\"/>",
            Some(ImageType::Svg),
        ),
        (b"root:x:0:0:root:/root:/bin/bash\n", None),
        (b"-----BEGIN OPENSSH PRIVATE KEY-----\n", None),
        (b"<html><body>no picture</body></html>", None),
        (b"GIF", None),
        (b"RIFF\x24\0\0\0WAVEfmt ", None),
        (b"", None),
    ];
    for (bytes, expected) in cases {
        assert_eq!(image_type(bytes), *expected, "{bytes:?}");
    }
}

/// `f1` includes `f2` ten times ... `f7` includes `f8` ten times.
fn multiplying(url: &str) -> Option<String> {
    let n: u32 = url
        .strip_prefix('f')?
        .strip_suffix(".gobook")?
        .parse()
        .ok()?;
    match n {
        1..=7 => Some(format!("::include url=\"f{}.gobook\"\n\n", n + 1).repeat(10)),
        8 => Some("Leaf.\n".to_owned()),
        _ => None,
    }
}

#[test]
fn includes_that_multiply_stop_at_the_limit_and_load_each_file_once() {
    let book = kifu_book::parse("::chapter(#c)\n\n::include url=\"f1.gobook\"\n\nEnd.").value;
    let mut loads = 0;
    let expanded = include::expand(&book, &mut |url| {
        loads += 1;
        multiplying(url)
    });
    assert_eq!(loads, 8, "each file is read once");
    assert_eq!(codes(&expanded.diagnostics), ["book/include-limit"]);
    let d = &expanded.diagnostics[0];
    assert_eq!(d.span, book.elements()[1].span(), "at the include");
    assert!(d.message.contains("more than 32 MiB or 250000 elements"));
    let elements = expanded.value.elements();
    assert!(elements.len() <= MAX_EXPANDED_ELEMENTS + 3);
    assert_eq!(elements.last().unwrap().value(), "End.");
}

#[test]
fn includes_nest_no_deeper_than_the_limit() {
    let book = kifu_book::parse("::include url=\"d0.gobook\"").value;
    let expanded = include::expand(&book, &mut |url| {
        let n: usize = url
            .strip_prefix('d')?
            .strip_suffix(".gobook")?
            .parse()
            .ok()?;
        Some(format!(
            "Level {n}.\n\n::include url=\"d{}.gobook\"\n",
            n + 1
        ))
    });
    assert_eq!(codes(&expanded.diagnostics), ["book/include-limit"]);
    assert!(
        expanded.diagnostics[0]
            .message
            .contains("nest deeper than 16")
    );
    assert_eq!(
        expanded.value.elements().len(),
        include::MAX_DEPTH + 1,
        "16 levels of text and the include left in place"
    );
}

#[test]
fn a_file_including_itself_under_another_spelling_is_a_cycle() {
    // By key: the loader's canonical path.
    let book = kifu_book::parse(
        "Top.\n\n::include url=\"./self.gobook\"\n\n::include url=\".//self.gobook\"",
    )
    .value;
    let expanded = expand_from(&book, Some("/b/self.gobook"), &mut |url| {
        assert!(url.ends_with("self.gobook"));
        Ok(Source {
            key: "/b/self.gobook".into(),
            text: "Again.".into(),
        })
    });
    assert_eq!(
        codes(&expanded.diagnostics),
        ["book/include-cycle", "book/include-cycle"]
    );
    assert!(
        expanded
            .value
            .elements()
            .iter()
            .all(|e| e.value() != "Again.")
    );
    // Without keys, `./a.gobook` and `a.gobook` are the same file.
    let book = kifu_book::parse("::include url=\"a.gobook\"").value;
    let expanded = include::expand(&book, &mut |_| {
        Some("A.\n\n::include url=\"./a.gobook\"\n\n::include url=\".//a.gobook\"".into())
    });
    assert_eq!(
        codes(&expanded.diagnostics),
        ["book/include-cycle", "book/include-cycle"]
    );
}

#[test]
fn refused_includes_are_errors_at_the_include() {
    let book = kifu_book::parse("::include url=\"evil/passwd\"").value;
    let expanded = expand_from(&book, None, &mut |_| {
        Err(FileError::Refused(
            "it leads outside the book's folder".into(),
        ))
    });
    assert_eq!(codes(&expanded.diagnostics), ["book/refused-file"]);
    assert_eq!(
        expanded.diagnostics[0].message,
        "the included file `evil/passwd` is not read: it leads outside the book's folder"
    );
}

#[cfg(feature = "package")]
mod package {
    use kifu_book::package::{Package, PackageError, PackageReader};

    /// Sets the inflated size `entry` declares, in the central directory
    /// and in its local header.
    fn declare(zip: &mut [u8], entry: &str, size: u32) {
        let mut patched = 0;
        for at in 0..zip.len().saturating_sub(46) {
            // (uncompressed size, name length, name) offsets.
            let (field, len_at, name_at) = match &zip[at..at + 4] {
                b"PK\x01\x02" => (24, 28, 46),
                b"PK\x03\x04" => (22, 26, 30),
                _ => continue,
            };
            let len = u16::from_le_bytes([zip[at + len_at], zip[at + len_at + 1]]) as usize;
            if zip.get(at + name_at..at + name_at + len) == Some(entry.as_bytes()) {
                zip[at + field..at + field + 4].copy_from_slice(&size.to_le_bytes());
                patched += 1;
            }
        }
        assert_eq!(patched, 2, "central and local header of {entry}");
    }

    fn with_entry(data: Vec<u8>) -> Vec<u8> {
        let mut package = Package::new("b.gobook", b"::book(#b) title=\"T\"\n".to_vec());
        package.files.push(("big.dat".into(), data));
        package.to_bytes().unwrap()
    }

    #[test]
    fn an_entry_declaring_gigabytes_is_refused_before_inflating() {
        let mut zip = with_entry(vec![b'x'; 1000]);
        declare(&mut zip, "big.dat", 3 << 30);
        let err = PackageReader::new(&zip).unwrap_err();
        assert!(matches!(err, PackageError::TooLarge(_)), "{err}");
        assert_eq!(
            err.to_string(),
            "the package is refused: the entry `big.dat` declares 3221225472 bytes inflated, more than 64 MiB"
        );
        assert!(Package::from_bytes(&zip).is_err());
    }

    #[test]
    fn an_entry_inflating_past_what_it_declares_is_cut_off() {
        let mut zip = with_entry(vec![b'x'; 100_000]);
        declare(&mut zip, "big.dat", 1000);
        let reader = PackageReader::new(&zip).unwrap();
        // The book is read; the lying entry is not returned.
        assert_eq!(reader.read_book().unwrap(), b"::book(#b) title=\"T\"\n");
        let err = reader.file("big.dat").unwrap_err();
        assert!(
            err.to_string()
                .contains("inflates past the 1000 bytes it declares"),
            "{err}"
        );
        assert!(Package::from_bytes(&zip).is_err());
    }

    #[test]
    fn a_compression_ratio_past_the_limit_is_refused() {
        let zip = with_entry(vec![0; 4 << 20]);
        let err = PackageReader::new(&zip).unwrap_err();
        assert!(err.to_string().contains("more than 100 times"), "{err}");
        // Well-compressible text under the floor is fine.
        let zip = with_entry(vec![0; 1 << 20]);
        assert!(PackageReader::new(&zip).is_ok());
    }

    #[test]
    fn only_the_entries_asked_for_are_inflated() {
        let mut package = Package::new("b.gobook", b"::book(#b)\n".to_vec());
        package.files.push(("broken.dat".into(), vec![b'y'; 5000]));
        let mut zip = package.to_bytes().unwrap();
        // Garble the deflated data of broken.dat (it follows the book).
        let at = zip
            .windows(10)
            .rposition(|w| w == b"broken.dat")
            .expect("the entry's name");
        let local = zip[..at]
            .windows(4)
            .rposition(|w| w == b"PK\x03\x04")
            .unwrap();
        for b in &mut zip[local + 30 + 10..local + 30 + 10 + 8] {
            *b = 0xFF;
        }
        let reader = PackageReader::new(&zip).unwrap();
        assert_eq!(reader.read_book().unwrap(), b"::book(#b)\n");
        assert!(reader.file("broken.dat").is_err());
        assert_eq!(reader.file("missing.png").unwrap(), None);
    }
}

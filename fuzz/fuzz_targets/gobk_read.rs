//! The `.gobk` package reader on any bytes: no panic, no entry inflated
//! past the limits, and a package that reads whole writes back to one that
//! reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(reader) = kifu_book::package::PackageReader::new(data) else {
        return;
    };
    let names: Vec<String> = reader.names().map(str::to_owned).collect();
    assert!(names.iter().any(|n| n == reader.book_name()));
    if let Ok(book) = reader.read_book() {
        assert!(book.len() as u64 <= kifu_book::package::MAX_ENTRY_SIZE);
    }
    for name in &names {
        if let Ok(Some(prefix)) = reader.file_prefix(name, Some(16)) {
            assert!(prefix.len() <= 16);
        }
    }
    let Ok(package) = reader.read_all() else {
        return;
    };
    let Ok(bytes) = package.to_bytes() else {
        return;
    };
    let again = kifu_book::package::Package::from_bytes(&bytes).expect("written package reads");
    assert_eq!(again.book, package.book);
    assert_eq!(again.book_name, package.book_name);
});

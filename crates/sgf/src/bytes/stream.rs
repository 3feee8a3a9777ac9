//! Reading a stream of concatenated games one game at a time, holding only
//! the current game in memory (archives piped through stdin, huge
//! collections).
//!
//! The splitter finds where each game tree ends: it follows `(` and `)`
//! outside values and skips values (`[...]`, with `\` escapes). What lies
//! between games is dropped. Each game's bytes are yielded exactly as they
//! were, to be read with [`parse`](crate::parse). Values are scanned as
//! ASCII-compatible bytes: a stream in Shift_JIS, Big5 or GBK whose values
//! end in a trail byte `\` should be read whole with `parse` instead.
//!
//! ```
//! use kifu_sgf::stream::GameStream;
//!
//! let input = &b"(;GN[one]C[a ) in a value])\njunk\n(;GN[two])"[..];
//! let games: Vec<Vec<u8>> = GameStream::new(input).collect::<Result<_, _>>().unwrap();
//! assert_eq!(games, [&b"(;GN[one]C[a ) in a value])"[..], b"(;GN[two])"]);
//! ```

use std::io::{self, Read};

/// Where a game starts in a stream: to report places in the game's own
/// bytes as places in the stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamPosition {
    /// Bytes of the stream before the game.
    pub offset: u64,
    /// Line breaks (`\n`) before the game: its line, counted from 0.
    pub line: u64,
    /// Bytes between the last line break and the game.
    pub column: u64,
}

/// An iterator over the games of a byte stream.
pub struct GameStream<R> {
    reader: R,
    buffer: Vec<u8>,
    /// Bytes of the stream dropped from the front of `buffer`.
    dropped: u64,
    /// Line breaks scanned so far, and the stream offset after the last.
    lines: u64,
    line_start: u64,
    /// Where the game being read (or last returned) starts.
    position: StreamPosition,
    /// Bytes of `buffer` already scanned.
    scanned: usize,
    /// Where the current game starts in `buffer`, once its `(` is seen.
    start: Option<usize>,
    depth: usize,
    in_value: bool,
    escaped: bool,
    eof: bool,
}

const CHUNK: usize = 64 * 1024;

impl<R: Read> GameStream<R> {
    /// Splits the games of `reader`.
    pub fn new(reader: R) -> Self {
        GameStream {
            reader,
            buffer: Vec::with_capacity(CHUNK),
            dropped: 0,
            lines: 0,
            line_start: 0,
            position: StreamPosition::default(),
            scanned: 0,
            start: None,
            depth: 0,
            in_value: false,
            escaped: false,
            eof: false,
        }
    }

    fn fill(&mut self) -> io::Result<bool> {
        // Drop what is behind us before reading more: memory holds one game.
        let keep_from = self.start.unwrap_or(self.scanned);
        if keep_from > 0 {
            self.buffer.drain(..keep_from);
            self.dropped += keep_from as u64;
            self.scanned -= keep_from;
            self.start = self.start.map(|s| s - keep_from);
        }
        let old = self.buffer.len();
        self.buffer.resize(old + CHUNK, 0);
        let n = loop {
            match self.reader.read(&mut self.buffer[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buffer.truncate(old);
                    return Err(e);
                }
            }
        };
        self.buffer.truncate(old + n);
        Ok(n > 0)
    }

    /// Where the game last returned by [`GameStream::next_game`] starts.
    ///
    /// ```
    /// use kifu_sgf::stream::{GameStream, StreamPosition};
    ///
    /// let mut games = GameStream::new(&b"(;GN[1])\njunk (;GN[2])"[..]);
    /// games.next_game().unwrap();
    /// games.next_game().unwrap();
    /// assert_eq!(games.position(), StreamPosition { offset: 14, line: 1, column: 5 });
    /// ```
    pub fn position(&self) -> StreamPosition {
        self.position
    }

    /// The next game's bytes, `None` at the end of the stream.
    ///
    /// # Errors
    /// Reading the stream failed.
    pub fn next_game(&mut self) -> io::Result<Option<Vec<u8>>> {
        loop {
            while self.scanned < self.buffer.len() {
                let b = self.buffer[self.scanned];
                let at = self.scanned;
                self.scanned += 1;
                if b == b'\n' {
                    self.lines += 1;
                    self.line_start = self.dropped + self.scanned as u64;
                }
                if self.in_value {
                    if self.escaped {
                        self.escaped = false;
                    } else if b == b'\\' {
                        self.escaped = true;
                    } else if b == b']' {
                        self.in_value = false;
                    }
                    continue;
                }
                match b {
                    b'(' => {
                        if self.start.is_none() {
                            self.start = Some(at);
                            let offset = self.dropped + at as u64;
                            self.position = StreamPosition {
                                offset,
                                line: self.lines,
                                column: offset - self.line_start,
                            };
                        }
                        self.depth += 1;
                    }
                    b')' if self.start.is_some() => {
                        self.depth -= 1;
                        if self.depth == 0 {
                            let start = self.start.take().unwrap_or(0);
                            return Ok(Some(self.buffer[start..self.scanned].to_vec()));
                        }
                    }
                    b'[' if self.start.is_some() => self.in_value = true,
                    _ => {}
                }
            }
            if self.eof {
                // An unfinished game at the end is still a game (the
                // parser reports what is missing).
                return Ok(self.start.take().map(|s| {
                    let game = self.buffer[s..].to_vec();
                    self.buffer.clear();
                    self.scanned = 0;
                    game
                }));
            }
            self.eof = !self.fill()?;
        }
    }
}

/// Where each game of `input` lies, as [`GameStream`] splits it (the same
/// games, at the same offsets), found in one pass over bytes in memory:
/// what `kifu check` needs to repair a few games of a big collection on
/// their own, without copying each game or counting lines.
///
/// ```
/// let input = b"(;GN[one]C[a ) in a value])\njunk\n(;GN[two])";
/// let ranges = kifu_sgf::stream::game_ranges(input);
/// assert_eq!(ranges, [0..27, 33..43]);
/// ```
pub fn game_ranges(input: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut from = 0;
    while let Some(found) = memchr::memchr(b'(', &input[from..]) {
        let start = from + found;
        let end = game_end(input, start);
        ranges.push(start..end);
        from = end;
    }
    ranges
}

/// One past the `)` that closes the game tree opening at `start`, values
/// skipped (the end of `input` when it is not closed).
fn game_end(input: &[u8], start: usize) -> usize {
    // From one byte that matters to the next by a vectorised search: a
    // check of a big collection passes over all of it.
    let mut depth = 0usize;
    let mut at = start;
    while at < input.len() {
        let Some(found) = memchr::memchr3(b'(', b')', b'[', &input[at..]) else {
            break;
        };
        at += found;
        match input[at] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return at + 1;
                }
            }
            _ => at = value_end(input, at + 1),
        }
        at += 1;
    }
    input.len()
}

/// Where the `]` that closes a value whose content starts at `at` is,
/// escaped bytes skipped (the end of `input` when it is not closed).
fn value_end(input: &[u8], mut at: usize) -> usize {
    while let Some(found) = memchr::memchr2(b'\\', b']', &input[at..]) {
        at += found;
        if input[at] == b']' {
            return at;
        }
        at = (at + 2).min(input.len());
    }
    input.len()
}

impl<R: Read> Iterator for GameStream<R> {
    type Item = io::Result<Vec<u8>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a game tree ends, found a byte at a time.
    fn game_end_byte_by_byte(input: &[u8], start: usize) -> usize {
        let (mut depth, mut at) = (0usize, start);
        while at < input.len() {
            match input[at] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return at + 1;
                    }
                }
                b'[' => {
                    at += 1;
                    while at < input.len() && input[at] != b']' {
                        at += if input[at] == b'\\' { 2 } else { 1 };
                    }
                }
                _ => {}
            }
            at += 1;
        }
        input.len()
    }

    #[test]
    fn games_end_where_a_byte_at_a_time_says() {
        let mut seed = 11u32;
        for len in 1..400 {
            let mut bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    b"(()[]\\;Bx"[(seed >> 16) as usize % 9]
                })
                .collect();
            bytes[0] = b'(';
            assert_eq!(
                game_end(&bytes, 0),
                game_end_byte_by_byte(&bytes, 0),
                "{:?}",
                String::from_utf8_lossy(&bytes)
            );
        }
    }

    /// A reader that gives one byte per call, to cross every chunk boundary.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((b, rest)), Some(slot)) => {
                    *slot = *b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn games_are_split_whatever_the_read_sizes() {
        let input = b"header (;C[x\\])(]B[aa](;W[bb])(;W[cc]))\n\n(;GN[2])  (;GN[3]";
        let expected: Vec<&[u8]> = vec![
            b"(;C[x\\])(]B[aa](;W[bb])(;W[cc]))",
            b"(;GN[2])",
            b"(;GN[3]",
        ];
        let whole: Vec<Vec<u8>> = GameStream::new(&input[..]).map(Result::unwrap).collect();
        assert_eq!(whole, expected);
        let trickled: Vec<Vec<u8>> = GameStream::new(Trickle(input))
            .map(Result::unwrap)
            .collect();
        assert_eq!(trickled, expected);
    }

    #[test]
    fn positions_are_places_in_the_stream_whatever_the_read_sizes() {
        let input = b"header\n(;C[a\nb])\n\n  (;GN[2]) (;GN[3])";
        let expected = [(7, 1, 0), (20, 4, 2), (29, 4, 11)];
        for reader in [
            Box::new(&input[..]) as Box<dyn Read>,
            Box::new(Trickle(input)),
        ] {
            let mut stream = GameStream::new(reader);
            let mut found = Vec::new();
            while let Some(game) = stream.next_game().unwrap() {
                let p = stream.position();
                assert_eq!(&input[p.offset as usize..][..game.len()], &game[..]);
                found.push((p.offset, p.line, p.column));
            }
            assert_eq!(found, expected);
        }
    }

    #[test]
    fn memory_holds_one_game() {
        // Many games through a stream: the buffer never grows past a game
        // plus a chunk.
        let game = b"(;GM[1];B[aa];W[bb])\n".to_vec();
        let input = game.repeat(50_000);
        let mut stream = GameStream::new(&input[..]);
        let mut count = 0;
        while let Some(g) = stream.next_game().unwrap() {
            assert_eq!(g, &game[..game.len() - 1]);
            assert!(stream.buffer.capacity() <= 4 * CHUNK);
            count += 1;
        }
        assert_eq!(count, 50_000);
    }

    /// [`game_ranges`] splits as the stream does: the same games at the
    /// same offsets, in tricky cases and in every corpus file.
    #[test]
    fn ranges_are_the_streams_games() {
        let same = |input: &[u8]| {
            let mut stream = GameStream::new(input);
            let mut games = Vec::new();
            while let Some(game) = stream.next_game().unwrap() {
                let start = stream.position().offset as usize;
                games.push(start..start + game.len());
            }
            assert_eq!(
                game_ranges(input),
                games,
                "{}",
                String::from_utf8_lossy(input)
            );
        };
        for input in [
            &b"header (;C[x\\])(]B[aa](;W[bb])(;W[cc]))\n\n(;GN[2])  (;GN[3]"[..],
            b"(;C[a\\",
            b"(;C[a\\]",
            b"no games ) here",
            b"",
            b")(;B[aa]))(;W[bb])",
            b"(;C[\\\\](;B[aa][)]))x(",
        ] {
            same(input);
        }
        for path in crate::test_corpus::corpus_files() {
            if let Ok(bytes) = std::fs::read(&path) {
                same(&bytes);
            }
        }
    }

    #[test]
    fn nothing_but_junk_gives_no_game() {
        assert_eq!(GameStream::new(&b"no games ) here"[..]).count(), 0);
        assert_eq!(GameStream::new(&b""[..]).count(), 0);
    }
}

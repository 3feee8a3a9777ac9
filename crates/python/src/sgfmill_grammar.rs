//! Which bytes sgfmill 1.1's grammar accepts as a game, and the message it
//! gives when it does not.
//!
//! The drop-in (`kifu.sgfmill`) raises where sgfmill raises, by default:
//! this module answers that question in one pass over the bytes, without
//! building anything, following the rules sgfmill documents for
//! `sgf_grammar.parse_sgf_game`: the game starts at the first `(` followed
//! (after white space) by `;`; tokens are values, identifiers of up to 64
//! letters and `;()`, separated by white space only; reading stops at the
//! `)` that closes the game or at the first byte that is no token. The
//! tree itself is then read by kifu's parser from the range found here.

/// Python's `\s` for bytes.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Value,
    Ident,
    Semicolon,
    Open,
    Close,
}

struct Tokens<'a> {
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
    done: bool,
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        if self.done {
            return None;
        }
        let b = self.bytes;
        let mut i = self.pos;
        while i < b.len() && is_space(b[i]) {
            i += 1;
        }
        let token = match b.get(i) {
            Some(b'[') => {
                let mut j = i + 1;
                loop {
                    match b.get(j) {
                        None => {
                            self.done = true;
                            return None;
                        }
                        Some(b'\\') if j + 1 < b.len() => j += 2,
                        Some(b'\\') => {
                            self.done = true;
                            return None;
                        }
                        Some(b']') => break,
                        Some(_) => j += 1,
                    }
                }
                i = j + 1;
                Token::Value
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let mut j = i;
                while j < b.len() && j - i < 64 && b[j].is_ascii_alphabetic() {
                    j += 1;
                }
                i = j;
                Token::Ident
            }
            Some(b';') => {
                i += 1;
                Token::Semicolon
            }
            Some(b'(') => {
                i += 1;
                self.depth += 1;
                Token::Open
            }
            Some(b')') => {
                i += 1;
                self.depth = self.depth.saturating_sub(1);
                if self.depth == 0 {
                    self.done = true;
                }
                Token::Close
            }
            _ => {
                self.done = true;
                return None;
            }
        };
        self.pos = i;
        Some(token)
    }
}

/// Where the first game at or after `from` starts: a `(` followed by white
/// space and `;`.
fn find_start(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(k) = memchr_open(&bytes[at.min(bytes.len())..]) {
        let open = at + k;
        let mut j = open + 1;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        if bytes.get(j) == Some(&b';') {
            return Some(open);
        }
        at = open + 1;
    }
    None
}

fn memchr_open(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'(')
}

/// The game sgfmill reads at or after `from`: `Ok(None)` when there is
/// none, `Ok(Some((start, end)))` for its bytes, or sgfmill's message.
///
/// `shape` is cleared, then given the game's `(...)` GameTrees in the order
/// they are written (a tree before its subtrees): (number of nodes of its
/// sequence, number of subtrees). sgfmill's `Coarse_game_tree`s follow
/// the parentheses as written, which the node tree alone does not tell.
pub(crate) fn game_range(
    bytes: &[u8],
    from: usize,
    shape: &mut Vec<(u32, u32)>,
) -> Result<Option<(usize, usize)>, &'static str> {
    shape.clear();
    let Some(start) = find_start(bytes, from) else {
        return Ok(None);
    };
    let mut tokens = Tokens {
        bytes,
        pos: start,
        depth: 0,
        done: false,
    };
    let mut peeked: Option<Option<Token>> = None;
    const END: &str = "unexpected end of SGF data";
    // `sequence`: the number of nodes of the open sequence, if one is open.
    let mut sequence: Option<usize> = None;
    let mut in_node = false;
    let mut depth = 0usize;
    // The indexes in `shape` of the open GameTrees, innermost last.
    let mut open: Vec<usize> = Vec::new();
    loop {
        let Some(token) = peeked.take().unwrap_or_else(|| tokens.next()) else {
            return Err(END);
        };
        match token {
            Token::Value => return Err("unexpected value"),
            Token::Semicolon => match sequence.as_mut() {
                None => return Err("unexpected node"),
                Some(n) => {
                    *n += 1;
                    in_node = true;
                    if let Some(&tree) = open.last() {
                        shape[tree].0 += 1;
                    }
                }
            },
            Token::Open | Token::Close => {
                if let Some(n) = sequence.take()
                    && n == 0
                {
                    return Err("empty sequence");
                }
                in_node = false;
                if token == Token::Open {
                    depth += 1;
                    sequence = Some(0);
                    if let Some(&parent) = open.last() {
                        shape[parent].1 += 1;
                    }
                    open.push(shape.len());
                    shape.push((0, 0));
                } else {
                    open.pop();
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            Token::Ident => {
                let mut values = 0;
                loop {
                    match tokens.next() {
                        None => return Err(END),
                        Some(Token::Value) => values += 1,
                        other => {
                            peeked = Some(other);
                            break;
                        }
                    }
                }
                if values == 0 {
                    return Err("property with no values");
                }
                if !in_node {
                    return Err("property value outside a node");
                }
            }
        }
    }
    // The tokeniser stopped right after the closing `)`.
    Ok(Some((start, tokens.pos)))
}

#[cfg(test)]
mod tests {
    use super::game_range;

    #[test]
    fn finds_the_game_and_its_end() {
        let input = b"junk (x) ( ;B[aa]\n(;W[bb])(;W[cc])) tail";
        let mut shape = Vec::new();
        let (start, end) = game_range(input, 0, &mut shape).unwrap().unwrap();
        assert_eq!(&input[start..end], &input[9..input.len() - 5]);
        assert_eq!(shape, [(1, 2), (1, 0), (1, 0)]);
        assert_eq!(game_range(input, end, &mut shape).unwrap(), None);
    }

    #[test]
    fn messages_are_sgfmills() {
        let cases: [(&[u8], &str); 7] = [
            (b"(;B[aa]", "unexpected end of SGF data"),
            (b"(;B[aa];W)", "property with no values"),
            (b"(;B[aa]([bb]))", "unexpected value"),
            (b"(;B[aa]()(;W[bb]))", "empty sequence"),
            (b"(;B[aa];W[bb] %)", "unexpected end of SGF data"),
            (b"(;B[aa](B[cc]))", "property value outside a node"),
            (b"(;B[a\\]", "unexpected end of SGF data"),
        ];
        let mut shape = Vec::new();
        for (input, message) in cases {
            assert_eq!(
                game_range(input, 0, &mut shape),
                Err(message),
                "{}",
                String::from_utf8_lossy(input)
            );
        }
        assert_eq!(game_range(b"no game here", 0, &mut shape), Ok(None));
        assert_eq!(game_range(b"(;C[a\\]b])", 0, &mut shape), Ok(Some((0, 10))));
    }
}

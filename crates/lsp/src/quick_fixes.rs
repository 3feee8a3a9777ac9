//! Which findings of a book get a quick fix in the editor, and why the
//! others get none: one row per `book/` code, from which `docs/codes.md`
//! writes its *quick fix* column (`crates/cli/tests/testsuite/codes.rs`
//! checks that every book code has its row).
//!
//! A fix is offered where the repair follows from the finding alone: it
//! writes what the reader already reads (a name as the format's list
//! spells it, the value kifu uses instead of one out of range), removes
//! what the reader ignores, or picks the one name nearest to a misspelt
//! one. Where the author must choose (which of two values is right, what
//! a broken link should point to), there is none.

/// Whether the editor offers a quick fix for findings of one code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuickFix {
    /// The code (`book/...`).
    pub code: &'static str,
    /// Whether a quick fix is offered.
    pub offered: bool,
    /// What the fix writes, or why there is none.
    pub why: &'static str,
}

const fn fix(code: &'static str, why: &'static str) -> QuickFix {
    QuickFix {
        code,
        offered: true,
        why,
    }
}

const fn none(code: &'static str, why: &'static str) -> QuickFix {
    QuickFix {
        code,
        offered: false,
        why,
    }
}

const NEAREST: &str = "writes the known name nearest to the one written (at most two letters off), when one is nearer than all others";

/// Every `book/` code a book's check reports, in the order of
/// `docs/codes.md`.
pub const QUICK_FIXES: &[QuickFix] = &[
    // Reading.
    none(
        "book/invalid-utf8",
        "an editor's text is always Unicode: the finding comes from files read from disk (includes), where the bytes must be fixed",
    ),
    none(
        "book/malformed-element",
        "what the line was meant to be (an element, or text starting with `::`) is the author's choice",
    ),
    fix(
        "book/unclosed-id",
        "closes the ID after its last letter, digit, `_`, `-` or `.`",
    ),
    fix(
        "book/unclosed-quote",
        "closes the value at the end of the line it opens on",
    ),
    none(
        "book/unbalanced-quote",
        "which quote is missing or extra cannot be told from the line",
    ),
    fix("book/unknown-escape", "writes the backslash as `\\\\`"),
    fix(
        "book/duplicate-attribute",
        "removes the second one (the reader keeps the first)",
    ),
    none(
        "book/comment-attributes",
        "a note: the comment's text is read as written, nothing to repair",
    ),
    // Checks.
    fix("book/unknown-element", NEAREST),
    fix("book/unknown-attribute", NEAREST),
    fix("book/unknown-language", NEAREST),
    fix(
        "book/language-suffix",
        "removes the suffix (the attribute has one value for all languages)",
    ),
    none(
        "book/invalid-value",
        "the right value is the author's: kifu cannot tell what a malformed value meant",
    ),
    fix(
        "book/book-not-first",
        "moves the `book` element before the first element that is not a comment",
    ),
    none(
        "book/duplicate-book",
        "which of two `book` elements holds the right fields is the author's choice",
    ),
    fix(
        "book/chapter-without-id",
        "gives the chapter a free ID `chN` (N its number)",
    ),
    fix(
        "book/duplicate-chapter-id",
        "gives the second chapter a free ID (`ID-2`); links keep going to the first",
    ),
    fix(
        "book/duplicate-id",
        "gives the second element a free ID (`ID-2`), and the `base`s that name it the same",
    ),
    fix(
        "book/invalid-id",
        "writes `-` for each character an ID may not hold (and adds `-1` to an ID of language tags only), at the ID and where it is used",
    ),
    fix("book/unknown-link", NEAREST),
    none(
        "book/disallowed-link",
        "whether to drop the link or point it elsewhere is the author's choice",
    ),
    fix("book/unknown-ref", NEAREST),
    fix("book/unknown-base", NEAREST),
    none(
        "book/forward-base",
        "moving elements changes the book; which one to move is the author's choice",
    ),
    none(
        "book/base-not-go-data",
        "which element holds the Go data meant is the author's choice",
    ),
    none(
        "book/mv-and-to",
        "which of the two sequences is meant is the author's choice",
    ),
    none(
        "book/overlapping-stones",
        "which colour the point has is the author's choice",
    ),
    fix(
        "book/include-attributes",
        "for an include with an ID: removes the ID (an include without `url` has none: which file is the author's)",
    ),
    none(
        "book/inline-markup",
        "what the broken markup was meant to say cannot be told",
    ),
    none(
        "book/revision-2026",
        "the construct is right for the 2026 revision; writing it the old way changes what the reader shows",
    ),
    none(
        "book/loc-outside-notes",
        "either the `loc` is stray or the file is a notes file without `notes=1`: the author's choice",
    ),
    none(
        "book/coordinate-without-mark",
        "which letter or mark the diagram should show is the author's choice",
    ),
    fix(
        "book/standard-text",
        "for an unknown `#code#`: writes the standard text nearest to it (at most two letters off), when one is nearer than all others; the notes about fallbacks and resource strings need none",
    ),
    none(
        "book/missing-standard-text",
        "the missing book field or game information is the author's to give",
    ),
    fix(
        "book/attribute-spelling",
        "writes the name as the format's list spells it (as `--normalize` does)",
    ),
    // Includes.
    none(
        "book/include-not-found",
        "the file is missing: the fix is a file, not an edit",
    ),
    none(
        "book/standard-include",
        "only the Go Books apps have the section; what to put instead is the author's choice",
    ),
    none(
        "book/include-cycle",
        "which include breaks the cycle is the author's choice",
    ),
    none(
        "book/in-included-file",
        "the finding is in the other file: open it to get its fixes",
    ),
    none(
        "book/include-limit",
        "the book is larger than kifu expands: splitting it is the author's choice",
    ),
    // Files.
    none(
        "book/refused-file",
        "the file must move into the book's folder: the fix is a file, not an edit",
    ),
    none(
        "book/not-an-image",
        "the file must be an image: the fix is a file, not an edit",
    ),
    none(
        "book/missing-image",
        "the image is missing: the fix is a file, not an edit",
    ),
    // Notes.
    none(
        "book/unresolved-loc",
        "which element the note belongs to is the author's choice",
    ),
    none(
        "book/note-without-loc",
        "which element the note belongs to is the author's choice",
    ),
    fix(
        "book/notes-for-other-book",
        "writes the book's ID as the notes file's book ID",
    ),
    // Diagrams.
    fix(
        "book/at-out-of-range",
        "writes the nearest end of the base's moves, which kifu uses",
    ),
    fix(
        "book/to-out-of-range",
        "writes the last of the base's moves, which kifu uses (none when `at` is past it)",
    ),
    none(
        "book/range-without-base",
        "which diagram the moves come from is the author's choice",
    ),
    none(
        "book/illegal-move",
        "which move was meant is the author's choice",
    ),
    none(
        "book/sgf-input",
        "the SGF must be repaired where it came from (`kifu fix` repairs SGF files)",
    ),
    none(
        "book/illegal-solution",
        "which move was meant is the author's choice",
    ),
    none(
        "book/mark-hides-move",
        "which of the mark and the number to show is the author's choice",
    ),
    fix(
        "book/move-number-too-large",
        "writes 1000000000, the largest first move number, which kifu uses",
    ),
];

/// The row of `code`, if it is a book code.
pub fn quick_fix(code: &str) -> Option<&'static QuickFix> {
    QUICK_FIXES.iter().find(|q| q.code == code)
}

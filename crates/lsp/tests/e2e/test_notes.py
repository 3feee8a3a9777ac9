"""A notes file (`::book notes=1`) through pytest-lsp: the server finds its
book beside it by the book ID, as the spec says notes name their book,
and reports what `kifu check --book BOOK NOTES` reports, at the same
places; an unsaved edit of the book checks the notes again."""

import json

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import BOOKS, client_fixture, kifu, open_document, until

NOTES = BOOKS / "notes" / "notes.gobook"
BOOK = BOOKS / "notes" / "book.gobook"


client = client_fixture("visual-studio-code")


def check_with_book() -> list[tuple[str, int, int]]:
    """`kifu check --book BOOK NOTES --format json`: (code, line, column), 1-based."""
    out = kifu("check", "--format", "json", "--book", str(BOOK), str(NOTES))
    found = [json.loads(line) for line in out.stderr.decode().splitlines() if line.startswith("{")]
    return [(d["code"], d["line"], d["column"]) for d in found]


async def test_a_notes_file_is_checked_against_its_book(client: LanguageClient):
    uri = NOTES.resolve().as_uri()
    text = NOTES.read_text()
    open_document(client, uri, text)
    await until(lambda: uri in client.diagnostics)
    found = client.diagnostics[uri]
    served = [(d.code, d.range.start.line + 1, d.range.start.character + 1) for d in found]
    expected = check_with_book()
    assert [c for c, _, _ in expected].count("book/unresolved-loc") == 2
    assert served == expected
    # The author adds the missing paragraph to the book, unsaved: the note
    # on `c2+2` finds it, and the notes are checked again.
    book_uri = BOOK.resolve().as_uri()
    book_text = BOOK.read_text()
    open_document(client, book_uri, book_text)
    await until(lambda: book_uri in client.diagnostics)
    assert list(client.diagnostics[book_uri]) == []
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=book_uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=book_text + "\n::p A second one.\n")],
        )
    )
    await until(lambda: len(client.diagnostics[uri]) < len(found))
    again = client.diagnostics[uri]
    assert [d.code for d in again] == ["book/note-without-loc", "book/unresolved-loc"]
    assert BOOK.read_text() == book_text, "nothing was saved"

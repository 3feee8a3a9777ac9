"""The book inside a .gobk package through pytest-lsp: a client that sends
the book's text under zip.vim's URI (`zipfile:///…/book.gobk::book.gobook`)
gets what `kifu check book.gobk` finds, with the included file read from
the package; edits are refused, no quick fix is offered."""

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from conftest import PLANTED, check_findings, client_fixture, make_package, open_document


client = client_fixture("neovim")


async def test_the_book_inside_a_package_is_checked_and_read_only(client: LanguageClient, tmp_path):
    package = make_package(tmp_path)
    uri = f"zipfile://{package}::book.gobook"
    open_document(client, uri, PLANTED.read_text())
    params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert params.uri == uri
    lines = PLANTED.read_text().splitlines()
    # Neovim's capabilities offer UTF-8: columns in bytes.
    served = sorted((d.code, d.range.start.line + 1, d.range.start.character + 1) for d in params.diagnostics)
    expected = sorted((c, l, len(lines[l - 1][: k - 1].encode()) + 1) for c, l, k in check_findings(package))
    assert served == expected
    assert not any(d.code == "book/include-not-found" for d in params.diagnostics)
    doc = types.TextDocumentIdentifier(uri=uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    assert [s.name for s in symbols] == ["chapter intro", "chapter (no ID)"]
    with pytest.raises(JsonRpcException, match="read-only"):
        await client.text_document_formatting_async(
            types.DocumentFormattingParams(text_document=doc, options=types.FormattingOptions(tab_size=4, insert_spaces=True))
        )
    place = types.Position(line=next(i for i, l in enumerate(lines) if "::dia(#dia2)" in l), character=8)
    with pytest.raises(JsonRpcException, match="read-only"):
        await client.text_document_rename_async(types.RenameParams(text_document=doc, position=place, new_name="d2"))
    spelling = next(d for d in params.diagnostics if d.code == "book/attribute-spelling")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=doc, range=spelling.range, context=types.CodeActionContext(diagnostics=[spelling]))
    )
    assert not actions

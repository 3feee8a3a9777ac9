"""`kifu lsp` driven by pytest-lsp with VS Code's client capabilities."""

import base64
import re

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import PLANTED, check_findings, client_fixture, diagrams_entry, rendered_svg

URI = PLANTED.as_uri()
TEXT = PLANTED.read_text()
LINES = TEXT.splitlines()


def line_of(needle: str) -> int:
    return next(i for i, line in enumerate(LINES) if needle in line)


def at(needle: str, within: str, shift: int = 0) -> types.Position:
    """The position of `within` on the line holding `needle` (UTF-16)."""
    line = line_of(needle)
    column = LINES[line].index(within) + shift
    return types.Position(line=line, character=len(LINES[line][:column].encode("utf-16-le")) // 2)


client = client_fixture("visual-studio-code")


def doc() -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=URI)


async def open_planted(client: LanguageClient) -> list[types.Diagnostic]:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="gobook", version=1, text=TEXT)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[URI]


async def test_diagnostics_are_kifu_checks_findings_and_a_fix_clears_one(client: LanguageClient):
    found = await open_planted(client)
    served = [(d.code, d.range.start.line + 1, d.range.start.character + 1) for d in found]
    expected = check_findings(PLANTED)
    assert len(expected) == 11
    assert served == expected
    assert all(d.code_description and "codes.md" in d.code_description.href for d in found)
    # Fix `base=dia9` in the buffer (not on disk): the finding goes.
    start = at("base=dia9", "dia9", 3)
    end = types.Position(line=start.line, character=start.character + 1)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="2")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    codes = [d.code for d in client.diagnostics[URI]]
    assert "book/unknown-base" not in codes
    assert len(codes) == 10


async def test_hover_on_a_diagram_is_kifu_render_and_kifu_diagrams(client: LanguageClient, tmp_path):
    await open_planted(client)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=doc(), position=at("::dia(#dia2)", "dia", 0))
    )
    value = hover.contents.value
    data = re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)\)", value).group(1)
    svg = base64.b64decode(data).decode()
    assert svg == rendered_svg(PLANTED, "dia2", tmp_path)
    assert "foreignObject" not in svg and "http:" not in svg.replace("http://www.w3.org/2000/svg", "")
    board = re.search(r"```text\n(.*?)```", value, re.S).group(1)
    assert board == diagrams_entry(PLANTED, "intro:3 dia #dia2")


async def test_completion(client: LanguageClient):
    await open_planted(client)
    items = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(), position=at("::var(#var3)", "base=", 5))
    )
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert "dia2" in labels and "none" in labels


async def test_definition_references_and_rename(client: LanguageClient):
    await open_planted(client)
    place = at("<dia base=dia2", "dia2 ", 1)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc(), position=place)
    )
    location = found[0] if isinstance(found, list) else found
    assert location.range.start.line == line_of("::dia(#dia2)")
    refs = await client.text_document_references_async(
        types.ReferenceParams(text_document=doc(), position=place, context=types.ReferenceContext(include_declaration=True))
    )
    assert sorted(r.range.start.line for r in refs) == [line_of("::dia(#dia2)"), line_of("<dia base=dia2")]
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc(), position=place, new_name="dia-two")
    )
    assert [e.new_text for e in edit.changes[URI]] == ["dia-two", "dia-two"]


async def test_symbols_folding_and_links(client: LanguageClient):
    await open_planted(client)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc()))
    assert [s.name for s in symbols] == ["chapter intro", "chapter (no ID)"]
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc()))
    assert (line_of("::chapter(#intro)"), line_of("::include")) in [(f.start_line, f.end_line) for f in folds]
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=doc()))
    assert [(l.range.start.line, l.target.rsplit("/", 1)[-1]) for l in links] == [(line_of("::include"), "part.gobook")]


async def test_formatting_and_code_actions(client: LanguageClient):
    found = await open_planted(client)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc(), options=types.FormattingOptions(tab_size=4, insert_spaces=True))
    )
    # `--normalize` writes `wp` for `pw` and one line for the two-line `::go`.
    assert edits and any("wp=" in e.new_text for e in edits)
    spelling = next(d for d in found if d.code == "book/attribute-spelling")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=doc(), range=spelling.range, context=types.CodeActionContext(diagnostics=[spelling]))
    )
    assert actions[0].edit.changes[URI][0].new_text == "wp"

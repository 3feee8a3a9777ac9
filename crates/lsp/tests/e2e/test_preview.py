"""The live preview started from the editor: pytest-lsp (VS Code's client
capabilities) runs `kifu.preview`, headless Chromium opens the page
(browser.mjs) and Alt-clicks a diagram, and the editor must be asked to
show the book with the cursor on that diagram's line; an unsaved edit
shows in the page; `kifu.scrollPreview` brings a diagram into view."""

import asyncio
import json
import os
import pathlib
import shutil
import urllib.request

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import KIFU

BROWSER = pathlib.Path(__file__).with_name("browser.mjs")
CHROMIUM = os.environ.get("KIFU_CHROMIUM", "/usr/bin/chromium")


def book_text(chapters: int = 8) -> str:
    """A book long enough that its last chapter is out of the window."""
    parts = ['::book(#preview) title="Preview"\n\n\n']
    for c in range(1, chapters + 1):
        parts.append(f"\n::chapter(#c{c})\n\n::h2 Chapter {c}\n\n::go(#g{c}) mv=\"D4 Q16 C3 R4\"\n")
        parts.append(f"\n::dia(#d{c}a) at=1 to=2 ca=\"Dia. {c}a\"\n\n::p Paragraph 1 of chapter {c}.\n")
        parts.append(f"\n::dia(#d{c}b) at=3 to=4 ca=\"Dia. {c}b\"\n\n::p Paragraph 2 of chapter {c}.\n")
    return "".join(parts)


TEXT = book_text()


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


async def until(found, what: str, seconds: float = 15):
    """Polls `found()` until it gives something."""
    for _ in range(int(seconds * 20)):
        value = found()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {what} within {seconds} s")


class Browser:
    """browser.mjs: one JSON command a line, one answer a line."""

    def __init__(self, process):
        self.process = process

    @classmethod
    async def open(cls, url: str) -> "Browser":
        assert os.path.exists(CHROMIUM), f"no Chromium at {CHROMIUM} (scripts/test-all installs it)"
        node = shutil.which("node")
        assert node, "no node on PATH (scripts/test-all installs it)"
        process = await asyncio.create_subprocess_exec(
            node, str(BROWSER), url, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        browser = cls(process)
        assert (await browser.read()) == {"ready": True}
        return browser

    async def read(self) -> dict:
        line = await asyncio.wait_for(self.process.stdout.readline(), 60)
        assert line, "the browser stopped"
        return json.loads(line)

    async def do(self, **command):
        self.process.stdin.write((json.dumps(command) + "\n").encode())
        await self.process.stdin.drain()
        answer = await self.read()
        assert "failed" not in answer, answer
        assert not answer["errors"] and not answer["outside"], answer
        return answer["ok"]

    async def close(self):
        self.process.stdin.close()
        await asyncio.wait_for(self.process.wait(), 30)


def open_book(client: LanguageClient, path: pathlib.Path, text: str) -> str:
    path.write_text(text)
    uri = path.resolve().as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="gobook", version=1, text=text)
        )
    )
    return uri


async def preview(client: LanguageClient, uri: str) -> str:
    answer = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="kifu.preview", arguments=[uri])
    )
    return answer["url"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KIFU, "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    yield
    await lsp_client.shutdown_session()


async def test_a_click_in_the_preview_puts_the_cursor_on_the_diagram_s_line(client: LanguageClient, tmp_path):
    book = tmp_path / "preview.gobook"
    uri = open_book(client, book, TEXT)
    url = await preview(client, uri)
    assert url.startswith("http://127.0.0.1:")
    # The editor is asked to open the page in the browser.
    await until(lambda: [d for d in client.shown_documents if d.uri == url and d.external], "page offered")
    browser = await Browser.open(url)
    try:
        await browser.do(click="#d2b")
        shown = await until(lambda: [d for d in client.shown_documents if d.uri == uri], "showDocument of the book")
        selection = shown[0].selection
        assert selection.start == types.Position(line=line_of(TEXT, "::dia(#d2b)"), character=0)
        assert shown[0].take_focus

        # An unsaved edit shows in the page.
        edited = TEXT.replace("Paragraph 1 of chapter 2.", "An unsaved sentence.")
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)],
            )
        )
        await browser.do(waitText="An unsaved sentence.")
        assert "An unsaved sentence." not in book.read_text()

        # The editor's cursor on the last chapter's diagram scrolls the page there.
        assert not await browser.do(inView="#d8b")
        line = line_of(edited, "::dia(#d8b)")
        scrolled = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="kifu.scrollPreview", arguments=[uri, {"line": line, "character": 0}]
            )
        )
        assert scrolled is True
        await browser.do(waitInView="#d8b")
        shots = os.environ.get("KIFU_SHOTS")
        if shots:
            await browser.do(screenshot=str(pathlib.Path(shots) / "lsp-preview.png"))

        # An unsaved mistake: its error over the page, and a click on its
        # place puts the cursor where the editor shows the finding.
        broken = edited.replace("::dia(#d5a) at=1", "::dia(#d5a) base=nowhere at=1")
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)],
            )
        )
        await browser.do(waitText="book/unknown-base")
        found = await until(
            lambda: [d for d in client.diagnostics.get(uri, []) if d.code == "book/unknown-base"], "the finding"
        )
        before = len(client.shown_documents)
        await browser.do(click="#kifu-live-errors li:has-text(\"book/unknown-base\") a.where")
        shown = await until(lambda: client.shown_documents[before:], "showDocument of the error")
        assert shown[0].uri == uri
        assert shown[0].selection.start == found[0].range.start
        assert found[0].range.start.line == line_of(broken, "base=nowhere")
        # With the errors shown, the place scrolled to is not under them.
        assert not await browser.do(inView="#d7b")
        line = line_of(broken, "::dia(#d7b)")
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="kifu.scrollPreview", arguments=[uri, {"line": line, "character": 0}])
        )
        await browser.do(waitInView="#d7b")
        if shots:
            await browser.do(screenshot=str(pathlib.Path(shots) / "lsp-preview-error.png"))
    finally:
        await browser.close()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KIFU, "lsp", "--stdio"]))
async def bare_client(lsp_client: LanguageClient):
    """A client that cannot be asked to show a document."""
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


async def test_a_client_without_show_document_is_told_the_place(bare_client: LanguageClient, tmp_path):
    uri = open_book(bare_client, tmp_path / "preview.gobook", TEXT)
    url = await preview(bare_client, uri)
    await until(lambda: [m for m in bare_client.messages if url in m.message], "message with the page's address")
    await until(lambda: 'id="d3a"' in urllib.request.urlopen(url, timeout=10).read().decode(), "the page")
    jump = urllib.request.Request(url + "_kifu/jump", data=b'{"anchor": "d3a"}', method="POST")
    assert urllib.request.urlopen(jump, timeout=10).status == 204
    place = f"preview.gobook:{line_of(TEXT, '::dia(#d3a)') + 1}:1"
    said = await until(lambda: [m for m in bare_client.messages if place in m.message], "message with the place")
    assert "showDocument" in said[0].message
    # The server goes on answering.
    symbols = await bare_client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert len(symbols) == 8

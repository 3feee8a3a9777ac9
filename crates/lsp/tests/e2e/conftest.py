"""What the end-to-end tests share: the kifu binary, the test books, and
what `kifu check`, `kifu render` and `kifu diagrams` say of them."""

import asyncio
import json
import os
import pathlib
import subprocess
import zipfile

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

BOOKS = pathlib.Path(__file__).resolve().parent.parent / "books"
PLANTED = BOOKS / "planted.gobook"
KIFU = os.environ.get("KIFU", str(pathlib.Path(__file__).resolve().parents[4] / "target/debug/kifu"))


def kifu(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([KIFU, *args], capture_output=True, timeout=60)


def check_findings(path: pathlib.Path) -> list[tuple[str, int, int]]:
    """`kifu check --format json`: (code, line, column), 1-based."""
    out = kifu("check", "--format", "json", str(path))
    found = [json.loads(line) for line in out.stderr.decode().splitlines() if line.startswith("{")]
    return [(d["code"], d["line"], d["column"]) for d in found]


def rendered_svg(path: pathlib.Path, diagram: str, tmp: pathlib.Path) -> str:
    out = tmp / "d.svg"
    result = kifu("render", str(path), "--diagram", diagram, "-o", str(out), "--quiet")
    assert out.exists(), result.stderr
    return out.read_text()


def diagrams_entry(path: pathlib.Path, title: str) -> str:
    """The entry of `kifu diagrams` that starts with the line `title`."""
    listing = kifu("diagrams", str(path)).stdout.decode()
    for entry in listing.split("\n\n"):
        if entry.startswith(title + "\n"):
            return entry + "\n"
    raise AssertionError(f"no entry {title!r} in kifu diagrams")


def make_package(folder: pathlib.Path) -> pathlib.Path:
    """`book.gobk` in `folder`: the planted book as `book.gobook`, with the
    file it includes."""
    package = folder / "book.gobk"
    with zipfile.ZipFile(package, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("book.gobook", PLANTED.read_bytes())
        z.write(BOOKS / "part.gobook", "part.gobook")
    return package


def client_fixture(capabilities: str):
    """A pytest-lsp `client` fixture: `kifu lsp` started and initialized
    with the captured capabilities of a real client (`visual-studio-code`,
    `neovim`)."""

    @pytest_lsp.fixture(config=ClientServerConfig(server_command=[KIFU, "lsp", "--stdio"]))
    async def client(lsp_client: LanguageClient):
        await lsp_client.initialize_session(
            types.InitializeParams(capabilities=client_capabilities(capabilities))
        )
        yield
        await lsp_client.shutdown_session()

    return client


async def until(condition, seconds: float = 30) -> None:
    """Waits until `condition()` holds (what the client has received, as
    `client.diagnostics`: a notification that comes while nothing awaits
    it is stored there, where `wait_for_notification` would miss it)."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"waited {seconds} s in vain")


def open_document(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    """Sends `didOpen` for a Go book."""
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="gobook", version=version, text=text)
        )
    )

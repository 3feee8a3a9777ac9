"""Every quick fix, end to end: for each code the server has a fix for
(`kifu_lsp::QUICK_FIXES`, the *quick fix* column of docs/codes.md), a book
with that mistake planted, the fix asked for through pytest-lsp (VS Code's
capabilities) and applied to the text, and the result checked by
`kifu check`: the finding is gone."""

import json
import pathlib

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import client_fixture, kifu, open_document

HEAD = '::book(#b1) title="Fixes"\n\n::chapter(#c1)\n\n::p First.\n\n'
GAME = '::go(#g) sz=9 mv="C3 D4 E5"\n\n'

# code -> the book with the mistake planted (HEAD is put before it unless
# the code is in WHOLE).
PLANTED = {
    "book/unclosed-id": "::p(#p1 Some text.\n",
    "book/unclosed-quote": '::dia(#d1) sz=9 ca="Dia. 1\nab=C3\n',
    "book/unknown-escape": '::dia(#d1) sz=9 ca="a\\q"\n',
    "book/duplicate-attribute": "::dia(#d1) sz=9 sz=13\n",
    "book/unknown-element": "::dai(#d1) sz=9\n",
    "book/unknown-attribute": "::dia(#d1) sz=9 abb=C3\n",
    "book/unknown-language": '::p_enn Text.\n\n::dia(#d1) sz=9 ca_enn="Dia. 1"\n',
    "book/language-suffix": "::dia(#d1) sz_en=9\n",
    "book/book-not-first": '::chapter(#c1)\n\n::book(#b1) title="Fixes"\n\n::p Text.\n',
    "book/chapter-without-id": "::chapter\n\n::p Text.\n",
    "book/duplicate-chapter-id": "::chapter(#c1)\n\n::p Again.\n",
    "book/duplicate-id": GAME + "::dia(#d1) sz=9\n\n::dia(#d1) sz=9 ab=C3\n\n::var base=d1 mv=D4\n",
    "book/invalid-id": "::dia(#d!1) sz=9\n\n::p ref=d!1 See.\n",
    "book/unknown-link": '::p See <a href="c11">this</a>.\n',
    "book/unknown-ref": "::dia(#dia1) sz=9\n\n::p ref=dai1 See.\n",
    "book/unknown-base": "::dia(#dia1) sz=9\n\n::var base=dai1 mv=C3\n",
    "book/include-attributes": "::include(#inc) url=\"part.gobook\"\n",
    "book/standard-text": "::p #bdoo# now.\n",
    "book/attribute-spelling": GAME.replace("sz=9", 'sz=9 pw="Honinbo"'),
    "book/notes-for-other-book": '::book(#b2) notes=1\n\n::p(#n1) loc=c1+1 A note.\n',
    "book/at-out-of-range": GAME + "::dia(#d1) at=9 mv=F6\n",
    "book/to-out-of-range": GAME + "::fig(#f1) at=1 to=9\n",
    "book/move-number-too-large": '::dia(#d1) sz=9 mv="C3 D4" mn=2000000000\n',
}

WHOLE = {"book/book-not-first", "book/notes-for-other-book"}

# The book the notes file belongs to (the only book in its folder).
NOTES_BOOK = HEAD + "::p Second.\n"


client = client_fixture("visual-studio-code")


def offset(text: str, position: types.Position) -> int:
    """The index in `text` of a UTF-16 position."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    for i, ch in enumerate(line):
        if units >= position.character:
            return start + i
        units += len(ch.encode("utf-16-le")) // 2
    return start + len(line)


def apply(text: str, edits: list[types.TextEdit]) -> str:
    spans = sorted(((offset(text, e.range.start), offset(text, e.range.end), e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def codes_found(paths: list[pathlib.Path], book: pathlib.Path | None = None) -> dict[str, set[str]]:
    """`kifu check --format json` of `paths` (at once): the codes of each."""
    args = ["check", "--format", "json"] + (["--book", str(book)] if book else []) + [str(p) for p in paths]
    found: dict[str, set[str]] = {str(p): set() for p in paths}
    for line in kifu(*args).stderr.decode().splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            found[d["file"]].add(d["code"])
    return found


def check_all(cases: dict[str, pathlib.Path], book: pathlib.Path) -> dict[str, set[str]]:
    """The codes `kifu check` finds in each case's book (the notes file
    checked against its book, as `--book` does)."""
    notes = cases["book/notes-for-other-book"]
    found = codes_found([p for c, p in cases.items() if p != notes])
    found.update(codes_found([notes], book))
    return {code: found[str(path)] for code, path in cases.items()}


def quick_fix_codes() -> list[str]:
    """The codes docs/codes.md says have a quick fix."""
    codes = pathlib.Path(__file__).resolve().parents[4] / "docs/codes.md"
    return [line.split("`")[1] for line in codes.read_text().splitlines()
            if line.startswith("| `book/") and "| yes:" in line]


async def test_every_quick_fix_clears_its_finding(client: LanguageClient, tmp_path):
    assert sorted(quick_fix_codes()) == sorted(PLANTED), "a code with a quick fix has no planted book here"
    cases = {}
    for n, (code, planted) in enumerate(PLANTED.items()):
        folder = tmp_path / f"case{n}"
        folder.mkdir()
        cases[code] = folder / "fix.gobook"
        cases[code].write_text(planted if code in WHOLE else HEAD + planted)
    book = cases["book/notes-for-other-book"].with_name("book.gobook")
    book.write_text(NOTES_BOOK)
    before = check_all(cases, book)
    failures = [f"{code}: kifu check does not find the planted mistake" for code in cases if code not in before[code]]
    for code, path in cases.items():
        failures += await fix_every_finding(client, code, path)
    after = check_all(cases, book)
    failures += [f"{code}: kifu check still finds it after the fixes:\n{cases[code].read_text()}"
                 for code in cases if code in after[code]]
    assert not failures, "\n".join(failures)


async def fix_every_finding(client: LanguageClient, code: str, path: pathlib.Path) -> list[str]:
    """Opens `path`, applies the quick fix of each finding of `code` one
    at a time, as an author would (each fix is for the text as it is
    then), and saves the result; what went wrong."""
    text = path.read_text()
    uri = path.resolve().as_uri()
    failures = []
    version = 1
    while True:
        found = [d for d in await diagnostics_of(client, uri, text, version) if d.code == code]
        if not found:
            break
        if version > 3:
            failures.append(f"{code}: still reported after {version - 1} fixes")
            break
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=found[0].range,
                context=types.CodeActionContext(diagnostics=[found[0]]),
            )
        )
        if not actions:
            failures.append(f"{code}: no quick fix offered")
            break
        action = actions[0]
        assert action.kind == types.CodeActionKind.QuickFix and action.diagnostics[0].code == code
        before, text = text, apply(text, action.edit.changes[uri])
        # A minimal edit: only the lines the fix is about change.
        changed = sum(1 for a, b in zip(before.splitlines(), text.splitlines()) if a != b)
        if code != "book/book-not-first" and changed > 2:
            failures.append(f"{code}: {changed} lines changed by {action.title!r}")
        version += 1
    if version == 1 and not failures:
        failures.append(f"{code}: the server does not report it")
    path.write_text(text)
    return failures


async def diagnostics_of(client: LanguageClient, uri: str, text: str, version: int) -> list[types.Diagnostic]:
    """Opens `uri` with `text` at `version` (closing it first after the
    first version: a fresh open is checked at once, where an edit waits
    for the server's debounce) and waits for its diagnostics."""
    if version > 1:
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        # The close clears the diagnostics: wait for that first, so that
        # one notification at a time is awaited (one that comes while
        # nothing waits would be missed).
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    open_document(client, uri, text, version)
    while True:
        published = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if published.uri == uri and published.version == version:
            return published.diagnostics

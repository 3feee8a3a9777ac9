"""kifu: Go game records (SGF) read, checked, repaired and written by
kifu's Rust library.

    import kifu
    for game in kifu.read("game.sgf"):
        print(game.info.get("black"), len(game.main_line()))
        print(game.replay())            # the final position
    for d in kifu.read("broken.sgf").check():
        print(d)                         # file:line:col: severity[code]: message

``kifu.read_files`` reads a directory or a list of files on all cores with
the GIL released; ``kifu.sgfmill`` is sgfmill's API on kifu's parser;
``kifu.dask`` builds dask bags of games and game information;
``kifu.positions`` turns many games into numpy arrays (the board before
each move, the move, the player) for training sets.
"""

from __future__ import annotations

import os
from typing import IO, Iterable, Iterator, List, Optional, Tuple, Union

from . import _kifu
from ._kifu import Board, Diagnostic

__all__ = ["read", "parse", "parse_all", "fix", "read_files", "read_book", "Book", "read_stream", "Collection", "Game", "Node",
           "Board", "Diagnostic", "SgfError", "sgf_files", "positions", "Positions", "__version__"]
__version__ = _kifu.__version__


class SgfError(ValueError):
    """A record that cannot be read as asked (``strict=True``).

    ``diagnostics`` holds every error found; the message and ``file``,
    ``line``, ``column`` are those of the first.
    """

    def __init__(self, diagnostics):
        self.diagnostics = list(diagnostics)
        first = self.diagnostics[0]
        self.file, self.line, self.column = first.file, first.line, first.column
        super().__init__(str(first))


def _bytes_and_name(source, name):
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), name or "<bytes>"
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        with open(path, "rb") as f:
            return f.read(), name or path
    if hasattr(source, "read"):
        data = source.read()
        if isinstance(data, str):
            raise TypeError("kifu reads bytes: open the file in binary mode ('rb')")
        return bytes(data), name or getattr(source, "name", None) or "<stream>"
    raise TypeError("expected bytes, a path or a binary file object, given %s"
                    % type(source).__name__)


# One node of a game: properties, typed values, children (native: see
# crates/python/src/nodes.rs).
Node = _kifu.Node


class Game:
    """One game of a collection."""

    __slots__ = ("_c", "index")

    def __init__(self, collection, index):
        self._c = collection
        self.index = index

    def __repr__(self):
        return "<kifu.Game %d of %s>" % (self.index, self._c.name)

    @property
    def root(self):
        """The root node."""
        return Node._root(self._c, self.index)

    @property
    def size(self):
        """The board size as (columns, rows)."""
        return self._c.board_size(self.index)

    @property
    def charset(self):
        """The charset the game's text is decoded with."""
        return self._c.charset(self.index)

    @property
    def info(self):
        """The game information: a dict with 'black', 'white', 'komi',
        'result', 'dates', ... (absent when the record does not say)."""
        return self._c.game_info(self.index)

    def main_line(self) -> List["Node"]:
        """The nodes of the main line (first child at each branch), root
        first."""
        return Node._main_line(self._c, self.index)

    def nodes(self) -> List["Node"]:
        """Every node, in tree order."""
        return Node._tree(self._c, self.index)

    def moves(self) -> List[Tuple[str, Optional[Tuple[int, int]]]]:
        """The main line's moves: [('b' or 'w', (row, col) or None), ...]."""
        moves = (node.move for node in Node._main_line(self._c, self.index))
        return [m for m in moves if m is not None]

    def replay(self) -> Board:
        """The Board after the main line (setup, moves, captures)."""
        return self._c.replay(self.index)


class Collection:
    """What one SGF input holds: its games, what the reader found, and the
    writers. Iterate it for its games."""

    def __init__(self, native):
        self._native = native

    @property
    def name(self):
        """The path or name it was read under."""
        return self._native.name

    def __len__(self):
        return len(self._native)

    def __getitem__(self, index):
        if index < 0:
            index += len(self._native)
        if not 0 <= index < len(self._native):
            raise IndexError("game index out of range")
        return Game(self._native, index)

    def __iter__(self):
        return (Game(self._native, i) for i in range(len(self._native)))

    def __repr__(self):
        return repr(self._native)

    @property
    def node_count(self):
        """Nodes in all games."""
        return self._native.node_count()

    @property
    def diagnostics(self):
        """What the reader reported (damage it read through)."""
        return self._native.read_diagnostics()

    def check(self) -> List[Diagnostic]:
        """Every finding of `kifu check`: a list of Diagnostic (code,
        severity, message, file, line, column)."""
        return self._native.check()

    def write(self, mode: str = "lossless") -> bytes:
        """The collection as bytes: 'lossless' (as read), 'normalized'
        (FF[4], UTF-8, canonical layout), 'json' or 'xml' (Go XML)."""
        return self._native.write(mode)

    def save(self, path: Union[str, os.PathLike], mode: str = "lossless") -> None:
        """Writes to `path` atomically (a temporary file renamed)."""
        data = self.write(mode)
        tmp = "%s.kifu-tmp-%d" % (os.fspath(path), os.getpid())
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.remove(tmp)
            raise


def _format_of(data, name):
    lower = (name or "").lower()
    if lower.endswith(".xml"):
        return "xml"
    if lower.endswith(".sgf"):
        return "sgf"
    return "xml" if data.lstrip()[:1] == b"<" else "sgf"


def parse(data: bytes, name: str = "<bytes>", strict: bool = False,
          format: Optional[str] = None) -> "Collection":
    """Reads SGF (or GoGui / Jago Go XML: `format` "xml", or told by the
    name or content) into a Collection. Never fails unless `strict`: then
    SgfError, with file, line and column, when the reader found errors."""
    data = bytes(data)
    fmt = format or _format_of(data, name)
    if fmt not in ("sgf", "xml"):
        raise ValueError("unknown format %r: expected 'sgf' or 'xml' (books: read_book)" % fmt)
    native = _kifu.parse_xml(data, name) if fmt == "xml" else _kifu.parse(data, name)
    c = Collection(native)
    if strict:
        errors = [d for d in c.diagnostics if d.severity == "error"]
        if errors:
            raise SgfError(errors)
    return c


def read(source: Union[bytes, str, os.PathLike, IO[bytes]], name: Optional[str] = None,
         strict: bool = False, format: Optional[str] = None) -> "Collection":
    """Reads SGF or Go XML from bytes, a path (str or PathLike) or a binary
    file object. OSError when a file cannot be read; see parse()."""
    data, name = _bytes_and_name(source, name)
    return parse(data, name, strict, format)


class Book:
    """A Go Book (SmartGo `.gobook` text) with its Go items (diagrams,
    problems, Go data) resolved as `kifu diagrams` lists them."""

    def __init__(self, native):
        self._native = native

    @property
    def name(self) -> str:
        return self._native.name

    def __len__(self) -> int:
        return len(self._native)

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """What the reader and the diagram resolver found."""
        return self._native.read_diagnostics()

    def check(self) -> List[Diagnostic]:
        """Every finding of `kifu check` on the book."""
        return self._native.check()

    def items(self) -> List[dict]:
        """The Go items in book order, as `kifu diagrams --json` lists them
        (chapter, index, kind, id, base, position, moves...)."""
        import json
        return json.loads(self._native.listing())

    def _index(self, item):
        if isinstance(item, int):
            return item
        for i in range(len(self._native)):
            if self._native.item_id(i) == item:
                return i
        raise KeyError("no item with ID %r in %s" % (item, self.name))

    def draw(self, item: Union[int, str]) -> str:
        """An item (index or ID) as text, as `kifu diagrams` draws it."""
        return self._native.draw(self._index(item))

    def svg(self, item: Union[int, str], style: str = "book", lang: str = "en") -> str:
        """An item (index or ID) rendered to SVG ("book" or "screen" style)."""
        return self._native.svg(self._index(item), style, lang)

    def write(self) -> str:
        """The book as text, byte for byte as read."""
        return self._native.write()

    def entry_names(self) -> List[str]:
        """The other entries of the `.gobk` package the book came from
        (images...), in archive order; empty for a `.gobook` text."""
        return self._native.entry_names()

    def entry(self, name: str) -> Optional[bytes]:
        """The bytes of the package entry `name`, or None when the package
        has none of that name (or the book is a `.gobook` text). Raises
        ValueError when the package refuses the entry (past its limits)."""
        return self._native.entry(name)


def read_book(source: Union[bytes, str, os.PathLike, IO[bytes]],
              name: Optional[str] = None) -> Book:
    """Reads a Go Book, a `.gobook` text or a `.gobk` package (told apart
    by the bytes), from bytes, a path or a binary file object. Damage to
    the text never fails (see Book.diagnostics); a package that cannot be
    read raises ValueError."""
    data, name = _bytes_and_name(source, name)
    return Book(_kifu.parse_book(data, name))


def fix(source: Union[bytes, str, os.PathLike, IO[bytes]], name: Optional[str] = None,
        force: bool = False, normalize: bool = False
        ) -> Tuple["Collection", List[Tuple[str, int, int, str]]]:
    """Repairs a record as `kifu fix` does: (Collection, repairs), each
    repair (code, line, column, message). `force` makes the repairs that
    may lose information too; `normalize` also writes the game information
    in FF[4]'s forms."""
    data, name = _bytes_and_name(source, name)
    native, repairs = _kifu.fix(data, name, force, normalize)
    return Collection(native), repairs


def parse_all(inputs: Iterable[bytes], chunk: int = 1024) -> Iterator["Collection"]:
    """Reads an iterable of SGF inputs (bytes) on all cores, the GIL
    released, a chunk at a time: yields one Collection per input, in order.
    """
    batch = []
    for data in inputs:
        batch.append(bytes(data))
        if len(batch) >= chunk:
            for native in _kifu.parse_many(batch):
                yield Collection(native)
            batch = []
    if batch:
        for native in _kifu.parse_many(batch):
            yield Collection(native)


def read_stream(path: Union[str, os.PathLike], chunk: int = 1024) -> Iterator["Collection"]:
    """The games of a file of concatenated SGF games (any size, read as a
    stream), parsed on all cores with the GIL released; each Collection is
    named `path:line:column` after where its game starts."""
    for native in _kifu.StreamReader(os.fspath(path), chunk):
        yield Collection(native)


def sgf_files(directory: Union[str, os.PathLike]) -> List[str]:
    """Every .sgf file under `directory` (any case), sorted."""
    found = []
    for root, _, names in os.walk(directory):
        found.extend(os.path.join(root, n) for n in names if n.lower().endswith(".sgf"))
    found.sort()
    return found


def read_files(paths: Union[str, os.PathLike, Iterable[Union[str, os.PathLike]]],
               chunk: int = 256) -> Iterator[Tuple[str, Union["Collection", OSError]]]:
    """Reads many files on all cores, the GIL released, a chunk ahead of
    the loop: yields (path, Collection), or (path, OSError) for a file that
    cannot be read. `paths` is a directory (every .sgf under it) or a list.
    """
    if isinstance(paths, (str, os.PathLike)) and os.path.isdir(paths):
        paths = sgf_files(paths)
    for path, result in _kifu.FileReader([os.fspath(p) for p in paths], chunk):
        if isinstance(result, str):
            yield path, OSError(result)
        else:
            yield path, Collection(result)


# Last: it uses sgf_files above. numpy is imported only when called.
from ._positions import Positions, positions  # noqa: E402

"""kifu.positions: games as numpy arrays, for training sets (numpy is an
optional dependency: ``pip install kifu[numpy]``)."""

from __future__ import annotations

import os
from typing import Iterable, List, Tuple, Union

from . import _kifu

Source = Union[str, os.PathLike, bytes, Iterable[Union[str, os.PathLike, bytes]]]


class Positions:
    """The positions of many games, as numpy arrays (N positions, G games).

    Per position:

    - ``boards`` (N, size, size) int8: the board *before* the move, 1 black,
      -1 white, 0 empty, indexed ``[row, col]`` with row 0 at the bottom
      (sgfmill's coordinates);
    - ``moves`` (N, 2) int16: the move's (row, col), (-1, -1) for a pass;
    - ``players`` (N,) int8: who moved, 1 black, -1 white;
    - ``game`` (N,) int32: the index of the position's game (0 to G-1).

    Per game: ``komi`` (G,) float64 (NaN when absent), ``handicap`` (G,)
    int32 (0 when absent), ``winner`` (G,) int8 (1 black, -1 white, 0 draw,
    void, unknown or absent), ``result`` (list of G str: RE as written, ""
    when absent), ``source`` (list of G: the path, or the index in the
    iterable of bytes), ``source_game`` (G,) int32 (the game's index in its
    source, for collections of several games), ``offsets`` (G+1,) int64
    (game g's positions are ``offsets[g]:offsets[g+1]``).

    ``boards`` of 4 MB and more lie in an anonymous ``mmap.mmap`` (their
    ``base``, on Unix) rather than numpy's allocator: small pages, all
    populated at once, the cheapest fresh memory measured.

    ``skipped`` lists what was left out and why, as (source, game in the
    source or None for the whole source, reason).
    """

    __slots__ = ("boards", "moves", "players", "game", "offsets", "komi", "handicap",
                 "winner", "result", "source", "source_game", "skipped", "size")

    def __init__(self, native: dict, names: list):
        for key in ("boards", "moves", "players", "game", "offsets", "komi", "handicap",
                    "winner", "result", "source_game", "size"):
            setattr(self, key, native[key])
        self.source = [names[i] for i in native["input"]]
        self.skipped = [(names[i], g, reason) for i, g, reason in native["skipped"]]

    def __len__(self) -> int:
        return len(self.players)

    @property
    def games(self) -> int:
        """The number of games kept (G)."""
        return len(self.komi)

    def __repr__(self) -> str:
        return "<kifu.Positions: %d positions of %d games, %dx%d>" % (
            len(self), self.games, self.size, self.size)

    def arrays(self) -> dict:
        """The arrays by name, for ``numpy.savez(path, **p.arrays())``
        (``result`` and ``source`` as numpy str arrays)."""
        import numpy
        out = {k: getattr(self, k) for k in ("boards", "moves", "players", "game", "offsets",
                                             "komi", "handicap", "winner", "source_game")}
        out["result"] = numpy.array(self.result, dtype=str)
        out["source"] = numpy.array([str(s) for s in self.source], dtype=str)
        return out


def _inputs(source) -> Tuple[str, list]:
    """('paths', [str]) or ('bytes', [bytes]) from what positions() takes."""
    from . import sgf_files
    if isinstance(source, (bytes, bytearray, memoryview)):
        return "bytes", [bytes(source)]
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if os.path.isdir(path):
            return "paths", sgf_files(path)
        if os.path.exists(path):
            return "paths", [path]
        raise FileNotFoundError("kifu.positions: no such file or directory: %r" % path)
    try:
        items = list(source)
    except TypeError:
        raise TypeError("kifu.positions takes a directory, a list of paths or an iterable "
                        "of bytes, not %s" % type(source).__name__) from None
    if all(isinstance(x, (str, os.PathLike)) for x in items):
        return "paths", [os.fspath(x) for x in items]
    if all(isinstance(x, (bytes, bytearray, memoryview)) for x in items):
        return "bytes", [bytes(x) for x in items]
    kinds = sorted({type(x).__name__ for x in items})
    raise TypeError("kifu.positions takes paths or bytes, all of one kind; given %s"
                    % ", ".join(kinds))


def positions(source: Source, size: int = 19, *, variations: bool = False,
              on_illegal: str = "skip", min_moves: int = 0, strict: bool = False,
              errors: str = "raise") -> Positions:
    """The board before each move of many games, as numpy arrays.

    ``source`` is a directory (every .sgf under it, sorted), a path, a list
    of paths, bytes, or an iterable of bytes (one SGF input each). Every
    game of each input (a collection may hold several) whose board is
    ``size`` x ``size`` is kept, in the order read; games of other sizes
    are left out silently. Reading and replaying run in Rust on all cores
    with the GIL released, and the arrays are built without a Python
    object per position. See `Positions` for what is returned.

    - ``variations``: False (the default) gives the main line only; True
      gives every move of the game tree once, the main line first, then
      the other lines, each with the board of its own line.
    - Setup (``AB``, ``AW``, ``AE``) in any node applies before that node's
      move, in the order AB, AW, AE (as sgfmill's ``Board.apply_setup``);
      setup in the root gives the same board as sgfmill's
      ``sgf_moves.get_setup_and_moves``. Setup in later nodes is applied
      too (sgfmill refuses it), and is not a position itself. Handicap
      stones are setup stones (AB), so they are on the boards.
    - Captures follow the rules (kifu's Board). ``on_illegal`` says what
      happens with a game that has an illegal move (occupied point,
      suicide, immediate retake of a ko, a point off the board) or a setup
      that leaves a group without liberties: "skip" (the default: the game
      is left out and listed in ``skipped``), "truncate" (the positions
      before it are kept; in a variation, that line stops there) or
      "raise" (ValueError).
    - ``min_moves``: games with fewer positions are left out.
    - ``errors``: an input that cannot be read (OSError), in which no SGF
      game is found or, with ``strict``, in which the reader found errors
      (ValueError) fails the call ("raise", the default) or is left out
      and listed in ``skipped`` ("skip"). Without ``strict``, damaged
      records are read as ``kifu.read`` reads them.

    Raises ImportError when numpy is not installed (``pip install
    kifu[numpy]``), TypeError for a source of another kind.
    """
    try:
        import numpy  # noqa: F401 - the native code imports it too
    except ImportError as e:
        raise ImportError("kifu.positions needs numpy: pip install kifu[numpy] (%s)" % e) from e
    kind, items = _inputs(source)
    options = dict(size=size, variations=variations, on_illegal=on_illegal,
                   min_moves=min_moves, strict=strict, errors=errors)
    if kind == "paths":
        native = _kifu.positions_files(items, **options)
        names: List[Union[str, int]] = items
    else:
        native = _kifu.positions_bytes(items, **options)
        names = list(range(len(items)))
    return Positions(native, names)


__all__ = ["positions", "Positions"]

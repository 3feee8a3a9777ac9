"""A Go board with captures, as sgfmill's ``boards`` module has it.

Points are (row, col), row 0 at the bottom; colours 'b' and 'w', None for
an empty point. Suicide is allowed (the group is removed) and nothing
checks ko: ``play`` returns the simple ko point, as sgfmill's does.
"""

from itertools import chain  # noqa: F401 - a public name of sgfmill's boards

from .. import _kifu
from .common import opponent_of  # noqa: F401 - a public name of sgfmill's boards


# sgfmill's Board, in Rust (crates/python/src/sgfmill_board.rs): side,
# board_points, copy, is_empty, get, play, apply_setup,
# list_occupied_points, area_score. Its `board` attribute (private in
# sgfmill) is a copy of the rows.
Board = _kifu.SgfmillBoard

"""Boards as text, as sgfmill's ``ascii_boards`` module draws them."""

from . import boards
from .common import column_letters

_STONE = {None: " .", "b": " #", "w": " o"}


def render_grid(point_formatter, size):
    """The lines of a diagram, top row first, then the column letters.

    point_formatter(row, col) gives each point's two characters.
    """
    wide = size > 9
    lines = []
    for row in reversed(range(size)):
        label = ("%2d " if wide else "%d ") % (row + 1)
        lines.append(label + " ".join(point_formatter(row, col) for col in range(size)))
    # IndexError past 25 columns, as sgfmill: the labels skip I.
    lines.append((" " if wide else "") + "   " + "  ".join(column_letters[col] for col in range(size)))
    return lines


def render_board(board):
    """The board as a diagram: '#' black, 'o' white, '.' empty."""
    return "\n".join(render_grid(
        lambda row, col: _STONE.get(board.get(row, col), " ?"), board.side))


def interpret_diagram(diagram, size, board=None):
    """The board a render_board() diagram shows (ValueError if it cannot)."""
    if board is None:
        board = boards.Board(size)
    else:
        if board.side != size:
            raise ValueError("wrong board size, must be %d" % size)
        if not board.is_empty():
            raise ValueError("board not empty")
    lines = diagram.strip().split("\n")
    colour_of = {"#": "b", "o": "w", ".": None}
    offset = 1 if size > 9 else 0
    try:
        for row, col in board.board_points:
            colour = colour_of[lines[size - row - 1][3 * (col + 1) + offset]]
            if colour is not None:
                board.play(row, col, colour)
    except Exception:
        raise ValueError
    return board

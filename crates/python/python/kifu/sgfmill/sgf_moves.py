"""The setup and moves of a game's main line, as sgfmill's ``sgf_moves``."""

from .. import _kifu
from . import sgf_properties


def get_setup_and_moves(sgf_game, board=None):
    """(board with the root's setup, list of (colour, move)) of the main line.

    ValueError for an illegal setup, setup and a move in the root, or setup
    after the root.
    """
    size = sgf_game.get_size()
    if board is None:
        from . import boards
        board = boards.Board(size)
    else:
        if board.side != size:
            raise ValueError("wrong board size, must be %d" % size)
        if not board.is_empty():
            raise ValueError("board not empty")
    root = sgf_game.get_root()
    large_boards = getattr(sgf_game.get_property_presenter(), "large_boards", False)
    black, white, empty = root.get_setup_stones()
    setup = bool(black or white)
    if setup:
        if not board.apply_setup(black, white, empty):
            raise ValueError("setup position not legal")
        if root.get_raw_move()[0] is not None:
            raise ValueError("mixed setup and moves in root node")
    # The main line's moves read natively in one call, when the answer is
    # certain there (see _kifu.sgfmill_main_moves); else sgfmill's loop.
    if type(size) is int and type(large_boards) is bool:
        moves = _kifu.sgfmill_main_moves(root, size, large_boards, setup)
        if moves is not None:
            return board, moves
    nodes = sgf_game.main_sequence_iter()
    if setup:
        next(nodes)
    moves = []
    for node in nodes:
        if node.has_setup_stones():
            raise ValueError("setup properties after the root node")
        colour, raw = node.get_raw_move()
        if colour is not None:
            moves.append((colour, sgf_properties.interpret_go_point(raw, size, large_boards)))
    return board, moves


def set_initial_position(sgf_game, board):
    """Writes the board's stones as AB/AW of the root."""
    stones = {"b": set(), "w": set()}
    for colour, point in board.list_occupied_points():
        stones[colour].add(point)
    sgf_game.get_root().set_setup_stones(stones["b"], stones["w"])


def indicate_first_player(sgf_game):
    """Sets PL in the root when the first move's colour is not the one
    expected (Black, or White after handicap stones)."""
    root = sgf_game.get_root()
    first, _ = root[0].get_move()
    if first is None:
        return
    handicap = root.has_property("HA")
    if root.has_property("AW"):
        needed = True
    elif root.has_property("AB") and not handicap:
        needed = True
    elif not handicap:
        needed = first == "w"
    else:
        needed = first == "b"
    if needed:
        root.set("PL", first)

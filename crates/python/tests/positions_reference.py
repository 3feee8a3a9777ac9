"""The arrays of kifu.positions built with sgfmill 1.1.1 and numpy in a
Python loop: the reference of the tests and of the benchmark. Nothing here
uses kifu.

Rules as kifu.positions applies them: a move on an occupied point (sgfmill
raises ValueError), a suicide (sgfmill removes the stone it just played) or
the immediate retake of a simple ko (the point sgfmill's play returned, by
the other colour) makes the game illegal."""

import numpy as np
from sgfmill import boards, sgf, sgf_grammar, sgf_moves


class Refused(Exception):
    """sgfmill cannot give this game's positions (not comparable)."""


class Illegal(Exception):
    """The game has a move that is illegal under kifu.positions' rules."""


def board_array(board, size):
    a = np.zeros((size, size), dtype=np.int8)
    for colour, (row, col) in board.list_occupied_points():
        a[row, col] = 1 if colour == "b" else -1
    return a


def play_all(board, plays, size):
    """(boards, moves, players) of a line of plays from `board`; Illegal at
    the first illegal move, with the positions before it in `args[1]`."""
    out_boards, out_moves, out_players = [], [], []
    ko, ko_maker = None, None
    for colour, move in plays:
        if move is not None:
            row, col = move
            if board.get(row, col) is not None or (move == ko and colour != ko_maker):
                raise Illegal(move, (out_boards, out_moves, out_players))
        out_boards.append(board_array(board, size))
        out_moves.append((-1, -1) if move is None else move)
        out_players.append(1 if colour == "b" else -1)
        if move is None:
            ko = None
            continue
        ko, ko_maker = board.play(row, col, colour), colour
        if board.get(row, col) is None:
            out_boards.pop(), out_moves.pop(), out_players.pop()
            raise Illegal(move, (out_boards, out_moves, out_players))
    return out_boards, out_moves, out_players


def main_line(game, size):
    """The positions of the main line, with get_setup_and_moves."""
    try:
        board, plays = sgf_moves.get_setup_and_moves(game)
    except ValueError as e:
        raise Refused(str(e))
    return play_all(board, plays, size)


# FF[4]'s game-info properties, and Go's (HA, KM).
GAME_INFO = {"AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC", "PW",
             "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "HA", "KM"}


def metadata(game):
    """Komi (NaN when absent), handicap (0), winner (get_winner's rule) and
    RE, read as kifu's Game.info reads them: from the first node of the
    main line with game-info properties, the root for what it lacks."""
    root = game.get_root()
    info = next((n for n in game.get_main_sequence()
                 if GAME_INFO & set(n.properties())), root)

    def get(identifier, default):
        for node in (info, root):
            if node.has_property(identifier):
                return node.get(identifier)
        return default

    result = get("RE", "")
    winner = {"b": 1, "w": -1}.get(result[:1].lower(), 0)
    return float(get("KM", float("nan"))), get("HA", 0), winner, result


def file_games(data):
    """The Sgf_games of a collection, as sgfmill reads them."""
    try:
        coarse = sgf_grammar.parse_sgf_collection(data)
        return [sgf.Sgf_game.from_coarse_game_tree(c) for c in coarse]
    except ValueError as e:
        raise Refused(str(e))


def file_positions(data, size):
    """{game index in the file: (boards, moves, players, metadata)} for the
    games of `size`, with "illegal" for an illegal game; Refused when
    sgfmill refuses any game of the file (size, setup, values)."""
    out = {}
    for i, game in enumerate(file_games(data)):
        try:
            if game.get_size() != size:
                continue
            meta = metadata(game)
        except ValueError as e:
            raise Refused(str(e))
        try:
            b, m, p = main_line(game, size)
        except Illegal:
            out[i] = "illegal"
            continue
        out[i] = (b, m, p, meta)
    return out

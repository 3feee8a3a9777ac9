"""Colours and vertices, as sgfmill's ``common`` module has them."""

__all__ = ["opponent_of", "colour_name", "format_vertex", "format_vertex_list",
           "move_from_vertex"]

# Column letters of the conventional notation: no I.
column_letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

_OPPONENT = {"b": "w", "w": "b"}
_NAME = {"b": "black", "w": "white"}


def opponent_of(colour):
    """The other colour: 'b' for 'w' and 'w' for 'b' (ValueError otherwise)."""
    if colour in _OPPONENT:
        return _OPPONENT[colour]
    raise ValueError


def colour_name(colour):
    """'black' or 'white' (ValueError for anything but 'b' and 'w')."""
    if colour in _NAME:
        return _NAME[colour]
    raise ValueError


def format_vertex(move):
    """A move as in GTP: 'pass' for None, else a letter and a row ('D4')."""
    if move is None:
        return "pass"
    row, col = move
    if not (0 <= row < 25 and 0 <= col < 25):
        raise ValueError
    return "%s%d" % (column_letters[col], row + 1)


def format_vertex_list(moves):
    """Moves formatted with format_vertex, joined by commas."""
    return ",".join(format_vertex(m) for m in moves)


def move_from_vertex(vertex, board_size):
    """A GTP vertex ('D4', 'pass') as a move: (row, col), or None for pass."""
    if board_size <= 0 or board_size > 25:
        raise ValueError("board_size out of range")
    try:
        text = vertex.lower()
    except Exception:
        raise ValueError("invalid vertex")
    if text == "pass":
        return None
    try:
        letter = text[0]
        if letter == "i" or not ("a" <= letter <= "z"):
            raise ValueError
        col = ord(letter) - ord("a") - (1 if letter > "i" else 0)
        row = int(text[1:]) - 1
        if row < 0:
            raise ValueError
    except (IndexError, ValueError):
        raise ValueError("invalid vertex: '%s'" % text)
    if col >= board_size or row >= board_size:
        raise ValueError("vertex is off board: '%s'" % text)
    return row, col

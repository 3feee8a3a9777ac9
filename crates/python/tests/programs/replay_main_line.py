"""Written for sgfmill: the game information, the main line's moves in GTP
notation, the final position and its area score."""
import sys

from sgfmill import ascii_boards, common, sgf, sgf_moves



def attempt(f, *args):
    try:
        return f(*args)
    except Exception as e:
        return "%s(%s)" % (type(e).__name__, e)


for path in sys.argv[1:]:
    with open(path, "rb") as f:
        try:
            game = sgf.Sgf_game.from_bytes(f.read())
        except ValueError as e:
            print(path, "unreadable:", e)
            continue
    print(path, game.get_size(), attempt(game.get_charset), attempt(game.get_komi),
          attempt(game.get_winner), attempt(game.get_handicap))
    for colour in "bw":
        print(common.colour_name(colour), attempt(game.get_player_name, colour))
    try:
        board, moves = sgf_moves.get_setup_and_moves(game)
    except ValueError as e:
        print("bad setup:", e)
        continue
    played = []
    for colour, move in moves:
        played.append(colour + " " + common.format_vertex(move) if game.get_size() <= 25 else str(move))
        if move is None:
            continue
        try:
            board.play(move[0], move[1], colour)
        except ValueError:
            played.append("illegal")
    print(" ".join(played))
    print(ascii_boards.render_board(board))
    print("score", board.area_score(), len(board.list_occupied_points()))

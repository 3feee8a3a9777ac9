"""Written for sgfmill: build a game from scratch, read it back."""
from sgfmill import boards, sgf, sgf_grammar, sgf_moves, sgf_properties

game = sgf.Sgf_game(size=9)
root = game.get_root()
root.set("PB", "Black player")
root.set("PW", "White\\player")
root.set("AP", ("kifu:test", "1.0"))
root.set("HA", 2)
root.set("AB", {(2, 2), (6, 6)})
for i, (c, m) in enumerate([("w", (4, 4)), ("b", (4, 5)), ("w", None), ("b", (3, 4))]):
    node = game.extend_main_sequence()
    node.set_move(c, m)
    node.set("C", "move %d\r\n\tcomment" % (i + 1))
data = game.serialise()
print(data.decode())
again = sgf.Sgf_game.from_bytes(data)
print([n.get_move() for n in again.get_main_sequence()])
print(again.get_root().get("AP"), again.get_handicap(), again.get_root().get("AB"))
print(sgf_grammar.parse_compose(b"a\\:b:c"), sgf_grammar.text_value(b"a\\\nb\r\nc\\]"))
print(sgf_grammar.simpletext_value(b"a\nb\tc"))
print(sgf_properties.interpret_go_point(b"tt", 19), sgf_properties.serialise_go_point((0, 0), 9))
sgf_moves.indicate_first_player(again)
print(again.get_root().get_raw("PL") if again.get_root().has_property("PL") else "no PL")
board = boards.Board(9)
print(board.apply_setup([(0, 0), (0, 1)], [(1, 0), (1, 1), (0, 2)], []))
print(board.list_occupied_points(), board.play(5, 5, "b"), board.copy().area_score())
for bad in [b"(;B[aa]", b"", b"(;B[aa](;W[bb])", b"x(;SZ[foo])", b"(;SZ[0])", b"(;CA[foo])"]:
    try:
        sgf.Sgf_game.from_bytes(bad)
        print("read", bad)
    except ValueError as e:
        print("ValueError", e)
try:
    sgf_grammar.parse_sgf_collection(b"(;B[aa])(;W[bb]")
except ValueError as e:
    print("ValueError", e)

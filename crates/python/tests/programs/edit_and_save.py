"""Written for sgfmill: annotate a game and write it back out."""
import sys

from sgfmill import sgf

for path in sys.argv[1:]:
    with open(path, "rb") as f:
        try:
            game = sgf.Sgf_game.from_bytes(f.read())
        except ValueError as e:
            print(path, "unreadable:", e)
            continue
    root = game.get_root()
    root.set("GC", "checked [twice]\nby a script")
    root.set("KM", 6.5)
    last = game.get_last_node()
    last.add_comment_text("the end")
    try:
        colour, _ = last.get_move()
    except ValueError as e:
        print("bad move:", e)
        colour = None
    try:
        node = game.extend_main_sequence()
        node.set_move("w" if colour == "b" else "b", None)
        node.set("LB", [((0, 0), "A"), ((1, 1), "b:c")])
        node.set("TR", [(0, 1), (0, 2)])
        main = game.get_main_sequence()
        if len(main) > 3:
            side = main[2].new_child()
            side.set_move("b", (2, 2))
            side.reparent(main[1], 0)
            main[-1].delete()
    except ValueError as e:
        print("edit refused:", e)
    try:
        sys.stdout.buffer.write(game.serialise())
        sys.stdout.buffer.write(game.serialise(wrap=None))
    except (ValueError, UnicodeError) as e:
        print("serialise failed:", type(e).__name__, e)
    sys.stdout.flush()

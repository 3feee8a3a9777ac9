"""kifu.positions against the same arrays built with sgfmill 1.1.1 and numpy
in a Python loop (positions_reference.py), element by element, on the
corpus; then its options and its errors, with expected values written by
hand."""

import math
import os
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("sgfmill")

import kifu  # noqa: E402
from compare import corpus_files  # noqa: E402
from positions_reference import Illegal, Refused, board_array, file_games, file_positions, play_all  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def kifu_games(p):
    """{(source, game in source): (boards, moves, players, metadata)}."""
    out = {}
    for g in range(p.games):
        a, b = p.offsets[g], p.offsets[g + 1]
        meta = (p.komi[g], p.handicap[g], p.winner[g], p.result[g])
        out[(p.source[g], int(p.source_game[g]))] = (p.boards[a:b], p.moves[a:b], p.players[a:b], meta)
    return out


def same_meta(ours, ref):
    komi, handicap, winner, result = ref
    assert (math.isnan(ours[0]) and math.isnan(komi)) or ours[0] == komi
    assert (ours[1], ours[2], ours[3]) == (handicap, winner, result)


def compare_corpus(size):
    """Compares every corpus file that sgfmill reads (the damaged ones of
    broken/ when both readers find the same number of games in them);
    returns the counts."""
    files = corpus_files("sgf")
    if not files:
        pytest.skip("no corpus")
    p = kifu.positions(files, size=size, errors="skip")
    assert p.boards.shape == (len(p), size, size) and p.boards.dtype == np.int8
    assert p.moves.shape == (len(p), 2) and p.moves.dtype == np.int16
    assert p.players.dtype == np.int8 and p.game.shape == (len(p),)
    ours = kifu_games(p)
    skipped = {(s, g) for s, g, _ in p.skipped}
    counts = dict(files=0, refused=0, games=0, positions=0, illegal=0, other_sizes=0,
                  setup=0, passes=0, captures=0)
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        try:
            ref = file_positions(data, size)
        except Refused:
            counts["refused"] += 1
            continue
        if "broken" in path and len(kifu.read(path)) != len(file_games(data)):
            counts["refused"] += 1
            continue
        counts["files"] += 1
        counts["other_sizes"] += len(file_games(data)) - len(ref)
        kept = {g for (s, g) in ours if s == path}
        assert kept == {g for g, r in ref.items() if r != "illegal"}, path
        for g, r in ref.items():
            if r == "illegal":
                assert (path, g) in skipped, path
                counts["illegal"] += 1
                continue
            boards, moves, players, meta = ours[(path, g)]
            rb, rm, rp, rmeta = r
            assert len(boards) == len(rb), (path, g)
            if rb:
                assert np.array_equal(boards, np.stack(rb)), (path, g)
                assert np.array_equal(moves, np.array(rm, dtype=np.int16)), (path, g)
                assert np.array_equal(players, np.array(rp, dtype=np.int8)), (path, g)
                stones = (np.stack(rb) != 0).sum(axis=(1, 2))
                counts["setup"] += bool(stones[0])
                counts["captures"] += int((stones[1:] < stones[:-1] + 1).sum())
                counts["passes"] += int((moves[:, 0] == -1).sum())
            same_meta(meta, rmeta)
            counts["games"] += 1
            counts["positions"] += len(rb)
    return counts


def test_main_line_19x19_matches_sgfmill_on_the_corpus():
    c = compare_corpus(19)
    print(c)
    assert c["games"] > 1000 and c["positions"] > 100000
    assert c["setup"] > 20 and c["passes"] > 50 and c["captures"] > 1000
    assert c["other_sizes"] > 100 and c["illegal"] >= 1


def test_main_line_9x9_and_13x13_match_sgfmill_on_the_corpus():
    for size in (9, 13):
        c = compare_corpus(size)
        print(size, c)
        assert c["games"] > 50 and c["positions"] > 2000 and c["other_sizes"] > 1000


def tree_positions(game, size):
    """Every move node's (board before, move, player) by sgfmill, each
    node replayed from the root along its own path (kifu's rules)."""
    out = []
    root = game.get_root()
    board, plays = boards_and_plays(root, size)
    stack = [(root, [])]
    while stack:
        node, path = stack.pop()
        if node is not root and node.has_setup_stones():
            raise ValueError("setup after the root: not compared")
        colour, raw = node.get_raw_move()
        here = path
        if colour is not None and node is not root:
            here = path + [(colour, sgf_point(raw, size))]
            b, m, p = play_all(copy_board(board), here, size)
            out.append((b[-1].tobytes(), tuple(m[-1]), p[-1]))
        stack.extend((child, here) for child in node)
    return out


def boards_and_plays(root, size):
    from sgfmill import boards
    board = boards.Board(size)
    ab, aw, ae = root.get_setup_stones()
    board.apply_setup(ab, aw, ae)
    return board, []


def copy_board(board):
    return board.copy()


def sgf_point(raw, size):
    from sgfmill import sgf_properties
    return sgf_properties.interpret_go_point(raw, size)


def test_variations_give_every_move_of_the_tree_as_sgfmill_replays_it():
    files = [f for f in corpus_files("sgf", "ff4") if b"(;" in open(f, "rb").read()[3:]]
    if not files:
        pytest.skip("no corpus")
    positions = 0
    for path in files[:40]:
        with open(path, "rb") as f:
            data = f.read()
        try:
            games = file_games(data)
        except Refused:
            continue
        for i, game in enumerate(games):
            try:
                if game.get_size() != 19 or game.get_root().get_raw_move()[0] is not None:
                    continue
                expected = tree_positions(game, 19)
            except (ValueError, Illegal):
                continue
            p = kifu.positions([path], variations=True)
            sel = p.game == list(p.source_game).index(i)
            got = [(b.tobytes(), tuple(int(x) for x in m), int(q))
                   for b, m, q in zip(p.boards[sel], p.moves[sel], p.players[sel])]
            assert sorted(got) == sorted(expected), path
            positions += len(got)
    assert positions > 500


TWO_LINES = b"(;SZ[5]AB[aa];W[bb](;B[cc];W[dd])(;B[ee]))"


def test_variations_order_main_line_first():
    p = kifu.positions([TWO_LINES], size=5, variations=True)
    # Rows from the bottom: 'cc' is (2, 2), 'ee' is (0, 4), 'aa' (4, 0).
    assert p.moves.tolist() == [[3, 1], [2, 2], [1, 3], [0, 4]]
    assert p.players.tolist() == [-1, 1, -1, 1]
    assert p.boards[3][4, 0] == 1 and p.boards[3][3, 1] == -1 and p.boards[3][2, 2] == 0
    main = kifu.positions([TWO_LINES], size=5)
    assert main.moves.tolist() == [[3, 1], [2, 2], [1, 3]]


def test_large_boards_array_is_one_writable_array():
    # 40 x 400 positions of 361 bytes: 5.8 MB, over the 4 MB from which
    # the boards are allocated apart from numpy (fresh pages, populated).
    game = b"(;SZ[19]AB[aa][sj]AW[jj]" + b";B[];W[]" * 200 + b")"
    p = kifu.positions([game] * 40)
    one = kifu.positions([game])
    assert p.boards.shape == (16000, 19, 19) and p.boards.dtype.name == "int8"
    assert p.boards.flags.c_contiguous and p.boards.flags.writeable
    assert (p.boards == one.boards[0]).all()
    assert p.boards[-1][18, 0] == 1 and p.boards[-1][9, 9] == -1 and p.boards[-1].sum() == 1
    p.boards[0, 0, 0] = 5
    assert p.boards[0, 0, 0] == 5 and p.boards[1, 0, 0] == 0
    view = p.boards[1:3]
    del p
    assert view.sum() == 2


# White captures Black's 'aa' (row 4, col 0) with 'ab', then plays 'ab'
# again: an occupied point.
ILLEGAL = b"(;SZ[5]KM[0.5]RE[W+R];B[aa];W[ba];B[cc];W[ab];B[ee];W[ab];B[dd])"


def test_on_illegal():
    skip = kifu.positions([ILLEGAL, TWO_LINES], size=5)
    assert skip.games == 1 and skip.source == [1]
    assert skip.skipped == [(0, 0, "illegal move at (3, 0): the point is occupied")]
    cut = kifu.positions([ILLEGAL], size=5, on_illegal="truncate")
    assert cut.moves.tolist() == [[4, 0], [4, 1], [2, 2], [3, 0], [0, 4]]
    assert cut.players.tolist() == [1, -1, 1, -1, 1]
    assert cut.boards[3][4].tolist() == [1, -1, 0, 0, 0]
    assert cut.boards[4][4].tolist() == [0, -1, 0, 0, 0]  # 'aa' captured
    assert cut.komi.tolist() == [0.5] and cut.winner.tolist() == [-1] and cut.result == ["W+R"]
    with pytest.raises(ValueError, match="input 0: game 0: illegal move"):
        kifu.positions([ILLEGAL], size=5, on_illegal="raise")
    with pytest.raises(ValueError, match="on_illegal"):
        kifu.positions([ILLEGAL], size=5, on_illegal="play")


def test_later_setup_applies_and_min_moves():
    data = b"(;SZ[5];B[aa];AE[aa]AW[cc];B[cc]AE[cc];W[dd])"
    p = kifu.positions([data], size=5)
    assert p.moves.tolist() == [[4, 0], [2, 2], [1, 3]]
    # AE[aa] removed Black's stone; AW[cc] put a white one that the next
    # node's AE[cc] removes before its own move is played there.
    assert not p.boards[1].any()
    assert p.boards[2].tolist()[2] == [0, 0, 1, 0, 0]
    assert kifu.positions([data], size=5, min_moves=4).games == 0
    assert kifu.positions([data], size=5, min_moves=3).games == 1


def test_sources_of_every_kind(tmp_path):
    for name, data in (("a.sgf", TWO_LINES), ("b.SGF", ILLEGAL), ("c.txt", TWO_LINES)):
        (tmp_path / name).write_bytes(data)
    d = kifu.positions(tmp_path, size=5, variations=True)
    assert d.source == [str(tmp_path / "a.sgf")] and len(d) == 4
    assert [s for s, _, _ in d.skipped] == [str(tmp_path / "b.SGF")]
    assert kifu.positions(str(tmp_path / "c.txt"), size=5).games == 1
    assert kifu.positions(TWO_LINES, size=5).source == [0]
    assert kifu.positions(iter([bytearray(TWO_LINES)]), size=5).games == 1
    empty = kifu.positions([], size=5)
    assert empty.boards.shape == (0, 5, 5) and empty.games == 0
    assert "0 positions" in repr(empty)


def test_bad_sources_and_inputs(tmp_path):
    with pytest.raises(TypeError):
        kifu.positions(42)
    with pytest.raises(TypeError):
        kifu.positions([TWO_LINES, "a.sgf"])
    with pytest.raises(FileNotFoundError):
        kifu.positions(tmp_path / "missing")
    with pytest.raises(OSError, match="missing.sgf"):
        kifu.positions([str(tmp_path / "missing.sgf")])
    with pytest.raises(ValueError):
        kifu.positions([TWO_LINES], size=0)
    with pytest.raises(ValueError, match="errors"):
        kifu.positions([TWO_LINES], errors="ignore")
    garbage = b"\x00\xffnot a game record"
    with pytest.raises(ValueError, match="input 1: no SGF game found"):
        kifu.positions([TWO_LINES, garbage], size=5)
    p = kifu.positions([garbage, TWO_LINES], size=5, errors="skip")
    assert p.games == 1 and p.skipped == [(0, None, "no SGF game found")]
    damaged = b"(;SZ[5];B[aa];W[bb"
    assert kifu.positions([damaged], size=5).games == 1
    with pytest.raises(ValueError, match="reader error"):
        kifu.positions([damaged], size=5, strict=True)


def test_broken_corpus_files_give_an_error_or_are_skipped():
    files = corpus_files("sgf", "broken")
    if not files:
        pytest.skip("no corpus")
    p = kifu.positions(files, errors="skip", strict=True)
    assert len(p.skipped) > 0
    kifu.positions(files, errors="skip", on_illegal="truncate", variations=True)


def test_import_without_numpy():
    code = ("import sys; sys.modules['numpy'] = None\n"
            "import kifu\n"
            "try:\n"
            "    kifu.positions([b'(;B[aa])'])\n"
            "except ImportError as e:\n"
            "    print('ImportError:', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "kifu.positions needs numpy: pip install kifu[numpy]" in out.stdout


def test_training_set_example(tmp_path):
    src = tmp_path / "games"
    src.mkdir()
    files = corpus_files("sgf", "ff4", "gnugo", "games")[:6]
    if not files:
        pytest.skip("no corpus")
    for f in files:
        (src / os.path.basename(f)).write_bytes(open(f, "rb").read())
    out = tmp_path / "set.npz"
    example = os.path.join(HERE, "..", "examples", "training_set.py")
    run = subprocess.run([sys.executable, example, str(src), str(out)],
                         capture_output=True, text=True, check=True)
    saved = np.load(out)
    p = kifu.positions(src)
    assert np.array_equal(saved["boards"], p.boards) and np.array_equal(saved["moves"], p.moves)
    assert len(saved["winner"]) == p.games > 0
    assert "%d positions" % len(p) in run.stdout

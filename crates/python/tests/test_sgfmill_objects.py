"""The drop-in's native nodes and board against sgfmill itself, where the
native design could go wrong: a value read natively after a program
changed the node (through another object of it, or the presenter), the
tree edited and written, the board's rules."""

import weakref

import pytest

from kifu.sgfmill import boards as k_boards, sgf as k_sgf, sgf_moves as k_moves

sgfmill = pytest.importorskip("sgfmill")
from sgfmill import boards as m_boards, sgf as m_sgf, sgf_moves as m_moves  # noqa: E402

DATA = (b"(;FF[4]CA[UTF-8]SZ[9]KM[6.5]AB[cc][gg];W[ee]C[caf\xc3\xa9\\]];B[dd]"
        b"(;W[ff];B[tt])(;W[aa]LB[bb:x]))")


def both(f):
    """f(sgf module, sgf_moves module, boards module) for sgfmill and the
    drop-in: they must give the same."""
    a = f(m_sgf, m_moves, m_boards)
    b = f(k_sgf, k_moves, k_boards)
    assert a == b
    return b


def test_reads_after_edits_through_either_object_of_a_node():
    def run(sgf, moves, boards):
        game = sgf.Sgf_game.from_bytes(DATA)
        plain = list(game.main_sequence_iter())
        plain[1].set_move("b", (2, 2))            # before any Tree_node exists
        tree = game.get_main_sequence()
        tree[2].set("C", "second")
        out = [n.get_move() for n in tree], plain[2].get("C"), plain[1].properties()
        out += (tree[1].get_raw_list("B"), tree[1].has_property("W"))
        return out, moves.get_setup_and_moves(game)[1], game.serialise()
    both(run)


def test_presenter_changes_are_read_by_sgfmills_python():
    def run(sgf, moves, boards):
        game = sgf.Sgf_game.from_bytes(DATA)
        node = game.get_main_sequence()[1]
        before = node.get("C")
        game.get_property_presenter().register_property("C", game.get_property_presenter()
                                                        .get_property_type("KM"))
        with pytest.raises(ValueError):
            node.get("C")
        return before, node.get_move(), game.get_root().get("KM")
    both(run)


def test_tree_edits_and_serialise():
    def run(sgf, moves, boards):
        game = sgf.Sgf_game.from_bytes(DATA)
        branch = game.get_main_sequence()[2]
        first, second = branch[0], branch[1]
        second.reparent(game.get_root(), 0)
        new = first.new_child(0)
        new.set_move("w", None)
        first[1].delete()
        return (game.serialise(), [len(n) for n in game.get_main_sequence()],
                game.get_root().index(second), branch[-1] is first,
                [c.get_move() for c in branch])
    both(run)


def test_main_sequence_nodes_are_the_tree_nodes():
    """get_main_sequence makes the main line in one loop: each node is then
    the same object its parent's children give, and the branches beside it
    are made on demand."""
    def run(sgf, moves, boards):
        game = sgf.Sgf_game.from_bytes(DATA)
        seq = game.get_main_sequence()
        same = [seq[i + 1] is seq[i][0] and seq[i + 1].parent is seq[i]
                for i in range(len(seq) - 1)]
        branch = seq[2][1]
        again = game.get_main_sequence()
        # Children listed at once (iteration) are the ones indexing gives.
        kids = list(branch.parent.parent[0])
        listed = kids[0] is seq[2][0] and kids[1] is branch and len(list(kids[1])) == 0
        return (same, [len(n) for n in seq], branch.get_move(), branch.parent is seq[2],
                all(a is b for a, b in zip(seq, again)), len(again), listed)
    both(run)


def test_children_listed_at_once_are_the_children_indexing_gives():
    def run(sgf, moves, boards):
        game = sgf.Sgf_game.from_bytes(DATA)
        first = list(game.get_root())
        second = list(first[0])
        third = list(second[0])
        return ([len(x) for x in (first, second, third)],
                first[0] is game.get_root()[0], second[0].parent is first[0],
                third[1] is second[0][1], third[0] is game.get_main_sequence()[3],
                [n.get_move() for n in third])
    both(run)


def test_nodes_take_attributes_and_weak_references():
    game = k_sgf.Sgf_game.from_bytes(DATA)
    node = game.get_root()[0]
    node.note = "kept"
    ref = weakref.ref(node)
    assert game.get_root()[0].note == "kept" and ref() is node
    assert isinstance(node, k_sgf.Tree_node) and isinstance(node, k_sgf.Node)


def test_the_board_is_sgfmills():
    def run(sgf, moves, boards):
        b = boards.Board(5)
        out = [b.is_empty()]
        for r, c, colour in [(0, 1, "b"), (1, 0, "b"), (1, 1, "w"), (0, 2, "w"), (2, 0, "w"),
                             (0, 0, "w"), (0, 1, "b"), (4, 4, "b"), (3, 4, "w"), (4, 3, "w")]:
            try:
                out.append(b.play(r, c, colour))
            except ValueError:
                out.append("illegal")
        c = b.copy()
        out.append(c.apply_setup([(2, 2)], [(2, 3)], [(0, 0)]))
        out += [b.list_occupied_points(), c.list_occupied_points(), b.area_score(),
                c.get(2, 2), b.board_points[:3], b.is_empty()]
        for bad in [(-1, 0), (5, 0)]:
            with pytest.raises(IndexError):
                b.get(*bad)
        return out
    both(run)


def test_a_finished_walk_is_freed_without_the_cycle_collector():
    import gc
    gc.disable()
    try:
        game = k_sgf.Sgf_game.from_bytes(DATA)
        nodes = game.get_main_sequence()
        refs = [weakref.ref(n) for n in nodes[1:]]
        assert nodes[2].parent is nodes[1] and nodes[1][0] is nodes[2]
        assert list(nodes[2])[0] is nodes[2][0] and game.get_root() is game.get_root()
        del nodes
        assert [r() for r in refs] == [None] * len(refs)
        # Made again on demand, the same values.
        assert [n.get_move() for n in game.get_main_sequence()][-1] == ("b", None)
    finally:
        gc.enable()


def test_nodes_with_something_of_their_own_live_as_long_as_the_game():
    game = k_sgf.Sgf_game.from_bytes(DATA)
    node = game.get_main_sequence()[3]
    node.note = "kept"
    ids = {id(node)}
    marks = weakref.WeakSet([game.get_root()[0]])
    del node
    import gc
    gc.collect()
    node = game.get_main_sequence()[3]
    assert node.note == "kept" and id(node) in ids and game.get_root()[0] in marks
    del node.note
    with pytest.raises(AttributeError):
        del node.note
    assert not hasattr(node, "note")


def test_a_long_main_line_held_by_its_last_node_is_freed():
    game = k_sgf.Sgf_game.from_bytes(b"(;SZ[9]" + b";B[aa];W[bb]" * 100000 + b")")
    last = game.get_last_node()
    del game
    assert last.get_move() == ("w", (7, 1)) and last.owner.get_size() == 9
    del last

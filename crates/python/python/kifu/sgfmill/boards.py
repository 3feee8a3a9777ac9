"""A Go board with captures, as sgfmill's ``boards`` module has it.

Points are (row, col), row 0 at the bottom; colours 'b' and 'w', None for
an empty point. Suicide is allowed (the group is removed) and nothing
checks ko: ``play`` returns the simple ko point, as sgfmill's does.
"""

from itertools import chain  # noqa: F401 - a public name of sgfmill's boards

from .common import opponent_of


_ADJACENCY = {}


def _adjacency(side):
    """For each (row, col), its neighbours on the board, cached per size."""
    table = _ADJACENCY.get(side)
    if table is None:
        table = [[tuple((r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        if 0 <= r + dr < side and 0 <= c + dc < side)
                  for c in range(side)] for r in range(side)]
        _ADJACENCY[side] = table
    return table


class Board:
    """A square Go board: ``side`` points a side (at least 2).

    Public attributes: ``side``, ``board_points`` (every (row, col), row by
    row from the bottom) and ``board`` (a list of rows, each a list of
    colours or None).
    """

    def __init__(self, side):
        self.side = side
        if side < 2:
            raise ValueError
        self.board_points = [(r, c) for r in range(side) for c in range(side)]
        self.board = [[None] * side for _ in range(side)]
        self._is_empty = True
        self._adjacent = _adjacency(side)

    def copy(self):
        """An independent copy of this board."""
        other = Board(self.side)
        other.board = [list(row) for row in self.board]
        other._is_empty = self._is_empty
        return other

    def _neighbours(self, r, c):
        return self._adjacent[r][c]

    def _group(self, r, c):
        """(points of the group at (r, c), whether it has no liberty)."""
        board = self.board
        adjacent = self._adjacent
        colour = board[r][c]
        seen = {(r, c)}
        todo = [(r, c)]
        free = False
        while todo:
            pr, pc = todo.pop()
            for nr, nc in adjacent[pr][pc]:
                there = board[nr][nc]
                if there is None:
                    free = True
                elif there == colour and (nr, nc) not in seen:
                    seen.add((nr, nc))
                    todo.append((nr, nc))
        return seen, not free

    def _dead_groups(self, points):
        """The groups without liberties among those at `points`, each once:
        a list of (colour, set of points). A group's search stops at its
        first liberty, so living groups cost little."""
        dead = []
        board = self.board
        adjacent = self._adjacent
        n = self.side
        for r, c in points:
            if not (0 <= r < n and 0 <= c < n):
                continue
            colour = board[r][c]
            if colour is None:
                continue
            if dead and any((r, c) in group for _, group in dead):
                continue
            seen = {(r, c)}
            todo = [(r, c)]
            alive = False
            while todo and not alive:
                pr, pc = todo.pop()
                for nr, nc in adjacent[pr][pc]:
                    there = board[nr][nc]
                    if there is None:
                        alive = True
                        break
                    if there == colour and (nr, nc) not in seen:
                        seen.add((nr, nc))
                        todo.append((nr, nc))
            if not alive:
                dead.append((colour, seen))
        return dead

    def is_empty(self):
        """Whether there is no stone on the board."""
        return self._is_empty

    def get(self, row, col):
        """The colour at (row, col), or None; IndexError off the board."""
        if row < 0 or col < 0:
            raise IndexError
        return self.board[row][col]

    def play(self, row, col, colour):
        """Plays a stone and removes what it kills.

        Returns the simple ko point this move creates, or None. Raises
        ValueError when the point is occupied, IndexError off the board.
        A suicide removes the mover's group.
        """
        if row < 0 or col < 0:
            raise IndexError
        opponent = opponent_of(colour)
        board = self.board
        if board[row][col] is not None:
            raise ValueError
        board[row][col] = colour
        self._is_empty = False
        dead = self._dead_groups(
            [(row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)])
        ko = None
        if not dead:
            return None
        if len(dead) == 1:
            removed = dead
            if len(dead[0][1]) == self.side * self.side:
                self._is_empty = True
        else:
            removed = [d for d in dead if d[0] == opponent]
            if len(removed) == 1 and len(removed[0][1]) == 1:
                own = [d for d in dead if d[0] == colour]
                if len(own[0][1]) == 1:
                    ko = next(iter(removed[0][1]))
        for _, group in removed:
            for r, c in group:
                board[r][c] = None
        return ko

    def apply_setup(self, black_points, white_points, empty_points):
        """Places stones (and empties points) without playing moves.

        Returns False when the result had groups without liberties (they
        are removed), True otherwise. IndexError for a point off the board.
        """
        n = self.side
        black_points = list(black_points)
        white_points = list(white_points)
        empty_points = list(empty_points)
        for r, c in black_points + white_points + empty_points:
            if r < 0 or c < 0 or r >= n or c >= n:
                raise IndexError
        board = self.board
        for r, c in black_points:
            board[r][c] = "b"
        for r, c in white_points:
            board[r][c] = "w"
        for r, c in empty_points:
            board[r][c] = None
        dead = self._dead_groups(self.board_points)
        for _, group in dead:
            for r, c in group:
                board[r][c] = None
        self._is_empty = not any(x is not None for row in board for x in row)
        return not dead

    def list_occupied_points(self):
        """Every stone as (colour, (row, col)), row by row from the bottom."""
        return [(self.board[r][c], (r, c)) for r, c in self.board_points
                if self.board[r][c] is not None]

    def area_score(self):
        """Black's area minus White's: stones, and empty regions counted for
        each colour they touch."""
        score = {"b": 0, "w": 0}
        board = self.board
        counted = set()
        for r, c in self.board_points:
            colour = board[r][c]
            if colour is not None:
                score[colour] += 1
                continue
            if (r, c) in counted:
                continue
            region = {(r, c)}
            todo = [(r, c)]
            touches = set()
            while todo:
                pr, pc = todo.pop()
                for nr, nc in self._neighbours(pr, pc):
                    there = board[nr][nc]
                    if there is None:
                        if (nr, nc) not in region:
                            region.add((nr, nc))
                            todo.append((nr, nc))
                    else:
                        touches.add(there)
            counted |= region
            for colour in touches:
                score[colour] += len(region)
        return score["b"] - score["w"]

"""The pairing that both tournament kinds share (tourney_arena.py, tourney_swiss.py):
given who may meet whom and each player's order of preference, the first pairing in
that order with as many allowed pairs as possible. Pure, no I/O.

Players are ranks 0..n-1, the best first; `allowed[p]` is a bit mask of the players p may
meet. The best-ranked unpaired player takes the first of their candidates (in the order
the caller's `candidates` yields them) with whom the pairing can still have as many
allowed pairs as any pairing of the field: a maximum matching of the players left
(Edmonds' blossom algorithm) tells. It is computed once and kept maximum as players are
taken out, by searches for an augmenting path from the players a choice leaves without
their partner (`Matching.without`). So the answer comes without backtracking, in
polynomial time.

Players whom no such pairing gives an allowed partner either wait (the arena) or, with
`pair_leftovers`, meet each other, in as few pairs as possible (Swiss rematches:
`candidates` then goes on to the players p may not meet). Should the searches take
more than `work` steps in all (far beyond any real event's), the players left are
paired as the matching pairs them, still with as many allowed pairs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator

# p, the players still unpaired (a bit mask), whether to go on to the players p may not
# meet: p's partners in the order of preference, every one unpaired
Candidates = Callable[[int, int, bool], Iterator[int]]


def bits(mask: int) -> Iterator[int]:
    """The positions of a bit mask's set bits, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def best_pairing(allowed: list[int], candidates: Candidates, pair_leftovers: bool,
                 work: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The pairs (the better rank first, in the order taken) and the players left
    unpaired, in rank order: at most one when `pair_leftovers` (an odd count)."""
    n = len(allowed)
    everyone = (1 << n) - 1
    graph = Matching(allowed, work)
    # a start close to the answer (each player, best first, with their first choice
    # still free), then made maximum; `single`: the players it leaves unmatched
    mate = [-1] * n
    single = everyone
    for p in range(n):
        if single >> p & 1:
            q = next(candidates(p, single, False), -1)
            if q >= 0:
                mate[p], mate[q] = q, p
                single &= ~((1 << p) | (1 << q))
    single = graph.complete(mate, everyone, single)
    pairs: list[tuple[int, int]] = []
    waiting: list[int] = []
    rest = everyone
    while rest:
        p = (rest & -rest).bit_length() - 1
        chosen = -1
        count = single.bit_count()
        beyond = pair_leftovers and count > 1
        for q in candidates(p, rest, beyond):
            if mate[p] == q:
                chosen = q
                break
            if graph.work <= 0:
                break
            outside = not allowed[p] >> q & 1
            found = graph.without(mate, single, p, q, rest, count - 2 * outside)
            if found is not None:
                (mate, single), chosen = found, q
                break
        if chosen < 0 and mate[p] >= 0:
            chosen = mate[p]  # out of work: as the matching pairs them
        elif chosen < 0 and beyond:
            # out of work too: another unmatched player, a pair not allowed
            chosen = next(bits(single & ~(1 << p)))
        if chosen < 0:
            waiting.append(p)
            rest &= ~(1 << p)
            single &= ~(1 << p)
            continue
        pairs.append((p, chosen))
        rest &= ~((1 << p) | (1 << chosen))
        single &= rest
    return pairs, waiting


class Matching:
    """The allowed pairs as a graph for Edmonds' blossom algorithm. A matching is a list
    `mate` (each vertex's partner, or -1) over the vertices of a bit mask `within`;
    `single`, the bit mask of its unmatched vertices, goes with it."""

    def __init__(self, allowed: list[int], work: int) -> None:
        self.allowed = allowed
        self.n = len(allowed)
        self.neighbours: list[list[int] | None] = [None] * self.n
        # steps (edges looked at, vertices relabelled) the searches may still take
        # before the pairing stops asking
        self.work = work

    def around(self, v: int) -> list[int]:
        cached = self.neighbours[v]
        if cached is None:
            # from the binary digits, lowest first: far quicker than bit by bit
            cached = [i for i, digit in enumerate(bin(self.allowed[v])[:1:-1]) if digit == "1"]
            self.neighbours[v] = cached
        return cached

    def complete(self, mate: list[int], within: int, single: int,
                 roots: Iterable[int] | None = None) -> int:
        """Makes `mate` maximum by one search from each unmatched vertex (of `roots`,
        when the others are known to have no augmenting path); its new `single`."""
        for root in list(bits(single)) if roots is None else roots:
            if single >> root & 1:
                end = self.augment(mate, root, within, single)
                if end >= 0:
                    single &= ~((1 << root) | (1 << end))
        return single

    def without(self, mate: list[int], single: int, p: int, q: int, within: int,
                unmatched: int) -> tuple[list[int], int] | None:
        """A maximum matching of `within` less p and q and its `single`, if it leaves at
        most `unmatched` vertices unmatched; else None (`mate` is not changed).

        `mate` must be maximum over `within`. Then every augmenting path left after p and
        q are taken out ends at a vertex that lost its partner with them ("freed"): one
        between two vertices unmatched before would have grown `mate` already. So the
        searches start from the freed vertices (the second one only while the count is
        short), and from the others only when both freed ones had to find a path and
        only one did (a pair not allowed whose players both had partners): the first
        path may have opened new ones.
        """
        trial = mate[:]
        rest = within & ~((1 << p) | (1 << q))
        before = single & rest
        free = before
        freed = []
        for v in (p, q):
            other = trial[v]
            if other >= 0:
                trial[other] = trial[v] = -1
                if rest >> other & 1:
                    freed.append(other)
                    free |= 1 << other
        grown = 0
        for root in freed:
            if free.bit_count() <= unmatched:
                break
            end = self.augment(trial, root, rest, free)
            if end >= 0:
                free &= ~((1 << root) | (1 << end))
                grown += 1
        if free.bit_count() > unmatched and len(freed) == 2 and grown == 1:
            free = self.complete(trial, rest, free, list(bits(before)))
        return (trial, free) if free.bit_count() <= unmatched else None

    def _short_path(self, mate: list[int], root: int, within: int, others: int) -> int:
        """The common case first, in bit masks: an unmatched neighbour of `root`, or a
        neighbour whose partner has one (paths of one or three edges); the path's other
        end, or -1."""
        mine = self.allowed[root] & within
        direct = mine & others
        if direct:
            u = (direct & -direct).bit_length() - 1
            mate[root], mate[u] = u, root
            return u
        self.work -= mine.bit_count()
        for u in bits(mine):
            far = self.allowed[mate[u]] & others
            if far:
                w = (far & -far).bit_length() - 1
                mate[w], mate[mate[u]] = mate[u], w
                mate[root], mate[u] = u, root
                return w
        return -1

    def augment(self, mate: list[int], root: int, within: int, single: int) -> int:
        """Grows the matching by one pair along an alternating path from the unmatched
        `root`, if there is one: the path's other end, or -1. Vertices of an odd cycle
        (a blossom) share a base and are searched as one."""
        others = single & within & ~(1 << root)
        if not others:
            return -1
        end = self._short_path(mate, root, within, others)
        if end >= 0:
            return end
        n = self.n
        base = list(range(n))
        parent = [-1] * n
        outer = [False] * n
        outer[root] = True
        queue = deque([root])
        tree = [root]  # the vertices reached: the only ones an odd cycle can hold

        def common_base(a: int, b: int) -> int:
            seen = set()
            while True:
                a = base[a]
                seen.add(a)
                if mate[a] < 0:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if b in seen:
                    return b
                b = parent[mate[b]]

        def mark(v: int, top: int, child: int, inside: set[int]) -> None:
            while base[v] != top:
                inside.add(base[v])
                inside.add(base[mate[v]])
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            edges = self.around(v)
            self.work -= len(edges)
            for u in edges:
                if not within >> u & 1 or base[v] == base[u] or mate[v] == u:
                    continue
                if u == root or (mate[u] >= 0 and parent[mate[u]] >= 0):
                    # an odd cycle: contract it into its base
                    self.work -= len(tree)
                    top = common_base(v, u)
                    inside: set[int] = set()
                    mark(v, top, u, inside)
                    mark(u, top, v, inside)
                    for i in tree:
                        if base[i] in inside:
                            base[i] = top
                            if not outer[i]:
                                outer[i] = True
                                queue.append(i)
                elif parent[u] < 0:
                    parent[u] = v
                    tree.append(u)
                    if mate[u] < 0:
                        # flip the path's pairs back to the root
                        end = u
                        while end >= 0:
                            up = parent[end]
                            after = mate[up]
                            mate[end], mate[up] = up, end
                            end = after
                        return u
                    outer[mate[u]] = True
                    queue.append(mate[u])
                    tree.append(mate[u])
        return -1

"""Blue's state space for ``baker8bit prove`` (``research/layered.py``): a board in 28 bytes, its
moves in batches. This module is the plain-Python reference and specification; ``fastprove.pyx``
is the same in C (built as ``_cprove``: the same bytes, state for state; ``tests/test_prove.py``
compares them), and ``implementation()`` picks it when it imports.

**The states** are the checker's boards (``search.py``): the aces in column 0 either as given
(``dealt``: the aces as dealt, or any fixed ordering) or undecided (``best``: 255 in column 0 until
a 2 enters column 1 after its own suit's ace, ``search.py``'s "one search for all orderings",
docs/games/blue.md proof 3). No board is left out and none is merged with another: the search
counts exactly the boards the checker's exhaustive run meets.

**The code of a board.** The S x R slots of columns 1..R (slot ``t = row * R + column - 1``) hold
the S x (R - 1) cards other than the aces and S gaps. Taking the cards in a fixed order (suit by
suit, rank 2 up), card i lies in one of the ``S * R - i`` slots the cards before it left free: its
*digit* is how many of those come before its slot. The digits are a mixed-radix number below
(S R)! / S!, one to one with the placements (a permutation's rank). With undecided aces a first
digit of radix (S + 1)^S says each row's ace (0: undecided; s + 1: suit s). The digits are cut into
*groups* whose radices multiply to less than 2^64; each group's value (its digits by Horner's rule)
takes the bits its product needs, the groups one after the other, the first group highest, in a
big-endian string of ``state_bytes`` bytes, whose first 8 bytes are then XORed with a hash of the
rest (``mix``: so the layered search's sort splits them evenly). At 4 x 13: 223 bits, 28 bytes
(221 bits is the least any code can take); with undecided aces 232 bits, 29 bytes.

**The moves** are ``search.run``'s (rule 5, and with an undecided ace on the left of a gap, the 2 of
each suit no row has fixed, fixing the row's suit unless the 2 sits before its own 3), every one
(also the move that undoes the last: the search's duplicate detection drops the parent). The won
boards are ``search.is_won``'s.
"""

from __future__ import annotations

import math
from functools import cache

from baker8bit.core.compiled import choose
from baker8bit.games.blue import rules
from baker8bit.games.blue.demo import ace_swaps, commands
from baker8bit.games.blue.rules import GAP, Layout, Move
from baker8bit.games.blue.search import UNDECIDED
from baker8bit.games.blue.shorten import shorten
from baker8bit.research import records

LIMIT = 1 << 64  # a group's radices multiply to less than this
CODE = 1  # the code's version: in the space's name, so a folder of another code is not resumed


def implementation(pure: bool | None = None):
    """``_cprove`` when it is built (and the environment does not ask for the plain modules),
    else this module."""
    return choose("baker8bit.games.blue._cprove", "baker8bit.games.blue.prove", pure)


@cache
def plan(suits: int, ranks: int, best: bool) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...], int]:
    """(the radices, the groups as (first digit, digits, bits), the bytes of a state)."""
    radices = ([(suits + 1) ** suits] if best else []) + list(range(suits * ranks, suits, -1))
    groups, start, product = [], 0, 1
    for i, r in enumerate(radices):
        if product * r >= LIMIT:
            groups.append((start, i - start, math.ceil(math.log2(product))))
            start, product = i, 1
        product *= r
    groups.append((start, len(radices) - start, max(1, math.ceil(math.log2(product)))))
    bits = sum(g[2] for g in groups)
    return tuple(radices), tuple(groups), (bits + 7) // 8


def state_bytes(suits: int, ranks: int, best: bool) -> int:
    return plan(suits, ranks, best)[2]


def _order(suits: int, ranks: int) -> list[int]:
    """The cards in code order: suit by suit, rank 2 up."""
    return [rules.card(s, r) for s in range(suits) for r in range(2, ranks + 1)]


def mix(code: bytes) -> bytes:
    """The first 8 bytes XORed with a hash of the rest (which it leaves as it is, so ``mix`` is
    its own inverse): the leading bytes, by which the layered search's radix sort splits the
    states first, spread evenly, where the plain number's lead with the first cards' slots,
    which most boards of one deal share."""
    if len(code) <= 8:
        return code
    h = 0x9E3779B97F4A7C15
    for i in range(8, len(code), 8):
        h = ((h ^ int.from_bytes(code[i:i + 8], "little")) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
        h ^= h >> 29
    h ^= h >> 32
    return (int.from_bytes(code[:8], "big") ^ h).to_bytes(8, "big") + code[8:]


def encode(board: bytes, suits: int, ranks: int, aces: bytes) -> bytes:
    """The code of ``board`` (column 0: the aces ``aces``, or undecided aces where ``aces`` is
    empty)."""
    w = ranks + 1
    radices, groups, nbytes = plan(suits, ranks, not aces)
    digits = []
    if not aces:
        a = 0
        for row in reversed(range(suits)):
            x = board[row * w]
            a = a * (suits + 1) + (0 if x == UNDECIDED else (x >> 4) + 1)
        digits.append(a)
    slot_of = {}
    for i, c in enumerate(board):
        if c and i % w:
            slot_of[c] = (i // w) * ranks + i % w - 1
    free = (1 << (suits * ranks)) - 1
    for c in _order(suits, ranks):
        t = slot_of[c]
        digits.append(bin(free & ((1 << t) - 1)).count("1"))
        free &= ~(1 << t)
    code = 0
    for first, n, bits in groups:
        v = 0
        for i in range(first, first + n):
            v = v * radices[i] + digits[i]
        code = (code << bits) | v
    return mix(code.to_bytes(nbytes, "big"))


def decode(state: bytes, suits: int, ranks: int, aces: bytes) -> bytes:
    """The board a code stands for (``encode``'s inverse)."""
    w = ranks + 1
    radices, groups, _ = plan(suits, ranks, not aces)
    code = int.from_bytes(mix(state), "big")
    digits = [0] * len(radices)
    for first, n, bits in reversed(groups):
        v = code & ((1 << bits) - 1)
        code >>= bits
        for i in reversed(range(first, first + n)):
            v, digits[i] = divmod(v, radices[i])
    board = bytearray(suits * w)
    k = 0
    if aces:
        for row in range(suits):
            board[row * w] = aces[row]
    else:
        a = digits[0]
        for row in range(suits):
            a, v = divmod(a, suits + 1)
            board[row * w] = UNDECIDED if v == 0 else rules.card(v - 1, 1)
        k = 1
    free = list(range(suits * ranks))
    for c in _order(suits, ranks):
        t = free.pop(digits[k])
        k += 1
        board[(t // ranks) * w + t % ranks + 1] = c
    return bytes(board)


def children(board: bytes, suits: int, ranks: int) -> list[bytes]:
    """Every board one move makes (``search.run``'s moves, the undoing one too)."""
    w, top, size = ranks + 1, ranks, suits * (ranks + 1)
    out = []
    i = board.find(GAP)
    while i >= 0:
        left = board[i - 1]
        cands = []
        if left == UNDECIDED:
            taken = {board[a] >> 4 for a in range(0, size, w) if board[a] != UNDECIDED}
            cands = [s * 16 + 2 for s in range(suits) if s not in taken]
        elif left and (left & 15) < top:
            cands.append(left + 1)
        if i % w != w - 1:
            right = board[i + 1]
            if right != UNDECIDED and (right & 15) > 2 and (right - 1) not in cands:
                cands.append(right - 1)
        for c in cands:
            nb = bytearray(board)
            nb[board.index(c)] = GAP
            nb[i] = c
            if left == UNDECIDED and not (i % w != w - 1 and board[i + 1] == c + 1):
                nb[i - 1] = c - 1  # the row takes the suit of this 2
            out.append(bytes(nb))
        i = board.find(GAP, i + 1)
    return out


def won(board: bytes, suits: int, ranks: int) -> bool:
    """``search.is_won``: every row its suit's ace to the top rank, the gap last (an undecided
    ace takes the suit of the 2 beside it)."""
    w = ranks + 1
    for base in range(0, suits * w, w):
        ace = board[base]
        if ace == UNDECIDED:
            ace = board[base + 1] - 1
            if ace & 15 != 1:
                return False
        if board[base + 1:base + w - 1] != bytes(range(ace + 1, ace + w - 1)) or board[base + w - 1]:
            return False
    return True


def expand(states: bytes, suits: int, ranks: int, aces: bytes) -> bytes:
    """The codes of the children of each state (``states``: codes end to end)."""
    k = state_bytes(suits, ranks, not aces)
    out = []
    for i in range(0, len(states), k):
        board = decode(states[i:i + k], suits, ranks, aces)
        out += [encode(b, suits, ranks, aces) for b in children(board, suits, ranks)]
    return b"".join(out)


def goals(states: bytes, suits: int, ranks: int, aces: bytes) -> list[int]:
    """The indexes of the won boards among ``states``."""
    k = state_bytes(suits, ranks, not aces)
    return [i // k for i in range(0, len(states), k) if won(decode(states[i:i + k], suits, ranks, aces), suits, ranks)]


class BlueSpace:
    """One of Blue's two proofs of a layout (``research.layered.StateSpace``): ``dealt`` (the
    aces as dealt) or ``best`` (the aces undecided: a win fixes the ordering it is played with,
    and a proof of loss is one for every ordering)."""

    level_bytes = 0  # no move of Blue is irreversible in general: one key, every layer checked against all

    def __init__(self, layout: Layout, initial: bytes, mode: str, pure: bool | None = None):
        if mode not in ("dealt", "best"):
            raise ValueError(f"a Blue proof is 'dealt' or 'best', not {mode!r}")
        self.suits, self.ranks, self.mode, self.pure = layout.suits, layout.ranks, mode, pure
        self.initial = initial
        w = layout.width
        dealt = rules.with_aces(initial, layout.dealt_aces(), layout)
        self.aces = bytes(dealt[r * w] for r in range(layout.suits)) if mode == "dealt" else b""
        self.start = dealt if mode == "dealt" else bytes(UNDECIDED if i % w == 0 else c for i, c in enumerate(initial))
        self.size = state_bytes(self.suits, self.ranks, mode == "best")
        self.max_children = self.suits * (self.suits + 1)  # a gap takes at most the 2s of S suits and one more
        self._wins: bytes | None = None  # the won codes, made at the first goal test
        self.name = f"blue {layout.name} {mode} code {CODE} {rules.board_text(dealt, layout).replace(chr(10), ' / ')}"

    @property
    def layout(self) -> Layout:
        return Layout(self.suits, self.ranks)

    def roots(self) -> bytes:
        return encode(self.start, self.suits, self.ranks, self.aces)

    def expand(self, states: bytes) -> bytes:
        return implementation(self.pure).expand(states, self.suits, self.ranks, self.aces)

    def goals(self, states: bytes) -> list[int]:
        """``goals``, by the codes of the won boards (one with fixed aces; with undecided aces,
        each ordering with each row's ace undecided or fixed), not by decoding every board."""
        if self._wins is None:
            self._wins = b"".join(sorted(self.won_codes()))
        return records.implementation(self.pure).members(states, self.size, self._wins)

    def won_codes(self) -> frozenset[bytes]:
        """The codes of every won board of this space."""
        lay = self.layout
        w = lay.width
        out = set()
        for order in (rules.orderings(lay) if not self.aces else [tuple(a >> 4 for a in self.aces)]):
            won = bytearray(lay.size)
            for r, suit in enumerate(order):
                for j in range(1, lay.ranks):
                    won[r * w + j] = rules.card(suit, j + 1)
            for undecided in range(1 << lay.suits if not self.aces else 1):
                for r, suit in enumerate(order):
                    won[r * w] = UNDECIDED if undecided >> r & 1 else rules.card(suit, 1)
                out.add(encode(bytes(won), self.suits, self.ranks, self.aces))
        return frozenset(out)

    def board(self, state: bytes) -> bytes:
        return decode(state, self.suits, self.ranks, self.aces)

    def win(self, path: list[bytes]) -> tuple[tuple[int, ...], bytes, list[Move]]:
        """(the ace ordering, the start board with it, the moves) of a path of states to a win:
        the moves replay through ``rules.Game`` with that ordering (docs/games/blue.md, proof 3)."""
        lay = self.layout
        boards = [self.board(s) for s in path]
        final = boards[-1]
        order = tuple(final[r * lay.width + 1] >> 4 for r in range(lay.suits))
        moves = []
        for a, b in zip(boards, boards[1:], strict=False):
            to = next(i for i in range(len(a)) if a[i] == GAP and b[i] not in (GAP, UNDECIDED) and i % lay.width)
            moves.append(Move(b[to], to))
        return order, rules.with_aces(self.initial, order, lay), moves

    def describe(self) -> dict:
        """``check --json``'s facts of the layout (as dealt)."""
        lay = self.layout
        return {"layout": lay.name, "suits": lay.suits, "ranks": lay.ranks,
                "board": rules.board_text(rules.with_aces(self.initial, lay.dealt_aces(), lay), lay)}

    def keys(self, path: list[bytes]) -> tuple[str, ...]:
        """The keys of the win, as ``solve`` prints them: the ace swaps from the aces as dealt (in
        strategy mode), ``P``, then each move (shortened first: ``shorten.py``)."""
        lay = self.layout
        order, start, moves = self.win(path)
        return ace_swaps(lay.dealt_aces(), order, lay) + commands(start, shorten(start, moves, lay), lay)

"""King Albert's state space for ``baker8bit prove`` (``research/layered.py``): a position in 16
bytes, its moves in batches. This module is the plain-Python reference and specification;
``fastprove.pyx`` is the same in C (built as ``_cprove``: the same bytes, state for state;
``tests/test_prove.py`` compares them), and ``implementation()`` picks it when it imports.

**The states** are positions after the safe moves home (``settle``: a card goes home when it may
and every card that could be put on it is free, the free-card rule of the family search, proved
in ``freecell/solver/safety.py``; a settled position is the same whatever order they are made in,
since a safe card stays safe until it goes), up to the order of the columns. ``settle=False``
gives the unreduced space (every legal single-card move, moves home as ordinary moves) the tests
compare verdicts with.

**The code** (120 bits after the key byte, their first 64 then XORed with a hash of the last 56,
``mix``, so that the layered search's sort splits the positions evenly): the four suit stacks'
heights (4 bits each), then two bits a card saying where it lies: 3 at the bottom of a column; 1
or 2 on the first or the second card it may be put on (one rank higher, the other colour: the
lower suit first); 0 where it was dealt (in the reserve, or on the card dealt under it when that
card is not one it may be put on);
and 0 for a card home. This is canonical (the columns' order is not in it) and one to one with the
positions up to that order: the cards on each card give the columns as chains from their bottom
cards; a card lies on the card dealt under it only until it first moves (nothing is ever put back
under it), so "where it was dealt" is one place. The key byte (the layer key) is the cards home
plus the reserve cards played: no move lowers it (nothing leaves a suit stack, nothing enters the
reserve), so the layered search checks a state only against the states of its key.

**The moves** (every legal single-card move): a column's top card or a reserve card home, onto a
column's top card one rank higher of the other colour, or into an empty column (one: the columns'
order is not in the code; a lone card into an empty column is the same position, left out).
"""

from __future__ import annotations

from baker8bit.core import cards
from baker8bit.core.compiled import choose
from baker8bit.core.outcome import SOLVED
from baker8bit.freecell import boardtext
from baker8bit.freecell import moves as fmoves
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver.search import make_result
from baker8bit.freecell.solver.shorten import played_by_the_game, shorten_line

BOTTOM, RESERVE, HOME = 52, 53, 54  # ``under``'s values that are not cards
STATE_BYTES = 16
CODE = 1  # the code's version: in the space's name, so a folder of another code is not resumed
MAX_CHILDREN = 64  # 9 columns and 7 reserve cards, each home, onto two cards or into an empty column
COLUMNS = 9


def implementation(pure: bool | None = None):
    """``_cprove`` when it is built (and the environment does not ask for the plain modules),
    else this module."""
    return choose("baker8bit.games.king_albert._cprove", "baker8bit.games.king_albert.prove", pure)


def parents(c: int) -> tuple[int, ...]:
    """The cards c may be put on: one rank higher, the other colour, the lower suit first."""
    suit, rank = divmod(c, 13)
    if rank == 12:
        return ()
    return tuple(s * 13 + rank + 1 for s in ((0, 3) if suit in (1, 2) else (1, 2)))


def kids(c: int) -> tuple[int, ...]:
    """The cards that may be put on c."""
    suit, rank = divmod(c, 13)
    if rank == 0:
        return ()
    return tuple(s * 13 + rank - 1 for s in ((0, 3) if suit in (1, 2) else (1, 2)))


def dealt_under(position: Position) -> bytes:
    """Per card, where it lies in ``position`` (the start of the proof): the card under it,
    BOTTOM, RESERVE, or HOME (on its suit stack, or not dealt at this starting rank)."""
    under = bytearray([HOME] * 52)
    for col in position.columns:
        below = BOTTOM
        for c in col:
            under[c] = below
            below = c
    for c in position.cells:
        if c is not None:
            under[c] = RESERVE
    return bytes(under)


# -- a position as the space sees it: the suit stacks and where each card lies ----------------


def _free(c: int, found: list[int]) -> bool:
    """Home, or the next of its suit with every card that could go on it free (family._free)."""
    f, rank = found[c // 13], c % 13
    if f != rank:
        return f > rank
    return all(found[k // 13] > k % 13 or _free(k, found) for k in kids(c))


def _safe(c: int, found: list[int]) -> bool:
    """May c go home now, and safely (family._safe: the free-card rule)?"""
    return found[c // 13] == c % 13 and all(found[k // 13] > k % 13 or _free(k, found) for k in kids(c))


def _tops(on: list[int], lies: list[int]) -> list[int]:
    """The top card of each column, in the order of their bottom cards."""
    out = []
    for c in range(52):
        if lies[c] == BOTTOM:
            while on[c] != HOME:
                c = on[c]
            out.append(c)
    return out


def _settle(found: list[int], lies: list[int], on: list[int]) -> None:
    """Make every safe move home (the lists change in place)."""
    moved = True
    while moved:
        moved = False
        for c in range(52):
            if (lies[c] == RESERVE or (lies[c] != HOME and on[c] == HOME)) and _safe(c, found):
                if lies[c] < 52:
                    on[lies[c]] = HOME
                lies[c] = HOME
                found[c // 13] += 1
                moved = True


def mix(state: bytes) -> bytes:
    """Bytes 1..8 XORed with a hash of bytes 9..15 (which it leaves as they are, so ``mix`` is
    its own inverse): the stored bytes, by which the layered search's radix sort splits the states
    first, spread evenly, where the plain code's lead with the suit stacks, which the positions
    of one key mostly share."""
    h = 0x9E3779B97F4A7C15
    h = ((h ^ int.from_bytes(state[9:16], "little")) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    h ^= h >> 29
    h ^= h >> 32
    return state[:1] + (int.from_bytes(state[1:9], "big") ^ h).to_bytes(8, "big") + state[9:]


def encode_lies(found: list[int], lies: list[int], under: bytes, reserve: int) -> bytes:
    """The code of a position: ``lies[c]`` the card c lies on, BOTTOM, RESERVE or HOME;
    ``reserve``: the reserve cards dealt (for the key)."""
    code = 0
    for s in range(4):
        code = (code << 4) | found[s]
    in_reserve = 0
    for c in range(52):
        x = lies[c]
        if x == HOME:
            v = 0
        elif x == RESERVE:
            v = 0
            in_reserve += 1
        elif x == BOTTOM:
            v = 3
        else:
            ps = parents(c)
            v = 1 if ps and x == ps[0] else 2 if len(ps) > 1 and x == ps[1] else 0
            if v == 0 and x != under[c]:
                raise ValueError(f"{cards.to_text(c)} lies on {cards.to_text(x)}, where no move puts it")
        code = (code << 2) | v
    key = sum(found) + reserve - in_reserve
    return mix(bytes([key]) + code.to_bytes(STATE_BYTES - 1, "big"))


def decode_lies(state: bytes, under: bytes) -> tuple[list[int], list[int], list[int]]:
    """(suit stacks, where each card lies, the card on each card or HOME for none)."""
    code = int.from_bytes(mix(state)[1:], "big")
    v = [0] * 52
    for c in reversed(range(52)):
        v[c] = code & 3
        code >>= 2
    found = [0] * 4
    for s in reversed(range(4)):
        found[s] = code & 15
        code >>= 4
    lies = [HOME] * 52
    on = [HOME] * 52
    for c in range(52):
        if c % 13 < found[c // 13]:
            continue
        if v[c] == 3:
            lies[c] = BOTTOM
        elif v[c]:
            lies[c] = parents(c)[v[c] - 1]
        else:
            lies[c] = under[c]
        if lies[c] < 52:
            on[lies[c]] = c
    return found, lies, on


def _reserve_count(under: bytes) -> int:
    return sum(1 for x in under if x == RESERVE)


def children(state: bytes, under: bytes, settle: bool) -> list[bytes]:
    """The codes of the positions one move (and, with ``settle``, the safe moves home after it)
    makes from ``state``, in a fixed order: each source (the columns' tops in the order of their
    bottom cards, then the reserve cards by card), home, onto each card it may go on, into an
    empty column."""
    reserve = _reserve_count(under)
    found, lies, on = decode_lies(state, under)
    tops = _tops(on, lies)
    exposed = set(tops)
    empty = len(tops) < COLUMNS
    sources = tops + [c for c in range(52) if lies[c] == RESERVE]
    out = []
    for x in sources:
        targets = []
        if found[x // 13] == x % 13:
            targets.append(HOME)
        targets += [p for p in parents(x) if p in exposed]
        if empty and lies[x] != BOTTOM:
            targets.append(BOTTOM)
        for t in targets:
            f, li, o = list(found), list(lies), list(on)
            if li[x] < 52:
                o[li[x]] = HOME
            if t == HOME:
                f[x // 13] += 1
            elif t < 52:
                o[t] = x
            li[x] = t
            if settle:
                _settle(f, li, o)
            out.append(encode_lies(f, li, under, reserve))
    return out


def expand(states: bytes, under: bytes, settle: bool) -> bytes:
    """The children of each state (``states``: codes end to end)."""
    return b"".join(b"".join(children(states[i:i + STATE_BYTES], under, settle))
                    for i in range(0, len(states), STATE_BYTES))


def won_code(under: bytes) -> bytes:
    """The code of the won position: every card home, every reserve card played."""
    return encode_lies([13] * 4, [HOME] * 52, under, _reserve_count(under))


def goals(states: bytes, under: bytes, settle: bool) -> list[int]:
    """The indexes of the won positions (every card home) among ``states``."""
    won = won_code(under)
    return [i // STATE_BYTES for i in range(0, len(states), STATE_BYTES) if states[i:i + STATE_BYTES] == won]


# -- positions of the game ------------------------------------------------------------------


def encode(position: Position, under: bytes) -> bytes:
    """The code of a game position (``under``: the proof's start, ``dealt_under``)."""
    lies = bytearray(dealt_under(position))
    return encode_lies(list(position.foundations), list(lies), under, _reserve_count(under))


def settle_moves(position: Position, rules: RuleSet) -> tuple[Position, list[fmoves.Move]]:
    """The position after every safe move home, and those moves (columns, then the reserve)."""
    made = []
    while True:
        found = list(position.foundations)
        for src in fmoves.sources(position):
            c = fmoves.card_at(position, src)
            if _safe(c, found):
                m = fmoves.Move(src, ("terminal", -1))
                made.append(m)
                position = fmoves.apply(position, m)
                break
        else:
            return position, made


class KingAlbertSpace:
    """King Albert's proof of a position (``research.layered.StateSpace``), from a deal as
    ``solve`` takes it (its starting rank in ``rules``)."""

    level_bytes = 1
    size = STATE_BYTES
    max_children = MAX_CHILDREN

    def __init__(self, rules: RuleSet, position: Position, settle: bool = True, pure: bool | None = None):
        self.rules, self.position, self.settle, self.pure = rules, position, settle, pure
        self.under = dealt_under(position)
        board = " / ".join(boardtext.write(position, rules).strip().splitlines())
        self.name = f"king-albert{'' if settle else ' unreduced'} code {CODE} {board}"

    def roots(self) -> bytes:
        start = settle_moves(self.position, self.rules)[0] if self.settle else self.position
        return encode(start, self.under)

    def expand(self, states: bytes) -> bytes:
        return implementation(self.pure).expand(states, self.under, self.settle)

    def goals(self, states: bytes) -> list[int]:
        return implementation(self.pure).goals(states, self.under, self.settle)

    def line(self, path: list[bytes]) -> list[str]:
        """The moves of a path of states, every one typed (the safe moves home as moves ``XT``):
        from the start, each state's move is the legal move (and the safe moves home after it)
        whose position has the next state's code."""
        pos, line = self.position, []
        if self.settle:
            pos, made = settle_moves(pos, self.rules)
            line += made
        for state in path[1:]:
            for m in fmoves.legal_moves(pos, self.rules):
                nxt = fmoves.apply(pos, m)
                made = []
                if self.settle:
                    nxt, made = settle_moves(nxt, self.rules)
                if encode(nxt, self.under) == state:
                    pos = nxt
                    line += [m, *made]
                    break
            else:
                raise ValueError("a path of states that no move follows")
        return [m.keys(self.rules) for m in line]

    def describe(self) -> dict:
        """The starting rank and the board (fc-solve's text)."""
        return {"starting_rank": self.rules.base, "board": boardtext.write(self.position, self.rules)}

    def keys(self, path: list[bytes]) -> tuple[str, ...]:
        """The keys of the win, as ``solve`` prints them: the line shortened
        (``solver/shorten.py``), then played as the game plays it, its automatic moves left out."""
        line = shorten_line(self.position, self.rules, self.line(path))
        auto: tuple[int, ...] = ()
        if self.rules.auto_home:
            played = played_by_the_game(self.position, self.rules, line)
            if played is not None:
                line, auto = played
        return tuple(make_result(self.rules, SOLVED, line, auto=auto).keys)

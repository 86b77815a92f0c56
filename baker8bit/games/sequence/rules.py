"""McCarthy's sequence solitaire (CS206, Stanford, fall 1973): the rules.

Source: John McCarthy's handout for CS206, Stanford, fall 1973 (quoted in
``docs/games/sequence.md``, one rule per paragraph, each with its tests in
``tests/test_sequence_rules.py``).

Cards (rule 1): suits are ignored, a card is its rank 1..13 (A=1, J=11, Q=12,
K=13); the deck holds each rank four times.

Final piles (rule 2): pile k (k = 1..4) starts with k and goes up by k,
cyclically (13 is followed by 1): the i-th card (i = 0..12) of pile k is
``(i + 1) * k`` reduced to 1..13. As 13 is prime, each pile takes every rank
once, and in the won position each pile holds 13 cards. A pile starts only
when its base card turns up: nothing is taken out of the deck first.

Position (rule 3): the final piles (only their counts matter), four storage
piles of any height (bottom first), one face-up hand card, and the face-down
deck of unexamined cards (the next card to turn up first).

Moves (rule 4), written as two characters, source then target:

    ``H1`` .. ``H4``   the hand card to final pile 1..4          (rule 4b)
    ``HA`` .. ``HD``   the hand card onto storage pile A..D      (rule 4c)
    ``A1`` .. ``D4``   the top of storage pile A..D to final 1..4 (rule 4a)

Rule 4d ("if the hand card has just been played turn up a new hand card from
the deck") is automatic here, not a move [decided]: turning up the next card
only adds a card to what the player can see and adds the hand moves to those
already legal; it takes none away (storage moves stay legal after it, and
nothing else can be done with an empty hand). So a player loses nothing by
turning it up at once, and a game whose player may forget to turn it up would
only add a way to lose that the handout does not describe. The first hand card
is turned up when the game starts (rule 3: "one turned up hand card").

End (rule 5): won when all 52 cards are in the final piles; lost when no legal
move is left. With a hand card a move is always legal (4c), so a game can only
be lost once the deck is used up. Every move carries a card one step along
hand -> storage -> final, so a game has at most 104 moves.

Deal numbers [decided]: the Microsoft FreeCell generator of
``baker8bit.core.deal`` over 52 cards (``s = s*214013 + 2531011 mod 2^31``,
``rand = s >> 16``, pick ``rand % left`` and move the last card into its
place) on the rank-major deck (card index i has rank ``i // 4 + 1``). The
first card drawn is the first to turn up (the first hand card), the second
is the next, and so on.
"""

from __future__ import annotations

from typing import NamedTuple

DECK_SIZE = 52
RANKS = range(1, 14)
PILES = 4  # final piles 1..4
STORAGE = 4  # storage piles A..D
STORAGE_NAMES = "ABCD"
MAX_DEAL = 2**31 - 1
KING_RANK = 13
MAX_MOVES = 2 * DECK_SIZE  # every move carries a card one step: hand -> storage -> final
RANK_TEXT = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
TEXT_RANK = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, "10": 10}
TEXT_RANK.update({str(r): r for r in range(2, 10)})


class SequenceError(ValueError):
    """A bad deal number, move text or illegal move."""


def rank_text(rank: int) -> str:
    """``A 2 .. 9 T J Q K``."""
    return RANK_TEXT.get(rank, str(rank))


def parse_rank(text: str) -> int:
    r = TEXT_RANK.get(text.upper())
    if r is None:
        raise SequenceError(f"not a rank: {text!r} (A 2 .. 9 T J Q K)")
    return r


def pile_card(pile: int, index: int) -> int:
    """The rank at position ``index`` (0..12) of final pile ``pile`` (1..4)."""
    return ((index + 1) * pile - 1) % 13 + 1


SEQUENCES: tuple[tuple[int, ...], ...] = tuple(tuple(pile_card(k, i) for i in range(13)) for k in range(1, PILES + 1))
# POSITION[k][rank]: where ``rank`` comes in final pile k+1 (0..12)
POSITION: tuple[tuple[int, ...], ...] = tuple(
    tuple(seq.index(r) if r else -1 for r in range(14)) for seq in SEQUENCES
)


def check_deal_number(deal: int) -> int:
    if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= MAX_DEAL:
        raise SequenceError(f"deal number must be 1..{MAX_DEAL}, not {deal!r}")
    return deal


def deal(number: int) -> tuple[int, ...]:
    """The 52 ranks of deal ``number`` in the order they turn up."""
    check_deal_number(number)
    deck = list(range(DECK_SIZE))
    seed = number
    out = []
    for left in range(DECK_SIZE, 0, -1):
        seed = (seed * 214013 + 2531011) & 0x7FFFFFFF
        j = (seed >> 16) % left
        out.append(deck[j] // 4 + 1)
        deck[j] = deck[left - 1]
    return tuple(out)


def deck_text(number: int) -> str:
    """Deal ``number`` as one rank a token in the order the cards turn up (for ``show``)."""
    return " ".join(rank_text(r) for r in deal(number))


class Move(NamedTuple):
    """``source``: "H" (hand) or a storage pile 0..3; ``target``: a final pile 1..4
    (``final=True``) or a storage pile 0..3 (``final=False``)."""

    source: str | int
    target: int
    final: bool

    def __str__(self) -> str:
        src = "H" if self.source == "H" else STORAGE_NAMES[self.source]
        dst = str(self.target) if self.final else STORAGE_NAMES[self.target]
        return src + dst

    @property
    def from_hand(self) -> bool:
        return self.source == "H"

    @staticmethod
    def parse(text: str) -> Move:
        t = text.strip().upper()
        if len(t) != 2:
            raise SequenceError(f"bad move {text!r}: write H1..H4, HA..HD or A1..D4")
        src, dst = t
        if src == "H":
            if dst in "1234":
                return Move("H", int(dst), True)
            if dst in STORAGE_NAMES:
                return Move("H", STORAGE_NAMES.index(dst), False)
        elif src in STORAGE_NAMES and dst in "1234":
            return Move(STORAGE_NAMES.index(src), int(dst), True)
        raise SequenceError(f"bad move {text!r}: write H1..H4, HA..HD or A1..D4")


def wait(finals, rank: int) -> int:
    """How many cards must go to the final piles (their counts ``finals``) before ``rank`` can:
    0 = it can go now; the least over the piles (13 when no pile still needs the rank)."""
    best = 13
    for k in range(PILES):
        d = POSITION[k][rank] - finals[k]
        if 0 <= d < best:
            best = d
    return best


class State(NamedTuple):
    """A position. Immutable; ``apply`` returns a new one."""

    deck: tuple[int, ...]  # face down, the next card to turn up first
    hand: int | None  # the face-up hand card (None once the deck is used up)
    storage: tuple[tuple[int, ...], ...]  # 4 piles, bottom first
    finals: tuple[int, ...]  # cards in final piles 1..4 (0..13)

    @staticmethod
    def start(deck: tuple[int, ...] | list[int]) -> State:
        deck = tuple(deck)
        if sorted(deck) != sorted(list(RANKS) * 4):
            raise SequenceError("a deck holds each rank 1..13 four times")
        return State(deck[1:], deck[0], ((),) * STORAGE, (0,) * PILES)

    @staticmethod
    def dealt(number: int) -> State:
        return State.start(deal(number))

    # ---- what is visible -------------------------------------------------------

    def needs(self, pile: int) -> int | None:
        """The rank final pile ``pile`` (1..4) takes next, None when complete."""
        n = self.finals[pile - 1]
        return SEQUENCES[pile - 1][n] if n < 13 else None

    def coming(self) -> tuple[int, ...]:
        """The hand card, then the deck, in the order they turn up (empty once the deck is used
        up): the cards the clairvoyant searches take."""
        return ((self.hand,) + tuple(self.deck)) if self.hand is not None else ()

    def tops(self) -> tuple[int | None, ...]:
        return tuple(p[-1] if p else None for p in self.storage)

    def wait(self, rank: int) -> int:
        """How many cards must go to the final piles before ``rank`` can (``wait``)."""
        return wait(self.finals, rank)

    def fits(self, rank: int) -> list[int]:
        """The final piles (1..4) ``rank`` continues or starts."""
        return [k + 1 for k in range(PILES) if self.finals[k] < 13 and SEQUENCES[k][self.finals[k]] == rank]

    def unseen(self) -> dict[int, int]:
        """Rank -> copies still face down (what a player may know of the deck)."""
        out = dict.fromkeys(RANKS, 0)
        for r in self.deck:
            out[r] += 1
        return out

    def cards_home(self) -> int:
        return sum(self.finals)

    # ---- moves -----------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: hand to final, storage to final, hand to storage."""
        moves = []
        needs = [SEQUENCES[k][n] if n < 13 else 0 for k, n in enumerate(self.finals)]
        h = self.hand
        if h is not None:
            for k in range(PILES):
                if needs[k] == h:
                    moves.append(Move("H", k + 1, True))
        for s, pile in enumerate(self.storage):
            if pile:
                t = pile[-1]
                for k in range(PILES):
                    if needs[k] == t:
                        moves.append(Move(s, k + 1, True))
        if h is not None:
            for s in range(STORAGE):
                moves.append(Move("H", s, False))
        return moves

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def apply(self, move: Move) -> State:
        """The position after ``move``; SequenceError if it is not legal."""
        if not self.is_legal(move):
            raise SequenceError(f"illegal move {move}")
        deck, hand, storage, finals = self
        if move.source == "H":
            card = hand
            # rule 4d, automatic: the next card turns up
            hand, deck = (deck[0], deck[1:]) if deck else (None, ())
        else:
            pile = storage[move.source]
            card = pile[-1]
            storage = storage[: move.source] + (pile[:-1],) + storage[move.source + 1 :]
        if move.final:
            k = move.target - 1
            finals = finals[:k] + (finals[k] + 1,) + finals[k + 1 :]
        else:
            s = move.target
            storage = storage[:s] + (storage[s] + (card,),) + storage[s + 1 :]
        return State(deck, hand, storage, finals)

    def won(self) -> bool:
        return sum(self.finals) == DECK_SIZE

    def lost(self) -> bool:
        return not self.won() and not self.legal_moves()

    def over(self) -> bool:
        return self.won() or not self.legal_moves()

    def text(self) -> str:
        """A readable picture of the position (for tests and the command line)."""
        fin = " ".join(
            f"{k}:{rank_text(SEQUENCES[k - 1][n - 1]) if n else '-'}({n})" for k, n in enumerate(self.finals, 1)
        )
        lines = [f"final {fin}"]
        for name, pile in zip(STORAGE_NAMES, self.storage, strict=True):
            lines.append(f"{name}: " + " ".join(rank_text(r) for r in pile))
        lines.append(f"hand {rank_text(self.hand) if self.hand else '-'}  deck {len(self.deck)}")
        return "\n".join(lines)

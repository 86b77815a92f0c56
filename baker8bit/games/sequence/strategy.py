"""A small language for strategies of sequence solitaire, close to how a player says them.

A strategy is a plain text file of rules, one a line, tried in order: the first
rule that allows a legal move makes it. Reference: ``docs/games/sequence.md``
("The strategy language"). In short::

    # a comment
    keep one pile for kings
    play a storage top to a final pile whenever you can, prefer next visible
    play the hand card to a final pile
    put the hand card on the storage pile whose top is needed after it, prefer the soonest top
    put the hand card on any storage pile, prefer the latest top
    choose any move at random

Words are case-insensitive; commas are spaces; ``the a an any card cards pile
piles whenever you can to on onto of is are at move moves will be`` are filler
and ignored. Every other word must be known, and every rule is checked when the
file is read: an unknown word, a malformed rule, a condition that means nothing
for its action, conditions that contradict each other, or a rule whose moves an
earlier unconditional rule always takes first are errors naming the line
(``StrategyError``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from baker8bit.games.sequence.rules import KING_RANK, SEQUENCES, Move, State

FILLER = frozenset(
    "the a an any card cards pile piles whenever you can to on onto of is are at move moves will be".split()
)
RANK_WORDS = {"ace": 1, "jack": 11, "queen": 12, "king": 13, "kings": 13, "aces": 1, "jacks": 11,
              "queens": 12, "t": 10, "j": 11, "q": 12, "k": 13}
RANK_WORDS.update({str(n): n for n in range(1, 14)})
SUBJECTS = {"it": "it", "hand": "it", "top": "top", "tops": "top"}
OPS = {"<": "<", ">": ">", "<=": "<=", ">=": ">=", "=": "=", "!=": "!="}
WORD_OPS = {("less", "than"): "<", ("more", "than"): ">", ("fewer", "than"): "<",
            ("at", "least"): ">=", ("at", "most"): "<="}
NEGATE = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "=": "!=", "!=": "="}
KEYWORDS = frozenset(
    "at play put choose keep one for final storage hand top tops it when if whose where and not needed freed "
    "before after now next empty wait unseen height deck prefer then random soonest latest closest lowest "
    "highest shortest tallest visible less more fewer than least most never cover needs within that".split()
) | frozenset(RANK_WORDS)
PREFERENCES = {
    ("soonest", "top"): "soonest top", ("latest", "top"): "latest top", ("closest", "top"): "closest top",
    ("lowest",): "lowest pile", ("highest",): "highest pile", ("shortest",): "shortest pile",
    ("tallest",): "tallest pile", ("next", "visible"): "next visible", ("random",): "random",
    ("highest", "top"): "highest top", ("lowest", "top"): "lowest top",
    ("whose", "top", "highest"): "highest top", ("whose", "top", "lowest"): "lowest top",
}
STORAGE_ONLY_PREFS = {"soonest top", "latest top", "closest top", "shortest pile", "tallest pile", "highest top",
                      "lowest top"}
FINAL_ONLY_PREFS = {"next visible"}

# move classes
HF, SF, HS = "hand to final", "storage to final", "hand to storage"

# feature domains, for checking that conditions can ever hold
DOMAINS = {
    "rank.it": range(1, 14), "rank.top": range(1, 14), "wait.it": range(0, 13), "wait.top": range(0, 13),
    "unseen.it": range(0, 4), "unseen.top": range(0, 4), "empty": range(0, 2), "height": range(0, 49),
    "deck": range(0, 52),
}


class StrategyError(ValueError):
    """A strategy file that cannot be used; the message names the file and line."""


@dataclass(frozen=True)
class Atom:
    left: str  # a feature name
    op: str
    right: str | int  # a feature name or a constant
    text: str

    def uses_top(self) -> bool:
        return self.left.endswith(".top") or self.left in ("empty", "height") or (
            isinstance(self.right, str) and self.right.endswith(".top"))


@dataclass(frozen=True)
class Rule:
    line: int
    text: str
    classes: frozenset[str]  # which moves it may make
    conditions: tuple[Atom, ...] = ()
    preferences: tuple[str, ...] = ()
    never: bool = False  # "never ...": the moves it names are left out while any other is legal


@dataclass
class Strategy:
    name: str
    rules: list[Rule]
    kings: bool = False  # "keep one pile for kings"
    kings_line: int = 0
    source: str = ""

    def choose(self, state: State, rng: random.Random | None = None) -> Move | None:
        """The move this strategy makes in ``state`` (None: no rule allows a legal move)."""
        return choose(self, state, rng or random.Random(0))


# ---- reading ---------------------------------------------------------------------------


def _tokens(text: str, line: int, where: str) -> list[str]:
    body = text.split("#", 1)[0].lower().replace(",", " ").replace("'s", "")
    out = []
    for tok in re.findall(r"<=|>=|!=|[<>=]|[a-z0-9]+|\S", body):
        if re.fullmatch(r"<=|>=|!=|[<>=]|[a-z0-9]+", tok) is None:
            raise StrategyError(f"{where}:{line}: unexpected character {tok!r}")
        if tok in FILLER and tok not in ("at",):
            continue
        if tok not in KEYWORDS and tok not in OPS and not tok.isdigit():
            raise StrategyError(f"{where}:{line}: unknown word {tok!r}")
        out.append(tok)
    return out


class _Cursor:
    def __init__(self, toks: list[str], line: int, where: str):
        self.toks, self.i, self.line, self.where = toks, 0, line, where

    def peek(self, k: int = 0) -> str | None:
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def take(self) -> str | None:
        t = self.peek()
        self.i += 1
        return t

    def accept(self, *words: str) -> str | None:
        if self.peek() in words:
            return self.take()
        return None

    def fail(self, message: str) -> StrategyError:
        return StrategyError(f"{self.where}:{self.line}: {message}")

    def expect(self, *words: str) -> str:
        t = self.peek()
        if t not in words:
            got = f"{t!r}" if t else "the end of the line"
            raise self.fail(f"expected {' or '.join(repr(w) for w in words)}, not {got}")
        return self.take()


def _subject(cur: _Cursor) -> str | None:
    t = cur.peek()
    if t in SUBJECTS:
        cur.take()
        return SUBJECTS[t]
    return None


def _number(cur: _Cursor) -> int:
    t = cur.take()
    if t is not None and t.isdigit():
        return int(t)
    if t is None or t not in RANK_WORDS:
        raise cur.fail(f"expected a number, not {t!r}" if t else "expected a number at the end of the line")
    return RANK_WORDS[t]


def _op(cur: _Cursor) -> str | None:
    t = cur.peek()
    if t in OPS:
        cur.take()
        return OPS[t]
    if t is not None and (t, cur.peek(1)) in WORD_OPS:
        op = WORD_OPS[(t, cur.peek(1))]
        cur.take()
        cur.take()
        return op
    return None


def _atom(cur: _Cursor) -> Atom:
    start = cur.i
    subject = _subject(cur) or "it"
    negate = bool(cur.accept("not"))
    t = cur.peek()
    if t in ("needed", "freed", "needs"):
        cur.take()
        negate ^= bool(cur.accept("not"))
        w = cur.expect("before", "after", "now", "next", "within")
        if w == "within":
            atom = (f"wait.{subject}", "<", _number(cur))
        elif w in ("now", "next"):
            atom = (f"wait.{subject}", "=", 0)
        else:
            other = _subject(cur)
            if other is None:
                raise cur.fail(f"expected 'it' or 'top' after '{w}'")
            atom = (f"wait.{subject}", "<" if w == "before" else ">", f"wait.{other}")
    elif t == "empty":
        cur.take()
        atom = ("empty", "=", 1)
    elif t in ("wait", "unseen", "height", "deck"):
        cur.take()
        name = f"{t}.{subject}" if t in ("wait", "unseen") else t
        op = _op(cur)
        if op is None:
            if cur.accept("not"):
                negate = not negate
            op = _op(cur) or "="
        atom = (name, op, _number(cur))
    elif t in RANK_WORDS or (t or "").isdigit():
        r = _number(cur)
        if not 1 <= r <= 13:
            raise cur.fail(f"{r} is not a rank (1..13, ace, jack, queen, king)")
        atom = (f"rank.{subject}", "=", r)
    else:
        got = f"{t!r}" if t else "the end of the line"
        raise cur.fail(
            f"expected a condition (needed before/after/now, empty, a rank, wait, unseen, height, deck), not {got}"
        )
    left, op, right = atom
    if negate:
        op = NEGATE[op]
    return Atom(left, op, right, " ".join(cur.toks[start:cur.i]))


def _preferences(cur: _Cursor) -> list[str]:
    prefs = []
    while True:
        for words, name in sorted(PREFERENCES.items(), key=lambda kv: -len(kv[0])):
            if tuple(cur.toks[cur.i:cur.i + len(words)]) == words:
                cur.i += len(words)
                prefs.append(name)
                break
        else:
            t = cur.peek()
            raise cur.fail(f"unknown preference {t!r}" if t else "'prefer' needs what to prefer")
        if not cur.accept("then"):
            return prefs


def _parse_rule(toks: list[str], line: int, where: str, text: str) -> Rule | str:
    cur = _Cursor(toks, line, where)
    conditions: list[Atom] = []
    prefs: list[str] = []
    never = bool(cur.accept("never"))
    if cur.peek() in ("if", "when") and not never:  # "if the hand card is a king, put it on an empty pile"
        cur.take()
        conditions.append(_atom(cur))
        while cur.accept("and"):
            conditions.append(_atom(cur))
    if never and cur.accept("cover"):  # "never cover a card that a final pile needs within 3 cards"
        cur.accept("that")
        cur.accept("final")
        cur.expect("needed", "needs")
        cur.expect("within")
        n = _number(cur)
        conditions.append(Atom("wait.top", "<", n, f"needed within {n}"))
        if cur.peek() is not None:
            raise cur.fail(f"unexpected {cur.peek()!r}")
        return Rule(line, text.split("#", 1)[0].strip(), frozenset({HS}), tuple(conditions), (), True)
    verb = cur.expect("play", "put", "choose", "keep")
    if never and verb in ("choose", "keep"):
        raise cur.fail(f"'never' goes with 'play', 'put' or 'cover', not {verb!r}")
    if verb == "keep":
        cur.expect("one")
        cur.expect("for")
        cur.expect("kings", "king")
        if cur.peek() is not None:
            raise cur.fail(f"unexpected {cur.peek()!r} after 'keep one pile for kings'")
        return "kings"
    if verb == "play":
        src = cur.accept("hand", "storage")
        if src == "storage":
            cur.accept("top", "tops")
        cur.expect("final")
        classes = {None: {HF, SF}, "hand": {HF}, "storage": {SF}}[src]
    elif verb == "put":
        cur.expect("hand", "it")
        if cur.peek() == "empty":
            conditions.append(Atom("empty", "=", 1, "empty"))
            cur.take()
        else:
            cur.expect("storage")
        classes = {HS}
    else:
        cur.accept("at")
        cur.expect("random")
        classes = {HF, SF, HS}
        prefs.append("random")
    while cur.peek() is not None:
        t = cur.take()
        if t in ("when", "if", "whose", "where", "and", "that"):
            if t == "and" and not conditions:
                raise cur.fail("'and' with no condition before it")
            conditions.append(_atom(cur))
        elif t == "prefer":
            prefs.extend(_preferences(cur))
        elif t == "random" or (t == "at" and cur.expect("random")):
            prefs.append("random")
        else:
            raise cur.fail(f"unexpected {t!r}")
    if never and prefs:
        raise cur.fail("a 'never' rule has no preferences (it only leaves moves out)")
    return Rule(line, text.split("#", 1)[0].strip(), frozenset(classes), tuple(conditions), tuple(prefs), never)


def _feature_domain(rule: Rule, name: str) -> set[int]:
    if name == "wait.it" and HS not in rule.classes:
        return {0}  # a card played to a final pile is needed now
    return set(DOMAINS[name])


def _compare(a: int, op: str, b: int) -> bool:
    return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b, "=": a == b, "!=": a != b}[op]


def _check_rule(rule: Rule, where: str) -> None:
    def never(why: str) -> StrategyError:
        return StrategyError(f"{where}:{rule.line}: this rule can never apply: {why}")

    final_only = HS not in rule.classes
    for atom in rule.conditions:
        if final_only and atom.uses_top():
            raise never(f"'{atom.text}' is about the storage pile the hand card goes on, "
                        "and a play to a final pile has none")
    if final_only:
        for p in rule.preferences:
            if p in STORAGE_ONLY_PREFS:
                raise StrategyError(f"{where}:{rule.line}: 'prefer {p}' is about storage piles, "
                                    "and this rule plays to a final pile")
    if rule.classes == {HS}:
        for p in rule.preferences:
            if p in FINAL_ONLY_PREFS:
                raise StrategyError(f"{where}:{rule.line}: 'prefer {p}' is about final piles, "
                                    "and this rule puts the hand card on a storage pile")
    domains = {name: _feature_domain(rule, name) for name in DOMAINS}
    # a condition about the top is false on an empty pile
    if any(a.uses_top() and a.left not in ("empty", "height") for a in rule.conditions):
        domains["empty"] &= {0}
    for a in rule.conditions:
        if isinstance(a.right, int):
            domains[a.left] = {v for v in domains[a.left] if _compare(v, a.op, a.right)}
    # an empty pile has height 0 and no other pile does
    if domains["empty"] == {1}:
        domains["height"] &= {0}
    if 0 not in domains["height"]:
        domains["empty"] &= {0}
    if domains["height"] == {0}:
        domains["empty"] &= {1}
    for name, values in domains.items():
        if not values:
            said = [a.text for a in rule.conditions if a.left == name or a.uses_top() and name == "empty"]
            conditions = " and ".join(repr(s) for s in said) or ""
            raise never(f"the conditions {conditions} cannot all hold".replace("  ", " "))
    pairs: dict[tuple[str, str], list[Atom]] = {}
    for a in rule.conditions:
        if isinstance(a.right, str):
            if a.left == a.right:
                if a.op in ("<", ">", "!="):
                    raise never(f"'{a.text}' compares a card with itself")
                continue
            key = tuple(sorted((a.left, a.right)))
            pairs.setdefault(key, []).append(a)
    for (x, y), atoms in pairs.items():
        ok = any(
            all(_compare(vals[a.left], a.op, vals[a.right]) for a in atoms)
            for vx in domains[x] for vy in domains[y]
            for vals in [{x: vx, y: vy}]
        )
        if not ok:
            raise never(f"the conditions {' and '.join(repr(a.text) for a in atoms)} cannot all hold")


def parse(text: str, name: str = "<strategy>", where: str | None = None) -> Strategy:
    """Read and check a strategy; StrategyError names ``where`` (default ``name``: the file's
    full path when it is a file) and the line of the first problem."""
    label = name
    name = where or name
    rules: list[Rule] = []
    strategy = Strategy(name, rules, source=text)
    covered: dict[str, int] = {}  # move class -> line of an unconditional rule taking it
    for n, raw in enumerate(text.splitlines(), start=1):
        toks = _tokens(raw, n, name)
        if not toks:
            continue
        rule = _parse_rule(toks, n, name, raw)
        if rule == "kings":
            if strategy.kings:
                raise StrategyError(f"{name}:{n}: 'keep one pile for kings' was already said on line "
                                    f"{strategy.kings_line}")
            if rules:
                raise StrategyError(f"{name}:{n}: say 'keep one pile for kings' before the rules "
                                    f"(it applies to all of them)")
            strategy.kings, strategy.kings_line = True, n
            continue
        assert isinstance(rule, Rule)
        _check_rule(rule, name)
        if rule.never:
            rules.append(rule)
            continue
        if rule.classes <= covered.keys():
            lines = sorted({covered[c] for c in rule.classes})
            raise StrategyError(
                f"{name}:{n}: this rule can never apply: line{'s' if len(lines) > 1 else ''} "
                f"{' and '.join(map(str, lines))} always take{'s' if len(lines) == 1 else ''} its moves first")
        if not rule.conditions:
            for c in rule.classes:
                covered.setdefault(c, n)
        rules.append(rule)
    if not any(not r.never for r in rules):
        raise StrategyError(f"{name}: no rules (a strategy needs at least one rule that makes a move)")
    strategy.name = label
    return strategy


SHIPPED = resources.files("baker8bit.games.sequence") / "strategies"


def shipped_names() -> list[str]:
    return sorted(p.name[:-4] for p in SHIPPED.iterdir() if p.name.endswith(".txt"))


def load(name_or_path: str, also: tuple[str, ...] = ()) -> Strategy:
    """A shipped strategy by name (``random``, ``greedy``, ``best``...) or a strategy file; errors
    name the file as given and its line. ``also``: other names the caller takes (the study's
    reference players), listed when a name is unknown."""
    if "/" not in name_or_path and "\\" not in name_or_path and not name_or_path.endswith(".txt"):
        res = SHIPPED / f"{name_or_path}.txt"
        if not res.is_file():
            known = ", ".join([*shipped_names(), *also])
            raise StrategyError(f"no strategy {name_or_path!r}: known ones are {known}, or give a file name")
        return parse(res.read_text(encoding="utf-8"), name_or_path)
    path = Path(name_or_path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise StrategyError(f"cannot read strategy {name_or_path}: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise StrategyError(
            f"{name_or_path}:{line}: not plain text (byte 0x{data[e.start]:02x} is not UTF-8)"
        ) from None
    return parse(text, path.stem if path.suffix == ".txt" else str(path), where=name_or_path)


# ---- playing ---------------------------------------------------------------------------


def move_class(move: Move) -> str:
    if move.final:
        return HF if move.source == "H" else SF
    return HS


def kings_pile(state: State) -> int | None:
    """The storage pile kept for kings: the first one holding only kings, else the first empty one."""
    for i, pile in enumerate(state.storage):
        if pile and all(c == KING_RANK for c in pile):
            return i
    for i, pile in enumerate(state.storage):
        if not pile:
            return i
    return None


class _Context:
    """The visible facts of one position, computed once."""

    def __init__(self, state: State):
        self.state = state
        self._unseen: dict[int, int] | None = None
        self._wait: dict[int, int] = {}

    def wait(self, rank: int) -> int:
        w = self._wait.get(rank)
        if w is None:
            w = self._wait[rank] = self.state.wait(rank)
        return w

    def unseen(self, rank: int) -> int:
        if self._unseen is None:
            self._unseen = self.state.unseen()
        return self._unseen[rank]

    def card(self, move: Move) -> int:
        return self.state.hand if move.source == "H" else self.state.storage[move.source][-1]

    def top(self, move: Move) -> int | None:
        if move.final:
            return None
        pile = self.state.storage[move.target]
        return pile[-1] if pile else None

    def feature(self, name: str, move: Move) -> int | None:
        kind, _, subject = name.partition(".")
        if subject:
            rank = self.card(move) if subject == "it" else self.top(move)
            if rank is None:
                return None
            if kind == "rank":
                return rank
            if kind == "wait":
                return self.wait(rank)
            return self.unseen(rank)
        if name == "empty":
            return int(not self.state.storage[move.target])
        if name == "height":
            return len(self.state.storage[move.target])
        return len(self.state.deck)  # deck

    def holds(self, atom: Atom, move: Move) -> bool:
        a = self.feature(atom.left, move)
        if a is None:
            return False
        b = atom.right if isinstance(atom.right, int) else self.feature(atom.right, move)
        if b is None:
            return False
        return _compare(a, atom.op, b)

    def key(self, pref: str, move: Move, rng: random.Random) -> float:
        if pref == "random":
            return rng.random()
        if pref in ("lowest pile", "highest pile"):
            k = move.target
            return k if pref == "lowest pile" else -k
        if pref in ("shortest pile", "tallest pile"):
            h = 0 if move.final else len(self.state.storage[move.target])
            return h if pref == "shortest pile" else -h
        if pref == "next visible":
            if not move.final:
                return 1
            after = self.state.finals[move.target - 1] + 1
            if after >= 13:
                return 0
            nxt = SEQUENCES[move.target - 1][after]
            visible = [self.state.hand] if move.source != "H" else []
            visible += [p[-1] for i, p in enumerate(self.state.storage) if p and i != move.source]
            if move.source != "H" and len(self.state.storage[move.source]) > 1:
                visible.append(self.state.storage[move.source][-2])
            return 0 if nxt in visible else 1
        top = self.top(move)
        if pref in ("highest top", "lowest top"):
            r = top if top is not None else 0  # an empty pile: no top, the lowest
            return -r if pref == "highest top" else r
        w = self.wait(top) if top is not None else 13
        if pref == "soonest top":
            return w
        if pref == "latest top":
            return -w
        # closest top: the least wait above the card's own
        gap = w - self.wait(self.card(move))
        return gap if gap > 0 else 100 - gap


def choose(strategy: Strategy, state: State, rng: random.Random) -> Move | None:
    legal = state.legal_moves()
    if not legal:
        return None
    ctx = _Context(state)
    kp = kings_pile(state) if strategy.kings else None
    if kp is not None:
        king = state.hand == KING_RANK
        legal = [m for m in legal if m.final or (m.target == kp) == king]
    nevers = [r for r in strategy.rules if r.never]
    if nevers:
        allowed = [m for m in legal if not any(move_class(m) in r.classes and all(ctx.holds(a, m) for a in r.conditions)
                                               for r in nevers)]
        legal = allowed or legal  # a 'never' only prefers: when every move is ruled out, any may be made
    for rule in strategy.rules:
        if rule.never:
            continue
        cands = [m for m in legal if move_class(m) in rule.classes
                 and all(ctx.holds(a, m) for a in rule.conditions)]
        if not cands:
            continue
        if len(cands) == 1 or not rule.preferences:
            return cands[0]
        return min(cands, key=lambda m: tuple(ctx.key(p, m, rng) for p in rule.preferences))
    return None

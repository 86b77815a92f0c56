"""Sequence solitaire as a console game: the variant interface over ``rules``, ``play``,
``dialogue`` and ``screen`` (the rules themselves know nothing of the console)."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from baker8bit.console.prompt import DealPrompt
from baker8bit.console.screens import draw_deal_entry, draw_title_lines
from baker8bit.games.sequence import screen
from baker8bit.games.sequence.dialogue import SequenceDialogue
from baker8bit.games.sequence.play import HINTS, SequenceGame, SequenceRules
from baker8bit.games.sequence.rules import SequenceError, State, deck_text, rank_text
from baker8bit.games.variant import SOLVED, UNKNOWN, UNSOLVABLE, Option, SolveResult, Variant, VariantError

STATS_LABELS = {"sampling": "SAMPL", "lookahead": "LOOK"}  # the title's statistics rows (5 characters)
SOLVE_STATES = 200_000  # the exact search's budget when no --max-states is given (plain Python)
SOLVE_STATES_COMPILED = 5_000_000  # ... when the compiled search runs (held-out deals 3001-3010: all won, 3 s)


class SequenceVariant(Variant):
    options = (Option("hint", tuple(HINTS), "sampling",
                      "sequence: the player HELP asks, sampling or lookahead (default sampling)"),)
    options_before = {"hint": "lookahead"}  # a recording made before the option keeps the look-ahead HELP
    saves = False  # no saved game yet: a game is short (at most 104 moves) and replays by its number
    nested = True  # ``solve`` takes ``nested``: the nested Monte Carlo search instead of the depth-first one

    def __init__(self) -> None:
        data = tomllib.loads(resources.files(__package__).joinpath("game.toml").read_text("utf-8"))
        self.id, self.name, self.credit = data["id"], data["name"], data["credit"]
        self.title_lines = tuple(data["title"])

    def rules(self, options: dict[str, Any] | None = None) -> SequenceRules:
        """The rule set of the ``hint`` option (the player HELP asks): ``sequence-sampling`` by
        default, ``sequence`` for the look-ahead player."""
        return HINTS[self.check_options(options or {})["hint"]]

    def rule_sets(self) -> dict[str, SequenceRules]:
        return {r.name: r for r in HINTS.values()}

    def options_of(self, rules) -> dict[str, Any]:
        return {"hint": rules.hint}

    def stats_rows(self) -> tuple[tuple[str, str], ...]:
        """A row for each HELP player, headed HINT: SAMPL (sequence-sampling), LOOK (sequence,
        which also has every game played before the option)."""
        return tuple((r.name, STATS_LABELS[r.hint]) for r in HINTS.values())

    def title(self) -> DealPrompt:
        return DealPrompt()

    def new_game(self, rules, deal: int | None, position: State | None = None) -> SequenceGame:
        return SequenceGame(rules, deal, position if position is not None else State.dealt(deal))

    def dialogue(self, game, timing, emit, clock) -> SequenceDialogue:
        return SequenceDialogue(game, timing, emit, clock)

    def draw_title(self, scr, view, notes: tuple[str, ...]) -> None:
        draw_title_lines(scr, self.title_lines, notes)
        draw_deal_entry(scr, view.prompt_deal)

    def draw_game(self, scr, view, game, frame: int, look) -> None:
        screen.draw_game(scr, view, game, frame)

    def read_board(self, text: str, options: dict[str, Any] | None = None):
        """A deck: 52 ranks in the order they turn up (what ``show`` prints)."""
        from baker8bit.games.sequence.rules import parse_rank

        try:
            deck = tuple(parse_rank(t) for t in text.split())
            return State.start(deck), self.rules(options)
        except SequenceError as e:
            raise VariantError(f"not a sequence-solitaire deck: {e}") from None

    def write_board(self, position: State, rules) -> str:
        return position.text() + "\n"

    def show(self, rules, position: State, deal: int | None) -> str:
        """The deck in the order the cards turn up, one rank a token (``A 2 .. T J Q K``)."""
        if deal is not None and not position.storage[0] and sum(position.finals) == 0:
            return deck_text(deal) + "\n"
        cards = ([position.hand] if position.hand is not None else []) + list(position.deck)
        return " ".join(rank_text(r) for r in cards) + "\n"

    def planner(self, rules, deal: int, strategy: str | None = None):
        from baker8bit.games.sequence.demo import SequencePlanner

        return SequencePlanner(rules, deal, strategy)

    def solve(
        self, position: State, rules, max_states=None, max_seconds=None, nested: int | None = None
    ) -> SolveResult:
        """The exact search (``solver.py``: compiled where built, else plain Python): won is solved,
        lost (every continuation examined) unsolvable; the keys are the moves as typed (``H3``,
        ``HB``, ``C1``). ``nested``: the nested Monte Carlo search of that level instead
        (``_solve_nested``)."""
        import time

        from baker8bit.games.sequence import players

        if nested is not None:
            return _solve_nested(position, nested, max_states or SOLVE_STATES_COMPILED, max_seconds)
        t0 = time.perf_counter()
        from baker8bit.games.sequence.solver import implementation_name

        default = SOLVE_STATES_COMPILED if implementation_name() == "compiled" else SOLVE_STATES
        r = players.solve(position, max_states or default, max_seconds=max_seconds)
        outcome = {players.WON: SOLVED, players.LOST: UNSOLVABLE}.get(r.outcome, UNKNOWN)
        keys = tuple(str(m) for m in r.moves) if outcome == SOLVED else ()
        return SolveResult(outcome, keys, len(keys), r.states, time.perf_counter() - t0, implementation_name())


def _solve_nested(position: State, level: int, max_moves: int, max_seconds: float | None) -> SolveResult:
    """``nested.py``'s search of ``level`` from ``position`` with seeds 1, 2, ... until one wins,
    or ``max_moves`` moves are played in all, or ``max_seconds`` pass (checked between searches):
    solved with the keys, else unknown (it proves nothing lost). ``positions``: the moves played."""
    import time

    from baker8bit.core.compiled import search_name
    from baker8bit.games.sequence import nested
    from baker8bit.games.sequence.search import decode

    if not 1 <= level <= 3:
        raise ValueError("--nested must be 1, 2 or 3")
    t0 = time.perf_counter()
    cards = position.coming()
    search = nested.implementation()
    played, seed, keys = 0, 0, ()
    while played < max_moves and (max_seconds is None or time.perf_counter() - t0 < max_seconds):
        seed += 1
        score, codes, n = search.run(cards, position.storage, position.finals, level, seed)
        played += n
        if score == nested.WON:
            keys = tuple(str(decode(c)) for c in codes)
            break
    return SolveResult(SOLVED if keys else UNKNOWN, keys, len(keys), played, time.perf_counter() - t0,
                       search_name("sequence-nested"))

"""Sequence solitaire as a console game: the variant interface over ``rules``, ``play``,
``dialogue`` and ``screen`` (the rules themselves know nothing of the console)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from baker8bit.console.contract import Option, Step, Variant, VariantError, read_game_toml
from baker8bit.console.prompt import DealPrompt
from baker8bit.console.screens import draw_deal_entry, draw_title_lines
from baker8bit.core.compiled import search_name
from baker8bit.core.outcome import SOLVED, UNKNOWN, SearchResult
from baker8bit.games.sequence import nested, screen, solver, strategy, study_command
from baker8bit.games.sequence.demo import SequencePlanner
from baker8bit.games.sequence.dialogue import SequenceDialogue
from baker8bit.games.sequence.game import HINTS, SequenceGame, SequenceRules
from baker8bit.games.sequence.rules import SequenceError, State, deck_text, parse_rank, rank_text
from baker8bit.games.sequence.search import decode
from baker8bit.games.sequence.solver import implementation_name

STATS_LABELS = {"sampling": "SAMPL", "lookahead": "LOOK"}  # the title's statistics rows (5 characters)
SOLVE_STATES = 200_000  # the exact search's budget when no --max-states is given (plain Python)
SOLVE_STATES_COMPILED = 5_000_000  # ... when the compiled search runs (held-out deals 3001-3010: all won, 3 s)
# The escalation (``Variant.escalate``): the depth-first search, then the nested search at level
# 2, then 3, each with a budget of positions (moves played, for the nested search) that ends
# within the 30 s default on two cores: about 2 s, 7 s and 18 s compiled. The deals the
# depth-first search leaves unknown at 5,000,000 are mostly won by level 2 within seconds (9110:
# 41,562,809 moves); 4608, which level 2 does not win, level 3 wins after 151,201,457.
LADDER_COMPILED = (Step("dfs", 3_000_000), Step("nested-2", 50_000_000, (("nested", 2),)),
                   Step("nested-3", 200_000_000, (("nested", 3),)))
LADDER_PURE = (Step("dfs", 200_000), Step("nested-2", 1_000_000, (("nested", 2),)),
               Step("nested-3", 4_000_000, (("nested", 3),)))  # plain Python: about 50 times slower


class SequenceVariant(Variant):
    options = (Option("hint", tuple(HINTS), "sampling",
                      "the player HELP asks, sampling or lookahead (default sampling)"),)
    recorded_defaults = {"hint": "lookahead"}  # the HELP player of recordings that name none: the look-ahead one
    saves = False  # no saved game yet: a game is short (at most 104 moves) and replays by its number
    search_options = frozenset({"nested"})
    strategies = tuple(strategy.shipped_names())  # ``demo --strategy``: these, or a strategy file
    study = study_command  # ``baker8bit study sequence``  # ``solve --nested L``: the nested Monte Carlo search

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

    def pad_places(self, scr, view, game):
        """The hand first (the cursor starts on it), the storage piles, then the final piles."""
        return tuple(sorted(super().pad_places(scr, view, game), key=lambda p: p.key in "1234"))

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
        return SequencePlanner(rules, deal, strategy)

    def escalation(self, rules) -> tuple[Step, ...]:
        return LADDER_COMPILED if implementation_name() == "compiled" else LADDER_PURE

    def solve(
        self, position: State, rules, max_states=None, max_seconds=None, nested: int | None = None
    ) -> SearchResult:
        """The exact search (``solver.py``: compiled where built, else plain Python): unsolvable when
        every continuation was examined; the keys are the moves as typed (``H3``, ``HB``, ``C1``).
        ``nested``: the nested Monte Carlo search of that level instead (``_solve_nested``)."""
        if nested is not None:
            return _solve_nested(position, nested, max_states or SOLVE_STATES_COMPILED, max_seconds)
        t0 = time.perf_counter()

        default = SOLVE_STATES_COMPILED if implementation_name() == "compiled" else SOLVE_STATES
        r = solver.solve(position, max_states or default, max_seconds=max_seconds)
        return replace(r, seconds=time.perf_counter() - t0, keys=tuple(str(m) for m in r.moves))


def _solve_nested(position: State, level: int, max_moves: int, max_seconds: float | None) -> SearchResult:
    """``nested.py``'s search of ``level`` from ``position`` with seeds 1, 2, ... until one wins,
    or ``max_moves`` moves are played in all, or ``max_seconds`` pass (checked between searches):
    solved with the keys, else unknown (it proves nothing lost). ``positions``: the moves played."""

    if not 1 <= level <= 3:
        raise ValueError("--nested must be 1, 2 or 3")
    t0 = time.perf_counter()
    cards = position.coming()
    search = nested.implementation()
    played, seed, moves = 0, 0, ()
    while played < max_moves and (max_seconds is None or time.perf_counter() - t0 < max_seconds):
        seed += 1
        score, codes, n = search.run(cards, position.storage, position.finals, level, seed)
        played += n
        if score == nested.WON:
            moves = tuple(decode(c) for c in codes)
            break
    return SearchResult(SOLVED if moves else UNKNOWN, moves, played, time.perf_counter() - t0,
                        search_name("sequence-nested"), keys=tuple(str(m) for m in moves))


VARIANT = SequenceVariant(read_game_toml(__package__))

"""Blue as a console game: the variant interface over ``rules``, ``gamefile``, ``play``,
``dialogue``, ``screen`` and ``title`` (the rules themselves know nothing of the console)."""

from __future__ import annotations

from typing import Any

from baker8bit.console.contract import Step, Variant, VariantError, read_game_toml
from baker8bit.core.compiled import search_name
from baker8bit.core.outcome import SearchResult
from baker8bit.games.blue import check_command, checker, gamefile, screen, study
from baker8bit.games.blue.demo import BluePlanner, ace_swaps, commands
from baker8bit.games.blue.dialogue import BlueDialogue
from baker8bit.games.blue.game import OPTIONS, RANKS, RULES, SUITS, BlueGame, BlueRules, copy, rules_of
from baker8bit.games.blue.prove import BlueSpace
from baker8bit.games.blue.rules import Game, Layout, board_text, with_aces
from baker8bit.games.blue.shorten import shorten
from baker8bit.games.blue.title import BlueTitle
from baker8bit.research.layered import ProofTask

# The escalation (``Variant.escalate``): the checker's plan of restarts at 2,000,000 positions,
# then, for a layout still unknown, one exhaustive run keeping up to PROOF_MEMORY of positions
# (``checker.solve``'s ``proof_memory``: 14,700,000 positions compiled). One step: the plan is
# not run twice; the result names the run that decided, ``restarts`` or ``exhaustive``.
PROOF_MEMORY = 1 << 30
LADDER = (Step("restarts", 2_000_000, (("proof_memory", PROOF_MEMORY),)),)


class BlueSurvey:
    """``baker8bit survey --game blue``: every layout counted (no deals), or those deals checked,
    each with the aces as dealt and in the best order (``study.run_survey``; ``kept``: the rows
    already written, with ``--resume``; ``proof_memory``: ``checker.solve``'s)."""

    def run(self, options: dict[str, Any], deals, out, err, workers: int = 1, max_positions: int | None = None,
            max_seconds: float | None = None, proof_memory: int | None = None, kept=None) -> str:

        kw: dict[str, Any] = {"proof_memory": proof_memory, "kept": kept}
        if max_positions is not None:
            kw["max_positions"] = max_positions
        if max_seconds is not None:
            kw["max_seconds"] = max_seconds
        return study.run_survey(options["suits"], options["ranks"], deals, out, err, workers=workers, **kw)

    def read_rows(self, path: str, name: str | None = None) -> list:
        return study.read_rows(path, name)

    def check_exact(self, options: dict[str, Any]) -> None:
        study.check_exact(Layout(options["suits"], options["ranks"]), ((s, r) for s in SUITS for r in RANKS))


class BlueVariant(Variant):
    saves = False  # a Blue game is kept in its own game file (W writes it, R reads it back)
    board_bytes = gamefile.MAX_BYTES  # -f/--board read a game file up to the size R and check read
    options = OPTIONS
    checker = check_command  # ``baker8bit check blue``
    survey = BlueSurvey()  # ``baker8bit survey --game blue``: its own columns and exact counts
    program_flags = (("-s", "deal"), ("-f", "board"))  # Blue's own program: ./blue -s SEED, ./blue -f FILE

    def rules(self, options: dict[str, Any] | None = None) -> BlueRules:
        o = self.check_options(options or {})
        return RULES[f"blue-{o['suits']}x{o['ranks']}"]

    def rule_sets(self) -> dict[str, BlueRules]:
        return dict(RULES)

    def stats_rows(self) -> tuple[tuple[str, str], ...]:
        """The title shows the full game and the seed's 2x4 example, 2 suits of 3
        (``baker8bit stats`` shows every size)."""
        return (("blue-4x13", "4X13"), ("blue-2x3", "2X3"))

    def describe(self, rules) -> str:
        return rules.title

    def title(self) -> BlueTitle:
        return BlueTitle()

    def new_game(self, rules: BlueRules, deal: int | None, position: Game | None = None) -> BlueGame:
        if position is None:
            return BlueGame(rules, deal, Game.dealt(deal, rules.layout))
        return BlueGame(rules_of(position.layout), position.seed, copy(position))

    def dialogue(self, game, timing, emit, clock) -> BlueDialogue:
        return BlueDialogue(game, timing, emit, clock)

    def draw_title(self, scr, view, notes: tuple[str, ...]) -> None:
        screen.draw_title(scr, view, self.title_lines, notes)

    def draw_game(self, scr, view, game, frame: int, look) -> None:
        screen.draw_game(scr, view, game, frame)

    def pad_places(self, scr, view, game):
        """The slots first, the board's then the target layout's (the cursor starts on the first
        ace), then the mode line, W, R and HELP."""
        return tuple(sorted(super().pad_places(scr, view, game), key=lambda p: " " not in p.key))

    def pad_buttons(self, rules):
        """L switches between strategy and play (``P``), R is one move forward (RETURN)."""
        return {"PAD_L": "P", "PAD_R": "RETURN"}

    def board_shape(self, text: str) -> str | None:
        """``a Blue game file`` or ``a Blue layout of 4 x 13`` when the text is one (read whole),
        so a Blue file given to another game is named Blue's (``Registry.owner``)."""
        try:
            game = gamefile.read_game(text)
        except gamefile.GameFileError:
            return None
        first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
        kind = "game file" if first.startswith(gamefile.MAGIC) else "layout"
        return f"a Blue {kind} of {game.layout.suits} x {game.layout.ranks}"

    def shape_of(self, rules) -> str:
        return f"a game file or a layout of {rules.suits} x {rules.ranks}"

    def read_board(self, text: str, options: dict[str, Any] | None = None):
        """A game file (``gamefile``), or a bare layout (rows of cells, as ``show`` prints; its size
        is what its rows say). ``--suits``/``--ranks`` given must be the file's size."""
        options = options or {}
        try:
            game = gamefile.read_game(text, options.get("suits"), options.get("ranks"))
        except gamefile.GameFileError as e:
            raise VariantError(str(e)) from None
        lay = game.layout
        if lay.suits not in SUITS or lay.ranks not in RANKS:
            raise VariantError(f"line 1: a layout of {lay.suits} suits of {lay.ranks} ranks; the game deals "
                               f"{SUITS[0]}..{SUITS[-1]} suits of {RANKS[0]}..{RANKS[-1]} "
                               "ranks (`check blue FILE` decides any size)")
        return game, rules_of(lay)

    def write_board(self, position: Game, rules) -> str:
        return gamefile.dumps(position)

    def record_board_text(self, position: Game, rules) -> str:
        return gamefile.dumps(position)

    def record_board_read(self, text: str, rules):
        return self.read_board(text.lstrip("\n"))  # a recording's block starts its lines further down

    def same_position(self, a: Game, b: Game) -> bool:
        return gamefile.dumps(a) == gamefile.dumps(b)

    def show(self, rules, position: Game, deal: int | None) -> str:
        """The current layout (rows of cells, ``--`` a gap: a deal as dealt, a game file at its
        cursor), as ``check blue`` and ``-f`` read it back."""
        return board_text(position.board, position.layout) + "\n"

    search_options = frozenset({"proof_memory"})

    def escalation(self, rules) -> tuple[Step, ...]:
        return LADDER

    def solve(self, position: Game, rules, max_states=None, max_seconds=None,
              proof_memory: int | None = None) -> SearchResult:
        """The checker with the aces as they are on the board, and, when that finds no win and
        the aces may still be placed, with the best ordering (rule 6). The keys are what a player
        types: in strategy mode an ace then another ace for each swap of the ordering, ``P`` (a
        game not yet begun starts in strategy mode), then each move's card slot and gap slot
        (``B5C7``), as the demonstration plays them; the moves are shortened first
        (``shorten.py``: detours cut, every move still legal). ``proof_memory``: after the plan,
        one exhaustive run keeping that much (``checker.solve``); ``detail["step"]`` then says
        which decided, ``restarts`` or ``exhaustive``."""

        lay = position.layout
        r = checker.solve(position.board, lay, max_positions=max_states, max_seconds=max_seconds,
                          proof_memory=proof_memory)
        positions, seconds, swaps, start = r.positions, r.seconds, (), position.board
        if r.outcome != checker.SOLVED and position.can_set_aces():
            best = checker.solve_any(position.board, lay, max_positions=max_states, max_seconds=max_seconds,
                                     proof_memory=proof_memory)
            positions, seconds = positions + best.positions, seconds + best.seconds
            if best.outcome == checker.SOLVED:
                swaps = ace_swaps(position.aces, best.detail["aces"], lay)
                start = with_aces(position.board, best.detail["aces"], lay)
                r = best
            elif best.outcome == checker.UNSOLVABLE:
                r = best  # no ordering wins: stronger than the aces as they are
        moves = shorten(start, r.moves, lay) if r.outcome == checker.SOLVED else []
        keys = swaps + commands(start, moves, lay) if r.outcome == checker.SOLVED else ()
        if keys and position.cursor:  # a game under way is in play mode already
            keys = keys[1:]
        # an unknown layout went through the exhaustive run too: that run is the last that ran
        proved = r.outcome == checker.UNKNOWN or r.detail.get("method", "").startswith("proof run")
        step = {"step": "exhaustive" if proved else "restarts"} if proof_memory is not None else {}
        return SearchResult(r.outcome, tuple(moves), positions, seconds, search_name("blue"), keys=keys,
                            detail={"method": r.detail.get("method", ""), **step})

    def proof_space(self, position: Game, rules) -> tuple:
        """The layout (as dealt, whatever the game file played since) proved two ways, as ``check``
        answers it: ``dealt`` (the aces as dealt) and ``best`` (the aces undecided: any ordering),
        the second not searched when the first is won (a win as dealt is a win with the best
        ordering)."""
        lay = position.layout
        return (ProofTask("dealt", BlueSpace(lay, position.initial, "dealt")),
                ProofTask("best", BlueSpace(lay, position.initial, "best"), won_if="dealt"))

    def planner(self, rules, deal: int, strategy: str | None = None):
        return BluePlanner(rules, deal, strategy)


VARIANT = BlueVariant(read_game_toml(__package__))

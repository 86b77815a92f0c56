"""The Blue game file: plain ASCII a person can read and edit.

    baker8bit-blue 1
    # comments and blank lines are ignored
    suits 4
    ranks 13
    seed 7                  (the deal number, or - for a layout from elsewhere)
    initial                 (the layout as dealt: the ace of suit s heads row s)
    | AC JD 2D ... --
    aces CDHS               (the ace ordering chosen before the first move, top row first)
    strategy                (the player's target layout; ?? = not drawn, -- = gap)
    | ?? ?? ...
    moves 2                 (the history: every move made, then the cursor)
    | 6S>A13
    | QS>B9
    cursor 1                (moves 1..cursor are played; the rest can be replayed forward)
    current                 (the layout at the cursor, for the reader; checked on load)
    | AC ...
    end

Cells are two characters: rank (A 2-9 T J Q K) and suit (C D H S), ``--`` a
gap. A move is ``<card>><row><column>``: ``6S>A13`` puts the six of spades in
row A, column 13 (column 0 holds the aces). Every error names the line at
fault; ``load`` raises only ``GameFileError`` and never changes the file.
"""

from __future__ import annotations

import os

from baker8bit.core import files
from baker8bit.core.cards import SUITS
from baker8bit.core.textlines import Lines, check_header
from baker8bit.games.blue import rules
from baker8bit.games.blue.rules import GAP, Game, Layout, Move, RulesError

MAGIC = "baker8bit-blue"
VERSION = 1
MAX_BYTES = 1 << 20  # a 4 x 13 game with 10,000 moves is about 80 KB
UNDRAWN = "??"


class GameFileError(ValueError):
    """A game file that cannot be read; the message names the line at fault."""


def _rows(cells, layout: Layout, cell_text) -> list[str]:
    w = layout.width
    return ["| " + " ".join(cell_text(c) for c in cells[r * w : (r + 1) * w]) for r in range(layout.suits)]


def dumps(game: Game) -> str:
    lay = game.layout
    out = [f"{MAGIC} {VERSION}",
           "# Blue (Marco Corvi's Gaps variant). Cells: rank + suit (T = ten), -- = gap, ?? = not drawn.",
           "# A move 6S>A13 puts the six of spades in row A, column 13. See docs/games/blue.md.",
           f"suits {lay.suits}", f"ranks {lay.ranks}",
           f"seed {game.seed if game.seed is not None else '-'}",
           "initial", *_rows(game.initial, lay, rules.card_text),
           "aces " + "".join(SUITS[s] for s in game.aces),
           "strategy", *_rows(game.strategy, lay, lambda c: UNDRAWN if c is None else rules.card_text(c)),
           f"moves {len(game.history)}", *("| " + m.text(lay) for m in game.history),
           f"cursor {game.cursor}",
           "current", *_rows(game.board, lay, rules.card_text),
           "end"]
    return "\n".join(out) + "\n"


def save(game: Game, path: str | os.PathLike) -> None:
    """Write atomically (the old file stays whole if anything fails)."""
    files.write_text(path, dumps(game))


def _grid(lines: Lines, layout: Layout, what: str, undrawn: bool = False) -> list[tuple[int | None, int]]:
    """The ``| `` rows after a keyword: [(cell, line number)] row by row."""
    text, first = lines.block()
    rows = text.splitlines()
    if len(rows) != layout.suits:
        raise lines.fail(f"{what}: expected {layout.suits} rows of '| ' cells, found {len(rows)}", first)
    cells = []
    for k, row in enumerate(rows):
        toks = row.split()
        n = first + k
        if len(toks) != layout.width:
            raise lines.fail(f"{what}: a row has {layout.width} cells, this one {len(toks)}", n)
        for t in toks:
            if undrawn and t == UNDRAWN:
                cells.append((None, n))
                continue
            try:
                cells.append((layout.parse_card(t), n))
            except RulesError as e:
                raise lines.fail(f"{what}: {e}", n) from None
    return cells


def _check_cards(lines: Lines, cells, layout: Layout, what: str) -> bytes:
    seen: dict[int, int] = {}
    w = layout.width
    for i, (c, n) in enumerate(cells):
        if c is None or c == GAP:
            if i % w == 0 and c == GAP:
                raise lines.fail(f"{what}: row {rules.ROW_LETTERS[i // w]} has no ace in column 0", n)
            continue
        if c in seen:
            raise lines.fail(f"{what}: {rules.card_text(c)} is there twice (also line {seen[c]})", n)
        seen[c] = n
        if (rules.rank_of(c) == 1) != (i % w == 0):
            raise lines.fail(f"{what}: {rules.card_text(c)} at {layout.slot_text(i)}: "
                             "aces belong in column 0 and only aces", n)
    return bytes(0 if c is None else c for c, _ in cells)


def loads(text: str) -> Game:
    try:
        return _loads(text)
    except GameFileError:
        raise
    except Exception as e:  # noqa: BLE001 (the reader promises one error class)
        raise GameFileError(f"unreadable game file: {e}") from None


def _loads(text: str) -> Game:
    lines = Lines(text, 1, GameFileError)
    check_header(lines, MAGIC, VERSION, "Blue game file")
    suits = lines.int_field("suits")
    n_suits = lines.last
    ranks = lines.int_field("ranks")
    try:
        layout = Layout(suits, ranks)
    except RulesError as e:
        raise lines.fail(str(e), n_suits) from None
    seed = lines.int_field("seed", lo=1, dash=True)
    n_seed = lines.last
    lines.next("initial")
    cells = _grid(lines, layout, "initial")
    initial = _check_cards(lines, cells, layout, "initial")
    end = cells[-1][1] if cells else lines.last
    missing = [c for c in layout.cards() if c not in initial]
    if missing:
        raise lines.fail(f"initial: {rules.card_text(missing[0])} is missing", end)
    if rules.aces_of(initial, layout) != layout.dealt_aces():
        want = ", ".join(f"A{SUITS[k]} on row {rules.ROW_LETTERS[k]}" for k in range(layout.suits))
        raise lines.fail(f"initial: the layout as dealt has {want} (a reordering goes on the 'aces' line)",
                         cells[0][1])
    if seed is not None and initial != rules.deal(seed, layout):
        raise lines.fail(f"initial: this is not the layout of deal {seed}", n_seed)
    _, aces_text = lines.next("aces")
    n_aces = lines.last
    try:
        aces = tuple(SUITS.index(ch) for ch in aces_text.upper())
        rules.with_aces(initial, aces, layout)
    except (ValueError, RulesError):
        raise lines.fail(f"aces: write each of the suits {SUITS[: layout.suits]} once, in row order, "
                         f"not {aces_text!r}", n_aces) from None
    game = Game(layout, initial, seed)
    game.set_aces(aces)
    lines.next("strategy")
    scells = _grid(lines, layout, "strategy", undrawn=True)
    _check_cards(lines, scells, layout, "strategy")
    game.set_strategy(c for c, _ in scells)
    count = lines.int_field("moves", lo=0)
    history, first = lines.block()
    mlines = history.splitlines()
    if len(mlines) != count:
        raise lines.fail(f"moves {count}: but {len(mlines)} move lines follow", lines.last)
    for k, mtext in enumerate(mlines):
        try:
            game.play(Move.parse(mtext, layout))
        except RulesError as e:
            raise lines.fail(f"the history does not replay: move {k + 1}: {e}", first + k) from None
    cursor = lines.int_field("cursor", lo=0)
    if cursor > count:
        raise lines.fail(f"cursor {cursor} is past the last move ({count})", lines.last)
    game.go_to(cursor)
    lines.next("current")
    ccells = _grid(lines, layout, "current")
    if bytes(c for c, _ in ccells) != game.board:
        bad = next(n for (c, n), real in zip(ccells, game.board, strict=True) if c != real)
        raise lines.fail("current: this is not the layout the history reaches at the cursor", bad)
    lines.finish("end")
    return game


def load(path: str | os.PathLike, bare: bool = False) -> Game:
    """Read a game file (with ``bare``, or a bare layout: ``read_game``); any problem raises
    GameFileError (the file is only read; its message leaves the name to the caller, who says it
    first)."""
    try:  # once, size-capped, never waiting on a FIFO
        data = files.read_input(path, MAX_BYTES)
    except OSError as e:
        raise GameFileError(f"cannot read it: {e.strerror or e}") from None
    return from_bytes(data, bare)


def from_bytes(data: bytes, bare: bool = False) -> Game:
    """A game file's bytes read as ``load`` reads them (at most ``MAX_BYTES``, ASCII)."""
    if len(data) > MAX_BYTES:
        raise GameFileError(f"line 1: more than {MAX_BYTES} bytes: not a Blue game file")
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise GameFileError(f"line {line}: not ASCII text (byte {e.start})") from None
    return read_game(text) if bare else loads(text)


LAYOUT_EXAMPLE = "rows of cells such as 'AC 5D -- 2C', as `baker8bit show --game blue` prints"


def read_layout(text: str, suits: int | None = None, ranks: int | None = None) -> tuple[Layout, bytes]:
    """A bare layout (the rows ``show`` prints; ``| `` before a row, blank and ``#`` lines allowed):
    its size is what the rows say; ``suits``/``ranks``, when given, must agree. The aces may be in
    any order (a layout under way). GameFileError names the line at fault."""
    rows: list[tuple[int, list[str]]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        rows.append((n, line.removeprefix("|").split()))
    if not rows:
        raise GameFileError(f"line 1: no layout in it ({LAYOUT_EXAMPLE})")
    first, cells0 = rows[0]
    if len(rows) > rules.MAX_SUITS:
        raise GameFileError(f"line {rows[rules.MAX_SUITS][0]}: a layout has at most {rules.MAX_SUITS} rows "
                            f"({LAYOUT_EXAMPLE})")
    widest = Layout(rules.MAX_SUITS, rules.MAX_RANKS)
    for n, cells in rows:
        for t in cells:  # every cell a card or a gap before any question of size
            try:
                widest.parse_card(t)
            except RulesError as e:
                raise GameFileError(f"line {n}: {e} ({LAYOUT_EXAMPLE})") from None
        if len(cells) != len(cells0):
            raise GameFileError(f"line {n}: {len(cells)} cell{'s' if len(cells) != 1 else ''}, "
                                f"the row on line {first} has {len(cells0)}")
    try:
        layout = Layout(len(rows), len(cells0) - 1)
    except RulesError as e:
        raise GameFileError(f"line {first}: {len(cells0)} cells a row: {e} ({LAYOUT_EXAMPLE})") from None
    seen: dict[int, int] = {}
    board = []
    for n, cells in rows:
        for t in cells:
            try:
                c = layout.parse_card(t)
            except RulesError as e:
                raise GameFileError(f"line {n}: {e}") from None
            if c != GAP and c in seen:
                raise GameFileError(f"line {n}: {rules.card_text(c)} is there twice (also line {seen[c]})")
            if c != GAP:
                seen[c] = n
            board.append(c)
    board_bytes = bytes(board)
    try:
        rules.check_board(board_bytes, layout)
    except RulesError as e:
        raise GameFileError(f"line {rows[-1][0]}: {e}") from None
    asked = (suits or layout.suits, ranks or layout.ranks)
    if asked != (layout.suits, layout.ranks):
        raise GameFileError(f"line {first}: this layout is {layout.suits} suits of {layout.ranks} ranks; "
                            f"the file gives the size, leave out --suits and --ranks")
    return layout, board_bytes


def read_game(text: str, suits: int | None = None, ranks: int | None = None) -> Game:
    """A game file, or a bare layout (``read_layout``) as a game not begun (a layout whose aces are
    reordered: that ordering chosen before the first move). ``suits``/``ranks``, when given, must be
    the file's size: GameFileError, naming the line, otherwise."""
    if text.lstrip().startswith(MAGIC):
        game = loads(text)
        lay = game.layout
        if (suits or lay.suits, ranks or lay.ranks) != (lay.suits, lay.ranks):
            n = next((k for k, ln in enumerate(text.splitlines(), start=1) if ln.startswith("suits")), 1)
            raise GameFileError(f"line {n}: this game is {lay.suits} suits of {lay.ranks} ranks; the file "
                                "gives the size, leave out --suits and --ranks")
        return game
    layout, board = read_layout(text, suits, ranks)
    aces = rules.aces_of(board, layout)
    game = Game(layout, rules.with_aces(board, layout.dealt_aces(), layout))
    if aces != layout.dealt_aces():
        game.set_aces(aces)
    return game

"""Which moves the solver may make on its own without losing a win.

The rule (Baker rules: build down in suit, any card (or, in Eight Off, only a king) into an empty column,
parking spaces hold one card, a parked card may not be parked again, cards
never leave the terminal piles):

    **Every legal move to a terminal pile is safe.**  If a position P can be
    won, the position P' reached by moving any card that may legally go home
    can be won too, in no more moves.

Proof. Let c be the card, of suit s and rank r, and let it legally go home in P:
it is exposed (last in its column) or parked, and the terminal pile of s holds
exactly the ranks below r. The only card that may ever be put on c is the card
of suit s and rank r-1 (building is in suit, one rank down, and a deck has one
such card), and that card is already on the terminal pile, which it never
leaves. So from P on, nothing is ever put on c: whenever c is in a column it is
that column's exposed card.

Take a winning sequence m1..mk from P and delete every move of c (its moves
between columns and parking spaces, and its move home). Claim: the shortened
sequence is legal from P', and after each step its position equals the position
of the original sequence with c taken away (and counted home). By induction,
each kept move m moves a card x != c:

- the source: x is exposed or parked in the original; c never covers anything,
  so x is exposed or parked in the same place without c too;
- onto a card y in a column: y != c (nothing goes on c) and y is the exposed
  card of the same column without c;
- into an empty column or an empty parking space: taking c away only empties
  places, never fills one (and x is the same card, so a rule that only a king
  may fill an empty column, as in Eight Off, is kept too);
- home: if x is not of suit s the pile is the same; if it is, its rank is above
  r, so in the original c was already home at that point, as it is in P';
- parking-to-parking moves do not occur in the original, so none are kept.

At the end every card but c is home in the original, hence every card is home
in P'.

Eight Off (checked for it): the argument never asks how P came about, so cells
dealt full change nothing (a full cell is a parked card like any other, and c
may be one); its kings-only empty columns are the third case above (a kept move
into an empty column moves the same card as in the original, so a king); and
its eight cells are only more parking spaces. The moves are single-card moves,
as the solver's are (a run moved at once is shorthand for single-card moves
through free places, each of which the argument covers). The sequence is one
move shorter for each deleted move. (This is the in-suit case of the rule
Horne's prune uses for FreeCell; with alternate-colour building the rule is not
true in general, because two cards can go on a card there. The argument above
needs the uniqueness of the card that fits on c.)

So the solver puts every card that can go home there at once, before it looks
at any other move; these moves are part of the solution it reports, because the
1989 game has no automatic play.

Alternating colours (King Albert; ``colour.py``, ``family.py``). King Albert's own rule for its
automatic moves (``moves.safe_home``): **a card c of rank r goes home when the two cards of rank
r-1 of the other colour are both home** (an ace always: no card goes on an ace). It is safe:
the argument above used one fact about c, that from P on nothing is ever put on c. Under
alternating colours the cards that may be put on c are exactly the two cards of rank r-1 of
the other colour; both are home and never leave, so again nothing is ever put on c, and the
deletion argument goes through word for word (a reserve nothing may enter only removes moves
from the original sequence; a card moved from the reserve is a parked card's move).

The solver uses a wider rule, **the free-card rule** (in the spirit of Horne's rule
for FreeCell): call a card *free* in a position when it is home, or it is the next card of its
suit (its pile holds exactly the ranks below it) and every card that could be put on it is
free. (The recursion goes a rank down each step and ends at an ace, which nothing goes on.)
**A card c that may go home (exposed or parked, the next of its suit) goes home safely when
every card that could be put on it is free.** In suit that is the rule above (the one card that
goes on c is home). In alternating colours it also sends home, say, a red 5 whose black 4s are
not home but are the next of their suits, when the other red 3 is home.

Proof. Let P be a position where c may go home and every card that could be put on c is free,
P' the position with c home, and m1..mk a win from P. Call the cards that could go on c
*c's kids*, and the free kids that are not home, their free kids that are not home, and so on,
the *chain*: every card of the chain is the next of its suit in P, and every card that could go
on a card of the chain is home in P or in the chain. Build a sequence from P' by walking the
win and, for each move m of a card x:

- x is c: delete m;
- x is in the chain and m puts x on a card that is home in the new sequence (c, or a card of
  the chain replaced before): replace m by *x goes home*, once; delete every later move of x;
- x is in the chain and was sent home before: delete m;
- otherwise keep m.

Claim: the new sequence is legal, and after each step its position is the original's with the
cards sent home early taken away (and counted home): each column of the new position is the
original's column less a top part made of those cards. By induction:

- a card sent home early is not under a card still in play: what lies on it in the original is
  a card that could go on it, that is a kid of c or a card of the chain, put there by a move
  that the new sequence replaced (it sends that card home too) or that happened after the
  card went home (deleted, or replaced);
- a kept move of x: x is exposed or parked in the original, so in the new position too (only
  cards above it could have been taken away, and there are none); its destination is the
  same card y, and y is still in play (if y had gone home early, x could go on y, so x would be
  in the chain or a kid of c, and m would be replaced); an empty column or cell stays empty (the
  new position only has fewer cards); a move home of x: the new suit piles hold at least the
  original's;
- a replacement, x home: x is exposed or parked there (as above), it is not home yet (its
  first such move), and its pile holds the ranks below x: it did in P (x is the next of its
  suit), its cards only go home by moves of the original or early, and the original cannot
  have sent x's own rank home before moving x.

At the end every card is home in the original, so in the new sequence too. The new sequence
drops c's move home and, for each replaced card, its later moves (among them its own move
home) for the one move home: it is at least one move shorter than the original. So P' can be
won in fewer moves than P, which is what the search's argument needs (docs/SOLVER.md, rule 1).

A card whose kids are not free is not moved by either rule; the solver tries such moves home as
ordinary moves, so no win is lost. The game makes only its own rule's moves by itself; the
solver makes the others as moves of the player's (``Result.auto`` leaves them unmarked, so the
keys a player types include them), and in the game's order: the game's moves from the columns
while any goes, then one of the player's (a safe card from the reserve, else a safe column
top), and again. Which moves are made does not depend on that order: a safe card stays safe
(the suit piles only grow, and free stays free as they do) and stays where it can go home until
it goes, so the settled position is the same.
"""

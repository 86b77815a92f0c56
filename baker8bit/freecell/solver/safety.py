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
through free places, each of which the argument covers). The sequence is one move shorter for each deleted move. (This is the
in-suit case of the rule Horne's prune uses for FreeCell; with alternate-colour
building the rule is not true in general, because two cards can go on a card
there. The argument above needs the uniqueness of the card that fits on c.)

So the solver puts every card that can go home there at once, before it looks
at any other move; these moves are part of the solution it reports, because the
1989 game has no automatic play.

Alternating colours (King Albert; ``colour.py``). The rule used there, and by the game for
its automatic moves: **a card c of rank r may go home safely when the two cards of rank r-1
of the other colour are both home** (an ace always: no card goes on an ace). Proof: the
argument above used one fact about c, that from P on nothing is ever put on c. Under
alternating colours the cards that may be put on c are exactly the two cards of rank r-1 of
the other colour; both are home and never leave, so again nothing is ever put on c, and the
deletion argument goes through word for word (a reserve nothing may enter only removes moves
from the original sequence; a card moved from the reserve is a parked card's move). A card
home whose children are not both home is not moved by this rule; the solver tries such moves
as ordinary moves, so no win is lost.
"""

# Included by fastsearch.pyx and fastprove.pyx (after their ``UND``): Blue's one rule for filling
# a gap, shared by the compiled search and the compiled proof space (search.py's and prove.py's
# ``children`` are its plain-Python statements).

cdef inline int _gap_cards(const uint8_t *b, int i, int w, int suits, int top, bint has_right,
                           int *cands) noexcept nogil:
    """The cards that may fill the gap at board index ``i`` (``w`` slots a row), into ``cands``;
    their count. In the first column (an undecided ace on its left) a 2 of each suit no row has
    taken yet; else the card one rank above its left neighbour (none after the row's top card or
    after another gap); and, when the gap has a right neighbour (``has_right``) above a 2, the card
    one rank below it, if not already there."""
    cdef int left = b[i - 1], right, nc = 0, taken = 0, a, s, j
    cdef bint dup
    if left == UND:
        for a in range(suits):
            if b[a * w] != UND:
                taken |= 1 << (b[a * w] >> 4)
        for s in range(suits):
            if not (taken >> s) & 1:
                cands[nc] = s * 16 + 2
                nc += 1
    elif left and (left & 15) < top:
        cands[nc] = left + 1
        nc += 1
    if has_right:
        right = b[i + 1]
        if right != UND and (right & 15) > 2:
            dup = False
            for j in range(nc):
                if cands[j] == right - 1:
                    dup = True
            if not dup:
                cands[nc] = right - 1
                nc += 1
    return nc

# The final piles' sequences as C tables, from search.py's (included by fastsearch.pyx and
# fastnested.pyx): SEQ[k][i] the rank final pile k takes as its i-th card (i = 13: none, 0),
# POS[k][rank] where that rank comes in final pile k.
from baker8bit.games.sequence import search as _piles

cdef int SEQ[4][14]
cdef int POS[4][14]
cdef int _k, _i
for _k in range(4):
    for _i in range(14):
        SEQ[_k][_i] = _piles.SEQ[_k][_i]
        POS[_k][_i] = _piles.POS[_k][_i]

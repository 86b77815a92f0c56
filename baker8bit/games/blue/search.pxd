# Cython's augmenting declarations for search.py, used only by tools/build_core.py
# (which compiles search.py as _csearch): C types for the small integers of the
# hot loop. search.py itself stays plain Python and is the reference for _csearch.
import cython

@cython.locals(w=cython.int, top=cython.int, last=cython.int, i=cython.int, x=cython.int,
               rk=cython.int, q=cython.int, y=cython.int, a=cython.int, s=cython.int,
               ok=cython.bint, changed=cython.bint)
cpdef bint stuck(bytes b, layout)

@cython.locals(last=cython.int, base=cython.int, ace=cython.int, j=cython.int)
cpdef bint is_won(bytes b, int size, int w, int top)

@cython.locals(last=cython.int, base=cython.int, ace=cython.int, j=cython.int)
cpdef list fronts(bytes b, int size, int w)

@cython.locals(w=cython.int, top=cython.int, n_suits=cython.int, size=cython.int, last=cython.int,
               positions=cython.longlong, depth=cython.int, d=cython.int, i=cython.Py_ssize_t,
               left=cython.int, right=cython.int, c=cython.int, p=cython.Py_ssize_t,
               row_p=cython.Py_ssize_t, score=cython.double, timed=cython.bint, shaken=cython.bint,
               deadline=cython.double, b=bytes, key=bytes, nb=bytearray, front=list, kids=list,
               cands=list, stack=list, seen=set, path=list, a=cython.int, s=cython.int,
               back=cython.Py_ssize_t, fix=cython.bint)
cpdef tuple run(bytes start, layout, long long max_positions, max_seconds, bint prune=*, order_seed=*)

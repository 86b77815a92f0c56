# Cython's augmenting declarations for colour_core.py, used only by tools/build_core.py (which
# compiles colour_core.py as _ccolour): C types for the small integers of the hot loop, and the
# Python types of its containers (so that Cython calls the container's C functions directly).
# colour_core.py itself stays plain Python and is the reference for _ccolour.
import cython

@cython.locals(r=cython.int)
cpdef bint _safe(int c, found)

@cython.locals(i=cython.int, j=cython.int, n=cython.Py_ssize_t, c=cython.int, moved=cython.bint,
               col=bytes)
cpdef object _settle(list cols, list cells, list found, object key, list names, int ncol, int home,
                     list moves, list auto)

@cython.locals(n=cython.Py_ssize_t, depth=cython.int, d1=cython.int, s=cython.int, d=cython.int,
               c=cython.int, si=cython.int, di=cython.int, i=cython.int, j=cython.int,
               empty=cython.int, free=cython.int, last=cython.int, any_empty=cython.bint,
               p=cython.int, old=cython.int, new=cython.int, e=cython.int, ncell=cython.int,
               gain=cython.int, x=cython.longlong, max_states=cython.longlong,
               next_clock=cython.longlong, seen=set, stack=list, path=list, tops=dict,
               cands=list, children=list, cl=list, nc=object, nf=list, col=bytes, rest=bytes,
               dst=bytes, SUIT=list, RANK=list, SH=list, BYTE=list, PARENT_A=list, PARENT_B=list,
               gains_by_found=dict, mvl=list, fl=list)
cpdef tuple _run(cols, cells, found, key0, step0, list names, int ncol, int home, int total,
                 bint kings_only, bint reserve, bint prune, long long max_states, deadline,
                 int max_empty)

# Cython's augmenting declarations for core.py, used only by tools/build_core.py
# (which compiles core.py as _ccore): C types for the small integers of the hot
# loop. core.py itself stays plain Python and is the reference for _ccore.
import cython

@cython.locals(ncol=cython.int, total=cython.int, n=cython.Py_ssize_t, depth=cython.int,
               d1=cython.int, s=cython.int, d=cython.int, c=cython.int, si=cython.int,
               di=cython.int, j=cython.int, empty=cython.int, free=cython.int,
               last=cython.int, any_empty=cython.bint, alone=cython.bint,
               max_states=cython.longlong, next_clock=cython.longlong, free_cells=cython.int,
               full=cython.bint, cells_full=cython.bint, no_empty_column=cython.bint)
cpdef tuple _run(cols, cells, found, moves0, names, to_home, int ncol, int total, bint kings_only,
                 long long max_states, deadline)

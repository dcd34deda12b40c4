/* binding.h: what the Python types of fillit.solver.board._board share. Each file here is the
   Python side of the algorithm of the same name in ../csrc: it reads Python's numbers into the
   algorithm's structures once, calls it, and gives its answers back as Python objects; module.c
   makes the module of them all. */

#ifndef FILLIT_BINDING_H
#define FILLIT_BINDING_H

#include "../csrc/check.h"
#include "../csrc/sweep.h"

FILLIT_INTERNAL extern PyTypeObject CellsType, FailuresType, BoardType, PrunerType, LearnType,
    SweeperType, SweepMemoType;

/* A non-negative int of at most `words` words into `set`; -1 with an exception otherwise. */
FILLIT_INTERNAL int read_set(PyObject *value, word *set, int words);
/* A set of `words` words as a non-negative int; NULL with an exception. */
FILLIT_INTERNAL PyObject *set_to_int(const word *set, int words);
/* A tuple of `shapes` ints into `left`; -1 with an exception otherwise. */
FILLIT_INTERNAL int read_counts(PyObject *counts, int *left, int shapes);

/* The type named `NAME` in the module (its tp_name is the module's name, a dot and `NAME`), of
   objects `OBJECT`, its slots those given after `DOC`. */
#define FILLIT_TYPE(NAME, OBJECT, DOC, ...)                                                     \
    {                                                                                           \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board." NAME,            \
        .tp_basicsize = sizeof(OBJECT), .tp_flags = Py_TPFLAGS_DEFAULT, .tp_doc = DOC,          \
        __VA_ARGS__                                                                             \
    }

#endif

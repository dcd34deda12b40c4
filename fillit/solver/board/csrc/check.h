/* check.h: fillit's once-per-node check (check.c): what it reads of a board (`Board`), one
   search's states (`Pruner`) and the learn hook beside it (`Learn`), for the check and its Python
   types (../binding/check.c). */

#ifndef FILLIT_CHECK_H
#define FILLIT_CHECK_H

#include "board.h"
#include "hook_abi.h"

#define COLOUR_SLOTS 65536         /* at most half filled: near-tilings of many shapes meet tens of thousands of keys */
#define COLOUR_BYTES (64LL << 20)  /* by default, past this many bytes of sets, start afresh */

#define COLOUR_BYTES (64LL << 20)  /* by default, past this many bytes of sets, start afresh */

typedef struct {
    PyObject_HEAD
    CellsObject *cells;
    PyObject *sums;        /* a tuple: each colour test's `ColourBound.sums_bytes` */
    int words, shapes, tests, options, deepest;
    word *option_cells;    /* per option, its cells (`words` words) */
    int *option_shape;     /* per option, its shape's number, -1 for a hole */
    word root_filled[MAX_WORDS];
    long root_holes;
    int *root_left;
    int *slot_left;        /* per colour slot, its key: the pieces left... */
    long *slot_holes;      /* ...and the holes left, -1 for an empty slot */
    unsigned char **slot_bits; /* per slot and test, the set's bytes, the lowest first */
    Py_ssize_t *slot_size;     /* ...how many there are */
    Py_ssize_t *slot_room;     /* ...and how many were allocated */
    long long colour_bytes;    /* allocated for all sets */
    int colour_keys;           /* slots filled */
    long long colour_budget;   /* past this many, the cache starts afresh */
} BoardObject;

typedef struct {
    PyObject_HEAD
    BoardObject *board;
    FailuresObject *failures;
    int base;              /* the givens: a node this deep or less is read from the root */
    int top;               /* the deepest state held, -1 for none */
    long long learn_nodes, checked;
    long colour_holes;
    word *filled;          /* per depth: the cells filled (`words` words) */
    long *holes;           /* per depth: the holes left */
    int *left;             /* per depth: the pieces left of each shape */
    long long *opened;     /* per depth: the nodes checked before its node */
    long long *places;     /* per colour test: the place of the room */
    int *floors;           /* per shape: its options numbered below are not to be chosen, or NULL */
    word empty[MAX_WORDS]; /* the kept empty cells of the node checked */
    fillit_hook hook;
} PrunerObject;

typedef struct {
    PyObject_HEAD
    PrunerObject *pruner;
    fillit_hook hook;
} LearnObject;

/* The check (dlx's prune hook) and learn (its learn hook), as fillit_hook's entries: 1 when the
   node of the `count` options `chosen` may live, 0 when it is cut off, -1 with an exception. */
FILLIT_INTERNAL int pruner_check(void *self, const int *chosen, int count);
FILLIT_INTERNAL int pruner_learn(void *self, const int *chosen, int count);

#endif

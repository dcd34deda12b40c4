/* pruner.c: fillit's once-per-node check (fillit/solver/board/pruner.py, `StatePruner`, whose docstring gives
   the contract), compiled, for dlx's compiled core to call through its C hook (dlx's hook ABI,
   declared on fillit's side in hook_abi.h) with no Python in between.

   The data structure. A `Board` is what the check reads of a board, fixed before any search
   (fillit.solver.board.pruner.Board, read once per `fillit.solver.board.packing.Packing` and shared by its searches): its
   cell tests (a `Cells`, board.c), each option's cells as words and its shape (-1: a hole), the
   root state, and each colour test's `ColourBound.sums_bytes`. A colour set (the sums the pieces
   left reach, widened by the holes left) is computed and kept by fillit.solver.board.colouring (as bytes,
   so that a miss here is a copy, not a conversion of thousands of bits); the check asks Python for
   it only when the (pieces left, holes) misses the Board's cache, an
   open-addressing table (linear probing) of COLOUR_SLOTS keys holding each set's bytes, so a
   hit reads one bit. Half full, or past `colour_bytes` bytes (COLOUR_BYTES unless told), the
   cache starts afresh.

   A `Pruner` is one search's check: per depth, the state (the cells filled, the holes left, the
   pieces left of each shape) and the nodes checked before that depth's node (`opened`, read by
   `learn`), in flat arrays sized to the deepest node a board has (each option covers a cell),
   and the failures kept (failures.c) that the board's searches share. Its `learn` is a `Learn`,
   a second small object pointing to it, since dlx takes the two hooks apart. Each carries
   `__dlx_hook__`, and each is callable from Python with a list of option numbers, answering
   the same (the pure-Python engine calls them so). No global state. */

#include "board.h"
#include "hook_abi.h"

#define COLOUR_SLOTS 65536         /* at most half filled: near-tilings of many shapes meet tens of thousands of keys */
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

static int *left_at(PrunerObject *p, int depth) {
    return p->left + (size_t)depth * p->board->shapes;
}
static word *filled_at(PrunerObject *p, int depth) {
    return p->filled + (size_t)depth * p->board->words;
}

/* ---- the colour sets ---- */

/* The slot of (left, holes) in the cache: the one holding it, or the empty one where it goes. */
static size_t colour_slot(BoardObject *b, const int *left, long holes) {
    size_t k = (size_t)(hash_counts((uint64_t)holes, left, b->shapes) % COLOUR_SLOTS);
    size_t shapes = (size_t)b->shapes, size = sizeof(int) * shapes;
    while (b->slot_holes[k] != -1 &&
           (b->slot_holes[k] != holes || memcmp(b->slot_left + k * shapes, left, size)))
        k = (k + 1) % COLOUR_SLOTS;
    return k;
}

/* The tuple of the pieces left, as fillit.solver.board.colouring takes them; NULL with an exception. */
static PyObject *counts_tuple(const int *left, int shapes) {
    PyObject *tuple = PyTuple_New(shapes);
    for (int s = 0; tuple != NULL && s < shapes; s++) {
        PyObject *v = PyLong_FromLong(left[s]);
        if (v == NULL) Py_CLEAR(tuple);
        else PyTuple_SET_ITEM(tuple, s, v);
    }
    return tuple;
}

/* A colour set's bytes (the lowest first) into set `at` of the cache, its room grown if need
   be; -1 with an exception. */
static int set_bytes(BoardObject *b, PyObject *value, size_t at) {
    if (!PyBytes_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a colour set must be bytes");
        return -1;
    }
    Py_ssize_t bytes = PyBytes_GET_SIZE(value);
    b->slot_size[at] = 0; /* until the bytes are in */
    if (bytes > b->slot_room[at]) {
        unsigned char *grown = PyMem_Realloc(b->slot_bits[at], (size_t)bytes);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        b->colour_bytes += (long long)bytes - b->slot_room[at];
        b->slot_bits[at] = grown;
        b->slot_room[at] = bytes;
    }
    memcpy(b->slot_bits[at], PyBytes_AS_STRING(value), (size_t)bytes);
    b->slot_size[at] = bytes;
    return 0;
}

/* Every colour set forgotten, its memory freed. */
static void forget_colours(BoardObject *b) {
    for (size_t k = 0; k < (size_t)COLOUR_SLOTS; k++) {
        b->slot_holes[k] = -1;
        for (size_t at = k * (size_t)b->tests; at < (k + 1) * (size_t)b->tests; at++) {
            PyMem_Free(b->slot_bits[at]);
            b->slot_bits[at] = NULL;
            b->slot_size[at] = b->slot_room[at] = 0;
        }
    }
    b->colour_bytes = 0;
    b->colour_keys = 0;
}

/* The slot of (left, holes) filled with its colour sets, asked of Python first, all of them,
   and only then copied in (Python code may run another search of the board meanwhile); the
   slot, or -1 with an exception. */
static Py_ssize_t fill_slot(BoardObject *b, const int *left, long holes) {
    PyObject *remaining = counts_tuple(left, b->shapes), *spare = PyLong_FromLong(holes);
    PyObject *sets = remaining != NULL && spare != NULL ? PyTuple_New(b->tests) : NULL;
    int ok = sets != NULL;
    for (int t = 0; ok && t < b->tests; t++) {
        PyObject *sums = PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(b->sums, t), remaining,
                                                      spare, NULL);
        ok = sums != NULL;
        if (ok) PyTuple_SET_ITEM(sets, t, sums);
    }
    if (2 * (b->colour_keys + 1) > COLOUR_SLOTS || b->colour_bytes > b->colour_budget)
        forget_colours(b);
    size_t k = colour_slot(b, left, holes);
    for (int t = 0; ok && b->slot_holes[k] == -1 && t < b->tests; t++)
        ok = set_bytes(b, PyTuple_GET_ITEM(sets, t), k * (size_t)b->tests + (size_t)t) == 0;
    Py_XDECREF(sets);
    Py_XDECREF(remaining);
    Py_XDECREF(spare);
    if (!ok) return -1;
    if (b->slot_holes[k] == -1) {
        memcpy(b->slot_left + k * (size_t)b->shapes, left, sizeof(int) * (size_t)b->shapes);
        b->slot_holes[k] = holes;
        b->colour_keys++;
    }
    return (Py_ssize_t)k;
}

/* Whether every colour test lets the pieces `left` fit the free cells whose room is at
   `places` with `holes` to spare (`StatePruner._colours_fit`); -1 with an exception. */
static int colours_fit(BoardObject *b, const int *left, long holes, const long long *places) {
    size_t k = colour_slot(b, left, holes);
    if (b->slot_holes[k] == -1) { /* a miss */
        Py_ssize_t filled = fill_slot(b, left, holes);
        if (filled < 0) return -1;
        k = (size_t)filled;
    }
    for (int t = 0; t < b->tests; t++) {
        size_t at = k * (size_t)b->tests + (size_t)t;
        long long place = places[t];
        if (place < 0 || place / 8 >= b->slot_size[at] ||
            !(b->slot_bits[at][place / 8] >> place % 8 & 1))
            return 0;
    }
    return 1;
}

/* ---- the check ---- */

/* The state at depth+1, after `option`, from the state at depth (`StatePruner._after`). */
static void after(PrunerObject *p, int depth, int option) {
    BoardObject *b = p->board;
    const word *from = filled_at(p, depth), *cells = b->option_cells + (size_t)option * b->words;
    word *to = filled_at(p, depth + 1);
    for (int i = 0; i < b->words; i++) to[i] = from[i] | cells[i];
    memcpy(left_at(p, depth + 1), left_at(p, depth), sizeof(int) * (size_t)b->shapes);
    p->holes[depth + 1] = p->holes[depth];
    int shape = b->option_shape[option];
    if (shape < 0) p->holes[depth + 1]--;
    else left_at(p, depth + 1)[shape]--;
}

/* 0 when the options chosen from `from` on are the board's, -1 with IndexError otherwise. */
static int options_ok(PrunerObject *p, const int *chosen, int from, int count) {
    for (int k = from; k < count; k++)
        if (chosen[k] < 0 || chosen[k] >= p->board->options) {
            PyErr_SetString(PyExc_IndexError, "no such option");
            return -1;
        }
    return 0;
}

/* The states up to the node of `chosen` (`count` options): from the root when it is no deeper
   than the givens, else from its parent's; -1 with an exception. */
static int take_in(PrunerObject *p, const int *chosen, int count) {
    if (count >= p->board->deepest) {
        PyErr_SetString(PyExc_ValueError, "more options chosen than the board has cells");
        return -1;
    }
    if (count <= p->base) { /* take in the givens */
        if (options_ok(p, chosen, 0, count) < 0) return -1;
        memcpy(filled_at(p, 0), p->board->root_filled, sizeof(word) * (size_t)p->board->words);
        memcpy(left_at(p, 0), p->board->root_left, sizeof(int) * (size_t)p->board->shapes);
        p->holes[0] = p->board->root_holes;
        for (int k = 0; k < count; k++) after(p, k, chosen[k]);
        for (int k = 0; k <= count; k++) p->opened[k] = p->checked;
    } else {
        if (p->top < count - 1) {
            PyErr_SetString(PyExc_IndexError, "the parent's node was never checked");
            return -1;
        }
        if (options_ok(p, chosen, count - 1, count) < 0) return -1;
        after(p, count - 1, chosen[count - 1]);
        p->opened[count] = p->checked;
    }
    p->top = count;
    return 0;
}

/* The check (`StatePruner.__call__`): 1 when the node of `chosen` may live, 0 when it is cut
   off, -1 with an exception. dlx's compiled core calls it as the prune hook's C entry. */
static int pruner_check(void *self, const int *chosen, int count) {
    PrunerObject *p = self;
    BoardObject *b = p->board;
    if (take_in(p, chosen, count) < 0) return -1;
    p->checked++;
    if (p->floors != NULL && count > p->base) {
        int shape = b->option_shape[chosen[count - 1]];
        if (shape >= 0 && chosen[count - 1] < p->floors[shape]) return 0;
    }
    long holes = p->holes[count];
    const int *left = left_at(p, count);
    if (!cells_live(b->cells, filled_at(p, count), left, &holes, p->empty)) return 0;
    if (holes <= p->colour_holes && b->tests) {
        cells_places(b->cells, p->empty, p->places);
        int r = colours_fit(b, left, holes, p->places);
        if (r <= 0) return r;
    }
    return !failures_settle(p->failures, p->empty, left);
}

/* `StatePruner.learn`: keep the free cells of the node of `chosen`, which failed, when its
   subtree had more than `learn_nodes` nodes; -1 with an exception. */
static int pruner_learn(void *self, const int *chosen, int count) {
    PrunerObject *p = self;
    (void)chosen;
    if (count < 0 || count > p->top) {
        PyErr_SetString(PyExc_IndexError, "that node was never checked");
        return -1;
    }
    if (p->checked - p->opened[count] <= p->learn_nodes) return 0;
    word free[MAX_WORDS];
    const word *full = full_of(p->board->cells), *filled = filled_at(p, count);
    for (int i = 0; i < p->board->words; i++) free[i] = full[i] & ~filled[i];
    return failures_add(p->failures, free, left_at(p, count));
}

/* ---- the Python types ---- */

/* Free what a Board holds, whole or half made by a failed initialisation, and forget it. */
static void board_clear(BoardObject *b) {
    if (b->slot_bits != NULL)
        for (size_t k = 0; k < (size_t)COLOUR_SLOTS * (size_t)b->tests; k++)
            PyMem_Free(b->slot_bits[k]);
    PyMem_Free(b->slot_bits);
    PyMem_Free(b->slot_size);
    PyMem_Free(b->slot_room);
    PyMem_Free(b->slot_left);
    PyMem_Free(b->slot_holes);
    PyMem_Free(b->option_cells);
    PyMem_Free(b->option_shape);
    PyMem_Free(b->root_left);
    b->slot_bits = NULL;
    b->slot_size = b->slot_room = NULL;
    b->slot_left = NULL;
    b->slot_holes = NULL;
    b->option_cells = NULL;
    b->option_shape = b->root_left = NULL;
    Py_CLEAR(b->cells);
    Py_CLEAR(b->sums);
}

static void Board_dealloc(BoardObject *b) {
    board_clear(b);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

/* The arrays of a Board of `options` options; -1 with MemoryError. */
static int board_alloc(BoardObject *b, Py_ssize_t options) {
    size_t n = options ? (size_t)options : 1, slots = COLOUR_SLOTS, tests = (size_t)b->tests;
    size_t shapes = b->shapes ? (size_t)b->shapes : 1;
    b->option_cells = PyMem_Calloc(n * (size_t)b->words, sizeof(word));
    b->option_shape = PyMem_Calloc(n, sizeof(int));
    b->root_left = PyMem_Calloc(shapes, sizeof(int));
    b->slot_left = PyMem_Calloc(slots * shapes, sizeof(int));
    b->slot_holes = PyMem_Calloc(slots, sizeof(long));
    b->slot_bits = PyMem_Calloc(slots * (tests ? tests : 1), sizeof(unsigned char *));
    b->slot_size = PyMem_Calloc(slots * (tests ? tests : 1), sizeof(Py_ssize_t));
    b->slot_room = PyMem_Calloc(slots * (tests ? tests : 1), sizeof(Py_ssize_t));
    if (!b->option_cells || !b->option_shape || !b->root_left || !b->slot_left ||
        !b->slot_holes || !b->slot_bits || !b->slot_size || !b->slot_room) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t k = 0; k < slots; k++) b->slot_holes[k] = -1;
    return 0;
}

/* Each option's cells and shape (below the board's shapes; -1: a hole); -1 with an exception. */
static int read_options(BoardObject *b, PyObject *cells, PyObject *shapes) {
    for (int o = 0; o < b->options; o++) {
        long shape = PyLong_AsLong(PySequence_Fast_GET_ITEM(shapes, o));
        if (shape == -1 && PyErr_Occurred()) return -1;
        if (shape < -1 || shape >= b->shapes) {
            PyErr_SetString(PyExc_ValueError, "an option's shape is not the board's");
            return -1;
        }
        b->option_shape[o] = (int)shape;
        word *set = b->option_cells + (size_t)o * b->words;
        if (read_set(PySequence_Fast_GET_ITEM(cells, o), set, b->words) < 0) return -1;
    }
    return 0;
}

/* Board(cells, option_cells, option_shape, root, bounds, colour_bytes=COLOUR_BYTES): `cells` a
   Cells, `root` a state (filled, holes, pieces left), `bounds` each colour test's ColourBound (in
   the Cells' order), `colour_bytes` the most its cache of colour sets keeps. */
static int Board_init(BoardObject *b, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"cells",  "option_cells", "option_shape", "root",
                             "bounds", "colour_bytes", NULL};
    PyObject *cells, *option_cells, *option_shape, *filled, *counts, *bounds;
    long holes;
    long long budget = COLOUR_BYTES;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OO(OlO)O|L", kwlist, &CellsType, &cells,
                                     &option_cells, &option_shape, &filled, &holes, &counts,
                                     &bounds, &budget))
        return -1;
    CellsObject *c = (CellsObject *)cells;
    if (b->cells != NULL || c->block == NULL) {
        PyErr_SetString(PyExc_TypeError, "a Board is initialised once, from initialised Cells");
        return -1;
    }
    board_clear(b); /* what a failed initialisation left */
    b->colour_bytes = 0;
    b->colour_keys = 0;
    b->colour_budget = budget;
    PyObject *oc = PySequence_Fast(option_cells, "option_cells must be a sequence");
    PyObject *os = oc ? PySequence_Fast(option_shape, "option_shape must be a sequence") : NULL;
    PyObject *tests = os ? PySequence_Fast(bounds, "bounds must be a sequence") : NULL;
    int ok = -1;
    if (tests == NULL) goto done;
    Py_ssize_t options = PySequence_Fast_GET_SIZE(oc);
    if (options != PySequence_Fast_GET_SIZE(os) || options > INT32_MAX / 2 ||
        PySequence_Fast_GET_SIZE(tests) != c->tests) {
        PyErr_SetString(PyExc_ValueError, "a cell set and a shape per option, a bound per test");
        goto done;
    }
    b->words = c->words;
    b->shapes = c->shapes;
    b->tests = c->tests;
    b->options = (int)options;
    b->deepest = 2;
    for (int i = 0; i < c->words; i++) b->deepest += popcount(full_of(c)[i]);
    if (board_alloc(b, options) < 0 || read_options(b, oc, os) < 0) goto done;
    if (read_set(filled, b->root_filled, b->words) < 0) goto done;
    if (read_counts(counts, b->root_left, b->shapes) < 0) goto done;
    b->root_holes = holes;
    if (!(b->sums = PyTuple_New(c->tests))) goto done;
    for (int t = 0; t < c->tests; t++) {
        PyObject *sums = PyObject_GetAttrString(PySequence_Fast_GET_ITEM(tests, t), "sums_bytes");
        if (sums == NULL) goto done;
        PyTuple_SET_ITEM(b->sums, t, sums);
    }
    b->cells = (CellsObject *)Py_NewRef(cells);
    ok = 0;
done:
    Py_XDECREF(oc);
    Py_XDECREF(os);
    Py_XDECREF(tests);
    return ok;
}

PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board.Board",
    .tp_basicsize = sizeof(BoardObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Board(cells, option_cells, option_shape, root, bounds): what the compiled check "
              "reads of a board, shared by its searches.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Board_init,
    .tp_dealloc = (destructor)Board_dealloc,
};

/* Free what a Pruner holds, whole or half made by a failed initialisation, and forget it. */
static void pruner_clear(PrunerObject *p) {
    PyMem_Free(p->filled);
    PyMem_Free(p->holes);
    PyMem_Free(p->left);
    PyMem_Free(p->opened);
    PyMem_Free(p->places);
    PyMem_Free(p->floors);
    p->floors = NULL;
    p->filled = NULL;
    p->holes = NULL;
    p->left = NULL;
    p->opened = p->places = NULL;
    Py_CLEAR(p->board);
    Py_CLEAR(p->failures);
}

static void Pruner_dealloc(PrunerObject *p) {
    pruner_clear(p);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

/* Pruner(board, failures, base, learn_nodes, colour_holes, floors=None): one search's check;
   `floors`, one option number per shape, cuts a node whose last option, chosen after the givens,
   is numbered below its shape's floor. */
static int Pruner_init(PrunerObject *p, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"board",        "failures", "base", "learn_nodes",
                             "colour_holes", "floors",   NULL};
    PyObject *board, *failures, *floors = Py_None;
    int base;
    long long learn_nodes;
    long colour_holes;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!iLl|O", kwlist, &BoardType, &board,
                                     &FailuresType, &failures, &base, &learn_nodes, &colour_holes,
                                     &floors))
        return -1;
    BoardObject *b = (BoardObject *)board;
    FailuresObject *f = (FailuresObject *)failures;
    if (p->board != NULL || b->cells == NULL || f->words != b->words || f->shapes != b->shapes) {
        PyErr_SetString(PyExc_ValueError, "a Pruner is made once, of a Board and its Failures");
        return -1;
    }
    pruner_clear(p); /* what a failed initialisation left */
    size_t depths = (size_t)b->deepest, shapes = b->shapes ? (size_t)b->shapes : 1;
    p->filled = PyMem_Calloc(depths * (size_t)b->words, sizeof(word));
    p->holes = PyMem_Calloc(depths, sizeof(long));
    p->left = PyMem_Calloc(depths * shapes, sizeof(int));
    p->opened = PyMem_Calloc(depths, sizeof(long long));
    p->places = PyMem_Calloc(b->tests ? (size_t)b->tests : 1, sizeof(long long));
    if (!p->filled || !p->holes || !p->left || !p->opened || !p->places) {
        PyErr_NoMemory();
        return -1;
    }
    if (floors != Py_None) {
        p->floors = PyMem_Calloc(shapes, sizeof(int));
        if (p->floors == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        if (read_counts(floors, p->floors, b->shapes) < 0) return -1;
    }
    p->board = (BoardObject *)Py_NewRef(board);
    p->failures = (FailuresObject *)Py_NewRef(failures);
    p->base = base;
    p->top = -1;
    p->learn_nodes = learn_nodes;
    p->colour_holes = colour_holes;
    p->hook = (fillit_hook){FILLIT_HOOK_VERSION, pruner_check, p};
    return 0;
}

/* Runs `check` on a Python sequence of option numbers; its answer, or -1 with an exception. A
   number out of range is passed as -1, which the check refuses as no option of the board. */
static int call_with(PrunerObject *p, PyObject *args, PyObject *kwds,
                     int (*check)(void *, const int *, int)) {
    PyObject *chosen;
    if (p->board == NULL) {
        PyErr_SetString(PyExc_TypeError, "the Pruner was not initialised");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O", &chosen) || (kwds != NULL && PyDict_GET_SIZE(kwds))) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "called with the options chosen");
        return -1;
    }
    PyObject *fast = PySequence_Fast(chosen, "the options chosen must be a sequence");
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int r = -1, *numbers = n < INT32_MAX ? PyMem_Malloc(sizeof(int) * (size_t)(n + 1)) : NULL;
    if (numbers == NULL) PyErr_NoMemory();
    for (Py_ssize_t k = 0; numbers != NULL && k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) goto done;
        numbers[k] = v < 0 || v > INT32_MAX ? -1 : (int)v;
    }
    if (numbers != NULL) r = check(p, numbers, (int)n);
done:
    PyMem_Free(numbers);
    Py_DECREF(fast);
    return r;
}

static PyObject *Pruner_call(PrunerObject *p, PyObject *args, PyObject *kwds) {
    int r = call_with(p, args, kwds, pruner_check);
    return r < 0 ? NULL : PyBool_FromLong(r);
}

/* A capsule of `hook` for dlx (hook_abi.h) that keeps `owner` alive as long as it lives. */
static void release_owner(PyObject *capsule) { Py_XDECREF(PyCapsule_GetContext(capsule)); }

static PyObject *hook_capsule(PyObject *owner, fillit_hook *hook) {
    PyObject *capsule = PyCapsule_New(hook, FILLIT_HOOK_CAPSULE, release_owner);
    if (capsule != NULL && PyCapsule_SetContext(capsule, Py_NewRef(owner)) < 0) {
        Py_DECREF(owner);
        Py_CLEAR(capsule);
    }
    return capsule;
}

static PyObject *Pruner_get_hook(PrunerObject *p, void *unused) {
    if (p->board == NULL) {
        PyErr_SetString(PyExc_AttributeError, "the Pruner was not initialised");
        return NULL;
    }
    return hook_capsule((PyObject *)p, &p->hook);
}

static PyObject *Pruner_get_learn(PrunerObject *p, void *unused) {
    if (p->board == NULL) {
        PyErr_SetString(PyExc_TypeError, "the Pruner was not initialised");
        return NULL;
    }
    LearnObject *learn = PyObject_New(LearnObject, &LearnType);
    if (learn == NULL) return NULL;
    learn->pruner = (PrunerObject *)Py_NewRef(p);
    learn->hook = (fillit_hook){FILLIT_HOOK_VERSION, pruner_learn, p};
    return (PyObject *)learn;
}

static PyObject *Pruner_get_checked(PrunerObject *p, void *unused) {
    return PyLong_FromLongLong(p->checked);
}

static PyObject *Pruner_get_failures(PrunerObject *p, void *unused) {
    return Py_NewRef(p->failures != NULL ? (PyObject *)p->failures : Py_None);
}

static PyGetSetDef Pruner_getset[] = {
    {"__dlx_hook__", (getter)Pruner_get_hook, NULL, "The C entry of the check (dlx's hook ABI).",
     NULL},
    {"learn", (getter)Pruner_get_learn, NULL, "The learn hook: StatePruner.learn, compiled.", NULL},
    {"checked", (getter)Pruner_get_checked, NULL, "The nodes checked so far.", NULL},
    {"failures", (getter)Pruner_get_failures, NULL, "The failures kept, shared.", NULL},
    {NULL},
};

PyTypeObject PrunerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board.Pruner",
    .tp_basicsize = sizeof(PrunerObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Pruner(board, failures, base, learn_nodes, colour_holes): StatePruner, compiled.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Pruner_init,
    .tp_dealloc = (destructor)Pruner_dealloc,
    .tp_call = (ternaryfunc)Pruner_call,
    .tp_getset = Pruner_getset,
};

static void Learn_dealloc(LearnObject *learn) {
    Py_XDECREF(learn->pruner);
    PyObject_Free(learn);
}

static PyObject *Learn_call(LearnObject *learn, PyObject *args, PyObject *kwds) {
    if (call_with(learn->pruner, args, kwds, pruner_learn) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Learn_get_hook(LearnObject *learn, void *unused) {
    return hook_capsule((PyObject *)learn, &learn->hook);
}

static PyGetSetDef Learn_getset[] = {
    {"__dlx_hook__", (getter)Learn_get_hook, NULL, "The C entry of learn (dlx's hook ABI).", NULL},
    {NULL},
};

PyTypeObject LearnType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board.Learn",
    .tp_basicsize = sizeof(LearnObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A Pruner's learn hook (made by Pruner.learn).",
    .tp_dealloc = (destructor)Learn_dealloc,
    .tp_call = (ternaryfunc)Learn_call,
    .tp_getset = Learn_getset,
};

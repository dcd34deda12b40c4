/* check.c: fillit's once-per-node check (fillit/solver/board/pruner.py, `StatePruner`, whose docstring gives
   the contract), compiled, for dlx's compiled core to call through its C hook (dlx's hook ABI,
   declared on fillit's side in hook_abi.h) with no Python in between.

   The data structure. A `Board` is what the check reads of a board, fixed before any search
   (fillit.solver.board.pruner.Board, read once per `fillit.solver.board.packing.Packing` and shared by its searches): its
   cell tests (a `Cells`, cells.c), each option's cells as words and its shape (-1: a hole), the
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
   the same (the pure-Python engine calls them so: ../binding/check.c). No global state. */

#include "check.h"

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
int pruner_check(void *self, const int *chosen, int count) {
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
int pruner_learn(void *self, const int *chosen, int count) {
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

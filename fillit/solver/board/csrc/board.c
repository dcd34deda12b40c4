/* fillit.solver.board._board: the cell tests of fillit's once-per-node check (fillit/solver/board/pruner.py), compiled.

   The data structure. A board's cells are bits, rows `stride` bits apart with a spare column
   between them (fillit/solver/board/packing.py); here a set of cells is `words` 64-bit words, bit i of the
   board in bit i % 64 of word i / 64, sized to the board when a `Cells` is made (a board that
   needs more than MAX_WORDS words is refused, and fillit then checks it in Python). A `Cells`
   owns one block of words: the board's cells, the cells of each colour of the colour tests, and
   the scratch sets a check works in, so a check allocates nothing. Each shape is its four cells
   as bit offsets from the corner of its box. A colour test is its masks, each with a weight:
   the test's place of a room is the sum of each mask's free cells times its weight.

   `Cells.check(filled, remaining, holes, colour_holes)` is
   `fillit.solver.board.empty_cells.PythonCells.check` (the pure-Python reference, whose docstring gives
   the contract): the cells no piece left can reach, the waste
   of the regions of the others, and the place of the room in each colour test. No global state: everything a
   check reads or writes lives in its `Cells`. The whole once-per-node check over these tests is
   in pruner.c, the failures it keeps in failures.c; this file also makes the module. */

#include "board.h"

#define MAX_WEIGHT (1LL << 40) /* times at most 512 cells, over at most 4096 masks: no overflow */

#define INLINE inline __attribute__((always_inline))

enum { EMPTY, COVERED, SCRATCH };

static word *mask_of(CellsObject *self, int k) { return self->block + (1 + k) * self->words; }
static word *scratch_of(CellsObject *self, int k) {
    return self->block + (1 + self->colours + k) * self->words;
}

/* The shifts below read their source from a padded copy, `words` + 1 zero words on each side
   of it, so that they need no test at the ends (`words` is a constant where they are inlined, and
   a shift of n bits, 0 <= n <= 64 * words, reads only that copy). `pad` is the source's first
   word; `q`, `r` split n as n / 64, n % 64 (a shift by 64 - r is split in two: r may be 0). */

#define PADDED (3 * MAX_WORDS + 2)

/* The padded copy's first word, in `padded` (PADDED words) with its pads zero: only they are
   written, `words` of them being known where it is inlined (a memset of the whole array costs
   more than the check's shifts on small boards). */
static INLINE word *padded_in(word *padded, int words) {
    for (int i = 0; i < words + 1; i++) padded[i] = padded[2 * words + 1 + i] = 0;
    return padded + words + 1;
}

/* Word i of the source >> n. */
static INLINE word right_at(const word *pad, int i, int q, int r) {
    return pad[i + q] >> r | pad[i + q + 1] << 1 << (63 - r);
}

/* Word i of the source << n. */
static INLINE word left_at(const word *pad, int i, int q, int r) {
    return pad[i - q] << r | pad[i - q - 1] >> 1 >> (63 - r);
}

static INLINE int count(const word *set, int words) {
    int total = 0;
    for (int i = 0; i < words; i++) total += popcount(set[i]);
    return total;
}

/* The cells of `empty` that a piece left can cover (`Board.reach` in fillit/solver/board/pruner.py). */
static INLINE void reach(CellsObject *self, const word *empty, const int *left, word *covered,
                         int words, int near) {
    word room[PADDED], corners[PADDED];
    word *from = padded_in(room, words), *at = padded_in(corners, words);
    for (int i = 0; i < words; i++) from[i] = empty[i];
    memset(covered, 0, sizeof(word) * words);
    for (int s = 0; s < self->shapes; s++) {
        if (!left[s]) continue;
        const int *four = self->offsets[s];
        for (int i = 0; i < words; i++) { /* where the shape's first cell may go */
            word fits = ~(word)0;
            for (int j = 0; j < 4; j++)
                fits &= right_at(from, i, near ? 0 : four[j] / 64, four[j] % 64);
            at[i] = fits;
        }
        for (int i = 0; i < words; i++)
            for (int j = 0; j < 4; j++)
                covered[i] |= left_at(at, i, near ? 0 : four[j] / 64, four[j] % 64);
    }
}

/* Whether the regions of `empty` waste at most `holes` cells (`waste_fits`, fillit/answer.py);
   `empty` is consumed. A region grows from its first cell to its neighbours in `empty` until it
   stops, in place: a word grown reads the words grown before it in the same sweep, which only
   makes it grow sooner (any cell added is a neighbour of the region, and a sweep that adds
   nothing leaves the whole region). */
static INLINE int waste_fits(CellsObject *self, word *empty, long holes, int words, int near) {
    int stride = self->stride < 64 * words ? self->stride : 64 * words;
    int q = near ? 0 : stride / 64, r = stride % 64;
    long total = 0;
    word padded[PADDED], *region = padded_in(padded, words);
    for (;;) {
        int first = 0;
        while (first < words && !empty[first]) first++;
        if (first == words) return 1;
        for (int i = 0; i < words; i++) region[i] = 0;
        region[first] = empty[first] & -empty[first];
        for (int grew = 1; grew;) {
            grew = 0;
            for (int i = 0; i < words; i++) {
                word grown = (region[i] | left_at(region, i, 0, 1) | right_at(region, i, 0, 1) |
                              left_at(region, i, q, r) | right_at(region, i, q, r)) &
                             empty[i];
                grew |= grown != region[i];
                region[i] = grown;
            }
        }
        total += count(region, words) & 3;
        if (total > holes) return 0;
        for (int i = 0; i < words; i++) empty[i] ^= region[i];
    }
}

/* A non-negative int of at most `words` words into `set`; -1 with an exception otherwise. */
int read_set(PyObject *value, word *set, int words) {
    unsigned char bytes[8 * MAX_WORDS];
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a set of cells must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, 8 * (size_t)words, 1, 0, 1) < 0)
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, 8 * (size_t)words, 1, 0) < 0)
#endif
        return -1;
    for (int i = 0; i < words; i++) {
        word w = 0;
        for (int b = 7; b >= 0; b--) w = w << 8 | bytes[8 * i + b];
        set[i] = w;
    }
    return 0;
}

PyObject *set_to_int(const word *set, int words) {
    unsigned char bytes[8 * MAX_WORDS];
    for (int i = 0; i < words; i++)
        for (int b = 0; b < 8; b++) bytes[8 * i + b] = (unsigned char)(set[i] >> (8 * b));
    return _PyLong_FromByteArray(bytes, 8 * (size_t)words, 1, 0);
}

static void Cells_dealloc(CellsObject *self) {
    PyMem_Free(self->offsets);
    PyMem_Free(self->weight);
    PyMem_Free(self->test_of);
    PyMem_Free(self->block);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The colour tests' masks and weights, read from `tests` (a sequence of sequences of
   (mask, weight) pairs) once `colours` is their total; -1 with an exception on bad input. */
static int read_tests(CellsObject *self, PyObject *tests) {
    int k = 0;
    for (int t = 0; t < self->tests; t++) {
        PyObject *test = PySequence_Fast(PySequence_Fast_GET_ITEM(tests, t), "a test is a list");
        if (test == NULL) return -1;
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(test); j++, k++) {
            PyObject *mask;
            if (k >= self->colours ||
                !PyArg_ParseTuple(PySequence_Fast_GET_ITEM(test, j), "OL", &mask, &self->weight[k]) ||
                read_set(mask, mask_of(self, k), self->words) < 0 || self->weight[k] < 0 ||
                self->weight[k] > MAX_WEIGHT) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad colour mask or weight");
                Py_DECREF(test);
                return -1;
            }
            self->test_of[k] = t;
        }
        Py_DECREF(test);
    }
    return 0;
}

/* The number of masks of all `tests`, or -1 with an exception. */
static Py_ssize_t count_masks(PyObject *tests) {
    Py_ssize_t total = 0;
    for (Py_ssize_t t = 0; t < PySequence_Fast_GET_SIZE(tests); t++) {
        Py_ssize_t size = PyObject_Length(PySequence_Fast_GET_ITEM(tests, t));
        if (size < 0) return -1;
        total += size;
        if (total > 4096) {
            PyErr_SetString(PyExc_ValueError, "too many colour masks");
            return -1;
        }
    }
    return total;
}

/* Cells(stride, full, offsets, tests): offsets a sequence of 4-tuples, tests a sequence of
   sequences of (mask, weight) pairs. */
static int Cells_init(CellsObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"stride", "full", "offsets", "tests", "waste_holes", NULL};
    int stride;
    long waste_holes = LONG_MAX;
    PyObject *full, *offsets, *masks;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOO|l", kwlist, &stride, &full, &offsets, &masks,
                                     &waste_holes))
        return -1;
    if (self->block != NULL) {
        PyErr_SetString(PyExc_TypeError, "Cells is initialised once");
        return -1;
    }
    int bits = PyLong_Check(full) ? (int)_PyLong_NumBits(full) : -1;
    if (bits < 0 || bits > 64 * MAX_WORDS || stride < 1 || stride > 64 * MAX_WORDS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "board too large to compile");
        return -1;
    }
    PyObject *shapes = PySequence_Fast(offsets, "offsets must be a sequence");
    if (shapes == NULL) return -1;
    PyObject *colours = PySequence_Fast(masks, "tests must be a sequence");
    if (colours == NULL) {
        Py_DECREF(shapes);
        return -1;
    }
    int ok = -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(shapes), tests = PySequence_Fast_GET_SIZE(colours);
    Py_ssize_t m = count_masks(colours);
    if (m < 0) goto done;
    if (n > 4096 || tests > 4096) {
        PyErr_SetString(PyExc_ValueError, "too many shapes or colours");
        goto done;
    }
    self->words = words_for(bits);
    self->stride = stride;
    self->shapes = (int)n;
    self->colours = (int)m;
    self->tests = (int)tests;
    self->waste_holes = waste_holes;
    self->near = stride < 64; /* until an offset says otherwise */
#if POPCNT_AT_RUNTIME
    __builtin_cpu_init();
    self->popcnt = __builtin_cpu_supports("popcnt");
#endif
    self->offsets = PyMem_Calloc(n ? (size_t)n : 1, sizeof(int[4]));
    self->weight = PyMem_Calloc(m ? (size_t)m : 1, sizeof(long long));
    self->test_of = PyMem_Calloc(m ? (size_t)m : 1, sizeof(int));
    self->block = PyMem_Calloc((size_t)(1 + m + SCRATCH) * self->words, sizeof(word));
    if (self->offsets == NULL || self->weight == NULL || self->test_of == NULL ||
        self->block == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        int *four = self->offsets[s];
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(shapes, s), "iiii", &four[0], &four[1],
                              &four[2], &four[3]))
            goto done;
        for (int j = 0; j < 4; j++)
            if (four[j] < 0 || four[j] >= 64 * self->words) {
                PyErr_SetString(PyExc_ValueError, "a cell offset is off the board");
                goto done;
            } else if (four[j] >= 64) self->near = 0;
    }
    if (read_set(full, self->block, self->words) < 0) goto done; /* the board first */
    if (read_tests(self, colours) < 0) goto done;
    ok = 0;
done:
    Py_DECREF(shapes);
    Py_DECREF(colours);
    return ok;
}

/* `cells_places` for sets of `words` words, inlined for each usual count as `live` is, and
   counting with the popcnt instruction when `popcnt` (only where the caller is compiled for it). */
static INLINE void places_in(CellsObject *self, const word *empty, long long *places, int words,
                             int popcnt) {
    const word *mask = mask_of(self, 0);
    int k = 0;
    for (int t = 0; t < self->tests; t++) {
        long long place = 0;
        for (; k < self->colours && self->test_of[k] == t; k++, mask += words) {
            long long room = 0;
            for (int i = 0; i < words; i++)
                room += popcnt ? __builtin_popcountll(empty[i] & mask[i]) : popcount(empty[i] & mask[i]);
            place += room * self->weight[k];
        }
        places[t] = place;
    }
}

/* `cells_places` with the words known, by the popcnt instruction or not (`places_in`). */
static INLINE void places_for(CellsObject *self, const word *empty, long long *places, int popcnt) {
    switch (self->words) {
    case 1: places_in(self, empty, places, 1, popcnt); break;
    case 2: places_in(self, empty, places, 2, popcnt); break;
    case 3: places_in(self, empty, places, 3, popcnt); break;
    case 4: places_in(self, empty, places, 4, popcnt); break;
    default: places_in(self, empty, places, self->words, popcnt);
    }
}

#if POPCNT_AT_RUNTIME
/* `places_for` compiled for x86's popcnt instruction, called only where the machine has it
   (`CellsObject.popcnt`): the build itself must run on any x86-64. The colour places count
   the most cells of the check. */
__attribute__((target("popcnt"))) static void places_popcnt(CellsObject *self, const word *empty,
                                                             long long *places) {
    places_for(self, empty, places, 1);
}
#endif

/* The place of the room of `empty` in each colour test, into `places` (a test's masks come one
   after another). */
void cells_places(CellsObject *self, const word *empty, long long *places) {
#if POPCNT_AT_RUNTIME
    if (self->popcnt) {
        places_popcnt(self, empty, places);
        return;
    }
#endif
    places_for(self, empty, places, 0);
}

/* The place of the room of `empty` in each colour test, as a tuple of ints (NULL on error). */
static PyObject *places_of(CellsObject *self, const word *empty) {
    long long stack[8], *places = stack;
    if (self->tests > 8 && (places = PyMem_Malloc(sizeof(long long) * (size_t)self->tests)) == NULL)
        return PyErr_NoMemory();
    cells_places(self, empty, places);
    PyObject *tuple = PyTuple_New(self->tests);
    for (int t = 0; tuple != NULL && t < self->tests; t++) {
        PyObject *value = PyLong_FromLongLong(places[t]);
        if (value == NULL) Py_CLEAR(tuple);
        else PyTuple_SET_ITEM(tuple, t, value);
    }
    if (places != stack) PyMem_Free(places);
    return tuple;
}

/* `cells_live` for sets of `words` words: inlined for each usual count, so that the compiler
   unrolls the loops over words and copies in registers, and for `near` (`CellsObject.near`)
   known, so that the shifts' words are known too. */
static INLINE int live(CellsObject *self, const word *filled, const int *left, long *holes,
                       word *empty, int words, int near) {
    word *covered = scratch_of(self, COVERED);
    for (int i = 0; i < words; i++) empty[i] = full_of(self)[i] & ~filled[i];
    reach(self, empty, left, covered, words, near);
    for (int i = 0; i < words; i++) { /* the stuck cells: only a hole can fill them */
        word stuck = empty[i] & ~covered[i];
        *holes -= popcount(stuck);
        empty[i] ^= stuck;
    }
    if (*holes < 0) return 0;
    if (*holes > self->waste_holes) return 1; /* fillit.solver.board.empty_cells.WASTE_HOLES */
    memcpy(covered, empty, sizeof(word) * words); /* the reach is done with: waste eats a copy */
    return waste_fits(self, covered, *holes, words, near);
}

/* Whether the node of the `filled` cells lives: the cells no piece left (`left[s]` nonzero: some
   of shape s) can reach are taken off `*holes`, the others left in `empty` (which may be
   `filled` itself), and their regions must waste at most the holes left
   (`fillit.solver.board.empty_cells.PythonCells.check`). */
int cells_live(CellsObject *self, const word *filled, const int *left, long *holes, word *empty) {
    switch (self->words) { /* boards of side 7, 10, 13 and 15 at most */
    case 1: return self->near ? live(self, filled, left, holes, empty, 1, 1)
                              : live(self, filled, left, holes, empty, 1, 0);
    case 2: return self->near ? live(self, filled, left, holes, empty, 2, 1)
                              : live(self, filled, left, holes, empty, 2, 0);
    case 3: return self->near ? live(self, filled, left, holes, empty, 3, 1)
                              : live(self, filled, left, holes, empty, 3, 0);
    case 4: return self->near ? live(self, filled, left, holes, empty, 4, 1)
                              : live(self, filled, left, holes, empty, 4, 0);
    default: return live(self, filled, left, holes, empty, self->words, 0);
    }
}

/* A tuple of `shapes` ints into `left`; -1 with an exception otherwise. */
int read_counts(PyObject *counts, int *left, int shapes) {
    if (!PyTuple_Check(counts)) {
        PyErr_SetString(PyExc_TypeError, "the pieces left must be a tuple");
        return -1;
    }
    if (PyTuple_GET_SIZE(counts) != shapes) {
        PyErr_SetString(PyExc_ValueError, "remaining must have a count per shape");
        return -1;
    }
    for (int s = 0; s < shapes; s++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(counts, s));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < INT32_MIN || v > INT32_MAX) {
            PyErr_SetString(PyExc_OverflowError, "a count of pieces out of range");
            return -1;
        }
        left[s] = (int)v;
    }
    return 0;
}

/* check(filled, remaining, holes, colour_holes): see fillit.solver.board.empty_cells.PythonCells.check. The counts of
   `remaining` are read into `left`, on the stack for the usual few shapes. */
static PyObject *Cells_check(CellsObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (self->block == NULL) {
        PyErr_SetString(PyExc_TypeError, "Cells was not initialised");
        return NULL;
    }
    if (nargs != 4 || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "check(filled: int, remaining: tuple, holes, colour_holes)");
        return NULL;
    }
    if (PyTuple_GET_SIZE(args[1]) != self->shapes) {
        PyErr_SetString(PyExc_ValueError, "remaining must have a count per shape");
        return NULL;
    }
    int stack[32], *left = stack;
    if (self->shapes > 32) {
        left = PyMem_Malloc(sizeof(int) * (size_t)self->shapes);
        if (left == NULL) return PyErr_NoMemory();
    }
    PyObject *result = NULL, *places = NULL, *kept = NULL;
    for (int s = 0; s < self->shapes; s++) { /* only whether some are left matters here */
        long v = PyLong_AsLong(PyTuple_GET_ITEM(args[1], s));
        if (v == -1 && PyErr_Occurred()) goto done;
        left[s] = v != 0;
    }
    long holes = PyLong_AsLong(args[2]), colour_holes = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) goto done;
    word *empty = scratch_of(self, EMPTY);
    if (read_set(args[0], empty, self->words) < 0) goto done;
    if (!cells_live(self, empty, left, &holes, empty)) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    places = holes <= colour_holes ? places_of(self, empty) : Py_NewRef(Py_None);
    kept = places == NULL ? NULL : set_to_int(empty, self->words);
    if (kept != NULL) result = Py_BuildValue("(OlO)", kept, holes, places);
done:
    Py_XDECREF(places);
    Py_XDECREF(kept);
    if (left != stack) PyMem_Free(left);
    return result;
}

static PyMethodDef Cells_methods[] = {
    {"check", (PyCFunction)(void (*)(void))Cells_check, METH_FASTCALL,
     "check(filled, remaining, holes, colour_holes): (kept cells, holes left, places) or None"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject CellsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board.Cells",
    .tp_basicsize = sizeof(CellsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Cells(stride, full, offsets, tests): a board's cell tests, compiled.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Cells_init,
    .tp_dealloc = (destructor)Cells_dealloc,
    .tp_methods = Cells_methods,
};

static struct PyModuleDef board_module = {
    PyModuleDef_HEAD_INIT, "fillit.solver.board._board",
    "fillit's once-per-node check, compiled (see fillit.solver.board.empty_cells and fillit.solver.board.pruner).", -1, NULL,
};

PyMODINIT_FUNC PyInit__board(void) {
    PyTypeObject *types[] = {&CellsType, &FailuresType, &BoardType, &PrunerType, &LearnType,
                             &SweeperType, &SweepMemoType};
    const char *names[] = {"Cells", "Failures", "Board", "Pruner", "Learn", "Sweeper", "SweepMemo"};
    for (int k = 0; k < 7; k++)
        if (PyType_Ready(types[k]) < 0) return NULL;
    PyObject *module = PyModule_Create(&board_module);
    if (module == NULL) return NULL;
    for (int k = 0; k < 7; k++)
        if (PyModule_AddObjectRef(module, names[k], (PyObject *)types[k]) < 0) {
            Py_DECREF(module);
            return NULL;
        }
    return module;
}

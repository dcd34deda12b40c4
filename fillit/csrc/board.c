/* fillit._board: the cell tests of fillit's once-per-node check (fillit/pruner.py), compiled.

   The data structure. A board's cells are bits, rows `stride` bits apart with a spare column
   between them (fillit/packing.py); here a set of cells is `words` 64-bit words, bit i of the
   board in bit i % 64 of word i / 64, sized to the board when a `Cells` is made (a board that
   needs more than MAX_WORDS words is refused, and fillit then checks it in Python). A `Cells`
   owns one block of words: the board's cells, the cells of each colour of the colour tests, and
   the scratch sets a check works in, so a check allocates nothing. Each shape is its four cells
   as bit offsets from the corner of its box. A colour test is its masks, each with a weight:
   the test's place of a room is the sum of each mask's free cells times its weight.

   `Cells.check(filled, remaining, holes, colour_holes)` is `fillit.cells.check` (the pure-Python
   reference, whose docstring gives the contract): the cells no piece left can reach, the waste
   of the regions of the others, and the place of the room in each colour test. No global state: everything a
   check reads or writes lives in its `Cells`. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_WORDS 8 /* boards of up to 512 bits: side 22 with its spare column */
#define MAX_WEIGHT (1LL << 40) /* times at most 512 cells, over at most 4096 masks: no overflow */

typedef uint64_t word;

typedef struct {
    PyObject_HEAD
    int words;          /* words in each set of cells */
    int stride;         /* bits from one row to the next */
    int shapes;         /* the number of shapes */
    int colours;        /* the number of colour masks (of all colour tests, in order) */
    int tests;          /* the number of colour tests */
    int (*offsets)[4];  /* per shape, its four cells' offsets */
    long long *weight;  /* per colour mask, its weight in its test's place */
    int *test_of;       /* per colour mask, its test */
    word *block;        /* full, then the colour masks, then SCRATCH scratch sets */
} CellsObject;

enum { EMPTY, COVERED, CORNERS, SPARE, REGION, GROWN, SCRATCH };

static word *full_of(CellsObject *self) { return self->block; }
static word *mask_of(CellsObject *self, int k) { return self->block + (1 + k) * self->words; }
static word *scratch_of(CellsObject *self, int k) {
    return self->block + (1 + self->colours + k) * self->words;
}

/* dst = src >> n (dst and src distinct). */
static void shift_right(word *dst, const word *src, int n, int words) {
    int q = n / 64, r = n % 64;
    for (int i = 0; i < words; i++) {
        word lo = i + q < words ? src[i + q] : 0;
        word hi = i + q + 1 < words ? src[i + q + 1] : 0;
        dst[i] = r ? (lo >> r) | (hi << (64 - r)) : lo;
    }
}

/* dst |= src << n (dst and src distinct); bits past the last word are dropped. */
static void or_shift_left(word *dst, const word *src, int n, int words) {
    int q = n / 64, r = n % 64;
    for (int i = q; i < words; i++) {
        word part = src[i - q] << r;
        if (r && i - q - 1 >= 0) part |= src[i - q - 1] >> (64 - r);
        dst[i] |= part;
    }
}

static int count(const word *set, int words) {
    int total = 0;
    for (int i = 0; i < words; i++) total += __builtin_popcountll(set[i]);
    return total;
}

/* The cells of `empty` that a piece left can cover (`Board.reach` in fillit/pruner.py). */
static void reach(CellsObject *self, const word *empty, const long *left, word *covered) {
    int words = self->words;
    word *corners = scratch_of(self, CORNERS), *spare = scratch_of(self, SPARE);
    memset(covered, 0, sizeof(word) * words);
    for (int s = 0; s < self->shapes; s++) {
        if (!left[s]) continue;
        shift_right(corners, empty, self->offsets[s][0], words);
        for (int j = 1; j < 4; j++) {
            shift_right(spare, empty, self->offsets[s][j], words);
            for (int i = 0; i < words; i++) corners[i] &= spare[i];
        }
        for (int j = 0; j < 4; j++) or_shift_left(covered, corners, self->offsets[s][j], words);
    }
}

/* Whether the regions of `empty` waste at most `holes` cells (`waste_fits`, fillit/vocabulary.py);
   `empty` is consumed. */
static int waste_fits(CellsObject *self, word *empty, long holes) {
    int words = self->words, stride = self->stride;
    long total = 0;
    word *region = scratch_of(self, REGION), *grown = scratch_of(self, GROWN);
    for (;;) {
        int first = 0;
        while (first < words && !empty[first]) first++;
        if (first == words) return 1;
        memset(region, 0, sizeof(word) * words);
        region[first] = empty[first] & -empty[first];
        for (;;) {
            memcpy(grown, region, sizeof(word) * words);
            or_shift_left(grown, region, 1, words);
            or_shift_left(grown, region, stride, words);
            word *spare = scratch_of(self, SPARE);
            shift_right(spare, region, 1, words);
            for (int i = 0; i < words; i++) grown[i] |= spare[i];
            shift_right(spare, region, stride, words);
            int same = 1;
            for (int i = 0; i < words; i++) {
                grown[i] = (grown[i] | spare[i]) & empty[i];
                same &= grown[i] == region[i];
            }
            if (same) break;
            memcpy(region, grown, sizeof(word) * words);
        }
        total += count(region, words) & 3;
        if (total > holes) return 0;
        for (int i = 0; i < words; i++) empty[i] ^= region[i];
    }
}

/* A non-negative int of at most `words` words into `set`; -1 with an exception otherwise. */
static int read_set(PyObject *value, word *set, int words) {
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

static PyObject *set_to_int(const word *set, int words) {
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
    static char *kwlist[] = {"stride", "full", "offsets", "tests", NULL};
    int stride;
    PyObject *full, *offsets, *masks;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOO", kwlist, &stride, &full, &offsets, &masks))
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
    self->words = bits / 64 + 1 > MAX_WORDS ? MAX_WORDS : bits / 64 + 1;
    self->stride = stride;
    self->shapes = (int)n;
    self->colours = (int)m;
    self->tests = (int)tests;
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
            }
    }
    if (read_set(full, full_of(self), self->words) < 0) goto done;
    if (read_tests(self, colours) < 0) goto done;
    ok = 0;
done:
    Py_DECREF(shapes);
    Py_DECREF(colours);
    return ok;
}

/* The place of the room of `empty` in each colour test, as a tuple of ints (NULL on error);
   a test's masks come one after another. */
static PyObject *places_of(CellsObject *self, const word *empty) {
    PyObject *places = PyTuple_New(self->tests);
    if (places == NULL) return NULL;
    int k = 0;
    for (int t = 0; t < self->tests; t++) {
        long long place = 0;
        for (; k < self->colours && self->test_of[k] == t; k++) {
            const word *mask = mask_of(self, k);
            long long room = 0;
            for (int i = 0; i < self->words; i++) room += __builtin_popcountll(empty[i] & mask[i]);
            place += room * self->weight[k];
        }
        PyObject *value = PyLong_FromLongLong(place);
        if (value == NULL) {
            Py_DECREF(places);
            return NULL;
        }
        PyTuple_SET_ITEM(places, t, value);
    }
    return places;
}

/* check(filled, remaining, holes, colour_holes): see fillit.cells.check. The counts of
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
    int words = self->words;
    long stack[32], *left = stack;
    if (self->shapes > 32) {
        left = PyMem_Malloc(sizeof(long) * (size_t)self->shapes);
        if (left == NULL) return PyErr_NoMemory();
    }
    PyObject *result = NULL, *places = NULL, *kept = NULL;
    for (int s = 0; s < self->shapes; s++) {
        left[s] = PyLong_AsLong(PyTuple_GET_ITEM(args[1], s));
        if (left[s] == -1 && PyErr_Occurred()) goto done;
    }
    long holes = PyLong_AsLong(args[2]), colour_holes = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) goto done;
    word *empty = scratch_of(self, EMPTY), *covered = scratch_of(self, COVERED);
    if (read_set(args[0], empty, words) < 0) goto done;
    for (int i = 0; i < words; i++) empty[i] = full_of(self)[i] & ~empty[i];
    reach(self, empty, left, covered);
    for (int i = 0; i < words; i++) { /* the stuck cells: only a hole can fill them */
        word stuck = empty[i] & ~covered[i];
        holes -= __builtin_popcountll(stuck);
        empty[i] ^= stuck;
    }
    memcpy(covered, empty, sizeof(word) * words); /* the reach is done with: waste eats a copy */
    if (holes < 0 || !waste_fits(self, covered, holes)) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    places = holes <= colour_holes ? places_of(self, empty) : Py_NewRef(Py_None);
    kept = places == NULL ? NULL : set_to_int(empty, words);
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

static PyTypeObject CellsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit._board.Cells",
    .tp_basicsize = sizeof(CellsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Cells(stride, full, offsets, tests): a board's cell tests, compiled.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Cells_init,
    .tp_dealloc = (destructor)Cells_dealloc,
    .tp_methods = Cells_methods,
};

static struct PyModuleDef board_module = {
    PyModuleDef_HEAD_INIT, "fillit._board",
    "The cell tests of fillit's once-per-node check, compiled (see fillit.cells).", -1, NULL,
};

PyMODINIT_FUNC PyInit__board(void) {
    if (PyType_Ready(&CellsType) < 0) return NULL;
    PyObject *module = PyModule_Create(&board_module);
    if (module == NULL) return NULL;
    if (PyModule_AddObjectRef(module, "Cells", (PyObject *)&CellsType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

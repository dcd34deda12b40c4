/* cells.c: `fillit.solver.board._board.Cells`, the Python type of ../csrc/cells.c's cell tests:
   made from Python's numbers, checked with `check` as
   `fillit.solver.board.empty_cells.PythonCells.check` answers; and the conversions between
   Python's ints and sets of cells that every type here reads with. */

#include "binding.h"

#define MAX_WEIGHT (1LL << 40) /* times at most 512 cells, over at most 4096 masks: no overflow */

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

PyTypeObject CellsType = FILLIT_TYPE("Cells", CellsObject,
    "Cells(stride, full, offsets, tests): a board's cell tests, compiled.",
    .tp_new = PyType_GenericNew, .tp_init = (initproc)Cells_init,
    .tp_dealloc = (destructor)Cells_dealloc, .tp_methods = Cells_methods);

/* failures.c: `fillit.solver.board._board.Failures`, the Python type of ../csrc/failures.c's
   failures kept: `add`, `settles`, `cuts` and a copy of what is `kept`, as
   `fillit.solver.board.failures.FailedStates` has them. */

#include "binding.h"

/* Failures(bits, shapes, keep, capacity): an empty store for a board of `bits` bits and
   `shapes` shapes. */
static int Failures_init(FailuresObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"bits", "shapes", "keep", "capacity", NULL};
    int bits, shapes, keep;
    long long capacity;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiiL", kwlist, &bits, &shapes, &keep, &capacity))
        return -1;
    if (self->words != 0) {
        PyErr_SetString(PyExc_TypeError, "Failures is initialised once");
        return -1;
    }
    if (bits < 0 || bits > 64 * MAX_WORDS || shapes < 0 || shapes > 4096 || keep < 1) {
        PyErr_SetString(PyExc_ValueError, "a board too large to compile, or no failure kept");
        return -1;
    }
    self->words = words_for(bits);
    self->shapes = shapes;
    self->keep = keep;
    self->capacity = capacity;
    return 0;
}

static void Failures_dealloc(FailuresObject *self) {
    failures_forget(self);
    PyMem_Free(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The free cells and pieces left of a Python call (free, remaining) into `free` and `left` (of
   `self->shapes`, on the stack for the usual few); -1 with an exception. */
static int read_state(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs, word *free,
                      int *left) {
    if (self->words == 0) {
        PyErr_SetString(PyExc_TypeError, "Failures was not initialised");
        return -1;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "expected (free: int, remaining: tuple)");
        return -1;
    }
    if (read_counts(args[1], left, self->shapes) < 0) return -1;
    return read_set(args[0], free, self->words);
}

/* Runs `then` on the state read from the arguments; NULL with an exception. */
static PyObject *with_state(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs,
                            int (*then)(FailuresObject *, const word *, const int *)) {
    word free[MAX_WORDS];
    int stack[32], *left = stack;
    if (self->shapes > 32 && (left = PyMem_Malloc(sizeof(int) * (size_t)self->shapes)) == NULL)
        return PyErr_NoMemory();
    int r = read_state(self, args, nargs, free, left);
    if (r == 0) r = then(self, free, left);
    if (left != stack) PyMem_Free(left);
    return r < 0 ? NULL : PyBool_FromLong(r);
}

static PyObject *Failures_add(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *r = with_state(self, args, nargs, failures_add);
    if (r == NULL) return NULL;
    Py_DECREF(r);
    Py_RETURN_NONE;
}

static PyObject *Failures_settles(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return with_state(self, args, nargs, failures_settle);
}

/* One kind's key, (pieces left, its first free cell as a bit), and its sets, the latest first. */
static int kept_item(FailuresObject *self, const Kind *kind, PyObject *kept) {
    PyObject *left = PyTuple_New(self->shapes), *sets = PyList_New(kind->count), *key = NULL;
    int ok = left != NULL && sets != NULL;
    for (int s = 0; ok && s < self->shapes; s++) {
        PyObject *v = PyLong_FromLong(kind->left[s]);
        if (v == NULL) ok = 0;
        else PyTuple_SET_ITEM(left, s, v);
    }
    for (int k = 0; ok && k < kind->count; k++) {
        PyObject *v = set_to_int(failures_kept_set(self, kind, k), self->words);
        if (v == NULL) ok = 0;
        else PyList_SET_ITEM(sets, k, v);
    }
    word bit[MAX_WORDS] = {0};
    if (kind->first >= 0) bit[kind->first / 64] = (word)1 << (kind->first % 64);
    PyObject *first = ok ? set_to_int(bit, self->words) : NULL;
    if (first != NULL) key = PyTuple_Pack(2, left, first);
    ok = key != NULL && PyDict_SetItem(kept, key, sets) == 0;
    Py_XDECREF(first);
    Py_XDECREF(key);
    Py_XDECREF(left);
    Py_XDECREF(sets);
    return ok ? 0 : -1;
}

static PyObject *Failures_get_kept(FailuresObject *self, void *unused) {
    PyObject *kept = PyDict_New();
    for (size_t k = 0; kept != NULL && k < self->slots; k++)
        if (self->table[k] != NULL && kept_item(self, self->table[k], kept) < 0) Py_CLEAR(kept);
    return kept;
}

static PyObject *Failures_get_cuts(FailuresObject *self, void *unused) {
    return PyLong_FromLongLong(self->cuts);
}

static PyMethodDef Failures_methods[] = {
    {"add", (PyCFunction)(void (*)(void))Failures_add, METH_FASTCALL,
     "add(free, remaining): keep a failure: the remaining pieces do not fit the free cells."},
    {"settles", (PyCFunction)(void (*)(void))Failures_settles, METH_FASTCALL,
     "settles(free, remaining): whether a failure kept shows the pieces do not fit."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Failures_getset[] = {
    {"cuts", (getter)Failures_get_cuts, NULL, "How many states the failures kept settled.", NULL},
    {"kept", (getter)Failures_get_kept, NULL,
     "A copy: (pieces left, first free cell as a bit) -> the free cells kept, the latest first.",
     NULL},
    {NULL},
};

PyTypeObject FailuresType = FILLIT_TYPE("Failures", FailuresObject,
    "Failures(bits, shapes, keep, capacity): fillit.solver.board.failures.FailedStates, compiled.",
    .tp_new = PyType_GenericNew, .tp_init = (initproc)Failures_init,
    .tp_dealloc = (destructor)Failures_dealloc, .tp_methods = Failures_methods,
    .tp_getset = Failures_getset);

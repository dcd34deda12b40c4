/* The compiled cells core: the Python types over csrc/cells.c (Knuth's SSXCC).
   `Cells(primary, items, options, colours)` holds one problem's pristine table;
   `Cells.search(givens, max_nodes, timeout, progress, signals)` starts a `CellsSearch`, an
   iterator of solutions (lists of option numbers) whose whole state lives in its own struct.
   The GIL is released while it dances unless a progress display must be called; budgets,
   Ctrl-C and the display are polled every few thousand nodes. dlx/cores/cells/dance.py is the
   oracle. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <time.h>

#include "../csrc/batch.h"
#include "csrc/cells.h"

typedef struct {
    PyObject_HEAD
    cells_table table;
    int built;
} CellsObject;

typedef struct {
    PyObject_HEAD
    CellsObject *owner;
    PyObject *progress;
    PyThreadState *released;
    cells_search s;
    double deadline; /* monotonic seconds, or < 0 for none */
    int signals, running, finished, ready;
    pending_error pending; /* an error kept by `batch` for its next call */
} SearchObject;

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void Cells_dealloc(CellsObject *self) {
    if (self->built) cells_table_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Read the options (and their colours) into three flat int arrays; 0, or -1 with an error. */
static int read_options(PyObject *opts, PyObject *colours, int items, int *lengths,
                        int **numbers, int **paints) {
    Py_ssize_t m = PySequence_Fast_GET_SIZE(opts), total = 0;
    PyObject **rows = PyMem_Calloc((size_t)m + 1, sizeof(PyObject *) * 2);
    int ok = rows != NULL ? 0 : -1;
    if (rows == NULL) PyErr_NoMemory();
    for (Py_ssize_t o = 0; ok == 0 && o < m; o++) {
        rows[2 * o] = PySequence_Fast(PySequence_Fast_GET_ITEM(opts, o), "options must be lists");
        PyObject *row = rows[2 * o] ? PySequence_GetItem(colours, o) : NULL;
        rows[2 * o + 1] = row ? PySequence_Fast(row, "colours must be sequences") : NULL;
        Py_XDECREF(row);
        if (rows[2 * o + 1] == NULL) ok = -1;
        else if (PySequence_Fast_GET_SIZE(rows[2 * o]) != PySequence_Fast_GET_SIZE(rows[2 * o + 1])
                 || PySequence_Fast_GET_SIZE(rows[2 * o]) < 1
                 || total > INT32_MAX / 4) {
            PyErr_SetString(PyExc_ValueError, "bad option or colours");
            ok = -1;
        } else {
            lengths[o] = (int)PySequence_Fast_GET_SIZE(rows[2 * o]);
            total += lengths[o];
        }
    }
    *numbers = ok == 0 ? PyMem_Calloc((size_t)total + 1, sizeof(int)) : NULL;
    *paints = ok == 0 ? PyMem_Calloc((size_t)total + 1, sizeof(int)) : NULL;
    if (ok == 0 && (*numbers == NULL || *paints == NULL)) {
        PyErr_NoMemory();
        ok = -1;
    }
    for (Py_ssize_t o = 0, k = 0; ok == 0 && o < m; o++) {
        for (int j = 0; ok == 0 && j < lengths[o]; j++, k++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(rows[2 * o], j));
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(rows[2 * o + 1], j));
            if (PyErr_Occurred() || v < 0 || v >= items || c < 0 || c > INT32_MAX) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad item or colour");
                ok = -1;
            }
            (*numbers)[k] = (int)v;
            (*paints)[k] = (int)c;
        }
    }
    for (Py_ssize_t o = 0; rows != NULL && o < 2 * m; o++) Py_XDECREF(rows[o]);
    PyMem_Free(rows);
    return ok;
}

/* Cells(primary, items, options, colours): the table of a problem, checked on input. */
static int Cells_init(CellsObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"primary", "items", "options", "colours", NULL};
    int primary, items;
    PyObject *options, *colours;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOO", kwlist, &primary, &items, &options,
                                     &colours))
        return -1;
    if (self->built) {
        PyErr_SetString(PyExc_TypeError, "Cells is initialised once");
        return -1;
    }
    if (primary < 0 || items < primary || items > INT32_MAX / 8) {
        PyErr_SetString(PyExc_ValueError, "bad item counts");
        return -1;
    }
    PyObject *opts = PySequence_Fast(options, "options must be a sequence");
    if (opts == NULL) return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(opts);
    int *lengths = m < INT32_MAX / 4 ? PyMem_Calloc((size_t)m + 1, sizeof(int)) : NULL;
    int *numbers = NULL, *paints = NULL, r = -1;
    if (lengths == NULL) PyErr_NoMemory();
    else if (read_options(opts, colours, items, lengths, &numbers, &paints) == 0) {
        if (cells_table_init(&self->table, primary, items, (int)m, lengths, numbers, paints) < 0)
            PyErr_NoMemory();
        else self->built = 1, r = 0;
    }
    PyMem_Free(lengths);
    PyMem_Free(numbers);
    PyMem_Free(paints);
    Py_DECREF(opts);
    return r;
}

/* The poll of a search, every few thousand nodes (as dlx.cores.counters.Budgets.spent). */
static int poll(cells_search *s) {
    SearchObject *o = s->context;
    long long next = s->nodes + CELLS_POLL_NODES;
    s->next_poll = next < s->node_cap ? next : s->node_cap;
    s->next_update_poll = s->updates + CELLS_POLL_UPDATES;
    if (s->nodes >= s->node_cap) return 1;
    if (o->deadline >= 0 && monotonic() > o->deadline) return 1;
    if (o->released != NULL) {
        if (!o->signals) return 0; /* no signal handler runs in this thread: keep the GIL free */
        PyEval_RestoreThread(o->released);
        int r = PyErr_CheckSignals();
        o->released = PyEval_SaveThread();
        return r < 0 ? -1 : 0;
    }
    if (PyErr_CheckSignals() < 0) return -1;
    if (o->progress != NULL) {
        PyObject *r = PyObject_CallNoArgs(o->progress);
        if (r == NULL) return -1;
        Py_DECREF(r);
    }
    return 0;
}

static void finish(SearchObject *o) {
    if (!o->finished && o->s.status == CELLS_RUNNING) o->s.status = CELLS_CLOSED;
    o->finished = 1;
}

/* Raise dlx.errors.SizeLimitError for a save stack past CELLS_MAX_SAVED, worded as
   dlx.cores.cells.table words it. */
static void too_deep(void) {
    PyObject *errors = PyImport_ImportModule("dlx.cores.cells.table");
    if (errors == NULL) return;
    PyObject *raise = PyObject_GetAttrString(errors, "refuse_deeper");
    Py_DECREF(errors);
    if (raise == NULL) return;
    PyObject *none = PyObject_CallNoArgs(raise);
    Py_DECREF(raise);
    Py_XDECREF(none);
}

/* The next solution, as the iterator gives it; with `pause`, NULL and *paused set at the next
   poll (csrc/batch.h's step). */
static PyObject *Search_step(SearchObject *o, int pause, int *paused) {
    if (o->finished) return NULL;
    if (o->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
    o->running = 1;
    if (o->progress == NULL) o->released = PyEval_SaveThread();
    o->s.pause = pause;
    int r = cells_run(&o->s);
    o->s.pause = 0;
    if (o->released != NULL) PyEval_RestoreThread(o->released);
    o->released = NULL;
    o->running = 0;
    if (r == CELLS_PAUSED) {
        *paused = 1;
        return NULL;
    }
    if (r == CELLS_SOLUTION) {
        int n = o->s.base + o->s.level;
        PyObject *list = PyList_New(n);
        if (list == NULL) { finish(o); return NULL; }
        for (int k = 0; k < n; k++) {
            PyObject *v = PyLong_FromLong(o->s.opts[k]);
            if (v == NULL) { Py_DECREF(list); finish(o); return NULL; }
            PyList_SET_ITEM(list, k, v);
        }
        return list;
    }
    if (r == CELLS_ERROR && o->s.too_deep && !PyErr_Occurred()) too_deep();
    if (r == CELLS_ERROR && !PyErr_Occurred()) PyErr_NoMemory();
    finish(o);
    return NULL;
}

static PyObject *Search_next(SearchObject *o) {
    int paused = 0;
    return Search_step(o, 0, &paused);
}

/* Search.batch(n): see csrc/batch.h. */
static PyObject *Search_batch(SearchObject *o, PyObject *n) {
    return next_batch((PyObject *)o, (batch_step)Search_step, &o->pending, n);
}

static PyObject *Search_close(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    if (o->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
    pending_close(&o->pending);
    finish(o);
    Py_RETURN_NONE;
}

static const char *status_names[] = {"running", "exhausted", "budget", "closed"};

static PyObject *Search_stats(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    int levels = o->s.nodes ? o->s.max_level + 1 : 0;
    PyObject *profile = PyList_New(levels);
    if (profile == NULL) return NULL;
    for (int k = 0; k < levels; k++) {
        PyObject *v = PyLong_FromLongLong(o->s.profile[k]);
        if (v == NULL) { Py_DECREF(profile); return NULL; }
        PyList_SET_ITEM(profile, k, v);
    }
    return Py_BuildValue("(LLLsN)", o->s.nodes, o->s.updates, o->s.solutions,
                         status_names[o->s.status], profile);
}

static int Search_traverse(SearchObject *o, visitproc visit, void *arg) {
    Py_VISIT(o->owner);
    Py_VISIT(o->progress);
    return pending_visit(&o->pending, visit, arg);
}

static int Search_clear(SearchObject *o) {
    Py_CLEAR(o->progress);
    Py_CLEAR(o->owner);
    pending_clear(&o->pending);
    return 0;
}

static void Search_dealloc(SearchObject *o) {
    PyObject_GC_UnTrack(o);
    Search_clear(o);
    cells_search_free(&o->s);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

/* Where a search its budget stopped stands: (path, levels), the options of the node it was
   about to enter (after the givens), and for each level of that path the options it had yet to
   try there, in its order, with the number of options it branched on there: what is left of
   its tree, to be searched elsewhere (dlx.parallel). None unless a budget stopped it. */
static PyObject *Search_frontier(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    const cells_search *s = &o->s;
    if (o->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
    if (s->status != CELLS_BUDGET) Py_RETURN_NONE;
    int levels = s->level, taken, n;
    int *out = PyMem_Malloc(((size_t)s->t->options + 1) * sizeof(int));
    PyObject *path = PyTuple_New(levels), *rest = PyTuple_New(levels), *r = NULL;
    if (out == NULL || path == NULL || rest == NULL) {
        if (out == NULL) PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < levels; k++) {
        int degree = cells_untried(s, k, &taken, out, &n);
        PyObject *untried = PyTuple_New(n), *v = PyLong_FromLong(taken);
        if (untried == NULL || v == NULL) {
            Py_XDECREF(untried);
            Py_XDECREF(v);
            goto done;
        }
        PyTuple_SET_ITEM(path, k, v);
        for (int j = 0; j < n; j++) {
            PyObject *w = PyLong_FromLong(out[j]);
            if (w == NULL) {
                Py_DECREF(untried);
                goto done;
            }
            PyTuple_SET_ITEM(untried, j, w);
        }
        PyObject *level = Py_BuildValue("(Ni)", untried, degree);
        if (level == NULL) goto done;
        PyTuple_SET_ITEM(rest, k, level);
    }
    r = PyTuple_Pack(2, path, rest);
done:
    PyMem_Free(out);
    Py_XDECREF(path);
    Py_XDECREF(rest);
    return r;
}

static PyMethodDef Search_methods[] = {
    {"close", (PyCFunction)Search_close, METH_NOARGS, "Stop the search."},
    {"batch", (PyCFunction)Search_batch, METH_O,
     "The next solutions, at most n of them, in one list (empty once the search is over)."},
    {"frontier", (PyCFunction)Search_frontier, METH_NOARGS,
     "(path, ((untried, degree), ...)) where a budget stopped the search, else None."},
    {"stats", (PyCFunction)Search_stats, METH_NOARGS,
     "(nodes, updates, solutions, status, profile) so far."},
    {NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx.cores.cells._cells.CellsSearch",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One SSXCC search: an iterator of solutions (lists of option numbers).",
    .tp_traverse = (traverseproc)Search_traverse,
    .tp_clear = (inquiry)Search_clear,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Search_next,
    .tp_methods = Search_methods,
};

/* Read the givens: option numbers below `limit`; NULL with an exception on error. */
static int *read_givens(PyObject *seq, int limit, int *count) {
    PyObject *fast = PySequence_Fast(seq, "givens must be a sequence");
    if (fast == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int *a = n < INT32_MAX / 4 ? PyMem_Calloc((size_t)n + 1, sizeof(int)) : NULL;
    if (a == NULL) PyErr_NoMemory();
    for (Py_ssize_t k = 0; a != NULL && k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (PyErr_Occurred() || v < 0 || v >= limit) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "given out of range");
            PyMem_Free(a);
            a = NULL;
        } else a[k] = (int)v;
    }
    *count = (int)n;
    Py_DECREF(fast);
    return a;
}

/* Cells.search(givens, max_nodes, timeout, progress, signals, count_to): a new search;
   `count_to`, the number of the first solution handed back (0 or 1: every one): those before
   it are counted where they are found and never leave C. */
static PyObject *Cells_search(CellsObject *c, PyObject *args) {
    PyObject *givens, *timeout, *progress;
    long long max_nodes, count_to = 0;
    int signals = 1, ngivens = 0;
    if (!PyArg_ParseTuple(args, "OLOO|pL", &givens, &max_nodes, &timeout, &progress, &signals,
                          &count_to))
        return NULL;
    if (!c->built) {
        PyErr_SetString(PyExc_ValueError, "this Cells was never initialised");
        return NULL;
    }
    double seconds = timeout == Py_None ? -1.0 : PyFloat_AsDouble(timeout);
    if (seconds == -1.0 && PyErr_Occurred()) return NULL;
    int *given = read_givens(givens, c->table.options, &ngivens);
    if (given == NULL) return NULL;
    SearchObject *o = PyObject_GC_New(SearchObject, &SearchType);
    if (o == NULL) { PyMem_Free(given); return NULL; }
    memset((char *)o + sizeof(PyObject), 0, sizeof(SearchObject) - sizeof(PyObject));
    Py_INCREF(c);
    o->owner = c;
    o->progress = progress == Py_None ? NULL : progress;
    Py_XINCREF(o->progress);
    o->signals = signals;
    o->deadline = seconds < 0 ? -1.0 : monotonic() + seconds;
    PyObject_GC_Track(o);
    int r = cells_search_init(&o->s, &c->table, given, ngivens);
    PyMem_Free(given);
    if (r < 0) {
        o->finished = 1;
        Py_DECREF(o);
        return PyErr_NoMemory();
    }
    o->s.node_cap = max_nodes < 1 ? 1 : max_nodes;
    o->s.count_to = count_to;
    o->s.poll = poll;
    o->s.context = o;
    return (PyObject *)o;
}

static PyMethodDef Cells_methods[] = {
    {"search", (PyCFunction)Cells_search, METH_VARARGS,
     "search(givens, max_nodes, timeout, progress, signals=True, count_to=0): a new search."},
    {NULL}};

static PyTypeObject CellsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx.cores.cells._cells.Cells",
    .tp_basicsize = sizeof(CellsObject),
    .tp_dealloc = (destructor)Cells_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One problem's SSXCC table: Cells(primary, items, options, colours).",
    .tp_init = (initproc)Cells_init,
    .tp_new = PyType_GenericNew,
    .tp_methods = Cells_methods,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "dlx.cores.cells._cells",
                                    "Knuth's SSXCC (dancing cells), compiled.", -1, NULL};

PyMODINIT_FUNC PyInit__cells(void) {
    if (PyType_Ready(&CellsType) < 0 || PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&CellsType);
    if (PyModule_AddObject(m, "Cells", (PyObject *)&CellsType) < 0) {
        Py_DECREF(&CellsType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

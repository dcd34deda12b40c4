/* The compiled bitset search: the Python types over csrc/ (bitset.h explains the search).
   `Table(positions, position, bounds, primary, options, neighbours)` holds one problem's
   table; `Table.search(givens, max_nodes, timeout, progress, signals, count_to, plan,
   region_limit)` starts a `BitsetSearch`, an iterator of solutions (lists of option numbers)
   whose whole state lives in its own struct; `Table.estimate(givens, plan, region_limit,
   probes, seed)` is Knuth's random-path estimate of a search's tree. The GIL is released
   while it searches unless a progress display must be called; budgets, Ctrl-C and the
   display are polled every few thousand nodes. dlx/cores/bitset/twin.py is the oracle. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <time.h>

#include "../csrc/batch.h"
#include "csrc/bitset.h"

typedef struct {
    PyObject_HEAD
    bs_table table;
    int built;
} TableObject;

typedef struct {
    PyObject_HEAD
    TableObject *owner;
    PyObject *progress;
    PyThreadState *released;
    bs_search s;
    double deadline; /* monotonic seconds, or < 0 for none */
    int signals, running, finished;
    int polling; /* in the progress display's call, where the share may be asked for */
    pending_error pending; /* an error kept by `batch` for its next call */
} SearchObject;

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The ints of a sequence, each in [low, high]: a new array of *count (+1) ints, or NULL with an
   exception. */
static int *read_ints(PyObject *seq, long low, long high, Py_ssize_t *count) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
    if (fast == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int *a = n < INT32_MAX / 4 ? PyMem_Malloc(((size_t)n + 1) * sizeof(int)) : NULL;
    if (a == NULL) PyErr_NoMemory();
    for (Py_ssize_t k = 0; a != NULL && k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if ((v == -1 && PyErr_Occurred()) || v < low || v > high) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a number out of range");
            PyMem_Free(a);
            a = NULL;
        } else a[k] = (int)v;
    }
    *count = n;
    Py_DECREF(fast);
    return a;
}

/* A sequence of sequences of ints in [low, high], flattened: the lengths (n of them) and the
   numbers; 0, or -1 with an exception. */
static int read_rows(PyObject *seq, long low, long high, Py_ssize_t n, int **lengths,
                     int **numbers) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of sequences");
    if (fast == NULL) return -1;
    int r = PySequence_Fast_GET_SIZE(fast) == n ? 0 : -1;
    if (r < 0) PyErr_SetString(PyExc_ValueError, "wrong number of rows");
    PyObject **rows = r == 0 ? PyMem_Calloc((size_t)n + 1, sizeof(PyObject *)) : NULL;
    Py_ssize_t total = 0;
    if (r == 0 && rows == NULL) r = -1, PyErr_NoMemory();
    for (Py_ssize_t k = 0; r == 0 && k < n; k++) {
        rows[k] = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, k), "rows must be sequences");
        if (rows[k] == NULL || total > INT32_MAX / 4) r = -1;
        else total += PySequence_Fast_GET_SIZE(rows[k]);
    }
    if (r == 0 && total > INT32_MAX / 4) r = -1, PyErr_SetString(PyExc_ValueError, "too long");
    *lengths = r == 0 ? PyMem_Malloc(((size_t)n + 1) * sizeof(int)) : NULL;
    *numbers = r == 0 ? PyMem_Malloc(((size_t)total + 1) * sizeof(int)) : NULL;
    if (r == 0 && (*lengths == NULL || *numbers == NULL)) r = -1, PyErr_NoMemory();
    for (Py_ssize_t k = 0, q = 0; r == 0 && k < n; k++) {
        Py_ssize_t m = PySequence_Fast_GET_SIZE(rows[k]);
        (*lengths)[k] = (int)m;
        for (Py_ssize_t j = 0; r == 0 && j < m; j++, q++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(rows[k], j));
            if ((v == -1 && PyErr_Occurred()) || v < low || v > high) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a number out of range");
                r = -1;
            } else (*numbers)[q] = (int)v;
        }
    }
    for (Py_ssize_t k = 0; rows != NULL && k < n; k++) Py_XDECREF(rows[k]);
    PyMem_Free(rows);
    Py_DECREF(fast);
    return r;
}

static void Table_dealloc(TableObject *self) {
    if (self->built) bs_table_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The arrays Table's arguments are read into, freed together. */
typedef struct {
    int *position, *lo, *hi, *lengths, *numbers, *counts, *neighbours;
    char *primary;
} table_args;

static void free_args(table_args *a) {
    PyMem_Free(a->position), PyMem_Free(a->lo), PyMem_Free(a->hi), PyMem_Free(a->lengths);
    PyMem_Free(a->numbers), PyMem_Free(a->counts), PyMem_Free(a->neighbours);
    PyMem_Free(a->primary);
}

/* Read Table's arguments: each item's position, lo and hi, the options, and each position's
   neighbours (or None); 0, or -1 with an exception. */
static int read_table(table_args *a, int positions, PyObject *const *args, int primary,
                      Py_ssize_t *items, Py_ssize_t *noptions) {
    Py_ssize_t n_lo, n_hi;
    a->position = read_ints(args[0], -1, positions - 1, items);
    a->lo = a->position ? read_ints(args[1], 0, INT32_MAX / 4, &n_lo) : NULL;
    a->hi = a->lo ? read_ints(args[2], 1, INT32_MAX / 4, &n_hi) : NULL;
    if (a->hi == NULL) return -1;
    if (n_lo != *items || n_hi != *items || primary < 0 || primary > *items) {
        PyErr_SetString(PyExc_ValueError, "bad item counts");
        return -1;
    }
    a->primary = PyMem_Malloc((size_t)*items + 1);
    if (a->primary == NULL) return PyErr_NoMemory(), -1;
    for (Py_ssize_t i = 0; i < *items; i++) a->primary[i] = i < primary;
    *noptions = PySequence_Size(args[3]);
    if (*noptions < 0) return -1;
    if (read_rows(args[3], 0, (long)*items - 1, *noptions, &a->lengths, &a->numbers) < 0)
        return -1;
    if (args[4] != Py_None &&
        read_rows(args[4], 0, positions - 1, positions, &a->counts, &a->neighbours) < 0)
        return -1;
    return 0;
}

/* Table(positions, position, lo, hi, primary, options, neighbours): a problem's table. */
static int Table_init(TableObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"positions", "position", "lo", "hi", "primary", "options",
                             "neighbours", NULL};
    int positions, primary;
    PyObject *in[5];
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOOiOO", kwlist, &positions, &in[0], &in[1],
                                     &in[2], &primary, &in[3], &in[4]))
        return -1;
    if (self->built) {
        PyErr_SetString(PyExc_TypeError, "Table is initialised once");
        return -1;
    }
    if (positions < 1 || positions > BS_MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "positions out of range");
        return -1;
    }
    table_args a = {0};
    Py_ssize_t items = 0, options = 0;
    int r = read_table(&a, positions, in, primary, &items, &options);
    if (r == 0 && (items < 1 || items > INT32_MAX / 8 || options > INT32_MAX / 8)) {
        PyErr_SetString(PyExc_ValueError, "bad item or option counts");
        r = -1;
    }
    if (r == 0) {
        r = bs_table_init(&self->table, (int)items, a.position, a.lo, a.hi, a.primary,
                          (int)options, a.lengths, a.numbers, positions, a.counts, a.neighbours);
        if (r == -1) PyErr_NoMemory();
        else if (r < 0) PyErr_SetString(PyExc_ValueError, "the cells do not fit a bitset table");
        else self->built = 1;
    }
    free_args(&a);
    return r < 0 ? -1 : 0;
}

/* The poll of a search, every few thousand nodes (as dlx.cores.counters.Budgets.spent). */
static int poll(bs_search *s) {
    SearchObject *o = s->context;
    long long next = s->nodes + BS_POLL_NODES;
    s->next_poll = next < s->node_cap ? next : s->node_cap;
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
        o->polling = 1;
        PyObject *r = PyObject_CallNoArgs(o->progress);
        o->polling = 0;
        if (r == NULL) return -1;
        Py_DECREF(r);
    }
    return 0;
}

static void finish(SearchObject *o) {
    if (!o->finished && o->s.status == BS_RUNNING) o->s.status = BS_CLOSED;
    o->finished = 1;
}

static int busy(SearchObject *o) {
    if (o->running) PyErr_SetString(PyExc_ValueError, "search already executing");
    return o->running;
}

/* The next solution, as the iterator gives it; with `pause`, NULL and *paused set at the next
   poll (../csrc/batch.h's step). */
static PyObject *Search_step(SearchObject *o, int pause, int *paused) {
    if (o->finished || busy(o)) return NULL;
    o->running = 1;
    if (o->progress == NULL) o->released = PyEval_SaveThread();
    o->s.pause = pause;
    int r = bs_run(&o->s);
    o->s.pause = 0;
    if (o->released != NULL) PyEval_RestoreThread(o->released);
    o->released = NULL;
    o->running = 0;
    if (r == BS_PAUSED) {
        *paused = 1;
        return NULL;
    }
    if (r == BS_SOLUTION) {
        int n = o->s.base + o->s.level;
        PyObject *list = PyList_New(n);
        for (int k = 0; list != NULL && k < n; k++) {
            PyObject *v = PyLong_FromLong(o->s.opts[k]);
            if (v == NULL) Py_CLEAR(list);
            else PyList_SET_ITEM(list, k, v);
        }
        if (list == NULL) finish(o);
        return list;
    }
    finish(o);
    return NULL;
}

static PyObject *Search_next(SearchObject *o) {
    int paused = 0;
    return Search_step(o, 0, &paused);
}

/* Search.batch(n): see ../csrc/batch.h. */
static PyObject *Search_batch(SearchObject *o, PyObject *n) {
    return next_batch((PyObject *)o, (batch_step)Search_step, &o->pending, n);
}

static PyObject *Search_close(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    if (busy(o)) return NULL;
    pending_close(&o->pending);
    finish(o);
    Py_RETURN_NONE;
}

static const char *status_names[] = {"running", "exhausted", "budget", "closed"};

static PyObject *Search_stats(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    int levels = o->s.nodes ? o->s.max_level + 1 : 0;
    PyObject *profile = PyList_New(levels);
    for (int k = 0; profile != NULL && k < levels; k++) {
        PyObject *v = PyLong_FromLongLong(o->s.profile[k]);
        if (v == NULL) Py_CLEAR(profile);
        else PyList_SET_ITEM(profile, k, v);
    }
    if (profile == NULL) return NULL;
    return Py_BuildValue("(LLLsNL)", o->s.nodes, o->s.updates, o->s.solutions,
                         status_names[o->s.status], profile, o->s.counted);
}

/* Knuth's estimate of the share of the tree searched so far (at a progress poll). */
static PyObject *Search_share(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    if (!o->polling && busy(o)) return NULL;
    return PyFloat_FromDouble(bs_share(&o->s));
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
    bs_search_free(&o->s);
    Search_clear(o);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

/* A tuple of n ints. */
static PyObject *int_tuple(const int *a, int n) {
    PyObject *t = PyTuple_New(n);
    for (int j = 0; t != NULL && j < n; j++) {
        PyObject *v = PyLong_FromLong(a[j]);
        if (v == NULL) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, j, v);
    }
    return t;
}

/* Where a search its budget stopped stands: (path, levels), the options of the node it was
   about to enter (after the givens), and for each level of that path the options it had yet
   to try there, in its order, with the number of options it branched on there (see
   dlx.cores.settings.Frontier). None unless a budget stopped it. */
static PyObject *Search_frontier(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    bs_search *s = &o->s;
    if (busy(o)) return NULL;
    /* Final options are taken in increasing order below the path, which givens do not say:
       where there are any, a part searched from them would search more than its subtree. */
    if (s->status != BS_BUDGET || s->t->final_begin < s->t->final_end) Py_RETURN_NONE;
    int levels = s->level, n;
    int *out = PyMem_Malloc(((size_t)s->t->options + 1) * sizeof(int));
    int *path = PyMem_Malloc(((size_t)levels + 1) * sizeof(int));
    PyObject *rest = PyTuple_New(levels), *r = NULL;
    if (out == NULL || path == NULL || rest == NULL) {
        if (rest != NULL) PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < levels; k++) {
        int degree = bs_level_options(s, k, out, &n, &path[k]);
        PyObject *untried = int_tuple(out, n);
        PyObject *level = untried ? Py_BuildValue("(Ni)", untried, degree) : NULL;
        if (level == NULL) goto done;
        PyTuple_SET_ITEM(rest, k, level);
    }
    PyObject *taken_path = int_tuple(path, levels);
    if (taken_path != NULL) r = Py_BuildValue("(NO)", taken_path, rest);
done:
    PyMem_Free(out);
    PyMem_Free(path);
    Py_XDECREF(rest);
    return r;
}

static PyMethodDef Search_methods[] = {
    {"close", (PyCFunction)Search_close, METH_NOARGS, "Stop the search."},
    {"batch", (PyCFunction)Search_batch, METH_O,
     "The next solutions, at most n of them, in one list (empty once the search is over)."},
    {"frontier", (PyCFunction)Search_frontier, METH_NOARGS,
     "(path, ((untried, degree), ...)) where a budget stopped the search, else None."},
    {"share", (PyCFunction)Search_share, METH_NOARGS,
     "Knuth's estimate of the share of the tree searched so far."},
    {"stats", (PyCFunction)Search_stats, METH_NOARGS,
     "(nodes, updates, solutions, status, profile, cells counted by narrow choices) so far."},
    {NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx.cores.bitset._bitset.BitsetSearch",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One bitset search: an iterator of solutions (lists of option numbers).",
    .tp_traverse = (traverseproc)Search_traverse,
    .tp_clear = (inquiry)Search_clear,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Search_next,
    .tp_methods = Search_methods,
};

/* A new search object over `t` (its arrays set up by bs_search_init), or NULL. */
static SearchObject *new_search(TableObject *t, PyObject *givens, PyObject *plan, int narrow,
                                int limit) {
    if (!t->built) {
        PyErr_SetString(PyExc_ValueError, "this Table was never initialised");
        return NULL;
    }
    Py_ssize_t ngivens, nplan;
    int *given = read_ints(givens, 0, t->table.options - 1, &ngivens);
    int *planned = given ? read_ints(plan, 0, t->table.others - 1, &nplan) : NULL;
    SearchObject *o = planned ? PyObject_GC_New(SearchObject, &SearchType) : NULL;
    if (o != NULL) {
        memset((char *)o + sizeof(PyObject), 0, sizeof(SearchObject) - sizeof(PyObject));
        Py_INCREF(t);
        o->owner = t;
        o->finished = 1; /* until its arrays are set up */
        PyObject_GC_Track(o);
        int r = bs_search_init(&o->s, &t->table, given, (int)ngivens, planned, (int)nplan, narrow,
                               limit);
        if (r == -1) PyErr_NoMemory();
        else if (r < 0) PyErr_SetString(PyExc_ValueError, "a plan names an other not used once");
        if (r < 0) Py_CLEAR(o);
        else o->finished = 0;
    }
    PyMem_Free(given);
    PyMem_Free(planned);
    return o;
}

/* Table.search(givens, max_nodes, timeout, progress, signals, count_to, (plan, narrow),
   region_limit): a new search; `count_to`, the number of the first solution handed back (0 or
   1: every one): those before it are counted where they are found and never leave C. */
static PyObject *Table_search(TableObject *t, PyObject *args) {
    PyObject *givens, *timeout, *progress, *plan;
    long long max_nodes, count_to;
    int signals, narrow, limit;
    if (!PyArg_ParseTuple(args, "OLOOpL(Op)i", &givens, &max_nodes, &timeout, &progress,
                          &signals, &count_to, &plan, &narrow, &limit))
        return NULL;
    double seconds = timeout == Py_None ? -1.0 : PyFloat_AsDouble(timeout);
    if (seconds == -1.0 && PyErr_Occurred()) return NULL;
    SearchObject *o = new_search(t, givens, plan, narrow, limit);
    if (o == NULL) return NULL;
    o->progress = progress == Py_None ? NULL : progress;
    Py_XINCREF(o->progress);
    o->signals = signals;
    o->deadline = seconds < 0 ? -1.0 : monotonic() + seconds;
    o->s.node_cap = max_nodes < 1 ? 1 : max_nodes;
    o->s.count_to = count_to;
    o->s.poll = poll;
    o->s.context = o;
    return (PyObject *)o;
}

/* Table.estimate(givens, (plan, narrow), region_limit, probes, seed): (nodes, options that
   fit, cells counted), the mean over `probes` random paths of the search's tree. */
static PyObject *Table_estimate(TableObject *t, PyObject *args) {
    PyObject *givens, *plan;
    int narrow, limit, probes;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "O(Op)iiK", &givens, &plan, &narrow, &limit, &probes, &seed))
        return NULL;
    SearchObject *o = new_search(t, givens, plan, narrow, limit);
    if (o == NULL) return NULL;
    double figures[3] = {0, 0, 0};
    int r = bs_estimate(&o->s, probes, seed, figures);
    Py_DECREF(o);
    if (r < 0) return PyErr_NoMemory();
    return Py_BuildValue("(ddd)", figures[0], figures[1], figures[2]);
}

/* Table.regions: whether the region checks run on this table. */
static PyObject *Table_get_regions(TableObject *t, void *Py_UNUSED(closure)) {
    return PyBool_FromLong(t->built && t->table.regions);
}

/* Table.window: how many positions after a cell pick its options' list. */
static PyObject *Table_get_window(TableObject *t, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(t->built ? t->table.window : 0);
}

static PyGetSetDef Table_getset[] = {
    {"regions", (getter)Table_get_regions, NULL, "Whether the region checks run.", NULL},
    {"window", (getter)Table_get_window, NULL, "Positions after a cell that pick its list.", NULL},
    {NULL}};

static PyMethodDef Table_methods[] = {
    {"search", (PyCFunction)Table_search, METH_VARARGS,
     "search(givens, max_nodes, timeout, progress, signals, count_to, (plan, narrow), "
     "region_limit)."},
    {"estimate", (PyCFunction)Table_estimate, METH_VARARGS,
     "estimate(givens, (plan, narrow), region_limit, probes, seed): (nodes, updates, counted)."},
    {NULL}};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx.cores.bitset._bitset.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One problem's bitset table: Table(positions, position, lo, hi, primary, options, "
              "neighbours).",
    .tp_init = (initproc)Table_init,
    .tp_new = PyType_GenericNew,
    .tp_methods = Table_methods,
    .tp_getset = Table_getset,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "dlx.cores.bitset._bitset",
                                    "Exact cover on bitsets, compiled.", -1, NULL};

PyMODINIT_FUNC PyInit__bitset(void) {
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

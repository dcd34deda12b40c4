/* binding.h: what the Python bindings of the compiled cores share (dlx/engines/links/_links.c,
   dlx/engines/cells/_cells.c, dlx/engines/bitset/_bitset.c; dlx/engines/zdd/_zdd.c its poll and
   module), as static inline helpers beside batch.h. The cores themselves are
   plain C; a binding wraps their structs in Python types, and these helpers are its Python side:

   - `binding_search`, the Python side of one search: its progress display, deadline and
     signals, polled every few thousand nodes (`binding_poll`, the cores' poll callback, its
     context a `binding_search`), the GIL let go while the core runs where nothing in Python is
     called (`binding_enter`, `binding_leave`), and the check that a search is not called from
     inside its own run (`binding_idle`);
   - reading a problem's options and a list of numbers into C arrays, every number checked;
   - handing results back: a solution's list of option numbers, the statistics tuple (nodes,
     updates, solutions, status, profile, ...) and the frontier where a budget stopped a search.

   Each core names its statuses in the order of `binding_status_names`. */
#ifndef DLX_BINDING_H
#define DLX_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <time.h>

#include "batch.h"

/* ---------- The Python side of a search ---------- */

typedef struct {
    PyObject *progress;      /* called at each poll (the GIL held throughout), or NULL */
    PyThreadState *released; /* while the core runs without the GIL, the thread's state */
    double deadline;         /* monotonic seconds, or < 0 for none */
    int signals;             /* whether to look for signals (Python runs handlers in the main
                                thread only) */
    int running;             /* the core is running this search now */
    pending_error pending;   /* an error kept by `batch` for its next call (batch.h) */
} binding_search;

static inline double binding_monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A search's Python side: `progress` (None for none) called at each poll, `timeout` (None,
   or seconds from now), `signals` looked for at each poll. 0, or -1 with an exception. */
static inline int binding_search_init(binding_search *b, PyObject *progress, PyObject *timeout,
                                      int signals) {
    memset(b, 0, sizeof *b);
    b->deadline = -1.0;
    if (timeout != Py_None) {
        double seconds = PyFloat_AsDouble(timeout);
        if (seconds == -1.0 && PyErr_Occurred()) return -1;
        b->deadline = binding_monotonic() + (seconds > 0 ? seconds : 0);
    }
    b->signals = signals;
    b->progress = progress == Py_None ? NULL : progress;
    Py_XINCREF(b->progress);
    return 0;
}

static inline int binding_visit(binding_search *b, visitproc visit, void *arg) {
    Py_VISIT(b->progress);
    return pending_visit(&b->pending, visit, arg);
}

static inline void binding_clear(binding_search *b) {
    Py_CLEAR(b->progress);
    pending_clear(&b->pending);
}

/* 0 when the search is not running; else -1 with ValueError: its progress display or a hook,
   called from inside the run, may not run it, close it or read where it stopped. */
static inline int binding_idle(const binding_search *b) {
    if (!b->running) return 0;
    PyErr_SetString(PyExc_ValueError, "search already executing");
    return -1;
}

/* Search.close()'s first part: 0, the error a batch kept dropped (a Ctrl-C made to arrive
   again: batch.h); or -1 with ValueError when the search is running. */
static inline int binding_close(binding_search *b) {
    if (binding_idle(b) < 0) return -1;
    pending_close(&b->pending);
    return 0;
}

/* Before the core runs: -1 with ValueError if it runs already; the GIL let go unless `hold`
   (something in Python is to be called: a hook, the progress display). */
static inline int binding_enter(binding_search *b, int hold) {
    if (binding_idle(b) < 0) return -1;
    b->running = 1;
    if (!hold) b->released = PyEval_SaveThread();
    return 0;
}

/* After the core ran: the GIL held again. */
static inline void binding_leave(binding_search *b) {
    if (b->released != NULL) PyEval_RestoreThread(b->released);
    b->released = NULL;
    b->running = 0;
}

/* The cores' poll (links_poll, cells_poll), every few thousand nodes once the core has looked
   at its node budget, as dlx.engines.counters.Budgets.spent: 1 when the deadline is past, -1 on
   an exception (a signal's handler raised, or the progress display), 0 to go on. */
static inline int binding_poll(void *context) {
    binding_search *b = context;
    if (b->deadline >= 0 && binding_monotonic() > b->deadline) return 1;
    if (b->released != NULL) {
        if (!b->signals) return 0; /* no signal handler runs in this thread: keep the GIL free */
        PyEval_RestoreThread(b->released);
        int r = PyErr_CheckSignals();
        b->released = PyEval_SaveThread();
        return r < 0 ? -1 : 0;
    }
    if (PyErr_CheckSignals() < 0) return -1;
    if (b->progress != NULL) {
        PyObject *r = PyObject_CallNoArgs(b->progress);
        if (r == NULL) return -1;
        Py_DECREF(r);
    }
    return 0;
}

/* ---------- From Python: a problem's options, lists of numbers ---------- */

/* A problem's options in three flat arrays (PyMem): option o holds lengths[o] items, whose
   numbers and colours (0: none) follow those of the options before it. */
typedef struct {
    int count;
    int *lengths, *numbers, *colours;
} binding_options;

static inline void binding_options_free(binding_options *o) {
    PyMem_Free(o->lengths);
    PyMem_Free(o->numbers);
    PyMem_Free(o->colours);
    memset(o, 0, sizeof *o);
}

/* Pass 1 of binding_read_options: each option (and its colours) as a fast sequence in
   rows[2o] (rows[2o + 1]), its length in lengths[o]; the number of nodes, or -1 with an
   exception. Reading may run Python code (a sequence's iteration), so every size is looked at
   again as it is used. */
static inline Py_ssize_t binding_option_rows(PyObject *opts, PyObject *colours, int painted,
                                             int empty_ok, PyObject **rows, int *lengths) {
    Py_ssize_t total = 0;
    for (Py_ssize_t o = 0; o < PySequence_Fast_GET_SIZE(opts); o++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(opts, o), "option not a sequence");
        if ((rows[2 * o] = row) == NULL) return -1;
        Py_ssize_t len = PySequence_Fast_GET_SIZE(row);
        if (len < 1 && !empty_ok) {
            PyErr_SetString(PyExc_ValueError, "an option has no items");
            return -1;
        }
        if (painted) {
            PyObject *paint = PySequence_GetItem(colours, o);
            rows[2 * o + 1] = paint ? PySequence_Fast(paint, "colours must be sequences") : NULL;
            Py_XDECREF(paint);
            if (rows[2 * o + 1] == NULL) return -1;
            if (PySequence_Fast_GET_SIZE(rows[2 * o + 1]) != len) {
                PyErr_SetString(PyExc_ValueError, "an option's colours do not match its items");
                return -1;
            }
        }
        lengths[o] = (int)len;
        if ((total += len) > INT32_MAX / 4) {
            PyErr_SetString(PyExc_MemoryError, "too many nodes for the compiled core");
            return -1;
        }
    }
    return total;
}

/* Pass 2: the item numbers (each below `items`) and colours of every option into flat
   arrays; 0, or -1 with an exception. */
static inline int binding_option_numbers(PyObject **rows, int painted, int items,
                                         binding_options *out) {
    for (Py_ssize_t o = 0, k = 0; o < out->count; o++) {
        PyObject *row = rows[2 * o], *paint = painted ? rows[2 * o + 1] : NULL;
        for (int j = 0; j < out->lengths[o]; j++, k++) {
            /* reading a number may run Python code (`__index__`) that changes a row */
            if (j >= PySequence_Fast_GET_SIZE(row) ||
                (paint != NULL && j >= PySequence_Fast_GET_SIZE(paint))) {
                PyErr_SetString(PyExc_ValueError, "the options changed while they were read");
                return -1;
            }
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, j));
            long c = 0;
            if (paint != NULL && !PyErr_Occurred())
                c = PyLong_AsLong(PySequence_Fast_GET_ITEM(paint, j));
            if (PyErr_Occurred() || v < 0 || v >= items || c < 0 || c > INT32_MAX) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad item number");
                return -1;
            }
            out->numbers[k] = (int)v;
            out->colours[k] = (int)c;
        }
    }
    return 0;
}

/* Rows of numbers below `items` (a sequence of sequences, each empty only where `empty_ok`)
   and their colours (a sequence of one per row, each as long as its row; or empty for none)
   into `out`: 0, or -1 with an exception (ValueError for bad input) and nothing held. */
static inline int binding_read_rows(PyObject *options, PyObject *colours, int items,
                                    int empty_ok, binding_options *out) {
    memset(out, 0, sizeof *out);
    PyObject *opts = PySequence_Fast(options, "options must be a sequence");
    if (opts == NULL) return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(opts), ncol = PyObject_Length(colours);
    int painted = ncol > 0, r = -1;
    PyObject **rows = NULL;
    if (ncol < 0) goto done;
    if (painted && ncol != m) {
        PyErr_SetString(PyExc_ValueError, "colours must give one row per option, or none");
        goto done;
    }
    if (m > INT32_MAX / 4) {
        PyErr_SetString(PyExc_MemoryError, "too many options for the compiled core");
        goto done;
    }
    rows = PyMem_Calloc(2 * (size_t)m + 2, sizeof(PyObject *));
    out->lengths = PyMem_Calloc((size_t)m + 1, sizeof(int));
    if (rows == NULL || out->lengths == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t total = binding_option_rows(opts, colours, painted, empty_ok, rows, out->lengths);
    if (total < 0) goto done;
    out->count = (int)m;
    out->numbers = PyMem_Calloc((size_t)total + 1, sizeof(int));
    out->colours = PyMem_Calloc((size_t)total + 1, sizeof(int));
    if (out->numbers == NULL || out->colours == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    r = binding_option_numbers(rows, painted, items, out);
done:
    for (Py_ssize_t o = 0; rows != NULL && o < 2 * m; o++) Py_XDECREF(rows[o]);
    PyMem_Free(rows);
    Py_DECREF(opts);
    if (r < 0) binding_options_free(out);
    return r;
}

/* A problem's options (sequences of item numbers below `items`, none empty) and their
   colours, as binding_read_rows reads them. */
static inline int binding_read_options(PyObject *options, PyObject *colours, int items,
                                       binding_options *out) {
    return binding_read_rows(options, colours, items, 0, out);
}

/* A sequence of numbers, each in [low, limit), in a fresh array (PyMem), their count in
   *count; NULL with an exception (ValueError `message` for one out of range). */
static inline int *binding_ints_from(PyObject *seq, int low, int limit, int *count,
                                     const char *message) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of numbers");
    if (fast == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int *a = n < INT32_MAX / 4 ? PyMem_Calloc((size_t)n + 1, sizeof(int)) : NULL;
    if (a == NULL) PyErr_NoMemory();
    for (Py_ssize_t k = 0; a != NULL && k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (PyErr_Occurred() || v < low || v >= limit) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, message);
            PyMem_Free(a);
            a = NULL;
        } else a[k] = (int)v;
    }
    *count = (int)n;
    Py_DECREF(fast);
    return a;
}

/* A sequence of numbers, each in [0, limit), as binding_ints_from reads them. */
static inline int *binding_ints(PyObject *seq, int limit, int *count, const char *message) {
    return binding_ints_from(seq, 0, limit, count, message);
}

/* ---------- To Python: solutions, statistics, frontiers ---------- */

/* A new list of the n numbers a[0..n). */
static inline PyObject *binding_int_list(const int *a, Py_ssize_t n) {
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(a[k]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, v);
    }
    return list;
}

/* A search's status, by its number in every core. */
static const char *const binding_status_names[] = {"running", "exhausted", "budget", "closed"};

/* A search's statistics as dlx.engines.counters reads them: (nodes, updates, solutions, status,
   profile), the profile a list of the `levels` counts of nodes per level, then the `nextra`
   counts of `extra` (the links core's memo hits and stores). */
static inline PyObject *binding_stats(long long nodes, long long updates, long long solutions,
                                      int status, const long long *profile, int levels,
                                      const long long *extra, int nextra) {
    PyObject *out = PyTuple_New(5 + nextra), *v;
    if (out == NULL) return NULL;
    long long counts[3] = {nodes, updates, solutions};
    for (int k = 0; k < 3; k++) {
        if ((v = PyLong_FromLongLong(counts[k])) == NULL) goto fail;
        PyTuple_SET_ITEM(out, k, v);
    }
    if ((v = PyUnicode_FromString(binding_status_names[status])) == NULL) goto fail;
    PyTuple_SET_ITEM(out, 3, v);
    if ((v = PyList_New(levels)) == NULL) goto fail;
    PyTuple_SET_ITEM(out, 4, v);
    for (int k = 0; k < levels; k++) {
        PyObject *w = PyLong_FromLongLong(profile[k]);
        if (w == NULL) goto fail;
        PyList_SET_ITEM(v, k, w);
    }
    for (int k = 0; k < nextra; k++) {
        if ((v = PyLong_FromLongLong(extra[k])) == NULL) goto fail;
        PyTuple_SET_ITEM(out, 5 + k, v);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* A new tuple of the numbers a[0..n). */
static inline PyObject *binding_int_tuple(const int *a, Py_ssize_t n) {
    PyObject *list = binding_int_list(a, n);
    PyObject *tuple = list != NULL ? PyList_AsTuple(list) : NULL;
    Py_XDECREF(list);
    return tuple;
}

/* Where a budget stopped a search, as Search.frontier gives it: (path, ((untried, degree),
   ...)), path[k] the option taken at level k of `levels`, untried[starts[k]..starts[k + 1])
   the options that level had yet to try, in its order, degrees[k] the options it branched
   on. */
static inline PyObject *binding_frontier(int levels, const int *path, const int *starts,
                                         const int *untried, const int *degrees) {
    PyObject *head = binding_int_tuple(path, levels), *rest = PyTuple_New(levels), *r = NULL;
    if (head == NULL || rest == NULL) goto done;
    for (int k = 0; k < levels; k++) {
        PyObject *those = binding_int_tuple(untried + starts[k], starts[k + 1] - starts[k]);
        PyObject *level = those ? Py_BuildValue("(Ni)", those, degrees[k]) : NULL;
        if (level == NULL) goto done;
        PyTuple_SET_ITEM(rest, k, level);
    }
    r = PyTuple_Pack(2, head, rest);
done:
    Py_XDECREF(head);
    Py_XDECREF(rest);
    return r;
}

/* ---------- The module ---------- */

/* A core's module made from `def`, each of the `n` types readied and added under its name
   (`names[k]` for `types[k]`, NULL for one not added); NULL with an exception. */
static inline PyObject *binding_module(PyModuleDef *def, int n, PyTypeObject *const *types,
                                       const char *const *names) {
    for (int k = 0; k < n; k++)
        if (PyType_Ready(types[k]) < 0) return NULL;
    PyObject *m = PyModule_Create(def);
    for (int k = 0; m != NULL && k < n; k++)
        if (names[k] != NULL && PyModule_AddObjectRef(m, names[k], (PyObject *)types[k]) < 0)
            Py_CLEAR(m);
    return m;
}

/* ---------- The search type ---------- */

/* Search_next, the iterator's step, and Search_batch (Search.batch(n): batch.h) of a core's
   search type, over its Search_step (batch.h's step); `OBJECT` holds its binding_search as
   `b`. */
#define BINDING_SEARCH_STEPS(OBJECT)                                                            \
    static PyObject *Search_next(OBJECT *o) {                                                   \
        int paused = 0;                                                                         \
        return Search_step(o, 0, &paused);                                                      \
    }                                                                                           \
    static PyObject *Search_batch(OBJECT *o, PyObject *n) {                                     \
        return next_batch((PyObject *)o, (batch_step)Search_step, &o->b.pending, n);            \
    }

/* Search_step (batch.h's step) and the two of BINDING_SEARCH_STEPS, for a core whose `RUN(&o->s)`
   returns `PAUSED` at a poll that asked it to pause, `SOLUTION` with the solution's options in
   o->s.opts[0 .. o->s.base + o->s.level), else its end. `OBJECT` holds `b`, `s` and `finished`,
   beside a finish(o) that ends the search; `FAILED(o, r)` raises what an end that failed wants
   raised (or nothing). */
#define BINDING_RUN_STEPS(OBJECT, RUN, PAUSED, SOLUTION, FAILED)                                \
    static PyObject *Search_step(OBJECT *o, int pause, int *paused) {                           \
        if (o->finished) return NULL;                                                           \
        if (binding_enter(&o->b, o->b.progress != NULL) < 0) return NULL;                       \
        o->s.pause = pause;                                                                     \
        int r = RUN(&o->s);                                                                     \
        o->s.pause = 0;                                                                         \
        binding_leave(&o->b);                                                                   \
        if (r == PAUSED) {                                                                      \
            *paused = 1;                                                                        \
            return NULL;                                                                        \
        }                                                                                       \
        if (r == SOLUTION) {                                                                    \
            PyObject *list = binding_int_list(o->s.opts, o->s.base + o->s.level);               \
            if (list == NULL) finish(o);                                                        \
            return list;                                                                        \
        }                                                                                       \
        FAILED(o, r);                                                                           \
        finish(o);                                                                              \
        return NULL;                                                                            \
    }                                                                                           \
    BINDING_SEARCH_STEPS(OBJECT)

/* Search_traverse, Search_clear and Search_dealloc of a core's search type whose `OBJECT` holds
   its binding_search as `b`, the object its tables belong to as `owner`, and its core's search
   as `s`, which `FREE(&o->s)` frees (first, while its owner lives). */
#define BINDING_SEARCH_GC(OBJECT, FREE)                                                         \
    static int Search_traverse(OBJECT *o, visitproc visit, void *arg) {                         \
        Py_VISIT(o->owner);                                                                     \
        return binding_visit(&o->b, visit, arg);                                                \
    }                                                                                           \
    static int Search_clear(OBJECT *o) {                                                        \
        Py_CLEAR(o->owner);                                                                     \
        binding_clear(&o->b);                                                                   \
        return 0;                                                                               \
    }                                                                                           \
    static void Search_dealloc(OBJECT *o) {                                                     \
        PyObject_GC_UnTrack(o);                                                                 \
        FREE(&o->s);                                                                            \
        Search_clear(o);                                                                        \
        Py_TYPE(o)->tp_free((PyObject *)o);                                                     \
    }

/* The methods every core's search has, its functions named Search_close, Search_batch,
   Search_frontier and Search_stats; `STATS` says what its statistics hold. */
#define BINDING_SEARCH_METHODS(STATS)                                                           \
    {"close", (PyCFunction)Search_close, METH_NOARGS,                                           \
     "Stop the search (the core's links or table as they were before it)."},                   \
    {"batch", (PyCFunction)Search_batch, METH_O,                                                \
     "The next solutions, at most n of them, in one list (empty once the search is over)."},   \
    {"frontier", (PyCFunction)Search_frontier, METH_NOARGS,                                     \
     "(path, ((untried, degree), ...)) where a budget stopped the search, else None."},         \
    {"stats", (PyCFunction)Search_stats, METH_NOARGS, STATS}

/* A plain type `NAME` of objects `OBJECT` (a core's table, a memo), its slots those given
   after `DOC`. */
#define BINDING_TYPE(NAME, OBJECT, DOC, ...)                                                    \
    {                                                                                           \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = NAME, .tp_basicsize = sizeof(OBJECT),          \
        .tp_flags = Py_TPFLAGS_DEFAULT, .tp_doc = DOC, __VA_ARGS__                              \
    }

/* A core's search type `NAME`, of objects `OBJECT`: an iterator of solutions (lists of option
   numbers) the collector tracks, its functions named Search_dealloc, Search_traverse,
   Search_clear and Search_next, its methods `METHODS`. */
#define BINDING_SEARCH_TYPE(NAME, OBJECT, DOC, METHODS)                                         \
    {                                                                                           \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = NAME, .tp_basicsize = sizeof(OBJECT),          \
        .tp_dealloc = (destructor)Search_dealloc,                                               \
        .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, .tp_doc = DOC,                     \
        .tp_traverse = (traverseproc)Search_traverse, .tp_clear = (inquiry)Search_clear,        \
        .tp_iter = PyObject_SelfIter, .tp_iternext = (iternextfunc)Search_next,                 \
        .tp_methods = METHODS,                                                                  \
    }

#endif

/* The compiled bitset search: the Python types over csrc/ (bitset.h explains the search).
   `Table(positions, position, bounds, primary, options, neighbours)` holds one problem's
   table; `Table.search(givens, max_nodes, timeout, progress, signals, count_to, choice,
   region_limit)` starts a `BitsetSearch`, an iterator of solutions (lists of option numbers)
   whose whole state lives in its own struct; `Table.estimate(givens, choice, region_limit,
   probes, seed)` is Knuth's random-path estimate of a search's tree. The GIL is released
   while it searches unless a progress display must be called; budgets, Ctrl-C and the
   display are polled every few thousand nodes, through dlx/engines/csrc/binding.h's poll, as
   the other cores' are. dlx/engines/bitset/twin.py is the oracle. */
#include "../csrc/binding.h"
#include "csrc/bitset.h"

_Static_assert(BS_RUNNING == 0 && BS_EXHAUSTED == 1 && BS_BUDGET == 2 && BS_CLOSED == 3,
               "statuses in the order of binding_status_names");

typedef struct {
    PyObject_HEAD
    bs_table table;
    int built;
    Py_buffer shared; /* the memory its memo is in, where other processes map it too */
    int sharing;
} TableObject;

typedef struct {
    PyObject_HEAD
    TableObject *owner;
    binding_search b;
    bs_search s;
    int finished;
} SearchObject;

static void Table_dealloc(TableObject *self) {
    if (self->built) bs_table_free(&self->table);
    if (self->sharing) PyBuffer_Release(&self->shared);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The arrays Table's arguments are read into, freed together. */
typedef struct {
    int *position, *lo, *hi;
    char *primary;
    binding_options options, neighbours; /* each position's neighbours: empty for none */
} table_args;

static void free_args(table_args *a) {
    PyMem_Free(a->position), PyMem_Free(a->lo), PyMem_Free(a->hi), PyMem_Free(a->primary);
    binding_options_free(&a->options), binding_options_free(&a->neighbours);
}

/* Read Table's arguments: each item's position, lo and hi, the options, and each position's
   neighbours (or None); 0, or -1 with an exception. */
static int read_table(table_args *a, int positions, PyObject *const *args, int primary,
                      int *items) {
    int n_lo, n_hi;
    const char *message = "a number out of range";
    a->position = binding_ints_from(args[0], -1, positions, items, message);
    a->lo = a->position ? binding_ints_from(args[1], 0, INT32_MAX / 4, &n_lo, message) : NULL;
    a->hi = a->lo ? binding_ints_from(args[2], 1, INT32_MAX / 4, &n_hi, message) : NULL;
    if (a->hi == NULL) return -1;
    if (n_lo != *items || n_hi != *items || primary < 0 || primary > *items) {
        PyErr_SetString(PyExc_ValueError, "bad item counts");
        return -1;
    }
    a->primary = PyMem_Malloc((size_t)*items + 1);
    if (a->primary == NULL) return PyErr_NoMemory(), -1;
    for (int i = 0; i < *items; i++) a->primary[i] = i < primary;
    PyObject *none = PyTuple_New(0);
    int r = none ? binding_read_options(args[3], none, *items, &a->options) : -1;
    if (r == 0 && args[4] != Py_None) {
        r = binding_read_rows(args[4], none, positions, 1, &a->neighbours);
        if (r == 0 && a->neighbours.count != positions) {
            PyErr_SetString(PyExc_ValueError, "wrong number of rows");
            r = -1;
        }
    }
    Py_XDECREF(none);
    return r;
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
    int items = 0;
    int r = read_table(&a, positions, in, primary, &items);
    if (r == 0 && (items < 1 || items > INT32_MAX / 8 || a.options.count > INT32_MAX / 8)) {
        PyErr_SetString(PyExc_ValueError, "bad item or option counts");
        r = -1;
    }
    if (r == 0) {
        const binding_options *o = &a.options, *n = &a.neighbours;
        r = bs_table_init(&self->table, items, a.position, a.lo, a.hi, a.primary, o->count,
                          o->lengths, o->numbers, positions, n->lengths, n->numbers);
        if (r == -1) PyErr_NoMemory();
        else if (r < 0) PyErr_SetString(PyExc_ValueError, "the cells do not fit a bitset table");
        else self->built = 1;
    }
    free_args(&a);
    return r < 0 ? -1 : 0;
}

/* The poll of a search, every few thousand nodes: the node budget here, then
   ../csrc/binding.h's poll (the deadline, signals, the progress display). */
static int poll(bs_search *s) {
    long long next = s->nodes + BS_POLL_NODES;
    s->next_poll = next < s->node_cap ? next : s->node_cap;
    if (s->nodes >= s->node_cap) return 1;
    return binding_poll(s->context);
}

static void finish(SearchObject *o) {
    if (!o->finished && o->s.status == BS_RUNNING) o->s.status = BS_CLOSED;
    o->finished = 1;
}

/* An end of the search raises nothing of its own: a hook's or progress's error is already set. */
#define NOTHING_RAISED(o, r) ((void)(o), (void)(r))

/* The iterator's step: the next solution, or NULL at the end or, with `pause`, at the next poll
   (*paused set). */
BINDING_RUN_STEPS(SearchObject, bs_run, BS_PAUSED, BS_SOLUTION, NOTHING_RAISED)

static PyObject *Search_close(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    if (binding_close(&o->b) < 0) return NULL;
    finish(o);
    Py_RETURN_NONE;
}

static PyObject *Search_stats(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    const bs_search *s = &o->s;
    return binding_stats(s->nodes, s->updates, s->solutions, s->status, s->profile,
                         s->nodes ? s->max_level + 1 : 0, &s->counted, 1);
}

/* Knuth's estimate of the share of the tree searched so far (at a progress poll). */
static PyObject *Search_share(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    /* while the search runs with the GIL held, only its progress display calls Python */
    if (o->b.released != NULL && binding_idle(&o->b) < 0) return NULL;
    return PyFloat_FromDouble(bs_share(&o->s));
}

BINDING_SEARCH_GC(SearchObject, bs_search_free)

/* The options level k of `s` had yet to try, into out + *m (or counted only, where `out` is
   NULL), with its path and degree. */
static void untried_at(bs_search *s, int k, int *scratch, int *out, int *m, int *path,
                       int *degree) {
    int n;
    *degree = bs_level_options(s, k, scratch, &n, path);
    if (out != NULL) memcpy(out + *m, scratch, (size_t)n * sizeof(int));
    *m += n;
}

/* Where a search its budget stopped stands: (path, levels), the options of the node it was
   about to enter (after the givens), and for each level of that path the options it had yet
   to try there, in its order, with the number of options it branched on there (see
   dlx.engines.settings.Frontier). None unless a budget stopped it. */
static PyObject *Search_frontier(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    bs_search *s = &o->s;
    if (binding_idle(&o->b) < 0) return NULL;
    /* Final options are taken in increasing order below the path, which givens do not say:
       where there are any, a part searched from them would search more than its subtree. */
    if (s->status != BS_BUDGET || s->t->final_begin < s->t->final_end) Py_RETURN_NONE;
    int levels = s->level, m = 0;
    PyObject *r = NULL;
    int *scratch = PyMem_Calloc((size_t)s->t->options + 1, sizeof(int));
    int *path = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *starts = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *degrees = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *untried = NULL;
    if (scratch && path && starts && degrees) {
        for (int k = 0; k < levels; k++) untried_at(s, k, scratch, NULL, &m, &path[k], &degrees[k]);
        untried = PyMem_Calloc((size_t)m + 1, sizeof(int));
    }
    if (untried == NULL) PyErr_NoMemory();
    else {
        m = 0;
        for (int k = 0; k < levels; k++) {
            starts[k] = m;
            untried_at(s, k, scratch, untried, &m, &path[k], &degrees[k]);
        }
        starts[levels] = m;
        r = binding_frontier(levels, path, starts, untried, degrees);
    }
    PyMem_Free(scratch), PyMem_Free(path), PyMem_Free(starts), PyMem_Free(degrees);
    PyMem_Free(untried);
    return r;
}

static PyMethodDef Search_methods[] = {
    BINDING_SEARCH_METHODS("(nodes, updates, solutions, status, profile, cells counted by "
                           "narrow choices) so far."),
    {"share", (PyCFunction)Search_share, METH_NOARGS,
     "Knuth's estimate of the share of the tree searched so far."},
    {NULL}};

static PyTypeObject SearchType = BINDING_SEARCH_TYPE(
    "dlx.engines.bitset._bitset.BitsetSearch", SearchObject,
    "One bitset search: an iterator of solutions (lists of option numbers).", Search_methods);

/* A new search object over `t` (its arrays set up by bs_search_init) under `choice`, a tuple
   (plan, narrow) or (plan, narrow, watch), with a memo of failures of `memo_bytes`, or NULL. */
static SearchObject *new_search(TableObject *t, PyObject *givens, PyObject *choice, int limit,
                                long long memo_bytes) {
    if (!t->built) {
        PyErr_SetString(PyExc_ValueError, "this Table was never initialised");
        return NULL;
    }
    PyObject *plan, *watch = NULL;
    int narrow;
    if (!PyTuple_Check(choice) || !PyArg_ParseTuple(choice, "Op|O", &plan, &narrow, &watch)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a choice is a tuple");
        return NULL;
    }
    int ngivens, nplan, nwatch = 0;
    int *given = binding_ints(givens, t->table.options, &ngivens, "a number out of range");
    int *planned =
        given ? binding_ints(plan, t->table.others, &nplan, "a number out of range") : NULL;
    PyObject *none = PyTuple_New(0);
    int *watched = planned && none ? binding_ints(watch ? watch : none, t->table.others, &nwatch,
                                                  "a number out of range")
                                   : NULL;
    Py_XDECREF(none);
    SearchObject *o = watched ? PyObject_GC_New(SearchObject, &SearchType) : NULL;
    if (o != NULL) {
        memset((char *)o + sizeof(PyObject), 0, sizeof(SearchObject) - sizeof(PyObject));
        Py_INCREF(t);
        o->owner = t;
        o->finished = 1; /* until its arrays are set up */
        o->b.deadline = -1.0; /* none, until Table.search sets its own */
        PyObject_GC_Track(o);
        int r = bs_search_init(&o->s, &t->table, given, ngivens, planned, nplan, narrow,
                               watched, nwatch, limit, memo_bytes);
        if (r == -1) PyErr_NoMemory();
        else if (r < 0)
            PyErr_SetString(PyExc_ValueError, "a plan or a watch names an other not used once");
        if (r < 0) Py_CLEAR(o);
        else o->finished = 0;
    }
    PyMem_Free(given);
    PyMem_Free(planned);
    PyMem_Free(watched);
    return o;
}

/* Table.search(givens, max_nodes, timeout, progress, signals, count_to, choice, region_limit,
   memo_bytes[, shared]): a new search, `choice` (plan, narrow) or (plan, narrow, watch), its
   memo of failures about `memo_bytes` (0: none); `count_to`, the number of the first solution
   handed back (0 or 1: every one): those before it are counted where they are found and never
   leave C; `shared`, its memo of failures the table's, which the searches that ask share
   (unless another holds it now). */
static PyObject *Table_search(TableObject *t, PyObject *args) {
    PyObject *givens, *timeout, *progress, *choice;
    long long max_nodes, count_to, memo_bytes;
    int signals, limit, shared = 0;
    if (!PyArg_ParseTuple(args, "OLOOpLOiL|p", &givens, &max_nodes, &timeout, &progress,
                          &signals, &count_to, &choice, &limit, &memo_bytes, &shared))
        return NULL;
    SearchObject *o = new_search(t, givens, choice, limit, memo_bytes);
    if (o == NULL) return NULL;
    if (shared) bs_search_share(&o->s, &t->table);
    if (binding_search_init(&o->b, progress, timeout, signals) < 0) {
        Py_DECREF(o);
        return NULL;
    }
    o->s.node_cap = max_nodes < 1 ? 1 : max_nodes;
    o->s.count_to = count_to;
    o->s.poll = poll;
    o->s.context = &o->b;
    return (PyObject *)o;
}

/* Table.estimate(givens, choice, region_limit, probes, seed): (nodes, options that fit, lists
   counted), the mean over `probes` random paths of the search's tree. */
static PyObject *Table_estimate(TableObject *t, PyObject *args) {
    PyObject *givens, *choice;
    int limit, probes;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOiiK", &givens, &choice, &limit, &probes, &seed)) return NULL;
    SearchObject *o = new_search(t, givens, choice, limit, 0); /* (no memo: a path never meets one) */
    if (o == NULL) return NULL;
    double figures[3] = {0, 0, 0};
    int r = bs_estimate(&o->s, probes, seed, figures);
    Py_DECREF(o);
    if (r < 0) return PyErr_NoMemory();
    return Py_BuildValue("(ddd)", figures[0], figures[1], figures[2]);
}

/* Table.adopt_memo(block, want): keep the memo of failures the searches that ask share in
   `block`, a writable buffer of zeros (or of this problem's memo) that other processes map
   too, within `want` bytes; whether it does (bs_table_adopt_memo). Once per table. */
static PyObject *Table_adopt_memo(TableObject *t, PyObject *args) {
    PyObject *block;
    long long want;
    if (!PyArg_ParseTuple(args, "OL", &block, &want)) return NULL;
    if (!t->built || t->sharing) Py_RETURN_FALSE;
    if (PyObject_GetBuffer(block, &t->shared, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if ((uintptr_t)t->shared.buf % sizeof(bs_word) != 0 ||
        !bs_table_adopt_memo(&t->table, t->shared.buf, (size_t)t->shared.len, want)) {
        PyBuffer_Release(&t->shared);
        Py_RETURN_FALSE;
    }
    t->sharing = 1;
    Py_RETURN_TRUE;
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
     "search(givens, max_nodes, timeout, progress, signals, count_to, (plan, narrow[, watch]), "
     "region_limit, memo_bytes[, shared])."},
    {"adopt_memo", (PyCFunction)Table_adopt_memo, METH_VARARGS,
     "adopt_memo(block, want): keep the shared memo in `block`, mapped by other processes."},
    {"estimate", (PyCFunction)Table_estimate, METH_VARARGS,
     "estimate(givens, (plan, narrow[, watch]), region_limit, probes, seed): (nodes, updates, "
     "counted)."},
    {NULL}};

static PyTypeObject TableType = BINDING_TYPE(
    "dlx.engines.bitset._bitset.Table", TableObject,
    "One problem's bitset table: Table(positions, position, lo, hi, primary, options, "
    "neighbours).",
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_init = (initproc)Table_init,
    .tp_new = PyType_GenericNew,
    .tp_methods = Table_methods,
    .tp_getset = Table_getset);

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "dlx.engines.bitset._bitset",
                                    "Exact cover on bitsets, compiled.", -1, NULL};

PyMODINIT_FUNC PyInit__bitset(void) {
    PyTypeObject *types[] = {&TableType, &SearchType};
    const char *names[] = {"Table", NULL};
    return binding_module(&module, 2, types, names);
}

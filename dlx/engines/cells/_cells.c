/* The compiled cells core: the Python types over csrc/cells.c (Knuth's SSXCC), which knows
   nothing of Python. `Cells(primary, items, options, colours)` wraps one problem's pristine
   `cells_table`; `Cells.search(givens, max_nodes, timeout, progress, signals)` starts a
   `CellsSearch`, an iterator of solutions (lists of option numbers) wrapping a `cells_search`,
   whose whole state lives in that struct. The GIL is released while it dances unless a
   progress display must be called; budgets, Ctrl-C and the display are polled every few
   thousand nodes, through dlx/engines/csrc/binding.h's poll. dlx/engines/cells/twin.py is the
   oracle. */
#include "../csrc/binding.h"
#include "csrc/cells.h"

_Static_assert(CELLS_RUNNING == 0 && CELLS_EXHAUSTED == 1 && CELLS_BUDGET == 2 &&
                   CELLS_CLOSED == 3,
               "statuses in the order of binding_status_names");

typedef struct {
    PyObject_HEAD
    cells_table table;
    int built;
} CellsObject;

typedef struct {
    PyObject_HEAD
    CellsObject *owner;
    binding_search b;
    cells_search s;
    int finished;
} SearchObject;

static void Cells_dealloc(CellsObject *self) {
    if (self->built) cells_table_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
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
    binding_options opts;
    if (binding_read_options(options, colours, items, &opts) < 0) return -1;
    int r = cells_table_init(&self->table, primary, items, opts.count, opts.lengths,
                             opts.numbers, opts.colours);
    binding_options_free(&opts);
    if (r < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->built = 1;
    return 0;
}

static void finish(SearchObject *o) {
    if (!o->finished && o->s.status == CELLS_RUNNING) o->s.status = CELLS_CLOSED;
    o->finished = 1;
}

/* Raise dlx.errors.SizeLimitError for a save stack past CELLS_MAX_SAVED, worded as
   dlx.engines.cells.table words it. */
static void too_deep(void) {
    PyObject *errors = PyImport_ImportModule("dlx.engines.cells.table");
    if (errors == NULL) return;
    PyObject *raise = PyObject_GetAttrString(errors, "refuse_deeper");
    Py_DECREF(errors);
    if (raise == NULL) return;
    PyObject *none = PyObject_CallNoArgs(raise);
    Py_DECREF(raise);
    Py_XDECREF(none);
}

/* What an end in error raises: SizeLimitError past the save stack, else MemoryError, unless
   a hook or the progress display raised first. */
static void raise_failure(SearchObject *o, int r) {
    if (r != CELLS_ERROR || PyErr_Occurred()) return;
    if (o->s.too_deep) too_deep();
    if (!PyErr_Occurred()) PyErr_NoMemory();
}

/* The iterator's step: the next solution, or NULL at the end or, with `pause`, at the next poll
   (*paused set). */
BINDING_RUN_STEPS(SearchObject, cells_run, CELLS_PAUSED, CELLS_SOLUTION, raise_failure)

static PyObject *Search_close(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    if (binding_close(&o->b) < 0) return NULL;
    finish(o);
    Py_RETURN_NONE;
}

static PyObject *Search_stats(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    const cells_search *s = &o->s;
    return binding_stats(s->nodes, s->updates, s->solutions, s->status, s->profile,
                         s->nodes ? s->max_level + 1 : 0, NULL, 0);
}

BINDING_SEARCH_GC(SearchObject, cells_search_free)

/* Where a search its budget stopped stands: (path, levels), the options of the node it was
   about to enter (after the givens), and for each level of that path the options it had yet to
   try there, in its order, with the number of options it branched on there: what is left of
   its tree, to be searched elsewhere (dlx.parallel). None unless a budget stopped it. */
static PyObject *Search_frontier(SearchObject *o, PyObject *Py_UNUSED(unused)) {
    const cells_search *s = &o->s;
    if (binding_idle(&o->b) < 0) return NULL;
    if (s->status != CELLS_BUDGET) Py_RETURN_NONE;
    int levels = s->level, m = 0, n;
    PyObject *r = NULL;
    int *path = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *starts = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *degrees = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    /* the levels' untried options are distinct: each level's hold the item it branched on,
       which the levels below cover */
    int *untried = PyMem_Calloc((size_t)s->t->options + 1, sizeof(int));
    if (!path || !starts || !degrees || !untried) PyErr_NoMemory();
    else {
        for (int k = 0; k < levels; k++, m += n) {
            starts[k] = m;
            degrees[k] = cells_untried(s, k, &path[k], untried + m, &n);
        }
        starts[levels] = m;
        r = binding_frontier(levels, path, starts, untried, degrees);
    }
    PyMem_Free(path);
    PyMem_Free(starts);
    PyMem_Free(degrees);
    PyMem_Free(untried);
    return r;
}

static PyMethodDef Search_methods[] = {
    BINDING_SEARCH_METHODS("(nodes, updates, solutions, status, profile) so far."), {NULL}};

static PyTypeObject SearchType = BINDING_SEARCH_TYPE(
    "dlx.engines.cells._cells.CellsSearch", SearchObject,
    "One SSXCC search: an iterator of solutions (lists of option numbers).", Search_methods);

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
    int *given = binding_ints(givens, c->table.options, &ngivens, "given out of range");
    if (given == NULL) return NULL;
    SearchObject *o = PyObject_GC_New(SearchObject, &SearchType);
    if (o == NULL) {
        PyMem_Free(given);
        return NULL;
    }
    memset((char *)o + sizeof(PyObject), 0, sizeof(SearchObject) - sizeof(PyObject));
    o->finished = 1; /* until the search is set up */
    Py_INCREF(c);
    o->owner = c;
    PyObject_GC_Track(o);
    int r = binding_search_init(&o->b, progress, timeout, signals);
    if (r == 0 && cells_search_init(&o->s, &c->table, given, ngivens) < 0) {
        PyErr_NoMemory();
        r = -1;
    }
    PyMem_Free(given);
    if (r < 0) {
        Py_DECREF(o);
        return NULL;
    }
    o->finished = 0;
    o->s.node_cap = max_nodes < 1 ? 1 : max_nodes;
    o->s.count_to = count_to;
    o->s.poll = binding_poll;
    o->s.context = &o->b;
    return (PyObject *)o;
}

static PyMethodDef Cells_methods[] = {
    {"search", (PyCFunction)Cells_search, METH_VARARGS,
     "search(givens, max_nodes, timeout, progress, signals=True, count_to=0): a new search."},
    {NULL}};

static PyTypeObject CellsType = BINDING_TYPE(
    "dlx.engines.cells._cells.Cells", CellsObject,
    "One problem's SSXCC table: Cells(primary, items, options, colours).",
    .tp_dealloc = (destructor)Cells_dealloc,
    .tp_init = (initproc)Cells_init,
    .tp_new = PyType_GenericNew,
    .tp_methods = Cells_methods);

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "dlx.engines.cells._cells",
                                    "Knuth's SSXCC (dancing cells), compiled.", -1, NULL};

PyMODINIT_FUNC PyInit__cells(void) {
    PyTypeObject *types[] = {&CellsType, &SearchType};
    const char *names[] = {"Cells", NULL};
    return binding_module(&module, 2, types, names);
}

/* The compiled core of dlx: the Python types over the C searches, which know nothing of Python.

   `Core` wraps one problem's `links` (csrc/links.h explains the structure), built from a
   `Problem`'s numbers, checked here; `Core.search(...)` starts a `Search`, an iterator of
   solutions wrapping a `links_search` (csrc/search.h), whose whole state lives in that struct,
   running Algorithm X (csrc/search_x.c) or Algorithm M with colours (csrc/search_m.c);
   `Core.memo()` makes a `Memo`, wrapping the failure memo's exact store (csrc/memo.c). The core
   calls back into Python through a context pointer: its poll (the deadline, signals, progress
   and the GIL: dlx/engines/csrc/binding.h) and its hooks, through hook.h's entry (a hook's own C
   entry, or one here that calls the Python hook with the search's list of the options chosen,
   one list updated in place). The pure-Python engine (dlx/engines/links/twin.py,
   dlx/engines/links/multiplicity.py) is their oracle. */

#include "../csrc/binding.h"
#include "csrc/search.h"

_Static_assert(S_RUNNING == 0 && S_EXHAUSTED == 1 && S_BUDGET == 2 && S_CLOSED == 3,
               "statuses in the order of binding_status_names");

typedef struct {
    PyObject_HEAD
    links links;
    long long serial; /* 0 until the links are built; then a number no other core has */
} CoreObject;

typedef struct {
    PyObject_HEAD
    memo_store store;
    long long owner; /* the serial of the core whose states these are */
    int in_use;      /* held by a search, which may run without the GIL */
} MemoObject;

typedef struct {
    PyObject_HEAD
    CoreObject *core;
    MemoObject *memo;
    PyObject *prune, *learn; /* the hooks, or NULL */
    PyObject *chosen;   /* the list the hooks called in Python are handed, or NULL */
    int *listed, nlisted; /* the numbers that list holds, as this binding put them there */
    PyObject *frontier; /* where a budget stopped Algorithm X (Search.frontier), or NULL */
    binding_search b;
    links_search s;
} SearchObject;

static long long core_serials = 0; /* only ever read under the GIL, to tell cores apart */

/* ---------- Memo: the failure memo's store ---------- */

static void Memo_dealloc(MemoObject *self) {
    memo_free(&self->store);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Memo_len(MemoObject *self, PyObject *unused) {
    return PyLong_FromSize_t(self->store.count);
}

static PyObject *Memo_clear(MemoObject *self, PyObject *unused) {
    if (self->in_use) {
        PyErr_SetString(PyExc_ValueError, "this memo store is in use by a search");
        return NULL;
    }
    memo_clear(&self->store);
    Py_RETURN_NONE;
}

static PyMethodDef Memo_methods[] = {
    {"size", (PyCFunction)Memo_len, METH_NOARGS, "The number of states stored."},
    {"clear", (PyCFunction)Memo_clear, METH_NOARGS, "Forget every state."},
    {NULL}};

static PyTypeObject MemoType = BINDING_TYPE(
    "dlx.engines.links._links.Memo", MemoObject,
    "The failure memo's states of one core, kept exactly (made by Core.memo()).",
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_methods = Memo_methods);

/* ---------- Core: one problem's links ---------- */

static void Core_dealloc(CoreObject *self) {
    links_free(&self->links);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The multiplicities (low, high) of the first primary items, checked, as links_init takes
   them: a new array of 2 * *count numbers (PyMem), or NULL with an exception. */
static long long *read_bounds(PyObject *bounds, int n1, int *count) {
    Py_ssize_t nb = PyObject_Length(bounds);
    if (nb < 0) return NULL;
    *count = nb < n1 ? (int)nb : n1;
    long long *pairs = PyMem_Calloc(2 * (size_t)*count + 2, sizeof(long long));
    if (pairs == NULL) return (long long *)PyErr_NoMemory();
    for (int k = 0; k < *count; k++) {
        long long low, high;
        PyObject *pair = PySequence_GetItem(bounds, k);
        int parsed = pair != NULL && PyArg_ParseTuple(pair, "LL", &low, &high);
        Py_XDECREF(pair);
        if (parsed && (low < 0 || high < 1 || low > high || high > (1LL << 40))) {
            PyErr_SetString(PyExc_ValueError, "bad multiplicity");
            parsed = 0;
        }
        if (!parsed) {
            PyMem_Free(pairs);
            return NULL;
        }
        pairs[2 * k] = low;
        pairs[2 * k + 1] = high;
    }
    return pairs;
}

/* Core(primary, items, options, bounds, colours): the links of a problem, checked on input. */
static int Core_init(CoreObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"primary", "items", "options", "bounds", "colours", NULL};
    int n1, n, nbounds = 0;
    PyObject *options, *bounds, *colours;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOO", kwlist, &n1, &n, &options, &bounds,
                                     &colours))
        return -1;
    if (self->serial != 0) { /* (set last, when the links are whole) */
        PyErr_SetString(PyExc_TypeError, "Core is initialised once");
        return -1;
    }
    if (n1 < 0 || n < n1 || n > INT32_MAX / 4) {
        PyErr_SetString(PyExc_ValueError, "bad item counts");
        return -1;
    }
    binding_options opts;
    long long *pairs = read_bounds(bounds, n1, &nbounds);
    if (pairs == NULL) return -1;
    int r = binding_read_options(options, colours, n, &opts);
    if (r == 0) {
        r = links_init(&self->links, n1, n, opts.count, opts.lengths, opts.numbers,
                       opts.colours, pairs, nbounds);
        if (r == LINKS_TOO_WIDE) PyErr_SetString(PyExc_MemoryError, "state keys too wide");
        else if (r < 0) PyErr_NoMemory();
        binding_options_free(&opts);
    }
    PyMem_Free(pairs);
    if (r < 0) return -1;
    self->serial = ++core_serials;
    return 0;
}

/* ---------- Search: one search of a core ---------- */

/* Every link back, the givens and the orders undone, the core and its memo free for the next
   search. */
static void finish(SearchObject *o) {
    if (links_search_finish(&o->s) && o->memo != NULL) o->memo->in_use = 0;
}

/* Where Algorithm X stood when its budget stopped it, read before the links are put back
   (see Search.frontier): o->frontier, or -1 with an exception. */
static int keep_frontier(SearchObject *o) {
    int levels = o->s.na, *path = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *starts = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *degrees = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *untried = PyMem_Calloc((size_t)o->core->links.nodes + 1, sizeof(int));
    if (!path || !starts || !degrees || !untried) PyErr_NoMemory();
    else {
        frontier_x(&o->s, path, untried, starts, degrees);
        o->frontier = binding_frontier(levels, path, starts, untried, degrees);
    }
    PyMem_Free(path);
    PyMem_Free(starts);
    PyMem_Free(degrees);
    PyMem_Free(untried);
    return o->frontier != NULL ? 0 : -1;
}

/* The next solution, as the iterator gives it; with `pause`, NULL and *paused set at the next
   poll (csrc/batch.h's step). */
static PyObject *Search_step(SearchObject *o, int pause, int *paused) {
    links_search *s = &o->s;
    if (s->phase == FINISHED) return NULL;
    int hold = o->prune != NULL || o->learn != NULL || o->b.progress != NULL;
    if (binding_enter(&o->b, hold) < 0) return NULL;
    s->pause = pause;
    int r = links_run(s);
    s->pause = 0;
    binding_leave(&o->b);
    if (r == LINKS_PAUSED) {
        *paused = 1;
        return NULL;
    }
    if (s->out_of_memory) PyErr_NoMemory();
    if (r == LINKS_SOLUTION) {
        PyObject *list = binding_int_list(s->opts, s->nopts);
        if (list == NULL) finish(o);
        return list;
    }
    if (r == LINKS_DONE && s->status == S_BUDGET && !s->general && s->phase != FINISHED)
        keep_frontier(o); /* on an error, raised as the search ends */
    finish(o);
    return NULL;
}

BINDING_SEARCH_STEPS(SearchObject)

/* Search.frontier(): where a budget stopped Algorithm X, (path, ((untried, degree), ...)) as
   the cells core's (dlx/engines/cells/_cells.c); None otherwise (Algorithm M included). */
static PyObject *Search_frontier(SearchObject *o, PyObject *unused) {
    if (binding_idle(&o->b) < 0) return NULL;
    PyObject *r = o->frontier != NULL && o->s.phase == FINISHED ? o->frontier : Py_None;
    Py_INCREF(r);
    return r;
}

static PyObject *Search_close(SearchObject *o, PyObject *unused) {
    if (binding_close(&o->b) < 0) return NULL;
    finish(o);
    Py_RETURN_NONE;
}

static int Search_traverse(SearchObject *o, visitproc visit, void *arg) {
    Py_VISIT(o->core);
    Py_VISIT(o->memo);
    Py_VISIT(o->prune);
    Py_VISIT(o->learn);
    Py_VISIT(o->chosen);
    Py_VISIT(o->frontier);
    return binding_visit(&o->b, visit, arg);
}

static int Search_clear(SearchObject *o) {
    if (o->core != NULL && !o->b.running) finish(o);
    Py_CLEAR(o->memo);
    Py_CLEAR(o->prune);
    Py_CLEAR(o->learn);
    Py_CLEAR(o->chosen);
    Py_CLEAR(o->frontier);
    Py_CLEAR(o->core);
    binding_clear(&o->b);
    return 0;
}

static void Search_dealloc(SearchObject *o) {
    PyObject_GC_UnTrack(o);
    Search_clear(o);
    links_search_free(&o->s);
    PyMem_Free(o->listed);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static PyObject *Search_stats(SearchObject *o, PyObject *unused) {
    const links_search *s = &o->s;
    long long memo[2] = {s->hits, s->stores};
    return binding_stats(s->nodes, s->updates, s->solutions,
                         s->phase == FINISHED ? s->status : S_RUNNING, s->profile,
                         s->profile_len, memo, 2);
}

/* Knuth's estimate of the share of Algorithm X's tree searched (links_share), read at a
   progress poll; None for Algorithm M and once the search is over. */
static PyObject *Search_share(SearchObject *o, PyObject *unused) {
    double share = o->core != NULL ? links_share(&o->s) : -1.0;
    if (share < 0) Py_RETURN_NONE;
    return PyFloat_FromDouble(share);
}

static PyMethodDef Search_methods[] = {
    BINDING_SEARCH_METHODS(
        "(nodes, updates, solutions, status, profile, memo hits, memo stores) so far."),
    {"share", (PyCFunction)Search_share, METH_NOARGS,
     "Knuth's estimate of the share of the tree searched (None for Algorithm M)."},
    {NULL}};

static PyTypeObject SearchType = BINDING_SEARCH_TYPE(
    "dlx.engines.links._links.Search", SearchObject,
    "One search of a core: an iterator of solutions (lists of option numbers).", Search_methods);

/* ---------- Core.search: the hooks, the arguments checked ---------- */

/* Make the list the Python hooks are handed hold chosen[0..count): one list for the whole
   search, updated in place (as the pure-Python engine's), from the first number that changed
   since the last call (a hook that changed the list's length has it made again whole). 0, or
   -1 with an exception. */
static int sync_chosen(SearchObject *o, const int *chosen, int count) {
    Py_ssize_t size = PyList_GET_SIZE(o->chosen);
    int k = 0, same = size == o->nlisted ? o->nlisted : 0;
    while (k < same && k < count && o->listed[k] == chosen[k]) k++;
    o->nlisted = 0; /* until the list is as said */
    if (k < size && PyList_SetSlice(o->chosen, k, size, NULL) < 0) return -1;
    o->nlisted = k;
    for (; k < count; k++) {
        PyObject *v = PyLong_FromLong(chosen[k]);
        int r = v != NULL ? PyList_Append(o->chosen, v) : -1;
        Py_XDECREF(v);
        if (r < 0) return -1;
        o->listed[k] = chosen[k];
        o->nlisted = k + 1;
    }
    return 0;
}

/* Call the Python hook with the search's list of the options chosen: its truth, or -1 with an
   exception. */
static int call_python(SearchObject *o, PyObject *hook, const int *chosen, int count) {
    if (sync_chosen(o, chosen, count) < 0) return -1;
    PyObject *r = PyObject_CallOneArg(hook, o->chosen);
    if (r == NULL) return -1;
    int truth = PyObject_IsTrue(r);
    Py_DECREF(r);
    return truth;
}

/* The Python hooks, as hook.h's entries whose `self` is the search. */
static int call_prune(void *o, const int *chosen, int count) {
    return call_python(o, ((SearchObject *)o)->prune, chosen, count);
}

static int call_learn(void *o, const int *chosen, int count) {
    return call_python(o, ((SearchObject *)o)->learn, chosen, count);
}

/* What the search o calls for `hook` (NULL: no hook, an entry whose `call` is NULL): the hook's
   own C entry (hook.h) when it carries one of this version, else `in_python` (call_prune or
   call_learn), o's list made first if need be. Any error looking for the entry is cleared (an
   object may answer every attribute); -1 with an exception when the list cannot be made. */
static int hook_entry(SearchObject *o, PyObject *hook, int (*in_python)(void *, const int *, int),
                      dlx_hook *out) {
    dlx_hook entry = {DLX_HOOK_VERSION, NULL, NULL};
    *out = entry;
    if (hook == NULL) return 0;
    entry.call = in_python;
    entry.self = o;
    PyObject *capsule = PyObject_GetAttrString(hook, "__dlx_hook__");
    if (capsule != NULL && PyCapsule_IsValid(capsule, DLX_HOOK_CAPSULE)) {
        const dlx_hook *own = PyCapsule_GetPointer(capsule, DLX_HOOK_CAPSULE);
        if (own != NULL && own->version == DLX_HOOK_VERSION && own->call != NULL) entry = *own;
    }
    Py_XDECREF(capsule);
    PyErr_Clear();
    if (entry.call == in_python && o->chosen == NULL) {
        o->listed = PyMem_Calloc(o->s.depth, sizeof(int));
        if (o->listed == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        if ((o->chosen = PyList_New(0)) == NULL) return -1;
    }
    *out = entry;
    return 0;
}

/* 0 when the `count` numbers (each below `limit`) are distinct; -1 with ValueError (or
   MemoryError) when one repeats: the primary list is relinked from them, each once. */
static int distinct(const int *numbers, int count, int limit) {
    char *seen = PyMem_Calloc((size_t)limit + 1, 1);
    if (seen == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int r = 0;
    for (int k = 0; k < count && r == 0; k++) {
        if (seen[numbers[k]]) {
            PyErr_SetString(PyExc_ValueError, "item_order names an item twice");
            r = -1;
        }
        seen[numbers[k]] = 1;
    }
    PyMem_Free(seen);
    return r;
}

/* The givens, preferred options and item order of a search, read and checked into r's arrays
   (PyMem, freed by the caller whatever happens); 0, or -1 with an exception. */
static int read_request(links_request *r, const links *c, PyObject *givens, PyObject *pref,
                        PyObject *order) {
    const char *message = "number out of range";
    int *a;
    r->givens = a = binding_ints(givens, c->options, &r->ngivens, message);
    if (a == NULL) return -1;
    r->prefer = a = binding_ints(pref, c->options, &r->nprefer, message);
    if (a == NULL) return -1;
    r->order = a = binding_ints(order, c->n1, &r->norder, message);
    if (a == NULL) return -1;
    return distinct(r->order, r->norder, c->n1); /* order_items trusts this */
}

/* A new Search object of the core c over what r asks: its references taken, the core's links
   claimed; NULL with an exception. */
static SearchObject *new_search(CoreObject *c, PyObject *memo, PyObject *prune, PyObject *learn,
                                PyObject *progress, PyObject *timeout, int signals,
                                const links_request *r) {
    SearchObject *o = PyObject_GC_New(SearchObject, &SearchType);
    if (o == NULL) return NULL;
    memset((char *)o + sizeof(PyObject), 0, sizeof(SearchObject) - sizeof(PyObject));
    o->s.phase = FINISHED;
    Py_INCREF(c);
    o->core = c;
    o->memo = memo == Py_None ? NULL : (MemoObject *)memo;
    Py_XINCREF(o->memo);
    o->prune = prune == Py_None ? NULL : prune;
    Py_XINCREF(o->prune);
    o->learn = learn == Py_None ? NULL : learn;
    Py_XINCREF(o->learn);
    PyObject_GC_Track(o);
    if (binding_search_init(&o->b, progress, timeout, signals) < 0) goto fail;
    if (links_search_init(&o->s, &c->links, o->memo ? &o->memo->store : NULL, r) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
    if (hook_entry(o, o->prune, call_prune, &o->s.prune) < 0 ||
        hook_entry(o, o->learn, call_learn, &o->s.learn) < 0)
        goto fail;
    o->s.poll = binding_poll;
    o->s.context = &o->b;
    if (o->memo != NULL && o->s.claimed) o->memo->in_use = 1;
    return o;
fail:
    Py_DECREF(o);
    return NULL;
}

/* Core.search(general, choose, givens, prefer, item_order, memo, capacity, prune, learn,
   max_nodes, timeout, progress, signals, count_to): a new search, claiming the core's links at
   once. `signals`: whether it runs in the main thread, the only one Python delivers signals to.
   `count_to`: the number of the first solution handed back (0 or 1: every one); the solutions
   before it are counted where they are found and never leave C, the search still pausing every
   few thousand nodes for its budgets, Ctrl-C and progress. */
static PyObject *Core_search(CoreObject *c, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"general", "choose", "givens", "prefer", "item_order", "memo",
                             "capacity", "prune", "learn", "max_nodes", "timeout", "progress",
                             "signals", "count_to", NULL};
    int general, signals = 1;
    const char *choose;
    PyObject *givens, *pref, *order, *memo, *prune, *learn, *progress, *timeout;
    links_request r = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "psOOOOLOOLOO|pL", kwlist, &general, &choose,
                                     &givens, &pref, &order, &memo, &r.capacity, &prune, &learn,
                                     &r.node_cap, &timeout, &progress, &signals, &r.count_to))
        return NULL;
    if (c->serial == 0) { /* never initialised, or its initialisation failed */
        PyErr_SetString(PyExc_ValueError, "this Core was never initialised");
        return NULL;
    }
    if (memo != Py_None &&
        (!PyObject_TypeCheck(memo, &MemoType) || ((MemoObject *)memo)->owner != c->serial)) {
        PyErr_SetString(PyExc_ValueError, "this memo store belongs to another core");
        return NULL;
    }
    if (c->links.busy) {
        PyErr_SetString(PyExc_RuntimeError, "busy");
        return NULL;
    }
    r.general = general;
    r.mrv = strcmp(choose, "mrv") == 0;
    r.sweep = strcmp(choose, "sweep") == 0; /* (the caller passes 2**62 nodes for no budget) */
    SearchObject *o = NULL;
    if (read_request(&r, &c->links, givens, pref, order) == 0)
        o = new_search(c, memo, prune, learn, progress, timeout, signals, &r);
    PyMem_Free((void *)r.givens);
    PyMem_Free((void *)r.prefer);
    PyMem_Free((void *)r.order);
    return (PyObject *)o;
}

static PyObject *Core_memo(CoreObject *c, PyObject *unused) {
    if (c->serial == 0) { /* never initialised, or its initialisation failed */
        PyErr_SetString(PyExc_ValueError, "this Core was never initialised");
        return NULL;
    }
    MemoObject *m = PyObject_New(MemoObject, &MemoType);
    if (m == NULL) return NULL;
    m->owner = c->serial;
    m->in_use = 0;
    memo_init(&m->store, c->links.words);
    return (PyObject *)m;
}

static PyObject *Core_snapshot(CoreObject *c, PyObject *unused) {
    if (c->serial == 0) { /* never initialised, or its initialisation failed */
        PyErr_SetString(PyExc_ValueError, "this Core was never initialised");
        return NULL;
    }
    const links *l = &c->links;
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (int x = 0; x < l->nodes; x++) {
        node *p = &l->nd[x];
        PyObject *row = Py_BuildValue("(iiiii)", p->up, p->down, p->top, p->colour, l->option[x]);
        if (row == NULL || PyList_Append(out, row) < 0) { Py_XDECREF(row); Py_DECREF(out); return NULL; }
        Py_DECREF(row);
    }
    for (int i = 0; i <= l->n + 1; i++) {
        item *p = &l->it[i];
        PyObject *row = Py_BuildValue("(iiLL)", p->left, p->right, p->bound, p->slack);
        if (row == NULL || PyList_Append(out, row) < 0) { Py_XDECREF(row); Py_DECREF(out); return NULL; }
        Py_DECREF(row);
    }
    return out;
}

static PyObject *Core_get_busy(CoreObject *c, void *unused) {
    return PyBool_FromLong(c->links.busy);
}
static PyObject *Core_get_serial(CoreObject *c, void *unused) {
    return PyLong_FromLongLong(c->serial);
}

static PyGetSetDef Core_getset[] = {
    {"busy", (getter)Core_get_busy, NULL, "Whether a search holds the links.", NULL},
    {"serial", (getter)Core_get_serial, NULL, "A number no other core of the process has.", NULL},
    {NULL}};

static PyMethodDef Core_methods[] = {
    {"search", (PyCFunction)(void (*)(void))Core_search, METH_VARARGS | METH_KEYWORDS,
     "Start a search (an iterator of option-number lists)."},
    {"memo", (PyCFunction)Core_memo, METH_NOARGS, "A new, empty failure-memo store."},
    {"snapshot", (PyCFunction)Core_snapshot, METH_NOARGS,
     "Every link as numbers, to check that a search restores them."},
    {NULL}};

static PyTypeObject CoreType = BINDING_TYPE(
    "dlx.engines.links._links.Core", CoreObject,
    "The dancing links of one problem, in DLX1's flat arrays.",
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_init = (initproc)Core_init,
    .tp_new = PyType_GenericNew);

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "dlx.engines.links._links",
    "The compiled dance of dlx: Algorithms X and M on DLX1's flat arrays.", -1, NULL};

PyMODINIT_FUNC PyInit__links(void) {
    PyTypeObject *types[] = {&CoreType, &SearchType, &MemoType};
    const char *names[] = {"Core", "Search", "Memo"};
    return binding_module(&core_module, 3, types, names);
}

/* The compiled core of dlx: the Python types over the C searches.

   `Core` holds one problem's links (csrc/links.h explains the structure), built and checked from
   a `Problem`'s numbers; `Core.search(...)` starts a `Search`, an iterator of solutions whose
   whole state lives in its own struct (csrc/search.h), running Algorithm X (csrc/search_x.c) or
   Algorithm M with colours (csrc/search_m.c); `Core.memo()` makes the failure memo's exact store
   (csrc/memo.c). The pure-Python engine (dlx/cores/links/dance.py, dlx/cores/links/multiplicity.py) is their oracle. */

#include "../csrc/batch.h"
#include "csrc/search.h"

static long long core_serials = 0; /* only ever read under the GIL, to tell cores apart */

/* Free the arrays of a core, built or half built, and forget them. */
static void core_clear(CoreObject *self) {
    PyMem_Free(self->nd);
    PyMem_Free(self->it);
    PyMem_Free(self->first);
    PyMem_Free(self->option);
    PyMem_Free(self->nxt);
    PyMem_Free(self->shift);
    PyMem_Free(self->width);
    PyMem_Free(self->leave_shift);
    PyMem_Free(self->unit_hash);
    PyMem_Free(self->leave_hash);
    PyMem_Free(self->option_hash);
    self->nd = NULL;
    self->it = NULL;
    self->first = self->option = self->nxt = self->shift = self->width = self->leave_shift = NULL;
    self->unit_hash = self->leave_hash = self->option_hash = NULL;
    self->coloured = 0;
}

static void Core_dealloc(CoreObject *self) {
    core_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Core(primary, items, options, bounds, colours): the links of a problem, checked on input. */
static int Core_init(CoreObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"primary", "items", "options", "bounds", "colours", NULL};
    int n1, n;
    PyObject *options, *bounds, *colours;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOO", kwlist, &n1, &n, &options, &bounds,
                                     &colours))
        return -1;
    if (self->serial != 0) { /* (set last, when the links are whole) */
        PyErr_SetString(PyExc_TypeError, "Core is initialised once");
        return -1;
    }
    core_clear(self); /* what a failed initialisation left */
    PyObject *opts = PySequence_Fast(options, "options must be a sequence");
    if (opts == NULL) return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(opts);
    Py_ssize_t total = 0;
    int ok = 0;
    if (n1 < 0 || n < n1 || n > INT32_MAX / 4 || m > INT32_MAX / 4) {
        PyErr_SetString(PyExc_ValueError, "bad item counts");
        goto done;
    }
    for (Py_ssize_t o = 0; o < m; o++) {
        Py_ssize_t len = PyObject_Length(PySequence_Fast_GET_ITEM(opts, o));
        if (len < 1) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "an option has no items");
            goto done;
        }
        total += len;
        if (total > INT32_MAX / 2) {
            PyErr_SetString(PyExc_MemoryError, "too many nodes for the compiled core");
            goto done;
        }
    }
    self->n1 = n1;
    self->n = n;
    self->options = (int)m;
    self->nodes = n + 2 + (int)total + (int)m;
    self->nd = checked_calloc((size_t)self->nodes, sizeof(node));
    self->it = checked_calloc((size_t)n + 2, sizeof(item));
    self->first = checked_calloc((size_t)m, sizeof(int));
    self->option = checked_calloc((size_t)self->nodes, sizeof(int));
    self->nxt = checked_calloc((size_t)self->nodes, sizeof(int));
    if (!self->nd || !self->it || !self->first || !self->option || !self->nxt) goto done;
    for (int x = 0; x < self->nodes; x++) self->option[x] = -1;
    for (int i = 1; i <= n; i++) {
        self->nd[i].up = self->nd[i].down = i;
        self->it[i].bound = 1;
    }
    Py_ssize_t nb = PyObject_Length(bounds);
    if (nb < 0) goto done;
    for (Py_ssize_t k = 0; k < nb && k < n1; k++) {
        long long low, high;
        PyObject *pair = PySequence_GetItem(bounds, k);
        if (pair == NULL) goto done;
        int parsed = PyArg_ParseTuple(pair, "LL", &low, &high);
        Py_DECREF(pair);
        if (!parsed) goto done;
        if (low < 0 || high < 1 || low > high || high > (1LL << 40)) {
            PyErr_SetString(PyExc_ValueError, "bad multiplicity");
            goto done;
        }
        self->it[k + 1].bound = high;
        self->it[k + 1].slack = high - low;
    }
    if (order_items(self, NULL, 0) < 0) goto done;
    {
        int *secondary = checked_calloc((size_t)(n - n1) + 1, sizeof(int));
        if (secondary == NULL) goto done;
        for (int i = n1 + 1; i <= n; i++) secondary[i - n1 - 1] = i;
        link_ring(self->it, n + 1, secondary, n - n1);
        PyMem_Free(secondary);
    }
    Py_ssize_t ncol = PyObject_Length(colours);
    if (ncol < 0) goto done;
    int x = n + 1; /* the first spacer */
    self->nd[x].top = 0;
    for (int o = 0; o < (int)m; o++) {
        /* The sizes were counted in a first pass; reading a number may run Python code
           (`__index__`) that changes a list, so every size is looked at again as it is used. */
        if (o >= PySequence_Fast_GET_SIZE(opts)) {
            PyErr_SetString(PyExc_ValueError, "the options changed while they were read");
            goto done;
        }
        PyObject *opt = PySequence_Fast(PySequence_Fast_GET_ITEM(opts, o), "option not a sequence");
        if (opt == NULL) goto done;
        PyObject *paint = NULL;
        if (ncol > 0) {
            PyObject *row = PySequence_GetItem(colours, o);
            if (row == NULL) { Py_DECREF(opt); goto done; }
            paint = PySequence_Fast(row, "colours must be sequences");
            Py_DECREF(row);
            if (paint == NULL) { Py_DECREF(opt); goto done; }
        }
        int spacer = x;
        self->first[o] = x + 1;
        for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(opt); k++) {
            if (x + 1 > self->nodes - 2) { /* no room left for this node and the last spacer */
                PyErr_SetString(PyExc_ValueError, "the options changed while they were read");
                Py_DECREF(opt);
                Py_XDECREF(paint);
                goto done;
            }
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(opt, k));
            long colour = 0;
            if (paint != NULL && k < PySequence_Fast_GET_SIZE(paint))
                colour = PyLong_AsLong(PySequence_Fast_GET_ITEM(paint, k));
            if (PyErr_Occurred() || v < 0 || v >= n || colour < 0 || colour > INT32_MAX) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad item number");
                Py_DECREF(opt);
                Py_XDECREF(paint);
                goto done;
            }
            int t = (int)v + 1;
            x++;
            node *p = &self->nd[x];
            p->top = t;
            self->option[x] = o;
            p->colour = (int)colour;
            p->up = self->nd[t].up;
            p->down = t;
            self->nd[p->up].down = x;
            self->nd[t].up = x;
            self->nd[t].top++; /* LEN */
            if (colour) self->coloured = 1;
        }
        Py_DECREF(opt);
        Py_XDECREF(paint);
        self->nd[spacer].down = x; /* the last node of the option after the spacer */
        for (int q = self->first[o]; q <= x; q++) self->nxt[q] = q < x ? q + 1 : self->first[o];
        x++;
        self->nd[x].top = -(o + 1);
        self->nd[x].up = self->first[o];
    }
    if (x != self->nodes - 1) { /* an option shrank while it was read */
        PyErr_SetString(PyExc_ValueError, "the options changed while they were read");
        goto done;
    }
    if (core_memo_layout(self) < 0) goto done;
    self->serial = ++core_serials;
    ok = 1;
done:
    Py_DECREF(opts);
    return ok ? 0 : -1;
}

/* Every link back, the givens and the orders undone, the core free for the next search. */
static void finish(SearchObject *s) {
    if (s->phase == FINISHED || !s->claimed) {
        s->phase = FINISHED;
        return;
    }
    CoreObject *c = s->core;
    if (s->general) unwind_m(s);
    else unwind_x(s);
    unchoose_givens(c, s->givens, s->ngivens);
    if (s->norder) relink_declared(c);
    if (s->nmoves) restore_order(c, s->moves, s->nmoves);
    c->busy = 0;
    if (s->memo != NULL) s->memo->in_use = 0;
    s->claimed = 0;
    s->phase = FINISHED;
}

/* Where Algorithm X stood when its budget stopped it, read before the links are put back
   (see Search.frontier): s->frontier, or -1 with an exception. */
static int keep_frontier(SearchObject *s) {
    int levels = s->na, *path = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *starts = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *degrees = PyMem_Calloc((size_t)levels + 1, sizeof(int));
    int *untried = PyMem_Calloc((size_t)s->core->nodes + 1, sizeof(int));
    PyObject *head = NULL, *rest = NULL;
    int ok = 0;
    if (!path || !starts || !degrees || !untried) {
        PyErr_NoMemory();
        goto done;
    }
    frontier_x(s, path, untried, starts, degrees);
    if (!(head = PyTuple_New(levels)) || !(rest = PyTuple_New(levels))) goto done;
    for (int k = 0; k < levels; k++) {
        PyObject *v = PyLong_FromLong(path[k]);
        if (v == NULL) goto done;
        PyTuple_SET_ITEM(head, k, v);
        PyObject *those = PyTuple_New(starts[k + 1] - starts[k]);
        if (those == NULL) goto done;
        for (int j = starts[k]; j < starts[k + 1]; j++) {
            PyObject *w = PyLong_FromLong(untried[j]);
            if (w == NULL) { Py_DECREF(those); goto done; }
            PyTuple_SET_ITEM(those, j - starts[k], w);
        }
        PyObject *level = Py_BuildValue("(Ni)", those, degrees[k]);
        if (level == NULL) goto done;
        PyTuple_SET_ITEM(rest, k, level);
    }
    s->frontier = PyTuple_Pack(2, head, rest);
    ok = s->frontier != NULL;
done:
    Py_XDECREF(head);
    Py_XDECREF(rest);
    PyMem_Free(path);
    PyMem_Free(starts);
    PyMem_Free(degrees);
    PyMem_Free(untried);
    return ok ? 0 : -1;
}

/* The next solution, as the iterator gives it; with `pause`, NULL and *paused set at the next
   poll (csrc/batch.h's step). */
static PyObject *Search_step(SearchObject *s, int pause, int *paused) {
    if (s->phase == FINISHED) return NULL;
    if (s->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
    s->running = 1;
    PyThreadState *released = NULL;
    int nogil = s->prune == NULL && s->learn == NULL && s->progress == NULL;
    if (nogil) released = PyEval_SaveThread();
    s->pause = pause;
    int r = s->general ? run_m(s, &released) : run_x(s, &released);
    s->pause = 0;
    if (released != NULL) PyEval_RestoreThread(released);
    s->running = 0;
    if (r == 2) {
        *paused = 1;
        return NULL;
    }
    if (s->out_of_memory) PyErr_NoMemory();
    if (r == 1) {
        PyObject *list = PyList_New(s->nopts);
        if (list == NULL) { finish(s); return NULL; }
        for (int k = 0; k < s->nopts; k++) {
            PyObject *v = PyLong_FromLong(s->opts[k]);
            if (v == NULL) { Py_DECREF(list); finish(s); return NULL; }
            PyList_SET_ITEM(list, k, v);
        }
        return list;
    }
    if (r == 0 && s->status == S_BUDGET && !s->general && s->phase != FINISHED &&
        keep_frontier(s) < 0) {
        finish(s);
        return NULL;
    }
    finish(s);
    return NULL;
}

static PyObject *Search_next(SearchObject *s) {
    int paused = 0;
    return Search_step(s, 0, &paused);
}

/* Search.batch(n): see csrc/batch.h. */
static PyObject *Search_batch(SearchObject *s, PyObject *n) {
    return next_batch((PyObject *)s, (batch_step)Search_step, &s->pending, n);
}

/* Search.frontier(): where a budget stopped Algorithm X, (path, ((untried, degree), ...)) as
   the cells core's (dlx/cores/cells/_cells.c); None otherwise (Algorithm M included). */
static PyObject *Search_frontier(SearchObject *s, PyObject *unused) {
    if (s->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
    PyObject *r = s->frontier != NULL && s->phase == FINISHED ? s->frontier : Py_None;
    Py_INCREF(r);
    return r;
}

static PyObject *Search_close(SearchObject *s, PyObject *unused) {
    if (s->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
    pending_close(&s->pending);
    finish(s);
    Py_RETURN_NONE;
}

static int Search_traverse(SearchObject *s, visitproc visit, void *arg) {
    Py_VISIT(s->core);
    Py_VISIT(s->memo);
    Py_VISIT(s->prune);
    Py_VISIT(s->learn);
    Py_VISIT(s->progress);
    Py_VISIT(s->opts_list);
    Py_VISIT(s->frontier);
    return pending_visit(&s->pending, visit, arg);
}

static int Search_clear(SearchObject *s) {
    if (s->core != NULL && !s->running) finish(s);
    Py_CLEAR(s->memo);
    Py_CLEAR(s->prune);
    Py_CLEAR(s->learn);
    Py_CLEAR(s->progress);
    Py_CLEAR(s->opts_list);
    Py_CLEAR(s->frontier);
    Py_CLEAR(s->core);
    pending_clear(&s->pending);
    return 0;
}

static void Search_dealloc(SearchObject *s) {
    PyObject_GC_UnTrack(s);
    Search_clear(s);
    PyMem_Free(s->givens);
    PyMem_Free(s->order);
    PyMem_Free(s->moves);
    PyMem_Free(s->opts);
    PyMem_Free(s->stack_a);
    PyMem_Free(s->stack_b);
    PyMem_Free(s->firsts);
    PyMem_Free(s->tweaking);
    PyMem_Free(s->restricted_at);
    PyMem_Free(s->found_at);
    PyMem_Free(s->profile);
    PyMem_Free(s->used);
    PyMem_Free(s->left);
    PyMem_Free(s->scratch);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static const char *status_names[] = {"running", "exhausted", "budget", "closed"};

static PyObject *Search_get_stats(SearchObject *s, PyObject *unused) {
    PyObject *profile = PyList_New(s->profile_len);
    if (profile == NULL) return NULL;
    for (int k = 0; k < s->profile_len; k++) {
        PyObject *v = PyLong_FromLongLong(s->profile[k]);
        if (v == NULL) { Py_DECREF(profile); return NULL; }
        PyList_SET_ITEM(profile, k, v);
    }
    int status = s->phase == FINISHED ? s->status : S_RUNNING;
    return Py_BuildValue("(LLLsNLL)", s->nodes, s->updates, s->solutions, status_names[status],
                         profile, s->hits, s->stores);
}

/* Knuth's estimate of the share of Algorithm X's tree searched, read at a progress poll (the
   search is paused inside it): at level l the item stack_a[l] was branched on and its option
   node stack_b[l] taken; that item's list stays whole below it, so the c nodes before the one
   taken, out of LEN of them, are the share c/LEN of the level, worth 1/(d0 ... d(l-1)) of the
   tree. Algorithm M tweaks the lists it branches on: None there. */
static PyObject *Search_share(SearchObject *s, PyObject *unused) {
    if (s->general || s->phase == FINISHED || s->core == NULL) Py_RETURN_NONE;
    node *nd = s->core->nd;
    int levels = s->na < s->nb ? s->na : s->nb;
    double share = 0.0, weight = 1.0;
    for (int l = 0; l < levels; l++) {
        int best = s->stack_a[l], taken = s->stack_b[l];
        long long before = 0, d = LEN(best);
        for (int p = nd[best].down; p != taken && p != best; p = nd[p].down) before++;
        if (d <= 0) break;
        share += weight * (double)before / (double)d;
        weight /= (double)d;
    }
    return PyFloat_FromDouble(share);
}

static PyMethodDef Search_methods[] = {
    {"close", (PyCFunction)Search_close, METH_NOARGS, "Stop the search and restore the links."},
    {"batch", (PyCFunction)Search_batch, METH_O,
     "The next solutions, at most n of them, in one list (empty once the search is over)."},
    {"stats", (PyCFunction)Search_get_stats, METH_NOARGS,
     "(nodes, updates, solutions, status, profile, memo hits, memo stores) so far."},
    {"frontier", (PyCFunction)Search_frontier, METH_NOARGS,
     "(path, ((untried, degree), ...)) where a budget stopped the search, else None."},
    {"share", (PyCFunction)Search_share, METH_NOARGS,
     "Knuth's estimate of the share of the tree searched (None for Algorithm M)."},
    {NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx.cores.links._links.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One search of a core: an iterator of solutions (lists of option numbers).",
    .tp_traverse = (traverseproc)Search_traverse,
    .tp_clear = (inquiry)Search_clear,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Search_next,
    .tp_methods = Search_methods,
};

/* Read a sequence of ints in [0, limit) into a fresh array; NULL with an exception on error. */
static int *int_array(PyObject *seq, int limit, int *count) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of numbers");
    if (fast == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int *a = checked_calloc((size_t)n, sizeof(int));
    if (a == NULL) { Py_DECREF(fast); return NULL; }
    for (Py_ssize_t k = 0; k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) { PyMem_Free(a); Py_DECREF(fast); return NULL; }
        if (v < 0 || v >= limit) {
            PyErr_SetString(PyExc_ValueError, "number out of range");
            PyMem_Free(a);
            Py_DECREF(fast);
            return NULL;
        }
        a[k] = (int)v;
    }
    *count = (int)n;
    Py_DECREF(fast);
    return a;
}

static PyObject *none_to_null(PyObject *o) { return o == Py_None ? NULL : o; }

static int search_alloc(SearchObject *s, CoreObject *c) {
    size_t depth = (size_t)c->options + (size_t)c->n1 + (size_t)s->ngivens + 2;
    s->opts = checked_calloc(depth, sizeof(int));
    s->stack_a = checked_calloc(depth, sizeof(int));
    s->stack_b = checked_calloc(depth, sizeof(int));
    s->firsts = checked_calloc(depth, sizeof(int));
    s->tweaking = checked_calloc(depth, 1);
    s->restricted_at = checked_calloc(depth, 1);
    s->found_at = checked_calloc(depth, sizeof(long long));
    s->profile = checked_calloc(depth + 1, sizeof(long long));
    s->used = checked_calloc((size_t)c->n + 2, sizeof(long long));
    s->left = checked_calloc((size_t)c->n + 2, 1);
    s->scratch = checked_calloc((size_t)c->words, sizeof(uint64_t));
    if (!s->opts || !s->stack_a || !s->stack_b || !s->firsts || !s->tweaking ||
        !s->restricted_at || !s->found_at || !s->profile || !s->used || !s->left ||
        !s->scratch)
        return -1;
    return 0;
}

/* Core.search(general, choose, givens, prefer, item_order, memo, capacity, prune, learn,
   max_nodes, timeout, progress, signals, count_to): a new search, claiming the core's links at
   once. `signals`: whether it runs in the main thread, the only one Python delivers signals to.
   `count_to`: the number of the first solution handed back (0 or 1: every one); the solutions
   before it are counted where they are found and never leave C, the search still pausing every
   few thousand nodes for its budgets, Ctrl-C and progress. */
/* 0 when the `count` numbers (each below `limit`) are distinct; -1 with ValueError (or
   MemoryError) when one repeats: the primary list is relinked from them, each once. */
static int distinct(const int *numbers, int count, int limit) {
    char *seen = checked_calloc((size_t)limit + 1, 1);
    if (seen == NULL) return -1;
    for (int k = 0; k < count; k++) {
        if (seen[numbers[k]]) {
            PyMem_Free(seen);
            PyErr_SetString(PyExc_ValueError, "item_order names an item twice");
            return -1;
        }
        seen[numbers[k]] = 1;
    }
    PyMem_Free(seen);
    return 0;
}

static PyObject *Core_search(CoreObject *c, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"general", "choose", "givens", "prefer", "item_order", "memo",
                             "capacity", "prune", "learn", "max_nodes", "timeout", "progress",
                             "signals", "count_to", NULL};
    int general, signals = 1;
    long long count_to = 0;
    const char *choose;
    PyObject *givens, *pref, *order, *memo, *prune, *learn, *progress, *timeout;
    long long capacity, max_nodes;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "psOOOOLOOLOO|pL", kwlist, &general, &choose,
                                     &givens, &pref, &order, &memo, &capacity, &prune, &learn,
                                     &max_nodes, &timeout, &progress, &signals, &count_to))
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
    if (c->busy) {
        PyErr_SetString(PyExc_RuntimeError, "busy");
        return NULL;
    }
    int npref = 0;
    int *prefs = NULL;
    SearchObject *s = PyObject_GC_New(SearchObject, &SearchType);
    if (s == NULL) return NULL;
    memset((char *)s + sizeof(PyObject), 0, sizeof(SearchObject) - sizeof(PyObject));
    Py_INCREF(c);
    s->core = c;
    s->memo = (MemoObject *)none_to_null(memo);
    Py_XINCREF(s->memo);
    s->prune = none_to_null(prune);
    Py_XINCREF(s->prune);
    s->learn = none_to_null(learn);
    Py_XINCREF(s->learn);
    s->progress = none_to_null(progress);
    Py_XINCREF(s->progress);
    PyObject_GC_Track(s);
    s->phase = FINISHED;
    s->general = general;
    s->signals = signals;
    s->mrv = strcmp(choose, "mrv") == 0;
    s->sweep = strcmp(choose, "sweep") == 0;
    s->status = S_CLOSED;
    s->capacity = capacity;
    s->node_cap = max_nodes; /* the caller passes 2**62 for none */
    s->count_to = count_to;
    s->next_poll = 0; /* the budgets are looked at before the first node */
    s->next_update_poll = POLL_UPDATES;
    s->deadline = -1.0;
    if (timeout != Py_None) {
        double seconds = PyFloat_AsDouble(timeout);
        if (seconds == -1.0 && PyErr_Occurred()) goto fail;
        s->deadline = monotonic() + (seconds > 0 ? seconds : 0);
    }
    if (!(s->givens = int_array(givens, c->options, &s->ngivens))) goto fail;
    if (!(prefs = int_array(pref, c->options, &npref))) goto fail;
    if (!(s->order = int_array(order, c->n1, &s->norder))) goto fail;
    if (distinct(s->order, s->norder, c->n1) < 0) goto fail; /* order_items trusts this */
    for (int k = 0; k < s->norder; k++) s->order[k]++;
    if (search_alloc(s, c) < 0) goto fail;
    size_t moved = 0;
    for (int k = 0; k < npref; k++)
        for (int q = c->first[prefs[k]]; c->nd[q].top > 0; q++) moved++;
    if (!(s->moves = checked_calloc(3 * moved, sizeof(int)))) goto fail;
    s->prune_c = hook_entry(s->prune);
    s->learn_c = hook_entry(s->learn);
    if ((s->prune != NULL && s->prune_c == NULL) || (s->learn != NULL && s->learn_c == NULL)) {
        if (!(s->opts_list = PyList_New(0))) goto fail; /* a hook called in Python reads it */
    }
    for (int k = 0; k < s->ngivens; k++)
        if (opts_push(s, s->givens[k]) < 0) goto fail;
    s->exact = 1;
    for (int i = 1; i <= c->n1; i++)
        if (c->it[i].slack) s->exact = 0;
    int fit = givens_fit(c, s->givens, s->ngivens);
    if (fit < 0) goto fail;
    if (!fit) { /* no solution: an exhausted search of no nodes */
        s->status = S_EXHAUSTED;
        PyMem_Free(prefs);
        return (PyObject *)s;
    }
    if (s->norder && order_items(c, s->order, s->norder) < 0) goto fail;
    s->nmoves = prefer(c, prefs, npref, s->moves);
    PyMem_Free(prefs);
    prefs = NULL;
    choose_givens(c, s->givens, s->ngivens);
    for (int k = 0; k < s->ngivens; k++) add_key(s, s->givens[k], 1);
    c->busy = 1;
    if (s->memo != NULL) s->memo->in_use = 1;
    s->claimed = 1;
    s->phase = X_START;
    s->state = ENTER;
    return (PyObject *)s;
fail:
    PyMem_Free(prefs);
    Py_DECREF(s);
    return NULL;
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
    m->words = c->words;
    m->count = m->slots = m->pool_cap = 0;
    m->hashes = NULL;
    m->where = NULL;
    m->pool = NULL;
    return (PyObject *)m;
}

static PyObject *Core_snapshot(CoreObject *c, PyObject *unused) {
    if (c->serial == 0) { /* never initialised, or its initialisation failed */
        PyErr_SetString(PyExc_ValueError, "this Core was never initialised");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (int x = 0; x < c->nodes; x++) {
        node *p = &c->nd[x];
        PyObject *row = Py_BuildValue("(iiiii)", p->up, p->down, p->top, p->colour, c->option[x]);
        if (row == NULL || PyList_Append(out, row) < 0) { Py_XDECREF(row); Py_DECREF(out); return NULL; }
        Py_DECREF(row);
    }
    for (int i = 0; i <= c->n + 1; i++) {
        item *p = &c->it[i];
        PyObject *row = Py_BuildValue("(iiLL)", p->left, p->right, p->bound, p->slack);
        if (row == NULL || PyList_Append(out, row) < 0) { Py_XDECREF(row); Py_DECREF(out); return NULL; }
        Py_DECREF(row);
    }
    return out;
}

static PyObject *Core_get_busy(CoreObject *c, void *unused) { return PyBool_FromLong(c->busy); }
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

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx.cores.links._links.Core",
    .tp_basicsize = sizeof(CoreObject),
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The dancing links of one problem, in DLX1's flat arrays.",
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_init = (initproc)Core_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "dlx.cores.links._links",
    "The compiled dance of dlx: Algorithms X and M on DLX1's flat arrays.", -1, NULL};

PyMODINIT_FUNC PyInit__links(void) {
    if (PyType_Ready(&CoreType) < 0 || PyType_Ready(&SearchType) < 0 ||
        PyType_Ready(&MemoType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0 ||
        PyModule_AddObjectRef(m, "Search", (PyObject *)&SearchType) < 0 ||
        PyModule_AddObjectRef(m, "Memo", (PyObject *)&MemoType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* The compiled core: the dancing links of dlx/links.py and dlx/multiplicity.py at C speed.

   The data structure (DLX1, TAOCP 7.2.2.1), for a problem with N items, N1 of them primary:

   - `it[0..N+1]`, the items: it[0] heads the circular list of active primary items (left/right),
     it[N+1] the list of secondary items, which the search never branches on. Item k of the
     Python problem is item k+1 here. `bound` is the uses an item still allows, `slack` its
     upper bound less its lower bound (multiplicities, Algorithm M).
   - `nd[]`, the nodes, in one flat array: nd[1..N] are the items' headers (their `top` field
     holds LEN, the number of live options in the list, as in the book); then one spacer, and
     every option's nodes followed by a spacer. A spacer's `top` is minus its option count, its
     `up` the first node of the option before it, its `down` the last node of the option after it,
     so an option's nodes can be walked cyclically (right from p, or left) without a pointer.
   - Every option node has `up`/`down` in its item's vertical list, `top` (its item) and `colour`
     (0: none; -1: its item purified to this colour already): 16 bytes, as in DLX1. The number of
     the option a node belongs to is kept apart, in `option[]`, out of the hot loops' way.

   Knuth's 7-item example: items a..g, options "c e", "a d g", "b c f", "a d f", "b g", "d e g";
   nd[1..7] are the headers, nd[8] a spacer, nd[9..10] the option "c e", nd[11] a spacer, ...

   Two searches run on it: Algorithm X exactly as `Links.search` (DLX1), and Algorithm M with
   colours exactly as `search_m` (DLX3), both with the same counts of nodes and updates, the same
   profile and the same order of solutions as the pure-Python engine, which is their oracle. Each
   search is a `Search` object, a resumable generator: its whole state lives in that struct, never
   in a global. Callbacks (prune, learn, progress) are called once per node at most; without them
   the GIL is released while the search runs. Every few thousand nodes the search polls its
   budgets and signals; however it stops, every link is put back before control returns. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define POLL_NODES 4096
#define POLL_UPDATES (1LL << 20)
#define INFINITY_ (1LL << 62)

typedef struct {
    int up, down, top, colour; /* 16 bytes, as in DLX1 */
} node;

typedef struct {
    int left, right;
    long long bound, slack;
} item;

/* ---------- The Core object: one problem's links ---------- */

typedef struct {
    PyObject_HEAD
    int n1, n;              /* primary items, all items */
    int options;            /* number of options */
    int nodes;              /* size of nd[] */
    node *nd;
    item *it;
    int *first;             /* first node of each option */
    int *option;            /* the option of each node (-1 for headers and spacers) */
    int coloured;
    int busy;
    long long serial;
    /* the failure memo's state keys: per item its field (shift, width), per option a hash */
    int words;              /* 64-bit words in a packed state */
    int *shift, *width, *leave_shift; /* leave_shift -1 when the item has no slack */
    uint64_t *unit_hash, *leave_hash, *option_hash;
} CoreObject;

static long long core_serials = 0; /* only ever read under the GIL, to tell cores apart */

static void *checked_calloc(size_t count, size_t size) {
    void *p = PyMem_Calloc(count ? count : 1, size);
    if (p == NULL) PyErr_NoMemory();
    return p;
}

static uint64_t splitmix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static int bit_length(long long v) {
    int b = 0;
    while (v > 0) { b++; v >>= 1; }
    return b;
}

static void Core_dealloc(CoreObject *self) {
    PyMem_Free(self->nd);
    PyMem_Free(self->it);
    PyMem_Free(self->first);
    PyMem_Free(self->option);
    PyMem_Free(self->shift);
    PyMem_Free(self->width);
    PyMem_Free(self->leave_shift);
    PyMem_Free(self->unit_hash);
    PyMem_Free(self->leave_hash);
    PyMem_Free(self->option_hash);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Link items [lo, hi) of `order` into the ring headed by item `head`. */
static void link_ring(item *it, int head, const int *members, int count) {
    int prev = head;
    for (int k = 0; k < count; k++) {
        it[prev].right = members[k];
        it[members[k]].left = prev;
        prev = members[k];
    }
    it[prev].right = head;
    it[head].left = prev;
}

/* Relink the primary list: `numbers` (C item numbers) first, then the others as declared. */
static int order_items(CoreObject *c, const int *numbers, int count) {
    int *ring = PyMem_Malloc(sizeof(int) * (size_t)(c->n1 + 1));
    char *listed = PyMem_Calloc((size_t)c->n1 + 2, 1);
    if (ring == NULL || listed == NULL) {
        PyMem_Free(ring);
        PyMem_Free(listed);
        PyErr_NoMemory();
        return -1;
    }
    int m = 0;
    for (int k = 0; k < count; k++) { ring[m++] = numbers[k]; listed[numbers[k]] = 1; }
    for (int i = 1; i <= c->n1; i++)
        if (!listed[i]) ring[m++] = i;
    link_ring(c->it, 0, ring, m);
    PyMem_Free(ring);
    PyMem_Free(listed);
    return 0;
}

static int core_memo_layout(CoreObject *c) {
    int n = c->n;
    c->shift = checked_calloc((size_t)n + 2, sizeof(int));
    c->width = checked_calloc((size_t)n + 2, sizeof(int));
    c->leave_shift = checked_calloc((size_t)n + 2, sizeof(int));
    c->unit_hash = checked_calloc((size_t)n + 2, sizeof(uint64_t));
    c->leave_hash = checked_calloc((size_t)n + 2, sizeof(uint64_t));
    c->option_hash = checked_calloc((size_t)c->options, sizeof(uint64_t));
    if (!c->shift || !c->width || !c->leave_shift || !c->unit_hash || !c->leave_hash ||
        !c->option_hash)
        return -1;
    long long shift = 0;
    for (int i = 1; i <= n; i++) {
        long long high = i <= c->n1 ? c->it[i].bound : 1;
        c->shift[i] = (int)shift;
        c->width[i] = bit_length(high);
        shift += c->width[i];
        c->unit_hash[i] = splitmix(2 * (uint64_t)i);
        c->leave_hash[i] = splitmix(2 * (uint64_t)i + 1);
        c->leave_shift[i] = -1;
        if (i <= c->n1 && c->it[i].slack) c->leave_shift[i] = (int)shift++;
        if (shift > INT32_MAX - 64) {
            PyErr_SetString(PyExc_MemoryError, "state keys too wide");
            return -1;
        }
    }
    c->words = (int)(shift / 64) + 1;
    for (int o = 0; o < c->options; o++) {
        uint64_t h = 0;
        for (int q = c->first[o]; c->nd[q].top > 0; q++) h += c->unit_hash[c->nd[q].top];
        c->option_hash[o] = h;
    }
    return 0;
}

/* Core(primary, items, options, bounds, colours): the links of a problem, checked on input. */
static int Core_init(CoreObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"primary", "items", "options", "bounds", "colours", NULL};
    int n1, n;
    PyObject *options, *bounds, *colours;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOO", kwlist, &n1, &n, &options, &bounds,
                                     &colours))
        return -1;
    if (self->nd != NULL) {
        PyErr_SetString(PyExc_TypeError, "Core is initialised once");
        return -1;
    }
    PyObject *opts = PySequence_Fast(options, "options must be a sequence");
    if (opts == NULL) return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(opts);
    Py_ssize_t total = 0;
    int ok = 0;
    if (n1 < 0 || n < n1 || m > INT32_MAX / 4) {
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
    if (!self->nd || !self->it || !self->first || !self->option) goto done;
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
        Py_ssize_t len = PySequence_Fast_GET_SIZE(opt);
        int spacer = x;
        self->first[o] = x + 1;
        for (Py_ssize_t k = 0; k < len; k++) {
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
        x++;
        self->nd[x].top = -(o + 1);
        self->nd[x].up = self->first[o];
    }
    if (core_memo_layout(self) < 0) goto done;
    self->serial = ++core_serials;
    ok = 1;
done:
    Py_DECREF(opts);
    return ok ? 0 : -1;
}

/* Relink the primary list in declaration order (order_items with no numbers, allocating
   nothing, so that a search's epilogue cannot fail). */
static void relink_declared(CoreObject *c) {
    int prev = 0;
    for (int i = 1; i <= c->n1; i++) {
        c->it[prev].right = i;
        c->it[i].left = prev;
        prev = i;
    }
    c->it[prev].right = 0;
    c->it[0].left = prev;
}

/* ---------- The dance: hide, unhide, cover, uncover, purify, unpurify ---------- */

#define LEN(x) nd[x].top

/* Take the other nodes of p's option out of their items' lists (right from p, cyclically);
   return the updates. */
static inline long long hide(node *nd, int p) {
    long long done = 0;
    unsigned q = (unsigned)p + 1; /* unsigned: indices need no sign extension */
    while (q != (unsigned)p) {
        int x = nd[q].top;
        if (x <= 0) {
            q = (unsigned)nd[q].up;
        } else {
            unsigned u = (unsigned)nd[q].up, d = (unsigned)nd[q].down;
            nd[u].down = (int)d;
            nd[d].up = (int)u;
            nd[(unsigned)x].top--; /* LEN */
            done++;
            q++;
        }
    }
    return done;
}

/* Undo hide(p), leftwards: the reverse order, so every node finds its neighbours as it left them. */
static inline void unhide(node *nd, int p) {
    unsigned q = (unsigned)p - 1;
    while (q != (unsigned)p) {
        int x = nd[q].top;
        if (x <= 0) {
            q = (unsigned)nd[q].down;
        } else {
            unsigned u = (unsigned)nd[q].up, d = (unsigned)nd[q].down;
            nd[u].down = (int)q;
            nd[d].up = (int)q;
            nd[(unsigned)x].top++; /* LEN */
            q--;
        }
    }
}

/* Cover item i: out of the active list, and every option in its list hidden. */
static inline long long cover(node *nd, item *it, int i) {
    int l = it[i].left, r = it[i].right;
    it[l].right = r;
    it[r].left = l;
    long long done = 1;
    for (int p = nd[i].down; p != i; p = nd[p].down) done += hide(nd, p);
    return done;
}

/* Undo cover(i), bottom to top (the reverse of cover). */
static inline void uncover(node *nd, item *it, int i) {
    for (int p = nd[i].up; p != i; p = nd[p].up) unhide(nd, p);
    int l = it[i].left, r = it[i].right;
    it[l].right = i;
    it[r].left = i;
}

/* Give p's item p's colour: hide the options giving it another, mark those giving it the same. */
static long long purify(node *nd, int p) {
    int colour = nd[p].colour, i = nd[p].top;
    long long done = 0;
    for (int q = nd[i].down; q != i; q = nd[q].down) {
        if (nd[q].colour != colour) done += hide(nd, q);
        else if (q != p) nd[q].colour = -1;
    }
    return done;
}

/* Undo purify(p), bottom to top. */
static void unpurify(node *nd, int p) {
    int colour = nd[p].colour, i = nd[p].top;
    for (int q = nd[i].up; q != i; q = nd[q].up) {
        if (nd[q].colour < 0) nd[q].colour = colour;
        else if (nd[q].colour != colour) unhide(nd, q);
    }
}

/* Use the item of node q of an option being chosen (Links.commit). */
static inline long long commit(CoreObject *c, int q) {
    node *nd = c->nd;
    int t = nd[q].top;
    if (t <= c->n1) {
        c->it[t].bound--;
        return c->it[t].bound == 0 ? cover(nd, c->it, t) : 0;
    }
    if (nd[q].colour == 0) return cover(nd, c->it, t);
    return nd[q].colour > 0 ? purify(nd, q) : 0;
}

/* Undo commit(q). */
static inline void uncommit(CoreObject *c, int q) {
    node *nd = c->nd;
    int t = nd[q].top;
    if (t <= c->n1) {
        if (c->it[t].bound == 0) uncover(nd, c->it, t);
        c->it[t].bound++;
    } else if (nd[q].colour == 0) {
        uncover(nd, c->it, t);
    } else if (nd[q].colour > 0) {
        unpurify(nd, q);
    }
}

/* Commit the other nodes of p's option, right from p; return the updates. */
static inline long long commit_others(CoreObject *c, int p) {
    node *nd = c->nd;
    long long done = 0;
    int q = p + 1;
    while (q != p) {
        if (nd[q].top <= 0) { q = nd[q].up; continue; }
        done += commit(c, q);
        q++;
    }
    return done;
}

/* Undo commit_others(p), leftwards. */
static inline void uncommit_others(CoreObject *c, int p) {
    node *nd = c->nd;
    int q = p - 1;
    while (q != p) {
        if (nd[q].top <= 0) { q = nd[q].down; continue; }
        uncommit(c, q);
        q--;
    }
}

/* Algorithm X's version: cover the other items of p's option, right from p. */
static inline long long cover_others(node *nd, item *it, int p) {
    long long done = 0;
    int q = p + 1;
    while (q != p) {
        if (nd[q].top <= 0) { q = nd[q].up; continue; }
        done += cover(nd, it, nd[q].top);
        q++;
    }
    return done;
}

static inline void uncover_others(node *nd, item *it, int p) {
    int q = p - 1;
    while (q != p) {
        if (nd[q].top <= 0) { q = nd[q].down; continue; }
        uncover(nd, it, nd[q].top);
        q--;
    }
}

/* ---------- Givens and preferred options ---------- */

/* Whether the options `givens` can be chosen together (Links.givens_fit). */
static int givens_fit(CoreObject *c, const int *g, int count) {
    node *nd = c->nd;
    long long *used = checked_calloc((size_t)c->n + 2, sizeof(long long));
    int *painted = checked_calloc((size_t)c->n + 2, sizeof(int));
    char *seen = checked_calloc((size_t)c->options, 1);
    int fit = 1;
    if (!used || !painted || !seen) { fit = -1; goto done; }
    for (int k = 0; k < count && fit; k++) {
        if (seen[g[k]]) { fit = 0; break; }
        seen[g[k]] = 1;
        for (int q = c->first[g[k]]; nd[q].top > 0 && fit; q++) {
            int t = nd[q].top;
            if (t > c->n1 && nd[q].colour) {
                if (painted[t] == 0) painted[t] = nd[q].colour;
                if (painted[t] != nd[q].colour || used[t]) fit = 0;
                continue;
            }
            used[t]++;
            long long limit = t <= c->n1 ? c->it[t].bound : 1;
            if (used[t] > limit || painted[t]) fit = 0;
        }
    }
done:
    PyMem_Free(used);
    PyMem_Free(painted);
    PyMem_Free(seen);
    return fit;
}

static void choose_givens(CoreObject *c, const int *g, int count) {
    node *nd = c->nd;
    for (int k = 0; k < count; k++) {
        int f = c->first[g[k]];
        for (int q = f; nd[q].top > 0; q++) {
            nd[nd[q].up].down = nd[q].down;
            nd[nd[q].down].up = nd[q].up;
            LEN(nd[q].top)--;
        }
        for (int q = f; nd[q].top > 0; q++) commit(c, q);
    }
}

static void unchoose_givens(CoreObject *c, const int *g, int count) {
    node *nd = c->nd;
    for (int k = count - 1; k >= 0; k--) {
        int f = c->first[g[k]], last = f;
        while (nd[last + 1].top > 0) last++;
        for (int q = last; q >= f; q--) uncommit(c, q);
        for (int q = last; q >= f; q--) {
            nd[nd[q].up].down = q;
            nd[nd[q].down].up = q;
            LEN(nd[q].top)++;
        }
    }
}

/* Move the options to the top of their lists, last first (Links.prefer); record the moves. */
static int prefer(CoreObject *c, const int *numbers, int count, int *moves) {
    node *nd = c->nd;
    int m = 0;
    for (int k = count - 1; k >= 0; k--) {
        for (int q = c->first[numbers[k]]; nd[q].top > 0; q++) {
            int up = nd[q].up, down = nd[q].down, t = nd[q].top;
            nd[up].down = down;
            nd[down].up = up;
            nd[q].up = t;
            nd[q].down = nd[t].down;
            nd[nd[t].down].up = q;
            nd[t].down = q;
            moves[m++] = q;
            moves[m++] = up;
            moves[m++] = down;
        }
    }
    return m;
}

static void restore_order(CoreObject *c, const int *moves, int m) {
    node *nd = c->nd;
    for (int k = m - 3; k >= 0; k -= 3) {
        int q = moves[k], up = moves[k + 1], down = moves[k + 2];
        nd[nd[q].up].down = nd[q].down;
        nd[nd[q].down].up = nd[q].up;
        nd[q].up = up;
        nd[q].down = down;
        nd[up].down = q;
        nd[down].up = q;
    }
}

/* ---------- The failure memo's exact store ---------- */

/* States are packed bit strings (each item's use count in its field, then its 'left' flag),
   kept whole in `pool` and found by a 64-bit hash in an open-addressing table: a hash hit is
   a hit only when the packed states are equal, so no two states are ever confused. The search
   may store states without the GIL, so the store's memory comes from PyMem_Raw*. */
typedef struct {
    PyObject_HEAD
    long long owner;        /* the serial of the core whose states these are */
    int in_use;             /* held by a search, which may run without the GIL */
    int words;
    Py_ssize_t count, slots; /* states stored, table size (a power of 2) */
    uint64_t *hashes;        /* per slot; 0 marks an empty slot (hashes are forced odd) */
    Py_ssize_t *where;       /* per slot, the state's index in pool */
    uint64_t *pool;
    Py_ssize_t pool_cap;     /* states the pool can hold */
} MemoObject;

static void Memo_dealloc(MemoObject *self) {
    PyMem_RawFree(self->hashes);
    PyMem_RawFree(self->where);
    PyMem_RawFree(self->pool);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static void memo_clear(MemoObject *m) {
    if (m->hashes) memset(m->hashes, 0, sizeof(uint64_t) * (size_t)m->slots);
    m->count = 0;
}

static int memo_find(const MemoObject *m, uint64_t h, const uint64_t *state) {
    if (m->count == 0) return 0;
    size_t mask = (size_t)m->slots - 1;
    for (size_t s = (size_t)(h >> 7) & mask;; s = (s + 1) & mask) {
        if (m->hashes[s] == 0) return 0;
        if (m->hashes[s] == h &&
            memcmp(m->pool + (size_t)m->where[s] * (size_t)m->words, state,
                   sizeof(uint64_t) * (size_t)m->words) == 0)
            return 1;
    }
}

static int memo_grow(MemoObject *m) {
    Py_ssize_t slots = m->slots ? m->slots * 2 : 1024;
    uint64_t *hashes = PyMem_RawCalloc((size_t)slots, sizeof(uint64_t));
    Py_ssize_t *where = PyMem_RawCalloc((size_t)slots, sizeof(Py_ssize_t));
    if (!hashes || !where) {
        PyMem_RawFree(hashes);
        PyMem_RawFree(where);
        return -1;
    }
    size_t mask = (size_t)slots - 1;
    for (Py_ssize_t k = 0; k < m->slots; k++) {
        if (m->hashes[k] == 0) continue;
        size_t s = (size_t)(m->hashes[k] >> 7) & mask;
        while (hashes[s]) s = (s + 1) & mask;
        hashes[s] = m->hashes[k];
        where[s] = m->where[k];
    }
    PyMem_RawFree(m->hashes);
    PyMem_RawFree(m->where);
    m->hashes = hashes;
    m->where = where;
    m->slots = slots;
    return 0;
}

/* Add a state (absent or not: a set's add); -1 when memory runs out (no exception set). */
static int memo_add(MemoObject *m, uint64_t h, const uint64_t *state) {
    if (memo_find(m, h, state)) return 0;
    if ((m->count + 1) * 2 > m->slots && memo_grow(m) < 0) return -1;
    if (m->count >= m->pool_cap) {
        Py_ssize_t cap = m->pool_cap ? m->pool_cap * 2 : 1024;
        uint64_t *pool = PyMem_RawRealloc(m->pool, sizeof(uint64_t) * (size_t)cap * (size_t)m->words);
        if (pool == NULL) return -1;
        m->pool = pool;
        m->pool_cap = cap;
    }
    memcpy(m->pool + (size_t)m->count * (size_t)m->words, state, sizeof(uint64_t) * (size_t)m->words);
    size_t mask = (size_t)m->slots - 1;
    size_t s = (size_t)(h >> 7) & mask;
    while (m->hashes[s]) s = (s + 1) & mask;
    m->hashes[s] = h;
    m->where[s] = m->count++;
    return 0;
}

static PyObject *Memo_len(MemoObject *self, PyObject *unused) {
    return PyLong_FromSsize_t(self->count);
}

static PyObject *Memo_clear(MemoObject *self, PyObject *unused) {
    if (self->in_use) {
        PyErr_SetString(PyExc_ValueError, "this memo store is in use by a search");
        return NULL;
    }
    memo_clear(self);
    Py_RETURN_NONE;
}

static PyMethodDef Memo_methods[] = {
    {"size", (PyCFunction)Memo_len, METH_NOARGS, "The number of states stored."},
    {"clear", (PyCFunction)Memo_clear, METH_NOARGS, "Forget every state."},
    {NULL}};

static PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx._core.Memo",
    .tp_basicsize = sizeof(MemoObject),
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The failure memo's states of one core, kept exactly (made by Core.memo()).",
    .tp_methods = Memo_methods,
};

/* ---------- The search object ---------- */

enum { X_START, X_RESUME, X_LAST, M_RESUME, FINISHED };
enum { ENTER, CHECKED, DEAD, ADVANCE, RETREAT, FINISH };
enum { S_RUNNING, S_EXHAUSTED, S_BUDGET, S_CLOSED };

typedef struct {
    PyObject_HEAD
    CoreObject *core;
    MemoObject *memo;
    PyObject *prune, *learn, *progress, *opts_list;
    int general;        /* Algorithm M (1) or X (0) */
    int mrv, sweep, exact;
    int phase, status, claimed, running, error, out_of_memory;
    /* budgets */
    long long nodes, updates, solutions, hits, stores, node_cap, next_poll, next_update_poll;
    double deadline;    /* monotonic seconds, or < 0 for none */
    long long capacity;
    /* stacks */
    int *givens, ngivens, *order, norder, *moves, nmoves;
    int *opts, nopts;   /* option numbers chosen, givens first */
    int *stack_a, *stack_b; /* X: bests, chosen; M: items, tries */
    int *firsts;
    char *tweaking, *restricted_at;
    long long *found_at;
    int na, nb;         /* X: sizes of bests, chosen; M: levels (na) */
    int restricted;
    long long *profile;
    int profile_len, profile_cap;
    /* X's loop registers, kept across yields */
    int level, enter, dead, best, cur;
    /* M's */
    int state;
    uint64_t key_hash;
    long long *used;    /* per item, its uses (a state key's fields) */
    char *left;         /* per item, whether the search left it */
    uint64_t *scratch;  /* a packed state */
} SearchObject;

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline void bump(SearchObject *s, int level) {
    if (level < s->profile_len) s->profile[level]++;
    else s->profile[s->profile_len++] = 1; /* room for every level was allocated up front */
}

/* Call a Python hook with the live list of chosen options; -1 on an exception. */
static int call_hook(PyObject *hook, PyObject *list) {
    PyObject *r = PyObject_CallOneArg(hook, list);
    if (r == NULL) return -1;
    int truth = PyObject_IsTrue(r);
    Py_DECREF(r);
    return truth;
}

static int opts_push(SearchObject *s, int number) {
    s->opts[s->nopts++] = number;
    if (s->opts_list == NULL) return 0;
    PyObject *v = PyLong_FromLong(number);
    if (v == NULL) return -1;
    int r = PyList_Append(s->opts_list, v);
    Py_DECREF(v);
    return r;
}

static void opts_pop(SearchObject *s) {
    s->nopts--;
    if (s->opts_list != NULL) PyList_SetSlice(s->opts_list, s->nopts, s->nopts + 1, NULL);
}

static int prune_ok(SearchObject *s) {
    return s->prune == NULL ? 1 : call_hook(s->prune, s->opts_list);
}

/* Budgets.spent: 1 when a budget ran out, 0 to go on, -1 on an exception (a signal, progress). */
static int spent(SearchObject *s, PyThreadState **released) {
    s->next_poll = s->nodes + POLL_NODES < s->node_cap + 1 ? s->nodes + POLL_NODES : s->node_cap + 1;
    s->next_update_poll = s->updates + POLL_UPDATES;
    if (s->nodes > s->node_cap) return 1;
    if (s->deadline >= 0 && monotonic() > s->deadline) return 1;
    if (*released != NULL) {
        PyEval_RestoreThread(*released);
        *released = NULL;
        int r = PyErr_CheckSignals();
        *released = PyEval_SaveThread();
        return r < 0 ? -1 : 0;
    }
    if (PyErr_CheckSignals() < 0) return -1;
    if (s->progress != NULL) {
        PyObject *r = PyObject_CallNoArgs(s->progress);
        if (r == NULL) return -1;
        Py_DECREF(r);
    }
    return 0;
}

/* Algorithm X, exactly as Links.search: 1 at a solution, 0 when done, -1 on an exception. */
static int run_x(SearchObject *s, PyThreadState **released) {
    CoreObject *c = s->core;
    node *nd = c->nd;
    item *it = c->it;
    int *bests = s->stack_a, *chosen = s->stack_b;
    int level = s->level, enter = s->enter, dead = s->dead, best = s->best, cur = s->cur;
    long long nodes = s->nodes, updates = s->updates;
    int r;
    if (s->phase == X_LAST) { s->status = S_EXHAUSTED; return 0; }
    if (s->phase == X_RESUME) goto resume;
    if (it[0].right == 0) { /* every primary item is covered already: one exact cover */
        s->nodes = 1;
        bump(s, 0);
        if ((r = spent(s, released)) != 0) {
            if (r > 0) s->status = S_BUDGET;
            else s->error = 1;
            return r < 0 ? -1 : 0;
        }
        if ((r = prune_ok(s)) < 0) { s->error = 1; return -1; }
        if (r) { s->solutions = 1; s->phase = X_LAST; return 1; }
        s->status = S_EXHAUSTED;
        return 0;
    }
    level = 0;
    enter = 1;
    dead = 0;
    best = cur = 0;
    /* X2-X8, as a loop with an explicit stack of levels */
    while (1) {
        if (enter) { /* X2: a new node of the search tree */
            enter = 0;
            nodes++;
            bump(s, level);
            if (nodes >= s->next_poll || updates >= s->next_update_poll) {
                s->nodes = nodes;
                s->updates = updates;
                if ((r = spent(s, released)) != 0) {
                    if (r > 0) s->status = S_BUDGET;
                    else s->error = 1;
                    goto stop;
                }
            }
            if (dead) { /* cut off before entry: back to the parent's next option */
                dead = 0;
                level--;
                cur = nd[cur].down;
                continue;
            }
            if (!level && s->prune != NULL) {
                if ((r = prune_ok(s)) <= 0) {
                    if (r == 0) s->status = S_EXHAUSTED;
                    else s->error = 1;
                    goto stop;
                }
            }
            /* X3: choose the item i of fewest options (mrv), the first, or sweep's */
            if (s->mrv) {
                long long t = INFINITY_;
                for (int k = it[0].right; k != 0; k = it[k].right) {
                    if (LEN(k) < t) {
                        best = k;
                        t = LEN(k);
                        if (!t) break;
                    }
                }
            } else {
                best = it[0].right;
                if (s->sweep)
                    for (int k = best; k != 0; k = it[k].right)
                        if (LEN(k) <= 1) { best = k; break; }
            }
            updates += cover(nd, it, best); /* X4 */
            bests[s->na++] = best;
            cur = nd[best].down;
        }
        if (cur == best) { /* X7: every option of i was tried; X8: leave the level */
            uncover(nd, it, best);
            s->na--;
            if (!level) { s->status = S_EXHAUSTED; goto stop; }
            level--;
            cur = chosen[--s->nb];
            opts_pop(s);
            best = bests[level];
            uncover_others(nd, it, cur);
            cur = nd[cur].down;
            continue;
        }
        /* X5: try option cur */
        if (opts_push(s, c->option[cur]) < 0) { s->error = 1; goto stop; }
        if (s->prune != NULL) {
            if ((r = prune_ok(s)) < 0) { s->error = 1; goto stop; } /* no C-API call now */
            if (!r) { /* counted as a node, never linked in */
                opts_pop(s);
                level++;
                enter = dead = 1;
                continue;
            }
        }
        chosen[s->nb++] = cur;
        updates += cover_others(nd, it, cur);
        if (it[0].right != 0) { level++; enter = 1; continue; }
        nodes++; /* a solution is a node too, as in DLX1 */
        bump(s, level + 1);
        if (nodes > s->node_cap) { s->status = S_BUDGET; goto stop; }
        s->solutions++;
        s->level = level; s->enter = enter; s->dead = dead; s->best = best; s->cur = cur;
        s->nodes = nodes; s->updates = updates;
        s->phase = X_RESUME;
        return 1;
    resume: /* X6: after a solution, try the next option of the level */
        cur = chosen[--s->nb];
        opts_pop(s);
        uncover_others(nd, it, cur);
        cur = nd[cur].down;
    }
stop:
    s->nodes = nodes;
    s->updates = updates;
    return s->error ? -1 : 0;
}

/* Put the links back after a stop of Algorithm X: deepest level first. */
static void unwind_x(SearchObject *s) {
    CoreObject *c = s->core;
    while (s->na) {
        if (s->nb == s->na) {
            int cur = s->stack_b[--s->nb];
            s->nopts--;
            uncover_others(c->nd, c->it, cur);
        }
        uncover(c->nd, c->it, s->stack_a[--s->na]);
    }
}

/* --- Algorithm M --- */

/* Pack the state (uses and 'left' flags), with option x's uses added when x >= 0. */
static const uint64_t *pack(SearchObject *s, int x) {
    CoreObject *c = s->core;
    uint64_t *w = s->scratch;
    memset(w, 0, sizeof(uint64_t) * (size_t)c->words);
    if (x >= 0)
        for (int q = c->first[x]; c->nd[q].top > 0; q++) s->used[c->nd[q].top]++;
    for (int i = 1; i <= c->n; i++) {
        uint64_t v = (uint64_t)s->used[i];
        int at = c->shift[i], b = at & 63;
        w[at >> 6] |= v << b;
        if (b && b + c->width[i] > 64) w[(at >> 6) + 1] |= v >> (64 - b);
        if (s->left[i]) w[c->leave_shift[i] >> 6] |= 1ULL << (c->leave_shift[i] & 63);
    }
    if (x >= 0)
        for (int q = c->first[x]; c->nd[q].top > 0; q++) s->used[c->nd[q].top]--;
    return w;
}

static inline uint64_t odd(uint64_t h) { return h | 1; }

static int memo_failed(SearchObject *s, int x) {
    uint64_t h = s->key_hash + (x >= 0 ? s->core->option_hash[x] : 0);
    return memo_find(s->memo, odd(h), pack(s, x));
}

static void add_key(SearchObject *s, int x, int sign) {
    CoreObject *c = s->core;
    for (int q = c->first[x]; c->nd[q].top > 0; q++) s->used[c->nd[q].top] += sign;
    s->key_hash += sign > 0 ? c->option_hash[x] : -c->option_hash[x];
}

/* The active item of smallest branching degree (search_m's _choose), or 0 when one is stuck. */
static int choose_m(item *it, node *nd) {
    int best = 0;
    long long score = INFINITY_, best_slack = INFINITY_, best_len = -1;
    for (int k = it[0].right; k != 0; k = it[k].right) {
        long long bound = it[k].bound, slack = it[k].slack < bound ? it[k].slack : bound;
        long long size = LEN(k), t = size + slack - bound + 1;
        if (t < score ||
            (t == score && (slack < best_slack || (slack == best_slack && size > best_len)))) {
            if (t <= 0) return 0;
            best = k; score = t; best_slack = slack; best_len = size;
        }
    }
    return best;
}

static int choose_exact(item *it, node *nd) {
    int best = 0;
    long long score = INFINITY_, best_len = -1;
    for (int k = it[0].right; k != 0; k = it[k].right) {
        long long size = LEN(k), t = size - it[k].bound;
        if (t < score || (t == score && size > best_len)) {
            if (t < 0) return 0;
            best = k; score = t; best_len = size;
        }
    }
    return best;
}

static int choose_first(item *it, node *nd, int sweep) {
    int first = it[0].right;
    for (int k = sweep ? first : 0; k != 0; k = it[k].right) {
        long long bound = it[k].bound, slack = it[k].slack < bound ? it[k].slack : bound;
        long long t = LEN(k) + slack - bound + 1;
        if (t <= 1) return t <= 0 ? 0 : k;
    }
    if (first != 0) {
        long long slack = it[first].slack < it[first].bound ? it[first].slack : it[first].bound;
        if (LEN(first) + slack - it[first].bound < 0) return 0;
    }
    return first;
}

/* Take the top option x out of i's list and, unless i is covered, out of every list. */
static long long tweak(node *nd, item *it, int x, int i) {
    int d = nd[x].down;
    nd[i].down = d;
    nd[d].up = i;
    LEN(i)--;
    return it[i].bound == 0 ? 1 : hide(nd, x) + 1;
}

/* Put back, from `first` on, the options tweaked out of i's list, in one sweep. */
static void untweak(node *nd, int i, int first, int restore) {
    int last = nd[i].down, before = i, count = 0;
    nd[i].down = first;
    for (int x = first; x != last; x = nd[x].down) {
        nd[x].up = before;
        count++;
        if (restore) unhide(nd, x);
        before = x;
    }
    nd[last].up = before;
    LEN(i) += count;
}

/* Undo choosing option x: give its other items back their use. */
static void release(CoreObject *c, int x) { uncommit_others(c, x); }

static void relink(item *it, int i) {
    it[it[i].left].right = i;
    it[it[i].right].left = i;
}

/* Close level top: untweak and uncover its item (search_m's FINISH and _unwind). */
static void close_level(SearchObject *s, int i, int tweaked, int first) {
    CoreObject *c = s->core;
    if (tweaked) {
        untweak(c->nd, i, first, c->it[i].bound != 0);
        if (c->it[i].bound == 0) uncover(c->nd, c->it, i);
    } else {
        uncover(c->nd, c->it, i);
    }
    c->it[i].bound++;
}

/* Store the current state as failed; -1 when memory runs out (the exception is set later,
   once the GIL is held again). */
static int remember(SearchObject *s) {
    MemoObject *m = s->memo;
    if (m->count >= s->capacity) memo_clear(m);
    if (memo_add(m, odd(s->key_hash), pack(s, -1)) < 0) {
        s->out_of_memory = 1;
        return -1;
    }
    s->stores++;
    return 0;
}

/* Algorithm M with colours, exactly as search_m: 1 at a solution, 0 when done, -1 on error. */
static int run_m(SearchObject *s, PyThreadState **released) {
    CoreObject *c = s->core;
    node *nd = c->nd;
    item *it = c->it;
    int *items = s->stack_a, *tries = s->stack_b;
    int state = s->state, r;
    long long nodes = s->nodes, updates = s->updates;
    if (s->phase == M_RESUME) goto resume;
    while (1) {
        int top = s->na - 1;
        if (state <= DEAD) { /* M2: a node, unchecked, or passed or failed by its checks */
            int level = s->na;
            nodes++;
            bump(s, level);
            if (nodes >= s->next_poll || updates >= s->next_update_poll) {
                s->nodes = nodes;
                s->updates = updates;
                if ((r = spent(s, released)) != 0) {
                    if (r > 0) s->status = S_BUDGET;
                    else s->error = 1;
                    goto stop;
                }
            }
            if (state == DEAD) {
                tries[top] = nd[tries[top]].down;
                state = ADVANCE;
                continue;
            }
            int checked = state == CHECKED;
            state = RETREAT;
            if (!checked && s->memo != NULL && memo_failed(s, -1)) {
                s->hits++;
            } else if (!checked && s->prune != NULL && (r = prune_ok(s)) <= 0) {
                if (r < 0) { s->error = 1; goto stop; }
            } else if (it[0].right == 0) {
                s->solutions++;
                s->nodes = nodes;
                s->updates = updates;
                s->state = state;
                s->phase = M_RESUME;
                return 1;
            } else {
                /* M3: choose the item i of smallest branching degree */
                int i = s->mrv ? (s->exact ? choose_exact(it, nd) : choose_m(it, nd))
                               : choose_first(it, nd, s->sweep);
                if (i) {
                    it[i].bound--;
                    if (it[i].bound == 0) updates += cover(nd, it, i);
                    int k = s->na++;
                    items[k] = i;
                    s->tweaking[k] = it[i].bound != 0 || it[i].slack != 0;
                    s->firsts[k] = tries[k] = nd[i].down;
                    s->restricted_at[k] = 0;
                    s->found_at[k] = s->solutions;
                    state = ADVANCE;
                }
            }
        resume:
            if (state == RETREAT && !s->na) { s->status = S_EXHAUSTED; goto stop; }
        } else if (state == ADVANCE) { /* M5: try branch x of item i, or finish the level */
            int i = items[top], x = tries[top];
            state = ENTER;
            if (!s->tweaking[top]) {
                if (x == i) state = FINISH;
            } else if (LEN(i) <= it[i].bound - it[i].slack) {
                state = FINISH;
            } else if (x != i) {
                updates += tweak(nd, it, x, i);
            } else { /* the null branch: use i no more */
                if (it[i].bound != 0) {
                    it[it[i].left].right = it[i].right;
                    it[it[i].right].left = it[i].left;
                }
                if (c->leave_shift[i] >= 0) {
                    s->left[i] = 1;
                    s->key_hash += c->leave_hash[i];
                }
            }
            if (state == ENTER) {
                if (s->tweaking[top] && x != s->firsts[top] && !s->restricted_at[top]) {
                    s->restricted_at[top] = 1;
                    s->restricted++;
                }
                if (x != i) { /* checked before its items are taken: cut off, never linked */
                    int o = c->option[x];
                    if (opts_push(s, o) < 0) { s->error = 1; goto stop; }
                    state = DEAD;
                    if (s->memo != NULL && memo_failed(s, o)) {
                        s->hits++;
                        opts_pop(s);
                        continue;
                    }
                    if (s->prune != NULL) {
                        if ((r = prune_ok(s)) <= 0) {
                            if (r < 0) { s->error = 1; goto stop; } /* state DEAD: x not applied */
                            opts_pop(s);
                            continue;
                        }
                    }
                    updates += commit_others(c, x); /* M6 */
                    if (s->memo != NULL) add_key(s, o, 1);
                    state = CHECKED;
                }
            }
        } else if (state == RETREAT) { /* M8: undo branch x, then try the next */
            int i = items[top], x = tries[top];
            if (x != i) {
                if (s->memo != NULL) add_key(s, c->option[x], -1);
                opts_pop(s);
                release(c, x);
                tries[top] = nd[x].down;
                state = ADVANCE;
            } else {
                if (it[i].bound != 0) relink(it, i);
                if (c->leave_shift[i] >= 0) {
                    s->left[i] = 0;
                    s->key_hash -= c->leave_hash[i];
                }
                state = FINISH;
            }
        } else { /* M9 (FINISH): every branch of the level is done; restore its item */
            s->na--;
            int i = items[top];
            if (s->restricted_at[top]) s->restricted--;
            close_level(s, i, s->tweaking[top], s->firsts[top]);
            if (s->found_at[top] == s->solutions && !s->restricted) {
                if (s->memo != NULL && remember(s) < 0) { s->error = 1; state = RETREAT; goto stop; }
                if (s->learn != NULL) {
                    if (call_hook(s->learn, s->opts_list) < 0) {
                        s->error = 1;
                        state = RETREAT;
                        goto stop;
                    }
                }
            }
            if (!s->na) { s->status = S_EXHAUSTED; state = RETREAT; goto stop; }
            state = RETREAT;
        }
    }
stop:
    s->state = state;
    s->nodes = nodes;
    s->updates = updates;
    return s->error ? -1 : 0;
}

/* After a stop of Algorithm M, undo every level's branch and item, deepest first; the deepest
   level's branch only if it was applied (search_m's _unwind). */
static void unwind_m(SearchObject *s) {
    CoreObject *c = s->core;
    int applied = s->state != DEAD;
    while (s->na) {
        int k = --s->na;
        int i = s->stack_a[k], x = s->stack_b[k];
        if (!applied) applied = 1;
        else if (x != i) release(c, x);
        else if (c->it[i].bound != 0) relink(c->it, i);
        close_level(s, i, s->tweaking[k], s->firsts[k]);
    }
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

static PyObject *Search_next(SearchObject *s) {
    if (s->phase == FINISHED) return NULL;
    if (s->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
    s->running = 1;
    PyThreadState *released = NULL;
    int nogil = s->prune == NULL && s->learn == NULL && s->progress == NULL;
    if (nogil) released = PyEval_SaveThread();
    int r = s->general ? run_m(s, &released) : run_x(s, &released);
    if (released != NULL) PyEval_RestoreThread(released);
    s->running = 0;
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
    finish(s);
    return NULL;
}

static PyObject *Search_close(SearchObject *s, PyObject *unused) {
    if (s->running) {
        PyErr_SetString(PyExc_ValueError, "search already executing");
        return NULL;
    }
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
    return 0;
}

static int Search_clear(SearchObject *s) {
    if (s->core != NULL && !s->running) finish(s);
    Py_CLEAR(s->memo);
    Py_CLEAR(s->prune);
    Py_CLEAR(s->learn);
    Py_CLEAR(s->progress);
    Py_CLEAR(s->opts_list);
    Py_CLEAR(s->core);
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

static PyMethodDef Search_methods[] = {
    {"close", (PyCFunction)Search_close, METH_NOARGS, "Stop the search and restore the links."},
    {"stats", (PyCFunction)Search_get_stats, METH_NOARGS,
     "(nodes, updates, solutions, status, profile, memo hits, memo stores) so far."},
    {NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx._core.Search",
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
   max_nodes, timeout, progress): a new search, claiming the core's links at once. */
static PyObject *Core_search(CoreObject *c, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"general", "choose", "givens", "prefer", "item_order", "memo",
                             "capacity", "prune", "learn", "max_nodes", "timeout", "progress",
                             NULL};
    int general;
    const char *choose;
    PyObject *givens, *pref, *order, *memo, *prune, *learn, *progress, *timeout;
    long long capacity, max_nodes;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "psOOOOLOOLOO", kwlist, &general, &choose,
                                     &givens, &pref, &order, &memo, &capacity, &prune, &learn,
                                     &max_nodes, &timeout, &progress))
        return NULL;
    if (c->nd == NULL) {
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
    s->mrv = strcmp(choose, "mrv") == 0;
    s->sweep = strcmp(choose, "sweep") == 0;
    s->status = S_CLOSED;
    s->capacity = capacity;
    s->node_cap = max_nodes; /* the caller passes 2**62 for none */
    s->next_poll = 1;
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
    for (int k = 0; k < s->norder; k++) s->order[k]++;
    if (search_alloc(s, c) < 0) goto fail;
    size_t moved = 0;
    for (int k = 0; k < npref; k++)
        for (int q = c->first[prefs[k]]; c->nd[q].top > 0; q++) moved++;
    if (!(s->moves = checked_calloc(3 * moved, sizeof(int)))) goto fail;
    if (s->prune != NULL || s->learn != NULL) {
        if (!(s->opts_list = PyList_New(0))) goto fail;
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
    if (c->nd == NULL) {
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
    if (c->nd == NULL) {
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
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx._core.Core",
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
    PyModuleDef_HEAD_INIT, "dlx._core",
    "The compiled dance of dlx: Algorithms X and M on DLX1's flat arrays.", -1, NULL};

PyMODINIT_FUNC PyInit__core(void) {
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

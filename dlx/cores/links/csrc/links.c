/* links.c: building the links (item lists, state-key layout) and taking options in advance
   (givens, preferred options), outside the search's hot loops. */

#include "links.h"

void *checked_calloc(size_t count, size_t size) {
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

/* Link items [lo, hi) of `order` into the ring headed by item `head`. */
void link_ring(item *it, int head, const int *members, int count) {
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
int order_items(CoreObject *c, const int *numbers, int count) {
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

int core_memo_layout(CoreObject *c) {
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

/* Relink the primary list in declaration order (order_items with no numbers, allocating
   nothing, so that a search's epilogue cannot fail). */
void relink_declared(CoreObject *c) {
    int prev = 0;
    for (int i = 1; i <= c->n1; i++) {
        c->it[prev].right = i;
        c->it[i].left = prev;
        prev = i;
    }
    c->it[prev].right = 0;
    c->it[0].left = prev;
}

/* ---------- Givens and preferred options ---------- */

/* Whether the options `givens` can be chosen together (Links.givens_fit). */
int givens_fit(CoreObject *c, const int *g, int count) {
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

void choose_givens(CoreObject *c, const int *g, int count) {
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

void unchoose_givens(CoreObject *c, const int *g, int count) {
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
int prefer(CoreObject *c, const int *numbers, int count, int *moves) {
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

void restore_order(CoreObject *c, const int *moves, int m) {
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

/* links.c: building the links (item lists, state-key layout) and taking options in advance
   (givens, preferred options), outside the search's hot loops. */

#include "links.h"

/* calloc, never asked for nothing (calloc(0) may answer NULL): NULL only when memory ran out. */
void *links_calloc(size_t count, size_t size) { return calloc(count ? count : 1, size); }

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
int order_items(links *c, const int *numbers, int count) {
    int *ring = malloc(sizeof(int) * (size_t)(c->n1 + 1));
    char *listed = calloc((size_t)c->n1 + 2, 1);
    if (ring == NULL || listed == NULL) {
        free(ring);
        free(listed);
        return LINKS_NO_MEMORY;
    }
    int m = 0;
    for (int k = 0; k < count; k++) { ring[m++] = numbers[k]; listed[numbers[k]] = 1; }
    for (int i = 1; i <= c->n1; i++)
        if (!listed[i]) ring[m++] = i;
    link_ring(c->it, 0, ring, m);
    free(ring);
    free(listed);
    return 0;
}

/* The failure memo's state keys: each item's field in a packed state, and the hashes. */
static int memo_layout(links *c) {
    int n = c->n;
    c->shift = links_calloc((size_t)n + 2, sizeof(int));
    c->width = links_calloc((size_t)n + 2, sizeof(int));
    c->leave_shift = links_calloc((size_t)n + 2, sizeof(int));
    c->unit_hash = links_calloc((size_t)n + 2, sizeof(uint64_t));
    c->leave_hash = links_calloc((size_t)n + 2, sizeof(uint64_t));
    c->option_hash = links_calloc((size_t)c->options, sizeof(uint64_t));
    if (!c->shift || !c->width || !c->leave_shift || !c->unit_hash || !c->leave_hash ||
        !c->option_hash)
        return LINKS_NO_MEMORY;
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
        if (shift > INT32_MAX - 64) return LINKS_TOO_WIDE;
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
void relink_declared(links *c) {
    int prev = 0;
    for (int i = 1; i <= c->n1; i++) {
        c->it[prev].right = i;
        c->it[i].left = prev;
        prev = i;
    }
    c->it[prev].right = 0;
    c->it[0].left = prev;
}

/* ---------- Building the links ---------- */

void links_free(links *c) {
    free(c->nd);
    free(c->it);
    free(c->first);
    free(c->option);
    free(c->nxt);
    free(c->shift);
    free(c->width);
    free(c->leave_shift);
    free(c->unit_hash);
    free(c->leave_hash);
    free(c->option_hash);
    memset(c, 0, sizeof *c);
}

/* Append option o, `count` items numbered from 0 with their colours, after the spacer x;
   return the spacer after it. */
static int link_option(links *c, int o, int x, const int *numbers, const int *colours,
                       int count) {
    node *nd = c->nd;
    int spacer = x;
    c->first[o] = x + 1;
    for (int k = 0; k < count; k++) {
        int t = numbers[k] + 1;
        x++;
        node *p = &nd[x];
        p->top = t;
        c->option[x] = o;
        p->colour = colours[k];
        p->up = nd[t].up;
        p->down = t;
        nd[p->up].down = x;
        nd[t].up = x;
        nd[t].top++; /* LEN */
    }
    nd[spacer].down = x; /* the last node of the option after the spacer */
    for (int q = c->first[o]; q <= x; q++) c->nxt[q] = q < x ? q + 1 : c->first[o];
    x++;
    nd[x].top = -(o + 1);
    nd[x].up = c->first[o];
    return x;
}

/* The links of a problem of n items (the first n1 primary) and `options` options, option o
   holding lengths[o] items, their numbers (from 0) and colours (0: none) one option after
   another in `numbers` and `colours`; `bounds` the (low, high) multiplicities of the first
   `nbounds` primary items (the others 1), all checked by the caller. 0, or LINKS_NO_MEMORY or
   LINKS_TOO_WIDE with the links left empty. */
int links_init(links *c, int n1, int n, int options, const int *lengths, const int *numbers,
               const int *colours, const long long *bounds, int nbounds) {
    memset(c, 0, sizeof *c);
    long long total = 0;
    for (int o = 0; o < options; o++) total += lengths[o];
    c->n1 = n1;
    c->n = n;
    c->options = options;
    c->nodes = n + 2 + (int)total + options;
    c->nd = links_calloc((size_t)c->nodes, sizeof(node));
    c->it = links_calloc((size_t)n + 2, sizeof(item));
    c->first = links_calloc((size_t)options, sizeof(int));
    c->option = links_calloc((size_t)c->nodes, sizeof(int));
    c->nxt = links_calloc((size_t)c->nodes, sizeof(int));
    int *secondary = links_calloc((size_t)(n - n1) + 1, sizeof(int));
    int r = LINKS_NO_MEMORY;
    if (!c->nd || !c->it || !c->first || !c->option || !c->nxt || !secondary) goto fail;
    for (int x = 0; x < c->nodes; x++) c->option[x] = -1;
    for (int i = 1; i <= n; i++) {
        c->nd[i].up = c->nd[i].down = i;
        c->it[i].bound = 1;
    }
    for (int k = 0; k < nbounds && k < n1; k++) {
        c->it[k + 1].bound = bounds[2 * k + 1];
        c->it[k + 1].slack = bounds[2 * k + 1] - bounds[2 * k];
    }
    relink_declared(c);
    for (int i = n1 + 1; i <= n; i++) secondary[i - n1 - 1] = i;
    link_ring(c->it, n + 1, secondary, n - n1);
    int x = n + 1; /* the first spacer */
    for (int o = 0, at = 0; o < options; at += lengths[o], o++)
        x = link_option(c, o, x, numbers + at, colours + at, lengths[o]);
    if ((r = memo_layout(c)) < 0) goto fail;
    free(secondary);
    return 0;
fail:
    free(secondary);
    links_free(c);
    return r;
}

/* ---------- Givens and preferred options ---------- */

/* Whether the options `givens` can be chosen together (Links.givens_fit): 1 or 0, or
   LINKS_NO_MEMORY. */
int givens_fit(links *c, const int *g, int count) {
    node *nd = c->nd;
    long long *used = links_calloc((size_t)c->n + 2, sizeof(long long));
    int *painted = links_calloc((size_t)c->n + 2, sizeof(int));
    char *seen = links_calloc((size_t)c->options, 1);
    int fit = 1;
    if (!used || !painted || !seen) { fit = LINKS_NO_MEMORY; goto done; }
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
    free(used);
    free(painted);
    free(seen);
    return fit;
}

void choose_givens(links *c, const int *g, int count) {
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

void unchoose_givens(links *c, const int *g, int count) {
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
int prefer(links *c, const int *numbers, int count, int *moves) {
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

void restore_order(links *c, const int *moves, int m) {
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

/* links.h, the compiled core's data structure and its dance, in plain C (no Python: the binding,
   dlx/engines/links/_links.c, holds the Python objects and wraps these structs).

   The compiled core: the dancing links of dlx/engines/links/twin.py and dlx/engines/links/multiplicity.py at C speed.

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
     Algorithm X's hide and unhide walk by `nxt` instead (each node's next round its option):
     a fixed trip count, where a short option entered at any node makes the spacer test
     mispredict.
   - Every option node has `up`/`down` in its item's vertical list, `top` (its item) and `colour`
     (0: none; -1: its item purified to this colour already): 16 bytes, as in DLX1. The number of
     the option a node belongs to is kept apart, in `option[]`, out of the hot loops' way.

   Knuth's 7-item example: items a..g, options "c e", "a d g", "b c f", "a d f", "b g", "d e g";
   nd[1..7] are the headers, nd[8] a spacer, nd[9..10] the option "c e", nd[11] a spacer, ...

   Two searches run on it: Algorithm X exactly as `Links.search` (DLX1), and Algorithm M with
   colours exactly as `search_m` (DLX3), both with the same counts of nodes and updates, the same
   profile and the same order of solutions as the pure-Python engine, which is their oracle. Each
   search is a `links_search` (search.h), a resumable generator: its whole state lives in that
   struct, never in a global. Its hooks (prune, learn) are called once per node at most, through
   hook.h's entry; every few thousand nodes it polls its node budget and its caller's poll (a
   deadline, signals, progress), a callback with a context pointer; however it stops, every link
   is put back before control returns. */

#ifndef DLX_LINKS_H
#define DLX_LINKS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define INFINITY_ (1LL << 62)

#if defined(__GNUC__)
#define DLX_INTERNAL __attribute__((visibility("hidden")))
#else
#define DLX_INTERNAL
#endif

/* What the functions below return when they fail: memory ran out, or a problem's state keys
   would be too wide to pack. */
enum { LINKS_NO_MEMORY = -1, LINKS_TOO_WIDE = -2 };

typedef struct {
    int up, down, top, colour; /* 16 bytes, as in DLX1 */
} node;

typedef struct {
    int left, right;
    long long bound, slack;
} item;

/* ---------- The links: one problem's ---------- */

typedef struct {
    int n1, n;              /* primary items, all items */
    int options;            /* number of options */
    int nodes;              /* size of nd[] */
    node *nd;
    item *it;
    int *first;             /* first node of each option */
    int *option;            /* the option of each node (-1 for headers and spacers) */
    int *nxt;               /* the next node round each node's option (0 for headers and
                               spacers): Algorithm X's hide walks it without a spacer test */
    int busy;               /* a search holds the links */
    /* the failure memo's state keys: per item its field (shift, width), per option a hash */
    int words;              /* 64-bit words in a packed state */
    int *shift, *width, *leave_shift; /* leave_shift -1 when the item has no slack */
    uint64_t *unit_hash, *leave_hash, *option_hash;
} links;

DLX_INTERNAL void *links_calloc(size_t count, size_t size);
DLX_INTERNAL int links_init(links *c, int n1, int n, int options, const int *lengths,
                            const int *numbers, const int *colours, const long long *bounds,
                            int nbounds);
DLX_INTERNAL void links_free(links *c);
DLX_INTERNAL int order_items(links *c, const int *numbers, int count);
DLX_INTERNAL void link_ring(item *it, int head, const int *members, int count);
DLX_INTERNAL void relink_declared(links *c);
DLX_INTERNAL int givens_fit(links *c, const int *g, int count);
DLX_INTERNAL void choose_givens(links *c, const int *g, int count);
DLX_INTERNAL void unchoose_givens(links *c, const int *g, int count);
DLX_INTERNAL int prefer(links *c, const int *numbers, int count, int *moves);
DLX_INTERNAL void restore_order(links *c, const int *moves, int m);

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
static inline long long purify(node *nd, int p) {
    int colour = nd[p].colour, i = nd[p].top;
    long long done = 0;
    for (int q = nd[i].down; q != i; q = nd[q].down) {
        if (nd[q].colour != colour) done += hide(nd, q);
        else if (q != p) nd[q].colour = -1;
    }
    return done;
}

/* Undo purify(p), bottom to top. */
static inline void unpurify(node *nd, int p) {
    int colour = nd[p].colour, i = nd[p].top;
    for (int q = nd[i].up; q != i; q = nd[q].up) {
        if (nd[q].colour < 0) nd[q].colour = colour;
        else if (nd[q].colour != colour) unhide(nd, q);
    }
}

/* Use the item of node q of an option being chosen (Links.commit). */
static inline long long commit(links *c, int q) {
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
static inline void uncommit(links *c, int q) {
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
static inline long long commit_others(links *c, int p) {
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
static inline void uncommit_others(links *c, int p) {
    node *nd = c->nd;
    int q = p - 1;
    while (q != p) {
        if (nd[q].top <= 0) { q = nd[q].down; continue; }
        uncommit(c, q);
        q--;
    }
}

/* Algorithm X's hide and unhide: round the option by `nxt`, whose fixed trip count never
   mispredicts where the spacer test does (short options, entered at any node). The nodes of one
   option lie in lists of distinct items, so unhide may put them back in the same order. */
static inline long long hide_x(node *nd, const int *nxt, int p) {
    long long done = 0;
    for (unsigned q = (unsigned)nxt[p]; q != (unsigned)p; q = (unsigned)nxt[q]) {
        unsigned u = (unsigned)nd[q].up, d = (unsigned)nd[q].down;
        nd[u].down = (int)d;
        nd[d].up = (int)u;
        nd[(unsigned)nd[q].top].top--; /* LEN */
        done++;
    }
    return done;
}

static inline void unhide_x(node *nd, const int *nxt, int p) {
    for (unsigned q = (unsigned)nxt[p]; q != (unsigned)p; q = (unsigned)nxt[q]) {
        unsigned u = (unsigned)nd[q].up, d = (unsigned)nd[q].down;
        nd[u].down = (int)q;
        nd[d].up = (int)q;
        nd[(unsigned)nd[q].top].top++; /* LEN */
    }
}

static inline long long cover_x(node *nd, const int *nxt, item *it, int i) {
    int l = it[i].left, r = it[i].right;
    it[l].right = r;
    it[r].left = l;
    long long done = 1;
    for (int p = nd[i].down; p != i; p = nd[p].down) done += hide_x(nd, nxt, p);
    return done;
}

static inline void uncover_x(node *nd, const int *nxt, item *it, int i) {
    for (int p = nd[i].up; p != i; p = nd[p].up) unhide_x(nd, nxt, p);
    int l = it[i].left, r = it[i].right;
    it[l].right = i;
    it[r].left = i;
}

/* Algorithm X's version: cover the other items of p's option, right from p. */
static inline long long cover_others(node *nd, const int *nxt, item *it, int p) {
    long long done = 0;
    int q = p + 1;
    while (q != p) {
        if (nd[q].top <= 0) { q = nd[q].up; continue; }
        done += cover_x(nd, nxt, it, nd[q].top);
        q++;
    }
    return done;
}

static inline void uncover_others(node *nd, const int *nxt, item *it, int p) {
    int q = p - 1;
    while (q != p) {
        if (nd[q].top <= 0) { q = nd[q].down; continue; }
        uncover_x(nd, nxt, it, nd[q].top);
        q--;
    }
}

#endif

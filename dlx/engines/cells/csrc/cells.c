/* cells.c: Knuth's SSXCC, step for step (forward, advance, backup, abort as in ssxcc.w), on
   the structure cells.h describes. dlx/engines/cells/twin.py is the reference it is tested against:
   the same solutions in the same order, the same nodes, updates and profile. */

#include "cells.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { FORWARD, ADVANCE, BACKUP, ABORT };

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define NOINLINE
#define ALWAYS_INLINE inline
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#endif

#define SIZE(x) set[(x) - 1]
#define POS(x) set[(x) - 2]

void cells_table_free(cells_table *t) {
    free(t->set);
    free(t->item);
    free(t->nd);
    free(t->first);
    free(t->opt);
    free(t->clr);
    free(t->nxt);
    free(t->span);
    memset(t, 0, sizeof *t);
}

/* Count the options of each item that SSXCC keeps (those with a primary item): NULL when
   memory runs out. */
static int *kept_sizes(int primary, int items, int options, const int *lengths,
                       const int *numbers, char *kept) {
    int *sizes = calloc((size_t)items + 1, sizeof(int));
    if (sizes == NULL) return NULL;
    for (int o = 0, k = 0; o < options; k += lengths[o], o++) {
        kept[o] = 0;
        for (int j = 0; j < lengths[o]; j++) kept[o] |= numbers[k + j] < primary;
        if (kept[o])
            for (int j = 0; j < lengths[o]; j++) sizes[numbers[k + j]]++;
    }
    return sizes;
}

/* Lay the items' headers and sets out; the nodes are placed by `place_nodes`. */
static int lay_out_items(cells_table *t, const int *sizes) {
    long long base = 2;
    t->item = malloc(((size_t)t->items + 1) * sizeof(int));
    if (t->item == NULL) return -1;
    for (int i = 0; i < t->items; i++) {
        t->item[i] = (int)base;
        base += 2 + sizes[i];
        if (base > INT_MAX / 2) return -1;
    }
    t->setlength = (int)base;
    t->second = t->primary < t->items ? t->item[t->primary] : (int)base;
    t->set = calloc((size_t)base, sizeof(int));
    if (t->set == NULL) return -1;
    for (int i = 0; i < t->items; i++) t->set[t->item[i] - 2] = i;
    return 0;
}

/* Fill `nd` from the options and enter each kept option's nodes into their items' sets. */
static void place_nodes(cells_table *t, const int *lengths, const int *numbers,
                        const int *colours, const char *kept) {
    int *set = t->set;
    int x = 0, k = 0;
    t->nd[0] = (cells_node){0, 0};
    t->span[0] = (cells_span){0, 0};
    t->opt[0] = -1;
    t->clr[0] = t->nxt[0] = 0;
    for (int o = 0; o < t->options; o++) {
        t->first[o] = x + 1;
        for (int j = 0; j < lengths[o]; j++, k++) {
            int c = t->item[numbers[k]];
            cells_node *p = &t->nd[++x];
            p->itm = c;
            t->clr[x] = colours[k];
            t->nxt[x] = j + 1 < lengths[o] ? x + 1 : t->first[o];
            t->opt[x] = o;
            t->span[x] = (cells_span){t->first[o], t->first[o] + lengths[o]};
            p->loc = 0;
            if (kept[o]) {
                p->loc = c + SIZE(c);
                set[c + SIZE(c)] = x;
                SIZE(c)++;
            }
        }
        t->nd[++x] = (cells_node){-lengths[o], 0};
        t->span[x] = (cells_span){0, 0};
        t->opt[x] = -1;
        t->clr[x] = t->nxt[x] = 0;
    }
}

/* Build the table of a problem: `options` options, the o-th naming lengths[o] items (numbers
   0..items-1, the first `primary` primary) with their colours, all in two flat arrays.
   0, or -1 when memory runs out (the table is then freed). */
int cells_table_init(cells_table *t, int primary, int items, int options, const int *lengths,
                     const int *numbers, const int *colours) {
    memset(t, 0, sizeof *t);
    t->primary = primary;
    t->items = items;
    t->options = options;
    long long total = 0;
    for (int o = 0; o < options; o++) total += lengths[o];
    if (total + options + 1 > INT_MAX / 2) return -1;
    t->nodes = (int)total + options + 1;
    char *kept = malloc((size_t)options + 1);
    int *sizes = kept ? kept_sizes(primary, items, options, lengths, numbers, kept) : NULL;
    t->nd = malloc((size_t)t->nodes * sizeof(cells_node));
    t->first = malloc(((size_t)options + 1) * sizeof(int));
    t->opt = malloc((size_t)t->nodes * sizeof(int));
    t->clr = malloc((size_t)t->nodes * sizeof(int));
    t->nxt = malloc((size_t)t->nodes * sizeof(int));
    t->span = malloc((size_t)t->nodes * sizeof(cells_span));
    if (sizes == NULL || t->nd == NULL || t->first == NULL || t->opt == NULL || t->clr == NULL ||
        t->nxt == NULL || t->span == NULL || lay_out_items(t, sizes) < 0) {
        free(kept);
        free(sizes);
        cells_table_free(t);
        return -1;
    }
    for (int i = 0; i < primary; i++) t->bad |= sizes[i] == 0;
    place_nodes(t, lengths, numbers, colours, kept);
    for (long long k = 0; k < total; k++) t->coloured |= colours[k] != 0;
    free(kept);
    free(sizes);
    return 0;
}

void cells_search_free(cells_search *s) {
    free(s->set);
    free(s->item);
    free(s->nd);
    free(s->force);
    free(s->choice);
    free(s->saved);
    free(s->save_item);
    free(s->save_size);
    free(s->opts);
    free(s->profile);
    s->set = s->item = s->force = s->choice = s->saved = NULL;
    s->save_item = s->save_size = s->opts = NULL;
    s->nd = NULL;
    s->profile = NULL;
}

/* Swap the active item x out of the active set (to position active-1). */
static inline void swap_out(int *set, int *item, int x, int p) {
    int pp = POS(x), cc = item[p];
    item[p] = x;
    item[pp] = cc;
    POS(cc) = pp;
    POS(x) = p;
}

/* One update of SSXCC's hide: node nn leaves its item's set (swapped with the set's last
   active node). With `check`, the hide returns 0 as soon as a primary item is left with no
   option, and every one left with one is pushed on the force stack. Without colours an option
   met here never holds an inactive item (covering an item, or purifying an uncoloured
   secondary one, hides every option it is in), so `coloured` == 0 skips SSXCC's test of each
   item's pos. `check` and `coloured` are constants in each copy, so that no copy tests them per
   node. The function that uses it has HIDE_LOCALS, s and updates. Indices are size_t, loaded
   as unsigned: they widen for free and their offsets fold into the addresses (Python builds
   extensions with -fwrapv, which forbids that for int). Small sets are common among secondary
   items: the size is tested alone first. */
#define HIDE_NODE(nn)                                                                           \
    {                                                                                           \
        size_t uu = (unsigned)nd[nn].itm;                                                       \
        int pos = POS(uu);                                                                      \
        if (coloured && pos >= oactive) continue;                                               \
        int ss = SIZE(uu) - 1;                                                                  \
        if (check && UNLIKELY(ss <= 1)) {                                                       \
            if (uu < second && pos < active) {                                                  \
                if (ss == 0) {                                                                  \
                    s->forced = forced;                                                         \
                    *updates += u;                                                              \
                    return 0;                                                                   \
                }                                                                               \
                force[forced++] = (int)uu;                                                      \
            }                                                                                   \
        }                                                                                       \
        size_t vv = (unsigned)nd[nn].loc, top = uu + (unsigned)ss;                              \
        size_t nnp = (unsigned)set[top];                                                        \
        SIZE(uu) = ss;                                                                          \
        set[top] = (int)nn;                                                                     \
        set[vv] = (int)nnp;                                                                     \
        nd[nn].loc = (int)top;                                                                  \
        nd[nnp].loc = (int)vv;                                                                  \
        u++;                                                                                    \
    }

/* The loop of hide over item c's set: each option there that does not give c `color` (all,
   when 0) leaves the sets of its other items, round from the node after tt, in SSXCC's order.
   With colours (long options, many of whose items are inactive) from its bounds: the next node
   is known before the last is read, so the walk overlaps; else by `nxt`, which is faster on
   short options. Also needs span, nxt and clr. */
#define HIDE_SET(c, color)                                                                      \
    for (size_t rr = (c), end = rr + (size_t)SIZE(c); rr < end; rr++) {                         \
        size_t tt = (unsigned)set[rr];                                                          \
        if (coloured && (color) && clr[tt] == (color)) continue;                                \
        if (coloured) {                                                                         \
            size_t lo = (unsigned)span[tt].lo, hi = (unsigned)span[tt].hi;                      \
            for (size_t nn = tt + 1; nn < hi; nn++) HIDE_NODE(nn)                               \
            for (size_t nn = lo; nn < tt; nn++) HIDE_NODE(nn)                                   \
        } else                                                                                  \
            for (size_t nn = nxt[tt]; nn != tt; nn = nxt[nn]) HIDE_NODE(nn)                     \
    }

/* The locals HIDE_NODE and HIDE_SET work with, set up once for a whole hide (from the search
   s): the arrays, the force stack's top `forced` and the updates `u`, for the hide to write
   back to s->forced and *updates. */
#define HIDE_LOCALS                                                                             \
    int *restrict set = s->set;                                                                 \
    cells_node *restrict nd = s->nd;                                                            \
    const cells_span *restrict span = s->t->span;                                               \
    const unsigned *restrict nxt = (const unsigned *)s->t->nxt;                                 \
    const int *restrict clr = s->t->clr;                                                        \
    int *restrict force = s->force;                                                             \
    const int oactive = s->oactive, active = s->active;                                         \
    const size_t second = (size_t)s->t->second;                                                 \
    int forced = s->forced;                                                                     \
    long long u = 0

/* SSXCC's hide of the item c chosen at a node: every option of c leaves the sets of its other
   items. Nothing to check (its options are all about to be tried): always 1. */
static ALWAYS_INLINE int hide_chosen_body(cells_search *s, size_t c, long long *updates,
                                           const int coloured) {
    HIDE_LOCALS;
    const int check = 0;
    HIDE_SET(c, 0)
    *updates += u;
    return 1;
}

/* SSXCC's second loop of a choice: hide, for every item of the option from `start` round to
   `node` still to be hidden (primary, or secondary and active before this level), the options
   that clash with it; 0 as soon as a primary item is left with none. hide's loops written
   out for a whole option: the state of a hide (the arrays, the force stack's top, the updates)
   is set up once a choice rather than once an item, and stays in registers from one item's set
   to the next. Without colours every item of an option still in a set is active before this
   level (see HIDE_NODE), so no item's pos is tested. One call per option, kept out of line, as
   ssxcc.w has hide (inlined into `take`, the loop ran slower: the same instructions, scheduled
   worse). */
static ALWAYS_INLINE int hide_option_body(cells_search *s, int node, int start,
                                          long long *updates, const int coloured) {
    HIDE_LOCALS;
    const int check = 1;
    size_t q = (unsigned)start;
    do {
        size_t c = (unsigned)nd[q].itm;
        int color = coloured && c >= second ? clr[q] : 0;
        if (!coloured || c < second || POS(c) < oactive) {
            HIDE_SET(c, color)
        }
        q = nxt[q];
    } while (q != (size_t)node);
    s->forced = forced;
    *updates += u;
    return 1;
}

static NOINLINE int hide_option_plain(cells_search *s, int node, int start, long long *updates) {
    return hide_option_body(s, node, start, updates, 0);
}

static NOINLINE int hide_option_coloured(cells_search *s, int node, int start,
                                         long long *updates) {
    return hide_option_body(s, node, start, updates, 1);
}

static NOINLINE void hide_chosen(cells_search *s, int c, long long *updates) {
    if (s->t->coloured) hide_chosen_body(s, (size_t)c, updates, 1);
    else hide_chosen_body(s, (size_t)c, updates, 0);
}

/* Choose the option of `node`: swap its items out of the active set (its other items, or all
   when `all`: a given), then hide the options that clash with it; 0 if one cannot be covered. */
static int take(cells_search *s, int node, int all, long long *updates) {
    int *set = s->set, *item = s->item;
    const cells_node *nd = s->nd;
    int p = s->oactive = s->active;
    const int *nxt = s->t->nxt;
    int start = all ? node : nxt[node];
    if (start == node && !all) return 1; /* an option of one item: nothing else to do */
    int q = start;
    do {
        int c = nd[q].itm;
        if (POS(c) < p) {
            swap_out(set, item, c, --p);
            (*updates)++;
        }
        q = nxt[q];
    } while (q != node);
    s->active = p;
    int ok = s->t->coloured ? hide_option_coloured(s, node, start, updates)
                            : hide_option_plain(s, node, start, updates);
    if (!ok) s->forced = 0;
    return ok;
}

/* Whether the options `givens` can go together: distinct, no item covered twice, a coloured
   secondary item given one colour only. */
static int givens_fit(const cells_table *t, const int *givens, int ngivens) {
    int *mark = calloc((size_t)t->setlength + 1, sizeof(int)); /* per item: 0, -1 covered, colour */
    char *seen = calloc((size_t)t->options + 1, 1);
    int ok = mark != NULL && seen != NULL ? 1 : -1;
    for (int g = 0; ok == 1 && g < ngivens; g++) {
        if (seen[givens[g]]++) ok = 0;
        for (int q = t->first[givens[g]]; ok == 1 && t->nd[q].itm >= 0; q++) {
            int x = t->nd[q].itm, colour = t->clr[q];
            if (x >= t->second && colour) ok = mark[x] == 0 || mark[x] == colour;
            else ok = mark[x] == 0;
            mark[x] = x >= t->second && colour ? colour : -1;
        }
    }
    free(mark);
    free(seen);
    return ok;
}

/* Allocate a search's arrays and copy the table's changing parts into them. */
static int search_alloc(cells_search *s, const cells_table *t, int ngivens) {
    size_t levels = (size_t)t->primary + 2;
    s->set = malloc((size_t)t->setlength * sizeof(int));
    s->item = malloc(((size_t)t->items + 1) * sizeof(int));
    s->nd = malloc((size_t)t->nodes * sizeof(cells_node));
    s->force = malloc(((size_t)t->primary + 1) * sizeof(int));
    s->choice = malloc(levels * sizeof(int));
    s->saved = calloc(levels + 1, sizeof(int));
    s->opts = malloc((levels + (size_t)ngivens) * sizeof(int));
    s->profile = calloc(levels + 1, sizeof(long long));
    s->save_cap = t->items + 16;
    s->save_item = malloc((size_t)s->save_cap * sizeof(int));
    s->save_size = malloc((size_t)s->save_cap * sizeof(int));
    if (!s->set || !s->item || !s->nd || !s->force || !s->choice || !s->saved || !s->opts ||
        !s->profile || !s->save_item || !s->save_size)
        return -1;
    memcpy(s->set, t->set, (size_t)t->setlength * sizeof(int));
    memcpy(s->item, t->item, (size_t)t->items * sizeof(int));
    memcpy(s->nd, t->nd, (size_t)t->nodes * sizeof(cells_node));
    return 0;
}

/* A search of `t` after choosing the options `givens` (uncounted): 0, or -1 when memory ran
   out. A table with an uncoverable item, or givens that clash, leave it exhausted at once. */
int cells_search_init(cells_search *s, const cells_table *t, const int *givens, int ngivens) {
    memset(s, 0, sizeof *s);
    s->t = t;
    s->node_cap = LLONG_MAX;
    s->status = CELLS_RUNNING;
    s->step = FORWARD;
    if (search_alloc(s, t, ngivens) < 0) return -1;
    s->active = s->oactive = t->items;
    int fit = t->bad ? 0 : givens_fit(t, givens, ngivens);
    if (fit < 0) return -1;
    long long ignored = 0;
    for (int g = 0; fit && g < ngivens; g++) {
        s->opts[s->base++] = givens[g];
        fit = take(s, t->first[givens[g]], 1, &ignored);
    }
    s->forced = 0;
    if (!fit) s->status = CELLS_EXHAUSTED;
    return 0;
}

/* Push the size of every active item on the save stack (growing it as needed, up to
   CELLS_MAX_SAVED): 0, or -1 (out of memory, or too_deep). */
static int save_sizes(cells_search *s, int level) {
    int top = s->saved[level], active = s->active;
    if ((long long)top + active > CELLS_MAX_SAVED) {
        s->too_deep = 1;
        return -1;
    }
    if (top + active > s->save_cap) {
        int cap = (long long)2 * (top + active) > CELLS_MAX_SAVED ? CELLS_MAX_SAVED
                                                                  : 2 * (top + active);
        int *items = realloc(s->save_item, (size_t)cap * sizeof(int));
        if (items != NULL) s->save_item = items;
        int *sizes = realloc(s->save_size, (size_t)cap * sizeof(int));
        if (sizes != NULL) s->save_size = sizes;
        if (items == NULL || sizes == NULL) return -1;
        s->save_cap = cap;
    }
    const int *set = s->set, *item = s->item;
    int *restrict si = s->save_item + top, *restrict ss = s->save_size + top;
    for (int p = 0; p < active; p++) {
        int x = item[p];
        si[p] = x;
        ss[p] = SIZE(x);
    }
    s->saved[level + 1] = top + active;
    return 0;
}

/* Give the items active at `level`'s choice their sizes back, and the active count. */
static void restore_sizes(cells_search *s, int level) {
    int top = s->saved[level + 1], bottom = s->saved[level];
    int *set = s->set;
    const int *si = s->save_item, *ss = s->save_size;
    s->active = top - bottom;
    for (int p = bottom; p < top; p++) SIZE(si[p]) = ss[p];
}

/* SSXCC's item choice: the active primary item with the fewest options (leftmost on ties),
   its size in *size (INT_MAX when none is left); items with one option pushed on `force`. */
static inline int choose(cells_search *s, int *size) {
    const int *set = s->set, *item = s->item;
    const int second = s->t->second, active = s->active;
    int *force = s->force, forced = s->forced;
    /* The least key size << 32 | x, without a branch that the mix of primary and secondary
       items (or of sizes) would mispredict; secondary items' keys are the largest. */
    unsigned long long least = ULLONG_MAX;
    for (int k = 0; k < active; k++) {
        unsigned x = (unsigned)item[k];
        int sz = SIZE(x), primary = x < (unsigned)second;
        if (UNLIKELY(primary & (sz <= 1))) {
            if (sz) force[forced++] = (int)x;
            continue;
        }
        unsigned long long key = primary ? (unsigned long long)(unsigned)sz << 32 | x : ULLONG_MAX;
        least = key < least ? key : least;
    }
    int none = least == ULLONG_MAX;
    int t = none ? INT_MAX : (int)(least >> 32), best = none ? 0 : (int)(unsigned)least;
    s->forced = forced;
    *size = t;
    return best;
}

/* The first item on the force stack still active (0 if none), popped with those above it. */
static inline int pop_forced(cells_search *s) {
    while (s->forced) {
        int x = s->force[--s->forced];
        if (s->set[x - 2] < s->active) return x;
    }
    return 0;
}

/* The poll, every few thousand nodes (as dlx.engines.counters.Budgets.spent): the node budget,
   then the caller's. 0 to go on, 1 to stop (a budget), -1 to stop on the caller's error. */
static int spent(cells_search *s) {
    long long next = s->nodes + CELLS_POLL_NODES;
    s->next_poll = next < s->node_cap ? next : s->node_cap;
    s->next_update_poll = s->updates + CELLS_POLL_UPDATES;
    if (s->nodes >= s->node_cap) return 1;
    return s->poll != NULL ? s->poll(s->context) : 0;
}

/* Enter a node at `level`: the budgets polled now and then, the node counted; then the forced
   move, or the branching item, in *best; or a solution (1). 0 to advance, -1 to stop (status
   set or error), -2 out of memory, 2 to pause after a poll (`pause`), the node not entered. */
static int enter(cells_search *s, int level, long long *updates, int *best) {
    if (UNLIKELY(s->nodes >= s->next_poll || *updates >= s->next_update_poll)) {
        s->updates = *updates;
        int r = spent(s);
        if (r) {
            if (r > 0) s->status = CELLS_BUDGET;
            return -1;
        }
        if (s->pause) return 2; /* entered again on the next call, its poll done */
    }
    s->nodes++;
    s->profile[level]++;
    if (level > s->max_level) s->max_level = level;
    int x = pop_forced(s), forced = x != 0, t;
    if (!forced) {
        x = choose(s, &t);
        if (s->forced) x = s->force[--s->forced], forced = 1;
        else if (t == INT_MAX) return 1;
    }
    swap_out(s->set, s->item, x, --s->active);
    (*updates)++;
    s->oactive = s->active;
    hide_chosen(s, x, updates);
    *best = x;
    if (forced) {
        s->saved[level + 1] = s->saved[level];
        return 0;
    }
    return save_sizes(s, level) < 0 ? -2 : 0;
}

/* The options of the solution at `level`, after the givens: opts[base..base+level). */
static void solution_options(cells_search *s, int level) {
    for (int k = 0; k < level; k++) s->opts[s->base + k] = s->t->opt[s->choice[k]];
}

/* Run on to the next solution: CELLS_SOLUTION (the options in opts[0..base+level)),
   CELLS_DONE (status EXHAUSTED or BUDGET), CELLS_ERROR (out of memory, or the poll's), or
   CELLS_PAUSED (after a poll, when `pause` asked for it: call again to go on).
   The place in the search (step, level, the branching item and its option tried) lives in
   locals while it runs and in `s` between calls. */
int cells_run(cells_search *s) {
    if (s->status != CELLS_RUNNING) return CELLS_DONE;
    long long updates = s->updates;
    int step = s->step, level = s->level, best = s->best, cur = s->cur;
    int *const choice = s->choice;
    const cells_node *const nd = s->nd;
    int r = CELLS_DONE;
    for (;;) {
        switch (step) {
        case FORWARD: {
            int e = enter(s, level, &updates, &best);
            if (e == 1) {
                step = BACKUP;
                if (++s->solutions < s->count_to) break; /* counted where it is found */
                solution_options(s, level);
                r = CELLS_SOLUTION;
                goto out;
            }
            if (e == 2) {
                r = CELLS_PAUSED; /* step stays FORWARD */
                goto out;
            }
            if (e < 0) {
                r = e == -2 || s->status != CELLS_BUDGET ? CELLS_ERROR : CELLS_DONE;
                goto out;
            }
            cur = best;
            step = ADVANCE;
            break;
        }
        case ADVANCE: {
            int node = s->set[cur];
            choice[level] = node;
            if (take(s, node, 0, &updates)) {
                level++;
                step = FORWARD;
            } else step = ABORT;
            break;
        }
        case BACKUP:
            if (level == 0) {
                s->status = CELLS_EXHAUSTED;
                goto out;
            }
            level--;
            best = nd[choice[level]].itm;
            cur = nd[choice[level]].loc;
            step = ABORT;
            break;
        default: /* ABORT */
            if (cur + 1 >= best + s->set[best - 1]) {
                step = BACKUP;
                break;
            }
            restore_sizes(s, level);
            cur++;
            step = ADVANCE;
        }
    }
out:
    s->updates = updates;
    s->step = step;
    s->level = level;
    s->best = best;
    s->cur = cur;
    return r;
}

/* Level k of the path where a search stopped by its budget stands (k < s->level): the option
   it took there in *taken, and in out[0..*n) the options it has yet to try there, in the order
   it would try them (the branching item's set is left whole below it, as ssxcc.w says); the
   number of options the level branched on is returned. `out` holds `t->options` numbers. */
int cells_untried(const cells_search *s, int k, int *taken, int *out, int *n) {
    const int *set = s->set;
    int node = s->choice[k], best = s->nd[node].itm, end = best + SIZE(best), m = 0;
    *taken = s->t->opt[node];
    for (int p = s->nd[node].loc + 1; p < end; p++) out[m++] = s->t->opt[set[p]];
    *n = m;
    return SIZE(best);
}


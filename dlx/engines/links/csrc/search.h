/* search.h: one search's state, a resumable generator's, in one struct (see search.c). */

#ifndef DLX_SEARCH_H
#define DLX_SEARCH_H

#include "hook.h"
#include "memo.h"

#define POLL_NODES 4096
#define POLL_UPDATES (1LL << 20)

enum { X_START, X_RESUME, X_LAST, M_RESUME, PAUSED, FINISHED };
enum { ENTER, CHECKED, DEAD, ADVANCE, RETREAT, FINISH };
/* A search's status, in the order the bindings name them (dlx/engines/csrc/binding.h). */
enum { S_RUNNING, S_EXHAUSTED, S_BUDGET, S_CLOSED };
/* What links_run returns. */
enum { LINKS_PAUSED = 2, LINKS_SOLUTION = 1, LINKS_DONE = 0, LINKS_ERROR = -1 };

/* The caller's part of the poll, every few thousand nodes once the node budget is looked at
   (a deadline, signals, a progress display): 0 to go on, 1 to stop (a budget ran out), -1 to
   stop on an error, which the caller keeps. */
typedef int (*links_poll)(void *context);

/* What a search is asked for, every number checked by the caller. */
typedef struct {
    int general;           /* Algorithm M (1) or X (0) */
    int mrv, sweep;        /* the item choice: mrv, sweep, or neither (the first) */
    const int *givens;     /* option numbers, chosen in advance */
    int ngivens;
    const int *prefer;     /* option numbers, tried first where they appear */
    int nprefer;
    const int *order;      /* distinct primary item numbers (from 0), listed first */
    int norder;
    long long capacity;    /* the memo's states at most, before it is cleared */
    long long node_cap;    /* nodes at most (2**62 for no budget) */
    long long count_to;    /* the first solution handed back: those before it are only counted */
} links_request;

typedef struct {
    links *core;
    memo_store *memo;   /* the failure memo's store, or NULL */
    dlx_hook prune, learn; /* their entries (hook.h); `call` NULL for none */
    links_poll poll;    /* the caller's poll, with its `context` */
    void *context;
    int general;        /* Algorithm M (1) or X (0) */
    int mrv, sweep, exact;
    int phase, status, claimed, error, out_of_memory;
    /* budgets */
    long long nodes, updates, solutions, hits, stores, node_cap, next_poll, next_update_poll;
    long long count_to; /* the first solution handed back: those before it are only counted */
    int pause;          /* return LINKS_PAUSED after the next poll (a batch holds solutions) */
    long long capacity;
    /* stacks, each of `depth` (the options of the longest path, givens included) */
    size_t depth;
    int *givens, ngivens, norder, *moves, nmoves;
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
} links_search;

static inline void bump(links_search *s, int level) {
    if (level < s->profile_len) s->profile[level]++;
    else s->profile[s->profile_len++] = 1; /* room for every level was allocated up front */
}

/* The options chosen (a stack allocated for the deepest path up front). */
static inline void opts_push(links_search *s, int number) { s->opts[s->nopts++] = number; }
static inline void opts_pop(links_search *s) { s->nopts--; }

DLX_INTERNAL int links_search_init(links_search *s, links *c, memo_store *memo,
                                   const links_request *r);
DLX_INTERNAL int links_search_finish(links_search *s);
DLX_INTERNAL void links_search_free(links_search *s);
DLX_INTERNAL int links_run(links_search *s);
DLX_INTERNAL double links_share(const links_search *s);
DLX_INTERNAL int prune_ok(links_search *s);
DLX_INTERNAL int learn_now(links_search *s);
DLX_INTERNAL int spent(links_search *s);
DLX_INTERNAL int poll(links_search *s, long long nodes, long long updates);
DLX_INTERNAL int run_x(links_search *s);
DLX_INTERNAL void unwind_x(links_search *s);
DLX_INTERNAL void frontier_x(const links_search *s, int *path, int *untried, int *starts,
                             int *degrees);
DLX_INTERNAL int run_m(links_search *s);
DLX_INTERNAL void unwind_m(links_search *s);
DLX_INTERNAL void add_key(links_search *s, int x, int sign);

#endif

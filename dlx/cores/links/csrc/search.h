/* search.h: one search's state, a resumable generator's, in one struct (see search.c). */

#ifndef DLX_SEARCH_H
#define DLX_SEARCH_H

#include "../../csrc/batch.h"
#include "hook.h"
#include "memo.h"

#define POLL_NODES 4096
#define POLL_UPDATES (1LL << 20)

enum { X_START, X_RESUME, X_LAST, M_RESUME, PAUSED, FINISHED };
enum { ENTER, CHECKED, DEAD, ADVANCE, RETREAT, FINISH };
enum { S_RUNNING, S_EXHAUSTED, S_BUDGET, S_CLOSED };

typedef struct {
    PyObject_HEAD
    CoreObject *core;
    MemoObject *memo;
    PyObject *prune, *learn, *progress, *opts_list;
    PyObject *frontier; /* where a budget stopped Algorithm X (Search.frontier), or NULL */
    pending_error pending; /* an error kept by `batch` for its next call */
    const dlx_hook *prune_c, *learn_c; /* their C entries (hook.h), or NULL: call them in Python */
    int general;        /* Algorithm M (1) or X (0) */
    int signals;        /* whether to look for signals (in the main thread only) */
    int mrv, sweep, exact;
    int phase, status, claimed, running, error, out_of_memory;
    /* budgets */
    long long nodes, updates, solutions, hits, stores, node_cap, next_poll, next_update_poll;
    long long count_to; /* the first solution handed back: those before it are only counted */
    int pause;          /* return 2 after the next poll (a batch holds solutions to hand over) */
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

static inline void bump(SearchObject *s, int level) {
    if (level < s->profile_len) s->profile[level]++;
    else s->profile[s->profile_len++] = 1; /* room for every level was allocated up front */
}

DLX_INTERNAL double monotonic(void);
DLX_INTERNAL int call_hook(PyObject *hook, PyObject *list);
DLX_INTERNAL int opts_push(SearchObject *s, int number);
DLX_INTERNAL void opts_pop(SearchObject *s);
DLX_INTERNAL int prune_ok(SearchObject *s);
DLX_INTERNAL int learn_now(SearchObject *s);
DLX_INTERNAL const dlx_hook *hook_entry(PyObject *hook);
DLX_INTERNAL int spent(SearchObject *s, PyThreadState **released);
DLX_INTERNAL int poll(SearchObject *s, long long nodes, long long updates,
                      PyThreadState **released);
DLX_INTERNAL int run_x(SearchObject *s, PyThreadState **released);
DLX_INTERNAL void unwind_x(SearchObject *s);
DLX_INTERNAL void frontier_x(SearchObject *s, int *path, int *untried, int *starts, int *degrees);
DLX_INTERNAL int run_m(SearchObject *s, PyThreadState **released);
DLX_INTERNAL void unwind_m(SearchObject *s);
DLX_INTERNAL void add_key(SearchObject *s, int x, int sign);

#endif

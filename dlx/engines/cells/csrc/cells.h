/* cells.h: Knuth's SSXCC (exact covering with colours by dancing cells) in C, without Python.

   The data structure is ssxcc.w's (dlx/engines/cells/twin.py explains it at length):
   - `nd`, the options: one node per item (its item `itm`, its place `loc` in that item's set;
     its colour in `clr`, the next node round its option in `nxt`), each option followed by a
     spacer whose `itm` is minus its length;
   - `set`, one flat array holding for each item two header cells, pos (its place in `item`)
     at x-2 and size at x-1, then its set of option nodes: an item is named by x, the index of
     its set, and primary items come first (x < second);
   - `item`, the sparse set of items: item[0..active) are still to be covered or purified.
   Removing an option from a set swaps it with the set's last active node and shrinks the
   size; undoing a level only restores the sizes saved on the save stack when it branched.

   A `cells_table` is built once per problem and never changed; a `cells_search` copies what
   the search changes (set, item, nd's loc) and runs to each solution in turn (`cells_run`). */
#ifndef DLX_CELLS_H
#define DLX_CELLS_H

#include <stddef.h>

typedef struct {
    int itm; /* the item's set index; at a spacer, minus the length of the option before */
    int loc; /* where this node sits in its item's set */
} cells_node; /* 8 bytes, so that an index scales in the address (the colours live apart) */

typedef struct {
    int lo, hi; /* the first node of the node's option, and the spacer after its last */
} cells_span;

typedef struct {
    int *set;       /* headers and sets, as above */
    int *item;      /* the items' set indices, in declaration order */
    cells_node *nd; /* the nodes, spacers between options */
    int *first;     /* per option: its first node */
    int *opt;       /* per node: its option's number (-1 at a spacer) */
    int *clr;       /* per node: its colour, 0 for none */
    int *nxt;       /* per node: the option's next node, round from its last to its first
                       (SSXCC's walk without its spacer test: a walk round an option of fixed
                       length never mispredicts) */
    cells_span *span; /* per node: its option's bounds, for the walk where options are long */
    int setlength, items, primary, nodes, options, second;
    int bad; /* a primary item has no option: no search, as in SSXCC */
    int coloured; /* some option gives an item a colour */
} cells_table;

enum { CELLS_RUNNING, CELLS_EXHAUSTED, CELLS_BUDGET, CELLS_CLOSED };
enum { CELLS_PAUSED = 2, CELLS_SOLUTION = 1, CELLS_DONE = 0, CELLS_ERROR = -1 };

/* The caller's part of the poll, every few thousand nodes once the node budget is looked at
   (a deadline, signals, a progress display): 0 to go on, 1 to stop (a budget), -1 to stop on an
   error, which the caller keeps. */
typedef int (*cells_poll)(void *context);

typedef struct {
    const cells_table *t;
    int *set, *item;
    cells_node *nd;
    int active, oactive;
    int *force, forced;    /* items left with one option, to be taken first */
    int *choice, *saved;   /* per level: the node chosen, the save stack's size */
    int *save_item, *save_size, save_cap; /* the save stack: item, size */
    int too_deep;          /* the save stack would pass CELLS_MAX_SAVED: the search refused */
    int *opts, base;       /* the option numbers chosen: the givens, then one per level */
    long long *profile;    /* nodes per level */
    int level, best, cur, step, status, max_level;
    long long nodes, updates, solutions, node_cap, next_poll, next_update_poll;
    long long count_to; /* the first solution handed back: those before it are only counted */
    int pause; /* return CELLS_PAUSED after the next poll (a batch holds solutions to hand over) */
    cells_poll poll;
    void *context; /* the poll's own data */
} cells_search;

/* The most item sizes the save stack holds (8 bytes each): the active items at every level
   of the current path, so items times depth; more is refused rather than taking gigabytes
   (dlx.engines.cells.table.MAX_SAVED says the same). */
#define CELLS_MAX_SAVED 25000000
#define CELLS_POLL_NODES 4096
#define CELLS_POLL_UPDATES (1LL << 20)

int cells_table_init(cells_table *t, int primary, int items, int options, const int *lengths,
                     const int *numbers, const int *colours);
void cells_table_free(cells_table *t);
int cells_search_init(cells_search *s, const cells_table *t, const int *givens, int ngivens);
void cells_search_free(cells_search *s);
int cells_run(cells_search *s);
int cells_untried(const cells_search *s, int k, int *taken, int *out, int *n);

#endif

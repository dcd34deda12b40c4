/* zdd.h: Knuth's Algorithm Z (his DLX6, after Nishino et al.'s DXZ) on bit sets, building a ZDD
   of every solution; dlx/engines/zdd/twin.py's `Builder` is its reference, node for node.

   The data. A *state* is a bit set of `words` 64-bit words: bit i < `exact` is the i-th exact
   item (a primary item covered once), the bits above are secondary items. Option o covers the
   bits masks[o * words ...]; the options of exact item i are options[starts[i] .. starts[i+1]),
   in the order they were added; bits above the items' hold colours and tallies (see below). The search takes the first uncovered exact item (the frontier
   order: the caller numbered the items so that this sweeps the problem; or with `mrv` the one
   of fewest options that fit, as DLX6 does), tries its options that
   clash with nothing, last first, and makes the node (option, lo = the chain so far, hi = the
   sub-problem's node) for each option whose sub-problem has a solution: the chain's head is
   then the first option, as in dlx/engines/zdd/twin.py.

   The memo maps a state to its node; it is an open-addressing table whose keys sit inline, each
   beside its value (one cache line to read, where a look-up that misses costs most). A dead end
   (an item no option fits) is neither looked up nor kept, and a state is kept only when its
   search took MEMO_COST nodes or more (internal.h): the others cost less to search again. Past
   `memo_bytes` it thins out rather than grows: it keeps only the states of every other level
   it kept before (`stride` doubles; the entries left out are given up: the answer stays
   exact, only the work grows, by a few levels searched again). The unique table makes each (var, lo, hi) one node. Nodes are numbered
   from 2 (0 and 1 are the sinks), children before parents. Counts are summed by the caller, in
   Python integers, so they are exact at any size. */

#ifndef DLX_ZDD_H
#define DLX_ZDD_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int words;
    int exact;
    int option_count;
    const uint64_t *masks;
    const uint32_t *starts;
    const uint32_t *options;
    /* Colours and tallies (dlx/engines/zdd/plan.py's): fields of `field_width` bits at bit
       `shift` of the state. Option o paints the (bit, shift, colour) triples paints[3 *
       paint_start[o] ..] up to paint_start[o + 1]: an item whose bit is clear takes the colour,
       one whose bit is set must hold it. It counts the (shift, most) pairs tallies[2 *
       tally_start[o] ..], each field below its most. A state with every exact item in ends in
       a solution when each of the `low_count` (shift, least) pairs of `lows` holds its least.
       paint_start NULL: no option has any (the state is the covered bits alone). */
    int mrv; /* branch on the free exact item of fewest options that fit (DLX6's choice) */
    int field_width;
    const uint32_t *paint_start, *paints, *tally_start, *tallies, *lows;
    int low_count;
    size_t memo_bytes;
    uint64_t max_nodes; /* past this many nodes the search stops (ZDD_BUDGET) */
    /* Called every few thousand nodes (may be NULL): nonzero stops the search (ZDD_STOPPED). */
    int (*poll)(void *context);
    void *context;
} zdd_plan;

typedef struct {
    uint32_t *var, *lo, *hi; /* the nodes, 0 and 1 the sinks */
    size_t count, room;
    uint32_t *unique; /* node numbers, 0 for an empty slot */
    size_t unique_room;
    uint64_t *memo; /* `words + 1` words a slot: the state, then its node (EMPTY: none) */
    size_t memo_room, memo_count;
    uint64_t nodes, hits, entries, given_up, peak_bytes;
    uint64_t stride; /* the memo keeps the states of the levels that are multiples of this */
    double done; /* past the budget: the share of the search tree behind it (Knuth's estimate) */
} zdd_result;

enum { ZDD_OK = 0, ZDD_NO_MEMORY = -1, ZDD_TOO_MANY_NODES = -2, ZDD_STOPPED = -3, ZDD_BUDGET = -4 };

/* Search `plan` into `out` (zeroed by the caller); the root's node number in *root. Returns
   ZDD_OK or an error; in every case zdd_free(out) releases what was allocated. */
int zdd_build(const zdd_plan *plan, zdd_result *out, uint32_t *root);
void zdd_free(zdd_result *out);
/* Knuth's estimate of the MRV search of `plan` from `walks` random probes (no memo): out[0]
   its nodes, out[1] its work in scan entries' worth (its scans' entries, or where it keeps
   counts the work of reading and keeping them: see estimate.c), out[2] the entries the frontier's
   scan tests per node, on `frontier` (the same plan, each option listed under its first item
   only), out[3] 1 where MRV keeps counts, 0 where it scans. Returns ZDD_OK or ZDD_NO_MEMORY. */
int zdd_estimate(const zdd_plan *plan, const zdd_plan *frontier, int walks, double out[4]);

#endif

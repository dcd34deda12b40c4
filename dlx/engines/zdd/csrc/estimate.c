/* estimate.c: the estimate (Knuth's random probes).

   Which choice searches less, the frontier or DLX6's MRV? Each probe walks down one random path
   of the MRV tree, taking at every level one of the d options that fit, each with chance 1/d:
   the product of the d's above a node is an unbiased estimate of how many nodes its level holds
   (Knuth, "Estimating the efficiency of backtrack programs", 1975), and weighted alike, the
   work that MRV's choice and the frontier's scan do there estimates their work per node.

   The work is priced in scan entries tested. Where MRV scans (tallies, a table past
   COUNTS_BYTES), its node tests the entries of each free item's list up to the one it takes,
   then that item's again. Where it reads counts, its node reads the free items (up to the
   first with at most one option that fits, where `fewest_counted` stops), scans the item it
   takes, and was made by `counts_down`, which goes over the option sets (an entry's worth a
   word), copies the counts (COUNTS_PER_ENTRY to an entry) and takes one from a count per
   option-list membership of the options that stopped fitting (MEMBERSHIPS_PER_ENTRY to an
   entry; on the pentominoes some 430 a node, most of its work). The two ratios are fitted to
   the counted search's seconds per node against these figures as it counted them, on
   pentominoes, hexiamonds, tetracubes and queens. */
#include "internal.h"

#define MEMBERSHIPS_PER_ENTRY 4
#define COUNTS_PER_ENTRY 8

typedef struct {
    double nodes, mrv_work, frontier_tests; /* summed over the walks, each node weighted */
} zdd_walks;

static uint64_t next_random(uint64_t *seed) { /* splitmix64 */
    uint64_t z = (*seed += 0x9e3779b97f4a7c15ULL);
    z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ z >> 27) * 0x94d049bb133111ebULL;
    return z ^ z >> 31;
}

/* The entries a scan of item i's list tests in `state` until `most` options fit, and how many
   fit (*fits, up to `most`); the scan position of the r-th that fits in *at (r < *fits). */
static uint64_t scan_tests(const zdd_plan *p, const zdd_scan *g, int i, const uint64_t *state,
                           uint32_t most, uint32_t *fits, uint32_t r, uint32_t *at) {
    uint64_t tests = 0;
    uint32_t count = 0, k = g->first[i], end = g->first[i + 1];
    int words = p->words;
    while (k < end && count < most) {
        tests++;
        if (clashes(state, g->masks + (size_t)k * (size_t)words, words)) k = g->skip[k];
        else if (g->option[k] == NO_OPTION) k++;
        else {
            if (p->paint_start == NULL || extras_fit(p, g->option[k], state)) {
                if (count == r) *at = k;
                count++;
            }
            k++;
        }
    }
    *fits = count;
    return tests;
}

/* MRV's item in `state` as `fewest` finds it, how many options fit it (*fits), and the entries
   its scans test. */
static int scanned_choice(const zdd_plan *p, const zdd_scan *g, const uint64_t *state,
                          uint32_t *fits, double *tests) {
    int best = -1;
    uint32_t ways, unused;
    *fits = UINT32_MAX;
    for (int i = first_free(state, p->exact, 0); i >= 0; i = first_free(state, p->exact, i + 1)) {
        *tests += (double)scan_tests(p, g, i, state, *fits, &ways, 0, &unused);
        if (ways < *fits) best = i, *fits = ways;
        if (ways <= 1) break;
    }
    return best;
}

/* How many free items `fewest_counted` reads in `state`: those up to the one it takes, `best`,
   when that has at most one option that fits (it stops there), else all. */
static uint32_t items_read(const zdd_plan *p, const uint64_t *state, int best, uint32_t fits) {
    int end = fits <= 1 ? best + 1 : p->exact;
    uint32_t read = 0;
    for (int w = 0; w * 64 < end; w++) {
        uint64_t free_bits = ~state[w];
        if (end - w * 64 < 64) free_bits &= (1ULL << (end - w * 64)) - 1;
        read += (uint32_t)__builtin_popcountll(free_bits);
    }
    return read;
}

/* The work `counts_down` did from `level` to the next, in entries' worth (see above). */
static double counted_down(const zdd_plan *p, const zdd_counts *c, int level) {
    const uint64_t *alive = c->alive + (size_t)level * c->owords, *next = alive + c->owords;
    uint64_t taken = 0;
    for (size_t w = 0; w < c->owords; w++)
        for (uint64_t dead = alive[w] & ~next[w]; dead; dead &= dead - 1) {
            size_t d = 64 * w + (size_t)__builtin_ctzll(dead);
            taken += c->in_start[d + 1] - c->in_start[d];
        }
    return (double)taken / MEMBERSHIPS_PER_ENTRY + (double)c->owords +
           (double)p->exact / COUNTS_PER_ENTRY;
}

/* One walk down the MRV tree of `p` from the empty state, its figures added to `w`: MRV's work
   as the search does it, by the counts `c` where it keeps them (c->alive), else by scans; the
   frontier's scan list `f` (same items and options, each listed under its first item only)
   measured at each node. */
static void walk(const zdd_plan *p, const zdd_scan *g, const zdd_scan *f, zdd_counts *c,
                 uint64_t *state, uint64_t *seed, zdd_walks *w) {
    int words = p->words, level = 0;
    double weight = 1;
    memset(state, 0, (size_t)words * sizeof *state);
    for (;;) {
        w->nodes += weight;
        int first = first_free(state, p->exact, 0);
        if (first < 0) return;
        uint32_t fits, best_fits, unused, at = 0;
        w->frontier_tests +=
            weight * (double)scan_tests(p, f, first, state, UINT32_MAX, &fits, 0, &unused);
        double work = 0;
        int best;
        if (c->alive) {
            best = fewest_counted(p, c, level, state);
            best_fits = c->counts[(size_t)level * (size_t)p->exact + (size_t)best];
            work = items_read(p, state, best, best_fits);
        } else {
            best = scanned_choice(p, g, state, &best_fits, &work);
            if (best_fits == 0) { /* its scans found the dead end */
                w->mrv_work += weight * work;
                return;
            }
        }
        uint32_t r = best_fits ? (uint32_t)(next_random(seed) % best_fits) : 0;
        work += (double)scan_tests(p, g, best, state, UINT32_MAX, &fits, r, &at);
        w->mrv_work += weight * work;
        if (best_fits == 0) return;
        const uint64_t *mask = g->masks + (size_t)at * (size_t)words;
        for (int v = 0; v < words; v++) state[v] |= mask[v];
        if (p->paint_start != NULL) extras_apply(p, g->option[at], state);
        weight *= best_fits;
        if (c->alive) {
            counts_down(p, c, level, g->option[at]);
            w->mrv_work += weight * counted_down(p, c, level); /* the child's */
        }
        level++;
    }
}

int zdd_estimate(const zdd_plan *p, const zdd_plan *frontier, int walks, double out[4]) {
    zdd_scan g = {0}, f = {0};
    zdd_counts c = {0};
    zdd_walks w = {0, 0, 0};
    uint64_t seed = 1, *state = malloc((size_t)p->words * sizeof *state);
    int error = ZDD_NO_MEMORY;
    if (state != NULL && make_scan(p, &g) == ZDD_OK && make_scan(frontier, &f) == ZDD_OK &&
        (!p->mrv || make_counts(p, (size_t)p->exact + 2, &c) >= 0)) {
        for (int k = 0; k < walks; k++) walk(p, &g, &f, &c, state, &seed, &w);
        out[0] = w.nodes / walks, out[1] = w.mrv_work / walks;
        out[2] = w.frontier_tests / w.nodes, out[3] = c.alive != NULL;
        error = ZDD_OK;
    }
    free(state), free_scan(&g), free_scan(&f), free_counts(&c);
    return error;
}

/* scan.c: the scan list.

   The search scans the options of an item, last first, for those that fit the state; on a
   puzzle most clash (a piece already placed, a cell already covered). The scan list lets one
   test pass over many: item i's entries, first[i] .. first[i+1], are in scan order, each an
   option (its mask) or a group: the bits that every option of a run of consecutive ones shares
   (a piece's placements share the piece), its entries following it. A group whose bits clash
   with the state is passed over whole, to `skip`. The runs are found greedily: from an option,
   the longest run that still shares a bit the enclosing group does not; groups nest at most
   GROUP_DEPTH deep. Each group holds two entries at least, so there are fewer groups than
   options. */
#include "internal.h"

#define GROUP_DEPTH 4

/* The mask of the option at scan position k among those listed below `top` (last first). */
static const uint64_t *scanned(const zdd_plan *p, uint32_t top, uint32_t k) {
    return p->masks + (size_t)p->options[top - 1 - k] * (size_t)p->words;
}

/* Add the entries of the options at scan positions a .. b-1 below `top`, in groups at `depth`;
   work + 2 * depth * words holds the bits the enclosing groups share (room for the deeper). */
static void add_entries(const zdd_plan *p, zdd_scan *g, uint32_t top, uint32_t a, uint32_t b,
                        int depth, uint64_t *work) {
    int words = p->words;
    const uint64_t *shared = work + 2 * depth * words;
    uint64_t *run = work + (2 * depth + 1) * words, *inner = run + words;
    for (uint32_t k = a, j; k < b; k = j) {
        const uint64_t *mask = scanned(p, top, k);
        for (int w = 0; w < words; w++) run[w] = mask[w] & ~shared[w];
        for (j = k + 1; depth < GROUP_DEPTH && j < b; j++) {
            const uint64_t *next = scanned(p, top, j);
            uint64_t left = 0;
            for (int w = 0; w < words; w++) left |= run[w] & next[w];
            if (!left) break;
            for (int w = 0; w < words; w++) run[w] &= next[w];
        }
        uint32_t at = g->count++;
        if (j - k < 2) {
            j = k + 1;
            memcpy(g->masks + (size_t)at * words, mask, (size_t)words * sizeof *mask);
            g->option[at] = p->options[top - 1 - k];
        } else {
            memcpy(g->masks + (size_t)at * words, run, (size_t)words * sizeof *run);
            g->option[at] = NO_OPTION;
            for (int w = 0; w < words; w++) inner[w] = shared[w] | run[w];
            add_entries(p, g, top, k, j, depth + 1, work);
        }
        g->skip[at] = g->count;
    }
}

/* The scan list of the plan's options (see above); ZDD_NO_MEMORY when it does not fit. */
int make_scan(const zdd_plan *p, zdd_scan *g) {
    size_t words = (size_t)p->words, room = 2 * (size_t)p->starts[p->exact] + 1;
    g->masks = malloc(room * words * sizeof *g->masks);
    g->skip = malloc(room * sizeof *g->skip);
    g->option = malloc(room * sizeof *g->option);
    g->first = malloc(((size_t)p->exact + 1) * sizeof *g->first);
    uint64_t *work = calloc(2 * (GROUP_DEPTH + 1) * words, sizeof *work);
    int ok = g->masks && g->skip && g->option && g->first && work;
    g->count = 0;
    for (int i = 0; ok && i < p->exact; i++) {
        g->first[i] = g->count;
        memset(work, 0, words * sizeof *work);
        work[i / 64] = 1ULL << (i % 64); /* every option of item i has it */
        add_entries(p, g, p->starts[i + 1], 0, p->starts[i + 1] - p->starts[i], 0, work);
    }
    if (ok) g->first[p->exact] = g->count;
    free(work);
    return ok ? ZDD_OK : ZDD_NO_MEMORY;
}

void free_scan(zdd_scan *g) {
    free(g->masks), free(g->skip), free(g->option), free(g->first);
}

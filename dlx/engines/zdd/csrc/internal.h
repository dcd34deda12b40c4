/* internal.h: what the parts of the compiled ZDD search share (zdd.h explains the data), one
   file per idea: the nodes and their unique table (unique.c), the memo of states (memo.c), the
   colours' and tallies' fields (fields.c), the scan list of each item's options (scan.c), MRV's
   counts (counts.c), the estimate that picks a choice (estimate.c) and the search itself
   (search.c). The small pieces the search's loops run at every node are here, inline, so that
   those loops compile to what they were as one file. */
#ifndef DLX_ZDD_INTERNAL_H
#define DLX_ZDD_INTERNAL_H

#include "zdd.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define ZDD_INTERNAL __attribute__((visibility("hidden")))
/* A function that only reads memory: the search's loops, which call it from another file, keep
   what they loaded in registers across the call. */
#define ZDD_PURE __attribute__((pure))
#else
#define ZDD_INTERNAL
#define ZDD_PURE
#endif

#define EMPTY UINT32_MAX
/* The memo keeps a state only when its search took this many nodes or more: one that took
   fewer costs less to search again than to keep (measured on pentominoes and dominoes: 8 keeps
   a quarter of the entries, at no loss of time). */
#define MEMO_COST 8
#define INLINE inline __attribute__((always_inline))

static inline uint64_t mix(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

static INLINE uint64_t hash_state(const uint64_t *state, int words) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int w = 0; w < words; w++) h = mix(h ^ state[w]) + (uint64_t)w;
    return h;
}

/* The first exact item not in `state`, looking from item `from` on; -1 when all are in. */
static inline int first_free(const uint64_t *state, int exact, int from) {
    for (int w = from / 64; w * 64 < exact; w++) {
        uint64_t free_bits = ~state[w];
        if (w == from / 64) free_bits &= ~0ULL << (from % 64);
        if (free_bits) {
            int item = w * 64 + __builtin_ctzll(free_bits);
            return item < exact ? item : -1;
        }
    }
    return -1;
}

static INLINE int clashes(const uint64_t *state, const uint64_t *mask, int words) {
    for (int w = 0; w < words; w++)
        if (state[w] & mask[w]) return 1;
    return 0;
}

/* ---- the nodes and the unique table (unique.c) ---- */

ZDD_INTERNAL int grow_nodes(zdd_result *z);
ZDD_INTERNAL int grow_unique(zdd_result *z);
/* The node (var, lo, hi), made if new; 0 (never a made node) when memory ran out. */
ZDD_INTERNAL uint32_t make_node(zdd_result *z, uint32_t var, uint32_t lo, uint32_t hi,
                                int *error);

/* ---- the memo (memo.c) ---- */

/* The memo's slot for `state`: its entry, or the empty slot where it would go. */
static INLINE uint64_t *memo_slot(const zdd_result *z, const uint64_t *state, int words) {
    size_t mask = z->memo_room - 1, stride = (size_t)words + 1;
    size_t h = (size_t)hash_state(state, words) & mask;
    for (;; h = (h + 1) & mask) {
        uint64_t *slot = z->memo + h * stride;
        if (slot[words] == EMPTY) return slot;
        int w = 0;
        while (w < words && slot[w] == state[w]) w++;
        if (w == words) return slot;
    }
}

ZDD_INTERNAL int new_memo(zdd_result *z, size_t room, int words);
ZDD_INTERNAL int remember(zdd_result *z, const zdd_plan *p, const uint64_t *state, uint32_t node,
                          int level);

/* ---- colours and tallies (fields.c) ---- */

ZDD_INTERNAL ZDD_PURE int extras_fit(const zdd_plan *p, uint32_t o, const uint64_t *state);
ZDD_INTERNAL void extras_apply(const zdd_plan *p, uint32_t o, uint64_t *child);
ZDD_INTERNAL ZDD_PURE int ends_well(const zdd_plan *p, const uint64_t *state);

/* ---- the scan list (scan.c) ---- */

#define NO_OPTION UINT32_MAX

typedef struct {
    uint64_t *masks;  /* `words` per entry */
    uint32_t *skip;   /* the entry after this one and its group's */
    uint32_t *option; /* the option's number, or NO_OPTION for a group */
    uint32_t *first;  /* `exact + 1`: where each item's entries begin */
    uint32_t count;
} zdd_scan;

ZDD_INTERNAL int make_scan(const zdd_plan *p, zdd_scan *g);
ZDD_INTERNAL void free_scan(zdd_scan *g);

/* ---- MRV's counts (counts.c) ---- */

typedef struct {
    size_t owords;        /* words of a set of options */
    uint64_t *conflicts;  /* option_count sets: the options that share a bit with each */
    uint64_t *alive;      /* a set per level: the options that fit its state */
    uint32_t *counts;     /* `exact` per level: how many options of each item's list fit */
    uint32_t *in_start;   /* option o is in the lists of items in_items[in_start[o] ..] */
    uint32_t *in_items;   /* .. up to in_start[o + 1] */
} zdd_counts;

ZDD_INTERNAL int make_counts(const zdd_plan *p, size_t depth, zdd_counts *c);
ZDD_INTERNAL void free_counts(zdd_counts *c);

/* `fewest` read from the counts of `level`. */
static INLINE int fewest_counted(const zdd_plan *p, const zdd_counts *c, int level,
                                 const uint64_t *state) {
    const uint32_t *count = c->counts + (size_t)level * (size_t)p->exact;
    int best = -1;
    uint32_t least = UINT32_MAX;
    for (int i = first_free(state, p->exact, 0); i >= 0; i = first_free(state, p->exact, i + 1)) {
        if (count[i] < least) {
            best = i, least = count[i];
            if (least <= 1) break;
        }
    }
    return best;
}

/* Level `level + 1`'s counts, after option o is taken at `level`. */
static INLINE void counts_down(const zdd_plan *p, zdd_counts *c, int level, uint32_t o) {
    size_t ow = c->owords, exact = (size_t)p->exact;
    const uint64_t *alive = c->alive + (size_t)level * ow, *conflicts = c->conflicts + o * ow;
    uint64_t *next = c->alive + ((size_t)level + 1) * ow;
    uint32_t *count = c->counts + ((size_t)level + 1) * exact;
    const uint32_t *in_start = c->in_start, *in_items = c->in_items;
    memcpy(count, count - exact, exact * sizeof *count);
    for (size_t w = 0; w < ow; w++) {
        uint64_t dead = alive[w] & conflicts[w];
        next[w] = alive[w] & ~conflicts[w];
        for (; dead; dead &= dead - 1) {
            size_t d = 64 * w + (size_t)__builtin_ctzll(dead);
            for (uint32_t k = in_start[d]; k < in_start[d + 1]; k++) count[in_items[k]]--;
        }
    }
}

#endif

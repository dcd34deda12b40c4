/* zdd.c: Algorithm Z on bit sets (see zdd.h for the data). The search is Knuth's backtrack
   written with an explicit stack, since a solution may take thousands of levels: level l holds
   its state, the item it branches on, the option it tries and the chain of nodes made so far. */
#include "zdd.h"

#include <stdlib.h>
#include <string.h>

#define EMPTY UINT32_MAX
#define POLL_EVERY 4096
/* The memo keeps a state only when its search took this many nodes or more: one that took
   fewer costs less to search again than to keep (measured on pentominoes and dominoes: 8 keeps
   a quarter of the entries, at no loss of time). */
#define MEMO_COST 8
/* Past MEMO_TRIAL entries, a memo that has answered fewer than one in MEMO_WORTH of them is
   given up whole, and the search goes on without one: it was costing a look-up at every node
   and memory for nothing (6x6 skyscrapers: 6 hits for 1.29 M entries, 168 MB). The ZDD is the
   same (the unique table makes the nodes again as they were); only the work differs. */
#define MEMO_TRIAL (1 << 16)
#define MEMO_WORTH 1000
#define INLINE inline __attribute__((always_inline))

static uint64_t mix(uint64_t h) {
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

static uint64_t hash_node(uint32_t var, uint32_t lo, uint32_t hi) {
    return mix(((uint64_t)var << 32 ^ lo) * 0x9e3779b97f4a7c15ULL ^ hi);
}

/* ---- the nodes and the unique table ---- */

static int grow_nodes(zdd_result *z) {
    size_t room = z->room ? 2 * z->room : 1024;
    uint32_t *var = realloc(z->var, room * sizeof *var);
    if (var == NULL) return ZDD_NO_MEMORY;
    z->var = var;
    uint32_t *lo = realloc(z->lo, room * sizeof *lo);
    if (lo == NULL) return ZDD_NO_MEMORY;
    z->lo = lo;
    uint32_t *hi = realloc(z->hi, room * sizeof *hi);
    if (hi == NULL) return ZDD_NO_MEMORY;
    z->hi = hi;
    z->room = room;
    return ZDD_OK;
}

static void place_unique(zdd_result *z, uint32_t node) {
    size_t mask = z->unique_room - 1;
    size_t h = (size_t)hash_node(z->var[node], z->lo[node], z->hi[node]) & mask;
    while (z->unique[h]) h = (h + 1) & mask;
    z->unique[h] = node;
}

static int grow_unique(zdd_result *z) {
    size_t room = z->unique_room ? 2 * z->unique_room : 4096;
    uint32_t *table = calloc(room, sizeof *table);
    if (table == NULL) return ZDD_NO_MEMORY;
    free(z->unique);
    z->unique = table;
    z->unique_room = room;
    for (size_t n = 2; n < z->count; n++) place_unique(z, (uint32_t)n);
    return ZDD_OK;
}

/* The node (var, lo, hi), made if new; 0 (never a made node) when memory ran out. */
static uint32_t make_node(zdd_result *z, uint32_t var, uint32_t lo, uint32_t hi, int *error) {
    size_t mask = z->unique_room - 1;
    size_t h = (size_t)hash_node(var, lo, hi) & mask;
    for (uint32_t n; (n = z->unique[h]) != 0; h = (h + 1) & mask)
        if (z->var[n] == var && z->lo[n] == lo && z->hi[n] == hi) return n;
    if (z->count >= EMPTY - 1) return *error = ZDD_TOO_MANY_NODES, 0;
    if (z->count == z->room && (*error = grow_nodes(z)) != ZDD_OK) return 0;
    uint32_t node = (uint32_t)z->count++;
    z->var[node] = var, z->lo[node] = lo, z->hi[node] = hi;
    if (2 * z->count > z->unique_room) {
        if ((*error = grow_unique(z)) != ZDD_OK) return 0;
    } else {
        z->unique[h] = node;
    }
    return node;
}

/* ---- the memo ---- */

static size_t memo_size(size_t room, int words) {
    return room * ((size_t)words + 1) * sizeof(uint64_t);
}

static int new_memo(zdd_result *z, size_t room, int words) {
    size_t stride = (size_t)words + 1;
    uint64_t *memo = malloc(room * stride * sizeof *memo);
    if (memo == NULL) return ZDD_NO_MEMORY;
    for (size_t s = 0; s < room; s++) memo[s * stride + (size_t)words] = EMPTY;
    z->memo = memo, z->memo_room = room, z->memo_count = 0;
    uint64_t bytes = memo_size(room, words);
    if (bytes > z->peak_bytes) z->peak_bytes = bytes;
    return ZDD_OK;
}

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

static void put(zdd_result *z, const uint64_t *state, uint64_t value, int words) {
    uint64_t *slot = memo_slot(z, state, words);
    memcpy(slot, state, (size_t)words * sizeof *state);
    slot[words] = value;
    z->memo_count++;
}

/* An entry's value: its node in the low half, its level (options taken) in the high half. */
static uint64_t entry(uint32_t node, int level) { return (uint64_t)level << 32 | node; }

/* How many entries stay when the memo keeps only the levels that are multiples of `stride`. */
static size_t kept_at(const zdd_result *z, int words, uint64_t stride) {
    size_t kept = 0, width = (size_t)words + 1;
    for (size_t s = 0; s < z->memo_room; s++) {
        uint64_t value = z->memo[s * width + (size_t)words];
        kept += value != EMPTY && (value >> 32) % stride == 0;
    }
    return kept;
}

/* Remember `state` -> `node`, met at `level` (1 when kept, 0 when not, or an error); a full
   memo doubles, or past the cap thins out:
   from then on it keeps only the states of every other level it kept before (`stride`
   doubles, until at most half its entries stay). A state of a level not kept is searched
   again when met, down to the next level kept: each thinning costs a few levels' search
   without memo, where emptying the memo made the work explode (every level searched again,
   down to the bottom: 70 x 8 dominoes under a 1 MB cap, where they need 1.3 MB, passed 20 M
   nodes, against 27 K). */
static int remember(zdd_result *z, const zdd_plan *p, const uint64_t *state, uint32_t node,
                    int level) {
    int words = p->words;
    if (z->memo == NULL) return 0; /* given up: it did not pay */
    if (z->entries >= MEMO_TRIAL && z->hits * MEMO_WORTH < z->entries) {
        z->given_up += z->memo_count;
        free(z->memo);
        z->memo = NULL, z->memo_room = z->memo_count = 0;
        return 0;
    }
    if ((uint64_t)level % z->stride != 0) return 0;
    if (2 * (z->memo_count + 1) > z->memo_room) {
        uint64_t *old = z->memo;
        size_t room = z->memo_room, bigger = 2 * room, width = (size_t)words + 1;
        size_t count = z->memo_count;
        int fits = memo_size(bigger, words) <= p->memo_bytes;
        while (!fits && kept_at(z, words, 2 * z->stride) > count / 2) z->stride *= 2;
        if (!fits) z->stride *= 2;
        if (new_memo(z, fits ? bigger : room, words) != ZDD_OK) {
            z->memo = old;  /* kept, so zdd_free releases it */
            return ZDD_NO_MEMORY;
        }
        for (size_t s = 0; s < room; s++) {
            uint64_t value = old[s * width + (size_t)words];
            if (value != EMPTY && (value >> 32) % z->stride == 0)
                put(z, old + s * width, value, words);
        }
        z->given_up += count - z->memo_count;
        free(old);
        if ((uint64_t)level % z->stride != 0) return 0;
    }
    put(z, state, entry(node, level), words);
    z->entries++;
    return 1;
}

/* The first exact item not in `state`, looking from item `from` on; -1 when all are in. */
static int first_free(const uint64_t *state, int exact, int from) {
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

/* ---- colours and tallies ---- */

static uint64_t field(const uint64_t *state, uint32_t shift, int width) {
    uint32_t w = shift / 64, b = shift % 64;
    uint64_t value = state[w] >> b;
    if (b + (uint32_t)width > 64) value |= state[w + 1] << (64 - b);
    return value & ((1ULL << width) - 1);
}

static void set_field(uint64_t *state, uint32_t shift, int width, uint64_t value) {
    uint32_t w = shift / 64, b = shift % 64;
    uint64_t ones = (1ULL << width) - 1;
    state[w] = (state[w] & ~(ones << b)) | value << b;
    if (b + (uint32_t)width > 64)
        state[w + 1] = (state[w + 1] & ~(ones >> (64 - b))) | value >> (64 - b);
}

/* Whether option o's colours and tallies agree with `state` (its mask does already). */
static int extras_fit(const zdd_plan *p, uint32_t o, const uint64_t *state) {
    for (uint32_t k = p->paint_start[o]; k < p->paint_start[o + 1]; k++) {
        const uint32_t *paint = p->paints + 3 * (size_t)k;
        if (state[paint[0] / 64] >> (paint[0] % 64) & 1 &&
            field(state, paint[1], p->field_width) != paint[2])
            return 0;
    }
    for (uint32_t k = p->tally_start[o]; k < p->tally_start[o + 1]; k++) {
        const uint32_t *tally = p->tallies + 2 * (size_t)k;
        if (field(state, tally[0], p->field_width) >= tally[1]) return 0;
    }
    return 1;
}

/* Paint option o's colours into `child` and count its tallies. */
static void extras_apply(const zdd_plan *p, uint32_t o, uint64_t *child) {
    for (uint32_t k = p->paint_start[o]; k < p->paint_start[o + 1]; k++) {
        const uint32_t *paint = p->paints + 3 * (size_t)k;
        child[paint[0] / 64] |= 1ULL << (paint[0] % 64);
        set_field(child, paint[1], p->field_width, paint[2]);
    }
    for (uint32_t k = p->tally_start[o]; k < p->tally_start[o + 1]; k++) {
        const uint32_t *tally = p->tallies + 2 * (size_t)k;
        set_field(child, tally[0], p->field_width, field(child, tally[0], p->field_width) + 1);
    }
}

/* Whether a state with every exact item in is a solution: each tally at its least. */
static int ends_well(const zdd_plan *p, const uint64_t *state) {
    for (int t = 0; t < p->low_count; t++)
        if (field(state, p->lows[2 * t], p->field_width) < p->lows[2 * t + 1]) return 0;
    return 1;
}

/* ---- the scan list ----

   The search scans the options of an item, last first, for those that fit the state; on a
   puzzle most clash (a piece already placed, a cell already covered). The scan list lets one
   test pass over many: item i's entries, first[i] .. first[i+1], are in scan order, each an
   option (its mask) or a group: the bits that every option of a run of consecutive ones shares
   (a piece's placements share the piece), its entries following it. A group whose bits clash
   with the state is passed over whole, to `skip`. The runs are found greedily: from an option,
   the longest run that still shares a bit the enclosing group does not; groups nest at most
   GROUP_DEPTH deep. Each group holds two entries at least, so there are fewer groups than
   options. */

#define GROUP_DEPTH 4
#define NO_OPTION UINT32_MAX

typedef struct {
    uint64_t *masks;  /* `words` per entry */
    uint32_t *skip;   /* the entry after this one and its group's */
    uint32_t *option; /* the option's number, or NO_OPTION for a group */
    uint32_t *first;  /* `exact + 1`: where each item's entries begin */
    uint32_t count;
} zdd_scan;

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
static int make_scan(const zdd_plan *p, zdd_scan *g) {
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

static void free_scan(zdd_scan *g) {
    free(g->masks), free(g->skip), free(g->option), free(g->first);
}

/* ---- the search ---- */

/* How many of item i's options that fit `state` lie before scan position `end`, counted up to
   `most` and no further. */
static INLINE uint32_t fits_up_to(const zdd_plan *p, const zdd_scan *g, int i,
                                  const uint64_t *state, int words, uint32_t end, uint32_t most) {
    uint32_t count = 0, k = g->first[i];
    while (k < end && count < most) {
        if (clashes(state, g->masks + (size_t)k * (size_t)words, words)) k = g->skip[k];
        else if (g->option[k] == NO_OPTION) k++;
        else {
            count += p->paint_start == NULL || extras_fit(p, g->option[k], state);
            k++;
        }
    }
    return count;
}

/* How many of item i's options that fit `state` lie before scan position `pos`. */
static uint32_t fits_before(const zdd_plan *p, const zdd_scan *g, int i, const uint64_t *state,
                            int words, uint32_t pos) {
    return fits_up_to(p, g, i, state, words, pos, UINT32_MAX);
}

/* DLX6's choice: the free exact item with the fewest options that fit, the first such in order
   (the Python search's, so that both make the same nodes); -1 when every item is in. */
static INLINE int fewest(const zdd_plan *p, const zdd_scan *g, const uint64_t *state,
                         int words) {
    int best = -1;
    uint32_t least = UINT32_MAX;
    for (int i = first_free(state, p->exact, 0); i >= 0; i = first_free(state, p->exact, i + 1)) {
        uint32_t ways = fits_up_to(p, g, i, state, words, g->first[i + 1], least);
        if (ways < least) {
            best = i, least = ways;
            if (ways <= 1) break;
        }
    }
    return best;
}

/* ---- MRV's counts ----

   Scanning every free item's list at every node, to find the one of fewest options that fit,
   took four fifths of MRV's search on the pentominoes. Where the plan has no tallies (whether
   an option fits a state is then a matter between it and each option taken: see
   `add_conflicts`) and its options are few enough (COUNTS_BYTES), MRV reads those numbers from
   a table kept level by level instead, as DLX keeps its lengths: the set of options that fit
   (`alive`, a bit per option), and each item's count of them. Taking option o, the options in
   conflict with o (`conflicts[o]`) stop fitting: each takes one from the count of every item
   whose list holds it. The counts are those `fits_up_to` finds, so the search makes the same
   nodes. */

#define COUNTS_BYTES ((size_t)64 << 20)

typedef struct {
    size_t owords;        /* words of a set of options */
    uint64_t *conflicts;  /* option_count sets: the options that share a bit with each */
    uint64_t *alive;      /* a set per level: the options that fit its state */
    uint32_t *counts;     /* `exact` per level: how many options of each item's list fit */
    uint32_t *in_start;   /* option o is in the lists of items in_items[in_start[o] ..] */
    uint32_t *in_items;   /* .. up to in_start[o + 1] */
} zdd_counts;

static void free_counts(zdd_counts *c) {
    free(c->conflicts), free(c->alive), free(c->counts), free(c->in_start), free(c->in_items);
    memset(c, 0, sizeof *c);
}

static int compare_words(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Where the plan paints colours, the painters of each item bit j, `painted[j]` (a set), and
   the same as (colour << 32 | option) words sorted, at pairs[pstart[j] .. pstart[j + 1]). */
typedef struct {
    uint64_t *painted, *pairs, *work;
    uint32_t *pstart;
} zdd_painters;

static int make_painters(const zdd_plan *p, size_t ow, size_t bits, zdd_painters *q) {
    size_t n = (size_t)p->option_count, paints = p->paint_start[n];
    q->painted = calloc(bits * ow, sizeof *q->painted);
    q->pairs = malloc(paints * sizeof *q->pairs + 1);
    q->work = malloc(ow * sizeof *q->work);
    q->pstart = calloc(bits + 1, sizeof *q->pstart);
    if (!q->painted || !q->pairs || !q->work || !q->pstart) return -1;
    for (size_t k = 0; k < paints; k++) q->pstart[p->paints[3 * k] + 1]++;
    for (size_t j = 0; j < bits; j++) q->pstart[j + 1] += q->pstart[j];
    for (size_t o = 0; o < n; o++)
        for (uint32_t k = p->paint_start[o]; k < p->paint_start[o + 1]; k++) {
            uint32_t j = p->paints[3 * (size_t)k], colour = p->paints[3 * (size_t)k + 2];
            q->painted[j * ow + o / 64] |= 1ULL << (o % 64);
            q->pairs[q->pstart[j]++] = (uint64_t)colour << 32 | o;
        }
    for (size_t j = bits; j > 0; j--) q->pstart[j] = q->pstart[j - 1];
    q->pstart[0] = 0;
    for (size_t j = 0; j < bits; j++)
        qsort(q->pairs + q->pstart[j], q->pstart[j + 1] - q->pstart[j], sizeof *q->pairs,
              compare_words);
    return 0;
}

static void free_painters(zdd_painters *q) {
    free(q->painted), free(q->pairs), free(q->work), free(q->pstart);
}

/* conflicts[o]: the options that stop fitting once o is taken. Without colours, those whose
   masks share a bit with o's. With colours (and no tallies), also those that paint an item o
   covers uncoloured, cover uncoloured an item o paints, or paint it in another colour: each
   test `extras_fit` makes is then between two options, so that the options that fit a state
   are those in conflict with none taken. */
static void add_conflicts(const zdd_plan *p, size_t o, size_t ow, const uint64_t *by_bit,
                          zdd_painters *q, uint64_t *conflicts) {
    for (size_t v = 0; v < (size_t)p->words; v++)
        for (uint64_t m = p->masks[o * (size_t)p->words + v]; m; m &= m - 1) {
            size_t b = 64 * v + (size_t)__builtin_ctzll(m);
            for (size_t w = 0; w < ow; w++) conflicts[w] |= by_bit[b * ow + w];
            if (q->painted)
                for (size_t w = 0; w < ow; w++) conflicts[w] |= q->painted[b * ow + w];
        }
    if (!q->painted) return;
    for (uint32_t k = p->paint_start[o]; k < p->paint_start[o + 1]; k++) {
        size_t j = p->paints[3 * (size_t)k];
        uint64_t same = (uint64_t)p->paints[3 * (size_t)k + 2] << 32;
        size_t a = q->pstart[j], z = q->pstart[j + 1];
        while (a < z) { /* the first pair of this colour */
            size_t mid = a + (z - a) / 2;
            if (q->pairs[mid] < same) a = mid + 1;
            else z = mid;
        }
        memcpy(q->work, q->painted + j * ow, ow * sizeof *q->work);
        for (; a < q->pstart[j + 1] && q->pairs[a] >> 32 == same >> 32; a++) {
            uint32_t other = (uint32_t)q->pairs[a];
            q->work[other / 64] &= ~(1ULL << (other % 64));
        }
        for (size_t w = 0; w < ow; w++) conflicts[w] |= by_bit[j * ow + w] | q->work[w];
    }
}

/* The counts' table for `depth` levels, its level 0 the empty state's; 0 when the plan has
   tallies or the table would pass COUNTS_BYTES (MRV then scans), -1 when memory ran out. */
static int make_counts(const zdd_plan *p, size_t depth, zdd_counts *c) {
    size_t n = (size_t)p->option_count, ow = (n + 63) / 64, bits = 64 * (size_t)p->words;
    size_t exact = (size_t)p->exact, listed = p->starts[p->exact];
    int painted = p->paint_start != NULL;
    if (n == 0 || (painted && (p->tally_start[n] != 0 || p->low_count != 0))) return 0;
    size_t paints = painted ? p->paint_start[n] : 0;
    double bytes = 8.0 * (double)ow * ((double)n + (double)depth + (double)bits) +
                   4.0 * ((double)depth * (double)exact + (double)n + (double)listed) +
                   (painted ? 8.0 * (double)ow * ((double)bits + 1) + 8.0 * (double)paints +
                                  4.0 * (double)bits
                            : 0);
    if (bytes > (double)COUNTS_BYTES) return 0;
    uint64_t *by_bit = calloc(bits * ow, sizeof *by_bit);
    zdd_painters q = {0};
    c->owords = ow;
    c->conflicts = calloc(n * ow, sizeof *c->conflicts);
    c->alive = malloc(depth * ow * sizeof *c->alive);
    c->counts = malloc(depth * exact * sizeof *c->counts + 1);
    c->in_start = calloc(n + 1, sizeof *c->in_start);
    c->in_items = malloc(listed * sizeof *c->in_items + 1);
    if (!by_bit || !c->conflicts || !c->alive || !c->counts || !c->in_start || !c->in_items ||
        (painted && make_painters(p, ow, bits, &q) < 0)) {
        free(by_bit), free_painters(&q), free_counts(c);
        return -1;
    }
    for (size_t k = 0; k < listed; k++) c->in_start[p->options[k] + 1]++;
    for (size_t o = 0; o < n; o++) c->in_start[o + 1] += c->in_start[o];
    for (size_t i = 0; i < exact; i++) {
        c->counts[i] = p->starts[i + 1] - p->starts[i];
        for (uint32_t k = p->starts[i]; k < p->starts[i + 1]; k++)
            c->in_items[c->in_start[p->options[k]]++] = (uint32_t)i;
    }
    for (size_t o = n; o > 0; o--) c->in_start[o] = c->in_start[o - 1];
    c->in_start[0] = 0;
    for (size_t o = 0; o < n; o++) /* by_bit[b]: the options whose masks have bit b */
        for (size_t v = 0; v < (size_t)p->words; v++)
            for (uint64_t m = p->masks[o * (size_t)p->words + v]; m; m &= m - 1) {
                size_t b = 64 * v + (size_t)__builtin_ctzll(m);
                by_bit[b * ow + o / 64] |= 1ULL << (o % 64);
            }
    for (size_t o = 0; o < n; o++) add_conflicts(p, o, ow, by_bit, &q, c->conflicts + o * ow);
    free(by_bit), free_painters(&q);
    memset(c->alive, 0xff, ow * sizeof *c->alive);
    if (n % 64) c->alive[ow - 1] = (1ULL << (n % 64)) - 1;
    return 1;
}

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

/* The search's working memory: per level its state, item, scan position and chain, the nodes
   searched before it (what its search cost is measured against) and how many of its states
   the memo keeps. */
typedef struct {
    uint64_t *states; /* `words` per level */
    int *item;
    uint32_t *pos, *chain;
    uint64_t *before, *kept;
} zdd_stack;

/* Move level `level` on to the next option of its item, from its scan position on, that clashes
   with nothing; 0 when none is left. */
static INLINE int next_fit(const zdd_plan *p, const zdd_scan *g, zdd_stack *s, int level,
                           const uint64_t *state, int words) {
    uint32_t k = s->pos[level], end = g->first[s->item[level] + 1];
    while (k < end) {
        if (clashes(state, g->masks + (size_t)k * (size_t)words, words)) k = g->skip[k];
        else if (g->option[k] == NO_OPTION) k++;
        else if (p->paint_start != NULL && !extras_fit(p, g->option[k], state)) k++;
        else return s->pos[level] = k, 1;
    }
    return s->pos[level] = k, 0;
}

/* The share of the search tree behind the levels 0 .. level-1 (Knuth's progress measure): at
   each level, the options already searched over all that fit, weighted by the share of the
   tree its level stands for. */
static double progress(const zdd_plan *p, const zdd_scan *g, const zdd_stack *s, int level,
                       int words) {
    double done = 0, share = 1;
    for (int l = 0; l < level; l++) {
        const uint64_t *state = s->states + (size_t)l * (size_t)words;
        int i = s->item[l];
        uint32_t all = fits_up_to(p, g, i, state, words, g->first[i + 1], UINT32_MAX);
        uint32_t before = fits_before(p, g, i, state, words, s->pos[l]);
        if (all == 0) break;
        done += share * before / all;
        share /= all;
    }
    return done;
}

/* The search, inlined into one copy per common width (the compiler then unrolls the loops over a
   state's words, which the scans spend most of their time in). */
static INLINE int search(const zdd_plan *p, const zdd_scan *g, zdd_result *z, zdd_stack *s,
                         zdd_counts *c, uint32_t *root, int words) {
    int level = 0, error = ZDD_OK;
    uint32_t result;
    memset(s->states, 0, (size_t)words * sizeof *s->states);
    s->item[0] = 0;
enter: { /* Z1: a new level. A state whose item has an option that fits is looked up in the memo;
            the others are dead ends (or the end), cheaper to find again than to look up. */
    uint64_t *state = s->states + (size_t)level * (size_t)words;
    int item = !p->mrv   ? first_free(state, p->exact, s->item[level])
               : c->alive ? fewest_counted(p, c, level, state)
                          : fewest(p, g, state, words);
    s->item[level] = item < 0 ? 0 : item;
    s->pos[level] = item < 0 ? 0 : g->first[item];
    s->chain[level] = 0;
    int fits = item >= 0 && next_fit(p, g, s, level, state, words);
    if (fits && s->kept[level] && z->memo != NULL) {
        const uint64_t *slot = memo_slot(z, state, words);
        if (slot[words] != EMPTY) {
            z->hits++;
            result = (uint32_t)slot[words];
            goto back;
        }
    }
    s->before[level] = z->nodes;
    if (++z->nodes > p->max_nodes) return z->done = progress(p, g, s, level, words), ZDD_BUDGET;
    if (z->nodes % POLL_EVERY == 0 && p->poll != NULL && p->poll(p->context))
        return ZDD_STOPPED;
    if (!fits) {
        result = item < 0 && (p->low_count == 0 || ends_well(p, state));
        goto back;
    }
    goto down;
}
next: { /* Z2: the next option of the item, last first, that clashes with nothing */
    uint64_t *state = s->states + (size_t)level * (size_t)words;
    s->pos[level]++;
    if (!next_fit(p, g, s, level, state, words)) {
        result = s->chain[level];
        if (z->nodes - s->before[level] >= MEMO_COST) {
            int kept = remember(z, p, state, result, level);
            if (kept < 0) return kept;
            s->kept[level] += (uint64_t)kept;
        }
        goto back;
    }
}
down: { /* take the option: its state is the next level's */
    uint64_t *state = s->states + (size_t)level * (size_t)words;
    const uint64_t *mask = g->masks + (size_t)s->pos[level] * (size_t)words;
    for (int w = 0; w < words; w++) state[words + w] = state[w] | mask[w];
    if (p->paint_start != NULL) extras_apply(p, g->option[s->pos[level]], state + words);
    if (c->alive) counts_down(p, c, level, g->option[s->pos[level]]);
    s->item[level + 1] = s->item[level];
    level++;
    goto enter;
}
back: /* Z3: hand the node up; a sub-problem with solutions adds a node to the parent's chain */
    if (level == 0) {
        *root = result;
        return ZDD_OK;
    }
    level--;
    if (result) {
        uint32_t o = g->option[s->pos[level]];
        s->chain[level] = make_node(z, o, s->chain[level], result, &error);
        if (error != ZDD_OK) return error;
    }
    goto next;
}

static int search_1(const zdd_plan *p, const zdd_scan *g, zdd_result *z, zdd_stack *s,
                    zdd_counts *c, uint32_t *root) {
    return search(p, g, z, s, c, root, 1);
}

static int search_2(const zdd_plan *p, const zdd_scan *g, zdd_result *z, zdd_stack *s,
                    zdd_counts *c, uint32_t *root) {
    return search(p, g, z, s, c, root, 2);
}

/* ---- the estimate (Knuth's random probes) ----

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

int zdd_build(const zdd_plan *p, zdd_result *z, uint32_t *root) {
    size_t depth = (size_t)p->exact + 2, words = (size_t)p->words;
    zdd_stack s = {malloc(depth * words * sizeof(uint64_t)), malloc(depth * sizeof(int)),
                   malloc(depth * sizeof(uint32_t)), malloc(depth * sizeof(uint32_t)),
                   malloc(depth * sizeof(uint64_t)), calloc(depth, sizeof(uint64_t))};
    zdd_scan g = {0};
    zdd_counts c = {0};
    int error = ZDD_NO_MEMORY;
    if (s.states != NULL && s.item != NULL && s.pos != NULL && s.chain != NULL &&
        s.before != NULL && s.kept != NULL && make_scan(p, &g) == ZDD_OK &&
        (!p->mrv || make_counts(p, depth, &c) >= 0) && grow_nodes(z) == ZDD_OK &&
        grow_unique(z) == ZDD_OK && new_memo(z, 1024, p->words) == ZDD_OK) {
        z->count = 2, z->stride = 1; /* the sinks; every level kept */
        z->var[0] = z->var[1] = z->lo[0] = z->lo[1] = z->hi[0] = z->hi[1] = 0;
        error = p->words == 1   ? search_1(p, &g, z, &s, &c, root)
                : p->words == 2 ? search_2(p, &g, z, &s, &c, root)
                                : search(p, &g, z, &s, &c, root, p->words);
    }
    free(s.states), free(s.item), free(s.pos), free(s.chain), free(s.before), free(s.kept);
    free_scan(&g), free_counts(&c);
    return error;
}

void zdd_free(zdd_result *z) {
    free(z->var), free(z->lo), free(z->hi), free(z->unique), free(z->memo);
    memset(z, 0, sizeof *z);
}

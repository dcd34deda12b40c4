/* counts.c: MRV's counts.

   Scanning every free item's list at every node, to find the one of fewest options that fit,
   took four fifths of MRV's search on the pentominoes. Where the plan has no tallies (whether
   an option fits a state is then a matter between it and each option taken: see
   `add_conflicts`) and its options are few enough (COUNTS_BYTES), MRV reads those numbers from
   a table kept level by level instead, as DLX keeps its lengths: the set of options that fit
   (`alive`, a bit per option), and each item's count of them. Taking option o, the options in
   conflict with o (`conflicts[o]`) stop fitting: each takes one from the count of every item
   whose list holds it. The counts are those `fits_up_to` finds, so the search makes the same
   nodes. */
#include "internal.h"

#define COUNTS_BYTES ((size_t)64 << 20)

void free_counts(zdd_counts *c) {
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
int make_counts(const zdd_plan *p, size_t depth, zdd_counts *c) {
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

/* table.c: the table of a problem (bitset.h): the bits of cells and others, the options laid
   out by their least primary cell, the lists of entries (by cell and pattern, by other, and
   the final options), each cell's neighbours, and whether the region checks are sound here.
   Built once per problem, never changed. */

#include "bitset.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define BIT(m, p) ((m)[(p) >> 6] >> ((p) & 63) & 1)
#define SET(m, p) ((m)[(p) >> 6] |= (bs_word)1 << ((p) & 63))

void bs_table_free(bs_table *t) {
    free(t->mask);
    free(t->border);
    free(t->number);
    free(t->tally);
    free(t->pslot);
    free(t->place);
    free(t->emask);
    free(t->entry);
    free(t->romask);
    free(t->eother);
    free(t->rstart);
    free(t->heads);
    free(t->shown);
    free(t->holding);
    free(t->nbr_n);
    free(t->nbr);
    free(t->cover_at);
    free(t->cover_heads);
    free(t->lo);
    free(t->hi);
    free(t->near);
    free(t->class_of);
    bs_memo_free(t->memo_base, t->memo_len);
    memset(t, 0, sizeof *t);
}

/* The table's arrays once the counts are known; -1 when memory runs out. */
static int table_alloc(bs_table *t) {
    size_t n = (size_t)t->options, K = (size_t)t->others, W = (size_t)t->words;
    t->mask = calloc(n * W + 1, sizeof(bs_word));
    t->border = calloc(n * W + 1, sizeof(bs_word));
    t->number = malloc((n + 1) * sizeof(int));
    t->tally = malloc((n + 1) * sizeof(int));
    t->pslot = malloc((n + 1) * sizeof(int));
    t->place = malloc((n + 1) * sizeof(int));
    t->holding = calloc(K + 2, sizeof(int));
    t->nbr_n = calloc((size_t)t->positions + 1, sizeof(int));
    t->nbr = calloc((size_t)t->positions + 1, sizeof *t->nbr);
    t->cover_at = calloc((size_t)t->positions + 2, sizeof(int));
    t->lo = malloc((K + 1) * sizeof(int));
    t->hi = malloc((K + 1) * sizeof(int));
    t->class_of = malloc((K + 1) * sizeof(int));
    return t->mask && t->border && t->number && t->tally && t->pslot && t->place &&
                   t->holding && t->nbr_n && t->nbr && t->cover_at && t->lo && t->hi && t->class_of
               ? 0
               : -1;
}

/* Sort the items into cells and others (numbered in `other`); -2 for a cell out of range,
   twice or not bounded 0..1 or 1..1, or too many others. */
static int sort_items(bs_table *t, const int *position, const int *lo, const int *hi,
                      const char *primary, int *other) {
    t->others = 0;
    for (int i = 0; i < t->items; i++) {
        int p = position[i];
        other[i] = -1;
        if (p < 0) {
            if (t->others == BS_MAX_OTHERS || hi[i] < 1 || lo[i] > hi[i]) return -2;
            other[i] = t->others++;
            continue;
        }
        if (p >= t->positions || BIT(t->cells, p) || hi[i] != 1 || lo[i] != (primary[i] != 0))
            return -2;
        SET(t->cells, p);
        if (primary[i]) SET(t->primary, p);
        else SET(t->secondary, p);
    }
    t->cwords = t->positions <= 64 ? 1 : t->positions <= 128 ? 2 : 4;
    t->obase = 64 * t->cwords;
    t->words = t->cwords + (t->others == 0 ? 0 : t->others <= 64 ? 1 : 4);
    return 0;
}

/* The others' bounds and the masks of the counted and the required ones. */
static void other_bounds(bs_table *t, const int *lo, const int *hi, const int *other) {
    for (int i = 0; i < t->items; i++) {
        int o = other[i];
        if (o < 0) continue;
        t->lo[o] = lo[i];
        t->hi[o] = hi[i];
        if (hi[i] > 1) SET(t->counted, t->obase + o);
        if (hi[i] > 1 && lo[i] > 0) t->counted_lo++;
        if (hi[i] == 1 && lo[i] == 1) SET(t->required, t->obase + o);
    }
}

/* Per option: its mask (cells and others), least primary cell (positions for none; one more
   for an option without any primary item, which no solution holds, as in Knuth's programs)
   and whether it holds a counted other. */
static int read_options(bs_table *t, const int *position, const int *other, const char *primary,
                        const int *lengths, const int *numbers, bs_word *masks, int *least,
                        int *tally) {
    int W = t->words;
    for (int o = 0, q = 0; o < t->options; q += lengths[o], o++) {
        bs_word *m = masks + (size_t)o * W;
        least[o] = t->positions + 1;
        tally[o] = 0;
        for (int j = 0; j < lengths[o]; j++) {
            int i = numbers[q + j];
            if (i < 0 || i >= t->items) return -2;
            int bit = position[i] >= 0 ? position[i] : t->obase + other[i];
            if (BIT(m, bit)) return -2;
            SET(m, bit);
            if (position[i] >= 0 && BIT(t->primary, bit) && bit < least[o]) least[o] = bit;
            if (position[i] < 0 && primary[i] && least[o] > t->positions) least[o] = t->positions;
            tally[o] |= position[i] < 0 && t->hi[other[i]] > 1;
        }
    }
    return 0;
}

/* Lay the options out by least primary cell (final options after, then those without a
   primary item), in order within each; `anchored` gets each cell's first layout index. */
static int lay_out(bs_table *t, const int *least, const bs_word *masks, const int *tally,
                   int *anchored) {
    int n = t->options, P = t->positions, W = t->words;
    for (int c = 0; c <= P + 2; c++) anchored[c] = 0;
    for (int o = 0; o < n; o++) anchored[least[o] + 1]++;
    for (int c = 0; c <= P + 1; c++) anchored[c + 1] += anchored[c];
    t->final_begin = anchored[P];
    t->final_end = anchored[P + 1];
    int *fill = malloc(((size_t)P + 3) * sizeof(int));
    if (fill == NULL) return -1;
    memcpy(fill, anchored, ((size_t)P + 3) * sizeof(int));
    for (int o = 0; o < n; o++) {
        int k = fill[least[o]]++;
        t->place[o] = k;
        t->number[k] = o;
        t->tally[k] = tally[o];
        memcpy(t->mask + (size_t)k * W, masks + (size_t)o * W, (size_t)W * sizeof(bs_word));
    }
    free(fill);
    return 0;
}

/* The bits of m at positions from..from+w-1 (w < 64), `beyond` (0 or all ones) past the
   table's words. */
static bs_word window_of(const bs_table *t, const bs_word *m, int from, int w, bs_word beyond) {
    int i = from >> 6, off = from & 63;
    bs_word v = i < t->cwords ? m[i] >> off : beyond;
    if (off && off + w > 64) v |= (i + 1 < t->cwords ? m[i + 1] : beyond) << (64 - off);
    return v & (((bs_word)1 << w) - 1);
}

/* How many entries the cells' lists take with a window of w positions. */
static long long entries_for(const bs_table *t, int w, const bs_word *fixed,
                             const int *anchored) {
    long long total = 0;
    for (int c = 0; c < t->positions; c++) {
        bs_word shown = window_of(t, fixed, c + 1, w, ~(bs_word)0);
        int held = __builtin_popcountll(shown);
        for (int k = anchored[c]; k < anchored[c + 1]; k++) {
            bs_word mine = window_of(t, t->mask + (size_t)k * t->words, c + 1, w, 0) & ~shown;
            total += 1LL << (w - held - __builtin_popcountll(mine));
        }
    }
    return total;
}

/* The most entries a kind of list may take: `copies` of each option (and some), within
   BS_LIST_BYTES. */
static long long entry_cap(const bs_table *t, int copies) {
    long long most = BS_LIST_BYTES / (8LL * t->cwords + 8);
    long long cap = (long long)copies * t->options + 65536;
    return cap < most ? cap : most;
}

/* Lists being made: the entries and runs so far. */
typedef struct {
    int entries, runs, first; /* counts, and the first run of the list being made */
} lists_made;

/* Append layout option k to the list being made: a new run where its others differ from the
   last entry's. */
static void add_entry(bs_table *t, lists_made *l, int k) {
    int C = t->cwords, O = t->words - C, e = l->entries++, same = l->runs > l->first;
    const bs_word *m = t->mask + (size_t)k * t->words;
    bs_word *to = t->emask + (size_t)e * C;
    t->entry[e] = k;
    for (int i = 0; i < C; i++) to[i] = m[i]; /* (a word or four: no call to the library) */
    if (t->eother != NULL) t->eother[e] = m[C];
    const bs_word *last = same ? t->romask + (size_t)(l->runs - 1) * O : NULL;
    for (int i = 0; same && i < O; i++) same = last[i] == m[C + i];
    if (!same) {
        t->rstart[l->runs] = e;
        bs_word *run = t->romask + (size_t)l->runs * O;
        for (int i = 0; i < O; i++) run[i] = m[C + i];
        l->runs++;
    }
}

/* Start a list (of runs) at the runs made so far. */
static int start_list(lists_made *l) {
    l->first = l->runs;
    return l->runs;
}

/* Each cell's lists under every pattern its window can show (a pattern leaving a position
   without a cell free never shows). */
static void cell_lists(bs_table *t, const int *anchored, lists_made *l, bs_word *mine) {
    bs_word fixed[BS_MAX_WORDS];
    for (int i = 0; i < BS_MAX_WORDS; i++) fixed[i] = ~t->cells[i];
    for (int c = 0; c < t->positions; c++) {
        bs_word shown = t->shown[c] = window_of(t, fixed, c + 1, t->window, ~(bs_word)0);
        int first = anchored[c], n = anchored[c + 1] - first;
        for (int j = 0; j < n; j++) /* each option's window, worked out once for every pattern */
            mine[j] = window_of(t, t->mask + (size_t)(first + j) * t->words, c + 1, t->window, 0) &
                      ~shown;
        for (bs_word p = 0; p < (bs_word)1 << t->window; p++) {
            t->heads[(size_t)c << t->window | p] = start_list(l);
            if ((p & shown) != shown) continue;
            for (int j = 0; j < n; j++)
                if (!(mine[j] & p)) add_entry(t, l, first + j);
        }
    }
    t->heads[(size_t)t->positions << t->window] = l->runs;
}

/* The pattern of the options of layout index k on cell p's neighbours. */
static int on_neighbours(const bs_table *t, int p, int k) {
    const bs_word *m = t->mask + (size_t)k * t->words;
    int q = 0;
    for (int j = 0; j < t->nbr_n[p]; j++) q |= (int)BIT(m, t->nbr[p][j]) << j;
    return q;
}

/* How many entries the lists of the options covering each primary cell take. */
static long long cover_entries(const bs_table *t) {
    long long total = 0;
    for (int k = 0; k < t->final_begin; k++)
        for (int i = 0; i < t->cwords; i++)
            for (bs_word w = t->mask[(size_t)k * t->words + i] & t->primary[i]; w; w &= w - 1) {
                int p = i * 64 + __builtin_ctzll(w);
                total += 1LL << (t->nbr_n[p] - __builtin_popcount(on_neighbours(t, p, k)));
            }
    return total;
}

/* Cell p's lists, one per pattern q of its neighbours, from its entries [from, to) of `at`
   (options by number) with their patterns: list q holds, in order, those whose pattern misses
   q. Each entry is filed under every q within the complement of its pattern (counted, then
   placed, into `slot`), so the work is the lists' length, not their number times the entries. */
static void cover_cell(bs_table *t, lists_made *l, int p, int from, int to, const int *at,
                       const int *pattern, int *slot) {
    int full = (1 << t->nbr_n[p]) - 1, end[(1 << BS_NEAR) + 1] = {0};
    for (int j = from; j < to; j++)
        for (int free = full & ~pattern[j], q = free;; q = (q - 1) & free) {
            end[q]++;
            if (!q) break;
        }
    for (int q = 0, sum = 0; q <= full; q++) sum += end[q], end[q] = sum - end[q]; /* starts */
    for (int j = from; j < to; j++)
        for (int free = full & ~pattern[j], q = free;; q = (q - 1) & free) {
            slot[end[q]++] = at[j]; /* (end[q]: where list q ends, once all are placed) */
            if (!q) break;
        }
    for (int q = 0, e = 0; q <= full; q++) {
        t->cover_heads[t->cover_at[p] + q] = start_list(l);
        for (; e < end[q]; e++) add_entry(t, l, slot[e]);
    }
}

/* Each primary cell's lists of the options covering it (those without a primary item left
   out), by option number, one per pattern of its neighbours: the options that cover none of
   the neighbours the pattern holds covered. 0, or -1 when memory runs out. */
static int cover_lists(bs_table *t, lists_made *l) {
    int P = t->positions, heads = 0;
    for (int p = 0; p < P; p++) t->cover_at[p] = heads, heads += 1 << t->nbr_n[p];
    t->cover_at[P] = heads;
    t->cover_heads = malloc(((size_t)heads + 1) * sizeof(int));
    int *start = calloc((size_t)P + 2, sizeof(int)), *at = NULL;
    for (int k = 0; start != NULL && k < t->final_begin; k++) /* each cell's options: bucketed */
        for (int i = 0; i < t->cwords; i++)
            for (bs_word w = t->mask[(size_t)k * t->words + i] & t->primary[i]; w; w &= w - 1)
                start[i * 64 + __builtin_ctzll(w) + 1]++;
    for (int p = 0; start != NULL && p < P; p++) start[p + 1] += start[p];
    int *pattern = NULL;
    if (start != NULL) at = malloc(((size_t)start[P] + 1) * sizeof(int));
    if (start != NULL) pattern = malloc(((size_t)start[P] + 1) * sizeof(int));
    if (t->cover_heads == NULL || at == NULL || pattern == NULL) {
        free(start);
        free(at);
        free(pattern);
        return -1;
    }
    for (int o = 0; o < t->options; o++) { /* by option number */
        int k = t->place[o];
        if (k >= t->final_begin) continue;
        for (int i = 0; i < t->cwords; i++)
            for (bs_word w = t->mask[(size_t)k * t->words + i] & t->primary[i]; w; w &= w - 1)
                at[start[i * 64 + __builtin_ctzll(w)]++] = k;
    }
    size_t most = 1; /* the most entries one cell's lists take */
    for (int j = 0, p = 0; p < P; p++) { /* each entry's pattern, worked out once */
        size_t entries = 0;
        for (; j < start[p]; j++) {
            pattern[j] = on_neighbours(t, p, at[j]);
            entries += (size_t)1 << (t->nbr_n[p] - __builtin_popcount(pattern[j]));
        }
        if (entries > most) most = entries;
    }
    int *slot = malloc(most * sizeof(int));
    for (int p = 0, from = 0; slot != NULL && p < P; from = start[p], p++) /* start[p]: p's end */
        cover_cell(t, l, p, from, start[p], at, pattern, slot);
    int made = slot != NULL;
    if (made) t->cover_heads[heads] = l->runs;
    free(start);
    free(at);
    free(pattern);
    free(slot);
    return made ? 0 : -1;
}

/* Each primary cell's pattern cells: the BS_NEAR cells covered most often by the options
   covering it (the least position first on ties), and how many, fewer where the lists would
   pass the limit on their entries (a few copies of each option covering a cell). A list then
   holds the options that can fit given which of those are covered; its count is the same
   whichever cells file it, and the fewer options it holds that cannot, the fewer are tested. */
static int neighbour_patterns(bs_table *t, const int *counts) {
    if (counts == NULL) return 0;
    const int P = t->positions;
    int *often = malloc(((size_t)P + 1) * sizeof(int));
    if (often == NULL) return -1;
    for (int p = 0; p < P; p++) {
        if (!BIT(t->primary, p)) continue;
        memset(often, 0, (size_t)P * sizeof(int));
        for (int k = 0; k < t->final_begin; k++) {
            const bs_word *m = t->mask + (size_t)k * t->words;
            if (!BIT(m, p)) continue;
            for (int i = 0; i < t->cwords; i++)
                for (bs_word w = m[i] & t->cells[i]; w; w &= w - 1)
                    often[i * 64 + __builtin_ctzll(w)]++;
        }
        often[p] = 0;
        while (t->nbr_n[p] < BS_NEAR) {
            int best = -1;
            for (int q = 0; q < P; q++)
                if (often[q] > 0 && (best < 0 || often[q] > often[best])) best = q;
            if (best < 0) break;
            t->nbr[p][t->nbr_n[p]++] = best;
            often[best] = 0;
        }
    }
    free(often);
    for (int most = BS_NEAR - 1; most >= 0 && cover_entries(t) > entry_cap(t, 16); most--)
        for (int p = 0; p < P; p++)
            if (t->nbr_n[p] > most) t->nbr_n[p] = most;
    return 0;
}

/* Each other's list (its options, by option number), then the final options' list. */
static int other_lists(bs_table *t, const int *lengths, const int *numbers, const int *other,
                       lists_made *l) {
    int *held = calloc((size_t)t->others + 2, sizeof(int)), *at, total = 0;
    if (held == NULL) return -1;
    for (int o = 0, q = 0; o < t->options; q += lengths[o], o++)
        for (int j = 0; j < lengths[o]; j++)
            if (other[numbers[q + j]] >= 0) held[other[numbers[q + j]] + 1]++;
    for (int o = 0; o < t->others; o++) held[o + 1] += held[o];
    total = held[t->others];
    at = malloc(((size_t)total + 1) * sizeof(int));
    if (at == NULL) {
        free(held);
        return -1;
    }
    for (int o = 0, q = 0; o < t->options; q += lengths[o], o++)
        for (int j = 0; j < lengths[o]; j++)
            if (other[numbers[q + j]] >= 0) at[held[other[numbers[q + j]]]++] = t->place[o];
    for (int o = 0, j = 0; o < t->others; o++) { /* held[o] is now where o's options end */
        t->holding[o] = start_list(l);
        for (; j < held[o]; j++) add_entry(t, l, at[j]);
    }
    t->holding[t->others] = l->runs;
    if (cover_lists(t, l) < 0) {
        free(held);
        free(at);
        return -1;
    }
    t->finals = start_list(l);
    for (int k = t->final_begin; k < t->final_end; k++) add_entry(t, l, k);
    t->nruns = l->runs;
    t->rstart[l->runs] = l->entries;
    free(held);
    free(at);
    return 0;
}

/* The lists: each cell's by pattern, with the widest window whose entries stay within a few
   copies of each option; each other's; the final options'. */
static int make_lists(bs_table *t, const int *anchored, const int *lengths, const int *numbers,
                      const int *other, const int *counts) {
    if (neighbour_patterns(t, counts) < 0) return -1;
    bs_word fixed[BS_MAX_WORDS];
    for (int i = 0; i < BS_MAX_WORDS; i++) fixed[i] = ~t->cells[i];
    long long cap = entry_cap(t, 16), cells = 0, held = 0;
    t->window = BS_MAX_WINDOW;
    while (t->window > 0 && (cells = entries_for(t, t->window, fixed, anchored)) > cap)
        t->window--;
    if (t->window == 0) cells = t->final_begin;
    for (int o = 0, q = 0; o < t->options; q += lengths[o], o++)
        for (int j = 0; j < lengths[o]; j++) held += other[numbers[q + j]] >= 0;
    long long covering = cover_entries(t);
    size_t total = (size_t)cells + (size_t)held + (size_t)covering +
                   (size_t)(t->options - t->final_begin) + 1;
    size_t heads = ((size_t)t->positions << t->window) + 1, O = (size_t)(t->words - t->cwords);
    t->heads = malloc(heads * sizeof(int));
    t->shown = malloc(((size_t)t->positions + 1) * sizeof(bs_word));
    t->emask = malloc((total * t->cwords + 1) * sizeof(bs_word));
    t->entry = malloc((total + 1) * sizeof(int));
    t->romask = malloc((total * O + 1) * sizeof(bs_word));
    t->rstart = malloc((total + 1) * sizeof(int));
    if (O == 1 && (t->eother = malloc((total + 1) * sizeof(bs_word))) == NULL) return -1;
    if (!t->heads || !t->shown || !t->emask || !t->entry || !t->romask || !t->rstart) return -1;
    bs_word *mine = malloc(((size_t)t->options + 1) * sizeof(bs_word));
    if (mine == NULL) return -1;
    lists_made l = {0, 0, 0};
    cell_lists(t, anchored, &l, mine);
    free(mine);
    return other_lists(t, lengths, numbers, other, &l);
}

/* Whether the cells of m are connected through the neighbour lists (`at`, `nb`). */
static int connected(const bs_table *t, const bs_word *m, const int *at, const int *nb,
                     int *todo) {
    bs_word seen[BS_MAX_WORDS] = {0};
    int first = -1, count = 0, total = 0;
    for (int i = 0; i < t->cwords; i++)
        for (bs_word w = m[i]; w; w &= w - 1) {
            total++;
            if (first < 0) first = i * 64 + __builtin_ctzll(w);
        }
    if (first < 0) return 0;
    SET(seen, first);
    todo[count++] = first;
    for (int j = 0; j < count; j++)
        for (int e = at[todo[j]]; e < at[todo[j] + 1]; e++)
            if (BIT(m, nb[e]) && !BIT(seen, nb[e])) {
                SET(seen, nb[e]);
                todo[count++] = nb[e];
            }
    return count == total;
}

/* The piece of layout option k (its one primary other; -1 if none, -2 if several) and its
   number of cells. */
static int piece_of(const bs_table *t, int k, const char *primary_other, int *cells) {
    const bs_word *m = t->mask + (size_t)k * t->words;
    int piece = -1;
    *cells = 0;
    for (int i = 0; i < t->words; i++)
        for (bs_word w = m[i]; w; w &= w - 1) {
            int bit = i * 64 + __builtin_ctzll(w), o = bit - t->obase;
            if (o < 0) ++*cells;
            else if (primary_other[o]) piece = piece == -1 ? o : -2;
        }
    return piece;
}

/* Whether the region checks are sound: every option's cells connected, and every option
   holding exactly one primary other, all of whose options have its size; the size classes
   and their masks. */
static int regions_sound(bs_table *t, const int *at, const int *nb, const char *primary_other) {
    int *size = malloc(((size_t)t->others + 1) * sizeof(int));
    int *todo = malloc(((size_t)t->positions + 1) * sizeof(int));
    int ok = size != NULL && todo != NULL ? 1 : -1;
    for (int o = 0; ok > 0 && o < t->others; o++) size[o] = -1;
    for (int k = 0; ok > 0 && k < t->options; k++) {
        int cells, piece = piece_of(t, k, primary_other, &cells);
        ok = piece >= 0 && cells > 0 && (size[piece] < 0 || size[piece] == cells) &&
             connected(t, t->mask + (size_t)k * t->words, at, nb, todo);
        if (ok) size[piece] = cells;
    }
    for (int o = 0; ok > 0 && o < t->others; o++) {
        if (size[o] < 0) continue;
        int c = 0;
        while (c < t->nclasses && t->class_size[c] != size[o]) c++;
        if (c == BS_MAX_CLASSES) ok = 0;
        else if (c == t->nclasses) t->class_size[t->nclasses++] = size[o];
        t->class_of[o] = c;
        if (ok) SET(t->class_mask[c], t->obase + o);
    }
    for (int k = 0; ok > 0 && k < t->options; k++) {
        int cells, piece = piece_of(t, k, primary_other, &cells);
        t->pslot[k] = t->class_of[piece];
    }
    t->reach = 1;
    for (int c = 0; ok > 0 && c < t->nclasses; c++)
        for (int j = 0; j < 64; j++)
            if (t->reach >> j & 1 && j + t->class_size[c] < 64) t->reach |= 1ULL << (j + t->class_size[c]);
    free(size);
    free(todo);
    return ok;
}

/* Each option's border: the cells next to its cells, off it. */
static void make_borders(bs_table *t, const int *at, const int *nb) {
    for (int k = 0; k < t->options; k++) {
        const bs_word *m = t->mask + (size_t)k * t->words;
        bs_word *b = t->border + (size_t)k * t->cwords;
        for (int i = 0; i < t->cwords; i++)
            for (bs_word w = m[i]; w; w &= w - 1) {
                int p = i * 64 + __builtin_ctzll(w);
                for (int e = at[p]; e < at[p + 1]; e++)
                    if (!BIT(m, nb[e])) SET(b, nb[e]);
            }
    }
}

/* The neighbours' masks, and the checks where they are sound; 0, -1 out of memory, -2 for a
   neighbour out of range. */
static int adjacency(bs_table *t, const int *counts, const int *neighbours,
                     const char *primary_other) {
    int *at = malloc(((size_t)t->positions + 1) * sizeof(int)), r = 0;
    if (at == NULL) return -1;
    at[0] = 0;
    for (int p = 0; p < t->positions; p++) at[p + 1] = at[p] + counts[p];
    for (int e = 0; e < at[t->positions]; e++)
        if (neighbours[e] < 0 || neighbours[e] >= t->positions) r = -2;
    t->near = r == 0 ? calloc((size_t)t->positions * t->cwords + 1, sizeof(bs_word)) : NULL;
    if (r == 0 && t->near == NULL) r = -1;
    for (int p = 0; r == 0 && p < t->positions; p++)
        for (int e = at[p]; e < at[p + 1]; e++)
            if (BIT(t->cells, neighbours[e])) SET(t->near + (size_t)p * t->cwords, neighbours[e]);
    int sound = r == 0 ? regions_sound(t, at, neighbours, primary_other) : 0;
    if (sound < 0) r = -1;
    if (r == 0) make_borders(t, at, neighbours);
    if (sound > 0) t->regions = 1;
    else {
        t->nclasses = 0;
        for (int o = 0; o < t->others; o++) t->class_of[o] = -1;
        for (int k = 0; k < t->options; k++) t->pslot[k] = BS_MAX_CLASSES;
    }
    free(at);
    return r;
}

/* Build the table: `items` items, item i at cell `position[i]` (-1: an other), bounds lo..hi,
   primary or not; `options` options, the o-th naming lengths[o] items of `numbers`; cells at
   positions below `positions`, each with neighbour_counts[p] neighbours listed in order in
   `neighbours` (NULL: none given, no region checks). 0; -1 when memory runs out; -2 for input
   out of range (the table is then freed). */
int bs_table_init(bs_table *t, int items, const int *position, const int *lo, const int *hi,
                  const char *primary, int options, const int *lengths, const int *numbers,
                  int positions, const int *neighbour_counts, const int *neighbours) {
    memset(t, 0, sizeof *t);
    if (positions < 1 || positions > BS_MAX_CELLS || options < 0 || items < 1) return -2;
    t->items = items;
    t->options = options;
    t->positions = positions;
    int *other = malloc((size_t)items * sizeof(int)), *tally = NULL, *least = NULL;
    int *anchored = malloc(((size_t)positions + 3) * sizeof(int));
    char *primary_other = malloc((size_t)items + 1);
    bs_word *masks = NULL;
    int r = other && anchored && primary_other ? 0 : -1;
    if (r == 0) r = sort_items(t, position, lo, hi, primary, other);
    if (r == 0) {
        least = malloc(((size_t)options + 1) * sizeof(int));
        tally = malloc(((size_t)options + 1) * sizeof(int));
        masks = calloc((size_t)options * t->words + 1, sizeof(bs_word));
        r = least && tally && masks ? table_alloc(t) : -1;
    }
    for (int i = 0; r == 0 && i < items; i++)
        if (other[i] >= 0) primary_other[other[i]] = primary[i] != 0;
    if (r == 0) {
        other_bounds(t, lo, hi, other);
        r = read_options(t, position, other, primary, lengths, numbers, masks, least, tally);
    }
    if (r == 0) r = lay_out(t, least, masks, tally, anchored);
    if (r == 0) r = make_lists(t, anchored, lengths, numbers, other, neighbour_counts);
    for (int o = 0; r == 0 && o < t->others; o++) t->class_of[o] = -1;
    for (int k = 0; r == 0 && k < options; k++) t->pslot[k] = BS_MAX_CLASSES;
    if (r == 0 && neighbour_counts != NULL)
        r = adjacency(t, neighbour_counts, neighbours, primary_other);
    free(other);
    free(tally);
    free(least);
    free(anchored);
    free(primary_other);
    free(masks);
    if (r < 0) bs_table_free(t);
    return r;
}

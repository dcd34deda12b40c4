/* search.c: one search of a table (bitset.h): its state, the counted others, and the search
   itself (dance.h, once per board width); then what the search tells from its path: each
   level's options (for a budget's frontier and the progress estimate) and Knuth's
   random-path estimate of its tree (for choosing a plan). dlx/engines/bitset/twin.py is the
   reference it is tested against: the same solutions in the same order, the same nodes,
   updates and profile. */

#include "bitset.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#define UNLIKELY(x) (x)
#endif

enum { FORWARD, ADVANCE, BACKUP };

/* The memo's hash of a key (the Python twin's is the same): each word mixed in by xor and
   this multiplier (SplitMix64's), from this seed, then the high bits folded down. */
#define MEMO_SEED 0x9E3779B97F4A7C15ULL
#define MEMO_MULTIPLIER 0xBF58476D1CE4E5B9ULL

/* The cells of a word: the library's popcount is a call where the processor's instruction is
   not assumed (x86-64's baseline has none). */
static ALWAYS_INLINE int ones(bs_word x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* Count the counted others of layout option k once more (child is the board below it, which
   gets the bit of each that has no room left), or once less (`back`). */
static NOINLINE void tally(bs_search *s, int k, bs_word *child, int back) {
    const bs_table *t = s->t;
    const bs_word *m = t->mask + (size_t)k * t->words;
    for (int i = 0; i < t->words; i++)
        for (bs_word w = m[i] & t->counted[i]; w; w &= w - 1) {
            int o = i * 64 + __builtin_ctzll(w) - t->obase;
            int room = s->room[o], lo = t->lo[o], wanted = t->hi[o] - lo;
            if (back) {
                s->unmet += lo > 0 && room == wanted; /* the count falls below lo again */
                s->room[o] = room + 1;
            } else {
                s->unmet -= lo > 0 && room == wanted + 1; /* the count reaches lo */
                s->room[o] = room - 1;
                if (room == 1) child[i] |= w & (0 - w);
            }
        }
}

/* Whether `size` cells can be covered by the pieces left on the board `board` (each class's
   size, as many times as it has pieces left: those of its bits not set, and the rooms of
   the counted ones); sizes no sum of the classes' sizes reaches fail at once. */
static int achievable(const bs_search *s, const bs_word *board, int size) {
    const bs_table *t = s->t;
    if (!(t->reach >> size & 1)) return 0;
    uint64_t sums = 1; /* bit j: j cells can be covered (j < 64: size <= region_limit < 64) */
    for (int c = 0; c < t->nclasses; c++) {
        int left = 0;
        for (int i = 0; i < t->words; i++) {
            bs_word w = t->class_mask[c][i];
            left += ones(w & ~board[i] & ~t->counted[i]);
            for (bs_word v = w & t->counted[i]; v; v &= v - 1)
                left += s->room[i * 64 + __builtin_ctzll(v) - t->obase];
        }
        if (t->nclasses == 1) return size % t->class_size[0] == 0 && size / t->class_size[0] <= left;
        uint64_t more = sums;
        for (; left > 0 && more; left--) {
            more = t->class_size[c] < 64 ? more << t->class_size[c] : 0;
            sums |= more;
        }
    }
    return (int)(sums >> size & 1);
}

/* The search for each width: WC words of cells, W words in all (those of the others after). */
#define WC 1
#define W 1
#define NAME(f) f##_1_1
#include "dance.h"
#undef W
#undef NAME
#define W 2
#define NAME(f) f##_1_2
#include "dance.h"
#undef W
#undef NAME
#define W 5
#define NAME(f) f##_1_5
#include "dance.h"
#undef W
#undef NAME
#undef WC
#define WC 2
#define W 2
#define NAME(f) f##_2_2
#include "dance.h"
#undef W
#undef NAME
#define W 3
#define NAME(f) f##_2_3
#include "dance.h"
#undef W
#undef NAME
#define W 6
#define NAME(f) f##_2_6
#include "dance.h"
#undef W
#undef NAME
#undef WC
#define WC 4
#define W 4
#define NAME(f) f##_4_4
#include "dance.h"
#undef W
#undef NAME
#define W 5
#define NAME(f) f##_4_5
#include "dance.h"
#undef W
#undef NAME
#define W 8
#define NAME(f) f##_4_8
#include "dance.h"
#undef W
#undef NAME
#undef WC

/* Each width's functions, by the table's widths. */
#define DISPATCH(t, f, ...)                                                                   \
    ((t)->cwords == 1   ? ((t)->words == 1   ? f##_1_1(__VA_ARGS__)                            \
                           : (t)->words == 2 ? f##_1_2(__VA_ARGS__)                            \
                                             : f##_1_5(__VA_ARGS__))                           \
     : (t)->cwords == 2 ? ((t)->words == 2   ? f##_2_2(__VA_ARGS__)                            \
                           : (t)->words == 3 ? f##_2_3(__VA_ARGS__)                            \
                                             : f##_2_6(__VA_ARGS__))                           \
                        : ((t)->words == 4   ? f##_4_4(__VA_ARGS__)                            \
                           : (t)->words == 5 ? f##_4_5(__VA_ARGS__)                            \
                                             : f##_4_8(__VA_ARGS__)))

/* Run on to the next solution: BS_SOLUTION (its options in opts[0..base+level)), BS_DONE
   (status EXHAUSTED or BUDGET), BS_ERROR (the poll's), or BS_PAUSED (after a poll, when
   `pause` asked for it: call again to go on). */
int bs_run(bs_search *s) {
    if (s->status != BS_RUNNING) return BS_DONE;
    return DISPATCH(s->t, run, s);
}

static int next_any(bs_search *s, int level, long long *updates) {
    return DISPATCH(s->t, next, s, level, updates);
}

static int decide_any(bs_search *s, int level, int *solution) {
    return DISPATCH(s->t, decide, s, level, solution);
}

/* Give back the counted others of the option taken at `level` (the search backs up over it). */
static void untake(bs_search *s, int level) {
    int k = s->lv[level].chosen;
    if (s->t->tally[k]) tally(s, k, NULL, 1);
}

/* Take layout option k below the node at `level` without checks (the board below written). */
static void retake(bs_search *s, int level, int k) {
    const bs_table *t = s->t;
    const bs_word *B = s->board + (size_t)level * t->words, *m = t->mask + (size_t)k * t->words;
    bs_word *child = s->board + (size_t)(level + 1) * t->words;
    for (int i = 0; i < t->words; i++) child[i] = B[i] | (m[i] & ~t->counted[i]);
    if (t->tally[k]) tally(s, k, child, 0);
}

void bs_search_free(bs_search *s) {
    free(s->board);
    free(s->lv);
    free(s->room);
    free(s->plan);
    free(s->watch);
    free(s->opts);
    free(s->profile);
    if (s->lender != NULL) s->lender->memo_lent = 0; /* (its memo stays with the table) */
    else bs_memo_free(s->memo_base, s->memo_len);
    memset(s, 0, sizeof *s);
}

/* Let search s (just set up on table t) keep its memo of failures in t's, shared with the
   searches of t that asked before and after it, where t's is not held by another search now:
   1, or 0 where s keeps its own (or has none: counted others). */
int bs_search_share(bs_search *s, bs_table *t) {
    if (s->t != t || s->memo == NULL || s->lender != NULL || t->memo_lent) return 0;
    if (t->memo == NULL) { /* the first to ask: its memo becomes the table's */
        t->memo = s->memo;
        t->memo_mask = s->memo_mask;
        t->memo_base = s->memo_base;
        t->memo_len = s->memo_len;
    } else {
        bs_memo_free(s->memo_base, s->memo_len);
        s->memo = t->memo;
        s->memo_mask = t->memo_mask;
        s->memo_guarded = t->memo_guarded;
    }
    s->memo_base = NULL;
    s->memo_len = 0;
    t->memo_lent = 1;
    s->lender = t;
    return 1;
}

/* Let table t keep its memo of failures in `block`, `bytes` of zeros (or of a memo of the same
   table) that other processes map too, as guarded slots (bitset.h): as many as a search's own
   memo of `want` bytes holds (memo_alloc), fewer where `bytes` holds fewer. 1; 0 where t has
   no memo (counted others), or a search holds its memo now, or the block holds no slot. The
   caller keeps the block mapped while t lives. */
int bs_table_adopt_memo(bs_table *t, bs_word *block, size_t bytes, long long want) {
    for (int i = 0; i < t->words; i++)
        if (t->counted[i]) return 0;
    if (t->memo_lent || want <= 0) return 0;
    if (want > BS_MEMO_BOUND) want = BS_MEMO_BOUND;
    size_t slot = sizeof(bs_word) * ((size_t)t->words + 1), slots = 1;
    size_t most = (size_t)want / (sizeof(bs_word) * (size_t)t->words);
    while (slots * 2 <= most) slots *= 2;
    while (slots > 0 && slots * slot > bytes) slots /= 2;
    if (slots == 0) return 0;
    bs_memo_free(t->memo_base, t->memo_len); /* (its own, if a search had left it one) */
    t->memo = block;
    t->memo_mask = slots - 1;
    t->memo_base = NULL;
    t->memo_len = 0;
    t->memo_guarded = 1;
    return 1;
}

/* Allocate a search's arrays: a level for each primary cell, plan piece and final option. */
static int search_alloc(bs_search *s, const bs_table *t, int ngivens, int nplan, int nwatch) {
    int cells = 0;
    for (int i = 0; i < t->words; i++) cells += ones(t->primary[i]);
    size_t depth = (size_t)cells + (size_t)(t->final_end - t->final_begin) + (size_t)nplan + 2;
    s->depth = (int)depth;
    s->board = calloc(depth * (size_t)t->words, sizeof(bs_word));
    s->lv = calloc(depth, sizeof(bs_level));
    s->room = malloc(((size_t)t->others + 1) * sizeof(int));
    s->plan = malloc(((size_t)nplan + 1) * sizeof(int));
    s->watch = malloc(((size_t)nwatch + 1) * sizeof(int));
    s->opts = malloc((depth + (size_t)ngivens) * sizeof(int));
    s->profile = calloc(depth, sizeof(long long));
    return s->board && s->lv && s->room && s->plan && s->watch && s->opts && s->profile ? 0 : -1;
}

#define HUGE_PAGE ((size_t)2 << 20)

/* A block of `bytes` zeros for a memo's slots, or NULL; its base and mapped length (0: from
   malloc) in *base and *len, for bs_memo_free. On Linux a block of a huge page or more is
   mapped at a huge page's bound and asked for in huge pages: a slot is a random place, and
   each 4 KB page's first touch cost about 4 us here (16 MB of slots: 16 ms, a TLB miss a
   node besides); in pages of 2 MB, eight touches. */
static bs_word *memo_pages(size_t bytes, void **base, size_t *len) {
    *len = 0;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_PAGE) {
        size_t mapped = bytes + HUGE_PAGE;
        void *p = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        uintptr_t at = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
        (void)madvise((void *)at, bytes, MADV_HUGEPAGE); /* (a hint: refused, 4 KB pages) */
        *base = p;
        *len = mapped;
        return (bs_word *)at;
    }
#endif
    *base = calloc(bytes, 1);
    return *base;
}

/* Give back a memo's block (memo_pages's base and length). */
void bs_memo_free(void *base, size_t len) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (len > 0) {
        munmap(base, len);
        return;
    }
#endif
    (void)len;
    free(base);
}

/* The memo of failures (bitset.h), where the table has no counted other and `bytes` is above
   0: the most slots, a power of two, of t->words words each within `bytes` (at least one, at
   most BS_MEMO_BOUND bytes). 0, or -1 when memory runs out. */
static int memo_alloc(bs_search *s, const bs_table *t, long long bytes) {
    for (int i = 0; i < t->words; i++)
        if (t->counted[i]) return 0;
    if (bytes <= 0) return 0;
    if (bytes > BS_MEMO_BOUND) bytes = BS_MEMO_BOUND;
    size_t slots = 1, most = (size_t)bytes / (sizeof(bs_word) * (size_t)t->words);
    while (slots * 2 <= most) slots *= 2;
    s->memo = memo_pages(slots * (size_t)t->words * sizeof(bs_word), &s->memo_base, &s->memo_len);
    s->memo_mask = slots - 1;
    return s->memo != NULL ? 0 : -1;
}

/* Take the givens (option numbers) in advance, onto the root's board: 1, or 0 when they do
   not go together, -1 when memory runs out. */
static int take_givens(bs_search *s, const int *givens, int ngivens) {
    const bs_table *t = s->t;
    char *seen = calloc((size_t)t->options + 1, 1);
    if (seen == NULL) return -1;
    int ok = 1;
    for (int g = 0; ok && g < ngivens; g++) {
        int k = t->place[givens[g]];
        const bs_word *m = t->mask + (size_t)k * t->words;
        ok = !seen[k]++;
        for (int i = 0; ok && i < t->words; i++) ok = (s->board[i] & m[i]) == 0;
        if (!ok) break;
        for (int i = 0; i < t->words; i++) s->board[i] |= m[i] & ~t->counted[i];
        if (t->tally[k]) tally(s, k, s->board, 0);
        s->opts[s->base++] = givens[g];
    }
    free(seen);
    return ok;
}

/* Whether `n` pieces are others bounded 1..1 (a plan's or a watch's). */
static int pieces_ok(const bs_table *t, const int *pieces, int n) {
    for (int j = 0; j < n; j++)
        if (pieces[j] < 0 || pieces[j] >= t->others || t->lo[pieces[j]] != 1 ||
            t->hi[pieces[j]] != 1)
            return 0;
    return 1;
}

/* A search of `t` after taking the options `givens` (uncounted), branching first on the
   pieces of `plan` (others bounded 1..1), then (`narrow`) on the narrowest cell near the first
   free one (or watched piece of `watch`), or on the first free one, checking regions of at
   most `region_limit` cells, with a memo of failures of about `memo_bytes` (none: 0): 0, or -1
   when memory ran out, -2 for a plan or watched piece out of range. Givens that clash leave it
   exhausted at once. */
int bs_search_init(bs_search *s, const bs_table *t, const int *givens, int ngivens,
                   const int *plan, int nplan, int narrow, const int *watch, int nwatch,
                   int region_limit, long long memo_bytes) {
    memset(s, 0, sizeof *s);
    s->t = t;
    s->node_cap = LLONG_MAX;
    s->status = BS_RUNNING;
    s->step = FORWARD;
    s->region_limit = region_limit < 0 ? 0 : region_limit > 63 ? 63 : region_limit;
    if (search_alloc(s, t, ngivens, nplan, nwatch) < 0 || memo_alloc(s, t, memo_bytes) < 0)
        return -1;
    if (!pieces_ok(t, plan, nplan) || !pieces_ok(t, watch, nwatch)) return -2;
    for (int j = 0; j < nplan; j++) s->plan[j] = plan[j];
    s->nplan = nplan;
    s->narrow = narrow && t->near != NULL;
    for (int j = 0; j < nwatch; j++) s->watch[j] = watch[j];
    s->nwatch = s->narrow ? nwatch : 0;
    for (int j = 0; j < 2; j++) s->given_last[j] = ngivens > j ? t->place[givens[ngivens - 1 - j]] : -1;
    for (int o = 0; o < t->others; o++) s->room[o] = t->hi[o];
    s->unmet = t->counted_lo;
    s->lv[0].bound = t->final_begin;
    for (int i = 0; i < t->words; i++) /* no cell: covered; an other's bit: clear */
        s->board[i] = i < t->cwords ? ~t->cells[i] : 0;
    int fit = take_givens(s, givens, ngivens);
    if (fit < 0) return -1;
    if (!fit) s->status = BS_EXHAUSTED;
    return 0;
}

/* Level k of the path (k < level): the options it branches on, in its order; those after the
   one it took written to out (unless NULL, as option numbers) in *n, how many came before that
   one in *before; returns how many it branches on in all. The counted others are wound back
   to level k and forward again, and the boards below it written again. */
static int level_options(bs_search *s, int k, int *out, int *n, int *before) {
    const bs_table *t = s->t;
    bs_level saved = s->lv[k];
    int degree = 0, seen = 0;
    long long none = 0;
    for (int l = s->level - 1; l >= k; l--) untake(s, l);
    s->lv[k].run = s->lv[k].begin;
    s->lv[k].cur = s->lv[k].kind == BS_FINAL ? t->rstart[t->finals] + s->lv[k].bound - t->final_begin : 0;
    *n = *before = 0;
    for (int o; (o = next_any(s, k, &none)) >= 0;) {
        untake(s, k);
        degree++;
        if (seen && out != NULL) out[(*n)++] = t->number[o];
        if (o == saved.chosen) seen = 1;
        else if (!seen) ++*before;
    }
    s->lv[k] = saved;
    for (int l = k; l < s->level; l++) retake(s, l, s->lv[l].chosen);
    return degree;
}

/* Level k of the path where the search stands (k < s->level): the option it took there in
   *taken, and in out[0..*n) the options it has yet to try there, in its order; returns the
   number of options it branches on there. `out` holds t->options numbers. */
int bs_level_options(bs_search *s, int k, int *out, int *n, int *taken) {
    int before;
    *taken = s->t->number[s->lv[k].chosen];
    return level_options(s, k, out, n, &before);
}

/* Knuth's estimate of the share of the tree searched, from the path: the options tried
   before the one taken at each level over all the level's options, weighted by the levels
   above. */
double bs_share(bs_search *s) {
    double share = 0, weight = 1;
    for (int k = 0; k < s->level; k++) {
        int n, before, degree = level_options(s, k, NULL, &n, &before);
        if (degree == 0) break;
        share += weight * before / degree;
        weight /= degree;
    }
    return share;
}

/* SplitMix64: the pseudo-random numbers of the estimate (the Python twin draws the same). */
uint64_t bs_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* One random path down the tree from the root (Knuth's estimate): each node's options listed,
   one taken at random, the node weighted by the product of the branchings above it; the path
   wound back. Adds the nodes, the options that fit and the cells counted by narrow choices,
   so weighted, to figures[0..3). */
static void probe(bs_search *s, uint64_t *state, int *buffer, double *figures) {
    double weight = 1;
    int level = 0;
    for (;;) {
        int solution, d = 0;
        long long fitted = 0, counted = s->counted;
        figures[0] += weight;
        if (decide_any(s, level, &solution))
            for (int o; (o = next_any(s, level, &fitted)) >= 0;) {
                untake(s, level);
                buffer[d++] = o;
            }
        figures[1] += weight * (double)fitted;
        figures[2] += weight * (double)(s->counted - counted);
    if (d == 0 || level + 1 >= s->depth) break;
        int o = buffer[bs_random(state) % (uint64_t)d];
        retake(s, level, o);
        s->lv[level].chosen = o;
        s->lv[level + 1].bound = s->lv[level].kind == BS_FINAL ? o + 1 : s->lv[level].bound;
        level++;
        weight *= d;
    }
    while (level > 0) untake(s, --level);
}

/* Knuth's estimate of the tree of a search not yet started: the mean over `probes` random
   paths (seeded by `seed`) of its nodes, of the options that fit at them and of the cells
   their narrow choices counted, in figures[0..3). 0, or -1 when memory runs out. */
int bs_estimate(bs_search *s, int probes, uint64_t seed, double *figures) {
    int *buffer = malloc(((size_t)s->t->options + 1) * sizeof(int));
    if (buffer == NULL) return -1;
    uint64_t state = seed;
    figures[0] = figures[1] = figures[2] = 0;
    for (int p = 0; p < probes && s->status == BS_RUNNING; p++) probe(s, &state, buffer, figures);
    for (int j = 0; probes > 0 && j < 3; j++) figures[j] /= probes;
    free(buffer);
    return 0;
}

/* search.c: Algorithm Z on bit sets (see zdd.h for the data). The search is Knuth's backtrack
   written with an explicit stack, since a solution may take thousands of levels: level l holds
   its state, the item it branches on, the option it tries and the chain of nodes made so far. */
#include "internal.h"

#define POLL_EVERY 4096

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

/* dance.h: the search for boards of W words, the first WC of them the cells' (bitset.h),
   included by search.c once per width so that every loop over a board's words has a constant
   trip count. Defines, for that width:
   NAME(decide), NAME(next) and NAME(run). Needs W, NAME, and search.c's tally, achievable,
   MEMO_SEED and MEMO_MULTIPLIER. */

/* Whether the cells of a and b share a bit. */
static ALWAYS_INLINE int NAME(clash_cells)(const bs_word *a, const bs_word *b) {
    bs_word x = 0;
    for (int i = 0; i < WC; i++) x |= a[i] & b[i];
    return x != 0;
}

/* Whether the others of a and b share a bit (each from its first word of others). */
static ALWAYS_INLINE int NAME(clash_others)(const bs_word *a, const bs_word *b) {
    bs_word x = 0;
    for (int i = 0; i < W - WC; i++) x |= a[i] & b[i];
    return x != 0;
}

/* Whether the node whose board is `child`, just reached by placing layout option k, passes
   the region checks: each region of free cells next to k that holds no secondary cell and at
   most `region_limit` cells must be the size of a sum of the pieces left. Each region is
   grown from a free cell next to k, a cell at a time through its neighbours' masks, until it
   stops, passes the limit or meets a region found too large before. */
static NOINLINE int NAME(region_ok)(const bs_search *s, const bs_word *child, int k) {
    const bs_table *t = s->t;
    const int limit = s->region_limit;
    const bs_word *restrict near = t->near, *border = t->border + (size_t)k * WC;
    bs_word free_[WC], seeds[WC], big[WC], any = 0;
    for (int i = 0; i < WC; i++) {
        free_[i] = t->cells[i] & ~child[i];
        seeds[i] = border[i] & free_[i];
        big[i] = 0;
        any |= seeds[i];
    }
    while (any) {
        bs_word r[WC], todo[WC], loose = 0, large = 0;
        int size = 0;
        for (int i = 0, found = 0; i < WC; i++) {
            r[i] = todo[i] = found ? 0 : seeds[i] & (0 - seeds[i]);
            found |= r[i] != 0;
        }
        for (;;) {
            int i = 0;
            while (i < WC - 1 && !todo[i]) i++;
            if (!todo[i] || large) break;
            int p = i * 64 + __builtin_ctzll(todo[i]);
            todo[i] &= todo[i] - 1;
            if (++size > limit) large = 1;
            const bs_word *n = near + (size_t)p * WC;
            for (int j = 0; j < WC; j++) {
                bs_word grown = n[j] & free_[j] & ~r[j];
                large |= grown & big[j];
                r[j] |= grown;
                todo[j] |= grown;
            }
        }
        any = 0;
        for (int i = 0; i < WC; i++) {
            loose |= r[i] & t->secondary[i];
            if (large) big[i] |= r[i];
            seeds[i] &= ~r[i];
            any |= seeds[i];
        }
        if (!large && !loose && !achievable(s, child, size)) return 0;
    }
    return 1;
}

/* The memo's slot for the board B (bitset.h), its key written to key[0..W); a guarded slot
   leads with its version word. */
static ALWAYS_INLINE bs_word *NAME(memo_slot)(const bs_search *s, const bs_word *B, bs_word *key) {
    uint64_t h = MEMO_SEED;
    for (int i = 0; i < W; i++) {
        key[i] = i < WC ? B[i] & s->t->cells[i] : B[i];
        h = (h ^ key[i]) * MEMO_MULTIPLIER;
    }
    return s->memo + (size_t)((h ^ h >> 29) & s->memo_mask) * (size_t)(W + s->memo_guarded);
}

/* Whether the guarded slot holds `key`, read between two readings of one even version (the
   seqlock's reader: a key another process writes meanwhile is not taken). */
static ALWAYS_INLINE int NAME(guarded_holds)(const bs_word *slot, const bs_word *key) {
    bs_word version = __atomic_load_n(slot, __ATOMIC_ACQUIRE), differ = version & 1;
    for (int i = 0; i < W; i++) differ |= __atomic_load_n(slot + 1 + i, __ATOMIC_RELAXED) ^ key[i];
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return !differ && __atomic_load_n(slot, __ATOMIC_RELAXED) == version;
}

/* Write `key` into the guarded slot, unless another process is writing it (the seqlock's
   writer: the version odd while the key is written, then even and past the old one). */
static ALWAYS_INLINE void NAME(guarded_put)(bs_word *slot, const bs_word *key) {
    bs_word version = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if (version & 1 || !__atomic_compare_exchange_n(slot, &version, version + 1, 0,
                                                    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        return; /* (a dead end not remembered: never a wrong one) */
    __atomic_thread_fence(__ATOMIC_RELEASE);
    for (int i = 0; i < W; i++) __atomic_store_n(slot + 1 + i, key[i], __ATOMIC_RELAXED);
    __atomic_store_n(slot, version + 2, __ATOMIC_RELEASE);
}

/* Whether the node at `level` is a state (bitset.h) the memo holds: a dead end. Otherwise,
   where it is a state, the node is marked to go into the memo should it fail. */
static ALWAYS_INLINE int NAME(remembered)(bs_search *s, int level) {
    bs_level *lv = &s->lv[level];
    lv->state = s->memo != NULL && level > 0 && lv[-1].kind != BS_FINAL;
    if (!lv->state) return 0;
    bs_word key[W], differ = 0;
    const bs_word *slot = NAME(memo_slot)(s, s->board + (size_t)level * W, key);
    if (UNLIKELY(s->memo_guarded)) differ = !NAME(guarded_holds)(slot, key);
    else
        for (int i = 0; i < W; i++) differ |= slot[i] ^ key[i];
    lv->state = differ != 0;
    lv->solutions = s->solutions;
    return !differ;
}

/* The node at `level` is left: into the memo if it is a state that found no solution. */
static ALWAYS_INLINE void NAME(leave)(bs_search *s, int level) {
    const bs_level *lv = &s->lv[level];
    if (lv->state && lv->solutions == s->solutions) {
        bs_word key[W], *slot = NAME(memo_slot)(s, s->board + (size_t)level * W, key);
        if (UNLIKELY(s->memo_guarded)) NAME(guarded_put)(slot, key);
        else
            for (int i = 0; i < W; i++) slot[i] = key[i];
    }
}

/* Place layout option k below the node at `level` if its child passes the checks: the
   child's board written, its counted others counted; 1, or 0 with nothing done. */
static ALWAYS_INLINE int NAME(place)(bs_search *s, int level, int k) {
    const bs_table *t = s->t;
    const bs_word *B = s->board + (size_t)level * W, *m = t->mask + (size_t)k * W;
    bs_word *child = s->board + (size_t)(level + 1) * W;
    const int counted = t->tally[k];
    for (int i = 0; i < W; i++) child[i] = B[i] | (counted ? m[i] & ~t->counted[i] : m[i]);
    if (UNLIKELY(counted)) tally(s, k, child, 0);
    if (s->memo != NULL) { /* the child's slot, read while the checks run */
        bs_word key[W];
        __builtin_prefetch(NAME(memo_slot)(s, child, key));
    }
    if (t->regions && !NAME(region_ok)(s, child, k)) {
        if (UNLIKELY(counted)) tally(s, k, child, 1);
        return 0;
    }
    return 1;
}

/* How many options of the list of runs [begin, end) fit the board B, or some number at least
   `enough` once that many do. Where the others take one word, every entry is tested against
   the board's cells and others without a branch, and the count stops at the end of a block
   of 16 (a test per run, which the processor could not foretell on runs of a few entries,
   took a quarter of the count's time on boxes of cubes); otherwise a run whose others clash
   is passed over in one test, and the count stops at the end of a run. */
static ALWAYS_INLINE int NAME(fitting)(const bs_table *t, const bs_word *B, int begin, int end,
                                       int enough) {
    int n = 0;
    if (W == WC + 1) { /* every entry tested, each without a branch, in blocks of 16 */
        const bs_word *restrict cells = t->emask, *restrict others = t->eother;
        for (int e = t->rstart[begin], stop = t->rstart[end]; e < stop;) {
            for (int block = e + 16 < stop ? e + 16 : stop; e < block; e++)
                n += !NAME(clash_cells)(cells + (size_t)e * WC, B) & !(others[e] & B[WC]);
            if (n >= enough) return n;
        }
        return n;
    }
    for (int r = begin; r < end; r++) {
        if (W > WC && NAME(clash_others)(t->romask + (size_t)r * (W - WC), B + WC)) continue;
        for (int e = t->rstart[r]; e < t->rstart[r + 1]; e++)
            n += !NAME(clash_cells)(t->emask + (size_t)e * WC, B);
        if (n >= enough) return n;
    }
    return n;
}

/* The option taken `back` levels above the node at `level` (1: its parent's), the givens
   counted as the levels above the root; -1 where there is none. */
static ALWAYS_INLINE int NAME(taken)(const bs_search *s, int level, int back) {
    int at = level - back;
    return at >= 0 ? s->lv[at].chosen : at >= -2 ? s->given_last[-at - 1] : -1;
}

/* The narrow choice: the cell of fewest options that fit among the first free cell c (whose
   list [*begin, *end) is given) and the free primary cells next to the option taken last, then
   next to the one before (at most BS_NARROW of them, least first in each; c first on ties),
   then the watched pieces not yet used (-1 - piece: a piece), its list in [*begin, *end);
   stops at one option or none. Counts the lists counted in s->counted. */
static NOINLINE int NAME(narrowest)(bs_search *s, int level, int c, int *begin, int *end) {
    const bs_table *t = s->t;
    const bs_word *B = s->board + (size_t)level * W;
    int best = NAME(fitting)(t, B, *begin, *end, INT_MAX), x = c;
    int last = NAME(taken)(s, level, 1), before = NAME(taken)(s, level, 2);
    s->counted++;
    if (best <= 1 || last < 0) return c;
    bs_word near[2][WC]; /* the cells next to the last option, then those next to the one before */
    for (int i = 0; i < WC; i++) {
        near[0][i] = t->border[(size_t)last * WC + i];
        near[1][i] = before >= 0 ? t->border[(size_t)before * WC + i] & ~near[0][i] : 0;
    }
    for (int h = 0, seen = 0; h < 2; h++)
        for (int i = 0; i < WC && best > 1 && seen < BS_NARROW; i++)
            for (bs_word w = near[h][i] & t->primary[i] & ~B[i]; w && best > 1 && seen < BS_NARROW;
                 w &= w - 1) {
                int p = i * 64 + __builtin_ctzll(w), q = 0;
                if (p == c) continue;
                seen++;
                s->counted++;
                for (int j = 0; j < t->nbr_n[p]; j++) {
                    int n = t->nbr[p][j];
                    q |= (int)(B[n >> 6] >> (n & 63) & 1) << j;
                }
                const int *list = t->cover_heads + t->cover_at[p] + q;
                int n = NAME(fitting)(t, B, list[0], list[1], best);
                if (n < best) best = n, x = p, *begin = list[0], *end = list[1];
            }
    for (int j = 0; j < s->nwatch && best > 1; j++) {
        int piece = s->watch[j], bit = t->obase + piece;
        if (B[bit >> 6] >> (bit & 63) & 1) continue;
        const int *list = t->holding + piece;
        s->counted++;
        int n = NAME(fitting)(t, B, list[0], list[1], best);
        if (n < best) best = n, x = -1 - piece, *begin = list[0], *end = list[1];
    }
    return x;
}

/* What the node at `level` branches on, into its bs_level: an unused piece of the plan, else
   the first primary cell not covered (its list picked by the positions after it; or, with
   `narrow`, the narrowest cell near it), else the final options (after the last taken).
   *solution says whether the node is a solution; returns whether it branches at all. */
static ALWAYS_INLINE int NAME(decide)(bs_search *s, int level, int *solution) {
    const bs_table *t = s->t;
    bs_level *lv = &s->lv[level];
    const bs_word *B = s->board + (size_t)level * W;
    *solution = 0;
    for (int j = 0; j < s->nplan; j++) {
        int bit = t->obase + s->plan[j];
        if (!(B[bit >> 6] >> (bit & 63) & 1)) {
            lv->kind = BS_PIECE;
            lv->what = s->plan[j];
            lv->run = lv->begin = t->holding[s->plan[j]];
            lv->end = t->holding[s->plan[j] + 1];
            lv->cur = 0;
            return 1;
        }
    }
    for (int i = 0; i < WC; i++) {
        bs_word w = t->primary[i] & ~B[i];
        if (w) {
            int c = i * 64 + __builtin_ctzll(w), from = c + 1, j = from >> 6, off = from & 63;
            bs_word p = j < WC ? B[j] >> off : ~(bs_word)0;
            if (off) p |= (j + 1 < WC ? B[j + 1] : ~(bs_word)0) << (64 - off);
            int head = c << t->window | (int)((p | t->shown[c]) & (((bs_word)1 << t->window) - 1));
            int begin = t->heads[head], end = t->heads[head + 1];
            lv->kind = BS_CELL;
            lv->what = s->narrow ? NAME(narrowest)(s, level, c, &begin, &end) : c;
            if (lv->what < 0) lv->kind = BS_PIECE, lv->what = -1 - lv->what; /* watched */
            lv->run = lv->begin = begin;
            lv->end = end;
            lv->cur = 0;
            return 1;
        }
    }
    bs_word missing = 0;
    for (int i = 0; i < W; i++) missing |= t->required[i] & ~B[i];
    *solution = !missing && s->unmet == 0;
    lv->kind = BS_FINAL;
    lv->what = -1;
    lv->run = lv->begin = t->finals;
    lv->end = t->nruns;
    lv->cur = t->rstart[t->finals] + lv->bound - t->final_begin; /* after the last final taken */
    return lv->cur < t->rstart[t->nruns];
}

/* The next option the node at `level` branches on, placed (see `place`), its place in the
   level's list moved past it; -1 when there is none. A run whose others clash with the board
   is passed over in one test. Counts the options that fit in *updates (placed, or refused by
   the checks). */
static ALWAYS_INLINE int NAME(next)(bs_search *s, int level, long long *updates) {
    const bs_table *t = s->t;
    bs_level *lv = &s->lv[level];
    const bs_word *restrict B = s->board + (size_t)level * W, *restrict mask = t->emask;
    const bs_word *restrict romask = t->romask;
    const int *restrict rstart = t->rstart;
    int e = lv->cur;
    for (int r = lv->run, end = lv->end; r < end; r++) {
        if (W > WC && NAME(clash_others)(romask + (size_t)r * (W - WC), B + WC)) continue;
        if (e < rstart[r]) e = rstart[r];
        for (const int stop = rstart[r + 1]; e < stop; e = e + 64 < stop ? e + 64 : stop) {
            uint64_t fits = 0; /* bit j: entry e + j fits (tested without a branch each) */
            for (int j = 0, n = stop - e < 64 ? stop - e : 64; j < n; j++)
                fits |= (uint64_t)!NAME(clash_cells)(mask + (size_t)(e + j) * WC, B) << j;
            for (; fits; fits &= fits - 1) {
                int f = e + __builtin_ctzll(fits), k = t->entry[f];
                ++*updates;
                if (NAME(place)(s, level, k)) {
                    lv->run = r;
                    lv->cur = f + 1;
                    lv->chosen = k;
                    return k;
                }
            }
        }
    }
    lv->run = lv->end;
    return -1;
}

/* Run on to the next solution (see bs_run). */
static int NAME(run)(bs_search *s) {
    const bs_table *t = s->t;
    long long updates = s->updates;
    int level = s->level, step = s->step, r = BS_DONE;
    for (;;) {
        if (step == FORWARD) {
            if (UNLIKELY(s->nodes >= s->next_poll)) {
                s->updates = updates;
                s->level = level; /* where it stands, for the poll's progress share */
                int polled = s->poll(s);
                if (polled) {
                    if (polled > 0) s->status = BS_BUDGET;
                    r = polled > 0 ? BS_DONE : BS_ERROR;
                    goto out;
                }
                if (s->pause) {
                    r = BS_PAUSED; /* entered again on the next call, its poll done */
                    goto out;
                }
            }
            s->nodes++;
            s->profile[level]++;
            if (level > s->max_level) s->max_level = level;
            if (NAME(remembered)(s, level)) {
                step = BACKUP;
                continue;
            }
            int solution, branches = NAME(decide)(s, level, &solution);
            step = branches ? ADVANCE : BACKUP;
            if (UNLIKELY(solution) && ++s->solutions >= s->count_to) {
                for (int l = 0; l < level; l++) s->opts[s->base + l] = t->number[s->lv[l].chosen];
                r = BS_SOLUTION;
                goto out;
            }
        } else if (step == ADVANCE) {
            int k = NAME(next)(s, level, &updates);
            if (k < 0) step = BACKUP;
            else {
                bs_level *lv = &s->lv[level];
                lv[1].bound = lv->kind == BS_FINAL ? k + 1 : lv->bound;
                level++;
                step = FORWARD;
            }
        } else { /* BACKUP */
            NAME(leave)(s, level);
            if (level == 0) {
                s->status = BS_EXHAUSTED;
                goto out;
            }
            level--;
            int k = s->lv[level].chosen;
            if (UNLIKELY(t->tally[k])) tally(s, k, NULL, 1);
            step = ADVANCE;
        }
    }
out:
    s->updates = updates;
    s->level = level;
    s->step = step;
    return r;
}

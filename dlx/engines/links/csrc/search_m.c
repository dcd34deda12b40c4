/* search_m.c: Algorithm M with colours (M1-M9), exactly as search_m runs it (DLX3): branching
   degrees, tweaking, the null branch, the memo's state keys, and learning from failures. */

#include "search.h"

/* Pack the state (uses and 'left' flags), with option x's uses added when x >= 0. */
static const uint64_t *pack(links_search *s, int x) {
    links *c = s->core;
    uint64_t *w = s->scratch;
    memset(w, 0, sizeof(uint64_t) * (size_t)c->words);
    if (x >= 0)
        for (int q = c->first[x]; c->nd[q].top > 0; q++) s->used[c->nd[q].top]++;
    for (int i = 1; i <= c->n; i++) {
        uint64_t v = (uint64_t)s->used[i];
        int at = c->shift[i], b = at & 63;
        w[at >> 6] |= v << b;
        if (b && b + c->width[i] > 64) w[(at >> 6) + 1] |= v >> (64 - b);
        if (s->left[i]) w[c->leave_shift[i] >> 6] |= 1ULL << (c->leave_shift[i] & 63);
    }
    if (x >= 0)
        for (int q = c->first[x]; c->nd[q].top > 0; q++) s->used[c->nd[q].top]--;
    return w;
}

static inline uint64_t odd(uint64_t h) { return h | 1; }

static int memo_failed(links_search *s, int x) {
    uint64_t h = odd(s->key_hash + (x >= 0 ? s->core->option_hash[x] : 0));
    return memo_has_hash(s->memo, h) && memo_find(s->memo, h, pack(s, x)); /* pack: O(items) */
}

void add_key(links_search *s, int x, int sign) {
    links *c = s->core;
    for (int q = c->first[x]; c->nd[q].top > 0; q++) s->used[c->nd[q].top] += sign;
    s->key_hash += sign > 0 ? c->option_hash[x] : -c->option_hash[x];
}

/* The active item of smallest branching degree (search_m's _choose), or 0 when one is stuck. */
static int choose_m(item *it, node *nd) {
    int best = 0;
    long long score = INFINITY_, best_slack = INFINITY_, best_len = -1;
    for (int k = it[0].right; k != 0; k = it[k].right) {
        long long bound = it[k].bound, slack = it[k].slack < bound ? it[k].slack : bound;
        long long size = LEN(k), t = size + slack - bound + 1;
        if (t < score ||
            (t == score && (slack < best_slack || (slack == best_slack && size > best_len)))) {
            if (t <= 0) return 0;
            best = k; score = t; best_slack = slack; best_len = size;
        }
    }
    return best;
}

static int choose_exact(item *it, node *nd) {
    int best = 0;
    long long score = INFINITY_, best_len = -1;
    for (int k = it[0].right; k != 0; k = it[k].right) {
        long long size = LEN(k), t = size - it[k].bound;
        if (t < score || (t == score && size > best_len)) {
            if (t < 0) return 0;
            best = k; score = t; best_len = size;
        }
    }
    return best;
}

static int choose_first(item *it, node *nd, int sweep) {
    int first = it[0].right;
    for (int k = sweep ? first : 0; k != 0; k = it[k].right) {
        long long bound = it[k].bound, slack = it[k].slack < bound ? it[k].slack : bound;
        long long t = LEN(k) + slack - bound + 1;
        if (t <= 1) return t <= 0 ? 0 : k;
    }
    if (first != 0) {
        long long slack = it[first].slack < it[first].bound ? it[first].slack : it[first].bound;
        if (LEN(first) + slack - it[first].bound < 0) return 0;
    }
    return first;
}

/* Take the top option x out of i's list and, unless i is covered, out of every list. */
static long long tweak(node *nd, item *it, int x, int i) {
    int d = nd[x].down;
    nd[i].down = d;
    nd[d].up = i;
    LEN(i)--;
    return it[i].bound == 0 ? 1 : hide(nd, x) + 1;
}

/* Put back, from `first` on, the options tweaked out of i's list, in one sweep. */
static void untweak(node *nd, int i, int first, int restore) {
    int last = nd[i].down, before = i, count = 0;
    nd[i].down = first;
    for (int x = first; x != last; x = nd[x].down) {
        nd[x].up = before;
        count++;
        if (restore) unhide(nd, x);
        before = x;
    }
    nd[last].up = before;
    LEN(i) += count;
}

/* Undo choosing option x: give its other items back their use. */
static void release(links *c, int x) { uncommit_others(c, x); }

static void relink(item *it, int i) {
    it[it[i].left].right = i;
    it[it[i].right].left = i;
}

/* Close level top: untweak and uncover its item (search_m's FINISH and _unwind). */
static void close_level(links_search *s, int i, int tweaked, int first) {
    links *c = s->core;
    if (tweaked) {
        untweak(c->nd, i, first, c->it[i].bound != 0);
        if (c->it[i].bound == 0) uncover(c->nd, c->it, i);
    } else {
        uncover(c->nd, c->it, i);
    }
    c->it[i].bound++;
}

/* Store the current state as failed; -1 when memory runs out (out_of_memory set, for the
   caller to report). */
static int remember(links_search *s) {
    memo_store *m = s->memo;
    if ((long long)m->count >= s->capacity) memo_clear(m);
    if (memo_add(m, odd(s->key_hash), pack(s, -1)) < 0) {
        s->out_of_memory = 1;
        return -1;
    }
    s->stores++;
    return 0;
}

/* Algorithm M with colours, exactly as search_m: 1 at a solution, 0 when done, -1 on error,
   2 paused after a poll (`pause`; the next call goes on at the same node). */
int run_m(links_search *s) {
    links *c = s->core;
    node *nd = c->nd;
    item *it = c->it;
    int *items = s->stack_a, *tries = s->stack_b;
    int state = s->state, r;
    long long nodes = s->nodes, updates = s->updates;
    if (s->phase == M_RESUME) goto resume;
    while (1) {
        int top = s->na - 1;
        if (state <= DEAD) { /* M2: a node, unchecked, or passed or failed by its checks */
            int level = s->na;
            if (nodes >= s->next_poll || updates >= s->next_update_poll) {
                if (poll(s, nodes, updates)) goto stop;
                if (s->pause) { /* a batch holds solutions: hand them over, then this node */
                    s->state = state;
                    s->nodes = nodes;
                    s->updates = updates;
                    s->phase = PAUSED;
                    return 2;
                }
            }
            nodes++;
            bump(s, level);
            if (state == DEAD) {
                tries[top] = nd[tries[top]].down;
                state = ADVANCE;
                continue;
            }
            int checked = state == CHECKED;
            state = RETREAT;
            if (!checked && s->memo != NULL && memo_failed(s, -1)) {
                s->hits++;
            } else if (!checked && s->prune.call != NULL && (r = prune_ok(s)) <= 0) {
                if (r < 0) { s->error = 1; goto stop; }
            } else if (it[0].right == 0) {
                if (++s->solutions >= s->count_to) { /* else counted where it is found */
                    s->nodes = nodes;
                    s->updates = updates;
                    s->state = state;
                    s->phase = M_RESUME;
                    return 1;
                }
            } else {
                /* M3: choose the item i of smallest branching degree */
                int i = s->mrv ? (s->exact ? choose_exact(it, nd) : choose_m(it, nd))
                               : choose_first(it, nd, s->sweep);
                if (i) {
                    it[i].bound--;
                    if (it[i].bound == 0) updates += cover(nd, it, i);
                    int k = s->na++;
                    items[k] = i;
                    s->tweaking[k] = it[i].bound != 0 || it[i].slack != 0;
                    s->firsts[k] = tries[k] = nd[i].down;
                    s->restricted_at[k] = 0;
                    s->found_at[k] = s->solutions;
                    state = ADVANCE;
                }
            }
        resume:
            if (state == RETREAT && !s->na) { s->status = S_EXHAUSTED; goto stop; }
        } else if (state == ADVANCE) { /* M5: try branch x of item i, or finish the level */
            int i = items[top], x = tries[top];
            state = ENTER;
            if (!s->tweaking[top]) {
                if (x == i) state = FINISH;
            } else if (LEN(i) <= it[i].bound - it[i].slack) {
                state = FINISH;
            } else if (x != i) {
                updates += tweak(nd, it, x, i);
            } else { /* the null branch: use i no more */
                if (it[i].bound != 0) {
                    it[it[i].left].right = it[i].right;
                    it[it[i].right].left = it[i].left;
                }
                if (c->leave_shift[i] >= 0) {
                    s->left[i] = 1;
                    s->key_hash += c->leave_hash[i];
                }
            }
            if (state == ENTER) {
                if (s->tweaking[top] && x != s->firsts[top] && !s->restricted_at[top]) {
                    s->restricted_at[top] = 1;
                    s->restricted++;
                }
                if (x != i) { /* checked before its items are taken: cut off, never linked */
                    int o = c->option[x];
                    opts_push(s, o);
                    state = DEAD;
                    if (s->memo != NULL && memo_failed(s, o)) {
                        s->hits++;
                        opts_pop(s);
                        continue;
                    }
                    if (s->prune.call != NULL) {
                        if ((r = prune_ok(s)) <= 0) {
                            if (r < 0) { s->error = 1; goto stop; } /* state DEAD: x not applied */
                            opts_pop(s);
                            continue;
                        }
                    }
                    updates += commit_others(c, x); /* M6 */
                    if (s->memo != NULL) add_key(s, o, 1);
                    state = CHECKED;
                }
            }
        } else if (state == RETREAT) { /* M8: undo branch x, then try the next */
            int i = items[top], x = tries[top];
            if (x != i) {
                if (s->memo != NULL) add_key(s, c->option[x], -1);
                opts_pop(s);
                release(c, x);
                tries[top] = nd[x].down;
                state = ADVANCE;
            } else {
                if (it[i].bound != 0) relink(it, i);
                if (c->leave_shift[i] >= 0) {
                    s->left[i] = 0;
                    s->key_hash -= c->leave_hash[i];
                }
                state = FINISH;
            }
        } else { /* M9 (FINISH): every branch of the level is done; restore its item */
            s->na--;
            int i = items[top];
            if (s->restricted_at[top]) s->restricted--;
            close_level(s, i, s->tweaking[top], s->firsts[top]);
            if (s->found_at[top] == s->solutions && !s->restricted) {
                if (s->memo != NULL && remember(s) < 0) { s->error = 1; state = RETREAT; goto stop; }
                if (s->learn.call != NULL) {
                    if (learn_now(s) < 0) {
                        s->error = 1;
                        state = RETREAT;
                        goto stop;
                    }
                }
            }
            if (!s->na) { s->status = S_EXHAUSTED; state = RETREAT; goto stop; }
            state = RETREAT;
        }
    }
stop:
    s->state = state;
    s->nodes = nodes;
    s->updates = updates;
    return s->error ? -1 : 0;
}

/* After a stop of Algorithm M, undo every level's branch and item, deepest first; the deepest
   level's branch only if it was applied (search_m's _unwind). */
void unwind_m(links_search *s) {
    links *c = s->core;
    int applied = s->state != DEAD;
    while (s->na) {
        int k = --s->na;
        int i = s->stack_a[k], x = s->stack_b[k];
        if (!applied) applied = 1;
        else if (x != i) release(c, x);
        else if (c->it[i].bound != 0) relink(c->it, i);
        close_level(s, i, s->tweaking[k], s->firsts[k]);
    }
}

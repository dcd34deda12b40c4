/* search_x.c: Algorithm X (X1-X8), exactly as Links.search runs it (DLX1). */

#include "search.h"

/* Algorithm X, exactly as Links.search: 1 at a solution, 0 when done, -1 on an error, 2
   paused after a poll (`pause`; the next call goes on). */
int run_x(links_search *s) {
    links *c = s->core;
    node *nd = c->nd;
    const int *nxt = c->nxt;
    item *it = c->it;
    int *bests = s->stack_a, *chosen = s->stack_b;
    int level = s->level, enter = s->enter, dead = s->dead, best = s->best, cur = s->cur;
    long long nodes = s->nodes, updates = s->updates;
    int r;
    if (s->phase == X_LAST) { s->status = S_EXHAUSTED; return 0; }
    if (s->phase == X_RESUME) goto resume;
    if (s->phase == PAUSED) goto go_on; /* at the node it paused before, its poll done */
    if (it[0].right == 0) { /* every primary item is covered already: one exact cover */
        if ((r = spent(s)) != 0) {
            if (r > 0) s->status = S_BUDGET;
            else s->error = 1;
            return r < 0 ? -1 : 0;
        }
        s->nodes = 1;
        bump(s, 0);
        if ((r = prune_ok(s)) < 0) { s->error = 1; return -1; }
        if (r) { s->solutions = 1; s->phase = X_LAST; return 1; }
        s->status = S_EXHAUSTED;
        return 0;
    }
    level = 0;
    enter = 1;
    dead = 0;
    best = cur = 0;
    /* X2-X8, as a loop with an explicit stack of levels */
go_on:
    while (1) {
        if (enter) { /* X2: a new node of the search tree */
            enter = 0;
            if (nodes >= s->next_poll || updates >= s->next_update_poll) {
                if (poll(s, nodes, updates)) goto stop;
                if (s->pause) goto pause;
            }
            nodes++;
            bump(s, level);
            if (dead) { /* cut off before entry: back to the parent's next option */
                dead = 0;
                level--;
                cur = nd[cur].down;
                continue;
            }
            if (!level && s->prune.call != NULL) {
                if ((r = prune_ok(s)) <= 0) {
                    if (r == 0) s->status = S_EXHAUSTED;
                    else s->error = 1;
                    goto stop;
                }
            }
            /* X3: choose the item i of fewest options (mrv), the first, or sweep's */
            if (s->mrv) {
                long long t = INFINITY_;
                /* without a branch on each comparison, which mispredicts often */
                for (int k = it[0].right; k != 0; k = it[k].right) {
                    long long len = LEN(k);
                    int less = len < t;
                    best = less ? k : best;
                    t = less ? len : t;
                    if (!t) break;
                }
            } else {
                best = it[0].right;
                if (s->sweep)
                    for (int k = best; k != 0; k = it[k].right)
                        if (LEN(k) <= 1) { best = k; break; }
            }
            updates += cover_x(nd, nxt, it, best); /* X4 */
            bests[s->na++] = best;
            cur = nd[best].down;
        }
        if (cur == best) { /* X7: every option of i was tried; X8: leave the level */
            uncover_x(nd, nxt, it, best);
            s->na--;
            if (!level) { s->status = S_EXHAUSTED; goto stop; }
            level--;
            cur = chosen[--s->nb];
            opts_pop(s);
            best = bests[level];
            uncover_others(nd, nxt, it, cur);
            cur = nd[cur].down;
            continue;
        }
        /* X5: try option cur */
        opts_push(s, c->option[cur]);
        if (s->prune.call != NULL) {
            if ((r = prune_ok(s)) < 0) { s->error = 1; goto stop; }
            if (!r) { /* counted as a node, never linked in */
                opts_pop(s);
                level++;
                enter = dead = 1;
                continue;
            }
        }
        chosen[s->nb++] = cur;
        updates += cover_others(nd, nxt, it, cur);
        if (it[0].right != 0) { level++; enter = 1; continue; }
        if (nodes >= s->node_cap) { s->status = S_BUDGET; goto stop; }
        nodes++; /* a solution is a node too, as in DLX1 */
        bump(s, level + 1);
        if (++s->solutions >= s->count_to) { /* handed back; else counted where it is found */
            s->level = level; s->enter = enter; s->dead = dead; s->best = best; s->cur = cur;
            s->nodes = nodes; s->updates = updates;
            s->phase = X_RESUME;
            return 1;
        }
    resume: /* X6: after a solution, try the next option of the level */
        cur = chosen[--s->nb];
        opts_pop(s);
        uncover_others(nd, nxt, it, cur);
        cur = nd[cur].down;
    }
pause: /* a batch holds solutions: hand them over, then enter this node again */
    s->level = level; s->enter = 1; s->dead = dead; s->best = best; s->cur = cur;
    s->nodes = nodes; s->updates = updates;
    s->phase = PAUSED;
    return 2;
stop:
    s->nodes = nodes;
    s->updates = updates;
    s->cur = cur; /* where it stood, for frontier_x */
    s->dead = dead;
    return s->error ? -1 : 0;
}

/* Where Algorithm X stood when its budget stopped it, before the links are put back: the
   option taken at each level of its path (at the last, the option it was about to enter: one
   just cut off by the pruning check, or the last of a solution) in path[0..s->na); the options
   of level k it had yet to try, in its order, in untried[starts[k]..starts[k + 1]) (an item's
   list stays whole below the level that covered it); degrees[k] the options it branched on. */
void frontier_x(const links_search *s, int *path, int *untried, int *starts, int *degrees) {
    node *nd = s->core->nd;
    const int *option = s->core->option;
    int m = 0;
    for (int k = 0; k < s->na; k++) {
        int best = s->stack_a[k], taken = k < s->nb ? s->stack_b[k] : s->cur;
        path[k] = option[taken];
        degrees[k] = (int)LEN(best);
        starts[k] = m;
        for (int p = nd[taken].down; p != best; p = nd[p].down) untried[m++] = option[p];
    }
    starts[s->na] = m;
}

/* Put the links back after a stop of Algorithm X: deepest level first. */
void unwind_x(links_search *s) {
    links *c = s->core;
    while (s->na) {
        if (s->nb == s->na) {
            int cur = s->stack_b[--s->nb];
            s->nopts--;
            uncover_others(c->nd, c->nxt, c->it, cur);
        }
        uncover_x(c->nd, c->nxt, c->it, s->stack_a[--s->na]);
    }
}

/* Knuth's estimate of the share of Algorithm X's tree searched, read at a poll (the search is
   paused inside it): at level l the item stack_a[l] was branched on and its option node
   stack_b[l] taken; that item's list stays whole below it, so the c nodes before the one
   taken, out of LEN of them, are the share c/LEN of the level, worth 1/(d0 ... d(l-1)) of the
   tree. Algorithm M tweaks the lists it branches on: -1 there, and once the search is over. */
double links_share(const links_search *s) {
    if (s->general || s->phase == FINISHED) return -1.0;
    const node *nd = s->core->nd;
    int levels = s->na < s->nb ? s->na : s->nb;
    double share = 0.0, weight = 1.0;
    for (int l = 0; l < levels; l++) {
        int best = s->stack_a[l], taken = s->stack_b[l];
        long long before = 0, d = LEN(best);
        for (int p = nd[best].down; p != taken && p != best; p = nd[p].down) before++;
        if (d <= 0) break;
        share += weight * (double)before / (double)d;
        weight /= (double)d;
    }
    return share;
}

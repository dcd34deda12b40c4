/* search.c: a search's start (the givens chosen, the links claimed), its run (Algorithm X in
   search_x.c or M in search_m.c) and its end (every link put back). The steps both loops take
   at a node, the hooks' calls and the budgets' poll, are steps.c's: this file calls the loops,
   the loops call the steps, and nothing calls back. */

#include "search.h"

/* The stacks, each deep enough for the longest path: every option and item once. */
static int search_alloc(links_search *s, const links *c) {
    size_t depth = s->depth = (size_t)c->options + (size_t)c->n1 + (size_t)s->ngivens + 2;
    s->opts = links_calloc(depth, sizeof(int));
    s->stack_a = links_calloc(depth, sizeof(int));
    s->stack_b = links_calloc(depth, sizeof(int));
    s->firsts = links_calloc(depth, sizeof(int));
    s->tweaking = links_calloc(depth, 1);
    s->restricted_at = links_calloc(depth, 1);
    s->found_at = links_calloc(depth, sizeof(long long));
    s->profile = links_calloc(depth + 1, sizeof(long long));
    s->used = links_calloc((size_t)c->n + 2, sizeof(long long));
    s->left = links_calloc((size_t)c->n + 2, 1);
    s->scratch = links_calloc((size_t)c->words, sizeof(uint64_t));
    if (!s->opts || !s->stack_a || !s->stack_b || !s->firsts || !s->tweaking ||
        !s->restricted_at || !s->found_at || !s->profile || !s->used || !s->left ||
        !s->scratch)
        return LINKS_NO_MEMORY;
    return 0;
}

/* The nodes of the options `numbers`: the moves `prefer` records, three numbers each. */
static size_t preferred_nodes(const links *c, const int *numbers, int count) {
    size_t moved = 0;
    for (int k = 0; k < count; k++)
        for (int q = c->first[numbers[k]]; c->nd[q].top > 0; q++) moved++;
    return moved;
}

/* A new search of the links c as r asks, claiming them at once: the primary items ordered,
   the preferred options moved up, the givens chosen. Where the givens cannot be chosen
   together, a search of no node, already exhausted, claiming nothing. 0, or LINKS_NO_MEMORY
   (the search claims nothing; links_search_free frees what it holds). */
int links_search_init(links_search *s, links *c, memo_store *memo, const links_request *r) {
    memset(s, 0, sizeof *s);
    s->core = c;
    s->memo = memo;
    s->phase = FINISHED;
    s->status = S_CLOSED;
    s->general = r->general;
    s->mrv = r->mrv;
    s->sweep = r->sweep;
    s->capacity = r->capacity;
    s->node_cap = r->node_cap;
    s->count_to = r->count_to;
    s->next_poll = 0; /* the budgets are looked at before the first node */
    s->next_update_poll = POLL_UPDATES;
    s->ngivens = r->ngivens;
    s->givens = links_calloc((size_t)r->ngivens, sizeof(int));
    int *order = links_calloc((size_t)r->norder, sizeof(int));
    s->moves = links_calloc(3 * preferred_nodes(c, r->prefer, r->nprefer), sizeof(int));
    int fit = LINKS_NO_MEMORY;
    if (!s->givens || !order || !s->moves || search_alloc(s, c) < 0) goto done;
    for (int k = 0; k < r->ngivens; k++) opts_push(s, s->givens[k] = r->givens[k]);
    for (int k = 0; k < r->norder; k++) order[k] = r->order[k] + 1;
    s->exact = 1;
    for (int i = 1; i <= c->n1; i++)
        if (c->it[i].slack) s->exact = 0;
    fit = givens_fit(c, s->givens, s->ngivens);
    if (fit == 0) s->status = S_EXHAUSTED; /* no solution: an exhausted search of no nodes */
    if (fit <= 0) goto done;
    if (r->norder && (fit = order_items(c, order, r->norder)) < 0) goto done;
    s->norder = r->norder;
    s->nmoves = prefer(c, r->prefer, r->nprefer, s->moves);
    choose_givens(c, s->givens, s->ngivens);
    for (int k = 0; k < s->ngivens; k++) add_key(s, s->givens[k], 1);
    c->busy = 1;
    s->claimed = 1;
    s->phase = X_START;
    s->state = ENTER;
done:
    free(order);
    return fit < 0 ? LINKS_NO_MEMORY : 0;
}

/* Every link back, the givens and the orders undone, the links free for the next search:
   1 when the search held them until now, else 0 (it never did, or gave them back already). */
int links_search_finish(links_search *s) {
    int held = s->claimed && s->phase != FINISHED;
    if (held) {
        links *c = s->core;
        if (s->general) unwind_m(s);
        else unwind_x(s);
        unchoose_givens(c, s->givens, s->ngivens);
        if (s->norder) relink_declared(c);
        if (s->nmoves) restore_order(c, s->moves, s->nmoves);
        c->busy = 0;
        s->claimed = 0;
    }
    s->phase = FINISHED;
    return held;
}

void links_search_free(links_search *s) {
    free(s->givens);
    free(s->moves);
    free(s->opts);
    free(s->stack_a);
    free(s->stack_b);
    free(s->firsts);
    free(s->tweaking);
    free(s->restricted_at);
    free(s->found_at);
    free(s->profile);
    free(s->used);
    free(s->left);
    free(s->scratch);
    s->givens = s->moves = s->opts = s->stack_a = s->stack_b = s->firsts = NULL;
    s->tweaking = s->restricted_at = s->left = NULL;
    s->found_at = s->profile = s->used = NULL;
    s->scratch = NULL;
}

/* On to the next solution: LINKS_SOLUTION (its options in opts[0..nopts)), LINKS_DONE (the
   status says why), LINKS_ERROR (a hook's or the poll's error, or out_of_memory), or
   LINKS_PAUSED (after a poll, when `pause` asked for it: call again to go on). */
int links_run(links_search *s) { return s->general ? run_m(s) : run_x(s); }

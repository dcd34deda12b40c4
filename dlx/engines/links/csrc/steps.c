/* steps.c: what both loops (search_x.c, search_m.c) do at a node besides dancing: the prune and
   learn hooks' calls, and the poll of the budgets every few thousand nodes. They call these;
   these call nothing of theirs, or of search.c. */

#include "search.h"

/* The prune hook's verdict on the node of the options chosen: > 0 live, 0 cut, < 0 error. */
int prune_ok(links_search *s) {
    if (s->prune.call == NULL) return 1;
    return s->prune.call(s->prune.self, s->opts, s->nopts);
}

/* Tell the learn hook the node of the options chosen failed: -1 on an error. */
int learn_now(links_search *s) {
    return s->learn.call(s->learn.self, s->opts, s->nopts) < 0 ? -1 : 0;
}

/* The poll both dances make every few thousand nodes: the counters published, then `spent`.
   1 to stop (status BUDGET, or `error` set for an error), 0 to go on. */
int poll(links_search *s, long long nodes, long long updates) {
    s->nodes = nodes;
    s->updates = updates;
    int r = spent(s);
    if (r > 0) s->status = S_BUDGET;
    else if (r < 0) s->error = 1;
    return r != 0;
}

/* Budgets.spent: 1 when a budget ran out, 0 to go on, -1 on an error (the caller's poll's). */
int spent(links_search *s) {
    s->next_poll = s->nodes + POLL_NODES < s->node_cap ? s->nodes + POLL_NODES : s->node_cap;
    s->next_update_poll = s->updates + POLL_UPDATES;
    if (s->nodes >= s->node_cap) return 1; /* asked before a node: at most node_cap of them */
    return s->poll != NULL ? s->poll(s->context) : 0;
}

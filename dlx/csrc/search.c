/* search.c: what every search shares: the hooks it calls, the options it has chosen, and the
   budgets and signals it polls every few thousand nodes. */

#include "search.h"

double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Call a Python hook with the live list of chosen options; -1 on an exception. */
int call_hook(PyObject *hook, PyObject *list) {
    PyObject *r = PyObject_CallOneArg(hook, list);
    if (r == NULL) return -1;
    int truth = PyObject_IsTrue(r);
    Py_DECREF(r);
    return truth;
}

int opts_push(SearchObject *s, int number) {
    s->opts[s->nopts++] = number;
    if (s->opts_list == NULL) return 0;
    PyObject *v = PyLong_FromLong(number);
    if (v == NULL) return -1;
    int r = PyList_Append(s->opts_list, v);
    Py_DECREF(v);
    return r;
}

void opts_pop(SearchObject *s) {
    s->nopts--;
    if (s->opts_list != NULL) PyList_SetSlice(s->opts_list, s->nopts, s->nopts + 1, NULL);
}

int prune_ok(SearchObject *s) {
    return s->prune == NULL ? 1 : call_hook(s->prune, s->opts_list);
}

/* The poll both dances make every few thousand nodes: the counters published, then `spent`.
   1 to stop (status BUDGET, or `error` set for an exception), 0 to go on. */
int poll(SearchObject *s, long long nodes, long long updates, PyThreadState **released) {
    s->nodes = nodes;
    s->updates = updates;
    int r = spent(s, released);
    if (r > 0) s->status = S_BUDGET;
    else if (r < 0) s->error = 1;
    return r != 0;
}

/* Budgets.spent: 1 when a budget ran out, 0 to go on, -1 on an exception (a signal, progress). */
int spent(SearchObject *s, PyThreadState **released) {
    s->next_poll = s->nodes + POLL_NODES < s->node_cap ? s->nodes + POLL_NODES : s->node_cap;
    s->next_update_poll = s->updates + POLL_UPDATES;
    if (s->nodes >= s->node_cap) return 1; /* asked before a node: at most node_cap of them */
    if (s->deadline >= 0 && monotonic() > s->deadline) return 1;
    if (*released != NULL) {
        if (!s->signals) return 0; /* no signal handler runs here: keep the GIL free */
        PyEval_RestoreThread(*released);
        *released = NULL;
        int r = PyErr_CheckSignals();
        *released = PyEval_SaveThread();
        return r < 0 ? -1 : 0;
    }
    if (PyErr_CheckSignals() < 0) return -1;
    if (s->progress != NULL) {
        PyObject *r = PyObject_CallNoArgs(s->progress);
        if (r == NULL) return -1;
        Py_DECREF(r);
    }
    return 0;
}

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

/* The prune hook's verdict on the node of the options chosen: > 0 live, 0 cut, < 0 error. */
int prune_ok(SearchObject *s) {
    if (s->prune == NULL) return 1;
    if (s->prune_c != NULL) return s->prune_c->call(s->prune_c->self, s->opts, s->nopts);
    return call_hook(s->prune, s->opts_list);
}

/* Tell the learn hook the node of the options chosen failed: -1 on an exception. */
int learn_now(SearchObject *s) {
    int r = s->learn_c != NULL ? s->learn_c->call(s->learn_c->self, s->opts, s->nopts)
                               : call_hook(s->learn, s->opts_list);
    return r < 0 ? -1 : 0;
}

/* The C entry of a hook (hook.h), or NULL when it has none of this version: then it is called
   in Python. Any error looking for it is cleared (an object may answer every attribute). */
const dlx_hook *hook_entry(PyObject *hook) {
    if (hook == NULL) return NULL;
    PyObject *capsule = PyObject_GetAttrString(hook, "__dlx_hook__");
    if (capsule == NULL) {
        PyErr_Clear();
        return NULL;
    }
    const dlx_hook *entry = NULL;
    if (PyCapsule_IsValid(capsule, DLX_HOOK_CAPSULE)) {
        entry = PyCapsule_GetPointer(capsule, DLX_HOOK_CAPSULE);
        if (entry != NULL && (entry->version != DLX_HOOK_VERSION || entry->call == NULL))
            entry = NULL;
    }
    Py_DECREF(capsule);
    PyErr_Clear();
    return entry;
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

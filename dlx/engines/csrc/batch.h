/* batch.h: `Search.batch(n)` of both compiled cores (dlx/engines/links/_links.c, dlx/engines/cells/_cells.c):
   up to n solutions, each the list its iterator would give, handed over in one call, so that a
   caller who lists every solution does not pay a call and a copy of the statistics for each.
   A batch that holds a solution also ends at the search's next poll (every few thousand nodes):
   where solutions are far apart, each is handed over as soon as one could be, not when the
   batch is full. An error met after some solutions (Ctrl-C, memory) is kept and raised by the
   next call, so that the solutions found before it are handed over first: none is lost. */
#ifndef DLX_BATCH_H
#define DLX_BATCH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define BATCH_VALUES 65536

typedef struct {
    PyObject *type, *value, *traceback; /* an error kept for the next call, or NULLs (from
                                           Python 3.12 the exception in `value` alone) */
} pending_error;

static inline int pending_visit(pending_error *p, visitproc visit, void *arg) {
    Py_VISIT(p->type);
    Py_VISIT(p->value);
    Py_VISIT(p->traceback);
    return 0;
}

static inline void pending_clear(pending_error *p) {
    Py_CLEAR(p->type);
    Py_CLEAR(p->value);
    Py_CLEAR(p->traceback);
}

/* When the search is closed with an error kept: a Ctrl-C is made to arrive again (its
   handler runs at once, as if the keys were pressed now), so that a caller who stopped
   listing before the next batch is interrupted all the same; another error goes with the
   search it came from. */
static inline void pending_close(pending_error *p) {
    PyObject *kept = p->value;
    if (kept != NULL && PyErr_GivenExceptionMatches(kept, PyExc_KeyboardInterrupt))
        PyErr_SetInterrupt();
    pending_clear(p);
}

/* One step of a search: its next solution; or NULL, with an error, or without one when the
   search is over, or with *paused set when `pause` asked it to stop at its next poll. */
typedef PyObject *(*batch_step)(PyObject *search, int pause, int *paused);

/* The next solutions of `search` (taken by `step`), at most `arg` of them: a list, empty once
   the search is over; NULL with the error the search raised, or one kept. */
static inline PyObject *next_batch(PyObject *search, batch_step step, pending_error *pending,
                                   PyObject *arg) {
    if (pending->value != NULL) {
#if PY_VERSION_HEX >= 0x030C0000
        PyErr_SetRaisedException(pending->value);
#else
        PyErr_Restore(pending->type, pending->value, pending->traceback);
#endif
        pending->type = pending->value = pending->traceback = NULL;
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1) {
        PyErr_SetString(PyExc_ValueError, "a batch holds at least one solution");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    Py_ssize_t values = 0; /* a batch ends at BATCH_VALUES option numbers, however many it holds */
    while (PyList_GET_SIZE(out) < n && values < BATCH_VALUES) {
        int paused = 0;
        PyObject *one = step(search, PyList_GET_SIZE(out) > 0, &paused);
        if (one == NULL && paused) break;
        if (one == NULL) {
            if (PyErr_Occurred() && PyList_GET_SIZE(out) == 0) {
                Py_DECREF(out);
                return NULL;
            }
            if (PyErr_Occurred()) {
#if PY_VERSION_HEX >= 0x030C0000
                pending->value = PyErr_GetRaisedException();
#else
                PyErr_Fetch(&pending->type, &pending->value, &pending->traceback);
                PyErr_NormalizeException(&pending->type, &pending->value, &pending->traceback);
#endif
            }
            break;
        }
        values += PyList_Check(one) ? PyList_GET_SIZE(one) : 1;
        int failed = PyList_Append(out, one);
        Py_DECREF(one);
        if (failed) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

#endif

/* The compiled ZDD search: one function over csrc/ (Knuth's Algorithm Z on bit sets, zdd.h).
   `build(words, exact, masks, starts, options, memo_bytes, max_nodes, mrv[, field_width,
   paint_start, paints, tally_start, tallies, lows])` takes a plan as bytes (see
   dlx/engines/zdd/compiled.py) and returns (var, lo, hi, root, (nodes, hits, entries, given_up,
   peak_bytes)), the nodes as bytes of 32-bit numbers; past `max_nodes`, OverflowError with
   (message, (nodes, hits, entries, share of the tree searched)). `estimate(walks, starts,
   options, *build's arguments)` probes which choice searches less (see zdd_estimate in
   csrc/zdd.h). The GIL is held: Ctrl-C is polled every few thousand nodes, by the bindings'
   poll (../csrc/binding.h). dlx/engines/zdd/twin.py is the oracle. */
#include "../csrc/binding.h"

#include "csrc/zdd.h"

/* The poll of a build: signals only (no deadline, no progress display, the GIL held). */
static const binding_search signals_only = {.deadline = -1, .signals = 1};

/* Whether `count + 1` starts rise from 0 to `total`. */
static int rising(const uint32_t *starts, Py_ssize_t count, Py_ssize_t total) {
    if (starts[0] != 0 || starts[count] != (uint32_t)total) return 0;
    for (Py_ssize_t i = 0; i < count; i++)
        if (starts[i] > starts[i + 1]) return 0;
    return 1;
}

/* Whether a field at `shift` lies inside the state and `value` fits it. */
static int field_ok(const zdd_plan *p, uint32_t shift, uint32_t value) {
    return (uint64_t)shift + (uint64_t)p->field_width <= 64 * (uint64_t)p->words &&
           (uint64_t)value < 1ULL << p->field_width;
}

/* Whether the colours' and tallies' arrays (lengths in 32-bit numbers) agree with the plan. */
static int extras_ok(const zdd_plan *p, const Py_ssize_t *len) {
    if (p->field_width < 1 || p->field_width > 32 || len[0] != p->option_count + 1 ||
        len[1] % 3 || len[2] != p->option_count + 1 || len[3] % 2 || len[4] % 2 ||
        !rising(p->paint_start, p->option_count, len[1] / 3) ||
        !rising(p->tally_start, p->option_count, len[3] / 2))
        return 0;
    for (Py_ssize_t k = 0; k < len[1]; k += 3)
        if (p->paints[k] >= 64 * (uint32_t)p->words || !field_ok(p, p->paints[k + 1], p->paints[k + 2]))
            return 0;
    for (Py_ssize_t k = 0; k < len[3]; k += 2)
        if (!field_ok(p, p->tallies[k], p->tallies[k + 1])) return 0;
    for (Py_ssize_t k = 0; k < len[4]; k += 2)
        if (!field_ok(p, p->lows[k], p->lows[k + 1])) return 0;
    return 1;
}

/* Whether the plan's arrays agree with each other: every option number known, starts rising. */
static int plan_ok(const zdd_plan *p, Py_ssize_t starts_len, Py_ssize_t options_len) {
    if (p->words < 1 || p->exact < 0 || (Py_ssize_t)p->exact + 1 != starts_len ||
        p->exact > 64 * p->words || !rising(p->starts, p->exact, options_len))
        return 0;
    for (Py_ssize_t k = 0; k < options_len; k++)
        if (p->options[k] >= (uint32_t)p->option_count) return 0;
    return 1;
}

static PyObject *as_bytes(const uint32_t *numbers, size_t count) {
    return PyBytes_FromStringAndSize((const char *)numbers, (Py_ssize_t)(count * sizeof *numbers));
}

static PyObject *give_back(zdd_result *z, uint32_t root) {
    PyObject *var = as_bytes(z->var, z->count), *lo = as_bytes(z->lo, z->count),
             *hi = as_bytes(z->hi, z->count), *answer = NULL;
    if (var != NULL && lo != NULL && hi != NULL)
        answer = Py_BuildValue("OOOI(KKKKK)", var, lo, hi, root, z->nodes, z->hits, z->entries,
                               z->given_up, z->peak_bytes);
    Py_XDECREF(var), Py_XDECREF(lo), Py_XDECREF(hi);
    return answer;
}

/* The buffers a plan's arguments hold, released by release_plan. */
typedef struct {
    Py_buffer masks, starts, options, extra[5];
    unsigned long long memo_bytes, max_nodes;
} plan_args;

static void release_plan(plan_args *a) {
    PyBuffer_Release(&a->masks), PyBuffer_Release(&a->starts), PyBuffer_Release(&a->options);
    for (int k = 0; k < 5; k++)
        if (a->extra[k].obj != NULL) PyBuffer_Release(&a->extra[k]);
}

/* Read a plan from `args` (build's arguments) into p; 0 with an exception set when they do not
   parse or agree (release_plan then only when it returned 1). */
static int read_plan(PyObject *args, zdd_plan *p, plan_args *a) {
    memset(a, 0, sizeof *a);
    if (!PyArg_ParseTuple(args, "iiy*y*y*KKp|iy*y*y*y*y*", &p->words, &p->exact, &a->masks,
                          &a->starts, &a->options, &a->memo_bytes, &a->max_nodes, &p->mrv,
                          &p->field_width, &a->extra[0], &a->extra[1], &a->extra[2],
                          &a->extra[3], &a->extra[4]))
        return 0;
    Py_ssize_t len[5];
    for (int k = 0; k < 5; k++) len[k] = a->extra[k].obj != NULL ? a->extra[k].len / 4 : 0;
    Py_ssize_t row = (Py_ssize_t)sizeof(uint64_t) * (p->words > 0 ? p->words : 1);
    if (a->masks.len % row || a->starts.len % 4 || a->options.len % 4 ||
        a->masks.len / row > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "a ZDD plan's arrays have the wrong sizes");
        return release_plan(a), 0;
    }
    p->option_count = (int)(a->masks.len / row);
    p->masks = a->masks.buf, p->starts = a->starts.buf, p->options = a->options.buf;
    p->memo_bytes = (size_t)a->memo_bytes, p->max_nodes = a->max_nodes, p->poll = binding_poll;
    p->context = (void *)&signals_only; /* read, never written, by binding_poll */
    if (a->extra[0].obj != NULL && len[0] > 0) {
        p->paint_start = a->extra[0].buf, p->paints = a->extra[1].buf;
        p->tally_start = a->extra[2].buf, p->tallies = a->extra[3].buf;
        p->lows = a->extra[4].buf, p->low_count = (int)(len[4] / 2);
    }
    int lengths_ok = 1;
    for (int k = 0; k < 5; k++) lengths_ok &= a->extra[k].obj == NULL || a->extra[k].len % 4 == 0;
    if (!lengths_ok || !plan_ok(p, a->starts.len / 4, a->options.len / 4) ||
        (p->paint_start != NULL && !extras_ok(p, len))) {
        PyErr_SetString(PyExc_ValueError, "a ZDD plan's arrays do not agree");
        return release_plan(a), 0;
    }
    return 1;
}

static PyObject *build(PyObject *module, PyObject *args) {
    (void)module;
    zdd_plan p = {0};
    plan_args a;
    if (!read_plan(args, &p, &a)) return NULL;
    PyObject *answer = NULL;
    zdd_result z = {0};
    uint32_t root = 0;
    int status = zdd_build(&p, &z, &root);
    if (status == ZDD_OK) answer = give_back(&z, root);
    else if (status == ZDD_NO_MEMORY) PyErr_NoMemory();
    else if (status == ZDD_TOO_MANY_NODES)
        PyErr_SetString(PyExc_MemoryError, "the ZDD would have more than 2**32 nodes");
    else if (status == ZDD_BUDGET) /* with what the search met so far: a probe reads it */
        PyErr_SetObject(PyExc_OverflowError,
                        Py_BuildValue("(s(KKKd))", "the search passed its budget of nodes",
                                      z.nodes, z.hits, z.entries, z.done));
    /* ZDD_STOPPED: the signal handler's exception is set */
    zdd_free(&z);
    release_plan(&a);
    return answer;
}

static PyObject *estimate(PyObject *module, PyObject *args) {
    (void)module;
    Py_ssize_t n = PyTuple_Size(args);
    PyObject *head = PyTuple_GetSlice(args, 0, 3), *rest = PyTuple_GetSlice(args, 3, n);
    zdd_plan p = {0}, f;
    plan_args a;
    Py_buffer starts = {0}, options = {0};
    int walks = 0, ok = head != NULL && rest != NULL &&
                        PyArg_ParseTuple(head, "iy*y*", &walks, &starts, &options);
    PyObject *answer = NULL;
    if (ok && read_plan(rest, &p, &a)) {
        f = p;
        f.starts = starts.buf, f.options = options.buf;
        double out[4];
        if (walks < 1 || starts.len != a.starts.len || options.len % 4 ||
            !plan_ok(&f, starts.len / 4, options.len / 4))
            PyErr_SetString(PyExc_ValueError, "a ZDD plan's arrays do not agree");
        else if (zdd_estimate(&p, &f, walks, out) != ZDD_OK) PyErr_NoMemory();
        else
            answer = Py_BuildValue("(dddN)", out[0], out[1], out[2], PyBool_FromLong(out[3] != 0));
        release_plan(&a);
    }
    if (ok) PyBuffer_Release(&starts), PyBuffer_Release(&options);
    Py_XDECREF(head), Py_XDECREF(rest);
    return answer;
}

static PyMethodDef methods[] = {
    {"build", build, METH_VARARGS,
     "build(words, exact, masks, starts, options, memo_bytes, max_nodes, mrv[, field_width, "
     "paint_start, paints, tally_start, tallies, lows]): the ZDD's nodes."},
    {"estimate", estimate, METH_VARARGS,
     "estimate(walks, frontier_starts, frontier_options, *build's arguments): Knuth's estimate "
     "of the MRV search (nodes, work in entries' worth), the frontier's entries per node, and "
     "whether MRV keeps counts (else it scans)."},
    {NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dlx.engines.zdd._zdd",
    .m_doc = "Knuth's Algorithm Z (DLX6) on bit sets, compiled.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__zdd(void) { return binding_module(&module, 0, NULL, NULL); }

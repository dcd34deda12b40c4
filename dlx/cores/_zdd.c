/* The compiled ZDD search: one function over csrc/zdd.c (Knuth's Algorithm Z on bit sets).
   `build(words, exact, masks, starts, options, memo_bytes, max_nodes, mrv[, field_width,
   paint_start, paints, tally_start, tallies, lows])` takes a plan as bytes (see
   dlx/cores/zdd_compiled.py) and returns (var, lo, hi, root, (nodes, hits, entries, given_up,
   peak_bytes)), the nodes as bytes of 32-bit numbers. The GIL is held: Ctrl-C is polled every
   few thousand nodes. dlx/cores/zdd_search.py is the oracle. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "csrc/zdd.h"

static int poll_signals(void *context) {
    (void)context;
    return PyErr_CheckSignals() != 0;
}

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

static PyObject *build(PyObject *module, PyObject *args) {
    (void)module;
    zdd_plan p = {0};
    Py_buffer masks, starts, options, extra[5] = {{0}};
    unsigned long long memo_bytes, max_nodes;
    if (!PyArg_ParseTuple(args, "iiy*y*y*KKp|iy*y*y*y*y*", &p.words, &p.exact, &masks, &starts,
                          &options, &memo_bytes, &max_nodes, &p.mrv, &p.field_width, &extra[0],
                          &extra[1], &extra[2], &extra[3], &extra[4]))
        return NULL;
    PyObject *answer = NULL;
    Py_ssize_t len[5];
    for (int k = 0; k < 5; k++) len[k] = extra[k].obj != NULL ? extra[k].len / 4 : 0;
    Py_ssize_t row = (Py_ssize_t)sizeof(uint64_t) * (p.words > 0 ? p.words : 1);
    if (masks.len % row || starts.len % 4 || options.len % 4 || masks.len / row > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "a ZDD plan's arrays have the wrong sizes");
        goto done;
    }
    p.option_count = (int)(masks.len / row);
    p.masks = masks.buf, p.starts = starts.buf, p.options = options.buf;
    p.memo_bytes = (size_t)memo_bytes, p.max_nodes = max_nodes, p.poll = poll_signals;
    if (extra[0].obj != NULL && len[0] > 0) {
        p.paint_start = extra[0].buf, p.paints = extra[1].buf, p.tally_start = extra[2].buf;
        p.tallies = extra[3].buf, p.lows = extra[4].buf, p.low_count = (int)(len[4] / 2);
    }
    int lengths_ok = 1;
    for (int k = 0; k < 5; k++) lengths_ok &= extra[k].obj == NULL || extra[k].len % 4 == 0;
    if (!lengths_ok || !plan_ok(&p, starts.len / 4, options.len / 4) ||
        (p.paint_start != NULL && !extras_ok(&p, len))) {
        PyErr_SetString(PyExc_ValueError, "a ZDD plan's arrays do not agree");
        goto done;
    }
    zdd_result z = {0};
    uint32_t root = 0;
    int status = zdd_build(&p, &z, &root);
    if (status == ZDD_OK) answer = give_back(&z, root);
    else if (status == ZDD_NO_MEMORY) PyErr_NoMemory();
    else if (status == ZDD_TOO_MANY_NODES)
        PyErr_SetString(PyExc_MemoryError, "the ZDD would have more than 2**32 nodes");
    else if (status == ZDD_BUDGET)
        PyErr_Format(PyExc_OverflowError, "more than %llu nodes", max_nodes);
    /* ZDD_STOPPED: the signal handler's exception is set */
    zdd_free(&z);
done:
    PyBuffer_Release(&masks), PyBuffer_Release(&starts), PyBuffer_Release(&options);
    for (int k = 0; k < 5; k++)
        if (extra[k].obj != NULL) PyBuffer_Release(&extra[k]);
    return answer;
}

static PyMethodDef methods[] = {
    {"build", build, METH_VARARGS,
     "build(words, exact, masks, starts, options, memo_bytes, max_nodes, mrv[, field_width, "
     "paint_start, paints, tally_start, tallies, lows]): the ZDD's nodes."},
    {NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dlx.cores._zdd",
    .m_doc = "Knuth's Algorithm Z (DLX6) on bit sets, compiled.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__zdd(void) { return PyModule_Create(&module); }

/* memo.c: the failure memo's exact store, an open-addressing table of packed states. */

#include "memo.h"

static void Memo_dealloc(MemoObject *self) {
    PyMem_RawFree(self->hashes);
    PyMem_RawFree(self->where);
    PyMem_RawFree(self->pool);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

void memo_clear(MemoObject *m) {
    if (m->hashes) memset(m->hashes, 0, sizeof(uint64_t) * (size_t)m->slots);
    m->count = 0;
}

int memo_find(const MemoObject *m, uint64_t h, const uint64_t *state) {
    if (m->count == 0) return 0;
    size_t mask = (size_t)m->slots - 1;
    for (size_t s = (size_t)(h >> 7) & mask;; s = (s + 1) & mask) {
        if (m->hashes[s] == 0) return 0;
        if (m->hashes[s] == h &&
            memcmp(m->pool + (size_t)m->where[s] * (size_t)m->words, state,
                   sizeof(uint64_t) * (size_t)m->words) == 0)
            return 1;
    }
}

/* Whether a state of hash h may be stored: when none is, a state need not be packed to be
   looked up (most lookups miss). */
int memo_has_hash(const MemoObject *m, uint64_t h) {
    if (m->count == 0) return 0;
    size_t mask = (size_t)m->slots - 1;
    for (size_t s = (size_t)(h >> 7) & mask; m->hashes[s] != 0; s = (s + 1) & mask)
        if (m->hashes[s] == h) return 1;
    return 0;
}

static int memo_grow(MemoObject *m) {
    Py_ssize_t slots = m->slots ? m->slots * 2 : 1024;
    uint64_t *hashes = PyMem_RawCalloc((size_t)slots, sizeof(uint64_t));
    Py_ssize_t *where = PyMem_RawCalloc((size_t)slots, sizeof(Py_ssize_t));
    if (!hashes || !where) {
        PyMem_RawFree(hashes);
        PyMem_RawFree(where);
        return -1;
    }
    size_t mask = (size_t)slots - 1;
    for (Py_ssize_t k = 0; k < m->slots; k++) {
        if (m->hashes[k] == 0) continue;
        size_t s = (size_t)(m->hashes[k] >> 7) & mask;
        while (hashes[s]) s = (s + 1) & mask;
        hashes[s] = m->hashes[k];
        where[s] = m->where[k];
    }
    PyMem_RawFree(m->hashes);
    PyMem_RawFree(m->where);
    m->hashes = hashes;
    m->where = where;
    m->slots = slots;
    return 0;
}

/* Add a state (absent or not: a set's add); -1 when memory runs out (no exception set). */
int memo_add(MemoObject *m, uint64_t h, const uint64_t *state) {
    if (memo_find(m, h, state)) return 0;
    if ((m->count + 1) * 2 > m->slots && memo_grow(m) < 0) return -1;
    if (m->count >= m->pool_cap) {
        Py_ssize_t cap = m->pool_cap ? m->pool_cap * 2 : 1024;
        uint64_t *pool = PyMem_RawRealloc(m->pool, sizeof(uint64_t) * (size_t)cap * (size_t)m->words);
        if (pool == NULL) return -1;
        m->pool = pool;
        m->pool_cap = cap;
    }
    memcpy(m->pool + (size_t)m->count * (size_t)m->words, state, sizeof(uint64_t) * (size_t)m->words);
    size_t mask = (size_t)m->slots - 1;
    size_t s = (size_t)(h >> 7) & mask;
    while (m->hashes[s]) s = (s + 1) & mask;
    m->hashes[s] = h;
    m->where[s] = m->count++;
    return 0;
}

static PyObject *Memo_len(MemoObject *self, PyObject *unused) {
    return PyLong_FromSsize_t(self->count);
}

static PyObject *Memo_clear(MemoObject *self, PyObject *unused) {
    if (self->in_use) {
        PyErr_SetString(PyExc_ValueError, "this memo store is in use by a search");
        return NULL;
    }
    memo_clear(self);
    Py_RETURN_NONE;
}

static PyMethodDef Memo_methods[] = {
    {"size", (PyCFunction)Memo_len, METH_NOARGS, "The number of states stored."},
    {"clear", (PyCFunction)Memo_clear, METH_NOARGS, "Forget every state."},
    {NULL}};

PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx.cores.links._links.Memo",
    .tp_basicsize = sizeof(MemoObject),
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The failure memo's states of one core, kept exactly (made by Core.memo()).",
    .tp_methods = Memo_methods,
};

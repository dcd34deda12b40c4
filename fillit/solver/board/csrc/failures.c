/* failures.c: the failures kept (fillit/solver/board/failures.py, `FailedStates`, whose docstring gives the
   idea), compiled for the compiled check (pruner.c), answering the same.

   The data structure. A failure is a set of free cells (`words` words, as in board.c) in which
   the pieces left (a count per shape) were proven not to fit. Failures are kept by kind: the
   pieces left and the first free cell (its bit number, -1 when none is free). Each kind is one
   allocation, its counts after its header, with a ring of its latest `keep` sets beside it,
   grown by doubling as it fills (most kinds keep a few). The kinds sit in an open-addressing
   table (linear probing, a power of two in size, at most half full), of pointers, NULL for an
   empty slot. After `capacity` adds everything is forgotten and keeping starts afresh, as in
   Python. `cuts` counts the states settled. Everything lives in the `Failures` object, which a
   `fillit.solver.board.packing.Packing` owns and shares among all its searches. */

#include "board.h"

struct Kind {
    uint64_t hash;
    int first;  /* the first free cell, or -1 */
    int count;  /* sets kept */
    int room;   /* sets `sets` has room for */
    int next;   /* once `count` is `keep`: the oldest set, overwritten next */
    word *sets;
    int left[]; /* the pieces left of each shape */
};

/* The first bit of a set, or -1 when it is empty. */
static int first_bit(const word *set, int words) {
    for (int i = 0; i < words; i++)
        if (set[i]) return 64 * i + __builtin_ctzll(set[i]);
    return -1;
}

static uint64_t kind_hash(const int *left, int shapes, int first) {
    return hash_counts((uint64_t)(int64_t)first, left, shapes);
}

/* The slot of the kind (left, first): the one holding it, or the empty one where it would go. */
static Kind **slot_of(FailuresObject *self, const int *left, int first, uint64_t hash) {
    size_t mask = self->slots - 1;
    for (size_t k = hash & mask;; k = (k + 1) & mask) {
        Kind *kind = self->table[k];
        if (kind == NULL || (kind->hash == hash && kind->first == first &&
                             !memcmp(kind->left, left, sizeof(int) * (size_t)self->shapes)))
            return &self->table[k];
    }
}

static void forget(FailuresObject *self) {
    for (size_t k = 0; k < self->slots; k++) {
        if (self->table[k] == NULL) continue;
        PyMem_Free(self->table[k]->sets);
        PyMem_Free(self->table[k]);
        self->table[k] = NULL;
    }
    self->used = 0;
    self->added = 0;
}

/* Twice the slots, every kind moved to its new slot; -1 (MemoryError) when out of memory. */
static int grow(FailuresObject *self) {
    size_t slots = self->slots ? 2 * self->slots : 64;
    Kind **old = self->table, **table = PyMem_Calloc(slots, sizeof(Kind *));
    if (table == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    size_t before = self->slots;
    self->table = table;
    self->slots = slots;
    for (size_t k = 0; k < before; k++)
        if (old[k] != NULL) *slot_of(self, old[k]->left, old[k]->first, old[k]->hash) = old[k];
    PyMem_Free(old);
    return 0;
}

/* A new kind of no sets in `*slot`; -1 (MemoryError) when out of memory. */
static int new_kind(FailuresObject *self, Kind **slot, const int *left, int first, uint64_t hash) {
    Kind *kind = PyMem_Malloc(sizeof(Kind) + sizeof(int) * (size_t)self->shapes);
    if (kind == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    kind->hash = hash;
    kind->first = first;
    kind->count = kind->room = kind->next = 0;
    kind->sets = NULL;
    memcpy(kind->left, left, sizeof(int) * (size_t)self->shapes);
    *slot = kind;
    self->used++;
    return 0;
}

/* Keep a failure: the pieces `left` do not fit the `free` cells (`FailedStates.add`); -1 with
   MemoryError when out of memory. */
int failures_add(FailuresObject *self, const word *free, const int *left) {
    if (self->added >= self->capacity) forget(self);
    int first = first_bit(free, self->words);
    uint64_t hash = kind_hash(left, self->shapes, first);
    if (2 * (self->used + 1) > self->slots && grow(self) < 0) return -1;
    Kind **slot = slot_of(self, left, first, hash);
    if (*slot == NULL && new_kind(self, slot, left, first, hash) < 0) return -1;
    Kind *kind = *slot;
    size_t words = (size_t)self->words;
    if (kind->count == kind->room && kind->room < self->keep) {
        int room = kind->room ? 2 * kind->room : 1;
        room = room < self->keep ? room : self->keep;
        word *sets = PyMem_Realloc(kind->sets, sizeof(word) * words * (size_t)room);
        if (sets == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        kind->sets = sets;
        kind->room = room;
    }
    int at = kind->count < self->keep ? kind->count++ : kind->next;
    if (kind->count == self->keep) kind->next = (at + 1) % self->keep;
    memcpy(kind->sets + words * (size_t)at, free, sizeof(word) * words);
    self->added++;
    return 0;
}

/* The set `back` places before the latest of a kind (0: the latest). */
static const word *kept_set(const FailuresObject *self, const Kind *kind, int back) {
    int latest = kind->count < self->keep ? kind->count - 1 : kind->next - 1 + kind->count;
    return kind->sets + (size_t)self->words * (size_t)((latest - back) % kind->count);
}

/* Whether one of the `count` sets of `sets` (`words` words each) holds every cell of `free`:
   inlined for each usual `words`, so that the loop over words unrolls. In the order they are
   stored, not the latest first: whether one does is the same. */
static inline __attribute__((always_inline)) int covered(const word *free, const word *sets,
                                                         int count, int words) {
    for (int k = 0; k < count; k++, sets += words) {
        word outside = 0;
        for (int i = 0; i < words; i++) outside |= free[i] & ~sets[i];
        if (!outside) return 1;
    }
    return 0;
}

/* Whether a failure kept settles the pieces `left` in the `free` cells (`FailedStates.settles`):
   the same pieces, and every free cell free there too; `cuts` counts the states settled. */
int failures_settle(FailuresObject *self, const word *free, const int *left) {
    if (self->slots == 0) return 0;
    int first = first_bit(free, self->words);
    Kind *kind = *slot_of(self, left, first, kind_hash(left, self->shapes, first));
    if (kind == NULL) return 0;
    int found;
    switch (self->words) {
    case 1: found = covered(free, kind->sets, kind->count, 1); break;
    case 2: found = covered(free, kind->sets, kind->count, 2); break;
    case 3: found = covered(free, kind->sets, kind->count, 3); break;
    case 4: found = covered(free, kind->sets, kind->count, 4); break;
    default: found = covered(free, kind->sets, kind->count, self->words);
    }
    self->cuts += found;
    return found;
}

/* Failures(bits, shapes, keep, capacity): an empty store for a board of `bits` bits and
   `shapes` shapes. */
static int Failures_init(FailuresObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"bits", "shapes", "keep", "capacity", NULL};
    int bits, shapes, keep;
    long long capacity;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiiL", kwlist, &bits, &shapes, &keep, &capacity))
        return -1;
    if (self->words != 0) {
        PyErr_SetString(PyExc_TypeError, "Failures is initialised once");
        return -1;
    }
    if (bits < 0 || bits > 64 * MAX_WORDS || shapes < 0 || shapes > 4096 || keep < 1) {
        PyErr_SetString(PyExc_ValueError, "a board too large to compile, or no failure kept");
        return -1;
    }
    self->words = words_for(bits);
    self->shapes = shapes;
    self->keep = keep;
    self->capacity = capacity;
    return 0;
}

static void Failures_dealloc(FailuresObject *self) {
    forget(self);
    PyMem_Free(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The free cells and pieces left of a Python call (free, remaining) into `free` and `left` (of
   `self->shapes`, on the stack for the usual few); -1 with an exception. */
static int read_state(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs, word *free,
                      int *left) {
    if (self->words == 0) {
        PyErr_SetString(PyExc_TypeError, "Failures was not initialised");
        return -1;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "expected (free: int, remaining: tuple)");
        return -1;
    }
    if (read_counts(args[1], left, self->shapes) < 0) return -1;
    return read_set(args[0], free, self->words);
}

/* Runs `then` on the state read from the arguments; NULL with an exception. */
static PyObject *with_state(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs,
                            int (*then)(FailuresObject *, const word *, const int *)) {
    word free[MAX_WORDS];
    int stack[32], *left = stack;
    if (self->shapes > 32 && (left = PyMem_Malloc(sizeof(int) * (size_t)self->shapes)) == NULL)
        return PyErr_NoMemory();
    int r = read_state(self, args, nargs, free, left);
    if (r == 0) r = then(self, free, left);
    if (left != stack) PyMem_Free(left);
    return r < 0 ? NULL : PyBool_FromLong(r);
}

static PyObject *Failures_add(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *r = with_state(self, args, nargs, failures_add);
    if (r == NULL) return NULL;
    Py_DECREF(r);
    Py_RETURN_NONE;
}

static PyObject *Failures_settles(FailuresObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return with_state(self, args, nargs, failures_settle);
}

/* One kind's key, (pieces left, its first free cell as a bit), and its sets, the latest first. */
static int kept_item(FailuresObject *self, const Kind *kind, PyObject *kept) {
    PyObject *left = PyTuple_New(self->shapes), *sets = PyList_New(kind->count), *key = NULL;
    int ok = left != NULL && sets != NULL;
    for (int s = 0; ok && s < self->shapes; s++) {
        PyObject *v = PyLong_FromLong(kind->left[s]);
        if (v == NULL) ok = 0;
        else PyTuple_SET_ITEM(left, s, v);
    }
    for (int k = 0; ok && k < kind->count; k++) {
        PyObject *v = set_to_int(kept_set(self, kind, k), self->words);
        if (v == NULL) ok = 0;
        else PyList_SET_ITEM(sets, k, v);
    }
    word bit[MAX_WORDS] = {0};
    if (kind->first >= 0) bit[kind->first / 64] = (word)1 << (kind->first % 64);
    PyObject *first = ok ? set_to_int(bit, self->words) : NULL;
    if (first != NULL) key = PyTuple_Pack(2, left, first);
    ok = key != NULL && PyDict_SetItem(kept, key, sets) == 0;
    Py_XDECREF(first);
    Py_XDECREF(key);
    Py_XDECREF(left);
    Py_XDECREF(sets);
    return ok ? 0 : -1;
}

static PyObject *Failures_get_kept(FailuresObject *self, void *unused) {
    PyObject *kept = PyDict_New();
    for (size_t k = 0; kept != NULL && k < self->slots; k++)
        if (self->table[k] != NULL && kept_item(self, self->table[k], kept) < 0) Py_CLEAR(kept);
    return kept;
}

static PyObject *Failures_get_cuts(FailuresObject *self, void *unused) {
    return PyLong_FromLongLong(self->cuts);
}

static PyMethodDef Failures_methods[] = {
    {"add", (PyCFunction)(void (*)(void))Failures_add, METH_FASTCALL,
     "add(free, remaining): keep a failure: the remaining pieces do not fit the free cells."},
    {"settles", (PyCFunction)(void (*)(void))Failures_settles, METH_FASTCALL,
     "settles(free, remaining): whether a failure kept shows the pieces do not fit."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Failures_getset[] = {
    {"cuts", (getter)Failures_get_cuts, NULL, "How many states the failures kept settled.", NULL},
    {"kept", (getter)Failures_get_kept, NULL,
     "A copy: (pieces left, first free cell as a bit) -> the free cells kept, the latest first.",
     NULL},
    {NULL},
};

PyTypeObject FailuresType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board.Failures",
    .tp_basicsize = sizeof(FailuresObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Failures(bits, shapes, keep, capacity): fillit.solver.board.failures.FailedStates, compiled.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Failures_init,
    .tp_dealloc = (destructor)Failures_dealloc,
    .tp_methods = Failures_methods,
    .tp_getset = Failures_getset,
};

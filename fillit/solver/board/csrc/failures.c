/* failures.c: the failures kept (fillit/solver/board/failures.py, `FailedStates`, whose docstring gives the
   idea), compiled for the compiled check (check.c), answering the same.

   The data structure. A failure is a set of free cells (`words` words, as in cells.c) in which
   the pieces left (a count per shape) were proven not to fit. Failures are kept by kind: the
   pieces left and the first free cell (its bit number, -1 when none is free). Each kind is one
   allocation, its counts after its header, with a ring of its latest `keep` sets beside it,
   grown by doubling as it fills (most kinds keep a few). The kinds sit in an open-addressing
   table (linear probing, a power of two in size, at most half full), of pointers, NULL for an
   empty slot. After `capacity` adds everything is forgotten and keeping starts afresh, as in
   Python. `cuts` counts the states settled. Everything lives in the `Failures` object, which a
   `fillit.solver.board.packing.Packing` owns and shares among all its searches. */

#include "board.h"

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

void failures_forget(FailuresObject *self) {
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
    if (self->added >= self->capacity) failures_forget(self);
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
const word *failures_kept_set(const FailuresObject *self, const Kind *kind, int back) {
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

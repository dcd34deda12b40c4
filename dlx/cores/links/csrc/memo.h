/* memo.h: the failure memo's exact store of states (see memo.c). */

#ifndef DLX_MEMO_H
#define DLX_MEMO_H

#include "links.h"

/* ---------- The failure memo's exact store ---------- */

/* States are packed bit strings (each item's use count in its field, then its 'left' flag),
   kept whole in `pool` and found by a 64-bit hash in an open-addressing table: a hash hit is
   a hit only when the packed states are equal, so no two states are ever confused. The search
   may store states without the GIL, so the store's memory comes from PyMem_Raw*. */
typedef struct {
    PyObject_HEAD
    long long owner;        /* the serial of the core whose states these are */
    int in_use;             /* held by a search, which may run without the GIL */
    int words;
    Py_ssize_t count, slots; /* states stored, table size (a power of 2) */
    uint64_t *hashes;        /* per slot; 0 marks an empty slot (hashes are forced odd) */
    Py_ssize_t *where;       /* per slot, the state's index in pool */
    uint64_t *pool;
    Py_ssize_t pool_cap;     /* states the pool can hold */
} MemoObject;

DLX_INTERNAL extern PyTypeObject MemoType;
DLX_INTERNAL void memo_clear(MemoObject *m);
DLX_INTERNAL int memo_find(const MemoObject *m, uint64_t h, const uint64_t *state);
DLX_INTERNAL int memo_has_hash(const MemoObject *m, uint64_t h);
DLX_INTERNAL int memo_add(MemoObject *m, uint64_t h, const uint64_t *state);

#endif

/* memo.h: the failure memo's exact store of states (see memo.c). */

#ifndef DLX_MEMO_H
#define DLX_MEMO_H

#include "links.h"

/* ---------- The failure memo's exact store ---------- */

/* States are packed bit strings (each item's use count in its field, then its 'left' flag),
   kept whole in `pool` and found by a 64-bit hash in an open-addressing table: a hash hit is
   a hit only when the packed states are equal, so no two states are ever confused. The search
   may store states without the GIL: the store is plain C (malloc), and the binding's `Memo`
   object wraps it. */
typedef struct {
    int words;              /* 64-bit words in a state */
    size_t count, slots;    /* states stored, table size (a power of 2) */
    uint64_t *hashes;       /* per slot; 0 marks an empty slot (hashes are forced odd) */
    size_t *where;          /* per slot, the state's index in pool */
    uint64_t *pool;
    size_t pool_cap;        /* states the pool can hold */
} memo_store;

DLX_INTERNAL void memo_init(memo_store *m, int words);
DLX_INTERNAL void memo_free(memo_store *m);
DLX_INTERNAL void memo_clear(memo_store *m);
DLX_INTERNAL int memo_find(const memo_store *m, uint64_t h, const uint64_t *state);
DLX_INTERNAL int memo_has_hash(const memo_store *m, uint64_t h);
DLX_INTERNAL int memo_add(memo_store *m, uint64_t h, const uint64_t *state);

#endif

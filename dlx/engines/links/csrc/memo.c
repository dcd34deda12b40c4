/* memo.c: the failure memo's exact store, an open-addressing table of packed states. */

#include "memo.h"

/* An empty store of states `words` 64-bit words long (it allocates on its first add). */
void memo_init(memo_store *m, int words) {
    memset(m, 0, sizeof *m);
    m->words = words;
}

void memo_free(memo_store *m) {
    free(m->hashes);
    free(m->where);
    free(m->pool);
    memo_init(m, m->words);
}

void memo_clear(memo_store *m) {
    if (m->hashes) memset(m->hashes, 0, sizeof(uint64_t) * m->slots);
    m->count = 0;
}

int memo_find(const memo_store *m, uint64_t h, const uint64_t *state) {
    if (m->count == 0) return 0;
    size_t mask = m->slots - 1;
    for (size_t s = (size_t)(h >> 7) & mask;; s = (s + 1) & mask) {
        if (m->hashes[s] == 0) return 0;
        if (m->hashes[s] == h &&
            memcmp(m->pool + m->where[s] * (size_t)m->words, state,
                   sizeof(uint64_t) * (size_t)m->words) == 0)
            return 1;
    }
}

/* Whether a state of hash h may be stored: when none is, a state need not be packed to be
   looked up (most lookups miss). */
int memo_has_hash(const memo_store *m, uint64_t h) {
    if (m->count == 0) return 0;
    size_t mask = m->slots - 1;
    for (size_t s = (size_t)(h >> 7) & mask; m->hashes[s] != 0; s = (s + 1) & mask)
        if (m->hashes[s] == h) return 1;
    return 0;
}

static int memo_grow(memo_store *m) {
    size_t slots = m->slots ? m->slots * 2 : 1024;
    uint64_t *hashes = calloc(slots, sizeof(uint64_t));
    size_t *where = calloc(slots, sizeof(size_t));
    if (!hashes || !where) {
        free(hashes);
        free(where);
        return LINKS_NO_MEMORY;
    }
    size_t mask = slots - 1;
    for (size_t k = 0; k < m->slots; k++) {
        if (m->hashes[k] == 0) continue;
        size_t s = (size_t)(m->hashes[k] >> 7) & mask;
        while (hashes[s]) s = (s + 1) & mask;
        hashes[s] = m->hashes[k];
        where[s] = m->where[k];
    }
    free(m->hashes);
    free(m->where);
    m->hashes = hashes;
    m->where = where;
    m->slots = slots;
    return 0;
}

/* Add a state (absent or not: a set's add); LINKS_NO_MEMORY when memory runs out. */
int memo_add(memo_store *m, uint64_t h, const uint64_t *state) {
    if (memo_find(m, h, state)) return 0;
    if ((m->count + 1) * 2 > m->slots && memo_grow(m) < 0) return LINKS_NO_MEMORY;
    if (m->count >= m->pool_cap) {
        size_t cap = m->pool_cap ? m->pool_cap * 2 : 1024;
        uint64_t *pool = realloc(m->pool, sizeof(uint64_t) * cap * (size_t)m->words);
        if (pool == NULL) return LINKS_NO_MEMORY;
        m->pool = pool;
        m->pool_cap = cap;
    }
    memcpy(m->pool + m->count * (size_t)m->words, state, sizeof(uint64_t) * (size_t)m->words);
    size_t mask = m->slots - 1;
    size_t s = (size_t)(h >> 7) & mask;
    while (m->hashes[s]) s = (s + 1) & mask;
    m->hashes[s] = h;
    m->where[s] = m->count++;
    return 0;
}

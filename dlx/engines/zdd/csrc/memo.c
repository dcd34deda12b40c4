/* memo.c: the memo, which maps a state to its node (zdd.h): an open-addressing table whose keys
   sit inline, each beside its value; its cap, and what it gives up past it. */
#include "internal.h"

/* Past MEMO_TRIAL entries, a memo that has answered fewer than one in MEMO_WORTH of them is
   given up whole, and the search goes on without one: it was costing a look-up at every node
   and memory for nothing (6x6 skyscrapers: 6 hits for 1.29 M entries, 168 MB). The ZDD is the
   same (the unique table makes the nodes again as they were); only the work differs. */
#define MEMO_TRIAL (1 << 16)
#define MEMO_WORTH 1000

static size_t memo_size(size_t room, int words) {
    return room * ((size_t)words + 1) * sizeof(uint64_t);
}

int new_memo(zdd_result *z, size_t room, int words) {
    size_t stride = (size_t)words + 1;
    uint64_t *memo = malloc(room * stride * sizeof *memo);
    if (memo == NULL) return ZDD_NO_MEMORY;
    for (size_t s = 0; s < room; s++) memo[s * stride + (size_t)words] = EMPTY;
    z->memo = memo, z->memo_room = room, z->memo_count = 0;
    uint64_t bytes = memo_size(room, words);
    if (bytes > z->peak_bytes) z->peak_bytes = bytes;
    return ZDD_OK;
}

static void put(zdd_result *z, const uint64_t *state, uint64_t value, int words) {
    uint64_t *slot = memo_slot(z, state, words);
    memcpy(slot, state, (size_t)words * sizeof *state);
    slot[words] = value;
    z->memo_count++;
}

/* An entry's value: its node in the low half, its level (options taken) in the high half. */
static uint64_t entry(uint32_t node, int level) { return (uint64_t)level << 32 | node; }

/* How many entries stay when the memo keeps only the levels that are multiples of `stride`. */
static size_t kept_at(const zdd_result *z, int words, uint64_t stride) {
    size_t kept = 0, width = (size_t)words + 1;
    for (size_t s = 0; s < z->memo_room; s++) {
        uint64_t value = z->memo[s * width + (size_t)words];
        kept += value != EMPTY && (value >> 32) % stride == 0;
    }
    return kept;
}

/* Remember `state` -> `node`, met at `level` (1 when kept, 0 when not, or an error); a full
   memo doubles, or past the cap thins out:
   from then on it keeps only the states of every other level it kept before (`stride`
   doubles, until at most half its entries stay). A state of a level not kept is searched
   again when met, down to the next level kept: each thinning costs a few levels' search
   without memo, where emptying the memo made the work explode (every level searched again,
   down to the bottom: 70 x 8 dominoes under a 1 MB cap, where they need 1.3 MB, passed 20 M
   nodes, against 27 K). */
int remember(zdd_result *z, const zdd_plan *p, const uint64_t *state, uint32_t node,
             int level) {
    int words = p->words;
    if (z->memo == NULL) return 0; /* given up: it did not pay */
    if (z->entries >= MEMO_TRIAL && z->hits * MEMO_WORTH < z->entries) {
        z->given_up += z->memo_count;
        free(z->memo);
        z->memo = NULL, z->memo_room = z->memo_count = 0;
        return 0;
    }
    if ((uint64_t)level % z->stride != 0) return 0;
    if (2 * (z->memo_count + 1) > z->memo_room) {
        uint64_t *old = z->memo;
        size_t room = z->memo_room, bigger = 2 * room, width = (size_t)words + 1;
        size_t count = z->memo_count;
        int fits = memo_size(bigger, words) <= p->memo_bytes;
        while (!fits && kept_at(z, words, 2 * z->stride) > count / 2) z->stride *= 2;
        if (!fits) z->stride *= 2;
        if (new_memo(z, fits ? bigger : room, words) != ZDD_OK) {
            z->memo = old;  /* kept, so zdd_free releases it */
            return ZDD_NO_MEMORY;
        }
        for (size_t s = 0; s < room; s++) {
            uint64_t value = old[s * width + (size_t)words];
            if (value != EMPTY && (value >> 32) % z->stride == 0)
                put(z, old + s * width, value, words);
        }
        z->given_up += count - z->memo_count;
        free(old);
        if ((uint64_t)level % z->stride != 0) return 0;
    }
    put(z, state, entry(node, level), words);
    z->entries++;
    return 1;
}

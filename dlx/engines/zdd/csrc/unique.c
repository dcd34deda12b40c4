/* unique.c: the nodes of the ZDD, (var, lo, hi) in three arrays, numbered from 2 (0 and 1 are
   the sinks), children before parents, each made once through the unique table, an
   open-addressing table of node numbers hashed by their triple. */
#include "internal.h"

static uint64_t hash_node(uint32_t var, uint32_t lo, uint32_t hi) {
    return mix(((uint64_t)var << 32 ^ lo) * 0x9e3779b97f4a7c15ULL ^ hi);
}

int grow_nodes(zdd_result *z) {
    size_t room = z->room ? 2 * z->room : 1024;
    uint32_t *var = realloc(z->var, room * sizeof *var);
    if (var == NULL) return ZDD_NO_MEMORY;
    z->var = var;
    uint32_t *lo = realloc(z->lo, room * sizeof *lo);
    if (lo == NULL) return ZDD_NO_MEMORY;
    z->lo = lo;
    uint32_t *hi = realloc(z->hi, room * sizeof *hi);
    if (hi == NULL) return ZDD_NO_MEMORY;
    z->hi = hi;
    z->room = room;
    return ZDD_OK;
}

static void place_unique(zdd_result *z, uint32_t node) {
    size_t mask = z->unique_room - 1;
    size_t h = (size_t)hash_node(z->var[node], z->lo[node], z->hi[node]) & mask;
    while (z->unique[h]) h = (h + 1) & mask;
    z->unique[h] = node;
}

int grow_unique(zdd_result *z) {
    size_t room = z->unique_room ? 2 * z->unique_room : 4096;
    uint32_t *table = calloc(room, sizeof *table);
    if (table == NULL) return ZDD_NO_MEMORY;
    free(z->unique);
    z->unique = table;
    z->unique_room = room;
    for (size_t n = 2; n < z->count; n++) place_unique(z, (uint32_t)n);
    return ZDD_OK;
}

uint32_t make_node(zdd_result *z, uint32_t var, uint32_t lo, uint32_t hi, int *error) {
    size_t mask = z->unique_room - 1;
    size_t h = (size_t)hash_node(var, lo, hi) & mask;
    for (uint32_t n; (n = z->unique[h]) != 0; h = (h + 1) & mask)
        if (z->var[n] == var && z->lo[n] == lo && z->hi[n] == hi) return n;
    if (z->count >= EMPTY - 1) return *error = ZDD_TOO_MANY_NODES, 0;
    if (z->count == z->room && (*error = grow_nodes(z)) != ZDD_OK) return 0;
    uint32_t node = (uint32_t)z->count++;
    z->var[node] = var, z->lo[node] = lo, z->hi[node] = hi;
    if (2 * z->count > z->unique_room) {
        if ((*error = grow_unique(z)) != ZDD_OK) return 0;
    } else {
        z->unique[h] = node;
    }
    return node;
}

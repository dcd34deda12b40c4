/* board.h: what the algorithms of fillit.solver.board._board share: a board's cells as words of
   bits (cells.c explains them), its cell tests (`Cells`, cells.c) and the failures kept
   (failures.c), which the once-per-node check (check.c) reads. Their Python types are in
   ../binding. */

#ifndef FILLIT_BOARD_H
#define FILLIT_BOARD_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define FILLIT_INTERNAL __attribute__((visibility("hidden")))
#else
#define FILLIT_INTERNAL
#endif

#define MAX_WORDS 8 /* boards of up to 512 bits: side 22 with its spare column */

typedef uint64_t word;

typedef struct {
    PyObject_HEAD
    int words;          /* words in each set of cells */
    int stride;         /* bits from one row to the next */
    int shapes;         /* the number of shapes */
    int colours;        /* the number of colour masks (of all colour tests, in order) */
    int tests;          /* the number of colour tests */
    long waste_holes;   /* the regions' waste is checked with at most this many holes left */
    int popcnt;         /* the machine has x86's popcnt (with POPCNT_AT_RUNTIME) */
    int near;           /* every shape's offsets and the stride under 64: a shift's words are
                           the word it lands in and the next (cells.c's `live`) */
    int (*offsets)[4];  /* per shape, its four cells' offsets */
    long long *weight;  /* per colour mask, its weight in its test's place */
    int *test_of;       /* per colour mask, its test */
    word *block;        /* full, then the colour masks, then the scratch sets */
} CellsObject;

/* One kind of failure kept (failures.c): the pieces left and the first free cell. */
typedef struct {
    uint64_t hash;
    int first;  /* the first free cell, or -1 */
    int count;  /* sets kept */
    int room;   /* sets `sets` has room for */
    int next;   /* once `count` is `keep`: the oldest set, overwritten next */
    word *sets;
    int left[]; /* the pieces left of each shape */
} Kind;

typedef struct {
    PyObject_HEAD
    int words, shapes;  /* the size of a set of free cells, of a count of pieces left */
    int keep;           /* failures kept per kind (fillit.solver.board.failures.KEEP) */
    long long capacity; /* adds before all is forgotten (fillit.solver.board.failures.CAPACITY) */
    long long added, cuts;
    Kind **table;       /* the kinds, open addressing, at most half full; NULL: an empty slot */
    size_t slots, used;
} FailuresObject;

/* Whether popcnt is x86's optional instruction, not in the target: then the hottest counts
   ask the machine at run time (cells.c's `cells_places`), with GCC's or Clang's builtins. */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__) && defined(__GNUC__)
#define POPCNT_AT_RUNTIME 1
#else
#define POPCNT_AT_RUNTIME 0
#endif

/* The number of cells of `w`. On x86 without popcnt in the target (the build must run on any
   x86-64), GCC's builtin is a call into libgcc; this is the same count inlined (Hacker's Delight
   5-2). Other targets, or a build for popcnt, keep the builtin's instruction. */
static inline int popcount(word w) {
#if POPCNT_AT_RUNTIME
    w -= (w >> 1) & 0x5555555555555555ULL;
    w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
    w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((w * 0x0101010101010101ULL) >> 56);
#else
    return __builtin_popcountll(w);
#endif
}

/* A Cells' block: the board's cells, then its colour masks, then its scratch sets. */
enum { EMPTY, COVERED, SCRATCH };
static inline const word *full_of(const CellsObject *self) { return self->block; }
static inline word *mask_of(CellsObject *self, int k) { return self->block + (1 + k) * self->words; }
static inline word *scratch_of(CellsObject *self, int k) {
    return self->block + (1 + self->colours + k) * self->words;
}
static inline int words_for(int bits) {
    return bits / 64 + 1 > MAX_WORDS ? MAX_WORDS : bits / 64 + 1;
}

/* A hash of `seed` and the `n` counts (a polynomial in them, then MurmurHash3's finaliser, so
   that every bit of it depends on every count: tables take its low bits). */
static inline uint64_t hash_counts(uint64_t seed, const int *counts, int n) {
    uint64_t h = seed;
    for (int k = 0; k < n; k++) h = h * 0x9E3779B97F4A7C15ULL + (uint64_t)(uint32_t)counts[k] + 1;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ h >> 33;
}

FILLIT_INTERNAL int cells_live(CellsObject *self, const word *filled, const int *left, long *holes,
                               word *empty);
FILLIT_INTERNAL void cells_places(CellsObject *self, const word *empty, long long *places);
FILLIT_INTERNAL int failures_add(FailuresObject *self, const word *free, const int *left);
FILLIT_INTERNAL int failures_settle(FailuresObject *self, const word *free, const int *left);
FILLIT_INTERNAL void failures_forget(FailuresObject *self);
FILLIT_INTERNAL const word *failures_kept_set(const FailuresObject *self, const Kind *kind,
                                              int back);

#endif

/* cells.c: the cell tests of fillit's once-per-node check (fillit/solver/board/pruner.py), compiled;
   its Python type, `fillit.solver.board._board.Cells`, is in ../binding/cells.c.

   The data structure. A board's cells are bits, rows `stride` bits apart with a spare column
   between them (fillit/solver/board/packing.py); here a set of cells is `words` 64-bit words, bit
   i of the board in bit i % 64 of word i / 64, sized to the board when a `Cells` is made (a board
   that needs more than MAX_WORDS words is refused, and fillit then checks it in Python). A
   `Cells` owns one block of words: the board's cells, the cells of each colour of the colour
   tests, and the scratch sets a check works in, so a check allocates nothing. Each shape is its
   four cells as bit offsets from the corner of its box. A colour test is its masks, each with a
   weight: the test's place of a room is the sum of each mask's free cells times its weight.

   `cells_live` and `cells_places` are `fillit.solver.board.empty_cells.PythonCells.check` (the
   pure-Python reference, whose docstring gives the contract): the cells no piece left can reach,
   the waste of the regions of the others, and the place of the room in each colour test. No
   global state: everything a check reads or writes lives in its `Cells`. The whole
   once-per-node check over these tests is in check.c, the failures it keeps in failures.c. */

#include "board.h"

#define INLINE inline __attribute__((always_inline))


/* The shifts below read their source from a padded copy, `words` + 1 zero words on each side
   of it, so that they need no test at the ends (`words` is a constant where they are inlined, and
   a shift of n bits, 0 <= n <= 64 * words, reads only that copy). `pad` is the source's first
   word; `q`, `r` split n as n / 64, n % 64 (a shift by 64 - r is split in two: r may be 0). */

#define PADDED (3 * MAX_WORDS + 2)

/* The padded copy's first word, in `padded` (PADDED words) with its pads zero: only they are
   written, `words` of them being known where it is inlined (a memset of the whole array costs
   more than the check's shifts on small boards). */
static INLINE word *padded_in(word *padded, int words) {
    for (int i = 0; i < words + 1; i++) padded[i] = padded[2 * words + 1 + i] = 0;
    return padded + words + 1;
}

/* Word i of the source >> n. */
static INLINE word right_at(const word *pad, int i, int q, int r) {
    return pad[i + q] >> r | pad[i + q + 1] << 1 << (63 - r);
}

/* Word i of the source << n. */
static INLINE word left_at(const word *pad, int i, int q, int r) {
    return pad[i - q] << r | pad[i - q - 1] >> 1 >> (63 - r);
}

static INLINE int count(const word *set, int words) {
    int total = 0;
    for (int i = 0; i < words; i++) total += popcount(set[i]);
    return total;
}

/* The cells of `empty` that a piece left can cover (`Board.reach` in fillit/solver/board/pruner.py). */
static INLINE void reach(CellsObject *self, const word *empty, const int *left, word *covered,
                         int words, int near) {
    word room[PADDED], corners[PADDED];
    word *from = padded_in(room, words), *at = padded_in(corners, words);
    for (int i = 0; i < words; i++) from[i] = empty[i];
    memset(covered, 0, sizeof(word) * words);
    for (int s = 0; s < self->shapes; s++) {
        if (!left[s]) continue;
        const int *four = self->offsets[s];
        for (int i = 0; i < words; i++) { /* where the shape's first cell may go */
            word fits = ~(word)0;
            for (int j = 0; j < 4; j++)
                fits &= right_at(from, i, near ? 0 : four[j] / 64, four[j] % 64);
            at[i] = fits;
        }
        for (int i = 0; i < words; i++)
            for (int j = 0; j < 4; j++)
                covered[i] |= left_at(at, i, near ? 0 : four[j] / 64, four[j] % 64);
    }
}

/* Whether the regions of `empty` waste at most `holes` cells (`waste_fits`, fillit/answer.py);
   `empty` is consumed. A region grows from its first cell to its neighbours in `empty` until it
   stops, in place: a word grown reads the words grown before it in the same sweep, which only
   makes it grow sooner (any cell added is a neighbour of the region, and a sweep that adds
   nothing leaves the whole region). */
static INLINE int waste_fits(CellsObject *self, word *empty, long holes, int words, int near) {
    int stride = self->stride < 64 * words ? self->stride : 64 * words;
    int q = near ? 0 : stride / 64, r = stride % 64;
    long total = 0;
    word padded[PADDED], *region = padded_in(padded, words);
    for (;;) {
        int first = 0;
        while (first < words && !empty[first]) first++;
        if (first == words) return 1;
        for (int i = 0; i < words; i++) region[i] = 0;
        region[first] = empty[first] & -empty[first];
        for (int grew = 1; grew;) {
            grew = 0;
            for (int i = 0; i < words; i++) {
                word grown = (region[i] | left_at(region, i, 0, 1) | right_at(region, i, 0, 1) |
                              left_at(region, i, q, r) | right_at(region, i, q, r)) &
                             empty[i];
                grew |= grown != region[i];
                region[i] = grown;
            }
        }
        total += count(region, words) & 3;
        if (total > holes) return 0;
        for (int i = 0; i < words; i++) empty[i] ^= region[i];
    }
}

/* `cells_places` for sets of `words` words, inlined for each usual count as `live` is, and
   counting with the popcnt instruction when `popcnt` (only where the caller is compiled for it). */
static INLINE void places_in(CellsObject *self, const word *empty, long long *places, int words,
                             int popcnt) {
    const word *mask = mask_of(self, 0);
    int k = 0;
    for (int t = 0; t < self->tests; t++) {
        long long place = 0;
        for (; k < self->colours && self->test_of[k] == t; k++, mask += words) {
            long long room = 0;
            for (int i = 0; i < words; i++)
                room += popcnt ? __builtin_popcountll(empty[i] & mask[i]) : popcount(empty[i] & mask[i]);
            place += room * self->weight[k];
        }
        places[t] = place;
    }
}

/* `cells_places` with the words known, by the popcnt instruction or not (`places_in`). */
static INLINE void places_for(CellsObject *self, const word *empty, long long *places, int popcnt) {
    switch (self->words) {
    case 1: places_in(self, empty, places, 1, popcnt); break;
    case 2: places_in(self, empty, places, 2, popcnt); break;
    case 3: places_in(self, empty, places, 3, popcnt); break;
    case 4: places_in(self, empty, places, 4, popcnt); break;
    default: places_in(self, empty, places, self->words, popcnt);
    }
}

#if POPCNT_AT_RUNTIME
/* `places_for` compiled for x86's popcnt instruction, called only where the machine has it
   (`CellsObject.popcnt`): the build itself must run on any x86-64. The colour places count
   the most cells of the check. */
__attribute__((target("popcnt"))) static void places_popcnt(CellsObject *self, const word *empty,
                                                             long long *places) {
    places_for(self, empty, places, 1);
}
#endif

/* The place of the room of `empty` in each colour test, into `places` (a test's masks come one
   after another). */
void cells_places(CellsObject *self, const word *empty, long long *places) {
#if POPCNT_AT_RUNTIME
    if (self->popcnt) {
        places_popcnt(self, empty, places);
        return;
    }
#endif
    places_for(self, empty, places, 0);
}

/* `cells_live` for sets of `words` words: inlined for each usual count, so that the compiler
   unrolls the loops over words and copies in registers, and for `near` (`CellsObject.near`)
   known, so that the shifts' words are known too. */
static INLINE int live(CellsObject *self, const word *filled, const int *left, long *holes,
                       word *empty, int words, int near) {
    word *covered = scratch_of(self, COVERED);
    for (int i = 0; i < words; i++) empty[i] = full_of(self)[i] & ~filled[i];
    reach(self, empty, left, covered, words, near);
    for (int i = 0; i < words; i++) { /* the stuck cells: only a hole can fill them */
        word stuck = empty[i] & ~covered[i];
        *holes -= popcount(stuck);
        empty[i] ^= stuck;
    }
    if (*holes < 0) return 0;
    if (*holes > self->waste_holes) return 1; /* fillit.solver.board.empty_cells.WASTE_HOLES */
    memcpy(covered, empty, sizeof(word) * words); /* the reach is done with: waste eats a copy */
    return waste_fits(self, covered, *holes, words, near);
}

/* Whether the node of the `filled` cells lives: the cells no piece left (`left[s]` nonzero: some
   of shape s) can reach are taken off `*holes`, the others left in `empty` (which may be
   `filled` itself), and their regions must waste at most the holes left
   (`fillit.solver.board.empty_cells.PythonCells.check`). */
int cells_live(CellsObject *self, const word *filled, const int *left, long *holes, word *empty) {
    switch (self->words) { /* boards of side 7, 10, 13 and 15 at most */
    case 1: return self->near ? live(self, filled, left, holes, empty, 1, 1)
                              : live(self, filled, left, holes, empty, 1, 0);
    case 2: return self->near ? live(self, filled, left, holes, empty, 2, 1)
                              : live(self, filled, left, holes, empty, 2, 0);
    case 3: return self->near ? live(self, filled, left, holes, empty, 3, 1)
                              : live(self, filled, left, holes, empty, 3, 0);
    case 4: return self->near ? live(self, filled, left, holes, empty, 4, 1)
                              : live(self, filled, left, holes, empty, 4, 0);
    default: return live(self, filled, left, holes, empty, self->words, 0);
    }
}

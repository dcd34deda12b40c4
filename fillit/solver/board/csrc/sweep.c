/* sweep.c: the packing search of one board in one sweep order, compiled (its Python type,
   fillit.solver.board._board.Sweeper, in ../binding/sweep.c; fillit/solver/board/sweep.py gives
   it its frame and reads its answer).

   The board is seen in a frame where the sweep goes row by row from the top left: the first free
   cell is filled either by a piece whose first cell (the leftmost of its top row) lands there, or
   by a hole. Rows are words of `side` bits. At every node the cells no piece left can cover are
   filled as holes at once (a state dies when they outnumber the holes left), so a state is its
   first free cell, the cells filled after it and the pieces left; the holes left follow.

   The failures kept: a state proven to fail settles every later state with the same pieces left,
   the same first free cell, the same cells filled beyond its next four rows and, in those four
   rows, at least its cells filled (the same pieces, less room). They are kept per such key, the
   latest KEEP of each, in a table of BUCKETS keys (a key meeting another's slot replaces it),
   allocated at the first search and shared by the board's directions (each its own keys), kept
   across the searches of the board: what one proves
   stays true for the next, the options ruled out by floors only growing (canonical.floors).

   No Python runs inside the search but every POLL nodes, where Ctrl-C (PyErr_CheckSignals), the
   clock and the progress callback are asked. */


#include "sweep.h"

#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Ctrl-C, the clock, the progress callback: CUT or ERROR to stop, FOUND to go on. */
static int poll(Search *s) {
    if (PyErr_CheckSignals() < 0) return ERROR;
    if (s->deadline > 0 && now() >= s->deadline) return CUT;
    if (s->progress != Py_None) {
        PyObject *r = PyObject_CallFunction(s->progress, "LL", s->nodes, s->updates);
        if (r == NULL) return ERROR;
        Py_DECREF(r);
    }
    return FOUND;
}

static Bucket *bucket(const SweeperObject *sw, uint64_t counts, const uint64_t *far, int first) {
    uint64_t h = counts * 0x9E3779B97F4A7C15ull ^ (uint64_t)(first + 1) * 0xC2B2AE3D27D4EB4Full;
    h ^= far[0] * 0x165667B19E3779F9ull ^ far[1] * 0xD6E8FEB86659FD93ull ^ far[2];
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 29;
    return &sw->memo->table[h & (BUCKETS - 1)];
}

static int same_key(const Bucket *b, uint64_t counts, const uint64_t *far, int first) {
    return b->first == (uint32_t)(first + 1) && b->counts == counts && b->far[0] == far[0] &&
           b->far[1] == far[1] && b->far[2] == far[2];
}

/* The rows of the state from row r on: four near ones in one word, the rest in three. */
static void rows_of(const Search *s, int r, uint64_t *near, uint64_t *far) {
    const line *o = s->occ;
    *near = (uint64_t)o[r] | (uint64_t)o[r + 1] << 16 | (uint64_t)o[r + 2] << 32 |
            (uint64_t)o[r + 3] << 48;
    for (int w = 0; w < 3; w++) {
        far[w] = 0;
        for (int i = 0; i < 4; i++) far[w] |= (uint64_t)o[r + 4 + 4 * w + i] << (16 * i);
    }
}

/* The cells of a row that are set (no popcnt instruction is assumed: a few shifts and masks). */
static int count16(line x) {
    unsigned v = x;
    v = v - ((v >> 1) & 0x5555u);
    v = (v & 0x3333u) + ((v >> 2) & 0x3333u);
    v = (v + (v >> 4)) & 0x0F0Fu;
    return (int)((v + (v >> 8)) & 0x1Fu);
}

/* Fill the free cells of rows r to end - 1 that no piece left can cover as holes (saving those
   rows first): how many, or -1 when they outnumber the holes left (nothing is changed then).

   A child need not look far: its move (a piece whose top row is r, or a hole at r) leaves every
   placement of rows r + 4 on as it was, and its parent had no such cell, so below row r + 6 none
   appears unless the move took the last piece of a shape (`local` false: the whole board). Filling
   a cell no placement covers takes no placement away, so one pass is enough. */
static int fill_dead(Search *s, int r, int end, line *saved) {
    const SweeperObject *sw = s->sw;
    int side = sw->side;
    line cover[2 * SIDE] = {0};
    for (int k = 0; k < sw->shapes; k++) {
        if (s->count[k] == 0) continue;
        line corners = (line)((1u << (side - sw->width[k] + 1)) - 1);
        int last = end - 1 < side - sw->height[k] ? end - 1 : side - sw->height[k];
        for (int t = r; t <= last; t++) {
            line fit = corners;
            for (int i = 0; i < 4; i++)
                fit &= (line)((line)~s->occ[t + sw->row[k][i]] >> sw->col[k][i]);
            if (fit == 0) continue;
            for (int i = 0; i < 4; i++) cover[t + sw->row[k][i]] |= (line)(fit << sw->col[k][i]);
        }
    }
    int dead = 0;
    for (int t = r; t < end; t++) dead += count16((line)~s->occ[t] & sw->full & (line)~cover[t]);
    if (dead > s->holes) return -1;
    for (int t = r; t < end; t++) {
        saved[t] = s->occ[t];
        s->occ[t] |= (line)(sw->full & (line)~cover[t]);
    }
    return dead;
}

static int go(Search *s, int r, int local);

/* Shape k with its first cell at (r, c), if it goes there (the board, its floor): the outcome
   of the search below, or -1 when it does not. */
static int try_piece(Search *s, int k, int r, int c) {
    const SweeperObject *sw = s->sw;
    int left = c - sw->first[k], height = sw->height[k];
    if (left < 0 || left + sw->width[k] > sw->side || r + height > sw->side) return -1;
    if (s->floor[k] >= 0 && sw->option[k][r * SIDE + left] < s->floor[k]) return -1;
    for (int i = 0; i < height; i++)
        if (s->occ[r + i] & (line)(sw->mask[k][i] << left)) return -1;
    for (int i = 0; i < height; i++) s->occ[r + i] |= (line)(sw->mask[k][i] << left);
    s->count[k]--;
    s->left -= sw->radix[k];
    s->updates += 4;
    int outcome = go(s, r, s->count[k] > 0);
    s->count[k]++;
    s->left += sw->radix[k];
    for (int i = 0; i < height; i++) s->occ[r + i] &= (line)~(line)(sw->mask[k][i] << left);
    if (outcome == FOUND) {
        s->shape[s->placed] = k;
        s->top[s->placed] = r;
        s->corner[s->placed++] = left;
    }
    return outcome;
}

/* The search from the state of `s`, whose rows above r are full; `local`: the cells no piece can
   cover may only be in rows r to r + 6 (see fill_dead). */
static int go(Search *s, int r, int local) {
    SweeperObject *sw = s->sw;
    int side = sw->side;
    if (s->nodes >= s->cap) return CUT;
    if ((++s->nodes & (POLL - 1)) == 0) {
        int polled = poll(s);
        if (polled != FOUND) return polled;
    }
    while (r < side && s->occ[r] == sw->full) r++;
    if (r == side) return FOUND;
    line saved[2 * SIDE];
    int start = r, end = local && r + 7 < side ? r + 7 : side, outcome = REFUTED;
    int dead = fill_dead(s, r, end, saved);
    if (dead < 0) return REFUTED;
    s->holes -= dead;
    s->updates += dead;
    while (r < side && s->occ[r] == sw->full) r++;
    if (r == side) {
        outcome = FOUND;
        goto restore;
    }
    int c = __builtin_ctz((unsigned)(line)~s->occ[r]), first = (sw->tag * SIDE + r) * SIDE + c;
    uint64_t near, far[3];
    rows_of(s, r, &near, far);
    Bucket *b = bucket(sw, s->left, far, first);
    if (same_key(b, s->left, far, first))
        for (int i = 0; i < b->kept; i++)
            if (!(b->near[i] & ~near)) {
                sw->memo->cuts++;
                goto restore;
            }
    for (int k = 0; k < sw->shapes && outcome != FOUND; k++) {
        if (s->count[k] == 0) continue;
        int below = try_piece(s, k, r, c);
        if (below == CUT || below == ERROR) {
            outcome = below;
            goto restore;
        }
        if (below == FOUND) outcome = FOUND;
    }
    if (outcome != FOUND && s->holes > 0) {
        s->occ[r] |= (line)(1u << c);
        s->holes--;
        s->updates++;
        outcome = go(s, r, 1);
        s->holes++;
        s->occ[r] &= (line)~(line)(1u << c);
    }
    if (outcome == REFUTED) {
        if (!same_key(b, s->left, far, first)) {
            memset(b, 0, sizeof *b);
            b->first = (uint32_t)(first + 1);
            b->counts = s->left;
            memcpy(b->far, far, sizeof b->far);
        }
        b->near[b->next] = near;
        b->next = (uint16_t)((b->next + 1) % KEEP);
        if (b->kept < KEEP) b->kept++;
    }
restore:
    s->holes += dead;
    for (int t = start; t < end; t++) s->occ[t] = saved[t];
    return outcome;
}

int sweep_run(Search *s, double seconds) {
    MemoObject *memo = s->sw->memo;
    if (memo->table == NULL) {
        memo->table = PyMem_Calloc(BUCKETS, sizeof *memo->table);
        if (memo->table == NULL) {
            PyErr_NoMemory();
            return ERROR;
        }
    }
    s->deadline = seconds < 0 ? 0 : now() + seconds;
    return go(s, 0, 0);
}

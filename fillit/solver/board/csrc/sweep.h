/* sweep.h: the packing search of one board in one sweep order (sweep.c): a board's direction
   (`SweeperObject`), the failures its directions share (`MemoObject`) and one search's state
   (`Search`), for the search and its Python types (../binding/sweep.c). */

#ifndef FILLIT_SWEEP_H
#define FILLIT_SWEEP_H

#include "board.h"

#define SIDE 16       /* rows are 16-bit words */
#define SHAPES 19     /* the fixed tetrominoes */
#define KEEP 64
#define BUCKETS (1 << 16)
#define LEARN 2        /* a failure is kept when its subtree had more nodes than this */
#define POLL 4096     /* nodes between polls (a power of two) */

typedef uint16_t line;

enum { REFUTED = 0, FOUND = 1, CUT = 2, ERROR = 3 };

typedef struct {
    uint64_t counts, far[3]; /* the key: the pieces left (mixed radix), the rows beyond four */
    uint32_t first;          /* the first free cell + 1 (0: an empty bucket) */
    uint16_t next;           /* where the next failure of this key goes */
    uint16_t kept;           /* how many are kept (at most KEEP) */
    uint64_t near[KEEP];     /* per failure, its four rows from the first free cell's on */
} Bucket;

typedef struct {
    PyObject_HEAD
    Bucket *table; /* NULL until the first search */
    long long cuts;
} MemoObject;

typedef struct {
    PyObject_HEAD
    MemoObject *memo; /* the failures kept, shared by the board's directions */
    int tag;          /* this direction's part of their keys */
    int side, shapes;
    line full;
    int height[SHAPES], width[SHAPES], first[SHAPES], most[SHAPES];
    int row[SHAPES][4], col[SHAPES][4];
    line mask[SHAPES][4];
    uint64_t radix[SHAPES];
    int option[SHAPES][SIDE * SIDE]; /* per frame corner, the original option's number (floors) */
} SweeperObject;

typedef struct {
    SweeperObject *sw;
    line occ[2 * SIDE]; /* the rows past the board's are full */
    int count[SHAPES], floor[SHAPES], holes;
    uint64_t left; /* the pieces left, mixed radix */
    long long nodes, updates, cap;
    double deadline; /* CLOCK_MONOTONIC seconds, or 0 */
    PyObject *progress;
    int placed, shape[SIDE * SIDE], top[SIDE * SIDE], corner[SIDE * SIDE];
} Search;

/* The search from the state of `s` (its rows, counts, floors, holes, cap and progress set), for
   at most `seconds` (< 0: no limit): REFUTED, FOUND (`placed` and its arrays say what it put),
   CUT, or ERROR with an exception. The memo's table is allocated at the first search. */
FILLIT_INTERNAL int sweep_run(Search *s, double seconds);

#endif

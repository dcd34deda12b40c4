/* sweep.c: the packing search of one board in one sweep order, compiled
   (fillit.solver.board._board.Sweeper; fillit/solver/board/sweep.py gives it its frame and reads its answer).

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

#include "board.h"

#include <time.h>

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

/* The ints of a sequence of exactly n, or -1 with an exception set. */
static int ints(PyObject *seq, int n, long *out, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    for (int i = 0; ok && i < n; i++) {
        out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        ok = !(out[i] == -1 && PyErr_Occurred());
    }
    Py_DECREF(fast);
    if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, what);
    return ok ? 0 : -1;
}

/* Sweeper(side, shapes, counts, options, memo, tag): the board's side (at most 16), each shape's
   four cells ((row, column) pairs in the frame, row by row), how many pieces of each there are,
   per shape a sequence of side * side original option numbers by frame corner (row * side +
   column; -1 where it does not fit), the board's SweepMemo and the direction's tag (0 to 7). */
static int Sweeper_init(SweeperObject *self, PyObject *args, PyObject *kwds) {
    (void)kwds;
    int side;
    int tag;
    PyObject *shapes, *counts, *options, *memo;
    if (!PyArg_ParseTuple(args, "iOOOO!i", &side, &shapes, &counts, &options, &SweepMemoType, &memo,
                          &tag))
        return -1;
    if (tag < 0 || tag > 7) {
        PyErr_SetString(PyExc_ValueError, "Sweeper: the tag must be 0 to 7");
        return -1;
    }
    if (self->memo != NULL) { /* its failures kept hold for the board it was made for only */
        PyErr_SetString(PyExc_TypeError, "Sweeper: already initialised");
        return -1;
    }
    self->tag = tag;
    if (side < 1 || side > SIDE) {
        PyErr_SetString(PyExc_ValueError, "Sweeper: the side must be 1 to 16");
        return -1;
    }
    PyObject *shape_seq = PySequence_Fast(shapes, "Sweeper: shapes must be a sequence");
    if (shape_seq == NULL) return -1;
    PyObject *option_seq = PySequence_Fast(options, "Sweeper: options must be a sequence");
    PyObject *count_seq = PySequence_Fast(counts, "Sweeper: counts must be a sequence");
    int ok = 0;
    if (option_seq == NULL || count_seq == NULL) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(shape_seq);
    if (n < 1 || n > SHAPES || PySequence_Fast_GET_SIZE(option_seq) != n ||
        PySequence_Fast_GET_SIZE(count_seq) != n) {
        PyErr_SetString(PyExc_ValueError, "Sweeper: 1 to 19 shapes, a count and options each");
        goto done;
    }
    self->side = side;
    self->shapes = (int)n;
    self->full = (line)((1u << side) - 1);
    uint64_t radix = 1;
    for (int k = 0; k < self->shapes; k++) {
        int rows[4], cols[4];
        PyObject *cells = PySequence_Fast_GET_ITEM(shape_seq, k);
        if (!PyArg_ParseTuple(cells, "(ii)(ii)(ii)(ii)", &rows[0], &cols[0], &rows[1], &cols[1],
                              &rows[2], &cols[2], &rows[3], &cols[3]))
            goto done;
        self->height[k] = self->width[k] = 0;
        memset(self->mask[k], 0, sizeof self->mask[k]);
        for (int i = 0; i < 4; i++) {
            if (rows[i] < 0 || rows[i] > 3 || cols[i] < 0 || cols[i] > 3) {
                PyErr_SetString(PyExc_ValueError, "Sweeper: a cell outside its 4 x 4 box");
                goto done;
            }
            self->row[k][i] = rows[i];
            self->col[k][i] = cols[i];
            self->mask[k][rows[i]] |= (line)(1u << cols[i]);
            if (rows[i] + 1 > self->height[k]) self->height[k] = rows[i] + 1;
            if (cols[i] + 1 > self->width[k]) self->width[k] = cols[i] + 1;
        }
        int sorted = 1; /* row by row: the first cell is its top row's leftmost */
        for (int i = 1; i < 4; i++)
            sorted &= rows[i - 1] < rows[i] || (rows[i - 1] == rows[i] && cols[i - 1] < cols[i]);
        if (rows[0] != 0 || !sorted || self->height[k] > side || self->width[k] > side) {
            PyErr_SetString(PyExc_ValueError,
                            "Sweeper: a shape's cells go row by row from row 0, and it must fit");
            goto done;
        }
        self->first[k] = cols[0];
        long most = PyLong_AsLong(PySequence_Fast_GET_ITEM(count_seq, k));
        if (most == -1 && PyErr_Occurred()) goto done;
        if (most < 0 || most > 26) {
            PyErr_SetString(PyExc_ValueError, "Sweeper: 0 to 26 pieces of a shape");
            goto done;
        }
        self->most[k] = (int)most;
        self->radix[k] = radix; /* pieces left: a digit of 0 to `most` per shape */
        radix *= (uint64_t)most + 1;
        long numbers[SIDE * SIDE];
        if (ints(PySequence_Fast_GET_ITEM(option_seq, k), side * side, numbers,
                 "Sweeper: an option table of side * side numbers") < 0)
            goto done;
        for (int at = 0; at < side * side; at++)
            self->option[k][(at / side) * SIDE + at % side] = (int)numbers[at];
    }
    Py_INCREF(memo); /* last: a Sweeper holds a memo only once it is whole */
    self->memo = (MemoObject *)memo;
    ok = 1;
done:
    Py_DECREF(shape_seq);
    Py_XDECREF(option_seq);
    Py_XDECREF(count_seq);
    return ok ? 0 : -1;
}

/* search(rows, counts, holes, floors, cap, seconds, progress): from the state whose rows (in
   the frame) are `rows`, with `counts` pieces left of each shape and `holes` holes, options
   below `floors` (per shape; -1: none) ruled out, at most `cap` nodes and `seconds` (< 0: no
   limit), calling progress(nodes, updates) every POLL nodes: (outcome, nodes, updates, placed),
   outcome 0 refuted, 1 found (placed: the pieces it put, (shape, row, column) of each box's
   corner in the frame), 2 cut short. */
static PyObject *Sweeper_search(SweeperObject *self, PyObject *args) {
    PyObject *rows, *counts, *floors, *progress;
    long holes;
    long long cap;
    double seconds;
    if (!PyArg_ParseTuple(args, "OOlOLdO", &rows, &counts, &holes, &floors, &cap, &seconds,
                          &progress))
        return NULL;
    if (self->memo == NULL) {
        PyErr_SetString(PyExc_TypeError, "search: the Sweeper was not initialised");
        return NULL;
    }
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "search: progress must be callable or None");
        return NULL;
    }
    Search *s = PyMem_Calloc(1, sizeof *s);
    if (s == NULL) return PyErr_NoMemory();
    PyObject *result = NULL;
    long values[SIDE > SHAPES ? SIDE : SHAPES];
    s->sw = self;
    if (ints(rows, self->side, values, "search: one row of bits per row of the board") < 0)
        goto done;
    for (int t = 0; t < 2 * SIDE; t++)
        s->occ[t] = t < self->side ? (line)((line)values[t] & self->full) : self->full;
    if (ints(counts, self->shapes, values, "search: one count per shape") < 0) goto done;
    for (int k = 0; k < self->shapes; k++) {
        if (values[k] < 0 || values[k] > self->most[k]) {
            PyErr_SetString(PyExc_ValueError, "search: a count beyond the shape's pieces");
            goto done;
        }
        s->count[k] = (int)values[k];
        s->left += (uint64_t)values[k] * self->radix[k];
    }
    if (ints(floors, self->shapes, values, "search: one floor per shape") < 0) goto done;
    for (int k = 0; k < self->shapes; k++) s->floor[k] = (int)values[k];
    if (holes < 0 || cap < 0) {
        PyErr_SetString(PyExc_ValueError, "search: holes and cap must be at least 0");
        goto done;
    }
    if (self->memo->table == NULL) {
        self->memo->table = PyMem_Calloc(BUCKETS, sizeof *self->memo->table);
        if (self->memo->table == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    s->holes = (int)holes;
    s->cap = cap;
    s->deadline = seconds < 0 ? 0 : now() + seconds;
    s->progress = progress;
    int outcome = go(s, 0, 0);
    if (outcome == ERROR) goto done;
    PyObject *placed = PyList_New(outcome == FOUND ? s->placed : 0);
    if (placed == NULL) goto done;
    for (int i = 0; outcome == FOUND && i < s->placed; i++) {
        PyObject *item = Py_BuildValue("(iii)", s->shape[i], s->top[i], s->corner[i]);
        if (item == NULL) {
            Py_DECREF(placed);
            goto done;
        }
        PyList_SET_ITEM(placed, i, item);
    }
    result = Py_BuildValue("(iLLN)", outcome, s->nodes, s->updates, placed);
done:
    PyMem_Free(s);
    return result;
}

static void Sweeper_dealloc(SweeperObject *self) {
    Py_XDECREF(self->memo);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static void SweepMemo_dealloc(MemoObject *self) {
    PyMem_Free(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *SweepMemo_cuts(MemoObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->cuts);
}

static PyGetSetDef SweepMemo_getset[] = {
    {"cuts", (getter)SweepMemo_cuts, NULL, "states settled by a failure kept", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject SweepMemoType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board.SweepMemo",
    .tp_basicsize = sizeof(MemoObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "SweepMemo(): the failures the sweeps of one board keep (its table is allocated at "
              "the first search).",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)SweepMemo_dealloc,
    .tp_getset = SweepMemo_getset,
};

static PyMethodDef Sweeper_methods[] = {
    {"search", (PyCFunction)Sweeper_search, METH_VARARGS,
     "search(rows, counts, holes, floors, cap, seconds, progress): "
     "(outcome, nodes, updates, placed)"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject SweeperType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fillit.solver.board._board.Sweeper",
    .tp_basicsize = sizeof(SweeperObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Sweeper(side, shapes, counts, options, memo, tag): one board's packing search in "
              "one sweep order, compiled.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Sweeper_init,
    .tp_dealloc = (destructor)Sweeper_dealloc,
    .tp_methods = Sweeper_methods,
};

/* sweep.c: `fillit.solver.board._board.Sweeper` and `SweepMemo`, the Python types of
   ../csrc/sweep.c's search: a Sweeper read once from Python's numbers per board and direction,
   its `search` run from a state Python gives, its answer in Python's numbers. */

#include "binding.h"

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
    s->holes = (int)holes;
    s->cap = cap;
    s->progress = progress;
    int outcome = sweep_run(s, seconds);
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

PyTypeObject SweepMemoType = FILLIT_TYPE("SweepMemo", MemoObject,
    "SweepMemo(): the failures the sweeps of one board keep (its table is allocated at the "
    "first search).",
    .tp_new = PyType_GenericNew, .tp_dealloc = (destructor)SweepMemo_dealloc,
    .tp_getset = SweepMemo_getset);

static PyMethodDef Sweeper_methods[] = {
    {"search", (PyCFunction)Sweeper_search, METH_VARARGS,
     "search(rows, counts, holes, floors, cap, seconds, progress): "
     "(outcome, nodes, updates, placed)"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject SweeperType = FILLIT_TYPE("Sweeper", SweeperObject,
    "Sweeper(side, shapes, counts, options, memo, tag): one board's packing search in one sweep "
    "order, compiled.",
    .tp_new = PyType_GenericNew, .tp_init = (initproc)Sweeper_init,
    .tp_dealloc = (destructor)Sweeper_dealloc, .tp_methods = Sweeper_methods);

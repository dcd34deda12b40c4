/* check.c: `fillit.solver.board._board.Board`, `Pruner` and `Learn`, the Python types of
   ../csrc/check.c's once-per-node check: a Board read once from Python's numbers, a Pruner per
   search, each hook callable from Python and carrying its C entry for dlx (`__dlx_hook__`). */

#include "binding.h"

/* Free what a Board holds, whole or half made by a failed initialisation, and forget it. */
static void board_clear(BoardObject *b) {
    if (b->slot_bits != NULL)
        for (size_t k = 0; k < (size_t)COLOUR_SLOTS * (size_t)b->tests; k++)
            PyMem_Free(b->slot_bits[k]);
    PyMem_Free(b->slot_bits);
    PyMem_Free(b->slot_size);
    PyMem_Free(b->slot_room);
    PyMem_Free(b->slot_left);
    PyMem_Free(b->slot_holes);
    PyMem_Free(b->option_cells);
    PyMem_Free(b->option_shape);
    PyMem_Free(b->root_left);
    b->slot_bits = NULL;
    b->slot_size = b->slot_room = NULL;
    b->slot_left = NULL;
    b->slot_holes = NULL;
    b->option_cells = NULL;
    b->option_shape = b->root_left = NULL;
    Py_CLEAR(b->cells);
    Py_CLEAR(b->sums);
}

static void Board_dealloc(BoardObject *b) {
    board_clear(b);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

/* The arrays of a Board of `options` options; -1 with MemoryError. */
static int board_alloc(BoardObject *b, Py_ssize_t options) {
    size_t n = options ? (size_t)options : 1, slots = COLOUR_SLOTS, tests = (size_t)b->tests;
    size_t shapes = b->shapes ? (size_t)b->shapes : 1;
    b->option_cells = PyMem_Calloc(n * (size_t)b->words, sizeof(word));
    b->option_shape = PyMem_Calloc(n, sizeof(int));
    b->root_left = PyMem_Calloc(shapes, sizeof(int));
    b->slot_left = PyMem_Calloc(slots * shapes, sizeof(int));
    b->slot_holes = PyMem_Calloc(slots, sizeof(long));
    b->slot_bits = PyMem_Calloc(slots * (tests ? tests : 1), sizeof(unsigned char *));
    b->slot_size = PyMem_Calloc(slots * (tests ? tests : 1), sizeof(Py_ssize_t));
    b->slot_room = PyMem_Calloc(slots * (tests ? tests : 1), sizeof(Py_ssize_t));
    if (!b->option_cells || !b->option_shape || !b->root_left || !b->slot_left ||
        !b->slot_holes || !b->slot_bits || !b->slot_size || !b->slot_room) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t k = 0; k < slots; k++) b->slot_holes[k] = -1;
    return 0;
}

/* Each option's cells and shape (below the board's shapes; -1: a hole); -1 with an exception. */
static int read_options(BoardObject *b, PyObject *cells, PyObject *shapes) {
    for (int o = 0; o < b->options; o++) {
        long shape = PyLong_AsLong(PySequence_Fast_GET_ITEM(shapes, o));
        if (shape == -1 && PyErr_Occurred()) return -1;
        if (shape < -1 || shape >= b->shapes) {
            PyErr_SetString(PyExc_ValueError, "an option's shape is not the board's");
            return -1;
        }
        b->option_shape[o] = (int)shape;
        word *set = b->option_cells + (size_t)o * b->words;
        if (read_set(PySequence_Fast_GET_ITEM(cells, o), set, b->words) < 0) return -1;
    }
    return 0;
}

/* Board(cells, option_cells, option_shape, root, bounds, colour_bytes=COLOUR_BYTES): `cells` a
   Cells, `root` a state (filled, holes, pieces left), `bounds` each colour test's ColourBound (in
   the Cells' order), `colour_bytes` the most its cache of colour sets keeps. */
static int Board_init(BoardObject *b, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"cells",  "option_cells", "option_shape", "root",
                             "bounds", "colour_bytes", NULL};
    PyObject *cells, *option_cells, *option_shape, *filled, *counts, *bounds;
    long holes;
    long long budget = COLOUR_BYTES;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OO(OlO)O|L", kwlist, &CellsType, &cells,
                                     &option_cells, &option_shape, &filled, &holes, &counts,
                                     &bounds, &budget))
        return -1;
    CellsObject *c = (CellsObject *)cells;
    if (b->cells != NULL || c->block == NULL) {
        PyErr_SetString(PyExc_TypeError, "a Board is initialised once, from initialised Cells");
        return -1;
    }
    board_clear(b); /* what a failed initialisation left */
    b->colour_bytes = 0;
    b->colour_keys = 0;
    b->colour_budget = budget;
    PyObject *oc = PySequence_Fast(option_cells, "option_cells must be a sequence");
    PyObject *os = oc ? PySequence_Fast(option_shape, "option_shape must be a sequence") : NULL;
    PyObject *tests = os ? PySequence_Fast(bounds, "bounds must be a sequence") : NULL;
    int ok = -1;
    if (tests == NULL) goto done;
    Py_ssize_t options = PySequence_Fast_GET_SIZE(oc);
    if (options != PySequence_Fast_GET_SIZE(os) || options > INT32_MAX / 2 ||
        PySequence_Fast_GET_SIZE(tests) != c->tests) {
        PyErr_SetString(PyExc_ValueError, "a cell set and a shape per option, a bound per test");
        goto done;
    }
    b->words = c->words;
    b->shapes = c->shapes;
    b->tests = c->tests;
    b->options = (int)options;
    b->deepest = 2;
    for (int i = 0; i < c->words; i++) b->deepest += popcount(full_of(c)[i]);
    if (board_alloc(b, options) < 0 || read_options(b, oc, os) < 0) goto done;
    if (read_set(filled, b->root_filled, b->words) < 0) goto done;
    if (read_counts(counts, b->root_left, b->shapes) < 0) goto done;
    b->root_holes = holes;
    if (!(b->sums = PyTuple_New(c->tests))) goto done;
    for (int t = 0; t < c->tests; t++) {
        PyObject *sums = PyObject_GetAttrString(PySequence_Fast_GET_ITEM(tests, t), "sums_bytes");
        if (sums == NULL) goto done;
        PyTuple_SET_ITEM(b->sums, t, sums);
    }
    b->cells = (CellsObject *)Py_NewRef(cells);
    ok = 0;
done:
    Py_XDECREF(oc);
    Py_XDECREF(os);
    Py_XDECREF(tests);
    return ok;
}

PyTypeObject BoardType = FILLIT_TYPE("Board", BoardObject,
    "Board(cells, option_cells, option_shape, root, bounds): what the compiled check reads of a "
    "board, shared by its searches.",
    .tp_new = PyType_GenericNew, .tp_init = (initproc)Board_init,
    .tp_dealloc = (destructor)Board_dealloc);

/* Free what a Pruner holds, whole or half made by a failed initialisation, and forget it. */
static void pruner_clear(PrunerObject *p) {
    PyMem_Free(p->filled);
    PyMem_Free(p->holes);
    PyMem_Free(p->left);
    PyMem_Free(p->opened);
    PyMem_Free(p->places);
    PyMem_Free(p->floors);
    p->floors = NULL;
    p->filled = NULL;
    p->holes = NULL;
    p->left = NULL;
    p->opened = p->places = NULL;
    Py_CLEAR(p->board);
    Py_CLEAR(p->failures);
}

static void Pruner_dealloc(PrunerObject *p) {
    pruner_clear(p);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

/* Pruner(board, failures, base, learn_nodes, colour_holes, floors=None): one search's check;
   `floors`, one option number per shape, cuts a node whose last option, chosen after the givens,
   is numbered below its shape's floor. */
static int Pruner_init(PrunerObject *p, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"board",        "failures", "base", "learn_nodes",
                             "colour_holes", "floors",   NULL};
    PyObject *board, *failures, *floors = Py_None;
    int base;
    long long learn_nodes;
    long colour_holes;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!iLl|O", kwlist, &BoardType, &board,
                                     &FailuresType, &failures, &base, &learn_nodes, &colour_holes,
                                     &floors))
        return -1;
    BoardObject *b = (BoardObject *)board;
    FailuresObject *f = (FailuresObject *)failures;
    if (p->board != NULL || b->cells == NULL || f->words != b->words || f->shapes != b->shapes) {
        PyErr_SetString(PyExc_ValueError, "a Pruner is made once, of a Board and its Failures");
        return -1;
    }
    pruner_clear(p); /* what a failed initialisation left */
    size_t depths = (size_t)b->deepest, shapes = b->shapes ? (size_t)b->shapes : 1;
    p->filled = PyMem_Calloc(depths * (size_t)b->words, sizeof(word));
    p->holes = PyMem_Calloc(depths, sizeof(long));
    p->left = PyMem_Calloc(depths * shapes, sizeof(int));
    p->opened = PyMem_Calloc(depths, sizeof(long long));
    p->places = PyMem_Calloc(b->tests ? (size_t)b->tests : 1, sizeof(long long));
    if (!p->filled || !p->holes || !p->left || !p->opened || !p->places) {
        PyErr_NoMemory();
        return -1;
    }
    if (floors != Py_None) {
        p->floors = PyMem_Calloc(shapes, sizeof(int));
        if (p->floors == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        if (read_counts(floors, p->floors, b->shapes) < 0) return -1;
    }
    p->board = (BoardObject *)Py_NewRef(board);
    p->failures = (FailuresObject *)Py_NewRef(failures);
    p->base = base;
    p->top = -1;
    p->learn_nodes = learn_nodes;
    p->colour_holes = colour_holes;
    p->hook = (fillit_hook){FILLIT_HOOK_VERSION, pruner_check, p};
    return 0;
}

/* Runs `check` on a Python sequence of option numbers; its answer, or -1 with an exception. A
   number out of range is passed as -1, which the check refuses as no option of the board. */
static int call_with(PrunerObject *p, PyObject *args, PyObject *kwds,
                     int (*check)(void *, const int *, int)) {
    PyObject *chosen;
    if (p->board == NULL) {
        PyErr_SetString(PyExc_TypeError, "the Pruner was not initialised");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O", &chosen) || (kwds != NULL && PyDict_GET_SIZE(kwds))) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "called with the options chosen");
        return -1;
    }
    PyObject *fast = PySequence_Fast(chosen, "the options chosen must be a sequence");
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int r = -1, *numbers = n < INT32_MAX ? PyMem_Malloc(sizeof(int) * (size_t)(n + 1)) : NULL;
    if (numbers == NULL) PyErr_NoMemory();
    for (Py_ssize_t k = 0; numbers != NULL && k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) goto done;
        numbers[k] = v < 0 || v > INT32_MAX ? -1 : (int)v;
    }
    if (numbers != NULL) r = check(p, numbers, (int)n);
done:
    PyMem_Free(numbers);
    Py_DECREF(fast);
    return r;
}

static PyObject *Pruner_call(PrunerObject *p, PyObject *args, PyObject *kwds) {
    int r = call_with(p, args, kwds, pruner_check);
    return r < 0 ? NULL : PyBool_FromLong(r);
}

/* A capsule of `hook` for dlx (hook_abi.h) that keeps `owner` alive as long as it lives. */
static void release_owner(PyObject *capsule) { Py_XDECREF(PyCapsule_GetContext(capsule)); }

static PyObject *hook_capsule(PyObject *owner, fillit_hook *hook) {
    PyObject *capsule = PyCapsule_New(hook, FILLIT_HOOK_CAPSULE, release_owner);
    if (capsule != NULL && PyCapsule_SetContext(capsule, Py_NewRef(owner)) < 0) {
        Py_DECREF(owner);
        Py_CLEAR(capsule);
    }
    return capsule;
}

static PyObject *Pruner_get_hook(PrunerObject *p, void *unused) {
    if (p->board == NULL) {
        PyErr_SetString(PyExc_AttributeError, "the Pruner was not initialised");
        return NULL;
    }
    return hook_capsule((PyObject *)p, &p->hook);
}

static PyObject *Pruner_get_learn(PrunerObject *p, void *unused) {
    if (p->board == NULL) {
        PyErr_SetString(PyExc_TypeError, "the Pruner was not initialised");
        return NULL;
    }
    LearnObject *learn = PyObject_New(LearnObject, &LearnType);
    if (learn == NULL) return NULL;
    learn->pruner = (PrunerObject *)Py_NewRef(p);
    learn->hook = (fillit_hook){FILLIT_HOOK_VERSION, pruner_learn, p};
    return (PyObject *)learn;
}

static PyObject *Pruner_get_checked(PrunerObject *p, void *unused) {
    return PyLong_FromLongLong(p->checked);
}

static PyObject *Pruner_get_failures(PrunerObject *p, void *unused) {
    return Py_NewRef(p->failures != NULL ? (PyObject *)p->failures : Py_None);
}

static PyGetSetDef Pruner_getset[] = {
    {"__dlx_hook__", (getter)Pruner_get_hook, NULL, "The C entry of the check (dlx's hook ABI).",
     NULL},
    {"learn", (getter)Pruner_get_learn, NULL, "The learn hook: StatePruner.learn, compiled.", NULL},
    {"checked", (getter)Pruner_get_checked, NULL, "The nodes checked so far.", NULL},
    {"failures", (getter)Pruner_get_failures, NULL, "The failures kept, shared.", NULL},
    {NULL},
};

PyTypeObject PrunerType = FILLIT_TYPE("Pruner", PrunerObject,
    "Pruner(board, failures, base, learn_nodes, colour_holes): StatePruner, compiled.",
    .tp_new = PyType_GenericNew, .tp_init = (initproc)Pruner_init,
    .tp_dealloc = (destructor)Pruner_dealloc, .tp_call = (ternaryfunc)Pruner_call,
    .tp_getset = Pruner_getset);

static void Learn_dealloc(LearnObject *learn) {
    Py_XDECREF(learn->pruner);
    PyObject_Free(learn);
}

static PyObject *Learn_call(LearnObject *learn, PyObject *args, PyObject *kwds) {
    if (call_with(learn->pruner, args, kwds, pruner_learn) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Learn_get_hook(LearnObject *learn, void *unused) {
    return hook_capsule((PyObject *)learn, &learn->hook);
}

static PyGetSetDef Learn_getset[] = {
    {"__dlx_hook__", (getter)Learn_get_hook, NULL, "The C entry of learn (dlx's hook ABI).", NULL},
    {NULL},
};

PyTypeObject LearnType = FILLIT_TYPE("Learn", LearnObject,
    "A Pruner's learn hook (made by Pruner.learn).",
    .tp_dealloc = (destructor)Learn_dealloc, .tp_call = (ternaryfunc)Learn_call,
    .tp_getset = Learn_getset);

/* module.c: the module fillit.solver.board._board, its types made in this folder's files over
   the algorithms in ../csrc (see binding.h). */

#include "binding.h"

static struct PyModuleDef board_module = {
    PyModuleDef_HEAD_INIT, "fillit.solver.board._board",
    "fillit's once-per-node check, compiled (see fillit.solver.board.empty_cells and fillit.solver.board.pruner).", -1, NULL,
};

PyMODINIT_FUNC PyInit__board(void) {
    PyTypeObject *types[] = {&CellsType, &FailuresType, &BoardType, &PrunerType, &LearnType,
                             &SweeperType, &SweepMemoType};
    const char *names[] = {"Cells", "Failures", "Board", "Pruner", "Learn", "Sweeper", "SweepMemo"};
    for (int k = 0; k < 7; k++)
        if (PyType_Ready(types[k]) < 0) return NULL;
    PyObject *module = PyModule_Create(&board_module);
    if (module == NULL) return NULL;
    for (int k = 0; k < 7; k++)
        if (PyModule_AddObjectRef(module, names[k], (PyObject *)types[k]) < 0) {
            Py_DECREF(module);
            return NULL;
        }
    return module;
}

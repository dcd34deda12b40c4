/* hook_abi.h: fillit's side of dlx's hook ABI, the C entry a prune or learn hook may carry so that
   dlx's compiled core calls it with no Python in between (check.c's `pruner_check` and
   `pruner_learn`, which ../binding/check.c's `Pruner` and `Learn` carry).

   dlx publishes the ABI (dlx/engines/links/csrc/hook.h, which explains it): a hook object's
   `__dlx_hook__` attribute holds a PyCapsule named "dlx.hook" whose pointer is the struct below,
   of version 1; the core calls `call(self, chosen, count)` at every node, `chosen` the option
   numbers chosen so far (the givens first). For prune the answer is > 0 (the node lives), 0 (cut
   it off) or < 0 (an error, a Python exception set); for learn, >= 0, or < 0 for an error.

   fillit declares it here rather than including dlx's header by a path into dlx: fillit builds
   from its own sources, and the ABI is a contract between two packages, not shared code. The
   capsule name, the version and the struct's fields must match dlx's header exactly:
   tests/engine/links/test_hook_abi.py reads both headers and fails when they drift apart. A capsule of
   another name or version is not read by dlx (it calls the hook's Python form instead). */

#ifndef FILLIT_HOOK_ABI_H
#define FILLIT_HOOK_ABI_H

#define FILLIT_HOOK_CAPSULE "dlx.hook"
#define FILLIT_HOOK_VERSION 1

typedef struct {
    int version;
    int (*call)(void *self, const int *chosen, int count);
    void *self;
} fillit_hook;

#endif

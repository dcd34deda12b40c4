/* hook.h: the C entry point a prune or learn hook may carry, so that the compiled core calls it
   without building a Python list of the options chosen at every node.

   The ABI. A hook object (the `prune` or `learn` given to `solve`) may have an attribute
   `__dlx_hook__` holding a PyCapsule named "dlx.hook" whose pointer is a `dlx_hook`:

       typedef struct {
           int version;                                  // DLX_HOOK_VERSION
           int (*call)(void *self, const int *chosen, int count);
           void *self;
       } dlx_hook;

   The compiled core reads the capsule once, when the search starts, and then calls
   `call(self, chosen, count)` where it would call the hook: `chosen` are the option numbers
   chosen so far (the givens first), `count` of them, valid only during the call. For `prune`
   the answer is > 0 (the node lives), 0 (cut it off) or < 0 (an error, with a Python exception
   set); for `learn`, anything >= 0, or < 0 for an error. The GIL is held, as for a Python hook.
   The core keeps a strong reference to the hook object for the search's life, and the
   `dlx_hook` must stay valid as long as that object lives (it usually sits inside it).

   The hook object must also be callable from Python with a list of ints, giving the same
   answers: the pure-Python engine calls it so, and so does the compiled core when the attribute
   is missing, is not such a capsule, or names another version (the binding, _links.c, then gives
   the search an entry of its own, which hands the hook one list updated in place: the search
   calls every hook through a `dlx_hook`). dlx defines the ABI only; no hook of its own uses it. */

#ifndef DLX_HOOK_H
#define DLX_HOOK_H

#define DLX_HOOK_CAPSULE "dlx.hook"
#define DLX_HOOK_VERSION 1

typedef struct {
    int version;
    int (*call)(void *self, const int *chosen, int count);
    void *self;
} dlx_hook;

#endif

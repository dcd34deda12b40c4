/* bitset.h: exact cover on bitsets, for problems whose branch items ("cells") fit in a few
   machine words; no Python here (dlx/engines/bitset/_bitset.c holds the Python types).

   The problem. Items are of two kinds. A *cell* has a bit position below BS_MAX_CELLS (a
   position no cell holds, such as a hole in a board, is never free) and is primary (covered
   exactly once) or secondary (at most once). Every other item is an *other* (a piece, a tie
   that --unique adds), covered between lo and hi times (secondary: 0..1); at most
   BS_MAX_OTHERS of them. Each has a bit too, in words after the cells': an option's mask holds its
   cells and its others, and the board (what a node has covered) holds the cells covered and
   the others that have no room left, so that whether an option fits is one test of its mask
   against the board. An other covered at most once is set with the cells; one with a larger
   hi (a *counted* other) keeps a count, and is set once the count reaches hi.

   The search. At each node it branches on the first primary cell not covered (the least
   position: the caller numbers the cells in the order it wants them filled), trying the
   options whose least primary cell that is, in the order they were given: every option
   covering it has its other cells later, since all cells before it are covered. A *plan*
   may name pieces (others bounded 1..1) to branch on first while they are unused: the
   options holding the piece, in order. A *narrow* search branches instead on the cell of
   fewest options that fit among the first free one and those next to the last two options
   taken, or on a *watched* piece (bounded 1..1, unused) where it has fewer still: the piece
   that a board of two layers leaves few places first (dance.h's narrowest). Once every
   primary cell is covered, the options holding none (the *final* options, which cover only
   secondary cells) are added in increasing order, each set once; a node is a solution when,
   besides, every other has reached its lo.

   The lists. A cell's options are filed by the *pattern* of the `window` positions after
   it (which are covered, or hold no cell): the list of a pattern keeps, in order, the options
   that cover none of its covered positions, each with its mask (an *entry*), so that a node
   mostly tests options that fit near the cell it branches on.

   The checks (`regions`), where the caller gives each cell's neighbours: the free cells next
   to the option just placed are each in a region (a connected set of free cells); a region
   of primary cells alone, of at most `region_limit` cells, must be the size of a sum of the
   pieces still left, else the node has no solution. Sound where every option's cells are
   connected and every option holds exactly one primary other, all of whose options have one
   size (a tiling's piece); otherwise off.

   The memo of failures. Below the root, a node whose parent branched on a cell or a piece
   is a *state*: the cells covered and the pieces used, and nothing else of its path, decide
   its solutions (no counted others: a table with any has no memo). When the search leaves
   such a node having found no solution below it, the node's key (its board's cells covered
   and its others' words) goes into a slot of a table, picked by a hash of the key, in place
   of what the slot held; a node whose key its slot holds is a leaf at once, nothing decided
   and nothing tried. The caller sizes the table to the tree its plan estimates: a large tree
   meets its dead states again far apart. Tilings reach a dead state many ways (pieces
   swapped between places of the same shape, the same hole left by other placements), so the
   tree loses those repeats: 0.28x the nodes on pentominoes in 6 x 10. A slot of zeros holds
   no key (every state covers a cell or holds a piece). What fails fails in every search of
   the table, so the searches that ask (the parts of a parallel search in one process: each
   searches a subtree) share the table's memo, one at a time (bs_search_share); the others
   each start with an empty one, so that a search's figures never depend on those before.
   The worker processes of a parallel search may share one memo too, in memory they all map
   (bs_table_adopt_memo): its slots are *guarded*, each led by a version word that a writer
   makes odd while it writes the key (a seqlock), so that a key read while another process
   writes it is never taken for a dead end. */
#ifndef DLX_BITSET_H
#define DLX_BITSET_H

#include <stddef.h>
#include <stdint.h>

#define BS_MAX_CELLS 256
#define BS_MAX_OTHERS 256
#define BS_MAX_WORDS 8  /* (BS_MAX_CELLS + BS_MAX_OTHERS) / 64: cells' words, then others' */
#define BS_MAX_CLASSES 8 /* more distinct piece sizes than this: no region checks */
#define BS_MAX_WINDOW 6
#define BS_NARROW 32 /* the most cells next to the last options a narrow choice counts */
#define BS_NEAR 6   /* the most cells whose pattern files the options covering a cell */
#define BS_LIST_BYTES (64LL << 20) /* the most a kind of list (by window, by neighbours) takes */
#define BS_POLL_NODES 4096
#define BS_MEMO_BOUND (1LL << 30) /* the most bytes a memo of failures' table may take */

typedef uint64_t bs_word;

typedef struct {
    int words, positions, options, others, items;
    int cwords;       /* the words of the cells; the others' bits start at obase = 64 cwords */
    int obase;
    bs_word primary[BS_MAX_WORDS], secondary[BS_MAX_WORDS], cells[BS_MAX_WORDS];
    bs_word counted[BS_MAX_WORDS];  /* the counted others' bits */
    bs_word required[BS_MAX_WORDS]; /* the others bounded 1..1, every solution's */
    /* per layout index (options sorted by least primary cell, then number): */
    bs_word *mask;   /* options x words */
    bs_word *border; /* options x words: the cells next to the option's cells, off it */
    int *number;     /* its option number */
    int *tally;      /* whether it holds a counted other */
    int *pslot;      /* the size class of its piece (BS_MAX_CLASSES: none) */
    int *place;      /* per option number: its layout index */
    int final_begin; /* layout index of the first final option */
    int final_end;   /* and past the last (then those without a primary item, never taken) */
    /* entries: each an option's cells (cwords words) and layout index, in runs of entries
       whose others are the same (their others' mask: ...words - cwords words); a list is a
       range of runs, run r's entries [rstart[r], rstart[r + 1]) */
    bs_word *emask;
    int *entry;
    bs_word *romask;
    int *rstart;
    bs_word *eother; /* per entry, where the others take one word: its others' word (counted
                        without a test per run) */
    int window;
    bs_word *shown;  /* per cell: the window positions after it that hold no cell (always set) */
    int *heads;      /* per cell c and pattern p: its list, [heads[c << window | p], + 1) */
    int *holding;    /* per other: the list of its options, [holding[o], holding[o + 1]) */
    /* per primary cell p and pattern q of its `nbr_n[p]` pattern cells (those the options
       covering p cover most often; bit j set when cell nbr[p][j] is covered): the list of the
       options covering p that cover none of those, by number,
       [cover_heads[cover_at[p] + q], + 1) */
    int *nbr_n, (*nbr)[BS_NEAR];
    int *cover_at, *cover_heads;
    int finals;      /* the list of the final options, in layout order: [finals, runs) */
    int nruns;
    /* per other */
    int *lo, *hi;
    int counted_lo;  /* counted others with a lo above 0 */
    /* region checks */
    int regions;     /* whether they are sound here */
    bs_word *near;   /* per position: its neighbours (positions x words) */
    int nclasses, class_size[BS_MAX_CLASSES];
    uint64_t reach;  /* the sizes below 64 that pieces of the classes' sizes can sum to */
    bs_word class_mask[BS_MAX_CLASSES][BS_MAX_WORDS]; /* the pieces of each size, by bit */
    int *class_of;   /* per other: its size class, or -1 */
    /* the memo of failures the searches that ask share (bs_search_share), one at a time */
    bs_word *memo;
    uint64_t memo_mask;
    void *memo_base; /* its block (bs_memo_free) */
    size_t memo_len;
    int memo_guarded; /* whether its slots are guarded: mapped by other processes too */
    int memo_lent;   /* whether a search holds it now */
} bs_table;

enum { BS_RUNNING, BS_EXHAUSTED, BS_BUDGET, BS_CLOSED };
enum { BS_PAUSED = 2, BS_SOLUTION = 1, BS_DONE = 0, BS_ERROR = -1 };
enum { BS_CELL, BS_PIECE, BS_FINAL }; /* what a node branches on */

typedef struct bs_search bs_search;
/* Called every few thousand nodes: 0 to go on, 1 to stop (a budget), -1 to stop on an error. */
typedef int (*bs_poll)(bs_search *s);

/* What a node of the path branches on and where its list stands. */
typedef struct {
    int kind, what;  /* BS_CELL and its cell, BS_PIECE and its piece, BS_FINAL */
    int begin, end;  /* its list: runs */
    int run, cur;    /* the run in hand and the next entry to try */
    int chosen;      /* the entry taken */
    int bound;       /* the least layout index a final option may have here */
    int state;       /* whether the node is a state to put in the memo if it fails */
    long long solutions; /* the solutions found before the node was entered */
} bs_level;

/* One search's state: the path to the node it stands at, level by level. */
struct bs_search {
    const bs_table *t;
    int depth;          /* levels allocated */
    bs_word *board;     /* per level: what that node has covered (depth x words) */
    bs_level *lv;
    int *room;          /* per other: how many more times it may be covered (hi - count) */
    int unmet;          /* counted others still below their lo */
    int *plan, nplan;   /* pieces branched on first, while unused */
    int narrow;         /* whether a node branches on the cell of fewest options among the first
                           free one and those next to the two options taken last (see decide) */
    int *watch, nwatch; /* pieces a narrow choice counts too, while unused: the fewest options
                           of all (a cell's, or a piece's) are the node's branches */
    int given_last[2];  /* the layout indices of the last given and the one before, or -1 */
    int region_limit;
    bs_word *memo;      /* the memo of failures' slots (words each), or NULL: no memo */
    uint64_t memo_mask; /* its slots less one (a power of two less one) */
    void *memo_base;    /* its own memo's block (bs_memo_free) */
    size_t memo_len;
    int memo_guarded;   /* whether its slots are guarded (the table's, adopted) */
    bs_table *lender;   /* the table whose memo it holds (bs_search_share), or NULL: its own */
    int *opts, base;    /* option numbers chosen: the givens, then one per level */
    long long *profile;
    int level, step, status, max_level;
    long long nodes, updates, solutions, node_cap, next_poll;
    long long counted;  /* options tested to find the narrowest cell */
    long long count_to; /* the first solution handed back: those before it are only counted */
    int pause;          /* return BS_PAUSED after the next poll */
    bs_poll poll;
    void *context;
};

int bs_table_init(bs_table *t, int items, const int *position, const int *lo, const int *hi,
                  const char *primary, int options, const int *lengths, const int *numbers,
                  int positions, const int *neighbour_counts, const int *neighbours);
void bs_table_free(bs_table *t);
int bs_search_init(bs_search *s, const bs_table *t, const int *givens, int ngivens,
                   const int *plan, int nplan, int narrow, const int *watch, int nwatch,
                   int region_limit, long long memo_bytes);
int bs_search_share(bs_search *s, bs_table *t);
void bs_memo_free(void *base, size_t len);
int bs_table_adopt_memo(bs_table *t, bs_word *block, size_t bytes, long long want);
void bs_search_free(bs_search *s);
int bs_run(bs_search *s);
int bs_level_options(bs_search *s, int k, int *out, int *n, int *taken);
double bs_share(bs_search *s);
int bs_estimate(bs_search *s, int probes, uint64_t seed, double *figures);
uint64_t bs_random(uint64_t *state);

#endif

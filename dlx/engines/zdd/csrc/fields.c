/* fields.c: colours and tallies (dlx/engines/zdd/plan.py's), fields of `field_width` bits above
   the items' bits of a state: whether an option's colours and tallies agree with a state, the
   child state they make, and whether a state with every exact item in holds each tally's
   least. */
#include "internal.h"

static uint64_t field(const uint64_t *state, uint32_t shift, int width) {
    uint32_t w = shift / 64, b = shift % 64;
    uint64_t value = state[w] >> b;
    if (b + (uint32_t)width > 64) value |= state[w + 1] << (64 - b);
    return value & ((1ULL << width) - 1);
}

static void set_field(uint64_t *state, uint32_t shift, int width, uint64_t value) {
    uint32_t w = shift / 64, b = shift % 64;
    uint64_t ones = (1ULL << width) - 1;
    state[w] = (state[w] & ~(ones << b)) | value << b;
    if (b + (uint32_t)width > 64)
        state[w + 1] = (state[w + 1] & ~(ones >> (64 - b))) | value >> (64 - b);
}

/* Whether option o's colours and tallies agree with `state` (its mask does already). */
int extras_fit(const zdd_plan *p, uint32_t o, const uint64_t *state) {
    for (uint32_t k = p->paint_start[o]; k < p->paint_start[o + 1]; k++) {
        const uint32_t *paint = p->paints + 3 * (size_t)k;
        if (state[paint[0] / 64] >> (paint[0] % 64) & 1 &&
            field(state, paint[1], p->field_width) != paint[2])
            return 0;
    }
    for (uint32_t k = p->tally_start[o]; k < p->tally_start[o + 1]; k++) {
        const uint32_t *tally = p->tallies + 2 * (size_t)k;
        if (field(state, tally[0], p->field_width) >= tally[1]) return 0;
    }
    return 1;
}

/* Paint option o's colours into `child` and count its tallies. */
void extras_apply(const zdd_plan *p, uint32_t o, uint64_t *child) {
    for (uint32_t k = p->paint_start[o]; k < p->paint_start[o + 1]; k++) {
        const uint32_t *paint = p->paints + 3 * (size_t)k;
        child[paint[0] / 64] |= 1ULL << (paint[0] % 64);
        set_field(child, paint[1], p->field_width, paint[2]);
    }
    for (uint32_t k = p->tally_start[o]; k < p->tally_start[o + 1]; k++) {
        const uint32_t *tally = p->tallies + 2 * (size_t)k;
        set_field(child, tally[0], p->field_width, field(child, tally[0], p->field_width) + 1);
    }
}

/* Whether a state with every exact item in is a solution: each tally at its least. */
int ends_well(const zdd_plan *p, const uint64_t *state) {
    for (int t = 0; t < p->low_count; t++)
        if (field(state, p->lows[2 * t], p->field_width) < p->lows[2 * t + 1]) return 0;
    return 1;
}

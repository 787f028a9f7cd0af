/* The engine's generator (warroom/core/rng.py) in C, draw for draw.
 *
 * SplitMix64 over a counter. Every function here must return exactly what its Python
 * twin returns from the same (seed, counter): tests/fast checks them side by side.
 */
#ifndef WARROOM_FAST_RNG_H
#define WARROOM_FAST_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t seed;
    uint64_t counter;
} Rng;

static inline uint64_t rng_next(Rng *r) {
    r->counter += 1;
    uint64_t z = r->seed + r->counter * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Rng.below: uniform in [0, n) by rejection above the largest multiple of n. */
static inline uint64_t rng_below(Rng *r, uint64_t n) {
    uint64_t rem = (0 - n) % n; /* 2**64 mod n */
    for (;;) {
        uint64_t x = rng_next(r);
        if (rem == 0 || x < 0 - rem) return x % n;
    }
}

static inline int rng_die(Rng *r, int sides) { return (int)rng_below(r, (uint64_t)sides) + 1; }

/* Rng.roll: `count` dice from one draw into the table of all faces, in itertools.product
 * order (the first die is the most significant digit). */
static inline void rng_roll(Rng *r, int count, int sides, int *faces) {
    uint64_t size = 1;
    for (int i = 0; i < count; i++) size *= (uint64_t)sides;
    if (count == 0) return;
    uint64_t k = rng_below(r, size);
    for (int i = count - 1; i >= 0; i--) {
        faces[i] = (int)(k % (uint64_t)sides) + 1;
        k /= (uint64_t)sides;
    }
}

/* Rng.shuffle: Fisher-Yates from the end. */
static inline void rng_shuffle(Rng *r, int *items, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint64_t)i + 1);
        int t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

#endif

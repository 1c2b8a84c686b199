#!/usr/bin/env python3
"""Where stable_count_scatter.comp's publish-first form writes out of order (call 5).
gen N FILE: u32 input x[i] = i << 1 | random bit (kept: even, so a kept value names its index).
check IN OUT G: for each input tile whose kept values landed away from their place, its shift
(positions it was written from where it belongs), its group (tile % G) and iteration (tile // G)."""
import array, random, sys

TILE, SUPER = 4096, 256

def gen(n, path):
    rnd = random.Random(7)
    a = array.array("I", ((i << 1) | rnd.getrandbits(1) for i in range(n)))
    with open(path, "wb") as f:
        a.tofile(f)

def load(path):
    a = array.array("I")
    with open(path, "rb") as f:
        a.frombytes(f.read())
    return a

def check(inp, out, groups):
    x, y = load(inp), load(out)
    place, counts, k = {}, {}, 0
    for i, v in enumerate(x):
        if v % 2 == 0:
            place[i] = k
            k += 1
            counts[i // TILE] = counts.get(i // TILE, 0) + 1
    print(f"n={len(x)} kept={k} output={len(y)}")
    shifts, foreign = {}, 0
    for p, v in enumerate(y[:k]):
        i = v >> 1
        if v % 2 or i not in place:
            foreign += 1
            continue
        if place[i] != p:
            shifts.setdefault(i // TILE, set()).add(p - place[i])
    wrong_pos = sum(1 for p, v in enumerate(y[:k]) if v % 2 or (v >> 1) not in place or place[v >> 1] != p)
    print(f"positions wrong: {wrong_pos} of {k}; values that are no kept input: {foreign}; tiles written away: {len(shifts)}")
    # Output ranges by the tile whose place they are: how many of each tile's positions are wrong.
    bad_ranges, start = [], 0
    for t in range((len(x) + TILE - 1) // TILE):
        c = counts.get(t, 0)
        wrong = sum(1 for p in range(start, start + c) if y[p] % 2 or place.get(y[p] >> 1) != p)
        if wrong:
            bad_ranges.append((t, wrong, c))
        start += c
    print(f"tiles whose own range is wrong: {len(bad_ranges)}; first: {bad_ranges[:12]}")
    print(f"  by superblock: {sorted(set(t // SUPER for t, _, _ in bad_ranges))}; partly wrong: {[b for b in bad_ranges if b[1] < b[2]][:8]}")
    for t in sorted(shifts)[:40]:
        print(f"tile {t} (superblock {t // SUPER}, #{t % SUPER} in it; group {t % groups}, iteration {t // groups}): "
              f"kept {counts.get(t, 0)}, shifted by {sorted(shifts[t])[:6]}")

if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), sys.argv[3])
    else:
        check(sys.argv[2], sys.argv[3], int(sys.argv[4]))

#!/usr/bin/env python3
"""Summarise a WG_EXP_TIMELINE file: 1024 counter-group start words, then per tile 4 words
(counter published, scatter start, scatter prefix known and tile ranked, scatter end), device
clock in ns (low 32 bits)."""
import struct, sys, statistics as st

def load(path):
    b = open(path, 'rb').read()
    a = struct.unpack('<%dI' % (len(b) // 4), b)
    starts = [x for x in a[:1024] if x]
    rows = [a[1024 + 4 * t:1028 + 4 * t] for t in range((len(a) - 1024) // 4)]
    t0 = min(starts + [r[1] for r in rows])
    rel = lambda x: ((x - t0) & 0xFFFFFFFF) / 1000.0  # us
    return [rel(s) for s in starts], [tuple(rel(x) for x in r) for r in rows]

def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]

def main(path, bin_us=10.0):
    starts, rows = load(path)
    C = [r[0] for r in rows]; S = [r[1] for r in rows]; R = [r[2] for r in rows]; E = [r[3] for r in rows]
    n = len(rows)
    print(f"{path}: {n} tiles, {len(starts)} counter groups")
    print(f"  counter starts {min(starts):.1f}..{max(starts):.1f} us; last count published {max(C):.1f}; "
          f"first scatter start {min(S):.1f}; last scatter end {max(E):.1f}")
    wait = [R[t] - S[t] for t in range(n)]
    dur = [E[t] - S[t] for t in range(n)]
    lag = [S[t] - C[t] for t in range(n)]
    print(f"  scatter group: start->ranked median {st.median(wait):.2f} p10 {q(wait,.1):.2f} p90 {q(wait,.9):.2f} us; "
          f"start->end median {st.median(dur):.2f} p90 {q(dur,.9):.2f}")
    print(f"  scatter start - own tile counted: median {st.median(lag):.2f} p10 {q(lag,.1):.2f} p90 {q(lag,.9):.2f} us; "
          f"{sum(1 for x in lag if x < 0)} of {n} started before their tile was counted")
    ready_gap = [R[t] - max(S[t], max(C[max(0, t - 1)], C[t])) for t in range(n)]
    # lead: tiles counted (all of them, in any order) at each scatter start, minus the tile's index
    Cs = sorted(C)
    import bisect
    lead = [bisect.bisect_left(Cs, S[t]) - t for t in range(n)]
    print(f"  counters' lead at scatter start (tiles counted - tile index): median {st.median(lead)} p10 {q(lead,.1)} p90 {q(lead,.9)}")
    span = max(E)
    nb = int(span // bin_us) + 1
    cnt = [0] * nb; sc = [0] * nb; act = [0.0] * nb
    for t in range(n):
        cnt[int(C[t] // bin_us)] += 1
        sc[int(E[t] // bin_us)] += 1
    # scatter groups resident (time-weighted) per bin
    for t in range(n):
        a, b = S[t], E[t]
        k = int(a // bin_us)
        while k * bin_us < b and k < nb:
            lo, hi = max(a, k * bin_us), min(b, (k + 1) * bin_us)
            act[k] += max(0.0, hi - lo) / bin_us
            k += 1
    print(f"  per {bin_us:.0f} us: tiles counted | tiles scattered (ended) | scatter groups resident (mean)")
    for k in range(nb):
        print(f"   {k*bin_us:6.0f} {cnt[k]:6d} {sc[k]:6d} {act[k]:7.1f}")

if __name__ == '__main__':
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 10.0)

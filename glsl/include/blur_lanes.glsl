// Shared by glsl/blur/fastest*.comp: SWAR arithmetic on packed rgba8 texels. Needs the filter
// size N (a specialization constant) declared before the include.
// A texel becomes two u32 of 16-bit lanes, (r, b) and (g, a), so one add sums two channels; the
// lanes hold sums + N/2 <= 255 N + N/2 < 2^16 while N <= 256.

uvec2 lanes(uint p) { return uvec2(p & 0x00FF00FFu, (p >> 8u) & 0x00FF00FFu); }

// Both lanes of each word divided by N, as lane words again. One multiply-high per lane by
// m = ceil(2^32 / N) (exact for numerators <= 255 N + N/2: src/cpu/blur.rs, `lanes_div`):
//  - low lane: mulhi(word & 0xFFFF, m);
//  - high lane: mulhi(word, m) carries hi/N in bits 16..31 with the low lane's share below them
//    (exact while lo + (m N - 2^32) < 2^16, which holds for every N <= 256), so a mask takes it
//    without shifting the lane down and back up.
uvec2 div_lanes(uvec2 s) {
    if (N == 1u) return s;
    const uint M = 0xFFFFFFFFu / N + 1u;
    uvec2 hi, lo, lo_q, unused;
    umulExtended(s, uvec2(M), hi, unused);
    umulExtended(s & 0xFFFFu, uvec2(M), lo_q, unused);
    return (hi & 0xFFFF0000u) | lo_q;
}

uint pack_lanes(uvec2 l) { return l.x | (l.y << 8u); }

// The lanes (which already hold sum + N/2) divided by N, packed back to rgba8.
uint pack_div(uvec2 s) { return pack_lanes(div_lanes(s)); }

// Exact integer binning, identical on every device and on the CPU (src/cpu/histogram.rs):
//   luminance (000): bin = min((2126 r + 7152 g + 722 b) * BINS / 2550000, BINS - 1)
//   grey (001):      bin = (r + g + b) * (BINS - 1) / 765
// r, g, b in 0..255. The includer declares the specialization constants BINS and MEASURE.
#ifndef HISTOGRAM_BIN_GLSL
#define HISTOGRAM_BIN_GLSL

const uint MEASURE_LUMINANCE = 0u;
const uint MEASURE_GREY = 1u;

// floor(s * bins / 2550000) without 64-bit integers: the 64-bit product by umulExtended, then a
// long division by the 22-bit divisor, 8 bits at a time (only for BINS > 1684, where s * BINS
// can overflow 32 bits).
uint lum_div_wide(uint s, uint bins) {
    uint hi, lo;
    umulExtended(s, bins, hi, lo);
    const uint D = 2550000u;
    uint rem = hi % D;
    uint q = 0u;
    for (int k = 3; k >= 0; --k) {
        rem = (rem << 8) | ((lo >> (8 * k)) & 255u);
        q = (q << 8) | (rem / D);
        rem = rem % D;
    }
    return q;
}

uint bin_of(uint r, uint g, uint b) {
    if (MEASURE == MEASURE_LUMINANCE) {
        uint s = 2126u * r + 7152u * g + 722u * b;
        uint bin = (BINS <= 1684u) ? (s * BINS) / 2550000u : lum_div_wide(s, BINS);
        return min(bin, BINS - 1u);
    }
    return ((r + g + b) * (BINS - 1u)) / 765u;
}

// A pixel packed as r | g << 8 | b << 16 | a << 24 (RGBA8 in memory, little-endian).
uint bin_of_packed(uint p) {
    return bin_of(p & 255u, (p >> 8) & 255u, (p >> 16) & 255u);
}

// A pixel read with imageLoad from an rgba8 (UNORM) image: c / 255 is exact to round back.
uint bin_of_unorm(vec4 c) {
    uvec4 u = uvec4(round(c * 255.0));
    return bin_of(u.r, u.g, u.b);
}
#endif

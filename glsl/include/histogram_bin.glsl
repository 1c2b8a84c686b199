// Exact binning, identical on every device and on the CPU (src/cpu/histogram.rs):
//   luminance (000): bin = min((2126 r + 7152 g + 722 b) * BINS / 2550000, BINS - 1)
//   grey (001):      bin = (r + g + b) * (BINS - 1) / 765
//   log-luminance (ours, for exposure): L = 0.2126 R + 0.7152 G + 0.0722 B in f32, binned by
//                    the bits of L: octaves 2^LOG_MIN .. 2^LOG_MAX, BINS / octaves per octave
// r, g, b in 0..255 (R = r / 255 for log-luminance), or float colours (bin_of_log_luminance).
// The includer declares the specialization constants BINS and MEASURE.
#ifndef HISTOGRAM_BIN_GLSL
#define HISTOGRAM_BIN_GLSL

const uint MEASURE_LUMINANCE = 0u;
const uint MEASURE_GREY = 1u;
const uint MEASURE_LOG_LUMINANCE = 2u;

// log-luminance: the bits of 2^LOG_MIN (the first bin's lower edge) and the shift that keeps an
// octave's top log2(bins per octave) mantissa bits (ops::histogram::LogRange).
layout(constant_id = 10) const uint LOG_LO_BITS = 0x37800000u; // 2^-16
layout(constant_id = 11) const uint LOG_SHIFT = 20u;           // 8 bins an octave

// The f32 constants by their bits, so that no compiler rounds a decimal differently from Rust's
// `0.2126f32` (tests/histogram_formats.rs checks them): 0.2126, 0.7152, 0.0722 and 1 / 255.
#define LUMA_R uintBitsToFloat(0x3E59B3D0u)
#define LUMA_G uintBitsToFloat(0x3F371759u)
#define LUMA_B uintBitsToFloat(0x3D93DD98u)
#define INV_255 uintBitsToFloat(0x3B808081u)

// Adds and multiplies are correctly rounded in Vulkan; `precise` forbids fusing them into an fma,
// so L is the same f32 as the CPU's. NaN, zero, negatives and everything below 2^LOG_MIN land in
// bin 0, +inf and everything from 2^LOG_MAX on in the last. (A flushed denormal cannot move L
// across an edge: edges are at least 2^-64.)
uint bin_of_log_luminance(vec3 c) {
    precise float lum = LUMA_R * c.r + LUMA_G * c.g + LUMA_B * c.b;
    if (!(lum >= uintBitsToFloat(LOG_LO_BITS))) return 0u;
    uint bits = floatBitsToUint(lum);
    if (bits >= LOG_LO_BITS + (BINS << LOG_SHIFT)) return BINS - 1u;
    return min((bits - LOG_LO_BITS) >> LOG_SHIFT, BINS - 1u);
}

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
    if (MEASURE == MEASURE_LOG_LUMINANCE) {
        precise vec3 c = vec3(r, g, b) * INV_255;
        return bin_of_log_luminance(c);
    }
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

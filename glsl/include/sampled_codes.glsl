// The stored 8-bit codes of a texel read with texelFetch from an 8-bit sampled image. The format
// unit decoded them (UNORM: c / 255; sRGB: to linear light; BGRA: to RGBA order); this undoes
// it exactly:
//   UNORM8: c * 255 rounds back to the stored code;
//   SRGB8:  where the includer defines SRGB_LUT_BINDING (the *_srgb.comp kernels), one lookup
//           in the sRGB code table (src/ops/srgb_lut.rs, which documents it): the bucket of the
//           value's top 16 bits gives its lowest code, plus one past the bucket's code change,
//           if it has one. Elsewhere (where the table does not fit the shared memory) the value
//           is encoded again and rounded. Either way a decoder's error is far below the half
//           step between codes. Alpha is never sRGB.
// With SRGB_LUT_BINDING the includer calls load_srgb_lut() in every invocation before a
// barrier() that comes before the first stored_codes().
#define SAMPLED_CODES 1 // the walks that include this call load_srgb_lut()
const uint DECODE_UNORM8 = 0u;
const uint DECODE_SRGB8 = 1u;
const uint DECODE_FLOAT = 2u;

#ifdef SRGB_LUT_BINDING
const int SRGB_LUT_BASE = 14592;   // floatBitsToUint(2^-13) >> 16: the first bucket
const uint SRGB_LUT_WORDS = 1665u; // 13 binades of 128 buckets, and 1.0
layout(std430, binding = SRGB_LUT_BINDING) readonly buffer SrgbLut { uint srgb_lut_in[]; };
shared uint srgb_lut[SRGB_LUT_WORDS];

void load_srgb_lut() {
    for (uint i = gl_LocalInvocationIndex; i < SRGB_LUT_WORDS; i += gl_WorkGroupSize.x) srgb_lut[i] = srgb_lut_in[i];
}

uint srgb_code(float l) {
    uint b = floatBitsToUint(max(l, 0.0));
    uint e = srgb_lut[clamp(int(b >> 16u) - SRGB_LUT_BASE, 0, int(SRGB_LUT_WORDS) - 1)];
    return (e >> 17u) + uint((b & 0xFFFFu) >= (e & 0x1FFFFu));
}
uvec3 srgb_codes(vec3 l) { return uvec3(srgb_code(l.r), srgb_code(l.g), srgb_code(l.b)); }
#else
void load_srgb_lut() {}

vec3 srgb_encode(vec3 l) {
    vec3 lo = l * 12.92, hi = 1.055 * pow(l, vec3(1.0 / 2.4)) - 0.055;
    return mix(lo, hi, greaterThan(l, vec3(0.0031308)));
}
uvec3 srgb_codes(vec3 l) { return uvec3(round(clamp(srgb_encode(l), 0.0, 1.0) * 255.0)); }
#endif

uvec3 stored_codes(vec3 rgb, uint decode) {
    if (decode == DECODE_SRGB8) return srgb_codes(rgb);
    return uvec3(round(clamp(rgb, 0.0, 1.0) * 255.0));
}

// The stored 8-bit codes of a texel read with texelFetch from an 8-bit sampled image. The format
// unit decoded them (UNORM: c / 255; sRGB: to linear light; BGRA: to RGBA order); this undoes
// it exactly:
//   UNORM8: c * 255 rounds back to the stored code;
//   SRGB8:  the linear value, encoded again and rounded, is the stored code (a code step is
//           3e-4 at the darkest, far more than any decoder's error). Alpha is never sRGB.
const uint DECODE_UNORM8 = 0u;
const uint DECODE_SRGB8 = 1u;
const uint DECODE_FLOAT = 2u;

vec3 srgb_encode(vec3 l) {
    vec3 lo = l * 12.92, hi = 1.055 * pow(l, vec3(1.0 / 2.4)) - 0.055;
    return mix(lo, hi, greaterThan(l, vec3(0.0031308)));
}

uvec3 stored_codes(vec3 rgb, uint decode) {
    vec3 v = (decode == DECODE_SRGB8) ? srgb_encode(rgb) : rgb;
    return uvec3(round(clamp(v, 0.0, 1.0) * 255.0));
}

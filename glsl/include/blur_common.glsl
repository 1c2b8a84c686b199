// Shared by glsl/blur/*.comp. The box blur is defined as a separable INTEGER filter so that
// every variant and the CPU agree bit for bit (src/cpu/blur.rs is the reference):
//   one pass of size N:  out = (sum of the N clamped neighbours + N/2) / N   (round half up)
//   window of size N:    offsets -(N-1)/2 ..= +N/2   (even N: the centre is the left/upper of
//                        the two middle texels)
//   edges:               coordinates clamp to the border (the edge texel repeats)
//   one iteration:       the horizontal pass, then the vertical pass, per channel incl. alpha.

// Per-dispatch values. `flip` = 0: horizontal pass, 1: vertical pass (unused where fused).
layout(push_constant) uniform Push {
    uint width;       // image width in texels
    uint height;      // image height in texels
    uint filter_size; // N, 1 ..= the variant's limit (checked on the host)
#ifdef BLUR_HALF
    float mean_scale; // fastest_sampled_half: 2^-24 / N rounded to nearest, for the approximate mean
#else
    uint flip;
#endif
} pc;

// Texels before / after the centre in a window of size n.
int window_before(uint n) { return int((n - 1u) / 2u); }
int window_after(uint n) { return int(n / 2u); }

// One pass's rounding: (sum + n/2) / n, exact integer division.
uvec4 round_div(uvec4 sum, uint n) { return (sum + n / 2u) / n; }

#ifdef BLUR_IMAGES
// The lecture's rgba8 storage images. imageLoad of R8G8B8A8_UNORM gives c/255 as a float;
// round(v * 255) recovers c exactly, and storing q/255 converts back to exactly q.
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;

uvec4 load_texel(ivec2 p) { return uvec4(round(imageLoad(src, p) * 255.0)); }
uvec4 load_clamped(ivec2 p) {
    return load_texel(clamp(p, ivec2(0), ivec2(int(pc.width) - 1, int(pc.height) - 1)));
}
void store_texel(ivec2 p, uvec4 v) { imageStore(dst, p, vec4(v) / 255.0); }
#endif

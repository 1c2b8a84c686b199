// The body of stretch_and_count_image.comp and stretch_and_count_sampled.comp: every texel of
// the source goes through the table into `dst` (an rgba8 storage image), as step 3 of a frame
// (COUNT off), or as a following video frame (COUNT on: stretched with the table of the frame
// before while this frame's histogram is counted, as stretch_and_count.comp does on buffers).
// Counting: one shared histogram per subgroup (up to NUM_SUB), added to the global bins once per
// group. Storing q / 255 converts back to exactly q (as blur_common.glsl does).
// The includer enables GL_KHR_shader_subgroup_basic, declares `src` (binding 0), and defines
// LOAD_TEXEL where `src` is not an rgba8 storage image (image_tiles.glsl): whatever it reads,
// texel() gets the stored 8-bit codes in RGBA order.
layout(local_size_x = 256) in;
layout(constant_id = 0) const uint NUM_SUB = 8u;
layout(constant_id = 1) const bool COUNT = true;
const uint BINS = 256u;
const uint MEASURE = 0u; // 000's luminance
#include "histogram_bin.glsl"
layout(push_constant) uniform Push { uint width; uint height; } p;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;
layout(std430, binding = 2) readonly buffer Levels { uint levels[]; }; // black, white, 2 unused, table
layout(std430, binding = 3) buffer Bins { uint bins[]; }; // zero before (COUNT)

shared uint table[256];
shared uint sub_bins[NUM_SUB * BINS];
uint sub; // this subgroup's histogram

void texel(ivec2 at, uvec4 c) {
    if (COUNT) atomicAdd(sub_bins[sub + bin_of(c.r, c.g, c.b)], 1u);
    imageStore(dst, at, vec4(table[c.r], table[c.g], table[c.b], c.a) / 255.0);
}
#include "image_tiles.glsl"

void main() {
    uint l = gl_LocalInvocationID.x;
    table[l] = levels[4u + l];
    if (COUNT) {
        for (uint i = l; i < NUM_SUB * BINS; i += 256u) sub_bins[i] = 0u;
    }
    sub = (gl_SubgroupID % NUM_SUB) * BINS;
    barrier(); // the table is complete, the histograms zero
    walk_image_tiles(p.width, p.height);
    if (!COUNT) return;
    barrier(); // every count of this group is in
    uint c = 0u;
    for (uint s = 0u; s < NUM_SUB; ++s) c += sub_bins[s * BINS + l];
    if (c != 0u) atomicAdd(bins[l], c);
}

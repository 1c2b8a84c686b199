// The body of `fastest-image` and `fastest-sampled`: a persistent grid walks the image in tiles
// (image_tiles.glsl) and counts into one shared sub-histogram per subgroup (up to NUM_SUB, as many
// as fit), added to the global bins once per group. The includer declares BINS, NUM_SUB, `bins`,
// `src`, TEXEL_T / LOAD_TEXEL where not rgba8, IMAGE_SIZE (the image's ivec2 size) and
// `uint texel_bin(TEXEL_T c)`.
shared uint sub_bins[NUM_SUB * BINS];
uint sub; // this subgroup's sub-histogram

#include "image_tiles.glsl"
void texel(ivec2 at, TEXEL_T c) {
    atomicAdd(sub_bins[sub + texel_bin(c)], 1u);
}

void main() {
    uint l = gl_LocalInvocationID.x;
    for (uint i = l; i < NUM_SUB * BINS; i += 256u) sub_bins[i] = 0u;
    sub = (gl_SubgroupID % NUM_SUB) * BINS;
    barrier(); // the sub-histograms are zero
    ivec2 size = IMAGE_SIZE;
    walk_image_tiles(uint(size.x), uint(size.y));
    barrier(); // every count of this group is in
    for (uint b = l; b < BINS; b += 256u) {
        uint c = 0u;
        for (uint s = 0u; s < NUM_SUB; ++s) c += sub_bins[s * BINS + b];
        if (c != 0u) atomicAdd(bins[b], c);
    }
}

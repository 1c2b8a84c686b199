#version 450
// Ours: the fastest exact kernel we can write for real GPUs.
//  * one shared sub-histogram per subgroup (NUM_SUB of them), so only a subgroup's lanes
//    contend for a shared bin;
//  * 16-byte loads (4 pixels per uvec4), two in flight per invocation per iteration;
//  * a grid-stride loop over a persistent grid sized from the device (push constant);
//  * aggregation for one-colour runs: when all 8 pixels of every lane of a subgroup fall in
//    one bin, one lane adds 8 x lanes; otherwise each lane adds runs of equal bins at once.
//  * at the end each group adds its summed sub-histograms to the global bins, non-zero only.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint BINS = 256u;
layout(constant_id = 2) const uint MEASURE = 0u;
layout(constant_id = 3) const uint NUM_SUB = 8u;
// 1: aggregate runs of equal bins inside a lane before the shared atomic; 0: one atomic per pixel.
layout(constant_id = 4) const uint LANE_RUNS = 1u;
#include "histogram_bin.glsl"

layout(push_constant) uniform Push { uint pixel_count; } p;
layout(std430, binding = 0) readonly buffer Pixels { uvec4 px4[]; };
layout(std430, binding = 1) buffer Bins { uint bins[]; };

shared uint sub_bins[NUM_SUB * BINS];

uint base;

void add_run(uint b, uint c) {
    atomicAdd(sub_bins[base + b], c);
}

// Counts 8 valid pixels.
void count8(uvec4 a, uvec4 c) {
    uint k0 = bin_of_packed(a.x), k1 = bin_of_packed(a.y), k2 = bin_of_packed(a.z), k3 = bin_of_packed(a.w);
    uint k4 = bin_of_packed(c.x), k5 = bin_of_packed(c.y), k6 = bin_of_packed(c.z), k7 = bin_of_packed(c.w);
    bool same = k0 == k1 && k0 == k2 && k0 == k3 && k0 == k4 && k0 == k5 && k0 == k6 && k0 == k7;
    if (subgroupAll(same) && subgroupAllEqual(k0)) {
        uint total = subgroupAdd(8u);
        if (subgroupElect()) add_run(k0, total);
        return;
    }
    if (LANE_RUNS == 0u) {
        add_run(k0, 1u); add_run(k1, 1u); add_run(k2, 1u); add_run(k3, 1u);
        add_run(k4, 1u); add_run(k5, 1u); add_run(k6, 1u); add_run(k7, 1u);
        return;
    }
    // Run-length aggregation inside the lane.
    uint cur = k0, n = 1u;
    uint ks[7] = uint[7](k1, k2, k3, k4, k5, k6, k7);
    for (int i = 0; i < 7; ++i) {
        if (ks[i] == cur) {
            ++n;
        } else {
            add_run(cur, n);
            cur = ks[i];
            n = 1u;
        }
    }
    add_run(cur, n);
}

void main() {
    uint lid = gl_LocalInvocationIndex;
    uint size = gl_WorkGroupSize.x;
    for (uint i = lid; i < NUM_SUB * BINS; i += size) sub_bins[i] = 0u;
    barrier();
    base = (gl_SubgroupID % NUM_SUB) * BINS;

    uint n = p.pixel_count;
    uint full4 = n / 4u;                       // uvec4s whose 4 pixels are all valid
    uint stride = gl_NumWorkGroups.x * size;
    uint i = gl_GlobalInvocationID.x;
    // Main loop: two 16-byte loads in flight per invocation.
    for (; i + stride < full4; i += 2u * stride) {
        uvec4 a = px4[i];
        uvec4 c = px4[i + stride];
        count8(a, c);
    }
    // At most one whole uvec4 left for this invocation.
    if (i < full4) {
        uvec4 a = px4[i];
        add_run(bin_of_packed(a.x), 1u);
        add_run(bin_of_packed(a.y), 1u);
        add_run(bin_of_packed(a.z), 1u);
        add_run(bin_of_packed(a.w), 1u);
    }
    // The last 0..3 pixels (the buffer is padded to 16 bytes, so the load is in bounds).
    if (gl_GlobalInvocationID.x == 0u && full4 * 4u < n) {
        uvec4 a = px4[full4];
        uint rest = n - full4 * 4u;
        add_run(bin_of_packed(a.x), 1u);
        if (rest > 1u) add_run(bin_of_packed(a.y), 1u);
        if (rest > 2u) add_run(bin_of_packed(a.z), 1u);
    }
    barrier();

    for (uint b = lid; b < BINS; b += size) {
        uint s = 0u;
        for (uint k = 0u; k < NUM_SUB; ++k) s += sub_bins[k * BINS + b];
        if (s != 0u) atomicAdd(bins[b], s);
    }
}

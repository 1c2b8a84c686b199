// The body of glsl/histogram/fastest.comp and fastest_partitioned.comp (see there).
// Ours: the fastest exact kernel we can write for real GPUs (see fastest.comp for the outline).
//  * one shared sub-histogram per subgroup (NUM_SUB of them), so only a subgroup's lanes
//    contend for a shared bin;
//  * 16-byte loads (4 pixels per uvec4), LOADS per invocation per iteration, the next
//    iteration's issued before this one is binned (PREFETCH);
//  * a grid-stride loop over a persistent grid sized from the device (push constant);
//  * aggregation for one-colour runs: when all pixels of an iteration of every lane of a
//    subgroup are one packed colour, one bin is computed and one lane adds them all; optionally (LANE_RUNS) each lane adds
//    runs of equal bins at once (measured slower on an H200 for natural and random input).
//  * at the end each group adds its summed sub-histograms to the global bins, non-zero only.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint BINS = 256u;
layout(constant_id = 2) const uint MEASURE = 0u;
layout(constant_id = 3) const uint NUM_SUB = 8u;
// 1: aggregate runs of equal bins inside a lane before the shared atomic; 0: one atomic per pixel.
layout(constant_id = 4) const uint LANE_RUNS = 0u;
// 16-byte loads in flight per invocation per iteration.
layout(constant_id = 5) const uint LOADS = 2u;
// 1: the next iteration's LOADS loads are issued before this iteration is counted (twice the
// registers for pixels; the loads overlap the binning and the subgroup votes); 0: not.
layout(constant_id = 6) const uint PREFETCH = 0u;
// After a block that is not one colour, the next CHECK_SKIP blocks of this invocation go straight
// to binning without the one-colour test (its compares and vote): random input pays for the test
// once in CHECK_SKIP + 1 blocks, flat input finds every block one colour and tests them all.
// 0: test every block. (Lanes that test vote among themselves: exact however they diverge.)
layout(constant_id = 7) const uint CHECK_SKIP = 0u;
#include "histogram_bin.glsl"

layout(push_constant) uniform Push { uint pixel_count; } p;
layout(std430, binding = 0) readonly buffer Pixels { uvec4 px4[]; };
layout(std430, binding = 1) buffer Bins { uint bins[]; };

shared uint sub_bins[NUM_SUB * BINS];

uint base;
uint skip_left = 0u; // blocks still to bin without the one-colour test

void add_run(uint b, uint c) {
    atomicAdd(sub_bins[base + b], c);
}

// Counts the 4 * LOADS valid pixels of one iteration.
void count_block(uvec4 a[LOADS]) {
    // One colour across the whole subgroup: one bin computed and one atomic instead of
    // 4 * LOADS * lanes of each. The test compares the packed pixels themselves (a block that
    // differs only in alpha or in colours of one bin takes the general path below, also exact):
    // one vote against the first lane's pixel and a ballot count of the lanes, so flat input
    // skips the binning arithmetic and natural input pays only the compares.
    if (skip_left > 0u) {
        skip_left--;
    } else {
        uint p0 = a[0].x;
        bool same = true;
        for (uint j = 0u; j < LOADS; ++j) same = same && all(equal(a[j], uvec4(p0)));
        if (subgroupAll(same && p0 == subgroupBroadcastFirst(p0))) {
            uint lanes = subgroupBallotBitCount(subgroupBallot(true)); // uniform branch: all lanes here
            if (subgroupElect()) add_run(bin_of_packed(p0), 4u * LOADS * lanes);
            return;
        }
        skip_left = CHECK_SKIP;
    }
    uint k[4 * LOADS];
    for (uint j = 0u; j < LOADS; ++j) {
        k[4u * j] = bin_of_packed(a[j].x);
        k[4u * j + 1u] = bin_of_packed(a[j].y);
        k[4u * j + 2u] = bin_of_packed(a[j].z);
        k[4u * j + 3u] = bin_of_packed(a[j].w);
    }
#ifdef PARTITIONED
    // Lanes holding the same bin form one partition; its lowest lane adds them all at once.
    for (uint j = 0u; j < 4u * LOADS; ++j) {
        uvec4 mates = subgroupPartitionNV(k[j]);
        if (subgroupBallotFindLSB(mates) == gl_SubgroupInvocationID) add_run(k[j], subgroupBallotBitCount(mates));
    }
    return;
#endif
    if (LANE_RUNS == 0u) {
        for (uint j = 0u; j < 4u * LOADS; ++j) add_run(k[j], 1u);
        return;
    }
    // Run-length aggregation inside the lane.
    uint cur = k[0], n = 1u;
    for (uint j = 1u; j < 4u * LOADS; ++j) {
        if (k[j] == cur) {
            ++n;
        } else {
            add_run(cur, n);
            cur = k[j];
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
    if (PREFETCH == 1u) {
        // Main loop, software-pipelined: the next block is loaded while this one is counted.
        uvec4 a[LOADS];
        bool have = i + (LOADS - 1u) * stride < full4;
        if (have) {
            for (uint j = 0u; j < LOADS; ++j) a[j] = px4[i + j * stride];
        }
        while (have) {
            uint next = i + LOADS * stride;
            bool more = next + (LOADS - 1u) * stride < full4;
            uvec4 b[LOADS];
            for (uint j = 0u; j < LOADS; ++j) b[j] = more ? px4[next + j * stride] : uvec4(0u);
            count_block(a);
            for (uint j = 0u; j < LOADS; ++j) a[j] = b[j];
            i = next;
            have = more;
        }
    } else {
        // Main loop: LOADS 16-byte loads in flight per invocation.
        for (; i + (LOADS - 1u) * stride < full4; i += LOADS * stride) {
            uvec4 a[LOADS];
            for (uint j = 0u; j < LOADS; ++j) a[j] = px4[i + j * stride];
            count_block(a);
        }
    }
    // Fewer than LOADS whole uvec4s left for this invocation.
    for (; i < full4; i += stride) {
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

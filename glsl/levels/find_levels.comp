#version 450
// Auto levels, step 2 (one workgroup, one invocation per bin): from the luminance histogram
// that step 1 left on the GPU, the black and white levels (src/cpu/levels.rs: black = the least
// bin with more than `clip` pixels at or below it, white = the greatest with more than `clip` at
// or above it), and the table that stretches a channel value from black..white to 0..255. No
// read-back: step 3 reads the table where this step wrote it.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 256) in;
layout(push_constant) uniform Push { uint pixels; uint clip; } p; // clip < pixels / 2
layout(std430, binding = 0) readonly buffer Bins { uint bins[]; };
// black, white, 2 unused, then the table: levels[4 + v] = v stretched.
layout(std430, binding = 1) writeonly buffer Levels { uint levels[]; };

shared uint subgroup_sums[64]; // one per subgroup (subgroups of at least 4)
shared uint at_most_clip, before_top; // bins counted for black, for white + 1

void main() {
    // Bins in subgroup order, so that a subgroup scan and a scan of the subgroups' sums is a
    // scan in bin order on any device.
    uint b = gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID;
    uint c = bins[b];
    if (b == 0u) {
        at_most_clip = 0u;
        before_top = 0u;
    }
    uint below = subgroupExclusiveAdd(c); // pixels in the bins before b
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) subgroup_sums[gl_SubgroupID] = below + c;
    barrier(); // every subgroup's sum is in place, the counters zeroed
    for (uint q = 0u; q < gl_SubgroupID; ++q) below += subgroup_sums[q];
    // The pixel counts are monotone in b, so each level is a count of bins: black = the bins with
    // at most `clip` pixels at or below them; white + 1 = those with fewer than pixels - clip
    // pixels before them (more than `clip` at or above).
    uint blacks = subgroupBallotBitCount(subgroupBallot(below + c <= p.clip));
    uint whites = subgroupBallotBitCount(subgroupBallot(below < p.pixels - p.clip));
    if (gl_SubgroupInvocationID == 0u) {
        atomicAdd(at_most_clip, blacks);
        atomicAdd(before_top, whites);
    }
    barrier(); // the counts are complete
    uint lo = at_most_clip, hi = before_top - 1u;
    if (b == 0u) {
        levels[0] = lo;
        levels[1] = hi;
    }
    // Value b stretched (a histogram of one bin, hi = lo, leaves values as they are).
    uint v = b;
    if (hi > lo) v = b <= lo ? 0u : (b >= hi ? 255u : ((b - lo) * 255u + (hi - lo) / 2u) / (hi - lo));
    levels[4u + b] = v;
}

#version 450
// Auto exposure from a log-luminance histogram (ours: seed 000's "adjust video from the
// histogram", for HDR): the mean log2 luminance of the pixels left after the darkest LOW_PPM and
// the brightest HIGH_PPM parts per million are cut, one workgroup, no read back. The engine then
// exposes by key / 2^mean. Bin b (octave b / P, step j = b % P) stands for its middle,
// log2 L = log_min + b / P + log2(1 + (j + 0.5) / P); a bin cut in part counts in part.
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 256) in;
layout(constant_id = 1) const uint BINS = 256u; // at most 4096: 16 bins an invocation

layout(push_constant) uniform Push { int log_min; uint per_octave; uint low_ppm; uint high_ppm; } p;
layout(std430, binding = 0) readonly buffer Bins { uint bins[]; };
layout(std430, binding = 1) writeonly buffer Out { float mean_log2; uint pixels; } o;

const uint K = (BINS + 255u) / 256u; // each invocation's run of bins
shared uint sub_before[256];         // pixels in the subgroups before each subgroup's runs
shared uint total;
shared float weight[256], weighted[256];

void main() {
    uint t = gl_LocalInvocationIndex;
    uint first = t * K;
    uint c[16];
    uint mine = 0u;
    [[unroll]] for (uint k = 0u; k < 16u; ++k) {
        c[k] = (k < K && first + k < BINS) ? bins[first + k] : 0u;
        mine += c[k];
    }
    // Where each run starts: a subgroup scan, then one invocation scans the subgroups' totals
    // (at most 64: a sequential scan of all 256 runs took 7 us on an H200).
    uint within = subgroupInclusiveAdd(mine);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) sub_before[gl_SubgroupID] = within;
    barrier(); // every subgroup's total is in
    if (t == 0u) {
        uint run = 0u;
        for (uint i = 0u; i < gl_NumSubgroups; ++i) {
            uint v = sub_before[i];
            sub_before[i] = run;
            run += v;
        }
        total = run;
    }
    barrier(); // the subgroups' starts and the total are in
    float lo = float(total) * (float(p.low_ppm) * 1e-6);
    float hi = float(total) * (1.0 - float(p.high_ppm) * 1e-6);
    float w = 0.0, ws = 0.0;
    uint at = sub_before[gl_SubgroupID] + within - mine;
    [[unroll]] for (uint k = 0u; k < 16u; ++k) {
        uint b = first + k;
        if (k < K && b < BINS && c[k] != 0u) {
            float overlap = max(0.0, min(float(at + c[k]), hi) - max(float(at), lo));
            float middle = float(p.log_min) + float(b / p.per_octave) + log2(1.0 + (float(b % p.per_octave) + 0.5) / float(p.per_octave));
            w += overlap;
            ws += overlap * middle;
        }
        at += c[k];
    }
    weight[t] = w;
    weighted[t] = ws;
    barrier();
    for (uint s = 128u; s > 0u; s >>= 1) {
        if (t < s) {
            weight[t] += weight[t + s];
            weighted[t] += weighted[t + s];
        }
        barrier();
    }
    if (t == 0u) {
        // No pixel left (an empty histogram, or cuts that take all): the range's floor.
        o.mean_log2 = weight[0] > 0.0 ? weighted[0] / weight[0] : float(p.log_min);
        o.pixels = total;
    }
}

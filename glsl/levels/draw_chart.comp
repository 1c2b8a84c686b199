#version 450
// Auto levels, step 5: the histograms before and after drawn on the GPU (000's open idea), one
// workgroup per row of the 256 x 256 chart, one invocation per column (bin). Rows 0..127 show
// the histogram before, with the black and white levels marked; rows 128..255 the histogram of
// the adjusted image (step 4); the first row of each panel is a grey rule. Bars rise from the bottom of each panel, 000's scale rule in
// integers (src/cpu/levels.rs): min(128, count x 128 / d), d = max(1, min(largest, 5 x pixels / 256)).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 256) in;
layout(push_constant) uniform Push { uint pixels; } p;
layout(std430, binding = 0) readonly buffer Before { uint before[]; };
layout(std430, binding = 1) readonly buffer After { uint after[]; };
layout(std430, binding = 2) readonly buffer Levels { uint levels[]; }; // see find_levels.comp
layout(std430, binding = 3) writeonly buffer Chart { uint chart[]; }; // RGBA8, 256 x 256

const uint PANEL = 128u;
const uint BACKGROUND = 24u | (24u << 8u) | (24u << 16u) | (255u << 24u);
const uint BAR = 200u | (200u << 8u) | (200u << 16u) | (255u << 24u);
const uint MARK = 230u | (60u << 8u) | (40u << 16u) | (255u << 24u);
const uint RULE = 96u | (96u << 8u) | (96u << 16u) | (255u << 24u);

shared uint subgroup_max[64];

// count x PANEL / d rounded down, at most PANEL. Where count < d, seven steps of long division
// (PANEL = 2^7) keep every value below 2d < 2^32: the product may not fit 32 bits.
uint bar_height(uint count, uint largest) {
    uint d = max(1u, min(largest, (p.pixels >> 8u) * 5u + (((p.pixels & 255u) * 5u) >> 8u)));
    if (count >= d) return PANEL;
    uint q = 0u, rem = count;
    for (uint i = 0u; i < 7u; ++i) {
        rem <<= 1u;
        q <<= 1u;
        if (rem >= d) {
            rem -= d;
            q |= 1u;
        }
    }
    return q;
}

void main() {
    uint x = gl_LocalInvocationID.x, row = gl_WorkGroupID.x;
    bool upper = row < PANEL;
    uint count = upper ? before[x] : after[x];
    uint m = subgroupMax(count);
    if (gl_SubgroupInvocationID == 0u) subgroup_max[gl_SubgroupID] = m;
    barrier(); // every subgroup's largest count is in place
    uint largest = 0u;
    for (uint q = 0u; q < gl_NumSubgroups; ++q) largest = max(largest, subgroup_max[q]);
    uint y = row % PANEL;
    uint colour = y == 0u ? RULE : (y >= PANEL - bar_height(count, largest) ? BAR : BACKGROUND);
    if (upper && (x == levels[0] || x == levels[1])) colour = MARK;
    chart[row * 256u + x] = colour;
}

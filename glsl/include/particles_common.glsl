// Seed 004's particle system: position, velocity, lifetime; gravity; a dead particle respawns at
// the origin with a random upward velocity. Exact on every device: the lifetime counts frames
// (integers decide who respawns), the random numbers are integer hashes turned into floats
// exactly (24 bits times 2^-24), and every float operation is `precise` (no fused multiply-add),
// so each step is the same sequence of IEEE roundings as the CPU reference
// (src/cpu/particles.rs). Layout (32 bytes per particle, AoS):
//   [px, py, pz, life (frames left, u32 bits), vx, vy, vz, 0]
layout(push_constant) uniform Push { uint n; uint first_frame; uint frames; float dt; float gdt; } p;
layout(std430, binding = 0) buffer Particles { uvec4 state[]; }; // 2 uvec4 per particle

uint hash(uint id, uint frame, uint salt) {
    uint h = id * 747796405u + frame * 2891336453u + salt * 1442695041u;
    h = ((h >> ((h >> 28u) + 4u)) ^ h) * 277803737u;
    return (h >> 22u) ^ h;
}

float rand01(uint h) { return float(h >> 8u) * (1.0 / 16777216.0); }

// One frame of one particle (frame numbers from 1; frame 0 is the spawn of every particle).
void step(uint id, uint frame, inout precise vec3 pos, inout precise vec3 vel, inout uint life) {
    if (life == 0u) {
        pos = vec3(0.0);
        precise float vx = rand01(hash(id, frame, 0u)) * 2.0 - 1.0;
        precise float vy = rand01(hash(id, frame, 1u)) * 5.0 + 5.0;
        precise float vz = rand01(hash(id, frame, 2u)) * 2.0 - 1.0;
        vel = vec3(vx, vy, vz);
        life = 30u + hash(id, frame, 3u) % 90u;
    } else {
        vel.y = vel.y - p.gdt;
        pos = pos + vel * p.dt;
        life -= 1u;
    }
}

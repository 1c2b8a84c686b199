//! The CPU reference of the particle system (glsl/include/particles_common.glsl): the same integer
//! hashes and the same IEEE f32 operations in the same order, so the GPU equals it bit for bit.
use rayon::prelude::*;

/// One particle: position, velocity, frames left (0: respawns on the next frame).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Particle {
    /// Position.
    pub pos: [f32; 3],
    /// Velocity: a frame moves the particle by `vel * dt`.
    pub vel: [f32; 3],
    /// Frames left (0: respawns on the next frame).
    pub life: u32,
}

impl Particle {
    /// The GPU layout: [px, py, pz, life, vx, vy, vz, 0] as u32 bits.
    pub fn to_words(&self) -> [u32; 8] {
        let (p, v) = (self.pos, self.vel);
        [p[0].to_bits(), p[1].to_bits(), p[2].to_bits(), self.life, v[0].to_bits(), v[1].to_bits(), v[2].to_bits(), 0]
    }
    /// The particle of its GPU layout (see [`Particle::to_words`]); `w` must hold at least 7 words.
    pub fn from_words(w: &[u32]) -> Particle {
        let f = f32::from_bits;
        Particle { pos: [f(w[0]), f(w[1]), f(w[2])], vel: [f(w[4]), f(w[5]), f(w[6])], life: w[3] }
    }
}

/// The integer hash, as the shader's, that gives particle `id`'s random numbers in `frame`
/// (`salt` tells them apart).
pub fn hash(id: u32, frame: u32, salt: u32) -> u32 {
    let mut h = id.wrapping_mul(747796405).wrapping_add(frame.wrapping_mul(2891336453)).wrapping_add(salt.wrapping_mul(1442695041));
    h = ((h >> ((h >> 28) + 4)) ^ h).wrapping_mul(277803737);
    (h >> 22) ^ h
}

fn rand01(h: u32) -> f32 {
    (h >> 8) as f32 * (1.0 / 16777216.0)
}

/// One frame of particle `id` (frames are numbered from 1).
pub fn step(id: u32, frame: u32, p: &mut Particle, dt: f32, gdt: f32) {
    if p.life == 0 {
        p.pos = [0.0; 3];
        p.vel = [rand01(hash(id, frame, 0)) * 2.0 - 1.0, rand01(hash(id, frame, 1)) * 5.0 + 5.0, rand01(hash(id, frame, 2)) * 2.0 - 1.0];
        p.life = 30 + hash(id, frame, 3) % 90;
    } else {
        p.vel[1] -= gdt;
        for k in 0..3 {
            p.pos[k] += p.vel[k] * dt;
        }
        p.life -= 1;
    }
}

/// Runs frames `first..first + frames` on every particle (multi-threaded).
pub fn simulate(ps: &mut [Particle], first: u32, frames: u32, dt: f32, gdt: f32) {
    ps.par_iter_mut().enumerate().for_each(|(id, p)| {
        for f in first..first + frames {
            step(id as u32, f, p, dt, gdt);
        }
    });
}

//! The particle system of seed 004 (position, velocity, lifetime; gravity 9.81; respawn with a
//! random velocity when the lifetime ends; 64 per workgroup), exact on every device (see
//! glsl/include/particles_common.glsl), and ours: every frame in one dispatch.
use crate::cpu::particles::Particle;
use crate::gpu::{Buffer, Context, Error, Kernel, Recorder, Result, Sync, Timing};
use crate::shaders;

/// The particle kernels: seed 004's and ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Seed 004: 64 per group, one dispatch per frame, the state read and written every frame.
    PerFrame,
    /// Ours: up to 4096 frames per dispatch, the state in registers between frames.
    Fused,
}

impl Variant {
    /// Every variant, in the order `--variant all` runs them.
    pub const ALL: [Variant; 2] = [Variant::PerFrame, Variant::Fused];
    /// The variant's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::PerFrame => "per-frame",
            Variant::Fused => "fused",
        }
    }
    /// One line on what the variant does and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            Variant::PerFrame => "004: 64 per group, one dispatch per frame, the state read and written every frame",
            Variant::Fused => "ours: every frame in one dispatch, the state in registers (up to 4096 frames per dispatch)",
        }
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        super::variant_named(s, &Variant::ALL, Variant::name, "variant")
    }
}

/// The simulation's constants: 60 frames per second, gravity 9.81 (applied as `g * dt` per frame).
pub const DT: f32 = 1.0 / 60.0;
/// Gravity's velocity change per frame, `9.81 * DT`, computed once on the host.
pub const GDT: f32 = 9.81 * DT;
/// Frames per dispatch of `fused` (llvmpipe ends a shader's loops after 65535 iterations).
const FUSED_FRAMES: u32 = 4096;

/// The most particles one state buffer holds on this device (32 bytes each in one binding).
pub fn max_particles(ctx: &Context) -> usize {
    (ctx.info().max_storage_buffer_range.min(u32::MAX as u64) / 32) as usize
}

/// The pipeline of one variant.
pub struct Particles {
    /// The variant this pipeline runs.
    pub variant: Variant,
    kernel: Kernel,
    local: u32,
}

impl Particles {
    /// Builds the variant's kernel (64 invocations per group for per-frame, 256 for fused).
    pub fn new(ctx: &Context, variant: Variant) -> Result<Particles> {
        let (shader, local) = match variant {
            Variant::PerFrame => (&shaders::PARTICLES_PER_FRAME, 64),
            Variant::Fused => (&shaders::PARTICLES_FUSED, 256),
        };
        Ok(Particles { variant, kernel: Kernel::new(ctx, shader, &[])?, local })
    }

    /// Engine mode: advances the `n` particles in `state` (2 x uvec4 each, the layout of
    /// `Particle::to_words`) through frames `first..first + frames` (at most [`MAX_FRAMES`] in one
    /// call). Before: `state` visible to compute-shader reads and writes. After: `state` written
    /// by the compute stage.
    pub fn record(&self, rec: &mut Recorder, state: &Buffer<[u32; 4]>, n: usize, first: u32, frames: u32) -> Result<()> {
        check_frames(frames)?;
        if first.checked_add(frames).is_none() {
            return Err(Error::invalid(format!("frames {first}..{first}+{frames}: past the last frame number, {}", u32::MAX)));
        }
        if n == 0 || frames == 0 {
            return Ok(());
        }
        if state.len() < 2 * n {
            return Err(Error::invalid(format!("{n} particles need {} uvec4, the state holds {}", 2 * n, state.len())));
        }
        check(rec.context(), n)?;
        let groups = (n as u64).div_ceil(self.local as u64);
        let max_x = rec.context().info().max_workgroup_count[0] as u64;
        let grid = [groups.min(max_x) as u32, groups.div_ceil(max_x) as u32, 1];
        let push = |f: u32, k: u32| -> Vec<u8> {
            let w: [u32; 5] = [n as u32, f, k, DT.to_bits(), GDT.to_bits()];
            bytemuck::cast_slice(&w).to_vec()
        };
        let chunk = if self.variant == Variant::PerFrame { 1 } else { FUSED_FRAMES };
        let mut f = first;
        while f < first + frames {
            let k = chunk.min(first + frames - f);
            if f > first {
                rec.barrier(Sync::ComputeToCompute);
            }
            rec.dispatch(&self.kernel, grid, &[state.bind()], &push(f, k))?;
            f += k;
        }
        Ok(())
    }
}

/// The most frames one `record` (and one `time`) takes: per-frame records a dispatch and a
/// barrier a frame in one command buffer, so without a bound a large count filled memory before
/// the GPU ran any of it. 100 000 frames are 28 minutes at 60 frames a second.
pub const MAX_FRAMES: u32 = 100_000;

/// Refuses more than [`MAX_FRAMES`] frames.
pub fn check_frames(frames: u32) -> Result<()> {
    if frames > MAX_FRAMES {
        return Err(Error::invalid(format!("{frames} frames: at most {MAX_FRAMES} at a time (28 minutes at 60 a second)")));
    }
    Ok(())
}

fn check(ctx: &Context, n: usize) -> Result<()> {
    let max = max_particles(ctx);
    if n > max {
        return Err(Error::invalid(format!("{n} particles: at most {max} on {} (one storage binding)", ctx.info().name)));
    }
    Ok(())
}

/// `n` particles from the spawn state (all dead: they respawn at frame 1) through frames
/// 1..=frames on the GPU; also returns the GPU time of the frames (`runs` > 0: median).
pub fn time(ctx: &Context, n: usize, frames: u32, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Vec<Particle>)> {
    check(ctx, n)?;
    check_frames(frames)?;
    let ps = Particles::new(ctx, variant)?;
    let zero = vec![[0u32; 4]; 2 * n.max(1)];
    let state = Buffer::from_slice(ctx, &zero, "particles")?;
    let mut timing = Timing::default();
    if runs > 0 {
        // Each timed run starts from the spawn state again.
        timing = crate::gpu::measure(ctx, warmup, runs, |rec| {
            rec.fill_raw(state.raw(), 0, (zero.len() * 16) as u64, 0);
            rec.barrier(Sync::TransferToCompute);
            ps.record(rec, &state, n, 1, frames)
        })?;
    } else {
        ctx.submit(|rec| ps.record(rec, &state, n, 1, frames))?;
    }
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    let words: Vec<[u32; 4]> = ctx.read(&state)?;
    let flat: &[u32] = bytemuck::cast_slice(&words);
    Ok((timing, flat.chunks(8).take(n).map(Particle::from_words).collect()))
}

/// The CPU reference from the same spawn state.
pub fn reference(n: usize, frames: u32) -> Vec<Particle> {
    reference_in_steps(n, frames, frames.max(1), |_| {})
}

/// [`reference`] run `step` frames at a time (the same result, bit for bit), calling `done` with
/// the frames done after each: for a progress bar on long runs.
pub fn reference_in_steps(n: usize, frames: u32, step: u32, mut done: impl FnMut(u32)) -> Vec<Particle> {
    let mut ps = vec![Particle::default(); n];
    let mut first = 1;
    while first <= frames {
        let k = step.max(1).min(frames - first + 1);
        crate::cpu::particles::simulate(&mut ps, first, k, DT, GDT);
        first += k;
        done(first - 1);
    }
    ps
}

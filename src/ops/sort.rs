//! Sorting inside one workgroup (seed 002: odd-even transposition sort, "parallel bubble sort"),
//! each version the document walks through, then a bitonic network (ours; the document's
//! references name it).
//!
//! One workgroup of `L` invocations sorts up to `2 L` keys in shared memory, as in the document
//! (128 f32 with 64 invocations): `n` is at most twice the device's largest workgroup (2048 on
//! lavapipe and NVIDIA), and larger inputs are refused with that limit in the message.
//! Order: u32 and i32 numerically, f32 in IEEE total order (`f32::total_cmp`: -NaN < -inf < ... <
//! -0 < +0 < ... < +inf < +NaN), so every variant equals the CPU's sort bit for bit.
use crate::gpu::{Buffer, Context, Error, Kernel, Recorder, Result, Sync, Timing};
pub use crate::ops::reduce::ElemType;
use crate::shaders;

/// The variants: the document's three versions in order, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    OddEvenFlag,
    OddEvenFixed,
    OddEvenPaired,
    Bitonic,
}

impl Variant {
    pub const ALL: [Variant; 4] = [Variant::OddEvenFlag, Variant::OddEvenFixed, Variant::OddEvenPaired, Variant::Bitonic];
    pub fn name(self) -> &'static str {
        match self {
            Variant::OddEvenFlag => "odd-even-flag",
            Variant::OddEvenFixed => "odd-even-fixed",
            Variant::OddEvenPaired => "odd-even-paired",
            Variant::Bitonic => "bitonic",
        }
    }
    pub fn description(self) -> &'static str {
        match self {
            Variant::OddEvenFlag => "002 v1: steps until two in a row swap nothing (shared flag; WGSL rejects it, GLSL allows it)",
            Variant::OddEvenFixed => "002 v2: a fixed 2L steps, parity from step % 2 (divergent odd steps)",
            Variant::OddEvenPaired => "002 v3: L iterations of even step, barrier, odd step, barrier",
            Variant::Bitonic => "ours: bitonic network, log2(2L)(log2(2L)+1)/2 barriers instead of 2L",
        }
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        super::variant_named(s, &Variant::ALL, Variant::name, "variant")
    }
}

/// The most keys one workgroup of this device sorts: twice its largest workgroup (a power of
/// two, so the bitonic network fits), limited by shared memory (4 bytes per key).
pub fn max_n(ctx: &Context) -> usize {
    let info = ctx.info();
    let inv = info.max_workgroup_invocations.min(info.max_workgroup_size[0]).max(1);
    let by_shared = (info.max_shared_memory_bytes / 8).max(1);
    let l = inv.min(by_shared);
    2 * (1usize << (31 - l.leading_zeros())) // the largest power of two <= l, doubled
}

/// Invocations for `n` keys: the power of two covering half of them (at least 1).
fn local_size(n: usize) -> u32 {
    (n.max(2).next_power_of_two() / 2) as u32
}

/// The pipeline for one (variant, type, capacity): it sorts any n up to `capacity`.
pub struct Sorter {
    pub variant: Variant,
    pub ty: ElemType,
    capacity: usize,
    kernel: Kernel,
}

impl Sorter {
    pub fn new(ctx: &Context, variant: Variant, ty: ElemType, capacity: usize) -> Result<Sorter> {
        let max = max_n(ctx);
        if capacity > max {
            return Err(Error::invalid(format!(
                "sort of {capacity} keys: one workgroup sorts at most {max} on {} (twice its largest workgroup; seed 002 sorts in one workgroup)",
                ctx.info().name
            )));
        }
        let shader = match variant {
            Variant::OddEvenFlag => &shaders::SORT_ODD_EVEN_FLAG,
            Variant::OddEvenFixed => &shaders::SORT_ODD_EVEN_FIXED,
            Variant::OddEvenPaired => &shaders::SORT_ODD_EVEN_PAIRED,
            Variant::Bitonic => &shaders::SORT_BITONIC,
        };
        let kernel = Kernel::new(ctx, shader, &[(0, local_size(capacity)), (1, ty as u32)])?;
        Ok(Sorter { variant, ty, capacity, kernel })
    }

    /// Engine mode: sorts `input[0..n]` into `output[0..n]` (distinct buffers) with one dispatch
    /// of one workgroup. Before: `input` visible to compute-shader reads. After: `output` written
    /// by the compute stage; add the barrier your consumer needs (`Sync::ComputeToTransfer`,
    /// `ComputeToCompute`). n = 0 records nothing.
    pub fn record(&self, rec: &mut Recorder, input: &Buffer<u32>, n: usize, output: &Buffer<u32>) -> Result<()> {
        if n > self.capacity || n > input.len() || n > output.len() {
            return Err(Error::invalid(format!(
                "sort of {n} keys: input holds {}, output {}, the sorter was made for {}",
                input.len(),
                output.len(),
                self.capacity
            )));
        }
        if n == 0 {
            return Ok(());
        }
        rec.dispatch(&self.kernel, [1, 1, 1], &[input.bind(), output.bind()], bytemuck::bytes_of(&(n as u32)))
    }
}

/// Sorts `data` (bits of `ty`) on the GPU.
pub fn run(ctx: &Context, data: &[u32], ty: ElemType, variant: Variant) -> Result<Vec<u32>> {
    Ok(time(ctx, data, ty, variant, 0, 0)?.1)
}

/// Uploads once, times only the GPU work (`runs` > 0), and returns the sorted keys.
pub fn time(ctx: &Context, data: &[u32], ty: ElemType, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Vec<u32>)> {
    let n = data.len();
    let s = Sorter::new(ctx, variant, ty, n)?;
    if n == 0 {
        return Ok((Timing::default(), Vec::new()));
    }
    let input = Buffer::from_slice(ctx, data, "sort input")?;
    let output = Buffer::new(ctx, n, "sort output")?;
    let timing = if runs > 0 {
        crate::gpu::measure(ctx, warmup, runs, |rec| s.record(rec, &input, n, &output))?
    } else {
        ctx.submit(|rec| s.record(rec, &input, n, &output))?;
        Timing::default()
    };
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    Ok((timing, ctx.read(&output)?))
}
